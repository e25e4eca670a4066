/* inputs.h - the first stage of a query: reading its tables ("inputs_").
 *
 * The stage owns the sources of the tables a query reads (connectors/
 * source.h), the watermark generators of each table with a WATERMARK
 * declaration (time/watermark.h) and the row read ahead of each table. A
 * source that is one stream (files, datagen, views, test events) has one
 * on-event generator: a watermark after every row. A source with splits
 * (Kafka: one per partition) has one generator per split, emitting at
 * periodic ticks every 'pipeline.auto-watermark-interval' (default 200 ms)
 * of processing time, with idleness after 'table.exec.source.idle-timeout'
 * (default 0: never); the table's watermark is the minimum over the splits
 * that are neither idle nor ended. It passes
 * on one ordered stream of events to a consumer (the operator stage of a PTF
 * call, or the output stage of a plain scan): rows, watermark advances,
 * processing-time moves, the end of each table, and "flush" hints.
 *
 * Order: when every table declares a WATERMARK (and there are several),
 * their rows are merged by event time (ties: the table given first wins);
 * otherwise the tables are read one after another, in the order given (for
 * a call: the order its arguments appear in). Either way the order is
 * deterministic, so a test can rely on e.g. a control row arriving before
 * the events it governs. Explicit watermarks and processing-time moves of
 * test events (and of views over queries) reach the consumer in their
 * place, before the row that follows them; a generated watermark follows
 * the row that produced it.
 *
 * The read loop of a source with splits: the ticks that came due
 * (wm_on_timer) go first, then the next row, then its wm_on_event; a split
 * that ends is wm_split_end. While no row arrives the source waits at most
 * until the next tick that can change anything (wm_next_wakeup) or until
 * unflushed results are due, then returns CONN_SRC_IDLE: the due ticks run
 * and what went on since the last flush hint is flushed, so a quiet
 * source's last row and the timers its watermark fired reach the sink
 * without a later row. Advances reach the consumer as watermark events like
 * the on-event ones; the table's idleness (every split idle) and its end
 * go to the consumer's idle callback, so a table whose every split is idle
 * does not hold back the others (Flink's WatermarkStatus); WM_END is not
 * passed on as a watermark (the table's end is). Merging tables by event
 * time, a table with splits that has no row ready does not hold the
 * others' rows back (Flink reads whatever arrives); its watermark holds
 * theirs unless every split of it is idle.
 *
 * Checkpoints: with a barrier interval set, after a row once the interval
 * has passed since the last barrier (or at once when the stop flag is set)
 * the consumer's barrier callback gets each table's position, the rows of
 * it passed on so far; a stop ends the run there (INPUTS_STOPPED). The end
 * of the last table takes one more barrier before its end event. A
 * resumed run gives each table's position as skip_rows: that many rows are
 * read and dropped (their watermarks are kept, not passed on) before the
 * first row goes on (with fresh_watermarks their watermarks, generated or
 * explicit, are dropped too). A source with positions (Kafka, source.h) gives them
 * at each barrier instead (the row read ahead of it and not passed on
 * left out), restarts from them on resume (restart_splits; its rows are
 * not skipped then) and gets them back to commit once the barrier callback
 * returned 0, or once barrier_done says its checkpoint, written in the
 * background, is complete: only a completed checkpoint is committed. Parallel workers sit
 * behind the consumer (keys hashed to workers); this stage stays one thread.
 *
 * Errors: a failing source or consumer stops the run with err set; rows
 * before it were passed on (Flink streams them before it reaches a bad
 * record). inputs_source_failed tells a bad source from a failing consumer.
 *
 * Ownership: inputs_open returns an object inputs_close frees; the tables
 * and the clock are borrowed. A row given to the consumer, and what the
 * consumer allocates in the arena passed with it, live until the callback
 * returns. Not thread-safe. */
#ifndef PTF_INPUTS_H
#define PTF_INPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>

#include "catalog/catalog.h"
#include "connectors/source.h"
#include "time/proctime.h"
#include "types/value.h"
#include "util/arena.h"

/* Where a table's input stands: the rows of it passed on. */
typedef struct inputs_position {
    const char *table;
    uint64_t rows;
    const conn_split_pos_t *splits;   /* a source with positions (Kafka): per split; else NULL */
    int nsplits;
} inputs_position_t;

/* Where a resumed table's splits start (n 0: as its options say). */
typedef struct inputs_splits {
    const conn_split_pos_t *pos;
    int n;
} inputs_splits_t;

/* A consumer's callbacks; id is the inputs_table_t.id of the table. Each
 * returns 0, or -1 with err set to stop the run. */
typedef struct inputs_consumer {
    void *ctx;
    /* A row of table id, read at processing time now_ms. */
    int (*row)(void *ctx, int id, const row_t *row, arena_t *a, int64_t now_ms, char *err, size_t errlen);
    /* Table id's watermark is wm (a generated or an explicit one). */
    int (*watermark)(void *ctx, int id, int64_t wm, char *err, size_t errlen);
    /* Test events move processing time to ms (the consumer moves its clock). */
    int (*proctime)(void *ctx, int64_t ms, char *err, size_t errlen);
    /* Table id has no more rows; last: every table has ended. */
    int (*end)(void *ctx, int id, bool last, char *err, size_t errlen);
    /* Rows have flowed for INPUTS_FLUSH_INTERVAL_MS since the last hint: a
     * slow source (datagen with rows-per-second) must not wait for a full
     * batch, so results should go out now. */
    int (*flush)(void *ctx, char *err, size_t errlen);
    /* Table id's watermark is idle (every split idle) or active again, as
     * Flink's WatermarkStatus; NULL: not wanted (one table). */
    int (*idle)(void *ctx, int id, bool idle, char *err, size_t errlen);
    /* Optional: a checkpoint barrier between two rows; pos has one position
     * per table (in the order given); final: the run stops after it. */
    int (*barrier)(void *ctx, const inputs_position_t *pos, int n, bool final, char *err, size_t errlen);
    /* With barrier returning INPUTS_BARRIER_PENDING (its checkpoint is
     * being written in the background): 1 once that checkpoint is complete,
     * 0 not yet (only when !wait), -1 failed. Asked after each row until it
     * is, and with wait before the next barrier; a final barrier and the
     * end's wait at once. The positions are committed then. */
    int (*barrier_done)(void *ctx, bool wait, char *err, size_t errlen);
} inputs_consumer_t;

#define INPUTS_BARRIER_PENDING 1   /* barrier: the checkpoint completes later (barrier_done) */

#define INPUTS_STOPPED 1   /* inputs_run: the stop flag ended the run after a final barrier */

#define INPUTS_FLUSH_INTERVAL_MS 200

typedef struct inputs_table {
    const catalog_table_t *table;
    int id;                  /* the consumer's name for it, e.g. an operator's table index */
} inputs_table_t;

typedef struct inputs_config {
    const char *base_dir;    /* relative paths resolve here */
    const proctime_t *clock; /* the processing time rows are read at */
    int64_t time_limit_ms;   /* reading longer than this fails (0 = no limit) */
    const catalog_t *settings; /* SET options for sources with splits (NULL: defaults):
                                  'pipeline.auto-watermark-interval', 'table.exec.source.idle-timeout' */
    int64_t barrier_interval_ms; /* checkpoint barriers this often (0: none) */
    const uint64_t *skip_rows;   /* per table (order given): rows already processed (NULL: none) */
    const volatile sig_atomic_t *stop; /* non-zero: a final barrier, then stop (NULL: never) */
    const struct expr_udf_resolver *udfs;   /* scalar UDFs for computed columns (NULL: none) */
    bool fresh_watermarks;   /* skipped rows do not feed the watermark generators: a restore without
                                watermarks starts them afresh, as Flink's sources do */
    const inputs_splits_t *restart_splits; /* per table (order given): positions to restart from (NULL: none) */
    const volatile sig_atomic_t *cancel; /* non-zero: the run fails at once, "the query was cancelled"
                                            (NULL: never); read between rows and while waiting for one */
    conn_rebalance_fn rebalance; /* non-NULL: every table joins its consumer group (source.h's subscribe)
                                    and its rebalances come here, with rebalance_ctx */
    void *rebalance_ctx;
} inputs_config_t;

typedef struct inputs inputs_t;

/* Opens every table's source, in the order given. NULL with err set if one
 * fails or a setting does not parse (nothing to free then). */
inputs_t *inputs_open(const inputs_table_t *tables, int n, const inputs_config_t *cfg, char *err, size_t errlen);
void inputs_close(inputs_t *ins);

/* Reads every table to its end, passing events on to c; INPUTS_STOPPED
 * when the stop flag ended it after a final barrier. */
int inputs_run(inputs_t *ins, const inputs_consumer_t *c, char *err, size_t errlen);
/* After a failed run: a source failed (bad input, I/O), not the consumer. */
bool inputs_source_failed(const inputs_t *ins);

/* Writes one line per table whose source skipped malformed rows
 * ('json.ignore-parse-errors'), with the count. */
void inputs_report_skipped(const inputs_t *ins, FILE *to);

#endif

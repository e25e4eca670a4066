/* sink.h - where query results go ("conn_sink_").
 *
 * stdout (Flink's changelog lines `+I[...]`, or the SQL client's tableau
 * table), and the sink connectors 'print', 'blackhole' and 'filesystem'.
 * A filesystem sink writes into a hidden in-progress file beside its target
 * (".NAME.inprogress.UUID", Flink's name; util/outfile.h) and renames it into
 * place only on a successful close, so a failed or killed job never leaves a
 * half-written file a reader would take for data. Under checkpoints it
 * writes part files committed at each checkpoint instead (resume below),
 * and in a scale-out job part files per input partition (lanes below).
 *
 * Errors: a row or a close that cannot be written (a full disk, a closed
 * stdout, a reader that went away) fails with "cannot write ..." naming
 * where the output was going; the job stops there.
 *
 * Ownership: a sink copies what it keeps of a row; the schema is borrowed and
 * must outlive the sink. close() frees the sink in every case. */
#ifndef PTF_SINK_H
#define PTF_SINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "catalog/catalog.h"
#include "types/render.h"
#include "types/value.h"

typedef struct conn_sink conn_sink_t;

struct conn_sink {
    int (*write)(conn_sink_t *s, const row_t *row, char *err, size_t errlen);
    /* commit = false discards what a transactional sink wrote */
    int (*close)(conn_sink_t *s, bool commit, char *err, size_t errlen);
    const type_t *schema;
    bool accepts_updates;      /* false: an append-only sink (filesystem) */
    long rows;
    /* Optional: a checkpoint barrier, before the checkpoint is written: what
     * was written so far becomes durable (Kafka: every record acknowledged). */
    int (*checkpoint)(conn_sink_t *s, char *err, size_t errlen);
    /* Optional: the checkpoint is written aside and about to be published
     * (ckpt_store_write_publish): 'exactly-once' Kafka commits the interval's
     * transaction and begins the next. checkpoint_id: the checkpoint's id,
     * committed with the transaction as its marker (kafka.h), or 0 for no
     * marker. Failing, the checkpoint is not used. */
    int (*checkpoint_commit)(conn_sink_t *s, uint64_t checkpoint_id, char *err, size_t errlen);
    const char *transactional_id;  /* 'exactly-once' Kafka: the producer's transactional.id, else NULL */
    const char *transactional_table; /* and the sink table's name */
    unsigned long long transactions; /* transactions committed so far */
    /* Optional: the job takes checkpoints (or restores one). A filesystem
     * sink then writes part files "STEM-N.EXT" beside its target (for
     * 'STEM.EXT'), each hidden in progress until the checkpoint after it
     * commits it by rename (checkpoint_commit), and the last at a successful
     * close. parts: the parts the restored checkpoint committed (0: none);
     * visible parts numbered from it on, which a run killed between a part's
     * rename and its checkpoint's publish left, are removed. */
    int (*resume)(conn_sink_t *s, unsigned long long parts, char *err, size_t errlen);
    const char *parts_table;         /* a filesystem sink under checkpoints: its table, else NULL */
    unsigned long long parts;        /* and its parts committed once the checkpoint at the last barrier is
                                        (under lanes: the current lane's, with its part in progress) */
    /* Optional, an 'exactly-once' Kafka sink or a filesystem sink opened
     * with lanes (a scale-out job): one lane per input partition, which the
     * partition's checkpoints commit. Kafka: a transactional producer per
     * lane, its transactional.id '<prefix>-<topic>-<partition>'; opening a
     * lane fences an earlier producer of that id (its open transaction is
     * aborted) and begins its transaction. Filesystem: a lane's parts are
     * "STEM-<topic>-<partition>-N.EXT" for the target 'STEM.EXT', each
     * hidden in progress until committed by rename; resume(), right after
     * a lane is first made current, sets the parts its partition's
     * restored checkpoint committed and removes its visible parts numbered
     * from there on. lane() makes the lane of an input partition current,
     * opening it first when it is not open. write, checkpoint_commit,
     * transactional_id, transactions and parts are then the current lane's;
     * with no lane current, write fails and transactional_id is NULL.
     * checkpoint makes every lane durable (drains it); the checkpoints of the
     * partitions follow before any further row. lane_close commits (or
     * aborts) the current lane's transaction or part in progress and
     * closes it; none is current after. close() commits or aborts every
     * lane still open. */
    int (*lane)(conn_sink_t *s, const char *topic, int32_t partition, char *err, size_t errlen);
    int (*lane_close)(conn_sink_t *s, bool commit, char *err, size_t errlen);
    /* Optional, an 'exactly-once' Kafka sink without lanes: the checkpoint
     * of the last barrier is written in the background. Until its
     * checkpoint_commit, write holds each record in memory (encoded, in
     * order) instead of adding it to the interval's transaction;
     * checkpoint_commit, after the commit and the next begin, produces them
     * into the new transaction in order. A record that would take the held
     * bytes (keys, values, headers and a fixed cost per record) past
     * max_bytes first calls full(ctx): it must complete the checkpoint (so
     * checkpoint_commit runs) or fail, and then write fails with its error.
     * close(commit) produces what is held before it commits; close(!commit)
     * drops it. held counts the records held since the last hold(). */
    void (*hold)(conn_sink_t *s, size_t max_bytes, int (*full)(void *ctx, char *err, size_t errlen), void *ctx);
    unsigned long long held;
};

/* TABLE_RESULT: Flink's TableResult.print() of a streaming query (tableau.h).
 * ROWS: for TableResult.collect(): the row type (type_to_string) and a
 * newline, then each row in the binary value format (codec_encode_row). */
typedef enum conn_stdout_mode {
    CONN_STDOUT_CHANGELOG,
    CONN_STDOUT_TABLEAU,
    CONN_STDOUT_TABLE_RESULT,
    CONN_STDOUT_ROWS,
} conn_stdout_mode_t;

/* Query results on a terminal. With materialize, the rows are folded as a
 * changelog (-U/-D retract, +U upserts on upsert_key when given) and the
 * final table is printed at close. zone: the session time zone of
 * TIMESTAMP_LTZ cells in tables (NULL = UTC; borrowed, outlives the sink);
 * changelog rows print instants as Row.toString does, in UTC. */
conn_sink_t *conn_sink_stdout(FILE *out, const type_t *schema, conn_stdout_mode_t mode, bool materialize,
                              const int *upsert_key, int nupsert_key, const render_zone_t *zone);

/* The sink a table's 'connector' option names. lanes: a scale-out job's
 * sink, whose 'exactly-once' Kafka sink or filesystem sink writes through
 * lanes (above). */
conn_sink_t *conn_sink_open(const catalog_table_t *t, const char *base_dir, FILE *out, bool lanes, char *err,
                            size_t errlen);

#endif

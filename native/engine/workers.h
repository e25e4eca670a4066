/* workers.h - a PTF call on parallel workers ("workers_"): N threads, each
 * owning an operator (operator.h) and its own function instance, fed by the
 * caller's thread ('parallelism.default', docs/internals.md "Parallel workers").
 *
 * Keys go to workers by key group, as Flink's KeyGroupRangeAssignment does:
 *     hash       = Flink's MurmurHashUtil (Murmur3_32, seed 42) over the key's bytes
 *                  (its PARTITION BY values in the binary value format: ptf_op_encode_key)
 *     key group  = MathUtils.murmurHash(hash) % max_parallelism
 *     worker     = key group * parallelism / max_parallelism
 * so a key always meets the same worker, and its rows keep their order.
 * Watermarks, idleness, the end of each input and processing time reach every
 * worker.
 *
 * Every command (a row, an advance) gets the next tag (ptf_op_set_tag); the
 * output of all workers is merged by its record's origin (ptf_op_origin_t):
 * ascending tag (a row's output in input order; what an advance caused, at
 * that advance); at one advance the rows ORDER BY releases (by order time,
 * then arrival), then unnamed timers, then named ones (each by time), as one
 * operator fires them; remaining ties (timers of different keys at one time)
 * worker by worker, lower key groups first, each worker's own order kept. The
 * result depends only on the input and N, not on thread timing; it equals
 * parallelism 1's except where one operator would order such ties by when
 * the timers were registered, or ORDER BY's further columns by value.
 *
 * Commands are buffered per worker and handed over in rounds (at most
 * workers_config_t.round commands); while the workers run a round the caller fills the
 * next one and emits the output of the one before. Each worker flushes its operator at the end of a round, so a
 * round's output is complete when it is merged. A worker's user error fails
 * the call: the merged output before the failing record goes out, then the
 * error (the earliest failing record's, by tag).
 *
 * Threads: workers_* are called from one thread (the caller's), which is also
 * the only one that runs the emit callback. Each worker thread calls only its
 * own invoker (attached to the JVM on its first batch, detached at exit). */
#ifndef PTF_WORKERS_H
#define PTF_WORKERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/operator.h"

#define WORKERS_MAX_PARALLELISM_DEFAULT 128   /* Flink's 'pipeline.max-parallelism' default */
#define WORKERS_ROUND 8192

/* The key group of a key's bytes, and the worker of a key group (Flink's formulas, above). */
int workers_key_group(const void *key, size_t len, int max_parallelism);
int workers_of_key_group(int key_group, int max_parallelism, int parallelism);

typedef struct workers_config {
    int parallelism;                 /* >= 1 workers */
    int max_parallelism;             /* key groups, >= parallelism */
    ptf_op_config_t op;              /* every worker's operator: no on_watermark, no watchdog */
    const ptf_invoker_t *invokers;   /* one per worker (copied); worker i's thread alone calls invokers[i] */
    ptf_emit_fn emit;                /* the merged output, on the caller's thread */
    void *emit_ctx;
    int round;                       /* commands per round; 0 = WORKERS_ROUND */
} workers_config_t;

typedef struct workers workers_t;

/* Starts the threads. NULL with err set when a thread cannot start. */
workers_t *workers_new(const workers_config_t *cfg, char *err, size_t errlen);
/* Stops and joins the threads, frees the operators (not the invokers). */
void workers_free(workers_t *w);

/* The operator's calls (operator.h); each command carries the processing
 * time set last. Each may hand over a round and emit the output of the one
 * before; -1 with err set once a worker failed (and on every call after). */
void workers_set_processing_time(workers_t *w, int64_t now_ms);
int workers_push(workers_t *w, int table, const row_t *row, char *err, size_t errlen);
int workers_watermark(workers_t *w, int table, int64_t wm, char *err, size_t errlen);
int workers_input_idle(workers_t *w, int table, bool idle, char *err, size_t errlen);
int workers_end_input(workers_t *w, int table, char *err, size_t errlen);
/* Everything handed in so far is processed and its output emitted. */
int workers_flush(workers_t *w, char *err, size_t errlen);

#endif

/* operator.h - the PTF operator: C's half of one PTF call at run time.
 *
 * It receives input rows per table argument and watermark advances, keeps
 * the keyed state (state/state.h) and timers (time/timers.h), batches
 * records for the Java half (one invoker call per batch; protocol in
 * docs/internals.md) and assembles Flink's output rows:
 *     [pass-through columns | PARTITION BY keys per table] ++ function fields ++ [rowtime]
 * which it hands to an emit callback in the order they were produced.
 *
 * Ordering is Flink's: a record sees the combined watermark (minimum over
 * inputs) produced before it; with ORDER BY on a table argument its rows are
 * held until that input's watermark passes them, dropped if already late,
 * and released sorted, before the new watermark becomes visible; when a watermark advance makes timers due,
 * pending records are sent first, then the timers fire (unnamed before
 * named), then later records follow. Batches are cut only where ordering
 * requires it.
 *
 * Ownership: the operator copies what it needs from the config (types are
 * borrowed and must outlive it). Rows given to the emit callback live until
 * the callback returns. Not thread-safe. */
#ifndef PTF_OPERATOR_H
#define PTF_OPERATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/layout.h"
#include "engine/signature.h"
#include "engine/watchdog.h"
#include "types/value.h"
#include "util/buf.h"

#define WATERMARK_NONE INT64_MIN

/* The Java half (or a fake in tests): processes one encoded batch. */
typedef struct ptf_invoker {
    void *ctx;
    int (*process)(void *ctx, const buf_t *in, buf_t *out, char *err, size_t errlen);
} ptf_invoker_t;

typedef void (*ptf_emit_fn)(void *ctx, const row_t *row);

typedef struct ptf_op_table {
    const type_t *row_type;   /* the input table's ROW type */
    int nkeys;                /* PARTITION BY columns (0: none) */
    const int *key_cols;
    int time_col;             /* on_time column, -1 if none */
    bool pass_through;        /* PASS_COLUMNS_THROUGH */
    bool set_semantics;
    int norder;               /* ORDER BY columns (Flink 2.3): rows wait for the watermark */
    const int *order_cols;    /* order_cols[0] is the time attribute, ascending */
    const bool *order_desc;
} ptf_op_table_t;

typedef struct ptf_op_config {
    const ptf_sig_t *sig;
    int ntables;              /* table arguments, in signature order */
    const ptf_op_table_t *tables;
    const int64_t *state_ttl_ms;  /* per state entry, resolved; 0 = no TTL */
    const type_t *output_type;    /* the full output ROW (prefix ++ fields ++ rowtime) */
    const layout_t *layout;       /* where each of its columns comes from (borrowed) */
    bool has_rowtime;
    bool drop_late_rows;          /* Flink <= 2.2: late rows dropped, past timers ignored */
    int batch_rows;               /* records per batch; 0 = 1024 */
    const char *function_name;    /* for messages */
    /* Optional: told each combined watermark after the rows and timers before
     * it went out (a downstream operator's view, for chained calls). Setting
     * it makes the operator flush at every advance. */
    void (*on_watermark)(void *ctx, int64_t watermark);
    void *on_watermark_ctx;
    watchdog_t *watchdog;         /* optional: brackets each batch (borrowed) */
    uint64_t state_max_bytes;     /* 'ptfhost.state.max-bytes-per-call': the call's state values may
                                     hold at most this many bytes in all (0 = no cap) */
    bool hold_state;              /* 'ptfhost.state.hold-in-java': Java may keep value objects between
                                     batches ("State between batches", docs/internals.md) */
    bool origin_keys;             /* the emit callback reads ptf_op_origin_key (scale-out lanes):
                                     keys are interned even for a function that keeps nothing per key */
    bool rows_until_flush;        /* a row given to ptf_op_push stays valid until the next ptf_op_flush
                                     returns (a worker's round): its batch refers to it, no copy */
} ptf_op_config_t;

typedef struct ptf_op ptf_op_t;

ptf_op_t *ptf_op_new(const ptf_op_config_t *cfg, ptf_invoker_t inv, ptf_emit_fn emit, void *emit_ctx);
void ptf_op_free(ptf_op_t *op);

/* Processing time used for TTL (epoch ms). */
void ptf_op_set_processing_time(ptf_op_t *op, int64_t now_ms);

/* Tags for a caller that merges the output of several operators (workers.h):
 * every record made from now on (an input row pushed, a row ORDER BY
 * releases, a timer a watermark advance fires, the advance itself) carries
 * the tag current then; timers that fire where Java stopped at an advance
 * carry that advance's tag. ptf_op_origin is the record whose answer was
 * applied last: in the emit callback, the emitted row's record; after a call
 * failed on a user error, the failing record. Tags are 0 unless set. */
typedef enum ptf_origin_kind { PTF_ORIGIN_EVAL, PTF_ORIGIN_TIMER, PTF_ORIGIN_NAMED_TIMER } ptf_origin_kind_t;
typedef struct ptf_op_origin {
    uint64_t tag;
    ptf_origin_kind_t kind;   /* eval, onTimer of an unnamed or a named timer */
    int64_t time;             /* a timer's time; a row ORDER BY released: its order time; else 0 */
    uint64_t arrival;         /* eval: the tag current when its row was pushed */
} ptf_op_origin_t;
void ptf_op_set_tag(ptf_op_t *op, uint64_t tag);
ptf_op_origin_t ptf_op_origin(const ptf_op_t *op);
/* The PARTITION BY key bytes (as state files them) of that record: an
 * eval's row's key, or the key a timer fired for; NULL (len untouched) for
 * a record without a key. Valid while the operator lives. */
const void *ptf_op_origin_key(const ptf_op_t *op, size_t *len);

/* Appends the PARTITION BY values of a row of table tab to b, codec-encoded
 * one after another: the key's bytes, as the state store holds them. */
void ptf_op_encode_key(const ptf_op_table_t *tab, const row_t *row, buf_t *b);

/* Queues one input row of table argument `table` (index among the table
 * arguments). For a PTF without table arguments call it once with table -1
 * and row NULL. */
int ptf_op_push(ptf_op_t *op, int table, const row_t *row, char *err, size_t errlen);

/* The watermark of one input advanced (values only increase; a smaller one
 * is ignored). Fires due timers. */
int ptf_op_watermark(ptf_op_t *op, int table, int64_t wm, char *err, size_t errlen);

/* An input's watermark is idle (every split of its source idle: it does not
 * hold the others back) or active again (it holds them from its next
 * watermark on). Fires the timers an advance makes due. */
int ptf_op_input_idle(ptf_op_t *op, int table, bool idle, char *err, size_t errlen);

/* An input ended: its watermark becomes +inf. When all have ended, every
 * remaining timer fires. */
int ptf_op_end_input(ptf_op_t *op, int table, char *err, size_t errlen);

/* Sends what is pending. */
int ptf_op_flush(ptf_op_t *op, char *err, size_t errlen);

/* Seeding (ptfhost test): the key is given by its PARTITION BY values (as a
 * row of the key columns, in clause order); bytes are the entry's value in
 * the binary format (what the Java half writes in a STATE message). */
int ptf_op_seed_state(ptf_op_t *op, const row_t *key, int entry, const void *bytes, size_t len, char *err,
                      size_t errlen);
int ptf_op_seed_timer(ptf_op_t *op, const row_t *key, const char *name, int64_t time, char *err, size_t errlen);

/* Scale-out (partition_state.h): the key bytes of a row of table t (its
 * PARTITION BY values, as state and checkpoints file them), and dropping
 * a key's state values and timers. drop_key takes a key the operator
 * already holds (a flushed row's or a seeded one's). */
void ptf_op_encode_table_key(const ptf_op_t *op, int table, const row_t *row, buf_t *b);
void ptf_op_drop_key(ptf_op_t *op, const void *key, size_t len);

/* Writes back the state values Java holds between batches (docs/internals.md,
 * "State between batches"): afterwards the store holds every value and Java
 * none. Whoever reads ptf_op_state (checkpoints, test hooks, --dump-state)
 * calls it first; seeding and drop_key need not. -1 on an internal error of
 * the bridge. Not while a batch is being applied (an emit callback). */
int ptf_op_write_back(ptf_op_t *op, char *err, size_t errlen);

/* Introspection for --dump-state and tests. */
const struct state_store *ptf_op_state(const ptf_op_t *op);
const struct timer_service *ptf_op_timers(const ptf_op_t *op);
int64_t ptf_op_current_watermark(const ptf_op_t *op);
uint64_t ptf_op_batches(const ptf_op_t *op);   /* invoker calls made */
/* 'ptfhost.state.stats': one line (no newline) saying what the call's keyed
 * state holds and the bytes it takes, by part (bench/memory.sh reads it). */
void ptf_op_describe_memory(const ptf_op_t *op, char *out, size_t outlen);

/* Checkpoints: the rows ORDER BY holds back for their watermark, per table
 * argument (signature order), in arrival order; type is the table's row
 * type. A restore pushes them again with ptf_op_push, before any watermark. */
typedef void (*ptf_op_sorted_fn)(void *ctx, int table, const row_t *row, const type_t *type);
void ptf_op_visit_sorted(const ptf_op_t *op, ptf_op_sorted_fn fn, void *ctx);
/* Table argument t's row type (what ptf_op_push takes), NULL when there is no such table. */
const type_t *ptf_op_table_type(const ptf_op_t *op, int t);

#endif

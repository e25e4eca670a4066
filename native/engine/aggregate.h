/* aggregate.h - the state of a non-windowed GROUP BY ("agg_"), as Flink's
 * GroupAggFunction keeps it.
 *
 * One group per distinct key row: a row counter (accumulated minus
 * retracted rows) and one accumulator per aggregate call. Each input row
 * (+I/+U accumulate, -U/-D retract) changes one group and yields at most one
 * change of the result row [keys ++ results], in Flink's retract changelog:
 *
 *   first row of a key            +I new
 *   results changed               -U old, +U new   (-U only with update_before)
 *   results unchanged             nothing
 *   the row counter reached 0     -D old; the group is forgotten
 *   a retraction for an unknown key is ignored (Flink: state expired or never existed).
 *
 * Aggregates and their result types (Flink's): COUNT(*), COUNT(x) BIGINT NOT
 * NULL (NULLs not counted); SUM(x) the type of x (integers wrap as Java's),
 * DECIMAL(p, s) -> DECIMAL(38, s); AVG(x) the type of x (integer AVG divides
 * as Java's long division); MIN/MAX the type of x; FIRST_VALUE/LAST_VALUE the
 * first/last non-NULL value still present; LISTAGG(x [, 'sep']) STRING of
 * the non-NULL values in arrival order (',' by default). Every result but
 * COUNT is nullable and NULL for a group without non-NULL values. With
 * DISTINCT a value enters the aggregate when its count in the group goes
 * from 0 to 1 and leaves it when it returns to 0. MIN/MAX keep a multiset of
 * their values only when the input may retract.
 *
 * Ownership: agg_state_new copies the types; values kept in the state are
 * copied into its own arena (freed with the state: a retracted string's
 * bytes stay until then). The row handed to the emit callback lives until
 * it returns. Not thread-safe; parallel workers would each own the state of
 * their key groups. */
#ifndef PTF_AGGREGATE_H
#define PTF_AGGREGATE_H

#include <stdbool.h>
#include <stddef.h>

#include "types/types.h"
#include "types/value.h"

typedef enum agg_func {
    AGG_COUNT_STAR,
    AGG_COUNT,
    AGG_SUM,
    AGG_AVG,
    AGG_MIN,
    AGG_MAX,
    AGG_FIRST_VALUE,
    AGG_LAST_VALUE,
    AGG_LISTAGG,
} agg_func_t;

typedef struct agg_call {
    agg_func_t func;
    bool distinct;
    const type_t *arg_type;      /* NULL for COUNT(*) */
    const char *separator;       /* LISTAGG; NULL = "," */
} agg_call_t;

typedef struct agg_state agg_state_t;

/* emit: one change of the result row [keys ++ results]. */
typedef int (*agg_emit_fn)(void *ctx, const row_t *row, char *err, size_t errlen);

/* The function a name denotes (COUNT, SUM, ...; upper case), -1 if it is none. */
int agg_func_lookup(const char *upper_name);
/* The result type of a call (owned by the caller), or NULL with err when
 * the argument type is not one ptfhost aggregates. */
type_t *agg_result_type(const agg_call_t *call, char *err, size_t errlen);

/* key_type: ROW of the group keys (may have no fields: a global aggregate).
 * update_before: emit -U before +U. retracting: the input may retract. */
agg_state_t *agg_state_new(const type_t *key_type, const agg_call_t *calls, int ncalls, bool update_before,
                           bool retracting, agg_emit_fn emit, void *emit_ctx, char *err, size_t errlen);
void agg_state_free(agg_state_t *s);

/* One input row: kind, its key values (key_type's fields) and one argument
 * per call (ignored for COUNT(*)). -1 when emit fails. */
int agg_state_apply(agg_state_t *s, row_kind_t kind, const value_t *keys, const value_t *args, char *err,
                    size_t errlen);

/* 'table.exec.state.ttl' (0 = never): a group not written for ttl_ms of
 * processing time has expired; its next row starts it again (+I), a
 * retraction for it is ignored. With a TTL an unchanged result is emitted
 * too (-U/+U), as Flink does. agg_state_set_time gives the processing time
 * of the rows that follow. */
void agg_state_set_ttl(agg_state_t *s, int64_t ttl_ms);
void agg_state_set_time(agg_state_t *s, int64_t now_ms);

/* Window aggregation: from now on apply emits nothing; agg_state_fire
 * emits each group's final row (+I) once and forgets the group. */
void agg_state_defer(agg_state_t *s);
/* Fires the groups whose key field key_index (a TIMESTAMP: the window end)
 * is at most upto_ms, in the order of that field, then of the groups'
 * first rows. -1 when emit fails. */
int agg_state_fire(agg_state_t *s, int key_index, int64_t upto_ms, char *err, size_t errlen);

/* Calls fn with each group's current row [keys ++ results] (kind +I), in
 * the order the groups were made; groups expired at now_ms are left out
 * (not dropped). For --dump-state. -1 when fn fails. */
int agg_state_visit(agg_state_t *s, int64_t now_ms, agg_emit_fn fn, void *ctx, char *err, size_t errlen);

/* Checkpoints: fn gets each group (in creation order) as its key row
 * (codec-encoded) and its accumulators in aggregate.c's encoding, with
 * the processing time of its last row; restore puts one back into an empty
 * state of the same calls. -1 with err when a value does not encode or
 * decode. */
typedef void (*agg_snapshot_fn)(void *ctx, const void *key, size_t klen, int64_t written_ms, const void *value,
                                size_t vlen);
int agg_state_snapshot(agg_state_t *s, agg_snapshot_fn fn, void *ctx, char *err, size_t errlen);
int agg_state_restore(agg_state_t *s, const void *key, size_t klen, int64_t written_ms, const void *value,
                      size_t vlen, char *err, size_t errlen);

/* The result type (ROW: keys ++ results named `k`.., `$agg0`..). */
const type_t *agg_state_row_type(const agg_state_t *s);
/* Groups kept now. */
size_t agg_state_groups(const agg_state_t *s);

#endif

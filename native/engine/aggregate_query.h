/* aggregate_query.h - a query with GROUP BY, HAVING or aggregate calls in
 * its select list, as a stage pipeline ("agg_query_"):
 *
 *   inputs -> changelog (an upsert source becomes retract: Flink's
 *   ChangelogNormalize) -> WHERE -> group keys and aggregate arguments ->
 *   aggregate state (aggregate.h) -> HAVING and the select list over
 *   [keys ++ results] (output.h) -> sink
 *
 * The select list and HAVING are rewritten once so that each aggregate call
 * reads a column of the aggregate's row; the rest of each expression (over
 * group keys and results) runs in the projection as any select item does.
 * The changelog is Flink's GroupAggregate's: retract (+I, -U, +U, -D) into
 * stdout, a view or a sink without a PRIMARY KEY; upsert (no -U) into a sink
 * with one. A view keeps the group keys as its key, so a PTF reading it gets
 * the updating input Flink's planner gives it.
 *
 * Checkpoints hold the groups (aggregate_checkpoint.h). Supported: FROM a table or view; GROUP BY column references. Anything
 * else fails with one message naming the construct ("... is not supported
 * by ptfhost"). The arena-free AST rewrite is owned by the run. */
#ifndef PTF_AGGREGATE_QUERY_H
#define PTF_AGGREGATE_QUERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/capture.h"
#include "engine/filter.h"
#include "engine/job.h"
#include "sql/sql.h"
#include "util/arena.h"

/* Does q aggregate (GROUP BY, HAVING, or an aggregate call in its select list)? */
bool agg_query_is(const sqlp_query_t *q);

/* Runs q into sink_table, capture or env->out (as job_run_query). */
int agg_query_run(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink_table, capture_t *capture,
                  char *err, size_t errlen);

/* What these stages do not run fails before the run, naming node (Flink's
 * node name): 'table.exec.mini-batch.enabled'. */
int agg_query_check_settings(const job_env_t *env, const char *node, char *err, size_t errlen);

/* 'table.exec.state.ttl' of the script (0: none), the idle-state retention
 * of aggregation and de-duplication state; -1 with Flink's message when it
 * does not parse. */
int agg_query_state_ttl(const job_env_t *env, int64_t *ttl_ms, char *err, size_t errlen);

/* --dump-state of an aggregation or de-duplication stage: the test hook's
 * on_call (if any) with stage as the state; kind 0 GroupAggregate, 1
 * WindowAggregate, 2 Deduplicate (Flink's node names). */
int agg_query_hook(const job_env_t *env, const job_stage_state_t *stage, int kind, job_call_phase_t phase, char *err,
                   size_t errlen);

/* The rows of an aggregation's or a de-duplication's input that wait for a
 * batch of UDF calls (a UDF in WHERE or an aggregate's argument), copied
 * with their processing time: at most AGG_QUERY_BATCH_ROWS, and the stage
 * runs them before any watermark, processing-time move, end, flush hint or
 * barrier. Owned by the stage; one thread. */
#define AGG_QUERY_BATCH_ROWS 512
typedef struct agg_query_batch {
    const type_t *row_type;      /* borrowed */
    row_t *rows;
    int64_t *now_ms;
    int n;
    arena_t arena;
} agg_query_batch_t;

void agg_query_batch_init(agg_query_batch_t *b, const type_t *row_type);
/* Adds a copy of row read at now_ms; true when the batch is now full. */
bool agg_query_batch_add(agg_query_batch_t *b, const row_t *row, int64_t now_ms);
/* where over the batch's rows (one bridge call per UDF call site and round;
 * where may be NULL): the rows that pass move to the front, in order, their
 * count in *npassed. -1 with err ("WHERE: ...") when a row's evaluation
 * failed (*npassed counts the rows before it), else 0. The caller runs the
 * passed rows, then reports the error, then clears the batch. */
int agg_query_batch_where(agg_query_batch_t *b, const filter_t *where, int *npassed, char *err, size_t errlen);
void agg_query_batch_clear(agg_query_batch_t *b);
void agg_query_batch_free(agg_query_batch_t *b);

#endif

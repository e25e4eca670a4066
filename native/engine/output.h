/* output.h - the stages after a query's source or operator ("output_"):
 *
 *   filter (WHERE, filter.h) -> project (project.h) -> sink fit (sink_fit.h) -> sink
 *
 * shared by a PTF call (fed by the operator's emit callback) and a plain
 * scan (fed by the inputs stage). The sink is a view's capture (capture.h),
 * a sink table's connector, or stdout (connectors/sink.h).
 *
 * Contract: the output owns the compiled WHERE, the projection, the sink
 * fit and the sink. It takes rows one at a time, in the order produced, and
 * the watermark after them (only a view's capture keeps watermarks: the
 * next query reads them as events). A failing row (a NULL in a NOT NULL
 * sink column, a sink write error) sets `failed` and the error, and stops
 * further output; the run then ends with that error. A checkpoint barrier
 * would reach the sink here after the rows before it (a transactional sink
 * pre-commits then); parallel workers would each feed one output, or one
 * shared sink behind a merge.
 *
 * Ownership: output_init initialises o on every path; output_close closes
 * the sink (committing only a successful run) and frees the stages. Types,
 * the sink table and the capture are borrowed. Not thread-safe. */
#ifndef PTF_OUTPUT_H
#define PTF_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "connectors/sink.h"
#include "engine/capture.h"
#include "engine/filter.h"
#include "engine/job.h"
#include "engine/project.h"
#include "engine/sink_fit.h"

typedef struct output {
    filter_t *filter;        /* NULL = no WHERE */
    project_t proj;
    sink_fit_t fit;
    conn_sink_t *sink;       /* NULL until output_open_sink */
    capture_t *capture;      /* the sink of a view, or NULL */
    bool failed;             /* a row failed: err holds why */
    plan_watermark_t watermark; /* the latest before the rows now arriving: CURRENT_WATERMARK */
    char *err;
    size_t errlen;
    /* With a UDF in WHERE or the select list, rows wait here (copied) and
     * cross to Java in batches (expr_prefetch); output_flush, a watermark
     * and output_close deliver them. */
    const type_t *in;
    row_t *pending;
    int npending;
    arena_t pending_arena;
} output_t;

/* WHERE, the projection and the sink fit of q over rows of type in; err
 * also receives a failing row's message later. */
int output_init(output_t *o, const plan_env_t *penv, const sqlp_query_t *q, const type_t *in,
                const catalog_table_t *sink_table, capture_t *capture, char *err, size_t errlen);

/* Opens the sink. key: the rows' upsert key (projected positions; nkey 0:
 * none), which a materialised stdout folds on and a view keeps. lanes: a
 * scale-out call's sink (sink.h's lanes for an 'exactly-once' Kafka sink). */
int output_open_sink(output_t *o, const job_env_t *env, const catalog_table_t *sink_table, const int *key,
                     int nkey, bool lanes, char *err, size_t errlen);

/* One row (ptf_emit_fn's form; ctx is the output_t). */
void output_row(void *ctx, const row_t *row);
/* Delivers the rows waiting for a batch of UDF calls (see output_t). */
void output_flush(output_t *o);
/* The watermark after the rows so far (ctx is the output_t). */
void output_watermark(void *ctx, int64_t wm);

/* Closes the sink, committing when rc is 0, and frees the stages. Returns
 * rc, or -1 when committing failed (err says why). */
int output_close(output_t *o, int rc, char *err, size_t errlen);

#endif

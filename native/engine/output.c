/* output.c - see output.h. */
#include "engine/output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr_udf.h"

/* Rows per batch of UDF calls. */
#define OUTPUT_BATCH_ROWS 512
#include "time/watermark.h"

int output_init(output_t *o, const plan_env_t *penv, const sqlp_query_t *q, const type_t *in,
                const catalog_table_t *sink_table, capture_t *capture, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->capture = capture;
    o->err = err;
    o->errlen = errlen;
    o->watermark.value = WM_NONE;
    plan_env_t env = *penv;
    env.watermark = &o->watermark;
    int rc = project_init(&o->proj, &env, q, in, err, errlen);
    if (rc == 0 && q->where && !(o->filter = filter_compile(&env, q->where, in, err, errlen))) rc = -1;
    if (sink_fit_init(&o->fit, penv, q, o->proj.type, rc == 0 ? sink_table : NULL, err, errlen) != 0) rc = -1;
    bool udf = o->filter && expr_has_udf(filter_expr(o->filter));
    for (int i = 0; rc == 0 && i < o->proj.nexprs; i++) udf |= expr_has_udf(o->proj.exprs[i]);
    if (udf) {
        o->in = in;
        o->pending = calloc(OUTPUT_BATCH_ROWS, sizeof *o->pending);
        if (!o->pending) abort();
        arena_init(&o->pending_arena, 1 << 16);
    }
    return rc;
}

/* The PRIMARY KEY's positions in the persisted row (VIRTUAL columns are not
 * in it); the sink copies them. */
static int *persisted_key(const catalog_table_t *t)
{
    int *key = calloc((size_t)t->npk + 1, sizeof *key);
    if (!key) abort();
    for (int k = 0; k < t->npk; k++)
        for (int c = 0; c < t->pk[k]; c++) key[k] += catalog_column_is_persisted(t, c);
    return key;
}

int output_open_sink(output_t *o, const job_env_t *env, const catalog_table_t *sink_table, const int *key,
                     int nkey, bool lanes, char *err, size_t errlen)
{
    const char *connector = sink_table ? catalog_table_option(sink_table, "connector") : NULL;
    const render_zone_t *zone;
    if (plan_session_zone(env->catalog, &zone, err, errlen) != 0) return -1;
    if (o->capture) {
        capture_set_schema(o->capture, o->proj.type, key, nkey);
        o->sink = &o->capture->base;
    } else if (sink_table && env->materialize && connector && strcmp(connector, "print") == 0) {
        /* --materialize folds what a print sink receives on its PRIMARY KEY */
        int *pk = persisted_key(sink_table);
        o->sink = conn_sink_stdout(env->out, catalog_table_persisted(sink_table), env->format, true, pk,
                                   sink_table->npk, zone);
        free(pk);
    } else if (sink_table) {
        o->sink = conn_sink_open(sink_table, env->base_dir, env->out, lanes, err, errlen);
    } else {
        o->sink = conn_sink_stdout(env->out, o->proj.type, env->format, env->materialize, key, nkey, zone);
    }
    return o->sink ? 0 : -1;
}

/* WHERE: whether the row passes; an error evaluating it fails the job, as in Flink. */
static bool passes(output_t *o, const row_t *row)
{
    if (!o->filter || filter_eval(o->filter, row)) return true;
    const char *e = filter_error(o->filter);
    if (e) {
        snprintf(o->err, o->errlen, "WHERE: %s", e);
        o->failed = true;
    }
    return false;
}

/* A row that passed WHERE: the projection, the sink fit and the sink. */
static void deliver(output_t *o, const row_t *row)
{
    if (o->failed) return;
    row_t out;
    if (project_row(&o->proj, row, &out, o->err, o->errlen) != 0) {
        o->failed = true;   /* an evaluation error fails the job, as in Flink */
        return;
    }
    int fit = sink_fit_row(&o->fit, &out, o->err, o->errlen);
    if (fit < 0 || (fit > 0 && o->sink->write(o->sink, &out, o->err, o->errlen) != 0)) o->failed = true;
}

void output_row(void *ctx, const row_t *row)
{
    output_t *o = ctx;
    if (!o->pending) {
        if (!o->failed && passes(o, row)) deliver(o, row);
        return;
    }
    if (o->failed) return;
    o->pending[o->npending++] = row_copy(row, o->in, &o->pending_arena);
    if (o->npending == OUTPUT_BATCH_ROWS) output_flush(o);
}

/* WHERE over the whole batch, then the select list over the rows that pass:
 * one JNI call per UDF call site and round; then the rows one by one. */
void output_flush(output_t *o)
{
    if (!o->pending || o->npending == 0) return;
    row_t *rows = o->pending, *passed = rows;
    int n = o->npending, npassed = n;
    bool where_failed = false;
    if (o->filter) {
        expr_prefetch(filter_expr(o->filter), rows, n);
        passed = calloc((size_t)n, sizeof *passed);
        if (!passed) abort();
        npassed = 0;
        for (int i = 0; i < n && !where_failed; i++)
            if (filter_eval(o->filter, &rows[i])) passed[npassed++] = rows[i];
            else where_failed = filter_error(o->filter) != NULL;
        expr_prefetch(filter_expr(o->filter), NULL, 0);
    }
    for (int i = 0; i < o->proj.nexprs; i++) expr_prefetch(o->proj.exprs[i], passed, npassed);
    for (int i = 0; i < npassed; i++) deliver(o, &passed[i]);
    for (int i = 0; i < o->proj.nexprs; i++) expr_prefetch(o->proj.exprs[i], NULL, 0);
    if (where_failed && !o->failed) {   /* after the rows before it, as row by row */
        snprintf(o->err, o->errlen, "WHERE: %s", filter_error(o->filter));
        o->failed = true;
    }
    if (passed != rows) free(passed);
    o->npending = 0;
    arena_reset(&o->pending_arena);
}

void output_watermark(void *ctx, int64_t wm)
{
    output_t *o = ctx;
    output_flush(o);
    if (wm != WM_END) o->watermark.value = wm;
    if (o->capture) capture_watermark(o->capture, wm);
}

int output_close(output_t *o, int rc, char *err, size_t errlen)
{
    if (rc == 0) output_flush(o);
    if (rc == 0 && o->failed) {
        if (err != o->err) snprintf(err, errlen, "%s", o->err);
        rc = -1;
    }
    if (o->sink) {
        char cerr[1024];
        if (o->sink->close(o->sink, rc == 0, cerr, sizeof cerr) != 0 && rc == 0) {
            snprintf(err, errlen, "%s", cerr);
            rc = -1;
        }
    }
    if (o->pending) arena_destroy(&o->pending_arena);
    free(o->pending);
    filter_free(o->filter);
    sink_fit_free(&o->fit);
    project_free(&o->proj);
    return rc;
}

/* output.c - see output.h. */
#include "engine/output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
                     int nkey, char *err, size_t errlen)
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
        o->sink = conn_sink_open(sink_table, env->base_dir, env->out, err, errlen);
    } else {
        o->sink = conn_sink_stdout(env->out, o->proj.type, env->format, env->materialize, key, nkey, zone);
    }
    return o->sink ? 0 : -1;
}

void output_row(void *ctx, const row_t *row)
{
    output_t *o = ctx;
    if (o->failed) return;
    if (o->filter && !filter_eval(o->filter, row)) {
        /* an error evaluating WHERE fails the job, as in Flink */
        const char *e = filter_error(o->filter);
        if (e) {
            snprintf(o->err, o->errlen, "WHERE: %s", e);
            o->failed = true;
        }
        return;
    }
    row_t out;
    if (project_row(&o->proj, row, &out, o->err, o->errlen) != 0) {
        o->failed = true;   /* an evaluation error fails the job, as in Flink */
        return;
    }
    int fit = sink_fit_row(&o->fit, &out, o->err, o->errlen);
    if (fit < 0 || (fit > 0 && o->sink->write(o->sink, &out, o->err, o->errlen) != 0)) o->failed = true;
}

void output_watermark(void *ctx, int64_t wm)
{
    output_t *o = ctx;
    if (wm != WM_END) o->watermark.value = wm;
    if (o->capture) capture_watermark(o->capture, wm);
}

int output_close(output_t *o, int rc, char *err, size_t errlen)
{
    if (o->sink) {
        char cerr[1024];
        if (o->sink->close(o->sink, rc == 0, cerr, sizeof cerr) != 0 && rc == 0) {
            snprintf(err, errlen, "%s", cerr);
            rc = -1;
        }
    }
    filter_free(o->filter);
    sink_fit_free(&o->fit);
    project_free(&o->proj);
    return rc;
}

/* inputs.c - see inputs.h. */
#include "engine/inputs.h"

#include <stdlib.h>
#include <time.h>

#include "connectors/source.h"
#include "time/watermark.h"
#include "util/xalloc.h"

typedef struct input {
    const catalog_table_t *table;
    int id;
    conn_source_t *src;
    bool failed;             /* the source itself failed (bad input, I/O) */
    arena_t arena;           /* the row read ahead, and what the consumer allocates for it */
    row_t row;
    bool has_row, done;
    wm_source_t *wm;         /* the table's watermark generator, NULL without one */
    int64_t flushed_at;      /* monotonic ms of the last flush hint */
    int64_t started_at;      /* monotonic ms when the stage opened (time limit) */
} input_t;

struct inputs {
    input_t *in;
    int n;
    int ended;
    inputs_config_t cfg;
};

static int64_t monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A bounded table's watermarks: Flink's generator for its WATERMARK
 * declaration, emitting after every row. Views over queries carry their
 * watermarks as events instead. */
static int open_watermarks(input_t *in, const inputs_config_t *cfg, char *err, size_t errlen)
{
    if (in->table->watermark_col < 0 || in->table->explicit_watermarks) return 0;
    wm_config_t wc = wm_config_default();
    wc.delay_ms = in->table->watermark_delay_ms;
    wc.emit = WM_EMIT_ON_EVENT;
    in->wm = wm_source_new(&wc, 1, proctime_now(cfg->clock), err, errlen);
    return in->wm ? 0 : -1;
}

inputs_t *inputs_open(const inputs_table_t *tables, int n, const inputs_config_t *cfg, char *err, size_t errlen)
{
    inputs_t *ins = xcalloc(1, sizeof *ins);
    ins->in = xcalloc((size_t)n + 1, sizeof *ins->in);
    ins->cfg = *cfg;
    for (int i = 0; i < n; i++) {
        input_t *in = &ins->in[ins->n++];
        in->table = tables[i].table;
        in->id = tables[i].id;
        in->flushed_at = in->started_at = monotonic_ms();
        arena_init(&in->arena, 0);
        if (open_watermarks(in, cfg, err, errlen) != 0 ||
            !(in->src = conn_source_open(in->table, cfg->base_dir, err, errlen))) {
            inputs_close(ins);
            return NULL;
        }
    }
    return ins;
}

void inputs_close(inputs_t *ins)
{
    if (!ins) return;
    for (int i = 0; i < ins->n; i++) {
        input_t *in = &ins->in[i];
        if (in->src) in->src->close(in->src);
        wm_source_free(in->wm);
        arena_destroy(&in->arena);
    }
    free(ins->in);
    free(ins);
}

bool inputs_source_failed(const inputs_t *ins)
{
    for (int i = 0; i < ins->n; i++)
        if (ins->in[i].failed) return true;
    return false;
}

void inputs_report_skipped(const inputs_t *ins, FILE *to)
{
    for (int i = 0; i < ins->n; i++) {
        const input_t *in = &ins->in[i];
        if (in->src->skipped)
            fprintf(to, "ptfhost: table '%s': skipped %ld malformed row%s (json.ignore-parse-errors)\n",
                    in->table->name, in->src->skipped, in->src->skipped == 1 ? "" : "s");
    }
}

/* Reads the next row ahead; explicit watermarks and processing-time moves
 * on the way go to the consumer in their place. */
static int read_ahead(input_t *in, const inputs_consumer_t *c, char *err, size_t errlen)
{
    for (;;) {
        arena_reset(&in->arena);
        switch (in->src->next(in->src, &in->row, &in->arena, err, errlen)) {
        case CONN_SRC_ROW:
            in->has_row = true;
            in->done = false;
            return 0;
        case CONN_SRC_END:
            in->has_row = false;
            in->done = true;
            return 0;
        case CONN_SRC_WATERMARK:
            if (c->watermark(c->ctx, in->id, in->src->event_time, err, errlen) != 0) return -1;
            continue;
        case CONN_SRC_PROCTIME:
            if (c->proctime(c->ctx, in->src->event_time, err, errlen) != 0) return -1;
            continue;
        default:
            in->failed = true;
            return -1;
        }
    }
}

/* The event time of the row read ahead (WM_NO_TIME: none, or NULL). */
static int64_t row_time(const input_t *in)
{
    int c = in->table->watermark_col;
    if (c < 0 || in->row.fields[c].is_null) return WM_NO_TIME;
    return in->row.fields[c].u.ts.millis;
}

/* After a row: the time limit, and a flush hint every INPUTS_FLUSH_INTERVAL_MS. */
static int pace(inputs_t *ins, input_t *in, const inputs_consumer_t *c, char *err, size_t errlen)
{
    int64_t mono = monotonic_ms();
    int64_t limit = ins->cfg.time_limit_ms;
    if (limit > 0 && mono - in->started_at > limit) {
        snprintf(err, errlen, "the query read input for longer than its time limit of %lld s (table '%s'); a source "
                              "that never ends (datagen without 'number-of-rows'?) cannot finish a test",
                 (long long)(limit / 1000), in->table->name);
        return -1;
    }
    if (mono - in->flushed_at < INPUTS_FLUSH_INTERVAL_MS) return 0;
    in->flushed_at = mono;
    return c->flush(c->ctx, err, errlen);
}

/* Passes the row read ahead on, then the watermark it produced. */
static int pass_row(inputs_t *ins, input_t *in, const inputs_consumer_t *c, char *err, size_t errlen)
{
    int64_t now = proctime_now(ins->cfg.clock);
    if (c->row(c->ctx, in->id, &in->row, &in->arena, now, err, errlen) != 0) return -1;
    if (in->wm && (wm_on_event(in->wm, 0, row_time(in), now) & WM_OUT_WATERMARK) &&
        c->watermark(c->ctx, in->id, wm_current(in->wm), err, errlen) != 0)
        return -1;
    return pace(ins, in, c, err, errlen);
}

static int end_table(inputs_t *ins, input_t *in, const inputs_consumer_t *c, char *err, size_t errlen)
{
    return c->end(c->ctx, in->id, ++ins->ended == ins->n, err, errlen);
}

/* The tables one after another. */
static int run_in_turn(inputs_t *ins, const inputs_consumer_t *c, char *err, size_t errlen)
{
    for (int i = 0; i < ins->n; i++) {
        input_t *in = &ins->in[i];
        for (;;) {
            if (read_ahead(in, c, err, errlen) != 0) return -1;
            if (!in->has_row) break;
            if (pass_row(ins, in, c, err, errlen) != 0) return -1;
        }
        if (end_table(ins, in, c, err, errlen) != 0) return -1;
    }
    return 0;
}

/* The tables merged by event time: the earliest row read ahead goes next.
 * A table that is empty ends at once, so it holds no watermark back. */
static int run_merged(inputs_t *ins, const inputs_consumer_t *c, char *err, size_t errlen)
{
    for (int i = 0; i < ins->n; i++)
        if (read_ahead(&ins->in[i], c, err, errlen) != 0) return -1;
    for (int i = 0; i < ins->n; i++)
        if (ins->in[i].done && end_table(ins, &ins->in[i], c, err, errlen) != 0) return -1;
    for (;;) {
        input_t *best = NULL;
        for (int i = 0; i < ins->n; i++)
            if (ins->in[i].has_row && (!best || row_time(&ins->in[i]) < row_time(best))) best = &ins->in[i];
        if (!best) return 0;
        if (pass_row(ins, best, c, err, errlen) != 0 || read_ahead(best, c, err, errlen) != 0) return -1;
        if (best->done && end_table(ins, best, c, err, errlen) != 0) return -1;
    }
}

int inputs_run(inputs_t *ins, const inputs_consumer_t *c, char *err, size_t errlen)
{
    bool merge = ins->n > 1;
    for (int i = 0; i < ins->n; i++) merge &= ins->in[i].table->watermark_col >= 0;
    return merge ? run_merged(ins, c, err, errlen) : run_in_turn(ins, c, err, errlen);
}

/* inputs.c - see inputs.h. */
#include "engine/inputs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "connectors/source.h"
#include "engine/plan.h"
#include "expr/expr.h"
#include "expr/expr_udf.h"
#include "sql/sql.h"
#include "time/watermark.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* A table's computed columns (`name AS expr`), compiled against its sourced
 * row (physical and METADATA columns). The catalog keeps each expression's
 * SQL text; it is parsed here again, as one SELECT list, and lives in the
 * stage's arena. */
typedef struct computed {
    arena_t arena;           /* the parsed expressions */
    int ncols;
    int *cols;               /* schema positions of the computed columns */
    expr_t **exprs;          /* per computed column */
    int nsourced;
    int *sourced;            /* schema positions of the sourced columns, in order */
    /* Rows read ahead in a batch (batched: a UDF is called, see read_batch). */
    bool batched;
    arena_t batch_arena;     /* the batch's rows and values */
    row_t *rows;
    int nrows, next;         /* rows in the batch; the next one to hand out */
    bool has_after;          /* an event came after the batch's rows: after, after_time, after_err */
    int after;               /* a CONN_SRC_* */
    int64_t after_time;
    char after_err[4096];
} computed_t;

/* Rows of a table whose computed columns call a scalar UDF are read in
 * batches of up to INPUTS_UDF_BATCH_ROWS (and at most half a flush interval
 * of reading), so that each UDF call site crosses the bridge once per batch. */
#define INPUTS_UDF_BATCH_ROWS 512

typedef struct input {
    const catalog_table_t *table;
    int id;
    conn_source_t *src;
    bool failed;             /* the source itself failed (bad input, I/O) */
    arena_t arena;           /* the row read ahead, and what the consumer allocates for it */
    row_t row;
    uint32_t row_split;      /* the split the row read ahead came from (0: one stream) */
    bool has_row, done;
    wm_source_t *wm;         /* the table's watermark generator, NULL without one */
    bool ticks;              /* wm runs periodic ticks (splits, or on-periodic emission) */
    computed_t *computed;    /* the table's computed columns, NULL without any */
    bool unflushed;          /* events went on since the last flush hint */
    int64_t flushed_at;      /* monotonic ms of the last flush hint */
    int64_t started_at;      /* monotonic ms when the stage opened (time limit) */
    uint64_t rows;           /* rows passed on (or skipped on resume): the position */
    uint64_t skip;           /* rows still to drop on resume */
    int64_t now_ms, mono_ms; /* the clocks as pass_row last read them (read_clocks) */
} input_t;

struct inputs {
    input_t *in;
    int n;
    int ended;
    inputs_config_t cfg;
    int64_t barrier_at;      /* monotonic ms of the last barrier */
    bool moved;              /* rows passed on since the last barrier */
    inputs_position_t *pos;  /* per table, for barriers */
    bool pending;            /* the last barrier's checkpoint is still being written */
    conn_split_pos_t **pending_splits; /* per table: its positions then (copies), to commit once complete */
    int *npending;
};

static int64_t monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Several independently ordered streams (source.h), or one. */
static bool has_splits(const conn_source_t *s) { return s->nsplits > 0 || s->splits_grow; }

/* A duration SET option into *ms; unset leaves *ms as it is. */
static int setting_ms(const inputs_config_t *cfg, const char *key, int64_t *ms, char *err, size_t errlen)
{
    return plan_duration_setting(key, cfg->settings ? catalog_get(cfg->settings, key) : NULL, ms, err, errlen);
}

/* The table's own watermark options (Flink's scan.watermark.*, in its WITH
 * clause): the emit strategy, the on-event gap and the idle timeout. */
static int table_watermark_options(const catalog_table_t *t, wm_config_t *wc, char *err, size_t errlen)
{
    const char *emit = catalog_table_option(t, "scan.watermark.emit.strategy");
    if (emit && strcmp(emit, "on-event") == 0) wc->emit = WM_EMIT_ON_EVENT;
    else if (emit && strcmp(emit, "on-periodic") == 0) wc->emit = WM_EMIT_PERIODIC;
    else if (emit) {
        snprintf(err, errlen, "Could not parse value '%s' for key 'scan.watermark.emit.strategy' of table '%s'; "
                              "use 'on-event' or 'on-periodic'", emit, t->name);
        return -1;
    }
    const char *gap = catalog_table_option(t, "scan.watermark.emit.on-event.gap");
    if (gap) {
        char *end = NULL;
        long v = strtol(gap, &end, 10);
        if (end == gap || *end || v < 1 || v > INT32_MAX) {
            snprintf(err, errlen, "Could not parse value '%s' for key 'scan.watermark.emit.on-event.gap' of table "
                                  "'%s'; use a whole number of rows, at least 1", gap, t->name);
            return -1;
        }
        wc->on_event_gap = (int32_t)v;
    }
    const char *idle = catalog_table_option(t, "scan.watermark.idle-timeout");
    return idle ? plan_duration_setting("scan.watermark.idle-timeout", idle, &wc->idle_timeout_ms, err, errlen) : 0;
}

/* A table's watermarks: Flink's generator for its WATERMARK declaration.
 * One stream (files, datagen, test events) emits after every row; a source
 * with splits (Kafka partitions) has a generator per split, emitting at
 * periodic ticks with idleness, as Flink's unbounded sources do. The table's
 * scan.watermark.emit.strategy chooses otherwise (a periodic stream ticks
 * every pipeline.auto-watermark-interval; 0: never, so only the end of input
 * moves its watermark). Views over queries carry their watermarks as events. */
static int open_watermarks(input_t *in, const inputs_config_t *cfg, char *err, size_t errlen)
{
    if (in->table->watermark_col < 0 || in->table->explicit_watermarks) return 0;
    wm_config_t wc = wm_config_default();
    wc.delay_ms = in->table->watermark_delay_ms;
    wc.emit = has_splits(in->src) ? WM_EMIT_PERIODIC : WM_EMIT_ON_EVENT;
    uint32_t nsplits = has_splits(in->src) ? (uint32_t)in->src->nsplits : 1;
    if (setting_ms(cfg, "pipeline.auto-watermark-interval", &wc.interval_ms, err, errlen) != 0 ||
        setting_ms(cfg, "table.exec.source.idle-timeout", &wc.idle_timeout_ms, err, errlen) != 0 ||
        table_watermark_options(in->table, &wc, err, errlen) != 0)
        return -1;
    in->ticks = has_splits(in->src) || wc.emit == WM_EMIT_PERIODIC;
    in->wm = wm_source_new(&wc, nsplits, proctime_now(cfg->clock), err, errlen);
    return in->wm ? 0 : -1;
}

/* ---- computed columns ------------------------------------------------------------ */

static void computed_free(computed_t *cc)
{
    if (!cc) return;
    for (int i = 0; i < cc->ncols; i++) expr_free(cc->exprs[i]);
    free(cc->exprs);
    free(cc->cols);
    free(cc->sourced);
    free(cc->rows);
    arena_destroy(&cc->batch_arena);
    arena_destroy(&cc->arena);
    free(cc);
}

/* "SELECT e1, e2, ...": the table's computed expressions as one parsed list. */
static const sqlp_query_t *computed_parse(computed_t *cc, const catalog_table_t *t, const sqlp_script_t **script,
                                          char *err, size_t errlen)
{
    buf_t b = BUF_INIT;
    buf_puts(&b, "SELECT ");
    for (int i = 0; i < cc->ncols; i++)
        buf_printf(&b, "%s%s", i ? ", " : "", t->metadata[cc->cols[i]].expr);
    sqlp_script_t *parsed = NULL;
    char name[300];
    snprintf(name, sizeof name, "computed columns of table '%s'", t->name);
    int rc = sqlp_parse_script(buf_cstr(&b), name, &cc->arena, &parsed, err, errlen);
    buf_free(&b);
    if (rc != 0) return NULL;
    *script = parsed;
    return parsed->stmts[0]->u.query;
}

/* Compiles t's computed columns; *out stays NULL when it has none. Rows are
 * read in batches when a column calls a UDF and src is one stream without
 * positions (a source with splits may wait for each row, and its positions
 * count the rows read). */
static int computed_open(const catalog_table_t *t, const conn_source_t *src, const inputs_config_t *cfg,
                         computed_t **out, char *err, size_t errlen)
{
    if (!catalog_table_has_computed(t)) return 0;
    computed_t *cc = *out = xcalloc(1, sizeof *cc);
    arena_init(&cc->arena, 0);
    arena_init(&cc->batch_arena, 0);
    int n = t->schema->nfields;
    cc->cols = xcalloc((size_t)n, sizeof *cc->cols);
    cc->sourced = xcalloc((size_t)n, sizeof *cc->sourced);
    for (int i = 0; i < n; i++) {
        if (catalog_column_is_computed(t, i)) cc->cols[cc->ncols++] = i;
        else cc->sourced[cc->nsourced++] = i;
    }
    cc->exprs = xcalloc((size_t)cc->ncols, sizeof *cc->exprs);
    const sqlp_script_t *script = NULL;
    const sqlp_query_t *q = computed_parse(cc, t, &script, err, errlen);
    if (!q) return -1;
    plan_env_t penv = {.catalog = cfg->settings, .script = script, .clock = cfg->clock, .udfs = cfg->udfs};
    for (int i = 0; i < cc->ncols; i++) {
        if (!(cc->exprs[i] = plan_expr_compile(&penv, q->items[i].expr, catalog_table_source_row(t), err, errlen)))
            return -1;
        cc->batched |= expr_has_udf(cc->exprs[i]);
    }
    cc->batched &= !has_splits(src) && !src->positions;
    if (cc->batched) cc->rows = xcalloc(INPUTS_UDF_BATCH_ROWS, sizeof *cc->rows);
    return 0;
}

/* Fills the computed columns of rows[0..*n) (rows of t's schema, as a
 * source spreads them) from their sourced columns, in copies of their
 * fields (a source's row may be shared, e.g. test events); values go to a.
 * Each column is evaluated over the rows as one batch (expr_eval_batch).
 * An expression that fails fails the source, as in Flink: *n becomes the
 * first failing row (the rows before it are filled) and err says why. */
static int computed_fill(const computed_t *cc, const catalog_table_t *t, row_t *rows, int *n, arena_t *a,
                         char *err, size_t errlen)
{
    row_t *src = arena_calloc(a, (size_t)*n + 1, sizeof *src);
    value_t *out = arena_calloc(a, (size_t)*n + 1, sizeof *out);
    for (int r = 0; r < *n; r++) {
        row_t *row = &rows[r];
        value_t *fields = arena_calloc(a, row->n + 1, sizeof(value_t));
        memcpy(fields, row->fields, row->n * sizeof(value_t));
        row->fields = fields;
        src[r] = (row_t){row->kind, (uint32_t)cc->nsourced, arena_calloc(a, (size_t)cc->nsourced + 1, sizeof(value_t))};
        for (int i = 0; i < cc->nsourced; i++) src[r].fields[i] = row->fields[cc->sourced[i]];
    }
    int rc = 0;
    for (int i = 0; i < cc->ncols; i++) {
        char why[4096];
        int failed = *n;
        if (expr_eval_batch(cc->exprs[i], src, *n, a, out, &failed, why, sizeof why) != 0) {
            snprintf(err, errlen, "table '%s': computing column '%s' failed: %s", t->name,
                     t->schema->fields[cc->cols[i]].name, why);
            *n = failed;   /* a later column is computed for the rows before it only */
            rc = -1;
        }
        for (int r = 0; r < *n; r++) rows[r].fields[cc->cols[i]] = out[r];
    }
    return rc;
}

/* Reads the next batch of rows of a batched table and computes them. What
 * ends the batch other than its size (a watermark, a processing-time move,
 * the end, an error) is kept to come after its rows, so computed columns
 * read the clock a row-at-a-time read would see; a failing column ends the
 * batch at its row with the error. */
static void read_batch(input_t *in)
{
    computed_t *cc = in->computed;
    arena_reset(&cc->batch_arena);
    cc->nrows = cc->next = 0;
    cc->has_after = false;
    int64_t started = monotonic_ms();
    while (cc->nrows < INPUTS_UDF_BATCH_ROWS && monotonic_ms() - started < INPUTS_FLUSH_INTERVAL_MS / 2) {
        row_t *row = &cc->rows[cc->nrows];
        int got = in->src->next(in->src, row, &cc->batch_arena, cc->after_err, sizeof cc->after_err);
        if (got != CONN_SRC_ROW) {
            cc->has_after = true;
            cc->after = got;
            cc->after_time = in->src->event_time;
            break;
        }
        if (row->n) /* a source may reuse its array of fields */
            row->fields = arena_memdup(&cc->batch_arena, row->fields, sizeof(value_t) * row->n);
        cc->nrows++;
    }
    if (computed_fill(cc, in->table, cc->rows, &cc->nrows, &cc->batch_arena, cc->after_err, sizeof cc->after_err) != 0) {
        cc->has_after = true;
        cc->after = CONN_SRC_ERROR;
    }
}

/* The next event of in's source (a CONN_SRC_*; a row in in->row with its
 * computed columns), its event time for a watermark or a processing-time
 * move in *event_time. A failing computed column is CONN_SRC_ERROR. */
static int next_event(input_t *in, int64_t *event_time, char *err, size_t errlen)
{
    computed_t *cc = in->computed;
    if (!cc || !cc->batched) {
        int got = in->src->next(in->src, &in->row, &in->arena, err, errlen), one = 1;
        *event_time = in->src->event_time;
        if (got == CONN_SRC_ROW && cc && computed_fill(cc, in->table, &in->row, &one, &in->arena, err, errlen) != 0)
            return CONN_SRC_ERROR;
        return got;
    }
    if (cc->next == cc->nrows && !cc->has_after) read_batch(in);
    if (cc->next < cc->nrows) {
        in->row = cc->rows[cc->next++];
        return CONN_SRC_ROW;
    }
    cc->has_after = false;
    *event_time = cc->after_time;
    if (cc->after == CONN_SRC_ERROR) snprintf(err, errlen, "%s", cc->after_err);
    return cc->after;
}

/* A resumed source with positions starts from the checkpoint's; under scale-out it joins its group. */
static int restart(input_t *in, const inputs_config_t *cfg, int i, char *err, size_t errlen)
{
    if (cfg->rebalance) {   /* the group decides which splits and the hook where they start */
        if (in->src->subscribe) return in->src->subscribe(in->src, cfg->rebalance, cfg->rebalance_ctx, err, errlen);
        snprintf(err, errlen, "table '%s': 'ptfhost.scale-out' needs a 'kafka' table", in->table->name);
        return -1;
    }
    const inputs_splits_t *sp = cfg->restart_splits ? &cfg->restart_splits[i] : NULL;
    if (!sp || sp->n == 0) return 0;
    if (!in->src->restart) {
        snprintf(err, errlen, "table '%s': the checkpoint holds split positions, but its source cannot restart from "
                              "them", in->table->name);
        return -1;
    }
    return in->src->restart(in->src, sp->pos, sp->n, err, errlen);
}

inputs_t *inputs_open(const inputs_table_t *tables, int n, const inputs_config_t *cfg, char *err, size_t errlen)
{
    inputs_t *ins = xcalloc(1, sizeof *ins);
    ins->in = xcalloc((size_t)n + 1, sizeof *ins->in);
    ins->cfg = *cfg;
    ins->pos = xcalloc((size_t)n + 1, sizeof *ins->pos);
    ins->barrier_at = monotonic_ms();
    for (int i = 0; i < n; i++) {
        input_t *in = &ins->in[ins->n++];
        in->table = tables[i].table;
        in->id = tables[i].id;
        in->skip = cfg->skip_rows ? cfg->skip_rows[i] : 0;
        in->flushed_at = in->started_at = monotonic_ms();
        arena_init(&in->arena, 0);
        if (!(in->src = conn_source_open(in->table, cfg->base_dir, err, errlen)) ||
            restart(in, cfg, i, err, errlen) != 0 || open_watermarks(in, cfg, err, errlen) != 0 ||
            computed_open(in->table, in->src, cfg, &in->computed, err, errlen) != 0) {
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
        computed_free(in->computed);
        arena_destroy(&in->arena);
    }
    for (int i = 0; ins->pending_splits && i < ins->n; i++) free(ins->pending_splits[i]);
    free(ins->pending_splits);
    free(ins->npending);
    free(ins->in);
    free(ins->pos);
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

/* ---- a source with splits: ticks, split ends, waiting ---------------------------- */

/* Passes on what the watermark source output did (flags of wm_*, in
 * their order): active again, an advance as the table's watermark, idle.
 * The end (WM_END) arrives as the table's end instead. */
static int forward(input_t *in, const inputs_consumer_t *c, int flags, char *err, size_t errlen)
{
    int64_t wm = wm_current(in->wm);
    if (flags <= 0) return 0;
    if (c->idle && (flags & (WM_OUT_ACTIVE | WM_OUT_IDLE))) {
        in->unflushed = true;
        if (c->idle(c->ctx, in->id, (flags & WM_OUT_IDLE) != 0, err, errlen) != 0) return -1;
    }
    if (!(flags & WM_OUT_WATERMARK) || wm == WM_END) return 0;
    in->unflushed = true;
    return c->watermark(c->ctx, in->id, wm, err, errlen);
}

/* The periodic ticks due now (emission, idleness), one after another. */
static int run_ticks(inputs_t *ins, input_t *in, const inputs_consumer_t *c, char *err, size_t errlen)
{
    if (!in->wm) return 0;
    int64_t now = proctime_now(ins->cfg.clock);
    for (int flags; (flags = wm_on_timer(in->wm, now)) > 0;)
        if (forward(in, c, flags, err, errlen) != 0) return -1;
    return 0;
}

/* How long the source may wait for a row: until the next tick that can
 * change anything, or until unflushed results are due, and at most
 * INPUTS_FLUSH_INTERVAL_MS (so the time limit is checked). */
static int64_t split_wait_ms(const inputs_t *ins, const input_t *in)
{
    int64_t wait = INPUTS_FLUSH_INTERVAL_MS;
    if (in->wm && wm_next_wakeup(in->wm) != INT64_MAX) {
        int64_t until_tick = wm_next_wakeup(in->wm) - proctime_now(ins->cfg.clock);
        if (until_tick < wait) wait = until_tick;
    }
    if (in->unflushed) {
        int64_t until_flush = in->flushed_at + INPUTS_FLUSH_INTERVAL_MS - monotonic_ms();
        if (until_flush < wait) wait = until_flush;
    }
    return wait < 0 ? 0 : wait;
}

/* The time limit, and a cancel the caller asked for. */
static int check_limits(const inputs_t *ins, const input_t *in, int64_t mono, char *err, size_t errlen)
{
    if (ins->cfg.cancel && *ins->cfg.cancel) {
        snprintf(err, errlen, "the query was cancelled");
        return -1;
    }
    int64_t limit = ins->cfg.time_limit_ms;
    if (limit <= 0 || mono - in->started_at <= limit) return 0;
    snprintf(err, errlen, "the query read input for longer than its time limit of %lld s (table '%s'); a source "
                          "that never ends (datagen without 'number-of-rows'?) cannot finish a test",
             (long long)(limit / 1000), in->table->name);
    return -1;
}

static int flush_now(input_t *in, const inputs_consumer_t *c, int64_t mono, char *err, size_t errlen)
{
    in->flushed_at = mono;
    in->unflushed = false;
    return c->flush(c->ctx, err, errlen);
}

static int barrier(inputs_t *ins, const inputs_consumer_t *c, bool now, int64_t mono, char *err, size_t errlen);

/* No row came within the wait: the due ticks, the time limit, and what
 * went on since the last flush goes out now (the last row of a quiet
 * source must not wait for a later one). Rows passed on since the last
 * barrier get one once the interval is up, so the last rows' checkpoint
 * (and an exactly-once sink's commit) does not wait for a later row
 * either; a stop still waits for the next row. */
static int on_idle(inputs_t *ins, input_t *in, const inputs_consumer_t *c, char *err, size_t errlen)
{
    int64_t mono = monotonic_ms();
    if (run_ticks(ins, in, c, err, errlen) != 0 || check_limits(ins, in, mono, err, errlen) != 0) return -1;
    if (in->unflushed && flush_now(in, c, mono, err, errlen) != 0) return -1;
    bool stopping = ins->cfg.stop && *ins->cfg.stop;
    return ins->moved && !stopping ? barrier(ins, c, false, mono, err, errlen) : 0;
}

/* A split ended (a bounded partition): it no longer holds the watermark. */
static int on_split_end(inputs_t *ins, input_t *in, const inputs_consumer_t *c, char *err, size_t errlen)
{
    if (!in->wm) return 0;
    int flags = wm_split_end(in->wm, (uint32_t)in->src->split, proctime_now(ins->cfg.clock));
    return forward(in, c, flags, err, errlen);
}

/* ---- reading ----------------------------------------------------------------------- */

/* The event time of a row (WM_NO_TIME: none, or NULL). */
static int64_t event_time(const input_t *in, const row_t *row)
{
    int c = in->table->watermark_col;
    if (c < 0 || row->fields[c].is_null) return WM_NO_TIME;
    return row->fields[c].u.ts.millis;
}

/* A row a resumed run already processed: its watermark is kept (unless fresh_watermarks), the row dropped. */
static void skip_row(inputs_t *ins, input_t *in)
{
    in->skip--;
    in->rows++;
    uint32_t split = has_splits(in->src) ? (uint32_t)in->src->split : 0;
    if (in->wm && !ins->cfg.fresh_watermarks)
        wm_on_event(in->wm, split, event_time(in, &in->row), proctime_now(ins->cfg.clock));
}

/* Reads the next row ahead; explicit watermarks and processing-time moves
 * on the way go to the consumer in their place, and so do the ticks and
 * split ends of a source with splits while it waits for rows. wait_cap < 0
 * waits for a row; otherwise a source with splits is asked once, waiting
 * at most wait_cap ms, and may come back without a row (neither has_row
 * nor done). */
static int read_ahead(inputs_t *ins, input_t *in, const inputs_consumer_t *c, int64_t wait_cap, char *err,
                      size_t errlen)
{
    for (;;) {
        arena_reset(&in->arena);
        in->has_row = false;
        if (has_splits(in->src)) in->src->wait_ms = split_wait_ms(ins, in);
        if (wait_cap >= 0 && in->src->wait_ms > wait_cap) in->src->wait_ms = wait_cap;
        int64_t event_time = 0;
        int got = next_event(in, &event_time, err, errlen);
        while (in->wm && in->src->splits_grow && wm_split_count(in->wm) < (uint32_t)in->src->nsplits)
            wm_split_add(in->wm, proctime_now(ins->cfg.clock));   /* a discovered split holds it until it reports */
        switch (got) {
        case CONN_SRC_ROW:
            if (in->skip > 0) {
                skip_row(ins, in);
                continue;
            }
            in->has_row = true;
            in->done = false;
            in->row_split = has_splits(in->src) ? (uint32_t)in->src->split : 0;
            return 0;
        case CONN_SRC_END:
            in->has_row = false;
            in->done = true;
            return 0;
        case CONN_SRC_WATERMARK:
            if (in->skip > 0 && ins->cfg.fresh_watermarks) continue;   /* one the restored run skips */
            if (c->watermark(c->ctx, in->id, event_time, err, errlen) != 0) return -1;
            continue;
        case CONN_SRC_PROCTIME:
            if (c->proctime(c->ctx, event_time, err, errlen) != 0) return -1;
            continue;
        case CONN_SRC_IDLE:
            if (on_idle(ins, in, c, err, errlen) != 0) return -1;
            if (wait_cap >= 0) return 0;
            continue;
        case CONN_SRC_SPLIT_END:
            if (on_split_end(ins, in, c, err, errlen) != 0) return -1;
            continue;
        default:
            in->failed = true;
            return -1;
        }
    }
}

/* The event time of the row read ahead (WM_NO_TIME: none, or NULL). */
static int64_t row_time(const input_t *in) { return event_time(in, &in->row); }

/* A completed checkpoint's positions go to the sources that commit them. */
static int commit_positions(inputs_t *ins, conn_split_pos_t *const *splits, const int *n, char *err, size_t errlen)
{
    for (int i = 0; i < ins->n; i++) {
        conn_source_t *src = ins->in[i].src;
        if (src->commit && src->commit(src, splits[i], n[i], err, errlen) != 0) return -1;
    }
    return 0;
}

/* The barrier's checkpoint is written in the background: its positions are kept for when it completes. */
static void keep_pending(inputs_t *ins)
{
    if (!ins->pending_splits) {
        ins->pending_splits = xcalloc((size_t)ins->n, sizeof *ins->pending_splits);
        ins->npending = xcalloc((size_t)ins->n, sizeof *ins->npending);
    }
    for (int i = 0; i < ins->n; i++) {
        int n = ins->pos[i].nsplits;
        free(ins->pending_splits[i]);
        ins->pending_splits[i] = n ? xmalloc((size_t)n * sizeof **ins->pending_splits) : NULL;
        if (n) memcpy(ins->pending_splits[i], ins->pos[i].splits, (size_t)n * sizeof **ins->pending_splits);
        ins->npending[i] = n;
    }
    ins->pending = true;
}

/* Whether the pending checkpoint has completed (wait: until it has); its positions are committed then. */
static int settle_pending(inputs_t *ins, const inputs_consumer_t *c, bool wait, char *err, size_t errlen)
{
    if (!ins->pending) return 0;
    int rc = c->barrier_done(c->ctx, wait, err, errlen);
    if (rc <= 0) return rc;
    ins->pending = false;
    return commit_positions(ins, ins->pending_splits, ins->npending, err, errlen);
}

/* A checkpoint barrier once the interval has passed, or a final one when a
 * stop was asked for (then INPUTS_STOPPED). */
static int barrier(inputs_t *ins, const inputs_consumer_t *c, bool now, int64_t mono, char *err, size_t errlen)
{
    bool final = ins->cfg.stop && *ins->cfg.stop;
    if (!c->barrier || (!final && ins->cfg.barrier_interval_ms <= 0)) return 0;
    if (settle_pending(ins, c, false, err, errlen) < 0) return -1;
    if (!final && !now && mono - ins->barrier_at < ins->cfg.barrier_interval_ms) return 0;
    if (settle_pending(ins, c, true, err, errlen) < 0) return -1;   /* one checkpoint at a time */
    ins->barrier_at = mono;
    ins->moved = false;
    for (int i = 0; i < ins->n; i++) {
        input_t *in = &ins->in[i];
        ins->pos[i] = (inputs_position_t){in->table->name, in->rows, NULL, 0};
        if (in->src->positions) in->src->positions(in->src, in->has_row, &ins->pos[i].splits, &ins->pos[i].nsplits);
    }
    int rc = c->barrier(c->ctx, ins->pos, ins->n, final, err, errlen);
    if (rc < 0) return -1;
    keep_pending(ins);
    if (rc != INPUTS_BARRIER_PENDING) {   /* the checkpoint is complete: its positions may be committed */
        ins->pending = false;
        if (commit_positions(ins, ins->pending_splits, ins->npending, err, errlen) != 0) return -1;
    } else if ((final || now) && settle_pending(ins, c, true, err, errlen) < 0) {
        return -1;   /* a final barrier's and the end's checkpoints complete before the run goes on */
    }
    return final ? INPUTS_STOPPED : 0;
}

/* After a row: the time limit, and a flush hint every INPUTS_FLUSH_INTERVAL_MS. */
static int pace(inputs_t *ins, input_t *in, const inputs_consumer_t *c, char *err, size_t errlen)
{
    int64_t mono = in->mono_ms;
    if (check_limits(ins, in, mono, err, errlen) != 0) return -1;
    if (mono - in->flushed_at < INPUTS_FLUSH_INTERVAL_MS) return 0;
    return flush_now(in, c, mono, err, errlen);
}

/* Passes the row read ahead on, then the watermark it produced; the ticks
 * of a source with splits that came due before it go first. */
/* The clocks for the next row: read every INPUTS_CLOCK_ROWS rows of a source
 * without splits (a file reads ahead without waiting: they move by
 * microseconds in between), per row for a manual clock (test events move
 * it) and for a source with splits (it may wait for each row). */
#define INPUTS_CLOCK_ROWS 64
static void read_clocks(const inputs_t *ins, input_t *in)
{
    if (in->rows % INPUTS_CLOCK_ROWS != 0 && !ins->cfg.clock->manual && !has_splits(in->src)) return;
    in->now_ms = proctime_now(ins->cfg.clock);
    in->mono_ms = monotonic_ms();
}

static int pass_row(inputs_t *ins, input_t *in, const inputs_consumer_t *c, char *err, size_t errlen)
{
    read_clocks(ins, in);
    int64_t now = in->now_ms;
    if (in->ticks && run_ticks(ins, in, c, err, errlen) != 0) return -1;
    if (c->row(c->ctx, in->id, &in->row, &in->arena, now, err, errlen) != 0) return -1;
    in->has_row = false;   /* passed on: no longer read ahead (a barrier's positions include it) */
    in->unflushed = true;
    in->rows++;
    ins->moved = true;
    if (in->wm && forward(in, c, wm_on_event(in->wm, in->row_split, row_time(in), now), err, errlen) != 0)
        return -1;
    if (pace(ins, in, c, err, errlen) != 0) return -1;
    return barrier(ins, c, false, in->mono_ms, err, errlen);
}

/* The last table's end takes a checkpoint first, before the end-of-input
 * watermark fires the remaining timers: a resumed run over grown input
 * continues from there. */
static int end_table(inputs_t *ins, input_t *in, const inputs_consumer_t *c, char *err, size_t errlen)
{
    bool last = ++ins->ended == ins->n;
    int rc = last ? barrier(ins, c, true, monotonic_ms(), err, errlen) : 0;
    if (rc != 0) return rc;
    return c->end(c->ctx, in->id, last, err, errlen);
}

/* The tables one after another. */
static int run_in_turn(inputs_t *ins, const inputs_consumer_t *c, char *err, size_t errlen)
{
    for (int i = 0; i < ins->n; i++) {
        input_t *in = &ins->in[i];
        for (;;) {
            if (read_ahead(ins, in, c, -1, err, errlen) != 0) return -1;
            if (!in->has_row) break;
            int rc = pass_row(ins, in, c, err, errlen);
            if (rc != 0) return rc;
        }
        int rc = end_table(ins, in, c, err, errlen);
        if (rc != 0) return rc;
    }
    return 0;
}

/* Asks the tables with splits that came back without a row again, each
 * waiting at most wait_cap ms; a table that ends ends now. */
static int refill(inputs_t *ins, const inputs_consumer_t *c, int64_t wait_cap, char *err, size_t errlen)
{
    for (int i = 0; i < ins->n; i++) {
        input_t *in = &ins->in[i];
        if (in->has_row || in->done) continue;
        if (read_ahead(ins, in, c, wait_cap, err, errlen) != 0) return -1;
        int rc = in->done ? end_table(ins, in, c, err, errlen) : 0;
        if (rc != 0) return rc;
    }
    return 0;
}

/* The tables merged by event time: the earliest row read ahead goes next.
 * A table that is empty ends at once, so it holds no watermark back. A
 * table with splits (Kafka) is only polled while it has no row ready, so
 * it does not hold the others' rows back (Flink reads whatever arrives);
 * its watermark holds theirs unless every split of it is idle. When no
 * table has a row, they are polled once more and then each waits up to
 * its next tick. */
static int run_merged(inputs_t *ins, const inputs_consumer_t *c, char *err, size_t errlen)
{
    for (int i = 0; i < ins->n; i++)
        if (read_ahead(ins, &ins->in[i], c, has_splits(ins->in[i].src) ? 0 : -1, err, errlen) != 0) return -1;
    for (int i = 0; i < ins->n; i++) {
        int rc = ins->in[i].done ? end_table(ins, &ins->in[i], c, err, errlen) : 0;
        if (rc != 0) return rc;
    }
    for (bool polled = false;;) {
        input_t *best = NULL;
        bool live = false;
        for (int i = 0; i < ins->n; i++) {
            input_t *in = &ins->in[i];
            if (in->has_row && (!best || row_time(in) < row_time(best))) best = in;
            live |= !in->done;
        }
        if (!live) return 0;
        int rc;
        if (!best) {
            if ((rc = refill(ins, c, polled ? INPUTS_FLUSH_INTERVAL_MS : 0, err, errlen)) != 0) return rc;
            polled = true;
            continue;
        }
        polled = false;
        if ((rc = pass_row(ins, best, c, err, errlen)) != 0) return rc;
        if (has_splits(best->src)) {
            best->has_row = false;   /* read again below, with the other tables with splits */
        } else {
            if (read_ahead(ins, best, c, -1, err, errlen) != 0) return -1;
            if (best->done && (rc = end_table(ins, best, c, err, errlen)) != 0) return rc;
        }
        if ((rc = refill(ins, c, 0, err, errlen)) != 0) return rc;
    }
}

int inputs_run(inputs_t *ins, const inputs_consumer_t *c, char *err, size_t errlen)
{
    bool merge = ins->n > 1;
    for (int i = 0; i < ins->n; i++) merge &= ins->in[i].table->watermark_col >= 0;
    return merge ? run_merged(ins, c, err, errlen) : run_in_turn(ins, c, err, errlen);
}

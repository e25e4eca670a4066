/* job.c - see job.h. */
#include "engine/job.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <strings.h>

#include "connectors/sink.h"
#include "connectors/source.h"
#include "engine/cast.h"
#include "engine/changelog.h"
#include "engine/filter.h"
#include "engine/operator.h"
#include "time/watermark.h"
#include "jb.h"

#define ERR_AT(pos, ...) sqlp_format_error(env->script, (pos), 0, err, errlen, __VA_ARGS__)

/* ---- projection: SELECT * | col [AS alias], ... ------------------------------- */

typedef struct projection {
    type_t *type;        /* the projected ROW */
    int *cols;           /* source column per projected column; -1 - i = consts[i] */
    int n;
    value_t *consts;     /* constant select items, evaluated once */
    int nconsts;
    arena_t arena;       /* their values */
} projection_t;

/* The type of a constant select item: a literal, CAST(literal AS t), or
 * TO_TIMESTAMP_LTZ(number, precision). NULL if it is not one of those. */
static type_t *constant_type(const sqlp_expr_t *e, char *err, size_t errlen)
{
    const sqlp_expr_t *x = e->kind == SQLP_E_UNARY && e->u.op.op == SQLP_OP_NEG ? e->u.op.a : e;
    if (x->kind == SQLP_E_CAST) return type_parse_n(x->u.cast.type.text, x->u.cast.type.len, err, errlen);
    if (x->kind == SQLP_E_CALL && x->u.call.nargs == 2 &&
        strcasecmp(x->u.call.name.parts[x->u.call.name.nparts - 1].name, "TO_TIMESTAMP_LTZ") == 0) {
        const sqlp_expr_t *prec = x->u.call.args[1].value;
        if (prec->kind != SQLP_E_LITERAL || prec->u.lit.kind != SQLP_LIT_INTEGER) return NULL;
        type_t *t = type_new(TYPE_TIMESTAMP_LTZ, false);
        t->precision = (int)prec->u.lit.i;
        return t;
    }
    if (x->kind != SQLP_E_LITERAL) return NULL;
    const sqlp_literal_t *l = &x->u.lit;
    type_t *t;
    switch (l->kind) {
    case SQLP_LIT_BOOL: return type_new(TYPE_BOOLEAN, false);
    case SQLP_LIT_INTEGER:
        return type_new(l->fits_int64 && l->i >= INT32_MIN && l->i <= INT32_MAX ? TYPE_INT : TYPE_BIGINT, false);
    case SQLP_LIT_DOUBLE: return type_new(TYPE_DOUBLE, false);
    case SQLP_LIT_STRING:
        t = type_new(TYPE_CHAR, false);
        t->precision = (int)strlen(l->text) ? (int)strlen(l->text) : 1;
        return t;
    default: return NULL;
    }
}

/* Evaluates a constant select item of type t. */
static int constant_value(job_env_t *env, const sqlp_expr_t *e, const type_t *t, arena_t *a, value_t *out,
                          char *err, size_t errlen)
{
    if (e->kind == SQLP_E_CALL) {   /* TO_TIMESTAMP_LTZ(n, p): n units of 10^-p seconds since the epoch */
        const sqlp_expr_t *n = e->u.call.args[0].value;
        if (n->kind != SQLP_E_LITERAL || n->u.lit.kind != SQLP_LIT_INTEGER) {
            ERR_AT(n->pos, "TO_TIMESTAMP_LTZ takes a numeric literal here.");
            return -1;
        }
        int64_t v = n->u.lit.i;
        int p = t->precision;
        memset(out, 0, sizeof *out);
        out->u.ts.millis = p == 0 ? v * 1000 : p == 3 ? v : p < 3 ? v * (p == 1 ? 100 : 10) : v / 1000;
        return 0;
    }
    plan_env_t penv = {&env->session->catalog, env->script, env->describe, env->describe_ctx,
                       env->session->flink_version};
    return plan_literal_value(&penv, e, t, "SELECT", a, out, err, errlen);
}

static int project_init(job_env_t *env, const sqlp_query_t *q, const type_t *in, projection_t *p, char *err,
                        size_t errlen)
{
    p->type = type_new(TYPE_ROW, false);
    p->cols = NULL;
    p->n = 0;
    p->consts = NULL;
    p->nconsts = 0;
    arena_init(&p->arena, 1024);
    int cap = 0;
    for (int i = 0; i < q->nitems; i++) {
        const sqlp_select_item_t *it = &q->items[i];
        const sqlp_expr_t *e = it->expr;
        int first = -1, last = -1;
        if (e->kind == SQLP_E_STAR) {
            first = 0;
            last = in->nfields - 1;
        } else if (e->kind == SQLP_E_COLUMN) {
            const char *name = e->u.name.parts[e->u.name.nparts - 1].name;
            int c = type_field_index(in, name);
            if (c < 0) {
                buf_t cols = BUF_INIT;
                for (int k = 0; k < in->nfields; k++) buf_printf(&cols, "%s%s", k ? ", " : "", in->fields[k].name);
                ERR_AT(e->pos, "SQL validation failed. Column '%s' not found in any table (column names are "
                               "case-sensitive; available columns: %s)", name, buf_cstr(&cols));
                buf_free(&cols);
                return -1;
            }
            first = last = c;
        } else {
            char terr[256] = "";
            type_t *ct = constant_type(e, terr, sizeof terr);
            if (!ct) {
                ERR_AT(e->pos, "Unsupported select item: ptfhost selects columns (SELECT * or SELECT a, b AS c) "
                               "and constants; compute other values inside the function.%s%s", *terr ? " " : "",
                       terr);
                return -1;
            }
            p->consts = realloc(p->consts, (size_t)(p->nconsts + 1) * sizeof *p->consts);
            if (!p->consts) abort();
            if (constant_value(env, e, ct, &p->arena, &p->consts[p->nconsts], err, errlen) != 0) {
                type_free(ct);
                return -1;
            }
            if (p->n == cap) {
                cap = cap ? cap * 2 : 16;
                p->cols = realloc(p->cols, (size_t)cap * sizeof *p->cols);
                if (!p->cols) abort();
            }
            p->cols[p->n++] = -1 - p->nconsts++;
            char def[24];
            snprintf(def, sizeof def, "EXPR$%d", i);
            type_add_field(p->type, it->alias ? it->alias->name : def, ct, NULL);
            continue;
        }
        for (int c = first; c <= last; c++) {
            if (p->n == cap) {
                cap = cap ? cap * 2 : 16;
                p->cols = realloc(p->cols, (size_t)cap * sizeof *p->cols);
                if (!p->cols) abort();
            }
            p->cols[p->n++] = c;
            const char *name = it->alias && first == last ? it->alias->name : in->fields[c].name;
            type_add_field(p->type, name, type_clone(in->fields[c].type), NULL);
        }
    }
    return 0;
}

static void project_free(projection_t *p)
{
    type_free(p->type);
    free(p->cols);
    free(p->consts);
    arena_destroy(&p->arena);
}

/* ---- INSERT INTO: the query's columns against the sink table's ------------------------ */

/* What Flink's planner and sink operator do between a query and a sink table:
 * the columns bind by position and each must cast implicitly to its sink
 * column (else planning fails; a sink never receives values of another type),
 * and a NULL reaching a NOT NULL column fails the job or, with
 * 'table.exec.sink.not-null-enforcer' = 'DROP', drops the row. */
typedef struct sink_fit {
    const type_t *type;   /* the sink table's row; NULL: the query has no sink table */
    bool cast;            /* some column's type differs: rows go through cast_row */
    bool drop_nulls;
    const char *table;
    arena_t arena;        /* the cast values of the current row */
} sink_fit_t;

/* Flink's sink schema: nullable throughout (NOT NULL is checked per row). */
static void make_nullable(type_t *t)
{
    if (!t) return;
    t->nullable = true;
    make_nullable(t->elem);
    make_nullable(t->value);
    for (int i = 0; i < t->nfields; i++) make_nullable(t->fields[i].type);
}

static void schema_list(buf_t *b, const type_t *row, bool nullable)
{
    buf_putc(b, '[');
    for (int i = 0; i < row->nfields; i++) {
        type_t *t = type_clone(row->fields[i].type);
        if (nullable) make_nullable(t);
        char *s = type_to_string(t);
        buf_printf(b, "%s%s: %s", i ? ", " : "", row->fields[i].name, s);
        free(s);
        type_free(t);
    }
    buf_putc(b, ']');
}

/* f: zeroed, its arena initialised (the caller frees it on every path). */
static int sink_fit_init(job_env_t *env, const sqlp_query_t *q, const type_t *query, const catalog_table_t *sink,
                         sink_fit_t *f, char *err, size_t errlen)
{
    if (!sink) return 0;
    const type_t *st = sink->schema;
    char cause[512] = "";
    if (st->nfields != query->nfields) snprintf(cause, sizeof cause, "Different number of columns.");
    for (int i = 0; !*cause && i < st->nfields; i++) {
        if (!cast_implicit_ok(query->fields[i].type, st->fields[i].type))
            snprintf(cause, sizeof cause, "Incompatible types for sink column '%s' at position %d.",
                     st->fields[i].name, i);
        else if (!type_equals_ignore_null(query->fields[i].type, st->fields[i].type))
            f->cast = true;
    }
    if (*cause) {
        buf_t qs = BUF_INIT, ss = BUF_INIT;
        schema_list(&qs, query, false);
        schema_list(&ss, st, true);
        ERR_AT(q->pos, "Column types of query result and sink for 'default_catalog.default_database.%s' do not "
                       "match.\nCause: %s\n\nQuery schema: %s\nSink schema:  %s\nSelect the sink's columns in "
                       "its order, or declare the sink's columns with types the query's columns cast to "
                       "implicitly.", sink->name, cause, buf_cstr(&qs), buf_cstr(&ss));
        buf_free(&qs);
        buf_free(&ss);
        return -1;
    }
    const char *enforcer = catalog_get(&env->session->catalog, "table.exec.sink.not-null-enforcer");
    if (enforcer && strcasecmp(enforcer, "DROP") != 0 && strcasecmp(enforcer, "ERROR") != 0) {
        snprintf(err, errlen, "Could not parse value '%s' for key 'table.exec.sink.not-null-enforcer'. Use 'ERROR' "
                              "(fail the job on a NULL in a NOT NULL sink column) or 'DROP' (drop such rows).",
                 enforcer);
        return -1;
    }
    f->drop_nulls = enforcer && strcasecmp(enforcer, "DROP") == 0;
    f->type = st;
    f->table = sink->name;
    return 0;
}

/* The row as the sink receives it: 1 write *r, 0 drop it, -1 fail. */
static int sink_fit_row(sink_fit_t *f, const type_t *query, row_t *r, char *err, size_t errlen)
{
    if (!f->type) return 1;
    if (f->cast) {
        arena_reset(&f->arena);
        *r = cast_row(r, query, f->type, &f->arena);
    }
    for (int i = 0; i < f->type->nfields; i++) {
        if (f->type->fields[i].type->nullable || !r->fields[i].is_null) continue;
        if (f->drop_nulls) return 0;
        snprintf(err, errlen, "table '%s': Column '%s' is NOT NULL, however, a null value is being written into "
                              "it. You can set job configuration 'table.exec.sink.not-null-enforcer'='DROP' to "
                              "suppress this exception and drop such records silently.",
                 f->table, f->type->fields[i].name);
        return -1;
    }
    return 1;
}

/* ---- the emit path: operator -> projection -> sink --------------------------- */

typedef struct emit_ctx {
    projection_t *proj;
    const filter_t *filter;   /* WHERE, on the row before projection; NULL = none */
    conn_sink_t *sink;
    value_t *scratch;
    int failed;
    char *err;
    size_t errlen;
    sink_fit_t *fit;
} emit_ctx_t;

static void emit_row(void *ctx, const row_t *row)
{
    emit_ctx_t *e = ctx;
    if (e->failed) return;
    if (e->filter && !filter_eval(e->filter, row)) return;
    row_t out = {row->kind, (uint32_t)e->proj->n, e->scratch};
    for (int i = 0; i < e->proj->n; i++) {
        int c = e->proj->cols[i];
        out.fields[i] = c >= 0 ? row->fields[c] : e->proj->consts[-1 - c];
    }
    int fit = sink_fit_row(e->fit, e->proj->type, &out, e->err, e->errlen);
    if (fit < 0) e->failed = 1;
    if (fit <= 0) return;
    if (e->sink->write(e->sink, &out, e->err, e->errlen) != 0) e->failed = 1;
}

/* ---- the Java half of a PTF -------------------------------------------------------- */

/* Opens the function in Java (jni/jb.h's jb_function_*: the handle, its changelog mode). */
static jb_function_t *java_open(session_t *s, const plan_call_t *plan, const char *plan_json, char *err,
                                size_t errlen)
{
    jb_function_t *f = NULL;
    char oerr[16384];
    if (jb_function_open(s->vm, (const char *const *)plan->jars, plan->njars, plan->class_name, plan_json,
                         plan->scalars.data, plan->scalars.len, &f, oerr, sizeof oerr) != 0) {
        snprintf(err, errlen, "function '%s' (class '%s') failed to open:\n%s", plan->function_name,
                 plan->class_name, oerr);
        return NULL;
    }
    return f;
}

/* ---- sources in order -------------------------------------------------------------- */

typedef struct input {
    conn_source_t *src;
    bool failed;                 /* the source itself failed (bad input, I/O) */
    const type_t *typed;         /* the argument's declared row type, or NULL */
    changelog_norm_t norm;       /* delivers updating inputs in the function's encoding */
    const catalog_table_t *table;
    int op_table;            /* index among the call's table arguments */
    arena_t arena;
    row_t row;               /* the row read ahead (merge mode) */
    bool has_row, done;
    wm_source_t *wm;             /* the table's watermark generator (one split), NULL without one */
    int64_t flushed_at;          /* monotonic ms of the last forced flush (slow, unbounded inputs) */
    int64_t started_at;          /* monotonic ms when reading began (session time limit) */
} input_t;

/* Reads the next row; explicit watermarks and processing-time moves of test
 * events on the way are applied in place. */
static int input_read(ptf_op_t *op, session_t *s, input_t *in, char *err, size_t errlen)
{
    for (;;) {
        arena_reset(&in->arena);
        int rc = in->src->next(in->src, &in->row, &in->arena, err, errlen);
        switch (rc) {
        case CONN_SRC_ROW:
            in->has_row = true;
            in->done = false;
            return 0;
        case CONN_SRC_END:
            in->has_row = false;
            in->done = true;
            return 0;
        case CONN_SRC_WATERMARK:
            if (ptf_op_watermark(op, in->op_table, in->src->event_time, err, errlen) != 0) return -1;
            continue;
        case CONN_SRC_PROCTIME:
            /* rows before the move were processed at the old time (TTL) */
            if (ptf_op_flush(op, err, errlen) != 0) return -1;
            s->manual_clock = true;
            s->clock_ms = in->src->event_time;
            continue;
        default:
            in->failed = true;
            return -1;
        }
    }
}

static int64_t input_time(const input_t *in)
{
    int c = in->table->watermark_col;
    if (c < 0 || in->row.fields[c].is_null) return INT64_MIN;
    return in->row.fields[c].u.ts.millis;
}

typedef struct push_ctx {
    ptf_op_t *op;
    int table;
    const type_t *from, *typed;   /* typed table argument: cast from -> typed */
    arena_t *arena;
} push_ctx_t;

static int push_row(void *ctx, const row_t *row, char *err, size_t errlen)
{
    push_ctx_t *p = ctx;
    if (p->typed) {
        row_t cast = cast_row(row, p->from, p->typed, p->arena);
        return ptf_op_push(p->op, p->table, &cast, err, errlen);
    }
    return ptf_op_push(p->op, p->table, row, err, errlen);
}

#define FLUSH_INTERVAL_MS 200

static int64_t monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A bounded table's watermarks: Flink's generator for its WATERMARK
 * declaration, emitting after every row (time/watermark.h). */
static wm_source_t *bounded_watermarks(session_t *s, const catalog_table_t *t, char *err, size_t errlen)
{
    wm_config_t cfg = wm_config_default();
    cfg.delay_ms = t->watermark_delay_ms;
    cfg.emit = WM_EMIT_ON_EVENT;
    return wm_source_new(&cfg, 1, session_now_ms(s), err, errlen);
}

/* Pushes in->row into the operator and the watermark after it. */
static int input_push(ptf_op_t *op, session_t *s, input_t *in, char *err, size_t errlen)
{
    int64_t now = session_now_ms(s);
    ptf_op_set_processing_time(op, now);
    push_ctx_t pc = {op, in->op_table, in->table->schema, in->typed, &in->arena};
    if (changelog_norm_push(&in->norm, &in->row, push_row, &pc, err, errlen) != 0) return -1;
    if (in->wm && (wm_on_event(in->wm, 0, input_time(in), now) & WM_OUT_WATERMARK) &&
        ptf_op_watermark(op, in->op_table, wm_current(in->wm), err, errlen) != 0)
        return -1;
    /* A slow source (datagen with rows-per-second) must not wait for a full
     * batch: results go out at least every FLUSH_INTERVAL_MS. */
    int64_t mono = monotonic_ms();
    if (s->time_limit_ms > 0 && mono - in->started_at > s->time_limit_ms) {
        snprintf(err, errlen, "the query read input for longer than its time limit of %lld s (table '%s'); a source "
                              "that never ends (datagen without 'number-of-rows'?) cannot finish a test",
                 (long long)(s->time_limit_ms / 1000), in->table->name);
        return -1;
    }
    if (mono - in->flushed_at >= FLUSH_INTERVAL_MS) {
        in->flushed_at = mono;
        if (ptf_op_flush(op, err, errlen) != 0) return -1;
        fflush(s->out);
    }
    return 0;
}

/* The test hook's BEFORE_END phase: all input is in, the final watermark not yet. */
typedef struct end_hook {
    session_t *s;
    session_call_state_t *st;
} end_hook_t;

static int before_end(ptf_op_t *op, end_hook_t *h, char *err, size_t errlen)
{
    if (!h || !h->s->call_hook) return 0;
    if (ptf_op_flush(op, err, errlen) != 0) return -1;
    h->st->phase = SESSION_CALL_BEFORE_END;
    h->st->now_ms = session_now_ms(h->s);
    return h->s->call_hook(h->s->call_hook_ctx, h->st, err, errlen);
}

static int end_input(ptf_op_t *op, input_t *in, int *ended, int n, end_hook_t *h, char *err, size_t errlen)
{
    if (++*ended == n && before_end(op, h, err, errlen) != 0) return -1;
    return ptf_op_end_input(op, in->op_table, err, errlen);
}

static int run_inputs(ptf_op_t *op, session_t *s, input_t *ins, int n, end_hook_t *h, char *err, size_t errlen)
{
    int ended = 0;
    bool merge = n > 1;
    for (int i = 0; i < n; i++) merge &= ins[i].table->watermark_col >= 0;
    if (!merge) {
        for (int i = 0; i < n; i++) {
            for (;;) {
                if (input_read(op, s, &ins[i], err, errlen) != 0) return -1;
                if (!ins[i].has_row) break;
                if (input_push(op, s, &ins[i], err, errlen) != 0) return -1;
            }
            if (end_input(op, &ins[i], &ended, n, h, err, errlen) != 0) return -1;
        }
        return 0;
    }
    for (int i = 0; i < n; i++)
        if (input_read(op, s, &ins[i], err, errlen) != 0) return -1;
    for (;;) {
        int best = -1;
        for (int i = 0; i < n; i++) {
            if (!ins[i].has_row) continue;
            if (best < 0 || input_time(&ins[i]) < input_time(&ins[best])) best = i;
        }
        if (best < 0) break;
        if (input_push(op, s, &ins[best], err, errlen) != 0) return -1;
        if (input_read(op, s, &ins[best], err, errlen) != 0) return -1;
        if (ins[best].done && end_input(op, &ins[best], &ended, n, h, err, errlen) != 0) return -1;
    }
    return 0;
}

/* ---- capturing a query's output as events (views over queries) -------------------- */

typedef struct capture {
    conn_sink_t base;
    catalog_event_t *ev;
    size_t n, cap;
    arena_t arena;
    type_t *schema;          /* the projected output type */
    int upsert_key[16];      /* an upsert result's key columns */
    int upsert_nkey;
} capture_t;

static catalog_event_t *capture_next(capture_t *c)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 256;
        c->ev = realloc(c->ev, c->cap * sizeof *c->ev);
        if (!c->ev) abort();
    }
    catalog_event_t *e = &c->ev[c->n++];
    memset(e, 0, sizeof *e);
    return e;
}

static int capture_write(conn_sink_t *s, const row_t *row, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    capture_t *c = (capture_t *)s;
    catalog_event_t *e = capture_next(c);
    e->kind = CATALOG_EVENT_ROW;
    e->row = row_copy(row, s->schema, &c->arena);
    s->rows++;
    return 0;
}

static void capture_watermark(void *ctx, int64_t wm)
{
    capture_t *c = ctx;
    catalog_event_t *e = capture_next(c);
    e->kind = CATALOG_EVENT_WATERMARK;
    e->time = wm;
}

static int capture_close(conn_sink_t *s, bool commit, char *err, size_t errlen)
{
    (void)s, (void)commit, (void)err, (void)errlen;
    return 0;   /* the capture belongs to materialize_view */
}

/* ---- a PTF call -------------------------------------------------------------------- */

/* Flink's planner checks on the changelog a function produces, known once
 * Java answered getChangelogMode. */
static int check_output_mode(job_env_t *env, const sqlp_query_t *q, const plan_call_t *plan,
                             const catalog_table_t *sink_table, const char *mode, char *err, size_t errlen)
{
    bool updating = strcmp(mode, "[INSERT]") != 0;
    bool upsert = strstr(mode, "UPDATE_AFTER") && !strstr(mode, "UPDATE_BEFORE");
    if (!updating) return 0;
    const sqlp_expr_t *call = q->from->call;
    bool legacy = strcmp(plan->flink_version, "2.3") < 0;
    for (int i = 0; i < plan->ntables; i++) {
        if (plan->tables[i].set_semantics || !(legacy || upsert)) continue;
        ERR_AT(call->pos, "PTFs that take table arguments with row semantics don't support %s output. Table "
                          "argument '%s' of function '%s' must use set semantics.", legacy ? "updating" : "upsert",
               plan->sig->args[plan->tables[i].arg].name, plan->function_name);
        return -1;
    }
    if (plan->has_rowtime) {
        ERR_AT(call->pos, "Time operations using the `on_time` argument are currently not supported for PTFs that "
                          "consume or produce updates.");
        return -1;
    }
    for (int i = 0; i < plan->ntables; i++)
        if (plan->tables[i].pass_through) {
            ERR_AT(call->pos, "Pass-through columns are not supported for PTFs that produce updates.");
            return -1;
        }
    if (sink_table && upsert && sink_table->npk == 0) {
        /* Flink's short kind names for the plan excerpt */
        char kinds[64] = "";
        if (strstr(mode, "INSERT")) strcat(kinds, "I,");
        if (strstr(mode, "UPDATE_BEFORE")) strcat(kinds, "UB,");
        if (strstr(mode, "UPDATE_AFTER")) strcat(kinds, "UA,");
        if (strstr(mode, "DELETE")) strcat(kinds, "D,");
        if (*kinds) kinds[strlen(kinds) - 1] = '\0';
        ERR_AT(q->pos, "There is a changelog mismatch between two operators. One produces an upsert changelog "
                       "(UPDATE_AFTER without UPDATE_BEFORE). The other requires a retract changelog (UPDATE_BEFORE "
                       "and UPDATE_AFTER), for example a sink without a primary key. In such cases, ensure that the "
                       "sink is able to digest upserts where the PRIMARY KEY serves as the upsert key, or make the "
                       "input produce UPDATE_BEFORE.\nThe conflict is at:\nSink(expectedChangelogMode=[I,UB,UA,D])"
                       "\n  +- %s(changelogMode=[%s])", q->where ? "Calc" : "ProcessTableFunction", kinds);
        return -1;
    }
    return 0;
}

static int run_call(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink_table, capture_t *capture,
                    char *err, size_t errlen)
{
    session_t *s = env->session;
    plan_env_t penv = {&s->catalog, env->script, env->describe, env->describe_ctx, s->flink_version};
    plan_call_t *plan = plan_call(&penv, q->from->call, err, errlen);
    if (!plan) return -1;
    const sqlp_expr_t *call = q->from->call;
    if (plan->uid && session_claim_uid(s, plan->uid, env->script->text + call->pos.offset,
                                       call->end - call->pos.offset, err, errlen) != 0) {
        char msg[1024];
        snprintf(msg, sizeof msg, "%s", err);
        ERR_AT(call->pos, "%s", msg);
        plan_call_free(plan);
        return -1;
    }

    int rc = -1;
    projection_t proj = {0};
    conn_sink_t *sink = NULL;
    input_t *ins = calloc((size_t)plan->ntables + 1, sizeof *ins);
    jb_function_t *jfn = NULL;
    const char *mode = "[INSERT]";   /* what the function produces */
    ptf_op_t *op = NULL;
    ptf_op_table_t *optables = calloc((size_t)plan->ntables + 1, sizeof *optables);
    int64_t *ttl = calloc((size_t)plan->sig->nstate + 1, sizeof *ttl);
    char *plan_json = NULL;
    value_t *scratch = NULL;
    filter_t *filter = NULL;
    sink_fit_t fit;
    memset(&fit, 0, sizeof fit);
    arena_init(&fit.arena, 0);

    if (project_init(env, q, plan->output_type, &proj, err, errlen) != 0) goto done;
    if (q->where && !(filter = filter_compile(&penv, q->where, plan->output_type, err, errlen))) goto done;
    if (sink_fit_init(env, q, proj.type, sink_table, &fit, err, errlen) != 0) goto done;

    /* The Java half, told what the sink accepts: an append-only file, an
     * upsert sink (PRIMARY KEY; deletes by key if the sink says so), or a
     * sink that needs a retract changelog. */
    const char *connector = sink_table ? catalog_table_option(sink_table, "connector") : NULL;
    const char *required = "[INSERT, UPDATE_BEFORE, UPDATE_AFTER, DELETE]";
    if (connector && strcmp(connector, "filesystem") == 0) {
        required = "[INSERT]";
    } else if (sink_table && sink_table->npk > 0) {
        const char *by_key = catalog_table_option(sink_table, "sink.supports-delete-by-key");
        required = by_key && strcasecmp(by_key, "true") == 0 ? "[INSERT, UPDATE_AFTER, ~DELETE]"
                                                             : "[INSERT, UPDATE_AFTER, DELETE]";
    }
    plan_json = plan_call_json(plan, required);
    if (!(jfn = java_open(s, plan, plan_json, err, errlen))) goto done;
    mode = jb_function_changelog_mode(jfn);
    if (check_output_mode(env, q, plan, sink_table, mode, err, errlen) != 0) goto done;

    if (capture) {
        capture->schema = type_clone(proj.type);
        capture->base.schema = capture->schema;
        sink = &capture->base;
        if (strstr(mode, "UPDATE_AFTER") && !strstr(mode, "UPDATE_BEFORE")) {
            /* an upsert result: its key is the PARTITION BY prefix */
            int prefix = plan->ntables > 0 && !plan->tables[0].pass_through ? plan->tables[0].nkeys : 0;
            capture->upsert_nkey = 0;
            for (int k = 0; k < prefix && k < 16; k++)
                for (int j = 0; j < proj.n; j++)
                    if (proj.cols[j] == k) capture->upsert_key[capture->upsert_nkey++] = j;
        }
    } else if (sink_table && s->materialize && connector && strcmp(connector, "print") == 0) {
        /* --materialize folds what a print sink receives on its PRIMARY KEY */
        sink = conn_sink_stdout(s->out, sink_table->schema,
                                s->format == SESSION_TABLEAU ? CONN_STDOUT_TABLEAU : CONN_STDOUT_CHANGELOG, true,
                                sink_table->pk, sink_table->npk);
    } else if (sink_table) {
        sink = conn_sink_open(sink_table, s->base_dir, s->out, err, errlen);
    } else {
        /* An upsert result folds on the PARTITION BY prefix (the upsert key). */
        int key[64], nkey = 0;
        bool upsert = strstr(mode, "UPDATE_AFTER") && !strstr(mode, "UPDATE_BEFORE");
        int prefix = plan->ntables > 0 && !plan->tables[0].pass_through ? plan->tables[0].nkeys : 0;
        for (int k = 0; upsert && k < prefix && nkey < 64; k++)
            for (int j = 0; j < proj.n; j++)
                if (proj.cols[j] == k) key[nkey++] = j;
        if (nkey != prefix) nkey = 0;
        sink = conn_sink_stdout(s->out, proj.type,
                                s->format == SESSION_TABLEAU ? CONN_STDOUT_TABLEAU : CONN_STDOUT_CHANGELOG,
                                s->materialize, key, nkey);
    }
    if (!sink) goto done;
    if (!sink->accepts_updates && strcmp(mode, "[INSERT]") != 0) {
        ERR_AT(q->pos, "Table sink '%s' doesn't support consuming update and delete changes which is produced by "
                       "node ProcessTableFunction(invocation=[%s(...)], changelogMode=%s). Write to a sink that "
                       "accepts updates (print, or a table with a PRIMARY KEY on an upsert connector).",
               sink_table ? sink_table->name : "?", plan->function_name, mode);
        goto done;
    }

    /* Operator. */
    const char *global_ttl = catalog_get(&s->catalog, "table.exec.state.ttl");
    if (global_ttl && plan_parse_duration_ms(global_ttl) < 0) {
        snprintf(err, errlen, "Could not parse value '%s' for key 'table.exec.state.ttl'. Use a duration such as "
                              "'30 s', '45 min', '7 d' or a number of milliseconds; '0' disables expiry.",
                 global_ttl);
        goto done;
    }
    for (int i = 0; i < plan->sig->nstate; i++) {
        long long declared = plan->sig->state[i].ttl_ms;
        ttl[i] = declared >= 0 ? declared : global_ttl ? plan_parse_duration_ms(global_ttl) : 0;
    }
    for (int i = 0; i < plan->ntables; i++) {
        const plan_table_t *pt = &plan->tables[i];
        optables[i] = (ptf_op_table_t){pt->typed ? pt->typed : pt->table->schema, pt->nkeys, pt->key_cols, pt->time_col,
                                       pt->pass_through, pt->set_semantics, pt->norder, pt->order_cols,
                                       pt->order_desc};
    }
    ptf_op_config_t cfg = {
        .sig = plan->sig,
        .ntables = plan->ntables,
        .tables = optables,
        .state_ttl_ms = ttl,
        .output_type = plan->output_type,
        .layout = &plan->layout,
        .has_rowtime = plan->has_rowtime,
        .drop_late_rows = strcmp(plan->flink_version, "2.3") < 0,
        .batch_rows = plan->batch_rows,
        .function_name = plan->function_name,
        .on_watermark = capture ? capture_watermark : NULL,
        .on_watermark_ctx = capture,
    };
    scratch = calloc((size_t)proj.n + 1, sizeof *scratch);
    emit_ctx_t ectx = {&proj, filter, sink, scratch, 0, err, errlen, &fit};
    ptf_invoker_t inv = {jfn, jb_function_process};
    op = ptf_op_new(&cfg, inv, emit_row, &ectx);

    /* Inputs, in call order. */
    int *order = calloc((size_t)plan->ntables + 1, sizeof *order);
    for (int i = 0; i < plan->ntables; i++) order[i] = i;
    for (int i = 0; i < plan->ntables; i++)   /* stable sort by position in the call */
        for (int j = i + 1; j < plan->ntables; j++)
            if (plan->tables[order[j]].call_index < plan->tables[order[i]].call_index) {
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
    for (int i = 0; i < plan->ntables; i++) {
        input_t *in = &ins[i];
        in->table = plan->tables[order[i]].table;
        in->op_table = order[i];
        in->flushed_at = in->started_at = monotonic_ms();
        if (in->table->watermark_col >= 0 && !in->table->explicit_watermarks &&
            !(in->wm = bounded_watermarks(s, in->table, err, errlen))) {
            free(order);
            goto done;
        }
        const plan_table_t *pt = &plan->tables[order[i]];
        in->typed = pt->typed;
        changelog_norm_init(&in->norm, in->table->schema, in->table->pk, in->table->npk, pt->source_mode,
                            pt->delivered,
                            (plan->sig->args[pt->arg].traits & TRAIT_REQUIRE_FULL_DELETE) != 0);
        arena_init(&in->arena, 0);
        in->src = conn_source_open(in->table, s->base_dir, err, errlen);
        if (!in->src) {
            free(order);
            goto done;
        }
    }
    free(order);

    /* the test hook sees the operator before, near and after the end */
    const type_t *key_types[64];
    const char *key_names[64];
    session_call_state_t hook = {SESSION_CALL_START, plan->function_name, plan->uid, plan->sig, 0, key_types,
                                 key_names, op, 0};
    if (plan->ntables > 0 && plan->tables[0].set_semantics)
        for (int k = 0; k < plan->tables[0].nkeys && k < 64; k++) {
            /* the operator encodes keys with the row type it receives (a typed argument's declared type) */
            const type_t *schema = plan->tables[0].table->schema;
            const type_t *rows = plan->tables[0].typed ? plan->tables[0].typed : schema;
            key_types[hook.nkeys] = rows->fields[plan->tables[0].key_cols[k]].type;
            key_names[hook.nkeys++] = schema->fields[plan->tables[0].key_cols[k]].name;
        }
    if (s->call_hook) {
        hook.now_ms = session_now_ms(s);
        ptf_op_set_processing_time(op, hook.now_ms);
        if (s->call_hook(s->call_hook_ctx, &hook, err, errlen) != 0) goto done;
    }

    if (plan->ntables == 0) {
        /* A PTF without table arguments runs eval exactly once. */
        ptf_op_set_processing_time(op, session_now_ms(s));
        end_hook_t eh = {s, &hook};
        if (ptf_op_push(op, -1, NULL, err, errlen) != 0 || before_end(op, &eh, err, errlen) != 0 ||
            ptf_op_end_input(op, -1, err, errlen) != 0)
            goto done;
    } else if (run_inputs(op, s, ins, plan->ntables, &(end_hook_t){s, &hook}, err, errlen) != 0) {
        /* A bad input fails the job like Flink, after the rows before it went
         * out (Flink streams them before it reaches the bad record). */
        bool source_failed = false;
        for (int i = 0; i < plan->ntables; i++) source_failed |= ins[i].failed;
        if (source_failed) {
            char ferr[256];
            ptf_op_flush(op, ferr, sizeof ferr);
        }
        goto done;
    }
    if (ptf_op_flush(op, err, errlen) != 0 || ectx.failed) goto done;
    if (s->call_hook) {
        hook.phase = SESSION_CALL_END;
        hook.now_ms = session_now_ms(s);
        if (s->call_hook(s->call_hook_ctx, &hook, err, errlen) != 0) goto done;
    }
    for (int i = 0; i < plan->ntables; i++)
        if (ins[i].src->skipped)
            fprintf(stderr, "ptfhost: table '%s': skipped %ld malformed row%s (json.ignore-parse-errors)\n",
                    ins[i].table->name, ins[i].src->skipped, ins[i].src->skipped == 1 ? "" : "s");
    rc = 0;

done:
    if (sink) {
        char cerr[1024];
        if (sink->close(sink, rc == 0, cerr, sizeof cerr) != 0 && rc == 0) {
            snprintf(err, errlen, "%s", cerr);
            rc = -1;
        }
    }
    for (int i = 0; i < plan->ntables; i++) {
        if (ins[i].src) ins[i].src->close(ins[i].src);
        if (ins[i].table) changelog_norm_free(&ins[i].norm);
        wm_source_free(ins[i].wm);
        arena_destroy(&ins[i].arena);
    }
    if (jfn) {
        char cerr[1024];
        jb_function_close(jfn, cerr, sizeof cerr);
    }
    ptf_op_free(op);
    free(ins);
    free(optables);
    free(ttl);
    free(plan_json);
    free(scratch);
    filter_free(filter);
    arena_destroy(&fit.arena);
    project_free(&proj);
    plan_call_free(plan);
    return rc;
}

/* ---- a plain table scan (SELECT * FROM t) --------------------------------------------- */

static int run_scan(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink_table, capture_t *capture,
                    char *err, size_t errlen)
{
    session_t *s = env->session;
    const catalog_table_t *t = plan_find_table(&s->catalog, q->from->table);
    if (!t) {
        char *n = plan_name_string(q->from->table);
        ERR_AT(q->from->pos, "SQL validation failed. Object '%s' not found", n);
        free(n);
        return -1;
    }
    projection_t proj = {0};
    plan_env_t penv = {&s->catalog, env->script, env->describe, env->describe_ctx, s->flink_version};
    filter_t *filter = NULL;
    sink_fit_t fit;
    memset(&fit, 0, sizeof fit);
    arena_init(&fit.arena, 0);
    if (project_init(env, q, t->schema, &proj, err, errlen) != 0 ||
        (q->where && !(filter = filter_compile(&penv, q->where, t->schema, err, errlen))) ||
        sink_fit_init(env, q, proj.type, sink_table, &fit, err, errlen) != 0) {
        filter_free(filter);
        arena_destroy(&fit.arena);
        project_free(&proj);
        return -1;
    }
    if (capture) {
        capture->schema = type_clone(proj.type);
        capture->base.schema = capture->schema;
    }
    conn_sink_t *sink = capture ? &capture->base
                      : sink_table ? conn_sink_open(sink_table, s->base_dir, s->out, err, errlen)
                                   : conn_sink_stdout(s->out, proj.type,
                                                      s->format == SESSION_TABLEAU ? CONN_STDOUT_TABLEAU
                                                                                    : CONN_STDOUT_CHANGELOG,
                                                      s->materialize, NULL, 0);
    if (!sink) {
        filter_free(filter);
        arena_destroy(&fit.arena);
        project_free(&proj);
        return -1;
    }
    conn_source_t *src = conn_source_open(t, s->base_dir, err, errlen);
    int rc = src ? 0 : -1;
    arena_t a;
    arena_init(&a, 0);
    value_t *scratch = calloc((size_t)proj.n + 1, sizeof *scratch);
    emit_ctx_t e = {&proj, filter, sink, scratch, 0, err, errlen, &fit};
    int64_t last_wm = INT64_MIN;
    wm_source_t *wm = NULL;
    if (capture && rc == 0 && t->watermark_col >= 0 && !t->explicit_watermarks &&
        !(wm = bounded_watermarks(s, t, err, errlen)))
        rc = -1;
    while (rc == 0) {
        row_t row;
        arena_reset(&a);
        int r = src->next(src, &row, &a, err, errlen);
        if (r == CONN_SRC_WATERMARK) {
            if (capture && src->event_time > last_wm) capture_watermark(capture, last_wm = src->event_time);
            continue;
        }
        if (r == CONN_SRC_PROCTIME) continue;
        if (r < 0) rc = -1;
        if (r <= 0) break;
        emit_row(&e, &row);
        if (e.failed) rc = -1;
        /* a view over a table forwards the table's watermarks */
        int wc = t->watermark_col;
        int64_t time = row.fields[wc < 0 ? 0 : wc].is_null || wc < 0 ? WM_NO_TIME : row.fields[wc].u.ts.millis;
        if (wm && (wm_on_event(wm, 0, time, session_now_ms(s)) & WM_OUT_WATERMARK))
            capture_watermark(capture, last_wm = wm_current(wm));
    }
    wm_source_free(wm);
    if (capture && rc == 0) capture_watermark(capture, INT64_MAX);
    if (src) src->close(src);
    char cerr[1024];
    if (sink->close(sink, rc == 0, cerr, sizeof cerr) != 0 && rc == 0) {
        snprintf(err, errlen, "%s", cerr);
        rc = -1;
    }
    arena_destroy(&a);
    free(scratch);
    filter_free(filter);
    arena_destroy(&fit.arena);
    project_free(&proj);
    return rc;
}

static int run_query(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, capture_t *capture,
                     char *err, size_t errlen);

/* Runs a view's query once, capturing its output as the view's events. */
static int materialize_view(job_env_t *env, catalog_table_t *t, char *err, size_t errlen)
{
    if (!t->view_query || t->has_events) return 0;
    capture_t c;
    memset(&c, 0, sizeof c);
    c.base.write = capture_write;
    c.base.close = capture_close;
    c.base.accepts_updates = true;
    arena_init(&c.arena, 0);
    job_env_t venv = *env;
    venv.script = t->view_script;
    int rc = run_query(&venv, t->view_query, NULL, &c, err, errlen);
    if (rc == 0) {
        type_free(t->schema);
        t->schema = c.schema;
        c.schema = NULL;
        t->schema->nullable = true;
        t->watermark_col = -1;
        for (int i = 0; i < t->schema->nfields; i++)
            if (t->schema->fields[i].type->time_kind == TYPE_TK_ROWTIME) {
                t->watermark_col = i;
                break;
            }
        t->explicit_watermarks = true;
        if (c.upsert_nkey > 0) {
            free(t->pk);
            t->pk = calloc((size_t)c.upsert_nkey, sizeof(int));
            for (int i = 0; i < c.upsert_nkey; i++) t->pk[i] = c.upsert_key[i];
            t->npk = c.upsert_nkey;
        }
        catalog_table_set_events(t, c.ev, c.n);
    }
    type_free(c.schema);
    free(c.ev);
    arena_destroy(&c.arena);
    return rc;
}

/* Materialises the views a query reads (its FROM table, or its call's table arguments). */
static int materialize_inputs(job_env_t *env, const sqlp_query_t *q, char *err, size_t errlen)
{
    catalog_t *c = &env->session->catalog;
    if (!q->from) return 0;
    if (q->from->kind == SQLP_FROM_TABLE) {
        catalog_table_t *t = plan_find_table(c, q->from->table);
        return t ? materialize_view(env, t, err, errlen) : 0;
    }
    if (q->from->kind != SQLP_FROM_CALL) return 0;
    const sqlp_expr_t *call = q->from->call;
    for (int i = 0; i < call->u.call.nargs; i++) {
        const sqlp_expr_t *v = call->u.call.args[i].value;
        if (v->kind != SQLP_E_TABLE_ARG || !v->u.table.table) continue;
        catalog_table_t *t = plan_find_table(c, v->u.table.table);
        if (t && materialize_view(env, t, err, errlen) != 0) return -1;
    }
    return 0;
}

static int run_query(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, capture_t *capture,
                     char *err, size_t errlen)
{
    /* Test events replace their tables' connectors before planning: the
     * events' row kinds decide whether a table is updating. */
    catalog_t *c = &env->session->catalog;
    for (int i = 0; i < c->ntables; i++)
        if (session_apply_events(env->session, c->tables[i], err, errlen) != 0) return -1;
    if (q->kind != SQLP_Q_SELECT || !q->from) {
        ERR_AT(q->pos, "Unsupported query: ptfhost runs SELECT ... FROM <function>(...) or FROM <table>.");
        return -1;
    }
    /* WITH items are views for the duration of this query */
    int nwith = 0, rc = 0;
    for (int i = 0; i < q->nwith && rc == 0; i++) {
        const sqlp_with_item_t *w = &q->with[i];
        if (catalog_find_table(c, w->name.name)) {
            ERR_AT(w->name.pos, "Unsupported: the WITH item '%s' has the name of a table or view declared before.",
                   w->name.name);
            rc = -1;
            break;
        }
        if (w->ncols) {
            ERR_AT(w->name.pos, "Unsupported: a column list on a WITH item; alias the columns in its SELECT.");
            rc = -1;
            break;
        }
        catalog_table_t *t = catalog_table_new(w->name.name);
        t->view_query = w->query;
        t->view_script = env->script;
        t->temporary = true;
        catalog_add_table(c, t);
        nwith++;
    }
    if (rc == 0) rc = materialize_inputs(env, q, err, errlen);
    if (rc == 0) {
        switch (q->from->kind) {
        case SQLP_FROM_CALL: rc = run_call(env, q, sink, capture, err, errlen); break;
        case SQLP_FROM_TABLE: rc = run_scan(env, q, sink, capture, err, errlen); break;
        default:
            ERR_AT(q->from->pos, "Unsupported FROM clause: ptfhost reads a function call or a table.");
            rc = -1;
        }
    }
    for (int i = 0; i < nwith; i++) catalog_drop_table(c, q->with[i].name.name);
    return rc;
}

int job_run_query(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, char *err, size_t errlen)
{
    return run_query(env, q, sink, NULL, err, errlen);
}

/* The view's columns, running its query if it has not run yet. */
int job_view_schema(job_env_t *env, catalog_table_t *t, char *err, size_t errlen)
{
    return materialize_view(env, t, err, errlen);
}

int job_run_insert(job_env_t *env, const sqlp_insert_t *ins, char *err, size_t errlen)
{
    const catalog_table_t *t = plan_find_table(&env->session->catalog, &ins->table);
    if (!t) {
        char *n = plan_name_string(&ins->table);
        ERR_AT(ins->table.pos, "SQL validation failed. Object '%s' not found (declare the sink with CREATE TABLE "
                               "first)", n);
        free(n);
        return -1;
    }
    if (ins->ncols) {
        ERR_AT(ins->table.pos, "Unsupported INSERT: a column list is not supported by ptfhost yet; the query's "
                               "columns bind to the sink's columns by position.");
        return -1;
    }
    return job_run_query(env, ins->query, t, err, errlen);
}

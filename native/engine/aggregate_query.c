/* aggregate_query.c - see aggregate_query.h. */
#include "engine/aggregate_query.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/aggregate.h"
#include "engine/changelog.h"
#include "engine/filter.h"
#include "engine/inputs.h"
#include "engine/aggregate_checkpoint.h"
#include "engine/output.h"
#include "expr/expr.h"
#include "expr/expr_udf.h"
#include "time/watermark.h"
#include "util/arena.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define ERR_AT(pos, ...) sqlp_format_error(env->script, (pos), 0, err, errlen, __VA_ARGS__)
#define MAX_CHILDREN 256

/* ---- finding and rewriting aggregate calls ------------------------------------------------ */

static int call_func(const sqlp_expr_t *e)
{
    if (e->kind != SQLP_E_CALL || e->u.call.name.nparts != 1) return -1;
    char upper[32];
    const char *n = e->u.call.name.parts[0].name;
    size_t k = 0;
    for (; n[k] && k + 1 < sizeof upper; k++) upper[k] = (char)toupper((unsigned char)n[k]);
    upper[k] = 0;
    return n[k] ? -1 : agg_func_lookup(upper);
}

/* The slots of e's child expressions (at most max). */
static int child_slots(sqlp_expr_t *e, sqlp_expr_t **out[], int max)
{
    int n = 0;
#define PUT(slot) do { if ((slot) && *(slot) && n < max) out[n++] = (slot); } while (0)
    switch (e->kind) {
    case SQLP_E_UNARY:
    case SQLP_E_BINARY: PUT(&e->u.op.a); PUT(&e->u.op.b); break;
    case SQLP_E_BETWEEN: PUT(&e->u.between.a); PUT(&e->u.between.low); PUT(&e->u.between.high); break;
    case SQLP_E_IN:
        PUT(&e->u.in.a);
        for (int k = 0; k < e->u.in.n; k++) PUT(&e->u.in.list[k]);
        break;
    case SQLP_E_LIKE: PUT(&e->u.like.a); PUT(&e->u.like.pattern); PUT(&e->u.like.escape); break;
    case SQLP_E_CALL:
        for (int k = 0; k < e->u.call.nargs; k++) PUT(&e->u.call.args[k].value);
        break;
    case SQLP_E_CAST: PUT(&e->u.cast.a); break;
    case SQLP_E_CASE:
        PUT(&e->u.case_.operand);
        for (int k = 0; k < e->u.case_.nwhen; k++) {
            PUT(&e->u.case_.whens[k].when);
            PUT(&e->u.case_.whens[k].then);
        }
        PUT(&e->u.case_.else_);
        break;
    case SQLP_E_ARRAY:
    case SQLP_E_MAP:
    case SQLP_E_ROW:
        for (int k = 0; k < e->u.list.n; k++) PUT(&e->u.list.items[k]);
        break;
    case SQLP_E_ITEM: PUT(&e->u.item.a); PUT(&e->u.item.index); break;
    default: break;
    }
#undef PUT
    return n;
}

static bool contains_agg(const sqlp_expr_t *e)
{
    if (!e) return false;
    if (call_func(e) > 0) return true;
    sqlp_expr_t **slots[MAX_CHILDREN];
    int n = child_slots((sqlp_expr_t *)e, slots, MAX_CHILDREN);
    for (int k = 0; k < n; k++)
        if (contains_agg(*slots[k])) return true;
    return false;
}

bool agg_query_is(const sqlp_query_t *q)
{
    if (q->kind != SQLP_Q_SELECT) return false;
    if (q->ngroup || q->having) return true;
    for (int i = 0; i < q->nitems; i++)
        if (contains_agg(q->items[i].expr)) return true;
    return false;
}

/* ---- the plan: keys, calls, and the select list over [keys ++ results] -------------------- */

typedef struct agg_plan {
    const job_env_t *env;
    const type_t *in;            /* the input row */
    arena_t arena;               /* rewritten nodes */
    int nkeys;
    int key_cols[PROJECT_MAX_KEY];
    type_t *key_type;
    int window_time_col;         /* window_time of a window TVF's row (stays a rowtime key), else -1 */
    agg_call_t *calls;
    expr_t **args;               /* per call; NULL for COUNT(*) */
    const char **texts;          /* per call: its SQL text (the state's entry names in --dump-state) */
    int ncalls;
    sqlp_query_t shaped;         /* q with the select list and HAVING over the aggregate's row */
} agg_plan_t;

static void plan_free(agg_plan_t *p)
{
    for (int i = 0; i < p->ncalls; i++) expr_free(p->args[i]);
    free(p->args);
    free(p->texts);
    free(p->calls);
    type_free(p->key_type);
    arena_destroy(&p->arena);
}

/* The separator of LISTAGG(x, 'sep'): a string literal. */
static int listagg_separator(agg_plan_t *p, const sqlp_expr_t *e, agg_call_t *c, char *err, size_t errlen)
{
    const job_env_t *env = p->env;
    if (e->u.call.nargs == 1) return 0;
    const sqlp_expr_t *s = e->u.call.args[1].value;
    if (e->u.call.nargs > 2 || s->kind != SQLP_E_LITERAL || s->u.lit.kind != SQLP_LIT_STRING) {
        ERR_AT(e->pos, "LISTAGG takes a value and an optional string literal separator");
        return -1;
    }
    c->separator = s->u.lit.text;
    return 0;
}

/* Registers the aggregate call e: its argument compiled over the input row. */
static int add_call(agg_plan_t *p, const sqlp_expr_t *e, char *err, size_t errlen)
{
    const job_env_t *env = p->env;
    agg_call_t c = {.func = (agg_func_t)call_func(e), .distinct = e->u.call.distinct};
    const sqlp_expr_t *arg = e->u.call.nargs ? e->u.call.args[0].value : NULL;
    expr_t *x = NULL;
    if (c.func == AGG_COUNT && arg && arg->kind == SQLP_E_STAR && !c.distinct) {
        c.func = AGG_COUNT_STAR;
    } else {
        if (!arg || arg->kind == SQLP_E_STAR || (e->u.call.nargs > 1 && c.func != AGG_LISTAGG)) {
            ERR_AT(e->pos, "Invalid number of arguments to function '%s'", e->u.call.name.parts[0].name);
            return -1;
        }
        if (contains_agg(arg)) {
            ERR_AT(arg->pos, "Aggregate expressions cannot be nested");
            return -1;
        }
        expr_env_t xenv = {env->script, NULL};
        if (plan_session_zone(env->catalog, &xenv.zone, err, errlen) != 0 ||
            !(x = expr_compile_udfs(&xenv, env->udfs, arg, p->in, err, errlen)))
            return -1;
        c.arg_type = expr_type(x);
        if (c.func == AGG_LISTAGG && listagg_separator(p, e, &c, err, errlen) != 0) {
            expr_free(x);
            return -1;
        }
    }
    char terr[256];
    type_t *rt = agg_result_type(&c, terr, sizeof terr);
    if (!rt) {
        expr_free(x);
        ERR_AT(e->pos, "%s", terr);
        return -1;
    }
    type_free(rt);
    p->calls = xrealloc(p->calls, (size_t)(p->ncalls + 1) * sizeof *p->calls);
    p->args = xrealloc(p->args, (size_t)(p->ncalls + 1) * sizeof *p->args);
    p->texts = xrealloc(p->texts, (size_t)(p->ncalls + 1) * sizeof *p->texts);
    p->texts[p->ncalls] = arena_strndup(&p->arena, env->script->text + e->pos.offset, e->end - e->pos.offset);
    p->calls[p->ncalls] = c;
    p->args[p->ncalls++] = x;
    return 0;
}

static sqlp_expr_t *column_node(agg_plan_t *p, const sqlp_expr_t *at, int call)
{
    sqlp_expr_t *col = arena_calloc(&p->arena, 1, sizeof *col);
    col->kind = SQLP_E_COLUMN;
    col->pos = at->pos;
    col->end = at->end;
    char name[24];
    snprintf(name, sizeof name, "$agg%d", call);
    sqlp_ident_t *id = arena_calloc(&p->arena, 1, sizeof *id);
    *id = (sqlp_ident_t){arena_strdup(&p->arena, name), true, at->pos};
    col->u.name = (sqlp_name_t){1, id, at->pos};
    return col;
}

/* A copy of e's node whose child arrays are copies too (the tree is read-only). */
static sqlp_expr_t *copy_node(agg_plan_t *p, const sqlp_expr_t *e)
{
    sqlp_expr_t *c = arena_memdup(&p->arena, e, sizeof *e);
    switch (c->kind) {
    case SQLP_E_IN: c->u.in.list = arena_memdup(&p->arena, e->u.in.list, (size_t)e->u.in.n * sizeof(void *)); break;
    case SQLP_E_CALL:
        c->u.call.args = arena_memdup(&p->arena, e->u.call.args, (size_t)e->u.call.nargs * sizeof(sqlp_arg_t));
        break;
    case SQLP_E_CASE:
        c->u.case_.whens = arena_memdup(&p->arena, e->u.case_.whens, (size_t)e->u.case_.nwhen * sizeof(sqlp_when_t));
        break;
    case SQLP_E_ARRAY:
    case SQLP_E_MAP:
    case SQLP_E_ROW:
        c->u.list.items = arena_memdup(&p->arena, e->u.list.items, (size_t)e->u.list.n * sizeof(void *));
        break;
    default: break;
    }
    return c;
}

/* e with every aggregate call replaced by the column of its result; NULL on error. */
static sqlp_expr_t *rewrite(agg_plan_t *p, const sqlp_expr_t *e, char *err, size_t errlen)
{
    if (call_func(e) > 0) {
        if (add_call(p, e, err, errlen) != 0) return NULL;
        return column_node(p, e, p->ncalls - 1);
    }
    if (!contains_agg(e)) return (sqlp_expr_t *)e;
    sqlp_expr_t *c = copy_node(p, e);
    sqlp_expr_t **slots[MAX_CHILDREN];
    int n = child_slots(c, slots, MAX_CHILDREN);
    for (int k = 0; k < n; k++)
        if (!(*slots[k] = rewrite(p, *slots[k], err, errlen))) return NULL;
    return c;
}

/* ROLLUP, CUBE, GROUPING SETS and group window functions, by name; NULL for anything else. */
static const char *grouping_construct(const sqlp_expr_t *g)
{
    static const char *const names[] = {"ROLLUP", "CUBE", "GROUPING", "TUMBLE", "HOP", "SESSION", "CUMULATE"};
    if (g->kind != SQLP_E_CALL || g->u.call.name.nparts != 1) return NULL;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strcasecmp(g->u.call.name.parts[0].name, names[k]) == 0) return names[k];
    return NULL;
}

/* GROUP BY columns: the key row's fields, in GROUP BY order. */
static int plan_keys(agg_plan_t *p, const sqlp_query_t *q, char *err, size_t errlen)
{
    const job_env_t *env = p->env;
    p->key_type = type_new(TYPE_ROW, false);
    if (q->ngroup > PROJECT_MAX_KEY) {
        ERR_AT(q->group_pos, "GROUP BY more than %d columns is not supported by ptfhost", PROJECT_MAX_KEY);
        return -1;
    }
    for (int k = 0; k < q->ngroup; k++) {
        const sqlp_expr_t *g = q->group_by[k];
        if (grouping_construct(g)) {
            ERR_AT(g->pos, "GROUP BY %s(...) is not supported by ptfhost", grouping_construct(g));
            return -1;
        }
        int c = g->kind == SQLP_E_COLUMN ? type_field_index(p->in, sqlp_name_last(&g->u.name)->name) : -1;
        if (c < 0) {
            ERR_AT(g->pos, "GROUP BY an expression that is not a column of the input is not supported by "
                           "ptfhost; group by a column (compute it in a view first)");
            return -1;
        }
        p->key_cols[p->nkeys++] = c;
        type_t *t = type_clone(p->in->fields[c].type);
        if (c != p->window_time_col) t->time_kind = TYPE_TK_REGULAR;   /* Flink: a grouped rowtime is regular */
        type_add_field(p->key_type, p->in->fields[c].name, t, NULL);
    }
    return 0;
}

/* Calcite's ordinal for EXPR$n over the names so far (project.h's rule). */
static int distinct_names(const char *const *names, int n)
{
    int d = 0;
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < i && strcmp(names[j], names[i]) != 0) j++;
        d += j == i;
    }
    return d;
}

/* The select list over [keys ++ results]; an item without alias keeps the
 * name Flink gives the original item. */
static int plan_items(agg_plan_t *p, const sqlp_query_t *q, char *err, size_t errlen)
{
    const job_env_t *env = p->env;
    sqlp_select_item_t *items = arena_calloc(&p->arena, (size_t)q->nitems + 1, sizeof *items);
    const char **names = arena_calloc(&p->arena, (size_t)q->nitems + 1, sizeof *names);
    for (int i = 0; i < q->nitems; i++) {
        const sqlp_select_item_t *it = &q->items[i];
        if (it->expr->kind == SQLP_E_STAR) {
            ERR_AT(it->expr->pos, "SELECT * with GROUP BY or aggregates is not supported by ptfhost; name the "
                                  "grouped columns");
            return -1;
        }
        items[i] = *it;
        if (!(items[i].expr = rewrite(p, it->expr, err, errlen))) return -1;
        if (it->alias) {
            names[i] = it->alias->name;
        } else if (it->expr->kind == SQLP_E_COLUMN) {
            names[i] = sqlp_name_last(&it->expr->u.name)->name;
        } else {
            char def[24];
            snprintf(def, sizeof def, "EXPR$%d", distinct_names(names, i));
            sqlp_ident_t *alias = arena_calloc(&p->arena, 1, sizeof *alias);
            *alias = (sqlp_ident_t){arena_strdup(&p->arena, def), true, it->expr->pos};
            items[i].alias = alias;
            names[i] = alias->name;
        }
    }
    p->shaped.items = items;
    return 0;
}

/* A column reference in the select list or HAVING must name a group key
 * (`k`, `t.k`, `k.field`) or an aggregate's result. */
static int check_grouped(const agg_plan_t *p, const sqlp_expr_t *e, char *err, size_t errlen)
{
    const job_env_t *env = p->env;
    const type_t *row = p->key_type;
    if (e->kind == SQLP_E_COLUMN) {
        const sqlp_name_t *n = &e->u.name;
        if (n->parts[0].name[0] == '$' || type_field_index(row, n->parts[0].name) >= 0 ||
            (n->nparts > 1 && type_field_index(row, n->parts[1].name) >= 0))
            return 0;
        ERR_AT(e->pos, "SQL validation failed. Expression '%s' is not being grouped", sqlp_name_last(n)->name);
        return -1;
    }
    sqlp_expr_t **slots[MAX_CHILDREN];
    int n = child_slots((sqlp_expr_t *)e, slots, MAX_CHILDREN);
    for (int k = 0; k < n; k++)
        if (check_grouped(p, *slots[k], err, errlen) != 0) return -1;
    return 0;
}

static int plan_init(agg_plan_t *p, const job_env_t *env, const sqlp_query_t *q, const type_t *in,
                     int window_time_col, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->env = env;
    p->in = in;
    p->window_time_col = window_time_col;
    arena_init(&p->arena, 0);
    p->shaped = *q;
    p->shaped.ngroup = 0;
    p->shaped.having = NULL;
    if (plan_keys(p, q, err, errlen) != 0 || plan_items(p, q, err, errlen) != 0) return -1;
    if (q->having && !(p->shaped.where = rewrite(p, q->having, err, errlen))) return -1;
    if (!q->having) p->shaped.where = NULL;
    for (int i = 0; i < q->nitems; i++)
        if (check_grouped(p, p->shaped.items[i].expr, err, errlen) != 0) return -1;
    return p->shaped.where ? check_grouped(p, p->shaped.where, err, errlen) : 0;
}

/* ---- running ------------------------------------------------------------------------------ */

/* The stages between the inputs and the output: normaliser, WHERE, keys and
 * arguments, the aggregate state. */
/* A TUMBLE window TVF under the aggregation (window.c's contract in aggregate_query.h). */
typedef enum window_kind { WINDOW_TUMBLE, WINDOW_HOP, WINDOW_CUMULATE } window_kind_t;
#define WINDOW_MAX_PER_ROW 1000  /* HOP size / slide, CUMULATE size / step */

typedef struct agg_window {
    bool on;
    window_kind_t kind;
    int ts_col;                  /* the rowtime column of the TVF's table */
    int64_t size_ms;             /* TUMBLE, HOP: the size; CUMULATE: the max size */
    int64_t step_ms;             /* HOP: the slide; CUMULATE: the step */
    int end_key;                 /* window_end's position in the group keys */
    int64_t watermark;
    type_t *row;                 /* the TVF's row: the table's columns ++ window_start, window_end, window_time */
} agg_window_t;

typedef struct agg_run {
    agg_window_t win;
    agg_plan_t plan;
    changelog_norm_t norm;
    filter_t *where;
    agg_state_t *state;
    output_t out;
    arena_t scratch;             /* keys and arguments of one row */
    FILE *results;
    proctime_t *clock;
    const job_env_t *env;
    job_stage_state_t dump;      /* --dump-state: [keys ++ results] named by the calls' text */
    agg_ckpt_t ckpt;
    char *shape;                 /* the checkpoint's shape (aggregate_checkpoint.h) */
    /* With a UDF in WHERE or an aggregate's argument, the rows to aggregate
     * (under a window TVF, each window's row) wait here; flush_pending runs them. */
    bool batched;
    int64_t now_ms;              /* the processing time of the input row now arriving */
    agg_query_batch_t pending;
} agg_run_t;

static int on_result(void *ctx, const row_t *row, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    agg_run_t *r = ctx;
    output_row(&r->out, row);
    return r->out.failed ? -1 : 0;
}

static int64_t floor_to(int64_t ms, int64_t unit) { return ms - ((ms % unit) + unit) % unit; }

/* The windows of a row at ms, by start (at most WINDOW_MAX_PER_ROW). TUMBLE:
 * one; HOP: size / slide windows whose starts step by slide; CUMULATE: the
 * windows of ms's max-size period that end after ms, growing by step. */
static int window_bounds(const agg_window_t *w, int64_t ms, int64_t *starts, int64_t *ends)
{
    int n = 0;
    if (w->kind == WINDOW_CUMULATE) {
        int64_t start = floor_to(ms, w->size_ms);
        for (int64_t end = floor_to(ms, w->step_ms) + w->step_ms; end <= start + w->size_ms; end += w->step_ms)
            starts[n] = start, ends[n++] = end;
        return n;
    }
    int64_t step = w->kind == WINDOW_HOP ? w->step_ms : w->size_ms, last = floor_to(ms, step);
    for (int64_t start = last - w->size_ms + step; start <= last; start += step)
        starts[n] = start, ends[n++] = start + w->size_ms;
    return n;
}

/* The TVF's row for one window of a table row (t's columns ++ window
 * columns), in the scratch arena. */
static row_t window_row(agg_run_t *r, const row_t *row, int64_t start, int64_t end)
{
    value_t *f = arena_alloc(&r->scratch, (row->n + 3) * sizeof *f);
    memcpy(f, row->fields, row->n * sizeof *f);
    f[row->n] = (value_t){.u.ts = {start, 0}};
    f[row->n + 1] = (value_t){.u.ts = {end, 0}};
    f[row->n + 2] = (value_t){.u.ts = {end - 1, 0}};
    return (row_t){row->kind, row->n + 3, f};
}

/* 1 when row passes the WHERE, 0 when it does not, -1 with err when evaluating it failed. */
static int passes_where(agg_run_t *r, const row_t *row, char *err, size_t errlen)
{
    if (!r->where || filter_eval(r->where, row)) return 1;
    const char *e = filter_error(r->where);
    if (e) snprintf(err, errlen, "WHERE: %s", e);
    return e ? -1 : 0;
}

/* A row that passed the WHERE into its group: keys and arguments. */
static int group_row(agg_run_t *r, const row_t *row, char *err, size_t errlen)
{
    const agg_plan_t *p = &r->plan;
    value_t keys[PROJECT_MAX_KEY];
    for (int k = 0; k < p->nkeys; k++) keys[k] = row->fields[p->key_cols[k]];
    value_t *args = arena_calloc(&r->scratch, (size_t)p->ncalls + 1, sizeof *args);
    for (int i = 0; i < p->ncalls; i++)
        if (p->args[i] && expr_eval(p->args[i], row, &r->scratch, &args[i], err, errlen) != 0) return -1;
    return agg_state_apply(r->state, row->kind, keys, args, err, errlen);
}

/* Whether WHERE or an aggregate's argument calls a UDF (then rows wait for a batch). */
static bool needs_batches(const agg_run_t *r)
{
    if (r->where && expr_has_udf(filter_expr(r->where))) return true;
    for (int i = 0; i < r->plan.ncalls; i++)
        if (r->plan.args[i] && expr_has_udf(r->plan.args[i])) return true;
    return false;
}

/* The waiting rows: WHERE over the whole batch, then the arguments over the
 * rows that pass (one JNI call per UDF call site and round), then each row
 * into its group at its processing time. A failing row fails after the rows
 * before it, as row by row. */
static int flush_pending(agg_run_t *r, char *err, size_t errlen)
{
    agg_query_batch_t *b = &r->pending;
    if (!r->batched || b->n == 0) return 0;
    char where_err[4096];
    int npassed, rc = 0;
    int where = agg_query_batch_where(b, r->where, &npassed, where_err, sizeof where_err);
    for (int i = 0; i < r->plan.ncalls; i++)
        if (r->plan.args[i]) expr_prefetch(r->plan.args[i], b->rows, npassed);
    for (int i = 0; i < npassed && rc == 0; i++) {
        arena_reset(&r->scratch);
        agg_state_set_time(r->state, b->now_ms[i]);
        rc = group_row(r, &b->rows[i], err, errlen);
    }
    for (int i = 0; i < r->plan.ncalls; i++)
        if (r->plan.args[i]) expr_prefetch(r->plan.args[i], NULL, 0);
    if (rc == 0 && where != 0) rc = -1, snprintf(err, errlen, "%s", where_err);
    agg_query_batch_clear(b);
    return rc;
}

/* One row of the aggregation's input: WHERE, then into its group; with
 * UDFs it waits for its batch. */
static int aggregate_row(agg_run_t *r, const row_t *row, char *err, size_t errlen)
{
    if (r->batched)
        return agg_query_batch_add(&r->pending, row, r->now_ms) ? flush_pending(r, err, errlen) : 0;
    int pass = passes_where(r, row, err, errlen);
    return pass > 0 ? group_row(r, row, err, errlen) : pass;
}

/* One normalised input row; under a window TVF once per window, unless the
 * row is late: its first window (Flink's slice) has fired, or it has no rowtime. */
static int on_input(void *ctx, const row_t *in, char *err, size_t errlen)
{
    agg_run_t *r = ctx;
    arena_reset(&r->scratch);
    if (!r->win.on) return aggregate_row(r, in, err, errlen);
    const value_t *ts = &in->fields[r->win.ts_col];
    int64_t starts[WINDOW_MAX_PER_ROW], ends[WINDOW_MAX_PER_ROW];
    int n = ts->is_null ? 0 : window_bounds(&r->win, ts->u.ts.millis, starts, ends);
    int64_t first_end = INT64_MAX;
    for (int k = 0; k < n; k++) first_end = ends[k] < first_end ? ends[k] : first_end;
    if (n == 0 || first_end - 1 <= r->win.watermark) return 0;
    for (int k = 0; k < n; k++) {
        row_t row = window_row(r, in, starts[k], ends[k]);
        if (aggregate_row(r, &row, err, errlen) != 0) return -1;
    }
    return 0;
}

static int run_row(void *ctx, int id, const row_t *row, arena_t *a, int64_t now_ms, char *err, size_t errlen)
{
    (void)id, (void)a;
    agg_run_t *r = ctx;
    agg_state_set_time(r->state, now_ms);
    r->now_ms = now_ms;
    return changelog_norm_push(&r->norm, row, on_input, r, err, errlen);
}

/* A window fires when the watermark reaches its last millisecond (end - 1). */
static int run_watermark(void *ctx, int id, int64_t wm, char *err, size_t errlen)
{
    (void)id;
    agg_run_t *r = ctx;
    if (flush_pending(r, err, errlen) != 0) return -1;
    if (r->win.on && wm > r->win.watermark) {
        r->win.watermark = wm;
        if (agg_state_fire(r->state, r->win.end_key, wm == WM_END ? WM_END : wm + 1, err, errlen) != 0) return -1;
    }
    output_watermark(&r->out, wm);
    return 0;
}

/* Test events move processing time: the rows after it are read at ms (TTL). */
static int run_proctime(void *ctx, int64_t ms, char *err, size_t errlen)
{
    agg_run_t *r = ctx;
    if (flush_pending(r, err, errlen) != 0) return -1;
    proctime_set(r->clock, ms);
    return 0;
}

static int run_end(void *ctx, int id, bool last, char *err, size_t errlen)
{
    agg_run_t *r = ctx;
    if (!last) return 0;
    if (flush_pending(r, err, errlen) != 0) return -1;
    if (agg_query_hook(r->env, &r->dump, r->win.on, JOB_CALL_BEFORE_END, err, errlen) != 0) return -1;
    return run_watermark(ctx, id, WM_END, err, errlen);
}

static int run_flush(void *ctx, char *err, size_t errlen)
{
    agg_run_t *r = ctx;
    if (flush_pending(r, err, errlen) != 0) return -1;
    if (r->results) fflush(r->results);
    return 0;
}

/* ---- checkpoints ------------------------------------------------------------------------- */

typedef struct snap {
    ckpt_image_t *img;
    ckpt_stage_t *st;
} snap_t;

static void snap_group(void *ctx, const void *key, size_t klen, int64_t written_ms, const void *value, size_t vlen)
{
    snap_t *s = ctx;
    ckpt_stage_add(s->img, s->st, key, (uint32_t)klen, written_ms, value, (uint32_t)vlen);
}

static int fill_stage(void *ctx, ckpt_image_t *img, ckpt_stage_t *st, char *err, size_t errlen)
{
    snap_t s = {img, st};
    return agg_state_snapshot(((agg_run_t *)ctx)->state, snap_group, &s, err, errlen);
}

static int run_barrier(void *ctx, const inputs_position_t *pos, int n, bool final, char *err, size_t errlen)
{
    agg_run_t *r = ctx;
    if (flush_pending(r, err, errlen) != 0) return -1;
    int64_t wm = r->win.on ? r->win.watermark : WM_NONE;
    return agg_ckpt_barrier(&r->ckpt, r->env, pos, n, final, wm, fill_stage, r, err, errlen);
}

/* What the groups' bytes depend on: key and argument types, the calls, the window. */
static char *state_shape(const agg_run_t *r)
{
    static const char *const funcs[] = {"COUNT(*)", "COUNT", "SUM", "AVG", "MIN", "MAX", "FIRST_VALUE",
                                        "LAST_VALUE", "LISTAGG"};
    buf_t b = BUF_INIT;
    char *key = type_to_serializable_string(r->plan.key_type);
    buf_printf(&b, "keys %s", key);
    free(key);
    for (int i = 0; i < r->plan.ncalls; i++) {
        const agg_call_t *c = &r->plan.calls[i];
        char *arg = c->arg_type ? type_to_serializable_string(c->arg_type) : NULL;
        buf_printf(&b, ", %s%s%s%s", funcs[c->func], c->distinct ? " DISTINCT" : "", arg ? " " : "", arg ? arg : "");
        free(arg);
    }
    if (r->win.on)
        buf_printf(&b, ", window %d %lld %lld", (int)r->win.kind, (long long)r->win.size_ms, (long long)r->win.step_ms);
    return buf_steal(&b);
}

/* Opens the checkpoints and puts the restored groups (and a window's watermark) back. */
static int open_checkpoints(agg_run_t *r, job_env_t *env, bool view, char *err, size_t errlen)
{
    r->shape = state_shape(r);
    if (agg_ckpt_open(&r->ckpt, env, view, r->win.on ? "window-aggregate" : "group-aggregate", r->shape, err,
                      errlen) != 0)
        return -1;
    const ckpt_stage_t *st = r->ckpt.restored;
    for (uint32_t i = 0; st && i < st->n; i++) {
        const ckpt_state_t *e = &st->entries[i];
        if (agg_state_restore(r->state, e->key.data, e->key.len, e->written_ms, e->value.data, e->value.len, err,
                              errlen) != 0)
            return -1;
    }
    if (st && r->win.on) r->win.watermark = st->watermark;
    return 0;
}

int agg_query_hook(const job_env_t *env, const job_stage_state_t *stage, int kind, job_call_phase_t phase, char *err,
                   size_t errlen)
{
    static const char *const names[] = {"GroupAggregate", "WindowAggregate", "Deduplicate"};
    const job_hooks_t *h = env->hooks;
    if (!h || !h->on_call) return 0;
    job_call_state_t st = {phase, names[kind], NULL, NULL, 0, NULL, NULL, NULL, proctime_now(env->clock), stage};
    return h->on_call(h->on_call_ctx, &st, err, errlen);
}

static int dump_visit(void *stage, int64_t now_ms, job_state_row_fn fn, void *ctx, char *err, size_t errlen)
{
    return agg_state_visit(((agg_run_t *)stage)->state, now_ms, fn, ctx, err, errlen);
}

/* The state's row for --dump-state: the group keys ++ each call's result, named by its text. */
static void dump_open(agg_run_t *r)
{
    const type_t *row = agg_state_row_type(r->state);
    type_t *t = type_clone(r->plan.key_type);
    for (int i = 0; i < r->plan.ncalls; i++)
        type_add_field(t, r->plan.texts[i], type_clone(row->fields[r->plan.nkeys + i].type), NULL);
    r->dump = (job_stage_state_t){t, r->plan.nkeys, dump_visit, r};
}

void agg_query_batch_init(agg_query_batch_t *b, const type_t *row_type)
{
    *b = (agg_query_batch_t){row_type, xcalloc(AGG_QUERY_BATCH_ROWS, sizeof *b->rows),
                             xcalloc(AGG_QUERY_BATCH_ROWS, sizeof *b->now_ms), 0, {0}};
    arena_init(&b->arena, 0);
}

bool agg_query_batch_add(agg_query_batch_t *b, const row_t *row, int64_t now_ms)
{
    b->now_ms[b->n] = now_ms;
    b->rows[b->n++] = row_copy(row, b->row_type, &b->arena);
    return b->n == AGG_QUERY_BATCH_ROWS;
}

int agg_query_batch_where(agg_query_batch_t *b, const filter_t *where, int *npassed, char *err, size_t errlen)
{
    *npassed = b->n;
    if (!where) return 0;
    expr_t *x = filter_expr(where);
    expr_prefetch(x, b->rows, b->n);
    int kept = 0, rc = 0;
    for (int i = 0; i < b->n && rc == 0; i++) {
        if (filter_eval(where, &b->rows[i])) {   /* rows before i are no longer read: move the passed ones */
            b->rows[kept] = b->rows[i];
            b->now_ms[kept++] = b->now_ms[i];
        } else if (filter_error(where)) {
            snprintf(err, errlen, "WHERE: %s", filter_error(where));
            rc = -1;
        }
    }
    expr_prefetch(x, NULL, 0);
    *npassed = kept;
    return rc;
}

void agg_query_batch_clear(agg_query_batch_t *b)
{
    b->n = 0;
    arena_reset(&b->arena);
}

void agg_query_batch_free(agg_query_batch_t *b)
{
    arena_destroy(&b->arena);
    free(b->rows);
    free(b->now_ms);
}

int agg_query_check_settings(const job_env_t *env, const char *node, char *err, size_t errlen)
{
    const char *mini_batch = catalog_get(env->catalog, "table.exec.mini-batch.enabled");
    if (mini_batch && strcasecmp(mini_batch, "true") == 0) {
        snprintf(err, errlen, "'table.exec.mini-batch.enabled' = 'true' is not supported by ptfhost: %s runs row by "
                              "row, as Flink does without mini-batch (a mini-batch would fold a batch's updates into "
                              "fewer changes); remove the option", node);
        return -1;
    }
    return 0;
}

int agg_query_state_ttl(const job_env_t *env, int64_t *ttl_ms, char *err, size_t errlen)
{
    const char *ttl = catalog_get(env->catalog, "table.exec.state.ttl");
    long long ms = ttl ? plan_parse_duration_ms(ttl) : 0;
    *ttl_ms = ms > 0 ? ms : 0;
    if (ms >= 0) return 0;
    snprintf(err, errlen, "Could not parse value '%s' for key 'table.exec.state.ttl'.", ttl);
    return -1;
}

/* The stages over table t: normaliser, WHERE, the aggregate state. */
static int open_stages(agg_run_t *r, const job_env_t *env, const sqlp_query_t *q, const catalog_table_t *t,
                       const catalog_table_t *sink_table, char *err, size_t errlen)
{
    bool kod;
    changelog_mode_t source = changelog_mode_of(plan_table_changelog(t, &kod));
    plan_env_t penv = job_plan_env(env);
    if (q->where && !(r->where = filter_compile(&penv, q->where, r->plan.in, err, errlen))) return -1;
    bool update_before = !(sink_table && sink_table->npk > 0);   /* an upsert sink takes no -U */
    r->state = agg_state_new(r->plan.key_type, r->plan.calls, r->plan.ncalls, update_before,
                             source != CHANGELOG_INSERT_ONLY, on_result, r, err, errlen);
    if (!r->state) return -1;
    dump_open(r);
    if ((r->batched = needs_batches(r))) agg_query_batch_init(&r->pending, r->plan.in);
    if (r->win.on) {
        agg_state_defer(r->state);   /* window state ends with its window, not by TTL */
        return 0;
    }
    int64_t ttl_ms;
    if (agg_query_state_ttl(env, &ttl_ms, err, errlen) != 0) return -1;
    agg_state_set_ttl(r->state, ttl_ms);
    return 0;
}

/* The output stages over [keys ++ results]; the group keys are the result's key. */
static int open_output(agg_run_t *r, job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink_table,
                       capture_t *capture, char *err, size_t errlen)
{
    plan_env_t penv = job_plan_env(env);
    if (output_init(&r->out, &penv, &r->plan.shaped, agg_state_row_type(r->state), sink_table, capture, err,
                    errlen) != 0)
        return -1;
    int key[PROJECT_MAX_KEY];
    int nkey = r->plan.nkeys && !r->win.on ? project_prefix_key(&r->out.proj, r->plan.nkeys, key) : 0;
    if (output_open_sink(&r->out, env, sink_table, key, nkey, false, err, errlen) != 0) return -1;
    if (r->out.sink->accepts_updates || r->win.on) return 0;
    ERR_AT(q->pos, "Table sink '%s' doesn't support consuming update changes which is produced by node "
                   "GroupAggregate. Write to a sink that accepts updates (print, or a table with a PRIMARY KEY "
                   "on an upsert connector).", sink_table ? sink_table->name : "?");
    return -1;
}

/* ---- window TVFs ------------------------------------------------------------------------ */


/* Argument `name` (DATA, TIMECOL, SIZE) of a window TVF: named, else at position pos. */
static const sqlp_expr_t *window_arg(const sqlp_expr_t *call, const char *name, int pos)
{
    for (int k = 0; k < call->u.call.nargs; k++) {
        const sqlp_arg_t *a = &call->u.call.args[k];
        if (a->name ? strcasecmp(a->name->name, name) == 0 : k == pos) return a->value;
    }
    return NULL;
}

/* A day-time INTERVAL literal's milliseconds; 0 for anything else. */
static int64_t interval_ms(const sqlp_expr_t *e)
{
    if (!e || e->kind != SQLP_E_LITERAL || e->u.lit.kind != SQLP_LIT_INTERVAL || e->u.lit.interval.year_month)
        return 0;
    return e->u.lit.interval.value;
}

static type_t *window_row_type(const type_t *schema, const type_t *ts)
{
    type_t *row = type_clone(schema), *bound = type_new(TYPE_TIMESTAMP, false);
    bound->precision = 3;
    type_add_field(row, "window_start", type_clone(bound), NULL);
    type_add_field(row, "window_end", bound, NULL);
    type_t *wt = type_clone(ts);
    wt->nullable = false;
    type_add_field(row, "window_time", wt, NULL);
    return row;
}

/* TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL ...): t, its rowtime column and the size. */
static const catalog_table_t *window_open(job_env_t *env, const sqlp_expr_t *call, agg_window_t *w, char *err,
                                          size_t errlen)
{
    const char *fn = plan_window_tvf(call);
    if (strcmp(fn, "SESSION") == 0) {
        ERR_AT(call->pos, "The SESSION window TVF is not supported by ptfhost yet (TUMBLE, HOP and CUMULATE are)");
        return NULL;
    }
    window_kind_t kind = strcmp(fn, "HOP") == 0 ? WINDOW_HOP : strcmp(fn, "CUMULATE") == 0 ? WINDOW_CUMULATE
                                                                                            : WINDOW_TUMBLE;
    const char *step_name = kind == WINDOW_HOP ? "SLIDE" : "STEP";
    int nargs = kind == WINDOW_TUMBLE ? 3 : 4;
    const sqlp_expr_t *data = window_arg(call, "DATA", 0), *col = window_arg(call, "TIMECOL", 1);
    const sqlp_expr_t *step = kind == WINDOW_TUMBLE ? NULL : window_arg(call, step_name, 2);
    const sqlp_expr_t *size = window_arg(call, "SIZE", nargs - 1);
    if (!data || data->kind != SQLP_E_TABLE_ARG || !data->u.table.table || data->u.table.npartition ||
        data->u.table.norder || !col || col->kind != SQLP_E_DESCRIPTOR || col->u.descriptor.n != 1 ||
        interval_ms(size) <= 0 || (kind != WINDOW_TUMBLE && interval_ms(step) <= 0) || call->u.call.nargs > nargs) {
        ERR_AT(call->pos, "ptfhost runs TUMBLE(TABLE t, DESCRIPTOR(ts), size), HOP(TABLE t, DESCRIPTOR(ts), slide, "
                          "size) and CUMULATE(TABLE t, DESCRIPTOR(ts), step, size): a table or view, its rowtime "
                          "column, positive day-time intervals; no offset");
        return NULL;
    }
    int64_t size_ms = interval_ms(size), step_ms = step ? interval_ms(step) : 0;
    if (step && (size_ms % step_ms != 0 || size_ms / step_ms > WINDOW_MAX_PER_ROW)) {
        ERR_AT(call->pos, kind == WINDOW_HOP ? "HOP table function based aggregate requires size must be an "
                                               "integral multiple of slide (at most %d windows per row in ptfhost)"
                                             : "CUMULATE table function based aggregate requires maxSize must be "
                                               "an integral multiple of step (at most %d windows per row in "
                                               "ptfhost)", WINDOW_MAX_PER_ROW);
        return NULL;
    }
    catalog_table_t *t = plan_find_table(env->catalog, data->u.table.table);
    if (!t) {
        char what[512];
        plan_table_not_found(env->catalog, data->u.table.table, what, sizeof what);
        ERR_AT(data->pos, "SQL validation failed. %s", what);
        return NULL;
    }
    if (job_view_schema(env, t, err, errlen) != 0) return NULL;
    int c = type_field_index(t->schema, col->u.descriptor.cols[0].name);
    if (c >= 0 && t->schema->fields[c].type->time_kind == TYPE_TK_PROCTIME) {
        ERR_AT(col->pos, "A window TVF on processing time is not supported by ptfhost (its windows would depend on "
                         "the clock); window on a rowtime attribute (a column with a WATERMARK)");
        return NULL;
    }
    if (c < 0 || t->schema->fields[c].type->time_kind != TYPE_TK_ROWTIME) {
        char *ty = c < 0 ? NULL : type_to_string(t->schema->fields[c].type);
        ERR_AT(col->pos, "The window function requires the timecol is a time attribute type, but is %s.",
               ty ? ty : "not a column of the table");
        free(ty);
        return NULL;
    }
    bool kod;
    if (plan_table_changelog(t, &kod) != CHANGELOG_KINDS_INSERT_ONLY) {
        ERR_AT(data->pos, "A window aggregation over an updating table is not supported by ptfhost");
        return NULL;
    }
    *w = (agg_window_t){true, kind, c, size_ms, step_ms, -1, INT64_MIN,
                        window_row_type(t->schema, t->schema->fields[c].type)};
    return t;
}

/* A window aggregation groups by window_start and window_end. */
static int window_keys(const agg_plan_t *p, agg_window_t *w, const sqlp_query_t *q, char *err, size_t errlen)
{
    const job_env_t *env = p->env;
    int start = type_field_index(p->key_type, "window_start");
    w->end_key = type_field_index(p->key_type, "window_end");
    if (start >= 0 && w->end_key >= 0) return 0;
    ERR_AT(q->ngroup ? q->group_pos : q->pos, "A window TVF aggregation must GROUP BY window_start, window_end "
                                              "(other window aggregations are not supported by ptfhost)");
    return -1;
}

/* The table an aggregation reads: FROM t, or the table of a window TVF
 * (whose row and window r->win then describe). */
static const catalog_table_t *input_table(job_env_t *env, const sqlp_query_t *q, agg_window_t *w, char *err,
                                          size_t errlen)
{
    if (q->from->kind == SQLP_FROM_CALL && plan_window_tvf(q->from->call))
        return window_open(env, q->from->call, w, err, errlen);
    if (q->from->kind != SQLP_FROM_TABLE) {
        ERR_AT(q->from->pos, "GROUP BY and aggregates over a function call or subquery are not supported by "
                             "ptfhost; aggregate a table or a view (CREATE VIEW v AS SELECT ... FROM f(...))");
        return NULL;
    }
    const catalog_table_t *t = plan_find_table(env->catalog, q->from->table);
    if (!t) {
        char what[512];
        plan_table_not_found(env->catalog, q->from->table, what, sizeof what);
        ERR_AT(q->from->pos, "SQL validation failed. %s", what);
    }
    return t;
}

int agg_query_run(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink_table, capture_t *capture,
                  char *err, size_t errlen)
{
    agg_window_t win = {0};
    const catalog_table_t *t = input_table(env, q, &win, err, errlen);
    if (t && agg_query_check_settings(env, win.on ? "WindowAggregate" : "GroupAggregate", err, errlen) != 0)
        t = NULL;
    if (!t) {
        type_free(win.row);
        return -1;
    }
    agg_run_t r = {.results = env->out, .clock = env->clock, .win = win, .env = env};
    arena_init(&r.scratch, 0);
    bool kod;
    changelog_mode_t source = changelog_mode_of(plan_table_changelog(t, &kod));
    changelog_norm_init(&r.norm, t->schema, t->pk, t->npk, source,
                        source == CHANGELOG_UPSERT ? CHANGELOG_RETRACT : source, true);
    int rc = -1;
    bool opened = false;
    int window_time = r.win.on ? r.win.row->nfields - 1 : -1;
    if (plan_init(&r.plan, env, q, r.win.on ? r.win.row : t->schema, window_time, err, errlen) == 0 &&
        (!r.win.on || window_keys(&r.plan, &r.win, q, err, errlen) == 0) &&
        open_stages(&r, env, q, t, sink_table, err, errlen) == 0) {
        opened = true;
        if (open_output(&r, env, q, sink_table, capture, err, errlen) == 0 &&
            open_checkpoints(&r, env, capture != NULL, err, errlen) == 0 &&
            agg_ckpt_set_sink(&r.ckpt, sink_table, r.out.sink, err, errlen) == 0) {
            inputs_consumer_t consumer = {&r, run_row, run_watermark, run_proctime, run_end, run_flush, NULL,
                                          run_barrier, NULL};
            rc = agg_query_hook(env, &r.dump, r.win.on, JOB_CALL_START, err, errlen);
            if (rc == 0) rc = agg_ckpt_read_table(&r.ckpt, env, t, &consumer, err, errlen);
            if (rc == 0 && !r.out.failed) rc = agg_query_hook(env, &r.dump, r.win.on, JOB_CALL_END, err, errlen);
        }
    }
    if (opened) rc = output_close(&r.out, rc, err, errlen);
    agg_ckpt_close(&r.ckpt);
    free(r.shape);
    agg_state_free(r.state);
    type_free((type_t *)r.dump.row_type);
    filter_free(r.where);
    changelog_norm_free(&r.norm);
    arena_destroy(&r.scratch);
    if (r.batched) agg_query_batch_free(&r.pending);
    plan_free(&r.plan);
    type_free(r.win.row);
    return rc;
}

/* project.c - see project.h. Forwarded columns are copied by index; every
 * other select item is an expression compiled once (expr/expr.h) and
 * evaluated per row into a scratch arena. */
#include "engine/project.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define ERR_AT(pos, ...) sqlp_format_error(env->script, (pos), 0, err, errlen, __VA_ARGS__)

/* One output column: input column c (>= 0) or expression -1 - c. Takes type. */
static void add_column(project_t *p, int *cap, int c, const char *name, type_t *type)
{
    if (p->n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        p->cols = xrealloc(p->cols, (size_t)*cap * sizeof *p->cols);
    }
    p->cols[p->n++] = c;
    type_add_field(p->type, name, type, NULL);
}

/* Calcite's ordinal for EXPR$n: the distinct column names so far. */
static int distinct_names(const type_t *row)
{
    int n = 0;
    for (int i = 0; i < row->nfields; i++) {
        int j = 0;
        while (j < i && strcmp(row->fields[j].name, row->fields[i].name) != 0) j++;
        n += j == i;
    }
    return n;
}

static int add_expression(project_t *p, int *cap, const plan_env_t *env, const sqlp_select_item_t *it,
                          const type_t *in, char *err, size_t errlen)
{
    const sqlp_expr_t *e = it->expr;
    struct expr *x = plan_expr_compile(env, e, in, err, errlen);
    if (!x) return -1;
    if (expr_type(x)->id == TYPE_NULL) {
        expr_free(x);
        ERR_AT(e->pos, "Illegal use of 'NULL'");
        return -1;
    }
    p->exprs = xrealloc(p->exprs, (size_t)(p->nexprs + 1) * sizeof *p->exprs);
    p->expr_pos = xrealloc(p->expr_pos, (size_t)(p->nexprs + 1) * sizeof *p->expr_pos);
    p->exprs[p->nexprs] = x;
    p->expr_pos[p->nexprs] = e->pos;
    type_t *t = type_clone(expr_type(x));
    t->time_kind = TYPE_TK_REGULAR;   /* a computed value is no time attribute */
    char def[24];
    snprintf(def, sizeof def, "EXPR$%d", distinct_names(p->type));
    const char *name = it->alias ? it->alias->name
                     : e->kind == SQLP_E_COLUMN ? sqlp_name_last(&e->u.name)->name : def;
    add_column(p, cap, -1 - p->nexprs++, name, t);
    return 0;
}

static int column_not_found(const plan_env_t *env, const sqlp_expr_t *e, const char *name, const type_t *in,
                            char *err, size_t errlen)
{
    buf_t cols = BUF_INIT;
    for (int k = 0; k < in->nfields; k++) buf_printf(&cols, "%s%s", k ? ", " : "", in->fields[k].name);
    ERR_AT(e->pos, "SQL validation failed. Column '%s' not found in any table (column names are case-sensitive; "
                   "available columns: %s)", name, buf_cstr(&cols));
    buf_free(&cols);
    return -1;
}

/* The input column a column reference forwards unchanged: `a`, or `t.a`
 * with a qualifier t that is not a column; -1 for a field path
 * (`payload.amount`), which is an expression. */
static int forwarded_column(const sqlp_name_t *name, const type_t *in)
{
    int c = type_field_index(in, name->parts[0].name);
    if (name->nparts == 1) return c;
    return c < 0 && name->nparts == 2 ? type_field_index(in, name->parts[1].name) : -1;
}

static int add_item(project_t *p, int *cap, const plan_env_t *env, const sqlp_select_item_t *it, const type_t *in,
                    char *err, size_t errlen)
{
    const sqlp_expr_t *e = it->expr;
    if (e->kind == SQLP_E_STAR) {
        for (int c = 0; c < in->nfields; c++) add_column(p, cap, c, in->fields[c].name, type_clone(in->fields[c].type));
        return 0;
    }
    if (e->kind != SQLP_E_COLUMN) return add_expression(p, cap, env, it, in, err, errlen);
    int c = forwarded_column(&e->u.name, in);
    if (c < 0 && e->u.name.nparts == 1) return column_not_found(env, e, e->u.name.parts[0].name, in, err, errlen);
    if (c < 0) return add_expression(p, cap, env, it, in, err, errlen);
    add_column(p, cap, c, it->alias ? it->alias->name : in->fields[c].name, type_clone(in->fields[c].type));
    return 0;
}

int project_init(project_t *p, const plan_env_t *env, const sqlp_query_t *q, const type_t *in, char *err,
                 size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->type = type_new(TYPE_ROW, false);
    p->script = env->script;
    arena_init(&p->arena, 1024);
    int cap = 0;
    for (int i = 0; i < q->nitems; i++)
        if (add_item(p, &cap, env, &q->items[i], in, err, errlen) != 0) return -1;
    p->fields = xcalloc((size_t)p->n + 1, sizeof *p->fields);
    return 0;
}

void project_free(project_t *p)
{
    for (int i = 0; i < p->nexprs; i++) expr_free(p->exprs[i]);
    free(p->exprs);
    free(p->expr_pos);
    type_free(p->type);
    free(p->cols);
    free(p->fields);
    arena_destroy(&p->arena);
}

int project_row(project_t *p, const row_t *in, row_t *out, char *err, size_t errlen)
{
    arena_reset(&p->arena);
    *out = (row_t){in->kind, (uint32_t)p->n, p->fields};
    for (int i = 0; i < p->n; i++) {
        int c = p->cols[i];
        if (c >= 0) {
            out->fields[i] = in->fields[c];
            continue;
        }
        char xerr[4096];
        if (expr_eval(p->exprs[-1 - c], in, &p->arena, &out->fields[i], xerr, sizeof xerr) != 0) {
            sqlp_format_error(p->script, p->expr_pos[-1 - c], 0, err, errlen,
                              "Evaluating SELECT column '%s' failed: %s", p->type->fields[i].name, xerr);
            return -1;
        }
    }
    return 0;
}

int project_prefix_key(const project_t *p, int prefix, int key[PROJECT_MAX_KEY])
{
    if (prefix > PROJECT_MAX_KEY) return 0;
    for (int k = 0; k < prefix; k++) {
        int at = -1;
        for (int j = 0; j < p->n && at < 0; j++)
            if (p->cols[j] == k) at = j;
        if (at < 0) return 0;
        key[k] = at;
    }
    return prefix;
}

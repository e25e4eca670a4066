/* project.c - see project.h. */
#include "engine/project.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/buf.h"
#include "util/xalloc.h"

#define ERR_AT(pos, ...) sqlp_format_error(env->script, (pos), 0, err, errlen, __VA_ARGS__)

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
static int constant_value(const plan_env_t *env, const sqlp_expr_t *e, const type_t *t, arena_t *a, value_t *out,
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
    return plan_literal_value(env, e, t, "SELECT", a, out, err, errlen);
}

/* One output column: input column c (>= 0) or constant -1 - c. Takes type. */
static void add_column(project_t *p, int *cap, int c, const char *name, type_t *type)
{
    if (p->n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        p->cols = xrealloc(p->cols, (size_t)*cap * sizeof *p->cols);
    }
    p->cols[p->n++] = c;
    type_add_field(p->type, name, type, NULL);
}

static int add_constant(project_t *p, int *cap, const plan_env_t *env, const sqlp_select_item_t *it, int index,
                        char *err, size_t errlen)
{
    const sqlp_expr_t *e = it->expr;
    char terr[256] = "";
    type_t *ct = constant_type(e, terr, sizeof terr);
    if (!ct) {
        ERR_AT(e->pos, "Unsupported select item: ptfhost selects columns (SELECT * or SELECT a, b AS c) "
                       "and constants; compute other values inside the function.%s%s", *terr ? " " : "", terr);
        return -1;
    }
    p->consts = xrealloc(p->consts, (size_t)(p->nconsts + 1) * sizeof *p->consts);
    if (constant_value(env, e, ct, &p->arena, &p->consts[p->nconsts], err, errlen) != 0) {
        type_free(ct);
        return -1;
    }
    char def[24];
    snprintf(def, sizeof def, "EXPR$%d", index);
    add_column(p, cap, -1 - p->nconsts++, it->alias ? it->alias->name : def, ct);
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

int project_init(project_t *p, const plan_env_t *env, const sqlp_query_t *q, const type_t *in, char *err,
                 size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->type = type_new(TYPE_ROW, false);
    arena_init(&p->arena, 1024);
    int cap = 0;
    for (int i = 0; i < q->nitems; i++) {
        const sqlp_select_item_t *it = &q->items[i];
        const sqlp_expr_t *e = it->expr;
        if (e->kind == SQLP_E_STAR) {
            for (int c = 0; c < in->nfields; c++)
                add_column(p, &cap, c, in->fields[c].name, type_clone(in->fields[c].type));
        } else if (e->kind == SQLP_E_COLUMN) {
            const char *name = e->u.name.parts[e->u.name.nparts - 1].name;
            int c = type_field_index(in, name);
            if (c < 0) return column_not_found(env, e, name, in, err, errlen);
            add_column(p, &cap, c, it->alias ? it->alias->name : in->fields[c].name, type_clone(in->fields[c].type));
        } else if (add_constant(p, &cap, env, it, i, err, errlen) != 0) {
            return -1;
        }
    }
    p->fields = xcalloc((size_t)p->n + 1, sizeof *p->fields);
    return 0;
}

void project_free(project_t *p)
{
    type_free(p->type);
    free(p->cols);
    free(p->consts);
    free(p->fields);
    arena_destroy(&p->arena);
}

row_t project_row(const project_t *p, const row_t *in)
{
    row_t out = {in->kind, (uint32_t)p->n, p->fields};
    for (int i = 0; i < p->n; i++) {
        int c = p->cols[i];
        out.fields[i] = c >= 0 ? in->fields[c] : p->consts[-1 - c];
    }
    return out;
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

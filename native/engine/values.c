/* values.c - see values.h. Literal items are typed from their text (as
 * Calcite types literals); other items by the expression module. */
#include "engine/values.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr.h"
#include "types/cast.h"

#define ERR_AT(pos, ...) sqlp_format_error(script, (pos), 0, err, errlen, __VA_ARGS__)

typedef struct lit_col {
    type_id_t id;
    bool nullable;
    int precision, scale;    /* DECIMAL, VARCHAR length, TIMESTAMP precision */
    bool any_value;
    type_t *type;            /* the type of an expression item (CAST(...)), if there is one */
} lit_col_t;

/* INT < BIGINT < DECIMAL < DOUBLE; -1 for other types. */
static int numeric_rank(type_id_t id)
{
    return id == TYPE_INT ? 0 : id == TYPE_BIGINT ? 1 : id == TYPE_DECIMAL ? 2 : id == TYPE_DOUBLE ? 3 : -1;
}

static int literal_type(const sqlp_expr_t *e, lit_col_t *c)
{
    if (e->kind == SQLP_E_UNARY && e->u.op.op == SQLP_OP_NEG) e = e->u.op.a;
    if (e->kind != SQLP_E_LITERAL) return -1;
    const sqlp_literal_t *l = &e->u.lit;
    type_id_t id;
    int p = 0, sc = 0;
    switch (l->kind) {
    case SQLP_LIT_NULL: c->nullable = true; return 0;
    case SQLP_LIT_BOOL: id = TYPE_BOOLEAN; break;
    case SQLP_LIT_INTEGER:
        id = l->fits_int64 && l->i >= INT32_MIN && l->i <= INT32_MAX ? TYPE_INT : TYPE_BIGINT;
        break;
    case SQLP_LIT_DECIMAL: {
        const char *dot = strchr(l->text, '.');
        int digits = 0;
        for (const char *x = l->text; *x; x++) digits += isdigit((unsigned char)*x) != 0;
        sc = dot ? (int)strlen(dot + 1) : 0;
        p = digits < sc + 1 ? sc + 1 : digits;
        id = TYPE_DECIMAL;
        break;
    }
    case SQLP_LIT_DOUBLE: id = TYPE_DOUBLE; break;
    case SQLP_LIT_STRING: id = TYPE_VARCHAR; p = (int)strlen(l->text); break;
    case SQLP_LIT_DATE: id = TYPE_DATE; break;
    case SQLP_LIT_TIMESTAMP:
    case SQLP_LIT_TIMESTAMP_LTZ: {
        id = l->kind == SQLP_LIT_TIMESTAMP ? TYPE_TIMESTAMP : TYPE_TIMESTAMP_LTZ;
        const char *dot = strrchr(l->text, '.');
        p = dot && strchr(l->text, ':') < dot ? (int)strlen(dot + 1) : 0;
        break;
    }
    default: return -1;
    }
    if (!c->any_value) {
        c->id = id;
        c->precision = p;
        c->scale = sc;
        c->any_value = true;
        return 0;
    }
    if (c->id != id) {
        /* numeric widening as Flink's VALUES does: INT < BIGINT < DECIMAL < DOUBLE */
        int rank_c = numeric_rank(c->id), rank_n = numeric_rank(id);
        if (rank_c < 0 || rank_n < 0) return -2;
        if (rank_n > rank_c) {
            c->id = id;
            if (id == TYPE_DECIMAL) c->precision = p, c->scale = sc;
        }
        return 0;
    }
    if (p > c->precision) c->precision = p;
    if (sc > c->scale) c->scale = sc;
    return 0;
}

/* A VALUES item that is not a plain literal (CAST('...' AS t), any
 * expression without columns): typed by the expression module. Rows agree
 * on a type family; lengths and precisions take the largest. */
static int expression_type(const plan_env_t *env, const sqlp_expr_t *e, lit_col_t *c, char *err, size_t errlen)
{
    expr_t *x = plan_expr_compile(env, e, NULL, err, errlen);
    if (!x) return -3;
    const type_t *t = expr_type(x);
    int rc = 0;
    if (t->id == TYPE_NULL) {
        c->nullable = true;
    } else if (!c->any_value || (c->id == t->id && !c->type)) {
        c->id = t->id;
        c->any_value = true;
        c->type = type_clone(t);
    } else if (c->id != t->id && numeric_rank(c->id) >= 0 && numeric_rank(t->id) >= 0) {
        if (numeric_rank(t->id) > numeric_rank(c->id)) {   /* INT < BIGINT < DECIMAL < DOUBLE, as for literals */
            c->id = t->id;
            type_free(c->type);
            c->type = type_clone(t);
        }
    } else if (c->id != t->id || !type_equals_ignore_null(c->type, t)) {
        rc = c->id == t->id && t->precision >= 0 ? 0 : -2;   /* CHAR(1) vs CHAR(3): the longer */
        if (rc == 0 && t->precision > c->type->precision) c->type->precision = t->precision;
    }
    if (t->nullable) c->nullable = true;
    expr_free(x);
    return rc;
}

/* The type of each VALUES column, from its literals (cols: ncols zeroed). */
static int values_types(const plan_env_t *env, const sqlp_query_t *vq, int ncols, lit_col_t *cols, char *err,
                        size_t errlen)
{
    const sqlp_script_t *script = env->script;
    for (int r = 0; r < vq->nrows; r++) {
        if (vq->rows[r].n != ncols) {
            ERR_AT(vq->rows[r].pos, "Values passed to VALUES operator must have compatible types: row %d has %d "
                                    "values, row 1 has %d.", r + 1, vq->rows[r].n, ncols);
            return -1;
        }
        for (int c = 0; c < ncols; c++) {
            const sqlp_expr_t *e = vq->rows[r].items[c];
            int rc = literal_type(e, &cols[c]);
            if (rc == -1) rc = expression_type(env, e, &cols[c], err, errlen);
            if (rc == -3) return -1;
            if (rc != 0) {
                ERR_AT(e->pos, "Values passed to VALUES operator must have compatible types.");
                return -1;
            }
        }
    }
    return 0;
}

static type_t *values_schema(const lit_col_t *cols, int ncols, const sqlp_ident_t *aliases, int naliases)
{
    type_t *schema = type_new(TYPE_ROW, true);
    for (int c = 0; c < ncols; c++) {
        /* an expression's type, unless a later literal widened the column */
        const type_t *xt = cols[c].type && cols[c].type->id == cols[c].id ? cols[c].type : NULL;
        type_t *ty = xt ? type_clone(xt) : type_new(cols[c].any_value ? cols[c].id : TYPE_NULL, false);
        ty->nullable = cols[c].nullable || ty->nullable;
        if ((ty->id == TYPE_VARCHAR || ty->id == TYPE_TIMESTAMP || ty->id == TYPE_TIMESTAMP_LTZ) &&
            (!xt || cols[c].precision > ty->precision))
            ty->precision = cols[c].precision;
        if (ty->id == TYPE_VARCHAR && ty->precision == 0) ty->precision = 1;
        if (ty->id == TYPE_DECIMAL && !xt) ty->precision = cols[c].precision, ty->scale = cols[c].scale;
        char def[24];
        snprintf(def, sizeof def, "EXPR$%d", c);
        type_add_field(schema, naliases ? aliases[c].name : def, ty, NULL);
    }
    return schema;
}

/* An expression item's value as the column's type (copied into a). */
static int expression_value(const plan_env_t *env, const sqlp_expr_t *e, const type_t *ct, arena_t *a,
                            value_t *out, char *err, size_t errlen)
{
    const sqlp_script_t *script = env->script;
    expr_t *x = plan_expr_compile(env, e, NULL, err, errlen);
    if (!x) return -1;
    arena_t scratch;
    arena_init(&scratch, 0);
    value_t v;
    char xerr[512];
    int rc = expr_eval(x, NULL, &scratch, &v, xerr, sizeof xerr);
    if (rc != 0) ERR_AT(e->pos, "Evaluating a VALUES item failed: %s", xerr);
    if (rc == 0 && !v.is_null && !type_equals_ignore_null(expr_type(x), ct))
        v = cast_value(&v, expr_type(x), ct, &scratch);
    if (rc == 0) *out = value_copy(&v, ct, a);
    arena_destroy(&scratch);
    expr_free(x);
    return rc;
}

/* The rows, as values of the view's column types. */
static int values_rows(const plan_env_t *env, const sqlp_query_t *vq, catalog_table_t *t, char *err, size_t errlen)
{
    int ncols = t->schema->nfields;
    t->nrows = (size_t)vq->nrows;
    t->rows = calloc(t->nrows + 1, sizeof *t->rows);
    for (int r = 0; r < vq->nrows; r++) {
        row_t *row = &t->rows[r];
        row->kind = ROW_INSERT;
        row->n = (uint32_t)ncols;
        row->fields = arena_calloc(&t->arena, (size_t)ncols + 1, sizeof(value_t));
        for (int c = 0; c < ncols; c++) {
            const sqlp_expr_t *e = vq->rows[r].items[c];
            const type_t *ct = t->schema->fields[c].type;
            lit_col_t probe = {0};
            int rc = literal_type(e, &probe) != -1
                         ? plan_literal_value(env, e, ct, t->schema->fields[c].name, &t->arena, &row->fields[c], err,
                                              errlen)
                         : expression_value(env, e, ct, &t->arena, &row->fields[c], err, errlen);
            if (rc != 0) return -1;
        }
    }
    return 0;
}

int values_width(const sqlp_query_t *vq) { return vq->nrows ? vq->rows[0].n : 0; }

int values_table_fill(const plan_env_t *env, const sqlp_query_t *vq, const sqlp_ident_t *aliases, int naliases,
                      catalog_table_t *t, char *err, size_t errlen)
{
    int ncols = values_width(vq);
    lit_col_t *cols = calloc((size_t)ncols + 1, sizeof *cols);
    t->is_values = true;
    int rc = values_types(env, vq, ncols, cols, err, errlen);
    if (rc == 0) {
        t->schema = values_schema(cols, ncols, aliases, naliases);
        rc = values_rows(env, vq, t, err, errlen);
    }
    for (int c = 0; c < ncols; c++) type_free(cols[c].type);
    free(cols);
    return rc;
}

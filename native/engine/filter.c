/* filter.c - see filter.h. The expression compiles to a small tree of
 * nodes; evaluation returns TRUE, FALSE or UNKNOWN. */
#include "engine/filter.h"

#include <stdlib.h>
#include <string.h>

#define ERR_AT(pos, ...) sqlp_format_error(env->script, (pos), 0, err, errlen, __VA_ARGS__)

typedef enum { TV_FALSE = 0, TV_TRUE = 1, TV_UNKNOWN = 2 } truth_t;

typedef enum { N_COLUMN, N_VALUE, N_CMP, N_AND, N_OR, N_NOT, N_IS_NULL, N_IS_NOT_NULL } node_kind_t;

typedef struct node node_t;
struct node {
    node_kind_t kind;
    sqlp_op_t op;          /* N_CMP */
    int col;               /* N_COLUMN */
    value_t value;         /* N_VALUE */
    const type_t *type;    /* of a COLUMN or VALUE */
    node_t *a, *b;
};

struct filter {
    node_t *root;
    arena_t arena;
};

static node_t *new_node(filter_t *f, node_kind_t kind)
{
    node_t *n = arena_calloc(&f->arena, 1, sizeof *n);
    n->kind = kind;
    n->col = -1;
    return n;
}

static bool is_operand(const sqlp_expr_t *e)
{
    return e->kind == SQLP_E_COLUMN || e->kind == SQLP_E_LITERAL ||
           (e->kind == SQLP_E_UNARY && e->u.op.op == SQLP_OP_NEG && e->u.op.a->kind == SQLP_E_LITERAL) ||
           e->kind == SQLP_E_CAST;
}

static node_t *compile(filter_t *f, const plan_env_t *env, const sqlp_expr_t *e, const type_t *row, char *err,
                       size_t errlen);

static node_t *column(filter_t *f, const plan_env_t *env, const sqlp_expr_t *e, const type_t *row, char *err,
                      size_t errlen)
{
    const char *name = e->u.name.parts[e->u.name.nparts - 1].name;
    int c = type_field_index(row, name);
    if (c < 0) {
        ERR_AT(e->pos, "SQL validation failed. Column '%s' not found in any table", name);
        return NULL;
    }
    node_t *n = new_node(f, N_COLUMN);
    n->col = c;
    n->type = row->fields[c].type;
    return n;
}

/* A comparison: at least one side is a column; a literal side takes its type. */
static node_t *comparison(filter_t *f, const plan_env_t *env, const sqlp_expr_t *e, const type_t *row, char *err,
                          size_t errlen)
{
    const sqlp_expr_t *l = e->u.op.a, *r = e->u.op.b;
    if (!is_operand(l) || !is_operand(r) || (l->kind != SQLP_E_COLUMN && r->kind != SQLP_E_COLUMN)) {
        ERR_AT(e->pos, "Unsupported WHERE condition: ptfhost compares a column with a literal or another column.");
        return NULL;
    }
    node_t *n = new_node(f, N_CMP);
    n->op = e->u.op.op;
    const sqlp_expr_t *sides[2] = {l, r};
    node_t **out[2] = {&n->a, &n->b};
    const type_t *col_type = NULL;
    for (int i = 0; i < 2; i++)
        if (sides[i]->kind == SQLP_E_COLUMN) {
            *out[i] = column(f, env, sides[i], row, err, errlen);
            if (!*out[i]) return NULL;
            col_type = (*out[i])->type;
        }
    for (int i = 0; i < 2; i++) {
        if (sides[i]->kind == SQLP_E_COLUMN) continue;
        node_t *v = new_node(f, N_VALUE);
        v->type = col_type;
        if (plan_literal_value(env, sides[i], col_type, "WHERE", &f->arena, &v->value, err, errlen) != 0)
            return NULL;
        *out[i] = v;
    }
    if (!type_equals_ignore_null(n->a->type, n->b->type) &&
        !(type_is_numeric(n->a->type) && type_is_numeric(n->b->type)) &&
        !(type_is_string(n->a->type) && type_is_string(n->b->type))) {
        char *ta = type_to_string(n->a->type), *tb = type_to_string(n->b->type);
        ERR_AT(e->pos, "Cannot compare %s with %s in WHERE.", ta, tb);
        free(ta);
        free(tb);
        return NULL;
    }
    return n;
}

static node_t *compile(filter_t *f, const plan_env_t *env, const sqlp_expr_t *e, const type_t *row, char *err,
                       size_t errlen)
{
    switch (e->kind) {
    case SQLP_E_BINARY:
        switch (e->u.op.op) {
        case SQLP_OP_AND:
        case SQLP_OP_OR: {
            node_t *n = new_node(f, e->u.op.op == SQLP_OP_AND ? N_AND : N_OR);
            if (!(n->a = compile(f, env, e->u.op.a, row, err, errlen))) return NULL;
            if (!(n->b = compile(f, env, e->u.op.b, row, err, errlen))) return NULL;
            return n;
        }
        case SQLP_OP_EQ:
        case SQLP_OP_NE:
        case SQLP_OP_LT:
        case SQLP_OP_LE:
        case SQLP_OP_GT:
        case SQLP_OP_GE: return comparison(f, env, e, row, err, errlen);
        default: break;
        }
        break;
    case SQLP_E_UNARY:
        if (e->u.op.op == SQLP_OP_NOT) {
            node_t *n = new_node(f, N_NOT);
            return (n->a = compile(f, env, e->u.op.a, row, err, errlen)) ? n : NULL;
        }
        if ((e->u.op.op == SQLP_OP_IS_NULL || e->u.op.op == SQLP_OP_IS_NOT_NULL) && e->u.op.a->kind == SQLP_E_COLUMN) {
            node_t *n = new_node(f, e->u.op.op == SQLP_OP_IS_NULL ? N_IS_NULL : N_IS_NOT_NULL);
            return (n->a = column(f, env, e->u.op.a, row, err, errlen)) ? n : NULL;
        }
        break;
    case SQLP_E_COLUMN: {
        node_t *n = column(f, env, e, row, err, errlen);
        if (n && n->type->id != TYPE_BOOLEAN) {
            ERR_AT(e->pos, "WHERE needs a condition; column '%s' is not a BOOLEAN.",
                   e->u.name.parts[e->u.name.nparts - 1].name);
            return NULL;
        }
        return n;
    }
    default: break;
    }
    ERR_AT(e->pos, "Unsupported WHERE condition: ptfhost evaluates comparisons of columns with literals, IS [NOT] "
                   "NULL, AND, OR and NOT; compute other conditions inside the function.");
    return NULL;
}

filter_t *filter_compile(const plan_env_t *env, const sqlp_expr_t *where, const type_t *row_type, char *err,
                         size_t errlen)
{
    filter_t *f = calloc(1, sizeof *f);
    if (!f) abort();
    arena_init(&f->arena, 4096);
    f->root = compile(f, env, where, row_type, err, errlen);
    if (!f->root) {
        filter_free(f);
        return NULL;
    }
    return f;
}

static const value_t *operand(const node_t *n, const row_t *row)
{
    return n->kind == N_COLUMN ? &row->fields[n->col] : &n->value;
}

/* Compares numbers across numeric types (a literal took the column's type,
 * but two columns may differ). */
static int compare(const node_t *a, const node_t *b, const value_t *x, const value_t *y)
{
    if (type_equals_ignore_null(a->type, b->type)) return value_compare(x, y, a->type);
    if (type_is_string(a->type)) {
        uint32_t n = x->u.str.len < y->u.str.len ? x->u.str.len : y->u.str.len;
        int c = memcmp(x->u.str.ptr, y->u.str.ptr, n);
        return c ? c : (x->u.str.len > y->u.str.len) - (x->u.str.len < y->u.str.len);
    }
    double dx = a->type->id == TYPE_DOUBLE ? x->u.f64 : a->type->id == TYPE_FLOAT ? x->u.f32 : (double)x->u.i64;
    double dy = b->type->id == TYPE_DOUBLE ? y->u.f64 : b->type->id == TYPE_FLOAT ? y->u.f32 : (double)y->u.i64;
    return (dx > dy) - (dx < dy);
}

static truth_t eval(const node_t *n, const row_t *row)
{
    switch (n->kind) {
    case N_COLUMN: {
        const value_t *v = &row->fields[n->col];
        return v->is_null ? TV_UNKNOWN : v->u.b ? TV_TRUE : TV_FALSE;
    }
    case N_VALUE: return n->value.is_null ? TV_UNKNOWN : n->value.u.b ? TV_TRUE : TV_FALSE;
    case N_IS_NULL: return row->fields[n->a->col].is_null ? TV_TRUE : TV_FALSE;
    case N_IS_NOT_NULL: return row->fields[n->a->col].is_null ? TV_FALSE : TV_TRUE;
    case N_NOT: {
        truth_t t = eval(n->a, row);
        return t == TV_UNKNOWN ? TV_UNKNOWN : t == TV_TRUE ? TV_FALSE : TV_TRUE;
    }
    case N_AND: {
        truth_t a = eval(n->a, row), b = eval(n->b, row);
        if (a == TV_FALSE || b == TV_FALSE) return TV_FALSE;
        return a == TV_TRUE && b == TV_TRUE ? TV_TRUE : TV_UNKNOWN;
    }
    case N_OR: {
        truth_t a = eval(n->a, row), b = eval(n->b, row);
        if (a == TV_TRUE || b == TV_TRUE) return TV_TRUE;
        return a == TV_FALSE && b == TV_FALSE ? TV_FALSE : TV_UNKNOWN;
    }
    case N_CMP: {
        const value_t *x = operand(n->a, row), *y = operand(n->b, row);
        if (x->is_null || y->is_null) return TV_UNKNOWN;
        int c = compare(n->a, n->b, x, y);
        bool r;
        switch (n->op) {
        case SQLP_OP_EQ: r = c == 0; break;
        case SQLP_OP_NE: r = c != 0; break;
        case SQLP_OP_LT: r = c < 0; break;
        case SQLP_OP_LE: r = c <= 0; break;
        case SQLP_OP_GT: r = c > 0; break;
        default: r = c >= 0; break;
        }
        return r ? TV_TRUE : TV_FALSE;
    }
    }
    return TV_UNKNOWN;
}

bool filter_eval(const filter_t *f, const row_t *row)
{
    return eval(f->root, row) == TV_TRUE;
}

void filter_free(filter_t *f)
{
    if (!f) return;
    arena_destroy(&f->arena);
    free(f);
}

/* expr_func.c - function calls: looking a name up in the function tables
 * (one per file: expr_func_*.c, expr_coll.c), checking and typing the
 * arguments, evaluating with Flink's NULL handling; and the conditional
 * functions COALESCE, IFNULL, NULLIF, IF, GREATEST, LEAST, TYPEOF. */
#include "expr/expr_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const expr_func_t *const tables[] = {expr_funcs_cond, expr_funcs_math, expr_funcs_string, expr_funcs_time,
                                            expr_funcs_coll, expr_funcs_floor, expr_funcs_regex, expr_funcs_json, expr_funcs_random,
                                            expr_funcs_text, expr_funcs_printf};
#define NTABLES (sizeof tables / sizeof tables[0])

const expr_func_t *expr_func_find(const char *name)
{
    for (size_t t = 0; t < NTABLES; t++)
        for (const expr_func_t *f = tables[t]; f->name; f++)
            if (strcasecmp(f->name, name) == 0) return f;
    return NULL;
}

int expr_func_names(const char **out, int max)
{
    int k = 0;
    for (size_t t = 0; t < NTABLES; t++)
        for (const expr_func_t *f = tables[t]; f->name; f++, k++)
            if (k < max) out[k] = f->name;
    return k;
}

/* Flink functions that are valid SQL but not evaluated here yet: they fail
 * with "not supported by ptfhost yet" instead of "No match found". */
static const char *const not_yet[] = {
    "CURRENT_ROW_TIMESTAMP",
    "TO_UTC_TIMESTAMP",
    "DATEDIFF", "DATE_ADD", "DATE_SUB", "LAST_DAY", "DAYNAME", "MONTHNAME", "BITAND", "BITOR",
    "BITXOR", "BITNOT", NULL};
static const char *const aggregates[] = {"COUNT", "SUM", "AVG", "MIN", "MAX", "COLLECT", "LISTAGG",
                                         "STDDEV_POP", "STDDEV_SAMP", "VAR_POP", "VAR_SAMP", "FIRST_VALUE",
                                         "LAST_VALUE", "ROW_NUMBER", "RANK", "DENSE_RANK", "LAG", "LEAD", NULL};

static bool listed(const char *const *names, const char *name)
{
    for (int i = 0; names[i]; i++)
        if (strcasecmp(names[i], name) == 0) return true;
    return false;
}

static bool fits(char family, const expr_node_t *a)
{
    const type_t *t = a->type;
    if (family == '*') return true;
    if (!a->eval) return family == 'Y';
    if (family == 'Y') return false;
    if (t->id == TYPE_NULL) return true;
    switch (family) {
    case 'S': return type_is_string(t);
    case 'B': return expr_is_binary(t);
    case 'I': return expr_is_int(t);
    case 'N': return type_is_numeric(t);
    case 'D': return t->id == TYPE_DATE;
    case 'T': return expr_is_timestamp(t);
    case 'W': return t->id == TYPE_DATE || t->id == TYPE_TIME || expr_is_timestamp(t);
    case 'L': return t->id == TYPE_BOOLEAN;
    default: return true;
    }
}

bool expr_func_check_args(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    size_t nf = strlen(f->args);
    for (int i = 0; i < n->nargs; i++)
        if (!fits(f->args[(size_t)i < nf ? (size_t)i : nf - 1], n->args[i])) {
            expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
            return false;
        }
    return true;
}

static const type_t *result_type(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    bool nullable = expr_any_nullable(n) || (f->flags & EXPR_F_NULLABLE);
    switch (f->result) {
    case EXPR_R_STRING: return expr_string_type(c, nullable);
    case EXPR_R_INT: return expr_type_new(c, TYPE_INT, nullable, -1, -1);
    case EXPR_R_BIGINT: return expr_type_new(c, TYPE_BIGINT, nullable, -1, -1);
    case EXPR_R_DOUBLE: return expr_type_new(c, TYPE_DOUBLE, nullable, -1, -1);
    case EXPR_R_BOOL: return expr_type_new(c, TYPE_BOOLEAN, nullable, -1, -1);
    case EXPR_R_BYTES: return expr_type_new(c, TYPE_VARBINARY, nullable, TYPE_MAX_LENGTH, -1);
    case EXPR_R_DATE: return expr_type_new(c, TYPE_DATE, nullable, -1, -1);
    case EXPR_R_TS3: return expr_type_new(c, TYPE_TIMESTAMP, nullable, 3, -1);
    case EXPR_R_LTZ3: return expr_type_new(c, TYPE_TIMESTAMP_LTZ, nullable, 3, -1);
    default: return expr_with_null(c, n->args[0]->type, nullable);
    }
}

static value_t eval_call(const expr_node_t *n, expr_ctx_t *cx)
{
    const expr_func_t *f = n->aux;
    if (f->flags & EXPR_F_LAZY) return f->impl(n, cx, NULL);
    value_t local[8];
    value_t *argv = n->nargs <= 8 ? local : arena_alloc(cx->arena, sizeof(value_t) * (size_t)n->nargs);
    for (int i = 0; i < n->nargs; i++) {
        if (!n->args[i]->eval) {   /* a symbol */
            argv[i] = (value_t){0};
            continue;
        }
        argv[i] = EXPR_EVAL(n->args[i], cx);
        if (argv[i].is_null || cx->failed) return value_null();
    }
    return f->impl(n, cx, argv);
}

static void *unknown_function(expr_cc_t *c, const sqlp_expr_t *e, const char *name, expr_node_t *const *args)
{
    buf_t b = BUF_INIT;
    for (int i = 0; i < e->u.call.nargs; i++) {
        const type_t *t = args[i]->type;
        const char *fam = !args[i]->eval ? "SYMBOL" : type_is_numeric(t) ? "NUMERIC" : type_is_string(t) ? "CHARACTER"
                        : t->id == TYPE_NULL ? "NULL" : type_id_name(t->id);
        buf_printf(&b, "%s<%s>", i ? ", " : "", fam);
    }
    expr_error(c, e->pos, "No match found for function signature %s(%s)", name, buf_cstr(&b));
    buf_free(&b);
    return NULL;
}

expr_node_t *expr_compile_call(expr_cc_t *c, const sqlp_expr_t *e)
{
    const char *name = sqlp_name_last(&e->u.call.name)->name;
    int nargs = e->u.call.nargs;
    expr_node_t *n = expr_node_new(c, eval_call, NULL, e->pos, nargs);
    for (int i = 0; i < nargs; i++) {
        if (e->u.call.args[i].name)
            return expr_error(c, e->u.call.args[i].name->pos, "Named arguments are only supported for PTF calls");
        if (!(n->args[i] = expr_compile_node(c, e->u.call.args[i].value))) return NULL;
    }
    const expr_func_t *f = expr_func_find(name);
    if (!f && listed(aggregates, name))
        return expr_error(c, e->pos, "Aggregate function %s is not supported by ptfhost in an expression yet",
                          name);
    if (!f && listed(not_yet, name))
        return expr_error(c, e->pos, "Function %s%s is not supported by ptfhost yet", name, nargs ? "" : "()");
    if (!f) return unknown_function(c, e, name, n->args);
    if (e->u.call.distinct) return expr_error(c, e->pos, "DISTINCT is only allowed in aggregate functions");
    if (nargs < f->min_args || (f->max_args >= 0 && nargs > f->max_args))
        return expr_error(c, e->pos, "Invalid number of arguments to function '%s'. Was expecting %d arguments",
                          f->name, nargs < f->min_args ? f->min_args : f->max_args);
    n->aux = f;
    n->op = f->op;
    if (!expr_func_check_args(c, n, f)) return NULL;
    n->type = f->infer ? f->infer(c, n, f) : result_type(c, n, f);
    return n->type ? n : NULL;
}

/* ---- conditional functions --------------------------------------------------------- */

static const type_t *infer_common(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *t = expr_coerce_args(c, n, f->op == 'I' ? 1 : 0);
    if (!t) return *c->err ? NULL : expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    bool all_nullable = true;
    for (int i = f->op == 'I' ? 1 : 0; i < n->nargs; i++) all_nullable &= n->args[i]->type->nullable;
    if (f->op == 'C') return expr_with_null(c, t, all_nullable);   /* COALESCE, IFNULL */
    if (f->op == 'I') return expr_with_null(c, t, n->args[1]->type->nullable || n->args[2]->type->nullable);
    if (f->op == 'N') return expr_with_null(c, t, true);           /* NULLIF */
    return expr_with_null(c, t, expr_any_nullable(n));            /* GREATEST, LEAST */
}

static value_t impl_coalesce(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)argv;
    for (int i = 0; i < n->nargs; i++) {
        value_t v = EXPR_EVAL(n->args[i], cx);
        if (!v.is_null || cx->failed) return v;
    }
    return value_null();
}

static value_t impl_if(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)argv;
    value_t cond = EXPR_EVAL(n->args[0], cx);
    return EXPR_EVAL(n->args[!cond.is_null && cond.u.b ? 1 : 2], cx);
}

static value_t impl_nullif(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)argv;
    value_t a = EXPR_EVAL(n->args[0], cx), b = EXPR_EVAL(n->args[1], cx);
    if (!a.is_null && !b.is_null && expr_compare_values(&a, &b, n->type) == 0) return value_null();
    return a;
}

static value_t impl_greatest(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    int best = 0;
    for (int i = 1; i < n->nargs; i++) {
        int r = expr_compare_values(&argv[i], &argv[best], n->type);
        if (n->op == 'G' ? r > 0 : r < 0) best = i;
    }
    return argv[best];
}

static const type_t *infer_if(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    if (n->args[0]->type->id != TYPE_BOOLEAN && n->args[0]->type->id != TYPE_NULL)
        return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    return infer_common(c, n, f);
}

static const type_t *infer_typeof(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    (void)f;
    char *s = type_to_string(n->args[0]->type);
    value_t v = {0};
    v.u.str.len = (uint32_t)strlen(s);
    v.u.str.ptr = arena_strdup(&c->x->arena, s);
    free(s);
    n->value = v;
    return expr_string_type(c, false);
}

static value_t impl_typeof(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    (void)argv;
    return n->value;
}

const expr_func_t expr_funcs_cond[] = {
    {"COALESCE", 1, -1, "A", EXPR_R_CUSTOM, infer_common, impl_coalesce, EXPR_F_LAZY, 'C'},
    {"IFNULL", 2, 2, "A", EXPR_R_CUSTOM, infer_common, impl_coalesce, EXPR_F_LAZY, 'C'},
    {"NULLIF", 2, 2, "A", EXPR_R_CUSTOM, infer_common, impl_nullif, EXPR_F_LAZY, 'N'},
    {"IF", 3, 3, "A", EXPR_R_CUSTOM, infer_if, impl_if, EXPR_F_LAZY, 'I'},
    {"GREATEST", 1, -1, "A", EXPR_R_CUSTOM, infer_common, impl_greatest, EXPR_F_STRICT, 'G'},
    {"LEAST", 1, -1, "A", EXPR_R_CUSTOM, infer_common, impl_greatest, EXPR_F_STRICT, 'L'},
    {"TYPEOF", 1, 2, "AL", EXPR_R_CUSTOM, infer_typeof, impl_typeof, EXPR_F_LAZY, 0},
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};

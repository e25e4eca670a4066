/* expr_coll.c - constructors and access for composite values: ROW(...),
 * ARRAY[...], MAP[...], arr[i] (1-based, NULL out of range), map[key] (NULL
 * when absent), row.field, and the collection functions CARDINALITY,
 * ELEMENT, ARRAY_CONTAINS, ARRAY_JOIN, MAP_KEYS, MAP_VALUES. */
#include "expr/expr_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static value_t eval_ctor(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t *vs = arena_alloc(cx->arena, sizeof(value_t) * ((size_t)n->nargs + 1));
    for (int i = 0; i < n->nargs; i++) vs[i] = EXPR_EVAL(n->args[i], cx);
    value_t v = {0};
    if (n->type->id == TYPE_ROW) {
        v.u.row.fields = vs;
        v.u.row.n = (uint32_t)n->nargs;
    } else if (n->type->id == TYPE_ARRAY) {
        v.u.list.items = vs;
        v.u.list.n = (uint32_t)n->nargs;
    } else {   /* MAP: keys and values alternate in args; a later key replaces an earlier one */
        value_t *keys = arena_alloc(cx->arena, sizeof(value_t) * ((size_t)n->nargs / 2 + 1));
        value_t *vals = arena_alloc(cx->arena, sizeof(value_t) * ((size_t)n->nargs / 2 + 1));
        uint32_t m = 0;
        for (int i = 0; i + 1 < n->nargs; i += 2) {
            uint32_t k = 0;
            while (k < m && !value_equals(&keys[k], &vs[i], n->type->elem)) k++;
            keys[k] = vs[i];
            vals[k] = vs[i + 1];
            if (k == m) m++;
        }
        v.u.map.keys = keys;
        v.u.map.vals = vals;
        v.u.map.n = m;
    }
    return v;
}

/* Coerces args[from], args[from + step], ... to their common type. */
static const type_t *common_of(expr_cc_t *c, expr_node_t *n, int from, int step)
{
    expr_node_t tmp = *n;
    tmp.nargs = 0;
    tmp.args = arena_alloc(&c->x->arena, sizeof(expr_node_t *) * ((size_t)n->nargs + 1));
    for (int i = from; i < n->nargs; i += step) tmp.args[tmp.nargs++] = n->args[i];
    const type_t *t = expr_coerce_args(c, &tmp, 0);
    for (int i = from, k = 0; t && i < n->nargs; i += step) n->args[i] = tmp.args[k++];
    return t;
}

expr_node_t *expr_compile_ctor(expr_cc_t *c, const sqlp_expr_t *e)
{
    int nitems = e->u.list.n;
    expr_node_t *n = expr_node_new(c, eval_ctor, NULL, e->pos, nitems);
    for (int i = 0; i < nitems; i++)
        if (!(n->args[i] = expr_compile_node(c, e->u.list.items[i]))) return NULL;
    const char *what = e->kind == SQLP_E_ARRAY ? "ARRAY" : e->kind == SQLP_E_MAP ? "MAP" : "ROW";
    if (nitems == 0 || (e->kind == SQLP_E_MAP && nitems % 2))
        return expr_error(c, e->pos, "%s constructor needs %s", what,
                          e->kind == SQLP_E_MAP ? "pairs of keys and values" : "at least one element");
    type_t *t = type_new(e->kind == SQLP_E_ARRAY ? TYPE_ARRAY : e->kind == SQLP_E_MAP ? TYPE_MAP : TYPE_ROW, false);
    expr_own(c, t);
    n->type = t;
    if (e->kind == SQLP_E_ROW) {
        for (int i = 0; i < nitems; i++) {
            char name[32];
            snprintf(name, sizeof name, "EXPR$%d", i);
            type_add_field(t, name, type_clone(n->args[i]->type), NULL);
        }
        return n;
    }
    int step = e->kind == SQLP_E_MAP ? 2 : 1;
    const type_t *et = common_of(c, n, 0, step), *vt = step == 2 && et ? common_of(c, n, 1, 2) : et;
    if (!et || !vt) return *c->err ? NULL : expr_error(c, e->pos, "Parameters must be of the same type");
    t->elem = type_clone(et);
    if (step == 2) t->value = type_clone(vt);
    return n;
}

/* ---- access -------------------------------------------------------------------- */

static value_t eval_item(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t base = EXPR_EVAL(n->args[0], cx), key = EXPR_EVAL(n->args[1], cx);
    if (base.is_null || key.is_null) return value_null();
    const type_t *bt = n->args[0]->type;
    if (bt->id == TYPE_ARRAY) {
        int64_t i = key.u.i64;
        return i >= 1 && (uint64_t)i <= base.u.list.n ? base.u.list.items[i - 1] : value_null();
    }
    for (uint32_t i = base.u.map.n; i-- > 0;)
        if (!base.u.map.keys[i].is_null && expr_compare_values(&base.u.map.keys[i], &key, bt->elem) == 0)
            return base.u.map.vals[i];
    return value_null();
}

static value_t eval_field(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t base = EXPR_EVAL(n->args[0], cx);
    if (base.is_null || (uint32_t)n->op >= base.u.row.n) return value_null();
    return base.u.row.fields[n->op];
}

expr_node_t *expr_field_access(expr_cc_t *c, expr_node_t *base, const char *field, sqlp_pos_t pos)
{
    const type_t *t = base->type;
    int k = type_is_composite(t) ? type_field_index(t, field) : -1;
    if (k < 0) {
        char *ts = type_to_string(t);
        expr_error(c, pos, "SQL validation failed. Unknown field '%s' in %s", field, ts);
        free(ts);
        return NULL;
    }
    const type_t *ft = t->fields[k].type;
    expr_node_t *n = expr_node_new(c, eval_field, expr_with_null(c, ft, ft->nullable || t->nullable), pos, 1);
    n->args[0] = base;
    n->op = k;
    return n;
}

expr_node_t *expr_compile_item(expr_cc_t *c, const sqlp_expr_t *e)
{
    expr_node_t *n = expr_node_new(c, eval_item, NULL, e->pos, 2);
    if (!(n->args[0] = expr_compile_node(c, e->u.item.a)) || !(n->args[1] = expr_compile_node(c, e->u.item.index)))
        return NULL;
    const type_t *bt = n->args[0]->type, *kt = n->args[1]->type;
    if (e->u.item.dot && !type_is_composite(bt)) {
        char *tn = type_to_string(bt);
        expr_node_t *bad = expr_error(c, e->u.item.index->pos, "Cannot access field '%s' of %s: it is not a ROW",
                                      e->u.item.index->u.lit.text, tn);
        free(tn);
        return bad;
    }
    if (type_is_composite(bt) && type_is_string(kt) && expr_is_const(n->args[1])) {   /* row['field'], row[i].f */
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)n->args[1]->value.u.str.len, n->args[1]->value.u.str.ptr);
        return expr_field_access(c, n->args[0], name, e->pos);
    }
    if (bt->id == TYPE_ARRAY && expr_is_int(kt)) {
        n->type = expr_with_null(c, bt->elem, true);
        return n;
    }
    if (bt->id == TYPE_MAP) {   /* the key is cast to the map's key type (a failed cast is reported as ITEM) */
        expr_node_t *k = expr_cast(c, n->args[1], expr_with_null(c, bt->elem, kt->nullable), true, false, e->pos);
        if (k) {
            n->args[1] = k;
            n->type = expr_with_null(c, bt->value, true);
            return n;
        }
    }
    return expr_error_apply(c, e->pos, "ITEM", false, n->args, 2);
}

/* ---- CARDINALITY, ELEMENT --------------------------------------------------------- */

static const type_t *infer_cardinality(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    type_id_t id = n->args[0]->type->id;
    if (id != TYPE_ARRAY && id != TYPE_MAP && id != TYPE_MULTISET)
        return expr_error_apply(c, n->pos, f->name, false, n->args, 1);
    return expr_type_new(c, TYPE_INT, n->args[0]->type->nullable, -1, -1);
}

static value_t impl_cardinality(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    return expr_i64(n->args[0]->type->id == TYPE_ARRAY ? argv[0].u.list.n : argv[0].u.map.n);
}

static const type_t *infer_element(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    if (n->args[0]->type->id != TYPE_ARRAY) return expr_error_apply(c, n->pos, f->name, false, n->args, 1);
    return expr_with_null(c, n->args[0]->type->elem, true);
}

static value_t impl_element(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    if (argv[0].u.list.n > 1) return expr_fail(cx, "Array has more than one element.");
    return argv[0].u.list.n ? argv[0].u.list.items[0] : value_null();
}

/* ---- ARRAY_CONTAINS, ARRAY_JOIN, MAP_KEYS, MAP_VALUES ----------------------------------------- */

static const type_t *infer_array_contains(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *at = n->args[0]->type;
    if (at->id != TYPE_ARRAY) return expr_error_apply(c, n->pos, f->name, false, n->args, 2);
    const type_t *ts[2] = {at->elem, n->args[1]->type};
    const type_t *ct = expr_common_type(c, ts, 2);
    if (!ct || !type_equals_ignore_null(ct, at->elem)) return expr_error_apply(c, n->pos, f->name, false, n->args, 2);
    if (!(n->args[1] = expr_cast(c, n->args[1], expr_with_null(c, at->elem, true), true, false, n->pos))) return NULL;
    return expr_type_new(c, TYPE_BOOLEAN, at->nullable, -1, -1);
}

/* A NULL needle finds a NULL element. */
static value_t impl_array_contains(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)argv;
    value_t arr = EXPR_EVAL(n->args[0], cx), x = EXPR_EVAL(n->args[1], cx);
    if (arr.is_null) return arr;
    for (uint32_t i = 0; i < arr.u.list.n; i++) {
        const value_t *e = &arr.u.list.items[i];
        if (e->is_null ? x.is_null : !x.is_null && expr_compare_values(e, &x, n->args[0]->type->elem) == 0)
            return expr_bool(true);
    }
    return expr_bool(false);
}

static const type_t *infer_array_join(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *at = n->args[0]->type;
    if (at->id != TYPE_ARRAY || !type_is_string(at->elem))
        return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    return expr_string_type(c, expr_any_nullable(n));
}

/* NULL elements are left out, or replaced by the third argument. */
static value_t impl_array_join(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    buf_t out = BUF_INIT;
    bool first = true;
    for (uint32_t i = 0; i < argv[0].u.list.n; i++) {
        const value_t *e = &argv[0].u.list.items[i];
        if (e->is_null && n->nargs < 3) continue;
        if (!first) buf_append(&out, argv[1].u.str.ptr, argv[1].u.str.len);
        const value_t *v = e->is_null ? &argv[2] : e;
        buf_append(&out, v->u.str.ptr, v->u.str.len);
        first = false;
    }
    return expr_str_buf(cx, &out);
}

static const type_t *infer_map_part(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *mt = n->args[0]->type;
    if (mt->id != TYPE_MAP) return expr_error_apply(c, n->pos, f->name, false, n->args, 1);
    type_t *t = type_new(TYPE_ARRAY, mt->nullable);
    t->elem = type_clone(f->op ? mt->value : mt->elem);
    return expr_own(c, t);
}

static value_t impl_map_part(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    value_t v = {0};
    v.u.list.items = n->op ? argv[0].u.map.vals : argv[0].u.map.keys;
    v.u.list.n = argv[0].u.map.n;
    return v;
}

const expr_func_t expr_funcs_coll[] = {
    {"CARDINALITY", 1, 1, "A", EXPR_R_CUSTOM, infer_cardinality, impl_cardinality, EXPR_F_STRICT, 0},
    {"ELEMENT", 1, 1, "A", EXPR_R_CUSTOM, infer_element, impl_element, EXPR_F_NULLABLE, 0},
    {"ARRAY_CONTAINS", 2, 2, "A", EXPR_R_CUSTOM, infer_array_contains, impl_array_contains, EXPR_F_LAZY, 0},
    {"ARRAY_JOIN", 2, 3, "ASS", EXPR_R_CUSTOM, infer_array_join, impl_array_join, EXPR_F_STRICT, 0},
    {"MAP_KEYS", 1, 1, "A", EXPR_R_CUSTOM, infer_map_part, impl_map_part, EXPR_F_STRICT, 0},
    {"MAP_VALUES", 1, 1, "A", EXPR_R_CUSTOM, infer_map_part, impl_map_part, EXPR_F_STRICT, 1},
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};

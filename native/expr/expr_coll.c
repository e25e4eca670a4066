/* expr_coll.c - constructors and access for composite values: ROW(...),
 * ARRAY[...], MAP[...], arr[i] (1-based, NULL out of range), map[key] (NULL
 * when absent), row.field, and the collection functions CARDINALITY,
 * ELEMENT, ARRAY_CONTAINS, ARRAY_JOIN, ARRAY_DISTINCT, ARRAY_POSITION,
 * ARRAY_REMOVE, ARRAY_REVERSE, ARRAY_SLICE, ARRAY_SORT, ARRAY_UNION,
 * ARRAY_CONCAT, ARRAY_MAX, ARRAY_MIN, MAP_KEYS, MAP_VALUES, MAP_ENTRIES,
 * MAP_FROM_ARRAYS, MAP_UNION. Elements are equal as Java's equals on
 * Flink's internal data (value_equals: NULL equals NULL). */
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

/* An array and a value of its element type (cast to it): false with an error. */
static bool array_and_element(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *at = n->args[0]->type;
    if (at->id != TYPE_ARRAY) return expr_error_apply(c, n->pos, f->name, false, n->args, 2), false;
    const type_t *ts[2] = {at->elem, n->args[1]->type};
    const type_t *ct = expr_common_type(c, ts, 2);
    if (!ct || !type_equals_ignore_null(ct, at->elem))
        return expr_error_apply(c, n->pos, f->name, false, n->args, 2), false;
    n->args[1] = expr_cast(c, n->args[1], expr_with_null(c, at->elem, true), true, false, n->pos);
    return n->args[1] != NULL;
}

static const type_t *infer_array_contains(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    if (!array_and_element(c, n, f)) return NULL;
    return expr_type_new(c, TYPE_BOOLEAN, n->args[0]->type->nullable, -1, -1);
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

/* ---- array functions ----------------------------------------------------------------- */

static value_t array_of(value_t *items, uint32_t n)
{
    value_t v = {0};
    v.u.list.items = items;
    v.u.list.n = n;
    return v;
}

static value_t *items_new(expr_ctx_t *cx, size_t n)
{
    return arena_alloc(cx->arena, sizeof(value_t) * (n + 1));
}

static bool array_has(const value_t *items, uint32_t n, const value_t *x, const type_t *et)
{
    for (uint32_t i = 0; i < n; i++)
        if (value_equals(&items[i], x, et)) return true;
    return false;
}

/* ARRAY_DISTINCT, ARRAY_REVERSE, ARRAY_SLICE, ARRAY_SORT: the array's type. */
static const type_t *infer_array_arg(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *at = n->args[0]->type;
    if (at->id != TYPE_ARRAY) return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    return expr_with_null(c, at, expr_any_nullable(n));
}

/* The first occurrence of each element, in order. */
static value_t impl_array_distinct(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    const value_t *a = &argv[0];
    value_t *out = items_new(cx, a->u.list.n);
    uint32_t m = 0;
    for (uint32_t i = 0; i < a->u.list.n; i++)
        if (!array_has(out, m, &a->u.list.items[i], n->type->elem)) out[m++] = a->u.list.items[i];
    return array_of(out, m);
}

static value_t impl_array_reverse(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    uint32_t len = argv[0].u.list.n;
    value_t *out = items_new(cx, len);
    for (uint32_t i = 0; i < len; i++) out[i] = argv[0].u.list.items[len - 1 - i];
    return array_of(out, len);
}

/* 1-based offsets, inclusive; 0 is the first element, a negative offset counts from the end. */
static value_t impl_array_slice(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    int64_t len = argv[0].u.list.n, from = argv[1].u.i64, to = n->nargs > 2 ? argv[2].u.i64 : len;
    if (from == 0) from = 1;
    if (to == 0) to = 1;
    if (from < 0) from += len + 1;
    if (to < 0) to += len + 1;
    if (from < 1) from = 1;
    if (to > len) to = len;
    if (from > to) return array_of(argv[0].u.list.items, 0);
    return array_of(argv[0].u.list.items + from - 1, (uint32_t)(to - from + 1));
}

typedef struct sort_ctx {
    const type_t *et;
    bool asc, nulls_first;
} sort_ctx_t;

static _Thread_local sort_ctx_t sort_by;

static int sort_compare(const void *x, const void *y)
{
    const value_t *a = x, *b = y;
    if (a->is_null || b->is_null) return a->is_null == b->is_null ? 0 : (a->is_null == sort_by.nulls_first ? -1 : 1);
    int r = expr_compare_values(a, b, sort_by.et);
    return sort_by.asc ? r : -r;
}

/* ARRAY_SORT(array[, ascending[, nulls_first]]): nulls first when ascending, last when descending, by default. */
static value_t impl_array_sort(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    uint32_t len = argv[0].u.list.n;
    value_t *out = items_new(cx, len);
    memcpy(out, argv[0].u.list.items, sizeof(value_t) * len);
    bool asc = n->nargs < 2 || argv[1].u.b;
    sort_by = (sort_ctx_t){n->type->elem, asc, n->nargs > 2 ? argv[2].u.b : asc};
    qsort(out, len, sizeof *out, sort_compare);   /* not stable: equal elements are equal values */
    return array_of(out, len);
}

static const type_t *infer_array_position(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    if (!array_and_element(c, n, f)) return NULL;
    return expr_type_new(c, TYPE_INT, expr_any_nullable(n), -1, -1);
}

static value_t impl_array_position(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    for (uint32_t i = 0; i < argv[0].u.list.n; i++)
        if (value_equals(&argv[0].u.list.items[i], &argv[1], n->args[0]->type->elem)) return expr_i64(i + 1);
    return expr_i64(0);
}

static const type_t *infer_array_remove(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    if (!array_and_element(c, n, f)) return NULL;
    return n->args[0]->type;
}

/* Every element equal to the needle goes, NULLs for a NULL needle. */
static value_t impl_array_remove(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)argv;
    value_t a = EXPR_EVAL(n->args[0], cx), x = EXPR_EVAL(n->args[1], cx);
    if (a.is_null || cx->failed) return value_null();
    value_t *out = items_new(cx, a.u.list.n);
    uint32_t m = 0;
    for (uint32_t i = 0; i < a.u.list.n; i++)
        if (!value_equals(&a.u.list.items[i], &x, n->type->elem)) out[m++] = a.u.list.items[i];
    return array_of(out, m);
}

/* ARRAY_UNION, ARRAY_CONCAT, MAP_UNION: arrays (maps) of one common type. */
static const type_t *infer_same_kind(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    type_id_t want = f->op == 'M' ? TYPE_MAP : TYPE_ARRAY;
    for (int i = 0; i < n->nargs; i++)
        if (n->args[i]->type->id != want) return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    const type_t *t = expr_coerce_args(c, n, 0);
    if (!t) return *c->err ? NULL : expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    return expr_with_null(c, t, expr_any_nullable(n));
}

/* ARRAY_UNION: the distinct elements of both; ARRAY_CONCAT: all of them. */
static value_t impl_array_union(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    size_t total = 0;
    for (int i = 0; i < n->nargs; i++) total += argv[i].u.list.n;
    value_t *out = items_new(cx, total);
    uint32_t m = 0;
    for (int i = 0; i < n->nargs; i++)
        for (uint32_t k = 0; k < argv[i].u.list.n; k++) {
            const value_t *e = &argv[i].u.list.items[k];
            if (n->op == 'C' || !array_has(out, m, e, n->type->elem)) out[m++] = *e;
        }
    return array_of(out, m);
}

static const type_t *infer_array_max(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *at = n->args[0]->type;
    if (at->id != TYPE_ARRAY || type_is_composite(at->elem) || at->elem->id == TYPE_MAP ||
        at->elem->id == TYPE_MULTISET)
        return expr_error_apply(c, n->pos, f->name, false, n->args, 1);
    return expr_with_null(c, at->elem, true);
}

/* The greatest (least) element that is not NULL; NULL when there is none. */
static value_t impl_array_max(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    const value_t *best = NULL;
    for (uint32_t i = 0; i < argv[0].u.list.n; i++) {
        const value_t *e = &argv[0].u.list.items[i];
        if (e->is_null) continue;
        int r = best ? expr_compare_values(e, best, n->type) : 1;
        if (!best || (n->op == 'X' ? r > 0 : r < 0)) best = e;
    }
    return best ? *best : value_null();
}

/* ---- map functions ------------------------------------------------------------------- */

static const type_t *infer_map_entries(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *mt = n->args[0]->type;
    if (mt->id != TYPE_MAP) return expr_error_apply(c, n->pos, f->name, false, n->args, 1);
    type_t *row = type_new(TYPE_ROW, false);
    type_add_field(row, "key", type_clone(mt->elem), NULL);
    type_add_field(row, "value", type_clone(mt->value), NULL);
    type_t *t = type_new(TYPE_ARRAY, mt->nullable);
    t->elem = row;
    return expr_own(c, t);
}

static value_t impl_map_entries(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    uint32_t len = argv[0].u.map.n;
    value_t *out = items_new(cx, len);
    for (uint32_t i = 0; i < len; i++) {
        value_t *kv = items_new(cx, 2);
        kv[0] = argv[0].u.map.keys[i];
        kv[1] = argv[0].u.map.vals[i];
        out[i] = (value_t){0};
        out[i].u.row.fields = kv;
        out[i].u.row.n = 2;
    }
    return array_of(out, len);
}

static const type_t *infer_map_from_arrays(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *kt = n->args[0]->type, *vt = n->args[1]->type;
    if (kt->id != TYPE_ARRAY || vt->id != TYPE_ARRAY) return expr_error_apply(c, n->pos, f->name, false, n->args, 2);
    type_t *t = type_new(TYPE_MAP, expr_any_nullable(n));
    t->elem = type_clone(kt->elem);
    t->value = type_clone(vt->elem);
    return expr_own(c, t);
}

/* A map of a key array and a value array of the same length (a later key replaces an earlier one). */
static value_t put_all(expr_ctx_t *cx, const type_t *mt, const value_t *keys, const value_t *vals, uint32_t n,
                       value_t *map)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k = 0;
        while (k < map->u.map.n && !value_equals(&map->u.map.keys[k], &keys[i], mt->elem)) k++;
        map->u.map.keys[k] = keys[i];
        map->u.map.vals[k] = vals[i];
        if (k == map->u.map.n) map->u.map.n++;
    }
    (void)cx;
    return *map;
}

static value_t map_new(expr_ctx_t *cx, size_t cap)
{
    value_t m = {0};
    m.u.map.keys = items_new(cx, cap);
    m.u.map.vals = items_new(cx, cap);
    return m;
}

static value_t impl_map_from_arrays(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    uint32_t nk = argv[0].u.list.n, nv = argv[1].u.list.n;
    if (nk != nv)
        return expr_fail(cx, "Invalid function MAP_FROM_ARRAYS call:\nThe length of the keys array %u is not equal "
                             "to the length of the values array %u", nk, nv);
    value_t m = map_new(cx, nk);
    return put_all(cx, n->type, argv[0].u.list.items, argv[1].u.list.items, nk, &m);
}

/* MAP_UNION: the maps merged, a later map's value winning. */
static value_t impl_map_union(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    size_t total = 0;
    for (int i = 0; i < n->nargs; i++) total += argv[i].u.map.n;
    value_t m = map_new(cx, total);
    for (int i = 0; i < n->nargs; i++)
        put_all(cx, n->type, argv[i].u.map.keys, argv[i].u.map.vals, argv[i].u.map.n, &m);
    return m;
}

const expr_func_t expr_funcs_coll[] = {
    {"CARDINALITY", 1, 1, "A", EXPR_R_CUSTOM, infer_cardinality, impl_cardinality, EXPR_F_STRICT, 0},
    {"ELEMENT", 1, 1, "A", EXPR_R_CUSTOM, infer_element, impl_element, EXPR_F_NULLABLE, 0},
    {"ARRAY_CONTAINS", 2, 2, "A", EXPR_R_CUSTOM, infer_array_contains, impl_array_contains, EXPR_F_LAZY, 0},
    {"ARRAY_JOIN", 2, 3, "ASS", EXPR_R_CUSTOM, infer_array_join, impl_array_join, EXPR_F_STRICT, 0},
    {"MAP_KEYS", 1, 1, "A", EXPR_R_CUSTOM, infer_map_part, impl_map_part, EXPR_F_STRICT, 0},
    {"MAP_VALUES", 1, 1, "A", EXPR_R_CUSTOM, infer_map_part, impl_map_part, EXPR_F_STRICT, 1},
    {"ARRAY_DISTINCT", 1, 1, "A", EXPR_R_CUSTOM, infer_array_arg, impl_array_distinct, EXPR_F_STRICT, 0},
    {"ARRAY_REVERSE", 1, 1, "A", EXPR_R_CUSTOM, infer_array_arg, impl_array_reverse, EXPR_F_STRICT, 0},
    {"ARRAY_SLICE", 2, 3, "AII", EXPR_R_CUSTOM, infer_array_arg, impl_array_slice, EXPR_F_STRICT, 0},
    {"ARRAY_SORT", 1, 3, "ALL", EXPR_R_CUSTOM, infer_array_arg, impl_array_sort, EXPR_F_STRICT, 0},
    {"ARRAY_POSITION", 2, 2, "A", EXPR_R_CUSTOM, infer_array_position, impl_array_position, EXPR_F_STRICT, 0},
    {"ARRAY_REMOVE", 2, 2, "A", EXPR_R_CUSTOM, infer_array_remove, impl_array_remove, EXPR_F_LAZY, 0},
    {"ARRAY_UNION", 2, 2, "A", EXPR_R_CUSTOM, infer_same_kind, impl_array_union, EXPR_F_STRICT, 'U'},
    {"ARRAY_CONCAT", 1, -1, "A", EXPR_R_CUSTOM, infer_same_kind, impl_array_union, EXPR_F_STRICT, 'C'},
    {"ARRAY_MAX", 1, 1, "A", EXPR_R_CUSTOM, infer_array_max, impl_array_max, EXPR_F_STRICT, 'X'},
    {"ARRAY_MIN", 1, 1, "A", EXPR_R_CUSTOM, infer_array_max, impl_array_max, EXPR_F_STRICT, 'N'},
    {"MAP_ENTRIES", 1, 1, "A", EXPR_R_CUSTOM, infer_map_entries, impl_map_entries, EXPR_F_STRICT, 0},
    {"MAP_FROM_ARRAYS", 2, 2, "A", EXPR_R_CUSTOM, infer_map_from_arrays, impl_map_from_arrays, EXPR_F_STRICT, 0},
    {"MAP_UNION", 1, -1, "A", EXPR_R_CUSTOM, infer_same_kind, impl_map_union, EXPR_F_STRICT, 'M'},
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};

/* cast.c - the implicit casts Flink inserts in front of a typed table
 * argument (see cast.h). */
#include "types/cast.h"

#include <string.h>

static bool is_int(type_id_t id)
{
    return id == TYPE_TINYINT || id == TYPE_SMALLINT || id == TYPE_INT || id == TYPE_BIGINT;
}

static int int_rank(type_id_t id)
{
    return id == TYPE_TINYINT ? 1 : id == TYPE_SMALLINT ? 2 : id == TYPE_INT ? 3 : id == TYPE_BIGINT ? 4 : 0;
}

bool cast_implicit_ok(const type_t *from, const type_t *to)
{
    if (from->id == TYPE_NULL) return true;
    if (is_int(from->id) && is_int(to->id)) return int_rank(from->id) <= int_rank(to->id);
    if ((is_int(from->id) || from->id == TYPE_DECIMAL || from->id == TYPE_FLOAT) &&
        (to->id == TYPE_FLOAT || to->id == TYPE_DOUBLE))
        return !(from->id == TYPE_DECIMAL && to->id == TYPE_FLOAT);
    if ((is_int(from->id) || from->id == TYPE_DECIMAL) && to->id == TYPE_DECIMAL) return true;
    if ((from->id == TYPE_CHAR || from->id == TYPE_VARCHAR) && (to->id == TYPE_CHAR || to->id == TYPE_VARCHAR))
        return true;
    if ((from->id == TYPE_BINARY || from->id == TYPE_VARBINARY) &&
        (to->id == TYPE_BINARY || to->id == TYPE_VARBINARY))
        return true;
    if (from->id == to->id && (from->id == TYPE_TIMESTAMP || from->id == TYPE_TIMESTAMP_LTZ || from->id == TYPE_TIME))
        return true;
    if ((from->id == TYPE_ROW || from->id == TYPE_STRUCTURED) && (to->id == TYPE_ROW || to->id == TYPE_STRUCTURED)) {
        if (from->nfields != to->nfields) return false;
        for (int i = 0; i < from->nfields; i++)
            if (!cast_implicit_ok(from->fields[i].type, to->fields[i].type)) return false;
        return true;
    }
    if ((from->id == TYPE_ARRAY && to->id == TYPE_ARRAY) || (from->id == TYPE_MULTISET && to->id == TYPE_MULTISET))
        return cast_implicit_ok(from->elem, to->elem);
    if (from->id == TYPE_MAP && to->id == TYPE_MAP)
        return cast_implicit_ok(from->elem, to->elem) && cast_implicit_ok(from->value, to->value);
    return from->id == to->id;
}

static __int128 pow10_128(int n)
{
    __int128 p = 1;
    while (n-- > 0) p *= 10;
    return p;
}

static value_t cast_value_unchecked(const value_t *v, const type_t *from, const type_t *to, arena_t *a);

/* A DECIMAL result beyond its precision is NULL, as Flink's casts give (a NOT
 * NULL sink column then rejects it like any NULL). */
value_t cast_value(const value_t *v, const type_t *from, const type_t *to, arena_t *a)
{
    value_t out = cast_value_unchecked(v, from, to, a);
    if (!out.is_null && to->id == TYPE_DECIMAL && to->precision > 0 && to->precision <= 38) {
        __int128 limit = pow10_128(to->precision);
        if (out.u.dec >= limit || out.u.dec <= -limit) out.is_null = true;
    }
    return out;
}

static value_t cast_value_unchecked(const value_t *v, const type_t *from, const type_t *to, arena_t *a)
{
    if (v->is_null) return *v;
    value_t out = *v;
    if (is_int(from->id)) {
        if (to->id == TYPE_FLOAT) out.u.f32 = (float)v->u.i64;
        else if (to->id == TYPE_DOUBLE) out.u.f64 = (double)v->u.i64;
        else if (to->id == TYPE_DECIMAL) out.u.dec = (__int128)v->u.i64 * pow10_128(to->scale);
        return out;
    }
    if (from->id == TYPE_FLOAT && to->id == TYPE_DOUBLE) {
        out.u.f64 = (double)v->u.f32;
        return out;
    }
    if (from->id == TYPE_DECIMAL) {
        if (to->id == TYPE_DOUBLE) {
            out.u.f64 = (double)v->u.dec / (double)pow10_128(from->scale);
        } else if (to->id == TYPE_DECIMAL && to->scale != from->scale) {
            if (to->scale > from->scale) {
                out.u.dec = v->u.dec * pow10_128(to->scale - from->scale);
            } else {   /* round half up, as Flink's DecimalData does */
                __int128 div = pow10_128(from->scale - to->scale);
                __int128 q = v->u.dec / div, r = v->u.dec % div;
                if (r * 2 >= div) q++;
                else if (r * 2 <= -div) q--;
                out.u.dec = q;
            }
        }
        return out;
    }
    if (from->id == TYPE_TIME && to->id == TYPE_TIME && to->precision < from->precision) {
        int64_t unit = 1;   /* nanoseconds of the day, cut to the target's fractional digits */
        for (int i = to->precision; i < 9; i++) unit *= 10;
        out.u.i64 = v->u.i64 - v->u.i64 % unit;
        return out;
    }
    if ((from->id == TYPE_TIMESTAMP || from->id == TYPE_TIMESTAMP_LTZ) && to->precision < from->precision) {
        /* fewer fractional digits: truncate */
        int64_t ns = (int64_t)v->u.ts.millis % 1000 * 1000000 + v->u.ts.nanos;
        int64_t unit = 1;
        for (int i = to->precision; i < 9; i++) unit *= 10;
        int64_t kept = ns - ns % unit;
        out.u.ts.millis = v->u.ts.millis - (int64_t)v->u.ts.millis % 1000 + kept / 1000000;
        out.u.ts.nanos = (int32_t)(kept % 1000000);
        return out;
    }
    if ((from->id == TYPE_ROW || from->id == TYPE_STRUCTURED) && from->nfields == to->nfields) {
        out.u.row.n = v->u.row.n;
        out.u.row.fields = arena_alloc(a, sizeof(value_t) * (v->u.row.n ? v->u.row.n : 1));
        for (uint32_t i = 0; i < v->u.row.n; i++)
            out.u.row.fields[i] = cast_value(&v->u.row.fields[i], from->fields[i].type, to->fields[i].type, a);
        return out;
    }
    /* elements and entries cast one by one (ARRAY<INT> -> ARRAY<DOUBLE> changes each value's representation) */
    if (from->id == TYPE_ARRAY && to->id == TYPE_ARRAY) {
        out.u.list.items = arena_alloc(a, sizeof(value_t) * (v->u.list.n ? v->u.list.n : 1));
        for (uint32_t i = 0; i < v->u.list.n; i++)
            out.u.list.items[i] = cast_value(&v->u.list.items[i], from->elem, to->elem, a);
        return out;
    }
    if ((from->id == TYPE_MAP && to->id == TYPE_MAP) || (from->id == TYPE_MULTISET && to->id == TYPE_MULTISET)) {
        size_t n = v->u.map.n ? v->u.map.n : 1;
        out.u.map.keys = arena_alloc(a, sizeof(value_t) * n);
        out.u.map.vals = arena_alloc(a, sizeof(value_t) * n);
        for (uint32_t i = 0; i < v->u.map.n; i++) {
            out.u.map.keys[i] = cast_value(&v->u.map.keys[i], from->elem, to->elem, a);
            out.u.map.vals[i] = from->id == TYPE_MAP ? cast_value(&v->u.map.vals[i], from->value, to->value, a)
                                                     : v->u.map.vals[i];
        }
        return out;
    }
    return out;
}

row_t cast_row(const row_t *r, const type_t *from, const type_t *to, arena_t *a)
{
    row_t out = {r->kind, r->n, arena_alloc(a, sizeof(value_t) * (r->n ? r->n : 1))};
    for (uint32_t i = 0; i < r->n; i++)
        out.fields[i] = cast_value(&r->fields[i], from->fields[i].type, to->fields[i].type, a);
    return out;
}

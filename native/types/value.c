/* value.c - copying, comparing and hashing typed values (see value.h). */
#include "types/value.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Row kinds                                                                */

static const char *const KIND_SHORT[] = {"+I", "-U", "+U", "-D"};
static const char *const KIND_NAME[] = {"INSERT", "UPDATE_BEFORE", "UPDATE_AFTER", "DELETE"};

const char *row_kind_short(row_kind_t k) { return (unsigned)k < 4 ? KIND_SHORT[k] : "??"; }
const char *row_kind_name(row_kind_t k) { return (unsigned)k < 4 ? KIND_NAME[k] : "UNKNOWN"; }

int row_kind_parse(const char *s, row_kind_t *out)
{
    for (int k = 0; k < 4; k++) {
        if (strcmp(s, KIND_SHORT[k]) == 0 || strcmp(s, KIND_NAME[k]) == 0) {
            *out = (row_kind_t)k;
            return 0;
        }
    }
    return -1;
}

/* ------------------------------------------------------------------------ */
/* Shape helpers: which union member a type uses                            */

typedef enum shape {
    SH_BOOL, SH_I64, SH_F32, SH_F64, SH_DEC, SH_TS, SH_STR, SH_LIST, SH_MAP, SH_ROW, SH_NONE,
} shape_t;

static shape_t shape_of(const type_t *t)
{
    switch (t->id) {
    case TYPE_BOOLEAN: return SH_BOOL;
    case TYPE_TINYINT: case TYPE_SMALLINT: case TYPE_INT: case TYPE_BIGINT:
    case TYPE_DATE: case TYPE_TIME: case TYPE_INTERVAL_YM: case TYPE_INTERVAL_DT:
        return SH_I64;
    case TYPE_FLOAT: return SH_F32;
    case TYPE_DOUBLE: return SH_F64;
    case TYPE_DECIMAL: return SH_DEC;
    case TYPE_TIMESTAMP: case TYPE_TIMESTAMP_LTZ: case TYPE_TIMESTAMP_TZ: return SH_TS;
    case TYPE_CHAR: case TYPE_VARCHAR: case TYPE_BINARY: case TYPE_VARBINARY: case TYPE_RAW:
        return SH_STR;
    case TYPE_ARRAY: case TYPE_DESCRIPTOR: return SH_LIST;
    case TYPE_MAP: case TYPE_MULTISET: return SH_MAP;
    case TYPE_ROW: case TYPE_STRUCTURED: return SH_ROW;
    case TYPE_NULL: return SH_NONE;
    }
    return SH_NONE;
}

/* Element type of a list; key and value types of a map. DESCRIPTOR and
 * MULTISET counts have implicit types. */
static const type_t STRING_TYPE = {.id = TYPE_VARCHAR, .nullable = false, .precision = TYPE_MAX_LENGTH,
                                   .scale = -1, .interval_unit = -1};
static const type_t COUNT_TYPE = {.id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1,
                                  .interval_unit = -1};

static const type_t *list_elem(const type_t *t) { return t->id == TYPE_DESCRIPTOR ? &STRING_TYPE : t->elem; }
static const type_t *map_value(const type_t *t) { return t->id == TYPE_MULTISET ? &COUNT_TYPE : t->value; }

/* ------------------------------------------------------------------------ */
/* Copy                                                                     */

static void copy_into(value_t *dst, const value_t *src, const type_t *t, arena_t *a);

static value_t *copy_array(const value_t *src, uint32_t n, const type_t *t, arena_t *a)
{
    if (n == 0) return NULL;
    value_t *out = arena_alloc(a, sizeof(value_t) * n);
    for (uint32_t i = 0; i < n; i++) copy_into(&out[i], &src[i], t, a);
    return out;
}

static void copy_into(value_t *dst, const value_t *src, const type_t *t, arena_t *a)
{
    *dst = *src;
    if (src->is_null) return;
    switch (shape_of(t)) {
    case SH_STR:
        dst->u.str.ptr = src->u.str.len ? arena_memdup(a, src->u.str.ptr, src->u.str.len) : "";
        break;
    case SH_LIST:
        dst->u.list.items = copy_array(src->u.list.items, src->u.list.n, list_elem(t), a);
        break;
    case SH_MAP:
        dst->u.map.keys = copy_array(src->u.map.keys, src->u.map.n, t->elem, a);
        dst->u.map.vals = copy_array(src->u.map.vals, src->u.map.n, map_value(t), a);
        break;
    case SH_ROW: {
        uint32_t n = src->u.row.n;
        value_t *f = n ? arena_alloc(a, sizeof(value_t) * n) : NULL;
        for (uint32_t i = 0; i < n; i++) {
            /* A row value with more fields than its type is malformed; copy
             * the extra fields shallowly rather than read past the type. */
            if ((int)i < t->nfields) copy_into(&f[i], &src->u.row.fields[i], t->fields[i].type, a);
            else f[i] = src->u.row.fields[i];
        }
        dst->u.row.fields = f;
        break;
    }
    default:
        break;
    }
}

value_t value_copy(const value_t *v, const type_t *t, arena_t *a)
{
    value_t out;
    copy_into(&out, v, t, a);
    return out;
}

row_t row_copy(const row_t *r, const type_t *row_type, arena_t *a)
{
    row_t out = {.kind = r->kind, .n = r->n, .fields = NULL};
    if (r->n) {
        out.fields = arena_alloc(a, sizeof(value_t) * r->n);
        for (uint32_t i = 0; i < r->n; i++) {
            if ((int)i < row_type->nfields) copy_into(&out.fields[i], &r->fields[i], row_type->fields[i].type, a);
            else out.fields[i] = r->fields[i];
        }
    }
    return out;
}

bool row_type_is_flat(const type_t *row_type)
{
    for (int i = 0; i < row_type->nfields; i++) {
        shape_t sh = shape_of(row_type->fields[i].type);
        if (sh == SH_STR || sh == SH_LIST || sh == SH_MAP || sh == SH_ROW) return false;
    }
    return true;
}

/* ------------------------------------------------------------------------ */
/* Floats as Java sees them                                                 */

/* Float.floatToIntBits / Double.doubleToLongBits: every NaN is canonical. */
static uint32_t float_bits(float f)
{
    if (f != f) return 0x7fc00000u;
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

static uint64_t double_bits(double d)
{
    if (d != d) return 0x7ff8000000000000ull;
    uint64_t u;
    memcpy(&u, &d, sizeof(u));
    return u;
}

/* Double.compare: numeric order, then -0.0 < 0.0 and NaN above everything. */
static int double_compare(double x, double y)
{
    if (x < y) return -1;
    if (x > y) return 1;
    int64_t a = (int64_t)double_bits(x), b = (int64_t)double_bits(y);
    return a < b ? -1 : a > b;
}

/* ------------------------------------------------------------------------ */
/* Equality                                                                 */

static bool map_equals(const value_t *x, const value_t *y, const type_t *t)
{
    uint32_t n = x->u.map.n;
    if (n != y->u.map.n) return false;
    const type_t *vt = map_value(t);
    /* Quadratic, but only maps in keys or compared state hit this path. */
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = 0;
        while (j < n && !value_equals(&x->u.map.keys[i], &y->u.map.keys[j], t->elem)) j++;
        if (j == n || !value_equals(&x->u.map.vals[i], &y->u.map.vals[j], vt)) return false;
    }
    return true;
}

bool value_equals(const value_t *x, const value_t *y, const type_t *t)
{
    if (x->is_null || y->is_null) return x->is_null && y->is_null;
    switch (shape_of(t)) {
    case SH_BOOL: return x->u.b == y->u.b;
    case SH_I64: return x->u.i64 == y->u.i64;
    case SH_F32: return float_bits(x->u.f32) == float_bits(y->u.f32);
    case SH_F64: return double_bits(x->u.f64) == double_bits(y->u.f64);
    case SH_DEC: return x->u.dec == y->u.dec;
    case SH_TS: return x->u.ts.millis == y->u.ts.millis && x->u.ts.nanos == y->u.ts.nanos;
    case SH_STR:
        return x->u.str.len == y->u.str.len &&
               (x->u.str.len == 0 || memcmp(x->u.str.ptr, y->u.str.ptr, x->u.str.len) == 0);
    case SH_LIST: {
        if (x->u.list.n != y->u.list.n) return false;
        const type_t *et = list_elem(t);
        for (uint32_t i = 0; i < x->u.list.n; i++)
            if (!value_equals(&x->u.list.items[i], &y->u.list.items[i], et)) return false;
        return true;
    }
    case SH_MAP: return map_equals(x, y, t);
    case SH_ROW:
        if (x->u.row.n != y->u.row.n) return false;
        for (uint32_t i = 0; i < x->u.row.n && (int)i < t->nfields; i++)
            if (!value_equals(&x->u.row.fields[i], &y->u.row.fields[i], t->fields[i].type)) return false;
        return true;
    case SH_NONE: return true;
    }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Hashing                                                                  */

/* The 64-bit finalizer of MurmurHash3: cheap and mixes every input bit. */
static uint64_t mix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

static uint64_t hash_u64(uint64_t h, uint64_t v) { return mix64(h ^ mix64(v + 0x9e3779b97f4a7c15ull)); }

static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *s = p;
    h = hash_u64(h, n);
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h = hash_u64(h, w);
        s += 8;
        n -= 8;
    }
    if (n) {
        uint64_t w = 0;
        memcpy(&w, s, n);
        h = hash_u64(h, w);
    }
    return h;
}

uint64_t value_hash(const value_t *v, const type_t *t, uint64_t seed)
{
    if (v->is_null) return hash_u64(seed, 0x6e756c6cull);
    switch (shape_of(t)) {
    case SH_BOOL: return hash_u64(seed, v->u.b ? 1 : 2);
    case SH_I64: return hash_u64(seed, (uint64_t)v->u.i64);
    case SH_F32: return hash_u64(seed, float_bits(v->u.f32));
    case SH_F64: return hash_u64(seed, double_bits(v->u.f64));
    case SH_DEC: {
        unsigned __int128 u = (unsigned __int128)v->u.dec;
        return hash_u64(hash_u64(seed, (uint64_t)u), (uint64_t)(u >> 64));
    }
    case SH_TS: return hash_u64(hash_u64(seed, (uint64_t)v->u.ts.millis), (uint64_t)v->u.ts.nanos);
    case SH_STR: return hash_bytes(seed, v->u.str.ptr, v->u.str.len);
    case SH_LIST: {
        uint64_t h = hash_u64(seed, v->u.list.n);
        const type_t *et = list_elem(t);
        for (uint32_t i = 0; i < v->u.list.n; i++) h = value_hash(&v->u.list.items[i], et, h);
        return h;
    }
    case SH_MAP: {
        /* Order-independent: a sum of per-entry hashes, like Java's Map.hashCode. */
        uint64_t sum = 0;
        const type_t *vt = map_value(t);
        for (uint32_t i = 0; i < v->u.map.n; i++)
            sum += value_hash(&v->u.map.vals[i], vt, value_hash(&v->u.map.keys[i], t->elem, 0x51ed27ull));
        return hash_u64(hash_u64(seed, v->u.map.n), sum);
    }
    case SH_ROW: {
        uint64_t h = hash_u64(seed, v->u.row.n);
        for (uint32_t i = 0; i < v->u.row.n && (int)i < t->nfields; i++)
            h = value_hash(&v->u.row.fields[i], t->fields[i].type, h);
        return h;
    }
    case SH_NONE: break;
    }
    return seed;
}

/* ------------------------------------------------------------------------ */
/* Ordering                                                                 */

#define CMP(a, b) ((a) < (b) ? -1 : (a) > (b))

/* Sorts idx[0..n) by the keys of m (insertion sort: maps being ordered are small). */
static void sort_entries(uint32_t *idx, const value_t *keys, uint32_t n, const type_t *kt)
{
    for (uint32_t i = 0; i < n; i++) idx[i] = i;
    for (uint32_t i = 1; i < n; i++) {
        uint32_t k = idx[i], j = i;
        while (j > 0 && value_compare(&keys[idx[j - 1]], &keys[k], kt) > 0) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = k;
    }
}

static int map_compare(const value_t *x, const value_t *y, const type_t *t)
{
    uint32_t n = x->u.map.n;
    if (n != y->u.map.n) return CMP(n, y->u.map.n);
    if (n == 0) return 0;
    uint32_t *ix = malloc(sizeof(uint32_t) * n * 2);
    if (!ix) abort();
    uint32_t *iy = ix + n;
    sort_entries(ix, x->u.map.keys, n, t->elem);
    sort_entries(iy, y->u.map.keys, n, t->elem);
    const type_t *vt = map_value(t);
    int c = 0;
    for (uint32_t i = 0; i < n && c == 0; i++) {
        c = value_compare(&x->u.map.keys[ix[i]], &y->u.map.keys[iy[i]], t->elem);
        if (c == 0) c = value_compare(&x->u.map.vals[ix[i]], &y->u.map.vals[iy[i]], vt);
    }
    free(ix);
    return c;
}

int value_compare(const value_t *x, const value_t *y, const type_t *t)
{
    if (x->is_null || y->is_null) return (int)!x->is_null - (int)!y->is_null;
    switch (shape_of(t)) {
    case SH_BOOL: return CMP(x->u.b, y->u.b);
    case SH_I64: return CMP(x->u.i64, y->u.i64);
    case SH_F32: return double_compare(x->u.f32, y->u.f32);
    case SH_F64: return double_compare(x->u.f64, y->u.f64);
    case SH_DEC: return CMP(x->u.dec, y->u.dec);
    case SH_TS: {
        int c = CMP(x->u.ts.millis, y->u.ts.millis);
        return c ? c : CMP(x->u.ts.nanos, y->u.ts.nanos);
    }
    case SH_STR: {
        uint32_t n = x->u.str.len < y->u.str.len ? x->u.str.len : y->u.str.len;
        int c = n ? memcmp(x->u.str.ptr, y->u.str.ptr, n) : 0;
        return c ? (c < 0 ? -1 : 1) : CMP(x->u.str.len, y->u.str.len);
    }
    case SH_LIST: {
        const type_t *et = list_elem(t);
        uint32_t n = x->u.list.n < y->u.list.n ? x->u.list.n : y->u.list.n;
        for (uint32_t i = 0; i < n; i++) {
            int c = value_compare(&x->u.list.items[i], &y->u.list.items[i], et);
            if (c) return c;
        }
        return CMP(x->u.list.n, y->u.list.n);
    }
    case SH_MAP: return map_compare(x, y, t);
    case SH_ROW: {
        uint32_t n = x->u.row.n < y->u.row.n ? x->u.row.n : y->u.row.n;
        for (uint32_t i = 0; i < n && (int)i < t->nfields; i++) {
            int c = value_compare(&x->u.row.fields[i], &y->u.row.fields[i], t->fields[i].type);
            if (c) return c;
        }
        return CMP(x->u.row.n, y->u.row.n);
    }
    case SH_NONE: break;
    }
    return 0;
}

/* codec.c - the binary value format (layout documented in codec.h). */
#include "types/codec.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NANOS_PER_DAY 86400000000000LL

/* 10^p for p = 0..38 as {high, low} 64-bit halves (10^38 < 2^127). */
static const uint64_t POW10[39][2] = {
    {0x0000000000000000ull, 0x0000000000000001ull},
    {0x0000000000000000ull, 0x000000000000000aull},
    {0x0000000000000000ull, 0x0000000000000064ull},
    {0x0000000000000000ull, 0x00000000000003e8ull},
    {0x0000000000000000ull, 0x0000000000002710ull},
    {0x0000000000000000ull, 0x00000000000186a0ull},
    {0x0000000000000000ull, 0x00000000000f4240ull},
    {0x0000000000000000ull, 0x0000000000989680ull},
    {0x0000000000000000ull, 0x0000000005f5e100ull},
    {0x0000000000000000ull, 0x000000003b9aca00ull},
    {0x0000000000000000ull, 0x00000002540be400ull},
    {0x0000000000000000ull, 0x000000174876e800ull},
    {0x0000000000000000ull, 0x000000e8d4a51000ull},
    {0x0000000000000000ull, 0x000009184e72a000ull},
    {0x0000000000000000ull, 0x00005af3107a4000ull},
    {0x0000000000000000ull, 0x00038d7ea4c68000ull},
    {0x0000000000000000ull, 0x002386f26fc10000ull},
    {0x0000000000000000ull, 0x016345785d8a0000ull},
    {0x0000000000000000ull, 0x0de0b6b3a7640000ull},
    {0x0000000000000000ull, 0x8ac7230489e80000ull},
    {0x0000000000000005ull, 0x6bc75e2d63100000ull},
    {0x0000000000000036ull, 0x35c9adc5dea00000ull},
    {0x000000000000021eull, 0x19e0c9bab2400000ull},
    {0x000000000000152dull, 0x02c7e14af6800000ull},
    {0x000000000000d3c2ull, 0x1bcecceda1000000ull},
    {0x0000000000084595ull, 0x161401484a000000ull},
    {0x000000000052b7d2ull, 0xdcc80cd2e4000000ull},
    {0x00000000033b2e3cull, 0x9fd0803ce8000000ull},
    {0x00000000204fce5eull, 0x3e25026110000000ull},
    {0x00000001431e0faeull, 0x6d7217caa0000000ull},
    {0x0000000c9f2c9cd0ull, 0x4674edea40000000ull},
    {0x0000007e37be2022ull, 0xc0914b2680000000ull},
    {0x000004ee2d6d415bull, 0x85acef8100000000ull},
    {0x0000314dc6448d93ull, 0x38c15b0a00000000ull},
    {0x0001ed09bead87c0ull, 0x378d8e6400000000ull},
    {0x0013426172c74d82ull, 0x2b878fe800000000ull},
    {0x00c097ce7bc90715ull, 0xb34b9f1000000000ull},
    {0x0785ee10d5da46d9ull, 0x00f436a000000000ull},
    {0x4b3b4ca85a86c47aull, 0x098a224000000000ull},
};

static unsigned __int128 pow10_u128(int p)
{
    return (unsigned __int128)POW10[p][0] << 64 | POW10[p][1];
}

static bool decimal_fits(__int128 u, int precision)
{
    unsigned __int128 mag = u < 0 ? -(unsigned __int128)u : (unsigned __int128)u;
    return mag < pow10_u128(precision);
}

static int set_err(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int set_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Element type of DESCRIPTOR lists and of MULTISET counts (see value.c). */
static const type_t STRING_NN = {.id = TYPE_VARCHAR, .nullable = false, .precision = TYPE_MAX_LENGTH,
                                 .scale = -1, .interval_unit = -1};
static const type_t COUNT_NN = {.id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1,
                                .interval_unit = -1};

/* ------------------------------------------------------------------------ */
/* Encoding                                                                 */

typedef struct enc {
    buf_t *b;
    char *err;
    size_t errlen;
} enc_t;

/* Inline fast path: most writes fit the buffer's spare capacity. */
static inline void put_raw(buf_t *b, const void *p, size_t n)
{
    if (b->cap - b->len > n) {
        memcpy(b->data + b->len, p, n);
        b->len += n;
    } else {
        buf_append(b, p, n);
    }
}

static inline void put_u8(buf_t *b, uint8_t v) { put_raw(b, &v, 1); }
static inline void put_u16(buf_t *b, uint16_t v) { put_raw(b, &v, 2); }

/* The host is little-endian (x86-64, aarch64); the static assert below makes
 * a big-endian port fail loudly instead of writing the wrong bytes. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "codec assumes a little-endian host");

static inline void put_i32(buf_t *b, int32_t v) { put_raw(b, &v, 4); }
static inline void put_i64(buf_t *b, int64_t v) { put_raw(b, &v, 8); }

static int encode_body(enc_t *e, const value_t *v, const type_t *t);

/* nulls(n): bit i set when items[i] is NULL. */
static void put_nulls(buf_t *b, const value_t *items, uint32_t n)
{
    size_t nb = ((size_t)n + 7) / 8;
    buf_reserve(b, nb);
    unsigned char *bits = b->data + b->len;
    memset(bits, 0, nb);
    for (uint32_t i = 0; i < n; i++)
        if (items[i].is_null) bits[i / 8] |= (unsigned char)(1u << (i % 8));
    b->len += nb;
}

/* nulls(n) for items[0..n), then the bodies of the non-NULL ones. */
static int encode_seq(enc_t *e, const value_t *items, uint32_t n, const type_t *et)
{
    put_nulls(e->b, items, n);
    for (uint32_t i = 0; i < n; i++)
        if (!items[i].is_null && encode_body(e, &items[i], et) < 0) return -1;
    return 0;
}

static int encode_fields(enc_t *e, const value_t *fields, uint32_t n, const type_t *t)
{
    if ((int)n != t->nfields) {
        char *ts = type_to_string(t);
        set_err(e->err, e->errlen, "row has %u fields but its type %s has %d", n, ts, t->nfields);
        free(ts);
        return -1;
    }
    put_nulls(e->b, fields, n);
    for (uint32_t i = 0; i < n; i++)
        if (!fields[i].is_null && encode_body(e, &fields[i], t->fields[i].type) < 0) return -1;
    return 0;
}

static int put_bytes(enc_t *e, const char *p, uint32_t len)
{
    if (len > INT32_MAX)
        return set_err(e->err, e->errlen, "string of %u bytes exceeds the 2147483647-byte limit", len);
    put_i32(e->b, (int32_t)len);
    put_raw(e->b, p, len);
    return 0;
}

static int out_of_range(enc_t *e, const value_t *v, const type_t *t)
{
    return set_err(e->err, e->errlen, "value %lld does not fit %s", (long long)v->u.i64, type_id_name(t->id));
}

static int encode_body(enc_t *e, const value_t *v, const type_t *t)
{
    buf_t *b = e->b;
    switch (t->id) {
    case TYPE_BOOLEAN: put_u8(b, v->u.b ? 1 : 0); return 0;
    case TYPE_TINYINT:
        if (v->u.i64 < INT8_MIN || v->u.i64 > INT8_MAX) return out_of_range(e, v, t);
        put_u8(b, (uint8_t)(int8_t)v->u.i64);
        return 0;
    case TYPE_SMALLINT:
        if (v->u.i64 < INT16_MIN || v->u.i64 > INT16_MAX) return out_of_range(e, v, t);
        put_u16(b, (uint16_t)(int16_t)v->u.i64);
        return 0;
    case TYPE_INT: case TYPE_DATE: case TYPE_INTERVAL_YM:
        if (v->u.i64 < INT32_MIN || v->u.i64 > INT32_MAX) return out_of_range(e, v, t);
        put_i32(b, (int32_t)v->u.i64);
        return 0;
    case TYPE_BIGINT: case TYPE_INTERVAL_DT: put_i64(b, v->u.i64); return 0;
    case TYPE_FLOAT: put_raw(b, &v->u.f32, 4); return 0;
    case TYPE_DOUBLE: put_raw(b, &v->u.f64, 8); return 0;
    case TYPE_DECIMAL:
        if (!decimal_fits(v->u.dec, t->precision))
            return set_err(e->err, e->errlen, "unscaled value does not fit DECIMAL(%d, %d)", t->precision, t->scale);
        if (t->precision <= 18) put_i64(b, (int64_t)v->u.dec);
        else put_raw(b, &v->u.dec, 16);
        return 0;
    case TYPE_TIME:
        if (v->u.i64 < 0 || v->u.i64 >= NANOS_PER_DAY)
            return set_err(e->err, e->errlen, "TIME value %lld ns is outside the day", (long long)v->u.i64);
        put_i64(b, v->u.i64);
        return 0;
    case TYPE_TIMESTAMP: case TYPE_TIMESTAMP_LTZ: case TYPE_TIMESTAMP_TZ:
        put_i64(b, v->u.ts.millis);
        if (t->precision > 3) {
            if (v->u.ts.nanos < 0 || v->u.ts.nanos > 999999)
                return set_err(e->err, e->errlen, "timestamp nanos-of-millisecond %d outside 0..999999",
                               (int)v->u.ts.nanos);
            put_i32(b, v->u.ts.nanos);
        }
        return 0;
    case TYPE_CHAR: case TYPE_VARCHAR: case TYPE_BINARY: case TYPE_VARBINARY: case TYPE_RAW:
        return put_bytes(e, v->u.str.ptr, v->u.str.len);
    case TYPE_ARRAY: case TYPE_DESCRIPTOR:
        put_i32(b, (int32_t)v->u.list.n);
        return encode_seq(e, v->u.list.items, v->u.list.n, t->id == TYPE_ARRAY ? t->elem : &STRING_NN);
    case TYPE_MAP: case TYPE_MULTISET: {
        uint32_t n = v->u.map.n;
        const type_t *vt = t->id == TYPE_MAP ? t->value : &COUNT_NN;
        put_i32(b, (int32_t)n);
        put_nulls(b, v->u.map.keys, n);
        put_nulls(b, v->u.map.vals, n);
        for (uint32_t i = 0; i < n; i++) {
            if (!v->u.map.keys[i].is_null && encode_body(e, &v->u.map.keys[i], t->elem) < 0) return -1;
            if (!v->u.map.vals[i].is_null && encode_body(e, &v->u.map.vals[i], vt) < 0) return -1;
        }
        return 0;
    }
    case TYPE_ROW: case TYPE_STRUCTURED:
        return encode_fields(e, v->u.row.fields, v->u.row.n, t);
    case TYPE_NULL:
        return set_err(e->err, e->errlen, "a value of type NULL must be NULL");
    }
    return set_err(e->err, e->errlen, "cannot encode type id %d", (int)t->id);
}

int codec_encode_value(buf_t *b, const value_t *v, const type_t *t, char *err, size_t errlen)
{
    size_t start = b->len;
    enc_t e = {b, err, errlen};
    put_u8(b, v->is_null ? 0 : 1);
    if (!v->is_null && encode_body(&e, v, t) < 0) {
        b->len = start;
        return -1;
    }
    return 0;
}

int codec_encode_row(buf_t *b, const row_t *r, const type_t *row_type, char *err, size_t errlen)
{
    size_t start = b->len;
    enc_t e = {b, err, errlen};
    if ((unsigned)r->kind > 3) return set_err(err, errlen, "row kind %d is not 0..3", (int)r->kind);
    put_u8(b, (uint8_t)r->kind);
    if (encode_fields(&e, r->fields, r->n, row_type) < 0) {
        b->len = start;
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Decoding                                                                 */

typedef struct dec {
    const unsigned char *base, *pos, *end;
    arena_t *a;
    char *err;
    size_t errlen;
} dec_t;

static int truncated(dec_t *d, size_t need, const type_t *t)
{
    return set_err(d->err, d->errlen, "truncated value: %s needs %zu more bytes at byte %zu, %zu left",
                   type_id_name(t->id), need, (size_t)(d->pos - d->base), (size_t)(d->end - d->pos));
}

#define NEED(d, n, t) \
    do { if ((size_t)((d)->end - (d)->pos) < (size_t)(n)) return truncated((d), (n), (t)); } while (0)

static inline int32_t get_i32(dec_t *d) { int32_t v; memcpy(&v, d->pos, 4); d->pos += 4; return v; }
static inline int64_t get_i64(dec_t *d) { int64_t v; memcpy(&v, d->pos, 8); d->pos += 8; return v; }

static int decode_body(dec_t *d, const type_t *t, value_t *out);

/* A u32 count or length that must not exceed INT32_MAX. */
static int get_count(dec_t *d, const type_t *t, uint32_t *n)
{
    NEED(d, 4, t);
    int32_t v = get_i32(d);
    if (v < 0)
        return set_err(d->err, d->errlen, "corrupt %s: length %u exceeds 2147483647 at byte %zu",
                       type_id_name(t->id), (uint32_t)v, (size_t)(d->pos - d->base) - 4);
    *n = (uint32_t)v;
    return 0;
}

/* Reads nulls(n) and then the non-NULL bodies into a fresh array. */
static int decode_seq(dec_t *d, uint32_t n, const type_t *et, const type_t *owner, value_t **out)
{
    size_t nb = ((size_t)n + 7) / 8;
    NEED(d, nb, owner);     /* bounds n by the input size before allocating */
    const unsigned char *bits = d->pos;
    d->pos += nb;
    value_t *items = n ? arena_alloc(d->a, sizeof(value_t) * n) : NULL;
    for (uint32_t i = 0; i < n; i++) {
        if (bits[i / 8] & (1u << (i % 8))) {
            items[i] = value_null();
        } else if (decode_body(d, et, &items[i]) < 0) {
            return -1;
        }
    }
    *out = items;
    return 0;
}

/* The t->nfields fields of a row into f (room the caller provides). */
static int decode_fields_into(dec_t *d, const type_t *t, value_t *f)
{
    uint32_t n = (uint32_t)t->nfields;
    size_t nb = ((size_t)n + 7) / 8;
    NEED(d, nb, t);
    const unsigned char *bits = d->pos;
    d->pos += nb;
    for (uint32_t i = 0; i < n; i++) {
        if (bits[i / 8] & (1u << (i % 8))) f[i] = value_null();
        else if (decode_body(d, t->fields[i].type, &f[i]) < 0) return -1;
    }
    return 0;
}

static int decode_fields(dec_t *d, const type_t *t, value_t **out, uint32_t *nout)
{
    uint32_t n = (uint32_t)t->nfields;
    NEED(d, ((size_t)n + 7) / 8, t);   /* bounds n by the input size before allocating */
    value_t *f = n ? arena_alloc(d->a, sizeof(value_t) * n) : NULL;
    if (decode_fields_into(d, t, f) < 0) return -1;
    *out = f;
    *nout = n;
    return 0;
}

static int decode_body(dec_t *d, const type_t *t, value_t *out)
{
    memset(out, 0, sizeof(*out));
    size_t at = (size_t)(d->pos - d->base);
    switch (t->id) {
    case TYPE_BOOLEAN:
        NEED(d, 1, t);
        if (*d->pos > 1)
            return set_err(d->err, d->errlen, "corrupt BOOLEAN: byte 0x%02x at byte %zu is neither 0 nor 1",
                           *d->pos, at);
        out->u.b = *d->pos++ == 1;
        return 0;
    case TYPE_TINYINT:
        NEED(d, 1, t);
        out->u.i64 = (int8_t)*d->pos++;
        return 0;
    case TYPE_SMALLINT: {
        NEED(d, 2, t);
        int16_t v;
        memcpy(&v, d->pos, 2);
        d->pos += 2;
        out->u.i64 = v;
        return 0;
    }
    case TYPE_INT: case TYPE_DATE: case TYPE_INTERVAL_YM:
        NEED(d, 4, t);
        out->u.i64 = get_i32(d);
        return 0;
    case TYPE_BIGINT: case TYPE_INTERVAL_DT:
        NEED(d, 8, t);
        out->u.i64 = get_i64(d);
        return 0;
    case TYPE_FLOAT:
        NEED(d, 4, t);
        memcpy(&out->u.f32, d->pos, 4);
        d->pos += 4;
        return 0;
    case TYPE_DOUBLE:
        NEED(d, 8, t);
        memcpy(&out->u.f64, d->pos, 8);
        d->pos += 8;
        return 0;
    case TYPE_DECIMAL:
        if (t->precision <= 18) {
            NEED(d, 8, t);
            out->u.dec = get_i64(d);
        } else {
            NEED(d, 16, t);
            memcpy(&out->u.dec, d->pos, 16);
            d->pos += 16;
        }
        if (!decimal_fits(out->u.dec, t->precision))
            return set_err(d->err, d->errlen, "corrupt DECIMAL(%d, %d): unscaled value out of range at byte %zu",
                           t->precision, t->scale, at);
        return 0;
    case TYPE_TIME:
        NEED(d, 8, t);
        out->u.i64 = get_i64(d);
        if (out->u.i64 < 0 || out->u.i64 >= NANOS_PER_DAY)
            return set_err(d->err, d->errlen, "corrupt TIME: %lld ns at byte %zu is outside the day",
                           (long long)out->u.i64, at);
        return 0;
    case TYPE_TIMESTAMP: case TYPE_TIMESTAMP_LTZ: case TYPE_TIMESTAMP_TZ:
        NEED(d, t->precision > 3 ? 12 : 8, t);
        out->u.ts.millis = get_i64(d);
        if (t->precision > 3) {
            out->u.ts.nanos = get_i32(d);
            if (out->u.ts.nanos < 0 || out->u.ts.nanos > 999999)
                return set_err(d->err, d->errlen,
                               "corrupt %s: nanos-of-millisecond %d at byte %zu outside 0..999999",
                               type_id_name(t->id), (int)out->u.ts.nanos, at + 8);
        }
        return 0;
    case TYPE_CHAR: case TYPE_VARCHAR: case TYPE_BINARY: case TYPE_VARBINARY: case TYPE_RAW: {
        uint32_t n;
        if (get_count(d, t, &n) < 0) return -1;
        NEED(d, n, t);
        out->u.str.ptr = n ? arena_memdup(d->a, d->pos, n) : "";
        out->u.str.len = n;
        d->pos += n;
        return 0;
    }
    case TYPE_ARRAY: case TYPE_DESCRIPTOR: {
        uint32_t n;
        if (get_count(d, t, &n) < 0) return -1;
        out->u.list.n = n;
        return decode_seq(d, n, t->id == TYPE_ARRAY ? t->elem : &STRING_NN, t, &out->u.list.items);
    }
    case TYPE_MAP: case TYPE_MULTISET: {
        uint32_t n;
        if (get_count(d, t, &n) < 0) return -1;
        size_t nb = ((size_t)n + 7) / 8;
        NEED(d, 2 * nb, t);
        const unsigned char *kbits = d->pos, *vbits = d->pos + nb;
        d->pos += 2 * nb;
        const type_t *vt = t->id == TYPE_MAP ? t->value : &COUNT_NN;
        value_t *keys = n ? arena_alloc(d->a, sizeof(value_t) * n) : NULL;
        value_t *vals = n ? arena_alloc(d->a, sizeof(value_t) * n) : NULL;
        for (uint32_t i = 0; i < n; i++) {
            if (kbits[i / 8] & (1u << (i % 8))) keys[i] = value_null();
            else if (decode_body(d, t->elem, &keys[i]) < 0) return -1;
            if (vbits[i / 8] & (1u << (i % 8))) vals[i] = value_null();
            else if (decode_body(d, vt, &vals[i]) < 0) return -1;
        }
        out->u.map.keys = keys;
        out->u.map.vals = vals;
        out->u.map.n = n;
        return 0;
    }
    case TYPE_ROW: case TYPE_STRUCTURED:
        return decode_fields(d, t, &out->u.row.fields, &out->u.row.n);
    case TYPE_NULL:
        return set_err(d->err, d->errlen, "corrupt value: type NULL has a non-NULL value at byte %zu", at);
    }
    return set_err(d->err, d->errlen, "cannot decode type id %d", (int)t->id);
}

int codec_decode_value(const void *p, size_t len, size_t *used, const type_t *t, arena_t *a, value_t *out,
                       char *err, size_t errlen)
{
    dec_t d = {p, p, (const unsigned char *)p + len, a, err, errlen};
    NEED(&d, 1, t);
    unsigned char present = *d.pos++;
    if (present > 1)
        return set_err(err, errlen, "corrupt value: presence byte 0x%02x at byte 0 is neither 0 nor 1", present);
    if (present == 0) {
        *out = value_null();
    } else if (decode_body(&d, t, out) < 0) {
        return -1;
    }
    *used = (size_t)(d.pos - d.base);
    return 0;
}

int codec_decode_row(const void *p, size_t len, size_t *used, const type_t *row_type, arena_t *a, row_t *out,
                     char *err, size_t errlen)
{
    dec_t d = {p, p, (const unsigned char *)p + len, a, err, errlen};
    NEED(&d, 1, row_type);
    unsigned char kind = *d.pos++;
    if (kind > 3) return set_err(err, errlen, "corrupt row: kind byte %u at byte 0 is not 0..3", kind);
    out->kind = (row_kind_t)kind;
    if (decode_fields(&d, row_type, &out->fields, &out->n) < 0) return -1;
    *used = (size_t)(d.pos - d.base);
    return 0;
}

int codec_decode_row_into(const void *p, size_t len, size_t *used, const type_t *row_type, arena_t *a,
                          row_kind_t *kind, value_t *fields, char *err, size_t errlen)
{
    dec_t d = {p, p, (const unsigned char *)p + len, a, err, errlen};
    NEED(&d, 1, row_type);
    unsigned char k = *d.pos++;
    if (k > 3) return set_err(err, errlen, "corrupt row: kind byte %u at byte 0 is not 0..3", k);
    *kind = (row_kind_t)k;
    if (decode_fields_into(&d, row_type, fields) < 0) return -1;
    *used = (size_t)(d.pos - d.base);
    return 0;
}

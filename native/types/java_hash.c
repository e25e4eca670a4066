/* java_hash.c - see java_hash.h. */
#include "types/java_hash.h"

#include <stdlib.h>
#include <string.h>

#include "types/calendar.h"
#include "types/java_time.h"
#include "util/utf8.h"

static int32_t hash_long(int64_t v) { return (int32_t)(uint32_t)((uint64_t)v ^ ((uint64_t)v >> 32)); }

static uint32_t rotl32(uint32_t v, int s) { return (v << s) | (v >> (32 - s)); }

/* String.hashCode over the UTF-16 code units of the UTF-8 text (malformed
 * bytes are U+FFFD, as in the String Java would decode). */
static int32_t hash_utf8_string(const char *p, uint32_t len)
{
    uint32_t h = 0;
    size_t i = 0;
    while (i < len) {
        uint32_t cp = utf8_next(p, len, &i);
        if (cp >= 0x10000) {
            cp -= 0x10000;
            h = 31 * h + (0xd800 + (cp >> 10));
            h = 31 * h + (0xdc00 + (cp & 0x3ff));
        } else {
            h = 31 * h + cp;
        }
    }
    return (int32_t)h;
}

/* Flink's MurmurHashUtil: Murmur3_32 with seed 42 over 4-byte words read in
 * the machine's byte order (little-endian on the platforms Flink runs on),
 * then each tail byte, sign-extended, as a word of its own. */
static uint32_t murmur_mix_k1(uint32_t k) { return rotl32(k * 0xcc9e2d51u, 15) * 0x1b873593u; }
static uint32_t murmur_mix_h1(uint32_t h, uint32_t k) { return rotl32(h ^ k, 13) * 5 + 0xe6546b64u; }

int32_t jhash_binary_string(const char *p, uint32_t len)
{
    const unsigned char *b = (const unsigned char *)p;
    uint32_t aligned = len - len % 4, h = 42;
    for (uint32_t i = 0; i < aligned; i += 4)
        h = murmur_mix_h1(h, murmur_mix_k1((uint32_t)b[i] | (uint32_t)b[i + 1] << 8 | (uint32_t)b[i + 2] << 16 |
                                           (uint32_t)b[i + 3] << 24));
    for (uint32_t i = aligned; i < len; i++) h = murmur_mix_h1(h, murmur_mix_k1((uint32_t)(int32_t)(signed char)b[i]));
    h ^= len;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return (int32_t)h;
}

static int32_t hash_big_decimal(__int128 unscaled, int scale)
{
    /* 31 * BigInteger.hashCode() + scale; BigInteger hashes its magnitude's
     * 32-bit words from the most significant one, then applies the sign. */
    unsigned __int128 u = unscaled < 0 ? (unsigned __int128)0 - (unsigned __int128)unscaled
                                       : (unsigned __int128)unscaled;
    uint32_t words[4];
    int n = 0;
    while (u != 0) {
        words[n++] = (uint32_t)u;
        u >>= 32;
    }
    uint32_t h = 0;
    for (int i = n - 1; i >= 0; i--) h = 31 * h + words[i];
    if (unscaled < 0) h = (uint32_t)0 - h;
    return (int32_t)(31 * h + (uint32_t)scale);
}

static int32_t hash_local_date(int64_t epoch_day)
{
    int64_t y;
    int m, d;
    cal_civil_from_days(epoch_day, &y, &m, &d);
    uint32_t yv = (uint32_t)(int32_t)y;
    return (int32_t)((yv & 0xFFFFF800u) ^ ((yv << 11) + ((uint32_t)m << 6) + (uint32_t)d));
}

static int32_t hash_local_date_time(int64_t millis, int32_t nanos)
{
    int64_t day = cal_floor_div(millis, 86400000);
    int64_t nod = cal_floor_mod(millis, 86400000) * 1000000 + nanos;
    return hash_local_date(day) ^ hash_long(nod);
}

static int32_t hash_seconds_nanos(int64_t seconds, int32_t nanos)   /* Instant, Duration */
{
    return (int32_t)((uint32_t)hash_long(seconds) + 51u * (uint32_t)nanos);
}

static bool java_hash(const value_t *v, const type_t *t, int32_t *h);

/* RowUtils.deepHashCodeInternal for a field value inside a Row. */
static bool deep_hash_internal(const value_t *v, const type_t *t, int32_t *h)
{
    if (v->is_null) { *h = 0; return true; }
    switch (t->id) {
    case TYPE_ARRAY:
        return false;   /* Object[] vs primitive array depends on the conversion class */
    case TYPE_MAP:
    case TYPE_MULTISET: {
        /* deepHashCodeMap: 1 + sum(deepHash(k) ^ deepHash(v)) */
        type_t int_t = { .id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1,
                         .interval_unit = -1 };
        const type_t *vt = t->id == TYPE_MAP ? t->value : &int_t;
        uint32_t sum = 1;
        for (uint32_t i = 0; i < v->u.map.n; i++) {
            int32_t hk, hv;
            if (!deep_hash_internal(&v->u.map.keys[i], t->elem, &hk)) return false;
            if (!deep_hash_internal(&v->u.map.vals[i], vt, &hv)) return false;
            sum += (uint32_t)(hk ^ hv);
        }
        *h = (int32_t)sum;
        return true;
    }
    case TYPE_BINARY:
    case TYPE_VARBINARY: {
        /* Arrays.deepHashCode(new Object[]{bytes}) = 31 + Arrays.hashCode(bytes) */
        uint32_t r = 1;
        for (uint32_t i = 0; i < v->u.str.len; i++) r = 31 * r + (uint32_t)(int32_t)(int8_t)v->u.str.ptr[i];
        *h = (int32_t)(31 + r);
        return true;
    }
    default: {
        int32_t x;
        if (!java_hash(v, t, &x)) return false;
        *h = (int32_t)(31 + (uint32_t)x);
        return true;
    }
    }
}

static bool java_hash(const value_t *v, const type_t *t, int32_t *h)
{
    if (v->is_null) { *h = 0; return true; }
    switch (t->id) {
    case TYPE_BOOLEAN: *h = v->u.b ? 1231 : 1237; return true;
    case TYPE_TINYINT:
    case TYPE_SMALLINT:
    case TYPE_INT: *h = (int32_t)v->u.i64; return true;
    case TYPE_BIGINT: *h = hash_long(v->u.i64); return true;
    case TYPE_FLOAT: {
        float f = v->u.f32;
        uint32_t bits;
        if (f != f) bits = 0x7fc00000u;
        else memcpy(&bits, &f, sizeof bits);
        *h = (int32_t)bits;
        return true;
    }
    case TYPE_DOUBLE: {
        double d = v->u.f64;
        uint64_t bits;
        if (d != d) bits = 0x7ff8000000000000ULL;
        else memcpy(&bits, &d, sizeof bits);
        *h = hash_long((int64_t)bits);
        return true;
    }
    case TYPE_DECIMAL: *h = hash_big_decimal(v->u.dec, t->scale < 0 ? 0 : t->scale); return true;
    case TYPE_CHAR:
    case TYPE_VARCHAR: *h = hash_utf8_string(v->u.str.ptr, v->u.str.len); return true;
    case TYPE_DATE: *h = hash_local_date(v->u.i64); return true;
    case TYPE_TIME: *h = hash_long(v->u.i64); return true;
    case TYPE_TIMESTAMP: *h = hash_local_date_time(v->u.ts.millis, v->u.ts.nanos); return true;
    case TYPE_TIMESTAMP_LTZ:
        *h = hash_seconds_nanos(cal_floor_div(v->u.ts.millis, 1000),
                                (int32_t)(cal_floor_mod(v->u.ts.millis, 1000) * 1000000 + v->u.ts.nanos));
        return true;
    case TYPE_INTERVAL_YM: {
        int32_t y, m;
        jtime_period_of(v->u.i64, t->interval_unit, &y, &m);
        *h = (int32_t)((uint32_t)y + rotl32((uint32_t)m, 8));
        return true;
    }
    case TYPE_INTERVAL_DT:
        *h = hash_seconds_nanos(cal_floor_div(v->u.i64, 1000), (int32_t)(cal_floor_mod(v->u.i64, 1000) * 1000000));
        return true;
    case TYPE_MAP:
    case TYPE_MULTISET: {
        /* AbstractMap.hashCode: sum of (hash(key) ^ hash(value)) */
        type_t int_t = { .id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1,
                         .interval_unit = -1 };
        const type_t *vt = t->id == TYPE_MAP ? t->value : &int_t;
        uint32_t sum = 0;
        for (uint32_t i = 0; i < v->u.map.n; i++) {
            int32_t hk, hv;
            if (!java_hash(&v->u.map.keys[i], t->elem, &hk)) return false;
            if (!java_hash(&v->u.map.vals[i], vt, &hv)) return false;
            sum += (uint32_t)(hk ^ hv);
        }
        *h = (int32_t)sum;
        return true;
    }
    case TYPE_ROW: {
        /* Row.hashCode: 31 * kind(INSERT = 0) + deepHashCodeArray(fields) */
        uint32_t r = 1;
        for (uint32_t i = 0; i < v->u.row.n && (int)i < t->nfields; i++) {
            int32_t x;
            if (!deep_hash_internal(&v->u.row.fields[i], t->fields[i].type, &x)) return false;
            r = 31 * r + (uint32_t)x;
        }
        *h = (int32_t)r;
        return true;
    }
    default:
        return false;   /* identity hashes: byte[], Object[], RAW, POJOs */
    }
}

bool jhash_value(const value_t *v, const type_t *t, int32_t *hash)
{
    return java_hash(v, t, hash);
}

typedef struct hm_entry {
    uint32_t index;     /* storage index */
    uint32_t spread;    /* h ^ (h >>> 16) */
    uint32_t bucket;
} hm_entry_t;

static int hm_entry_cmp(const void *a, const void *b)
{
    const hm_entry_t *x = a, *y = b;
    if (x->bucket != y->bucket) return x->bucket < y->bucket ? -1 : 1;
    return x->index < y->index ? -1 : (x->index > y->index);
}

/* Sorts e[0..m) (distinct keys, in put order, with their spread hashes) into
 * HashMap iteration order. */
static void hashmap_sort(hm_entry_t *e, uint32_t m)
{
    /* Replay HashMap.putVal's table growth: start at 16 buckets, double
     * when size exceeds 3/4 of the table, and also when a bin reaches 9
     * nodes while the table is smaller than 64 (treeifyBin resizes
     * instead of building a tree). Within a bin, nodes keep put order,
     * and resizing splits bins preserving it, so the final order is by
     * bucket index, then by put order. */
    uint32_t cap = 16;
    uint32_t *count = calloc(cap, sizeof *count);
    for (uint32_t i = 0; i < m; i++) {
        uint32_t bucket = e[i].spread & (cap - 1);
        bool grow = false;
        if (count[bucket] >= 8 && cap < 64) grow = true;   /* treeifyBin -> resize */
        count[bucket]++;
        if (grow || i + 1 > cap / 4 * 3) {
            do {
                cap *= 2;
            } while (i + 1 > cap / 4 * 3);
            free(count);
            count = calloc(cap, sizeof *count);
            for (uint32_t j = 0; j <= i; j++) count[e[j].spread & (cap - 1)]++;
        }
    }
    free(count);
    for (uint32_t i = 0; i < m; i++) e[i].bucket = e[i].spread & (cap - 1);
    qsort(e, m, sizeof *e, hm_entry_cmp);
}

static uint32_t spread(int32_t h) { return (uint32_t)h ^ ((uint32_t)h >> 16); }

void jhash_hashmap_order(const value_t *map, const type_t *map_type, uint32_t *order, uint32_t *n_out)
{
    const uint32_t n = map->u.map.n;
    const type_t *kt = map_type->elem;
    hm_entry_t *e = malloc((n ? n : 1) * sizeof *e);
    int32_t *hashes = malloc((n ? n : 1) * sizeof *hashes);
    bool reproducible = true;
    for (uint32_t i = 0; i < n && reproducible; i++)
        reproducible = java_hash(&map->u.map.keys[i], kt, &hashes[i]);

    /* Distinct keys in first-put order (a repeated put keeps the position). */
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool dup = false;
        for (uint32_t j = 0; j < m && !dup; j++) {
            uint32_t k = e[j].index;
            if ((!reproducible || hashes[k] == hashes[i]) &&
                value_equals(&map->u.map.keys[k], &map->u.map.keys[i], kt))
                dup = true;
        }
        if (!dup) {
            e[m].index = i;
            e[m].spread = reproducible ? spread(hashes[i]) : 0;
            m++;
        }
    }

    if (reproducible && m > 0) hashmap_sort(e, m);
    for (uint32_t i = 0; i < m; i++) order[i] = e[i].index;
    *n_out = m;
    free(e);
    free(hashes);
}

void jhash_hashmap_order_of_hashes(const int32_t *hashes, uint32_t n, uint32_t *order)
{
    hm_entry_t *e = malloc((n ? n : 1) * sizeof *e);
    for (uint32_t i = 0; i < n; i++) {
        e[i].index = i;
        e[i].spread = spread(hashes[i]);
    }
    hashmap_sort(e, n);
    for (uint32_t i = 0; i < n; i++) order[i] = e[i].index;
    free(e);
}

/* test_codec.c - the binary value format (native/types/codec.c) against the
 * shared vectors in tests/vectors/values.vec (the Java codec test reads the
 * same file), plus truncation, corruption and value_* semantics.
 *
 * PTFHOST_VECTORS_PRINT=1 prints the hex this implementation produces for
 * every vector instead of checking it: an aid for writing new vectors, whose
 * bytes must then be checked against codec.h by hand and by the Java test. */
#include <check.h>

#include "check_main.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/codec.h"
#include "types/types.h"
#include "types/value.h"
#include "util/arena.h"
#include "util/buf.h"

/* ------------------------------------------------------------------------ */
/* Literal parser (the vector file's value syntax, documented in values.vec) */

typedef struct lit {
    const char *s;
    arena_t *a;
    char err[200];
} lit_t;

static void skip_ws(lit_t *l)
{
    while (isspace((unsigned char)*l->s)) l->s++;
}

static bool lit_fail(lit_t *l, const char *what)
{
    if (!l->err[0]) snprintf(l->err, sizeof(l->err), "%s at '%.30s'", what, l->s);
    return false;
}

static bool eat(lit_t *l, char c)
{
    skip_ws(l);
    if (*l->s != c) return false;
    l->s++;
    return true;
}

/* 'text' with '' for a quote; result in the arena. */
static bool quoted(lit_t *l, const char **out, uint32_t *len)
{
    skip_ws(l);
    if (*l->s != '\'') return lit_fail(l, "quoted literal expected");
    buf_t b = BUF_INIT;
    l->s++;
    for (;;) {
        if (!*l->s) {
            buf_free(&b);
            return lit_fail(l, "unterminated quote");
        }
        if (*l->s == '\'') {
            if (l->s[1] != '\'') break;
            l->s++;
        }
        buf_putc(&b, *l->s++);
    }
    l->s++;
    char *copy = arena_alloc(l->a, b.len + 1);   /* NUL-terminated for the date/interval parsers */
    if (b.len) memcpy(copy, b.data, b.len);
    copy[b.len] = '\0';
    *out = copy;
    *len = (uint32_t)b.len;
    buf_free(&b);
    return true;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = (char)tolower((unsigned char)c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* "HH:MM:SS[.fffffffff]" -> nanos of day; advances *p. */
static bool parse_clock(const char **p, int64_t *nanos)
{
    int h, m, s, n = 0;
    if (sscanf(*p, "%2d:%2d:%2d%n", &h, &m, &s, &n) != 3 || n != 8) return false;
    *p += 8;
    int64_t frac = 0;
    int digits = 0;
    if (**p == '.') {
        (*p)++;
        while (isdigit((unsigned char)**p) && digits < 9) frac = frac * 10 + (*(*p)++ - '0'), digits++;
    }
    for (; digits < 9; digits++) frac *= 10;
    *nanos = ((int64_t)h * 3600 + m * 60 + s) * 1000000000LL + frac;
    return true;
}

static bool parse_date(const char **p, int64_t *days)
{
    int y, m, d, n = 0;
    if (sscanf(*p, "%4d-%2d-%2d%n", &y, &m, &d, &n) != 3 || n != 10) return false;
    *p += 10;
    *days = days_from_civil(y, m, d);
    return true;
}

/* ISO-8601 period "P1Y2M" / "-P3M" -> months. */
static bool parse_period(const char *s, int64_t *months)
{
    int sign = 1;
    if (*s == '-') sign = -1, s++;
    if (*s++ != 'P') return false;
    int64_t total = 0;
    while (*s) {
        char *end;
        long long v = strtoll(s, &end, 10);
        if (end == s) return false;
        if (*end == 'Y') total += v * 12;
        else if (*end == 'M') total += v;
        else return false;
        s = end + 1;
    }
    *months = sign * total;
    return true;
}

/* ISO-8601 duration "P1DT2H3M4.567S" / "-PT0.001S" -> milliseconds. */
static bool parse_duration(const char *s, int64_t *millis)
{
    int sign = 1;
    if (*s == '-') sign = -1, s++;
    if (*s++ != 'P') return false;
    int64_t total = 0;
    bool time = false;
    while (*s) {
        if (*s == 'T') { time = true; s++; continue; }
        char *end;
        double v = strtod(s, &end);
        if (end == s) return false;
        int64_t unit = *end == 'D' && !time ? 86400000 : *end == 'H' ? 3600000 : *end == 'M' ? 60000
                     : *end == 'S' ? 1000 : 0;
        if (!unit) return false;
        total += (int64_t)llround(v * (double)unit);
        s = end + 1;
    }
    *millis = sign * total;
    return true;
}

static bool parse_lit(lit_t *l, const type_t *t, value_t *out);

static bool parse_list(lit_t *l, const type_t *et, char close, value_t **items, uint32_t *n)
{
    value_t tmp[64];
    *n = 0;
    if (!eat(l, close)) {
        do {
            if (*n == 64) return lit_fail(l, "too many elements");
            if (!parse_lit(l, et, &tmp[*n])) return false;
            (*n)++;
        } while (eat(l, ','));
        if (!eat(l, close)) return lit_fail(l, "list end expected");
    }
    *items = *n ? arena_memdup(l->a, tmp, sizeof(value_t) * *n) : NULL;
    return true;
}

static const type_t COUNT_T = {.id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1, .interval_unit = -1};

static bool parse_lit(lit_t *l, const type_t *t, value_t *out)
{
    skip_ws(l);
    memset(out, 0, sizeof(*out));
    if (strncmp(l->s, "null", 4) == 0) {
        l->s += 4;
        out->is_null = true;
        return true;
    }
    const char *q;
    uint32_t qn;
    char *end;
    switch (t->id) {
    case TYPE_BOOLEAN:
        if (strncmp(l->s, "true", 4) == 0) { out->u.b = true; l->s += 4; return true; }
        if (strncmp(l->s, "false", 5) == 0) { out->u.b = false; l->s += 5; return true; }
        return lit_fail(l, "boolean expected");
    case TYPE_TINYINT: case TYPE_SMALLINT: case TYPE_INT: case TYPE_BIGINT:
        out->u.i64 = strtoll(l->s, &end, 10);
        if (end == l->s) return lit_fail(l, "integer expected");
        l->s = end;
        return true;
    case TYPE_FLOAT:
        out->u.f32 = strtof(l->s, &end);
        if (end == l->s) return lit_fail(l, "float expected");
        l->s = end;
        return true;
    case TYPE_DOUBLE:
        out->u.f64 = strtod(l->s, &end);
        if (end == l->s) return lit_fail(l, "double expected");
        l->s = end;
        return true;
    case TYPE_DECIMAL: {
        /* Written with exactly the type's scale: the digits are the unscaled value. */
        bool neg = *l->s == '-';
        if (neg || *l->s == '+') l->s++;
        unsigned __int128 u = 0;
        int frac = -1;
        if (!isdigit((unsigned char)*l->s)) return lit_fail(l, "decimal expected");
        for (; isdigit((unsigned char)*l->s) || (*l->s == '.' && frac < 0); l->s++) {
            if (*l->s == '.') { frac = 0; continue; }
            u = u * 10 + (unsigned)(*l->s - '0');
            if (frac >= 0) frac++;
        }
        if ((frac < 0 ? 0 : frac) != t->scale) return lit_fail(l, "decimal must be written with the type's scale");
        out->u.dec = neg ? -(__int128)u : (__int128)u;
        return true;
    }
    case TYPE_CHAR: case TYPE_VARCHAR:
        if (!quoted(l, &out->u.str.ptr, &out->u.str.len)) return false;
        return true;
    case TYPE_BINARY: case TYPE_VARBINARY: case TYPE_RAW: {
        skip_ws(l);
        if (*l->s != 'x') return lit_fail(l, "x'hex' expected");
        l->s++;
        if (!quoted(l, &q, &qn) || qn % 2) return lit_fail(l, "even number of hex digits expected");
        unsigned char *bytes = arena_alloc(l->a, qn / 2 + 1);
        for (uint32_t i = 0; i < qn / 2; i++) {
            int hi = hexval(q[2 * i]), lo = hexval(q[2 * i + 1]);
            if (hi < 0 || lo < 0) return lit_fail(l, "hex digit expected");
            bytes[i] = (unsigned char)(hi * 16 + lo);
        }
        out->u.str.ptr = (const char *)bytes;
        out->u.str.len = qn / 2;
        return true;
    }
    case TYPE_DATE:
        if (!quoted(l, &q, &qn) || !parse_date(&q, &out->u.i64)) return lit_fail(l, "'yyyy-mm-dd' expected");
        return true;
    case TYPE_TIME:
        if (!quoted(l, &q, &qn) || !parse_clock(&q, &out->u.i64)) return lit_fail(l, "'hh:mm:ss[.f]' expected");
        return true;
    case TYPE_TIMESTAMP: case TYPE_TIMESTAMP_LTZ: case TYPE_TIMESTAMP_TZ: {
        int64_t days, nanos;
        if (!quoted(l, &q, &qn) || !parse_date(&q, &days) || *q++ != ' ' || !parse_clock(&q, &nanos))
            return lit_fail(l, "'yyyy-mm-dd hh:mm:ss[.f]' expected");
        int64_t ms_of_day = nanos / 1000000;
        out->u.ts.millis = days * 86400000LL + ms_of_day;
        out->u.ts.nanos = (int32_t)(nanos % 1000000);
        return true;
    }
    case TYPE_INTERVAL_YM:
        if (!quoted(l, &q, &qn) || !parse_period(q, &out->u.i64)) return lit_fail(l, "'PnYnM' expected");
        return true;
    case TYPE_INTERVAL_DT:
        if (!quoted(l, &q, &qn) || !parse_duration(q, &out->u.i64)) return lit_fail(l, "'PnDTnHnMn.nS' expected");
        return true;
    case TYPE_ARRAY:
        if (!eat(l, '[')) return lit_fail(l, "'[' expected");
        return parse_list(l, t->elem, ']', &out->u.list.items, &out->u.list.n);
    case TYPE_MAP: case TYPE_MULTISET: {
        if (!eat(l, '{')) return lit_fail(l, "'{' expected");
        value_t keys[64], vals[64];
        uint32_t n = 0;
        if (!eat(l, '}')) {
            do {
                if (n == 64) return lit_fail(l, "too many entries");
                if (!parse_lit(l, t->elem, &keys[n])) return false;
                if (!eat(l, ':')) return lit_fail(l, "':' expected");
                if (!parse_lit(l, t->id == TYPE_MAP ? t->value : &COUNT_T, &vals[n])) return false;
                n++;
            } while (eat(l, ','));
            if (!eat(l, '}')) return lit_fail(l, "'}' expected");
        }
        out->u.map.n = n;
        out->u.map.keys = n ? arena_memdup(l->a, keys, sizeof(value_t) * n) : NULL;
        out->u.map.vals = n ? arena_memdup(l->a, vals, sizeof(value_t) * n) : NULL;
        return true;
    }
    case TYPE_ROW: case TYPE_STRUCTURED: {
        if (!eat(l, '(')) return lit_fail(l, "'(' expected");
        uint32_t n = (uint32_t)t->nfields;
        value_t *f = n ? arena_alloc(l->a, sizeof(value_t) * n) : NULL;
        for (uint32_t i = 0; i < n; i++) {
            if (i && !eat(l, ',')) return lit_fail(l, "',' expected");
            if (!parse_lit(l, t->fields[i].type, &f[i])) return false;
        }
        if (!eat(l, ')')) return lit_fail(l, "')' expected");
        out->u.row.fields = f;
        out->u.row.n = n;
        return true;
    }
    default:
        return lit_fail(l, "no literal syntax for this type");
    }
}

/* ------------------------------------------------------------------------ */
/* The vector file                                                          */

typedef struct vector {
    int line;
    char *type;
    char *value;          /* literal */
    int kind;             /* -1: a value vector; 0..3: a row vector with this kind */
    unsigned char *hex;
    size_t nhex;
} vector_t;

static vector_t VEC[512];
static int NVEC;

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
    return s;
}

static char *vectors_path(void)
{
    static char path[4096];
    const char *root = getenv("PTFHOST_ROOT");
    if (root) {
        snprintf(path, sizeof(path), "%s/tests/vectors/values.vec", root);
    } else {
        /* __FILE__ is .../tests/unit/test_codec.c */
        snprintf(path, sizeof(path), "%s", __FILE__);
        char *cut = strstr(path, "tests/unit/test_codec.c");
        if (cut) strcpy(cut, "tests/vectors/values.vec");
    }
    return path;
}

static void load_vectors(void)
{
    if (NVEC) return;
    buf_t file = BUF_INIT;
    char err[300];
    ck_assert_msg(buf_read_file(&file, vectors_path(), err, sizeof(err)) == 0, "%s", err);
    char *text = (char *)buf_steal(&file);
    int lineno = 0;
    vector_t *cur = NULL;
    for (char *line = text, *nl; line; line = nl) {
        nl = strchr(line, '\n');
        if (nl) *nl++ = '\0';
        lineno++;
        char *s = trim(line);
        if (!*s || *s == '#') continue;
        if (strncmp(s, "type ", 5) == 0) {
            ck_assert_int_lt(NVEC, 512);
            cur = &VEC[NVEC++];
            cur->line = lineno;
            cur->type = strdup(trim(s + 5));
            cur->kind = -1;
        } else if (cur && strncmp(s, "value ", 6) == 0) {
            cur->value = strdup(trim(s + 6));
        } else if (cur && strncmp(s, "row ", 4) == 0) {
            char *rest = trim(s + 4);
            row_kind_t k;
            char kind[3] = {rest[0], rest[1], 0};
            ck_assert_msg(row_kind_parse(kind, &k) == 0, "vector near line %d: bad row kind", lineno);
            cur->kind = (int)k;
            cur->value = strdup(trim(rest + 2));
        } else if (cur && strncmp(s, "hex", 3) == 0 && (s[3] == ' ' || !s[3])) {
            cur->hex = malloc(strlen(s) / 2 + 1);
            cur->nhex = 0;
            for (const char *h = s + 3; *h;) {
                if (isspace((unsigned char)*h)) { h++; continue; }
                int hi = hexval(h[0]), lo = h[1] ? hexval(h[1]) : -1;
                ck_assert_msg(hi >= 0 && lo >= 0, "vector near line %d: bad hex", lineno);
                cur->hex[cur->nhex++] = (unsigned char)(hi * 16 + lo);
                h += 2;
            }
        } else {
            ck_abort_msg("values.vec near line %d: unknown line '%s'", lineno, s);
        }
    }
    free(text);
    ck_assert_int_gt(NVEC, 0);
}

static char *to_hex(const unsigned char *p, size_t n)
{
    char *s = malloc(n * 3 + 1);
    s[0] = '\0';
    for (size_t i = 0; i < n; i++) sprintf(s + strlen(s), i ? " %02x" : "%02x", p[i]);
    return s;
}

/* Parses vector i's type and literal; encodes it into b. */
static type_t *vector_encode(int i, arena_t *a, value_t *v, row_t *r, buf_t *b)
{
    char err[300];
    vector_t *vec = &VEC[i];
    type_t *t = type_parse(vec->type, err, sizeof(err));
    ck_assert_msg(t != NULL, "vector line %d: %s", vec->line, err);
    ck_assert_msg(vec->value != NULL, "vector line %d has no value/row line", vec->line);
    lit_t l = {.s = vec->value, .a = a};
    ck_assert_msg(parse_lit(&l, t, v), "vector line %d: %s", vec->line, l.err);
    skip_ws(&l);
    ck_assert_msg(*l.s == '\0', "vector line %d: trailing text '%s'", vec->line, l.s);
    int rc;
    if (vec->kind >= 0) {
        ck_assert_msg(!v->is_null, "vector line %d: a row vector cannot be null", vec->line);
        r->kind = (row_kind_t)vec->kind;
        r->n = v->u.row.n;
        r->fields = v->u.row.fields;
        rc = codec_encode_row(b, r, t, err, sizeof(err));
    } else {
        rc = codec_encode_value(b, v, t, err, sizeof(err));
    }
    ck_assert_msg(rc == 0, "vector line %d: encode failed: %s", vec->line, err);
    return t;
}

/* Decodes as vector i says (value or row); a row's kind goes to *out_kind. */
static int vector_decode(int i, const type_t *t, const unsigned char *p, size_t n, arena_t *a, value_t *out,
                         int *out_kind, size_t *used, char *err, size_t errlen)
{
    *out_kind = -1;
    if (VEC[i].kind < 0) return codec_decode_value(p, n, used, t, a, out, err, errlen);
    row_t r;
    int rc = codec_decode_row(p, n, used, t, a, &r, err, errlen);
    if (rc == 0) {
        *out_kind = (int)r.kind;
        memset(out, 0, sizeof(*out));
        out->u.row.fields = r.fields;
        out->u.row.n = r.n;
    }
    return rc;
}

START_TEST(test_vectors_encode_and_decode)
{
    load_vectors();
    bool print = getenv("PTFHOST_VECTORS_PRINT") != NULL;
    int mismatches = 0;
    for (int i = 0; i < NVEC; i++) {
        arena_t a;
        arena_init(&a, 0);
        buf_t b = BUF_INIT;
        value_t v;
        row_t r;
        type_t *t = vector_encode(i, &a, &v, &r, &b);
        char *got = to_hex(b.data, b.len);
        if (print) {
            printf("type  %s\n%s %s\nhex   %s\n\n", VEC[i].type, VEC[i].kind < 0 ? "value" : "row  ", VEC[i].value, got);
        } else {
            /* Report every mismatch before failing: one run shows them all. */
            char *want = to_hex(VEC[i].hex, VEC[i].nhex);
            bool same = strcmp(got, want) == 0;
            if (!same)
                fprintf(stderr, "vector line %d (%s %s):\n got  %s\n want %s\n", VEC[i].line, VEC[i].type,
                        VEC[i].value, got, want);
            free(want);
            if (!same) {
                mismatches++;
                free(got);
                buf_free(&b);
                type_free(t);
                arena_destroy(&a);
                continue;
            }
        }
        /* Decoding the expected bytes gives the literal back, consuming all of them. */
        value_t back;
        size_t used = 0;
        char err[300];
        const unsigned char *src = print ? b.data : VEC[i].hex;
        size_t n = print ? b.len : VEC[i].nhex;
        int kind;
        ck_assert_msg(vector_decode(i, t, src, n, &a, &back, &kind, &used, err, sizeof(err)) == 0,
                      "vector line %d: %s", VEC[i].line, err);
        ck_assert_int_eq(kind, VEC[i].kind);
        ck_assert_msg(used == n, "vector line %d: decoded %zu of %zu bytes", VEC[i].line, used, n);
        const type_t *vt = t;
        ck_assert_msg(value_equals(&v, &back, vt), "vector line %d: decoded value differs", VEC[i].line);
        ck_assert_int_eq(value_compare(&v, &back, vt), 0);
        ck_assert(value_hash(&v, vt, 7) == value_hash(&back, vt, 7));
        /* A copy outlives the decode arena. */
        arena_t a2;
        arena_init(&a2, 0);
        value_t copy = value_copy(&back, vt, &a2);
        arena_destroy(&a);
        buf_t b2 = BUF_INIT;
        if (VEC[i].kind < 0) {
            ck_assert_int_eq(codec_encode_value(&b2, &copy, vt, err, sizeof(err)), 0);
        } else {
            row_t rc = {.kind = (row_kind_t)VEC[i].kind, .n = copy.u.row.n, .fields = copy.u.row.fields};
            ck_assert_int_eq(codec_encode_row(&b2, &rc, vt, err, sizeof(err)), 0);
        }
        ck_assert_msg(b2.len == b.len && memcmp(b2.data, b.data, b.len) == 0, "vector line %d: copy re-encodes differently",
                      VEC[i].line);
        arena_destroy(&a2);
        buf_free(&b2);
        free(got);
        buf_free(&b);
        type_free(t);
    }
    ck_assert_msg(mismatches == 0, "%d of %d vectors encode to other bytes (listed on stderr)", mismatches, NVEC);
}
END_TEST

/* Every strict prefix of a vector is an error with a message, never a crash. */
START_TEST(test_vectors_truncated)
{
    load_vectors();
    for (int i = 0; i < NVEC; i++) {
        char err[300];
        type_t *t = type_parse(VEC[i].type, err, sizeof(err));
        for (size_t n = 0; n < VEC[i].nhex; n++) {
            arena_t a;
            arena_init(&a, 0);
            /* A heap copy of exactly n bytes, so ASan sees any over-read. */
            unsigned char *p = malloc(n ? n : 1);
            memcpy(p, VEC[i].hex, n);
            value_t v;
            size_t used = 0;
            int kind;
            err[0] = '\0';
            ck_assert_msg(vector_decode(i, t, p, n, &a, &v, &kind, &used, err, sizeof(err)) == -1,
                          "vector line %d: %zu-byte prefix decoded", VEC[i].line, n);
            ck_assert_msg(strstr(err, "truncated") != NULL || strstr(err, "corrupt") != NULL,
                          "vector line %d: prefix %zu: message '%s'", VEC[i].line, n, err);
            free(p);
            arena_destroy(&a);
        }
        type_free(t);
    }
}
END_TEST

/* Decoding a row into the caller's room (the operator's output row) agrees with
 * codec_decode_row on every row vector and every prefix of one: the same kind,
 * fields, bytes used and message. */
START_TEST(test_decode_row_into_agrees)
{
    load_vectors();
    for (int i = 0; i < NVEC; i++) {
        if (VEC[i].kind < 0) continue;
        char err[300], err2[300];
        type_t *t = type_parse(VEC[i].type, err, sizeof(err));
        for (size_t n = 0; n <= VEC[i].nhex; n++) {
            arena_t a;
            arena_init(&a, 0);
            row_t r;
            size_t used = 0, used2 = 0;
            int rc = codec_decode_row(VEC[i].hex, n, &used, t, &a, &r, err, sizeof(err));
            value_t room[1 + t->nfields + 1];   /* the fields land at room[1..] */
            row_kind_t kind;
            int rc2 = codec_decode_row_into(VEC[i].hex, n, &used2, t, &a, &kind, room + 1, err2, sizeof(err2));
            ck_assert_int_eq(rc2, rc);
            if (rc == 0) {
                ck_assert_int_eq(kind, r.kind);
                ck_assert_uint_eq(used2, used);
                value_t x = {.u.row = {r.fields, r.n}}, y = {.u.row = {room + 1, (uint32_t)t->nfields}};
                ck_assert_msg(value_equals(&x, &y, t), "vector line %d: fields differ", VEC[i].line);
            } else {
                ck_assert_str_eq(err2, err);
            }
            arena_destroy(&a);
        }
        type_free(t);
    }
}
END_TEST

START_TEST(test_row_type_is_flat)
{
    static const struct { const char *type; bool flat; } cases[] = {
        {"ROW<a INT, b DOUBLE, c BOOLEAN>", true},
        {"ROW<a BIGINT, t TIMESTAMP(9), d DECIMAL(38, 2), x DATE>", true},
        {"ROW<>", true},
        {"ROW<a INT, s STRING>", false},
        {"ROW<a INT, b BYTES>", false},
        {"ROW<a ARRAY<INT>>", false},
        {"ROW<a MAP<INT, INT>>", false},
        {"ROW<a ROW<b INT>>", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[300];
        type_t *t = type_parse(cases[i].type, err, sizeof(err));
        ck_assert_msg(t != NULL, "%s: %s", cases[i].type, err);
        ck_assert_msg(row_type_is_flat(t) == cases[i].flat, "%s", cases[i].type);
        type_free(t);
    }
}
END_TEST

/* Random byte flips: decoding may succeed or fail, but stays in bounds. */
START_TEST(test_vectors_corrupted)
{
    load_vectors();
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < NVEC; i++) {
        char err[300];
        type_t *t = type_parse(VEC[i].type, err, sizeof(err));
        size_t n = VEC[i].nhex;
        for (int round = 0; round < 200 && n > 0; round++) {
            unsigned char *p = malloc(n);
            memcpy(p, VEC[i].hex, n);
            for (int flips = 0; flips < 1 + round % 3; flips++) {
                rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
                p[rng % n] ^= (unsigned char)(1u << ((rng >> 32) % 8));
            }
            arena_t a;
            arena_init(&a, 0);
            value_t v;
            size_t used = 0;
            int kind;
            if (vector_decode(i, t, p, n, &a, &v, &kind, &used, err, sizeof(err)) == 0) ck_assert(used <= n);
            arena_destroy(&a);
            free(p);
        }
        type_free(t);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Specific errors                                                          */

static type_t *T(const char *s)
{
    char err[300];
    type_t *t = type_parse(s, err, sizeof(err));
    ck_assert_msg(t != NULL, "%s", err);
    return t;
}

static void decode_fails(const char *type, const unsigned char *p, size_t n, bool row, const char *msg)
{
    type_t *t = T(type);
    arena_t a;
    arena_init(&a, 0);
    char err[300] = "";
    size_t used;
    int rc;
    if (row) {
        row_t r;
        rc = codec_decode_row(p, n, &used, t, &a, &r, err, sizeof(err));
    } else {
        value_t v;
        rc = codec_decode_value(p, n, &used, t, &a, &v, err, sizeof(err));
    }
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strcmp(err, msg) == 0, "%s:\n got  %s\n want %s", type, err, msg);
    arena_destroy(&a);
    type_free(t);
}

START_TEST(test_decode_errors)
{
    decode_fails("BOOLEAN", (const unsigned char *)"\x01\x02", 2, false,
                 "corrupt BOOLEAN: byte 0x02 at byte 1 is neither 0 nor 1");
    decode_fails("INT", (const unsigned char *)"\x02", 1, false,
                 "corrupt value: presence byte 0x02 at byte 0 is neither 0 nor 1");
    decode_fails("BIGINT", (const unsigned char *)"\x01\x01\x02\x03", 4, false,
                 "truncated value: BIGINT needs 8 more bytes at byte 1, 3 left");
    decode_fails("ROW<a INT>", (const unsigned char *)"\x07\x00", 2, true,
                 "corrupt row: kind byte 7 at byte 0 is not 0..3");
    decode_fails("STRING", (const unsigned char *)"\x01\xff\xff\xff\xff", 5, false,
                 "corrupt VARCHAR: length 4294967295 exceeds 2147483647 at byte 1");
    decode_fails("STRING", (const unsigned char *)"\x01\x05\x00\x00\x00" "abc", 8, false,
                 "truncated value: VARCHAR needs 5 more bytes at byte 5, 3 left");
    /* 10^2 does not fit DECIMAL(2, 0) */
    decode_fails("DECIMAL(2, 0)", (const unsigned char *)"\x01\x64\0\0\0\0\0\0\0", 9, false,
                 "corrupt DECIMAL(2, 0): unscaled value out of range at byte 1");
    decode_fails("TIMESTAMP(6)", (const unsigned char *)"\x01\0\0\0\0\0\0\0\0\x40\x42\x0f\x00", 13, false,
                 "corrupt TIMESTAMP: nanos-of-millisecond 1000000 at byte 9 outside 0..999999");
    decode_fails("TIME(9)", (const unsigned char *)"\x01\xff\xff\xff\xff\xff\xff\xff\xff", 9, false,
                 "corrupt TIME: -1 ns at byte 1 is outside the day");
    /* An array claiming 2^31-1 elements is rejected before any allocation. */
    decode_fails("ARRAY<INT>", (const unsigned char *)"\x01\xff\xff\xff\x7f\x00", 6, false,
                 "truncated value: ARRAY needs 268435456 more bytes at byte 5, 1 left");
    decode_fails("NULL", (const unsigned char *)"\x01", 1, false,
                 "corrupt value: type NULL has a non-NULL value at byte 1");
    decode_fails("INT", (const unsigned char *)"", 0, false, "truncated value: INT needs 1 more bytes at byte 0, 0 left");
}
END_TEST

START_TEST(test_encode_errors)
{
    char err[300];
    buf_t b = BUF_INIT;
    buf_puts(&b, "keep");
    type_t *t = T("ROW<a INT, b STRING>");
    value_t f[1] = {{.is_null = false, .u.i64 = 1}};
    row_t r = {.kind = ROW_INSERT, .n = 1, .fields = f};
    ck_assert_int_eq(codec_encode_row(&b, &r, t, err, sizeof(err)), -1);
    ck_assert_str_eq(err, "row has 1 fields but its type ROW<`a` INT, `b` STRING> has 2");
    ck_assert_uint_eq(b.len, 4);   /* nothing appended on failure */
    r.kind = (row_kind_t)9;
    ck_assert_int_eq(codec_encode_row(&b, &r, t, err, sizeof(err)), -1);
    ck_assert_str_eq(err, "row kind 9 is not 0..3");
    type_free(t);

    t = T("DECIMAL(3, 1)");
    value_t d = {.u.dec = 1000};
    ck_assert_int_eq(codec_encode_value(&b, &d, t, err, sizeof(err)), -1);
    ck_assert_str_eq(err, "unscaled value does not fit DECIMAL(3, 1)");
    d.u.dec = -999;
    ck_assert_int_eq(codec_encode_value(&b, &d, t, err, sizeof(err)), 0);
    type_free(t);

    t = T("TINYINT");
    value_t i = {.u.i64 = 200};
    ck_assert_int_eq(codec_encode_value(&b, &i, t, err, sizeof(err)), -1);
    ck_assert_str_eq(err, "value 200 does not fit TINYINT");
    type_free(t);

    /* A nested failure leaves the buffer as it was. */
    t = T("ARRAY<ROW<x INT>>");
    value_t inner = {.u.row = {.fields = f, .n = 2}};
    value_t arr = {.u.list = {.items = &inner, .n = 1}};
    size_t before = b.len;
    ck_assert_int_eq(codec_encode_value(&b, &arr, t, err, sizeof(err)), -1);
    ck_assert_uint_eq(b.len, before);
    type_free(t);
    buf_free(&b);
}
END_TEST

/* TIMESTAMP(p <= 3) keeps milliseconds only, as Flink's compact form. */
START_TEST(test_timestamp_precision)
{
    char err[300];
    type_t *t3 = T("TIMESTAMP(3)"), *t4 = T("TIMESTAMP_LTZ(4)");
    value_t v = {.u.ts = {.millis = 1234, .nanos = 567}};
    buf_t b = BUF_INIT;
    ck_assert_int_eq(codec_encode_value(&b, &v, t3, err, sizeof(err)), 0);
    ck_assert_uint_eq(b.len, 9);
    ck_assert_int_eq(codec_encode_value(&b, &v, t4, err, sizeof(err)), 0);
    ck_assert_uint_eq(b.len, 9 + 13);
    arena_t a;
    arena_init(&a, 0);
    value_t back;
    size_t used;
    ck_assert_int_eq(codec_decode_value(b.data, b.len, &used, t3, &a, &back, err, sizeof(err)), 0);
    ck_assert_uint_eq(used, 9);
    ck_assert_int_eq(back.u.ts.millis, 1234);
    ck_assert_int_eq(back.u.ts.nanos, 0);
    ck_assert_int_eq(codec_decode_value(b.data + used, b.len - used, &used, t4, &a, &back, err, sizeof(err)), 0);
    ck_assert_int_eq(back.u.ts.nanos, 567);
    arena_destroy(&a);
    buf_free(&b);
    type_free(t3);
    type_free(t4);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* value_equals / value_hash / value_compare                                 */

static value_t L(arena_t *a, const type_t *t, const char *s)
{
    lit_t l = {.s = s, .a = a};
    value_t v;
    ck_assert_msg(parse_lit(&l, t, &v), "%s", l.err);
    return v;
}

START_TEST(test_value_semantics)
{
    arena_t a;
    arena_init(&a, 0);
    type_t *m = T("MAP<STRING, INT>");
    value_t m1 = L(&a, m, "{'a': 1, 'b': null, 'c': 3}"), m2 = L(&a, m, "{'c': 3, 'a': 1, 'b': null}");
    value_t m3 = L(&a, m, "{'c': 3, 'a': 1, 'b': 2}");
    ck_assert(value_equals(&m1, &m2, m));
    ck_assert(value_hash(&m1, m, 1) == value_hash(&m2, m, 1));
    ck_assert_int_eq(value_compare(&m1, &m2, m), 0);
    ck_assert(!value_equals(&m1, &m3, m));
    ck_assert_int_lt(value_compare(&m1, &m3, m), 0);   /* null < 2 */
    type_free(m);

    type_t *d = T("DOUBLE");
    value_t nan1 = L(&a, d, "NaN"), nan2 = L(&a, d, "-nan"), pz = L(&a, d, "0.0"), nz = L(&a, d, "-0.0");
    value_t one = L(&a, d, "1.0"), nul = L(&a, d, "null"), inf = L(&a, d, "Infinity");
    ck_assert(value_equals(&nan1, &nan2, d));
    ck_assert(value_hash(&nan1, d, 0) == value_hash(&nan2, d, 0));
    ck_assert(!value_equals(&pz, &nz, d));
    ck_assert_int_lt(value_compare(&nz, &pz, d), 0);
    ck_assert_int_gt(value_compare(&nan1, &inf, d), 0);
    ck_assert_int_lt(value_compare(&nul, &nz, d), 0);
    ck_assert_int_gt(value_compare(&one, &nul, d), 0);
    ck_assert(value_equals(&nul, &nul, d));
    type_free(d);

    type_t *s = T("STRING");
    value_t sa = L(&a, s, "'a'"), sab = L(&a, s, "'ab'"), se = L(&a, s, "'é'"), sz = L(&a, s, "'z'");
    ck_assert_int_lt(value_compare(&sa, &sab, s), 0);
    ck_assert_int_lt(value_compare(&sz, &se, s), 0);    /* UTF-8 byte order */
    ck_assert(value_hash(&sa, s, 0) != value_hash(&sab, s, 0));
    type_free(s);

    type_t *dec = T("DECIMAL(38, 2)");
    value_t big = L(&a, dec, "999999999999999999999999999999999999.99"), neg = L(&a, dec, "-0.01");
    ck_assert_int_lt(value_compare(&neg, &big, dec), 0);
    ck_assert(value_hash(&neg, dec, 0) != value_hash(&big, dec, 0));
    type_free(dec);

    type_t *r = T("ROW<a INT, b ARRAY<STRING>>");
    value_t r1 = L(&a, r, "(1, ['x', null])"), r2 = L(&a, r, "(1, ['x'])"), r3 = L(&a, r, "(0, ['y'])");
    ck_assert(!value_equals(&r1, &r2, r));
    ck_assert_int_gt(value_compare(&r1, &r2, r), 0);
    ck_assert_int_gt(value_compare(&r1, &r3, r), 0);
    type_free(r);
    arena_destroy(&a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("codec");
    TCase *tc = tcase_create("codec");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_vectors_encode_and_decode);
    tcase_add_test(tc, test_vectors_truncated);
    tcase_add_test(tc, test_decode_row_into_agrees);
    tcase_add_test(tc, test_row_type_is_flat);
    tcase_add_test(tc, test_vectors_corrupted);
    tcase_add_test(tc, test_decode_errors);
    tcase_add_test(tc, test_encode_errors);
    tcase_add_test(tc, test_timestamp_precision);
    tcase_add_test(tc, test_value_semantics);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

/* test_render.c - C rendering equals Java's, proven with vectors Java wrote.
 *
 * The files in tests/vectors/render/ are produced by
 * javashim/src/test/java/io/ptfhost/bridge/render/RenderVectors.java from
 * real JDK objects (Double, BigDecimal, LocalDateTime, Instant, HashMap, the
 * shim's Row); this test parses the same internal literals and renders them
 * with native/types/render.c. The SQL cast-to-string family has no Java
 * oracle here (it lives in Flink's planner), so its cases are written out
 * from Flink's DateTimeUtils/cast rules. */
#include <check.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "render_vectors.h"
#include "types/render.h"
#include "types/types.h"
#include "types/value.h"
#include "util/arena.h"
#include "util/buf.h"
#include "util/utf8.h"

/* ---- vector files -------------------------------------------------------- */

static void unescape_expected(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (*r == '\\' && r[1]) {
            r++;
            *w++ = *r == 't' ? '\t' : *r == 'n' ? '\n' : *r == 'r' ? '\r' : *r;
        } else {
            *w++ = *r;
        }
    }
    *w = 0;
}

/* ---- literal parser (grammar in RenderVectors.java) ---------------------- */

typedef struct lit {
    const char *p;
    arena_t *a;
    char err[256];
} lit_t;

static void lit_ws(lit_t *l) { while (*l->p == ' ') l->p++; }

static bool lit_token(lit_t *l, char *tok, size_t cap)
{
    lit_ws(l);
    size_t n = 0;
    while (*l->p && !strchr(",]})= \t", *l->p) && n + 1 < cap) tok[n++] = *l->p++;
    tok[n] = 0;
    return n > 0;
}

static bool lit_value(lit_t *l, const type_t *t, value_t *out);

static bool lit_list(lit_t *l, char close, const type_t *t1, const type_t *t2,
                     value_t **items1, value_t **items2, uint32_t *n, const type_t *row)
{
    uint32_t cap = 8, cnt = 0;
    value_t *a1 = malloc(cap * sizeof *a1), *a2 = malloc(cap * sizeof *a2);
    l->p++;   /* opening bracket */
    lit_ws(l);
    while (*l->p != close) {
        if (cnt == cap) {
            cap *= 2;
            a1 = realloc(a1, cap * sizeof *a1);
            a2 = realloc(a2, cap * sizeof *a2);
        }
        const type_t *ft = row ? (cnt < (uint32_t)row->nfields ? row->fields[cnt].type : NULL) : t1;
        if (!ft || !lit_value(l, ft, &a1[cnt])) goto fail;
        lit_ws(l);
        if (t2) {
            if (*l->p != '=') { snprintf(l->err, sizeof l->err, "expected = at '%s'", l->p); goto fail; }
            l->p++;
            if (!lit_value(l, t2, &a2[cnt])) goto fail;
            lit_ws(l);
        }
        cnt++;
        if (*l->p == ',') l->p++;
        else if (*l->p != close) { snprintf(l->err, sizeof l->err, "expected , or %c at '%s'", close, l->p); goto fail; }
        lit_ws(l);
    }
    l->p++;
    *items1 = arena_memdup(l->a, a1, (cnt ? cnt : 1) * sizeof *a1);
    if (items2) *items2 = arena_memdup(l->a, a2, (cnt ? cnt : 1) * sizeof *a2);
    *n = cnt;
    free(a1);
    free(a2);
    return true;
fail:
    free(a1);
    free(a2);
    return false;
}

static bool lit_value(lit_t *l, const type_t *t, value_t *out)
{
    memset(out, 0, sizeof *out);
    lit_ws(l);
    if (strncmp(l->p, "null", 4) == 0 && !isalnum((unsigned char)l->p[4])) {
        l->p += 4;
        out->is_null = true;
        return true;
    }
    char tok[128];
    switch (t->id) {
    case TYPE_CHAR:
    case TYPE_VARCHAR: {
        if (*l->p != '"') { snprintf(l->err, sizeof l->err, "expected string at '%s'", l->p); return false; }
        buf_t b = BUF_INIT;
        l->p++;
        while (*l->p && *l->p != '"') {
            if (*l->p == '\\') {
                l->p++;
                if (*l->p == 'u') {
                    uint32_t cp = (uint32_t)strtoul((char[]){l->p[1], l->p[2], l->p[3], l->p[4], 0}, NULL, 16);
                    l->p += 5;
                    utf8_put(&b, cp);
                    continue;
                }
            }
            buf_putc(&b, *l->p++);
        }
        l->p++;
        out->u.str.ptr = arena_memdup(l->a, b.data ? (const void *)b.data : "", b.len + 1);
        out->u.str.len = (uint32_t)b.len;
        buf_free(&b);
        return true;
    }
    case TYPE_BINARY:
    case TYPE_VARBINARY: {
        if (strncmp(l->p, "x'", 2) != 0) { snprintf(l->err, sizeof l->err, "expected x'..' at '%s'", l->p); return false; }
        l->p += 2;
        const char *end = strchr(l->p, '\'');
        size_t n = (size_t)(end - l->p) / 2;
        char *bytes = arena_alloc(l->a, n + 1);
        for (size_t i = 0; i < n; i++) bytes[i] = (char)strtoul((char[]){l->p[2 * i], l->p[2 * i + 1], 0}, NULL, 16);
        out->u.str.ptr = bytes;
        out->u.str.len = (uint32_t)n;
        l->p = end + 1;
        return true;
    }
    case TYPE_ARRAY:
        return lit_list(l, ']', t->elem, NULL, &out->u.list.items, NULL, &out->u.list.n, NULL);
    case TYPE_MAP:
        return lit_list(l, '}', t->elem, t->value, &out->u.map.keys, &out->u.map.vals, &out->u.map.n, NULL);
    case TYPE_MULTISET: {
        type_t *it = type_new(TYPE_INT, false);
        bool ok = lit_list(l, '}', t->elem, it, &out->u.map.keys, &out->u.map.vals, &out->u.map.n, NULL);
        type_free(it);
        return ok;
    }
    case TYPE_ROW:
        return lit_list(l, ')', NULL, NULL, &out->u.row.fields, NULL, &out->u.row.n, t);
    default:
        break;
    }
    if (!lit_token(l, tok, sizeof tok)) { snprintf(l->err, sizeof l->err, "expected a value at '%s'", l->p); return false; }
    switch (t->id) {
    case TYPE_BOOLEAN: out->u.b = strcmp(tok, "true") == 0; return true;
    case TYPE_FLOAT: {
        uint32_t bits = (uint32_t)strtoul(tok, NULL, 16);
        memcpy(&out->u.f32, &bits, 4);
        return true;
    }
    case TYPE_DOUBLE: {
        uint64_t bits = strtoull(tok, NULL, 16);
        memcpy(&out->u.f64, &bits, 8);
        return true;
    }
    case TYPE_DECIMAL: {
        __int128 v = 0;
        const char *s = tok;
        bool neg = *s == '-';
        if (neg) s++;
        for (; *s; s++) v = v * 10 + (*s - '0');
        out->u.dec = neg ? -v : v;
        return true;
    }
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ: {
        char *colon = strchr(tok, ':');
        out->u.ts.millis = strtoll(tok, NULL, 10);
        out->u.ts.nanos = colon ? (int32_t)strtol(colon + 1, NULL, 10) : 0;
        return true;
    }
    default:
        out->u.i64 = strtoll(tok, NULL, 10);
        return true;
    }
}

/* ---- Java-generated vectors ----------------------------------------------- */

START_TEST(values_equal_java_external_objects)
{
    FILE *f = fopen(vector_path("values.txt"), "r");
    ck_assert_msg(f, "cannot open %s", vector_path("values.txt"));
    static char line[1 << 16];
    char *cols[4], err[256];
    int lineno = 0, n, checked = 0, bad = 0;
    buf_t b = BUF_INIT;
    arena_t a;
    arena_init(&a, 0);
    while ((n = next_line(f, line, sizeof line, cols, 4, &lineno)) >= 0) {
        ck_assert_msg(n == 3, "values.txt:%d: %d columns", lineno, n);
        type_t *t = type_parse(cols[0], err, sizeof err);
        ck_assert_msg(t, "values.txt:%d: type %s: %s", lineno, cols[0], err);
        lit_t l = { .p = cols[1], .a = &a };
        value_t v;
        ck_assert_msg(lit_value(&l, t, &v), "values.txt:%d: literal: %s", lineno, l.err);
        unescape_expected(cols[2]);
        buf_clear(&b);
        render_value(&b, &v, t);
        if (strcmp(buf_cstr(&b), cols[2]) != 0 && bad++ < 10)
            fprintf(stderr, "values.txt:%d %s %s:\n  java %s\n  c    %s\n", lineno, cols[0], cols[1], cols[2],
                    buf_cstr(&b));
        type_free(t);
        arena_reset(&a);
        checked++;
    }
    fclose(f);
    buf_free(&b);
    arena_destroy(&a);
    ck_assert_int_gt(checked, 400);
    ck_assert_msg(bad == 0, "%d of %d values differ from Java", bad, checked);
}
END_TEST

START_TEST(rows_equal_java_row_to_string)
{
    FILE *f = fopen(vector_path("rows.txt"), "r");
    ck_assert_msg(f, "cannot open %s", vector_path("rows.txt"));
    static char line[1 << 16];
    char *cols[5], err[256];
    int lineno = 0, n, checked = 0;
    buf_t b = BUF_INIT;
    arena_t a;
    arena_init(&a, 0);
    while ((n = next_line(f, line, sizeof line, cols, 5, &lineno)) >= 0) {
        ck_assert_msg(n == 4, "rows.txt:%d: %d columns", lineno, n);
        row_kind_t kind;
        ck_assert_int_eq(row_kind_parse(cols[0], &kind), 0);
        type_t *t = type_parse(cols[1], err, sizeof err);
        ck_assert_msg(t, "rows.txt:%d: type: %s", lineno, err);
        lit_t l = { .p = cols[2], .a = &a };
        value_t v;
        ck_assert_msg(lit_value(&l, t, &v), "rows.txt:%d: literal: %s", lineno, l.err);
        row_t r = { .kind = kind, .n = v.u.row.n, .fields = v.u.row.fields };
        unescape_expected(cols[3]);
        buf_clear(&b);
        render_row(&b, &r, t);
        ck_assert_msg(strcmp(buf_cstr(&b), cols[3]) == 0, "rows.txt:%d:\n  java %s\n  c    %s", lineno, cols[3],
                      buf_cstr(&b));
        type_free(t);
        arena_reset(&a);
        checked++;
    }
    fclose(f);
    buf_free(&b);
    arena_destroy(&a);
    ck_assert_int_gt(checked, 10);
}
END_TEST

/* ---- direct checks -------------------------------------------------------- */

/* ---- SQL cast-to-string (tableau cells), from Flink's cast rules --------- */

static const char *r_sql(const char *type, value_t v)
{
    static buf_t b = BUF_INIT;
    char err[128];
    type_t *t = type_parse(type, err, sizeof err);
    ck_assert_msg(t, "%s: %s", type, err);
    buf_clear(&b);
    render_sql_value(&b, &v, t, NULL);
    type_free(t);
    return buf_cstr(&b);
}

static value_t vi(int64_t x) { value_t v = {0}; v.u.i64 = x; return v; }
static value_t vts(int64_t ms, int32_t ns) { value_t v = {0}; v.u.ts.millis = ms; v.u.ts.nanos = ns; return v; }

static int32_t plus_two_hours(int64_t ms, void *ctx) { (void)ms; (void)ctx; return 7200; }

START_TEST(sql_cast_to_string_printing_mode)
{
    value_t t = {0};
    t.u.b = true;
    ck_assert_str_eq(r_sql("BOOLEAN", t), "TRUE");
    t.u.b = false;
    ck_assert_str_eq(r_sql("BOOLEAN", t), "FALSE");
    ck_assert_str_eq(r_sql("TIMESTAMP(3)", vts(1767225780000, 0)), "2026-01-01 00:03:00.000");
    ck_assert_str_eq(r_sql("TIMESTAMP(0)", vts(1767225780000, 0)), "2026-01-01 00:03:00");
    ck_assert_str_eq(r_sql("TIMESTAMP(6)", vts(1, 0)), "1970-01-01 00:00:00.001000");
    ck_assert_str_eq(r_sql("TIMESTAMP(3)", vts(1, 500)), "1970-01-01 00:00:00.0010005");
    ck_assert_str_eq(r_sql("TIMESTAMP_LTZ(3)", vts(-1, 0)), "1969-12-31 23:59:59.999");
    ck_assert_str_eq(r_sql("DATE", vi(20454)), "2026-01-01");
    /* formatTimestampMillis stops after the last non-zero digit but prints one */
    ck_assert_str_eq(r_sql("TIME(3)", vi(43200123000000LL)), "12:00:00.123");
    ck_assert_str_eq(r_sql("TIME(3)", vi(43200500000000LL)), "12:00:00.5");
    ck_assert_str_eq(r_sql("TIME(3)", vi(43200000000000LL)), "12:00:00.0");
    ck_assert_str_eq(r_sql("TIME(0)", vi(43200999000000LL)), "12:00:00");
    ck_assert_str_eq(r_sql("INTERVAL YEAR(2) TO MONTH", vi(14)), "+1-02");
    ck_assert_str_eq(r_sql("INTERVAL YEAR(2) TO MONTH", vi(-3)), "-0-03");
    ck_assert_str_eq(r_sql("INTERVAL DAY(2) TO SECOND(3)", vi(90061001)), "+1 01:01:01.001");
    ck_assert_str_eq(r_sql("INTERVAL DAY(2) TO SECOND(3)", vi(-1500)), "-0 00:00:01.500");
    value_t d = {0};
    d.u.dec = 1;
    ck_assert_str_eq(r_sql("DECIMAL(10, 8)", d), "0.00000001");
    value_t by = {0};
    by.u.str.ptr = "\x01\xab";
    by.u.str.len = 2;
    ck_assert_str_eq(r_sql("BYTES", by), "x'01ab'");
    value_t dbl = {0};
    dbl.u.f64 = 1e10;
    ck_assert_str_eq(r_sql("DOUBLE", dbl), "1.0E10");

    /* composites: NULL inside is NULL (CastRuleUtils.nullLiteral, not legacy),
     * ROW uses parentheses, STRUCTURED names its fields, MAP keeps order */
    value_t f[2] = {vi(1), value_null()};
    value_t row = {0};
    row.u.row.fields = f;
    row.u.row.n = 2;
    ck_assert_str_eq(r_sql("ROW<a INT, b STRING>", row), "(1, NULL)");
    value_t k[2] = {0}, v[2] = {vi(2), vi(1)};
    k[0].u.str.ptr = "b"; k[0].u.str.len = 1;
    k[1].u.str.ptr = "a"; k[1].u.str.len = 1;
    value_t m = {0};
    m.u.map.keys = k;
    m.u.map.vals = v;
    m.u.map.n = 2;
    ck_assert_str_eq(r_sql("MAP<STRING, INT>", m), "{b=2, a=1}");
    value_t arr = {0};
    arr.u.list.items = f;
    arr.u.list.n = 2;
    ck_assert_str_eq(r_sql("ARRAY<INT>", arr), "[1, NULL]");

    /* TIMESTAMP_LTZ shows the session zone's wall time */
    buf_t b = BUF_INIT;
    char err[64];
    type_t *lt = type_parse("TIMESTAMP_LTZ(3)", err, sizeof err);
    render_zone_t z = { plus_two_hours, NULL };
    value_t x = vts(0, 0);
    render_sql_value(&b, &x, lt, &z);
    ck_assert_str_eq(buf_cstr(&b), "1970-01-01 02:00:00.000");
    buf_free(&b);
    type_free(lt);
}
END_TEST

/* ./build.sh asan (UBSan): an instant at Long.MIN_VALUE milliseconds (a timer's
 * time there, as a TIMESTAMP_LTZ rowtime) overflowed the floor modulo. The texts
 * are Java's Instant.ofEpochMilli(Long.MIN_VALUE / MAX_VALUE).toString(). */
START_TEST(instants_at_the_ends_of_long)
{
    char err[256];
    type_t *t = type_parse("TIMESTAMP_LTZ(3)", err, sizeof err);
    ck_assert_msg(t, "%s", err);
    value_t v = {0};
    buf_t b = BUF_INIT;
    v.u.ts.millis = INT64_MIN;
    render_value(&b, &v, t);
    ck_assert_str_eq(buf_cstr(&b), "-292275055-05-16T16:47:04.192Z");
    buf_clear(&b);
    v.u.ts.millis = INT64_MAX;
    render_value(&b, &v, t);
    ck_assert_str_eq(buf_cstr(&b), "+292278994-08-17T07:12:55.807Z");
    buf_free(&b);
    type_free(t);
}
END_TEST

/* buf_put_i64 writes what "%lld" writes, the ends of long included; buf_printf
 * grows the buffer when the text does not fit its free room. */
START_TEST(integers_and_long_text_into_buffers)
{
    const int64_t cases[] = {0, 7, -7, 10, -10, 1234567890123LL, INT64_MAX, INT64_MIN, INT64_MIN + 1};
    buf_t b = BUF_INIT;
    char want[32];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        buf_clear(&b);
        buf_put_i64(&b, cases[i]);
        snprintf(want, sizeof want, "%lld", (long long)cases[i]);
        ck_assert_str_eq(buf_cstr(&b), want);
    }
    char longer[1000];
    memset(longer, 'x', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    buf_clear(&b);
    buf_puts(&b, "ab");
    buf_printf(&b, "<%s|%d>", longer, 42);
    ck_assert_uint_eq(b.len, 2 + 1 + 999 + 4);
    ck_assert_int_eq(memcmp(b.data, "ab<x", 4), 0);
    ck_assert_str_eq(buf_cstr(&b) + b.len - 4, "|42>");
    buf_free(&b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("render");
    TCase *tc = tcase_create("render");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, values_equal_java_external_objects);
    tcase_add_test(tc, rows_equal_java_row_to_string);
    tcase_add_test(tc, sql_cast_to_string_printing_mode);
    tcase_add_test(tc, instants_at_the_ends_of_long);
    tcase_add_test(tc, integers_and_long_text_into_buffers);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

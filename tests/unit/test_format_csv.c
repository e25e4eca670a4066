/* test_format_csv.c - Flink's csv format (format_csv.c): quoting, options,
 * conversions, errors and the encoder's text. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "connectors/format_csv.h"
#include "catalog/catalog.h"
#include "types/render.h"
#include "types/types.h"
#include "util/arena.h"
#include "util/buf.h"

typedef struct fx {
    type_t *type;
    conn_csv_t *csv;
    arena_t arena;
    char err[1024];
    buf_t out;
} fx_t;

static void fx_init(fx_t *f, const char *type, const char **kv)
{
    memset(f, 0, sizeof *f);
    f->type = type_parse(type, f->err, sizeof f->err);
    ck_assert_msg(f->type, "%s: %s", type, f->err);
    catalog_option_t opts[16];
    int n = 0;
    for (; kv && kv[2 * n]; n++) {
        opts[n].key = (char *)kv[2 * n];
        opts[n].value = (char *)kv[2 * n + 1];
    }
    conn_csv_options_t o;
    ck_assert_msg(conn_csv_options_parse(&o, opts, n, f->err, sizeof f->err) == 0, "%s", f->err);
    f->csv = conn_csv_new(f->type, &o, f->err, sizeof f->err);
    ck_assert_msg(f->csv, "%s", f->err);
    arena_init(&f->arena, 0);
}

static void fx_done(fx_t *f)
{
    conn_csv_free(f->csv);
    type_free(f->type);
    arena_destroy(&f->arena);
    buf_free(&f->out);
}

static const char *dec(fx_t *f, const char *line)
{
    row_t row;
    bool skipped;
    buf_clear(&f->out);
    int rc = conn_csv_decode(f->csv, line, strlen(line), "in.csv", 2, &row, &skipped, &f->arena, f->err, sizeof f->err);
    if (rc < 0) {
        buf_printf(&f->out, "ERROR: %s", f->err);
        return buf_cstr(&f->out);
    }
    if (rc == 0) return skipped ? "SKIPPED" : "NONE";
    render_row(&f->out, &row, f->type);
    return buf_cstr(&f->out);
}

static const char *roundtrip(fx_t *f, const char *line)
{
    row_t row;
    bool skipped;
    ck_assert_int_eq(conn_csv_decode(f->csv, line, strlen(line), "in.csv", 1, &row, &skipped, &f->arena, f->err,
                                     sizeof f->err), 1);
    buf_clear(&f->out);
    ck_assert_int_eq(conn_csv_encode(f->csv, &row, &f->out, f->err, sizeof f->err), 0);
    return buf_cstr(&f->out);
}

#define ASSERT_CONTAINS(hay, needle) \
    ck_assert_msg(strstr((hay), (needle)) != NULL, "expected '%s' in:\n%s", (needle), (hay))

START_TEST(decodes_rfc4180_fields)
{
    fx_t f;
    fx_init(&f, "ROW<id INT, name STRING, price DECIMAL(10, 2), ok BOOLEAN, ts TIMESTAMP(3)>", NULL);
    ck_assert_str_eq(dec(&f, "1,\"Smith, \"\"J\"\"\", 10.5 ,TRUE,2026-01-01 00:03:00"),
                     "+I[1, Smith, \"J\", 10.50, true, 2026-01-01T00:03]");
    ck_assert_str_eq(dec(&f, " 2 ,  spaced  ,1.005,no,2026-01-01 00:00:00.5\r"),
                     "+I[2,   spaced  , 1.01, false, 2026-01-01T00:00:00.500]");
    /* an empty STRING field is the empty string, not NULL */
    ck_assert_str_eq(dec(&f, "3,,,false,2026-01-01 00:00:00"), "ERROR: malformed CSV at in.csv:2: 3,,,false,2026-01-01 "
                     "00:00:00: field 'price' (DECIMAL(10, 2)): not a number: \"\" (set 'csv.ignore-parse-errors' = "
                     "'true' to skip such records)");
    ck_assert_str_eq(dec(&f, ""), "NONE");
    fx_done(&f);
}
END_TEST

START_TEST(row_length_and_bad_fields)
{
    fx_t f;
    fx_init(&f, "ROW<a INT, b STRING>", NULL);
    ck_assert_str_eq(dec(&f, "1"), "ERROR: malformed CSV at in.csv:2: 1: Row length mismatch. 2 fields expected but "
                                   "was 1. (set 'csv.ignore-parse-errors' = 'true' to skip such records)");
    const char *e = dec(&f, "x,y");
    ASSERT_CONTAINS(e, "field 'a' (INT): For input string: \"x\"");
    e = dec(&f, "1,\"open");
    ASSERT_CONTAINS(e, "missing closing quote");
    fx_done(&f);
    const char *kv[] = {"csv.ignore-parse-errors", "true", NULL};
    fx_init(&f, "ROW<a INT, b STRING>", kv);
    ck_assert_str_eq(dec(&f, "1"), "+I[1, null]");
    ck_assert_str_eq(dec(&f, "x,y,z"), "+I[null, y]");
    ck_assert_str_eq(dec(&f, "1,\"open"), "SKIPPED");
    fx_done(&f);
}
END_TEST

START_TEST(options_change_the_dialect)
{
    const char *kv[] = {"csv.field-delimiter", "\\t", "csv.quote-character", "'", "csv.null-literal", "NULL",
                        "csv.allow-comments", "true", "csv.array-element-delimiter", "|", NULL};
    fx_t f;
    fx_init(&f, "ROW<a INT, b STRING, c ARRAY<DOUBLE>, d ROW<x INT, y STRING>>", kv);
    ck_assert_str_eq(dec(&f, "1\t'it''s\ta'\t1.5|NULL|2\t7|q"), "+I[1, it's\ta, [1.5, null, 2.0], +I[7, q]]");
    ck_assert_str_eq(dec(&f, "NULL\tNULL\tNULL\tNULL"), "+I[null, null, null, null]");
    ck_assert_str_eq(dec(&f, "# a comment"), "NONE");
    ck_assert_str_eq(roundtrip(&f, "1\t'it''s\ta'\t1.5|NULL|2\t7|q"), "1\t'it''s\ta'\t1.5|NULL|2.0\t7|q\n");
    ck_assert_str_eq(roundtrip(&f, "NULL\t#x\t\tNULL"), "NULL\t'#x'\t\tNULL\n");
    fx_done(&f);
}
END_TEST

START_TEST(option_errors_use_flink_messages)
{
    char err[256];
    conn_csv_options_t o;
    catalog_option_t d[] = {{"csv.field-delimiter", "ab"}};
    ck_assert_int_eq(conn_csv_options_parse(&o, d, 1, err, sizeof err), -1);
    ck_assert_str_eq(err, "Option 'csv.field-delimiter' must be a string with single character, but was: ab");
    catalog_option_t q[] = {{"csv.disable-quote-character", "true"}, {"csv.quote-character", "'"}};
    ck_assert_int_eq(conn_csv_options_parse(&o, q, 2, err, sizeof err), -1);
    ck_assert_str_eq(err, "Format cannot define a quote character and disabled quote character at the same time.");
    type_t *t = type_parse("ROW<m MAP<STRING, INT>>", err, sizeof err);
    ck_assert_int_eq(conn_csv_options_parse(&o, NULL, 0, err, sizeof err), 0);
    ck_assert_ptr_null(conn_csv_new(t, &o, err, sizeof err));
    ASSERT_CONTAINS(err, "CSV format does not support the type MAP<STRING, INT>");
    type_free(t);
    t = type_parse("ROW<a ARRAY<ARRAY<INT>>>", err, sizeof err);
    ck_assert_ptr_null(conn_csv_new(t, &o, err, sizeof err));
    ck_assert_str_eq(err, "CSV format does not support an ARRAY nested in an ARRAY or ROW column: ARRAY<INT>.");
    type_free(t);
}
END_TEST

START_TEST(encodes_like_flink)
{
    fx_t f;
    fx_init(&f, "ROW<s STRING, d DOUBLE, m DECIMAL(10, 8), ts TIMESTAMP(3), lts TIMESTAMP_LTZ(3), dt DATE, "
                "t TIME(3), b BYTES, n INT>", NULL);
    ck_assert_str_eq(roundtrip(&f, "\"a,b\",1e10,0.00000001,2026-01-01 00:03:00.120,1970-01-01 00:00:00Z,"
                                   "2026-01-01,12:00:00.5,AQL/,5"),
                     "\"a,b\",1.0E10,1E-8,2026-01-01 00:03:00.12,1970-01-01 00:00:00Z,2026-01-01,12:00:00.5,AQL/,5\n");
    ck_assert_str_eq(roundtrip(&f, "\"line\"\"q\",0.1,1,2026-01-01 00:00:00,1970-01-01 00:00:00Z,2026-01-01,"
                                   "12:00,,7"),
                     "\"line\"\"q\",0.1,1.00000000,2026-01-01 00:00:00,1970-01-01 00:00:00Z,2026-01-01,12:00:00,,7\n");
    fx_done(&f);
    const char *kv[] = {"csv.write-bigdecimal-in-scientific-notation", "false", NULL};
    fx_init(&f, "ROW<m DECIMAL(10, 8)>", kv);
    ck_assert_str_eq(roundtrip(&f, "0.00000001"), "0.00000001\n");
    fx_done(&f);
}
END_TEST

START_TEST(garbage_never_crashes)
{
    const char *kv[] = {"csv.escape-character", "\\\\", NULL};
    fx_t f;
    fx_init(&f, "ROW<a INT, b STRING, c ARRAY<DOUBLE>, d DATE, e DECIMAL(5, 1), g ROW<x INT, y BYTES>>", kv);
    const char *seed = "1,\"q\"\"x,y\\\"z\",1.5;2;3,2026-01-01,12.3,4;AQL/";
    size_t n = strlen(seed);
    char line[256];
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    int ok = 0, bad = 0;
    for (int i = 0; i < 20000; i++) {
        memcpy(line, seed, n + 1);
        size_t len = n;
        for (int e = 0; e < 1 + i % 3; e++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            size_t at = (size_t)(x % len);
            if ((x >> 32) % 2) line[at] = (char)(x >> 40);
            else { memmove(line + at, line + at + 1, len - at); len--; }
        }
        row_t row;
        bool skipped;
        int rc = conn_csv_decode(f.csv, line, len, "in.csv", 5, &row, &skipped, &f.arena, f.err, sizeof f.err);
        if (rc >= 0) {
            ok++;
        } else {
            bad++;
            ck_assert_msg(strncmp(f.err, "malformed CSV at in.csv:5: ", 27) == 0, "%s", f.err);
        }
        arena_reset(&f.arena);
    }
    ck_assert_int_gt(ok, 0);
    ck_assert_int_gt(bad, 0);
    fx_done(&f);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("format_csv");
    TCase *tc = tcase_create("csv");
    tcase_add_test(tc, decodes_rfc4180_fields);
    tcase_add_test(tc, row_length_and_bad_fields);
    tcase_add_test(tc, options_change_the_dialect);
    tcase_add_test(tc, option_errors_use_flink_messages);
    tcase_add_test(tc, encodes_like_flink);
    tcase_add_test(tc, garbage_never_crashes);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

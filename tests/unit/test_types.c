/* test_types.c - the Flink type-string parser and printers (native/types/types.c). */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/text.h"
#include "types/types.h"
#include "types/value.h"

/* input -> Flink's asSummaryString. The cases both languages share live in
 * tests/vectors/types.vec (loaded below); these are C-only: RAW without a
 * snapshot, STRUCTURED printed as Flink does (the Java model prints it as a
 * ROW), control characters as whitespace. */
static const struct { const char *in, *summary; } SUMMARY[] = {
    /* Flink's summary hides comments; io.ptfhost.bridge.types.SqlType prints them in full. */
    {"ROW<a INT 'the a', b STRING>", "ROW<`a` INT '...', `b` STRING>"},
    {"RAW('java.util.BitSet')", "RAW('java.util.BitSet', '...')"},
    {"STRUCTURED<'com.example.Pojo', a INT, b STRING>", "STRUCTURED<'com.example.Pojo', `a` INT, `b` STRING>"},
    {"  \tINT\n  ", "INT"},
};

typedef struct pair { char *in, *summary; } pair_t;
static pair_t PAIRS[256];
static int NPAIRS;

/* SUMMARY plus tests/vectors/types.vec, read once. */
static void load_pairs(void)
{
    if (NPAIRS) return;
    for (size_t i = 0; i < sizeof(SUMMARY) / sizeof(SUMMARY[0]); i++) {
        PAIRS[NPAIRS].in = strdup(SUMMARY[i].in);
        PAIRS[NPAIRS++].summary = strdup(SUMMARY[i].summary);
    }
    char path[4096];
    const char *root = getenv("PTFHOST_ROOT");
    if (root) {
        snprintf(path, sizeof(path), "%s/tests/vectors/types.vec", root);
    } else {
        snprintf(path, sizeof(path), "%s", __FILE__);
        char *cut = strstr(path, "tests/unit/test_types.c");
        ck_assert_ptr_nonnull(cut);
        strcpy(cut, "tests/vectors/types.vec");
    }
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char line[1024];
    int shared = 0;
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        if (!line[0] || line[0] == '#') continue;
        char *sep = strstr(line, " => ");
        ck_assert_msg(sep != NULL, "types.vec: no ' => ' in '%s'", line);
        ck_assert_int_lt(NPAIRS, 256);
        *sep = '\0';
        PAIRS[NPAIRS].in = strdup(line);
        PAIRS[NPAIRS++].summary = strdup(sep + 4);
        shared++;
    }
    fclose(f);
    ck_assert_int_gt(shared, 50);
}

START_TEST(test_summary_strings)
{
    char err[256];
    load_pairs();
    for (int i = 0; i < NPAIRS; i++) {
        type_t *t = type_parse(PAIRS[i].in, err, sizeof(err));
        ck_assert_msg(t != NULL, "parse '%s': %s", PAIRS[i].in, err);
        char *s = type_to_string(t);
        ck_assert_msg(strcmp(s, PAIRS[i].summary) == 0, "'%s' printed '%s', want '%s'",
                      PAIRS[i].in, s, PAIRS[i].summary);
        free(s);
        type_free(t);
    }
}
END_TEST

/* Serializable strings parse back to an equal type (comments and RAW
 * snapshots included), and clones are equal. */
START_TEST(test_serializable_round_trip)
{
    char err[256];
    load_pairs();
    for (int i = 0; i < NPAIRS; i++) {
        type_t *t = type_parse(PAIRS[i].in, err, sizeof(err));
        ck_assert_ptr_nonnull(t);
        char *s = type_to_serializable_string(t);
        type_t *back = type_parse(s, err, sizeof(err));
        ck_assert_msg(back != NULL, "'%s' -> '%s' does not parse: %s", PAIRS[i].in, s, err);
        ck_assert_msg(type_equals(t, back), "'%s' -> '%s' parses to another type", PAIRS[i].in, s);
        if (t->id == TYPE_ROW && t->nfields > 0 && t->fields[0].description)
            ck_assert_str_eq(back->fields[0].description, t->fields[0].description);
        type_t *c = type_clone(t);
        ck_assert(type_equals(c, t));
        type_free(c);
        type_free(back);
        free(s);
        type_free(t);
    }
}
END_TEST

START_TEST(test_serializable_forms)
{
    static const struct { const char *in, *ser; } CASES[] = {
        {"STRING", "VARCHAR(2147483647)"},
        {"BYTES NOT NULL", "VARBINARY(2147483647) NOT NULL"},
        {"TIMESTAMP_LTZ(3)", "TIMESTAMP(3) WITH LOCAL TIME ZONE"},
        {"ROW<a INT 'it''s'>", "ROW<`a` INT 'it''s'>"},
        {"RAW('C', 'snap')", "RAW('C', 'snap')"},
    };
    char err[256];
    for (size_t i = 0; i < sizeof(CASES) / sizeof(CASES[0]); i++) {
        type_t *t = type_parse(CASES[i].in, err, sizeof(err));
        ck_assert_msg(t != NULL, "%s", err);
        char *s = type_to_serializable_string(t);
        ck_assert_str_eq(s, CASES[i].ser);
        free(s);
        type_free(t);
    }
}
END_TEST

START_TEST(test_parsed_fields)
{
    char err[256];
    type_t *t = type_parse("ROW<`a b` DECIMAL(12, 3) NOT NULL 'c', arr INT ARRAY, m MAP<STRING, BYTES>>", err,
                           sizeof(err));
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_int_eq(t->id, TYPE_ROW);
    ck_assert(t->nullable);
    ck_assert_int_eq(t->nfields, 3);
    ck_assert_str_eq(t->fields[0].name, "a b");
    ck_assert_str_eq(t->fields[0].description, "c");
    ck_assert_int_eq(t->fields[0].type->id, TYPE_DECIMAL);
    ck_assert_int_eq(t->fields[0].type->precision, 12);
    ck_assert_int_eq(t->fields[0].type->scale, 3);
    ck_assert(!t->fields[0].type->nullable);
    ck_assert_int_eq(t->fields[1].type->id, TYPE_ARRAY);
    ck_assert_int_eq(t->fields[1].type->elem->id, TYPE_INT);
    ck_assert_int_eq(t->fields[2].type->elem->id, TYPE_VARCHAR);
    ck_assert_int_eq(t->fields[2].type->value->id, TYPE_VARBINARY);
    ck_assert_int_eq(t->fields[2].type->value->precision, TYPE_MAX_LENGTH);
    ck_assert_int_eq(type_field_index(t, "m"), 2);
    ck_assert_int_eq(type_field_index(t, "M"), -1);
    ck_assert(type_is_composite(t));
    ck_assert(type_is_numeric(t->fields[0].type));
    ck_assert(!type_is_string(t->fields[2].type->value));
    ck_assert(type_is_string(t->fields[2].type->elem));
    type_free(t);

    t = type_parse("INTERVAL DAY(3) TO SECOND(4)", err, sizeof(err));
    ck_assert_int_eq(t->id, TYPE_INTERVAL_DT);
    ck_assert_int_eq(t->interval_unit, TYPE_IU_DAY_TO_SECOND);
    ck_assert_int_eq(t->precision, 3);
    ck_assert_int_eq(t->scale, 4);
    type_free(t);

    /* type_parse_n reads only its span. */
    const char *ddl = "price DECIMAL(10, 2), qty INT";
    t = type_parse_n(ddl + 6, 14, err, sizeof(err));
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_int_eq(t->precision, 10);
    ck_assert_int_eq(t->scale, 2);
    type_free(t);
}
END_TEST

START_TEST(test_equality)
{
    char err[256];
    type_t *a = type_parse("ROW<a INT NOT NULL 'x', b ARRAY<STRING>>", err, sizeof(err));
    type_t *b = type_parse("ROW<a INT NOT NULL, b STRING ARRAY>", err, sizeof(err));
    type_t *c = type_parse("ROW<a INT, b ARRAY<STRING NOT NULL>> NOT NULL", err, sizeof(err));
    type_t *d = type_parse("ROW<x INT NOT NULL, b ARRAY<STRING>>", err, sizeof(err));
    ck_assert(type_equals(a, b));           /* comments do not count */
    ck_assert(!type_equals(a, c));
    ck_assert(type_equals_ignore_null(a, c));
    ck_assert(!type_equals_ignore_null(a, d));  /* names do */
    type_t *ts = type_parse("TIMESTAMP(3)", err, sizeof(err));
    type_t *rt = type_clone(ts);
    rt->time_kind = TYPE_TK_ROWTIME;
    ck_assert(type_equals(ts, rt));
    char *s = type_to_string(rt);
    ck_assert_str_eq(s, "TIMESTAMP(3) *ROWTIME*");
    free(s);
    rt->nullable = false;
    rt->id = TYPE_TIMESTAMP_LTZ;
    s = type_to_string(rt);
    ck_assert_str_eq(s, "TIMESTAMP_LTZ(3) NOT NULL *ROWTIME*");
    free(s);
    rt->time_kind = TYPE_TK_PROCTIME;
    s = type_to_string(rt);
    ck_assert_str_eq(s, "TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*");
    free(s);
    ck_assert(!type_equals(a, ts));
    type_free(a); type_free(b); type_free(c); type_free(d); type_free(ts); type_free(rt);
}
END_TEST

START_TEST(test_build_row)
{
    type_t *r = type_new(TYPE_ROW, false);
    type_t *v = type_new(TYPE_VARCHAR, true);
    v->precision = TYPE_MAX_LENGTH;
    type_add_field(r, "name", v, NULL);
    type_add_field(r, "n", type_new(TYPE_BIGINT, false), "count");
    char *s = type_to_string(r);
    ck_assert_str_eq(s, "ROW<`name` STRING, `n` BIGINT NOT NULL '...'> NOT NULL");
    free(s);
    ck_assert_str_eq(type_id_name(TYPE_TIMESTAMP_LTZ), "TIMESTAMP_LTZ");
    type_free(r);
}
END_TEST

/* input -> exact error message (position is 1-based, in characters). */
static const struct { const char *in, *err; } ERRORS[] = {
    {"", "type expected but found end of input at position 1: "},
    {"   ", "type expected but found end of input at position 4:    "},
    {"FOO", "unknown type 'FOO' (user-defined types are not supported) at position 1: FOO"},
    {"INT INT", "end of type expected but found keyword INT at position 5: INT INT"},
    {"INT NOT", "end of type expected but found keyword NOT at position 5: INT NOT"},
    {"INT ARRAY ARRAY", "end of type expected but found keyword ARRAY at position 11: INT ARRAY ARRAY"},
    {"ARRAY", "'<' expected but found end of input at position 6: ARRAY"},
    {"ARRAY<INT", "'>' expected but found end of input at position 10: ARRAY<INT"},
    {"ARRAY<INT,>", "'>' expected but found ',' at position 10: ARRAY<INT,>"},
    {"ARRAY<>", "type expected but found '>' at position 7: ARRAY<>"},
    {"MAP<INT>", "',' expected but found '>' at position 8: MAP<INT>"},
    {"MAP<INT, STRING", "'>' expected but found end of input at position 16: MAP<INT, STRING"},
    {"ROW<a INT,, b INT>", "field name expected but found ',' at position 11: ROW<a INT,, b INT>"},
    {"ROW<a INT b INT>", "',' or '>' expected but found identifier b at position 11: ROW<a INT b INT>"},
    {"ROW(a INT>", "',' or ')' expected but found '>' at position 10: ROW(a INT>"},
    {"ROW<a>", "type expected but found '>' at position 6: ROW<a>"},
    {"ROW<year INT>", "field name expected but found keyword YEAR (quote it: `YEAR`) at position 5: ROW<year INT>"},
    {"ROW<a INT, a STRING>", "Field names must be unique. Found duplicates: [a] at position 12: ROW<a INT, a STRING>"},
    {"ROW<` ` INT>", "Field names must contain at least one non-whitespace character at position 5: ROW<` ` INT>"},
    {"ROW<`a INT>", "closing ` of the quoted identifier expected at position 5: ROW<`a INT>"},
    {"ROW<a INT 'x>", "closing ' of the string literal expected at position 11: ROW<a INT 'x>"},
    {"ROW", "'<' or '(' expected but found end of input at position 4: ROW"},
    {"DECIMAL(40, 2)", "Decimal precision must be between 1 and 38 (both inclusive) at position 9: DECIMAL(40, 2)"},
    {"DECIMAL(0)", "Decimal precision must be between 1 and 38 (both inclusive) at position 9: DECIMAL(0)"},
    {"DECIMAL(5, 6)", "Decimal scale must be between 0 and the precision 5 (both inclusive) at position 12: DECIMAL(5, 6)"},
    {"DECIMAL(5,", "a number expected but found end of input at position 11: DECIMAL(5,"},
    {"DECIMAL(5 6)", "')' expected but found number 6 at position 11: DECIMAL(5 6)"},
    {"DECIMAL(99999999999)", "Invalid integer value 99999999999 at position 9: DECIMAL(99999999999)"},
    {"VARCHAR(0)", "Variable character string length must be between 1 and 2147483647 (both inclusive) at position 9: VARCHAR(0)"},
    {"CHAR(0)", "Character string length must be between 1 and 2147483647 (both inclusive) at position 6: CHAR(0)"},
    {"BINARY(0)", "Binary string length must be between 1 and 2147483647 (both inclusive) at position 8: BINARY(0)"},
    {"VARBINARY(0)", "Variable binary string length must be between 1 and 2147483647 (both inclusive) at position 11: VARBINARY(0)"},
    {"VARCHAR(x)", "a number expected but found identifier x at position 9: VARCHAR(x)"},
    {"TIME(10)", "Time precision must be between 0 and 9 (both inclusive) at position 6: TIME(10)"},
    {"TIME WITH TIME ZONE", "end of type expected but found keyword WITH at position 6: TIME WITH TIME ZONE"},
    {"TIMESTAMP(10)", "Timestamp precision must be between 0 and 9 (both inclusive) at position 11: TIMESTAMP(10)"},
    {"TIMESTAMP(10) WITH LOCAL TIME ZONE",
     "Timestamp with local time zone precision must be between 0 and 9 (both inclusive) at position 11: TIMESTAMP(10) WITH LOCAL TIME ZONE"},
    {"TIMESTAMP(12) WITH TIME ZONE",
     "Timestamp with time zone precision must be between 0 and 9 (both inclusive) at position 11: TIMESTAMP(12) WITH TIME ZONE"},
    {"TIMESTAMP_LTZ(10)",
     "Timestamp with local time zone precision must be between 0 and 9 (both inclusive) at position 15: TIMESTAMP_LTZ(10)"},
    {"TIMESTAMP WITH LOCAL ZONE", "keyword TIME expected but found keyword ZONE at position 22: TIMESTAMP WITH LOCAL ZONE"},
    {"TIMESTAMP WITHOUT TIME", "keyword ZONE expected but found end of input at position 23: TIMESTAMP WITHOUT TIME"},
    {"INTERVAL", "interval unit YEAR, MONTH, DAY, HOUR, MINUTE or SECOND expected but found end of input at position 9: INTERVAL"},
    {"INTERVAL WEEK", "interval unit YEAR, MONTH, DAY, HOUR, MINUTE or SECOND expected but found identifier WEEK at position 10: INTERVAL WEEK"},
    {"INTERVAL YEAR(5)", "Year precision of year-month intervals must be between 1 and 4 (both inclusive) at position 15: INTERVAL YEAR(5)"},
    {"INTERVAL YEAR TO DAY", "keyword MONTH expected but found keyword DAY at position 18: INTERVAL YEAR TO DAY"},
    {"INTERVAL DAY(7)", "Day precision of day-time intervals must be between 1 and 6 (both inclusive) at position 14: INTERVAL DAY(7)"},
    {"INTERVAL DAY TO YEAR", "HOUR, MINUTE or SECOND expected but found keyword YEAR at position 17: INTERVAL DAY TO YEAR"},
    {"INTERVAL HOUR TO HOUR", "MINUTE or SECOND expected but found keyword HOUR at position 18: INTERVAL HOUR TO HOUR"},
    {"INTERVAL MINUTE TO HOUR", "SECOND expected but found keyword HOUR at position 20: INTERVAL MINUTE TO HOUR"},
    {"INTERVAL SECOND(10)", "Fractional precision of day-time intervals must be between 0 and 9 (both inclusive) at position 17: INTERVAL SECOND(10)"},
    {"INTERVAL HOUR(2)", "end of type expected but found '(' at position 14: INTERVAL HOUR(2)"},
    {"NULL NOT NULL", "NULL type is always nullable at position 6: NULL NOT NULL"},
    {"RAW", "'(' expected but found end of input at position 4: RAW"},
    {"RAW(x)", "class name string expected but found identifier x at position 5: RAW(x)"},
    {"RAW('a', b)", "serializer snapshot string expected but found identifier b at position 10: RAW('a', b)"},
    {"STRUCTURED<a INT>", "class name string expected but found identifier a at position 12: STRUCTURED<a INT>"},
    {"VARIANT", "unsupported type VARIANT at position 1: VARIANT"},
    {"LEGACY('x', 'y')", "unsupported type LEGACY at position 1: LEGACY('x', 'y')"},
    {"ZONE", "type expected but found keyword ZONE at position 1: ZONE"},
    {"cat.db.t", "unknown type 'cat' (user-defined types are not supported) at position 1: cat.db.t"},
    {"'x'", "type expected but found string 'x' at position 1: 'x'"},
    {"42", "type expected but found number 42 at position 1: 42"},
    /* positions count characters, not bytes */
    {"ROW<`äöü` INT, `日本` STRING, x>", "type expected but found '>' at position 30: ROW<`äöü` INT, `日本` STRING, x>"},
    {"ROW<`😀` INT INT>", "',' or '>' expected but found keyword INT at position 13: ROW<`😀` INT INT>"},
};

START_TEST(test_error_messages)
{
    for (size_t i = 0; i < sizeof(ERRORS) / sizeof(ERRORS[0]); i++) {
        char err[512] = "untouched";
        type_t *t = type_parse(ERRORS[i].in, err, sizeof(err));
        ck_assert_msg(t == NULL, "'%s' should not parse", ERRORS[i].in);
        ck_assert_msg(strcmp(err, ERRORS[i].err) == 0, "'%s':\n got  '%s'\n want '%s'", ERRORS[i].in, err,
                      ERRORS[i].err);
    }
}
END_TEST

START_TEST(test_error_window_and_depth)
{
    char err[512];
    /* A long input is shown as a window around the error. */
    char in[400];
    strcpy(in, "ROW<");
    for (int i = 0; i < 20; i++) {
        char f[32];
        snprintf(f, sizeof(f), "f%02d INT, ", i);
        strcat(in, f);
    }
    strcat(in, "bad BAD>");
    ck_assert_ptr_null(type_parse(in, err, sizeof(err)));
    ck_assert_msg(strstr(err, "unknown type 'BAD' (user-defined types are not supported) at position 189: ...") == err,
                  "%s", err);
    ck_assert_msg(strstr(err, "f19 INT, bad BAD>") != NULL, "%s", err);

    /* Nesting is bounded instead of exhausting the stack. */
    char deep[2000] = "";
    for (int i = 0; i < 100; i++) strcat(deep, "ARRAY<");
    ck_assert_ptr_null(type_parse(deep, err, sizeof(err)));
    ck_assert_msg(strstr(err, "type nesting deeper than 64 levels at position 385") == err, "%s", err);

    /* A small error buffer is truncated, not overflowed; NULL is fine too. */
    char small[8];
    ck_assert_ptr_null(type_parse("ARRAY<", small, sizeof(small)));
    ck_assert_str_eq(small, "type ex");
    ck_assert_ptr_null(type_parse("ARRAY<", NULL, 0));
}
END_TEST

START_TEST(test_row_kinds)
{
    row_kind_t k;
    ck_assert_str_eq(row_kind_short(ROW_UPDATE_BEFORE), "-U");
    ck_assert_str_eq(row_kind_name(ROW_DELETE), "DELETE");
    ck_assert_int_eq(row_kind_parse("+U", &k), 0);
    ck_assert_int_eq(k, ROW_UPDATE_AFTER);
    ck_assert_int_eq(row_kind_parse("INSERT", &k), 0);
    ck_assert_int_eq(k, ROW_INSERT);
    ck_assert_int_eq(row_kind_parse("+X", &k), -1);
}
END_TEST

/* text_parse_double and text_parse_float read plain decimals themselves
 * (Clinger's fast path) and hand the rest to strtod and strtof: both give
 * their correctly rounded value, bit for bit, on both sides of the fast
 * path's limits (2^53 and 22 fraction digits; 2^24 and 10). */
static void same_as_strtod(const char *text)
{
    double got = 0, want = strtod(text, NULL);
    char err[256];
    ck_assert_msg(text_parse_double(text, strlen(text), &got, err, sizeof err) == 0, "%s: %s", text, err);
    ck_assert_msg(memcmp(&got, &want, sizeof got) == 0, "%s: %.17g, strtod %.17g", text, got, want);
    float gotf = 0, wantf = strtof(text, NULL);
    ck_assert_msg(text_parse_float(text, strlen(text), &gotf, err, sizeof err) == 0, "%s: %s", text, err);
    ck_assert_msg(memcmp(&gotf, &wantf, sizeof gotf) == 0, "%s: %.9g, strtof %.9g", text, gotf, wantf);
}

START_TEST(test_plain_decimals_parse_as_strtod)
{
    static const char *EDGES[] = {
        "0", "-0", "-0.0", "+0.0", "1.0", "0.1", "0.3", ".5", "5.", "+.5", "-.5", "000123.4500",
        "9007199254740991", "9007199254740992", "9007199254740993", "900719925474099.3", "90071992547409.93",
        "0.1234567890123456789012", "0.12345678901234567890123", "1e5", "1.5E-3", " 2.5", "2.5d", "1" "2345678901234567890",
        "0.0000000000000000000001", "0.00000000000000000000001", "123456789012345.678", "3.141592653589793",
        "2.718281828459045", "1.7976931348623157", "4.9", "-4503599627370497.5", "16777215", "16777216",
        "16777217", "1677721.5", "167772.15", "0.1234567891", "0.12345678912", "3.4028235", "0.1f",
    };
    for (size_t i = 0; i < sizeof EDGES / sizeof EDGES[0]; i++) same_as_strtod(EDGES[i]);
    unsigned seed = 12345;
    char text[64];
    for (int n = 0; n < 200000; n++) {
        seed = seed * 1103515245u + 12345u;
        int ndigits = 1 + (int)(seed >> 16) % 19, point = (int)(seed >> 8) % (ndigits + 1);
        size_t len = 0;
        if (seed & 1) text[len++] = '-';
        for (int d = 0; d < ndigits; d++) {
            if (d == point) text[len++] = '.';
            seed = seed * 1103515245u + 12345u;
            text[len++] = (char)('0' + (seed >> 16) % 10);
        }
        text[len] = 0;
        same_as_strtod(text);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("types");
    TCase *tc = tcase_create("parse");
    tcase_add_test(tc, test_summary_strings);
    tcase_add_test(tc, test_serializable_round_trip);
    tcase_add_test(tc, test_serializable_forms);
    tcase_add_test(tc, test_parsed_fields);
    tcase_add_test(tc, test_equality);
    tcase_add_test(tc, test_build_row);
    tcase_add_test(tc, test_error_messages);
    tcase_add_test(tc, test_error_window_and_depth);
    tcase_add_test(tc, test_row_kinds);
    tcase_add_test(tc, test_plain_decimals_parse_as_strtod);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

/* Constants coerced to declared types (literal.h): each target type, each
 * form (sign, CAST, constructors, DESCRIPTOR, NULL) and the messages for a
 * constant that does not fit. */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/literal.h"

static arena_t arena;
static char err[4096];
static value_t v;

static void setup(void)
{
    arena_init(&arena, 0);
    err[0] = '\0';
    memset(&v, 0, sizeof v);
}

static void teardown(void)
{
    arena_destroy(&arena);
}

/* Coerces `constant`, written as the argument of a call in a one-line
 * script, to the type `type`; returns literal_value's result. */
static int coerce(const char *constant, const char *type)
{
    char sql[512];
    snprintf(sql, sizeof sql, "SELECT * FROM f(x => %s)", constant);
    sqlp_script_t *s = NULL;
    ck_assert_msg(sqlp_parse_script(sql, "job.sql", &arena, &s, err, sizeof err) == 0, "%s", err);
    const sqlp_expr_t *e = s->stmts[0]->u.query->from->call->u.call.args[0].value;
    char terr[256];
    type_t *t = type_parse(type, terr, sizeof terr);
    ck_assert_msg(t != NULL, "%s: %s", type, terr);
    int rc = literal_value(s, e, t, "x", &arena, &v, err, sizeof err);
    type_free(t);
    return rc;
}

#define ck_assert_ok(constant, type) ck_assert_msg(coerce((constant), (type)) == 0, "%s", err)
#define ck_assert_fails(constant, type, message)                                                            \
    do {                                                                                                    \
        ck_assert_int_eq(coerce((constant), (type)), -1);                                                   \
        ck_assert_msg(strstr(err, (message)) != NULL, "expected\n%s\nto contain\n%s", err, (message));      \
    } while (0)

static void ck_str_value(const value_t *val, const char *want)
{
    ck_assert(!val->is_null);
    ck_assert_uint_eq(val->u.str.len, strlen(want));
    ck_assert(memcmp(val->u.str.ptr, want, strlen(want)) == 0);
}

START_TEST(integers_are_range_checked_per_type)
{
    ck_assert_ok("42", "INT");
    ck_assert_int_eq(v.u.i64, 42);
    ck_assert_ok("-128", "TINYINT");
    ck_assert_int_eq(v.u.i64, -128);
    ck_assert_ok("+7", "SMALLINT");
    ck_assert_int_eq(v.u.i64, 7);
    ck_assert_ok("9223372036854775807", "BIGINT");
    ck_assert_int_eq(v.u.i64, INT64_MAX);
    ck_assert_fails("128", "TINYINT", "Invalid argument value for 'x': 128 is out of range for TINYINT.");
    ck_assert_fails("40000", "SMALLINT", "Invalid argument value for 'x': 40000 is out of range for SMALLINT.");
    ck_assert_fails("2147483648", "INT", "Invalid argument value for 'x': 2147483648 is out of range for INT.");
    ck_assert_fails("1.5", "INT", "Invalid argument type for 'x'. The function expects INT (an integer), but 1.5 was "
                                  "given.");
    ck_assert_fails("'7'", "BIGINT", "The function expects BIGINT (an integer), but the string '7' was given.");
}
END_TEST

START_TEST(approximate_numbers_take_any_number)
{
    ck_assert_ok("1.5", "DOUBLE");
    ck_assert(v.u.f64 == 1.5);
    ck_assert_ok("-2", "DOUBLE");
    ck_assert(v.u.f64 == -2.0);
    ck_assert_ok("1.0E3", "FLOAT");
    ck_assert(v.u.f32 == 1000.0f);
    ck_assert_fails("TRUE", "DOUBLE", "The function expects DOUBLE (a number), but TRUE was given.");
}
END_TEST

START_TEST(decimals_must_fit_precision_and_scale)
{
    ck_assert_ok("1.5", "DECIMAL(5, 2)");
    ck_assert(v.u.dec == 150);
    ck_assert_ok("-0.25", "DECIMAL(5, 2)");
    ck_assert(v.u.dec == -25);
    ck_assert_ok("12", "DECIMAL(5, 2)");
    ck_assert(v.u.dec == 1200);
    ck_assert_fails("1234.5", "DECIMAL(5, 2)",
                    "Invalid argument value for 'x': 1234.5 does not fit DECIMAL(5, 2).");
    ck_assert_fails("1.0E3", "DECIMAL(5, 2)",
                    "The function expects DECIMAL(5, 2) (an exact number), but 1.0E3 was given.");
}
END_TEST

START_TEST(booleans_and_strings_take_their_literals)
{
    ck_assert_ok("TRUE", "BOOLEAN");
    ck_assert(v.u.b);
    ck_assert_ok("FALSE", "BOOLEAN");
    ck_assert(!v.u.b);
    ck_assert_fails("1", "BOOLEAN", "The function expects BOOLEAN (TRUE or FALSE), but 1 was given.");
    ck_assert_ok("'it''s'", "STRING");
    ck_str_value(&v, "it's");
    ck_assert_ok("'abc'", "CHAR(3)");
    ck_str_value(&v, "abc");
    ck_assert_fails("42", "STRING", "The function expects STRING (a string literal), but 42 was given.");
}
END_TEST

START_TEST(dates_and_timestamps_take_literals_or_strings)
{
    ck_assert_ok("DATE '2024-01-31'", "DATE");
    ck_assert_int_eq(v.u.i64, 19753);
    ck_assert_ok("'2024-01-31'", "DATE");
    ck_assert_int_eq(v.u.i64, 19753);
    ck_assert_ok("TIMESTAMP '2024-01-31 12:00:00.5'", "TIMESTAMP(3)");
    ck_assert_int_eq(v.u.ts.millis, 19753LL * 86400000 + 12 * 3600000 + 500);
    ck_assert_ok("'2024-01-31T00:00:01'", "TIMESTAMP_LTZ(3)");
    ck_assert_int_eq(v.u.ts.millis, 19753LL * 86400000 + 1000);
    ck_assert_ok("'2024-01-31'", "TIMESTAMP(3)");   /* a date alone is its midnight */
    ck_assert_int_eq(v.u.ts.millis, 19753LL * 86400000);
    ck_assert_fails("'soon'", "DATE", "The function expects DATE (DATE 'yyyy-MM-dd'), but the string 'soon' was "
                                      "given.");
    ck_assert_fails("1", "TIMESTAMP(3)", "The function expects TIMESTAMP(3) (TIMESTAMP 'yyyy-MM-dd HH:mm:ss'), but 1 "
                                         "was given.");
}
END_TEST

START_TEST(intervals_must_be_of_the_same_kind)
{
    ck_assert_ok("INTERVAL '10' SECOND", "INTERVAL SECOND(3)");
    ck_assert_int_eq(v.u.i64, 10000);
    ck_assert_ok("-INTERVAL '2' DAY", "INTERVAL DAY");
    ck_assert_int_eq(v.u.i64, -2 * 86400000LL);
    ck_assert_ok("INTERVAL '3' MONTH", "INTERVAL MONTH");
    ck_assert_int_eq(v.u.i64, 3);
    ck_assert_fails("INTERVAL '1' YEAR", "INTERVAL DAY",
                    "(INTERVAL 'n' DAY|HOUR|MINUTE|SECOND), but INTERVAL '1' was given.");
    ck_assert_fails("INTERVAL '1' DAY", "INTERVAL YEAR", "(INTERVAL 'n' YEAR|MONTH), but INTERVAL '1' was given.");
}
END_TEST

START_TEST(null_needs_a_nullable_type)
{
    ck_assert_ok("NULL", "INT");
    ck_assert(v.is_null);
    ck_assert_fails("NULL", "INT NOT NULL", "Invalid argument value for 'x': NULL cannot be passed to a NOT NULL "
                                            "argument of type INT NOT NULL.");
}
END_TEST

START_TEST(cast_reads_a_string_as_a_literal_of_its_type)
{
    ck_assert_ok("CAST('7' AS INT)", "INT");
    ck_assert_int_eq(v.u.i64, 7);
    ck_assert_ok("CAST('true' AS BOOLEAN)", "BOOLEAN");
    ck_assert(v.u.b);
    ck_assert_ok("CAST('2.5' AS DECIMAL(3, 1))", "DECIMAL(3, 1)");
    ck_assert(v.u.dec == 25);
    ck_assert_ok("CAST('2024-01-31 00:00:00' AS TIMESTAMP(3))", "TIMESTAMP(3)");
    ck_assert_int_eq(v.u.ts.millis, 19753LL * 86400000);
    ck_assert_ok("CAST(NULL AS BIGINT)", "INT");   /* a typed NULL fits any nullable argument */
    ck_assert(v.is_null);
    ck_assert_fails("CAST(7 AS BIGINT)", "INT", "Invalid argument type for 'x': the function expects INT.");
    ck_assert_fails("CAST('x' AS INT)", "INT", "The function expects INT (an integer), but x was given.");
    ck_assert_fails("CAST(1 AS NOPE)", "INT", "job.sql:1:");
}
END_TEST

START_TEST(constructors_coerce_each_element)
{
    ck_assert_ok("ARRAY[1, -2]", "ARRAY<INT>");
    ck_assert_uint_eq(v.u.list.n, 2);
    ck_assert_int_eq(v.u.list.items[1].u.i64, -2);
    ck_assert_ok("MAP['a', 1, 'b', 2]", "MAP<STRING, BIGINT>");
    ck_assert_uint_eq(v.u.map.n, 2);
    ck_str_value(&v.u.map.keys[1], "b");
    ck_assert_int_eq(v.u.map.vals[1].u.i64, 2);
    ck_assert_ok("ROW(1, 'a')", "ROW<`n` INT, `s` STRING>");
    ck_assert_uint_eq(v.u.row.n, 2);
    ck_str_value(&v.u.row.fields[1], "a");
    ck_assert_fails("ARRAY[1]", "INT", "Invalid argument type for 'x'. The function expects INT.");
    ck_assert_fails("ROW(1)", "ROW<`n` INT, `s` STRING>", "The function expects ROW<`n` INT, `s` STRING>.");
    ck_assert_fails("ARRAY[1, 'two']", "ARRAY<INT>", "but the string 'two' was given.");
}
END_TEST

START_TEST(descriptor_gives_the_column_names)
{
    ck_assert_ok("DESCRIPTOR(ts, `b c`)", "DESCRIPTOR");
    ck_assert_uint_eq(v.u.list.n, 2);
    ck_str_value(&v.u.list.items[0], "ts");
    ck_str_value(&v.u.list.items[1], "b c");
    ck_assert_fails("DESCRIPTOR(ts)", "INT", "The function expects INT, not a DESCRIPTOR.");
}
END_TEST

START_TEST(anything_else_is_reported_as_unsupported)
{
    ck_assert_fails("y + 1", "INT", "Unsupported argument value for 'x': ptfhost accepts literals (and CAST of a "
                                    "literal) as scalar arguments; expected a value of type INT.");
    ck_assert_fails("'ab'", "BYTES", "Unsupported argument type for 'x': ptfhost cannot pass literals of type BYTES "
                                     "yet.");
}
END_TEST

START_TEST(messages_point_at_the_constant)
{
    ck_assert_int_eq(coerce("-300", "TINYINT"), -1);
    ck_assert_msg(strncmp(err, "job.sql:1:22: ", 14) == 0, "%s", err);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("literal");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, integers_are_range_checked_per_type);
    tcase_add_test(tc, approximate_numbers_take_any_number);
    tcase_add_test(tc, decimals_must_fit_precision_and_scale);
    tcase_add_test(tc, booleans_and_strings_take_their_literals);
    tcase_add_test(tc, dates_and_timestamps_take_literals_or_strings);
    tcase_add_test(tc, intervals_must_be_of_the_same_kind);
    tcase_add_test(tc, null_needs_a_nullable_type);
    tcase_add_test(tc, cast_reads_a_string_as_a_literal_of_its_type);
    tcase_add_test(tc, constructors_coerce_each_element);
    tcase_add_test(tc, descriptor_gives_the_column_names);
    tcase_add_test(tc, anything_else_is_reported_as_unsupported);
    suite_add_tcase(s, tc);
    TCase *pos = tcase_create("position");
    tcase_add_checked_fixture(pos, setup, teardown);
    tcase_add_test(pos, messages_point_at_the_constant);
    suite_add_tcase(s, pos);
    return check_main_run(s);
}

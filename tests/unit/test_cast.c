/* Implicit casts (types/cast.h): which casts Flink inserts, and that the
 * values change representation all the way down (nested rows, array
 * elements, map keys and values). */
#include <check.h>

#include "check_main.h"
#include <stdlib.h>
#include <string.h>

#include "types/cast.h"
#include "types/render.h"
#include "util/buf.h"

static type_t *ty(const char *s)
{
    char err[256];
    type_t *t = type_parse(s, err, sizeof err);
    ck_assert_msg(t != NULL, "%s: %s", s, err);
    return t;
}

static bool ok(const char *from, const char *to)
{
    type_t *f = ty(from), *t = ty(to);
    bool r = cast_implicit_ok(f, t);
    type_free(f);
    type_free(t);
    return r;
}

START_TEST(implicit_casts_follow_flink)
{
    ck_assert(ok("INT", "BIGINT"));
    ck_assert(!ok("BIGINT", "INT"));
    ck_assert(ok("INT", "DECIMAL(12, 2)"));
    ck_assert(!ok("INT", "STRING"));
    ck_assert(ok("ARRAY<INT>", "ARRAY<DOUBLE>"));
    ck_assert(!ok("ARRAY<INT>", "ARRAY<STRING>"));
    ck_assert(ok("MULTISET<INT>", "MULTISET<BIGINT>"));
    ck_assert(!ok("MULTISET<INT>", "MULTISET<STRING>"));   /* the same root alone is not enough */
    ck_assert(!ok("MAP<STRING, INT>", "MAP<STRING, BOOLEAN>"));
}
END_TEST

/* INT 1 and 2 in an array, a map and a nested row, cast to wider types. */
START_TEST(nested_values_are_converted)
{
    type_t *from = ty("ROW<a ARRAY<INT>, m MAP<INT, INT>, r ROW<x ARRAY<INT>>>");
    type_t *to = ty("ROW<a ARRAY<DOUBLE>, m MAP<BIGINT, DECIMAL(5, 1)>, r ROW<x ARRAY<FLOAT>>>");
    value_t ints[2] = {{.u.i64 = 1}, {.u.i64 = 2}};
    value_t keys[1] = {{.u.i64 = 7}}, vals[1] = {{.u.i64 = 3}};
    value_t inner[1] = {{.u.list = {ints, 1}}};
    value_t fields[3] = {{.u.list = {ints, 2}}, {.u.map = {keys, vals, 1}}, {.u.row = {inner, 1}}};
    row_t r = {ROW_INSERT, 3, fields};
    arena_t a;
    arena_init(&a, 0);
    row_t out = cast_row(&r, from, to, &a);
    buf_t b = BUF_INIT;
    render_row(&b, &out, to);
    ck_assert_str_eq(buf_cstr(&b), "+I[[1.0, 2.0], {7=3.0}, +I[[1.0]]]");
    ck_assert_int_eq(ints[0].u.i64, 1);   /* the input row is left as it was */
    buf_free(&b);
    arena_destroy(&a);
    type_free(from);
    type_free(to);
}
END_TEST

/* A DECIMAL beyond the target's precision becomes NULL, as in Flink. */
START_TEST(decimal_overflow_is_null)
{
    type_t *from = ty("ROW<i INT, d DECIMAL(10, 2)>");
    type_t *to = ty("ROW<i DECIMAL(5, 2), d DECIMAL(5, 2)>");
    value_t f[2] = {{.u.i64 = 123456}, {.u.dec = 99999}};   /* 123456 and 999.99 */
    row_t r = {ROW_INSERT, 2, f};
    arena_t a;
    arena_init(&a, 0);
    row_t out = cast_row(&r, from, to, &a);
    ck_assert(out.fields[0].is_null);
    ck_assert(!out.fields[1].is_null);
    ck_assert(out.fields[1].u.dec == 99999);
    f[0].u.i64 = 999;   /* 999.00 fits DECIMAL(5, 2) */
    out = cast_row(&r, from, to, &a);
    ck_assert(!out.fields[0].is_null);
    ck_assert(out.fields[0].u.dec == 99900);
    arena_destroy(&a);
    type_free(from);
    type_free(to);
}
END_TEST

START_TEST(time_precision_is_truncated)
{
    type_t *from = ty("ROW<t TIME(9)>"), *to = ty("ROW<t TIME(3)>");
    value_t f[1] = {{.u.i64 = 3723123456789LL}};   /* 01:02:03.123456789 */
    row_t r = {ROW_INSERT, 1, f};
    arena_t a;
    arena_init(&a, 0);
    row_t out = cast_row(&r, from, to, &a);
    ck_assert(out.fields[0].u.i64 == 3723123000000LL);
    arena_destroy(&a);
    type_free(from);
    type_free(to);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cast");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, implicit_casts_follow_flink);
    tcase_add_test(tc, nested_values_are_converted);
    tcase_add_test(tc, decimal_overflow_is_null);
    tcase_add_test(tc, time_precision_is_truncated);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

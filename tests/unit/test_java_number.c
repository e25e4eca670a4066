/* test_java_number.c - Double/Float/BigDecimal text (types/java_number.h)
 * equals the JDK 17's, proven with vectors Java wrote and a few cases
 * written out from the design notes. */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "render_vectors.h"
#include "types/java_number.h"
#include "util/buf.h"

START_TEST(double_to_string_equals_jdk17)
{
    FILE *f = fopen(vector_path("double.txt"), "r");
    ck_assert_msg(f, "cannot open %s", vector_path("double.txt"));
    char line[512], *cols[4];
    int lineno = 0, n, checked = 0, bad = 0;
    buf_t b = BUF_INIT;
    while ((n = next_line(f, line, sizeof line, cols, 4, &lineno)) >= 0) {
        ck_assert_int_eq(n, 2);
        uint64_t bits = strtoull(cols[0], NULL, 16);
        double d;
        memcpy(&d, &bits, 8);
        buf_clear(&b);
        jnum_double(&b, d);
        if (strcmp(buf_cstr(&b), cols[1]) != 0 && bad++ < 10)
            fprintf(stderr, "double.txt:%d bits %s: java %s, c %s\n", lineno, cols[0], cols[1], buf_cstr(&b));
        checked++;
    }
    fclose(f);
    buf_free(&b);
    ck_assert_int_gt(checked, 8000);
    ck_assert_msg(bad == 0, "%d of %d doubles differ from Java", bad, checked);
}
END_TEST

START_TEST(float_to_string_equals_jdk17)
{
    FILE *f = fopen(vector_path("float.txt"), "r");
    ck_assert_msg(f, "cannot open %s", vector_path("float.txt"));
    char line[512], *cols[4];
    int lineno = 0, n, checked = 0, bad = 0;
    buf_t b = BUF_INIT;
    while ((n = next_line(f, line, sizeof line, cols, 4, &lineno)) >= 0) {
        ck_assert_int_eq(n, 2);
        uint32_t bits = (uint32_t)strtoul(cols[0], NULL, 16);
        float x;
        memcpy(&x, &bits, 4);
        buf_clear(&b);
        jnum_float(&b, x);
        if (strcmp(buf_cstr(&b), cols[1]) != 0 && bad++ < 10)
            fprintf(stderr, "float.txt:%d bits %s: java %s, c %s\n", lineno, cols[0], cols[1], buf_cstr(&b));
        checked++;
    }
    fclose(f);
    buf_free(&b);
    ck_assert_int_gt(checked, 2500);
    ck_assert_msg(bad == 0, "%d of %d floats differ from Java", bad, checked);
}
END_TEST

static const char *r_double(double d)
{
    static buf_t b = BUF_INIT;
    buf_clear(&b);
    jnum_double(&b, d);
    return buf_cstr(&b);
}

START_TEST(double_examples_from_design_notes)
{
    ck_assert_str_eq(r_double(1e10), "1.0E10");
    ck_assert_str_eq(r_double(1e-5), "1.0E-5");
    ck_assert_str_eq(r_double(0.0 / 0.0), "NaN");
    ck_assert_str_eq(r_double(1.0 / 0.0), "Infinity");
    ck_assert_str_eq(r_double(-0.0), "-0.0");
    ck_assert_str_eq(r_double(100.0), "100.0");
    ck_assert_str_eq(r_double(0.001), "0.001");
    /* JDK 17 keeps "insignificant" digits of large integers: not the shortest text */
    ck_assert_str_eq(r_double(1152921504606846976.0), "1.15292150460684698E18");
    ck_assert_str_eq(r_double(2e23), "1.9999999999999998E23");   /* JDK-4511638 */
    ck_assert_str_eq(r_double(1e23), "9.999999999999999E22");
}
END_TEST

static const char *r_dec(__int128 u, int scale, bool plain)
{
    static buf_t b = BUF_INIT;
    buf_clear(&b);
    if (plain) jnum_big_decimal_plain(&b, u, scale);
    else jnum_big_decimal(&b, u, scale);
    return buf_cstr(&b);
}

START_TEST(big_decimal_to_string)
{
    ck_assert_str_eq(r_dec(10850, 4, false), "1.0850");
    ck_assert_str_eq(r_dec(1, 8, false), "1E-8");
    ck_assert_str_eq(r_dec(0, 8, false), "0E-8");
    ck_assert_str_eq(r_dec(10, 8, false), "1.0E-7");
    ck_assert_str_eq(r_dec(-5, 7, false), "-5E-7");
    ck_assert_str_eq(r_dec(1, 6, false), "0.000001");
    ck_assert_str_eq(r_dec(1, 8, true), "0.00000001");
    ck_assert_str_eq(r_dec(-123, 0, true), "-123");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("java_number");
    TCase *tc = tcase_create("java_number");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, double_to_string_equals_jdk17);
    tcase_add_test(tc, float_to_string_equals_jdk17);
    tcase_add_test(tc, double_examples_from_design_notes);
    tcase_add_test(tc, big_decimal_to_string);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

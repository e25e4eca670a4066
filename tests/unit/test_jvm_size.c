/* The JVM's memory sizes: what 'ptfhost.jvm.heap' accepts and what a job's
 * young generation is sized from (util/jvm_size.h). */
#include <check.h>

#include "check_main.h"
#include "util/jvm_size.h"

START_TEST(units_are_binary_multiples_in_any_case)
{
    ck_assert_int_eq(jvm_size_bytes("65536"), 65536);
    ck_assert_int_eq(jvm_size_bytes("0"), 0);
    ck_assert_int_eq(jvm_size_bytes("64k"), 64LL << 10);
    ck_assert_int_eq(jvm_size_bytes("512m"), 512LL << 20);
    ck_assert_int_eq(jvm_size_bytes("512M"), 512LL << 20);
    ck_assert_int_eq(jvm_size_bytes("2g"), 2LL << 30);
    ck_assert_int_eq(jvm_size_bytes("1T"), 1LL << 40);
}
END_TEST

START_TEST(anything_else_is_no_size)
{
    const char *bad[] = {"", "m", "12x", "512mb", "5 m", " 5m", "+5m", "-5m", "1.5g", "99999999999999999999",
                         "9000000000t", NULL};
    for (const char **s = bad; *s; s++) ck_assert_msg(jvm_size_bytes(*s) == -1, "'%s' read as a size", *s);
    ck_assert_int_eq(jvm_size_bytes(NULL), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("jvm_size");
    TCase *tc = tcase_create("jvm_size");
    tcase_add_test(tc, units_are_binary_multiples_in_any_case);
    tcase_add_test(tc, anything_else_is_no_size);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

/* Timer service: Flink's replace/merge/clear rules and firing order. */
#include <check.h>

#include "check_main.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "time/timers.h"

/* Pops everything due at w into a compact "key:name@time" list. */
static void fire_all(timer_service_t *ts, int64_t w, char *out, size_t outlen)
{
    timer_fired_t f;
    out[0] = '\0';
    while (timer_pop_due(ts, w, &f)) {
        char one[64];
        snprintf(one, sizeof one, "%s%u:%s@%lld", out[0] ? " " : "", f.key, f.name ? f.name : "-",
                 (long long)f.time);
        strncat(out, one, outlen - strlen(out) - 1);
    }
}

START_TEST(named_timer_is_replaced)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 1, "inactivity", 100);
    timer_set(&ts, 1, "inactivity", 200);
    ck_assert_uint_eq(ts.count, 1);
    fire_all(&ts, 150, got, sizeof got);
    ck_assert_str_eq(got, "");
    fire_all(&ts, 200, got, sizeof got);
    ck_assert_str_eq(got, "1:inactivity@200");
    ck_assert_uint_eq(ts.count, 0);
    timer_service_free(&ts);
}
END_TEST

START_TEST(unnamed_timers_merge_per_timestamp)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 7, NULL, 5);
    timer_set(&ts, 7, NULL, 5);
    timer_set(&ts, 7, NULL, 3);
    timer_set(&ts, 8, NULL, 5);
    ck_assert_uint_eq(ts.count, 3);
    fire_all(&ts, INT64_MAX, got, sizeof got);
    ck_assert_str_eq(got, "7:-@3 7:-@5 8:-@5");
    timer_service_free(&ts);
}
END_TEST

START_TEST(clear_by_time_leaves_named_and_clear_by_name_leaves_unnamed)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 1, "a", 10);
    timer_set(&ts, 1, NULL, 10);
    timer_clear_unnamed(&ts, 1, 10);
    fire_all(&ts, 10, got, sizeof got);
    ck_assert_str_eq(got, "1:a@10");
    timer_set(&ts, 1, "a", 20);
    timer_set(&ts, 1, NULL, 20);
    timer_clear_named(&ts, 1, "a");
    timer_clear_named(&ts, 1, "never-registered");
    fire_all(&ts, 20, got, sizeof got);
    ck_assert_str_eq(got, "1:-@20");
    timer_service_free(&ts);
}
END_TEST

START_TEST(unnamed_fire_before_named_within_one_advance)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 2, "n", 1);
    timer_set(&ts, 2, NULL, 5);
    fire_all(&ts, 10, got, sizeof got);
    ck_assert_str_eq(got, "2:-@5 2:n@1");
    timer_service_free(&ts);
}
END_TEST

START_TEST(clear_all_only_touches_one_key)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 1, "a", 1);
    timer_set(&ts, 1, NULL, 2);
    timer_set(&ts, 2, "a", 3);
    timer_clear_all(&ts, 1);
    ck_assert_int_eq(timer_next_time(&ts), 3);
    fire_all(&ts, INT64_MAX, got, sizeof got);
    ck_assert_str_eq(got, "2:a@3");
    ck_assert_int_eq(timer_next_time(&ts), INT64_MAX);
    timer_service_free(&ts);
}
END_TEST

START_TEST(re_registering_after_fire_works)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 1, "t", 5);
    fire_all(&ts, 5, got, sizeof got);
    timer_set(&ts, 1, "t", 5);   /* a past timer registered from onTimer fires in the same loop */
    fire_all(&ts, 5, got, sizeof got);
    ck_assert_str_eq(got, "1:t@5");
    timer_service_free(&ts);
}
END_TEST

START_TEST(many_timers_fire_in_time_order)
{
    timer_service_t ts;
    timer_service_init(&ts);
    for (int i = 0; i < 10000; i++) timer_set(&ts, (uint32_t)(i % 97), NULL, (i * 7919) % 10007);
    timer_fired_t f;
    int64_t last = INT64_MIN;
    size_t n = 0;
    while (timer_pop_due(&ts, INT64_MAX, &f)) {
        ck_assert_int_ge(f.time, last);
        last = f.time;
        n++;
    }
    ck_assert_uint_eq(n, 10000);
    timer_service_free(&ts);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("timers");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, named_timer_is_replaced);
    tcase_add_test(tc, unnamed_timers_merge_per_timestamp);
    tcase_add_test(tc, clear_by_time_leaves_named_and_clear_by_name_leaves_unnamed);
    tcase_add_test(tc, unnamed_fire_before_named_within_one_advance);
    tcase_add_test(tc, clear_all_only_touches_one_key);
    tcase_add_test(tc, re_registering_after_fire_works);
    tcase_add_test(tc, many_timers_fire_in_time_order);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

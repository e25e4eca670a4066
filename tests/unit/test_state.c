/* State store: key interning, write-back, TTL on a controlled clock. */
#include <check.h>

#include "check_main.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state/state.h"

START_TEST(keys_are_interned)
{
    state_store_t *s = state_store_new(1, NULL);
    uint32_t a = state_key_id(s, "T1", 2);
    uint32_t b = state_key_id(s, "T2", 2);
    ck_assert_uint_ne(a, b);
    ck_assert_uint_eq(state_key_id(s, "T1", 2), a);
    size_t len;
    const unsigned char *kb = state_key_bytes(s, b, &len);
    ck_assert_uint_eq(len, 2);
    ck_assert_int_eq(memcmp(kb, "T2", 2), 0);
    state_store_free(s);
}
END_TEST

START_TEST(put_get_clear)
{
    state_store_t *s = state_store_new(2, NULL);
    uint32_t k = state_key_id(s, "k", 1);
    ck_assert_ptr_null(state_get(s, k, 0, 0));
    state_put(s, k, 1, "abc", 3, 0);
    ck_assert_ptr_null(state_get(s, k, 0, 0));
    const state_value_t *v = state_get(s, k, 1, 0);
    ck_assert_ptr_nonnull(v);
    ck_assert_uint_eq(v->len, 3);
    ck_assert_int_eq(memcmp(v->data, "abc", 3), 0);
    ck_assert_uint_eq(state_count(s), 1);
    state_clear(s, k, 1);
    ck_assert_ptr_null(state_get(s, k, 1, 0));
    ck_assert_uint_eq(state_count(s), 0);
    state_store_free(s);
}
END_TEST

/* A value moves between its slot (<= STATE_INLINE bytes) and the heap as its
 * size changes, and small values keep their bytes while new keys move the slots. */
START_TEST(values_change_size_and_survive_new_keys)
{
    state_store_t *s = state_store_new(2, NULL);
    uint32_t k = state_key_id(s, "k", 1);
    unsigned char big[64];
    for (int i = 0; i < 64; i++) big[i] = (unsigned char)i;
    size_t sizes[] = {1, STATE_INLINE, STATE_INLINE + 1, 64, 64, 3, 0, 40};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        state_put(s, k, 0, big, sizes[i], 0);
        const state_value_t *v = state_get(s, k, 0, 0);
        ck_assert_ptr_nonnull(v);
        ck_assert_uint_eq(v->len, sizes[i]);
        ck_assert_int_eq(memcmp(v->data, big, sizes[i]), 0);
    }
    ck_assert_uint_eq(s->value_bytes, 40);
    state_put(s, k, 1, "tiny", 4, 0);
    char name[16];
    for (int i = 0; i < 5000; i++) {   /* the slots move several times */
        snprintf(name, sizeof name, "key%d", i);
        uint32_t id = state_key_id(s, name, strlen(name));
        state_put(s, id, 1, name, strlen(name), 0);
    }
    const state_value_t *t = state_get(s, k, 1, 0);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(memcmp(t->data, "tiny", 4), 0);
    ck_assert_int_eq(memcmp(state_get(s, k, 0, 0)->data, big, 40), 0);
    uint32_t last = state_key_id(s, "key4999", 7);
    ck_assert_int_eq(memcmp(state_get(s, last, 1, 0)->data, "key4999", 7), 0);
    state_clear(s, k, 0);
    ck_assert_ptr_null(state_get(s, k, 0, 0));
    state_store_free(s);
}
END_TEST

START_TEST(ttl_counts_from_last_write_and_reads_do_not_refresh)
{
    int64_t ttl[2] = {30000, STATE_NO_TTL};
    state_store_t *s = state_store_new(2, ttl);
    uint32_t k = state_key_id(s, "1234", 4);
    state_put(s, k, 0, "x", 1, 1000);
    state_put(s, k, 1, "y", 1, 1000);
    ck_assert_ptr_nonnull(state_get(s, k, 0, 30999));   /* read at 29.999 s: alive */
    ck_assert_ptr_null(state_get(s, k, 0, 31000));      /* 30 s after the write: gone */
    ck_assert_ptr_null(state_get(s, k, 0, 1000));       /* and it stays gone */
    ck_assert_ptr_nonnull(state_get(s, k, 1, INT64_MAX / 2)); /* no TTL on entry 1 */
    state_put(s, k, 0, "z", 1, 40000);                  /* a write restarts the clock */
    ck_assert_ptr_nonnull(state_get(s, k, 0, 69999));
    ck_assert_ptr_null(state_get(s, k, 0, 70000));
    state_store_free(s);
}
END_TEST

START_TEST(many_keys_grow)
{
    state_store_t *s = state_store_new(3, NULL);
    char key[16];
    for (int i = 0; i < 5000; i++) {
        int n = snprintf(key, sizeof key, "k%d", i);
        uint32_t id = state_key_id(s, key, (size_t)n);
        state_put(s, id, i % 3, key, (size_t)n, 0);
    }
    for (int i = 0; i < 5000; i++) {
        int n = snprintf(key, sizeof key, "k%d", i);
        uint32_t id = state_key_id(s, key, (size_t)n);
        const state_value_t *v = state_get(s, id, i % 3, 0);
        ck_assert_ptr_nonnull(v);
        ck_assert_int_eq(memcmp(v->data, key, (size_t)n), 0);
    }
    ck_assert_uint_eq(s->nkeys, 5000);
    state_store_free(s);
}
END_TEST

/* value_bytes (the state cap's measure) follows puts, replacements, clears and expiry. */
START_TEST(value_bytes_counts_present_values)
{
    int64_t ttl[2] = {STATE_NO_TTL, 10};
    state_store_t *s = state_store_new(2, ttl);
    uint32_t a = state_key_id(s, "a", 1), b = state_key_id(s, "b", 1);
    state_put(s, a, 0, "12345", 5, 0);
    state_put(s, b, 1, "123", 3, 0);
    ck_assert_uint_eq(s->value_bytes, 8);
    state_put(s, a, 0, "12", 2, 0);
    ck_assert_uint_eq(s->value_bytes, 5);
    state_clear(s, a, 0);
    ck_assert_uint_eq(s->value_bytes, 3);
    ck_assert_ptr_null(state_get(s, b, 1, 100));   /* expired: dropped */
    ck_assert_uint_eq(s->value_bytes, 0);
    state_store_free(s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("state");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, keys_are_interned);
    tcase_add_test(tc, put_get_clear);
    tcase_add_test(tc, values_change_size_and_survive_new_keys);
    tcase_add_test(tc, ttl_counts_from_last_write_and_reads_do_not_refresh);
    tcase_add_test(tc, many_keys_grow);
    tcase_add_test(tc, value_bytes_counts_present_values);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

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

/* The staged prefetch is a hint: before any key, for keys present and absent, and with
 * stages skipped, lookups by hash give the ids plain lookups give. */
START_TEST(staged_prefetch_keeps_lookups)
{
    state_store_t *s = state_store_new(1, NULL);
    char key[16];
    state_key_prefetch(s, state_key_hash("a", 1), STATE_PREFETCH_BYTES);   /* no index yet */
    for (int i = 0; i < 3000; i++) {
        int n = snprintf(key, sizeof key, "k%d", i);
        uint64_t h = state_key_hash(key, (size_t)n);
        for (int stage = STATE_PREFETCH_SLOT; stage <= STATE_PREFETCH_BYTES; stage += 1 + i % 2)
            state_key_prefetch(s, h, (state_prefetch_stage_t)stage);
        ck_assert_uint_eq(state_key_id_hashed(s, key, (size_t)n, h), (uint32_t)i);
    }
    for (int i = 0; i < 3000; i++) {
        int n = snprintf(key, sizeof key, "k%d", i);
        state_key_prefetch(s, state_key_hash(key, (size_t)n), STATE_PREFETCH_BYTES);
        ck_assert_uint_eq(state_key_id(s, key, (size_t)n), (uint32_t)i);
    }
    ck_assert_uint_eq(s->nkeys, 3000);
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

/* Keys of any length (a varint length up to 127 bytes and past it, one larger
 * than a chunk of key bytes, the empty key) keep their bytes, and the bytes
 * stay where they are while thousands of keys follow. */
START_TEST(keys_of_any_length_keep_their_bytes)
{
    state_store_t *s = state_store_new(1, NULL);
    size_t sizes[] = {0, 1, 127, 128, 300, 70000};
    unsigned char *big = malloc(70000);
    for (size_t i = 0; i < 70000; i++) big[i] = (unsigned char)(i * 7 + 3);
    uint32_t ids[6];
    const unsigned char *where[6];
    for (int i = 0; i < 6; i++) {
        ids[i] = state_key_id(s, big, sizes[i]);
        size_t len;
        where[i] = state_key_bytes(s, ids[i], &len);
        ck_assert_uint_eq(len, sizes[i]);
    }
    char name[16];
    for (int i = 0; i < 20000; i++) state_key_id(s, name, (size_t)snprintf(name, sizeof name, "k%d", i));
    for (int i = 0; i < 6; i++) {
        ck_assert_uint_eq(state_key_id(s, big, sizes[i]), ids[i]);
        size_t len;
        ck_assert_ptr_eq(state_key_bytes(s, ids[i], &len), where[i]);
        ck_assert_int_eq(memcmp(where[i], big, sizes[i]), 0);
    }
    ck_assert_uint_eq(s->nkeys, 20006);
    free(big);
    state_store_free(s);
}
END_TEST

/* state_peek reports an expired value without dropping it (a checkpoint
 * keeps it; it expires on its next read), with its write time; an entry
 * without TTL reports the latest time the store saw. */
START_TEST(peek_sees_expired_values_and_write_times)
{
    int64_t ttl[2] = {10, STATE_NO_TTL};
    state_store_t *s = state_store_new(2, ttl);
    uint32_t k = state_key_id(s, "k", 1);
    state_put(s, k, 0, "x", 1, 5);
    state_put(s, k, 1, "y", 1, 7);
    ck_assert_ptr_nonnull(state_get(s, k, 1, 100));
    state_value_t v;
    ck_assert(state_peek(s, k, 0, &v));
    ck_assert_int_eq(v.written_ms, 5);
    ck_assert_int_eq(memcmp(v.data, "x", 1), 0);
    ck_assert(state_peek(s, k, 1, &v));
    ck_assert_int_eq(v.written_ms, 100);
    ck_assert_uint_eq(state_count(s), 2);
    ck_assert_ptr_null(state_get(s, k, 0, 100));
    ck_assert(!state_peek(s, k, 0, &v));
    state_store_free(s);
}
END_TEST

/* The store's own account of its bytes: no write times without TTL, a
 * value in its slot takes no heap, and the parts add up. */
START_TEST(memory_is_counted_by_part)
{
    int64_t ttl[2] = {STATE_NO_TTL, 1000};
    state_store_t *s = state_store_new(2, NULL), *t = state_store_new(2, ttl);
    char key[16];
    unsigned char big[40] = {0};
    for (int i = 0; i < 1000; i++) {
        size_t n = (size_t)snprintf(key, sizeof key, "%d", i);
        state_put(s, state_key_id(s, key, n), 0, key, n, 0);
        state_put(t, state_key_id(t, key, n), 1, big, sizeof big, 0);
    }
    state_memory_t m, mt;
    state_memory(s, &m);
    state_memory(t, &mt);
    ck_assert_uint_eq(m.ttl, 0);
    ck_assert_uint_eq(m.heap_values, 0);
    ck_assert_uint_eq(m.key_bytes, 2890);   /* 10 * 1 + 90 * 2 + 900 * 3 */
    ck_assert_uint_ge(m.keys, m.key_bytes + 1000 * sizeof(void *));
    ck_assert_uint_ge(m.index, 1000 * 4 / 3 * sizeof(uint64_t));
    ck_assert_uint_ge(m.slots, 1000 * 2 * sizeof(state_slot_t));
    ck_assert_uint_eq(m.total, m.index + m.keys + m.slots + m.heap_values + m.ttl);
    ck_assert_uint_eq(mt.heap_values, 1000 * sizeof big);
    ck_assert_uint_ge(mt.ttl, 1000 * sizeof(int64_t));
    state_store_free(s);
    state_store_free(t);
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
    tcase_add_test(tc, staged_prefetch_keeps_lookups);
    tcase_add_test(tc, value_bytes_counts_present_values);
    tcase_add_test(tc, keys_of_any_length_keep_their_bytes);
    tcase_add_test(tc, peek_sees_expired_values_and_write_times);
    tcase_add_test(tc, memory_is_counted_by_part);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

/* test_java_hash.c - Java hashCode of values and HashMap iteration order
 * (types/java_hash.h), and the calendar arithmetic (types/calendar.h) they
 * and java.time's text share. */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "check_main.h"
#include "types/calendar.h"
#include "types/java_hash.h"
#include "types/render.h"
#include "types/types.h"
#include "types/value.h"
#include "util/buf.h"

START_TEST(java_hash_codes)
{
    char err[128];
    type_t *s = type_parse("STRING", err, sizeof err), *bi = type_parse("BIGINT", err, sizeof err),
           *by = type_parse("BYTES", err, sizeof err), *bo = type_parse("BOOLEAN", err, sizeof err);
    value_t v = {0};
    int32_t h;
    v.u.str.ptr = "hello";
    v.u.str.len = 5;
    ck_assert(jhash_value(&v, s, &h));
    ck_assert_int_eq(h, 99162322);               /* "hello".hashCode() */
    v.u.str.ptr = "\xf0\x9d\x84\x9e";             /* U+1D11E: two UTF-16 units */
    v.u.str.len = 4;
    ck_assert(jhash_value(&v, s, &h));
    ck_assert_int_eq(h, 0xd834 * 31 + 0xdd1e);
    v.u.i64 = -1;
    ck_assert(jhash_value(&v, bi, &h));
    ck_assert_int_eq(h, 0);                       /* Long.hashCode(-1L) */
    v.u.b = true;
    ck_assert(jhash_value(&v, bo, &h));
    ck_assert_int_eq(h, 1231);
    v.u.str.ptr = "ab";
    v.u.str.len = 2;
    ck_assert(!jhash_value(&v, by, &h));     /* byte[]: identity hash */
    value_t nul = value_null();
    ck_assert(jhash_value(&nul, s, &h));
    ck_assert_int_eq(h, 0);
    type_free(s);
    type_free(bi);
    type_free(by);
    type_free(bo);
}
END_TEST

START_TEST(map_with_identity_hashed_keys_keeps_insertion_order)
{
    char err[128];
    type_t *t = type_parse("MAP<BYTES, INT>", err, sizeof err);
    value_t keys[3] = {0}, vals[3] = {0};
    const char *k[3] = {"z", "a", "m"};
    for (int i = 0; i < 3; i++) {
        keys[i].u.str.ptr = k[i];
        keys[i].u.str.len = 1;
        vals[i].u.i64 = i;
    }
    value_t m = {0};
    m.u.map.keys = keys;
    m.u.map.vals = vals;
    m.u.map.n = 3;
    buf_t b = BUF_INIT;
    render_value(&b, &m, t);
    ck_assert_str_eq(buf_cstr(&b), "{[122]=0, [97]=1, [109]=2}");
    buf_free(&b);
    type_free(t);
}
END_TEST

/* BinaryStringData.hashCode(): MurmurHashUtil over the UTF-8 bytes, seed 42.
 * "" is fmix(42 ^ 0); "abcd" one little-endian word; "hello" a word and a
 * tail byte; "\xc3\xa9" (e-acute) two tail bytes that Java's signed byte
 * sign-extends (0xffffffc3, 0xffffffa9). */
START_TEST(binary_string_hash_codes)
{
    ck_assert_int_eq(jhash_binary_string("", 0), 142593372);
    ck_assert_int_eq(jhash_binary_string("a", 1), 1485273170);
    ck_assert_int_eq(jhash_binary_string("abcd", 4), -396302900);
    ck_assert_int_eq(jhash_binary_string("hello", 5), -1008564952);
    ck_assert_int_eq(jhash_binary_string("\xc3\xa9", 2), 2119106806);
}
END_TEST

/* A HashMap of BinaryStringData keys "red", "green", "blue" iterates green,
 * blue, red (buckets 2, 5, 13 of 16); with String keys it would be red,
 * green, blue. */
START_TEST(binary_string_hashmap_order)
{
    const char *k[3] = {"red", "green", "blue"};
    int32_t h[3];
    uint32_t order[3];
    for (int i = 0; i < 3; i++) h[i] = jhash_binary_string(k[i], (uint32_t)strlen(k[i]));
    jhash_hashmap_order_of_hashes(h, 3, order);
    ck_assert_str_eq(k[order[0]], "green");
    ck_assert_str_eq(k[order[1]], "blue");
    ck_assert_str_eq(k[order[2]], "red");
}
END_TEST

START_TEST(calendar_round_trip)
{
    for (int64_t d = -800000; d < 3000000; d += 37) {
        int64_t y;
        int m, dd;
        cal_civil_from_days(d, &y, &m, &dd);
        ck_assert_int_eq(cal_days_from_civil(y, m, dd), d);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("java_hash");
    TCase *tc = tcase_create("java_hash");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, java_hash_codes);
    tcase_add_test(tc, map_with_identity_hashed_keys_keeps_insertion_order);
    tcase_add_test(tc, binary_string_hash_codes);
    tcase_add_test(tc, binary_string_hashmap_order);
    tcase_add_test(tc, calendar_round_trip);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

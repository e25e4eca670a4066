/* test_utf8.c - the one UTF-8 encoder and decoder (native/util/utf8.h). */
#include <check.h>
#include <string.h>

#include "check_main.h"
#include "util/utf8.h"

static const char *encode(buf_t *b, uint32_t cp)
{
    buf_clear(b);
    utf8_put(b, cp);
    return buf_cstr(b);
}

START_TEST(put_writes_one_to_four_bytes)
{
    buf_t b = BUF_INIT;
    ck_assert_str_eq(encode(&b, 'A'), "A");
    ck_assert_str_eq(encode(&b, 0xE9), "\xc3\xa9");
    ck_assert_str_eq(encode(&b, 0x7FF), "\xdf\xbf");
    ck_assert_str_eq(encode(&b, 0x4E2D), "\xe4\xb8\xad");
    ck_assert_str_eq(encode(&b, 0xFFFD), "\xef\xbf\xbd");
    ck_assert_str_eq(encode(&b, 0x1F600), "\xf0\x9f\x98\x80");
    ck_assert_str_eq(encode(&b, 0x10FFFF), "\xf4\x8f\xbf\xbf");
    buf_free(&b);
}
END_TEST

START_TEST(next_round_trips_every_length)
{
    static const uint32_t cps[] = {0, 'z', 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF};
    buf_t b = BUF_INIT;
    for (size_t k = 0; k < sizeof cps / sizeof *cps; k++) utf8_put(&b, cps[k]);
    size_t i = 0;
    for (size_t k = 0; k < sizeof cps / sizeof *cps; k++) ck_assert_uint_eq(utf8_next((const char *)b.data, b.len, &i), cps[k]);
    ck_assert_uint_eq(i, b.len);
    buf_free(&b);
}
END_TEST

/* Java's decoder: one U+FFFD per malformed sequence, skipping what it examined. */
START_TEST(next_replaces_malformed_sequences)
{
    size_t i = 0;
    ck_assert_uint_eq(utf8_next("\x80x", 2, &i), UTF8_REPLACEMENT);        /* stray continuation */
    ck_assert_uint_eq(i, 1);
    i = 0;
    ck_assert_uint_eq(utf8_next("\xc0\xaf", 2, &i), UTF8_REPLACEMENT);     /* overlong lead C0 */
    ck_assert_uint_eq(i, 1);
    i = 0;
    ck_assert_uint_eq(utf8_next("\xe0\x80\xaf", 3, &i), UTF8_REPLACEMENT); /* overlong 3-byte */
    i = 0;
    ck_assert_uint_eq(utf8_next("\xed\xa0\x80", 3, &i), UTF8_REPLACEMENT); /* surrogate D800 */
    i = 0;
    ck_assert_uint_eq(utf8_next("\xf4\x90\x80\x80", 4, &i), UTF8_REPLACEMENT); /* above U+10FFFF */
    i = 0;
    ck_assert_uint_eq(utf8_next("\xe4\xb8", 2, &i), UTF8_REPLACEMENT);     /* cut at the end */
    ck_assert_uint_eq(i, 2);
    i = 0;
    ck_assert_uint_eq(utf8_next("\xe4x", 2, &i), UTF8_REPLACEMENT);        /* cut by an ASCII byte */
    ck_assert_uint_eq(i, 1);
    ck_assert_uint_eq(utf8_next("\xe4x", 2, &i), 'x');
}
END_TEST

START_TEST(lengths_count_utf16_units_and_characters)
{
    const char *s = "a\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80";   /* a, U+00E9, U+4E2D, U+1F600 */
    ck_assert_uint_eq(utf8_utf16_length(s, strlen(s)), 5);
    ck_assert_uint_eq(utf8_count_chars(s, strlen(s)), 4);
    ck_assert_uint_eq(utf8_floor_boundary(s, 2), 1);   /* inside U+00E9 */
    ck_assert_uint_eq(utf8_floor_boundary(s, 3), 3);
    ck_assert_uint_eq(utf8_floor_boundary(s, 8), 6);   /* inside U+1F600 */
    ck_assert(utf8_is_continuation(0x80) && !utf8_is_continuation('a') && !utf8_is_continuation(0xC3));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("utf8");
    TCase *tc = tcase_create("utf8");
    tcase_add_test(tc, put_writes_one_to_four_bytes);
    tcase_add_test(tc, next_round_trips_every_length);
    tcase_add_test(tc, next_replaces_malformed_sequences);
    tcase_add_test(tc, lengths_count_utf16_units_and_characters);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

/* Changelog delivery: upsert vs retract choice and ChangelogNormalize, whose
 * last rows per key a checkpoint takes (visit) and a restore seeds back. */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/changelog.h"

typedef struct seen {
    char lines[32][64];
    int n;
} seen_t;

static int record(void *ctx, const row_t *row, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    seen_t *s = ctx;
    snprintf(s->lines[s->n++], 64, "%s %.*s %lld", row_kind_short(row->kind), (int)row->fields[0].u.str.len,
             row->fields[0].u.str.ptr, row->fields[1].is_null ? -1LL : (long long)row->fields[1].u.i64);
    return 0;
}

static row_t mk(value_t *f, row_kind_t kind, const char *k, long long v, bool null_v)
{
    f[0].is_null = false;
    f[0].u.str.ptr = k;
    f[0].u.str.len = (uint32_t)strlen(k);
    f[1].is_null = null_v;
    f[1].u.i64 = v;
    return (row_t){kind, 2, f};
}

START_TEST(delivered_mode_follows_flink)
{
    int pk[1] = {0}, part_same[1] = {0}, part_other[1] = {1};
    ck_assert_int_eq(changelog_delivered(CHANGELOG_INSERT_ONLY, pk, 1, part_same, 1, true), CHANGELOG_INSERT_ONLY);
    ck_assert_int_eq(changelog_delivered(CHANGELOG_RETRACT, pk, 1, part_same, 1, false), CHANGELOG_UPSERT);
    ck_assert_int_eq(changelog_delivered(CHANGELOG_RETRACT, pk, 1, part_same, 1, true), CHANGELOG_RETRACT);
    ck_assert_int_eq(changelog_delivered(CHANGELOG_UPSERT, pk, 1, part_other, 1, false), CHANGELOG_RETRACT);
    ck_assert_int_eq(changelog_delivered(CHANGELOG_UPSERT, NULL, 0, part_same, 1, false), CHANGELOG_RETRACT);
    ck_assert_str_eq(changelog_kinds_string(0xD, true), "[INSERT, UPDATE_AFTER, ~DELETE]");
    ck_assert_str_eq(changelog_kinds_string(0x7, false), "[INSERT, UPDATE_BEFORE, UPDATE_AFTER]");
    unsigned k;
    ck_assert_int_eq(changelog_kinds_parse("I,UB,UA", &k), 0);
    ck_assert_uint_eq(k, 0x7);
    ck_assert_int_eq(changelog_kinds_parse("I,XX", &k), -1);
    ck_assert_int_eq(changelog_mode_of(0x7), CHANGELOG_RETRACT);
    ck_assert_int_eq(changelog_mode_of(0xD), CHANGELOG_UPSERT);
    ck_assert_int_eq(changelog_mode_of(0x1), CHANGELOG_INSERT_ONLY);
}
END_TEST

START_TEST(upsert_source_normalised_to_retract)
{
    char err[256];
    type_t *schema = type_parse("ROW<`k` STRING NOT NULL, `v` BIGINT>", err, sizeof err);
    int pk[1] = {0};
    changelog_norm_t n;
    changelog_norm_init(&n, schema, pk, 1, CHANGELOG_UPSERT, CHANGELOG_RETRACT, false);
    seen_t s = {.n = 0};
    value_t f[2];
    row_t r;
    r = mk(f, ROW_UPDATE_AFTER, "EUR", 1, false);  /* first sight of a key: +I */
    ck_assert_int_eq(changelog_norm_push(&n, &r, record, &s, err, sizeof err), 0);
    r = mk(f, ROW_UPDATE_AFTER, "EUR", 2, false);  /* change: -U old, +U new */
    changelog_norm_push(&n, &r, record, &s, err, sizeof err);
    r = mk(f, ROW_UPDATE_AFTER, "EUR", 2, false);  /* no change: dropped */
    changelog_norm_push(&n, &r, record, &s, err, sizeof err);
    r = mk(f, ROW_DELETE, "EUR", 0, true);         /* key-only delete: full row */
    changelog_norm_push(&n, &r, record, &s, err, sizeof err);
    r = mk(f, ROW_DELETE, "USD", 0, true);         /* unknown key: dropped */
    changelog_norm_push(&n, &r, record, &s, err, sizeof err);
    r = mk(f, ROW_INSERT, "EUR", 3, false);        /* after a delete: +I again */
    changelog_norm_push(&n, &r, record, &s, err, sizeof err);
    ck_assert_int_eq(s.n, 5);
    ck_assert_str_eq(s.lines[0], "+I EUR 1");
    ck_assert_str_eq(s.lines[1], "-U EUR 1");
    ck_assert_str_eq(s.lines[2], "+U EUR 2");
    ck_assert_str_eq(s.lines[3], "-D EUR 2");
    ck_assert_str_eq(s.lines[4], "+I EUR 3");
    changelog_norm_free(&n);
    type_free(schema);
}
END_TEST

static void seed_into(void *ctx, const row_t *row)
{
    char err[256];
    ck_assert_int_eq(changelog_norm_seed(ctx, row, err, sizeof err), 0);
}

START_TEST(last_rows_visited_and_seeded_continue_the_changelog)
{
    char err[256];
    type_t *schema = type_parse("ROW<`k` STRING NOT NULL, `v` BIGINT>", err, sizeof err);
    int pk[1] = {0};
    changelog_norm_t a, b;
    changelog_norm_init(&a, schema, pk, 1, CHANGELOG_UPSERT, CHANGELOG_RETRACT, false);
    changelog_norm_init(&b, schema, pk, 1, CHANGELOG_UPSERT, CHANGELOG_RETRACT, false);
    seen_t s = {.n = 0};
    value_t f[2];
    row_t r;
    r = mk(f, ROW_UPDATE_AFTER, "EUR", 1, false);
    changelog_norm_push(&a, &r, record, &s, err, sizeof err);
    r = mk(f, ROW_UPDATE_AFTER, "USD", 5, false);
    changelog_norm_push(&a, &r, record, &s, err, sizeof err);
    r = mk(f, ROW_DELETE, "USD", 0, true);   /* deleted: not visited */
    changelog_norm_push(&a, &r, record, &s, err, sizeof err);
    changelog_norm_visit(&a, seed_into, &b);   /* a checkpoint, then a restore into b */
    s.n = 0;
    r = mk(f, ROW_UPDATE_AFTER, "EUR", 2, false);   /* a known key: -U from the seeded row */
    changelog_norm_push(&b, &r, record, &s, err, sizeof err);
    r = mk(f, ROW_UPDATE_AFTER, "USD", 6, false);   /* deleted before: +I */
    changelog_norm_push(&b, &r, record, &s, err, sizeof err);
    ck_assert_int_eq(s.n, 3);
    ck_assert_str_eq(s.lines[0], "-U EUR 1");
    ck_assert_str_eq(s.lines[1], "+U EUR 2");
    ck_assert_str_eq(s.lines[2], "+I USD 6");
    changelog_norm_t none;   /* a normaliser that keeps nothing takes no seed */
    changelog_norm_init(&none, schema, pk, 1, CHANGELOG_RETRACT, CHANGELOG_RETRACT, false);
    r = mk(f, ROW_INSERT, "EUR", 1, false);
    ck_assert_int_eq(changelog_norm_seed(&none, &r, err, sizeof err), -1);
    changelog_norm_free(&none);
    changelog_norm_free(&a);
    changelog_norm_free(&b);
    type_free(schema);
}
END_TEST

START_TEST(retract_source_delivered_as_upsert_drops_update_before)
{
    char err[256];
    type_t *schema = type_parse("ROW<`k` STRING NOT NULL, `v` BIGINT>", err, sizeof err);
    int pk[1] = {0};
    changelog_norm_t n;
    changelog_norm_init(&n, schema, pk, 1, CHANGELOG_RETRACT, CHANGELOG_UPSERT, false);
    seen_t s = {.n = 0};
    value_t f[2];
    row_t r = mk(f, ROW_UPDATE_BEFORE, "EUR", 1, false);
    changelog_norm_push(&n, &r, record, &s, err, sizeof err);
    r = mk(f, ROW_UPDATE_AFTER, "EUR", 2, false);
    changelog_norm_push(&n, &r, record, &s, err, sizeof err);
    ck_assert_int_eq(s.n, 1);
    ck_assert_str_eq(s.lines[0], "+U EUR 2");
    changelog_norm_free(&n);
    type_free(schema);
}
END_TEST

START_TEST(function_changelog_mode_parses_into_kinds_and_flags)
{
    changelog_spec_t m;
    ck_assert_int_eq(changelog_spec_parse("[INSERT]", &m), 0);
    ck_assert_uint_eq(m.kinds, CHANGELOG_KINDS_INSERT_ONLY);
    ck_assert(!m.key_only_deletes && changelog_spec_insert_only(m) && !changelog_spec_upsert(m));
    ck_assert_int_eq(changelog_spec_parse("[INSERT, UPDATE_AFTER, ~DELETE]", &m), 0);
    ck_assert_uint_eq(m.kinds, 0xD);
    ck_assert(m.key_only_deletes && changelog_spec_upsert(m) && changelog_spec_has(m, ROW_DELETE));
    ck_assert_int_eq(changelog_spec_parse("[INSERT, UPDATE_BEFORE, UPDATE_AFTER, DELETE]", &m), 0);
    ck_assert_uint_eq(m.kinds, CHANGELOG_KINDS_ALL);
    ck_assert(!m.key_only_deletes && !changelog_spec_upsert(m));
    /* a delete is not an update: [INSERT, DELETE] is updating but not upsert */
    ck_assert_int_eq(changelog_spec_parse("[INSERT, DELETE]", &m), 0);
    ck_assert(!changelog_spec_insert_only(m) && !changelog_spec_upsert(m));
    ck_assert_str_eq(changelog_kinds_string(m.kinds, m.key_only_deletes), "[INSERT, DELETE]");
}
END_TEST

START_TEST(every_printed_mode_parses_back)
{
    for (unsigned kinds = 1; kinds <= CHANGELOG_KINDS_ALL; kinds++)
        for (int key_only = 0; key_only <= (int)((kinds >> ROW_DELETE) & 1); key_only++) {
            changelog_spec_t m;
            const char *text = changelog_kinds_string(kinds, key_only);
            ck_assert_msg(changelog_spec_parse(text, &m) == 0, "%s", text);
            ck_assert_uint_eq(m.kinds, kinds);
            ck_assert_int_eq(m.key_only_deletes, key_only);
            unsigned back;
            ck_assert_int_eq(changelog_kinds_parse(changelog_kinds_short_string(kinds), &back), 0);
            ck_assert_uint_eq(back, kinds);
        }
    ck_assert_str_eq(changelog_kinds_short_string(0xD), "I,UA,D");
}
END_TEST

START_TEST(malformed_changelog_modes_are_rejected)
{
    const char *bad[] = {"", "[]", "INSERT", "[INSERT", "[~INSERT]", "[INSERT,DELETE]", "[INSERT, ]",
                         "[INSERT, INSERT]", "[UPSERT]", "[INSERT, DELETE] "};
    changelog_spec_t m;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(changelog_spec_parse(bad[i], &m) == -1, "'%s' parsed", bad[i]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("changelog");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, delivered_mode_follows_flink);
    tcase_add_test(tc, upsert_source_normalised_to_retract);
    tcase_add_test(tc, last_rows_visited_and_seeded_continue_the_changelog);
    tcase_add_test(tc, retract_source_delivered_as_upsert_drops_update_before);
    tcase_add_test(tc, function_changelog_mode_parses_into_kinds_and_flags);
    tcase_add_test(tc, every_printed_mode_parses_back);
    tcase_add_test(tc, malformed_changelog_modes_are_rejected);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

/* The GROUP BY state (engine/aggregate.h): accumulators, retraction and
 * the changelog of Flink's GroupAggFunction; snapshot and restore (checkpoints). */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/aggregate.h"
#include "util/buf.h"

typedef struct seen {
    char lines[32][96];
    int n;
} seen_t;

/* "+I k r0 r1 ...", integers or NULL (the key is a string). */
static int record(void *ctx, const row_t *row, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    seen_t *s = ctx;
    char *l = s->lines[s->n++];
    int o = snprintf(l, 96, "%s %.*s", row_kind_short(row->kind), (int)row->fields[0].u.str.len,
                     row->fields[0].u.str.ptr);
    for (uint32_t k = 1; k < row->n; k++)
        o += row->fields[k].is_null ? snprintf(l + o, 96 - (size_t)o, " NULL")
                                    : snprintf(l + o, 96 - (size_t)o, " %lld", (long long)row->fields[k].u.i64);
    return 0;
}

static type_t *key_row(void)
{
    type_t *k = type_new(TYPE_ROW, false);
    type_add_field(k, "name", type_new(TYPE_VARCHAR, true), NULL);
    return k;
}

static void apply(agg_state_t *s, row_kind_t kind, const char *key, const long long *args, int nargs)
{
    value_t k = {0};
    k.u.str.ptr = key;
    k.u.str.len = (uint32_t)strlen(key);
    value_t v[8];
    for (int i = 0; i < nargs; i++) {
        v[i] = (value_t){0};
        v[i].is_null = args[i] == -999;
        v[i].u.i64 = args[i];
    }
    char err[256];
    ck_assert_int_eq(agg_state_apply(s, kind, &k, v, err, sizeof err), 0);
}

START_TEST(count_sum_min_max_retract)
{
    type_t *key = key_row(), *i32 = type_new(TYPE_INT, true);
    agg_call_t calls[] = {{AGG_COUNT_STAR, false, NULL, NULL}, {AGG_SUM, false, i32, NULL},
                          {AGG_MIN, false, i32, NULL}, {AGG_MAX, false, i32, NULL}};
    seen_t seen = {0};
    char err[256];
    agg_state_t *s = agg_state_new(key, calls, 4, true, true, record, &seen, err, sizeof err);
    ck_assert_ptr_nonnull(s);
    apply(s, ROW_INSERT, "a", (long long[]){0, 5, 5, 5}, 4);
    apply(s, ROW_INSERT, "a", (long long[]){0, 9, 9, 9}, 4);
    apply(s, ROW_UPDATE_BEFORE, "a", (long long[]){0, 5, 5, 5}, 4);   /* the minimum leaves */
    apply(s, ROW_DELETE, "zz", (long long[]){0, 1, 1, 1}, 4);          /* unknown key: ignored */
    apply(s, ROW_DELETE, "a", (long long[]){0, 9, 9, 9}, 4);           /* the last row: -D */
    ck_assert_int_eq(seen.n, 6);
    ck_assert_str_eq(seen.lines[0], "+I a 1 5 5 5");
    ck_assert_str_eq(seen.lines[1], "-U a 1 5 5 5");
    ck_assert_str_eq(seen.lines[2], "+U a 2 14 5 9");
    ck_assert_str_eq(seen.lines[3], "-U a 2 14 5 9");
    ck_assert_str_eq(seen.lines[4], "+U a 1 9 9 9");
    ck_assert_str_eq(seen.lines[5], "-D a 1 9 9 9");
    ck_assert_uint_eq(agg_state_groups(s), 0);
    agg_state_free(s);
    type_free(key);
    type_free(i32);
}
END_TEST

START_TEST(int_sum_wraps_and_avg_truncates)
{
    type_t *key = key_row(), *i32 = type_new(TYPE_INT, true);
    agg_call_t calls[] = {{AGG_SUM, false, i32, NULL}, {AGG_AVG, false, i32, NULL}};
    seen_t seen = {0};
    char err[256];
    agg_state_t *s = agg_state_new(key, calls, 2, false, false, record, &seen, err, sizeof err);
    apply(s, ROW_INSERT, "a", (long long[]){2147483647, -7}, 2);
    apply(s, ROW_INSERT, "a", (long long[]){1, 2}, 2);
    /* no -U without update_before; SUM wraps as Java's int; AVG(-7, 2) = -5 / 2 = -2 */
    ck_assert_int_eq(seen.n, 2);
    ck_assert_str_eq(seen.lines[1], "+U a -2147483648 -2");
    agg_state_free(s);
    type_free(key);
    type_free(i32);
}
END_TEST

START_TEST(distinct_nulls_and_unchanged_results)
{
    type_t *key = key_row(), *i32 = type_new(TYPE_INT, true);
    agg_call_t calls[] = {{AGG_COUNT, true, i32, NULL}, {AGG_SUM, false, i32, NULL}};
    seen_t seen = {0};
    char err[256];
    agg_state_t *s = agg_state_new(key, calls, 2, true, true, record, &seen, err, sizeof err);
    apply(s, ROW_INSERT, "a", (long long[]){-999, -999}, 2);   /* NULLs: COUNT 0, SUM NULL */
    apply(s, ROW_INSERT, "a", (long long[]){3, 0}, 2);
    apply(s, ROW_INSERT, "a", (long long[]){3, 0}, 2);         /* same results: nothing */
    apply(s, ROW_DELETE, "a", (long long[]){3, 0}, 2);         /* 3 is still there once */
    ck_assert_int_eq(seen.n, 3);
    ck_assert_str_eq(seen.lines[0], "+I a 0 NULL");
    ck_assert_str_eq(seen.lines[2], "+U a 1 0");
    ck_assert_uint_eq(agg_state_groups(s), 1);
    agg_state_free(s);
    type_free(key);
    type_free(i32);
}
END_TEST

START_TEST(result_types_follow_flink)
{
    char err[256];
    type_t *i8 = type_new(TYPE_TINYINT, false), *dec = type_parse("DECIMAL(10, 2)", err, sizeof err);
    type_t *b = type_new(TYPE_BOOLEAN, true);
    agg_call_t sum8 = {AGG_SUM, false, i8, NULL}, sumd = {AGG_SUM, false, dec, NULL};
    agg_call_t cnt = {AGG_COUNT, false, i8, NULL}, avgb = {AGG_AVG, false, b, NULL};
    type_t *t1 = agg_result_type(&sum8, err, sizeof err), *t2 = agg_result_type(&sumd, err, sizeof err);
    type_t *t3 = agg_result_type(&cnt, err, sizeof err);
    char *s1 = type_to_string(t1), *s2 = type_to_string(t2), *s3 = type_to_string(t3);
    ck_assert_str_eq(s1, "TINYINT");
    ck_assert_str_eq(s2, "DECIMAL(38, 2)");
    ck_assert_str_eq(s3, "BIGINT NOT NULL");
    ck_assert_ptr_null(agg_result_type(&avgb, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "AVG of BOOLEAN is not supported by ptfhost"));
    free(s1), free(s2), free(s3);
    type_free(t1), type_free(t2), type_free(t3), type_free(i8), type_free(dec), type_free(b);
}
END_TEST

/* A snapshot of the groups (checkpoints) restored into a new state goes on exactly where it was. */
typedef struct snapped {
    buf_t key[4], value[4];
    int64_t written[4];
    int n;
} snapped_t;

static void keep_group(void *ctx, const void *key, size_t klen, int64_t written_ms, const void *value, size_t vlen)
{
    snapped_t *s = ctx;
    s->key[s->n] = (buf_t)BUF_INIT;
    s->value[s->n] = (buf_t)BUF_INIT;
    buf_append(&s->key[s->n], key, klen);
    buf_append(&s->value[s->n], value, vlen);
    s->written[s->n++] = written_ms;
}

START_TEST(snapshot_restores_every_accumulator)
{
    type_t *key = key_row(), *i32 = type_new(TYPE_INT, true);
    agg_call_t calls[] = {{AGG_COUNT_STAR, false, NULL, NULL}, {AGG_SUM, false, i32, NULL},
                          {AGG_MIN, false, i32, NULL}, {AGG_COUNT, true, i32, NULL}};
    seen_t seen = {0}, again = {0};
    char err[256];
    agg_state_t *s = agg_state_new(key, calls, 4, true, true, record, &seen, err, sizeof err);
    agg_state_set_time(s, 70);
    apply(s, ROW_INSERT, "a", (long long[]){0, 5, 5, 5}, 4);
    apply(s, ROW_INSERT, "a", (long long[]){0, 9, 9, 5}, 4);
    apply(s, ROW_INSERT, "b", (long long[]){0, 1, 1, 1}, 4);
    snapped_t snap = {0};
    ck_assert_int_eq(agg_state_snapshot(s, keep_group, &snap, err, sizeof err), 0);
    ck_assert_int_eq(snap.n, 2);
    agg_state_t *r = agg_state_new(key, calls, 4, true, true, record, &again, err, sizeof err);
    for (int k = 0; k < snap.n; k++) {
        ck_assert_int_eq(snap.written[k], 70);
        ck_assert_msg(agg_state_restore(r, snap.key[k].data, snap.key[k].len, snap.written[k], snap.value[k].data,
                                        snap.value[k].len, err, sizeof err) == 0, "%s", err);
    }
    ck_assert_int_eq(agg_state_restore(r, snap.key[0].data, snap.key[0].len, 0, snap.value[0].data,
                                       snap.value[0].len, err, sizeof err), -1);   /* twice: refused */
    ck_assert_uint_eq(agg_state_groups(r), 2);
    apply(r, ROW_DELETE, "a", (long long[]){0, 5, 5, 5}, 4);   /* the minimum 5 leaves; the distinct 5 stays */
    ck_assert_int_eq(again.n, 2);
    ck_assert_str_eq(again.lines[0], "-U a 2 14 5 1");
    ck_assert_str_eq(again.lines[1], "+U a 1 9 9 1");
    seen_t visited = {0};
    ck_assert_int_eq(agg_state_visit(r, 0, record, &visited, err, sizeof err), 0);
    ck_assert_int_eq(visited.n, 2);
    ck_assert_str_eq(visited.lines[1], "+I b 1 1 1 1");
    for (int k = 0; k < snap.n; k++) {
        buf_free(&snap.key[k]);
        buf_free(&snap.value[k]);
    }
    agg_state_free(s);
    agg_state_free(r);
    type_free(key);
    type_free(i32);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("aggregate");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, count_sum_min_max_retract);
    tcase_add_test(tc, int_sum_wraps_and_avg_truncates);
    tcase_add_test(tc, distinct_nulls_and_unchanged_results);
    tcase_add_test(tc, result_types_follow_flink);
    tcase_add_test(tc, snapshot_restores_every_accumulator);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

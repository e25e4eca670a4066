/* The query stages on their own: the inputs stage's order of rows,
 * watermarks, processing-time moves and ends (engine/inputs.h), and the
 * projection's key mapping (engine/project.h). */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <string.h>

#include "engine/inputs.h"
#include "engine/project.h"
#include "sql/sql.h"
#include "util/buf.h"

/* ---- a table of test events ----------------------------------------------------- */

/* A table `name` (k INT, ts TIMESTAMP(3)) reading events; spec: "r<k>@<ms>" a
 * row, "w<ms>" a watermark, "p<ms>" a processing-time move, space-separated. */
static catalog_table_t *events_table(const char *name, bool watermark, const char *spec)
{
    char err[256];
    catalog_table_t *t = catalog_table_new(name);
    t->schema = type_parse("ROW<`k` INT, `ts` TIMESTAMP(3)>", err, sizeof err);
    t->watermark_col = watermark ? 1 : -1;
    catalog_event_t ev[32];
    value_t vals[32][2];
    size_t n = 0;
    for (const char *p = spec; *p; p += *p == ' ') {
        catalog_event_t *e = &ev[n];
        memset(e, 0, sizeof *e);
        long a = 0, b = 0;
        int used = 0;
        if (*p == 'r' && sscanf(p, "r%ld@%ld%n", &a, &b, &used) == 2) {
            memset(vals[n], 0, sizeof vals[n]);
            vals[n][0].u.i64 = a;
            vals[n][1].u.ts.millis = b;
            *e = (catalog_event_t){CATALOG_EVENT_ROW, {ROW_INSERT, 2, vals[n]}, 0, 0};
        } else if (sscanf(p + 1, "%ld%n", &a, &used) == 1) {
            e->kind = *p == 'w' ? CATALOG_EVENT_WATERMARK : CATALOG_EVENT_PROCTIME;
            e->time = a;
            used++;
        }
        p += used;
        n++;
    }
    catalog_table_set_events(t, ev, n);
    return t;
}

/* ---- a consumer that writes what it is told ------------------------------------- */

typedef struct log {
    buf_t b;
    int fail_at_row;   /* 0 = never */
    int rows;
} log_t;

static int log_row(void *ctx, int id, const row_t *row, arena_t *a, int64_t now_ms, char *err, size_t errlen)
{
    (void)a, (void)now_ms;
    log_t *l = ctx;
    if (++l->rows == l->fail_at_row) {
        snprintf(err, errlen, "consumer refused row %d", l->rows);
        return -1;
    }
    buf_printf(&l->b, "%d:r%d@%lld ", id, (int)row->fields[0].u.i64, (long long)row->fields[1].u.ts.millis);
    return 0;
}

static int log_watermark(void *ctx, int id, int64_t wm, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    buf_printf(&((log_t *)ctx)->b, "%d:w%lld ", id, (long long)wm);
    return 0;
}

static int log_proctime(void *ctx, int64_t ms, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    buf_printf(&((log_t *)ctx)->b, "p%lld ", (long long)ms);
    return 0;
}

static int log_end(void *ctx, int id, bool last, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    buf_printf(&((log_t *)ctx)->b, "%d:end%s ", id, last ? "(last)" : "");
    return 0;
}

static int log_flush(void *ctx, char *err, size_t errlen)
{
    (void)ctx, (void)err, (void)errlen;
    return 0;
}

/* Runs the inputs stage over tables (ids 10, 11, ...); returns the log. */
static char *run(catalog_table_t **tables, int n, int fail_at_row, int *rc, bool *source_failed)
{
    inputs_table_t spec[8];
    for (int i = 0; i < n; i++) spec[i] = (inputs_table_t){tables[i], 10 + i};
    proctime_t clock = {true, 0};
    inputs_config_t cfg = {".", &clock, 0, NULL, 0, NULL, NULL, NULL, false, NULL, NULL, NULL, NULL};
    char err[256] = "";
    inputs_t *ins = inputs_open(spec, n, &cfg, err, sizeof err);
    ck_assert_msg(ins != NULL, "%s", err);
    log_t l = {BUF_INIT, fail_at_row, 0};
    inputs_consumer_t c = {&l, log_row, log_watermark, log_proctime, log_end, log_flush, NULL, NULL, NULL};
    *rc = inputs_run(ins, &c, err, sizeof err);
    if (*rc != 0) buf_printf(&l.b, "error: %s", err);
    *source_failed = inputs_source_failed(ins);
    inputs_close(ins);
    for (int i = 0; i < n; i++) catalog_table_free(tables[i]);
    return buf_steal(&l.b);
}

START_TEST(tables_with_watermarks_merge_by_event_time_and_the_first_named_wins_ties)
{
    catalog_table_t *t[2] = {events_table("a", true, "r1@1000 r2@3000"), events_table("b", true, "r3@2000 r4@3000")};
    int rc;
    bool failed;
    char *log = run(t, 2, 0, &rc, &failed);
    ck_assert_int_eq(rc, 0);
    /* each row is followed by the watermark it produced; a ends before b's last row */
    ck_assert_str_eq(log, "10:r1@1000 10:w1000 11:r3@2000 11:w2000 10:r2@3000 10:w3000 10:end "
                          "11:r4@3000 11:w3000 11:end(last) ");
    free(log);
}
END_TEST

START_TEST(an_empty_table_ends_at_once_when_tables_merge)
{
    catalog_table_t *t[2] = {events_table("a", true, "r1@1000"), events_table("b", true, "w500")};
    int rc;
    bool failed;
    char *log = run(t, 2, 0, &rc, &failed);
    ck_assert_int_eq(rc, 0);
    /* b's end (+inf for it) comes before a's rows: it holds nothing back */
    ck_assert_str_eq(log, "11:w500 11:end 10:r1@1000 10:w1000 10:end(last) ");
    free(log);
}
END_TEST

START_TEST(a_table_without_watermark_makes_the_tables_read_one_after_another)
{
    catalog_table_t *t[2] = {events_table("a", false, "r1@3000 r2@4000"), events_table("b", true, "r3@1000")};
    int rc;
    bool failed;
    char *log = run(t, 2, 0, &rc, &failed);
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(log, "10:r1@3000 10:r2@4000 10:end 11:r3@1000 11:w1000 11:end(last) ");
    free(log);
}
END_TEST

START_TEST(explicit_watermarks_and_processing_time_moves_arrive_in_their_place)
{
    catalog_table_t *t[1] = {events_table("a", false, "r1@0 w500 p7000 r2@0 w900")};
    int rc;
    bool failed;
    char *log = run(t, 1, 0, &rc, &failed);
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(log, "10:r1@0 10:w500 p7000 10:r2@0 10:w900 10:end(last) ");
    free(log);
}
END_TEST

START_TEST(a_failing_consumer_stops_the_run_and_is_not_a_bad_source)
{
    catalog_table_t *t[1] = {events_table("a", false, "r1@0 r2@0 r3@0")};
    int rc;
    bool failed;
    char *log = run(t, 1, 2, &rc, &failed);
    ck_assert_int_eq(rc, -1);
    ck_assert(!failed);
    ck_assert_str_eq(log, "10:r1@0 error: consumer refused row 2");
    free(log);
}
END_TEST

/* ---- projection ------------------------------------------------------------------ */

START_TEST(the_prefix_key_follows_its_columns_through_the_projection)
{
    char err[1024] = "";
    arena_t a;
    arena_init(&a, 0);
    sqlp_script_t *script = NULL;
    const char *sql = "SELECT v, k2, k1, k1 AS again FROM t; SELECT v FROM t;";
    ck_assert_msg(sqlp_parse_script(sql, "q.sql", &a, &script, err, sizeof err) == 0, "%s", err);
    type_t *in = type_parse("ROW<`k1` INT, `k2` STRING, `v` BIGINT>", err, sizeof err);
    catalog_t cat;
    catalog_init(&cat);
    plan_env_t env = {&cat, script, NULL, NULL, "2.3", NULL, NULL, NULL};
    project_t p;
    ck_assert_msg(project_init(&p, &env, script->stmts[0]->u.query, in, err, sizeof err) == 0, "%s", err);
    int key[PROJECT_MAX_KEY];
    ck_assert_int_eq(project_prefix_key(&p, 2, key), 2);
    ck_assert_int_eq(key[0], 2);   /* k1's first occurrence */
    ck_assert_int_eq(key[1], 1);
    ck_assert_int_eq(project_prefix_key(&p, 0, key), 0);
    project_free(&p);
    /* a projection that drops a key column has no key */
    ck_assert_msg(project_init(&p, &env, script->stmts[1]->u.query, in, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(project_prefix_key(&p, 1, key), 0);
    project_free(&p);
    type_free(in);
    catalog_free(&cat);
    arena_destroy(&a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("stages");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, tables_with_watermarks_merge_by_event_time_and_the_first_named_wins_ties);
    tcase_add_test(tc, an_empty_table_ends_at_once_when_tables_merge);
    tcase_add_test(tc, a_table_without_watermark_makes_the_tables_read_one_after_another);
    tcase_add_test(tc, explicit_watermarks_and_processing_time_moves_arrive_in_their_place);
    tcase_add_test(tc, a_failing_consumer_stops_the_run_and_is_not_a_bad_source);
    tcase_add_test(tc, the_prefix_key_follows_its_columns_through_the_projection);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

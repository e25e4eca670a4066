/* The query stages on their own: the inputs stage's order of rows,
 * watermarks, processing-time moves and ends (engine/inputs.h), computed
 * columns and an aggregation's WHERE and arguments calling a scalar UDF in
 * batches (with a fake transport in place of the bridge), and the
 * projection's key mapping (engine/project.h). */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <string.h>

#include "engine/inputs.h"
#include "engine/job.h"
#include "engine/project.h"
#include "expr/expr_udf.h"
#include "sql/sql.h"
#include "types/codec.h"
#include "util/buf.h"
#include "udf_testkit.h"

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


/* ---- computed columns calling a UDF ----------------------------------------------- */

/* inc(x BIGINT) = x + 1, throwing for x = 13 when `throw13`; counts the batches it is called with. */
typedef struct fake_udf {
    int batches, rows, largest;
    int sizes[64];   /* the rows of the first 64 calls */
    bool throw13;
} fake_udf_t;

static int fake_call(void *ctx, const buf_t *in, buf_t *out, char *err, size_t errlen)
{
    fake_udf_t *f = ctx;
    uint32_t nrows;
    memcpy(&nrows, in->data + 4, 4);
    if (f->batches < 64) f->sizes[f->batches] = (int)nrows;
    f->batches++;
    if ((int)nrows > f->largest) f->largest = (int)nrows;
    type_t *t = type_new(TYPE_BIGINT, true);
    arena_t a;
    arena_init(&a, 0);
    buf_t values = BUF_INIT;
    size_t at = 8;
    uint32_t k = 0;
    for (; k < nrows; k++) {
        value_t v;
        size_t used;
        ck_assert_int_eq(codec_decode_value(in->data + at, in->len - at, &used, t, &a, &v, err, errlen), 0);
        at += used;
        if (f->throw13 && v.u.i64 == 13) break;
        v.u.i64++;
        f->rows++;
        codec_encode_value(&values, &v, t, err, errlen);
    }
    udf_testkit_answer(out, k, &values, k < nrows ? "java.lang.IllegalStateException: thirteen" : NULL);
    buf_free(&values);
    arena_destroy(&a);
    type_free(t);
    return 0;
}

static fake_udf_t fake;
static type_t *inc_arg, *inc_result;
static char *inc_names[] = {"x"};
static expr_udf_overload_t inc_overload;
static const expr_udf_t inc = {"inc", "com.example.Inc", 1, &inc_overload, true, false, fake_call, &fake};

static int find_udf(void *ctx, const char *name, const expr_udf_t **out, char *err, size_t errlen)
{
    (void)ctx, (void)err, (void)errlen;
    if (strcmp(name, "inc") != 0) return 0;
    *out = &inc;
    return 1;
}

/* A fresh count of calls and inc's types (fake_free releases them). */
static void fake_reset(bool throw13)
{
    memset(&fake, 0, sizeof fake);
    fake.throw13 = throw13;
    inc_arg = type_new(TYPE_BIGINT, true), inc_result = type_new(TYPE_BIGINT, true);
    inc_overload = (expr_udf_overload_t){1, &inc_arg, inc_names, false, inc_result};
}

static void fake_free(void)
{
    type_free(inc_arg), type_free(inc_result);
}

/* A consumer that checks v = k + 1 and counts rows and watermarks. */
typedef struct tally {
    int rows, watermarks, wrong;
} tally_t;

static int tally_row(void *ctx, int id, const row_t *row, arena_t *a, int64_t now_ms, char *err, size_t errlen)
{
    (void)id, (void)a, (void)now_ms, (void)err, (void)errlen;
    tally_t *t = ctx;
    t->wrong += row->fields[2].u.i64 != row->fields[0].u.i64 + 1 || row->fields[0].u.i64 != t->rows;
    t->rows++;
    return 0;
}

static int tally_watermark(void *ctx, int id, int64_t wm, char *err, size_t errlen)
{
    (void)id, (void)err, (void)errlen;
    tally_t *t = ctx;
    ck_assert_int_eq(wm, t->rows);   /* in its place: after the row before it */
    t->watermarks++;
    return 0;
}

static int tally_end(void *ctx, int id, bool last, char *err, size_t errlen)
{
    (void)ctx, (void)id, (void)last, (void)err, (void)errlen;
    return 0;
}

/* Table t (k INT, ts TIMESTAMP(3), v AS inc(k)) of n rows k = 0 .. n-1, a
 * watermark k after row k - 1 for each k in wms; runs it into a tally. inc
 * throws for 13 when throw13. */
static int run_computed(int n, const int *wms, int nwms, bool throw13, tally_t *tally, bool *source_failed,
                        char *err, size_t errlen)
{
    fake_reset(throw13);
    catalog_t cat;
    catalog_init(&cat);
    catalog_table_t *t = catalog_table_new("t");
    t->schema = type_parse("ROW<`k` INT, `ts` TIMESTAMP(3), `v` BIGINT>", err, errlen);
    t->watermark_col = -1;
    catalog_table_set_computed(t, 2, "inc(k)", 6);
    catalog_event_t *ev = calloc((size_t)(n + nwms), sizeof *ev);
    value_t *vals = calloc((size_t)n * 3, sizeof *vals);
    int m = 0;
    for (int k = 0, w = 0; k < n; k++) {
        for (; w < nwms && wms[w] == k; w++) ev[m++] = (catalog_event_t){CATALOG_EVENT_WATERMARK, {0}, k, 0};
        vals[3 * k].u.i64 = k;
        ev[m++] = (catalog_event_t){CATALOG_EVENT_ROW, {ROW_INSERT, 3, &vals[3 * k]}, 0, 0};
    }
    catalog_table_set_events(t, ev, (size_t)m);
    free(ev), free(vals);
    ck_assert_int_eq(catalog_add_table(&cat, t), 0);
    const expr_udf_resolver_t resolver = {find_udf, NULL};
    inputs_table_t spec = {t, 10};
    proctime_t clock = {true, 0};
    inputs_config_t cfg = {".", &clock, 0, NULL, 0, NULL, NULL, &resolver, false, NULL, NULL, NULL, NULL};
    inputs_t *ins = inputs_open(&spec, 1, &cfg, err, errlen);
    ck_assert_msg(ins != NULL, "%s", err);
    inputs_consumer_t c = {tally, tally_row, tally_watermark, log_proctime, tally_end, log_flush, NULL, NULL, NULL};
    int rc = inputs_run(ins, &c, err, errlen);
    *source_failed = inputs_source_failed(ins);
    inputs_close(ins);
    catalog_free(&cat);
    fake_free();
    return rc;
}

START_TEST(a_computed_column_calls_its_udf_once_per_batch_of_512_rows)
{
    char err[1024] = "";
    tally_t tally = {0};
    bool failed;
    ck_assert_msg(run_computed(1024, NULL, 0, false, &tally, &failed, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(tally.rows, 1024);
    ck_assert_int_eq(tally.wrong, 0);
    ck_assert_int_eq(fake.rows, 1024);
    ck_assert_int_eq(fake.batches, 2);   /* one call per call site and 512 rows, never one per row */
    ck_assert_int_eq(fake.largest, 512);
}
END_TEST

START_TEST(a_watermark_between_rows_ends_a_batch_and_arrives_in_its_place)
{
    char err[1024] = "";
    tally_t tally = {0};
    bool failed;
    const int wms[] = {3, 700};
    ck_assert_msg(run_computed(1000, wms, 2, false, &tally, &failed, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(tally.rows, 1000);
    ck_assert_int_eq(tally.wrong, 0);
    ck_assert_int_eq(tally.watermarks, 2);
    ck_assert_int_eq(fake.batches, 4);   /* rows 0-2, 3-514, 515-699, 700-999 */
}
END_TEST

START_TEST(a_failing_udf_in_a_computed_column_fails_the_source_after_the_rows_before_it)
{
    char err[1024] = "";
    tally_t tally = {0};
    bool failed;
    ck_assert_int_eq(run_computed(40, NULL, 0, true, &tally, &failed, err, sizeof err), -1);
    ck_assert(failed);
    ck_assert_int_eq(tally.rows, 13);
    ck_assert_int_eq(tally.wrong, 0);
    ck_assert_str_eq(err, "table 't': computing column 'v' failed: Function 'inc' (com.example.Inc) failed on "
                          "inc(13): java.lang.IllegalStateException: thirteen");
}
END_TEST

/* ---- an aggregation calling a UDF ------------------------------------------------- */

/* Runs sql (a GROUP BY query) over table t (k INT, g INT) of n rows k = 0 ..
 * n-1, g = k % 2; its changelog into *out (the caller frees it). */
static int run_aggregation(const char *sql, int n, bool throw13, char **out, char *err, size_t errlen)
{
    fake_reset(throw13);
    arena_t a;
    arena_init(&a, 0);
    sqlp_script_t *script = NULL;
    ck_assert_msg(sqlp_parse_script(sql, "q.sql", &a, &script, err, errlen) == 0, "%s", err);
    catalog_t cat;
    catalog_init(&cat);
    catalog_table_t *t = catalog_table_new("t");
    t->schema = type_parse("ROW<`k` INT, `g` INT>", err, errlen);
    t->watermark_col = -1;
    catalog_event_t *ev = calloc((size_t)n, sizeof *ev);
    value_t *vals = calloc((size_t)n * 2, sizeof *vals);
    for (int k = 0; k < n; k++) {
        vals[2 * k].u.i64 = k, vals[2 * k + 1].u.i64 = k % 2;
        ev[k] = (catalog_event_t){CATALOG_EVENT_ROW, {ROW_INSERT, 2, &vals[2 * k]}, 0, 0};
    }
    catalog_table_set_events(t, ev, (size_t)n);
    free(ev), free(vals);
    ck_assert_int_eq(catalog_add_table(&cat, t), 0);
    const expr_udf_resolver_t resolver = {find_udf, NULL};
    proctime_t clock = {true, 0};
    job_uids_t uids = {0};
    size_t len;
    FILE *f = open_memstream(out, &len);
    job_env_t env = {.catalog = &cat, .script = script, .flink_version = "2.3", .base_dir = ".", .out = f,
                     .format = CONN_STDOUT_CHANGELOG, .clock = &clock, .uids = &uids, .udfs = &resolver};
    int rc = job_run_query(&env, script->stmts[0]->u.query, NULL, err, errlen);
    fclose(f);
    job_uids_clear(&uids);
    catalog_free(&cat);
    arena_destroy(&a);
    fake_free();
    return rc;
}

START_TEST(an_aggregation_calls_its_udfs_once_per_call_site_and_batch_of_512_rows)
{
    char err[1024] = "", *out = NULL;
    const char *sql = "SELECT g, SUM(inc(k)) AS s FROM t WHERE inc(k) > 0 GROUP BY g;";
    ck_assert_msg(run_aggregation(sql, 1024, false, &out, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(fake.rows, 2048);
    ck_assert_int_eq(fake.largest, 512);
    /* WHERE and SUM's argument, each once per batch (512 rows; the flush hint
     * of a slow run may end one sooner), never once per row */
    ck_assert_int_eq(fake.batches % 2, 0);
    for (int i = 0; i + 1 < fake.batches && i + 1 < 64; i += 2) ck_assert_int_eq(fake.sizes[i], fake.sizes[i + 1]);
    /* sums of k + 1 over even and odd k, in row order: the last updates are the totals */
    ck_assert_msg(strstr(out, "+I[0, 1]\n+I[1, 2]\n-U[0, 1]\n+U[0, 4]\n") == out, "%s", out);
    ck_assert_msg(strstr(out, "+U[0, 262144]\n-U[1, 261632]\n+U[1, 262656]\n") != NULL, "%s", out);
    free(out);
}
END_TEST

START_TEST(a_failing_udf_in_an_aggregation_fails_after_the_rows_before_it)
{
    char err[1024] = "", *out = NULL;
    const char *where = "SELECT g, COUNT(*) AS c FROM t WHERE inc(k) > 0 GROUP BY g;";
    ck_assert_int_eq(run_aggregation(where, 40, true, &out, err, sizeof err), -1);
    ck_assert_str_eq(err, "WHERE: Function 'inc' (com.example.Inc) failed on inc(13): "
                          "java.lang.IllegalStateException: thirteen");
    const char *last = "-U[1, 5]\n+U[1, 6]\n-U[0, 6]\n+U[0, 7]\n";   /* rows 0 .. 12: 7 even, 6 odd */
    size_t len = strlen(out), nlast = strlen(last);
    ck_assert_msg(len > nlast && strcmp(out + len - nlast, last) == 0, "%s", out);
    free(out);
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
    tcase_add_test(tc, a_computed_column_calls_its_udf_once_per_batch_of_512_rows);
    tcase_add_test(tc, a_watermark_between_rows_ends_a_batch_and_arrives_in_its_place);
    tcase_add_test(tc, a_failing_udf_in_a_computed_column_fails_the_source_after_the_rows_before_it);
    tcase_add_test(tc, an_aggregation_calls_its_udfs_once_per_call_site_and_batch_of_512_rows);
    tcase_add_test(tc, a_failing_udf_in_an_aggregation_fails_after_the_rows_before_it);
    tcase_add_test(tc, the_prefix_key_follows_its_columns_through_the_projection);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

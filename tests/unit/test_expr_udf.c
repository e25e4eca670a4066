/* test_expr_udf.c - UDF calls in expressions (native/expr/expr_udf.c) with a
 * fake transport in place of the bridge: overload choice, casts, constant
 * reduction, and the batched evaluation (one call per call site and round,
 * calls exactly where a row-at-a-time evaluation makes them, errors for the
 * first failing row). */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr_udf.h"
#include "types/codec.h"
#include "types/render.h"
#include "udf_testkit.h"

/* A fake function over BIGINT: x + 1, throwing for x = 1013; counts batches and rows. */
typedef struct fake {
    int batches, rows;
} fake_t;

static int fake_call(void *ctx, const buf_t *in, buf_t *out, char *err, size_t errlen)
{
    fake_t *f = ctx;
    uint16_t nargs;
    uint32_t nrows;
    memcpy(&nargs, in->data + 2, 2);
    memcpy(&nrows, in->data + 4, 4);
    f->batches++;
    type_t *t = type_new(TYPE_BIGINT, true);
    arena_t a;
    arena_init(&a, 0);
    buf_t values = BUF_INIT;
    size_t at = 8;
    uint32_t k = 0;
    const char *error = NULL;
    for (; k < nrows && !error; k++) {
        value_t sum = {0};
        for (int i = 0; i < nargs; i++) {
            value_t v;
            size_t used;
            ck_assert_int_eq(codec_decode_value(in->data + at, in->len - at, &used, t, &a, &v, err, errlen), 0);
            at += used;
            if (v.u.i64 == 1013) error = "java.lang.IllegalStateException: thirteen\n\tat Fake.eval(Fake.java:1)";
            sum.u.i64 += v.u.i64;
        }
        if (error) break;
        sum.u.i64 += 1;
        f->rows++;
        codec_encode_value(&values, &sum, t, err, errlen);
    }
    udf_testkit_answer(out, k, &values, error);
    buf_free(&values);
    arena_destroy(&a);
    type_free(t);
    return 0;
}

static fake_t fake;
static type_t *bigint_args[2], *int_args[1];
static char *names[] = {"x", "y"};
static expr_udf_overload_t overloads[2];
static expr_udf_t inc = {"inc", "com.example.Inc", 2, overloads, true, false, fake_call, &fake};

static int find(void *ctx, const char *name, const expr_udf_t **out, char *err, size_t errlen)
{
    (void)ctx, (void)err, (void)errlen;
    if (strcmp(name, "inc") != 0 && strcmp(name, "nd") != 0) return 0;
    static expr_udf_t nd;
    nd = inc;
    nd.name = "nd";
    nd.deterministic = false;
    *out = strcmp(name, "inc") == 0 ? &inc : &nd;
    return 1;
}

static const expr_udf_resolver_t resolver = {find, NULL};

static void setup(void)
{
    memset(&fake, 0, sizeof fake);
    bigint_args[0] = type_new(TYPE_BIGINT, true);
    bigint_args[1] = type_new(TYPE_BIGINT, true);
    /* inc(x BIGINT, y BIGINT...) and inc(x BIGINT): the second takes one argument without a cast */
    overloads[0] = (expr_udf_overload_t){2, bigint_args, names, true, type_new(TYPE_BIGINT, true)};
    overloads[1] = (expr_udf_overload_t){1, bigint_args, names, false, type_new(TYPE_BIGINT, true)};
    (void)int_args;
}

static void teardown(void)
{
    type_free(bigint_args[0]);
    type_free(bigint_args[1]);
    type_free(overloads[0].result);
    type_free(overloads[1].result);
}

typedef struct compiled {
    arena_t a;
    sqlp_script_t *script;
    type_t *row;
    expr_t *x;
    char err[1024];
} compiled_t;

static void compile(compiled_t *c, const char *sql)
{
    arena_init(&c->a, 0);
    ck_assert_int_eq(sqlp_parse_script(sql, NULL, &c->a, &c->script, c->err, sizeof c->err), 0);
    c->row = type_parse("ROW<`v` BIGINT>", c->err, sizeof c->err);
    expr_env_t env = {c->script, NULL};
    c->x = expr_compile_udfs(&env, &resolver, c->script->stmts[0]->u.query->items[0].expr, c->row, c->err,
                             sizeof c->err);
}

static void release(compiled_t *c)
{
    expr_free(c->x);
    type_free(c->row);
    arena_destroy(&c->a);
}

/* rows v = 0 .. n-1 */
static row_t *rows_of(int n, arena_t *a)
{
    row_t *rows = arena_calloc(a, (size_t)n, sizeof *rows);
    for (int i = 0; i < n; i++) {
        rows[i] = (row_t){ROW_INSERT, 1, arena_calloc(a, 1, sizeof(value_t))};
        rows[i].fields[0].u.i64 = i;
    }
    return rows;
}

START_TEST(one_call_per_batch_not_per_row)
{
    compiled_t c;
    compile(&c, "SELECT inc(v) * 10");
    ck_assert_msg(c.x != NULL, "%s", c.err);
    row_t *rows = rows_of(100, &c.a);
    value_t out[100];
    int failed;
    ck_assert_int_eq(expr_eval_batch(c.x, rows, 100, &c.a, out, &failed, c.err, sizeof c.err), 0);
    ck_assert_int_eq(fake.batches, 1);
    ck_assert_int_eq(fake.rows, 100);
    for (int i = 0; i < 100; i++) ck_assert_int_eq(out[i].u.i64, (i + 1) * 10);
    release(&c);
}
END_TEST

START_TEST(nested_calls_take_one_round_each)
{
    compiled_t c;
    compile(&c, "SELECT inc(inc(v), v)");
    ck_assert_msg(c.x != NULL, "%s", c.err);
    row_t *rows = rows_of(10, &c.a);
    value_t out[10];
    int failed;
    ck_assert_int_eq(expr_eval_batch(c.x, rows, 10, &c.a, out, &failed, c.err, sizeof c.err), 0);
    ck_assert_int_eq(fake.batches, 2);
    for (int i = 0; i < 10; i++) ck_assert_int_eq(out[i].u.i64, (i + 1) + i + 1);
    release(&c);
}
END_TEST

START_TEST(a_branch_not_taken_calls_nothing)
{
    compiled_t c;
    compile(&c, "SELECT CASE WHEN v >= 5 THEN inc(v) ELSE -1 END");
    ck_assert_msg(c.x != NULL, "%s", c.err);
    row_t *rows = rows_of(10, &c.a);
    value_t out[10];
    int failed;
    ck_assert_int_eq(expr_eval_batch(c.x, rows, 10, &c.a, out, &failed, c.err, sizeof c.err), 0);
    ck_assert_int_eq(fake.batches, 1);
    ck_assert_int_eq(fake.rows, 5);
    ck_assert_int_eq(out[2].u.i64, -1);
    ck_assert_int_eq(out[7].u.i64, 8);
    release(&c);
}
END_TEST

START_TEST(an_exception_fails_the_first_failing_row)
{
    compiled_t c;
    compile(&c, "SELECT inc(v)");
    ck_assert_msg(c.x != NULL, "%s", c.err);
    row_t *rows = rows_of(20, &c.a);
    rows[13].fields[0].u.i64 = 1013;
    rows[17].fields[0].u.i64 = 1013;
    value_t out[20];
    int failed;
    ck_assert_int_eq(expr_eval_batch(c.x, rows, 20, &c.a, out, &failed, c.err, sizeof c.err), -1);
    ck_assert_int_eq(failed, 13);
    ck_assert_int_eq(out[12].u.i64, 13);
    ck_assert_str_eq(c.err, "Function 'inc' (com.example.Inc) failed on inc(1013): java.lang.IllegalStateException: "
                            "thirteen\n\tat Fake.eval(Fake.java:1)");
    release(&c);
}
END_TEST

START_TEST(a_deterministic_call_of_constants_is_reduced_once)
{
    compiled_t c;
    compile(&c, "SELECT inc(41)");
    ck_assert_msg(c.x != NULL, "%s", c.err);
    ck_assert_int_eq(fake.batches, 1);
    value_t v;
    ck_assert_int_eq(expr_eval(c.x, NULL, &c.a, &v, c.err, sizeof c.err), 0);
    ck_assert_int_eq(expr_eval(c.x, NULL, &c.a, &v, c.err, sizeof c.err), 0);
    ck_assert_int_eq(v.u.i64, 42);
    ck_assert_int_eq(fake.batches, 1);
    release(&c);
    compile(&c, "SELECT nd(41)");
    ck_assert_int_eq(expr_eval(c.x, NULL, &c.a, &v, c.err, sizeof c.err), 0);
    ck_assert_int_eq(fake.batches, 2);   /* not deterministic: called per evaluation */
    release(&c);
}
END_TEST

START_TEST(prefetched_rows_call_nothing_more)
{
    compiled_t c;
    compile(&c, "SELECT inc(v)");
    ck_assert_msg(c.x != NULL, "%s", c.err);
    row_t *rows = rows_of(50, &c.a);
    rows[13].fields[0].u.i64 = 1013;
    expr_prefetch(c.x, rows, 50);
    ck_assert_int_eq(fake.batches, 1);
    value_t v;
    for (int i = 0; i < 13; i++) {
        ck_assert_int_eq(expr_eval(c.x, &rows[i], &c.a, &v, c.err, sizeof c.err), 0);
        ck_assert_int_eq(v.u.i64, i + 1);
    }
    ck_assert_int_eq(expr_eval(c.x, &rows[13], &c.a, &v, c.err, sizeof c.err), -1);
    ck_assert_int_eq(fake.batches, 1);
    ck_assert_ptr_nonnull(strstr(c.err, "thirteen"));
    ck_assert_int_eq(expr_eval(c.x, &rows[14], &c.a, &v, c.err, sizeof c.err), 0);   /* after it: one by one */
    ck_assert_int_eq(v.u.i64, 15);
    ck_assert_int_eq(fake.batches, 2);
    release(&c);
}
END_TEST

START_TEST(no_matching_overload_lists_the_signatures)
{
    compiled_t c;
    compile(&c, "SELECT inc(TRUE)");
    ck_assert_ptr_null(c.x);
    ck_assert_ptr_nonnull(strstr(c.err, "SQL validation failed. Invalid function call:\ninc(BOOLEAN NOT NULL)\n"
                                        "Invalid input arguments. Expected signatures are:\n"
                                        "inc(x BIGINT, y BIGINT...)\ninc(x BIGINT)"));
    release(&c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("expr_udf");
    TCase *tc = tcase_create("udf");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, one_call_per_batch_not_per_row);
    tcase_add_test(tc, nested_calls_take_one_round_each);
    tcase_add_test(tc, a_branch_not_taken_calls_nothing);
    tcase_add_test(tc, an_exception_fails_the_first_failing_row);
    tcase_add_test(tc, a_deterministic_call_of_constants_is_reduced_once);
    tcase_add_test(tc, prefetched_rows_call_nothing_more);
    tcase_add_test(tc, no_matching_overload_lists_the_signatures);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

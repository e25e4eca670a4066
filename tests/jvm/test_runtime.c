/* test_runtime.c - the runner's hand-off (jni/jb_runtime.c + the Java
 * runtime) proven end to end through JNI with a real JVM and the seed JAR:
 * open seed PTFs (Median, InactivityAlert, RunningMax), send batches encoded
 * with the C protocol module and codec, decode Java's answer with the
 * protocol module (OUT rows with their kinds, timer requests, STATE values,
 * ERROR, END), keep the state C-side between batches as the engine does,
 * fire a timer, grow the output buffer, close.
 *
 * Runs on a 64 MiB thread with -Xcheck:jni (CK_FORK=no: a JVM does not
 * survive fork()); the last test asserts the JVM printed nothing. */
#include <check.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jb.h"
#include "jvm_main.h"
#include "protocol/batch.h"
#include "types/codec.h"
#include "types/types.h"
#include "util/arena.h"
#include "util/buf.h"

#define WM_NONE INT64_MIN

static jb_vm_t *vm;
static char err[64 * 1024];
static char jar[4096];

static const char *PLAN =
    "{\"function\": \"Median\", \"uid\": \"median\", \"flink_version\": \"2.3\","
    " \"tables\": [{\"arg\": \"input\", \"row_type\": \"ROW<`sensor_id` INT, `temperature` DOUBLE>\","
    " \"partition_by\": [0], \"order_by\": [], \"order_desc\": [], \"time_column\": -1,"
    " \"changelog_mode\": \"[INSERT]\"}],"
    " \"scalars_type\": \"ROW<`numTrailing` INT>\","
    " \"required_changelog_mode\": \"[INSERT]\", \"timers_allowed\": true}";

static jb_vm_t *the_vm(void)
{
    if (vm) return vm;
    const char *b = getenv("PTFHOST_BUILD");
    ck_assert_msg(b != NULL, "PTFHOST_BUILD is not set");
    snprintf(jar, sizeof jar, "%s/compat/seeds.jar", b);
    jb_options_t o = {.home = b};   /* the build folder is laid out like ptfhost's home */
    ck_assert_msg(jb_vm_start(&o, &vm, err, sizeof err) == 0, "jb_vm_start: %s", err);
    return vm;
}

static type_t *parse(const char *s)
{
    type_t *t = type_parse(s, err, sizeof err);
    ck_assert_msg(t != NULL, "%s: %s", s, err);
    return t;
}

static jb_function_t *open_median(int num_trailing)
{
    type_t *st = parse("ROW<`numTrailing` INT>");
    value_t v = {.is_null = false, .u.i64 = num_trailing};
    row_t r = {ROW_INSERT, 1, &v};
    buf_t sc = BUF_INIT;
    ck_assert_msg(codec_encode_row(&sc, &r, st, err, sizeof err) == 0, "%s", err);
    const char *jars[] = {jar};
    jb_function_t *f = NULL;
    int rc = jb_function_open(the_vm(), jars, 1, "com.example.Median", PLAN, sc.data, sc.len, &f, err, sizeof err);
    ck_assert_msg(rc == 0, "jb_function_open: %s", err);
    buf_free(&sc);
    type_free(st);
    return f;
}

/* ---- batches: what the engine does -------------------------------------- */

/* C's store for the test: per key slot, the one state entry of Median. */
typedef struct store {
    unsigned char *data[4];
    uint32_t len[4];
} store_t;

static void begin_batch(buf_t *b, const store_t *s, uint32_t nkeys, uint32_t nrecords)
{
    batch_begin(b, nkeys, nrecords);
    for (uint32_t k = 0; k < nkeys; k++) batch_put_state(b, s->data[k], s->len[k]);
}

/* EVAL of table 0 with a row of the given type; time is the record's on_time value. */
static void add_eval_row(buf_t *b, uint32_t slot, const row_t *r, const type_t *rt, int64_t wm, int64_t time)
{
    batch_eval_t e = {slot, 0, r->kind, wm, wm, time};
    size_t mark = batch_put_eval(b, &e);
    ck_assert_msg(codec_encode_row(b, r, rt, err, sizeof err) == 0, "%s", err);
    batch_end_row(b, mark);
}

/* EVAL of a Median input row, without watermark or time. */
static void add_eval(buf_t *b, uint32_t slot, int sensor, const double *temperature)
{
    static type_t *rt;
    if (!rt) rt = parse("ROW<`sensor_id` INT, `temperature` DOUBLE>");
    value_t f[2] = {{.is_null = false, .u.i64 = sensor}, {.is_null = temperature == NULL}};
    if (temperature) f[1].u.f64 = *temperature;
    row_t r = {ROW_INSERT, 2, f};
    add_eval_row(b, slot, &r, rt, WM_NONE, WM_NONE);
}

/* Java's answer, decoded; rows live in the answer's arena. */
typedef struct answer {
    arena_t arena;
    int nout;
    uint32_t out_record[4096];
    row_t out[4096];
    int nstate;
    uint32_t state_slot[8];
    bool state_present[8];
    int ntimer;
    char timer[8][128];   /* "SET slot time name" / "CLEAR slot time name" / "CLEAR_ALL slot" */
    uint32_t timer_record[8];   /* SET: the registering record */
    char *error;
    uint32_t error_record;
    uint32_t consumed;
} answer_t;

static answer_t *answer_new(void)
{
    answer_t *a = calloc(1, sizeof *a);
    ck_assert_ptr_nonnull(a);
    arena_init(&a->arena, 0);
    return a;
}

static void answer_free(answer_t *a)
{
    arena_destroy(&a->arena);
    free(a->error);
    free(a);
}

/* One STATE message applied to C's store for the test. */
static void apply_state(store_t *s, const batch_msg_t *m)
{
    ck_assert_uint_lt(m->key_slot, 4);
    free(s->data[m->key_slot]);
    s->data[m->key_slot] = NULL;
    if (!m->present) return;
    s->data[m->key_slot] = malloc(m->len);
    memcpy(s->data[m->key_slot], m->data, m->len);
    s->len[m->key_slot] = m->len;
}

static void add_timer(answer_t *a, const batch_msg_t *m)
{
    ck_assert_int_lt(a->ntimer, 8);
    char *line = a->timer[a->ntimer];
    a->timer_record[a->ntimer++] = m->record;
    if (m->type == BATCH_MSG_TIMERS_CLEAR_ALL) {
        snprintf(line, sizeof a->timer[0], "CLEAR_ALL %u", m->key_slot);
        return;
    }
    snprintf(line, sizeof a->timer[0], "%s %u %" PRId64 " %s", m->type == BATCH_MSG_TIMER_SET ? "SET" : "CLEAR",
             m->key_slot, m->time, m->name ? m->name : "(unnamed)");
}

static void add_out(answer_t *a, const batch_msg_t *m, const type_t *ot)
{
    ck_assert_int_lt(a->nout, 4096);
    row_t *r = &a->out[a->nout];
    size_t used;
    ck_assert_msg(codec_decode_row(m->data, m->len, &used, ot, &a->arena, r, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(used, m->len);
    ck_assert_int_eq((int)m->kind, (int)r->kind);
    a->out_record[a->nout++] = m->record;
}

/* Java's answer for a batch of nkeys keys and nrecords records (the functions
 * here have one state entry), decoded by the protocol module. */
static void decode_answer(const buf_t *out, const char *output_type, uint32_t nkeys, uint32_t nrecords, store_t *s,
                          answer_t *a)
{
    arena_reset(&a->arena);
    free(a->error);
    a->error = NULL;
    a->nout = a->nstate = a->ntimer = 0;
    type_t *ot = parse(output_type);
    batch_answer_t msgs;
    batch_answer_init(&msgs);
    batch_shape_t shape = {nkeys, nrecords, 1};
    ck_assert_msg(batch_decode_answer(out->data, out->len, &shape, &msgs, err, sizeof err) == 0, "%s", err);
    for (size_t i = 0; i < msgs.n; i++) {
        const batch_msg_t *m = &msgs.msgs[i];
        switch (m->type) {
        case BATCH_MSG_END: a->consumed = m->consumed; break;
        case BATCH_MSG_OUT: add_out(a, m, ot); break;
        case BATCH_MSG_TIMER_SET:
        case BATCH_MSG_TIMER_CLEAR:
        case BATCH_MSG_TIMERS_CLEAR_ALL: add_timer(a, m); break;
        case BATCH_MSG_STATE:
            apply_state(s, m);
            ck_assert_int_lt(a->nstate, 8);
            a->state_slot[a->nstate] = m->key_slot;
            a->state_present[a->nstate++] = m->present;
            break;
        case BATCH_MSG_HELD: ck_abort_msg("HELD for slot %u: no cell of these batches is holdable", m->key_slot); break;
        case BATCH_MSG_ERROR:
            a->error_record = m->record;
            a->error = strndup((const char *)m->data, m->len);
            break;
        }
    }
    batch_answer_free(&msgs);
    type_free(ot);
}

static double median_at(const answer_t *a, int i)
{
    ck_assert_uint_eq(a->out[i].n, 2);
    return a->out[i].fields[1].u.f64;
}

static void store_free(store_t *s)
{
    for (int i = 0; i < 4; i++) free(s->data[i]);
}

/* One batch through f, as the engine sends it: the answer decoded into a, its
 * STATE messages applied to s. */
static void process_batch(jb_function_t *f, const buf_t *in, buf_t *out, store_t *s, answer_t *a)
{
    ck_assert_msg(jb_function_process(f, in, out, err, sizeof err) == 0, "%s", err);
    uint32_t nkeys, nrecords;
    memcpy(&nkeys, in->data + 4, 4);      /* the header, little-endian host */
    memcpy(&nrecords, in->data + 8, 4);
    decode_answer(out, jb_function_output_type(f), nkeys, nrecords, s, a);
}

/* The end of a test that sent batches: everything freed, f closed. */
static void close_all(jb_function_t *f, buf_t *in, buf_t *out, store_t *s, answer_t *a)
{
    answer_free(a);
    buf_free(in);
    buf_free(out);
    store_free(s);
    ck_assert_msg(jb_function_close(f, err, sizeof err) == 0, "%s", err);
}

/* ---- tests ------------------------------------------------------------------ */

START_TEST(open_reports_mode_and_output_type)
{
    jb_function_t *f = open_median(3);
    ck_assert_str_eq(jb_function_changelog_mode(f), "[INSERT]");
    ck_assert_str_eq(jb_function_output_type(f), "ROW<`temperature` DOUBLE, `median` DOUBLE>");
    ck_assert_int_ge(jb_function_handle(f), 0);
    ck_assert_msg(jb_function_close(f, err, sizeof err) == 0, "%s", err);
}
END_TEST

START_TEST(median_state_round_trips_through_c)
{
    jb_function_t *f = open_median(3);
    store_t s = {0};
    buf_t in = BUF_INIT, out = BUF_INIT;
    answer_t *a = answer_new();

    /* batch 1: sensor 1 (slot 0) twice, sensor 2 (slot 1) once; nothing stored yet */
    double t[] = {20.0, 22.0, 10.0};
    begin_batch(&in, &s, 2, 3);
    add_eval(&in, 0, 1, &t[0]);
    add_eval(&in, 0, 1, &t[1]);
    add_eval(&in, 1, 2, &t[2]);
    process_batch(f, &in, &out, &s, a);
    ck_assert_int_eq(a->nout, 3);
    ck_assert_uint_eq(a->consumed, 3);
    ck_assert_ptr_null(a->error);
    ck_assert(median_at(a, 0) == 20.0 && median_at(a, 1) == 21.0 && median_at(a, 2) == 10.0);
    ck_assert_uint_eq(a->out_record[2], 2);
    ck_assert_int_eq(a->nstate, 2);
    ck_assert(a->state_present[0] && a->state_present[1]);

    /* batch 2: the stored state comes back from C; the window of 3 slides */
    double u[] = {30.0, 1.0};
    begin_batch(&in, &s, 1, 2);
    add_eval(&in, 0, 1, &u[0]);
    add_eval(&in, 0, 1, &u[1]);
    process_batch(f, &in, &out, &s, a);
    ck_assert_int_eq(a->nout, 2);
    ck_assert_msg(median_at(a, 0) == 22.0 && median_at(a, 1) == 22.0, "medians %g %g", median_at(a, 0),
                  median_at(a, 1));

    close_all(f, &in, &out, &s, a);
}
END_TEST

START_TEST(output_larger_than_the_buffer_grows_it)
{
    jb_function_t *f = open_median(1);
    store_t s = {0};
    buf_t in = BUF_INIT, out = BUF_INIT;
    answer_t *a = answer_new();
    enum { N = 4000 };   /* ~38 bytes of OUT each: more than the 64 KiB first buffer */
    begin_batch(&in, &s, 1, N);
    for (int i = 0; i < N; i++) {
        double t = i;
        add_eval(&in, 0, 1, &t);
    }
    process_batch(f, &in, &out, &s, a);
    ck_assert_uint_gt(out.len, JB_BATCH_MIN_OUT);
    ck_assert_int_eq(a->nout, N);
    ck_assert_uint_eq(a->consumed, N);
    ck_assert(median_at(a, N - 1) == N - 1);   /* numTrailing 1: the median is the value itself */
    close_all(f, &in, &out, &s, a);
}
END_TEST

START_TEST(user_exception_is_an_error_message)
{
    jb_function_t *f = open_median(3);
    store_t s = {0};
    buf_t in = BUF_INIT, out = BUF_INIT;
    answer_t *a = answer_new();
    /* A NULL temperature makes Median's Collections.sort throw a NullPointerException. */
    double t = 5.0;
    begin_batch(&in, &s, 1, 3);
    add_eval(&in, 0, 7, &t);
    add_eval(&in, 0, 7, NULL);
    add_eval(&in, 0, 7, &t);
    process_batch(f, &in, &out, &s, a);
    ck_assert_int_eq(a->nout, 1);
    ck_assert_ptr_nonnull(a->error);
    ck_assert_uint_eq(a->error_record, 1);
    ck_assert_uint_eq(a->consumed, 1);
    ck_assert_msg(strncmp(a->error, "java.lang.NullPointerException", 30) == 0, "got: %s", a->error);
    ck_assert_msg(strstr(a->error, "com.example.Median.eval(Median.java:"), "got: %s", a->error);
    ck_assert_msg(!strstr(a->error, "io.ptfhost.bridge"), "runtime frames in: %s", a->error);
    /* the record before the failure is kept: its state comes back */
    ck_assert_int_eq(a->nstate, 1);
    close_all(f, &in, &out, &s, a);
}
END_TEST

static jb_function_t *open_class(const char *class_name, const char *plan)
{
    const char *jars[] = {jar};
    jb_function_t *f = NULL;
    int rc = jb_function_open(the_vm(), jars, 1, class_name, plan, NULL, 0, &f, err, sizeof err);
    ck_assert_msg(rc == 0, "jb_function_open(%s): %s", class_name, err);
    return f;
}

static value_t str(const char *s)
{
    value_t v = {.is_null = false};
    v.u.str.ptr = s;
    v.u.str.len = (uint32_t)strlen(s);
    return v;
}

START_TEST(inactivity_alert_timers_and_on_timer)
{
    static const char *plan =
        "{\"function\": \"InactivityAlert\", \"tables\": [{\"arg\": \"input\","
        " \"row_type\": \"ROW<`user_id` STRING, `event_time` TIMESTAMP(3)>\", \"partition_by\": [0],"
        " \"order_by\": [], \"order_desc\": [], \"time_column\": 1, \"changelog_mode\": \"[INSERT]\"}],"
        " \"scalars_type\": \"ROW<>\", \"required_changelog_mode\": \"[INSERT]\", \"timers_allowed\": true}";
    jb_function_t *f = open_class("com.example.InactivityAlert", plan);
    ck_assert_str_eq(jb_function_output_type(f), "ROW<`alert_type` STRING, `idle_ms` BIGINT>");
    type_t *rt = parse("ROW<`user_id` STRING, `event_time` TIMESTAMP(3)>");
    store_t s = {0};
    buf_t in = BUF_INIT, out = BUF_INIT;
    answer_t *a = answer_new();

    /* eval at event time 1000: clear the named timer, register it 60 s later */
    value_t fields[2] = {str("carol"), {.is_null = false}};
    fields[1].u.ts.millis = 1000;
    row_t r = {ROW_INSERT, 2, fields};
    begin_batch(&in, &s, 1, 1);
    add_eval_row(&in, 0, &r, rt, 999, 1000);
    process_batch(f, &in, &out, &s, a);
    ck_assert_ptr_null(a->error);
    ck_assert_int_eq(a->nout, 0);
    ck_assert_int_eq(a->ntimer, 2);
    ck_assert_str_eq(a->timer[0], "CLEAR 0 -9223372036854775808 inactivity");
    ck_assert_str_eq(a->timer[1], "SET 0 61000 inactivity");
    ck_assert_uint_eq(a->timer_record[1], 0);   /* registered by record 0 */
    ck_assert_int_eq(a->nstate, 1);
    ck_assert(a->state_present[0]);

    /* the timer fires: onTimer(state) without a context sees the stored lastSeenMs */
    begin_batch(&in, &s, 1, 1);
    ck_assert_int_eq(batch_put_timer(&in, 0, 61000, 61000, "inactivity", err, sizeof err), 0);
    process_batch(f, &in, &out, &s, a);
    ck_assert_ptr_null(a->error);
    ck_assert_int_eq(a->nout, 1);
    ck_assert_int_eq((int)a->out[0].kind, ROW_INSERT);
    ck_assert_int_eq((int)a->out[0].fields[0].u.str.len, 8);
    ck_assert(memcmp(a->out[0].fields[0].u.str.ptr, "inactive", 8) == 0);
    /* idle_ms is wall-clock: between 0 and a minute since the eval batch */
    ck_assert(a->out[0].fields[1].u.i64 >= 0 && a->out[0].fields[1].u.i64 < 60000);
    ck_assert_int_eq(a->nstate, 0);   /* onTimer left the state unchanged: not rewritten */
    ck_assert_uint_eq(a->consumed, 1);

    type_free(rt);
    close_all(f, &in, &out, &s, a);
}
END_TEST

START_TEST(running_max_emits_upserts)
{
    static const char *plan =
        "{\"function\": \"RunningMax\", \"tables\": [{\"arg\": \"input\","
        " \"row_type\": \"ROW<`currency` STRING, `rate` DECIMAL(10, 4)>\", \"partition_by\": [0],"
        " \"order_by\": [], \"order_desc\": [], \"time_column\": -1, \"changelog_mode\": \"[INSERT]\"}],"
        " \"required_changelog_mode\": \"[INSERT, UPDATE_AFTER, DELETE]\", \"timers_allowed\": true}";
    jb_function_t *f = open_class("com.example.RunningMax", plan);
    ck_assert_str_eq(jb_function_changelog_mode(f), "[INSERT, UPDATE_AFTER, ~DELETE]");
    type_t *rt = parse("ROW<`currency` STRING, `rate` DECIMAL(10, 4)>");
    store_t s = {0};
    buf_t in = BUF_INIT, out = BUF_INIT;
    answer_t *a = answer_new();
    const int64_t rates[] = {10850, 10920, 10900};   /* 1.0850, 1.0920, 1.0900 */
    begin_batch(&in, &s, 1, 3);
    for (int i = 0; i < 3; i++) {
        value_t fields[2] = {str("EUR"), {.is_null = false}};
        fields[1].u.dec = rates[i];
        row_t r = {ROW_INSERT, 2, fields};
        add_eval_row(&in, 0, &r, rt, WM_NONE, WM_NONE);
    }
    process_batch(f, &in, &out, &s, a);
    ck_assert_ptr_null(a->error);
    ck_assert_int_eq(a->nout, 2);
    ck_assert_int_eq((int)a->out[0].kind, ROW_INSERT);
    ck_assert(a->out[0].fields[0].u.dec == 10850);
    ck_assert_int_eq((int)a->out[1].kind, ROW_UPDATE_AFTER);
    ck_assert(a->out[1].fields[0].u.dec == 10920);
    ck_assert_uint_eq(a->out_record[1], 1);
    type_free(rt);
    close_all(f, &in, &out, &s, a);
}
END_TEST

START_TEST(bad_open_and_corrupt_batch_are_errors)
{
    const char *jars[] = {jar};
    jb_function_t *f = NULL;
    the_vm();
    ck_assert_int_eq(jb_function_open(vm, jars, 1, "com.example.NoSuchPtf", PLAN, NULL, 0, &f, err, sizeof err), -1);
    ck_assert_ptr_null(f);
    ck_assert_msg(strstr(err, "cannot open function class 'com.example.NoSuchPtf'"), "got: %s", err);
    ck_assert_msg(strstr(err, "was not found in"), "got: %s", err);

    f = open_median(3);
    buf_t in = BUF_INIT, out = BUF_INIT;
    buf_put_u32(&in, 0x12345678u);
    buf_put_u32(&in, 0);
    buf_put_u32(&in, 0);
    ck_assert_int_eq(jb_function_process(f, &in, &out, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "does not start with the magic number"), "got: %s", err);
    buf_free(&in);
    buf_free(&out);
    ck_assert_msg(jb_function_close(f, err, sizeof err) == 0, "%s", err);
}
END_TEST

START_TEST(jvm_printed_nothing)
{
    ck_assert_uint_eq(jb_jvm_message_count(), 0);
}
END_TEST

static Suite *runtime_suite(void)
{
    Suite *s = suite_create("runtime");
    TCase *tc = tcase_create("hand-off");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, open_reports_mode_and_output_type);
    tcase_add_test(tc, median_state_round_trips_through_c);
    tcase_add_test(tc, output_larger_than_the_buffer_grows_it);
    tcase_add_test(tc, user_exception_is_an_error_message);
    tcase_add_test(tc, inactivity_alert_timers_and_on_timer);
    tcase_add_test(tc, running_max_emits_upserts);
    tcase_add_test(tc, bad_open_and_corrupt_batch_are_errors);
    tcase_add_test(tc, jvm_printed_nothing);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    setenv("PTFHOST_JVM_OPTS", "-Xcheck:jni", 0);
    return jvm_main_run(runtime_suite) == 0 ? 0 : 1;
}

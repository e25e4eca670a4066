/* test_bridge.c - the JNI bridge (jni/) proven from the C side against a real
 * JVM: start-up and reuse, UTF-8 strings, Java exceptions with causes, stack
 * overflow, thread attach/detach, and the batch hand-off with its grow
 * protocol, and the shared codec vectors decoded and re-encoded by Java in one
 * batch. The Java side is io.ptfhost.bridge.SelfTest in the shim JAR.
 *
 * Like ptfhost itself, the suite runs on a thread with a 64 MiB stack, never
 * on the primordial thread, and the JVM runs with -Xcheck:jni: the last test
 * asserts that the JVM printed nothing (no JNI misuse, no local-reference
 * overflow). CK_FORK=no: a JVM does not survive fork(). */
#include <check.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jb.h"
#include "jvm_main.h"
#include "types/codec.h"
#include "types/types.h"
#include "util/arena.h"

#define SELFTEST "io.ptfhost.bridge.SelfTest"

static jb_vm_t *vm;
static char err[64 * 1024];

static jb_vm_t *the_vm(void)
{
    if (vm) return vm;
    static char shim[4096];
    jb_options_t o = {0};
    const char *b = getenv("PTFHOST_BUILD");
    if (b) {
        snprintf(shim, sizeof shim, "%s/java/ptfhost-shim.jar", b);
        o.shim_jar = shim;
    }
    int rc = jb_vm_start(&o, &vm, err, sizeof err);
    ck_assert_msg(rc == 0, "jb_vm_start: %s", err);
    return vm;
}

/* SelfTest.run(what); returns the malloc'ed result or NULL with err set. */
static char *run(const char *what)
{
    char *out = NULL;
    if (jb_call_string(the_vm(), SELFTEST, "run", what, &out, err, sizeof err) != 0) return NULL;
    ck_assert_ptr_nonnull(out);
    return out;
}

static void assert_echo_works(void)
{
    char *s = run("echo:still alive");
    ck_assert_msg(s != NULL, "call after an error failed: %s", err);
    ck_assert_str_eq(s, "still alive");
    free(s);
}

/* --- life cycle and strings ---------------------------------------------- */

START_TEST(start_twice_reuses_the_jvm)
{
    the_vm();   /* the first start creates the JVM; the second needs no options */
    jb_vm_t *second = NULL;
    ck_assert_msg(jb_vm_start(NULL, &second, err, sizeof err) == 0, "second start: %s", err);
    char *out = NULL;
    ck_assert_msg(jb_call_string(second, SELFTEST, "run", "echo:from the second handle", &out, err,
                                 sizeof err) == 0, "%s", err);
    ck_assert_str_eq(out, "from the second handle");
    free(out);
    jb_vm_stop(second);
    assert_echo_works();   /* the first handle is unaffected; this thread re-attaches */
}
END_TEST

START_TEST(strings_cross_as_utf8_outside_the_bmp)
{
    const char *text = "h\xc3\xa9llo \xf0\x9f\x98\x80 \xe2\x9c\x93";   /* héllo 😀 ✓ */
    char what[128];
    snprintf(what, sizeof what, "echo:%s", text);
    char *s = run(what);
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert_str_eq(s, text);
    free(s);
    /* Java must see one code point for the emoji (JNI's modified UTF-8 would give two). */
    s = run("codepoints:a\xf0\x9f\x98\x80\xc3\xbc");
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert_str_eq(s, "3");
    free(s);
}
END_TEST

START_TEST(missing_class_and_method_are_named)
{
    char *out = NULL;
    ck_assert_int_eq(jb_call_string(the_vm(), "io.ptfhost.bridge.NoSuchThing", "run", "x", &out, err, sizeof err),
                     -1);
    ck_assert_msg(strstr(err, "cannot load class io/ptfhost/bridge/NoSuchThing: java.lang.NoClassDefFoundError"),
                  "got: %s", err);
    ck_assert_int_eq(jb_call_string(the_vm(), SELFTEST, "nope", "x", &out, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "cannot find static method " SELFTEST
                              ".nope(Ljava/lang/String;)Ljava/lang/String;"), "got: %s", err);
    ck_assert_msg(strstr(err, "java.lang.NoSuchMethodError"), "got: %s", err);
    assert_echo_works();
}
END_TEST

/* --- exceptions ------------------------------------------------------------ */

START_TEST(exception_brings_class_message_stack_and_cause)
{
    ck_assert_ptr_null(run("throw:boom"));
    const char *head = "java.lang.IllegalArgumentException: boom\n\tat " SELFTEST ".throwWithCause(SelfTest.java:";
    ck_assert_msg(strncmp(err, head, strlen(head)) == 0, "got: %s", err);
    ck_assert_msg(strstr(err, "\tat " SELFTEST ".run(SelfTest.java:"), "no caller frame in: %s", err);
    const char *cause = strstr(err, "\nCaused by: java.lang.IllegalStateException: inner boom\n\tat " SELFTEST
                                    ".failInner(SelfTest.java:");
    ck_assert_msg(cause != NULL, "no cause in: %s", err);
    ck_assert_msg(err[strlen(err) - 1] != '\n', "trailing newline");
    assert_echo_works();
}
END_TEST

START_TEST(stack_overflow_is_an_error_not_a_crash)
{
    ck_assert_ptr_null(run("overflow"));
    const char *head = "java.lang.StackOverflowError\n\tat " SELFTEST ".recurse(SelfTest.java:";
    ck_assert_msg(strncmp(err, head, strlen(head)) == 0, "got: %.300s", err);
    /* ~1024 identical frames are folded into one line plus a count. */
    ck_assert_msg(strstr(err, "\n\t... (the line above repeats "), "not folded: %.300s", err);
    ck_assert_msg(strlen(err) < 2000, "folded trace still %zu bytes", strlen(err));
    assert_echo_works();
}
END_TEST

START_TEST(long_error_is_cut_at_a_line)
{
    char small[200];
    char *out = NULL;
    ck_assert_int_eq(jb_call_string(the_vm(), SELFTEST, "run", "throw:boom", &out, small, sizeof small), -1);
    ck_assert_msg(strlen(small) < sizeof small, "overflowed");
    const char *tail = "\n\t... (truncated)";
    ck_assert_msg(strlen(small) > strlen(tail) &&
                      strcmp(small + strlen(small) - strlen(tail), tail) == 0, "got: %s", small);
    ck_assert_msg(strncmp(small, "java.lang.IllegalArgumentException: boom\n", 41) == 0, "got: %s", small);
}
END_TEST

/* --- threads ---------------------------------------------------------------- */

struct thread_result {
    char *inside;
    char err[4096];
};

static void *call_from_new_thread(void *arg)
{
    struct thread_result *r = arg;
    if (jb_call_string(vm, SELFTEST, "run", "threads", &r->inside, r->err, sizeof r->err) != 0) r->inside = NULL;
    return NULL;
}

START_TEST(threads_attach_once_and_detach_at_exit)
{
    char *before = run("threads");
    ck_assert_msg(before != NULL, "%s", err);
    struct thread_result r = {0};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 8u << 20);
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, &attr, call_from_new_thread, &r), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    ck_assert_msg(r.inside != NULL, "call from a new thread: %s", r.err);
    ck_assert_int_eq(atoi(r.inside), atoi(before) + 1);   /* it was attached */
    char *after = run("threads");
    ck_assert_msg(after != NULL, "%s", err);
    ck_assert_str_eq(after, before);                      /* and detached when it ended */
    free(before);
    free(after);
    free(r.inside);
}
END_TEST

/* --- the batch hand-off ------------------------------------------------------ */

static jb_batch_fn_t *transform(void)
{
    static jb_batch_fn_t *fn;
    if (!fn) ck_assert_msg(jb_batch_resolve(the_vm(), SELFTEST, "transform", "drain", &fn, err, sizeof err) == 0,
                           "%s", err);
    return fn;
}

/* jb_batch_call over n bytes at in, as a buffer of exactly that size. */
static int call(jb_batch_fn_t *fn, int32_t handle, const void *in, size_t n, buf_t *out)
{
    const buf_t view = {(unsigned char *)in, n, n};
    return jb_batch_call(fn, handle, &view, out, err, sizeof err);
}

/* in reversed, times times. */
static void assert_transformed(const buf_t *out, const unsigned char *in, size_t n, int times)
{
    ck_assert_uint_eq(out->len, n * (size_t)times);
    for (int t = 0; t < times; t++)
        for (size_t i = 0; i < n; i++)
            if (out->data[(size_t)t * n + i] != in[n - 1 - i])
                ck_abort_msg("byte %zu of copy %d differs", i, t);
}

START_TEST(batch_round_trip_in_one_call)
{
    const unsigned char in[] = {'a', 'b', 'c', 0, 0xff, 0x80};
    buf_t out = BUF_INIT;
    ck_assert_msg(call(transform(), 2, in, sizeof in, &out) == 0, "%s", err);
    assert_transformed(&out, in, sizeof in, 2);
    ck_assert_uint_ge(out.cap, JB_BATCH_MIN_OUT);
    buf_free(&out);

    ck_assert_msg(call(transform(), 1, NULL, 0, &out) == 0, "%s", err);
    ck_assert_uint_eq(out.len, 0);
    buf_free(&out);
}
END_TEST

START_TEST(batch_output_larger_than_the_buffer_grows_it)
{
    size_t n = 100000;
    unsigned char *in = malloc(n);
    for (size_t i = 0; i < n; i++) in[i] = (unsigned char)(i * 7 + i / 256);
    buf_t out = BUF_INIT;
    ck_assert_msg(call(transform(), 3, in, n, &out) == 0, "%s", err);
    assert_transformed(&out, in, n, 3);
    size_t grown = out.cap;
    ck_assert_uint_ge(grown, 3 * n);
    /* The grown buffer is kept and reused: the same batch again fits without growing. */
    unsigned char *data = out.data;
    ck_assert_msg(call(transform(), 3, in, n, &out) == 0, "%s", err);
    assert_transformed(&out, in, n, 3);
    ck_assert_ptr_eq(out.data, data);
    ck_assert_uint_eq(out.cap, grown);
    buf_free(&out);
    free(in);
}
END_TEST

START_TEST(batch_exception_is_reported_and_the_next_batch_works)
{
    const unsigned char in[] = {1, 2, 3};
    buf_t out = BUF_INIT;
    out.len = 99;
    ck_assert_int_eq(call(transform(), -5, in, sizeof in, &out), -1);
    ck_assert_msg(strncmp(err, "java.lang.IllegalStateException: transform failed after 15 bytes\n\tat " SELFTEST
                               ".transform(SelfTest.java:", 98) == 0, "got: %s", err);
    ck_assert_uint_eq(out.len, 0);
    ck_assert_msg(call(transform(), 1, in, sizeof in, &out) == 0, "%s", err);
    assert_transformed(&out, in, sizeof in, 1);
    buf_free(&out);
}
END_TEST

START_TEST(batch_is_its_length_not_its_buffer)
{
    /* C's batch buffer keeps its capacity between batches: Java reads only the batch. */
    buf_t in = BUF_INIT, out = BUF_INIT;
    buf_append(&in, "abcdefgh", 8);
    ck_assert_msg(jb_batch_call(transform(), 1, &in, &out, err, sizeof err) == 0, "%s", err);
    assert_transformed(&out, (const unsigned char *)"abcdefgh", 8, 1);
    in.len = 3;   /* the same memory, a shorter batch: "defgh" is left over from the last one */
    ck_assert_msg(jb_batch_call(transform(), 2, &in, &out, err, sizeof err) == 0, "%s", err);
    assert_transformed(&out, (const unsigned char *)"abc", 3, 2);
    buf_free(&in);
    buf_free(&out);
}
END_TEST

START_TEST(batch_buffers_that_move_are_wrapped_again)
{
    /* A buffer freed and another one in its place, or grown: each call sees the bytes it was given. */
    buf_t out = BUF_INIT;
    for (int round = 0; round < 50; round++) {
        buf_t in = BUF_INIT;
        size_t n = 16 + (size_t)round * 977;   /* a new size (and mostly a new address) each round */
        for (size_t i = 0; i < n; i++) buf_put_u8(&in, (uint8_t)(i * 31 + (size_t)round));
        ck_assert_msg(jb_batch_call(transform(), 1, &in, &out, err, sizeof err) == 0, "round %d: %s", round, err);
        assert_transformed(&out, in.data, n, 1);
        buf_free(&in);
        buf_t fresh = BUF_INIT;   /* out moves too */
        buf_append(&fresh, out.data, out.len);
        buf_free(&out);
        out = fresh;
    }
    buf_free(&out);
}
END_TEST

START_TEST(many_batches_do_not_leak_local_references)
{
    unsigned char in[64];
    for (size_t i = 0; i < sizeof in; i++) in[i] = (unsigned char)i;
    buf_t out = BUF_INIT;
    for (int i = 0; i < 20000; i++) {
        if (call(transform(), 1 + i % 3, in, sizeof in, &out) != 0)
            ck_abort_msg("batch %d: %s", i, err);
        if (out.len != sizeof in * (size_t)(1 + i % 3)) ck_abort_msg("batch %d: %zu bytes", i, out.len);
    }
    buf_free(&out);
}
END_TEST

START_TEST(batch_resolve_names_a_missing_method)
{
    jb_batch_fn_t *fn = NULL;
    ck_assert_int_eq(jb_batch_resolve(the_vm(), SELFTEST, "transform", "nodrain", &fn, err, sizeof err), -1);
    ck_assert_ptr_null(fn);
    ck_assert_msg(strstr(err, "cannot find static method " SELFTEST ".nodrain(ILjava/nio/ByteBuffer;)I"),
                  "got: %s", err);
}
END_TEST

/* --- the codec across the bridge --------------------------------------------------
 * Every shared vector (tests/vectors/values.vec) is decoded and re-encoded by
 * C, sent to Java in ONE batch, decoded there to Flink's external objects
 * (SelfTest.codecRoundTrip) and encoded again; the bytes must come back
 * unchanged (maps: the same entries), and the objects must be of Flink's
 * conversion classes. */

typedef struct vector {
    char type[512];
    int row;               /* 0 value, 1 row */
    buf_t bytes;
    int line;
} vector_t;

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int read_vectors(vector_t **out)
{
    char path[4096];
    const char *root = getenv("PTFHOST_ROOT");
    snprintf(path, sizeof path, "%s/tests/vectors/values.vec", root ? root : ".");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s (set PTFHOST_ROOT)", path);
    int n = 0, cap = 0, lineno = 0;
    vector_t *v = NULL;
    char line[8192];
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "type ", 5) == 0) {
            if (n == cap) v = realloc(v, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *v);
            memset(&v[n], 0, sizeof v[n]);
            const char *t = line + 5;
            while (*t == ' ') t++;
            ck_assert_msg(strlen(t) < sizeof v[n].type, "values.vec:%d: type too long", lineno);
            memcpy(v[n].type, t, strlen(t) + 1);
            v[n].line = lineno;
            n++;
        } else if (n && strncmp(line, "row ", 4) == 0) {
            v[n - 1].row = 1;
        } else if (n && strncmp(line, "hex", 3) == 0) {
            for (const char *h = line + 3; *h;) {
                if (*h == ' ') { h++; continue; }
                int hi = hexval(h[0]), lo = h[1] ? hexval(h[1]) : -1;
                ck_assert_msg(hi >= 0 && lo >= 0, "values.vec:%d: bad hex", lineno);
                buf_put_u8(&v[n - 1].bytes, (uint8_t)(hi * 16 + lo));
                h += 2;
            }
        }
    }
    fclose(f);
    *out = v;
    return n;
}

/* C's own encoding of the vector: decode the hex, encode the value again. */
static void c_encode(const vector_t *v, buf_t *b)
{
    char e[512];
    type_t *t = type_parse(v->type, e, sizeof e);
    ck_assert_msg(t != NULL, "values.vec:%d: %s", v->line, e);
    arena_t a;
    arena_init(&a, 0);
    size_t used = 0;
    int rc;
    if (v->row) {
        row_t r;
        rc = codec_decode_row(v->bytes.data, v->bytes.len, &used, t, &a, &r, e, sizeof e);
        if (rc == 0) rc = codec_encode_row(b, &r, t, e, sizeof e);
    } else {
        value_t x;
        rc = codec_decode_value(v->bytes.data, v->bytes.len, &used, t, &a, &x, e, sizeof e);
        if (rc == 0) rc = codec_encode_value(b, &x, t, e, sizeof e);
    }
    ck_assert_msg(rc == 0, "values.vec:%d (%s): C codec: %s", v->line, v->type, e);
    arena_destroy(&a);
    type_free(t);
}

/* Java decodes MAP/MULTISET to a HashMap, as Flink does, so re-encoding may
 * reorder entries: for those types the values must be equal (value_equals
 * ignores entry order), not the bytes. */
static bool equal_up_to_map_order(const vector_t *v, const unsigned char *got, size_t len)
{
    if (!strstr(v->type, "MAP<") && !strstr(v->type, "MULTISET<")) return false;
    char e[512];
    type_t *t = type_parse(v->type, e, sizeof e);
    arena_t a;
    arena_init(&a, 0);
    size_t used1 = 0, used2 = 0;
    bool same = false;
    if (v->row) {
        row_t r1, r2;
        if (codec_decode_row(v->bytes.data, v->bytes.len, &used1, t, &a, &r1, e, sizeof e) == 0 &&
            codec_decode_row(got, len, &used2, t, &a, &r2, e, sizeof e) == 0 && used2 == len && r1.kind == r2.kind) {
            value_t x = {.u.row = {r1.fields, r1.n}}, y = {.u.row = {r2.fields, r2.n}};
            same = value_equals(&x, &y, t);
        }
    } else {
        value_t x, y;
        same = codec_decode_value(v->bytes.data, v->bytes.len, &used1, t, &a, &x, e, sizeof e) == 0 &&
               codec_decode_value(got, len, &used2, t, &a, &y, e, sizeof e) == 0 && used2 == len &&
               value_equals(&x, &y, t);
    }
    arena_destroy(&a);
    type_free(t);
    return same;
}

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

START_TEST(codec_vectors_round_trip_through_java_in_one_batch)
{
    vector_t *v = NULL;
    int n = read_vectors(&v);
    ck_assert_int_gt(n, 50);
    buf_t in = BUF_INIT, out = BUF_INIT;
    buf_put_u32(&in, (uint32_t)n);
    for (int i = 0; i < n; i++) {
        buf_t enc = BUF_INIT;
        c_encode(&v[i], &enc);
        buf_put_u8(&in, (uint8_t)v[i].row);
        buf_put_u32(&in, (uint32_t)strlen(v[i].type));
        buf_puts(&in, v[i].type);
        buf_put_u32(&in, (uint32_t)enc.len);
        buf_append(&in, enc.data, enc.len);
        buf_free(&enc);
    }
    jb_batch_fn_t *fn = NULL;
    ck_assert_msg(jb_batch_resolve(the_vm(), SELFTEST, "codecRoundTrip", "drain", &fn, err, sizeof err) == 0, "%s",
                  err);
    ck_assert_msg(jb_batch_call(fn, 7, &in, &out, err, sizeof err) == 0, "%s", err);

    size_t at = 0;
    buf_t bad = BUF_INIT;   /* every mismatch, not just the first */
    int seen_row = 0, seen_decimal = 0, seen_ldt = 0, seen_instant = 0;
    for (int i = 0; i < n; i++) {
        ck_assert_msg(at + 4 <= out.len, "output ends at vector %d of %d", i, n);
        uint32_t len = get_u32(out.data + at);
        at += 4;
        if (len == 0xFFFFFFFFu) {
            unsigned m = out.data[at] | out.data[at + 1] << 8;
            buf_printf(&bad, "\n  values.vec:%d (%s): Java: %.*s", v[i].line, v[i].type, (int)m, out.data + at + 2);
            at += 2 + m;
            continue;
        }
        ck_assert_msg(at + len <= out.len, "vector %d: length %u past the end", i, len);
        if ((len != v[i].bytes.len || memcmp(out.data + at, v[i].bytes.data, len) != 0) &&
            !equal_up_to_map_order(&v[i], out.data + at, len))
            buf_printf(&bad, "\n  values.vec:%d (%s): Java re-encoded different bytes", v[i].line, v[i].type);
        at += len;
        unsigned m = out.data[at] | out.data[at + 1] << 8;
        char cls[256];
        snprintf(cls, sizeof cls, "%.*s", (int)m, out.data + at + 2);
        at += 2 + m;
        if (strncmp(v[i].type, "ROW<", 4) == 0 && strcmp(cls, "null") != 0) {
            ck_assert_msg(strcmp(cls, "org.apache.flink.types.Row") == 0, "values.vec:%d: %s", v[i].line, cls);
            seen_row++;
        }
        if (strncmp(v[i].type, "DECIMAL", 7) == 0 && strcmp(cls, "null") != 0) {
            ck_assert_msg(strcmp(cls, "java.math.BigDecimal") == 0, "values.vec:%d: %s", v[i].line, cls);
            seen_decimal++;
        }
        if (strncmp(v[i].type, "TIMESTAMP(", 10) == 0 && !strstr(v[i].type, "ZONE") && strcmp(cls, "null") != 0) {
            ck_assert_msg(strcmp(cls, "java.time.LocalDateTime") == 0, "values.vec:%d: %s", v[i].line, cls);
            seen_ldt++;
        }
        if (strncmp(v[i].type, "TIMESTAMP_LTZ", 13) == 0 && strcmp(cls, "null") != 0) {
            ck_assert_msg(strcmp(cls, "java.time.Instant") == 0, "values.vec:%d: %s", v[i].line, cls);
            seen_instant++;
        }
    }
    ck_assert_uint_eq(at, out.len);
    ck_assert_msg(bad.len == 0, "%s", buf_cstr(&bad));
    buf_free(&bad);
    ck_assert_msg(seen_row && seen_decimal && seen_ldt && seen_instant,
                  "vectors lack a type: row %d decimal %d timestamp %d ltz %d", seen_row, seen_decimal, seen_ldt,
                  seen_instant);
    jb_batch_free(fn);
    for (int i = 0; i < n; i++) buf_free(&v[i].bytes);
    free(v);
    buf_free(&in);
    buf_free(&out);
}
END_TEST

/* --- last: the JVM stayed silent ------------------------------------------------ */

START_TEST(jvm_printed_no_warning)
{
    the_vm();
    ck_assert_msg(jb_jvm_message_count() == 0,
                  "the JVM printed %u message(s) (see stderr): JNI misuse found by -Xcheck:jni, or another warning",
                  jb_jvm_message_count());
}
END_TEST

static Suite *bridge_suite(void)
{
    Suite *s = suite_create("bridge");
    TCase *t = tcase_create("vm");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, start_twice_reuses_the_jvm);
    tcase_add_test(t, strings_cross_as_utf8_outside_the_bmp);
    tcase_add_test(t, missing_class_and_method_are_named);
    tcase_add_test(t, exception_brings_class_message_stack_and_cause);
    tcase_add_test(t, stack_overflow_is_an_error_not_a_crash);
    tcase_add_test(t, long_error_is_cut_at_a_line);
    tcase_add_test(t, threads_attach_once_and_detach_at_exit);
    tcase_add_test(t, batch_round_trip_in_one_call);
    tcase_add_test(t, batch_output_larger_than_the_buffer_grows_it);
    tcase_add_test(t, batch_exception_is_reported_and_the_next_batch_works);
    tcase_add_test(t, batch_is_its_length_not_its_buffer);
    tcase_add_test(t, batch_buffers_that_move_are_wrapped_again);
    tcase_add_test(t, many_batches_do_not_leak_local_references);
    tcase_add_test(t, batch_resolve_names_a_missing_method);
    tcase_add_test(t, codec_vectors_round_trip_through_java_in_one_batch);
    tcase_add_test(t, jvm_printed_no_warning);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    /* Every JNI call checked by the JVM itself; a user's setting wins. */
    setenv("PTFHOST_JVM_OPTS", "-Xcheck:jni", 0);
    int failed = jvm_main_run(bridge_suite);
    if (failed < 0) return 2;

    /* Java on the primordial thread is refused, not attempted. */
    char *out = NULL;
    char msg[512];
    if (vm && jb_call_string(vm, SELFTEST, "run", "echo:x", &out, msg, sizeof msg) == 0) {
        fputs("FAIL: a call on the primordial thread was accepted\n", stderr);
        failed++;
    } else if (vm && !strstr(msg, "main thread")) {
        fprintf(stderr, "FAIL: unexpected refusal message: %s\n", msg);
        failed++;
    }
    return failed == 0 ? 0 : 1;
}

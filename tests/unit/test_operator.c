/* The PTF operator against a fake Java half written in C: batching, the
 * protocol's messages, state write-back, key prefixes, timers (incl. the
 * early stop at a WATERMARK record), rowtime and error reporting. */
#include <check.h>

#include "check_main.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/operator.h"
#include "engine/workers.h"
#include "protocol/batch.h"
#include "state/state.h"
#include "time/timers.h"
#include "types/codec.h"

/* ---- a fake Java half: a per-key counter ----------------------------------------
 * eval: count = state.count + 1; emits ROW<c BIGINT>(count); the second row of
 *       a key registers an unnamed timer at its time + 10; a row whose key is
 *       13 throws; key 20 registers the named timer 'n' and key 21 an unnamed
 *       one at the watermark the call sees (a past timer).
 * onTimer: emits ROW<c BIGINT>(-timer time).
 * Like the Java half it stops at a WATERMARK record that makes a timer it was
 * asked to register due, whatever C will make of the registration. */

typedef struct fake {
    type_t *state_type, *row_type, *out_type;
    int calls;
    int evals, timers;
    int early_stops;
} fake_t;

typedef struct rd {
    const unsigned char *p, *end;
} rd_t;

static uint64_t le(rd_t *r, int n)
{
    uint64_t v = 0;
    ck_assert_int_ge(r->end - r->p, n);
    for (int i = 0; i < n; i++) v |= (uint64_t)r->p[i] << (8 * i);
    r->p += n;
    return v;
}

static void put_out(buf_t *o, uint32_t idx, int64_t c, const type_t *out_type)
{
    char err[256];
    value_t v = {0};
    v.u.i64 = c;
    row_t r = {ROW_INSERT, 1, &v};
    buf_put_u8(o, BATCH_MSG_OUT);
    buf_put_u32(o, idx);
    buf_put_u8(o, ROW_INSERT);
    size_t at = o->len;
    buf_put_u32(o, 0);
    ck_assert_int_eq(codec_encode_row(o, &r, out_type, err, sizeof err), 0);
    uint32_t len = (uint32_t)(o->len - at - 4);
    for (int k = 0; k < 4; k++) o->data[at + k] = (unsigned char)(len >> (8 * k));
}

static int fake_process(void *ctx, const buf_t *in, buf_t *out, char *err, size_t errlen)
{
    fake_t *f = ctx;
    f->calls++;
    arena_t a;
    arena_init(&a, 0);
    rd_t r = {in->data, in->data + in->len};
    ck_assert_uint_eq(le(&r, 4), BATCH_MAGIC);
    uint32_t nkeys = (uint32_t)le(&r, 4), nrec = (uint32_t)le(&r, 4);
    int64_t *count = calloc(nkeys + 1, sizeof *count);
    bool *dirty = calloc(nkeys + 1, sizeof *dirty);
    for (uint32_t k = 0; k < nkeys; k++) {
        uint64_t present = le(&r, 1);
        if (present == BATCH_CELL_HOLDABLE) {   /* this fake never holds a value: 0 or 1 follows */
            le(&r, 4);
            present = le(&r, 1);
            ck_assert_uint_ne(present, BATCH_CELL_HELD);
        }
        if (!present) continue;
        uint32_t len = (uint32_t)le(&r, 4);
        row_t st;
        size_t used;
        ck_assert_int_eq(codec_decode_row(r.p, len, &used, f->state_type, &a, &st, err, errlen), 0);
        count[k] = st.fields[0].u.i64;
        r.p += len;
    }
    buf_put_u32(out, BATCH_MAGIC);
    int64_t min_registered = INT64_MAX;
    uint32_t consumed = nrec;
    for (uint32_t i = 0; i < nrec; i++) {
        uint8_t type = (uint8_t)le(&r, 1);
        if (type == BATCH_REC_WATERMARK) {
            int64_t w = (int64_t)le(&r, 8);
            if (min_registered <= w) {
                consumed = i;
                f->early_stops++;
                break;
            }
            continue;
        }
        uint32_t slot = (uint32_t)le(&r, 4);
        if (type == BATCH_REC_TIMER) {
            int64_t t = (int64_t)le(&r, 8);
            le(&r, 8);
            uint16_t nl = (uint16_t)le(&r, 2);
            if (nl != BATCH_UNNAMED) r.p += nl;
            f->timers++;
            put_out(out, i, -t, f->out_type);
            continue;
        }
        le(&r, 2);
        le(&r, 1);
        int64_t wm = (int64_t)le(&r, 8);
        le(&r, 8);
        int64_t time = (int64_t)le(&r, 8);
        uint32_t len = (uint32_t)le(&r, 4);
        row_t row;
        size_t used;
        ck_assert_int_eq(codec_decode_row(r.p, len, &used, f->row_type, &a, &row, err, errlen), 0);
        r.p += len;
        f->evals++;
        if (row.fields[0].u.i64 == 13) {
            const char *msg = "java.lang.IllegalStateException: unlucky\n\tat Fake.eval(Fake.java:1)";
            buf_put_u8(out, BATCH_MSG_ERROR);
            buf_put_u32(out, i);
            buf_put_u32(out, (uint32_t)strlen(msg));
            buf_append(out, msg, strlen(msg));
            consumed = i;
            break;
        }
        count[slot]++;
        dirty[slot] = true;
        put_out(out, i, count[slot], f->out_type);
        if (count[slot] == 2) {
            buf_put_u8(out, BATCH_MSG_TIMER_SET);
            buf_put_u32(out, i);
            buf_put_u32(out, slot);
            buf_put_u64(out, (uint64_t)(time + 10));
            buf_put_u16(out, BATCH_UNNAMED);
            if (time + 10 < min_registered) min_registered = time + 10;
        }
        if (row.fields[0].u.i64 == 20 || row.fields[0].u.i64 == 21) {
            buf_put_u8(out, BATCH_MSG_TIMER_SET);
            buf_put_u32(out, i);
            buf_put_u32(out, slot);
            buf_put_u64(out, (uint64_t)wm);
            if (row.fields[0].u.i64 == 20) {
                buf_put_u16(out, 1);
                buf_put_u8(out, 'n');
            } else {
                buf_put_u16(out, BATCH_UNNAMED);
            }
            if (wm < min_registered) min_registered = wm;
        }
    }
    for (uint32_t k = 0; k < nkeys; k++) {
        if (!dirty[k]) continue;
        value_t v = {0};
        v.u.i64 = count[k];
        row_t st = {ROW_INSERT, 1, &v};
        buf_put_u8(out, BATCH_MSG_STATE);
        buf_put_u32(out, k);
        buf_put_u16(out, 0);
        buf_put_u8(out, 1);
        size_t at = out->len;
        buf_put_u32(out, 0);
        ck_assert_int_eq(codec_encode_row(out, &st, f->state_type, err, errlen), 0);
        uint32_t len = (uint32_t)(out->len - at - 4);
        for (int b = 0; b < 4; b++) out->data[at + b] = (unsigned char)(len >> (8 * b));
    }
    buf_put_u8(out, BATCH_MSG_END);
    buf_put_u32(out, consumed);
    free(count);
    free(dirty);
    arena_destroy(&a);
    return 0;
}

/* ---- collecting output ------------------------------------------------------------- */

typedef struct collected {
    char lines[256][64];
    int n;
    const ptf_op_t *op;          /* the operator, for each row's origin key */
    unsigned char keys[256][16]; /* ptf_op_origin_key of each row kept */
    size_t key_len[256];         /* 0: none */
} collected_t;

static void collect(void *ctx, const row_t *row)
{
    collected_t *c = ctx;
    if (c->n++ >= 256) return;   /* keep the first 256, count all */
    size_t len = 0;
    const void *key = c->op ? ptf_op_origin_key(c->op, &len) : NULL;
    c->key_len[c->n - 1] = key && len <= sizeof c->keys[0] ? len : 0;
    if (key && len <= sizeof c->keys[0]) memcpy(c->keys[c->n - 1], key, len);
    /* key INT, c BIGINT, rowtime TIMESTAMP(3) */
    snprintf(c->lines[c->n - 1], 64, "%lld,%lld,%lld", (long long)row->fields[0].u.i64,
             (long long)row->fields[1].u.i64, row->fields[2].is_null ? -1LL : (long long)row->fields[2].u.ts.millis);
}

typedef struct fixture {
    fake_t fake;
    ptf_sig_t sig;
    ptf_arg_t arg;
    ptf_state_t st;
    ptf_op_table_t table;
    int key_col;
    int64_t ttl;
    type_t *output;
    layout_t layout;
    ptf_op_config_t cfg;
    ptf_op_t *op;
    collected_t out;
} fixture_t;

/* legacy: Flink <= 2.2 rules (drop_late_rows) */
static void setup_version(fixture_t *fx, int batch_rows, bool legacy)
{
    char err[256];
    memset(fx, 0, sizeof *fx);
    fx->fake.state_type = type_parse("ROW<`c` BIGINT>", err, sizeof err);
    fx->fake.row_type = type_parse("ROW<`k` INT, `ts` TIMESTAMP(3)>", err, sizeof err);
    fx->fake.out_type = type_parse("ROW<`c` BIGINT>", err, sizeof err);
    fx->output = type_parse("ROW<`k` INT, `c` BIGINT, `rowtime` TIMESTAMP(3) NOT NULL>", err, sizeof err);
    ck_assert_ptr_nonnull(fx->output);
    fx->arg = (ptf_arg_t){.name = "input", .kind = ARG_TABLE, .traits = TRAIT_SET_SEMANTIC_TABLE};
    fx->st = (ptf_state_t){.name = "s", .kind = STATE_VALUE, .type = fx->fake.state_type, .ttl_ms = -1};
    fx->sig.class_name = "Fake";
    fx->sig.valid = true;
    fx->sig.nargs = 1;
    fx->sig.args = &fx->arg;
    fx->sig.nstate = 1;
    fx->sig.state = &fx->st;
    fx->sig.output = fx->fake.out_type;
    fx->key_col = 0;
    fx->table = (ptf_op_table_t){fx->fake.row_type, 1, &fx->key_col, 1, false, true, 0, NULL, NULL};
    layout_table_t lt = {false, true, fx->fake.row_type, 1, &fx->key_col};
    layout_of_call(&fx->layout, &(layout_call_t){1, &lt, fx->fake.out_type, false, fx->fake.row_type->fields[1].type});
    ptf_op_config_t cfg = {&fx->sig,   1,     &fx->table, &fx->ttl, fx->output, &fx->layout,
                           true,       false, batch_rows, "Fake",   NULL,       NULL, NULL, 0, true, false, false};
    cfg.drop_late_rows = legacy;
    fx->cfg = cfg;
    fx->op = ptf_op_new(&cfg, (ptf_invoker_t){&fx->fake, fake_process}, collect, &fx->out);
    fx->out.op = fx->op;
}

static void setup(fixture_t *fx, int batch_rows)
{
    setup_version(fx, batch_rows, false);
}

static void teardown(fixture_t *fx)
{
    ptf_op_free(fx->op);
    layout_free(&fx->layout);
    type_free(fx->fake.state_type);
    type_free(fx->fake.row_type);
    type_free(fx->fake.out_type);
    type_free(fx->output);
}

/* Pushes (k, ts) and the watermark ts after it, like a bounded source. */
static int push(fixture_t *fx, int64_t k, int64_t ts, char *err, size_t errlen)
{
    value_t f[2] = {{0}, {0}};
    f[0].u.i64 = k;
    f[1].u.ts.millis = ts;
    row_t r = {ROW_INSERT, 2, f};
    if (ptf_op_push(fx->op, 0, &r, err, errlen) != 0) return -1;
    return ptf_op_watermark(fx->op, 0, ts, err, errlen);
}

START_TEST(counts_per_key_in_one_batch)
{
    fixture_t fx;
    char err[1024];
    setup(&fx, 1024);
    ck_assert_int_eq(push(&fx, 1, 100, err, sizeof err), 0);
    ck_assert_int_eq(push(&fx, 2, 101, err, sizeof err), 0);
    ck_assert_int_eq(push(&fx, 1, 102, err, sizeof err), 0);   /* registers a timer at 112 */
    ck_assert_int_eq(ptf_op_flush(fx.op, err, sizeof err), 0);
    ck_assert_int_eq(fx.out.n, 3);
    ck_assert_str_eq(fx.out.lines[0], "1,1,100");
    ck_assert_str_eq(fx.out.lines[1], "2,1,101");
    ck_assert_str_eq(fx.out.lines[2], "1,2,102");
    ck_assert_int_eq(fx.fake.calls, 1);
    ck_assert_uint_eq(state_count(ptf_op_state(fx.op)), 2);
    /* end of input: the timer at 112 fires, keyed and with its time as rowtime */
    ck_assert_int_eq(ptf_op_end_input(fx.op, 0, err, sizeof err), 0);
    ck_assert_int_eq(fx.out.n, 4);
    ck_assert_str_eq(fx.out.lines[3], "1,-112,112");
    teardown(&fx);
}
END_TEST

/* Each emitted row knows the key of the record it came from (scale-out routes it by that):
 * an eval's row key, and the key a timer fired for. */
START_TEST(emitted_rows_name_their_origin_key)
{
    fixture_t fx;
    char err[1024];
    setup(&fx, 1024);
    ck_assert_int_eq(push(&fx, 1, 100, err, sizeof err), 0);
    ck_assert_int_eq(push(&fx, 2, 101, err, sizeof err), 0);
    ck_assert_int_eq(push(&fx, 1, 102, err, sizeof err), 0);   /* a timer at 112 for key 1 */
    ck_assert_int_eq(ptf_op_end_input(fx.op, 0, err, sizeof err), 0);
    ck_assert_int_eq(fx.out.n, 4);
    const int64_t keys[] = {1, 2, 1, 1};   /* the last row is the timer's */
    for (int i = 0; i < 4; i++) {
        value_t f[2] = {{0}, {0}};
        f[0].u.i64 = keys[i];
        row_t r = {ROW_INSERT, 2, f};
        buf_t want = BUF_INIT;
        ptf_op_encode_table_key(fx.op, 0, &r, &want);
        ck_assert_uint_eq(fx.out.key_len[i], want.len);
        ck_assert_int_eq(memcmp(fx.out.keys[i], want.data, want.len), 0);
        buf_free(&want);
    }
    teardown(&fx);
}
END_TEST

START_TEST(state_survives_across_batches)
{
    fixture_t fx;
    char err[1024];
    setup(&fx, 1);   /* one record per batch */
    for (int i = 0; i < 5; i++) ck_assert_int_eq(push(&fx, 7, 1000 + i, err, sizeof err), 0);
    ck_assert_int_eq(ptf_op_flush(fx.op, err, sizeof err), 0);
    ck_assert_str_eq(fx.out.lines[4], "7,5,1004");
    ck_assert_int_ge(fx.fake.calls, 5);
    teardown(&fx);
}
END_TEST

START_TEST(timer_registered_in_batch_fires_at_the_next_advance)
{
    fixture_t fx;
    char err[1024];
    setup(&fx, 1024);
    ck_assert_int_eq(push(&fx, 1, 0, err, sizeof err), 0);
    ck_assert_int_eq(push(&fx, 1, 5, err, sizeof err), 0);     /* timer at 15 */
    ck_assert_int_eq(push(&fx, 2, 20, err, sizeof err), 0);    /* watermark 20 passes 15 */
    ck_assert_int_eq(push(&fx, 2, 21, err, sizeof err), 0);
    ck_assert_int_eq(ptf_op_flush(fx.op, err, sizeof err), 0);
    /* Flink's order: the watermark after row (2, 20) is 20, so the timer at 15
     * fires after that row and before row (2, 21). */
    ck_assert_int_eq(fx.out.n, 5);
    ck_assert_str_eq(fx.out.lines[0], "1,1,0");
    ck_assert_str_eq(fx.out.lines[1], "1,2,5");
    ck_assert_str_eq(fx.out.lines[2], "2,1,20");
    ck_assert_str_eq(fx.out.lines[3], "1,-15,15");
    ck_assert_str_eq(fx.out.lines[4], "2,2,21");
    ck_assert_int_eq(fx.fake.early_stops, 1);
    teardown(&fx);
}
END_TEST

START_TEST(known_timer_cuts_the_batch)
{
    fixture_t fx;
    char err[1024];
    setup(&fx, 1024);
    ck_assert_int_eq(push(&fx, 1, 0, err, sizeof err), 0);
    ck_assert_int_eq(push(&fx, 1, 5, err, sizeof err), 0);
    ck_assert_int_eq(ptf_op_flush(fx.op, err, sizeof err), 0);  /* the timer at 15 is now known to C */
    int calls = fx.fake.calls;
    ck_assert_int_eq(push(&fx, 3, 14, err, sizeof err), 0);
    ck_assert_int_eq(fx.fake.calls, calls);                   /* nothing due yet: still queued */
    ck_assert_int_eq(push(&fx, 3, 30, err, sizeof err), 0);   /* 15 due: queued rows go, then the timer */
    ck_assert_str_eq(fx.out.lines[2], "3,1,14");
    ck_assert_str_eq(fx.out.lines[3], "3,2,30");
    ck_assert_str_eq(fx.out.lines[4], "1,-15,15");
    teardown(&fx);
}
END_TEST

START_TEST(java_exception_names_function_row_and_key)
{
    fixture_t fx;
    char err[2048];
    setup(&fx, 1024);
    ck_assert_int_eq(push(&fx, 1, 0, err, sizeof err), 0);
    ck_assert_int_eq(push(&fx, 13, 1, err, sizeof err), 0);
    ck_assert_int_eq(ptf_op_flush(fx.op, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "function 'Fake' failed"));
    ck_assert_ptr_nonnull(strstr(err, "+I[13, 1970-01-01T00:00:00.001]"));
    ck_assert_ptr_nonnull(strstr(err, "key (13)"));
    ck_assert_ptr_nonnull(strstr(err, "IllegalStateException: unlucky"));
    teardown(&fx);
}
END_TEST

START_TEST(many_keys_many_batches)
{
    fixture_t fx;
    char err[1024];
    setup(&fx, 64);
    for (int i = 0; i < 3000; i++) ck_assert_int_eq(push(&fx, 100 + i % 100, i, err, sizeof err), 0);
    ck_assert_int_eq(ptf_op_end_input(fx.op, 0, err, sizeof err), 0);
    /* 3000 evals + one timer per key (registered on each key's second row) */
    ck_assert_int_eq(fx.fake.evals, 3000);
    ck_assert_int_eq(fx.fake.timers, 100);
    ck_assert_int_eq(fx.out.n, 3100);
    ck_assert_uint_eq(state_count(ptf_op_state(fx.op)), 100);
    teardown(&fx);
}
END_TEST

static void count_timer(void *ctx, uint32_t key, const char *name, int64_t time)
{
    (void)key, (void)name, (void)time;
    ++*(int *)ctx;
}

static int live_timers(const fixture_t *fx)
{
    int n = 0;
    timer_visit(ptf_op_timers(fx->op), count_timer, &n);
    return n;
}

/* Keys 20 and 21 register timers at the watermark their call sees, after a
 * named timer 'n' of key 20 was seeded at 1000. */
static void push_past_timers(fixture_t *fx, char *err, size_t errlen)
{
    value_t k = {0};
    k.u.i64 = 20;
    row_t key = {ROW_INSERT, 1, &k};
    ck_assert_int_eq(ptf_op_seed_timer(fx->op, &key, "n", 1000, err, errlen), 0);
    ck_assert_int_eq(push(fx, 1, 5, err, errlen), 0);
    ck_assert_int_eq(push(fx, 20, 6, err, errlen), 0);   /* sees watermark 5: 'n' at 5 */
    ck_assert_int_eq(push(fx, 21, 7, err, errlen), 0);   /* sees watermark 6: unnamed at 6 */
    ck_assert_int_eq(ptf_op_flush(fx->op, err, errlen), 0);
}

START_TEST(flink_2_3_fires_past_timers_at_the_next_advance)
{
    fixture_t fx;
    char err[1024];
    setup(&fx, 1024);
    push_past_timers(&fx, err, sizeof err);
    ck_assert_int_eq(fx.out.n, 5);
    ck_assert_str_eq(fx.out.lines[0], "1,1,5");
    ck_assert_str_eq(fx.out.lines[1], "20,1,6");
    ck_assert_str_eq(fx.out.lines[2], "20,-5,5");   /* 'n' replaced the seeded one */
    ck_assert_str_eq(fx.out.lines[3], "21,1,7");
    ck_assert_str_eq(fx.out.lines[4], "21,-6,6");
    ck_assert_int_eq(live_timers(&fx), 0);
    teardown(&fx);
}
END_TEST

START_TEST(flink_2_2_drops_past_timers_and_a_past_named_one_deletes_its_name)
{
    fixture_t fx;
    char err[1024];
    setup_version(&fx, 1024, true);
    push_past_timers(&fx, err, sizeof err);
    ck_assert_int_eq(live_timers(&fx), 0);   /* the seeded 'n' at 1000 is gone too */
    ck_assert_int_eq(ptf_op_end_input(fx.op, 0, err, sizeof err), 0);
    ck_assert_int_eq(fx.out.n, 3);
    ck_assert_str_eq(fx.out.lines[0], "1,1,5");
    ck_assert_str_eq(fx.out.lines[1], "20,1,6");
    ck_assert_str_eq(fx.out.lines[2], "21,1,7");
    teardown(&fx);
}
END_TEST

/* ---- parallel workers (workers.h) ------------------------------------------------ */

typedef struct lines {
    char **v;
    int n;
} lines_t;

static void collect_all(void *ctx, const row_t *row)
{
    lines_t *l = ctx;
    char line[64];
    snprintf(line, sizeof line, "%lld,%lld,%lld", (long long)row->fields[0].u.i64, (long long)row->fields[1].u.i64,
             row->fields[2].is_null ? -1LL : (long long)row->fields[2].u.ts.millis);
    l->v = realloc(l->v, sizeof *l->v * (size_t)(l->n + 1));
    l->v[l->n++] = strdup(line);
}

static void lines_free(lines_t *l)
{
    for (int i = 0; i < l->n; i++) free(l->v[i]);
    free(l->v);
}

/* nrows rows over nkeys keys (100, 101, ...; with fail the middle row has key
 * 13, which throws) through n workers (0: one plain operator); the run's rc. */
static int run_parallel(int n, int nrows, int nkeys, bool fail, lines_t *out, char *err, size_t errlen)
{
    fixture_t fx;
    setup(&fx, 64);
    fake_t fakes[4];
    ptf_invoker_t inv[4];
    for (int i = 0; i < 4; i++) {
        fakes[i] = fx.fake;
        inv[i] = (ptf_invoker_t){&fakes[i], fake_process};
    }
    ptf_op_t *op = n ? NULL : ptf_op_new(&fx.cfg, inv[0], collect_all, out);
    workers_t *w = n ? workers_new(&(workers_config_t){n, 128, fx.cfg, inv, collect_all, out, 500}, err, errlen) : NULL;
    ck_assert(op || w);
    int rc = 0;
    for (int i = 0; rc == 0 && i < nrows; i++) {
        value_t f[2] = {{0}, {0}};
        f[0].u.i64 = fail && i == nrows / 2 ? 13 : 100 + (i * 7919) % nkeys;
        f[1].u.ts.millis = i;
        row_t r = {ROW_INSERT, 2, f};
        rc = w ? workers_push(w, 0, &r, err, errlen) : ptf_op_push(op, 0, &r, err, errlen);
        if (rc == 0) rc = w ? workers_watermark(w, 0, i, err, errlen) : ptf_op_watermark(op, 0, i, err, errlen);
    }
    if (rc == 0) rc = w ? workers_end_input(w, 0, err, errlen) : ptf_op_end_input(op, 0, err, errlen);
    if (rc == 0) rc = w ? workers_flush(w, err, errlen) : ptf_op_flush(op, err, errlen);
    workers_free(w);
    ptf_op_free(op);
    teardown(&fx);
    return rc;
}

static void assert_same_lines(const lines_t *a, const lines_t *b)
{
    ck_assert_int_eq(a->n, b->n);
    for (int i = 0; i < a->n; i++) ck_assert_str_eq(a->v[i], b->v[i]);
}

/* A counter per key with a timer per key over many keys and rounds (of 500
 * commands; the fake asserts, which serialises threads under Check): 2 and 3
 * workers print what one operator prints, in its order, every time. */
START_TEST(workers_give_the_output_of_one_operator)
{
    char err[2048];
    lines_t one = {0}, two = {0}, three = {0}, again = {0};
    ck_assert_int_eq(run_parallel(0, 2000, 80, false, &one, err, sizeof err), 0);
    ck_assert_int_eq(one.n, 2080);   /* every eval, and one timer per key */
    ck_assert_int_eq(run_parallel(2, 2000, 80, false, &two, err, sizeof err), 0);
    ck_assert_int_eq(run_parallel(3, 2000, 80, false, &three, err, sizeof err), 0);
    ck_assert_int_eq(run_parallel(2, 2000, 80, false, &again, err, sizeof err), 0);
    assert_same_lines(&one, &two);
    assert_same_lines(&one, &three);
    assert_same_lines(&two, &again);
    lines_free(&one);
    lines_free(&two);
    lines_free(&three);
    lines_free(&again);
}
END_TEST

/* A user error on one worker: the output before the failing row, then its error, as one operator. */
START_TEST(workers_fail_like_one_operator)
{
    char err1[2048], err2[2048];
    lines_t one = {0}, two = {0};
    ck_assert_int_eq(run_parallel(0, 2000, 80, true, &one, err1, sizeof err1), -1);
    ck_assert_int_eq(run_parallel(2, 2000, 80, true, &two, err2, sizeof err2), -1);
    ck_assert_str_eq(err1, err2);
    ck_assert_ptr_nonnull(strstr(err2, "key (13)"));
    ck_assert_int_ge(one.n, 900);
    /* one operator stops inside its batch; workers stop at the failing row across all keys */
    ck_assert_int_le(two.n, one.n);
    for (int i = 0; i < two.n; i++) ck_assert_str_eq(one.v[i], two.v[i]);
    lines_free(&one);
    lines_free(&two);
}
END_TEST

/* Flink's KeyGroupRangeAssignment: groups in [0, max), workers in [0, n), keys spread evenly. */
START_TEST(key_groups_spread_keys_over_workers)
{
    int per[2] = {0, 0};
    for (int32_t k = 0; k < 4000; k++) {
        unsigned char b[4] = {(unsigned char)k, (unsigned char)(k >> 8), 0, 0};
        int g = workers_key_group(b, sizeof b, 128);
        ck_assert(g >= 0 && g < 128);
        ck_assert_int_eq(workers_key_group(b, sizeof b, 128), g);
        per[workers_of_key_group(g, 128, 2)]++;
        /* one hash, reduced by a mask (a power of two) or a remainder (any other maximum) */
        ck_assert_int_eq(workers_key_group(b, sizeof b, 256) % 128, g);
        ck_assert_int_eq(workers_key_group(b, sizeof b, 96) % 32, g % 32);
        ck_assert_int_eq(workers_key_group(b, sizeof b, 1), 0);
    }
    ck_assert_int_gt(per[0], 1600);
    ck_assert_int_gt(per[1], 1600);
    ck_assert_int_eq(workers_of_key_group(63, 128, 2), 0);
    ck_assert_int_eq(workers_of_key_group(64, 128, 2), 1);
    ck_assert_int_eq(workers_of_key_group(127, 128, 3), 2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("operator");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, counts_per_key_in_one_batch);
    tcase_add_test(tc, emitted_rows_name_their_origin_key);
    tcase_add_test(tc, state_survives_across_batches);
    tcase_add_test(tc, timer_registered_in_batch_fires_at_the_next_advance);
    tcase_add_test(tc, known_timer_cuts_the_batch);
    tcase_add_test(tc, java_exception_names_function_row_and_key);
    tcase_add_test(tc, many_keys_many_batches);
    tcase_add_test(tc, flink_2_3_fires_past_timers_at_the_next_advance);
    tcase_add_test(tc, flink_2_2_drops_past_timers_and_a_past_named_one_deletes_its_name);
    tcase_add_test(tc, workers_give_the_output_of_one_operator);
    tcase_add_test(tc, workers_fail_like_one_operator);
    tcase_add_test(tc, key_groups_spread_keys_over_workers);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

/* tcase_dump.c - '--dump-state': a PTF call's keyed state and pending timers
 * as JSON Lines.
 *
 * One line per key that holds state or timers, in the order keys were first
 * seen:
 *   {"key": {"user_id": 1}, "state": {"count": {"count": 3}}, "timers": [{"name": "t", "time": "..."}]}
 * Keys are the PARTITION BY columns by name ("key": null for a call without
 * PARTITION BY). State values are written in Flink's `json` format (the
 * format input events use), so a dump can be read back as seed state; types
 * that format cannot carry (a MAP with non-string keys, RAW, POJO-typed
 * fields) are written as their Java toString() text. Expired values (TTL) are
 * left out, as Flink never returns them. Timer times are UTC timestamps in
 * the form input events use; an unnamed timer has "name": null. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "connectors/format_json.h"
#include "state/state.h"
#include "testrun/tcase_dump.h"
#include "time/timers.h"
#include "types/codec.h"
#include "types/render.h"

typedef struct timer_entry {
    uint32_t key;
    const char *name;
    int64_t time;
} timer_entry_t;

typedef struct timer_list {
    timer_entry_t *v;
    size_t n, cap;
} timer_list_t;

static void collect_timer(void *ctx, uint32_t key, const char *name, int64_t time)
{
    timer_list_t *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 32;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v) abort();
    }
    l->v[l->n++] = (timer_entry_t){key, name, time};
}

static int cmp_timer(const void *a, const void *b)
{
    const timer_entry_t *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    if (x->time != y->time) return x->time < y->time ? -1 : 1;
    if (!x->name || !y->name) return !x->name ? (y->name ? -1 : 0) : 1;
    return strcmp(x->name, y->name);
}

static void json_str(buf_t *b, const char *s, size_t n)
{
    buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') buf_printf(b, "\\%c", c);
        else if (c == '\n') buf_puts(b, "\\n");
        else if (c < 0x20) buf_printf(b, "\\u%04x", c);
        else buf_putc(b, (char)c);
    }
    buf_putc(b, '"');
}

/* One value as JSON: through Flink's json format wrapped in a one-field ROW,
 * else its Java text as a JSON string. */
static void json_value(buf_t *b, const value_t *v, const type_t *t)
{
    type_t *row_type = type_new(TYPE_ROW, false);
    type_add_field(row_type, "v", type_clone(t), NULL);
    conn_json_options_t opts;
    memset(&opts, 0, sizeof opts);
    char err[256];
    conn_json_t *codec = conn_json_new(row_type, &opts, err, sizeof err);
    buf_t tmp = BUF_INIT;
    row_t row = {ROW_INSERT, 1, (value_t *)v};
    bool done = false;
    if (codec && conn_json_encode(codec, &row, &tmp, err, sizeof err) == 0) {
        /* {"v":X}\n -> X */
        const char *s = buf_cstr(&tmp);
        size_t n = tmp.len;
        while (n && (s[n - 1] == '\n' || s[n - 1] == '\r')) n--;
        if (n > 6 && strncmp(s, "{\"v\":", 5) == 0 && s[n - 1] == '}') {
            buf_append(b, s + 5, n - 6);
            done = true;
        }
    }
    if (!done) {
        buf_clear(&tmp);
        render_value(&tmp, v, t);
        json_str(b, (const char *)tmp.data, tmp.len);
    }
    buf_free(&tmp);
    if (codec) conn_json_free(codec);
    type_free(row_type);
}

/* A timer's time as the UTC timestamp input events use ("yyyy-MM-dd HH:mm:ss.SSS"),
 * or epoch milliseconds where that form has no year (Long.MAX_VALUE, ...). */
static void json_time(buf_t *b, int64_t t)
{
    if (t == INT64_MAX || t == INT64_MIN) {
        buf_printf(b, "%lld", (long long)t);
        return;
    }
    int64_t secs = t / 1000, ms = t % 1000;
    if (ms < 0) {
        ms += 1000;
        secs--;
    }
    time_t tt = (time_t)secs;
    struct tm tm;
    if (!gmtime_r(&tt, &tm) || tm.tm_year + 1900 < 1 || tm.tm_year + 1900 > 9999) {
        buf_printf(b, "%lld", (long long)t);   /* no four-digit year: epoch milliseconds */
        return;
    }
    buf_printf(b, "\"%04d-%02d-%02d %02d:%02d:%02d.%03d\"", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
               tm.tm_min, tm.tm_sec, (int)ms);
}

static int json_key(buf_t *b, const tcase_dump_info_t *d, uint32_t id, arena_t *a, char *err, size_t errlen)
{
    size_t len;
    const unsigned char *p = state_key_bytes(d->state, id, &len);
    if (d->nkeys == 0 || len == 0) {
        buf_puts(b, "null");
        return 0;
    }
    buf_putc(b, '{');
    size_t off = 0;
    for (int i = 0; i < d->nkeys; i++) {
        value_t v;
        size_t used;
        if (codec_decode_value(p + off, len - off, &used, d->key_types[i], a, &v, err, errlen) != 0) return -1;
        off += used;
        if (i) buf_puts(b, ", ");
        json_str(b, d->key_names[i], strlen(d->key_names[i]));
        buf_puts(b, ": ");
        json_value(b, &v, d->key_types[i]);
    }
    buf_putc(b, '}');
    return 0;
}

int tcase_dump_state(const tcase_dump_info_t *d, buf_t *out, char *err, size_t errlen)
{
    timer_list_t timers = {0};
    if (d->timers) timer_visit(d->timers, collect_timer, &timers);
    if (timers.n > 1) qsort(timers.v, timers.n, sizeof *timers.v, cmp_timer);
    arena_t a;
    arena_init(&a, 0);
    int rc = 0;
    uint32_t nkeys = d->state ? d->state->nkeys : 0;
    size_t ti = 0, nlines = 0;
    buf_t line = BUF_INIT;
    for (uint32_t k = 0; rc == 0 && k < nkeys; k++) {
        buf_clear(&line);
        buf_puts(&line, "{\"key\": ");
        if ((rc = json_key(&line, d, k, &a, err, errlen)) != 0) break;
        buf_puts(&line, ", \"state\": {");
        bool any = false;
        for (int e = 0; e < d->sig->nstate && e < d->state->nentries; e++) {
            state_value_t sv;
            int64_t ttl = d->state->ttl_ms[e];
            if (!state_peek(d->state, k, e, &sv) || (ttl != STATE_NO_TTL && d->now_ms - sv.written_ms >= ttl)) continue;
            const ptf_state_t *st = &d->sig->state[e];
            value_t v;
            size_t used;
            if (codec_decode_value(sv.data, sv.len, &used, st->type, &a, &v, err, errlen) != 0) {
                rc = -1;
                break;
            }
            if (any) buf_puts(&line, ", ");
            any = true;
            json_str(&line, st->name, strlen(st->name));
            buf_puts(&line, ": ");
            json_value(&line, &v, st->type);
        }
        if (rc != 0) break;
        buf_puts(&line, "}, \"timers\": [");
        while (ti < timers.n && timers.v[ti].key < k) ti++;
        bool any_timer = false;
        for (; ti < timers.n && timers.v[ti].key == k; ti++) {
            if (any_timer) buf_puts(&line, ", ");
            any_timer = true;
            buf_puts(&line, "{\"name\": ");
            if (timers.v[ti].name) json_str(&line, timers.v[ti].name, strlen(timers.v[ti].name));
            else buf_puts(&line, "null");
            buf_puts(&line, ", \"time\": ");
            json_time(&line, timers.v[ti].time);
            buf_putc(&line, '}');
        }
        buf_puts(&line, "]}\n");
        if (any || any_timer) {
            buf_append(out, line.data, line.len);
            nlines++;
        }
        arena_reset(&a);
    }
    buf_free(&line);
    arena_destroy(&a);
    free(timers.v);
    if (rc != 0) return -1;
    if (nlines == 0) buf_puts(out, "(no state and no pending timers)\n");
    return 0;
}

/* ---- a stage's state (aggregation, de-duplication) ---- */

typedef struct stage_dump {
    const job_stage_state_t *st;
    buf_t *out;
    size_t nlines;
} stage_dump_t;

/* Fields [from, to) of row as a JSON object's members; NULL ones left out when skip_null. */
static void stage_members(buf_t *b, const type_t *t, const row_t *row, int from, int to, bool skip_null)
{
    bool any = false;
    buf_putc(b, '{');
    for (int i = from; i < to; i++) {
        if (skip_null && row->fields[i].is_null) continue;
        if (any) buf_puts(b, ", ");
        any = true;
        json_str(b, t->fields[i].name, strlen(t->fields[i].name));
        buf_puts(b, ": ");
        json_value(b, &row->fields[i], t->fields[i].type);
    }
    buf_putc(b, '}');
}

/* One key's line: the first nkeys fields under "key", the non-NULL rest under "state". */
static int stage_line(void *ctx, const row_t *row, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    stage_dump_t *d = ctx;
    const type_t *t = d->st->row_type;
    buf_puts(d->out, "{\"key\": ");
    if (d->st->nkeys == 0) buf_puts(d->out, "null");
    else stage_members(d->out, t, row, 0, d->st->nkeys, false);
    buf_puts(d->out, ", \"state\": ");
    stage_members(d->out, t, row, d->st->nkeys, (int)row->n, true);
    buf_puts(d->out, ", \"timers\": []}\n");
    d->nlines++;
    return 0;
}

int tcase_dump_stage(const job_stage_state_t *st, int64_t now_ms, buf_t *out, char *err, size_t errlen)
{
    stage_dump_t d = {st, out, 0};
    if (st->visit(st->stage, now_ms, stage_line, &d, err, errlen) != 0) return -1;
    if (d.nlines == 0) buf_puts(out, "(no state and no pending timers)\n");
    return 0;
}

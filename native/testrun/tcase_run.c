/* tcase_run.c - running one case through the SQL session (engine/session.h).
 *
 * Each run gets a fresh session (catalog, clock, output), so cases cannot
 * see each other's tables or functions; the JVM is the process's one JVM,
 * started by the first case that needs it and reused by every later one
 * (JNI cannot create a second JVM, and starting one costs far more than a
 * case). Relative paths in the SQL resolve against the case file's folder.
 *
 * The case's input events replace its tables' input through the job's
 * before_read hook (tcase_events.h).
 *
 * Seeding and --dump-state use the job's call hook: when a PTF call
 * starts, the '-- state' sections naming it are loaded into its operator;
 * after its input (before the end-of-input watermark fires the remaining
 * timers) and when it has finished, its state and timers are rendered
 * (tcase_dump.c). Both snapshots are kept because they answer different
 * questions: the first is what a streaming job would hold at that point
 * (and what a later run can be seeded with), the second is what the bounded
 * run left behind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/operator.h"
#include "engine/session.h"
#include "testrun/tcase.h"
#include "testrun/tcase_dump.h"
#include "testrun/tcase_events.h"
#include "testrun/tcase_seed.h"

#define ERRLEN 16384

typedef struct hook_ctx {
    const tcase_file_t *f;
    const tcase_t *c;
    bool *seeded;              /* per '-- state' section: it matched a call */
    buf_t *dump;               /* NULL: no --dump-state */
    buf_t calls;               /* the calls seen, for a section that matches none */
    int ncalls;
    char *label;               /* the current call, e.g. "count_clicks (call 1)" */
    char *before;              /* its state before the end of input, until END */
} hook_ctx_t;

static bool matches(const tcase_state_t *sec, const job_call_state_t *st)
{
    return strcasecmp(sec->target, st->function_name) == 0 || (st->uid && strcmp(sec->target, st->uid) == 0);
}

static int seed(hook_ctx_t *h, const tcase_state_t *sec, const job_call_state_t *st, char *err, size_t errlen)
{
    tcase_seed_target_t t = {st->function_name, st->sig, st->nkeys, st->key_types, st->key_names};
    arena_t a;
    arena_init(&a, 0);
    int rc = 0;
    char msg[1024];
    for (int i = 0; rc == 0 && i < sec->nrows; i++) {
        const tcase_line_t *row = &sec->rows[i];
        tcase_seed_line_t line;
        rc = tcase_seed_decode(row->text, strlen(row->text), &t, h->f->path, row->line, &a, &line, err, errlen);
        for (int v = 0; rc == 0 && v < line.nvalues; v++)
            rc = ptf_op_seed_state(st->op, &line.key, line.values[v].entry, line.values[v].bytes, line.values[v].len,
                                   msg, sizeof msg);
        for (int k = 0; rc == 0 && k < line.ntimers; k++)
            rc = ptf_op_seed_timer(st->op, &line.key, line.timers[k].name, line.timers[k].time, msg, sizeof msg);
        if (rc != 0 && !err[0]) snprintf(err, errlen, "%s:%d: %s", h->f->path, row->line, msg);
        arena_reset(&a);
    }
    arena_destroy(&a);
    return rc;
}

static int render(const job_call_state_t *st, buf_t *out, char *err, size_t errlen)
{
    if (st->stage) return tcase_dump_stage(st->stage, st->now_ms, out, err, errlen);
    tcase_dump_info_t d = {
        .sig = st->sig,
        .nkeys = st->nkeys,
        .key_types = st->key_types,
        .key_names = st->key_names,
        .state = ptf_op_state(st->op),
        .timers = ptf_op_timers(st->op),
        .now_ms = st->now_ms,
    };
    return tcase_dump_state(&d, out, err, errlen);
}

/* "LABEL WHEN:" and the rendered lines indented under it. */
static void put_block(buf_t *dump, const char *label, const char *when, const char *lines)
{
    buf_printf(dump, "%s %s:\n", label, when);
    for (const char *p = lines; *p;) {
        size_t n = strcspn(p, "\n");
        buf_printf(dump, "  %.*s\n", (int)n, p);
        p += n + (p[n] == '\n');
    }
}

/* A call that never reached END (it failed): show what was taken. */
static void finish_call(hook_ctx_t *h)
{
    if (h->dump && h->before) {
        put_block(h->dump, h->label, "before the end of input", h->before);
        buf_printf(h->dump, "%s did not finish\n", h->label);
    }
    free(h->before);
    free(h->label);
    h->before = h->label = NULL;
}

static int on_call(void *ctx, const job_call_state_t *st, char *err, size_t errlen)
{
    hook_ctx_t *h = ctx;
    err[0] = 0;
    if (st->phase == JOB_CALL_START) {
        finish_call(h);
        h->ncalls++;
        buf_printf(&h->calls, "%s%s", h->ncalls > 1 ? ", " : "", st->function_name);
        buf_t label = BUF_INIT;
        bool own_uid = st->uid && strcmp(st->uid, st->function_name) != 0;   /* the default uid is the name */
        buf_printf(&label, "%s (call %d%s%s%s)", st->function_name, h->ncalls, own_uid ? ", uid '" : "",
                   own_uid ? st->uid : "", own_uid ? "'" : "");
        h->label = buf_steal(&label);
        bool any = false;
        for (int i = 0; i < h->c->nstates; i++) {
            if (!matches(&h->c->states[i], st)) continue;
            if (st->stage) {
                snprintf(err, errlen, "%s:%d: '-- state %s' cannot seed %s: only PTF calls can be seeded",
                         h->f->path, h->c->states[i].line, h->c->states[i].target, st->function_name);
                return -1;
            }
            h->seeded[i] = any = true;
            if (seed(h, &h->c->states[i], st, err, errlen) != 0) return -1;
        }
        if (any && h->dump) {
            buf_t now = BUF_INIT;
            int rc = render(st, &now, err, errlen);
            if (rc == 0) put_block(h->dump, h->label, "seeded", buf_cstr(&now));
            buf_free(&now);
            return rc;
        }
        return 0;
    }
    if (!h->dump || !h->label) return 0;
    buf_t now = BUF_INIT;
    if (render(st, &now, err, errlen) != 0) {
        buf_free(&now);
        return -1;
    }
    if (st->phase == JOB_CALL_BEFORE_END) {
        free(h->before);
        h->before = buf_steal(&now);
        return 0;
    }
    /* END: every timer has fired by now, so the final state stands alone. */
    if (h->before) {
        put_block(h->dump, h->label, "before the end of input", h->before);
        if (strcmp(h->before, buf_cstr(&now)) == 0) buf_printf(h->dump, "%s at the end: unchanged\n", h->label);
        else put_block(h->dump, h->label, "at the end", buf_cstr(&now));
    } else {
        put_block(h->dump, h->label, "at the end", buf_cstr(&now));
    }
    buf_free(&now);
    free(h->before);
    free(h->label);
    h->before = h->label = NULL;
    return 0;
}

/* A '-- state' section that seeded nothing is a mistake (a misspelt name). */
static int check_seeded(const hook_ctx_t *h, char *err, size_t errlen)
{
    for (int i = 0; i < h->c->nstates; i++) {
        if (h->seeded[i]) continue;
        const tcase_state_t *sec = &h->c->states[i];
        if (h->ncalls)
            snprintf(err, errlen, "%s:%d: '-- state %s' names no PTF call of the script (it calls %s; name a "
                                  "function as the SQL calls it, or a call's uid)",
                     h->f->path, sec->line, sec->target, buf_cstr((buf_t *)&h->calls));
        else
            snprintf(err, errlen, "%s:%d: '-- state %s' has no PTF call to seed: the script calls none",
                     h->f->path, sec->line, sec->target);
        return -1;
    }
    return 0;
}

/* An '-- input' section for a table the script never creates would feed
 * nothing: its events would vanish without a word (a misspelt name). */
static int check_inputs(const tcase_file_t *f, const tcase_t *c, const session_t *s, char *err, size_t errlen)
{
    for (int i = 0; i < c->ninputs; i++) {
        const tcase_input_t *in = &c->inputs[i];
        if (catalog_find_table(&s->catalog, in->table)) continue;
        buf_t names = BUF_INIT;
        for (int t = 0; t < s->catalog.ntables; t++)
            buf_printf(&names, "%s%s", t ? ", " : "", s->catalog.tables[t]->name);
        snprintf(err, errlen, "%s:%d: '-- input %s' names no table of the script (%s%s); name a table its "
                              "CREATE TABLE declares (names are case-sensitive)",
                 f->path, in->line, in->table, s->catalog.ntables ? "it creates " : "it creates none",
                 buf_cstr(&names));
        buf_free(&names);
        return -1;
    }
    return 0;
}

int tcase_exec_session(void *ctx, const tcase_file_t *f, const tcase_t *c, const char *version, bool materialize,
                       char **output, char **error, char **dump)
{
    *output = *error = NULL;
    if (dump) *dump = NULL;
    char *text = NULL, *err = calloc(1, ERRLEN);
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem || !err) abort();
    session_t s;
    session_init(&s, f->dir, mem);
    s.materialize = materialize;
    s.flink_version = version;
    const tcase_exec_env_t *env = ctx;
    s.time_limit_ms = env->time_limit_ms;
    s.home = env->home;
    buf_t dump_text = BUF_INIT;
    hook_ctx_t h = {.f = f, .c = c, .dump = dump ? &dump_text : NULL, .calls = BUF_INIT};
    h.seeded = calloc((size_t)c->nstates + 1, sizeof *h.seeded);
    if (!h.seeded) abort();
    if (dump || c->nstates) {
        s.hooks.on_call = on_call;
        s.hooks.on_call_ctx = &h;
    }
    tcase_events_t events = TCASE_EVENTS_INIT;
    s.hooks.before_read = tcase_events_apply;
    s.hooks.before_read_ctx = &events;
    int rc = 0;
    for (int i = 0; rc == 0 && i < c->ninputs; i++)
        rc = tcase_events_add(&events, c->inputs[i].table, c->inputs[i].events_json, f->path, err, ERRLEN);
    if (rc == 0) rc = session_run_script(&s, c->sql, f->path, err, ERRLEN);
    if (rc == 0) rc = check_seeded(&h, err, ERRLEN);
    if (rc == 0) rc = check_inputs(f, c, &s, err, ERRLEN);
    finish_call(&h);
    session_free(&s);
    tcase_events_free(&events);
    fclose(mem);
    if (dump && dump_text.len) *dump = buf_steal(&dump_text);
    buf_free(&dump_text);
    buf_free(&h.calls);
    free(h.seeded);
    if (rc != 0) {
        if (!err[0]) snprintf(err, ERRLEN, "%s:%d: the case failed without a message", f->path, c->line);
        *error = err;
        free(text);
        return 1;
    }
    free(err);
    *output = text;
    return 0;
}

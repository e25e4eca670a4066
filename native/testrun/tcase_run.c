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
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "engine/job_checkpoint.h"
#include "engine/operator.h"
#include "engine/session.h"
#include "testrun/tcase.h"
#include "testrun/tcase_dump.h"
#include "testrun/tcase_events.h"
#include "testrun/tcase_seed.h"
#include "util/xalloc.h"

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
    int group;                 /* the event group being run: only the first is seeded */
    int parallelism;           /* 'parallelism.default' for the run (0: the script's) */
    unsigned parallel_calls;   /* calls that could run on parallel workers (session_t.parallel_calls) */
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
        for (int i = 0; h->group == 0 && i < h->c->nstates; i++) {
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

/* The events of group g as input: each table's sections of groups 0..g
 * joined, so that a restored run skips the rows its savepoint processed. */
static int add_group_events(tcase_events_t *ev, const tcase_file_t *f, const tcase_t *c, int g, char *err,
                            size_t errlen)
{
    int rc = 0;
    for (int i = 0; rc == 0 && i < c->ninputs; i++) {
        const tcase_input_t *in = &c->inputs[i];
        bool first = true;
        for (int j = 0; j < i && first; j++)
            if (strcmp(c->inputs[j].table, in->table) == 0 && c->inputs[j].group <= g) first = false;
        if (!first || in->group > g) continue;
        buf_t all = BUF_INIT;
        for (int j = i; j < c->ninputs; j++) {
            const tcase_input_t *more = &c->inputs[j];
            if (more->group > g || strcmp(more->table, in->table) != 0) continue;
            const char *body = more->events_json + 1;           /* inside "[...]" */
            size_t n = strlen(body) - 1;
            while (n && (body[0] == ' ' || body[0] == '\n')) body++, n--;
            if (n) buf_printf(&all, "%s%.*s", all.len ? ", " : "[", (int)n, body);
        }
        buf_puts(&all, all.len ? "]" : "[]");
        rc = tcase_events_add(ev, in->table, buf_cstr(&all), f->path, err, errlen);
        buf_free(&all);
    }
    return rc;
}

/* With restart steps every run checkpoints into dir: one before a restart
 * stops with a savepoint when its input ends, one after it restores the
 * newest savepoint (docs/test-cases.md). Quiet: stderr stays the report's. */
static void set_restart_settings(session_t *s, const tcase_t *c, int g, const char *dir)
{
    if (!c->nrestarts) return;
    catalog_set(&s->catalog, "execution.checkpointing.dir", dir);
    catalog_set(&s->catalog, "execution.checkpointing.interval", "1 h");   /* only the end's barrier */
    catalog_set(&s->catalog, "ptfhost.checkpoint.quiet", "true");
    if (g < c->nrestarts) catalog_set(&s->catalog, "ptfhost.checkpoint.stop-at-end", "true");
    if (g > 0) catalog_set(&s->catalog, "ptfhost.resume", "true");
}

/* A run before a restart must end in a savepoint; one that ran to its end took none. */
static int check_stopped(const tcase_file_t *f, const tcase_t *c, int g, int rc, char *err, size_t errlen)
{
    if (g == c->nrestarts) return rc;
    if (rc != 0 && strstr(err, JOB_CKPT_STOPPED)) {
        err[0] = 0;
        return 0;
    }
    if (rc == 0)
        snprintf(err, errlen, "%s:%d: restart step %d: the run before it took no savepoint (a query over a PTF "
                              "call with a table argument, or one without state such as a scan or a filter, stops "
                              "with a savepoint when its input ends; an aggregation does not yet)",
                 f->path, c->line, g + 1);
    return -1;
}

/* One run of the case: the events of groups 0..g through a fresh session. */
static int run_group(const tcase_exec_env_t *env, const tcase_file_t *f, const tcase_t *c, const char *version,
                     bool materialize, FILE *mem, hook_ctx_t *h, int g, const char *dir, char *err)
{
    session_t s;
    session_init(&s, f->dir, mem);
    s.materialize = materialize;
    s.flink_version = version;
    s.time_limit_ms = env->time_limit_ms;
    s.home = env->home;
    set_restart_settings(&s, c, g, dir);
    if (h->parallelism > 0) {
        char n[16];
        snprintf(n, sizeof n, "%d", h->parallelism);
        catalog_set(&s.catalog, "parallelism.default", n);   /* the script's own SET still wins */
    }
    h->group = g;
    if (h->dump || c->nstates) {
        s.hooks.on_call = on_call;
        s.hooks.on_call_ctx = h;
    }
    tcase_events_t events = TCASE_EVENTS_INIT;
    s.hooks.before_read = tcase_events_apply;
    s.hooks.before_read_ctx = &events;
    int rc = add_group_events(&events, f, c, g, err, ERRLEN);
    if (rc == 0) rc = session_run_script(&s, c->sql, f->path, err, ERRLEN);
    rc = check_stopped(f, c, g, rc, err, ERRLEN);
    if (rc == 0) rc = check_inputs(f, c, &s, err, ERRLEN);
    finish_call(h);
    h->parallel_calls += s.parallel_calls;
    session_free(&s);
    tcase_events_free(&events);
    return rc;
}

/* Removes the restart steps' checkpoint folder (two levels: savepoint-N/_metadata). */
static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char p[4096];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (unlink(p) != 0) remove_tree(p);
    }
    if (d) closedir(d);
    rmdir(dir);
}

/* One run of the case at a parallelism (0: the script's), all its restart groups. */
static int exec_once(void *ctx, const tcase_file_t *f, const tcase_t *c, const char *version, bool materialize,
                     int parallelism, char **output, char **error, char **dump, unsigned *parallel_calls)
{
    *output = *error = NULL;
    if (dump) *dump = NULL;
    char *text = NULL, *err = calloc(1, ERRLEN);
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem || !err) abort();
    buf_t dump_text = BUF_INIT;
    hook_ctx_t h = {.f = f, .c = c, .dump = dump ? &dump_text : NULL, .calls = BUF_INIT, .parallelism = parallelism};
    h.seeded = calloc((size_t)c->nstates + 1, sizeof *h.seeded);
    if (!h.seeded) abort();
    char dir[] = "/tmp/ptfhost-restart-XXXXXX";
    int rc = 0;
    if (c->nrestarts && materialize) {
        snprintf(err, ERRLEN, "%s:%d: a case with restart steps has no materialized expectation: each run after "
                              "a restart prints only what followed it; compare the changelog", f->path, c->line);
        rc = -1;
    } else if (c->nrestarts && !mkdtemp(dir)) {
        snprintf(err, ERRLEN, "%s:%d: cannot make a checkpoint folder for the restart steps: %s", f->path, c->line,
                 strerror(errno));
        rc = -1;
    }
    for (int g = 0; rc == 0 && g <= c->nrestarts; g++) {
        if (g > 0) fprintf(mem, "%s\n", TCASE_RESTART_LINE);
        rc = run_group(ctx, f, c, version, materialize, mem, &h, g, dir, err);
    }
    if (rc == 0) rc = check_seeded(&h, err, ERRLEN);
    if (c->nrestarts) remove_tree(dir);
    fclose(mem);
    if (dump && dump_text.len) *dump = buf_steal(&dump_text);
    buf_free(&dump_text);
    buf_free(&h.calls);
    free(h.seeded);
    *parallel_calls = h.parallel_calls;
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

/* The agreement check: out2/err2 (a run at parallelism n) against out1/err1
 * (the run at 1). The same error text, or the same rows in the same order.
 * NULL when they agree, else a malloc'ed report. */
static char *disagreement(const tcase_file_t *f, const tcase_t *c, int n, const char *out1, const char *err1,
                          const char *out2, const char *err2)
{
    buf_t b = BUF_INIT;
    buf_printf(&b, "%s:%d: at parallelism %d the case ", f->path, c->line, n);
    if (err1 || err2) {
        if (err1 && err2 && strcmp(err1, err2) == 0) {
            buf_free(&b);
            return NULL;
        }
        buf_printf(&b, "%s:\n%s\n", !err2 ? "runs, unlike at parallelism 1, which failed"
                                      : err1 ? "fails differently than at parallelism 1"
                                             : "fails, unlike at parallelism 1",
                   err2 ? err2 : err1);
        return buf_steal(&b);
    }
    char *copy = xstrdup(out1), **lines;
    int nlines = tcase_split_lines(copy, &lines);
    tcase_expect_t e = {.line = c->line, .order = TCASE_ORDER_EXACT, .nrows = nlines};
    e.rows = calloc((size_t)nlines + 1, sizeof *e.rows);
    if (!e.rows) abort();
    for (int i = 0; i < nlines; i++) e.rows[i] = (tcase_line_t){lines[i], c->line};
    buf_puts(&b, "prints other rows than at parallelism 1 (expected: parallelism 1):\n");
    tcase_diff_opts_t d = {.file = f->path};
    bool same = tcase_compare(&e, out2, &d, &b);
    free(e.rows);
    free(lines);
    free(copy);
    if (same) {
        buf_free(&b);
        return NULL;
    }
    return buf_steal(&b);
}

int tcase_exec_session(void *ctx, const tcase_file_t *f, const tcase_t *c, const char *version, bool materialize,
                       char **output, char **error, char **dump)
{
    const tcase_exec_env_t *env = ctx;
    unsigned parallel_calls = 0, ignored;
    int rc = exec_once(ctx, f, c, version, materialize, 0, output, error, dump, &parallel_calls);
    int n = env->parallel_check;
    if (n < 2 || parallel_calls == 0) return rc;
    char *out2 = NULL, *err2 = NULL;
    exec_once(ctx, f, c, version, materialize, n, &out2, &err2, NULL, &ignored);
    char *why = disagreement(f, c, n, *output, *error, out2, err2);
    free(out2);
    free(err2);
    if (!why) return rc;
    free(*output);
    free(*error);
    *output = NULL;
    *error = why;
    return 1;
}

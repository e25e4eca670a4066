/* tcase_suite.c - running the cases of a file: which runs a case makes,
 * judging each, reporting, and --update.
 *
 * A case makes one run per Flink version it runs under (its
 * '-- flink-version:' list, else the command's default) and per expectation
 * that applies to that version (a changelog and a materialized table are two
 * runs). Under --update, the runs that share an expectation must agree before
 * it is rewritten: a section used by 2.1 and 2.3 that sees different outputs
 * is a failure that asks for per-version sections, never a silent choice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testrun/tcase.h"

typedef struct run {
    int version;               /* index into tcase_versions */
    int expect;                /* index into the case's expects, -1 = none */
    int rc;                    /* exec: 0 ran, 1 failed */
    char *output, *error;
    char *dump;                /* --dump-state: the PTF calls' state, or NULL */
    double ms;
    bool ok, updated;
    buf_t diff;
    char *name;
} run_t;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void push_outcome(tcase_suite_t *s, tcase_outcome_t o)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 32;
        s->outcomes = realloc(s->outcomes, (size_t)s->cap * sizeof *s->outcomes);
        if (!s->outcomes) abort();
    }
    s->outcomes[s->n++] = o;
}

static char *xstrdup(const char *s)
{
    char *d = strdup(s ? s : "");
    if (!d) abort();
    return d;
}

/* The one-line message of a report: its first line without indentation, and
 * the line after it when the first ends in ':' (the error it introduces). */
static char *first_line(const char *text)
{
    while (*text == ' ') text++;
    size_t n = strcspn(text, "\n");
    buf_t b = BUF_INIT;
    buf_append(&b, text, n);
    if (n > 0 && text[n - 1] == ':' && text[n] == '\n') {
        const char *next = text + n + 1;
        while (*next == ' ') next++;
        size_t m = strcspn(next, "\n");
        if (m) {
            buf_putc(&b, ' ');
            buf_append(&b, next, m);
        }
    }
    buf_putc(&b, '\0');
    return buf_steal(&b);
}

static bool same_lines(const char *a, const char *b)
{
    char *ca = xstrdup(a), *cb = xstrdup(b), **la, **lb;
    int na = tcase_split_lines(ca, &la), nb = tcase_split_lines(cb, &lb);
    bool same = na == nb;
    for (int i = 0; same && i < na; i++) same = strcmp(la[i], lb[i]) == 0;
    free(la);
    free(lb);
    free(ca);
    free(cb);
    return same;
}

static void indent_by(buf_t *b, const char *text, const char *prefix)
{
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        buf_printf(b, "%s%.*s\n", prefix, (int)n, p);
        p += n + (p[n] == '\n');
    }
}

static void indent(buf_t *b, const char *text)
{
    indent_by(b, text, "    ");
}

/* Judges one run against its expectation; fills r->ok and r->diff. */
static void judge(const tcase_suite_opts_t *o, const tcase_file_t *f, const tcase_t *c, run_t *r)
{
    tcase_diff_opts_t d = {.file = f->path, .color = o->color};
    const tcase_expect_t *e = r->expect >= 0 ? &c->expects[r->expect] : NULL;
    if (!e) {
        buf_printf(&r->diff, "  %s:%d: no %s for Flink %s (run with --update to record the actual output)\n",
                   f->path, c->line, f->format == TCASE_FORMAT_JSON ? "\"expected\"" : "'-- expected' section",
                   tcase_versions[r->version]);
        if (c->misspelt_expected)
            buf_printf(&r->diff, "  %s:%d: is this SQL comment a misspelt '-- expected'? (the lines after it are "
                                 "part of the SQL)\n", f->path, c->misspelt_expected);
        r->ok = false;
    } else if (e->error) {
        if (r->rc != 0) {
            r->ok = tcase_compare_error(e, r->error, &d, &r->diff);
        } else {
            r->ok = false;
            buf_printf(&r->diff, "  %s:%d: the case was expected to fail, but it ran; it printed:\n", f->path, e->line);
            indent(&r->diff, r->output);
        }
    } else if (r->rc != 0) {
        r->ok = false;
        buf_printf(&r->diff, "  %s:%d: the case failed instead of printing the expected %s:\n", f->path, e->line,
                   e->materialized ? "table" : "changelog");
        indent(&r->diff, r->error);
    } else {
        r->ok = tcase_compare(e, r->output, &d, &r->diff);
    }
}

static char *run_name(const tcase_t *c, const run_t *runs, int n, const run_t *r)
{
    bool many_versions = false, materialized_twin = false;
    for (int i = 0; i < n; i++) {
        if (runs[i].version != r->version) many_versions = true;
        else if (&runs[i] != r && r->expect >= 0 && c->expects[r->expect].materialized) materialized_twin = true;
    }
    buf_t b = BUF_INIT;
    buf_puts(&b, c->name);
    if (many_versions) buf_printf(&b, " [flink %s]", tcase_versions[r->version]);
    if (materialized_twin) buf_puts(&b, " [materialized]");
    buf_putc(&b, '\0');
    return buf_steal(&b);
}

/* --update for one case: rewrites expectations whose runs all ran and agree. */
static void update_case(const tcase_file_t *f, const tcase_t *c, run_t *runs, int n, tcase_edit_t **edits,
                        int *nedits, int *cap)
{
    for (int ex = -1; ex < c->nexpects; ex++) {
        bool any_failed = false, all_ran = true, agree = true;
        const char *out = NULL;
        for (int i = 0; i < n; i++) {
            if (runs[i].expect != ex) continue;
            any_failed |= !runs[i].ok;
            all_ran &= runs[i].rc == 0;
            if (runs[i].rc == 0) {
                if (!out) out = runs[i].output;
                else agree &= same_lines(out, runs[i].output);
            }
        }
        if (!any_failed || !all_ran || (ex >= 0 && c->expects[ex].error)) continue;
        if (*nedits + 2 > *cap) {
            *cap = *cap ? 2 * *cap : 8;
            *edits = realloc(*edits, (size_t)*cap * sizeof **edits);
            if (!*edits) abort();
        }
        if (ex >= 0 && !agree) {
            for (int i = 0; i < n; i++)
                if (runs[i].expect == ex && !runs[i].ok)
                    buf_printf(&runs[i].diff, "  not updated: the Flink versions sharing the expectation at %s:%d "
                                              "print different outputs; give each its own %s\n",
                               f->path, c->expects[ex].line,
                               f->format == TCASE_FORMAT_JSON ? "expectation ({\"versions\": [\"2.1\"], ...})"
                                                              : "section ('-- expected 2.1', ...)");
            continue;
        }
        if (ex >= 0) {
            (*edits)[(*nedits)++] = tcase_update_edit(f, &c->expects[ex], out);
        } else {
            /* No expectation yet: one section for all versions if they agree, else one per version. */
            const char *outs[TCASE_MAX_VERSIONS];
            int versions[TCASE_MAX_VERSIONS];
            int h = 0;
            for (int i = 0; i < n && h < TCASE_MAX_VERSIONS; i++) {
                if (runs[i].expect != -1) continue;
                if (agree && h == 1) break;
                versions[h] = agree ? -1 : runs[i].version;
                outs[h++] = runs[i].output;
            }
            (*edits)[(*nedits)++] = tcase_append_edit(f, c, versions, outs, h);
        }
        for (int i = 0; i < n; i++)
            if (runs[i].expect == ex && !runs[i].ok) runs[i].updated = true;
    }
}

static void report(tcase_suite_t *s, const tcase_suite_opts_t *o, const tcase_t *c, run_t *r)
{
    const char *word = r->ok ? "PASS" : r->updated ? "UPDATE" : "FAIL";
    const char *color = r->ok || r->updated ? "\033[32m" : "\033[31m";
    if (o->color) fprintf(o->out, "%s%s\033[0m %s (%.0f ms)\n", color, word, r->name, r->ms);
    else fprintf(o->out, "%s %s (%.0f ms)\n", word, r->name, r->ms);
    if (!r->ok && !r->updated) fputs(buf_cstr(&r->diff), o->out);
    if (o->dump_state) {
        buf_t d = BUF_INIT;
        indent_by(&d, r->dump ? r->dump : "(no PTF call ran)", "  ");
        fputs(buf_cstr(&d), o->out);
        buf_free(&d);
    }
    fflush(o->out);
    bool pass = r->ok || r->updated;
    s->passed += pass;
    s->failed += !pass;
    tcase_outcome_t out = {
        .file = NULL, /* set by own_paths: outcomes outlive the file */
        .name = r->name, .line = r->expect >= 0 ? c->expects[r->expect].line : c->line,
        .status = pass ? TCASE_PASS : TCASE_FAIL, .ms = r->ms,
        .message = pass ? NULL : first_line(buf_cstr(&r->diff)),
        .detail = pass ? NULL : buf_steal(&r->diff),
    };
    r->name = NULL;
    push_outcome(s, out);
}

static void error_outcome(tcase_suite_t *s, const tcase_suite_opts_t *o, const char *path, const char *msg)
{
    if (o->color) fprintf(o->out, "\033[31mERROR\033[0m %s\n", msg);
    else fprintf(o->out, "ERROR %s\n", msg);
    fflush(o->out);
    s->failed++;
    tcase_outcome_t out = {.file = NULL, .name = xstrdup(path), .status = TCASE_ERROR, .message = xstrdup(msg)};
    push_outcome(s, out);
}

/* Outcome file names are owned copies (tcase_outcome_t.file is const for
 * readers); set them after the runs of a file. */
static void own_paths(tcase_suite_t *s, int from, const char *path)
{
    for (int i = from; i < s->n; i++)
        if (!s->outcomes[i].file) s->outcomes[i].file = xstrdup(path);
}

int tcase_suite_run_file(tcase_suite_t *s, const tcase_suite_opts_t *o, const char *path)
{
    char err[4096];
    tcase_file_t f;
    int from = s->n;
    if (tcase_load(path, o->build_dir, &f, err, sizeof err) != 0) {
        error_outcome(s, o, path, err);
        own_paths(s, from, path);
        return 0;
    }
    tcase_edit_t *edits = NULL;
    int nedits = 0, capedits = 0;
    for (int ci = 0; ci < f.ncases; ci++) {
        const tcase_t *c = &f.cases[ci];
        if (o->filter && !strstr(c->name, o->filter)) continue;
        int dv = tcase_version_index(o->default_version ? o->default_version : TCASE_DEFAULT_VERSION);
        unsigned versions = c->versions ? c->versions : 1u << (dv < 0 ? TCASE_MAX_VERSIONS - 1 : dv);
        run_t runs[TCASE_MAX_VERSIONS * 8];
        int n = 0;
        int *idx = malloc(((size_t)c->nexpects + 1) * sizeof *idx);
        if (!idx) abort();
        for (int v = 0; v < TCASE_MAX_VERSIONS; v++) {
            if (!(versions & (1u << v))) continue;
            int k = tcase_expects_for(c, v, idx);
            if (k == 0) runs[n++] = (run_t){.version = v, .expect = -1};
            for (int j = 0; j < k && n < (int)(sizeof runs / sizeof runs[0]); j++)
                runs[n++] = (run_t){.version = v, .expect = idx[j]};
        }
        free(idx);
        for (int i = 0; i < n; i++) {
            run_t *r = &runs[i];
            bool materialize = r->expect >= 0 && c->expects[r->expect].materialized;
            double t0 = now_ms();
            r->rc = o->exec(o->exec_ctx, &f, c, tcase_versions[r->version], materialize, &r->output, &r->error,
                            o->dump_state ? &r->dump : NULL);
            r->ms = now_ms() - t0;
            if (r->rc != 0 && !r->error) r->error = xstrdup("the case failed without a message");
            if (r->rc == 0 && !r->output) r->output = xstrdup("");
            judge(o, &f, c, r);
        }
        if (o->update) update_case(&f, c, runs, n, &edits, &nedits, &capedits);
        for (int i = 0; i < n; i++) runs[i].name = run_name(c, runs, n, &runs[i]);
        for (int i = 0; i < n; i++) {
            report(s, o, c, &runs[i]);
            free(runs[i].output);
            free(runs[i].error);
            free(runs[i].dump);
            free(runs[i].name);
            buf_free(&runs[i].diff);
        }
    }
    int rc = 0;
    if (nedits) {
        buf_t text = BUF_INIT;
        tcase_apply_edits(&f, edits, nedits, &text);
        if (tcase_write_file(path, text.data ? (const char *)text.data : "", text.len, err, sizeof err) != 0) {
            error_outcome(s, o, path, err);
            rc = -1;
        } else {
            s->updated += nedits;
            s->files_updated++;
        }
        buf_free(&text);
    }
    for (int i = 0; i < nedits; i++) free(edits[i].text);
    free(edits);
    own_paths(s, from, path);
    tcase_file_free(&f);
    return rc;
}

void tcase_suite_summary(const tcase_suite_t *s, FILE *out)
{
    if (s->updated)
        fprintf(out, "updated %d expectation%s in %d file%s\n", s->updated, s->updated == 1 ? "" : "s",
                s->files_updated, s->files_updated == 1 ? "" : "s");
    fprintf(out, "%d passed, %d failed\n", s->passed, s->failed);
}

void tcase_suite_free(tcase_suite_t *s)
{
    for (int i = 0; i < s->n; i++) {
        free((char *)s->outcomes[i].file);
        free(s->outcomes[i].name);
        free(s->outcomes[i].message);
        free(s->outcomes[i].detail);
    }
    free(s->outcomes);
    memset(s, 0, sizeof *s);
}

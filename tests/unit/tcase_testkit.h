/* tcase_testkit.h - helpers shared by the ptfhost test runner's unit suites
 * (test_tcase.c, test_tcase_json.c): a canned executor that answers each case
 * with the output written in its own SQL ("-- output [VERSION] [table]: a;b"
 * lines, ';' separating rows, "fail:..." for an error), a suite run into a
 * string, edit application and file reading. */
#ifndef PTF_TCASE_TESTKIT_H
#define PTF_TCASE_TESTKIT_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testrun/tcase.h"
#include "util/buf.h"

/* ctx counts the calls (int *). With a dump request it answers one fixed dump. */
static int canned_exec(void *ctx, const tcase_file_t *f, const tcase_t *c, const char *version, bool materialize,
                       char **output, char **error, char **dump)
{
    (void)f;
    if (dump) *dump = strdup("f (call 1) at the end:\n  {\"key\": null, \"state\": {}, \"timers\": []}\n");
    (*(int *)ctx)++;
    char tag[64];
    snprintf(tag, sizeof tag, "-- output %s%s: ", version, materialize ? " table" : "");
    const char *p = strstr(c->sql, tag);
    if (!p) {
        snprintf(tag, sizeof tag, "-- output%s: ", materialize ? " table" : "");
        p = strstr(c->sql, tag);
    }
    ck_assert_msg(p != NULL, "case %s has no %s", c->name, tag);
    p += strlen(tag);
    char *text = strndup(p, strcspn(p, "\n"));
    for (char *q = text; *q; q++)
        if (*q == ';') *q = '\n';
    if (strncmp(text, "fail:", 5) == 0) {
        *error = strdup(text + 5);
        free(text);
        return 1;
    }
    *output = text;
    return 0;
}

/* Runs the cases of path with canned_exec; returns what the suite printed (malloc'ed). */
static char *run_suite_opts(const char *path, bool update, bool dump, tcase_suite_t *s, int *calls)
{
    char *out;
    size_t len;
    FILE *m = open_memstream(&out, &len);
    tcase_suite_opts_t o = {.default_version = "2.3", .update = update, .dump_state = dump, .out = m,
                            .exec = canned_exec, .exec_ctx = calls};
    memset(s, 0, sizeof *s);
    tcase_suite_run_file(s, &o, path);
    tcase_suite_summary(s, m);
    fclose(m);
    return out;
}

/* f's text with the edits applied (malloc'ed); frees the edits' texts. */
static char *apply_edits(tcase_file_t *f, tcase_edit_t *ed, int n)
{
    buf_t out = BUF_INIT;
    tcase_apply_edits(f, ed, n, &out);
    for (int i = 0; i < n; i++) free(ed[i].text);
    buf_putc(&out, '\0');
    return buf_steal(&out);
}

static char *slurp(const char *path)
{
    char err[1024];
    buf_t b = BUF_INIT;
    ck_assert_msg(buf_read_file(&b, path, err, sizeof err) == 0, "%s", err);
    buf_putc(&b, '\0');
    return buf_steal(&b);
}

#endif

/* tcase_update.c - 'ptfhost test --update': rewriting expectations from
 * actual runs.
 *
 * An edit replaces exactly the rows of one expectation (from its first row
 * line to the end of its last row line, or the empty span after the header),
 * so every other byte of the file - headers, comments around the rows, SQL,
 * inputs, blank lines - stays as it was. A case without an expectation gets a
 * new '-- expected' section after its last line. A JSON case file gets the
 * same edits in its own syntax (tcase_json.c): its "rows" arrays are
 * replaced, and a case without expectations gets an "expected" member. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testrun/tcase.h"
#include "testrun/tcase_parse_int.h"
#include "util/outfile.h"

/* The actual output as expectation rows: one non-blank line each, trailing
 * blanks removed, each ending in '\n'. */
static void rows_text(buf_t *b, const char *actual)
{
    char *copy = strdup(actual ? actual : "");
    if (!copy) abort();
    char **lines;
    int n = tcase_split_lines(copy, &lines);
    for (int i = 0; i < n; i++) {
        buf_printf(b, "%s\n", lines[i]);
    }
    free(lines);
    free(copy);
}

static tcase_edit_t finish(buf_t *b, size_t start, size_t end)
{
    tcase_edit_t ed = {start, end, NULL};
    buf_putc(b, '\0');
    ed.text = buf_steal(b);
    return ed;
}

tcase_edit_t tcase_update_edit(const tcase_file_t *f, const tcase_expect_t *e, const char *actual)
{
    if (f->format == TCASE_FORMAT_JSON) return tcase_json_update_edit(f, e, actual);
    buf_t b = BUF_INIT;
    bool no_final_newline = e->body_end == f->len && f->len > 0 && f->text[f->len - 1] != '\n';
    /* An empty section whose header is the file's unterminated last line. */
    if (e->nrows == 0 && no_final_newline) buf_putc(&b, '\n');
    rows_text(&b, actual);
    /* A last line without a newline keeps lacking one. */
    if (no_final_newline && b.len > 0 && b.data[b.len - 1] == '\n') b.len--;
    return finish(&b, e->body_start, e->body_end);
}

tcase_edit_t tcase_append_edit(const tcase_file_t *f, const tcase_t *c, const int *versions,
                               const char *const *actual, int n)
{
    if (f->format == TCASE_FORMAT_JSON) return tcase_json_append_edit(f, c, versions, actual, n);
    buf_t b = BUF_INIT;
    if (c->end > 0 && f->text[c->end - 1] != '\n') buf_putc(&b, '\n');
    for (int i = 0; i < n; i++) {
        if (versions[i] >= 0) buf_printf(&b, "-- expected %s\n", tcase_versions[versions[i]]);
        else buf_puts(&b, "-- expected\n");
        rows_text(&b, actual[i]);
    }
    return finish(&b, c->end, c->end);
}

static int cmp_edit(const void *a, const void *b)
{
    const tcase_edit_t *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

void tcase_apply_edits(const tcase_file_t *f, tcase_edit_t *edits, int n, buf_t *out)
{
    if (n > 1) qsort(edits, (size_t)n, sizeof *edits, cmp_edit);
    size_t pos = 0;
    for (int i = 0; i < n; i++) {
        if (edits[i].start < pos) continue;   /* overlapping: callers never produce these */
        buf_append(out, f->text + pos, edits[i].start - pos);
        buf_puts(out, edits[i].text);
        pos = edits[i].end;
    }
    buf_append(out, f->text + pos, f->len - pos);
}

int tcase_write_file(const char *path, const char *text, size_t len, char *err, size_t errlen)
{
    char *tmp;
    FILE *f = outfile_temp_open(path, &tmp, err, errlen);
    if (!f) return -1;
    bool ok = fwrite(text, 1, len, f) == len;
    int why = errno;
    int rc = outfile_commit(f, tmp, path, ok, err, errlen);
    if (!ok) snprintf(err, errlen, "cannot write '%s': %s", path, strerror(why));
    free(tmp);
    return ok ? rc : -1;
}

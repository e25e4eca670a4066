/* tcase_junit.c - JUnit XML for CI ('ptfhost test --junit FILE').
 *
 * The shape most CI systems read (Jenkins, GitLab, GitHub actions that parse
 * surefire reports): <testsuites> with one <testsuite> per case file, one
 * <testcase> per run with classname = the file, a <failure> with the diff for
 * a failed comparison and an <error> for a case file that cannot be read.
 * Text is escaped, ANSI colour codes are dropped and characters XML 1.0
 * forbids are replaced by '?'. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testrun/tcase.h"

static void xml_text(FILE *f, const char *s, bool attr)
{
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '\033' && p[1] == '[') {   /* ANSI colour */
            p += 2;
            while (*p && *p != 'm') p++;
            if (!*p) break;
            continue;
        }
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs(attr ? "&quot;" : "\"", f); break;
        case '\n': fputs(attr ? "&#10;" : "\n", f); break;
        case '\t': fputs(attr ? "&#9;" : "\t", f); break;
        case '\r': fputs("&#13;", f); break;
        default: fputc(*p < 0x20 ? '?' : *p, f);
        }
    }
}

void tcase_junit_xml(FILE *f, const tcase_outcome_t *o, int n)
{
    int failures = 0, errors = 0;
    double total = 0;
    for (int i = 0; i < n; i++) {
        failures += o[i].status == TCASE_FAIL;
        errors += o[i].status == TCASE_ERROR;
        total += o[i].ms;
    }
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", gmtime_r(&now, &tm));
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<testsuites name=\"ptfhost test\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.3f\">\n", n,
            failures, errors, total / 1000);
    for (int i = 0; i < n;) {
        int j = i, sf = 0, se = 0;
        double st = 0;
        for (; j < n && strcmp(o[j].file, o[i].file) == 0; j++) {
            sf += o[j].status == TCASE_FAIL;
            se += o[j].status == TCASE_ERROR;
            st += o[j].ms;
        }
        fputs("  <testsuite name=\"", f);
        xml_text(f, o[i].file, true);
        fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"0\" time=\"%.3f\" timestamp=\"%s\">\n",
                j - i, sf, se, st / 1000, stamp);
        for (int k = i; k < j; k++) {
            fputs("    <testcase name=\"", f);
            xml_text(f, o[k].name, true);
            fputs("\" classname=\"", f);
            xml_text(f, o[k].file, true);
            fputs("\" file=\"", f);
            xml_text(f, o[k].file, true);
            fprintf(f, "\" line=\"%d\" time=\"%.3f\"", o[k].line, o[k].ms / 1000);
            if (o[k].status == TCASE_PASS) {
                fputs("/>\n", f);
                continue;
            }
            const char *tag = o[k].status == TCASE_FAIL ? "failure" : "error";
            fprintf(f, ">\n      <%s message=\"", tag);
            xml_text(f, o[k].message, true);
            fprintf(f, "\" type=\"%s\">", o[k].status == TCASE_FAIL ? "mismatch" : "case-file");
            xml_text(f, o[k].detail ? o[k].detail : o[k].message, false);
            fprintf(f, "</%s>\n    </testcase>\n", tag);
        }
        fputs("  </testsuite>\n", f);
        i = j;
    }
    fputs("</testsuites>\n", f);
}

int tcase_junit_write(const char *path, const tcase_outcome_t *o, int n, char *err, size_t errlen)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) {
        snprintf(err, errlen, "cannot build the JUnit report: %s", strerror(errno));
        return -1;
    }
    tcase_junit_xml(m, o, n);
    fclose(m);
    int rc = tcase_write_file(path, text, len, err, errlen);
    free(text);
    return rc;
}

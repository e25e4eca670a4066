/* tcase_parse_int.h - private to native/testrun: what the two case-file
 * readers share. tcase_parse.c reads the text form and dispatches a file
 * whose first character is '{' to the JSON reader (tcase_json.c); both fill
 * the same tcase_file_t, so nothing after parsing knows the difference
 * except --update, which edits each form in its own syntax. */
#ifndef PTF_TCASE_PARSE_INT_H
#define PTF_TCASE_PARSE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "testrun/tcase.h"
#include "util/buf.h"

/* Reads a JSON case file (docs/test-cases.md, "The JSON form") into out's
 * cases. 0, or -1 with "path:line: message" (out's cases are then the
 * caller's to free). */
int tcase_json_parse(const char *path, const char *text, size_t len, const char *build_dir, tcase_file_t *out,
                     char *err, size_t errlen);

/* --update edits for a JSON file (tcase_update.c calls them for
 * TCASE_FORMAT_JSON): the "rows" array of e rewritten, or an "expected"
 * member appended to case c (versions[i] < 0: a section for every version). */
tcase_edit_t tcase_json_update_edit(const tcase_file_t *f, const tcase_expect_t *e, const char *actual);
tcase_edit_t tcase_json_append_edit(const tcase_file_t *f, const tcase_t *c, const int *versions,
                                    const char *const *actual, int n);

/* Appends SQL text with @BUILD@ replaced by build_dir; -1 when the text uses
 * @BUILD@ and build_dir is NULL. */
int tcase_append_sql(buf_t *b, const char *s, size_t n, const char *build_dir);
/* A JSON string literal of s[0, n). */
void tcase_json_string(buf_t *b, const char *s, size_t n);
/* A whole decimal int64. */
bool tcase_parse_int64(const char *s, size_t n, int64_t *v);
/* "+30 s", "+1500 ms": a processing-time advance. */
bool tcase_is_duration(const char *s, size_t n);

#define TCASE_BUILD_HELP "@BUILD@ needs the build folder: pass --build DIR or set PTFHOST_BUILD"

#endif

/* tcase_run.c - running one case through the SQL session (engine/session.h).
 *
 * Each run gets a fresh session (catalog, clock, output), so cases cannot
 * see each other's tables or functions; the JVM is the process's one JVM,
 * started by the first case that needs it and reused by every later one
 * (JNI cannot create a second JVM, and starting one costs far more than a
 * case). Relative paths in the SQL resolve against the case file's folder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/session.h"
#include "testrun/tcase.h"

#define ERRLEN 16384

int tcase_exec_session(void *ctx, const tcase_file_t *f, const tcase_t *c, const char *version, bool materialize,
                       char **output, char **error)
{
    (void)ctx;
    *output = *error = NULL;
    char *text = NULL, *err = calloc(1, ERRLEN);
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem || !err) abort();
    session_t s;
    session_init(&s, f->dir, mem);
    s.materialize = materialize;
    s.flink_version = version;
    int rc = 0;
    for (int i = 0; rc == 0 && i < c->ninputs; i++)
        rc = session_set_events(&s, c->inputs[i].table, c->inputs[i].events_json, f->path, err, ERRLEN);
    if (rc == 0) rc = session_run_script(&s, c->sql, f->path, err, ERRLEN);
    session_free(&s);
    fclose(mem);
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

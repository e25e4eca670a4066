/* session.h - executing a Flink SQL script statement by statement
 * ("session_"): DDL into the catalog, queries through the planner and the
 * PTF operator into sinks.
 *
 * A session holds the catalog, the JVM (started on first use), the
 * processing-time clock and the output settings. Statements run in order; the
 * first failing statement stops the script with one message (file:line:col
 * and a caret where it applies). Not thread-safe. */
#ifndef PTF_SESSION_H
#define PTF_SESSION_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "catalog/catalog.h"
#include "engine/job.h"
#include "engine/signature.h"
#include "time/proctime.h"

/* Table API programs: TABLE_RESULT as Flink's TableResult.print() prints a
 * streaming query; ROWS the encoded rows for TableResult.collect() (sink.h). */
typedef enum session_format { SESSION_CHANGELOG, SESSION_TABLEAU, SESSION_TABLE_RESULT, SESSION_ROWS } session_format_t;

/* A session holds what its statements share; the job of a query gets it
 * through job_env_t (job.h), never by calling back into the session. */
typedef struct session {
    catalog_t catalog;
    char *base_dir;              /* relative paths in the script resolve here */
    FILE *out;                   /* query results and SHOW/DESCRIBE output */
    session_format_t format;
    bool materialize;            /* print the final table the changelog converges to */
    const char *flink_version;   /* "2.1" | "2.2" | "2.3" (default) */
    jb_vm_t *vm;                 /* started on first use */
    const char *home;            /* ptfhost's home folder (java/ptfhost-shim.jar, java/lib/); the caller's */
    /* Processing time for TTL: the wall clock, unless a script or test sets
     * 'ptfhost.processing-time' (epoch ms), which then only moves when set. */
    proctime_t clock;
    job_uids_t uids;             /* of the PTF calls of the statement being run */
    int64_t time_limit_ms;       /* a query reading input longer than this fails (0 = no limit) */
    job_hooks_t hooks;           /* optional (ptfhost test): see job.h */
    arena_t retained;            /* the scripts of session_run_retained and their text */
    struct session_udfs *udfs;   /* scalar UDFs opened so far (session_udf.h); NULL = none */
    const volatile sig_atomic_t *cancel; /* optional, the caller's: non-zero cancels the running query */
    unsigned parallel_calls;     /* PTF calls run so far that can run on parallel workers (job.h) */
    FILE *notes;                 /* optional: where a call that runs at parallelism 1 says why (job.h) */
} session_t;

void session_init(session_t *s, const char *base_dir, FILE *out);
void session_free(session_t *s);

/* Runs a whole script. 0 ok, -1 with err set. */
int session_run_script(session_t *s, const char *text, const char *filename, char *err, size_t errlen);

/* Runs a script whose syntax tree (and a copy of its text) lives as long as
 * the session, so the views over queries it defines stay readable by later
 * calls: a Table API program defines a view per operation, one statement
 * per call. 0 ok, -1 with err set. */
int session_run_retained(session_t *s, const char *text, const char *filename, char *err, size_t errlen);

/* The signature of a class in some JARs (via the JVM); used by the planner. */
int session_describe(session_t *s, const char *const *jars, int njars, const char *class_name, ptf_sig_t **out,
                     char *err, size_t errlen);

#endif

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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "catalog/catalog.h"
#include "engine/signature.h"

typedef enum session_format { SESSION_CHANGELOG, SESSION_TABLEAU } session_format_t;

typedef struct jb_vm jb_vm_t;
struct ptf_op;

/* A hook into each PTF call a query runs (ptfhost test's --dump-state and
 * state seeding): called when the call's operator exists and before any
 * input (START: seed state and timers with ptf_op_seed*), after all input
 * rows but before the end-of-input watermark fires the remaining timers
 * (BEFORE_END: pending timers), and after the call finished (END: final
 * state). Not called for a call that failed. */
typedef enum session_call_phase {
    SESSION_CALL_START,
    SESSION_CALL_BEFORE_END,
    SESSION_CALL_END,
} session_call_phase_t;

typedef struct session_call_state {
    session_call_phase_t phase;
    const char *function_name;       /* as called in SQL */
    const char *uid;                 /* NULL if the call has none */
    const ptf_sig_t *sig;            /* state entries: sig->state[i] */
    int nkeys;                       /* PARTITION BY columns of the first table argument */
    const type_t *const *key_types;  /* the key bytes are these values, codec-encoded one after another */
    const char *const *key_names;
    struct ptf_op *op;               /* ptf_op_state(), ptf_op_timers(), ptf_op_seed*() */
    int64_t now_ms;
} session_call_state_t;

typedef int (*session_call_hook_fn)(void *ctx, const session_call_state_t *st, char *err, size_t errlen);

typedef struct session {
    catalog_t catalog;
    char *base_dir;              /* relative paths in the script resolve here */
    FILE *out;                   /* query results and SHOW/DESCRIBE output */
    session_format_t format;
    bool materialize;            /* print the final table the changelog converges to */
    const char *flink_version;   /* "2.1" | "2.2" | "2.3" (default) */
    jb_vm_t *vm;                 /* started on first use */
    /* Processing time for TTL: the wall clock, unless a script or test sets
     * 'ptfhost.processing-time' (epoch ms), which then only moves when set. */
    bool manual_clock;
    int64_t clock_ms;
    long rows_out;               /* rows printed or written by the last query */
    /* uids of the PTF calls of the statement being run (with each call's
     * source text): Flink rejects two different calls with one uid */
    char **stmt_uids, **stmt_calls;
    int nstmt_uids;
    int64_t time_limit_ms;           /* a query reading input longer than this fails (0 = no limit) */
    session_call_hook_fn call_hook;  /* optional; see session_call_phase_t */
    void *call_hook_ctx;
    struct session_events *events;   /* pending test events per table name */
    int nevents;
} session_t;

void session_init(session_t *s, const char *base_dir, FILE *out);
void session_free(session_t *s);

/* Runs a whole script. 0 ok, -1 with err set. */
int session_run_script(session_t *s, const char *text, const char *filename, char *err, size_t errlen);

/* Test events for a table (ptfhost test): a JSON array, applied when a query
 * reads the table (the table must exist by then). Each element is one of
 *   {"kind": "+I"|"-U"|"+U"|"-D", "row": {"col": value, ...} | [v1, v2, ...], "line": N}
 *   {"watermark": <epoch ms> | "yyyy-MM-dd HH:mm:ss[.SSS]", "line": N}
 *   {"proctime": <epoch ms> | "+<duration>" (e.g. "+30 s"), "line": N}
 * (values as in Flink's JSON format; "kind" defaults to +I; "line" is the
 * case file line for messages). Returns -1 with err on malformed JSON. */
int session_set_events(session_t *s, const char *table, const char *json, const char *file, char *err,
                       size_t errlen);

/* Replaces the input of table t by its pending test events, if any. */
int session_apply_events(session_t *s, catalog_table_t *t, char *err, size_t errlen);

/* The signature of a class in some JARs (via the JVM); used by the planner. */
int session_describe(session_t *s, const char *const *jars, int njars, const char *class_name, ptf_sig_t **out,
                     char *err, size_t errlen);

int64_t session_now_ms(const session_t *s);

/* Registers the uid of a PTF call of the current statement; -1 with Flink's
 * message when a different call already uses it. */
int session_claim_uid(session_t *s, const char *uid, const char *call_text, size_t call_len, char *err,
                      size_t errlen);

#endif

/* job.h - running one query of a script ("job_"), as named stages:
 *
 *   inputs     read the tables (engine/inputs.h): order, watermarks, test events
 *   changelog  deliver each table in the encoding its argument needs (changelog.h)
 *   cast       a typed table argument's declared row (cast.h)
 *   operator   the PTF call: state, timers, batches to Java (operator.h)
 *   filter     WHERE, on the row before projection (filter.h)
 *   project    the select list (project.h)
 *   sink fit   an INSERT's column check, casts, NOT NULL (sink_fit.h)
 *   sink       stdout, a connector (connectors/sink.h) or a view (capture.h)
 *
 * A plain scan (SELECT ... FROM t) is the same pipeline without changelog,
 * cast and operator. A view the query reads runs first, once, into a capture.
 *
 * The job reaches nothing above it: what it needs from the session (catalog,
 * clock, output settings, the statement's uid registry, a way to describe a
 * function, the test runner's hooks) comes in its job_env_t. */
#ifndef PTF_JOB_H
#define PTF_JOB_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "catalog/catalog.h"
#include "connectors/sink.h"
#include "engine/inputs.h"
#include "engine/plan.h"
#include "sql/sql.h"
#include "time/proctime.h"

struct ptf_op;
typedef struct jb_vm jb_vm_t;

/* ---- hooks (ptfhost test) ---------------------------------------------------- */

/* A hook into each PTF call a query runs (--dump-state and state seeding),
 * and into each aggregation or de-duplication stage (--dump-state only):
 * called when the call's operator exists and before any input (START: seed
 * state and timers with ptf_op_seed*), after all input rows but before the
 * end-of-input watermark fires the remaining timers (BEFORE_END: pending
 * timers), and after the call finished (END: final state). Not called for a
 * call that failed. */
typedef enum job_call_phase {
    JOB_CALL_START,
    JOB_CALL_BEFORE_END,
    JOB_CALL_END,
} job_call_phase_t;

/* The keyed state of a stage other than a PTF call (GroupAggregate,
 * WindowAggregate, Deduplicate) for --dump-state: visit calls fn once per
 * key that holds state at now_ms (expired state left out), in the order the
 * keys were first seen, with a row [keys ++ entries] of row_type (nkeys
 * key columns; a NULL entry holds nothing). -1 when fn fails. */
typedef int (*job_state_row_fn)(void *ctx, const row_t *row, char *err, size_t errlen);
typedef struct job_stage_state {
    const type_t *row_type;
    int nkeys;
    int (*visit)(void *stage, int64_t now_ms, job_state_row_fn fn, void *ctx, char *err, size_t errlen);
    void *stage;
} job_stage_state_t;

typedef struct job_call_state {
    job_call_phase_t phase;
    const char *function_name;       /* as called in SQL */
    const char *uid;                 /* NULL if the call has none */
    const ptf_sig_t *sig;            /* state entries: sig->state[i] */
    int nkeys;                       /* PARTITION BY columns of the first table argument */
    const type_t *const *key_types;  /* the key bytes are these values, codec-encoded one after another */
    const char *const *key_names;
    struct ptf_op *op;               /* ptf_op_state(), ptf_op_timers(), ptf_op_seed*() */
    int64_t now_ms;
    const job_stage_state_t *stage;  /* not a PTF call: its state (sig and op are NULL, no seeding) */
} job_call_state_t;

typedef int (*job_call_hook_fn)(void *ctx, const job_call_state_t *st, char *err, size_t errlen);

/* Called before a query (a view's query too) reads its tables, so that it
 * may replace tables' input (catalog_table_set_events) and set the clock:
 * the rows' kinds then decide whether a table is updating. */
typedef int (*job_tables_hook_fn)(void *ctx, catalog_t *catalog, proctime_t *clock, char *err, size_t errlen);

typedef struct job_hooks {
    job_call_hook_fn on_call;        /* optional */
    void *on_call_ctx;
    job_tables_hook_fn before_read;  /* optional */
    void *before_read_ctx;
} job_hooks_t;

/* ---- the uids of a statement's PTF calls -------------------------------------- */

/* Flink rejects two different calls with one uid within a statement (the
 * same call text twice is one operator). Owned by whoever runs statements. */
typedef struct job_uids {
    char **uids, **calls;            /* each uid with its call's source text */
    int n;
} job_uids_t;

/* -1 with Flink's message when a different call already uses uid. */
int job_uids_claim(job_uids_t *u, const char *uid, const char *call_text, size_t call_len, char *err,
                   size_t errlen);
void job_uids_clear(job_uids_t *u);

/* ---- running a query ---------------------------------------------------------- */

typedef struct job_env {
    catalog_t *catalog;
    const sqlp_script_t *script;     /* for error positions */
    const char *flink_version;       /* "2.1" | "2.2" | "2.3" */
    const char *base_dir;            /* relative paths resolve here */
    FILE *out;                       /* query results */
    conn_stdout_mode_t format;
    bool materialize;                /* print the final table the changelog converges to */
    int64_t time_limit_ms;           /* reading input longer than this fails (0 = no limit) */
    proctime_t *clock;               /* processing time; test events move it */
    plan_describe_fn describe;       /* a function's signature (starts the JVM) */
    void *describe_ctx;
    jb_vm_t *const *vm;              /* the JVM describe started */
    job_uids_t *uids;
    const job_hooks_t *hooks;        /* NULL = none */
    const struct expr_udf_resolver *udfs;   /* scalar UDFs (expr/expr_udf.h); NULL = none */
    const volatile sig_atomic_t *cancel; /* non-zero: reading input fails, "the query was cancelled" (NULL: never) */
    unsigned *parallel_calls;        /* optional: counts the PTF calls that can run on parallel workers
                                        (whatever 'parallelism.default' is) */
    FILE *notes;                     /* optional: a note when a call runs at parallelism 1 although
                                        'parallelism.default' asks for more (NULL: none) */
} job_env_t;

/* The planner's view of env (catalog, script, describe, Flink version). */
plan_env_t job_plan_env(const job_env_t *env);
/* The inputs stage of a one-table query (a scan, an aggregation, a
 * de-duplication): reads t to its end into c and reports skipped rows. */
int job_read_table(const job_env_t *env, const catalog_table_t *t, const inputs_consumer_t *c, char *err,
                   size_t errlen);

/* SELECT ... FROM f(...) | t: results to env->out, or into sink (NULL: none). */
int job_run_query(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, char *err, size_t errlen);
/* Runs a view's query (once) so that its columns and rows are known. */
int job_view_schema(job_env_t *env, catalog_table_t *t, char *err, size_t errlen);
/* INSERT INTO t SELECT ...: positional binding to the sink's columns. */
int job_run_insert(job_env_t *env, const sqlp_insert_t *ins, char *err, size_t errlen);

#endif

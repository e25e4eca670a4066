/* job.h - running one query of a script ("job_"): sources -> PTF operator
 * -> projection -> sink.
 *
 * Input order: when every table argument of the call declares a WATERMARK,
 * their rows are merged by event time (ties: the table named first in the
 * call wins); otherwise the tables are read one after another, in the order
 * their arguments appear in the call. Either way the order is deterministic,
 * so a test can rely on e.g. a control row arriving before the events it
 * governs (name the control table first, or give it earlier timestamps).
 * Bounded sources emit a watermark after every row (max rowtime seen minus
 * the declared delay) and +inf at their end, so every timer fires. */
#ifndef PTF_JOB_H
#define PTF_JOB_H

#include <stddef.h>

#include "catalog/catalog.h"
#include "engine/plan.h"
#include "engine/session.h"
#include "sql/sql.h"

typedef struct job_env {
    session_t *session;
    const sqlp_script_t *script;
    plan_describe_fn describe;
    void *describe_ctx;
} job_env_t;

/* SELECT ... FROM f(...) | t: results to the session's output. */
int job_run_query(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, char *err, size_t errlen);
/* Runs a view's query (once) so that its columns and rows are known. */
int job_view_schema(job_env_t *env, catalog_table_t *t, char *err, size_t errlen);
/* INSERT INTO t SELECT ...: positional binding to the sink's columns. */
int job_run_insert(job_env_t *env, const sqlp_insert_t *ins, char *err, size_t errlen);

#endif

/* dedup.h - Flink's de-duplication pattern ("dedup_"):
 *
 *   SELECT ... FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts [DESC]) AS rn
 *                    FROM t [WHERE ...]) [AS alias] WHERE rn = 1
 *
 * as a stage pipeline: inputs -> [inner WHERE] -> the last kept row per key
 * -> the output stages (the outer select list over t's columns ++ rn).
 *
 * ts must be a time attribute of t: its rowtime (a column with a WATERMARK)
 * or a processing-time attribute (`pt AS PROCTIME()`); ROW_NUMBER on any
 * other column is a Top-N, which ptfhost does not run. Flink's rules:
 *   rowtime (RowTimeDeduplicateFunction): keep-first (ASC) replaces the kept
 *     row when a row with a smaller rowtime arrives, keep-last (DESC) when one
 *     with a rowtime at least as large arrives;
 *   processing time, keep-first (ProcTimeDeduplicateKeepFirstRowFunction):
 *     a key's first row only, +I: the result is append-only;
 *   processing time, keep-last (ProcTimeDeduplicateKeepLastRowFunction):
 *     every row replaces the kept one, except a row equal to it (pt aside)
 *     while no TTL is set.
 * A key's first row is +I, a replacement -U old (not into an upsert sink)
 * and +U new; a processing-time attribute in an emitted row is the
 * processing time of the emission (Flink materialises it after the
 * operator, -U rows too; its state keeps a placeholder). The input must
 * be insert-only. The result's key is k (a view keeps it), except for the
 * append-only form. 'table.exec.state.ttl': a key's state expires that long
 * after its last write (rowtime: the kept row changed; keep-first on
 * processing time: the first row; keep-last: every row), and its next row
 * is a first row again (+I).
 *
 * State: per key the kept row (codec-encoded, malloc'ed), its rowtime and
 * when it was written.
 * Not thread-safe. */
#ifndef PTF_DEDUP_H
#define PTF_DEDUP_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/capture.h"
#include "engine/job.h"
#include "sql/sql.h"

/* Does q read a subquery whose select list has ROW_NUMBER() OVER (...)? */
bool dedup_query_is(const sqlp_query_t *q);

/* Runs q (as job_run_query); a query of another shape around ROW_NUMBER
 * fails with a message naming what ptfhost does not run. */
int dedup_query_run(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink_table, capture_t *capture,
                    char *err, size_t errlen);

#endif

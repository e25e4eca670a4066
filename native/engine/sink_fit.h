/* sink_fit.h - the stage between a query's projection and its sink table
 * ("sink_fit_"): what Flink's planner and sink operator do there.
 *
 * The query's columns bind to the sink's by position and each must cast
 * implicitly to its sink column (else planning fails with Flink's "Column
 * types of query result and sink ... do not match"); a sink never receives
 * values of another type. A NULL reaching a NOT NULL column fails the job
 * or, with 'table.exec.sink.not-null-enforcer' = 'DROP', drops the row.
 *
 * Contract: the stage owns the cast values of the current row (reset per
 * row) and passes on the row the sink receives, or drops it. It keeps no
 * state between rows; watermarks and checkpoint barriers pass it untouched.
 * A query without a sink table (results to stdout, a view) passes rows
 * through unchanged.
 *
 * Ownership: sink_fit_init initialises f on every path; sink_fit_free
 * releases it. The types are borrowed and must outlive f. Not thread-safe. */
#ifndef PTF_SINK_FIT_H
#define PTF_SINK_FIT_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog/catalog.h"
#include "engine/plan.h"
#include "sql/sql.h"
#include "types/value.h"
#include "util/arena.h"

typedef struct sink_fit {
    const type_t *query;  /* the rows' type (the projection's) */
    const type_t *type;   /* the sink table's row; NULL: no sink table */
    bool cast;            /* some column's type differs: rows go through cast_row */
    bool drop_nulls;
    const char *table;
    arena_t arena;        /* the cast values of the current row */
} sink_fit_t;

/* Checks the query's row type against sink (NULL: no sink table). -1 with
 * err (pointing at q) when they do not fit or the enforcer option is invalid. */
int sink_fit_init(sink_fit_t *f, const plan_env_t *env, const sqlp_query_t *q, const type_t *query,
                  const catalog_table_t *sink, char *err, size_t errlen);
void sink_fit_free(sink_fit_t *f);

/* The row as the sink receives it, in place: 1 write *r, 0 drop it, -1 fail
 * (err names the table and column). */
int sink_fit_row(sink_fit_t *f, row_t *r, char *err, size_t errlen);

#endif

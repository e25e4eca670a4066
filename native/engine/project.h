/* project.h - the projection stage of a query ("project_"): SELECT * |
 * col [AS alias] | expr [AS alias], ... over the rows the stage before it
 * produces (a PTF call's output row, or a table's row).
 *
 * A select item is any expression the expression module compiles
 * (expr/expr.h), typed by expr_type. Column names follow Flink (Calcite's
 * alias rule): the alias, else the last name of a column reference
 * (`a`, `t.a`, `payload.amount`), else EXPR$<n>, n the number of distinct
 * column names before it. An expression's result is not a time attribute
 * (Flink materialises rowtime once it is modified); a forwarded column keeps
 * its type unchanged.
 *
 * Contract: the projection owns the projected ROW type, the source column of
 * each forwarded output column and the compiled expressions. It passes on one
 * row per input row, of the same kind; its values point into the input row
 * or into the projection's scratch arena (reset per row), so the output row
 * lives until the next project_row and as long as the input row (the sink
 * stage copies what it keeps). It keeps no state between rows: a watermark
 * or checkpoint barrier passes it untouched, and parallel workers can each
 * run a copy.
 *
 * Ownership: a project_t is initialised by project_init on every path (also
 * a failing one) and released by project_free. The script in env is
 * borrowed for error positions and must outlive it. Not thread-safe. */
#ifndef PTF_PROJECT_H
#define PTF_PROJECT_H

#include <stddef.h>

#include "engine/plan.h"
#include "sql/sql.h"
#include "types/value.h"
#include "util/arena.h"

struct expr;

typedef struct project {
    type_t *type;        /* the projected ROW */
    int *cols;           /* input column per output column; -1 - i = exprs[i] */
    int n;
    struct expr **exprs; /* computed select items */
    sqlp_pos_t *expr_pos;/* where each was written, for evaluation errors */
    int nexprs;
    const sqlp_script_t *script;
    arena_t arena;       /* the computed values of the current row */
    value_t *fields;     /* the projected row's values (project_row) */
} project_t;

/* Binds q's select items to the input row type in. -1 with err pointing at
 * the offending item (an unknown column, an expression error). */
int project_init(project_t *p, const plan_env_t *env, const sqlp_query_t *q, const type_t *in, char *err,
                 size_t errlen);
void project_free(project_t *p);

/* The projected row of in into *out, valid until the next call. -1 when an
 * expression fails to evaluate (a CAST of text that is not a number, / by
 * zero): err names the column and where it was written. */
int project_row(project_t *p, const row_t *in, row_t *out, char *err, size_t errlen);

/* The output positions of input columns 0 .. prefix-1 (each column's first
 * occurrence), e.g. an upsert result's key after projection: how many were
 * written to key, or 0 when some column is not projected or prefix exceeds
 * PROJECT_MAX_KEY. */
#define PROJECT_MAX_KEY 64
int project_prefix_key(const project_t *p, int prefix, int key[PROJECT_MAX_KEY]);

#endif

/* filter.h - a query's WHERE clause over the rows of its FROM item
 * ("filter_").
 *
 * The condition is any Flink SQL expression of type BOOLEAN, compiled and
 * evaluated by the expression module (expr/expr.h): comparisons of any
 * comparable types, IN, BETWEEN, LIKE, CASE, IS [NOT] DISTINCT FROM,
 * built-in functions, field access (r.f, m['k'], a[1]), with SQL's
 * three-valued logic (a condition that is UNKNOWN drops the row, like
 * FALSE). A condition that is not BOOLEAN, or any expression error, is
 * rejected when compiling, pointing at the expression.
 *
 * Ownership: the compiled filter owns the compiled expression and a scratch
 * arena for evaluation; filter_free releases it. The row type and env's
 * script are borrowed and must outlive it. filter_eval reuses the scratch
 * arena, so one filter is evaluated by one thread at a time. */
#ifndef PTF_FILTER_H
#define PTF_FILTER_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/plan.h"
#include "sql/sql.h"
#include "types/value.h"

typedef struct filter filter_t;

filter_t *filter_compile(const plan_env_t *env, const sqlp_expr_t *where, const type_t *row_type, char *err,
                         size_t errlen);
/* true if the row passes (the condition is TRUE). An evaluation error (a
 * CAST of text that is not a number, / by zero) drops the row and is kept:
 * see filter_error. */
bool filter_eval(const filter_t *f, const row_t *row);
/* The compiled condition (for expr_prefetch of a batch of rows). */
struct expr *filter_expr(const filter_t *f);
/* The first evaluation error, or NULL if there was none. */
const char *filter_error(const filter_t *f);
void filter_free(filter_t *f);

#endif

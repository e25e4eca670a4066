/* filter.h - a query's WHERE clause over the rows of its FROM item
 * ("filter_").
 *
 * ptfhost evaluates the conditions users put around a PTF call: column
 * references, literals, comparisons (= <> < <= > >=), IS [NOT] NULL,
 * AND / OR / NOT, with SQL's three-valued logic (a condition that is UNKNOWN
 * drops the row, like FALSE). A literal compared with a column takes the
 * column's type. Anything else is rejected when compiling, pointing at the
 * expression.
 *
 * Ownership: the compiled filter owns its nodes and literal values;
 * filter_free releases it. The row type is borrowed. */
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
/* true if the row passes (the condition is TRUE). */
bool filter_eval(const filter_t *f, const row_t *row);
void filter_free(filter_t *f);

#endif

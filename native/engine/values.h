/* values.h - literal rows as a table: VALUES in a view, in FROM and in
 * INSERT ("values_").
 *
 * A VALUES list becomes a catalog table whose rows are its values
 * (catalog_table_t.is_values; the literal-rows source reads them). Column
 * types follow Flink's VALUES: per column the items agree on a type family;
 * numbers widen INT < BIGINT < DECIMAL < DOUBLE, strings and timestamps take
 * the longest length or precision, a NULL item makes the column nullable.
 * An item is a literal or any expression without columns (CAST('...' AS t),
 * CURRENT_TIMESTAMP), evaluated once when the table is filled.
 *
 * Errors: rows of different lengths or incompatible types fail with Flink's
 * "Values passed to VALUES operator must have compatible types." at the
 * item; an item that fails to evaluate names its position.
 *
 * Ownership: values_table_fill writes t's schema and rows (owned by t, in
 * its arena); the query and env are borrowed. */
#ifndef PTF_VALUES_H
#define PTF_VALUES_H

#include <stddef.h>

#include "catalog/catalog.h"
#include "engine/plan.h"
#include "sql/sql.h"

/* Fills t (a new table) from vq (a SQLP_Q_VALUES query); the naliases
 * aliases name its columns in order (0: EXPR$0, EXPR$1, ...; the caller
 * checks the count against values_width). 0, or -1 with err set. */
int values_table_fill(const plan_env_t *env, const sqlp_query_t *vq, const sqlp_ident_t *aliases, int naliases,
                      catalog_table_t *t, char *err, size_t errlen);

/* The number of columns of vq (of its first row). */
int values_width(const sqlp_query_t *vq);

#endif

/* tableau.h - the Flink SQL client's tableau result layout ("conn_tableau_").
 *
 * Two shapes, as Flink prints them:
 *
 * streaming (CliTableauResultView): the header is printed before the first
 * row, with an `op` column (+I/-U/+U/-D) and column widths fixed from the
 * column *types* (INT 11, BIGINT 20, BOOLEAN 5, DATE 10, TIMESTAMP(3) 23,
 * DECIMAL(p, s) p + 2, other types the max column width), each row as it
 * arrives, then a border (if any row came) and
 *     Received a total of N rows          ("1 row", "0 row" as Flink says)
 *
 *     +----+-------------+-------------+
 *     | op |        user |         cnt |
 *     +----+-------------+-------------+
 *     | +I |        Mary |           1 |
 *     +----+-------------+-------------+
 *     Received a total of 1 row
 *
 * table result (Flink's TableResult.print() of a streaming query, TableauStyle
 * with type-inferred widths and the op column): the streaming layout, but the
 * header only with the first row and the footer `N rows in set` / `1 row in
 * set`, or just `Empty set` when no row came.
 *
 * batch (TableauStyle, also used for a materialized result): no op column,
 * widths from the content, `Empty set` when there are no rows, else the
 * table and `N rows in set` / `1 row in set`.
 *
 * Cells are CAST(v AS STRING) in printing mode (render_sql_value), a NULL
 * is <NULL>, values are right-aligned, and a cell wider than the max column
 * width (sql-client.display.max-column-width, default 30) is cut and ends
 * with "...". Widths are display widths (util/table_print.h, which draws
 * the table).
 *
 * Ownership: the schema is borrowed; rows are rendered when passed in (batch
 * mode keeps the rendered text, not the values). Output is appended to the
 * caller's buffer. */
#ifndef PTF_TABLEAU_H
#define PTF_TABLEAU_H

#include <stdbool.h>

#include "types/render.h"
#include "types/types.h"
#include "types/value.h"
#include "util/buf.h"

#define CONN_TABLEAU_DEFAULT_MAX_WIDTH 30

typedef struct conn_tableau conn_tableau_t;

/* zone: session time zone for TIMESTAMP_LTZ cells (NULL = UTC). */
conn_tableau_t *conn_tableau_new(const type_t *schema, bool streaming, int max_column_width,
                                 const render_zone_t *zone);
/* The table-result shape (above): a streaming tableau with Flink's
 * TableResult.print() footer. */
conn_tableau_t *conn_tableau_new_table_result(const type_t *schema, int max_column_width);
/* Streaming: appends the header (call once, before rows). Batch: nothing. */
void conn_tableau_begin(conn_tableau_t *t, buf_t *out);
/* Streaming: appends the row's line. Batch: keeps it for the end. */
void conn_tableau_row(conn_tableau_t *t, const row_t *r, buf_t *out);
/* Appends what is left: the batch table, the footer. */
void conn_tableau_end(conn_tableau_t *t, buf_t *out);
void conn_tableau_free(conn_tableau_t *t);

/* One cell as the tableau shows it: <NULL>, or CAST(v AS STRING) in
 * printing mode (zone as above). The client's full-screen views use it too. */
void conn_tableau_cell(buf_t *b, const value_t *v, const type_t *t, const render_zone_t *zone);
/* A column's type-inferred width (the streaming widths above): the name's
 * length or the type's width, at least 6 for <NULL>. */
int conn_tableau_column_width(const char *name, const type_t *t, int max_column_width);

#endif

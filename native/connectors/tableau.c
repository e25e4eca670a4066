/* tableau.c - see tableau.h */
#include "connectors/tableau.h"

#include <stdlib.h>
#include <string.h>

#include "util/table_print.h"
#include "util/utf8.h"
#include "util/xalloc.h"

struct conn_tableau {
    const type_t *schema;
    bool streaming;
    bool table_result;         /* streaming with TableResult.print()'s footer */
    int max_width;
    render_zone_t zone;
    bool has_zone;
    int ncols;                 /* including `op` when streaming */
    tbl_t table;               /* streaming: widths fixed at the start; batch: from content at the end */
    char **names;
    char ***rows;              /* batch: the rendered cells of each row */
    size_t nrows, caprows;
    long received;
    bool begun;
};

/* ---- layout ---------------------------------------------------------------- */

static int type_width(const type_t *t, int max_width)
{
    int p = t->precision;
    switch (t->id) {
    case TYPE_TINYINT: return 4;
    case TYPE_SMALLINT: return 6;
    case TYPE_INT: return 11;
    case TYPE_BIGINT: return 20;
    case TYPE_DECIMAL: return p + 2;
    case TYPE_BOOLEAN: return 5;
    case TYPE_DATE: return 10;
    case TYPE_TIME: return p <= 0 ? 8 : p + 9;
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ: return p == 0 ? 19 : p <= 3 ? 23 : p <= 6 ? 26 : 29;
    default: return max_width;
    }
}

int conn_tableau_column_width(const char *name, const type_t *t, int max_column_width)
{
    int w = (int)utf8_utf16_length(name, strlen(name));   /* Flink uses String.length() for names here */
    int tw = type_width(t, max_column_width > 0 ? max_column_width : CONN_TABLEAU_DEFAULT_MAX_WIDTH);
    if (tw < 6) tw = 6;
    return tw > w ? tw : w;
}

/* Streaming widths: the op column, then each column's type-inferred width. */
static void fix_widths(conn_tableau_t *t)
{
    t->table.widths[0] = 2;   /* op */
    for (int i = 0; i < t->schema->nfields; i++)
        t->table.widths[i + 1] =
            conn_tableau_column_width(t->schema->fields[i].name, t->schema->fields[i].type, t->max_width);
}

conn_tableau_t *conn_tableau_new(const type_t *schema, bool streaming, int max_column_width, const render_zone_t *zone)
{
    conn_tableau_t *t = calloc(1, sizeof *t);
    t->schema = schema;
    t->streaming = streaming;
    t->max_width = max_column_width > 0 ? max_column_width : CONN_TABLEAU_DEFAULT_MAX_WIDTH;
    if (zone) {
        t->zone = *zone;
        t->has_zone = true;
    }
    int off = streaming ? 1 : 0;
    t->ncols = schema->nfields + off;
    tbl_init(&t->table, t->ncols, streaming ? 0 : t->max_width);
    t->names = calloc((size_t)t->ncols + 1, sizeof *t->names);
    if (streaming) t->names[0] = strdup("op");
    for (int i = 0; i < schema->nfields; i++) t->names[i + off] = strdup(schema->fields[i].name);
    if (streaming) fix_widths(t);
    return t;
}

conn_tableau_t *conn_tableau_new_table_result(const type_t *schema, int max_column_width)
{
    conn_tableau_t *t = conn_tableau_new(schema, true, max_column_width, NULL);
    t->table_result = true;
    return t;
}

void conn_tableau_cell(buf_t *b, const value_t *v, const type_t *t, const render_zone_t *zone)
{
    if (!v || v->is_null) buf_puts(b, "<NULL>");
    else render_sql_value(b, v, t, zone);
}

static char **render_cells(conn_tableau_t *t, const row_t *r)
{
    char **cells = calloc((size_t)t->ncols + 1, sizeof *cells);
    int off = t->streaming ? 1 : 0;
    if (t->streaming) cells[0] = strdup(row_kind_short(r->kind));
    buf_t b = BUF_INIT;
    for (int i = 0; i < t->schema->nfields; i++) {
        buf_clear(&b);
        const value_t *v = (uint32_t)i < r->n ? &r->fields[i] : NULL;
        conn_tableau_cell(&b, v, t->schema->fields[i].type, t->has_zone ? &t->zone : NULL);
        cells[i + off] = strdup(buf_cstr(&b));
    }
    buf_free(&b);
    return cells;
}

static void free_cells(char **cells, int n)
{
    for (int i = 0; i < n; i++) free(cells[i]);
    free(cells);
}

void conn_tableau_begin(conn_tableau_t *t, buf_t *out)
{
    if (!t->streaming || t->begun) return;
    t->begun = true;
    tbl_box_border(&t->table, out);
    tbl_box_line(&t->table, (const char *const *)t->names, out);
    tbl_box_border(&t->table, out);
}

void conn_tableau_row(conn_tableau_t *t, const row_t *r, buf_t *out)
{
    char **cells = render_cells(t, r);
    t->received++;
    if (t->streaming) {
        conn_tableau_begin(t, out);
        tbl_box_line(&t->table, (const char *const *)cells, out);
        free_cells(cells, t->ncols);
        return;
    }
    if (t->nrows == t->caprows) {
        t->caprows = t->caprows ? t->caprows * 2 : 16;
        t->rows = xrealloc(t->rows, t->caprows * sizeof *t->rows);
    }
    t->rows[t->nrows++] = cells;
}

void conn_tableau_end(conn_tableau_t *t, buf_t *out)
{
    if (t->table_result) {
        if (t->received == 0) {
            buf_puts(out, "Empty set\n");
            return;
        }
        tbl_box_border(&t->table, out);
        buf_printf(out, "%ld %s in set\n", t->received, t->received > 1 ? "rows" : "row");
        return;
    }
    if (t->streaming) {
        conn_tableau_begin(t, out);
        if (t->received > 0) tbl_box_border(&t->table, out);
        buf_printf(out, "Received a total of %ld %s\n", t->received, t->received > 1 ? "rows" : "row");
        return;
    }
    if (t->nrows == 0) {
        buf_puts(out, "Empty set\n");
        return;
    }
    tbl_box_print(&t->table, (const char *const *)t->names, (const char *const *const *)t->rows, t->nrows, out);
    buf_printf(out, "%zu %s in set\n", t->nrows, t->nrows > 1 ? "rows" : "row");
}

void conn_tableau_free(conn_tableau_t *t)
{
    if (!t) return;
    for (size_t r = 0; r < t->nrows; r++) free_cells(t->rows[r], t->ncols);
    free(t->rows);
    free_cells(t->names, t->ncols);
    tbl_free(&t->table);
    free(t);
}

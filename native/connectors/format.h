/* format.h - a table's row format ('format' option), as used by the
 * filesystem source and sinks ("conn_format_").
 *
 * One object per table: it validates the format options once (Flink's
 * messages for invalid combinations) and then decodes lines into rows of the
 * table's schema, or encodes rows into lines. The per-format codecs live in
 * format_json.c / format_csv.c; this is the dispatch over them. */
#ifndef PTF_FORMAT_H
#define PTF_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog/catalog.h"
#include "types/value.h"
#include "util/arena.h"
#include "util/buf.h"

typedef struct conn_format conn_format_t;

typedef struct conn_where {
    const char *file;
    long line;
} conn_where_t;

enum { CONN_FORMAT_ERROR = -1, CONN_FORMAT_ROW = 1, CONN_FORMAT_SKIP = 2 };

/* NULL with err set for an unknown format or invalid options. */
conn_format_t *conn_format_new(const catalog_table_t *t, char *err, size_t errlen);
void conn_format_free(conn_format_t *f);

/* Decodes one line. CONN_FORMAT_SKIP: a bad line skipped by an
 * ignore-parse-errors option (or a line that carries no row, e.g. an empty
 * line); CONN_FORMAT_ERROR: err says file:line, the text and why. */
int conn_format_decode(conn_format_t *f, const char *line, size_t len, const conn_where_t *where, row_t *row,
                       arena_t *a, char *err, size_t errlen);

/* Decodes one line into zero or more rows: a JSON line holding a top-level
 * array yields one row per element, a debezium-json update yields -U and
 * +U, an empty line none. Returns 0 (rows in arena a; *skipped tells that a
 * bad line was dropped by an ignore-parse-errors option) or
 * CONN_FORMAT_ERROR. conn_format_decode above is the one-row case and fails
 * on a line with several records. */
int conn_format_decode_rows(conn_format_t *f, const char *line, size_t len, const conn_where_t *where, row_t **rows,
                            size_t *nrows, bool *skipped, arena_t *a, char *err, size_t errlen);

/* "json" or "csv": the extension of files a filesystem sink writes. */
const char *conn_format_extension(const conn_format_t *f);

/* Appends one encoded line (with its newline) for row. */
int conn_format_encode(conn_format_t *f, const row_t *row, buf_t *out, char *err, size_t errlen);

/* Path option resolved against the script's folder (malloc'ed). */
char *conn_resolve_path(const char *base_dir, const char *path);

#endif

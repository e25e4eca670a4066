/* format.c - a table's 'format' option: dispatch to format_json.c /
 * format_csv.c; see format.h. */
#include "connectors/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connectors/format_csv.h"
#include "connectors/format_json.h"

typedef enum { FMT_JSON, FMT_CSV } fmt_kind_t;

struct conn_format {
    fmt_kind_t kind;
    conn_json_t *json;
    conn_csv_t *csv;
};

conn_format_t *conn_format_new(const catalog_table_t *t, char *err, size_t errlen)
{
    const char *name = catalog_table_option(t, "format");
    if (!name) name = catalog_table_option(t, "value.format");
    if (!name) {
        snprintf(err, errlen, "table '%s': Table options do not contain an option key 'format' for discovering a "
                 "format (add 'format' = 'json' or 'csv').", t->name);
        return NULL;
    }
    conn_format_t *f = calloc(1, sizeof *f);
    char why[512];
    if (strcmp(name, "json") == 0 || strcmp(name, "debezium-json") == 0) {
        conn_json_options_t o;
        f->kind = FMT_JSON;
        if (conn_json_options_parse(&o, name, t->opts, t->nopts, why, sizeof why) == 0)
            f->json = conn_json_new(catalog_table_physical(t), &o, why, sizeof why);
        if (!f->json) goto fail;
    } else if (strcmp(name, "csv") == 0) {
        conn_csv_options_t o;
        f->kind = FMT_CSV;
        if (conn_csv_options_parse(&o, t->opts, t->nopts, why, sizeof why) == 0)
            f->csv = conn_csv_new(catalog_table_physical(t), &o, why, sizeof why);
        if (!f->csv) goto fail;
    } else {
        snprintf(err, errlen, "table '%s': Could not find any factory for identifier '%s' that implements "
                 "'org.apache.flink.table.factories.DeserializationFormatFactory' in the classpath. Available "
                 "factory identifiers are: csv, debezium-json, json", t->name, name);
        free(f);
        return NULL;
    }
    return f;
fail:
    snprintf(err, errlen, "table '%s': %s", t->name, why);
    free(f);
    return NULL;
}

void conn_format_free(conn_format_t *f)
{
    if (!f) return;
    conn_json_free(f->json);
    conn_csv_free(f->csv);
    free(f);
}

int conn_format_decode_rows(conn_format_t *f, const char *line, size_t len, const conn_where_t *where, row_t **rows,
                            size_t *nrows, bool *skipped, arena_t *a, char *err, size_t errlen)
{
    const char *file = where ? where->file : NULL;
    long lineno = where ? where->line : 0;
    *rows = NULL;
    *nrows = 0;
    if (f->kind == FMT_JSON)
        return conn_json_decode(f->json, line, len, file, lineno, rows, nrows, skipped, a, err, errlen) == 0
            ? 0 : CONN_FORMAT_ERROR;
    row_t *r = arena_alloc(a, sizeof *r);
    int rc = conn_csv_decode(f->csv, line, len, file, lineno, r, skipped, a, err, errlen);
    if (rc < 0) return CONN_FORMAT_ERROR;
    if (rc == 1) {
        *rows = r;
        *nrows = 1;
    }
    return 0;
}

int conn_format_decode(conn_format_t *f, const char *line, size_t len, const conn_where_t *where, row_t *row,
                       arena_t *a, char *err, size_t errlen)
{
    row_t *rows;
    size_t n;
    bool skipped;
    if (conn_format_decode_rows(f, line, len, where, &rows, &n, &skipped, a, err, errlen) != 0) return CONN_FORMAT_ERROR;
    if (n == 0) return CONN_FORMAT_SKIP;
    if (n > 1) {
        snprintf(err, errlen, "%s:%ld holds %zu records (a JSON array or a Debezium update); the reader must use "
                 "conn_format_decode_rows", where && where->file ? where->file : "<input>", where ? where->line : 0, n);
        return CONN_FORMAT_ERROR;
    }
    *row = rows[0];
    return CONN_FORMAT_ROW;
}

int conn_format_encode(conn_format_t *f, const row_t *row, buf_t *out, char *err, size_t errlen)
{
    if (f->kind == FMT_JSON) return conn_json_encode(f->json, row, out, err, errlen);
    return conn_csv_encode(f->csv, row, out, err, errlen);
}

const char *conn_format_extension(const conn_format_t *f) { return f->kind == FMT_JSON ? "json" : "csv"; }

char *conn_resolve_path(const char *base_dir, const char *path)
{
    if (strncmp(path, "file://", 7) == 0) path += 7;   /* Flink's file:///abs/path */
    if (path[0] == '/' || !base_dir || !base_dir[0]) return strdup(path);
    size_t n = strlen(base_dir) + strlen(path) + 2;
    char *p = malloc(n);
    snprintf(p, n, "%s%s%s", base_dir, base_dir[strlen(base_dir) - 1] == '/' ? "" : "/", path);
    return p;
}

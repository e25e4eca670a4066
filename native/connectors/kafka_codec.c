/* kafka_codec.c - a kafka table's key and value formats; see kafka.h.
 *
 * Each side is decoded by format.h's codecs over a projection of the
 * table: a private table whose columns are the side's fields and whose
 * options are the side's format options with the 'key.' / 'value.' prefix
 * taken off, so the codecs read them as they read a filesystem table's. */
#include "connectors/kafka.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

struct conn_kafka_codec {
    const catalog_table_t *table;
    catalog_table_t *key_table, *value_table;   /* the projections the formats see */
    conn_format_t *key, *value;
    int *key_cols, *value_cols;                 /* the table column of each field */
    int nkey, nvalue;
    bool upsert;
    bool value_is_row;                          /* no key, no metadata: the value's rows are the table's */
    const char *value_prefix;                   /* "value." or "" (the table's 'format') */
};

static void add_option(catalog_table_t *t, const char *key, const char *value)
{
    t->opts = xrealloc(t->opts, (size_t)(t->nopts + 1) * sizeof *t->opts);
    t->opts[t->nopts].key = xstrdup(key);
    t->opts[t->nopts].value = xstrdup(value);
    t->nopts++;
}

/* The projection of t on cols, with format fmt and the options prefix+fmt.*
 * (prefix "key." or "value.", or "" for 'format'); names lose strip_len. */
static catalog_table_t *projection(const catalog_table_t *t, const int *cols, int n, size_t strip_len,
                                   const char *fmt, const char *prefix)
{
    catalog_table_t *p = catalog_table_new(t->name);
    p->schema = type_new(TYPE_ROW, false);
    for (int i = 0; i < n; i++) {
        const type_field_t *f = &t->schema->fields[cols[i]];
        type_add_field(p->schema, f->name + strip_len, type_clone(f->type), f->description);
    }
    add_option(p, "format", fmt);
    size_t np = strlen(prefix), nf = strlen(fmt);
    for (int i = 0; i < t->nopts; i++) {
        const char *k = t->opts[i].key;
        if (strncmp(k, prefix, np) == 0 && strncmp(k + np, fmt, nf) == 0 && k[np + nf] == '.')
            add_option(p, k + np, t->opts[i].value);
    }
    return p;
}

/* 'key.fields' into column indexes, checked as Flink checks them. */
static int key_columns(conn_kafka_codec_t *c, const char *fields, const char *prefix, char *err, size_t errlen)
{
    const catalog_table_t *t = c->table;
    char *copy = xstrdup(fields), *save = NULL;
    int rc = 0;
    c->key_cols = xcalloc((size_t)t->schema->nfields + 1, sizeof *c->key_cols);
    for (char *f = strtok_r(copy, ";", &save); f && rc == 0; f = strtok_r(NULL, ";", &save)) {
        int col = type_field_index(t->schema, f);
        if (col < 0 || !catalog_column_is_physical(t, col)) {
            snprintf(err, errlen, "table '%s': Could not find the field '%s' in the table schema for usage in the "
                                  "key format. A key field must be a regular, physical column.", t->name, f);
            rc = -1;
        } else if (prefix && strncmp(f, prefix, strlen(prefix)) != 0) {
            snprintf(err, errlen, "table '%s': All fields in 'key.fields' must be prefixed with '%s' when option "
                                  "'key.fields-prefix' is set but field '%s' is not prefixed.", t->name, prefix, f);
            rc = -1;
        } else if (c->nkey < t->schema->nfields) {
            c->key_cols[c->nkey++] = col;
        }
    }
    free(copy);
    return rc;
}

/* upsert-kafka: the PRIMARY KEY columns, in their declared order. */
static int key_columns_of_pk(conn_kafka_codec_t *c, const char *prefix, char *err, size_t errlen)
{
    const catalog_table_t *t = c->table;
    if (t->npk == 0) {
        snprintf(err, errlen, "table '%s': 'upsert-kafka' tables require to define a PRIMARY KEY constraint. The "
                              "PRIMARY KEY specifies which columns should be read from or write to the Kafka message "
                              "key. The PRIMARY KEY also defines records in the 'upsert-kafka' table should update or "
                              "delete on which keys.", t->name);
        return -1;
    }
    c->key_cols = xcalloc((size_t)t->npk, sizeof *c->key_cols);
    for (int k = 0; k < t->npk; k++) {
        const char *name = t->schema->fields[t->pk[k]].name;
        if (prefix && strncmp(name, prefix, strlen(prefix)) != 0) {
            snprintf(err, errlen, "table '%s': All fields in 'key.fields' must be prefixed with '%s' when option "
                                  "'key.fields-prefix' is set but field '%s' is not prefixed.", t->name, prefix, name);
            return -1;
        }
        c->key_cols[c->nkey++] = t->pk[k];
    }
    return 0;
}

static int value_columns(conn_kafka_codec_t *c, const char *include, char *err, size_t errlen)
{
    const catalog_table_t *t = c->table;
    bool except_key = include && strcmp(include, "EXCEPT_KEY") == 0;
    if (include && !except_key && strcmp(include, "ALL") != 0) {
        snprintf(err, errlen, "table '%s': Could not parse value '%s' for key 'value.fields-include'. Possible "
                              "values: ALL, EXCEPT_KEY", t->name, include);
        return -1;
    }
    c->value_cols = xcalloc((size_t)t->schema->nfields + 1, sizeof *c->value_cols);
    for (int i = 0; i < t->schema->nfields; i++) {
        bool is_key = false;
        for (int k = 0; k < c->nkey; k++) is_key |= c->key_cols[k] == i;
        if (!(except_key && is_key) && catalog_column_is_physical(t, i)) c->value_cols[c->nvalue++] = i;
    }
    return 0;
}

static int check_key_options(const catalog_table_t *t, const char *kfmt, const char *kfields, const char *prefix,
                             const char *include, char *err, size_t errlen)
{
    if (kfmt && !kfields)
        snprintf(err, errlen, "table '%s': A key format 'key.format' requires the declaration of one or more of key "
                              "fields using 'key.fields'.", t->name);
    else if (!kfmt && kfields)
        snprintf(err, errlen, "table '%s': The option 'key.fields' can only be declared if a key format is defined "
                              "using 'key.format'.", t->name);
    else if (prefix && *prefix && (!include || strcmp(include, "EXCEPT_KEY") != 0))
        snprintf(err, errlen, "table '%s': A key prefix is not allowed when option 'value.fields-include' is set to "
                              "'ALL'. Set it to 'EXCEPT_KEY' instead to avoid field overlaps.", t->name);
    else
        return 0;
    return -1;
}

/* upsert-kafka needs both formats spelt out. */
static int check_upsert_formats(const catalog_table_t *t, char *err, size_t errlen)
{
    const char *missing = !catalog_table_option(t, "key.format") ? "key.format"
                        : !catalog_table_option(t, "value.format") ? "value.format" : NULL;
    if (!missing) return 0;
    snprintf(err, errlen, "table '%s': One or more required options are missing.\n\nMissing required options are:"
                          "\n\n%s", t->name, missing);
    return -1;
}

conn_kafka_codec_t *conn_kafka_codec_new(const catalog_table_t *t, bool upsert, char *err, size_t errlen)
{
    if (upsert && check_upsert_formats(t, err, errlen) != 0) return NULL;
    const char *kfmt = catalog_table_option(t, "key.format"), *kfields = catalog_table_option(t, "key.fields");
    const char *prefix = catalog_table_option(t, "key.fields-prefix");
    const char *include = catalog_table_option(t, "value.fields-include");
    const char *vfmt = catalog_table_option(t, "value.format"), *vprefix = "value.";
    if (!vfmt && (vfmt = catalog_table_option(t, "format"))) vprefix = "";
    if (!vfmt) {
        snprintf(err, errlen, "table '%s': Could not find required scan format 'value.format'. (add 'format' = "
                              "'json', or 'value.format')", t->name);
        return NULL;
    }
    if (check_key_options(t, kfmt, upsert ? "" : kfields, prefix, include, err, errlen) != 0) return NULL;
    conn_kafka_codec_t *c = xcalloc(1, sizeof *c);
    c->table = t;
    c->upsert = upsert;
    c->value_prefix = vprefix;
    const char *kprefix = prefix && *prefix ? prefix : NULL;
    if ((upsert && key_columns_of_pk(c, kprefix, err, errlen) != 0) ||
        (!upsert && kfields && key_columns(c, kfields, kprefix, err, errlen) != 0) ||
        value_columns(c, include, err, errlen) != 0)
        goto fail;
    c->value_table = projection(t, c->value_cols, c->nvalue, 0, vfmt, vprefix);
    if (!(c->value = conn_format_new(c->value_table, err, errlen))) goto fail;
    if (kfmt) {
        c->key_table = projection(t, c->key_cols, c->nkey, prefix ? strlen(prefix) : 0, kfmt, "key.");
        if (!(c->key = conn_format_new(c->key_table, err, errlen))) goto fail;
    }
    c->value_is_row = !c->key && c->nvalue == t->schema->nfields;
    for (int i = 0; c->value_is_row && i < c->nvalue; i++) c->value_is_row = c->value_cols[i] == i;
    return c;
fail:
    conn_kafka_codec_free(c);
    return NULL;
}

void conn_kafka_codec_free(conn_kafka_codec_t *c)
{
    if (!c) return;
    conn_format_free(c->key);
    conn_format_free(c->value);
    catalog_table_free(c->key_table);
    catalog_table_free(c->value_table);
    free(c->key_cols);
    free(c->value_cols);
    free(c);
}

bool conn_kafka_codec_has_key(const conn_kafka_codec_t *c) { return c->key != NULL; }

/* The key's fields first, the value's after (with ALL they overwrite the
 * key's, as in Flink's output projection); no value: a -D of the key. */
static void compose(const conn_kafka_codec_t *c, const row_t *key, const row_t *value, row_t *out, arena_t *a)
{
    int n = c->table->schema->nfields;
    out->kind = value ? value->kind : ROW_DELETE;
    out->n = (uint32_t)n;
    out->fields = arena_calloc(a, (size_t)n, sizeof(value_t));
    for (int i = 0; i < n; i++) out->fields[i] = value_null();
    for (int k = 0; key && k < c->nkey; k++) out->fields[c->key_cols[k]] = key->fields[k];
    for (int v = 0; value && v < c->nvalue; v++) out->fields[c->value_cols[v]] = value->fields[v];
}

/* A format's message names its options as a filesystem table spells them
 * ("(set 'json.ignore-parse-errors' = 'true' ...)"); a side of a kafka
 * table spells them with its prefix ('value.json.ignore-parse-errors'). */
static void prefix_hint(const char *prefix, char *err, size_t errlen)
{
    const char *at = *prefix ? strstr(err, "(set '") : NULL;
    if (!at) return;
    size_t head = (size_t)(at - err) + strlen("(set '");
    buf_t b = BUF_INIT;
    buf_append(&b, err, head);
    buf_puts(&b, prefix);
    buf_puts(&b, err + head);
    snprintf(err, errlen, "%s", buf_cstr(&b));
    buf_free(&b);
}

int conn_kafka_codec_decode(conn_kafka_codec_t *c, const void *key, size_t keylen, const void *value, size_t vallen,
                            const conn_where_t *where, row_t **rows, size_t *nrows, bool *skipped, arena_t *a,
                            char *err, size_t errlen)
{
    row_t *vrows = NULL, *krows = NULL;
    size_t nv = 1, nk = 0;
    *rows = NULL;
    *nrows = 0;
    *skipped = false;
    if (!value && !c->upsert) return 0;   /* a tombstone carries no row, as Flink's formats read null */
    if (value && conn_format_decode_rows(c->value, value, vallen, where, &vrows, &nv, skipped, a, err, errlen) != 0) {
        prefix_hint(c->value_prefix, err, errlen);
        return -1;
    }
    if (nv == 0) return 0;
    if (c->key && key &&
        conn_format_decode_rows(c->key, key, keylen, where, &krows, &nk, skipped, a, err, errlen) != 0) {
        prefix_hint("key.", err, errlen);
        return -1;
    }
    if (*skipped) return 0;   /* a key the key format skipped */
    if (c->value_is_row) {
        *rows = vrows;
        *nrows = nv;
        return 0;
    }
    *rows = arena_alloc(a, nv * sizeof **rows);
    for (size_t i = 0; i < nv; i++) compose(c, nk == 1 ? krows : NULL, vrows ? &vrows[i] : NULL, &(*rows)[i], a);
    *nrows = nv;
    return 0;
}

static void project(const int *cols, int n, const row_t *row, row_t *out, value_t *fields)
{
    out->kind = row->kind;
    out->n = (uint32_t)n;
    out->fields = fields;
    for (int i = 0; i < n; i++) fields[i] = row->fields[cols[i]];
}

/* Encodes with format.h and drops the line's newline. */
static int encode_side(conn_format_t *f, const int *cols, int n, const row_t *row, buf_t *out, char *err,
                       size_t errlen)
{
    value_t *fields = xcalloc((size_t)n + 1, sizeof *fields);
    row_t p;
    project(cols, n, row, &p, fields);
    buf_clear(out);
    int rc = conn_format_encode(f, &p, out, err, errlen);
    free(fields);
    while (rc == 0 && out->len > 0 && (out->data[out->len - 1] == '\n' || out->data[out->len - 1] == '\r'))
        out->len--;
    return rc;
}

int conn_kafka_codec_encode(conn_kafka_codec_t *c, const row_t *row, buf_t *key, buf_t *value, bool *tombstone,
                            char *err, size_t errlen)
{
    if (c->key && encode_side(c->key, c->key_cols, c->nkey, row, key, err, errlen) != 0) return -1;
    *tombstone = c->upsert && row->kind == ROW_DELETE;
    if (*tombstone) return 0;
    return encode_side(c->value, c->value_cols, c->nvalue, row, value, err, errlen);
}

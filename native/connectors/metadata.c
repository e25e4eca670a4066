/* metadata.c - see metadata.h. */
#include "connectors/metadata.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/cast.h"
#include "util/buf.h"
#include "util/xalloc.h"

static int find_key(const conn_metadata_offer_t *o, const char *key)
{
    for (int i = 0; i < o->nkeys; i++)
        if (strcmp(o->keys[i].key, key) == 0) return i;
    return -1;
}

static void unknown_key(const catalog_table_t *t, int col, bool writing, const conn_metadata_offer_t *o, char *err,
                        size_t errlen)
{
    buf_t keys = BUF_INIT;
    for (int i = 0; i < o->nkeys; i++) buf_printf(&keys, "%s%s", i ? "\n" : "", o->keys[i].key);
    snprintf(err, errlen, "Invalid metadata key '%s' in column '%s' of table 'default_catalog.default_database.%s'. "
             "The %s class '%s' supports the following metadata keys for %s:\n%s", t->metadata[col].key,
             t->schema->fields[col].name, t->name, writing ? "DynamicTableSink" : "DynamicTableSource",
             o->class_name, writing ? "writing" : "reading", buf_cstr(&keys));
    buf_free(&keys);
}

/* Flink's message names the types in its own order: reading gives the
 * key's type first, writing the column's. */
static void bad_type(const catalog_table_t *t, int col, bool writing, const type_t *key_type, char *err,
                     size_t errlen)
{
    const char *name = t->schema->fields[col].name, *key = t->metadata[col].key;
    char *kt = type_to_string(key_type), *ct = type_to_string(t->schema->fields[col].type);
    char with_key[600] = "";
    if (strcmp(key, name) != 0) snprintf(with_key, sizeof with_key, " with metadata key '%s'", key);
    snprintf(err, errlen, "Invalid data type for metadata column '%s'%s of table "
             "'default_catalog.default_database.%s'. The column cannot be declared as '%s' because the type must "
             "be castable %s metadata type '%s'.", name, with_key, t->name, writing ? ct : kt,
             writing ? "to" : "from", writing ? kt : ct);
    free(kt);
    free(ct);
}

static void unsupported(const catalog_table_t *t, bool writing, const conn_metadata_offer_t *o, char *err,
                        size_t errlen)
{
    if (writing)
        snprintf(err, errlen, "Table 'default_catalog.default_database.%s' declares persistable metadata columns, "
                 "but the underlying DynamicTableSink doesn't implement the SupportsWritingMetadata interface. If "
                 "the column should not be persisted, it can be declared with the VIRTUAL keyword.", t->name);
    else
        snprintf(err, errlen, "Table '%s' declares metadata columns, but the underlying DynamicTableSource doesn't "
                 "implement the SupportsReadingMetadata interface. Therefore, metadata cannot be read from the "
                 "given source.", o->summary);
}

static bool is_timestamp(const type_t *t) { return t->id == TYPE_TIMESTAMP || t->id == TYPE_TIMESTAMP_LTZ; }

/* Flink allows every explicit cast; ptfhost its implicit ones and TIMESTAMP
 * <-> TIMESTAMP_LTZ (Flink's docs declare `ts TIMESTAMP(3) METADATA FROM
 * 'timestamp'`), converted in UTC: both hold epoch milliseconds. */
static bool castable(const type_t *from, const type_t *to)
{
    return cast_implicit_ok(from, to) || (is_timestamp(from) && is_timestamp(to));
}

/* Binds column col; 0, or -1 with err set. */
static int bind_column(conn_metadata_t *m, int col, bool writing, const conn_metadata_offer_t *o, char *err,
                       size_t errlen)
{
    const catalog_table_t *t = m->table;
    int k = find_key(o, t->metadata[col].key);
    if (k < 0) {
        unknown_key(t, col, writing, o, err, errlen);
        return -1;
    }
    const type_t *ct = t->schema->fields[col].type;
    if (!(writing ? castable(ct, m->types[k]) : castable(m->types[k], ct))) {
        bad_type(t, col, writing, m->types[k], err, errlen);
        return -1;
    }
    m->key_of[col] = k;
    m->any = true;
    return 0;
}

int conn_metadata_init(conn_metadata_t *m, const catalog_table_t *t, bool writing,
                       const conn_metadata_offer_t *offer, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    m->table = t;
    int n = t->schema->nfields;
    m->key_of = xcalloc((size_t)n + 1, sizeof *m->key_of);
    for (int i = 0; i < n; i++) m->key_of[i] = -1;
    m->nkeys = offer->nkeys;
    m->types = xcalloc((size_t)offer->nkeys + 1, sizeof *m->types);
    for (int k = 0; k < offer->nkeys; k++) {
        char why[256];
        m->types[k] = type_parse(offer->keys[k].type, why, sizeof why);
        if (!m->types[k]) abort();   /* the offers are constants */
    }
    for (int i = 0; i < n; i++) {
        if (!catalog_column_is_metadata(t, i) || (writing && !catalog_column_is_persisted(t, i))) continue;
        if (offer->nkeys == 0) {
            unsupported(t, writing, offer, err, errlen);
            return -1;
        }
        if (bind_column(m, i, writing, offer, err, errlen) != 0) return -1;
    }
    return 0;
}

void conn_metadata_free(conn_metadata_t *m)
{
    for (int k = 0; k < m->nkeys; k++) type_free(m->types[k]);
    free(m->types);
    free(m->key_of);
    memset(m, 0, sizeof *m);
}

int conn_metadata_none(const catalog_table_t *t, bool writing, const char *summary, char *err, size_t errlen)
{
    conn_metadata_t m;
    const conn_metadata_offer_t none = {summary, NULL, NULL, 0};
    int rc = conn_metadata_init(&m, t, writing, &none, err, errlen);
    conn_metadata_free(&m);
    return rc;
}

value_t conn_metadata_to_column(const conn_metadata_t *m, int col, const value_t *v, arena_t *a)
{
    const type_t *kt = m->types[m->key_of[col]], *ct = m->table->schema->fields[col].type;
    return type_equals_ignore_null(kt, ct) || v->is_null ? *v : cast_value(v, kt, ct, a);
}

value_t conn_metadata_from_column(const conn_metadata_t *m, int col, const value_t *v, arena_t *a)
{
    const type_t *kt = m->types[m->key_of[col]], *ct = m->table->schema->fields[col].type;
    return type_equals_ignore_null(kt, ct) || v->is_null ? *v : cast_value(v, ct, kt, a);
}

void conn_metadata_spread(const catalog_table_t *t, bool (*keep)(const catalog_table_t *, int), const row_t *in,
                          row_t *out, arena_t *a)
{
    int n = t->schema->nfields;
    out->kind = in->kind;
    out->n = (uint32_t)n;
    out->fields = arena_calloc(a, (size_t)n, sizeof(value_t));
    for (int i = 0, j = 0; i < n; i++) out->fields[i] = keep(t, i) && j < (int)in->n ? in->fields[j++] : value_null();
}

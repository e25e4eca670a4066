/* metadata.h - METADATA columns of a table's connector ("conn_metadata_").
 *
 * A connector offers metadata keys, each with the type of its value (Kafka:
 * 'timestamp', 'partition', 'headers', ...; filesystem: 'file.path', ...);
 * a table's METADATA columns bind to them when a source or sink opens, with
 * Flink's checks and messages (DynamicSourceUtils / DynamicSinkUtils): a
 * connector that offers none, an unknown key (listing those offered), a
 * column type the key's value does not cast to (reading) or from (writing).
 * ptfhost casts by its implicit casts (types/cast.h) and TIMESTAMP <->
 * TIMESTAMP_LTZ in UTC; Flink allows every explicit cast.
 *
 * A source reads its physical columns with its format and fills the bound
 * metadata columns; a sink receives the persisted row (without VIRTUAL
 * columns) and writes the bound persisted metadata columns.
 *
 * Ownership: conn_metadata_init initialises m on every path;
 * conn_metadata_free releases it. The table is borrowed. */
#ifndef PTF_CONN_METADATA_H
#define PTF_CONN_METADATA_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog/catalog.h"
#include "types/value.h"
#include "util/arena.h"

typedef struct conn_metadata_key {
    const char *key;
    const char *type;            /* the value's type, e.g. "INT NOT NULL" */
} conn_metadata_key_t;

/* What a connector offers for reading or for writing. */
typedef struct conn_metadata_offer {
    const char *summary;         /* Flink's asSummaryString of the source, for "declares metadata columns" */
    const char *class_name;      /* Flink's DynamicTableSource / DynamicTableSink class */
    const conn_metadata_key_t *keys;
    int nkeys;                   /* 0: the connector supports no metadata this way */
} conn_metadata_offer_t;

typedef struct conn_metadata {
    const catalog_table_t *table;
    int *key_of;                 /* per table column: index into keys, -1 when not bound */
    type_t **types;              /* per offered key: its type */
    int nkeys;
    bool any;                    /* some column is bound */
} conn_metadata_t;

/* Binds t's METADATA columns (writing: its persisted ones) to offer's keys.
 * 0, or -1 with Flink's message in err. */
int conn_metadata_init(conn_metadata_t *m, const catalog_table_t *t, bool writing,
                       const conn_metadata_offer_t *offer, char *err, size_t errlen);
void conn_metadata_free(conn_metadata_t *m);

/* For a connector that offers no metadata: 0 when t has no METADATA column
 * (writing: no persisted one), else -1 with Flink's message. */
int conn_metadata_none(const catalog_table_t *t, bool writing, const char *summary, char *err, size_t errlen);

/* The offered key bound to column col, or -1. */
static inline int conn_metadata_key_of(const conn_metadata_t *m, int col) { return m->any ? m->key_of[col] : -1; }

/* Column col's value from v, a value of its key's type (reading). */
value_t conn_metadata_to_column(const conn_metadata_t *m, int col, const value_t *v, arena_t *a);
/* The key's value from v, column col's value (writing). */
value_t conn_metadata_from_column(const conn_metadata_t *m, int col, const value_t *v, arena_t *a);

/* Spreads in, a row of the columns of t that keep accepts
 * (catalog_column_is_physical / _persisted), over all of t's columns in out;
 * the others are NULL. out's fields go to a. */
void conn_metadata_spread(const catalog_table_t *t, bool (*keep)(const catalog_table_t *, int), const row_t *in,
                          row_t *out, arena_t *a);

#endif

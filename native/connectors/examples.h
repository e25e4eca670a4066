/* examples.h - the read-only examples catalog: examples.marketplace with
 * Confluent's mock streams clicks, customers, orders and products
 * ("conn_examples_").
 *
 * Schemas are those of Confluent's "Example Data Streams" page; each table
 * also has the `$rowtime` column (TIMESTAMP_LTZ(3) NOT NULL, METADATA
 * VIRTUAL) with a watermark on it (the largest timestamp seen). The rows are
 * generated from a fixed seed, so every run yields the same rows; the first
 * row's $rowtime is 2024-01-01 00:00:00 UTC and each next one is
 * 1000 / rows-per-second ms later.
 *
 * Unbounded by default, at 10 rows per second. Session options, read when a
 * statement first names the table:
 *   SET 'ptfhost.examples.number-of-rows' = 'N';   -- bounded: N rows, then the end
 *   SET 'ptfhost.examples.rows-per-second' = 'R';  -- pace (0: as fast as read)
 *
 * The tables are made on first use: conn_examples_table adds
 * examples.<database>.<name> to the catalog (catalog_names.h keys). */
#ifndef PTF_CONN_EXAMPLES_H
#define PTF_CONN_EXAMPLES_H

#include <stddef.h>

#include "catalog/catalog.h"
#include "connectors/source.h"

#define CONN_EXAMPLES_CONNECTOR "ptfhost-examples"

/* The table examples.database.name, added to c on first use; NULL when the
 * examples catalog has no such table. */
catalog_table_t *conn_examples_table(catalog_t *c, const char *database, const char *name);

/* Adds every examples table to c (for SHOW TABLES). */
void conn_examples_add_all(catalog_t *c);

/* The source of a table made by conn_examples_table. */
conn_source_t *conn_examples_open(const catalog_table_t *t, char *err, size_t errlen);

#endif

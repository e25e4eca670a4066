/* catalog_names.h - catalogs, databases and how a written name finds its
 * object ("catalog_" naming layer over catalog.h).
 *
 * Flink resolves `object`, `database.object` and `catalog.database.object`
 * against the current catalog and database (default_catalog.default_database
 * at start). The catalog (catalog.h) keeps every table in one list: an object
 * of default_catalog.default_database under its bare name (so messages and
 * SHOW TABLES read as before), any other under "catalog.database.object"
 * (catalog_object_key).
 *
 * Built in: default_catalog (default_database) and the read-only examples
 * catalog (database marketplace, tables made on first use by
 * connectors/examples.h). CREATE CATALOG adds in-memory catalogs, each with
 * a database named default.
 *
 * Ownership: names are copied; everything is freed by catalog_free. Errors
 * fill err with Flink's message and return -1. Not thread-safe (one session). */
#ifndef PTF_CATALOG_NAMES_H
#define PTF_CATALOG_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog/catalog.h"

#define CATALOG_DEFAULT_CATALOG "default_catalog"
#define CATALOG_DEFAULT_DATABASE "default_database"
#define CATALOG_EXAMPLES "examples"

/* A fully qualified object name; the strings are borrowed. */
typedef struct catalog_path {
    const char *catalog, *database, *object;
} catalog_path_t;

const char *catalog_current_catalog(const catalog_t *c);
const char *catalog_current_database(const catalog_t *c);

/* Qualifies 1 to 3 name parts against the current catalog and database;
 * -1 for more parts. */
int catalog_qualify(const catalog_t *c, const char *const *parts, int nparts, catalog_path_t *out);
/* Flink's ObjectIdentifier.asSummaryString of the qualified parts:
 * catalog.database.object (malloc'ed; NULL for more than three parts). */
char *catalog_identifier(const catalog_t *c, const char *const *parts, int nparts);
/* The key the table list uses for p (malloc'ed). */
char *catalog_object_key(const catalog_path_t *p);
/* Whether key names an object of catalog.database; *object is its last part. */
bool catalog_key_in(const catalog_t *c, const char *key, const char *catalog, const char *database,
                    const char **object);

bool catalog_has_catalog(const catalog_t *c, const char *name);
bool catalog_has_database(const catalog_t *c, const char *catalog, const char *database);
bool catalog_is_read_only(const catalog_t *c, const char *catalog);
/* Calcite's message for a path that names nothing: which part was not found
 * within which prefix ("Object 'x' not found within 'cat.db'"). */
void catalog_path_not_found(const catalog_t *c, const catalog_path_t *p, int nparts, char *out, size_t outlen);

/* Names, sorted, in a malloc'ed array of borrowed strings (free the array). */
const char **catalog_list_catalogs(const catalog_t *c, int *n);
const char **catalog_list_databases(const catalog_t *c, const char *catalog, int *n);

/* type: the 'type' option ('generic_in_memory'; NULL when not given). */
int catalog_create_catalog(catalog_t *c, const char *name, const char *type, bool if_not_exists, char *err,
                           size_t errlen);
int catalog_drop_catalog(catalog_t *c, const char *name, bool if_exists, char *err, size_t errlen);
int catalog_create_database(catalog_t *c, const char *catalog, const char *name, bool if_not_exists, char *err,
                            size_t errlen);
/* A non-empty database is dropped only with cascade (its tables go too). */
int catalog_drop_database(catalog_t *c, const char *catalog, const char *name, bool if_exists, bool cascade,
                          char *err, size_t errlen);
int catalog_use_catalog(catalog_t *c, const char *name, char *err, size_t errlen);
int catalog_use_database(catalog_t *c, const char *catalog, const char *name, char *err, size_t errlen);

void catalog_names_free(catalog_t *c);   /* by catalog_free */

#endif

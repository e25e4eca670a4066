/* catalog_names.c - see catalog_names.h. Until a statement changes them,
 * the catalogs are the built-in ones (c->names stays NULL). */
#include "catalog/catalog_names.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct named_catalog {
    char *name;
    bool read_only;
    char **dbs;
    int ndbs;
} named_catalog_t;

struct catalog_names {
    named_catalog_t *cats;
    int ncats;
    char *current_catalog, *current_database;
};

static bool is_default(const char *catalog, const char *database);

static const char *const EXAMPLES_DBS[] = {"marketplace"};
static const char *const DEFAULT_DBS[] = {CATALOG_DEFAULT_DATABASE};

static void add_catalog(struct catalog_names *n, const char *name, bool read_only)
{
    n->cats = xrealloc(n->cats, (size_t)(n->ncats + 1) * sizeof *n->cats);
    n->cats[n->ncats++] = (named_catalog_t){.name = xstrdup(name), .read_only = read_only};
}

static void add_database(named_catalog_t *cat, const char *name)
{
    cat->dbs = xrealloc(cat->dbs, (size_t)(cat->ndbs + 1) * sizeof *cat->dbs);
    cat->dbs[cat->ndbs++] = xstrdup(name);
}

/* The names, made writable on first change. */
static struct catalog_names *names_mut(catalog_t *c)
{
    if (c->names) return c->names;
    struct catalog_names *n = xcalloc(1, sizeof *n);
    add_catalog(n, CATALOG_DEFAULT_CATALOG, false);
    add_database(&n->cats[0], DEFAULT_DBS[0]);
    add_catalog(n, CATALOG_EXAMPLES, true);
    add_database(&n->cats[1], EXAMPLES_DBS[0]);
    n->current_catalog = xstrdup(CATALOG_DEFAULT_CATALOG);
    n->current_database = xstrdup(CATALOG_DEFAULT_DATABASE);
    c->names = n;
    return n;
}

void catalog_names_free(catalog_t *c)
{
    struct catalog_names *n = c->names;
    if (!n) return;
    for (int i = 0; i < n->ncats; i++) {
        for (int j = 0; j < n->cats[i].ndbs; j++) free(n->cats[i].dbs[j]);
        free(n->cats[i].dbs);
        free(n->cats[i].name);
    }
    free(n->cats);
    free(n->current_catalog);
    free(n->current_database);
    free(n);
    c->names = NULL;
}

const char *catalog_current_catalog(const catalog_t *c)
{
    return c->names ? c->names->current_catalog : CATALOG_DEFAULT_CATALOG;
}

const char *catalog_current_database(const catalog_t *c)
{
    return c->names ? c->names->current_database : CATALOG_DEFAULT_DATABASE;
}

static const named_catalog_t *catalogs(const catalog_t *c, int *n)
{
    static const named_catalog_t builtin[] = {
        {CATALOG_DEFAULT_CATALOG, false, (char **)DEFAULT_DBS, 1},
        {CATALOG_EXAMPLES, true, (char **)EXAMPLES_DBS, 1},
    };
    *n = c->names ? c->names->ncats : 2;
    return c->names ? c->names->cats : builtin;
}

static const named_catalog_t *find_catalog(const catalog_t *c, const char *name)
{
    int n;
    const named_catalog_t *cats = catalogs(c, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(cats[i].name, name) == 0) return &cats[i];
    return NULL;
}

static int find_database(const named_catalog_t *cat, const char *name)
{
    for (int i = 0; cat && i < cat->ndbs; i++)
        if (strcmp(cat->dbs[i], name) == 0) return i;
    return -1;
}

bool catalog_has_catalog(const catalog_t *c, const char *name) { return find_catalog(c, name) != NULL; }

bool catalog_has_database(const catalog_t *c, const char *catalog, const char *database)
{
    return find_database(find_catalog(c, catalog), database) >= 0;
}

bool catalog_is_read_only(const catalog_t *c, const char *catalog)
{
    const named_catalog_t *cat = find_catalog(c, catalog);
    return cat && cat->read_only;
}

int catalog_qualify(const catalog_t *c, const char *const *parts, int nparts, catalog_path_t *out)
{
    if (nparts < 1 || nparts > 3) return -1;
    out->object = parts[nparts - 1];
    out->database = nparts >= 2 ? parts[nparts - 2] : catalog_current_database(c);
    out->catalog = nparts == 3 ? parts[0] : catalog_current_catalog(c);
    return 0;
}

char *catalog_identifier(const catalog_t *c, const char *const *parts, int nparts)
{
    catalog_path_t p;
    if (catalog_qualify(c, parts, nparts, &p) != 0) return NULL;
    size_t n = strlen(p.catalog) + strlen(p.database) + strlen(p.object) + 3;
    char *id = xmalloc(n);
    snprintf(id, n, "%s.%s.%s", p.catalog, p.database, p.object);
    return id;
}

char *catalog_object_key(const catalog_path_t *p)
{
    if (is_default(p->catalog, p->database)) return xstrdup(p->object);
    size_t n = strlen(p->catalog) + strlen(p->database) + strlen(p->object) + 3;
    char *key = xmalloc(n);
    snprintf(key, n, "%s.%s.%s", p->catalog, p->database, p->object);
    return key;
}

static bool has_prefix(const char *key, const char *catalog, const char *database)
{
    size_t lc = strlen(catalog), ld = strlen(database);
    return strncmp(key, catalog, lc) == 0 && key[lc] == '.' && strncmp(key + lc + 1, database, ld) == 0 &&
           key[lc + 1 + ld] == '.';
}

static bool is_default(const char *catalog, const char *database)
{
    return strcmp(catalog, CATALOG_DEFAULT_CATALOG) == 0 && strcmp(database, CATALOG_DEFAULT_DATABASE) == 0;
}

static const named_catalog_t *catalogs(const catalog_t *c, int *n);

bool catalog_key_in(const catalog_t *c, const char *key, const char *catalog, const char *database,
                    const char **object)
{
    if (!is_default(catalog, database)) {
        *object = key + strlen(catalog) + strlen(database) + 2;
        return has_prefix(key, catalog, database);
    }
    /* A bare key is the default database's, unless it is another database's prefixed key. */
    int n;
    const named_catalog_t *cats = catalogs(c, &n);
    for (int i = 0; i < n; i++)
        for (int d = 0; d < cats[i].ndbs; d++)
            if (!is_default(cats[i].name, cats[i].dbs[d]) && has_prefix(key, cats[i].name, cats[i].dbs[d]))
                return false;
    *object = key;
    return true;
}

void catalog_path_not_found(const catalog_t *c, const catalog_path_t *p, int nparts, char *out, size_t outlen)
{
    if (nparts <= 1) {
        snprintf(out, outlen, "Object '%s' not found", p->object);
    } else if (nparts == 3 && !catalog_has_catalog(c, p->catalog)) {
        snprintf(out, outlen, "Object '%s' not found", p->catalog);
    } else if (!catalog_has_database(c, p->catalog, p->database)) {
        if (nparts == 3) snprintf(out, outlen, "Object '%s' not found within '%s'", p->database, p->catalog);
        else snprintf(out, outlen, "Object '%s' not found", p->database);
    } else if (nparts == 3) {
        snprintf(out, outlen, "Object '%s' not found within '%s.%s'", p->object, p->catalog, p->database);
    } else {
        snprintf(out, outlen, "Object '%s' not found within '%s'", p->object, p->database);
    }
}

static int cmp_name(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

const char **catalog_list_catalogs(const catalog_t *c, int *n)
{
    struct catalog_names *names = names_mut((catalog_t *)c);
    const char **out = xcalloc((size_t)names->ncats + 1, sizeof *out);
    for (int i = 0; i < names->ncats; i++) out[i] = names->cats[i].name;
    qsort(out, (size_t)names->ncats, sizeof *out, cmp_name);
    *n = names->ncats;
    return out;
}

const char **catalog_list_databases(const catalog_t *c, const char *catalog, int *n)
{
    const named_catalog_t *cat = find_catalog(c, catalog);
    *n = cat ? cat->ndbs : 0;
    const char **out = xcalloc((size_t)*n + 1, sizeof *out);
    for (int i = 0; i < *n; i++) out[i] = cat->dbs[i];
    qsort(out, (size_t)*n, sizeof *out, cmp_name);
    return out;
}

int catalog_create_catalog(catalog_t *c, const char *name, const char *type, bool if_not_exists, char *err,
                           size_t errlen)
{
    if (!type) {
        snprintf(err, errlen, "Catalog options do not contain an option key 'type' for discovering a catalog. "
                              "ptfhost creates in-memory catalogs: WITH ('type' = 'generic_in_memory').");
        return -1;
    }
    if (strcmp(type, "generic_in_memory") != 0) {
        snprintf(err, errlen, "Could not find any factory for identifier '%s' that implements "
                              "'org.apache.flink.table.factories.CatalogFactory' in the classpath. ptfhost creates "
                              "in-memory catalogs only: 'type' = 'generic_in_memory'.", type);
        return -1;
    }
    if (find_catalog(c, name)) {
        if (if_not_exists) return 0;
        snprintf(err, errlen, "Catalog %s already exists.", name);
        return -1;
    }
    struct catalog_names *n = names_mut(c);
    add_catalog(n, name, false);
    add_database(&n->cats[n->ncats - 1], "default");
    return 0;
}

/* Drops every table whose key lies in catalog[.database]. */
static void drop_tables_in(catalog_t *c, const char *catalog, const char *database)
{
    for (int i = 0; i < c->ntables; i++) {
        const char *object;
        const named_catalog_t *cat = find_catalog(c, catalog);
        bool hit = false;
        for (int d = 0; cat && d < cat->ndbs && !hit; d++)
            if (!database || strcmp(database, cat->dbs[d]) == 0)
                hit = catalog_key_in(c, c->tables[i]->name, catalog, cat->dbs[d], &object);
        if (hit && catalog_drop_table(c, c->tables[i]->name) == 0) i--;
    }
}

int catalog_drop_catalog(catalog_t *c, const char *name, bool if_exists, char *err, size_t errlen)
{
    if (!find_catalog(c, name)) {
        if (if_exists) return 0;
        snprintf(err, errlen, "Catalog %s does not exist.", name);
        return -1;
    }
    if (strcmp(name, catalog_current_catalog(c)) == 0) {
        snprintf(err, errlen, "Cannot drop a catalog which is currently in use.");
        return -1;
    }
    if (catalog_is_read_only(c, name)) {
        snprintf(err, errlen, "Catalog %s is read-only: it cannot be dropped.", name);
        return -1;
    }
    drop_tables_in(c, name, NULL);
    struct catalog_names *n = names_mut(c);
    for (int i = 0; i < n->ncats; i++)
        if (strcmp(n->cats[i].name, name) == 0) {
            for (int j = 0; j < n->cats[i].ndbs; j++) free(n->cats[i].dbs[j]);
            free(n->cats[i].dbs);
            free(n->cats[i].name);
            memmove(&n->cats[i], &n->cats[i + 1], (size_t)(n->ncats - i - 1) * sizeof *n->cats);
            n->ncats--;
            break;
        }
    return 0;
}

static named_catalog_t *catalog_mut(catalog_t *c, const char *name)
{
    struct catalog_names *n = names_mut(c);
    for (int i = 0; i < n->ncats; i++)
        if (strcmp(n->cats[i].name, name) == 0) return &n->cats[i];
    return NULL;
}

int catalog_create_database(catalog_t *c, const char *catalog, const char *name, bool if_not_exists, char *err,
                            size_t errlen)
{
    if (!catalog) catalog = catalog_current_catalog(c);
    named_catalog_t *cat = catalog_mut(c, catalog);
    if (!cat) {
        snprintf(err, errlen, "A catalog with name [%s] does not exist.", catalog);
        return -1;
    }
    if (cat->read_only) {
        snprintf(err, errlen, "Catalog %s is read-only: CREATE DATABASE is not allowed in it.", catalog);
        return -1;
    }
    if (find_database(cat, name) >= 0) {
        if (if_not_exists) return 0;
        snprintf(err, errlen, "Database %s already exists in Catalog %s.", name, catalog);
        return -1;
    }
    add_database(cat, name);
    return 0;
}

static bool database_empty(const catalog_t *c, const char *catalog, const char *database)
{
    const char *object;
    for (int i = 0; i < c->ntables; i++)
        if (catalog_key_in(c, c->tables[i]->name, catalog, database, &object)) return false;
    return true;
}

int catalog_drop_database(catalog_t *c, const char *catalog, const char *name, bool if_exists, bool cascade,
                          char *err, size_t errlen)
{
    if (!catalog) catalog = catalog_current_catalog(c);
    named_catalog_t *cat = catalog_mut(c, catalog);
    int d = find_database(cat, name);
    if (d < 0) {
        if (if_exists && cat) return 0;
        if (!cat) snprintf(err, errlen, "A catalog with name [%s] does not exist.", catalog);
        else snprintf(err, errlen, "Database %s does not exist in Catalog %s.", name, catalog);
        return -1;
    }
    if (cat->read_only) {
        snprintf(err, errlen, "Catalog %s is read-only: DROP DATABASE is not allowed in it.", catalog);
        return -1;
    }
    if (strcmp(catalog, catalog_current_catalog(c)) == 0 && strcmp(name, catalog_current_database(c)) == 0) {
        snprintf(err, errlen, "Cannot drop a database which is currently in use.");
        return -1;
    }
    if (!database_empty(c, catalog, name)) {
        if (!cascade) {
            snprintf(err, errlen, "Database %s in catalog %s is not empty.", name, catalog);
            return -1;
        }
        drop_tables_in(c, catalog, name);
    }
    free(cat->dbs[d]);
    memmove(&cat->dbs[d], &cat->dbs[d + 1], (size_t)(cat->ndbs - d - 1) * sizeof *cat->dbs);
    cat->ndbs--;
    return 0;
}

int catalog_use_catalog(catalog_t *c, const char *name, char *err, size_t errlen)
{
    const named_catalog_t *cat = find_catalog(c, name);
    if (!cat) {
        snprintf(err, errlen, "A catalog with name [%s] does not exist.", name);
        return -1;
    }
    struct catalog_names *n = names_mut(c);
    cat = find_catalog(c, name);
    /* Flink switches to the catalog's default database. */
    const char *db = strcmp(name, CATALOG_DEFAULT_CATALOG) == 0 ? CATALOG_DEFAULT_DATABASE
                     : find_database(cat, "default") >= 0 || cat->ndbs == 0 ? "default" : cat->dbs[0];
    char *new_db = xstrdup(db);
    free(n->current_catalog);
    free(n->current_database);
    n->current_catalog = xstrdup(name);
    n->current_database = new_db;
    return 0;
}

int catalog_use_database(catalog_t *c, const char *catalog, const char *name, char *err, size_t errlen)
{
    if (catalog && catalog_use_catalog(c, catalog, err, errlen) != 0) return -1;
    const char *cur = catalog_current_catalog(c);
    if (!catalog_has_database(c, cur, name)) {
        snprintf(err, errlen, "A database with name [%s] does not exist in the catalog: [%s].", name, cur);
        return -1;
    }
    struct catalog_names *n = names_mut(c);
    char *db = xstrdup(name);
    free(n->current_database);
    n->current_database = db;
    return 0;
}

/* plan_names.c - see plan.h: how a table name written in a statement finds
 * its catalog entry. */
#include "engine/plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_names.h"
#include "connectors/examples.h"

static int name_path(const catalog_t *c, const sqlp_name_t *name, catalog_path_t *p)
{
    const char *parts[3];
    if (name->nparts < 1 || name->nparts > 3) return -1;
    for (int i = 0; i < name->nparts; i++) parts[i] = name->parts[i].name;
    return catalog_qualify(c, parts, name->nparts, p);
}

char *plan_table_key(const catalog_t *c, const sqlp_name_t *name)
{
    catalog_path_t p;
    return name_path(c, name, &p) == 0 ? catalog_object_key(&p) : NULL;
}

catalog_table_t *plan_find_table(const catalog_t *c, const sqlp_name_t *name)
{
    catalog_path_t p;
    if (name_path(c, name, &p) != 0) return NULL;
    char *key = catalog_object_key(&p);
    catalog_table_t *t = catalog_find_table(c, key);
    free(key);
    /* The session's catalog is mutable; lookups take it const only because
     * they usually just read it. */
    if (!t && strcmp(p.catalog, CATALOG_EXAMPLES) == 0) t = conn_examples_table((catalog_t *)c, p.database, p.object);
    return t;
}

const char *plan_table_read_only(const catalog_t *c, const sqlp_name_t *name)
{
    catalog_path_t p;
    return name_path(c, name, &p) == 0 && catalog_is_read_only(c, p.catalog) ? p.catalog : NULL;
}

void plan_table_not_found(const catalog_t *c, const sqlp_name_t *name, char *out, size_t outlen)
{
    catalog_path_t p;
    if (name_path(c, name, &p) != 0) {
        snprintf(out, outlen, "Object '%s' not found", name->parts[0].name);
        return;
    }
    catalog_path_not_found(c, &p, name->nparts, out, outlen);
}

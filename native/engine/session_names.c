/* session_names.c - catalog and database statements of a session: CREATE /
 * DROP CATALOG and DATABASE, USE [CATALOG], SHOW CATALOGS / DATABASES /
 * CURRENT ... / TABLES / CREATE TABLE. The naming rules are
 * catalog/catalog_names.h's; this file runs the statements and prints what
 * the SQL client prints. */
#include "engine/session_int.h"

#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_names.h"
#include "connectors/examples.h"
#include "engine/plan.h"
#include "sql/sql.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define ERR_AT(pos, ...) sqlp_format_error(script, (pos), 0, err, errlen, __VA_ARGS__)

/* A catalog_* result as a positioned error. */
static int at_pos(const sqlp_script_t *script, sqlp_pos_t pos, int rc, const char *msg, char *err, size_t errlen)
{
    if (rc != 0) ERR_AT(pos, "%s", msg);
    return rc;
}

static const char *option(const sqlp_create_catalog_t *cc, const char *key)
{
    for (int i = 0; i < cc->noptions; i++)
        if (strcmp(cc->options[i].key.value, key) == 0) return cc->options[i].value.value;
    return NULL;
}

static int create_stmt(session_t *s, const sqlp_script_t *script, const sqlp_stmt_t *st, char *err, size_t errlen)
{
    const sqlp_create_catalog_t *cc = &st->u.create_catalog;
    char msg[512] = "";
    int rc;
    if (st->kind == SQLP_STMT_CREATE_CATALOG) {
        rc = catalog_create_catalog(&s->catalog, cc->name.parts[0].name, option(cc, "type"), cc->if_not_exists, msg,
                                    sizeof msg);
    } else {
        const char *cat = cc->name.nparts == 2 ? cc->name.parts[0].name : NULL;
        rc = catalog_create_database(&s->catalog, cat, sqlp_name_last(&cc->name)->name, cc->if_not_exists, msg,
                                     sizeof msg);
    }
    return at_pos(script, cc->name.pos, rc, msg, err, errlen);
}

static int drop_stmt(session_t *s, const sqlp_script_t *script, const sqlp_stmt_t *st, char *err, size_t errlen)
{
    const sqlp_drop_t *d = &st->u.drop;
    char msg[512] = "";
    int rc;
    if (st->kind == SQLP_STMT_DROP_CATALOG) {
        rc = d->name.nparts != 1 ? -1 : catalog_drop_catalog(&s->catalog, d->name.parts[0].name, d->if_exists, msg,
                                                             sizeof msg);
        if (d->name.nparts != 1) snprintf(msg, sizeof msg, "A catalog name has one part: DROP CATALOG name.");
    } else if (d->name.nparts > 2) {
        rc = -1;
        snprintf(msg, sizeof msg, "A database name has at most two parts: DROP DATABASE [catalog.]database.");
    } else {
        const char *cat = d->name.nparts == 2 ? d->name.parts[0].name : NULL;
        rc = catalog_drop_database(&s->catalog, cat, sqlp_name_last(&d->name)->name, d->if_exists, d->cascade, msg,
                                   sizeof msg);
    }
    return at_pos(script, d->name.pos, rc, msg, err, errlen);
}

static int use_stmt(session_t *s, const sqlp_script_t *script, const sqlp_stmt_t *st, char *err, size_t errlen)
{
    const sqlp_name_t *n = &st->u.use;
    char msg[512] = "";
    int rc;
    if (st->kind == SQLP_STMT_USE_CATALOG || n->nparts > 2) {
        rc = n->nparts == 1 ? catalog_use_catalog(&s->catalog, n->parts[0].name, msg, sizeof msg) : -1;
        if (n->nparts != 1) snprintf(msg, sizeof msg, "Write USE CATALOG catalog, or USE [catalog.]database.");
    } else {
        rc = catalog_use_database(&s->catalog, n->nparts == 2 ? n->parts[0].name : NULL, sqlp_name_last(n)->name,
                                  msg, sizeof msg);
    }
    return at_pos(script, n->pos, rc, msg, err, errlen);
}

static void show_list(session_t *s, const char *header, const char **names, int n)
{
    session_show_names(s->out, header, (char **)names, n);
    free(names);
}

static void show_tables(session_t *s)
{
    const catalog_t *c = &s->catalog;
    if (strcmp(catalog_current_catalog(c), CATALOG_EXAMPLES) == 0) conn_examples_add_all(&s->catalog);
    const char **names = xcalloc((size_t)c->ntables + 1, sizeof *names);
    int n = 0;
    for (int i = 0; i < c->ntables; i++)
        if (catalog_key_in(c, c->tables[i]->name, catalog_current_catalog(c), catalog_current_database(c),
                           &names[n]))
            n++;
    show_list(s, "table name", names, n);
}

static void show_current(session_t *s, const char *header, const char *value)
{
    const char **names = xcalloc(1, sizeof *names);
    names[0] = value;
    show_list(s, header, names, 1);
}

/* SHOW CREATE TABLE / VIEW: the client's one-cell result (newlines and
 * all), or Flink's message when the name is missing or of the other kind. */
static int show_create(session_t *s, const sqlp_script_t *script, const sqlp_name_t *name, bool view, char *err,
                       size_t errlen)
{
    const char *kind = view ? "VIEW" : "TABLE", *other = view ? "TABLE" : "VIEW";
    catalog_table_t *t = plan_find_table(&s->catalog, name);
    if (!t) {
        char *id = session_names_identifier(s, name);
        ERR_AT(name->pos, "Could not execute SHOW CREATE %s. %s with identifier '%s' does not exist.", kind,
               view ? "View" : "Table", id);
        free(id);
        return -1;
    }
    const char *parts[3];
    for (int i = 0; i < name->nparts; i++) parts[i] = name->parts[i].name;
    catalog_path_t p;
    catalog_qualify(&s->catalog, parts, name->nparts, &p);
    if ((t->view_sql != NULL) != view) {
        char *id = catalog_serializable_identifier(p.catalog, p.database, p.object);
        ERR_AT(name->pos, "SHOW CREATE %s is only supported for %ss, but %s is a %s. Please use SHOW CREATE %s "
                          "instead.", kind, view ? "view" : "table", id, view ? "table" : "view", other);
        free(id);
        return -1;
    }
    if (view && session_view_schema(s, script, t, err, errlen) != 0) return -1;
    char *text = view ? catalog_show_create_view(t, p.catalog, p.database, p.object)
                      : catalog_show_create_table(t, p.catalog, p.database, p.object);
    const char *header[1] = {"result"};
    char **row = &text;
    session_print_box(s->out, 1, header, 1, &row);
    free(text);
    return 0;
}

static int show_stmt(session_t *s, const sqlp_script_t *script, const sqlp_show_t *sh, char *err, size_t errlen)
{
    const catalog_t *c = &s->catalog;
    int n = 0;
    const char **names;
    switch (sh->what) {
    case SQLP_SHOW_TABLES: show_tables(s); return 0;
    case SQLP_SHOW_CATALOGS:
        names = catalog_list_catalogs(c, &n);
        show_list(s, "catalog name", names, n);
        return 0;
    case SQLP_SHOW_DATABASES:
        names = catalog_list_databases(c, catalog_current_catalog(c), &n);
        show_list(s, "database name", names, n);
        return 0;
    case SQLP_SHOW_CURRENT_CATALOG: show_current(s, "current catalog name", catalog_current_catalog(c)); return 0;
    case SQLP_SHOW_CURRENT_DATABASE: show_current(s, "current database name", catalog_current_database(c)); return 0;
    case SQLP_SHOW_CREATE_TABLE:
    case SQLP_SHOW_CREATE_VIEW: return show_create(s, script, &sh->name, sh->what == SQLP_SHOW_CREATE_VIEW, err, errlen);
    case SQLP_SHOW_FUNCTIONS:
    case SQLP_SHOW_USER_FUNCTIONS: break;
    }
    return 1;
}

int session_names_stmt(session_t *s, const sqlp_script_t *script, const sqlp_stmt_t *st, char *err, size_t errlen)
{
    switch (st->kind) {
    case SQLP_STMT_CREATE_CATALOG:
    case SQLP_STMT_CREATE_DATABASE: return create_stmt(s, script, st, err, errlen);
    case SQLP_STMT_DROP_CATALOG:
    case SQLP_STMT_DROP_DATABASE: return drop_stmt(s, script, st, err, errlen);
    case SQLP_STMT_USE:
    case SQLP_STMT_USE_CATALOG: return use_stmt(s, script, st, err, errlen);
    case SQLP_STMT_SHOW: return show_stmt(s, script, &st->u.show, err, errlen);
    default: return 1;
    }
}

char *session_names_identifier(const session_t *s, const sqlp_name_t *name)
{
    const char *parts[3];
    if (name->nparts > 3) return plan_name_string(name);
    for (int i = 0; i < name->nparts; i++) parts[i] = name->parts[i].name;
    return catalog_identifier(&s->catalog, parts, name->nparts);
}

char *session_names_writable_key(session_t *s, const sqlp_script_t *script, const sqlp_name_t *name, char *err,
                                 size_t errlen)
{
    const char *parts[3];
    catalog_path_t p;
    if (name->nparts > 3) {
        ERR_AT(name->pos, "An object name has at most three parts: catalog.database.object.");
        return NULL;
    }
    for (int i = 0; i < name->nparts; i++) parts[i] = name->parts[i].name;
    catalog_qualify(&s->catalog, parts, name->nparts, &p);
    if (catalog_is_read_only(&s->catalog, p.catalog)) {
        ERR_AT(name->pos, "Catalog '%s' is read-only: its tables and views cannot be created, altered or dropped.",
               p.catalog);
        return NULL;
    }
    if (!catalog_has_database(&s->catalog, p.catalog, p.database)) {
        if (!catalog_has_catalog(&s->catalog, p.catalog))
            ERR_AT(name->pos, "A catalog with name [%s] does not exist.", p.catalog);
        else
            ERR_AT(name->pos, "Database %s does not exist in Catalog %s.", p.database, p.catalog);
        return NULL;
    }
    return catalog_object_key(&p);
}

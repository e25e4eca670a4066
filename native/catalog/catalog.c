/* catalog.c - see catalog.h. Lists are small (a script declares a handful of
 * objects), so lookups are linear. */
#include "catalog/catalog.h"
#include "catalog/catalog_names.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *grow(void *p, int *cap, size_t elem)
{
    *cap = *cap ? *cap * 2 : 8;
    p = realloc(p, (size_t)*cap * elem);
    if (!p) {
        fputs("ptfhost: out of memory\n", stderr);
        abort();
    }
    return p;
}


void catalog_init(catalog_t *c) { memset(c, 0, sizeof *c); }

catalog_table_t *catalog_table_new(const char *name)
{
    catalog_table_t *t = calloc(1, sizeof *t);
    if (!t) abort();
    t->name = xstrdup(name);
    t->watermark_col = -1;
    arena_init(&t->arena, 0);
    return t;
}

void catalog_table_free(catalog_table_t *t)
{
    if (!t) return;
    free(t->name);
    type_free(t->schema);
    for (int i = 0; i < t->nmetadata; i++) {
        free(t->metadata[i].key);
        free(t->metadata[i].expr);
    }
    free(t->metadata);
    type_free(t->physical);
    type_free(t->persisted);
    type_free(t->source_row);
    free(t->pk);
    for (int i = 0; i < t->nopts; i++) {
        free(t->opts[i].key);
        free(t->opts[i].value);
    }
    free(t->opts);
    free(t->rows);
    free(t->events);
    free(t->file);
    free(t->comment);
    for (int i = 0; i < t->ncolumn_comments; i++) free(t->column_comments[i]);
    free(t->column_comments);
    free(t->watermark_sql);
    free(t->pk_name);
    free(t->distribution);
    for (int i = 0; i < t->npartition_keys; i++) free(t->partition_keys[i]);
    free(t->partition_keys);
    free(t->view_sql);
    arena_destroy(&t->arena);
    free(t);
}

const char *catalog_table_option(const catalog_table_t *t, const char *key)
{
    for (int i = 0; i < t->nopts; i++)
        if (strcmp(t->opts[i].key, key) == 0) return t->opts[i].value;
    return NULL;
}

/* The column's kind entry, growing the array to reach it. */
static catalog_metadata_t *column_kind(catalog_table_t *t, int col)
{
    if (col >= t->nmetadata) {
        t->metadata = xrealloc(t->metadata, (size_t)(col + 1) * sizeof *t->metadata);
        memset(&t->metadata[t->nmetadata], 0, (size_t)(col + 1 - t->nmetadata) * sizeof *t->metadata);
        t->nmetadata = col + 1;
    }
    return &t->metadata[col];
}

void catalog_table_set_metadata(catalog_table_t *t, int col, const char *key, bool is_virtual)
{
    catalog_metadata_t *m = column_kind(t, col);
    free(m->key);
    m->key = xstrdup(key);
    m->is_virtual = is_virtual;
}

void catalog_table_set_computed(catalog_table_t *t, int col, const char *expr_sql, size_t len)
{
    catalog_metadata_t *m = column_kind(t, col);
    free(m->expr);
    m->expr = xmalloc(len + 1);
    memcpy(m->expr, expr_sql, len);
    m->expr[len] = '\0';
}

bool catalog_column_is_metadata(const catalog_table_t *t, int col)
{
    return col < t->nmetadata && t->metadata[col].key;
}

bool catalog_column_is_computed(const catalog_table_t *t, int col)
{
    return col < t->nmetadata && t->metadata[col].expr;
}

bool catalog_column_is_physical(const catalog_table_t *t, int col)
{
    return !catalog_column_is_metadata(t, col) && !catalog_column_is_computed(t, col);
}

bool catalog_column_is_persisted(const catalog_table_t *t, int col)
{
    return catalog_column_is_physical(t, col) || (catalog_column_is_metadata(t, col) && !t->metadata[col].is_virtual);
}

bool catalog_column_is_sourced(const catalog_table_t *t, int col) { return !catalog_column_is_computed(t, col); }

bool catalog_table_has_computed(const catalog_table_t *t)
{
    for (int i = 0; i < t->nmetadata; i++)
        if (t->metadata[i].expr) return true;
    return false;
}

const type_t *catalog_table_physical(const catalog_table_t *t) { return t->physical ? t->physical : t->schema; }

const type_t *catalog_table_persisted(const catalog_table_t *t) { return t->persisted ? t->persisted : t->schema; }

const type_t *catalog_table_source_row(const catalog_table_t *t)
{
    return t->source_row ? t->source_row : t->schema;
}

/* The columns of t->schema that keep(t, col) accepts. */
static type_t *derived_row(const catalog_table_t *t, bool (*keep)(const catalog_table_t *, int))
{
    type_t *r = type_new(TYPE_ROW, t->schema->nullable);
    for (int i = 0; i < t->schema->nfields; i++)
        if (keep(t, i))
            type_add_field(r, t->schema->fields[i].name, type_clone(t->schema->fields[i].type),
                           t->schema->fields[i].description);
    return r;
}

void catalog_table_set_events(catalog_table_t *t, const catalog_event_t *events, size_t n)
{
    free(t->events);
    t->events = calloc(n + 1, sizeof *t->events);
    if (!t->events) abort();
    for (size_t i = 0; i < n; i++) {
        t->events[i] = events[i];
        if (events[i].kind == CATALOG_EVENT_ROW) t->events[i].row = row_copy(&events[i].row, t->schema, &t->arena);
    }
    t->nevents = n;
    t->has_events = true;
}

void catalog_function_free(catalog_function_t *f)
{
    if (!f) return;
    free(f->name);
    free(f->class_name);
    for (int i = 0; i < f->njars; i++) free(f->jars[i]);
    free(f->jars);
    free(f);
}

void catalog_free(catalog_t *c)
{
    catalog_names_free(c);
    for (int i = 0; i < c->ntables; i++) catalog_table_free(c->tables[i]);
    for (int i = 0; i < c->nfunctions; i++) catalog_function_free(c->functions[i]);
    for (int i = 0; i < c->njars; i++) free(c->jars[i]);
    for (int i = 0; i < c->nconfig; i++) {
        free(c->config[i].key);
        free(c->config[i].value);
    }
    free(c->tables);
    free(c->functions);
    free(c->jars);
    free(c->config);
    memset(c, 0, sizeof *c);
}

catalog_table_t *catalog_find_table(const catalog_t *c, const char *name)
{
    for (int i = 0; i < c->ntables; i++)
        if (strcmp(c->tables[i]->name, name) == 0) return c->tables[i];
    return NULL;
}

int catalog_add_table(catalog_t *c, catalog_table_t *t)
{
    if (catalog_find_table(c, t->name)) return -1;
    if (t->nmetadata && !t->physical) {
        t->physical = derived_row(t, catalog_column_is_physical);
        t->persisted = derived_row(t, catalog_column_is_persisted);
        t->source_row = derived_row(t, catalog_column_is_sourced);
    }
    if (c->ntables == c->captables) c->tables = grow(c->tables, &c->captables, sizeof *c->tables);
    c->tables[c->ntables++] = t;
    return 0;
}

int catalog_drop_table(catalog_t *c, const char *name)
{
    for (int i = 0; i < c->ntables; i++)
        if (strcmp(c->tables[i]->name, name) == 0) {
            catalog_table_free(c->tables[i]);
            memmove(&c->tables[i], &c->tables[i + 1], (size_t)(c->ntables - i - 1) * sizeof *c->tables);
            c->ntables--;
            return 0;
        }
    return -1;
}

catalog_function_t *catalog_find_function(const catalog_t *c, const char *name)
{
    for (int i = 0; i < c->nfunctions; i++)
        if (strcmp(c->functions[i]->name, name) == 0) return c->functions[i];
    return NULL;
}

int catalog_add_function(catalog_t *c, catalog_function_t *f)
{
    if (catalog_find_function(c, f->name)) return -1;
    if (c->nfunctions == c->capfunctions)
        c->functions = grow(c->functions, &c->capfunctions, sizeof *c->functions);
    c->functions[c->nfunctions++] = f;
    return 0;
}

int catalog_drop_function(catalog_t *c, const char *name)
{
    for (int i = 0; i < c->nfunctions; i++)
        if (strcmp(c->functions[i]->name, name) == 0) {
            catalog_function_free(c->functions[i]);
            memmove(&c->functions[i], &c->functions[i + 1],
                    (size_t)(c->nfunctions - i - 1) * sizeof *c->functions);
            c->nfunctions--;
            return 0;
        }
    return -1;
}

void catalog_add_jar(catalog_t *c, const char *abs_path)
{
    for (int i = 0; i < c->njars; i++)
        if (strcmp(c->jars[i], abs_path) == 0) return;
    if (c->njars == c->capjars) c->jars = grow(c->jars, &c->capjars, sizeof *c->jars);
    c->jars[c->njars++] = xstrdup(abs_path);
}

void catalog_set(catalog_t *c, const char *key, const char *value)
{
    for (int i = 0; i < c->nconfig; i++)
        if (strcmp(c->config[i].key, key) == 0) {
            free(c->config[i].value);
            c->config[i].value = xstrdup(value);
            return;
        }
    if (c->nconfig == c->capconfig) c->config = grow(c->config, &c->capconfig, sizeof *c->config);
    c->config[c->nconfig].key = xstrdup(key);
    c->config[c->nconfig].value = xstrdup(value);
    c->nconfig++;
}

void catalog_reset(catalog_t *c, const char *key)
{
    for (int i = 0; i < c->nconfig; i++) {
        if (key && strcmp(c->config[i].key, key) != 0) continue;
        free(c->config[i].key);
        free(c->config[i].value);
        memmove(&c->config[i], &c->config[i + 1], (size_t)(c->nconfig - i - 1) * sizeof *c->config);
        c->nconfig--;
        i--;
    }
}

const char *catalog_get(const catalog_t *c, const char *key)
{
    for (int i = 0; i < c->nconfig; i++)
        if (strcmp(c->config[i].key, key) == 0) return c->config[i].value;
    return NULL;
}

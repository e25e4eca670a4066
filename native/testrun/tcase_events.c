/* tcase_events.c - see tcase_events.h. */
#include "testrun/tcase_events.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_names.h"
#include "connectors/examples.h"
#include "connectors/format_json.h"
#include "connectors/metadata.h"
#include "types/text.h"
#include "engine/plan.h"
#include "util/xalloc.h"

struct tcase_table_events {
    char *table;
    char *json;
    char *file;
};

int tcase_events_add(tcase_events_t *ev, const char *table, const char *json, const char *file, char *err,
                     size_t errlen)
{
    cJSON *doc = cJSON_Parse(json);
    bool ok = cJSON_IsArray(doc);
    cJSON_Delete(doc);
    if (!ok) {
        snprintf(err, errlen, "%s: events for table '%s' must be a JSON array", file ? file : "events", table);
        return -1;
    }
    ev->tables = xrealloc(ev->tables, (size_t)(ev->n + 1) * sizeof *ev->tables);
    ev->tables[ev->n].table = xstrdup(table);
    ev->tables[ev->n].json = xstrdup(json);
    ev->tables[ev->n].file = xstrdup(file ? file : "events");
    ev->n++;
    return 0;
}

void tcase_events_free(tcase_events_t *ev)
{
    for (int i = 0; i < ev->n; i++) {
        free(ev->tables[i].table);
        free(ev->tables[i].json);
        free(ev->tables[i].file);
    }
    free(ev->tables);
    ev->tables = NULL;
    ev->n = 0;
}

/* Decoding one table's events. */
typedef struct decoder {
    const struct tcase_table_events *src;
    const catalog_table_t *t;
    conn_json_t *codec;
    arena_t arena;           /* decoded values, until the table copies them */
    int64_t clock;           /* processing time after the events so far */
} decoder_t;

/* "yyyy-MM-dd HH:mm:ss[.SSS]" (or 'T', optionally with a trailing Z) as UTC,
 * or a number of epoch ms. */
static int event_time(const cJSON *v, int64_t *out)
{
    if (cJSON_IsNumber(v)) {
        *out = (int64_t)v->valuedouble;
        return 0;
    }
    if (!cJSON_IsString(v)) return -1;
    const char *s = v->valuestring;
    size_t n = strlen(s);
    bool z = n > 0 && s[n - 1] == 'Z';
    int32_t nanos;
    char e[128];
    if (text_parse_timestamp(s, n, TEXT_TS_SQL, z, out, &nanos, e, sizeof e) == 0) return 0;
    if (text_parse_timestamp(s, n, TEXT_TS_ISO_8601, z, out, &nanos, e, sizeof e) == 0) return 0;
    int64_t day;
    if (text_parse_date(s, n, &day, e, sizeof e) != 0) return -1;
    *out = day * 86400000LL;
    return 0;
}

/* A row given by name that names a computed column: its value is computed. */
static bool given_computed(const decoder_t *d, const cJSON *row, int ln, char *err, size_t errlen)
{
    for (int c = 0; cJSON_IsObject(row) && c < d->t->schema->nfields; c++) {
        const char *name = d->t->schema->fields[c].name;
        if (!catalog_column_is_computed(d->t, c) || !cJSON_GetObjectItemCaseSensitive(row, name)) continue;
        snprintf(err, errlen, "%s:%d: column '%s' of table '%s' is computed (AS %s); give the columns it reads",
                 d->src->file, ln, name, d->t->name, d->t->metadata[c].expr);
        return true;
    }
    return false;
}

/* A row event: its kind and its values, by name or by position (the
 * table's columns but the computed ones). */
static int decode_row(decoder_t *d, const cJSON *e, const cJSON *row, int ln, catalog_event_t *o, char *err,
                      size_t errlen)
{
    const char *file = d->src->file;
    const type_t *schema = catalog_table_source_row(d->t);   /* computed columns are computed, not given */
    o->kind = CATALOG_EVENT_ROW;
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(e, "kind");
    row_kind_t rk = ROW_INSERT;
    if (kind && (!cJSON_IsString(kind) || row_kind_parse(kind->valuestring, &rk) != 0)) {
        snprintf(err, errlen, "%s:%d: row kind must be one of +I, -U, +U, -D", file, ln);
        return -1;
    }
    cJSON *obj = NULL;
    if (cJSON_IsArray(row)) {   /* positional: name the values by the schema */
        if (cJSON_GetArraySize(row) != schema->nfields) {
            snprintf(err, errlen, "%s:%d: table '%s' has %d columns but the row has %d values", file, ln, d->t->name,
                     schema->nfields, cJSON_GetArraySize(row));
            return -1;
        }
        obj = cJSON_CreateObject();
        for (int c = 0; c < schema->nfields; c++)
            cJSON_AddItemToObject(obj, schema->fields[c].name, cJSON_Duplicate(cJSON_GetArrayItem(row, c), true));
    } else if (given_computed(d, row, ln, err, errlen)) {
        return -1;
    }
    /* decoded strings may point into the text: it lives in the arena until the rows are copied */
    char *json_text = cJSON_PrintUnformatted(obj ? obj : row);
    char *text = arena_strdup(&d->arena, json_text);
    free(json_text);
    cJSON_Delete(obj);
    row_t *rows = NULL;
    size_t nrows = 0;
    bool skipped = false;
    int rc = conn_json_decode(d->codec, text, strlen(text), file, ln, &rows, &nrows, &skipped, &d->arena, err, errlen);
    if (rc != 0 || nrows != 1) {
        if (rc == 0) snprintf(err, errlen, "%s:%d: expected one row", file, ln);
        return -1;
    }
    o->row = rows[0];
    if (schema != d->t->schema) conn_metadata_spread(d->t, catalog_column_is_sourced, &rows[0], &o->row, &d->arena);
    o->row.kind = rk;
    return 0;
}

/* A processing-time move: to a time, or "+<duration>" after the last one. */
static int decode_proctime(decoder_t *d, const cJSON *pt, int ln, catalog_event_t *o, char *err, size_t errlen)
{
    o->kind = CATALOG_EVENT_PROCTIME;
    if (cJSON_IsString(pt) && pt->valuestring[0] == '+') {
        long long ms = plan_parse_duration_ms(pt->valuestring + 1);
        if (ms < 0) {
            snprintf(err, errlen, "%s:%d: invalid duration '%s' (e.g. +30 s, +5 min)", d->src->file, ln,
                     pt->valuestring);
            return -1;
        }
        if (d->clock > 0 && ms > LLONG_MAX - d->clock) {
            snprintf(err, errlen, "%s:%d: '%s' moves processing time past the largest timestamp", d->src->file,
                     ln, pt->valuestring);
            return -1;
        }
        o->time = d->clock += ms;
        return 0;
    }
    if (event_time(pt, &o->time) == 0) {
        d->clock = o->time;
        return 0;
    }
    snprintf(err, errlen, "%s:%d: proctime is epoch milliseconds, a timestamp or +<duration>", d->src->file, ln);
    return -1;
}

static int decode_event(decoder_t *d, const cJSON *e, catalog_event_t *o, char *err, size_t errlen)
{
    const cJSON *line = cJSON_GetObjectItemCaseSensitive(e, "line");
    int ln = cJSON_IsNumber(line) ? (int)line->valuedouble : 0;
    const cJSON *row = cJSON_GetObjectItemCaseSensitive(e, "row");
    const cJSON *wm = cJSON_GetObjectItemCaseSensitive(e, "watermark");
    const cJSON *pt = cJSON_GetObjectItemCaseSensitive(e, "proctime");
    o->line = ln;
    if (row) return decode_row(d, e, row, ln, o, err, errlen);
    if (pt && !wm) return decode_proctime(d, pt, ln, o, err, errlen);
    if (!wm) {
        snprintf(err, errlen, "%s:%d: an event needs \"row\", \"watermark\" or \"proctime\"", d->src->file, ln);
        return -1;
    }
    o->kind = CATALOG_EVENT_WATERMARK;
    if (event_time(wm, &o->time) == 0) return 0;
    snprintf(err, errlen, "%s:%d: a watermark is epoch milliseconds or 'yyyy-MM-dd HH:mm:ss[.SSS]'", d->src->file,
             ln);
    return -1;
}

/* Replaces t's input by its events. */
static int apply_table(const struct tcase_table_events *src, catalog_table_t *t, proctime_t *clock, char *err,
                       size_t errlen)
{
    conn_json_options_t opts;
    memset(&opts, 0, sizeof opts);
    if (conn_json_options_parse(&opts, "json", NULL, 0, err, errlen) != 0) return -1;
    decoder_t d = {src, t, conn_json_new(catalog_table_source_row(t), &opts, err, errlen), {0}, 0};
    if (!d.codec) return -1;
    arena_init(&d.arena, 0);
    /* a case that moves processing time runs on the test clock from its start (epoch 0) */
    if (!clock->manual && strstr(src->json, "\"proctime\"")) proctime_set(clock, 0);
    d.clock = clock->manual ? clock->ms : 0;
    cJSON *doc = cJSON_Parse(src->json);
    catalog_event_t *out = xcalloc((size_t)cJSON_GetArraySize(doc) + 1, sizeof *out);
    size_t n = 0;
    int rc = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, doc) {
        if ((rc = decode_event(&d, e, &out[n], err, errlen)) != 0) break;
        n++;
    }
    if (rc == 0) catalog_table_set_events(t, out, n);
    free(out);
    arena_destroy(&d.arena);
    cJSON_Delete(doc);
    conn_json_free(d.codec);
    return rc;
}

/* Events for a table of the examples catalog (examples.marketplace.clicks)
 * replace its generated rows: the table is made here, before the query
 * first names it, so the section finds it below. */
static int make_example_tables(const tcase_events_t *ev, catalog_t *catalog, char *err, size_t errlen)
{
    const char prefix[] = CATALOG_EXAMPLES ".";
    for (int k = 0; k < ev->n; k++) {
        const char *name = ev->tables[k].table;
        if (strncmp(name, prefix, sizeof prefix - 1) != 0) continue;
        char *database = xstrdup(name + sizeof prefix - 1), *dot = strchr(database, '.');
        if (dot) *dot = '\0';
        catalog_path_t path = {CATALOG_EXAMPLES, database, dot ? dot + 1 : ""};
        int rc = conn_examples_table(catalog, path.database, path.object) ? 0 : -1;
        if (rc != 0) {
            char what[256];
            catalog_path_not_found(catalog, &path, 3, what, sizeof what);
            snprintf(err, errlen, "%s: input for '%s': the examples catalog has no such table (%s)",
                     ev->tables[k].file, name, what);
        }
        free(database);
        if (rc != 0) return -1;
    }
    return 0;
}

int tcase_events_apply(void *ctx, catalog_t *catalog, proctime_t *clock, char *err, size_t errlen)
{
    const tcase_events_t *ev = ctx;
    if (make_example_tables(ev, catalog, err, errlen) != 0) return -1;
    for (int i = 0; i < catalog->ntables; i++) {
        catalog_table_t *t = catalog->tables[i];
        const struct tcase_table_events *src = NULL;
        for (int k = 0; k < ev->n; k++)   /* the last section for a table wins */
            if (strcmp(ev->tables[k].table, t->name) == 0) src = &ev->tables[k];
        if (src && apply_table(src, t, clock, err, errlen) != 0) return -1;
    }
    return 0;
}

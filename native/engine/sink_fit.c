/* sink_fit.c - see sink_fit.h. */
#include "engine/sink_fit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/cast.h"
#include "util/buf.h"

/* Flink's sink schema: nullable throughout (NOT NULL is checked per row). */
static void make_nullable(type_t *t)
{
    if (!t) return;
    t->nullable = true;
    make_nullable(t->elem);
    make_nullable(t->value);
    for (int i = 0; i < t->nfields; i++) make_nullable(t->fields[i].type);
}

static void schema_list(buf_t *b, const type_t *row, bool nullable)
{
    buf_putc(b, '[');
    for (int i = 0; i < row->nfields; i++) {
        type_t *t = type_clone(row->fields[i].type);
        if (nullable) make_nullable(t);
        char *s = type_to_string(t);
        buf_printf(b, "%s%s: %s", i ? ", " : "", row->fields[i].name, s);
        free(s);
        type_free(t);
    }
    buf_putc(b, ']');
}

/* Why the query's columns do not fit the sink's ("" when they do); sets f->cast. */
static void mismatch_cause(sink_fit_t *f, const type_t *query, const type_t *st, char *cause, size_t len)
{
    if (st->nfields != query->nfields) snprintf(cause, len, "Different number of columns.");
    for (int i = 0; !*cause && i < st->nfields; i++) {
        if (!cast_implicit_ok(query->fields[i].type, st->fields[i].type))
            snprintf(cause, len, "Incompatible types for sink column '%s' at position %d.", st->fields[i].name, i);
        else if (!type_equals_ignore_null(query->fields[i].type, st->fields[i].type))
            f->cast = true;
    }
}

int sink_fit_init(sink_fit_t *f, const plan_env_t *env, const sqlp_query_t *q, const type_t *query,
                  const catalog_table_t *sink, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    arena_init(&f->arena, 0);
    f->query = query;
    if (!sink) return 0;
    char cause[512] = "";
    const type_t *sink_row = catalog_table_persisted(sink);   /* without VIRTUAL metadata columns */
    mismatch_cause(f, query, sink_row, cause, sizeof cause);
    if (*cause) {
        buf_t qs = BUF_INIT, ss = BUF_INIT;
        schema_list(&qs, query, false);
        schema_list(&ss, sink_row, true);
        sqlp_format_error(env->script, q->pos, 0, err, errlen,
                          "Column types of query result and sink for 'default_catalog.default_database.%s' do not "
                          "match.\nCause: %s\n\nQuery schema: %s\nSink schema:  %s\nSelect the sink's columns in "
                          "its order, or declare the sink's columns with types the query's columns cast to "
                          "implicitly.", sink->name, cause, buf_cstr(&qs), buf_cstr(&ss));
        buf_free(&qs);
        buf_free(&ss);
        return -1;
    }
    const char *enforcer = catalog_get(env->catalog, "table.exec.sink.not-null-enforcer");
    if (enforcer && strcasecmp(enforcer, "DROP") != 0 && strcasecmp(enforcer, "ERROR") != 0) {
        snprintf(err, errlen, "Could not parse value '%s' for key 'table.exec.sink.not-null-enforcer'. Use 'ERROR' "
                              "(fail the job on a NULL in a NOT NULL sink column) or 'DROP' (drop such rows).",
                 enforcer);
        return -1;
    }
    f->drop_nulls = enforcer && strcasecmp(enforcer, "DROP") == 0;
    f->type = sink_row;
    f->table = sink->name;
    return 0;
}

void sink_fit_free(sink_fit_t *f)
{
    arena_destroy(&f->arena);
}

int sink_fit_row(sink_fit_t *f, row_t *r, char *err, size_t errlen)
{
    if (!f->type) return 1;
    if (f->cast) {
        arena_reset(&f->arena);
        *r = cast_row(r, f->query, f->type, &f->arena);
    }
    for (int i = 0; i < f->type->nfields; i++) {
        if (f->type->fields[i].type->nullable || !r->fields[i].is_null) continue;
        if (f->drop_nulls) return 0;
        snprintf(err, errlen, "table '%s': Column '%s' is NOT NULL, however, a null value is being written into "
                              "it. You can set job configuration 'table.exec.sink.not-null-enforcer'='DROP' to "
                              "suppress this exception and drop such records silently.",
                 f->table, f->type->fields[i].name);
        return -1;
    }
    return 1;
}

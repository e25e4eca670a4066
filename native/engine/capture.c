/* capture.c - see capture.h. */
#include "engine/capture.h"

#include <stdlib.h>
#include <string.h>

#include "time/watermark.h"
#include "util/xalloc.h"

static catalog_event_t *next_event(capture_t *c)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 256;
        c->ev = xrealloc(c->ev, c->cap * sizeof *c->ev);
    }
    catalog_event_t *e = &c->ev[c->n++];
    memset(e, 0, sizeof *e);
    return e;
}

static int capture_write(conn_sink_t *s, const row_t *row, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    capture_t *c = (capture_t *)s;
    catalog_event_t *e = next_event(c);
    e->kind = CATALOG_EVENT_ROW;
    e->row = row_copy(row, s->schema, &c->arena);
    s->rows++;
    return 0;
}

static int capture_close(conn_sink_t *s, bool commit, char *err, size_t errlen)
{
    (void)s, (void)commit, (void)err, (void)errlen;
    return 0;   /* the capture outlives the run: capture_to_view, capture_free */
}

void capture_init(capture_t *c)
{
    memset(c, 0, sizeof *c);
    c->base.write = capture_write;
    c->base.close = capture_close;
    c->base.accepts_updates = true;
    c->last_watermark = WM_NONE;
    arena_init(&c->arena, 0);
}

void capture_free(capture_t *c)
{
    type_free(c->schema);
    free(c->ev);
    arena_destroy(&c->arena);
}

void capture_set_schema(capture_t *c, const type_t *schema, const int *key, int nkey)
{
    type_free(c->schema);
    c->schema = type_clone(schema);
    c->base.schema = c->schema;
    c->nkey = nkey < PROJECT_MAX_KEY ? nkey : PROJECT_MAX_KEY;
    for (int i = 0; i < c->nkey; i++) c->key[i] = key[i];
}

void capture_watermark(void *ctx, int64_t wm)
{
    capture_t *c = ctx;
    if (wm <= c->last_watermark) return;
    c->last_watermark = wm;
    catalog_event_t *e = next_event(c);
    e->kind = CATALOG_EVENT_WATERMARK;
    e->time = wm;
}

void capture_to_view(capture_t *c, catalog_table_t *t)
{
    type_free(t->schema);
    t->schema = c->schema;
    c->schema = NULL;
    c->base.schema = NULL;
    t->schema->nullable = true;
    t->watermark_col = -1;
    for (int i = 0; i < t->schema->nfields && t->watermark_col < 0; i++)
        if (t->schema->fields[i].type->time_kind == TYPE_TK_ROWTIME) t->watermark_col = i;
    t->explicit_watermarks = true;
    if (c->nkey > 0) {
        free(t->pk);
        t->pk = xcalloc((size_t)c->nkey, sizeof(int));
        memcpy(t->pk, c->key, (size_t)c->nkey * sizeof(int));
        t->npk = c->nkey;
    }
    catalog_table_set_events(t, c->ev, c->n);
}

/* capture.h - the sink of a view over a query ("capture_"): its output
 * becomes the view's events.
 *
 * A view over a query (CREATE VIEW v AS SELECT ... FROM f(...) | t, or a
 * WITH item) runs once, when a query first reads it. The capture keeps what
 * that run produced, in order: the rows (copied) and each watermark the
 * stage before the sink forwarded after the rows and timer output it covers
 * (ptf_op_config_t.on_watermark, or a scanned table's watermarks). The view
 * then reads like a table of test events with explicit watermarks, so a
 * chained PTF sees upstream timer output before the watermark that caused it
 * (Flink's order). An upsert result keeps its key as the view's PRIMARY KEY.
 *
 * Contract: the capture is a conn_sink_t (base) that accepts updates; it
 * owns the captured events and the output schema until capture_to_view hands
 * them to the view. Watermarks that do not advance are not kept. A
 * checkpoint of a pipeline ending here has nothing to snapshot: a view runs
 * to its end before anything reads it.
 *
 * Ownership: capture_init / capture_free; rows are copied into the
 * capture's arena. Not thread-safe. */
#ifndef PTF_CAPTURE_H
#define PTF_CAPTURE_H

#include <stddef.h>
#include <stdint.h>

#include "catalog/catalog.h"
#include "connectors/sink.h"
#include "engine/project.h"

typedef struct capture {
    conn_sink_t base;
    catalog_event_t *ev;
    size_t n, cap;
    arena_t arena;
    type_t *schema;             /* the output row (owned) */
    int key[PROJECT_MAX_KEY];   /* an upsert result's key columns */
    int nkey;
    int64_t last_watermark;
} capture_t;

void capture_init(capture_t *c);
void capture_free(capture_t *c);

/* The output row (cloned) and, for an upsert result, its key columns. */
void capture_set_schema(capture_t *c, const type_t *schema, const int *key, int nkey);

/* The watermark after the rows captured so far; ctx is the capture_t
 * (ptf_op_config_t.on_watermark's form). Kept only when it advances. */
void capture_watermark(void *ctx, int64_t wm);

/* Makes the captured run the view's content: schema, rowtime column, key
 * and events. The capture keeps nothing the view needs. */
void capture_to_view(capture_t *c, catalog_table_t *view);

#endif

/* source.h - table sources of the SQL runner ("conn_source_").
 *
 * A source yields the rows of one catalog table, in order, as typed C values
 * of the table's schema. Bounded sources (files, literal views, datagen with
 * number-of-rows) end; row kinds other than +I come from changelog formats.
 *
 * Ownership: values of a returned row live in the arena the caller passes to
 * next(); the caller resets it between rows or batches as it likes. A source
 * keeps its own buffers and releases them in close(). */
#ifndef PTF_SOURCE_H
#define PTF_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "catalog/catalog.h"
#include "types/value.h"
#include "util/arena.h"

typedef struct conn_source conn_source_t;

enum {
    CONN_SRC_ERROR = -1,
    CONN_SRC_END = 0,
    CONN_SRC_ROW = 1,
    CONN_SRC_WATERMARK = 2,   /* an explicit watermark (test events): event_time */
    CONN_SRC_PROCTIME = 3,    /* processing time moves to event_time (test events) */
};

struct conn_source {
    /* One of CONN_SRC_*; on error err says what and where. */
    int (*next)(conn_source_t *s, row_t *row, arena_t *a, char *err, size_t errlen);
    void (*close)(conn_source_t *s);
    const catalog_table_t *table;
    long skipped;             /* rows skipped by an ignore-parse-errors option */
    int64_t event_time;       /* CONN_SRC_WATERMARK / CONN_SRC_PROCTIME */
};

/* Opens the source a table's connector option describes ('filesystem',
 * 'datagen', a VALUES view). Relative paths resolve against base_dir. */
conn_source_t *conn_source_open(const catalog_table_t *t, const char *base_dir, char *err, size_t errlen);

#endif

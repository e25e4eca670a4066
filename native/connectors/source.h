/* source.h - table sources of the SQL runner ("conn_source_").
 *
 * A source yields the rows of one catalog table, in order, as typed C values
 * of the table's schema. Bounded sources (files, literal views, datagen with
 * number-of-rows) end; row kinds other than +I come from changelog formats.
 *
 * Splits: most sources are one ordered stream (nsplits 0). A source over
 * several independently ordered streams (Kafka: one split per partition,
 * numbered 0..nsplits-1) says which split each row came from (split), and
 * that a split has no more rows (CONN_SRC_SPLIT_END, a bounded partition);
 * it ends when every split has ended. A source that discovers splits while
 * it runs (Kafka partition discovery) sets splits_grow: nsplits may be 0 at
 * first and grows, the new splits numbered on. Such a source may wait for rows: it
 * waits at most wait_ms (set by the caller before each next()) and then
 * returns CONN_SRC_IDLE, so the caller can run periodic work (watermark
 * ticks, idleness, flushing results) while no row arrives.
 *
 * Positions (sources that can restart where a checkpoint left them: Kafka):
 * positions() tells where each split stands after the rows returned so
 * far (without the last one when exclude_last: a row read ahead and not
 * yet processed); restart() starts the splits it names there instead of
 * where the table's options say (called once, before the first next());
 * commit() hands positions of a completed checkpoint to the outside world
 * (Kafka: the consumer group's committed offsets). Sources without them
 * leave them NULL.
 *
 * Consumer groups (Kafka, a job with 'ptfhost.scale-out'): subscribe()
 * joins the table's consumer group instead of reading every split; the
 * group decides which partitions this process reads. Every change comes
 * to the caller's hook, from inside next(), before it takes effect: a
 * REVOKE with the positions of the splits going away (their rows returned
 * so far are all the caller has; after the hook they are ended splits,
 * CONN_SRC_SPLIT_END), an ASSIGN with the splits coming (new split numbers,
 * splits_grow), each at the position 'scan.startup.mode' gives, which the
 * hook may replace (a checkpoint's). A hook that fails fails next().
 *
 * Ownership: values of a returned row live in the arena the caller passes to
 * next(); the caller resets it between rows or batches as it likes. A source
 * keeps its own buffers and releases them in close(). */
#ifndef PTF_SOURCE_H
#define PTF_SOURCE_H

#include <stdbool.h>
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
    CONN_SRC_IDLE = 4,        /* no row within wait_ms: call next() again later */
    CONN_SRC_SPLIT_END = 5,   /* split has no more rows (after its last row) */
};

/* Where a split stands: the next record to read is at offset (-2: the
 * earliest, -1: the latest, -1000: the group's committed offset, for a
 * split that has delivered nothing yet), and its first `skip` rows were
 * returned already. */
typedef struct conn_split_pos {
    const char *topic;
    int32_t partition;
    int64_t offset;
    uint32_t skip;
} conn_split_pos_t;

typedef enum conn_rebalance_kind { CONN_REBALANCE_ASSIGN, CONN_REBALANCE_REVOKE } conn_rebalance_kind_t;

typedef struct conn_rebalance {
    conn_rebalance_kind_t kind;
    conn_split_pos_t *parts;  /* n of them; ASSIGN: the hook may set offset and skip */
    const int *splits;        /* the split number of each */
    int n;
    bool lost;                /* REVOKE: the group gave them to another member already (this one was
                                 away too long): nothing may be written for them */
} conn_rebalance_t;

typedef int (*conn_rebalance_fn)(void *ctx, const conn_source_t *s, conn_rebalance_t *ev, char *err, size_t errlen);

struct conn_source {
    /* One of CONN_SRC_*; on error err says what and where. */
    int (*next)(conn_source_t *s, row_t *row, arena_t *a, char *err, size_t errlen);
    void (*close)(conn_source_t *s);
    const catalog_table_t *table;
    long skipped;             /* rows skipped by an ignore-parse-errors option */
    int64_t event_time;       /* CONN_SRC_WATERMARK / CONN_SRC_PROCTIME */
    int nsplits;              /* 0: one stream (unless splits_grow); else the number of splits */
    bool splits_grow;         /* nsplits may grow between calls of next() */
    int split;                /* CONN_SRC_ROW / CONN_SRC_SPLIT_END: which split */
    int64_t wait_ms;          /* set by the caller: the longest next() waits for a row */
    /* Optional (see Positions above); pos points into the source, valid until its next call. */
    int (*positions)(conn_source_t *s, bool exclude_last, const conn_split_pos_t **pos, int *n);
    int (*restart)(conn_source_t *s, const conn_split_pos_t *pos, int n, char *err, size_t errlen);
    int (*commit)(conn_source_t *s, const conn_split_pos_t *pos, int n, char *err, size_t errlen);
    /* Optional (see Consumer groups above); called once, before the first next(), instead of restart(). */
    int (*subscribe)(conn_source_t *s, conn_rebalance_fn hook, void *ctx, char *err, size_t errlen);
};

/* Opens the source a table's connector option describes ('filesystem',
 * 'datagen', a VALUES view). Relative paths resolve against base_dir. */
conn_source_t *conn_source_open(const catalog_table_t *t, const char *base_dir, char *err, size_t errlen);

#endif

/* timers.h - the event-time timer service of one PTF call ("timer_").
 *
 * Flink semantics (flink-ptf-semantics.md §4.4-4.5):
 * - timers are per key; a named timer is replaced by re-registering its name;
 *   unnamed timers are a set of timestamps (registering one twice keeps one);
 * - clear by name touches only named timers, clear by time only unnamed ones;
 * - a timer at t fires when the watermark W satisfies t <= W;
 * - within one watermark advance all due unnamed timers (ascending time) fire
 *   before due named timers (ascending time) — the order Flink's two timer
 *   services produce.
 * Implementation: two binary heaps with lazy deletion (O(log n) push and
 * pop); the live timers of a key sit unordered in per-key arrays indexed by
 * the dense key id, and two hash maps give a timer's place in them ((key,
 * time) for unnamed timers, (key, name) for named ones), so set, clear and
 * the liveness check of a heap top are O(1) expected however many timers
 * one key has. A heap entry is validated against the live timers when it
 * reaches the top: a stale entry whose timer is registered again at the same
 * time fires it in the stale entry's place among ties.
 *
 * Ownership: names are copied. Not thread-safe. */
#ifndef PTF_TIMERS_H
#define PTF_TIMERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/hashmap.h"

typedef struct timer_heap_item {
    int64_t time;
    uint64_t seq;        /* insertion order: ties fire first-registered first */
    uint32_t key;
    uint32_t name_id;    /* index into names; UINT32_MAX = unnamed */
} timer_heap_item_t;

typedef struct timer_heap {
    timer_heap_item_t *items;
    size_t n, cap;
} timer_heap_t;

typedef struct timer_named {
    uint32_t name_id;
    int64_t time;
} timer_named_t;

typedef struct timer_key {
    int64_t *times;           /* unnamed timers, unordered, no duplicates */
    uint32_t ntimes, captimes;
    timer_named_t *named;     /* named timers, one per name */
    uint32_t nnamed, capnamed;
} timer_key_t;

/* One unnamed timer in the (key, time) index: 16 bytes, no pointer. */
typedef struct timer_slot {
    int64_t time;
    uint32_t key;
    uint32_t at;              /* index in keys[key].times + 1; 0 = an empty slot */
} timer_slot_t;

typedef struct timer_index {
    timer_slot_t *slots;
    size_t cap;               /* power of two (or 0) */
    size_t count;
} timer_index_t;

typedef struct timer_service {
    timer_heap_t unnamed, named;
    timer_key_t *keys;        /* by key id */
    uint32_t capkeys;
    hashmap_t name_ids;       /* name -> name_id */
    timer_index_t unnamed_at; /* (key, time) -> index in keys[key].times */
    hashmap_t named_at;       /* (key, name_id) -> index in keys[key].named */
    char **names;
    uint32_t nnames, capnames;
    uint64_t seq;
    size_t count;             /* live timers */
    bool unnamed_top_live;    /* unnamed.items[0] is known live (reset by every removal) */
} timer_service_t;

/* A fired timer; name points into the service (valid until it is freed). */
typedef struct timer_fired {
    uint32_t key;
    int64_t time;
    const char *name;         /* NULL for unnamed */
    uint64_t seq;             /* its registration order (timer_restore) */
} timer_fired_t;

void timer_service_init(timer_service_t *ts);
void timer_service_free(timer_service_t *ts);

void timer_set(timer_service_t *ts, uint32_t key, const char *name, int64_t time);
void timer_clear_named(timer_service_t *ts, uint32_t key, const char *name);
void timer_clear_unnamed(timer_service_t *ts, uint32_t key, int64_t time);
void timer_clear_all(timer_service_t *ts, uint32_t key);

/* Pops the next timer due at watermark W (t <= W) into *out; false if none.
 * The popped timer is no longer live. */
bool timer_pop_due(timer_service_t *ts, int64_t watermark, timer_fired_t *out);

/* Puts back a popped timer that was not fired after all, in its old place
 * among timers of the same time (its seq); a timer of the same key and time
 * (unnamed) or name (named) registered since wins, and f is dropped. */
void timer_restore(timer_service_t *ts, const timer_fired_t *f);

/* The key of the timer timer_pop_due would return next; false if none is due. */
bool timer_peek_due(timer_service_t *ts, int64_t watermark, uint32_t *key);

/* Smallest live timer time, or INT64_MAX if none. */
int64_t timer_next_time(timer_service_t *ts);

/* Visit every live timer (for --dump-state). */
typedef void (*timer_visit_fn)(void *ctx, uint32_t key, const char *name, int64_t time);
void timer_visit(const timer_service_t *ts, timer_visit_fn fn, void *ctx);

#endif

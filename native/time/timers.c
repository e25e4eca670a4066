/* timers.c - see timers.h. */
#include "time/timers.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNNAMED UINT32_MAX


/* ---- heap ----------------------------------------------------------------
 * A 4-ary min-heap: half the depth of a binary one, and a node's children
 * sit side by side (at a million timers the pops' cache misses are most of
 * their cost). */

#define HEAP_D 4

static bool item_less(const timer_heap_item_t *a, const timer_heap_item_t *b)
{
    return a->time != b->time ? a->time < b->time : a->seq < b->seq;
}

static void heap_push(timer_heap_t *h, timer_heap_item_t it)
{
    if (h->n == h->cap) {
        h->cap = h->cap ? h->cap * 2 : 64;
        h->items = xrealloc(h->items, h->cap * sizeof *h->items);
    }
    size_t i = h->n++;
    while (i > 0) {
        size_t p = (i - 1) / HEAP_D;
        if (!item_less(&it, &h->items[p])) break;
        h->items[i] = h->items[p];
        i = p;
    }
    h->items[i] = it;
}

static void heap_pop(timer_heap_t *h)
{
    timer_heap_item_t last = h->items[--h->n];
    size_t i = 0;
    for (;;) {
        size_t first = HEAP_D * i + 1, end = first + HEAP_D, c = first;
        if (first >= h->n) break;
        if (end > h->n) end = h->n;
        for (size_t j = first + 1; j < end; j++)
            if (item_less(&h->items[j], &h->items[c])) c = j;
        if (!item_less(&h->items[c], &last)) break;
        h->items[i] = h->items[c];
        i = c;
    }
    if (h->n) h->items[i] = last;
}

/* ---- live timers per key ----------------------------------------------------
 * A key's live timers sit unordered in its arrays (removal swaps the last one
 * in); an index gives each timer's place in its array: (key, time) for
 * unnamed timers (timer_index_t, below), (key, name id) for named ones (a
 * hashmap). Every operation is O(1) expected, whatever the number of timers
 * on one key; the heaps' pops are O(log n). */

static timer_key_t *key_of(timer_service_t *ts, uint32_t key, bool create)
{
    if (key >= ts->capkeys) {
        if (!create) return NULL;
        uint32_t cap = ts->capkeys ? ts->capkeys : 64;
        while (cap <= key) cap *= 2;
        ts->keys = xrealloc(ts->keys, cap * sizeof *ts->keys);
        memset(ts->keys + ts->capkeys, 0, (cap - ts->capkeys) * sizeof *ts->keys);
        ts->capkeys = cap;
    }
    return &ts->keys[key];
}

/* ---- the (key, time) index of unnamed timers ------------------------------
 * Open addressing with linear probing over 16-byte slots, at most half full,
 * and backward-shift deletion (no tombstones, so a run of fired timers leaves
 * no long probes behind). With a million timers the index is the working set
 * of every registration and firing: its slots are kept small on purpose. */

static uint64_t slot_hash(uint32_t key, uint64_t t)
{
    uint64_t h = t * 0x9e3779b97f4a7c15ULL ^ (uint64_t)key * 0xc2b2ae3d27d4eb4fULL;
    h ^= h >> 31;
    h *= 0xff51afd7ed558ccdULL;
    return h ^ h >> 29;
}

/* A timer's home slot. One key's timers whose times differ only in the low
 * SLOT_RUN_BITS bits share a hashed run of consecutive slots (the run's hash
 * plus those bits), so registering or firing one key's timers in time order
 * walks the index a cache line at a time instead of missing on every slot:
 * 1 M timers on one key fire in time order, and the key's array hands its
 * last timer (the latest registered) to each freed place, another walk. */
#define SLOT_RUN_BITS 4

static size_t slot_home(uint32_t key, int64_t t, size_t mask)
{
    uint64_t u = (uint64_t)t;
    return (size_t)(slot_hash(key, u >> SLOT_RUN_BITS) + (u & ((1u << SLOT_RUN_BITS) - 1))) & mask;
}

static timer_slot_t *index_find(const timer_index_t *x, uint32_t key, int64_t t)
{
    if (!x->cap) return NULL;
    size_t mask = x->cap - 1;
    for (size_t i = slot_home(key, t, mask);; i = (i + 1) & mask) {
        timer_slot_t *s = &x->slots[i];
        if (!s->at) return NULL;
        if (s->time == t && s->key == key) return s;
    }
}

static void index_place(timer_index_t *x, timer_slot_t slot)
{
    size_t mask = x->cap - 1, i = slot_home(slot.key, slot.time, mask);
    while (x->slots[i].at) i = (i + 1) & mask;
    x->slots[i] = slot;
}

/* Adds (key, t) -> at; the caller knows it is absent. */
static void index_add(timer_index_t *x, uint32_t key, int64_t t, uint32_t at)
{
    if ((x->count + 1) * 2 > x->cap) {
        timer_index_t old = *x;
        x->cap = old.cap ? old.cap * 2 : 64;
        x->slots = xcalloc(x->cap, sizeof *x->slots);
        for (size_t i = 0; i < old.cap; i++)
            if (old.slots[i].at) index_place(x, old.slots[i]);
        free(old.slots);
    }
    index_place(x, (timer_slot_t){t, key, at + 1});
    x->count++;
}

/* Removes a slot and shifts back the slots of its run that may move up. */
static void index_remove(timer_index_t *x, timer_slot_t *s)
{
    size_t mask = x->cap - 1, hole = (size_t)(s - x->slots);
    for (size_t i = (hole + 1) & mask; x->slots[i].at; i = (i + 1) & mask) {
        size_t home = slot_home(x->slots[i].key, x->slots[i].time, mask);
        if (((i - home) & mask) >= ((i - hole) & mask)) {   /* home is at or before the hole */
            x->slots[hole] = x->slots[i];
            hole = i;
        }
    }
    x->slots[hole].at = 0;
    x->count--;
}

static bool unnamed_live(const timer_service_t *ts, uint32_t key, int64_t t)
{
    return index_find(&ts->unnamed_at, key, t) != NULL;
}

static void unnamed_add(timer_service_t *ts, timer_key_t *k, uint32_t key, int64_t t)
{
    if (k->ntimes == k->captimes) {
        k->captimes = k->captimes ? k->captimes * 2 : 2;
        k->times = xrealloc(k->times, k->captimes * sizeof *k->times);
    }
    index_add(&ts->unnamed_at, key, t, k->ntimes);
    k->times[k->ntimes++] = t;
    ts->count++;
}

/* Removes the unnamed timer whose index slot is s; the key's last timer takes its place. */
static void unnamed_remove(timer_service_t *ts, uint32_t key, timer_slot_t *s)
{
    timer_key_t *k = &ts->keys[key];
    uint32_t i = s->at - 1;
    index_remove(&ts->unnamed_at, s);
    if (i != --k->ntimes) {
        k->times[i] = k->times[k->ntimes];
        index_find(&ts->unnamed_at, key, k->times[i])->at = i + 1;
    }
    ts->count--;
    ts->unnamed_top_live = false;
}

static uint64_t named_ref(uint32_t key, uint32_t name_id) { return (uint64_t)key << 32 | name_id; }

static timer_named_t *named_find(const timer_service_t *ts, uint32_t key, uint32_t name_id)
{
    uint64_t ref = named_ref(key, name_id), i;
    if (!hashmap_get(&ts->named_at, &ref, sizeof ref, &i)) return NULL;
    return &ts->keys[key].named[i];
}

static void named_add(timer_service_t *ts, timer_key_t *k, uint32_t key, uint32_t name_id, int64_t t)
{
    if (k->nnamed == k->capnamed) {
        k->capnamed = k->capnamed ? k->capnamed * 2 : 2;
        k->named = xrealloc(k->named, k->capnamed * sizeof *k->named);
    }
    uint64_t ref = named_ref(key, name_id);
    hashmap_put(&ts->named_at, &ref, sizeof ref, k->nnamed);
    k->named[k->nnamed++] = (timer_named_t){name_id, t};
    ts->count++;
}

static void named_remove(timer_service_t *ts, uint32_t key, timer_named_t *n)
{
    timer_key_t *k = &ts->keys[key];
    uint64_t ref = named_ref(key, n->name_id);
    hashmap_remove(&ts->named_at, &ref, sizeof ref);
    *n = k->named[--k->nnamed];
    if (n != &k->named[k->nnamed]) {
        ref = named_ref(key, n->name_id);
        hashmap_put(&ts->named_at, &ref, sizeof ref, (uint64_t)(n - k->named));
    }
    ts->count--;
}

static uint32_t name_id(timer_service_t *ts, const char *name, bool create)
{
    uint64_t id;
    size_t len = strlen(name);
    if (hashmap_get(&ts->name_ids, name, len, &id)) return (uint32_t)id;
    if (!create) return UNNAMED;
    if (ts->nnames == ts->capnames) {
        ts->capnames = ts->capnames ? ts->capnames * 2 : 16;
        ts->names = xrealloc(ts->names, ts->capnames * sizeof *ts->names);
    }
    ts->names[ts->nnames] = xrealloc(NULL, len + 1);
    memcpy(ts->names[ts->nnames], name, len + 1);
    hashmap_put(&ts->name_ids, name, len, ts->nnames);
    return ts->nnames++;
}

void timer_service_init(timer_service_t *ts)
{
    memset(ts, 0, sizeof *ts);
    hashmap_init(&ts->name_ids);
    hashmap_init(&ts->named_at);
}

void timer_service_free(timer_service_t *ts)
{
    free(ts->unnamed.items);
    free(ts->named.items);
    for (uint32_t i = 0; i < ts->capkeys; i++) {
        free(ts->keys[i].times);
        free(ts->keys[i].named);
    }
    free(ts->keys);
    hashmap_free(&ts->name_ids);
    free(ts->unnamed_at.slots);
    hashmap_free(&ts->named_at);
    for (uint32_t i = 0; i < ts->nnames; i++) free(ts->names[i]);
    free(ts->names);
    memset(ts, 0, sizeof *ts);
}

void timer_set(timer_service_t *ts, uint32_t key, const char *name, int64_t time)
{
    timer_heap_item_t it = {time, ts->seq++, key, UNNAMED};
    timer_key_t *k = key_of(ts, key, true);
    if (!name) {
        if (unnamed_live(ts, key, time)) return;   /* one timer per timestamp */
        unnamed_add(ts, k, key, time);
        heap_push(&ts->unnamed, it);
        return;
    }
    it.name_id = name_id(ts, name, true);
    timer_named_t *n = named_find(ts, key, it.name_id);
    if (n && n->time == time) return;   /* the same timer: keep its position */
    if (n) n->time = time;               /* replace: the old heap entry goes stale */
    else named_add(ts, k, key, it.name_id, time);
    heap_push(&ts->named, it);
}

void timer_restore(timer_service_t *ts, const timer_fired_t *f)
{
    timer_heap_item_t it = {f->time, f->seq, f->key, UNNAMED};
    timer_key_t *k = key_of(ts, f->key, true);
    if (!f->name) {
        if (unnamed_live(ts, f->key, f->time)) return;
        unnamed_add(ts, k, f->key, f->time);
        heap_push(&ts->unnamed, it);
        return;
    }
    it.name_id = name_id(ts, f->name, true);
    if (named_find(ts, f->key, it.name_id)) return;
    named_add(ts, k, f->key, it.name_id, f->time);
    heap_push(&ts->named, it);
}

void timer_clear_named(timer_service_t *ts, uint32_t key, const char *name)
{
    uint32_t id = name_id(ts, name, false);
    if (id == UNNAMED) return;
    timer_named_t *n = named_find(ts, key, id);
    if (n) named_remove(ts, key, n);
}

void timer_clear_unnamed(timer_service_t *ts, uint32_t key, int64_t time)
{
    timer_slot_t *s = index_find(&ts->unnamed_at, key, time);
    if (s) unnamed_remove(ts, key, s);
}

void timer_clear_all(timer_service_t *ts, uint32_t key)
{
    if (key >= ts->capkeys) return;
    timer_key_t *k = &ts->keys[key];
    while (k->ntimes) unnamed_remove(ts, key, index_find(&ts->unnamed_at, key, k->times[k->ntimes - 1]));
    while (k->nnamed) named_remove(ts, key, &k->named[k->nnamed - 1]);
}

/* Drops stale heap tops; returns the live top or NULL. The unnamed heap's
 * top stays known live until a timer is removed: a push either leaves the
 * top alone or puts a new, live timer there. */
static timer_heap_item_t *live_top(timer_service_t *ts, timer_heap_t *h)
{
    if (h == &ts->unnamed && ts->unnamed_top_live && h->n) return &h->items[0];
    while (h->n) {
        timer_heap_item_t *it = &h->items[0];
        bool live;
        if (it->name_id == UNNAMED) {
            live = ts->unnamed_top_live = unnamed_live(ts, it->key, it->time);
        } else {
            timer_named_t *n = named_find(ts, it->key, it->name_id);
            live = n && n->time == it->time;
        }
        if (live) return it;
        heap_pop(h);
    }
    return NULL;
}

bool timer_peek_due(timer_service_t *ts, int64_t watermark, uint32_t *key)
{
    timer_heap_t *heaps[2] = {&ts->unnamed, &ts->named};
    for (int i = 0; i < 2; i++) {
        timer_heap_item_t *it = live_top(ts, heaps[i]);
        if (!it || it->time > watermark) continue;
        *key = it->key;
        return true;
    }
    return false;
}

bool timer_pop_due(timer_service_t *ts, int64_t watermark, timer_fired_t *out)
{
    timer_heap_t *heaps[2] = {&ts->unnamed, &ts->named};
    for (int i = 0; i < 2; i++) {
        timer_heap_item_t *it = live_top(ts, heaps[i]);
        if (!it || it->time > watermark) continue;
        out->key = it->key;
        out->time = it->time;
        out->seq = it->seq;
        if (it->name_id == UNNAMED) {
            out->name = NULL;
            timer_clear_unnamed(ts, it->key, it->time);
        } else {
            out->name = ts->names[it->name_id];
            named_remove(ts, it->key, named_find(ts, it->key, it->name_id));
        }
        heap_pop(heaps[i]);
        return true;
    }
    return false;
}

int64_t timer_next_time(timer_service_t *ts)
{
    timer_heap_item_t *a = live_top(ts, &ts->unnamed);
    timer_heap_item_t *b = live_top(ts, &ts->named);
    int64_t t = INT64_MAX;
    if (a && a->time < t) t = a->time;
    if (b && b->time < t) t = b->time;
    return t;
}

void timer_visit(const timer_service_t *ts, timer_visit_fn fn, void *ctx)
{
    for (uint32_t key = 0; key < ts->capkeys; key++) {
        const timer_key_t *k = &ts->keys[key];
        for (uint32_t i = 0; i < k->ntimes; i++) fn(ctx, key, NULL, k->times[i]);
        for (uint32_t i = 0; i < k->nnamed; i++) fn(ctx, key, ts->names[k->named[i].name_id], k->named[i].time);
    }
}

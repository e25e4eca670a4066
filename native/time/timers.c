/* timers.c - see timers.h. */
#include "time/timers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNNAMED UINT32_MAX

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fputs("ptfhost: out of memory\n", stderr);
        abort();
    }
    return p;
}

/* ---- heap ---------------------------------------------------------------- */

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
        size_t p = (i - 1) / 2;
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
        size_t c = 2 * i + 1;
        if (c >= h->n) break;
        if (c + 1 < h->n && item_less(&h->items[c + 1], &h->items[c])) c++;
        if (!item_less(&h->items[c], &last)) break;
        h->items[i] = h->items[c];
        i = c;
    }
    if (h->n) h->items[i] = last;
}

/* ---- live sets ------------------------------------------------------------ */

typedef struct { uint32_t key; uint32_t pad; int64_t v; } pair_key_t;

static pair_key_t pair(uint32_t key, int64_t v)
{
    pair_key_t p;
    memset(&p, 0, sizeof p);
    p.key = key;
    p.v = v;
    return p;
}

static uint32_t name_id(timer_service_t *ts, const char *name)
{
    uint64_t id;
    size_t len = strlen(name);
    if (hashmap_get(&ts->name_ids, name, len, &id)) return (uint32_t)id;
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
    hashmap_init(&ts->live_unnamed);
    hashmap_init(&ts->live_named);
    hashmap_init(&ts->name_ids);
}

void timer_service_free(timer_service_t *ts)
{
    free(ts->unnamed.items);
    free(ts->named.items);
    hashmap_free(&ts->live_unnamed);
    hashmap_free(&ts->live_named);
    hashmap_free(&ts->name_ids);
    for (uint32_t i = 0; i < ts->nnames; i++) free(ts->names[i]);
    free(ts->names);
    memset(ts, 0, sizeof *ts);
}

void timer_set(timer_service_t *ts, uint32_t key, const char *name, int64_t time)
{
    timer_heap_item_t it = {time, ts->seq++, key, UNNAMED};
    if (!name) {
        pair_key_t k = pair(key, time);
        if (hashmap_put(&ts->live_unnamed, &k, sizeof k, 1)) {
            ts->count++;
            heap_push(&ts->unnamed, it);
        }
        return;
    }
    it.name_id = name_id(ts, name);
    pair_key_t k = pair(key, it.name_id);
    uint64_t old;
    bool existed = hashmap_get(&ts->live_named, &k, sizeof k, &old);
    if (existed && (int64_t)old == time) return;   /* same timer: keep its position */
    hashmap_put(&ts->live_named, &k, sizeof k, (uint64_t)time);
    if (!existed) ts->count++;
    heap_push(&ts->named, it);
}

void timer_clear_named(timer_service_t *ts, uint32_t key, const char *name)
{
    uint64_t id;
    if (!hashmap_get(&ts->name_ids, name, strlen(name), &id)) return;
    pair_key_t k = pair(key, (int64_t)id);
    if (hashmap_remove(&ts->live_named, &k, sizeof k)) ts->count--;
}

void timer_clear_unnamed(timer_service_t *ts, uint32_t key, int64_t time)
{
    pair_key_t k = pair(key, time);
    if (hashmap_remove(&ts->live_unnamed, &k, sizeof k)) ts->count--;
}

void timer_clear_all(timer_service_t *ts, uint32_t key)
{
    /* Timers of one key are found through the heaps (live entries only). */
    for (size_t i = 0; i < ts->unnamed.n; i++)
        if (ts->unnamed.items[i].key == key) timer_clear_unnamed(ts, key, ts->unnamed.items[i].time);
    for (size_t i = 0; i < ts->named.n; i++)
        if (ts->named.items[i].key == key) timer_clear_named(ts, key, ts->names[ts->named.items[i].name_id]);
}

/* Drops stale heap tops; returns the live top or NULL. */
static timer_heap_item_t *live_top(timer_service_t *ts, timer_heap_t *h)
{
    while (h->n) {
        timer_heap_item_t *it = &h->items[0];
        uint64_t v;
        bool live;
        if (it->name_id == UNNAMED) {
            pair_key_t k = pair(it->key, it->time);
            live = hashmap_get(&ts->live_unnamed, &k, sizeof k, &v);
        } else {
            pair_key_t k = pair(it->key, it->name_id);
            live = hashmap_get(&ts->live_named, &k, sizeof k, &v) && (int64_t)v == it->time;
        }
        if (live) return it;
        heap_pop(h);
    }
    return NULL;
}

bool timer_pop_due(timer_service_t *ts, int64_t watermark, timer_fired_t *out)
{
    timer_heap_t *heaps[2] = {&ts->unnamed, &ts->named};
    for (int i = 0; i < 2; i++) {
        timer_heap_item_t *it = live_top(ts, heaps[i]);
        if (!it || it->time > watermark) continue;
        out->key = it->key;
        out->time = it->time;
        if (it->name_id == UNNAMED) {
            out->name = NULL;
            timer_clear_unnamed(ts, it->key, it->time);
        } else {
            out->name = ts->names[it->name_id];
            pair_key_t k = pair(it->key, it->name_id);
            hashmap_remove(&ts->live_named, &k, sizeof k);
            ts->count--;
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
    size_t it = 0;
    const hashmap_slot_t *s;
    while (hashmap_next(&ts->live_unnamed, &it, &s)) {
        pair_key_t k;
        memcpy(&k, s->key, sizeof k);
        fn(ctx, k.key, NULL, k.v);
    }
    it = 0;
    while (hashmap_next(&ts->live_named, &it, &s)) {
        pair_key_t k;
        memcpy(&k, s->key, sizeof k);
        fn(ctx, k.key, ts->names[k.v], (int64_t)s->value);
    }
}

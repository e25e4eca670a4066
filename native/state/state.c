/* state.c - see state.h. Keys are interned into dense ids so that the
 * values form one flat array; ids are never reused (a key that lost all its
 * state keeps its id, which costs one slot per entry). A present value's
 * bytes are in its slot exactly when len <= STATE_INLINE (is_inline). */
#include "state/state.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


state_store_t *state_store_new(int nentries, const int64_t *ttl_ms)
{
    state_store_t *s = xrealloc(NULL, sizeof *s);
    memset(s, 0, sizeof *s);
    s->nentries = nentries;
    s->ttl_ms = xrealloc(NULL, sizeof(int64_t) * (size_t)(nentries ? nentries : 1));
    for (int i = 0; i < nentries; i++) s->ttl_ms[i] = ttl_ms ? ttl_ms[i] : STATE_NO_TTL;
    hashmap_init(&s->ids);
    arena_init(&s->key_arena, 0);
    return s;
}

static bool is_inline(const state_value_t *v) { return v->len <= STATE_INLINE; }

/* Frees a value's heap bytes, if it has any; it is absent afterwards. */
static void drop_bytes(state_value_t *v)
{
    if (v->data && !is_inline(v)) free(v->data);
    v->data = NULL;
    v->len = 0;
}

void state_store_free(state_store_t *s)
{
    if (!s) return;
    for (size_t i = 0; i < (size_t)s->nkeys * (size_t)s->nentries; i++) drop_bytes(&s->values[i]);
    free(s->key_bytes);
    free(s->key_len);
    free(s->values);
    free(s->ttl_ms);
    hashmap_free(&s->ids);
    arena_destroy(&s->key_arena);
    free(s);
}

uint32_t state_key_id(state_store_t *s, const void *key, size_t len)
{
    uint64_t id;
    if (hashmap_get(&s->ids, key, len, &id)) return (uint32_t)id;
    if (s->nkeys == s->capkeys) {
        s->capkeys = s->capkeys ? s->capkeys * 2 : 64;
        s->key_bytes = xrealloc(s->key_bytes, s->capkeys * sizeof *s->key_bytes);
        s->key_len = xrealloc(s->key_len, s->capkeys * sizeof *s->key_len);
        s->values = xrealloc(s->values, (size_t)s->capkeys * (size_t)s->nentries * sizeof *s->values);
        for (size_t i = 0; i < (size_t)s->nkeys * (size_t)s->nentries; i++)   /* the slots moved */
            if (s->values[i].data && is_inline(&s->values[i])) s->values[i].data = s->values[i].inline_bytes;
    }
    uint32_t k = s->nkeys++;
    s->key_bytes[k] = arena_memdup(&s->key_arena, key, len);
    s->key_len[k] = (uint32_t)len;
    memset(&s->values[(size_t)k * s->nentries], 0, (size_t)s->nentries * sizeof *s->values);
    hashmap_put(&s->ids, key, len, k);
    return k;
}

void state_key_prefetch(const state_store_t *s, const void *key, size_t len) { hashmap_prefetch(&s->ids, key, len); }

const unsigned char *state_key_bytes(const state_store_t *s, uint32_t id, size_t *len)
{
    *len = s->key_len[id];
    return s->key_bytes[id];
}

static state_value_t *slot(state_store_t *s, uint32_t key, int entry)
{
    return &s->values[(size_t)key * s->nentries + entry];
}

const state_value_t *state_get(state_store_t *s, uint32_t key, int entry, int64_t now_ms)
{
    state_value_t *v = slot(s, key, entry);
    if (!v->data) return NULL;
    int64_t ttl = s->ttl_ms[entry];
    if (ttl != STATE_NO_TTL && now_ms - v->written_ms >= ttl) {
        state_clear(s, key, entry);
        return NULL;
    }
    return v;
}

void state_put(state_store_t *s, uint32_t key, int entry, const void *data, size_t len, int64_t now_ms)
{
    state_value_t *v = slot(s, key, entry);
    s->value_bytes -= v->len;
    s->value_bytes += len;
    if (len <= STATE_INLINE) {
        drop_bytes(v);
        v->data = v->inline_bytes;
    } else if (!v->data || is_inline(v)) {
        v->data = xrealloc(NULL, len);
    } else if (v->len != len) {
        v->data = xrealloc(v->data, len);   /* a rewrite of the same size reuses it */
    }
    if (len) memcpy(v->data, data, len);
    v->len = (uint32_t)len;
    v->written_ms = now_ms;
}

void state_clear(state_store_t *s, uint32_t key, int entry)
{
    state_value_t *v = slot(s, key, entry);
    s->value_bytes -= v->len;
    drop_bytes(v);
}

size_t state_count(const state_store_t *s)
{
    size_t n = 0;
    for (size_t i = 0; i < (size_t)s->nkeys * (size_t)s->nentries; i++)
        if (s->values[i].data) n++;
    return n;
}

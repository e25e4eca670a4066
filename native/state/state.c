/* state.c - see state.h. Keys are interned into dense ids so that the
 * values form one flat array; ids are never reused (a key that lost all its
 * state keeps its id, which costs one slot per entry).
 *
 * Memory per key is what the layout in state.h says and nothing else: no
 * allocation per key (key bytes are packed into chunks, the index holds ids,
 * small values live in their slot). The index keeps the upper 32 bits of a
 * key's hash beside its id, so that a probe compares key bytes only when the
 * hashes agree; growing it rehashes the keys from their bytes in id order
 * (the old index is freed first: no second copy at the peak). */
#include "state/state.h"
#include "util/hashmap.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_BYTES (64 * 1024)

struct state_key_chunk {
    struct state_key_chunk *next;
    size_t size, used;
    unsigned char data[];
};

state_store_t *state_store_new(int nentries, const int64_t *ttl_ms)
{
    state_store_t *s = xrealloc(NULL, sizeof *s);
    memset(s, 0, sizeof *s);
    s->nentries = nentries;
    size_t n = (size_t)(nentries ? nentries : 1);
    s->ttl_ms = xrealloc(NULL, sizeof(int64_t) * n);
    s->ttl_index = xrealloc(NULL, sizeof(int) * n);
    for (int i = 0; i < nentries; i++) {
        s->ttl_ms[i] = ttl_ms ? ttl_ms[i] : STATE_NO_TTL;
        s->ttl_index[i] = s->ttl_ms[i] != STATE_NO_TTL ? s->nttl++ : -1;
    }
    return s;
}

static bool is_heap(const state_slot_t *v) { return v->len != STATE_ABSENT && v->len > STATE_INLINE; }

static unsigned char *heap_ptr(const state_slot_t *v)
{
    unsigned char *p;
    memcpy(&p, v->bytes, sizeof p);
    return p;
}

static const unsigned char *slot_data(const state_slot_t *v) { return is_heap(v) ? heap_ptr(v) : v->bytes; }

/* Frees a value's heap bytes, if it has any; it is absent afterwards. */
static void drop_bytes(state_slot_t *v)
{
    if (is_heap(v)) free(heap_ptr(v));
    v->len = STATE_ABSENT;
}

void state_store_free(state_store_t *s)
{
    if (!s) return;
    for (size_t i = 0; i < (size_t)s->nkeys * (size_t)s->nentries; i++) drop_bytes(&s->slots[i]);
    for (struct state_key_chunk *c = s->chunks, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(s->key_at);
    free(s->index);
    free(s->slots);
    free(s->written_ms);
    free(s->ttl_ms);
    free(s->ttl_index);
    free(s);
}

/* ---- keys ------------------------------------------------------------------ */

/* A key's record: its length as a varint (7 bits a byte, low first), then its bytes. */
static const unsigned char *record_key(const unsigned char *rec, size_t *len)
{
    size_t n = 0;
    for (int shift = 0;; shift += 7) {
        n |= (size_t)(*rec & 0x7F) << shift;
        if (!(*rec++ & 0x80)) break;
    }
    *len = n;
    return rec;
}

/* Copies a key into the chunks as a record; returns where the record starts. */
static const unsigned char *store_key(state_store_t *s, const void *key, size_t len)
{
    unsigned char head[10];
    size_t nh = 0;
    for (size_t n = len;; n >>= 7) {
        head[nh++] = (unsigned char)((n & 0x7F) | (n > 0x7F ? 0x80 : 0));
        if (n <= 0x7F) break;
    }
    struct state_key_chunk *c = s->chunks;
    if (!c || c->size - c->used < nh + len) {
        size_t size = nh + len > CHUNK_BYTES ? nh + len : CHUNK_BYTES;
        c = xrealloc(NULL, sizeof *c + size);
        c->size = size;
        c->used = 0;
        c->next = s->chunks;
        s->chunks = c;
    }
    unsigned char *rec = c->data + c->used;
    memcpy(rec, head, nh);
    if (len) memcpy(rec + nh, key, len);
    c->used += nh + len;
    return rec;
}

static uint64_t index_entry(uint64_t hash, uint32_t id) { return (hash >> 32) << 32 | ((uint64_t)id + 1); }

/* Puts key id (of this hash) into the first free index slot of its probe sequence. */
static void index_insert(state_store_t *s, uint64_t hash, uint32_t id)
{
    uint32_t mask = s->index_cap - 1;
    uint32_t i = (uint32_t)hash & mask;
    while (s->index[i]) i = (i + 1) & mask;
    s->index[i] = index_entry(hash, id);
}

/* Doubles the index and re-enters every key from its bytes. */
static void index_grow(state_store_t *s)
{
    free(s->index);
    s->index_cap = s->index_cap ? s->index_cap * 2 : 64;
    s->index = xcalloc(s->index_cap, sizeof *s->index);
    for (uint32_t k = 0; k < s->nkeys; k++) {
        size_t len;
        const unsigned char *b = record_key(s->key_at[k], &len);
        index_insert(s, hashmap_hash(b, len), k);
    }
}

/* The id of the key with these bytes and this hash, or UINT32_MAX. */
static uint32_t index_find(const state_store_t *s, const void *key, size_t len, uint64_t hash)
{
    if (!s->index_cap) return UINT32_MAX;
    uint32_t mask = s->index_cap - 1;
    uint32_t tag = (uint32_t)(hash >> 32);
    for (uint32_t i = (uint32_t)hash & mask; s->index[i]; i = (i + 1) & mask) {
        uint64_t e = s->index[i];
        if ((uint32_t)(e >> 32) != tag) continue;
        uint32_t id = (uint32_t)e - 1;
        size_t klen;
        const unsigned char *b = record_key(s->key_at[id], &klen);
        if (klen == len && memcmp(b, key, len) == 0) return id;
    }
    return UINT32_MAX;
}

/* Room for one more key: the per-key arrays and the index. */
static void reserve_key(state_store_t *s)
{
    if (s->nkeys == s->capkeys) {
        s->capkeys = s->capkeys ? s->capkeys * 2 : 64;
        s->key_at = xrealloc(s->key_at, s->capkeys * sizeof *s->key_at);
        s->slots = xrealloc(s->slots, (size_t)s->capkeys * (size_t)s->nentries * sizeof *s->slots);
        if (s->nttl)
            s->written_ms = xrealloc(s->written_ms, (size_t)s->capkeys * (size_t)s->nttl * sizeof *s->written_ms);
    }
    if ((uint64_t)(s->nkeys + 1) * 4 > (uint64_t)s->index_cap * 3) index_grow(s);
}

uint64_t state_key_hash(const void *key, size_t len) { return hashmap_hash(key, len); }

uint32_t state_key_id(state_store_t *s, const void *key, size_t len)
{
    return state_key_id_hashed(s, key, len, hashmap_hash(key, len));
}

uint32_t state_key_id_hashed(state_store_t *s, const void *key, size_t len, uint64_t hash)
{
    uint32_t id = index_find(s, key, len, hash);
    if (id != UINT32_MAX) return id;
    reserve_key(s);
    uint32_t k = s->nkeys++;
    s->key_at[k] = store_key(s, key, len);
    for (int e = 0; e < s->nentries; e++) s->slots[(size_t)k * s->nentries + e].len = STATE_ABSENT;
    index_insert(s, hash, k);
    return k;
}

/* The id of the first index slot on the key's probe sequence whose tag
 * matches (the usual hit), else UINT32_MAX: a guess for prefetching, the
 * key bytes unread. Looks at most PROBE_GUESS slots (one or two cache
 * lines): at three quarters full a key is often a few slots past its home. */
#define PROBE_GUESS 8
static uint32_t probable_id(const state_store_t *s, uint64_t hash)
{
    uint32_t mask = s->index_cap - 1, tag = (uint32_t)(hash >> 32);
    for (uint32_t i = (uint32_t)hash & mask, n = 0; n < PROBE_GUESS && s->index[i]; i = (i + 1) & mask, n++)
        if ((uint32_t)(s->index[i] >> 32) == tag) return (uint32_t)s->index[i] - 1;
    return UINT32_MAX;
}

void state_key_prefetch(const state_store_t *s, uint64_t hash, state_prefetch_stage_t stage)
{
    if (!s->index_cap) return;
    if (stage == STATE_PREFETCH_SLOT) {
        __builtin_prefetch(&s->index[(uint32_t)hash & (s->index_cap - 1)]);
        return;
    }
    uint32_t id = probable_id(s, hash);
    if (id == UINT32_MAX) return;
    if (stage == STATE_PREFETCH_POINTER) __builtin_prefetch(&s->key_at[id]);
    else __builtin_prefetch(s->key_at[id]);
}

const unsigned char *state_key_bytes(const state_store_t *s, uint32_t id, size_t *len)
{
    return record_key(s->key_at[id], len);
}

/* ---- values ------------------------------------------------------------------ */

static state_slot_t *slot(const state_store_t *s, uint32_t key, int entry)
{
    return &s->slots[(size_t)key * s->nentries + entry];
}

/* The write time of (key, entry) if the entry has a TTL, else NULL. */
static int64_t *written(const state_store_t *s, uint32_t key, int entry)
{
    int t = s->ttl_index[entry];
    return t < 0 ? NULL : &s->written_ms[(size_t)key * (size_t)s->nttl + (size_t)t];
}

static void note_time(state_store_t *s, int64_t now_ms)
{
    if (now_ms > s->last_ms) s->last_ms = now_ms;
}

bool state_peek(const state_store_t *s, uint32_t key, int entry, state_value_t *v)
{
    const state_slot_t *sl = slot(s, key, entry);
    if (sl->len == STATE_ABSENT) return false;
    const int64_t *w = written(s, key, entry);
    *v = (state_value_t){slot_data(sl), sl->len, w ? *w : s->last_ms};
    return true;
}

const state_value_t *state_get(state_store_t *s, uint32_t key, int entry, int64_t now_ms)
{
    note_time(s, now_ms);
    if (!state_peek(s, key, entry, &s->view)) return NULL;
    int64_t ttl = s->ttl_ms[entry];
    if (ttl != STATE_NO_TTL && now_ms - s->view.written_ms >= ttl) {
        state_clear(s, key, entry);
        return NULL;
    }
    return &s->view;
}

void state_put(state_store_t *s, uint32_t key, int entry, const void *data, size_t len, int64_t now_ms)
{
    note_time(s, now_ms);
    state_slot_t *v = slot(s, key, entry);
    bool was_heap = is_heap(v);
    if (v->len != STATE_ABSENT) s->value_bytes -= v->len;
    s->value_bytes += len;
    unsigned char *to = v->bytes;
    if (len > STATE_INLINE) {
        unsigned char *p = was_heap ? heap_ptr(v) : NULL;
        if (!p || v->len != len) p = xrealloc(p, len);   /* a rewrite of the same size reuses it */
        memcpy(v->bytes, &p, sizeof p);
        to = p;
    } else if (was_heap) {
        free(heap_ptr(v));
    }
    if (len) memcpy(to, data, len);
    v->len = (uint32_t)len;
    int64_t *w = written(s, key, entry);
    if (w) *w = now_ms;
}

void state_clear(state_store_t *s, uint32_t key, int entry)
{
    state_slot_t *v = slot(s, key, entry);
    if (v->len == STATE_ABSENT) return;
    s->value_bytes -= v->len;
    drop_bytes(v);
}

size_t state_count(const state_store_t *s)
{
    size_t n = 0;
    for (size_t i = 0; i < (size_t)s->nkeys * (size_t)s->nentries; i++)
        if (s->slots[i].len != STATE_ABSENT) n++;
    return n;
}

void state_memory(const state_store_t *s, state_memory_t *m)
{
    memset(m, 0, sizeof *m);
    m->index = (size_t)s->index_cap * sizeof *s->index;
    m->keys = (size_t)s->capkeys * sizeof *s->key_at;
    for (const struct state_key_chunk *c = s->chunks; c; c = c->next) m->keys += sizeof *c + c->size;
    for (uint32_t k = 0; k < s->nkeys; k++) {
        size_t len;
        record_key(s->key_at[k], &len);
        m->key_bytes += len;
    }
    m->slots = (size_t)s->capkeys * (size_t)s->nentries * sizeof *s->slots;
    for (size_t i = 0; i < (size_t)s->nkeys * (size_t)s->nentries; i++)
        if (is_heap(&s->slots[i])) m->heap_values += s->slots[i].len;
    m->ttl = (size_t)s->capkeys * (size_t)s->nttl * sizeof *s->written_ms;
    m->total = m->index + m->keys + m->slots + m->heap_values + m->ttl;
}

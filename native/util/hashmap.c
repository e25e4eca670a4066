/* hashmap.c - see hashmap.h. The hash reads 8 bytes at a time and mixes
 * with murmur3's 64-bit finaliser; it only has to spread keys we produce
 * ourselves, not resist adversaries. */
#include "util/hashmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EMPTY = 0, LIVE = 1, DELETED = 2 };

static uint64_t fmix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

uint64_t hashmap_hash(const void *key, size_t len)
{
    const unsigned char *p = key;
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (len * 0xbf58476d1ce4e5b9ULL);
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = fmix64(h ^ w) + 0x94d049bb133111ebULL;
        p += 8;
        len -= 8;
    }
    if (len) {
        uint64_t w = 0;
        memcpy(&w, p, len);
        h = fmix64(h ^ w ^ 0xa5);
    }
    return fmix64(h);
}

const unsigned char *hashmap_slot_key(const hashmap_slot_t *s)
{
    return s->keylen > HASHMAP_INLINE ? s->key.ptr : s->key.bytes;
}

void hashmap_init(hashmap_t *m) { memset(m, 0, sizeof *m); }

void hashmap_free(hashmap_t *m)
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].state == LIVE && m->slots[i].keylen > HASHMAP_INLINE) free(m->slots[i].key.ptr);
    free(m->slots);
    memset(m, 0, sizeof *m);
}

static hashmap_slot_t *find(const hashmap_t *m, const void *key, size_t len, uint64_t h)
{
    if (!m->cap) return NULL;
    size_t mask = m->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        hashmap_slot_t *s = &m->slots[i];
        if (s->state == EMPTY) return NULL;
        if (s->state == LIVE && s->hash == h && s->keylen == len && memcmp(hashmap_slot_key(s), key, len) == 0)
            return s;
    }
}

static void grow(hashmap_t *m)
{
    size_t old_cap = m->cap;
    hashmap_slot_t *old = m->slots;
    size_t cap = 16;
    while (cap * 4 < (m->count + 1) * 10) cap *= 2;   /* live entries at most 40% after growing */
    m->cap = cap;
    m->slots = calloc(cap, sizeof *m->slots);
    if (!m->slots) {
        fputs("ptfhost: out of memory\n", stderr);
        abort();
    }
    m->used = m->count;
    size_t mask = cap - 1;
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i].state != LIVE) continue;
        size_t j = old[i].hash & mask;
        while (m->slots[j].state != EMPTY) j = (j + 1) & mask;
        m->slots[j] = old[i];
    }
    free(old);
}

void hashmap_prefetch(const hashmap_t *m, const void *key, size_t len)
{
    if (m->cap) __builtin_prefetch(&m->slots[hashmap_hash(key, len) & (m->cap - 1)]);
}

bool hashmap_get(const hashmap_t *m, const void *key, size_t len, uint64_t *value)
{
    hashmap_slot_t *s = find(m, key, len, hashmap_hash(key, len));
    if (!s) return false;
    if (value) *value = s->value;
    return true;
}

bool hashmap_put(hashmap_t *m, const void *key, size_t len, uint64_t value)
{
    uint64_t h = hashmap_hash(key, len);
    hashmap_slot_t *s = find(m, key, len, h);
    if (s) {
        s->value = value;
        return false;
    }
    if ((m->used + 1) * 10 > m->cap * 6) grow(m);
    size_t mask = m->cap - 1;
    size_t i = h & mask;
    while (m->slots[i].state == LIVE) i = (i + 1) & mask;
    s = &m->slots[i];
    if (s->state == EMPTY) m->used++;
    s->state = LIVE;
    s->hash = h;
    s->keylen = (uint32_t)len;
    s->value = value;
    if (len > HASHMAP_INLINE) {
        s->key.ptr = malloc(len);
        if (!s->key.ptr) abort();
        memcpy(s->key.ptr, key, len);
    } else if (len) {
        memcpy(s->key.bytes, key, len);
    }
    m->count++;
    return true;
}

bool hashmap_remove(hashmap_t *m, const void *key, size_t len)
{
    hashmap_slot_t *s = find(m, key, len, hashmap_hash(key, len));
    if (!s) return false;
    if (s->keylen > HASHMAP_INLINE) free(s->key.ptr);
    s->state = DELETED;
    m->count--;
    return true;
}

bool hashmap_next(const hashmap_t *m, size_t *iter, const hashmap_slot_t **slot)
{
    while (*iter < m->cap) {
        const hashmap_slot_t *s = &m->slots[(*iter)++];
        if (s->state == LIVE) {
            *slot = s;
            return true;
        }
    }
    return false;
}

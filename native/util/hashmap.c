/* hashmap.c - see hashmap.h. The hash is FNV-1a folded through a 64-bit
 * finaliser (murmur3's fmix64), good enough for keys we produce ourselves. */
#include "util/hashmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char tombstone_marker;
#define TOMBSTONE (&tombstone_marker)

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (!p) {
        fputs("ptfhost: out of memory\n", stderr);
        abort();
    }
    return p;
}

uint64_t hashmap_hash(const void *key, size_t len)
{
    const unsigned char *p = key;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

void hashmap_init(hashmap_t *m)
{
    memset(m, 0, sizeof *m);
}

void hashmap_free(hashmap_t *m)
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].key && m->slots[i].key != TOMBSTONE) free(m->slots[i].key);
    free(m->slots);
    memset(m, 0, sizeof *m);
}

static hashmap_slot_t *find(const hashmap_t *m, const void *key, size_t len, uint64_t h)
{
    if (!m->cap) return NULL;
    size_t mask = m->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        hashmap_slot_t *s = &m->slots[i];
        if (!s->key) return NULL;
        if (s->key != TOMBSTONE && s->hash == h && s->keylen == len && memcmp(s->key, key, len) == 0)
            return s;
    }
}

static void grow(hashmap_t *m)
{
    size_t old_cap = m->cap;
    hashmap_slot_t *old = m->slots;
    m->cap = old_cap ? old_cap * 2 : 16;
    while (m->count * 10 >= m->cap * 5) m->cap *= 2;
    m->slots = xcalloc(m->cap, sizeof *m->slots);
    m->used = m->count;
    size_t mask = m->cap - 1;
    for (size_t i = 0; i < old_cap; i++) {
        hashmap_slot_t *s = &old[i];
        if (!s->key || s->key == TOMBSTONE) continue;
        size_t j = s->hash & mask;
        while (m->slots[j].key) j = (j + 1) & mask;
        m->slots[j] = *s;
    }
    free(old);
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
    if ((m->used + 1) * 10 > m->cap * 7) grow(m);
    size_t mask = m->cap - 1;
    size_t i = h & mask;
    while (m->slots[i].key && m->slots[i].key != TOMBSTONE) i = (i + 1) & mask;
    s = &m->slots[i];
    if (!s->key) m->used++;
    s->key = malloc(len ? len : 1);
    if (!s->key) abort();
    if (len) memcpy(s->key, key, len);
    s->keylen = (uint32_t)len;
    s->hash = h;
    s->value = value;
    m->count++;
    return true;
}

bool hashmap_remove(hashmap_t *m, const void *key, size_t len)
{
    hashmap_slot_t *s = find(m, key, len, hashmap_hash(key, len));
    if (!s) return false;
    free(s->key);
    s->key = TOMBSTONE;
    m->count--;
    return true;
}

bool hashmap_next(const hashmap_t *m, size_t *iter, const hashmap_slot_t **slot)
{
    while (*iter < m->cap) {
        const hashmap_slot_t *s = &m->slots[(*iter)++];
        if (s->key && s->key != TOMBSTONE) {
            *slot = s;
            return true;
        }
    }
    return false;
}

/* hashmap.h - open-addressing hash map from byte strings to a uint64 value.
 *
 * Keys are copied into the map: keys of up to HASHMAP_INLINE bytes live in
 * the slot itself (no allocation, no pointer to chase: the common case of
 * encoded keys, (key id, time) pairs, names), longer ones are malloc'ed.
 * Values are plain 64-bit integers (an index, an id, a timestamp).
 * Linear probing with tombstones; grows at 60% load (live + tombstones).
 * Not thread-safe. */
#ifndef PTF_HASHMAP_H
#define PTF_HASHMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HASHMAP_INLINE 16

typedef struct hashmap_slot {
    uint64_t hash;
    uint64_t value;
    uint32_t keylen;
    uint8_t state;           /* 0 empty, 1 live, 2 deleted */
    union {
        unsigned char bytes[HASHMAP_INLINE];
        unsigned char *ptr;  /* keylen > HASHMAP_INLINE */
    } key;
} hashmap_slot_t;

typedef struct hashmap {
    hashmap_slot_t *slots;
    size_t cap;              /* power of two */
    size_t count;            /* live entries */
    size_t used;             /* live + tombstones */
} hashmap_t;

void hashmap_init(hashmap_t *m);
void hashmap_free(hashmap_t *m);
uint64_t hashmap_hash(const void *key, size_t len);     /* 64-bit, stable across runs */

/* Hints that key is looked up soon (fetches its first slot into the cache). */
void hashmap_prefetch(const hashmap_t *m, const void *key, size_t len);
/* Returns true and sets *value if present. */
bool hashmap_get(const hashmap_t *m, const void *key, size_t len, uint64_t *value);
/* Inserts or replaces. Returns true if the key was new. */
bool hashmap_put(hashmap_t *m, const void *key, size_t len, uint64_t value);
/* Returns true if the key was present. */
bool hashmap_remove(hashmap_t *m, const void *key, size_t len);

/* Iteration: for (size_t i = 0; hashmap_next(m, &i, &slot);) ... ; order is unspecified. */
bool hashmap_next(const hashmap_t *m, size_t *iter, const hashmap_slot_t **slot);
/* The key bytes of a live slot (slot->keylen of them). */
const unsigned char *hashmap_slot_key(const hashmap_slot_t *slot);

#endif

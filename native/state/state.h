/* state.h - the keyed state store of one PTF call ("state_").
 *
 * Flink keeps a PTF's state per PARTITION BY key ("virtual processor") and
 * per state entry. Here a key is the encoded bytes of its key columns,
 * interned to a dense id; an entry's value is opaque bytes in the binary
 * value format (the Java half encodes/decodes them: value state as the state
 * ROW, ListView as ARRAY<E>, MapView as MAP<K, V>).
 *
 * TTL is processing-time based with Flink's semantics (OnCreateAndWrite,
 * NeverReturnExpired): a value's clock starts when it is written, reads never
 * refresh it, and an expired value is reported absent and dropped. The caller
 * passes the processing time, so a test can drive it deterministically.
 *
 * Ownership: the store copies keys and values (small ones into their slot,
 * others malloc'ed) and frees them in state_store_free. Pointers returned by
 * state_get (and a value's data) stay valid until the next state_put/state_clear
 * of that key and entry or the next new key (state_key_id may move the slots).
 * Not thread-safe. */
#ifndef PTF_STATE_H
#define PTF_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/hashmap.h"

#define STATE_NO_TTL 0   /* ttl_ms value meaning "never expires" */

/* Values of at most this many bytes live in their slot (no allocation, no
 * pointer to chase on the hot path: a counter, a small POJO). */
#define STATE_INLINE 16

typedef struct state_value {
    unsigned char *data;   /* NULL = absent; a value of at most STATE_INLINE bytes points into inline_bytes */
    uint32_t len;
    int64_t written_ms;    /* processing time of the last write */
    unsigned char inline_bytes[STATE_INLINE];
} state_value_t;

typedef struct state_store {
    int nentries;
    int64_t *ttl_ms;       /* per entry; STATE_NO_TTL = never expires */
    hashmap_t ids;         /* key bytes -> key id */
    arena_t key_arena;     /* the keys' bytes (keys are never dropped) */
    uint32_t nkeys, capkeys;
    unsigned char **key_bytes;
    uint32_t *key_len;
    state_value_t *values; /* nkeys * nentries, row-major by key */
    size_t value_bytes;    /* sum of the present values' lengths */
} state_store_t;

/* ttl_ms may be NULL (no TTL anywhere). */
state_store_t *state_store_new(int nentries, const int64_t *ttl_ms);
void state_store_free(state_store_t *s);

/* Interns a key; returns its id (stable for the store's life). */
uint32_t state_key_id(state_store_t *s, const void *key, size_t len);
const unsigned char *state_key_bytes(const state_store_t *s, uint32_t id, size_t *len);

/* Hints that the key with these bytes, or the values of key id, are needed
 * soon (a batch looks up many keys: their cache misses overlap). */
void state_key_prefetch(const state_store_t *s, const void *key, size_t len);
static inline void state_prefetch(const state_store_t *s, uint32_t key)
{
    if (s->nentries) __builtin_prefetch(&s->values[(size_t)key * (size_t)s->nentries]);
}

/* Current value of (key, entry) at processing time now_ms, or NULL if absent
 * or expired (an expired value is dropped here). */
const state_value_t *state_get(state_store_t *s, uint32_t key, int entry, int64_t now_ms);
void state_put(state_store_t *s, uint32_t key, int entry, const void *data, size_t len, int64_t now_ms);
void state_clear(state_store_t *s, uint32_t key, int entry);

/* Number of (key, entry) values present (expired ones included until read). */
size_t state_count(const state_store_t *s);

#endif

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
 * Layout (docs/internals.md, "The state store's memory"): per key one 8-byte
 * pointer to its bytes (packed in chunks behind a varint length), about two
 * 8-byte index slots (open addressing at most 3/4 full, no per-key
 * allocation), one 16-byte value slot per entry, and an 8-byte write time per
 * entry that has a TTL (none for entries without one).
 *
 * Ownership: the store copies keys and values (values of at most
 * STATE_INLINE bytes into their slot, others malloc'ed) and frees them in
 * state_store_free. Key bytes (state_key_bytes) stay valid for the store's
 * life. A state_value_t from state_get is a view: it and its data stay valid
 * until the next call on the store. Not thread-safe. */
#ifndef PTF_STATE_H
#define PTF_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define STATE_NO_TTL 0   /* ttl_ms value meaning "never expires" */

/* Values of at most this many bytes live in their slot (no allocation, no
 * pointer to chase on the hot path: a counter, a small POJO). */
#define STATE_INLINE 12

/* A present value as the store holds it (a view; see the ownership note). */
typedef struct state_value {
    const unsigned char *data;
    uint32_t len;
    int64_t written_ms;    /* processing time of the last write; for an entry without TTL
                              (which keeps no write time) the latest time the store saw */
} state_value_t;

/* One (key, entry) value slot: its bytes, or a pointer to them on the heap. */
typedef struct state_slot {
    unsigned char bytes[STATE_INLINE];   /* len > STATE_INLINE: the first 8 hold the heap pointer */
    uint32_t len;                        /* STATE_ABSENT: no value */
} state_slot_t;
#define STATE_ABSENT UINT32_MAX

struct state_key_chunk;

typedef struct state_store {
    int nentries;
    int64_t *ttl_ms;       /* per entry; STATE_NO_TTL = never expires */
    int *ttl_index;        /* per entry: its column in written_ms, -1 without TTL */
    int nttl;              /* entries with a TTL */
    uint32_t nkeys, capkeys;
    const unsigned char **key_at;   /* key id -> varint length, then the key's bytes */
    struct state_key_chunk *chunks; /* where those are (newest first; never moved) */
    uint64_t *index;       /* open addressing: (hash >> 32) << 32 | (id + 1); 0 = empty */
    uint32_t index_cap;    /* power of two (0 before the first key) */
    state_slot_t *slots;   /* nkeys * nentries, row-major by key */
    int64_t *written_ms;   /* nkeys * nttl: write times of the entries with TTL */
    int64_t last_ms;       /* the latest processing time passed in */
    size_t value_bytes;    /* sum of the present values' lengths */
    state_value_t view;    /* what state_get returned last */
} state_store_t;

/* ttl_ms may be NULL (no TTL anywhere). */
state_store_t *state_store_new(int nentries, const int64_t *ttl_ms);
void state_store_free(state_store_t *s);

/* Interns a key; returns its id (stable for the store's life). hash:
 * state_key_hash of the bytes, for a caller that has it already. */
uint32_t state_key_id(state_store_t *s, const void *key, size_t len);
uint32_t state_key_id_hashed(state_store_t *s, const void *key, size_t len, uint64_t hash);
uint64_t state_key_hash(const void *key, size_t len);
const unsigned char *state_key_bytes(const state_store_t *s, uint32_t id, size_t *len);

/* A batch that looks up many keys overlaps their cache misses in stages, one
 * pass over the batch each, every stage reading only what the one before
 * brought into the cache: the key's index slot (STATE_PREFETCH_SLOT), the
 * key pointer of the first slot from there with the key's hash tag
 * (STATE_PREFETCH_POINTER), the stored key's bytes (STATE_PREFETCH_BYTES);
 * then state_key_id_hashed. A hint only: a stage without the one before is
 * correct, just slower. */
typedef enum state_prefetch_stage {
    STATE_PREFETCH_SLOT,
    STATE_PREFETCH_POINTER,
    STATE_PREFETCH_BYTES,
} state_prefetch_stage_t;
void state_key_prefetch(const state_store_t *s, uint64_t hash, state_prefetch_stage_t stage);
static inline void state_prefetch(const state_store_t *s, uint32_t key)
{
    if (s->nentries) __builtin_prefetch(&s->slots[(size_t)key * (size_t)s->nentries]);
}

/* Current value of (key, entry) at processing time now_ms, or NULL if absent
 * or expired (an expired value is dropped here). */
const state_value_t *state_get(state_store_t *s, uint32_t key, int entry, int64_t now_ms);
void state_put(state_store_t *s, uint32_t key, int entry, const void *data, size_t len, int64_t now_ms);
void state_clear(state_store_t *s, uint32_t key, int entry);

/* The value of (key, entry) as stored, expired or not, into *v (valid until
 * the next change of the store); false if absent. Changes nothing. */
bool state_peek(const state_store_t *s, uint32_t key, int entry, state_value_t *v);

/* Number of (key, entry) values present (expired ones included until read). */
size_t state_count(const state_store_t *s);

/* The bytes the store has allocated, by part ('ptfhost.state.stats', bench/memory.sh). */
typedef struct state_memory {
    size_t index;          /* the key lookup table */
    size_t keys;           /* the key pointers and the chunks of key bytes */
    size_t key_bytes;      /* of those, the keys' own bytes */
    size_t slots;          /* the value slots */
    size_t heap_values;    /* values too large for their slot */
    size_t ttl;            /* the write times of entries with TTL */
    size_t total;
} state_memory_t;
void state_memory(const state_store_t *s, state_memory_t *m);

#endif

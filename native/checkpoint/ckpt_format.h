/* ckpt_format.h - the on-disk checkpoint format ("ckpt_"), version 2 (reads 1 and 2).
 *
 * A checkpoint is one file, `_metadata`, in a checkpoint folder (see
 * ckpt_store.h). docs/checkpoints.md is the specification; in short:
 *
 *     header  "PTFHCKPT" (8 bytes), u32 version, u32 flags, u64 id, u64 body length
 *     body    records, each a u8 tag and its fields, ending with CKPT_TAG_END
 *     trailer u32 CRC32C (Castagnoli) of header and body
 *
 * All integers are little-endian (util/buf.h); a string or byte string is a u32 length and
 * its bytes. The records: SOURCE (a table and how many rows of it were
 * processed), CALL (a PTF call by uid, its watermark and state entries with
 * their types), STATE, TIMER and SORTED (ORDER BY's held rows), belonging to
 * the CALL before them, NORMALIZED (the last row per key an upsert input's
 * changelog normaliser keeps, also the CALL's), and STAGE (an aggregation's or de-duplication's state,
 * entries inline); since version 2 KAFKA_OFFSET (where a Kafka source's
 * partition stands), KAFKA_TXN (a Kafka sink's transactional producer) and
 * FILE_PARTS (a filesystem sink's part files committed).
 * A version 1 file reads as before (it holds none of the version 2 records).
 *
 * A writer builds the file in memory; a reader checks magic, version,
 * length and checksum before it believes a byte, so a torn or corrupt file
 * is refused with a message, never half-read.
 *
 * Ownership: a ckpt_image_t owns its strings and byte strings (an arena);
 * ckpt_image_free releases them. Not thread-safe. */
#ifndef PTF_CKPT_FORMAT_H
#define PTF_CKPT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/buf.h"

#define CKPT_MAGIC "PTFHCKPT"
#define CKPT_MAGIC_LEN 8
#define CKPT_VERSION 2
#define CKPT_VERSION_OLDEST 1   /* the oldest version a reader accepts */
#define CKPT_HEADER_LEN (CKPT_MAGIC_LEN + 4 + 4 + 8 + 8)
#define CKPT_FLAG_SAVEPOINT 1u

enum ckpt_tag {
    CKPT_TAG_END = 0,
    CKPT_TAG_SOURCE = 1,   /* str table, u64 rows */
    CKPT_TAG_CALL = 2,     /* str uid, str function, i64 watermark, u32 nentries, then per entry: str name, u8 kind, str type */
    CKPT_TAG_STATE = 3,    /* u32 entry, bytes key, i64 written_ms, bytes value */
    CKPT_TAG_TIMER = 4,    /* bytes key, u8 named, [str name], i64 time */
    CKPT_TAG_SORTED = 5,   /* u32 table, bytes row: a row ORDER BY holds back for its watermark */
    /* version 2: Kafka sources and sinks */
    CKPT_TAG_KAFKA_OFFSET = 16, /* str table, str topic, i32 partition, i64 offset, u32 rows of that record done */
    CKPT_TAG_KAFKA_TXN = 17,    /* str table, str transactional.id, u64 transactions committed */
    CKPT_TAG_STAGE = 18,   /* str uid, str shape, i64 watermark, u32 n, n x (bytes key, i64 written_ms, bytes value) */
    CKPT_TAG_FILE_PARTS = 19, /* str table, u64 part files committed */
    CKPT_TAG_NORMALIZED = 20, /* u32 table, bytes row: the last row of a key an upsert input's normaliser keeps */
};

typedef struct ckpt_entry {
    const char *name;
    uint8_t kind;            /* ptf_state_kind_t: 0 value, 1 list, 2 map */
    const char *type;        /* the entry's type string */
} ckpt_entry_t;

typedef struct ckpt_bytes {
    const unsigned char *data;
    uint32_t len;
} ckpt_bytes_t;

typedef struct ckpt_state {
    uint32_t entry;
    ckpt_bytes_t key, value;
    int64_t written_ms;      /* TTL clock */
} ckpt_state_t;

typedef struct ckpt_timer {
    ckpt_bytes_t key;
    const char *name;        /* NULL: unnamed */
    int64_t time;
} ckpt_timer_t;

/* A row an ORDER BY table argument holds until the watermark passes its time. */
typedef struct ckpt_sorted {
    uint32_t table;          /* the table argument, in signature order */
    ckpt_bytes_t row;        /* the binary value format's `row` (kind byte + fields) */
} ckpt_sorted_t;

typedef struct ckpt_call {
    const char *uid, *function;
    int64_t watermark;
    uint32_t nentries, nstates, ntimers, capstates, captimers;
    ckpt_entry_t *entries;
    ckpt_state_t *states;
    ckpt_timer_t *timers;
    uint32_t nsorted, capsorted;
    ckpt_sorted_t *sorted;   /* in arrival order */
    uint32_t nnormalized, capnormalized;
    ckpt_sorted_t *normalized; /* NORMALIZED: per table argument, its normaliser's rows (the last per key) */
} ckpt_call_t;

/* The state of a query stage other than a PTF call (GroupAggregate,
 * WindowAggregate, Deduplicate): its uid, a text describing the layout of
 * its values (a restore refuses another), and one entry per key in the
 * stage's own encoding (entry is 0). */
typedef struct ckpt_stage {
    const char *uid, *shape;
    int64_t watermark;
    uint32_t n, cap;
    ckpt_state_t *entries;
} ckpt_stage_t;

typedef struct ckpt_source {
    const char *table;
    uint64_t rows;           /* rows of the table processed (a resumed run skips them) */
} ckpt_source_t;

/* A Kafka source's partition: the next record to read is at offset, of
 * which the first `skip` rows were processed (a record that decodes into
 * several rows, cut by the barrier); offset may be logical (-2 earliest,
 * -1 latest, -1000 the group's) for a partition that delivered nothing. */
typedef struct ckpt_kafka_offset {
    const char *table, *topic;
    int32_t partition;
    int64_t offset;
    uint32_t skip;
} ckpt_kafka_offset_t;

/* A Kafka sink with 'exactly-once': its producer's transactional.id and
 * how many transactions it had committed when the checkpoint was taken. */
typedef struct ckpt_kafka_txn {
    const char *table, *transactional_id;
    uint64_t committed;
} ckpt_kafka_txn_t;

/* A filesystem sink under checkpoints: its part files committed with this
 * checkpoint (the next part's number). */
typedef struct ckpt_file_parts {
    const char *table;
    uint64_t committed;
} ckpt_file_parts_t;

typedef struct ckpt_image {
    uint64_t id;
    uint32_t flags;          /* CKPT_FLAG_SAVEPOINT */
    uint32_t nsources, ncalls, capsources, capcalls;
    ckpt_source_t *sources;
    ckpt_call_t *calls;
    arena_t arena;
    uint32_t nstages, capstages;
    ckpt_stage_t *stages;
    uint32_t noffsets, capoffsets, ntxns, captxns;   /* version 2 */
    ckpt_kafka_offset_t *offsets;
    ckpt_kafka_txn_t *txns;
    uint32_t nparts, capparts;
    ckpt_file_parts_t *parts;
} ckpt_image_t;

uint32_t ckpt_crc32c(uint32_t crc, const void *data, size_t len);

/* ---- building and encoding ---- */

void ckpt_image_init(ckpt_image_t *img, uint64_t id, uint32_t flags);
void ckpt_image_free(ckpt_image_t *img);
void ckpt_add_source(ckpt_image_t *img, const char *table, uint64_t rows);
/* A call; entries (name, kind, type) are copied. Returns it for add_state/add_timer. */
ckpt_call_t *ckpt_add_call(ckpt_image_t *img, const char *uid, const char *function, int64_t watermark,
                           uint32_t nentries);
void ckpt_call_set_entry(ckpt_image_t *img, ckpt_call_t *c, uint32_t i, const char *name, uint8_t kind,
                         const char *type);
void ckpt_add_state(ckpt_image_t *img, ckpt_call_t *c, uint32_t entry, const void *key, uint32_t klen,
                    int64_t written_ms, const void *value, uint32_t vlen);
void ckpt_add_timer(ckpt_image_t *img, ckpt_call_t *c, const void *key, uint32_t klen, const char *name,
                    int64_t time);
void ckpt_add_sorted(ckpt_image_t *img, ckpt_call_t *c, uint32_t table, const void *row, uint32_t len);
void ckpt_add_normalized(ckpt_image_t *img, ckpt_call_t *c, uint32_t table, const void *row, uint32_t len);
ckpt_stage_t *ckpt_add_stage(ckpt_image_t *img, const char *uid, const char *shape, int64_t watermark);
void ckpt_stage_add(ckpt_image_t *img, ckpt_stage_t *st, const void *key, uint32_t klen, int64_t written_ms,
                    const void *value, uint32_t vlen);
void ckpt_add_kafka_offset(ckpt_image_t *img, const char *table, const char *topic, int32_t partition, int64_t offset,
                           uint32_t skip);
void ckpt_add_kafka_txn(ckpt_image_t *img, const char *table, const char *transactional_id, uint64_t committed);
void ckpt_add_file_parts(ckpt_image_t *img, const char *table, uint64_t committed);
/* The whole file (header, body, checksum) appended to out. */
void ckpt_encode(const ckpt_image_t *img, buf_t *out);

/* ---- encoding record by record, without an image ----
 * A checkpoint taken at a barrier goes straight from the stores into the
 * file's bytes (the snapshot is this copy): ckpt_enc_begin appends the
 * header and returns where the file starts in out; the records follow in
 * the order the format gives (SOURCE, KAFKA_OFFSET, KAFKA_TXN, FILE_PARTS,
 * then each CALL with its entries, STATE, TIMER, SORTED and NORMALIZED records; a CALL's
 * ckpt_enc_call_entry calls come right after it, nentries of them);
 * ckpt_enc_finish appends END, fills in the body length and appends the
 * checksum (it touches only out: the background writer runs it). */
size_t ckpt_enc_begin(buf_t *out, uint64_t id, uint32_t flags);
void ckpt_enc_source(buf_t *b, const char *table, uint64_t rows);
void ckpt_enc_kafka_offset(buf_t *b, const char *table, const char *topic, int32_t partition, int64_t offset,
                           uint32_t skip);
void ckpt_enc_kafka_txn(buf_t *b, const char *table, const char *transactional_id, uint64_t committed);
void ckpt_enc_file_parts(buf_t *b, const char *table, uint64_t committed);
void ckpt_enc_call(buf_t *b, const char *uid, const char *function, int64_t watermark, uint32_t nentries);
void ckpt_enc_call_entry(buf_t *b, const char *name, uint8_t kind, const char *type);
void ckpt_enc_state(buf_t *b, uint32_t entry, const void *key, uint32_t klen, int64_t written_ms, const void *value,
                    uint32_t vlen);
void ckpt_enc_timer(buf_t *b, const void *key, uint32_t klen, const char *name, int64_t time);
void ckpt_enc_sorted(buf_t *b, uint32_t table, const void *row, uint32_t len);
void ckpt_enc_normalized(buf_t *b, uint32_t table, const void *row, uint32_t len);
void ckpt_enc_finish(buf_t *out, size_t start);

/* ---- decoding ---- */

/* Parses a whole file into img (initialised here; free it even on error).
 * -1 with a message naming what is wrong: too short (torn), bad magic,
 * unknown version, length mismatch (torn), checksum mismatch, bad record. */
int ckpt_decode(const void *data, size_t len, ckpt_image_t *img, char *err, size_t errlen);

const ckpt_call_t *ckpt_find_call(const ckpt_image_t *img, const char *uid);
const ckpt_stage_t *ckpt_find_stage(const ckpt_image_t *img, const char *uid);
/* Rows processed of a table; 0 when the checkpoint does not name it. */
uint64_t ckpt_source_rows(const ckpt_image_t *img, const char *table);
/* Whether the checkpoint holds Kafka partitions of a table (its rows are then not skipped: its offsets say where). */
bool ckpt_has_kafka_offsets(const ckpt_image_t *img, const char *table);
/* A sink table's transaction record; NULL when there is none. */
const ckpt_kafka_txn_t *ckpt_find_kafka_txn(const ckpt_image_t *img, const char *table);
/* A filesystem sink table's parts committed; 0 when the checkpoint does not name it. */
uint64_t ckpt_file_parts(const ckpt_image_t *img, const char *table);

#endif

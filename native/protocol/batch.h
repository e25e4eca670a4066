/* batch.h - the batch protocol between the PTF operator and the Java half
 * ("batch_"): the bytes of the one JNI call per batch (layout and rules:
 * docs/internals.md, "The runtime hand-off").
 *
 * C encodes a batch (header, key table, records) and decodes Java's answer
 * into a typed list of messages; the Java half of the same format is
 * io.ptfhost.bridge.runtime.BatchProtocol (constants and batch reading) and
 * Messages (answer writing). tests/vectors/batch.txt holds vectors that both
 * test suites check, so the two halves cannot drift.
 *
 * A batch:  u32 BATCH_MAGIC, u32 nkeys, u32 nrecords,
 *           key table (nkeys x nentries cells: u8 present [u32 len, bytes]),
 *           nrecords records (EVAL, TIMER, WATERMARK).
 * An answer: u32 BATCH_MAGIC, tagged messages, END last.
 * All integers little-endian; an i64 of INT64_MIN is null.
 *
 * The module knows bytes, not meaning: a row or state value is opaque here
 * (types/codec.h encodes them), and what a message does to state and timers
 * is the operator's business (engine/operator.c). It depends on util/ and
 * types/value.h only.
 *
 * Ownership: encoders append to a caller's buf_t. A decoded answer's messages
 * point into the answer's bytes (row, value, text) and into the answer
 * struct (timer names): valid until the bytes change or the next decode.
 * Not thread-safe; no global state. */
#ifndef PTF_BATCH_H
#define PTF_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "types/value.h"
#include "util/arena.h"
#include "util/buf.h"

#define BATCH_MAGIC 0x42465450u        /* "PTFB" read as little-endian bytes 50 54 46 42 */
#define BATCH_NO_KEY 0xFFFFFFFFu       /* key slot of a record without a key (no keyed state) */
#define BATCH_NO_TABLE 0xFFFFu         /* table index of an EVAL without a table argument */
#define BATCH_UNNAMED 0xFFFFu          /* name length of an unnamed timer */
#define BATCH_NAME_MAX 0xFFFEu         /* longest timer name, in UTF-8 bytes */
#define BATCH_HEADER_SIZE 12u

/* Record types of a batch (C -> Java). */
typedef enum batch_record_type {
    BATCH_REC_EVAL = 1,        /* u32 key_slot, u16 table, u8 row_kind, i64 watermark,
                                  i64 table_watermark, i64 time, u32 len, row bytes */
    BATCH_REC_TIMER = 2,       /* u32 key_slot, i64 time, i64 watermark, u16 name_len, name */
    BATCH_REC_WATERMARK = 3,   /* i64 watermark */
    BATCH_REC_WRITEBACK = 4,   /* (nothing): Java sends STATE for every held cell of the key table and lets go */
} batch_record_type_t;

/* Key-table cell presence: 0 absent, 1 u32 len + value, or BATCH_CELL_HOLDABLE:
 * Java may keep the value as an object between batches; u32 key id (stable
 * for the run), then u8 0 | 1 (u32 len, value) | BATCH_CELL_HELD (Java holds it). */
#define BATCH_CELL_HOLDABLE 2u
#define BATCH_CELL_HELD 2u

/* Message tags of an answer (Java -> C). */
typedef enum batch_msg_type {
    BATCH_MSG_END = 0,               /* u32 consumed */
    BATCH_MSG_OUT = 1,               /* u32 record, u8 row_kind, u32 len, row bytes */
    BATCH_MSG_TIMER_SET = 2,         /* u32 record, u32 key_slot, i64 time, u16 name_len, name */
    BATCH_MSG_TIMER_CLEAR = 3,       /* u32 key_slot, i64 time, u16 name_len, name */
    BATCH_MSG_TIMERS_CLEAR_ALL = 4,  /* u32 key_slot */
    BATCH_MSG_STATE = 5,             /* u32 key_slot, u16 entry, u8 present, [u32 len, value bytes] */
    BATCH_MSG_ERROR = 6,             /* u32 record, u32 len, UTF-8 text */
    BATCH_MSG_HELD = 7,              /* u32 key_slot, u16 entry: Java holds the value from now on */
} batch_msg_type_t;

/* "OUT", "TIMER_SET", ... ("?" for anything else). */
const char *batch_msg_name(int type);

/* ---- encoding a batch ----------------------------------------------------- */

/* Clears b and writes the header. The caller then writes nkeys x nentries
 * state cells (key by key, entries in signature order) and nrecords records. */
void batch_begin(buf_t *b, uint32_t nkeys, uint32_t nrecords);

/* One key-table cell: value NULL = absent. */
void batch_put_state(buf_t *b, const void *value, uint32_t len);

/* One holdable key-table cell of key id: held (Java has the value; value
 * ignored), else its value as in batch_put_state. */
void batch_put_holdable_state(buf_t *b, uint32_t key_id, bool held, const void *value, uint32_t len);

typedef struct batch_eval {
    uint32_t key_slot;         /* BATCH_NO_KEY: no key */
    uint16_t table;            /* BATCH_NO_TABLE: no table argument */
    row_kind_t kind;
    int64_t watermark;         /* the combined watermark visible to the call */
    int64_t table_watermark;   /* the row's input's watermark */
    int64_t time;              /* the row's on_time value */
} batch_eval_t;

/* An EVAL record up to its row: returns a mark for batch_end_row. The caller
 * appends the row's bytes (codec_encode_row), or nothing when there is no
 * table, then calls batch_end_row(b, mark), which fills in their length. */
size_t batch_put_eval(buf_t *b, const batch_eval_t *e);
void batch_end_row(buf_t *b, size_t mark);

/* A TIMER record; name NULL = unnamed. -1 (nothing written) when the name is
 * longer than BATCH_NAME_MAX bytes. */
int batch_put_timer(buf_t *b, uint32_t key_slot, int64_t time, int64_t watermark, const char *name, char *err,
                    size_t errlen);

void batch_put_watermark(buf_t *b, int64_t watermark);
void batch_put_writeback(buf_t *b);

/* ---- decoding an answer --------------------------------------------------- */

typedef struct batch_msg {
    batch_msg_type_t type;
    uint32_t record;            /* OUT, TIMER_SET, ERROR: the record's index in the batch */
    uint32_t key_slot;          /* TIMER_SET, TIMER_CLEAR, TIMERS_CLEAR_ALL, STATE, HELD */
    row_kind_t kind;            /* OUT */
    int64_t time;               /* TIMER_SET, TIMER_CLEAR (a named clear ignores it) */
    const char *name;           /* TIMER_SET, TIMER_CLEAR: NUL-terminated, NULL = unnamed */
    uint16_t entry;             /* STATE, HELD */
    bool present;               /* STATE: false = the entry is now absent */
    const unsigned char *data;  /* OUT: row bytes; STATE: value bytes; ERROR: text (no NUL) */
    uint32_t len;
    uint32_t consumed;          /* END: records processed */
} batch_msg_t;

/* What an answer is checked against: the batch it answers. */
typedef struct batch_shape {
    uint32_t nkeys;       /* key slots of the batch */
    uint32_t nrecords;
    uint32_t nentries;    /* state entries of the function */
} batch_shape_t;

/* The decoded messages, in wire order; the last one is END. */
typedef struct batch_answer {
    batch_msg_t *msgs;
    size_t n, cap;
    arena_t names;        /* copies of timer names */
} batch_answer_t;

void batch_answer_init(batch_answer_t *a);
void batch_answer_free(batch_answer_t *a);

/* Decodes data[0, len) into a (replacing what it held). Every field is bounds
 * checked: the magic, each message's length, record indices, key slots and
 * entries against shape, row kinds, presence bytes, names, exactly one END
 * and nothing after it. -1 with a message naming the message, its byte
 * offset and what is wrong; a then holds nothing. */
int batch_decode_answer(const void *data, size_t len, const batch_shape_t *shape, batch_answer_t *a, char *err,
                        size_t errlen);

#endif

/* codec.h - the binary value format shared by C and Java.
 *
 * Every value that crosses the bridge (input rows, state entries, outputs)
 * is written in this format; io.ptfhost.bridge.codec implements the same
 * bytes in Java, and tests/vectors/values.vec proves that both sides agree
 * for every SQL type. The format is type-directed: the schema is known on
 * both sides, so no type tags are written. Change it here, in the Java
 * codec and in the vectors in the same commit.
 *
 * Layout (all integers little-endian two's complement, no padding, no
 * alignment; u32 lengths and counts are at most 2^31 - 1 so Java can index
 * them):
 *
 *   value  := present:u8 body?        present 0 = NULL (no body), 1 = body
 *   row    := kind:u8 fields          kind = RowKind byte: 0 +I, 1 -U, 2 +U, 3 -D
 *   fields := nulls body*             one body per non-NULL field, in field order
 *   nulls  := ceil(n/8) bytes         bit i (byte i/8, mask 1 << (i%8)) set =
 *                                     element i is NULL; unused high bits are 0
 *
 *   type                       body
 *   BOOLEAN                    u8 0 or 1
 *   TINYINT / SMALLINT         i8 / i16
 *   INT / BIGINT               i32 / i64
 *   FLOAT / DOUBLE             IEEE-754 binary32 / binary64 bits
 *   DECIMAL(p, s)              the unscaled value (value * 10^s), |u| < 10^p:
 *                              p <= 18: i64; p > 18: i128 as 16 bytes, low half first
 *   CHAR / VARCHAR             len:u32, UTF-8 bytes
 *   BINARY / VARBINARY         len:u32, bytes
 *   DATE                       i32 days since 1970-01-01
 *   TIME(p)                    i64 nanoseconds of the day, 0 .. 86399999999999
 *   TIMESTAMP(p), TIMESTAMP_LTZ(p), TIMESTAMP(p) WITH TIME ZONE
 *                              p <= 3: i64 epoch milliseconds
 *                              p > 3:  i64 epoch milliseconds, i32 nanoseconds
 *                                      within the millisecond (0 .. 999999)
 *                              (TIMESTAMP: the wall clock read as UTC; as
 *                              Flink's compact TimestampData, p <= 3 drops
 *                              the sub-millisecond part; WITH TIME ZONE keeps
 *                              only the instant)
 *   INTERVAL YEAR TO MONTH     i32 months
 *   INTERVAL DAY TO SECOND     i64 milliseconds
 *   ARRAY<E>                   n:u32, nulls(n), element bodies
 *   MAP<K, V>                  n:u32, key nulls(n), value nulls(n), then per
 *                              entry: key body (if not NULL), value body (if not NULL)
 *   MULTISET<E>                as MAP<E, INT NOT NULL> (element -> count)
 *   ROW / STRUCTURED           fields (nested rows carry no kind)
 *   RAW                        len:u32, bytes (Java serialization of the object)
 *   NULL                       no body: a NULL-typed value is always NULL
 *   DESCRIPTOR                 as ARRAY<STRING NOT NULL>
 *
 * NOT NULL in a type changes nothing in the layout (a NULL bit is still
 * written), so a value that violates NOT NULL still round-trips and the
 * engine, not the codec, decides what to do with it.
 *
 * Decoding is bounds-checked: a truncated or corrupt buffer yields -1 and a
 * message naming the problem and its byte offset, never a read past the
 * end. Decoded variable-size data (strings, arrays, rows) is copied into the
 * caller's arena; the input buffer can be reused afterwards. A corrupt
 * count can make the decoder allocate at most 8 * sizeof(value_t) bytes per
 * input byte before it notices.
 *
 * Thread-safety: all functions are reentrant; buffers and arenas belong to
 * the caller. */
#ifndef PTF_CODEC_H
#define PTF_CODEC_H

#include <stddef.h>

#include "types/types.h"
#include "types/value.h"
#include "util/arena.h"
#include "util/buf.h"

/* Append `value` (present byte + body) for v of type t. Fails (-1, err set,
 * b unchanged) only if v does not fit t: a row with a different number of
 * fields, a DECIMAL beyond its precision, a TIME outside the day, nanos
 * outside 0..999999, a string longer than 2^31 - 1 bytes. */
int codec_encode_value(buf_t *b, const value_t *v, const type_t *t, char *err, size_t errlen);

/* Append `row` (kind byte + fields) for r, whose type is row_type (a ROW or
 * STRUCTURED type with r->n fields). Same failures as codec_encode_value. */
int codec_encode_row(buf_t *b, const row_t *r, const type_t *row_type, char *err, size_t errlen);

/* Decode one `value` of type t from p[0..len). On success returns 0, sets
 * *used to the bytes consumed (trailing bytes are left alone) and *out; on
 * a truncated or invalid buffer returns -1 with err set. */
int codec_decode_value(const void *p, size_t len, size_t *used, const type_t *t, arena_t *a, value_t *out,
                       char *err, size_t errlen);

/* Decode one `row` of type row_type; like codec_decode_value. */
int codec_decode_row(const void *p, size_t len, size_t *used, const type_t *row_type, arena_t *a, row_t *out,
                     char *err, size_t errlen);

/* Decode one `row` into room the caller provides: its kind into *kind and its
 * row_type->nfields fields into fields[0..nfields) (variable-size data still
 * goes to a, which a row of a flat type, row_type_is_flat, leaves alone).
 * Like codec_decode_row otherwise; on failure fields may be partly written. */
int codec_decode_row_into(const void *p, size_t len, size_t *used, const type_t *row_type, arena_t *a,
                          row_kind_t *kind, value_t *fields, char *err, size_t errlen);

#endif

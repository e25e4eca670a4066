/* value.h - typed SQL values in C, and rows.
 *
 * A value_t is interpreted against its type_t (the type is never stored in
 * the value). Variable-size payloads (strings, bytes, arrays, maps, nested
 * rows) live in an arena owned by whoever decoded or built the row: a source
 * reader's per-batch arena, the state store's per-entry arena, ... A value is
 * therefore valid exactly as long as that arena; copy it (value_copy) to keep it.
 *
 * Representation per type id:
 *   BOOLEAN                         b
 *   TINYINT..BIGINT                 i64
 *   FLOAT                           f32
 *   DOUBLE                          f64
 *   DECIMAL(p,s)                    dec = unscaled value (p <= 38 fits in 128 bits)
 *   CHAR/VARCHAR                    str (UTF-8, not NUL-terminated)
 *   BINARY/VARBINARY                str (raw bytes)
 *   DATE                            i64 = days since 1970-01-01
 *   TIME(p)                         i64 = nanoseconds of the day
 *   TIMESTAMP / _LTZ / _TZ          ts = epoch milliseconds (UTC wall time for TIMESTAMP)
 *                                        + nanoseconds within the millisecond (0..999999)
 *   INTERVAL_YM                     i64 = months
 *   INTERVAL_DT                     i64 = milliseconds
 *   ARRAY                           list
 *   MAP                             map
 *   MULTISET<E>                     map from E to INT NOT NULL counts
 *   ROW/STRUCTURED                  row fields by position
 *   RAW                             str (the Java object's serialized bytes)
 *   NULL                            always is_null
 *   DESCRIPTOR                      list of str (column names)
 * TIMESTAMP_TZ keeps the instant only (the offset is not stored).
 */
#ifndef PTF_VALUE_H
#define PTF_VALUE_H

#include <stdbool.h>
#include <stdint.h>

#include "types/types.h"
#include "util/arena.h"

/* Row kinds by their stable byte values (Flink's RowKind#toByteValue). */
typedef enum row_kind {
    ROW_INSERT = 0,          /* +I */
    ROW_UPDATE_BEFORE = 1,   /* -U */
    ROW_UPDATE_AFTER = 2,    /* +U */
    ROW_DELETE = 3,          /* -D */
} row_kind_t;

const char *row_kind_short(row_kind_t k);          /* "+I" ... */
const char *row_kind_name(row_kind_t k);           /* "INSERT" ... */
int row_kind_parse(const char *s, row_kind_t *out);/* accepts "+I" or "INSERT"; 0 or -1 */

typedef struct value value_t;

struct value {
    bool is_null;
    union {
        bool b;
        int64_t i64;
        float f32;
        double f64;
        __int128 dec;
        struct { int64_t millis; int32_t nanos; } ts;
        struct { const char *ptr; uint32_t len; } str;
        struct { value_t *items; uint32_t n; } list;             /* ARRAY */
        struct { value_t *keys; value_t *vals; uint32_t n; } map; /* MAP, MULTISET */
        struct { value_t *fields; uint32_t n; } row;              /* ROW, STRUCTURED */
    } u;
};

/* A row travelling through the engine: kind + top-level fields. */
typedef struct row {
    row_kind_t kind;
    uint32_t n;
    value_t *fields;
} row_t;

static inline value_t value_null(void) { value_t v = {0}; v.is_null = true; return v; }

/* Deep copy of v (of type t) into arena a. */
value_t value_copy(const value_t *v, const type_t *t, arena_t *a);
row_t row_copy(const row_t *r, const type_t *row_type, arena_t *a);
/* Whether a row of row_type holds no pointers (no string, binary, RAW or
 * nested field): copying its fields' value_t is a deep copy. */
bool row_type_is_flat(const type_t *row_type);

/* Equality as Java's equals on the external objects: FLOAT/DOUBLE compare
 * bit patterns (NaN equals NaN, -0.0 differs from 0.0), MAP/MULTISET ignore
 * entry order, two NULLs are equal. value_hash agrees with value_equals. */
bool value_equals(const value_t *x, const value_t *y, const type_t *t);
uint64_t value_hash(const value_t *v, const type_t *t, uint64_t seed);
/* Total order for sorting within one type (NULLs first), consistent with
 * value_equals: numbers by value (FLOAT/DOUBLE as Java's Double.compare),
 * strings and bytes by unsigned bytes (UTF-8 byte order, as Flink's
 * BinaryStringData), ARRAY/ROW lexicographically, MAP/MULTISET by size and
 * then by their entries sorted by key. Returns <0, 0 or >0. */
int value_compare(const value_t *x, const value_t *y, const type_t *t);

#endif

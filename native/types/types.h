/* types.h - Flink SQL logical types in C.
 *
 * One model for every type a table column, a PTF argument, a state entry or a
 * function output can have. Types are parsed from Flink's type-string grammar
 * (what users write in DDL and in @DataTypeHint, and what the Java half of the
 * bridge sends in signatures) and printed back in Flink's summary form
 * (LogicalType#asSummaryString), e.g.
 *     INT NOT NULL, STRING, VARCHAR(5), DECIMAL(10, 4), TIMESTAMP(3),
 *     TIMESTAMP_LTZ(3), ARRAY<DOUBLE>, MAP<STRING, INT>,
 *     ROW<`a` INT, `b` STRING>
 * The Java half has the same grammar (io.ptfhost.bridge.types); shared
 * vectors in tests/vectors/ prove both print the same strings.
 *
 * Ownership: a type_t tree is allocated with malloc by type_parse/type_new*
 * and freed with type_free; children are owned by their parent. Types are
 * immutable after construction and may be shared read-only across threads. */
#ifndef PTF_TYPES_H
#define PTF_TYPES_H

#include <stdbool.h>
#include <stddef.h>

typedef enum type_id {
    TYPE_BOOLEAN,
    TYPE_TINYINT,
    TYPE_SMALLINT,
    TYPE_INT,
    TYPE_BIGINT,
    TYPE_FLOAT,
    TYPE_DOUBLE,
    TYPE_DECIMAL,          /* precision 1..38, scale 0..precision */
    TYPE_CHAR,             /* precision = length */
    TYPE_VARCHAR,          /* precision = length; 2147483647 prints as STRING */
    TYPE_BINARY,
    TYPE_VARBINARY,        /* 2147483647 prints as BYTES */
    TYPE_DATE,
    TYPE_TIME,             /* precision = fractional seconds 0..9 */
    TYPE_TIMESTAMP,        /* TIMESTAMP(p) WITHOUT TIME ZONE */
    TYPE_TIMESTAMP_LTZ,    /* TIMESTAMP(p) WITH LOCAL TIME ZONE */
    TYPE_TIMESTAMP_TZ,     /* TIMESTAMP(p) WITH TIME ZONE */
    TYPE_INTERVAL_YM,      /* INTERVAL YEAR TO MONTH family; value = months;
                            * precision = year precision 1..4 (default 2) */
    TYPE_INTERVAL_DT,      /* INTERVAL DAY TO SECOND family; value = milliseconds;
                            * precision = day precision 1..6 (default 2),
                            * scale = fractional-second precision 0..9 (default 6) */
    TYPE_ARRAY,
    TYPE_MULTISET,
    TYPE_MAP,
    TYPE_ROW,
    TYPE_STRUCTURED,       /* a POJO: fields like ROW plus a Java class name */
    TYPE_RAW,
    TYPE_NULL,
    TYPE_DESCRIPTOR,       /* the on_time argument's column list */
} type_id_t;

/* Flink's interval resolutions (YearMonthResolution / DayTimeResolution);
 * stored in type_t.interval_unit. Only the units that Flink prints carry a
 * precision in the summary string: YEAR(p), DAY(p), SECOND(p). */
typedef enum type_interval_unit {
    TYPE_IU_YEAR,
    TYPE_IU_YEAR_TO_MONTH,
    TYPE_IU_MONTH,
    TYPE_IU_DAY,
    TYPE_IU_DAY_TO_HOUR,
    TYPE_IU_DAY_TO_MINUTE,
    TYPE_IU_DAY_TO_SECOND,
    TYPE_IU_HOUR,
    TYPE_IU_HOUR_TO_MINUTE,
    TYPE_IU_HOUR_TO_SECOND,
    TYPE_IU_MINUTE,
    TYPE_IU_MINUTE_TO_SECOND,
    TYPE_IU_SECOND,
} type_interval_unit_t;

/* Flink's TimestampKind: a TIMESTAMP / TIMESTAMP_LTZ column can be a time
 * attribute. Metadata only: it is printed (`TIMESTAMP(3) *ROWTIME*`) but
 * ignored by type_equals, as in Flink. The grammar has no syntax for it. */
typedef enum type_time_kind {
    TYPE_TK_REGULAR = 0,
    TYPE_TK_ROWTIME,
    TYPE_TK_PROCTIME,
} type_time_kind_t;

/* Length Flink uses for STRING (VARCHAR) and BYTES (VARBINARY). */
#define TYPE_MAX_LENGTH 2147483647

typedef struct type type_t;

typedef struct type_field {
    char *name;
    type_t *type;
    char *description;     /* optional ROW field comment, or NULL */
} type_field_t;

struct type {
    type_id_t id;
    bool nullable;
    int precision;         /* see type_id_t; -1 where not applicable */
    int scale;             /* DECIMAL scale; INTERVAL_DT fractional precision; else -1 */
    int interval_unit;     /* TYPE_INTERVAL_*: a type_interval_unit_t; else -1 */
    type_time_kind_t time_kind;  /* TIMESTAMP/TIMESTAMP_LTZ time attribute marker */
    type_t *elem;          /* ARRAY/MULTISET element; MAP key */
    type_t *value;         /* MAP value */
    int nfields;           /* ROW/STRUCTURED */
    type_field_t *fields;
    char *class_name;      /* STRUCTURED/RAW: Java class; else NULL */
    char *raw_snapshot;    /* RAW: serializer snapshot string as written; else NULL */
};

/* Parse a Flink type string (LogicalTypeParser's grammar: keywords are
 * case-insensitive, `quoted` identifiers use `` for a backtick, field names
 * that are keywords must be quoted, `t ARRAY` / `t MULTISET` / ROW(...) /
 * `t NULL` shortcuts, defaults CHAR(1) VARCHAR(1) BINARY(1) VARBINARY(1)
 * DECIMAL(10, 0) TIME(0) TIMESTAMP(6) TIMESTAMP_LTZ(6) INTERVAL YEAR(2)
 * INTERVAL DAY(2) .. SECOND(6)). Unlike Flink, user-defined type names,
 * LEGACY, VARIANT and BITMAP are rejected; RAW('class') without a snapshot is
 * accepted. On error returns NULL and writes
 *   "<what was expected> at position N: <text around it>"
 * into err (N is 1-based, counted in characters of s; the length of s + 1
 * for "end of input"). Range checks use Flink's messages, e.g.
 *   "Decimal precision must be between 1 and 38 (both inclusive) at position 9: DECIMAL(40, 2)" */
type_t *type_parse(const char *s, char *err, size_t errlen);

/* Parse from a length-bounded span (for the SQL parser). Same contract. */
type_t *type_parse_n(const char *s, size_t len, char *err, size_t errlen);

/* Flink's summary string (asSummaryString); caller frees. Field comments
 * print as '...', RAW snapshots as '...', time attributes as *ROWTIME*. */
char *type_to_string(const type_t *t);
/* Flink's serializable string (asSerializableString): VARCHAR(2147483647),
 * TIMESTAMP(3) WITH LOCAL TIME ZONE, comments in full; parses back to an
 * equal type. Caller frees. */
char *type_to_serializable_string(const type_t *t);

type_t *type_new(type_id_t id, bool nullable);   /* precision/scale -1, no children */
/* Append a field to a ROW/STRUCTURED type; takes ownership of ft; name and
 * description (may be NULL) are copied. */
void type_add_field(type_t *row, const char *name, type_t *ft, const char *description);
type_t *type_clone(const type_t *t);
void type_free(type_t *t);
/* Incl. nullability and field names; ignores field comments and time_kind
 * (comments do not change the data; Flink also ignores the time kind). */
bool type_equals(const type_t *a, const type_t *b);
bool type_equals_ignore_null(const type_t *a, const type_t *b);
const char *type_id_name(type_id_t id);                        /* "INT", "TIMESTAMP_LTZ", ... */
bool type_is_numeric(const type_t *t);
bool type_is_string(const type_t *t);                          /* CHAR/VARCHAR */
bool type_is_composite(const type_t *t);                       /* ROW or STRUCTURED */
int type_field_index(const type_t *row, const char *name);     /* -1 if absent; case-sensitive */

#endif

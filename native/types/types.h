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
    TYPE_INTERVAL_YM,      /* INTERVAL YEAR TO MONTH family; value = months */
    TYPE_INTERVAL_DT,      /* INTERVAL DAY TO SECOND family; value = milliseconds */
    TYPE_ARRAY,
    TYPE_MULTISET,
    TYPE_MAP,
    TYPE_ROW,
    TYPE_STRUCTURED,       /* a POJO: fields like ROW plus a Java class name */
    TYPE_RAW,
    TYPE_NULL,
    TYPE_DESCRIPTOR,       /* the on_time argument's column list */
} type_id_t;

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
    int scale;             /* DECIMAL scale; for intervals the Flink resolution */
    int interval_unit;     /* TYPE_INTERVAL_*: which of Flink's resolutions (types.c) */
    type_t *elem;          /* ARRAY/MULTISET element; MAP key */
    type_t *value;         /* MAP value */
    int nfields;           /* ROW/STRUCTURED */
    type_field_t *fields;
    char *class_name;      /* STRUCTURED/RAW: Java class; else NULL */
};

/* Parse a Flink type string. On error returns NULL and writes
 *   "<what was expected> at position N: <text around it>"
 * into err (N is 1-based, counted in characters of s). */
type_t *type_parse(const char *s, char *err, size_t errlen);

/* Parse from a length-bounded span (for the SQL parser). Same contract. */
type_t *type_parse_n(const char *s, size_t len, char *err, size_t errlen);

/* Flink's summary string; caller frees. */
char *type_to_string(const type_t *t);

type_t *type_new(type_id_t id, bool nullable);   /* precision/scale -1, no children */
type_t *type_clone(const type_t *t);
void type_free(type_t *t);
bool type_equals(const type_t *a, const type_t *b);           /* incl. nullability and names */
bool type_equals_ignore_null(const type_t *a, const type_t *b);
const char *type_id_name(type_id_t id);                        /* "INT", "TIMESTAMP_LTZ", ... */
bool type_is_numeric(const type_t *t);
bool type_is_string(const type_t *t);                          /* CHAR/VARCHAR */
bool type_is_composite(const type_t *t);                       /* ROW or STRUCTURED */
int type_field_index(const type_t *row, const char *name);     /* -1 if absent; case-sensitive */

#endif

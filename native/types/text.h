/* text.h - SQL values from and to text, as Flink's formats and casts read them
 * ("text_"): shared by the json and csv formats, literals and expressions.
 *
 * Each parser follows the Java method Flink calls, so that what Flink
 * accepts, rounds or rejects, we do too:
 *   Integer.parseInt / Long.parseLong   text_parse_long
 *   Double.parseDouble / Float.parse... text_parse_double / _float
 *   new BigDecimal(s) + DecimalData.fromBigDecimal (HALF_UP to the scale,
 *     NULL when the precision overflows)  text_parse_decimal
 *   ISO_LOCAL_DATE, Flink's SQL_TIME_FORMAT, SQL / ISO-8601 timestamps
 *                                        text_parse_date / _time / _timestamp
 *   Jackson's Base64 (MIME-NO-LINEFEEDS) text_base64_*
 * Parsers take a span (not NUL-terminated), return 0 or -1 and then write a
 * short reason ("not a valid DATE (expected yyyy-MM-dd)") into err. */
#ifndef PTF_TYPES_TEXT_H
#define PTF_TYPES_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/buf.h"

/* Long.parseLong semantics: optional sign, decimal digits, range [min, max]
 * (the caller's Java type). */
int text_parse_long(const char *s, size_t n, int64_t min, int64_t max, int64_t *out, char *err, size_t errlen);
/* Double.parseDouble: NaN, [+-]Infinity, decimal and hex floats, an optional
 * f/F/d/D suffix, surrounding whitespace. */
int text_parse_double(const char *s, size_t n, double *out, char *err, size_t errlen);
int text_parse_float(const char *s, size_t n, float *out, char *err, size_t errlen);

/* BigDecimal text -> DECIMAL(precision, scale), rounding HALF_UP. Returns 0
 * with *is_null set when the value does not fit the precision (Flink yields
 * NULL there, not an error); -1 for text that is not a number. */
int text_parse_decimal(const char *s, size_t n, int precision, int scale, __int128 *out, bool *is_null,
                            char *err, size_t errlen);

/* Trims ASCII whitespace as Java's String.trim() (chars <= ' '). */
void text_trim(const char **s, size_t *n);

/* Timestamp text layouts. */
typedef enum conn_ts_layout {
    TEXT_TS_SQL,              /* yyyy-MM-dd HH:mm:ss[.f]  (LTZ: ...Z)            */
    TEXT_TS_ISO_8601,         /* yyyy-MM-ddTHH:mm[:ss[.f]] (LTZ: ...Z)           */
    TEXT_TS_ISO_8601_OFFSET,  /* yyyy-MM-ddTHH:mm[:ss[.f]](Z|+hh:mm), to UTC     */
} text_ts_layout_t;

int text_parse_date(const char *s, size_t n, int64_t *epoch_day, char *err, size_t errlen);
/* HH:mm:ss[.fffffffff] -> nanos of day truncated to milliseconds (Flink's TIME). */
int text_parse_time(const char *s, size_t n, int64_t *nano_of_day, char *err, size_t errlen);
/* ltz selects the TIMESTAMP_LTZ variant (trailing Z / offset required). */
int text_parse_timestamp(const char *s, size_t n, text_ts_layout_t layout, bool ltz, int64_t *millis,
                              int32_t *nanos, char *err, size_t errlen);

/* Formatting as Flink's formats write: date yyyy-MM-dd, time HH:mm:ss,
 * timestamps with the fraction's trailing zeros removed (none when zero). */
void text_put_date(buf_t *b, int64_t epoch_day);
void text_put_time(buf_t *b, int64_t nano_of_day);
void text_put_timestamp(buf_t *b, int64_t millis, int32_t nanos, text_ts_layout_t layout, bool ltz);

/* Standard alphabet with padding; decode rejects anything else. */
void text_base64_encode(buf_t *b, const unsigned char *p, size_t n);
int text_base64_decode(const char *s, size_t n, arena_t *a, const char **out, uint32_t *outlen, char *err,
                            size_t errlen);

/* "Failed to deserialize ..." messages quote the record; long lines are cut. */
void text_put_excerpt(buf_t *b, const char *s, size_t n, size_t max);

#endif

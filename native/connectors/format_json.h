/* format_json.h - Flink's `json` and `debezium-json` formats, one record per
 * line ("conn_json_").
 *
 * Decoding follows Flink 2.x's JsonParserToRowDataConverters (the default
 * since `decode.json-parser.enabled`): fields by name (case-sensitive;
 * unknown ones ignored; a missing one is NULL unless fail-on-missing-field),
 * lenient scalars (numeric strings into numeric columns, "true"/"TRUE" into
 * BOOLEAN and anything else false, a JSON number into a STRING column as its
 * text, an object or array into a STRING column as compact JSON), base64
 * BYTES, DATE yyyy-MM-dd, TIME HH:mm:ss[.SSS] (milliseconds kept), TIMESTAMP
 * in the SQL (`yyyy-MM-dd HH:mm:ss.SSS`) or ISO-8601 (`T`) layout with a
 * trailing `Z` for TIMESTAMP_LTZ, DECIMAL exactly from the number's text,
 * rounded HALF_UP to the scale and NULL when it overflows the precision
 * (Flink's DecimalData.fromBigDecimal), INT/BIGINT from a fractional number
 * truncated. With ignore-parse-errors a bad field becomes NULL and a line
 * that is not JSON is skipped. A line holding a top-level array yields one
 * row per element; an empty line or `null` yields none.
 *
 * Encoding writes what Flink's JsonRowDataSerializationSchema writes:
 * compact JSON, fields in schema order, DOUBLE/FLOAT via Java's toString,
 * NaN/Infinity as strings, DECIMAL via BigDecimal.toString (E-notation
 * possible) or plain with encode.decimal-as-plain-number, BYTES base64,
 * TIME HH:mm:ss, Jackson's string escaping.
 *
 * debezium-json: {"before":..,"after":..,"op":"c|r|u|d"} (or wrapped in
 * {"schema":..,"payload":..} with schema-include) decodes to +I, -U and +U,
 * -D; a null/empty message (tombstone) yields no row. Encoding writes +I/+U
 * as op "c" and -U/-D as op "d", as Flink does.
 *
 * Ownership: a codec borrows its row type (it must outlive the codec);
 * decoded strings, bytes, arrays and maps live in the caller's arena. */
#ifndef PTF_FORMAT_JSON_H
#define PTF_FORMAT_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "types/text.h"
#include "catalog/catalog.h"
#include "types/types.h"
#include "types/value.h"
#include "util/arena.h"
#include "util/buf.h"

typedef enum conn_json_null_key_mode {
    CONN_JSON_NULL_KEY_FAIL,
    CONN_JSON_NULL_KEY_DROP,
    CONN_JSON_NULL_KEY_LITERAL,
} conn_json_null_key_mode_t;

typedef struct conn_json_options {
    bool fail_on_missing_field;           /* json.fail-on-missing-field (false) */
    bool ignore_parse_errors;             /* json.ignore-parse-errors (false) */
    text_ts_layout_t timestamp_format;    /* json.timestamp-format.standard (SQL) */
    conn_json_null_key_mode_t map_null_key_mode;   /* json.map-null-key.mode (FAIL) */
    char map_null_key_literal[64];        /* json.map-null-key.literal ("null") */
    bool encode_decimal_as_plain_number;  /* json.encode.decimal-as-plain-number (false) */
    bool encode_ignore_null_fields;       /* json.encode.ignore-null-fields (false) */
    bool debezium;                        /* format = debezium-json */
    bool debezium_schema_include;         /* debezium-json.schema-include (false) */
} conn_json_options_t;

/* Reads `<prefix>.*` options (prefix "json" or "debezium-json") and checks
 * them with Flink's messages, e.g.
 *   "fail-on-missing-field and ignore-parse-errors shouldn't both be true." */
int conn_json_options_parse(conn_json_options_t *o, const char *prefix, const catalog_option_t *opts, int nopts,
                            char *err, size_t errlen);

typedef struct conn_json conn_json_t;

/* NULL with err set when the row type holds something JSON cannot carry
 * (a MAP whose key is not a string, RAW). */
conn_json_t *conn_json_new(const type_t *row_type, const conn_json_options_t *o, char *err, size_t errlen);
void conn_json_free(conn_json_t *j);

/* On (the default), a line that is one object is read member by member,
 * without its tree; off, every line is read into a tree first. The rows and
 * the messages are the same: off is for the tests that show it. */
void conn_json_read_members(conn_json_t *j, bool on);

/* Decodes one line into *nrows rows (an array in arena a). Returns 0, or -1
 * with err = "<what> at <file>:<line>: <text>: <reason>". A skipped bad
 * line (ignore-parse-errors) returns 0 with *nrows = 0 and *skipped = true. */
int conn_json_decode(conn_json_t *j, const char *line, size_t len, const char *file, long lineno, row_t **rows,
                     size_t *nrows, bool *skipped, arena_t *a, char *err, size_t errlen);

/* Appends one JSON line (with '\n'). -1 only for a NULL map key in FAIL mode. */
int conn_json_encode(conn_json_t *j, const row_t *row, buf_t *out, char *err, size_t errlen);

#endif

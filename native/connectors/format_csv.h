/* format_csv.h - Flink's `csv` format, one record per line ("conn_csv_").
 *
 * Decoding maps columns by position (RFC 4180 quoting with the configured
 * quote character, doubled quotes inside quotes, an optional escape
 * character), then converts each text as Flink's CsvToRowDataConverters:
 * numbers and BOOLEAN from trimmed text, STRING as is, BYTES base64, DATE
 * yyyy-MM-dd, TIME HH:mm[:ss[.SSS]], TIMESTAMP yyyy-MM-dd HH:mm:ss[.SSS]
 * (TIMESTAMP_LTZ with a trailing Z), DECIMAL exactly (NULL on precision
 * overflow), ARRAY and nested ROW as csv.array-element-delimiter separated
 * parts. A field equal to csv.null-literal is NULL. A line with the wrong
 * number of fields fails ("Row length mismatch. 3 fields expected but was
 * 2.") unless csv.ignore-parse-errors, which also turns a bad field into
 * NULL. Empty lines and, with csv.allow-comments, lines starting with '#'
 * carry no row. A quoted field cannot span lines (records are lines here).
 *
 * Encoding writes Flink's CsvRowDataSerializationSchema text: fields joined
 * by the delimiter, quoted when they hold the delimiter, the quote, CR/LF or
 * start with '#', NULL as the null literal (else empty), DOUBLE/FLOAT via
 * Java's toString, DECIMAL via BigDecimal.toString unless
 * csv.write-bigdecimal-in-scientific-notation is false.
 *
 * Ownership as format_json.h: the row type is borrowed, decoded values live
 * in the caller's arena. */
#ifndef PTF_FORMAT_CSV_H
#define PTF_FORMAT_CSV_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog/catalog.h"
#include "types/types.h"
#include "types/value.h"
#include "util/arena.h"
#include "util/buf.h"

typedef struct conn_csv_options {
    char field_delimiter;          /* csv.field-delimiter (',') */
    int quote_character;           /* csv.quote-character ('"'); -1 with disable-quote-character */
    bool allow_comments;           /* csv.allow-comments (false) */
    bool ignore_parse_errors;      /* csv.ignore-parse-errors (false) */
    char array_element_delimiter[16];   /* csv.array-element-delimiter (";") */
    int escape_character;          /* csv.escape-character (-1 = none) */
    bool has_null_literal;
    char null_literal[64];         /* csv.null-literal */
    bool bigdecimal_scientific;    /* csv.write-bigdecimal-in-scientific-notation (true) */
} conn_csv_options_t;

int conn_csv_options_parse(conn_csv_options_t *o, const catalog_option_t *opts, int nopts, char *err, size_t errlen);

typedef struct conn_csv conn_csv_t;

/* NULL with err set for a type CSV cannot carry (MAP, MULTISET, RAW). */
conn_csv_t *conn_csv_new(const type_t *row_type, const conn_csv_options_t *o, char *err, size_t errlen);
void conn_csv_free(conn_csv_t *c);

/* 1 = a row, 0 = no row (empty/comment line, or skipped with *skipped set),
 * -1 = error ("malformed CSV at <file>:<line>: <text>: <reason>"). */
int conn_csv_decode(conn_csv_t *c, const char *line, size_t len, const char *file, long lineno, row_t *row,
                    bool *skipped, arena_t *a, char *err, size_t errlen);

int conn_csv_encode(conn_csv_t *c, const row_t *row, buf_t *out, char *err, size_t errlen);

#endif

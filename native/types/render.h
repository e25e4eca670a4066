/* render.h - values as text, exactly as Java and Flink print them.
 *
 * Two families of text, because Flink itself has two:
 *
 * 1. Row.toString() of the *external* Java objects (render_row,
 *    render_value). This is what Flink's `print` connector writes and what a
 *    PTF developer sees in logs: `+I[1, a]`, nulls as `null`, DOUBLE via
 *    Double.toString, DECIMAL via BigDecimal.toString (scale kept, E-notation
 *    for small magnitudes), TIMESTAMP via LocalDateTime.toString (zero seconds
 *    dropped), TIMESTAMP_LTZ via Instant.toString, BYTES as `[1, -2]`, ARRAY
 *    as `[..]`, nested ROW as `+I[..]`, MAP as `{k=v, ..}`.
 *    Maps: Flink converts a MAP to a java.util.HashMap before printing
 *    (MapMapConverter.toExternal), so entries appear in HashMap iteration
 *    order, not in insertion order. render_value reproduces that order from
 *    the Java hashCode of each key (String, boxed numbers, BigDecimal,
 *    java.time values, Row). Keys whose Java hash is identity-based (BYTES,
 *    ARRAY, RAW, STRUCTURED) have no reproducible order even in Java; they
 *    print in insertion order. A HashMap bin that Java turns into a tree
 *    (nine or more colliding keys in a table of 64+ buckets) may iterate
 *    differently from ours; such maps are astronomically unlikely in data.
 *
 * 2. SQL CAST(x AS STRING) in printing mode (render_sql_value): the text the
 *    SQL client's tableau view shows in a cell. BOOLEAN is TRUE/FALSE,
 *    TIMESTAMP(p) is `yyyy-MM-dd HH:mm:ss.fff` padded to p digits, DECIMAL is
 *    toPlainString, BYTES is x'0102', ROW is (a, b), MAP keeps entry order,
 *    a NULL inside a composite is `null` (the caller shows a top-level NULL
 *    as <NULL>).
 *
 * Double.toString / Float.toString follow the JDK 17 algorithm
 * (sun.misc.FloatingDecimal), which is what Flink on Java 11/17 prints. It
 * is not always the shortest round-trip text: e.g. 2^60 prints as
 * 1.15292150460684698E18 and 2.0E-3 is written 0.002. JDK 19+ switched to
 * the shortest representation (JDK-4511638); those JVMs print a few values
 * differently. tests/vectors/render/ holds Java-generated vectors.
 *
 * Everything here appends to a caller's buf_t and never fails; values are
 * only read. Thread-safe (no global state). */
#ifndef PTF_RENDER_H
#define PTF_RENDER_H

#include <stdbool.h>
#include <stdint.h>

#include "types/types.h"
#include "types/value.h"
#include "util/buf.h"

/* ---- Row.toString() family --------------------------------------------- */

/* `+I[f1, f2, ...]` : the row's kind in short form, then its fields. */
void render_row(buf_t *b, const row_t *r, const type_t *row_type);

/* String.valueOf(external object) as it appears inside Row.toString(). */
void render_value(buf_t *b, const value_t *v, const type_t *t);

/* ---- SQL cast-to-string (tableau cells) --------------------------------- */

/* Session time zone for TIMESTAMP_LTZ: offset of local time from UTC in
 * seconds at the given instant. NULL means UTC. */
typedef struct render_zone {
    int32_t (*offset_seconds)(int64_t epoch_millis, void *ctx);
    void *ctx;
} render_zone_t;

/* CAST(v AS STRING) in printing mode; a NULL v renders as `null`. */
void render_sql_value(buf_t *b, const value_t *v, const type_t *t, const render_zone_t *zone);

/* ---- Java leaf renderers ------------------------------------------------ */

void render_java_double(buf_t *b, double d);    /* Double.toString (JDK 17) */
void render_java_float(buf_t *b, float f);      /* Float.toString (JDK 17) */
/* BigDecimal.toString / toPlainString of unscaled * 10^-scale (scale >= 0). */
void render_big_decimal(buf_t *b, __int128 unscaled, int scale);
void render_big_decimal_plain(buf_t *b, __int128 unscaled, int scale);
void render_int128(buf_t *b, __int128 v);       /* decimal digits, '-' if negative */

void render_local_date(buf_t *b, int64_t epoch_day);                  /* LocalDate.toString */
void render_local_time(buf_t *b, int64_t nano_of_day);                /* LocalTime.toString */
void render_local_date_time(buf_t *b, int64_t millis, int32_t nanos); /* LocalDateTime.toString */
void render_instant(buf_t *b, int64_t millis, int32_t nanos);         /* Instant.toString */
void render_duration_millis(buf_t *b, int64_t millis);                /* Duration.ofMillis(x).toString */
/* Period.toString of Flink's Period for an INTERVAL YEAR/MONTH value. */
void render_period(buf_t *b, int64_t months, int interval_unit);

/* The Java hashCode of v's external object, as HashMap uses it. Returns
 * false (and *hash undefined) when Java's hash is identity-based, i.e. not
 * reproducible: BYTES, ARRAY, RAW, STRUCTURED, or a composite containing one
 * where Java would use the identity. NULL hashes to 0. */
bool render_java_hash(const value_t *v, const type_t *t, int32_t *hash);

/* Iteration order of a java.util.HashMap built by putting the map's entries
 * in storage order: order[i] is the storage index of the i-th printed entry.
 * Later duplicates of an equal key replace the value but keep the first
 * position; *n_out is the number of distinct keys. Falls back to storage
 * order (minus duplicates) when a key hash is not reproducible.
 * order must hold map->u.map.n entries. */
void render_hashmap_order(const value_t *map, const type_t *map_type,
                          uint32_t *order, uint32_t *n_out);

/* ---- calendar helpers (proleptic Gregorian, as java.time) --------------- */

void render_civil_from_days(int64_t epoch_day, int64_t *year, int *month, int *day);
int64_t render_days_from_civil(int64_t year, int month, int day);

#endif

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
 *    Maps print in java.util.HashMap iteration order (see java_hash.h).
 *
 * 2. SQL CAST(x AS STRING) in printing mode (render_sql_value): the text the
 *    SQL client's tableau view shows in a cell. BOOLEAN is TRUE/FALSE,
 *    TIMESTAMP(p) is `yyyy-MM-dd HH:mm:ss.fff` padded to p digits, DECIMAL is
 *    toPlainString, BYTES is x'0102', ROW is (a, b), a STRUCTURED type
 *    {name=a, age=b} (StructuredToStringCastRule), MAP keeps entry order
 *    (a MAP from Java arrives in the Map's iteration order, which Flink's
 *    MapMapConverter keeps too), a NULL inside a composite is NULL (the
 *    caller shows a top-level NULL as <NULL>).
 *
 * The leaf texts live in their own modules: java_number.h (Double, Float,
 * BigDecimal), java_time.h (java.time values), java_hash.h (HashMap order),
 * calendar.h (the date arithmetic both families share).
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

#endif

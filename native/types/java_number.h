/* java_number.h - numbers as Java prints them ("jnum_"): Double.toString,
 * Float.toString and BigDecimal.toString / toPlainString.
 *
 * Double.toString / Float.toString follow the JDK 17 algorithm
 * (sun.misc.FloatingDecimal), which is what Flink on Java 11/17 prints. It
 * is not always the shortest round-trip text: e.g. 2^60 prints as
 * 1.15292150460684698E18 and 2.0E-3 is written 0.002. JDK 19+ switched to
 * the shortest representation (JDK-4511638); those JVMs print a few values
 * differently. tests/vectors/render/ holds Java-generated vectors.
 *
 * Everything appends to a caller's buf_t and never fails. Thread-safe. */
#ifndef PTF_JAVA_NUMBER_H
#define PTF_JAVA_NUMBER_H

#include "util/buf.h"

void jnum_double(buf_t *b, double d);    /* Double.toString (JDK 17) */
void jnum_float(buf_t *b, float f);      /* Float.toString (JDK 17) */
/* BigDecimal.toString / toPlainString of unscaled * 10^-scale (scale >= 0). */
void jnum_big_decimal(buf_t *b, __int128 unscaled, int scale);
void jnum_big_decimal_plain(buf_t *b, __int128 unscaled, int scale);
void jnum_int128(buf_t *b, __int128 v);  /* decimal digits, '-' if negative */

#endif

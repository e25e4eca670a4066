/* duration.h - Flink's duration option values ("duration_").
 *
 * '200 ms', '5 s', '1 min', '2 h', '1 d' (Flink's TimeUtils units, any
 * case), or a bare number of milliseconds. */
#ifndef PTF_DURATION_H
#define PTF_DURATION_H

/* Milliseconds, or -1 when s is not such a value (negative, an unknown
 * unit, trailing text, more milliseconds than a long long holds). */
long long duration_parse_ms(const char *s);

#endif

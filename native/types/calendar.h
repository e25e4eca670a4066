/* calendar.h - proleptic Gregorian arithmetic, as java.time and Flink's
 * DateTimeUtils count ("cal_"): epoch days <-> civil dates, and the floor
 * division that splits epoch milliseconds into day and time of day.
 * Pure functions; thread-safe. */
#ifndef PTF_CALENDAR_H
#define PTF_CALENDAR_H

#include <stdint.h>

#include "util/buf.h"

/* Java's Math.floorDiv / floorMod (b > 0 or b < 0; never 0). */
int64_t cal_floor_div(int64_t a, int64_t b);
int64_t cal_floor_mod(int64_t a, int64_t b);

void cal_civil_from_days(int64_t epoch_day, int64_t *year, int *month, int *day);
int64_t cal_days_from_civil(int64_t year, int month, int day);

/* A date or time field as two digits (0 <= v < 100). */
void cal_put2(buf_t *b, int v);

#endif

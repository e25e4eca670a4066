/* java_time.h - java.time values' toString ("jtime_"): LocalDate,
 * LocalTime, LocalDateTime, Instant, Duration and Flink's Period for an
 * INTERVAL YEAR TO MONTH. Appends to a caller's buf_t; never fails;
 * thread-safe. */
#ifndef PTF_JAVA_TIME_H
#define PTF_JAVA_TIME_H

#include <stdint.h>

#include "util/buf.h"

void jtime_local_date(buf_t *b, int64_t epoch_day);                  /* LocalDate.toString */
void jtime_local_time(buf_t *b, int64_t nano_of_day);                /* LocalTime.toString */
void jtime_local_date_time(buf_t *b, int64_t millis, int32_t nanos); /* LocalDateTime.toString */
void jtime_instant(buf_t *b, int64_t millis, int32_t nanos);         /* Instant.toString */
void jtime_duration_millis(buf_t *b, int64_t millis);                /* Duration.ofMillis(x).toString */

/* The Period (years, months) Flink's YearMonthIntervalPeriodConverter makes
 * of an INTERVAL YEAR/MONTH value: it depends on the resolution
 * (TYPE_IU_YEAR, TYPE_IU_MONTH, else YEAR TO MONTH). */
void jtime_period_of(int64_t months, int interval_unit, int32_t *years, int32_t *mons);
void jtime_period(buf_t *b, int64_t months, int interval_unit);      /* Period.toString */

#endif

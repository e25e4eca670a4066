/* java_time.c - see java_time.h. */
#include "types/java_time.h"

#include <stdio.h>

#include "types/calendar.h"
#include "types/types.h"

void jtime_local_date(buf_t *b, int64_t epoch_day)
{
    int64_t y;
    int m, d;
    cal_civil_from_days(epoch_day, &y, &m, &d);
    int64_t ay = y < 0 ? -y : y;
    if (ay < 1000) {
        if (y < 0) buf_putc(b, '-');
        buf_printf(b, "%04lld", (long long)ay);
    } else {
        if (y > 9999) buf_putc(b, '+');
        buf_printf(b, "%lld", (long long)y);
    }
    buf_putc(b, '-');
    cal_put2(b, m);
    buf_putc(b, '-');
    cal_put2(b, d);
}

/* Fraction of a second in groups of three digits, as LocalTime/Instant print it. */
static void put_nano_groups(buf_t *b, int32_t nano)
{
    if (nano % 1000000 == 0) buf_printf(b, ".%03d", nano / 1000000);
    else if (nano % 1000 == 0) buf_printf(b, ".%06d", nano / 1000);
    else buf_printf(b, ".%09d", nano);
}

void jtime_local_time(buf_t *b, int64_t nano_of_day)
{
    int64_t secs = nano_of_day / 1000000000;
    int32_t nano = (int32_t)(nano_of_day % 1000000000);
    int h = (int)(secs / 3600), mi = (int)(secs / 60 % 60), s = (int)(secs % 60);
    cal_put2(b, h);
    buf_putc(b, ':');
    cal_put2(b, mi);
    if (s > 0 || nano > 0) {
        buf_putc(b, ':');
        cal_put2(b, s);
        if (nano > 0) put_nano_groups(b, nano);
    }
}

void jtime_local_date_time(buf_t *b, int64_t millis, int32_t nanos)
{
    int64_t day = cal_floor_div(millis, 86400000);
    int64_t ms_of_day = cal_floor_mod(millis, 86400000);
    jtime_local_date(b, day);
    buf_putc(b, 'T');
    jtime_local_time(b, ms_of_day * 1000000 + nanos);
}

void jtime_instant(buf_t *b, int64_t millis, int32_t nanos)
{
    const int64_t SECONDS_PER_10000_YEARS = 146097LL * 25 * 86400;
    const int64_t SECONDS_0000_TO_1970 = (146097LL * 5 - (30LL * 365 + 7)) * 86400;
    int64_t in_secs = cal_floor_div(millis, 1000);
    int32_t in_nano = (int32_t)(cal_floor_mod(millis, 1000) * 1000000 + nanos);
    int64_t lo_secs;
    buf_t ldt = BUF_INIT;
    if (in_secs >= -SECONDS_0000_TO_1970) {
        int64_t zero_secs = in_secs - SECONDS_PER_10000_YEARS + SECONDS_0000_TO_1970;
        int64_t hi = cal_floor_div(zero_secs, SECONDS_PER_10000_YEARS) + 1;
        lo_secs = cal_floor_mod(zero_secs, SECONDS_PER_10000_YEARS) - SECONDS_0000_TO_1970;
        if (hi > 0) buf_printf(b, "+%lld", (long long)hi);
        jtime_local_date_time(&ldt, lo_secs * 1000, 0);
        buf_append(b, ldt.data, ldt.len);
    } else {
        int64_t zero_secs = in_secs + SECONDS_0000_TO_1970;
        int64_t hi = zero_secs / SECONDS_PER_10000_YEARS;
        int64_t lo = zero_secs % SECONDS_PER_10000_YEARS;
        lo_secs = lo - SECONDS_0000_TO_1970;
        jtime_local_date_time(&ldt, lo_secs * 1000, 0);
        int64_t y;
        int m, d;
        cal_civil_from_days(cal_floor_div(lo_secs, 86400), &y, &m, &d);
        const char *s = buf_cstr(&ldt);
        if (hi < 0) {
            if (y == -10000) {
                buf_printf(b, "%lld%s", (long long)(hi - 1), s + 2);
            } else if (lo == 0) {
                buf_printf(b, "%lld%s", (long long)hi, s);
            } else {
                buf_putc(b, s[0]);
                buf_printf(b, "%lld%s", (long long)(hi < 0 ? -hi : hi), s + 1);
            }
        } else {
            buf_puts(b, s);
        }
    }
    buf_free(&ldt);
    if (cal_floor_mod(lo_secs, 60) == 0) buf_puts(b, ":00");
    if (in_nano > 0) {
        /* ISO_INSTANT prints the fraction in groups of three digits */
        buf_putc(b, '.');
        int div = 100000000;
        for (int i = 0; in_nano > 0 || (i % 3) != 0; i++) {
            int digit = in_nano / div;
            buf_putc(b, (char)('0' + digit));
            in_nano -= digit * div;
            div /= 10;
        }
    }
    buf_putc(b, 'Z');
}

void jtime_duration_millis(buf_t *b, int64_t millis)
{
    int64_t seconds = cal_floor_div(millis, 1000);
    int32_t nanos = (int32_t)(cal_floor_mod(millis, 1000) * 1000000);
    if (seconds == 0 && nanos == 0) {
        buf_puts(b, "PT0S");
        return;
    }
    int64_t eff = seconds;
    if (seconds < 0 && nanos > 0) eff++;
    int64_t hours = eff / 3600;
    int minutes = (int)((eff % 3600) / 60);
    int secs = (int)(eff % 60);
    size_t start = b->len;
    buf_puts(b, "PT");
    if (hours != 0) buf_printf(b, "%lldH", (long long)hours);
    if (minutes != 0) buf_printf(b, "%dM", minutes);
    if (secs == 0 && nanos == 0 && b->len - start > 2) return;
    if (seconds < 0 && nanos > 0) {
        if (secs == 0) buf_puts(b, "-0");
        else buf_printf(b, "%d", secs);
    } else {
        buf_printf(b, "%d", secs);
    }
    if (nanos > 0) {
        char frac[16];
        int n = snprintf(frac, sizeof frac, "%d",
                         seconds < 0 ? 2 * 1000000000 - nanos : nanos + 1000000000);
        while (n > 0 && frac[n - 1] == '0') n--;
        frac[0] = '.';
        buf_append(b, frac, (size_t)n);
    }
    buf_putc(b, 'S');
}

/* Flink's YearMonthIntervalPeriodConverter: the Period depends on the resolution. */
void jtime_period_of(int64_t months, int unit, int32_t *years, int32_t *mons)
{
    int32_t m = (int32_t)months;
    switch (unit) {
    case TYPE_IU_YEAR: *years = m / 12; *mons = 0; break;
    case TYPE_IU_MONTH: *years = 0; *mons = m; break;
    default: *years = m / 12; *mons = m % 12; break;
    }
}

void jtime_period(buf_t *b, int64_t months, int interval_unit)
{
    int32_t y, m;
    jtime_period_of(months, interval_unit, &y, &m);
    if (y == 0 && m == 0) {
        buf_puts(b, "P0D");
        return;
    }
    buf_putc(b, 'P');
    if (y != 0) buf_printf(b, "%dY", y);
    if (m != 0) buf_printf(b, "%dM", m);
}

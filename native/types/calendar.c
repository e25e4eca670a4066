/* calendar.c - see calendar.h. */
#include "types/calendar.h"

int64_t cal_floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

/* From the remainder, as Java's Math.floorMod: a - floor(a / b) * b overflows near INT64_MIN. */
int64_t cal_floor_mod(int64_t a, int64_t b)
{
    int64_t m = a % b;
    return m != 0 && (m < 0) != (b < 0) ? m + b : m;
}

/* Howard Hinnant's civil calendar algorithms (public domain). */
void cal_civil_from_days(int64_t z, int64_t *year, int *month, int *day)
{
    z += 719468;
    int64_t era = cal_floor_div(z, 146097);
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t y = yoe + era * 400;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    int d = (int)(doy - (153 * mp + 2) / 5 + 1);
    int m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *year = y + (m <= 2);
    *month = m;
    *day = d;
}

int64_t cal_days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = cal_floor_div(y, 400);
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void cal_put2(buf_t *b, int v)
{
    buf_putc(b, (char)('0' + v / 10));
    buf_putc(b, (char)('0' + v % 10));
}

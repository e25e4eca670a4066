/* expr_func_time.c - temporal functions in the session time zone:
 * TO_TIMESTAMP_LTZ, TO_TIMESTAMP, TO_DATE, DATE_FORMAT, UNIX_TIMESTAMP,
 * FROM_UNIXTIME, EXTRACT and YEAR .. SECOND, FLOOR / CEIL (x TO unit),
 * TIMESTAMPADD, TIMESTAMPDIFF.
 *
 * Formats are Java's pattern letters (y M d H h m s S a, 'quoted' text, other
 * characters literal), the subset Flink jobs use; a text that does not match
 * its format gives NULL, as Flink's parsing functions do. Functions of the
 * current time (CURRENT_TIMESTAMP, NOW, PROCTIME, LOCALTIMESTAMP, CURRENT_DATE) read
 * the runner's clock (expr_env_t.now_ms) per evaluation, as Flink's
 * streaming mode evaluates them per row; they are not deterministic. */
#include "expr/expr_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <strings.h>

#include "types/text.h"
#include "types/time_zone.h"

int32_t expr_zone_offset(const expr_ctx_t *cx, int64_t epoch_millis)
{
    return cx->zone ? cx->zone->offset_seconds(epoch_millis, cx->zone->ctx) : 0;
}

static int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* Wall-clock fields of local epoch milliseconds. */
typedef struct civil {
    int64_t year;
    int month, day, hour, minute, second, millis;
    int32_t nanos;   /* within the millisecond */
    int64_t epoch_day;
} civil_t;

static civil_t civil_of(int64_t local_millis, int32_t nanos)
{
    civil_t c = {0};
    c.epoch_day = floor_div(local_millis, 86400000);
    int64_t ms = local_millis - c.epoch_day * 86400000;
    cal_civil_from_days(c.epoch_day, &c.year, &c.month, &c.day);
    c.hour = (int)(ms / 3600000);
    c.minute = (int)(ms / 60000 % 60);
    c.second = (int)(ms / 1000 % 60);
    c.millis = (int)(ms % 1000);
    c.nanos = nanos;
    return c;
}

/* The local wall time of a non-NULL DATE / TIME / TIMESTAMP / LTZ value. */
static civil_t civil_of_value(const expr_ctx_t *cx, const value_t *v, const type_t *t)
{
    switch (t->id) {
    case TYPE_DATE: return civil_of(v->u.i64 * 86400000, 0);
    case TYPE_TIME: return civil_of(v->u.i64 / 1000000, (int32_t)(v->u.i64 % 1000000));
    case TYPE_TIMESTAMP_LTZ:
        return civil_of(v->u.ts.millis + (int64_t)expr_zone_offset(cx, v->u.ts.millis) * 1000, v->u.ts.nanos);
    default: return civil_of(v->u.ts.millis, v->u.ts.nanos);
    }
}

int64_t expr_local_to_utc(const expr_ctx_t *cx, int64_t local)
{
    const int64_t day = 86400000;
    int64_t early = (int64_t)expr_zone_offset(cx, local - day) * 1000;
    int64_t late = (int64_t)expr_zone_offset(cx, local + day) * 1000;
    if (early == late) return local - early;
    if ((int64_t)expr_zone_offset(cx, local - early) * 1000 == early) return local - early;   /* also an overlap */
    if ((int64_t)expr_zone_offset(cx, local - late) * 1000 == late) return local - late;
    return local - early;   /* a gap: the wall time moves forward by the gap's length */
}

static value_t ts_value(int64_t millis, int32_t nanos)
{
    value_t v = {0};
    v.u.ts.millis = millis;
    v.u.ts.nanos = nanos;
    return v;
}

/* ---- formats --------------------------------------------------------------------------- */

static const char *const month_names[] = {"January", "February", "March", "April", "May", "June", "July",
                                          "August", "September", "October", "November", "December"};
static const char *const day_names[] = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                                        "Sunday"};

static void format_field(buf_t *b, char letter, int count, const civil_t *c)
{
    int64_t v;
    switch (letter) {
    case 'y': v = count == 2 ? c->year % 100 : c->year; break;
    case 'M':
        if (count >= 3) {
            buf_printf(b, "%.*s", count == 3 ? 3 : 20, month_names[c->month - 1]);
            return;
        }
        v = c->month;
        break;
    case 'd': v = c->day; break;
    case 'D': v = c->epoch_day - cal_days_from_civil(c->year, 1, 1) + 1; break;
    case 'H': v = c->hour; break;
    case 'h': v = c->hour % 12 ? c->hour % 12 : 12; break;
    case 'm': v = c->minute; break;
    case 's': v = c->second; break;
    case 'S': {
        char frac[16];
        snprintf(frac, sizeof frac, "%03d%06d", c->millis, (int)c->nanos);
        buf_printf(b, "%.*s", count > 9 ? 9 : count, frac);
        return;
    }
    case 'a': buf_puts(b, c->hour < 12 ? "AM" : "PM"); return;
    case 'E': {
        int dow = (int)((c->epoch_day % 7 + 7 + 3) % 7);   /* 1970-01-01 was a Thursday */
        buf_printf(b, "%.*s", count >= 4 ? 20 : 3, day_names[dow]);
        return;
    }
    default: for (int i = 0; i < count; i++) buf_putc(b, letter); return;
    }
    buf_printf(b, "%0*lld", count, (long long)v);
}

static void format_civil(buf_t *b, const char *fmt, size_t n, const civil_t *c)
{
    for (size_t i = 0; i < n;) {
        char ch = fmt[i];
        if (ch == '\'') {
            size_t j = i + 1;
            while (j < n && fmt[j] != '\'') buf_putc(b, fmt[j++]);
            if (j == i + 1 && j < n) buf_putc(b, '\'');
            i = j + 1;
            continue;
        }
        size_t run = 1;
        while (i + run < n && fmt[i + run] == ch) run++;
        if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) format_field(b, ch, (int)run, c);
        else buf_append(b, fmt + i, run);
        i += run;
    }
}

static bool read_number(const char **s, const char *end, int min_digits, int max_digits, int64_t *out)
{
    int k = 0;
    int64_t v = 0;
    while (*s < end && k < max_digits && **s >= '0' && **s <= '9') v = v * 10 + (*(*s)++ - '0'), k++;
    *out = v;
    return k >= min_digits;
}

/* Parses text by a pattern into local epoch millis (+ nanos). false if it does not match. */
static bool parse_civil(const char *s, size_t sn, const char *fmt, size_t fn, int64_t *millis, int32_t *nanos)
{
    int64_t f[128] = {0};
    f['y'] = 1970, f['M'] = 1, f['d'] = 1;
    int64_t frac = 0;
    bool pm = false;
    const char *p = s, *end = s + sn;
    for (size_t i = 0; i < fn;) {
        char ch = fmt[i];
        if (ch == '\'') {
            size_t j = i + 1;
            for (; j < fn && fmt[j] != '\''; j++)
                if (p >= end || *p++ != fmt[j]) return false;
            i = j + 1;
            continue;
        }
        size_t run = 1;
        while (i + run < fn && fmt[i + run] == ch) run++;
        i += run;
        if (ch == 'a') {
            if (end - p < 2) return false;
            pm = strncasecmp(p, "PM", 2) == 0;
            p += 2;
        } else if (ch == 'S') {
            int64_t v;
            const char *start = p;
            if (!read_number(&p, end, 1, 9, &v)) return false;
            for (long k = p - start; k < 9; k++) v *= 10;
            frac = v;
        } else if (strchr("yMdHhms", ch)) {
            /* a field followed by another letter has exactly its width (yyyyMMdd) */
            bool adjacent = i < fn && ((fmt[i] >= 'a' && fmt[i] <= 'z') || (fmt[i] >= 'A' && fmt[i] <= 'Z'));
            int max = adjacent ? (int)run : ch == 'y' && run != 2 ? 9 : run > 2 ? (int)run : 2;
            if (!read_number(&p, end, run >= 2 ? (int)run : 1, max, &f[(int)ch])) return false;
            if (ch == 'y' && run == 2) f['y'] += 2000;
        } else {
            for (size_t k = 0; k < run; k++)
                if (p >= end || *p++ != ch) return false;
        }
    }
    if (p != end || f['M'] < 1 || f['M'] > 12 || f['d'] < 1 || f['d'] > 31 || f['H'] > 23 || f['m'] > 59 ||
        f['s'] > 59)
        return false;
    int64_t hour = f['h'] ? f['h'] % 12 + (pm ? 12 : 0) : f['H'];
    int64_t day = cal_days_from_civil(f['y'], (int)f['M'], (int)f['d']);
    *millis = day * 86400000 + hour * 3600000 + f['m'] * 60000 + f['s'] * 1000 + frac / 1000000;
    *nanos = (int32_t)(frac % 1000000);
    return true;
}

/* A timestamp's text by the optional format argument argv[k] (Flink's
 * default yyyy-MM-dd HH:mm:ss, also accepting a fraction and 'T'). */
static bool parse_text(const expr_node_t *n, const value_t *argv, int k, int64_t *millis, int32_t *nanos)
{
    if (n->nargs > k) return parse_civil(argv[0].u.str.ptr, argv[0].u.str.len, argv[k].u.str.ptr, argv[k].u.str.len,
                                         millis, nanos);
    char err[128];
    const char *s = argv[0].u.str.ptr;
    size_t sn = argv[0].u.str.len;
    if (text_parse_timestamp(s, sn, TEXT_TS_SQL, false, millis, nanos, err, sizeof err) == 0 ||
        text_parse_timestamp(s, sn, TEXT_TS_ISO_8601, false, millis, nanos, err, sizeof err) == 0)
        return true;
    int64_t day;
    if (text_parse_date(s, sn, &day, err, sizeof err) != 0) return false;
    *millis = day * 86400000;
    *nanos = 0;
    return true;
}

/* ---- conversions ------------------------------------------------------------------------ */

static value_t impl_to_timestamp(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    int64_t ms;
    int32_t ns;
    if (!parse_text(n, argv, 1, &ms, &ns)) return value_null();
    (void)ns;   /* TIMESTAMP(3): the fraction is cut to milliseconds */
    return ts_value(ms, 0);
}

static value_t impl_to_date(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    int64_t ms;
    int32_t ns;
    if (n->nargs > 1 ? !parse_text(n, argv, 1, &ms, &ns) : !parse_civil(argv[0].u.str.ptr, argv[0].u.str.len,
                                                                           "yyyy-MM-dd", 10, &ms, &ns))
        return value_null();
    return expr_i64(floor_div(ms, 86400000));
}

/* TO_TIMESTAMP_LTZ(epoch, 0|3) or TO_TIMESTAMP_LTZ(text [, format]) */
static value_t impl_to_timestamp_ltz(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    const type_t *t = n->args[0]->type;
    if (type_is_string(t)) {
        int64_t ms;
        int32_t ns;
        if (!parse_civil(argv[0].u.str.ptr, argv[0].u.str.len,
                         n->nargs > 1 ? argv[1].u.str.ptr : "yyyy-MM-dd HH:mm:ss.SSS",
                         n->nargs > 1 ? argv[1].u.str.len : 23, &ms, &ns) &&
            (n->nargs > 1 || !parse_text(n, argv, 1, &ms, &ns)))
            return value_null();
        return ts_value(expr_local_to_utc(cx, ms), 0);
    }
    int64_t precision = n->nargs > 1 ? argv[1].u.i64 : 3;
    if (precision != 0 && precision != 3)
        return expr_fail(cx, "The precision value '%lld' for function TO_TIMESTAMP_LTZ(numeric, precision) is "
                             "unsupported, the supported value is '0' for second or '3' for millisecond.",
                         (long long)precision);
    if (expr_is_int(t)) return ts_value(precision == 0 ? argv[0].u.i64 * 1000 : argv[0].u.i64, 0);
    double d = expr_to_double(&argv[0], t) * (precision == 0 ? 1000.0 : 1.0);
    return ts_value((int64_t)floor(d), 0);
}

static value_t format_local(expr_ctx_t *cx, const civil_t *c, const value_t *fmt)
{
    buf_t b = BUF_INIT;
    if (fmt) format_civil(&b, fmt->u.str.ptr, fmt->u.str.len, c);
    else format_civil(&b, "yyyy-MM-dd HH:mm:ss", 19, c);
    return expr_str_buf(cx, &b);
}

static value_t impl_date_format(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    civil_t c;
    if (type_is_string(n->args[0]->type)) {
        int64_t ms;
        int32_t ns;
        if (!parse_text(n, argv, 9, &ms, &ns)) return value_null();
        c = civil_of(ms, ns);
    } else {
        c = civil_of_value(cx, &argv[0], n->args[0]->type);
    }
    return format_local(cx, &c, &argv[1]);
}

static value_t impl_from_unixtime(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    int64_t ms = argv[0].u.i64 * 1000;
    civil_t c = civil_of(ms + (int64_t)expr_zone_offset(cx, ms) * 1000, 0);
    return format_local(cx, &c, n->nargs > 1 ? &argv[1] : NULL);
}

static value_t impl_unix_timestamp(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    int64_t ms;
    int32_t ns;
    if (n->nargs == 0) return expr_i64(floor_div(expr_now_ms(cx), 1000));   /* the runner's clock */
    if (!(n->nargs > 1 ? parse_text(n, argv, 1, &ms, &ns)
                       : parse_civil(argv[0].u.str.ptr, argv[0].u.str.len, "yyyy-MM-dd HH:mm:ss", 19, &ms, &ns)))
        return value_null();
    return expr_i64(floor_div(expr_local_to_utc(cx, ms), 1000));
}

/* Java's ZoneId.SHORT_IDS: the three-letter ids TimeZone.getTimeZone knows
 * and Flink's session-zone rules (tz_zone) refuse. */
static const char *const short_ids[][2] = {
    {"ACT", "Australia/Darwin"}, {"AET", "Australia/Sydney"}, {"AGT", "America/Argentina/Buenos_Aires"},
    {"ART", "Africa/Cairo"}, {"AST", "America/Anchorage"}, {"BET", "America/Sao_Paulo"}, {"BST", "Asia/Dhaka"},
    {"CAT", "Africa/Harare"}, {"CNT", "America/St_Johns"}, {"CST", "America/Chicago"}, {"CTT", "Asia/Shanghai"},
    {"EAT", "Africa/Addis_Ababa"}, {"ECT", "Europe/Paris"}, {"IET", "America/Indiana/Indianapolis"},
    {"IST", "Asia/Kolkata"}, {"JST", "Asia/Tokyo"}, {"MIT", "Pacific/Apia"}, {"NET", "Asia/Yerevan"},
    {"NST", "Pacific/Auckland"}, {"PLT", "Asia/Karachi"}, {"PNT", "America/Phoenix"}, {"PRT", "America/Puerto_Rico"},
    {"PST", "America/Los_Angeles"}, {"SST", "Pacific/Guadalcanal"}, {"VST", "Asia/Ho_Chi_Minh"},
    {"EST", "-05:00"}, {"MST", "-07:00"}, {"HST", "-10:00"},
};

/* The zone java.util.TimeZone.getTimeZone(id) gives: an id it does not know is GMT. */
static const render_zone_t *java_time_zone(const value_t *id)
{
    char name[128], err[256];
    snprintf(name, sizeof name, "%.*s", (int)id->u.str.len, id->u.str.ptr);
    for (size_t i = 0; i < sizeof short_ids / sizeof short_ids[0]; i++)
        if (strcmp(name, short_ids[i][0]) == 0) snprintf(name, sizeof name, "%s", short_ids[i][1]);
    const render_zone_t *z = tz_zone(name, err, sizeof err);
    return z ? z : tz_zone("UTC", err, sizeof err);
}

/* CONVERT_TZ(text, from, to): 'yyyy-MM-dd HH:mm:ss' wall time in zone `from`
 * as wall time in zone `to`; text that does not parse gives NULL. */
static value_t impl_convert_tz(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    int64_t ms;
    int32_t ns;
    if (!parse_civil(argv[0].u.str.ptr, argv[0].u.str.len, "yyyy-MM-dd HH:mm:ss", 19, &ms, &ns)) return value_null();
    expr_ctx_t from = *cx, to = *cx;
    from.zone = java_time_zone(&argv[1]);
    to.zone = java_time_zone(&argv[2]);
    int64_t utc = expr_local_to_utc(&from, ms);
    civil_t c = civil_of(utc + (int64_t)expr_zone_offset(&to, utc) * 1000, 0);
    return format_local(cx, &c, NULL);
}

/* ---- EXTRACT and friends ------------------------------------------------------------------- */

static const char *const units[] = {"YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND",
                                    "MILLISECOND", "MICROSECOND", "NANOSECOND", "DOW", "DOY", "ISODOW",
                                    "ISOYEAR", "DECADE", "CENTURY", "MILLENNIUM", "EPOCH", NULL};
enum { U_YEAR, U_QUARTER, U_MONTH, U_WEEK, U_DAY, U_HOUR, U_MINUTE, U_SECOND, U_MILLISECOND, U_MICROSECOND,
       U_NANOSECOND, U_DOW, U_DOY, U_ISODOW, U_ISOYEAR, U_DECADE, U_CENTURY, U_MILLENNIUM, U_EPOCH };

static int unit_of(const char *s)
{
    for (int i = 0; units[i]; i++)
        if (strcmp(units[i], s) == 0) return i;
    return -1;
}

/* ISO-8601 week-based year and week of a day. */
static void iso_week(int64_t epoch_day, int64_t *iso_year, int *week)
{
    int isodow = (int)((epoch_day % 7 + 7 + 3) % 7) + 1;   /* Monday = 1 */
    int64_t thursday = epoch_day - isodow + 4, y;
    int m, d;
    cal_civil_from_days(thursday, &y, &m, &d);
    *iso_year = y;
    *week = (int)((thursday - cal_days_from_civil(y, 1, 1)) / 7 + 1);
}

static int64_t extract(const civil_t *c, int unit)
{
    int64_t iy;
    int wk;
    switch (unit) {
    case U_YEAR: return c->year;
    case U_QUARTER: return (c->month + 2) / 3;
    case U_MONTH: return c->month;
    case U_WEEK: iso_week(c->epoch_day, &iy, &wk); return wk;
    case U_ISOYEAR: iso_week(c->epoch_day, &iy, &wk); return iy;
    case U_DAY: return c->day;
    case U_HOUR: return c->hour;
    case U_MINUTE: return c->minute;
    case U_SECOND: return c->second;
    case U_MILLISECOND: return c->second * 1000 + c->millis;
    case U_MICROSECOND: return (c->second * 1000 + c->millis) * 1000LL + c->nanos / 1000;
    case U_NANOSECOND: return (c->second * 1000 + c->millis) * 1000000LL + c->nanos;
    case U_DOW: return (c->epoch_day % 7 + 7 + 4) % 7 + 1;   /* Sunday = 1 */
    case U_ISODOW: return (c->epoch_day % 7 + 7 + 3) % 7 + 1;
    case U_DOY: return c->epoch_day - cal_days_from_civil(c->year, 1, 1) + 1;
    case U_DECADE: return floor_div(c->year, 10);
    case U_CENTURY: return c->year > 0 ? (c->year + 99) / 100 : -((-c->year + 99) / 100);
    case U_MILLENNIUM: return c->year > 0 ? (c->year + 999) / 1000 : -((-c->year + 999) / 1000);
    default: return floor_div(c->epoch_day * 86400000 + c->hour * 3600000LL + c->minute * 60000LL +
                              c->second * 1000LL + c->millis, 1000);
    }
}

static value_t impl_extract(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    int k = n->nargs - 1;
    civil_t c = civil_of_value(cx, &argv[k], n->args[k]->type);
    return expr_i64(extract(&c, n->op));
}

static const type_t *infer_extract(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    int unit = unit_of(n->args[0]->aux);
    const type_t *t = n->args[1]->type;
    bool is_time = t->id == TYPE_TIME, has_time = is_time || expr_is_timestamp(t);
    bool ok = unit >= 0 && (t->id == TYPE_DATE || has_time || t->id == TYPE_NULL) &&
              !(is_time && unit < U_HOUR) && !(t->id == TYPE_DATE && unit >= U_HOUR && unit <= U_NANOSECOND);
    if (!ok) return expr_error_apply(c, n->pos, f->name, false, n->args, 2);
    n->op = unit;
    return expr_type_new(c, TYPE_BIGINT, t->nullable, -1, -1);
}

/* ---- FLOOR / CEIL (x TO unit) ------------------------------------------------------------------ */

/* The first day of the period of `unit` holding day c (weeks start on
 * Sunday; centuries and millennia on years 2001, 3001, ...), and the first
 * day of the next period. */
static void period_of(const civil_t *c, int unit, int64_t *start, int64_t *next)
{
    int64_t y = c->year;
    int m = 1;
    switch (unit) {
    case U_WEEK: {
        int64_t sunday = c->epoch_day - (c->epoch_day % 7 + 7 + 4) % 7;
        *start = sunday;
        *next = sunday + 7;
        return;
    }
    case U_MONTH: m = c->month; break;
    case U_QUARTER: m = (c->month - 1) / 3 * 3 + 1; break;
    case U_DECADE: y = floor_div(y, 10) * 10; break;
    case U_CENTURY: y = floor_div(y - 1, 100) * 100 + 1; break;
    case U_MILLENNIUM: y = floor_div(y - 1, 1000) * 1000 + 1; break;
    default: break;
    }
    int months = unit == U_MONTH ? 1 : unit == U_QUARTER ? 3 : 12;
    int years = unit == U_DECADE ? 10 : unit == U_CENTURY ? 100 : unit == U_MILLENNIUM ? 1000 : 0;
    *start = cal_days_from_civil(y, m, 1);
    int64_t total = y * 12 + m - 1 + (years ? 12 * years : months);
    *next = cal_days_from_civil(floor_div(total, 12), (int)(total - floor_div(total, 12) * 12) + 1, 1);
}

/* Flink's FLOOR / CEIL (x TO unit), including its CEIL quirks (kept from
 * Calcite): CEIL to a month or longer looks at the date only (CEIL of
 * 2018-03-01 21:00:01 TO MONTH is 2018-03-01), CEIL of a DATE TO DAY is the
 * next day. */
static value_t impl_time_floor(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    const type_t *t = n->args[0]->type;
    civil_t c = civil_of_value(cx, &argv[0], t);
    int unit = (int)n->value.u.i64;
    bool ceil_op = n->op;
    int64_t ms_of_day = c.hour * 3600000LL + c.minute * 60000LL + c.second * 1000LL + c.millis;
    int64_t local = c.epoch_day * 86400000 + ms_of_day, out;
    static const int64_t step[] = {[U_DAY] = 86400000, [U_HOUR] = 3600000, [U_MINUTE] = 60000, [U_SECOND] = 1000,
                                   [U_MILLISECOND] = 1};
    if (unit >= U_DAY && unit <= U_MILLISECOND) {
        out = floor_div(local, step[unit]) * step[unit];
        if (ceil_op && (out != local || c.nanos || (t->id == TYPE_DATE && unit == U_DAY))) out += step[unit];
    } else {
        int64_t start, next;
        period_of(&c, unit, &start, &next);
        bool on_start = unit == U_WEEK ? start * 86400000 == local : start == c.epoch_day;
        out = (ceil_op && !on_start ? next : start) * 86400000;
    }
    if (t->id == TYPE_DATE) return expr_i64(floor_div(out, 86400000));
    if (t->id == TYPE_TIME) return expr_i64((out - floor_div(out, 86400000) * 86400000) * 1000000);
    return ts_value(t->id == TYPE_TIMESTAMP_LTZ ? expr_local_to_utc(cx, out) : out, 0);
}

const type_t *expr_time_floor_infer(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    int unit = unit_of(n->args[1]->aux);
    const type_t *t = n->args[0]->type;
    bool by_date = unit <= U_WEEK || unit == U_DAY || (unit >= U_DECADE && unit <= U_MILLENNIUM);
    bool by_time = unit >= U_HOUR && unit <= U_MILLISECOND;
    bool ok = unit >= 0 && (expr_is_timestamp(t) ? by_date || by_time
                            : t->id == TYPE_DATE ? by_date : t->id == TYPE_TIME && by_time);
    if (!ok) return expr_error_apply(c, n->pos, f->name, false, n->args, 2);
    n->value.u.i64 = unit;
    n->op = strcmp(f->name, "FLOOR") != 0;
    static const expr_func_t floor_fn = {"FLOOR", 2, 2, "AY", EXPR_R_CUSTOM, NULL, impl_time_floor, 0, 0};
    n->aux = &floor_fn;
    return t;
}

/* ---- TIMESTAMPADD, TIMESTAMPDIFF -------------------------------------------------------------- */

static int64_t unit_millis(int unit)
{
    switch (unit) {
    case U_WEEK: return 7 * 86400000LL;
    case U_DAY: return 86400000;
    case U_HOUR: return 3600000;
    case U_MINUTE: return 60000;
    case U_SECOND: return 1000;
    default: return 1;
    }
}

static value_t impl_timestampdiff(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    int unit = (int)n->value.u.i64;
    civil_t a = civil_of_value(cx, &argv[1], n->args[1]->type), b = civil_of_value(cx, &argv[2], n->args[2]->type);
    int64_t la = a.epoch_day * 86400000 + extract(&a, U_HOUR) * 3600000 + a.minute * 60000LL + a.second * 1000LL + a.millis;
    int64_t lb = b.epoch_day * 86400000 + extract(&b, U_HOUR) * 3600000 + b.minute * 60000LL + b.second * 1000LL + b.millis;
    if (unit > U_MONTH) {
        int64_t d = lb - la, u = unit_millis(unit);
        return expr_i64(expr_wrap_int(d >= 0 ? d / u : -((-d) / u), n->type));
    }
    int64_t months = (b.year * 12 + b.month) - (a.year * 12 + a.month);
    int64_t rest_a = la - cal_days_from_civil(a.year, a.month, 1) * 86400000;
    int64_t rest_b = lb - cal_days_from_civil(b.year, b.month, 1) * 86400000;
    if (months > 0 && rest_b < rest_a) months--;
    if (months < 0 && rest_b > rest_a) months++;
    return expr_i64(unit == U_YEAR ? months / 12 : unit == U_QUARTER ? months / 3 : months);
}

static value_t impl_timestampadd(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    int unit = (int)n->value.u.i64;
    const type_t *t = n->args[2]->type;
    int64_t k = argv[1].u.i64;
    value_t v = argv[2];
    if (unit <= U_MONTH) {
        int64_t months = unit == U_YEAR ? 12 * k : unit == U_QUARTER ? 3 * k : k;
        civil_t c = civil_of_value(cx, &v, t);
        int64_t total = c.year * 12 + c.month - 1 + months, y = floor_div(total, 12);
        int m = (int)(total - y * 12) + 1;
        static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
        int dim = mdays[m - 1] + (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0));
        int64_t day = cal_days_from_civil(y, m, c.day > dim ? dim : c.day);
        if (t->id == TYPE_DATE) return expr_i64(day);
        v.u.ts.millis += (day - c.epoch_day) * 86400000;
        return v;
    }
    int64_t ms = k * unit_millis(unit);
    if (t->id == TYPE_DATE) return expr_i64(v.u.i64 + floor_div(ms, 86400000));
    v.u.ts.millis += ms;
    return v;
}

static const type_t *infer_timestamp_fn(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    int unit = n->args[0]->eval ? -1 : unit_of(n->args[0]->aux);
    bool diff = f->op == 'D';
    bool ok = unit >= 0 && unit <= U_MILLISECOND;
    for (int i = 1; ok && i < 3; i++) {
        const type_t *t = n->args[i]->type;
        ok = (!diff && i == 1) ? expr_is_int(t) : (t->id == TYPE_DATE || expr_is_timestamp(t));
    }
    if (!ok) return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    n->value.u.i64 = unit;
    bool nullable = n->args[1]->type->nullable || n->args[2]->type->nullable;
    if (diff) return expr_type_new(c, TYPE_INT, nullable, -1, -1);
    return expr_with_null(c, n->args[2]->type, nullable);
}

/* YEAR(x) .. SECOND(x) are EXTRACT with a fixed unit. */
static const type_t *infer_unit_fn(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *t = n->args[0]->type;
    if (t->id != TYPE_DATE && t->id != TYPE_TIME && !expr_is_timestamp(t) && t->id != TYPE_NULL)
        return expr_error_apply(c, n->pos, f->name, false, n->args, 1);
    return expr_type_new(c, TYPE_BIGINT, t->nullable, -1, -1);
}

#define UNIT_FN(name, unit) {name, 1, 1, "W", EXPR_R_CUSTOM, infer_unit_fn, impl_extract, EXPR_F_STRICT, unit}

int64_t expr_now_ms(const expr_ctx_t *cx)
{
    if (cx->now_ms) return cx->now_ms(cx->now_ctx);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

enum { NOW_LTZ, NOW_LOCAL, NOW_DATE, NOW_TIME };

/* CURRENT_TIMESTAMP / NOW() (an instant), LOCALTIMESTAMP (its wall time in
 * the session zone), CURRENT_DATE (that wall time's date), CURRENT_TIME /
 * LOCALTIME (its time of day, whole seconds: TIME(0)). */
static value_t impl_now(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)argv;
    int64_t now = expr_now_ms(cx), local = now + (int64_t)expr_zone_offset(cx, now) * 1000;
    value_t v = {0};
    switch (n->op) {
    case NOW_LTZ: v.u.ts.millis = now; break;
    case NOW_LOCAL: v.u.ts.millis = local; break;
    case NOW_TIME: return expr_i64((local - floor_div(local, 86400000) * 86400000) / 1000 * 1000000000);
    default: return expr_i64(floor_div(local, 86400000));
    }
    return v;
}

static const type_t *infer_time_now(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    (void)n, (void)f;
    return expr_type_new(c, TYPE_TIME, false, 0, -1);
}

/* CURRENT_WATERMARK(rowtime): the stage's watermark (expr_set_watermark) in
 * the rowtime's type, precision 3; NULL while there is none. */
static const type_t *infer_current_watermark(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    (void)f;
    const type_t *t = n->args[0]->type;
    if (!expr_is_timestamp(t) || t->time_kind != TYPE_TK_ROWTIME) {
        char *s = type_to_string(t);
        expr_error(c, n->args[0]->pos, "The argument of CURRENT_WATERMARK() must be a rowtime attribute, but was '%s'.",
                   s);
        free(s);
        return NULL;
    }
    c->x->reads_watermark = true;
    type_t *r = type_new(t->id, true);
    r->precision = 3;
    return expr_own(c, r);
}

static value_t impl_current_watermark(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n, (void)argv;
    if (!cx->watermark || *cx->watermark == INT64_MIN) return value_null();
    return ts_value(*cx->watermark, 0);
}

const expr_func_t expr_funcs_time[] = {
    {"CURRENT_WATERMARK", 1, 1, "A", EXPR_R_CUSTOM, infer_current_watermark, impl_current_watermark, EXPR_F_LAZY, 0},
    {"CURRENT_TIMESTAMP", 0, 0, "A", EXPR_R_LTZ3, NULL, impl_now, EXPR_F_STRICT, NOW_LTZ},
    {"NOW", 0, 0, "A", EXPR_R_LTZ3, NULL, impl_now, EXPR_F_STRICT, NOW_LTZ},
    {"PROCTIME", 0, 0, "A", EXPR_R_LTZ3, NULL, impl_now, EXPR_F_STRICT, NOW_LTZ},   /* a computed column's: session.c */
    {"LOCALTIMESTAMP", 0, 0, "A", EXPR_R_TS3, NULL, impl_now, EXPR_F_STRICT, NOW_LOCAL},
    {"CURRENT_DATE", 0, 0, "A", EXPR_R_DATE, NULL, impl_now, EXPR_F_STRICT, NOW_DATE},
    {"CURRENT_TIME", 0, 0, "A", EXPR_R_CUSTOM, infer_time_now, impl_now, EXPR_F_STRICT, NOW_TIME},
    {"LOCALTIME", 0, 0, "A", EXPR_R_CUSTOM, infer_time_now, impl_now, EXPR_F_STRICT, NOW_TIME},
    {"TO_TIMESTAMP_LTZ", 1, 2, "A", EXPR_R_LTZ3, NULL, impl_to_timestamp_ltz, EXPR_F_STRICT, 0},
    {"TO_TIMESTAMP", 1, 2, "S", EXPR_R_TS3, NULL, impl_to_timestamp, EXPR_F_NULLABLE, 0},
    {"TO_DATE", 1, 2, "S", EXPR_R_DATE, NULL, impl_to_date, EXPR_F_NULLABLE, 0},
    {"DATE_FORMAT", 2, 2, "AS", EXPR_R_STRING, NULL, impl_date_format, EXPR_F_NULLABLE, 0},
    {"FROM_UNIXTIME", 1, 2, "IS", EXPR_R_STRING, NULL, impl_from_unixtime, EXPR_F_STRICT, 0},
    {"UNIX_TIMESTAMP", 0, 2, "S", EXPR_R_BIGINT, NULL, impl_unix_timestamp, EXPR_F_NULLABLE, 0},
    {"CONVERT_TZ", 3, 3, "S", EXPR_R_STRING, NULL, impl_convert_tz, EXPR_F_NULLABLE, 0},
    {"EXTRACT", 2, 2, "YW", EXPR_R_CUSTOM, infer_extract, impl_extract, EXPR_F_STRICT, -1},
    {"TIMESTAMPADD", 3, 3, "YIW", EXPR_R_CUSTOM, infer_timestamp_fn, impl_timestampadd, EXPR_F_STRICT, 'A'},
    {"TIMESTAMPDIFF", 3, 3, "YWW", EXPR_R_CUSTOM, infer_timestamp_fn, impl_timestampdiff, EXPR_F_STRICT, 'D'},
    UNIT_FN("YEAR", U_YEAR),
    UNIT_FN("QUARTER", U_QUARTER),
    UNIT_FN("MONTH", U_MONTH),
    UNIT_FN("WEEK", U_WEEK),
    UNIT_FN("DAYOFYEAR", U_DOY),
    UNIT_FN("DAYOFMONTH", U_DAY),
    UNIT_FN("DAYOFWEEK", U_DOW),
    UNIT_FN("HOUR", U_HOUR),
    UNIT_FN("MINUTE", U_MINUTE),
    UNIT_FN("SECOND", U_SECOND),
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};

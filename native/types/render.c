/* render.c - Java-identical text of values; see render.h. */
#include "types/render.h"

#include <stdio.h>
#include <stdlib.h>

#include "types/calendar.h"
#include "types/java_hash.h"
#include "types/java_number.h"
#include "types/java_time.h"

/* ======================================================================== */
/* Row.toString()                                                            */

/* The value of a MAP entry as put last for a key (HashMap.put overwrites). */
static const value_t *map_last_value(const value_t *map, const type_t *kt, uint32_t idx)
{
    const value_t *v = &map->u.map.vals[idx];
    for (uint32_t j = idx + 1; j < map->u.map.n; j++)
        if (value_equals(&map->u.map.keys[j], &map->u.map.keys[idx], kt)) v = &map->u.map.vals[j];
    return v;
}

static void render_bytes_java(buf_t *b, const char *p, uint32_t len)
{
    buf_putc(b, '[');
    for (uint32_t i = 0; i < len; i++) {
        if (i) buf_puts(b, ", ");
        buf_printf(b, "%d", (int)(int8_t)p[i]);
    }
    buf_putc(b, ']');
}

static void render_fields(buf_t *b, const value_t *fields, uint32_t n, const type_t *t)
{
    buf_putc(b, '[');
    for (uint32_t i = 0; i < n; i++) {
        if (i) buf_puts(b, ", ");
        render_value(b, &fields[i], (int)i < t->nfields ? t->fields[i].type : NULL);
    }
    buf_putc(b, ']');
}

void render_value(buf_t *b, const value_t *v, const type_t *t)
{
    if (v->is_null || t == NULL) {
        buf_puts(b, "null");
        return;
    }
    switch (t->id) {
    case TYPE_BOOLEAN: buf_puts(b, v->u.b ? "true" : "false"); break;
    case TYPE_TINYINT:
    case TYPE_SMALLINT:
    case TYPE_INT:
    case TYPE_BIGINT: buf_put_i64(b, v->u.i64); break;
    case TYPE_FLOAT: jnum_float(b, v->u.f32); break;
    case TYPE_DOUBLE: jnum_double(b, v->u.f64); break;
    case TYPE_DECIMAL: jnum_big_decimal(b, v->u.dec, t->scale < 0 ? 0 : t->scale); break;
    case TYPE_CHAR:
    case TYPE_VARCHAR: buf_append(b, v->u.str.ptr, v->u.str.len); break;
    case TYPE_BINARY:
    case TYPE_VARBINARY:
    case TYPE_RAW: render_bytes_java(b, v->u.str.ptr, v->u.str.len); break;
    case TYPE_DATE: jtime_local_date(b, v->u.i64); break;
    /* Flink holds TIME as milliseconds of the day (LocalTime has no finer part) */
    case TYPE_TIME: jtime_local_time(b, v->u.i64 / 1000000 * 1000000); break;
    case TYPE_TIMESTAMP: jtime_local_date_time(b, v->u.ts.millis, v->u.ts.nanos); break;
    case TYPE_TIMESTAMP_LTZ: jtime_instant(b, v->u.ts.millis, v->u.ts.nanos); break;
    case TYPE_TIMESTAMP_TZ:   /* OffsetDateTime at UTC */
        jtime_local_date_time(b, v->u.ts.millis, v->u.ts.nanos);
        buf_putc(b, 'Z');
        break;
    case TYPE_INTERVAL_YM: jtime_period(b, v->u.i64, t->interval_unit); break;
    case TYPE_INTERVAL_DT: jtime_duration_millis(b, v->u.i64); break;
    case TYPE_ARRAY:
        buf_putc(b, '[');
        for (uint32_t i = 0; i < v->u.list.n; i++) {
            if (i) buf_puts(b, ", ");
            render_value(b, &v->u.list.items[i], t->elem);
        }
        buf_putc(b, ']');
        break;
    case TYPE_MAP:
    case TYPE_MULTISET: {
        type_t int_t = { .id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1,
                         .interval_unit = -1 };
        const type_t *vt = t->id == TYPE_MAP ? t->value : &int_t;
        uint32_t n = v->u.map.n, m = 0;
        uint32_t *order = malloc((n ? n : 1) * sizeof *order);
        jhash_hashmap_order(v, t, order, &m);
        buf_putc(b, '{');
        for (uint32_t i = 0; i < m; i++) {
            if (i) buf_puts(b, ", ");
            render_value(b, &v->u.map.keys[order[i]], t->elem);
            buf_putc(b, '=');
            render_value(b, m < n ? map_last_value(v, t->elem, order[i]) : &v->u.map.vals[order[i]], vt);
        }
        buf_putc(b, '}');
        free(order);
        break;
    }
    case TYPE_ROW:
    case TYPE_STRUCTURED:
        /* A nested row is a Row of kind INSERT. (A POJO would print its own
         * toString(), which C cannot know; it is shown as a row.) */
        buf_puts(b, "+I");
        render_fields(b, v->u.row.fields, v->u.row.n, t);
        break;
    case TYPE_NULL: buf_puts(b, "null"); break;
    default: buf_puts(b, "?"); break;
    }
}

void render_row(buf_t *b, const row_t *r, const type_t *row_type)
{
    buf_puts(b, row_kind_short(r->kind));
    render_fields(b, r->fields, r->n, row_type);
}

/* ======================================================================== */
/* CAST(x AS STRING), printing mode                                          */

static void sql_date(buf_t *b, int64_t epoch_day)
{
    /* DateTimeUtils.formatDate: the year as exactly four digits */
    int64_t y;
    int m, d;
    cal_civil_from_days(epoch_day, &y, &m, &d);
    int yy = (int)(y % 10000);
    if (yy < 0) yy = -yy;
    buf_printf(b, "%04d-", yy);
    cal_put2(b, m);
    buf_putc(b, '-');
    cal_put2(b, d);
}

/* DateTimeUtils.formatTimestampMillis(int time, int precision): note it
 * stops after the last non-zero millisecond digit, but always prints one. */
static void sql_time(buf_t *b, int64_t millis_of_day, int precision)
{
    int64_t t = millis_of_day;
    while (t < 0) t += 86400000;
    int h = (int)(t / 3600000), mi = (int)(t % 3600000 / 60000), s = (int)(t % 60000 / 1000);
    int ms = (int)(t % 1000);
    cal_put2(b, h % 100);
    buf_putc(b, ':');
    cal_put2(b, mi);
    buf_putc(b, ':');
    cal_put2(b, s);
    if (precision > 0) {
        buf_putc(b, '.');
        while (precision > 0) {
            buf_putc(b, (char)('0' + ms / 100));
            ms = ms % 100 * 10;
            if (ms == 0) break;
            --precision;
        }
    }
}

/* DateTimeUtils.formatTimestamp(ts, precision): nanos as 9 digits with
 * trailing zeros removed down to the precision. */
static void sql_timestamp(buf_t *b, int64_t millis, int32_t nanos, int precision)
{
    int64_t day = cal_floor_div(millis, 86400000);
    int64_t ms_of_day = cal_floor_mod(millis, 86400000);
    int64_t y;
    int mo, d;
    cal_civil_from_days(day, &y, &mo, &d);
    buf_printf(b, "%04lld-", (long long)y);
    cal_put2(b, mo);
    buf_putc(b, '-');
    cal_put2(b, d);
    buf_putc(b, ' ');
    int h = (int)(ms_of_day / 3600000), mi = (int)(ms_of_day % 3600000 / 60000),
        s = (int)(ms_of_day % 60000 / 1000);
    cal_put2(b, h);
    buf_putc(b, ':');
    cal_put2(b, mi);
    buf_putc(b, ':');
    cal_put2(b, s);
    char frac[10];
    snprintf(frac, sizeof frac, "%09d", (int)(ms_of_day % 1000) * 1000000 + nanos);
    int n = 9;
    while (n > precision && frac[n - 1] == '0') n--;
    if (n > 0) {
        buf_putc(b, '.');
        buf_append(b, frac, (size_t)n);
    }
}

static void number_padded(buf_t *b, long long v, int width)
{
    buf_printf(b, "%0*lld", width, v);
}

static void sql_interval_ym(buf_t *b, int64_t months)
{
    int32_t v = (int32_t)months;
    if (v >= 0) buf_putc(b, '+');
    else { buf_putc(b, '-'); v = -v; }
    buf_printf(b, "%d-", v / 12);
    number_padded(b, v % 12, 2);
}

static void sql_interval_dt(buf_t *b, int64_t v)
{
    if (v >= 0) buf_putc(b, '+');
    else { buf_putc(b, '-'); v = -v; }
    int64_t ms = v % 1000; v /= 1000;
    int64_t s = v % 60; v /= 60;
    int64_t m = v % 60; v /= 60;
    int64_t h = v % 24; v /= 24;
    buf_printf(b, "%d ", (int)v);
    number_padded(b, h, 2);
    buf_putc(b, ':');
    number_padded(b, m, 2);
    buf_putc(b, ':');
    number_padded(b, s, 2);
    buf_putc(b, '.');
    number_padded(b, ms, 3);
}

/* A value inside a composite: a NULL there is NULL (CastRuleUtils.nullLiteral
 * without legacy cast behaviour, Flink's default). */
static void sql_nested(buf_t *b, const value_t *v, const type_t *t, const render_zone_t *zone)
{
    if (v->is_null || t == NULL) buf_puts(b, "NULL");
    else render_sql_value(b, v, t, zone);
}

void render_sql_value(buf_t *b, const value_t *v, const type_t *t, const render_zone_t *zone)
{
    if (v->is_null || t == NULL) {
        buf_puts(b, "null");
        return;
    }
    switch (t->id) {
    case TYPE_BOOLEAN: buf_puts(b, v->u.b ? "TRUE" : "FALSE"); break;
    case TYPE_DECIMAL: jnum_big_decimal_plain(b, v->u.dec, t->scale < 0 ? 0 : t->scale); break;
    case TYPE_BINARY:
    case TYPE_VARBINARY:
    case TYPE_RAW:
        buf_puts(b, "x'");
        for (uint32_t i = 0; i < v->u.str.len; i++) buf_printf(b, "%02x", (unsigned char)v->u.str.ptr[i]);
        buf_putc(b, '\'');
        break;
    case TYPE_DATE: sql_date(b, v->u.i64); break;
    case TYPE_TIME: sql_time(b, v->u.i64 / 1000000, t->precision < 0 ? 0 : t->precision); break;
    case TYPE_TIMESTAMP:
        sql_timestamp(b, v->u.ts.millis, v->u.ts.nanos, t->precision < 0 ? 6 : t->precision);
        break;
    case TYPE_TIMESTAMP_LTZ:
    case TYPE_TIMESTAMP_TZ: {
        int64_t off = zone && zone->offset_seconds ? zone->offset_seconds(v->u.ts.millis, zone->ctx) : 0;
        sql_timestamp(b, v->u.ts.millis + off * 1000, v->u.ts.nanos, t->precision < 0 ? 6 : t->precision);
        break;
    }
    case TYPE_INTERVAL_YM: sql_interval_ym(b, v->u.i64); break;
    case TYPE_INTERVAL_DT: sql_interval_dt(b, v->u.i64); break;
    case TYPE_ARRAY:
        buf_putc(b, '[');
        for (uint32_t i = 0; i < v->u.list.n; i++) {
            if (i) buf_puts(b, ", ");
            sql_nested(b, &v->u.list.items[i], t->elem, zone);
        }
        buf_putc(b, ']');
        break;
    case TYPE_MAP:
    case TYPE_MULTISET: {
        type_t int_t = { .id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1,
                         .interval_unit = -1 };
        const type_t *vt = t->id == TYPE_MAP ? t->value : &int_t;
        buf_putc(b, '{');
        for (uint32_t i = 0; i < v->u.map.n; i++) {
            if (i) buf_puts(b, ", ");
            sql_nested(b, &v->u.map.keys[i], t->elem, zone);
            buf_putc(b, '=');
            sql_nested(b, &v->u.map.vals[i], vt, zone);
        }
        buf_putc(b, '}');
        break;
    }
    case TYPE_ROW:
    case TYPE_STRUCTURED: {
        bool named = t->id == TYPE_STRUCTURED;   /* StructuredToStringCastRule: {name=value, ...} */
        buf_putc(b, named ? '{' : '(');
        for (uint32_t i = 0; i < v->u.row.n; i++) {
            if (i) buf_puts(b, ", ");
            if (named && (int)i < t->nfields) buf_printf(b, "%s=", t->fields[i].name);
            sql_nested(b, &v->u.row.fields[i], (int)i < t->nfields ? t->fields[i].type : NULL, zone);
        }
        buf_putc(b, named ? '}' : ')');
        break;
    }
    default:
        /* numbers and strings print as in Java ("" + value) */
        render_value(b, v, t);
        break;
    }
}

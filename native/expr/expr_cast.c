/* expr_cast.c - CAST, TRY_CAST and the implicit casts the compiler inserts.
 *
 * The casts Flink also inserts implicitly (widening numbers, more
 * fractional digits, nested types element by element) are types/cast's
 * cast_value; this file adds what only an explicit CAST does: to and from
 * text (Flink's printing of values is types/render's render_sql_value),
 * narrowing numbers (Java's primitive casts), BOOLEAN <-> numbers and
 * DATE / TIME / TIMESTAMP / TIMESTAMP_LTZ conversions in the session zone. */
#include "expr/expr_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/text.h"
#include "types/cast.h"

static bool is_temporal(const type_t *t)
{
    return t->id == TYPE_DATE || t->id == TYPE_TIME || expr_is_timestamp(t);
}

/* Which explicit casts Flink's planner accepts (a subset of its cast rules:
 * the ones implemented below). */
static bool castable(const type_t *from, const type_t *to)
{
    if (from->id == TYPE_NULL || type_equals_ignore_null(from, to)) return true;
    if (type_is_string(to)) return from->id != TYPE_RAW && from->id != TYPE_DESCRIPTOR;
    if (type_is_string(from))
        return type_is_numeric(to) || to->id == TYPE_BOOLEAN || is_temporal(to) || expr_is_binary(to);
    if ((type_is_numeric(from) || from->id == TYPE_BOOLEAN) && (type_is_numeric(to) || to->id == TYPE_BOOLEAN))
        return true;
    if (is_temporal(from) && is_temporal(to))
        return !(from->id == TYPE_DATE && to->id == TYPE_TIME) && !(from->id == TYPE_TIME && to->id == TYPE_DATE);
    if (expr_is_binary(from) && expr_is_binary(to)) return true;
    if (from->id != to->id) return false;
    if (from->id == TYPE_ARRAY || from->id == TYPE_MULTISET) return castable(from->elem, to->elem);
    if (from->id == TYPE_MAP) return castable(from->elem, to->elem) && castable(from->value, to->value);
    if (from->id == TYPE_ROW) {
        if (from->nfields != to->nfields) return false;
        for (int i = 0; i < from->nfields; i++)
            if (!castable(from->fields[i].type, to->fields[i].type)) return false;
        return true;
    }
    return false;
}

/* ---- to text ----------------------------------------------------------------------- */

/* CHAR(n) pads to n characters, both CHAR and VARCHAR cut to n. */
static value_t fit_length(expr_ctx_t *cx, const char *p, size_t n, const type_t *to)
{
    size_t chars = expr_utf8_count(p, n);
    size_t want = (size_t)to->precision;
    if (chars > want) return expr_str(cx, p, expr_utf8_skip(p, n, want));
    if (to->id != TYPE_CHAR || chars == want) return expr_str(cx, p, n);
    char *q = arena_alloc(cx->arena, n + (want - chars) + 1);
    memcpy(q, p, n);
    memset(q + n, ' ', want - chars);
    value_t v = {0};
    v.u.str.ptr = q;
    v.u.str.len = (uint32_t)(n + want - chars);
    return v;
}

static value_t to_text(expr_ctx_t *cx, const value_t *v, const type_t *from, const type_t *to)
{
    if (type_is_string(from) || expr_is_binary(from))   /* bytes are read as UTF-8 */
        return fit_length(cx, v->u.str.ptr, v->u.str.len, to);
    buf_t b = BUF_INIT;
    render_sql_value(&b, v, from, cx->zone);
    value_t out = fit_length(cx, (const char *)b.data, b.len, to);
    buf_free(&b);
    return out;
}

/* ---- from text --------------------------------------------------------------------- */

static int bad_text(expr_ctx_t *cx, const char *s, size_t n, const type_t *to)
{
    char *t = type_to_string(to);
    expr_fail(cx, "Cannot cast '%.*s' to %s", (int)n, s, t);
    free(t);
    return -1;
}

/* Flink's BinaryStringDataUtil.toLong: sign, digits, a fraction that is
 * ignored; the value must fit the target. */
static int text_to_int(expr_ctx_t *cx, const char *s, size_t n, const type_t *to, int64_t *out)
{
    static const int64_t lo[] = {INT8_MIN, INT16_MIN, INT32_MIN, INT64_MIN};
    static const int64_t hi[] = {INT8_MAX, INT16_MAX, INT32_MAX, INT64_MAX};
    int k = to->id == TYPE_TINYINT ? 0 : to->id == TYPE_SMALLINT ? 1 : to->id == TYPE_INT ? 2 : 3;
    size_t m = n;
    const char *dot = memchr(s, '.', n);
    if (dot) {
        m = (size_t)(dot - s);
        for (const char *p = dot + 1; p < s + n; p++)
            if (*p < '0' || *p > '9') return bad_text(cx, s, n, to);
    }
    char err[128];
    if (text_parse_long(s, m, lo[k], hi[k], out, err, sizeof err) != 0) return bad_text(cx, s, n, to);
    return 0;
}

static int text_to_bool(expr_ctx_t *cx, const char *s, size_t n, bool *out)
{
    static const char *const yes[] = {"true", "t", "yes", "y", "1"}, *const no[] = {"false", "f", "no", "n", "0"};
    for (int i = 0; i < 5; i++) {
        if (strlen(yes[i]) == n && strncasecmp(s, yes[i], n) == 0) return *out = true, 0;
        if (strlen(no[i]) == n && strncasecmp(s, no[i], n) == 0) return *out = false, 0;
    }
    static const type_t boolean = {.id = TYPE_BOOLEAN, .nullable = true, .precision = -1, .scale = -1};
    return bad_text(cx, s, n, &boolean);
}

static int text_to_timestamp(expr_ctx_t *cx, const char *s, size_t n, const type_t *to, value_t *out)
{
    char err[128];
    int rc;
    if (!memchr(s, ':', n)) {
        int64_t day;
        rc = text_parse_date(s, n, &day, err, sizeof err);
        out->u.ts.millis = day * 86400000;
        out->u.ts.nanos = 0;
    } else {
        rc = text_parse_timestamp(s, n, TEXT_TS_SQL, false, &out->u.ts.millis, &out->u.ts.nanos, err, sizeof err);
        if (rc != 0)
            rc = text_parse_timestamp(s, n, TEXT_TS_ISO_8601, false, &out->u.ts.millis, &out->u.ts.nanos, err,
                                           sizeof err);
    }
    if (rc != 0) return bad_text(cx, s, n, to);
    if (to->id == TYPE_TIMESTAMP_LTZ) out->u.ts.millis = expr_local_to_utc(cx, out->u.ts.millis);
    type_t full = *to;
    full.precision = 9;
    *out = cast_value(out, &full, to, cx->arena);   /* cut the fraction to the precision */
    return 0;
}

static int from_text(expr_ctx_t *cx, const value_t *v, const type_t *to, value_t *out)
{
    const char *s = v->u.str.ptr;
    size_t n = v->u.str.len;
    char err[128];
    text_trim(&s, &n);
    memset(out, 0, sizeof *out);
    switch (to->id) {
    case TYPE_BOOLEAN: return text_to_bool(cx, s, n, &out->u.b);
    case TYPE_TINYINT:
    case TYPE_SMALLINT:
    case TYPE_INT:
    case TYPE_BIGINT: return text_to_int(cx, s, n, to, &out->u.i64);
    case TYPE_FLOAT: return text_parse_float(s, n, &out->u.f32, err, sizeof err) ? bad_text(cx, s, n, to) : 0;
    case TYPE_DOUBLE: return text_parse_double(s, n, &out->u.f64, err, sizeof err) ? bad_text(cx, s, n, to) : 0;
    case TYPE_DECIMAL:
        if (text_parse_decimal(s, n, to->precision, to->scale, &out->u.dec, &out->is_null, err, sizeof err))
            return bad_text(cx, s, n, to);
        return 0;
    case TYPE_DATE: return text_parse_date(s, n, &out->u.i64, err, sizeof err) ? bad_text(cx, s, n, to) : 0;
    case TYPE_TIME: return text_parse_time(s, n, &out->u.i64, err, sizeof err) ? bad_text(cx, s, n, to) : 0;
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ: return text_to_timestamp(cx, s, n, to, out);
    default: *out = fit_length(cx, v->u.str.ptr, v->u.str.len, to); return 0;   /* BINARY / VARBINARY */
    }
}

/* ---- numbers and time ----------------------------------------------------------------- */

/* Java's (long) of a double: saturating, NaN -> 0. */
static int64_t double_to_long(double d)
{
    if (d != d) return 0;
    if (d >= 9223372036854775807.0) return INT64_MAX;
    if (d <= -9223372036854775808.0) return INT64_MIN;
    return (int64_t)d;
}

static int64_t to_integer(const value_t *v, const type_t *from, const type_t *to)
{
    int64_t r;
    if (from->id == TYPE_BOOLEAN) r = v->u.b;
    else if (from->id == TYPE_DECIMAL) r = (int64_t)(v->u.dec / expr_pow10(from->scale));
    else if (expr_is_approx(from)) {
        double d = expr_to_double(v, from);
        if (to->id != TYPE_BIGINT) {   /* (int) saturates to int, then (short)/(byte) wrap */
            r = d != d ? 0 : d >= 2147483647.0 ? INT32_MAX : d <= -2147483648.0 ? INT32_MIN : (int64_t)d;
        } else {
            r = double_to_long(d);
        }
    } else r = v->u.i64;
    return expr_wrap_int(r, to);
}

static int numeric_cast(expr_ctx_t *cx, const value_t *v, const type_t *from, const type_t *to, value_t *out)
{
    memset(out, 0, sizeof *out);
    if (to->id == TYPE_BOOLEAN) {
        out->u.b = from->id == TYPE_DECIMAL ? v->u.dec != 0 : expr_to_double(v, from) != 0;
        return 0;
    }
    if (expr_is_int(to)) return out->u.i64 = to_integer(v, from, to), 0;
    if (from->id == TYPE_BOOLEAN) {
        value_t one = expr_i64(v->u.b);
        *out = cast_value(&one, &(type_t){.id = TYPE_INT, .precision = -1, .scale = -1}, to, cx->arena);
        return 0;
    }
    if (to->id == TYPE_DECIMAL && expr_is_approx(from)) {   /* BigDecimal.valueOf(double), HALF_UP */
        double d = expr_to_double(v, from);
        if (d != d || isinf(d)) return out->is_null = true, 0;
        buf_t b = BUF_INIT;
        jnum_double(&b, d);
        char err[64];
        text_parse_decimal((const char *)b.data, b.len, to->precision, to->scale, &out->u.dec, &out->is_null,
                                err, sizeof err);
        buf_free(&b);
        return 0;
    }
    if (to->id == TYPE_FLOAT) return out->u.f32 = (float)expr_to_double(v, from), 0;
    if (to->id == TYPE_DOUBLE) return out->u.f64 = expr_to_double(v, from), 0;
    *out = cast_value(v, from, to, cx->arena);   /* exact to DECIMAL */
    return 0;
}

static int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

static int temporal_cast(expr_ctx_t *cx, const value_t *v, const type_t *from, const type_t *to, value_t *out)
{
    memset(out, 0, sizeof *out);
    int64_t millis;
    int32_t nanos = 0;
    if (from->id == TYPE_DATE) millis = v->u.i64 * 86400000;
    else if (from->id == TYPE_TIME) millis = v->u.i64 / 1000000;
    else {
        millis = v->u.ts.millis;
        nanos = v->u.ts.nanos;
        if (from->id == TYPE_TIMESTAMP_LTZ) millis += (int64_t)expr_zone_offset(cx, millis) * 1000;
    }
    /* millis is now local wall time */
    if (to->id == TYPE_DATE) return out->u.i64 = floor_div(millis, 86400000), 0;
    if (to->id == TYPE_TIME) {
        int64_t ns = (millis - floor_div(millis, 86400000) * 86400000) * 1000000 + nanos;
        value_t t = expr_i64(from->id == TYPE_TIME ? v->u.i64 : ns);
        *out = cast_value(&t, &(type_t){.id = TYPE_TIME, .precision = 9}, to, cx->arena);
        return 0;
    }
    if (to->id == TYPE_TIMESTAMP_LTZ) millis = expr_local_to_utc(cx, millis);
    value_t t = {0};
    t.u.ts.millis = millis;
    t.u.ts.nanos = nanos;
    *out = cast_value(&t, &(type_t){.id = to->id, .precision = 9}, to, cx->arena);
    return 0;
}

static int nested_cast(expr_ctx_t *cx, const value_t *v, const type_t *from, const type_t *to, value_t *out)
{
    *out = *v;
    if (from->id == TYPE_ROW) {
        out->u.row.fields = arena_alloc(cx->arena, sizeof(value_t) * (v->u.row.n + 1));
        for (uint32_t i = 0; i < v->u.row.n; i++)
            if (expr_cast_value(cx, &v->u.row.fields[i], from->fields[i].type, to->fields[i].type,
                                &out->u.row.fields[i]) != 0)
                return -1;
        return 0;
    }
    if (from->id == TYPE_ARRAY) {
        out->u.list.items = arena_alloc(cx->arena, sizeof(value_t) * (v->u.list.n + 1));
        for (uint32_t i = 0; i < v->u.list.n; i++)
            if (expr_cast_value(cx, &v->u.list.items[i], from->elem, to->elem, &out->u.list.items[i]) != 0) return -1;
        return 0;
    }
    out->u.map.keys = arena_alloc(cx->arena, sizeof(value_t) * (v->u.map.n + 1));
    out->u.map.vals = arena_alloc(cx->arena, sizeof(value_t) * (v->u.map.n + 1));
    for (uint32_t i = 0; i < v->u.map.n; i++) {
        if (expr_cast_value(cx, &v->u.map.keys[i], from->elem, to->elem, &out->u.map.keys[i]) != 0) return -1;
        if (from->id == TYPE_MULTISET) out->u.map.vals[i] = v->u.map.vals[i];
        else if (expr_cast_value(cx, &v->u.map.vals[i], from->value, to->value, &out->u.map.vals[i]) != 0)
            return -1;
    }
    return 0;
}

int expr_cast_value(expr_ctx_t *cx, const value_t *v, const type_t *from, const type_t *to, value_t *out)
{
    if (v->is_null || from->id == TYPE_NULL) return *out = value_null(), 0;
    if (type_is_string(to) || (expr_is_binary(to) && (type_is_string(from) || expr_is_binary(from)))) {
        *out = to_text(cx, v, from, to);
        return 0;
    }
    if (type_is_string(from)) return from_text(cx, v, to, out);
    if ((type_is_numeric(from) || from->id == TYPE_BOOLEAN) && (type_is_numeric(to) || to->id == TYPE_BOOLEAN)) {
        if (from->id == TYPE_BOOLEAN && to->id == TYPE_BOOLEAN) return *out = *v, 0;
        return numeric_cast(cx, v, from, to, out);
    }
    if (is_temporal(from) && is_temporal(to) && from->id != to->id) return temporal_cast(cx, v, from, to, out);
    if (from->id == TYPE_ROW || from->id == TYPE_ARRAY || from->id == TYPE_MAP || from->id == TYPE_MULTISET)
        return nested_cast(cx, v, from, to, out);
    *out = cast_value(v, from, to, cx->arena);
    return 0;
}

/* ---- nodes -------------------------------------------------------------------------- */

static value_t eval_cast(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t v = EXPR_EVAL(n->args[0], cx), out;
    if (v.is_null || cx->failed) return value_null();
    if (!n->op) return expr_cast_value(cx, &v, n->args[0]->type, n->type, &out) == 0 ? out : value_null();
    /* TRY_CAST: a failed conversion is NULL */
    expr_ctx_t quiet = *cx;
    char err[256];
    quiet.err = err;
    quiet.errlen = sizeof err;
    return expr_cast_value(&quiet, &v, n->args[0]->type, n->type, &out) == 0 ? out : value_null();
}

expr_node_t *expr_cast(expr_cc_t *c, expr_node_t *n, const type_t *to, bool implicit, bool try_cast,
                       sqlp_pos_t pos)
{
    const type_t *from = n->type;
    if (type_equals_ignore_null(from, to) && !try_cast) return n;
    if (!castable(from, to)) {
        if (implicit) return expr_error_apply(c, pos, "CAST", false, &n, 1);
        char *a = type_to_string(from), *b = type_to_string(to);
        expr_error(c, pos, "Cast function cannot convert value of type %s to type %s", a, b);
        free(a);
        free(b);
        return NULL;
    }
    expr_node_t *k = expr_node_new(c, eval_cast, expr_with_null(c, to, from->nullable || try_cast), pos, 1);
    k->args[0] = n;
    k->op = try_cast;
    if (expr_is_const(n)) {   /* fold a constant once, keep the node if it fails at run time */
        char err[256];
        expr_ctx_t cx = {NULL, &c->x->arena, c->x->zone, err, sizeof err, false, NULL, NULL, NULL};
        value_t v = eval_cast(k, &cx);
        if (!cx.failed) return expr_const_node(c, k->type, v, pos);
    }
    return k;
}

const type_t *expr_coerce_args(expr_cc_t *c, expr_node_t *n, int from)
{
    int m = n->nargs - from;
    if (m <= 0) return NULL;
    const type_t **ts = arena_alloc(&c->x->arena, sizeof(type_t *) * (size_t)m);
    for (int i = 0; i < m; i++) ts[i] = n->args[from + i]->type;
    const type_t *t = expr_common_type(c, ts, m);
    if (!t) return NULL;
    for (int i = from; i < n->nargs; i++)
        if (!(n->args[i] = expr_cast(c, n->args[i], expr_with_null(c, t, n->args[i]->type->nullable), true, false,
                                     n->args[i]->pos)))
            return NULL;
    return t;
}

expr_node_t *expr_compile_cast_expr(expr_cc_t *c, const sqlp_expr_t *e)
{
    char terr[256];
    type_t *t = type_parse_n(e->u.cast.type.text, e->u.cast.type.len, terr, sizeof terr);
    if (!t) return expr_error(c, e->u.cast.type.pos, "%s", terr);
    expr_own(c, t);
    expr_node_t *a = expr_compile_node(c, e->u.cast.a);
    if (!a) return NULL;
    return expr_cast(c, a, t, false, e->u.cast.try_cast, e->pos);
}

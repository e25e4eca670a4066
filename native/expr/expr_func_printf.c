/* expr_func_printf.c - PRINTF(format, args...) as java.util.Formatter
 * formats (Locale.US): the conversions %s %S %d %x %X %o %f %b %B %c %% %n
 * with the flags '-', '0', '+', ' ', ',', a width, a precision and an
 * argument index (%2$s). A NULL argument prints "null" (%b: "false"); a NULL
 * format gives NULL. %f rounds half up on the shortest decimal digits of a
 * DOUBLE, as Java does (0.125 is 0.13 at two places). What Java rejects fails
 * the row with Java's exception; the conversions not listed (%e, %g, %a,
 * %t, %h) fail as not supported by ptfhost yet. */
#include "expr/expr_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/utf8.h"

typedef struct spec {
    int index;               /* 1-based argument, 0: the next one */
    bool left, zero, plus, space, group;
    int width, precision;    /* -1: none */
    char conv;
} spec_t;

static const char *java_class(const type_t *t)
{
    switch (t->id) {
    case TYPE_TINYINT: return "java.lang.Byte";
    case TYPE_SMALLINT: return "java.lang.Short";
    case TYPE_INT: return "java.lang.Integer";
    case TYPE_BIGINT: return "java.lang.Long";
    case TYPE_FLOAT: return "java.lang.Float";
    case TYPE_DOUBLE: return "java.lang.Double";
    case TYPE_DECIMAL: return "java.math.BigDecimal";
    case TYPE_BOOLEAN: return "java.lang.Boolean";
    default: return type_is_string(t) ? "java.lang.String" : NULL;
    }
}

/* Reads a specifier after '%' at *p; false at the end of the format. */
static bool read_spec(const char **p, const char *end, spec_t *s)
{
    *s = (spec_t){0, false, false, false, false, false, -1, -1, 0};
    const char *q = *p;
    const char *digits = q;
    while (q < end && *q >= '0' && *q <= '9') q++;
    if (q < end && *q == '$' && q > digits) s->index = atoi(digits), q++;
    else q = digits;
    for (; q < end && strchr("-0+ ,", *q); q++) {
        s->left |= *q == '-', s->zero |= *q == '0', s->plus |= *q == '+', s->space |= *q == ' ';
        s->group |= *q == ',';
    }
    if (q < end && *q >= '1' && *q <= '9') s->width = (int)strtol(q, (char **)&q, 10);
    if (q < end && *q == '.') s->precision = (int)strtol(q + 1, (char **)&q, 10);
    if (q >= end) return false;
    s->conv = *q++;
    *p = q;
    return true;
}

/* Digits with ',' every three from the right. */
static void group_digits(buf_t *out, const char *d, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0) buf_putc(out, ',');
        buf_putc(out, d[i]);
    }
}

/* A number's sign, integer digits and fraction, padded as the flags say. */
static void put_number(buf_t *out, const spec_t *s, bool negative, const char *digits, size_t nint, const char *frac)
{
    buf_t body = BUF_INIT;
    if (negative) buf_putc(&body, '-');
    else if (s->plus) buf_putc(&body, '+');
    else if (s->space) buf_putc(&body, ' ');
    size_t sign = body.len;
    if (s->group) group_digits(&body, digits, nint);
    else buf_append(&body, digits, nint);
    if (frac) buf_printf(&body, ".%s", frac);
    int pad = s->width - (int)body.len;
    if (pad > 0 && s->zero) {
        buf_append(out, body.data, sign);
        for (int i = 0; i < pad; i++) buf_putc(out, '0');
        buf_append(out, body.data + sign, body.len - sign);
    } else {
        for (int i = 0; !s->left && i < pad; i++) buf_putc(out, ' ');
        buf_append(out, body.data, body.len);
        for (int i = 0; s->left && i < pad; i++) buf_putc(out, ' ');
    }
    buf_free(&body);
}

static void put_padded(buf_t *out, const spec_t *s, const char *text, size_t n)
{
    if (s->precision >= 0) n = expr_utf8_skip(text, n, (size_t)s->precision);
    int pad = s->width - (int)expr_utf8_count(text, n);
    for (int i = 0; !s->left && i < pad; i++) buf_putc(out, ' ');
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        buf_putc(out, (s->conv == 'S' || s->conv == 'B') && c >= 'a' && c <= 'z' ? (char)(c - 32) : c);
    }
    for (int i = 0; s->left && i < pad; i++) buf_putc(out, ' ');
}

/* Digits d (value 0.d x 10^point) rounded half up to `precision` places:
 * the integer and fraction digits for put_number. */
static void put_fixed(buf_t *out, const spec_t *s, bool negative, const char *d, int nd, int point, int precision)
{
    int nint = point > 0 ? point : 1, len = nint + precision;
    char *a = malloc((size_t)len + 2);
    for (int i = 0; i < len; i++) {
        int j = point - nint + i;   /* the digit of d at a[i] */
        a[i] = j >= 0 && j < nd ? d[j] : '0';
    }
    int r = point + precision;       /* the first digit dropped */
    bool up = r >= 0 && r < nd && d[r] >= '5', carry = up;
    for (int i = len - 1; carry && i >= 0; i--) {
        carry = a[i] == '9';
        a[i] = carry ? '0' : (char)(a[i] + 1);
    }
    a[len] = 0;
    buf_t digits = BUF_INIT;
    if (carry) buf_putc(&digits, '1'), nint++;
    buf_append(&digits, a, (size_t)len);
    free(a);
    char *all = buf_steal(&digits);
    put_number(out, s, negative, all, (size_t)nint, precision ? all + nint : NULL);
    free(all);
}

/* %f of a DOUBLE by the digits of Double.toString (Java's FormattedFloatingDecimal). */
static void put_double(buf_t *out, const spec_t *s, double v, int precision)
{
    buf_t t = BUF_INIT;
    jnum_double(&t, v);
    const char *p = buf_cstr(&t);
    bool negative = *p == '-';
    if (negative) p++;
    if (*p == 'N' || *p == 'I') {
        spec_t plain = *s;
        plain.zero = false;
        put_number(out, &plain, negative, p, strlen(p), NULL);
        buf_free(&t);
        return;
    }
    char d[64];
    int nd = 0, point = 0, exp = 0;
    bool seen_point = false;
    for (; *p && *p != 'E'; p++) {
        if (*p == '.') seen_point = true;
        else if (nd == 0 && *p == '0') point -= seen_point;   /* a leading zero */
        else d[nd++] = *p, point += !seen_point;
    }
    if (*p == 'E') exp = atoi(p + 1);
    put_fixed(out, s, negative, d, nd, point + exp, precision);
    buf_free(&t);
}

static void put_decimal(buf_t *out, const spec_t *s, __int128 unscaled, int scale, int precision)
{
    buf_t t = BUF_INIT;
    jnum_int128(&t, unscaled < 0 ? -unscaled : unscaled);
    const char *d = buf_cstr(&t);
    int nd = (int)strlen(d);
    if (nd == 1 && d[0] == '0') nd = 0;
    put_fixed(out, s, unscaled < 0, d, nd, nd - scale, precision);
    buf_free(&t);
}

/* %x / %o: Java prints a negative Byte/Short/Integer/Long in two's complement of its width. */
static void put_radix(buf_t *out, const spec_t *s, int64_t v, const type_t *t)
{
    int bits = t->id == TYPE_TINYINT ? 8 : t->id == TYPE_SMALLINT ? 16 : t->id == TYPE_INT ? 32 : 64;
    uint64_t u = bits == 64 ? (uint64_t)v : (uint64_t)v & ((1ULL << bits) - 1);
    char d[32];
    snprintf(d, sizeof d, s->conv == 'o' ? "%llo" : s->conv == 'x' ? "%llx" : "%llX", (unsigned long long)u);
    spec_t plain = *s;
    plain.plus = plain.space = plain.group = false;
    put_number(out, &plain, false, d, strlen(d), NULL);
}

/* The text %s prints for a non-NULL value (its Java toString). */
static void value_text(buf_t *b, const value_t *v, const type_t *t)
{
    if (type_is_string(t)) buf_append(b, v->u.str.ptr, v->u.str.len);
    else if (t->id == TYPE_BOOLEAN) buf_puts(b, v->u.b ? "true" : "false");
    else if (t->id == TYPE_DOUBLE) jnum_double(b, v->u.f64);
    else if (t->id == TYPE_FLOAT) jnum_float(b, v->u.f32);
    else if (t->id == TYPE_DECIMAL) jnum_big_decimal(b, v->u.dec, t->scale);
    else buf_printf(b, "%lld", (long long)v->u.i64);
}

/* One conversion of argument v (type t); false with the Java exception in cx. */
static bool convert(buf_t *out, expr_ctx_t *cx, const spec_t *s, const value_t *v, const type_t *t)
{
    char lower = (char)(s->conv >= 'A' && s->conv <= 'Z' ? s->conv + 32 : s->conv);
    bool number = type_is_numeric(t), integer = expr_is_int(t);
    if (lower == 'b') return put_padded(out, s, v->is_null || (t->id == TYPE_BOOLEAN && !v->u.b) ? "false" : "true",
                                        v->is_null || (t->id == TYPE_BOOLEAN && !v->u.b) ? 5 : 4), true;
    if (v->is_null) return put_padded(out, s, "null", 4), true;
    if (lower == 's') {
        buf_t b = BUF_INIT;
        value_text(&b, v, t);
        put_padded(out, s, b.data ? (const char *)b.data : "", b.len);
        buf_free(&b);
        return true;
    }
    bool fits = (lower == 'd' || lower == 'x' || lower == 'o' || lower == 'c') ? integer : lower == 'f' && number && !integer;
    if (!fits) return expr_fail(cx, "java.util.IllegalFormatConversionException: %c != %s", s->conv, java_class(t)), false;
    if (lower == 'd') {
        char d[32];
        snprintf(d, sizeof d, "%llu", (unsigned long long)(v->u.i64 < 0 ? -(uint64_t)v->u.i64 : (uint64_t)v->u.i64));
        put_number(out, s, v->u.i64 < 0, d, strlen(d), NULL);
    } else if (lower == 'x' || lower == 'o') {
        put_radix(out, s, v->u.i64, t);
    } else if (lower == 'c') {
        buf_t b = BUF_INIT;
        utf8_put(&b, (uint32_t)v->u.i64);
        put_padded(out, s, (const char *)b.data, b.len);
        buf_free(&b);
    } else {
        int precision = s->precision >= 0 ? s->precision : 6;
        if (t->id == TYPE_DECIMAL) put_decimal(out, s, v->u.dec, t->scale, precision);
        else put_double(out, s, t->id == TYPE_FLOAT ? (double)v->u.f32 : v->u.f64, precision);
    }
    return true;
}

static value_t impl_printf(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)argv;
    value_t fmt = EXPR_EVAL(n->args[0], cx);
    if (fmt.is_null || cx->failed) return value_null();
    buf_t out = BUF_INIT;
    const char *p = fmt.u.str.ptr, *end = p + fmt.u.str.len;
    int next = 1;
    while (p < end) {
        const char *pct = memchr(p, '%', (size_t)(end - p));
        buf_append(&out, p, (size_t)((pct ? pct : end) - p));
        if (!pct) break;
        const char *at = pct;
        p = pct + 1;
        spec_t s;
        if (!read_spec(&p, end, &s)) {
            buf_free(&out);
            return expr_fail(cx, "java.util.UnknownFormatConversionException: Conversion = '%%'");
        }
        if (s.conv == '%' || s.conv == 'n') {
            buf_putc(&out, s.conv == 'n' ? '\n' : '%');
            continue;
        }
        if (!strchr("sSdxXofbBc", s.conv)) {
            buf_free(&out);
            if (strchr("eEgGaAtThH", s.conv))
                return expr_fail(cx, "PRINTF: the conversion '%%%c' is not supported by ptfhost yet", s.conv);
            return expr_fail(cx, "java.util.UnknownFormatConversionException: Conversion = '%c'", s.conv);
        }
        int k = s.index ? s.index : next++;
        if (k >= n->nargs) {
            buf_free(&out);
            return expr_fail(cx, "java.util.MissingFormatArgumentException: Format specifier '%.*s'", (int)(p - at), at);
        }
        value_t v = EXPR_EVAL(n->args[k], cx);
        if (cx->failed || !convert(&out, cx, &s, &v, n->args[k]->type)) {
            buf_free(&out);
            return value_null();
        }
    }
    return expr_str_buf(cx, &out);
}

/* The arguments Java would see as strings, numbers and booleans; others are not supported yet. */
static const type_t *infer_printf(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    if (!type_is_string(n->args[0]->type) && n->args[0]->type->id != TYPE_NULL)
        return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    for (int i = 1; i < n->nargs; i++) {
        const type_t *t = n->args[i]->type;
        if (t->id != TYPE_NULL && !java_class(t)) {
            char *ts = type_to_string(t);
            expr_error(c, n->args[i]->pos, "PRINTF with an argument of type %s is not supported by ptfhost yet", ts);
            free(ts);
            return NULL;
        }
    }
    return expr_string_type(c, n->args[0]->type->nullable || n->args[0]->type->id == TYPE_NULL);
}

const expr_func_t expr_funcs_printf[] = {
    {"PRINTF", 1, -1, "*", EXPR_R_CUSTOM, infer_printf, impl_printf, EXPR_F_LAZY, 0},
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};

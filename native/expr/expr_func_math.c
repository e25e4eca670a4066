/* expr_func_math.c - numeric functions: ABS, MOD, ROUND, TRUNCATE, FLOOR,
 * CEIL, SIGN (type-preserving, DECIMAL exact) and the DOUBLE functions
 * (POWER, SQRT, EXP, LN, LOG, trigonometry, ...) with the C library's
 * libm: Java computes some of them with fdlibm (StrictMath), which can differ
 * in the last digit (COSH(-1) is 1.543080634815244 in Java, ...437 here). ROUND of a DOUBLE rounds its Double.toString digits HALF_UP, as
 * Flink's BigDecimal.valueOf(d).setScale(n, HALF_UP) does. */
#include "expr/expr_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "types/text.h"

static value_t impl_abs(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    value_t v = argv[0];
    switch (n->type->id) {
    case TYPE_FLOAT: v.u.f32 = fabsf(v.u.f32); break;
    case TYPE_DOUBLE: v.u.f64 = fabs(v.u.f64); break;
    case TYPE_DECIMAL: v.u.dec = v.u.dec < 0 ? -v.u.dec : v.u.dec; break;
    default: v.u.i64 = expr_wrap_int(v.u.i64 < 0 ? (int64_t)(0 - (uint64_t)v.u.i64) : v.u.i64, n->type); break;
    }
    return v;
}

static value_t impl_sign(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    value_t v = argv[0];
    switch (n->type->id) {
    case TYPE_FLOAT: v.u.f32 = v.u.f32 > 0 ? 1.0f : v.u.f32 < 0 ? -1.0f : v.u.f32; break;
    case TYPE_DOUBLE: v.u.f64 = v.u.f64 > 0 ? 1.0 : v.u.f64 < 0 ? -1.0 : v.u.f64; break;
    case TYPE_DECIMAL: v.u.dec = (v.u.dec > 0) - (v.u.dec < 0); v.u.dec *= expr_pow10(n->type->scale); break;
    default: v.u.i64 = (v.u.i64 > 0) - (v.u.i64 < 0); break;
    }
    return v;
}

static const type_t *infer_mod(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    if (!expr_is_exact(n->args[0]->type) && n->args[0]->type->id != TYPE_NULL)
        return expr_error_apply(c, n->pos, f->name, false, n->args, 2);
    n->op = SQLP_OP_MOD;
    return expr_arithmetic(c, n, "MOD") ? n->type : NULL;
}

/* ---- ROUND, TRUNCATE, FLOOR, CEIL ----------------------------------------------------- */

enum { M_ROUND, M_TRUNCATE, M_FLOOR, M_CEIL };

/* v (unscaled at scale s) to `digits` fractional digits (may be < 0), by
 * mode, as an unscaled value at scale max(digits, 0). */
static __int128 dec_round(__int128 v, int s, int digits, int mode)
{
    if (digits >= s) return v * expr_pow10((digits > 0 ? digits : 0) - s);
    if (s - digits > 38) return 0;
    __int128 div = expr_pow10(s - digits), q = v / div, r = v % div;
    if (mode == M_ROUND) q += r * 2 >= div ? 1 : r * 2 <= -div ? -1 : 0;
    else if (mode == M_FLOOR && r < 0) q--;
    else if (mode == M_CEIL && r > 0) q++;
    return digits < 0 ? q * expr_pow10(-digits) : q;
}

static double double_round(double d, int digits, int mode)
{
    if (d != d || isinf(d)) return d;
    if (mode == M_FLOOR) return floor(d);
    if (mode == M_CEIL) return ceil(d);
    if (fabs(d) >= 1e17) return d;
    buf_t b = BUF_INIT;
    jnum_double(&b, d);
    __int128 u;
    bool is_null;
    char err[64];
    int scale = digits > 17 ? 17 : digits < 0 ? 0 : digits;
    /* parse exactly at 17 digits, then round as a decimal */
    text_parse_decimal((const char *)b.data, b.len, 38, 17, &u, &is_null, err, sizeof err);
    buf_free(&b);
    __int128 r = dec_round(u, 17, digits < 17 ? digits : 17, mode);
    double out = (double)r;
    if (digits < 0) return out;
    char text[80];
    buf_t t = BUF_INIT;
    jnum_big_decimal_plain(&t, r, scale);
    snprintf(text, sizeof text, "%s", buf_cstr(&t));
    buf_free(&t);
    return strtod(text, NULL);
}

static value_t impl_round(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    const type_t *t = n->args[0]->type;
    int digits = n->nargs > 1 ? (int)argv[1].u.i64 : 0;
    value_t v = argv[0];
    if (t->id == TYPE_DECIMAL) {
        if (n->nargs > 1 && digits >= t->scale) return v;
        __int128 r = dec_round(v.u.dec, t->scale, digits, n->op);
        int at = digits > 0 ? (digits < t->scale ? digits : t->scale) : 0;
        v.u.dec = r * expr_pow10(n->type->scale - at);
        return v;
    }
    if (expr_is_int(t)) {
        if (digits >= 0 || n->op == M_FLOOR || n->op == M_CEIL) return v;
        v.u.i64 = expr_wrap_int((int64_t)dec_round(v.u.i64, 0, digits, n->op), t);
        return v;
    }
    double d = double_round(expr_to_double(&v, t), digits, n->op);
    if (t->id == TYPE_FLOAT) v.u.f32 = (float)d;
    else v.u.f64 = d;
    return v;
}

static const type_t *infer_round(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *t = n->args[0]->type;
    if (n->nargs > 1 && !expr_is_const(n->args[1]) && t->id == TYPE_DECIMAL)
        return expr_error(c, n->args[1]->pos, "%s of a DECIMAL with a non-literal number of digits is not supported by ptfhost yet",
                          f->name);
    if (t->id != TYPE_DECIMAL) return expr_with_null(c, t, expr_any_nullable(n));
    int digits = n->nargs > 1 && !n->args[1]->value.is_null ? (int)n->args[1]->value.u.i64 : 0;
    int p = t->precision, s = t->scale;
    if (digits >= s) return t;
    if (digits < 0) return expr_type_new(c, TYPE_DECIMAL, expr_any_nullable(n), 1 + p - s > 38 ? 38 : 1 + p - s, 0);
    return expr_type_new(c, TYPE_DECIMAL, expr_any_nullable(n), 1 + p - s + digits > 38 ? 38 : 1 + p - s + digits,
                         digits);
}

/* ---- DOUBLE functions --------------------------------------------------------------------- */

enum { D_POWER, D_SQRT, D_EXP, D_LN, D_LOG10, D_LOG2, D_LOG, D_SIN, D_COS, D_TAN, D_ASIN, D_ACOS, D_ATAN,
       D_ATAN2, D_COT, D_SINH, D_COSH, D_TANH, D_DEGREES, D_RADIANS, D_PI, D_E };

static value_t impl_double(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    double a = n->nargs > 0 ? expr_to_double(&argv[0], n->args[0]->type) : 0;
    double b = n->nargs > 1 ? expr_to_double(&argv[1], n->args[1]->type) : 0;
    switch (n->op) {
    case D_POWER: return expr_f64(pow(a, b));
    case D_SQRT: return expr_f64(sqrt(a));
    case D_EXP: return expr_f64(exp(a));
    case D_LN: return expr_f64(log(a));
    case D_LOG10: return expr_f64(log10(a));
    case D_LOG2: return expr_f64(log(a) / log(2.0));
    case D_LOG: return expr_f64(n->nargs > 1 ? log(b) / log(a) : log(a));
    case D_SIN: return expr_f64(sin(a));
    case D_COS: return expr_f64(cos(a));
    case D_TAN: return expr_f64(tan(a));
    case D_ASIN: return expr_f64(asin(a));
    case D_ACOS: return expr_f64(acos(a));
    case D_ATAN: return expr_f64(atan(a));
    case D_ATAN2: return expr_f64(atan2(a, b));
    case D_COT: return expr_f64(1.0 / tan(a));
    case D_SINH: return expr_f64(sinh(a));
    case D_COSH: return expr_f64(cosh(a));
    case D_TANH: return expr_f64(tanh(a));
    case D_DEGREES: return expr_f64(a * 180.0 / M_PI);
    case D_RADIANS: return expr_f64(a / 180.0 * M_PI);
    case D_PI: return expr_f64(M_PI);
    default: return expr_f64(M_E);
    }
}

#define DFN(name, lo, hi, args, op) {name, lo, hi, args, EXPR_R_DOUBLE, NULL, impl_double, EXPR_F_STRICT, op}

const expr_func_t expr_funcs_math[] = {
    {"ABS", 1, 1, "N", EXPR_R_ARG0, NULL, impl_abs, EXPR_F_STRICT, 0},
    {"SIGN", 1, 1, "N", EXPR_R_ARG0, NULL, impl_sign, EXPR_F_STRICT, 0},
    {"MOD", 2, 2, "N", EXPR_R_CUSTOM, infer_mod, NULL, EXPR_F_STRICT, 0},
    {"ROUND", 1, 2, "NI", EXPR_R_CUSTOM, infer_round, impl_round, EXPR_F_STRICT, M_ROUND},
    {"TRUNCATE", 1, 2, "NI", EXPR_R_CUSTOM, infer_round, impl_round, EXPR_F_STRICT, M_TRUNCATE},
    DFN("POWER", 2, 2, "N", D_POWER),
    DFN("POW", 2, 2, "N", D_POWER),
    DFN("SQRT", 1, 1, "N", D_SQRT),
    DFN("EXP", 1, 1, "N", D_EXP),
    DFN("LN", 1, 1, "N", D_LN),
    DFN("LOG10", 1, 1, "N", D_LOG10),
    DFN("LOG2", 1, 1, "N", D_LOG2),
    DFN("LOG", 1, 2, "N", D_LOG),
    DFN("SIN", 1, 1, "N", D_SIN),
    DFN("COS", 1, 1, "N", D_COS),
    DFN("TAN", 1, 1, "N", D_TAN),
    DFN("ASIN", 1, 1, "N", D_ASIN),
    DFN("ACOS", 1, 1, "N", D_ACOS),
    DFN("ATAN", 1, 1, "N", D_ATAN),
    DFN("ATAN2", 2, 2, "N", D_ATAN2),
    DFN("COT", 1, 1, "N", D_COT),
    DFN("SINH", 1, 1, "N", D_SINH),
    DFN("COSH", 1, 1, "N", D_COSH),
    DFN("TANH", 1, 1, "N", D_TANH),
    DFN("DEGREES", 1, 1, "N", D_DEGREES),
    DFN("RADIANS", 1, 1, "N", D_RADIANS),
    DFN("PI", 0, 0, "N", D_PI),
    DFN("E", 0, 0, "N", D_E),
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};

/* FLOOR / CEIL of numbers; of a time value with a unit they are in
 * expr_func_time.c (expr_time_floor_infer). */
const type_t *expr_time_floor_infer(expr_cc_t *c, expr_node_t *n, const expr_func_t *f);

static const type_t *infer_floor(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    if (n->nargs == 2 || !type_is_numeric(n->args[0]->type)) {
        if (n->nargs == 2 && !n->args[1]->eval) return expr_time_floor_infer(c, n, f);
        if (n->args[0]->type->id != TYPE_NULL) return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    }
    const type_t *t = n->args[0]->type;
    if (t->id != TYPE_DECIMAL || t->scale == 0) return t;
    int p = 1 + t->precision - t->scale;
    return expr_type_new(c, TYPE_DECIMAL, t->nullable, p > 38 ? 38 : p, 0);
}

const expr_func_t expr_funcs_floor[] = {
    {"FLOOR", 1, 2, "AY", EXPR_R_CUSTOM, infer_floor, impl_round, EXPR_F_STRICT, M_FLOOR},
    {"CEIL", 1, 2, "AY", EXPR_R_CUSTOM, infer_floor, impl_round, EXPR_F_STRICT, M_CEIL},
    {"CEILING", 1, 2, "AY", EXPR_R_CUSTOM, infer_floor, impl_round, EXPR_F_STRICT, M_CEIL},
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};

/* expr_ops.c - SQL operators: arithmetic (Flink's result types, Java's
 * integer wrap-around, DECIMAL derivation), comparison, three-valued logic,
 * IS [NOT] ..., BETWEEN, IN, LIKE, CASE and ||. */
#include "expr/expr_int.h"

#include <math.h>
#include <string.h>

typedef enum { TV_FALSE = 0, TV_TRUE = 1, TV_UNKNOWN = 2 } truth_t;

static truth_t truth(value_t v) { return v.is_null ? TV_UNKNOWN : v.u.b ? TV_TRUE : TV_FALSE; }
static value_t of_truth(truth_t t) { return t == TV_UNKNOWN ? value_null() : expr_bool(t == TV_TRUE); }
static bool is_bool_or_null(const type_t *t) { return t->id == TYPE_BOOLEAN || t->id == TYPE_NULL; }

static const type_t *bool_type(expr_cc_t *c, bool nullable)
{
    return expr_type_new(c, TYPE_BOOLEAN, nullable, -1, -1);
}

static expr_node_t *compile2(expr_cc_t *c, const sqlp_expr_t *a, const sqlp_expr_t *b, expr_eval_fn fn,
                             sqlp_pos_t pos)
{
    expr_node_t *n = expr_node_new(c, fn, NULL, pos, b ? 2 : 1);
    if (!(n->args[0] = expr_compile_node(c, a))) return NULL;
    if (b && !(n->args[1] = expr_compile_node(c, b))) return NULL;
    for (int i = 0; i < n->nargs; i++)
        if (!n->args[i]->eval) return expr_error(c, n->args[i]->pos, "A symbol is not an expression");
    return n;
}

/* ---- logic ------------------------------------------------------------------------ */

static value_t eval_and(const expr_node_t *n, expr_ctx_t *cx)
{
    truth_t a = truth(EXPR_EVAL(n->args[0], cx));
    if (a == TV_FALSE) return expr_bool(false);
    truth_t b = truth(EXPR_EVAL(n->args[1], cx));
    if (b == TV_FALSE) return expr_bool(false);
    return of_truth(a == TV_TRUE && b == TV_TRUE ? TV_TRUE : TV_UNKNOWN);
}

static value_t eval_or(const expr_node_t *n, expr_ctx_t *cx)
{
    truth_t a = truth(EXPR_EVAL(n->args[0], cx));
    if (a == TV_TRUE) return expr_bool(true);
    truth_t b = truth(EXPR_EVAL(n->args[1], cx));
    if (b == TV_TRUE) return expr_bool(true);
    return of_truth(a == TV_FALSE && b == TV_FALSE ? TV_FALSE : TV_UNKNOWN);
}

static value_t eval_not(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t v = EXPR_EVAL(n->args[0], cx);
    return v.is_null ? v : expr_bool(!v.u.b);
}

/* IS [NOT] NULL / TRUE / FALSE / UNKNOWN: never NULL. */
static value_t eval_is(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t v = EXPR_EVAL(n->args[0], cx);
    switch ((sqlp_op_t)n->op) {
    case SQLP_OP_IS_NULL: return expr_bool(v.is_null);
    case SQLP_OP_IS_NOT_NULL: return expr_bool(!v.is_null);
    case SQLP_OP_IS_TRUE: return expr_bool(truth(v) == TV_TRUE);
    case SQLP_OP_IS_NOT_TRUE: return expr_bool(truth(v) != TV_TRUE);
    case SQLP_OP_IS_FALSE: return expr_bool(truth(v) == TV_FALSE);
    case SQLP_OP_IS_NOT_FALSE: return expr_bool(truth(v) != TV_FALSE);
    case SQLP_OP_IS_UNKNOWN: return expr_bool(v.is_null);
    default: return expr_bool(!v.is_null);
    }
}

/* ---- arithmetic ------------------------------------------------------------------- */

static bool dec_rescale(__int128 v, int from, int to, __int128 *out)
{
    if (to >= from) return !__builtin_mul_overflow(v, expr_pow10(to - from), out);
    __int128 div = expr_pow10(from - to), q = v / div, r = v % div;   /* HALF_UP */
    if (r * 2 >= div) q++;
    else if (r * 2 <= -div) q--;
    *out = q;
    return true;
}

static value_t dec_result(const type_t *t, __int128 v, bool ok)
{
    __int128 limit = expr_pow10(t->precision);
    if (!ok || v >= limit || v <= -limit) return value_null();
    return expr_dec(v);
}

/* a / b at `scale` fractional digits, HALF_UP, by long division. */
static bool dec_divide(__int128 a, int sa, __int128 b, int sb, int scale, __int128 *out)
{
    bool neg = (a < 0) != (b < 0);
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    int shift = scale - sa + sb;   /* extra digits to produce */
    while (shift < 0) {            /* fewer: scale b up instead */
        if (__builtin_mul_overflow(b, (__int128)10, &b)) { *out = 0; return true; }
        shift++;
    }
    __int128 q = a / b, r = a % b;
    for (int i = 0; i <= shift; i++) {   /* one digit more than needed, for rounding */
        __int128 d = (r * 10) / b;
        r = (r * 10) % b;
        if (i == shift) {
            if (d >= 5) q++;
            break;
        }
        if (__builtin_mul_overflow(q, (__int128)10, &q) || __builtin_add_overflow(q, d, &q)) return false;
    }
    *out = neg ? -q : q;
    return true;
}

static value_t arith_decimal(const expr_node_t *n, expr_ctx_t *cx, value_t x, value_t y)
{
    const type_t *ta = n->args[0]->type, *tb = n->args[1]->type, *t = n->type;
    int sa = ta->scale, sb = tb->scale, s = sa > sb ? sa : sb;
    __int128 a = 0, b = 0, r = 0;
    bool ok;
    switch ((sqlp_op_t)n->op) {
    case SQLP_OP_ADD:
    case SQLP_OP_SUB:
    case SQLP_OP_MOD:
        ok = dec_rescale(x.u.dec, sa, s, &a) && dec_rescale(y.u.dec, sb, s, &b);
        if (ok && n->op == SQLP_OP_MOD) {
            if (b == 0) return expr_fail(cx, "Division by zero");
            r = a % b;
        } else {
            ok = ok && !(n->op == SQLP_OP_ADD ? __builtin_add_overflow(a, b, &r) : __builtin_sub_overflow(a, b, &r));
        }
        ok = ok && dec_rescale(r, s, t->scale, &r);
        return dec_result(t, r, ok);
    case SQLP_OP_MUL:
        ok = !__builtin_mul_overflow(x.u.dec, y.u.dec, &r) && dec_rescale(r, sa + sb, t->scale, &r);
        return dec_result(t, r, ok);
    default:
        if (y.u.dec == 0) return expr_fail(cx, "Division by zero");
        ok = dec_divide(x.u.dec, sa, y.u.dec, sb, t->scale, &r);
        return dec_result(t, r, ok);
    }
}

static value_t arith_int(const expr_node_t *n, expr_ctx_t *cx, int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch ((sqlp_op_t)n->op) {
    case SQLP_OP_ADD: return expr_i64(expr_wrap_int((int64_t)(ua + ub), n->type));
    case SQLP_OP_SUB: return expr_i64(expr_wrap_int((int64_t)(ua - ub), n->type));
    case SQLP_OP_MUL: return expr_i64(expr_wrap_int((int64_t)(ua * ub), n->type));
    case SQLP_OP_DIV:
        if (b == 0) return expr_fail(cx, "java.lang.ArithmeticException: / by zero");
        if (b == -1) return expr_i64(expr_wrap_int((int64_t)(0 - ua), n->type));
        return expr_i64(expr_wrap_int(a / b, n->type));
    default:
        if (b == 0) return expr_fail(cx, "java.lang.ArithmeticException: / by zero");
        return expr_i64(b == -1 ? 0 : a % b);
    }
}

static value_t arith_double(const expr_node_t *n, double a, double b)
{
    double r;
    switch ((sqlp_op_t)n->op) {
    case SQLP_OP_ADD: r = a + b; break;
    case SQLP_OP_SUB: r = a - b; break;
    case SQLP_OP_MUL: r = a * b; break;
    case SQLP_OP_DIV: r = a / b; break;
    default: r = fmod(a, b); break;
    }
    value_t v = {0};
    if (n->type->id == TYPE_FLOAT) v.u.f32 = (float)r;
    else v.u.f64 = r;
    return v;
}

static value_t eval_arith(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t x = EXPR_EVAL(n->args[0], cx);
    if (x.is_null) return x;
    value_t y = EXPR_EVAL(n->args[1], cx);
    if (y.is_null) return y;
    if (n->type->id == TYPE_DECIMAL) return arith_decimal(n, cx, x, y);
    if (expr_is_int(n->type)) return arith_int(n, cx, x.u.i64, y.u.i64);
    return arith_double(n, expr_to_double(&x, n->args[0]->type), expr_to_double(&y, n->args[1]->type));
}

/* Months added to a date, the day clamped to the month's length. */
static int64_t add_months_days(int64_t day, int64_t months)
{
    int64_t y;
    int m, d;
    cal_civil_from_days(day, &y, &m, &d);
    int64_t total = y * 12 + (m - 1) + months;
    y = total >= 0 ? total / 12 : (total - 11) / 12;
    m = (int)(total - y * 12) + 1;
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int dim = mdays[m - 1] + (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0));
    return cal_days_from_civil(y, m, d > dim ? dim : d);
}

/* TIMESTAMP/DATE +- INTERVAL (the interval is args[1]). */
static value_t eval_temporal_arith(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t x = EXPR_EVAL(n->args[0], cx), y = EXPR_EVAL(n->args[1], cx);
    if (x.is_null || y.is_null) return value_null();
    int64_t iv = n->op == SQLP_OP_SUB ? -y.u.i64 : y.u.i64;
    bool months = n->args[1]->type->id == TYPE_INTERVAL_YM;
    if (n->type->id == TYPE_DATE) {
        if (months) return expr_i64(add_months_days(x.u.i64, iv));
        return expr_i64(x.u.i64 + (iv >= 0 ? iv / 86400000 : -((-iv) / 86400000)));
    }
    if (months) {
        int64_t day = x.u.ts.millis >= 0 ? x.u.ts.millis / 86400000 : (x.u.ts.millis - 86399999) / 86400000;
        x.u.ts.millis += (add_months_days(day, iv) - day) * 86400000;
    } else {
        x.u.ts.millis += iv;
    }
    return x;
}

static const type_t *arith_decimal_type(expr_cc_t *c, sqlp_op_t op, const type_t *a, const type_t *b, bool nullable)
{
    int p1, s1, p2, s2, p, s;
    expr_decimal_of(a, &p1, &s1);
    expr_decimal_of(b, &p2, &s2);
    switch (op) {
    case SQLP_OP_ADD:
    case SQLP_OP_SUB:
        s = s1 > s2 ? s1 : s2;
        p = (p1 - s1 > p2 - s2 ? p1 - s1 : p2 - s2) + s + 1;
        break;
    case SQLP_OP_MUL:
        s = s1 + s2;
        p = p1 + p2 + 1;
        break;
    case SQLP_OP_DIV:
        s = s1 + p2 + 1 > 6 ? s1 + p2 + 1 : 6;
        p = p1 - s1 + s2 + s;
        break;
    default:
        s = s1 > s2 ? s1 : s2;
        p = (p1 - s1 < p2 - s2 ? p1 - s1 : p2 - s2) + s;
        break;
    }
    expr_decimal_adjust(&p, &s);
    return expr_type_new(c, TYPE_DECIMAL, nullable, p, s);
}

/* INTERVAL +- INTERVAL of one family, INTERVAL * or / an integer. */
static value_t eval_interval_arith(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t x = EXPR_EVAL(n->args[0], cx), y = EXPR_EVAL(n->args[1], cx);
    if (x.is_null || y.is_null) return value_null();
    uint64_t a = (uint64_t)x.u.i64, b = (uint64_t)y.u.i64;
    switch ((sqlp_op_t)n->op) {
    case SQLP_OP_ADD: return expr_i64((int64_t)(a + b));
    case SQLP_OP_SUB: return expr_i64((int64_t)(a - b));
    case SQLP_OP_MUL: return expr_i64((int64_t)(a * b));
    default:
        if (y.u.i64 == 0) return expr_fail(cx, "java.lang.ArithmeticException: / by zero");
        return expr_i64(y.u.i64 == -1 ? (int64_t)(0 - a) : x.u.i64 / y.u.i64);
    }
}

static bool is_interval(const type_t *t) { return t->id == TYPE_INTERVAL_YM || t->id == TYPE_INTERVAL_DT; }

static void swap_args(expr_node_t *n)
{
    expr_node_t *t = n->args[0];
    n->args[0] = n->args[1];
    n->args[1] = t;
}

/* TIMESTAMP / DATE +- INTERVAL (also INTERVAL + TIMESTAMP) and interval arithmetic. */
static expr_node_t *temporal_arith(expr_cc_t *c, expr_node_t *n, const char *opname)
{
    sqlp_op_t op = (sqlp_op_t)n->op;
    bool add_sub = op == SQLP_OP_ADD || op == SQLP_OP_SUB;
    const type_t *a = n->args[0]->type, *b = n->args[1]->type;
    if (!is_interval(a) && is_interval(b) && op == SQLP_OP_MUL && expr_is_int(a)) swap_args(n);   /* 2 * INTERVAL */
    else if (is_interval(a) && !is_interval(b) && op == SQLP_OP_ADD && (expr_is_timestamp(b) || b->id == TYPE_DATE))
        swap_args(n);   /* INTERVAL + TIMESTAMP */
    a = n->args[0]->type;
    b = n->args[1]->type;
    bool nullable = a->nullable || b->nullable;
    if (is_interval(a) && ((add_sub && b->id == a->id) ||
                           ((op == SQLP_OP_MUL || op == SQLP_OP_DIV) && expr_is_int(b)))) {
        n->eval = eval_interval_arith;
        n->type = expr_with_null(c, a, nullable);
        return n;
    }
    if (!(is_interval(b) && add_sub && (expr_is_timestamp(a) || a->id == TYPE_DATE)))
        return expr_error_apply(c, n->pos, opname, true, n->args, 2);
    n->eval = eval_temporal_arith;
    n->type = expr_with_null(c, a, nullable);
    return n;
}

expr_node_t *expr_arithmetic(expr_cc_t *c, expr_node_t *n, const char *opname)
{
    const type_t *a = n->args[0]->type, *b = n->args[1]->type;
    bool nullable = a->nullable || b->nullable;
    if (a->id == TYPE_NULL) a = b;
    if (b->id == TYPE_NULL) b = a;
    if (!type_is_numeric(a) || !type_is_numeric(b)) {
        if (a->id != TYPE_NULL && b->id != TYPE_NULL) return temporal_arith(c, n, opname);
        return expr_error_apply(c, n->pos, opname, true, n->args, 2);
    }
    n->eval = eval_arith;
    if ((a->id == TYPE_DECIMAL || b->id == TYPE_DECIMAL) && expr_is_exact(a) && expr_is_exact(b)) {
        n->type = arith_decimal_type(c, (sqlp_op_t)n->op, a, b, nullable);
        for (int i = 0; i < 2; i++) {   /* integers become DECIMAL(10, 0) & co. */
            int p, s;
            expr_decimal_of(n->args[i]->type->id == TYPE_NULL ? n->type : n->args[i]->type, &p, &s);
            const type_t *d = expr_type_new(c, TYPE_DECIMAL, n->args[i]->type->nullable, p, s);
            if (!(n->args[i] = expr_cast(c, n->args[i], d, true, false, n->pos))) return NULL;
        }
        return n;
    }
    const type_t *ts[2] = {a, b};
    n->type = expr_with_null(c, expr_common_type(c, ts, 2), nullable);
    for (int i = 0; i < 2; i++)
        if (!(n->args[i] = expr_cast(c, n->args[i], n->type, true, false, n->pos))) return NULL;
    return n;
}

static value_t eval_neg(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t v = EXPR_EVAL(n->args[0], cx);
    if (v.is_null) return v;
    switch (n->type->id) {
    case TYPE_FLOAT: v.u.f32 = -v.u.f32; break;
    case TYPE_DOUBLE: v.u.f64 = -v.u.f64; break;
    case TYPE_DECIMAL: v.u.dec = -v.u.dec; break;
    default: v.u.i64 = expr_wrap_int((int64_t)(0 - (uint64_t)v.u.i64), n->type); break;
    }
    return v;
}

/* ---- comparison ----------------------------------------------------------------- */

static value_t eval_cmp(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t x = EXPR_EVAL(n->args[0], cx), y = EXPR_EVAL(n->args[1], cx);
    bool distinct_op = n->op == SQLP_OP_IS_DISTINCT_FROM || n->op == SQLP_OP_IS_NOT_DISTINCT_FROM;
    if (x.is_null || y.is_null) {
        if (!distinct_op) return value_null();
        bool same = x.is_null && y.is_null;
        return expr_bool(n->op == SQLP_OP_IS_DISTINCT_FROM ? !same : same);
    }
    int r = expr_compare_values(&x, &y, n->args[0]->type);
    switch ((sqlp_op_t)n->op) {
    case SQLP_OP_EQ: return expr_bool(r == 0);
    case SQLP_OP_NE: return expr_bool(r != 0);
    case SQLP_OP_LT: return expr_bool(r < 0);
    case SQLP_OP_LE: return expr_bool(r <= 0);
    case SQLP_OP_GT: return expr_bool(r > 0);
    case SQLP_OP_GE: return expr_bool(r >= 0);
    case SQLP_OP_IS_DISTINCT_FROM: return expr_bool(r != 0);
    default: return expr_bool(r == 0);
    }
}

static bool string_coercible(const type_t *t)
{
    return type_is_numeric(t) || t->id == TYPE_BOOLEAN || t->id == TYPE_DATE || t->id == TYPE_TIME ||
           expr_is_timestamp(t);
}

/* Brings n->args[from..] to one comparable type. A string compared with a
 * number, boolean or temporal value is cast to the other type (Calcite's
 * implicit coercion), e.g. ts > '2024-01-01 00:00:00'. */
static bool comparable(expr_cc_t *c, expr_node_t *n, int from)
{
    const type_t *other = NULL;
    for (int i = from; i < n->nargs; i++)
        if (string_coercible(n->args[i]->type)) other = n->args[i]->type;
    if (other)
        for (int i = from; i < n->nargs; i++)
            if (type_is_string(n->args[i]->type)) {
                const type_t *to = expr_with_null(c, other, n->args[i]->type->nullable);
                if (!(n->args[i] = expr_cast(c, n->args[i], to, false, false, n->args[i]->pos))) return false;
            }
    const type_t *t = expr_coerce_args(c, n, from);
    return t && t->id != TYPE_RAW;   /* MAP compares as a set of entries (value_compare) */
}

static expr_node_t *comparison(expr_cc_t *c, expr_node_t *n, const char *opname)
{
    if (!comparable(c, n, 0)) return *c->err ? NULL : expr_error_apply(c, n->pos, opname, true, n->args, 2);
    n->eval = eval_cmp;
    bool distinct_op = n->op == SQLP_OP_IS_DISTINCT_FROM || n->op == SQLP_OP_IS_NOT_DISTINCT_FROM;
    n->type = bool_type(c, !distinct_op && expr_any_nullable(n));
    return n;
}

/* ---- || ------------------------------------------------------------------------- */

static value_t eval_concat(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t x = EXPR_EVAL(n->args[0], cx), y = EXPR_EVAL(n->args[1], cx);
    if (x.is_null || y.is_null) return value_null();
    char *p = arena_alloc(cx->arena, (size_t)x.u.str.len + y.u.str.len + 1);
    memcpy(p, x.u.str.ptr, x.u.str.len);
    memcpy(p + x.u.str.len, y.u.str.ptr, y.u.str.len);
    value_t v = {0};
    v.u.str.ptr = p;
    v.u.str.len = x.u.str.len + y.u.str.len;
    return v;
}

static expr_node_t *concat(expr_cc_t *c, expr_node_t *n)
{
    const type_t *a = n->args[0]->type, *b = n->args[1]->type;
    bool str = (type_is_string(a) || a->id == TYPE_NULL) && (type_is_string(b) || b->id == TYPE_NULL);
    bool bin = (expr_is_binary(a) || a->id == TYPE_NULL) && (expr_is_binary(b) || b->id == TYPE_NULL);
    if (!str && !bin) return expr_error_apply(c, n->pos, "||", true, n->args, 2);
    long len = (long)(a->precision > 0 ? a->precision : 0) + (b->precision > 0 ? b->precision : 0);
    bool fixed = (a->id == TYPE_CHAR || a->id == TYPE_BINARY) && (b->id == TYPE_CHAR || b->id == TYPE_BINARY);
    type_id_t id = str ? (fixed ? TYPE_CHAR : TYPE_VARCHAR) : (fixed ? TYPE_BINARY : TYPE_VARBINARY);
    n->eval = eval_concat;
    n->type = expr_type_new(c, id, a->nullable || b->nullable, len > TYPE_MAX_LENGTH ? TYPE_MAX_LENGTH : (int)len, -1);
    return n;
}

/* ---- entry points from expr.c ---------------------------------------------------- */

expr_node_t *expr_compile_unary(expr_cc_t *c, const sqlp_expr_t *e)
{
    sqlp_op_t op = e->u.op.op;
    expr_node_t *n = compile2(c, e->u.op.a, NULL, eval_is, e->pos);
    if (!n) return NULL;
    n->op = op;
    const type_t *a = n->args[0]->type;
    switch (op) {
    case SQLP_OP_PLUS:
    case SQLP_OP_NEG:
        if (!type_is_numeric(a) && a->id != TYPE_INTERVAL_DT && a->id != TYPE_INTERVAL_YM)
            return expr_error_apply(c, e->pos, op == SQLP_OP_NEG ? "-" : "+", false, n->args, 1);
        if (op == SQLP_OP_PLUS) return n->args[0];
        n->eval = eval_neg;
        n->type = a;
        return n;
    case SQLP_OP_NOT:
        if (!is_bool_or_null(a)) return expr_error_apply(c, e->pos, "NOT", false, n->args, 1);
        n->eval = eval_not;
        n->type = bool_type(c, a->nullable);
        return n;
    case SQLP_OP_IS_NULL:
    case SQLP_OP_IS_NOT_NULL: n->type = bool_type(c, false); return n;
    default:
        if (!is_bool_or_null(a)) return expr_error_apply(c, e->pos, sqlp_op_name(op), false, n->args, 1);
        n->type = bool_type(c, false);
        return n;
    }
}

expr_node_t *expr_compile_binary(expr_cc_t *c, const sqlp_expr_t *e)
{
    sqlp_op_t op = e->u.op.op;
    expr_node_t *n = compile2(c, e->u.op.a, e->u.op.b, NULL, e->pos);
    if (!n) return NULL;
    n->op = op;
    const char *name = sqlp_op_name(op);
    switch (op) {
    case SQLP_OP_AND:
    case SQLP_OP_OR:
        if (!is_bool_or_null(n->args[0]->type) || !is_bool_or_null(n->args[1]->type))
            return expr_error_apply(c, e->pos, name, true, n->args, 2);
        n->eval = op == SQLP_OP_AND ? eval_and : eval_or;
        n->type = bool_type(c, expr_any_nullable(n));
        return n;
    case SQLP_OP_ADD:
    case SQLP_OP_SUB:
    case SQLP_OP_MUL:
    case SQLP_OP_DIV:
    case SQLP_OP_MOD: return expr_arithmetic(c, n, name);
    case SQLP_OP_CONCAT: return concat(c, n);
    default: return comparison(c, n, name);
    }
}

/* ---- BETWEEN, IN ------------------------------------------------------------------- */

static value_t eval_between(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t x = EXPR_EVAL(n->args[0], cx), lo = EXPR_EVAL(n->args[1], cx), hi = EXPR_EVAL(n->args[2], cx);
    const type_t *t = n->args[0]->type;
    truth_t ge = x.is_null || lo.is_null ? TV_UNKNOWN : expr_compare_values(&x, &lo, t) >= 0 ? TV_TRUE : TV_FALSE;
    truth_t le = x.is_null || hi.is_null ? TV_UNKNOWN : expr_compare_values(&x, &hi, t) <= 0 ? TV_TRUE : TV_FALSE;
    truth_t r = ge == TV_FALSE || le == TV_FALSE ? TV_FALSE : ge == TV_TRUE && le == TV_TRUE ? TV_TRUE : TV_UNKNOWN;
    if (n->op && r != TV_UNKNOWN) r = r == TV_TRUE ? TV_FALSE : TV_TRUE;
    return of_truth(r);
}

expr_node_t *expr_compile_between(expr_cc_t *c, const sqlp_expr_t *e)
{
    expr_node_t *n = expr_node_new(c, eval_between, NULL, e->pos, 3);
    const sqlp_expr_t *parts[3] = {e->u.between.a, e->u.between.low, e->u.between.high};
    for (int i = 0; i < 3; i++)
        if (!(n->args[i] = expr_compile_node(c, parts[i]))) return NULL;
    n->op = e->u.between.negated;
    const char *name = e->u.between.negated ? "NOT BETWEEN ASYMMETRIC" : "BETWEEN ASYMMETRIC";
    if (!comparable(c, n, 0)) return *c->err ? NULL : expr_error_apply(c, e->pos, name, true, n->args, 3);
    n->type = bool_type(c, expr_any_nullable(n));
    return n;
}

static value_t eval_in(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t x = EXPR_EVAL(n->args[0], cx);
    if (x.is_null) return x;
    truth_t r = TV_FALSE;
    for (int i = 1; i < n->nargs && r != TV_TRUE; i++) {
        value_t y = EXPR_EVAL(n->args[i], cx);
        if (y.is_null) r = TV_UNKNOWN;
        else if (expr_compare_values(&x, &y, n->args[0]->type) == 0) r = TV_TRUE;
    }
    if (n->op && r != TV_UNKNOWN) r = r == TV_TRUE ? TV_FALSE : TV_TRUE;
    return of_truth(r);
}

expr_node_t *expr_compile_in(expr_cc_t *c, const sqlp_expr_t *e)
{
    expr_node_t *n = expr_node_new(c, eval_in, NULL, e->pos, e->u.in.n + 1);
    if (!(n->args[0] = expr_compile_node(c, e->u.in.a))) return NULL;
    for (int i = 0; i < e->u.in.n; i++)
        if (!(n->args[i + 1] = expr_compile_node(c, e->u.in.list[i]))) return NULL;
    n->op = e->u.in.negated;
    if (!comparable(c, n, 0)) {
        if (*c->err) return NULL;
        return expr_error(c, e->pos, "Values passed to %s operator must have compatible types",
                          e->u.in.negated ? "NOT IN" : "IN");
    }
    n->type = bool_type(c, expr_any_nullable(n));
    return n;
}

/* ---- LIKE -------------------------------------------------------------------------- */

static size_t cp_len(const char *p, size_t n)
{
    unsigned char b = (unsigned char)p[0];
    size_t k = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    return k > n ? n : k;
}

/* SQL LIKE over code points: % any run, _ one character, `esc` quotes the
 * next pattern character (0: no escape). -1 for a bad escape sequence. */
static int like_match(const char *s, size_t sn, const char *p, size_t pn, int esc)
{
    while (pn) {
        size_t k = cp_len(p, pn);
        if (esc && k == 1 && *p == esc) {
            if (pn < 2 || (p[1] != '%' && p[1] != '_' && p[1] != esc)) return -1;
            if (!sn || *s != p[1]) return 0;
            s++, sn--, p += 2, pn -= 2;
            continue;
        }
        if (k == 1 && *p == '%') {
            while (pn && *p == '%') p++, pn--;
            if (!pn) return 1;
            for (;;) {
                int r = like_match(s, sn, p, pn, esc);
                if (r) return r;
                if (!sn) return 0;
                size_t m = cp_len(s, sn);
                s += m, sn -= m;
            }
        }
        if (!sn) return 0;
        size_t m = cp_len(s, sn);
        if (!(k == 1 && *p == '_') && (m != k || memcmp(s, p, k) != 0)) return 0;
        s += m, sn -= m, p += k, pn -= k;
    }
    return sn == 0;
}

int expr_like_match(const char *s, const char *pattern, int esc)
{
    for (const char *p = pattern; esc && *p; p++)   /* the whole pattern is checked, not what a mismatch reached */
        if (*p == esc && (++p, *p != '%' && *p != '_' && *p != esc)) return -1;
    return like_match(s, strlen(s), pattern, strlen(pattern), esc);
}

static value_t eval_like(const expr_node_t *n, expr_ctx_t *cx)
{
    value_t s = EXPR_EVAL(n->args[0], cx), p = EXPR_EVAL(n->args[1], cx);
    value_t e = n->nargs > 2 ? EXPR_EVAL(n->args[2], cx) : value_null();
    if (s.is_null || p.is_null || (n->nargs > 2 && e.is_null)) return value_null();
    int esc = 0;
    if (n->nargs > 2) {
        if (e.u.str.len != 1) return expr_fail(cx, "Invalid escape character '%.*s'", (int)e.u.str.len, e.u.str.ptr);
        esc = (unsigned char)e.u.str.ptr[0];
    }
    int r = like_match(s.u.str.ptr, s.u.str.len, p.u.str.ptr, p.u.str.len, esc);
    if (r < 0) return expr_fail(cx, "Invalid escape sequence '%.*s'", (int)p.u.str.len, p.u.str.ptr);
    return expr_bool(n->op ? !r : r);
}

expr_node_t *expr_compile_like(expr_cc_t *c, const sqlp_expr_t *e)
{
    int nargs = e->u.like.escape ? 3 : 2;
    expr_node_t *n = expr_node_new(c, eval_like, NULL, e->pos, nargs);
    const sqlp_expr_t *parts[3] = {e->u.like.a, e->u.like.pattern, e->u.like.escape};
    for (int i = 0; i < nargs; i++) {
        if (!(n->args[i] = expr_compile_node(c, parts[i]))) return NULL;
        const type_t *t = n->args[i]->type;
        if (!type_is_string(t) && t->id != TYPE_NULL)
            return expr_error_apply(c, e->pos, e->u.like.negated ? "NOT LIKE" : "LIKE", true, n->args, i + 1);
    }
    n->op = e->u.like.negated;
    n->type = bool_type(c, expr_any_nullable(n));
    return n;
}

/* ---- CASE ------------------------------------------------------------------------- */

/* args: [operand], when1, then1, ..., [else]; op bit 1 = has operand, bit 2 = has else. */
static value_t eval_case(const expr_node_t *n, expr_ctx_t *cx)
{
    int i = n->op & 1;
    int end = n->nargs - (n->op & 2 ? 1 : 0);
    value_t operand = i ? EXPR_EVAL(n->args[0], cx) : value_null();
    for (; i < end; i += 2) {
        value_t w = EXPR_EVAL(n->args[i], cx);
        bool hit = n->op & 1 ? !operand.is_null && !w.is_null &&
                                   expr_compare_values(&operand, &w, n->args[0]->type) == 0
                             : truth(w) == TV_TRUE;
        if (hit) return EXPR_EVAL(n->args[i + 1], cx);
    }
    return n->op & 2 ? EXPR_EVAL(n->args[n->nargs - 1], cx) : value_null();
}

/* Coerces the THEN / ELSE results to their common type. */
static bool case_results(expr_cc_t *c, expr_node_t *n, int first, bool has_else)
{
    int nres = 0;
    const type_t **ts = arena_alloc(&c->x->arena, sizeof(type_t *) * (size_t)n->nargs);
    for (int i = first + 1; i < n->nargs - has_else; i += 2) ts[nres++] = n->args[i]->type;
    if (has_else) ts[nres++] = n->args[n->nargs - 1]->type;
    const type_t *t = expr_common_type(c, ts, nres);
    if (!t) return false;
    t = expr_with_null(c, t, t->nullable || !has_else);
    for (int i = first + 1; i < n->nargs - has_else; i += 2)
        if (!(n->args[i] = expr_cast(c, n->args[i], t, true, false, n->args[i]->pos))) return false;
    if (has_else && !(n->args[n->nargs - 1] = expr_cast(c, n->args[n->nargs - 1], t, true, false, n->pos)))
        return false;
    n->type = t;
    return true;
}

expr_node_t *expr_compile_case(expr_cc_t *c, const sqlp_expr_t *e)
{
    bool has_op = e->u.case_.operand != NULL, has_else = e->u.case_.else_ != NULL;
    int nargs = has_op + 2 * e->u.case_.nwhen + has_else;
    expr_node_t *n = expr_node_new(c, eval_case, NULL, e->pos, nargs);
    n->op = (has_op ? 1 : 0) | (has_else ? 2 : 0);
    int k = 0;
    if (has_op && !(n->args[k++] = expr_compile_node(c, e->u.case_.operand))) return NULL;
    for (int i = 0; i < e->u.case_.nwhen; i++) {
        if (!(n->args[k++] = expr_compile_node(c, e->u.case_.whens[i].when))) return NULL;
        if (!has_op && !is_bool_or_null(n->args[k - 1]->type))
            return expr_error(c, e->u.case_.whens[i].when->pos, "Expected a boolean type in the WHEN clause");
        if (!(n->args[k++] = expr_compile_node(c, e->u.case_.whens[i].then))) return NULL;
    }
    if (has_else && !(n->args[k++] = expr_compile_node(c, e->u.case_.else_))) return NULL;
    if (has_op) {   /* the operand and the WHEN values compare in their common type */
        expr_node_t *cmp = expr_node_new(c, NULL, NULL, e->pos, 1 + e->u.case_.nwhen);
        for (int i = 0; i <= e->u.case_.nwhen; i++) cmp->args[i] = n->args[i ? 2 * i - 1 : 0];
        if (!comparable(c, cmp, 0))
            return *c->err ? NULL : expr_error(c, e->pos, "Incompatible types in CASE operand and WHEN values");
        for (int i = 0; i <= e->u.case_.nwhen; i++) n->args[i ? 2 * i - 1 : 0] = cmp->args[i];
    }
    if (!case_results(c, n, has_op, has_else))
        return *c->err ? NULL : expr_error(c, e->pos, "Illegal mixing of types in CASE or COALESCE statement");
    return n;
}

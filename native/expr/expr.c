/* expr.c - compiling an expression tree into typed nodes and evaluating it
 * (see expr.h): the entry points, literals, column and field references,
 * and the helpers the other expr_ files share (expr_int.h). Operators live
 * in expr_ops.c, casts in expr_cast.c, constructors and element access in
 * expr_coll.c, functions in expr_func*.c. */
#include "expr/expr_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr_udf.h"
#include "types/text.h"

expr_node_t *expr_compile_unary(expr_cc_t *c, const sqlp_expr_t *e);
expr_node_t *expr_compile_binary(expr_cc_t *c, const sqlp_expr_t *e);
expr_node_t *expr_compile_between(expr_cc_t *c, const sqlp_expr_t *e);
expr_node_t *expr_compile_in(expr_cc_t *c, const sqlp_expr_t *e);
expr_node_t *expr_compile_like(expr_cc_t *c, const sqlp_expr_t *e);
expr_node_t *expr_compile_case(expr_cc_t *c, const sqlp_expr_t *e);
expr_node_t *expr_compile_cast_expr(expr_cc_t *c, const sqlp_expr_t *e);
expr_node_t *expr_compile_ctor(expr_cc_t *c, const sqlp_expr_t *e);
expr_node_t *expr_compile_item(expr_cc_t *c, const sqlp_expr_t *e);
expr_node_t *expr_field_access(expr_cc_t *c, expr_node_t *base, const char *field, sqlp_pos_t pos);

/* ---- compiler helpers -------------------------------------------------------- */

expr_node_t *expr_node_new(expr_cc_t *c, expr_eval_fn fn, const type_t *t, sqlp_pos_t pos, int nargs)
{
    expr_node_t *n = arena_calloc(&c->x->arena, 1, sizeof *n);
    n->eval = fn;
    n->type = t;
    n->pos = pos;
    n->nargs = nargs;
    n->args = arena_calloc(&c->x->arena, (size_t)nargs + 1, sizeof(expr_node_t *));
    return n;
}

const type_t *expr_own(expr_cc_t *c, type_t *t)
{
    expr_t *x = c->x;
    if (x->ntypes == x->cap) {
        x->cap = x->cap ? 2 * x->cap : 16;
        x->types = realloc(x->types, sizeof(type_t *) * (size_t)x->cap);
        if (!x->types) abort();
    }
    x->types[x->ntypes++] = t;
    return t;
}

const type_t *expr_type_new(expr_cc_t *c, type_id_t id, bool nullable, int precision, int scale)
{
    type_t *t = type_new(id, nullable);
    t->precision = precision;
    t->scale = scale;
    return expr_own(c, t);
}

const type_t *expr_type_parse(expr_cc_t *c, const char *s)
{
    char err[128];
    type_t *t = type_parse(s, err, sizeof err);
    if (!t) abort();   /* only called with the module's own type strings */
    return expr_own(c, t);
}

const type_t *expr_with_null(expr_cc_t *c, const type_t *t, bool nullable)
{
    if (t->nullable == nullable) return t;
    type_t *u = type_clone(t);
    u->nullable = nullable;
    return expr_own(c, u);
}

const type_t *expr_string_type(expr_cc_t *c, bool nullable)
{
    return expr_type_new(c, TYPE_VARCHAR, nullable, TYPE_MAX_LENGTH, -1);
}

bool expr_any_nullable(const expr_node_t *n)
{
    for (int i = 0; i < n->nargs; i++)
        if (n->args[i]->type->nullable) return true;
    return false;
}

void *expr_error(expr_cc_t *c, sqlp_pos_t pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sqlp_vformat_error(c->env->script, pos, 0, c->err, c->errlen, fmt, ap);
    va_end(ap);
    return NULL;
}

/* Calcite's SqlTypeName spelling, as its validation messages print types. */
void expr_sql_type_name(buf_t *b, const type_t *t)
{
    switch (t->id) {
    case TYPE_INT: buf_puts(b, "INTEGER"); return;
    case TYPE_DECIMAL: buf_printf(b, "DECIMAL(%d, %d)", t->precision, t->scale); return;
    case TYPE_CHAR:
    case TYPE_VARCHAR:
    case TYPE_BINARY:
    case TYPE_VARBINARY:
    case TYPE_TIME:
    case TYPE_TIMESTAMP: buf_printf(b, "%s(%d)", type_id_name(t->id), t->precision); return;
    case TYPE_TIMESTAMP_LTZ: buf_printf(b, "TIMESTAMP_WITH_LOCAL_TIME_ZONE(%d)", t->precision); return;
    case TYPE_ARRAY:
    case TYPE_MULTISET:
        expr_sql_type_name(b, t->elem);
        buf_printf(b, " %s", t->id == TYPE_ARRAY ? "ARRAY" : "MULTISET");
        return;
    case TYPE_INTERVAL_YM: buf_puts(b, "INTERVAL_YEAR_MONTH"); return;
    case TYPE_INTERVAL_DT: buf_puts(b, "INTERVAL_DAY_TIME"); return;
    default: buf_puts(b, type_id_name(t->id)); return;
    }
}

void *expr_error_apply(expr_cc_t *c, sqlp_pos_t pos, const char *name, bool infix, expr_node_t *const *args,
                       int nargs)
{
    buf_t b = BUF_INIT;
    if (!infix) buf_printf(&b, "%s(", name);
    for (int i = 0; i < nargs; i++) {
        if (i) buf_puts(&b, infix ? " " : ", ");
        if (i && infix) buf_printf(&b, "%s ", name);
        buf_putc(&b, '<');
        if (args[i]->eval) expr_sql_type_name(&b, args[i]->type);
        else buf_puts(&b, args[i]->aux);
        buf_putc(&b, '>');
    }
    if (!infix) buf_putc(&b, ')');
    expr_error(c, pos, "Cannot apply '%s' to arguments of type '%s'.", name, buf_cstr(&b));
    buf_free(&b);
    return NULL;
}

/* ---- evaluation helpers --------------------------------------------------------- */

value_t expr_fail(expr_ctx_t *cx, const char *fmt, ...)
{
    if (!cx->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(cx->err, cx->errlen, fmt, ap);
        va_end(ap);
        cx->failed = true;
    }
    return value_null();
}

value_t expr_str(expr_ctx_t *cx, const char *p, size_t n)
{
    value_t v = {0};
    v.u.str.ptr = n ? arena_memdup(cx->arena, p, n) : "";
    v.u.str.len = (uint32_t)n;
    return v;
}

value_t expr_str_buf(expr_ctx_t *cx, buf_t *b)
{
    value_t v = expr_str(cx, (const char *)b->data, b->len);
    buf_free(b);
    return v;
}

int64_t expr_wrap_int(int64_t v, const type_t *t)
{
    switch (t->id) {
    case TYPE_TINYINT: return (int8_t)(uint8_t)(uint64_t)v;
    case TYPE_SMALLINT: return (int16_t)(uint16_t)(uint64_t)v;
    case TYPE_INT: return (int32_t)(uint32_t)(uint64_t)v;
    default: return v;
    }
}

__int128 expr_pow10(int n)
{
    __int128 p = 1;
    while (n-- > 0) p *= 10;
    return p;
}

double expr_to_double(const value_t *v, const type_t *t)
{
    switch (t->id) {
    case TYPE_FLOAT: return v->u.f32;
    case TYPE_DOUBLE: return v->u.f64;
    case TYPE_DECIMAL: return (double)v->u.dec / (double)expr_pow10(t->scale);
    default: return (double)v->u.i64;
    }
}

int expr_compare_values(const value_t *x, const value_t *y, const type_t *t)
{
    if (t->id == TYPE_FLOAT || t->id == TYPE_DOUBLE) {
        double a = expr_to_double(x, t), b = expr_to_double(y, t);
        if (a == b) return 0;
        if (a != a) return b != b ? 0 : 1;
        if (b != b) return -1;
        return a < b ? -1 : 1;
    }
    return value_compare(x, y, t);
}

/* ---- literals --------------------------------------------------------------------- */

static value_t eval_const(const expr_node_t *n, expr_ctx_t *cx)
{
    (void)cx;
    return n->value;
}

bool expr_is_const(const expr_node_t *n)
{
    return n->eval == eval_const;
}

expr_node_t *expr_const_node(expr_cc_t *c, const type_t *t, value_t v, sqlp_pos_t pos)
{
    expr_node_t *n = expr_node_new(c, eval_const, t, pos, 0);
    n->value = v;
    return n;
}

/* Calcite types an exact literal by its digits: 1.50 is DECIMAL(3, 2),
 * 0.05 is DECIMAL(2, 2), 12345678901234567890 is DECIMAL(20, 0). */
static expr_node_t *decimal_literal(expr_cc_t *c, const sqlp_expr_t *e)
{
    const char *s = e->u.lit.text;
    int digits = 0, scale = 0;
    bool frac = false, significant = false;
    for (const char *p = s; *p; p++) {
        if (*p == '.') frac = true;
        if (*p < '0' || *p > '9') continue;
        scale += frac;
        significant |= *p != '0';
        digits += significant;
    }
    int p = digits > scale ? digits : scale;
    if (p < 1) p = 1;
    char err[128];
    value_t v = {0};
    bool is_null = false;
    if (p > 38 || text_parse_decimal(s, strlen(s), p, scale, &v.u.dec, &is_null, err, sizeof err) != 0 ||
        is_null)
        return expr_error(c, e->pos, "Numeric literal '%s' out of range", s);
    return expr_const_node(c, expr_type_new(c, TYPE_DECIMAL, false, p, scale), v, e->pos);
}

static expr_node_t *integer_literal(expr_cc_t *c, const sqlp_expr_t *e)
{
    const sqlp_literal_t *l = &e->u.lit;
    if (!l->fits_int64) {
        sqlp_expr_t d = *e;
        d.u.lit.kind = SQLP_LIT_DECIMAL;
        return decimal_literal(c, &d);
    }
    bool small = l->i >= INT32_MIN && l->i <= INT32_MAX;
    return expr_const_node(c, expr_type_new(c, small ? TYPE_INT : TYPE_BIGINT, false, -1, -1), expr_i64(l->i), e->pos);
}

static int fraction_digits(const char *s)
{
    const char *dot = strrchr(s, '.');
    if (!dot || !strchr(s, ':')) return 0;
    int n = 0;
    while (dot[1 + n] >= '0' && dot[1 + n] <= '9') n++;
    return n;
}

static expr_node_t *temporal_literal(expr_cc_t *c, const sqlp_expr_t *e)
{
    const sqlp_literal_t *l = &e->u.lit;
    char err[256];
    value_t v = {0};
    size_t n = strlen(l->text);
    int rc;
    type_id_t id;
    switch (l->kind) {
    case SQLP_LIT_DATE:
        id = TYPE_DATE;
        rc = text_parse_date(l->text, n, &v.u.i64, err, sizeof err);
        break;
    case SQLP_LIT_TIME:
        id = TYPE_TIME;
        rc = text_parse_time(l->text, n, &v.u.i64, err, sizeof err);
        break;
    default:
        id = l->kind == SQLP_LIT_TIMESTAMP ? TYPE_TIMESTAMP : TYPE_TIMESTAMP_LTZ;
        rc = text_parse_timestamp(l->text, n, TEXT_TS_SQL, false, &v.u.ts.millis, &v.u.ts.nanos, err,
                                       sizeof err);
        break;
    }
    if (rc != 0) return expr_error(c, e->pos, "Illegal %s literal '%s': %s", type_id_name(id), l->text, err);
    return expr_const_node(c, expr_type_new(c, id, false, id == TYPE_DATE ? -1 : fraction_digits(l->text), -1), v,
                           e->pos);
}

static expr_node_t *interval_literal(expr_cc_t *c, const sqlp_expr_t *e)
{
    const sqlp_interval_t *iv = &e->u.lit.interval;
    static const int dt_unit[] = {
        [SQLP_UNIT_DAY] = TYPE_IU_DAY, [SQLP_UNIT_HOUR] = TYPE_IU_HOUR, [SQLP_UNIT_MINUTE] = TYPE_IU_MINUTE,
        [SQLP_UNIT_SECOND] = TYPE_IU_SECOND, [SQLP_UNIT_MILLISECOND] = TYPE_IU_SECOND, [SQLP_UNIT_WEEK] = TYPE_IU_DAY};
    type_t *t = type_new(iv->year_month ? TYPE_INTERVAL_YM : TYPE_INTERVAL_DT, false);
    t->precision = 2;
    if (iv->year_month) {
        t->interval_unit = iv->start == SQLP_UNIT_MONTH ? TYPE_IU_MONTH
                         : iv->end == SQLP_UNIT_MONTH ? TYPE_IU_YEAR_TO_MONTH : TYPE_IU_YEAR;
    } else {
        t->scale = 6;
        t->interval_unit = dt_unit[iv->start];
        if (iv->end != iv->start)
            t->interval_unit = iv->start == SQLP_UNIT_DAY ? TYPE_IU_DAY_TO_HOUR + (iv->end - SQLP_UNIT_HOUR)
                             : iv->start == SQLP_UNIT_HOUR ? TYPE_IU_HOUR_TO_MINUTE + (iv->end - SQLP_UNIT_MINUTE)
                                                           : TYPE_IU_MINUTE_TO_SECOND;
    }
    return expr_const_node(c, expr_own(c, t), expr_i64(iv->value), e->pos);
}

static expr_node_t *literal(expr_cc_t *c, const sqlp_expr_t *e)
{
    const sqlp_literal_t *l = &e->u.lit;
    value_t v = {0};
    switch (l->kind) {
    case SQLP_LIT_NULL: return expr_const_node(c, expr_type_new(c, TYPE_NULL, true, -1, -1), value_null(), e->pos);
    case SQLP_LIT_BOOL: return expr_const_node(c, expr_type_new(c, TYPE_BOOLEAN, false, -1, -1), expr_bool(l->b), e->pos);
    case SQLP_LIT_INTEGER: return integer_literal(c, e);
    case SQLP_LIT_DECIMAL: return decimal_literal(c, e);
    case SQLP_LIT_DOUBLE: return expr_const_node(c, expr_type_new(c, TYPE_DOUBLE, false, -1, -1), expr_f64(l->d), e->pos);
    case SQLP_LIT_STRING: {
        size_t n = strlen(l->text);
        v.u.str.ptr = l->text;
        v.u.str.len = (uint32_t)n;
        return expr_const_node(c, expr_type_new(c, TYPE_CHAR, false, (int)expr_utf8_count(l->text, n), -1), v, e->pos);
    }
    case SQLP_LIT_BINARY: {
        size_t n = strlen(l->text) / 2;
        unsigned char *p = arena_alloc(&c->x->arena, n + 1);
        for (size_t i = 0; i < n; i++) {
            unsigned hi, lo;
            sscanf(l->text + 2 * i, "%1x%1x", &hi, &lo);
            p[i] = (unsigned char)(hi << 4 | lo);
        }
        v.u.str.ptr = (const char *)p;
        v.u.str.len = (uint32_t)n;
        return expr_const_node(c, expr_type_new(c, TYPE_BINARY, false, (int)n, -1), v, e->pos);
    }
    case SQLP_LIT_INTERVAL: return interval_literal(c, e);
    default: return temporal_literal(c, e);
    }
}

/* ---- columns and field paths ----------------------------------------------------- */

static value_t eval_column(const expr_node_t *n, expr_ctx_t *cx)
{
    return cx->row->fields[n->op];
}

/* a, a.f.g, or t.a.f with a table qualifier t that is not a column. */
static expr_node_t *column(expr_cc_t *c, const sqlp_expr_t *e)
{
    const sqlp_name_t *name = &e->u.name;
    int first = 0, col = c->row ? type_field_index(c->row, name->parts[0].name) : -1;
    if (col < 0 && name->nparts > 1 && c->row) {
        first = 1;
        col = type_field_index(c->row, name->parts[1].name);
    }
    if (col < 0)
        return expr_error(c, e->pos, "SQL validation failed. Column '%s' not found in any table",
                          name->parts[first].name);
    expr_node_t *n = expr_node_new(c, eval_column, c->row->fields[col].type, e->pos, 0);
    n->op = col;
    for (int i = first + 1; n && i < name->nparts; i++) n = expr_field_access(c, n, name->parts[i].name, name->parts[i].pos);
    return n;
}

static expr_node_t *symbol(expr_cc_t *c, const sqlp_expr_t *e)
{
    expr_node_t *n = expr_node_new(c, NULL, expr_type_new(c, TYPE_NULL, true, -1, -1), e->pos, 0);
    n->aux = e->u.symbol;
    return n;
}

expr_node_t *expr_compile_node(expr_cc_t *c, const sqlp_expr_t *e)
{
    switch (e->kind) {
    case SQLP_E_LITERAL: return literal(c, e);
    case SQLP_E_COLUMN: return column(c, e);
    case SQLP_E_UNARY: return expr_compile_unary(c, e);
    case SQLP_E_BINARY: return expr_compile_binary(c, e);
    case SQLP_E_BETWEEN: return expr_compile_between(c, e);
    case SQLP_E_IN: return expr_compile_in(c, e);
    case SQLP_E_LIKE: return expr_compile_like(c, e);
    case SQLP_E_CALL: {
        expr_node_t *n;
        return expr_udf_compile(c, e, &n) ? n : expr_compile_call(c, e);
    }
    case SQLP_E_CAST: return expr_compile_cast_expr(c, e);
    case SQLP_E_CASE: return expr_compile_case(c, e);
    case SQLP_E_ARRAY:
    case SQLP_E_MAP:
    case SQLP_E_ROW: return expr_compile_ctor(c, e);
    case SQLP_E_ITEM: return expr_compile_item(c, e);
    case SQLP_E_SYMBOL: return symbol(c, e);
    case SQLP_E_STAR: return expr_error(c, e->pos, "'*' is not allowed in an expression");
    case SQLP_E_DESCRIPTOR: return expr_error(c, e->pos, "DESCRIPTOR is only allowed as a PTF argument");
    case SQLP_E_DEFAULT: return expr_error(c, e->pos, "DEFAULT is only allowed as a function argument");
    case SQLP_E_TABLE_ARG: return expr_error(c, e->pos, "TABLE is only allowed as a PTF argument");
    }
    return expr_error(c, e->pos, "Unsupported expression");
}

/* ---- entry points ------------------------------------------------------------------- */

expr_t *expr_compile(const expr_env_t *env, const sqlp_expr_t *e, const type_t *row_type, char *err,
                     size_t errlen)
{
    return expr_compile_udfs(env, NULL, e, row_type, err, errlen);
}

expr_t *expr_compile_udfs(const expr_env_t *env, const expr_udf_resolver_t *udfs, const sqlp_expr_t *e,
                          const type_t *row_type, char *err, size_t errlen)
{
    expr_t *x = calloc(1, sizeof *x);
    if (!x) abort();
    arena_init(&x->arena, 4096);
    x->udfs = udfs;
    x->zone = env->zone;
    expr_cc_t c = {env, row_type, x, err, errlen};
    if (errlen) err[0] = '\0';
    x->root = expr_compile_node(&c, e);
    if (x->root && !x->root->eval) x->root = expr_error(&c, e->pos, "A symbol is not an expression");
    if (!x->root) {
        expr_free(x);
        return NULL;
    }
    return x;
}

void expr_set_clock(expr_t *x, int64_t (*now_ms)(const void *ctx), const void *ctx)
{
    x->now_ms = now_ms;
    x->now_ctx = ctx;
}

void expr_set_watermark(expr_t *x, const int64_t *watermark)
{
    x->watermark = watermark;
}

bool expr_reads_watermark(const expr_t *x)
{
    return x->reads_watermark;
}

const type_t *expr_type(const expr_t *x)
{
    return x->root->type;
}

int expr_eval(const expr_t *x, const row_t *row, arena_t *a, value_t *out, char *err, size_t errlen)
{
    if (x->nudf) return expr_udf_eval(x, row, a, out, err, errlen);
    expr_ctx_t cx = {row, a, x->zone, err, errlen, false, x->now_ms, x->now_ctx, x->watermark};
    *out = EXPR_EVAL(x->root, &cx);
    return cx.failed ? -1 : 0;
}

void expr_free(expr_t *x)
{
    if (!x) return;
    expr_udf_cache_free(x);
    for (int i = 0; i < x->ntypes; i++) type_free(x->types[i]);
    free(x->types);
    arena_destroy(&x->arena);
    free(x);
}

/* literal.c - see literal.h. A constant is taken apart in stages: its sign,
 * then its form (CAST, a constructor, DESCRIPTOR, a literal), then for a
 * plain literal one stage per target type. A stage that finds a literal of
 * the wrong kind (a string for an INT) answers WRONG_KIND, and one message
 * says what the type expects and what was given. */
#include "engine/literal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/text.h"

/* What a per-type stage answers besides 0 (coerced) and -1 (error in err). */
enum { WRONG_KIND = 1 };

/* One coercion: the constant, its target, where messages go. */
typedef struct coercion {
    const sqlp_script_t *script;
    const sqlp_expr_t *e;       /* the whole constant (with its sign): messages point here */
    const type_t *t;
    char *tname;                /* t as text, for messages */
    const char *argname;
    arena_t *a;
    char *err;
    size_t errlen;
} coercion_t;

__attribute__((format(printf, 2, 3))) static int fail(const coercion_t *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sqlp_vformat_error(c->script, c->e->pos, 0, c->err, c->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int coerce_to(const coercion_t *c, const sqlp_expr_t *e, const type_t *t, value_t *out)
{
    return literal_value(c->script, e, t, c->argname, c->a, out, c->err, c->errlen);
}

/* ---- forms --------------------------------------------------------------------- */

/* CAST('x' AS ct) reads the string as a ct literal, as Flink's cast does. */
static void reread_string_as(sqlp_literal_t *l, const type_t *ct)
{
    if (ct->id == TYPE_BOOLEAN && (strcasecmp(l->text, "TRUE") == 0 || strcasecmp(l->text, "FALSE") == 0)) {
        l->kind = SQLP_LIT_BOOL;
        l->b = strcasecmp(l->text, "TRUE") == 0;
    } else if (ct->id == TYPE_DATE) {
        l->kind = SQLP_LIT_DATE;
    } else if (ct->id == TYPE_TIMESTAMP || ct->id == TYPE_TIMESTAMP_LTZ) {
        l->kind = SQLP_LIT_TIMESTAMP;
    } else if (type_is_numeric(ct)) {
        char *end;
        errno = 0;
        long long iv = strtoll(l->text, &end, 10);
        if (!errno && end != l->text && !*end) {
            l->kind = SQLP_LIT_INTEGER;
            l->fits_int64 = true;
            l->i = iv;
        } else {
            l->kind = strchr(l->text, 'e') || strchr(l->text, 'E') ? SQLP_LIT_DOUBLE : SQLP_LIT_DECIMAL;
        }
    }
}

/* CAST(x AS ct): x is coerced to ct, and ct must be the target type. */
static int coerce_cast(const coercion_t *c, const sqlp_expr_t *cast, value_t *out)
{
    char terr[256];
    type_t *ct = type_parse_n(cast->u.cast.type.text, cast->u.cast.type.len, terr, sizeof terr);
    if (!ct) {
        sqlp_format_error(c->script, cast->u.cast.type.pos, 0, c->err, c->errlen, "%s", terr);
        return -1;
    }
    const sqlp_expr_t *x = cast->u.cast.a;
    sqlp_expr_t reread;
    if (x->kind == SQLP_E_LITERAL && x->u.lit.kind == SQLP_LIT_STRING && !type_is_string(ct)) {
        reread = *x;
        reread_string_as(&reread.u.lit, ct);
        x = &reread;
    }
    int rc = coerce_to(c, x, ct, out);
    bool same = type_equals_ignore_null(ct, c->t);
    type_free(ct);
    if (rc == 0 && !same && !out->is_null)
        rc = fail(c, "Invalid argument type for '%s': the function expects %s.", c->argname, c->tname);
    return rc;
}

/* ARRAY[..], MAP[k, v, ..] or ROW(..), element by element. */
static int coerce_constructor(const coercion_t *c, const sqlp_expr_t *e, value_t *out)
{
    const type_t *t = c->t;
    int n = e->u.list.n;
    sqlp_expr_t *const *items = e->u.list.items;
    bool ok = e->kind == SQLP_E_ARRAY ? t->id == TYPE_ARRAY
            : e->kind == SQLP_E_MAP   ? t->id == TYPE_MAP && n % 2 == 0
                                      : type_is_composite(t) && t->nfields == n;
    if (!ok) return fail(c, "Invalid argument type for '%s'. The function expects %s.", c->argname, c->tname);
    int rc = 0;
    if (e->kind == SQLP_E_ARRAY) {
        out->u.list.n = (uint32_t)n;
        out->u.list.items = arena_calloc(c->a, (size_t)n + 1, sizeof(value_t));
        for (int i = 0; rc == 0 && i < n; i++) rc = coerce_to(c, items[i], t->elem, &out->u.list.items[i]);
    } else if (e->kind == SQLP_E_MAP) {
        out->u.map.n = (uint32_t)(n / 2);
        out->u.map.keys = arena_calloc(c->a, (size_t)n / 2 + 1, sizeof(value_t));
        out->u.map.vals = arena_calloc(c->a, (size_t)n / 2 + 1, sizeof(value_t));
        for (int i = 0; rc == 0 && i < n / 2; i++) {
            rc = coerce_to(c, items[2 * i], t->elem, &out->u.map.keys[i]);
            if (rc == 0) rc = coerce_to(c, items[2 * i + 1], t->value, &out->u.map.vals[i]);
        }
    } else {
        out->u.row.n = (uint32_t)n;
        out->u.row.fields = arena_calloc(c->a, (size_t)n + 1, sizeof(value_t));
        for (int i = 0; rc == 0 && i < n; i++) rc = coerce_to(c, items[i], t->fields[i].type, &out->u.row.fields[i]);
    }
    return rc;
}

/* DESCRIPTOR(a, b): the column names, as a list of strings. */
static int coerce_descriptor(const coercion_t *c, const sqlp_expr_t *e, value_t *out)
{
    if (c->t->id != TYPE_DESCRIPTOR)
        return fail(c, "Invalid argument type for '%s'. The function expects %s, not a DESCRIPTOR.", c->argname,
                    c->tname);
    int n = e->u.descriptor.n;
    out->u.list.n = (uint32_t)n;
    out->u.list.items = arena_calloc(c->a, (size_t)n + 1, sizeof(value_t));
    for (int i = 0; i < n; i++) {
        const char *name = e->u.descriptor.cols[i].name;
        out->u.list.items[i].u.str.ptr = arena_strdup(c->a, name);
        out->u.list.items[i].u.str.len = (uint32_t)strlen(name);
    }
    return 0;
}

/* ---- a plain literal, one stage per target type -------------------------------- */

static bool is_numeric_literal(const sqlp_literal_t *l)
{
    return l->kind == SQLP_LIT_INTEGER || l->kind == SQLP_LIT_DECIMAL || l->kind == SQLP_LIT_DOUBLE;
}

static int to_integer(const coercion_t *c, const sqlp_literal_t *l, bool negate, value_t *out)
{
    if (l->kind != SQLP_LIT_INTEGER || !l->fits_int64) return WRONG_KIND;
    type_id_t id = c->t->id;
    int64_t v = negate ? -l->i : l->i;
    int64_t lo = id == TYPE_TINYINT ? INT8_MIN : id == TYPE_SMALLINT ? INT16_MIN : id == TYPE_INT ? INT32_MIN : INT64_MIN;
    int64_t hi = id == TYPE_TINYINT ? INT8_MAX : id == TYPE_SMALLINT ? INT16_MAX : id == TYPE_INT ? INT32_MAX : INT64_MAX;
    out->u.i64 = v;
    if (v < lo || v > hi)
        return fail(c, "Invalid argument value for '%s': %" PRId64 " is out of range for %s.", c->argname, v, c->tname);
    return 0;
}

static int to_approximate(const coercion_t *c, const sqlp_literal_t *l, bool negate, value_t *out)
{
    if (!is_numeric_literal(l)) return WRONG_KIND;
    out->u.f64 = strtod(l->text, NULL) * (negate ? -1 : 1);
    if (c->t->id == TYPE_FLOAT) out->u.f32 = (float)out->u.f64;
    return 0;
}

static int to_decimal(const coercion_t *c, const sqlp_literal_t *l, bool negate, value_t *out)
{
    if (!is_numeric_literal(l) || l->kind == SQLP_LIT_DOUBLE) return WRONG_KIND;
    char derr[128];
    bool overflow = false;
    int rc = 0;
    if (text_parse_decimal(l->text, strlen(l->text), c->t->precision, c->t->scale, &out->u.dec, &overflow,
                                derr, sizeof derr) != 0 || overflow)
        rc = fail(c, "Invalid argument value for '%s': %s does not fit %s.", c->argname, l->text, c->tname);
    if (negate) out->u.dec = -out->u.dec;
    return rc;
}

static int to_boolean(const sqlp_literal_t *l, value_t *out)
{
    if (l->kind != SQLP_LIT_BOOL) return WRONG_KIND;
    out->u.b = l->b;
    return 0;
}

static int to_string(const coercion_t *c, const sqlp_literal_t *l, value_t *out)
{
    if (l->kind != SQLP_LIT_STRING) return WRONG_KIND;
    out->u.str.ptr = arena_strdup(c->a, l->text);
    out->u.str.len = (uint32_t)strlen(l->text);
    return 0;
}

/* A SQL timestamp or date literal's text ('yyyy-MM-dd[ HH:mm:ss[.f]]', or with
 * 'T'), read by the formats' text parsers. */
static int parse_timestamp(const char *s, bool date_only, int64_t *millis, int32_t *nanos)
{
    char e[128];
    size_t n = strlen(s);
    if (date_only || !strchr(s, ':')) {
        int64_t day;
        if (text_parse_date(s, n, &day, e, sizeof e) != 0) return -1;
        *millis = day * 86400000LL;
        *nanos = 0;
        return 0;
    }
    if (text_parse_timestamp(s, n, TEXT_TS_SQL, false, millis, nanos, e, sizeof e) == 0) return 0;
    return text_parse_timestamp(s, n, TEXT_TS_ISO_8601, false, millis, nanos, e, sizeof e);
}

/* DATE, TIMESTAMP, TIMESTAMP_LTZ: a date/timestamp literal or a string in that form. */
static int to_datetime(const coercion_t *c, const sqlp_literal_t *l, value_t *out)
{
    bool ok_kind = l->kind == SQLP_LIT_STRING || l->kind == SQLP_LIT_DATE || l->kind == SQLP_LIT_TIMESTAMP ||
                   l->kind == SQLP_LIT_TIMESTAMP_LTZ;
    bool date = c->t->id == TYPE_DATE;
    int64_t ms;
    int32_t ns;
    if (!ok_kind || parse_timestamp(l->text, date, &ms, &ns) != 0) return WRONG_KIND;
    if (date) {
        out->u.i64 = ms / 86400000LL;
    } else {
        out->u.ts.millis = ms;
        out->u.ts.nanos = ns;
    }
    return 0;
}

static int to_interval(const coercion_t *c, const sqlp_literal_t *l, bool negate, value_t *out)
{
    if (l->kind != SQLP_LIT_INTERVAL || l->interval.year_month != (c->t->id == TYPE_INTERVAL_YM)) return WRONG_KIND;
    out->u.i64 = negate ? -l->interval.value : l->interval.value;
    return 0;
}

/* What a type accepts, for the WRONG_KIND message. */
static const char *expected_form(type_id_t id)
{
    switch (id) {
    case TYPE_FLOAT:
    case TYPE_DOUBLE: return "a number";
    case TYPE_DECIMAL: return "an exact number";
    case TYPE_BOOLEAN: return "TRUE or FALSE";
    case TYPE_CHAR:
    case TYPE_VARCHAR: return "a string literal";
    case TYPE_DATE: return "DATE 'yyyy-MM-dd'";
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ: return "TIMESTAMP 'yyyy-MM-dd HH:mm:ss'";
    case TYPE_INTERVAL_YM: return "INTERVAL 'n' YEAR|MONTH";
    case TYPE_INTERVAL_DT: return "INTERVAL 'n' DAY|HOUR|MINUTE|SECOND";
    default: return "an integer";
    }
}

static const char *literal_desc(const sqlp_literal_t *l, char *tmp, size_t n)
{
    switch (l->kind) {
    case SQLP_LIT_NULL: return "NULL";
    case SQLP_LIT_BOOL: return l->b ? "TRUE" : "FALSE";
    case SQLP_LIT_STRING: snprintf(tmp, n, "the string '%s'", l->text); return tmp;
    case SQLP_LIT_INTERVAL: snprintf(tmp, n, "INTERVAL '%s'", l->interval.string); return tmp;
    default: snprintf(tmp, n, "%s", l->text); return tmp;
    }
}

static int coerce_literal(const coercion_t *c, const sqlp_literal_t *l, bool negate, value_t *out)
{
    if (l->kind == SQLP_LIT_NULL) {
        out->is_null = true;
        if (c->t->nullable) return 0;
        return fail(c, "Invalid argument value for '%s': NULL cannot be passed to a NOT NULL argument of type %s.",
                    c->argname, c->tname);
    }
    int rc;
    switch (c->t->id) {
    case TYPE_TINYINT:
    case TYPE_SMALLINT:
    case TYPE_INT:
    case TYPE_BIGINT: rc = to_integer(c, l, negate, out); break;
    case TYPE_FLOAT:
    case TYPE_DOUBLE: rc = to_approximate(c, l, negate, out); break;
    case TYPE_DECIMAL: rc = to_decimal(c, l, negate, out); break;
    case TYPE_BOOLEAN: rc = to_boolean(l, out); break;
    case TYPE_CHAR:
    case TYPE_VARCHAR: rc = to_string(c, l, out); break;
    case TYPE_DATE:
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ: rc = to_datetime(c, l, out); break;
    case TYPE_INTERVAL_DT:
    case TYPE_INTERVAL_YM: rc = to_interval(c, l, negate, out); break;
    default:
        return fail(c, "Unsupported argument type for '%s': ptfhost cannot pass literals of type %s yet.", c->argname,
                    c->tname);
    }
    if (rc != WRONG_KIND) return rc;
    char tmp[256];
    return fail(c, "Invalid argument type for '%s'. The function expects %s (%s), but %s was given.", c->argname,
                c->tname, expected_form(c->t->id), literal_desc(l, tmp, sizeof tmp));
}

/* ---- the entry point ----------------------------------------------------------- */

/* -literal and +literal: the literal, and whether to negate it. */
static const sqlp_expr_t *strip_sign(const sqlp_expr_t *e, bool *negate)
{
    *negate = false;
    if (e->kind != SQLP_E_UNARY || (e->u.op.op != SQLP_OP_NEG && e->u.op.op != SQLP_OP_PLUS) ||
        e->u.op.a->kind != SQLP_E_LITERAL)
        return e;
    *negate = e->u.op.op == SQLP_OP_NEG;
    return e->u.op.a;
}

int literal_value(const sqlp_script_t *script, const sqlp_expr_t *e, const type_t *t, const char *argname,
                  arena_t *a, value_t *out, char *err, size_t errlen)
{
    coercion_t c = {script, e, t, type_to_string(t), argname, a, err, errlen};
    memset(out, 0, sizeof *out);
    bool negate;
    const sqlp_expr_t *inner = strip_sign(e, &negate);
    int rc;
    switch (inner->kind) {
    case SQLP_E_CAST: rc = coerce_cast(&c, inner, out); break;
    case SQLP_E_ARRAY:
    case SQLP_E_MAP:
    case SQLP_E_ROW: rc = coerce_constructor(&c, inner, out); break;
    case SQLP_E_DESCRIPTOR: rc = coerce_descriptor(&c, inner, out); break;
    case SQLP_E_LITERAL: rc = coerce_literal(&c, &inner->u.lit, negate, out); break;
    default:
        rc = fail(&c, "Unsupported argument value for '%s': ptfhost accepts literals (and CAST of a literal) as "
                      "scalar arguments; expected a value of type %s.", argname, c.tname);
    }
    free(c.tname);
    return rc;
}

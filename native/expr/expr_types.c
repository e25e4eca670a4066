/* expr_types.c - type families and Flink's type merging
 * (LogicalTypeMerging): the common type of CASE branches, IN lists,
 * comparisons, COALESCE, ARRAY elements; DECIMAL precision adjustment. */
#include "expr/expr_int.h"

#include <stdlib.h>
#include <string.h>

bool expr_is_int(const type_t *t)
{
    return t->id == TYPE_TINYINT || t->id == TYPE_SMALLINT || t->id == TYPE_INT || t->id == TYPE_BIGINT;
}

bool expr_is_exact(const type_t *t) { return expr_is_int(t) || t->id == TYPE_DECIMAL; }
bool expr_is_approx(const type_t *t) { return t->id == TYPE_FLOAT || t->id == TYPE_DOUBLE; }
bool expr_is_timestamp(const type_t *t) { return t->id == TYPE_TIMESTAMP || t->id == TYPE_TIMESTAMP_LTZ; }
bool expr_is_binary(const type_t *t) { return t->id == TYPE_BINARY || t->id == TYPE_VARBINARY; }

static int int_rank(type_id_t id)
{
    return id == TYPE_TINYINT ? 1 : id == TYPE_SMALLINT ? 2 : id == TYPE_INT ? 3 : 4;
}

void expr_decimal_of(const type_t *t, int *p, int *s)
{
    static const int digits[] = {0, 3, 5, 10, 19};
    if (t->id == TYPE_DECIMAL) {
        *p = t->precision;
        *s = t->scale;
    } else {
        *p = digits[int_rank(t->id)];
        *s = 0;
    }
}

/* Keeps the integral digits and at least min(scale, 6) fractional digits. */
void expr_decimal_adjust(int *p, int *s)
{
    if (*p <= 38) return;
    int int_digits = *p - *s;
    int min_scale = *s < 6 ? *s : 6;
    *s = 38 - int_digits > min_scale ? 38 - int_digits : min_scale;
    *p = 38;
}

static const type_t *common_numeric(expr_cc_t *c, const type_t *const *ts, int n, bool nullable)
{
    bool dbl = false, flt = false, dec = false;
    int rank = 0, int_digits = 0, scale = 0;
    for (int i = 0; i < n; i++) {
        const type_t *t = ts[i];
        if (t->id == TYPE_NULL) continue;
        dbl |= t->id == TYPE_DOUBLE;
        flt |= t->id == TYPE_FLOAT;
        dec |= t->id == TYPE_DECIMAL;
        if (expr_is_int(t) && int_rank(t->id) > rank) rank = int_rank(t->id);
        if (expr_is_exact(t)) {
            int p, s;
            expr_decimal_of(t, &p, &s);
            if (p - s > int_digits) int_digits = p - s;
            if (s > scale) scale = s;
        }
    }
    if (dbl || (flt && dec)) return expr_type_new(c, TYPE_DOUBLE, nullable, -1, -1);
    if (flt) return expr_type_new(c, TYPE_FLOAT, nullable, -1, -1);
    if (dec) {
        int p = int_digits + scale, s = scale;
        expr_decimal_adjust(&p, &s);
        return expr_type_new(c, TYPE_DECIMAL, nullable, p, s);
    }
    static const type_id_t ids[] = {TYPE_TINYINT, TYPE_TINYINT, TYPE_SMALLINT, TYPE_INT, TYPE_BIGINT};
    return expr_type_new(c, ids[rank], nullable, -1, -1);
}

/* CHAR(n) with one length stays CHAR; otherwise VARCHAR of the longest. */
static const type_t *common_string(expr_cc_t *c, const type_t *const *ts, int n, bool nullable, bool binary)
{
    bool all_fixed = true;
    int len = -1;
    bool same = true;
    for (int i = 0; i < n; i++) {
        const type_t *t = ts[i];
        if (t->id == TYPE_NULL) continue;
        if (t->id == TYPE_VARCHAR || t->id == TYPE_VARBINARY) all_fixed = false;
        if (len >= 0 && t->precision != len) same = false;
        if (t->precision > len) len = t->precision;
    }
    if (all_fixed && same) return expr_type_new(c, binary ? TYPE_BINARY : TYPE_CHAR, nullable, len, -1);
    return expr_type_new(c, binary ? TYPE_VARBINARY : TYPE_VARCHAR, nullable, len, -1);
}

static const type_t *common_nested(expr_cc_t *c, const type_t *const *ts, int n, bool nullable)
{
    const type_t *first = NULL;
    for (int i = 0; i < n; i++)
        if (ts[i]->id != TYPE_NULL) first = first ? first : ts[i];
    const type_t **sub = arena_alloc(&c->x->arena, sizeof(type_t *) * (size_t)n);
    int m = 0;
    type_t *out = type_new(first->id, nullable);
    int parts = first->id == TYPE_MAP ? 2 : first->id == TYPE_ROW ? first->nfields : 1;
    for (int k = 0; k < parts; k++) {
        m = 0;
        for (int i = 0; i < n; i++) {
            const type_t *t = ts[i];
            if (t->id == TYPE_NULL) continue;
            if (t->id != first->id || (t->id == TYPE_ROW && t->nfields != first->nfields)) goto none;
            sub[m++] = t->id == TYPE_ROW ? t->fields[k].type : k == 0 ? t->elem : t->value;
        }
        const type_t *ct = expr_common_type(c, sub, m);
        if (!ct) goto none;
        if (first->id == TYPE_ROW) type_add_field(out, first->fields[k].name, type_clone(ct), NULL);
        else if (k == 0) out->elem = type_clone(ct);
        else out->value = type_clone(ct);
    }
    return expr_own(c, out);
none:
    type_free(out);
    return NULL;
}

const type_t *expr_common_type(expr_cc_t *c, const type_t *const *ts, int n)
{
    bool nullable = false, numeric = true, string = true, binary = true, same = true;
    const type_t *first = NULL;
    int prec = -1;
    bool has_date = false, has_ts = false;
    for (int i = 0; i < n; i++) {
        const type_t *t = ts[i];
        nullable |= t->nullable;
        if (t->id == TYPE_NULL) continue;
        if (!first) first = t;
        numeric &= type_is_numeric(t);
        string &= type_is_string(t);
        binary &= expr_is_binary(t);
        same &= t->id == first->id;
        has_date |= t->id == TYPE_DATE;
        has_ts |= t->id == TYPE_TIMESTAMP;
        if (t->precision > prec) prec = t->precision;
    }
    if (!first) return expr_type_new(c, TYPE_NULL, true, -1, -1);
    if (numeric) return common_numeric(c, ts, n, nullable);
    if (string || binary) return common_string(c, ts, n, nullable, binary);
    if (!same) {   /* DATE and TIMESTAMP meet in TIMESTAMP; with a TIMESTAMP_LTZ in TIMESTAMP_LTZ */
        bool date_ts = true, ltz = false;
        for (int i = 0; i < n; i++) {
            date_ts &= ts[i]->id == TYPE_NULL || ts[i]->id == TYPE_DATE || expr_is_timestamp(ts[i]);
            ltz |= ts[i]->id == TYPE_TIMESTAMP_LTZ;
        }
        if (date_ts && (ltz || (has_date && has_ts)))
            return expr_type_new(c, ltz ? TYPE_TIMESTAMP_LTZ : TYPE_TIMESTAMP, nullable, prec, -1);
        return NULL;
    }
    switch (first->id) {
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ:
    case TYPE_TIME: return expr_type_new(c, first->id, nullable, prec, -1);
    case TYPE_ARRAY:
    case TYPE_MAP:
    case TYPE_ROW: return common_nested(c, ts, n, nullable);
    default: break;
    }
    for (int i = 0; i < n; i++)
        if (ts[i]->id != TYPE_NULL && !type_equals_ignore_null(ts[i], first)) return NULL;
    return expr_with_null(c, first, nullable);
}

type_t *expr_common_type_of(const type_t *const *ts, int n)
{
    expr_t scratch = {0};   /* owns the types found on the way */
    expr_cc_t c = {NULL, NULL, &scratch, NULL, 0};
    const type_t *t = expr_common_type(&c, ts, n);
    type_t *out = t ? type_clone(t) : NULL;
    for (int i = 0; i < scratch.ntypes; i++) type_free(scratch.types[i]);
    free(scratch.types);
    return out;
}

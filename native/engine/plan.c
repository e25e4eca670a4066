/* plan.c - see plan.h. The checks follow Flink's SystemTypeInference and
 * planner rules (reference: flink-ptf-semantics.md §1, §2.4, §2.6, §6.2);
 * their messages are Flink's, prefixed by where in the script they apply. */
#include "engine/plan.h"
#include "util/xalloc.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "connectors/format_text.h"
#include "engine/cast.h"
#include "types/codec.h"

#define ERR_AT(pos, ...) sqlp_format_error(env->script, (pos), 0, err, errlen, __VA_ARGS__)


char *plan_name_string(const sqlp_name_t *name)
{
    buf_t b = BUF_INIT;
    for (int i = 0; i < name->nparts; i++) {
        if (i) buf_putc(&b, '.');
        buf_puts(&b, name->parts[i].name);
    }
    return buf_steal(&b);
}

catalog_table_t *plan_find_table(const catalog_t *c, const sqlp_name_t *name)
{
    char *full = plan_name_string(name);
    catalog_table_t *t = catalog_find_table(c, full);
    free(full);
    if (!t && name->nparts > 1) t = catalog_find_table(c, name->parts[name->nparts - 1].name);
    return t;
}

void plan_call_free(plan_call_t *p)
{
    if (!p) return;
    free(p->function_name);
    free(p->class_name);
    for (int i = 0; i < p->njars; i++) free(p->jars[i]);
    free(p->jars);
    ptf_sig_free(p->sig);
    free(p->uid);
    for (int i = 0; i < p->ntables; i++) {
        free(p->tables[i].key_cols);
        free(p->tables[i].order_cols);
        free(p->tables[i].order_desc);
    }
    free(p->tables);
    type_free(p->scalars_type);
    buf_free(&p->scalars);
    type_free(p->output_type);
    free(p->flink_version);
    free(p);
}

static void column_list(buf_t *b, const type_t *row)
{
    buf_putc(b, '[');
    for (int i = 0; i < row->nfields; i++) buf_printf(b, "%s%s", i ? ", " : "", row->fields[i].name);
    buf_putc(b, ']');
}

/* ---- literals to values ----------------------------------------------------- */

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

/* A SQL timestamp or date literal's text ('yyyy-MM-dd[ HH:mm:ss[.f]]', or with
 * 'T'), read by the formats' text parsers. */
static int parse_timestamp(const char *s, bool date_only, int64_t *millis, int32_t *nanos)
{
    char e[128];
    size_t n = strlen(s);
    if (date_only || !strchr(s, ':')) {
        int64_t day;
        if (conn_text_parse_date(s, n, &day, e, sizeof e) != 0) return -1;
        *millis = day * 86400000LL;
        *nanos = 0;
        return 0;
    }
    if (conn_text_parse_timestamp(s, n, CONN_TS_SQL, false, millis, nanos, e, sizeof e) == 0) return 0;
    return conn_text_parse_timestamp(s, n, CONN_TS_ISO_8601, false, millis, nanos, e, sizeof e);
}

/* Coerces a literal expression to type t. -1 with err if it cannot. */
int plan_literal_value(const plan_env_t *env, const sqlp_expr_t *e, const type_t *t, const char *argname,
                         arena_t *a, value_t *out, char *err, size_t errlen)
{
    char tmp[256];
    char *tname = type_to_string(t);
    int rc = 0;
    memset(out, 0, sizeof *out);
    const sqlp_expr_t *inner = e;
    bool negate = false;
    if (e->kind == SQLP_E_UNARY && (e->u.op.op == SQLP_OP_NEG || e->u.op.op == SQLP_OP_PLUS) &&
        e->u.op.a->kind == SQLP_E_LITERAL) {
        negate = e->u.op.op == SQLP_OP_NEG;
        inner = e->u.op.a;
    }
    if (inner->kind == SQLP_E_CAST) {
        /* CAST(x AS ct): x is coerced to ct (a string literal is read as a ct
         * literal, as CAST('TRUE' AS BOOLEAN) does), and ct must be t */
        char terr[256];
        type_t *ct = type_parse_n(inner->u.cast.type.text, inner->u.cast.type.len, terr, sizeof terr);
        if (!ct) {
            ERR_AT(inner->u.cast.type.pos, "%s", terr);
            free(tname);
            return -1;
        }
        const sqlp_expr_t *x = inner->u.cast.a;
        sqlp_expr_t reread;
        if (x->kind == SQLP_E_LITERAL && x->u.lit.kind == SQLP_LIT_STRING && !type_is_string(ct)) {
            reread = *x;
            sqlp_literal_t *l = &reread.u.lit;
            char *end;
            if (ct->id == TYPE_BOOLEAN && (strcasecmp(l->text, "TRUE") == 0 || strcasecmp(l->text, "FALSE") == 0)) {
                l->kind = SQLP_LIT_BOOL;
                l->b = strcasecmp(l->text, "TRUE") == 0;
            } else if (ct->id == TYPE_DATE) {
                l->kind = SQLP_LIT_DATE;
            } else if (ct->id == TYPE_TIMESTAMP || ct->id == TYPE_TIMESTAMP_LTZ) {
                l->kind = SQLP_LIT_TIMESTAMP;
            } else if (type_is_numeric(ct)) {
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
            x = &reread;
        }
        rc = plan_literal_value(env, x, ct, argname, a, out, err, errlen);
        bool same = type_equals_ignore_null(ct, t);
        type_free(ct);
        if (rc == 0 && !same && !out->is_null) {
            ERR_AT(e->pos, "Invalid argument type for '%s': the function expects %s.", argname, tname);
            rc = -1;
        }
        free(tname);
        return rc;
    }
    if (inner->kind == SQLP_E_ARRAY || inner->kind == SQLP_E_MAP || inner->kind == SQLP_E_ROW) {
        int n = inner->u.list.n;
        bool ok = inner->kind == SQLP_E_ARRAY ? t->id == TYPE_ARRAY
                : inner->kind == SQLP_E_MAP ? t->id == TYPE_MAP && n % 2 == 0
                                             : type_is_composite(t) && t->nfields == n;
        if (!ok) {
            ERR_AT(e->pos, "Invalid argument type for '%s'. The function expects %s.", argname, tname);
            free(tname);
            return -1;
        }
        if (inner->kind == SQLP_E_ARRAY) {
            out->u.list.n = (uint32_t)n;
            out->u.list.items = arena_calloc(a, (size_t)n + 1, sizeof(value_t));
            for (int i = 0; rc == 0 && i < n; i++)
                rc = plan_literal_value(env, inner->u.list.items[i], t->elem, argname, a, &out->u.list.items[i], err,
                                        errlen);
        } else if (inner->kind == SQLP_E_MAP) {
            out->u.map.n = (uint32_t)(n / 2);
            out->u.map.keys = arena_calloc(a, (size_t)n / 2 + 1, sizeof(value_t));
            out->u.map.vals = arena_calloc(a, (size_t)n / 2 + 1, sizeof(value_t));
            for (int i = 0; rc == 0 && i < n / 2; i++) {
                rc = plan_literal_value(env, inner->u.list.items[2 * i], t->elem, argname, a, &out->u.map.keys[i],
                                        err, errlen);
                if (rc == 0)
                    rc = plan_literal_value(env, inner->u.list.items[2 * i + 1], t->value, argname, a,
                                            &out->u.map.vals[i], err, errlen);
            }
        } else {
            out->u.row.n = (uint32_t)n;
            out->u.row.fields = arena_calloc(a, (size_t)n + 1, sizeof(value_t));
            for (int i = 0; rc == 0 && i < n; i++)
                rc = plan_literal_value(env, inner->u.list.items[i], t->fields[i].type, argname, a,
                                        &out->u.row.fields[i], err, errlen);
        }
        free(tname);
        return rc;
    }
    if (inner->kind == SQLP_E_DESCRIPTOR) {
        if (t->id != TYPE_DESCRIPTOR) {
            ERR_AT(e->pos, "Invalid argument type for '%s'. The function expects %s, not a DESCRIPTOR.", argname,
                   tname);
            free(tname);
            return -1;
        }
        int n = inner->u.descriptor.n;
        out->u.list.n = (uint32_t)n;
        out->u.list.items = arena_calloc(a, (size_t)n + 1, sizeof(value_t));
        for (int i = 0; i < n; i++) {
            out->u.list.items[i].u.str.ptr = arena_strdup(a, inner->u.descriptor.cols[i].name);
            out->u.list.items[i].u.str.len = (uint32_t)strlen(inner->u.descriptor.cols[i].name);
        }
        free(tname);
        return 0;
    }
    if (inner->kind != SQLP_E_LITERAL) {
        ERR_AT(e->pos, "Unsupported argument value for '%s': ptfhost accepts literals (and CAST of a literal) "
                       "as scalar arguments; expected a value of type %s.", argname, tname);
        free(tname);
        return -1;
    }
    const sqlp_literal_t *l = &inner->u.lit;
    if (l->kind == SQLP_LIT_NULL) {
        if (!t->nullable) {
            ERR_AT(e->pos, "Invalid argument value for '%s': NULL cannot be passed to a NOT NULL argument of "
                           "type %s.", argname, tname);
            rc = -1;
        }
        out->is_null = true;
        free(tname);
        return rc;
    }
    bool numeric_lit = l->kind == SQLP_LIT_INTEGER || l->kind == SQLP_LIT_DECIMAL || l->kind == SQLP_LIT_DOUBLE;
    const char *want = NULL;
    switch (t->id) {
    case TYPE_TINYINT:
    case TYPE_SMALLINT:
    case TYPE_INT:
    case TYPE_BIGINT: {
        if (l->kind != SQLP_LIT_INTEGER || !l->fits_int64) {
            want = "an integer";
            break;
        }
        int64_t v = negate ? -l->i : l->i;
        int64_t lo = t->id == TYPE_TINYINT ? INT8_MIN : t->id == TYPE_SMALLINT ? INT16_MIN
                   : t->id == TYPE_INT ? INT32_MIN : INT64_MIN;
        int64_t hi = t->id == TYPE_TINYINT ? INT8_MAX : t->id == TYPE_SMALLINT ? INT16_MAX
                   : t->id == TYPE_INT ? INT32_MAX : INT64_MAX;
        if (v < lo || v > hi) {
            ERR_AT(e->pos, "Invalid argument value for '%s': %" PRId64 " is out of range for %s.", argname, v,
                   tname);
            rc = -1;
        }
        out->u.i64 = v;
        break;
    }
    case TYPE_FLOAT:
    case TYPE_DOUBLE:
        if (!numeric_lit) {
            want = "a number";
            break;
        }
        out->u.f64 = strtod(l->text, NULL) * (negate ? -1 : 1);
        if (t->id == TYPE_FLOAT) out->u.f32 = (float)out->u.f64;
        break;
    case TYPE_DECIMAL:
        if (!numeric_lit || l->kind == SQLP_LIT_DOUBLE) {
            want = "an exact number";
            break;
        }
        char derr[128];
        bool overflow = false;
        if (conn_text_parse_decimal(l->text, strlen(l->text), t->precision, t->scale, &out->u.dec, &overflow, derr,
                                    sizeof derr) != 0 || overflow) {
            ERR_AT(e->pos, "Invalid argument value for '%s': %s does not fit %s.", argname, l->text, tname);
            rc = -1;
        }
        if (negate) out->u.dec = -out->u.dec;
        break;
    case TYPE_BOOLEAN:
        if (l->kind != SQLP_LIT_BOOL) {
            want = "TRUE or FALSE";
            break;
        }
        out->u.b = l->b;
        break;
    case TYPE_CHAR:
    case TYPE_VARCHAR:
        if (l->kind != SQLP_LIT_STRING) {
            want = "a string literal";
            break;
        }
        out->u.str.ptr = arena_strdup(a, l->text);
        out->u.str.len = (uint32_t)strlen(l->text);
        break;
    case TYPE_DATE:
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ: {
        bool ok_kind = l->kind == SQLP_LIT_STRING || l->kind == SQLP_LIT_DATE || l->kind == SQLP_LIT_TIMESTAMP ||
                       l->kind == SQLP_LIT_TIMESTAMP_LTZ;
        int64_t ms;
        int32_t ns;
        if (!ok_kind || parse_timestamp(l->text, t->id == TYPE_DATE, &ms, &ns) != 0) {
            want = t->id == TYPE_DATE ? "DATE 'yyyy-MM-dd'" : "TIMESTAMP 'yyyy-MM-dd HH:mm:ss'";
            break;
        }
        if (t->id == TYPE_DATE) out->u.i64 = ms / 86400000LL;
        else out->u.ts.millis = ms, out->u.ts.nanos = ns;
        break;
    }
    case TYPE_INTERVAL_DT:
    case TYPE_INTERVAL_YM:
        if (l->kind != SQLP_LIT_INTERVAL || l->interval.year_month != (t->id == TYPE_INTERVAL_YM)) {
            want = t->id == TYPE_INTERVAL_YM ? "INTERVAL 'n' YEAR|MONTH" : "INTERVAL 'n' DAY|HOUR|MINUTE|SECOND";
            break;
        }
        out->u.i64 = negate ? -l->interval.value : l->interval.value;
        break;
    default:
        ERR_AT(e->pos, "Unsupported argument type for '%s': ptfhost cannot pass literals of type %s yet.",
               argname, tname);
        rc = -1;
    }
    if (want) {
        ERR_AT(e->pos, "Invalid argument type for '%s'. The function expects %s (%s), but %s was given.", argname,
               tname, want, literal_desc(l, tmp, sizeof tmp));
        rc = -1;
    }
    free(tname);
    return rc;
}

/* ---- binding ----------------------------------------------------------------- */

static int find_col(const type_t *row, const char *name)
{
    return type_field_index(row, name);
}

static void add_field(type_t *row, const char *name, const type_t *t)
{
    type_add_field(row, name, type_clone(t), NULL);
}

/* Flink's uniquifier: one left-to-right pass; the k-th repeat of a name
 * (k >= 1) becomes name + (k - 1), without checking that the result is free. */
static void dedup_names(type_t *row)
{
    char **orig = calloc((size_t)row->nfields + 1, sizeof *orig);
    if (!orig) abort();
    for (int i = 0; i < row->nfields; i++) orig[i] = xstrdup(row->fields[i].name);
    for (int i = 0; i < row->nfields; i++) {
        int repeats = 0;
        for (int j = 0; j < i; j++) repeats += strcmp(orig[j], orig[i]) == 0;
        if (repeats == 0) continue;
        size_t n = strlen(orig[i]) + 24;
        char *renamed = malloc(n);
        if (!renamed) abort();
        snprintf(renamed, n, "%s%d", orig[i], repeats - 1);
        free(row->fields[i].name);
        row->fields[i].name = renamed;
    }
    for (int i = 0; i < row->nfields; i++) free(orig[i]);
    free(orig);
}

long long plan_parse_duration_ms(const char *s)
{
    static const struct { const char *unit; long long ms; } units[] = {
        {"ms", 1}, {"milli", 1}, {"millis", 1}, {"millisecond", 1}, {"milliseconds", 1},
        {"s", 1000}, {"sec", 1000}, {"secs", 1000}, {"second", 1000}, {"seconds", 1000},
        {"m", 60000}, {"min", 60000}, {"mins", 60000}, {"minute", 60000}, {"minutes", 60000},
        {"h", 3600000}, {"hour", 3600000}, {"hours", 3600000},
        {"d", 86400000}, {"day", 86400000}, {"days", 86400000},
    };
    while (isspace((unsigned char)*s)) s++;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || v < 0) return -1;
    while (isspace((unsigned char)*end)) end++;
    if (!*end) return v;
    size_t n = strlen(end);
    while (n && isspace((unsigned char)end[n - 1])) n--;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strlen(units[i].unit) == n && strncasecmp(end, units[i].unit, n) == 0) return v * units[i].ms;
    return -1;
}

static bool option_true(const catalog_table_t *t, const char *key)
{
    const char *v = catalog_table_option(t, key);
    return v && strcasecmp(v, "true") == 0;
}

unsigned plan_table_changelog(const catalog_table_t *t, bool *key_only_deletes)
{
    *key_only_deletes = option_true(t, "source.produces-delete-by-key");
    unsigned kinds;
    const char *declared = catalog_table_option(t, "changelog-mode");
    if (declared && changelog_kinds_parse(declared, &kinds) == 0) return kinds;
    if (t->has_events) {
        kinds = CHANGELOG_KINDS_INSERT_ONLY;
        bool deletes_by_key = t->npk > 0;
        for (size_t i = 0; i < t->nevents; i++) {
            if (t->events[i].kind != CATALOG_EVENT_ROW) continue;
            const row_t *r = &t->events[i].row;
            kinds |= 1u << r->kind;
            if (r->kind != ROW_DELETE) continue;
            /* a delete whose non-key fields are all NULL carries only the key */
            for (uint32_t c = 0; c < r->n; c++) {
                bool is_key = false;
                for (int k = 0; k < t->npk; k++) is_key |= t->pk[k] == (int)c;
                if (!is_key && !r->fields[c].is_null) deletes_by_key = false;
            }
        }
        if (kinds & (1u << ROW_DELETE)) *key_only_deletes |= deletes_by_key;
        return kinds;
    }
    const char *connector = catalog_table_option(t, "connector");
    if (connector && strcmp(connector, "upsert-kafka") == 0) {
        *key_only_deletes = true;
        return CHANGELOG_KINDS_INSERT_ONLY | 1u << ROW_UPDATE_AFTER | 1u << ROW_DELETE;
    }
    const char *format = catalog_table_option(t, "format");
    if (!format) format = catalog_table_option(t, "value.format");
    if (format && (strcmp(format, "debezium-json") == 0 || strcmp(format, "canal-json") == 0 ||
                   strcmp(format, "maxwell-json") == 0 || strcmp(format, "ogg-json") == 0))
        return CHANGELOG_KINDS_ALL;
    return CHANGELOG_KINDS_INSERT_ONLY;
}

/* Co-partitioned keys must agree in kind (length, precision and nullability
 * may differ: Flink accepts VARCHAR(5) NOT NULL beside VARCHAR(6)). */
static bool same_type_family(const type_t *a, const type_t *b)
{
    bool sa = a->id == TYPE_CHAR || a->id == TYPE_VARCHAR, sb = b->id == TYPE_CHAR || b->id == TYPE_VARCHAR;
    if (sa || sb) return sa && sb;
    if (a->id == TYPE_DECIMAL && b->id == TYPE_DECIMAL) return a->scale == b->scale;
    return a->id == b->id;
}

static bool valid_uid(const char *s)
{
    if (!*s || !(isalpha((unsigned char)*s) || *s == '_')) return false;
    for (s++; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '-')) return false;
    return true;
}

/* Calcite's name of a type in "RecordType(...)": a VALUES view's strings are CHAR(n). */
static void calcite_type(buf_t *b, const type_t *t, bool from_values)
{
    switch (t->id) {
    case TYPE_INT: buf_puts(b, "INTEGER"); break;
    case TYPE_VARCHAR:
        buf_printf(b, "%s(%d)", from_values ? "CHAR" : "VARCHAR", t->precision);
        break;
    case TYPE_TIMESTAMP_LTZ: buf_printf(b, "TIMESTAMP_WITH_LOCAL_TIME_ZONE(%d)", t->precision); break;
    case TYPE_DECIMAL: buf_printf(b, "DECIMAL(%d, %d)", t->precision, t->scale); break;
    case TYPE_CHAR:
    case TYPE_BINARY:
    case TYPE_VARBINARY:
    case TYPE_TIME:
    case TYPE_TIMESTAMP: buf_printf(b, "%s(%d)", type_id_name(t->id), t->precision); break;
    default: {
        type_t *plain = type_clone(t);   /* Calcite leaves nullability out of RecordType */
        plain->nullable = true;
        char *n = type_to_string(plain);
        buf_puts(b, n);
        free(n);
        type_free(plain);
    }
    }
}

/* "f(<RecordType(CHAR(3) name, BOOLEAN isValid)>, <NUMERIC>, <COLUMN_LIST>, <CHARACTER>)":
 * the operand types Calcite prints when no signature matches. */
static void calcite_call_signature(buf_t *b, const char *fname, const ptf_sig_t *sig, const sqlp_expr_t **bound,
                                   const catalog_t *c)
{
    buf_printf(b, "%s(", fname);
    for (int i = 0; i < sig->nargs + 2; i++) {
        if (i) buf_puts(b, ", ");
        const sqlp_expr_t *v = bound[i];
        if (i == sig->nargs) {
            buf_puts(b, "<COLUMN_LIST>");
        } else if (i == sig->nargs + 1) {
            buf_puts(b, "<CHARACTER>");
        } else if (v && v->kind == SQLP_E_TABLE_ARG && v->u.table.table) {
            const catalog_table_t *t = plan_find_table(c, v->u.table.table);
            buf_puts(b, "<RecordType(");
            for (int f = 0; t && f < t->schema->nfields; f++) {
                if (f) buf_puts(b, ", ");
                calcite_type(b, t->schema->fields[f].type, t->is_values);
                buf_printf(b, " %s", t->schema->fields[f].name);
            }
            buf_puts(b, ")>");
        } else if (v && v->kind == SQLP_E_LITERAL) {
            switch (v->u.lit.kind) {
            case SQLP_LIT_INTEGER:
            case SQLP_LIT_DECIMAL:
            case SQLP_LIT_DOUBLE: buf_puts(b, "<NUMERIC>"); break;
            case SQLP_LIT_STRING: buf_puts(b, "<CHARACTER>"); break;
            case SQLP_LIT_BOOL: buf_puts(b, "<BOOLEAN>"); break;
            case SQLP_LIT_NULL: buf_puts(b, "<NULL>"); break;
            default: buf_puts(b, "<ANY>");
            }
        } else if (v && v->kind == SQLP_E_DESCRIPTOR) {
            buf_puts(b, "<COLUMN_LIST>");
        } else {
            buf_puts(b, "<ANY>");
        }
    }
    buf_putc(b, ')');
}

plan_call_t *plan_call(const plan_env_t *env, const sqlp_expr_t *call, char *err, size_t errlen)
{
    const char *fname = call->u.call.name.parts[call->u.call.name.nparts - 1].name;
    char *full = plan_name_string(&call->u.call.name);
    catalog_function_t *fn = catalog_find_function(env->catalog, full);
    if (!fn) fn = catalog_find_function(env->catalog, fname);
    if (!fn) {
        buf_t known = BUF_INIT;
        for (int i = 0; i < env->catalog->nfunctions; i++)
            buf_printf(&known, "%s%s", i ? ", " : "", env->catalog->functions[i]->name);
        ERR_AT(call->pos, "SQL validation failed. No function named '%s' is registered (function names are "
                          "case-sensitive). Registered functions: [%s]. Register it with CREATE FUNCTION %s AS "
                          "'<class>' USING JAR '<path>'.", full, buf_cstr(&known), full);
        buf_free(&known);
        free(full);
        return NULL;
    }
    free(full);

    plan_call_t *p = calloc(1, sizeof *p);
    if (!p) abort();
    p->function_name = xstrdup(fn->name);
    p->class_name = xstrdup(fn->class_name);
    p->njars = fn->njars + env->catalog->njars;
    p->jars = calloc((size_t)p->njars + 1, sizeof *p->jars);
    for (int i = 0; i < fn->njars; i++) p->jars[i] = xstrdup(fn->jars[i]);
    for (int i = 0; i < env->catalog->njars; i++) p->jars[fn->njars + i] = xstrdup(env->catalog->jars[i]);
    p->flink_version = xstrdup(env->flink_version ? env->flink_version : "2.3");
    p->batch_rows = 1024;

    char derr[8192];
    if (env->describe(env->describe_ctx, (const char *const *)p->jars, p->njars, p->class_name, &p->sig, derr,
                      sizeof derr) != 0) {
        ERR_AT(call->pos, "Cannot load function '%s' (class '%s'): %s", fn->name, fn->class_name, derr);
        goto fail;
    }
    const ptf_sig_t *sig = p->sig;
    if (!sig->valid) {
        /* The one extraction message that changed between releases: 2.1's
         * StaticArgument says "Untyped table arguments ...", 2.3 "Table arguments ...". */
        const char *msg = sig->error ? sig->error : "invalid function";
        const char *old_wording = "Untyped table arguments must not be optional.";
        const char *at = strstr(msg, old_wording);
        char *reworded = NULL;
        if (at && strcmp(p->flink_version, "2.3") >= 0) {
            size_t n = strlen(msg) + 1;
            reworded = malloc(n);
            if (!reworded) abort();
            snprintf(reworded, n, "%.*sTable arguments must not be optional.%s", (int)(at - msg), msg,
                     at + strlen(old_wording));
            msg = reworded;
        }
        ERR_AT(call->pos, "SQL validation failed. %s%s%s", msg, sig->fix ? "\nfix: " : "", sig->fix ? sig->fix : "");
        free(reworded);
        goto fail;
    }

    /* Match call arguments to the signature (plus on_time, uid). */
    int nargs = call->u.call.nargs;
    const sqlp_arg_t *args = call->u.call.args;
    int nsys = sig->nargs + 2;
    const sqlp_expr_t **bound = calloc((size_t)nsys, sizeof *bound);
    int *bound_at = calloc((size_t)nsys, sizeof *bound_at);
    bool named = nargs > 0 && args[0].name != NULL;
    for (int i = 0; i < nargs; i++) {
        if ((args[i].name != NULL) != named) {
            ERR_AT(args[i].value->pos, "Cannot mix positional and named arguments when calling function '%s'",
                   fname);
            free(bound), free(bound_at);
            goto fail;
        }
        int slot;
        if (named) {
            const char *n = args[i].name->name;
            slot = strcmp(n, "on_time") == 0 ? sig->nargs : strcmp(n, "uid") == 0 ? sig->nargs + 1
                                                                                   : ptf_sig_find_arg(sig, n);
            if (slot < 0) continue;   /* Flink ignores unknown named arguments */
            if (bound[slot]) {
                ERR_AT(args[i].name->pos, "Argument '%s' of function '%s' is given twice.", n, fname);
                free(bound), free(bound_at);
                goto fail;
            }
        } else {
            slot = i;
            if (slot >= nsys) {
                ERR_AT(args[i].value->pos, "Too many arguments for function '%s': it takes %d (%d declared, plus "
                                           "on_time and uid), %d given.", fname, nsys, sig->nargs, nargs);
                free(bound), free(bound_at);
                goto fail;
            }
        }
        bound[slot] = args[i].value;
        bound_at[slot] = i;
    }

    /* Table arguments. */
    p->ntables = ptf_sig_table_count(sig);
    p->tables = calloc((size_t)p->ntables + 1, sizeof *p->tables);
    int t = 0, operand = 0;
    for (int i = 0; i < sig->nargs; i++, operand++) {
        const ptf_arg_t *a = &sig->args[i];
        const sqlp_expr_t *v = bound[i];
        if (a->kind != ARG_TABLE) {
            if (v && v->kind == SQLP_E_TABLE_ARG) {
                ERR_AT(v->pos, "Invalid argument value. Argument '%s' expects a scalar value, but a table was "
                               "passed.", a->name);
                free(bound), free(bound_at);
                goto fail;
            }
            continue;
        }
        plan_table_t *pt = &p->tables[t++];
        pt->arg = i;
        pt->call_index = bound_at[i];
        pt->time_col = -1;
        pt->set_semantics = (a->traits & TRAIT_SET_SEMANTIC_TABLE) != 0;
        pt->pass_through = (a->traits & TRAIT_PASS_COLUMNS_THROUGH) != 0;
        if (!v || v->kind == SQLP_E_DEFAULT) {
            ERR_AT(v ? v->pos : call->pos, "Table expected for argument '%s'.", a->name);
            free(bound), free(bound_at);
            goto fail;
        }
        if (v->kind != SQLP_E_TABLE_ARG) {
            ERR_AT(v->pos, "Invalid argument value. Argument '%s' expects a table to be passed.", a->name);
            free(bound), free(bound_at);
            goto fail;
        }
        const sqlp_table_arg_t *ta = &v->u.table;
        if (!ta->table) {
            ERR_AT(v->pos, "Unsupported table argument: ptfhost accepts TABLE <name> (a table or view), not a "
                           "subquery, for argument '%s'.", a->name);
            free(bound), free(bound_at);
            goto fail;
        }
        pt->table = plan_find_table(env->catalog, ta->table);
        if (!pt->table) {
            char *tn = plan_name_string(ta->table);
            ERR_AT(ta->table->pos, "SQL validation failed. Object '%s' not found (table names are "
                                   "case-sensitive; declare it with CREATE TABLE or CREATE VIEW first).", tn);
            free(tn);
            free(bound), free(bound_at);
            goto fail;
        }
        const type_t *schema = pt->table->schema;
        if (a->type) {
            /* a typed table argument: columns map to the declared fields by position */
            bool ok = type_is_composite(a->type) && a->type->nfields == schema->nfields;
            for (int c = 0; ok && c < schema->nfields; c++)
                ok = cast_implicit_ok(schema->fields[c].type, a->type->fields[c].type);
            if (!ok) {
                /* Flink's SQL path fails in Calcite's operand matching */
                buf_t sigbuf = BUF_INIT;
                calcite_call_signature(&sigbuf, fname, sig, bound, env->catalog);
                char *want = type_to_string(a->type);
                ERR_AT(call->pos, "SQL validation failed. From line %d, column %d to line %d, column %d: No match "
                                  "found for function signature %s\n(table argument '%s' is declared as %s: its "
                                  "columns must match the table's by position, each implicitly castable)",
                       call->pos.line, call->pos.col, call->pos.line, call->pos.col, buf_cstr(&sigbuf), a->name,
                       want);
                free(want);
                buf_free(&sigbuf);
                free(bound), free(bound_at);
                goto fail;
            }
            pt->typed = a->type;
        }
        if (ta->npartition > 0 && !pt->set_semantics) {
            ERR_AT(ta->partition_pos, "Only tables with set semantics may be partitioned. Invalid PARTITION BY "
                                      "clause in the %d-th operand of table function '%s'", operand, fname);
            free(bound), free(bound_at);
            goto fail;
        }
        if (ta->norder > 0 && !pt->set_semantics) {
            ERR_AT(ta->order_pos, "Only tables with set semantics may be ordered.");
            free(bound), free(bound_at);
            goto fail;
        }
        if (pt->set_semantics && ta->npartition == 0 && !(a->traits & TRAIT_OPTIONAL_PARTITION_BY)) {
            ERR_AT(v->pos, "Table argument '%s' requires a PARTITION BY clause for parallel processing.", a->name);
            free(bound), free(bound_at);
            goto fail;
        }
        pt->nkeys = ta->npartition;
        pt->key_cols = calloc((size_t)pt->nkeys + 1, sizeof(int));
        for (int k = 0; k < pt->nkeys; k++) {
            int c = find_col(schema, ta->partition_by[k].name);
            if (c < 0) {
                buf_t cols = BUF_INIT;
                column_list(&cols, schema);
                ERR_AT(ta->partition_by[k].pos, "Invalid column '%s' for PARTITION BY clause. Available columns "
                                                "are: %s", ta->partition_by[k].name, buf_cstr(&cols));
                buf_free(&cols);
                free(bound), free(bound_at);
                goto fail;
            }
            pt->key_cols[k] = c;
        }
        if (ta->norder > 0 && strcmp(p->flink_version, "2.3") < 0) {
            ERR_AT(ta->order_pos, "ORDER BY clause is currently not supported.");
            free(bound), free(bound_at);
            goto fail;
        }
        pt->norder = ta->norder;
        pt->order_cols = calloc((size_t)pt->norder + 1, sizeof(int));
        pt->order_desc = calloc((size_t)pt->norder + 1, sizeof(bool));
        for (int k = 0; k < pt->norder; k++) {
            int c = find_col(schema, ta->order_by[k].col.name);
            if (c < 0) {
                buf_t cols = BUF_INIT;
                column_list(&cols, schema);
                ERR_AT(ta->order_by[k].col.pos, "Invalid column '%s' for ORDER BY clause. Available columns are: "
                                                "%s", ta->order_by[k].col.name, buf_cstr(&cols));
                buf_free(&cols);
                free(bound), free(bound_at);
                goto fail;
            }
            pt->order_cols[k] = c;
            pt->order_desc[k] = ta->order_by[k].desc;
            for (int j = 0; j < k; j++)
                if (pt->order_cols[j] == c) {
                    ERR_AT(ta->order_by[k].col.pos, "Invalid ORDER BY clause for table argument '%s'. Column '%s' "
                                                    "appears more than once in ORDER BY.", a->name,
                           schema->fields[c].name);
                    free(bound), free(bound_at);
                    goto fail;
                }
        }
        if (pt->norder > 0) {
            /* Flink 2.3: the first ORDER BY column is an ascending, watermarked time attribute */
            int c = pt->order_cols[0];
            const type_t *ct = schema->fields[c].type;
            if ((ct->id != TYPE_TIMESTAMP && ct->id != TYPE_TIMESTAMP_LTZ) || ct->precision > 3) {
                char *tn = type_to_string(ct);
                ERR_AT(ta->order_by[0].col.pos, "Invalid ORDER BY clause for table argument '%s'. The first ORDER BY "
                                                "column must be a TIMESTAMP or TIMESTAMP_LTZ column (up to precision "
                                                "3). However, column '%s' has data type '%s'.", a->name,
                       schema->fields[c].name, tn);
                free(tn);
                free(bound), free(bound_at);
                goto fail;
            }
            if (pt->order_desc[0]) {
                ERR_AT(ta->order_by[0].col.pos, "Invalid ORDER BY clause for table argument '%s'. The first ORDER BY "
                                                "column on a timestamp column must be in ascending order.", a->name);
                free(bound), free(bound_at);
                goto fail;
            }
            const sqlp_expr_t *ot = bound[sig->nargs];
            if (ot && ot->kind == SQLP_E_DESCRIPTOR) {
                /* with on_time too, both must name the same column (checked first, as Flink does) */
                bool names_table_col = false, same = false;
                for (int d = 0; d < ot->u.descriptor.n; d++) {
                    int oc = find_col(schema, ot->u.descriptor.cols[d].name);
                    if (oc >= 0) names_table_col = true, same |= oc == c;
                }
                if (names_table_col && !same) {
                    ERR_AT(ta->order_by[0].col.pos, "Invalid ORDER BY clause for table argument '%s'. When both "
                                                    "ORDER BY and the 'on_time' argument are defined, the referenced "
                                                    "timestamp columns must match.", a->name);
                    free(bound), free(bound_at);
                    goto fail;
                }
            }
            if (ct->time_kind != TYPE_TK_ROWTIME) {
                ERR_AT(ta->order_by[0].col.pos, "Invalid ORDER BY clause for table argument '%s'. The first ORDER BY "
                                                "column '%s' is not a valid time attribute. Only columns with a "
                                                "watermark declaration qualify for ORDER BY. Also, make sure that the "
                                                "watermarked column is forwarded without any modification.", a->name,
                       schema->fields[c].name);
                free(bound), free(bound_at);
                goto fail;
            }
        }
    }
    for (int i = 0; i < p->ntables; i++) {
        plan_table_t *pt = &p->tables[i];
        const ptf_arg_t *a = &sig->args[pt->arg];
        unsigned source_kinds = plan_table_changelog(pt->table, &pt->key_only_deletes);
        pt->source_mode = changelog_mode_of(source_kinds);
        if (pt->source_mode != CHANGELOG_INSERT_ONLY && !(a->traits & TRAIT_SUPPORT_UPDATES)) {
            const sqlp_expr_t *v = bound[pt->arg];
            ERR_AT(v->pos, "StreamPhysicalProcessTableFunction doesn't support consuming update changes which is "
                           "produced by node TableSourceScan(table=[[default_catalog, default_database, %s]])\n"
                           "(table '%s' is updating; declare the argument @ArgumentHint({SET_SEMANTIC_TABLE, "
                           "SUPPORT_UPDATES}) to consume it)", pt->table->name, pt->table->name);
            free(bound), free(bound_at);
            goto fail;
        }
        pt->delivered = changelog_delivered(pt->source_mode, pt->table->pk, pt->table->npk, pt->key_cols, pt->nkeys,
                                            (a->traits & TRAIT_REQUIRE_UPDATE_BEFORE) != 0);
        /* The kinds the function receives: upsert drops -U; retract from an
         * upsert source gains the -U that normalisation synthesises. */
        pt->delivered_kinds = source_kinds;
        if (pt->delivered == CHANGELOG_UPSERT) pt->delivered_kinds &= ~(1u << ROW_UPDATE_BEFORE);
        if (pt->delivered == CHANGELOG_RETRACT && (source_kinds & (1u << ROW_UPDATE_AFTER)))
            pt->delivered_kinds |= 1u << ROW_UPDATE_BEFORE;
        if (pt->table->view_query && pt->source_mode == CHANGELOG_UPSERT && pt->delivered == CHANGELOG_RETRACT) {
            /* only a source can be normalised; another operator's upsert output cannot gain -U */
            ERR_AT(bound[pt->arg]->pos, "Can't generate a valid execution plan for the given query because of a "
                                        "changelog mismatch: table argument '%s' requires a retract changelog "
                                        "(UPDATE_BEFORE and UPDATE_AFTER), but '%s' produces an upsert changelog.",
                   a->name, pt->table->name);
            free(bound), free(bound_at);
            goto fail;
        }
        if (a->traits & TRAIT_REQUIRE_FULL_DELETE) pt->key_only_deletes = false;
        if (pt->delivered == CHANGELOG_RETRACT && pt->source_mode == CHANGELOG_UPSERT) pt->key_only_deletes = false;
    }
    if (p->ntables > 20) {
        ERR_AT(call->pos, "Unsupported table argument count. Currently, the number of input tables is limited to 20.");
        free(bound), free(bound_at);
        goto fail;
    }
    if (p->ntables > 1) {
        for (int i = 0; i < p->ntables; i++)
            if (!p->tables[i].set_semantics) {
                ERR_AT(call->pos, "All table arguments must use set semantics if multiple table arguments are "
                                  "declared.");
                free(bound), free(bound_at);
                goto fail;
            }
        /* co-partitioning: same number of columns, same types */
        bool match = true;
        for (int i = 1; i < p->ntables; i++) {
            if (p->tables[i].nkeys != p->tables[0].nkeys) match = false;
            for (int k = 0; match && k < p->tables[i].nkeys; k++)
                if (!same_type_family(p->tables[i].table->schema->fields[p->tables[i].key_cols[k]].type,
                                      p->tables[0].table->schema->fields[p->tables[0].key_cols[k]].type))
                    match = false;
        }
        if (!match) {
            buf_t sets = BUF_INIT;
            for (int i = 0; i < p->ntables; i++) {
                buf_puts(&sets, i ? ", [" : "[");
                for (int k = 0; k < p->tables[i].nkeys; k++) {
                    char *ts = type_to_string(p->tables[i].table->schema->fields[p->tables[i].key_cols[k]].type);
                    buf_printf(&sets, "%s%s", k ? ", " : "", ts);
                    free(ts);
                }
                buf_putc(&sets, ']');
            }
            ERR_AT(call->pos, "Invalid PARTITION BY columns. The number of columns and their data types must "
                              "match across all involved table arguments. Given partition key sets: %s",
                   buf_cstr(&sets));
            buf_free(&sets);
            free(bound), free(bound_at);
            goto fail;
        }
    }

    /* on_time */
    const sqlp_expr_t *on_time = bound[sig->nargs];
    if (on_time && on_time->kind != SQLP_E_DEFAULT) {
        if (on_time->kind != SQLP_E_DESCRIPTOR) {
            ERR_AT(on_time->pos, "Invalid time attribute declaration. The `on_time` argument expects a "
                                 "DESCRIPTOR(column), e.g. on_time => DESCRIPTOR(`ts`).");
            free(bound), free(bound_at);
            goto fail;
        }
        int n = on_time->u.descriptor.n;
        bool *used = calloc((size_t)n + 1, sizeof(bool));
        type_id_t root = TYPE_NULL;
        for (int i = 0; i < p->ntables; i++) {
            plan_table_t *pt = &p->tables[i];
            for (int d = 0; d < n; d++) {
                int c = find_col(pt->table->schema, on_time->u.descriptor.cols[d].name);
                if (c < 0) continue;
                used[d] = true;
                if (pt->time_col >= 0) {
                    ERR_AT(on_time->pos, "Ambiguous time attribute found. The `on_time` argument must reference at "
                                         "most one column in a table argument. Currently, the columns in `on_time` "
                                         "point to both '%s' and '%s' in table argument '%s'.",
                           pt->table->schema->fields[pt->time_col].name, pt->table->schema->fields[c].name,
                           sig->args[pt->arg].name);
                    free(used);
                    free(bound), free(bound_at);
                    goto fail;
                }
                const type_t *ct = pt->table->schema->fields[c].type;
                if ((ct->id != TYPE_TIMESTAMP && ct->id != TYPE_TIMESTAMP_LTZ) || ct->precision > 3) {
                    char *ts = type_to_string(ct);
                    ERR_AT(on_time->u.descriptor.cols[d].pos,
                           "Unsupported data type for time attribute. The `on_time` argument must reference a "
                           "TIMESTAMP or TIMESTAMP_LTZ column (up to precision 3). However, column '%s' in table "
                           "argument '%s' has data type '%s'.", pt->table->schema->fields[c].name,
                           sig->args[pt->arg].name, ts);
                    free(ts);
                    free(used);
                    free(bound), free(bound_at);
                    goto fail;
                }
                if (ct->time_kind != TYPE_TK_ROWTIME) {
                    ERR_AT(on_time->u.descriptor.cols[d].pos,
                           "Column '%s' is not a valid time attribute. Only columns with a watermark declaration "
                           "qualify for the `on_time` argument. Also, make sure that the watermarked column is "
                           "forwarded without any modification.", pt->table->schema->fields[c].name);
                    free(used);
                    free(bound), free(bound_at);
                    goto fail;
                }
                if (root != TYPE_NULL && root != ct->id) {
                    ERR_AT(on_time->pos, "Invalid time attribute declaration. All columns in the `on_time` argument "
                                         "must reference the same data type kind. But found: [TIMESTAMP_WITHOUT_TIME_"
                                         "ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE]");
                    free(used);
                    free(bound), free(bound_at);
                    goto fail;
                }
                root = ct->id;
                pt->time_col = c;
            }
        }
        buf_t unknown = BUF_INIT, missing = BUF_INIT;
        for (int d = 0; d < n; d++)
            if (!used[d]) buf_printf(&unknown, "%s%s", unknown.len ? ", " : "", on_time->u.descriptor.cols[d].name);
        for (int i = 0; i < p->ntables; i++)
            if (p->tables[i].time_col < 0)
                buf_printf(&missing, "%s%s", missing.len ? ", " : "", sig->args[p->tables[i].arg].name);
        free(used);
        if (unknown.len) {
            ERR_AT(on_time->pos, "Invalid time attribute declaration. Each column in the `on_time` argument must "
                                 "reference at least one column in one of the table arguments. Unknown references: "
                                 "[%s]", buf_cstr(&unknown));
        } else if (missing.len && p->ntables > 1) {
            ERR_AT(on_time->pos, "Invalid time attribute declaration. If multiple tables are declared, the `on_time` "
                                 "argument must reference a time column for each table argument or none. Missing "
                                 "time attributes for: [%s]", buf_cstr(&missing));
        }
        bool bad = unknown.len || (missing.len && p->ntables > 1);
        buf_free(&unknown);
        buf_free(&missing);
        if (bad) {
            free(bound), free(bound_at);
            goto fail;
        }
        p->has_rowtime = true;
        for (int i = 0; i < p->ntables; i++)
            if (p->tables[i].norder > 0 && p->tables[i].time_col >= 0 &&
                p->tables[i].order_cols[0] != p->tables[i].time_col) {
                ERR_AT(on_time->pos, "Invalid ORDER BY clause for table argument '%s'. When both ORDER BY and the "
                                     "'on_time' argument are defined, the referenced timestamp columns must match.",
                       sig->args[p->tables[i].arg].name);
                free(bound), free(bound_at);
                goto fail;
            }
        for (int i = 0; i < p->ntables; i++)
            if (p->tables[i].source_mode != CHANGELOG_INSERT_ONLY) {
                ERR_AT(on_time->pos, "Time operations using the `on_time` argument are currently not supported for "
                                     "PTFs that consume or produce updates.");
                free(bound), free(bound_at);
                goto fail;
            }
    }
    for (int i = 0; i < p->ntables; i++) {
        const ptf_arg_t *a = &sig->args[p->tables[i].arg];
        if ((a->traits & TRAIT_REQUIRE_ON_TIME) && p->tables[i].time_col < 0) {
            ERR_AT(call->pos, "Table argument '%s' requires a time attribute. Please provide one using the implicit "
                              "`on_time` argument. For example: myFunction(..., on_time => DESCRIPTOR(`my_timestamp`)",
                   a->name);
            free(bound), free(bound_at);
            goto fail;
        }
    }

    /* uid */
    const sqlp_expr_t *uid = bound[sig->nargs + 1];
    if (uid && uid->kind != SQLP_E_DEFAULT) {
        bool lit = uid->kind == SQLP_E_LITERAL && uid->u.lit.kind == SQLP_LIT_STRING;
        if (!lit || !valid_uid(uid->u.lit.text)) {
            size_t n = uid->end > uid->pos.offset ? uid->end - uid->pos.offset : 0;
            ERR_AT(uid->pos, "Invalid unique identifier for process table function. The `uid` argument must be a "
                             "string literal that follows the pattern [a-zA-Z_][a-zA-Z-_0-9]*. But found: %s",
                   lit ? uid->u.lit.text : "");
            (void)n;
            free(bound), free(bound_at);
            goto fail;
        }
        p->uid = xstrdup(uid->u.lit.text);
    } else {
        bool has_set = false;
        for (int i = 0; i < p->ntables; i++) has_set |= p->tables[i].set_semantics;
        if (has_set) {
            if (!valid_uid(fname)) {
                ERR_AT(call->pos, "Could not derive a unique identifier for process table function '%s'. The "
                                  "function's name does not qualify for a UID. Please provide a custom identifier "
                                  "using the implicit `uid` argument. For example: myFunction(..., uid => 'my-id')",
                       fname);
                free(bound), free(bound_at);
                goto fail;
            }
            p->uid = xstrdup(fname);
        }
    }

    /* Scalars, coerced to their declared types, as one encoded row. */
    p->scalars_type = type_new(TYPE_ROW, false);
    arena_t tmp;
    arena_init(&tmp, 0);
    int nscalars = 0;
    for (int i = 0; i < sig->nargs; i++) nscalars += sig->args[i].kind == ARG_SCALAR;
    row_t srow = {ROW_INSERT, (uint32_t)nscalars, arena_calloc(&tmp, (size_t)nscalars + 1, sizeof(value_t))};
    int s = 0;
    for (int i = 0; i < sig->nargs; i++) {
        const ptf_arg_t *a = &sig->args[i];
        if (a->kind != ARG_SCALAR) continue;
        add_field(p->scalars_type, a->name, a->type);
        const sqlp_expr_t *v = bound[i];
        value_t *out = &srow.fields[s++];
        if (!v || v->kind == SQLP_E_DEFAULT) {
            if (!a->optional && !(v && a->type->nullable)) {
                char *ts = type_to_string(a->type);
                ERR_AT(v ? v->pos : call->pos, "Missing argument '%s' (%s) of function '%s'. Pass it as %s => "
                                               "<value>%s.", a->name, ts, fname, a->name,
                       a->type->nullable ? ", or declare it @ArgumentHint(isOptional = true)" : "");
                free(ts);
                arena_destroy(&tmp);
                free(bound), free(bound_at);
                goto fail;
            }
            *out = value_null();
            continue;
        }
        if (plan_literal_value(env, v, a->type, a->name, &tmp, out, err, errlen) != 0) {
            arena_destroy(&tmp);
            free(bound), free(bound_at);
            goto fail;
        }
    }
    if (codec_encode_row(&p->scalars, &srow, p->scalars_type, err, errlen) != 0) {
        arena_destroy(&tmp);
        free(bound), free(bound_at);
        goto fail;
    }
    arena_destroy(&tmp);
    free(bound), free(bound_at);

    /* Output row. */
    p->output_type = type_new(TYPE_ROW, false);
    for (int i = 0; i < p->ntables; i++) {
        const plan_table_t *pt = &p->tables[i];
        const type_t *schema = pt->table->schema;
        if (pt->pass_through) {
            for (int c = 0; c < schema->nfields; c++) add_field(p->output_type, schema->fields[c].name,
                                                                schema->fields[c].type);
        } else if (pt->set_semantics) {
            for (int k = 0; k < pt->nkeys; k++)
                add_field(p->output_type, schema->fields[pt->key_cols[k]].name, schema->fields[pt->key_cols[k]].type);
        }
    }
    if (sig->output_atomic) {
        add_field(p->output_type, "EXPR$0", sig->output);
    } else {
        for (int f = 0; f < sig->output->nfields; f++)
            add_field(p->output_type, sig->output->fields[f].name, sig->output->fields[f].type);
    }
    if (p->has_rowtime) {
        const plan_table_t *pt = &p->tables[0];
        type_t *rt = type_clone(pt->table->schema->fields[pt->time_col].type);
        rt->nullable = false;
        type_add_field(p->output_type, "rowtime", rt, NULL);
    }
    dedup_names(p->output_type);
    if (p->output_type->nfields == 0) {
        ERR_AT(call->pos, "Function '%s' must produce at least one output column.", fname);
        goto fail;
    }
    return p;

fail:
    plan_call_free(p);
    return NULL;
}

char *plan_call_json(const plan_call_t *p, const char *required_changelog_mode)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "function", p->function_name);
    if (p->uid) cJSON_AddStringToObject(o, "uid", p->uid);
    else cJSON_AddNullToObject(o, "uid");
    cJSON_AddStringToObject(o, "flink_version", p->flink_version);
    cJSON *tables = cJSON_AddArrayToObject(o, "tables");
    bool timers = p->ntables > 0;
    for (int i = 0; i < p->ntables; i++) {
        const plan_table_t *pt = &p->tables[i];
        cJSON *t = cJSON_CreateObject();
        cJSON_AddStringToObject(t, "arg", p->sig->args[pt->arg].name);
        char *rt = type_to_serializable_string(pt->typed ? pt->typed : pt->table->schema);
        cJSON_AddStringToObject(t, "row_type", rt);
        free(rt);
        cJSON *pb = cJSON_AddArrayToObject(t, "partition_by");
        for (int k = 0; k < pt->nkeys; k++) cJSON_AddItemToArray(pb, cJSON_CreateNumber(pt->key_cols[k]));
        cJSON *ob = cJSON_AddArrayToObject(t, "order_by");
        cJSON *od = cJSON_AddArrayToObject(t, "order_desc");
        for (int k = 0; k < pt->norder; k++) {
            cJSON_AddItemToArray(ob, cJSON_CreateNumber(pt->order_cols[k]));
            cJSON_AddItemToArray(od, cJSON_CreateBool(pt->order_desc[k]));
        }
        cJSON_AddNumberToObject(t, "time_column", pt->time_col);
        cJSON_AddStringToObject(t, "changelog_mode", changelog_kinds_string(pt->delivered_kinds, pt->key_only_deletes));
        cJSON_AddItemToArray(tables, t);
        if (!pt->set_semantics || pt->pass_through || pt->source_mode != CHANGELOG_INSERT_ONLY) timers = false;
    }
    char *st = type_to_serializable_string(p->scalars_type);
    cJSON_AddStringToObject(o, "scalars_type", st);
    free(st);
    cJSON_AddStringToObject(o, "required_changelog_mode", required_changelog_mode);
    cJSON_AddBoolToObject(o, "timers_allowed", timers);
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return s;
}

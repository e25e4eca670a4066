/* format_csv.c - see format_csv.h */
#include "connectors/format_csv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/text.h"
#include "types/java_number.h"
#include "types/render.h"

struct conn_csv {
    const type_t *row_type;
    conn_csv_options_t o;
};

/* ---- options ------------------------------------------------------------- */

static const char *opt(const catalog_option_t *opts, int nopts, const char *key)
{
    for (int i = nopts - 1; i >= 0; i--)
        if (strcmp(opts[i].key, key) == 0) return opts[i].value;
    return NULL;
}

/* StringEscapeUtils.unescapeJava for the escapes people write in DDL ('\t'). */
static int one_char(const char *v, char *out)
{
    if (v[0] && !v[1]) { *out = v[0]; return 0; }
    if (v[0] == '\\' && v[1] && !v[2]) {
        switch (v[1]) {
        case 't': *out = '\t'; return 0;
        case 'n': *out = '\n'; return 0;
        case 'r': *out = '\r'; return 0;
        case '\\': *out = '\\'; return 0;
        case '\'': *out = '\''; return 0;
        case '"': *out = '"'; return 0;
        default: return -1;
        }
    }
    if (v[0] == '\\' && v[1] == 'u' && strlen(v) == 6) {
        unsigned long cp = strtoul(v + 2, NULL, 16);
        if (cp > 0 && cp < 0x80) { *out = (char)cp; return 0; }
    }
    return -1;
}

static int opt_bool(const catalog_option_t *opts, int nopts, const char *key, bool *out, char *err, size_t errlen)
{
    const char *v = opt(opts, nopts, key);
    if (!v) return 0;
    if (strcasecmp(v, "true") == 0) *out = true;
    else if (strcasecmp(v, "false") == 0) *out = false;
    else {
        snprintf(err, errlen, "Could not parse value '%s' for key '%s' (expected 'true' or 'false').", v, key);
        return -1;
    }
    return 0;
}

int conn_csv_options_parse(conn_csv_options_t *o, const catalog_option_t *opts, int nopts, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->field_delimiter = ',';
    o->quote_character = '"';
    o->escape_character = -1;
    o->bigdecimal_scientific = true;
    snprintf(o->array_element_delimiter, sizeof o->array_element_delimiter, ";");
    bool disable_quote = false;
    if (opt_bool(opts, nopts, "csv.allow-comments", &o->allow_comments, err, errlen) ||
        opt_bool(opts, nopts, "csv.ignore-parse-errors", &o->ignore_parse_errors, err, errlen) ||
        opt_bool(opts, nopts, "csv.disable-quote-character", &disable_quote, err, errlen) ||
        opt_bool(opts, nopts, "csv.write-bigdecimal-in-scientific-notation", &o->bigdecimal_scientific, err, errlen))
        return -1;
    const char *v;
    char ch;
    if ((v = opt(opts, nopts, "csv.field-delimiter"))) {
        if (one_char(v, &ch) != 0) {
            snprintf(err, errlen, "Option 'csv.field-delimiter' must be a string with single character, but was: %s", v);
            return -1;
        }
        o->field_delimiter = ch;
    }
    if ((v = opt(opts, nopts, "csv.quote-character"))) {
        if (disable_quote) {
            snprintf(err, errlen, "Format cannot define a quote character and disabled quote character at the same time.");
            return -1;
        }
        if (one_char(v, &ch) != 0) {
            snprintf(err, errlen, "Option 'csv.quote-character' must be a string with single character, but was: %s", v);
            return -1;
        }
        o->quote_character = (unsigned char)ch;
    }
    if (disable_quote) o->quote_character = -1;
    if ((v = opt(opts, nopts, "csv.escape-character"))) {
        if (one_char(v, &ch) != 0) {
            snprintf(err, errlen, "Option 'csv.escape-character' must be a string with single character, but was: %s", v);
            return -1;
        }
        o->escape_character = (unsigned char)ch;
    }
    if ((v = opt(opts, nopts, "csv.array-element-delimiter"))) {
        if (!v[0]) {
            snprintf(err, errlen, "Option 'csv.array-element-delimiter' must not be empty.");
            return -1;
        }
        snprintf(o->array_element_delimiter, sizeof o->array_element_delimiter, "%s", v);
    }
    if ((v = opt(opts, nopts, "csv.null-literal"))) {
        o->has_null_literal = true;
        snprintf(o->null_literal, sizeof o->null_literal, "%s", v);
    }
    return 0;
}

/* depth 0: the record; 1: a top-level column; 2: inside an ARRAY or nested
 * ROW, where Flink allows scalars only (CsvRowSchemaConverter). */
static int check_type(const type_t *t, int depth, char *err, size_t errlen)
{
    char *s;
    switch (t->id) {
    case TYPE_ARRAY:
    case TYPE_ROW:
        if (depth >= 2) {
            s = type_to_string(t);
            snprintf(err, errlen, "CSV format does not support %s nested in an ARRAY or ROW column: %s.",
                     t->id == TYPE_ARRAY ? "an ARRAY" : "a ROW", s);
            free(s);
            return -1;
        }
        if (t->id == TYPE_ARRAY) return check_type(t->elem, depth + 1, err, errlen);
        for (int i = 0; i < t->nfields; i++)
            if (check_type(t->fields[i].type, depth + 1, err, errlen) != 0) return -1;
        return 0;
    case TYPE_MAP:
    case TYPE_MULTISET:
    case TYPE_RAW:
    case TYPE_STRUCTURED:
    case TYPE_TIMESTAMP_TZ:
    case TYPE_DESCRIPTOR:
        s = type_to_string(t);
        snprintf(err, errlen, "CSV format does not support the type %s (use the json format for maps).", s);
        free(s);
        return -1;
    default: return 0;
    }
}

conn_csv_t *conn_csv_new(const type_t *row_type, const conn_csv_options_t *o, char *err, size_t errlen)
{
    if (check_type(row_type, 0, err, errlen) != 0) return NULL;
    conn_csv_t *c = calloc(1, sizeof *c);
    c->row_type = row_type;
    c->o = *o;
    return c;
}

void conn_csv_free(conn_csv_t *c) { free(c); }

/* ---- splitting ----------------------------------------------------------- */

typedef struct field {
    const char *s;
    uint32_t n;
    bool quoted;
} field_t;

/* Splits one record; quoted fields are unquoted into the arena. */
static int split(const conn_csv_t *c, const char *s, size_t n, arena_t *a, field_t **out, uint32_t *nout, char *why,
                 size_t whylen)
{
    uint32_t cap = 16, cnt = 0;
    field_t *f = arena_alloc(a, cap * sizeof *f);
    size_t i = 0;
    const int q = c->o.quote_character, esc = c->o.escape_character;
    const char sep = c->o.field_delimiter;
    for (;;) {
        if (cnt == cap) {
            field_t *g = arena_alloc(a, cap * 2 * sizeof *g);
            memcpy(g, f, cap * sizeof *f);
            f = g;
            cap *= 2;
        }
        field_t *fd = &f[cnt++];
        fd->quoted = false;
        bool simple = true;
        size_t start = i;
        for (size_t k = i; k < n && s[k] != sep; k++)
            if ((q >= 0 && s[k] == (char)q) || (esc >= 0 && s[k] == (char)esc)) simple = false;
        if (simple) {
            while (i < n && s[i] != sep) i++;
            fd->s = s + start;
            fd->n = (uint32_t)(i - start);
        } else {
            buf_t b = BUF_INIT;
            bool in_quotes = false;
            if (q >= 0 && i < n && s[i] == (char)q) {
                in_quotes = true;
                fd->quoted = true;
                i++;
            }
            while (i < n) {
                char ch = s[i];
                if (esc >= 0 && ch == (char)esc && i + 1 < n) {
                    buf_putc(&b, s[i + 1]);
                    i += 2;
                } else if (in_quotes && q >= 0 && ch == (char)q) {
                    if (i + 1 < n && s[i + 1] == (char)q) {
                        buf_putc(&b, ch);
                        i += 2;
                    } else {
                        in_quotes = false;
                        i++;
                    }
                } else if (!in_quotes && ch == sep) {
                    break;
                } else {
                    buf_putc(&b, ch);
                    i++;
                }
            }
            if (in_quotes) {
                buf_free(&b);
                snprintf(why, whylen, "missing closing quote (a quoted field cannot span lines)");
                return -1;
            }
            fd->s = arena_memdup(a, b.data ? (const void *)b.data : "", b.len + 1);
            fd->n = (uint32_t)b.len;
            buf_free(&b);
        }
        if (i >= n) break;
        i++;   /* the separator */
    }
    *out = f;
    *nout = cnt;
    return 0;
}

/* ---- converting ---------------------------------------------------------- */

static int conv(const conn_csv_t *c, const char *s, size_t n, const type_t *t, arena_t *a, value_t *out, char *why,
                size_t whylen);

static bool is_null_literal(const conn_csv_t *c, const char *s, size_t n, bool quoted)
{
    (void)quoted;
    return c->o.has_null_literal && strlen(c->o.null_literal) == n && memcmp(c->o.null_literal, s, n) == 0;
}

/* Parts of an ARRAY or nested ROW: split at the element delimiter. */
static uint32_t split_elems(const conn_csv_t *c, const char *s, size_t n, arena_t *a, const char ***parts,
                            size_t **lens)
{
    const char *d = c->o.array_element_delimiter;
    size_t dl = strlen(d);
    uint32_t cnt = 1;
    for (size_t i = 0; i + dl <= n; i++)
        if (memcmp(s + i, d, dl) == 0) { cnt++; i += dl - 1; }
    *parts = arena_alloc(a, cnt * sizeof **parts);
    *lens = arena_alloc(a, cnt * sizeof **lens);
    uint32_t k = 0;
    size_t start = 0;
    for (size_t i = 0; i + dl <= n; i++)
        if (memcmp(s + i, d, dl) == 0) {
            (*parts)[k] = s + start;
            (*lens)[k++] = i - start;
            start = i + dl;
            i += dl - 1;
        }
    (*parts)[k] = s + start;
    (*lens)[k++] = n - start;
    return k;
}

static int conv_nullable(const conn_csv_t *c, const char *s, size_t n, const type_t *t, arena_t *a, value_t *out,
                         char *why, size_t whylen)
{
    if (is_null_literal(c, s, n, false)) {
        *out = value_null();
        return 0;
    }
    if (conv(c, s, n, t, a, out, why, whylen) == 0) return 0;
    if (c->o.ignore_parse_errors) {
        *out = value_null();
        return 0;
    }
    return -1;
}

static int conv(const conn_csv_t *c, const char *s, size_t n, const type_t *t, arena_t *a, value_t *out, char *why,
                size_t whylen)
{
    memset(out, 0, sizeof *out);
    const char *ts = s;
    size_t tn = n;
    text_trim(&ts, &tn);
    static const struct { type_id_t id; int64_t min, max; } R[] = {
        {TYPE_TINYINT, -128, 127}, {TYPE_SMALLINT, -32768, 32767}, {TYPE_INT, INT32_MIN, INT32_MAX},
        {TYPE_INTERVAL_YM, INT32_MIN, INT32_MAX}, {TYPE_BIGINT, INT64_MIN, INT64_MAX},
        {TYPE_INTERVAL_DT, INT64_MIN, INT64_MAX},
    };
    switch (t->id) {
    case TYPE_BOOLEAN:
        out->u.b = tn == 4 && strncasecmp(ts, "true", 4) == 0;
        return 0;
    case TYPE_TINYINT:
    case TYPE_SMALLINT:
    case TYPE_INT:
    case TYPE_BIGINT:
    case TYPE_INTERVAL_YM:
    case TYPE_INTERVAL_DT:
        for (size_t i = 0; i < sizeof R / sizeof R[0]; i++)
            if (R[i].id == t->id) return text_parse_long(ts, tn, R[i].min, R[i].max, &out->u.i64, why, whylen);
        return -1;
    case TYPE_FLOAT: return text_parse_float(ts, tn, &out->u.f32, why, whylen);
    case TYPE_DOUBLE: return text_parse_double(ts, tn, &out->u.f64, why, whylen);
    case TYPE_CHAR:
    case TYPE_VARCHAR:
        out->u.str.ptr = s;
        out->u.str.len = (uint32_t)n;
        return 0;
    case TYPE_BINARY:
    case TYPE_VARBINARY:
        return text_base64_decode(s, n, a, &out->u.str.ptr, &out->u.str.len, why, whylen);
    case TYPE_DECIMAL: {
        bool is_null;
        if (text_parse_decimal(ts, tn, t->precision, t->scale, &out->u.dec, &is_null, why, whylen) != 0) return -1;
        if (is_null) *out = value_null();
        return 0;
    }
    case TYPE_DATE: return text_parse_date(ts, tn, &out->u.i64, why, whylen);
    case TYPE_TIME: {
        /* LocalTime.parse: HH:mm[:ss[.fff]] */
        char tmp[32];
        if (tn == 5 && tn < sizeof tmp) {
            memcpy(tmp, ts, 5);
            memcpy(tmp + 5, ":00", 4);
            return text_parse_time(tmp, 8, &out->u.i64, why, whylen);
        }
        return text_parse_time(ts, tn, &out->u.i64, why, whylen);
    }
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ:
        return text_parse_timestamp(ts, tn, TEXT_TS_SQL, t->id == TYPE_TIMESTAMP_LTZ, &out->u.ts.millis,
                                         &out->u.ts.nanos, why, whylen);
    case TYPE_ARRAY:
    case TYPE_ROW: {
        const char **parts;
        size_t *lens;
        uint32_t k = n == 0 ? 0 : split_elems(c, s, n, a, &parts, &lens);
        uint32_t want = t->id == TYPE_ROW ? (uint32_t)t->nfields : k;
        value_t *items = arena_alloc(a, (want ? want : 1) * sizeof *items);
        if (t->id == TYPE_ROW && k != want && !c->o.ignore_parse_errors) {
            snprintf(why, whylen, "Row length mismatch. %u fields expected but was %u.", want, k);
            return -1;
        }
        for (uint32_t i = 0; i < want; i++) {
            if (i >= k) { items[i] = value_null(); continue; }
            const type_t *et = t->id == TYPE_ROW ? t->fields[i].type : t->elem;
            if (conv_nullable(c, parts[i], lens[i], et, a, &items[i], why, whylen) != 0) return -1;
        }
        if (t->id == TYPE_ROW) {
            out->u.row.fields = items;
            out->u.row.n = want;
        } else {
            out->u.list.items = items;
            out->u.list.n = want;
        }
        return 0;
    }
    default:
        snprintf(why, whylen, "unsupported type %s", type_id_name(t->id));
        return -1;
    }
}

static int csv_error(const char *line, size_t len, const char *file, long lineno, const char *field,
                     const type_t *ft, const char *why, char *err, size_t errlen)
{
    buf_t b = BUF_INIT;
    buf_printf(&b, "malformed CSV at %s:%ld: ", file ? file : "<input>", lineno);
    text_put_excerpt(&b, line, len, 300);
    buf_puts(&b, ": ");
    if (field) {
        char *ts = ft ? type_to_string(ft) : NULL;
        buf_printf(&b, "field '%s'%s%s%s: ", field, ts ? " (" : "", ts ? ts : "", ts ? ")" : "");
        free(ts);
    }
    buf_printf(&b, "%s (set 'csv.ignore-parse-errors' = 'true' to skip such records)", why);
    snprintf(err, errlen, "%s", buf_cstr(&b));
    buf_free(&b);
    return -1;
}

int conn_csv_decode(conn_csv_t *c, const char *line, size_t len, const char *file, long lineno, row_t *row,
                    bool *skipped, arena_t *a, char *err, size_t errlen)
{
    *skipped = false;
    size_t n = len;
    while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == '\n')) n--;
    if (n == 0) return 0;
    if (c->o.allow_comments && line[0] == '#') return 0;
    char why[300];
    field_t *f;
    uint32_t nf;
    if (split(c, line, n, a, &f, &nf, why, sizeof why) != 0) {
        if (c->o.ignore_parse_errors) { *skipped = true; return 0; }
        return csv_error(line, n, file, lineno, NULL, NULL, why, err, errlen);
    }
    const type_t *t = c->row_type;
    uint32_t arity = (uint32_t)t->nfields;
    if (nf != arity && !c->o.ignore_parse_errors) {
        snprintf(why, sizeof why, "Row length mismatch. %u fields expected but was %u.", arity, nf);
        return csv_error(line, n, file, lineno, NULL, NULL, why, err, errlen);
    }
    value_t *vals = arena_alloc(a, (arity ? arity : 1) * sizeof *vals);
    for (uint32_t i = 0; i < arity; i++) {
        if (i >= nf) {
            vals[i] = value_null();
            continue;
        }
        if (conv_nullable(c, f[i].s, f[i].n, t->fields[i].type, a, &vals[i], why, sizeof why) != 0)
            return csv_error(line, n, file, lineno, t->fields[i].name, t->fields[i].type, why, err, errlen);
    }
    row->kind = ROW_INSERT;
    row->n = arity;
    row->fields = vals;
    return 1;
}

/* ---- encoding ------------------------------------------------------------ */

static void put_text(const conn_csv_t *c, buf_t *b, const char *s, size_t n)
{
    const int q = c->o.quote_character;
    bool quote = false;
    if (q >= 0) {
        if (n > 0 && s[0] == '#') quote = true;
        for (size_t i = 0; i < n && !quote; i++)
            if (s[i] == c->o.field_delimiter || s[i] == (char)q || s[i] == '\r' || s[i] == '\n') quote = true;
    }
    if (!quote) {
        buf_append(b, s, n);
        return;
    }
    buf_putc(b, (char)q);
    for (size_t i = 0; i < n; i++) {
        if (s[i] == (char)q) buf_putc(b, c->o.escape_character >= 0 ? (char)c->o.escape_character : (char)q);
        buf_putc(b, s[i]);
    }
    buf_putc(b, (char)q);
}

static void enc(const conn_csv_t *c, buf_t *b, const value_t *v, const type_t *t)
{
    if (v->is_null) {
        if (c->o.has_null_literal) buf_puts(b, c->o.null_literal);
        return;
    }
    switch (t->id) {
    case TYPE_CHAR:
    case TYPE_VARCHAR: put_text(c, b, v->u.str.ptr, v->u.str.len); return;
    case TYPE_BINARY:
    case TYPE_VARBINARY: text_base64_encode(b, (const unsigned char *)v->u.str.ptr, v->u.str.len); return;
    case TYPE_DECIMAL:
        if (c->o.bigdecimal_scientific) jnum_big_decimal(b, v->u.dec, t->scale);
        else jnum_big_decimal_plain(b, v->u.dec, t->scale);
        return;
    case TYPE_DATE: text_put_date(b, v->u.i64); return;
    case TYPE_TIME: {
        text_put_time(b, v->u.i64);
        int ms = (int)(v->u.i64 / 1000000 % 1000);
        if (ms) {
            char f[8];
            int len = snprintf(f, sizeof f, "%03d", ms);
            while (len > 0 && f[len - 1] == '0') len--;
            buf_putc(b, '.');
            buf_append(b, f, (size_t)len);
        }
        return;
    }
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ:
        text_put_timestamp(b, v->u.ts.millis, v->u.ts.nanos, TEXT_TS_SQL, t->id == TYPE_TIMESTAMP_LTZ);
        return;
    case TYPE_ARRAY:
    case TYPE_ROW: {
        buf_t inner = BUF_INIT;
        uint32_t n = t->id == TYPE_ARRAY ? v->u.list.n : v->u.row.n;
        for (uint32_t i = 0; i < n; i++) {
            if (i) buf_puts(&inner, c->o.array_element_delimiter);
            if (t->id == TYPE_ARRAY) enc(c, &inner, &v->u.list.items[i], t->elem);
            else enc(c, &inner, &v->u.row.fields[i], t->fields[i].type);
        }
        put_text(c, b, inner.data ? (const char *)inner.data : "", inner.len);
        buf_free(&inner);
        return;
    }
    default:
        /* numbers and booleans: Java's toString */
        render_value(b, v, t);
        return;
    }
}

int conn_csv_encode(conn_csv_t *c, const row_t *row, buf_t *out, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    const type_t *t = c->row_type;
    for (int i = 0; i < t->nfields; i++) {
        if (i) buf_putc(out, c->o.field_delimiter);
        value_t nul = value_null();
        enc(c, out, (uint32_t)i < row->n ? &row->fields[i] : &nul, t->fields[i].type);
    }
    buf_putc(out, '\n');
    return 0;
}

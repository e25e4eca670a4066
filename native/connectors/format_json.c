/* format_json.c - see format_json.h.
 *
 * The reader is a small JSON parser into an arena tree rather than cJSON:
 * cJSON keeps numbers only as doubles, and Flink reads DECIMAL(38, s) and
 * BIGINT from the number's exact text. Strings are decoded to UTF-8; numbers
 * keep their source text. A line that is one object skips the tree at its
 * top level (decode_members): its members are converted as they are read. */
#include "connectors/format_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/java_hash.h"
#include "types/java_number.h"
#include "util/utf8.h"

/* ======================================================================== */
/* Reading JSON                                                              */

typedef enum jkind { JV_NULL, JV_TRUE, JV_FALSE, JV_INT, JV_FLOAT, JV_STRING, JV_ARRAY, JV_OBJECT } jkind_t;

typedef struct jval jval_t;
struct jval {
    jkind_t kind;
    const char *s;          /* STRING: decoded text; INT/FLOAT: source text */
    uint32_t n;
    const char *key;        /* member name inside an object (decoded) */
    uint32_t keylen;
    jval_t *child, *next;   /* ARRAY elements / OBJECT members */
    uint32_t count;
};

typedef struct jreader {
    const char *start, *p, *end;
    arena_t *a;
    int depth;
    char err[160];
} jreader_t;

static void jr_ws(jreader_t *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\n')) r->p++;
}

static int jr_fail(jreader_t *r, const char *what)
{
    long col = (long)(r->p - r->start) + 1;
    if (r->p >= r->end)
        snprintf(r->err, sizeof r->err, "unexpected end of input at column %ld (%s)", col, what);
    else if ((unsigned char)*r->p >= 0x20 && (unsigned char)*r->p < 0x7f)
        snprintf(r->err, sizeof r->err, "unexpected character '%c' at column %ld (%s)", *r->p, col, what);
    else
        snprintf(r->err, sizeof r->err, "unexpected character (code %d) at column %ld (%s)", (unsigned char)*r->p,
                 col, what);
    return -1;
}

static int jr_hex4(jreader_t *r, uint32_t *v)
{
    *v = 0;
    for (int i = 0; i < 4; i++, r->p++) {
        if (r->p >= r->end) return jr_fail(r, "expected 4 hex digits after \\u");
        char c = *r->p;
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) return jr_fail(r, "expected 4 hex digits after \\u");
        *v = *v * 16 + (uint32_t)d;
    }
    return 0;
}

/* Jackson's messages for bytes that are not UTF-8, at r->p. */
static int jr_utf8_fail(jreader_t *r, const char *which, unsigned char c)
{
    snprintf(r->err, sizeof r->err, "Invalid UTF-8 %s byte 0x%x at column %ld", which, c,
             (long)(r->p - r->start) + 1);
    return -1;
}

/* At a byte >= 0x80 inside a string: steps over one UTF-8 sequence as
 * Jackson's UTF-8 parser takes it - a lead byte 110xxxxx, 1110xxxx or
 * 11110xxx and as many 10xxxxxx bytes as it announces (overlong forms and
 * surrogates are not checked, there either) - or fails with its message. */
static int jr_utf8(jreader_t *r)
{
    unsigned char c = (unsigned char)*r->p;
    int more = (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : -1;
    if (more < 0) return jr_utf8_fail(r, "start", c);
    for (r->p++; more > 0; more--, r->p++) {
        if (r->p >= r->end) return jr_fail(r, "expected closing quote of a string");
        if (((unsigned char)*r->p & 0xc0) != 0x80) return jr_utf8_fail(r, "middle", (unsigned char)*r->p);
    }
    return 0;
}

/* At the opening quote. Unescaped control characters are accepted: Flink
 * enables Jackson's ALLOW_UNESCAPED_CONTROL_CHARS. */
static int jr_string(jreader_t *r, const char **out, uint32_t *outlen)
{
    r->p++;
    const char *s = r->p;
    while (r->p < r->end && *r->p != '"' && *r->p != '\\') {
        if ((unsigned char)*r->p < 0x80) r->p++;
        else if (jr_utf8(r) != 0) return -1;
    }
    if (r->p < r->end && *r->p == '"') {   /* no escapes: point into the line */
        *out = s;
        *outlen = (uint32_t)(r->p - s);
        r->p++;
        return 0;
    }
    buf_t b = BUF_INIT;
    buf_append(&b, s, (size_t)(r->p - s));
    while (r->p < r->end && *r->p != '"') {
        if (*r->p != '\\') {
            const char *from = r->p;
            if ((unsigned char)*r->p < 0x80) r->p++;
            else if (jr_utf8(r) != 0) { buf_free(&b); return -1; }
            buf_append(&b, from, (size_t)(r->p - from));
            continue;
        }
        r->p++;
        if (r->p >= r->end) break;
        char c = *r->p++;
        switch (c) {
        case '"': buf_putc(&b, '"'); break;
        case '\\': buf_putc(&b, '\\'); break;
        case '/': buf_putc(&b, '/'); break;
        case 'b': buf_putc(&b, '\b'); break;
        case 'f': buf_putc(&b, '\f'); break;
        case 'n': buf_putc(&b, '\n'); break;
        case 'r': buf_putc(&b, '\r'); break;
        case 't': buf_putc(&b, '\t'); break;
        case 'u': {
            uint32_t cp;
            if (jr_hex4(r, &cp) != 0) { buf_free(&b); return -1; }
            if (cp >= 0xd800 && cp <= 0xdbff && r->end - r->p >= 6 && r->p[0] == '\\' && r->p[1] == 'u') {
                const char *save = r->p;
                uint32_t lo;
                r->p += 2;
                if (jr_hex4(r, &lo) == 0 && lo >= 0xdc00 && lo <= 0xdfff) cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                else r->p = save;
            }
            if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;   /* a lone surrogate cannot be UTF-8 */
            utf8_put(&b, cp);
            break;
        }
        default:
            r->p--;
            buf_free(&b);
            return jr_fail(r, "unrecognized character escape");
        }
    }
    if (r->p >= r->end) { buf_free(&b); return jr_fail(r, "expected closing quote of a string"); }
    r->p++;
    *out = arena_memdup(r->a, b.data ? (const void *)b.data : "", b.len + 1);
    *outlen = (uint32_t)b.len;
    buf_free(&b);
    return 0;
}

static bool jr_word(jreader_t *r, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, w, n) != 0) return false;
    const char *after = r->p + n;
    if (after < r->end && ((*after >= 'a' && *after <= 'z') || (*after >= 'A' && *after <= 'Z') ||
                           (*after >= '0' && *after <= '9') || *after == '_'))
        return false;
    r->p = after;
    return true;
}

static int jr_number(jreader_t *r, jval_t *v)
{
    const char *s = r->p;
    bool fl = false;
    if (*r->p == '-') r->p++;
    if (r->p < r->end && *r->p == 'I' && jr_word(r, "Infinity")) {   /* Flink allows non-numeric numbers */
        v->kind = JV_FLOAT;
        v->s = s;
        v->n = (uint32_t)(r->p - s);
        return 0;
    }
    if (r->p >= r->end || *r->p < '0' || *r->p > '9') return jr_fail(r, "expected a digit");
    if (*r->p == '0' && r->p + 1 < r->end && r->p[1] >= '0' && r->p[1] <= '9') {
        r->p++;
        return jr_fail(r, "leading zeroes not allowed");
    }
    while (r->p < r->end && *r->p >= '0' && *r->p <= '9') r->p++;
    if (r->p < r->end && *r->p == '.') {
        fl = true;
        r->p++;
        if (r->p >= r->end || *r->p < '0' || *r->p > '9') return jr_fail(r, "decimal point not followed by a digit");
        while (r->p < r->end && *r->p >= '0' && *r->p <= '9') r->p++;
    }
    if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
        fl = true;
        r->p++;
        if (r->p < r->end && (*r->p == '+' || *r->p == '-')) r->p++;
        if (r->p >= r->end || *r->p < '0' || *r->p > '9') return jr_fail(r, "exponent indicator not followed by a digit");
        while (r->p < r->end && *r->p >= '0' && *r->p <= '9') r->p++;
    }
    v->kind = fl ? JV_FLOAT : JV_INT;
    v->s = s;
    v->n = (uint32_t)(r->p - s);
    return 0;
}

static int jr_value(jreader_t *r, jval_t *v)
{
    memset(v, 0, sizeof *v);
    jr_ws(r);
    if (r->p >= r->end) return jr_fail(r, "expected a value");
    if (++r->depth > 1000) return jr_fail(r, "nesting deeper than 1000");
    int rc = 0;
    char c = *r->p;
    if (c == '{' || c == '[') {
        bool obj = c == '{';
        char close = obj ? '}' : ']';
        v->kind = obj ? JV_OBJECT : JV_ARRAY;
        v->s = obj ? "{" : "[";
        v->n = 1;
        r->p++;
        jr_ws(r);
        jval_t **tail = &v->child;
        if (r->p < r->end && *r->p == close) {
            r->p++;
        } else {
            for (;;) {
                jval_t *e = arena_alloc(r->a, sizeof *e);
                const char *key = NULL;
                uint32_t keylen = 0;
                if (obj) {
                    jr_ws(r);
                    if (r->p >= r->end || *r->p != '"') { rc = jr_fail(r, "expected double-quote to start field name"); break; }
                    if ((rc = jr_string(r, &key, &keylen)) != 0) break;
                    jr_ws(r);
                    if (r->p >= r->end || *r->p != ':') { rc = jr_fail(r, "expected a colon to separate field name and value"); break; }
                    r->p++;
                }
                if ((rc = jr_value(r, e)) != 0) break;
                e->key = key;
                e->keylen = keylen;
                *tail = e;
                tail = &e->next;
                v->count++;
                jr_ws(r);
                if (r->p < r->end && *r->p == ',') { r->p++; continue; }
                if (r->p < r->end && *r->p == close) { r->p++; break; }
                rc = jr_fail(r, obj ? "expected comma or '}' in an object" : "expected comma or ']' in an array");
                break;
            }
        }
    } else if (c == '"') {
        v->kind = JV_STRING;
        rc = jr_string(r, &v->s, &v->n);
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        rc = jr_number(r, v);
    } else if (jr_word(r, "true")) {
        v->kind = JV_TRUE; v->s = "true"; v->n = 4;
    } else if (jr_word(r, "false")) {
        v->kind = JV_FALSE; v->s = "false"; v->n = 5;
    } else if (jr_word(r, "null")) {
        v->kind = JV_NULL; v->s = "null"; v->n = 4;
    } else if (jr_word(r, "NaN") || jr_word(r, "Infinity") || jr_word(r, "+Infinity")) {
        v->kind = JV_FLOAT;
        v->s = c == '+' ? "Infinity" : (r->p[-1] == 'N' ? "NaN" : "Infinity");
        v->n = (uint32_t)strlen(v->s);
    } else {
        rc = jr_fail(r, "expected a JSON value: string, number, array, object, true, false or null");
    }
    r->depth--;
    return rc;
}

/* ======================================================================== */
/* Writing JSON (Jackson's output)                                           */

static void put_json_string(buf_t *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    buf_putc(b, '"');
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        buf_append(b, s + run, i - run);
        run = i + 1;
        switch (c) {
        case '"': buf_puts(b, "\\\""); break;
        case '\\': buf_puts(b, "\\\\"); break;
        case '\b': buf_puts(b, "\\b"); break;
        case '\t': buf_puts(b, "\\t"); break;
        case '\n': buf_puts(b, "\\n"); break;
        case '\f': buf_puts(b, "\\f"); break;
        case '\r': buf_puts(b, "\\r"); break;
        default: {
            char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            buf_append(b, e, 6);
        }
        }
    }
    buf_append(b, s + run, n - run);
    buf_putc(b, '"');
}

/* With USE_BIG_DECIMAL_FOR_FLOATS (Flink enables it when the schema has a
 * DECIMAL) a fractional number is a DecimalNode: BigDecimal(text).toString().
 * Returns false when the value does not fit our 38-digit arithmetic. */
static bool put_big_decimal_text(buf_t *b, const char *s, size_t n)
{
    const char *p = s, *e = s + n;
    bool neg = false, dot = false;
    long frac = 0, exp = 0;
    __int128 u = 0;
    int nd = 0;
    if (p < e && *p == '-') { neg = true; p++; }
    for (; p < e && *p != 'e' && *p != 'E'; p++) {
        if (*p == '.') { dot = true; continue; }
        if (dot) frac++;
        if (nd == 0 && *p == '0') continue;
        if (++nd > 38) return false;
        u = u * 10 + (*p - '0');
    }
    if (p < e) exp = strtol(p + 1, NULL, 10);
    if (exp < -100000 || exp > 100000) return false;   /* beyond any scale below; no overflow */
    long scale = frac - exp;
    if (scale < -1000 || scale > 1000) return false;
    if (scale >= 0) {
        jnum_big_decimal(b, neg ? -u : u, (int)scale);
        return true;
    }
    /* negative scale: BigDecimal prints d.dddE+n */
    buf_t t = BUF_INIT;
    jnum_int128(&t, u);
    const char *digits = buf_cstr(&t);
    size_t len = t.len;
    long adjusted = -scale + (long)len - 1;
    if (neg) buf_putc(b, '-');
    buf_putc(b, digits[0]);
    if (len > 1) {
        buf_putc(b, '.');
        buf_append(b, digits + 1, len - 1);
    }
    buf_printf(b, "E+%ld", adjusted);
    buf_free(&t);
    return true;
}

/* JsonNode.toString() of a parsed tree (a STRING column fed an object or
 * array): compact, numbers as the node types Jackson builds print them. */
static void put_tree(buf_t *b, const jval_t *v, bool big_decimals)
{
    switch (v->kind) {
    case JV_NULL: buf_puts(b, "null"); break;
    case JV_TRUE: buf_puts(b, "true"); break;
    case JV_FALSE: buf_puts(b, "false"); break;
    case JV_STRING: put_json_string(b, v->s, v->n); break;
    case JV_INT: {
        const char *s = v->s;
        uint32_t n = v->n;
        if (n == 2 && s[0] == '-' && s[1] == '0') { s = "0"; n = 1; }
        buf_append(b, s, n);
        break;
    }
    case JV_FLOAT: {
        double d = 0;
        text_parse_double(v->s, v->n, &d, NULL, 0);
        if (d != d || d - d != 0) {   /* NaN/Infinity nodes serialize as strings */
            put_json_string(b, v->s, v->n);
            break;
        }
        if (!big_decimals || !put_big_decimal_text(b, v->s, v->n)) jnum_double(b, d);
        break;
    }
    case JV_ARRAY:
    case JV_OBJECT: {
        bool obj = v->kind == JV_OBJECT;
        buf_putc(b, obj ? '{' : '[');
        for (const jval_t *e = v->child; e; e = e->next) {
            if (e != v->child) buf_putc(b, ',');
            if (obj) {
                put_json_string(b, e->key, e->keylen);
                buf_putc(b, ':');
            }
            put_tree(b, e, big_decimals);
        }
        buf_putc(b, obj ? '}' : ']');
        break;
    }
    }
}

/* ======================================================================== */
/* Options                                                                   */

struct conn_json {
    const type_t *row_type;
    conn_json_options_t o;
    bool has_decimal;
    bool read_members;   /* decode_members first (conn_json_read_members) */
};

static const char *opt(const catalog_option_t *opts, int nopts, const char *prefix, const char *key)
{
    char full[128];
    snprintf(full, sizeof full, "%s.%s", prefix, key);
    for (int i = nopts - 1; i >= 0; i--)
        if (strcmp(opts[i].key, full) == 0) return opts[i].value;
    return NULL;
}

static int opt_bool(const catalog_option_t *opts, int nopts, const char *prefix, const char *key, bool *out,
                    char *err, size_t errlen)
{
    const char *v = opt(opts, nopts, prefix, key);
    if (!v) return 0;
    if (strcasecmp(v, "true") == 0) *out = true;
    else if (strcasecmp(v, "false") == 0) *out = false;
    else {
        snprintf(err, errlen, "Could not parse value '%s' for key '%s.%s' (expected 'true' or 'false').", v, prefix, key);
        return -1;
    }
    return 0;
}

int conn_json_options_parse(conn_json_options_t *o, const char *prefix, const catalog_option_t *opts, int nopts,
                            char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->timestamp_format = TEXT_TS_SQL;
    o->map_null_key_mode = CONN_JSON_NULL_KEY_FAIL;
    snprintf(o->map_null_key_literal, sizeof o->map_null_key_literal, "null");
    o->debezium = strcmp(prefix, "debezium-json") == 0;
    if (opt_bool(opts, nopts, prefix, "fail-on-missing-field", &o->fail_on_missing_field, err, errlen) ||
        opt_bool(opts, nopts, prefix, "ignore-parse-errors", &o->ignore_parse_errors, err, errlen) ||
        opt_bool(opts, nopts, prefix, "encode.decimal-as-plain-number", &o->encode_decimal_as_plain_number, err, errlen) ||
        opt_bool(opts, nopts, prefix, "encode.ignore-null-fields", &o->encode_ignore_null_fields, err, errlen) ||
        opt_bool(opts, nopts, prefix, "schema-include", &o->debezium_schema_include, err, errlen))
        return -1;
    if (o->fail_on_missing_field && o->ignore_parse_errors) {
        snprintf(err, errlen, "fail-on-missing-field and ignore-parse-errors shouldn't both be true.");
        return -1;
    }
    const char *ts = opt(opts, nopts, prefix, "timestamp-format.standard");
    if (ts) {
        if (strcmp(ts, "SQL") == 0) o->timestamp_format = TEXT_TS_SQL;
        else if (strcmp(ts, "ISO-8601") == 0) o->timestamp_format = TEXT_TS_ISO_8601;
        else if (strcmp(ts, "ISO-8601-WITH-OFFSET") == 0) o->timestamp_format = TEXT_TS_ISO_8601_OFFSET;
        else {
            snprintf(err, errlen,
                     "Unsupported value '%s' for timestamp-format.standard. Supported values are [SQL, ISO-8601, "
                     "ISO-8601-WITH-OFFSET].", ts);
            return -1;
        }
    }
    const char *mode = opt(opts, nopts, prefix, "map-null-key.mode");
    if (mode) {
        if (strcasecmp(mode, "FAIL") == 0) o->map_null_key_mode = CONN_JSON_NULL_KEY_FAIL;
        else if (strcasecmp(mode, "DROP") == 0) o->map_null_key_mode = CONN_JSON_NULL_KEY_DROP;
        else if (strcasecmp(mode, "LITERAL") == 0) o->map_null_key_mode = CONN_JSON_NULL_KEY_LITERAL;
        else {
            snprintf(err, errlen,
                     "Unsupported value '%s' for option map-null-key.mode. Supported values are [LITERAL, FAIL, DROP].",
                     mode);
            return -1;
        }
    }
    const char *lit = opt(opts, nopts, prefix, "map-null-key.literal");
    if (lit) snprintf(o->map_null_key_literal, sizeof o->map_null_key_literal, "%s", lit);
    return 0;
}

static int check_type(const type_t *t, bool *has_decimal, char *err, size_t errlen)
{
    char *s;
    switch (t->id) {
    case TYPE_DECIMAL: *has_decimal = true; return 0;
    case TYPE_ARRAY: return check_type(t->elem, has_decimal, err, errlen);
    case TYPE_MAP:
    case TYPE_MULTISET:
        if (!type_is_string(t->elem)) {
            s = type_to_string(t);
            snprintf(err, errlen, "JSON format doesn't support non-string as key type of map. The type is: %s", s);
            free(s);
            return -1;
        }
        return t->id == TYPE_MAP ? check_type(t->value, has_decimal, err, errlen) : 0;
    case TYPE_ROW:
        for (int i = 0; i < t->nfields; i++)
            if (check_type(t->fields[i].type, has_decimal, err, errlen) != 0) return -1;
        return 0;
    case TYPE_RAW:
    case TYPE_STRUCTURED:
    case TYPE_TIMESTAMP_TZ:
    case TYPE_DESCRIPTOR:
        s = type_to_string(t);
        snprintf(err, errlen, "JSON format does not support the type %s.", s);
        free(s);
        return -1;
    default:
        return 0;
    }
}

conn_json_t *conn_json_new(const type_t *row_type, const conn_json_options_t *o, char *err, size_t errlen)
{
    bool has_decimal = false;
    if (check_type(row_type, &has_decimal, err, errlen) != 0) return NULL;
    conn_json_t *j = calloc(1, sizeof *j);
    j->row_type = row_type;
    j->o = *o;
    j->has_decimal = has_decimal;
    j->read_members = true;
    return j;
}

void conn_json_read_members(conn_json_t *j, bool on) { j->read_members = on; }

void conn_json_free(conn_json_t *j) { free(j); }

/* ======================================================================== */
/* JSON -> values (JsonParserToRowDataConverters)                            */

typedef struct dctx {
    conn_json_t *j;
    arena_t *a;
    char path[256];     /* field path of the innermost failure, for messages */
    size_t plen;        /* strlen(path) */
    char reason[320];
} dctx_t;

/* Only what a row needs: the buffers are written before they are read. */
static void dctx_init(dctx_t *c, conn_json_t *j, arena_t *a)
{
    c->j = j;
    c->a = a;
    c->path[0] = c->reason[0] = '\0';
    c->plen = 0;
}

/* Back to the path as it was at mark (a c->plen). */
static void path_cut(dctx_t *c, size_t mark)
{
    c->path[mark] = '\0';
    c->plen = mark;
}

static int conv(dctx_t *c, const jval_t *v, const type_t *t, value_t *out);

static int reasonf(dctx_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int reasonf(dctx_t *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->reason, sizeof c->reason, fmt, ap);
    va_end(ap);
    return -1;
}

/* Jackson's getText() of a token. */
static void token_text(const jval_t *v, const char **s, size_t *n)
{
    *s = v->s;
    *n = v->n;
}

/* Appends ".name" or "[index]" to the error path; runs for every field of
 * every row, so no printf. The path is cut at its buffer's size. */
static void path_push(dctx_t *c, const char *name, size_t n, bool index)
{
    size_t len = c->plen, cap = sizeof c->path - 1;
    if ((index || len) && len < cap) c->path[len++] = index ? '[' : '.';
    size_t room = cap - len < n ? cap - len : n;
    memcpy(c->path + len, name, room);
    len += room;
    if (index && len < cap) c->path[len++] = ']';
    c->path[len] = '\0';
    c->plen = len;
}

/* Flink decodes a JSON object into a GenericMapData over a java.util.HashMap
 * keyed by BinaryStringData, so the map (and every print of it) iterates in
 * that HashMap's order, not the document's: storage takes that order. */
static void hashmap_reorder(arena_t *a, value_t *map)
{
    uint32_t n = map->u.map.n;
    if (n < 2) return;
    int32_t *hashes = arena_alloc(a, n * sizeof *hashes);
    uint32_t *order = arena_alloc(a, n * sizeof *order);
    for (uint32_t i = 0; i < n; i++)
        hashes[i] = jhash_binary_string(map->u.map.keys[i].u.str.ptr, map->u.map.keys[i].u.str.len);
    jhash_hashmap_order_of_hashes(hashes, n, order);
    value_t *keys = arena_alloc(a, n * sizeof *keys), *vals = arena_alloc(a, n * sizeof *vals);
    for (uint32_t i = 0; i < n; i++) {
        keys[i] = map->u.map.keys[order[i]];
        vals[i] = map->u.map.vals[order[i]];
    }
    map->u.map.keys = keys;
    map->u.map.vals = vals;
}

/* A nested value's converter is wrapped like Flink's wrapIntoNullableConverter:
 * JSON null -> NULL, and a failure becomes NULL under ignore-parse-errors. */
static int conv_nullable(dctx_t *c, const jval_t *v, const type_t *t, value_t *out)
{
    if (v == NULL || v->kind == JV_NULL) {
        *out = value_null();
        return 0;
    }
    size_t mark = c->plen;
    if (conv(c, v, t, out) == 0) return 0;
    if (c->j->o.ignore_parse_errors) {
        *out = value_null();
        path_cut(c, mark);
        return 0;
    }
    return -1;
}

static bool field_named(const char *name, const char *key, uint32_t keylen)
{
    return (keylen == 0 || name[0] == key[0]) && strlen(name) == keylen && memcmp(name, key, keylen) == 0;
}

/* The field of row type t named key (-1: none; field names are unique).
 * Members usually come in the declared order, so the field at the
 * member's position is tried first. */
static int field_index(const type_t *t, const char *key, uint32_t keylen, int guess)
{
    if (guess < t->nfields && field_named(t->fields[guess].name, key, keylen)) return guess;
    for (int i = 0; i < t->nfields; i++)
        if (field_named(t->fields[i].name, key, keylen)) return i;
    return -1;
}

static int conv_row(dctx_t *c, const jval_t *v, const type_t *t, value_t *out)
{
    if (v->kind != JV_OBJECT) return reasonf(c, "expected a JSON object, got %.*s", (int)(v->n > 40 ? 40 : v->n), v->s);
    int arity = t->nfields;
    value_t *f = arena_alloc(c->a, (size_t)(arity ? arity : 1) * sizeof *f);
    for (int i = 0; i < arity; i++) f[i] = value_null();
    bool *seen = c->j->o.fail_on_missing_field ? arena_calloc(c->a, (size_t)(arity ? arity : 1), sizeof *seen) : NULL;
    int cnt = 0, pos = 0;
    for (const jval_t *m = v->child; m; m = m->next) {
        if (cnt >= arity) break;   /* Flink stops matching once every field was seen */
        int idx = field_index(t, m->key, m->keylen, pos++);
        if (idx < 0) continue;
        size_t mark = c->plen;
        path_push(c, m->key, m->keylen, false);
        if (conv_nullable(c, m, t->fields[idx].type, &f[idx]) != 0) return -1;
        path_cut(c, mark);
        if (seen) seen[idx] = true;
        cnt++;
    }
    if (cnt < arity && c->j->o.fail_on_missing_field) {
        for (int i = 0; i < arity; i++)
            if (!seen[i]) {
                size_t len = c->plen;
                snprintf(c->path + len, sizeof c->path - len, "%s%s", len ? "." : "", t->fields[i].name);
                break;
            }
        return reasonf(c, "field is missing (%s.fail-on-missing-field is true)",
                       c->j->o.debezium ? "debezium-json" : "json");
    }
    out->is_null = false;
    out->u.row.fields = f;
    out->u.row.n = (uint32_t)arity;
    return 0;
}

static int conv_int_like(dctx_t *c, const jval_t *v, const type_t *t, int64_t *out)
{
    static const struct { type_id_t id; int64_t min, max; const char *java; } R[] = {
        {TYPE_TINYINT, -128, 127, "byte"},
        {TYPE_SMALLINT, -32768, 32767, "short"},
        {TYPE_INT, INT32_MIN, INT32_MAX, "int"},
        {TYPE_INTERVAL_YM, INT32_MIN, INT32_MAX, "int"},
        {TYPE_BIGINT, INT64_MIN, INT64_MAX, "long"},
        {TYPE_INTERVAL_DT, INT64_MIN, INT64_MAX, "long"},
    };
    int64_t min = INT64_MIN, max = INT64_MAX;
    const char *java = "long";
    for (size_t i = 0; i < sizeof R / sizeof R[0]; i++)
        if (R[i].id == t->id) { min = R[i].min; max = R[i].max; java = R[i].java; }
    const char *s;
    size_t n;
    token_text(v, &s, &n);
    if (v->kind == JV_INT) {
        if (text_parse_long(s, n, min, max, out, NULL, 0) != 0)
            return reasonf(c, "numeric value (%.*s) out of range of Java %s", (int)n, s, java);
        return 0;
    }
    if (v->kind == JV_FLOAT && t->id != TYPE_TINYINT && t->id != TYPE_SMALLINT) {
        /* Jackson's getIntValue()/getLongValue() of a fractional number truncates */
        double d;
        if (text_parse_double(s, n, &d, NULL, 0) != 0 || !(d >= (double)min && d <= (double)max) ||
            (max == INT64_MAX && d >= 9223372036854775808.0))
            return reasonf(c, "numeric value (%.*s) out of range of Java %s", (int)n, s, java);
        *out = (int64_t)d;
        return 0;
    }
    char why[128];
    text_trim(&s, &n);
    if (v->kind == JV_OBJECT || v->kind == JV_ARRAY || text_parse_long(s, n, min, max, out, why, sizeof why) != 0)
        return reasonf(c, "cannot parse %s as %s: For input string: \"%.*s\"",
                       v->kind == JV_STRING ? "string" : "value", type_id_name(t->id), (int)(n > 60 ? 60 : n), s);
    return 0;
}

static int conv(dctx_t *c, const jval_t *v, const type_t *t, value_t *out)
{
    memset(out, 0, sizeof *out);
    const char *s;
    size_t n;
    char why[200];
    token_text(v, &s, &n);
    switch (t->id) {
    case TYPE_NULL:
        *out = value_null();
        return 0;
    case TYPE_BOOLEAN:
        if (v->kind == JV_TRUE || v->kind == JV_FALSE) out->u.b = v->kind == JV_TRUE;
        else {
            text_trim(&s, &n);
            out->u.b = n == 4 && strncasecmp(s, "true", 4) == 0;   /* Boolean.parseBoolean */
        }
        return 0;
    case TYPE_TINYINT:
    case TYPE_SMALLINT:
    case TYPE_INT:
    case TYPE_BIGINT:
    case TYPE_INTERVAL_YM:
    case TYPE_INTERVAL_DT:
        return conv_int_like(c, v, t, &out->u.i64);
    case TYPE_FLOAT:
    case TYPE_DOUBLE: {
        if (v->kind == JV_OBJECT || v->kind == JV_ARRAY)
            return reasonf(c, "cannot parse a JSON %s as %s", v->kind == JV_OBJECT ? "object" : "array", type_id_name(t->id));
        int rc = t->id == TYPE_FLOAT ? text_parse_float(s, n, &out->u.f32, why, sizeof why)
                                     : text_parse_double(s, n, &out->u.f64, why, sizeof why);
        if (rc != 0) return reasonf(c, "cannot parse as %s: %s", type_id_name(t->id), why);
        return 0;
    }
    case TYPE_CHAR:
    case TYPE_VARCHAR:
        if (v->kind == JV_OBJECT || v->kind == JV_ARRAY) {
            buf_t b = BUF_INIT;
            put_tree(&b, v, c->j->has_decimal);
            out->u.str.ptr = arena_memdup(c->a, b.data, b.len + 1);
            out->u.str.len = (uint32_t)b.len;
            buf_free(&b);
        } else {
            out->u.str.ptr = s;
            out->u.str.len = (uint32_t)n;
        }
        return 0;
    case TYPE_BINARY:
    case TYPE_VARBINARY:
        if (v->kind != JV_STRING) return reasonf(c, "expected a base64 string for %s", type_id_name(t->id));
        if (text_base64_decode(s, n, c->a, &out->u.str.ptr, &out->u.str.len, why, sizeof why) != 0)
            return reasonf(c, "%s", why);
        return 0;
    case TYPE_DECIMAL: {
        bool is_null = false;
        if (v->kind == JV_STRING) text_trim(&s, &n);
        else if (v->kind != JV_INT && v->kind != JV_FLOAT)
            return reasonf(c, "cannot parse %.*s as %s", (int)(n > 40 ? 40 : n), s, "DECIMAL");
        if (text_parse_decimal(s, n, t->precision, t->scale, &out->u.dec, &is_null, why, sizeof why) != 0)
            return reasonf(c, "cannot parse as DECIMAL(%d, %d): %s", t->precision, t->scale, why);
        if (is_null) *out = value_null();   /* DecimalData.fromBigDecimal: overflow is NULL */
        return 0;
    }
    case TYPE_DATE:
        if (text_parse_date(s, n, &out->u.i64, why, sizeof why) != 0) return reasonf(c, "%s", why);
        return 0;
    case TYPE_TIME:
        if (text_parse_time(s, n, &out->u.i64, why, sizeof why) != 0) return reasonf(c, "%s", why);
        return 0;
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ:
        if (text_parse_timestamp(s, n, c->j->o.timestamp_format, t->id == TYPE_TIMESTAMP_LTZ,
                                      &out->u.ts.millis, &out->u.ts.nanos, why, sizeof why) != 0) {
            if (c->j->o.timestamp_format == TEXT_TS_SQL && memchr(s, 'T', n))
                return reasonf(c, "%s; for ISO-8601 text set '%s.timestamp-format.standard' = 'ISO-8601'", why,
                               c->j->o.debezium ? "debezium-json" : "json");
            return reasonf(c, "%s", why);
        }
        return 0;
    case TYPE_ARRAY: {
        if (v->kind != JV_ARRAY) return reasonf(c, "expected a JSON array");
        value_t *items = arena_alloc(c->a, (v->count ? v->count : 1) * sizeof *items);
        uint32_t i = 0;
        for (const jval_t *e = v->child; e; e = e->next, i++) {
            char idx[16];
            int ni = snprintf(idx, sizeof idx, "%u", i);
            size_t mark = c->plen;
            path_push(c, idx, (size_t)ni, true);
            if (conv_nullable(c, e, t->elem, &items[i]) != 0) return -1;
            path_cut(c, mark);
        }
        out->u.list.items = items;
        out->u.list.n = v->count;
        return 0;
    }
    case TYPE_MAP:
    case TYPE_MULTISET: {
        if (v->kind != JV_OBJECT) return reasonf(c, "expected a JSON object for %s", type_id_name(t->id));
        type_t int_t = { .id = TYPE_INT, .nullable = true, .precision = -1, .scale = -1, .interval_unit = -1 };
        const type_t *vt = t->id == TYPE_MAP ? t->value : &int_t;
        value_t *keys = arena_alloc(c->a, (v->count ? v->count : 1) * sizeof *keys);
        value_t *vals = arena_alloc(c->a, (v->count ? v->count : 1) * sizeof *vals);
        uint32_t m = 0;
        for (const jval_t *e = v->child; e; e = e->next) {
            size_t mark = c->plen;
            path_push(c, e->key, e->keylen, false);
            value_t val;
            if (conv_nullable(c, e, vt, &val) != 0) return -1;
            path_cut(c, mark);
            /* a HashMap: a repeated key keeps its place and takes the last value */
            uint32_t k;
            for (k = 0; k < m; k++)
                if (keys[k].u.str.len == e->keylen && memcmp(keys[k].u.str.ptr, e->key, e->keylen) == 0) break;
            keys[k].is_null = false;
            keys[k].u.str.ptr = e->key;
            keys[k].u.str.len = e->keylen;
            vals[k] = val;
            if (k == m) m++;
        }
        out->u.map.keys = keys;
        out->u.map.vals = vals;
        out->u.map.n = m;
        hashmap_reorder(c->a, out);
        return 0;
    }
    case TYPE_ROW:
        return conv_row(c, v, t, out);
    default:
        return reasonf(c, "unsupported type %s", type_id_name(t->id));
    }
}

/* ======================================================================== */
/* Lines                                                                     */

static int line_error(conn_json_t *j, const char *what, const char *line, size_t len, const char *file, long lineno,
                      const dctx_t *c, const char *reason, const type_t *ft, char *err, size_t errlen)
{
    buf_t b = BUF_INIT;
    buf_printf(&b, "%s at %s:%ld: ", what, file ? file : "<input>", lineno);
    text_put_excerpt(&b, line, len, 300);
    buf_puts(&b, ": ");
    if (c && c->path[0]) {
        buf_printf(&b, "field '%s'", c->path);
        if (ft) {
            char *ts = type_to_string(ft);
            buf_printf(&b, " (%s)", ts);
            free(ts);
        }
        buf_puts(&b, ": ");
    }
    buf_puts(&b, reason);
    buf_printf(&b, " (set '%s.ignore-parse-errors' = 'true' to skip such records)",
               j->o.debezium ? "debezium-json" : "json");
    snprintf(err, errlen, "%s", buf_cstr(&b));
    buf_free(&b);
    return -1;
}

/* The declared type of a dotted/indexed path, for messages. */
static const type_t *type_at_path(const type_t *t, const char *path)
{
    const char *p = path;
    while (*p && t) {
        if (*p == '.') { p++; continue; }
        if (*p == '[') {
            p = strchr(p, ']');
            if (!p) return NULL;
            p++;
            t = (t->id == TYPE_ARRAY) ? t->elem : NULL;
            continue;
        }
        size_t n = strcspn(p, ".[");
        if (t->id == TYPE_ROW) {
            const type_t *ft = NULL;
            for (int i = 0; i < t->nfields; i++)
                if (strlen(t->fields[i].name) == n && memcmp(t->fields[i].name, p, n) == 0) ft = t->fields[i].type;
            t = ft;
        } else if (t->id == TYPE_MAP) {
            t = t->value;
        } else {
            return NULL;
        }
        p += n;
    }
    return t;
}

static int decode_plain(conn_json_t *j, const jval_t *root, const char *line, size_t len, const char *file,
                        long lineno, row_t **rows, size_t *nrows, bool *skipped, arena_t *a, char *err, size_t errlen)
{
    const jval_t *items = root;
    size_t count = 1;
    if (root->kind == JV_ARRAY) {   /* a top-level array is exploded into rows */
        items = root->child;
        count = root->count;
    }
    row_t *out = arena_alloc(a, (count ? count : 1) * sizeof *out);
    size_t k = 0;
    for (const jval_t *v = items; v && k < count; v = v->next) {
        if (v->kind == JV_NULL) {
            count--;
            continue;
        }
        dctx_t c;
        dctx_init(&c, j, a);
        value_t rv;
        if (conv_row(&c, v, j->row_type, &rv) != 0) {
            if (j->o.ignore_parse_errors) {
                *skipped = true;
                count--;
                continue;
            }
            return line_error(j, "malformed JSON", line, len, file, lineno, &c, c.reason,
                              c.path[0] ? type_at_path(j->row_type, c.path) : NULL, err, errlen);
        }
        out[k].kind = ROW_INSERT;
        out[k].n = rv.u.row.n;
        out[k].fields = rv.u.row.fields;
        k++;
        if (root->kind != JV_ARRAY) break;
    }
    *rows = out;
    *nrows = k;
    return 0;
}

static const jval_t *member(const jval_t *obj, const char *name)
{
    const jval_t *found = NULL;
    if (obj->kind != JV_OBJECT) return NULL;
    for (const jval_t *m = obj->child; m; m = m->next)
        if (m->keylen == strlen(name) && memcmp(m->key, name, m->keylen) == 0) found = m;   /* last wins */
    return found;
}

static int decode_debezium(conn_json_t *j, const jval_t *root, const char *line, size_t len, const char *file,
                           long lineno, row_t **rows, size_t *nrows, bool *skipped, arena_t *a, char *err,
                           size_t errlen)
{
    const char *what = "corrupt Debezium JSON message";
    const jval_t *payload = root;
    if (j->o.debezium_schema_include) payload = member(root, "payload");
    if (!payload || payload->kind != JV_OBJECT) {
        if (j->o.ignore_parse_errors) { *skipped = true; return 0; }
        return line_error(j, what, line, len, file, lineno, NULL,
                          j->o.debezium_schema_include ? "no \"payload\" object (debezium-json.schema-include is true)"
                                                       : "expected a JSON object",
                          NULL, err, errlen);
    }
    const jval_t *before = member(payload, "before"), *after = member(payload, "after"), *op = member(payload, "op");
    dctx_t c;
    dctx_init(&c, j, a);
    value_t bv = value_null(), av = value_null();
    int rc = 0;
    if (before && before->kind != JV_NULL) {
        path_push(&c, "before", 6, false);
        rc = conv_row(&c, before, j->row_type, &bv);
        if (rc == 0) path_cut(&c, 0);
    }
    if (rc == 0 && after && after->kind != JV_NULL) {
        path_push(&c, "after", 5, false);
        rc = conv_row(&c, after, j->row_type, &av);
        if (rc == 0) path_cut(&c, 0);
    }
    if (rc != 0) {
        if (j->o.ignore_parse_errors) { *skipped = true; return 0; }
        const char *fp = strchr(c.path, '.');
        return line_error(j, what, line, len, file, lineno, &c, c.reason,
                          fp ? type_at_path(j->row_type, fp + 1) : NULL, err, errlen);
    }
    char reason[200];
    row_t *out = arena_alloc(a, 2 * sizeof *out);
    size_t k = 0;
    if (!op || op->kind != JV_STRING) {
        snprintf(reason, sizeof reason, "no \"op\" field (expected \"c\", \"r\", \"u\" or \"d\")");
        goto bad;
    }
    if ((op->n == 1 && (op->s[0] == 'c' || op->s[0] == 'r'))) {
        if (av.is_null) { snprintf(reason, sizeof reason, "the \"after\" field of a CREATE/READ message is null"); goto bad; }
        out[k++] = (row_t){ ROW_INSERT, av.u.row.n, av.u.row.fields };
    } else if (op->n == 1 && op->s[0] == 'u') {
        if (bv.is_null) {
            snprintf(reason, sizeof reason, "The \"before\" field of UPDATE message is null, if you are using Debezium "
                     "Postgres Connector, please check the Postgres table has been set REPLICA IDENTITY to FULL level.");
            goto bad;
        }
        if (av.is_null) { snprintf(reason, sizeof reason, "the \"after\" field of an UPDATE message is null"); goto bad; }
        out[k++] = (row_t){ ROW_UPDATE_BEFORE, bv.u.row.n, bv.u.row.fields };
        out[k++] = (row_t){ ROW_UPDATE_AFTER, av.u.row.n, av.u.row.fields };
    } else if (op->n == 1 && op->s[0] == 'd') {
        if (bv.is_null) {
            snprintf(reason, sizeof reason, "The \"before\" field of DELETE message is null, if you are using Debezium "
                     "Postgres Connector, please check the Postgres table has been set REPLICA IDENTITY to FULL level.");
            goto bad;
        }
        out[k++] = (row_t){ ROW_DELETE, bv.u.row.n, bv.u.row.fields };
    } else {
        snprintf(reason, sizeof reason, "Unknown \"op\" value \"%.*s\"", (int)(op->n > 20 ? 20 : op->n), op->s);
        goto bad;
    }
    *rows = out;
    *nrows = k;
    return 0;
bad:
    if (j->o.ignore_parse_errors) { *skipped = true; return 0; }
    return line_error(j, what, line, len, file, lineno, NULL, reason, NULL, err, errlen);
}

/* The usual line, one object, read member by member: a member's value is
 * converted as soon as it is read, by the rules conv_row applies to the
 * tree's members, and only a nested object or array becomes a tree. Returns
 * 1 when the line must take the tree's path instead (it does not start with
 * '{', does not parse, a value fails where ignore-parse-errors is off, a
 * field is missing under fail-on-missing-field): that path reads it again
 * and says why, so the messages are the tree's. */
static int decode_members(conn_json_t *j, const char *s, size_t n, row_t **rows, size_t *nrows, arena_t *a)
{
    if (s[0] != '{') return 1;
    const type_t *t = j->row_type;
    int arity = t->nfields;
    jreader_t r = { .start = s, .p = s + 1, .end = s + n, .a = a, .depth = 1 };
    dctx_t c;
    dctx_init(&c, j, a);
    value_t *f = arena_alloc(a, (size_t)(arity ? arity : 1) * sizeof *f);
    for (int i = 0; i < arity; i++) f[i] = value_null();
    int cnt = 0, pos = 0;
    jr_ws(&r);
    if (r.p < r.end && *r.p == '}') r.p++;
    else for (;;) {
        const char *key;
        uint32_t keylen;
        jval_t v;
        jr_ws(&r);
        if (r.p >= r.end || *r.p != '"' || jr_string(&r, &key, &keylen) != 0) return 1;
        jr_ws(&r);
        if (r.p >= r.end || *r.p != ':') return 1;
        r.p++;
        if (jr_value(&r, &v) != 0) return 1;
        int idx = cnt < arity ? field_index(t, key, keylen, pos++) : -1;   /* no matching once all were seen */
        if (idx >= 0) {
            if (v.kind == JV_NULL) {
                f[idx] = value_null();
            } else if (conv(&c, &v, t->fields[idx].type, &f[idx]) != 0) {
                if (!j->o.ignore_parse_errors) return 1;
                f[idx] = value_null();
            }
            cnt++;
        }
        jr_ws(&r);
        if (r.p < r.end && *r.p == ',') { r.p++; continue; }
        if (r.p < r.end && *r.p == '}') break;
        return 1;
    }
    if (cnt < arity && j->o.fail_on_missing_field) return 1;
    row_t *out = arena_alloc(a, sizeof *out);
    *out = (row_t){ ROW_INSERT, (uint32_t)arity, f };
    *rows = out;
    *nrows = 1;
    return 0;   /* text after the object is not looked at, as on the tree's path */
}

int conn_json_decode(conn_json_t *j, const char *line, size_t len, const char *file, long lineno, row_t **rows,
                     size_t *nrows, bool *skipped, arena_t *a, char *err, size_t errlen)
{
    *rows = NULL;
    *nrows = 0;
    *skipped = false;
    const char *s = line;
    size_t n = len;
    if (n >= 3 && (unsigned char)s[0] == 0xef && (unsigned char)s[1] == 0xbb && (unsigned char)s[2] == 0xbf) {
        s += 3;   /* UTF-8 byte order mark */
        n -= 3;
    }
    text_trim(&s, &n);
    if (n == 0) return 0;   /* an empty line (or a tombstone) carries no row */
    if (!j->o.debezium && j->read_members && decode_members(j, s, n, rows, nrows, a) == 0) return 0;
    jreader_t r = { .start = s, .p = s, .end = s + n, .a = a };
    jval_t root;
    if (jr_value(&r, &root) != 0) {
        if (j->o.ignore_parse_errors) { *skipped = true; return 0; }
        return line_error(j, j->o.debezium ? "corrupt Debezium JSON message" : "malformed JSON", line, len, file,
                          lineno, NULL, r.err, NULL, err, errlen);
    }
    /* Like Jackson reading one value, text after it is not looked at. */
    if (root.kind == JV_NULL) return 0;
    if (j->o.debezium) return decode_debezium(j, &root, line, len, file, lineno, rows, nrows, skipped, a, err, errlen);
    return decode_plain(j, &root, line, len, file, lineno, rows, nrows, skipped, a, err, errlen);
}

/* ======================================================================== */
/* values -> JSON (RowDataToJsonConverters)                                  */

static int enc(conn_json_t *j, buf_t *b, const value_t *v, const type_t *t, char *err, size_t errlen);

static int enc_row(conn_json_t *j, buf_t *b, const value_t *fields, uint32_t n, const type_t *t, char *err,
                   size_t errlen)
{
    buf_putc(b, '{');
    bool first = true;
    for (int i = 0; i < t->nfields; i++) {
        const value_t *f = (uint32_t)i < n ? &fields[i] : NULL;
        if ((!f || f->is_null) && j->o.encode_ignore_null_fields) continue;
        if (!first) buf_putc(b, ',');
        first = false;
        put_json_string(b, t->fields[i].name, strlen(t->fields[i].name));
        buf_putc(b, ':');
        if (!f || f->is_null) buf_puts(b, "null");
        else if (enc(j, b, f, t->fields[i].type, err, errlen) != 0) return -1;
    }
    buf_putc(b, '}');
    return 0;
}

static int enc(conn_json_t *j, buf_t *b, const value_t *v, const type_t *t, char *err, size_t errlen)
{
    if (v->is_null) {
        buf_puts(b, "null");
        return 0;
    }
    switch (t->id) {
    case TYPE_BOOLEAN: buf_puts(b, v->u.b ? "true" : "false"); return 0;
    case TYPE_TINYINT:
    case TYPE_SMALLINT:
    case TYPE_INT:
    case TYPE_BIGINT:
    case TYPE_INTERVAL_YM:
    case TYPE_INTERVAL_DT: buf_put_i64(b, v->u.i64); return 0;
    case TYPE_FLOAT:
    case TYPE_DOUBLE: {
        double d = t->id == TYPE_FLOAT ? (double)v->u.f32 : v->u.f64;
        if (d != d || d - d != 0) {   /* Jackson writes NaN/Infinity as strings */
            buf_putc(b, '"');
            if (t->id == TYPE_FLOAT) jnum_float(b, v->u.f32);
            else jnum_double(b, v->u.f64);
            buf_putc(b, '"');
        } else if (t->id == TYPE_FLOAT) {
            jnum_float(b, v->u.f32);
        } else {
            jnum_double(b, v->u.f64);
        }
        return 0;
    }
    case TYPE_DECIMAL:
        if (j->o.encode_decimal_as_plain_number) jnum_big_decimal_plain(b, v->u.dec, t->scale);
        else jnum_big_decimal(b, v->u.dec, t->scale);
        return 0;
    case TYPE_CHAR:
    case TYPE_VARCHAR: put_json_string(b, v->u.str.ptr, v->u.str.len); return 0;
    case TYPE_BINARY:
    case TYPE_VARBINARY:
        buf_putc(b, '"');
        text_base64_encode(b, (const unsigned char *)v->u.str.ptr, v->u.str.len);
        buf_putc(b, '"');
        return 0;
    case TYPE_DATE:
        buf_putc(b, '"');
        text_put_date(b, v->u.i64);
        buf_putc(b, '"');
        return 0;
    case TYPE_TIME:
        buf_putc(b, '"');
        text_put_time(b, v->u.i64);
        buf_putc(b, '"');
        return 0;
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ: {
        text_ts_layout_t layout = j->o.timestamp_format;
        bool ltz = t->id == TYPE_TIMESTAMP_LTZ;
        if (layout == TEXT_TS_ISO_8601_OFFSET) layout = TEXT_TS_ISO_8601;
        buf_putc(b, '"');
        text_put_timestamp(b, v->u.ts.millis, v->u.ts.nanos, layout, ltz);
        buf_putc(b, '"');
        return 0;
    }
    case TYPE_ARRAY:
        buf_putc(b, '[');
        for (uint32_t i = 0; i < v->u.list.n; i++) {
            if (i) buf_putc(b, ',');
            if (enc(j, b, &v->u.list.items[i], t->elem, err, errlen) != 0) return -1;
        }
        buf_putc(b, ']');
        return 0;
    case TYPE_MAP:
    case TYPE_MULTISET: {
        type_t int_t = { .id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1, .interval_unit = -1 };
        const type_t *vt = t->id == TYPE_MAP ? t->value : &int_t;
        buf_putc(b, '{');
        bool first = true;
        for (uint32_t i = 0; i < v->u.map.n; i++) {
            const value_t *k = &v->u.map.keys[i];
            const char *ks;
            size_t kn;
            if (k->is_null) {
                if (j->o.map_null_key_mode == CONN_JSON_NULL_KEY_DROP) continue;
                if (j->o.map_null_key_mode == CONN_JSON_NULL_KEY_FAIL) {
                    snprintf(err, errlen,
                             "JSON format doesn't support to serialize map data with null keys. You can drop null "
                             "key entries or encode null in literals by specifying %s.map-null-key.mode option.",
                             j->o.debezium ? "debezium-json" : "json");
                    return -1;
                }
                ks = j->o.map_null_key_literal;
                kn = strlen(ks);
            } else {
                ks = k->u.str.ptr;
                kn = k->u.str.len;
            }
            if (!first) buf_putc(b, ',');
            first = false;
            put_json_string(b, ks, kn);
            buf_putc(b, ':');
            if (enc(j, b, &v->u.map.vals[i], vt, err, errlen) != 0) return -1;
        }
        buf_putc(b, '}');
        return 0;
    }
    case TYPE_ROW: return enc_row(j, b, v->u.row.fields, v->u.row.n, t, err, errlen);
    default:
        snprintf(err, errlen, "JSON format cannot write type %s", type_id_name(t->id));
        return -1;
    }
}

int conn_json_encode(conn_json_t *j, const row_t *row, buf_t *out, char *err, size_t errlen)
{
    size_t mark = out->len;
    int rc;
    if (j->o.debezium) {
        bool insert = row->kind == ROW_INSERT || row->kind == ROW_UPDATE_AFTER;
        buf_puts(out, "{\"before\":");
        if (insert) rc = (buf_puts(out, "null"), 0);
        else rc = enc_row(j, out, row->fields, row->n, j->row_type, err, errlen);
        if (rc == 0) {
            buf_puts(out, ",\"after\":");
            if (insert) rc = enc_row(j, out, row->fields, row->n, j->row_type, err, errlen);
            else buf_puts(out, "null");
        }
        if (rc == 0) buf_puts(out, insert ? ",\"op\":\"c\"}" : ",\"op\":\"d\"}");
    } else {
        rc = enc_row(j, out, row->fields, row->n, j->row_type, err, errlen);
    }
    if (rc != 0) {
        out->len = mark;
        return -1;
    }
    buf_putc(out, '\n');
    return 0;
}

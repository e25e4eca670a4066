/* expr_func_text.c - string functions that take text apart or build it from
 * parts: SPLIT, TRANSLATE, ELT, UNHEX, URL_ENCODE, URL_DECODE, PARSE_URL,
 * ENCODE and DECODE (the charsets Flink documents), with Flink's results. URL_ENCODE / URL_DECODE are Java's URLEncoder /
 * URLDecoder in UTF-8 (form encoding: a space is '+'); what they cannot
 * decode gives NULL. PARSE_URL reads a URL as java.net.URL does (a protocol
 * Java has no handler for, or no protocol, gives NULL) and returns its
 * getHost(), getPath(), getQuery(), ... for the part named; with a key, the
 * value of that query parameter. */
#include "expr/expr_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/utf8.h"

#define S(v) (v).u.str.ptr, (v).u.str.len

static value_t text_of(const char *p, size_t n)
{
    value_t v = {0};
    v.u.str.ptr = p;
    v.u.str.len = (uint32_t)n;
    return v;
}

static size_t cp_len(const char *p, size_t n) { return expr_utf8_skip(p, n, 1); }

/* ---- SPLIT ------------------------------------------------------------------------------ */

static const type_t *infer_split(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    (void)f;
    type_t *t = type_new(TYPE_ARRAY, expr_any_nullable(n));
    t->elem = type_new(TYPE_VARCHAR, true);
    t->elem->precision = TYPE_MAX_LENGTH;
    return expr_own(c, t);
}

/* Empty tokens stay; an empty delimiter splits into characters; no
 * delimiter in the text gives the text as the only element; an empty text
 * none. */
static value_t impl_split(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    const char *p = argv[0].u.str.ptr, *d = argv[1].u.str.ptr;
    size_t len = argv[0].u.str.len, dlen = argv[1].u.str.len;
    value_t *items = arena_alloc(cx->arena, sizeof(value_t) * (len + 2));
    uint32_t m = 0;
    if (len == 0) {
        /* no tokens at all */
    } else if (dlen == 0) {
        for (size_t i = 0; i < len; i += cp_len(p + i, len - i)) items[m++] = text_of(p + i, cp_len(p + i, len - i));
    } else {
        size_t start = 0;
        for (size_t i = 0; i + dlen <= len;)
            if (memcmp(p + i, d, dlen) == 0) {
                items[m++] = text_of(p + start, i - start);
                start = i += dlen;
            } else {
                i++;
            }
        items[m++] = text_of(p + start, len - start);
    }
    value_t v = {0};
    v.u.list.items = items;
    v.u.list.n = m;
    return v;
}

/* ---- TRANSLATE, ELT, UNHEX ---------------------------------------------------------------- */

/* Each character of `from` in the text becomes the one at its position in
 * `to` (the first occurrence in `from` counts), or goes when `to` is shorter. */
static value_t impl_translate(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    buf_t out = BUF_INIT;
    const value_t *s = &argv[0], *from = &argv[1], *to = &argv[2];
    for (size_t i = 0; i < s->u.str.len;) {
        size_t k = cp_len(s->u.str.ptr + i, s->u.str.len - i), at = 0, idx = 0;
        while (at < from->u.str.len &&
               !(cp_len(from->u.str.ptr + at, from->u.str.len - at) == k && memcmp(from->u.str.ptr + at, s->u.str.ptr + i, k) == 0))
            at += cp_len(from->u.str.ptr + at, from->u.str.len - at), idx++;
        if (at >= from->u.str.len) {
            buf_append(&out, s->u.str.ptr + i, k);
        } else {
            size_t t = expr_utf8_skip(S(*to), idx);
            if (t < to->u.str.len) buf_append(&out, to->u.str.ptr + t, cp_len(to->u.str.ptr + t, to->u.str.len - t));
        }
        i += k;
    }
    return expr_str_buf(cx, &out);
}

static const type_t *infer_elt(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    for (int i = 1; i < n->nargs; i++)
        if (!type_is_string(n->args[i]->type) && !expr_is_binary(n->args[i]->type) && n->args[i]->type->id != TYPE_NULL)
            return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    const type_t *t = expr_coerce_args(c, n, 1);
    if (!t) return *c->err ? NULL : expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    return expr_with_null(c, t, true);
}

/* The index-th expression; NULL for an index outside 1..number of expressions. */
static value_t impl_elt(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)argv;
    value_t i = EXPR_EVAL(n->args[0], cx);
    if (i.is_null || i.u.i64 < 1 || i.u.i64 >= n->nargs) return value_null();
    return EXPR_EVAL(n->args[i.u.i64], cx);
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Pairs of hex digits as bytes; an odd first digit is a byte of its own; a non-hex character gives NULL. */
static value_t impl_unhex(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    const char *p = argv[0].u.str.ptr;
    size_t len = argv[0].u.str.len, nout = (len + 1) / 2;
    char *out = arena_alloc(cx->arena, nout + 1);
    for (size_t i = 0, o = 0; i < len; o++) {
        int hi = len % 2 && i == 0 ? 0 : hex_digit(p[i++]), lo = hex_digit(p[i++]);
        if (hi < 0 || lo < 0) return value_null();
        out[o] = (char)(hi << 4 | lo);
    }
    return text_of(out, nout);
}

/* ---- URL_ENCODE, URL_DECODE ------------------------------------------------------------------- */

static value_t impl_url_encode(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    buf_t out = BUF_INIT;
    for (uint32_t i = 0; i < argv[0].u.str.len; i++) {
        unsigned char c = (unsigned char)argv[0].u.str.ptr[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr(".-*_", c))
            buf_putc(&out, (char)c);
        else if (c == ' ')
            buf_putc(&out, '+');
        else
            buf_printf(&out, "%%%02X", c);
    }
    return expr_str_buf(cx, &out);
}

/* An escape that is not two hex digits gives NULL (Java's IllegalArgumentException). */
static value_t impl_url_decode(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    const char *p = argv[0].u.str.ptr;
    uint32_t len = argv[0].u.str.len;
    char *out = arena_alloc(cx->arena, len + 1);
    size_t o = 0;
    for (uint32_t i = 0; i < len; i++) {
        if (p[i] == '+') {
            out[o++] = ' ';
        } else if (p[i] != '%') {
            out[o++] = p[i];
        } else {
            int hi = i + 1 < len ? hex_digit(p[i + 1]) : -1, lo = i + 2 < len ? hex_digit(p[i + 2]) : -1;
            if (hi < 0 || lo < 0) return value_null();
            out[o++] = (char)(hi << 4 | lo);
            i += 2;
        }
    }
    return text_of(out, o);
}

/* ---- PARSE_URL ------------------------------------------------------------------------------------- */

/* A URL's parts as java.net.URL gives them; absent parts have ptr NULL. */
typedef struct url_parts {
    value_t protocol, authority, userinfo, host, path, query, ref;
} url_parts_t;

static const char *const known_protocols[] = {"http", "https", "ftp", "file", "jar", "mailto", NULL};

static value_t absent(void) { return text_of(NULL, 0); }

static size_t span_until(const char *p, size_t n, const char *stops)
{
    size_t i = 0;
    while (i < n && !strchr(stops, p[i])) i++;
    return i;
}

/* false when Java would throw MalformedURLException (no protocol, or one without a handler). */
static bool url_parse(const char *p, size_t n, url_parts_t *u)
{
    *u = (url_parts_t){absent(), absent(), absent(), absent(), absent(), absent(), absent()};
    size_t colon = span_until(p, n, ":/?#");
    if (colon == 0 || colon >= n || p[colon] != ':') return false;
    bool known = false;
    for (int i = 0; known_protocols[i]; i++)
        known |= strlen(known_protocols[i]) == colon && strncasecmp(known_protocols[i], p, colon) == 0;
    if (!known) return false;
    u->protocol = text_of(p, colon);
    size_t i = colon + 1;
    if (n - i >= 2 && p[i] == '/' && p[i + 1] == '/') {
        i += 2;
        size_t a = span_until(p + i, n - i, "/?#");
        u->authority = text_of(p + i, a);
        size_t at = a;
        while (at > 0 && p[i + at - 1] != '@') at--;
        if (at > 0) u->userinfo = text_of(p + i, at - 1);
        size_t h = span_until(p + i + at, a - at, ":");
        u->host = text_of(p + i + at, h);
        i += a;
    }
    size_t path = span_until(p + i, n - i, "?#");
    u->path = text_of(p + i, path);
    i += path;
    if (i < n && p[i] == '?') {
        size_t q = span_until(p + i + 1, n - i - 1, "#");
        u->query = text_of(p + i + 1, q);
        i += q + 1;
    }
    if (i < n && p[i] == '#') u->ref = text_of(p + i + 1, n - i - 1);
    return true;
}

/* The value of parameter key in a query ("k1=v1&k2=v2"), as Flink's (&|^)key=([^&]*). */
static value_t query_param(const value_t *query, const value_t *key)
{
    const char *q = query->u.str.ptr;
    size_t n = query->u.str.len, k = key->u.str.len;
    for (size_t i = 0; i + k < n; i++) {
        if ((i == 0 || q[i - 1] == '&') && memcmp(q + i, key->u.str.ptr, k) == 0 && q[i + k] == '=') {
            size_t v = span_until(q + i + k + 1, n - i - k - 1, "&");
            return text_of(q + i + k + 1, v);
        }
    }
    return value_null();
}

static value_t impl_parse_url(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    url_parts_t u;
    if (!url_parse(S(argv[0]), &u)) return value_null();
    char part[16];
    snprintf(part, sizeof part, "%.*s", (int)argv[1].u.str.len, argv[1].u.str.ptr);
    value_t r = absent();
    if (strcmp(part, "HOST") == 0) r = u.host;
    else if (strcmp(part, "PATH") == 0) r = u.path;
    else if (strcmp(part, "QUERY") == 0) r = u.query;
    else if (strcmp(part, "REF") == 0) r = u.ref;
    else if (strcmp(part, "PROTOCOL") == 0) r = u.protocol;
    else if (strcmp(part, "AUTHORITY") == 0) r = u.authority;
    else if (strcmp(part, "USERINFO") == 0) r = u.userinfo;
    else if (strcmp(part, "FILE") == 0 && u.query.u.str.ptr) {
        buf_t b = BUF_INIT;
        buf_printf(&b, "%.*s?%.*s", (int)u.path.u.str.len, u.path.u.str.ptr, (int)u.query.u.str.len,
                   u.query.u.str.ptr);
        return expr_str_buf(cx, &b);
    } else if (strcmp(part, "FILE") == 0) r = u.path;
    if (!r.u.str.ptr) return value_null();
    if (n->nargs > 2) return strcmp(part, "QUERY") == 0 ? query_param(&r, &argv[2]) : value_null();
    return r;
}

/* ---- ENCODE, DECODE ------------------------------------------------------------------------- */

/* The charsets Flink documents, as Java names them (case does not matter). */
enum { CS_UTF8, CS_ASCII, CS_LATIN1, CS_UTF16BE, CS_UTF16LE, CS_UTF16 };
static const char *const charsets[] = {"UTF-8", "US-ASCII", "ISO-8859-1", "UTF-16BE", "UTF-16LE", "UTF-16", NULL};

static int charset_of(const value_t *name)
{
    for (int i = 0; charsets[i]; i++)
        if (strlen(charsets[i]) == name->u.str.len && strncasecmp(charsets[i], S(*name)) == 0) return i;
    return -1;
}

static void put_unit(buf_t *b, uint32_t u, bool big_endian)
{
    buf_putc(b, (char)(big_endian ? u >> 8 : u & 0xFF));
    buf_putc(b, (char)(big_endian ? u & 0xFF : u >> 8));
}

/* ENCODE(text, charset): Java's String.getBytes(charset); a character the
 * charset cannot hold is '?'; UTF-16 starts with the byte-order mark FE FF. */
static value_t impl_encode(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    int cs = charset_of(&argv[1]);
    if (cs < 0) return expr_fail(cx, "java.io.UnsupportedEncodingException: %.*s", (int)argv[1].u.str.len, argv[1].u.str.ptr);
    if (cs == CS_UTF8) return argv[0];
    buf_t out = BUF_INIT;
    if (cs == CS_UTF16) buf_puts(&out, "\xFE\xFF");
    for (size_t i = 0; i < argv[0].u.str.len;) {
        uint32_t cp = utf8_next(S(argv[0]), &i);
        if (cs == CS_ASCII || cs == CS_LATIN1) {
            buf_putc(&out, cp < (cs == CS_ASCII ? 0x80u : 0x100u) ? (char)cp : '?');
        } else if (cp >= 0x10000) {
            put_unit(&out, 0xD800 + ((cp - 0x10000) >> 10), cs != CS_UTF16LE);
            put_unit(&out, 0xDC00 + ((cp - 0x10000) & 0x3FF), cs != CS_UTF16LE);
        } else {
            put_unit(&out, cp, cs != CS_UTF16LE);
        }
    }
    value_t v = expr_str(cx, out.data ? (const char *)out.data : "", out.len);
    buf_free(&out);
    return v;
}

/* UTF-16 units of p[0..n) as text; an unpaired surrogate or a cut unit is U+FFFD. */
static void decode_utf16(buf_t *out, const unsigned char *p, size_t n, bool big_endian)
{
    for (size_t i = 0; i < n;) {
        if (i + 1 >= n) {
            utf8_put(out, UTF8_REPLACEMENT);
            break;
        }
        uint32_t u = big_endian ? (uint32_t)p[i] << 8 | p[i + 1] : (uint32_t)p[i + 1] << 8 | p[i];
        i += 2;
        if (u >= 0xD800 && u < 0xDC00 && i + 1 < n) {
            uint32_t l = big_endian ? (uint32_t)p[i] << 8 | p[i + 1] : (uint32_t)p[i + 1] << 8 | p[i];
            if (l >= 0xDC00 && l < 0xE000) {
                utf8_put(out, 0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00));
                i += 2;
                continue;
            }
        }
        utf8_put(out, u >= 0xD800 && u < 0xE000 ? UTF8_REPLACEMENT : u);
    }
}

/* DECODE(bytes, charset): Java's new String(bytes, charset); what does not decode is U+FFFD. */
static value_t impl_decode(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    int cs = charset_of(&argv[1]);
    if (cs < 0) return expr_fail(cx, "java.io.UnsupportedEncodingException: %.*s", (int)argv[1].u.str.len, argv[1].u.str.ptr);
    const unsigned char *p = (const unsigned char *)argv[0].u.str.ptr;
    size_t len = argv[0].u.str.len;
    buf_t out = BUF_INIT;
    if (cs == CS_UTF16 && len >= 2 && ((p[0] == 0xFE && p[1] == 0xFF) || (p[0] == 0xFF && p[1] == 0xFE))) {
        decode_utf16(&out, p + 2, len - 2, p[0] == 0xFE);
    } else if (cs >= CS_UTF16BE) {
        decode_utf16(&out, p, len, cs != CS_UTF16LE);
    } else {
        for (size_t i = 0; i < len;) {
            uint32_t cp = cs == CS_UTF8 ? utf8_next((const char *)p, len, &i) : p[i++];
            utf8_put(&out, cs == CS_ASCII && cp >= 0x80 ? UTF8_REPLACEMENT : cp);
        }
    }
    return expr_str_buf(cx, &out);
}

static const type_t *infer_codec(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *t = n->args[0]->type;
    bool ok = (f->op ? expr_is_binary(t) : type_is_string(t)) || t->id == TYPE_NULL;
    if (!ok || (!type_is_string(n->args[1]->type) && n->args[1]->type->id != TYPE_NULL))
        return expr_error_apply(c, n->pos, f->name, false, n->args, 2);
    bool nullable = expr_any_nullable(n);
    return f->op ? expr_string_type(c, nullable) : expr_type_new(c, TYPE_VARBINARY, nullable, TYPE_MAX_LENGTH, -1);
}

const expr_func_t expr_funcs_text[] = {
    {"SPLIT", 2, 2, "S", EXPR_R_CUSTOM, infer_split, impl_split, EXPR_F_STRICT, 0},
    {"TRANSLATE", 3, 3, "S", EXPR_R_STRING, NULL, impl_translate, EXPR_F_STRICT, 0},
    {"ELT", 2, -1, "IA", EXPR_R_CUSTOM, infer_elt, impl_elt, EXPR_F_LAZY, 0},
    {"UNHEX", 1, 1, "S", EXPR_R_BYTES, NULL, impl_unhex, EXPR_F_NULLABLE, 0},
    {"URL_ENCODE", 1, 1, "S", EXPR_R_STRING, NULL, impl_url_encode, EXPR_F_NULLABLE, 0},
    {"URL_DECODE", 1, 1, "S", EXPR_R_STRING, NULL, impl_url_decode, EXPR_F_NULLABLE, 0},
    {"PARSE_URL", 2, 3, "S", EXPR_R_STRING, NULL, impl_parse_url, EXPR_F_NULLABLE, 0},
    {"ENCODE", 2, 2, "*", EXPR_R_CUSTOM, infer_codec, impl_encode, EXPR_F_STRICT, 0},
    {"DECODE", 2, 2, "*", EXPR_R_CUSTOM, infer_codec, impl_decode, EXPR_F_STRICT, 1},
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};

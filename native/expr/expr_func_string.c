/* expr_func_string.c - string functions. Positions and lengths count code
 * points (Flink's BinaryStringData counts characters; outside the BMP Java
 * would count two UTF-16 units, Flink's string functions count one).
 * UPPER / LOWER map ASCII and Latin-1 letters only; Java maps all of
 * Unicode (a known gap). */
#include "expr/expr_int.h"

#include <string.h>
#include <sys/random.h>

#include "types/text.h"

/* ---- UTF-8 ---------------------------------------------------------------------------- */

static size_t cp_bytes(const char *p, size_t n)
{
    unsigned char b = (unsigned char)p[0];
    size_t k = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    return k > n ? n : k;
}

size_t expr_utf8_count(const char *p, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; c++) i += cp_bytes(p + i, n - i);
    return c;
}

size_t expr_utf8_skip(const char *p, size_t n, size_t k)
{
    size_t i = 0;
    while (k-- > 0 && i < n) i += cp_bytes(p + i, n - i);
    return i;
}

#define S(v) (v).u.str.ptr, (v).u.str.len

/* characters [from, to) of s, clamped */
static value_t slice(const value_t *s, int64_t from, int64_t to)
{
    int64_t len = (int64_t)expr_utf8_count(S(*s));
    if (from < 0) from = 0;
    if (to > len) to = len;
    value_t v = {0};
    v.u.str.ptr = "";
    if (to <= from) return v;
    size_t a = expr_utf8_skip(S(*s), (size_t)from), b = expr_utf8_skip(S(*s), (size_t)to);
    v.u.str.ptr = s->u.str.ptr + a;
    v.u.str.len = (uint32_t)(b - a);
    return v;
}

/* 0-based character index of needle in hay at or after character `from`, or -1. */
static int64_t index_of(const value_t *hay, const value_t *needle, int64_t from)
{
    size_t off = expr_utf8_skip(S(*hay), (size_t)(from > 0 ? from : 0));
    for (int64_t ci = from > 0 ? from : 0; off <= hay->u.str.len; ci++) {
        if (hay->u.str.len - off >= needle->u.str.len && memcmp(hay->u.str.ptr + off, S(*needle)) == 0) return ci;
        if (off == hay->u.str.len) break;
        off += cp_bytes(hay->u.str.ptr + off, hay->u.str.len - off);
    }
    return -1;
}

/* ---- case ---------------------------------------------------------------------------------- */

enum { C_UPPER, C_LOWER, C_INITCAP };

static value_t impl_case(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    char *p = arena_alloc(cx->arena, argv[0].u.str.len + 1);
    memcpy(p, S(argv[0]));
    bool start = true;
    for (uint32_t i = 0; i < argv[0].u.str.len; i++) {
        unsigned char c = (unsigned char)p[i];
        bool lower = c >= 'a' && c <= 'z', upper = c >= 'A' && c <= 'Z', digit = c >= '0' && c <= '9';
        if (n->op == C_UPPER && lower) p[i] = (char)(c - 32);
        else if (n->op == C_LOWER && upper) p[i] = (char)(c + 32);
        else if (n->op == C_INITCAP) {   /* Calcite's initcap: words are runs of [A-Za-z0-9] */
            if (start && lower) p[i] = (char)(c - 32);
            else if (!start && upper) p[i] = (char)(c + 32);
            start = !(lower || upper || digit);
        } else if (c == 0xC3 && i + 1 < argv[0].u.str.len) {   /* Latin-1 letters U+00C0..U+00FE */
            unsigned char d = (unsigned char)p[i + 1];
            if (n->op == C_UPPER && d >= 0xA0 && d <= 0xBE && d != 0xB7) p[i + 1] = (char)(d - 0x20);
            if (n->op == C_LOWER && d >= 0x80 && d <= 0x9E && d != 0x97) p[i + 1] = (char)(d + 0x20);
            i++;
        }
    }
    value_t v = {0};
    v.u.str.ptr = p;
    v.u.str.len = argv[0].u.str.len;
    return v;
}

/* ---- length, position ------------------------------------------------------------------------ */

static value_t impl_char_length(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n, (void)cx;
    return expr_i64((int64_t)expr_utf8_count(S(argv[0])));
}

static value_t impl_position(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n, (void)cx;
    return expr_i64(index_of(&argv[1], &argv[0], 0) + 1);
}

/* LOCATE(needle, hay [, start]) */
static value_t impl_locate(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    int64_t start = n->nargs > 2 ? argv[2].u.i64 : 1;
    if (start < 1) return expr_i64(0);
    return expr_i64(index_of(&argv[1], &argv[0], start - 1) + 1);
}

static value_t impl_ascii(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n, (void)cx;
    return expr_i64(argv[0].u.str.len ? (unsigned char)argv[0].u.str.ptr[0] : 0);
}

static value_t impl_chr(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    if (argv[0].u.i64 < 0) return expr_str(cx, "", 0);
    unsigned c = (unsigned)(argv[0].u.i64 & 0xFF);
    char b[2] = {(char)c, 0};
    if (c < 0x80) return expr_str(cx, b, 1);
    b[0] = (char)(0xC0 | c >> 6);
    b[1] = (char)(0x80 | (c & 0x3F));
    return expr_str(cx, b, 2);
}

/* ---- pieces ---------------------------------------------------------------------------------- */

/* BinaryStringData.substringSQL: pos 1-based, negative from the end, 0 as
 * 1; a negative length gives NULL. */
static value_t impl_substring(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    int64_t len = (int64_t)expr_utf8_count(S(argv[0])), pos = argv[1].u.i64;
    if (n->nargs > 2 && argv[2].u.i64 < 0) return value_null();
    int64_t start = pos > 0 ? pos - 1 : pos < 0 ? len + pos : 0;
    int64_t end = n->nargs > 2 ? start + argv[2].u.i64 : len;
    if (start < 0) start = 0;
    return slice(&argv[0], start, end);
}

static value_t impl_left(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    int64_t k = argv[1].u.i64, len = (int64_t)expr_utf8_count(S(argv[0]));
    if (k < 0) k = 0;
    return n->op ? slice(&argv[0], len - k, len) : slice(&argv[0], 0, k);
}

/* A position outside the string leaves it unchanged; a negative length or
 * one past the end replaces the whole rest (Flink's tests). */
static value_t impl_overlay(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    int64_t len = (int64_t)expr_utf8_count(S(argv[0])), pos = argv[2].u.i64;
    int64_t for_len = n->nargs > 3 ? argv[3].u.i64 : (int64_t)expr_utf8_count(S(argv[1]));
    if (pos < 1 || pos > len) return argv[0];
    value_t a = slice(&argv[0], 0, pos - 1);
    value_t b = for_len < 0 ? slice(&argv[0], len, len) : slice(&argv[0], pos - 1 + for_len, len);
    buf_t out = BUF_INIT;
    buf_append(&out, S(a));
    buf_append(&out, S(argv[1]));
    buf_append(&out, S(b));
    return expr_str_buf(cx, &out);
}

static value_t impl_reverse(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    uint32_t len = argv[0].u.str.len;
    char *p = arena_alloc(cx->arena, len + 1);
    for (uint32_t i = 0; i < len;) {
        size_t k = cp_bytes(argv[0].u.str.ptr + i, len - i);
        memcpy(p + len - i - k, argv[0].u.str.ptr + i, k);
        i += (uint32_t)k;
    }
    value_t v = {0};
    v.u.str.ptr = p;
    v.u.str.len = len;
    return v;
}

static value_t impl_repeat(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    buf_t out = BUF_INIT;
    for (int64_t i = 0; i < argv[1].u.i64; i++) buf_append(&out, S(argv[0]));
    return expr_str_buf(cx, &out);
}

static value_t impl_replace(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    if (argv[1].u.str.len == 0) return argv[0];
    buf_t out = BUF_INIT;
    const char *p = argv[0].u.str.ptr, *end = p + argv[0].u.str.len;
    while (p < end) {
        if ((size_t)(end - p) >= argv[1].u.str.len && memcmp(p, S(argv[1])) == 0) {
            buf_append(&out, S(argv[2]));
            p += argv[1].u.str.len;
        } else {
            buf_putc(&out, *p++);
        }
    }
    return expr_str_buf(cx, &out);
}

/* Flink's lpad/rpad: cut or fill to exactly `len` characters; NULL for a
 * negative length or an empty pad. */
static value_t impl_pad(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    int64_t len = argv[1].u.i64, base = (int64_t)expr_utf8_count(S(argv[0]));
    int64_t plen = (int64_t)expr_utf8_count(S(argv[2]));
    if (len < 0 || plen == 0) return value_null();
    int64_t fill = len > base ? len - base : 0;
    buf_t out = BUF_INIT, pad = BUF_INIT;
    for (int64_t i = 0; i < fill; i++) {
        value_t c = slice(&argv[2], i % plen, i % plen + 1);
        buf_append(&pad, S(c));
    }
    value_t kept = slice(&argv[0], 0, len);
    if (n->op) buf_append(&out, S(kept)), buf_append(&out, pad.data, pad.len);
    else buf_append(&out, pad.data, pad.len), buf_append(&out, S(kept));
    buf_free(&pad);
    return expr_str_buf(cx, &out);
}

/* ---- TRIM ------------------------------------------------------------------------------------ */

static bool in_set(const char *c, size_t k, const value_t *set)
{
    for (size_t i = 0; i < set->u.str.len;) {
        size_t m = cp_bytes(set->u.str.ptr + i, set->u.str.len - i);
        if (m == k && memcmp(set->u.str.ptr + i, c, k) == 0) return true;
        i += m;
    }
    return false;
}

static value_t trim(value_t s, const value_t *set, bool leading, bool trailing)
{
    while (leading && s.u.str.len) {
        size_t k = cp_bytes(S(s));
        if (!in_set(s.u.str.ptr, k, set)) break;
        s.u.str.ptr += k;
        s.u.str.len -= (uint32_t)k;
    }
    while (trailing && s.u.str.len) {
        size_t k = 1;
        while (k < s.u.str.len && (s.u.str.ptr[s.u.str.len - k] & 0xC0) == 0x80) k++;
        if (!in_set(s.u.str.ptr + s.u.str.len - k, k, set)) break;
        s.u.str.len -= (uint32_t)k;
    }
    return s;
}

/* TRIM([BOTH|LEADING|TRAILING] [chars] FROM s) arrives as (sym?, chars?, s);
 * LTRIM / RTRIM / BTRIM (s [, chars]). */
static value_t impl_trim(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    value_t space = {0};
    space.u.str.ptr = " ";
    space.u.str.len = 1;
    if (n->op) {
        const value_t *set = n->nargs > 1 ? &argv[1] : &space;
        return trim(argv[0], set, n->op != 'R', n->op != 'L');
    }
    int k = 0;
    const char *mode = n->args[0]->eval ? "BOTH" : n->args[k++]->aux;
    const value_t *set = n->nargs - k > 1 ? &argv[k++] : &space;
    return trim(argv[k], set, strcmp(mode, "TRAILING") != 0, strcmp(mode, "LEADING") != 0);
}

static const type_t *infer_trim(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    for (int i = 0; i < n->nargs; i++) {
        bool ok = i == 0 && !n->args[i]->eval ? n->nargs > 1
                                               : n->args[i]->eval && (type_is_string(n->args[i]->type) ||
                                                                      n->args[i]->type->id == TYPE_NULL);
        if (!ok) return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    }
    bool nullable = false;
    for (int i = 0; i < n->nargs; i++) nullable |= n->args[i]->eval && n->args[i]->type->nullable;
    return expr_string_type(c, nullable);
}

/* ---- CONCAT, CONCAT_WS, SPLIT_INDEX ---------------------------------------------------------- */

static value_t impl_concat(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    buf_t out = BUF_INIT;
    for (int i = 0; i < n->nargs; i++) buf_append(&out, S(argv[i]));
    return expr_str_buf(cx, &out);
}

static value_t impl_concat_ws(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)argv;
    value_t sep = EXPR_EVAL(n->args[0], cx);
    if (sep.is_null) return sep;
    buf_t out = BUF_INIT;
    bool first = true;
    for (int i = 1; i < n->nargs; i++) {
        value_t v = EXPR_EVAL(n->args[i], cx);
        if (v.is_null) continue;
        if (!first) buf_append(&out, S(sep));
        buf_append(&out, S(v));
        first = false;
    }
    return expr_str_buf(cx, &out);
}

static const type_t *infer_concat_ws(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    (void)f;
    return expr_string_type(c, n->args[0]->type->nullable);
}

/* Splits by the whole delimiter keeping empty tokens; index 0-based. */
static value_t impl_split_index(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n, (void)cx;
    int64_t want = argv[2].u.i64;
    const value_t *s = &argv[0], *d = &argv[1];
    if (want < 0 || s->u.str.len == 0 || d->u.str.len == 0) return value_null();
    const char *p = s->u.str.ptr, *end = p + s->u.str.len, *tok = p;
    for (int64_t k = 0;; ) {
        const char *hit = NULL;
        for (const char *q = tok; q + d->u.str.len <= end; q++)
            if (memcmp(q, S(*d)) == 0) { hit = q; break; }
        if (k == want) {
            value_t v = {0};
            v.u.str.ptr = tok;
            v.u.str.len = (uint32_t)((hit ? hit : end) - tok);
            return v;
        }
        if (!hit) return value_null();
        tok = hit + d->u.str.len;
        k++;
    }
}

/* ---- base64 ---------------------------------------------------------------------------------- */

static value_t impl_to_base64(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    buf_t out = BUF_INIT;
    text_base64_encode(&out, (const unsigned char *)argv[0].u.str.ptr, argv[0].u.str.len);
    return expr_str_buf(cx, &out);
}

static value_t impl_from_base64(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    char err[128];
    value_t v = {0};
    if (text_base64_decode(S(argv[0]), cx->arena, &v.u.str.ptr, &v.u.str.len, err, sizeof err) != 0)
        return expr_fail(cx, "FROM_BASE64: %s", err);
    return v;
}

/* ---- INSTR, STARTSWITH / ENDSWITH, HEX, BIN, HASH_CODE ---------------------------------------- */

/* INSTR(s, sub [, pos [, nth]]): the nth occurrence searching forward from
 * pos, or backward from the end when pos is negative; 0 if none. */
static value_t impl_instr(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    int64_t pos = n->nargs > 2 ? argv[2].u.i64 : 1, nth = n->nargs > 3 ? argv[3].u.i64 : 1;
    int64_t len = (int64_t)expr_utf8_count(S(argv[0]));
    if (pos == 0 || nth <= 0) return expr_i64(0);
    if (pos > 0) {
        int64_t at = pos - 2;
        for (int64_t k = 0; k < nth; k++)
            if ((at = index_of(&argv[0], &argv[1], at + 1)) < 0) return expr_i64(0);
        return expr_i64(at + 1);
    }
    int64_t found = 0;
    for (int64_t i = len + pos; i >= 0; i--) {
        value_t rest = slice(&argv[0], i, len);
        if (rest.u.str.len >= argv[1].u.str.len && memcmp(rest.u.str.ptr, S(argv[1])) == 0 && ++found == nth)
            return expr_i64(i + 1);
    }
    return expr_i64(0);
}

static value_t impl_starts_with(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)cx;
    uint32_t k = argv[1].u.str.len;
    if (k > argv[0].u.str.len) return expr_bool(false);
    const char *p = n->op ? argv[0].u.str.ptr + argv[0].u.str.len - k : argv[0].u.str.ptr;
    return expr_bool(memcmp(p, argv[1].u.str.ptr, k) == 0);
}

/* HEX of a number is its two's-complement 64 bits; of a string its UTF-8 bytes. BIN: base 2. */
static value_t impl_hex(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    buf_t out = BUF_INIT;
    if (type_is_string(n->args[0]->type)) {
        for (uint32_t i = 0; i < argv[0].u.str.len; i++) buf_printf(&out, "%02X", (unsigned char)argv[0].u.str.ptr[i]);
        return expr_str_buf(cx, &out);
    }
    uint64_t v = (uint64_t)argv[0].u.i64;
    if (n->op == 16) {
        buf_printf(&out, "%llX", (unsigned long long)v);
        return expr_str_buf(cx, &out);
    }
    int top = 63;
    while (top > 0 && !(v >> top & 1)) top--;
    for (int b = top; b >= 0; b--) buf_putc(&out, (char)('0' + (v >> b & 1)));
    return expr_str_buf(cx, &out);
}

/* Java's String.hashCode over the UTF-16 code units. */
static value_t impl_hash_code(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n, (void)cx;
    const unsigned char *p = (const unsigned char *)argv[0].u.str.ptr;
    uint32_t h = 0, len = argv[0].u.str.len;
    for (uint32_t i = 0; i < len;) {
        size_t k = cp_bytes((const char *)p + i, len - i);
        uint32_t cp = k == 1 ? p[i] : k == 2 ? (p[i] & 0x1Fu) << 6 | (p[i + 1] & 0x3Fu)
                    : k == 3 ? (p[i] & 0x0Fu) << 12 | (p[i + 1] & 0x3Fu) << 6 | (p[i + 2] & 0x3Fu)
                             : (p[i] & 0x07u) << 18 | (p[i + 1] & 0x3Fu) << 12 | (p[i + 2] & 0x3Fu) << 6 |
                                   (p[i + 3] & 0x3Fu);
        if (cp >= 0x10000) {
            h = 31 * h + (0xD800 + ((cp - 0x10000) >> 10));
            h = 31 * h + (0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            h = 31 * h + cp;
        }
        i += (uint32_t)k;
    }
    return expr_i64((int32_t)h);
}

static const type_t *infer_hex(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    const type_t *t = n->args[0]->type;
    if (!expr_is_int(t) && !(f->op == 16 && type_is_string(t)) && t->id != TYPE_NULL)
        return expr_error_apply(c, n->pos, f->name, false, n->args, 1);
    return expr_string_type(c, t->nullable);
}

/* UUID(): a random (version 4) UUID as Java's UUID.randomUUID().toString();
 * not deterministic, so a re-run gives other values. */
static value_t impl_uuid(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n, (void)argv;
    unsigned char r[16];
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r) return expr_fail(cx, "UUID(): no random bytes");
    r[6] = (unsigned char)((r[6] & 0x0F) | 0x40);
    r[8] = (unsigned char)((r[8] & 0x3F) | 0x80);
    char text[37];
    int k = 0;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) text[k++] = '-';
        text[k++] = "0123456789abcdef"[r[i] >> 4];
        text[k++] = "0123456789abcdef"[r[i] & 15];
    }
    return expr_str(cx, text, 36);
}

static const type_t *infer_uuid(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    (void)n, (void)f;
    return expr_type_new(c, TYPE_CHAR, false, 36, -1);
}

value_t expr_impl_hash(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv);   /* expr_hash.c */

const expr_func_t expr_funcs_string[] = {
    {"CHAR_LENGTH", 1, 1, "S", EXPR_R_INT, NULL, impl_char_length, EXPR_F_STRICT, 0},
    {"CHARACTER_LENGTH", 1, 1, "S", EXPR_R_INT, NULL, impl_char_length, EXPR_F_STRICT, 0},
    {"UPPER", 1, 1, "S", EXPR_R_STRING, NULL, impl_case, EXPR_F_STRICT, C_UPPER},
    {"LOWER", 1, 1, "S", EXPR_R_STRING, NULL, impl_case, EXPR_F_STRICT, C_LOWER},
    {"INITCAP", 1, 1, "S", EXPR_R_STRING, NULL, impl_case, EXPR_F_STRICT, C_INITCAP},
    {"TRIM", 1, 3, "*", EXPR_R_CUSTOM, infer_trim, impl_trim, EXPR_F_STRICT, 0},
    {"LTRIM", 1, 2, "S", EXPR_R_STRING, NULL, impl_trim, EXPR_F_STRICT, 'L'},
    {"RTRIM", 1, 2, "S", EXPR_R_STRING, NULL, impl_trim, EXPR_F_STRICT, 'R'},
    {"BTRIM", 1, 2, "S", EXPR_R_STRING, NULL, impl_trim, EXPR_F_STRICT, 'B'},
    {"SUBSTRING", 2, 3, "SII", EXPR_R_STRING, NULL, impl_substring, EXPR_F_NULLABLE, 0},
    {"SUBSTR", 2, 3, "SII", EXPR_R_STRING, NULL, impl_substring, EXPR_F_NULLABLE, 0},
    {"POSITION", 2, 2, "S", EXPR_R_INT, NULL, impl_position, EXPR_F_STRICT, 0},
    {"LOCATE", 2, 3, "SSI", EXPR_R_INT, NULL, impl_locate, EXPR_F_STRICT, 0},
    {"REPLACE", 3, 3, "S", EXPR_R_STRING, NULL, impl_replace, EXPR_F_STRICT, 0},
    {"OVERLAY", 3, 4, "SSII", EXPR_R_STRING, NULL, impl_overlay, EXPR_F_STRICT, 0},
    {"LPAD", 3, 3, "SIS", EXPR_R_STRING, NULL, impl_pad, EXPR_F_NULLABLE, 0},
    {"RPAD", 3, 3, "SIS", EXPR_R_STRING, NULL, impl_pad, EXPR_F_NULLABLE, 1},
    {"REPEAT", 2, 2, "SI", EXPR_R_STRING, NULL, impl_repeat, EXPR_F_STRICT, 0},
    {"REVERSE", 1, 1, "S", EXPR_R_STRING, NULL, impl_reverse, EXPR_F_STRICT, 0},
    {"CONCAT", 1, -1, "S", EXPR_R_STRING, NULL, impl_concat, EXPR_F_STRICT, 0},
    {"CONCAT_WS", 1, -1, "S", EXPR_R_CUSTOM, infer_concat_ws, impl_concat_ws, EXPR_F_LAZY, 0},
    {"SPLIT_INDEX", 3, 3, "SSI", EXPR_R_STRING, NULL, impl_split_index, EXPR_F_NULLABLE, 0},
    {"LEFT", 2, 2, "SI", EXPR_R_STRING, NULL, impl_left, EXPR_F_STRICT, 0},
    {"RIGHT", 2, 2, "SI", EXPR_R_STRING, NULL, impl_left, EXPR_F_STRICT, 1},
    {"ASCII", 1, 1, "S", EXPR_R_INT, NULL, impl_ascii, EXPR_F_STRICT, 0},
    {"CHR", 1, 1, "I", EXPR_R_STRING, NULL, impl_chr, EXPR_F_STRICT, 0},
    {"MD5", 1, 1, "S", EXPR_R_STRING, NULL, expr_impl_hash, EXPR_F_STRICT, 5},
    {"SHA1", 1, 1, "S", EXPR_R_STRING, NULL, expr_impl_hash, EXPR_F_STRICT, 1},
    {"SHA256", 1, 1, "S", EXPR_R_STRING, NULL, expr_impl_hash, EXPR_F_STRICT, 256},
    {"SHA224", 1, 1, "S", EXPR_R_STRING, NULL, expr_impl_hash, EXPR_F_STRICT, 224},
    {"SHA384", 1, 1, "S", EXPR_R_STRING, NULL, expr_impl_hash, EXPR_F_STRICT, 384},
    {"SHA512", 1, 1, "S", EXPR_R_STRING, NULL, expr_impl_hash, EXPR_F_STRICT, 512},
    {"SHA2", 2, 2, "SI", EXPR_R_STRING, NULL, expr_impl_hash, EXPR_F_NULLABLE, 2},
    {"INSTR", 2, 4, "SSII", EXPR_R_INT, NULL, impl_instr, EXPR_F_STRICT, 0},
    {"STARTSWITH", 2, 2, "S", EXPR_R_BOOL, NULL, impl_starts_with, EXPR_F_STRICT, 0},
    {"ENDSWITH", 2, 2, "S", EXPR_R_BOOL, NULL, impl_starts_with, EXPR_F_STRICT, 1},
    {"HEX", 1, 1, "A", EXPR_R_CUSTOM, infer_hex, impl_hex, EXPR_F_STRICT, 16},
    {"BIN", 1, 1, "A", EXPR_R_CUSTOM, infer_hex, impl_hex, EXPR_F_STRICT, 2},
    {"HASH_CODE", 1, 1, "S", EXPR_R_INT, NULL, impl_hash_code, EXPR_F_STRICT, 0},
    {"UUID", 0, 0, "A", EXPR_R_CUSTOM, infer_uuid, impl_uuid, EXPR_F_STRICT, 0},
    {"TO_BASE64", 1, 1, "S", EXPR_R_STRING, NULL, impl_to_base64, EXPR_F_STRICT, 0},
    {"FROM_BASE64", 1, 1, "S", EXPR_R_STRING, NULL, impl_from_base64, EXPR_F_STRICT, 0},
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};

/* expr_json.c - the JSON documents and paths of the JSON functions
 * (expr_json.h): a parser with Jackson's defaults (strict JSON, one value;
 * what follows it is ignored, as ObjectMapper.readValue ignores it), the
 * SQL/JSON path subset Flink's JSON functions evaluate through Jayway
 * JsonPath, and Jackson's compact serialisation. Everything lives in the
 * caller's arena. */
#include "expr/expr_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/java_number.h"

/* ---- parsing ----------------------------------------------------------------------------------- */

typedef struct reader {
    const char *p, *end;
    arena_t *a;
    int depth;
} reader_t;

static void skip_ws(reader_t *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')) r->p++;
}

static bool literal(reader_t *r, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0) return false;
    r->p += n;
    return true;
}

static int hex4(const char *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

static void put_utf8(buf_t *b, unsigned cp)
{
    if (cp < 0x80) buf_putc(b, (char)cp);
    else if (cp < 0x800) { buf_putc(b, (char)(0xC0 | cp >> 6)); buf_putc(b, (char)(0x80 | (cp & 0x3F))); }
    else if (cp < 0x10000) {
        buf_putc(b, (char)(0xE0 | cp >> 12));
        buf_putc(b, (char)(0x80 | (cp >> 6 & 0x3F)));
        buf_putc(b, (char)(0x80 | (cp & 0x3F)));
    } else {
        buf_putc(b, (char)(0xF0 | cp >> 18));
        buf_putc(b, (char)(0x80 | (cp >> 12 & 0x3F)));
        buf_putc(b, (char)(0x80 | (cp >> 6 & 0x3F)));
        buf_putc(b, (char)(0x80 | (cp & 0x3F)));
    }
}

/* A string at r->p (the opening quote); its decoded text into *s. */
static bool read_string(reader_t *r, const char **s, size_t *n)
{
    buf_t b = BUF_INIT;
    for (r->p++; r->p < r->end && *r->p != '"'; r->p++) {
        unsigned char c = (unsigned char)*r->p;
        if (c < 0x20) break;
        if (c != '\\') { buf_putc(&b, (char)c); continue; }
        if (++r->p >= r->end) break;
        const char *esc = strchr("\"\\/bfnrt", *r->p);
        if (esc && *r->p) { buf_putc(&b, "\"\\/\b\f\n\r\t"[esc - "\"\\/bfnrt"]); continue; }
        if (*r->p != 'u' || r->end - r->p < 5) break;
        int cp = hex4(r->p + 1);
        if (cp < 0) break;
        r->p += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && r->end - r->p >= 7 && r->p[1] == '\\' && r->p[2] == 'u') {
            int lo = hex4(r->p + 3);
            if (lo >= 0xDC00 && lo < 0xE000) { cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00); r->p += 6; }
        }
        put_utf8(&b, (unsigned)cp);
    }
    bool ok = r->p < r->end && *r->p == '"';
    if (ok) r->p++;
    *n = b.len;
    *s = arena_memdup(r->a, b.len ? (const char *)b.data : "", b.len + 1);
    buf_free(&b);
    return ok;
}

static bool read_number(reader_t *r, json_t *j)
{
    const char *s = r->p;
    if (r->p < r->end && *r->p == '-') r->p++;
    if (r->p >= r->end || *r->p < '0' || *r->p > '9') return false;
    if (*r->p == '0' && r->p + 1 < r->end && r->p[1] >= '0' && r->p[1] <= '9') return false;   /* leading zero */
    while (r->p < r->end && *r->p >= '0' && *r->p <= '9') r->p++;
    j->is_float = false;
    if (r->p < r->end && *r->p == '.') {
        j->is_float = true;
        if (++r->p >= r->end || *r->p < '0' || *r->p > '9') return false;
        while (r->p < r->end && *r->p >= '0' && *r->p <= '9') r->p++;
    }
    if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
        j->is_float = true;
        r->p++;
        if (r->p < r->end && (*r->p == '+' || *r->p == '-')) r->p++;
        if (r->p >= r->end || *r->p < '0' || *r->p > '9') return false;
        while (r->p < r->end && *r->p >= '0' && *r->p <= '9') r->p++;
    }
    j->kind = JSON_NUMBER;
    j->n = (size_t)(r->p - s);
    j->s = arena_strndup(r->a, s, j->n);
    return true;
}

static json_t *read_value(reader_t *r);

static bool read_members(reader_t *r, json_t *j, bool object)
{
    char close = object ? '}' : ']';
    r->p++;
    skip_ws(r);
    size_t cap = 0;
    if (r->p < r->end && *r->p == close) return r->p++, true;
    for (;;) {
        skip_ws(r);
        const char *key = NULL;
        size_t keylen = 0;
        if (object) {
            if (r->p >= r->end || *r->p != '"' || !read_string(r, &key, &keylen)) return false;
            skip_ws(r);
            if (r->p >= r->end || *r->p++ != ':') return false;
        }
        json_t *v = read_value(r);
        if (!v) return false;
        int at = -1;   /* a repeated key replaces the value in place, as Jackson's ObjectNode does */
        for (size_t i = 0; object && i < j->count; i++)
            if (j->keylens[i] == keylen && memcmp(j->keys[i], key, keylen) == 0) at = (int)i;
        if (at >= 0) j->items[at] = v;
        else {
            if (j->count == cap) {
                cap = cap ? 2 * cap : 4;
                json_t **items = arena_alloc(r->a, cap * sizeof *items);
                const char **keys = arena_alloc(r->a, cap * sizeof *keys);
                size_t *keylens = arena_alloc(r->a, cap * sizeof *keylens);
                if (j->count) {
                    memcpy(items, j->items, j->count * sizeof *items);
                    if (object) memcpy(keys, j->keys, j->count * sizeof *keys), memcpy(keylens, j->keylens, j->count * sizeof *keylens);
                }
                j->items = items, j->keys = keys, j->keylens = keylens;
            }
            j->items[j->count] = v;
            j->keys[j->count] = key;
            j->keylens[j->count++] = keylen;
        }
        skip_ws(r);
        if (r->p < r->end && *r->p == ',') { r->p++; continue; }
        if (r->p < r->end && *r->p == close) return r->p++, true;
        return false;
    }
}

static json_t *read_value(reader_t *r)
{
    skip_ws(r);
    if (r->p >= r->end || ++r->depth > 1000) return NULL;
    json_t *j = arena_calloc(r->a, 1, sizeof *j);
    bool ok;
    char c = *r->p;
    if (c == '{' || c == '[') {
        j->kind = c == '{' ? JSON_OBJECT : JSON_ARRAY;
        ok = read_members(r, j, c == '{');
    } else if (c == '"') {
        j->kind = JSON_STRING;
        ok = read_string(r, &j->s, &j->n);
    } else if (literal(r, "true") || literal(r, "false")) {
        j->kind = JSON_BOOL;
        j->b = r->p[-1] == 'e' && r->p[-2] == 'u';
        ok = true;
    } else if (literal(r, "null")) {
        j->kind = JSON_NULL;
        ok = true;
    } else {
        ok = read_number(r, j);
    }
    r->depth--;
    return ok ? j : NULL;
}

json_t *expr_json_parse(const char *text, size_t n, arena_t *a)
{
    reader_t r = {text, text + n, a, 0};
    return read_value(&r);
}

/* ---- writing (Jackson's compact form) ------------------------------------------------------------ */

void expr_json_write_string(buf_t *b, const char *s, size_t n)
{
    buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *short_esc = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\r' ? "\\r"
                              : c == '\t' ? "\\t" : c == '\b' ? "\\b" : c == '\f' ? "\\f" : NULL;
        if (short_esc) buf_puts(b, short_esc);
        else if (c < 0x20) buf_printf(b, "\\u%04X", c);
        else buf_putc(b, (char)c);
    }
    buf_putc(b, '"');
}

/* A number as Jackson writes what it parsed: integers as written (-0 as 0),
 * anything with a fraction or exponent as a Double. */
void expr_json_write_number(buf_t *b, const json_t *j)
{
    if (j->is_float) jnum_double(b, strtod(j->s, NULL));
    else if (!strcmp(j->s, "-0")) buf_putc(b, '0');
    else buf_append(b, j->s, j->n);
}

void expr_json_write(buf_t *b, const json_t *j)
{
    switch (j->kind) {
    case JSON_NULL: buf_puts(b, "null"); return;
    case JSON_BOOL: buf_puts(b, j->b ? "true" : "false"); return;
    case JSON_NUMBER: expr_json_write_number(b, j); return;
    case JSON_STRING: expr_json_write_string(b, j->s, j->n); return;
    case JSON_ARRAY:
    case JSON_OBJECT:
        buf_putc(b, j->kind == JSON_ARRAY ? '[' : '{');
        for (size_t i = 0; i < j->count; i++) {
            if (i) buf_putc(b, ',');
            if (j->kind == JSON_OBJECT) {
                expr_json_write_string(b, j->keys[i], j->keylens[i]);
                buf_putc(b, ':');
            }
            expr_json_write(b, j->items[i]);
        }
        buf_putc(b, j->kind == JSON_ARRAY ? ']' : '}');
        return;
    }
}

/* ---- paths ----------------------------------------------------------------------------------------- */

typedef struct step {
    enum { STEP_KEY, STEP_INDEX, STEP_ANY } kind;
    const char *key;
    size_t keylen;
    long index;
} step_t;

/* `[lax|strict] $ steps`; false for a path Jayway would not compile. */
static bool parse_path(const char *spec, size_t n, arena_t *a, bool *lax, step_t **steps, int *nsteps)
{
    const char *p = spec, *end = spec + n;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n')) p++;
    *lax = false;   /* without a mode Flink's path is strict */
    for (int m = 0; m < 2; m++) {
        const char *word = m ? "strict" : "lax";
        size_t k = strlen(word);
        if ((size_t)(end - p) > k && !strncasecmp(p, word, k) && (p[k] == ' ' || p[k] == '\t' || p[k] == '\n')) {
            *lax = m == 0;
            for (p += k; p < end && (*p == ' ' || *p == '\t' || *p == '\n'); p++) {}
            break;
        }
    }
    while (end > p && (end[-1] == ' ' || end[-1] == '\t')) end--;
    if (p >= end || *p++ != '$') return false;
    step_t *v = arena_alloc(a, sizeof *v * (size_t)(end - p + 1));
    int k = 0;
    while (p < end) {
        step_t *s = &v[k++];
        if (*p == '.') {
            p++;
            if (p < end && *p == '*') { s->kind = STEP_ANY; p++; continue; }
            if (p < end && *p == '[') { k--; continue; }   /* `$.["a.b"]` as Jayway reads it */
            const char *q = p;
            while (q < end && *q != '.' && *q != '[') q++;
            if (q == p) return false;   /* `..` deep scan and a trailing dot are not supported */
            *s = (step_t){STEP_KEY, p, (size_t)(q - p), 0};
            p = q;
        } else if (*p == '[') {
            p++;
            if (p < end && (*p == '\'' || *p == '"')) {
                char quote = *p++;
                const char *q = memchr(p, quote, (size_t)(end - p));
                if (!q || q + 1 >= end || q[1] != ']') return false;
                *s = (step_t){STEP_KEY, p, (size_t)(q - p), 0};
                p = q + 2;
            } else if (p < end && *p == '*') {
                if (++p >= end || *p++ != ']') return false;
                s->kind = STEP_ANY;
            } else {
                char *q;
                long idx = strtol(p, &q, 10);
                if (q == p || q >= end || *q != ']') return false;
                *s = (step_t){STEP_INDEX, NULL, 0, idx};
                p = q + 1;
            }
        } else {
            return false;
        }
    }
    *steps = v;
    *nsteps = k;
    return true;
}

static json_t *new_array(arena_t *a, size_t cap)
{
    json_t *j = arena_calloc(a, 1, sizeof *j);
    j->kind = JSON_ARRAY;
    j->items = arena_alloc(a, (cap ? cap : 1) * sizeof *j->items);
    return j;
}

/* One step from node j; NULL when it finds nothing (*missing: a definite
 * step found no property or index, an error in strict mode). */
static json_t *step_one(const step_t *s, json_t *j, arena_t *a, bool *missing)
{
    if (s->kind == STEP_KEY) {
        if (j->kind == JSON_OBJECT)
            for (size_t i = 0; i < j->count; i++)
                if (j->keylens[i] == s->keylen && !memcmp(j->keys[i], s->key, s->keylen)) return j->items[i];
        *missing = true;
        return NULL;
    }
    if (s->kind == STEP_INDEX) {
        long i = s->index < 0 ? (long)j->count + s->index : s->index;
        if (j->kind == JSON_ARRAY && i >= 0 && (size_t)i < j->count) return j->items[i];
        *missing = true;
        return NULL;
    }
    if (j->kind != JSON_ARRAY && j->kind != JSON_OBJECT) return NULL;
    json_t *all = new_array(a, j->count);
    for (size_t i = 0; i < j->count; i++) all->items[all->count++] = j->items[i];
    return all;
}

json_path_result_t expr_json_path(const json_t *doc, const char *spec, size_t n, arena_t *a)
{
    json_path_result_t r = {0};
    step_t *steps;
    int nsteps;
    if (!parse_path(spec, n, a, &r.lax, &steps, &nsteps)) {
        r.error = "Invalid path";
        return r;
    }
    if (!doc) {   /* not JSON: empty in lax mode, an error in strict mode */
        if (!r.lax) r.error = "Invalid JSON";
        return r;
    }
    json_t *cur = (json_t *)doc;
    bool indefinite = false;
    json_t *list = NULL;   /* the matches once a wildcard has been passed */
    for (int k = 0; k < nsteps; k++) {
        bool missing = false;
        if (!indefinite) {
            json_t *next = step_one(&steps[k], cur, a, &missing);
            if (steps[k].kind == STEP_ANY) { indefinite = true; list = next ? next : new_array(a, 0); continue; }
            if (!next) {
                if (!r.lax) r.error = "No results for path";
                return r;
            }
            cur = next;
            continue;
        }
        json_t *out = new_array(a, 0);
        size_t cap = 0;
        for (size_t i = 0; i < list->count; i++) {
            json_t *m = step_one(&steps[k], list->items[i], a, &missing);
            if (!m) continue;
            size_t add = steps[k].kind == STEP_ANY ? m->count : 1;
            if (out->count + add > cap) {
                cap = 2 * (out->count + add);
                json_t **items = arena_alloc(a, cap * sizeof *items);
                if (out->count) memcpy(items, out->items, out->count * sizeof *items);
                out->items = items;
            }
            if (steps[k].kind == STEP_ANY) for (size_t q = 0; q < m->count; q++) out->items[out->count++] = m->items[q];
            else out->items[out->count++] = m;
        }
        list = out;
    }
    r.value = indefinite ? list : cur->kind == JSON_NULL ? NULL : cur;
    return r;
}

/* types.c - Flink logical types: the type-string parser and the printers.
 *
 * The grammar follows Flink's LogicalTypeParser: the input is first split
 * into tokens (< > ( ) , . 'string' `identifier` integer keyword identifier),
 * then a recursive-descent parser reads one type with an optional NULL /
 * NOT NULL suffix and an optional `ARRAY` / `MULTISET` suffix. Everything
 * that is not a delimiter up to the next delimiter is one word; a word is a
 * keyword when its upper-case form is in Flink's keyword list, so keywords
 * are case-insensitive and a field named like a keyword must be quoted.
 *
 * The printers reproduce LogicalType#asSummaryString and
 * #asSerializableString character for character. */
#include "types/types.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/utf8.h"

/* Deeper nesting than this is certainly a mistake, and would otherwise let a
 * hostile string exhaust the stack. */
#define TYPE_MAX_DEPTH 64

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fputs("ptfhost: out of memory\n", stderr);
        abort();
    }
    return p;
}

static char *xstrndup(const char *s, size_t n)
{
    char *p = xcalloc(n + 1, 1);
    memcpy(p, s, n);
    return p;
}

static char *xstrdup(const char *s) { return s ? xstrndup(s, strlen(s)) : NULL; }

/* ------------------------------------------------------------------------ */
/* Construction and destruction                                             */

type_t *type_new(type_id_t id, bool nullable)
{
    type_t *t = xcalloc(1, sizeof(*t));
    t->id = id;
    t->nullable = nullable;
    t->precision = -1;
    t->scale = -1;
    t->interval_unit = -1;
    t->time_kind = TYPE_TK_REGULAR;
    return t;
}

void type_add_field(type_t *row, const char *name, type_t *ft, const char *description)
{
    type_field_t *f = realloc(row->fields, sizeof(*f) * (size_t)(row->nfields + 1));
    if (!f) {
        fputs("ptfhost: out of memory\n", stderr);
        abort();
    }
    row->fields = f;
    f[row->nfields].name = xstrdup(name);
    f[row->nfields].type = ft;
    f[row->nfields].description = xstrdup(description);
    row->nfields++;
}

void type_free(type_t *t)
{
    if (!t) return;
    type_free(t->elem);
    type_free(t->value);
    for (int i = 0; i < t->nfields; i++) {
        free(t->fields[i].name);
        type_free(t->fields[i].type);
        free(t->fields[i].description);
    }
    free(t->fields);
    free(t->class_name);
    free(t->raw_snapshot);
    free(t);
}

type_t *type_clone(const type_t *t)
{
    if (!t) return NULL;
    type_t *c = xcalloc(1, sizeof(*c));
    *c = *t;
    c->elem = type_clone(t->elem);
    c->value = type_clone(t->value);
    c->class_name = xstrdup(t->class_name);
    c->raw_snapshot = xstrdup(t->raw_snapshot);
    c->fields = NULL;
    c->nfields = 0;
    if (t->nfields > 0) {
        c->fields = xcalloc((size_t)t->nfields, sizeof(*c->fields));
        for (int i = 0; i < t->nfields; i++) {
            c->fields[i].name = xstrdup(t->fields[i].name);
            c->fields[i].type = type_clone(t->fields[i].type);
            c->fields[i].description = xstrdup(t->fields[i].description);
        }
        c->nfields = t->nfields;
    }
    return c;
}

/* ------------------------------------------------------------------------ */
/* Equality and classification                                              */

static bool str_eq(const char *a, const char *b)
{
    if (!a || !b) return a == b;
    return strcmp(a, b) == 0;
}

static bool equals(const type_t *a, const type_t *b, bool with_null, bool deep_null)
{
    if (a == b) return true;
    if (!a || !b) return false;
    if (a->id != b->id) return false;
    if (with_null && a->nullable != b->nullable) return false;
    if (a->precision != b->precision || a->scale != b->scale) return false;
    if (a->interval_unit != b->interval_unit) return false;
    if (!str_eq(a->class_name, b->class_name)) return false;
    if (a->id == TYPE_RAW && !str_eq(a->raw_snapshot, b->raw_snapshot)) return false;
    if (!equals(a->elem, b->elem, deep_null, deep_null)) return false;
    if (!equals(a->value, b->value, deep_null, deep_null)) return false;
    if (a->nfields != b->nfields) return false;
    for (int i = 0; i < a->nfields; i++) {
        if (!str_eq(a->fields[i].name, b->fields[i].name)) return false;
        if (!equals(a->fields[i].type, b->fields[i].type, deep_null, deep_null)) return false;
    }
    return true;
}

bool type_equals(const type_t *a, const type_t *b) { return equals(a, b, true, true); }

/* Ignores nullability at every level: ARRAY<INT NOT NULL> NOT NULL equals ARRAY<INT>. */
bool type_equals_ignore_null(const type_t *a, const type_t *b) { return equals(a, b, false, false); }

const char *type_id_name(type_id_t id)
{
    switch (id) {
    case TYPE_BOOLEAN: return "BOOLEAN";
    case TYPE_TINYINT: return "TINYINT";
    case TYPE_SMALLINT: return "SMALLINT";
    case TYPE_INT: return "INT";
    case TYPE_BIGINT: return "BIGINT";
    case TYPE_FLOAT: return "FLOAT";
    case TYPE_DOUBLE: return "DOUBLE";
    case TYPE_DECIMAL: return "DECIMAL";
    case TYPE_CHAR: return "CHAR";
    case TYPE_VARCHAR: return "VARCHAR";
    case TYPE_BINARY: return "BINARY";
    case TYPE_VARBINARY: return "VARBINARY";
    case TYPE_DATE: return "DATE";
    case TYPE_TIME: return "TIME";
    case TYPE_TIMESTAMP: return "TIMESTAMP";
    case TYPE_TIMESTAMP_LTZ: return "TIMESTAMP_LTZ";
    case TYPE_TIMESTAMP_TZ: return "TIMESTAMP_TZ";
    case TYPE_INTERVAL_YM: return "INTERVAL_YEAR_MONTH";
    case TYPE_INTERVAL_DT: return "INTERVAL_DAY_TIME";
    case TYPE_ARRAY: return "ARRAY";
    case TYPE_MULTISET: return "MULTISET";
    case TYPE_MAP: return "MAP";
    case TYPE_ROW: return "ROW";
    case TYPE_STRUCTURED: return "STRUCTURED";
    case TYPE_RAW: return "RAW";
    case TYPE_NULL: return "NULL";
    case TYPE_DESCRIPTOR: return "DESCRIPTOR";
    }
    return "?";
}

bool type_is_numeric(const type_t *t)
{
    switch (t->id) {
    case TYPE_TINYINT: case TYPE_SMALLINT: case TYPE_INT: case TYPE_BIGINT:
    case TYPE_FLOAT: case TYPE_DOUBLE: case TYPE_DECIMAL:
        return true;
    default:
        return false;
    }
}

bool type_is_string(const type_t *t) { return t->id == TYPE_CHAR || t->id == TYPE_VARCHAR; }

bool type_is_composite(const type_t *t) { return t->id == TYPE_ROW || t->id == TYPE_STRUCTURED; }

int type_field_index(const type_t *row, const char *name)
{
    for (int i = 0; i < row->nfields; i++)
        if (strcmp(row->fields[i].name, name) == 0) return i;
    return -1;
}

/* ------------------------------------------------------------------------ */
/* Printing                                                                 */

static void put_quoted(buf_t *b, const char *s, char q)
{
    buf_putc(b, q);
    for (; *s; s++) {
        if (*s == q) buf_putc(b, q);
        buf_putc(b, *s);
    }
    buf_putc(b, q);
}

static void print_type(buf_t *b, const type_t *t, bool summary);

static void print_fields(buf_t *b, const type_t *t, bool summary)
{
    for (int i = 0; i < t->nfields; i++) {
        if (i) buf_puts(b, ", ");
        put_quoted(b, t->fields[i].name, '`');
        buf_putc(b, ' ');
        print_type(b, t->fields[i].type, summary);
        if (t->fields[i].description) {
            buf_putc(b, ' ');
            put_quoted(b, summary ? "..." : t->fields[i].description, '\'');
        }
    }
}

static void print_interval(buf_t *b, const type_t *t)
{
    int p = t->precision, f = t->scale;
    switch ((type_interval_unit_t)t->interval_unit) {
    case TYPE_IU_YEAR: buf_printf(b, "INTERVAL YEAR(%d)", p); break;
    case TYPE_IU_YEAR_TO_MONTH: buf_printf(b, "INTERVAL YEAR(%d) TO MONTH", p); break;
    case TYPE_IU_MONTH: buf_puts(b, "INTERVAL MONTH"); break;
    case TYPE_IU_DAY: buf_printf(b, "INTERVAL DAY(%d)", p); break;
    case TYPE_IU_DAY_TO_HOUR: buf_printf(b, "INTERVAL DAY(%d) TO HOUR", p); break;
    case TYPE_IU_DAY_TO_MINUTE: buf_printf(b, "INTERVAL DAY(%d) TO MINUTE", p); break;
    case TYPE_IU_DAY_TO_SECOND: buf_printf(b, "INTERVAL DAY(%d) TO SECOND(%d)", p, f); break;
    case TYPE_IU_HOUR: buf_puts(b, "INTERVAL HOUR"); break;
    case TYPE_IU_HOUR_TO_MINUTE: buf_puts(b, "INTERVAL HOUR TO MINUTE"); break;
    case TYPE_IU_HOUR_TO_SECOND: buf_printf(b, "INTERVAL HOUR TO SECOND(%d)", f); break;
    case TYPE_IU_MINUTE: buf_puts(b, "INTERVAL MINUTE"); break;
    case TYPE_IU_MINUTE_TO_SECOND: buf_printf(b, "INTERVAL MINUTE TO SECOND(%d)", f); break;
    case TYPE_IU_SECOND: buf_printf(b, "INTERVAL SECOND(%d)", f); break;
    default: buf_puts(b, "INTERVAL ?"); break;
    }
}

static void print_type(buf_t *b, const type_t *t, bool summary)
{
    switch (t->id) {
    case TYPE_DECIMAL: buf_printf(b, "DECIMAL(%d, %d)", t->precision, t->scale); break;
    case TYPE_CHAR: buf_printf(b, "CHAR(%d)", t->precision); break;
    case TYPE_VARCHAR:
        if (summary && t->precision == TYPE_MAX_LENGTH) buf_puts(b, "STRING");
        else buf_printf(b, "VARCHAR(%d)", t->precision);
        break;
    case TYPE_BINARY: buf_printf(b, "BINARY(%d)", t->precision); break;
    case TYPE_VARBINARY:
        if (summary && t->precision == TYPE_MAX_LENGTH) buf_puts(b, "BYTES");
        else buf_printf(b, "VARBINARY(%d)", t->precision);
        break;
    case TYPE_TIME: buf_printf(b, "TIME(%d)", t->precision); break;
    case TYPE_TIMESTAMP: buf_printf(b, "TIMESTAMP(%d)", t->precision); break;
    case TYPE_TIMESTAMP_LTZ:
        if (summary) buf_printf(b, "TIMESTAMP_LTZ(%d)", t->precision);
        else buf_printf(b, "TIMESTAMP(%d) WITH LOCAL TIME ZONE", t->precision);
        break;
    case TYPE_TIMESTAMP_TZ: buf_printf(b, "TIMESTAMP(%d) WITH TIME ZONE", t->precision); break;
    case TYPE_INTERVAL_YM:
    case TYPE_INTERVAL_DT: print_interval(b, t); break;
    case TYPE_ARRAY:
    case TYPE_MULTISET:
        buf_puts(b, t->id == TYPE_ARRAY ? "ARRAY<" : "MULTISET<");
        print_type(b, t->elem, summary);
        buf_putc(b, '>');
        break;
    case TYPE_MAP:
        buf_puts(b, "MAP<");
        print_type(b, t->elem, summary);
        buf_puts(b, ", ");
        print_type(b, t->value, summary);
        buf_putc(b, '>');
        break;
    case TYPE_ROW:
        buf_puts(b, "ROW<");
        print_fields(b, t, summary);
        buf_putc(b, '>');
        break;
    case TYPE_STRUCTURED:
        buf_puts(b, "STRUCTURED<");
        put_quoted(b, t->class_name ? t->class_name : "", '\'');
        buf_puts(b, ", ");
        print_fields(b, t, summary);
        buf_putc(b, '>');
        break;
    case TYPE_RAW:
        buf_puts(b, "RAW(");
        put_quoted(b, t->class_name ? t->class_name : "", '\'');
        if (summary || t->raw_snapshot) {   /* RAW('class') parses back without a snapshot */
            buf_puts(b, ", ");
            put_quoted(b, summary ? "..." : t->raw_snapshot, '\'');
        }
        buf_putc(b, ')');
        break;
    default:
        buf_puts(b, type_id_name(t->id));  /* BOOLEAN .. DOUBLE, DATE, NULL, DESCRIPTOR */
        break;
    }
    if (!t->nullable) buf_puts(b, " NOT NULL");
    if (summary && t->time_kind != TYPE_TK_REGULAR)
        buf_puts(b, t->time_kind == TYPE_TK_ROWTIME ? " *ROWTIME*" : " *PROCTIME*");
}

char *type_to_string(const type_t *t)
{
    buf_t b = BUF_INIT;
    print_type(&b, t, true);
    return buf_steal(&b);
}

char *type_to_serializable_string(const type_t *t)
{
    buf_t b = BUF_INIT;
    print_type(&b, t, false);
    return buf_steal(&b);
}

/* ------------------------------------------------------------------------ */
/* Tokenizer                                                                */

typedef enum tok_kind {
    TK_LT, TK_GT, TK_LPAREN, TK_RPAREN, TK_COMMA, TK_DOT,
    TK_STRING,     /* 'text', '' escapes a quote; text unescaped */
    TK_INT,        /* digits */
    TK_KEYWORD,    /* kw set */
    TK_IDENT,      /* `quoted` or a bare word that is not a keyword; text unescaped */
    TK_END,
} tok_kind_t;

/* Flink's keyword list (LogicalTypeParser.Keyword), in its order. */
typedef enum kw {
    KW_CHAR, KW_VARCHAR, KW_STRING, KW_BOOLEAN, KW_BINARY, KW_VARBINARY, KW_BYTES,
    KW_DECIMAL, KW_NUMERIC, KW_DEC, KW_TINYINT, KW_SMALLINT, KW_INT, KW_INTEGER,
    KW_BIGINT, KW_FLOAT, KW_DOUBLE, KW_PRECISION, KW_DATE, KW_TIME, KW_WITH,
    KW_WITHOUT, KW_LOCAL, KW_ZONE, KW_TIMESTAMP, KW_TIMESTAMP_LTZ, KW_INTERVAL,
    KW_YEAR, KW_MONTH, KW_DAY, KW_HOUR, KW_MINUTE, KW_SECOND, KW_TO, KW_ARRAY,
    KW_MULTISET, KW_MAP, KW_ROW, KW_NULL, KW_RAW, KW_LEGACY, KW_NOT, KW_DESCRIPTOR,
    KW_STRUCTURED, KW_VARIANT, KW_BITMAP,
    KW_COUNT_
} kw_t;

static const char *const KEYWORDS[KW_COUNT_] = {
    "CHAR", "VARCHAR", "STRING", "BOOLEAN", "BINARY", "VARBINARY", "BYTES",
    "DECIMAL", "NUMERIC", "DEC", "TINYINT", "SMALLINT", "INT", "INTEGER",
    "BIGINT", "FLOAT", "DOUBLE", "PRECISION", "DATE", "TIME", "WITH",
    "WITHOUT", "LOCAL", "ZONE", "TIMESTAMP", "TIMESTAMP_LTZ", "INTERVAL",
    "YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND", "TO", "ARRAY",
    "MULTISET", "MAP", "ROW", "NULL", "RAW", "LEGACY", "NOT", "DESCRIPTOR",
    "STRUCTURED", "VARIANT", "BITMAP",
};

typedef struct token {
    tok_kind_t kind;
    kw_t kw;            /* TK_KEYWORD */
    size_t off;         /* byte offset of the first character in the input */
    char *text;         /* TK_STRING / TK_IDENT / TK_INT: owned */
} token_t;

typedef struct parser {
    const char *s;
    size_t len;
    token_t *toks;
    size_t ntoks, cap;
    size_t cur;          /* index of the next token to read */
    int depth;
    char *err;
    size_t errlen;
    bool failed;
} parser_t;

/* Characters (UTF-8 code points) before byte offset off, plus one. */
static int char_pos(const parser_t *p, size_t off)
{
    return 1 + (int)utf8_count_chars(p->s, off < p->len ? off : p->len);
}

static void fail_at(parser_t *p, size_t off, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void fail_at(parser_t *p, size_t off, const char *fmt, ...)
{
    if (p->failed) return;
    p->failed = true;
    if (!p->err || !p->errlen) return;
    buf_t b = BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&b, fmt, ap);
    va_end(ap);
    buf_printf(&b, " at position %d: ", char_pos(p, off));
    /* The whole input when short; else a window around the error. Control
     * characters are shown as spaces so the message stays on one line. */
    size_t from = 0, to = p->len;
    if (p->len > 80) {
        from = off > 40 ? off - 40 : 0;
        to = off + 40 < p->len ? off + 40 : p->len;
        from = utf8_floor_boundary(p->s, from);
        while (to < p->len && utf8_is_continuation((unsigned char)p->s[to])) to++;
    }
    if (from > 0) buf_puts(&b, "...");
    for (size_t i = from; i < to; i++)
        buf_putc(&b, (unsigned char)p->s[i] < 0x20 ? ' ' : p->s[i]);
    if (to < p->len) buf_puts(&b, "...");
    snprintf(p->err, p->errlen, "%s", buf_cstr(&b));
    buf_free(&b);
}

static bool is_delim(char c)
{
    return isspace((unsigned char)c) || c == '<' || c == '>' || c == '(' || c == ')' ||
           c == ',' || c == '.';
}

static void push_tok(parser_t *p, tok_kind_t kind, size_t off, char *text)
{
    if (p->ntoks == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 16;
        token_t *t = realloc(p->toks, p->cap * sizeof(*t));
        if (!t) {
            fputs("ptfhost: out of memory\n", stderr);
            abort();
        }
        p->toks = t;
    }
    token_t *t = &p->toks[p->ntoks++];
    t->kind = kind;
    t->kw = KW_COUNT_;
    t->off = off;
    t->text = text;
}

/* Reads a 'string' or `identifier` starting at i (the opening quote). A
 * doubled quote stands for one quote. Returns the offset after the closing
 * quote, or 0 after reporting an unterminated literal. */
static size_t lex_quoted(parser_t *p, size_t i, char q, tok_kind_t kind)
{
    buf_t b = BUF_INIT;
    size_t start = i++;
    for (;;) {
        if (i >= p->len) {
            buf_free(&b);
            fail_at(p, start, q == '`' ? "closing ` of the quoted identifier expected"
                                       : "closing ' of the string literal expected");
            return 0;
        }
        if (p->s[i] == q) {
            if (i + 1 < p->len && p->s[i + 1] == q) {
                buf_putc(&b, q);
                i += 2;
                continue;
            }
            break;
        }
        buf_putc(&b, p->s[i++]);
    }
    buf_cstr(&b);
    push_tok(p, kind, start, buf_steal(&b));
    return i + 1;
}

static bool tokenize(parser_t *p)
{
    size_t i = 0;
    while (i < p->len) {
        char c = p->s[i];
        switch (c) {
        case '<': push_tok(p, TK_LT, i, NULL); i++; continue;
        case '>': push_tok(p, TK_GT, i, NULL); i++; continue;
        case '(': push_tok(p, TK_LPAREN, i, NULL); i++; continue;
        case ')': push_tok(p, TK_RPAREN, i, NULL); i++; continue;
        case ',': push_tok(p, TK_COMMA, i, NULL); i++; continue;
        case '.': push_tok(p, TK_DOT, i, NULL); i++; continue;
        case '\'':
        case '`':
            i = lex_quoted(p, i, c, c == '\'' ? TK_STRING : TK_IDENT);
            if (!i) return false;
            continue;
        default: break;
        }
        if (isspace((unsigned char)c)) { i++; continue; }
        size_t start = i;
        if (c >= '0' && c <= '9') {
            while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9') i++;
            push_tok(p, TK_INT, start, xstrndup(p->s + start, i - start));
            continue;
        }
        while (i < p->len && !is_delim(p->s[i])) i++;
        char *word = xstrndup(p->s + start, i - start);
        kw_t kw = KW_COUNT_;
        for (int k = 0; k < KW_COUNT_; k++) {
            if (strcasecmp(word, KEYWORDS[k]) == 0) { kw = (kw_t)k; break; }
        }
        if (kw != KW_COUNT_) {
            free(word);
            push_tok(p, TK_KEYWORD, start, NULL);
            p->toks[p->ntoks - 1].kw = kw;
        } else {
            push_tok(p, TK_IDENT, start, word);
        }
    }
    push_tok(p, TK_END, p->len, NULL);
    return true;
}

/* ------------------------------------------------------------------------ */
/* Parser                                                                   */

static const token_t *peek_at(const parser_t *p, size_t ahead)
{
    size_t i = p->cur + ahead;
    return &p->toks[i < p->ntoks ? i : p->ntoks - 1];
}

static const token_t *peek(const parser_t *p) { return peek_at(p, 0); }

static bool peek_kw(const parser_t *p, size_t ahead, kw_t kw)
{
    const token_t *t = peek_at(p, ahead);
    return t->kind == TK_KEYWORD && t->kw == kw;
}

static const token_t *next(parser_t *p)
{
    const token_t *t = peek(p);
    if (p->cur < p->ntoks - 1) p->cur++;
    return t;
}

/* "'>'", "keyword INT", "identifier foo", ... for error messages. */
static void describe_tok(const token_t *t, char *out, size_t n)
{
    switch (t->kind) {
    case TK_LT: snprintf(out, n, "'<'"); break;
    case TK_GT: snprintf(out, n, "'>'"); break;
    case TK_LPAREN: snprintf(out, n, "'('"); break;
    case TK_RPAREN: snprintf(out, n, "')'"); break;
    case TK_COMMA: snprintf(out, n, "','"); break;
    case TK_DOT: snprintf(out, n, "'.'"); break;
    case TK_STRING: snprintf(out, n, "string '%.40s'", t->text); break;
    case TK_INT: snprintf(out, n, "number %.20s", t->text); break;
    case TK_KEYWORD: snprintf(out, n, "keyword %s", KEYWORDS[t->kw]); break;
    case TK_IDENT: snprintf(out, n, "identifier %.40s", t->text); break;
    case TK_END: snprintf(out, n, "end of input"); break;
    }
}

static void fail_expected(parser_t *p, const char *what)
{
    char found[80];
    describe_tok(peek(p), found, sizeof(found));
    fail_at(p, peek(p)->off, "%s expected but found %s", what, found);
}

static bool expect(parser_t *p, tok_kind_t kind, const char *what)
{
    if (peek(p)->kind != kind) {
        fail_expected(p, what);
        return false;
    }
    next(p);
    return true;
}

static bool expect_kw(parser_t *p, kw_t kw)
{
    if (!peek_kw(p, 0, kw)) {
        char what[32];
        snprintf(what, sizeof(what), "keyword %s", KEYWORDS[kw]);
        fail_expected(p, what);
        return false;
    }
    next(p);
    return true;
}

/* An integer parameter; its value must lie in [lo, hi], else Flink's range
 * message `range_msg` (a format with the two bounds) is reported. */
static bool parse_int_param(parser_t *p, int *out, long lo, long hi, const char *range_msg)
{
    const token_t *t = peek(p);
    if (t->kind != TK_INT) {
        fail_expected(p, "a number");
        return false;
    }
    errno = 0;
    char *end;
    long long v = strtoll(t->text, &end, 10);
    if (errno || *end || v > INT_MAX) {
        fail_at(p, t->off, "Invalid integer value %.20s", t->text);
        return false;
    }
    if (v < lo || v > hi) {
        char msg[200];
        snprintf(msg, sizeof(msg), range_msg, lo, hi);
        fail_at(p, t->off, "%s", msg);
        return false;
    }
    next(p);
    *out = (int)v;
    return true;
}

/* "(n)" if present. */
static bool parse_opt_precision(parser_t *p, int *out, long lo, long hi, const char *range_msg)
{
    if (peek(p)->kind != TK_LPAREN) return true;
    next(p);
    return parse_int_param(p, out, lo, hi, range_msg) && expect(p, TK_RPAREN, "')'");
}

static type_t *parse_type(parser_t *p);

static type_t *parse_length_type(parser_t *p, type_id_t id, const char *range_msg)
{
    type_t *t = type_new(id, true);
    t->precision = 1;
    if (!parse_opt_precision(p, &t->precision, 1, TYPE_MAX_LENGTH, range_msg)) {
        type_free(t);
        return NULL;
    }
    return t;
}

static type_t *parse_decimal(parser_t *p)
{
    type_t *t = type_new(TYPE_DECIMAL, true);
    t->precision = 10;
    t->scale = 0;
    if (peek(p)->kind == TK_LPAREN) {
        next(p);
        if (!parse_int_param(p, &t->precision, 1, 38,
                             "Decimal precision must be between %ld and %ld (both inclusive)"))
            goto fail;
        if (peek(p)->kind == TK_COMMA) {
            next(p);
            const token_t *st = peek(p);
            if (!parse_int_param(p, &t->scale, 0, INT_MAX, "%ld %ld")) goto fail;
            if (t->scale > t->precision) {
                fail_at(p, st->off, "Decimal scale must be between 0 and the precision %d (both inclusive)",
                        t->precision);
                goto fail;
            }
        }
        if (!expect(p, TK_RPAREN, "')'")) goto fail;
    }
    return t;
fail:
    type_free(t);
    return NULL;
}

static type_t *parse_time(parser_t *p)
{
    type_t *t = type_new(TYPE_TIME, true);
    t->precision = 0;
    if (!parse_opt_precision(p, &t->precision, 0, 9, "Time precision must be between %ld and %ld (both inclusive)"))
        goto fail;
    if (peek_kw(p, 0, KW_WITHOUT)) {
        next(p);
        if (!expect_kw(p, KW_TIME) || !expect_kw(p, KW_ZONE)) goto fail;
    }
    return t;
fail:
    type_free(t);
    return NULL;
}

/* TIMESTAMP[(p)] [WITHOUT TIME ZONE | WITH [LOCAL] TIME ZONE]. The range is
 * checked after the suffix, because Flink's message names the variant. */
static type_t *parse_timestamp(parser_t *p)
{
    type_t *t = type_new(TYPE_TIMESTAMP, true);
    t->precision = 6;
    size_t poff = 0;
    if (peek(p)->kind == TK_LPAREN) {
        next(p);
        poff = peek(p)->off;
        if (!parse_int_param(p, &t->precision, 0, INT_MAX, "%ld %ld")) goto fail;
        if (!expect(p, TK_RPAREN, "')'")) goto fail;
    }
    if (peek_kw(p, 0, KW_WITHOUT)) {
        next(p);
        if (!expect_kw(p, KW_TIME) || !expect_kw(p, KW_ZONE)) goto fail;
    } else if (peek_kw(p, 0, KW_WITH)) {
        next(p);
        if (peek_kw(p, 0, KW_LOCAL)) {
            next(p);
            t->id = TYPE_TIMESTAMP_LTZ;
        } else {
            t->id = TYPE_TIMESTAMP_TZ;
        }
        if (!expect_kw(p, KW_TIME) || !expect_kw(p, KW_ZONE)) goto fail;
    }
    if (t->precision > 9) {
        const char *what = t->id == TYPE_TIMESTAMP ? "Timestamp"
                         : t->id == TYPE_TIMESTAMP_LTZ ? "Timestamp with local time zone"
                         : "Timestamp with time zone";
        fail_at(p, poff, "%s precision must be between 0 and 9 (both inclusive)", what);
        goto fail;
    }
    return t;
fail:
    type_free(t);
    return NULL;
}

static type_t *parse_interval(parser_t *p)
{
    static const char *YEAR_RANGE = "Year precision of year-month intervals must be between %ld and %ld (both inclusive)";
    static const char *DAY_RANGE = "Day precision of day-time intervals must be between %ld and %ld (both inclusive)";
    static const char *FRAC_RANGE = "Fractional precision of day-time intervals must be between %ld and %ld (both inclusive)";
    const token_t *u = peek(p);
    if (u->kind != TK_KEYWORD ||
        !(u->kw == KW_YEAR || u->kw == KW_MONTH || u->kw == KW_DAY || u->kw == KW_HOUR ||
          u->kw == KW_MINUTE || u->kw == KW_SECOND)) {
        fail_expected(p, "interval unit YEAR, MONTH, DAY, HOUR, MINUTE or SECOND");
        return NULL;
    }
    next(p);
    kw_t unit = u->kw;
    type_t *t;
    if (unit == KW_YEAR || unit == KW_MONTH) {
        t = type_new(TYPE_INTERVAL_YM, true);
        t->precision = 2;
        if (unit == KW_MONTH) {
            t->interval_unit = TYPE_IU_MONTH;
            return t;
        }
        t->interval_unit = TYPE_IU_YEAR;
        if (!parse_opt_precision(p, &t->precision, 1, 4, YEAR_RANGE)) goto fail;
        if (peek_kw(p, 0, KW_TO)) {
            next(p);
            if (!expect_kw(p, KW_MONTH)) goto fail;
            t->interval_unit = TYPE_IU_YEAR_TO_MONTH;
        }
        return t;
    }
    t = type_new(TYPE_INTERVAL_DT, true);
    t->precision = 2;
    t->scale = 6;
    /* The unit after TO decides the resolution; only SECOND takes a precision. */
    int to_hour = -1, to_minute = -1, to_second = -1, alone = -1;
    switch (unit) {
    case KW_DAY:
        if (!parse_opt_precision(p, &t->precision, 1, 6, DAY_RANGE)) goto fail;
        alone = TYPE_IU_DAY; to_hour = TYPE_IU_DAY_TO_HOUR;
        to_minute = TYPE_IU_DAY_TO_MINUTE; to_second = TYPE_IU_DAY_TO_SECOND;
        break;
    case KW_HOUR:
        alone = TYPE_IU_HOUR;
        to_minute = TYPE_IU_HOUR_TO_MINUTE; to_second = TYPE_IU_HOUR_TO_SECOND;
        break;
    case KW_MINUTE:
        alone = TYPE_IU_MINUTE; to_second = TYPE_IU_MINUTE_TO_SECOND;
        break;
    default: /* SECOND */
        t->interval_unit = TYPE_IU_SECOND;
        if (!parse_opt_precision(p, &t->scale, 0, 9, FRAC_RANGE)) goto fail;
        return t;
    }
    t->interval_unit = alone;
    if (!peek_kw(p, 0, KW_TO)) return t;
    next(p);
    if (peek_kw(p, 0, KW_HOUR) && to_hour >= 0) {
        next(p);
        t->interval_unit = to_hour;
    } else if (peek_kw(p, 0, KW_MINUTE) && to_minute >= 0) {
        next(p);
        t->interval_unit = to_minute;
    } else if (peek_kw(p, 0, KW_SECOND)) {
        next(p);
        t->interval_unit = to_second;
        if (!parse_opt_precision(p, &t->scale, 0, 9, FRAC_RANGE)) goto fail;
    } else {
        fail_expected(p, unit == KW_DAY ? "HOUR, MINUTE or SECOND"
                       : unit == KW_HOUR ? "MINUTE or SECOND" : "SECOND");
        goto fail;
    }
    return t;
fail:
    type_free(t);
    return NULL;
}

static bool has_non_space(const char *s)
{
    for (; *s; s++)
        if (!isspace((unsigned char)*s)) return true;
    return false;
}

/* name type ['comment'], ... up to the closing token (not consumed). */
static bool parse_fields(parser_t *p, type_t *row, tok_kind_t close)
{
    bool first = true;
    while (peek(p)->kind != close) {
        if (!first && !expect(p, TK_COMMA, close == TK_GT ? "',' or '>'" : "',' or ')'")) return false;
        first = false;
        const token_t *nt = peek(p);
        if (nt->kind != TK_IDENT) {
            if (nt->kind == TK_KEYWORD) {
                fail_at(p, nt->off, "field name expected but found keyword %s (quote it: `%s`)",
                        KEYWORDS[nt->kw], KEYWORDS[nt->kw]);
            } else {
                fail_expected(p, "field name");
            }
            return false;
        }
        if (!has_non_space(nt->text)) {
            fail_at(p, nt->off, "Field names must contain at least one non-whitespace character");
            return false;
        }
        if (type_field_index(row, nt->text) >= 0) {
            fail_at(p, nt->off, "Field names must be unique. Found duplicates: [%s]", nt->text);
            return false;
        }
        next(p);
        type_t *ft = parse_type(p);
        if (!ft) return false;
        const char *desc = NULL;
        if (peek(p)->kind == TK_STRING) desc = next(p)->text;
        type_add_field(row, nt->text, ft, desc);
    }
    return true;
}

static type_t *parse_by_keyword(parser_t *p)
{
    const token_t *t = peek(p);
    if (t->kind == TK_IDENT) {
        fail_at(p, t->off, "unknown type '%s' (user-defined types are not supported)", t->text);
        return NULL;
    }
    if (t->kind != TK_KEYWORD) {
        fail_expected(p, "type");
        return NULL;
    }
    next(p);
    type_t *r = NULL;
    switch (t->kw) {
    case KW_CHAR:
        return parse_length_type(p, TYPE_CHAR, "Character string length must be between %ld and %ld (both inclusive)");
    case KW_VARCHAR:
        return parse_length_type(p, TYPE_VARCHAR, "Variable character string length must be between %ld and %ld (both inclusive)");
    case KW_STRING:
        r = type_new(TYPE_VARCHAR, true);
        r->precision = TYPE_MAX_LENGTH;
        return r;
    case KW_BINARY:
        return parse_length_type(p, TYPE_BINARY, "Binary string length must be between %ld and %ld (both inclusive)");
    case KW_VARBINARY:
        return parse_length_type(p, TYPE_VARBINARY, "Variable binary string length must be between %ld and %ld (both inclusive)");
    case KW_BYTES:
        r = type_new(TYPE_VARBINARY, true);
        r->precision = TYPE_MAX_LENGTH;
        return r;
    case KW_BOOLEAN: return type_new(TYPE_BOOLEAN, true);
    case KW_DECIMAL: case KW_NUMERIC: case KW_DEC: return parse_decimal(p);
    case KW_TINYINT: return type_new(TYPE_TINYINT, true);
    case KW_SMALLINT: return type_new(TYPE_SMALLINT, true);
    case KW_INT: case KW_INTEGER: return type_new(TYPE_INT, true);
    case KW_BIGINT: return type_new(TYPE_BIGINT, true);
    case KW_FLOAT: return type_new(TYPE_FLOAT, true);
    case KW_DOUBLE:
        if (peek_kw(p, 0, KW_PRECISION)) next(p);
        return type_new(TYPE_DOUBLE, true);
    case KW_DATE: return type_new(TYPE_DATE, true);
    case KW_TIME: return parse_time(p);
    case KW_TIMESTAMP: return parse_timestamp(p);
    case KW_TIMESTAMP_LTZ:
        r = type_new(TYPE_TIMESTAMP_LTZ, true);
        r->precision = 6;
        if (!parse_opt_precision(p, &r->precision, 0, 9,
                                 "Timestamp with local time zone precision must be between %ld and %ld (both inclusive)")) {
            type_free(r);
            return NULL;
        }
        return r;
    case KW_INTERVAL: return parse_interval(p);
    case KW_ARRAY:
    case KW_MULTISET:
        r = type_new(t->kw == KW_ARRAY ? TYPE_ARRAY : TYPE_MULTISET, true);
        if (!expect(p, TK_LT, "'<'") || !(r->elem = parse_type(p)) || !expect(p, TK_GT, "'>'")) {
            type_free(r);
            return NULL;
        }
        return r;
    case KW_MAP:
        r = type_new(TYPE_MAP, true);
        if (!expect(p, TK_LT, "'<'") || !(r->elem = parse_type(p)) || !expect(p, TK_COMMA, "','") ||
            !(r->value = parse_type(p)) || !expect(p, TK_GT, "'>'")) {
            type_free(r);
            return NULL;
        }
        return r;
    case KW_ROW: {
        r = type_new(TYPE_ROW, true);
        tok_kind_t close = TK_GT;
        if (peek(p)->kind == TK_LPAREN) {
            close = TK_RPAREN;
        } else if (peek(p)->kind != TK_LT) {
            fail_expected(p, "'<' or '('");
            type_free(r);
            return NULL;
        }
        next(p);
        if (!parse_fields(p, r, close)) {
            type_free(r);
            return NULL;
        }
        next(p);
        return r;
    }
    case KW_STRUCTURED:
        r = type_new(TYPE_STRUCTURED, true);
        if (!expect(p, TK_LT, "'<'")) goto fail;
        if (peek(p)->kind != TK_STRING) {
            fail_expected(p, "class name string");
            goto fail;
        }
        r->class_name = xstrdup(next(p)->text);
        if (peek(p)->kind == TK_COMMA) {
            next(p);
            if (!parse_fields(p, r, TK_GT)) goto fail;
        }
        if (!expect(p, TK_GT, "'>'")) goto fail;
        return r;
    case KW_RAW:
        r = type_new(TYPE_RAW, true);
        if (!expect(p, TK_LPAREN, "'('")) goto fail;
        if (peek(p)->kind != TK_STRING) {
            fail_expected(p, "class name string");
            goto fail;
        }
        r->class_name = xstrdup(next(p)->text);
        if (peek(p)->kind == TK_COMMA) {
            next(p);
            if (peek(p)->kind != TK_STRING) {
                fail_expected(p, "serializer snapshot string");
                goto fail;
            }
            r->raw_snapshot = xstrdup(next(p)->text);
        }
        if (!expect(p, TK_RPAREN, "')'")) goto fail;
        return r;
    case KW_NULL: return type_new(TYPE_NULL, true);
    case KW_DESCRIPTOR: return type_new(TYPE_DESCRIPTOR, true);
    case KW_LEGACY: case KW_VARIANT: case KW_BITMAP:
        fail_at(p, t->off, "unsupported type %s", KEYWORDS[t->kw]);
        return NULL;
    default:
        fail_at(p, t->off, "type expected but found keyword %s", KEYWORDS[t->kw]);
        return NULL;
    }
fail:
    type_free(r);
    return NULL;
}

/* [NOT NULL | NULL]; NOT NULL on the NULL type is an error as in Flink. */
static bool parse_nullability(parser_t *p, type_t *t)
{
    if (peek_kw(p, 0, KW_NOT) && peek_kw(p, 1, KW_NULL)) {
        if (t->id == TYPE_NULL) {
            fail_at(p, peek(p)->off, "NULL type is always nullable");
            return false;
        }
        next(p);
        next(p);
        t->nullable = false;
    } else if (peek_kw(p, 0, KW_NULL)) {
        next(p);
        t->nullable = true;
    }
    return true;
}

static type_t *parse_type(parser_t *p)
{
    if (++p->depth > TYPE_MAX_DEPTH) {
        fail_at(p, peek(p)->off, "type nesting deeper than %d levels", TYPE_MAX_DEPTH);
        return NULL;
    }
    type_t *t = parse_by_keyword(p);
    if (!t || !parse_nullability(p, t)) goto fail;
    /* One suffix only, as in Flink: `INT ARRAY ARRAY` is rejected. */
    if (peek_kw(p, 0, KW_ARRAY) || peek_kw(p, 0, KW_MULTISET)) {
        type_t *c = type_new(next(p)->kw == KW_ARRAY ? TYPE_ARRAY : TYPE_MULTISET, true);
        c->elem = t;
        t = c;
        if (!parse_nullability(p, t)) goto fail;
    }
    p->depth--;
    return t;
fail:
    type_free(t);
    return NULL;
}

type_t *type_parse_n(const char *s, size_t len, char *err, size_t errlen)
{
    parser_t p = {.s = s, .len = len, .err = err, .errlen = errlen};
    if (err && errlen) err[0] = '\0';
    type_t *t = NULL;
    if (tokenize(&p)) {
        t = parse_type(&p);
        if (t && peek(&p)->kind != TK_END) {
            fail_expected(&p, "end of type");
            type_free(t);
            t = NULL;
        }
    }
    for (size_t i = 0; i < p.ntoks; i++) free(p.toks[i].text);
    free(p.toks);
    return t;
}

type_t *type_parse(const char *s, char *err, size_t errlen)
{
    return type_parse_n(s, strlen(s), err, errlen);
}

/* sql_parser.c - recursive-descent parser for ptfhost's Flink SQL (sql.h).
 *
 * One function per grammar rule, reading top to bottom like the grammar in
 * sql.h. Tokens come from sql_lexer.c as an array, so lookahead is free.
 *
 * Errors: the first error ends the parse. Every rule would otherwise have to
 * check and forward a failure, so instead the error is formatted into the
 * caller's buffer and longjmp() returns to sqlp_parse_script_n(). That is
 * safe because every allocation is in the caller's arena (nothing to free on
 * the way out) and the token array is freed by the function that setjmp'ed.
 *
 * "Was expecting": every test of the current token for an alternative
 * (at_kw, at, at_ident) records what it looked for. When the parse fails at
 * that token, the recorded alternatives are exactly what would have been
 * accepted there, which is what Calcite lists in its messages too. Checks that
 * only look for unsupported constructs use is_kw(), which records nothing. */
#include "sql/sql.h"
#include "sql/sql_lexer.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/utf8.h"

#define MAX_DEPTH 100     /* nesting of expressions/queries; deeper input is refused, not a stack overflow */
#define MAX_EXPECT 24

static const char SUPPORTED_STATEMENTS[] =
    "CREATE TABLE, CREATE VIEW, CREATE FUNCTION, DROP TABLE, DROP VIEW, DROP FUNCTION, ADD JAR, "
    "SHOW TABLES, SHOW [USER] FUNCTIONS, DESCRIBE, SET, RESET, USE, SELECT, INSERT INTO, "
    "EXECUTE STATEMENT SET, CREATE / DROP CATALOG and DATABASE, USE CATALOG, "
    "SHOW CATALOGS / DATABASES / CURRENT CATALOG / CURRENT DATABASE / CREATE TABLE";

static const char QUERY_SHAPE[] =
    "ptfhost runs SELECT ... FROM one table, view, subquery, VALUES or function call, "
    "with an optional WHERE";

typedef struct expect {
    const char *what;
    bool keyword;    /* print quoted: "FROM" */
} expect_t;

typedef struct parser {
    arena_t *a;
    const char *text;
    size_t len;
    const char *filename;
    sqlp_token_t *toks;
    int ntoks, i;
    int exp_tok;                 /* token index the expectations below refer to */
    int nexp;
    expect_t exp[MAX_EXPECT];
    int implicit_alias_tok;      /* index of the last alias written without AS, or -1 */
    int depth;
    char *err;
    size_t errlen;
    jmp_buf fail;
} parser_t;

/* Growable arrays in the arena: a full array is copied into one twice as
 * big; the old copy is garbage until the arena goes, at most as much again. */
typedef struct vec {
    void *items;
    int n, cap;
} vec_t;

static void *vec_push(parser_t *p, vec_t *v, size_t elem)
{
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 4;
        void *items = arena_alloc(p->a, (size_t)cap * elem);
        if (v->n)
            memcpy(items, v->items, (size_t)v->n * elem);
        v->items = items;
        v->cap = cap;
    }
    void *slot = (char *)v->items + (size_t)v->n++ * elem;
    memset(slot, 0, elem);
    return slot;
}

#define VEC_PUSH(p, v, type) ((type *)vec_push((p), (v), sizeof(type)))

/* ---- tokens and expectations ------------------------------------------- */

static const sqlp_token_t *cur(const parser_t *p)
{
    return &p->toks[p->i];
}

static const sqlp_token_t *peek(const parser_t *p, int k)
{
    int j = p->i + k;
    return &p->toks[j < p->ntoks ? j : p->ntoks - 1];
}

static const sqlp_token_t *advance(parser_t *p)
{
    const sqlp_token_t *t = cur(p);
    if (t->kind != SQLP_TK_EOF)
        p->i++;
    return t;
}

/* Byte offset just past the last consumed token. */
static size_t prev_end(const parser_t *p)
{
    if (p->i == 0)
        return 0;
    const sqlp_token_t *t = &p->toks[p->i - 1];
    return t->pos.offset + t->len;
}

static void note(parser_t *p, const char *what, bool keyword)
{
    if (p->exp_tok != p->i) {
        p->exp_tok = p->i;
        p->nexp = 0;
    }
    for (int k = 0; k < p->nexp; k++)
        if (strcmp(p->exp[k].what, what) == 0)
            return;
    if (p->nexp < MAX_EXPECT)
        p->exp[p->nexp++] = (expect_t){what, keyword};
}

static bool is_kw(const parser_t *p, const char *kw)
{
    return sqlp_tok_is_kw(cur(p), kw);
}

static bool at_kw(parser_t *p, const char *kw)
{
    if (is_kw(p, kw))
        return true;
    note(p, kw, true);
    return false;
}

static bool accept_kw(parser_t *p, const char *kw)
{
    if (!at_kw(p, kw))
        return false;
    advance(p);
    return true;
}

static bool at(parser_t *p, sqlp_tok_kind_t kind)
{
    if (cur(p)->kind == kind)
        return true;
    note(p, sqlp_tok_kind_desc(kind), false);
    return false;
}

static bool accept(parser_t *p, sqlp_tok_kind_t kind)
{
    if (!at(p, kind))
        return false;
    advance(p);
    return true;
}

static bool tok_is_ident(const sqlp_token_t *t)
{
    return t->kind == SQLP_TK_QIDENT || (t->kind == SQLP_TK_IDENT && !sqlp_is_reserved(t->text, t->len));
}

static bool at_ident(parser_t *p)
{
    if (tok_is_ident(cur(p)))
        return true;
    note(p, "an identifier", false);
    return false;
}

/* ---- errors ------------------------------------------------------------- */

static _Noreturn void fail_at(parser_t *p, sqlp_pos_t pos, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static _Noreturn void fail_at(parser_t *p, sqlp_pos_t pos, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sqlp_vformat_error_text(p->text, p->len, p->filename, pos, len, p->err, p->errlen, fmt, ap);
    va_end(ap);
    longjmp(p->fail, 1);
}

static size_t tok_chars(const sqlp_token_t *t)
{
    return t->kind == SQLP_TK_EOF ? 1 : utf8_count_chars(t->text, t->len);
}

static int edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    int d[32][32];
    if (la >= 32 || lb >= 32)
        return 99;
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int cost = toupper((unsigned char)a[i - 1]) != toupper((unsigned char)b[j - 1]);
            int best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

/* A keyword the misspelt word `s` is probably meant to be, or NULL. */
static const char *near_keyword(const char *s, size_t n, const expect_t *cands, int ncands)
{
    const char *best = NULL;
    int bestd = n <= 4 ? 1 : 2;
    if (n < 3)
        return NULL;
    for (int k = 0; k < ncands; k++) {
        if (!cands[k].keyword)
            continue;
        int d = edit_distance(s, n, cands[k].what, strlen(cands[k].what));
        if (d <= bestd && d > 0) {
            best = cands[k].what;
            bestd = d - 1;   /* a later candidate must be strictly closer */
        }
    }
    return best;
}

/* "SQL parse failed. Encountered "x" at line L, column C." plus what was
 * expected there (Calcite's wording), and a hint when the cause is likely a
 * reserved word used as a name, a misspelt keyword or a misread alias. */
static _Noreturn void fail_expected_hint(parser_t *p, const char *hint)
{
    const sqlp_token_t *t = cur(p);
    char image[64], expected[512], extra[256];
    if (t->kind == SQLP_TK_EOF)
        snprintf(image, sizeof image, "<EOF>");
    else if (t->len > 40)
        snprintf(image, sizeof image, "%.37s...", t->text);
    else
        snprintf(image, sizeof image, "%.*s", (int)t->len, t->text);

    expected[0] = '\0';
    int nexp = p->exp_tok == p->i ? p->nexp : 0;
    bool wanted_ident = false;
    if (nexp > 0) {
        size_t u = (size_t)snprintf(expected, sizeof expected, "\nWas expecting%s", nexp == 1 ? ": " : " one of: ");
        for (int k = 0; k < nexp && u < sizeof expected; k++) {
            const expect_t *e = &p->exp[k];
            if (strcmp(e->what, "an identifier") == 0)
                wanted_ident = true;
            u += (size_t)snprintf(expected + u, sizeof expected - u, e->keyword ? "%s\"%s\"" : "%s%s",
                                  k ? ", " : "", e->what);
        }
    }

    extra[0] = '\0';
    if (hint) {
        snprintf(extra, sizeof extra, "\n%s", hint);
    } else if (t->kind == SQLP_TK_IDENT && wanted_ident && sqlp_is_reserved(t->text, t->len)) {
        snprintf(extra, sizeof extra,
                 "\n\"%s\" is a reserved keyword in Flink SQL; to use it as a name, quote it with backticks: `%s`",
                 image, image);
    } else if (t->kind == SQLP_TK_IDENT && near_keyword(t->text, t->len, p->exp, nexp)) {
        snprintf(extra, sizeof extra, "\nDid you mean \"%s\"?", near_keyword(t->text, t->len, p->exp, nexp));
    } else if (p->implicit_alias_tok >= 0 && p->implicit_alias_tok == p->i - 1) {
        const sqlp_token_t *alias = &p->toks[p->i - 1];
        static const expect_t clause_kws[] = {{"FROM", true}, {"WHERE", true}, {"AS", true}};
        const char *kw = near_keyword(alias->text, alias->len, clause_kws, 3);
        snprintf(extra, sizeof extra, "\n\"%.*s\" was read as an alias of what precedes it%s%s%s",
                 (int)alias->len, alias->text, kw ? "; did you mean \"" : "", kw ? kw : "", kw ? "\"?" : "");
    }
    fail_at(p, t->pos, tok_chars(t), "SQL parse failed. Encountered \"%s\" at line %d, column %d.%s%s", image,
            t->pos.line, t->pos.col, expected, extra);
}

static _Noreturn void fail_expected(parser_t *p)
{
    fail_expected_hint(p, NULL);
}

/* Valid Flink SQL that ptfhost does not run: say so, and what it runs instead. */
static _Noreturn void unsupported(parser_t *p, const sqlp_token_t *t, const char *what, const char *instead)
{
    fail_at(p, t->pos, tok_chars(t), "unsupported: %s (%s)", what, instead);
}

static _Noreturn void unsupported_statement(parser_t *p, const sqlp_token_t *t, const char *what)
{
    fail_at(p, t->pos, tok_chars(t), "unsupported statement: %s (supported: %s)", what, SUPPORTED_STATEMENTS);
}

static const sqlp_token_t *expect_kw(parser_t *p, const char *kw)
{
    if (!at_kw(p, kw))
        fail_expected(p);
    return advance(p);
}

static const sqlp_token_t *expect(parser_t *p, sqlp_tok_kind_t kind)
{
    if (!at(p, kind))
        fail_expected(p);
    return advance(p);
}

static void enter(parser_t *p)
{
    if (++p->depth > MAX_DEPTH)
        fail_at(p, cur(p)->pos, 1, "SQL parse failed: nested too deeply (more than %d levels) at line %d, column %d",
                MAX_DEPTH, cur(p)->pos.line, cur(p)->pos.col);
}

static void leave(parser_t *p)
{
    p->depth--;
}

/* ---- names and literals ------------------------------------------------ */

/* Removes the quotes of a 'string' or `identifier` token and undoubles the
 * escaped quote character. */
static char *unquote(parser_t *p, const sqlp_token_t *t)
{
    char q = t->text[0];
    char *s = arena_alloc(p->a, t->len);
    size_t n = 0;
    for (size_t k = 1; k + 1 < t->len; k++) {
        s[n++] = t->text[k];
        if (t->text[k] == q)
            k++;
    }
    s[n] = '\0';
    return s;
}

static sqlp_ident_t ident_from(parser_t *p, const sqlp_token_t *t)
{
    sqlp_ident_t id;
    id.quoted = t->kind == SQLP_TK_QIDENT;
    id.name = id.quoted ? unquote(p, t) : arena_strndup(p->a, t->text, t->len);
    id.pos = t->pos;
    return id;
}

static sqlp_ident_t parse_ident(parser_t *p)
{
    if (!at_ident(p))
        fail_expected(p);
    return ident_from(p, advance(p));
}

static sqlp_ident_t *parse_ident_ptr(parser_t *p)
{
    sqlp_ident_t *id = arena_alloc(p->a, sizeof *id);
    *id = parse_ident(p);
    return id;
}

static sqlp_name_t parse_name(parser_t *p)
{
    vec_t parts = {0};
    *VEC_PUSH(p, &parts, sqlp_ident_t) = parse_ident(p);
    while (cur(p)->kind == SQLP_TK_DOT && tok_is_ident(peek(p, 1))) {
        advance(p);
        *VEC_PUSH(p, &parts, sqlp_ident_t) = parse_ident(p);
    }
    sqlp_name_t n = {parts.n, parts.items, ((sqlp_ident_t *)parts.items)[0].pos};
    return n;
}

/* ( ident [, ident]... ) */
static sqlp_ident_t *parse_ident_list(parser_t *p, int *n)
{
    vec_t v = {0};
    expect(p, SQLP_TK_LPAREN);
    do
        *VEC_PUSH(p, &v, sqlp_ident_t) = parse_ident(p);
    while (accept(p, SQLP_TK_COMMA));
    expect(p, SQLP_TK_RPAREN);
    *n = v.n;
    return v.items;
}

static sqlp_str_t parse_string(parser_t *p)
{
    if (!at(p, SQLP_TK_STRING))
        fail_expected(p);
    const sqlp_token_t *t = advance(p);
    sqlp_str_t s = {unquote(p, t), t->pos};
    return s;
}

static sqlp_str_t *parse_string_ptr(parser_t *p)
{
    sqlp_str_t *s = arena_alloc(p->a, sizeof *s);
    *s = parse_string(p);
    return s;
}

static sqlp_text_t text_span(parser_t *p, sqlp_pos_t start, size_t end)
{
    sqlp_text_t t;
    t.len = end > start.offset ? end - start.offset : 0;
    t.text = arena_strndup(p->a, p->text + start.offset, t.len);
    t.pos = start;
    return t;
}

/* ---- expressions ------------------------------------------------------- */

static sqlp_expr_t *parse_expr(parser_t *p);
static sqlp_query_t *parse_query(parser_t *p);
static sqlp_expr_t *parse_add(parser_t *p);

static sqlp_expr_t *new_expr(parser_t *p, sqlp_expr_kind_t kind, sqlp_pos_t pos)
{
    sqlp_expr_t *e = arena_calloc(p->a, 1, sizeof *e);
    e->kind = kind;
    e->pos = pos;
    return e;
}

static sqlp_expr_t *done(parser_t *p, sqlp_expr_t *e)
{
    e->end = prev_end(p);
    return e;
}

static bool starts_query(const sqlp_token_t *t)
{
    return sqlp_tok_is_kw(t, "SELECT") || sqlp_tok_is_kw(t, "WITH") || sqlp_tok_is_kw(t, "VALUES");
}

static void set_numeric(sqlp_literal_t *lit)
{
    if (lit->kind == SQLP_LIT_INTEGER) {
        errno = 0;
        char *end;
        long long v = strtoll(lit->text, &end, 10);
        lit->fits_int64 = errno == 0 && *end == '\0';
        lit->i = lit->fits_int64 ? (int64_t)v : 0;
    }
    lit->d = strtod(lit->text, NULL);
}

static sqlp_expr_t *numeric_literal(parser_t *p)
{
    const sqlp_token_t *t = advance(p);
    sqlp_expr_t *e = new_expr(p, SQLP_E_LITERAL, t->pos);
    e->u.lit.kind = t->kind == SQLP_TK_INTEGER ? SQLP_LIT_INTEGER
                    : t->kind == SQLP_TK_DECIMAL ? SQLP_LIT_DECIMAL
                                                 : SQLP_LIT_DOUBLE;
    e->u.lit.text = arena_strndup(p->a, t->text, t->len);
    set_numeric(&e->u.lit);
    return done(p, e);
}

/* -5 is one literal, not NEG(5): the planner sees "-5" like Calcite does. */
static void negate_literal(parser_t *p, sqlp_expr_t *e)
{
    const char *t = e->u.lit.text;
    if (t[0] == '-') {
        e->u.lit.text = t + 1;
    } else {
        size_t n = strlen(t);
        char *s = arena_alloc(p->a, n + 2);
        s[0] = '-';
        memcpy(s + 1, t, n + 1);
        e->u.lit.text = s;
    }
    set_numeric(&e->u.lit);
}

static bool is_numeric_literal(const sqlp_expr_t *e)
{
    return e->kind == SQLP_E_LITERAL &&
           (e->u.lit.kind == SQLP_LIT_INTEGER || e->u.lit.kind == SQLP_LIT_DECIMAL ||
            e->u.lit.kind == SQLP_LIT_DOUBLE);
}

/* ---- INTERVAL literals --- */

typedef struct unit_name {
    const char *name;
    sqlp_time_unit_t unit;
} unit_name_t;

static const unit_name_t UNITS[] = {
    {"YEAR", SQLP_UNIT_YEAR}, {"YEARS", SQLP_UNIT_YEAR}, {"QUARTER", SQLP_UNIT_QUARTER},
    {"QUARTERS", SQLP_UNIT_QUARTER}, {"MONTH", SQLP_UNIT_MONTH}, {"MONTHS", SQLP_UNIT_MONTH},
    {"WEEK", SQLP_UNIT_WEEK}, {"WEEKS", SQLP_UNIT_WEEK}, {"DAY", SQLP_UNIT_DAY}, {"DAYS", SQLP_UNIT_DAY},
    {"HOUR", SQLP_UNIT_HOUR}, {"HOURS", SQLP_UNIT_HOUR}, {"MINUTE", SQLP_UNIT_MINUTE},
    {"MINUTES", SQLP_UNIT_MINUTE}, {"SECOND", SQLP_UNIT_SECOND}, {"SECONDS", SQLP_UNIT_SECOND},
    {"MILLISECOND", SQLP_UNIT_MILLISECOND}, {"MILLISECONDS", SQLP_UNIT_MILLISECOND},
};

static sqlp_time_unit_t parse_time_unit(parser_t *p)
{
    for (size_t k = 0; k < sizeof UNITS / sizeof UNITS[0]; k++)
        if (is_kw(p, UNITS[k].name)) {
            advance(p);
            /* An optional precision, e.g. SECOND(3) or DAY(2): accepted, not needed. */
            if (cur(p)->kind == SQLP_TK_LPAREN && peek(p, 1)->kind == SQLP_TK_INTEGER) {
                advance(p);
                advance(p);
                if (accept(p, SQLP_TK_COMMA))
                    expect(p, SQLP_TK_INTEGER);
                expect(p, SQLP_TK_RPAREN);
            }
            return UNITS[k].unit;
        }
    static const char *const singular[] = {"YEAR", "QUARTER", "MONTH", "WEEK", "DAY",
                                           "HOUR", "MINUTE", "SECOND", "MILLISECOND"};
    for (size_t k = 0; k < sizeof singular / sizeof singular[0]; k++)
        note(p, singular[k], true);
    fail_expected(p);
}

static int64_t unit_ms(sqlp_time_unit_t u)
{
    switch (u) {
    case SQLP_UNIT_WEEK: return 7LL * 86400000;
    case SQLP_UNIT_DAY: return 86400000;
    case SQLP_UNIT_HOUR: return 3600000;
    case SQLP_UNIT_MINUTE: return 60000;
    case SQLP_UNIT_SECOND: return 1000;
    case SQLP_UNIT_MILLISECOND: return 1;
    default: return 0;
    }
}

/* Reads the interval string against a pattern of fields and separators:
 * Y years, M months, D days, H hours, m minutes, S seconds (with an
 * optional .fraction), F milliseconds, W weeks, Q quarters. Returns false
 * if the string does not match or a field is out of range. */
static bool interval_value(const char *s, const char *pattern, bool *year_month, int64_t *value)
{
    int64_t total = 0;
    bool neg = false;
    while (*s == ' ')
        s++;
    if (*s == '-' || *s == '+')
        neg = *s++ == '-';
    bool first = true;
    for (const char *f = pattern; *f; f++) {
        if (!isalpha((unsigned char)*f)) {
            if (*f == ' ') {
                if (*s != ' ')
                    return false;
                while (*s == ' ')
                    s++;
            } else if (*s++ != *f) {
                return false;
            }
            continue;
        }
        if (!isdigit((unsigned char)*s))
            return false;
        int64_t v = 0;
        int digits = 0;
        while (isdigit((unsigned char)*s)) {
            if (++digits > 12)
                return false;
            v = v * 10 + (*s++ - '0');
        }
        int64_t ms_frac = 0;
        if (*f == 'S' && *s == '.') {
            s++;
            int k = 0;
            while (isdigit((unsigned char)*s)) {
                if (k < 3)
                    ms_frac = ms_frac * 10 + (*s - '0');
                k++;
                s++;
            }
            for (; k < 3; k++)
                ms_frac *= 10;
        }
        /* Fields after the first are bounded by the next coarser unit. */
        if (!first && ((*f == 'M' && v > 11) || (*f == 'H' && v > 23) || (*f == 'm' && v > 59) ||
                       (*f == 'S' && v > 59)))
            return false;
        first = false;
        switch (*f) {
        case 'Y': total += v * 12; break;
        case 'Q': total += v * 3; break;
        case 'M': total += v; break;
        case 'W': total += v * unit_ms(SQLP_UNIT_WEEK); break;
        case 'D': total += v * unit_ms(SQLP_UNIT_DAY); break;
        case 'H': total += v * unit_ms(SQLP_UNIT_HOUR); break;
        case 'm': total += v * unit_ms(SQLP_UNIT_MINUTE); break;
        case 'S': total += v * 1000 + ms_frac; break;
        case 'F': total += v; break;
        }
    }
    while (*s == ' ')
        s++;
    if (*s)
        return false;
    *year_month = strchr(pattern, 'Y') || strchr(pattern, 'Q') || strchr(pattern, 'M');
    *value = neg ? -total : total;
    return true;
}

static const char *interval_pattern(sqlp_time_unit_t start, sqlp_time_unit_t end)
{
    if (start == end) {
        switch (start) {
        case SQLP_UNIT_YEAR: return "Y";
        case SQLP_UNIT_QUARTER: return "Q";
        case SQLP_UNIT_MONTH: return "M";
        case SQLP_UNIT_WEEK: return "W";
        case SQLP_UNIT_DAY: return "D";
        case SQLP_UNIT_HOUR: return "H";
        case SQLP_UNIT_MINUTE: return "m";
        case SQLP_UNIT_SECOND: return "S";
        case SQLP_UNIT_MILLISECOND: return "F";
        }
    }
    if (start == SQLP_UNIT_YEAR && end == SQLP_UNIT_MONTH) return "Y-M";
    if (start == SQLP_UNIT_DAY && end == SQLP_UNIT_HOUR) return "D H";
    if (start == SQLP_UNIT_DAY && end == SQLP_UNIT_MINUTE) return "D H:m";
    if (start == SQLP_UNIT_DAY && end == SQLP_UNIT_SECOND) return "D H:m:S";
    if (start == SQLP_UNIT_HOUR && end == SQLP_UNIT_MINUTE) return "H:m";
    if (start == SQLP_UNIT_HOUR && end == SQLP_UNIT_SECOND) return "H:m:S";
    if (start == SQLP_UNIT_MINUTE && end == SQLP_UNIT_SECOND) return "m:S";
    return NULL;
}

static const char *interval_example(sqlp_time_unit_t start, sqlp_time_unit_t end)
{
    const char *pat = interval_pattern(start, end);
    if (!pat) return "";
    if (!strcmp(pat, "Y-M")) return "'1-6'";
    if (!strcmp(pat, "D H")) return "'1 12'";
    if (!strcmp(pat, "D H:m")) return "'1 12:30'";
    if (!strcmp(pat, "D H:m:S")) return "'1 12:30:15.250'";
    if (!strcmp(pat, "H:m")) return "'12:30'";
    if (!strcmp(pat, "H:m:S")) return "'12:30:15.250'";
    if (!strcmp(pat, "m:S")) return "'30:15.250'";
    if (!strcmp(pat, "S")) return "'5' or '1.5'";
    return "'5'";
}

/* INTERVAL [+|-] 'value' unit [TO unit] */
static sqlp_expr_t *parse_interval(parser_t *p)
{
    const sqlp_token_t *kw = advance(p);
    sqlp_expr_t *e = new_expr(p, SQLP_E_LITERAL, kw->pos);
    bool negate = false;
    if (cur(p)->kind == SQLP_TK_MINUS || cur(p)->kind == SQLP_TK_PLUS)
        negate = advance(p)->kind == SQLP_TK_MINUS;
    if (cur(p)->kind != SQLP_TK_STRING) {
        note(p, sqlp_tok_kind_desc(SQLP_TK_STRING), false);
        fail_expected_hint(p, "An interval is written INTERVAL 'n' unit, e.g. INTERVAL '5' SECOND.");
    }
    sqlp_str_t str = parse_string(p);
    sqlp_interval_t iv;
    iv.string = str.value;
    iv.start = iv.end = parse_time_unit(p);
    if (accept_kw(p, "TO"))
        iv.end = parse_time_unit(p);
    const char *pattern = interval_pattern(iv.start, iv.end);
    char qualifier[48];
    if (iv.start == iv.end)
        snprintf(qualifier, sizeof qualifier, "%s", sqlp_time_unit_name(iv.start));
    else
        snprintf(qualifier, sizeof qualifier, "%s TO %s", sqlp_time_unit_name(iv.start), sqlp_time_unit_name(iv.end));
    if (!pattern)
        fail_at(p, kw->pos, 8,
                "SQL parse failed. Illegal interval qualifier INTERVAL %s (valid: a single unit, YEAR TO MONTH, "
                "DAY TO HOUR|MINUTE|SECOND, HOUR TO MINUTE|SECOND, MINUTE TO SECOND)",
                qualifier);
    if (!interval_value(str.value, pattern, &iv.year_month, &iv.value))
        fail_at(p, str.pos, utf8_count_chars(str.value, strlen(str.value)) + 2,
                "Illegal interval literal format '%s' for INTERVAL %s (write e.g. INTERVAL %s %s)", str.value,
                qualifier, interval_example(iv.start, iv.end), qualifier);
    if (negate)
        iv.value = -iv.value;
    e->u.lit.kind = SQLP_LIT_INTERVAL;
    e->u.lit.interval = iv;
    done(p, e);
    e->u.lit.text = arena_strndup(p->a, p->text + e->pos.offset, e->end - e->pos.offset);
    return e;
}

/* The exact source of a type, up to where the type ends: for a column
 * definition at ',' or ')' outside brackets, or at a keyword that starts the
 * rest of the column (PRIMARY, CONSTRAINT, COMMENT, METADATA); for CAST at the
 * closing ')'; for RETURNING also at the start of a JSON clause. NOT NULL is
 * part of the type in Flink's grammar and stays in. */
typedef enum { TYPE_IN_CAST, TYPE_IN_COLUMN, TYPE_IN_RETURNING } type_context_t;

static bool ends_returning_type(parser_t *p)
{
    static const char *const words[] = {"DEFAULT", "ERROR", "EMPTY", "WITH", "WITHOUT", "NULL"};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (is_kw(p, words[k]) && !(k == 5 && p->i > 0 && sqlp_tok_is_kw(&p->toks[p->i - 1], "NOT")))
            return true;
    return false;
}

static sqlp_text_t capture_type(parser_t *p, type_context_t where)
{
    bool in_column = where == TYPE_IN_COLUMN;
    const sqlp_token_t *first = cur(p);
    int depth = 0;
    for (;;) {
        const sqlp_token_t *t = cur(p);
        if (t->kind == SQLP_TK_EOF || t->kind == SQLP_TK_SEMI)
            break;
        if (depth == 0) {
            if (t->kind == SQLP_TK_COMMA || t->kind == SQLP_TK_RPAREN)
                break;
            if (in_column && (is_kw(p, "PRIMARY") || is_kw(p, "CONSTRAINT") || is_kw(p, "COMMENT") ||
                              is_kw(p, "METADATA")))
                break;
            if (where == TYPE_IN_RETURNING && ends_returning_type(p))
                break;
        }
        if (t->kind == SQLP_TK_LPAREN || t->kind == SQLP_TK_LT)
            depth++;
        else if (t->kind == SQLP_TK_RPAREN || t->kind == SQLP_TK_GT)
            depth--;
        advance(p);
    }
    if (cur(p) == first) {
        note(p, "a data type", false);
        fail_expected(p);
    }
    return text_span(p, first->pos, prev_end(p));
}

/* CAST(expr AS type) and TRY_CAST(...) */
static sqlp_expr_t *parse_cast(parser_t *p)
{
    const sqlp_token_t *kw = advance(p);
    sqlp_expr_t *e = new_expr(p, SQLP_E_CAST, kw->pos);
    e->u.cast.try_cast = sqlp_tok_is_kw(kw, "TRY_CAST");
    expect(p, SQLP_TK_LPAREN);
    e->u.cast.a = parse_expr(p);
    expect_kw(p, "AS");
    e->u.cast.type = capture_type(p, TYPE_IN_CAST);
    expect(p, SQLP_TK_RPAREN);
    return done(p, e);
}

static sqlp_expr_t *parse_case(parser_t *p)
{
    const sqlp_token_t *kw = advance(p);
    sqlp_expr_t *e = new_expr(p, SQLP_E_CASE, kw->pos);
    if (!at_kw(p, "WHEN"))
        e->u.case_.operand = parse_expr(p);
    vec_t whens = {0};
    while (accept_kw(p, "WHEN")) {
        sqlp_when_t *w = VEC_PUSH(p, &whens, sqlp_when_t);
        w->when = parse_expr(p);
        expect_kw(p, "THEN");
        w->then = parse_expr(p);
    }
    if (whens.n == 0)
        fail_expected(p);
    if (accept_kw(p, "ELSE"))
        e->u.case_.else_ = parse_expr(p);
    expect_kw(p, "END");
    e->u.case_.nwhen = whens.n;
    e->u.case_.whens = whens.items;
    return done(p, e);
}

/* expr [, expr]... up to (not including) `close` */
static sqlp_expr_t **parse_expr_list(parser_t *p, sqlp_tok_kind_t close, int *n)
{
    vec_t v = {0};
    if (cur(p)->kind != close) {
        do
            *VEC_PUSH(p, &v, sqlp_expr_t *) = parse_expr(p);
        while (accept(p, SQLP_TK_COMMA));
    }
    expect(p, close);
    *n = v.n;
    return v.items;
}

static sqlp_expr_t *parse_constructor(parser_t *p, sqlp_expr_kind_t kind, sqlp_tok_kind_t open,
                                      sqlp_tok_kind_t close)
{
    const sqlp_token_t *kw = advance(p);
    sqlp_expr_t *e = new_expr(p, kind, kw->pos);
    expect(p, open);
    if (starts_query(cur(p)))
        unsupported(p, cur(p), "a subquery in a constructor", QUERY_SHAPE);
    e->u.list.items = parse_expr_list(p, close, &e->u.list.n);
    if (kind == SQLP_E_MAP && e->u.list.n % 2 != 0)
        fail_at(p, e->pos, 3, "SQL parse failed. MAP[...] needs an even number of arguments: key, value, key, value, ...");
    return done(p, e);
}

static sqlp_expr_t *parse_descriptor(parser_t *p)
{
    const sqlp_token_t *kw = advance(p);
    sqlp_expr_t *e = new_expr(p, SQLP_E_DESCRIPTOR, kw->pos);
    vec_t v = {0};
    expect(p, SQLP_TK_LPAREN);
    do {
        *VEC_PUSH(p, &v, sqlp_ident_t) = parse_ident(p);
        if (at(p, SQLP_TK_DOT))   /* Calcite's wording for DESCRIPTOR(t.c) */
            fail_at(p, cur(p)->pos, 1, "SQL validation failed. column alias must be a simple identifier");
    } while (accept(p, SQLP_TK_COMMA));
    expect(p, SQLP_TK_RPAREN);
    e->u.descriptor.n = v.n;
    e->u.descriptor.cols = v.items;
    return done(p, e);
}

static sqlp_expr_t *symbol(parser_t *p)
{
    const sqlp_token_t *t = cur(p);
    if (t->kind != SQLP_TK_IDENT) {
        note(p, "a time unit", false);
        fail_expected(p);
    }
    advance(p);
    sqlp_expr_t *e = new_expr(p, SQLP_E_SYMBOL, t->pos);
    char *s = arena_strndup(p->a, t->text, t->len);
    for (char *c = s; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    e->u.symbol = s;
    return done(p, e);
}

static void push_arg(parser_t *p, vec_t *args, sqlp_expr_t *value)
{
    VEC_PUSH(p, args, sqlp_arg_t)->value = value;
}

static bool is_time_unit_word(const sqlp_token_t *t)
{
    static const char *const words[] = {"YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND",
                                        "MILLISECOND", "MICROSECOND", "NANOSECOND", "DOW", "DOY", "EPOCH",
                                        "DECADE", "CENTURY", "MILLENNIUM", "ISODOW", "ISOYEAR", "SQL_TSI_DAY"};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (sqlp_tok_is_kw(t, words[k]))
            return true;
    return false;
}

/* A symbol argument the parser names itself (JSON_VALUE's NULL ON EMPTY -> NULL_ON_EMPTY). */
static sqlp_expr_t *named_symbol(parser_t *p, sqlp_pos_t pos, const char *text)
{
    sqlp_expr_t *e = new_expr(p, SQLP_E_SYMBOL, pos);
    e->u.symbol = arena_strdup(p->a, text);
    return done(p, e);
}

/* The SQL/JSON clauses after a JSON function's path, as symbols: RETURNING t
 * (the symbol, then CAST(NULL AS t)), [ARRAY] WRAPPER variants, and
 * `behaviour ON EMPTY|ERROR` (DEFAULT's expression follows its symbol). */
static void parse_json_clauses(parser_t *p, vec_t *args)
{
    for (;;) {
        const sqlp_token_t *t = cur(p);
        char sym[48];
        if (accept_kw(p, "RETURNING")) {
            push_arg(p, args, named_symbol(p, t->pos, "RETURNING"));
            sqlp_expr_t *c = new_expr(p, SQLP_E_CAST, t->pos);
            sqlp_expr_t *null = new_expr(p, SQLP_E_LITERAL, t->pos);
            null->u.lit.kind = SQLP_LIT_NULL;
            null->u.lit.text = "NULL";
            c->u.cast.a = done(p, null);
            c->u.cast.type = capture_type(p, TYPE_IN_RETURNING);
            push_arg(p, args, done(p, c));
            continue;
        }
        if (accept_kw(p, "WITHOUT")) {
            accept_kw(p, "ARRAY");
            expect_kw(p, "WRAPPER");
            push_arg(p, args, named_symbol(p, t->pos, "WITHOUT_WRAPPER"));
            continue;
        }
        if (accept_kw(p, "WITH")) {
            const char *kind = accept_kw(p, "CONDITIONAL") ? "CONDITIONAL_WRAPPER" : "UNCONDITIONAL_WRAPPER";
            accept_kw(p, "UNCONDITIONAL");
            accept_kw(p, "ARRAY");
            expect_kw(p, "WRAPPER");
            push_arg(p, args, named_symbol(p, t->pos, kind));
            continue;
        }
        sqlp_expr_t *dflt = NULL;
        if (accept_kw(p, "NULL")) snprintf(sym, sizeof sym, "NULL");
        else if (accept_kw(p, "ERROR")) snprintf(sym, sizeof sym, "ERROR");
        else if (accept_kw(p, "TRUE")) snprintf(sym, sizeof sym, "TRUE");
        else if (accept_kw(p, "FALSE")) snprintf(sym, sizeof sym, "FALSE");
        else if (accept_kw(p, "UNKNOWN")) snprintf(sym, sizeof sym, "UNKNOWN");
        else if (accept_kw(p, "ABSENT")) snprintf(sym, sizeof sym, "ABSENT");
        else if (accept_kw(p, "EMPTY")) {
            if (accept_kw(p, "ARRAY")) snprintf(sym, sizeof sym, "EMPTY_ARRAY");
            else { expect_kw(p, "OBJECT"); snprintf(sym, sizeof sym, "EMPTY_OBJECT"); }
        } else if (accept_kw(p, "DEFAULT")) {
            snprintf(sym, sizeof sym, "DEFAULT");
            dflt = parse_expr(p);
        } else {
            return;
        }
        expect_kw(p, "ON");
        const char *when = accept_kw(p, "EMPTY") ? "EMPTY" : accept_kw(p, "ERROR") ? "ERROR" : NULL;
        if (!when) { expect_kw(p, "NULL"); when = "NULL"; }
        size_t k = strlen(sym);
        snprintf(sym + k, sizeof sym - k, "_ON_%s", when);
        push_arg(p, args, named_symbol(p, t->pos, sym));
        if (dflt) push_arg(p, args, dflt);
    }
}

/* JSON_OBJECT([KEY] k VALUE v, ... [NULL|ABSENT ON NULL]) -> keys and
 * values alternately, then the clause; JSON_ARRAY(v, ... [clause]). */
static void parse_json_constructor(parser_t *p, bool object, vec_t *args)
{
    if (cur(p)->kind == SQLP_TK_RPAREN) return;
    if (!is_kw(p, "NULL") || !(sqlp_tok_is_kw(peek(p, 1), "ON"))) {
        if (!is_kw(p, "ABSENT"))
            do {
                if (object) {
                    accept_kw(p, "KEY");
                    push_arg(p, args, parse_add(p));
                    expect_kw(p, "VALUE");
                }
                push_arg(p, args, parse_expr(p));
            } while (accept(p, SQLP_TK_COMMA));
    }
    parse_json_clauses(p, args);
}

/* Functions with SQL's keyword syntax inside the parentheses. They become
 * ordinary calls: EXTRACT(DAY FROM x) -> EXTRACT(DAY, x),
 * POSITION(a IN b) -> POSITION(a, b), TRIM(LEADING 'x' FROM s) ->
 * TRIM(LEADING, 'x', s), SUBSTRING(s FROM 2 FOR 3) -> SUBSTRING(s, 2, 3),
 * CEIL(x TO DAY) -> CEIL(x, DAY), TIMESTAMPADD(DAY, 1, t) keeps DAY as a
 * symbol. Returns false if `name` is not one of them. */
static bool parse_special_args(parser_t *p, const char *name, vec_t *args)
{
    if (!strcmp(name, "EXTRACT")) {
        push_arg(p, args, symbol(p));
        expect_kw(p, "FROM");
        push_arg(p, args, parse_expr(p));
    } else if (!strcmp(name, "POSITION")) {
        push_arg(p, args, parse_add(p));
        expect_kw(p, "IN");
        push_arg(p, args, parse_expr(p));
    } else if (!strcmp(name, "TRIM")) {
        if (is_kw(p, "BOTH") || is_kw(p, "LEADING") || is_kw(p, "TRAILING")) {
            push_arg(p, args, symbol(p));
            if (!accept_kw(p, "FROM")) {
                push_arg(p, args, parse_expr(p));
                expect_kw(p, "FROM");
            }
            push_arg(p, args, parse_expr(p));
        } else {
            sqlp_expr_t *first = parse_expr(p);
            push_arg(p, args, first);
            if (accept_kw(p, "FROM"))
                push_arg(p, args, parse_expr(p));
        }
    } else if (!strcmp(name, "SUBSTRING")) {
        push_arg(p, args, parse_expr(p));
        if (accept_kw(p, "FROM")) {
            push_arg(p, args, parse_expr(p));
            if (accept_kw(p, "FOR"))
                push_arg(p, args, parse_expr(p));
        } else {
            while (accept(p, SQLP_TK_COMMA))
                push_arg(p, args, parse_expr(p));
        }
    } else if (!strcmp(name, "OVERLAY")) {
        push_arg(p, args, parse_expr(p));
        expect_kw(p, "PLACING");
        push_arg(p, args, parse_expr(p));
        expect_kw(p, "FROM");
        push_arg(p, args, parse_expr(p));
        if (accept_kw(p, "FOR"))
            push_arg(p, args, parse_expr(p));
    } else if (!strcmp(name, "CEIL") || !strcmp(name, "CEILING") || !strcmp(name, "FLOOR")) {
        push_arg(p, args, parse_expr(p));
        if (accept_kw(p, "TO"))
            push_arg(p, args, symbol(p));
    } else if (!strcmp(name, "JSON_VALUE") || !strcmp(name, "JSON_QUERY") || !strcmp(name, "JSON_EXISTS")) {
        push_arg(p, args, parse_expr(p));
        expect(p, SQLP_TK_COMMA);
        push_arg(p, args, parse_expr(p));
        parse_json_clauses(p, args);
    } else if (!strcmp(name, "JSON_OBJECT") || !strcmp(name, "JSON_ARRAY")) {
        parse_json_constructor(p, !strcmp(name, "JSON_OBJECT"), args);
    } else if (!strcmp(name, "TIMESTAMPADD") || !strcmp(name, "TIMESTAMPDIFF")) {
        if (is_time_unit_word(cur(p)) && peek(p, 1)->kind == SQLP_TK_COMMA)
            push_arg(p, args, symbol(p));
        else
            push_arg(p, args, parse_expr(p));
        while (accept(p, SQLP_TK_COMMA))
            push_arg(p, args, parse_expr(p));
    } else {
        return false;
    }
    return true;
}

/* PARTITION BY col | PARTITION BY col, col | PARTITION BY (col, ...) */
static void parse_partition_by(parser_t *p, sqlp_table_arg_t *ta)
{
    ta->partition_pos = advance(p)->pos;
    expect_kw(p, "BY");
    if (cur(p)->kind == SQLP_TK_LPAREN) {
        ta->partition_by = parse_ident_list(p, &ta->npartition);
        return;
    }
    vec_t v = {0};
    *VEC_PUSH(p, &v, sqlp_ident_t) = parse_ident(p);
    /* Unparenthesised lists continue while a bare name follows the comma: a
     * scalar argument after a table is a literal, a named argument (x =>),
     * DESCRIPTOR(..) or TABLE, never a bare column name. */
    while (cur(p)->kind == SQLP_TK_COMMA && tok_is_ident(peek(p, 1)) && peek(p, 2)->kind != SQLP_TK_ARROW &&
           peek(p, 2)->kind != SQLP_TK_LPAREN && peek(p, 2)->kind != SQLP_TK_DOT) {
        advance(p);
        *VEC_PUSH(p, &v, sqlp_ident_t) = parse_ident(p);
    }
    ta->npartition = v.n;
    ta->partition_by = v.items;
}

static void parse_order_item(parser_t *p, sqlp_order_item_t *o)
{
    o->col = parse_ident(p);
    if (accept_kw(p, "DESC"))
        o->desc = true;
    else
        accept_kw(p, "ASC");
    if (accept_kw(p, "NULLS")) {
        if (accept_kw(p, "FIRST"))
            o->nulls = 1;
        else if (accept_kw(p, "LAST"))
            o->nulls = 2;
        else
            fail_expected(p);
    }
}

/* ORDER BY col [ASC|DESC] | ORDER BY (col [ASC|DESC], ...) */
static void parse_table_order_by(parser_t *p, sqlp_table_arg_t *ta)
{
    ta->order_pos = advance(p)->pos;
    expect_kw(p, "BY");
    vec_t v = {0};
    if (accept(p, SQLP_TK_LPAREN)) {
        do
            parse_order_item(p, VEC_PUSH(p, &v, sqlp_order_item_t));
        while (accept(p, SQLP_TK_COMMA));
        expect(p, SQLP_TK_RPAREN);
    } else {
        parse_order_item(p, VEC_PUSH(p, &v, sqlp_order_item_t));
    }
    ta->norder = v.n;
    ta->order_by = v.items;
}

static void parse_table_arg_tail(parser_t *p, sqlp_table_arg_t *ta)
{
    if (at_kw(p, "PARTITION"))
        parse_partition_by(p, ta);
    if (at_kw(p, "ORDER"))
        parse_table_order_by(p, ta);
}

/* One argument of a call: [name =>] value, where value may also be
 * TABLE t [PARTITION BY ..] [ORDER BY ..], (query) [PARTITION BY ..] or
 * DEFAULT. */
static void parse_arg(parser_t *p, sqlp_arg_t *arg)
{
    if (tok_is_ident(cur(p)) && peek(p, 1)->kind == SQLP_TK_ARROW) {
        arg->name = parse_ident_ptr(p);
        advance(p);
    }
    const sqlp_token_t *t = cur(p);
    if (at_kw(p, "TABLE")) {
        advance(p);
        sqlp_expr_t *e = new_expr(p, SQLP_E_TABLE_ARG, t->pos);
        e->u.table.table = arena_alloc(p->a, sizeof(sqlp_name_t));
        *e->u.table.table = parse_name(p);
        parse_table_arg_tail(p, &e->u.table);
        arg->value = done(p, e);
    } else if (at_kw(p, "DEFAULT")) {
        advance(p);
        arg->value = done(p, new_expr(p, SQLP_E_DEFAULT, t->pos));
    } else if (t->kind == SQLP_TK_LPAREN && starts_query(peek(p, 1))) {
        advance(p);
        sqlp_expr_t *e = new_expr(p, SQLP_E_TABLE_ARG, t->pos);
        e->u.table.query = parse_query(p);
        expect(p, SQLP_TK_RPAREN);
        parse_table_arg_tail(p, &e->u.table);
        arg->value = done(p, e);
    } else {
        arg->value = parse_expr(p);
    }
}

/* OVER ([PARTITION BY col, ...] [ORDER BY col [ASC|DESC], ...]) */
static sqlp_over_t *parse_over(parser_t *p)
{
    sqlp_over_t *w = arena_calloc(p->a, 1, sizeof *w);
    w->pos = advance(p)->pos;
    if (!at(p, SQLP_TK_LPAREN))
        unsupported(p, cur(p), "named OVER windows", QUERY_SHAPE);
    advance(p);
    vec_t parts = {0}, order = {0};
    if (accept_kw(p, "PARTITION")) {
        expect_kw(p, "BY");
        do
            *VEC_PUSH(p, &parts, sqlp_ident_t) = parse_ident(p);
        while (accept(p, SQLP_TK_COMMA));
    }
    if (accept_kw(p, "ORDER")) {
        expect_kw(p, "BY");
        do
            parse_order_item(p, VEC_PUSH(p, &order, sqlp_order_item_t));
        while (accept(p, SQLP_TK_COMMA));
    }
    if (is_kw(p, "ROWS") || is_kw(p, "RANGE"))
        unsupported(p, cur(p), "OVER window frames (ROWS / RANGE)", QUERY_SHAPE);
    expect(p, SQLP_TK_RPAREN);
    w->npartition = parts.n;
    w->partition_by = parts.items;
    w->norder = order.n;
    w->order_by = order.items;
    return w;
}

/* After the function name: ( [DISTINCT] args ) */
static sqlp_expr_t *parse_call(parser_t *p, sqlp_name_t name)
{
    sqlp_expr_t *e = new_expr(p, SQLP_E_CALL, name.pos);
    e->u.call.name = name;
    expect(p, SQLP_TK_LPAREN);
    char upper[32] = "";
    if (name.nparts == 1 && strlen(name.parts[0].name) < sizeof upper && !name.parts[0].quoted)
        for (size_t k = 0; k <= strlen(name.parts[0].name); k++)
            upper[k] = (char)toupper((unsigned char)name.parts[0].name[k]);
    vec_t args = {0};
    if (cur(p)->kind != SQLP_TK_RPAREN && !(upper[0] && parse_special_args(p, upper, &args))) {
        if (accept_kw(p, "DISTINCT"))
            e->u.call.distinct = true;
        else
            accept_kw(p, "ALL");
        if (cur(p)->kind == SQLP_TK_STAR && peek(p, 1)->kind == SQLP_TK_RPAREN) {
            sqlp_expr_t *star = new_expr(p, SQLP_E_STAR, advance(p)->pos);
            push_arg(p, &args, done(p, star));
        } else {
            do
                parse_arg(p, VEC_PUSH(p, &args, sqlp_arg_t));
            while (accept(p, SQLP_TK_COMMA));
        }
    }
    expect(p, SQLP_TK_RPAREN);
    e->u.call.nargs = args.n;
    e->u.call.args = args.items;
    if (is_kw(p, "OVER") && strcmp(upper, "ROW_NUMBER") == 0)
        e->u.call.over = parse_over(p);
    else if (is_kw(p, "OVER"))
        unsupported(p, cur(p), "OVER windows", QUERY_SHAPE);
    if (is_kw(p, "FILTER") || is_kw(p, "WITHIN"))
        unsupported(p, cur(p), "aggregate clauses (FILTER, WITHIN GROUP)", QUERY_SHAPE);
    return done(p, e);
}

/* Reserved words that may still name a built-in function when followed by
 * '(' (COUNT(..), UPPER(..), LEFT(..)): all reserved words except those
 * that structure a statement. */
static bool reserved_callable(const sqlp_token_t *t)
{
    static const char *const structural[] = {
        "SELECT", "FROM", "WHERE", "GROUP", "HAVING", "ORDER", "AND", "OR", "NOT", "IN", "IS", "AS", "TABLE",
        "VALUES", "WITH", "UNION", "EXCEPT", "INTERSECT", "MINUS", "LIKE", "BETWEEN", "ON", "JOIN", "BY", "CASE",
        "WHEN", "THEN", "ELSE", "END", "EXISTS", "PARTITION", "INTO", "INSERT", "CREATE", "DROP", "ALTER", "SET",
        "DISTINCT", "ALL", "NULL", "TRUE", "FALSE", "UNKNOWN", "DEFAULT", "OVER", "WINDOW", "LIMIT", "FETCH",
        "OFFSET", "USING", "LATERAL", "UNNEST", "INTERVAL", "ESCAPE", "FOR", "TO", "SYMMETRIC", "ASYMMETRIC"};
    if (t->kind != SQLP_TK_IDENT || !sqlp_is_reserved(t->text, t->len))
        return false;
    for (size_t k = 0; k < sizeof structural / sizeof structural[0]; k++)
        if (sqlp_tok_is_kw(t, structural[k]))
            return false;
    return true;
}

static bool is_niladic(const sqlp_token_t *t)
{
    static const char *const words[] = {"CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "LOCALTIME",
                                        "LOCALTIMESTAMP", "CURRENT_USER", "SESSION_USER", "SYSTEM_USER",
                                        "USER", "CURRENT_CATALOG", "CURRENT_SCHEMA", "CURRENT_ROLE",
                                        "CURRENT_PATH"};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (sqlp_tok_is_kw(t, words[k]))
            return true;
    return false;
}

static sqlp_expr_t *keyword_literal(parser_t *p, sqlp_lit_kind_t kind, bool b)
{
    const sqlp_token_t *t = advance(p);
    sqlp_expr_t *e = new_expr(p, SQLP_E_LITERAL, t->pos);
    e->u.lit.kind = kind;
    e->u.lit.b = b;
    e->u.lit.text = kind == SQLP_LIT_NULL ? "NULL" : b ? "TRUE" : "FALSE";
    return done(p, e);
}

/* DATE '...', TIME '...', TIMESTAMP '...', TIMESTAMP WITH LOCAL TIME ZONE '...' */
static sqlp_expr_t *typed_literal(parser_t *p, sqlp_lit_kind_t kind)
{
    const sqlp_token_t *t = advance(p);
    if (kind == SQLP_LIT_TIMESTAMP && is_kw(p, "WITH")) {
        advance(p);
        expect_kw(p, "LOCAL");
        expect_kw(p, "TIME");
        expect_kw(p, "ZONE");
        kind = SQLP_LIT_TIMESTAMP_LTZ;
    }
    sqlp_expr_t *e = new_expr(p, SQLP_E_LITERAL, t->pos);
    e->u.lit.kind = kind;
    e->u.lit.text = parse_string(p).value;
    return done(p, e);
}

static sqlp_expr_t *parse_primary(parser_t *p)
{
    const sqlp_token_t *t = cur(p);
    const sqlp_token_t *next = peek(p, 1);
    switch (t->kind) {
    case SQLP_TK_INTEGER:
    case SQLP_TK_DECIMAL:
    case SQLP_TK_DOUBLE:
        return numeric_literal(p);
    case SQLP_TK_STRING: {
        sqlp_expr_t *e = new_expr(p, SQLP_E_LITERAL, t->pos);
        e->u.lit.kind = SQLP_LIT_STRING;
        e->u.lit.text = parse_string(p).value;
        return done(p, e);
    }
    case SQLP_TK_BINSTRING: {
        advance(p);
        sqlp_expr_t *e = new_expr(p, SQLP_E_LITERAL, t->pos);
        e->u.lit.kind = SQLP_LIT_BINARY;
        e->u.lit.text = arena_strndup(p->a, t->text + 2, t->len - 3);
        return done(p, e);
    }
    case SQLP_TK_LPAREN: {
        if (starts_query(next))
            unsupported(p, next, "a subquery inside an expression", QUERY_SHAPE);
        advance(p);
        sqlp_expr_t *e = parse_expr(p);
        if (cur(p)->kind == SQLP_TK_COMMA)
            unsupported(p, cur(p), "a row written as (a, b) inside an expression; use ROW(a, b)", QUERY_SHAPE);
        expect(p, SQLP_TK_RPAREN);
        /* The parenthesised expression starts at '(' (its source span is
         * used for computed columns and messages). */
        e->pos = t->pos;
        return done(p, e);
    }
    case SQLP_TK_QUESTION:
        unsupported(p, t, "dynamic parameters (?)", "write the value into the script");
    case SQLP_TK_QIDENT:
        break;
    case SQLP_TK_IDENT:
        if (is_kw(p, "NULL"))
            return keyword_literal(p, SQLP_LIT_NULL, false);
        if (is_kw(p, "UNKNOWN"))
            return keyword_literal(p, SQLP_LIT_NULL, false);
        if (is_kw(p, "TRUE"))
            return keyword_literal(p, SQLP_LIT_BOOL, true);
        if (is_kw(p, "FALSE"))
            return keyword_literal(p, SQLP_LIT_BOOL, false);
        if (is_kw(p, "INTERVAL"))
            return parse_interval(p);
        if (is_kw(p, "DATE") && next->kind == SQLP_TK_STRING)
            return typed_literal(p, SQLP_LIT_DATE);
        if (is_kw(p, "TIME") && next->kind == SQLP_TK_STRING)
            return typed_literal(p, SQLP_LIT_TIME);
        if (is_kw(p, "TIMESTAMP") && (next->kind == SQLP_TK_STRING || sqlp_tok_is_kw(next, "WITH")))
            return typed_literal(p, SQLP_LIT_TIMESTAMP);
        if (is_kw(p, "CAST") || is_kw(p, "TRY_CAST"))
            return parse_cast(p);
        if (is_kw(p, "CASE"))
            return parse_case(p);
        if (is_kw(p, "ARRAY") && next->kind == SQLP_TK_LBRACKET)
            return parse_constructor(p, SQLP_E_ARRAY, SQLP_TK_LBRACKET, SQLP_TK_RBRACKET);
        if (is_kw(p, "MAP") && next->kind == SQLP_TK_LBRACKET)
            return parse_constructor(p, SQLP_E_MAP, SQLP_TK_LBRACKET, SQLP_TK_RBRACKET);
        if (is_kw(p, "ROW") && next->kind == SQLP_TK_LPAREN)
            return parse_constructor(p, SQLP_E_ROW, SQLP_TK_LPAREN, SQLP_TK_RPAREN);
        if (is_kw(p, "DESCRIPTOR") && next->kind == SQLP_TK_LPAREN)
            return parse_descriptor(p);
        if (is_kw(p, "EXISTS"))
            unsupported(p, t, "EXISTS subqueries", QUERY_SHAPE);
        if (is_niladic(t) && next->kind != SQLP_TK_LPAREN) {
            advance(p);
            sqlp_expr_t *e = new_expr(p, SQLP_E_CALL, t->pos);
            sqlp_ident_t *id = arena_alloc(p->a, sizeof *id);
            *id = ident_from(p, t);
            e->u.call.name = (sqlp_name_t){1, id, t->pos};
            e->u.call.niladic = true;
            return done(p, e);
        }
        if (next->kind == SQLP_TK_LPAREN && reserved_callable(t)) {
            advance(p);
            sqlp_ident_t *id = arena_alloc(p->a, sizeof *id);
            *id = ident_from(p, t);
            return parse_call(p, (sqlp_name_t){1, id, t->pos});
        }
        break;
    default:
        break;
    }
    if (!tok_is_ident(t)) {
        /* A reserved word that could be a column (value, timestamp) gets
         * the hint to quote it; FROM or WHERE here means a missing
         * expression, and the hint would mislead. */
        if (reserved_callable(t))
            note(p, "an identifier", false);
        note(p, "an expression", false);
        fail_expected(p);
    }
    sqlp_name_t name = parse_name(p);
    if (cur(p)->kind == SQLP_TK_LPAREN)
        return parse_call(p, name);
    sqlp_expr_t *e = new_expr(p, SQLP_E_COLUMN, name.pos);
    e->u.name = name;
    return done(p, e);
}

/* a.field after an item (m['k'].S): an ITEM marked dot, whose index is the
 * field's name as a string literal. */
static sqlp_expr_t *parse_field_after_item(parser_t *p, sqlp_expr_t *e)
{
    advance(p);
    sqlp_ident_t field = parse_ident(p);
    sqlp_expr_t *name = new_expr(p, SQLP_E_LITERAL, field.pos);
    name->u.lit.kind = SQLP_LIT_STRING;
    name->u.lit.text = field.name;
    sqlp_expr_t *item = new_expr(p, SQLP_E_ITEM, e->pos);
    item->u.item.a = e;
    item->u.item.index = done(p, name);
    item->u.item.dot = true;
    return done(p, item);
}

static sqlp_expr_t *parse_postfix(parser_t *p)
{
    sqlp_expr_t *e = parse_primary(p);
    while (cur(p)->kind == SQLP_TK_LBRACKET ||
           (e->kind == SQLP_E_ITEM && cur(p)->kind == SQLP_TK_DOT &&
            (peek(p, 1)->kind == SQLP_TK_IDENT || peek(p, 1)->kind == SQLP_TK_QIDENT))) {
        if (cur(p)->kind == SQLP_TK_DOT) {
            e = parse_field_after_item(p, e);
            continue;
        }
        advance(p);
        sqlp_expr_t *item = new_expr(p, SQLP_E_ITEM, e->pos);
        item->u.item.a = e;
        item->u.item.index = parse_expr(p);
        expect(p, SQLP_TK_RBRACKET);
        e = done(p, item);
    }
    return e;
}

static sqlp_expr_t *parse_unary(parser_t *p)
{
    const sqlp_token_t *t = cur(p);
    if (t->kind == SQLP_TK_MINUS || t->kind == SQLP_TK_PLUS) {
        advance(p);
        enter(p);
        sqlp_expr_t *a = parse_unary(p);
        leave(p);
        if (is_numeric_literal(a)) {
            if (t->kind == SQLP_TK_MINUS)
                negate_literal(p, a);
            a->pos = t->pos;
            return done(p, a);
        }
        sqlp_expr_t *e = new_expr(p, SQLP_E_UNARY, t->pos);
        e->u.op.op = t->kind == SQLP_TK_MINUS ? SQLP_OP_NEG : SQLP_OP_PLUS;
        e->u.op.op_pos = t->pos;
        e->u.op.a = a;
        return done(p, e);
    }
    return parse_postfix(p);
}

static sqlp_expr_t *binary(parser_t *p, sqlp_op_t op, sqlp_pos_t op_pos, sqlp_expr_t *a, sqlp_expr_t *b)
{
    sqlp_expr_t *e = new_expr(p, SQLP_E_BINARY, a->pos);
    e->u.op.op = op;
    e->u.op.op_pos = op_pos;
    e->u.op.a = a;
    e->u.op.b = b;
    return done(p, e);
}

static sqlp_expr_t *parse_mul(parser_t *p)
{
    sqlp_expr_t *e = parse_unary(p);
    for (;;) {
        const sqlp_token_t *t = cur(p);
        sqlp_op_t op;
        if (t->kind == SQLP_TK_STAR)
            op = SQLP_OP_MUL;
        else if (t->kind == SQLP_TK_SLASH)
            op = SQLP_OP_DIV;
        else if (t->kind == SQLP_TK_PERCENT)
            op = SQLP_OP_MOD;
        else if (t->kind == SQLP_TK_CONCAT)
            op = SQLP_OP_CONCAT;
        else
            return e;
        advance(p);
        e = binary(p, op, t->pos, e, parse_unary(p));
    }
}

static sqlp_expr_t *parse_add(parser_t *p)
{
    sqlp_expr_t *e = parse_mul(p);
    for (;;) {
        const sqlp_token_t *t = cur(p);
        if (t->kind != SQLP_TK_PLUS && t->kind != SQLP_TK_MINUS)
            return e;
        advance(p);
        e = binary(p, t->kind == SQLP_TK_PLUS ? SQLP_OP_ADD : SQLP_OP_SUB, t->pos, e, parse_mul(p));
    }
}

/* a [NOT] BETWEEN .. AND .., a [NOT] IN (..), a [NOT] LIKE .. [ESCAPE ..] */
static sqlp_expr_t *parse_predicate(parser_t *p)
{
    sqlp_expr_t *a = parse_add(p);
    bool negated = false;
    const sqlp_token_t *t = cur(p);
    if (sqlp_tok_is_kw(t, "NOT") &&
        (sqlp_tok_is_kw(peek(p, 1), "BETWEEN") || sqlp_tok_is_kw(peek(p, 1), "IN") ||
         sqlp_tok_is_kw(peek(p, 1), "LIKE") || sqlp_tok_is_kw(peek(p, 1), "SIMILAR"))) {
        advance(p);
        negated = true;
    }
    if (accept_kw(p, "BETWEEN")) {
        if (!accept_kw(p, "ASYMMETRIC") && is_kw(p, "SYMMETRIC"))
            unsupported(p, cur(p), "BETWEEN SYMMETRIC", "write a >= low AND a <= high");
        sqlp_expr_t *e = new_expr(p, SQLP_E_BETWEEN, a->pos);
        e->u.between.a = a;
        e->u.between.negated = negated;
        e->u.between.low = parse_add(p);
        expect_kw(p, "AND");
        e->u.between.high = parse_add(p);
        return done(p, e);
    }
    if (accept_kw(p, "IN")) {
        sqlp_expr_t *e = new_expr(p, SQLP_E_IN, a->pos);
        e->u.in.a = a;
        e->u.in.negated = negated;
        expect(p, SQLP_TK_LPAREN);
        if (starts_query(cur(p)))
            unsupported(p, cur(p), "IN with a subquery", QUERY_SHAPE);
        e->u.in.list = parse_expr_list(p, SQLP_TK_RPAREN, &e->u.in.n);
        if (e->u.in.n == 0)
            fail_at(p, e->pos, 1, "SQL parse failed. IN needs at least one value: a IN (x, y)");
        return done(p, e);
    }
    if (accept_kw(p, "LIKE")) {
        sqlp_expr_t *e = new_expr(p, SQLP_E_LIKE, a->pos);
        e->u.like.a = a;
        e->u.like.negated = negated;
        e->u.like.pattern = parse_add(p);
        if (accept_kw(p, "ESCAPE"))
            e->u.like.escape = parse_add(p);
        return done(p, e);
    }
    if (is_kw(p, "SIMILAR"))
        unsupported(p, cur(p), "SIMILAR TO", "use LIKE or REGEXP(s, pattern)");
    if (negated)
        fail_expected(p);
    return a;
}

static sqlp_expr_t *parse_comparison(parser_t *p)
{
    sqlp_expr_t *e = parse_predicate(p);
    for (;;) {
        const sqlp_token_t *t = cur(p);
        sqlp_op_t op;
        switch (t->kind) {
        case SQLP_TK_EQ: op = SQLP_OP_EQ; break;
        case SQLP_TK_NE: op = SQLP_OP_NE; break;
        case SQLP_TK_LT: op = SQLP_OP_LT; break;
        case SQLP_TK_LE: op = SQLP_OP_LE; break;
        case SQLP_TK_GT: op = SQLP_OP_GT; break;
        case SQLP_TK_GE: op = SQLP_OP_GE; break;
        default: return e;
        }
        advance(p);
        e = binary(p, op, t->pos, e, parse_predicate(p));
    }
}

/* a IS [NOT] NULL|TRUE|FALSE|UNKNOWN, a IS [NOT] DISTINCT FROM b */
/* x IS [NOT] JSON [VALUE|SCALAR|ARRAY|OBJECT] -> the call `$IS_JSON`(x, kind), under NOT. */
static sqlp_expr_t *is_json(parser_t *p, const sqlp_token_t *is, bool negated, sqlp_expr_t *a)
{
    const char *kinds[] = {"VALUE", "SCALAR", "ARRAY", "OBJECT"};
    const char *kind = "VALUE";
    for (size_t k = 0; k < 4; k++)
        if (accept_kw(p, kinds[k])) kind = kinds[k];
    sqlp_expr_t *c = new_expr(p, SQLP_E_CALL, a->pos);
    sqlp_ident_t *id = arena_calloc(p->a, 1, sizeof *id);
    *id = (sqlp_ident_t){"$IS_JSON", true, is->pos};
    c->u.call.name = (sqlp_name_t){1, id, is->pos};
    vec_t args = {0};
    push_arg(p, &args, a);
    push_arg(p, &args, named_symbol(p, is->pos, kind));
    c->u.call.nargs = args.n;
    c->u.call.args = args.items;
    c = done(p, c);
    if (!negated) return c;
    sqlp_expr_t *u = new_expr(p, SQLP_E_UNARY, a->pos);
    u->u.op.op = SQLP_OP_NOT;
    u->u.op.op_pos = is->pos;
    u->u.op.a = c;
    return done(p, u);
}

static sqlp_expr_t *parse_is(parser_t *p)
{
    sqlp_expr_t *e = parse_comparison(p);
    while (at_kw(p, "IS")) {
        const sqlp_token_t *t = advance(p);
        bool neg = accept_kw(p, "NOT");
        sqlp_op_t op;
        if (accept_kw(p, "NULL")) {
            op = neg ? SQLP_OP_IS_NOT_NULL : SQLP_OP_IS_NULL;
        } else if (accept_kw(p, "TRUE")) {
            op = neg ? SQLP_OP_IS_NOT_TRUE : SQLP_OP_IS_TRUE;
        } else if (accept_kw(p, "FALSE")) {
            op = neg ? SQLP_OP_IS_NOT_FALSE : SQLP_OP_IS_FALSE;
        } else if (accept_kw(p, "UNKNOWN")) {
            op = neg ? SQLP_OP_IS_NOT_UNKNOWN : SQLP_OP_IS_UNKNOWN;
        } else if (accept_kw(p, "JSON")) {
            e = is_json(p, t, neg, e);
            continue;
        } else if (accept_kw(p, "DISTINCT")) {
            expect_kw(p, "FROM");
            e = binary(p, neg ? SQLP_OP_IS_NOT_DISTINCT_FROM : SQLP_OP_IS_DISTINCT_FROM, t->pos, e,
                       parse_comparison(p));
            continue;
        } else {
            fail_expected(p);
        }
        sqlp_expr_t *u = new_expr(p, SQLP_E_UNARY, e->pos);
        u->u.op.op = op;
        u->u.op.op_pos = t->pos;
        u->u.op.a = e;
        e = done(p, u);
    }
    return e;
}

static sqlp_expr_t *parse_not(parser_t *p)
{
    if (is_kw(p, "NOT")) {
        const sqlp_token_t *t = advance(p);
        enter(p);
        sqlp_expr_t *a = parse_not(p);
        leave(p);
        sqlp_expr_t *e = new_expr(p, SQLP_E_UNARY, t->pos);
        e->u.op.op = SQLP_OP_NOT;
        e->u.op.op_pos = t->pos;
        e->u.op.a = a;
        return done(p, e);
    }
    return parse_is(p);
}

static sqlp_expr_t *parse_and(parser_t *p)
{
    sqlp_expr_t *e = parse_not(p);
    while (at_kw(p, "AND")) {
        const sqlp_token_t *t = advance(p);
        e = binary(p, SQLP_OP_AND, t->pos, e, parse_not(p));
    }
    return e;
}

static sqlp_expr_t *parse_expr(parser_t *p)
{
    enter(p);
    sqlp_expr_t *e = parse_and(p);
    while (at_kw(p, "OR")) {
        const sqlp_token_t *t = advance(p);
        e = binary(p, SQLP_OP_OR, t->pos, e, parse_and(p));
    }
    leave(p);
    return e;
}

/* ---- queries ----------------------------------------------------------- */

static bool is_join_keyword(const parser_t *p)
{
    static const char *const words[] = {"JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "NATURAL", "OUTER"};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (is_kw(p, words[k]))
            return true;
    return false;
}

/* [AS] alias [(col, ...)] */
static void parse_alias(parser_t *p, sqlp_ident_t **alias, int *ncols, sqlp_ident_t **cols)
{
    if (accept_kw(p, "AS")) {
        *alias = parse_ident_ptr(p);
    } else if (at_ident(p)) {
        p->implicit_alias_tok = p->i;
        *alias = parse_ident_ptr(p);
    } else {
        return;
    }
    if (cols && cur(p)->kind == SQLP_TK_LPAREN)
        *cols = parse_ident_list(p, ncols);
}

static sqlp_from_t *parse_from_item(parser_t *p)
{
    sqlp_from_t *f = arena_calloc(p->a, 1, sizeof *f);
    const sqlp_token_t *t = cur(p);
    f->pos = t->pos;
    if (is_kw(p, "LATERAL"))
        unsupported(p, t, "LATERAL TABLE (a join with a table function)", QUERY_SHAPE);
    if (is_kw(p, "UNNEST"))
        unsupported(p, t, "UNNEST", QUERY_SHAPE);
    if (at_kw(p, "TABLE") && peek(p, 1)->kind == SQLP_TK_LPAREN) {
        /* TABLE(f(args)): Calcite's table function syntax. */
        advance(p);
        advance(p);
        f->kind = SQLP_FROM_CALL;
        sqlp_name_t name = parse_name(p);
        if (cur(p)->kind != SQLP_TK_LPAREN) {
            note(p, "\"(\"", false);
            fail_expected(p);
        }
        f->call = parse_call(p, name);
        expect(p, SQLP_TK_RPAREN);
    } else if (at(p, SQLP_TK_LPAREN)) {
        advance(p);
        f->kind = SQLP_FROM_SUBQUERY;
        f->query = parse_query(p);
        expect(p, SQLP_TK_RPAREN);
    } else if (at_ident(p)) {
        sqlp_name_t name = parse_name(p);
        if (cur(p)->kind == SQLP_TK_LPAREN) {
            f->kind = SQLP_FROM_CALL;
            f->call = parse_call(p, name);
        } else {
            f->kind = SQLP_FROM_TABLE;
            f->table = arena_alloc(p->a, sizeof *f->table);
            *f->table = name;
            if (is_kw(p, "FOR"))
                unsupported(p, cur(p), "FOR SYSTEM_TIME AS OF (temporal joins)", QUERY_SHAPE);
        }
    } else {
        fail_expected(p);
    }
    if (is_kw(p, "MATCH_RECOGNIZE"))
        unsupported(p, cur(p), "MATCH_RECOGNIZE", QUERY_SHAPE);
    parse_alias(p, &f->alias, &f->ncol_aliases, &f->col_aliases);
    if (cur(p)->kind == SQLP_TK_COMMA || is_join_keyword(p))
        unsupported(p, cur(p), "joins (several tables in FROM)", QUERY_SHAPE);
    return f;
}

/* Is the input at `name.name. ... .*`? */
static bool at_qualified_star(const parser_t *p)
{
    for (int k = 0;; k += 2) {
        if (!tok_is_ident(peek(p, k)) || peek(p, k + 1)->kind != SQLP_TK_DOT)
            return false;
        if (peek(p, k + 2)->kind == SQLP_TK_STAR)
            return true;
    }
}

static void parse_select_item(parser_t *p, sqlp_select_item_t *item)
{
    const sqlp_token_t *t = cur(p);
    if (t->kind == SQLP_TK_STAR) {
        advance(p);
        item->expr = done(p, new_expr(p, SQLP_E_STAR, t->pos));
        return;
    }
    if (at_qualified_star(p)) {
        sqlp_expr_t *e = new_expr(p, SQLP_E_STAR, t->pos);
        vec_t parts = {0};
        while (cur(p)->kind != SQLP_TK_STAR) {
            *VEC_PUSH(p, &parts, sqlp_ident_t) = parse_ident(p);
            advance(p); /* the dot */
        }
        advance(p);
        e->u.name = (sqlp_name_t){parts.n, parts.items, t->pos};
        item->expr = done(p, e);
        return;
    }
    item->expr = parse_expr(p);
    parse_alias(p, &item->alias, NULL, NULL);
}

static sqlp_query_t *parse_select(parser_t *p)
{
    const sqlp_token_t *kw = advance(p);
    sqlp_query_t *q = arena_calloc(p->a, 1, sizeof *q);
    q->kind = SQLP_Q_SELECT;
    q->pos = kw->pos;
    if (is_kw(p, "DISTINCT"))
        unsupported(p, cur(p), "SELECT DISTINCT", QUERY_SHAPE);
    if (is_kw(p, "STREAM"))
        unsupported(p, cur(p), "SELECT STREAM", QUERY_SHAPE);
    accept_kw(p, "ALL");
    vec_t items = {0};
    do
        parse_select_item(p, VEC_PUSH(p, &items, sqlp_select_item_t));
    while (accept(p, SQLP_TK_COMMA));
    q->nitems = items.n;
    q->items = items.items;
    if (accept_kw(p, "FROM")) {
        q->from = parse_from_item(p);
        if (accept_kw(p, "WHERE"))
            q->where = parse_expr(p);
        if (is_kw(p, "GROUP")) {
            q->group_pos = advance(p)->pos;
            expect_kw(p, "BY");
            vec_t keys = {0};
            do
                *VEC_PUSH(p, &keys, sqlp_expr_t *) = parse_expr(p);
            while (accept(p, SQLP_TK_COMMA));
            q->ngroup = keys.n;
            q->group_by = keys.items;
        }
        if (is_kw(p, "HAVING")) {   /* is_kw: not listed in "Was expecting one of" */
            advance(p);
            q->having = parse_expr(p);
        }
        if (is_kw(p, "WINDOW"))
            unsupported(p, cur(p), "WINDOW clauses", QUERY_SHAPE);
        if (is_kw(p, "QUALIFY"))
            unsupported(p, cur(p), "QUALIFY", QUERY_SHAPE);
    }
    q->end = prev_end(p);
    return q;
}

/* VALUES (a, b), (c, d) | VALUES ROW(a, b), ... | VALUES a, b */
static sqlp_query_t *parse_values(parser_t *p)
{
    const sqlp_token_t *kw = advance(p);
    sqlp_query_t *q = arena_calloc(p->a, 1, sizeof *q);
    q->kind = SQLP_Q_VALUES;
    q->pos = kw->pos;
    vec_t rows = {0};
    do {
        sqlp_row_t *row = VEC_PUSH(p, &rows, sqlp_row_t);
        row->pos = cur(p)->pos;
        if (is_kw(p, "ROW") && peek(p, 1)->kind == SQLP_TK_LPAREN)
            advance(p);
        if (accept(p, SQLP_TK_LPAREN)) {
            if (starts_query(cur(p)))
                unsupported(p, cur(p), "a subquery inside VALUES", QUERY_SHAPE);
            row->items = parse_expr_list(p, SQLP_TK_RPAREN, &row->n);
            if (row->n == 0)
                fail_at(p, row->pos, 2, "SQL parse failed. A VALUES row needs at least one value");
        } else {
            row->items = arena_alloc(p->a, sizeof(sqlp_expr_t *));
            row->items[0] = parse_expr(p);
            row->n = 1;
        }
    } while (accept(p, SQLP_TK_COMMA));
    q->nrows = rows.n;
    q->rows = rows.items;
    q->end = prev_end(p);
    return q;
}

static sqlp_query_t *parse_query_body(parser_t *p)
{
    if (at_kw(p, "SELECT"))
        return parse_select(p);
    if (at_kw(p, "VALUES"))
        return parse_values(p);
    if (at(p, SQLP_TK_LPAREN)) {
        const sqlp_token_t *open = advance(p);
        sqlp_query_t *q = parse_query(p);
        expect(p, SQLP_TK_RPAREN);
        q->pos = open->pos;
        q->end = prev_end(p);
        return q;
    }
    fail_expected(p);
}

/* body UNION ALL body ...: the branches after q chain through union_all.
 * UNION without ALL, EXCEPT and INTERSECT are left to the caller's check. */
static void parse_union_all(parser_t *p, sqlp_query_t *q)
{
    while (is_kw(p, "UNION") && sqlp_tok_is_kw(peek(p, 1), "ALL")) {
        sqlp_pos_t pos = advance(p)->pos;
        advance(p);
        q = q->union_all = parse_query_body(p);
        q->union_pos = pos;
    }
}

/* [WITH name [(cols)] AS (query), ...] body [UNION ALL body ...], and
 * nothing after it that ptfhost would have to run (other set operations,
 * ORDER BY, LIMIT). */
static sqlp_query_t *parse_query(parser_t *p)
{
    enter(p);
    const sqlp_token_t *start = cur(p);
    vec_t with = {0};
    if (accept_kw(p, "WITH")) {
        if (is_kw(p, "RECURSIVE"))
            unsupported(p, cur(p), "WITH RECURSIVE", QUERY_SHAPE);
        do {
            sqlp_with_item_t *w = VEC_PUSH(p, &with, sqlp_with_item_t);
            w->name = parse_ident(p);
            if (cur(p)->kind == SQLP_TK_LPAREN)
                w->cols = parse_ident_list(p, &w->ncols);
            expect_kw(p, "AS");
            expect(p, SQLP_TK_LPAREN);
            w->query = parse_query(p);
            expect(p, SQLP_TK_RPAREN);
        } while (accept(p, SQLP_TK_COMMA));
    }
    sqlp_query_t *q = parse_query_body(p);
    if (with.n) {
        /* WITH a AS (..) (WITH b AS (..) SELECT ..): one list, outer first. */
        sqlp_with_item_t *all = arena_alloc(p->a, (size_t)(with.n + q->nwith) * sizeof *all);
        memcpy(all, with.items, (size_t)with.n * sizeof *all);
        if (q->nwith)
            memcpy(all + with.n, q->with, (size_t)q->nwith * sizeof *all);
        q->with = all;
        q->nwith += with.n;
        q->pos = start->pos;
    }
    parse_union_all(p, q);
    static const char *const setops[] = {"UNION", "EXCEPT", "INTERSECT", "MINUS"};
    for (size_t k = 0; k < sizeof setops / sizeof setops[0]; k++)
        if (is_kw(p, setops[k]))
            unsupported(p, cur(p), "set operations other than UNION ALL (UNION, EXCEPT, INTERSECT)", QUERY_SHAPE);
    if (is_kw(p, "ORDER"))
        unsupported(p, cur(p), "ORDER BY on a query", QUERY_SHAPE);
    if (is_kw(p, "LIMIT") || is_kw(p, "OFFSET") || is_kw(p, "FETCH"))
        unsupported(p, cur(p), "LIMIT / OFFSET / FETCH", QUERY_SHAPE);
    q->end = prev_end(p);
    leave(p);
    return q;
}

/* ---- CREATE TABLE ------------------------------------------------------ */

/* The watermark expression ptfhost can run: the column itself, or the
 * column minus one or more day-time intervals. */
static void analyse_watermark(parser_t *p, sqlp_watermark_t *wm)
{
    const sqlp_expr_t *e = wm->expr;
    int64_t delay = 0;
    while (e->kind == SQLP_E_BINARY && e->u.op.op == SQLP_OP_SUB && e->u.op.b->kind == SQLP_E_LITERAL &&
           e->u.op.b->u.lit.kind == SQLP_LIT_INTERVAL) {
        const sqlp_interval_t *iv = &e->u.op.b->u.lit.interval;
        if (iv->year_month)
            fail_at(p, e->u.op.b->pos, e->u.op.b->end - e->u.op.b->pos.offset,
                    "unsupported watermark delay %s: a watermark delay is a day-time interval "
                    "(SECOND, MINUTE, HOUR, DAY, e.g. INTERVAL '5' SECOND), not months or years",
                    e->u.op.b->u.lit.text);
        delay += iv->value;
        e = e->u.op.a;
    }
    if (e->kind != SQLP_E_COLUMN || e->u.name.nparts != 1)
        fail_at(p, wm->expr->pos, utf8_count_chars(wm->expr_text.text, wm->expr_text.len),
                "unsupported watermark expression: %s (supported: WATERMARK FOR %s AS %s, or "
                "WATERMARK FOR %s AS %s - INTERVAL 'n' unit, e.g. INTERVAL '5' SECOND)",
                wm->expr_text.text, wm->column.name, wm->column.name, wm->column.name, wm->column.name);
    if (delay < 0)
        fail_at(p, wm->expr->pos, utf8_count_chars(wm->expr_text.text, wm->expr_text.len),
                "unsupported watermark expression: %s is ahead of the column by %lld ms; a watermark may only "
                "lag behind it (subtract a positive interval)",
                wm->expr_text.text, (long long)-delay);
    wm->source = e->u.name.parts[0];
    wm->delay_ms = delay;
}

/* [CONSTRAINT name] PRIMARY KEY ... NOT ENFORCED: Flink only accepts NOT
 * ENFORCED and says why. `at` is where the constraint started. */
static void expect_not_enforced(parser_t *p, const sqlp_token_t *where)
{
    if (accept_kw(p, "NOT")) {
        expect_kw(p, "ENFORCED");
        return;
    }
    accept_kw(p, "ENFORCED");
    fail_at(p, where->pos, tok_chars(where),
            "Flink doesn't support ENFORCED mode for PRIMARY KEY constraint. ENFORCED/NOT ENFORCED controls if "
            "the constraint checks are performed on the incoming/outgoing data. Flink does not own the data "
            "therefore the only supported mode is the NOT ENFORCED mode\n"
            "(write PRIMARY KEY ... NOT ENFORCED)");
}

static void set_primary_key(parser_t *p, sqlp_create_table_t *ct, const sqlp_token_t *where, sqlp_ident_t *cols,
                            int n)
{
    if (ct->npk > 0)
        fail_at(p, where->pos, tok_chars(where), "Duplicate primary key definition");
    ct->pk = cols;
    ct->npk = n;
    ct->pk_pos = where->pos;
}

static void parse_column(parser_t *p, sqlp_create_table_t *ct, sqlp_column_t *c)
{
    c->name = parse_ident(p);
    if (accept_kw(p, "AS")) {
        c->kind = SQLP_COL_COMPUTED;
        c->expr = parse_expr(p);
        c->expr_text = text_span(p, c->expr->pos, c->expr->end);
    } else {
        c->kind = SQLP_COL_PHYSICAL;
        c->type = capture_type(p, TYPE_IN_COLUMN);
        if (accept_kw(p, "METADATA")) {
            c->kind = SQLP_COL_METADATA;
            if (accept_kw(p, "FROM"))
                c->metadata_key = parse_string_ptr(p);
            if (accept_kw(p, "VIRTUAL"))
                c->is_virtual = true;
        }
        const sqlp_token_t *start = cur(p);
        bool constraint = accept_kw(p, "CONSTRAINT");
        if (constraint)
            ct->pk_constraint = parse_ident(p).name;
        if (constraint || at_kw(p, "PRIMARY")) {
            expect_kw(p, "PRIMARY");
            expect_kw(p, "KEY");
            expect_not_enforced(p, start);
            c->primary_key = true;
            sqlp_ident_t *col = arena_alloc(p->a, sizeof *col);
            *col = c->name;
            set_primary_key(p, ct, start, col, 1);
        }
    }
    if (accept_kw(p, "COMMENT"))
        c->comment = parse_string_ptr(p);
}

static void parse_watermark(parser_t *p, sqlp_create_table_t *ct)
{
    const sqlp_token_t *kw = advance(p);
    if (ct->watermark)
        fail_at(p, kw->pos, tok_chars(kw), "Multiple WATERMARK statements is not supported yet.");
    sqlp_watermark_t *wm = arena_calloc(p->a, 1, sizeof *wm);
    wm->pos = kw->pos;
    expect_kw(p, "FOR");
    wm->column = parse_ident(p);
    expect_kw(p, "AS");
    wm->expr = parse_expr(p);
    wm->expr_text = text_span(p, wm->expr->pos, wm->expr->end);
    analyse_watermark(p, wm);
    ct->watermark = wm;
}

static void parse_table_elements(parser_t *p, sqlp_create_table_t *ct)
{
    vec_t cols = {0};
    expect(p, SQLP_TK_LPAREN);
    do {
        const sqlp_token_t *t = cur(p);
        if (at_kw(p, "WATERMARK")) {
            parse_watermark(p, ct);
        } else if (at_kw(p, "PRIMARY") || at_kw(p, "CONSTRAINT")) {
            if (accept_kw(p, "CONSTRAINT")) {
                ct->pk_constraint = parse_ident(p).name;
                if (is_kw(p, "UNIQUE"))
                    fail_at(p, cur(p)->pos, 6, "UNIQUE constraint is not supported yet");
            }
            expect_kw(p, "PRIMARY");
            expect_kw(p, "KEY");
            int n;
            sqlp_ident_t *pk = parse_ident_list(p, &n);
            expect_not_enforced(p, t);
            set_primary_key(p, ct, t, pk, n);
        } else if (is_kw(p, "UNIQUE")) {
            fail_at(p, t->pos, 6, "UNIQUE constraint is not supported yet");
        } else if (is_kw(p, "LIKE")) {
            unsupported(p, t, "CREATE TABLE ... LIKE", "declare the columns and options of the table");
        } else {
            parse_column(p, ct, VEC_PUSH(p, &cols, sqlp_column_t));
        }
    } while (accept(p, SQLP_TK_COMMA));
    expect(p, SQLP_TK_RPAREN);
    ct->ncols = cols.n;
    ct->cols = cols.items;
}

/* WITH ('key' = 'value', ...) */
static void parse_options(parser_t *p, int *n, sqlp_option_t **options)
{
    vec_t v = {0};
    expect(p, SQLP_TK_LPAREN);
    if (cur(p)->kind != SQLP_TK_RPAREN) {
        do {
            sqlp_option_t *o = VEC_PUSH(p, &v, sqlp_option_t);
            if (!at(p, SQLP_TK_STRING))
                fail_expected_hint(p, "Table options are string literals: WITH ('connector' = 'filesystem', ...)");
            o->key = parse_string(p);
            expect(p, SQLP_TK_EQ);
            if (!at(p, SQLP_TK_STRING))
                fail_expected_hint(p, "Option values are string literals, also numbers: 'number-of-rows' = '10'");
            o->value = parse_string(p);
        } while (accept(p, SQLP_TK_COMMA));
    }
    expect(p, SQLP_TK_RPAREN);
    *n = v.n;
    *options = v.items;
}

static int64_t parse_integer(parser_t *p)
{
    if (!at(p, SQLP_TK_INTEGER))
        fail_expected(p);
    const sqlp_token_t *t = advance(p);
    errno = 0;
    long long v = strtoll(t->text, NULL, 10);
    if (errno)
        fail_at(p, t->pos, tok_chars(t), "SQL parse failed. Number %.*s is too large", (int)t->len, t->text);
    return v;
}

static void parse_create_table(parser_t *p, sqlp_stmt_t *s, bool temporary)
{
    sqlp_create_table_t *ct = &s->u.create_table;
    s->kind = SQLP_STMT_CREATE_TABLE;
    ct->temporary = temporary;
    ct->dist_buckets = -1;
    if (accept_kw(p, "IF")) {
        expect_kw(p, "NOT");
        expect_kw(p, "EXISTS");
        ct->if_not_exists = true;
    }
    ct->name = parse_name(p);
    bool has_columns = at(p, SQLP_TK_LPAREN);
    if (has_columns)
        parse_table_elements(p, ct);
    if (accept_kw(p, "COMMENT"))
        ct->comment = parse_string_ptr(p);
    if (at_kw(p, "DISTRIBUTED")) {
        advance(p);
        if (accept_kw(p, "BY")) {
            if (accept_kw(p, "HASH"))
                ct->dist_kind = "HASH";
            else if (accept_kw(p, "RANGE"))
                ct->dist_kind = "RANGE";
            ct->dist_cols = parse_ident_list(p, &ct->ndist);
            if (accept_kw(p, "INTO")) {
                ct->dist_buckets = parse_integer(p);
                expect_kw(p, "BUCKETS");
            }
        } else {
            expect_kw(p, "INTO");
            ct->dist_buckets = parse_integer(p);
            expect_kw(p, "BUCKETS");
        }
    }
    if (accept_kw(p, "PARTITIONED")) {
        expect_kw(p, "BY");
        ct->partitioned_by = parse_ident_list(p, &ct->npartitioned);
    }
    if (accept_kw(p, "WITH"))
        parse_options(p, &ct->noptions, &ct->options);
    if (is_kw(p, "LIKE"))
        unsupported(p, cur(p), "CREATE TABLE ... LIKE", "declare the columns and options of the table");
    if (is_kw(p, "AS"))
        unsupported(p, cur(p), "CREATE TABLE ... AS SELECT",
                    "create the table with its columns, then INSERT INTO it");
    if (!has_columns)
        fail_at(p, ct->name.pos, utf8_count_chars(ct->name.parts[0].name, strlen(ct->name.parts[0].name)),
                "CREATE TABLE %s has no columns: declare them, e.g. CREATE TABLE %s (id INT, name STRING) "
                "WITH (...)",
                ct->name.parts[ct->name.nparts - 1].name, ct->name.parts[ct->name.nparts - 1].name);
}

/* ---- other statements -------------------------------------------------- */

static void parse_if_not_exists(parser_t *p, bool *flag)
{
    if (accept_kw(p, "IF")) {
        expect_kw(p, "NOT");
        expect_kw(p, "EXISTS");
        *flag = true;
    }
}

static void parse_create_view(parser_t *p, sqlp_stmt_t *s, bool temporary)
{
    sqlp_create_view_t *v = &s->u.create_view;
    s->kind = SQLP_STMT_CREATE_VIEW;
    v->temporary = temporary;
    parse_if_not_exists(p, &v->if_not_exists);
    v->name = parse_name(p);
    if (cur(p)->kind == SQLP_TK_LPAREN)
        v->cols = parse_ident_list(p, &v->ncols);
    if (accept_kw(p, "COMMENT"))
        v->comment = parse_string_ptr(p);
    expect_kw(p, "AS");
    v->query = parse_query(p);
    v->query_text = text_span(p, v->query->pos, v->query->end);
}

static void parse_create_function(parser_t *p, sqlp_stmt_t *s, bool temporary, bool system)
{
    sqlp_create_function_t *f = &s->u.create_function;
    s->kind = SQLP_STMT_CREATE_FUNCTION;
    f->temporary = temporary;
    f->system = system;
    parse_if_not_exists(p, &f->if_not_exists);
    f->name = parse_name(p);
    expect_kw(p, "AS");
    if (!at(p, SQLP_TK_STRING))
        fail_expected_hint(p, "The class is a string literal: CREATE FUNCTION f AS 'com.example.MyFunction'");
    f->class_name = parse_string(p);
    f->language = "JAVA";
    f->language_pos = f->class_name.pos;
    if (accept_kw(p, "LANGUAGE")) {
        f->language_pos = cur(p)->pos;
        if (accept_kw(p, "JAVA"))
            f->language = "JAVA";
        else if (accept_kw(p, "SCALA"))
            f->language = "SCALA";
        else if (accept_kw(p, "PYTHON"))
            f->language = "PYTHON";
        else
            fail_expected(p);
    }
    if (accept_kw(p, "USING")) {
        vec_t jars = {0};
        do {
            expect_kw(p, "JAR");
            *VEC_PUSH(p, &jars, sqlp_str_t) = parse_string(p);
        } while (accept(p, SQLP_TK_COMMA));
        f->njars = jars.n;
        f->jars = jars.items;
    }
}

#include "sql_parse_ddl.c"

static void parse_create(parser_t *p, sqlp_stmt_t *s)
{
    const sqlp_token_t *create = advance(p);
    if (is_kw(p, "OR"))
        unsupported_statement(p, create, "CREATE OR REPLACE");
    bool temporary = accept_kw(p, "TEMPORARY");
    const sqlp_token_t *sys = cur(p);
    bool system = accept_kw(p, "SYSTEM");
    if (system && !temporary)
        fail_at(p, sys->pos, tok_chars(sys),
                "CREATE SYSTEM FUNCTION is not supported, system functions can only be registered as temporary "
                "function, you can use CREATE TEMPORARY SYSTEM FUNCTION instead.");
    if (!system && at_kw(p, "TABLE")) {
        advance(p);
        parse_create_table(p, s, temporary);
    } else if (!system && at_kw(p, "VIEW")) {
        advance(p);
        parse_create_view(p, s, temporary);
    } else if (at_kw(p, "FUNCTION")) {
        advance(p);
        parse_create_function(p, s, temporary, system);
    } else if (!system && !temporary && parse_create_catalog_or_database(p, s)) {
        return;
    } else {
        static const char *const others[] = {"CATALOG", "DATABASE", "MODEL", "MATERIALIZED", "CONNECTION"};
        for (size_t k = 0; k < sizeof others / sizeof others[0]; k++)
            if (is_kw(p, others[k])) {
                char what[48];
                snprintf(what, sizeof what, "CREATE %s", others[k]);
                unsupported_statement(p, cur(p), what);
            }
        fail_expected(p);
    }
}

static void parse_drop(parser_t *p, sqlp_stmt_t *s)
{
    advance(p);
    sqlp_drop_t *d = &s->u.drop;
    d->temporary = accept_kw(p, "TEMPORARY");
    const sqlp_token_t *sys = cur(p);
    d->system = accept_kw(p, "SYSTEM");
    if (d->system && !d->temporary)
        fail_at(p, sys->pos, tok_chars(sys),
                "DROP SYSTEM FUNCTION is not supported, system functions can only be registered as temporary "
                "function, you can use DROP TEMPORARY SYSTEM FUNCTION instead.");
    if (!d->system && accept_kw(p, "TABLE")) {
        s->kind = SQLP_STMT_DROP_TABLE;
    } else if (!d->system && accept_kw(p, "VIEW")) {
        s->kind = SQLP_STMT_DROP_VIEW;
    } else if (accept_kw(p, "FUNCTION")) {
        s->kind = SQLP_STMT_DROP_FUNCTION;
    } else if (!d->system && !d->temporary && parse_drop_catalog_or_database(p, s)) {
        return;
    } else {
        static const char *const others[] = {"CATALOG", "DATABASE", "MODEL", "MATERIALIZED", "CONNECTION"};
        for (size_t k = 0; k < sizeof others / sizeof others[0]; k++)
            if (is_kw(p, others[k])) {
                char what[48];
                snprintf(what, sizeof what, "DROP %s", others[k]);
                unsupported_statement(p, cur(p), what);
            }
        fail_expected(p);
    }
    if (accept_kw(p, "IF")) {
        expect_kw(p, "EXISTS");
        d->if_exists = true;
    }
    d->name = parse_name(p);
}

static void parse_show(parser_t *p, sqlp_stmt_t *s)
{
    const sqlp_token_t *show = advance(p);
    s->kind = SQLP_STMT_SHOW;
    if (accept_kw(p, "TABLES")) {
        s->u.show.what = SQLP_SHOW_TABLES;
    } else if (accept_kw(p, "FUNCTIONS")) {
        s->u.show.what = SQLP_SHOW_FUNCTIONS;
    } else if (accept_kw(p, "USER")) {
        expect_kw(p, "FUNCTIONS");
        s->u.show.what = SQLP_SHOW_USER_FUNCTIONS;
    } else if (parse_show_names(p, s)) {
        return;
    } else {
        const sqlp_token_t *t = cur(p);
        if (t->kind == SQLP_TK_IDENT) {
            char what[64];
            snprintf(what, sizeof what, "SHOW %.*s", (int)(t->len < 40 ? t->len : 40), t->text);
            for (char *c = what; *c; c++)
                *c = (char)toupper((unsigned char)*c);
            unsupported_statement(p, show, what);
        }
        fail_expected(p);
    }
    if (is_kw(p, "FROM") || is_kw(p, "IN"))
        unsupported(p, cur(p), "SHOW ... FROM/IN a catalog or database",
                    "USE [catalog.]database first, then SHOW TABLES");
    const sqlp_token_t *t = cur(p);
    bool not_like = sqlp_tok_is_kw(t, "NOT") &&
                    (sqlp_tok_is_kw(peek(p, 1), "LIKE") || sqlp_tok_is_kw(peek(p, 1), "ILIKE"));
    if (not_like)
        advance(p);
    if (accept_kw(p, "LIKE") || (s->u.show.ilike = accept_kw(p, "ILIKE"))) {
        s->u.show.not_like = not_like;
        s->u.show.like = parse_string_ptr(p);
    }
}

static void parse_describe(parser_t *p, sqlp_stmt_t *s)
{
    advance(p);
    s->kind = SQLP_STMT_DESCRIBE;
    static const char *const others[] = {"FUNCTION", "CATALOG", "DATABASE", "MODEL", "JOB", "CONNECTION"};
    for (size_t k = 0; k < sizeof others / sizeof others[0]; k++)
        /* CATALOG, DATABASE, ... are also valid table names: only a name
         * after them makes them keywords. */
        if (is_kw(p, others[k]) && (tok_is_ident(peek(p, 1)) || sqlp_tok_is_kw(peek(p, 1), "EXTENDED"))) {
            char what[48];
            snprintf(what, sizeof what, "DESCRIBE %s", others[k]);
            unsupported_statement(p, cur(p), what);
        }
    s->u.describe.extended = accept_kw(p, "EXTENDED");
    s->u.describe.name = parse_name(p);
}

static bool at_statement_end(parser_t *p)
{
    return at(p, SQLP_TK_SEMI) || at(p, SQLP_TK_EOF);
}

static void parse_set(parser_t *p, sqlp_stmt_t *s)
{
    advance(p);
    s->kind = SQLP_STMT_SET;
    if (at_statement_end(p))
        return;
    if (!at(p, SQLP_TK_STRING))
        fail_expected_hint(p, "Write SET 'key' = 'value' (both quoted).");
    s->u.set.key = parse_string_ptr(p);
    expect(p, SQLP_TK_EQ);
    if (!at(p, SQLP_TK_STRING))
        fail_expected_hint(p, "Write SET 'key' = 'value' (both quoted).");
    s->u.set.value = parse_string_ptr(p);
}

static void parse_reset(parser_t *p, sqlp_stmt_t *s)
{
    advance(p);
    s->kind = SQLP_STMT_RESET;
    if (at_statement_end(p))
        return;
    if (!at(p, SQLP_TK_STRING))
        fail_expected_hint(p, "Write RESET 'key' (quoted), or RESET alone.");
    s->u.reset_key = parse_string_ptr(p);
}

static void parse_use(parser_t *p, sqlp_stmt_t *s)
{
    advance(p);
    if (is_kw(p, "MODULES"))
        unsupported_statement(p, cur(p), "USE MODULES");
    if (is_kw(p, "CATALOG") && tok_is_ident(peek(p, 1))) {
        advance(p);
        s->kind = SQLP_STMT_USE_CATALOG;
        s->u.use = parse_name(p);
        return;
    }
    s->kind = SQLP_STMT_USE;
    s->u.use = parse_name(p);
}

static void parse_insert(parser_t *p, sqlp_stmt_t *s)
{
    advance(p);
    s->kind = SQLP_STMT_INSERT;
    if (is_kw(p, "OVERWRITE"))
        unsupported(p, cur(p), "INSERT OVERWRITE", "use INSERT INTO; ptfhost appends to its sinks");
    expect_kw(p, "INTO");
    s->u.insert.table = parse_name(p);
    if (is_kw(p, "PARTITION"))
        unsupported(p, cur(p), "INSERT INTO ... PARTITION (static partitions)",
                    "insert the partition columns as ordinary values");
    if (cur(p)->kind == SQLP_TK_LPAREN && !starts_query(peek(p, 1)))
        s->u.insert.cols = parse_ident_list(p, &s->u.insert.ncols);
    s->u.insert.query = parse_query(p);
}

/* The INSERTs of a statement set up to END: `;` separates them. */
static void parse_statement_set_body(parser_t *p, sqlp_stmt_t *s, const sqlp_token_t *begin)
{
    vec_t inserts = {0};
    s->kind = SQLP_STMT_STATEMENT_SET;
    for (;;) {
        while (accept(p, SQLP_TK_SEMI))
            ;
        if (accept_kw(p, "END"))
            break;
        if (cur(p)->kind == SQLP_TK_EOF)
            fail_at(p, begin->pos, tok_chars(begin),
                    "SQL parse failed. The statement set started here has no END: close it with END;");
        if (!at_kw(p, "INSERT")) {
            if (at_kw(p, "END"))
                break;
            fail_expected_hint(p, "A statement set contains only INSERT INTO statements, separated by ';', "
                                  "and ends with END.");
        }
        const sqlp_token_t *first = cur(p);
        sqlp_stmt_t *ins = arena_calloc(p->a, 1, sizeof *ins);
        parse_insert(p, ins);
        ins->text = text_span(p, first->pos, prev_end(p));
        *VEC_PUSH(p, &inserts, sqlp_stmt_t *) = ins;
        if (!at(p, SQLP_TK_SEMI) && !at_kw(p, "END"))
            fail_expected(p);
    }
    if (inserts.n == 0)
        fail_at(p, begin->pos, tok_chars(begin), "SQL parse failed. The statement set has no INSERT INTO statement");
    s->u.statement_set.n = inserts.n;
    s->u.statement_set.inserts = inserts.items;
}

static void parse_execute(parser_t *p, sqlp_stmt_t *s)
{
    const sqlp_token_t *exec = advance(p);
    if (accept_kw(p, "STATEMENT")) {
        expect_kw(p, "SET");
        expect_kw(p, "BEGIN");
        parse_statement_set_body(p, s, exec);
    } else if (at_kw(p, "INSERT")) {
        parse_insert(p, s);
    } else if (is_kw(p, "PLAN")) {
        unsupported_statement(p, exec, "EXECUTE PLAN");
    } else {
        fail_expected(p);
    }
}

static sqlp_stmt_t *parse_statement(parser_t *p)
{
    sqlp_stmt_t *s = arena_calloc(p->a, 1, sizeof *s);
    const sqlp_token_t *t = cur(p);
    if (at_kw(p, "SELECT") || at_kw(p, "WITH") || at_kw(p, "VALUES") || at(p, SQLP_TK_LPAREN)) {
        s->kind = SQLP_STMT_QUERY;
        s->u.query = parse_query(p);
    } else if (at_kw(p, "INSERT")) {
        parse_insert(p, s);
    } else if (at_kw(p, "CREATE")) {
        parse_create(p, s);
    } else if (at_kw(p, "DROP")) {
        parse_drop(p, s);
    } else if (at_kw(p, "ADD")) {
        advance(p);
        expect_kw(p, "JAR");
        s->kind = SQLP_STMT_ADD_JAR;
        s->u.add_jar = parse_string(p);
    } else if (at_kw(p, "SHOW")) {
        parse_show(p, s);
    } else if (at_kw(p, "DESCRIBE") || at_kw(p, "DESC")) {
        parse_describe(p, s);
    } else if (at_kw(p, "SET")) {
        parse_set(p, s);
    } else if (at_kw(p, "RESET")) {
        parse_reset(p, s);
    } else if (at_kw(p, "USE")) {
        parse_use(p, s);
    } else if (at_kw(p, "EXECUTE")) {
        parse_execute(p, s);
    } else if (at_kw(p, "BEGIN")) {
        advance(p);
        expect_kw(p, "STATEMENT");
        expect_kw(p, "SET");
        expect(p, SQLP_TK_SEMI);
        parse_statement_set_body(p, s, t);
    } else {
        static const char *const others[] = {
            "ALTER", "ANALYZE", "CALL", "COMPILE", "DELETE", "UPDATE", "EXPLAIN", "LOAD", "UNLOAD", "REMOVE",
            "STOP", "TRUNCATE", "REPLACE", "UPSERT", "MERGE"};
        for (size_t k = 0; k < sizeof others / sizeof others[0]; k++)
            if (is_kw(p, others[k])) {
                char what[64];
                const sqlp_token_t *n = peek(p, 1);
                if (n->kind == SQLP_TK_IDENT && sqlp_is_reserved(n->text, n->len))
                    snprintf(what, sizeof what, "%s %.*s", others[k], (int)(n->len < 30 ? n->len : 30), n->text);
                else
                    snprintf(what, sizeof what, "%s", others[k]);
                for (char *c = what; *c; c++)
                    *c = (char)toupper((unsigned char)*c);
                unsupported_statement(p, t, what);
            }
        if (is_kw(p, "END"))
            fail_at(p, t->pos, 3, "SQL parse failed. END without BEGIN STATEMENT SET");
        fail_expected(p);
    }
    return s;
}

static int parse_tokens(parser_t *p, sqlp_script_t *script)
{
    vec_t stmts = {0};
    /* Hints change options or state handling (OPTIONS, STATE_TTL): ignoring
     * one silently would run something else than the user wrote. */
    for (int k = 0; k < p->ntoks; k++)
        if (p->toks[k].kind == SQLP_TK_HINT)
            unsupported(p, &p->toks[k], "SQL hints",
                        "set table options in CREATE TABLE ... WITH (...) and the state TTL with "
                        "SET 'table.exec.state.ttl' = '...'");
    for (;;) {
        while (accept(p, SQLP_TK_SEMI))
            ;
        if (cur(p)->kind == SQLP_TK_EOF)
            break;
        const sqlp_token_t *first = cur(p);
        sqlp_stmt_t *s = parse_statement(p);
        s->text = text_span(p, first->pos, prev_end(p));
        *VEC_PUSH(p, &stmts, sqlp_stmt_t *) = s;
        if (!at_statement_end(p))
            fail_expected(p);
    }
    script->nstmts = stmts.n;
    script->stmts = stmts.items;
    return 0;
}

int sqlp_parse_script_n(const char *text, size_t len, const char *filename, arena_t *a, sqlp_script_t **out,
                        char *err, size_t errlen)
{
    sqlp_script_t *script = arena_calloc(a, 1, sizeof *script);
    char *copy = arena_alloc(a, len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    script->text = copy;
    script->len = len;
    script->filename = filename ? arena_strdup(a, filename) : NULL;

    char msg[512];
    sqlp_pos_t errpos;
    sqlp_token_t *toks;
    int ntoks;
    if (sqlp_lex(copy, len, &toks, &ntoks, msg, sizeof msg, &errpos) != 0) {
        sqlp_format_error_text(copy, len, script->filename, errpos, 1, err, errlen, "%s", msg);
        return -1;
    }

    /* volatile: read after longjmp. */
    parser_t *volatile p = arena_calloc(a, 1, sizeof(parser_t));
    p->a = a;
    p->text = copy;
    p->len = len;
    p->filename = script->filename;
    p->toks = toks;
    p->ntoks = ntoks;
    p->exp_tok = -1;
    p->implicit_alias_tok = -1;
    p->err = err;
    p->errlen = errlen;
    int rc;
    if (setjmp(p->fail) == 0)
        rc = parse_tokens(p, script);
    else
        rc = -1;
    free(p->toks);
    if (rc == 0)
        *out = script;
    return rc;
}

int sqlp_parse_script(const char *text, const char *filename, arena_t *a, sqlp_script_t **out, char *err,
                      size_t errlen)
{
    return sqlp_parse_script_n(text, strlen(text), filename, a, out, err, errlen);
}

/* sql_lexer.c - see sql_lexer.h. Follows Flink's (Calcite's, with backtick
 * quoting) lexical rules: identifiers start with a letter, '_' or '$' and go
 * on with letters, digits, '_' and '$' (any non-ASCII character counts as a
 * letter); strings are single-quoted with '' as the escape; comments are
 * `--` to the end of the line and C-style blocks. Columns are counted in
 * characters, not bytes, so the caret lands under the right character of a
 * line with non-ASCII text. */
#include "sql/sql_lexer.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/utf8.h"

typedef struct lexer {
    const char *text;
    size_t len, i;
    int line, col;
    sqlp_token_t *toks;
    int n, cap;
    sqlp_pos_t last_end;   /* just past the last token: where <EOF> is reported */
} lexer_t;

static bool is_ident_start(unsigned char c)
{
    return isalpha(c) || c == '_' || c == '$' || c >= 0x80;
}

static bool is_ident_part(unsigned char c)
{
    return is_ident_start(c) || isdigit(c);
}

static sqlp_pos_t here(const lexer_t *lx)
{
    sqlp_pos_t p = {lx->line, lx->col, lx->i};
    return p;
}

/* Advances one byte, keeping line and column (UTF-8 continuation bytes do
 * not start a new column). */
static void step(lexer_t *lx)
{
    unsigned char c = (unsigned char)lx->text[lx->i++];
    if (c == '\n') {
        lx->line++;
        lx->col = 1;
    } else if (!utf8_is_continuation(c)) {
        lx->col++;
    }
    /* A continuation byte stays in the column its lead byte opened; the
     * lead byte already counted it. */
}

static int peekc(const lexer_t *lx, size_t ahead)
{
    return lx->i + ahead < lx->len ? (unsigned char)lx->text[lx->i + ahead] : -1;
}

static void push(lexer_t *lx, sqlp_tok_kind_t kind, sqlp_pos_t start)
{
    if (lx->n == lx->cap) {
        lx->cap = lx->cap ? lx->cap * 2 : 256;
        sqlp_token_t *t = realloc(lx->toks, (size_t)lx->cap * sizeof(*t));
        if (!t) {
            fputs("ptfhost: out of memory\n", stderr);
            abort();
        }
        lx->toks = t;
    }
    sqlp_token_t *t = &lx->toks[lx->n++];
    t->kind = kind;
    t->text = lx->text + start.offset;
    t->len = lx->i - start.offset;
    t->pos = start;
    lx->last_end = here(lx);
}

static int fail(lexer_t *lx, sqlp_pos_t at, char *msg, size_t msglen, sqlp_pos_t *errpos,
                const char *what)
{
    (void)lx;
    snprintf(msg, msglen, "SQL parse failed. Lexical error at line %d, column %d: %s", at.line, at.col,
             what);
    *errpos = at;
    return -1;
}

/* At a NUL byte inside a literal, a name or a comment: said as what it is
 * (a NUL is what a UTF-16 file or a binary one is full of), where it is. */
static int fail_nul(lexer_t *lx, const char *inside, char *msg, size_t msglen, sqlp_pos_t *errpos)
{
    char what[128];
    snprintf(what, sizeof what, "a NUL byte (0x00) inside %s (is this a text file?)", inside);
    return fail(lx, here(lx), msg, msglen, errpos, what);
}

/* Steps over a literal quoted with q, where a doubled q stands for itself.
 * false if the text ends (or holds a NUL byte) before the closing quote. */
static bool scan_quoted(lexer_t *lx, int q)
{
    step(lx);
    for (;;) {
        if (peekc(lx, 0) <= 0) return false;
        if (peekc(lx, 0) == q) {
            step(lx);
            if (peekc(lx, 0) != q) return true;
        }
        step(lx);
    }
}

/* At "--" or "/" "*": steps over the comment; a hint comment ("/" "*+")
 * becomes a token. -1 with msg set when a block comment is not closed or a
 * comment holds a NUL byte. */
static int scan_comment(lexer_t *lx, char *msg, size_t msglen, sqlp_pos_t *errpos)
{
    sqlp_pos_t start = here(lx);
    bool block = peekc(lx, 1) == '*', hint = block && peekc(lx, 2) == '+';
    step(lx);
    step(lx);
    for (;;) {
        int c = peekc(lx, 0);
        if (c < 0 || (!block && c == '\n'))
            break;
        if (c == 0)
            return fail_nul(lx, "a comment", msg, msglen, errpos);
        if (block && c == '*' && peekc(lx, 1) == '/') {
            step(lx);
            step(lx);
            if (hint)
                push(lx, SQLP_TK_HINT, start);
            return 0;
        }
        step(lx);
    }
    return block ? fail(lx, start, msg, msglen, errpos, "unterminated comment: '/*' has no closing '*/'") : 0;
}

/* Scans digits [. digits] [E [+-] digits]; the caller saw a digit or ".digit". */
static sqlp_tok_kind_t scan_number(lexer_t *lx)
{
    sqlp_tok_kind_t kind = SQLP_TK_INTEGER;
    while (peekc(lx, 0) >= 0 && isdigit(peekc(lx, 0)))
        step(lx);
    if (peekc(lx, 0) == '.') {
        kind = SQLP_TK_DECIMAL;
        step(lx);
        while (peekc(lx, 0) >= 0 && isdigit(peekc(lx, 0)))
            step(lx);
    }
    if ((peekc(lx, 0) == 'e' || peekc(lx, 0) == 'E') &&
        ((peekc(lx, 1) >= 0 && isdigit(peekc(lx, 1))) ||
         ((peekc(lx, 1) == '+' || peekc(lx, 1) == '-') && peekc(lx, 2) >= 0 && isdigit(peekc(lx, 2))))) {
        kind = SQLP_TK_DOUBLE;
        step(lx);
        if (peekc(lx, 0) == '+' || peekc(lx, 0) == '-')
            step(lx);
        while (peekc(lx, 0) >= 0 && isdigit(peekc(lx, 0)))
            step(lx);
    }
    return kind;
}

int sqlp_lex(const char *text, size_t len, sqlp_token_t **toks, int *ntoks, char *msg, size_t msglen,
             sqlp_pos_t *errpos)
{
    lexer_t lx = {text, len, 0, 1, 1, NULL, 0, 0, {1, 1, 0}};
    char what[160];

    /* A UTF-8 byte order mark is not part of the script. */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        lx.i = 3;

    for (;;) {
        int c = peekc(&lx, 0);
        if (c < 0)
            break;
        sqlp_pos_t start = here(&lx);

        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            step(&lx);
            continue;
        }
        if ((c == '-' && peekc(&lx, 1) == '-') || (c == '/' && peekc(&lx, 1) == '*')) {
            if (scan_comment(&lx, msg, msglen, errpos) != 0)
                goto error;
            continue;
        }
        if (c == 0) {
            fail(&lx, start, msg, msglen, errpos, "unexpected NUL byte (is this a text file?)");
            goto error;
        }
        if ((c == 'x' || c == 'X') && peekc(&lx, 1) == '\'') {
            step(&lx);
            step(&lx);
            while (peekc(&lx, 0) >= 0 && peekc(&lx, 0) != '\'') {
                if (peekc(&lx, 0) == 0) {
                    fail_nul(&lx, "a binary string literal", msg, msglen, errpos);
                    goto error;
                }
                if (!isxdigit(peekc(&lx, 0))) {
                    fail(&lx, here(&lx), msg, msglen, errpos,
                         "binary string literal X'...' may only contain hexadecimal digits");
                    goto error;
                }
                step(&lx);
            }
            if (peekc(&lx, 0) < 0) {
                fail(&lx, start, msg, msglen, errpos, "unterminated binary string literal: missing closing '");
                goto error;
            }
            step(&lx);
            push(&lx, SQLP_TK_BINSTRING, start);
            continue;
        }
        if (is_ident_start((unsigned char)c)) {
            while (peekc(&lx, 0) >= 0 && is_ident_part((unsigned char)peekc(&lx, 0)))
                step(&lx);
            push(&lx, SQLP_TK_IDENT, start);
            continue;
        }
        if (isdigit(c) || (c == '.' && peekc(&lx, 1) >= 0 && isdigit(peekc(&lx, 1)))) {
            sqlp_tok_kind_t kind = scan_number(&lx);
            if (peekc(&lx, 0) >= 0 && is_ident_start((unsigned char)peekc(&lx, 0))) {
                /* 12abc: Calcite would lex a number and an identifier; the
                 * result is never valid, so say it plainly. */
                fail(&lx, start, msg, msglen, errpos,
                     "a number runs into a name; separate them with a space or quote the name with backticks");
                goto error;
            }
            push(&lx, kind, start);
            continue;
        }
        if (c == '\'') {
            if (!scan_quoted(&lx, '\'')) {
                if (peekc(&lx, 0) == 0)
                    fail_nul(&lx, "a string literal", msg, msglen, errpos);
                else
                    fail(&lx, start, msg, msglen, errpos,
                         "unterminated string literal: missing closing ' (write '' for a quote inside a string)");
                goto error;
            }
            push(&lx, SQLP_TK_STRING, start);
            continue;
        }
        if (c == '`') {
            if (!scan_quoted(&lx, '`')) {
                if (peekc(&lx, 0) == 0)
                    fail_nul(&lx, "a quoted identifier", msg, msglen, errpos);
                else
                    fail(&lx, start, msg, msglen, errpos,
                         "unterminated quoted identifier: missing closing ` (write `` for a backtick inside a name)");
                goto error;
            }
            if (lx.i - start.offset == 2) {
                fail(&lx, start, msg, msglen, errpos, "empty quoted identifier ``");
                goto error;
            }
            push(&lx, SQLP_TK_QIDENT, start);
            continue;
        }

        sqlp_tok_kind_t kind;
        int width = 1;
        switch (c) {
        case '(': kind = SQLP_TK_LPAREN; break;
        case ')': kind = SQLP_TK_RPAREN; break;
        case '[': kind = SQLP_TK_LBRACKET; break;
        case ']': kind = SQLP_TK_RBRACKET; break;
        case ',': kind = SQLP_TK_COMMA; break;
        case ';': kind = SQLP_TK_SEMI; break;
        case '.': kind = SQLP_TK_DOT; break;
        case '*': kind = SQLP_TK_STAR; break;
        case '+': kind = SQLP_TK_PLUS; break;
        case '-': kind = SQLP_TK_MINUS; break;
        case '/': kind = SQLP_TK_SLASH; break;
        case '%': kind = SQLP_TK_PERCENT; break;
        case '?': kind = SQLP_TK_QUESTION; break;
        case '=':
            if (peekc(&lx, 1) == '>') {
                kind = SQLP_TK_ARROW;
                width = 2;
            } else {
                kind = SQLP_TK_EQ;
            }
            break;
        case '<':
            if (peekc(&lx, 1) == '>') {
                kind = SQLP_TK_NE;
                width = 2;
            } else if (peekc(&lx, 1) == '=') {
                kind = SQLP_TK_LE;
                width = 2;
            } else {
                kind = SQLP_TK_LT;
            }
            break;
        case '>':
            if (peekc(&lx, 1) == '=') {
                kind = SQLP_TK_GE;
                width = 2;
            } else {
                kind = SQLP_TK_GT;
            }
            break;
        case '!':
            if (peekc(&lx, 1) == '=') {
                kind = SQLP_TK_NE;
                width = 2;
                break;
            }
            fail(&lx, start, msg, msglen, errpos, "unexpected character '!' (did you mean '<>'?)");
            goto error;
        case '|':
            if (peekc(&lx, 1) == '|') {
                kind = SQLP_TK_CONCAT;
                width = 2;
                break;
            }
            fail(&lx, start, msg, msglen, errpos, "unexpected character '|' (did you mean '||'?)");
            goto error;
        case '"':
            fail(&lx, start, msg, msglen, errpos,
                 "unexpected character '\"': Flink SQL writes strings in single quotes ('text') "
                 "and quotes names with backticks (`name`)");
            goto error;
        default:
            if (isprint(c))
                snprintf(what, sizeof what, "unexpected character '%c'", c);
            else
                snprintf(what, sizeof what, "unexpected character (byte 0x%02X)", (unsigned)c);
            fail(&lx, start, msg, msglen, errpos, what);
            goto error;
        }
        for (int k = 0; k < width; k++)
            step(&lx);
        push(&lx, kind, start);
    }
    /* <EOF> is reported right after the last token, not after trailing
     * blank lines and comments, so the caret lands on a visible line. */
    sqlp_pos_t eof = lx.n > 0 ? lx.last_end : here(&lx);
    push(&lx, SQLP_TK_EOF, eof);
    lx.toks[lx.n - 1].text = text + eof.offset;
    lx.toks[lx.n - 1].len = 0;
    *toks = lx.toks;
    *ntoks = lx.n;
    return 0;

error:
    free(lx.toks);
    return -1;
}

bool sqlp_tok_is_kw(const sqlp_token_t *t, const char *kw)
{
    if (t->kind != SQLP_TK_IDENT)
        return false;
    size_t n = strlen(kw);
    if (t->len != n)
        return false;
    for (size_t k = 0; k < n; k++)
        if (toupper((unsigned char)t->text[k]) != kw[k])
            return false;
    return true;
}

const char *sqlp_tok_kind_desc(sqlp_tok_kind_t kind)
{
    switch (kind) {
    case SQLP_TK_EOF: return "<EOF>";
    case SQLP_TK_IDENT: return "an identifier";
    case SQLP_TK_QIDENT: return "a quoted identifier";
    case SQLP_TK_STRING: return "a string literal";
    case SQLP_TK_BINSTRING: return "a binary string literal";
    case SQLP_TK_INTEGER: return "an integer";
    case SQLP_TK_DECIMAL: return "a decimal number";
    case SQLP_TK_DOUBLE: return "a number";
    case SQLP_TK_LPAREN: return "\"(\"";
    case SQLP_TK_RPAREN: return "\")\"";
    case SQLP_TK_LBRACKET: return "\"[\"";
    case SQLP_TK_RBRACKET: return "\"]\"";
    case SQLP_TK_COMMA: return "\",\"";
    case SQLP_TK_SEMI: return "\";\"";
    case SQLP_TK_DOT: return "\".\"";
    case SQLP_TK_STAR: return "\"*\"";
    case SQLP_TK_PLUS: return "\"+\"";
    case SQLP_TK_MINUS: return "\"-\"";
    case SQLP_TK_SLASH: return "\"/\"";
    case SQLP_TK_PERCENT: return "\"%\"";
    case SQLP_TK_EQ: return "\"=\"";
    case SQLP_TK_NE: return "\"<>\"";
    case SQLP_TK_LT: return "\"<\"";
    case SQLP_TK_LE: return "\"<=\"";
    case SQLP_TK_GT: return "\">\"";
    case SQLP_TK_GE: return "\">=\"";
    case SQLP_TK_ARROW: return "\"=>\"";
    case SQLP_TK_CONCAT: return "\"||\"";
    case SQLP_TK_QUESTION: return "\"?\"";
    case SQLP_TK_HINT: return "a hint";
    }
    return "?";
}

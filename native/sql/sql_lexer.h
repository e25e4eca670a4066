/* sql_lexer.h - tokens of Flink SQL (internal to native/sql).
 *
 * The lexer turns the whole script into an array of tokens up front, so the
 * parser can look ahead freely (`name =>`, `f (`, `TABLE (`). Tokens point
 * into the text; nothing is copied. Keywords are not a token kind: a keyword
 * is an unquoted identifier token compared case-insensitively by the parser,
 * because most of Flink's keywords are non-reserved and may be names too. */
#ifndef PTF_SQL_LEXER_H
#define PTF_SQL_LEXER_H

#include <stdbool.h>
#include <stddef.h>

#include "sql/sql_ast.h"

typedef enum sqlp_tok_kind {
    SQLP_TK_EOF,
    SQLP_TK_IDENT,       /* unquoted identifier or keyword */
    SQLP_TK_QIDENT,      /* `quoted identifier` (text includes the backticks) */
    SQLP_TK_STRING,      /* 'string' (text includes the quotes) */
    SQLP_TK_BINSTRING,   /* X'0aff' */
    SQLP_TK_INTEGER,     /* 42 */
    SQLP_TK_DECIMAL,     /* 4.2, .5, 5. */
    SQLP_TK_DOUBLE,      /* 4.2E1 */
    SQLP_TK_LPAREN, SQLP_TK_RPAREN, SQLP_TK_LBRACKET, SQLP_TK_RBRACKET,
    SQLP_TK_COMMA, SQLP_TK_SEMI, SQLP_TK_DOT,
    SQLP_TK_STAR, SQLP_TK_PLUS, SQLP_TK_MINUS, SQLP_TK_SLASH, SQLP_TK_PERCENT,
    SQLP_TK_EQ, SQLP_TK_NE, SQLP_TK_LT, SQLP_TK_LE, SQLP_TK_GT, SQLP_TK_GE,
    SQLP_TK_ARROW,       /* => */
    SQLP_TK_CONCAT,      /* || */
    SQLP_TK_QUESTION,    /* ? (a dynamic parameter: not supported in scripts) */
    SQLP_TK_HINT,        /* a hint comment: / *+ ... * / */
} sqlp_tok_kind_t;

typedef struct sqlp_token {
    sqlp_tok_kind_t kind;
    const char *text;    /* points into the script */
    size_t len;
    sqlp_pos_t pos;
} sqlp_token_t;

/* Tokenises text[0..len). On success returns 0 and a malloc'ed array ending
 * with an EOF token (caller frees). On error returns -1, writes
 * "SQL parse failed. Lexical error at line L, column C: ..." into `msg` and
 * sets *errpos to where the excerpt should point. */
int sqlp_lex(const char *text, size_t len, sqlp_token_t **toks, int *ntoks, char *msg, size_t msglen,
             sqlp_pos_t *errpos);

/* Case-insensitive comparison of an unquoted identifier token with a keyword
 * given in upper case. */
bool sqlp_tok_is_kw(const sqlp_token_t *t, const char *kw);

/* "IDENT", "','", ... : a short description of a token kind for messages. */
const char *sqlp_tok_kind_desc(sqlp_tok_kind_t kind);

#endif

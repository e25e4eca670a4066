/* sql_split.c - where a statement typed into 'ptfhost sql' ends (see
 * sql_shell.h). The shell needs this before the text parses: a line that
 * ends inside a string literal or a comment continues the statement, as in
 * Flink's client. Doubled quotes ('it''s') stay inside the literal. */
#include "cli/sql_shell.h"

#include <string.h>

/* The index just past the quoted part opened by text[i] == q. */
static size_t skip_quoted(const char *text, size_t len, size_t i, char q)
{
    for (i++; i < len; i++) {
        if (text[i] != q) continue;
        if (i + 1 < len && text[i + 1] == q) {
            i++;
            continue;
        }
        return i + 1;
    }
    return len;
}

/* The index just past a comment starting at text[i], or i if none does. */
static size_t skip_comment(const char *text, size_t len, size_t i)
{
    if (i + 1 < len && text[i] == '-' && text[i + 1] == '-') {
        const char *nl = memchr(text + i, '\n', len - i);
        return nl ? (size_t)(nl - text) + 1 : len;
    }
    if (i + 1 < len && text[i] == '/' && text[i + 1] == '*') {
        for (size_t j = i + 2; j + 1 < len; j++)
            if (text[j] == '*' && text[j + 1] == '/') return j + 2;
        return len;
    }
    return i;
}

/* The index of the next ';' outside quotes and comments, or len. When
 * blank is given it is cleared on any other character outside comments. */
static size_t next_semicolon(const char *text, size_t len, size_t i, bool *blank)
{
    while (i < len) {
        size_t past = skip_comment(text, len, i);
        if (past != i) {
            i = past;
            continue;
        }
        char c = text[i];
        if (c == ';') return i;
        if (blank && !strchr(" \t\r\n", c)) *blank = false;
        i = (c == '\'' || c == '"' || c == '`') ? skip_quoted(text, len, i, c) : i + 1;
    }
    return len;
}

size_t cli_sql_statement_end(const char *text, size_t len)
{
    size_t at = next_semicolon(text, len, 0, NULL);
    return at < len ? at + 1 : 0;
}

bool cli_sql_is_blank(const char *text, size_t len)
{
    bool blank = true;
    for (size_t i = 0; i < len && blank; i++) i = next_semicolon(text, len, i, &blank);
    return blank;
}

/* sql_split.c - where a statement typed into 'ptfhost sql' ends (see
 * sql_shell.h). The shell needs this before the text parses: a line that
 * ends inside a string literal or a comment continues the statement, as in
 * Flink's client. Doubled quotes ('it''s') stay inside the literal. */
#include "cli/sql_shell.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

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

/* The index past blanks and comments from i. */
static size_t skip_blank(const char *text, size_t len, size_t i)
{
    for (;;) {
        while (i < len && strchr(" \t\r\n", text[i])) i++;
        size_t past = skip_comment(text, len, i);
        if (past == i) return i;
        i = past;
    }
}

/* True when text[0..len) is the words given (case-insensitive, any blanks
 * and comments between them), and only them when whole. */
static bool words_are(const char *text, size_t len, const char *const *words, int n, bool whole)
{
    size_t i = 0;
    for (int w = 0; w < n; w++) {
        i = skip_blank(text, len, i);
        size_t wl = strlen(words[w]);
        if (len - i < wl || strncasecmp(text + i, words[w], wl) != 0) return false;
        i += wl;
        if (i < len && !strchr(" \t\r\n-/;", text[i])) return false;
    }
    return !whole || skip_blank(text, len, i) == len;
}

/* BEGIN STATEMENT SET; ... END; and EXECUTE STATEMENT SET BEGIN ... END;
 * are one statement with ';' inside, as the client reads them. */
static bool opens_statement_set(const char *text, size_t len)
{
    static const char *const begin[] = {"BEGIN", "STATEMENT", "SET"};
    static const char *const execute[] = {"EXECUTE", "STATEMENT", "SET", "BEGIN"};
    return words_are(text, len, begin, 3, false) || words_are(text, len, execute, 4, false);
}

size_t cli_sql_statement_end(const char *text, size_t len)
{
    static const char *const end_word[] = {"END"};
    size_t at = next_semicolon(text, len, 0, NULL);
    if (at == len) return 0;
    if (!opens_statement_set(text, at)) return at + 1;
    for (size_t from = at + 1; (at = next_semicolon(text, len, from, NULL)) < len; from = at + 1)
        if (words_are(text + from, at - from, end_word, 1, true)) return at + 1;
    return 0;
}

bool cli_sql_is_blank(const char *text, size_t len)
{
    bool blank = true;
    for (size_t i = 0; i < len && blank; i++) i = next_semicolon(text, len, i, &blank);
    return blank;
}

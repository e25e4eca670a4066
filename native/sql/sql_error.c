/* sql_error.c - error messages that point into the script.
 *
 * One format for every message about a place in a SQL script, whether the
 * parser or the planner found the problem:
 *
 *     job.sql:3:15: <message, possibly several lines>
 *         3 | SELECT x FROM t
 *           |        ^
 *
 * The caret line copies the tabs of the source line so the caret stays under
 * the right character whatever the terminal's tab width. Very long lines are
 * cut to a window around the column. */
#include "sql/sql.h"

#include <stdio.h>
#include <string.h>

#include "util/utf8.h"

#define EXCERPT_MAX 150   /* bytes of a source line shown around the column */

/* Appends at most what fits; err is always NUL-terminated. */
static void put(char *err, size_t errlen, size_t *used, const char *s, size_t n)
{
    if (*used + 1 >= errlen)
        return;
    size_t room = errlen - 1 - *used;
    if (n > room)
        n = room;
    memcpy(err + *used, s, n);
    *used += n;
    err[*used] = '\0';
}

/* A source line as shown: a NUL byte (which would end the message) as
 * U+2400, one column wide like the byte the caret line counts. */
static void put_source(char *err, size_t errlen, size_t *used, const char *s, size_t n)
{
    const char *nul;
    while ((nul = memchr(s, '\0', n)) != NULL) {
        put(err, errlen, used, s, (size_t)(nul - s));
        put(err, errlen, used, "\xE2\x90\x80", 3);
        n -= (size_t)(nul - s) + 1;
        s = nul + 1;
    }
    put(err, errlen, used, s, n);
}

static void excerpt(const char *text, size_t textlen, sqlp_pos_t pos, size_t len, char *err, size_t errlen,
                    size_t *used)
{
    if (!text || pos.line < 1)
        return;
    size_t off = pos.offset <= textlen ? pos.offset : textlen;
    size_t ls = off, le = off;
    while (ls > 0 && text[ls - 1] != '\n')
        ls--;
    while (le < textlen && text[le] != '\n')
        le++;
    if (le > ls && text[le - 1] == '\r')
        le--;
    if (off > le)
        off = le;

    /* Window of at most EXCERPT_MAX bytes, on character boundaries. */
    size_t ws = ls, we = le;
    bool cut_left = false, cut_right = false;
    if (we - ws > EXCERPT_MAX) {
        if (off - ws > EXCERPT_MAX / 2) {
            ws = off - EXCERPT_MAX / 2;
            while (ws < off && utf8_is_continuation((unsigned char)text[ws]))
                ws++;
            cut_left = true;
        }
        if (we - ws > EXCERPT_MAX) {
            we = ws + EXCERPT_MAX;
            while (we > off && we < le && utf8_is_continuation((unsigned char)text[we]))
                we--;
            cut_right = true;
        }
    }

    char gutter[32];
    int gw = snprintf(gutter, sizeof gutter, "%5d", pos.line);
    put(err, errlen, used, "\n", 1);
    put(err, errlen, used, gutter, (size_t)gw);
    put(err, errlen, used, " | ", 3);
    if (cut_left)
        put(err, errlen, used, "...", 3);
    put_source(err, errlen, used, text + ws, we - ws);
    if (cut_right)
        put(err, errlen, used, "...", 3);

    put(err, errlen, used, "\n", 1);
    for (int k = 0; k < gw; k++)
        put(err, errlen, used, " ", 1);
    put(err, errlen, used, " | ", 3);
    if (cut_left)
        put(err, errlen, used, "   ", 3);
    for (size_t k = ws; k < off; k++) {
        unsigned char c = (unsigned char)text[k];
        if (c == '\t')
            put(err, errlen, used, "\t", 1);
        else if (!utf8_is_continuation(c))
            put(err, errlen, used, " ", 1);
    }
    put(err, errlen, used, "^", 1);
    /* Underline the rest of the span, up to the end of the shown line. */
    size_t k = off;
    if (k < we)
        for (k++; k < we && utf8_is_continuation((unsigned char)text[k]); k++)
            ;
    for (size_t n = 1; n < len && k < we; n++) {
        put(err, errlen, used, "~", 1);
        for (k++; k < we && utf8_is_continuation((unsigned char)text[k]); k++)
            ;
    }
}

char *sqlp_vformat_error_text(const char *text, size_t textlen, const char *filename, sqlp_pos_t pos,
                              size_t len, char *err, size_t errlen, const char *fmt, va_list ap)
{
    if (!err || errlen == 0)
        return err;
    err[0] = '\0';
    int n;
    if (filename)
        n = snprintf(err, errlen, "%s:%d:%d: ", filename, pos.line, pos.col);
    else
        n = snprintf(err, errlen, "line %d, column %d: ", pos.line, pos.col);
    size_t used = n < 0 ? 0 : ((size_t)n < errlen ? (size_t)n : errlen - 1);
    if (used + 1 < errlen) {
        int m = vsnprintf(err + used, errlen - used, fmt, ap);
        if (m > 0)
            used += (size_t)m < errlen - used ? (size_t)m : errlen - used - 1;
    }
    excerpt(text, textlen, pos, len, err, errlen, &used);
    return err;
}

char *sqlp_format_error_text(const char *text, size_t textlen, const char *filename, sqlp_pos_t pos,
                             size_t len, char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sqlp_vformat_error_text(text, textlen, filename, pos, len, err, errlen, fmt, ap);
    va_end(ap);
    return err;
}

char *sqlp_vformat_error(const sqlp_script_t *script, sqlp_pos_t pos, size_t len, char *err, size_t errlen,
                         const char *fmt, va_list ap)
{
    return sqlp_vformat_error_text(script ? script->text : NULL, script ? script->len : 0,
                                   script ? script->filename : NULL, pos, len, err, errlen, fmt, ap);
}

char *sqlp_format_error(const sqlp_script_t *script, sqlp_pos_t pos, size_t len, char *err, size_t errlen,
                        const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sqlp_vformat_error(script, pos, len, err, errlen, fmt, ap);
    va_end(ap);
    return err;
}

sqlp_pos_t sqlp_pos_advance(const sqlp_script_t *script, sqlp_pos_t from, size_t nchars)
{
    sqlp_pos_t p = from;
    while (nchars > 0 && p.offset < script->len) {
        unsigned char c = (unsigned char)script->text[p.offset++];
        if (c == '\n') {
            p.line++;
            p.col = 1;
        } else {
            p.col++;
        }
        while (p.offset < script->len && utf8_is_continuation((unsigned char)script->text[p.offset]))
            p.offset++;
        nchars--;
    }
    return p;
}

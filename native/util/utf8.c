/* utf8.c - see utf8.h. */
#include "util/utf8.h"

void utf8_put(buf_t *b, uint32_t cp)
{
    if (cp < 0x80) {
        buf_putc(b, (char)cp);
    } else if (cp < 0x800) {
        buf_putc(b, (char)(0xC0 | cp >> 6));
        buf_putc(b, (char)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        buf_putc(b, (char)(0xE0 | cp >> 12));
        buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
        buf_putc(b, (char)(0x80 | (cp & 0x3F)));
    } else {
        buf_putc(b, (char)(0xF0 | cp >> 18));
        buf_putc(b, (char)(0x80 | ((cp >> 12) & 0x3F)));
        buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
        buf_putc(b, (char)(0x80 | (cp & 0x3F)));
    }
}

/* Continuation bytes a lead byte announces, and its payload bits; -1 for a
 * byte that cannot start a sequence (C0/C1 only start overlong forms). */
static int lead_length(unsigned c, uint32_t *bits)
{
    if (c < 0x80) { *bits = c; return 0; }
    if ((c & 0xE0) == 0xC0 && c >= 0xC2) { *bits = c & 0x1F; return 1; }
    if ((c & 0xF0) == 0xE0) { *bits = c & 0x0F; return 2; }
    if ((c & 0xF8) == 0xF0 && c <= 0xF4) { *bits = c & 0x07; return 3; }
    return -1;
}

uint32_t utf8_next(const char *p, size_t n, size_t *i)
{
    const unsigned char *s = (const unsigned char *)p;
    uint32_t cp;
    int need = lead_length(s[*i], &cp);
    (*i)++;
    if (need < 0) return UTF8_REPLACEMENT;
    int k = 0;
    for (; k < need && *i + (size_t)k < n && utf8_is_continuation(s[*i + (size_t)k]); k++)
        cp = (cp << 6) | (s[*i + (size_t)k] & 0x3F);
    *i += (size_t)k;
    if (k < need) return UTF8_REPLACEMENT;
    if (need == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) return UTF8_REPLACEMENT;
    if (need == 3 && (cp < 0x10000 || cp > 0x10FFFF)) return UTF8_REPLACEMENT;
    return cp;
}

size_t utf8_utf16_length(const char *s, size_t n)
{
    size_t len = 0, i = 0;
    while (i < n) len += utf8_next(s, n, &i) >= 0x10000 ? 2 : 1;
    return len;
}

size_t utf8_count_chars(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t k = 0; k < n; k++)
        if (!utf8_is_continuation((unsigned char)s[k])) c++;
    return c;
}

size_t utf8_floor_boundary(const char *s, size_t at)
{
    while (at > 0 && utf8_is_continuation((unsigned char)s[at])) at--;
    return at;
}

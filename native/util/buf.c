/* buf.c - see buf.h */
#include "util/buf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the fixed-width writers assume a little-endian host");

void buf_grow(buf_t *b, size_t extra)
{
    if (b->cap - b->len > extra) return;    /* strictly greater: room for a NUL */
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len <= extra) cap *= 2;
    unsigned char *p = realloc(b->data, cap);
    if (!p) {
        fputs("ptfhost: out of memory\n", stderr);
        abort();
    }
    b->data = p;
    b->cap = cap;
}

void buf_append(buf_t *b, const void *p, size_t n)
{
    buf_reserve(b, n);
    if (n) memcpy(b->data + b->len, p, n);
    b->len += n;
}

void buf_putc(buf_t *b, char c) { buf_append(b, &c, 1); }
void buf_puts(buf_t *b, const char *s) { buf_append(b, s, strlen(s)); }

/* Formats into the free room first: one vsnprintf unless the text does not fit. */
void buf_vprintf(buf_t *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    size_t room = b->cap - b->len;
    int n = vsnprintf(room ? (char *)b->data + b->len : NULL, room, fmt, ap2);
    va_end(ap2);
    if (n < 0) return;
    if ((size_t)n >= room) {
        buf_reserve(b, (size_t)n + 1);
        vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, ap);
    }
    b->len += (size_t)n;
}

void buf_printf(buf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *buf_cstr(buf_t *b)
{
    buf_reserve(b, 1);
    b->data[b->len] = '\0';
    return (const char *)b->data;
}

char *buf_steal(buf_t *b)
{
    buf_cstr(b);
    char *p = (char *)b->data;
    b->data = NULL;
    b->len = b->cap = 0;
    return p;
}

void buf_clear(buf_t *b) { b->len = 0; }

void buf_free(buf_t *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void buf_put_i64(buf_t *b, int64_t v)
{
    char digits[20];
    int n = 0;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do digits[n++] = (char)('0' + u % 10); while ((u /= 10) != 0);
    buf_reserve(b, (size_t)n + 1);
    if (v < 0) b->data[b->len++] = '-';
    while (n) b->data[b->len++] = (unsigned char)digits[--n];
}

void buf_put_u8(buf_t *b, uint8_t v) { buf_append(b, &v, 1); }
void buf_put_u16(buf_t *b, uint16_t v) { buf_append(b, &v, 2); }
void buf_put_u32(buf_t *b, uint32_t v) { buf_append(b, &v, 4); }
void buf_put_u64(buf_t *b, uint64_t v) { buf_append(b, &v, 8); }

int buf_read_file(buf_t *b, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) buf_append(b, chunk, n);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        snprintf(err, errlen, "cannot read '%s': I/O error", path);
        return -1;
    }
    return 0;
}

/* buf.h - growable byte buffer, used for encoded batches, rendered text and
 * files read whole. The buffer owns its memory (malloc); buf_free releases it.
 * Allocation failure aborts. */
#ifndef PTF_BUF_H
#define PTF_BUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

typedef struct buf {
    unsigned char *data;
    size_t len, cap;
} buf_t;

#define BUF_INIT {NULL, 0, 0}

void buf_grow(buf_t *b, size_t extra);               /* realloc so that cap > len + extra */

/* Ensures cap > len + extra (room for a NUL too); inline, as most calls have room. */
static inline void buf_reserve(buf_t *b, size_t extra)
{
    if (b->cap - b->len <= extra) buf_grow(b, extra);
}
void buf_append(buf_t *b, const void *p, size_t n);
void buf_putc(buf_t *b, char c);
void buf_puts(buf_t *b, const char *s);
void buf_printf(buf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(buf_t *b, const char *fmt, va_list ap);
void buf_put_i64(buf_t *b, int64_t v);                /* decimal text, as "%lld" prints it */
const char *buf_cstr(buf_t *b);                       /* NUL-terminates (not counted in len) */
char *buf_steal(buf_t *b);                            /* caller frees; buffer is reset */
void buf_clear(buf_t *b);                             /* len = 0, keeps memory */
void buf_free(buf_t *b);

/* Little-endian fixed-width writers (the bridge's wire format is little-endian;
 * so is every host we build for, which buf.c asserts). */
void buf_put_u8(buf_t *b, uint8_t v);
void buf_put_u16(buf_t *b, uint16_t v);
void buf_put_u32(buf_t *b, uint32_t v);
void buf_put_u64(buf_t *b, uint64_t v);

/* Read a whole file. Returns 0, or -1 with errstr set ("cannot read 'x': reason"). */
int buf_read_file(buf_t *b, const char *path, char *err, size_t errlen);

#endif

/* utf8.h - UTF-8 encoding and decoding ("utf8_"), the one place that knows
 * the byte layout of a code point.
 *
 * Decoding follows Java's UTF-8 decoder (what `new String(bytes, UTF_8)`
 * yields): a malformed sequence becomes U+FFFD, so code that mirrors a Java
 * String (hash codes, UTF-16 lengths, display widths) sees the same
 * characters Java would. Stateless and thread-safe. */
#ifndef PTF_UTF8_H
#define PTF_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

#define UTF8_REPLACEMENT 0xFFFDu

/* Appends cp (at most U+10FFFF; the caller replaces surrogates) as UTF-8. */
void utf8_put(buf_t *b, uint32_t cp);

/* The code point at s[*i] (i < n), advancing *i past it. An invalid lead
 * byte, an overlong form, a surrogate, a value above U+10FFFF or a cut
 * sequence yields UTF8_REPLACEMENT and skips the bytes examined. */
uint32_t utf8_next(const char *s, size_t n, size_t *i);

/* Java String.length() of the text: UTF-16 code units. */
size_t utf8_utf16_length(const char *s, size_t n);

/* A continuation byte (10xxxxxx): not the start of a character. */
static inline bool utf8_is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

/* Characters counted as bytes that start one (no validation: error
 * positions and columns, which count what the user typed). */
size_t utf8_count_chars(const char *s, size_t n);

/* The largest cut <= at that does not split a sequence (at <= n). */
size_t utf8_floor_boundary(const char *s, size_t at);

#endif

/* text.c - see text.h */
#include "types/text.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/calendar.h"
#include "types/java_time.h"
#include "util/utf8.h"

static int fail(char *err, size_t errlen, const char *fmt, const char *s, size_t n)
{
    if (errlen) snprintf(err, errlen, fmt, (int)(n > 80 ? 80 : n), s);
    return -1;
}

void text_trim(const char **s, size_t *n)
{
    while (*n > 0 && (unsigned char)(*s)[0] <= ' ') { (*s)++; (*n)--; }
    while (*n > 0 && (unsigned char)(*s)[*n - 1] <= ' ') (*n)--;
}

int text_parse_long(const char *s, size_t n, int64_t min, int64_t max, int64_t *out, char *err, size_t errlen)
{
    size_t i = 0;
    bool neg = false;
    if (n > 0 && (s[0] == '-' || s[0] == '+')) { neg = s[0] == '-'; i = 1; }
    if (i == n) return fail(err, errlen, "For input string: \"%.*s\"", s, n);
    /* Accumulate negatively so that MIN fits, as Long.parseLong does. */
    int64_t acc = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return fail(err, errlen, "For input string: \"%.*s\"", s, n);
        int d = s[i] - '0';
        if (acc < (INT64_MIN + d) / 10) return fail(err, errlen, "For input string: \"%.*s\" (out of range)", s, n);
        acc = acc * 10 - d;
    }
    if (!neg) {
        if (acc == INT64_MIN) return fail(err, errlen, "For input string: \"%.*s\" (out of range)", s, n);
        acc = -acc;
    }
    if (acc < min || acc > max) return fail(err, errlen, "Value out of range: \"%.*s\"", s, n);
    *out = acc;
    return 0;
}

/* Validates Java's FloatingDecimal grammar and copies a strtod-able form. */
static int java_float_text(const char *s, size_t n, char *tmp, size_t cap, char *err, size_t errlen)
{
    text_trim(&s, &n);
    if (n == 0 || n + 1 > cap) return fail(err, errlen, "For input string: \"%.*s\"", s, n);
    size_t i = 0;
    if (s[i] == '+' || s[i] == '-') i++;
    const char *body = s + i;
    size_t blen = n - i;
    if ((blen == 3 && memcmp(body, "NaN", 3) == 0) || (blen == 8 && memcmp(body, "Infinity", 8) == 0)) {
        memcpy(tmp, s, n);
        tmp[n] = 0;
        return 0;
    }
    size_t end = n;
    if (end > i && strchr("fFdD", s[end - 1])) end--;
    bool hex = end - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
    if (hex) {
        /* 0x<hex>[.<hex>]p[+-]<dec>: the binary exponent is required in Java */
        size_t j = i + 2, digits = 0;
        while (j < end && isxdigit((unsigned char)s[j])) { j++; digits++; }
        if (j < end && s[j] == '.') { j++; while (j < end && isxdigit((unsigned char)s[j])) { j++; digits++; } }
        if (digits == 0 || j >= end || (s[j] != 'p' && s[j] != 'P')) return fail(err, errlen, "For input string: \"%.*s\"", s, n);
        j++;
        if (j < end && (s[j] == '+' || s[j] == '-')) j++;
        if (j >= end) return fail(err, errlen, "For input string: \"%.*s\"", s, n);
        while (j < end && isdigit((unsigned char)s[j])) j++;
        if (j != end) return fail(err, errlen, "For input string: \"%.*s\"", s, n);
    } else {
        size_t j = i, digits = 0;
        while (j < end && isdigit((unsigned char)s[j])) { j++; digits++; }
        if (j < end && s[j] == '.') { j++; while (j < end && isdigit((unsigned char)s[j])) { j++; digits++; } }
        if (digits == 0) return fail(err, errlen, "For input string: \"%.*s\"", s, n);
        if (j < end && (s[j] == 'e' || s[j] == 'E')) {
            j++;
            if (j < end && (s[j] == '+' || s[j] == '-')) j++;
            size_t ed = 0;
            while (j < end && isdigit((unsigned char)s[j])) { j++; ed++; }
            if (ed == 0) return fail(err, errlen, "For input string: \"%.*s\"", s, n);
        }
        if (j != end) return fail(err, errlen, "For input string: \"%.*s\"", s, n);
    }
    memcpy(tmp, s, end);
    tmp[end] = 0;
    return 0;
}

/* A plain decimal, [+-]digits[.digits] (JSON's and CSV's usual number), is
 * read without strtod when its digits as one integer m stay below limit (2^53
 * for a double, 2^24 for a float) and it has at most max_frac fraction digits
 * (22, 10: 10^k exact in the type): m and 10^k are then exact, so the one
 * division m / 10^k in the type is the correctly rounded value, as strtod's
 * and Java's (Clinger's fast path); it needs arithmetic in the type itself
 * (FLT_EVAL_METHOD 0, as on x86-64). Not ok for every other text: strtod reads it. */
typedef struct plain { bool ok, neg; uint64_t m; int frac; } plain_t;

static plain_t plain_decimal(const char *s, size_t n, uint64_t limit, int max_frac)
{
    plain_t p = {false, false, 0, -1};   /* frac: digits after the point, -1 before it */
    if (FLT_EVAL_METHOD != 0) return p;
    size_t i = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) p.neg = s[i++] == '-';
    int digits = 0;
    for (; i < n; i++) {
        char c = s[i];
        if (c == '.' && p.frac < 0) {
            p.frac = 0;
            continue;
        }
        if (c < '0' || c > '9' || p.m >= limit / 10) return p;
        p.m = p.m * 10 + (uint64_t)(c - '0');
        digits++;
        if (p.frac >= 0) p.frac++;
    }
    p.ok = digits > 0 && p.frac <= max_frac;
    return p;
}

/* 10^k, exact as doubles up to 22 and as floats up to 10 */
static const double P10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                             1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

int text_parse_double(const char *s, size_t n, double *out, char *err, size_t errlen)
{
    plain_t p = plain_decimal(s, n, UINT64_C(1) << 53, 22);
    if (p.ok) {
        double d = p.frac > 0 ? (double)p.m / P10[p.frac] : (double)p.m;
        *out = p.neg ? -d : d;
        return 0;
    }
    char tmp[512];
    if (java_float_text(s, n, tmp, sizeof tmp, err, errlen) != 0) return -1;
    *out = strtod(tmp, NULL);   /* correctly rounded, as Java; overflow gives inf as Java */
    return 0;
}

int text_parse_float(const char *s, size_t n, float *out, char *err, size_t errlen)
{
    plain_t p = plain_decimal(s, n, UINT64_C(1) << 24, 10);
    if (p.ok) {
        float f = p.frac > 0 ? (float)p.m / (float)P10[p.frac] : (float)p.m;
        *out = p.neg ? -f : f;
        return 0;
    }
    char tmp[512];
    if (java_float_text(s, n, tmp, sizeof tmp, err, errlen) != 0) return -1;
    *out = strtof(tmp, NULL);
    return 0;
}

int text_parse_decimal(const char *s, size_t n, int precision, int scale, __int128 *out, bool *is_null,
                            char *err, size_t errlen)
{
    /* BigDecimal(String): [+-] digits [. digits] [(e|E) [+-] digits] */
    size_t i = 0;
    bool neg = false;
    *is_null = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) { neg = s[i] == '-'; i++; }
    char digits[128];
    size_t nd = 0, total = 0;
    long frac = 0;
    bool seen_dot = false, overflow_digits = false;
    for (; i < n; i++) {
        char c = s[i];
        if (c == '.' && !seen_dot) { seen_dot = true; continue; }
        if (c < '0' || c > '9') break;
        total++;
        if (seen_dot) frac++;
        if (nd == 0 && c == '0') continue;   /* leading zeros carry no digits */
        if (nd < sizeof digits) digits[nd++] = c;
        else overflow_digits = true;
    }
    if (total == 0) return fail(err, errlen, "not a number: \"%.*s\"", s, n);
    long exp = 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        bool eneg = false;
        if (i < n && (s[i] == '+' || s[i] == '-')) { eneg = s[i] == '-'; i++; }
        size_t ed = 0;
        for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, ed++)
            if (exp < 100000000) exp = exp * 10 + (s[i] - '0');
        if (ed == 0) return fail(err, errlen, "not a number: \"%.*s\"", s, n);
        if (eneg) exp = -exp;
    }
    if (i != n) return fail(err, errlen, "not a number: \"%.*s\"", s, n);
    if (overflow_digits) {   /* more than 128 significant digits: far beyond DECIMAL(38) */
        *is_null = true;
        return 0;
    }
    /* value = digits * 10^-(frac - exp); rescale to `scale` with HALF_UP */
    long cur_scale = frac - exp;
    long shift = (long)scale - cur_scale;   /* > 0: append zeros; < 0: drop digits */
    char r[256];
    size_t nr = 0;
    if (shift >= 0) {
        if (nd == 0) { /* zero */ }
        else if ((size_t)shift + nd > 60) { *is_null = true; return 0; }
        else {
            memcpy(r, digits, nd);
            nr = nd;
            for (long k = 0; k < shift; k++) r[nr++] = '0';
        }
    } else {
        long drop = -shift;
        if ((size_t)drop > nd) {
            nr = 0;   /* every digit is dropped; the first dropped one is an implicit 0 */
        } else {
            nr = nd - (size_t)drop;
            memcpy(r, digits, nr);
            if (digits[nr] >= '5') {
                /* round the magnitude up */
                long k = (long)nr - 1;
                while (k >= 0 && r[k] == '9') r[k--] = '0';
                if (k >= 0) {
                    r[k]++;
                } else {
                    memmove(r + 1, r, nr);
                    r[0] = '1';
                    nr++;
                }
            }
        }
    }
    size_t lead = 0;
    while (lead < nr && r[lead] == '0') lead++;
    size_t prec = nr - lead ? nr - lead : 1;
    if ((long)prec > precision) {
        *is_null = true;
        return 0;
    }
    __int128 v = 0;
    for (size_t k = lead; k < nr; k++) v = v * 10 + (r[k] - '0');
    *out = neg ? -v : v;
    return 0;
}

/* ---- dates and times -------------------------------------------------- */

static bool digits_at(const char *s, size_t n, size_t pos, size_t count, int *val)
{
    if (pos + count > n) return false;
    int v = 0;
    for (size_t k = 0; k < count; k++) {
        if (s[pos + k] < '0' || s[pos + k] > '9') return false;
        v = v * 10 + (s[pos + k] - '0');
    }
    *val = v;
    return true;
}

static int days_in_month(int64_t y, int m)
{
    static const int dm[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : dm[m - 1];
}

/* ISO_LOCAL_DATE at s[*pos]; advances *pos. */
static bool parse_date_at(const char *s, size_t n, size_t *pos, int64_t *epoch_day)
{
    size_t i = *pos;
    bool neg = false, sign = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) { sign = true; neg = s[i] == '-'; i++; }
    size_t start = i;
    int64_t y = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9' && i - start < 10) y = y * 10 + (s[i++] - '0');
    size_t ylen = i - start;
    /* four digits; more only with a sign (SignStyle.EXCEEDS_PAD) */
    if (ylen < 4 || (ylen > 4 && !sign)) return false;
    if (neg) y = -y;
    int m, d;
    if (i >= n || s[i] != '-' || !digits_at(s, n, i + 1, 2, &m)) return false;
    i += 3;
    if (i >= n || s[i] != '-' || !digits_at(s, n, i + 1, 2, &d)) return false;
    i += 3;
    if (m < 1 || m > 12 || d < 1 || d > days_in_month(y, m)) return false;
    *epoch_day = cal_days_from_civil(y, m, d);
    *pos = i;
    return true;
}

/* HH:mm[:ss[.fffffffff]]; seconds required unless optional_seconds. */
static bool parse_time_at(const char *s, size_t n, size_t *pos, bool optional_seconds, int64_t *nano_of_day)
{
    size_t i = *pos;
    int h, m, sec = 0;
    int64_t nano = 0;
    if (!digits_at(s, n, i, 2, &h) || i + 2 >= n || s[i + 2] != ':' || !digits_at(s, n, i + 3, 2, &m)) return false;
    i += 5;
    if (i < n && s[i] == ':') {
        if (!digits_at(s, n, i + 1, 2, &sec)) return false;
        i += 3;
        if (i < n && s[i] == '.') {
            i++;
            int k = 0;
            while (i < n && s[i] >= '0' && s[i] <= '9' && k < 9) { nano = nano * 10 + (s[i++] - '0'); k++; }
            for (; k < 9; k++) nano *= 10;
        }
    } else if (!optional_seconds) {
        return false;
    }
    if (h > 23 || m > 59 || sec > 59) return false;
    *nano_of_day = ((int64_t)h * 3600 + m * 60 + sec) * 1000000000LL + nano;
    *pos = i;
    return true;
}

int text_parse_date(const char *s, size_t n, int64_t *epoch_day, char *err, size_t errlen)
{
    size_t pos = 0;
    if (!parse_date_at(s, n, &pos, epoch_day) || pos != n)
        return fail(err, errlen, "\"%.*s\" is not a valid DATE (expected yyyy-MM-dd)", s, n);
    return 0;
}

int text_parse_time(const char *s, size_t n, int64_t *nano_of_day, char *err, size_t errlen)
{
    size_t pos = 0;
    if (!parse_time_at(s, n, &pos, false, nano_of_day) || pos != n)
        return fail(err, errlen, "\"%.*s\" is not a valid TIME (expected HH:mm:ss[.SSS])", s, n);
    *nano_of_day = *nano_of_day / 1000000 * 1000000;   /* Flink keeps milliseconds */
    return 0;
}

static const char *ts_expected(text_ts_layout_t layout, bool ltz)
{
    switch (layout) {
    case TEXT_TS_SQL: return ltz ? "yyyy-MM-dd HH:mm:ss[.SSS]Z" : "yyyy-MM-dd HH:mm:ss[.SSS]";
    case TEXT_TS_ISO_8601: return ltz ? "yyyy-MM-ddTHH:mm:ss[.SSS]Z" : "yyyy-MM-ddTHH:mm:ss[.SSS]";
    default: return "yyyy-MM-ddTHH:mm:ss[.SSS](Z|+hh:mm)";
    }
}

int text_parse_timestamp(const char *s, size_t n, text_ts_layout_t layout, bool ltz, int64_t *millis,
                              int32_t *nanos, char *err, size_t errlen)
{
    size_t pos = 0;
    int64_t day, nod;
    bool ok = parse_date_at(s, n, &pos, &day);
    char sep = layout == TEXT_TS_SQL ? ' ' : 'T';
    int64_t offset_s = 0;
    if (ok) ok = pos < n && (s[pos] == sep || (sep == 'T' && s[pos] == 't'));
    if (ok) {
        pos++;
        ok = parse_time_at(s, n, &pos, layout != TEXT_TS_SQL, &nod);
    }
    if (ok && layout == TEXT_TS_ISO_8601_OFFSET) {
        if (pos < n && s[pos] == 'Z') {
            pos++;
        } else if (pos < n && (s[pos] == '+' || s[pos] == '-')) {
            int oh, om = 0;
            bool neg = s[pos] == '-';
            ok = digits_at(s, n, pos + 1, 2, &oh);
            pos += 3;
            if (ok && pos < n && s[pos] == ':') {
                ok = digits_at(s, n, pos + 1, 2, &om);
                pos += 3;
            }
            offset_s = (neg ? -1 : 1) * ((int64_t)oh * 3600 + om * 60);
        } else if (ltz) {
            ok = false;
        }
    } else if (ok && ltz) {
        ok = pos < n && s[pos] == 'Z';
        pos++;
    }
    if (!ok || pos != n) {
        if (errlen)
            snprintf(err, errlen, "\"%.*s\" is not a valid %s (expected %s)", (int)(n > 80 ? 80 : n), s,
                     ltz ? "TIMESTAMP_LTZ" : "TIMESTAMP", ts_expected(layout, ltz));
        return -1;
    }
    int64_t total_ms = day * 86400000 + nod / 1000000 - offset_s * 1000;
    *millis = total_ms;
    *nanos = (int32_t)(nod % 1000000);
    return 0;
}

void text_put_date(buf_t *b, int64_t epoch_day) { jtime_local_date(b, epoch_day); }

void text_put_time(buf_t *b, int64_t nano_of_day)
{
    int64_t s = nano_of_day / 1000000000;
    buf_printf(b, "%02d:%02d:%02d", (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60));
}

void text_put_timestamp(buf_t *b, int64_t millis, int32_t nanos, text_ts_layout_t layout, bool ltz)
{
    int64_t day = millis >= 0 ? millis / 86400000 : -((-millis + 86399999) / 86400000);
    int64_t ms = millis - day * 86400000;
    jtime_local_date(b, day);
    buf_putc(b, layout == TEXT_TS_SQL ? ' ' : 'T');
    int64_t s = ms / 1000;
    buf_printf(b, "%02d:%02d:%02d", (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60));
    int32_t frac = (int32_t)(ms % 1000) * 1000000 + nanos;
    if (frac > 0) {
        char f[12];
        int len = snprintf(f, sizeof f, "%09d", frac);
        while (len > 0 && f[len - 1] == '0') len--;
        buf_putc(b, '.');
        buf_append(b, f, (size_t)len);
    }
    if (ltz) buf_putc(b, 'Z');
}

/* ---- base64 ------------------------------------------------------------- */

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void text_base64_encode(buf_t *b, const unsigned char *p, size_t n)
{
    size_t i = 0;
    for (; i + 3 <= n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
        char q[4] = {B64[v >> 18], B64[(v >> 12) & 63], B64[(v >> 6) & 63], B64[v & 63]};
        buf_append(b, q, 4);
    }
    if (n - i == 1) {
        uint32_t v = (uint32_t)p[i] << 16;
        char q[4] = {B64[v >> 18], B64[(v >> 12) & 63], '=', '='};
        buf_append(b, q, 4);
    } else if (n - i == 2) {
        uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8;
        char q[4] = {B64[v >> 18], B64[(v >> 12) & 63], B64[(v >> 6) & 63], '='};
        buf_append(b, q, 4);
    }
}

static int b64val(char c)
{
    const char *p = c ? strchr(B64, c) : NULL;
    return p ? (int)(p - B64) : -1;
}

int text_base64_decode(const char *s, size_t n, arena_t *a, const char **out, uint32_t *outlen, char *err,
                            size_t errlen)
{
    if (n % 4 != 0) return fail(err, errlen, "\"%.*s\" is not valid base64 (length is not a multiple of 4)", s, n);
    unsigned char *o = arena_alloc(a, n / 4 * 3 + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i += 4) {
        int v[4];
        int pad = 0;
        for (int j = 0; j < 4; j++) {
            if (s[i + j] == '=' && i + 4 == n && j >= 2) {
                v[j] = 0;
                pad++;
            } else if (pad || (v[j] = b64val(s[i + j])) < 0) {
                return fail(err, errlen, "\"%.*s\" is not valid base64", s, n);
            }
        }
        uint32_t x = (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 | (uint32_t)v[3];
        o[k++] = (unsigned char)(x >> 16);
        if (pad < 2) o[k++] = (unsigned char)(x >> 8);
        if (pad < 1) o[k++] = (unsigned char)x;
    }
    *out = (const char *)o;
    *outlen = (uint32_t)k;
    return 0;
}

void text_put_excerpt(buf_t *b, const char *s, size_t n, size_t max)
{
    if (n <= max) {
        buf_append(b, s, n);
        return;
    }
    /* do not cut a UTF-8 sequence */
    size_t cut = utf8_floor_boundary(s, max);
    buf_append(b, s, cut);
    buf_printf(b, "... (%zu bytes)", n);
}

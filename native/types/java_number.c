/* java_number.c - see java_number.h.
 *
 * The floating-point part reimplements the digit generation of the JDK 17
 * sun.misc.FloatingDecimal (Steele & White / dragon4 style with its known
 * quirks: the long fast path that keeps "insignificant" digits of large
 * integers, the symmetric stopping test, the forced second digit in
 * E-notation, strict vs non-strict comparisons in the int/long and big
 * number paths, and wrapping int/long overflow of the error term). Being
 * bug-compatible is the point: Flink on Java 11/17 prints these digits. */
#include "types/java_number.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ======================================================================== */
/* Java-width wrapping arithmetic (Java int/long overflow wraps; C's is UB). */

static inline int32_t j_mul32(int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }
static inline int32_t j_add32(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
static inline int32_t j_sub32(int32_t a, int32_t b) { return (int32_t)((uint32_t)a - (uint32_t)b); }
static inline int32_t j_shl32(int32_t a, int s) { return (int32_t)((uint32_t)a << (s & 31)); }
static inline int64_t j_mul64(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static inline int64_t j_add64(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline int64_t j_sub64(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static inline int64_t j_shl64(int64_t a, int s) { return (int64_t)((uint64_t)a << (s & 63)); }

/* ======================================================================== */
/* A small unsigned big integer, enough for the digit loop of any double:   */
/* the largest operand is about 2^1100.                                      */

#define BIG_WORDS 80

typedef struct big {
    int n;                      /* words in use; no leading zero words */
    uint32_t w[BIG_WORDS];      /* little-endian */
} big_t;

static void big_set_u64(big_t *x, uint64_t v)
{
    x->w[0] = (uint32_t)v;
    x->w[1] = (uint32_t)(v >> 32);
    x->n = x->w[1] ? 2 : (x->w[0] ? 1 : 0);
}

static void big_mul_small(big_t *x, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < x->n; i++) {
        uint64_t p = (uint64_t)x->w[i] * m + carry;
        x->w[i] = (uint32_t)p;
        carry = p >> 32;
    }
    if (carry) x->w[x->n++] = (uint32_t)carry;
}

static void big_shl(big_t *x, int bits)
{
    if (x->n == 0 || bits == 0) return;
    int words = bits / 32, rem = bits % 32;
    if (rem) {
        uint32_t carry = 0;
        for (int i = 0; i < x->n; i++) {
            uint32_t nw = (x->w[i] << rem) | carry;
            carry = x->w[i] >> (32 - rem);
            x->w[i] = nw;
        }
        if (carry) x->w[x->n++] = carry;
    }
    if (words) {
        memmove(x->w + words, x->w, (size_t)x->n * sizeof x->w[0]);
        memset(x->w, 0, (size_t)words * sizeof x->w[0]);
        x->n += words;
    }
}

/* x = m * 5^p5 * 2^p2 */
static void big_mul_pow52(big_t *x, uint64_t m, int p5, int p2)
{
    big_set_u64(x, m);
    while (p5 >= 13) { big_mul_small(x, 1220703125u); p5 -= 13; }   /* 5^13 */
    uint32_t r = 1;
    while (p5-- > 0) r *= 5;
    big_mul_small(x, r);
    big_shl(x, p2);
}

static int big_cmp(const big_t *a, const big_t *b)
{
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static void big_add(big_t *out, const big_t *a, const big_t *b)
{
    const big_t *l = a->n >= b->n ? a : b, *s = a->n >= b->n ? b : a;
    uint64_t carry = 0;
    int i;
    for (i = 0; i < l->n; i++) {
        uint64_t t = (uint64_t)l->w[i] + (i < s->n ? s->w[i] : 0) + carry;
        out->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
    out->n = l->n;
    if (carry) out->w[out->n++] = (uint32_t)carry;
}

static void big_sub_inplace(big_t *a, const big_t *b)   /* a -= b, a >= b */
{
    int64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        int64_t t = (int64_t)a->w[i] - (i < b->n ? b->w[i] : 0) - borrow;
        borrow = t < 0;
        a->w[i] = (uint32_t)(t + (borrow ? ((int64_t)1 << 32) : 0));
    }
    while (a->n > 0 && a->w[a->n - 1] == 0) a->n--;
}

/* FDBigInteger.quoRemIteration: q = b / s (known to be < 10); b = 10 * (b % s). */
static int big_quo_rem10(big_t *b, const big_t *s)
{
    int q = 0;
    while (big_cmp(b, s) >= 0) { big_sub_inplace(b, s); q++; }
    big_mul_small(b, 10);
    return q;
}

/* ======================================================================== */
/* FloatingDecimal.BinaryToASCIIBuffer                                       */

enum {
    FD_EXP_SHIFT = 52,
    FD_MAX_SMALL_BIN_EXP = 62,
    FD_MIN_SMALL_BIN_EXP = -(63 / 3),
};
#define FD_FRACT_HOB ((uint64_t)1 << 52)
#define FD_SIGNIF_MASK (FD_FRACT_HOB - 1)
#define FD_EXP_ONE ((uint64_t)0x3ff0000000000000ULL)

/* ceil(log2(5^i)), approximately, as FloatingDecimal.N_5_BITS */
static const int fd_n5bits[] = {
    0, 3, 5, 7, 10, 12, 14, 17, 19, 21, 24, 26, 28, 31, 33, 35, 38, 40, 42, 45,
    47, 49, 52, 54, 56, 59, 61,
};
#define FD_N5BITS_LEN ((int)(sizeof fd_n5bits / sizeof fd_n5bits[0]))   /* 27 = LONG_5_POW.length */

/* floor(log10(2^p)) for 0 <= p < 64, as insignificantDigitsNumber */
static int fd_insignificant_for_pow2(int p2)
{
    static const int tab[] = {
        0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6,
        7, 7, 7, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12, 12, 12,
        13, 13, 13, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 17, 17, 17, 18, 18,
        18, 19,
    };
    return (p2 > 1 && p2 < (int)(sizeof tab / sizeof tab[0])) ? tab[p2] : 0;
}

static int64_t fd_pow5(int p)
{
    int64_t r = 1;
    while (p-- > 0) r *= 5;
    return r;
}

typedef struct fd {
    char digits[32];
    int ndigits;
    int dec_exponent;   /* value = 0.DIGITS * 10^dec_exponent */
} fd_t;

static void fd_develop_long_digits(fd_t *o, int dec_exponent, int64_t lvalue, int insignificant)
{
    if (insignificant != 0) {
        int64_t pow10 = fd_pow5(insignificant) << insignificant;
        int64_t residue = lvalue % pow10;
        lvalue /= pow10;
        dec_exponent += insignificant;
        if (residue >= (pow10 >> 1)) lvalue++;
    }
    /* Trailing zeros only raise the exponent; the rest are the digits. */
    char tmp[24];
    int n = 0;
    int c = (int)(lvalue % 10);
    lvalue /= 10;
    while (c == 0) {
        dec_exponent++;
        c = (int)(lvalue % 10);
        lvalue /= 10;
    }
    while (lvalue != 0) {
        tmp[n++] = (char)('0' + c);
        dec_exponent++;
        c = (int)(lvalue % 10);
        lvalue /= 10;
    }
    tmp[n++] = (char)('0' + c);
    for (int i = 0; i < n; i++) o->digits[i] = tmp[n - 1 - i];
    o->ndigits = n;
    o->dec_exponent = dec_exponent + 1;
}

static int fd_estimate_dec_exp(uint64_t fract_bits, int bin_exp)
{
    uint64_t bits = FD_EXP_ONE | (fract_bits & FD_SIGNIF_MASK);
    double d2;
    memcpy(&d2, &bits, sizeof d2);
    /* Same operations in the same order as Java (no FMA: ISO C mode keeps
     * -ffp-contract=off), then floor. */
    double d = (d2 - 1.5) * 0.289529654 + 0.176091259 + (double)bin_exp * 0.301029995663981;
    return (int)floor(d);
}

static void fd_roundup(fd_t *o)
{
    int i = o->ndigits - 1;
    char q = o->digits[i];
    if (q == '9') {
        while (q == '9' && i > 0) {
            o->digits[i] = '0';
            q = o->digits[--i];
        }
        if (q == '9') {
            /* carry out: "99" becomes "10" with a larger exponent */
            o->dec_exponent += 1;
            o->digits[0] = '1';
            return;
        }
    }
    o->digits[i] = (char)(q + 1);
}

static void fd_dtoa(fd_t *o, int bin_exp, uint64_t fract_bits, int n_significant_bits)
{
    const int tail_zeros = __builtin_ctzll(fract_bits);
    const int n_fract_bits = FD_EXP_SHIFT + 1 - tail_zeros;
    int n_tiny_bits = n_fract_bits - bin_exp - 1;
    if (n_tiny_bits < 0) n_tiny_bits = 0;

    if (bin_exp <= FD_MAX_SMALL_BIN_EXP && bin_exp >= FD_MIN_SMALL_BIN_EXP &&
        n_tiny_bits < FD_N5BITS_LEN && n_fract_bits + fd_n5bits[n_tiny_bits] < 64 &&
        n_tiny_bits == 0) {
        /* An integer below 2^63: its digits, minus low "insignificant" ones. */
        int insignificant = bin_exp > n_significant_bits
            ? fd_insignificant_for_pow2(bin_exp - n_significant_bits - 1) : 0;
        uint64_t v = bin_exp >= FD_EXP_SHIFT ? fract_bits << (bin_exp - FD_EXP_SHIFT)
                                              : fract_bits >> (FD_EXP_SHIFT - bin_exp);
        fd_develop_long_digits(o, 0, (int64_t)v, insignificant);
        return;
    }

    int dec_exp = fd_estimate_dec_exp(fract_bits, bin_exp);
    int B5 = dec_exp < 0 ? -dec_exp : 0;
    int B2 = B5 + n_tiny_bits + bin_exp;
    int S5 = dec_exp > 0 ? dec_exp : 0;
    int S2 = S5 + n_tiny_bits;
    int M5 = B5;
    int M2 = B2 - n_significant_bits;

    fract_bits >>= tail_zeros;
    B2 -= n_fract_bits - 1;
    int common2 = B2 < S2 ? B2 : S2;
    B2 -= common2;
    S2 -= common2;
    M2 -= common2;
    if (n_fract_bits == 1) M2 -= 1;   /* Java's hack for powers of two */
    if (M2 < 0) {
        B2 -= M2;
        S2 -= M2;
        M2 = 0;
    }

    int ndigit = 0;
    bool low, high;
    int64_t low_digit_difference;
    int q;
    int bbits = n_fract_bits + B2 + (B5 < FD_N5BITS_LEN ? fd_n5bits[B5] : B5 * 3);
    int ten_sbits = S2 + 1 + ((S5 + 1) < FD_N5BITS_LEN ? fd_n5bits[S5 + 1] : (S5 + 1) * 3);

    if (bbits < 64 && ten_sbits < 64) {
        if (bbits < 32 && ten_sbits < 32) {
            int32_t b = j_shl32(j_mul32((int32_t)fract_bits, (int32_t)fd_pow5(B5)), B2);
            int32_t s = j_shl32((int32_t)fd_pow5(S5), S2);
            int32_t m = j_shl32((int32_t)fd_pow5(M5), M2);
            int32_t tens = j_mul32(s, 10);
            q = b / s;
            b = j_mul32(10, b % s);
            m = j_mul32(m, 10);
            low = b < m;
            high = j_add32(b, m) > tens;
            if (q == 0 && !high) dec_exp--;
            else o->digits[ndigit++] = (char)('0' + q);
            if (dec_exp < -3 || dec_exp >= 8) high = low = false;
            while (!low && !high) {
                q = b / s;
                b = j_mul32(10, b % s);
                m = j_mul32(m, 10);
                if (m > 0) {
                    low = b < m;
                    high = j_add32(b, m) > tens;
                } else {
                    low = high = true;   /* m overflowed */
                }
                o->digits[ndigit++] = (char)('0' + q);
            }
            low_digit_difference = j_sub32(j_shl32(b, 1), tens);
        } else {
            int64_t b = j_shl64(j_mul64((int64_t)fract_bits, fd_pow5(B5)), B2);
            int64_t s = j_shl64(fd_pow5(S5), S2);
            int64_t m = j_shl64(fd_pow5(M5), M2);
            int64_t tens = j_mul64(s, 10);
            q = (int)(b / s);
            b = j_mul64(10, b % s);
            m = j_mul64(m, 10);
            low = b < m;
            high = j_add64(b, m) > tens;
            if (q == 0 && !high) dec_exp--;
            else o->digits[ndigit++] = (char)('0' + q);
            if (dec_exp < -3 || dec_exp >= 8) high = low = false;
            while (!low && !high) {
                q = (int)(b / s);
                b = j_mul64(10, b % s);
                m = j_mul64(m, 10);
                if (m > 0) {
                    low = b < m;
                    high = j_add64(b, m) > tens;
                } else {
                    low = high = true;
                }
                o->digits[ndigit++] = (char)('0' + q);
            }
            low_digit_difference = j_sub64(j_shl64(b, 1), tens);
        }
    } else {
        /* Big numbers. Java scales all four by a common power of two to
         * normalise division; comparisons do not change, so we skip it.
         * Note the non-strict "high" test here, unlike the paths above. */
        big_t S, B, M, T, sum;
        big_mul_pow52(&S, 1, S5, S2);
        big_mul_pow52(&B, fract_bits, B5, B2);
        big_mul_pow52(&M, 1, M5 + 1, M2 + 1);
        big_mul_pow52(&T, 1, S5 + 1, S2 + 1);
        q = big_quo_rem10(&B, &S);
        low = big_cmp(&B, &M) < 0;
        big_add(&sum, &B, &M);
        high = big_cmp(&T, &sum) <= 0;
        if (q == 0 && !high) dec_exp--;
        else o->digits[ndigit++] = (char)('0' + q);
        if (dec_exp < -3 || dec_exp >= 8) high = low = false;
        while (!low && !high) {
            q = big_quo_rem10(&B, &S);
            big_mul_small(&M, 10);
            low = big_cmp(&B, &M) < 0;
            big_add(&sum, &B, &M);
            high = big_cmp(&T, &sum) <= 0;
            o->digits[ndigit++] = (char)('0' + q);
        }
        if (high && low) {
            big_shl(&B, 1);
            low_digit_difference = big_cmp(&B, &T);
        } else {
            low_digit_difference = 0;
        }
    }
    o->dec_exponent = dec_exp + 1;
    o->ndigits = ndigit;
    if (high) {
        if (low) {
            if (low_digit_difference == 0) {
                if ((o->digits[ndigit - 1] & 1) != 0) fd_roundup(o);   /* tie: to even */
            } else if (low_digit_difference > 0) {
                fd_roundup(o);
            }
        } else {
            fd_roundup(o);
        }
    }
}

/* BinaryToASCIIBuffer.getChars: plain for 1e-3 <= |v| < 1e7, else E-notation. */
static void fd_layout(buf_t *b, bool negative, const fd_t *o)
{
    char out[48];
    int i = 0;
    const int e10 = o->dec_exponent, nd = o->ndigits;
    if (negative) out[i++] = '-';
    if (e10 > 0 && e10 < 8) {
        int n = nd < e10 ? nd : e10;
        memcpy(out + i, o->digits, (size_t)n);
        i += n;
        if (n < e10) {
            for (int k = n; k < e10; k++) out[i++] = '0';
            out[i++] = '.';
            out[i++] = '0';
        } else {
            out[i++] = '.';
            if (n < nd) {
                memcpy(out + i, o->digits + n, (size_t)(nd - n));
                i += nd - n;
            } else {
                out[i++] = '0';
            }
        }
    } else if (e10 <= 0 && e10 > -3) {
        out[i++] = '0';
        out[i++] = '.';
        for (int k = 0; k < -e10; k++) out[i++] = '0';
        memcpy(out + i, o->digits, (size_t)nd);
        i += nd;
    } else {
        out[i++] = o->digits[0];
        out[i++] = '.';
        if (nd > 1) {
            memcpy(out + i, o->digits + 1, (size_t)(nd - 1));
            i += nd - 1;
        } else {
            out[i++] = '0';
        }
        out[i++] = 'E';
        int e;
        if (e10 <= 0) {
            out[i++] = '-';
            e = -e10 + 1;
        } else {
            e = e10 - 1;
        }
        if (e <= 9) {
            out[i++] = (char)('0' + e);
        } else if (e <= 99) {
            out[i++] = (char)('0' + e / 10);
            out[i++] = (char)('0' + e % 10);
        } else {
            out[i++] = (char)('0' + e / 100);
            e %= 100;
            out[i++] = (char)('0' + e / 10);
            out[i++] = (char)('0' + e % 10);
        }
    }
    buf_append(b, out, (size_t)i);
}

void jnum_double(buf_t *b, double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    bool negative = (bits >> 63) != 0;
    int bin_exp = (int)((bits >> 52) & 0x7ff);
    uint64_t fract = bits & FD_SIGNIF_MASK;
    int nsig;
    if (bin_exp == 0x7ff) {
        if (fract != 0) buf_puts(b, "NaN");
        else buf_puts(b, negative ? "-Infinity" : "Infinity");
        return;
    }
    if (bin_exp == 0) {
        if (fract == 0) {
            buf_puts(b, negative ? "-0.0" : "0.0");
            return;
        }
        int leading = __builtin_clzll(fract);
        int shift = leading - (63 - FD_EXP_SHIFT);
        fract <<= shift;
        bin_exp = 1 - shift;
        nsig = 64 - leading;
    } else {
        fract |= FD_FRACT_HOB;
        nsig = FD_EXP_SHIFT + 1;
    }
    bin_exp -= 1023;
    fd_t o;
    fd_dtoa(&o, bin_exp, fract, nsig);
    fd_layout(b, negative, &o);
}

void jnum_float(buf_t *b, float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    bool negative = (bits >> 31) != 0;
    int bin_exp = (int)((bits >> 23) & 0xff);
    uint32_t fract = bits & 0x7fffffu;
    int nsig;
    if (bin_exp == 0xff) {
        if (fract != 0) buf_puts(b, "NaN");
        else buf_puts(b, negative ? "-Infinity" : "Infinity");
        return;
    }
    if (bin_exp == 0) {
        if (fract == 0) {
            buf_puts(b, negative ? "-0.0" : "0.0");
            return;
        }
        int leading = __builtin_clz(fract);
        int shift = leading - (31 - 23);
        fract <<= shift;
        bin_exp = 1 - shift;
        nsig = 32 - leading;
    } else {
        fract |= 1u << 23;
        nsig = 24;
    }
    bin_exp -= 127;
    fd_t o;
    fd_dtoa(&o, bin_exp, (uint64_t)fract << (FD_EXP_SHIFT - 23), nsig);
    fd_layout(b, negative, &o);
}

/* ======================================================================== */
/* BigDecimal                                                                */

/* Digits of |v| into out (no sign); returns the count. */
static int int128_abs_digits(__int128 v, char out[48])
{
    unsigned __int128 u = v < 0 ? (unsigned __int128)0 - (unsigned __int128)v : (unsigned __int128)v;
    char tmp[48];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u != 0);
    for (int i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
    return n;
}

void jnum_int128(buf_t *b, __int128 v)
{
    char d[48];
    int n = int128_abs_digits(v, d);
    if (v < 0) buf_putc(b, '-');
    buf_append(b, d, (size_t)n);
}

static void decimal_plain(buf_t *b, const char *d, int n, int scale)
{
    if (scale <= 0) {
        buf_append(b, d, (size_t)n);
        for (int i = 0; i < -scale; i++) buf_putc(b, '0');
    } else if (n > scale) {
        buf_append(b, d, (size_t)(n - scale));
        buf_putc(b, '.');
        buf_append(b, d + n - scale, (size_t)scale);
    } else {
        buf_puts(b, "0.");
        for (int i = 0; i < scale - n; i++) buf_putc(b, '0');
        buf_append(b, d, (size_t)n);
    }
}

void jnum_big_decimal(buf_t *b, __int128 unscaled, int scale)
{
    char d[48];
    int n = int128_abs_digits(unscaled, d);
    if (unscaled < 0) buf_putc(b, '-');
    long adjusted = -(long)scale + (n - 1);
    if (scale == 0 || (scale > 0 && adjusted >= -6)) {
        decimal_plain(b, d, n, scale);
        return;
    }
    /* Scientific notation: d.ddd E adjusted */
    buf_putc(b, d[0]);
    if (n > 1) {
        buf_putc(b, '.');
        buf_append(b, d + 1, (size_t)(n - 1));
    }
    if (adjusted != 0) {
        buf_putc(b, 'E');
        if (adjusted > 0) buf_putc(b, '+');
        buf_printf(b, "%ld", adjusted);
    }
}

void jnum_big_decimal_plain(buf_t *b, __int128 unscaled, int scale)
{
    char d[48];
    int n = int128_abs_digits(unscaled, d);
    if (unscaled < 0) buf_putc(b, '-');
    decimal_plain(b, d, n, scale);
}

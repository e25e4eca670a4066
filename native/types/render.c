/* render.c - Java-identical text of values; see render.h.
 *
 * The floating-point part reimplements the digit generation of the JDK 17
 * sun.misc.FloatingDecimal (Steele & White / dragon4 style with its known
 * quirks: the long fast path that keeps "insignificant" digits of large
 * integers, the symmetric stopping test, the forced second digit in
 * E-notation, strict vs non-strict comparisons in the int/long and big
 * number paths, and wrapping int/long overflow of the error term). Being
 * bug-compatible is the point: Flink on Java 11/17 prints these digits. */
#include "types/render.h"

#include <math.h>
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

void render_java_double(buf_t *b, double d)
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

void render_java_float(buf_t *b, float f)
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

void render_int128(buf_t *b, __int128 v)
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

void render_big_decimal(buf_t *b, __int128 unscaled, int scale)
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

void render_big_decimal_plain(buf_t *b, __int128 unscaled, int scale)
{
    char d[48];
    int n = int128_abs_digits(unscaled, d);
    if (unscaled < 0) buf_putc(b, '-');
    decimal_plain(b, d, n, scale);
}

/* ======================================================================== */
/* java.time                                                                 */

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

static int64_t floor_mod(int64_t a, int64_t b) { return a - floor_div(a, b) * b; }

/* Howard Hinnant's civil calendar algorithms (public domain). */
void render_civil_from_days(int64_t z, int64_t *year, int *month, int *day)
{
    z += 719468;
    int64_t era = floor_div(z, 146097);
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t y = yoe + era * 400;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    int d = (int)(doy - (153 * mp + 2) / 5 + 1);
    int m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *year = y + (m <= 2);
    *month = m;
    *day = d;
}

int64_t render_days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = floor_div(y, 400);
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void put2(buf_t *b, int v)
{
    buf_putc(b, (char)('0' + v / 10));
    buf_putc(b, (char)('0' + v % 10));
}

void render_local_date(buf_t *b, int64_t epoch_day)
{
    int64_t y;
    int m, d;
    render_civil_from_days(epoch_day, &y, &m, &d);
    int64_t ay = y < 0 ? -y : y;
    if (ay < 1000) {
        if (y < 0) buf_putc(b, '-');
        buf_printf(b, "%04lld", (long long)ay);
    } else {
        if (y > 9999) buf_putc(b, '+');
        buf_printf(b, "%lld", (long long)y);
    }
    buf_putc(b, '-');
    put2(b, m);
    buf_putc(b, '-');
    put2(b, d);
}

/* Fraction of a second in groups of three digits, as LocalTime/Instant print it. */
static void put_nano_groups(buf_t *b, int32_t nano)
{
    if (nano % 1000000 == 0) buf_printf(b, ".%03d", nano / 1000000);
    else if (nano % 1000 == 0) buf_printf(b, ".%06d", nano / 1000);
    else buf_printf(b, ".%09d", nano);
}

void render_local_time(buf_t *b, int64_t nano_of_day)
{
    int64_t secs = nano_of_day / 1000000000;
    int32_t nano = (int32_t)(nano_of_day % 1000000000);
    int h = (int)(secs / 3600), mi = (int)(secs / 60 % 60), s = (int)(secs % 60);
    put2(b, h);
    buf_putc(b, ':');
    put2(b, mi);
    if (s > 0 || nano > 0) {
        buf_putc(b, ':');
        put2(b, s);
        if (nano > 0) put_nano_groups(b, nano);
    }
}

void render_local_date_time(buf_t *b, int64_t millis, int32_t nanos)
{
    int64_t day = floor_div(millis, 86400000);
    int64_t ms_of_day = floor_mod(millis, 86400000);
    render_local_date(b, day);
    buf_putc(b, 'T');
    render_local_time(b, ms_of_day * 1000000 + nanos);
}

void render_instant(buf_t *b, int64_t millis, int32_t nanos)
{
    const int64_t SECONDS_PER_10000_YEARS = 146097LL * 25 * 86400;
    const int64_t SECONDS_0000_TO_1970 = (146097LL * 5 - (30LL * 365 + 7)) * 86400;
    int64_t in_secs = floor_div(millis, 1000);
    int32_t in_nano = (int32_t)(floor_mod(millis, 1000) * 1000000 + nanos);
    int64_t lo_secs;
    buf_t ldt = BUF_INIT;
    if (in_secs >= -SECONDS_0000_TO_1970) {
        int64_t zero_secs = in_secs - SECONDS_PER_10000_YEARS + SECONDS_0000_TO_1970;
        int64_t hi = floor_div(zero_secs, SECONDS_PER_10000_YEARS) + 1;
        lo_secs = floor_mod(zero_secs, SECONDS_PER_10000_YEARS) - SECONDS_0000_TO_1970;
        if (hi > 0) buf_printf(b, "+%lld", (long long)hi);
        render_local_date_time(&ldt, lo_secs * 1000, 0);
        buf_append(b, ldt.data, ldt.len);
    } else {
        int64_t zero_secs = in_secs + SECONDS_0000_TO_1970;
        int64_t hi = zero_secs / SECONDS_PER_10000_YEARS;
        int64_t lo = zero_secs % SECONDS_PER_10000_YEARS;
        lo_secs = lo - SECONDS_0000_TO_1970;
        render_local_date_time(&ldt, lo_secs * 1000, 0);
        int64_t y;
        int m, d;
        render_civil_from_days(floor_div(lo_secs, 86400), &y, &m, &d);
        const char *s = buf_cstr(&ldt);
        if (hi < 0) {
            if (y == -10000) {
                buf_printf(b, "%lld%s", (long long)(hi - 1), s + 2);
            } else if (lo == 0) {
                buf_printf(b, "%lld%s", (long long)hi, s);
            } else {
                buf_putc(b, s[0]);
                buf_printf(b, "%lld%s", (long long)(hi < 0 ? -hi : hi), s + 1);
            }
        } else {
            buf_puts(b, s);
        }
    }
    buf_free(&ldt);
    if (floor_mod(lo_secs, 60) == 0) buf_puts(b, ":00");
    if (in_nano > 0) {
        /* ISO_INSTANT prints the fraction in groups of three digits */
        buf_putc(b, '.');
        int div = 100000000;
        for (int i = 0; in_nano > 0 || (i % 3) != 0; i++) {
            int digit = in_nano / div;
            buf_putc(b, (char)('0' + digit));
            in_nano -= digit * div;
            div /= 10;
        }
    }
    buf_putc(b, 'Z');
}

void render_duration_millis(buf_t *b, int64_t millis)
{
    int64_t seconds = floor_div(millis, 1000);
    int32_t nanos = (int32_t)(floor_mod(millis, 1000) * 1000000);
    if (seconds == 0 && nanos == 0) {
        buf_puts(b, "PT0S");
        return;
    }
    int64_t eff = seconds;
    if (seconds < 0 && nanos > 0) eff++;
    int64_t hours = eff / 3600;
    int minutes = (int)((eff % 3600) / 60);
    int secs = (int)(eff % 60);
    size_t start = b->len;
    buf_puts(b, "PT");
    if (hours != 0) buf_printf(b, "%lldH", (long long)hours);
    if (minutes != 0) buf_printf(b, "%dM", minutes);
    if (secs == 0 && nanos == 0 && b->len - start > 2) return;
    if (seconds < 0 && nanos > 0) {
        if (secs == 0) buf_puts(b, "-0");
        else buf_printf(b, "%d", secs);
    } else {
        buf_printf(b, "%d", secs);
    }
    if (nanos > 0) {
        char frac[16];
        int n = snprintf(frac, sizeof frac, "%d",
                         seconds < 0 ? 2 * 1000000000 - nanos : nanos + 1000000000);
        while (n > 0 && frac[n - 1] == '0') n--;
        frac[0] = '.';
        buf_append(b, frac, (size_t)n);
    }
    buf_putc(b, 'S');
}

/* Flink's YearMonthIntervalPeriodConverter: the Period depends on the resolution. */
static void period_of(int64_t months, int unit, int32_t *years, int32_t *mons)
{
    int32_t m = (int32_t)months;
    switch (unit) {
    case TYPE_IU_YEAR: *years = m / 12; *mons = 0; break;
    case TYPE_IU_MONTH: *years = 0; *mons = m; break;
    default: *years = m / 12; *mons = m % 12; break;
    }
}

void render_period(buf_t *b, int64_t months, int interval_unit)
{
    int32_t y, m;
    period_of(months, interval_unit, &y, &m);
    if (y == 0 && m == 0) {
        buf_puts(b, "P0D");
        return;
    }
    buf_putc(b, 'P');
    if (y != 0) buf_printf(b, "%dY", y);
    if (m != 0) buf_printf(b, "%dM", m);
}

/* ======================================================================== */
/* Java hashCode of external objects, and HashMap iteration order           */

static int32_t hash_long(int64_t v) { return (int32_t)(uint32_t)((uint64_t)v ^ ((uint64_t)v >> 32)); }

static uint32_t rotl32(uint32_t v, int s) { return (v << s) | (v >> (32 - s)); }

/* String.hashCode over the UTF-16 code units of the UTF-8 text. Malformed
 * bytes count as U+FFFD, as Java's decoder replaces them. */
static int32_t hash_utf8_string(const char *p, uint32_t len)
{
    const unsigned char *s = (const unsigned char *)p;
    uint32_t h = 0, i = 0;
    while (i < len) {
        uint32_t cp;
        unsigned c = s[i];
        int need;
        if (c < 0x80) { cp = c; need = 0; }
        else if ((c & 0xe0) == 0xc0 && c >= 0xc2) { cp = c & 0x1f; need = 1; }
        else if ((c & 0xf0) == 0xe0) { cp = c & 0x0f; need = 2; }
        else if ((c & 0xf8) == 0xf0 && c <= 0xf4) { cp = c & 0x07; need = 3; }
        else { cp = 0xfffd; need = -1; }
        i++;
        if (need > 0) {
            int k;
            for (k = 0; k < need && i + (uint32_t)k < len && (s[i + k] & 0xc0) == 0x80; k++)
                cp = (cp << 6) | (s[i + k] & 0x3f);
            if (k < need || (need == 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
                (need == 3 && (cp < 0x10000 || cp > 0x10ffff))) {
                cp = 0xfffd;
                i += (uint32_t)k;
            } else {
                i += (uint32_t)need;
            }
        }
        if (cp >= 0x10000) {
            cp -= 0x10000;
            h = 31 * h + (0xd800 + (cp >> 10));
            h = 31 * h + (0xdc00 + (cp & 0x3ff));
        } else {
            h = 31 * h + cp;
        }
    }
    return (int32_t)h;
}

static int32_t hash_big_decimal(__int128 unscaled, int scale)
{
    /* 31 * BigInteger.hashCode() + scale; BigInteger hashes its magnitude's
     * 32-bit words from the most significant one, then applies the sign. */
    unsigned __int128 u = unscaled < 0 ? (unsigned __int128)0 - (unsigned __int128)unscaled
                                       : (unsigned __int128)unscaled;
    uint32_t words[4];
    int n = 0;
    while (u != 0) {
        words[n++] = (uint32_t)u;
        u >>= 32;
    }
    uint32_t h = 0;
    for (int i = n - 1; i >= 0; i--) h = 31 * h + words[i];
    if (unscaled < 0) h = (uint32_t)0 - h;
    return (int32_t)(31 * h + (uint32_t)scale);
}

static int32_t hash_local_date(int64_t epoch_day)
{
    int64_t y;
    int m, d;
    render_civil_from_days(epoch_day, &y, &m, &d);
    uint32_t yv = (uint32_t)(int32_t)y;
    return (int32_t)((yv & 0xFFFFF800u) ^ ((yv << 11) + ((uint32_t)m << 6) + (uint32_t)d));
}

static int32_t hash_local_date_time(int64_t millis, int32_t nanos)
{
    int64_t day = floor_div(millis, 86400000);
    int64_t nod = floor_mod(millis, 86400000) * 1000000 + nanos;
    return hash_local_date(day) ^ hash_long(nod);
}

static int32_t hash_seconds_nanos(int64_t seconds, int32_t nanos)   /* Instant, Duration */
{
    return (int32_t)((uint32_t)hash_long(seconds) + 51u * (uint32_t)nanos);
}

static bool java_hash(const value_t *v, const type_t *t, int32_t *h);

/* RowUtils.deepHashCodeInternal for a field value inside a Row. */
static bool deep_hash_internal(const value_t *v, const type_t *t, int32_t *h)
{
    if (v->is_null) { *h = 0; return true; }
    switch (t->id) {
    case TYPE_ARRAY:
        return false;   /* Object[] vs primitive array depends on the conversion class */
    case TYPE_MAP:
    case TYPE_MULTISET: {
        /* deepHashCodeMap: 1 + sum(deepHash(k) ^ deepHash(v)) */
        type_t int_t = { .id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1,
                         .interval_unit = -1 };
        const type_t *vt = t->id == TYPE_MAP ? t->value : &int_t;
        uint32_t sum = 1;
        for (uint32_t i = 0; i < v->u.map.n; i++) {
            int32_t hk, hv;
            if (!deep_hash_internal(&v->u.map.keys[i], t->elem, &hk)) return false;
            if (!deep_hash_internal(&v->u.map.vals[i], vt, &hv)) return false;
            sum += (uint32_t)(hk ^ hv);
        }
        *h = (int32_t)sum;
        return true;
    }
    case TYPE_BINARY:
    case TYPE_VARBINARY: {
        /* Arrays.deepHashCode(new Object[]{bytes}) = 31 + Arrays.hashCode(bytes) */
        uint32_t r = 1;
        for (uint32_t i = 0; i < v->u.str.len; i++) r = 31 * r + (uint32_t)(int32_t)(int8_t)v->u.str.ptr[i];
        *h = (int32_t)(31 + r);
        return true;
    }
    default: {
        int32_t x;
        if (!java_hash(v, t, &x)) return false;
        *h = (int32_t)(31 + (uint32_t)x);
        return true;
    }
    }
}

static bool java_hash(const value_t *v, const type_t *t, int32_t *h)
{
    if (v->is_null) { *h = 0; return true; }
    switch (t->id) {
    case TYPE_BOOLEAN: *h = v->u.b ? 1231 : 1237; return true;
    case TYPE_TINYINT:
    case TYPE_SMALLINT:
    case TYPE_INT: *h = (int32_t)v->u.i64; return true;
    case TYPE_BIGINT: *h = hash_long(v->u.i64); return true;
    case TYPE_FLOAT: {
        float f = v->u.f32;
        uint32_t bits;
        if (f != f) bits = 0x7fc00000u;
        else memcpy(&bits, &f, sizeof bits);
        *h = (int32_t)bits;
        return true;
    }
    case TYPE_DOUBLE: {
        double d = v->u.f64;
        uint64_t bits;
        if (d != d) bits = 0x7ff8000000000000ULL;
        else memcpy(&bits, &d, sizeof bits);
        *h = hash_long((int64_t)bits);
        return true;
    }
    case TYPE_DECIMAL: *h = hash_big_decimal(v->u.dec, t->scale < 0 ? 0 : t->scale); return true;
    case TYPE_CHAR:
    case TYPE_VARCHAR: *h = hash_utf8_string(v->u.str.ptr, v->u.str.len); return true;
    case TYPE_DATE: *h = hash_local_date(v->u.i64); return true;
    case TYPE_TIME: *h = hash_long(v->u.i64); return true;
    case TYPE_TIMESTAMP: *h = hash_local_date_time(v->u.ts.millis, v->u.ts.nanos); return true;
    case TYPE_TIMESTAMP_LTZ:
        *h = hash_seconds_nanos(floor_div(v->u.ts.millis, 1000),
                                (int32_t)(floor_mod(v->u.ts.millis, 1000) * 1000000 + v->u.ts.nanos));
        return true;
    case TYPE_INTERVAL_YM: {
        int32_t y, m;
        period_of(v->u.i64, t->interval_unit, &y, &m);
        *h = (int32_t)((uint32_t)y + rotl32((uint32_t)m, 8));
        return true;
    }
    case TYPE_INTERVAL_DT:
        *h = hash_seconds_nanos(floor_div(v->u.i64, 1000), (int32_t)(floor_mod(v->u.i64, 1000) * 1000000));
        return true;
    case TYPE_MAP:
    case TYPE_MULTISET: {
        /* AbstractMap.hashCode: sum of (hash(key) ^ hash(value)) */
        type_t int_t = { .id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1,
                         .interval_unit = -1 };
        const type_t *vt = t->id == TYPE_MAP ? t->value : &int_t;
        uint32_t sum = 0;
        for (uint32_t i = 0; i < v->u.map.n; i++) {
            int32_t hk, hv;
            if (!java_hash(&v->u.map.keys[i], t->elem, &hk)) return false;
            if (!java_hash(&v->u.map.vals[i], vt, &hv)) return false;
            sum += (uint32_t)(hk ^ hv);
        }
        *h = (int32_t)sum;
        return true;
    }
    case TYPE_ROW: {
        /* Row.hashCode: 31 * kind(INSERT = 0) + deepHashCodeArray(fields) */
        uint32_t r = 1;
        for (uint32_t i = 0; i < v->u.row.n && (int)i < t->nfields; i++) {
            int32_t x;
            if (!deep_hash_internal(&v->u.row.fields[i], t->fields[i].type, &x)) return false;
            r = 31 * r + (uint32_t)x;
        }
        *h = (int32_t)r;
        return true;
    }
    default:
        return false;   /* identity hashes: byte[], Object[], RAW, POJOs */
    }
}

bool render_java_hash(const value_t *v, const type_t *t, int32_t *hash)
{
    return java_hash(v, t, hash);
}

typedef struct hm_entry {
    uint32_t index;     /* storage index */
    uint32_t spread;    /* h ^ (h >>> 16) */
    uint32_t bucket;
} hm_entry_t;

static int hm_entry_cmp(const void *a, const void *b)
{
    const hm_entry_t *x = a, *y = b;
    if (x->bucket != y->bucket) return x->bucket < y->bucket ? -1 : 1;
    return x->index < y->index ? -1 : (x->index > y->index);
}

void render_hashmap_order(const value_t *map, const type_t *map_type, uint32_t *order, uint32_t *n_out)
{
    const uint32_t n = map->u.map.n;
    const type_t *kt = map_type->elem;
    hm_entry_t *e = malloc((n ? n : 1) * sizeof *e);
    int32_t *hashes = malloc((n ? n : 1) * sizeof *hashes);
    bool reproducible = true;
    for (uint32_t i = 0; i < n && reproducible; i++)
        reproducible = java_hash(&map->u.map.keys[i], kt, &hashes[i]);

    /* Distinct keys in first-put order (a repeated put keeps the position). */
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool dup = false;
        for (uint32_t j = 0; j < m && !dup; j++) {
            uint32_t k = e[j].index;
            if ((!reproducible || hashes[k] == hashes[i]) &&
                value_equals(&map->u.map.keys[k], &map->u.map.keys[i], kt))
                dup = true;
        }
        if (!dup) {
            e[m].index = i;
            e[m].spread = reproducible ? (uint32_t)hashes[i] ^ ((uint32_t)hashes[i] >> 16) : 0;
            m++;
        }
    }

    if (reproducible && m > 0) {
        /* Replay HashMap.putVal's table growth: start at 16 buckets, double
         * when size exceeds 3/4 of the table, and also when a bin reaches 9
         * nodes while the table is smaller than 64 (treeifyBin resizes
         * instead of building a tree). Within a bin, nodes keep put order,
         * and resizing splits bins preserving it, so the final order is by
         * bucket index, then by put order. */
        uint32_t cap = 16;
        uint32_t *count = calloc(cap, sizeof *count);
        for (uint32_t i = 0; i < m; i++) {
            uint32_t bucket = e[i].spread & (cap - 1);
            bool grow = false;
            if (count[bucket] >= 8 && cap < 64) grow = true;   /* treeifyBin -> resize */
            count[bucket]++;
            if (grow || i + 1 > cap / 4 * 3) {
                do {
                    cap *= 2;
                } while (i + 1 > cap / 4 * 3);
                free(count);
                count = calloc(cap, sizeof *count);
                for (uint32_t j = 0; j <= i; j++) count[e[j].spread & (cap - 1)]++;
            }
        }
        free(count);
        for (uint32_t i = 0; i < m; i++) e[i].bucket = e[i].spread & (cap - 1);
        qsort(e, m, sizeof *e, hm_entry_cmp);
    }
    for (uint32_t i = 0; i < m; i++) order[i] = e[i].index;
    *n_out = m;
    free(e);
    free(hashes);
}

/* ======================================================================== */
/* Row.toString()                                                            */

/* The value of a MAP entry as put last for a key (HashMap.put overwrites). */
static const value_t *map_last_value(const value_t *map, const type_t *kt, uint32_t idx)
{
    const value_t *v = &map->u.map.vals[idx];
    for (uint32_t j = idx + 1; j < map->u.map.n; j++)
        if (value_equals(&map->u.map.keys[j], &map->u.map.keys[idx], kt)) v = &map->u.map.vals[j];
    return v;
}

static void render_bytes_java(buf_t *b, const char *p, uint32_t len)
{
    buf_putc(b, '[');
    for (uint32_t i = 0; i < len; i++) {
        if (i) buf_puts(b, ", ");
        buf_printf(b, "%d", (int)(int8_t)p[i]);
    }
    buf_putc(b, ']');
}

static void render_fields(buf_t *b, const value_t *fields, uint32_t n, const type_t *t)
{
    buf_putc(b, '[');
    for (uint32_t i = 0; i < n; i++) {
        if (i) buf_puts(b, ", ");
        render_value(b, &fields[i], (int)i < t->nfields ? t->fields[i].type : NULL);
    }
    buf_putc(b, ']');
}

void render_value(buf_t *b, const value_t *v, const type_t *t)
{
    if (v->is_null || t == NULL) {
        buf_puts(b, "null");
        return;
    }
    switch (t->id) {
    case TYPE_BOOLEAN: buf_puts(b, v->u.b ? "true" : "false"); break;
    case TYPE_TINYINT:
    case TYPE_SMALLINT:
    case TYPE_INT:
    case TYPE_BIGINT: buf_printf(b, "%lld", (long long)v->u.i64); break;
    case TYPE_FLOAT: render_java_float(b, v->u.f32); break;
    case TYPE_DOUBLE: render_java_double(b, v->u.f64); break;
    case TYPE_DECIMAL: render_big_decimal(b, v->u.dec, t->scale < 0 ? 0 : t->scale); break;
    case TYPE_CHAR:
    case TYPE_VARCHAR: buf_append(b, v->u.str.ptr, v->u.str.len); break;
    case TYPE_BINARY:
    case TYPE_VARBINARY:
    case TYPE_RAW: render_bytes_java(b, v->u.str.ptr, v->u.str.len); break;
    case TYPE_DATE: render_local_date(b, v->u.i64); break;
    /* Flink holds TIME as milliseconds of the day (LocalTime has no finer part) */
    case TYPE_TIME: render_local_time(b, v->u.i64 / 1000000 * 1000000); break;
    case TYPE_TIMESTAMP: render_local_date_time(b, v->u.ts.millis, v->u.ts.nanos); break;
    case TYPE_TIMESTAMP_LTZ: render_instant(b, v->u.ts.millis, v->u.ts.nanos); break;
    case TYPE_TIMESTAMP_TZ:   /* OffsetDateTime at UTC */
        render_local_date_time(b, v->u.ts.millis, v->u.ts.nanos);
        buf_putc(b, 'Z');
        break;
    case TYPE_INTERVAL_YM: render_period(b, v->u.i64, t->interval_unit); break;
    case TYPE_INTERVAL_DT: render_duration_millis(b, v->u.i64); break;
    case TYPE_ARRAY:
        buf_putc(b, '[');
        for (uint32_t i = 0; i < v->u.list.n; i++) {
            if (i) buf_puts(b, ", ");
            render_value(b, &v->u.list.items[i], t->elem);
        }
        buf_putc(b, ']');
        break;
    case TYPE_MAP:
    case TYPE_MULTISET: {
        type_t int_t = { .id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1,
                         .interval_unit = -1 };
        const type_t *vt = t->id == TYPE_MAP ? t->value : &int_t;
        uint32_t n = v->u.map.n, m = 0;
        uint32_t *order = malloc((n ? n : 1) * sizeof *order);
        render_hashmap_order(v, t, order, &m);
        buf_putc(b, '{');
        for (uint32_t i = 0; i < m; i++) {
            if (i) buf_puts(b, ", ");
            render_value(b, &v->u.map.keys[order[i]], t->elem);
            buf_putc(b, '=');
            render_value(b, m < n ? map_last_value(v, t->elem, order[i]) : &v->u.map.vals[order[i]], vt);
        }
        buf_putc(b, '}');
        free(order);
        break;
    }
    case TYPE_ROW:
    case TYPE_STRUCTURED:
        /* A nested row is a Row of kind INSERT. (A POJO would print its own
         * toString(), which C cannot know; it is shown as a row.) */
        buf_puts(b, "+I");
        render_fields(b, v->u.row.fields, v->u.row.n, t);
        break;
    case TYPE_NULL: buf_puts(b, "null"); break;
    default: buf_puts(b, "?"); break;
    }
}

void render_row(buf_t *b, const row_t *r, const type_t *row_type)
{
    buf_puts(b, row_kind_short(r->kind));
    render_fields(b, r->fields, r->n, row_type);
}

/* ======================================================================== */
/* CAST(x AS STRING), printing mode                                          */

static void sql_date(buf_t *b, int64_t epoch_day)
{
    /* DateTimeUtils.formatDate: the year as exactly four digits */
    int64_t y;
    int m, d;
    render_civil_from_days(epoch_day, &y, &m, &d);
    int yy = (int)(y % 10000);
    if (yy < 0) yy = -yy;
    buf_printf(b, "%04d-", yy);
    put2(b, m);
    buf_putc(b, '-');
    put2(b, d);
}

/* DateTimeUtils.formatTimestampMillis(int time, int precision): note it
 * stops after the last non-zero millisecond digit, but always prints one. */
static void sql_time(buf_t *b, int64_t millis_of_day, int precision)
{
    int64_t t = millis_of_day;
    while (t < 0) t += 86400000;
    int h = (int)(t / 3600000), mi = (int)(t % 3600000 / 60000), s = (int)(t % 60000 / 1000);
    int ms = (int)(t % 1000);
    put2(b, h % 100);
    buf_putc(b, ':');
    put2(b, mi);
    buf_putc(b, ':');
    put2(b, s);
    if (precision > 0) {
        buf_putc(b, '.');
        while (precision > 0) {
            buf_putc(b, (char)('0' + ms / 100));
            ms = ms % 100 * 10;
            if (ms == 0) break;
            --precision;
        }
    }
}

/* DateTimeUtils.formatTimestamp(ts, precision): nanos as 9 digits with
 * trailing zeros removed down to the precision. */
static void sql_timestamp(buf_t *b, int64_t millis, int32_t nanos, int precision)
{
    int64_t day = floor_div(millis, 86400000);
    int64_t ms_of_day = floor_mod(millis, 86400000);
    int64_t y;
    int mo, d;
    render_civil_from_days(day, &y, &mo, &d);
    buf_printf(b, "%04lld-", (long long)y);
    put2(b, mo);
    buf_putc(b, '-');
    put2(b, d);
    buf_putc(b, ' ');
    int h = (int)(ms_of_day / 3600000), mi = (int)(ms_of_day % 3600000 / 60000),
        s = (int)(ms_of_day % 60000 / 1000);
    put2(b, h);
    buf_putc(b, ':');
    put2(b, mi);
    buf_putc(b, ':');
    put2(b, s);
    char frac[10];
    snprintf(frac, sizeof frac, "%09d", (int)(ms_of_day % 1000) * 1000000 + nanos);
    int n = 9;
    while (n > precision && frac[n - 1] == '0') n--;
    if (n > 0) {
        buf_putc(b, '.');
        buf_append(b, frac, (size_t)n);
    }
}

static void number_padded(buf_t *b, long long v, int width)
{
    buf_printf(b, "%0*lld", width, v);
}

static void sql_interval_ym(buf_t *b, int64_t months)
{
    int32_t v = (int32_t)months;
    if (v >= 0) buf_putc(b, '+');
    else { buf_putc(b, '-'); v = -v; }
    buf_printf(b, "%d-", v / 12);
    number_padded(b, v % 12, 2);
}

static void sql_interval_dt(buf_t *b, int64_t v)
{
    if (v >= 0) buf_putc(b, '+');
    else { buf_putc(b, '-'); v = -v; }
    int64_t ms = v % 1000; v /= 1000;
    int64_t s = v % 60; v /= 60;
    int64_t m = v % 60; v /= 60;
    int64_t h = v % 24; v /= 24;
    buf_printf(b, "%d ", (int)v);
    number_padded(b, h, 2);
    buf_putc(b, ':');
    number_padded(b, m, 2);
    buf_putc(b, ':');
    number_padded(b, s, 2);
    buf_putc(b, '.');
    number_padded(b, ms, 3);
}

void render_sql_value(buf_t *b, const value_t *v, const type_t *t, const render_zone_t *zone)
{
    if (v->is_null || t == NULL) {
        buf_puts(b, "null");
        return;
    }
    switch (t->id) {
    case TYPE_BOOLEAN: buf_puts(b, v->u.b ? "TRUE" : "FALSE"); break;
    case TYPE_DECIMAL: render_big_decimal_plain(b, v->u.dec, t->scale < 0 ? 0 : t->scale); break;
    case TYPE_BINARY:
    case TYPE_VARBINARY:
    case TYPE_RAW:
        buf_puts(b, "x'");
        for (uint32_t i = 0; i < v->u.str.len; i++) buf_printf(b, "%02x", (unsigned char)v->u.str.ptr[i]);
        buf_putc(b, '\'');
        break;
    case TYPE_DATE: sql_date(b, v->u.i64); break;
    case TYPE_TIME: sql_time(b, v->u.i64 / 1000000, t->precision < 0 ? 0 : t->precision); break;
    case TYPE_TIMESTAMP:
        sql_timestamp(b, v->u.ts.millis, v->u.ts.nanos, t->precision < 0 ? 6 : t->precision);
        break;
    case TYPE_TIMESTAMP_LTZ:
    case TYPE_TIMESTAMP_TZ: {
        int64_t off = zone && zone->offset_seconds ? zone->offset_seconds(v->u.ts.millis, zone->ctx) : 0;
        sql_timestamp(b, v->u.ts.millis + off * 1000, v->u.ts.nanos, t->precision < 0 ? 6 : t->precision);
        break;
    }
    case TYPE_INTERVAL_YM: sql_interval_ym(b, v->u.i64); break;
    case TYPE_INTERVAL_DT: sql_interval_dt(b, v->u.i64); break;
    case TYPE_ARRAY:
        buf_putc(b, '[');
        for (uint32_t i = 0; i < v->u.list.n; i++) {
            if (i) buf_puts(b, ", ");
            render_sql_value(b, &v->u.list.items[i], t->elem, zone);
        }
        buf_putc(b, ']');
        break;
    case TYPE_MAP:
    case TYPE_MULTISET: {
        type_t int_t = { .id = TYPE_INT, .nullable = false, .precision = -1, .scale = -1,
                         .interval_unit = -1 };
        const type_t *vt = t->id == TYPE_MAP ? t->value : &int_t;
        buf_putc(b, '{');
        for (uint32_t i = 0; i < v->u.map.n; i++) {
            if (i) buf_puts(b, ", ");
            render_sql_value(b, &v->u.map.keys[i], t->elem, zone);
            buf_putc(b, '=');
            render_sql_value(b, &v->u.map.vals[i], vt, zone);
        }
        buf_putc(b, '}');
        break;
    }
    case TYPE_ROW:
    case TYPE_STRUCTURED:
        buf_putc(b, '(');
        for (uint32_t i = 0; i < v->u.row.n; i++) {
            if (i) buf_puts(b, ", ");
            render_sql_value(b, &v->u.row.fields[i], (int)i < t->nfields ? t->fields[i].type : NULL, zone);
        }
        buf_putc(b, ')');
        break;
    default:
        /* numbers and strings print as in Java ("" + value) */
        render_value(b, v, t);
        break;
    }
}

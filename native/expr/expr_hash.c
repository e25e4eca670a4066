/* expr_hash.c - MD5, SHA1, SHA224, SHA256, SHA384, SHA512 and SHA2(text,
 * bits) of a string's UTF-8 bytes as lower-case hex (Flink's functions of
 * those names). The algorithms are RFC 1321 and FIPS 180-4; one message at a
 * time, no streaming. */
#include "expr/expr_int.h"

#include <string.h>

#define ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* The message padded to whole blocks of `block` bytes (64, or 128 for
 * SHA-384/512) with its bit length appended in the last 8 bytes
 * (big-endian for SHA, little-endian for MD5). */
static unsigned char *pad_message(expr_ctx_t *cx, const value_t *v, bool big_endian, size_t block, size_t *nblocks)
{
    size_t n = v->u.str.len, total = (n + 1 + 2 * (block / 8) + block - 1) / block * block;
    unsigned char *m = arena_calloc(cx->arena, total, 1);
    memcpy(m, v->u.str.ptr, n);
    m[n] = 0x80;
    uint64_t bits = (uint64_t)n * 8;
    for (int i = 0; i < 8; i++) m[big_endian ? total - 1 - i : total - 8 + i] = (unsigned char)(bits >> (8 * i));
    *nblocks = total / block;
    return m;
}

static uint32_t be32(const unsigned char *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static uint32_t le32(const unsigned char *p) { return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]; }

static void md5(const unsigned char *m, size_t nblocks, unsigned char out[16])
{
    static const uint32_t K[64] = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
        0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
        0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
        0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
        0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
        0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
        0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
    static const int R[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9,  14, 20, 5, 9,
                              14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                              4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
    uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    for (size_t b = 0; b < nblocks; b++) {
        const unsigned char *p = m + 64 * b;
        uint32_t a = h[0], bb = h[1], c = h[2], d = h[3];
        for (int i = 0; i < 64; i++) {
            uint32_t f;
            int g;
            if (i < 16) f = (bb & c) | (~bb & d), g = i;
            else if (i < 32) f = (d & bb) | (~d & c), g = (5 * i + 1) % 16;
            else if (i < 48) f = bb ^ c ^ d, g = (3 * i + 5) % 16;
            else f = c ^ (bb | ~d), g = (7 * i) % 16;
            uint32_t t = d;
            d = c;
            c = bb;
            bb = bb + ROTL(a + f + K[i] + le32(p + 4 * g), R[i]);
            a = t;
        }
        h[0] += a, h[1] += bb, h[2] += c, h[3] += d;
    }
    for (int i = 0; i < 16; i++) out[i] = (unsigned char)(h[i / 4] >> (8 * (i % 4)));
}

static void sha1(const unsigned char *m, size_t nblocks, unsigned char out[20])
{
    uint32_t h[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
    for (size_t b = 0; b < nblocks; b++) {
        uint32_t w[80];
        for (int i = 0; i < 16; i++) w[i] = be32(m + 64 * b + 4 * i);
        for (int i = 16; i < 80; i++) w[i] = ROTL(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        uint32_t a = h[0], bb = h[1], c = h[2], d = h[3], e = h[4];
        for (int i = 0; i < 80; i++) {
            uint32_t f, k;
            if (i < 20) f = (bb & c) | (~bb & d), k = 0x5A827999;
            else if (i < 40) f = bb ^ c ^ d, k = 0x6ED9EBA1;
            else if (i < 60) f = (bb & c) | (bb & d) | (c & d), k = 0x8F1BBCDC;
            else f = bb ^ c ^ d, k = 0xCA62C1D6;
            uint32_t t = ROTL(a, 5) + f + e + k + w[i];
            e = d, d = c, c = ROTL(bb, 30), bb = a, a = t;
        }
        h[0] += a, h[1] += bb, h[2] += c, h[3] += d, h[4] += e;
    }
    for (int i = 0; i < 20; i++) out[i] = (unsigned char)(h[i / 4] >> (24 - 8 * (i % 4)));
}

/* SHA-256, or SHA-224 (its own initial values; the caller keeps 28 bytes). */
static void sha256(const unsigned char *m, size_t nblocks, bool sha224, unsigned char out[32])
{
    static const uint32_t K[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    static const uint32_t iv256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    static const uint32_t iv224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                      0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
    uint32_t h[8];
    memcpy(h, sha224 ? iv224 : iv256, sizeof h);
    for (size_t b = 0; b < nblocks; b++) {
        uint32_t w[64], s[8];
        for (int i = 0; i < 16; i++) w[i] = be32(m + 64 * b + 4 * i);
        for (int i = 16; i < 64; i++) {
            uint32_t s0 = ROTR(w[i - 15], 7) ^ ROTR(w[i - 15], 18) ^ (w[i - 15] >> 3);
            uint32_t s1 = ROTR(w[i - 2], 17) ^ ROTR(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        memcpy(s, h, sizeof s);
        for (int i = 0; i < 64; i++) {
            uint32_t S1 = ROTR(s[4], 6) ^ ROTR(s[4], 11) ^ ROTR(s[4], 25);
            uint32_t t1 = s[7] + S1 + ((s[4] & s[5]) ^ (~s[4] & s[6])) + K[i] + w[i];
            uint32_t S0 = ROTR(s[0], 2) ^ ROTR(s[0], 13) ^ ROTR(s[0], 22);
            uint32_t t2 = S0 + ((s[0] & s[1]) ^ (s[0] & s[2]) ^ (s[1] & s[2]));
            memmove(s + 1, s, 7 * sizeof s[0]);
            s[4] += t1;
            s[0] = t1 + t2;
        }
        for (int i = 0; i < 8; i++) h[i] += s[i];
    }
    for (int i = 0; i < 32; i++) out[i] = (unsigned char)(h[i / 4] >> (24 - 8 * (i % 4)));
}

#define ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

static uint64_t be64(const unsigned char *p) { return (uint64_t)be32(p) << 32 | be32(p + 4); }

/* SHA-512, or SHA-384 (its own initial values; the caller keeps 48 bytes). */
static void sha512(const unsigned char *m, size_t nblocks, bool sha384, unsigned char out[64])
{
    static const uint64_t K[80] = {
        0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
        0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
        0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
        0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
        0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
        0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
        0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
        0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
        0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
        0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
        0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
        0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
        0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
        0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
        0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
        0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
        0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
        0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
        0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
        0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
    };
    static const uint64_t iv512[8] = {
        0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
        0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
    };
    static const uint64_t iv384[8] = {
        0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
        0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL, 0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL,
    };
    uint64_t h[8];
    memcpy(h, sha384 ? iv384 : iv512, sizeof h);
    for (size_t b = 0; b < nblocks; b++) {
        uint64_t w[80], s[8];
        for (int i = 0; i < 16; i++) w[i] = be64(m + 128 * b + 8 * i);
        for (int i = 16; i < 80; i++) {
            uint64_t s0 = ROTR64(w[i - 15], 1) ^ ROTR64(w[i - 15], 8) ^ (w[i - 15] >> 7);
            uint64_t s1 = ROTR64(w[i - 2], 19) ^ ROTR64(w[i - 2], 61) ^ (w[i - 2] >> 6);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        memcpy(s, h, sizeof s);
        for (int i = 0; i < 80; i++) {
            uint64_t S1 = ROTR64(s[4], 14) ^ ROTR64(s[4], 18) ^ ROTR64(s[4], 41);
            uint64_t t1 = s[7] + S1 + ((s[4] & s[5]) ^ (~s[4] & s[6])) + K[i] + w[i];
            uint64_t S0 = ROTR64(s[0], 28) ^ ROTR64(s[0], 34) ^ ROTR64(s[0], 39);
            uint64_t t2 = S0 + ((s[0] & s[1]) ^ (s[0] & s[2]) ^ (s[1] & s[2]));
            memmove(s + 1, s, 7 * sizeof s[0]);
            s[4] += t1;
            s[0] = t1 + t2;
        }
        for (int i = 0; i < 8; i++) h[i] += s[i];
    }
    for (int i = 0; i < 64; i++) out[i] = (unsigned char)(h[i / 8] >> (56 - 8 * (i % 8)));
}

/* n->op: 5 MD5, 1 SHA1, else the SHA-2 bit length (SHA2's second argument when n->op is 2). */
value_t expr_impl_hash(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    int64_t bits = n->op == 2 ? argv[1].u.i64 : n->op;
    if (bits != 5 && bits != 1 && bits != 224 && bits != 256 && bits != 384 && bits != 512) return value_null();
    unsigned char digest[64];
    size_t nblocks, len = bits == 5 ? 16 : bits == 1 ? 20 : (size_t)bits / 8;
    unsigned char *m = pad_message(cx, &argv[0], bits != 5, bits >= 384 ? 128 : 64, &nblocks);
    if (bits == 5) md5(m, nblocks, digest);
    else if (bits == 1) sha1(m, nblocks, digest);
    else if (bits <= 256) sha256(m, nblocks, bits == 224, digest);
    else sha512(m, nblocks, bits == 384, digest);
    char hex[129];
    for (size_t i = 0; i < len; i++) {
        hex[2 * i] = "0123456789abcdef"[digest[i] >> 4];
        hex[2 * i + 1] = "0123456789abcdef"[digest[i] & 15];
    }
    return expr_str(cx, hex, 2 * len);
}

/* The net bot's integer kernels, one instruction set's build (include/nn.h includes this file
 * once per SJ_ISA: scalar, SSE2, AVX2, AVX-512, every function here marked SJ_TARGET, the
 * build's `__attribute__((target(...)))` or nothing; the scalar build's loops SJ_SCALAR_LOOP).
 *
 * Every sum is integer arithmetic modulo 2^16 or 2^32 (unsigned lanes: wrapping is defined),
 * so its result does not depend on the order of the terms nor on the vector width: every
 * build gives the same bits, and so does shengji.learn.model's numpy twin.  The vectors are
 * GCC's generic ones of the build's register width (SJ_VB: 64, 32 or 16 bytes); the scalar
 * build uses plain loops with vectorisation off.  A layer's width is a multiple of SJ_TILE
 * (16), so of every build's lanes. */
#ifndef SJ_ISA
#error "nn_kernels.h is included by nn.h with SJ_ISA defined"
#endif

#define SJ_CAT2(a, b) a##_##b
#define SJ_CAT(a, b) SJ_CAT2(a, b)
#define SJ_FN(name) SJ_CAT(name, SJ_ISA)

#if SJ_SCALAR_BUILD
/* -- plain loops ----------------------------------------------------------------------------- */
SJ_TARGET
static void SJ_FN(sj_l1_update)(int16_t *restrict acc, const int16_t *restrict w, int n,
                                const int32_t *restrict idx, const int16_t *restrict delta,
                                int m)
{
    uint16_t *restrict a = (uint16_t *)acc;
    int k, j;
    for (k = 0; k < m; k++) {
        const uint16_t *restrict row = (const uint16_t *)(w + (long)idx[k] * n);
        const uint16_t d = (uint16_t)delta[k];
        SJ_SCALAR_LOOP
        for (j = 0; j < n; j++) /* in 32 unsigned bits: uint16 * uint16 promotes to int */
            a[j] = (uint16_t)(a[j] + (uint16_t)((uint32_t)d * row[j]));
    }
}

SJ_TARGET
static void SJ_FN(sj_pairs_i32)(const int32_t *restrict b, const int16_t *restrict wp, int n,
                                const int32_t *restrict pidx, const uint32_t *restrict pval,
                                int m, int32_t *restrict out)
{
    int j, k;
    for (j = 0; j < n; j++) {
        uint32_t t = (uint32_t)b[j];
        SJ_SCALAR_LOOP
        for (k = 0; k < m; k++) {
            const int16_t *w = wp + ((long)pidx[k] * n + j) * 2;
            t += (uint32_t)((int32_t)(int16_t)(pval[k] & 0xFFFF) * w[0] +
                            (int32_t)(int16_t)(pval[k] >> 16) * w[1]);
        }
        out[j] = (int32_t)t;
    }
}

SJ_TARGET
static int64_t SJ_FN(sj_cand)(const int16_t *restrict s, const int16_t *restrict wa,
                              const int16_t *restrict wq, int h, const int32_t *restrict idx,
                              const uint8_t *restrict val, int m)
{
    uint16_t z[SJ_MAX_H3];
    int64_t q = 0;
    int j, k;
    SJ_SCALAR_LOOP
    for (j = 0; j < h; j++)
        z[j] = (uint16_t)s[j];
    for (k = 0; k < m; k++) {
        const uint16_t *restrict row = (const uint16_t *)(wa + (long)idx[k] * h);
        SJ_SCALAR_LOOP
        for (j = 0; j < h; j++)
            z[j] = (uint16_t)(z[j] + (uint16_t)(val[k] * row[j]));
    }
    SJ_SCALAR_LOOP
    for (j = 0; j < h; j += 2) {
        /* two terms below 2^30 each: their sum fits an int32 */
        int32_t r0 = (int16_t)z[j] > 0 ? (int16_t)z[j] : 0;
        int32_t r1 = (int16_t)z[j + 1] > 0 ? (int16_t)z[j + 1] : 0;
        q += (int32_t)(r0 * wq[j] + r1 * wq[j + 1]);
    }
    return q;
}

#else
/* -- generic vectors of the build's width (SJ_VB bytes) --------------------------------------- */
typedef uint16_t SJ_FN(u16v) __attribute__((vector_size(SJ_VB)));
#define SJ_L16 (SJ_VB / 2) /* lanes of a vector: int16, int32 */
#define SJ_L32 (SJ_VB / 4)
#define SJ_AHEAD 4 /* rows prefetched ahead */

/* acc[j] += delta[k] * w[idx[k] * n + j] (mod 2^16) for each k < m, j < n (n a multiple of
 * SJ_TILE): the first layer's accumulator moved by the features that changed (nn.h), `hold`
 * vectors at a time held in registers while the rows stream by: 8, then 4, then 1. */
SJ_TARGET
static inline __attribute__((always_inline)) int SJ_FN(sj_l1_block)(
    int16_t *restrict acc, const int16_t *restrict w, int n, const int32_t *restrict idx,
    const int16_t *restrict delta, int m, int j0, const int hold)
{
    int k, i;
    SJ_FN(u16v) a[8], r;
    for (; j0 + hold * SJ_L16 <= n; j0 += hold * SJ_L16) {
        for (i = 0; i < hold; i++)
            memcpy(&a[i], acc + j0 + SJ_L16 * i, SJ_VB);
        for (k = 0; k < m; k++) {
            const int16_t *row = w + (long)idx[k] * n + j0;
            const uint16_t d = (uint16_t)delta[k];
            if (k + SJ_AHEAD < m) { /* the rows come from anywhere in W1: fetch them early */
                const char *next = (const char *)(w + (long)idx[k + SJ_AHEAD] * n + j0);
                for (i = 0; i < hold * SJ_VB; i += 64)
                    __builtin_prefetch(next + i);
            }
            for (i = 0; i < hold; i++) {
                memcpy(&r, row + SJ_L16 * i, SJ_VB);
                a[i] += d * r;
            }
        }
        for (i = 0; i < hold; i++)
            memcpy(acc + j0 + SJ_L16 * i, &a[i], SJ_VB);
    }
    return j0;
}

SJ_TARGET
static void SJ_FN(sj_l1_update)(int16_t *restrict acc, const int16_t *restrict w, int n,
                                const int32_t *restrict idx, const int16_t *restrict delta,
                                int m)
{
    int j0 = SJ_FN(sj_l1_block)(acc, w, n, idx, delta, m, 0, 8);
    j0 = SJ_FN(sj_l1_block)(acc, w, n, idx, delta, m, j0, 4);
    SJ_FN(sj_l1_block)(acc, w, n, idx, delta, m, j0, 1);
}

/* out[j] = b[j] + sum over k < m of the pair pidx[k]'s two inputs (pval[k]: the first in
 * the low 16 bits) times their weights wp[pidx[k]][j][0, 1] (mod 2^32), j < n (n a multiple
 * of SJ_TILE): one multiply-add instruction for two inputs and a vector of outputs (each
 * product below 2^30, so their sum is exact in 32 bits), `hold` vectors in flight: 8, then
 * 4, then 1.  No prefetch: W2 and Wz (64 and 16 KiB at 256 x 128 x 64) stay in the core's
 * cache between decisions, and the prefetches cost more issue slots than they saved (1.01x). */
SJ_TARGET
static inline __attribute__((always_inline)) int SJ_FN(sj_pairs_block)(
    const int32_t *restrict b, const int16_t *restrict wp, int n, const int32_t *restrict pidx,
    const uint32_t *restrict pval, int m, int32_t *restrict out, int j0, const int hold)
{
    int k, i;
    SJ_IV t[8];
    for (; j0 + hold * SJ_L32 <= n; j0 += hold * SJ_L32) {
        for (i = 0; i < hold; i++)
            t[i] = SJ_LOADU(b + j0 + SJ_L32 * i);
        for (k = 0; k < m; k++) {
            const int16_t *row = wp + ((long)pidx[k] * n + j0) * 2;
            const SJ_IV x = SJ_SET1_32((int32_t)pval[k]);
            for (i = 0; i < hold; i++)
                t[i] = SJ_ADD32(t[i], SJ_MADD16(x, SJ_LOADU(row + 2 * SJ_L32 * i)));
        }
        for (i = 0; i < hold; i++)
            SJ_STOREU(out + j0 + SJ_L32 * i, t[i]);
    }
    return j0;
}

SJ_TARGET
static void SJ_FN(sj_pairs_i32)(const int32_t *restrict b, const int16_t *restrict wp, int n,
                                const int32_t *restrict pidx, const uint32_t *restrict pval,
                                int m, int32_t *restrict out)
{
    int j0 = SJ_FN(sj_pairs_block)(b, wp, n, pidx, pval, m, out, 0, 8);
    j0 = SJ_FN(sj_pairs_block)(b, wp, n, pidx, pval, m, out, j0, 4);
    SJ_FN(sj_pairs_block)(b, wp, n, pidx, pval, m, out, j0, 1);
}

/* A candidate's score less bq: z = s + sum over k < m of val[k] * wa[idx[k] * h + ...] (mod
 * 2^16, h a multiple of SJ_TILE), then sum over j of max(z[j], 0) * wq[j]: the products in
 * pairs by the multiply-add (each below 2^30: a pair's sum is exact in an int32 lane), the
 * lanes summed in 64 bits. */
SJ_TARGET
static int64_t SJ_FN(sj_cand)(const int16_t *restrict s, const int16_t *restrict wa,
                              const int16_t *restrict wq, int h, const int32_t *restrict idx,
                              const uint8_t *restrict val, int m)
{
    int32_t lanes[SJ_MAX_H3 / 2];
    int64_t q = 0;
    int j0, k, n = 0;
    SJ_FN(u16v) a, r, zero = {0};
    for (j0 = 0; j0 < h; j0 += SJ_L16) {
        memcpy(&a, s + j0, SJ_VB);
        for (k = 0; k < m; k++) {
            memcpy(&r, wa + (long)idx[k] * h + j0, SJ_VB);
            a += (uint16_t)val[k] * r;
        }
        {
            SJ_IV z, w;
            /* max(z, 0) as signed lanes: keep the lanes whose sign bit is clear */
            a = a & (SJ_FN(u16v))((a >> 15) == zero);
            memcpy(&z, &a, SJ_VB);
            w = SJ_LOADU(wq + j0);
            SJ_STOREU(lanes + n, SJ_MADD16(z, w));
            n += SJ_L32;
        }
    }
    for (k = 0; k < n; k++)
        q += lanes[k];
    return q;
}
#undef SJ_L16
#undef SJ_L32
#undef SJ_AHEAD
#endif

/* The pairs of h[0 .. n) (n even, every entry >= 0) that are not both zero: their index p
 * (entries 2p, 2p + 1) into idx, the two as one 32-bit word (2p in the low half) into val;
 * returns how many.  AVX2 and AVX-512 pack eight or sixteen pairs at a time (a table's
 * permutation, or the compress instruction); the others branch free, one at a time (a
 * hidden layer's zeros are a coin toss to the branch predictor).  idx and val have room
 * for n / 2 entries (the vector builds write whole vectors, within it). */
SJ_TARGET
static int SJ_FN(sj_nonzero_pairs)(const int16_t *restrict h, int n, int32_t *restrict idx,
                                   uint32_t *restrict val)
{
    int p = 0, m = 0, np = n / 2;
    uint32_t v;
#if SJ_PACK == 2
    __m512i ids = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (; p + 16 <= np; p += 16) {
        const __m512i x = _mm512_loadu_si512((const void *)(h + 2 * p));
        const __mmask16 k = _mm512_test_epi32_mask(x, x);
        _mm512_storeu_si512((void *)(val + m), _mm512_maskz_compress_epi32(k, x));
        _mm512_storeu_si512((void *)(idx + m), _mm512_maskz_compress_epi32(k, ids));
        ids = _mm512_add_epi32(ids, _mm512_set1_epi32(16));
        m += __builtin_popcount((unsigned)k);
    }
#elif SJ_PACK == 1
    __m256i ids = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (; p + 8 <= np; p += 8) {
        const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(h + 2 * p));
        const unsigned k = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(
                               _mm256_cmpeq_epi32(x, _mm256_setzero_si256()))) & 0xFFu;
        const __m256i perm = _mm256_cvtepu8_epi32(
            _mm_loadl_epi64((const __m128i *)(const void *)sj_pack_lut[k]));
        _mm256_storeu_si256((__m256i *)(void *)(val + m), _mm256_permutevar8x32_epi32(x, perm));
        _mm256_storeu_si256((__m256i *)(void *)(idx + m),
                            _mm256_permutevar8x32_epi32(ids, perm));
        ids = _mm256_add_epi32(ids, _mm256_set1_epi32(8));
        m += __builtin_popcount(k);
    }
#endif
    for (; p < np; p++) {
        memcpy(&v, h + 2 * p, 4);
        idx[m] = p;
        val[m] = v;
        m += v != 0;
    }
    return m;
}

/* Scores of n candidates from a seat's moved accumulator acc, and the value head into
 * *value when not NULL (nn.h sj_net_scores): the layers above the first, this build's
 * kernels called directly and the loops between them compiled for its instruction set. */
SJ_TARGET
static void SJ_FN(sj_net_scores)(const SjQNet *restrict net, const int16_t *restrict acc, int n,
                                 const int *restrict an, const int32_t *restrict aidx,
                                 const uint8_t *restrict aval, int stride,
                                 int64_t *restrict score, int64_t *restrict value)
{
    int32_t idx[SJ_MAX_H1 / 2];
    uint32_t pv[SJ_MAX_H1 / 2];
    int32_t t[SJ_MAX_H1];
    int16_t h[SJ_MAX_H1];
    int16_t s[SJ_MAX_H3];
    int m, j, i;
    SJ_SCALAR_LOOP
    for (j = 0; j < net->h1; j++)
        h[j] = acc[j] > 0 ? acc[j] : 0;
    m = SJ_FN(sj_nonzero_pairs)(h, net->h1, idx, pv);
    SJ_FN(sj_pairs_i32)(net->b2, net->w2, net->h2, idx, pv, m, t);
    SJ_SCALAR_LOOP
    for (j = 0; j < net->h2; j++) {
        int32_t u = sj_round_shift(t[j] > 0 ? t[j] : 0, net->sh2);
        h[j] = (int16_t)(u > 32767 ? 32767 : u);
    }
    if (value != NULL) {
        int64_t v = net->bv;
        SJ_SCALAR_LOOP
        for (j = 0; j < net->h2; j++)
            v += (int64_t)h[j] * net->wv[j];
        *value = v;
    }
    m = SJ_FN(sj_nonzero_pairs)(h, net->h2, idx, pv);
    SJ_FN(sj_pairs_i32)(net->bz, net->wz, net->h3, idx, pv, m, t);
    SJ_SCALAR_LOOP
    for (j = 0; j < net->h3; j++) {
        int32_t u = sj_round_shift(t[j], net->sh3);
        s[j] = (int16_t)(u > 32767 ? 32767 : (u < -32768 ? -32768 : u));
    }
    for (i = 0; i < n; i++)
        score[i] = net->bq + SJ_FN(sj_cand)(s, net->wa, net->wq, net->h3,
                                            aidx + (long)i * stride, aval + (long)i * stride,
                                            an[i]);
}

#undef SJ_FN
#undef SJ_CAT
#undef SJ_CAT2
/* the build's macros (nn.h defines them for each inclusion) */
#undef SJ_ISA
#undef SJ_VB
#undef SJ_IV
#undef SJ_LOADU
#undef SJ_STOREU
#undef SJ_SET1_32
#undef SJ_ADD32
#undef SJ_MADD16
#undef SJ_PACK
#undef SJ_TARGET

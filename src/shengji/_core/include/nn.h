/* The learned bot's network in integers (bots/net.pyx): exact, incremental, the same bits on
 * every machine.
 *
 * A quantised network (shengji.learn.model.quantize: every scale a power of two, the shifts
 * carried by the weights file):
 *
 *     acc = b1 + x W1                 int16 sum, mod 2^16  (x: the state's bytes)
 *     h1  = max(acc, 0)
 *     h2  = min(round(max(b2 + h1 W2, 0) >> sh2), 32767)  int32 sum, mod 2^32
 *     s   = clamp(round((bz + h2 Wz) >> sh3), int16)      int32 sum, mod 2^32
 *     z   = s + a Wa                  int16 sum, mod 2^16  (a: one candidate's bytes)
 *     q   = bq + max(z, 0) . wq       int64                the candidate's score
 *     v   = bv + h2 . wv              int64                the value head
 *
 * (round(t >> k) = (t + 2^(k-1)) >> k, an arithmetic shift: floor.)
 *
 * Integer sums modulo a power of two do not depend on the order of their terms, so a vector
 * build of any width, a scalar build and the numpy twin (shengji.learn.model.forward_numpy)
 * agree bit for bit; and the first layer's accumulator can be *moved* instead of recomputed:
 * acc(x') = acc(x) + (x' - x) W1 exactly, over the features that changed only.  A seat's
 * accumulator is kept between its decisions (SjSeatAcc: the features it was computed for),
 * so a decision pays for the few dozen features a trick changes, not the ~145 it holds.
 *
 * The kernels exist in four builds (nn_kernels.h): AVX-512 (x86-64-v4), AVX2 (x86-64-v3),
 * SSE2 (the x86-64 baseline) and scalar (no vectorisation), the best one the processor
 * runs chosen once at load (net.pyx: sj_nn_use(sj_nn_best())); sj_nn_use forces one (tests,
 * benchmarks).  The same under gcc and clang: each function of a build carries its
 * instruction set as a function attribute (SJ_TARGET, `__attribute__((target(...)))`, which
 * both compilers read; clang ignores gcc's `#pragma GCC target`).
 */
#ifndef SJ_NN_H
#define SJ_NN_H

#include <stdint.h>
#include <string.h>
#include "bits.h"
#include "nn_bids.h"

#define SJ_TILE 16        /* a layer's width must be a multiple of it */
#define SJ_MAX_H1 1024
#define SJ_MAX_H3 1024
#define SJ_STATE_CAP 2048 /* the state's bytes at most (features.pxd N_STATE is below) */

/* the instruction sets, best last (sj_nn_isa_name) */
enum { SJ_ISA_SCALAR = 0, SJ_ISA_SSE2 = 1, SJ_ISA_AVX2 = 2, SJ_ISA_AVX512 = 3, SJ_N_ISA = 4 };

/* gcc and clang on x86-64 (clang defines __GNUC__ too) */
#if defined(__GNUC__) && defined(__x86_64__)
#define SJ_X86 1
#include <immintrin.h>
#else
#define SJ_X86 0
#endif

/* AVX2's packing of the nonzero pairs (nn_kernels.h sj_nonzero_pairs): for each 8-bit mask
 * of the nonzero lanes, their positions in order (then zeros) */
static uint8_t sj_pack_lut[256][8];

__attribute__((constructor)) static void sj_pack_lut_fill(void)
{
    int mask, lane, n;
    for (mask = 0; mask < 256; mask++) {
        n = 0;
        for (lane = 0; lane < 8; lane++)
            if ((mask >> lane) & 1)
                sj_pack_lut[mask][n++] = (uint8_t)lane;
        while (n < 8)
            sj_pack_lut[mask][n++] = 0;
    }
}

/* -- the network ----------------------------------------------------------------------------- */
typedef struct {
    int h1, h2, h3;
    int n_state, n_action;
    const int16_t *w1;      /* [n_state][h1] */
    const int16_t *b1;      /* [h1] */
    const int16_t *w2;      /* [h1 / 2][h2][2]: the inputs 2p and 2p + 1 side by side */
    const int32_t *b2;      /* [h2] */
    const int16_t *wz;      /* [h2 / 2][h3][2] likewise */
    const int32_t *bz;      /* [h3] */
    const int16_t *wa;      /* [n_action][h3] */
    const int16_t *wq;      /* [h3] */
    const int16_t *wv;      /* [h2] */
    int64_t bq, bv;
    int sh2, sh3;           /* the right shifts (rounded) into h2 and s, 1..30 */
    SjBidHead bid;          /* the bid head, optional (bid.w1 NULL without it): nn_bids.h */
} SjQNet;

/* round(t / 2^k) for 1 <= k <= 30, halves up: floor((t + 2^(k-1)) / 2^k) without the sum's
 * overflow (the bit below the cut is the remainder's half). */
static inline int32_t sj_round_shift(int32_t t, int k)
{
    return (t >> k) + ((t >> (k - 1)) & 1);
}

/* -- the four builds of the kernels -------------------------------------------------------- */
/* The scalar build without vectorisation: gcc's optimize pragma over the whole build; clang
 * has none, so each innermost loop of the build carries SJ_SCALAR_LOOP (`#pragma clang loop`,
 * vectorisation and interleaving off).  Either way the same bits (nn_kernels.h). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-tree-vectorize", "no-tree-slp-vectorize")
#endif
#if defined(__clang__)
#define SJ_SCALAR_LOOP _Pragma("clang loop vectorize(disable) interleave(disable)")
#else
#define SJ_SCALAR_LOOP
#endif
#define SJ_SCALAR_BUILD 1
#define SJ_TARGET
#define SJ_PACK 0
#define SJ_ISA scalar
#include "nn_kernels.h"
#undef SJ_SCALAR_BUILD
#undef SJ_SCALAR_LOOP
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif
#define SJ_SCALAR_LOOP /* the vector builds' loops: the compiler's choice */

/* the multiply-add of int16 pairs into int32 lanes, per build: a vector type and its
 * unaligned load / store, a 32-bit broadcast, the add and the pairs' multiply-add */
#define SJ_SCALAR_BUILD 0
#if SJ_X86
#define SJ_VB 16              /* the vectors' bytes */
#define SJ_IV __m128i
#define SJ_LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define SJ_STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define SJ_SET1_32 _mm_set1_epi32
#define SJ_ADD32 _mm_add_epi32
#define SJ_MADD16 _mm_madd_epi16
#define SJ_TARGET             /* the x86-64 baseline */
#define SJ_PACK 0
#define SJ_ISA sse2
#include "nn_kernels.h" /* which undefines SJ_ISA and the build's macros */
#endif

#if SJ_X86
#define SJ_VB 32
#define SJ_IV __m256i
#define SJ_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define SJ_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define SJ_SET1_32 _mm256_set1_epi32
#define SJ_ADD32 _mm256_add_epi32
#define SJ_MADD16 _mm256_madd_epi16
#define SJ_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt")))
#define SJ_PACK 1
#define SJ_ISA avx2
#include "nn_kernels.h" /* which undefines SJ_ISA and the build's macros */

#define SJ_VB 64
#define SJ_IV __m512i
#define SJ_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define SJ_STOREU(p, v) _mm512_storeu_si512((void *)(p), (v))
#define SJ_SET1_32 _mm512_set1_epi32
#define SJ_ADD32 _mm512_add_epi32
#define SJ_MADD16 _mm512_madd_epi16
#define SJ_TARGET \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,bmi,bmi2,popcnt,lzcnt")))
#define SJ_PACK 2
#define SJ_ISA avx512
#include "nn_kernels.h" /* which undefines SJ_ISA and the build's macros */
#endif
#undef SJ_SCALAR_BUILD
#undef SJ_SCALAR_LOOP

typedef void (*SjL1Update)(int16_t *, const int16_t *, int, const int32_t *, const int16_t *,
                           int);
typedef void (*SjScores)(const SjQNet *, const int16_t *, int, const int *, const int32_t *,
                         const uint8_t *, int, int64_t *, int64_t *);

typedef struct {
    SjL1Update l1_update;
    SjScores scores;
} SjKernels;

/* The kernels in use (set once at load by net.pyx, sj_nn_use(sj_nn_best()); sj_nn_use may
 * change them, not while a bot plays): SJ_KERNELS[SJ_DEFAULT_ISA] at first, written as its
 * initializer (a constant's element is not a constant expression in C: clang refuses it). */
#define SJ_BUILD(isa) {sj_l1_update_##isa, sj_net_scores_##isa}
#if SJ_X86
static const SjKernels SJ_KERNELS[SJ_N_ISA] = {
    SJ_BUILD(scalar), SJ_BUILD(sse2), SJ_BUILD(avx2), SJ_BUILD(avx512),
};
#define SJ_DEFAULT_ISA SJ_ISA_SSE2
static SjKernels sj_nn_k = SJ_BUILD(sse2);
#else /* elsewhere the scalar build only */
static const SjKernels SJ_KERNELS[SJ_N_ISA] = {
    SJ_BUILD(scalar), SJ_BUILD(scalar), SJ_BUILD(scalar), SJ_BUILD(scalar),
};
#define SJ_DEFAULT_ISA SJ_ISA_SCALAR
static SjKernels sj_nn_k = SJ_BUILD(scalar);
#endif
#undef SJ_BUILD
static int sj_nn_isa = SJ_DEFAULT_ISA;

static const char *const SJ_ISA_NAMES[SJ_N_ISA] = {"scalar", "sse2", "avx2", "avx512"};

/* Whether this processor runs the build isa. */
static inline int sj_nn_supported(int isa)
{
    if (isa == SJ_ISA_SCALAR)
        return 1;
#if SJ_X86
    if (isa == SJ_ISA_SSE2)
        return 1;
    __builtin_cpu_init();
    if (isa == SJ_ISA_AVX2)
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
    if (isa == SJ_ISA_AVX512)
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("bmi2");
#endif
    return 0;
}

static inline int sj_nn_use(int isa)
{
    if (isa < 0 || isa >= SJ_N_ISA || !sj_nn_supported(isa))
        return -1;
    sj_nn_k = SJ_KERNELS[isa];
    sj_nn_isa = isa;
    return 0;
}

/* The best build this processor runs. */
static inline int sj_nn_best(void)
{
    int isa;
    for (isa = SJ_N_ISA - 1; isa > 0; isa--)
        if (sj_nn_supported(isa))
            return isa;
    return SJ_ISA_SCALAR;
}

/* One seat's first-layer accumulator: b1 + x W1 for the state x it was last moved to, under
 * the network net (NULL: none yet).  `kept` is that state in its mover's form (bots/
 * features.pxd KeptState: the cards as masks, the rest as bytes); all zero: the all-zero
 * state, whose accumulator is b1. */
#define SJ_KEPT_CAP 1024
typedef struct {
    const SjQNet *net;
    int16_t acc[SJ_MAX_H1];
    uint8_t kept[SJ_KEPT_CAP];
} SjSeatAcc;

/* a's accumulator at the all-zero state of net */
static inline void sj_acc_reset(SjSeatAcc *a, const SjQNet *net)
{
    memcpy(a->acc, net->b1, (size_t)net->h1 * sizeof(int16_t));
    memset(a->kept, 0, sizeof(a->kept));
    a->net = net;
}

/* Move a's accumulator by m changes of the state: byte idx[k] by delta[k] (an index may
 * come more than once: the deltas add). */
static inline void sj_acc_add(SjSeatAcc *restrict a, const int32_t *restrict idx,
                              const int16_t *restrict delta, int m)
{
    if (m)
        sj_nn_k.l1_update(a->acc, a->net->w1, a->net->h1, idx, delta, m);
}

/* The nonzero entries of x[0 .. m) in ascending order: their indices into idx, their values
 * into val; returns how many. */
static inline int sj_nonzero_u8(const uint8_t *restrict x, int m, int32_t *restrict idx,
                                uint8_t *restrict val)
{
    int n = 0, i = 0;
#if SJ_X86
    int k;
    const __m128i zero = _mm_setzero_si128();
    for (; i + 16 <= m; i += 16) {
        unsigned d = (~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
                         _mm_loadu_si128((const __m128i *)(const void *)(x + i)), zero))) &
                     0xFFFFu;
        while (d) {
            k = __builtin_ctz(d);
            idx[n] = i + k;
            val[n] = x[i + k];
            n++;
            d &= d - 1;
        }
    }
#endif
    for (; i < m; i++) {
        if (x[i]) {
            idx[n] = i;
            val[n] = x[i];
            n++;
        }
    }
    return n;
}

/* Scores of n candidates from a seat's moved accumulator acc, and the value head into
 * *value when not NULL (integers: net.pyx scales them).  Candidate i's nonzero bytes: an[i]
 * of them, at aidx[i * stride ..] with the values aval[i * stride ..].  The build in use's
 * (nn_kernels.h sj_net_scores). */
static inline void sj_net_scores(const SjQNet *restrict net, const int16_t *restrict acc,
                                 int n, const int *restrict an, const int32_t *restrict aidx,
                                 const uint8_t *restrict aval, int stride,
                                 int64_t *restrict score, int64_t *restrict value)
{
    sj_nn_k.scores(net, acc, n, an, aidx, aval, stride, score, value);
}

#endif

/* Fast, statistically sound random numbers for the deal kernels.
 *
 * Generator: xoshiro256++ (Blackman & Vigna), 256-bit state, passes BigCrush/PractRand;
 * the state is seeded from numpy.random.SeedSequence, one spawned stream per chunk.
 *
 * Bounded draws: Lemire's nearly-divisionless method, batched (Brackett-Rozinsky & Lemire,
 * "Batched ranged random integer generation", 2024): k draws with bounds n1..nk come out
 * of ONE 64-bit word as the mixed-radix digits of floor(x * P / 2^64), P = n1*...*nk, with
 * the usual rejection on the low word, so each result is exactly uniform.  A deal needs
 * 83 draws with bounds <= 108; four per word keeps P < 2^28, so the rejection branch is
 * taken with probability < 2^-36 and the division is almost never computed.
 *
 * The handle: every kernel draws from an sj_rng (rng.pxd's Rng), loaded from and stored
 * back to the caller's 4-word numpy state only by rng.pxd's rng_load / rng_store.  Hot
 * loops may copy the words into C locals (sj_draws_table, deal_kernel.h) and write them
 * back when done: gcc keeps the state in registers only that way.
 */
#ifndef SHENGJI_FASTRAND_H
#define SHENGJI_FASTRAND_H
#include <stdint.h>

#define SJ_RNG_WORDS 4

/* xoshiro256++ state.  Never all zero (rng_load refuses it: the generator cannot leave it). */
typedef struct sj_rng {
    uint64_t s[SJ_RNG_WORDS];
} sj_rng;

static inline uint64_t sj_rotl(const uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256++ step. */
static inline uint64_t sj_next(sj_rng *r) {
    uint64_t *s = r->s;
    const uint64_t result = sj_rotl(s[0] + s[3], 23) + s[0];
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = sj_rotl(s[3], 45);
    return result;
}

/* Up to 4 bounded draws from one word: out[i] uniform in [0, bounds[i]).
 * The product of the k bounds must fit in 64 bits (every bound <= 65535 suffices). */
static inline void sj_bounded4(sj_rng *r, const uint32_t *bounds, uint32_t *out, int k) {
    uint64_t product = 1;
    int i;
    for (i = 0; i < k; i++) product *= bounds[i];
    for (;;) {
        uint64_t low = sj_next(r);
        for (i = 0; i < k; i++) {
            __uint128_t m = (__uint128_t)low * bounds[i];
            out[i] = (uint32_t)(m >> 64);
            low = (uint64_t)m;
        }
        if (low >= product) return;            /* the common, division-free path */
        if (low >= (0 - product) % product) return;  /* 2^64 mod P: exact acceptance */
    }
}

/* n bounded draws, four per random word. */
static inline void sj_bounded_batch(sj_rng *r, const uint32_t *bounds, uint32_t *out, int n) {
    int i;
    for (i = 0; i + 4 <= n; i += 4) sj_bounded4(r, bounds + i, out + i, 4);
    if (i < n) sj_bounded4(r, bounds + i, out + i, n - i);
}

/* One uniform draw in [0, bound). */
static inline uint32_t sj_bounded(sj_rng *r, uint32_t bound) {
    uint32_t out;
    sj_bounded4(r, &bound, &out, 1);
    return out;
}

/* Descending bound vectors: a shuffle's draws have bounds top, top-1, ..., top-n+1 (a deal's
 * 83 draws are 108 ... 26).  They are drawn EIGHT per word: P <= 108^8 < 2^55, so a retry
 * happens with probability < 2^-9, and each group's acceptance threshold 2^64 mod P is
 * computed once per kernel (sj_descending_thresholds), so the hot path never divides.
 * The generator state lives in locals here: gcc keeps it in registers only that way. */
#define SJ_GROUP 8

static inline void sj_descending_thresholds(uint32_t top, int n, uint64_t *thresh) {
    int g, i;
    for (g = 0; g * SJ_GROUP < n; g++) {
        uint64_t product = 1;
        for (i = g * SJ_GROUP; i < n && i < (g + 1) * SJ_GROUP; i++) product *= (top - i);
        thresh[g] = (0 - product) % product;
    }
}

/* One xoshiro256++ step on a state held in locals. */
#define SJ_NEXT_LOCAL(out, s0, s1, s2, s3) do {            \
        uint64_t sj_t_ = (s1) << 17;                        \
        (out) = sj_rotl((s0) + (s3), 23) + (s0);            \
        (s2) ^= (s0); (s3) ^= (s1); (s1) ^= (s2); (s0) ^= (s3); \
        (s2) ^= sj_t_; (s3) = sj_rotl((s3), 45);            \
    } while (0)

/* Digits of one word for `count` bounds (a uint64 table, so each digit is one `mul` with
 * a memory operand); returns the low word that decides acceptance.  Called with a
 * compile-time `count` so that it unrolls. */
static inline uint64_t sj_digits(uint64_t low, const uint64_t *bounds, uint32_t *out,
                                 const int count) {
    int k;
    for (k = 0; k < count; k++) {
        __uint128_t m = (__uint128_t)low * bounds[k];
        out[k] = (uint32_t)(m >> 64);
        low = (uint64_t)m;
    }
    return low;
}

/* Descending bounds top, top-1, ..., top-n+1 as the uint64 table sj_draws_table reads. */
static inline void sj_descending_bounds(uint32_t top, int n, uint64_t *bounds) {
    int i;
    for (i = 0; i < n; i++) bounds[i] = top - (uint32_t)i;
}

static inline void sj_draws_table(sj_rng *r, const uint64_t *bounds, int n,
                                  const uint64_t *thresh, uint32_t *out) {
    uint64_t s0 = r->s[0], s1 = r->s[1], s2 = r->s[2], s3 = r->s[3], low;
    int g, base, rest;
    for (g = 0; (g + 1) * SJ_GROUP <= n; g++) {
        base = g * SJ_GROUP;
        do {
            SJ_NEXT_LOCAL(low, s0, s1, s2, s3);
            low = sj_digits(low, bounds + base, out + base, SJ_GROUP);
        } while (low < thresh[g]);
    }
    base = g * SJ_GROUP;
    rest = n - base;
    if (rest > 0) {
        do {
            SJ_NEXT_LOCAL(low, s0, s1, s2, s3);
            low = sj_digits(low, bounds + base, out + base, rest);
        } while (low < thresh[g]);
    }
    r->s[0] = s0; r->s[1] = s1; r->s[2] = s2; r->s[3] = s3;
}

/* One uniform draw in [0, bound) for a 64-bit bound (counts of candidate plays can pass
 * 2^32): plain Lemire with exact rejection. */
static inline uint64_t sj_bounded64(sj_rng *r, uint64_t bound) {
    for (;;) {
        __uint128_t m = (__uint128_t)sj_next(r) * bound;
        uint64_t low = (uint64_t)m;
        if (low >= bound || low >= (0 - bound) % bound) return (uint64_t)(m >> 64);
    }
}
#endif
/* The innermost loop of the deal study: one deal, 83 Fisher-Yates steps, features as the
 * cards land.  Everything around it (tables, finishing the features, outputs) is in
 * deal.pyx; this part is C because it needs what Cython cannot say:
 *
 *  - a 64x64->128-bit multiply (each bounded draw is the high word of x * bound);
 *  - a fixed, fully unrolled schedule (the macros below), so that every step's position
 *    and bound are constants and every accumulator stays in a register;
 *  - 128-bit SSE2 arithmetic, so that landing a card is ONE load (SSE2 is part of the
 *    x86-64 baseline; other machines take a plain-C fallback with the same results, which
 *    -DSJ_NO_SSE2 forces on x86-64 for checking).
 *
 * Layout of one deal (a partial Fisher-Yates shuffle of a fresh deck, positions 0..107):
 *   steps  0..24  seat 0     steps 25..49  seat 1     steps 50..74  seat 2
 *   steps 75..82  the kitty  positions 83..107: seat 3, whatever remains (no draws).
 * Step i swaps position i with position i + r, r uniform in [0, 108 - i).  Each deal
 * starts from the same fresh deck (a Fisher-Yates shuffle is uniform from any start), so a
 * step need not write the dealt card back to position i; only store_cards does.
 *
 * Random numbers: the draws of a step group come from ONE xoshiro256++ word x as the
 * mixed-radix digits of floor(x * P / 2^64), P the product of the group's bounds
 * (Lemire's nearly-divisionless method, batched: Brackett-Rozinsky & Lemire 2024).  The
 * word is accepted iff (x * P) mod 2^64 >= 2^64 mod P, which makes the digits exactly
 * uniform; that low word is one multiply, known before any digit is used, so a rejected
 * word costs one more generator step and nothing has to be undone.  Each seat's 25 steps
 * are three groups (8, 8, 9) and the kitty's 8 one group: 10 words a deal, the cheapest
 * partition with every P < 2^64 (rejection rates: 1.7% for seat 0's 9-group, under 0.1%
 * for every other group).
 *
 * Landing card c adds entry[c] = {lanes, 1 << kind(c)} to one 128-bit accumulator and ORs
 * it into another: lane 0 of the sum is the hand's packed counts (eight 8-bit lanes, see
 * deal.pyx), lane 1 of the OR is the set of kinds the hand holds.  A hand of 25 cards
 * holds 25 - |kinds| pairs.  Lane 1 of the sum, the sum of 2^kind over the cards, less the
 * set of kinds is the set of kinds held twice (a kind held twice adds 2^kind once more):
 * the pair mask of the tractor counts (deal_tractors.h), at no cost a card.  The deck
 * holds LABELS 2*card: 2*card*8 = 16*card is the entry's byte offset, one addressing mode
 * (scale 8), and the deck stays a byte array.
 * Why one load matters: each step already loads deck[j] and deck[i]; the load ports, not
 * the arithmetic, bound this loop (measured: 12% faster than two 8-byte loads).
 */
#ifndef SHENGJI_DEAL_KERNEL_H
#define SHENGJI_DEAL_KERNEL_H
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "fastrand.h"
#include "bits.h"
#include "deal_tractors.h"

#if !defined(SJ_NO_SSE2) && ((defined(__SSE2__) && defined(__x86_64__)) || defined(_M_X64))
#include <emmintrin.h>
#define SJ_SSE2 1
#endif

#if defined(_MSC_VER)
#define SJ_ALIGN16 __declspec(align(16))
#define SJ_ALWAYS_INLINE __forceinline
#define SJ_MAYBE_UNUSED
#else
#define SJ_ALIGN16 __attribute__((aligned(16)))
#define SJ_ALWAYS_INLINE inline __attribute__((always_inline))
#define SJ_MAYBE_UNUSED __attribute__((unused))
#endif

/* The sizes of cards.pxd (N_CARDS, N_SEATS, HAND_SIZE, 3 * HAND_SIZE + KITTY_SIZE below),
 * written again because this is plain C: deal.pyx checks them at compile time. */
#define SJ_DEAL_CARDS 108
#define SJ_DEAL_SEATS 4
#define SJ_DEAL_HAND 25
/* The eight 8-bit lanes of a hand's packed counts (entry[c][0]): plain cards of suits
 * S, H, C, D in lanes 0..3, then these. */
#define SJ_LANE_LEVEL 4
#define SJ_LANE_SMALL 5
#define SJ_LANE_BIG 6
#define SJ_LANE_POINTS 7
#define SJ_DEAL_DRAWS 83        /* 3 hands and the kitty are drawn; seat 3 is what remains */
#define SJ_DEAL_GROUPS 10       /* random words per deal (before rejections) */
#define SJ_DEAL_DECK_BYTES 112  /* the deck rounded up to whole 16-byte words, for the copy */

/* First step of each group, then SJ_DEAL_DRAWS. */
static const int SJ_DEAL_GROUP_START[SJ_DEAL_GROUPS + 1] = {
    0, 8, 16, 25, 33, 41, 50, 58, 66, 75, 83};

typedef struct {
    SJ_ALIGN16 uint64_t entry[SJ_DEAL_CARDS][2];   /* {lanes, 1 << kind}: the caller's */
    SJ_ALIGN16 uint8_t labels[SJ_DEAL_DECK_BYTES]; /* the fresh deck: 2*c at position c */
    uint64_t gprod[SJ_DEAL_GROUPS];   /* product of a group's bounds */
    uint64_t gthresh[SJ_DEAL_GROUPS]; /* 2^64 mod gprod: the acceptance threshold */
    uint64_t total;                   /* lanes of the whole deck: the caller's */
    uint64_t all_kinds;               /* every kind's bit */
    int level;                        /* the level rank 0..12: the caller's */
    SjTractorTable tractors;          /* the level's and the rules' options: the caller's copy */
} SjDealTables;

/* Everything but entry[*][0], total and level, which depend on the level. */
static inline void sj_deal_tables_init(SjDealTables *t) {
    int c, g, i;
    memset(t, 0, sizeof *t);
    for (c = 0; c < SJ_DEAL_CARDS; c++) {
        t->entry[c][1] = (uint64_t)1 << (c >> 1);
        t->labels[c] = (uint8_t)(2 * c);
        t->all_kinds |= t->entry[c][1];
    }
    for (g = 0; g < SJ_DEAL_GROUPS; g++) {
        uint64_t p = 1;
        for (i = SJ_DEAL_GROUP_START[g]; i < SJ_DEAL_GROUP_START[g + 1]; i++)
            p *= (uint64_t)(SJ_DEAL_CARDS - i);
        t->gprod[g] = p;
        t->gthresh[g] = (0 - p) % p;
    }
}

/* x = the next accepted word for group g. */
#define SJ_DEAL_WORD(g) do {                                         \
        do { SJ_NEXT_LOCAL(x, s0, s1, s2, s3); }                     \
        while (x * t->gprod[g] < t->gthresh[g]);                     \
    } while (0)

#ifdef SJ_SSE2
typedef __m128i sj_acc_t;
#define SJ_ACC_ZERO(A, K) ((A) = _mm_setzero_si128(), (K) = _mm_setzero_si128())
#define SJ_ACC_LAND(A, K, off) do {                                           \
        const __m128i e_ = _mm_load_si128((const __m128i *)(entb + (off)));   \
        (A) = _mm_add_epi64((A), e_);                                         \
        (K) = _mm_or_si128((K), e_);                                          \
    } while (0)
#define SJ_ACC_LANES(A) ((uint64_t)_mm_cvtsi128_si64(A))
#define SJ_ACC_KINDS(K) ((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64((K), (K))))
#define SJ_ACC_KSUM(A) ((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64((A), (A))))
#else
typedef struct { uint64_t v[2]; } sj_acc_t;
#define SJ_ACC_ZERO(A, K) ((A).v[0] = (A).v[1] = 0, (K).v[0] = (K).v[1] = 0)
#define SJ_ACC_LAND(A, K, off) ((A).v[0] += *(const uint64_t *)(entb + (off)),     \
                                (A).v[1] += *(const uint64_t *)(entb + (off) + 8), \
                                (K).v[1] |= *(const uint64_t *)(entb + (off) + 8))
#define SJ_ACC_LANES(A) ((A).v[0])
#define SJ_ACC_KINDS(K) ((K).v[1])
#define SJ_ACC_KSUM(A) ((A).v[1])
#endif

/* x * bound -> x = the low word, hi = the high word (the draw).  On x86-64 with gcc or
 * clang this is one `mul` with x pinned to rax: written as a plain 128-bit product, gcc
 * spilled x to the stack and reloaded it at every step, which put a store-to-load
 * forwarding delay on the chain of multiplies. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(SJ_NO_ASM)
#define SJ_MUL_STEP(x, bound, hi) \
    __asm__("mulq %2" : "+a"(x), "=d"(hi) : "r"((uint64_t)(bound)) : "cc")
#else
#define SJ_MUL_STEP(x, bound, hi) do {                                            \
        __uint128_t m_ = (__uint128_t)(x) * (uint64_t)(bound);                    \
        (hi) = (uint64_t)(m_ >> 64);                                              \
        (x) = (uint64_t)m_;                                                       \
    } while (0)
#endif

/* Step i: draw r (the next digit of x), swap positions i and i + r, land the card. */
#define SJ_DEAL_STEP(i, A, K, STORE) do {                                        \
        uint64_t r_;                                                             \
        size_t j_, c_;                                                           \
        SJ_MUL_STEP(x, SJ_DEAL_CARDS - (i), r_);                                 \
        j_ = (size_t)r_ + (i);                                                   \
        c_ = deck[j_];                                                           \
        deck[j_] = deck[i];                                                      \
        if (STORE) deck[i] = (uint8_t)c_;                                        \
        SJ_ACC_LAND(A, K, 8 * c_);                                               \
    } while (0)

#define SJ_DEAL_STEPS8(i, A, K, STORE) do {                                       \
        SJ_DEAL_STEP((i) + 0, A, K, STORE); SJ_DEAL_STEP((i) + 1, A, K, STORE);  \
        SJ_DEAL_STEP((i) + 2, A, K, STORE); SJ_DEAL_STEP((i) + 3, A, K, STORE);  \
        SJ_DEAL_STEP((i) + 4, A, K, STORE); SJ_DEAL_STEP((i) + 5, A, K, STORE);  \
        SJ_DEAL_STEP((i) + 6, A, K, STORE); SJ_DEAL_STEP((i) + 7, A, K, STORE);  \
    } while (0)

/* One seat: groups 3*seat .. 3*seat+2 cover steps 25*seat .. 25*seat+24 (8, 8, 9). */
#define SJ_DEAL_SEAT(seat, STORE) do {                                            \
        sj_acc_t a_, k_;                                                          \
        SJ_ACC_ZERO(a_, k_);                                                      \
        SJ_DEAL_WORD(3 * (seat));                                                 \
        SJ_DEAL_STEPS8(25 * (seat), a_, k_, STORE);                               \
        SJ_DEAL_WORD(3 * (seat) + 1);                                             \
        SJ_DEAL_STEPS8(25 * (seat) + 8, a_, k_, STORE);                           \
        SJ_DEAL_WORD(3 * (seat) + 2);                                             \
        SJ_DEAL_STEPS8(25 * (seat) + 16, a_, k_, STORE);                          \
        SJ_DEAL_STEP(25 * (seat) + 24, a_, k_, STORE);                            \
        lanes[seat] = SJ_ACC_LANES(a_);                                           \
        kinds[seat] = SJ_ACC_KINDS(k_);                                           \
        twice[seat] = SJ_ACC_KSUM(a_) - kinds[seat];                              \
    } while (0)

/* How many of the four level kinds (level + 13 * suit) a kind set holds: those are bits 0,
 * 13, 26 and 39 of kinds >> level; multiplying them by the same pattern sums them at bit
 * 39 (the products whose exponents add to 39), and no other partial sum reaches 39..41. */
#define SJ_LEVEL_PATTERN ((uint64_t)1 | ((uint64_t)1 << 13) | ((uint64_t)1 << 26) | ((uint64_t)1 << 39))
static SJ_ALWAYS_INLINE int sj_count_level_kinds(uint64_t kinds, int level) {
    return (int)(((((kinds >> level) & SJ_LEVEL_PATTERN) * SJ_LEVEL_PATTERN) >> 39) & 7);
}

/* One deal from the generator rng (advanced; its words live in locals meanwhile).  Out: lanes[0..3] each seat's packed
 * lanes and lanes[4] the kitty's; pairs[0..3] and level_pairs[0..3] each seat's pairs and
 * level pairs; tractors[0..3] each seat's tractors (a word: deal_tractors.h).  deck: SJ_DEAL_DECK_BYTES of scratch.  With store it ends holding the dealt
 * labels at positions 0..82 and seat 3's cards (as a set) at 83..107.
 *
 * (A copy compiled for x86-64-v3 and chosen at run time -- mulx, VEX forms, POPCNT --
 * ran 8-10% fewer instructions a deal but at most about 4% faster in interleaved runs:
 * this loop is bound by its loads more than by instructions, so the build stays one
 * baseline x86-64 copy.) */
static SJ_ALWAYS_INLINE void sj_deal_one(sj_rng *rng, const SjDealTables *t, uint8_t *deck,
                                         uint64_t *lanes, int *pairs, int *level_pairs,
                                         uint64_t *tractors, const int store) {
    uint64_t s0 = rng->s[0], s1 = rng->s[1], s2 = rng->s[2], s3 = rng->s[3], x;
    uint64_t kinds[SJ_DEAL_SEATS + 1], twice[SJ_DEAL_SEATS];
    const char *entb = (const char *)t->entry;
    int s;
    memcpy(deck, t->labels, SJ_DEAL_DECK_BYTES);
    SJ_DEAL_SEAT(0, store);
    SJ_DEAL_SEAT(1, store);
    SJ_DEAL_SEAT(2, store);
    {   /* the kitty: one group of 8 */
        sj_acc_t a_, k_;
        SJ_ACC_ZERO(a_, k_);
        SJ_DEAL_WORD(9);
        SJ_DEAL_STEPS8(75, a_, k_, store);
        lanes[4] = SJ_ACC_LANES(a_);
        kinds[4] = SJ_ACC_KINDS(k_);
    }
    rng->s[0] = s0; rng->s[1] = s1; rng->s[2] = s2; rng->s[3] = s3;
    /* Seats 0..2 hold 25 cards of |kinds| kinds: 25 - |kinds| pairs.  Seat 3 is the rest
     * of the deck: no lane borrows (each lane of total is the whole deck's count), and it
     * holds a kind twice iff no copy of it went anywhere else. */
    for (s = 0; s < SJ_DEAL_SEATS - 1; s++) {
        pairs[s] = SJ_DEAL_HAND - sj_popcount64(kinds[s]);
        level_pairs[s] = (int)((lanes[s] >> (8 * SJ_LANE_LEVEL)) & 0xFF)
                         - sj_count_level_kinds(kinds[s], t->level);
    }
    lanes[3] = t->total - lanes[0] - lanes[1] - lanes[2] - lanes[4];
    twice[3] = t->all_kinds & ~(kinds[0] | kinds[1] | kinds[2] | kinds[4]);
    pairs[3] = sj_popcount64(twice[3]);
    level_pairs[3] = sj_count_level_kinds(twice[3], t->level);
    sj_tractors4(&t->tractors, twice, tractors);
}

/* Row output: the 17 features of one deal's 4 seats (FEATURE_NAMES order in deal.pyx:
 * trumps in S, H, C, D and no-trump, points, level cards, small jokers, big jokers, pairs,
 * level pairs, longest side suit, tractors with trump S, H, C, D and no-trump).  Feature
 * k's values for seats 0..3 are 4 consecutive bytes at out + k * stride, so a deal is 17
 * 4-byte stores; the SSE2 path transposes the
 * four seats' lanes so that each feature is computed for all seats at once (callgrind:
 * 1,720 -> 1,490 instructions a deal against a per-seat, per-byte loop). */
static inline void sj_store4(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }

static inline uint32_t sj_pack4(const int *v) {
    return (uint32_t)v[0] | ((uint32_t)v[1] << 8) | ((uint32_t)v[2] << 16) | ((uint32_t)v[3] << 24);
}

#ifdef SJ_SSE2
/* The four seats' lanes transposed: dword j of *plain is suit j's plain cards for seats
 * 0..3 (one byte each), of *other level cards, small jokers, big jokers, points; dword 0
 * of *always is trumps in no-trump, of *longest the longest side suit; *trumps = plain
 * + always (trumps in each suit). */
static inline void sj_transpose4(const uint64_t *lanes, __m128i *plain, __m128i *other,
                                 __m128i *always, __m128i *trumps, __m128i *longest) {
    const __m128i a = _mm_loadu_si128((const __m128i *)lanes);        /* seats 0, 1 */
    const __m128i b = _mm_loadu_si128((const __m128i *)(lanes + 2));  /* seats 2, 3 */
    const __m128i u = _mm_unpacklo_epi8(a, _mm_srli_si128(a, 8));
    const __m128i v = _mm_unpacklo_epi8(b, _mm_srli_si128(b, 8));
    __m128i m;
    *plain = _mm_unpacklo_epi16(u, v);
    *other = _mm_unpackhi_epi16(u, v);
    *always = _mm_add_epi8(_mm_add_epi8(*other, _mm_srli_si128(*other, 4)),
                           _mm_srli_si128(*other, 8));
    *trumps = _mm_add_epi8(*plain, _mm_shuffle_epi32(*always, 0));
    m = _mm_max_epu8(*plain, _mm_srli_si128(*plain, 8));
    *longest = _mm_max_epu8(m, _mm_srli_si128(m, 4));
}
#define SJ_DWORD(x, k) ((uint32_t)_mm_cvtsi128_si32(_mm_shuffle_epi32((x), (k))))
#endif

static inline void sj_deal_rows(const uint64_t *lanes, const int *pairs, const int *level_pairs,
                                const uint64_t *tractors, uint8_t *out, size_t stride) {
    int x;
#ifdef SJ_SSE2
    __m128i plain, other, always, trumps, longest, tr, tr_nt, unused;
    sj_transpose4(lanes, &plain, &other, &always, &trumps, &longest);
    /* the seats' tractor words transposed as the lanes are: dword x, trump x's four seats */
    sj_transpose4(tractors, &tr, &tr_nt, &unused, &unused, &unused);
    sj_store4(out + 12 * stride, SJ_DWORD(tr, 0));
    sj_store4(out + 13 * stride, SJ_DWORD(tr, 1));
    sj_store4(out + 14 * stride, SJ_DWORD(tr, 2));
    sj_store4(out + 15 * stride, SJ_DWORD(tr, 3));
    sj_store4(out + 16 * stride, (uint32_t)_mm_cvtsi128_si32(tr_nt));
    (void)x;
    sj_store4(out, SJ_DWORD(trumps, 0));
    sj_store4(out + stride, SJ_DWORD(trumps, 1));
    sj_store4(out + 2 * stride, SJ_DWORD(trumps, 2));
    sj_store4(out + 3 * stride, SJ_DWORD(trumps, 3));
    sj_store4(out + 4 * stride, (uint32_t)_mm_cvtsi128_si32(always));
    sj_store4(out + 5 * stride, SJ_DWORD(other, 3));
    sj_store4(out + 6 * stride, (uint32_t)_mm_cvtsi128_si32(other));
    sj_store4(out + 7 * stride, SJ_DWORD(other, 1));
    sj_store4(out + 8 * stride, SJ_DWORD(other, 2));
    sj_store4(out + 11 * stride, (uint32_t)_mm_cvtsi128_si32(longest));
#else
    int s;
    for (s = 0; s < SJ_DEAL_SEATS; s++) {
        const uint64_t acc = lanes[s];
        const int level = (int)((acc >> (8 * SJ_LANE_LEVEL)) & 0xFF);
        const int small = (int)((acc >> (8 * SJ_LANE_SMALL)) & 0xFF);
        const int big = (int)((acc >> (8 * SJ_LANE_BIG)) & 0xFF);
        int longest = 0;
        for (x = 0; x < 4; x++) {
            const int plain = (int)((acc >> (8 * x)) & 0xFF);
            out[x * stride + s] = (uint8_t)(plain + level + small + big);
            if (plain > longest) longest = plain;
        }
        out[4 * stride + s] = (uint8_t)(level + small + big);
        out[5 * stride + s] = (uint8_t)(acc >> (8 * SJ_LANE_POINTS));
        out[6 * stride + s] = (uint8_t)level;
        out[7 * stride + s] = (uint8_t)small;
        out[8 * stride + s] = (uint8_t)big;
        out[11 * stride + s] = (uint8_t)longest;
        for (x = 0; x < SJ_TRACTOR_TRUMPS; x++)
            out[(12 + x) * stride + s] = (uint8_t)sj_tractors_of(tractors[s], x);
    }
#endif
    sj_store4(out + 9 * stride, sj_pack4(pairs));
    sj_store4(out + 10 * stride, sj_pack4(level_pairs));
}

/* Aggregate output: counts of joint histograms, expanded into the 17 marginals by
 * deal.pyx: 24 counter increments a deal instead of 69 (each increment is a load and a
 * store; they were most of what aggregate mode added to dealing).  Per seat, a block of
 * SJ_JOINT_SIZE counters:
 *   SJ_JOINT_SH + cell    (trumps in S, trumps in H), each 0..25: cell = s + 26 h
 *   SJ_JOINT_CD + cell    (trumps in C, trumps in D): c + 26 d
 *   SJ_JOINT_POINTS + v   points (0..200)
 *   SJ_JOINT_LOW + cell   (level cards 0..8, small jokers 0..2, big jokers 0..2, level
 *                         pairs 0..4): l + 9 s + 27 b + 81 p; these also give trumps in
 *                         no-trump = l + s + b
 *   SJ_JOINT_PAIRS + cell (pairs 0..12, longest side suit 0..25, tractors with no-trump
 *                         0..6): p + 13 l + 338 n
 *   SJ_JOINT_TRACTORS + cell (tractors with trump S, H, C, D, each 0..6; a hand's 12
 *                         pairs make at most 6): s + 7 h + 49 c + 343 d
 * The SSE2 path computes the 20 counter indices of a deal as 16-bit lanes (pextrw takes
 * each out in one instruction). */
#define SJ_JOINT_SH 0
#define SJ_JOINT_CD (26 * 26)
#define SJ_JOINT_POINTS (2 * 26 * 26)
#define SJ_JOINT_LOW (SJ_JOINT_POINTS + 256)
#define SJ_JOINT_LOW_CELLS (9 * 3 * 3 * 5)
#define SJ_JOINT_PAIRS (SJ_JOINT_LOW + SJ_JOINT_LOW_CELLS)
#define SJ_TRACTOR_VALUES 7
#define SJ_JOINT_PAIRS_CELLS (13 * 26 * SJ_TRACTOR_VALUES)
#define SJ_JOINT_TRACTORS (SJ_JOINT_PAIRS + SJ_JOINT_PAIRS_CELLS)
#define SJ_JOINT_TRACTORS_CELLS (SJ_TRACTOR_VALUES * SJ_TRACTOR_VALUES * SJ_TRACTOR_VALUES \
                                 * SJ_TRACTOR_VALUES)
#define SJ_JOINT_SIZE (SJ_JOINT_TRACTORS + SJ_JOINT_TRACTORS_CELLS)

static inline void sj_deal_count(const uint64_t *lanes, const int *pairs,
                                 const int *level_pairs, const uint64_t *tractors,
                                 int64_t *joint) {
    int s;
#ifdef SJ_SSE2
    const __m128i zero = _mm_setzero_si128();
    const __m128i seat = _mm_setr_epi16(0, SJ_JOINT_SIZE, 2 * SJ_JOINT_SIZE, 3 * SJ_JOINT_SIZE,
                                        0, SJ_JOINT_SIZE, 2 * SJ_JOINT_SIZE, 3 * SJ_JOINT_SIZE);
    __m128i plain, other, always, trumps, longest, t01, t23, suits, level_small, big_points,
        extra, low, pl;
    sj_transpose4(lanes, &plain, &other, &always, &trumps, &longest);
    /* 16-bit lanes: trumps in S (seats 0..3), in H; then in C, in D */
    t01 = _mm_unpacklo_epi8(trumps, zero);
    t23 = _mm_unpackhi_epi8(trumps, zero);
    t01 = _mm_add_epi16(t01, _mm_mullo_epi16(_mm_srli_si128(t01, 8), _mm_set1_epi16(26)));
    t23 = _mm_add_epi16(t23, _mm_mullo_epi16(_mm_srli_si128(t23, 8), _mm_set1_epi16(26)));
    suits = _mm_add_epi16(_mm_unpacklo_epi64(t01, t23),
                          _mm_add_epi16(seat, _mm_setr_epi16(SJ_JOINT_SH, SJ_JOINT_SH,
                                                             SJ_JOINT_SH, SJ_JOINT_SH,
                                                             SJ_JOINT_CD, SJ_JOINT_CD,
                                                             SJ_JOINT_CD, SJ_JOINT_CD)));
    level_small = _mm_unpacklo_epi8(other, zero);   /* level (lanes 0..3), small (4..7) */
    big_points = _mm_unpackhi_epi8(other, zero);    /* big (0..3), points (4..7) */
    extra = _mm_unpacklo_epi8(_mm_setr_epi32((int)sj_pack4(level_pairs), (int)sj_pack4(pairs), 0, 0),
                              zero);                /* level pairs (0..3), pairs (4..7) */
    /* lanes 0..3: the LOW cell; lanes 4..7: the points counter */
    low = _mm_add_epi16(_mm_add_epi16(level_small, _mm_mullo_epi16(_mm_srli_si128(level_small, 8),
                                                                    _mm_set1_epi16(9))),
                        _mm_add_epi16(_mm_mullo_epi16(big_points, _mm_set1_epi16(27)),
                                      _mm_mullo_epi16(extra, _mm_set1_epi16(81))));
    low = _mm_add_epi16(_mm_unpacklo_epi64(low, _mm_srli_si128(big_points, 8)),
                        _mm_add_epi16(seat, _mm_setr_epi16(SJ_JOINT_LOW, SJ_JOINT_LOW,
                                                           SJ_JOINT_LOW, SJ_JOINT_LOW,
                                                           SJ_JOINT_POINTS, SJ_JOINT_POINTS,
                                                           SJ_JOINT_POINTS, SJ_JOINT_POINTS)));
    /* lanes 0..3: the PAIRS cell */
    pl = _mm_add_epi16(_mm_add_epi16(_mm_srli_si128(extra, 8),
                                     _mm_mullo_epi16(_mm_unpacklo_epi8(longest, zero),
                                                     _mm_set1_epi16(13))),
                       _mm_add_epi16(seat, _mm_set1_epi16(SJ_JOINT_PAIRS)));
#define SJ_COUNT8(v) do {                                                              \
        joint[_mm_extract_epi16((v), 0)]++; joint[_mm_extract_epi16((v), 1)]++;        \
        joint[_mm_extract_epi16((v), 2)]++; joint[_mm_extract_epi16((v), 3)]++;        \
        joint[_mm_extract_epi16((v), 4)]++; joint[_mm_extract_epi16((v), 5)]++;        \
        joint[_mm_extract_epi16((v), 6)]++; joint[_mm_extract_epi16((v), 7)]++;        \
    } while (0)
    SJ_COUNT8(suits);
    SJ_COUNT8(low);
    joint[_mm_extract_epi16(pl, 0) + 13 * 26 * sj_tractors_of(tractors[0], 4)]++;
    joint[_mm_extract_epi16(pl, 1) + 13 * 26 * sj_tractors_of(tractors[1], 4)]++;
    joint[_mm_extract_epi16(pl, 2) + 13 * 26 * sj_tractors_of(tractors[2], 4)]++;
    joint[_mm_extract_epi16(pl, 3) + 13 * 26 * sj_tractors_of(tractors[3], 4)]++;
#undef SJ_COUNT8
#else
    int x;
    for (s = 0; s < SJ_DEAL_SEATS; s++) {
        int64_t *j = joint + s * SJ_JOINT_SIZE;
        const uint64_t acc = lanes[s];
        const int level = (int)((acc >> (8 * SJ_LANE_LEVEL)) & 0xFF);
        const int small = (int)((acc >> (8 * SJ_LANE_SMALL)) & 0xFF);
        const int big = (int)((acc >> (8 * SJ_LANE_BIG)) & 0xFF);
        int longest = 0, t[4];
        for (x = 0; x < 4; x++) {
            const int plain = (int)((acc >> (8 * x)) & 0xFF);
            t[x] = plain + level + small + big;
            if (plain > longest) longest = plain;
        }
        j[SJ_JOINT_SH + t[0] + 26 * t[1]]++;
        j[SJ_JOINT_CD + t[2] + 26 * t[3]]++;
        j[SJ_JOINT_POINTS + (int)(acc >> (8 * SJ_LANE_POINTS))]++;
        j[SJ_JOINT_LOW + level + 9 * small + 27 * big + 81 * level_pairs[s]]++;
        j[SJ_JOINT_PAIRS + pairs[s] + 13 * longest + 13 * 26 * sj_tractors_of(tractors[s], 4)]++;
    }
#endif
    for (s = 0; s < SJ_DEAL_SEATS; s++)
        joint[s * SJ_JOINT_SIZE + SJ_JOINT_TRACTORS + sj_tractor_cell(tractors[s])]++;
}

/* The two specialisations deal.pyx calls: sj_deal_one is forced inline into each, so that
 * store is a constant there (without it gcc kept one copy and tested store at every step).
 * Unused where another unit includes this header (cond.pyx): no -Wunused-function there. */
static SJ_MAYBE_UNUSED void sj_deal_features(sj_rng *rng, const SjDealTables *t,
                                             uint8_t *deck, uint64_t *lanes, int *pairs,
                                             int *level_pairs, uint64_t *tractors) {
    sj_deal_one(rng, t, deck, lanes, pairs, level_pairs, tractors, 0);
}

static SJ_MAYBE_UNUSED void sj_deal_store(sj_rng *rng, const SjDealTables *t, uint8_t *deck,
                                          uint64_t *lanes, int *pairs, int *level_pairs,
                                          uint64_t *tractors) {
    sj_deal_one(rng, t, deck, lanes, pairs, level_pairs, tractors, 1);
}
#endif

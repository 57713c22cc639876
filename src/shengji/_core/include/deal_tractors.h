/* The deal study's tractor counts: for each of the five possible trumps (S, H, C, D,
 * no-trump), how many tractors a hand holds, from the set of kinds it holds twice.
 *
 * A hand's tractors are those of the core's decomposition (docs/rules-engine.md,
 * "Decomposition"), taken in each of its following-suits: the maximal runs of at least
 * two consecutive chain positions that each hold a pair (docs/rules.md §3: the level rank
 * skipped under tractor_gap, no wrap-around, the trump chain under trump_chain).  Only the
 * off-suit level pairs share a chain position (parallel); the decomposition takes every
 * maximal run whole and leaves the pairs left at the parallel position isolated, so a
 * hand's tractor count is its number of such runs, the parallel position counted once.
 *
 * How it is counted, bit-parallel (kind = 13 * suit + rank, bit kind of the pair mask P):
 *  - the plain pairs m = P without level kinds and jokers; under tractor_gap the ranks
 *    above the level move down one (m & low | (m >> 1) & high), so each suit's 13-bit field
 *    holds its plain chain positions, its top slot 12 empty; without tractor_gap the level
 *    slot stays empty (the hole) and the ace, when plain, sits in slot 12;
 *  - with t = m & (m >> 1) & sep (sep drops each field's slot 12: no run from one suit's
 *    ace into the next suit's 2), the run starts are t & ~(t << 1), one per maximal run of
 *    length >= 2: their number is every suit's tractors as a side suit;
 *  - the trump suit's chain goes on above its top plain position (top): the off-suit level
 *    pairs (any of them), its own level pair, the small and the big joker pair, one
 *    position each under trump_chain; what that adds to the runs depends only on the two
 *    top plain positions and those four (sj_chain_adds; nothing without trump_chain,
 *    whose links are two apart).  No-trump: the level pairs (any), the small and the big
 *    joker pairs, with no plain position below.  One table (adj, 16384 entries of 16 bits)
 *    holds what the five trumps add, by the four suits' two top plain positions, their
 *    level pairs and the jokers, and a second (spread, 256 words) spreads it into the
 *    hand's word: two loads a hand.
 */
#ifndef SHENGJI_DEAL_TRACTORS_H
#define SHENGJI_DEAL_TRACTORS_H
#include <stdint.h>
#include "bits.h"

#define SJ_TRACTOR_TRUMPS 5     /* S, H, C, D, no-trump */
#define SJ_TRACTOR_FIELD 13     /* bits of a suit in a kind mask */
#define SJ_TRACTOR_SMALL 52     /* the small joker's kind (the big one's is 53) */
/* The four suits' bit 0 (kinds 0, 13, 26, 39). */
#define SJ_TRACTOR_SUITS ((uint64_t)1 | ((uint64_t)1 << 13) | ((uint64_t)1 << 26) | ((uint64_t)1 << 39))

#define SJ_TRACTOR_KEYS (1 << 14)

typedef struct {
    uint64_t plain;   /* the plain kinds: no level rank, no jokers */
    uint64_t low;     /* under tractor_gap: the plain ranks below the level */
    uint64_t high;    /* under tractor_gap: the slots level..11, which take ranks level+1..12 */
    uint64_t sep;     /* every bit but each suit's slot 12 */
    int gap;          /* tractor_gap */
    int level;        /* the level rank 0..12 */
    int top;          /* the top plain trump-suit slot in the (moved) field */
    /* by key (sj_tractors): the runs the trump chain adds above top with trump x, 2 bits
     * each (x = 0..4: S, H, C, D, no-trump) */
    uint16_t adj[SJ_TRACTOR_KEYS];
    /* the four suits' 2-bit fields of adj spread into a hand's value (below) */
    uint64_t spread[256];
} SjTractorTable;

/* A hand's tractors as one word: byte x (0..4: trump S, H, C, D, no-trump) its tractors
 * (0..6), bits 40..51 the joint histogram's cell s + 7 h + 49 c + 343 d of the four suits'.
 * The runs the four suits share add to every field at once: base * SJ_TRACTOR_BASE. */
#define SJ_TRACTOR_CELL_SHIFT 40
#define SJ_TRACTOR_BASE ((uint64_t)0x0101010101ULL + ((uint64_t)(1 + 7 + 49 + 343) << SJ_TRACTOR_CELL_SHIFT))

/* Runs of >= 2 set bits in x. */
static inline int sj_runs2(uint64_t x) {
    const uint64_t t = x & (x >> 1);
    return sj_popcount64(t & ~(t << 1));
}

/* The runs that the positions above the top plain one add: c = bit 0 the plain position
 * top - 1, bit 1 top, then one position each (under trump_chain): bit 2 an off-suit level
 * pair, bit 3 the trump suit's level pair, bit 4 the small jokers, bit 5 the big jokers.
 * Without trump_chain these links are two apart: none is adjacent to anything. */
static inline int sj_chain_adds(unsigned c, int chain) {
    return chain ? sj_runs2(c) - sj_runs2(c & 3u) : 0;
}

static inline void sj_tractor_init(SjTractorTable *t, int level, int gap, int chain) {
    int s, r, x;
    unsigned key;
    t->gap = gap != 0;
    t->level = level;
    t->plain = t->low = t->high = 0;
    t->sep = 0;
    for (s = 0; s < 4; s++) {
        for (r = 0; r < 13; r++) {
            const uint64_t bit = (uint64_t)1 << (SJ_TRACTOR_FIELD * s + r);
            if (r != level) t->plain |= bit;
            if (r < level) t->low |= bit;
            if (r >= level && r < 12) t->high |= bit;
            if (r != 12) t->sep |= bit;
        }
    }
    /* the top plain trump-suit position: 11 under tractor_gap (12 ranks, the level out);
     * without it the ace's 12, or the king's 11 when the level is the ace */
    t->top = gap ? 11 : (level == 12 ? 11 : 12);
    /* key: bits 0..3 the suits' (S, H, C, D) plain pair at top - 1, bits 4..7 at top,
     * bits 8..11 their level pairs, bit 12 the small jokers, bit 13 the big jokers */
    for (key = 0; key < SJ_TRACTOR_KEYS; key++) {
        const unsigned sj = (key >> 12) & 1u, bj = (key >> 13) & 1u, levels = (key >> 8) & 15u;
        unsigned v = 0;
        for (x = 0; x < 4; x++) {
            const unsigned c = ((key >> x) & 1u) | ((key >> (4 + x)) & 1u) << 1
                               | (unsigned)((levels & ~(1u << x)) != 0) << 2
                               | ((levels >> x) & 1u) << 3 | sj << 4 | bj << 5;
            v |= (unsigned)sj_chain_adds(c, chain) << (2 * x);
        }
        v |= (unsigned)sj_chain_adds((unsigned)(levels != 0) << 1 | sj << 2 | bj << 3, chain) << 8;
        t->adj[key] = (uint16_t)v;
    }
    for (key = 0; key < 256; key++) {
        uint64_t w = 0, cell = 0, scale = 1;
        for (x = 0; x < 4; x++, scale *= 7) {
            const uint64_t a = (key >> (2 * x)) & 3u;
            w |= a << (8 * x);
            cell += a * scale;
        }
        t->spread[key] = w | cell << SJ_TRACTOR_CELL_SHIFT;
    }
}

/* The tractors of a hand holding the kinds of pair mask P twice, as one word (above). */
static inline uint64_t sj_tractors(const SjTractorTable *t, uint64_t P) {
    uint64_t m = P & t->plain, u;
    unsigned key, v;
    int base;
    if (t->gap) m = (m & t->low) | ((m >> 1) & t->high);
    u = m & (m >> 1) & t->sep;
    base = sj_popcount64(u & ~(u << 1));
    {   /* the key's three nibbles: w holds them at bits 4g + 13s (group g, suit s), and
         * shifts by 12, 24, 36 bring suit s's to bit 4g + s, nothing else to bits 0..11 */
        const uint64_t w = ((m >> (t->top - 1)) & SJ_TRACTOR_SUITS)
                           | ((m >> t->top) & SJ_TRACTOR_SUITS) << 4
                           | ((P >> t->level) & SJ_TRACTOR_SUITS) << 8;
        key = (unsigned)((w | w >> 12 | w >> 24 | w >> 36) & 0xFFF)
              | (unsigned)(P >> SJ_TRACTOR_SMALL) << 12;   /* both jokers: bits 52, 53 */
    }
    v = t->adj[key];
    return t->spread[v & 255u] + ((uint64_t)(v >> 8) << 32) + (uint64_t)base * SJ_TRACTOR_BASE;
}

/* The four seats' words (pair masks twice[0..3]). */
static inline void sj_tractors4(const SjTractorTable *t, const uint64_t *twice, uint64_t *out) {
    out[0] = sj_tractors(t, twice[0]);
    out[1] = sj_tractors(t, twice[1]);
    out[2] = sj_tractors(t, twice[2]);
    out[3] = sj_tractors(t, twice[3]);
}

/* Trump x's tractors (0..4) and the joint cell, of a hand's word. */
static inline int sj_tractors_of(uint64_t w, int x) { return (int)((w >> (8 * x)) & 0xFF); }
static inline int sj_tractor_cell(uint64_t w) {
    return (int)((w >> SJ_TRACTOR_CELL_SHIFT) & 0xFFF);
}
#endif

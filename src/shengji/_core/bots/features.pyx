# cython: language_level=3
"""The learned bot's inputs: a decision of one seat as bytes, from its view only (features.pxd).

The state (``N_STATE`` bytes) is what the seat knows, with the seats relative to it (0 the
seat itself, 2 its partner) and the cards by *slot* (features.pxd: the trump's cards, the
level cards and the jokers at fixed places, the side suits as rows after the trump suit):
its cards and the cards it cannot place (each as "at least one" and "both copies"), the
cards each seat has played and its play in the open trick, the buried cards when it may
see them, the suits each seat has shown out of, the phase, who banks, leads and is winning
the trick (and whether by a ruff), its position in the trick, the tricks done, the cards
each seat holds, both teams' trick points and the trick's (as thresholds every 5 points),
the penalties, what the level cards are worth, no-trump, the lead (row, size, pairs,
largest component, throw), its cards and the unseen cards per row, the points it buried.

A candidate decision (``N_ACTION`` bytes): its cards by slot, where the candidate list
took it from (candidates.pxd ORIGIN_*) and whether it is memory's or greedy's choice, its
size, points and cards per row, a lead's shape and whether anything unseen could beat it
(greedy's rule: not for throws), whether a follow wins the trick as it stands (over the
partner, by a ruff), the trick's points with it, greedy's cost of the play, the pairs it
breaks and the rows it leaves the seat out of.

Nothing here reads beyond the view (view.pxd), so the bot that decides from these bytes
cannot peek either.  ``LAYOUT`` / ``ACTION_LAYOUT`` name the pieces for Python (the
training's symmetry augmentation permutes the side rows by them); ``step.probes.decision_features``
computes them for a ``HandCore`` seat (tests, analysis)."""
from libc.stdint cimport int16_t, int32_t, uint8_t, uint64_t
from libc.string cimport memcpy

from shengji._core.base.cards cimport N_KINDS, N_SEATS, N_RANKS, NO_TRUMP, TRUMP, team
from shengji._core.rules.combos cimport (
    Combo, SHAPE_PAIR, SHAPE_SINGLE, SHAPE_THROW, decompose,
)
from shengji._core.engine.hand cimport (
    N_FOLLOW, PHASE_BURY, PHASE_PLAY, Public,
)
from shengji._core.engine.play cimport Play, bit, ctz, mask_size, play_counts, play_size
from shengji._core.engine.view cimport View
from shengji._core.bots.candidates cimport (
    BY_GREEDY, BY_MEMORY, bury_candidates, play_candidates,
)
from shengji._core.bots.greedy cimport (
    TrickNow, beaten_by_unseen, decision_memo_begin, decision_memo_end, follow_wins,
    play_cost, trick_now,
)
from shengji._core.bots.features_offsets cimport *
from shengji._core.bots import features_layout

# the layout (features_layout.py: the one table of the pieces, (name, blocks, width, kind);
# features_offsets.pxd its C offsets, generated from it: a build from another layout
# refuses to import)
assert LAYOUT_KEY == features_layout.layout_key(), (
    "features_offsets.pxd is not features_layout.py's: run python tools/tables.py, then rebuild")
LAYOUT = features_layout.LAYOUT
ACTION_LAYOUT = features_layout.ACTION_LAYOUT
STATE_SIZE = N_STATE
ACTION_SIZE = N_ACTION
SLOTS = N_SLOTS
ROWS = N_ROWS
SIDE_ROW_RANKS = N_RANK_POS
SLOT_LEVEL_BASE = SLOT_LEVEL
# the digest of the layout: a weights file records the one it was trained on and the net
# bot refuses another (bots/net_file.py)
LAYOUT_VERSION = features_layout.LAYOUT_VERSION
LAYOUT_DIGEST = features_layout.LAYOUT_DIGEST


cdef inline int side_row(int suit, int trump) noexcept nogil:
    """A side suit's row: rows 0.. in suit order after the trump suit (no-trump: the suit)."""
    if trump == NO_TRUMP:
        return suit
    return (suit - trump - 1) & 3


# n bytes zeroed by 16-byte stores: memset's `rep stos` costs more to start than the few
# hundred bytes of a state's part or a candidate take to clear
cdef extern from *:
    """
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline void sj_zero(uint8_t *p, int n) {
        int i = 0;
        const __m128i z = _mm_setzero_si128();
        for (; i + 16 <= n; i += 16) {
            _mm_storeu_si128((__m128i *)(void *)(p + i), z);
            __asm__("" : : "r"(p + i));   /* not a memset to the compiler: no `rep stos` */
        }
        for (; i < n; i++)
            p[i] = 0;
    }
    #else
    static inline void sj_zero(uint8_t *p, int n) { memset(p, 0, (size_t)n); }
    #endif
    """
    void sj_zero(uint8_t* p, int n) noexcept nogil


# which of n bytes differ (n a multiple of 8): bit i % 64 of out[i // 64] for x[i] != y[i]
# (16 bytes a compare, their bits by the compare's byte mask: no branch a word)
cdef extern from *:
    """
    static inline void sj_diff_bits(const uint8_t *x, const uint8_t *y, int n, uint64_t *out)
    {
        int i = 0;
        uint64_t a, b, c;
        memset(out, 0, (size_t)((n + 63) / 64) * 8);
    #if defined(__SSE2__)
        for (; i + 16 <= n; i += 16) {
            unsigned d = (~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
                             _mm_loadu_si128((const __m128i *)(const void *)(x + i)),
                             _mm_loadu_si128((const __m128i *)(const void *)(y + i))))) &
                         0xFFFFu;
            out[i / 64] |= (uint64_t)d << (i % 64);
        }
    #endif
        for (; i < n; i += 8) {
            memcpy(&a, x + i, 8);
            memcpy(&b, y + i, 8);
            c = a ^ b;
            while (c) {
                int k = __builtin_ctzll(c) >> 3;
                out[(i + k) / 64] |= (uint64_t)1 << ((i + k) % 64);
                c &= ~((uint64_t)0xFF << (8 * k));
            }
        }
    }
    """
    void sj_diff_bits(const uint8_t* x, const uint8_t* y, int n, uint64_t* out) noexcept nogil


# slot_table's last answer in this thread (a pure function of the level and the trump, which
# stay for a hand: every decision asked the same again)
cdef extern from *:
    """
    static __thread int sj_slot_memo_key = -1;
    static __thread uint8_t sj_slot_memo[96];
    /* 1 and the memo (kinds' slots, then the rows) when it holds key, else 0 */
    static inline int sj_slot_memo_get(int key, uint8_t *out, int n_kinds, uint8_t *row,
                                       int n_rows) {
        if (key != sj_slot_memo_key)
            return 0;
        memcpy(out, sj_slot_memo, (size_t)n_kinds);
        memcpy(row, sj_slot_memo + 64, (size_t)n_rows);
        return 1;
    }
    static inline void sj_slot_memo_put(int key, const uint8_t *out, int n_kinds,
                                        const uint8_t *row, int n_rows) {
        memcpy(sj_slot_memo, out, (size_t)n_kinds);
        memcpy(sj_slot_memo + 64, row, (size_t)n_rows);
        sj_slot_memo_key = key;
    }
    """
    int sj_slot_memo_get(int key, uint8_t* out, int n_kinds, uint8_t* row,
                         int n_rows) noexcept nogil
    void sj_slot_memo_put(int key, const uint8_t* out, int n_kinds, const uint8_t* row,
                          int n_rows) noexcept nogil


cdef int slot_table(const View* v, uint8_t* out, uint8_t* row) noexcept nogil:
    cdef int level = v.pub.t.level, trump = v.pub.t.suit, k, suit, rank
    cdef int key = level * 16 + trump
    if sj_slot_memo_get(key, out, N_KINDS, row, N_ROWS):
        return key
    for k in range(N_KINDS):
        if k >= 52:
            out[k] = SLOT_SMALL_JOKER if k == 52 else SLOT_BIG_JOKER
            continue
        suit = k // N_RANKS
        rank = k % N_RANKS
        if rank == level:
            out[k] = SLOT_TRUMP_LEVEL if suit == trump else SLOT_LEVEL + side_row(suit, trump)
        elif suit == trump:
            out[k] = SLOT_TRUMP_SUIT + rank
        else:
            out[k] = side_row(suit, trump) * N_RANK_POS + rank
    for k in range(4):
        row[k] = side_row(k, trump) if k != trump else ROW_TRUMP
    row[TRUMP] = ROW_TRUMP
    sj_slot_memo_put(key, out, N_KINDS, row, N_ROWS)
    return key


cdef inline uint8_t clip(int x) noexcept nogil:
    return 255 if x > 255 else (0 if x < 0 else <uint8_t> x)


cdef inline void thresholds(uint8_t* x, int value, int n) noexcept nogil:
    """x[i] = 1 for value >= 5 (i + 1), i < n."""
    cdef int i
    for i in range(n):
        if value < 5 * (i + 1):
            break
        x[i] = 1


cdef inline void add_sum(Play* a, const Play* b) noexcept nogil:
    """a += b as per-kind counts (one: >= 1, two: 2), the sum at most 2 copies a kind."""
    a.two |= b.two | (a.one & b.one)
    a.one |= b.one


cdef void card_masks(const View* v, CardMasks* out) noexcept nogil:
    """The state's card part (features.pxd C_*) as kind masks."""
    cdef const Public* pub = v.pub
    cdef int seat = v.seat, s, i, k
    cdef uint64_t everything = 0
    cdef Play known
    cdef Play* b = &out.m[C_BURIED]
    out.m[C_OWN].one = v.own.one
    out.m[C_OWN].two = v.own.two
    known.one = v.own.one
    known.two = v.own.two
    for s in range(N_SEATS):
        out.m[C_PLAYED + ((s - seat) & 3)] = pub.played[s]
        add_sum(&known, &pub.played[s])
        out.m[C_TRICK + s].one = 0
        out.m[C_TRICK + s].two = 0
    for i in range(pub.n_in_trick):
        out.m[C_TRICK + ((pub.leader + i - seat) & 3)] = pub.tricks[pub.tricks_done].plays[i]
    b.one = 0
    b.two = 0
    if v.buried != NULL:
        for k in range(N_KINDS):
            b.one |= (<uint64_t> (v.buried[k] >= 1)) << k
            b.two |= (<uint64_t> (v.buried[k] == 2)) << k
        add_sum(&known, b)
    for s in range(N_FOLLOW):
        everything |= pub.suit_mask[s]
    # unseen = 2 - known: at least one unless both are known, both unless one is
    out.m[C_UNSEEN].one = everything & ~known.two
    out.m[C_UNSEEN].two = everything & ~known.one


assert N_PLAIN % 8 == 0 and N_PLAIN <= 256    # state_moves' sj_diff_bits: 4 words of bits


# the state's index of a card mask's kind, by its one and its two bits (features.pxd C_*)
cdef int CARD_BASE[N_CARD_MASKS][2]
CARD_BASE[C_OWN][0] = S_OWN1
CARD_BASE[C_OWN][1] = S_OWN2
CARD_BASE[C_UNSEEN][0] = S_UNSEEN1
CARD_BASE[C_UNSEEN][1] = S_UNSEEN2
for _r in range(4):
    CARD_BASE[C_PLAYED + _r][0] = CARD_BASE[C_PLAYED + _r][1] = S_PLAYED + _r * N_SLOTS
    CARD_BASE[C_TRICK + _r][0] = CARD_BASE[C_TRICK + _r][1] = S_TRICK + _r * N_SLOTS
CARD_BASE[C_BURIED][0] = CARD_BASE[C_BURIED][1] = S_BURIED


cdef void card_bytes(const CardMasks* c, const uint8_t* slot, uint8_t* x) noexcept nogil:
    """x[:S_PLAIN] += the card part's bytes (x zeroed there first by the caller)."""
    cdef int e, half
    cdef uint64_t m
    cdef uint8_t* base
    for e in range(N_CARD_MASKS):
        for half in range(2):
            base = x + CARD_BASE[e][half]
            m = c.m[e].two if half else c.m[e].one
            while m:
                base[slot[ctz(m)]] += 1
                m &= m - 1


cdef inline int masks_size(const Play* p, uint64_t within) noexcept nogil:
    return mask_size(p.one, p.two, within)


cdef void plain_features(const View* v, const uint8_t* row, const int* own_rows,
                         const TrickNow* now, const CardMasks* c, uint8_t* x) noexcept nogil:
    """x[S_PLAIN:] (zeroed first): the plain part of the state; own_rows: row_sizes'."""
    cdef const Public* pub = v.pub
    cdef int seat = v.seat, k, s, n, pts = 0, own_n = 0
    cdef uint64_t m
    cdef TrickNow tn
    sj_zero(x + S_PLAIN, N_PLAIN)
    for s in range(N_ROWS):
        own_n += own_rows[s]
        x[S_OWN_ROWS + s] = own_rows[s]
    for s in range(N_FOLLOW):
        x[S_UNSEEN_ROWS + row[s]] += masks_size(&c.m[C_UNSEEN], pub.suit_mask[s])
    for k in range(2):
        m = c.m[C_BURIED].two if k else c.m[C_BURIED].one
        while m:
            pts += pub.t.points[ctz(m)]
            m &= m - 1
    x[S_BURIED_POINTS] = clip(pts // 5)
    for s in range(N_SEATS):
        for k in range(N_FOLLOW):
            if (pub.void_suits[s] >> k) & 1:
                x[S_VOIDS + ((s - seat) & 3) * N_ROWS + row[k]] = 1
        if pub.phase == PHASE_BURY:
            n = 33 if s == pub.to_play else 25
        else:
            n = 25 - masks_size(&pub.played[s], ~(<uint64_t> 0))
        x[S_SIZES + ((s - seat) & 3)] = clip(n)
    x[S_SIZES] = clip(own_n)
    x[S_PHASE + (0 if pub.phase == PHASE_BURY else 1)] = 1
    x[S_BANKER + ((pub.banker - seat) & 3)] = 1
    x[S_LEADER + ((pub.leader - seat) & 3)] = 1
    x[S_POSITION + (pub.n_in_trick & 3)] = 1
    x[S_TRICKS + (pub.tricks_done if pub.tricks_done < 25 else 25)] = 1
    thresholds(x + S_DEF_POINTS, pub.table_points, 40)
    thresholds(x + S_BANK_POINTS, pub.banker_points, 40)
    thresholds(x + S_TRICK_POINTS, pub.trick_points, 10)
    x[S_PENALTY] = clip(pub.penalty // 5 if pub.penalty > 0 else 0)
    x[S_PENALTY + 1] = clip(-pub.penalty // 5 if pub.penalty < 0 else 0)
    k = pub.t.points[pub.level]                 # the level rank's points (spades' kind)
    x[S_LEVEL_POINTS] = k == 5
    x[S_LEVEL_POINTS + 1] = k == 10
    x[S_NO_TRUMP] = pub.t.suit == NO_TRUMP
    if pub.phase == PHASE_PLAY and pub.n_in_trick > 0:
        if now == NULL:
            trick_now(v, &tn)
            now = &tn
        x[S_WINNER + ((now.seat - seat) & 3)] = 1
        x[S_WIN_RUFF] = now.suit == TRUMP and pub.lead.suit != TRUMP
        x[S_LEAD_ROW + row[pub.lead.suit]] = 1
        x[S_LEAD_SIZE] = clip(pub.lead.n_cards)
        x[S_LEAD_PAIRS] = clip(pub.lead.total_pairs)
        x[S_LEAD_LONGEST] = clip(pub.lead.pairs)
        x[S_LEAD_THROW] = pub.lead.shape == SHAPE_THROW


cdef void state_features(const View* v, const uint8_t* slot, const uint8_t* row,
                         const TrickNow* now, uint8_t* x) noexcept nogil:
    cdef CardMasks c
    cdef int own_rows[N_ROWS]
    card_masks(v, &c)
    row_sizes(v, row, own_rows)
    sj_zero(x, S_PLAIN)
    card_bytes(&c, slot, x)
    plain_features(v, row, own_rows, now, &c, x)


cdef int state_moves(const Decision* d, KeptState* kept, int32_t* idx,
                     int16_t* delta) noexcept nogil:
    cdef int e, half, n = 0, k, w, base
    cdef uint64_t now, m
    cdef uint64_t diff[4]                     # N_PLAIN bits (asserted below)
    cdef const uint8_t* x = d.x + S_PLAIN
    for e in range(N_CARD_MASKS):
        for half in range(2):
            now = d.cards.m[e].two if half else d.cards.m[e].one
            m = now ^ (kept.cards.m[e].two if half else kept.cards.m[e].one)
            base = CARD_BASE[e][half]
            while m:                          # in: +1, out: -1
                k = ctz(m)
                idx[n] = base + d.slot[k]
                delta[n] = <int16_t> (((now >> k) & 1) * 2 - 1)
                n += 1
                m &= m - 1
    kept.cards = d.cards
    sj_diff_bits(x, kept.plain, N_PLAIN, diff)   # most bytes are equal: find the others
    for w in range((N_PLAIN + 63) // 64):
        m = diff[w]
        while m:
            k = w * 64 + ctz(m)
            idx[n] = S_PLAIN + k
            delta[n] = <int> x[k] - <int> kept.plain[k]
            n += 1
            m &= m - 1
    memcpy(kept.plain, x, N_PLAIN)
    return n


# A candidate's row being written: its nonzero bytes (dense callers scatter them: scatter)
ctypedef struct Row:
    int32_t* idx
    uint8_t* val
    int n


cdef inline void put(Row* a, int i, int value) noexcept nogil:
    """Byte i of the row is value (each byte put once; zeros are not kept)."""
    if value:
        a.idx[a.n] = i
        a.val[a.n] = <uint8_t> value
        a.n += 1


cdef inline void scatter(const Row* a, uint8_t* dense) noexcept nogil:
    """The row's bytes into dense[N_ACTION] (zeroed here first)."""
    cdef int j
    sj_zero(dense, N_ACTION)
    for j in range(a.n):
        dense[a.idx[j]] = a.val[j]


cdef inline void put_thresholds(Row* a, int at, int value, int n) noexcept nogil:
    """Bytes at + i are 1 for value >= 5 (i + 1), i < n."""
    cdef int i
    for i in range(n):
        if value < 5 * (i + 1):
            break
        put(a, at + i, 1)


cdef void action_features(const View* v, const uint8_t* slot, const uint8_t* row,
                          const TrickNow* now, const Play* p, int origin, bint is_memory,
                          bint is_greedy, uint8_t* a) noexcept nogil:
    cdef Row out
    cdef int own_rows[N_ROWS]
    cdef int32_t idx[N_ACTION]
    cdef uint8_t val[N_ACTION]
    row_sizes(v, row, own_rows)
    out.idx = idx
    out.val = val
    out.n = 0
    action_row(v, slot, row, own_rows, now, p, origin, is_memory, is_greedy, &out)
    scatter(&out, a)


cdef inline void row_sizes(const View* v, const uint8_t* row, int* own_rows) noexcept nogil:
    """own_rows[N_ROWS]: the seat's cards per row."""
    cdef int r
    for r in range(N_ROWS):
        own_rows[r] = 0
    for r in range(N_FOLLOW):
        own_rows[row[r]] += mask_size(v.own.one, v.own.two, v.pub.suit_mask[r])


cdef void action_row(const View* v, const uint8_t* slot, const uint8_t* row,
                     const int* own_rows, const TrickNow* now, const Play* p, int origin,
                     bint is_memory, bint is_greedy, Row* a) noexcept nogil:
    """action_features into a (each byte put once); own_rows: row_sizes'."""
    cdef const Public* pub = v.pub
    cdef uint64_t m
    cdef int k, pts = 0, r, csuit, key, broken = 0
    cdef int play_rows[N_ROWS]
    cdef uint8_t cnt[N_KINDS]
    cdef Combo c
    cdef TrickNow tn
    cdef bint wins
    for r in range(N_ROWS):
        play_rows[r] = 0
    m = p.one
    while m:
        k = ctz(m)
        m &= m - 1
        put(a, A_ONE + slot[k], 1)
        play_rows[row[pub.t.follow[k]]] += 1
        pts += pub.t.points[k]
        if v.own.two & bit(k) and not (p.two & bit(k)):
            broken += 1
    m = p.two
    while m:
        k = ctz(m)
        m &= m - 1
        put(a, A_TWO + slot[k], 1)
        play_rows[row[pub.t.follow[k]]] += 1
        pts += pub.t.points[k]
    if 0 <= origin < 16:
        put(a, A_ORIGIN + origin, 1)
    put(a, A_MEMORY, is_memory)
    put(a, A_GREEDY, is_greedy)
    put(a, A_SIZE, clip(play_size(p)))
    put_thresholds(a, A_POINTS, pts, 16)
    for r in range(N_ROWS):
        put(a, A_ROWS + r, clip(play_rows[r]))
        put(a, A_VOIDS + r, own_rows[r] > 0 and own_rows[r] == play_rows[r])
    put(a, A_COST, clip(play_cost(v, p) // 4))
    put(a, A_BROKEN, clip(broken))
    if pub.phase != PHASE_PLAY:
        return
    if pub.n_in_trick == 0:
        if p.two == 0 and (p.one & (p.one - 1)) == 0:          # a single: no decompose
            k = ctz(p.one)
            put(a, A_SHAPE + SHAPE_SINGLE, 1)
            put(a, A_SAFE, not beaten_by_unseen(v, pub.t.follow[k], SHAPE_SINGLE, pub.t.order[k]))
        elif p.one == p.two and (p.one & (p.one - 1)) == 0:   # a pair
            k = ctz(p.one)
            put(a, A_SHAPE + SHAPE_PAIR, 1)
            put(a, A_SAFE, not beaten_by_unseen(v, pub.t.follow[k], SHAPE_PAIR, pub.t.order[k]))
        else:
            play_counts(p, cnt)
            if decompose(cnt, &pub.t, &c) == 0:
                put(a, A_SHAPE + (c.shape if c.shape <= SHAPE_THROW else SHAPE_THROW), 1)
                if c.shape != SHAPE_THROW:
                    put(a, A_SAFE, not beaten_by_unseen(v, c.suit, c.shape, c.top_order))
        put_thresholds(a, A_TRICK_POINTS, pts, 10)
        return
    if now == NULL:
        trick_now(v, &tn)
        now = &tn
    wins = follow_wins(v, now, p, &csuit, &key)
    put(a, A_WINS, wins)
    put(a, A_OVER_PARTNER, wins and now.seat != v.seat and team(now.seat) == team(v.seat))
    put(a, A_RUFF, wins and csuit == TRUMP and pub.lead.suit != TRUMP)
    put_thresholds(a, A_TRICK_POINTS, pub.trick_points + pts, 10)


cdef int decision_inputs(const View* v, int cap, bint features_always, bint dense,
                         Decision* d, Play* buf) noexcept nogil:
    cdef bint opened = decision_memo_begin(v)   # play_candidates' trick, the features' too
    d.n = _decision_inputs(v, cap, features_always, dense, d, buf)
    decision_memo_end(opened)
    return d.n


cdef int _decision_inputs(const View* v, int cap, bint features_always, bint dense,
                          Decision* d, Play* buf) noexcept nogil:
    cdef int i
    cdef int own_rows[N_ROWS]
    cdef Row out
    cdef TrickNow tn
    cdef const TrickNow* now = NULL
    if cap > MAX_DECISION_CANDIDATES:
        cap = MAX_DECISION_CANDIDATES
    if v.pub.phase == PHASE_BURY:
        d.n = bury_candidates(v, NULL, cap, d.cands, d.origin, d.by)
    elif v.pub.phase == PHASE_PLAY:
        d.n = play_candidates(v, NULL, cap, d.cands, d.origin, d.by, buf)
    else:
        d.n = 0
    if d.n == 0 or (d.n == 1 and not features_always):
        return d.n
    d.key = slot_table(v, d.slot, d.row)
    if v.pub.phase == PHASE_PLAY and v.pub.n_in_trick > 0:
        trick_now(v, &tn)
        now = &tn
    card_masks(v, &d.cards)
    if dense:
        sj_zero(d.x, S_PLAIN)
        card_bytes(&d.cards, d.slot, d.x)
    row_sizes(v, d.row, own_rows)                # the state's and every candidate's
    plain_features(v, d.row, own_rows, now, &d.cards, d.x)
    for i in range(d.n):
        out.idx = d.a_idx[i]
        out.val = d.a_val[i]
        out.n = 0
        action_row(v, d.slot, d.row, own_rows, now, &d.cands[i], d.origin[i],
                   (d.by[i] & BY_MEMORY) != 0, (d.by[i] & BY_GREEDY) != 0, &out)
        d.a_n[i] = out.n
        if dense:
            scatter(&out, d.a[i])
    return d.n

# cython: language_level=3
"""The hand engine: bidding -> the banker buries 8 -> 25 tricks -> kitty, penalties and the
level change (RULES.md §3–8), and the built-in bots (``random``, ``greedy``).

The rules questions are answered by the kernels of combos.pxd (decompose, follow legality,
trick winner, throw check, kitty factor, level change); this file only sequences them.
Everything below the Python section is ``noexcept nogil`` and allocation-free.

Candidate plays (``gen_plays``), the set the random bot draws from uniformly and the
Python API's ``legal_plays()``:
  * follows: every legal follow (docs/rules-engine.md "Follow legality"), as multisets of
    kinds; counted in full, stored up to a caller-given cap;
  * leads: every single, every pair, every tractor (each run of >= 2 adjacent pairs of one
    following-suit, each choice at a parallel position), and per following-suit the
    *top-k throws*: the seat's holding of that suit decomposed into components, the
    components sorted by their top card (highest first), and the union of the first k for
    k = 2 .. all.  Throws are attempts: they are not checked against the other hands
    here (a seat cannot see them); ``hand_apply`` runs the throw check and, on failure,
    plays the forced component and books the penalty (RULES.md §3, §8).

Bots (per seat):
  * ``random`` (BOT_RANDOM): buries 8 of the banker's 33 cards uniformly (as physical
    cards); plays uniformly over the candidate plays above.  Leads are drawn by counting
    the candidates and building only the drawn one; follows are listed (all of them
    counted; beyond MAX_PLAYS the drawn index is found by a second enumeration).
  * ``greedy`` (BOT_GREEDY), from public knowledge (cards played, seats that showed out of
    a suit) and its own hand -- "unseen" cards are those it cannot place:
      bury   the 8 lowest side cards, shortest side suits first (to make voids), keeping
             point cards, pairs and trumps (points go to the kitty only when nothing else
             is left);
      lead   1. cash sure winners: every component of a suit that no unseen cards can beat
                in its shape, all thrown at once when there are several (a safe throw, so
                greedy throws never fail), in a side suit only while no opponent has shown
                out of it; the suit with the most such cards;
             2. draw trumps when long in them (banker team, >= 6 trumps and at least half
                of the unseen ones): the highest trump pair, else the lowest trump;
             3. else lead low: the cheapest card of the shortest side suit (making voids),
                preferring a suit the partner has shown out of (a ruff for the partner);
      follow rank every legal follow (when short of the suit: the cheapest fill, the fill
             with most points, and the cheapest trump pair against a pair lead) and take
             the best: partner winning and safe (last to play, or nothing unseen beats
             it) -> feed the most points; else win as cheaply as possible when it is worth
             it (points on the table, last to play, or a win nothing unseen can beat;
             ruffing a side suit counts); else give up the least (points first, low cards,
             no broken pairs, trumps kept).
"""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t, uint32_t, uint64_t, int64_t, int8_t, int16_t, int32_t
from libc.string cimport memcpy, memset
from libc.stdlib cimport malloc, free

from shengji._core.cards cimport (N_CARDS, N_KINDS, N_RANKS, N_SUITS, N_SEATS, HAND_SIZE,
                                  KITTY_SIZE, N_DEALT, NO_TRUMP, TRUMP, SMALL_JOKER,
                                  BIG_JOKER, TrumpTable, kind_points)
from shengji._core.options cimport (RulesC, pack_rules, TP_NONE, TP_PER_CARD, TP_FIXED20,
                                    TP_FIXED10)
from shengji._core.combos cimport (Combo, Component, Profile, SHAPE_SINGLE, SHAPE_PAIR,
                                   SHAPE_TRACTOR, SHAPE_THROW, SIDE_BANKER, SIDE_DEFENDERS,
                                   COMBO_OK, MAX_CHAIN, MAX_COMPONENTS, decompose, legal_follow_counts,
                                   winner_of_trick, throw_failure, rules_table, make_profile, has_lead_shape, lead_key,
                                   find_run)
from shengji._core.scoring cimport kitty_factor, level_delta
from shengji._core.rng cimport Rng, rng_load, rng_store, sj_bounded, sj_bounded64 as bounded64
from shengji._core.deal cimport shuffle_full
from shengji._core.bidding cimport (bid_hand, bid_deck, BidParams, BidResult, BID_OK,
                                    BID_REDEAL, POLICY_EAGER)

cnp.import_array()

from shengji._core.bits cimport sj_ctz64 as ctz

cdef enum:
    PENALTY_PER_CARD = 10      # RULES.md §8 per_card: 10 per card that could not be thrown
    PENALTY_FIXED20 = 20
    PENALTY_FIXED10 = 10
    RANK_J = 9                 # must_play_demotion levels (seed 002, "扑克牌双升竞赛规则")
    RANK_A = 12
    RANK_2 = 0
    ENUM_SINGLE_FAST = 1

cdef inline uint64_t bit(int k) noexcept nogil:
    return (<uint64_t> 1) << k


# -----------------------------------------------------------------------------------------
# plays as masks <-> counts
# -----------------------------------------------------------------------------------------
cdef inline void play_counts(const Play* p, uint8_t* c) noexcept nogil:
    cdef uint64_t m = p.one
    memset(c, 0, N_KINDS)
    while m:
        c[ctz(m)] = 1
        m &= m - 1
    m = p.two
    while m:
        c[ctz(m)] = 2
        m &= m - 1


cdef inline void counts_play(const uint8_t* c, Play* p) noexcept nogil:
    cdef int k
    p.one = 0
    p.two = 0
    for k in range(N_KINDS):
        if c[k]:
            p.one |= bit(k)
            if c[k] > 1:
                p.two |= bit(k)


cdef inline int mask_points(uint64_t m, const TrumpTable* t) noexcept nogil:
    cdef int pts = 0
    while m:
        pts += t.points[ctz(m)]
        m &= m - 1
    return pts


cdef inline int play_points(const Play* p, const TrumpTable* t) noexcept nogil:
    return mask_points(p.one, t) + mask_points(p.two, t)


cdef inline bint in_hand(const HandC* h, int seat, const Play* p) noexcept nogil:
    return (p.one & ~h.one[seat]) == 0 and (p.two & ~h.two[seat]) == 0 and (p.two & ~p.one) == 0


cdef inline void take_from_hand(HandC* h, int seat, const Play* p) noexcept nogil:
    """Remove a play (known to be in the hand) from the seat's counts and masks."""
    cdef uint64_t m = p.one
    cdef int k
    cdef uint8_t* hc = h.hand[seat]
    while m:
        k = ctz(m)
        m &= m - 1
        hc[k] -= 1 + ((p.two >> k) & 1)
        h.seen[k] += 1 + ((p.two >> k) & 1)
        h.throws_stale[seat] |= 1 << h.t.follow[k]
        if hc[k] == 0:
            h.one[seat] &= ~bit(k)
        h.two[seat] &= ~bit(k)


cdef inline void rebuild_masks(HandC* h, int seat) noexcept nogil:
    cdef int k
    cdef uint64_t one = 0, two = 0
    for k in range(N_KINDS):
        if h.hand[seat][k]:
            one |= bit(k)
            if h.hand[seat][k] > 1:
                two |= bit(k)
    h.one[seat] = one
    h.two[seat] = two


cdef inline int team(int seat) noexcept nogil:
    return seat & 1


# -----------------------------------------------------------------------------------------
# setup, bury, apply
# -----------------------------------------------------------------------------------------
cdef void hand_setup(HandC* h, const uint8_t* deck, int level, int def_level, int trump,
                     int banker, const RulesC* r) noexcept nogil:
    """deck: the 108 card ids in dealing order (position i -> seat i % 4 for i < 100, the
    kitty 100..107).  The banker takes the kitty at once: the hand starts in the bury
    phase with the banker holding 33 cards."""
    cdef int i, k, s
    h.r = r[0]
    rules_table(&h.t, level, trump, r)
    h.level = level
    h.def_level = def_level
    h.trump = trump
    h.banker = banker
    memset(h.hand, 0, sizeof(h.hand))
    memset(h.kitty, 0, N_KINDS)
    memset(h.buried, 0, N_KINDS)
    memset(h.seen, 0, N_KINDS)
    memset(h.void_suits, 0, N_SEATS)
    for s in range(N_FOLLOW):
        h.suit_mask[s] = 0
    for k in range(N_KINDS):
        h.suit_mask[h.t.follow[k]] |= bit(k)
    for i in range(N_DEALT):
        h.hand[i % N_SEATS][deck[i] >> 1] += 1
    for i in range(N_DEALT, N_CARDS):
        h.kitty[deck[i] >> 1] += 1
        h.hand[banker][deck[i] >> 1] += 1
    for s in range(N_SEATS):
        rebuild_masks(h, s)
        h.throws_stale[s] = (1 << N_FOLLOW) - 1
    h.phase = PHASE_BURY
    h.to_play = banker
    h.leader = banker
    h.n_in_trick = 0
    h.tricks_done = 0
    h.trick_points = 0
    h.table_points = 0
    h.banker_points = 0
    h.penalty = 0
    h.failed_throws = 0
    h.last_winner = -1
    h.last_shape = -1
    h.kitty_points = 0
    h.kitty_mult = 0
    h.defender_points = 0
    h.level_side = -1
    h.levels = 0
    h.next_banker = -1
    h.demotion = -1


cdef int hand_bury(HandC* h, const Play* p) noexcept nogil:
    cdef int k
    if h.phase != PHASE_BURY:
        return APPLY_OVER
    if play_size(p) != KITTY_SIZE:
        return APPLY_BAD_SIZE
    if not in_hand(h, h.banker, p):
        return APPLY_NOT_IN_HAND
    play_counts(p, h.buried)
    for k in range(N_KINDS):
        h.hand[h.banker][k] -= h.buried[k]
    rebuild_masks(h, h.banker)
    h.throws_stale[h.banker] = (1 << N_FOLLOW) - 1
    h.kitty_points = play_points(p, &h.t)
    h.phase = PHASE_PLAY
    h.to_play = h.banker
    h.leader = h.banker
    return APPLY_OK


cdef inline int throw_penalty(const HandC* h, int seat, int thrown, int forced) noexcept nogil:
    """RULES.md §8: the signed change to D; a penalty moves points away from the side that
    failed (banker team failed -> D up; a defender failed -> D down)."""
    cdef int amount
    if h.r.throw_penalty == TP_PER_CARD:
        amount = PENALTY_PER_CARD * (thrown - forced)
    elif h.r.throw_penalty == TP_FIXED20:
        amount = PENALTY_FIXED20
    elif h.r.throw_penalty == TP_FIXED10:
        amount = PENALTY_FIXED10
    else:
        amount = 0
    return amount if team(seat) == team(h.banker) else -amount


cdef inline void simple_combo(const TrumpTable* t, int k, int n, Combo* c) noexcept nogil:
    """decompose() of a single (n = 1) or a pair (n = 2) of kind k, without the scans."""
    c.n_cards = n
    c.suit = t.follow[k]
    c.shape = SHAPE_SINGLE if n == 1 else SHAPE_PAIR
    c.n_comp = 1
    c.n_tractor = 0
    c.n_pair = n - 1
    c.pairs = n - 1
    c.total_pairs = n - 1
    c.top_order = t.order[k]
    c.top_kind = k
    c.comp[0].shape = c.shape
    c.comp[0].length = n - 1
    c.comp[0].top_order = t.order[k]
    c.comp[0].top_kind = k
    c.comp[0].top_pos = t.chain[k]
    c.comp[0].kinds = bit(k)


cdef int hand_apply(HandC* h, const Play* p, Play* forced) noexcept nogil:
    return hand_apply_ex(h, p, forced, True)


cdef int hand_apply_ex(HandC* h, const Play* p, Play* forced, bint check) noexcept nogil:
    """Play p for the seat to play.  A failed throw plays the forced component instead
    (returned in *forced, else *forced = p).  Returns APPLY_OK or a negative status, in
    which case nothing changed.  check=False skips the follow-legality check: only for
    plays taken from gen_plays (the bots), which are legal by construction."""
    cdef int seat = h.to_play, i, s, n, w, k, f
    cdef uint8_t cnt[N_KINDS]
    cdef uint8_t others[3 * N_KINDS]
    cdef Combo c
    cdef const Component* comp
    if h.phase != PHASE_PLAY:
        return APPLY_OVER
    n = play_size(p)
    if n == 0:
        return APPLY_EMPTY
    if not in_hand(h, seat, p):
        return APPLY_NOT_IN_HAND
    forced[0] = p[0]
    play_counts(p, cnt)
    if h.n_in_trick == 0:
        s = h.t.follow[ctz(p.one)]
        if (p.one & ~h.suit_mask[s]) != 0:
            return APPLY_MIXED
        if p.one == p.two and (p.one & (p.one - 1)) == 0 or p.two == 0 and n == 1:
            simple_combo(&h.t, ctz(p.one), n, &h.lead)     # a single or a pair
        else:
            decompose(cnt, &h.t, &h.lead)
        if h.lead.n_comp > 1:
            for i in range(3):
                memcpy(others + i * N_KINDS, h.hand[(seat + 1 + i) % N_SEATS], N_KINDS)
            f = throw_failure(&h.lead, others, 3, &h.t, h.r.trump_throws)
            if f >= 0:
                comp = &h.lead.comp[f]
                forced.one = comp.kinds
                forced.two = comp.kinds if comp.shape != SHAPE_SINGLE else 0
                h.penalty += throw_penalty(h, seat, n, play_size(forced))
                h.failed_throws += 1
                play_counts(forced, cnt)
                decompose(cnt, &h.t, &h.lead)
        h.leader = seat
        h.trick_points = 0
    else:
        if n != h.lead.n_cards:
            return APPLY_BAD_SIZE
        s = h.lead.suit
        if n == 1:
            # a single: the led suit if held at all (the common case, without profiles)
            if check and h.t.follow[ctz(p.one)] != s and (h.one[seat] & h.suit_mask[s]):
                return APPLY_ILLEGAL
        elif check and not legal_follow_counts(h.hand[seat], &h.lead, cnt, &h.t):
            return APPLY_ILLEGAL
        if popcount(p.one & h.suit_mask[s]) + popcount(p.two & h.suit_mask[s]) < n:
            h.void_suits[seat] |= 1 << s      # showed out of the led suit: public knowledge
    memcpy(h.trick[h.n_in_trick], cnt, N_KINDS)
    h.trick_points += play_points(forced, &h.t)
    take_from_hand(h, seat, forced)
    h.n_in_trick += 1
    if h.n_in_trick < N_SEATS:
        h.to_play = (seat + 1) % N_SEATS
        return APPLY_OK
    # The trick is complete.
    w = winner_of_trick(&h.lead, &h.trick[0][0], N_SEATS, &h.t)
    k = (h.leader + w) % N_SEATS
    if team(k) == team(h.banker):
        h.banker_points += h.trick_points
    else:
        h.table_points += h.trick_points
    h.tricks_done += 1
    h.n_in_trick = 0
    h.leader = k
    h.to_play = k
    if h.one[k] == 0:          # every hand is empty together: the last trick
        finish_hand(h, k, w)
    return APPLY_OK


cdef void finish_hand(HandC* h, int seat, int w) noexcept nogil:
    """Kitty (RULES.md §5), D, the level change (§6) and the next banker."""
    cdef Combo c
    cdef long long levels = 0
    cdef int side, lvl, k, aces = 0, jacks = 0
    h.phase = PHASE_OVER
    h.last_winner = seat
    decompose(h.trick[w], &h.t, &c)
    h.last_shape = c.shape
    if team(seat) != team(h.banker):
        h.kitty_mult = kitty_factor(&c, h.r.kitty_multiplier)
    else:
        h.kitty_mult = 0
    h.defender_points = h.table_points + h.kitty_points * h.kitty_mult + h.penalty
    side = level_delta(h.defender_points, &h.r, -1, &levels)
    lvl = h.level if side == SIDE_BANKER else h.def_level
    side = level_delta(h.defender_points, &h.r, lvl, &levels)
    h.level_side = side
    h.levels = levels
    h.next_banker = (h.banker + 2) % N_SEATS if side == SIDE_BANKER else (h.banker + 1) % N_SEATS
    # must_play_demotion (seed 002, "扑克牌双升竞赛规则（最新）" §1): the banker team at a
    # must-play J or A, the defenders win the last trick with a J (at J) / an A (at A):
    # at J the banker team restarts from 2; at A a single A sends it to J, a pair of As
    # to 2.  The match applies it (the scoring study only reports it).
    h.demotion = -1
    if h.r.must_play_demotion and team(seat) != team(h.banker) and \
            (h.r.must_play_mask >> h.level) & 1 and (h.level == RANK_J or h.level == RANK_A):
        for k in range(N_SUITS):
            if h.trick[w][k * N_RANKS + h.level]:
                jacks += 1
                if h.trick[w][k * N_RANKS + h.level] > 1:
                    aces = 1              # a pair of the level rank
        if jacks:
            if h.level == RANK_J or aces:
                h.demotion = RANK_2
            else:
                h.demotion = RANK_J


# -----------------------------------------------------------------------------------------
# candidate plays
# -----------------------------------------------------------------------------------------
ctypedef struct PlayEnum:
    Play* out
    int cap
    int count
    int target
    Play* chosen
    # follow search
    const HandC* h
    const uint8_t* hand
    int n_kinds
    uint8_t kinds[N_KINDS]
    uint8_t avail[N_KINDS]
    uint8_t cap_suffix[N_KINDS + 1]
    uint8_t pair_suffix[N_KINDS + 1]
    int need_pairs
    bint full_check
    uint64_t base_one
    uint64_t base_two


cdef enum:
    TARGET_STOP_AT_CAP = -2    # gen_plays target: stop once cap plays are stored


cdef inline void emit(PlayEnum* e, uint64_t one, uint64_t two) noexcept nogil:
    if e.count < e.cap:
        e.out[e.count].one = one
        e.out[e.count].two = two
    if e.count == e.target and e.chosen != NULL:
        e.chosen.one = one
        e.chosen.two = two
    e.count += 1


cdef void enum_rec(PlayEnum* e, int i, int left, uint64_t one, uint64_t two, int pairs) noexcept nogil:
    """Sub-multisets of e.kinds[i:] (e.avail copies each) of size `left`, with at least
    e.need_pairs pairs in total; with e.full_check each is checked by the follow rules."""
    cdef uint8_t cnt[N_KINDS]
    cdef Play p
    cdef int k, a, c, np
    if e.target == TARGET_STOP_AT_CAP and e.count >= e.cap:
        return
    if left == 0:
        if pairs < e.need_pairs:
            return
        one |= e.base_one
        two |= e.base_two
        if e.full_check:
            p.one = one
            p.two = two
            play_counts(&p, cnt)
            if not legal_follow_counts(e.hand, &e.h.lead, cnt, &e.h.t):
                return
        emit(e, one, two)
        return
    if i >= e.n_kinds or e.cap_suffix[i] < left:
        return
    np = e.pair_suffix[i]
    if left // 2 < np:
        np = left // 2
    if pairs + np < e.need_pairs:
        return
    k = e.kinds[i]
    a = e.avail[i]
    # 0, 1 or 2 copies of kind k
    enum_rec(e, i + 1, left, one, two, pairs)
    if left >= 1:
        enum_rec(e, i + 1, left - 1, one | bit(k), two, pairs)
    if a >= 2 and left >= 2:
        enum_rec(e, i + 1, left - 2, one | bit(k), two | bit(k), pairs + 1)


cdef void enum_setup(PlayEnum* e, uint64_t one, uint64_t two) noexcept nogil:
    """The kinds of mask `one` (two copies where in `two`) as the search's alphabet."""
    cdef int i, k
    e.n_kinds = 0
    while one:
        k = ctz(one)
        one &= one - 1
        e.kinds[e.n_kinds] = k
        e.avail[e.n_kinds] = 2 if two & bit(k) else 1
        e.n_kinds += 1
    e.cap_suffix[e.n_kinds] = 0
    e.pair_suffix[e.n_kinds] = 0
    for i in range(e.n_kinds - 1, -1, -1):
        e.cap_suffix[i] = e.cap_suffix[i + 1] + e.avail[i]
        e.pair_suffix[i] = e.pair_suffix[i + 1] + (e.avail[i] == 2)


cdef void gen_follows(const HandC* h, PlayEnum* e) noexcept nogil:
    cdef int seat = h.to_play, s = h.lead.suit, n = h.lead.n_cards, ns, hp
    cdef uint64_t sm = h.suit_mask[s]
    cdef uint64_t hs1 = h.one[seat] & sm, hs2 = h.two[seat] & sm, m
    ns = popcount(hs1) + popcount(hs2)
    e.h = h
    e.hand = h.hand[seat]
    if ns <= n:
        # Short of the suit: all of it, filled with any other cards (垫牌).
        e.base_one = hs1
        e.base_two = hs2
        e.need_pairs = 0
        e.full_check = False
        enum_setup(e, h.one[seat] & ~sm, h.two[seat] & ~sm)
        enum_rec(e, 0, n - ns, 0, 0, 0)
        return
    e.base_one = 0
    e.base_two = 0
    if n == 1:
        m = hs1
        while m:
            emit(e, m & (~m + 1), 0)
            m &= m - 1
        return
    hp = popcount(hs2)
    e.need_pairs = h.lead.total_pairs if h.lead.total_pairs < hp else hp
    # Without tractors in the lead, pairs + suit + size decide legality (docs: tp = 0).
    e.full_check = h.lead.n_tractor > 0
    enum_setup(e, hs1, hs2)
    enum_rec(e, 0, n, 0, 0, 0)


cdef void tractor_rec(PlayEnum* e, const uint64_t* pm, int p, int end, uint64_t acc) noexcept nogil:
    """Every choice of one pair per chain position p..end (parallel level pairs)."""
    cdef uint64_t m
    if p > end:
        emit(e, acc, acc)
        return
    m = pm[p]
    while m:
        tractor_rec(e, pm, p + 1, end, acc | (m & (~m + 1)))
        m &= m - 1


cdef void gen_tractors(const HandC* h, int seat, int s, PlayEnum* e) noexcept nogil:
    """Every tractor of following-suit s: each run of >= 2 adjacent pair positions, each
    choice at a parallel position."""
    cdef uint64_t pm[MAX_CHAIN]
    cdef uint64_t m, two = h.two[seat] & h.suit_mask[s]
    cdef int k, p, q
    if popcount(two) < 2:
        return
    memset(pm, 0, sizeof(pm))
    m = two
    while m:
        k = ctz(m)
        m &= m - 1
        pm[h.t.chain[k]] |= bit(k)
    for p in range(MAX_CHAIN - 1):
        q = p + 1
        while q < MAX_CHAIN and pm[q] and pm[p]:
            tractor_rec(e, pm, p, q, 0)
            q += 1


cdef void gen_leads(const HandC* h, PlayEnum* e) noexcept nogil:
    cdef int seat = h.to_play, s, i
    cdef uint64_t m
    m = h.one[seat]
    while m:
        emit(e, m & (~m + 1), 0)
        m &= m - 1
    m = h.two[seat]
    while m:
        emit(e, m & (~m + 1), m & (~m + 1))
        m &= m - 1
    for s in range(N_FOLLOW):
        gen_tractors(h, seat, s, e)
        if (h.throws_stale[seat] >> s) & 1:
            refresh_throws(<HandC*> h, seat, s)
        for i in range(h.n_throws[seat][s]):
            emit(e, h.throws[seat][s][i].one, h.throws[seat][s][i].two)


cdef int count_throws(const HandC* h, int seat, int s) noexcept nogil:
    """refresh_throws' count (components of the suit - 1) without decomposing: singles,
    plus the tractors and pairs decompose's greedy run extraction would form."""
    cdef uint8_t pc[MAX_CHAIN]
    cdef uint64_t one = h.one[seat] & h.suit_mask[s], two = h.two[seat] & h.suit_mask[s], m
    cdef int n, p, length, top = 0, k
    if popcount(one) < 2:
        return 0
    n = popcount(one & ~two)
    if two:
        memset(pc, 0, MAX_CHAIN)
        m = two
        while m:
            k = ctz(m)
            m &= m - 1
            pc[h.t.chain[k]] += 1
            n += 1                       # every pair first counts as a component...
        while True:
            length = find_run(pc, 2, False, &top)   # decomposition's greedy: longest first
            if length == 0:
                break
            n -= length - 1              # ...a tractor of `length` pairs is one
            for p in range(top - length + 1, top + 1):
                pc[p] -= 1
    if n < 2:
        return 0
    return n - 1 if n - 1 < MAX_THROWS else MAX_THROWS


cdef int random_lead(HandC* h, Rng* rng, Play* out) noexcept nogil:
    """Uniform over gen_leads' candidates, without listing them: count singles, pairs,
    tractors and throws, draw one index, build only that play."""
    cdef int seat = h.to_play, s, n1, n2, nt = 0, total, r, i
    cdef int nthr[N_FOLLOW]
    cdef PlayEnum e
    cdef uint64_t m
    n1 = popcount(h.one[seat])
    n2 = popcount(h.two[seat])
    e.out = NULL
    e.cap = 0
    e.count = 0
    e.target = -1
    e.chosen = NULL
    for s in range(N_FOLLOW):
        gen_tractors(h, seat, s, &e)
    nt = e.count
    total = n1 + n2 + nt
    for s in range(N_FOLLOW):
        if (h.throws_stale[seat] >> s) & 1:
            nthr[s] = count_throws(h, seat, s)
        else:
            nthr[s] = h.n_throws[seat][s]
        total += nthr[s]
    if total == 0:
        return -1
    r = <int> sj_bounded(rng, <uint32_t> total)
    out.two = 0
    if r < n1 + n2:
        # the r-th single, or the (r - n1)-th pair
        m = h.one[seat] if r < n1 else h.two[seat]
        i = r if r < n1 else r - n1
        while i > 0:
            m &= m - 1
            i -= 1
        out.one = m & (~m + 1)
        out.two = out.one if r >= n1 else 0
        return 0
    r -= n1 + n2
    if r < nt:
        e.count = 0
        e.target = r
        e.chosen = out
        for s in range(N_FOLLOW):
            gen_tractors(h, seat, s, &e)
        return 0
    r -= nt
    for s in range(N_FOLLOW):
        if r < nthr[s]:
            if (h.throws_stale[seat] >> s) & 1:
                refresh_throws(h, seat, s)
            out[0] = h.throws[seat][s][r]
            return 0
        r -= nthr[s]
    return -1


cdef void refresh_throws(HandC* h, int seat, int s) noexcept nogil:
    """The seat's top-k throws of suit s: its holding decomposed, components sorted by top
    card (highest first), the union of the first k for k >= 2."""
    cdef uint8_t cnt[N_KINDS]
    cdef Combo c
    cdef int idx[MAX_COMPONENTS]
    cdef int i, j, k, tmp
    cdef uint64_t one = h.one[seat] & h.suit_mask[s], two
    h.throws_stale[seat] &= ~(1 << s)
    h.n_throws[seat][s] = 0
    if popcount(one) < 2:
        return
    for k in range(N_KINDS):
        cnt[k] = h.hand[seat][k] if (one >> k) & 1 else 0
    decompose(cnt, &h.t, &c)
    if c.n_comp < 2:
        return
    for i in range(c.n_comp):
        idx[i] = i
    for i in range(1, c.n_comp):
        j = i
        while j > 0 and c.comp[idx[j - 1]].top_order < c.comp[idx[j]].top_order:
            tmp = idx[j]
            idx[j] = idx[j - 1]
            idx[j - 1] = tmp
            j -= 1
    one = c.comp[idx[0]].kinds
    two = c.comp[idx[0]].kinds if c.comp[idx[0]].shape != SHAPE_SINGLE else 0
    for i in range(1, c.n_comp):
        one |= c.comp[idx[i]].kinds
        if c.comp[idx[i]].shape != SHAPE_SINGLE:
            two |= c.comp[idx[i]].kinds
        if i - 1 < MAX_THROWS:
            h.throws[seat][s][i - 1].one = one
            h.throws[seat][s][i - 1].two = two
            h.n_throws[seat][s] = i


cdef int gen_plays(const HandC* h, Play* out, int cap, int target, Play* chosen) noexcept nogil:
    """Candidate plays of the seat to play (module docstring): stores the first `cap` in
    out, the `target`-th (if >= 0) in *chosen; returns how many there are."""
    cdef PlayEnum e
    e.out = out
    e.cap = cap
    e.count = 0
    e.target = target
    e.chosen = chosen
    e.need_pairs = 0
    e.full_check = False
    e.base_one = 0
    e.base_two = 0
    if h.phase != PHASE_PLAY:
        return 0
    if h.n_in_trick == 0:
        gen_leads(h, &e)
    else:
        gen_follows(h, &e)
    return e.count


# -----------------------------------------------------------------------------------------
# bots
# -----------------------------------------------------------------------------------------
cdef enum:
    MAX_FILL = HAND_SIZE + KITTY_SIZE


cdef int random_fill(HandC* h, Rng* rng, Play* out) noexcept nogil:
    """Short of the led suit: all of it plus a fill drawn uniformly among the sub-multisets
    of the other cards (exactly gen_follows' set), counted and unranked by dynamic
    programming instead of enumerated."""
    cdef int seat = h.to_play, s = h.lead.suit, f, nk = 0, i, j, k
    cdef uint64_t sm = h.suit_mask[s], m, r
    cdef uint8_t kinds[N_KINDS]
    cdef uint8_t avail[N_KINDS]
    cdef uint64_t ways[N_KINDS + 1][MAX_FILL + 1]
    out.one = h.one[seat] & sm
    out.two = h.two[seat] & sm
    f = h.lead.n_cards - play_size(out)
    m = h.one[seat] & ~sm
    while m:
        k = ctz(m)
        m &= m - 1
        kinds[nk] = k
        avail[nk] = 2 if h.two[seat] & bit(k) else 1
        nk += 1
    for j in range(f + 1):
        ways[nk][j] = 1 if j == 0 else 0
    for i in range(nk - 1, -1, -1):
        for j in range(f + 1):
            ways[i][j] = ways[i + 1][j]
            if j >= 1:
                ways[i][j] += ways[i + 1][j - 1]
            if j >= 2 and avail[i] == 2:
                ways[i][j] += ways[i + 1][j - 2]
    if ways[0][f] == 0:
        return -1
    r = bounded64(rng, ways[0][f])
    j = f
    for i in range(nk):            # unrank: 0, 1, then 2 copies of kinds[i]
        if j == 0:
            break
        if r < ways[i + 1][j]:
            continue
        r -= ways[i + 1][j]
        if r < ways[i + 1][j - 1]:
            out.one |= bit(kinds[i])
            j -= 1
            continue
        r -= ways[i + 1][j - 1]
        out.one |= bit(kinds[i])
        out.two |= bit(kinds[i])
        j -= 2
    return 0


cdef int random_choice(HandC* h, Rng* rng, Play* buf, Play* out) noexcept nogil:
    cdef int n, r, seat = h.to_play
    cdef uint64_t sm
    if h.phase == PHASE_PLAY and h.n_in_trick == 0:
        return random_lead(h, rng, out)
    sm = h.suit_mask[h.lead.suit]
    if h.lead.n_cards > 1 and popcount(h.one[seat] & sm) + popcount(h.two[seat] & sm) < h.lead.n_cards:
        return random_fill(h, rng, out)
    n = gen_plays(h, buf, MAX_PLAYS, -1, NULL)
    if n == 0:
        return -1
    r = <int> sj_bounded(rng, <uint32_t> n)
    if r < MAX_PLAYS:
        out[0] = buf[r]
    else:
        gen_plays(h, buf, 0, r, out)
    return 0


cdef int bot_bury(HandC* h, int bot, Rng* rng, Play* out) noexcept nogil:
    if bot == BOT_GREEDY:
        greedy_bury(h, out)
    else:
        random_bury(h, rng, out)
    return 0


cdef void random_bury(HandC* h, Rng* rng, Play* out) noexcept nogil:
    """Uniform over the 8-card subsets of the banker's 33 physical cards."""
    cdef uint8_t cards[HAND_SIZE + KITTY_SIZE]
    cdef uint8_t c
    cdef int n = 0, k, j, i
    for k in range(N_KINDS):
        for j in range(h.hand[h.banker][k]):
            cards[n] = k
            n += 1
    out.one = 0
    out.two = 0
    for i in range(KITTY_SIZE):
        j = i + <int> sj_bounded(rng, <uint32_t> (n - i))
        c = cards[j]
        cards[j] = cards[i]
        cards[i] = c
        if out.one & bit(c):
            out.two |= bit(c)
        out.one |= bit(c)


cdef int bot_play(HandC* h, int bot, Rng* rng, Play* buf, Play* out) noexcept nogil:
    if bot == BOT_GREEDY:
        return greedy_play(h, buf, out)
    return random_choice(h, rng, buf, out)




cdef int play_out(HandC* h, Rng* rng, const int* bots, Play* buf) noexcept nogil:
    """Bury and play the hand to the end, bots[seat] choosing for each seat."""
    cdef Play p, forced
    cdef int status
    bot_bury(h, bots[h.banker], rng, &p)
    status = hand_bury(h, &p)
    if status != APPLY_OK:
        return status
    while h.phase == PHASE_PLAY:
        if bot_play(h, bots[h.to_play], rng, buf, &p) != 0:
            return APPLY_EMPTY
        status = hand_apply_ex(h, &p, &forced, False)
        if status != APPLY_OK:
            return status
    return APPLY_OK


# -----------------------------------------------------------------------------------------
# the greedy bot: a club player's rules of thumb, from public knowledge and its own hand
# -----------------------------------------------------------------------------------------
cdef enum:
    TRUMP_VALUE = 20           # a trump is worth more than any side card (orders 0..12)
    POINT_VALUE = 3            # a point card's extra keep-value per point
    PAIR_VALUE = 8             # breaking a pair costs this much per card
    SHORT_SUIT_WEIGHT = 16     # bury: short side suits first (voids), 16 > any order
    BURY_POINT_WEIGHT = 6      # bury: keep points out of the kitty (x points)
    BURY_PAIR_WEIGHT = 25      # bury: keep pairs (tractor material)
    LONG_TRUMPS_MIN = 6        # draw trumps only holding at least this many...
    POINTS_WORTH_WINNING = 5   # win cheaply when at least this many points are on the table


cdef inline int unseen(const HandC* h, int me, int k) noexcept nogil:
    """Copies of kind k that seat `me` cannot place: not in its hand, not played, not
    buried by itself."""
    cdef int u = 2 - h.hand[me][k] - h.seen[k]
    if me == h.banker:
        u -= h.buried[k]
    return u


cdef bint beaten_by_unseen(const HandC* h, int me, int suit, int shape, int order) noexcept nogil:
    """Could cards `me` cannot see form a higher single (shape single) or pair (pair,
    tractor, throw: a higher tractor needs a higher pair) of following-suit `suit`?"""
    cdef uint64_t m = h.suit_mask[suit]
    cdef int k, need = 1 if shape == SHAPE_SINGLE else 2
    while m:
        k = ctz(m)
        m &= m - 1
        if h.t.order[k] > order and unseen(h, me, k) >= need:
            return True
    return False


cdef inline bint opponent_void(const HandC* h, int me, int s) noexcept nogil:
    cdef int o
    for o in range(N_SEATS):
        if team(o) != team(me) and (h.void_suits[o] >> s) & 1:
            return True
    return False


cdef inline int card_value(const HandC* h, int k) noexcept nogil:
    cdef int v = h.t.order[k] + (TRUMP_VALUE if h.t.follow[k] == TRUMP else 0)
    return v + POINT_VALUE * h.t.points[k]


cdef int play_cost(const HandC* h, int me, const Play* p) noexcept nogil:
    """What a play gives up: card values, plus breaking pairs."""
    cdef uint64_t m = p.one
    cdef int k, c = 0
    while m:
        k = ctz(m)
        m &= m - 1
        c += card_value(h, k)
        if h.two[me] & bit(k) and not (p.two & bit(k)):
            c += PAIR_VALUE
    m = p.two
    while m:
        k = ctz(m)
        m &= m - 1
        c += card_value(h, k)
    return c


cdef void greedy_bury(HandC* h, Play* out) noexcept nogil:
    """Bury low side cards of the shortest side suits (making voids), keeping points,
    pairs and trumps; only when short of side cards, the lowest trumps."""
    cdef int me = h.banker, k, i, j, n = 0, s, best
    cdef int length[N_FOLLOW]
    cdef int prio[HAND_SIZE + KITTY_SIZE]
    cdef uint8_t kinds[HAND_SIZE + KITTY_SIZE]
    cdef int tmp
    cdef uint8_t tk
    for s in range(N_FOLLOW):
        length[s] = popcount(h.one[me] & h.suit_mask[s]) + popcount(h.two[me] & h.suit_mask[s])
    for k in range(N_KINDS):
        for j in range(h.hand[me][k]):
            s = h.t.follow[k]
            if s == TRUMP:
                tmp = 1000 + h.t.order[k] + BURY_POINT_WEIGHT * h.t.points[k]
            else:
                tmp = SHORT_SUIT_WEIGHT * length[s] + h.t.order[k] + \
                    BURY_POINT_WEIGHT * h.t.points[k]
            if h.hand[me][k] > 1:
                tmp += BURY_PAIR_WEIGHT
            prio[n] = tmp
            kinds[n] = k
            n += 1
    out.one = 0
    out.two = 0
    for i in range(KITTY_SIZE):          # partial selection sort: the 8 lowest
        best = i
        for j in range(i + 1, n):
            if prio[j] < prio[best]:
                best = j
        tmp = prio[i]; prio[i] = prio[best]; prio[best] = tmp
        tk = kinds[i]; kinds[i] = kinds[best]; kinds[best] = tk
        if out.one & bit(kinds[i]):
            out.two |= bit(kinds[i])
        out.one |= bit(kinds[i])


cdef int greedy_lead(HandC* h, Play* out) noexcept nogil:
    cdef int me = h.to_play, s, i, k, n, best_n = 0, trumps, unseen_trumps = 0
    cdef uint8_t cnt[N_KINDS]
    cdef Combo c
    cdef const Component* cp
    cdef uint64_t one, two, m, sure_one, sure_two
    cdef int sure_n, low, low_k, pair_k
    # 1. cash sure winners: a safe throw of every sure component of a suit, else the
    #    largest sure component (side suits only where no opponent has shown out).
    for s in range(N_FOLLOW):
        one = h.one[me] & h.suit_mask[s]
        if one == 0:
            continue
        if s != TRUMP and opponent_void(h, me, s):
            continue
        for k in range(N_KINDS):
            cnt[k] = h.hand[me][k] if (one >> k) & 1 else 0
        decompose(cnt, &h.t, &c)
        sure_one = 0
        sure_two = 0
        sure_n = 0
        for i in range(c.n_comp):
            cp = &c.comp[i]
            if beaten_by_unseen(h, me, s, cp.shape, cp.top_order):
                continue
            n = 1 if cp.shape == SHAPE_SINGLE else 2 * cp.length
            if s == TRUMP and not h.r.trump_throws:
                if n > best_n:
                    best_n = n
                    out.one = cp.kinds
                    out.two = cp.kinds if cp.shape != SHAPE_SINGLE else 0
                continue
            sure_one |= cp.kinds
            if cp.shape != SHAPE_SINGLE:
                sure_two |= cp.kinds
            sure_n += n
        # side suits before trumps at equal size: cash them before voids appear
        if sure_n > best_n:
            best_n = sure_n
            out.one = sure_one
            out.two = sure_two
    if best_n > 0:
        return 0
    # 2. draw trumps when long in them (the banker team's plan)
    trumps = popcount(h.one[me] & h.suit_mask[TRUMP]) + popcount(h.two[me] & h.suit_mask[TRUMP])
    m = h.suit_mask[TRUMP]
    while m:
        k = ctz(m)
        m &= m - 1
        unseen_trumps += unseen(h, me, k)
    if team(me) == team(h.banker) and trumps >= LONG_TRUMPS_MIN and 2 * trumps >= unseen_trumps \
            and unseen_trumps > 0:
        two = h.two[me] & h.suit_mask[TRUMP]
        if two:
            pair_k = -1
            m = two
            while m:
                k = ctz(m)
                m &= m - 1
                if pair_k < 0 or h.t.order[k] > h.t.order[pair_k]:
                    pair_k = k
            out.one = bit(pair_k)
            out.two = bit(pair_k)
            return 0
        low_k = lowest_card(h, me, h.one[me] & h.suit_mask[TRUMP])
        out.one = bit(low_k)
        out.two = 0
        return 0
    # 3. lead to a partner's void, else a low card of the shortest side suit (make voids)
    low_k = -1
    low = 1 << 20
    for s in range(N_SUITS):
        one = h.one[me] & h.suit_mask[s]
        if one == 0 or s == TRUMP:
            continue
        n = popcount(one) + popcount(h.two[me] & h.suit_mask[s])
        if (h.void_suits[(me + 2) % N_SEATS] >> s) & 1 and not opponent_void(h, me, s):
            n -= 100       # partner can ruff it
        k = lowest_card(h, me, one)
        n = n * 64 + card_value(h, k)
        if n < low:
            low = n
            low_k = k
    if low_k < 0:
        low_k = lowest_card(h, me, h.one[me])
    out.one = bit(low_k)
    out.two = 0
    return 0


cdef int lowest_card(const HandC* h, int me, uint64_t m) noexcept nogil:
    """The cheapest single of mask m (singletons before breaking a pair)."""
    cdef int k, v, best = -1, best_v = 1 << 20
    while m:
        k = ctz(m)
        m &= m - 1
        v = card_value(h, k) + (PAIR_VALUE if h.two[me] & bit(k) else 0)
        if v < best_v:
            best_v = v
            best = k
    return best


cdef inline (int, int) follow_score(const HandC* h, int me, bint wins, bint partner_wins,
                                    bint last, int pts, int cost, int csuit,
                                    int key) noexcept nogil:
    """Rank of a follow (lower is better): (0, cost) a worthwhile win, else (1, cost)
    for giving up the least."""
    if wins and not partner_wins and (last or h.trick_points + pts >= POINTS_WORTH_WINNING
                                      or not beaten_by_unseen(h, me, csuit,
                                                              h.lead.comp[0].shape, key)):
        # win cheaply (points on the table, a ruff, or a sure win); the last seat also
        # adds its own points
        return 0, cost - (POINT_VALUE * pts if last else 0)
    # cannot or need not win: give up the least, points first
    return 1, cost + (POINT_VALUE * 4 * pts if not partner_wins else 0)


cdef int fill_candidates(const HandC* h, int me, Play* buf) noexcept nogil:
    """Follows of a seat short of the led suit (all of the suit + a fill): the cheapest
    fill, the fill with most points, and, void in a side suit facing a pair lead, the
    cheapest trump pair (a ruff).  Returns how many were written to buf."""
    cdef int s = h.lead.suit, n = h.lead.n_cards, f, i, j, k, nc = 0, cnt = 0, best
    cdef uint64_t sm = h.suit_mask[s], m
    cdef uint8_t kinds[HAND_SIZE + KITTY_SIZE]
    cdef int val[HAND_SIZE + KITTY_SIZE]
    cdef int tmp
    cdef uint8_t tk
    cdef Play base
    base.one = h.one[me] & sm
    base.two = h.two[me] & sm
    f = n - play_size(&base)
    for k in range(N_KINDS):
        if h.t.follow[k] != s:
            for j in range(h.hand[me][k]):
                kinds[nc] = k
                val[nc] = card_value(h, k)
                nc += 1
    # 0: cheapest fill; 1: most points (ties: cheapest)
    for i in range(2):
        for j in range(nc):
            if i == 1:
                val[j] = card_value(h, kinds[j]) - 100 * h.t.points[kinds[j]]
        buf[cnt] = base
        for j in range(f):
            best = j
            for k in range(j + 1, nc):
                if val[k] < val[best]:
                    best = k
            tmp = val[j]; val[j] = val[best]; val[best] = tmp
            tk = kinds[j]; kinds[j] = kinds[best]; kinds[best] = tk
            if buf[cnt].one & bit(kinds[j]):
                buf[cnt].two |= bit(kinds[j])
            buf[cnt].one |= bit(kinds[j])
        cnt += 1
    if s != TRUMP and f == n and h.lead.shape == SHAPE_PAIR:
        m = h.two[me] & h.suit_mask[TRUMP]
        best = -1
        while m:
            k = ctz(m)
            m &= m - 1
            if best < 0 or h.t.order[k] < h.t.order[best]:
                best = k
        if best >= 0:
            buf[cnt].one = bit(best)
            buf[cnt].two = bit(best)
            cnt += 1
    return cnt


cdef int greedy_play(HandC* h, Play* buf, Play* out) noexcept nogil:
    cdef int me = h.to_play, n, i, w, wseat, win_key, win_suit, s = h.lead.suit
    cdef int pos = h.n_in_trick, key = 0, pts, cost, best, best_a, best_b, a, b, csuit, k1, ns
    cdef bint last, partner_wins, secure, wins
    cdef Profile x
    cdef uint8_t cnt[N_KINDS]
    cdef const uint8_t* wrow
    if pos == 0:
        return greedy_lead(h, out)
    ns = popcount(h.one[me] & h.suit_mask[s]) + popcount(h.two[me] & h.suit_mask[s])
    if ns <= h.lead.n_cards and h.lead.n_cards > 1:
        # short of the suit: every fill is legal and there are too many to rank; build
        # the few that matter (cheapest discard, most points, a cheap ruff)
        n = fill_candidates(h, me, buf)
    else:
        n = gen_plays(h, buf, MAX_PLAYS, TARGET_STOP_AT_CAP, NULL)
    if n == 0:
        return -1
    if n > MAX_PLAYS:
        n = MAX_PLAYS
    if n == 1:
        out[0] = buf[0]
        return 0
    last = pos == N_SEATS - 1
    # the trick so far: who wins it, with what key and suit
    w = winner_of_trick(&h.lead, &h.trick[0][0], pos, &h.t)
    wseat = (h.leader + w) % N_SEATS
    wrow = h.trick[w]
    make_profile(wrow, &h.t, s, &x)
    if x.n_cards == h.lead.n_cards:
        win_suit = s
    else:
        win_suit = TRUMP
        make_profile(wrow, &h.t, TRUMP, &x)
    win_key = lead_key(&x, &h.lead)
    partner_wins = team(wseat) == team(me)
    secure = last or not beaten_by_unseen(h, me, win_suit, h.lead.comp[0].shape, win_key) and \
        not (win_suit != TRUMP and opponent_void(h, me, win_suit))
    best = -1
    best_a = 0
    best_b = 0
    for i in range(n):
        pts = play_points(&buf[i], &h.t)
        cost = play_cost(h, me, &buf[i])
        if partner_wins and secure:
            # feed points to the partner's sure trick, cheaply otherwise
            a = -pts
            b = cost
        elif h.lead.n_cards == 1:
            # single lead: compare orders directly (no profiles)
            k1 = ctz(buf[i].one)
            csuit = h.t.follow[k1]
            key = h.t.order[k1]
            if csuit == s:
                wins = win_suit == s and key > win_key
            else:
                wins = csuit == TRUMP and (win_suit == s or key > win_key)
            a, b = follow_score(h, me, wins, partner_wins, last, pts, cost, csuit, key)
        else:
            play_counts(&buf[i], cnt)
            wins = False
            csuit = s
            make_profile(cnt, &h.t, s, &x)
            if x.n_cards == h.lead.n_cards:
                wins = win_suit == s and has_lead_shape(&x, &h.lead) and \
                    lead_key(&x, &h.lead) > win_key
                key = lead_key(&x, &h.lead)
            elif s != TRUMP:
                make_profile(cnt, &h.t, TRUMP, &x)
                if x.n_cards == h.lead.n_cards and has_lead_shape(&x, &h.lead):
                    key = lead_key(&x, &h.lead)
                    wins = win_suit == s or key > win_key
                    csuit = TRUMP
            a, b = follow_score(h, me, wins, partner_wins, last, pts, cost, csuit, key)
        if best < 0 or a < best_a or (a == best_a and b < best_b):
            best = i
            best_a = a
            best_b = b
    out[0] = buf[best]
    return 0


# -----------------------------------------------------------------------------------------
# whole hands: bid -> bury -> play -> score, and the study kernels
# -----------------------------------------------------------------------------------------
cdef int deal_bid_setup(HandC* h, Rng* rng, uint8_t* deck, const BidParams* bp,
                        const int* team_level, const RulesC* r, BidResult* bid) noexcept nogil:
    """Shuffle and bid (bidding.pxd), then set the hand up at the banker team's level."""
    cdef int rc = bid_hand(rng, deck, bp, r, bid)
    cdef int b
    if rc != BID_OK:
        return rc
    b = bid.banker
    hand_setup(h, deck, team_level[team(b)], team_level[1 - team(b)], bid.trump, b, r)
    return 0


# Result columns of play_hands, in this order (int32 rows of the output array).
HAND_COLUMNS = ("banker", "trump", "level", "table_points", "kitty_points",
                "last_winner_side", "last_winner_shape", "kitty_multiplier", "penalty",
                "defender_points", "level_side", "levels", "next_banker", "failed_throws",
                "demotion", "redeals")
cdef enum:
    N_HAND_COLUMNS = 16


cdef void hand_row(const HandC* h, const BidResult* bid, int32_t* col, Py_ssize_t stride,
                   Py_ssize_t i) noexcept nogil:
    col[0 * stride + i] = h.banker
    col[1 * stride + i] = h.trump
    col[2 * stride + i] = h.level
    col[3 * stride + i] = h.table_points
    col[4 * stride + i] = h.kitty_points
    col[5 * stride + i] = SIDE_BANKER if team(h.last_winner) == team(h.banker) else SIDE_DEFENDERS
    col[6 * stride + i] = h.last_shape
    col[7 * stride + i] = h.kitty_mult
    col[8 * stride + i] = h.penalty
    col[9 * stride + i] = h.defender_points
    col[10 * stride + i] = h.level_side
    col[11 * stride + i] = <int32_t> h.levels
    col[12 * stride + i] = h.next_banker
    col[13 * stride + i] = h.failed_throws
    col[14 * stride + i] = h.demotion
    col[15 * stride + i] = bid.redeals


def play_hands(state, cnp.uint8_t[::1] deck not None,
               Py_ssize_t n, rules, int level, int banker, int banker_bot, int defender_bot,
               int bid_policy, int bid_threshold, cnp.int32_t[:, ::1] out not None):
    """Play n independent hands at level rank `level` (both teams at it).  banker: a seat
    (later hand, bidding keeps it unless the rules move it) or -1 (first hand: the declarer
    banks).  The banker team's seats are played by banker_bot, the others by defender_bot
    (BOT_*).  out: (N_HAND_COLUMNS, >= n) int32, HAND_COLUMNS order.  The generator state
    and the deck are advanced in place."""
    cdef RulesC r = pack_rules(rules)
    cdef Rng rng
    cdef HandC h
    cdef BidParams bp
    cdef BidResult bid
    cdef int bots[N_SEATS]
    cdef int lv[2]
    cdef Play buf[MAX_PLAYS]
    cdef Py_ssize_t i
    cdef int k, rc = 0, s
    cdef Py_ssize_t stride = out.shape[1]
    if not 0 <= level < N_RANKS or not -1 <= banker < N_SEATS:
        raise ValueError("level 0..12, banker -1..3")
    if out.shape[0] != N_HAND_COLUMNS or stride < n or deck.shape[0] != N_CARDS:
        raise ValueError("out must be (16, >= n) int32 and deck 108 cards")
    bp.level = level
    bp.first_hand = banker < 0
    bp.banker = banker if banker >= 0 else 0
    bp.policy = bid_policy
    bp.threshold = bid_threshold
    lv[0] = level
    lv[1] = level
    rng_load(&rng, state)
    with nogil:
        for i in range(n):
            rc = deal_bid_setup(&h, &rng, &deck[0], &bp, lv, &r, &bid)
            if rc != 0:
                break
            for s in range(N_SEATS):
                bots[s] = banker_bot if team(s) == team(h.banker) else defender_bot
            rc = play_out(&h, &rng, bots, buf)
            if rc != 0:
                break
            hand_row(&h, &bid, &out[0, 0], stride, i)
    rng_store(&rng, state)
    if rc != 0:
        raise RuntimeError(f"hand engine status {rc}")


cdef enum:
    MATCH_START_LEVEL_PAST_A = 13     # a team leveling past A (rank 12) wins
    MAX_MATCH_HANDS = 10000           # a guard; real matches take tens of hands


def play_match(state, cnp.uint8_t[::1] deck not None, rules,
               int team0_bot, int team1_bot, int bid_policy, int bid_threshold,
               cnp.int32_t[:, ::1] out not None):
    """Play one match from the rules' start_level until a team levels past A (RULES.md §6):
    banker rotation, must_play, level_cap and must_play_demotion as the rules say.  Rows
    of out (N_HAND_COLUMNS + 2, capacity): the hand columns, then the two teams' levels
    before the hand.  Returns (hands played, winning team)."""
    cdef RulesC r = pack_rules(rules)
    cdef Rng rng
    cdef HandC h
    cdef BidParams bp
    cdef BidResult bid
    cdef int bots[N_SEATS]
    cdef int lv[2]
    cdef Play buf[MAX_PLAYS]
    cdef Py_ssize_t i = 0, cap = out.shape[1]
    cdef int k, rc = 0, s, bt, winner = -1, banker = -1, side_team, new
    cdef long long levels
    if out.shape[0] != N_HAND_COLUMNS + 2 or deck.shape[0] != N_CARDS:
        raise ValueError("out must be (18, capacity) int32 and deck 108 cards")
    lv[0] = r.start_level
    lv[1] = r.start_level
    bots[0] = team0_bot
    bots[2] = team0_bot
    bots[1] = team1_bot
    bots[3] = team1_bot
    bp.policy = bid_policy
    bp.threshold = bid_threshold
    rng_load(&rng, state)
    with nogil:
        while i < cap and i < MAX_MATCH_HANDS:
            bp.first_hand = banker < 0
            bp.banker = banker if banker >= 0 else 0
            # the bidding's level: the (expected) banker team's; a first hand is at the
            # common start level
            bp.level = lv[team(banker)] if banker >= 0 else lv[0]
            rc = deal_bid_setup(&h, &rng, &deck[0], &bp, lv, &r, &bid)
            if rc != 0:
                break
            out[N_HAND_COLUMNS, i] = lv[0]
            out[N_HAND_COLUMNS + 1, i] = lv[1]
            rc = play_out(&h, &rng, bots, buf)
            if rc != 0:
                break
            hand_row(&h, &bid, &out[0, 0], cap, i)
            i += 1
            bt = team(h.banker)
            if h.demotion >= 0:
                lv[bt] = h.demotion
            side_team = bt if h.level_side == SIDE_BANKER else 1 - bt
            if h.levels > 0:
                if h.demotion >= 0 and side_team == bt:
                    # the demoted banker team levels from its new level; re-apply must_play
                    level_delta(h.defender_points, &r, lv[bt], &levels)
                    new = lv[bt] + <int> levels
                else:
                    new = lv[side_team] + <int> h.levels
                if new >= MATCH_START_LEVEL_PAST_A:
                    winner = side_team
                    break
                lv[side_team] = new
            banker = h.next_banker
    rng_store(&rng, state)
    if rc != 0:
        raise RuntimeError(f"hand engine status {rc}")
    return i, winner


# -----------------------------------------------------------------------------------------
# one hand, step by step, for the Python API (shengji.game)
# -----------------------------------------------------------------------------------------
BOTS = ("random", "greedy")
PHASES = ("bury", "play", "over")
APPLY_ERRORS = {
    APPLY_NOT_IN_HAND: "the play holds a card the seat does not hold",
    APPLY_BAD_SIZE: "wrong number of cards",
    APPLY_MIXED: "a lead must be of one following-suit (single, pair, tractor or throw)",
    APPLY_ILLEGAL: "illegal follow: RULES.md §4 (follow suit, match the lead's shape)",
    APPLY_OVER: "the hand is over",
    APPLY_EMPTY: "an empty play",
}


cdef class HandCore:
    """A C hand (HandC) and its bot generator; shengji.game.HandState wraps it."""
    cdef HandC h
    cdef Rng rng
    cdef Play buf[MAX_PLAYS]

    @staticmethod
    def bid(cards, int level, rules, int banker, int policy=POLICY_EAGER, int threshold=0,
            state=None):
        """bid_deck on a given dealing order: (status, trump, banker); status 1: thrown in."""
        cdef cnp.uint8_t[::1] d = np.ascontiguousarray(cards, dtype=np.uint8)
        cdef RulesC r = pack_rules(rules)
        cdef BidParams bp
        cdef BidResult o
        cdef Rng rng
        cdef int k, rc
        bp.level = level
        bp.first_hand = banker < 0
        bp.banker = banker if banker >= 0 else 0
        bp.policy = policy
        bp.threshold = threshold
        rng_load(&rng, state)
        rc = bid_deck(&rng, &d[0], &bp, &r, &o)
        rng_store(&rng, state)
        return rc, o.trump, o.banker

    def setup(self, cards, int level, int def_level, int trump, int banker, rules,
              state):
        cdef cnp.uint8_t[::1] d = np.ascontiguousarray(cards, dtype=np.uint8)
        cdef RulesC r = pack_rules(rules)
        rng_load(&self.rng, state)
        hand_setup(&self.h, &d[0], level, def_level, trump, banker, &r)

    def copy(self):
        cdef HandCore c = HandCore.__new__(HandCore)
        c.h = self.h
        c.rng = self.rng
        return c

    @property
    def phase(self):
        return self.h.phase

    @property
    def to_play(self):
        return self.h.to_play

    @property
    def leader(self):
        return self.h.leader

    @property
    def n_in_trick(self):
        return self.h.n_in_trick

    @property
    def tricks_done(self):
        return self.h.tricks_done

    @property
    def banker(self):
        return self.h.banker

    @property
    def trump(self):
        return self.h.trump

    @property
    def level(self):
        return self.h.level

    def hand(self, int seat):
        return np.asarray(<uint8_t[:N_KINDS]> self.h.hand[seat]).copy()

    def legal(self):
        """Candidate plays as an (n, 2) uint64 array of (one, two) masks."""
        cdef int n = gen_plays(&self.h, self.buf, 0, -1, NULL), i
        cdef cnp.ndarray[cnp.uint64_t, ndim=2] a = np.zeros((n, 2), np.uint64)
        cdef Play* tmp
        if n == 0:
            return a
        if n <= MAX_PLAYS:
            gen_plays(&self.h, self.buf, MAX_PLAYS, -1, NULL)
            for i in range(n):
                a[i, 0] = self.buf[i].one
                a[i, 1] = self.buf[i].two
            return a
        tmp = <Play*> malloc(n * sizeof(Play))
        if tmp == NULL:
            raise MemoryError
        gen_plays(&self.h, tmp, n, -1, NULL)
        for i in range(n):
            a[i, 0] = tmp[i].one
            a[i, 1] = tmp[i].two
        free(tmp)
        return a

    def throw_counts(self, int seat):
        """(count_throws, refresh_throws' count) per following-suit: for tests."""
        cdef int s
        fast = [count_throws(&self.h, seat, s) for s in range(N_FOLLOW)]
        for s in range(N_FOLLOW):
            refresh_throws(&self.h, seat, s)
        return fast, [self.h.n_throws[seat][s] for s in range(N_FOLLOW)]

    def bury(self, uint64_t one, uint64_t two):
        cdef Play p
        p.one = one
        p.two = two
        return hand_bury(&self.h, &p)

    def apply(self, uint64_t one, uint64_t two):
        """(status, forced one, forced two)."""
        cdef Play p, f
        cdef int rc
        p.one = one
        p.two = two
        rc = hand_apply(&self.h, &p, &f)
        return rc, f.one, f.two

    def bot(self, int policy):
        """The bot's choice for the current decision (bury or play): (one, two)."""
        cdef Play p
        if self.h.phase == PHASE_BURY:
            bot_bury(&self.h, policy, &self.rng, &p)
        elif self.h.phase == PHASE_PLAY:
            bot_play(&self.h, policy, &self.rng, self.buf, &p)
        else:
            raise ValueError("the hand is over")
        return p.one, p.two

    def result(self):
        cdef BidResult bid
        cdef cnp.ndarray[cnp.int32_t, ndim=2] a = np.zeros((N_HAND_COLUMNS, 1), np.int32)
        bid.redeals = 0
        hand_row(&self.h, &bid, &a[0, 0], 1, 0)
        return dict(zip(HAND_COLUMNS, a[:, 0].tolist()))

    @property
    def trick_rows(self):
        return np.asarray(<uint8_t[:N_SEATS, :N_KINDS]> &self.h.trick[0][0])[:self.h.n_in_trick].copy()

    @property
    def buried(self):
        return np.asarray(<uint8_t[:N_KINDS]> self.h.buried).copy()

    @property
    def table_points(self):
        return self.h.table_points

    @property
    def banker_points(self):
        return self.h.banker_points

    @property
    def penalty(self):
        return self.h.penalty

# cython: language_level=3
"""The step encoding of decisions: which kinds extend a partial decision (actions.pxd).

A follow is the hard case (docs/rules.md §4, docs/rules-engine.md "Follow legality").  With
``ns`` cards of the led following-suit and a lead of ``n``:

* ``ns <= n`` (short): every card of the suit goes, the rest is free, so a card extends
  the follow while it is of the suit, or while fewer than ``n - ns`` other cards are
  chosen (under ``short_suit_trumps`` the parts of ``moves.fill_parts``: the trumps first);
* ``ns > n``: all ``n`` cards come from the suit with at least ``need = min(pairs held,
  pairs in the lead)`` pairs, and (a lead with tractors) as many of the lead's tractor
  pairs placed as the hand could place.  Without tractors, "can the chosen cards be
  completed with enough pairs" has a closed form (complete chosen singles to pairs first,
  one card each, then new pairs, two cards each); with tractors a depth-first search over
  the completions, pairs first and pruned by that bound, stops at the first legal one
  (``legal_follow_counts``, the state machine's own check).

Everything reads the seat's ``View`` and the chosen cards, nothing else."""
from libc.stdint cimport uint8_t, uint64_t

from shengji._core.base.cards cimport KITTY_SIZE, N_KINDS
from shengji._core.rules.combos cimport legal_follow_counts
from shengji._core.engine.hand cimport PHASE_BURY, PHASE_PLAY, Holding, Public
from shengji._core.engine.moves cimport fill_parts
from shengji._core.engine.play cimport Play, bit, ctz, mask_size, play_counts, play_size, popcount

cdef enum:
    MAX_SUIT_KINDS = 18        # kinds of one following-suit (the trump: 12 + 4 + 2)


ctypedef struct Completion:
    # Can q (a play of the led suit, chosen cards + one) be completed to a legal follow?
    const View* v
    uint8_t q[N_KINDS]
    int nk
    uint8_t kinds[MAX_SUIT_KINDS]
    uint8_t avail[MAX_SUIT_KINDS]          # copies of kinds[i] held and not in q
    int cap_suffix[MAX_SUIT_KINDS + 1]     # cards available in kinds[i:]
    int single_suffix[MAX_SUIT_KINDS + 1]  # kinds[i:] in q once, held twice: 1 card a pair
    int pair_suffix[MAX_SUIT_KINDS + 1]    # kinds[i:] not in q, held twice: 2 cards a pair
    int need


cdef inline int pairs_bound(const Completion* c, int i, int left, int pairs) noexcept nogil:
    """The most pairs a completion of `left` more cards from kinds[i:] can reach."""
    cdef int a = c.single_suffix[i] if c.single_suffix[i] < left else left
    cdef int b = (left - a) // 2
    if c.pair_suffix[i] < b:
        b = c.pair_suffix[i]
    return pairs + a + b


cdef bint complete(Completion* c, int i, int left, int pairs) noexcept nogil:
    """Depth-first: is there a legal follow q + (left cards from kinds[i:])?"""
    cdef int k, add
    cdef const Public* pub = c.v.pub
    if left == 0:
        return legal_follow_counts(c.v.own.count, &pub.lead, c.q, &pub.t,
                                   pub.r.short_suit_trumps)
    if i == c.nk or c.cap_suffix[i] < left or pairs_bound(c, i, left, pairs) < c.need:
        return False
    k = c.kinds[i]
    add = c.avail[i] if c.avail[i] < left else left
    while add >= 0:                  # most copies first: pairs are what follows need
        c.q[k] += add
        if complete(c, i + 1, left - add,
                    pairs + (1 if c.q[k] == 2 and add > 0 else 0)):
            c.q[k] -= add
            return True
        c.q[k] -= add
        add -= 1
    return False


cdef bint completes(const View* v, const Play* q, int left, int need) noexcept nogil:
    cdef Completion c
    cdef const Public* pub = v.pub
    cdef uint64_t m = v.own.one & pub.suit_mask[pub.lead.suit]
    cdef int i, k, held, pairs = popcount(q.two)
    c.v = v
    c.need = need
    play_counts(q, c.q)
    c.nk = 0
    while m:
        k = ctz(m)
        m &= m - 1
        held = v.own.count[k]
        if held > c.q[k]:
            c.kinds[c.nk] = k
            c.avail[c.nk] = held - c.q[k]
            c.nk += 1
    c.cap_suffix[c.nk] = 0
    c.single_suffix[c.nk] = 0
    c.pair_suffix[c.nk] = 0
    for i in range(c.nk - 1, -1, -1):
        k = c.kinds[i]
        c.cap_suffix[i] = c.cap_suffix[i + 1] + c.avail[i]
        c.single_suffix[i] = c.single_suffix[i + 1] + (c.q[k] == 1 and v.own.count[k] == 2)
        c.pair_suffix[i] = c.pair_suffix[i + 1] + (c.q[k] == 0 and v.own.count[k] == 2)
    if c.cap_suffix[0] < left:
        return False
    if pub.lead.n_tractor == 0:
        # pairs, suit and size decide (legal_follow_counts without tractors): the bound
        # is reached by a completion, so it is the answer
        return pairs_bound(&c, 0, left, pairs) >= need
    return complete(&c, 0, left, pairs)


cdef inline uint64_t not_exhausted(const Holding* own, const Play* chosen) noexcept nogil:
    """Kinds the seat holds more copies of than chosen has."""
    return own.one & ~((own.one & ~own.two & chosen.one) | chosen.two)


cdef uint64_t follow_kinds(const View* v, const Play* chosen) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int s = pub.lead.suit, n = pub.lead.n_cards, m = play_size(chosen), ns, need, k, f
    cdef uint64_t sm = pub.suit_mask[s], left = not_exhausted(v.own, chosen), out = 0, cand
    cdef Play q, base, pool
    if m >= n:
        return 0
    ns = mask_size(v.own.one, v.own.two, sm)
    if ns <= n:
        # short of the suit: all of it (and under short_suit_trumps the trumps when they
        # cannot fill the rest) plus a fill from the pool (moves.fill_parts)
        f = fill_parts(v, &base, &pool)
        out = left & base.one
        if mask_size(chosen.one, chosen.two, pool.one) < f:
            out |= left & pool.one
        return out
    if (chosen.one & ~sm) != 0:
        return 0
    need = popcount(v.own.two & sm)
    if pub.lead.total_pairs < need:
        need = pub.lead.total_pairs
    cand = left & sm
    while cand:
        k = ctz(cand)
        cand &= cand - 1
        q = chosen[0]
        if q.one & bit(k):
            q.two |= bit(k)
        q.one |= bit(k)
        if completes(v, &q, n - m - 1, need):
            out |= bit(k)
    return out


cdef uint64_t next_kinds(const View* v, const Play* chosen, bint* can_close) noexcept nogil:
    cdef const Public* pub = v.pub
    can_close[0] = False
    if pub.phase == PHASE_BURY:
        if play_size(chosen) >= KITTY_SIZE:
            return 0
        return not_exhausted(v.own, chosen)
    if pub.phase != PHASE_PLAY:
        return 0
    if pub.n_in_trick > 0:
        return follow_kinds(v, chosen)
    if chosen.one == 0:
        return v.own.one
    can_close[0] = True
    return not_exhausted(v.own, chosen) & pub.suit_mask[pub.t.follow[ctz(chosen.one)]]

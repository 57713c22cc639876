# cython: language_level=3
"""Conditional deals: some cards fixed to seats or the kitty, a predicate over the seats'
and the kitty's features, and the exact conditional law (docs/conditional-deals.md).

**Fixed cards** are placed and the other cards dealt uniformly at random to the places
left: exact, no rejection.  **A predicate** is met by rejection (draw, test, draw again)
or, for the part of it that is one slot's additive features (trumps, points, jokers, a
suit's length, a card's copies: the DealSpec says which), by an exact draw:
that slot's free cards are drawn by their counts per card class from the exact
conditional law of the counts (a table of the count vectors that meet it, each weighted
by its number of hands, prod C(N_c, k_c)), then uniformly within each class, and the
other cards dealt uniformly to the other places; the rest of the predicate, if any, by
rejection on top.  Either way every accepted deal is uniform among the deals that meet
the constraint.

Two ways to deal (both draw from one Rng, so the deals are a function of the stream):

* ``cond_sets`` (the deal study): the free cards shuffled into the slots by the batched
  bounded draws of fastrand.h (eight a word), and each slot's features as the cards land;
  the order inside a hand is drawn only when asked for (``sets_order``, stored deals).
* ``deal_shuffle`` / ``cond_order`` (the bidding and the hand drivers, the advisor): a
  whole dealing order, in which each seat's cards come in a uniformly random order (the
  bidding sees them one at a time): the fixed cards take uniformly random places among
  their seat's (none drawn for a full seat under keep_fixed_order: the advisor, where no
  one bids), then the free cards are shuffled (from the sorted free cards: eight bounded
  draws a word, or one a word under keep_fixed_order) into the free places in position
  order.  With no DealSpec the drivers' unconditioned shuffle_full (a NULL dealer)."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t, uint32_t, uint64_t, int64_t
from libc.stddef cimport size_t
from libc.string cimport memcpy, memset

from shengji._core.base.bits cimport sj_popcount64
from shengji._core.base.cards cimport HAND_SIZE, KITTY_SIZE, N_CARDS, N_DEALT, N_RANKS, N_SEATS
from shengji._core.base.rng cimport (
    Rng, rng_load, rng_store, sj_bounded, sj_bounded64, sj_descending_bounds,
    sj_descending_thresholds, sj_draws_table,
)
from shengji._core.deal.deal cimport (
    N_FEATURES, SjTractorTable, shuffle_full, sj_tractors4, tractor_table,
)
from shengji._core.deal.deal import _expand_joint, check_outputs
from shengji._core.deal.spec cimport (
    CondSpec, DEAL_ERR_LEVEL, DEAL_ERR_TRIES, DEAL_OK, Dealer, Dealing, LANE_LEVEL, LANE_POINTS,
    N_SLOTS, SLOT_KITTY, cond_eval, deal_error,
)

cnp.import_array()

cdef uint64_t HAND_BOUNDS[HAND_SIZE]
cdef uint64_t KITTY_BOUNDS[KITTY_SIZE]
cdef uint64_t HAND_THRESH[4]
cdef uint64_t KITTY_THRESH[2]
sj_descending_bounds(HAND_SIZE, HAND_SIZE, HAND_BOUNDS)
sj_descending_bounds(KITTY_SIZE, KITTY_SIZE, KITTY_BOUNDS)
sj_descending_thresholds(HAND_SIZE, HAND_SIZE - 1, HAND_THRESH)
sj_descending_thresholds(KITTY_SIZE, KITTY_SIZE - 1, KITTY_THRESH)


cdef inline void land(const uint64_t* entry, const uint8_t* cards, int n, uint64_t* lanes,
                      uint64_t* kinds, uint64_t* twice) noexcept nogil:
    """Add n cards to a slot's lanes, kinds and kinds held twice."""
    cdef uint64_t a = lanes[0], k = kinds[0], t = twice[0], b
    cdef int i, c
    for i in range(n):
        c = cards[i]
        a += entry[c]
        b = (<uint64_t> 1) << (c >> 1)
        t |= k & b
        k |= b
    lanes[0] = a
    kinds[0] = k
    twice[0] = t


cdef inline void land_kinds(const uint64_t* entry, const uint8_t* cards, int n,
                            uint64_t* lanes, uint64_t* kinds) noexcept nogil:
    """land without the kinds held twice."""
    cdef uint64_t a = lanes[0], k = kinds[0]
    cdef int i, c
    for i in range(n):
        c = cards[i]
        a += entry[c]
        k |= (<uint64_t> 1) << (c >> 1)
    lanes[0] = a
    kinds[0] = k


# -- the exact method's draw of the anchor slot ------------------------------------------
cdef inline Py_ssize_t pick_vector(const CondSpec* s, Rng* rng) noexcept nogil:
    """Index i of a count vector, with probability (cum[i] - cum[i - 1]) / total."""
    cdef uint64_t u = sj_bounded64(rng, s.total)
    cdef Py_ssize_t lo = 0, hi = s.n_vec - 1, mid
    while lo < hi:                 # the first i with cum[i] > u
        mid = (lo + hi) >> 1
        if s.cum[mid] > u:
            hi = mid
        else:
            lo = mid + 1
    return lo


cdef inline void pick_anchor(const CondSpec* s, Rng* rng, uint8_t* chosen,
                             uint8_t* rest) noexcept nogil:
    """The anchor slot's free cards (chosen, cap[anchor] of them) by a count vector, then
    uniformly within each class; the other free cards into rest (class by class)."""
    cdef Py_ssize_t v = pick_vector(s, rng)
    cdef const uint8_t* k = s.vecs + v * s.n_class
    cdef uint8_t pool[N_CARDS]
    cdef int c, j, t, n, a = 0, r = 0, start
    cdef uint8_t tmp
    for c in range(s.n_class):
        start = s.class_start[c]
        n = s.class_start[c + 1] - start
        memcpy(pool, &s.class_cards[start], n)
        for j in range(k[c]):          # a partial shuffle: k[c] of the n, uniformly
            if n - j > 1:
                t = j + <int> sj_bounded(rng, <uint32_t> (n - j))
                tmp = pool[j]
                pool[j] = pool[t]
                pool[t] = tmp
            chosen[a] = pool[j]
            a += 1
        for j in range(k[c], n):
            rest[r] = pool[j]
            r += 1


cdef inline void shuffle_single(Rng* rng, uint8_t* cards, int n) noexcept nogil:
    """A Fisher-Yates shuffle, one bounded draw a word (the advisor's draws)."""
    cdef int j, t
    cdef uint8_t tmp
    for j in range(n - 1):
        t = j + <int> sj_bounded(rng, <uint32_t> (n - j))
        tmp = cards[j]
        cards[j] = cards[t]
        cards[t] = tmp


cdef inline void shuffle_batched(Rng* rng, uint8_t* cards, int n_draws,
                                 const uint64_t* bounds, const uint64_t* thresh) noexcept nogil:
    """The first n_draws steps of a Fisher-Yates shuffle, eight draws a word."""
    cdef uint32_t r[N_CARDS]
    cdef int i, j
    cdef uint8_t c
    if n_draws <= 0:
        return
    sj_draws_table(rng, bounds, n_draws, thresh, r)
    for i in range(n_draws):
        j = i + <int> r[i]
        c = cards[j]
        cards[j] = cards[i]
        cards[i] = c


# -- dealing ---------------------------------------------------------------------------
cdef inline int deal_slots(const CondSpec* s, Rng* rng, uint8_t* buf, int at,
                           const int* order, int n_order, int n_draws, const uint64_t* bounds,
                           const uint64_t* thresh, SetDeal* out) noexcept nogil:
    """Shuffle buf[at:] into the slots of order (the first n_draws Fisher-Yates steps, eight
    draws a word; the last slot takes what remains), landing each card as it is placed."""
    cdef uint32_t r[N_CARDS]
    cdef uint8_t* deck = buf + at
    cdef int i = 0, j, slot, end, c, x
    cdef uint64_t a, k, t, b
    cdef const uint64_t* entry = <const uint64_t*> s.entry
    if n_draws > 0:
        sj_draws_table(rng, bounds, n_draws, thresh, r)
    for j in range(n_order):
        slot = order[j]
        out.start[slot] = at + i
        out.count[slot] = s.cap[slot]
        a = s.base_lanes[slot]
        k = s.base_kinds[slot]
        t = s.base_twice[slot]
        end = i + s.cap[slot]
        while i < end:   # the kinds held twice too: the deal study's tractors need them
            if i < n_draws:
                x = i + <int> r[i]
                c = deck[x]
                deck[x] = deck[i]
                deck[i] = <uint8_t> c
            else:
                c = deck[i]
            a += entry[c]
            b = (<uint64_t> 1) << (c >> 1)
            t |= k & b
            k |= b
            i += 1
        out.lanes[slot] = a
        out.kinds[slot] = k
        out.twice[slot] = t
    return i


cdef int cond_sets(Dealer* d, Rng* rng, int level, SetDeal* out) noexcept nogil:
    cdef const CondSpec* s = d.spec[level] if 0 <= level < N_RANKS else NULL
    cdef int64_t failed = 0
    cdef int n_anchor, a
    if s == NULL:
        return DEAL_ERR_LEVEL
    while True:
        d.tries += 1
        if s.anchor >= 0:
            a = s.anchor
            n_anchor = s.cap[a]
            pick_anchor(s, rng, out.buf, out.buf + n_anchor)
            out.start[a] = 0
            out.count[a] = n_anchor
            out.lanes[a] = s.base_lanes[a]
            out.kinds[a] = s.base_kinds[a]
            out.twice[a] = s.base_twice[a]
            land(s.entry, out.buf, n_anchor, &out.lanes[a], &out.kinds[a], &out.twice[a])
            deal_slots(s, rng, out.buf, n_anchor, s.rest_order, N_SLOTS - 1, s.rest_draws,
                       s.rest_bounds, s.rest_thresh, out)
        else:
            memcpy(out.buf, s.free, s.n_free)
            deal_slots(s, rng, out.buf, 0, s.order, N_SLOTS, s.n_draws, s.bounds, s.thresh,
                       out)
        if cond_eval(s, out.lanes, out.kinds, out.twice):
            d.accepted += 1
            return DEAL_OK
        failed += 1
        if failed >= d.max_tries:
            return DEAL_ERR_TRIES


cdef void sets_order(const CondSpec* s, const SetDeal* sd, Rng* rng,
                     uint8_t* out) noexcept nogil:
    cdef uint8_t hand[HAND_SIZE]
    cdef int slot, r, nf
    for slot in range(N_SLOTS):
        nf = s.n_fixed[slot]
        memcpy(hand, s.fixed[slot], nf)
        memcpy(hand + nf, sd.buf + sd.start[slot], sd.count[slot])
        if slot < N_SEATS:
            shuffle_batched(rng, hand, HAND_SIZE - 1, HAND_BOUNDS, HAND_THRESH)
            for r in range(HAND_SIZE):
                out[N_SEATS * r + slot] = hand[r]
        else:
            shuffle_batched(rng, hand, KITTY_SIZE - 1, KITTY_BOUNDS, KITTY_THRESH)
            memcpy(out + N_DEALT, hand, KITTY_SIZE)


cdef inline int slot_positions(int slot, int first_drawer, int* pos) noexcept nogil:
    """The dealing positions of a slot (ascending) when first_drawer draws position 0."""
    cdef int r, p0
    if slot == SLOT_KITTY:
        for r in range(KITTY_SIZE):
            pos[r] = N_DEALT + r
        return KITTY_SIZE
    p0 = (slot - first_drawer) & 3
    for r in range(HAND_SIZE):
        pos[r] = p0 + N_SEATS * r
    return HAND_SIZE


cdef int cond_order(Dealer* d, Rng* rng, uint8_t* deck, int level,
                    int first_drawer) noexcept nogil:
    cdef const CondSpec* s = d.spec[level] if 0 <= level < N_RANKS else NULL
    cdef uint8_t taken[N_CARDS]
    cdef uint8_t free_cards[N_CARDS]
    cdef uint8_t rest[N_CARDS]
    cdef int pos[HAND_SIZE]
    cdef uint64_t lanes[N_SLOTS]
    cdef uint64_t kinds[N_SLOTS]
    cdef uint64_t twice[N_SLOTS]
    cdef int64_t failed = 0
    cdef int slot, size, nf, j, t, p, u, r, tmp, n_anchor, sl
    cdef uint64_t b
    if s == NULL:
        return DEAL_ERR_LEVEL
    while True:
        d.tries += 1
        memset(taken, 0, N_CARDS)
        for slot in range(N_SLOTS):
            nf = s.n_fixed[slot]
            if nf == 0:
                continue
            size = slot_positions(slot, first_drawer, pos)
            for j in range(nf):
                if not (s.keep_fixed_order and nf == size) and size - j > 1:
                    t = j + <int> sj_bounded(rng, <uint32_t> (size - j))
                    tmp = pos[j]
                    pos[j] = pos[t]
                    pos[t] = tmp
                deck[pos[j]] = s.fixed[slot][j]
                taken[pos[j]] = 1
        if s.anchor >= 0:
            n_anchor = s.cap[s.anchor]
            pick_anchor(s, rng, free_cards, rest)
            shuffle_single(rng, free_cards, n_anchor)
            shuffle_single(rng, rest, s.n_free - n_anchor)
            u = 0
            r = 0
            for p in range(N_CARDS):
                if taken[p]:
                    continue
                sl = (first_drawer + p) & 3 if p < N_DEALT else SLOT_KITTY
                if sl == s.anchor:
                    deck[p] = free_cards[u]
                    u += 1
                else:
                    deck[p] = rest[r]
                    r += 1
        else:
            memcpy(free_cards, s.free, s.n_free)
            if s.keep_fixed_order:
                shuffle_single(rng, free_cards, s.n_free)
            else:
                shuffle_batched(rng, free_cards, s.n_free - 1, s.full_bounds, s.full_thresh)
            u = 0
            for p in range(N_CARDS):
                if not taken[p]:
                    deck[p] = free_cards[u]
                    u += 1
        if s.n_code == 0:
            d.accepted += 1
            return DEAL_OK
        for slot in range(N_SLOTS):
            lanes[slot] = 0
            kinds[slot] = 0
            twice[slot] = 0
        for p in range(N_CARDS):
            sl = (first_drawer + p) & 3 if p < N_DEALT else SLOT_KITTY
            lanes[sl] += s.entry[deck[p]]
            b = (<uint64_t> 1) << (deck[p] >> 1)
            twice[sl] |= kinds[sl] & b
            kinds[sl] |= b
        if cond_eval(s, lanes, kinds, twice):
            d.accepted += 1
            return DEAL_OK
        failed += 1
        if failed >= d.max_tries:
            return DEAL_ERR_TRIES


cdef int deal_shuffle(Dealer* d, Rng* rng, uint8_t* deck, int level,
                      int first_drawer) noexcept nogil:
    if d == NULL:
        shuffle_full(rng, deck)
        return DEAL_OK
    return cond_order(d, rng, deck, level, first_drawer)


def deal_orders(Dealing deal not None, state, Py_ssize_t n, int level,
                int first_drawer=0):
    """n deals in dealing order (the drivers' way: deal_shuffle), as an (n, 108) uint8
    array: position i < 100 to seat (first_drawer + i) % 4.  state advances in place."""
    cdef Rng rng
    cdef Py_ssize_t i
    cdef int rc = DEAL_OK
    if n < 0 or not 0 <= first_drawer < N_SEATS or not 0 <= level < N_RANKS:
        raise ValueError("n >= 0, level 0..12, first_drawer 0..3")
    out = np.zeros((n, N_CARDS), np.uint8)
    cdef cnp.uint8_t[:, ::1] o = out
    rng_load(&rng, state)
    with nogil:
        for i in range(n):
            rc = deal_shuffle(&deal.d, &rng, &o[i, 0], level, first_drawer)
            if rc != DEAL_OK:
                break
    rng_store(&rng, state)
    if rc != DEAL_OK:
        raise ValueError(deal_error(rc))
    return out


cdef extern from "deal_kernel.h" nogil:
    # the deal study's outputs of one deal's features (rows, joint histograms)
    void sj_deal_rows(const uint64_t* lanes, const int* pairs, const int* level_pairs,
                      const uint64_t* tractors, uint8_t* out, size_t stride) noexcept
    void sj_deal_count(const uint64_t* lanes, const int* pairs, const int* level_pairs,
                       const uint64_t* tractors, int64_t* joint) noexcept
    int sj_count_level_kinds(uint64_t kinds, int level) noexcept
    enum:
        SJ_JOINT_SIZE


def deal_sets_chunk(Dealing deal not None, state, Py_ssize_t n, int level,
                    cnp.uint8_t[:, ::1] features, cnp.uint8_t[::1] kitty_points,
                    cnp.uint8_t[:, ::1] cards, cnp.int64_t[:, ::1] joint,
                    cnp.int64_t[::1] kitty_hist, order_state, bint tractor_gap=True,
                    bint trump_chain=True):
    """deal.deal_chunk's loop for conditional deals (cond_sets): n deals at level rank
    ``level`` (its tractors under ``tractor_gap``, ``trump_chain``), each written as the
    unconditioned loop writes it -- rows of ``features`` (17, >= 4n), ``kitty_points``,
    ``cards`` (n, 108; each hand's order from ``order_state``), the joint counts ``joint``
    (4, SJ_JOINT_SIZE) with ``kitty_hist`` (256) -- each optional.  ``cond_deal_chunk``
    checks the shapes first; checked again here for memory safety."""
    cdef Dealer* dealer = &deal.d
    cdef const CondSpec* spec
    cdef SetDeal sd
    cdef Rng rng, rng_order
    cdef uint64_t lanes[N_SEATS + 1]
    cdef int pairs[N_SEATS]
    cdef int level_pairs[N_SEATS]
    cdef uint64_t tractors[N_SEATS]
    cdef const SjTractorTable* tt
    cdef Py_ssize_t i
    cdef int s, kitty, rc = DEAL_OK
    if n < 0 or not 0 <= level < N_RANKS:
        raise ValueError("n >= 0, level 0..12")
    if dealer.spec[level] == NULL:
        raise ValueError(f"deal: the Dealing has no spec for level rank {level}")
    spec = dealer.spec[level]
    if features is not None and (features.shape[0] != N_FEATURES or features.shape[1] < 4 * n):
        raise ValueError(f"features must have shape ({N_FEATURES}, >= 4n)")
    if kitty_points is not None and kitty_points.shape[0] < n:
        raise ValueError("kitty_points must hold n values")
    if cards is not None and (cards.shape[0] < n or cards.shape[1] != N_CARDS
                              or order_state is None):
        raise ValueError("cards must have shape (>= n, 108), with order_state")
    if (joint is None) != (kitty_hist is None) or (
            joint is not None and (joint.shape[0] != N_SEATS or joint.shape[1] != SJ_JOINT_SIZE
                                   or kitty_hist.shape[0] != 256)):
        raise ValueError(f"joint ({N_SEATS}, {SJ_JOINT_SIZE}) and kitty_hist (256,) go together")
    cdef bint want_rows = features is not None
    cdef bint want_kitty = kitty_points is not None
    cdef bint want_cards = cards is not None
    cdef uint8_t* frow = &features[0, 0] if want_rows and n > 0 else NULL
    cdef Py_ssize_t fstride = features.shape[1] if want_rows else 0
    cdef int64_t* jt = &joint[0, 0] if joint is not None else NULL
    cdef int64_t* kh = &kitty_hist[0] if joint is not None else NULL
    tt = tractor_table(level, tractor_gap, trump_chain)
    rng_load(&rng, state)
    if want_cards:
        rng_load(&rng_order, order_state, "order_state")
    with nogil:
        for i in range(n):
            rc = cond_sets(dealer, &rng, level, &sd)
            if rc != DEAL_OK:
                break
            for s in range(N_SEATS):
                lanes[s] = sd.lanes[s]
                pairs[s] = HAND_SIZE - sj_popcount64(sd.kinds[s])
                level_pairs[s] = <int> ((sd.lanes[s] >> (8 * LANE_LEVEL)) & 0xFF) \
                    - sj_count_level_kinds(sd.kinds[s], level)
            sj_tractors4(tt, sd.twice, tractors)
            lanes[N_SEATS] = sd.lanes[SLOT_KITTY]
            kitty = <int> (lanes[N_SEATS] >> (8 * LANE_POINTS))
            if jt != NULL:
                sj_deal_count(lanes, pairs, level_pairs, tractors, jt)
                kh[kitty] += 1
            if want_rows:
                sj_deal_rows(lanes, pairs, level_pairs, tractors, frow + N_SEATS * i, fstride)
            if want_kitty:
                kitty_points[i] = <uint8_t> kitty
            if want_cards:
                sets_order(spec, &sd, &rng_order, &cards[i, 0])
    rng_store(&rng, state)
    if want_cards:
        rng_store(&rng_order, order_state)
    if rc != DEAL_OK:
        raise ValueError(deal_error(rc))


def cond_deal_chunk(Dealing deal not None, state, Py_ssize_t n, int level,
                    cnp.uint8_t[:, ::1] features=None, cnp.uint8_t[::1] kitty_points=None,
                    cnp.uint8_t[:, ::1] cards=None,
                    cnp.int64_t[:, :, ::1] hist=None, cnp.int64_t[::1] kitty_hist=None,
                    order_state=None, bint tractor_gap=True, bint trump_chain=True):
    """deal.pyx ``deal_chunk`` for conditional deals: ``n`` deals of ``deal`` (a Dealing
    with a spec for ``level``: cond_sets), the same outputs, each optional and
    preallocated (``features``, ``kitty_points``, ``cards`` with every hand's order from
    ``order_state``, the histograms ``hist`` and ``kitty_hist``, incremented), the
    tractors under ``tractor_gap`` and ``trump_chain``.  ``state``
    advances in place, and so do the Dealing's counters."""
    check_outputs(n, level, features, kitty_points, cards, hist, kitty_hist, order_state)
    joint = np.zeros((N_SEATS, SJ_JOINT_SIZE), np.int64) if hist is not None else None
    deal_sets_chunk(deal, state, n, level, features, kitty_points, cards, joint, kitty_hist,
                    order_state, tractor_gap, trump_chain)
    if hist is not None:
        _expand_joint(joint, np.asarray(hist))

# cython: language_level=3
"""The bidding kernel's Python entry points (docs/rules.md §7): one deal in a given order
(``bid_given``), a chunk of hands into numpy columns (``bid_chunk``), the players'-bidding
probe (``seen_probe``) and the draws the Python-level loop of shengji/bidding/simulate.py
makes (``shuffle_deck``, ``draw_bounded``).  The machine they drive, its kernel policies
and loops are shengji._core.bidding.bidding (its C API: bidding.pxd); these only check
what memory safety needs (the Python layer checks the rest)."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t, uint32_t
from libc.string cimport memcmp, memcpy

from shengji._core.base.cards cimport N_CARDS, N_KINDS, N_RANKS, N_SEATS
from shengji._core.base.options cimport RulesC, pack_rules
from shengji._core.base.rng cimport Rng, rng_load, rng_store, sj_bounded
from shengji._core.deal.deal cimport shuffle_full
from shengji._core.deal.spec cimport Dealer, deal_error, dealer_of
from shengji._core.bidding.bidding cimport (
    BID_OK, N_CLASSES, BidColumns, BidOpt, BidParams, BidResult, BidSeen, BidState, BidView,
    POLICY_EAGER, POLICY_NEVER, bid_advance, bid_apply, bid_columns, bid_deck,
    bid_first_drawer, bid_hand, bid_policy_choose, bid_resample, bid_seen, bid_start,
    bid_store, bid_view, result_dict,
)

cnp.import_array()

from shengji._core.base.rng import chunk_state
from shengji._core.bidding.bidding import _ERRORS

cdef int _params(BidParams* p, int level, int policy, int threshold, bint first_hand,
                 int banker) except -1:
    if not 0 <= level < N_RANKS:
        raise ValueError(f"level rank index {level} out of range 0..12")
    if not POLICY_EAGER <= policy <= POLICY_NEVER:
        raise ValueError(f"policy index {policy} out of range 0..2")
    if not first_hand and not 0 <= banker < N_SEATS:
        raise ValueError(f"banker seat {banker} out of range 0..3")
    p.level = level
    p.policy = policy
    p.threshold = threshold
    p.first_hand = first_hand
    p.banker = banker if not first_hand else 0
    return 0


def bid_given(cards, int level, rules, int policy=POLICY_EAGER, int threshold=0,
              bint first_hand=True, int banker=0, state=None, int first_drawer=-1):
    """Run the bidding on one dealing order (108 physical ids).  Returns ``(status,
    result dict)``: status 0, or 1 when the deal is thrown in (redeal).  ``state`` (4
    words, advanced in place; default ``chunk_state(0)``) is drawn from for
    random_first_drawer (when ``first_drawer`` is -1) and no_bid = kitty_random.
    ``first_drawer`` -1: the rules decide (bid_first_drawer)."""
    cdef cnp.uint8_t[::1] d = np.ascontiguousarray(cards, dtype=np.uint8)
    cdef BidParams p
    cdef BidResult o
    cdef BidState st
    cdef RulesC r = pack_rules(rules)
    cdef Rng rng
    cdef int rc
    if d.shape[0] != N_CARDS or np.any(np.asarray(d) >= N_CARDS):
        raise ValueError("cards must be 108 physical card ids 0..107")
    if not -1 <= first_drawer < N_SEATS:
        raise ValueError(f"first_drawer {first_drawer} out of range -1..3")
    _params(&p, level, policy, threshold, first_hand, banker)
    if state is None:
        state = chunk_state(0)
    rng_load(&rng, state)
    with nogil:
        if first_drawer < 0:
            first_drawer = bid_first_drawer(&p, &r, &rng)
        rc = bid_deck(&rng, &d[0], &p, &r, first_drawer, &o, &st)
    rng_store(&rng, state)
    if rc < 0:
        raise ValueError(_ERRORS.get(rc, f"bidding status {rc}"))
    return rc, result_dict(&o)


def seen_probe(cards, int level, rules, bint first_hand=True, int banker=0,
               int first_drawer=0):
    """The players' views of one eager bidding (bid_seen, bid_resample), for the tests: at
    every ask a dict -- seat, own (its cards so far, BidSeen.own), others (the other seats'
    counts and laid cards as the BidSeen holds them: all zero), resampled (bid_resample on
    the true dealing order gives back the machine's counts and bids), suit and bidder (the
    standing bid as the seat sees it), true_suit (the machine's), shown (4 x 54).  The
    dealing order: 108 physical ids."""
    cdef cnp.uint8_t[::1] d = np.ascontiguousarray(cards, dtype=np.uint8)
    cdef BidParams p
    cdef BidState st, re
    cdef BidSeen seen
    cdef BidView v
    cdef RulesC r = pack_rules(rules)
    cdef int s, i, q, same
    if d.shape[0] != N_CARDS or np.any(np.asarray(d) >= N_CARDS) or \
            len(set(np.asarray(d).tolist())) != N_CARDS:
        raise ValueError("cards must be the 108 physical card ids 0..107")
    if not 0 <= first_drawer < N_SEATS:
        raise ValueError(f"first_drawer {first_drawer} out of range 0..3")
    _params(&p, level, POLICY_EAGER, 0, first_hand, banker)
    if bid_start(&st, &p, &r, &d[0], first_drawer) != BID_OK:
        raise ValueError("bidding parameters out of range")
    asks = []
    while True:
        s = bid_advance(&st)
        if s < 0:
            break
        bid_seen(&st, &seen)
        others = 0
        for q in range(N_SEATS):
            if q != s:
                for i in range(N_CLASSES):
                    others += seen.pub.held[q][i] + seen.pub.b.laid[q][i]
        bid_resample(&re, &seen, &d[0])
        same = re.n_opts == st.n_opts and \
            memcmp(re.held, st.held, sizeof(st.held)) == 0 and \
            memcmp(re.opts, st.opts, st.n_opts * sizeof(BidOpt)) == 0
        asks.append({
            "seat": s, "own": [seen.own[i] for i in range(seen.n_own)], "others": others,
            "resampled": bool(same), "suit": seen.pub.b.suit, "bidder": seen.pub.b.bidder,
            "true_suit": st.b.suit,
            "shown": np.array([[seen.pub.shown[q][i] for i in range(N_KINDS)]
                               for q in range(N_SEATS)])})
        bid_view(&st, &v)
        bid_apply(&st, bid_policy_choose(&v, &p))
    return asks


def shuffle_deck(state, cnp.uint8_t[::1] deck not None):
    """One shuffle_full of ``deck`` (108, in place) from ``state`` (advanced in place): the
    same draws bid_hand makes, for the Python-level (callable policy) loop."""
    cdef Rng rng
    if deck.shape[0] != N_CARDS:
        raise ValueError("deck must hold 108 cards")
    rng_load(&rng, state)
    shuffle_full(&rng, &deck[0])
    rng_store(&rng, state)


def draw_bounded(state, int bound):
    """One uniform draw in [0, bound) from ``state``: the kitty_random draw of bid_finish
    (bound 8) and the random_first_drawer draw (bound 4)."""
    cdef Rng rng
    cdef int v
    if not 0 < bound < 65536:
        raise ValueError("bound must be in 1..65535")
    rng_load(&rng, state)
    v = <int> sj_bounded(&rng, <uint32_t> bound)
    rng_store(&rng, state)
    return v


def bid_chunk(state, cnp.uint8_t[::1] deck not None,
              Py_ssize_t n, int level, rules, int policy=POLICY_EAGER,
              int threshold=0, bint first_hand=True, int banker=0,
              bint trumps=True, cnp.uint8_t[:, ::1] cards=None, deal=None):
    """Bid ``n`` hands from generator ``state`` and the carried-over ``deck`` (both advanced
    in place).  Returns a dict of numpy columns (RESULT_FIELDS, plus ``banker_trumps`` and
    ``team_trumps`` when ``trumps``: the banker's trumps with the kitty, and the banker's,
    partner's and kitty's together).  ``cards`` (n, 108), if given, receives each final
    dealing order (position i < 100 to seat (first_drawer + i) % 4).  ``deal``: a
    shengji._core.deal.spec.Dealing (conditional deals, bid_hand) or None."""
    cdef BidParams p
    cdef BidResult o
    cdef BidState st
    cdef BidColumns c
    cdef RulesC r = pack_rules(rules)
    cdef Rng rng
    cdef Py_ssize_t i
    cdef int rc = 0
    cdef uint8_t* d = &deck[0]
    if deck.shape[0] != N_CARDS:
        raise ValueError("deck must hold 108 cards")
    if n < 0:
        raise ValueError("n must be >= 0")
    if cards is not None and (cards.shape[0] < n or cards.shape[1] != N_CARDS):
        raise ValueError("cards must have shape (>= n, 108)")
    _params(&p, level, policy, threshold, first_hand, banker)
    cdef Dealer* dealer = NULL
    dealer_of(deal, &dealer)
    out = bid_columns(n, trumps, &c)
    cdef uint8_t* cp = &cards[0, 0] if cards is not None else NULL
    rng_load(&rng, state)
    with nogil:
        for i in range(n):
            rc = bid_hand(&rng, d, &p, &r, &o, &st, dealer)
            if rc < 0:
                break
            bid_store(&c, i, &o, &st, d, level)
            if cp != NULL:
                memcpy(cp + i * N_CARDS, d, N_CARDS)
    rng_store(&rng, state)
    if rc < 0:
        raise ValueError(_ERRORS.get(rc) or deal_error(rc))
    return out

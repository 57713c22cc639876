# cython: language_level=3
"""Where a duel's deal starts: a duel's deals found without playing them (common deals).

A duel run deals its chunk's hands one after the other from the chunk's stream (the
seeding rule, rng.pyx), each shuffling the deck the previous one left (drivers.deal_hand,
duel.pyx).  So deal j of a chunk starts from the stream and the deck as the first j deals
left them, whatever bots then play it.  ``walk_deals`` deals hands exactly as play_duel
does under a kernel bid policy and throws them away: to start play_duel at any deal of a
chunk (``skip``), or to record the (stream, deck) each deal starts from, so that a stepped
environment (step/duelcore.pyx's ``DuelCore.load_duel``) deals that very hand again.

Under the players' bidding (POLICY_PLAYERS) the bots bid, so the deals depend on them: not
walkable here (ValueError)."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t
from libc.string cimport memcpy

from shengji._core.base.cards cimport N_CARDS, N_RANKS, N_SEATS
from shengji._core.base.options cimport RulesC, pack_rules
from shengji._core.base.rng cimport Rng, rng_load, rng_store, RNG_WORDS
from shengji._core.base.interrupt cimport interrupted, raise_interrupt
from shengji._core.bidding.bidding cimport BidParams, BidResult, POLICY_EAGER, POLICY_NEVER
from shengji._core.engine.hand cimport HandC
from shengji._core.drivers.hands cimport deal_hand, hand_bid_params
from shengji._core.drivers.jobs import WalkJob, check

cnp.import_array()


def walk_deals(job):
    """Walk a ``WalkJob`` (jobs.py), its fields as named here: deal ``skip`` hands from the
    generator ``state`` and the carried-over ``deck`` (both advanced in place) as play_duel
    deals them, discarding them; then n more, recording before each the state and the deck
    it is dealt from into ``states[i]`` (uint64, (>= n, 4)) and ``decks[i]`` (uint8, (>= n,
    108)).  level, banker, bid_policy (a kernel policy: eager, threshold, never),
    bid_threshold: as play_duel's."""
    check(job, WalkJob)
    state, states = job.state, job.states
    cdef cnp.uint8_t[::1] deck = job.deck
    cdef cnp.uint8_t[:, ::1] decks = job.decks
    cdef Py_ssize_t skip = job.skip, n = job.n
    cdef int level = job.level, banker = job.banker
    cdef int bid_policy = job.bid_policy, bid_threshold = job.bid_threshold
    cdef RulesC r = pack_rules(job.rules)
    cdef Rng rng
    cdef HandC h
    cdef BidParams bp
    cdef BidResult bid
    cdef int lv[2]
    cdef Py_ssize_t i
    cdef int rc = 0
    if not 0 <= level < N_RANKS or not -1 <= banker < N_SEATS or skip < 0 or n < 0:
        raise ValueError("level 0..12, banker -1..3, skip and n >= 0")
    if not POLICY_EAGER <= bid_policy <= POLICY_NEVER:
        raise ValueError(f"bid_policy {bid_policy}: a kernel policy {POLICY_EAGER}.."
                         f"{POLICY_NEVER} (the players' bidding depends on the bots)")
    if deck.shape[0] != N_CARDS:
        raise ValueError("deck: expected 108 card ids")
    if n > 0 and (not isinstance(states, np.ndarray) or states.dtype != np.uint64
                  or not states.flags.c_contiguous or states.ndim != 2
                  or states.shape[0] < n or states.shape[1] != RNG_WORDS or decks is None
                  or decks.shape[0] < n or decks.shape[1] != N_CARDS):
        raise ValueError("states (>= n, 4) uint64 and decks (>= n, 108) uint8 are needed")
    hand_bid_params(&bp, level, banker, bid_policy, bid_threshold)
    lv[0] = level
    lv[1] = level
    rng_load(&rng, state)
    with nogil:
        while skip > 0 and rc == 0 and not interrupted():
            rc = deal_hand(&h, &rng, &deck[0], &bp, lv, &r, -1, &bid)
            skip -= 1
    for i in range(n):
        if rc != 0 or interrupted():
            break
        rng_store(&rng, states[i])
        memcpy(&decks[i, 0], &deck[0], N_CARDS)
        with nogil:
            rc = deal_hand(&h, &rng, &deck[0], &bp, lv, &r, -1, &bid)
    rng_store(&rng, state)
    raise_interrupt()
    if rc != 0:
        from shengji._core.bidding.bidding import _ERRORS
        raise ValueError(_ERRORS.get(rc, f"bidding status {rc}"))

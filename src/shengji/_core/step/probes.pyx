# cython: language_level=3
"""Python hooks into the search units -- the sampler (sampler.pyx) and the pimc bot
(bots/pimc.pyx) -- and into the net bot's inputs (bots/features.pyx, and its bids':
bots/bid_net.pyx), for tests and analysis.

A module of their own because those units sit below the bot registry (registry.pyx loads
bots/pimc, which cimports the sampler) and HandCore above it: a hook next to the C code
would import HandCore, which imports the registry, in a cycle."""
import math

import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t
from libc.string cimport memcpy

from shengji._core.base.cards cimport N_KINDS, N_SEATS
from shengji._core.engine.hand cimport HandC
from shengji._core.base.rng cimport Rng, rng_load, rng_store
from shengji._core.base.interrupt cimport raise_interrupt
from shengji._core.engine.view cimport View, make_view
from shengji._core.step.handcore cimport HandCore
from shengji._core.step.bidcore cimport BidCore
from shengji._core.bidding.bidding cimport BidSeen, STAGE_ASK, bid_seen
from shengji._core.bots.bot cimport agent_bid
from shengji._core.bots.bid_net cimport (
    BID_ACTION_SIZE, BID_STATE_SIZE, BidInputs, bid_inputs,
)
from shengji._core.engine.play cimport Play
from shengji._core.bots.bot cimport Agent, BOT_PIMC
from shengji._core.bots.registry cimport agent_free, agent_init, bot_get
from shengji._core.bots.params cimport PIMC_MAX_CANDIDATES
from shengji._core.bots.pimc cimport pimc_explain
from shengji._core.bots.sampler cimport (
    Sampler, SAMPLER_OK, PlayPolicy, bury_likelihood, pair_inferences, pass_likelihood,
    play_likelihood,
    sample_hand, sampler_free, sampler_init,
)
from shengji._core.bots.greedy cimport greedy_bury, greedy_play
from shengji._core.bots.features cimport (
    Decision, MAX_DECISION_CANDIDATES, N_ACTION, N_STATE, decision_inputs,
)
from shengji._core.engine.moves cimport MAX_PLAYS
from shengji._core.bots.memory cimport memory_bury, memory_play

cnp.import_array()

cdef int _view(HandCore core, int seat, View* v) except -1:
    if not 0 <= seat < N_SEATS:
        raise ValueError("seat 0..3")
    make_view(&core.h, seat, v)
    return 0


def consistent_deals(HandCore core, int seat, bint bids=False):
    """(how many physical deals of the hidden cards agree with seat's view (a float), the
    number of suit groups the sampler dealt them in); bids: with the bids' cards kept."""
    cdef View v
    cdef Sampler s
    cdef int g, rc
    cdef double n
    _view(core, seat, &v)
    rc = sampler_init(&s, &v, bids)
    if rc != SAMPLER_OK:
        raise RuntimeError(f"sampler status {rc}")
    n = s.total
    for g in range(s.n_groups):
        n *= math.factorial(s.size[g])
    sampler_free(&s)
    return n, s.n_groups


def sample_counts(HandCore core, int seat, Py_ssize_t n, state, bint bids=False):
    """n deals from seat's view: (n, 5, 54) uint8, each seat's cards (seat's own as it
    holds them) and the buried pile (row 4).  `state` (rng.chunk_state) advances.  bids:
    the sampler keeps what the open bids showed (sampler.pxd sampler_init)."""
    cdef View v
    cdef Sampler s
    cdef Rng rng
    cdef HandC h
    cdef Py_ssize_t i
    cdef int o, rc = SAMPLER_OK
    out = np.zeros((n, N_SEATS + 1, N_KINDS), np.uint8)
    cdef cnp.uint8_t[:, :, ::1] o_v = out
    _view(core, seat, &v)
    rc = sampler_init(&s, &v, bids)
    if rc != SAMPLER_OK:
        raise RuntimeError(f"sampler status {rc}")
    rng_load(&rng, state)
    with nogil:
        for i in range(n):
            rc = sample_hand(&s, &v, &rng, &h)
            if rc != SAMPLER_OK:
                break
            for o in range(N_SEATS):
                memcpy(&o_v[i, o, 0], h.seat[o].count, N_KINDS)
            memcpy(&o_v[i, N_SEATS, 0], h.buried, N_KINDS)
    rng_store(&rng, state)
    sampler_free(&s)
    if rc != SAMPLER_OK:
        raise RuntimeError(f"sampler status {rc}")
    return out


def sample_core(HandCore core, int seat, state, bint bids=False):
    """One sampled deal from seat's view as a new HandCore (the view's state, other seats'
    cards drawn), with core's bot generator.  `state` advances.  bids: as sample_counts'."""
    cdef View v
    cdef Sampler s
    cdef Rng rng
    cdef HandCore c = HandCore.__new__(HandCore)
    cdef int rc
    _view(core, seat, &v)
    rc = sampler_init(&s, &v, bids)
    if rc == SAMPLER_OK:
        rng_load(&rng, state)
        rc = sample_hand(&s, &v, &rng, &c.h)
        rng_store(&rng, state)
        sampler_free(&s)
    if rc != SAMPLER_OK:
        raise RuntimeError(f"sampler status {rc}")
    c.rng = core.rng
    return c


def no_pair_suits(HandCore core):
    """pair_inferences of the public record: per seat, the bit mask of following-suits it
    is known to hold no pair of."""
    cdef View v
    cdef uint8_t nopair[N_SEATS]
    _view(core, 0, &v)
    pair_inferences(&v, nopair)
    return [nopair[s] for s in range(N_SEATS)]


def pimc_decision(HandCore core, spec, state):
    """pimc's decision for core's current decision (the bury, or the seat to play), with
    its search: (chosen (one, two), [(one, two, samples played out, mean value), ...] per
    candidate in rank order).  spec: pimc as (id, parameters), or BOT_PIMC (the
    defaults) (bot.pxd agent_init).  state (rng.chunk_state) advances."""
    cdef View v
    cdef Agent a
    cdef Rng rng
    cdef Play cands[PIMC_MAX_CANDIDATES]
    cdef int done[PIMC_MAX_CANDIDATES]
    cdef double mean[PIMC_MAX_CANDIDATES]
    cdef Play out
    cdef int n, c
    agent_init(&a, spec)
    try:
        if a.bot != bot_get(BOT_PIMC):             # swift has parameters too, not pimc's
            raise ValueError("pimc_decision takes pimc")
        make_view(&core.h, core.h.pub.to_play, &v)
        rng_load(&rng, state)
        with nogil:
            n = pimc_explain(&v, &rng, &a.params, a.scratch, cands, done, mean, &out)
        rng_store(&rng, state)
    finally:
        agent_free(&a)
    raise_interrupt()
    if n == 0:
        raise ValueError("no decision to take (the hand is over)")
    return ((out.one, out.two),
            [(cands[c].one, cands[c].two, done[c], mean[c]) for c in range(n)])


def _policy(str policy, double eps):
    """The likelihood probes' checks: policy "memory" or "greedy", eps in (0, 1]."""
    if policy not in ("memory", "greedy"):
        raise ValueError(f"policy: expected 'memory' or 'greedy', got {policy!r}")
    if not 0.0 < eps <= 1.0:
        raise ValueError(f"eps: expected a number in (0, 1], got {eps!r}")
    return policy


def play_likelihood_of(HandCore core, int seat, str policy, double eps, HandCore deal=None):
    """play_likelihood (sampler.pxd) of `deal` (a HandCore holding a deal of the same hand,
    e.g. from sample_core; None: core's own, the true deal) from seat's view of core, under
    `policy` ("memory" or "greedy") with factor eps."""
    cdef View v
    cdef HandC work
    cdef PlayPolicy fn = memory_play if _policy(policy, eps) == "memory" else greedy_play
    _view(core, seat, &v)
    if deal is None:
        deal = core
    return play_likelihood(&v, &deal.h, fn, eps, &work)


def bury_likelihood_of(HandCore core, int seat, str policy, double eps, HandCore deal=None):
    """bury_likelihood (sampler.pxd) of `deal` (as play_likelihood_of's) from seat's view of
    core, under `policy`'s bury ("memory" or "greedy") with factor eps."""
    cdef View v
    cdef HandC work
    cdef PlayPolicy fn = memory_bury if _policy(policy, eps) == "memory" else greedy_bury
    _view(core, seat, &v)
    if deal is None:
        deal = core
    return bury_likelihood(&v, &deal.h, fn, eps, &work)


def pass_likelihood_of(HandCore core, int seat, double eps, HandCore deal=None):
    """pass_likelihood (sampler.pxd) of `deal` (as play_likelihood_of's) from seat's view of
    core with factor eps."""
    cdef View v
    cdef HandC work
    _policy("memory", eps)
    _view(core, seat, &v)
    if deal is None:
        deal = core
    return pass_likelihood(&v, &deal.h, eps, &work)


def bids_shown(HandCore core):
    """What the open bids showed, in core's public record: per seat (kinds with at least
    one copy shown, kinds with two) as bit masks."""
    return [(core.h.pub.bid.shown_one[s], core.h.pub.bid.shown_two[s]) for s in range(N_SEATS)]


def decision_features(HandCore core, int cap=8):
    """The net bot's inputs for core's current decision (the bury, or the seat to play): (x
    uint8 (STATE_SIZE,), a uint8 (n, ACTION_SIZE), candidates [(one, two), ...] in order,
    origins [ORIGIN_*, ...]) for its n candidates (at most cap); features even for one
    candidate.  ValueError when the hand is over."""
    cdef View v
    cdef Decision d
    cdef Play buf[MAX_PLAYS]
    cdef int i
    if not 1 <= cap <= MAX_DECISION_CANDIDATES:
        raise ValueError(f"cap: 1..{MAX_DECISION_CANDIDATES}")
    make_view(&core.h, core.h.pub.to_play, &v)
    if decision_inputs(&v, cap, True, True, &d, buf) == 0:
        raise ValueError("no decision to take (the hand is over)")
    x = np.empty(N_STATE, np.uint8)
    a = np.empty((d.n, N_ACTION), np.uint8)
    cdef cnp.uint8_t[::1] xv = x
    cdef cnp.uint8_t[:, ::1] av = a
    memcpy(&xv[0], d.x, N_STATE)
    for i in range(d.n):
        memcpy(&av[i, 0], d.a[i], N_ACTION)
    return (x, a, [(d.cands[i].one, d.cands[i].two) for i in range(d.n)],
            [d.origin[i] for i in range(d.n)])


def bid_decision(BidCore core, spec=None, team_level=(0, 0)):
    """The asked seat's bid decision in core (it must be asking): (features, choice).
    features: as the net bot's bid head sees it, (y uint8 (BID_STATE_SIZE,), o uint8 (n,
    BID_ACTION_SIZE), memory's choice among the n options), or None where the head does not
    judge (bid_net.bid_inputs); choice: with a bot ``spec`` (a bot id or (id, parameters):
    agent_init) that bot's bid there (PASS or an option index), else None.  team_level:
    the BidSeen's."""
    cdef BidSeen seen
    cdef BidInputs d
    cdef Agent agent
    cdef Rng rng
    cdef int choice = 0, i
    if core.finished < 0 or core.st.stage != STAGE_ASK:
        raise ValueError("bid_decision: no seat is asked")
    bid_seen(&core.st, &seen)
    seen.team_level[0], seen.team_level[1] = team_level
    if spec is not None:
        agent_init(&agent, spec)
        rng_load(&rng, np.ones(4, np.uint64))
        try:
            choice = agent_bid(&agent, &seen, &rng)
        finally:
            agent_free(&agent)
    bid = choice if spec is not None else None
    if bid_inputs(&seen, &d) != 0:
        return None, bid
    y = np.empty(BID_STATE_SIZE, np.uint8)
    o = np.empty((d.n, BID_ACTION_SIZE), np.uint8)
    cdef cnp.uint8_t[::1] yv = y
    cdef cnp.uint8_t[:, ::1] ov = o
    memcpy(&yv[0], d.y, BID_STATE_SIZE)
    for i in range(d.n):
        memcpy(&ov[i, 0], d.o[i], BID_ACTION_SIZE)
    return (y, o, d.memory), bid

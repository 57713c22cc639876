# cython: language_level=3
"""The players' bid odds (the bid_odds study under policy "players"): deals bid by a bot in
every seat (bot.pxd's BotVTable.bid, through drivers.hands' players_bid_hand), with the columns
of the kernel's bidding.bid_chunk.  Every draw -- the shuffles, the first drawer, the bots'
bids -- comes from the one stream ``state`` (the chunk's), in order."""
cimport numpy as cnp
from libc.stdint cimport uint8_t
from libc.string cimport memcpy

from shengji._core.base.cards cimport N_CARDS, N_RANKS, N_SEATS
from shengji._core.base.options cimport RulesC, pack_rules
from shengji._core.base.interrupt cimport interrupted, raise_interrupt
from shengji._core.base.rng cimport Rng, rng_load, rng_store
from shengji._core.bidding.bidding cimport (
    BidColumns, BidParams, BidResult, BidState, BID_OK, POLICY_PLAYERS, bid_columns, bid_store,
)
from shengji._core.bots.bot cimport Agent
from shengji._core.drivers.hands cimport hand_bid_params, players_bid_hand
from shengji._core.drivers.agents cimport agents_init, agents_free
from shengji._core.drivers.jobs import BidsJob, check
from shengji._core.deal.spec cimport Dealer, deal_error, dealer_of

cnp.import_array()

_ERRORS = {-2: "1000 deals in a row were thrown in because nobody declared",
           -3: "a bot chose a bid not open to its seat"}


def bid_chunk_players(job):
    """Bid a ``BidsJob`` (jobs.py), its fields as named here: bidding.bid_chunk's columns
    (trumps included) for n deals bid by ``bot`` (a bot id or (id, parameters): registry.pxd
    agent_init) in every seat, at level rank ``level``; a first hand, or a later hand with
    ``banker``.  state and deck advance in place; ``cards`` (n, 108), if given, receives
    each final dealing order.  deal: a shengji._core.deal.spec.Dealing (every deal
    conditional) or None."""
    check(job, BidsJob)
    state, bot = job.state, job.bot
    cdef cnp.uint8_t[::1] deck = job.deck
    cdef cnp.uint8_t[:, ::1] cards = job.cards
    cdef Py_ssize_t n = job.n
    cdef int level = job.level, banker = job.banker
    cdef bint first_hand = job.first_hand
    cdef RulesC r = pack_rules(job.rules)
    cdef Rng rng
    cdef Rng* rngs[N_SEATS]
    cdef Agent agent
    cdef Agent* seats[N_SEATS]
    cdef BidParams bp
    cdef BidResult o
    cdef BidState st
    cdef BidColumns c
    cdef int lv[2]
    cdef Py_ssize_t i
    cdef int rc = 0, s
    if deck.shape[0] != N_CARDS:
        raise ValueError("deck must hold 108 cards")
    if n < 0 or not 0 <= level < N_RANKS or not 0 <= banker < N_SEATS:
        raise ValueError("n >= 0, level 0..12, banker 0..3")
    if cards is not None and (cards.shape[0] < n or cards.shape[1] != N_CARDS):
        raise ValueError("cards must have shape (>= n, 108)")
    cdef Dealer* dealer = NULL
    dealer_of(job.deal, &dealer)
    out = bid_columns(n, True, &c)
    cdef uint8_t* cp = &cards[0, 0] if cards is not None else NULL
    cdef uint8_t* d = &deck[0]
    try:
        agents_init(&agent, 1, (bot,))
        for s in range(N_SEATS):
            seats[s] = &agent
            rngs[s] = &rng
        hand_bid_params(&bp, level, -1 if first_hand else banker, POLICY_PLAYERS, 0)
        lv[0] = level
        lv[1] = level
        rng_load(&rng, state)
        with nogil:
            for i in range(n):
                if interrupted():
                    break
                rc = players_bid_hand(&rng, rngs, d, &bp, &r, seats, lv, &o, &st, dealer)
                if rc != BID_OK:
                    break
                bid_store(&c, i, &o, &st, d, level)
                if cp != NULL:
                    memcpy(cp + i * N_CARDS, d, N_CARDS)
        rng_store(&rng, state)
    finally:
        agents_free(&agent, 1)
    raise_interrupt()
    if rc != BID_OK:
        raise ValueError(_ERRORS.get(rc) or deal_error(rc))
    return out

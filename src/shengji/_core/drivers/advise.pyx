# cython: language_level=3
"""The hand advisor's driver: one seat's 25 cards are known, the other 83
are dealt uniformly at random (to the other three seats and the kitty) -- a conditional
deal (deal/cond.pyx, the studies' [deal] table: the seat's 25 cards fixed, and whatever
else the caller fixes or asks of the deal) -- and every deal is played under each option
-- a trump this seat declares (it then banks), or passing -- on the same cards, so the
options are compared deal by deal.

Passing: the bank goes to one of the other three seats, uniformly at random (drawn with
the deal), which declares its best trump: of the trumps its 25 cards can declare (a level
card of a suit; no-trump with a joker pair, or as the rules' mixed_joker_pair /
single_joker_declares allow), the one giving it the most trumps (ties: S, H, C, D, then
no-trump); a seat with nothing to declare plays no-trump (the rules' default no_bid).

Randomness: deal i (the run's index) is drawn from the caller's stream in order (the
conditional deal -- with the hand alone fixed, one shuffle of the 83 unseen cards from
their sorted order, one bounded draw a word -- then the passing banker); the bots of option
o on deal i draw from rng_split(key, i * n_options + o), a pure function of (seed, deal,
option)."""
cimport numpy as cnp
from libc.stdint cimport int32_t, uint8_t, uint64_t
from libc.string cimport memset

from shengji._core.base.cards cimport (
    BIG_JOKER, HAND_SIZE, N_CARDS, N_KINDS, N_RANKS, N_SEATS, N_SUITS, NO_TRUMP,
    SMALL_JOKER, kind_of,
)
from shengji._core.base.options cimport RulesC, pack_rules
from shengji._core.base.interrupt cimport interrupted, raise_interrupt
from shengji._core.base.rng cimport Rng, rng_load, rng_split, rng_store, sj_bounded
from shengji._core.deal.cond cimport deal_shuffle
from shengji._core.deal.spec cimport DEAL_OK, Dealer, dealer_of
from shengji._core.bidding.bidding cimport count_trumps
from shengji._core.engine.hand cimport HandC, hand_setup
from shengji._core.bots.bot cimport Agent
from shengji._core.drivers.hands cimport play_out, raise_status
from shengji._core.drivers.agents cimport agents_init, agents_free
from shengji._core.drivers.jobs import AdviceJob, check

cnp.import_array()

cdef enum:
    OPTION_PASS = -1         # an option: this seat passes (another seat banks)
    N_OUT = 4                # out rows: defender_points, level_side, levels, banker

PASS = OPTION_PASS
OUT_ROWS = ("defender_points", "level_side", "levels", "banker")
assert len(OUT_ROWS) == N_OUT


cdef int best_trump(const uint8_t* deck, int seat, int level, const RulesC* r) noexcept nogil:
    """The declarable trump of seat's 25 cards (deck positions seat, seat + 4, ...) giving
    it the most trumps (module docstring); NO_TRUMP when it can declare nothing."""
    cdef uint8_t cards[HAND_SIZE]
    cdef int count[N_KINDS]
    cdef int i, s, n, best = -1, best_n = -1
    cdef bint nt
    memset(count, 0, sizeof(count))
    for i in range(HAND_SIZE):
        cards[i] = deck[seat + N_SEATS * i]
        count[kind_of(cards[i])] += 1
    for s in range(N_SUITS):
        if count[s * N_RANKS + level]:
            n = count_trumps(cards, HAND_SIZE, level, s)
            if n > best_n:
                best, best_n = s, n
    nt = count[SMALL_JOKER] == 2 or count[BIG_JOKER] == 2 or \
        (r.mixed_joker_pair and count[SMALL_JOKER] and count[BIG_JOKER]) or \
        (r.single_joker_declares and (count[SMALL_JOKER] or count[BIG_JOKER]))
    if nt and count_trumps(cards, HAND_SIZE, level, NO_TRUMP) > best_n:
        best = NO_TRUMP
    return best if best >= 0 else NO_TRUMP


def advise_hands(job):
    """Play an ``AdviceJob`` (jobs.py), its fields as named here: deal n hands by `deal` (a
    shengji._core.deal.spec.Dealing whose spec at level rank `level` fixes seat's 25 cards,
    keep_fixed_order) and play each, both teams at `level`, under every option (options[o]:
    a trump 0..3, NO_TRUMP, or OPTION_PASS), every seat played by `bot` (a bot id or (id,
    parameters): registry.pxd agent_init; shengji.rules.pack.bot packs a BotSpec).  out[o,
    row, i] (rows OUT_ROWS; shape (len(options), 4, >= n)) for deal i, whose run index is
    first + i.  state (the deals' stream) advances; key: the bots' (rng.seat_key).  deal's
    counters advance."""
    check(job, AdviceJob)
    state, key, bot = job.state, job.key, job.bot
    cdef cnp.int32_t[::1] options = job.options
    cdef cnp.int32_t[:, :, ::1] out = job.out
    cdef Py_ssize_t first = job.first, n = job.n
    cdef int seat = job.seat, level = job.level
    cdef RulesC r = pack_rules(job.rules)
    cdef Rng rng, k, br
    cdef Agent agent
    cdef Agent* seats[N_SEATS]
    cdef HandC h
    cdef uint8_t deck[N_CARDS]
    cdef Py_ssize_t i
    cdef int j, o, t, banker, pass_banker, rc = 0, n_opt = options.shape[0]
    cdef Dealer* dealer = NULL
    if not 0 <= seat < N_SEATS or not 0 <= level < N_RANKS or first < 0 or n < 0:
        raise ValueError("seat 0..3, level 0..12, first and n >= 0")
    if out.shape[0] != n_opt or out.shape[1] != N_OUT or out.shape[2] < n:
        raise ValueError(f"out must be ({n_opt}, {N_OUT}, >= n) int32")
    dealer_of(job.deal, &dealer)
    if dealer == NULL or dealer.spec[level] == NULL \
            or dealer.spec[level].n_fixed[seat] != HAND_SIZE:
        raise ValueError(f"deal: a Dealing fixing seat {seat}'s 25 cards at level rank {level}")
    for o in range(n_opt):
        if not (OPTION_PASS <= options[o] <= NO_TRUMP):
            raise ValueError(f"option {options[o]}: a trump 0..4 or {OPTION_PASS} (pass)")
    try:
        agents_init(&agent, 1, (bot,))
        for j in range(N_SEATS):
            seats[j] = &agent
        rng_load(&k, key, "key")
        rng_load(&rng, state)
        with nogil:
            for i in range(n):
                if interrupted():
                    break
                # the deal: seat's cards at its dealing positions, the others dealt by
                # the conditional deal (the unseen ones shuffled from their sorted order:
                # a deal depends on the stream alone)
                rc = deal_shuffle(dealer, &rng, deck, level, 0)
                if rc != DEAL_OK:
                    break
                pass_banker = (seat + 1 + <int> sj_bounded(&rng, N_SEATS - 1)) % N_SEATS
                for o in range(n_opt):
                    if options[o] == OPTION_PASS:
                        banker = pass_banker
                        t = best_trump(deck, banker, level, &r)
                    else:
                        banker = seat
                        t = options[o]
                    hand_setup(&h, deck, level, level, t, banker, &r)
                    rng_split(&k, <uint64_t> ((first + i) * n_opt + o), &br)
                    rc = play_out(&h, &br, seats)
                    if rc != 0:
                        break
                    out[o, 0, i] = h.score.defender_points
                    out[o, 1, i] = h.score.level_side
                    out[o, 2, i] = <int32_t> h.score.levels
                    out[o, 3, i] = banker
                if rc != 0:
                    break
        rng_store(&rng, state)
    finally:
        agents_free(&agent, 1)
    raise_interrupt()
    raise_status(rc)

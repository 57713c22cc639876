# The vector environment's kernel (vector.pyx): N hands stepping in lockstep.  Declared
# here so that a unit above it can extend it: duelcore.pyx's DuelCore, which deals the envs
# a duel's deals.
from libc.stdint cimport int8_t, int16_t, int64_t, uint8_t, uint64_t

from shengji._core.base.cards cimport N_CARDS, N_KINDS, N_SEATS, kind_of
from shengji._core.base.options cimport RulesC
from shengji._core.base.rng cimport Rng
from shengji._core.bidding.bidding cimport BidParams, BidResult, BidState
from shengji._core.engine.hand cimport HandC
from shengji._core.engine.book cimport Book, IdSet, ids_has
from shengji._core.engine.actions cimport ACTION_PLAY
from shengji._core.engine.play cimport bit
from shengji._core.bots.bot cimport Agent


ctypedef struct EnvC:
    HandC h
    Book b
    Rng rng
    BidParams bp
    BidResult bid
    BidState late                    # the round of overturns after the bury
    bint late_on
    int observer                     # the learner seat the observation is of
    int status
    uint8_t deck[N_CARDS]            # the carried-over deck (late.deck points into it)
    uint8_t dealt[N_CARDS]           # this hand's dealing order, seat 0 first
    uint8_t played[N_SEATS][N_KINDS]
    uint8_t shown[N_SEATS][N_KINDS]
    int n_played[N_SEATS]
    IdSet held[N_SEATS]              # the ids each seat holds (b.loc == seat), as sets
    int n_hist
    int learners                     # this env's learner seats (bit mask)
    Rng seat_rng[N_SEATS]            # load_duel: each bot seat's own stream (duel.pyx's)


ctypedef struct Legal:
    # What the action check and the sampler read of an env, apart from its EnvC (a
    # small array: the passes over the envs before a step stay in cache).
    uint64_t kinds                   # next_kinds of the seat deciding (a learner seat)
    IdSet avail                      # the ids it holds and has not chosen yet
    bint close                       # ACTION_PLAY is legal
    bint done                        # the hand ended at the last step: deal at the next


cdef class VectorCore:
    cdef EnvC* envs
    cdef Legal* legal
    cdef bint failed                  # some env's status is set
    cdef int16_t* hist
    cdef Py_ssize_t n
    cdef RulesC r
    cdef Agent agent
    cdef bint have_agent
    cdef int learners                 # bit s: seat s is the learner's
    cdef int level, banker, trump, policy, threshold, returns
    cdef bint record
    cdef bint hold                    # load_duel's envs: a hand over stays over (no redeal)
    cdef uint8_t[:, ::1] obs
    cdef int8_t[:, ::1] mask
    cdef double[::1] reward
    cdef uint8_t[::1] terminated
    cdef int8_t[::1] to_play
    cdef double[:, ::1] seat_returns

    cdef void after_bury(self, EnvC* e) noexcept nogil
    cdef void bury_card(self, Py_ssize_t i, int c) noexcept nogil
    cdef void play(self, EnvC* e, const IdSet* ids, bint check) noexcept nogil
    cdef void learner_action(self, Py_ssize_t i, int a) noexcept nogil
    cdef Rng* bot_rng(self, EnvC* e, int s) noexcept nogil
    cdef void advance(self, Py_ssize_t i) noexcept nogil
    cdef void deal(self, Py_ssize_t i) noexcept nogil
    cdef void start(self, Py_ssize_t i) noexcept nogil
    cdef void returns_of(self, EnvC* e, double* out) noexcept nogil
    cdef void write(self, Py_ssize_t i) noexcept nogil
    cdef void step_one(self, Py_ssize_t i, int a) noexcept nogil
    cdef Py_ssize_t first_error(self) noexcept nogil
    cdef Py_ssize_t check_actions(self, const int64_t* a) noexcept nogil


cdef inline bint legal_ok(const Legal* lg, int64_t x) noexcept nogil:
    """Whether action x is legal for the env whose Legal this is (HandCore.apply_action's
    rule: a card the seat holds, not chosen yet, of a kind in the legal set; ACTION_PLAY
    when the lead may close).  An env whose hand is over takes any action."""
    if lg.done:
        return True
    if x == ACTION_PLAY:
        return lg.close
    return (0 <= x < N_CARDS and ids_has(&lg.avail, <int> x)
            and (lg.kinds & bit(kind_of(<int> x))) != 0)

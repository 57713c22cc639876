# cython: language_level=3
"""The swift bot: pimc's search where it pays, memory's play elsewhere.

Each decision is one of three kinds, each with its own number of samples (0: no search,
memory's choice):
  bury    pimc's bury search (bots/pimc.pyx) at samples = `bury_samples` (so judged on
          PIMC_BURY_FACTOR x that many deals), `candidates` candidates;
  lead    pimc's play search at samples = `lead_samples` when the seat leads a trick;
  follow  the same at samples = `follow_samples` when it follows;
and a play is searched only while the seat holds at most `hand_limit` cards: before that
it is memory's.  The search itself is pimc's, unchanged (its candidates, sampler, common
random numbers, race and base-choice guard; rollouts by memory, objective "points"),
reached through pimc.pxd: a swift decision with the same samples and candidates as a pimc
decision is that pimc decision, bit for bit.  Randomness as pimc's: a decision is a pure
function of (view, Rng state); a decision that does not search draws nothing (memory
never draws).

Why there (docs/hand-engine.md, "swift"): most of pimc's time goes to the first tricks,
where a rollout plays most of the hand, while its gain over memory comes mostly from the
bury and the last tricks (the kitty's multiplier), where rollouts are short."""
from libc.stdlib cimport free, malloc

from shengji._core.engine.hand cimport PHASE_BURY, PHASE_PLAY
from shengji._core.engine.play cimport Play, popcount
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from shengji._core.bots.bot cimport BotVTable, BotParams, bot_entry
from shengji._core.bots.memory cimport memory_bury, memory_play
from shengji._core.bots.pimc cimport (
    pimc_bury_p, pimc_defaults, pimc_play_p, pimc_scratch_free, pimc_scratch_new,
)

ctypedef struct Scratch:
    void* pimc                 # pimc's scratch, sized for the largest of the samples
    BotParams search           # the BotParams handed to pimc (samples set per decision)


cdef void* swift_scratch_new(const BotParams* p) noexcept nogil:
    cdef Scratch* sc = <Scratch*> malloc(sizeof(Scratch))
    cdef int cap = 1
    if sc == NULL:
        return NULL
    # pimc's defaults (its rollout, objective, bury factor, guard, no inference...), then
    # swift's own: a field pimc gains later keeps pimc's default here instead of a copy of
    # a swift field that does not set it
    pimc_defaults(&sc.search)
    sc.search.candidates = p.candidates
    if p.bury_samples > cap:
        cap = p.bury_samples
    if p.lead_samples > cap:
        cap = p.lead_samples
    if p.follow_samples > cap:
        cap = p.follow_samples
    sc.search.samples = cap
    sc.pimc = pimc_scratch_new(&sc.search)
    if sc.pimc == NULL:
        free(sc)
        return NULL
    return sc


cdef void swift_scratch_free(void* scratch) noexcept nogil:
    cdef Scratch* sc = <Scratch*> scratch
    if sc == NULL:
        return
    pimc_scratch_free(sc.pimc)
    free(sc)


cdef int swift_bury_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                      Play* out) noexcept nogil:
    cdef Scratch* sc = <Scratch*> scratch
    if v.pub.phase != PHASE_BURY:
        return -1
    if p.bury_samples == 0:
        return memory_bury(v, rng, out)
    sc.search.samples = p.bury_samples
    return pimc_bury_p(v, rng, &sc.search, sc.pimc, out)


cdef int swift_play_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                      Play* out) noexcept nogil:
    cdef Scratch* sc = <Scratch*> scratch
    cdef int n
    if v.pub.phase != PHASE_PLAY:
        return -1
    n = p.lead_samples if v.pub.n_in_trick == 0 else p.follow_samples
    if popcount(v.own.one) + popcount(v.own.two) > p.hand_limit:
        n = 0
    if n == 0:
        return memory_play(v, rng, out)
    sc.search.samples = n
    return pimc_play_p(v, rng, &sc.search, sc.pimc, out)


cdef int with_defaults(const View* v, Rng* rng, bint bury, Play* out) noexcept nogil:
    """A decision at the default parameters with a scratch of its own (HandCore's
    one-decision calls; the drivers keep one scratch per agent)."""
    cdef BotParams p
    cdef void* sc
    cdef int rc
    swift_defaults(&p)
    sc = swift_scratch_new(&p)
    if sc == NULL:
        return -1
    if bury:
        rc = swift_bury_p(v, rng, &p, sc, out)
    else:
        rc = swift_play_p(v, rng, &p, sc, out)
    swift_scratch_free(sc)
    return rc


cdef int swift_bury(const View* v, Rng* rng, Play* out) noexcept nogil:
    return with_defaults(v, rng, True, out)


cdef int swift_play(const View* v, Rng* rng, Play* out) noexcept nogil:
    return with_defaults(v, rng, False, out)


# the registry's entry (registry.pyx; its bids: memory's judgement, the table's `bids`)
cdef BotVTable _BOT = BotVTable(swift_bury, swift_play, swift_bury_p, swift_play_p,
                                swift_scratch_new, swift_scratch_free, NULL)
BOT = bot_entry(&_BOT)

# The pimc bot (bots/pimc.pyx): determinized Monte Carlo search -- each candidate play
# (or bury) is played out by a fast rollout bot in deals of the hidden cards sampled
# consistently with the seat's view (sampler.pxd), the same deals for every candidate; the
# candidate with the best mean outcome for the seat's team is chosen.
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from shengji._core.bots.bot cimport BotParams

# Limits and default parameters; `cpdef`: bots.pimc.DEFAULTS / LIMITS export them and
# shengji.game.botspec declares pimc's parameters from them (written once, here).
cpdef enum:
    # the default samples and candidates: chosen from the strength/speed curve
    # (docs/hand-engine.md "pimc")
    PIMC_SAMPLES = 16
    PIMC_CANDIDATES = 8
    PIMC_MAX_SAMPLES = 1024
    PIMC_MAX_CANDIDATES = 64
    PIMC_BURY_SAMPLES_FACTOR = 2     # the bury (once a hand) is judged on 2 x samples
    PIMC_MAX_BURY_FACTOR = 8
    PIMC_INFER = 0                   # inference from play: off by default (today's bytes)
    PIMC_MAX_INFER = 8               # draws per kept deal at most
    PIMC_MAX_INFER_STEPS = 64        # Metropolis-Hastings proposals per deal at most

cdef int pimc_bury(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int pimc_play(const View* v, Rng* rng, Play* out) noexcept nogil
cdef int pimc_bury_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                     Play* out) noexcept nogil
cdef int pimc_play_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                     Play* out) noexcept nogil
cdef void* pimc_scratch_new(const BotParams* p) noexcept nogil
cdef void pimc_scratch_free(void* scratch) noexcept nogil
# One decision (bury or play) as pimc_*_p takes it, with what the search saw: its n
# candidates (returned; 0: no move) into cands, the samples each was played out in and its
# mean value over them (the seat team's outcome; with infer = 1 the race's mean, weighted
# by the deals' likelihoods).  cands, done, mean: PIMC_MAX_CANDIDATES.
cdef int pimc_explain(const View* v, Rng* rng, const BotParams* p, void* scratch,
                      Play* cands, int* done, double* mean, Play* out) noexcept nogil
# pimc's default parameters
cdef void pimc_defaults(BotParams* p) noexcept nogil

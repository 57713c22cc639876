# The pimc bot (bots/pimc.pyx): determinized Monte Carlo search -- each candidate play
# (or bury) is played out by a fast rollout bot in deals of the hidden cards sampled
# consistently with the seat's view (sampler.pxd), the same deals for every candidate; the
# candidate with the best mean outcome for the seat's team is chosen.
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from libc.stdint cimport int32_t
from shengji._core.base.cards cimport team
from shengji._core.rules.combos cimport SIDE_BANKER
from shengji._core.engine.hand cimport HandC
from shengji._core.bots.bot cimport (
    BotParams, OBJECTIVE_LEVELS, BOT_GREEDY, BOT_NET, BOT_RANDOM, ChooseBury, ChoosePlay,
)
from shengji._core.bots.random cimport random_bury, random_play
from shengji._core.bots.greedy cimport greedy_bury, greedy_play
from shengji._core.bots.memory cimport memory_bury, memory_play
from shengji._core.bots.net cimport net_bury, net_play

# Its parameters' defaults and limits are the bot table's (bots/table.py), as C constants
# in params.pxd: PIMC_SAMPLES (16: chosen from the strength/speed curve, docs/hand-engine.md
# "pimc"), PIMC_MAX_SAMPLES, PIMC_MAX_CANDIDATES (the candidates' arrays), PIMC_BURY_FACTOR
# (the bury, once a hand, is judged on 2 x samples), PIMC_MAX_INFER, PIMC_MAX_INFER_STEPS...
from shengji._core.bots.params cimport (
    PIMC_BURY_FACTOR, PIMC_CANDIDATES, PIMC_INFER, PIMC_MAX_BURY_FACTOR, PIMC_MAX_CANDIDATES,
    PIMC_MAX_INFER, PIMC_MAX_INFER_STEPS, PIMC_MAX_SAMPLES, PIMC_SAMPLES, pimc_param_defaults,
)

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
# pimc's default parameters (the table's)
cdef inline void pimc_defaults(BotParams* p) noexcept nogil:
    pimc_param_defaults(p)


cdef enum:
    # objective "levels": a level is worth this many points, so levels decide and the
    # points only break ties between equal level outcomes (a hand scores at most 200
    # points plus a kitty bonus, well under this)
    LEVEL_WEIGHT = 1000


# The rollout bot of a search (pimc's `rollout`, the bids' search in bidder.pyx): its play
# and its bury by BotId (memory's for any other id).
cdef inline ChoosePlay rollout_play(int bot) noexcept nogil:
    if bot == BOT_RANDOM:
        return random_play
    if bot == BOT_GREEDY:
        return greedy_play
    if bot == BOT_NET:
        return net_play
    return memory_play


cdef inline ChooseBury rollout_bury(int bot) noexcept nogil:
    if bot == BOT_RANDOM:
        return random_bury
    if bot == BOT_GREEDY:
        return greedy_bury
    if bot == BOT_NET:
        return net_bury
    return memory_bury


# A finished hand's outcome for seat's team under a search objective (bot.pxd's Objective):
# "points" +D defending, -D banking; "levels" the team's signed level change x LEVEL_WEIGHT
# plus those points.  What pimc's play search and the bids' search (bidder.pyx) maximise.
cdef inline int32_t search_outcome(const HandC* h, int seat, int objective) noexcept nogil:
    cdef int d = h.score.defender_points
    cdef int pts = d if team(seat) != team(h.pub.banker) else -d
    cdef int side_team
    cdef long long gain
    if objective == OBJECTIVE_LEVELS:
        side_team = team(h.pub.banker) if h.score.level_side == SIDE_BANKER else \
            1 - team(h.pub.banker)
        gain = h.score.levels if side_team == team(seat) else -h.score.levels
        return <int32_t> (gain * LEVEL_WEIGHT + pts)
    return pts

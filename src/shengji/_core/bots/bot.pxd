# The bot interface: a bot is a pair of C functions of an information-set view
# (view.pxd) and an Rng (rng.pxd) -- one for the bury, one for each play -- and nothing
# else: it never sees the state, so it cannot peek at hidden cards.  Bots register here by
# id; the study drivers call them through an Agent (one seat's bot with its parameters and
# working memory), HandCore through bot_choose.
#
# Adding a bot: a unit bot_<name>.pyx/.pxd with functions of the signatures below, one
# BotId member, one line in bot.pyx's registry.  A bot with parameters (pimc) also has the
# *_p variants, which take its BotParams and a scratch block (allocated once per driver
# call by scratch_new, not once per decision); its plain bury/play use the default
# parameters.  The third decision, the bids (bid_policy "players"), is Bot.bid: it takes the
# bidding kernel's BidSeen (bidding.pxd: the machine as one seat sees it -- its cards so
# far, the bids and what they showed, how far the deal is) and answers BID_PASS or an index
# into the seat's bids (bots/bidder.pyx: each built-in bot's).
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from shengji._core.engine.hand cimport HandC
from shengji._core.bidding.bidding cimport BidSeen

# cpdef: the Python names (bot.BOT_NAMES, shengji.game.BOTS) come from here.
cpdef enum BotId:
    BOT_RANDOM = 0
    BOT_GREEDY = 1
    BOT_MEMORY = 2
    BOT_PIMC = 3
    BOT_SWIFT = 4

cdef enum:
    N_BOTS = 5

# What a search bot maximises for its team (bot.OBJECTIVES: "points", "levels").
cpdef enum Objective:
    OBJECTIVE_POINTS = 0     # the defender points D (+D defending, -D banking)
    OBJECTIVE_LEVELS = 1     # the team's signed level change, then the points

# A bot's parameters, as shengji.game.botspec validated them (its BOT_PARAMS; the defaults are
# the bot's own, bots/pimc.pxd).  Bots without parameters ignore them.
ctypedef struct BotParams:
    int samples              # determinizations a finalist candidate is judged on
    int candidates           # candidates entering the search (the rest pruned)
    int rollout              # BotId of the policy the samples are played out with
    int objective            # Objective
    double time_budget_ms    # > 0: stop searching after this long (not reproducible)
    int bury_samples         # swift: the samples of its bury, its leads, its follows
    int lead_samples         # (0: memory's decision; bots/swift.pyx)
    int follow_samples
    int hand_limit           # swift: plays are searched only with at most this many cards
    # inference from play (bots/pimc.pyx, sampler.pxd play_likelihood): 0 = off (uniform
    # deals); n >= 2: each batch of deals is resampled from n times as many draws, weighted
    # by how likely the other seats' plays were under the rollout policy
    int infer
    double infer_eps         # the likelihood factor of a play the policy would not make
    int bury_factor          # the bury is judged on bury_factor x samples
    # inference from play by Metropolis-Hastings (sampler.pxd refine_deal): each uniform
    # deal moved by this many card-swap proposals towards the likely ones (0: none)
    int infer_steps
    double z_keep            # the base choice is left only for a leader > z_keep SEs better
    # inference from the bury (sampler.pxd bury_likelihood): the factor of each buried card
    # the rollout bot's bury would not have buried, in the Metropolis-Hastings likelihood
    # (1: none)
    double bury_eps
    int infer_bids           # 1: the sampler keeps the cards the open bids showed
    # inference from the seats that passed (sampler.pxd pass_likelihood): the factor of each
    # seat that could have bid at the end of the deal and did not (1: none)
    double pass_eps

# A decision: fill *out with the chosen cards; return 0, or -1 when there is no move.
# The bury is asked of the banker in PHASE_BURY (8 of its 33 cards); play of the seat to
# play in PHASE_PLAY.
ctypedef int (*ChooseBury)(const View* v, Rng* rng, Play* out) noexcept nogil
ctypedef int (*ChoosePlay)(const View* v, Rng* rng, Play* out) noexcept nogil
ctypedef int (*ChooseBuryP)(const View* v, Rng* rng, const BotParams* p, void* scratch,
                            Play* out) noexcept nogil
ctypedef int (*ChoosePlayP)(const View* v, Rng* rng, const BotParams* p, void* scratch,
                            Play* out) noexcept nogil
# A bid: BID_PASS (-1) or an index 0 .. s.pub.n_opts - 1 into the seat's bids s.pub.opts.
# p and scratch as for the *_p entries (a bot without parameters gets its defaults and NULL).
ctypedef int (*ChooseBid)(const BidSeen* s, Rng* rng, const BotParams* p,
                          void* scratch) noexcept nogil
ctypedef void* (*ScratchNew)(const BotParams* p) noexcept nogil
ctypedef void (*ScratchFree)(void* scratch) noexcept nogil

ctypedef struct Bot:
    ChooseBury bury          # with the bot's default parameters
    ChoosePlay play
    ChooseBuryP bury_p       # NULL for a bot without parameters
    ChoosePlayP play_p
    ScratchNew scratch_new   # NULL: no scratch
    ScratchFree scratch_free
    ChooseBid bid            # the bids under bid_policy "players" (bots/bidder.pyx)

# One seat's player in a driver: a bot, its parameters, its scratch.
ctypedef struct Agent:
    const Bot* bot
    BotParams params
    void* scratch

# The registered bot of that id, or NULL.
cdef const Bot* bot_get(int bot) noexcept nogil

# The decision of `bot` (default parameters) for the current one of h (bury or play), from
# the deciding seat's view.  Returns 0, or -1 (no move; an unknown bot; the hand is over).
cdef int bot_choose(HandC* h, const Bot* bot, Rng* rng, Play* out) noexcept nogil

# An Agent from a Python value: a BotId (int: the bot with its default parameters) or a
# shengji.game.botspec.BotSpec (its id and parameters); allocates its scratch.  ValueError for an
# unknown bot or a parameter out of range, MemoryError; pair with agent_free (safe on an
# agent that agent_init failed on, and on a zeroed one).
cdef int agent_init(Agent* a, object spec) except -1
cdef void agent_free(Agent* a) noexcept nogil


cdef inline int agent_bury(Agent* a, const View* v, Rng* rng, Play* out) noexcept nogil:
    if a.bot.bury_p != NULL:
        return a.bot.bury_p(v, rng, &a.params, a.scratch, out)
    return a.bot.bury(v, rng, out)


cdef inline int agent_play(Agent* a, const View* v, Rng* rng, Play* out) noexcept nogil:
    if a.bot.play_p != NULL:
        return a.bot.play_p(v, rng, &a.params, a.scratch, out)
    return a.bot.play(v, rng, out)


cdef inline int agent_bid(Agent* a, const BidSeen* s, Rng* rng) noexcept nogil:
    return a.bot.bid(s, rng, &a.params, a.scratch)

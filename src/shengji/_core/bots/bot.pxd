# The bot interface: a bot is a pair of C functions of an information-set view
# (view.pxd) and an Rng (rng.pxd) -- one for the bury, one for each play -- and nothing
# else: it never sees the state, so it cannot peek at hidden cards.  The registry
# (bots/registry.pyx) holds the bots of the bot table (bots/table.py: BOTS, one row per bot,
# its position the bot's id); the study drivers call them through an Agent (one seat's bot
# with its parameters and working memory), HandCore and InfoSet through agent_choose.
#
# Adding a bot: its unit bots/<name>.pyx with functions of the signatures below and, at
# module level, `cdef BotVTable _BOT = ...` and `BOT = bot_entry(&_BOT)`: the registry reads that
# capsule for the table's row.  A bot with parameters (pimc) also has the *_p variants,
# which take its BotParams (params.pxd, generated from the table) and a scratch block
# (allocated once per driver call by scratch_new, not once per decision); its plain
# bury/play use the default parameters.  The third decision, the bids (bid_policy
# "players"), is BotVTable.bid: it takes the bidding kernel's BidSeen (bidding.pxd: the machine
# as one seat sees it -- its cards so far, the bids and what they showed, how far the deal
# is) and answers BID_PASS or an index into the seat's bids (bots/bidder.pyx: the built-in
# ones; a unit that leaves it NULL bids as its row's `bids` names).
from cpython.pycapsule cimport PyCapsule_New

from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View
from shengji._core.engine.hand cimport HandC
from shengji._core.bidding.bidding cimport BidSeen
from shengji._core.bots.params cimport BotParams

# The ids the C code names (pimc's rollouts, the bids' search): the first rows of the bot
# table, in its order (a test pins them).  `cpdef`: bot.BotId.
cpdef enum BotId:
    BOT_RANDOM = 0
    BOT_GREEDY = 1
    BOT_MEMORY = 2
    BOT_PIMC = 3
    BOT_SWIFT = 4
    BOT_NET = 5

cdef enum:
    MAX_BOTS = 64            # rows the registry holds at most

# What a search bot maximises for its team (bot.OBJECTIVES: "points", "levels"; the
# table's pimc.objective lists them in this order).
cpdef enum Objective:
    OBJECTIVE_POINTS = 0     # the defender points D (+D defending, -D banking)
    OBJECTIVE_LEVELS = 1     # the team's signed level change, then the points

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

ctypedef struct BotVTable:
    ChooseBury bury          # with the bot's default parameters
    ChoosePlay play
    ChooseBuryP bury_p       # NULL for a bot without parameters
    ChoosePlayP play_p
    ScratchNew scratch_new   # NULL: no scratch
    ScratchFree scratch_free
    ChooseBid bid            # the bids under bid_policy "players" (bots/bidder.pyx)

# One seat's player in a driver: a bot, its parameters, its scratch.
ctypedef struct Agent:
    const BotVTable* bot
    BotParams params
    void* scratch

# The capsule a bot's unit exports as BOT (the registry copies the struct it points to).
cdef inline object bot_entry(BotVTable* b):
    return PyCapsule_New(<void*> b, b"shengji._core.bots.bot.BotVTable", NULL)


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

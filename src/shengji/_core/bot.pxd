# The bot interface: a bot is a pair of C functions of an information-set view
# (view.pxd) and an Rng (rng.pxd) -- one for the bury, one for each play -- and nothing
# else: it never sees the state, so it cannot peek at hidden cards.  Bots register here by
# id; the study drivers and HandCore call them through bot_choose.
#
# Adding a bot (e.g. `memory`, `pimc`): a unit bot_<name>.pyx/.pxd with functions of the
# two signatures below, one BotId member, one line in bot.pyx's registry.  A search bot
# samples the hidden cards from the view (view.pxd: unseen) and plays the samples out on
# its own HandC copies.  A bidding decision will be a third entry of Bot taking a bidding
# view (the bidding kernel's state as one seat sees it: its cards so far and the bids).
from shengji._core.play cimport Play
from shengji._core.rng cimport Rng
from shengji._core.view cimport View
from shengji._core.hand cimport HandC

# cpdef: the Python names (bot.BOT_NAMES, shengji.game.BOTS) come from here.
cpdef enum BotId:
    BOT_RANDOM = 0
    BOT_GREEDY = 1
    BOT_MEMORY = 2

cdef enum:
    N_BOTS = 3

# A decision: fill *out with the chosen cards; return 0, or -1 when there is no move.
# The bury is asked of the banker in PHASE_BURY (8 of its 33 cards); play of the seat to
# play in PHASE_PLAY.
ctypedef int (*ChooseBury)(const View* v, Rng* rng, Play* out) noexcept nogil
ctypedef int (*ChoosePlay)(const View* v, Rng* rng, Play* out) noexcept nogil

ctypedef struct Bot:
    ChooseBury bury
    ChoosePlay play

# The registered bot of that id, or NULL.
cdef const Bot* bot_get(int bot) noexcept nogil

# The decision of `bot` for the current one of h (bury or play), from the deciding seat's
# view.  Returns 0, or -1 (no move; an unknown bot; the hand is over).
cdef int bot_choose(HandC* h, const Bot* bot, Rng* rng, Play* out) noexcept nogil

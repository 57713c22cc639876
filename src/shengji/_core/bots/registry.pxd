# The registry of the bots of the bot table (bots/table.py) and the agents: what the drivers
# and the Python-facing machines call (bots/registry.pyx).  The interface itself (BotVTable,
# Agent, BotParams, the inline agent_bury / agent_play / agent_bid) is bot.pxd.
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.hand cimport HandC
from shengji._core.engine.view cimport View
from shengji._core.bots.bot cimport (
    Agent, BotVTable, ChooseBid, MAX_BOTS, agent_bury, agent_play,
)

# The registered bot of that id, or NULL.
cdef const BotVTable* bot_get(int bot) noexcept nogil

# The decision of an agent (its bot, parameters and scratch) for the current one of h (bury
# or play), from the deciding seat's view.  Returns 0, or -1 (no move; no bot; the hand is
# over).
cdef int agent_choose(HandC* h, Agent* a, Rng* rng, Play* out) noexcept nogil

# An Agent from what the core takes for a bot (shengji.rules.pack.bot packs a BotSpec
# into it): a bot id (int: the bot with its default parameters) or a pair (id, params),
# params the parameters given, a mapping or (name, value) pairs, checked and packed by
# the bot table (table.pack_params); allocates its scratch.  ValueError (one line) for an
# unknown bot or parameter or a value out of range, TypeError for anything else,
# MemoryError; pair with agent_free (safe on an agent that agent_init failed on, and on a
# zeroed one).
cdef int agent_init(Agent* a, object spec) except -1
cdef void agent_free(Agent* a) noexcept nogil

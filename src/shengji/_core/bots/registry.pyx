# cython: language_level=3
"""The registry of the bots of the bot table, and the agents (a bot with its parameters and
scratch, one per seat in a driver).

The registry is the table (bots/table.py: ``BOTS``): row i is bot i, the ``BotVTable`` its unit
exports as ``BOT`` (bot.pxd ``bot_entry``: ``random`` is bots/random.pyx, then ``greedy``,
``memory``, ``pimc``, ``swift``, ``net``), its bids (bid_policy "players") those of the row's
``bids`` (bots/bidder.pyx ``BIDS``, and net's: bots/bid_net.pyx) where the unit leaves
them to it -- swift bids by
memory's judgement: it is memory until its search starts, and pimc's bid search would read
swift's scratch as its own.  ``agent_init`` checks and packs an agent's parameters by the
table (``pack_params``, a loop over the bot's row); ``agent_choose`` builds the deciding
seat's view from a ``HandC``."""
import importlib
import operator
from collections.abc import Mapping

from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid
from libc.string cimport memset

from shengji._core.engine.hand cimport PHASE_BURY, PHASE_PLAY
from shengji._core.engine.view cimport make_view
from shengji._core.bots.params cimport BotParams
from shengji._core.bots import table as _table
from shengji._core.bots.bot import BotId, Objective

# Python names of the bots and objectives: the table's (its rows in order) and the enum's.
BOT_NAMES = _table.NAMES
OBJECTIVES = tuple(o.name[len("OBJECTIVE_"):].lower() for o in sorted(Objective, key=int))
# BotParams' fields, as the table names the bots' parameters
PARAM_FIELDS = tuple(name for name, _ in _table.FIELDS)
# the bots a search bot may play its samples out with (pimc's rollout)
ROLLOUT_BOTS = _table.bot_row("pimc").param("rollout").kind.choices

for _id in BotId:                      # the enum the C code names is the table's first rows
    assert BOT_NAMES[int(_id)] == _id.name[len("BOT_"):].lower(), _id
assert OBJECTIVES == _table.bot_row("pimc").param("objective").kind.choices
cdef BotParams _zero
memset(&_zero, 0, sizeof(BotParams))
# params.pxd (BotParams) is written from the table by tools/tables.py; a build from a stale
# one stops here
assert set(<dict> _zero) == set(PARAM_FIELDS), (
    "bots/params.pxd is stale: python tools/tables.py, then rebuild every unit"
)

cdef const char* CAPSULE = b"shengji._core.bots.bot.BotVTable"
cdef const char* BID_CAPSULE = b"shengji._core.bots.bidder.ChooseBid"

cdef BotVTable REGISTRY[MAX_BOTS]
cdef int N_REGISTERED = 0
cdef bint PARAMS[MAX_BOTS]             # the bot has parameters (agent_init packs them)


def _register():
    """The registry from the table: row i is its unit's BOT capsule, with the bids of the
    row's ``bids`` (bidder.BIDS) where the unit leaves them to it."""
    global N_REGISTERED
    from shengji._core.bots.bid_net import BIDS as NET_BIDS
    from shengji._core.bots.bidder import BIDS as BUILT_IN

    BIDS = {**BUILT_IN, **NET_BIDS}
    if len(_table.BOTS) > MAX_BOTS:
        raise RuntimeError(f"the bot table has {len(_table.BOTS)} rows, the registry {MAX_BOTS}")
    memset(REGISTRY, 0, sizeof(REGISTRY))
    for i, row in enumerate(_table.BOTS):
        unit = importlib.import_module(f"shengji._core.bots.{row.unit}")
        entry = getattr(unit, "BOT", None)
        if not PyCapsule_IsValid(entry, CAPSULE):
            raise RuntimeError(f"bots/{row.unit}.pyx exports no BOT (bot_entry(&its BotVTable))")
        REGISTRY[i] = (<BotVTable*> PyCapsule_GetPointer(entry, CAPSULE))[0]
        if REGISTRY[i].bid == NULL:
            if row.bids not in BIDS:
                raise RuntimeError(f"bot {row.name!r}: no bids of its own, and bids = "
                                   f"{row.bids!r} is none of {', '.join(BIDS)}")
            REGISTRY[i].bid = <ChooseBid> PyCapsule_GetPointer(BIDS[row.bids], BID_CAPSULE)
        # every bot decides the bury, each play and (under bid_policy "players") its bids;
        # a bot with parameters has their _p variants
        if REGISTRY[i].bury == NULL or REGISTRY[i].play == NULL:
            raise RuntimeError(f"bot {row.name!r}: its BOT lacks bury or play")
        if bool(row.params) != (REGISTRY[i].bury_p != NULL and REGISTRY[i].play_p != NULL):
            raise RuntimeError(f"bot {row.name!r}: parameters in the table and *_p functions "
                               "in its unit go together")
        PARAMS[i] = bool(row.params)
    N_REGISTERED = len(_table.BOTS)


_register()


def n_bots():
    """The number of registered bots (the table's rows)."""
    return N_REGISTERED


cdef const BotVTable* bot_get(int bot) noexcept nogil:
    if 0 <= bot < N_REGISTERED:
        return &REGISTRY[bot]
    return NULL


cdef int agent_choose(HandC* h, Agent* a, Rng* rng, Play* out) noexcept nogil:
    cdef View v
    if a.bot == NULL:
        return -1
    make_view(h, h.pub.to_play, &v)
    if h.pub.phase == PHASE_BURY:
        return agent_bury(a, &v, rng, out)
    if h.pub.phase == PHASE_PLAY:
        return agent_play(a, &v, rng, out)
    return -1


cdef int agent_init(Agent* a, object spec) except -1:
    """registry.pxd.  spec: a bot id, or (id, parameters) -- the checks and the packing are the
    bot table's (table.pack_params), a loop over the bot's row."""
    cdef int bot
    memset(a, 0, sizeof(Agent))
    bot_id, given = spec if isinstance(spec, tuple) and len(spec) == 2 else (spec, ())
    try:
        if isinstance(bot_id, bool):
            raise TypeError
        bot = operator.index(bot_id)
    except (TypeError, OverflowError):
        raise TypeError("bot: expected a bot id or (id, parameters) (shengji.rules.pack.bot "
                        f"packs a BotSpec), got {spec!r}") from None
    if bot_get(bot) == NULL:
        raise ValueError(f"bot id {bot_id!r} out of range 0..{N_REGISTERED - 1}")
    if not isinstance(given, Mapping):
        given = tuple(given)
    a.bot = bot_get(bot)
    if PARAMS[bot] or given:
        a.params = _table.pack_params(bot, given)
    if a.bot.scratch_new != NULL:
        a.scratch = a.bot.scratch_new(&a.params)
        if a.scratch == NULL:
            raise MemoryError("no memory for the bot's scratch")
    return 0


cdef void agent_free(Agent* a) noexcept nogil:
    if a.bot != NULL and a.bot.scratch_free != NULL and a.scratch != NULL:
        a.bot.scratch_free(a.scratch)
    a.scratch = NULL

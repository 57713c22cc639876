# cython: language_level=3
"""The bot interface (bot.pxd: a bot is C functions of an information-set view and an Rng)
and the Python names of the bots and their parameters, from the bot table (bots/table.py)
and the core's enums.  The registry and the agents are bots/registry.pyx."""
from libc.string cimport memset

from shengji._core.bots import table as _table

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
assert set(<dict> _zero) == set(PARAM_FIELDS), "params.pxd is stale: python tools/bot_table.py"

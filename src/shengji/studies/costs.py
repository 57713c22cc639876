"""The measured speed table: what a hand and a study's item cost, in CPU-seconds, on the
machine ``python benchmarks/measure_costs.py`` last ran on.  The table is ``costs.json``
beside this module, written by that script (never by hand); every estimate reads it here:
the ladder's weights of its pairs (the runner's time left), the almanac's plan and the
estimate it prints before a run.

``hand(bot)``: a hand with the bot in all four seats (standard rules, level 2) -- a bot's
name, a preset of the bot table, a ``BotSpec`` or a parsed agent (a Python agent: the cost
of its calls, measured with a trivial one).  A spec the table did not measure is the
measured row of its bot, times the measured factor of each of the bot's presets whose
parameters it has (``pimc(rollout=net, infer_steps=32, ...)``: pimc's hand times
pimc_net's and pimc_infer's factors), and for pimc times its searched deals, samples x
candidates, over the bot table's defaults.  ``item(kind)``: an item of a study whose cost is
not a bot's hands alone (``ITEMS``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from shengji.game.agents import BuiltinAgent, ParsedAgent
from shengji.game.botspec import BOT_PRESETS, BotSpec, bot_row

__all__ = ["FILE", "ITEMS", "PYTHON", "hand", "item", "table"]

FILE = "costs.json"
PYTHON = "python"  # the hand table's row of a Python agent
# an item of each study kind the table measures, with the bots the almanac plays
ITEMS = {
    "deals": "a deal of the deals study, aggregate (standard rules)",
    "bid_odds": "a deal of the bid_odds study, first hand, the players' bidding with net",
    "match": "a match of the match study, net in every seat (standard rules)",
}
SEARCHED = ("samples", "candidates")  # pimc's work per decision: their product


@cache
def table() -> dict[str, Any]:
    """The table as written: ``hand`` (name -> CPU-seconds), ``item`` (kind -> CPU-seconds),
    ``machine`` (where it was measured)."""
    text = resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")
    return json.loads(text)


def hand(bot: str | BotSpec | ParsedAgent) -> float:
    """CPU-seconds of a hand with ``bot`` in all four seats (module docstring): a row's
    name (a bot's or a preset's), a ``BotSpec`` or a parsed agent."""
    rows = table()["hand"]
    if isinstance(bot, str):
        return float(rows[bot])
    if isinstance(bot, BuiltinAgent):
        bot = bot.spec
    elif not isinstance(bot, BotSpec):
        return float(rows[PYTHON])
    cost = float(rows[bot.name])
    given = dict(bot.params)
    for name, (row, params) in BOT_PRESETS.items():
        if row == bot.name and all(given[k] == v for k, v in params.items()):
            cost *= rows[name] / rows[row]
    if bot.name == "pimc":
        defaults = bot_row("pimc").defaults()
        for k in SEARCHED:
            cost *= given[k] / defaults[k]
    return cost


def item(kind: str) -> float:
    """CPU-seconds of an item of the study ``kind`` (one of ``ITEMS``)."""
    return float(table()["item"][kind])

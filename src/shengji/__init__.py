"""shengji — a fast, rule-configurable Monte Carlo simulator for Shengji (双升 / Tractor).

A compiled core (Cython, no GIL in the hot loops) deals, bids, plays and scores hands of
Shengji under every rule variant (``shengji rules``; docs/rules.md), checked against a
pure-Python twin (``shengji.reference``).  Studies run in seeded chunks and write Parquet.

Main entry points:

* the command line: ``shengji studies`` (the studies that ship), ``shengji run quickstart``
  (a study by name or file, into ``out/``), ``shengji rules [PRESET]``, ``shengji advise``;
* ``shengji.analysis.run(study, out, n=...)`` runs a study quietly,
  ``shengji.load(out, table)`` reads a table as a pandas DataFrame (``df.attrs["shengji"]``:
  the run's metadata), ``shengji.replay(out, hand=h)`` replays a row as a ``HandState``;
* the rules as functions: ``Trump``, ``classify``, ``trick_winner``, ``level_change``,
  ``Rules`` and ``PRESETS``; cards as text (``parse_cards``, ``format_cards``);
* whole hands: ``HandState`` (one decision at a time), ``play_hand`` (with bots of your
  own), ``advise`` (what a 25-card hand is worth under each trump);
* ``evaluate(agent, against="pimc")``: any agent (a bot, a Python bot, a batched policy,
  an OpenSpiel bot) in the duplicate duel; ``shengji.analysis.ladder``: ratings of bots;
* game-AI adapters: ``shengji.adapters.openspiel``, ``shengji.adapters.pettingzoo``.

>>> import shengji
>>> t = shengji.Trump("2", "H")                     # level 2, hearts trump
>>> shengji.classify("AS AS KS KS", t).kind
'tractor'
>>> shengji.trick_winner(["KC KC", "4H 5H", "3C 4C", "3H 3H"], t)
3
>>> shengji.level_change(120, "school-cup")
('defenders', 1)

Studies: ``out = shengji.analysis.run("quickstart", "out/q", n=20_000)`` then
``shengji.load(out).groupby("seat").trumps_h.mean()``.  The documentation (docs/, built
with Sphinx) has the rest.
"""

from shengji import _moved
from shengji.analysis import load
from shengji.analysis.advisor import advise
from shengji.analysis.evaluation import evaluate
from shengji.analysis.replay import replay
from shengji.cards import card_points, format_cards, parse_cards
from shengji.game import HandState, Observation, play_hand
from shengji.names import VERSION as __version__
from shengji.rules import PRESETS, Rules
from shengji.rules.combos import (
    Combo,
    ShapeMatch,
    check_throw,
    classify,
    is_legal_follow,
    kitty_multiplier,
    level_change,
    match_shape,
    trick_winner,
)
from shengji.rules.trump import Trump

_moved.install()  # the deprecated old import paths (shengji._moved.MOVED)

__all__ = [
    "parse_cards",
    "format_cards",
    "Rules",
    "PRESETS",
    "Trump",
    "__version__",
    "classify",
    "is_legal_follow",
    "trick_winner",
    "check_throw",
    "kitty_multiplier",
    "level_change",
    "Combo",
    "load",
    "card_points",
    "HandState",
    "Observation",
    "play_hand",
    "replay",
    "advise",
    "evaluate",
    "match_shape",
    "ShapeMatch",
]

"""shengji — a fast, rule-configurable Monte Carlo simulator for Shengji (双升 / Tractor)."""

from shengji import _moved

_moved.install()

from shengji.analysis import load  # noqa: E402 (after the finder: old paths work from here on)
from shengji.analysis.advisor import advise  # noqa: E402
from shengji.analysis.replay import replay  # noqa: E402
from shengji.cards import card_points, format_cards, parse_cards  # noqa: E402
from shengji.game import HandState, Observation, play_hand  # noqa: E402
from shengji.names import VERSION as __version__  # noqa: E402
from shengji.rules import PRESETS, Rules  # noqa: E402
from shengji.rules.combos import (  # noqa: E402
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
from shengji.rules.trump import Trump  # noqa: E402

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
    "match_shape",
    "ShapeMatch",
]

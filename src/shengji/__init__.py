"""shengji — a fast, rule-configurable Monte Carlo simulator for Shengji (双升 / Tractor)."""
from importlib.metadata import PackageNotFoundError, version as _version

from .advisor import advise
from .analysis import load
from .cards import card_points, format_cards, parse_cards
from .combos import (Combo, ShapeMatch, check_throw, classify, is_legal_follow,
                     kitty_multiplier, level_change, match_shape, trick_winner)
from .rules import PRESETS, Rules
from .trump import Trump
from .game import HandState, Observation, play_hand, replay

try:
    __version__ = _version("shengji")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0+unknown"

__all__ = [
    "parse_cards", "format_cards", "Rules", "PRESETS", "Trump", "__version__",
    "classify", "is_legal_follow", "trick_winner", "check_throw", "kitty_multiplier",
    "level_change", "Combo", "load", "card_points", "HandState", "Observation", "play_hand",
    "replay", "advise", "match_shape", "ShapeMatch",
]

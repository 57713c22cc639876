"""Names and limits: the one module the Python layer takes them from.

* Sizes and limits that the C core uses are defined by the core (``cpdef enum`` blocks of
  ``_core/base/cards.pxd`` and ``_core/bidding/bidding.pxd``, exported by those modules) and only
  re-exported here.
* Names of values the core encodes as small ints (shapes, sides, phases, bots, bidding
  policies, following-suits) are the core's own tuples, indexed by its enum values; they
  are re-exported here too.
* Names the core has no use for (the notation letters, trump names, the seed range) are
  written here, once, and pinned to the core's numbering by the asserts at the bottom.

Everything else in the package (``shengji.cards``, ``game``, ``bidding``, the studies, the
reference) imports these names from here instead of writing them again.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

from shengji._core.base.cards import (
    BIG_JOKER,
    HAND_SIZE,
    KITTY_SIZE,
    N_CARDS,
    N_COPIES,
    N_DEALT,
    N_KINDS,
    N_RANKS,
    N_SEATS,
    N_SUITS,
    NO_TRUMP,
    SMALL_JOKER,
    TOTAL_POINTS,
    TRUMP,
)
from shengji._core.bidding.bidding import ACTION_NAMES as _BID_ACTIONS
from shengji._core.bidding.bidding import MAX_REDEALS, MAX_THRESHOLD, PLAYERS_INDEX
from shengji._core.bidding.bidding import POLICIES as _POLICIES
from shengji._core.bidding.bidding import STRENGTH_NAMES as _STRENGTHS
from shengji._core.bots.registry import BOT_NAMES as _BOTS
from shengji._core.deal.deal import FEATURE_NAMES as _FEATURES
from shengji._core.deal.spec import CODE as DEAL_CODE
from shengji._core.deal.spec import COND_FEATURE_BASE, COND_FEATURE_KIND
from shengji._core.deal.spec import LENGTH_NAMES as _LENGTHS
from shengji._core.drivers.hands import HAND_COLUMNS as _HAND_COLUMNS
from shengji._core.engine.actions import ACTION_PLAY, N_PLAY_ACTIONS
from shengji._core.engine.hand import PHASE_NAMES as _PHASES
from shengji._core.rules.combos import SHAPE_NAMES as _SHAPES
from shengji._core.rules.combos import SIDE_NAMES as _SIDES
from shengji._core.rules.combos import SUIT_NAMES as _FOLLOW_NAMES
from shengji._core.step.bidcore import PASS as BID_PASS
from shengji._core.step.vector import OBSERVATION_SIZE

__all__ = [
    # sizes (core: cards.pxd)
    "N_SUITS",
    "N_RANKS",
    "N_KINDS",
    "N_COPIES",
    "N_CARDS",
    "N_SEATS",
    "HAND_SIZE",
    "KITTY_SIZE",
    "N_DEALT",
    "SMALL_JOKER",
    "BIG_JOKER",
    "TRUMP",
    "NO_TRUMP",
    "TOTAL_POINTS",
    # limits
    "MAX_REDEALS",
    "MAX_THRESHOLD",
    "MAX_SEED",
    "MAX_SEED_BITS",
    # names
    "SUITS",
    "RANKS",
    "RANK_NAMES",
    "TRUMP_NAMES",
    "FOLLOW_NAMES",
    "SHAPE_NAMES",
    "SIDE_NAMES",
    "PHASE_NAMES",
    "BOT_NAMES",
    "BID_POLICIES",
    "BID_ACTION_NAMES",
    "BID_STRENGTH_NAMES",
    "PLAYERS_INDEX",
    "BID_PASS",
    "ACTION_PLAY",
    "N_PLAY_ACTIONS",
    "HAND_COLUMNS",
    "DEAL_FEATURE_NAMES",
    "DEAL_LENGTH_NAMES",
    "COND_FEATURE_BASE",
    "COND_FEATURE_KIND",
    "DEAL_CODE",
    "OBSERVATION_SIZE",
    "VERSION",
]

try:
    VERSION: str = _version("shengji")  # the installed version (``shengji.__version__``)
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    VERSION = "0.0.0+unknown"

# -- names of the core's values, in its enum order ------------------------------------------
FOLLOW_NAMES: tuple[str, ...] = tuple(_FOLLOW_NAMES)  # following-suits: S H C D, T = trump
SHAPE_NAMES: tuple[str, ...] = tuple(_SHAPES)  # single pair tractor throw
SIDE_NAMES: tuple[str, ...] = tuple(_SIDES)  # banker defenders
PHASE_NAMES: tuple[str, ...] = tuple(_PHASES)  # a hand's phases: bury play over
BOT_NAMES: tuple[str, ...] = tuple(_BOTS)  # built-in bots: random greedy
BID_POLICIES: tuple[str, ...] = tuple(_POLICIES)  # bidding kernel policies
# PLAYERS_INDEX: the policy number of bid_policy "players" (the seats' bots bid)
BID_ACTION_NAMES: tuple[str, ...] = tuple(_BID_ACTIONS)  # a bid's action, by its code
BID_STRENGTH_NAMES: tuple[str, ...] = tuple(_STRENGTHS)  # a bid's strength, by its code
# BID_PASS: the stepped bidding's pass; ACTION_PLAY, N_PLAY_ACTIONS: the card actions'
# "play the lead chosen" and their count (shengji.game.actions)
HAND_COLUMNS: tuple[str, ...] = tuple(_HAND_COLUMNS)  # the drivers' rows of a hand
DEAL_FEATURE_NAMES: tuple[str, ...] = tuple(_FEATURES)  # the deal study's seat features
DEAL_LENGTH_NAMES: tuple[str, ...] = tuple(_LENGTHS)  # a [deal] table's suit lengths
# COND_FEATURE_BASE, COND_FEATURE_KIND, DEAL_CODE: a [deal] predicate's features (the
# deal study's columns before COND_FEATURE_BASE: not its tractors; then the lengths, then
# the card kinds from COND_FEATURE_KIND) and its operators' codes;
# OBSERVATION_SIZE: the bytes of the vector step's observation

# -- notation -----------------------------------------------------------------------------
SUITS = "".join(FOLLOW_NAMES[:N_SUITS])  # "SHCD": suit index 0..3
RANKS = "23456789TJQKA"  # rank index 0..12, one letter each
RANK_NAMES: tuple[str, ...] = tuple("10" if r == "T" else r for r in RANKS)  # as shown
TRUMP_NAMES: tuple[str, ...] = (*SUITS, "NT")  # a hand's trump: suit 0..3, NO_TRUMP

# -- limits the core does not use --------------------------------------------------------------
MAX_SEED_BITS = 128
MAX_SEED = 2**MAX_SEED_BITS  # seeds are integers 0..MAX_SEED (shengji.seeds.check_seed)

# -- optional dependencies ------------------------------------------------------------------
# The plain packages behind each extra of pyproject.toml's [project.optional-dependencies]
# (tests/packaging checks that they agree): what an installed shengji's user installs,
# since "shengji[extra]" names a package that is not on any index.
EXTRAS: dict[str, tuple[str, ...]] = {
    "dask": ("dask[distributed]",),
    "openspiel": ("open_spiel",),
    "pettingzoo": ("pettingzoo", "gymnasium"),
}


def install_hint(extra: str) -> str:
    """``pip install open_spiel (in a clone of shengji: pip install ".[openspiel]")``."""
    plain = " ".join(f'"{p}"' if "[" in p else p for p in EXTRAS[extra])
    return f'pip install {plain} (in a clone of shengji: pip install ".[{extra}]")'


# The names above are indexed by the core's values: check the few that are not tuples of
# the core itself.
assert len(RANKS) == N_RANKS and len(SUITS) == N_SUITS
assert FOLLOW_NAMES[TRUMP] == "T" and TRUMP_NAMES[NO_TRUMP] == "NT"

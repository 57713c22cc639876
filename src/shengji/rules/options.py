"""Rule options and presets (docs/rules.md §9–10): every option is defined once, in ``OPTIONS``.

A row of ``OPTIONS`` is one option: its name, kind (type and allowed values), default, the
section of docs/rules.md that defines it and a one-line doc.  Everything else is derived
from the table:

* ``Rules``: the immutable dataclass (its fields, their defaults and order), validation
  and error messages, ``to_dict`` / ``from_dict`` / ``replace`` / ``differences``;
* ``option_listing(rules)``: the data behind ``shengji rules`` (per option: value,
  default, allowed values, section, doc; ``show_value`` writes a value as in a rules file);
* ``Rules.packed()``: the values as plain ints, one per field of the core's C struct
  ``RulesC`` (``_core/base/options.pxd``), which the core copies (``pack_rules``).  The core
  never imports this module; it calls ``packed()`` on what it is given.

The core owns the numbering of every choice (a ``cpdef enum`` in ``_core/base/options.pxd``,
members ``<PREFIX>_<VALUE>``); ``Choice`` lists the values in the same order and packs a
value as its position.  tests/rules/test_options.py fails when an enum and its
``Choice`` differ in names or order, or when ``RulesC`` and ``OPTIONS`` differ in fields.

How to add an option
--------------------
1. Append its row to ``OPTIONS`` (at the end, so that rule dicts, manifests and the
   listing keep their order): ``Option(name, kind, default, section, doc)`` with kind
   ``FLAG``, ``Choice(values..., enum="EnumName")``, ``RANK``, ``RANK_SET``,
   ``OPTIONAL_LEVELS``, ``OPTIONAL_COUNT`` or ``OPTIONAL_HANDS`` (a new kind: a subclass
   of ``Kind``).  Options
   that only make sense together get a row in ``CONSTRAINTS``.  The doc is one line that
   says what the option changes; the section is its § in docs/rules.md.  Then run
   ``python tools/rules_fields.py``: it declares the new field for type checkers in
   ``Rules``' ``TYPE_CHECKING`` block (tests/gates/test_rules_fields.py checks it).
2. In ``src/shengji/_core/base/options.pxd`` add its ``RulesC`` field (``bint`` for a flag,
   ``int`` otherwise; named after the option unless the row gives ``c_field=``), and for
   a choice a ``cpdef enum EnumName`` with one member ``<PREFIX>_<VALUE>`` per value, in
   the row's order (``None`` is ``<PREFIX>_NONE``).
3. Rebuild (``python setup.py build_ext --inplace``) and read ``r.<field>`` in the kernels
   (and in the reference, ``shengji.reference``, which reads ``rules.<name>``).
Then, as for any rule: the presets that use it (``PRESETS``), docs/rules.md §9, and tests
of what it does.  ``Rules``, its validation, ``to_dict``, the listing and the packing need
no edit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from shengji._core.base.options import set_resolver as _set_core_resolver
from shengji.cards import parse_rank
from shengji.names import RANK_NAMES

__all__ = [
    "Rules",
    "PRESETS",
    "PRESET_SOURCES",
    "OPTIONS",
    "Option",
    "resolve_rules",
    "option_listing",
    "show_value",
    "canonical_rank",
]


def canonical_rank(value: Any, option: str = "rank") -> str:
    """'T', 't', '10', 10 -> '10'; 'a' -> 'A'."""
    try:
        return RANK_NAMES[parse_rank(str(value))]
    except ValueError:
        raise ValueError(
            f"{option}: unknown rank {value!r}; allowed: " + ", ".join(RANK_NAMES)
        ) from None


def show_value(value: Any) -> str:
    """A value as written in a rules file (TOML): null, true, "linear4", ["J", "A"], 6."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(show_value(v) for v in value) + "]"
    return str(value)


# ------------------------------------------------------------------------------------------
# option kinds: how a value is checked, packed for the core and described
# ------------------------------------------------------------------------------------------
class Kind:
    """The type of an option.  ``check`` returns the canonical value or raises ValueError
    naming the option; ``pack`` turns a canonical value into the int the core reads."""

    annotation = "Any"

    def check(self, name: str, value: Any) -> Any:
        raise NotImplementedError

    def pack(self, value: Any) -> int:
        raise NotImplementedError

    def values(self) -> str:
        """The allowed values, for listings and messages."""
        raise NotImplementedError


class _Flag(Kind):
    annotation = "bool"

    def check(self, name, value):
        if not isinstance(value, bool):
            raise ValueError(f"{name}: expected true or false, got {value!r}")
        return value

    def pack(self, value):
        return int(value)

    def values(self):
        return "true, false"


class Choice(Kind):
    """One of a fixed tuple of values (strings, or None), packed as its position; ``enum``
    names the core's ``cpdef enum`` that numbers them (options.pxd)."""

    def __init__(self, *choices: str | None, enum: str):
        self.choices = tuple(choices)
        self.enum = enum
        self.annotation = "str | None" if None in self.choices else "str"

    def check(self, name, value):
        if value not in self.choices:
            raise ValueError(f"{name}: unknown value {value!r}; allowed: {self.values()}")
        return value

    def pack(self, value):
        return self.choices.index(value)

    def values(self):
        return ", ".join("null" if c is None else repr(c) for c in self.choices)


class _Rank(Kind):
    annotation = "str"

    def check(self, name, value):
        return canonical_rank(value, name)

    def pack(self, value):
        return parse_rank(value)

    def values(self):
        return ", ".join(RANK_NAMES)


class _RankSet(Kind):
    """A set of ranks, kept sorted 2..A; packed as a bit mask (bit r: rank index r)."""

    annotation = "tuple[str, ...]"

    def check(self, name, value):
        if isinstance(value, (str, int)):
            value = [value]
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"{name}: expected a list of ranks such as ['J', 'A'], got {value!r}")
        return tuple(sorted({canonical_rank(v, name) for v in value}, key=RANK_NAMES.index))

    def pack(self, value):
        mask = 0
        for rank in value:
            mask |= 1 << parse_rank(rank)
        return mask

    def values(self):
        return 'a list of ranks, e.g. ["J", "A"]'


class _OptionalInt(Kind):
    """None (no limit) or an integer >= minimum; packed as -1 for None."""

    annotation = "int | None"
    C_INT_MAX = 2**31 - 1  # the field is a C int; a larger value is no limit at all

    def __init__(self, minimum: int, none_means: str, expected: str, number: str):
        self.minimum, self.none_means = minimum, none_means
        self.expected, self.number = expected, number

    def check(self, name, value):
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < self.minimum:
            raise ValueError(
                f"{name}: expected null ({self.none_means}) or {self.expected}, got {value!r}"
            )
        return value

    def pack(self, value):
        return -1 if value is None else min(value, self.C_INT_MAX)

    def values(self):
        return f"null ({self.none_means}), or {self.number}"


FLAG = _Flag()
RANK = _Rank()
RANK_SET = _RankSet()
OPTIONAL_LEVELS = _OptionalInt(1, "no cap", "a positive integer", "a number of levels")
OPTIONAL_COUNT = _OptionalInt(0, "no limit", "an integer >= 0", "a number >= 0")
OPTIONAL_HANDS = _OptionalInt(1, "no limit", "a positive integer", "a number of hands")


@dataclass(frozen=True)
class Option:
    """One rule option: ``section`` is its § in docs/rules.md; ``c_field`` the ``RulesC``
    field it packs into (default: its name)."""

    name: str
    kind: Kind
    default: Any
    section: int
    doc: str
    c_field: str = ""

    @property
    def field(self) -> str:
        return self.c_field or self.name


# ------------------------------------------------------------------------------------------
# THE table: one row per option, in the order of Rules' fields (append new options)
# ------------------------------------------------------------------------------------------
OPTIONS: tuple[Option, ...] = (
    Option("start_level", RANK, "2", 6, "the level (rank 2..A) both teams start a match at"),
    Option(
        "clockwise",
        FLAG,
        False,
        1,
        "deal and play clockwise instead of counter-clockwise (only renames the seats)",
    ),
    Option(
        "tractor_gap",
        FLAG,
        True,
        3,
        "tractors skip the level rank: playing 8, 99 77 of a side suit is a tractor",
    ),
    Option(
        "trump_chain",
        FLAG,
        True,
        3,
        "trump tractors chain trump A - off-suit level pair - trump-suit level pair - SJ - BJ",
    ),
    Option(
        "trump_throws", FLAG, True, 3, "throws may be led in trumps (false: in side suits only)"
    ),
    Option(
        "kitty_multiplier",
        Choice("linear4", "plus2", "power2", enum="KittyMultiplier"),
        "linear4",
        5,
        "kitty points multiplier when the defenders win the last trick: a tractor of n "
        "pairs is x4n (linear4), x2(n+1) (plus2) or x2^(n+1) (power2); single x2, pair x4",
    ),
    Option(
        "level_table",
        Choice("classic", "league", "step20", enum="LevelTable"),
        "classic",
        6,
        "how the defenders' total D becomes levels: take-over at 80, +1 per 40 (classic), "
        "also +1 on taking over (league), or steps of 20 (step20)",
    ),
    Option(
        "level_cap", OPTIONAL_LEVELS, None, 6, "the most levels one hand can win (null: no cap)"
    ),
    Option(
        "must_play",
        RANK_SET,
        (),
        6,
        'levels a multi-level jump cannot skip (必打), e.g. ["J", "A"]',
        c_field="must_play_mask",
    ),
    Option(
        "must_play_demotion",
        FLAG,
        False,
        6,
        "J/A demotion: at a must-play J (A), defenders winning the last trick with a J "
        "(an A) send the banker team back (J to 2; A to J, or to 2 with a pair of As)",
    ),
    Option(
        "reinforce_locks",
        FLAG,
        True,
        7,
        "after a declarer reinforces (shows its pair), only joker pairs can overturn",
    ),
    Option(
        "suit_priority",
        Choice(None, "SHCD", "SHDC", enum="SuitPriority"),
        None,
        7,
        "suit order under which a level pair also overturns a lower-priority level pair "
        "(null: it never does)",
    ),
    Option(
        "overturn_takes_bank",
        FLAG,
        True,
        7,
        "in the first hand of a match, whoever overturns becomes banker",
    ),
    Option(
        "single_joker_declares",
        FLAG,
        False,
        7,
        "in the first hand, a single joker may declare no-trump (it never overturns)",
    ),
    Option(
        "mixed_joker_pair",
        FLAG,
        False,
        7,
        "a small and a big joker together overturn like a small-joker pair, to no-trump",
    ),
    Option(
        "first_hand_overturn", FLAG, True, 7, "overturning is allowed in the first hand of a match"
    ),
    Option(
        "no_bid",
        Choice(
            "no_trump",
            "kitty_random",
            "kitty_first",
            "kitty_third",
            "redeal",
            "banker_steps_down",
            enum="NoBid",
        ),
        "no_trump",
        7,
        "a later hand nobody declares in: no-trump, the suit of a kitty card (a random, "
        "the first or the third one), a redeal, or the banker steps down to the next seat",
    ),
    Option(
        "throw_penalty",
        Choice("none", "per_card", "fixed20", "fixed10", enum="ThrowPenalty"),
        "none",
        8,
        "penalty for a failed throw: none, 10 per card that could not be thrown, or a "
        "fixed 20 or 10 points",
    ),
    Option(
        "later_joker_overturns",
        OPTIONAL_COUNT,
        None,
        7,
        "after the first hand, the most overturns by a joker pair in one hand (null: no limit)",
    ),
    Option(
        "reinforce_lock_jokers",
        FLAG,
        False,
        7,
        "a reinforced declaration is final: not even a joker pair overturns it (needs "
        "reinforce_locks)",
    ),
    Option(
        "overturn_after_kitty",
        Choice("never", "later_hands", "always", enum="OverturnAfterKitty"),
        "never",
        7,
        "a round of overturns after the bury, before the first lead, that changes the "
        "trump and never the bank: never, in every hand but the first, or always",
    ),
    Option(
        "secret_bids",
        FLAG,
        False,
        7,
        "bids are laid face down: no reinforcing, any pair not yet laid overturns any bid, "
        "and later hands overturn only after the bury (needs overturn_after_kitty)",
    ),
    Option(
        "overturn_reburies",
        FLAG,
        False,
        7,
        "whoever overturns after the bury takes up the kitty and buries eight cards again "
        "(needs overturn_after_kitty)",
    ),
    Option(
        "joker_pair_takes_bank",
        FLAG,
        True,
        7,
        "in a first hand an overturn by a joker pair takes the bank like a level pair "
        "(false: it changes only the trump)",
    ),
    Option(
        "bids_close_with_deal",
        FLAG,
        False,
        7,
        "bids close as the last card is drawn: its drawer cannot use it and nobody bids "
        "after the deal",
    ),
    Option(
        "banker_draws_first",
        FLAG,
        False,
        7,
        "in a later hand the banker draws the first card (else seat 0)",
    ),
    Option(
        "random_first_drawer",
        FLAG,
        False,
        7,
        "in a first hand the seat that draws the first card is drawn at random (else seat 0)",
    ),
    Option(
        "first_hand_no_bid",
        Choice("redeal", "kitty_first", enum="FirstHandNoBid"),
        "redeal",
        7,
        "a first hand nobody declares on: redeal, or the first kitty card's suit is trump "
        "and its value, counted round from the first drawer, picks the banker",
    ),
    Option(
        "overturn_levels",
        Choice("none", "stakes", "overturner", enum="OverturnLevels"),
        "none",
        6,
        "each overturn raises a level: none; stakes (each adds one level to the hand's "
        "result, for whichever side levels); overturner (each gives its team one level)",
    ),
    Option(
        "match_hands",
        OPTIONAL_HANDS,
        None,
        6,
        "a match ends on time after this many hands (the simulation's clock): the higher "
        "team wins (null: play until a team passes the target level)",
    ),
    Option(
        "timeout_tie",
        Choice("draw", "banker", "play_on", enum="TimeoutTie"),
        "draw",
        6,
        "equal levels when a match ends on time: a draw, the team on the bank wins, or "
        "play on until a hand leaves the levels unequal",
    ),
    Option("target_level", RANK, "A", 6, "the level a team must pass to win the match (A: past A)"),
    Option(
        "must_play_strict",
        FLAG,
        False,
        6,
        "a must-play level must be won as banker: defenders standing on one take over "
        "with no levels",
    ),
    Option(
        "short_suit_trumps",
        FLAG,
        False,
        4,
        "short of a led side suit, fill with trumps (as many as held) before other cards",
    ),
)

OPTION: dict[str, Option] = {o.name: o for o in OPTIONS}

# Options that only make sense together: (check(values) -> True when consistent, message).
CONSTRAINTS: tuple[tuple[Any, str], ...] = (
    (
        lambda v: v["reinforce_locks"] or not v["reinforce_lock_jokers"],
        "reinforce_lock_jokers = true needs reinforce_locks = true (a reinforcement that locks "
        "nothing cannot lock out joker pairs)",
    ),
    (
        lambda v: v["overturn_after_kitty"] != "never" or not v["secret_bids"],
        "secret_bids = true needs overturn_after_kitty 'later_hands' or 'always' (face-down "
        "bids are overturned after the bury)",
    ),
    (
        lambda v: v["overturn_after_kitty"] != "never" or not v["overturn_reburies"],
        "overturn_reburies = true needs overturn_after_kitty 'later_hands' or 'always' (only "
        "an overturn after the bury re-buries)",
    ),
    (
        lambda v: v["overturn_after_kitty"] == "never" or not v["bids_close_with_deal"],
        "bids_close_with_deal = true closes the bidding with the deal: overturn_after_kitty "
        "must be 'never'",
    ),
    (
        lambda v: RANK_NAMES.index(v["start_level"]) <= RANK_NAMES.index(v["target_level"]),
        "start_level must not be above target_level (a team wins by passing target_level)",
    ),
)


# ------------------------------------------------------------------------------------------
# Rules: the dataclass of the table
# ------------------------------------------------------------------------------------------
def _fields_from_table(cls):
    """One frozen dataclass field per row of OPTIONS, in table order, with its default
    (``__init__`` and ``__repr__`` of the class body are kept)."""
    cls.__annotations__ = {o.name: o.kind.annotation for o in OPTIONS}
    for o in OPTIONS:
        setattr(cls, o.name, o.default)
    return dataclass(frozen=True)(cls)


@_fields_from_table
class Rules:
    """One rule variant: ``Rules(**options)``, one keyword per row of ``OPTIONS`` (see
    ``option_listing``); unknown options or bad values raise ``ValueError``."""

    if TYPE_CHECKING:
        # The fields as type checkers see them: at run time they come from OPTIONS
        # (_fields_from_table).  Written by `python tools/rules_fields.py` from OPTIONS;
        # tests/gates/test_rules_fields.py fails when they drift from it.
        # --- begin fields generated from OPTIONS ---
        start_level: str
        clockwise: bool
        tractor_gap: bool
        trump_chain: bool
        trump_throws: bool
        kitty_multiplier: str
        level_table: str
        level_cap: int | None
        must_play: tuple[str, ...]
        must_play_demotion: bool
        reinforce_locks: bool
        suit_priority: str | None
        overturn_takes_bank: bool
        single_joker_declares: bool
        mixed_joker_pair: bool
        first_hand_overturn: bool
        no_bid: str
        throw_penalty: str
        later_joker_overturns: int | None
        reinforce_lock_jokers: bool
        overturn_after_kitty: str
        secret_bids: bool
        overturn_reburies: bool
        joker_pair_takes_bank: bool
        bids_close_with_deal: bool
        banker_draws_first: bool
        random_first_drawer: bool
        first_hand_no_bid: str
        overturn_levels: str
        match_hands: int | None
        timeout_tie: str
        target_level: str
        must_play_strict: bool
        short_suit_trumps: bool
        # --- end fields generated from OPTIONS ---
        _packed: dict[str, int]

    def __init__(self, **options: Any) -> None:
        for key in options:
            if key not in OPTION:
                raise ValueError(
                    f"unknown rule option {key!r}; allowed options: " + ", ".join(OPTION)
                )
        for o in OPTIONS:
            object.__setattr__(self, o.name, o.kind.check(o.name, options.get(o.name, o.default)))
        values = {o.name: getattr(self, o.name) for o in OPTIONS}
        for consistent, message in CONSTRAINTS:
            if not consistent(values):
                raise ValueError(message)
        object.__setattr__(
            self, "_packed", {o.field: o.kind.pack(getattr(self, o.name)) for o in OPTIONS}
        )

    # -- construction helpers ---------------------------------------------------------
    @classmethod
    def preset(cls, name: str) -> Rules:
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; allowed presets: " + ", ".join(PRESETS))
        return _preset(name) if cls is Rules else cls(**PRESETS[name])

    @classmethod
    def from_dict(cls, data: dict) -> Rules:
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a table/dict of options, not {type(data).__name__}")
        return cls(**data)

    def to_dict(self) -> dict:
        """Every option, in table order; sets of ranks as lists (as in a rules file)."""
        out = {}
        for o in OPTIONS:  # the dataclass fields, in their order
            v = getattr(self, o.name)
            out[o.name] = list(v) if isinstance(v, tuple) else v
        return out

    def replace(self, **changes: Any) -> Rules:
        d = self.to_dict()
        d.update(changes)
        return Rules(**d)

    def differences(self) -> dict:
        """Options that differ from the defaults."""
        base = _default().to_dict()
        return {k: v for k, v in self.to_dict().items() if base[k] != v}

    def packed(self) -> dict[str, int]:
        """The options as the core's ``RulesC`` fields (plain ints; built once).  The
        core copies this into its struct; do not modify it."""
        return self._packed

    def __repr__(self) -> str:
        diff = self.differences()
        inner = ", ".join(f"{k}={v!r}" for k, v in diff.items())
        return f"Rules({inner})"


# ------------------------------------------------------------------------------------------
# presets
# ------------------------------------------------------------------------------------------
# One preset per source rule set (docs/rules.md §10).  Only the differences from the defaults.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "school-cup": {"start_level": "6", "no_bid": "kitty_random", "level_cap": 6},
    "league-2019": {
        "level_table": "league",
        "level_cap": 6,
        "throw_penalty": "fixed10",
        "overturn_after_kitty": "later_hands",
    },
    "classic-80": {"clockwise": True, "throw_penalty": "fixed20"},
    "club-84022": {
        "level_table": "step20",
        "kitty_multiplier": "power2",
        "throw_penalty": "per_card",
        "suit_priority": "SHDC",
        "must_play": ["10"],
        "no_bid": "kitty_first",
        "match_hands": 6,
        "timeout_tie": "banker",
        "target_level": "10",
        "must_play_strict": True,
    },
    "spring-festival": {
        "single_joker_declares": True,
        "no_bid": "kitty_first",
        "kitty_multiplier": "power2",
        "throw_penalty": "per_card",
        "first_hand_no_bid": "kitty_first",
        "match_hands": 6,
        "timeout_tie": "banker",
    },
    "tournament": {
        "no_bid": "kitty_first",
        "kitty_multiplier": "plus2",
        "later_joker_overturns": 1,
        "reinforce_lock_jokers": True,
        "random_first_drawer": True,
        "match_hands": 10,
    },
    "campus-2015": {
        "trump_throws": False,
        "kitty_multiplier": "plus2",
        "suit_priority": "SHCD",
        "no_bid": "banker_steps_down",
        "overturn_after_kitty": "always",
        "random_first_drawer": True,
        "match_hands": 9,
        "timeout_tie": "banker",
    },
    "must-play-ja": {
        "must_play": ["J", "A"],
        "must_play_demotion": True,
        "no_bid": "kitty_first",
        "secret_bids": True,
        "overturn_after_kitty": "always",
        "overturn_reburies": True,
        "joker_pair_takes_bank": False,
        "must_play_strict": True,
    },
    "timed-match": {
        "must_play": ["A"],
        "no_bid": "kitty_third",
        "suit_priority": "SHCD",
        "first_hand_overturn": False,
        "bids_close_with_deal": True,
        "banker_draws_first": True,
        "random_first_drawer": True,
        "overturn_levels": "stakes",
        "match_hands": 9,
        "must_play_strict": True,
        "short_suit_trumps": True,
    },
    "team-cup": {
        "mixed_joker_pair": True,
        "kitty_multiplier": "power2",
        "overturn_takes_bank": False,
    },
}

PRESET_SOURCES = {
    "standard": "defaults",
    "school-cup": "source 000",
    "league-2019": "source 001",
    "classic-80": "source 002 (opening part), source 003",
    "club-84022": "source 002 (rules '84022')",
    "spring-festival": "source 002 (spring-festival rules)",
    "tournament": "source 002 (points tournament)",
    "campus-2015": "source 004",
    "must-play-ja": "source 002 ('扑克牌双升竞赛规则（最新）')",
    "timed-match": "source 002 ('双升规则（一）…（五）')",
    "team-cup": "source 002 ('双升比赛规则 1、参赛队…')",
}


@cache
def _preset(name: str) -> Rules:
    return Rules(**PRESETS[name])


@lru_cache(maxsize=1)
def _default() -> Rules:
    return Rules()


def resolve_rules(rules: Rules | str | dict | None) -> Rules:
    """None -> defaults; a preset name; a dict of options; or a Rules."""
    if rules is None:
        return _default()
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    if isinstance(rules, dict):
        return Rules.from_dict(rules)
    raise ValueError(f"rules must be a Rules, a preset name or a dict, not {type(rules).__name__}")


def option_listing(rules: Rules | str | dict | None = None) -> list[dict]:
    """The data behind ``shengji rules``: one dict per option, in table order, with its
    ``name``, ``value`` (in ``rules``), ``default``, ``changed`` (value != default),
    ``values`` (the allowed values, as text), ``section`` (§ of docs/rules.md) and
    ``doc``.  ``show_value`` writes a value as in a rules file."""
    r = resolve_rules(rules)
    d = r.to_dict()
    base = _default().to_dict()
    return [
        {
            "name": o.name,
            "value": d[o.name],
            "default": base[o.name],
            "changed": d[o.name] != base[o.name],
            "values": o.kind.values(),
            "section": o.section,
            "doc": o.doc,
        }
        for o in OPTIONS
    ]


# The core resolves None, preset names and option dicts through this module (it never
# imports it): see shengji/_core/base/options.pyx.
_set_core_resolver(resolve_rules)

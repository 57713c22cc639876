"""Rule options and presets (docs/rules.md §9–10): every option is defined once, in ``OPTIONS``.

This module holds ``Rules``, the presets, ``resolve_rules`` and ``option_listing``, and
re-exports the table: ``OPTIONS``, ``OPTION`` and ``CONSTRAINTS`` live in
``shengji.rules.option_table``, the rule kinds (``FLAG``, ``RANK``, ...), ``show_value`` and
``canonical_rank`` in ``shengji.rules.option_kinds``.  ``Field``, ``Kind`` and ``Choice`` are
the one schema's (``shengji.schema``).

A row of ``OPTIONS`` is one option, a ``Field``: its name, kind (type and allowed values),
default, a one-line doc, the section of docs/rules.md that defines it and, where the
almanac needs them, its typical values and needs.  Everything else is derived from the
table:

* ``Rules``: the immutable dataclass (its fields, their defaults and order), validation
  and error messages, ``to_dict`` / ``from_dict`` / ``replace`` / ``differences``;
* ``option_listing(rules)``: the data behind ``shengji rules`` (per option: value,
  default, allowed values, section, doc; ``show_value`` writes a value as in a rules file);
* ``Rules.packed()``: the values as plain ints, one per field of the core's C struct
  ``RulesC``, which the core copies (``pack_rules``), handed to it by
  ``shengji.rules.pack.rules``.  The core never imports this module nor calls back;
* what needs the table as literals, written by ``python tools/tables.py``: ``RulesC`` and
  a ``cpdef enum`` per choice the kernels name (``_core/base/options.pxd``, numbering each
  choice's values in the row's order, members ``<prefix>_<VALUE>``), each enum's line in
  that module's stub (``options.pyi``), and ``Rules``' fields for type checkers (its
  ``TYPE_CHECKING`` block).  The ``tables`` gate fails when one is stale, and the core
  refuses a packed option its ``RulesC`` lacks (a ``ValueError``, never dropped);
* the almanac's rule variants (``shengji.almanac.variants``): each option's alternatives
  to its default (a row's ``typical`` values, else a flag's or a choice's other values)
  and what a change needs beside it (a row's ``needs``).

``resolve_rules`` is the edge: a rules argument (None, a preset name, a dict of options, a
``Rules``) becomes a ``Rules`` once, where a user hands it in; every layer below takes
that ``Rules`` as it is.

How to add an option
--------------------
By hand, two rows: one in the table, one in the rule book.

1. Append its row to ``OPTIONS`` (in ``option_table.py``, at the end, so that rule dicts,
   manifests and the listing keep their order): ``Field(name, kind, default, doc,
   section=N)`` with kind ``FLAG``, ``Choice((values...), enum="EnumName",
   prefix="EN")`` (``enum`` when the kernels name its values), ``RANK``, ``RANK_SET``,
   ``OPTIONAL_LEVELS``, ``OPTIONAL_COUNT`` or ``OPTIONAL_HANDS`` (a new kind: a subclass
   of ``schema.Kind``).  The doc is one line that says what the option changes; the
   section is its § in docs/rules.md.  For the almanac (``shengji.almanac.variants``,
   which plays every option's alternatives against ``standard``): an option of numbers
   or ranks gives ``typical=(...)``, the values it is played at (a flag's or a choice's
   are its other values), and one that acts only beside another gives
   ``needs=((option, value), ...)``.  Options that only make sense together get a row in
   ``CONSTRAINTS``.
2. Its row in docs/rules.md §9, default first (tests/docs/test_rule_book.py holds the book
   to the table).

Then run ``python tools/tables.py``: it writes the ``RulesC`` field and, for a choice the
kernels name, its ``cpdef enum`` (``_core/base/options.pxd``), the enum's line in that
module's stub (``options.pyi``) and the typed field (``Rules``' ``TYPE_CHECKING`` block);
and rebuild every unit (``python setup.py build_ext --inplace -j 2``: a ``.pxd`` changed).
``Rules``, its validation, ``to_dict``, the listing, the packing, the C struct, the stub and
the almanac's variants need no edit (tests/gates/test_option_recipe.py adds two options so
in a scratch copy).  For the option to change a game: read ``r.<field>`` in the kernels and
``rules.<name>`` in the reference (``shengji.reference``), test what it does, and add it to
the presets that use it (``PRESETS``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from shengji.rules.option_kinds import canonical_rank, show_value
from shengji.rules.option_table import CONSTRAINTS, OPTION, OPTIONS

__all__ = [
    "Rules",
    "PRESETS",
    "PRESET_SOURCES",
    "OPTIONS",
    "resolve_rules",
    "option_listing",
    "show_value",
    "canonical_rank",
]


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
    """One rule variant: a value for every rule option (docs/rules.md §9).

    Immutable and hashable; two ``Rules`` with the same values are equal. Every function
    that takes rules also takes a preset's name or a dict of options.

    Parameters
    ----------
    **options
        A value for any rule option, by name (the rows of ``OPTIONS``; the reference's
        rule options page lists them); the others keep their defaults.

    Raises
    ------
    ValueError
        For an unknown option, a bad value, or options that contradict each other (one
        line naming them).

    See Also
    --------
    Rules.preset : A preset's rules.
    option_listing : Every option with its value, default and allowed values.

    Examples
    --------
    >>> from shengji import Rules
    >>> r = Rules(kitty_multiplier="power2", level_cap=2)
    >>> r.kitty_multiplier, r.tractor_gap
    ('power2', True)
    >>> r
    Rules(kitty_multiplier='power2', level_cap=2)
    >>> Rules.preset("club-84022").replace(tractor_gap=False).level_table
    'step20'
    """

    if TYPE_CHECKING:
        # The fields as type checkers see them: at run time they come from OPTIONS
        # (_fields_from_table).  Written by `python tools/tables.py` from OPTIONS;
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
            self, "_packed", {o.c_field: o.kind.pack(getattr(self, o.name)) for o in OPTIONS}
        )

    # -- construction helpers ---------------------------------------------------------
    @classmethod
    def preset(cls, name: str) -> Rules:
        """Return a preset's rules.

        Parameters
        ----------
        name : str
            The preset: ``"standard"`` (the defaults) or one per source rule set
            (``PRESETS``; docs/rules.md §10).

        Returns
        -------
        Rules
            Its rules.

        Raises
        ------
        ValueError
            For an unknown preset (the message lists them).
        """
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; allowed presets: " + ", ".join(PRESETS))
        return _preset(name) if cls is Rules else cls(**PRESETS[name])

    @classmethod
    def from_dict(cls, data: dict) -> Rules:
        """Return the rules of a dict of options (as ``to_dict`` writes one).

        Parameters
        ----------
        data : dict
            Options by name; the others keep their defaults.

        Returns
        -------
        Rules
            The rules.

        Raises
        ------
        ValueError
            For something other than a dict, an unknown option or a bad value.
        """
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a table/dict of options, not {type(data).__name__}")
        return cls(**data)

    def to_dict(self) -> dict:
        """Return every option's value, as a rules file writes them.

        Returns
        -------
        dict
            Option name to value, in the order of ``OPTIONS``; sets of ranks as lists.
        """
        out = {}
        for o in OPTIONS:  # the dataclass fields, in their order
            v = getattr(self, o.name)
            out[o.name] = list(v) if isinstance(v, tuple) else v
        return out

    def replace(self, **changes: Any) -> Rules:
        """Return these rules with some options changed.

        Parameters
        ----------
        **changes
            New values of options, by name.

        Returns
        -------
        Rules
            The changed rules (these are immutable).

        Raises
        ------
        ValueError
            For an unknown option or a bad value.
        """
        d = self.to_dict()
        d.update(changes)
        return Rules(**d)

    def differences(self) -> dict:
        """Return the options that differ from the defaults.

        Returns
        -------
        dict
            Option name to value, for the options not at their default.
        """
        base = _default().to_dict()
        return {k: v for k, v in self.to_dict().items() if base[k] != v}

    def packed(self) -> dict[str, int]:
        """Return the options as the core's ``RulesC`` fields.

        Returns
        -------
        dict of str to int
            Field name to its plain int, built once; the core copies it into its struct.
            Do not modify it.
        """
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
    """Return rules given in any of the forms the API takes.

    Parameters
    ----------
    rules : Rules, str, dict or None
        A ``Rules``; a preset's name; a dict of options; or None for the defaults.

    Returns
    -------
    Rules
        The rules.

    Raises
    ------
    ValueError
        For an unknown preset or option, a bad value, or another type.

    Examples
    --------
    >>> from shengji.rules import resolve_rules
    >>> resolve_rules("club-84022").kitty_multiplier, resolve_rules(None).kitty_multiplier
    ('power2', 'linear4')
    >>> resolve_rules({"level_cap": 2}).level_cap
    2
    """
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
    """Return every option with its value in some rules: the data behind ``shengji rules``.

    Parameters
    ----------
    rules : Rules, str, dict or None
        The rules (as :func:`resolve_rules` takes them; None: the defaults).

    Returns
    -------
    list of dict
        One dict per option, in the order of ``OPTIONS``: ``name``, ``value`` (in
        ``rules``), ``default``, ``changed`` (value != default), ``values`` (the allowed
        values, as text), ``section`` (§ of docs/rules.md) and ``doc``.

    See Also
    --------
    show_value : A value as a rules file writes it.

    Examples
    --------
    >>> from shengji.rules import option_listing
    >>> o = {row["name"]: row for row in option_listing("club-84022")}["kitty_multiplier"]
    >>> o["value"], o["default"], o["changed"], o["section"]
    ('power2', 'linear4', True, 5)
    """
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

"""The kinds of the rule options (docs/rules.md §9), of the one schema
(``shengji._core.base.schema``): ``FLAG``, ``RANK``, ``RANK_SET`` and the optional counts,
with ``Choice`` for the rest; and how a value is written (``show_value``,
``canonical_rank``).

``shengji.rules.option_table`` writes the table (``OPTIONS``) with these; ``Rules``
(``shengji.rules.options``) derives its fields, validation and packing from it.  A new
kind of value is a subclass of ``schema.Kind``, in the schema when it needs nothing above
the core.
"""

from __future__ import annotations

from typing import Any

from shengji.cards import parse_rank
from shengji.names import RANK_NAMES
from shengji.schema import Flag, OptionalInt, Rank, RankSet

FLAG = Flag()
RANK = Rank(RANK_NAMES, parse_rank)
RANK_SET = RankSet(RANK)
OPTIONAL_LEVELS = OptionalInt(1, "no cap", "a positive integer", "a number of levels")
OPTIONAL_COUNT = OptionalInt(0, "no limit", "an integer >= 0", "a number >= 0")
OPTIONAL_HANDS = OptionalInt(1, "no limit", "a positive integer", "a number of hands")


def canonical_rank(value: Any, option: str = "rank") -> str:
    """Return a rank in the form rule files and metadata write it.

    Parameters
    ----------
    value : str or int
        A rank: ``"2"`` to ``"9"``, ``"T"``, ``"10"`` or 10, ``"J"``, ``"Q"``, ``"K"``,
        ``"A"``, in any case.
    option : str, default "rank"
        The name the error message gives the value.

    Returns
    -------
    str
        The rank: ``"2"`` to ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``.

    Raises
    ------
    ValueError
        For anything else, in one line naming ``option``.

    Examples
    --------
    >>> from shengji.rules import canonical_rank
    >>> canonical_rank("t"), canonical_rank(10), canonical_rank("a")
    ('10', '10', 'A')
    """
    return str(RANK.check(option, value))


def show_value(value: Any) -> str:
    """Return an option's value as a rules file (TOML) writes it.

    Parameters
    ----------
    value : object
        A rule option's value: None, a bool, a string, an int, or a sequence of ranks.

    Returns
    -------
    str
        Its TOML: ``null``, ``true``, ``"linear4"``, ``["J", "A"]``, ``6``.

    Examples
    --------
    >>> from shengji.rules import show_value
    >>> show_value(None), show_value(True), show_value("linear4"), show_value(("J", "A"))
    ('null', 'true', '"linear4"', '["J", "A"]')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(show_value(v) for v in value) + "]"
    return str(value)

"""The kinds of a rule option and the ``Option`` row (docs/rules.md §9): how a value is
checked, written in its canonical form, packed for the core and described.

``shengji.rules.option_table`` writes the table (``OPTIONS``) with these; ``Rules``
(``shengji.rules.options``) derives its fields, validation and packing from it.  A new
kind of option is a subclass of ``Kind`` here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shengji.cards import parse_rank
from shengji.names import RANK_NAMES


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
    try:
        return RANK_NAMES[parse_rank(str(value))]
    except ValueError:
        raise ValueError(
            f"{option}: unknown rank {value!r}; allowed: " + ", ".join(RANK_NAMES)
        ) from None


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
    """One rule option: a row of ``OPTIONS``.

    Parameters
    ----------
    name : str
        The option's name (a field of ``Rules``, a key of ``[rules]``).
    kind : Kind
        Its type: how a value is checked, packed for the core and described.
    default : object
        Its default value.
    section : int
        The section (§) of docs/rules.md that defines it.
    doc : str
        One line that says what it changes.
    c_field : str, default ""
        The field of the core's ``RulesC`` it packs into (default: its name).

    Examples
    --------
    >>> from shengji.rules import OPTIONS
    >>> o = OPTIONS[0]
    >>> o.name, o.default, o.section
    ('start_level', '2', 6)
    """

    name: str
    kind: Kind
    default: Any
    section: int
    doc: str
    c_field: str = ""

    @property
    def field(self) -> str:
        """The field of the core's ``RulesC`` the option packs into (its name by default)."""
        return self.c_field or self.name

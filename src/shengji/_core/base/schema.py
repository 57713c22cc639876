"""The schema of a typed option: the kinds of value and ``Field``, one row of a table.

Three tables are written with it: the rule options (``shengji.rules.option_table``), the
bots' parameters (``shengji._core.bots.table``) and the study keys (``COMMON`` of
``shengji.studies.config`` and each study kind's ``keys``).  A ``Field`` is a name, a
``Kind``, a default and a one-line doc; a ``Kind`` says how a value is checked (``check``:
the canonical value, or ValueError in one line naming where), which values it refuses
(``invalid_examples``: a test gives each to every field), packed for a C struct (``pack``,
``c_type``), written as a C literal before any build (``c_default``), described
(``values``) and typed (``annotation``).  The layers above import it from
``shengji.schema``.  ``tools/tables.py``
writes the C structs that mirror a table (``RulesC``, ``BotParams``) from its fields.

Plain data and checks: this module imports nothing of the package, so the core (the bot
table) and every layer above it may import it.  A kind that needs something of a layer
above (the rank notation, the net bot's weights) takes it as an argument, or subclasses
``Kind`` where it lives.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "C_INT_MAX",
    "Choice",
    "Field",
    "Flag",
    "Int",
    "Kind",
    "Number",
    "OptionalInt",
    "Rank",
    "RankSet",
    "Table",
    "Text",
    "c_fields",
]

C_INT_MAX = 2**31 - 1  # the largest value of a C int field


def _is_int(value: Any) -> bool:
    """An integer, numpy's included (``numbers.Integral``), not a bool."""
    return not isinstance(value, bool) and isinstance(value, numbers.Integral)


def _show_int(v: int) -> str:
    """An integer bound as a message writes it: a large power of two (or one less) as
    ``2**k`` (``2**k - 1``), other large ones with thousands' commas."""
    if abs(v) < 10**6:
        return str(v)
    for k, text in ((v, ""), (v + 1, " - 1")):
        if k & (k - 1) == 0:
            return f"2**{k.bit_length() - 1}{text}"
    return f"{v:,}"


def _is_number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


class Kind:
    """The type of a field.  ``check(where, value)`` returns the canonical value or raises
    ValueError with one line naming ``where``; ``pack`` gives what the C field holds (of
    type ``c_type``); ``annotation`` is the canonical value's Python type, as text."""

    c_type = "int"
    annotation = "Any"

    def check(self, where: str, value: Any) -> Any:
        raise NotImplementedError

    def pack(self, value: Any) -> int | float:
        return value

    def c_default(self, value: Any) -> int | float:
        """The C literal of a default value (tools/tables.py writes it before any build):
        ``pack``'s, unless packing needs the built core."""
        return self.pack(value)

    def digest(self, value: Any) -> str | None:
        """The sha256 of the file a value plays (a network's weights), which a run's metadata
        records beside it; None for a value that plays no file."""
        return None

    def values(self) -> str:
        """The allowed values, for listings, help and messages."""
        raise NotImplementedError

    def invalid_examples(self) -> tuple[Any, ...]:
        """Values the kind refuses, each with one ValueError line naming where: a test
        gives each to every field of the kind (tests/studies/test_kinds.py)."""
        raise NotImplementedError

    def packs(self) -> str:
        """What the packed C value is, for the generated struct's comments."""
        return "the value"


@dataclass(frozen=True)
class Flag(Kind):
    """True or false; packed as 1 or 0 (a C ``bint``)."""

    c_type = "bint"
    annotation = "bool"

    def check(self, where, value):
        if not isinstance(value, bool):
            raise ValueError(f"{where}: expected true or false, got {value!r}")
        return value

    def pack(self, value):
        return int(value)

    def values(self):
        return "true, false"

    def invalid_examples(self):
        return ("yes", 1, None)

    def packs(self):
        return "1 for true"


@dataclass(frozen=True)
class Int(Kind):
    """An integer lo..hi (``note``: what a special value means, in the message)."""

    lo: int
    hi: int
    note: str = ""

    annotation = "int"

    def check(self, where, value):
        if not _is_int(value) or not self.lo <= value <= self.hi:
            raise ValueError(
                f"{where}: expected an integer {self.values()}{self.note}, got {value!r}"
            )
        return int(value)

    def values(self):
        return f"{_show_int(self.lo)}..{_show_int(self.hi)}"

    def invalid_examples(self):
        return (self.lo - 1, self.hi + 1, True, 1.5, str(self.lo))


@dataclass(frozen=True)
class Number(Kind):
    """A real number in an interval: lo < v (``lo_open``) or lo <= v, v <= hi (``hi``
    None: no bound); never infinite or NaN.  ``expected``: the message's words."""

    lo: float
    hi: float | None
    lo_open: bool
    expected: str

    c_type = "double"
    annotation = "float"

    def check(self, where, value):
        ok = _is_number(value) and math.isfinite(value)
        if ok:
            ok = value > self.lo if self.lo_open else value >= self.lo
        if ok and self.hi is not None:
            ok = value <= self.hi
        if not ok:
            raise ValueError(f"{where}: expected {self.expected}, got {value!r}")
        return float(value)

    def pack(self, value):
        return float(value)

    def values(self):
        left = f"({self.lo:g}" if self.lo_open else f"[{self.lo:g}"
        return f"{left}, {'inf)' if self.hi is None else f'{self.hi:g}]'}"

    def invalid_examples(self):
        below = self.lo if self.lo_open else self.lo - 1
        above = () if self.hi is None else (self.hi + 1,)
        return (below, *above, math.nan, math.inf, True, "1")


@dataclass(frozen=True)
class Choice(Kind):
    """One of ``choices`` (strings, or None); packed as its position.  A choice the core
    names has ``enum``, the ``cpdef enum`` tools/tables.py writes for it, whose members are
    ``<prefix>_<VALUE>`` (None: ``<prefix>_NONE``) in the order of ``choices``."""

    choices: tuple[str | None, ...]
    enum: str = ""
    prefix: str = ""
    noun: str = "value"  # the message's word: "unknown preset 'x'"

    @property
    def annotation(self) -> str:  # type: ignore[override]  # per instance: None allowed?
        return "str | None" if None in self.choices else "str"

    def check(self, where, value):
        if value not in self.choices:
            raise ValueError(f"{where}: unknown {self.noun} {value!r}; allowed: {self.values()}")
        return value

    def pack(self, value):
        return self.choices.index(value)

    def values(self):
        return ", ".join("null" if c is None else repr(c) for c in self.choices)

    def packs(self):
        return f"{self.enum}, its position" if self.enum else "its position"

    def invalid_examples(self):
        return ("no such value", 7, *(() if None in self.choices else (None,)))

    def members(self) -> tuple[str, ...]:
        """The names of the enum's members, in order (``KM_LINEAR4``, ``SP_NONE`` ...)."""
        return tuple(f"{self.prefix}_{'NONE' if c is None else c.upper()}" for c in self.choices)


@dataclass(frozen=True)
class Rank(Kind):
    """A rank of cards: canonical as ``names[parse(value)]``, packed as that index.
    ``names`` and ``parse`` are the notation's (``shengji.names.RANK_NAMES``,
    ``shengji.cards.parse_rank``), given by the table that uses the kind."""

    names: tuple[str, ...]
    parse: Callable[[str], int]

    annotation = "str"

    def check(self, where, value):
        try:
            return self.names[self.parse(str(value))]
        except ValueError:
            raise ValueError(
                f"{where}: unknown rank {value!r}; allowed: " + ", ".join(self.names)
            ) from None

    def pack(self, value):
        return self.parse(value)

    def values(self):
        return ", ".join(self.names)

    def invalid_examples(self):
        return ("Z", "1", 15, None)

    def packs(self):
        return "the rank's index: 2 is 0"


@dataclass(frozen=True)
class RankSet(Kind):
    """A set of ranks (``Rank``'s notation), kept in rank order; packed as a bit mask (bit
    r: rank index r)."""

    rank: Rank

    annotation = "tuple[str, ...]"

    def check(self, where, value):
        if isinstance(value, (str, int)):
            value = [value]
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"{where}: expected a list of ranks such as ['J', 'A'], got {value!r}")
        names = self.rank.names
        return tuple(sorted({self.rank.check(where, v) for v in value}, key=names.index))

    def pack(self, value):
        mask = 0
        for rank in value:
            mask |= 1 << self.rank.parse(rank)
        return mask

    def values(self):
        return 'a list of ranks, e.g. ["J", "A"]'

    def invalid_examples(self):
        return (["J", "Z"], {"J": 1}, 1.5)

    def packs(self):
        return "bit r set: the rank of index r is in the set"


@dataclass(frozen=True)
class OptionalInt(Kind):
    """None (``none_means``: no limit, no cap) or an integer >= ``minimum``; packed as -1
    for None, and a value past a C int as the largest C int (no limit either).
    ``expected`` and ``number``: the words of the message and of the listing."""

    minimum: int
    none_means: str
    expected: str
    number: str

    annotation = "int | None"

    def check(self, where, value):
        if value is None:
            return None
        if not _is_int(value) or value < self.minimum:
            raise ValueError(
                f"{where}: expected null ({self.none_means}) or {self.expected}, got {value!r}"
            )
        return int(value)

    def pack(self, value):
        return -1 if value is None else min(value, C_INT_MAX)

    def values(self):
        return f"null ({self.none_means}), or {self.number}"

    def invalid_examples(self):
        return (self.minimum - 1, True, 1.5, str(self.minimum))

    def packs(self):
        return f"-1 for null ({self.none_means})"


@dataclass(frozen=True)
class Text(Kind):
    """A string (``optional``: or None); ``expected``: what the message calls it."""

    expected: str = "a string"
    optional: bool = False

    @property
    def annotation(self) -> str:  # type: ignore[override]  # per instance: None allowed?
        return "str | None" if self.optional else "str"

    def check(self, where, value):
        if not isinstance(value, str) and not (self.optional and value is None):
            raise ValueError(f"{where}: expected {self.expected}, got {value!r:.60}")
        return value

    def values(self):
        return self.expected

    def invalid_examples(self):
        return (5, ["a"], *(() if self.optional else (None,)))


@dataclass(frozen=True)
class Table(Kind):
    """A table of a file (a dict: TOML's ``[name]``), its keys checked by its reader;
    ``expected``: what the message calls it."""

    expected: str

    annotation = "dict"

    def check(self, where, value):
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected {self.expected}, got {value!r:.60}")
        return value

    def values(self):
        return self.expected

    def invalid_examples(self):
        return ("x", 5, ["a"])


@dataclass(frozen=True)
class Field:
    """One row of a table: a rule option, a bot's parameter, a study key.

    Parameters
    ----------
    name : str
        Its name (a key of the file or label that sets it).
    kind : Kind
        Its type: how a value is checked, packed and described.
    default : object
        Its value when not given.
    doc : str
        One line that says what it changes.
    section : int or None, default None
        A rule option's section (§) of docs/rules.md.
    c_name : str, default ""
        The field of the C struct it packs into, when not its name.
    record_default : bool, default True
        False: a run's metadata records it only when it differs from the default (a bot
        parameter added after 0.1.0, so that a run at the defaults writes the same bytes).
    typical : tuple, default ()
        A rule option's typical values besides its default, which the almanac plays
        against ``standard`` (``shengji.almanac.variants``).  A flag's and a choice's are
        their other values; an option of numbers or ranks names its own.
    needs : tuple of (str, object), default ()
        The other rule options a change of this one needs to act at all (without them it
        is refused, or changes nothing), as (option, value) pairs; the almanac sets them
        beside it.

    Examples
    --------
    >>> from shengji._core.base.schema import Field, Int
    >>> f = Field("samples", Int(1, 1024), 16, "deals a candidate is judged on")
    >>> f.check("pimc.samples", 32), f.c_field
    (32, 'samples')
    """

    name: str
    kind: Kind
    default: Any
    doc: str
    section: int | None = None
    c_name: str = ""
    record_default: bool = True
    typical: tuple[Any, ...] = ()
    needs: tuple[tuple[str, Any], ...] = ()

    def check(self, where: str, value: Any) -> Any:
        """Return the canonical value of a given value.

        Parameters
        ----------
        where : str
            What the error message names (``"pimc.samples"``, ``"rules: level_cap"``).
        value : object
            The value given.

        Returns
        -------
        object
            Its canonical value (the kind's).

        Raises
        ------
        ValueError
            For a value the kind refuses, in one line naming ``where``.
        """
        return self.kind.check(where, value)

    @property
    def c_field(self) -> str:
        """The field of the C struct the value packs into (its name unless ``c_name``)."""
        return self.c_name or self.name


def c_fields(fields: Sequence[Field]) -> tuple[tuple[str, str], ...]:
    """The C struct of ``fields``: (field, C type) in table order; a field two rows share
    (two bots' parameter of one name) is one, and must have one C type."""
    out: dict[str, str] = {}
    for f in fields:
        if out.setdefault(f.c_field, f.kind.c_type) != f.kind.c_type:
            raise TypeError(f"{f.c_field}: one C field, two C types")
    return tuple(out.items())

"""The one schema of a typed option (``Field`` and the kinds of value), for every layer
above the core: the rule options, the study keys, and the bots' parameters in the core's
bot table are all tables of it.  It is written in the core (``_core/base/schema.py``, plain
Python that imports nothing of the package) because the bot table, which lives there, is
declared with it; this module is the one that exports it to the layers above (no other
module re-exports its classes)."""

from __future__ import annotations

from shengji._core.base.schema import (
    C_INT_MAX,
    Choice,
    Field,
    Flag,
    Int,
    Kind,
    Number,
    OptionalInt,
    Rank,
    RankSet,
    Table,
    Text,
    c_fields,
)

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

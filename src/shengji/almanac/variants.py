"""The rule variants of the almanac: every option of docs/rules.md §9 changed one at a time
from ``standard`` (``variants``), to each of its alternatives, with the options the change
needs to act at all; the match-level ones (``MATCH_SECTION``: the options of §6, levelling
and the next banker, which act across hands) are also played as whole matches.

The alternatives and the needs are the option table's (``shengji.rules.option_table``): a
row's ``typical`` values (an option of numbers or ranks names them), else a flag's other
value or a choice's other values; a row's ``needs``.  A new option needs nothing here.

The same method as notebook 06 (``notebooks/06_rule_ranking.ipynb``): every variant plays
the deals of ``standard`` (a zip sweep, ``shengji.studies.sweep.one_at_a_time``), so its
effect is a paired difference.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from shengji.schema import Field

__all__ = ["MATCH_SECTION", "Variant", "alternatives", "variants"]

MATCH_SECTION = 6  # docs/rules.md §6: the options that act across the hands of a match


@dataclass(frozen=True)
class Variant:
    """One change from ``standard``: its label (``kitty_multiplier=power2``, ``secret_bids=
    true (+ overturn_after_kitty=later_hands)``), the options it sets, and whether it is a
    match-level option (§6)."""

    label: str
    change: dict
    match_level: bool


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(value) + "]"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def alternatives(option: Field, default: Any) -> tuple[Any, ...]:
    """The values the almanac plays a rule option (a row of ``OPTIONS``) at, besides
    ``default``: its row's ``typical``, else a flag's other value or a choice's other values.
    A ValueError (one line) for an option of numbers or ranks whose row names none."""
    from shengji.schema import Choice, Flag

    if option.typical:
        return tuple(option.typical)
    if isinstance(option.kind, Flag):
        return (not default,)
    if isinstance(option.kind, Choice):
        return tuple(c for c in option.kind.choices if c != default)
    raise ValueError(
        f"almanac: the rule option {option.name} ({option.kind.values()}) has no typical "
        "value; give its row typical=(...) in shengji/rules/option_table.py"
    )


def _given(value: Any) -> Any:
    """A value as a rules dict gives it: a rank set as a list."""
    return list(value) if isinstance(value, tuple) else value


def variants() -> tuple[Variant, ...]:
    """Every option's alternatives (``alternatives``), in the order of the option table,
    each with its row's ``needs``."""
    from shengji.rules.options import OPTIONS, Rules

    defaults = Rules.preset("standard").to_dict()
    out = []
    for opt in OPTIONS:
        for value in map(_given, alternatives(opt, defaults[opt.name])):
            change = {opt.name: value, **{k: _given(v) for k, v in opt.needs}}
            Rules.preset("standard").replace(**change)  # every variant is a valid rule set
            extra = "".join(f" (+ {k}={_shown(v)})" for k, v in change.items() if k != opt.name)
            out.append(
                Variant(f"{opt.name}={_shown(value)}{extra}", change, opt.section == MATCH_SECTION)
            )
    return tuple(out)

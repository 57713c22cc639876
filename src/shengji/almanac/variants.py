"""The rule variants of the almanac: every option of docs/rules.md §9 changed one at a time
from ``standard`` (``VARIANTS``), with the alternatives a number or a rank set takes
(``TYPICAL``) and what a change needs to act at all (``REQUIRES``); the match-level ones
(``MATCH_SECTION``: the options of §6, levelling and the next banker, which act across
hands) are also played as whole matches.

The same method as notebook 06 (``notebooks/06_rule_ranking.ipynb``): every variant plays
the deals of ``standard`` (a zip sweep, ``shengji.studies.sweep.one_at_a_time``), so its
effect is a paired difference.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["MATCH_SECTION", "REQUIRES", "TYPICAL", "Variant", "variants"]

# options that are numbers, ranks or rank sets: a typical alternative (docs/rules.md §6-7)
TYPICAL: dict[str, list[Any]] = {
    "start_level": ["5"],
    "target_level": ["K"],
    "level_cap": [1, 2],
    "must_play": [["J", "A"]],
    "later_joker_overturns": [0],
    "match_hands": [20],
}
# what a change needs to act at all (else it is refused, or changes nothing)
REQUIRES: dict[str, dict[str, Any]] = {
    "secret_bids": {"overturn_after_kitty": "later_hands"},
    "overturn_reburies": {"overturn_after_kitty": "later_hands"},
    "must_play_demotion": {"must_play": ["J", "A"]},
    "must_play_strict": {"must_play": ["J", "A"]},
    "timeout_tie": {"match_hands": 20},
}
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


def variants() -> tuple[Variant, ...]:
    """Every option's alternatives, in the order of the option table: the other value of a
    flag, every other choice of a choice, ``TYPICAL``'s values of the rest."""
    from shengji.rules.options import OPTIONS, Rules
    from shengji.schema import Choice

    defaults = Rules.preset("standard").to_dict()
    out = []
    for opt in OPTIONS:
        default = defaults[opt.name]
        if opt.name in TYPICAL:
            alternatives = TYPICAL[opt.name]
        elif isinstance(opt.kind, Choice):
            alternatives = [c for c in opt.kind.choices if c != default]
        else:  # a flag
            alternatives = [not default]
        for value in alternatives:
            change = {opt.name: value, **REQUIRES.get(opt.name, {})}
            Rules.preset("standard").replace(**change)  # every variant is a valid rule set
            extra = "".join(f" (+ {k}={_shown(v)})" for k, v in change.items() if k != opt.name)
            out.append(
                Variant(f"{opt.name}={_shown(value)}{extra}", change, opt.section == MATCH_SECTION)
            )
    return tuple(out)

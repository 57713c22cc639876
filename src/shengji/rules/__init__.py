"""The rules layer: the rule options and presets (``options``), the trump (``trump``), the
rules functions over cards (``combos``: classify, legal follows, trick winners, throws,
scoring) and the bidding's value types (``bid_types``).

``shengji.rules`` re-exports ``options``: ``from shengji.rules import Rules, PRESETS`` works
as it always has.
"""

from shengji.rules.options import (
    OPTIONS,
    PRESET_SOURCES,
    PRESETS,
    Option,
    Rules,
    canonical_rank,
    option_listing,
    resolve_rules,
    show_value,
)

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

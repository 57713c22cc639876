"""The rules layer: the rule options and presets (``options``), the trump (``trump``), the
rules functions over cards (``combos``: classify, legal follows, trick winners, throws,
scoring) and the bidding's value types (``bid_types``).

``shengji.rules`` re-exports ``options``: ``from shengji.rules import Rules, PRESETS`` works
as it always has.
"""

from shengji.rules.options import *  # noqa: F403 (the names of options' __all__)
from shengji.rules.options import __all__ as __all__

"""The bidding layer: whole deals bid by a policy (``simulate``: ``simulate_bids``,
``bid_deal``) and the bidding stepped one decision at a time (``phase``: ``BidPhase``).

``shengji.bidding`` re-exports ``simulate``: ``from shengji.bidding import simulate_bids``
works as it always has.
"""

from shengji.bidding.simulate import (
    MAX_REDEALS,
    MAX_THRESHOLD,
    POLICIES,
    TRUMP_NAMES,
    BidOption,
    BidOutcome,
    BidView,
    bid_deal,
    eager_policy,
    never_redeals_forever,
    simulate_bids,
    threshold_policy,
)

__all__ = [
    "simulate_bids",
    "bid_deal",
    "BidOutcome",
    "BidOption",
    "BidView",
    "eager_policy",
    "threshold_policy",
    "TRUMP_NAMES",
    "POLICIES",
    "MAX_REDEALS",
    "MAX_THRESHOLD",
    "never_redeals_forever",
]

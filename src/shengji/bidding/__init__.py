"""The bidding layer: whole deals bid by a policy (``simulate``: ``simulate_bids``,
``bid_deal``) and the bidding stepped one decision at a time (``phase``: ``BidPhase``).

``shengji.bidding`` re-exports ``simulate``: ``from shengji.bidding import simulate_bids``
works as it always has.
"""

from shengji.bidding.simulate import *  # noqa: F403 (the names of simulate's __all__)
from shengji.bidding.simulate import __all__ as __all__

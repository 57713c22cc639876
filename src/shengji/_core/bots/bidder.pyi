"""The built-in bots' bids under bid_policy "players" (compiled).  See bidder.pyx; its C API
is bidder.pxd."""

from typing import Any

BID_MAX_SAMPLES: int
BID_MAX_CANDIDATES: int
WEIGHT_NAMES: tuple[str, ...]

def weights() -> dict[str, float]: ...
def _tune(**given: float) -> dict[str, float]: ...

# the built-in bids by name (capsules of their ChooseBid), as the bot table's `bids` names them
BIDS: dict[str, Any]

"""The net bot's bids (compiled): a bid decision as bytes, the bid head's choice, net's bids.
See bid_net.pyx; its C API is bid_net.pxd."""

from typing import Any

# (name, width) of each piece of a bid decision's state and of an option (bid_layout.py)
LAYOUT: tuple[tuple[str, int], ...]
ACTION_LAYOUT: tuple[tuple[str, int], ...]
STATE_SIZE: int
ACTION_SIZE: int
OPTIONS: int  # a decision's options at most: passing and MAX_BID_OPTIONS bids
MAX_HIDDEN: int  # the widest bid layer a weights file may have
CHOICES: tuple[str, ...]  # the net bot's `bids` parameter's choices, as packed
LAYOUT_VERSION: int
LAYOUT_DIGEST: str  # sha256 of the layout: a weights file's bid head records it
BID_STATE_SIZE: int
BID_ACTION_SIZE: int
BID_OPTIONS: int
NET_BIDS_MEMORY: int
NET_BIDS_LEARNED: int
BID_JUDGE: int

# net's bids by name (a capsule of its ChooseBid), as the bot table's `bids` names them
BIDS: dict[str, Any]

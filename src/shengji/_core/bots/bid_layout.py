"""The net bot's bid decisions as bytes: the layout of its bid head's inputs, one table.

``bots/bid_net.pyx`` writes a seat's bid decision (bidding.pxd's ``BidSeen``) as the state's
bytes (``LAYOUT``) and each option's (``ACTION_LAYOUT``: passing first, then the seat's bids),
and the weights file's bid head (``net_layers.BID_LAYERS``, include/nn_bids.h) scores the
options.  Every reader of a bid head's inputs reads this table: the weights file's check
(``net_file.py``: its sizes, ``LAYOUT_DIGEST``), the writer (``bid_net.pyx``: its C offsets are
``bid_offsets.pxd``, which ``tools/tables.py`` writes from this), the training
(``shengji.learn.bids``).  Plain data: the core's lower units read it without importing the
bot that writes the bytes.
"""

from __future__ import annotations

from shengji._core.bots import layouts

__all__ = [
    "ACTION_LAYOUT",
    "ACTION_SIZE",
    "CHOICES",
    "LAYOUT",
    "LAYOUT_DIGEST",
    "LAYOUT_VERSION",
    "MAX_HIDDEN",
    "OPTIONS",
    "STATE_SIZE",
    "layout_key",
    "offsets",
]

# (name, width) of each piece of a decision's state and of an option, in order.  A count is
# a thermometer (byte i is 1 when the count exceeds i), a choice one-hot; a seat is relative
# to the deciding one: none, itself, its partner, an opponent.
LAYOUT: tuple[tuple[str, int], ...] = (
    ("cards", 25),
    ("dealt", 20),
    ("round", 3),
    ("first_hand", 1),
    ("banker", 4),
    ("standing", 5),
    ("bidder", 4),
    ("locked", 1),
    ("standing_nt", 1),
    ("small_jokers", 2),
    ("big_jokers", 2),
    ("level_cards", 8),
    ("level_pairs", 4),
    ("shown_partner", 4),
    ("shown_opponents", 4),
    ("overturns", 3),
    ("joker_overturns", 2),
    ("level", 13),
    ("may_overturn", 2),
    ("options", 7),
    ("best_score", 30),
    ("standing_score", 30),
    ("suit_lengths", 52),
    ("aces", 8),
    ("kings", 8),
)
ACTION_LAYOUT: tuple[tuple[str, int], ...] = (
    ("pass", 1),
    ("action", 3),
    ("strength", 5),
    ("bidder", 4),
    ("trump", 2),
    ("trumps", 25),
    ("suit_cards", 13),
    ("pairs", 6),
    ("score", 30),
    ("gain", 10),
    ("loss", 10),
    ("memory", 1),
    ("shown_partner", 3),
    ("shown_opponents", 3),
    ("suit_top", 4),
)


def offsets(layout: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    """Where each piece of ``layout`` starts: its widths' running sums (tools/tables.py
    writes them into bid_offsets.pxd, the C offsets)."""
    return layouts.starts(w for _, w in layout)


STATE_SIZE = sum(w for _, w in LAYOUT)  # bid_net.pxd BID_STATE_SIZE
ACTION_SIZE = sum(w for _, w in ACTION_LAYOUT)  # bid_net.pxd BID_ACTION_SIZE
OPTIONS = 8  # a decision's options at most: passing and MAX_BID_OPTIONS (7) bids
MAX_HIDDEN = 256  # the widest bid layer a weights file may have (nn_bids.h SJ_BID_MAX_H)
CHOICES = ("memory", "learned")  # the net bot's `bids` parameter, as packed (NET_BIDS_*)
# The digest of the layout: a weights file with a bid head records the one it was trained
# on (``bid_layout``) and the core refuses another.  A change of a piece's meaning without
# a change of the layout must bump LAYOUT_VERSION.
LAYOUT_VERSION = 1
LAYOUT_DIGEST = layouts.digest(
    ["bids", LAYOUT_VERSION, STATE_SIZE, ACTION_SIZE, LAYOUT, ACTION_LAYOUT]
)


def layout_key() -> int:
    """The digest's first 28 bits: bid_offsets.pxd's ``LAYOUT_KEY``, which bid_net.pyx holds
    to this when it is imported (a build from another layout is refused)."""
    return layouts.key(LAYOUT_DIGEST)

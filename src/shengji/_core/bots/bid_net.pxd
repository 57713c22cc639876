# The net bot's bids (bots/bid_net.pyx): a seat's bid decision (bidding.pxd's BidSeen) as bytes
# -- the decision's state and each option's, passing the first: bid_layout.py -- the bid head's
# choice among the options (net.pxd's SjBidHead: the optional layers of a weights file), and
# net's bids (bot.pxd ChooseBid) by its `bids` parameter.
from libc.stdint cimport uint8_t
from shengji._core.base.rng cimport Rng
from shengji._core.bidding.bidding cimport BidSeen, MAX_BID_OPTIONS
from shengji._core.bots.bid_offsets cimport O_END, Y_END
from shengji._core.bots.params cimport BotParams
from shengji._core.bots.net cimport SjBidHead

# `cpdef`: bots.bid_net exports them (the tests read them from there).
cpdef enum:
    BID_STATE_SIZE = Y_END            # a decision's state bytes (bid_layout.LAYOUT)
    BID_ACTION_SIZE = O_END           # an option's bytes (bid_layout.ACTION_LAYOUT)
    BID_OPTIONS = MAX_BID_OPTIONS + 1  # passing, then each bid open to the seat
    # the net bot's `bids` parameter, packed (bots/table.py: its choices in this order)
    NET_BIDS_MEMORY = 0
    NET_BIDS_LEARNED = 1
    # bid_choice: the head cannot judge this decision (bid_inputs' cases): memory's, then
    BID_JUDGE = -2

ctypedef struct BidInputs:
    int n                                   # options: 1 (passing) + the seat's bids
    uint8_t y[BID_STATE_SIZE]
    uint8_t o[BID_OPTIONS][BID_ACTION_SIZE]  # o[0]: passing, o[i + 1]: bid s.pub.opts[i]
    int memory                              # memory's choice among them (0: pass)

# The bytes of s's decision into *out: 0, or -1 where the head does not judge (a first hand,
# the round after the bury, face-down bids under secret_bids, a seat with no cards of its own
# listed, no bid open): memory's judgement decides those.
cdef int bid_inputs(const BidSeen* s, BidInputs* out) noexcept nogil
# The bid head's choice for s: BID_PASS, an index into s.pub.opts (the best score; ties:
# passing, then the earlier bid), or BID_JUDGE (no head: head.w1 NULL; bid_inputs refused).
cdef int bid_choice(const BidSeen* s, const SjBidHead* head) noexcept nogil
# net's bids (bot.pxd ChooseBid; bid_net.BIDS["net"], the bot table's `bids`): bid_choice of
# its network's head (p.weights) under bids = "learned", memory's judgement otherwise and
# wherever the head does not judge.
cdef int net_bid(const BidSeen* s, Rng* rng, const BotParams* p, void* scratch) noexcept nogil

# What one seat may know, as a C object: a copy of the hand (HandC) and of its card-id book
# (book.pxd) with everything the seat cannot see wiped -- the other seats' cards, the kitty
# unless it is the banker, the buried cards unless it buried them (or the hand is over),
# another seat's decision under way.  A seat's observation is read from it, and its
# legal actions, candidate plays and the built-in bots' choices are computed on it, so
# nothing built from an InfoSet can depend on a hidden card: the cards are not there.
from libc.stdint cimport uint64_t
from shengji._core.engine.hand cimport HandC
from shengji._core.engine.book cimport Book, IdSet
from shengji._core.engine.play cimport Play
from shengji._core.bidding.bidding cimport BidResult

cdef class InfoSet:
    cdef HandC h
    cdef Book b
    cdef readonly int seat
    cdef readonly object bidding     # the bidding's public outcome (a dict), or None
    cdef bint deciding(self)

# A redacted copy of (h, b) for `seat`.
cdef InfoSet make_infoset(const HandC* h, const Book* b, int seat, object bidding)

# The step encoding (actions.pxd) on a hand and its book, for the seat to decide: the kinds
# that extend the decision under way (b.chosen), and the legal actions as sorted ids (the
# lowest copy of each kind not chosen yet), then ACTION_PLAY when it may close.
cdef uint64_t step_kinds(HandC* h, const Book* b, bint* can_close) noexcept nogil
cdef list legal_action_list(HandC* h, const Book* b)
# A bot's play p (kinds) as the deciding seat's card ids: in the bury, the cards it adds to
# those chosen so far (at most 8 in all); in the play, the whole play.
cdef list choice_ids(HandC* h, const Book* b, const Play* p)
cdef list id_list(const IdSet* s)
# The bidding's public outcome (HandCore's dict, or None: all zero) into a BidResult, for
# the result row's bidding columns.
cdef void bid_from_dict(BidResult* o, object d) except *
# Unpickling: the raw bytes of a HandC and a Book (checked for size) into h and b.
cdef int load_state(HandC* h, Book* b, bytes hb, bytes bb) except -1

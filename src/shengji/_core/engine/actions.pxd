# The step encoding of decisions (docs/hand-engine.md, "Decisions and actions"): a decision
# is made one card at a time -- the bury as 8 one-card decisions, a lead or a follow card
# by card (a lead closed by ACTION_PLAY, a follow complete at the lead's size) -- and
# next_kinds gives the exact set of kinds that extend the cards chosen so far towards a
# legal decision, from the deciding seat's view only.
from libc.stdint cimport uint64_t
from shengji._core.base.cards cimport N_CARDS
from shengji._core.engine.play cimport Play
from shengji._core.engine.view cimport View

# cpdef: shengji._core.engine.actions exports them.  A bidding
# phase would number its actions from N_PLAY_ACTIONS on.
cpdef enum:
    # actions 0..107 choose that card id; this one plays the lead chosen so far
    ACTION_PLAY = N_CARDS
    N_PLAY_ACTIONS = N_CARDS + 1

# The kinds k such that chosen + one copy of k is part of some legal decision of the
# view's seat (it must be the seat to decide): in PHASE_BURY any card not chosen yet while
# fewer than 8 are; a lead: any held kind, then more of the first card's following-suit;
# a follow: those completing to a legal follow (docs/rules.md §4).  *can_close: chosen is
# itself a whole decision that only ACTION_PLAY closes (a lead of >= 1 card).
cdef uint64_t next_kinds(const View* v, const Play* chosen, bint* can_close) noexcept nogil

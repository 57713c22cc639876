# The candidate decisions a search or a learned bot chooses among (bots/candidates.pyx):
# pimc's candidate plays and buries, from the seat's view, the base policies' choices first.
# pimc (bots/pimc.pyx) searches them; net (bots/net.pyx) scores them.
from libc.stdint cimport uint8_t
from shengji._core.engine.play cimport Play
from shengji._core.engine.view cimport View
from shengji._core.bots.bot cimport ChooseBury, ChoosePlay

cdef enum:
    MAX_BURY_CANDIDATES = 16     # buries listed at most, whatever the cap
    N_LEAD_KINDS = 7             # the lead kinds of lead_of_kind, in order
    # where a candidate came from (the first generator that listed it): candidates.pyx
    ORIGIN_FIRST = 0             # the caller's base policy (pimc: its rollout bot)
    ORIGIN_MEMORY = 1
    ORIGIN_GREEDY = 2
    ORIGIN_LEAD = 3              # + the lead kind (0 .. N_LEAD_KINDS - 1)
    ORIGIN_FOLLOW = 10           # a follow from greedy's ranked list
    ORIGIN_BURY_LOWEST = 11      # + the points weight's index (0 .. 3)
    ORIGIN_BURY_VOIDING = 15     # a bury that voids a short side suit
    N_ORIGINS = 16
    # bits of a candidate's `by`: whose choice it is besides its origin's
    BY_MEMORY = 1
    BY_GREEDY = 2

# The candidate plays of the seat to play (PHASE_PLAY) into cands, at most cap: first's
# choice (NULL: none), memory's and greedy's, then (lead) the lead kinds suit by suit
# or (follow) greedy's ranked follows from both ends of their cost order; duplicates
# dropped.  origin and by (NULL: not wanted) get each one's ORIGIN_* and BY_* bits (memory's
# and greedy's choices even when another generator listed them first, or the cap left
# them out: then no candidate has the bit).  buf: MAX_PLAYS (moves.pxd) scratch plays.
# Returns their number (0: no move).  The base bots named here never draw.
cdef int play_candidates(const View* v, ChoosePlay first, int cap, Play* cands,
                         uint8_t* origin, uint8_t* by, Play* buf) noexcept nogil
# The candidate buries of the seat to bury (PHASE_BURY), at most min(cap,
# MAX_BURY_CANDIDATES): first's (NULL: none), memory's and greedy's, the lowest-side-card
# buries with points weighted 0, 2, 12, 30, and per short side suit the bury voiding it.
cdef int bury_candidates(const View* v, ChooseBury first, int cap, Play* cands,
                         uint8_t* origin, uint8_t* by) noexcept nogil

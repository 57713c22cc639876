# Exact placement of a lead's tractors in a holding's pairs (docs/rules-engine.md
# "Placement"): the C kernels behind combos.pyx's has_lead_shape, lead_key and
# legal_follow_counts when the lead has two or more tractor components.
#
# A holding is seen as its pairs per chain position (`pc`, as in combos.pxd's Profile);
# the lead's tractors as their lengths, largest first (`items`).  All `noexcept nogil`,
# allocation-free, on the stack.
from libc.stdint cimport uint8_t, int8_t

cdef enum:
    # Maximal runs of >= 2 chain positions that hold a pair: fewer than MAX_CHAIN / 2
    # (combos.pxd, 32 positions), plus one slot for the second half of a split run.
    MAX_BINS = 17
    # Tractor components of one lead: each takes >= 4 cards of one following-suit (at
    # most 36 cards), so at most 9.
    MAX_TRACTORS = 9

ctypedef struct Bins:
    # The runs of a holding as bins: a run of n positions holds any tractors whose lengths
    # sum to at most n.  `split` is the run through the parallel off-suit level position
    # (>= 2 pairs there and a neighbour pair on each side), which may instead be read as
    # two bins sharing that position: [lo, m] and [m, hi].
    int n                          # bins of the joined reading
    int split                      # index of the run through a split point, -1 if none
    int8_t cap[MAX_BINS]           # capacity (positions); slot n: the split's right half
    int8_t top[MAX_BINS]           # top chain position of each bin
    int8_t joined_cap              # cap/top of the split run read whole
    int8_t joined_top
    int8_t left_cap                # its left half [lo, m]: cap m - lo + 1, top m
    int8_t left_top
    int8_t right_cap               # its right half [m, hi]: cap hi - m + 1, top hi
    int8_t right_top

cdef void make_bins(const uint8_t* pc, Bins* b) noexcept nogil
cdef bint fits(Bins* b, const int8_t* items, int n_items) noexcept nogil
cdef int best_fit(Bins* b, const int8_t* items, int n_items) noexcept nogil
cdef int best_first_top(Bins* b, const int8_t* items, int n_items) noexcept nogil

# A conditional deal's specification (spec.pyx): fixed cards per seat and the kitty, and a
# predicate over the seats' and the kitty's features, one per level; cond.pyx deals by it.
from libc.stdint cimport uint8_t, uint64_t, int64_t
from shengji._core.base.cards cimport N_CARDS, N_RANKS, HAND_SIZE

cdef enum:
    N_SLOTS = 5            # seats 0..3, then the kitty
    SLOT_KITTY = 4
    MAX_TERMS = 8          # terms of one comparison (seat0.points + seat2.points >= 60)
    MAX_ATOMS = 64         # comparisons in one predicate
    MAX_CODE = 256         # its postfix program
    MAX_CLASSES = 48       # card classes of the exact method's slot
    # feature ids: FEATURE_NAMES (deal.pyx) 0..11 (its tractor columns are not predicate
    # features), then the plain suit lengths, then the count (0..2) of each card kind
    FEAT_PAIRS = 9
    FEAT_LEVEL_PAIRS = 10
    FEAT_LONGEST = 11
    FEAT_LENGTH = 12       # + suit 0..3
    FEAT_KIND = 16         # + kind 0..53
    N_COND_FEATURES = 70
    THRESH_WORDS = 16      # acceptance thresholds of up to 108 draws, eight a word
    # comparisons
    OP_EQ = 0
    OP_NE = 1
    OP_LT = 2
    OP_LE = 3
    OP_GT = 4
    OP_GE = 5
    # the postfix program: an atom's index (>= 0), or one of these
    CODE_AND = -1
    CODE_OR = -2
    CODE_NOT = -3
    # status of a conditional deal (negative: the drivers' error codes, BID_ERR_* are -1..-3)
    DEAL_OK = 0
    DEAL_ERR_TRIES = -10   # MAX_TRIES candidate deals in a row failed the predicate
    DEAL_ERR_LEVEL = -11   # no DealSpec for the hand's level
    # a slot's packed counts (deal.pyx's lanes): plain S, H, C, D in 0..3, then these
    LANE_LEVEL = 4
    LANE_SMALL = 5
    LANE_BIG = 6
    LANE_POINTS = 7

ctypedef struct CondAtom:
    # sum of coef[t] * feature feat[t] of slot slot[t], compared (op) with rhs
    int n_terms
    int slot[MAX_TERMS]
    int feat[MAX_TERMS]
    int coef[MAX_TERMS]
    int op
    int rhs

ctypedef struct CondSpec:
    int level                        # the level rank the features are counted at
    int n_fixed[N_SLOTS]
    uint8_t fixed[N_SLOTS][HAND_SIZE]  # each slot's fixed cards, in the given order
    int keep_fixed_order             # a full slot's fixed cards keep their order (cond_order)
    int n_free                       # the other cards, sorted
    uint8_t free[N_CARDS]
    int cap[N_SLOTS]                 # free places of each slot
    uint64_t entry[N_CARDS]          # card -> its packed lanes (deal.pyx's layout)
    uint64_t base_lanes[N_SLOTS]     # the fixed cards' lanes, kinds, kinds held twice
    uint64_t base_kinds[N_SLOTS]
    uint64_t base_twice[N_SLOTS]
    # cond_sets without the exact method: the free cards shuffled into the slots in this
    # order (the last takes what remains: n_draws = n_free - its cap)
    int order[N_SLOTS]
    int n_draws
    uint64_t bounds[N_CARDS]
    uint64_t thresh[THRESH_WORDS]
    # cond_order's whole shuffle of the free cards (n_free - 1 draws, eight a word; under
    # keep_fixed_order one draw a word instead: the advisor's draws)
    uint64_t full_bounds[N_CARDS]
    uint64_t full_thresh[THRESH_WORDS]
    # the predicate (n_code 0: none)
    int n_atoms
    CondAtom atoms[MAX_ATOMS]
    int n_code
    int code[MAX_CODE]
    # the exact method (anchor -1: none): the anchor slot's free cards are drawn by their
    # class counts, vector i of vecs (n_vec x n_class) with probability proportional to
    # cum[i] - cum[i - 1] (cum[n_vec - 1] = total), then uniformly within each class
    int anchor
    int n_class
    int class_start[MAX_CLASSES + 1]
    uint8_t class_cards[N_CARDS]
    Py_ssize_t n_vec
    const uint8_t* vecs
    const uint64_t* cum
    uint64_t total
    int rest_order[N_SLOTS - 1]      # the other slots, in cond_sets' order
    int rest_draws
    uint64_t rest_bounds[N_CARDS]
    uint64_t rest_thresh[THRESH_WORDS]

ctypedef struct Dealer:
    # What the drivers deal with: the spec of each level (NULL: not prepared) and the
    # counts of candidate deals drawn and accepted.
    const CondSpec* spec[N_RANKS]
    int64_t tries
    int64_t accepted
    int64_t max_tries

cdef class DealSpec:
    cdef CondSpec c
    cdef object keep          # the arrays vecs and cum point into

cdef class Dealing:
    cdef Dealer d
    cdef object specs         # the DealSpecs d points into

# A Dealing (or None: *out = NULL) -> its Dealer; TypeError otherwise.
cdef int dealer_of(object deal, Dealer** out) except -1

# Whether the slots' (lanes, kinds, twice) meet spec's predicate (true without one).
cdef bint cond_eval(const CondSpec* s, const uint64_t* lanes, const uint64_t* kinds,
                    const uint64_t* twice) noexcept nogil

# Error text of a DEAL_ERR_* status.
cdef str deal_error(int rc)

# The rules engine's C kernels (docs/rules-engine.md is the contract they implement).
#
# Everything here is `noexcept nogil` and works on plain C data so that a hand engine
# (bots playing 25 tricks) can cimport it and call it millions of times:
#   * a multiset of cards is a per-kind count array `uint8_t[N_KINDS]` (0, 1 or 2 each);
#   * the trump is a `TrumpTable` (cards.pxd), built once per hand with the rules'
#     tractor_gap / trump_chain;
#   * a classified lead is a `Combo` (fixed size, on the stack), its parts `Component`s;
#   * per-suit pair structure is a `Profile`: pairs per chain position, the only thing
#     tractor logic needs.
# Error returns are negative codes (no exceptions inside the kernels); the Python wrappers
# in combos.pyx turn them into ValueError.
from libc.stdint cimport uint8_t, int8_t, uint64_t
from shengji._core.base.cards cimport MAX_CHAIN, TrumpTable
from shengji._core.base.options cimport RulesC

cdef enum:
    # A following-suit holds at most 18 kinds (trump: 12 plain + 4 level + 2 jokers), i.e.
    # 36 cards, so a combination has at most 36 components (all singles).
    MAX_COMPONENTS = 36

cdef enum Shape:
    SHAPE_SINGLE = 0
    SHAPE_PAIR = 1
    SHAPE_TRACTOR = 2
    SHAPE_THROW = 3          # a Combo with two or more components

cdef enum ComboStatus:
    COMBO_OK = 0
    COMBO_EMPTY = -1         # no cards
    COMBO_MIXED = -2         # cards of two following-suits
    COMBO_OVERFULL = -3      # a kind more than twice (the two decks hold two of each)
    COMBO_BAD_SIZE = -4      # trick: plays of different sizes / no plays
    COMBO_BAD_KIND = -5      # batch input: a kind id outside 0..53 or a bad length

cdef enum Side:
    SIDE_BANKER = 0
    SIDE_DEFENDERS = 1

ctypedef struct Component:
    uint8_t shape            # SHAPE_SINGLE / SHAPE_PAIR / SHAPE_TRACTOR
    uint8_t length           # pairs in it: tractor k, pair 1, single 0
    uint8_t top_order        # order of its highest card
    uint8_t top_kind         # kind of its highest card (smallest id at a parallel top)
    uint8_t top_pos          # chain position of its highest card
    uint64_t kinds           # bit k set: kind k belongs (held twice unless a single)

ctypedef struct Combo:
    int n_cards
    int suit                 # following-suit 0..3, or TRUMP (cards.pxd)
    int shape                # SHAPE_* of the only component, or SHAPE_THROW
    int n_comp
    int n_tractor            # tractor components: comp[0 .. n_tractor-1]
    int n_pair               # pair components: the n_pair after the tractors
    int pairs                # pairs in the largest pair/tractor component (0 if none)
    int total_pairs          # NP: pairs over every pair and tractor component
    int top_order            # order of the highest card of the whole combination
    int top_kind
    Component comp[MAX_COMPONENTS]   # largest first (docs "Decomposition", step 4)

ctypedef struct Profile:
    # One multiset restricted to one following-suit, as the tractor logic sees it.
    int n_cards              # cards of that suit
    int n_pairs              # kinds of that suit held twice
    int top_order            # order of the highest card of that suit, -1 if none
    uint8_t pc[MAX_CHAIN]    # pairs per chain position (>1 only for parallel level pairs)
    uint8_t po[MAX_CHAIN]    # order at each chain position holding a pair

# -- building blocks ----------------------------------------------------------------------
cdef int count_cards(const uint8_t* counts) noexcept nogil
cdef int fill_counts(const uint8_t* kinds, int n, int width, uint8_t* counts) noexcept nogil
cdef int suit_of(const uint8_t* counts, const TrumpTable* t) noexcept nogil
cdef void make_profile(const uint8_t* counts, const TrumpTable* t, int suit,
                       Profile* out) noexcept nogil
cdef int find_run(const uint8_t* pc, int min_len, bint shortest, int* top) noexcept nogil
cdef int highest_run_top(const uint8_t* pc, int min_len) noexcept nogil
cdef int place_tractors(uint8_t* pc, const Combo* lead, int* placed_pairs) noexcept nogil
cdef bint has_lead_shape(const Profile* x, const Combo* lead) noexcept nogil
cdef int lead_key(const Profile* x, const Combo* lead) noexcept nogil

# -- the rules ----------------------------------------------------------------------------
cdef int decompose(const uint8_t* counts, const TrumpTable* t, Combo* out) noexcept nogil
cdef int winner_of_trick(const Combo* lead, const uint8_t* plays, int n_plays,
                         const TrumpTable* t) noexcept nogil
cdef int trick_winner_counts(const uint8_t* plays, int n_plays,
                             const TrumpTable* t) noexcept nogil
cdef bint legal_follow_counts(const uint8_t* hand, const Combo* lead, const uint8_t* play,
                              const TrumpTable* t, bint fill_trumps) noexcept nogil
cdef int throw_failure(const Combo* lead, const uint8_t* others, int n_others,
                       const TrumpTable* t, bint trump_throws) noexcept nogil
cdef void rules_table(TrumpTable* t, int level, int suit, const RulesC* r) noexcept nogil

# The Python entry points' checks, shared with rules/scoring.pyx's: a negative status as a
# one-line ValueError; a trump table and the packed rules (base/options.pack_rules) for a
# level and suit.
cdef int combo_check(int status) except -1
cdef int combo_setup(TrumpTable* t, RulesC* r, int level, int suit, object rules) except -1

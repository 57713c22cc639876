# The hand engine: one hand of Shengji from the deal to the level change (RULES.md §3–8),
# plus the built-in bots that play it.  Everything below is plain C data and `noexcept
# nogil`, so a study kernel plays millions of hands without touching Python.
#
# Representation: the rules kernels (combos.pxd) read per-kind count arrays uint8[54]; the
# hand engine keeps those, and next to them every hand and play as two 64-bit kind masks
# (`one`: kinds held at least once, `two`: kinds held twice), so that "the hand's cards of
# the led suit" or "is this play in the hand" are a few bit operations.
from shengji._core.bits cimport sj_popcount64
from libc.stdint cimport uint8_t, uint64_t, int64_t
from shengji._core.cards cimport TrumpTable, N_KINDS, N_SEATS
from shengji._core.options cimport RulesC
from shengji._core.combos cimport Combo
from shengji._core.rng cimport Rng

cdef enum:
    N_FOLLOW = 5             # following-suits: 0..3 side suits, 4 trump
    MAX_PLAYS = 512          # candidate plays kept per decision (more are counted, not kept)
    N_TRICKS = 25
    MAX_THROWS = 18          # top-k throws per suit: components of one suit - 1 (< 18)

cdef enum Phase:
    PHASE_BURY = 0
    PHASE_PLAY = 1
    PHASE_OVER = 2

cdef enum Bot:
    BOT_RANDOM = 0
    BOT_GREEDY = 1

cdef enum ApplyStatus:
    APPLY_OK = 0
    APPLY_NOT_IN_HAND = -1   # the play holds a card the seat does not hold
    APPLY_BAD_SIZE = -2      # wrong number of cards (bury 8; follow the lead's size)
    APPLY_MIXED = -3         # a lead of two following-suits
    APPLY_ILLEGAL = -4       # a follow that breaks RULES.md §4
    APPLY_OVER = -5          # the hand is over
    APPLY_EMPTY = -6

ctypedef struct Play:
    uint64_t one             # kinds played at least once
    uint64_t two             # kinds played twice (a subset of one)

ctypedef struct HandC:
    RulesC r
    TrumpTable t
    uint64_t suit_mask[N_FOLLOW]     # kinds of each following-suit under this trump
    int level                # banker team's level (rank 0..12)
    int def_level            # defenders' level (must_play stops their jumps)
    int trump                # 0..3 or NO_TRUMP
    int banker
    int phase
    int to_play
    int leader
    int n_in_trick           # plays made in the current trick
    int tricks_done
    uint8_t hand[N_SEATS][N_KINDS]
    uint64_t one[N_SEATS]
    uint64_t two[N_SEATS]
    uint8_t kitty[N_KINDS]           # the 8 cards dealt to the kitty
    uint8_t buried[N_KINDS]          # the 8 the banker buried
    uint8_t seen[N_KINDS]            # cards played so far (public)
    uint8_t trick[N_SEATS][N_KINDS]  # the current trick's plays, in play order
    Combo lead                       # the current trick's (possibly forced) lead
    int trick_points
    uint8_t void_suits[N_SEATS]      # bit s: the seat showed out of following-suit s
    # score so far
    int table_points                 # defenders' trick points
    int banker_points                # banker team's trick points
    int penalty                      # signed adjustment of D (RULES.md §8)
    int failed_throws
    int last_winner                  # seat that won the last trick
    int last_shape                   # Shape of the last trick's winning play
    int kitty_points
    int kitty_mult                   # applied multiplier (0: banker team won the last trick)
    int defender_points              # D
    int level_side                   # SIDE_BANKER / SIDE_DEFENDERS
    long long levels
    int next_banker
    int demotion                     # must_play_demotion: banker team's demoted level, or -1
    # The top-k throw candidates per seat and following-suit, recomputed only when the
    # seat's holding of that suit changed (bit s of throws_stale[seat]).
    uint8_t throws_stale[N_SEATS]
    uint8_t n_throws[N_SEATS][N_FOLLOW]
    Play throws[N_SEATS][N_FOLLOW][MAX_THROWS]

cdef inline int popcount(uint64_t x) noexcept nogil:
    return sj_popcount64(x)

cdef inline int play_size(const Play* p) noexcept nogil:
    return popcount(p.one) + popcount(p.two)

cdef void hand_setup(HandC* h, const uint8_t* deck, int level, int def_level, int trump,
                     int banker, const RulesC* r) noexcept nogil
cdef int hand_bury(HandC* h, const Play* p) noexcept nogil
cdef int hand_apply(HandC* h, const Play* p, Play* forced) noexcept nogil
cdef int hand_apply_ex(HandC* h, const Play* p, Play* forced, bint check) noexcept nogil
cdef int gen_plays(const HandC* h, Play* out, int cap, int target, Play* chosen) noexcept nogil
cdef int bot_bury(HandC* h, int bot, Rng* rng, Play* out) noexcept nogil
cdef int bot_play(HandC* h, int bot, Rng* rng, Play* buf, Play* out) noexcept nogil
cdef int play_out(HandC* h, Rng* rng, const int* bots, Play* buf) noexcept nogil

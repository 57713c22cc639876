# The learned bot's inputs (bots/features.pyx): one decision of one seat as bytes, from its
# view only -- the state (what the seat knows) and each candidate decision.
#
# Cards are written by *slot*, a canonical place that depends on the trump but not on the
# suits' names: the trump suit's cards, the level cards and the jokers have fixed slots, and
# the side suits are rows 0..2 in suit order after the trump suit (rows 0..3 in no-trump),
# each row its 13 ranks 2..A (the level rank's place empty: those cards are trumps).  So one
# weight serves "the ace of the first side suit" (and "a ten of the trump suit": points go
# with the rank) whatever the trump, and permuting the side rows is a symmetry of the game
# (the training augments with it: shengji.learn).
from libc.stdint cimport int16_t, int32_t, uint8_t
from shengji._core.base.cards cimport N_KINDS
from shengji._core.engine.play cimport Play
from shengji._core.engine.view cimport View
from shengji._core.bots.greedy cimport TrickNow
from shengji._core.bots.features_offsets cimport N_ACTION, N_ROWS, N_SLOTS, N_STATE, S_VOIDS

cdef enum:
    # N_SLOTS (features_offsets.pxd): 4 side rows x 13 ranks, 13 trump-suit ranks, 4
    # off-suit level cards (by row), the trump-suit level card, SJ, BJ; N_ROWS: side rows
    # 0..3 and ROW_TRUMP
    ROW_TRUMP = 4
    N_RANK_POS = 13
    SLOT_TRUMP_SUIT = 52     # + rank 0..12
    SLOT_LEVEL = 65          # + side row: an off-suit level card
    SLOT_TRUMP_LEVEL = 69
    SLOT_SMALL_JOKER = 70
    SLOT_BIG_JOKER = 71

    # the state's pieces (S_*, N_STATE) and a candidate's (A_*, N_ACTION) are
    # features_offsets.pxd, generated from features_layout.py; the state in two parts: the
    # cards (S_OWN1 .. S_VOIDS: functions of kind masks, CardMasks) and the plain rest
    # (S_PLAIN .. N_STATE)
    S_PLAIN = S_VOIDS
    N_PLAIN = N_STATE - S_PLAIN

    # the state's card part as kind masks (Play: one = at least one copy, two = both):
    # the seat's own cards, the cards it cannot place, each relative seat's plays so far,
    # each relative seat's play in the open trick, the buried cards (when it may see them)
    C_OWN = 0
    C_UNSEEN = 1
    C_PLAYED = 2                                 # + relative seat
    C_TRICK = 6                                  # + relative seat
    C_BURIED = 10
    N_CARD_MASKS = 11


ctypedef struct CardMasks:
    Play m[N_CARD_MASKS]

# A state as a consumer last saw it, to move by what changed (the net bot's accumulators):
# all zero is the all-zero state.
ctypedef struct KeptState:
    int key                  # 1 + the slot table's key (level * 16 + trump); 0: none
    CardMasks cards
    uint8_t plain[N_PLAIN]


# The slot of each kind under the view's trump (out[N_KINDS]) and the row of each
# following-suit (row[N_ROWS]: side suit -> row, TRUMP -> ROW_TRUMP); returns the table's
# key (level * 16 + trump: the same key, the same table).
cdef int slot_table(const View* v, uint8_t* out, uint8_t* row) noexcept nogil

# The state features of the view's seat into x[N_STATE] (zeroed first).  now: the trick as
# it stands (greedy.pxd trick_now) when following, computed here when NULL.
cdef void state_features(const View* v, const uint8_t* slot, const uint8_t* row,
                         const TrickNow* now, uint8_t* x) noexcept nogil

# The features of candidate p into a[N_ACTION] (zeroed first): origin (candidates.pxd
# ORIGIN_*), and whether it is memory's / greedy's choice.  In PHASE_BURY p is the 8
# cards buried; in PHASE_PLAY a play of the seat to play.  now: the trick as it stands
# (greedy.pxd trick_now) when following, computed here when NULL.
cdef void action_features(const View* v, const uint8_t* slot, const uint8_t* row,
                          const TrickNow* now, const Play* p, int origin, bint is_memory,
                          bint is_greedy, uint8_t* a) noexcept nogil


cdef enum:
    MAX_DECISION_CANDIDATES = 16     # candidates a Decision holds at most

# One decision as the learned bot sees it: its candidates (candidates.pxd, no base policy
# first: memory's choice, greedy's, ...), where each came from, and the features.
ctypedef struct Decision:
    int n                                            # candidates (0: no move)
    Play cands[MAX_DECISION_CANDIDATES]
    uint8_t origin[MAX_DECISION_CANDIDATES]          # candidates.pxd ORIGIN_*
    uint8_t by[MAX_DECISION_CANDIDATES]              # candidates.pxd BY_* bits
    int key                                          # the slot table's (level * 16 + trump)
    uint8_t slot[N_KINDS]
    uint8_t row[N_ROWS]
    CardMasks cards                                  # the state's card part
    uint8_t x[N_STATE]                               # the state (dense: its card part too)
    uint8_t a[MAX_DECISION_CANDIDATES][N_ACTION]     # each candidate's bytes (dense)
    # ... and their nonzero bytes (dense or not): how many, where, what
    int a_n[MAX_DECISION_CANDIDATES]
    int32_t a_idx[MAX_DECISION_CANDIDATES][N_ACTION]
    uint8_t a_val[MAX_DECISION_CANDIDATES][N_ACTION]

# The candidates of the view's decision (the bury in PHASE_BURY, a play in PHASE_PLAY), at
# most cap (<= MAX_DECISION_CANDIDATES), into d; with features (or n < 2 and
# features_always false: the candidates only) the state and every candidate's features:
# the state's card part as masks (d.cards) and in d.x the plain part, the candidates'
# nonzero bytes in d.a_n / a_idx / a_val; when dense the card part in d.x too and the
# candidates' bytes in d.a (else d.x[:S_PLAIN] and d.a are left as they were).  buf:
# MAX_PLAYS scratch plays.  Returns d.n.
cdef int decision_inputs(const View* v, int cap, bint features_always, bint dense,
                         Decision* d, Play* buf) noexcept nogil

# The state bytes that changed from kept to d's (d with features; kept of d's slot table,
# or none: kept.key 0, all zero): their indices into idx and new - old into delta (an index
# may come twice: the deltas add), kept moved to d's state; returns how many (< 2048).
cdef int state_moves(const Decision* d, KeptState* kept, int32_t* idx,
                     int16_t* delta) noexcept nogil

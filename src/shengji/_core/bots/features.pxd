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

cdef enum:
    # 4 side rows x 13 ranks, 13 trump-suit ranks, 4 off-suit level cards (by row), the
    # trump-suit level card, SJ, BJ
    N_SLOTS = 72
    N_ROWS = 5               # side rows 0..3 and ROW_TRUMP
    ROW_TRUMP = 4
    N_RANK_POS = 13
    SLOT_TRUMP_SUIT = 52     # + rank 0..12
    SLOT_LEVEL = 65          # + side row: an off-suit level card
    SLOT_TRUMP_LEVEL = 69
    SLOT_SMALL_JOKER = 70
    SLOT_BIG_JOKER = 71

    # -- the state, uint8[N_STATE] (a function of the view; seats relative to the viewer) --
    S_OWN1 = 0                                   # [slot] holds >= 1
    S_OWN2 = S_OWN1 + N_SLOTS                    # [slot] holds 2
    S_UNSEEN1 = S_OWN2 + N_SLOTS                 # [slot] >= 1 copy it cannot place
    S_UNSEEN2 = S_UNSEEN1 + N_SLOTS              # [slot] both copies
    S_PLAYED = S_UNSEEN2 + N_SLOTS               # [rel seat][slot] played so far (0..2)
    S_TRICK = S_PLAYED + 4 * N_SLOTS             # [rel seat][slot] the open trick's plays
    S_BURIED = S_TRICK + 4 * N_SLOTS             # [slot] buried, when it may see them
    S_VOIDS = S_BURIED + N_SLOTS                 # [rel seat][row] shown out of it
    S_PHASE = S_VOIDS + 4 * N_ROWS               # bury, play
    S_BANKER = S_PHASE + 2                       # [rel seat] one-hot
    S_LEADER = S_BANKER + 4                      # [rel seat] of the trick (or next)
    S_POSITION = S_LEADER + 4                    # plays made in the open trick, one-hot
    S_WINNER = S_POSITION + 4                    # [rel seat] winning the open trick
    S_WIN_RUFF = S_WINNER + 4                    # the winning play is a ruff
    S_TRICKS = S_WIN_RUFF + 1                    # tricks done, one-hot 0..25
    S_SIZES = S_TRICKS + 26                      # [rel seat] cards held
    S_DEF_POINTS = S_SIZES + 4                   # defenders' trick points >= 5 (i + 1)
    S_BANK_POINTS = S_DEF_POINTS + 40            # banker team's trick points, likewise
    S_TRICK_POINTS = S_BANK_POINTS + 40          # the open trick's points >= 5 (i + 1)
    S_PENALTY = S_TRICK_POINTS + 10              # max(pen, 0) / 5, max(-pen, 0) / 5
    # the level cards are worth 5, 10 (the level itself is in the slots, not here)
    S_LEVEL_POINTS = S_PENALTY + 2
    S_NO_TRUMP = S_LEVEL_POINTS + 2
    S_LEAD_ROW = S_NO_TRUMP + 1                  # the led row (following), one-hot
    S_LEAD_SIZE = S_LEAD_ROW + N_ROWS            # cards led
    S_LEAD_PAIRS = S_LEAD_SIZE + 1               # pairs in the lead (all components)
    S_LEAD_LONGEST = S_LEAD_PAIRS + 1            # pairs in its largest component
    S_LEAD_THROW = S_LEAD_LONGEST + 1            # the lead is a throw
    S_OWN_ROWS = S_LEAD_THROW + 1                # [row] cards it holds
    S_UNSEEN_ROWS = S_OWN_ROWS + N_ROWS          # [row] cards it cannot place
    S_BURIED_POINTS = S_UNSEEN_ROWS + N_ROWS     # points buried / 5, when it may see them
    N_STATE = S_BURIED_POINTS + 1
    # the state in two parts: the cards (S_OWN1 .. S_VOIDS: functions of kind masks,
    # CardMasks) and the plain rest (S_PLAIN .. N_STATE)
    S_PLAIN = S_VOIDS
    N_PLAIN = N_STATE - S_PLAIN

    # -- one candidate decision, uint8[N_ACTION] --
    A_ONE = 0                                    # [slot] the decision holds >= 1
    A_TWO = A_ONE + N_SLOTS                      # [slot] it holds 2
    A_ORIGIN = A_TWO + N_SLOTS                   # candidates.pxd ORIGIN_*, one-hot (16)
    A_MEMORY = A_ORIGIN + 16                     # it is memory's choice
    A_GREEDY = A_MEMORY + 1                      # it is greedy's choice
    A_SIZE = A_GREEDY + 1                        # cards
    A_POINTS = A_SIZE + 1                        # its points >= 5 (i + 1), 16 steps
    A_ROWS = A_POINTS + 16                       # [row] its cards per row
    A_SHAPE = A_ROWS + N_ROWS                    # lead: single, pair, tractor, throw
    A_SAFE = A_SHAPE + 4                         # lead, not a throw: nothing unseen beats it
    A_WINS = A_SAFE + 1                          # follow: wins the trick as it stands
    A_OVER_PARTNER = A_WINS + 1                  # ... taking it from the partner
    A_RUFF = A_OVER_PARTNER + 1                  # follow: a winning ruff
    A_TRICK_POINTS = A_RUFF + 1                  # the trick's points with it, >= 5 (i + 1)
    A_COST = A_TRICK_POINTS + 10                 # greedy's play cost / 4 (0..255)
    A_BROKEN = A_COST + 1                        # pairs it breaks
    A_VOIDS = A_BROKEN + 1                       # [row] it leaves the seat out of that row
    N_ACTION = A_VOIDS + N_ROWS

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

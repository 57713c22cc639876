# Rule options as one plain C struct passed into every kernel.
#
# The options themselves (name, type, values, default, doc, docs/rules.md section) are
# defined once, in the table OPTIONS of shengji/rules/options.py; a Rules packs itself into plain
# ints, one per RulesC field (Rules.packed()), and pack_rules copies them into this struct
# once, at the boundary.  The core owns the numbering of every choice: the `cpdef enum`s
# below (exported to Python by shengji._core.base.options).  A choice's values in OPTIONS are
# listed in the same order, and tests/rules/test_options.py fails when the two
# sides or RulesC and OPTIONS disagree.
#
# Adding an option (see shengji/rules/options.py for the whole recipe): its row in OPTIONS, its
# field here (`bint` for a flag, `int` otherwise; the field is named after the option
# unless the row says c_field=), and for a choice a `cpdef enum` with one member
# <PREFIX>_<VALUE> per value, in the row's order.

cpdef enum KittyMultiplier:
    KM_LINEAR4 = 0
    KM_PLUS2 = 1
    KM_POWER2 = 2

cpdef enum LevelTable:
    LT_CLASSIC = 0
    LT_LEAGUE = 1
    LT_STEP20 = 2

cpdef enum SuitPriority:
    SP_NONE = 0
    SP_SHCD = 1
    SP_SHDC = 2

cpdef enum NoBid:
    NB_NO_TRUMP = 0
    NB_KITTY_RANDOM = 1
    NB_KITTY_FIRST = 2
    NB_KITTY_THIRD = 3
    NB_REDEAL = 4
    NB_BANKER_STEPS_DOWN = 5

cpdef enum ThrowPenalty:
    TP_NONE = 0
    TP_PER_CARD = 1
    TP_FIXED20 = 2
    TP_FIXED10 = 3

cpdef enum OverturnAfterKitty:
    OAK_NEVER = 0
    OAK_LATER_HANDS = 1
    OAK_ALWAYS = 2

cpdef enum FirstHandNoBid:
    FNB_REDEAL = 0
    FNB_KITTY_FIRST = 1

cpdef enum OverturnLevels:
    OL_NONE = 0
    OL_STAKES = 1
    OL_OVERTURNER = 2

cpdef enum TimeoutTie:
    TT_DRAW = 0
    TT_BANKER = 1
    TT_PLAY_ON = 2

ctypedef struct RulesC:
    int start_level          # rank index 0..12
    bint clockwise
    bint tractor_gap
    bint trump_chain
    bint trump_throws
    int kitty_multiplier     # KittyMultiplier
    int level_table          # LevelTable
    int level_cap            # -1 = no cap
    int must_play_mask       # bit r set = rank r must be played
    bint must_play_demotion
    bint reinforce_locks
    int suit_priority        # SuitPriority
    bint overturn_takes_bank
    bint single_joker_declares
    bint mixed_joker_pair
    bint first_hand_overturn
    int no_bid               # NoBid
    int throw_penalty        # ThrowPenalty
    int later_joker_overturns    # -1 = no limit
    bint reinforce_lock_jokers
    int overturn_after_kitty     # OverturnAfterKitty
    bint secret_bids
    bint overturn_reburies
    bint joker_pair_takes_bank
    bint bids_close_with_deal
    bint banker_draws_first
    bint random_first_drawer
    int first_hand_no_bid        # FirstHandNoBid
    int overturn_levels          # OverturnLevels
    int match_hands              # -1 = no limit
    int timeout_tie              # TimeoutTie
    int target_level             # rank index 0..12
    bint must_play_strict
    bint short_suit_trumps

# rules: the packed rules, a dict {RulesC field: int} (shengji.rules.pack.rules(a Rules));
# a TypeError for anything else.  The core never resolves presets or calls back up.
cdef RulesC pack_rules(object rules) except *

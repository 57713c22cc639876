# Rule options as one plain C struct passed into every kernel (presets are data in
# shengji/rules.py; pack_rules turns a Rules into this struct once, at the boundary).
cdef enum KittyMultiplier:
    KM_LINEAR4 = 0
    KM_PLUS2 = 1
    KM_POWER2 = 2

cdef enum LevelTable:
    LT_CLASSIC = 0
    LT_LEAGUE = 1
    LT_STEP20 = 2

cdef enum SuitPriority:
    SP_NONE = 0
    SP_SHCD = 1
    SP_SHDC = 2

cdef enum NoBid:
    NB_NO_TRUMP = 0
    NB_KITTY_RANDOM = 1
    NB_KITTY_FIRST = 2
    NB_KITTY_THIRD = 3
    NB_REDEAL = 4
    NB_BANKER_STEPS_DOWN = 5

cdef enum ThrowPenalty:
    TP_NONE = 0
    TP_PER_CARD = 1
    TP_FIXED20 = 2
    TP_FIXED10 = 3

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

cdef RulesC pack_rules(object rules) except *

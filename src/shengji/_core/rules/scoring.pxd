# Scoring of a hand (docs/rules.md §5, §6, §8): the kitty multiplier, throw penalties, D,
# the level change, the next banker, must_play_demotion, and a match's levels after a
# hand.  Plain C, noexcept nogil; the state machine (hand.pyx) calls score_hand once, at
# the last trick, and the match driver calls match_levels after each hand.
from libc.stdint cimport uint8_t
from shengji._core.base.cards cimport TrumpTable
from shengji._core.base.options cimport RulesC
from shengji._core.rules.combos cimport Combo

ctypedef struct HandScore:
    int last_winner          # seat that won the last trick
    int last_shape           # Shape (combos.pxd) of the last trick's winning play
    int kitty_mult           # applied multiplier (0: the banker team won the last trick)
    int defender_points      # D = defenders' trick points + kitty x multiplier + penalty
    int level_side           # SIDE_BANKER / SIDE_DEFENDERS (combos.pxd)
    long long levels
    int next_banker
    int demotion             # must_play_demotion: the banker team's demoted level, or -1
    # the hand's overturns per team of the overturner (team = seat & 1): overturn_levels adds levels
    # for them
    int overturns[2]

# docs "Kitty multiplier", by the play's largest component.
cdef int kitty_factor(const Combo* play, int kitty_multiplier) noexcept nogil

# docs "Level change": returns the side that levels (SIDE_*), the levels in *levels.
# level: rank index 0..12 of that side's current level, or -1 to ignore must_play (and
# must_play_strict); overturns: the hand's overturns (overturn_levels = stakes adds them).
cdef int level_delta(long long defender_points, const RulesC* r, int level, int overturns,
                     long long* levels) noexcept nogil
# A jump of lv levels from rank `level` after level_cap and must_play (a jump stops on the
# first must-play rank above level); with must_play_strict a team that does not bank
# (banks = False) cannot leave a must-play rank it stands on: 0.
cdef long long stop_jump(const RulesC* r, int level, long long lv, bint banks) noexcept nogil

# docs/rules.md §8: the signed change to D when a seat's throw fails (thrown cards, of
# which `forced` were played): away from the side that failed.
cdef int throw_penalty(const RulesC* r, bint banker_team, int thrown, int forced) noexcept nogil

# The end of a hand: last_play is the last trick's winning play (per-kind counts), won by
# seat last_winner; level / def_level: the banker team's and the defenders' levels;
# overturns[2]: the hand's overturns per team of the overturner.
cdef void score_hand(const RulesC* r, const TrumpTable* t, int banker, int level,
                     int def_level, int table_points, int kitty_points, int penalty,
                     int last_winner, const uint8_t* last_play, const int* overturns,
                     HandScore* out) noexcept nogil

# A match's team levels lv[2] after a hand banked by `banker` (docs/rules.md §6, with
# level_cap, must_play, must_play_strict, must_play_demotion and overturn_levels):
# returns the team that levelled past target_level (the match winner), or -1.
cdef int match_levels(int* lv, int banker, const HandScore* s, const RulesC* r) noexcept nogil

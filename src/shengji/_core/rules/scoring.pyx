# cython: language_level=3
"""Scoring of a hand (docs/rules.md §5, §6, §8): kitty multiplier, throw penalties, D, the
level change (with overturn_levels and must_play_strict), the next banker and
must_play_demotion, and a match's levels after a hand (target_level, the overturner's
levels).

``kitty_factor`` and ``level_delta`` implement docs/rules-engine.md "Kitty multiplier" and
"Level change"; the Python entry points ``kitty_multiplier`` and ``level_change`` (at the
end; ``shengji.rules.combos`` wraps them) reach them from Python.  The rest is the hand
engine's bookkeeping around them.  Every C function is ``noexcept nogil``."""
from libc.stdint cimport uint8_t

from shengji._core.base.cards cimport N_RANKS, N_SEATS, N_SUITS, TrumpTable, team
from shengji._core.base.options cimport (
    KM_PLUS2, KM_POWER2, LT_LEAGUE, LT_STEP20, OL_OVERTURNER, OL_STAKES, RulesC, TP_FIXED10,
    TP_FIXED20, TP_PER_CARD, pack_rules,
)
from shengji._core.rules.combos cimport (
    Combo, Component, SHAPE_SINGLE, SHAPE_PAIR, SIDE_BANKER, SIDE_DEFENDERS, combo_check,
    combo_setup, decompose,
)

from shengji._core.rules.combos import _counts_rows

# Level tables (docs "Level change"): thresholds in defender points.
cdef enum:
    CLASSIC_BANKER_2 = 40      # D < 40 -> banker +2 (D = 0 -> +3)
    CLASSIC_BANKER_1 = 80      # D < 80 -> banker +1
    CLASSIC_TAKE_OVER = 120    # D < 120 -> defenders take over (+0; league +1)
    CLASSIC_STEP = 40          # each further 40 -> +1
    STEP20_BANKER_3 = 30       # D = 0 -> +4; D < 30 -> +3
    STEP20_BANKER_2 = 55
    STEP20_BANKER_1 = 80
    STEP20_TAKE_OVER = 100
    STEP20_STEP = 20
    # Kitty multipliers: single x2, pair x4 (every table).
    KITTY_SINGLE = 2
    KITTY_PAIR = 4
    # Throw penalties (docs/rules.md §8).
    PENALTY_PER_CARD = 10      # per_card: 10 per card that could not be thrown
    PENALTY_FIXED20 = 20
    PENALTY_FIXED10 = 10
    # must_play_demotion levels (source 002, "扑克牌双升竞赛规则")
    RANK_2 = 0
    RANK_J = 9
    RANK_A = 12

cdef int kitty_factor(const Combo* play, int kitty_multiplier) noexcept nogil:
    """docs "Kitty multiplier", by the play's largest component."""
    cdef const Component* c = &play.comp[0]
    cdef int n = c.length
    if c.shape == SHAPE_SINGLE:
        return KITTY_SINGLE
    if c.shape == SHAPE_PAIR:
        return KITTY_PAIR
    if kitty_multiplier == KM_PLUS2:
        return 2 * (n + 1)
    if kitty_multiplier == KM_POWER2:
        return 1 << (n + 1)
    return KITTY_PAIR * n         # linear4: x4 per pair


cdef long long stop_jump(const RulesC* r, int level, long long lv, bint banks) noexcept nogil:
    """level_cap, then must_play: a jump from `level` stops on the first must-play rank
    strictly above it; with must_play_strict a team that does not bank cannot leave the
    must-play rank it stands on (docs/rules.md §6, source 002 line 241: "J、A为必打")."""
    cdef int m
    if r.level_cap >= 0 and lv > r.level_cap:
        lv = r.level_cap
    if level >= 0 and r.must_play_mask:
        if r.must_play_strict and not banks and (r.must_play_mask >> level) & 1:
            return 0
        # Stop at the first must-play rank strictly between level and level + levels.
        m = level + 1
        while m < level + lv and m < N_RANKS:
            if r.must_play_mask & (1 << m):
                return m - level
            m += 1
    return lv


cdef int level_delta(long long defender_points, const RulesC* r, int level, int overturns,
                     long long* levels) noexcept nogil:
    """docs "Level change": returns the side that levels (SIDE_*), levels in *levels.
    level: rank index 0..12 of that side's current level, or -1 to ignore must_play;
    overturns: the hand's overturns, each one more level under overturn_levels = stakes
    (docs/rules.md §6, source 002 line 259: "每反一次升一级"), before level_cap and must_play."""
    cdef long long d = defender_points if defender_points > 0 else 0
    cdef long long lv
    cdef int side
    if r.level_table == LT_STEP20:
        if d == 0:
            side, lv = SIDE_BANKER, 4
        elif d < STEP20_BANKER_3:
            side, lv = SIDE_BANKER, 3
        elif d < STEP20_BANKER_2:
            side, lv = SIDE_BANKER, 2
        elif d < STEP20_BANKER_1:
            side, lv = SIDE_BANKER, 1
        elif d < STEP20_TAKE_OVER:
            side, lv = SIDE_DEFENDERS, 0
        else:
            side, lv = SIDE_DEFENDERS, 1 + (d - STEP20_TAKE_OVER) // STEP20_STEP
    else:
        if d == 0:
            side, lv = SIDE_BANKER, 3
        elif d < CLASSIC_BANKER_2:
            side, lv = SIDE_BANKER, 2
        elif d < CLASSIC_BANKER_1:
            side, lv = SIDE_BANKER, 1
        elif d < CLASSIC_TAKE_OVER:
            side = SIDE_DEFENDERS
            lv = 1 if r.level_table == LT_LEAGUE else 0
        else:
            side, lv = SIDE_DEFENDERS, 1 + (d - CLASSIC_TAKE_OVER) // CLASSIC_STEP
    if r.overturn_levels == OL_STAKES and overturns > 0:
        lv += overturns
    levels[0] = stop_jump(r, level, lv, side == SIDE_BANKER)
    return side


cdef int throw_penalty(const RulesC* r, bint banker_team, int thrown, int forced) noexcept nogil:
    """docs/rules.md §8: a penalty moves points away from the side that failed (banker team
    failed -> D up; a defender failed -> D down)."""
    cdef int amount
    if r.throw_penalty == TP_PER_CARD:
        amount = PENALTY_PER_CARD * (thrown - forced)
    elif r.throw_penalty == TP_FIXED20:
        amount = PENALTY_FIXED20
    elif r.throw_penalty == TP_FIXED10:
        amount = PENALTY_FIXED10
    else:
        amount = 0
    return amount if banker_team else -amount


cdef int demoted_level(const RulesC* r, int level, const uint8_t* last_play) noexcept nogil:
    """must_play_demotion (source 002, "扑克牌双升竞赛规则（最新）" §1), called when the
    defenders won the last trick: the banker team at a must-play J or A, the winning play
    holding a J (at J) / an A (at A): at J the banker team restarts from 2; at A a single
    A sends it to J, a pair of As to 2.  Returns the demoted level, or -1."""
    cdef int k, held = 0, pair = 0
    if not (r.must_play_demotion and (r.must_play_mask >> level) & 1
            and (level == RANK_J or level == RANK_A)):
        return -1
    for k in range(N_SUITS):
        if last_play[k * N_RANKS + level]:
            held += 1
            if last_play[k * N_RANKS + level] > 1:
                pair = 1              # a pair of the level rank
    if not held:
        return -1
    return RANK_2 if level == RANK_J or pair else RANK_J


cdef void score_hand(const RulesC* r, const TrumpTable* t, int banker, int level,
                     int def_level, int table_points, int kitty_points, int penalty,
                     int last_winner, const uint8_t* last_play, const int* overturns,
                     HandScore* out) noexcept nogil:
    """Kitty (docs/rules.md §5), D, the level change (§6) and the next banker.  The level
    change is computed at the levelling side's level (must_play stops its jump there); the
    match applies the demotion (the scoring study only reports it)."""
    cdef Combo c
    cdef long long levels = 0
    cdef int side, n_over = overturns[0] + overturns[1]
    cdef bint defenders_last = team(last_winner) != team(banker)
    out.overturns[0] = overturns[0]
    out.overturns[1] = overturns[1]
    out.last_winner = last_winner
    decompose(last_play, t, &c)
    out.last_shape = c.shape
    out.kitty_mult = kitty_factor(&c, r.kitty_multiplier) if defenders_last else 0
    out.defender_points = table_points + kitty_points * out.kitty_mult + penalty
    # Which side levels does not depend on the level; how far it goes does (must_play).
    side = level_delta(out.defender_points, r, -1, n_over, &levels)
    side = level_delta(out.defender_points, r, level if side == SIDE_BANKER else def_level,
                       n_over, &levels)
    out.level_side = side
    out.levels = levels
    out.next_banker = (banker + 2) % N_SEATS if side == SIDE_BANKER else (banker + 1) % N_SEATS
    out.demotion = demoted_level(r, level, last_play) if defenders_last else -1


cdef int match_levels(int* lv, int banker, const HandScore* s, const RulesC* r) noexcept nogil:
    """Apply a hand's score to the team levels lv[2]: the demotion first, then the levels
    to the levelling team; a demoted banker team that keeps the bank levels from its new
    level, with must_play applied there.  Under overturn_levels = overturner each team then
    gains a level per overturn it made, each gain a jump of its own (level_cap, must_play;
    under must_play_strict it cannot leave a must-play rank).  A team passing target_level
    wins; the levelling team is checked first.  Returns the winner, or -1."""
    cdef int bt = team(banker), side_team, t, k, new
    cdef int past = r.target_level + 1
    cdef long long levels
    if s.demotion >= 0:
        lv[bt] = s.demotion
    side_team = bt if s.level_side == SIDE_BANKER else 1 - bt
    if s.levels > 0:
        if s.demotion >= 0 and side_team == bt:
            level_delta(s.defender_points, r, lv[bt], s.overturns[0] + s.overturns[1],
                        &levels)
            new = lv[bt] + <int> levels
        else:
            new = lv[side_team] + <int> s.levels
        if new >= past:
            return side_team
        lv[side_team] = new
    if r.overturn_levels == OL_OVERTURNER:
        for k in range(2):
            t = side_team if k == 0 else 1 - side_team
            if s.overturns[t] > 0:
                new = lv[t] + <int> stop_jump(r, lv[t], s.overturns[t], False)
                if new >= past:
                    return t
                lv[t] = new
    return -1


# -- the Python entry points ----------------------------------------------------------------
def kitty_multiplier(counts, int level, int suit, rules):
    """docs "Kitty multiplier" of the winning play (per-kind counts); rules packed
    (shengji.rules.pack)."""
    cdef TrumpTable t
    cdef RulesC r
    cdef Combo c
    cdef const uint8_t[:, ::1] a = _counts_rows(counts, "play")
    combo_setup(&t, &r, level, suit, rules)
    combo_check(decompose(&a[0, 0], &t, &c))
    return kitty_factor(&c, r.kitty_multiplier)


def level_change(long long defender_points, rules, int level=-1, int overturns=0):
    """docs "Level change": ``(side index into combos.SIDE_NAMES, levels)``; level is the
    rank index of the levelling side (-1: must_play not applied); overturns: the hand's
    overturns (overturn_levels = "stakes"); rules packed (shengji.rules.pack)."""
    cdef RulesC r = pack_rules(rules)
    cdef long long levels = 0
    cdef int side
    if not -1 <= level < N_RANKS:
        raise ValueError(f"level rank index {level} out of range 0..12")
    if overturns < 0:
        raise ValueError(f"overturns must be >= 0, got {overturns}")
    side = level_delta(defender_points, &r, level, overturns, &levels)
    return side, levels

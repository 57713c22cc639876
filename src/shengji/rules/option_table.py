"""THE rule-option table (docs/rules.md §9): ``OPTIONS``, one row per option (name, kind,
default, section, one-line doc; for the almanac, the typical values of an option of numbers
or ranks and what a change needs to act), ``OPTION`` by name, and ``CONSTRAINTS``, the
options that only make sense together.  ``Rules`` (``shengji.rules.options``) and the
almanac's variants (``shengji.almanac.variants``) derive from it; how to add an option: the
docstring of ``shengji.rules.options``.
"""

from __future__ import annotations

from typing import Any

from shengji.names import RANK_NAMES
from shengji.rules.option_kinds import (
    FLAG,
    OPTIONAL_COUNT,
    OPTIONAL_HANDS,
    OPTIONAL_LEVELS,
    RANK,
    RANK_SET,
)
from shengji.schema import Choice, Field

# ------------------------------------------------------------------------------------------
# THE table: one row per option, in the order of Rules' fields (append new options)
# ------------------------------------------------------------------------------------------
OPTIONS: tuple[Field, ...] = (
    Field(
        "start_level",
        RANK,
        "2",
        "the level (rank 2..A) both teams start a match at",
        section=6,
        typical=("5",),
    ),
    Field(
        "clockwise",
        FLAG,
        False,
        "deal and play clockwise instead of counter-clockwise (only renames the seats)",
        section=1,
    ),
    Field(
        "tractor_gap",
        FLAG,
        True,
        "tractors skip the level rank: playing 8, 99 77 of a side suit is a tractor",
        section=3,
    ),
    Field(
        "trump_chain",
        FLAG,
        True,
        "trump tractors chain trump A - off-suit level pair - trump-suit level pair - SJ - BJ",
        section=3,
    ),
    Field(
        "trump_throws",
        FLAG,
        True,
        "throws may be led in trumps (false: in side suits only)",
        section=3,
    ),
    Field(
        "kitty_multiplier",
        Choice(("linear4", "plus2", "power2"), enum="KittyMultiplier", prefix="KM"),
        "linear4",
        "kitty points multiplier when the defenders win the last trick: a tractor of n "
        "pairs is x4n (linear4), x2(n+1) (plus2) or x2^(n+1) (power2); single x2, pair x4",
        section=5,
    ),
    Field(
        "level_table",
        Choice(("classic", "league", "step20"), enum="LevelTable", prefix="LT"),
        "classic",
        "how the defenders' total D becomes levels: take-over at 80, +1 per 40 (classic), "
        "also +1 on taking over (league), or steps of 20 (step20)",
        section=6,
    ),
    Field(
        "level_cap",
        OPTIONAL_LEVELS,
        None,
        "the most levels one hand can win (null: no cap)",
        section=6,
        typical=(1, 2),
    ),
    Field(
        "must_play",
        RANK_SET,
        (),
        'levels a multi-level jump cannot skip (必打), e.g. ["J", "A"]',
        section=6,
        c_name="must_play_mask",
        typical=(("J", "A"),),
    ),
    Field(
        "must_play_demotion",
        FLAG,
        False,
        "J/A demotion: at a must-play J (A), defenders winning the last trick with a J "
        "(an A) send the banker team back (J to 2; A to J, or to 2 with a pair of As)",
        section=6,
        needs=(("must_play", ("J", "A")),),
    ),
    Field(
        "reinforce_locks",
        FLAG,
        True,
        "after a declarer reinforces (shows its pair), only joker pairs can overturn",
        section=7,
    ),
    Field(
        "suit_priority",
        Choice((None, "SHCD", "SHDC"), enum="SuitPriority", prefix="SP"),
        None,
        "suit order under which a level pair also overturns a lower-priority level pair "
        "(null: it never does)",
        section=7,
    ),
    Field(
        "overturn_takes_bank",
        FLAG,
        True,
        "in the first hand of a match, whoever overturns becomes banker",
        section=7,
    ),
    Field(
        "single_joker_declares",
        FLAG,
        False,
        "in the first hand, a single joker may declare no-trump (it never overturns)",
        section=7,
    ),
    Field(
        "mixed_joker_pair",
        FLAG,
        False,
        "a small and a big joker together overturn like a small-joker pair, to no-trump",
        section=7,
    ),
    Field(
        "first_hand_overturn",
        FLAG,
        True,
        "overturning is allowed in the first hand of a match",
        section=7,
    ),
    Field(
        "no_bid",
        Choice(
            (
                "no_trump",
                "kitty_random",
                "kitty_first",
                "kitty_third",
                "redeal",
                "banker_steps_down",
            ),
            enum="NoBid",
            prefix="NB",
        ),
        "no_trump",
        "a later hand nobody declares in: no-trump, the suit of a kitty card (a random, "
        "the first or the third one), a redeal, or the banker steps down to the next seat",
        section=7,
    ),
    Field(
        "throw_penalty",
        Choice(("none", "per_card", "fixed20", "fixed10"), enum="ThrowPenalty", prefix="TP"),
        "none",
        "penalty for a failed throw: none, 10 per card that could not be thrown, or a "
        "fixed 20 or 10 points",
        section=8,
    ),
    Field(
        "later_joker_overturns",
        OPTIONAL_COUNT,
        None,
        "after the first hand, the most overturns by a joker pair in one hand (null: no limit)",
        section=7,
        typical=(0,),
    ),
    Field(
        "reinforce_lock_jokers",
        FLAG,
        False,
        "a reinforced declaration is final: not even a joker pair overturns it (needs "
        "reinforce_locks)",
        section=7,
    ),
    Field(
        "overturn_after_kitty",
        Choice(("never", "later_hands", "always"), enum="OverturnAfterKitty", prefix="OAK"),
        "never",
        "a round of overturns after the bury, before the first lead, that changes the "
        "trump and never the bank: never, in every hand but the first, or always",
        section=7,
    ),
    Field(
        "secret_bids",
        FLAG,
        False,
        "bids are laid face down: no reinforcing, any pair not yet laid overturns any bid, "
        "and later hands overturn only after the bury (needs overturn_after_kitty)",
        section=7,
        needs=(("overturn_after_kitty", "later_hands"),),
    ),
    Field(
        "overturn_reburies",
        FLAG,
        False,
        "whoever overturns after the bury takes up the kitty and buries eight cards again "
        "(needs overturn_after_kitty)",
        section=7,
        needs=(("overturn_after_kitty", "later_hands"),),
    ),
    Field(
        "joker_pair_takes_bank",
        FLAG,
        True,
        "in a first hand an overturn by a joker pair takes the bank like a level pair "
        "(false: it changes only the trump)",
        section=7,
    ),
    Field(
        "bids_close_with_deal",
        FLAG,
        False,
        "bids close as the last card is drawn: its drawer cannot use it and nobody bids "
        "after the deal",
        section=7,
    ),
    Field(
        "banker_draws_first",
        FLAG,
        False,
        "in a later hand the banker draws the first card (else seat 0)",
        section=7,
    ),
    Field(
        "random_first_drawer",
        FLAG,
        False,
        "in a first hand the seat that draws the first card is drawn at random (else seat 0)",
        section=7,
    ),
    Field(
        "first_hand_no_bid",
        Choice(("redeal", "kitty_first"), enum="FirstHandNoBid", prefix="FNB"),
        "redeal",
        "a first hand nobody declares on: redeal, or the first kitty card's suit is trump "
        "and its value, counted round from the first drawer, picks the banker",
        section=7,
    ),
    Field(
        "overturn_levels",
        Choice(("none", "stakes", "overturner"), enum="OverturnLevels", prefix="OL"),
        "none",
        "each overturn raises a level: none; stakes (each adds one level to the hand's "
        "result, for whichever side levels); overturner (each gives its team one level)",
        section=6,
    ),
    Field(
        "match_hands",
        OPTIONAL_HANDS,
        None,
        "a match ends on time after this many hands (the simulation's clock): the higher "
        "team wins (null: play until a team passes the target level)",
        section=6,
        typical=(20,),
    ),
    Field(
        "timeout_tie",
        Choice(("draw", "banker", "play_on"), enum="TimeoutTie", prefix="TT"),
        "draw",
        "equal levels when a match ends on time: a draw, the team on the bank wins, or "
        "play on until a hand leaves the levels unequal",
        section=6,
        needs=(("match_hands", 20),),
    ),
    Field(
        "target_level",
        RANK,
        "A",
        "the level a team must pass to win the match (A: past A)",
        section=6,
        typical=("K",),
    ),
    Field(
        "must_play_strict",
        FLAG,
        False,
        "a must-play level must be won as banker: defenders standing on one take over "
        "with no levels",
        section=6,
        needs=(("must_play", ("J", "A")),),
    ),
    Field(
        "short_suit_trumps",
        FLAG,
        False,
        "short of a led side suit, fill with trumps (as many as held) before other cards",
        section=4,
    ),
)

OPTION: dict[str, Field] = {o.name: o for o in OPTIONS}

# Options that only make sense together: (check(values) -> True when consistent, message).
CONSTRAINTS: tuple[tuple[Any, str], ...] = (
    (
        lambda v: v["reinforce_locks"] or not v["reinforce_lock_jokers"],
        "reinforce_lock_jokers = true needs reinforce_locks = true (a reinforcement that locks "
        "nothing cannot lock out joker pairs)",
    ),
    (
        lambda v: v["overturn_after_kitty"] != "never" or not v["secret_bids"],
        "secret_bids = true needs overturn_after_kitty 'later_hands' or 'always' (face-down "
        "bids are overturned after the bury)",
    ),
    (
        lambda v: v["overturn_after_kitty"] != "never" or not v["overturn_reburies"],
        "overturn_reburies = true needs overturn_after_kitty 'later_hands' or 'always' (only "
        "an overturn after the bury re-buries)",
    ),
    (
        lambda v: v["overturn_after_kitty"] == "never" or not v["bids_close_with_deal"],
        "bids_close_with_deal = true closes the bidding with the deal: overturn_after_kitty "
        "must be 'never'",
    ),
    (
        lambda v: RANK_NAMES.index(v["start_level"]) <= RANK_NAMES.index(v["target_level"]),
        "start_level must not be above target_level (a team wins by passing target_level)",
    ),
)

"""THE rule-option table (docs/rules.md §9): ``OPTIONS``, one row per option (name, kind,
default, section, one-line doc), ``OPTION`` by name, and ``CONSTRAINTS``, the options that
only make sense together.  ``Rules`` (``shengji.rules.options``) derives from it; how to add
an option: the docstring of ``shengji.rules.options``.
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
    Choice,
    Option,
)

# ------------------------------------------------------------------------------------------
# THE table: one row per option, in the order of Rules' fields (append new options)
# ------------------------------------------------------------------------------------------
OPTIONS: tuple[Option, ...] = (
    Option("start_level", RANK, "2", 6, "the level (rank 2..A) both teams start a match at"),
    Option(
        "clockwise",
        FLAG,
        False,
        1,
        "deal and play clockwise instead of counter-clockwise (only renames the seats)",
    ),
    Option(
        "tractor_gap",
        FLAG,
        True,
        3,
        "tractors skip the level rank: playing 8, 99 77 of a side suit is a tractor",
    ),
    Option(
        "trump_chain",
        FLAG,
        True,
        3,
        "trump tractors chain trump A - off-suit level pair - trump-suit level pair - SJ - BJ",
    ),
    Option(
        "trump_throws", FLAG, True, 3, "throws may be led in trumps (false: in side suits only)"
    ),
    Option(
        "kitty_multiplier",
        Choice("linear4", "plus2", "power2", enum="KittyMultiplier"),
        "linear4",
        5,
        "kitty points multiplier when the defenders win the last trick: a tractor of n "
        "pairs is x4n (linear4), x2(n+1) (plus2) or x2^(n+1) (power2); single x2, pair x4",
    ),
    Option(
        "level_table",
        Choice("classic", "league", "step20", enum="LevelTable"),
        "classic",
        6,
        "how the defenders' total D becomes levels: take-over at 80, +1 per 40 (classic), "
        "also +1 on taking over (league), or steps of 20 (step20)",
    ),
    Option(
        "level_cap", OPTIONAL_LEVELS, None, 6, "the most levels one hand can win (null: no cap)"
    ),
    Option(
        "must_play",
        RANK_SET,
        (),
        6,
        'levels a multi-level jump cannot skip (必打), e.g. ["J", "A"]',
        c_field="must_play_mask",
    ),
    Option(
        "must_play_demotion",
        FLAG,
        False,
        6,
        "J/A demotion: at a must-play J (A), defenders winning the last trick with a J "
        "(an A) send the banker team back (J to 2; A to J, or to 2 with a pair of As)",
    ),
    Option(
        "reinforce_locks",
        FLAG,
        True,
        7,
        "after a declarer reinforces (shows its pair), only joker pairs can overturn",
    ),
    Option(
        "suit_priority",
        Choice(None, "SHCD", "SHDC", enum="SuitPriority"),
        None,
        7,
        "suit order under which a level pair also overturns a lower-priority level pair "
        "(null: it never does)",
    ),
    Option(
        "overturn_takes_bank",
        FLAG,
        True,
        7,
        "in the first hand of a match, whoever overturns becomes banker",
    ),
    Option(
        "single_joker_declares",
        FLAG,
        False,
        7,
        "in the first hand, a single joker may declare no-trump (it never overturns)",
    ),
    Option(
        "mixed_joker_pair",
        FLAG,
        False,
        7,
        "a small and a big joker together overturn like a small-joker pair, to no-trump",
    ),
    Option(
        "first_hand_overturn", FLAG, True, 7, "overturning is allowed in the first hand of a match"
    ),
    Option(
        "no_bid",
        Choice(
            "no_trump",
            "kitty_random",
            "kitty_first",
            "kitty_third",
            "redeal",
            "banker_steps_down",
            enum="NoBid",
        ),
        "no_trump",
        7,
        "a later hand nobody declares in: no-trump, the suit of a kitty card (a random, "
        "the first or the third one), a redeal, or the banker steps down to the next seat",
    ),
    Option(
        "throw_penalty",
        Choice("none", "per_card", "fixed20", "fixed10", enum="ThrowPenalty"),
        "none",
        8,
        "penalty for a failed throw: none, 10 per card that could not be thrown, or a "
        "fixed 20 or 10 points",
    ),
    Option(
        "later_joker_overturns",
        OPTIONAL_COUNT,
        None,
        7,
        "after the first hand, the most overturns by a joker pair in one hand (null: no limit)",
    ),
    Option(
        "reinforce_lock_jokers",
        FLAG,
        False,
        7,
        "a reinforced declaration is final: not even a joker pair overturns it (needs "
        "reinforce_locks)",
    ),
    Option(
        "overturn_after_kitty",
        Choice("never", "later_hands", "always", enum="OverturnAfterKitty"),
        "never",
        7,
        "a round of overturns after the bury, before the first lead, that changes the "
        "trump and never the bank: never, in every hand but the first, or always",
    ),
    Option(
        "secret_bids",
        FLAG,
        False,
        7,
        "bids are laid face down: no reinforcing, any pair not yet laid overturns any bid, "
        "and later hands overturn only after the bury (needs overturn_after_kitty)",
    ),
    Option(
        "overturn_reburies",
        FLAG,
        False,
        7,
        "whoever overturns after the bury takes up the kitty and buries eight cards again "
        "(needs overturn_after_kitty)",
    ),
    Option(
        "joker_pair_takes_bank",
        FLAG,
        True,
        7,
        "in a first hand an overturn by a joker pair takes the bank like a level pair "
        "(false: it changes only the trump)",
    ),
    Option(
        "bids_close_with_deal",
        FLAG,
        False,
        7,
        "bids close as the last card is drawn: its drawer cannot use it and nobody bids "
        "after the deal",
    ),
    Option(
        "banker_draws_first",
        FLAG,
        False,
        7,
        "in a later hand the banker draws the first card (else seat 0)",
    ),
    Option(
        "random_first_drawer",
        FLAG,
        False,
        7,
        "in a first hand the seat that draws the first card is drawn at random (else seat 0)",
    ),
    Option(
        "first_hand_no_bid",
        Choice("redeal", "kitty_first", enum="FirstHandNoBid"),
        "redeal",
        7,
        "a first hand nobody declares on: redeal, or the first kitty card's suit is trump "
        "and its value, counted round from the first drawer, picks the banker",
    ),
    Option(
        "overturn_levels",
        Choice("none", "stakes", "overturner", enum="OverturnLevels"),
        "none",
        6,
        "each overturn raises a level: none; stakes (each adds one level to the hand's "
        "result, for whichever side levels); overturner (each gives its team one level)",
    ),
    Option(
        "match_hands",
        OPTIONAL_HANDS,
        None,
        6,
        "a match ends on time after this many hands (the simulation's clock): the higher "
        "team wins (null: play until a team passes the target level)",
    ),
    Option(
        "timeout_tie",
        Choice("draw", "banker", "play_on", enum="TimeoutTie"),
        "draw",
        6,
        "equal levels when a match ends on time: a draw, the team on the bank wins, or "
        "play on until a hand leaves the levels unequal",
    ),
    Option("target_level", RANK, "A", 6, "the level a team must pass to win the match (A: past A)"),
    Option(
        "must_play_strict",
        FLAG,
        False,
        6,
        "a must-play level must be won as banker: defenders standing on one take over "
        "with no levels",
    ),
    Option(
        "short_suit_trumps",
        FLAG,
        False,
        4,
        "short of a led side suit, fill with trumps (as many as held) before other cards",
    ),
)

OPTION: dict[str, Option] = {o.name: o for o in OPTIONS}

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

"""Constructed deals with known outcomes: every step of the overturn ladder, suit priority,
the lock after reinforcing, no self-overturn, single-joker declarations, mixed joker pairs,
first_hand_overturn, and every no_bid resolution, under the presets that use them.

Each deal is run by the C kernel and by the Python engine (which also logs the bids); both
must give the expected outcome.  Level 2 throughout; ``at(seat, r)`` is the dealing position
of seat's r-th card (seat 0 draws first); cards not placed are dealt as plain cards, level
cards and jokers not placed go to the kitty.
"""

from __future__ import annotations

import pytest

from shengji import Rules
from shengji._core.base.rng import chunk_state
from shengji._core.bidding.entry import draw_bounded
from shengji.bidding.simulate import bid_deal
from tests.support.constructed_deals import at, deal, fill

ENGINES = ("core", "python")


def run(placed, rules="standard", kitty="", first_hand=True, banker=None, seed=0):
    d = deal(placed, kitty)
    outs = [
        bid_deal(d, "2", rules, "eager", first_hand=first_hand, banker=banker, seed=seed, engine=e)
        for e in ENGINES
    ]
    assert outs[0].same_result(outs[1]), outs
    return outs[1]


def test_single_declares():
    o = run(fill({at(1, 0): "2H"}, "2S", "2C", "2D", "SJ"))
    assert (o.trump, o.banker, o.first_declarer, o.first_declare_index, o.overturns) == (
        "H",
        1,
        1,
        1,
        0,
    )
    assert not o.reinforced and not o.no_bid


@pytest.mark.parametrize("takes_bank", [True, False])
def test_ladder_single_level_pair_small_big_jokers(takes_bank):
    rules = Rules(overturn_takes_bank=takes_bank)
    placed = {
        at(0, 0): "2H",
        at(1, 0): "2S",
        at(1, 1): "2S",  # level pair beats single
        at(2, 0): "SJ",
        at(2, 2): "SJ",  # SJ pair beats it
        at(3, 0): "BJ",
        at(3, 3): "BJ",
    }  # BJ pair beats SJ pair
    o = run(placed, rules)
    assert [(b[1], b[2], b[3], b[4]) for b in o.bids] == [
        (0, "declare", "H", "single"),
        (1, "overturn", "S", "level_pair"),
        (2, "overturn", "NT", "small_joker_pair"),
        (3, "overturn", "NT", "big_joker_pair"),
    ]
    assert o.trump == "NT" and o.overturns == 3 and o.first_declarer == 0
    assert o.banker == (3 if takes_bank else 0)


def test_ladder_does_not_go_down():
    # BJ pair first: a later SJ pair and a later level pair cannot overturn it
    placed = {
        at(0, 0): "2H",
        at(3, 0): "BJ",
        at(3, 1): "BJ",
        at(2, 2): "SJ",
        at(2, 3): "SJ",
        at(1, 4): "2S",
        at(1, 5): "2S",
    }
    o = run(placed)
    assert o.trump == "NT" and o.banker == 3 and o.overturns == 1


@pytest.mark.parametrize(
    "rules, overturned",
    [
        ("standard", False),  # no suit priority: a level pair never beats a level pair
        ("campus-2015", True),  # SHCD: clubs over diamonds
        ("timed-match", None),  # SHCD but no overturn in a first hand
        ("club-84022", False),  # SHDC: diamonds over clubs
    ],
)
def test_suit_priority_between_level_pairs(rules, overturned):
    placed = fill(
        {at(0, 0): "2H", at(1, 0): "2D", at(1, 1): "2D", at(2, 2): "2C", at(2, 3): "2C"}, "2S"
    )
    o = run(placed, rules)
    if overturned is None:
        assert o.trump == "H" and o.overturns == 0
    elif overturned:
        assert o.trump == "C" and o.overturns == 2 and o.banker == 2
    else:
        assert o.trump == "D" and o.overturns == 1 and o.banker == 1


@pytest.mark.parametrize(
    "rules, suit", [("campus-2015", "S"), ("club-84022", "S"), ("standard", "C")]
)
def test_higher_priority_pair_over_lower(rules, suit):
    # C first, then S: S overturns under either priority order, not without one
    placed = fill(
        {at(0, 0): "2H", at(1, 0): "2C", at(1, 1): "2C", at(2, 2): "2S", at(2, 3): "2S"}, "2D"
    )
    assert run(placed, rules).trump == suit


@pytest.mark.parametrize(
    "rules, locks, trump",
    [
        ("campus-2015", True, "D"),  # reinforced 2D 2D is locked: 2S 2S cannot overturn
        ("campus-2015", False, "S"),  # without the lock the S pair outranks it (SHCD)
        ("standard", True, "D"),  # no priority: a level pair never beats a level pair
    ],
)
def test_lock_after_reinforcing(rules, locks, trump):
    r = Rules.preset(rules).replace(reinforce_locks=locks)
    placed = fill({at(0, 0): "2D", at(0, 1): "2D", at(1, 2): "2S", at(1, 3): "2S"}, "2H", "2C")
    o = run(placed, r)
    assert o.reinforced and o.first_declarer == 0
    assert o.trump == trump
    assert o.bids[1][2] == "reinforce"


def test_joker_pair_overturns_a_locked_declaration():
    placed = fill({at(0, 0): "2D", at(0, 1): "2D", at(1, 2): "SJ", at(1, 3): "SJ"}, "2H")
    o = run(placed, "campus-2015")
    assert o.reinforced and o.trump == "NT" and o.banker == 1


def test_no_reinforcing_after_an_overturn():
    placed = fill({at(0, 0): "2D", at(1, 0): "2S", at(1, 1): "2S", at(0, 2): "2D"}, "2H")
    o = run(placed)
    assert not o.reinforced and o.trump == "S"


def test_reinforce_immediately_when_declaring_with_both_copies():
    # threshold policies may first reach k holding both copies: single then pair at once
    d = deal(
        {
            at(1, 0): "2C",
            at(1, 1): "2C",
            at(0, 2): "2S",
            at(2, 2): "2H",
            at(3, 2): "2D",
            at(0, 3): "SJ",
        }
    )
    outs = [bid_deal(d, "2", None, "threshold", threshold=2, engine=e) for e in ENGINES]
    assert outs[0].same_result(outs[1])
    o = outs[1]
    assert o.reinforced and o.trump == "C" and o.first_declare_index == at(1, 1)
    assert [b[2] for b in o.bids[:2]] == ["declare", "reinforce"]


def test_no_self_overturn_until_someone_else_overturns():
    # seat 0 declares 2H and later holds SJ SJ: it cannot overturn its own declaration
    placed = fill({at(0, 0): "2H", at(0, 1): "SJ", at(0, 2): "SJ"}, "2S", "2C", "2D")
    o = run(placed)
    assert (o.trump, o.overturns, o.banker) == ("H", 0, 0)
    # once seat 1 has overturned with 2S 2S, seat 0 overturns it back at once
    placed = {at(0, 0): "2H", at(0, 1): "SJ", at(0, 2): "SJ", at(1, 3): "2S", at(1, 4): "2S"}
    o = run(fill(placed, "2C", "2D"))
    assert [(b[0], b[1], b[2]) for b in o.bids] == [
        (0, 0, "declare"),
        (at(1, 4), 1, "overturn"),
        (at(1, 4), 0, "overturn"),
    ]
    assert (o.trump, o.overturns, o.banker) == ("NT", 2, 0)


def test_partner_may_overturn():
    o = run(fill({at(0, 0): "2H", at(2, 0): "2S", at(2, 1): "2S"}, "2C", "2D", "SJ"))
    assert o.trump == "S" and o.banker == 2


def test_single_joker_declares_under_spring_festival():
    placed = fill({at(2, 0): "SJ", at(3, 1): "2H"}, "2S", "2C", "2D")
    o = run(placed, "spring-festival")
    assert (o.trump, o.first_declarer, o.first_declare_index) == ("NT", 2, at(2, 0))
    o = run(placed, "standard")  # a joker declares nothing: 2H does
    assert (o.trump, o.first_declarer) == ("H", 3)


def test_single_joker_cannot_overturn():
    placed = fill({at(0, 0): "2H", at(1, 0): "BJ"}, "2S", "2C", "2D")
    o = run(placed, "spring-festival")
    assert (o.trump, o.banker, o.overturns) == ("H", 0, 0)


def test_level_pair_overturns_single_joker_and_reinforced_joker():
    o = run(fill({at(2, 0): "SJ", at(3, 0): "2S", at(3, 1): "2S"}, "2H", "2C"), "spring-festival")
    assert (o.trump, o.banker, o.first_declarer, o.overturns) == ("S", 3, 2, 1)
    # SJ then its second copy: reinforced into a small-joker pair; BJ BJ still beats it
    placed = fill(
        {
            at(2, 0): "SJ",
            at(2, 1): "SJ",
            at(3, 2): "2S",
            at(3, 3): "2S",
            at(0, 4): "BJ",
            at(0, 5): "BJ",
        }
    )
    o = run(placed, "spring-festival")
    assert o.reinforced and o.bids[1][2] == "reinforce"
    assert (o.trump, o.banker, o.overturns) == ("NT", 0, 1)


def test_single_joker_declares_only_in_a_first_hand():
    placed = fill({at(2, 0): "SJ", at(3, 1): "2H"}, "2S", "2C", "2D")
    o = run(placed, "spring-festival", first_hand=False, banker=1)
    assert (o.trump, o.first_declarer, o.banker) == ("H", 3, 1)


@pytest.mark.parametrize("rules, trump", [("team-cup", "NT"), ("standard", "S")])
def test_mixed_joker_pair(rules, trump):
    placed = fill(
        {at(0, 0): "2H", at(3, 0): "2S", at(3, 1): "2S", at(1, 2): "SJ", at(1, 3): "BJ"}, "2C"
    )
    o = run(placed, rules)
    assert o.trump == trump
    assert o.bids[-1][1] == (1 if trump == "NT" else 3)  # who overturned last
    # team-cup: an overturn decides only the suit, the first declarer keeps the bank
    assert o.banker == (0 if rules == "team-cup" else 3)


def test_big_joker_pair_beats_mixed_pair():
    placed = {at(0, 0): "2H", at(1, 0): "SJ", at(1, 1): "BJ", at(2, 2): "BJ", at(3, 2): "SJ"}
    o = run(placed, "team-cup")
    assert (o.trump, o.banker, o.overturns) == ("NT", 0, 1)  # seat 2 holds one BJ only
    assert o.bids[-1][:3] == (at(1, 1), 1, "overturn")


def test_first_hand_overturn_false():
    placed = fill({at(0, 0): "2H", at(1, 0): "2S", at(1, 1): "2S"}, "2C", "2D", "SJ")
    o = run(placed, "timed-match")
    assert (o.trump, o.banker, o.overturns) == ("H", 0, 0)
    # later hands of timed-match do overturn (and the banker keeps the bank)
    o = run(placed, "timed-match", first_hand=False, banker=2)
    assert (o.trump, o.banker, o.overturns) == ("S", 2, 1)


def test_later_hand_banker_keeps_the_bank():
    o = run(
        fill({at(0, 0): "2H", at(1, 0): "2S", at(1, 1): "2S"}, "2C", "2D", "SJ"),
        first_hand=False,
        banker=3,
    )
    assert (o.trump, o.banker, o.first_declarer) == ("S", 3, 0)


# -- no bid -------------------------------------------------------------------------------
# every level card in the kitty (D S C H D S C H) and the jokers dealt as singles
NO_LEVEL = {at(0, 0): "SJ", at(1, 0): "SJ", at(2, 0): "BJ", at(3, 0): "BJ"}
KITTY = "2D 2S 2C 2H 2D 2S 2C 2H"


@pytest.mark.parametrize(
    "rules, trump, banker, down",
    [
        ("standard", "NT", 2, False),  # no_trump
        ("league-2019", "NT", 2, False),  # no_trump (001)
        ("tournament", "D", 2, False),  # kitty_first
        ("must-play-ja", "D", 2, False),  # kitty_first
        ("spring-festival", "D", 2, False),  # kitty_first
        ("timed-match", "C", 2, False),  # kitty_third
        ("campus-2015", "NT", 3, True),  # banker_steps_down: the next seat, no-trump
    ],
)
def test_no_bid_resolutions(rules, trump, banker, down):
    o = run(NO_LEVEL, rules, KITTY, first_hand=False, banker=2)
    assert o.no_bid and not o.redeal and o.first_declarer == -1 and o.first_declare_index == -1
    assert (o.trump, o.banker, o.banker_steps_down) == (trump, banker, down)


@pytest.mark.parametrize("seed", range(6))
def test_no_bid_kitty_random(seed):
    o = run(NO_LEVEL, "school-cup", KITTY, first_hand=False, banker=0, seed=seed)
    pick = draw_bounded(chunk_state(seed, 0), 8)
    assert o.no_bid and o.trump == KITTY.split()[pick][1]


@pytest.mark.parametrize("rules", ["tournament", "timed-match", "school-cup"])
def test_joker_turned_from_the_kitty_means_no_trump(rules):
    placed = {at(0, 0): "2D", at(1, 0): "2S", at(2, 0): "2C", at(3, 0): "2H"}
    kitty = "SJ SJ BJ BJ 2D 2S 2C 2H"
    # the single level cards in the hands are declarations: use a policy that never bids
    d = deal(placed, kitty)
    for engine in ENGINES:
        for seed in range(4):
            o = bid_deal(
                d, "2", rules, "never", first_hand=False, banker=1, seed=seed, engine=engine
            )
            pick = draw_bounded(chunk_state(seed, 0), 8)
            if rules == "school-cup" and pick >= 4:
                assert o.trump == "DSCH"[pick - 4]
            else:
                assert o.trump == "NT" and o.no_bid


def test_no_bid_redeal_option_and_first_hand():
    for rules, first_hand, banker in [(Rules(no_bid="redeal"), False, 0)] + [
        (p, True, None)
        for p in ("standard", "tournament", "campus-2015", "timed-match", "school-cup")
    ]:
        o = run(NO_LEVEL, rules, KITTY, first_hand=first_hand, banker=banker)
        assert o.redeal and o.no_bid and o.trump is None
    # spring-festival: the single jokers declare no-trump in a first hand
    o = run(NO_LEVEL, "spring-festival", KITTY)
    assert not o.redeal and o.trump == "NT" and o.first_declarer == 0


def test_api_errors():
    d = deal(NO_LEVEL, KITTY)
    with pytest.raises(ValueError, match="never"):
        bid_deal(d, policy="never")
    with pytest.raises(ValueError, match="threshold"):
        bid_deal(d, policy="threshold")
    with pytest.raises(ValueError, match="threshold"):
        bid_deal(d, policy="eager", threshold=3)
    with pytest.raises(ValueError, match="banker"):
        bid_deal(d, first_hand=False, banker=4)
    with pytest.raises(ValueError, match="108"):
        bid_deal(d[:100])
    with pytest.raises(ValueError, match="policy"):
        bid_deal(d, policy="greedy")

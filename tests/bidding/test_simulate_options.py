"""The bidding options of issue 12 that act while the cards are dealt, on constructed deals
with known outcomes, run by the C kernel and by the Python engine (which logs the bids):
later_joker_overturns, reinforce_lock_jokers, joker_pair_takes_bank, bids_close_with_deal,
banker_draws_first, random_first_drawer, first_hand_no_bid, secret_bids (its part during
the deal), and the preset corrections of team-cup and club-84022.

Level 2 throughout; ``at(seat, r)`` is the dealing position of seat's r-th card when seat 0
draws first (``first_drawer=0`` is passed where a preset draws the first drawer at random).
The round after the bury is tested through HandState (tests/bidding/test_phase.py).
"""

from __future__ import annotations

import pytest

from shengji import Rules
from shengji.bidding.simulate import bid_deal
from tests.support.constructed_deals import at, deal, fill

ENGINES = ("core", "python")


def run(
    placed,
    rules="standard",
    kitty="",
    first_hand=True,
    banker=None,
    seed=0,
    policy="eager",
    threshold=None,
    first_drawer=0,
):
    d = deal(placed, kitty)
    outs = [
        bid_deal(
            d,
            "2",
            rules,
            policy,
            threshold=threshold,
            first_hand=first_hand,
            banker=banker,
            seed=seed,
            engine=e,
            first_drawer=first_drawer,
        )
        for e in ENGINES
    ]
    assert outs[0].same_result(outs[1]), outs
    return outs[1]


def last_bidder(o):
    return o.bids[-1][1]


# -- later_joker_overturns (source 002, line 181) ---------------------------------------------
# seat 1 declares 2H, seat 2 completes SJ SJ, then seat 3 completes BJ BJ
JOKERS_TWICE = {at(1, 0): "2H", at(2, 1): "SJ", at(2, 2): "SJ", at(3, 3): "BJ", at(3, 4): "BJ"}


def test_later_joker_overturns_stops_the_second_joker_overturn():
    o = run(JOKERS_TWICE, "standard", first_hand=False, banker=0)
    assert (o.trump, o.overturns, last_bidder(o)) == ("NT", 2, 3)
    o = run(JOKERS_TWICE, "tournament", first_hand=False, banker=0)
    assert (o.trump, o.overturns, last_bidder(o)) == ("NT", 1, 2)
    assert o.bids[-1][2:] == ("overturn", "NT", "small_joker_pair")


def test_later_joker_overturns_leaves_first_hands_alone():
    o = run(JOKERS_TWICE, "tournament")
    assert (o.trump, o.overturns, o.banker) == ("NT", 2, 3)


def test_later_joker_overturns_zero_forbids_joker_overturns():
    o = run(JOKERS_TWICE, Rules(later_joker_overturns=0), first_hand=False, banker=0)
    assert (o.trump, o.overturns) == ("H", 0)


def test_later_joker_overturns_does_not_limit_level_pairs():
    # 2H, then 2C 2C and 2S 2S overturn under SHCD: two level-pair overturns, then SJ SJ
    placed = fill(
        {
            at(1, 0): "2H",
            at(2, 1): "2C",
            at(2, 2): "2C",
            at(3, 3): "2S",
            at(3, 4): "2S",
            at(0, 5): "SJ",
            at(0, 6): "SJ",
        },
        "2D",
    )
    rules = Rules(later_joker_overturns=1, suit_priority="SHCD")
    o = run(placed, rules, first_hand=False, banker=1)
    assert (o.trump, o.overturns, last_bidder(o)) == ("NT", 3, 0)


# -- reinforce_lock_jokers (source 002, lines 183-185) ---------------------------------------
# seat 1 declares 2H and reinforces with its second 2H; only then does seat 2 hold SJ SJ
REINFORCED = {at(1, 0): "2H", at(1, 1): "2H", at(2, 2): "SJ", at(2, 3): "SJ"}


def test_reinforce_lock_jokers_makes_a_reinforced_bid_final():
    o = run(REINFORCED, "standard", first_hand=False, banker=0)
    assert (o.trump, o.overturns, o.reinforced) == ("NT", 1, True)
    o = run(REINFORCED, "tournament", first_hand=False, banker=0)
    assert (o.trump, o.overturns, o.reinforced) == ("H", 0, True)
    o = run(REINFORCED, "tournament")  # a first hand: same
    assert (o.trump, o.banker) == ("H", 1)


def test_reinforce_lock_jokers_needs_reinforce_locks():
    with pytest.raises(ValueError, match="reinforce_lock_jokers.*reinforce_locks"):
        Rules(reinforce_locks=False, reinforce_lock_jokers=True)


def test_an_overturning_pair_is_still_overturned_by_jokers():
    # the lock is on reinforcements only: 2S 2S overturns 2H, SJ SJ overturns it
    placed = fill(
        {at(1, 0): "2H", at(2, 1): "2S", at(2, 2): "2S", at(3, 3): "SJ", at(3, 4): "SJ"}, "2C", "2D"
    )
    o = run(placed, "tournament", first_hand=False, banker=0)
    assert (o.trump, o.overturns) == ("NT", 2)


# -- joker_pair_takes_bank (source 002, line 245) --------------------------------------------
def test_joker_pair_keeps_the_bank_with_the_standing_banker():
    rules = Rules(joker_pair_takes_bank=False)
    sj_pair = fill({at(1, 0): "2H", at(2, 1): "SJ", at(2, 2): "SJ"}, "2C", "2D")
    o = run(sj_pair, rules)
    assert (o.trump, o.banker) == ("NT", 1)
    assert run(sj_pair).banker == 2
    o = run(JOKERS_TWICE, rules)  # BJ BJ over SJ SJ: still seat 1
    assert (o.trump, o.banker, o.overturns) == ("NT", 1, 2)
    # a level pair still takes the bank
    placed = fill({at(1, 0): "2H", at(3, 1): "2S", at(3, 2): "2S"}, "2C", "2D", "SJ")
    for r in (rules, Rules()):
        assert run(placed, r).banker == 3


# -- bids_close_with_deal (source 002, line 257) ---------------------------------------------
# every level card in the kitty but 2H, dealt last (position 99, seat 3's 25th card); the
# jokers as singles; the third kitty card is 2C
LAST_CARD = {at(0, 0): "SJ", at(1, 0): "SJ", at(2, 0): "BJ", at(3, 0): "BJ", at(3, 24): "2H"}
LAST_KITTY = "2D 2S 2C 2H 2D 2S 2C"


def test_bids_close_with_deal():
    base = Rules.preset("timed-match").replace(bids_close_with_deal=False)
    o = run(LAST_CARD, base, LAST_KITTY, first_hand=False, banker=0)
    assert (o.trump, o.first_declarer, o.first_declare_index) == ("H", 3, 99)
    o = run(LAST_CARD, "timed-match", LAST_KITTY, first_hand=False, banker=0)
    assert (o.trump, o.no_bid, o.first_declarer) == ("C", True, -1)  # the third kitty card
    o = run(LAST_CARD, "timed-match", LAST_KITTY)  # a first hand
    assert o.redeal and o.trump is None


def test_bids_close_with_deal_and_the_round_after_it_exclude_each_other():
    with pytest.raises(ValueError, match="bids_close_with_deal.*overturn_after_kitty"):
        Rules(bids_close_with_deal=True, overturn_after_kitty="always")


# -- banker_draws_first (source 002, lines 139, 255) -----------------------------------------
def test_banker_draws_first():
    placed = fill({0: "2H", 1: "2S"}, "2C", "2D", "SJ", "BJ")
    d = deal(placed)
    for e in ENGINES:
        o = bid_deal(d, "2", "standard", first_hand=False, banker=1, engine=e)
        assert (o.first_declarer, o.trump, o.first_drawer) == (0, "H", 0)
        o = bid_deal(d, "2", Rules(banker_draws_first=True), first_hand=False, banker=1, engine=e)
        assert (o.first_declarer, o.trump, o.first_drawer) == (1, "H", 1)
        # a first hand has no banker yet: seat 0 draws first
        o = bid_deal(d, "2", Rules(banker_draws_first=True), engine=e)
        assert (o.first_declarer, o.first_drawer) == (0, 0)


# -- random_first_drawer (source 002, lines 139, 177, 255; source 004, line 31) --------------
def test_random_first_drawer_draws_from_the_seed():
    placed = fill({0: "2H", 1: "2S"}, "2C", "2D", "SJ", "BJ")
    d = deal(placed)
    seen = set()
    for seed in range(12):
        outs = [bid_deal(d, "2", "tournament", seed=seed, engine=e) for e in ENGINES]
        assert outs[0].same_result(outs[1])
        o = outs[0]
        seen.add(o.first_drawer)
        assert o.first_declarer == o.first_drawer  # position 0 holds 2H
    assert seen == {0, 1, 2, 3}
    # later hands: no draw, seat 0 (or the banker under banker_draws_first)
    o = bid_deal(d, "2", "tournament", first_hand=False, banker=2, seed=5)
    assert o.first_drawer == 0


# -- first_hand_no_bid (source 002, line 155) -------------------------------------------------
NO_LEVEL = {at(0, 0): "SJ", at(1, 0): "SJ", at(2, 0): "BJ", at(3, 0): "BJ"}
# with a plain card first in the kitty one level card has to be dealt (nobody bids here)
NO_BIDS = {**NO_LEVEL, at(0, 1): "2C"}


@pytest.mark.parametrize(
    "kitty, trump, banker",
    [
        ("2H 2D 2S 2C 2H 2D 2S", "H", 1),  # 2 counts 2: the first drawer's next seat
        ("KD 2H 2D 2S 2H 2D 2S", "D", 0),  # K counts 13
        ("AS 2H 2D 2S 2H 2D 2S", "S", 0),  # A counts 1: the first drawer
        ("JC 2H 2D 2S 2H 2D 2S", "C", 2),  # J counts 11
    ],
)
def test_first_hand_no_bid_kitty_first(kitty, trump, banker):
    o = run(NO_BIDS, "spring-festival", kitty, policy="never")
    assert (o.trump, o.banker, o.no_bid, o.redeal) == (trump, banker, True, False)
    # counted from the first drawer
    o = run(NO_BIDS, "spring-festival", kitty, policy="never", first_drawer=3)
    assert o.banker == (banker + 3) % 4


def test_first_hand_no_bid_joker_turned():
    placed = {
        at(0, 0): "2H",
        at(1, 0): "2D",
        at(2, 0): "2S",
        at(3, 0): "2C",
        at(0, 1): "SJ",
        at(1, 1): "SJ",
        at(2, 1): "BJ",
    }
    o = run(placed, "spring-festival", "BJ 2H 2D 2S 2C", policy="never")
    assert (o.trump, o.banker) == ("NT", 2)  # BJ counts 15


def test_first_hand_no_bid_default_redeals_and_never_is_refused():
    o = run(NO_LEVEL, "standard", "2H 2D 2S 2C 2H 2D 2S 2C", policy="threshold", threshold=25)
    assert o.redeal
    with pytest.raises(ValueError, match="never"):
        bid_deal(deal(NO_LEVEL, "2H 2D 2S 2C 2H 2D 2S 2C"), policy="never")


# -- secret_bids, during the deal (source 002, lines 243-245) --------------------------------
def test_secret_bids_first_hand_joker_pair_waits_for_the_bury():
    placed = fill({at(1, 0): "2H", at(3, 1): "SJ", at(3, 2): "SJ"}, "2C", "2D", "BJ")
    o = run(placed, "must-play-ja")
    assert (o.trump, o.banker, o.overturns) == ("H", 1, 0)
    o = run(placed, Rules.preset("must-play-ja").replace(joker_pair_takes_bank=True))
    assert (o.trump, o.banker, o.overturns) == ("NT", 3, 1)


def test_secret_bids_level_pairs_overturn_without_ranking():
    # 2C 2C over 2H, then 2D 2D over 2C 2C: no strength or suit order under secret bids
    placed = fill(
        {at(0, 0): "2H", at(1, 1): "2C", at(1, 2): "2C", at(2, 3): "2D", at(2, 4): "2D"},
        "2S",
        "SJ",
        "BJ",
    )
    o = run(placed, "must-play-ja")
    assert (o.trump, o.banker, o.overturns) == ("D", 2, 2)
    o = run(placed, "standard")  # open bids: a pair over a pair? no
    assert (o.trump, o.banker, o.overturns) == ("C", 1, 1)
    # seat 1's pair is laid: it cannot overturn again with it
    assert [b[1] for b in run(placed, "must-play-ja").bids] == [0, 1, 2]


def test_secret_bids_no_reinforcing_and_no_overturn_in_later_deals():
    placed = fill(
        {at(1, 0): "2H", at(1, 1): "2H", at(2, 2): "2S", at(2, 3): "2S"}, "2C", "2D", "SJ", "BJ"
    )
    o = run(placed, "must-play-ja", first_hand=False, banker=0)
    assert (o.trump, o.reinforced, o.overturns) == ("H", False, 0)
    o = run(placed, "must-play-ja")  # first hand: 2S 2S overturns
    assert (o.trump, o.reinforced, o.banker) == ("S", False, 2)


def test_secret_bids_hide_other_seats_trump_from_a_callable_policy():
    placed = fill({at(1, 0): "2H", at(2, 1): "2S", at(2, 2): "2S"}, "2C", "2D", "SJ", "BJ")
    for preset, hidden in (("must-play-ja", True), ("standard", False)):
        views = []

        def spy(view, views=views):
            views.append(view)
            return view.options[0] if view.options else None

        bid_deal(deal(placed), "2", preset, spy, first_drawer=0)
        others = [v for v in views if v.current and v.current["bidder"] != v.seat]
        assert others
        assert all((v.current["trump"] is None) == hidden for v in others)


def test_secret_bids_need_the_round_after_the_bury():
    with pytest.raises(ValueError, match="secret_bids.*overturn_after_kitty"):
        Rules(secret_bids=True)
    with pytest.raises(ValueError, match="overturn_reburies.*overturn_after_kitty"):
        Rules(overturn_reburies=True)


# -- preset corrections (spec C2, C3) ---------------------------------------------------------
def test_team_cup_overturns_decide_only_the_suit():
    # source 002, lines 267, 275: the first to show a 2 banks; an overturn re-decides the suit
    placed = {at(1, 0): "2H", at(2, 1): "2S", at(2, 2): "2S", at(3, 3): "SJ", at(3, 4): "BJ"}
    o = run(placed, "team-cup")
    assert (o.trump, o.banker, o.overturns) == ("NT", 1, 2)
    o = run(placed, Rules.preset("team-cup").replace(overturn_takes_bank=True))
    assert (o.trump, o.banker) == ("NT", 3)


@pytest.mark.parametrize("first_card, trump", [("5C", "C"), ("SJ", "NT")])
def test_club_84022_turns_the_first_kitty_card(first_card, trump):
    # source 002, line 577 (the first card, as in the sibling set 002-D, line 155)
    kitty = first_card + " 2D 2S 2H 2D 2S 2C"
    placed = dict(NO_BIDS)
    if first_card == "SJ":
        placed = {at(0, 0): "2H", at(1, 0): "SJ", at(2, 0): "BJ", at(3, 0): "BJ"}
    o = run(placed, "club-84022", kitty, first_hand=False, banker=1, policy="never")
    assert (o.trump, o.no_bid, o.banker) == (trump, True, 1)
    assert (
        run(placed, "club-84022", kitty, first_hand=False, banker=1, policy="never").overturns == 0
    )

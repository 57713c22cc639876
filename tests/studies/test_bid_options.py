"""Each bidding option of issue 12 changes what the studies produce: the bid_odds study's
columns (``simulate_bids`` is a bid_odds chunk) for the options that act during the deal,
the scoring study's hands (``play_hands``) for those that act after the bury, the match
study for school-cup's start level; and an option that is off changes no byte.

Fixed seeds: the figures below are exact for these seeds (the margins are wide).
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji import Rules
from shengji._core.base.rng import chunk_state
from shengji._core.drivers import hands as drivers
from shengji._core.drivers.jobs import HandsJob, MatchJob
from shengji.bidding.simulate import COLUMNS, simulate_bids
from tests.support.core_args import core_rules

N = 20_000
LATER = dict(first_hand=False, banker=0)


def both(rules_off, rules_on, seed, **kw):
    return simulate_bids(N, seed, rules=rules_off, **kw), simulate_bids(
        N, seed, rules=rules_on, **kw
    )


def test_later_joker_overturns_in_bid_odds():
    off, on = both("standard", Rules(later_joker_overturns=1), 1, **LATER)
    # a third overturn needs a second joker pair: 46 deals of 20,000 without the limit
    assert (off["overturns"] == 3).sum() > 20 and (on["overturns"] == 3).sum() == 0
    assert on["overturns"].mean() < off["overturns"].mean()


def test_reinforce_lock_jokers_in_bid_odds():
    off, on = both("standard", Rules(reinforce_lock_jokers=True), 2)
    # reinforced and then overturned: 3.7 % of first hands without, never with
    assert (off["reinforced"] & (off["overturns"] > 0)).mean() > 0.02
    assert not (on["reinforced"] & (on["overturns"] > 0)).any()
    assert (on["trump"] == 4).mean() < (off["trump"] == 4).mean() - 0.02  # 27 % vs 31 %


def test_joker_pair_takes_bank_in_bid_odds():
    off, on = both("standard", Rules(joker_pair_takes_bank=False), 2)
    # the first declarer keeps the bank in 51 % of first hands, 72 % without joker bank-taking
    assert (on["banker"] == on["first_declarer"]).mean() > (
        off["banker"] == off["first_declarer"]
    ).mean() + 0.15


@pytest.mark.parametrize("policy, k", [("eager", None), ("threshold", 9)])
def test_bids_close_with_deal_in_bid_odds(policy, k):
    off, on = both(
        "standard", Rules(bids_close_with_deal=True), 3, policy=policy, threshold=k, **LATER
    )
    # nothing is bid with the 100th card: its overturns (eager) and declarations (k = 9)
    assert (on["first_declare_index"] < 99).all()
    assert (off["trump"] != on["trump"]).sum() > 100
    if k:
        assert (off["first_declare_index"] == 99).sum() > 10
        assert on["no_bid"].sum() > off["no_bid"].sum()


def test_banker_draws_first_in_bid_odds():
    off, on = both("standard", Rules(banker_draws_first=True), 4, first_hand=False, banker=2)
    p_off = np.bincount(off["first_declarer"], minlength=4) / N
    p_on = np.bincount(on["first_declarer"], minlength=4) / N
    # the drawing order turns by two seats: the banker declares first as often as seat 0 did
    np.testing.assert_allclose(p_on, np.roll(p_off, 2), atol=0.02)
    assert p_on[2] > p_on[0] and (on["first_drawer"] == 2).all()


def test_random_first_drawer_in_bid_odds():
    from scipy import stats

    off, on = both("standard", Rules(random_first_drawer=True), 5)
    # seat 0 declares first in 28 % of first hands when it always draws first; uniform else
    assert np.bincount(off["first_declarer"])[0] / N > 0.27
    assert stats.chisquare(np.bincount(on["first_declarer"], minlength=4)).pvalue > 1e-3
    assert stats.chisquare(np.bincount(on["first_drawer"], minlength=4)).pvalue > 1e-3


def test_first_hand_no_bid_in_bid_odds():
    off, on = both(
        Rules.preset("spring-festival").replace(first_hand_no_bid="redeal"),
        "spring-festival",
        6,
        policy="threshold",
        threshold=13,
    )
    # bidders asking for 13 trumps: 3.8 redeals per hand, or the first kitty card decides
    assert off["redeals"].mean() > 2 and not off["no_bid"].any()
    assert not on["redeals"].any() and on["no_bid"].mean() > 0.5
    assert simulate_bids(200, 6, rules="spring-festival", policy="never")["no_bid"].all()


@pytest.mark.parametrize("first_hand", [True, False])
def test_secret_bids_in_bid_odds(first_hand):
    base = Rules.preset("must-play-ja").replace(secret_bids=False)
    kw = {} if first_hand else LATER
    off, on = both(base, "must-play-ja", 7, **kw)
    assert off["reinforced"].mean() > 0.1 and not on["reinforced"].any()
    if first_hand:  # overturns during the deal: level pairs only, unranked
        assert 0 < on["overturns"].mean() < off["overturns"].mean()
    else:  # later hands overturn only after the bury
        assert not on["overturns"].any() and off["overturns"].mean() > 0.5


# -- options off change no byte ----------------------------------------------------------------
def test_options_off_change_no_byte():
    base = simulate_bids(3000, 8, rules="tournament", **LATER)
    # random_first_drawer acts in first hands only: later hands draw nothing more
    same = simulate_bids(
        3000, 8, rules=Rules.preset("tournament").replace(random_first_drawer=False), **LATER
    )
    for col in COLUMNS:
        np.testing.assert_array_equal(base[col], same[col], err_msg=col)


# -- the round after the bury in the scoring study ----------------------------------------------
def hands(rules, banker=0, n=4000, seed=9):
    out = np.zeros((len(drivers.HAND_COLUMNS), n), np.int32)
    drivers.play_hands(
        HandsJob(
            state=chunk_state(seed, 0),
            deck=np.arange(108, dtype=np.uint8),
            n=n,
            rules=core_rules(rules),
            level=0,
            banker=banker,
            banker_bot=1,
            defender_bot=1,
            bid_policy=0,
            bid_threshold=0,
            out=out,
        )
    )
    return {c: out[i] for i, c in enumerate(drivers.HAND_COLUMNS)}


@pytest.mark.parametrize("preset", ["campus-2015", "league-2019"])
def test_overturn_after_kitty_in_scoring(preset):
    off = hands(Rules.preset(preset).replace(overturn_after_kitty="never"))
    on = hands(preset)
    late = on["late_overturns"] > 0
    # later hands: the banker overturns with a pair the kitty gave it in ~9-10 % of hands;
    # the trump column differs there and only there (greedy bots draw nothing)
    assert 0.05 < late.mean() < 0.2 and not off["late_overturns"].any()
    differ = off["trump"] != on["trump"]
    assert differ.any() and (differ <= late).all()
    assert (on["banker"] == off["banker"]).all()  # never the bank
    assert (on["overturns"] == off["overturns"] + on["late_overturns"]).all()


def test_overturn_reburies_in_scoring():
    off = hands(Rules.preset("must-play-ja").replace(overturn_reburies=False))
    on = hands("must-play-ja")
    # secret overturns after the bury in 64 % of later hands; each re-buries the kitty
    assert (on["reburies"] == on["late_overturns"]).all() and on["reburies"].mean() > 0.5
    assert not off["reburies"].any()
    assert on["kitty_points"].mean() > off["kitty_points"].mean() + 1  # 5.3 vs 3.0
    assert (on["trump"] == off["trump"]).all()  # the same overturns


def test_secret_bids_in_scoring():
    off = hands(Rules.preset("must-play-ja").replace(secret_bids=False))
    on = hands("must-play-ja")
    assert on["overturns"].mean() > off["overturns"].mean() + 0.2  # 1.02 vs 0.70
    assert (on["overturns"] == on["late_overturns"]).all()  # later hands: after the bury


# -- school-cup starts at 6 (source 000, line 23) ------------------------------------------------
def test_school_cup_matches_start_at_six():
    out = np.zeros((len(drivers.HAND_COLUMNS) + 2, 600), np.int32)
    n, *_ = drivers.play_match(
        MatchJob(
            state=chunk_state(3, 0),
            deck=np.arange(108, dtype=np.uint8),
            rules=core_rules("school-cup"),
            team0_bot=1,
            team1_bot=1,
            bid_policy=0,
            bid_threshold=0,
            out=out,
        )
    )
    assert n > 0 and out[len(drivers.HAND_COLUMNS), 0] == out[len(drivers.HAND_COLUMNS) + 1, 0] == 4
    assert out[drivers.HAND_COLUMNS.index("level"), 0] == 4
    n, *_ = drivers.play_match(
        MatchJob(
            state=chunk_state(3, 0),
            deck=np.arange(108, dtype=np.uint8),
            rules=core_rules("standard"),
            team0_bot=1,
            team1_bot=1,
            bid_policy=0,
            bid_threshold=0,
            out=out,
        )
    )
    assert out[len(drivers.HAND_COLUMNS), 0] == 0

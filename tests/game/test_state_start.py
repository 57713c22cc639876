"""game/state_start.py: ``start_hand`` checks a hand's arguments (one line naming the bad
one) and deals it each way: a given trump and banker, the drivers' own deal step, the deal's
bidding stepped for the seats; ``set_up_parts`` sets a setup's C hand up again."""

from __future__ import annotations

import pytest

from shengji.game.state_start import set_up_parts, start_hand
from shengji.rules.options import Rules

STD = Rules.preset("standard")


def start(**kw):
    args = dict(rules=STD, level="2", banker=None, deal=None, seed=5, trump=None,
                bid_policy="eager", threshold=0, defender_level=None, bid_phase=False)  # fmt: skip
    args.update(kw)
    return start_hand(**args)


def test_a_given_trump_and_banker():
    bid, play = start(banker=2, trump="D", defender_level="7")
    assert play.ready and play.burying() and play.burier() == 2
    assert (bid.setup.trump, bid.setup.banker, bid.setup.defender_level) == ("D", 2, "7")
    assert bid.outcome is None and not bid.deciding()


def test_the_drivers_deal_step_bids_for_every_seat():
    bid, play = start()
    assert play.ready and bid.outcome is not None and bid.setup.bidding == bid.outcome
    assert sum(map(len, play.hands())) == 108  # the banker holds the kitty until the bury


def test_a_hand_is_a_first_hand_without_trump_and_banker():
    assert start()[0].setup.first_hand
    assert not start(banker=1)[0].setup.first_hand
    assert not start(trump="S")[0].setup.first_hand


def test_the_seats_bid_when_asked():
    bid, play = start(bid_phase=True)
    assert bid.deciding() and not play.ready


def test_the_same_seed_deals_the_same_hand():
    assert start()[1].hands() == start()[1].hands()
    assert start()[1].hands() != start(seed=6)[1].hands()


@pytest.mark.parametrize(
    "kw, needle",
    [
        ({"banker": 4}, "^banker"),
        ({"deal": [0, 1]}, "^deal: expected the 108 card ids"),
        ({"trump": "X"}, "^trump: unknown value"),
        ({"bid_policy": "sometimes"}, "^bid_policy"),
        ({"defender_level": "5"}, "give the banker seat"),
    ],
)
def test_a_bad_argument_is_one_line(kw, needle):
    with pytest.raises(ValueError, match=needle):
        start(**kw)


def test_set_up_parts_rebuilds_a_setups_hand():
    bid, play = start(banker=1, trump="S")
    setup = bid.setup
    again = set_up_parts(setup, 5)[1]
    assert again.hands() == play.hands() and again.burier() == 1

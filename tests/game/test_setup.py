"""game/setup.py: a hand's ``Setup`` round-trips through plain data (JSON) with and without
a bidding and start arguments, the bidding's dict inverts ``bid_outcome`` (all but the log
of bids), and a trump's name is the core's index or one ValueError."""

from __future__ import annotations

import dataclasses
import json

import pytest

from shengji.game import HandState
from shengji.game.records import bid_outcome
from shengji.game.setup import Setup, bid_dict, trump_index
from shengji.names import NO_TRUMP
from shengji.rules.bid_types import BidOutcome


def test_trump_index():
    assert [trump_index(t) for t in ("S", "h", " NT", "n")] == [0, 1, NO_TRUMP, NO_TRUMP]
    with pytest.raises(ValueError, match="trump: unknown value 'X'"):
        trump_index("X")


@pytest.mark.parametrize(
    "kwargs",
    [
        {"banker": 0, "trump": "H", "seed": 7},
        {"seed": 3, "bid_phase": True},
        {"banker": 2, "trump": None, "seed": 1, "defender_level": "5"},
    ],
)
def test_a_setup_round_trips_through_json(kwargs):
    s = HandState("standard", level="2", **kwargs)
    while s.phase == "bid":
        s.apply(s.bid_action())
    setup = s.setup
    back = Setup.from_dict(json.loads(json.dumps(setup.to_dict())))
    assert back == setup
    assert HandState.from_history(back, s.history).history == s.history


def test_every_field_survives_the_bidding_dict():
    b = BidOutcome(trump="NT", banker=3, first_declarer=1, first_declare_index=41,
                   overturns=2, reinforced=True, no_bid=False, redeals=1,
                   banker_steps_down=True, first_drawer=2, late_overturns=1, reburies=1,
                   team_overturns=(1, 1))  # fmt: skip
    assert bid_outcome(bid_dict(b)) == b


def test_the_bidding_dict_inverts_bid_outcome():
    s = HandState("standard", level="2", seed=3, bid_phase=True)
    while s.phase == "bid":
        s.apply(s.bid_action())
    b = s.setup.bidding
    assert b is not None and bid_dict(None) is None
    assert b.bids and bid_outcome(bid_dict(b)) == dataclasses.replace(b, bids=())  # no log

"""game/records.py: the core's tuples turned into the public records (tricks, failed
throws, events, a hand's result row, the bidding's outcome) with the names of
shengji.names, and how each record prints."""

from __future__ import annotations

import dataclasses

import pytest

from shengji.cards import parse_cards
from shengji.game.records import (
    Event,
    bid_outcome,
    built,
    event_of,
    failed_throws,
    hand_result,
    trick_of,
    void_names,
)
from shengji.names import HAND_COLUMNS, PHASE_NAMES, RANK_NAMES, SIDE_NAMES, TRUMP_NAMES

AS_KS = tuple(parse_cards("AS KS"))


def test_a_trick_from_the_core():
    open_ = trick_of(0, (2, -1, 10, ((2, AS_KS),), None, 0))
    assert open_.winner is None and not open_.complete and open_.lead == AS_KS
    assert open_.cards_of(2) == AS_KS and open_.cards_of(3) is None
    assert str(open_) == " 1. S2 AS KS  (10 pts so far)"
    thrown = trick_of(4, (1, 3, 0, ((1, AS_KS[1:]), (2, AS_KS[:1])), AS_KS, -10))
    assert str(thrown).startswith(" 5. S1 KS | S2 AS  (S1 tried AS KS: failed throw, penalty -10)")
    assert str(thrown).endswith("-> S3, 0 pts")
    assert thrown.to_dict()["plays"] == [[1, [AS_KS[1]]], [2, [AS_KS[0]]]]
    (f,) = failed_throws([open_, None, thrown])
    assert (f.trick, f.seat, f.attempted, f.forced, f.penalty) == (4, 1, AS_KS, AS_KS[1:], -10)


def test_an_event_from_the_core():
    e = event_of((1, PHASE_NAMES.index("play"), AS_KS, AS_KS[:1], 10, 3, 0, 25, 0))
    assert (e.phase, e.trick, e.winner, e.over) == ("play", 3, 0, False)
    assert e.failed_throw and e.trick_complete
    assert str(e) == "S1 plays AS (tried AS KS: failed throw, penalty +10); trick 4 to S0 (25 pts)"
    assert event_of((0, 0, AS_KS, AS_KS, 0, -1, -1, 0, 0)).trick is None
    assert str(Event(2, "bid", (), bid="declare H")) == "S2 bids: declare H"


def test_built_is_the_dataclass_without_its_init():
    e = built(Event, **{f.name: Event(0, "play", ()).__dict__[f.name]
                        for f in dataclasses.fields(Event)})  # fmt: skip
    assert e == Event(0, "play", ())


def test_names_for_the_cores_indices():
    row = {k: 0 for k in HAND_COLUMNS} | {"trump": 4, "level": 12, "level_side": 1}
    named = hand_result(row)
    assert (named["trump"], named["level"], named["level_side"]) == (
        TRUMP_NAMES[4],
        RANK_NAMES[12],
        SIDE_NAMES[1],
    )
    assert void_names(0) == () and void_names(0b10001) == ("S", "T")
    assert bid_outcome(None) is None


@pytest.mark.parametrize("reinforced", [0, 1])
def test_the_bidding_outcome(reinforced):
    d = {"trump": 1, "banker": 2, "first_declarer": 2, "first_declare_index": 30,
         "overturns": 1, "reinforced": reinforced, "no_bid": 0, "redeals": 0,
         "banker_steps_down": 0}  # fmt: skip
    out = bid_outcome(d)
    assert (out.trump, out.banker, out.reinforced) == (TRUMP_NAMES[1], 2, bool(reinforced))

"""rules/bid_types.py: every bid's action number (``bid_action``, ``BidOption.code``) is
its line of ``BID_ACTIONS``, and the bid records are values (compared without their key)."""

from __future__ import annotations

import dataclasses

import pytest

from shengji.rules.bid_types import (
    BID_ACTIONS,
    BID_PASS,
    BidOption,
    BidOutcome,
    bid_action,
    core_outcome,
)

OPTIONS = [
    (BidOption("declare", "S", "single", 3, "2S"), "declare S"),
    (BidOption("declare", "D", "level_pair", 5, "2D 2D"), "declare D"),
    (BidOption("reinforce", "H", "level_pair", 6, "2H 2H"), "reinforce"),
    (BidOption("overturn", "C", "level_pair", 7, "2C 2C"), "overturn C"),
    (BidOption("overturn", "NT", "small_joker_pair", 8, "SJ SJ"), "overturn SJ SJ"),
    (BidOption("overturn", "NT", "big_joker_pair", 9, "BJ BJ"), "overturn BJ BJ"),
    (BidOption("declare", "NT", "single", 2, "SJ"), "declare SJ"),
]


@pytest.mark.parametrize("option, line", OPTIONS, ids=[line for _, line in OPTIONS])
def test_a_bids_action_is_its_line(option, line):
    assert BID_ACTIONS[bid_action(option)] == line == BID_ACTIONS[option.code]


def test_pass_and_the_lines_are_distinct():
    assert BID_ACTIONS[BID_PASS] == "pass" and len(set(BID_ACTIONS)) == len(BID_ACTIONS)


def test_the_records_are_frozen_values():
    a = BidOption("declare", "S", "single", 3, "2S", _key=(1,))
    assert a == BidOption("declare", "S", "single", 3, "2S", _key=(2,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.trump = "H"  # type: ignore[misc]
    assert dataclasses.is_dataclass(BidOutcome)


CORE = {
    "trump": 2,
    "banker": 3,
    "first_declarer": 1,
    "first_declare_index": 40,
    "overturns": 2,
    "reinforced": 1,
    "no_bid": 0,
    "banker_steps_down": 0,
}


def test_a_core_dict_is_read_once():
    out = core_outcome(CORE, "C", redeals=4, first_drawer=2)
    assert out == BidOutcome(
        trump="C",
        banker=3,
        first_declarer=1,
        first_declare_index=40,
        overturns=2,
        reinforced=True,
        no_bid=False,
        redeals=4,
        first_drawer=2,
    )
    assert type(out.reinforced) is bool and type(out.banker_steps_down) is bool


def test_the_same_result_is_every_field_but_the_bid_log():
    base = core_outcome(CORE, "C", bids=((0, 1, 2, "C", 1),))
    assert base.same_result(dataclasses.replace(base, bids=()))
    for f in dataclasses.fields(BidOutcome):
        if f.name != "bids":
            other = dataclasses.replace(base, **{f.name: "changed"})
            assert not base.same_result(other), f.name

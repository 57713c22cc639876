"""game/state_bidding.py: ``HandBidding`` steps the deal's bidding for the seats: a bid by
its k, its action or its name, the log, a refused bid leaving both parts as they were, the
C hand set up once nobody may bid, and a given deal nobody declares on refused in one
line."""

from __future__ import annotations

import pytest

from shengji.game.actions import BID_ACTION_BASE
from shengji.game.state_start import start_hand
from shengji.rules.bid_types import BID_ACTIONS, BID_PASS
from shengji.rules.options import Rules

STD = Rules.preset("standard")


def parts(seed=3, **kw):
    args = dict(rules=STD, level="2", banker=None, deal=None, seed=seed, trump=None,
                bid_policy="eager", threshold=0, defender_level=None, bid_phase=True)  # fmt: skip
    args.update(kw)
    return start_hand(**args)


def test_bids_by_k_action_or_name_until_the_hand_is_set_up():
    bid, play = parts()
    ev, action = bid.decide(play, BID_PASS)
    assert ev.phase == "bid" and ev.bid == "pass" and action == BID_ACTION_BASE
    while bid.deciding():
        k = bid.open.bot(0, 0)  # eager
        ev, action = bid.decide(play, BID_ACTIONS[k] if k % 2 else BID_ACTION_BASE + k)
        assert action == BID_ACTION_BASE + k and ev.bid == BID_ACTIONS[k]
    assert play.ready and play.burying() and bid.outcome is not None
    assert bid.log() == bid.outcome.bids and len(bid.log()) >= 1
    assert bid.setup.trump == bid.outcome.trump and bid.setup.banker == bid.outcome.banker


def test_a_refused_bid_changes_nothing():
    bid, play = parts()
    log, stream = bid.log(), bid.stream.copy()
    dealt = bid.open.dealt
    for k, name in enumerate(BID_ACTIONS):
        if k not in bid.open.legal():
            with pytest.raises(ValueError, match="cannot"):
                bid.decide(play, name)
    assert bid.log() == log and (bid.stream == stream).all() and bid.deciding()
    assert bid.open.dealt == dealt and not play.ready


def test_a_given_deal_nobody_declares_on_is_refused_and_left_as_it_was():
    bid, play = parts(deal=list(range(108)))
    with pytest.raises(ValueError, match="deal: nobody declared"):
        while bid.deciding():
            dealt, stream = bid.open.dealt, bid.stream.copy()
            bid.decide(play, BID_PASS)
    assert bid.deciding() and bid.open.dealt == dealt and (bid.stream == stream).all()
    assert not play.ready


def test_a_copy_is_independent():
    bid, play = parts()
    dealt = bid.open.dealt
    twin = bid.copy()
    bid.decide(play, BID_PASS)
    assert twin.open.dealt == dealt < bid.open.dealt

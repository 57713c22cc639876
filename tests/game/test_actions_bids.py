"""The bidding as actions of the one integer encoding (shengji.game.actions): a bid is
``BID_ACTION_BASE + k`` for k in ``BID_ACTIONS``; ``legal_actions()``, ``apply_action``,
``history``, ``observation`` and ``from_history`` / ``at`` carry the bid decisions of the
"bid" phase (the deal's bidding, and the round of overturns after the bury)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from shengji.game import (
    BID_ACTION_BASE,
    N_ACTIONS,
    HandState,
    action_name,
    builtin_bot,
    is_bid_action,
    play_hand,
    random_action_bot,
)
from shengji.rules.bid_types import BID_ACTIONS
from shengji.rules.options import PRESETS


def test_the_action_space_is_written_once():
    assert BID_ACTION_BASE == 109 and N_ACTIONS == BID_ACTION_BASE + len(BID_ACTIONS)
    assert action_name(BID_ACTION_BASE) == "pass" and action_name(108) == "play"
    assert [is_bid_action(a) for a in (108, 109, N_ACTIONS - 1, N_ACTIONS)] == [
        False,
        True,
        True,
        False,
    ]


def _bid_hand(preset, seed, rng):
    s = HandState(preset, "2", banker=None if seed % 2 else seed % 4, seed=seed, bid_phase=True)
    bids = 0
    while not s.is_over():
        seat = s.to_play
        legal = s.legal_actions()
        obs = s.observation(seat)
        assert tuple(legal) == obs.legal_actions and legal
        if s.phase == "bid":
            bids += 1
            assert [BID_ACTION_BASE + k for k in s.legal_plays()] == legal
            assert all(is_bid_action(a) for a in legal) and legal[0] == BID_ACTION_BASE
            assert obs.phase == "bid" and obs.standing_bid == s.bid_current(seat)
            if s.trump is None:  # the deal's bidding: dealt so far
                assert list(obs.hand) == sorted(s.bid_cards(seat))
        else:
            assert not any(is_bid_action(a) for a in legal)
        a = random_action_bot(obs, rng)
        s.apply_action(a)
    return s, bids


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_actions_bid_and_play_every_preset(preset):
    rng = np.random.default_rng(sorted(PRESETS).index(preset))
    total = 0
    for seed in range(3):
        s, bids = _bid_hand(preset, seed, rng)
        total += bids
        ints = [h for h in s.history if isinstance(h, int)]
        assert len(ints) == bids and all(is_bid_action(h) for h in ints)
        assert [e.bid for e in s.events if e.phase == "bid"] == [
            BID_ACTIONS[h - BID_ACTION_BASE] for h in ints
        ]
        again = HandState.from_history(s.setup, s.history)
        assert again.result() == s.result() and again.history == s.history
        assert s.at(len(s.history)).result() == s.result()
        assert s.result()["trump"] == s.trump
    assert total > 0


def test_bid_phase_apply_forms_and_refusals():
    s = HandState("standard", "2", banker=0, seed=4, bid_phase=True)
    while s.phase == "bid" and len(s.legal_actions()) == 1:
        s.apply_action(BID_ACTION_BASE)  # pass
    if s.phase != "bid":
        pytest.skip("nobody could bid in this deal")
    before = (s.history, s.to_play, s.bid_current(s.to_play))
    with pytest.raises(ValueError):
        s.apply_action(3)  # a card id: not now
    with pytest.raises(ValueError):
        s.apply_action(N_ACTIONS)
    assert (s.history, s.to_play, s.bid_current(s.to_play)) == before
    k = s.legal_plays()[-1]
    ev = s.apply(BID_ACTION_BASE + k)  # apply takes the action too
    assert ev.phase == "bid" and ev.bid == BID_ACTIONS[k]
    assert s.history[-1] == BID_ACTION_BASE + k and s.actions[-1] == BID_ACTION_BASE + k


def test_secret_bids_are_face_down_in_other_seats_observations():
    for seed in range(40):
        s = HandState("must-play-ja", "2", banker=0, seed=seed, bid_phase=True)
        while s.phase == "bid":
            s.apply(s.bot_action("eager"))
        log = s.bidding.bids
        if not log:
            continue
        for seat in range(4):
            o = s.observation(seat)
            assert len(o.bids) == len(log)
            for seen, real in zip(o.bids, log, strict=False):
                assert seen[3] == (real[3] if real[1] == seat else None)
        return
    pytest.fail("no bid in 40 deals")


def test_bid_phase_states_clone_and_pickle():
    s = HandState("tournament", "2", seed=3, bid_phase=True)
    s.apply(s.bot_action("eager"))
    t = pickle.loads(pickle.dumps(s))
    c = s.clone()
    for x in (t, c):
        assert x.phase == s.phase and x.to_play == s.to_play
        assert x.legal_actions() == s.legal_actions() and x.history == s.history
        while not x.is_over():
            x.apply(x.bot_action("greedy"))
    assert t.result() == c.result()


def test_builtin_bot_bids_from_the_observation():
    bot = builtin_bot("greedy")
    s = play_hand("tournament", "2", policies=(bot,) * 4, banker=None, seed=7, bid_phase=True)
    assert s.is_over() and any(isinstance(h, int) for h in s.history)


def test_the_table_renders_during_the_bidding():
    s = HandState("must-play-ja", "J", banker=0, seed=3, bid_phase=True)
    assert s.trump is None and s.kitty == [] and "not decided yet" in s.render()
    me = s.to_play
    text = s.observation(me).render()
    assert "legal actions: pass" in text and f"S{me} to decide (you)" in text
    s.apply(s.legal_plays()[-1])  # a face-down declaration
    other = s.observation((me + 1) % 4)
    assert other.bids and other.bids[0][3] is None and "(face down)" in other.render()

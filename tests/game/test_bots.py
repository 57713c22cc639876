"""Bots decide from the observation only: a Python bot written against Observation plays
whole hands under every preset without an illegal move; the built-in bots run on an
observation (its redacted information set) choose as they do on the full state.

A third of the hands are bid through the bots too (``bid_phase``).  Default run:
``FAST_HANDS`` hands in all (spread over the presets); ``-m slow``: ``FULL_HANDS`` (10^4)
per preset."""

from __future__ import annotations

import numpy as np
import pytest

import shengji.reference as ref
from shengji.cards import card_points
from shengji.game import BOT_NAMES, HandState, Observation, builtin_bot, play_hand
from shengji.rules.options import PRESETS

FAST_HANDS = 400
FULL_HANDS = 10_000


def thrifty_bot(obs: Observation, rng: np.random.Generator):
    """A small bot that reads only its observation: buries pointless cards one action at a
    time, leads a random candidate play, and follows card by card (integer actions) with
    the card of fewest points -- of most points when its partner is winning the trick."""
    if obs.phase == "bid":  # a bid action (109 + k), pass or a bid
        return int(obs.legal_actions[rng.integers(len(obs.legal_actions))])
    if obs.phase == "bury":
        bare = [a for a in obs.legal_actions if card_points(a) == 0] or obs.legal_actions
        return int(bare[rng.integers(len(bare))])
    if obs.current_trick is None:
        plays = obs.legal_plays()
        return plays[rng.integers(len(plays))]
    plays = obs.current_trick.plays
    winner = plays[0][0]
    if len(plays) > 1:
        trump = (obs.level, None if obs.trump == "NT" else obs.trump)
        winner = plays[ref.trick_winner([list(c) for _, c in plays], trump, obs.rules)][0]
    sign = -1 if winner == (obs.seat + 2) % 4 else 1
    return min(obs.legal_actions, key=lambda a: (sign * card_points(a), a))


def _play(preset, seed, slow=False):
    policies = [thrifty_bot, thrifty_bot, thrifty_bot, thrifty_bot]
    policies[seed % 4] = BOT_NAMES[seed % 2]  # a built-in bot in one seat
    s = play_hand(
        preset,
        ["2", "7", "A"][seed % 3],
        policies=policies,
        banker=None if seed % 5 == 0 else seed % 4,
        seed=seed,
        bid_phase=seed % 3 == 0,
    )  # a third bid through the bots
    reburies = s.bidding.reburies if s.bidding else 0  # overturn_reburies
    bids = sum(isinstance(h, int) for h in s.history)
    assert s.is_over() and len(s.history) == bids + 8 * (1 + reburies) + 4 * len(s.tricks)
    assert (bids > 0) <= (seed % 3 == 0)
    assert len(s.actions) > len(s.history)  # some card by card
    return s


def test_observation_bot_plays_every_preset():
    presets = sorted(PRESETS)
    sides = set()
    for i in range(FAST_HANDS):
        s = _play(presets[i % len(presets)], i)
        r = s.result()
        if i % 5:
            assert r["banker"] == i % 4
        # the score is the cards' points as played, counted here from the record: the
        # defenders' tricks, the buried kitty, 200 points in the two decks
        defenders = sum(
            card_points(c)
            for t in s.tricks
            if (t.winner - r["banker"]) % 2
            for _, cards in t.plays
            for c in cards
        )
        assert r["table_points"] == defenders, i
        assert r["kitty_points"] == sum(card_points(c) for c in s.buried), i
        assert sum(t.points for t in s.tricks) + r["kitty_points"] == 200, i
        assert r["defender_points"] == (
            r["table_points"] + r["kitty_points"] * r["kitty_multiplier"] + r["penalty"]
        ), i
        sides.add(r["level_side"])
    assert sides == {"banker", "defenders"}  # the hands are not all one outcome


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_observation_bot_plays_every_preset_full(preset, slow_only):
    for i in range(FULL_HANDS):
        _play(preset, 10 * i + 1)


def test_builtin_bots_on_observations_match_the_full_state():
    """greedy (which draws nothing) chooses the same on an observation as through
    HandState.bot_action, at every decision; random's choice is legal."""
    greedy, rand = builtin_bot("greedy"), builtin_bot("random")
    rng = np.random.default_rng(0)
    for seed in range(8):
        s = HandState(sorted(PRESETS)[seed], "2", banker=seed % 4, seed=seed)
        while not s.is_over():
            o = s.observation(s.to_play)
            mine = greedy(o, rng)
            assert mine == s.clone().bot_action("greedy")
            r = rand(o, rng)
            assert (
                s.phase == "bury"
                or sorted(r) in [sorted(p) for p in o.legal_plays()]
                or o.current_trick is None
            )
            s.apply(mine if seed % 2 else s.bot_action("random"))


def test_play_hand_with_names_is_the_study_hand():
    """Names play through bot_action (the study's draws); callables get observations."""
    a = play_hand("standard", "2", policies=("random",) * 4, seed=4)
    b = play_hand("standard", "2", policies=("random",) * 4, seed=4)
    assert a.history == b.history
    c = play_hand("standard", "2", policies=(builtin_bot("greedy"),) * 4, seed=4)
    d = play_hand("standard", "2", policies=("greedy",) * 4, seed=4)
    assert c.history == d.history and c.result() == d.result()
    with pytest.raises(ValueError, match="policies"):
        play_hand(policies=("greedy",) * 3)
    with pytest.raises(ValueError, match="policies"):
        play_hand(policies=("greedy", "smart", "greedy", "greedy"))


def test_the_old_names_are_deprecated():
    """shengji.game.Bot and BOTS (issue 43: each named two things) warn and give the new."""
    import shengji.game as game

    with pytest.warns(DeprecationWarning, match="PythonBot"):
        assert game.Bot is game.PythonBot
    with pytest.warns(DeprecationWarning, match="BOT_NAMES"):
        assert game.BOTS is game.BOT_NAMES
    with pytest.raises(AttributeError):
        game.NOT_A_NAME  # noqa: B018

"""The vector env plays HandState's game: each env's first hand, with the actions it
recorded (the learner's random legal actions and the bots' choices), replayed into
``HandState(rules, level, banker, seed=S + i)`` gives the same deal, bidding, legal
actions, compact observations (``shengji.adapters.compact`` from ``observation(seat)``),
rewards, points and levels; and the bots' choices are ``HandState.bot_action``'s from the
same stream."""

from __future__ import annotations

import numpy as np
import pytest

from shengji import HandState
from shengji.adapters.compact import compact
from shengji.adapters.encoding import hand_returns
from shengji.adapters.vector import VectorEnv
from shengji.game.actions import ACTION_PLAY
from shengji.names import TRUMP_NAMES as TRUMPS


def play_first_hands(env: VectorEnv, seed: int):
    """Random legal actions until every env's first hand is over: per env the observations
    and masks it returned (in order), its history, deal, reward and returns at the end."""
    n = env.num_envs
    obs, info = env.reset(seed=seed)
    seen = [[(obs["observation"][i].copy(), obs["action_mask"][i].copy())] for i in range(n)]
    done = np.zeros(n, bool)
    out = [None] * n
    dealt = [env.deal_info(i) for i in range(n)]
    while not done.all():
        obs, rew, term, trunc, info = env.step(env.sample_actions())
        assert not trunc.any()
        for i in np.flatnonzero(~done):
            seen[i].append((obs["observation"][i].copy(), obs["action_mask"][i].copy()))
            if term[i]:
                done[i] = True
                out[i] = (
                    seen[i],
                    env.history(i),
                    dealt[i],
                    env.deal_info(i)[1],
                    float(rew[i]),
                    info["returns"][i].copy(),
                )
    return out


def replay(env: VectorEnv, seed: int, i: int, record, *, banker=None, trump=None, check_bots=True):
    seen, history, (dealt, bidding), final_bidding, reward, returns = record
    s = HandState(env.rules, env.level, banker=banker, seed=seed + i, trump=trump)
    assert s.first_drawer == bidding["first_drawer"]
    k = 0
    last = None
    j = 0
    while j < len(history):
        seat = s.to_play
        if seat in env.seats:
            x, m = seen[k]
            np.testing.assert_array_equal(
                x, compact(s.observation(seat)), err_msg=f"env {i} obs {k}"
            )
            legal = np.zeros(len(m), np.int8)
            legal[s.legal_actions()] = 1
            np.testing.assert_array_equal(m, legal, err_msg=f"env {i} mask {k}")
            k += 1
            last = seat
            s.apply_action(history[j])
            j += 1
            continue
        if check_bots:  # a bot's whole decision starts here: bot_action's, same stream
            if s.phase == "bury":
                size = 8 - len(s.buried)
            elif s.current_trick is None:
                size = history.index(ACTION_PLAY, j) - j
            else:
                size = len(s.current_trick.plays[0][1])
            assert sorted(s.bot_action(env.opponents)) == sorted(history[j : j + size]), (
                f"env {i}: bot decision at action {j}"
            )
            size += s.phase == "play" and s.current_trick is None  # the lead's ACTION_PLAY
            for a in history[j : j + size]:
                s.apply_action(a)
            j += size
        else:
            s.apply_action(history[j])
            j += 1
    assert s.is_over(), f"env {i}: the history did not finish the hand"
    x, m = seen[k]
    assert k == len(seen) - 1
    np.testing.assert_array_equal(x, compact(s.observation(last)), err_msg=f"env {i} final obs")
    assert not m.any()
    want = hand_returns(s, env.returns)
    np.testing.assert_array_equal(returns, want)
    assert reward == want[last]
    assert s.hands == [[] for _ in range(4)] and s.trump == TRUMPS[final_bidding["trump"]]
    if s.bidding is not None:
        assert s.bidding.late_overturns == final_bidding["late_overturns"]
        assert s.bidding.reburies == final_bidding["reburies"]
        assert s.bidding.team_overturns == tuple(final_bidding["team_overturns"])
    assert s.result()["first_drawer"] == final_bidding["first_drawer"]
    assert list(s.deal) == dealt or s.first_drawer != 0
    return s


PRESETS = ["standard", "league-2019", "club-84022", "must-play-ja", "timed-match", "campus-2015"]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seats", [(0,), (1, 3), (0, 1, 2, 3)])
def test_first_hands_are_handstate(preset, seats):
    env = VectorEnv(16, preset=preset, seats=seats, opponents="random", record=True)
    seed = 1000 + 7 * len(seats)
    for i, rec in enumerate(play_first_hands(env, seed)):
        replay(env, seed, i, rec)


@pytest.mark.parametrize("opponents", ["greedy", "memory"])
def test_other_bots_and_points(opponents):
    env = VectorEnv(
        12, preset="tournament", seats=(2,), opponents=opponents, returns="points", record=True
    )
    for i, rec in enumerate(play_first_hands(env, 77)):
        replay(env, 77, i, rec)


def test_given_trump_and_banker():
    env = VectorEnv(
        30, preset="classic-80", level="J", seats=(0, 2), banker=1, trump="NT", record=True
    )
    for i, rec in enumerate(play_first_hands(env, 5)):
        replay(env, 5, i, rec, banker=1, trump="NT")


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS + ["spring-festival", "team-cup", "school-cup"])
def test_thousands_of_hands(preset):
    env = VectorEnv(500, preset=preset, seats=(0,), opponents="random", record=True)
    for i, rec in enumerate(play_first_hands(env, 31)):
        replay(env, 31, i, rec)


def test_later_hands_replay():
    """Hands after the first continue the stream: their recorded actions replay into a
    HandState on the same deal, trump and banker with the same points and levels (the
    standard rules: no round after the bury, no overturn stakes)."""
    env = VectorEnv(20, seats=(0,), record=True)
    env.reset(seed=3)
    deals = [env.deal_info(i) for i in range(20)]
    hands = 0
    fresh = np.zeros(20, bool)  # dealt at the last step (the step after a hand ended)
    for _ in range(1500):
        obs, rew, term, trunc, info = env.step(env.sample_actions())
        for i in np.flatnonzero(fresh):
            deals[i] = env.deal_info(i)
        for i in np.flatnonzero(term):
            dealt, bidding = deals[i]
            s = HandState(
                env.rules,
                env.level,
                banker=bidding["banker"],
                deal=dealt,
                trump=TRUMPS[bidding["trump"]],
            )
            for a in env.history(i):
                s.apply_action(a)
            assert s.is_over()
            np.testing.assert_array_equal(info["returns"][i], hand_returns(s, "levels"))
            hands += 1
        fresh = term.copy()
    assert hands > 100

"""DuelCore.load_duel (the vector kernel on a duel's deals, what shengji.evaluate steps):
each env deals the duel's hand, seats the learner on the team its orientation says, and the
observations, masks and Observations it gives at the learner's decisions are HandState's on
the same deal and actions."""

from __future__ import annotations

import numpy as np
import pytest

from shengji import HandState
from shengji.adapters.compact import compact
from shengji.game.botspec import parse_bot
from shengji.game.observation import HandMemo, Observation
from shengji.rules.options import Rules
from shengji.studies.agent_duel import _Envs
from shengji.studies.common_deals import DealParams, deal_starts


def _play(p: DealParams, deals: int, seed: int):
    envs = _Envs(2 * deals, p, parse_bot("b", "greedy"), record=True)
    states, decks, keys = deal_starts(p, 0, deals)
    envs.core.load_duel(
        np.repeat(states, 2, axis=0),
        np.repeat(decks, 2, axis=0),
        np.repeat(keys, 2, axis=0),
        np.repeat(np.arange(deals, dtype=np.int64), 2),
        np.tile(np.array([0, 1], np.int8), deals),
    )
    n = envs.n
    rng = np.random.default_rng(seed)
    seen = [[] for _ in range(n)]
    memos = [HandMemo() for _ in range(n)]
    dealt = [envs.core.deal_info(i) for i in range(n)]
    actions = np.zeros(n, np.int64)
    while (envs.to_play >= 0).any():
        actions[:] = 0
        for i in np.flatnonzero(envs.to_play >= 0):
            obs = Observation.from_infoset(envs.core.infoset(i), p.rules, memos[i], ())
            seen[i].append((envs.obs[i].copy(), envs.mask[i].copy(), obs.to_dict()))
            legal = np.flatnonzero(envs.mask[i])
            actions[i] = legal[rng.integers(len(legal))]
        envs.core.step(actions)
    return envs, seen, dealt


@pytest.mark.parametrize("preset", ["standard", "league-2019"])
def test_the_envs_are_handstates_hands(preset):
    p = DealParams(8, Rules.preset(preset), "3", False, "eager", 0)
    envs, seen, dealt = _play(p, 6, 1)
    for i in range(envs.n):
        order, bidding = dealt[i]
        s = HandState(p.rules, p.level, banker=0, deal=order)
        assert (s.banker, s.trump) == (
            bidding["banker"],
            ("S", "H", "C", "D", "NT")[bidding["trump"]],
        )
        team = s.banker % 2 if i % 2 == 0 else 1 - s.banker % 2  # orientation i % 2
        k = 0
        for a in envs.core.history(i):
            seat = s.to_play
            if seat % 2 == team:
                x, m, d = seen[i][k]
                np.testing.assert_array_equal(x, compact(s.observation(seat)), err_msg=f"{i}/{k}")
                legal = np.zeros(len(m), np.int8)
                legal[s.legal_actions()] = 1
                np.testing.assert_array_equal(m, legal)
                # the bid log: a hand bid by the kernel from its stream logs none (as
                # HandState(seed=S)'s); HandState on a given deal steps and logs the bids
                want = s.observation(seat).to_dict()
                assert d.pop("bids") == []
                want.pop("bids")
                assert d == want, f"env {i} decision {k}"
                k += 1
            s.apply_action(a)
        assert s.is_over() and k == len(seen[i])
    rows = np.zeros((20, envs.n), np.int32)
    envs.core.rows(rows)
    from shengji._core.drivers import hands as core

    d = rows[core.HAND_COLUMNS.index("defender_points")]
    for i in range(envs.n):
        order, _ = dealt[i]
        s = HandState(p.rules, p.level, banker=0, deal=order)
        for a in envs.core.history(i):
            s.apply_action(a)
        assert s.result()["defender_points"] == d[i]


def test_a_held_env_stays_over_and_refuses_misuse():
    p = DealParams(8, Rules.preset("standard"), "2", False, "eager", 0)
    envs, _, _ = _play(p, 2, 2)
    before = envs.obs.copy()
    envs.core.step(np.zeros(envs.n, np.int64))  # every hand over: nothing is dealt
    assert (envs.to_play == -1).all()
    np.testing.assert_array_equal(envs.obs, before)
    with pytest.raises(ValueError, match="hold a duel"):
        envs.core.reset_hands()
    with pytest.raises(ValueError, match="no decision"):
        envs.core.infoset(0)
    with pytest.raises(ValueError, match="orientations"):
        envs.core.load_duel(
            np.zeros((4, 4), np.uint64),
            np.zeros((4, 108), np.uint8),
            np.zeros((4, 4), np.uint64),
            np.zeros(4, np.int64),
            np.zeros(3, np.int8),
        )

"""shengji.adapters.pettingzoo: the AEC environment passes PettingZoo's own tests, plays whole
hands whose rewards are HandState's, and shows the table."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from shengji import HandState  # noqa: E402
from shengji.adapters.encoding import hand_returns  # noqa: E402
from shengji.adapters.pettingzoo import env, raw_env  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # Dict observations


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"preset": "club-84022", "trump": "NT", "returns": "points", "level": 12},
        {"preset": "tournament", "first_hand": True},
    ],
)
def test_api_test(kwargs):
    api_test(env(render_mode="ansi", **kwargs), num_cycles=300, verbose_progress=False)


def test_seed_test():
    seed_test(env, num_cycles=300)


def play_episode(e, seed):
    """A whole hand with uniform legal actions; returns the actions and the rewards."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, total = [], {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.tolist() == e.unwrapped.hand.legal_actions()
        assert e.observation_space(agent).contains(obs)
        a = int(rng.choice(legal))
        actions.append(a)
        e.step(a)
    return actions, total


@pytest.mark.parametrize("trump", ["", "H"])
def test_episode_equals_handstate_replay(trump):
    e = env(render_mode="ansi", trump=trump)
    for seed in (1, 2):
        actions, total = play_episode(e, seed)
        hand = e.unwrapped.hand
        assert hand.is_over() and hand.actions == actions
        replay = HandState.from_history(hand.setup, actions)
        assert replay.result() == hand.result()
        ret = hand_returns(replay)
        assert [total[f"player_{s}"] for s in range(4)] == ret and sum(ret) == 0
        assert "the hand is over" in e.render()


def test_observation_tensor_and_mask_per_agent():
    e = raw_env(trump="S")
    e.reset(seed=5)
    to_play = e.agent_selection
    for agent in e.possible_agents:
        obs = e.observe(agent)
        mine = e.observation(agent)
        assert np.flatnonzero(obs["action_mask"]).tolist() == (
            e.hand.legal_actions() if agent == to_play else []
        )
        assert list(mine.legal_actions) == np.flatnonzero(obs["action_mask"]).tolist()
    # another seat's cards are not in an agent's tensor: redeal them, same tensor
    p = 1
    o1 = e.observe(f"player_{p}")["observation"]
    deck = list(e.hand.deal)
    mine = set(range(p, 100, 4))
    others = [i for i in range(108) if i not in mine]
    moved = [deck[i] for i in others]
    for i, c in zip(others, moved[::-1], strict=False):
        deck[i] = c
    e.hand = HandState(e.config.rules, e.config.rank, banker=0, deal=deck, trump="S")
    assert np.array_equal(e.observe(f"player_{p}")["observation"], o1)


def test_seeds_and_errors():
    a, b = raw_env(), raw_env()
    a.reset(seed=3)
    b.reset(seed=3)
    assert a.hand.deal == b.hand.deal
    b.reset(seed=4)
    assert a.hand.deal != b.hand.deal
    with pytest.raises(ValueError):
        a.step(108)  # ACTION_PLAY is not a bid decision
    e = env()
    e.reset(seed=3)
    agent = e.agent_selection
    e.step(108)  # the wrapped env ends the hand for it instead
    assert e.terminations[agent] and e.rewards[agent] == -1
    with pytest.raises(ValueError):
        raw_env(preset="nope")
    with pytest.raises(ValueError):
        raw_env(render_mode="rgb_array")

"""shengji.adapters.vector.VectorEnv follows Gymnasium's VectorEnv API: spaces, reset(seed=),
step, next-step autoreset (gymnasium.vector.AutoresetMode.NEXT_STEP, as its docs define
it), and the project's seeding rule; bad input gets one clear message."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from shengji.adapters.compact import OBSERVATION_SIZE, views
from shengji.adapters.vector import VectorEnv
from shengji.game.actions import ACTION_PLAY, N_ACTIONS
from tests.support.agents import lowest_legal


def test_spaces_and_metadata():
    env = VectorEnv(8, seats=(0, 2))
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert env.num_envs == 8
    assert env.single_action_space == gymnasium.spaces.Discrete(N_ACTIONS)
    assert env.action_space == gymnasium.spaces.MultiDiscrete([N_ACTIONS] * 8)
    so = env.single_observation_space
    assert so["observation"].shape == (OBSERVATION_SIZE,) and so["observation"].dtype == np.uint8
    assert so["action_mask"].shape == (N_ACTIONS,) and so["action_mask"].dtype == np.int8
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    for i in range(8):
        assert so.contains({k: v[i] for k, v in obs.items()})
    for _ in range(60):
        obs, rew, term, trunc, info = env.step(env.sample_actions())
        assert env.observation_space.contains(obs)
        assert rew.shape == term.shape == trunc.shape == (8,)
        assert term.dtype == trunc.dtype == np.bool_ and not trunc.any()
        assert set(info["to_play"][~term]) <= {0, 2} and (info["to_play"][term] == -1).all()


def test_reset_seed_is_reproducible_and_per_env():
    a, b = VectorEnv(6, seats=(1,)), VectorEnv(6, seats=(1,))
    oa, _ = a.reset(seed=11)
    ob, _ = b.reset(seed=11)
    np.testing.assert_array_equal(oa["observation"], ob["observation"])
    for _ in range(80):
        ra = a.step(a.sample_actions())
        rb = b.step(b.sample_actions())
        np.testing.assert_array_equal(ra[0]["observation"], rb[0]["observation"])
        np.testing.assert_array_equal(ra[1], rb[1])
    oc, _ = b.reset(seed=12)
    assert not np.array_equal(oa["observation"], oc["observation"])
    # env i of seed S is the env of seed S + i (Gymnasium's seed + i), whatever n_envs is
    one = VectorEnv(1, seats=(1,))
    o1, _ = one.reset(seed=14)
    o6, _ = a.reset(seed=11)
    np.testing.assert_array_equal(o1["observation"][0], o6["observation"][3])
    for _ in range(100):
        o1 = one.step(lowest_legal(o1))[0]
        o6 = a.step(lowest_legal(o6))[0]
        np.testing.assert_array_equal(o1["observation"][0], o6["observation"][3])
    # a list of seeds: one per env
    ol, _ = a.reset(seed=[14, 0, 0, 0, 0, 0])
    o14, _ = VectorEnv(1, seats=(1,)).reset(seed=14)
    np.testing.assert_array_equal(ol["observation"][0], o14["observation"][0])


def test_next_step_autoreset():
    """Gymnasium's next-step mode: the step that ends an episode returns its last
    observation, reward and terminated=True; the next step ignores that env's action,
    resets it and returns the new episode's first observation, reward 0 and
    terminated=False."""
    env = VectorEnv(16, seats=(0,), returns="points")
    obs, _ = env.reset(seed=2)
    ended = 0
    for _ in range(400):
        obs, rew, term, trunc, info = env.step(env.sample_actions())
        if not term.any():
            assert not rew.any()
            continue
        idx = np.flatnonzero(term)
        for i in idx:
            v = views(obs["observation"][i])
            assert v["phase"][2] == 1 and v["tricks_done"][0] > 0 and v["hand_sizes"].sum() == 0
            assert not obs["action_mask"][i].any()
            assert info["returns"][i].sum() == 0 and info["_returns"][i]
            assert rew[i] == info["returns"][i, 0]
        ended += len(idx)
        actions = env.sample_actions().copy()
        actions[idx] = N_ACTIONS - 1  # any action: ignored there
        obs, rew, term2, trunc, info = env.step(actions)
        for i in idx:
            v = views(obs["observation"][i])
            assert not term2[i] and rew[i] == 0
            assert v["tricks_done"][0] == 0 and v["phase"][2] == 0
            assert obs["action_mask"][i].any()
    assert ended > 20


def test_illegal_action_moves_no_env():
    env = VectorEnv(4, seats=(0, 1, 2, 3))
    obs, _ = env.reset(seed=5)
    before = obs["observation"].copy()
    acts = lowest_legal(obs)
    bad = acts.copy()
    bad[2] = next(a for a in range(N_ACTIONS) if not obs["action_mask"][2, a])
    with pytest.raises(ValueError, match=r"actions\[2\]"):
        env.step(bad)
    np.testing.assert_array_equal(obs["observation"], before)
    for wrong in ([0, 1], np.zeros(4, np.float64)):
        with pytest.raises(ValueError, match="actions"):
            env.step(wrong)
    env.step(acts)  # still steps


def test_other_copy_is_the_same_card():
    """The other copy of a legal card is accepted (HandState.apply_action's rule) and plays
    the same game: the kind-level observations stay equal."""
    a, b = VectorEnv(16, seats=(0, 1, 2, 3)), VectorEnv(16, seats=(0, 1, 2, 3))
    oa, _ = a.reset(seed=9)
    ob, _ = b.reset(seed=9)
    swapped = 0
    for _ in range(300):
        acts = a.sample_actions().copy()
        other = acts.copy()
        for i, c in enumerate(acts):
            if c == ACTION_PLAY or not ob["action_mask"][i].any():
                continue
            k = c // 2  # the same card in b: the id its mask lists, or the unlisted copy
            v = views(ob["observation"][i])
            listed = 2 * k if ob["action_mask"][i, 2 * k] else 2 * k + 1
            assert ob["action_mask"][i, listed]
            if v["hand"][k] - v["pending"][k] == 2:
                other[i] = listed ^ 1
                swapped += 1
            else:
                other[i] = listed
        oa = a.step(acts)[0]
        ob = b.step(other)[0]
        np.testing.assert_array_equal(oa["observation"], ob["observation"])
    assert swapped > 100


def test_bad_arguments():
    with pytest.raises(ValueError, match="n_envs"):
        VectorEnv(0)
    with pytest.raises(ValueError, match="seats"):
        VectorEnv(2, seats=())
    with pytest.raises(ValueError, match="seats"):
        VectorEnv(2, seats=(0, 4))
    with pytest.raises(ValueError, match="seats"):
        VectorEnv(2, seats=(1, 1))
    with pytest.raises(ValueError, match="trump"):
        VectorEnv(2, trump="NT")
    with pytest.raises(ValueError, match="preset|rules"):
        VectorEnv(2, preset="no-such")
    with pytest.raises(ValueError, match="opponents"):
        VectorEnv(2, opponents="nobody")
    with pytest.raises(ValueError, match="returns"):
        VectorEnv(2, returns="money")
    env = VectorEnv(2)
    with pytest.raises(ValueError, match="reset"):
        env.step([0, 0])
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=[1])
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)
    with pytest.raises(ValueError, match="record"):
        env.history(0)


def test_copy_option_and_preallocated_outputs():
    env = VectorEnv(3)
    o1, _ = env.reset(seed=1)
    o2, *_ = env.step(env.sample_actions())
    assert o1["observation"] is o2["observation"]  # the same buffer, overwritten
    envc = VectorEnv(3, copy=True)
    c1, _ = envc.reset(seed=1)
    c2, *_ = envc.step(envc.sample_actions())
    assert c1["observation"] is not c2["observation"]
    np.testing.assert_array_equal(c2["observation"], o2["observation"])


def test_reset_without_seed_deals_next_hands():
    env = VectorEnv(3, seats=(0,))
    o1, _ = env.reset(seed=4)
    first = o1["observation"].copy()
    o2, _ = env.reset()
    assert not np.array_equal(first, o2["observation"])
    fresh = VectorEnv(3, seats=(0,))
    fresh.reset()  # fresh entropy: works without a seed
    fresh.step(fresh.sample_actions())

"""Hostile input at the game entry points: ``HandState(...)``, ``apply`` / ``apply_action``,
OpenSpiel's ``apply_action`` / ``deserialize_state`` / ``resample_from_infostate``,
PettingZoo's ``step`` and ``shengji.adapters.encoding``.

A refused decision leaves the state as it was; an accepted action was in
``legal_actions()``; a deal that is accepted is the deal the hand holds."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from hypothesis import given
from hypothesis import strategies as st

import shengji.adapters.openspiel  # noqa: F401  (registers python_shengji)
from shengji.adapters import encoding
from shengji.adapters.pettingzoo import env as pz_env
from shengji.adapters.pettingzoo import raw_env
from shengji.game.state import HandState
from tests.hostile.hostile_support import (
    SIZES,
    attempt,
    card_lists,
    deals,
    fuzz_settings,
    huge,
    junk,
    notation,
    scalar_junk,
)

levels = st.one_of(st.sampled_from(["2", "10", "T", "A", "K"]), scalar_junk)
trump_names = st.one_of(st.none(), st.sampled_from(["S", "H", "NT", "nt", "X"]), scalar_junk)
bankers = st.one_of(st.none(), st.integers(-2, 5), scalar_junk)
seeds = st.one_of(st.none(), st.integers(0, 2**64), st.integers(-5, -1), huge, scalar_junk)


@pytest.mark.parametrize("n", SIZES)
def test_hand_state_new(n):
    @fuzz_settings(n)
    @given(deals(), bankers, trump_names, levels, seeds, st.booleans())
    def run(deal, banker, trump, level, seed, bid_phase):
        ok, s = attempt(
            "HandState(...)",
            HandState,
            "standard",
            level,
            banker=banker,
            deal=deal,
            seed=seed,
            trump=trump,
            bid_phase=bid_phase,
        )
        if ok and not isinstance(deal, str):
            assert list(s.setup.start["deal"]) == [int(c) for c in deal]

    run()


def _states():
    """A few states in each phase (bid, bury, play mid-trick, over)."""
    out = []
    for seed in range(3):
        s = HandState("standard", "2", banker=0, seed=seed, bid_phase=True)
        out.append(s.clone())
        while s.phase == "bid":
            s.apply(s.bot_action("eager"))
        out.append(s.clone())  # bury
        while s.phase == "bury":
            s.apply(s.bot_action("greedy"))
        for _ in range(5 + 3 * seed):
            s.apply(s.bot_action("greedy"))
        out.append(s.clone())  # play
        s.apply_action(s.legal_actions()[0])  # a card chosen, the decision open
        out.append(s.clone())
        while s.apply_action(s.legal_actions()[-1]) is None:
            pass
        while not s.is_over():
            s.apply(s.bot_action("random"))
        out.append(s.clone())
    return out


def _listed(action, legal) -> bool:
    """An accepted action is listed, or is the other copy of a listed card id
    (shengji.game.actions: of two copies only the lower id held is listed, the other is
    accepted too)."""
    return action in legal or (0 <= action < 108 and int(action) ^ 1 in legal)


STATES = _states()
actions = st.one_of(st.integers(-3, 125), huge, st.integers(-(2**70), 2**70), scalar_junk)


@pytest.mark.parametrize("n", SIZES)
def test_apply_action(n):
    @fuzz_settings(n)
    @given(st.sampled_from(range(len(STATES))), actions)
    def run(i, action):
        s = STATES[i].clone()
        legal = [] if s.is_over() else s.legal_actions()
        before = list(s.history), list(s.actions)
        ok, _ = attempt("HandState.apply_action", s.apply_action, action)
        if ok:
            assert _listed(action, legal) and not isinstance(action, (bool, np.bool_))
        else:
            assert (list(s.history), list(s.actions)) == before

    run()


@pytest.mark.parametrize("n", SIZES)
def test_apply(n):
    @fuzz_settings(n)
    @given(st.sampled_from(range(len(STATES))), st.one_of(card_lists(0, 9), actions, notation))
    def run(i, cards):
        s = STATES[i].clone()
        before = list(s.history), list(s.actions)
        ok, _ = attempt("HandState.apply", s.apply, cards)
        if not ok:
            assert (list(s.history), list(s.actions)) == before
        else:
            assert len(s.history) > len(before[0])

    run()


# -- OpenSpiel ------------------------------------------------------------------------------
GAME = pyspiel.load_game("python_shengji")
GAME_BID = pyspiel.load_game("python_shengji(trump=)")


def _spiel_states():
    out = []
    rng = random.Random(5)
    for game in (GAME, GAME_BID):
        s = game.new_initial_state()
        for c in rng.sample(range(108), 50):
            s.apply_action(c)
        out.append(s.clone())  # mid-shuffle
        for c in list(s.legal_actions()):
            s.apply_action(c)
        out.append(s.clone())
        for _ in range(40):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
            out.append(s.clone())
    return out


SPIEL = _spiel_states()
SERIALIZED = [s.serialize() for s in SPIEL[::6]]


@pytest.mark.parametrize("n", SIZES)
def test_openspiel_apply_action(n):
    @fuzz_settings(n)
    @given(st.sampled_from(range(len(SPIEL))), actions)
    def run(i, action):
        s = SPIEL[i].clone()
        legal = s.legal_actions()
        history = s.history()
        ok, _ = attempt("openspiel apply_action", s.apply_action, action)
        if ok:
            assert _listed(action, legal)
        else:
            assert s.history() == history

    run()


@st.composite
def mutated_texts(draw):
    text = draw(st.sampled_from(SERIALIZED))
    how = draw(st.sampled_from(["truncate", "flip", "insert", "history", "junk", "good"]))
    if how == "truncate":
        return text[: draw(st.integers(0, len(text) - 1))]
    if how == "flip":
        b = list(text)
        for _ in range(draw(st.integers(1, 3))):
            b[draw(st.integers(0, len(b) - 1))] = draw(st.sampled_from("AZaz09+/=\n,:-x"))
        return "".join(b)
    if how == "insert":
        i = draw(st.integers(0, len(text)))
        return text[:i] + draw(st.text(max_size=5)) + text[i:]
    if how == "history":  # a believable history line, the pickle left as it was
        head, rest = text.split("\n", 1)
        acts = [int(a.split(":")[1]) for a in head[len("history=") :].split(",") if a]
        if acts:
            acts[draw(st.integers(0, len(acts) - 1))] = draw(st.integers(-2, 120))
        return "history=" + ",".join(f"-1:{a}" for a in acts) + "\n" + rest
    if how == "junk":
        return draw(st.one_of(junk, notation))
    return text


@pytest.mark.parametrize("n", SIZES)
def test_openspiel_deserialize_state(n):
    @fuzz_settings(n)
    @given(mutated_texts())
    def run(text):
        ok, s = attempt("openspiel deserialize_state", GAME.deserialize_state, text)
        if ok:  # what it accepts is a real state: it serializes back to the same history
            assert GAME.deserialize_state(s.serialize()).history() == s.history()

    run()


samplers = st.one_of(
    st.integers(0, 2**64),
    st.integers(-5, -1),
    huge,
    scalar_junk,
    st.sampled_from(
        [lambda: 0.5, lambda: 1.5, lambda: float("nan"), lambda: "x", lambda: -0.1, random.random]
    ),
)


@pytest.mark.parametrize("n", SIZES)
def test_openspiel_resample(n):
    @fuzz_settings(max(n // 4, 10))
    @given(st.sampled_from(range(len(SPIEL))), st.one_of(st.integers(-1, 4), scalar_junk), samplers)
    def run(i, player, sampler):
        s = SPIEL[i]
        ok, other = attempt(
            "openspiel resample_from_infostate", s.resample_from_infostate, player, sampler
        )
        if ok and s.current_player() >= 0:  # the same information state for that player
            assert other.information_state_string(player) == s.information_state_string(player)

    run()


# -- PettingZoo -----------------------------------------------------------------------------
def _pz_envs():
    out = []
    for wrap in (raw_env, pz_env):
        e = wrap()
        e.reset(seed=3)
        for _ in range(12):
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(np.flatnonzero(mask)[0]))
        out.append(e)
    return out


@pytest.mark.parametrize("n", SIZES)
def test_pettingzoo_step(n):
    import copy

    envs = _pz_envs()

    @fuzz_settings(n)
    @given(st.sampled_from(range(len(envs))), st.one_of(actions, st.integers(0, 125)))
    def run(i, action):
        e = copy.deepcopy(envs[i])
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        history = list(e.unwrapped.hand.history) + list(e.unwrapped.hand.actions)
        integer = isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_))
        if e is not e.unwrapped and integer and not e.action_space(agent).contains(action):
            # env()'s standard AssertOutOfBoundsWrapper: PettingZoo's own contract
            with pytest.raises(AssertionError, match="action is not in action space"):
                e.step(action)
            return
        ok, _ = attempt("pettingzoo step", e.step, action)
        if ok and e.unwrapped.hand is not None and not e.unwrapped.terminations[agent]:
            # accepted on a raw env: a legal integer action
            assert not isinstance(action, (bool, np.bool_, float, str))
            assert mask[int(action)]
        if not ok:
            assert list(e.unwrapped.hand.history) + list(e.unwrapped.hand.actions) == history

    run()


# -- encoding -------------------------------------------------------------------------------
tensors = st.one_of(
    st.builds(
        lambda pr, dtype, extra: np.zeros(encoding.tensor_size(pr) + extra, dtype=dtype),
        st.booleans(),
        st.sampled_from([np.float32, np.float64, np.int8, np.bool_]),
        st.sampled_from([0, 0, 0, -1, 1, -100]),
    ),
    st.just(np.zeros((3, 4), np.float32)),
    junk,
)


@pytest.mark.parametrize("n", SIZES)
def test_encoding(n):
    @fuzz_settings(n)
    @given(
        tensors,
        st.sampled_from(range(len(STATES))),
        st.one_of(st.integers(-2, 5), scalar_junk),
        st.one_of(st.booleans(), scalar_junk),
        st.booleans(),
    )
    def run(tensor, i, seat, perfect_recall, shuffle):
        s = STATES[i]
        obs = None if shuffle else s.observation(seat if type(seat) is int and 0 <= seat < 4 else 0)
        ok, _ = attempt(
            "encoding.encode",
            encoding.encode,
            tensor,
            obs,
            perfect_recall=perfect_recall,
            seat=seat,
        )
        if ok:
            assert isinstance(tensor, np.ndarray) and tensor.dtype == np.float32
            assert tensor.shape == (encoding.tensor_size(perfect_recall),)
        attempt("encoding.views", encoding.views, tensor, perfect_recall)
        attempt("encoding.hand_returns", encoding.hand_returns, s, perfect_recall)
        attempt("encoding.step", encoding.step, s.clone(), seat)

    run()


@pytest.mark.parametrize("n", SIZES)
def test_game_config(n):
    keys = st.sampled_from(["preset", "level", "trump", "first_hand", "returns", "bogus"])

    @fuzz_settings(n)
    @given(st.dictionaries(keys, st.one_of(scalar_junk, junk), max_size=3))
    def run(params):
        ok, cfg = attempt("encoding.GameConfig", lambda: encoding.GameConfig(**params))
        if ok:
            assert cfg.rank

    run()

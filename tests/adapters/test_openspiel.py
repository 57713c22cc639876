"""shengji.adapters.openspiel: the registered game passes OpenSpiel's own checks, its bots play
whole hands through it, and every hand equals the same actions replayed through HandState."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import shengji.adapters.openspiel as so  # noqa: E402  (registers python_shengji)
from shengji import HandState, Trump  # noqa: E402
from shengji.adapters.encoding import (  # noqa: E402
    GameConfig,
    deck_seed,
    hand_returns,
    tensor_layout,
    tensor_size,
    views,
)
from shengji.game.actions import ACTION_PLAY, BID_ACTION_BASE, N_ACTIONS  # noqa: E402
from shengji.names import N_CARDS, N_SEATS  # noqa: E402
from shengji.rules.bid_types import BID_ACTIONS  # noqa: E402


def shuffled(game, seed):
    """A state past the shuffle, the deck drawn from ``seed``."""
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=False)
        assert abs(sum(probs) - 1) < 1e-9
        state.apply_action(int(rng.choice(outcomes)))
    return state


def random_steps(state, n, seed):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(int(legal[rng.integers(len(legal))]))
    return state


def check_replay(game, state):
    """The finished state's hand equals its actions replayed through HandState."""
    cfg = game.config
    history = state.history()
    deck, actions = history[:N_CARDS], history[N_CARDS:]
    assert deck == state.deck
    if cfg.trump:
        hand = HandState(
            cfg.rules, cfg.rank, banker=None if cfg.first_hand else 0, deal=deck, trump=cfg.trump
        )
    else:
        hand = HandState(
            cfg.rules,
            cfg.rank,
            banker=None if cfg.first_hand else 0,
            deal=deck,
            bid_phase=True,
            seed=deck_seed(deck),
        )
    for i, a in enumerate(actions):
        if state.thrown_in and i == len(actions) - 1:
            with pytest.raises(ValueError, match="nobody declared"):
                hand.apply_action(a)
            assert state.returns() == [0.0] * N_SEATS
            return
        hand.apply_action(a)
    assert hand.is_over()
    assert hand.result() == state.hand.result()
    assert hand_returns(hand, cfg.returns) == state.returns()
    assert sum(state.returns()) == 0


def test_load_and_game_info():
    game = pyspiel.load_game("python_shengji")
    assert game.num_players() == N_SEATS
    assert game.num_distinct_actions() == N_ACTIONS == BID_ACTION_BASE + len(BID_ACTIONS)
    assert game.max_chance_outcomes() == N_CARDS
    assert game.min_utility() == -game.max_utility() < 0
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.information_state_tensor_size() == tensor_size(True)
    assert game.observation_tensor_size() == tensor_size(False)
    g2 = pyspiel.load_game(
        "python_shengji(preset=club-84022,level=14,trump=NT,returns=points,first_hand=True)"
    )
    assert g2.config == GameConfig("club-84022", 14, "NT", True, "points")
    assert g2.config.rank == "A"
    assert game.config.trump == ""  # by default the hand is bid
    assert game.num_distinct_actions() > ACTION_PLAY + 1


@pytest.mark.parametrize(
    "params",
    [{"preset": "nope"}, {"level": 15}, {"trump": "X"}, {"returns": "money"}, {"colour": "red"}],
)
def test_bad_parameters(params):
    with pytest.raises((ValueError, pyspiel.SpielError)):
        pyspiel.load_game("python_shengji", params)


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"preset": "club-84022", "trump": "NT", "level": 11, "returns": "points"},
        {"preset": "tournament", "first_hand": True},
        {"preset": "team-cup", "trump": "D"},
    ],
)
def test_random_sim_test(params):
    game = pyspiel.load_game("python_shengji", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(
    "preset",
    [
        "standard",
        "school-cup",
        "league-2019",
        "classic-80",
        "club-84022",
        "spring-festival",
        "tournament",
        "campus-2015",
        "must-play-ja",
        "timed-match",
        "team-cup",
    ],
)
def test_random_sim_test_every_preset(preset, slow_only):
    for params in ({"trump": "S"}, {"trump": "NT"}, {}, {"first_hand": True}):
        game = pyspiel.load_game("python_shengji", {"preset": preset, **params})
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_shuffle_is_hidden_and_uniform():
    game = pyspiel.load_game("python_shengji")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [c for c, _ in outcomes] == list(range(N_CARDS))
    before = [state.information_state_string(p) for p in range(N_SEATS)]
    state.apply_action(17)
    assert 17 not in [c for c, _ in state.chance_outcomes()]
    # nobody sees where a card went: only how many are placed
    after = [state.information_state_string(p) for p in range(N_SEATS)]
    assert all(json.loads(a)["placed"] == 1 for a in after) and before != after
    with pytest.raises(ValueError):
        state.apply_action(17)  # placed already


@pytest.mark.parametrize("action", [-1, -2, N_CARDS, 2**62])
def test_an_action_of_no_card_is_a_value_error_not_openspiel_s(action):
    """-1 is OpenSpiel's kInvalidAction, which its C++ side refused with its own SpielError
    before our check (found by tests/hostile's fuzzing): every action that is no action of
    the game is one ValueError, at a chance node and at a decision."""
    game = pyspiel.load_game("python_shengji", {"trump": "S"})
    state = game.new_initial_state()
    with pytest.raises(ValueError):
        state.apply_action(action)
    for c in range(N_CARDS):
        state.apply_action(c)
    history = state.history()
    with pytest.raises(ValueError):
        state.apply_action(action)
    assert state.history() == history


@pytest.mark.parametrize("steps", [2, 40])
def test_strings_and_tensors_are_the_observation(steps):
    game = pyspiel.load_game("python_shengji")
    state = random_steps(shuffled(game, 1), steps, 1)
    for p in range(N_SEATS):
        obs = state.hand.observation(p)
        d = obs.to_dict()
        del d["rules"]
        assert json.loads(state.information_state_string(p)) == json.loads(json.dumps(d))
        assert state.observation_string(p) == state.information_state_string(p)
        for recall, tensor in (
            (True, state.information_state_tensor(p)),
            (False, state.observation_tensor(p)),
        ):
            v = views(np.asarray(tensor, np.float32), recall)
            assert set(v) == {name for name, _ in tensor_layout(recall)}
            assert np.flatnonzero(v["hand"]).tolist() == sorted(obs.hand)
            assert np.flatnonzero(v["seat"]).tolist() == [p]
            assert np.flatnonzero(v["legal_actions"]).tolist() == list(obs.legal_actions)
            assert v["hand_sizes"].tolist() == list(obs.hand_sizes)
            played = sorted(c for t in obs.tricks for _, cards in t.plays for c in cards)
            if obs.current_trick is not None:
                played += [c for _, cards in obs.current_trick.plays for c in cards]
            assert np.flatnonzero(v["played"].sum(axis=0)).tolist() == sorted(played)
            if recall:
                for t in obs.tricks:
                    for s, cards in t.plays:
                        assert np.flatnonzero(v["trick_plays"][t.index, s]).tolist() == sorted(
                            cards
                        )
        # the kitty is the banker's only
        assert (obs.kitty is not None) == (p == state.hand.banker and obs.phase != "bid")


@pytest.mark.parametrize("steps", [1, 70])
def test_hidden_cards_do_not_reach_a_seat(steps):
    """Two states that differ only in what seat p cannot see give p the same strings and
    tensors (resample_from_infostate makes them)."""
    game = pyspiel.load_game("python_shengji")
    state = random_steps(shuffled(game, 2), steps, 2)
    for p in range(N_SEATS):
        other = state.resample_from_infostate(p, np.random.default_rng(p))
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.information_state_tensor(p) == state.information_state_tensor(p)
        assert other.observation_tensor(p) == state.observation_tensor(p)
        assert other.current_player() == state.current_player()
        assert other.legal_actions() == state.legal_actions() or p != state.current_player()
        assert other.hand.hands[p] == state.hand.hands[p]


@pytest.mark.parametrize(
    "trump,steps",
    [("S", 0), ("S", 3), ("S", 40), ("S", 130), ("", 0), ("", 5), ("", 20), ("", 60), ("", 140)],
)
def test_resample_redeals_what_is_hidden(trump, steps):
    game = pyspiel.load_game("python_shengji", {"trump": trump})
    state = random_steps(shuffled(game, 3), steps, 3)
    p = state.current_player()
    samples = [state.resample_from_infostate(p, np.random.default_rng(i)) for i in range(4)]
    for s in samples:
        assert s.information_state_string(p) == state.information_state_string(p)
        obs = s.hand.observation(p)
        if obs.trump is not None:
            trump = Trump(obs.level, None if obs.trump == "NT" else obs.trump)
            for seat in range(N_SEATS):  # nobody holds a suit it has shown out of
                suits = {trump.follow_suit(c) for c in s.hand.hands[seat]}
                assert not suits & set(obs.voids[seat]), (seat, suits, obs.voids[seat])
        assert obs.hand == state.hand.observation(p).hand
    hidden = [tuple(s.deck) for s in samples]
    assert len(set(hidden)) > 1  # the hidden cards are drawn, not copied
    # seeded: the same sampler seed gives the same deal
    a = state.resample_from_infostate(p, np.random.default_rng(9))
    b = state.resample_from_infostate(p, np.random.default_rng(9))
    assert a.history() == b.history()


def test_thrown_in_deal_ends_the_game():
    """A first hand nobody declares on is thrown in (standard: first_hand_no_bid =
    redeal): the game ends there with returns 0."""
    game = pyspiel.load_game("python_shengji", {"first_hand": True})
    state = shuffled(game, 6)
    while not state.is_terminal():
        assert state.hand.phase == "bid"
        state.apply_action(BID_ACTION_BASE)  # pass
    assert state.thrown_in and state.returns() == [0.0] * N_SEATS
    assert state.legal_actions(0) == [] and state.current_player() == pyspiel.PlayerId.TERMINAL
    for p in range(N_SEATS):
        assert json.loads(state.information_state_string(p))["phase"] == "thrown_in"
        state.information_state_tensor(p)
    check_replay(game, state)
    other = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert other.is_terminal() and other.history() == state.history()


def test_resample_with_openspiel_sampler():
    game = pyspiel.load_game("python_shengji")
    state = random_steps(shuffled(game, 4), 20, 4)
    p = state.current_player()
    a = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(7, 0.0, 1.0))
    b = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(7, 0.0, 1.0))
    assert a.history() == b.history()
    assert a.information_state_string(p) == state.information_state_string(p)


def play(game, bots, seed):
    """One hand: chance by ``seed``, seat s by ``bots[s]`` (a pyspiel bot)."""
    state = shuffled(game, seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        a = bots[state.current_player()].step(state)
        assert a in legal
        state.apply_action(a)
    check_replay(game, state)
    return state


def make_bots(game, kind, sims, seed):
    rs = np.random.RandomState(seed)
    ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    if kind == "ismcts":
        return [
            ismcts.ISMCTSBot(game, ev, uct_c=2.0, max_simulations=sims, random_state=rs)
            for _ in range(N_SEATS)
        ]
    return [
        mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=sims, evaluator=ev, random_state=rs, solve=False
        )
        for _ in range(N_SEATS)
    ]


@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
def test_openspiel_bots_play_a_hand(kind):
    game = pyspiel.load_game("python_shengji", {"trump": "H" if kind == "mcts" else ""})
    play(game, make_bots(game, kind, 2, 0), seed=0)


def test_greedy_as_an_openspiel_bot():
    game = pyspiel.load_game("python_shengji")
    play(game, [so.ShengjiBot("greedy", seed=s) for s in range(N_SEATS)], seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
def test_openspiel_bots_play_100_hands(kind, slow_only):
    """The issue's check: 100 hands each, no illegal action, each hand's result = its
    actions replayed through HandState."""
    for i, params in enumerate(
        [
            {},
            {"preset": "club-84022", "trump": "NT"},
            {"preset": "tournament", "returns": "points", "first_hand": True},
            {"preset": "league-2019", "level": 13, "trump": "C"},
        ]
    ):
        game = pyspiel.load_game("python_shengji", params)
        bots = make_bots(game, kind, 2, i)
        for hand in range(25):
            play(game, bots, seed=1000 * i + hand)

"""OpenSpiel bots as agents (shengji.adapters.openspiel_agent): the bot is stepped on
python_shengji states that follow the evaluation's own hands (the game's bid_policy deals
them as the evaluation does), whole decisions at a time; a bot made for one player comes
from a factory; rules the game cannot take are one line."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from shengji import HandState  # noqa: E402
from shengji.adapters.encoding import GameConfig, deck_seed  # noqa: E402
from shengji.adapters.openspiel import ShengjiBot  # noqa: E402
from shengji.adapters.openspiel_agent import openspiel_agent  # noqa: E402
from shengji.analysis.evaluation import evaluate  # noqa: E402
from shengji.game.agents import HistoryAgent  # noqa: E402
from shengji.studies.base import ConfigError  # noqa: E402


def test_an_openspiel_bot_playing_as_greedy_is_the_greedy_duel():
    """ShengjiBot("greedy") decides as the built-in greedy: the rows are the C duel's."""
    bot = evaluate(ShengjiBot("greedy", seed=1), against="random", n=24, seed=2, progress=False)
    ref = evaluate("greedy", against="random", n=24, seed=2, progress=False)
    cols = ["deal", "orientation", "defender_points", "level_side", "levels"]
    assert (bot.rows[cols].to_numpy() == ref.rows[cols].to_numpy()).all()
    assert bot.agent == "openspiel:ShengjiBot" and bot.decisions > 0


def test_per_player_bots_come_from_a_factory():
    made = []

    def factory(seat):
        made.append(seat)
        return pyspiel.make_uniform_random_bot(seat, 5)

    agent = openspiel_agent(factory, label="uniform")
    assert isinstance(agent, HistoryAgent)
    res = evaluate(agent, against="greedy", n=8, seed=1, progress=False)
    assert sorted(set(made)) == [0, 1, 2, 3] and res.points["mean"] < 0


def test_rules_the_game_cannot_take_are_one_line():
    with pytest.raises(ConfigError, match="no preset") as e:
        evaluate(
            ShengjiBot("greedy"),
            against="greedy",
            n=4,
            rules={"kitty_multiplier": "plus2"},
            progress=False,
        )
    assert "\n" not in str(e.value)
    with pytest.raises(TypeError, match="pyspiel.Bot"):
        openspiel_agent(3)


def test_the_games_kernel_bidding_is_handstates():
    deal = [int(c) for c in np.random.default_rng(3).permutation(108)]
    g = GameConfig(bid_policy="eager")
    hand = g.hand(deal)
    ref = HandState(g.rules, "2", banker=0, deal=deal, seed=deck_seed(deal))
    assert (hand.phase, hand.banker, hand.trump) == (ref.phase, ref.banker, ref.trump)
    game = pyspiel.load_game("python_shengji", {"bid_policy": "threshold", "bid_threshold": 3})
    s = game.new_initial_state()
    for c in deal:
        s.apply_action(c)
    assert s.hand.phase == "bury"  # no bid is a decision
    with pytest.raises(ValueError, match="bid_policy"):
        GameConfig(bid_policy="players")

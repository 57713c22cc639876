"""analysis/evaluation.py, the parts of ``evaluate`` below its study: a user's agent and
rules read at the edge, the level share and its interval, and an ``Evaluation``'s report
(``studies/test_evaluate.py`` plays ``evaluate`` itself)."""

from __future__ import annotations

import numpy as np
import pytest

from shengji.analysis.evaluation import evaluate, level_share, parse_edge_agent, rules_data
from shengji.game.agents import BuiltinAgent, DecisionAgent
from shengji.rules.options import Rules
from shengji.stats import mean_interval


def test_agents_at_the_edge():
    assert isinstance(parse_edge_agent("pimc(samples=2)"), BuiltinAgent)
    bot = parse_edge_agent(lambda obs, rng: obs.legal_actions[0])
    assert isinstance(bot, DecisionAgent)
    agent = parse_edge_agent("tests.support.agents:lowest")
    assert agent.label and agent.reference == "tests.support.agents:lowest"
    with pytest.raises(TypeError, match="^agent: expected a bot name"):
        parse_edge_agent(3)


def test_rules_at_the_edge():
    assert rules_data("tournament") == ("tournament", {})
    assert rules_data({"preset": "tournament", "clockwise": True}) == (
        "tournament",
        {"clockwise": True},
    )
    preset, overrides = rules_data(Rules.preset("standard").replace(level_table="step20"))
    assert preset == "standard" and overrides == {"level_table": "step20"}
    with pytest.raises(ValueError, match="^rules: unknown preset 'nope'"):
        rules_data("nope")
    with pytest.raises(TypeError, match="^rules: expected a preset name"):
        rules_data(3)


def test_level_share_is_the_ratio_with_a_delta_method_interval():
    a = np.array([2, 0, 1, 3, 0, 1])
    b = np.array([0, 1, 1, 0, 2, 0])
    s = level_share(a, b)
    assert s["value"] == pytest.approx(7 / 11) and (s["agent"], s["opponent"]) == (7, 4)
    t = a + b
    z = a - (7 / 11) * t
    mean, half = mean_interval(6, z.sum(), (z * z).sum())
    assert s["value"] - s["low"] == pytest.approx(half / t.mean())  # (high: clipped at 1)
    assert s["high"] == 1.0
    assert np.isnan(level_share([0, 0], [0, 0])["value"])


def test_the_evaluation_shows_itself():
    res = evaluate("greedy", against="random", n=20, seed=1, progress=False)
    html = res._repr_html_()
    assert "Evaluation: greedy vs random" in html and "level share" in html
    frame = res.to_frame()
    assert list(frame.deal) == list(range(20))
    assert (frame.swing_points == frame.d_defending - frame.d_banking).all()
    assert res.points["mean"] == frame.swing_points.mean()
    assert 0.5 < res.level_share["value"] <= 1

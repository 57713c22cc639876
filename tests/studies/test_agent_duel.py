"""studies/agent_duel.py: a Python agent in the duplicate duel, stepped in lockstep by the
kernel: the per-decision path plays the C duel's very hands, the batched path decides as
the per-decision one, the decision streams are pure functions of their keys, and a bad
``illegal`` mode is refused (``studies/test_evaluate.py`` runs it through ``evaluate``)."""

from __future__ import annotations

import numpy as np
import pytest

from shengji.game.agents import parse_agent
from shengji.game.botspec import parse_bot
from shengji.rules.options import Rules
from shengji.studies.agent_duel import decision_rng, play_agent_duel
from shengji.studies.common_deals import DealParams, builtin_rows
from tests.support import agents


@pytest.mark.parametrize(
    "preset, first_hand",
    [("standard", False), ("standard", True), ("must-play-ja", False), ("tournament", True)],
)
def test_the_per_decision_path_plays_the_duels_hands(preset, first_hand):
    """greedy as a Python bot (one Observation a decision) gives the C duel's rows against
    random (whose draws are the duel's per-seat streams), under rules with the round of
    overturns after the bury, reburies, a random first drawer, first hands; from any deal."""
    p = DealParams(11, Rules.preset(preset), "5", first_hand, "eager", 0)
    rnd = parse_bot("b", "random")
    ref = builtin_rows(p, parse_bot("a", "greedy"), rnd, 7, 30)
    got = play_agent_duel(parse_agent(agents.greedy), rnd, p, 7, 30)
    np.testing.assert_array_equal(got.rows, ref)


@pytest.mark.parametrize("against", ["greedy", "memory"])
def test_batched_and_per_decision_paths_decide_alike(against):
    """The lowest legal action, decided per observation and over the arrays: the same
    decisions, so the same rows."""
    p = DealParams(2, Rules.preset("standard"), "2", False, "eager", 0)
    a = play_agent_duel(parse_agent(agents.lowest), parse_bot("b", against), p, 0, 40)
    b = play_agent_duel(parse_agent(agents.lowest_batched), parse_bot("b", against), p, 0, 40)
    np.testing.assert_array_equal(a.rows, b.rows)
    assert a.decisions == b.decisions


def test_decision_streams_are_pure_and_distinct():
    assert decision_rng(5, 3, 1).integers(1 << 30) == decision_rng(5, 3, 1).integers(1 << 30)
    draws = {int(decision_rng(5, d, o).integers(1 << 62)) for d in range(3) for o in (0, 1)}
    assert len(draws) == 6


def test_an_unknown_illegal_mode_is_refused():
    p = DealParams(2, Rules.preset("standard"), "2", False, "eager", 0)
    with pytest.raises(ValueError, match="^illegal: expected one of 'raise', 'replace'"):
        play_agent_duel(parse_agent(agents.lowest), parse_bot("b", "greedy"), p, 0, 1,
                        illegal="skip")  # fmt: skip

"""resample_from_infostate at the decision points of random hands under every preset: the
resampled state gives the seat the same information-state string as the original, and
play goes on from it (issue 15: ISMCTS determinizes through it)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import shengji.adapters.openspiel  # noqa: E402,F401  (registers python_shengji)
from shengji.rules.options import PRESETS  # noqa: E402

BIDDING = [("", True), ("", False)]  # (trump, first_hand): the hand is bid
GIVEN = [("S", False), ("NT", True), ("H", True), ("C", False)]


def check_hand(preset, trump, first_hand, seed, stride):
    """Play one random hand; every ``stride``-th decision (and every bid) resample the
    deciding seat's view and check it.  Returns the resamples checked."""
    game = pyspiel.load_game(
        "python_shengji", {"preset": preset, "trump": trump, "first_hand": first_hand}
    )
    rng = np.random.default_rng([seed, len(preset)])
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = [o for o, _ in state.chance_outcomes()]
        state.apply_action(int(outcomes[rng.integers(len(outcomes))]))
    checked = step = 0
    while not state.is_terminal():
        p = state.current_player()
        if step % stride == 0 or state.hand.phase == "bid":
            key = state.information_state_string(p)
            other = state.resample_from_infostate(p, np.random.default_rng([seed, step]))
            where = (preset, trump, first_hand, seed, step, state.hand.phase)
            assert other.information_state_string(p) == key, where
            assert other.current_player() == p, where
            assert other.legal_actions() == state.legal_actions(), where
            legal = other.legal_actions()  # the resampled state plays on
            other.apply_action(int(legal[rng.integers(len(legal))]))
            checked += 1
        legal = state.legal_actions()
        state.apply_action(int(legal[rng.integers(len(legal))]))
        step += 1
    return checked


@pytest.mark.parametrize("preset", list(PRESETS))
def test_resample_matches_the_infostate(preset):
    """Every preset: a bid first hand and a bid later hand, and a hand with the trump given,
    resampled at every bid and every 9th other decision."""
    i = list(PRESETS).index(preset)
    checked = 0
    for trump, first_hand in [*BIDDING, GIVEN[i % len(GIVEN)]]:
        checked += check_hand(preset, trump, first_hand, seed=i, stride=9)
    assert checked > 20


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(PRESETS))
def test_resample_matches_the_infostate_every_decision(preset, slow_only):
    """The broad version: four hands per setting, every decision point."""
    for trump, first_hand in [*BIDDING, *GIVEN]:
        for seed in range(4):
            check_hand(preset, trump, first_hand, seed=100 + seed, stride=1)

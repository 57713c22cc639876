"""Per-step overhead of the game-AI adapters (issue 15): the same recorded hands replayed
action by action, in the same run (benchmarks/README.md).

kernel "adapters" (standard rules, level 2, trump S given, seat 0 banks; the hands are
uniformly random legal actions recorded once from a fixed seed; items = decision actions
per call, ~150 a hand):
  impl "core"        shengji.HandState driven directly: HandState(deal=...), then per
                     action legal_actions() and apply_action() (the baseline every
                     Python user of the engine pays)
  impl "openspiel"   the same through pyspiel: new_initial_state(), the 108 chance steps
                     of the shuffle, then per action legal_actions() and apply_action()
                     of the registered python_shengji game (shengji.adapters.openspiel)
  impl "pettingzoo"  the same through the AEC environment (shengji.adapters.pettingzoo.raw_env):
                     reset, then per action last() -- the observation tensor and action
                     mask an agent reads -- and step()
The guard's ratio core / impl is the adapter's slowdown per action (no floor: a
measurement, not a target; docs in the adapters' module docstrings).
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji.game import HandState
from shengji.rules.options import Rules

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
import shengji.adapters.openspiel  # noqa: E402,F401  (registers python_shengji)
from shengji.adapters.pettingzoo import raw_env  # noqa: E402

HANDS = 4
RULES = Rules.preset("standard")


def record(n, seed=1):
    """n hands: (deck, actions) with uniform legal actions."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        deck = rng.permutation(108).tolist()
        s = HandState(RULES, "2", banker=0, deal=deck, trump="S")
        while not s.is_over():
            legal = s.legal_actions()
            s.apply_action(int(legal[rng.integers(len(legal))]))
        out.append((deck, s.actions))
    return out


RECORDED = record(HANDS)
ITEMS = sum(len(a) for _, a in RECORDED)


def run_core(hands):
    for deck, actions in hands:
        s = HandState(RULES, "2", banker=0, deal=deck, trump="S")
        for a in actions:
            s.legal_actions()
            s.apply_action(a)


GAME = pyspiel.load_game("python_shengji", {"trump": "S"})


def run_openspiel(hands):
    for deck, actions in hands:
        s = GAME.new_initial_state()
        for c in deck:
            s.apply_action(c)
        for a in actions:
            s.legal_actions()
            s.apply_action(a)


ENV = raw_env(trump="S")


class _Deck:
    """A stand-in generator: reset() takes its permutation (the recorded deck)."""

    def __init__(self, deck):
        self.deck = deck

    def permutation(self, n):
        return np.asarray(self.deck)


def run_pettingzoo(hands):
    for deck, actions in hands:
        ENV.reset()
        ENV.np_random = _Deck(deck)
        ENV.reset()
        for a in actions:
            ENV.last()
            ENV.step(a)


@pytest.mark.parametrize("batch", [HANDS])
@pytest.mark.parametrize("impl", ["core", "openspiel", "pettingzoo"])
def test_adapters(benchmark, batch, impl):
    benchmark.extra_info.update(kernel="adapters", impl=impl, items=ITEMS)
    benchmark(
        {"core": run_core, "openspiel": run_openspiel, "pettingzoo": run_pettingzoo}[impl], RECORDED
    )

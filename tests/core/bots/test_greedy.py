"""_core/bots/greedy.pyx: the club player's rules of thumb: deterministic (its generator
never read), a bury of low side cards that keeps trumps and most points, and far stronger than
random in either role."""

from __future__ import annotations

import numpy as np
import pytest

from shengji.cards import card_points
from shengji.game import HandState, play_hand
from shengji.rules.trump import Trump


@pytest.mark.parametrize("seed", range(4))
def test_its_decisions_do_not_depend_on_the_generator(seed):
    s = HandState("standard", level="2", banker=seed % 4, trump="S", seed=seed)
    while not s.is_over():
        a = s.bot_action("greedy")
        for k in (1, 99):
            t = s.clone()
            t.reseed(k)
            assert t.bot_action("greedy") == a
        s.apply(a)


def test_the_bury_keeps_trumps_and_most_points():
    trump, points = Trump("2", "H"), {"greedy": 0, "random": 0}
    for seed in range(12):
        for bot in points:
            s = HandState("standard", level="2", banker=0, trump="H", seed=seed)
            s.apply(s.bot_action(bot))
            assert len(s.buried) == 8
            points[bot] += card_points(s.buried)
            if bot == "greedy":
                assert not any(trump.is_trump(c) for c in s.buried)
    assert points["greedy"] * 2 < points["random"]  # 80 against 185 over these deals


def test_it_beats_random_in_either_role():
    def mean_d(policies):
        return np.mean(
            [
                play_hand("standard", "2", policies=policies, banker=0, seed=s).result()[
                    "defender_points"
                ]
                for s in range(30)
            ]
        )

    assert mean_d(("greedy", "random", "greedy", "random")) < 60  # greedy banks
    assert mean_d(("random", "greedy", "random", "greedy")) > 120  # greedy defends

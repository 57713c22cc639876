"""adapters/compact.py: the pieces tile the flat observation, views write through, and
``compact`` encodes an observation's facts by kind and relative seat (checked here against
the observation itself, in a played hand), refusing the bid phase."""

from __future__ import annotations

import numpy as np
import pytest

from shengji.adapters.compact import LAYOUT, OBSERVATION_SIZE, compact, offsets, views
from shengji.game import HandState


def test_the_pieces_tile_the_observation():
    where, at = offsets(), 0
    for name, shape in LAYOUT:
        assert where[name] == (at, tuple(shape))
        at += int(np.prod(shape))
    assert at == OBSERVATION_SIZE
    x = np.zeros(OBSERVATION_SIZE, np.uint8)
    views(x)["trump"][:] = 7
    i, (n,) = where["trump"]
    assert (x[i : i + n] == 7).all() and x.sum() == 7 * n


@pytest.mark.parametrize("seat", range(4))
def test_compact_holds_the_observations_facts(seat):
    s = HandState("standard", level="3", banker=2, trump="C", seed=11)
    for _ in range(60):
        s.apply(s.bot_action("greedy"))
    obs = s.observation(seat)
    v = views(compact(obs))
    rel = [(seat + r) % 4 for r in range(4)]
    assert v["seat"].tolist() == [int(i == seat) for i in range(4)]
    assert v["banker"].tolist() == [int(rel[r] == 2) for r in range(4)]
    assert v["trump"].tolist() == [0, 0, 1, 0, 0] and v["level"].argmax() == 1
    assert v["hand"].sum() == len(obs.hand) and v["hand_sizes"][0] == len(obs.hand)
    hand = np.bincount([c // 2 for c in obs.hand], minlength=54)
    assert v["hand"].tolist() == hand.tolist()
    points = [s.points[rel[r]] // 5 for r in range(4)]  # in units of 5 points
    assert v["points"].tolist() == points and sum(points) > 0
    assert v["buried_seen"][0] == int(seat == 2) and v["buried"].sum() == 8 * int(seat == 2)


def test_the_bid_phase_has_no_compact_observation():
    s = HandState("standard", level="2", seed=3, bid_phase=True)
    with pytest.raises(ValueError):
        compact(s.observation(0))

"""_core/bots/random.pyx: uniform over the candidate plays: every legal play of a position
drawn, at frequencies a chi-square test accepts, each draw from the state's generator (a
reseeded state draws again), never an illegal one."""

from __future__ import annotations

from collections import Counter

from scipy.stats import chisquare

from shengji.game import HandState

DRAWS = 1600


def position():
    s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    while s.phase == "bury":
        s.apply(s.bot_action("greedy"))
    return s


def test_every_legal_lead_uniformly():
    s = position()
    legal = {tuple(sorted(p)) for p in s.legal_plays()}
    seen = Counter()
    for k in range(DRAWS):
        t = s.clone()
        t.reseed(k)
        seen[tuple(sorted(t.bot_action("random")))] += 1
    assert set(seen) == legal
    assert chisquare(list(seen.values())).pvalue > 1e-3


def test_a_draw_follows_the_generator():
    s = position()
    draws = set()
    for k in range(20):
        t = s.clone()
        t.reseed(k)
        a = t.bot_action("random")
        u = s.clone()
        u.reseed(k)
        assert u.bot_action("random") == a  # the same stream: the same play
        draws.add(tuple(a))
    assert len(draws) > 5

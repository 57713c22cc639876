"""_core/deal/spec.pyx: a [deal] table compiled for the core: the fixed cards and the free
ones, the predicate evaluated by the kernel as the reference evaluates it, the Dealing's
levels and limits, and every bad argument refused in one line."""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.deal.deal import FEATURE_NAMES
from shengji._core.deal.spec import (
    CODE,
    COND_FEATURE_BASE,
    ERR_LEVEL,
    ERR_TRIES,
    MAX_TRIES,
    OPS,
    Dealing,
    DealSpec,
    error_text,
)
from shengji.cards import parse_cards
from shengji.reference.constraint import slot_features, slots_of

POINTS = FEATURE_NAMES.index("points")
NONE = [[], [], [], [], []]


def test_fixed_and_free_cards():
    fixed = [parse_cards("BJ BJ"), [], [], [], parse_cards("5S")]
    spec = DealSpec(0, fixed)
    assert spec.level == 0
    assert sorted(spec.free_cards) == sorted(set(range(108)) - set(fixed[0]) - set(fixed[4]))


def test_the_kernels_predicate_is_the_references():
    # seat 0's points + 2 * seat 2's spade length >= 40, or not (kitty points < 10)
    atoms = [
        ([(0, POINTS, 1), (2, COND_FEATURE_BASE + 0, 2)], OPS.index(">="), 40),
        ([(4, POINTS, 1)], OPS.index("<"), 10),
    ]
    spec = DealSpec(3, NONE, atoms=atoms, code=[0, 1, CODE["not"], CODE["or"]])
    rng, held = np.random.default_rng(4), 0
    for _ in range(300):
        deal = rng.permutation(108).tolist()
        f = [slot_features(cards, 3) for cards in slots_of(deal)]
        want = f[0]["points"] + 2 * f[2]["length_s"] >= 40 or not f[4]["points"] < 10
        assert spec.evaluate(deal) == want
        held += want
    assert 0 < held < 300


def test_a_dealing_has_one_spec_a_level():
    d = Dealing([DealSpec(0, NONE), DealSpec(5, NONE)])
    assert d.levels == (0, 5) and d.tries == d.accepted == 0
    with pytest.raises(ValueError, match="two specs for level rank 5"):
        Dealing([DealSpec(5, NONE), DealSpec(5, NONE)])
    with pytest.raises(ValueError, match="at least one DealSpec"):
        Dealing([])
    with pytest.raises(ValueError, match="max_tries: a positive integer"):
        Dealing(DealSpec(0, NONE), max_tries=0)
    assert f"{MAX_TRIES:,} tries" in error_text(ERR_TRIES) and "level" in error_text(ERR_LEVEL)


@pytest.mark.parametrize(
    "kwargs, needle",
    [
        ({"level": 13, "fixed": NONE}, "level rank 13 out of range"),
        ({"level": 0, "fixed": NONE[:4]}, "fixed: five slots"),
        ({"level": 0, "fixed": [list(range(26)), [], [], [], []]}, "seat0 holds 25 cards"),
        ({"level": 0, "fixed": [[3], [3], [], [], []]}, "card id 3 out of range or given twice"),
        (
            {"level": 0, "fixed": NONE, "atoms": [([(5, POINTS, 1)], 0, 1)], "code": [0]},
            "term: slot 0..4",
        ),  # fmt: skip
        (
            {"level": 0, "fixed": NONE, "atoms": [([(0, POINTS, 1)], 0, 1)], "code": [0, 0]},
            "code: ",
        ),  # fmt: skip
    ],
)
def test_bad_arguments_are_one_line(kwargs, needle):
    with pytest.raises(ValueError, match=needle):
        DealSpec(**kwargs)
    with pytest.raises(ValueError, match="cards: the 108 card ids"):
        DealSpec(0, NONE).evaluate(list(range(107)))

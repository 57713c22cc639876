"""Exact placement in the reference (``shengji.reference``): the examples of issue 12 and
of every class where the old greedy fit answered wrongly -- the same examples as
tests/core/rules/test_placement.py, written once as functions of an engine in
tests/support/placement_examples.py -- and the reference's own placement search on pair
states (docs/rules-engine.md "Placement").
"""

from __future__ import annotations

import pytest

import shengji.reference as ref
from shengji.reference.placement import best_fit, best_top, decomposition_shapes
from shengji.rules.options import PRESETS
from tests.support.placement_examples import DIAMONDS, EXAMPLES, LEAD_3_2


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda f: f.__name__[len("example_") :])
def test_reference(example, preset):
    example(ref, preset)


def test_match_shape_rejects_bad_input():
    with pytest.raises(ValueError, match="mixes following-suits"):
        ref.match_shape("5H 3S", LEAD_3_2, DIAMONDS)
    with pytest.raises(ValueError, match="appears 3 times"):
        ref.match_shape("3H 3H", "3H 4H", DIAMONDS)


# -- the search itself, on pair states (pairs per chain position) ----------------------------


def test_best_fit_is_lexicographic_largest_first():
    # One run of 4: the 3-tractor first (then nothing), not the two 2-tractors.
    assert best_fit((1, 1, 1, 1), (3, 2, 2)) == (1, 0, 0)
    # Runs 5 and 4: everything, cut 3 + 2 and 2 + 2.
    assert best_fit((1, 1, 1, 1, 1, 0, 1, 1, 1, 1), (3, 2, 2, 2)) == (1, 1, 1, 1)
    # Two pairs at the parallel position 2 with a pair either side: 3 + 2 through it.
    assert best_fit((0, 1, 1, 2, 1), (3, 2)) == (1, 1)
    assert best_fit((0, 1, 1, 2, 0), (3, 2)) == (1, 0)


def test_best_top_is_the_strongest_full_placement():
    # Runs 3 (low) and 4 (high), tractors 3 + 2 + 2: the 3 only fits with the rest low.
    state = (1, 1, 1, 0, 0, 1, 1, 1, 1)
    assert best_top(state, (3, 2, 2)) == 2
    assert best_top(state, (3, 2)) == 8
    assert best_top(state, (3, 3, 3)) is None


def test_decomposition_shapes_enumerates_every_cut():
    assert decomposition_shapes((1, 1, 1)) == {(3,), (2, 1), (1, 1, 1)}
    # Parallel pairs at position 1 between two single pairs.
    assert (2, 2) in decomposition_shapes((1, 2, 1)) and max(decomposition_shapes((1, 2, 1))) == (
        3,
        1,
    )

"""Exact placement: the examples of issue 12 and one example of every class where the old
greedy fit answered wrongly (docs/rules-engine.md "Placement", "Shape match", "Key", "Follow
legality", "Kitty multiplier"), here against the core (``shengji.rules.combos``).

The examples are written once, as functions of an engine, in
tests/support/placement_examples.py; tests/reference/test_placement.py runs the same ones
against ``shengji.reference``.
"""

from __future__ import annotations

import pytest

import shengji.rules.combos as core
from shengji.rules.options import PRESETS
from tests.support.placement_examples import DIAMONDS, EXAMPLES, LEAD_3_2


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda f: f.__name__[len("example_") :])
def test_core(example, preset):
    example(core, preset)


def test_match_shape_rejects_bad_input():
    with pytest.raises(ValueError, match="more than one following-suit"):
        core.match_shape("5H 3S", LEAD_3_2, DIAMONDS)
    with pytest.raises(ValueError, match="appears 3 times"):
        core.match_shape("3H 3H", "3H 4H", DIAMONDS)

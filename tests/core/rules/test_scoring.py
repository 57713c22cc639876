"""_core/rules/scoring.pyx, called directly: the kitty multiplier of a last trick and the
level change of a hand, under every preset, against the reference's (docs/rules.md §5-6),
and out-of-range arguments refused in one line."""

from __future__ import annotations

import numpy as np
import pytest

import shengji.reference.scoring as ref
from shengji._core.rules import scoring as core
from shengji._core.rules.combos import SIDE_NAMES
from shengji.cards import parse_cards
from shengji.names import RANK_NAMES
from shengji.rules import pack
from shengji.rules.options import PRESETS, Rules

PLAYS = ["AS", "AS AS", "3S 3S 4S 4S", "3S 3S 4S 4S 5S 5S", "3S 3S 4S 4S 5S 5S 6S 6S", "AS KS KS"]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_kitty_multiplier_is_the_references(preset):
    rules = Rules.preset(preset)
    for play in PLAYS:
        counts = np.bincount([c // 2 for c in parse_cards(play)], minlength=54).astype(np.uint8)
        got = core.kitty_multiplier(counts, 0, 1, pack.rules(rules))
        assert got == ref.kitty_multiplier(play, ("2", "H"), rules), (preset, play)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_level_change_is_the_references(preset):
    rules = Rules.preset(preset)
    for d in (-10, 0, 5, 35, 40, 75, 80, 115, 120, 155, 160, 205, 300):
        for level in (-1, 0, 2, 9, 12):
            for overturns in (0, 2):
                side, levels = core.level_change(d, pack.rules(rules), level, overturns)
                want = ref.level_change(
                    d, rules, level=None if level < 0 else RANK_NAMES[level], overturns=overturns
                )
                assert (SIDE_NAMES[side], levels) == want, (preset, d, level, overturns)


def test_out_of_range_arguments():
    packed = pack.rules(Rules())
    with pytest.raises(ValueError, match="level rank index 13 out of range 0..12"):
        core.level_change(40, packed, 13)
    with pytest.raises(ValueError, match="overturns must be >= 0"):
        core.level_change(40, packed, 0, -1)

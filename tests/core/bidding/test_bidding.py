"""_core/bidding/bidding.pyx, the bidding machine, entered straight through ``bid_given``:
on shuffled dealing orders, under every preset, first and later hands, it reaches the
outcome of the plain-Python twin (``shengji.reference.bidding``) with the same draws."""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.base.rng import chunk_state
from shengji._core.bidding.entry import bid_given, draw_bounded, shuffle_deck
from shengji.bidding.simulate import eager_policy
from shengji.game.records import bid_outcome
from shengji.reference.bidding import bid_python
from shengji.rules import pack
from shengji.rules.options import PRESETS, Rules


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("first_hand, banker", [(True, 0), (False, 3)])
def test_the_machine_is_the_twin(preset, first_hand, banker):
    rules = Rules.preset(preset)
    deck, stream = np.arange(108, dtype=np.uint8), chunk_state(17, 0)
    for i in range(25):
        shuffle_deck(stream, deck)
        rc, result = bid_given(deck, 4, pack.rules(rules), 0, 0, first_hand, banker,
                               chunk_state(i, 0))  # fmt: skip
        s = chunk_state(i, 0)
        twin = bid_python(deck.tolist(), 4, rules, eager_policy, first_hand, banker,
                          lambda bound, s=s: draw_bounded(s, bound))  # fmt: skip
        assert rc == int(twin.redeal)
        if not rc:
            assert twin.same_result(bid_outcome(result)), (preset, i)

"""bidding/policy.py: the first drawer, trumps counted from a dealing order (both as the
reference has them), and a dealing order bid by a callable policy in every seat: its bids
logged, nobody bidding, and a policy that answers off its options refused in one line."""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.base.rng import chunk_state
from shengji.bidding import policy as fast
from shengji.reference import bidding as ref
from shengji.rules.options import Rules

STD = Rules.preset("standard")


def deck(seed):
    return np.random.default_rng(seed).permutation(108).astype(np.uint8)


@pytest.mark.parametrize("seed", range(5))
def test_counts_and_first_drawers_are_the_references(seed):
    d = deck(seed)
    for level, trump, seat, kitty, first in [(0, 1, 2, True, 0), (5, 4, 3, False, 2)]:
        args = (d, level, trump, seat, kitty, first)
        assert fast.count_trumps(*args) == ref.count_trumps(*args)
    for rules in (STD, Rules(random_first_drawer=True), Rules(banker_draws_first=True)):
        for first_hand in (True, False):
            draw = lambda bound: seed % bound  # noqa: E731
            assert fast.first_drawer(rules, first_hand, 3, draw) == ref.first_drawer(
                rules, first_hand, 3, draw
            )


def test_a_policy_bids_in_every_seat():
    seen = []

    def eager(view):
        seen.append(view.seat)
        return view.options[0]

    out = fast.bid_with(deck(1), 0, STD, eager, True, 0, chunk_state(1, 0), 0)
    assert not out.no_bid and out.bids and out.first_declarer == seen[0]
    nobody = fast.bid_with(deck(1), 0, STD, None, True, 0, chunk_state(1, 0), 0)
    assert nobody.no_bid and nobody.bids == ()


def test_an_answer_off_the_options_is_refused():
    with pytest.raises(ValueError, match="policy returned 'H', not one of the options"):
        fast.bid_with(deck(1), 0, STD, lambda view: "H", True, 0, chunk_state(1, 0), 0)

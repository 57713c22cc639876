"""_core/bidding/entry.pyx, the bidding kernel's Python entry points: the shuffle and the
bounded draw (their streams advanced in place), ``bid_chunk`` bidding each final dealing
order as ``bid_given`` bids it, and bad arguments refused in one line."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import chisquare

from shengji._core.base.rng import chunk_state
from shengji._core.bidding.entry import bid_chunk, bid_given, draw_bounded, shuffle_deck
from shengji.rules import pack
from shengji.rules.options import Rules

RULES = pack.rules(Rules.preset("standard"))


def test_the_shuffle_is_a_permutation_from_the_stream():
    a, b = np.arange(108, dtype=np.uint8), np.arange(108, dtype=np.uint8)
    s, t = chunk_state(5, 0), chunk_state(5, 0)
    shuffle_deck(s, a)
    shuffle_deck(t, b)
    assert sorted(a) == list(range(108)) and (a == b).all() and (s == t).all()
    assert not (s == chunk_state(5, 0)).all()  # advanced
    shuffle_deck(s, a)
    assert not (a == b).all()


def test_bounded_draws_are_uniform():
    s = chunk_state(9, 0)
    draws = [draw_bounded(s, 8) for _ in range(4000)]
    assert min(draws) == 0 and max(draws) == 7
    assert chisquare(np.bincount(draws, minlength=8)).pvalue > 1e-3
    with pytest.raises(ValueError, match="bound must be in 1..65535"):
        draw_bounded(s, 0)


def test_a_chunk_bids_each_final_dealing_order_as_bid_given_does():
    n = 30
    cards = np.zeros((n, 108), np.uint8)
    cols = bid_chunk(chunk_state(2, 0), np.arange(108, dtype=np.uint8), n, 0, RULES,
                     first_hand=False, banker=1, cards=cards)  # fmt: skip
    assert len(cols["trump"]) == n
    for i in range(n):
        if cols["redeals"][i] or cols["no_bid"][i]:
            continue  # no_bid draws its kitty card from the chunk's stream
        rc, one = bid_given(cards[i], 0, RULES, first_hand=False, banker=1)
        assert rc == 0
        for key in ("trump", "banker", "first_declarer", "first_declare_index", "overturns"):
            assert one[key] == cols[key][i], (i, key)


def test_bad_arguments():
    with pytest.raises(ValueError, match="cards must be 108 physical card ids"):
        bid_given(np.arange(100), 0, RULES)
    with pytest.raises(ValueError, match="first_drawer 4 out of range -1..3"):
        bid_given(np.arange(108), 0, RULES, first_drawer=4)
    with pytest.raises(ValueError, match="deck must hold 108 cards"):
        shuffle_deck(chunk_state(0, 0), np.arange(10, dtype=np.uint8))
    with pytest.raises(ValueError, match="n must be >= 0"):
        bid_chunk(chunk_state(0, 0), np.arange(108, dtype=np.uint8), -1, 0, RULES)

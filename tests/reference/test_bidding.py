"""reference/bidding.py, the Python bidding engine: who draws first, trumps counted from a
dealing order, and a constructed deal bid by a policy that declares whatever it may."""

from __future__ import annotations

import numpy as np

from shengji.reference.bidding import bid_python, count_trumps, first_drawer
from shengji.rules.options import Rules
from tests.support.constructed_deals import at, deal, fill

HEARTS, NT = 1, 4


def test_first_drawer():
    draw = lambda bound: bound - 1  # noqa: E731
    assert first_drawer(Rules(random_first_drawer=True), True, 2, draw) == 3
    assert first_drawer(Rules(random_first_drawer=False), True, 2, draw) == 0
    assert first_drawer(Rules(banker_draws_first=True), False, 2, draw) == 2
    assert first_drawer(Rules(banker_draws_first=False), False, 2, draw) == 0


def test_count_trumps_reads_the_seats_cards_and_the_kitty():
    placed = {at(1, 0): "2S", at(1, 3): "AH", at(1, 5): "BJ", at(2, 0): "KH"}
    d = deal({**placed, at(3, 1): "2C", at(3, 2): "2D"})
    assert count_trumps(d, 0, NT, 1, kitty=False) == 2  # 2S, BJ
    assert count_trumps(d, 0, NT, 1) == 2 + 8  # the kitty: the 8 other level cards, jokers
    assert count_trumps(d, 0, NT, 2, kitty=False, first_drawer=1) == 2  # seat 1's cards
    hearts = sum(1 for c in d[1:100:4] if c // 26 == HEARTS and (c // 2) % 13)
    assert count_trumps(d, 0, HEARTS, 1, kitty=False) == 2 + hearts


def test_a_constructed_deal_is_declared_by_its_first_level_card():
    d = deal(fill({at(2, 4): "2H", at(0, 9): "2S"}, "SJ", "BJ"))
    rules = Rules.preset("standard")
    out = bid_python(d, 0, rules, lambda view: view.options[0] if view.options else None,
                     True, -1, lambda bound: 0, first_drawer_seat=0)  # fmt: skip
    assert (out.trump, out.first_declarer, out.first_declare_index) == ("H", 2, at(2, 4))
    nobody = bid_python(np.array(d), 0, rules, None, True, -1, lambda bound: 0, 0)
    assert nobody.no_bid and nobody.first_declarer == -1

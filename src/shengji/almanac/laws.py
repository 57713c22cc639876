"""The exact laws of a deal (two decks, 108 cards; 25 to a seat, 8 to the kitty), against
which the almanac's deal histograms are checked: the same laws as tests/studies/test_deals.py.

A seat's 25 cards are a uniform 25-subset of the 108, so the count of any set of K cards in
them is hypergeometric (108, K, 25): the trumps with a trump suit (K = 36: 24 suit cards off
the level, 8 level cards, 4 jokers), in no-trump (K = 12: level cards and jokers), the level
cards (8), each joker (2).  Points (8 fives, 16 tens and kings, 84 others) are a
multivariate hypergeometric sum.

The other columns count kinds (54 kinds, two copies each): a hand holding c_k copies of
kind k (sum c_k = cards) is one of prod C(2, c_k) hands.  So the hands with p pairs and s
single cards number C(54, p) C(54 - p, s) 2^s (``pairs``), and likewise with the 4 level
kinds apart (``level_pairs``); the longest side suit (four suits of 12 plain kinds, 24
cards, beside the 12 level cards and jokers) is a maximum of four counts, counted by the
product of the suits' generating functions truncated at each length.  The tractors
(``tractors_s`` .. ``tractors_nt``: the maximal runs of >= 2 consecutive chain positions
holding a pair in each following-suit, docs/rules.md §3) come from a dynamic programme
along each following-suit's chain (the rules' chain positions, ``Trump.tables``), its state
the cards so far, the tractors so far and the run's length (0, 1, >= 2); a parallel
position (the off-suit level kinds) holds a pair when any of its kinds does.  Every count
is a Python integer; the pmf is their ratio to C(108, cards).

``law(column, cards, level, tractor_gap, trump_chain)``: the pmf over 0..255; the level
and the two rule options matter only to the tractors.  Every column of the deal study has
one (None for an unknown name).
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np

__all__ = ["DECK", "law", "chi2_pvalue"]

DECK = 108
KINDS = 54
SUITS = 4
SUIT_PLAIN_CARDS = 24  # a suit's cards off the level rank
LEVEL_KINDS = 4
TRACTOR_TRUMPS = {"tractors_s": "S", "tractors_h": "H", "tractors_c": "C", "tractors_d": "D"}
_COUNTED = {
    "trumps_s": 36,
    "trumps_h": 36,
    "trumps_c": 36,
    "trumps_d": 36,
    "trumps_nt": 12,
    "level_cards": 8,
    "small_jokers": 2,
    "big_jokers": 2,
}


def _hypergeom(k_cards: int, drawn: int) -> np.ndarray:
    pmf = np.zeros(256)
    total = comb(DECK, drawn)
    for x in range(min(k_cards, drawn) + 1):
        pmf[x] = comb(k_cards, x) * comb(DECK - k_cards, drawn - x) / total
    return pmf


def _points(drawn: int) -> np.ndarray:
    pmf = np.zeros(256)
    total = comb(DECK, drawn)
    for a in range(min(8, drawn) + 1):
        for b in range(min(16, drawn - a) + 1):
            pmf[5 * a + 10 * b] += comb(8, a) * comb(16, b) * comb(84, drawn - a - b) / total
    return pmf


def _pmf(counts: list[int], drawn: int) -> np.ndarray:
    """Hand counts by value -> the pmf over 0..255 (checked: they are every hand)."""
    total = comb(DECK, drawn)
    assert sum(counts) == total, "a law's counts must cover every hand"
    pmf = np.zeros(256)
    for v, c in enumerate(counts):
        pmf[v] = c / total
    return pmf


def _pairs(drawn: int, kinds: int = KINDS, others: int = 0) -> list[int]:
    """Hands by the pairs among ``kinds`` kinds (the other cards: ``others`` cards)."""
    out = [0] * (drawn // 2 + 1)
    for p in range(min(kinds, drawn // 2) + 1):
        for s in range(min(kinds - p, drawn - 2 * p) + 1):
            rest = drawn - 2 * p - s
            out[p] += comb(kinds, p) * comb(kinds - p, s) * 2**s * comb(others, rest)
    return out


def _poly_pow(base: list[int], k: int, drawn: int) -> list[int]:
    out = [1] + [0] * drawn
    for _ in range(k):
        out = [
            sum(out[i - j] * base[j] for j in range(min(i, len(base) - 1) + 1))
            for i in range(drawn + 1)
        ]
    return out


def _longest_side_suit(drawn: int) -> list[int]:
    """Hands by their longest suit counting plain cards (each suit 24, the rest 12)."""
    rest = [comb(DECK - SUITS * SUIT_PLAIN_CARDS, r) for r in range(drawn + 1)]
    below = []  # below[L]: hands with every suit's plain length <= L
    for top in range(drawn + 1):
        suit = [comb(SUIT_PLAIN_CARDS, x) if x <= top else 0 for x in range(drawn + 1)]
        g = _poly_pow(suit, SUITS, drawn)
        below.append(sum(g[i] * rest[drawn - i] for i in range(drawn + 1)))
    return [below[0]] + [below[v] - below[v - 1] for v in range(1, drawn + 1)]


def _chain(positions: list[int], drawn: int) -> list[list[int]]:
    """One following-suit's chain, ``positions`` the kinds at each chain position (0: an
    empty one) -> hands of its kinds by [cards][tractors] (cards up to ``drawn``)."""
    states = {0: [[1]] + [[0] for _ in range(drawn)]}  # run length (0, 1, >= 2) -> poly
    for k in positions:
        if k == 0:
            merged = states.pop(0)
            for poly in states.values():
                _add(merged, poly)
            states = {0: merged}
            continue
        empty = _poly_pow([1, 2], k, drawn)  # no kind held twice
        full = _poly_pow([1, 2, 1], k, drawn)
        pair = [a - b for a, b in zip(full, empty, strict=True)]  # some kind held twice
        new: dict[int, list[list[int]]] = {}
        for run, poly in states.items():
            _add(new.setdefault(0, [[0] for _ in range(drawn + 1)]), _times(poly, empty, 0))
            grown = min(run + 1, 2)
            _add(
                new.setdefault(grown, [[0] for _ in range(drawn + 1)]),
                _times(poly, pair, 1 if run == 1 else 0),
            )
        states = new
    out = [[0] for _ in range(drawn + 1)]
    for poly in states.values():
        _add(out, poly)
    return out


def _add(into: list[list[int]], poly: list[list[int]]) -> None:
    for row, other in zip(into, poly, strict=True):
        if len(row) < len(other):
            row.extend([0] * (len(other) - len(row)))
        for t, x in enumerate(other):
            row[t] += x


def _times(poly: list[list[int]], cards: list[int], shift: int) -> list[list[int]]:
    """poly [cards][tractors] times a polynomial in cards, the tractors moved by shift."""
    drawn = len(poly) - 1
    out = [[0] for _ in range(drawn + 1)]
    for i, row in enumerate(poly):
        for j, w in enumerate(cards[: drawn + 1 - i]):
            if w:
                _add_row(out[i + j], row, w, shift)
    return out


def _add_row(into: list[int], row: list[int], w: int, shift: int) -> None:
    need = len(row) + shift
    if len(into) < need:
        into.extend([0] * (need - len(into)))
    for t, x in enumerate(row):
        into[t + shift] += w * x


def _convolve(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    drawn = len(a) - 1
    out = [[0] for _ in range(drawn + 1)]
    for i, row in enumerate(a):
        for j in range(drawn + 1 - i):
            for t, x in enumerate(row):
                if x:
                    _add_row(out[i + j], b[j], x, t)
    return out


def chains(suit: str | None, level: int, tractor_gap: bool, trump_chain: bool) -> list[list[int]]:
    """Each following-suit's kinds per chain position (0..its top), with trump ``suit``
    (None: no-trump) at level rank ``level``: the rules' chain (``Trump.tables``)."""
    from shengji.names import RANK_NAMES
    from shengji.rules.trump import Trump

    follow, _, chain, _ = Trump(RANK_NAMES[level], suit).tables(tractor_gap, trump_chain)
    out = []
    for f in sorted(set(follow.tolist())):
        at = [int(chain[k]) for k in range(KINDS) if follow[k] == f]
        positions = [0] * (max(at) + 1)
        for p in at:
            positions[p] += 1
        out.append(positions)
    return out


@cache
def _tractors(drawn: int, suit: str | None, level: int, gap: bool, chain: bool) -> tuple:
    total = [[1]] + [[0] for _ in range(drawn)]
    for positions in chains(suit, level, gap, chain):
        total = _convolve(total, _chain(positions, drawn))
    return tuple(total[drawn])


def law(
    column: str,
    cards: int,
    level: int = 0,
    tractor_gap: bool = True,
    trump_chain: bool = True,
) -> np.ndarray | None:
    """The exact pmf of ``column`` over 0..255 for a hand of ``cards`` cards (25 a seat, 8
    the kitty) at level rank ``level`` under the rules' ``tractor_gap`` and
    ``trump_chain`` (the tractors' only), or None for a column with no law here."""
    if column in _COUNTED:
        return _hypergeom(_COUNTED[column], cards)
    if column in ("points", "kitty_points"):
        return _points(cards)
    if column == "pairs":
        return _pmf(_pairs(cards), cards)
    if column == "level_pairs":
        return _pmf(_pairs(cards, LEVEL_KINDS, DECK - 2 * LEVEL_KINDS), cards)
    if column == "longest_side_suit":
        return _pmf(_longest_side_suit(cards), cards)
    if column in TRACTOR_TRUMPS or column == "tractors_nt":
        suit = TRACTOR_TRUMPS.get(column)
        return _pmf(list(_tractors(cards, suit, level, tractor_gap, trump_chain)), cards)
    return None


def chi2_pvalue(counts: np.ndarray, pmf: np.ndarray, minimum: float = 5.0) -> float:
    """The chi-square test's p-value of observed ``counts`` (index = value) against ``pmf``,
    the bins merged in value order until each expects at least ``minimum``."""
    from scipy import stats

    n = counts.sum()
    keep = pmf > 0
    if (counts[~keep] > 0).any():
        return 0.0  # a value the law makes impossible
    exp, obs = pmf[keep] * n, counts[keep].astype(np.float64)
    e_b, o_b, e, o = [], [], 0.0, 0.0
    for ei, oi in zip(exp, obs, strict=True):
        e, o = e + ei, o + oi
        if e >= minimum:
            e_b.append(e)
            o_b.append(o)
            e = o = 0.0
    if e_b:
        e_b[-1] += e
        o_b[-1] += o
    if len(e_b) < 2:
        return 1.0
    e_arr = np.array(e_b) * (n / np.sum(e_b))
    return float(stats.chisquare(np.array(o_b), e_arr).pvalue)

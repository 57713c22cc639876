"""The almanac's reducers against figures computed by hand on a few made-up rows
(shengji.almanac.reduce, tidy, laws)."""

from __future__ import annotations

import math
from math import comb

import numpy as np
import pandas as pd
import pytest

from shengji.almanac.laws import chi2_pvalue, law
from shengji.almanac.reduce import bid_rows, deal_rows, match_rows, rules_rows, scoring_rows
from shengji.almanac.tidy import COLUMNS, paired_row, rate_row, row

T3 = 3.182446305284263  # Student t, 3 degrees of freedom, 97.5 %
Z = 1.959963984540054


def wilson(k, n):
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return centre - half, centre + half


def one(rows, **match):
    got = [r for r in rows if all(r[k] == v for k, v in match.items())]
    assert len(got) == 1, (match, got)
    return got[0]


KEY = {
    "analysis": "rules",
    "preset": "standard",
    "variant": "x",
    "hand": "later",
    "metric": "D",
    "by": "",
}


def test_paired_row_by_hand():
    # values 80 90 60 70 against 70 90 50 70: differences 10 0 10 0
    r = paired_row(KEY, [80, 90, 60, 70], [70, 90, 50, 70])
    assert r["n"] == 4 and r["mean"] == 75.0
    sd = math.sqrt(((80 - 75) ** 2 + 15**2 + 15**2 + 5**2) / 3)
    assert r["low"] == pytest.approx(75 - T3 * sd / 2)
    assert r["diff"] == 5.0
    half = T3 * math.sqrt(4 * 25 / 3) / 2  # the differences' sd is sqrt(100 / 3)
    assert (r["diff_low"], r["diff_high"]) == pytest.approx((5 - half, 5 + half))
    same = paired_row(KEY, [1, 2, 3], [1, 2, 3])
    assert (same["diff"], same["diff_low"], same["diff_high"]) == (0.0, 0.0, 0.0)


def test_rates_are_wilson_and_rows_have_every_column():
    r = rate_row(KEY, 3, 4)
    assert r["mean"] == 0.75
    assert (r["low"], r["high"]) == pytest.approx(wilson(3, 4))
    assert list(r) == list(COLUMNS)
    assert math.isnan(r["diff"]) and math.isnan(r["exact"])
    assert rate_row(KEY, 0, 0)["n"] == 0
    with pytest.raises(ValueError, match="hand"):
        row({**KEY, "hand": "middle"}, 1, 0, 0, 0)


def hands(cell, level_side, banker, next_banker, d, **extra):
    n = len(d)
    return pd.DataFrame(
        {
            "cell": [cell] * n,
            "hand": list(range(n)),
            "level_side": level_side,
            "banker": banker,
            "next_banker": next_banker,
            "defender_points": d,
            **extra,
        }
    )


def test_rules_rows_pair_each_cell_with_standard():
    base = hands(
        0, ["banker", "banker", "defenders", "banker"], [0, 0, 0, 0], [2, 2, 1, 2], [40, 60, 85, 70]
    )
    var = hands(
        1,
        ["banker", "defenders", "defenders", "banker"],
        [0, 0, 0, 0],
        [2, 1, 1, 2],
        [40, 80, 95, 70],
    )
    # rows in any order: the reducer sorts by cell and hand
    rows = rules_rows(pd.concat([var, base]).sample(frac=1, random_state=1), ["opt=1"], "later")
    assert len(rows) == 6
    std = one(rows, variant="standard", metric="level_up")
    assert (std["mean"], std["diff"]) == (0.75, 0.0)
    lu = one(rows, variant="opt=1", metric="level_up")
    assert lu["mean"] == 0.5 and lu["diff"] == -0.25
    half = T3 * math.sqrt((0.25 - 4 * 0.0625 / 4) * 4 / 3) / 2  # differences 0 -1 0 0
    assert (lu["diff_low"], lu["diff_high"]) == pytest.approx((-0.25 - half, -0.25 + half))
    kept = one(rows, variant="opt=1", metric="bank_kept")
    assert kept["mean"] == 0.5 and kept["diff"] == -0.25
    d = one(rows, variant="opt=1", metric="D")
    assert d["mean"] == 71.25 and d["diff"] == 7.5  # differences 0 20 10 0
    with pytest.raises(ValueError, match="cells"):
        rules_rows(base, ["a", "b"], "later")


def test_scoring_rows_by_hand():
    h = hands(
        0,
        ["banker", "defenders", "banker", "banker"],
        [0, 0, 0, 0],
        [2, 1, 2, 2],
        [40, 120, 0, 75],
        levels=[1, 2, 3, 1],
        kitty_points=[0, 20, 0, 10],
        kitty_multiplier=[0, 4, 0, 2],
        failed_throws=[0, 1, 0, 0],
        trump=["S", "NT", "S", "H"],
    )
    rows = scoring_rows(h, "standard")
    assert one(rows, metric="level_up", by="")["mean"] == 0.75
    assert one(rows, metric="D")["mean"] == 58.75
    assert one(rows, metric="D>=80")["mean"] == 0.25
    assert one(rows, metric="D=75")["mean"] == 0.25
    assert one(rows, metric="levels")["mean"] == (1 - 2 + 3 + 1) / 4
    assert one(rows, metric="kitty_points")["mean"] == 7.5
    assert one(rows, metric="kitty_decided")["mean"] == 0.5
    mult = one(rows, metric="kitty_multiplier")
    assert (mult["n"], mult["mean"]) == (2, 3.0)
    assert one(rows, metric="failed_throw")["mean"] == 0.25
    assert one(rows, metric="kitty_multiplier=4", by="kitty_decided")["mean"] == 0.5
    assert one(rows, metric="level_up", by="trump=S")["mean"] == 1.0
    assert one(rows, metric="level_up", by="trump=NT")["n"] == 1
    assert one(rows, metric="trump", by="trump=S")["mean"] == 0.5


def test_bid_rows_by_hand():
    bids = pd.DataFrame(
        {
            "first_declarer": [0, 1, -1, 0],
            "banker": [0, 3, 0, 0],
            "no_bid": [0, 0, 1, 0],
            "reinforced": [1, 0, 0, 0],
            "overturns": [0, 1, 0, 2],
            "redeals": [0, 0, 0, 1],
            "banker_steps_down": [0, 0, 0, 0],
            "trump": ["S", "NT", "H", "S"],
            "banker_trumps": [10, 12, 8, 14],
            "team_trumps": [20, 22, 16, 24],
        }
    )
    rows = bid_rows(bids, "standard", "5")
    assert one(rows, metric="declared")["mean"] == 0.75
    assert one(rows, metric="overturned")["mean"] == 0.5
    assert one(rows, metric="first_declarer", by="level=5 seat=0")["mean"] == 0.5
    assert one(rows, metric="banker", by="level=5 seat=3")["mean"] == 0.25
    assert one(rows, metric="banker_trumps")["mean"] == 11.0
    assert all(r["by"].startswith("level=5") for r in rows)


def test_match_rows_by_hand():
    m = pd.DataFrame(
        {
            "cell": [0, 0, 1, 1],
            "match": [0, 1, 0, 1],
            "hands": [20, 30, 25, 31],
            "winner_team": [0, 1, 0, 0],
        }
    )
    rows = match_rows(m, ["match_hands=20"])
    length = one(rows, variant="match_hands=20", metric="match_length")
    assert (length["mean"], length["diff"]) == (28.0, 3.0)
    assert one(rows, variant="match_hands=20", metric="team0_wins")["diff"] == 0.5


def test_deal_rows_against_the_exact_law():
    # seat 0's big jokers in 4 deals: 0, 1, 1, 2; the kitty's points in 2 deals: 0, 15
    hist = pd.DataFrame(
        {
            "column": ["big_jokers"] * 3 + ["kitty_points"] * 2,
            "seat": pd.array([0, 0, 0, None, None], dtype="Int64"),
            "value": [0, 1, 2, 0, 15],
            "count": [1, 2, 1, 1, 1],
        }
    )
    rows = deal_rows(hist, "standard")
    mean = one(rows, metric="big_jokers", by="seat=0")
    assert (mean["n"], mean["mean"]) == (4, 1.0)
    assert mean["exact"] == pytest.approx(2 * 25 / 108)
    p1 = one(rows, metric="big_jokers=1", by="seat=0")
    assert p1["mean"] == 0.5
    assert p1["exact"] == pytest.approx(comb(2, 1) * comb(106, 24) / comb(108, 25))
    assert one(rows, metric="kitty_points", by="kitty")["mean"] == 7.5
    assert one(rows, metric="big_jokers:chi2_p", by="seat=0")["n"] == 4


def test_laws():
    for column, cards in (
        ("trumps_h", 25),
        ("trumps_nt", 25),
        ("points", 25),
        ("kitty_points", 8),
        ("big_jokers", 25),
    ):
        assert law(column, cards).sum() == pytest.approx(1.0)
    assert (law("points", 25) * np.arange(256)).sum() == pytest.approx(200 * 25 / 108)
    assert law("no_such_column", 25) is None
    # a kind is held twice with probability C(106, 23) / C(108, 25) = 25 * 24 / (108 * 107)
    pairs = (law("pairs", 25) * np.arange(256)).sum()
    assert pairs == pytest.approx(54 * 25 * 24 / (108 * 107))
    pmf = law("trumps_h", 25)
    rng = np.random.default_rng(0)
    counts = np.bincount(rng.hypergeometric(36, 72, 25, 20_000), minlength=256)
    assert chi2_pvalue(counts, pmf) > 1e-3
    assert chi2_pvalue(np.bincount(np.full(1000, 3), minlength=256), pmf) < 1e-6

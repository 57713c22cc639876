"""The reducers: each analysis's parts (ordinary runs under ``DIR/parts``) to the rows of
its tidy table (``shengji.almanac.tidy``).

The ``*_rows`` functions take the tables as pandas DataFrames (as ``shengji.load`` reads
them), so that they can be checked on a handful of hand-made rows; the ``reduce_*``
functions, one an analysis (``shengji.almanac.parts.PLAN``'s ``reduce``), read its parts
and call them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from shengji.almanac.laws import chi2_pvalue, law
from shengji.almanac.tidy import mean_row, paired_row, rate_row, row
from shengji.cards import parse_rank
from shengji.names import HAND_SIZE, KITTY_SIZE
from shengji.rules.options import Rules

__all__ = [
    "bid_rows",
    "deal_rows",
    "ladder_rows",
    "match_rows",
    "reduce_bids",
    "reduce_deals",
    "reduce_ladder",
    "reduce_match",
    "reduce_rules",
    "reduce_scoring",
    "rules_rows",
    "scoring_rows",
]

STANDARD = "standard"


def _key(analysis, preset, variant, hand, metric, by=""):
    return {
        "analysis": analysis,
        "preset": preset,
        "variant": variant,
        "hand": hand,
        "metric": metric,
        "by": by,
    }


# ---------------------------------------------------------------------------------------
# deals: exact histograms (the deal study's aggregate table), one preset
# ---------------------------------------------------------------------------------------
def deal_rows(hist, preset: str, level: str = "2") -> list[dict]:
    """A preset's deal histograms at ``level`` (columns ``column, seat, value, count``; seat
    null for the kitty) -> per column and seat: the mean, the rate of every value, and where
    an exact law exists (every column of the deal study: the tractors' under the preset's
    tractor_gap and trump_chain) its value (``exact``) and the chi-square p-value of the
    counts against it (metric ``<column>:chi2_p``, in ``mean``)."""
    rules = Rules.preset(preset)
    rank, gap, chain = parse_rank(level), rules.tractor_gap, rules.trump_chain
    out = []
    seat = hist["seat"].astype("float64").fillna(-1).astype(np.int64).to_numpy()
    columns = hist["column"].astype(str).to_numpy()
    values = hist["value"].to_numpy(np.int64)
    counts = hist["count"].to_numpy(np.int64)
    for column in sorted(set(columns)):
        for s in sorted(set(seat[columns == column])):
            sel = (columns == column) & (seat == s)
            c = np.zeros(256, np.int64)
            np.add.at(c, values[sel], counts[sel])
            n = int(c.sum())
            by = "kitty" if s < 0 else f"seat={s}"
            pmf = law(column, KITTY_SIZE if s < 0 else HAND_SIZE, rank, gap, chain)
            v = np.arange(256, dtype=np.float64)
            total, total_sq = float((c * v).sum()), float((c * v * v).sum())
            from shengji.stats import mean_interval

            mean, half = mean_interval(n, total, total_sq)
            exact_mean = float((pmf * v).sum()) if pmf is not None else np.nan
            key = _key("deals", preset, "", "first", column, by)
            out.append(row(key, n, mean, mean - half, mean + half, exact=exact_mean))
            for value in np.flatnonzero(c):
                out.append(
                    rate_row(
                        _key("deals", preset, "", "first", f"{column}={value}", by),
                        int(c[value]),
                        n,
                        exact=float(pmf[value]) if pmf is not None else np.nan,
                    )
                )
            if pmf is not None:
                p = chi2_pvalue(c, pmf)
                out.append(
                    row(_key("deals", preset, "", "first", f"{column}:chi2_p", by), n, p, p, p)
                )
    return out


# ---------------------------------------------------------------------------------------
# bid odds: the players' bidding in a first hand, one cell (a preset at a level)
# ---------------------------------------------------------------------------------------
def bid_rows(bids, preset: str, level: str) -> list[dict]:
    """One cell's bids (the bid_odds study's table) -> declare, reinforce, overturn, no-bid
    and redeal rates, the trump declared, the banker's trumps; the first declarer and the
    banker by seat."""
    out = []
    lv = f"level={level}"

    def key(metric, by=lv):
        return _key("bid_odds", preset, "", "first", metric, by)

    n = len(bids)
    declarer = bids["first_declarer"].to_numpy(np.int64)
    banker = bids["banker"].to_numpy(np.int64)
    no_bid = bids["no_bid"].to_numpy(bool)
    for metric, hit in (
        ("declared", declarer >= 0),
        ("no_bid", no_bid),
        ("reinforced", bids["reinforced"].to_numpy(bool)),
        ("overturned", bids["overturns"].to_numpy(np.int64) > 0),
        ("redealt", bids["redeals"].to_numpy(np.int64) > 0),
        ("banker_steps_down", bids["banker_steps_down"].to_numpy(bool)),
    ):
        out.append(rate_row(key(metric), int(hit.sum()), n))
    trump = bids["trump"].astype(str).to_numpy()
    for t in ("S", "H", "C", "D", "NT"):
        out.append(rate_row(key("trump", f"{lv} trump={t}"), int((trump == t).sum()), n))
    for s in range(4):
        out.append(rate_row(key("first_declarer", f"{lv} seat={s}"), int((declarer == s).sum()), n))
        out.append(rate_row(key("banker", f"{lv} seat={s}"), int((banker == s).sum()), n))
    out.append(mean_row(key("banker_trumps"), bids["banker_trumps"].to_numpy()))
    out.append(mean_row(key("team_trumps"), bids["team_trumps"].to_numpy()))
    return out


# ---------------------------------------------------------------------------------------
# scoring: whole hands, net in all seats, one preset
# ---------------------------------------------------------------------------------------
def _hand_metrics(hands) -> dict[str, tuple[np.ndarray, bool]]:
    """Per hand: the banker team levels up, keeps the bank, the defenders' points D."""
    banker = hands["banker"].to_numpy(np.int64)
    nxt = hands["next_banker"].to_numpy(np.int64)
    return {
        "level_up": ((hands["level_side"].astype(str) == "banker").to_numpy(np.int64), True),
        "bank_kept": ((banker % 2 == nxt % 2).astype(np.int64), True),
        "D": (hands["defender_points"].to_numpy(np.int64), False),
    }


def scoring_rows(hands, preset: str, hand: str = "later") -> list[dict]:
    """One preset's hands (the scoring study's table) -> level-up and bank-kept rates, D
    (its mean and the rate of every value), the kitty (points, the rate it is decided by
    the defenders' last trick, the multiplier then), failed throws, and the level-up rate
    by the trump declared."""
    out = []

    def key(metric, by=""):
        return _key("scoring", preset, "", hand, metric, by)

    m = _hand_metrics(hands)
    for name in ("level_up", "bank_kept", "D"):
        values, rate = m[name]
        out.append(mean_row(key(name), values, rate=rate))
    d = m["D"][0]
    n = len(d)
    out.append(rate_row(key("D>=80"), int((d >= 80).sum()), n))
    for value, count in zip(*np.unique(d, return_counts=True), strict=True):
        out.append(rate_row(key(f"D={value}"), int(count), n))
    levels = hands["levels"].to_numpy(np.int64)
    signed = np.where(m["level_up"][0] == 1, levels, -levels)
    out.append(mean_row(key("levels"), signed))
    out.append(mean_row(key("kitty_points"), hands["kitty_points"].to_numpy()))
    mult = hands["kitty_multiplier"].to_numpy(np.int64)
    out.append(rate_row(key("kitty_decided"), int((mult > 0).sum()), n))
    out.append(mean_row(key("kitty_multiplier", "kitty_decided"), mult[mult > 0]))
    decided = int((mult > 0).sum())
    for value, count in zip(*np.unique(mult[mult > 0], return_counts=True), strict=True):
        out.append(rate_row(key(f"kitty_multiplier={value}", "kitty_decided"), int(count), decided))
    throws = hands["failed_throws"].to_numpy(np.int64)
    out.append(mean_row(key("failed_throws"), throws))
    out.append(rate_row(key("failed_throw"), int((throws > 0).sum()), n))
    trump = hands["trump"].astype(str).to_numpy()
    for t in ("S", "H", "C", "D", "NT"):
        sel = trump == t
        out.append(rate_row(key("trump", f"trump={t}"), int(sel.sum()), n))
        out.append(mean_row(key("level_up", f"trump={t}"), m["level_up"][0][sel], rate=True))
    return out


# ---------------------------------------------------------------------------------------
# rules and match: a sweep's cells against cell 0 (standard), paired item by item
# ---------------------------------------------------------------------------------------
def _cells(table, item: str, labels: list[str]):
    """The sweep's rows of each cell, in item order; cell 0 is ``standard``."""
    table = table.sort_values(["cell", item], kind="stable")
    cells = table["cell"].to_numpy(np.int64)
    found = sorted(set(cells))
    if found != list(range(len(labels) + 1)):
        raise ValueError(f"the sweep holds cells {found}, expected 0..{len(labels)}")
    return [table[cells == c] for c in found]


def rules_rows(hands, labels: list[str], hand: str, analysis: str = "rules") -> list[dict]:
    """A rule sweep's hands (cell 0 standard, cell i the change ``labels[i - 1]``) ->
    per cell the level-up rate, bank kept and D, with the paired difference from standard."""
    cells = _cells(hands, "hand", labels)
    base = _hand_metrics(cells[0])
    out = []
    for c, cell in enumerate(cells):
        variant = STANDARD if c == 0 else labels[c - 1]
        m = _hand_metrics(cell)
        for name in ("level_up", "bank_kept", "D"):
            values, rate = m[name]
            key = _key(analysis, STANDARD, variant, hand, name)
            out.append(paired_row(key, values, base[name][0], rate=rate))
    return out


def match_rows(matches, labels: list[str]) -> list[dict]:
    """A match sweep's matches -> per cell the match length (hands) and team 0's wins, with
    the paired difference from standard (a match's later hands leave the common deals once
    its levels differ, so the pairing helps less than in single hands)."""
    cells = _cells(matches, "match", labels)
    out = []
    length0 = cells[0]["hands"].to_numpy(np.int64)
    wins0 = (cells[0]["winner_team"].to_numpy(np.int64) == 0).astype(np.int64)
    for c, cell in enumerate(cells):
        variant = STANDARD if c == 0 else labels[c - 1]
        length = cell["hands"].to_numpy(np.int64)
        wins = (cell["winner_team"].to_numpy(np.int64) == 0).astype(np.int64)
        out.append(
            paired_row(_key("match", STANDARD, variant, "match", "match_length"), length, length0)
        )
        out.append(
            paired_row(
                _key("match", STANDARD, variant, "match", "team0_wins"), wins, wins0, rate=True
            )
        )
    return out


# ---------------------------------------------------------------------------------------
# ladder: the ratings fitted to the round robin
# ---------------------------------------------------------------------------------------
def ladder_rows(ratings, pairs) -> list[dict]:
    """The ladder's ratings (defender points a deal, greedy = 0; bootstrap intervals) and
    every pair's mean swing (the first bot's advantage a deal, t interval)."""
    out = []
    for r in ratings.itertuples():
        out.append(
            row(
                _key("ladder", STANDARD, r.bot, "later", "rating"), r.deals, r.rating, r.low, r.high
            )
        )
    for r in pairs.itertuples():
        out.append(
            row(
                _key("ladder", STANDARD, f"{r.a} vs {r.b}", "later", "swing"),
                r.deals,
                r.swing,
                r.low,
                r.high,
            )
        )
    return out


# ---------------------------------------------------------------------------------------
# reading the parts
# ---------------------------------------------------------------------------------------
def _load(path: Path, table: str | None = None):
    from shengji.analysis.load import load

    return load(path, table)


def reduce_deals(analysis: str, parts, root: Path) -> list[dict]:
    """The deals table: each preset's part, its histograms."""
    rows: list[dict] = []
    for p in parts:
        rows += deal_rows(_load(root / p.name), p.study["preset"], p.study["level"])
    return rows


def reduce_bids(analysis: str, parts, root: Path) -> list[dict]:
    """The bid_odds table: every cell of each part's one-key sweep (presets, levels)."""
    rows: list[dict] = []
    for p in parts:
        bids = _load(root / p.name, "bids")
        (swept,) = p.study["sweep"]
        for value in p.study["sweep"][swept]:
            cell = bids[bids[swept].astype(str) == value]
            preset = value if swept == "preset" else p.study["preset"]
            level = value if swept == "level" else p.study["level"]
            rows += bid_rows(cell, preset, level)
    return rows


def reduce_scoring(analysis: str, parts, root: Path) -> list[dict]:
    """The scoring table: the one part's hands, preset by preset."""
    (p,) = parts
    hands = _load(root / p.name, "hands")
    rows: list[dict] = []
    for preset in p.study["sweep"]["preset"]:
        rows += scoring_rows(hands[hands["preset"].astype(str) == preset], preset)
    return rows


def reduce_rules(analysis: str, parts, root: Path) -> list[dict]:
    """A rules table (``rules``, ``rules_memory``): the later and first hands' sweeps."""
    from shengji.almanac.variants import variants

    labels = [v.label for v in variants()]
    rows: list[dict] = []
    for p in parts:
        hand = "first" if p.study["first_hand"] else "later"
        rows += rules_rows(_load(root / p.name, "hands"), labels, hand, analysis)
    return rows


def reduce_match(analysis: str, parts, root: Path) -> list[dict]:
    """The match table: the one part's sweep of the match-level variants."""
    from shengji.almanac.variants import variants

    labels = [v.label for v in variants() if v.match_level]
    (p,) = parts
    return match_rows(_load(root / p.name, "matches"), labels)


def reduce_ladder(analysis: str, parts, root: Path) -> list[dict]:
    """The ladder table: the ratings fitted to the one part's round robin."""
    from shengji.analysis.ratings import ladder

    (p,) = parts
    lad = ladder(str(root / p.name), progress=False)
    return ladder_rows(lad.ratings, lad.pairs)

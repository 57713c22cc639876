"""The results page (docs/results/index.md) drawn from the almanac's published tables: its
generated part, ``markdown(dir)``, between the same ``BEGIN`` and ``END`` markers as the
almanac's page.  The headline of each analysis, every number with its 95 % interval and the
deals, hands or matches it rests on: the ladder of every bot and net's duels, how often the
banker team levels up by preset, the bid odds, the trumps a seat holds against their exact
laws, the rule variants' largest effects and what changed against memory, match length.

    python -m shengji.almanac.report docs/results/almanac   # both pages and the figures

``tests/almanac/test_results_page.py`` checks that the page holds what ``markdown`` gives from
the committed tables.
"""

from __future__ import annotations

from pathlib import Path

from shengji.almanac.markup import (
    BEGIN,
    END,
    FIGURE_LADDER,
    FIGURE_MATCH,
    FIGURE_RULES,
    _ci,
    _est,
    _nil,
    _rules_order,
    _table,
    _what_changed,
)

__all__ = ["LARGEST", "markdown"]

LARGEST = 8  # the rule variants whose effects the page lists (the almanac's page: all)


def _n(n: float) -> str:
    return f"{int(n):,}"


def _intro(df, man: dict, parts: dict) -> list[str]:
    scale = man["scale"]
    total = man["cpu_seconds_total"]
    return [
        f"Scale **{scale}**, commit `{str(man['commit'])[:12]}`, {total / 60:.1f} CPU-minutes "
        "in all (each part's in `manifest.json`). Made by:",
        "",
        "<!-- no-run: runs every part of the almanac (CPU-minutes to CPU-hours) -->",
        "```bash",
        f"shengji almanac --out out/almanac --scale {scale} --workers 2",
        "cp out/almanac/*.parquet out/almanac/manifest.json docs/results/almanac/",
        "python -m shengji.almanac.report docs/results/almanac   # this page, the almanac's, "
        "the figures",
        "```",
        "",
        "Every number below is an estimate with its 95 % interval in brackets and, beside it, "
        "the deals, hands or matches it rests on (n); each section names its table "
        '(`shengji.almanac.load("docs/results/almanac", "<table>")` reads one). `net` plays '
        "in all four seats and the seats bid by their own judgement, unless a section says "
        "otherwise.",
    ]


def _ladder(df) -> list[str]:
    lad = df[(df.analysis == "ladder") & (df.metric == "rating")]
    rows = [
        [str(k), f"`{r.variant}`", _est(r.mean, r.low, r.high), _n(r.n)]
        for k, r in enumerate(lad.itertuples(), 1)
    ]
    duels = []
    for r in df[(df.analysis == "ladder") & (df.metric == "swing")].itertuples():
        a, b = r.variant.split(" vs ")
        if "net" in (a, b):
            sign = 1 if a == "net" else -1
            other = b if a == "net" else a
            lo, hi = sorted((sign * r.low, sign * r.high))
            duels.append((other, _ci(sign * r.mean, lo, hi), _n(r.n)))
    return [
        "",
        "## The ladder",
        "",
        f"![The ladder of every bot](../figures/{FIGURE_LADDER})",
        "",
        "Every bot of the bot table, pimc with inference (`pimc_infer`) and pimc rolling out "
        "with net (`pimc_net`), in a round robin of duplicate duels on common deals: ratings "
        "in defender points a deal (greedy = 0), 95 % bootstrap intervals, and the deals each "
        "bot played (table `ladder`).",
        "",
        *_table(["rank", "bot", "rating", "deals (n)"], rows),
        "",
        "`net`'s duels, its swing in defender points a deal: "
        + "; ".join(f"against `{o}` {s} ({n} deals)" for o, s, n in duels)
        + ".",
    ]


def _scoring(df) -> list[str]:
    rows = []
    sc = df[(df.analysis == "scoring") & (df.by == "")].set_index(["preset", "metric"])
    for preset in dict.fromkeys(df[df.analysis == "scoring"].preset):
        r = sc.loc[preset]

        def e(metric, scale=100.0, r=r):
            x = r.loc[metric]
            return _est(x["mean"], x["low"], x["high"], scale)

        rows.append(
            [
                preset,
                _n(r.loc["level_up", "n"]),
                e("level_up"),
                e("bank_kept"),
                e("D", 1),
                e("D>=80"),
            ]
        )
    return [
        "",
        "## How often the banker team levels up",
        "",
        "Later hands at level 2 (seat 0 banks; the trump is bid), by preset: the banker "
        "team's level-up rate and how often it keeps the bank (%), the defenders' points D and "
        "how often they reach 80 (table `scoring`).",
        "",
        *_table(["preset", "hands (n)", "level-up", "bank kept", "D", "D ≥ 80"], rows),
    ]


def _bids(df) -> list[str]:
    g = df[df.analysis == "bid_odds"].set_index(["preset", "metric", "by"])
    rows = []
    for preset in dict.fromkeys(df[df.analysis == "bid_odds"].preset):

        def e(metric, by="level=2", preset=preset):
            x = g.loc[(preset, metric, by)]
            return _est(x["mean"], x["low"], x["high"], 100)

        n = g.loc[(preset, "declared", "level=2"), "n"]
        rows.append(
            [
                preset,
                _n(n),
                e("declared"),
                e("overturned"),
                e("reinforced"),
                e("trump", "level=2 trump=NT"),
            ]
        )
    trumps = g.xs(("standard", "banker_trumps"), level=("preset", "metric"))
    lo, hi = trumps["mean"].idxmin(), trumps["mean"].idxmax()
    t2 = trumps.loc["level=2"]
    return [
        "",
        "## Bid odds",
        "",
        "First hands at level 2, by preset: how often someone declares, the declaration is "
        "overturned or reinforced, and the trump is no-trump (%; the seats bid by net's "
        "judgement, which is memory's; table `bid_odds`).",
        "",
        *_table(
            ["preset", "bidding deals (n)", "declared", "overturned", "reinforced", "no-trump"],
            rows,
        ),
        "",
        "Under `standard` the banker holds "
        f"{_est(t2['mean'], t2['low'], t2['high'], nd=2)} trumps after the kitty at level 2 "
        f"({_n(t2['n'])} deals); over the levels 2..A from "
        f"{trumps.loc[lo, 'mean']:.2f} (level {lo[len('level=') :]}) to "
        f"{trumps.loc[hi, 'mean']:.2f} (level {hi[len('level=') :]}).",
    ]


# the shape columns of the deals table the page shows (seat 0), with what each counts
SHAPES = (
    ("pairs", "pairs (two copies of a card)"),
    ("level_pairs", "pairs of level cards"),
    ("tractors_h", "tractors, hearts trump"),
    ("tractors_nt", "tractors, no-trump"),
    ("longest_side_suit", "longest side suit (cards)"),
    ("small_jokers", "small jokers"),
    ("big_jokers", "big jokers"),
)


def _trumps(df, parts: dict) -> list[str]:
    deals = df[df.analysis == "deals"]
    std = parts["deals/standard"]
    opts = ", ".join(
        f"`{o}` {'on' if std['rules'][o] else 'off'}" for o in ("tractor_gap", "trump_chain")
    )
    g = deals.set_index(["preset", "metric", "by"])
    rows = []
    for seat in range(4):
        cells = [str(seat)]
        for metric in ("trumps_h", "trumps_nt"):
            x = g.loc[("standard", metric, f"seat={seat}")]
            p = g.loc[("standard", f"{metric}:chi2_p", f"seat={seat}"), "mean"]
            cells += [_est(x["mean"], x["low"], x["high"], nd=3), f"{x['exact']:.3f}", f"{p:.2f}"]
        rows.append(cells)
    shapes = []
    for metric, what in SHAPES:
        x = g.loc[("standard", metric, "seat=0")]
        p_seats = [g.loc[("standard", f"{metric}:chi2_p", f"seat={s}"), "mean"] for s in range(4)]
        shapes.append(
            [
                what,
                _est(x["mean"], x["low"], x["high"], nd=3),
                f"{x['exact']:.3f}",
                f"{min(p_seats):.2f}",
            ]
        )
    n = g.loc[("standard", "trumps_h", "seat=0"), "n"]
    cols = ["metric", "by", "n", "mean"]
    per = [d[cols].reset_index(drop=True) for _, d in deals.groupby("preset", sort=False)]
    same = all(d.equals(per[0]) for d in per)
    p = deals[deals.metric.str.endswith(":chi2_p")]["mean"]
    return [
        "",
        "## Trumps and shapes a seat holds",
        "",
        f"Each seat's trumps in {_n(n)} deals of `standard` (n), with hearts trump and in "
        "no-trump, beside the exact hypergeometric mean, and the chi-square p-value of the "
        "counts against their exact law (table `deals`).",
        "",
        *_table(
            ["seat", "trumps, hearts", "exact", "p", "trumps, no-trump", "exact", "p"],
            rows,
        ),
        "",
        f"The shapes of seat 0's hand in the same deals (`standard`: level {std['level']}, "
        f"{opts}), beside their exact means, and the smallest chi-square p-value of the four "
        "seats' counts against their exact laws:",
        "",
        *_table(["in a seat's 25 cards", "mean", "exact", "p, smallest seat"], shapes),
        "",
        (
            f"All {len(per)} presets' deals are the same, count for count (no rule option "
            "changes the deal). "
            if same
            else ""
        )
        + f"The smallest p-value of every law-bearing column, seat and preset: {p.min():.3f} "
        f"(of {len(p):,}).",
    ]


def _rules(df, parts: dict) -> list[str]:
    order = _rules_order(df)
    live = [v for v in order if not _nil(df, v)]
    g = df[df.analysis == "rules"].set_index(["variant", "hand", "metric"])
    rows = []
    for v in live[:LARGEST]:
        cells = [f"`{v}`"]
        for hand in ("later", "first"):
            for metric, scale in (("level_up", 100), ("D", 1)):
                r = g.loc[(v, hand, metric)]
                cells.append(_ci(r["diff"], r["diff_low"], r["diff_high"], scale))
        rows.append(cells)
    std = {
        (hand, metric): g.loc[("standard", hand, metric)]
        for hand in ("later", "first")
        for metric in ("level_up", "D")
    }

    def s(hand, metric, scale):
        x = std[(hand, metric)]
        return _est(x["mean"], x["low"], x["high"], scale)

    later, first = parts["rules/later"], parts["rules/first"]
    return [
        "",
        "## Which rules matter",
        "",
        f"![Every rule option against standard](../figures/{FIGURE_RULES})",
        "",
        f"Every rule option changed one at a time from `standard`, all {len(order)} variants "
        f"on the same deals at level {later['level']}: {_n(later['n'])} later hands (seat 0 "
        f"banks) and {_n(first['n'])} first hands (the first declarer banks) a variant. "
        f"`standard` itself: the banker team levels up in {s('later', 'level_up', 100)} % of "
        f"later hands (D {s('later', 'D', 1)}) and {s('first', 'level_up', 100)} % of first "
        f"hands (D {s('first', 'D', 1)}). {len(order) - len(live)} variants change nothing on "
        f"any deal; the {min(LARGEST, len(live))} largest effects of the other {len(live)}, "
        "paired differences from `standard` (level-up rate in percentage points, D in points; "
        "tables `rules` and `rules_memory`; {doc}`almanac` lists every variant):",
        "",
        *_table(
            ["variant", "level-up, later (pp)", "D, later", "level-up, first (pp)", "D, first"],
            rows,
        ),
        *_what_changed(df),
    ]


def _match(df, parts: dict) -> list[str]:
    m = df[(df.analysis == "match") & (df.metric == "match_length")]
    std = m[m.variant == "standard"].iloc[0]
    var = m[m.variant != "standard"]
    var = var.assign(a=var["diff"].abs()).sort_values("a", ascending=False, kind="stable")
    rows = [
        [f"`{r.variant}`", _est(r.mean, r.low, r.high), _ci(r.diff, r.diff_low, r.diff_high)]
        for r in var.itertuples()
    ]
    return [
        "",
        "## Match length",
        "",
        f"![Match length under the options of §6](../figures/{FIGURE_MATCH})",
        "",
        f"Whole matches from level 2, {_n(parts['match/rules']['n'])} a variant (n): "
        f"`standard` lasts {_est(std['mean'], std['low'], std['high'])} hands; the options "
        "of §6 (those that act across hands), largest paired difference first (table "
        "`match`):",
        "",
        *_table(["variant", "hands a match", "difference"], rows),
    ]


def markdown(path: str | Path) -> str:
    """The results page's generated part from the tables in ``path``."""
    from shengji.almanac import load

    df = load(path)
    man = df.attrs["almanac"]
    parts = {p["name"]: p for p in man["parts"]}
    lines = [BEGIN, ""]
    lines += _intro(df, man, parts)
    lines += _ladder(df)
    lines += _scoring(df)
    lines += _bids(df)
    lines += _trumps(df, parts)
    lines += _rules(df, parts)
    lines += _match(df, parts)
    lines += ["", END]
    return "\n".join(lines) + "\n"

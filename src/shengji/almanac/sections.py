"""The almanac's page (docs/results/almanac.md) in sections, each drawn from the tables alone:
``SECTIONS`` in page order, a function each, ``(df, get, parts) -> lines`` (the tables as one
DataFrame, a row by its key, the manifest's parts by name); ``head`` opens the page.
``shengji.almanac.report.markdown`` joins them.
"""

from __future__ import annotations

import math

from shengji.almanac.markup import (
    _ci,
    _est,
    _nil,
    _num,
    _pct,
    _rules_order,
    _table,
    _what_changed,
)

__all__ = ["SECTIONS", "head"]


def _full_time(man: dict) -> str:
    """The full scale's CPU time, extrapolated part by part from this run's measured
    CPU-seconds by the ratio of the cost model's estimates (``Part.cost``)."""
    from shengji.almanac.parts import parts

    here = {p.name: p for p in parts(man["scale"])}
    full = {p.name: p for p in parts("full")}
    total = sum(
        e["cpu_seconds"] * full[e["name"]].cost / here[e["name"]].cost
        for e in man["parts"]
        if here[e["name"]].cost > 0
    )
    ladder = next(e for e in man["parts"] if e["name"] == "ladder")
    rules = sum(e["cpu_seconds"] for e in man["parts"] if e["analysis"] == "rules")
    if man["scale"] == "full":
        return (
            f"The rule variants took {rules:,.0f} CPU-seconds of these and the ladder "
            f"{ladder['cpu_seconds']:,.0f}."
        )
    return (
        f"The **full** scale would take about {total / 3600:.1f} CPU-hours on the machine "
        f"that made these tables ({man['scale']}'s measured CPU-seconds of each part, scaled "
        "by the ratio of the full to this scale's sizes in the cost model of "
        f"`shengji.almanac.parts`); here the rule variants took {rules:,.0f} CPU-seconds and "
        f"the ladder {ladder['cpu_seconds']:,.0f}."
    )


def _precision(df, parts: dict) -> str:
    """The widest paired interval of the later hands, and what the full scale's hands
    would make of it (half-widths shrink as one over the square root of the hands)."""
    from shengji.almanac.parts import SCALES

    r = df[(df.analysis == "rules") & (df.hand == "later") & (df.variant != "standard")]
    half = ((r["diff_high"] - r["diff_low"]) / 2).groupby(r["metric"]).max()
    n, full = parts["rules/later"]["n"], SCALES["full"].rules
    shrink = math.sqrt(n / full)
    here = (
        f" The widest 95 % half-width of a later-hand difference here: "
        f"{half['D']:.2f} points of D and {100 * half['level_up']:.2f} percentage points of "
        "level-up rate"
    )
    if n >= full:
        return here + " (the issue's target: 1.0 and 1.0)."
    return (
        here + f"; at the full scale's {full:,} hands about {half['D'] * shrink:.2f} "
        f"and {100 * half['level_up'] * shrink:.2f} (the issue's target: 1.0 and 1.0)."
    )


def _why_nil(get) -> str:
    """The standard hands' figures that explain the commonest nil effects."""
    throws = get("scoring", "standard", "", "later", "failed_throws", "")
    decided = get("scoring", "standard", "", "later", "kitty_decided", "")
    bids = get("bid_odds", "standard", "", "first", "no_bid", "level=2")
    tractor = 1.0  # the multipliers of a single (2) and a pair (4) are every rule's
    for m in (2, 4):
        try:
            tractor -= get(
                "scoring", "standard", "", "later", f"kitty_multiplier={m}", "kitty_decided"
            )["mean"]
        except KeyError:
            pass
    return (
        f"in the scoring part's standard hands (level 2) a failed throw happens "
        f"{throws['mean']:.3f} times a hand under net (the throw penalties never act); the "
        f"defenders take the last trick in "
        f"{100 * decided['mean']:.1f} % of hands but with a tractor (where the kitty "
        f"multipliers differ) in {100 * tractor:.2f} % of those; nobody declares in "
        f"{100 * bids['mean']:.1f} % of first hands (the no-bid rules never act); the "
        "options of §6 act across hands (below; `level_table` changes how many levels a hand "
        "gives, which these three metrics do not measure)"
    )


def head(df, get, parts) -> list[str]:
    """The scale, the sizes, the CPU time and the tables' digests; the full scale's time."""
    man = df.attrs["almanac"]
    total = man["cpu_seconds_total"]
    return [
        f"Scale **{man['scale']}**, commit `{str(man['commit'])[:12]}`: "
        f"{parts['rules/later']['n']:,} later and {parts['rules/first']['n']:,} first hands a "
        f"rule variant, {parts['match/rules']['n']:,} matches a match-level variant, "
        f"{parts['scoring/presets']['n']:,} hands and {parts['deals/standard']['n']:,} deals a "
        f"preset, {parts['bid_odds/presets']['n']:,} bidding deals a cell; "
        f"{total:,.0f} CPU-seconds in all ({total / 60:.1f} CPU-minutes; each part's in "
        "`manifest.json`). Tables' sha256: "
        + ", ".join(f"`{a}` {t['sha256'][:12]}" for a, t in sorted(man["tables"].items()))
        + ".",
        "",
        _full_time(man),
    ]


def _rules_section(df, get, parts) -> list[str]:
    """Every rule option against standard (the rules and rules_memory tables)."""
    lines = [
        "",
        "### Every rule option against standard",
        "",
        "Paired differences from `standard` (net in all four seats, the seats bidding, level "
        f"{parts['rules/later']['level']}), 95 % intervals: the banker team's level-up rate in "
        "percentage points and the defenders' points D, in later hands (seat 0 banks) and first "
        "hands (the first declarer banks); sorted by the larger level-up effect.",
        "",
    ]
    std_l = get("rules", "standard", "standard", "later", "level_up", "")
    std_dl = get("rules", "standard", "standard", "later", "D", "")
    std_f = get("rules", "standard", "standard", "first", "level_up", "")
    std_df = get("rules", "standard", "standard", "first", "D", "")
    lines.append(
        f"Standard itself: level-up {_est(std_l['mean'], std_l['low'], std_l['high'], 100)} % "
        f"and D {_est(std_dl['mean'], std_dl['low'], std_dl['high'])} in later hands, "
        f"{_est(std_f['mean'], std_f['low'], std_f['high'], 100)} % and "
        f"{_est(std_df['mean'], std_df['low'], std_df['high'])} in first hands."
        + _precision(df, parts)
    )
    lines.append("")
    rows = []
    for v in [v for v in _rules_order(df) if not _nil(df, v)]:
        cells = [f"`{v}`"]
        for hand in ("later", "first"):
            for metric, scale in (("level_up", 100), ("D", 1)):
                r = get("rules", "standard", v, hand, metric, "")
                cells.append(_ci(r["diff"], r["diff_low"], r["diff_high"], scale))
        rows.append(cells)
    lines += _table(
        ["variant", "level-up, later (pp)", "D, later", "level-up, first (pp)", "D, first"], rows
    )
    nil = [v for v in _rules_order(df) if _nil(df, v)]
    lines += [
        "",
        f"No effect at all ({len(nil)} variants: the same D, level-up and bank kept on every deal, "
        "later and first hands; left out of the table and the figure): "
        + ", ".join(f"`{v}`" for v in nil)
        + ". Why, for some: "
        + _why_nil(get)
        + ".",
    ]
    return lines + _what_changed(df)


def _match_section(df, get, parts) -> list[str]:
    """The match length under each match-level option (the match table)."""
    lines = ["", "### Match length (the options of §6)", ""]
    m = df[(df.analysis == "match") & (df.metric == "match_length")]
    rows = []
    for r in m.itertuples():
        diff = "(baseline)" if r.variant == "standard" else _ci(r.diff, r.diff_low, r.diff_high)
        rows.append([f"`{r.variant}`", _est(r.mean, r.low, r.high), diff])
    return lines + _table(["variant", "hands a match", "difference"], rows)


def _scoring_section(df, get, parts) -> list[str]:
    """Each preset's later hands (the scoring table)."""
    lines = [
        "",
        "### Scoring by preset",
        "",
        "Later hands at level 2, net in all four seats, the seats bidding; rates in %.",
        "",
    ]
    rows = []
    for preset in dict.fromkeys(df[df.analysis == "scoring"].preset):

        def s(metric, by="", scale=100.0, nd=1, preset=preset):
            r = get("scoring", preset, "", "later", metric, by)
            return _est(r["mean"], r["low"], r["high"], scale, nd)

        rows.append(
            [
                preset,
                s("level_up"),
                s("bank_kept"),
                s("D", scale=1),
                s("D>=80"),
                s("kitty_decided"),
                s("failed_throws", scale=1, nd=3),
            ]
        )
    return lines + _table(
        ["preset", "level-up", "bank kept", "D", "D ≥ 80", "kitty decided", "failed throws a hand"],
        rows,
    )


def _bids_by_preset(df, get) -> list[list[str]]:
    rows = []
    for preset in dict.fromkeys(df[df.analysis == "bid_odds"].preset):

        def b(metric, by="level=2", preset=preset):
            r = get("bid_odds", preset, "", "first", metric, by)
            return _pct(r["mean"])

        rows.append(
            [
                preset,
                b("declared"),
                b("reinforced"),
                b("overturned"),
                b("no_bid"),
                b("trump", "level=2 trump=NT"),
                *(b("banker", f"level=2 seat={s}") for s in range(4)),
            ]
        )
    return rows


def _bids_by_level(df, get) -> list[list[str]]:
    rows = []
    for level in dict.fromkeys(
        b.split()[0][len("level=") :]
        for b in df[(df.analysis == "bid_odds") & (df.preset == "standard")]["by"]
    ):

        def bl(metric, by=None, level=level):
            r = get("bid_odds", "standard", "", "first", metric, by or f"level={level}")
            return _pct(r["mean"])

        rows.append(
            [
                level,
                bl("declared"),
                bl("reinforced"),
                bl("overturned"),
                bl("no_bid"),
                bl("trump", f"level={level} trump=NT"),
                _num(
                    get("bid_odds", "standard", "", "first", "banker_trumps", f"level={level}")[
                        "mean"
                    ]
                ),
            ]
        )
    return rows


def _bids_section(df, get, parts) -> list[str]:
    """The bid odds by preset and, for standard, by level (the bid_odds table); how often
    the declared trump makes the level (the scoring table's)."""
    lines = [
        "",
        "### Bid odds by preset",
        "",
        "First hands at level 2, the seats bidding by net's (memory's) judgement; rates in %.",
        "",
    ]
    lines += _table(
        [
            "preset",
            "declared",
            "reinforced",
            "overturned",
            "no bid",
            "no-trump",
            "banker seat 0",
            "1",
            "2",
            "3",
        ],
        _bids_by_preset(df, get),
    )
    lines += ["", "`standard` by level (first hands; the banker's trumps after the kitty):", ""]
    lines += _table(
        ["level", "declared", "reinforced", "overturned", "no bid", "no-trump", "banker's trumps"],
        _bids_by_level(df, get),
    )
    made = []
    for t in ("S", "H", "C", "D", "NT"):
        r = get("scoring", "standard", "", "later", "level_up", f"trump={t}")
        made.append(f"{t} {_est(r['mean'], r['low'], r['high'], 100)} % ({int(r['n']):,} hands)")
    return lines + [
        "",
        "How often the declared trump makes the level (`standard`, the scoring "
        "part's later hands at level 2: the banker team's level-up rate by the trump "
        "declared): " + "; ".join(made) + ".",
    ]


def _deals_section(df, get, parts) -> list[str]:
    """Seat 0's trumps, pairs and tractors beside their exact laws (the deals table)."""
    lines = [
        "",
        "### Trumps, pairs and tractors by preset",
        "",
        "Seat 0's means beside their exact values: the trumps with a trump suit (hearts) "
        "and in no-trump, the pairs, the tractors with hearts trump and in no-trump (under "
        "the preset's `tractor_gap` and `trump_chain`: the maximal runs of adjacent pairs "
        "in each following-suit, as the rules decompose a play); the smallest chi-square "
        "p-value of the preset's counts against their exact laws (every column, every seat "
        "and the kitty).",
        "",
    ]
    deals = df[df.analysis == "deals"]
    cols = ["metric", "by", "n", "mean"]
    per = [d[cols].reset_index(drop=True) for _, d in deals.groupby("preset", sort=False)]
    if all(d.equals(per[0]) for d in per):
        lines += [
            f"All {len(per)} presets' histograms are identical, count for count: no rule "
            "option changes the deal (each preset's part deals from the same seed).",
            "",
        ]
    rows = []
    for preset in dict.fromkeys(deals.preset):
        cells = [preset]
        for column in ("trumps_h", "trumps_nt", "pairs", "tractors_h", "tractors_nt"):
            r = get("deals", preset, "", "first", column, "seat=0")
            cells.append(f"{r['mean']:.4f} ({r['exact']:.4f})")
        sub = deals[(deals.preset == preset) & deals.metric.str.endswith(":chi2_p")]
        cells.append(f"{sub['mean'].min():.3f} (of {len(sub)})")
        rows.append(cells)
    return lines + _table(
        [
            "preset",
            "trumps, suit (exact)",
            "trumps, no-trump (exact)",
            "pairs (exact)",
            "tractors, suit (exact)",
            "tractors, no-trump (exact)",
            "smallest p",
        ],
        rows,
    )


def _ladder_section(df, get, parts) -> list[str]:
    """The ladder's ratings (the ladder table)."""
    lines = [
        "",
        "### The ladder",
        "",
        "Ratings in defender points a deal (greedy = 0), 95 % bootstrap intervals; the "
        "deals each bot played.",
        "",
    ]
    lad = df[(df.analysis == "ladder") & (df.metric == "rating")]
    rows = [[f"`{r.variant}`", _est(r.mean, r.low, r.high), f"{r.n:,}"] for r in lad.itertuples()]
    return lines + _table(["bot", "rating", "deals"], rows)


# The page's sections, in page order: the names the plan's ``Analysis.section`` gives (one
# section may draw on several tables; ``shengji.almanac.parts.PLAN``).
SECTIONS = {
    "rules": _rules_section,
    "match": _match_section,
    "scoring": _scoring_section,
    "bid_odds": _bids_section,
    "deals": _deals_section,
    "ladder": _ladder_section,
}

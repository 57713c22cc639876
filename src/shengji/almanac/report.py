"""The almanac's page and figures, drawn from its tables alone: ``markdown(dir)`` is the
generated part of docs/results/almanac.md (between ``BEGIN`` and ``END``), ``figures(dir,
to)`` draws the rule options' effects, the match lengths and the ladder.  Nothing is typed
by hand; the command rewrites both pages drawn from the tables (``PAGES``: this one and the
results page, ``shengji.almanac.results_page``) and the figures:

    python -m shengji.almanac.report docs/results/almanac   # the pages' tables, the figures

``tests/almanac/test_report.py`` checks that the page holds what ``markdown`` gives from the
committed tables (whose digests it quotes).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from shengji.almanac import results_page
from shengji.almanac.markup import (
    BEGIN,
    END,
    FIGURE_LADDER,
    FIGURE_MATCH,
    FIGURE_RULES,
    _ci,
    _est,
    _nil,
    _num,
    _pct,
    _rules_order,
    _table,
    _what_changed,
)

__all__ = ["BEGIN", "END", "PAGES", "figures", "markdown", "update", "update_page"]


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


def markdown(path: str | Path) -> str:
    """The page's generated part from the tables in ``path``."""
    from shengji.almanac import load

    df = load(path)
    man = df.attrs["almanac"]
    parts = {p["name"]: p for p in man["parts"]}
    g = df.set_index(["analysis", "preset", "variant", "hand", "metric", "by"]).sort_index()

    def get(*key):
        return g.loc[key]

    lines = [BEGIN, ""]
    total = man["cpu_seconds_total"]
    lines += [
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
    lines += _what_changed(df)
    lines += ["", "### Match length (the options of §6)", ""]
    m = df[(df.analysis == "match") & (df.metric == "match_length")]
    rows = []
    for r in m.itertuples():
        diff = "(baseline)" if r.variant == "standard" else _ci(r.diff, r.diff_low, r.diff_high)
        rows.append([f"`{r.variant}`", _est(r.mean, r.low, r.high), diff])
    lines += _table(["variant", "hands a match", "difference"], rows)
    lines += [
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
    lines += _table(
        ["preset", "level-up", "bank kept", "D", "D ≥ 80", "kitty decided", "failed throws a hand"],
        rows,
    )
    lines += [
        "",
        "### Bid odds by preset",
        "",
        "First hands at level 2, the seats bidding by net's (memory's) judgement; rates in %.",
        "",
    ]
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
        rows,
    )
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
    lines += ["", "`standard` by level (first hands; the banker's trumps after the kitty):", ""]
    lines += _table(
        ["level", "declared", "reinforced", "overturned", "no bid", "no-trump", "banker's trumps"],
        rows,
    )
    made = []
    for t in ("S", "H", "C", "D", "NT"):
        r = get("scoring", "standard", "", "later", "level_up", f"trump={t}")
        made.append(f"{t} {_est(r['mean'], r['low'], r['high'], 100)} % ({int(r['n']):,} hands)")
    lines += [
        "",
        "How often the declared trump makes the level (`standard`, the scoring "
        "part's later hands at level 2: the banker team's level-up rate by the trump "
        "declared): " + "; ".join(made) + ".",
    ]
    lines += [
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
    lines += _table(
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
    lines += [
        "",
        "### The ladder",
        "",
        "Ratings in defender points a deal (greedy = 0), 95 % bootstrap intervals; the "
        "deals each bot played.",
        "",
    ]
    lad = df[(df.analysis == "ladder") & (df.metric == "rating")]
    rows = [[f"`{r.variant}`", _est(r.mean, r.low, r.high), f"{r.n:,}"] for r in lad.itertuples()]
    lines += _table(["bot", "rating", "deals"], rows)
    lines += ["", END]
    return "\n".join(lines) + "\n"


def figures(path: str | Path, to: str | Path) -> list[Path]:
    """Draw the rule options' effects (``FIGURE_RULES``), the match lengths
    (``FIGURE_MATCH``) and the ladder (``FIGURE_LADDER``) into directory ``to``; returns
    their paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from shengji.almanac import load

    df = load(path)
    man = df.attrs["almanac"]
    to = Path(to)
    order = [v for v in _rules_order(df) if not _nil(df, v)][::-1]
    y = np.arange(len(order))
    # one panel a metric, stacked: each as wide as the page, its labels legible there
    fig, axes = plt.subplots(2, 1, figsize=(8, 2 * 0.25 * len(order) + 2.6))
    labels = [v.replace(" (+ ", "\n(+ ") for v in order]
    panels = (
        ("level_up", 100, "level-up rate (percentage points)"),
        ("D", 1, "defenders' points D"),
    )
    rules = df[df.analysis == "rules"].set_index(["variant", "hand", "metric"])
    for ax, (metric, scale, label) in zip(axes, panels, strict=True):
        for k, (hand, mark) in enumerate((("later", "o"), ("first", "s"))):
            t = rules.xs((hand, metric), level=("hand", "metric")).loc[order]
            d = t["diff"].to_numpy() * scale
            err = [d - t["diff_low"].to_numpy() * scale, t["diff_high"].to_numpy() * scale - d]
            ax.errorbar(
                d,
                y + (0.17 if k == 0 else -0.17),
                xerr=err,
                fmt=mark,
                ms=3.5,
                capsize=2,
                lw=1,
                label=f"{hand} hands",
            )
        ax.axvline(0, color="k", lw=0.6, ls=":")
        ax.set_xlabel(f"difference from standard: {label}", fontsize=10)
        ax.grid(axis="y", lw=0.3, alpha=0.5)
        ax.set_yticks(y, labels, fontsize=8.5)
        ax.set_ylim(-0.7, len(order) - 0.3)
    n = next(p["n"] for p in man["parts"] if p["name"] == "rules/later")
    fig.suptitle(
        f"Every rule option against standard, net in all seats, paired on the same "
        f"deals\n({n:,} hands a variant and kind; 95 % intervals; almanac, "
        f"{man['scale']} scale)",
        fontsize=11,
    )
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=2, fontsize=9, frameon=False)
    fig.tight_layout(rect=(0, 0.015, 1, 1), h_pad=1.5)
    out = [to / FIGURE_RULES, to / FIGURE_MATCH, to / FIGURE_LADDER]
    fig.savefig(out[0], dpi=110)
    plt.close(fig)
    m = df[(df.analysis == "match") & (df.metric == "match_length")]
    m = m[m.variant != "standard"].iloc[::-1]
    nm = next(p["n"] for p in man["parts"] if p["name"] == "match/rules")
    _intervals(
        out[1],
        m["diff"],
        m["diff_low"],
        m["diff_high"],
        [v.replace(" (+ ", "\n(+ ") for v in m.variant],
        xlabel="difference from standard: hands a match (paired, 95 %)",
        title=f"Match length under the options of §6 ({nm:,} matches a variant)",
        height=(0.3, 1.6),
        tick_size=8,
    )
    lad = df[(df.analysis == "ladder") & (df.metric == "rating")].iloc[::-1]
    _intervals(
        out[2],
        lad["mean"],
        lad["low"],
        lad["high"],
        [f"{v} ({n:,} deals)" for v, n in zip(lad.variant, lad.n, strict=True)],
        xlabel="rating: defender points a deal against greedy (95 % bootstrap interval)",
        title=f"The ladder of every bot, duplicate duels on common deals (almanac, "
        f"{man['scale']} scale)",
        height=(0.34, 1.4),
        tick_size=None,
    )
    return out


def _intervals(to: Path, est, low, high, labels, *, xlabel, title, height, tick_size) -> None:
    """One panel of estimates with their intervals, a row each (labels bottom to top), a
    dotted line at zero, into file ``to``; height = (inches a row, inches besides)."""
    import matplotlib.pyplot as plt
    import numpy as np

    fig, ax = plt.subplots(figsize=(8, height[0] * len(labels) + height[1]))
    y = np.arange(len(labels))
    e = est.to_numpy()
    ax.errorbar(
        e,
        y,
        xerr=[e - low.to_numpy(), high.to_numpy() - e],
        fmt="o",
        ms=4,
        capsize=2,
        lw=1,
    )
    ax.axvline(0, color="k", lw=0.6, ls=":")
    ax.set_yticks(y, labels, fontsize=tick_size)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(to, dpi=110)
    plt.close(fig)


def update_page(path: str | Path, page: str | Path, render=markdown) -> bool:
    """Replace the generated part of ``page`` by ``render(path)`` (this page's ``markdown``,
    or ``results_page.markdown``); True when it changed."""
    page = Path(page)
    text = page.read_text()
    start, end = text.index(BEGIN), text.index(END) + len(END) + 1
    new = text[:start] + render(path) + text[end:]
    if new != text:
        page.write_text(new)
    return new != text


# the pages drawn from the tables, relative to the repository, and what draws each
PAGES = {"docs/results/almanac.md": markdown, "docs/results/index.md": results_page.markdown}


def update(path: str | Path, root: str | Path) -> dict[str, bool]:
    """Redraw every page of ``PAGES`` under ``root`` (a checkout) from the tables in ``path``,
    and the figures into its docs/figures/; {page: whether it changed}."""
    root = Path(root)
    changed = {name: update_page(path, root / name, render) for name, render in PAGES.items()}
    figures(path, root / "docs" / "figures")
    return changed


USAGE = (
    "usage: python -m shengji.almanac.report [DIR]\n"
    "  redraw docs/results/index.md, docs/results/almanac.md and the almanac's figures from\n"
    "  the tables in DIR (default: the checkout's docs/results/almanac)"
)


def _main(argv: list[str]) -> int:  # pragma: no cover - a maintainer's script
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    if len(argv) > 1:
        print(USAGE, file=sys.stderr)
        return 2
    root = Path(__file__).resolve().parents[3]
    data = Path(argv[0]) if argv else root / "docs" / "results" / "almanac"
    try:
        changed = update(data, root)
    except (OSError, ValueError) as e:
        print(f"shengji.almanac.report: {e}", file=sys.stderr)
        return 2
    for name, was_changed in changed.items():
        print(name, "updated" if was_changed else "unchanged")
    print("drew", ", ".join((FIGURE_RULES, FIGURE_MATCH, FIGURE_LADDER)), "in docs/figures")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_main(sys.argv[1:]))

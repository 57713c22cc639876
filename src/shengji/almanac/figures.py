"""The almanac's figures, drawn from its tables alone (``shengji.almanac.report`` redraws
them with the pages): the rule options' effects (``FIGURE_RULES``), the match lengths
(``FIGURE_MATCH``) and the ladder (``FIGURE_LADDER``), into docs/figures/.
"""

from __future__ import annotations

from pathlib import Path

from shengji.almanac.markup import FIGURE_LADDER, FIGURE_MATCH, FIGURE_RULES, _nil, _rules_order

__all__ = ["figures"]


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

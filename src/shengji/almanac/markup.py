"""What both of the almanac's pages write, and how: a number, an estimate with its 95 %
interval, a markdown table; the rule variants in order of their effect, those with no effect
at all, and what changed under net against memory.  ``shengji.almanac.report`` (the almanac's
page, docs/results/almanac.md) and ``shengji.almanac.results_page`` (the results page,
docs/results/index.md) draw from the same tables with these."""

from __future__ import annotations


def _pct(x: float) -> str:
    return "–" if x != x else f"{100 * x:.1f}"


def _num(x: float, nd: int = 1) -> str:
    return "–" if x != x else f"{x:.{nd}f}"


def _ci(mean: float, low: float, high: float, scale: float = 1.0, nd: int = 1) -> str:
    if mean != mean:
        return "–"
    return f"{scale * mean:+.{nd}f} [{scale * low:+.{nd}f}, {scale * high:+.{nd}f}]"


def _est(mean: float, low: float, high: float, scale: float = 1.0, nd: int = 1) -> str:
    if mean != mean:
        return "–"
    return f"{scale * mean:.{nd}f} [{scale * low:.{nd}f}, {scale * high:.{nd}f}]"


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def _rules_order(df):
    """The variants, by their larger |paired difference| in the level-up rate (later or
    first hand), largest first."""
    lu = df[(df.analysis == "rules") & (df.metric == "level_up") & (df.variant != "standard")]
    size = lu.assign(a=lu["diff"].abs()).groupby("variant")["a"].max()
    return list(size.sort_values(ascending=False, kind="stable").index)


def _what_changed(df) -> list[str]:
    """Where net's effect of a variant differs from memory's (their 95 % intervals apart),
    the variants whose later-hand level-up effects differ most, and how alike the two
    rankings are (Spearman's rho over the variants with an effect under either)."""
    if not (df.analysis == "rules_memory").any():
        return []
    keys = ["variant", "hand", "metric"]
    cols = [*keys, "diff", "diff_low", "diff_high"]
    both = df[df.analysis == "rules"][cols].merge(
        df[df.analysis == "rules_memory"][cols], on=keys, suffixes=("_net", "_mem")
    )
    both = both[both.variant != "standard"]
    apart = both[
        (both.diff_low_net > both.diff_high_mem) | (both.diff_high_net < both.diff_low_mem)
    ]
    lu = both[(both.hand == "later") & (both.metric == "level_up")]
    lu = lu[(lu.diff_low_net != lu.diff_high_net) | (lu.diff_low_mem != lu.diff_high_mem)]
    rho = lu["diff_net"].corr(lu["diff_mem"], method="spearman")
    out = [
        "",
        "### What changed under net",
        "",
        "The same variants on the same deals with `memory` playing in all four seats (the "
        "bidding is the same: net bids by memory's judgement; table `rules_memory`). Over the "
        f"{len(lu)} variants with a later-hand level-up effect under either player, the two "
        f"rankings agree with Spearman's rho {rho:.2f}. Effects whose 95 % intervals under the "
        f"two players are apart (any metric, later or first hands): {len(apart)}"
        + (
            ": " + ", ".join(f"`{r.variant}` ({r.metric}, {r.hand})" for r in apart.itertuples())
            if len(apart)
            else " (none at this scale)"
        )
        + ". The later-hand level-up effects that differ most between the two players "
        "(percentage points):",
        "",
    ]
    lu = lu.assign(gap=(lu.diff_net - lu.diff_mem).abs())
    lu = lu.sort_values("gap", ascending=False, kind="stable").head(6)
    rows = [
        [
            f"`{r.variant}`",
            _ci(r.diff_mem, r.diff_low_mem, r.diff_high_mem, 100),
            _ci(r.diff_net, r.diff_low_net, r.diff_high_net, 100),
        ]
        for r in lu.itertuples()
    ]
    return out + _table(["variant", "memory", "net"], rows)


def _nil(df, variant: str) -> bool:
    """Whether the variant's paired difference is exactly 0 on every deal (its interval is
    the point 0) for every metric, later and first hands."""
    r = df[(df.analysis == "rules") & (df.variant == variant)]
    return bool(((r["diff_low"] == 0) & (r["diff_high"] == 0)).all())

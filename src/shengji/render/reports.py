"""The reports as HTML: the advisor's table (``advice_html``: ``Advice._repr_html_``), a
duel's summary (``duel_summary_html``) and a finished run (``run_result_html``:
``RunResult._repr_html_``), on the cards and styles of ``shengji.render.cards``."""

from __future__ import annotations

from html import escape

from shengji.render.cards import fragment
from shengji.render.table import _trump_words, hand_html

__all__ = ["advice_html", "duel_summary_html", "run_result_html"]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def advice_html(a) -> str:
    """The advisor's estimates as a table (the numbers of ``Advice.table()``)."""
    from shengji.stats import CONFIDENCE

    best = a.best
    head = (
        f'<div class="sj-head"><b>Advice</b><span class="sj-chip">seat {a.seat}</span>'
        f'<span class="sj-chip">level {a.level}</span>'
        f'<span class="sj-chip">{escape(a.rules_label())}</span>'
        f'<span class="sj-chip">{escape(a.bot.label)} in every seat</span>'
        f'<span class="sj-chip">{a.n:,} deals per option, seed {a.seed}</span></div>'
    )
    hand = f"<div>{hand_html(a.hand, None, a.level, a.rules)}</div>"
    rows = []
    for o in a.options:
        trump = "pass (another seat banks)" if o.option == "pass" else _trump_words(o.option)
        mark = ' class="sj-best"' if o is best else ""
        rows.append(
            f"<tr{mark}><td>{trump}</td>"
            f'<td class="sj-num">{"-" if o.trumps is None else o.trumps}</td>'
            f'<td class="sj-num">{_pct(o.level_up)}</td>'
            f'<td class="sj-num">{_pct(o.level_up_ci[0])}\u2013{_pct(o.level_up_ci[1])}</td>'
            f'<td class="sj-num">{o.defender_points:.1f} \u00b1 {o.defender_points_hw:.1f}</td>'
            f'<td class="sj-num">{o.team_levels:+.2f} \u00b1 {o.team_levels_hw:.2f}</td>'
            f'<td class="sj-num">{_pct(o.you_bank)}</td></tr>'
        )
    table = (
        '<table class="sj-t"><tr><th>option</th><th>trumps</th><th>banker team levels up</th>'
        f"<th>{100 * CONFIDENCE:.0f}% interval</th><th>mean D</th><th>your team's levels</th>"
        f"<th>your team banks</th></tr>{''.join(rows)}</table>"
    )
    note = (
        f'<div class="sj-note">intervals: {100 * CONFIDENCE:.0f}% (Wilson for the rate, t for '
        f"the means); best for your team: <b>{escape(best.option)}</b> (highlighted)</div>"
    )
    return fragment(head + hand + table + note)


def duel_summary_html(d: dict) -> str:
    """``shengji.analysis.duel_summary``'s dict as a table."""
    a, b = escape(str(d["team_a"])), escape(str(d["team_b"]))
    pct = f"{100 * d['confidence']:.0f}%"
    head = (
        f'<div class="sj-head"><b>Duel: {a} (team_a) vs {b} (team_b)</b>'
        f'<span class="sj-chip">{d["deals"]:,} deals, each played both ways</span></div>'
    )
    swing = "".join(
        f'<tr><td>{name}</td><td class="sj-num">{d[key]["mean"]:+.{nd}f}</td>'
        f'<td class="sj-num">{d[key]["low"]:+.{nd}f} \u2026 {d[key]["high"]:+.{nd}f}</td>'
        f'<td class="sj-num">{d[key]["sd"]:.{nd}f}</td></tr>'
        for name, key, nd in (("points", "points", 1), ("levels", "levels", 3))
    )
    t1 = (
        f'<table class="sj-t"><tr><th>swing per deal</th><th>mean</th><th>{pct} interval</th>'
        f"<th>sd</th></tr>{swing}</table>"
    )
    sides = "".join(
        f'<tr><td>{who}</td><td class="sj-num">{d[key]["mean_d"]:.1f}</td>'
        f'<td class="sj-num">{_pct(d[key]["level_up"])}</td>'
        f'<td class="sj-num">{_pct(d[key]["defenders_last"])}</td></tr>'
        for who, key in ((a, "a_banks"), (b, "b_banks"))
    )
    t2 = (
        '<table class="sj-t"><tr><th>banking side</th><th>mean D</th><th>banker team levels '
        f"up</th><th>defenders take the last trick</th></tr>{sides}</table>"
    )
    note = f'<div class="sj-note">+ favours {a}; the pairing is the deal (Student t)</div>'
    return fragment(head + t1 + t2 + note)


def run_result_html(r) -> str:
    """A finished run (``shengji.runner.RunResult``): its summary lines and tables."""
    rate = f", {r.items / r.seconds:,.0f}/s" if r.seconds > 0 else ""
    head = (
        f'<div class="sj-head"><b>Run</b><span class="sj-chip">{escape(str(r.out))}</span>'
        f'<span class="sj-chip">{r.items:,} items in {r.seconds:.2f} s{rate}</span>'
        f'<span class="sj-chip">{escape(r.engine)}</span></div>'
    )
    lines = "".join(f"<li>{escape(line)}</li>" for line in r.summary)
    tables = ", ".join(escape(t) + "/" for t in r.tables)
    return fragment(
        head
        + (f"<ul>{lines}</ul>" if lines else "")
        + f'<div class="sj-note">tables: {tables}</div>'
    )

"""``shengji.analysis.ladder``: ratings of bots (and agents) from a round robin of duplicate
duels on common deals (the ladder study, ``shengji.studies.ladder``).

``ladder`` runs or reads the study and fits the ratings, ``Ladder`` is the result, and
docs/evaluate.md ("The ladder") gives the model, the intervals and the figures.
``fit_ratings``, ``fit_link`` and ``refit_link`` are the fits themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

import numpy as np

from shengji.analysis.evaluation import EdgeRun, deal_keys, parse_edge_agent
from shengji.analysis.rating_fit import BOOT, LINKS, fit_link, fit_ratings, link_value, refit_link
from shengji.stats import CONFIDENCE, mean_interval

__all__ = ["Ladder", "fit_ratings", "ladder"]

_BOOT_TAG = 6  # SeedSequence(seed, spawn_key=(0, 0, 6)): the bootstrap's own stream
_BATCH = 100  # replicates drawn at a time (memory: _BATCH x deals)


@dataclass
class Ladder:
    """What :func:`ladder` returned: the bots' ratings, each pair's duel, and the fit.

    ``str()`` is ``table()``, ``plot()`` draws the ratings, and Jupyter shows a ladder as an
    HTML table.  The ratings are on the scale of the duels' swings (``metric``: defender
    points or levels a deal), the ``anchor`` at 0 (docs/evaluate.md gives the model).

    Parameters
    ----------
    ratings : pandas.DataFrame
        One row a bot, best first: ``bot``, ``rating``, its bootstrap interval (``low``,
        ``high``), the ``deals`` and the ``pairs`` it played.
    pairs : pandas.DataFrame
        One row a duel: ``a``, ``b``, ``deals``, a's mean ``swing`` with its t interval
        (``low``, ``high``), the ``fitted`` swing and the ``residual``.
    anchor : str
        The bot rated 0.
    metric : {"points", "levels"}
        The swings' unit: defender points or levels a deal.
    confidence : float
        The intervals' confidence (0.95).
    seed : int
        The run's seed (the bootstrap's generator is seeded by it).
    boot : int
        The bootstrap's replicates.
    source : str
        The run's directory.
    replicates : numpy.ndarray
        The ratings of every replicate, ``(boot, len(names))`` (``difference`` reads them).
    names : list of str
        The bots, in the ladder's order (the columns of ``replicates``).
    link : {"tanh", "linear"}, default "tanh"
        The link used: ``"linear"`` when the saturating one did not pay.
    scale : float or None, default None
        The saturating link's fitted M; None when the fit is linear.
    chi2 : float, default nan
        The sum of the pairs' weighted squared residuals.
    dof : int, default 0
        The degrees of freedom: the pairs less the parameters fitted.

    See Also
    --------
    ladder : What returns it.

    Examples
    --------
    >>> from shengji.analysis import ladder
    >>> lad = ladder(["random", "greedy", "memory"], n=16, seed=1, workers=1, boot=100,
    ...              progress=False)
    >>> lad.ratings[["bot", "deals", "pairs"]]
          bot  deals  pairs
    0  memory     32      2
    1  greedy     32      2
    2  random     32      2
    >>> lad.pairs[["a", "b", "deals", "swing"]]
            a       b  deals     swing
    0  random  greedy     16 -100.9375
    1  random  memory     16 -126.8750
    2  greedy  memory     16  -17.1875
    >>> {k: round(v, 1) for k, v in lad.difference("memory", "greedy").items()}
    {'mean': 18.1, 'low': 9.1, 'high': 27.0}
    >>> lad.separated("memory", "greedy"), lad.link, lad.dof
    (True, 'linear', 1)
    """

    ratings: Any
    pairs: Any
    anchor: str
    metric: str
    confidence: float
    seed: int
    boot: int
    source: str
    replicates: np.ndarray = field(repr=False)
    names: list = field(repr=False)
    link: str = "tanh"
    scale: float | None = None  # the fitted M of the saturating link (None: linear)
    chi2: float = float("nan")  # sum of the pairs' weighted squared residuals
    dof: int = 0  # pairs less the parameters fitted

    def difference(self, a: str, b: str) -> dict:
        """Return the rating gap of two bots with its bootstrap interval.

        Parameters
        ----------
        a, b : str
            The bots' names.

        Returns
        -------
        dict
            ``mean``: r_a - r_b; ``low``, ``high``: its interval, read from the bootstrap's
            replicates (the common deals' correlation included).

        Raises
        ------
        ValueError
            For a name not in the ladder.
        """
        ia, ib = self.names.index(a), self.names.index(b)
        point = float(
            self.ratings.set_index("bot").loc[a, "rating"]
            - self.ratings.set_index("bot").loc[b, "rating"]
        )
        d = self.replicates[:, ia] - self.replicates[:, ib]
        lo, hi = np.quantile(d, [(1 - self.confidence) / 2, (1 + self.confidence) / 2])
        return {"mean": point, "low": float(lo), "high": float(hi)}

    def separated(self, a: str, b: str) -> bool:
        """Tell whether two bots' rating intervals do not overlap.

        Parameters
        ----------
        a, b : str
            The bots' names.

        Returns
        -------
        bool
            True when one's interval lies wholly above the other's.
        """
        r = self.ratings.set_index("bot")
        return bool(r.loc[a, "low"] > r.loc[b, "high"] or r.loc[b, "low"] > r.loc[a, "high"])

    def table(self) -> str:
        """Return the ratings as a text table (what ``str()`` gives).

        Returns
        -------
        str
            A line a bot (rating, interval, deals, pairs), best first, then a line saying
            the unit, the anchor, the model and the bootstrap.
        """
        unit = "points" if self.metric == "points" else "levels"
        nd = 1 if self.metric == "points" else 3
        pct = f"{100 * self.confidence:.0f}%"
        w = max(len(b) for b in self.ratings.bot)
        lines = [
            f"{'bot':<{w}}  {'rating':>8}  {pct + ' interval':>20}  {'deals':>8}  pairs",
        ]
        for r in self.ratings.itertuples():
            lines.append(
                f"{r.bot:<{w}}  {r.rating:>+8.{nd}f}  [{r.low:>+8.{nd}f}, {r.high:>+8.{nd}f}]"
                f"  {r.deals:>8,}  {r.pairs}"
            )
        lines.append(
            f"ratings: {unit} a deal, {self.anchor} = 0; weighted least squares of the pairs' "
            f"swings, {self.model()}; {pct} intervals by a bootstrap over the common deals "
            f"({self.boot:,} replicates)"
        )
        return "\n".join(lines)

    def model(self) -> str:
        """Return the fit in words.

        Returns
        -------
        str
            The link, its scale, and the fit's chi-square on its degrees of freedom.
        """
        nd = 1 if self.metric == "points" else 3
        fit = f"chi-square {self.chi2:.1f} on {self.dof} d.f." if self.dof > 0 else "exact"
        if self.scale is None:
            return f"linear (a duel's swing = the rating gap; {fit})"
        return f"saturating, swing = M tanh(gap / M) with M = {self.scale:.{nd}f} ({fit})"

    def __str__(self) -> str:
        return self.table()

    def plot(self, ax=None):
        """Draw the ratings with their intervals, best on top (matplotlib).

        Without ``ax``, bots far below (or above) the others get a narrow panel of their
        own beside them (a broken axis), so that the close ones stay legible.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, optional
            The Axes to draw on (one panel); by default a new figure.

        Returns
        -------
        matplotlib.axes.Axes
            The Axes drawn on (with a broken axis, the main group's).
        """
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator

        r = self.ratings.iloc[::-1].reset_index(drop=True)
        y = np.arange(len(r))
        unit = "defender points a deal" if self.metric == "points" else "levels a deal"
        title = f"Ladder: {100 * self.confidence:.0f}% intervals, bootstrap over common deals"
        groups = None if ax is not None else _groups(r.rating.to_numpy())
        if groups is None:
            if ax is None:
                _fig, ax = plt.subplots(figsize=(6.4, 0.5 + 0.45 * len(r)))
            axes = [ax]
        else:
            (lo_g, hi_g), main_i = groups
            fig, axes = plt.subplots(
                1,
                2,
                sharey=True,
                figsize=(6.8, 0.6 + 0.45 * len(r)),
                gridspec_kw={"width_ratios": [4, 1] if main_i == 0 else [1, 4], "wspace": 0.08},
            )
            for a, (g0, g1) in zip(axes, (lo_g, hi_g), strict=True):
                sel = (r.rating >= g0) & (r.rating <= g1)
                x0, x1 = float(r.low[sel].min()), float(r.high[sel].max())
                pad = max(1.0, 0.06 * (x1 - x0))
                a.set_xlim(x0 - pad, x1 + pad)
            axes[1 - main_i].xaxis.set_major_locator(MaxNLocator(nbins=2, integer=True))
            axes[0].spines["right"].set_visible(False)
            axes[1].spines["left"].set_visible(False)
            axes[1].tick_params(left=False)
            for a, x in ((axes[0], 1), (axes[1], 0)):  # the break
                a.plot([x, x], [0, 1], transform=a.transAxes, color="0.3", lw=0.8, ls=":")
        for a in axes:
            a.errorbar(
                r.rating,
                y,
                xerr=[r.rating - r.low, r.high - r.rating],
                fmt="o",
                color="#1f4e79",
                ecolor="#1f4e79",
                capsize=3,
            )
            a.axvline(0, color="0.7", lw=0.8, zorder=0)
            a.grid(axis="x", alpha=0.3)
        axes[0].set_yticks(y, list(r.bot))
        if groups is None:
            axes[0].set_xlabel(f"rating, {unit} ({self.anchor} = 0)")
            axes[0].set_title(title, fontsize=10)
            return axes[0]
        fig.supxlabel(f"rating, {unit} ({self.anchor} = 0)", fontsize=10, y=-0.04)
        fig.suptitle(title, fontsize=10)
        return axes[groups[1]]

    def _repr_html_(self) -> str:
        from shengji.render.cards import fragment

        nd = 1 if self.metric == "points" else 3
        pct = f"{100 * self.confidence:.0f}%"
        head = (
            f'<div class="sj-head"><b>Ladder</b><span class="sj-chip">{escape(self.metric)} a '
            f"deal, {escape(self.anchor)} = 0</span>"
            f'<span class="sj-chip">{escape(self.source)}</span></div>'
        )
        rows = "".join(
            f"<tr><td>{escape(r.bot)}</td><td class='sj-num'>{r.rating:+.{nd}f}</td>"
            f"<td class='sj-num'>{r.low:+.{nd}f} \u2026 {r.high:+.{nd}f}</td>"
            f"<td class='sj-num'>{r.deals:,}</td><td class='sj-num'>{r.pairs}</td></tr>"
            for r in self.ratings.itertuples()
        )
        t = (
            f'<table class="sj-t"><tr><th>bot</th><th>rating</th><th>{pct} interval</th>'
            f"<th>deals</th><th>pairs</th></tr>{rows}</table>"
        )
        note = (
            '<div class="sj-note">weighted least squares of the pairs\' swings, '
            f"{escape(self.model())}; intervals by a bootstrap over the common deals "
            f"({self.boot:,} replicates)</div>"
        )
        return fragment(head + t + note)


def _groups(ratings: np.ndarray):
    """(((lo, hi) of the lower group, (lo, hi) of the upper one), the main group's index:
    0 lower, 1 upper) when the ratings fall in two groups far apart (the widest gap over
    twice the larger group's span), else None."""
    s = np.sort(ratings)
    if len(s) < 3:
        return None
    gaps = np.diff(s)
    i = int(np.argmax(gaps))
    lower, upper = s[: i + 1], s[i + 1 :]
    main = 0 if len(lower) > len(upper) else 1
    big = lower if main == 0 else upper
    if gaps[i] <= 2 * max(float(big[-1] - big[0]), 1e-9):
        return None
    return ((float(lower[0]), float(lower[-1])), (float(upper[0]), float(upper[-1]))), main


def _swings(df, metric: str) -> dict:
    """Per pair (team_a, team_b): the per-deal swings in deal order."""
    from shengji.studies.duel import swings

    out = {}
    df = df.sort_values(["pair", "deal", "orientation"], kind="stable")
    side = np.where(df["level_side"].astype(str).to_numpy() == "banker", 0, 1)
    pts, lv = swings(df["defender_points"].to_numpy(), side, df["levels"].to_numpy())
    x = pts if metric == "points" else lv
    pair = df["pair"].to_numpy()[::2]
    deal = df["deal"].to_numpy()[::2]
    ta = df["team_a"].astype(str).to_numpy()[::2]
    tb = df["team_b"].astype(str).to_numpy()[::2]
    for p in np.unique(pair):
        sel = pair == p
        order = np.argsort(deal[sel], kind="stable")
        d = deal[sel][order]
        if not (d == np.arange(len(d))).all():
            raise ValueError(
                f"ladder: pair {ta[sel][0]} vs {tb[sel][0]} does not hold deals 0..{len(d) - 1} "
                "once each (an unfinished run? --resume finishes it)"
            )
        out[(str(ta[sel][0]), str(tb[sel][0]))] = x[sel][order].astype(np.float64)
    return out


def _joined(ev, metric: str) -> tuple[tuple[str, str], np.ndarray, dict]:
    """An Evaluation (or an evaluate run's directory) as one more pair."""
    from shengji.analysis.load import load
    from shengji.studies.duel import swings

    if isinstance(ev, (str, Path)):
        df = load(ev, "duel")
        meta = df.attrs["shengji"]
    else:
        df = ev.rows
        meta = df.attrs.get("shengji", {})
    df = df.sort_values(["deal", "orientation"], kind="stable")
    side = np.where(df["level_side"].astype(str).to_numpy() == "banker", 0, 1)
    pts, lv = swings(df["defender_points"].to_numpy(), side, df["levels"].to_numpy())
    a = str(df["banker_bot"].astype(str).iloc[0])
    b = str(df["defender_bot"].astype(str).iloc[0])
    x = (pts if metric == "points" else lv).astype(np.float64)
    if not (df["deal"].to_numpy()[::2] == np.arange(len(x))).all():
        raise ValueError(f"ladder: join: the evaluation of {a} does not hold deals 0..{len(x) - 1}")
    return (a, b), x, meta


_DEAL_META = ("seed", "preset", "level", "rules")
_DEAL_OPTIONS = ("bid_policy", "bid_threshold", "first_hand")


def _same_deals(meta: dict, other: dict, what: str) -> None:
    for key in _DEAL_META:
        if meta.get(key) != other.get(key):
            raise ValueError(
                f"ladder: join: {what} was played on other deals ({key} {other.get(key)!r}, the "
                f"ladder's {meta.get(key)!r}); evaluate it with the ladder's seed, rules and level"
            )
    for key in _DEAL_OPTIONS:
        a, b = meta.get("options", {}).get(key), other.get("options", {}).get(key)
        if a != b:
            raise ValueError(f"ladder: join: {what} has {key} {b!r}, the ladder {a!r}")


def ladder(
    bots: Any,
    n: int | None = None,
    seed: int | None = None,
    *,
    out: str | Path | None = None,
    scale: dict | None = None,
    anchor: str | None = None,
    rules: Any = "standard",
    level: str = "2",
    bid_policy: str = "eager",
    workers: int | None = None,
    resume: bool = False,
    overwrite: bool = False,
    progress: bool = True,
    join: list | None = None,
    metric: str = "points",
    link: str = "tanh",
    boot: int = BOOT,
    confidence: float = CONFIDENCE,
) -> Ladder:
    """Rate bots (and agents) by a round robin of duplicate duels on common deals.

    Every pair plays the duel of ``shengji.evaluate`` on the common deals of the run's seed
    (deal d is the same cards in every pair), as one run of the ladder study
    (``shengji.studies.ladder``); the ratings are fitted to the pairs' mean swings.

    Parameters
    ----------
    bots : str, path-like, list or dict
        A ladder run's directory (its table is fitted: nothing is played), a ladder study
        file (``sim/ladder.toml``: run into ``out``, then fitted), a list of bots (named by
        their labels) or a dict name -> bot: a built-in bot's spec, or any agent
        ``shengji.evaluate`` takes (it plays the built-in bots; two agents never meet).
    n, seed : int, optional
        The deals a pair and their seed (default 1000 and 0; each overrides a file's).
    out : str or path-like, optional
        Where the run goes (a temporary directory when None).
    scale : dict, optional
        ``{"a vs b": factor}``: that pair plays round(factor n) deals (0 leaves it out).
    anchor : str, optional
        The bot rated 0 (by default the study's, else ``greedy`` when it plays, else the first).
    rules : str, shengji.Rules or dict, default "standard"
        A preset's name, a ``Rules`` or a dict of options, as for ``shengji.evaluate``.
    level : str, default "2"
        Both teams' level.
    bid_policy : str, default "eager"
        How the deals are bid, as for ``shengji.evaluate``.
    workers : int, optional
        Processes, as for a study (1 by default when a Python agent plays).
    resume, overwrite : bool, default False
        Finish an interrupted run in ``out``; replace one.
    progress : bool, default True
        Report progress on stderr, as ``shengji run``.
    join : list, optional
        Evaluations (``Evaluation`` objects or evaluate runs' directories) played on the
        ladder's deals (its seed, rules, level and bid policy), each one more pair.
    metric : {"points", "levels"}, default "points"
        The swings fitted: defender points or levels a deal.
    link : {"tanh", "linear"}, default "tanh"
        The swing at a rating gap: saturating (where it pays, Notes) or linear.
    boot : int, default 2000
        The bootstrap's replicates (at least 100).
    confidence : float, default 0.95
        The intervals' confidence.

    Returns
    -------
    Ladder
        The ratings with their intervals, each pair's duel beside its fitted swing, and the
        bootstrap's replicates.

    Raises
    ------
    ValueError
        For bad input (an unknown bot, study key or option, a bot listed twice, pairs that
        do not connect every bot to the anchor, a ``join`` played on other deals, a run
        that is not a ladder or is unfinished): one line naming it.
    TypeError
        For ``bots`` of a type it does not take.

    See Also
    --------
    shengji.evaluate : One agent's duel against a bot.

    Notes
    -----
    The ratings are the weighted least-squares fit of the pairs' mean swings through a
    saturating link where it pays (else a linear one); the intervals a bootstrap over the
    common deals.  docs/evaluate.md ("The ladder") gives the model and why.

    Examples
    --------
    >>> from shengji.analysis import ladder
    >>> lad = ladder(["random", "greedy", "memory"], n=16, seed=1, workers=1, boot=100,
    ...              progress=False)
    >>> print(lad)  # doctest: +NORMALIZE_WHITESPACE
    bot       rating          95% interval     deals  pairs
    memory     +18.1  [    +9.1,    +27.0]        32  2
    greedy      +0.0  [    +0.0,     +0.0]        32  2
    random    -105.0  [  -120.6,    -88.0]        32  2
    ratings: points a deal, greedy = 0; weighted least squares of the pairs' swings,
    linear (a duel's swing = the rating gap; chi-square 0.3 on 1 d.f.); 95% intervals by a
    bootstrap over the common deals (100 replicates)
    """
    _check_fit_options(metric, link, boot)
    path = Path(bots) if isinstance(bots, (str, Path)) else None
    if path is not None and path.is_dir():
        return _fit_run(path, anchor, join, metric, boot, confidence, link)
    kind, table, source = _study(bots, n, seed, scale, anchor, rules, level, bid_policy)
    run = EdgeRun(out, workers, progress, resume, overwrite)
    agents = kind.agents.values()
    with run.study(kind, table, agents, source, {"n": n, "seed": seed}) as (_cfg, _, where):
        return _fit_run(where, anchor, join, metric, boot, confidence, link)


def _check_fit_options(metric: str, link: str, boot: int) -> None:
    if metric not in ("points", "levels"):
        raise ValueError(f"metric: expected 'points' or 'levels', got {metric!r}")
    if link not in LINKS:
        raise ValueError(f"link: expected one of {', '.join(map(repr, LINKS))}, got {link!r}")
    if not isinstance(boot, int) or isinstance(boot, bool) or boot < 100:
        raise ValueError(f"boot: expected an integer >= 100, got {boot!r}")


def _study(bots, n, seed, scale, anchor, rules, level, bid_policy):
    """The ladder study of ``ladder``'s bots: (its kind, holding the Python agents that
    play; its table; the study file's path, "" for bots given as a list or dict)."""
    from shengji.studies.base import load_study_file
    from shengji.studies.ladder import LadderStudy

    if isinstance(bots, (str, Path)):
        from shengji.studies.catalog import resolve

        path = resolve(bots)
        data = load_study_file(path)
        if data.get("study") != "ladder":
            raise ValueError(
                f"ladder: {str(bots)!r} is a {data.get('study')!r} study, not a ladder"
            )
        for key, value in (("scale", scale), ("anchor", anchor)):
            if value is not None:
                data[key] = value
        return LadderStudy(), data, str(path)
    agents, record = _bots(bots)
    data = deal_keys(
        "ladder", rules, 1000 if n is None else n, 0 if seed is None else seed, level, bid_policy
    )
    data["bots"] = record
    for key, value in (("scale", scale), ("anchor", anchor)):
        if value is not None:
            data[key] = value
    return LadderStudy(agents), data, ""


def _bots(bots) -> tuple[dict, dict]:
    """A list or dict of bots -> (name -> the Python agents among them, name -> what the
    run's metadata records of each)."""
    from shengji.game.agents import PYTHON_AGENTS
    from shengji.studies.ladder import _record

    if isinstance(bots, dict):
        entries = dict(bots)
    elif isinstance(bots, (list, tuple)):
        entries = {}
        for b in bots:
            label = parse_edge_agent(b).label
            if label in entries:
                raise ValueError(f"ladder: the bot {label!r} is listed twice")
            entries[label] = b
    else:
        raise TypeError(
            "ladder: bots: expected a run directory, a ladder study file, a list of "
            f"bots or a dict name -> bot, got {type(bots).__name__}"
        )
    agents, record = {}, {}
    for name, value in entries.items():
        typed = parse_edge_agent(value, where=f"bots.{name}")
        if isinstance(typed, PYTHON_AGENTS):
            agents[name] = typed
        record[name] = _record(typed)
    return agents, record


def _fit_run(
    out: Path, anchor, join, metric: str, boot: int, confidence: float, link: str = "tanh"
) -> Ladder:
    from shengji.analysis.load import load

    df = load(out, "duel")
    meta = df.attrs["shengji"]
    if meta.get("study") != "ladder":
        raise ValueError(f"ladder: {str(out)!r} holds a {meta.get('study')!r} run, not a ladder")
    x = _swings(df, metric)
    for ev in join or []:
        (a, b), xs, other = _joined(ev, metric)
        _same_deals(meta, other, f"the evaluation of {a}")
        if (a, b) in x or (b, a) in x:
            raise ValueError(f"ladder: join: the pair {a} vs {b} is in the ladder already")
        x[(a, b)] = xs
    names: list[str] = []
    for a, b in x:
        for nm in (a, b):
            if nm not in names:
                names.append(nm)
    # the ladder's order of bots where it has one
    order = list(meta.get("options", {}).get("bots", {}))
    names.sort(key=lambda nm: order.index(nm) if nm in order else len(order))
    anchor = anchor or meta.get("options", {}).get("anchor")
    if anchor is None:
        anchor = "greedy" if "greedy" in names else names[0]
    if anchor not in names:
        raise ValueError(f"ladder: anchor: no bot {anchor!r} in the ladder ({', '.join(names)})")
    return _fit(x, names, anchor, metric, boot, confidence, int(meta["seed"]), str(out), link)


def _fit(
    x: dict,
    names: list[str],
    anchor: str,
    metric: str,
    boot: int,
    confidence: float,
    seed: int,
    source: str,
    link: str = "tanh",
) -> Ladder:
    import pandas as pd

    keys = list(x)
    pairs = [(names.index(a), names.index(b)) for a, b in keys]
    means = np.array([x[k].mean() for k in keys])
    var = np.array([x[k].var(ddof=1) if len(x[k]) > 1 else np.nan for k in keys])
    sizes = np.array([len(x[k]) for k in keys])
    if np.isnan(var).any():
        raise ValueError("ladder: every pair needs at least 2 deals")
    # a pair whose swings are all equal (two bots that play alike) has no variance: give
    # it the weight of the smallest variance seen, not an infinite one
    floor = np.min(var[var > 0]) if (var > 0).any() else 1.0
    weights = sizes / np.maximum(var, floor)
    ia = names.index(anchor)
    if link not in LINKS:
        raise ValueError(f"link: expected one of {', '.join(map(repr, LINKS))}, got {link!r}")

    def fit(m, start=None):
        if link == "linear":
            return fit_ratings(names, pairs, m, weights, ia), None
        return fit_link(names, pairs, m, weights, ia, start)

    r, scale = fit(means)
    # bootstrap over the common deals: one draw of deal indices per replicate, every pair
    # using the draws below its size
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(0, 0, _BOOT_TAG)))
    depth = int(sizes.max())
    reps = np.zeros((boot, len(names)))
    for start in range(0, boot, _BATCH):
        b = min(_BATCH, boot - start)
        counts = rng.multinomial(depth, np.full(depth, 1.0 / depth), size=b).astype(np.float64)
        bm = np.zeros((b, len(keys)))
        for p, k in enumerate(keys):
            c = counts[:, : sizes[p]]
            tot = c.sum(axis=1)
            tot[tot == 0] = 1.0
            bm[:, p] = (c @ x[k]) / tot
        if scale is None:
            reps[start : start + b] = fit_ratings(names, pairs, bm, weights, ia)
        else:
            reps[start : start + b] = refit_link(
                names, pairs, bm, weights, ia, (r, scale), float(np.max(np.abs(means)))
            )
    lo_q, hi_q = (1 - confidence) / 2, (1 + confidence) / 2
    low, high = np.quantile(reps, [lo_q, hi_q], axis=0)
    deals = np.zeros(len(names), np.int64)
    npairs = np.zeros(len(names), np.int64)
    for (a, b), s in zip(pairs, sizes, strict=True):
        deals[[a, b]] += s
        npairs[[a, b]] += 1
    ratings = pd.DataFrame(
        {"bot": names, "rating": r, "low": low, "high": high, "deals": deals, "pairs": npairs}
    )
    ratings = ratings.sort_values("rating", ascending=False, kind="stable").reset_index(drop=True)
    fitted = link_value(np.array([r[a] - r[b] for a, b in pairs]), scale)
    chi2 = float(np.sum(weights * (means - fitted) ** 2))
    dof = len(pairs) - (len(names) - 1) - (scale is not None)
    rows = []
    for p, (a, b) in enumerate(keys):
        n = int(sizes[p])
        mean, half = mean_interval(
            n, float(x[(a, b)].sum()), float((x[(a, b)] ** 2).sum()), confidence
        )
        rows.append(
            {
                "a": a,
                "b": b,
                "deals": n,
                "swing": mean,
                "low": mean - half,
                "high": mean + half,
                "fitted": fitted[p],
                "residual": mean - fitted[p],
            }
        )
    return Ladder(
        ratings=ratings,
        pairs=pd.DataFrame(rows),
        anchor=anchor,
        metric=metric,
        confidence=confidence,
        seed=seed,
        boot=boot,
        source=source,
        replicates=reps,
        names=names,
        link=link if scale is not None else "linear",
        scale=scale,
        chi2=chi2,
        dof=dof,
    )

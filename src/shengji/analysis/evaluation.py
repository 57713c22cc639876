"""``shengji.evaluate``: any agent against a built-in bot in one call, the duplicate duel's
figures in one result.

``evaluate`` plays the evaluate study (``shengji.studies.evaluate``) and returns an
``Evaluation``: their docstrings say what is played and what is measured, and
docs/evaluate.md is the guide.  ``parse_edge_agent`` and ``rules_data`` read a user's
agent and rules for ``evaluate`` and ``shengji.analysis.ladder`` alike.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

import numpy as np

from shengji.stats import CONFIDENCE, mean_interval, wilson

__all__ = ["Evaluation", "evaluate", "parse_edge_agent", "rules_data"]


def parse_edge_agent(agent: Any, batched: bool | None = None, where: str = "agent"):
    """A user's agent -> a typed agent (``shengji.game.agents``), OpenSpiel bots too."""
    from shengji.game.agents import HistoryAgent, parse_agent

    if _is_openspiel_bot(agent):
        from shengji.adapters.openspiel_agent import openspiel_agent

        return openspiel_agent(agent)
    if isinstance(agent, str) and ":" in agent and "(" not in agent:
        from shengji.game.agents import resolve_reference

        obj = resolve_reference(agent, where)
        if _is_openspiel_bot(obj):
            from shengji.adapters.openspiel_agent import openspiel_agent

            a = openspiel_agent(obj)
            return HistoryAgent(a.make, a.label, agent)
        return parse_agent(obj if not isinstance(obj, str) else agent, batched=batched, where=where)
    return parse_agent(agent, batched=batched, where=where)


def _is_openspiel_bot(obj: Any) -> bool:
    mod = type(obj).__module__ or ""
    if not (mod.startswith("pyspiel") or mod.startswith("open_spiel")):
        return any(
            (c.__module__ or "").startswith(("pyspiel", "open_spiel")) and c.__name__ == "Bot"
            for c in type(obj).__mro__
        )
    return hasattr(obj, "step")


def rules_data(rules: Any) -> tuple[str, dict]:
    """(preset, [rules] overrides) of a preset name, a ``Rules`` or a dict of options."""
    from shengji.rules.options import PRESETS, Rules

    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ValueError(f"rules: unknown preset {rules!r}; allowed: " + ", ".join(PRESETS))
        return rules, {}
    if isinstance(rules, Rules):
        return "standard", rules.differences() if _standard_is_default() else _diff(rules)
    if isinstance(rules, dict):
        d = dict(rules)
        preset = d.pop("preset", "standard")
        return preset, d
    raise TypeError(
        f"rules: expected a preset name, a Rules or a dict of options, got {type(rules).__name__}"
    )


def _standard_is_default() -> bool:
    from shengji.rules.options import Rules

    return not Rules.preset("standard").differences()


def _diff(rules) -> dict:
    from shengji.rules.options import Rules

    base = Rules.preset("standard").to_dict()
    return {k: v for k, v in rules.to_dict().items() if base.get(k) != v}


@dataclass
class Evaluation:
    """What :func:`evaluate` returned: the duplicate duel's figures of an agent against a bot.

    Plain data: ``str()`` (``summary()``'s lines) is the text report, ``to_frame()`` one row
    per deal, and Jupyter shows an evaluation as an HTML table.  The swings are
    ``shengji.analysis.duel_summary``'s own figures, from the same table.

    Parameters
    ----------
    agent : str
        The agent's label.
    against : str
        The bot's label.
    deals : int
        The deals played, each twice.
    seed : int
        The deals' seed.
    preset : str
        The rules' preset (the run's ``[rules]`` overrides are in ``rows.attrs``).
    level : str
        Both teams' level.
    bid_policy : str
        How the deals were bid.
    confidence : float
        The intervals' confidence (0.95).
    points : dict
        The swing per deal in defender points (the agent's defender points as defender
        minus the bot's on the same cards): ``mean``, ``low``, ``high`` (the paired t
        interval: the pairing is the deal) and ``sd``; positive favours the agent.
    levels : dict
        The swing per deal in levels (the agent's level gain as banker plus as defender),
        with the same keys.
    level_share : dict
        ShengJi+'s measure: the levels the agent's team gained over all hands as a share of
        the levels either team gained (``value``, with a delta-method interval over the
        deals: ``low``, ``high``), and the levels each gained (``agent``, ``opponent``).
    wins : dict
        For ``"banking"`` and ``"defending"``: how often the agent's side levelled up or
        took the bank (``rate``, with a Wilson interval: ``low``, ``high``).
    mean_d : dict
        For ``"banking"`` and ``"defending"``: the defenders' mean points with the agent in
        that role.
    illegal : int
        The illegal decisions refused (``illegal="replace"``; each replaced by a random
        legal action).
    first_illegal : dict or None
        The first one's ``deal``, ``orientation``, ``action`` and ``tricks_done``; None
        when there was none.
    decisions : int
        The agent's decisions (0 for a built-in bot, which plays in C: not counted).
    decisions_per_second : float
        The decisions a second of play time.
    agent_share : float
        The share of the play time spent in the agent.
    seconds : float
        The call's wall time.
    out : pathlib.Path or None
        The run's directory (``evaluate``'s ``out``); None when it ran in a temporary one.
    rows : pandas.DataFrame
        The run's duel table (two rows a deal: row 2 i + o is deal i in orientation o, 0
        with the agent's team banking), with the run's metadata in ``rows.attrs``.

    See Also
    --------
    evaluate : What returns it.
    shengji.analysis.duel_summary : The same swings, from a duel's table.

    Examples
    --------
    >>> import shengji
    >>> res = shengji.evaluate("random", against="greedy", n=16, seed=1, workers=1,
    ...                        progress=False)
    >>> res.deals, res.points["mean"], res.level_share["agent"], res.wins["defending"]["rate"]
    (16, -100.9375, 1, 0.125)
    >>> print(res.summary()[0])
    random vs greedy: 16 deals, each played both ways (seed 1, standard, level 2)
    >>> res.to_frame().shape
    (16, 8)
    """

    agent: str
    against: str
    deals: int
    seed: int
    preset: str
    level: str
    bid_policy: str
    confidence: float
    points: dict  # mean, low, high, sd: team agent's swing per deal (duel_summary)
    levels: dict
    level_share: dict  # value, low, high, agent, opponent (levels gained)
    wins: dict  # banking / defending: rate, low, high
    mean_d: dict  # banking / defending: the defenders' mean points with it in that role
    illegal: int
    first_illegal: dict | None
    decisions: int
    decisions_per_second: float
    agent_share: float  # of the play time, the share spent in the agent
    seconds: float  # this call's wall time
    out: Path | None
    rows: Any = field(repr=False, default=None)  # the duel table (pandas)

    def to_frame(self):
        """Return the duel as one row per deal.

        Returns
        -------
        pandas.DataFrame
            One row per deal, in deal order: ``deal``; the defender points with the bot
            defending (``d_banking``: the agent's team banks) and with the agent defending
            (``d_defending``); the swings (``swing_points``: ``d_defending - d_banking``,
            and ``swing_levels``); the levels each team gained over the two hands
            (``levels_agent``, ``levels_against``); the illegal decisions refused
            (``illegal``).
        """
        import pandas as pd

        df = self.rows.sort_values(["deal", "orientation"], kind="stable")
        d = df["defender_points"].to_numpy().reshape(-1, 2)
        side = df["level_side"].astype(str).to_numpy().reshape(-1, 2)
        lv = df["levels"].to_numpy().astype(np.int64).reshape(-1, 2)
        a_side = side == np.array(["banker", "defenders"])
        signed = np.where(side == "banker", 1, -1) * lv
        return pd.DataFrame(
            {
                "deal": df["deal"].to_numpy()[::2],
                "d_banking": d[:, 0],
                "d_defending": d[:, 1],
                "swing_points": d[:, 1] - d[:, 0],
                "swing_levels": signed[:, 0] - signed[:, 1],
                "levels_agent": (lv * a_side).sum(axis=1),
                "levels_against": (lv * ~a_side).sum(axis=1),
                "illegal": df["illegal"].to_numpy().reshape(-1, 2).sum(axis=1),
            }
        )

    def summary(self) -> list[str]:
        """Return the text report, one line a figure (what ``str()`` joins).

        Returns
        -------
        list of str
            The deals and settings; the swings per deal in points and levels with their
            intervals; the level share; the wins and the mean defender points as banker and
            as defender; the agent's decisions a second (when counted) and the illegal
            decisions refused (when any).
        """
        pct = f"{100 * self.confidence:.0f}%"
        p, lv, s = self.points, self.levels, self.level_share
        lines = [
            f"{self.agent} vs {self.against}: {self.deals:,} deals, each played both ways "
            f"(seed {self.seed}, {self.preset}, level {self.level})",
            f"swing per deal: {p['mean']:+.2f} points [{p['low']:+.2f}, {p['high']:+.2f}], "
            f"{lv['mean']:+.3f} levels [{lv['low']:+.3f}, {lv['high']:+.3f}] ({pct} paired; "
            f"+ favours {self.agent})",
            f"level share: {_pct(s['value'])} [{_pct(s['low'])}, {_pct(s['high'])}] of the "
            f"levels gained ({s['agent']:,} to {s['opponent']:,})",
        ]
        for role in ("banking", "defending"):
            w = self.wins[role]
            lines.append(
                f"wins {role}: {_pct(w['rate'])} [{_pct(w['low'])}, {_pct(w['high'])}]; mean D "
                f"{self.mean_d[role]:.1f}"
            )
        if self.decisions:
            lines.append(
                f"{self.decisions:,} decisions, {self.decisions_per_second:,.0f} a second of "
                f"play ({100 * self.agent_share:.0f}% of it in the agent)"
            )
        if self.illegal:
            f = self.first_illegal or {}
            lines.append(
                f"{self.illegal:,} illegal decisions refused (a random legal one played); the "
                f"first: deal {f.get('deal')}, orientation {f.get('orientation')}, "
                f"action {f.get('action')}, after {f.get('tricks_done')} tricks"
            )
        return lines

    def __str__(self) -> str:
        return "\n".join(self.summary())

    def _repr_html_(self) -> str:
        from shengji.render.cards import fragment

        pct = f"{100 * self.confidence:.0f}%"
        a, b = escape(self.agent), escape(self.against)
        head = (
            f'<div class="sj-head"><b>Evaluation: {a} vs {b}</b>'
            f'<span class="sj-chip">{self.deals:,} deals, each played both ways</span>'
            f'<span class="sj-chip">seed {self.seed}, {escape(self.preset)}, level '
            f"{escape(self.level)}</span></div>"
        )

        def row(name, m, lo, hi, fmt):
            return (
                f'<tr><td>{name}</td><td class="sj-num">{format(m, fmt)}</td>'
                f'<td class="sj-num">{format(lo, fmt)} \u2026 {format(hi, fmt)}</td></tr>'
            )

        p, lv, s = self.points, self.levels, self.level_share
        rows = [
            row("swing per deal, points", p["mean"], p["low"], p["high"], "+.2f"),
            row("swing per deal, levels", lv["mean"], lv["low"], lv["high"], "+.3f"),
            row("level share", 100 * s["value"], 100 * s["low"], 100 * s["high"], ".1f"),
        ]
        for role in ("banking", "defending"):
            w = self.wins[role]
            rows.append(
                row(f"wins {role} (%)", 100 * w["rate"], 100 * w["low"], 100 * w["high"], ".1f")
            )
        t = (
            f'<table class="sj-t"><tr><th></th><th>{a}</th><th>{pct} interval</th></tr>'
            + "".join(rows)
            + "</table>"
        )
        notes = [f"+ favours {a}; the pairing is the deal (Student t)"]
        if self.decisions:
            notes.append(
                f"{self.decisions:,} decisions, {self.decisions_per_second:,.0f}/s of play"
            )
        if self.illegal:
            notes.append(f"{self.illegal:,} illegal decisions refused")
        if self.out is not None:
            notes.append(f"rows: {escape(str(self.out))}")
        note = f'<div class="sj-note">{"; ".join(notes)}</div>'
        return fragment(head + t + note)


def _pct(x: float) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}%"


def evaluate(
    agent: Any,
    against: Any = "pimc",
    n: int = 2000,
    rules: Any = "standard",
    level: str = "2",
    seed: int = 0,
    workers: int | None = None,
    bid_policy: str = "eager",
    out: str | Path | None = None,
    *,
    bid_threshold: int = 0,
    first_hand: bool = False,
    batched: bool | None = None,
    illegal: str = "raise",
    resume: bool = False,
    overwrite: bool = False,
    progress: bool = True,
    chunk_size: int | None = None,
) -> Evaluation:
    """Evaluate an agent against a built-in bot in the duplicate duel, on common deals.

    The agent plays the evaluate study (``shengji.studies.evaluate``): every deal twice with
    the same cards, trump and banker, its team banking then defending, ``against`` in the
    other seats, on the common deals of ``seed`` (``shengji.studies.common_deals``).

    Parameters
    ----------
    agent : str, dict, BotSpec, callable or pyspiel.Bot
        The agent (``shengji.game.agents``): a built-in bot's spec (``"pimc(samples=8)"``,
        ``{"bot": "pimc", "samples": 8}``); a Python bot ``fn(observation, rng) -> decision``
        (what ``play_hand`` takes); a batched policy over ``VectorEnv``'s arrays,
        ``fn(observations, action_masks[, rng]) -> actions``; a ``pyspiel.Bot``
        (``shengji.adapters.openspiel_agent``); or ``"module:name"`` naming one of these.
    against : str, dict or BotSpec, default "pimc"
        The built-in bot in the other seats.
    n : int, default 2000
        The deals, each played both ways.
    rules : str, shengji.Rules or dict, default "standard"
        A preset's name, a ``Rules`` or a dict of options (``preset`` among them).
    level : str, default "2"
        Both teams' level.
    seed : int, default 0
        The deals' seed.
    workers : int, optional
        Processes: by default 1 for a Python agent (it runs in this process), all cores for
        a built-in bot; more need an agent that pickles and imports by name.
    bid_policy : str, default "eager"
        How the deals are bid, as in the duel study (a Python agent needs a kernel policy,
        ``"eager"``, ``"threshold"`` or ``"never"``; a built-in bot may bid, ``"players"``).
    out : str or path-like, optional
        A directory for the rows (Parquet, a run like a study's, resumable); by default a
        temporary one, the rows kept in memory.
    bid_threshold : int, default 0
        The threshold policy's k, as in the duel study (0: unset).
    first_hand : bool, default False
        Every hand a match's first (the first declarer banks), as in the duel study.
    batched : bool, optional
        Whether a callable is a batched policy (by default: when it is marked
        ``shengji.game.agents.batched`` or takes three arguments).
    illegal : {"raise", "replace"}, default "raise"
        An illegal decision: an ``AgentError`` naming it, or refused, counted and replaced
        by a random legal action.
    resume, overwrite : bool, default False
        Finish an interrupted run in ``out``; replace one.
    progress : bool, default True
        Report progress on stderr, as ``shengji run``.
    chunk_size : int, optional
        The deals a chunk of the run (by default the study's); the deals do not depend on it.

    Returns
    -------
    Evaluation
        The duel's figures, and its rows.

    Raises
    ------
    ValueError
        For bad input (an unknown bot, preset or option, an agent that cannot be sent to
        ``workers > 1``), and ``AgentError`` (a ValueError) when the agent fails or, with
        ``illegal="raise"``, decides illegally: one line naming it.
    TypeError
        For an agent or ``rules`` of a type it does not take.

    See Also
    --------
    shengji.analysis.ladder : Ratings of several bots and agents on common deals.

    Examples
    --------
    >>> import shengji
    >>> res = shengji.evaluate("random", against="greedy", n=16, seed=1, workers=1,
    ...                        progress=False)
    >>> print(res)  # doctest: +NORMALIZE_WHITESPACE
    random vs greedy: 16 deals, each played both ways (seed 1, standard, level 2)
    swing per deal: -100.94 points [-122.87, -79.01], -2.375 levels [-3.017, -1.733]
    (95% paired; + favours random)
    level share: 2.5% [0.0%, 7.9%] of the levels gained (1 to 39)
    wins banking: 0.0% [0.0%, 19.4%]; mean D 142.5
    wins defending: 12.5% [3.5%, 36.0%]; mean D 41.6
    """
    from shengji.studies.evaluate import EvaluateStudy, agent_option

    typed = parse_edge_agent(agent, batched)
    table = {
        **deal_keys("evaluate", rules, n, seed, level, bid_policy),
        "agent": agent_option(typed),
        "batched": type(typed).__name__ == "BatchedAgent",
        "against": _bot_value(against),
        "bid_threshold": bid_threshold,
        "first_hand": first_hand,
        "illegal": illegal,
    }
    if chunk_size is not None:
        table["chunk_size"] = chunk_size
    run = EdgeRun(out, workers, progress, resume, overwrite)
    with run.study(EvaluateStudy(typed), table, [typed]) as (cfg, result, where):
        return _evaluation(cfg, typed, result, where, None if out is None else where)


def deal_keys(study: str, rules: Any, n, seed, level: str, bid_policy: str) -> dict:
    """The keys of a study table that ``evaluate`` and ``ladder`` both write: the deals'
    (``n``, ``seed``, ``level``, the rules as ``rules_data`` reads them) and their bidding."""
    preset, overrides = rules_data(rules)
    return {
        "study": study,
        "n": n,
        "seed": seed,
        "level": level,
        "preset": preset,
        "rules": overrides,
        "bid_policy": bid_policy,
    }


@dataclass(frozen=True)
class EdgeRun:
    """How ``evaluate`` and ``ladder`` run their study: into ``out`` (by default a temporary
    directory, removed after), with ``workers`` processes, ``progress`` on stderr, ``resume``
    or ``overwrite`` a run in ``out``."""

    out: str | Path | None
    workers: int | None
    progress: bool
    resume: bool
    overwrite: bool

    @contextmanager
    def study(
        self, kind, table: dict, agents, source: str = "", overrides: dict | None = None
    ) -> Iterator[tuple[Any, Any, Path]]:
        """Validate a study ``table`` (``make_config``: ``source`` and ``overrides`` as
        there), run it with ``kind`` and yield (its config, the run's result, its
        directory).  ``agents``: the typed agents that play; a Python one runs in this
        process by default (1 worker), more workers need it portable."""
        from shengji.runner import run_study
        from shengji.studies.base import make_config

        _kind, cfg = make_config(table, source=source, overrides=overrides)
        workers = _agent_workers(self.workers, agents)
        with tempfile.TemporaryDirectory(prefix=f"shengji-{cfg.study}-") as tmp:
            where = Path(tmp) / "run" if self.out is None else Path(self.out)
            result = run_study(
                kind,
                cfg,
                where,
                workers=workers,
                quiet=not self.progress,
                resume=self.resume,
                overwrite=self.overwrite,
            )
            yield cfg, result, where


def _agent_workers(workers: int | None, agents) -> int | None:
    """The workers of a run where ``agents`` play: 1 by default where a Python agent plays
    (it runs in this process, where its model is loaded), and more only for Python agents
    that pickle and import by name (``_check_portable``)."""
    from shengji.game.agents import PYTHON_AGENTS

    python = [a for a in agents if isinstance(a, PYTHON_AGENTS)]
    if python and (workers or 1) > 1:
        for a in python:
            _check_portable(a)
    return 1 if workers is None and python else workers


def _bot_value(value):
    from shengji.game.botspec import BotSpec

    return value.to_config() if isinstance(value, BotSpec) else value


def _check_portable(agent) -> None:
    """A Python agent sent to worker processes must pickle and import by name there."""
    import pickle

    if agent.reference is None:
        raise ValueError(
            f"workers > 1: the agent {agent.label} cannot be imported by name in a worker "
            "process (a lambda, a closure, or defined in a notebook); use workers=1, or "
            "define it in a module"
        )
    try:
        pickle.dumps(agent)
    except Exception as exc:
        raise ValueError(
            f"workers > 1: the agent {agent.label} cannot be sent to a worker process "
            f"({type(exc).__name__}); use workers=1"
        ) from None


def _evaluation(cfg, agent, result, run_dir: Path, out: Path | None) -> Evaluation:
    from shengji.analysis.load import duel_summary, load

    df = load(run_dir, "duel")
    s = duel_summary(df)
    stats = result.stats
    n = int(stats["items"])
    frame = _per_deal(df)
    share = level_share(frame["a"], frame["b"])
    wins = {}
    for role, key in (("banking", "a_wins_banking"), ("defending", "a_wins_defending")):
        k = int(stats[key])
        lo, hi = wilson(k, n)
        wins[role] = {"rate": k / n, "low": lo, "high": hi}
    first = None
    bad = df[df["illegal"] > 0]
    if len(bad):
        r = bad.sort_values(["deal", "orientation"]).iloc[0]
        first = {
            "deal": int(r["deal"]),
            "orientation": int(r["orientation"]),
            "action": int(r["illegal_action"]),
            "tricks_done": int(r["illegal_trick"]),
        }
    play_s = stats.get("play_ns", 0) / 1e9
    decisions = int(stats.get("decisions", 0))
    return Evaluation(
        agent=agent.label,
        against=s["team_b"],
        deals=n,
        seed=cfg.seed,
        preset=cfg.preset,
        level=cfg.level,
        bid_policy=cfg.options["bid_policy"],
        confidence=s["confidence"],
        points=dict(s["points"]),
        levels=dict(s["levels"]),
        level_share=share,
        wins=wins,
        mean_d={"banking": s["a_banks"]["mean_d"], "defending": s["b_banks"]["mean_d"]},
        illegal=int(stats.get("illegal", 0)),
        first_illegal=first,
        decisions=decisions,
        decisions_per_second=decisions / play_s if play_s > 0 else float("nan"),
        agent_share=stats.get("agent_ns", 0) / stats["play_ns"] if stats.get("play_ns") else 0.0,
        seconds=result.seconds,
        out=out,
        rows=df,
    )


def _per_deal(df) -> dict:
    """Per deal: the levels team_a gained (a) and team_b gained (b) over its two hands."""
    df = df.sort_values(["deal", "orientation"], kind="stable")
    side = df["level_side"].astype(str).to_numpy().reshape(-1, 2)
    lv = df["levels"].to_numpy().astype(np.int64).reshape(-1, 2)
    a_side = side == np.array(["banker", "defenders"])
    return {"a": (lv * a_side).sum(axis=1), "b": (lv * ~a_side).sum(axis=1)}


def level_share(a, b, confidence: float = CONFIDENCE) -> dict:
    """The share of the levels team a gained, sum(a) / sum(a + b) over the deals, with the
    delta-method interval of a ratio of means (the t interval of a_d - share (a_d + b_d),
    scaled by the mean of a + b): the deals are the pairing."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    t = a + b
    total = t.sum()
    if total == 0:
        nan = float("nan")
        return {"value": nan, "low": nan, "high": nan, "agent": 0, "opponent": 0}
    s = a.sum() / total
    z = a - s * t
    _, half = mean_interval(len(z), float(z.sum()), float((z * z).sum()), confidence)
    half /= t.mean()
    return {
        "value": float(s),
        "low": float(max(0.0, s - half)),
        "high": float(min(1.0, s + half)),
        "agent": int(a.sum()),
        "opponent": int(b.sum()),
    }

"""Duels of a network's weights, in this process: the duel study's chunks run one after the
other with the weights loaded into the core (``shengji._core.bots.net.load_weights``), so
the deals, the seat streams and the result are the duel study's with the same seed and bots
(a run of ``study = "duel"`` with ``team_a = "net"`` and the shipped weights gives the same
swings)."""

from __future__ import annotations

import time
from dataclasses import dataclass

__all__ = ["DuelResult", "duel"]


@dataclass(frozen=True)
class DuelResult:
    """team_a's swing per deal (defender points and levels) with 95 % half-widths."""

    team_a: str
    team_b: str
    deals: int
    seed: int
    points: float
    points_half: float
    levels: float
    levels_half: float
    cpu_seconds: float

    def interval(self) -> tuple[float, float]:
        return (self.points - self.points_half, self.points + self.points_half)

    def __str__(self) -> str:
        lo, hi = self.interval()
        return (
            f"{self.team_a} vs {self.team_b}: {self.points:+.1f} [{lo:+.1f}, {hi:+.1f}] points, "
            f"{self.levels:+.3f} ± {self.levels_half:.3f} levels a deal ({self.deals} deals, "
            f"seed {self.seed}, {self.cpu_seconds:.0f} CPU-s)"
        )


def duel(team_a, team_b, deals: int, seed: int, weights=None, **keys) -> DuelResult:
    """The duel study of ``team_a`` against ``team_b`` (bot names or tables) over ``deals``
    deals at ``seed`` (standard rules, level 2 unless ``keys`` say otherwise), with the net
    bot playing ``weights`` (a path, or arrays: ``load_weights``; None: those loaded now).
    The weights stay loaded afterwards."""
    from shengji._core.bots import net
    from shengji.stats import mean_interval
    from shengji.studies.base import make_config

    if weights is not None:
        net.load_weights(weights)
    kind, cfg = make_config(
        {"study": "duel", "n": deals, "seed": seed, "team_a": team_a, "team_b": team_b, **keys}
    )
    kind.tables(cfg)
    start = time.process_time()
    sums = {"items": 0, "swing_points": 0, "swing_points_sq": 0, "swing_levels": 0}
    sums["swing_levels_sq"] = 0
    for chunk in cfg.chunks():
        stats = kind.run_chunk(cfg, chunk).stats
        for k in sums:
            sums[k] += stats[k]
    cpu = time.process_time() - start
    n = sums["items"]
    pts, pts_h = mean_interval(n, sums["swing_points"], sums["swing_points_sq"])
    lv, lv_h = mean_interval(n, sums["swing_levels"], sums["swing_levels_sq"])
    return DuelResult(
        _label("team_a", team_a),
        _label("team_b", team_b),
        n,
        seed,
        float(pts),
        float(pts_h),
        float(lv),
        float(lv_h),
        cpu,
    )


def _label(key, bot) -> str:
    from shengji.game.arguments import card_bot

    return card_bot(bot, key).label

"""The tuning runs of memory's bidding judgement (docs/hand-engine.md, "Bidding by the
players"): duplicate duels of memory judging (team_a) against memory bidding eagerly
(team_b), later hands, standard rules, one setting of the judgement's constants at a time
(``shengji._core.bots.bidder._tune``); prints each setting's swing in points and levels per
deal with its 95 % interval.

    PYTHONPATH=src python tools/bid_judgement_grid.py             # both grids, 3,000 deals
    PYTHONPATH=src python tools/bid_judgement_grid.py --deals 500

The first grid varies the declaring thresholds and the trump-pair weight on seed 23101, the
second the overturning margins (the other constants at the shipped values) on seed 23102:
seeds kept apart from those of the figures the docs quote.
"""

from __future__ import annotations

import argparse
import itertools

import numpy as np

GRIDS = (
    (23101, {"theta_early": [0.2, 0.4, 0.7], "theta_late": [-0.2, 0.0, 0.2], "w_pair": [0.0, 1.0]}),
    (23102, {"margin_opponent": [-0.1, 0.1, 0.3], "margin_partner": [0.2, 0.5, 1.0]}),
)


def duel(n: int, seed: int) -> tuple[float, float, float, float]:
    """memory judging vs memory eager: (points mean, its 95 % half-width, levels, half)."""
    from shengji._core.base.rng import chunk_state, seat_key
    from shengji._core.drivers.duel import play_duel
    from shengji._core.drivers.hands import HAND_COLUMNS
    from shengji._core.drivers.jobs import DuelJob
    from shengji.bidding.args import PLAYERS, policy_index
    from shengji.game.botspec import parse_bot
    from shengji.names import BID_POLICIES, N_CARDS
    from shengji.rules.options import resolve_rules
    from shengji.studies.duel import swings

    mem = parse_bot("team", "memory")
    out = np.zeros((len(HAND_COLUMNS), 2 * n), np.int32)
    play_duel(
        DuelJob(
            state=chunk_state(seed, 0),
            key=seat_key(seed, 0),
            deck=np.arange(N_CARDS, dtype=np.uint8),
            first=0,
            n=n,
            rules=resolve_rules(None),
            level=0,
            banker=0,
            bot_a=mem,
            bot_b=mem,
            bid_policy=policy_index(PLAYERS),
            bid_threshold=0,
            out=out,
            team_b_bid_policy=BID_POLICIES.index("eager"),
        )
    )
    c = dict(zip(HAND_COLUMNS, out, strict=True))
    p, lv = swings(c["defender_points"], c["level_side"], c["levels"])
    half = 1.96 / np.sqrt(n)
    return p.mean(), half * p.std(ddof=1), lv.mean(), half * lv.std(ddof=1)


def main() -> None:
    from shengji._core.bots import bidder

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3000)
    args = ap.parse_args()
    shipped = bidder.weights()
    try:
        for seed, grid in GRIDS:
            for values in itertools.product(*grid.values()):
                setting = dict(zip(grid, values, strict=True))
                bidder._tune(**shipped)
                bidder._tune(**setting)
                p, hp, lv, hl = duel(args.deals, seed)
                label = " ".join(f"{k}={v}" for k, v in setting.items())
                print(f"{label}: {p:+.2f} ± {hp:.2f} points, {lv:+.3f} ± {hl:.3f} levels a deal")
    finally:
        bidder._tune(**shipped)


if __name__ == "__main__":
    main()

"""THE almanac's parts: one ordinary study each (``Part``), at the sizes of a scale
(``SCALES``: ``tiny`` for tests, ``quick`` for CI and the published tables, ``full`` for
the issue's targets).  ``parts(scale)`` is the whole plan, in the order it runs; each part
runs into ``DIR/parts/<name>`` by the runner, as ``shengji run`` would.

Every part's bots play at the strongest fast level: ``net`` in all four seats, the seats'
own bots bidding (``bid_policy = "players"``: net bids by memory's judgement).  The ladder
is the exception: a kernel policy bids its deals (``studies.ladder``: the players' bidding
would make the deals depend on the bots).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shengji.almanac.variants import variants
from shengji.game.botspec import BOT_PRESETS
from shengji.names import BOT_NAMES
from shengji.studies import costs

__all__ = ["ANALYSES", "LADDER_BOTS", "Part", "SCALES", "Scale", "parts"]

# The analyses, in the order of the tables: the file DIR/<analysis>.parquet each.
ANALYSES = ("deals", "bid_odds", "scoring", "rules", "rules_memory", "match", "ladder")
NET = "net"
PLAYERS = "players"
RULES_LEVEL = "8"  # the rule variants' hands: mid-match, where every §3 option can act
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# The seeds: one per analysis (the first and later hands of the rule variants share one).
SEEDS = {
    "deals": 4201,
    "bid_odds": 4202,
    "scoring": 4203,
    "rules": 4204,
    "match": 4205,
    "ladder": 4206,
}

# The ladder: every bot and every preset of the bot table (as it stands: a new one joins by
# itself): the presets are the two searches that play best, pimc with inference from play
# (pimc_infer) and pimc rolling out with net (pimc_net).
SLOW = ("pimc_infer", "pimc_net")  # the fewest deals a pair at quick scale
SEARCH = ("pimc", "swift", *SLOW)  # a few deals a pair


def _ladder_bots() -> dict[str, Any]:
    return {name: name for name in (*BOT_NAMES, *BOT_PRESETS)}


LADDER_BOTS = _ladder_bots()


@dataclass(frozen=True)
class Scale:
    """The items of each part: deals a preset, bidding deals a cell, scoring hands a preset,
    hands a rule variant (first and later each), matches a match-level variant, deals a
    ladder pair of cheap bots (``ladder_search``: the factor for a pair with a search bot,
    ``ladder_slow``: with pimc_infer or pimc_net)."""

    name: str
    deals: int
    bids: int
    scoring: int
    rules: int
    matches: int
    ladder: int
    ladder_search: float
    ladder_slow: float
    presets: tuple[str, ...] = field(default=())


SCALES = {
    s.name: s
    for s in (
        Scale("tiny", 2_000, 64, 64, 64, 2, 4, 0.5, 0.5),
        Scale("quick", 1_000_000, 2_000, 10_000, 5_000, 100, 400, 0.125, 0.05),
        Scale("full", 10_000_000, 100_000, 100_000, 100_000, 2_000, 4_000, 0.25, 0.1),
    )
}


@dataclass(frozen=True)
class Part:
    """One study of the almanac: ``name`` (its directory under ``parts/``), the analysis
    it feeds, the study table (``shengji.analysis.run``'s dict), its items and its
    estimated CPU-seconds (the measured speed table's, ``shengji.studies.costs``: the
    estimate printed before a run)."""

    name: str
    analysis: str
    study: dict
    items: int
    cost: float


def _presets() -> tuple[str, ...]:
    from shengji.rules import PRESETS

    return tuple(PRESETS)


def _ladder_scale(s: Scale, bots: dict) -> dict[str, float]:
    names = list(bots)
    scale = {}
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if a in SLOW or b in SLOW:
                scale[f"{a} vs {b}"] = s.ladder_slow
            elif a in SEARCH or b in SEARCH:
                scale[f"{a} vs {b}"] = s.ladder_search
    return scale


def _ladder_cost(s: Scale, bots: dict, scale: dict) -> float:
    names = list(bots)
    total = 0.0
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            deals = max(1, round(scale.get(f"{a} vs {b}", 1.0) * s.ladder))
            # a duel's hand: each bot in two seats; every deal twice (the teams swapped)
            total += 2 * deals * (costs.hand(a) + costs.hand(b)) / 2
    return total


def parts(scale: str) -> tuple[Part, ...]:
    """The almanac at ``scale`` ("tiny", "quick" or "full"), in running order."""
    s = SCALES[scale]
    presets = _presets()
    out: list[Part] = []
    for preset in presets:
        out.append(
            Part(
                f"deals/{preset}",
                "deals",
                {
                    "study": "deals",
                    "n": s.deals,
                    "seed": SEEDS["deals"],
                    "level": "2",
                    "preset": preset,
                    "aggregate": True,
                },
                s.deals,
                s.deals * costs.item("deals"),
            )
        )
    bids = {
        "study": "bid_odds",
        "n": s.bids,
        "seed": SEEDS["bid_odds"],
        "policy": PLAYERS,
        "bot": NET,
        "first_hand": True,
    }
    out.append(
        Part(
            "bid_odds/presets",
            "bid_odds",
            {**bids, "level": "2", "sweep": {"preset": list(presets)}},
            s.bids * len(presets),
            s.bids * len(presets) * costs.item("bid_odds"),
        )
    )
    later = list(LEVELS[1:])  # level 2: the presets' cells above
    out.append(
        Part(
            "bid_odds/levels",
            "bid_odds",
            {**bids, "preset": "standard", "sweep": {"level": later}},
            s.bids * len(later),
            s.bids * len(later) * costs.item("bid_odds"),
        )
    )
    out.append(
        Part(
            "scoring/presets",
            "scoring",
            {
                "study": "scoring",
                "n": s.scoring,
                "seed": SEEDS["scoring"],
                "level": "2",
                "policy": NET,
                "bid_policy": PLAYERS,
                "sweep": {"preset": list(presets)},
            },
            s.scoring * len(presets),
            s.scoring * len(presets) * costs.hand(NET),
        )
    )
    from shengji.studies.sweep import one_at_a_time

    every = variants()
    sweep = one_at_a_time([v.change for v in every], "standard")
    # the same variants with memory playing (and bidding: net bids by memory's judgement,
    # so only the play differs): the ranking as the weaker player saw it, for "what changed"
    for analysis, folder, bot in (
        ("rules", "rules", NET),
        ("rules_memory", "rules_memory", "memory"),
    ):
        for hand, first in (("later", False), ("first", True)):
            cells = len(every) + 1
            out.append(
                Part(
                    f"{folder}/{hand}",
                    analysis,
                    {
                        "study": "scoring",
                        "n": s.rules,
                        "seed": SEEDS["rules"],
                        "level": RULES_LEVEL,
                        "preset": "standard",
                        "policy": bot,
                        "bid_policy": PLAYERS,
                        "first_hand": first,
                        "sweep": sweep,
                    },
                    s.rules * cells,
                    s.rules * cells * costs.hand(bot),
                )
            )
    match_level = [v for v in every if v.match_level]
    out.append(
        Part(
            "match/rules",
            "match",
            {
                "study": "match",
                "n": s.matches,
                "seed": SEEDS["match"],
                "preset": "standard",
                "policy": NET,
                "sweep": one_at_a_time([v.change for v in match_level], "standard"),
            },
            s.matches * (len(match_level) + 1),
            s.matches * (len(match_level) + 1) * costs.item("match"),
        )
    )
    scale_table = _ladder_scale(s, LADDER_BOTS)
    out.append(
        Part(
            "ladder",
            "ladder",
            {
                "study": "ladder",
                "n": s.ladder,
                "seed": SEEDS["ladder"],
                "level": "2",
                "preset": "standard",
                "anchor": "greedy",
                "bots": dict(LADDER_BOTS),
                "scale": scale_table,
            },
            sum(max(1, round(f * s.ladder)) for f in scale_table.values())
            + s.ladder * (len(LADDER_BOTS) * (len(LADDER_BOTS) - 1) // 2 - len(scale_table)),
            _ladder_cost(s, LADDER_BOTS, scale_table),
        )
    )
    return tuple(out)

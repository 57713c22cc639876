"""THE almanac's parts: one ordinary study each (``Part``), at the sizes of a scale
(``SCALES``: ``tiny`` for tests, ``quick`` for CI and the published tables, ``full`` for
the issue's targets).  ``PLAN`` is the plan as data: a row an analysis (``Analysis``: its
table, study kind, seed, size, bots, page section, parts and reducer), which the driver, the
estimate and the report iterate; ``parts(scale)`` is every row's parts, in the order they
run; each part runs into ``DIR/parts/<name>`` by the runner, as ``shengji run`` would.

Every part's bots play at the strongest fast level: ``net`` in all four seats, the seats'
own bots bidding (``bid_policy = "players"``: net bids by memory's judgement).  The ladder
is the exception: a kernel policy bids its deals (``studies.ladder``: the players' bidding
would make the deals depend on the bots).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from shengji.almanac import reduce
from shengji.almanac.variants import variants
from shengji.game.botspec import BOT_PRESETS
from shengji.names import BOT_NAMES
from shengji.studies import costs

__all__ = ["ANALYSES", "LADDER_BOTS", "PLAN", "Analysis", "Part", "SCALES", "Scale", "parts"]

NET = "net"
PLAYERS = "players"
RULES_LEVEL = "8"  # the rule variants' hands: mid-match, where every §3 option can act
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

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


def _deal_parts(a: Analysis, s: Scale) -> list[Part]:
    """A part a preset: its deals' exact histograms (the same seed: the same deals)."""
    n = getattr(s, a.size)
    return [
        Part(
            f"{a.name}/{preset}",
            a.name,
            {
                "study": a.study,
                "n": n,
                "seed": a.seed,
                "level": "2",
                "preset": preset,
                "aggregate": True,
            },
            n,
            n * costs.item(a.study),
        )
        for preset in _presets()
    ]


def _bid_parts(a: Analysis, s: Scale) -> list[Part]:
    """The presets at level 2, then standard at every later level: a cell each."""
    n, (bot,) = getattr(s, a.size), a.bots
    presets = _presets()
    bids = {
        "study": a.study,
        "n": n,
        "seed": a.seed,
        "policy": PLAYERS,
        "bot": bot,
        "first_hand": True,
    }
    later = list(LEVELS[1:])  # level 2: the presets' cells above
    return [
        Part(
            f"{a.name}/presets",
            a.name,
            {**bids, "level": "2", "sweep": {"preset": list(presets)}},
            n * len(presets),
            n * len(presets) * costs.item(a.study),
        ),
        Part(
            f"{a.name}/levels",
            a.name,
            {**bids, "preset": "standard", "sweep": {"level": later}},
            n * len(later),
            n * len(later) * costs.item(a.study),
        ),
    ]


def _scoring_parts(a: Analysis, s: Scale) -> list[Part]:
    """One part: every preset's later hands at level 2."""
    n, (bot,) = getattr(s, a.size), a.bots
    presets = _presets()
    study = {
        "study": a.study,
        "n": n,
        "seed": a.seed,
        "level": "2",
        "policy": bot,
        "bid_policy": PLAYERS,
        "sweep": {"preset": list(presets)},
    }
    return [
        Part(
            f"{a.name}/presets", a.name, study, n * len(presets), n * len(presets) * costs.hand(bot)
        )
    ]


def _rule_parts(a: Analysis, s: Scale) -> list[Part]:
    """Every rule variant one at a time against standard, later hands then first hands:
    net in the seats (``rules``), or memory (``rules_memory``: net bids by memory's
    judgement, so only the play differs: the ranking as the weaker player saw it)."""
    from shengji.studies.sweep import one_at_a_time

    n, (bot,) = getattr(s, a.size), a.bots
    every = variants()
    sweep = one_at_a_time([v.change for v in every], "standard")
    cells = len(every) + 1
    return [
        Part(
            f"{a.name}/{hand}",
            a.name,
            {
                "study": a.study,
                "n": n,
                "seed": a.seed,
                "level": RULES_LEVEL,
                "preset": "standard",
                "policy": bot,
                "bid_policy": PLAYERS,
                "first_hand": first,
                "sweep": sweep,
            },
            n * cells,
            n * cells * costs.hand(bot),
        )
        for hand, first in (("later", False), ("first", True))
    ]


def _match_parts(a: Analysis, s: Scale) -> list[Part]:
    """One part: whole matches under every match-level variant against standard."""
    from shengji.studies.sweep import one_at_a_time

    n, (bot,) = getattr(s, a.size), a.bots
    match_level = [v for v in variants() if v.match_level]
    study = {
        "study": a.study,
        "n": n,
        "seed": a.seed,
        "preset": "standard",
        "policy": bot,
        "sweep": one_at_a_time([v.change for v in match_level], "standard"),
    }
    cells = len(match_level) + 1
    return [Part(f"{a.name}/rules", a.name, study, n * cells, n * cells * costs.item(a.study))]


def _ladder_parts(a: Analysis, s: Scale) -> list[Part]:
    """One part: the round robin of ``a.bots``, fewer deals a pair with a search bot."""
    n = getattr(s, a.size)
    bots = {name: LADDER_BOTS[name] for name in a.bots}
    scale_table = _ladder_scale(s, bots)
    study = {
        "study": a.study,
        "n": n,
        "seed": a.seed,
        "level": "2",
        "preset": "standard",
        "anchor": "greedy",
        "bots": bots,
        "scale": scale_table,
    }
    items = sum(max(1, round(f * n)) for f in scale_table.values()) + n * (
        len(bots) * (len(bots) - 1) // 2 - len(scale_table)
    )
    return [Part(a.name, a.name, study, items, _ladder_cost(s, bots, scale_table))]


@dataclass(frozen=True)
class Analysis:
    """One row of the plan (``PLAN``): the table ``DIR/<name>.parquet``, the study kind its
    parts run, their seed, the ``Scale`` field that sizes them (items a cell), the bots that
    play, its page section (a key of ``shengji.almanac.sections.SECTIONS``), what builds its
    parts at a scale and what reduces them to the table's rows
    (``shengji.almanac.reduce``)."""

    name: str
    study: str
    seed: int
    size: str
    bots: tuple[str, ...]
    section: str
    build: Callable[[Analysis, Scale], list[Part]]
    reduce: Callable[[str, list[Part], Any], list[dict]]

    def parts(self, scale: Scale) -> list[Part]:
        """This analysis's parts at ``scale``, in running order."""
        return self.build(self, scale)


# THE plan: the analyses in the order they run and their tables are written.  Every part's
# bots play at the strongest fast level (net); the rule variants again under memory; the
# ladder every bot and preset.  The seeds: one an analysis, the rule variants' two share one.
PLAN = (
    Analysis("deals", "deals", 4201, "deals", (), "deals", _deal_parts, reduce.reduce_deals),
    Analysis(
        "bid_odds", "bid_odds", 4202, "bids", (NET,), "bid_odds", _bid_parts, reduce.reduce_bids
    ),
    Analysis(
        "scoring",
        "scoring",
        4203,
        "scoring",
        (NET,),
        "scoring",
        _scoring_parts,
        reduce.reduce_scoring,
    ),
    Analysis("rules", "scoring", 4204, "rules", (NET,), "rules", _rule_parts, reduce.reduce_rules),
    Analysis(
        "rules_memory",
        "scoring",
        4204,
        "rules",
        ("memory",),
        "rules",
        _rule_parts,
        reduce.reduce_rules,
    ),
    Analysis("match", "match", 4205, "matches", (NET,), "match", _match_parts, reduce.reduce_match),
    Analysis(
        "ladder",
        "ladder",
        4206,
        "ladder",
        tuple(LADDER_BOTS),
        "ladder",
        _ladder_parts,
        reduce.reduce_ladder,
    ),
)
# The analyses, in the order of the tables: the file DIR/<analysis>.parquet each.
ANALYSES = tuple(a.name for a in PLAN)


def parts(scale: str) -> tuple[Part, ...]:
    """The almanac at ``scale`` ("tiny", "quick" or "full"), in running order: every
    analysis of ``PLAN``'s parts."""
    s = SCALES[scale]
    return tuple(p for a in PLAN for p in a.parts(s))

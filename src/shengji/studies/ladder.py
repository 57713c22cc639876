"""The ladder study: a round robin of duplicate duels among bots on common deals, the data of
``shengji.analysis.ladder``'s ratings.

Every pair of the ``[bots]`` table plays a duel (``studies.evaluate``'s: every deal twice,
the teams swapped) on the common deals of the run's seed (``studies.common_deals``): deal d
is the same cards, trump and banker in every pair, so the ratings fitted to the pairs'
swings rest on paired data throughout.

Keys: ``[bots]``: name -> a built-in bot (a name, a label, a table ``{bot = "pimc", ...}``)
or a Python agent ``"package.module:name"`` (``{agent = "pkg:policy", batched = true}`` for
a batched policy; ``shengji.game.agents``); names are letters, digits, ``_``, ``-``, ``.``.
``n``: the deals of a pair; ``[scale]``: ``"a vs b" = f`` gives that pair round(f n) deals
(at least 1; 0 leaves the pair out), so a different ``n`` (``--n``) resizes the whole
ladder; ``bid_policy`` (a kernel policy: the players' bidding would make the deals depend
on the bots), ``bid_threshold``, ``first_hand``, ``illegal`` as in the evaluate study;
``anchor``: the bot whose rating is 0 (default: ``random`` when it plays, else the first).
Two Python agents never meet (one side of a duel is a built-in bot: give such a pair 0).

The plan: the pairs one after the other (pair p's deals are items ``offset_p ..
offset_p + n_p - 1``), each cut in chunks of its own (16 deals when a search bot or a
Python agent plays, else ``chunk_size``), so a chunk is one pair's and resuming, workers and
progress work as for any study.

Table ``duel/``: the evaluate study's rows with ``pair`` (int16), ``team_a``, ``team_b``
(the pair's names) in front; banker_bot and defender_bot hold the names too.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from shengji.bidding.args import PLAYERS
from shengji.game.agents import BuiltinAgent, ParsedAgent, parse_agent
from shengji.game.botspec import chunk_size_for
from shengji.runner.plan import Chunk, ChunkPlan
from shengji.schema import Field, Kind, Text
from shengji.stats import CONFIDENCE, mean_interval
from shengji.studies import costs
from shengji.studies.base import (
    ChunkResult,
    ConfigError,
    Options,
    Study,
    StudyConfig,
)
from shengji.studies.common_deals import COMMON_DEALS_ONLY, DEALS_PER_STREAM, DealParams
from shengji.studies.evaluate import (
    ILLEGAL_KEY,
    check_agent,
    piece_stats,
    piece_table,
    play_piece,
)
from shengji.studies.kinds import BotKind
from shengji.studies.scoring import DEAL_KEYS, check_deal_keys, dict_column

__all__ = ["LadderConfig", "LadderPlan", "LadderStudy", "Pair", "STUDY", "ladder_bot"]

NAME = re.compile(r"[A-Za-z0-9_.\-]+")
VS = " vs "
PLAIN_CHUNK = 1 << 12  # deals per chunk of a pair of plain bots (the duel study's)


def ladder_bot(name: str, value: Any) -> ParsedAgent:
    """One entry of ``[bots]`` -> a typed agent (ValueError / TypeError: one line)."""
    where = f"bots.{name}"
    if isinstance(value, dict) and "agent" in value:
        extra = set(value) - {"agent", "batched"}
        if extra:
            raise ValueError(f"{where}: unknown key(s) {', '.join(sorted(extra))}")
        batched = value.get("batched", False)
        if not isinstance(batched, bool):
            raise ValueError(f"{where}.batched: expected true or false")
        return parse_agent(value["agent"], batched=batched or None, where=where)
    return parse_agent(value, where=where)


def _record(agent: ParsedAgent) -> Any:
    """What the metadata records of a ladder bot."""
    if isinstance(agent, BuiltinAgent):
        return agent.to_config()
    out: dict = {"agent": agent.reference or agent.label}
    if type(agent).__name__ == "BatchedAgent":
        out["batched"] = True
    return out


@dataclass(frozen=True)
class LadderBots(BotKind):
    """The ladder's ``[bots]``: a table of at least two, name = a bot or a Python agent
    (``ladder_bot``) -> name = what the metadata records of it."""

    annotation = "dict[str, Any]"

    def check(self, where, value):
        if not isinstance(value, dict) or len(value) < 2:
            raise ValueError(
                f"{where}: expected a table of at least two bots, name = bot (e.g. [bots] "
                'greedy = "greedy"; memory = "memory")'
            )
        out = {}
        for name, bot in value.items():
            if not isinstance(name, str) or not NAME.fullmatch(name):
                raise ValueError(
                    f"{where}: the name {name!r}: letters, digits, '_', '-' and '.' only"
                )
            if (
                isinstance(bot, dict)
                and isinstance(bot.get("agent"), str)
                and ":" not in bot["agent"]
            ):
                # an object given to shengji.analysis.ladder, recorded by its label: the
                # study that runs it holds the object (LadderStudy.tables checks)
                out[name] = dict(bot)
                continue
            out[name] = _record(ladder_bot(name, bot))
        return out

    def values(self):
        return 'a table: name = a bot or "module:name"'

    def invalid_examples(self):
        return ("greedy", {"a": "greedy"}, {"a b": "greedy", "c": "random"},
                {"a": "greedy", "b": "no_such_bot"})  # fmt: skip

    def recorded_bots(self, recorded):
        return dict(recorded) if isinstance(recorded, dict) else {}


@dataclass(frozen=True)
class PairScale(Kind):
    """The ladder's ``[scale]``: "a vs b" = a factor of n (0 leaves the pair out)."""

    annotation = "dict[str, float]"

    def check(self, where, value):
        if not isinstance(value, dict):
            raise ValueError(f'{where}: expected a table "a vs b" = factor of n')
        out = {}
        for pair, f in value.items():
            if not isinstance(pair, str) or VS not in pair:
                raise ValueError(f'{where}: expected keys "a vs b", got {pair!r}')
            if isinstance(f, bool) or not isinstance(f, (int, float)) or not 0 <= f <= 1e6:
                raise ValueError(f"{where}.{pair!r}: expected a factor >= 0, got {f!r}")
            out[pair] = f
        return out

    def values(self):
        return 'a table: "a vs b" = a factor >= 0'

    def invalid_examples(self):
        return ("x", {"a b": 1}, {"a vs b": -1}, {"a vs b": True})


@dataclass(frozen=True)
class Pair:
    index: int
    a: str
    b: str
    deals: int
    offset: int  # the plan's item of its deal 0
    chunk: int  # deals per chunk


class LadderPlan(ChunkPlan):
    """The pairs' chunks one after the other (module docstring)."""

    def __init__(self, pairs: tuple[Pair, ...]):
        total = sum(p.deals for p in pairs)
        super().__init__(total, max(p.chunk for p in pairs))
        self.pairs = pairs
        self.first: list[int] = []  # the plan's chunk index of each pair's first chunk
        k = 0
        for p in pairs:
            self.first.append(k)
            k += -(-p.deals // p.chunk)
        self.count = k
        self.digits = max(self.digits, len(str(k - 1)))

    def __getitem__(self, k: int) -> Chunk:
        if not 0 <= k < self.count:
            raise IndexError(f"chunk {k} is not in a plan of {self.count} chunks")
        i = bisect.bisect_right(self.first, k) - 1
        p = self.pairs[i]
        at = (k - self.first[i]) * p.chunk
        return Chunk(k, p.offset + at, min(p.chunk, p.deals - at))


@dataclass(frozen=True)
class LadderConfig(StudyConfig):
    pairs: tuple = ()

    def metadata(self) -> dict:
        meta = super().metadata()
        meta["pairs"] = [[p.a, p.b, p.deals] for p in self.pairs]
        return meta

    def chunks(self) -> ChunkPlan:
        return LadderPlan(self.pairs)

    def pair_of(self, item: int) -> Pair:
        i = bisect.bisect_right([p.offset for p in self.pairs], item) - 1
        return self.pairs[i]


class LadderStudy(Study):
    """The ladder kind.  ``agents``: name -> typed agent, for the Python objects
    ``shengji.analysis.ladder`` was given (the run's options record their references)."""

    name = "ladder"
    no_deal = COMMON_DEALS_ONLY
    unit = "deals"
    keys = (
        Field(
            "bots",
            LadderBots(),
            None,
            "The ladder's bots (a table, at least two): name = a built-in bot or a Python "
            'agent "package.module:name".',
        ),
        Field(
            "scale",
            PairScale(),
            {},
            'A pair\'s deals as a factor of n: "a vs b" = f gives round(f n) deals (0 leaves '
            "the pair out).",
        ),
        *DEAL_KEYS,
        ILLEGAL_KEY,
        Field(
            "anchor",
            Text("a bot's name", optional=True),
            None,
            "The bot rated 0 (default: random when it plays, else the first).",
        ),
    )
    default_chunk_size = PLAIN_CHUNK
    reports_progress = True

    def __init__(self, agents: dict[str, ParsedAgent] | None = None):
        self.agents = dict(agents or {})

    def __reduce__(self):
        return (LadderStudy, (self.agents,))

    def agent(self, cfg: StudyConfig, name: str) -> ParsedAgent:
        if name in self.agents:
            return self.agents[name]
        value = cfg.options["bots"][name]
        try:
            return ladder_bot(name, value)
        except (TypeError, ValueError) as exc:
            raise ConfigError(str(exc)) from None

    def configure(self, cfg: StudyConfig) -> StudyConfig:
        o = cfg.options
        bots = o["bots"]
        if bots is None:
            raise ConfigError("missing table [bots]: the ladder's bots, name = bot (at least two)")
        names = list(bots)
        record = bots
        python = {n for n in names if _is_python(record[n])}
        scale = dict(o["scale"])
        factors: dict[tuple[str, str], float] = {}
        for key, f in scale.items():
            a, _, b = (x.strip() for x in key.partition(VS))
            for x in (a, b):
                if x not in bots:
                    raise ConfigError(
                        f"scale: {key!r}: no bot {x!r} in [bots] ({', '.join(names)})"
                    )
            pair = (a, b) if names.index(a) < names.index(b) else (b, a)
            if pair in factors:
                raise ConfigError(f"scale: the pair {a} vs {b} is given twice")
            factors[pair] = f
        pairs: list[Pair] = []
        offset = 0
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                f = factors.get((a, b), 1)
                if f == 0:
                    continue
                deals = max(1, round(f * cfg.n))
                if a in python and b in python:
                    raise ConfigError(
                        f"bots: {a} and {b} are both Python agents; one side of a duel is a "
                        f'built-in bot (leave the pair out: [scale] "{a} vs {b}" = 0)'
                    )
                chunk = self._chunk(cfg, record[a], record[b], a in python or b in python)
                pairs.append(Pair(len(pairs), a, b, deals, offset, chunk))
                offset += deals
        if not pairs:
            raise ConfigError("the ladder plays no pair ([scale] leaves every pair out)")
        anchor = o["anchor"]
        if anchor is not None and anchor not in bots:
            raise ConfigError(f"anchor: no bot {anchor!r} in [bots] ({', '.join(names)})")
        options = o.replace(bots=record)
        return LadderConfig(
            **{f: getattr(cfg, f) for f in StudyConfig.__dataclass_fields__ if f != "options"},
            options=options,
            pairs=tuple(pairs),
        )

    def _chunk(self, cfg: StudyConfig, a, b, python: bool) -> int:
        if python:
            return DEALS_PER_STREAM
        return chunk_size_for(cfg.chunk_size, 2, a, b)

    def chunk_size_for(self, options: Options) -> int:
        return PLAIN_CHUNK

    def item_costs(self, cfg: StudyConfig) -> list[tuple[int, float]]:
        """Each pair's deal costs its two bots' hands (the measured speed table,
        ``shengji.studies.costs``: a deal is two hands, each bot in two seats of each): the
        progress estimate's weights (a pimc pair's deal is some 1,000 of a greedy pair's)."""
        assert isinstance(cfg, LadderConfig)
        return [
            (p.offset, costs.hand(self.agent(cfg, p.a)) + costs.hand(self.agent(cfg, p.b)))
            for p in cfg.pairs
        ]

    def tables(self, cfg: StudyConfig) -> list[str]:
        o = cfg.options
        for name, value in o["bots"].items():
            if _is_python(value) and ":" not in value["agent"] and name not in self.agents:
                raise ConfigError(
                    f"bots.{name}: the Python agent {value['agent']!r} cannot be imported by "
                    "name; give it as MODULE:NAME (or pass the object to "
                    "shengji.analysis.ladder)"
                )
        check_deal_keys(o, cfg.rules)
        for agent in self.agents.values():
            check_agent(agent, DealParams.of(cfg))
        if o["bid_policy"] == PLAYERS:
            raise ConfigError(
                f"bid_policy {PLAYERS!r}: the players' bidding makes the deals depend on "
                "who plays, so the pairs would not share them; choose a kernel bid policy "
                "(eager, threshold, never)"
            )
        return ["duel"]

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk, progress=None) -> ChunkResult:
        assert isinstance(cfg, LadderConfig)
        pair = cfg.pair_of(chunk.start)
        start = chunk.start - pair.offset
        a, b = self.agent(cfg, pair.a), self.agent(cfg, pair.b)
        flip = not isinstance(b, BuiltinAgent)  # the Python agent is team_a
        agent, opponent = (b, a) if flip else (a, b)
        assert isinstance(opponent, BuiltinAgent)
        piece = play_piece(
            agent,
            opponent.spec,
            DealParams.of(cfg),
            start,
            chunk.count,
            illegal=cfg.options["illegal"],
            progress=progress,
        )
        names = (pair.b, pair.a) if flip else (pair.a, pair.b)
        cols = piece_table(piece, start, chunk.count, names)
        n = len(cols["deal"])
        front = {
            "pair": _full(n, pair.index, "int16"),
            "team_a": dict_column(_full(n, 0, "int8"), names),
            "team_b": dict_column(_full(n, 1, "int8"), names),
        }
        stats = piece_stats(piece, chunk.count, prefix=f"pair{pair.index}_")
        stats["items"] = chunk.count
        return ChunkResult(tables={"duel": pa.table({**front, **cols})}, stats=stats)

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        assert isinstance(cfg, LadderConfig)
        lines = []
        for p in cfg.pairs:
            k = f"pair{p.index}_"
            n = stats.get(k + "items", 0)
            if not n:
                continue
            a, b = _team_names(cfg, p, self)
            mean, half = mean_interval(n, stats[k + "swing_points"], stats[k + "swing_points_sq"])
            lines.append(
                f"{a} vs {b}: {mean:+.1f} ± {half:.1f} points a deal ({n:,} deals, "
                f"{100 * CONFIDENCE:.0f}% interval)"
            )
        lines.append(
            "the ratings with intervals: shengji ladder OUT (or shengji.analysis.ladder(OUT))"
        )
        return lines


def _team_names(cfg: LadderConfig, p: Pair, kind: LadderStudy) -> tuple[str, str]:
    """(team_a, team_b) as the pair's rows name them: a Python agent is team_a."""
    b = cfg.options["bots"][p.b]
    return (p.b, p.a) if _is_python(b) else (p.a, p.b)


def _is_python(value) -> bool:
    if isinstance(value, dict):
        return "agent" in value
    return isinstance(value, str) and ":" in value and "(" not in value


def _full(n: int, value: int, dtype: str):
    import numpy as np

    return np.full(n, value, dtype)


STUDY = LadderStudy()

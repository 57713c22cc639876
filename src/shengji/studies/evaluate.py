"""The evaluate study: any agent against a built-in bot in the duplicate duel, on the common
deals (``studies.common_deals``).  ``shengji.evaluate`` runs it; so does a study file.

Every deal d is played twice with the same cards, trump and banker: orientation 0 with the
agent's team banking (the banker and its partner), orientation 1 with it defending, the bot
``against`` in the other seats; deal d is deal d of a duel study with the same seed, rules,
level and bid policy and ``chunk_size = 16``, whoever plays it.

Keys: ``agent`` (required): a built-in bot (a name, a label ``"pimc(samples=8)"``, a table
``{bot = "pimc", ...}``: it then plays in C exactly as in the duel study) or a Python object
``"package.module:name"`` (a bot ``fn(observation, rng)``, or with ``batched = true`` a
policy ``fn(observations, action_masks[, rng])``: ``shengji.game.agents``); ``against``
(default ``"pimc"``): the built-in bot it plays against; ``bid_policy``, ``bid_threshold``,
``first_hand`` as in the duel study (a Python agent needs a kernel bid policy: bidding is
not its decision); ``illegal``: ``"raise"`` (default: an illegal action stops the run with
one line naming the decision) or ``"replace"`` (refused, a random legal action played
instead, counted per hand).

Table ``duel/``, the duel study's rows (row 2 i + o: deal i in orientation o; banker_bot,
defender_bot the agent's and the bot's labels; the scoring columns) and, per hand, the
illegal decisions refused: ``illegal`` (count), ``illegal_action`` (the first one's action,
-1 none), ``illegal_trick`` (tricks done then, -1 none).  The per-deal swings are the duel
study's (``shengji.studies.duel.swings``; ``shengji.analysis.duel_summary`` reads this
table as it reads a duel's).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from shengji.bidding.args import PLAYERS
from shengji.game.agents import (
    PYTHON_AGENTS,
    BuiltinAgent,
    HistoryAgent,
    ParsedAgent,
    parse_agent,
)
from shengji.game.botspec import BotSpec, chunk_size_for
from shengji.names import HAND_COLUMNS
from shengji.schema import Choice, Field, Flag
from shengji.stats import CONFIDENCE, mean_interval, wilson
from shengji.studies.base import (
    Chunk,
    ChunkResult,
    ConfigError,
    Options,
    Study,
    StudyConfig,
)
from shengji.studies.common_deals import (
    COMMON_DEALS_ONLY,
    DEALS_PER_STREAM,
    DealParams,
    builtin_rows,
)
from shengji.studies.duel import N_ORIENTATIONS, duel_columns, pair_sums
from shengji.studies.kinds import BotKind, BotRef
from shengji.studies.scoring import DEAL_KEYS, check_deal_keys

__all__ = [
    "EvaluateStudy",
    "Piece",
    "STUDY",
    "agent_option",
    "check_agent",
    "play_piece",
    "piece_table",
]

ILLEGAL = ("raise", "replace")
# a key of the evaluate and ladder kinds
ILLEGAL_KEY = Field(
    "illegal",
    Choice(ILLEGAL),
    "raise",
    '"raise": an illegal decision stops the run with one line naming it; "replace": it '
    "is refused, counted and a random legal action played.",
)
# deals per chunk of work for a Python agent: its lockstep batch (2 envs a deal)
BATCHED_CHUNK = 1024
DECISION_CHUNK = 256
SEARCH_CHUNK = DEALS_PER_STREAM  # against a search bot: a chunk of a few seconds
PIMC = BotRef().check("against", "pimc")  # the default opponent, parsed once


@dataclass(frozen=True)
class AgentRef(BotKind):
    """An agent: a built-in bot (its ``BotSpec``, ``BotRef``'s) or a Python object's
    reference ``"module:name"`` (kept as written; imported when the run starts)."""

    annotation = "BotSpec | str | dict"

    def check(self, where, value):
        if isinstance(value, str) and ":" in value and "(" not in value:
            module, _, name = value.rpartition(":")
            if not module or not name:
                raise ValueError(f"{where}: expected MODULE:NAME or a bot, got {value!r}")
            return value
        if isinstance(value, dict) and "python" in value:  # a Python object's record
            return value
        return BotRef().check(where, value)

    def values(self):
        return 'a bot, or "module:name"'

    def invalid_examples(self):
        return ("module:", ":name", *BotRef().invalid_examples())

    def recorded_bots(self, recorded):
        return BotRef().recorded_bots(recorded)


def agent_option(agent: ParsedAgent) -> str | dict:
    """What a run's metadata records of an agent: a built-in bot's canonical value, or a
    Python agent's reference ``"module:name"`` (its label when it has none) and kind."""
    if isinstance(agent, BuiltinAgent):
        return agent.to_config()
    kind = {"DecisionAgent": "decision", "BatchedAgent": "batched", "HistoryAgent": "history"}[
        type(agent).__name__
    ]
    return {"python": agent.reference or agent.label, "kind": kind}


def is_python_option(value) -> bool:
    return (
        isinstance(value, dict)
        and "python" in value
        or (isinstance(value, str) and ":" in value and "(" not in value)
    )


@dataclass
class Piece:
    """Deals start .. start + count - 1 played by an agent (team_a) against a bot."""

    rows: np.ndarray  # int32 (len(HAND_COLUMNS), 2 count)
    illegal: np.ndarray  # int16 per row
    illegal_action: np.ndarray  # int16 per row
    illegal_trick: np.ndarray  # int8 per row
    decisions: int  # the agent's actions (0 for a built-in bot: not counted)
    agent_seconds: float
    seconds: float


def check_agent(agent: ParsedAgent, params: DealParams) -> None:
    """Before a run: an agent that cannot play these deals (an OpenSpiel game without
    these rules) is a ConfigError, nothing touched."""
    if isinstance(agent, HistoryAgent):
        try:
            agent.make(params)
        except (TypeError, ValueError) as exc:
            raise ConfigError(str(exc)) from None


def play_piece(
    agent: ParsedAgent,
    opponent: BotSpec,
    params: DealParams,
    start: int,
    count: int,
    *,
    illegal: str = "raise",
    progress=None,
) -> Piece:
    """The duel of ``agent`` against ``opponent`` on deals ``start ..`` (built-in: the duel
    driver; Python: ``studies.agent_duel``)."""
    t0 = time.perf_counter()
    if isinstance(agent, BuiltinAgent):
        rows = builtin_rows(params, agent.spec, opponent, start, count)
        n = 2 * count
        if progress is not None:
            progress(count)
        return Piece(
            rows,
            np.zeros(n, np.int16),
            np.full(n, -1, np.int16),
            np.full(n, -1, np.int8),
            0,
            0.0,
            time.perf_counter() - t0,
        )
    from shengji.studies.agent_duel import play_agent_duel

    r = play_agent_duel(agent, opponent, params, start, count, illegal=illegal, progress=progress)
    return Piece(
        r.rows,
        r.illegal,
        r.illegal_action,
        r.illegal_trick,
        r.decisions,
        r.agent_seconds,
        time.perf_counter() - t0,
    )


def piece_table(piece: Piece, start: int, count: int, labels: tuple[str, str]) -> dict:
    """A piece's rows as the duel table's columns (``labels``: team_a's, team_b's)."""
    cols = duel_columns(piece.rows, start, count, labels)
    cols["illegal"] = piece.illegal
    cols["illegal_action"] = piece.illegal_action
    cols["illegal_trick"] = piece.illegal_trick
    return cols


def piece_stats(piece: Piece, count: int, prefix: str = "") -> dict:
    """Sums for a summary: the swings (and squares), per role the mean D, level-ups and
    wins, the levels each team gained, the agent's decisions, refusals and time."""

    c = {name: piece.rows[i] for i, name in enumerate(HAND_COLUMNS)}
    lv = c["levels"].astype(np.int64).reshape(-1, N_ORIENTATIONS)
    # team_a banks in orientation 0, defends in 1: its side levels up when level_side is
    # banker (0) in orientation 0, defenders (1) in orientation 1
    a_side = c["level_side"].reshape(-1, N_ORIENTATIONS) == np.arange(N_ORIENTATIONS)
    stats = {
        "items": count,
        **pair_sums(c),
        "a_wins_banking": int(a_side[:, 0].sum()),
        "a_wins_defending": int(a_side[:, 1].sum()),
        "levels_a": int((lv * a_side).sum()),
        "levels_b": int((lv * ~a_side).sum()),
        "decisions": piece.decisions,
        "illegal": int(piece.illegal.sum()),
        "agent_ns": int(piece.agent_seconds * 1e9),
        "play_ns": int(piece.seconds * 1e9),
    }
    return {prefix + k: v for k, v in stats.items()} if prefix else stats


class EvaluateStudy(Study):
    """The evaluate kind.  ``agent``: the typed agent to play (``shengji.evaluate``
    passes its object here); None: the run's ``agent`` option, parsed (a built-in bot,
    or imported by its reference)."""

    name = "evaluate"
    no_deal = COMMON_DEALS_ONLY
    unit = "deals"
    keys = (
        Field(
            "agent",
            AgentRef(),
            None,
            'The agent evaluated (required): a built-in bot (a name, "pimc(samples=8)", a '
            'table) or a Python object "package.module:name" (docs/evaluate.md).',
        ),
        Field(
            "batched",
            Flag(),
            False,
            "The Python agent is a batched policy fn(observations, action_masks[, rng]) over "
            "the vector env's arrays.",
        ),
        Field("against", BotRef(), PIMC, "The built-in bot the agent plays against."),
        *DEAL_KEYS,
        ILLEGAL_KEY,
    )
    default_chunk_size = 1 << 12
    reports_progress = True

    def __init__(self, agent: ParsedAgent | None = None):
        self.agent = agent

    def __reduce__(self):
        return (EvaluateStudy, (self.agent,))

    def chunk_size_for(self, options: Options) -> int:
        value, against = options["agent"], options["against"]
        if value is None:
            return self.default_chunk_size
        if not is_python_option(value):
            return chunk_size_for(self.default_chunk_size, 2, value, against)
        if against.searches:
            return SEARCH_CHUNK
        kind = value.get("kind") if isinstance(value, dict) else None
        return BATCHED_CHUNK if options["batched"] or kind == "batched" else DECISION_CHUNK

    def resolve(self, cfg: StudyConfig) -> ParsedAgent:
        """The agent to play: the one given, or the run's option parsed."""
        if self.agent is not None:
            return self.agent
        value = cfg.options["agent"]
        if isinstance(value, dict) and "python" in value:
            value = value["python"]
        try:
            return parse_agent(value, batched=cfg.options["batched"] or None)
        except (TypeError, ValueError) as exc:
            raise ConfigError(str(exc)) from None

    def tables(self, cfg: StudyConfig) -> list[str]:
        o = cfg.options
        if o["agent"] is None:
            raise ConfigError(
                "missing key 'agent': the agent to evaluate (a bot, or MODULE:NAME for a "
                'Python bot or policy), e.g. agent = "memory"'
            )
        check_deal_keys(o, cfg.rules)
        python = is_python_option(o["agent"]) or isinstance(self.agent, PYTHON_AGENTS)
        if python and o["bid_policy"] == PLAYERS:
            raise ConfigError(
                f"bid_policy {PLAYERS!r}: the players bid, and a Python agent's decisions "
                "are the bury and the play only; choose a kernel bid policy (eager, "
                "threshold, never)"
            )
        if o["bid_policy"] == PLAYERS:
            if o["first_hand"] or cfg.rules.no_bid == "banker_steps_down":
                raise ConfigError(
                    f"bid_policy {PLAYERS!r} in a duel needs a banker fixed before the "
                    "bidding: first_hand = false, and a no_bid other than 'banker_steps_down'"
                )
            if cfg.chunk_size % DEALS_PER_STREAM:
                raise ConfigError(
                    f"chunk_size: under bid_policy {PLAYERS!r} a multiple of {DEALS_PER_STREAM}"
                )
        if not python and o["batched"]:
            raise ConfigError("batched: a built-in bot is not a batched policy")
        if self.agent is not None:
            check_agent(self.agent, DealParams.of(cfg))
        return ["duel"]

    def labels(self, cfg: StudyConfig, agent: ParsedAgent) -> tuple[str, str]:
        return agent.label, cfg.options["against"].label

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk, progress=None) -> ChunkResult:
        agent = self.resolve(cfg)
        against = cfg.options["against"]
        piece = play_piece(
            agent,
            against,
            DealParams.of(cfg),
            chunk.start,
            chunk.count,
            illegal=cfg.options["illegal"],
            progress=progress,
        )
        cols = piece_table(piece, chunk.start, chunk.count, self.labels(cfg, agent))
        return ChunkResult(tables={"duel": pa.table(cols)}, stats=piece_stats(piece, chunk.count))

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        return summary_lines(_label(cfg.options["agent"]), cfg.options["against"].label, stats)


def _label(value) -> str:
    if isinstance(value, dict) and "python" in value:
        return str(value["python"]).rpartition(":")[2]
    if isinstance(value, str) and ":" in value and "(" not in value:
        return value.rpartition(":")[2]
    return value.label  # a BotSpec (v_agent)


def summary_lines(a: str, b: str, stats: dict, prefix: str = "") -> list[str]:
    """The run's summary from its summed stats (piece_stats' keys, under ``prefix``)."""

    def s(key):
        return stats.get(prefix + key, 0)

    n = s("items")
    if not n:
        return []
    pts, pts_h = mean_interval(n, s("swing_points"), s("swing_points_sq"))
    lv, lv_h = mean_interval(n, s("swing_levels"), s("swing_levels_sq"))
    won = s("levels_a") + s("levels_b")
    share = f"{100 * s('levels_a') / won:.1f}%" if won else "n/a"
    lines = [
        f"{a} vs {b}, {n:,} deals each played both ways: swing {pts:+.1f} ± {pts_h:.1f} "
        f"points, {lv:+.3f} ± {lv_h:.3f} levels per deal ({100 * CONFIDENCE:.0f}% interval; "
        f"+ favours {a}); level share {share}"
    ]
    for role, key in (("banking", "a_wins_banking"), ("defending", "a_wins_defending")):
        lo, hi = wilson(s(key), n)
        lines.append(
            f"{a} {role}: wins {100 * s(key) / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] of "
            f"hands (its side levels up or takes the bank)"
        )
    if s("decisions"):
        agent_s = s("agent_ns") / 1e9
        lines.append(
            f"{a}: {s('decisions'):,} decisions, {agent_s:.1f} s in the agent"
            + (f", {s('illegal'):,} illegal decisions refused" if s("illegal") else "")
        )
    return lines


STUDY = EvaluateStudy()

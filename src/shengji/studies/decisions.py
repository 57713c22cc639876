"""The decisions study: hands played by a teacher bot, every decision recorded as the net bot
sees it -- the data the learned player is trained on (``shengji.learn``; issue 34).

The hands are the scoring study's (``_core/drivers/decisions.pyx``): independent hands
from the chunk's stream, both teams at ``level``, seat 0 banking unless ``first_hand``,
the teacher in every seat (under ``bid_policy = "players"`` it bids too).  A run with the
same seed, rules, level and bot as a scoring run plays the same hands (its ``hands/``
table holds the scoring study's columns, equal row for row).

Keys: ``teacher`` (default ``pimc``): a bot name, preset or table (``shengji.game.botspec``),
e.g. ``"pimc_infer"`` (pimc with inference from play) or ``{bot = "pimc", samples = 32}``;
``candidates`` (1..16, default 8): the candidates listed per decision (the net bot scores
8, pimc's default list, bots/candidates.pyx); ``bid_policy``, ``bid_threshold``,
``first_hand`` as in the scoring study; ``explore`` (unset by default): a temperature > 0
makes the teacher the net bot exploring -- each decision drawn among its candidates with probability
softmax(score / explore), from the hand's stream (self-play data; ``teacher = "net"``).
No ``[deal]`` table: the driver deals unconditioned hands, so one is refused (not ignored).

Tables:
  decisions/  one row per bury or play with two candidates or more: hand (int64), seat,
              phase ("bury"/"play"), trick (tricks done), position (plays made in the
              trick), step (the decision's index in the hand's play list), n (candidates),
              choice (the teacher's choice's index among them, -1: another play), points
              and levels (the hand's outcome for the seat's team: +D defending, -D
              banking; its signed level change), x (binary, the state's bytes:
              ``_core.bots.features.LAYOUT``), a (binary, ``candidates`` x the
              candidate bytes, zero past n: ``ACTION_LAYOUT``), cands (binary,
              ``candidates`` x 16 bytes: each candidate's kind masks one and two, little
              endian uint64), q (list<float32>, the teacher's mean outcome for its team per
              candidate when it is pimc, else 0) and q_n (list<int16>, the samples behind
              each).
  hands/      hand (int64), the scoring study's columns, seat_deck (binary 108: the deal,
              position i < 100 to seat i % 4, 100..107 the kitty) and plays (list<uint64>:
              every decision of the bury and the tricks in order, one and two
              interleaved), from which a hand replays and its features can be recomputed.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from shengji.game.botspec import BotSpec, bot_row, chunk_size_for
from shengji.names import HAND_COLUMNS, PHASE_NAMES
from shengji.rules import pack
from shengji.schema import Field, Flag, Int, Number
from shengji.studies.base import (
    Chunk,
    ChunkResult,
    ConfigError,
    Options,
    Study,
    StudyConfig,
    arrow_array,
    arrow_dictionary,
    arrow_lists,
    arrow_table,
)
from shengji.studies.kernel_args import kernel_args
from shengji.studies.kinds import BotRef
from shengji.studies.scoring import DEAL_KEYS, check_deal_keys, hand_columns

__all__ = ["DecisionsStudy", "STUDY", "MAX_CANDIDATES"]

MAX_CANDIDATES = 16  # drivers.decisions.MAX_CANDIDATES (checked in run_chunk)
PLAY_BYTES = 16  # one candidate in ``cands``: two little-endian uint64 masks


def fixed_binary(values: np.ndarray):
    """A fixed-size binary column: row i is ``values[i]``'s bytes (C order)."""
    values = np.ascontiguousarray(values)
    n = len(values)
    width = values.nbytes // n if n else int(np.prod(values.shape[1:])) * values.itemsize
    return pa.FixedSizeBinaryArray.from_buffers(
        pa.binary(width), n, [None, pa.py_buffer(values.tobytes())]
    )


def fixed_list(values: np.ndarray):
    """A fixed-size list column of a 2-D numeric array's rows."""
    values = np.ascontiguousarray(values)
    return pa.FixedSizeListArray.from_arrays(arrow_array(values.reshape(-1)), values.shape[1])


# the default teacher: pimc at its defaults (parse_bot's BotSpec of "pimc", built here: the
# study file is parsed at its edge, studies/config.py, and a default is a parsed value)
PIMC = BotSpec("pimc", tuple(sorted(bot_row("pimc").defaults().items())))


class DecisionsStudy(Study):
    name = "decisions"
    no_deal = "it records the decisions of unconditioned deals (the training data)"
    unit = "hands"
    keys = (
        Field(
            "teacher",
            BotRef(),
            PIMC,
            "The bot whose decisions are recorded, in every seat (default pimc): a bot name "
            "or a table with its parameters.",
        ),
        Field(
            "candidates",
            Int(1, MAX_CANDIDATES),
            8,
            "The candidates listed a decision at most (1 to 16; pimc's, the net bot's input).",
        ),
        Field(
            "explore",
            Number(0.0, None, True, "a number > 0"),
            None,
            'With teacher = "net": each decision drawn among the candidates with '
            "probability softmax(score / explore) (self-play data); unset: the teacher "
            "decides.",
        ),
        Field(
            "hindsight",
            Flag(),
            None,
            "With explore, true: each candidate of a recorded decision also played out on the "
            "true deal by the teacher's network, its outcome for the seat's team its q (q_n "
            "1); unset: q is 0.",
        ),
        *DEAL_KEYS,
    )
    recorded_when_set = frozenset({"explore", "hindsight"})  # unset: the teacher decides
    default_chunk_size = 1 << 10

    def chunk_size_for(self, options: Options) -> int:
        return chunk_size_for(self.default_chunk_size, 1, options["teacher"])

    def tables(self, cfg: StudyConfig) -> list[str]:
        check_deal_keys(cfg.options, cfg.rules)
        if cfg.options["explore"] and cfg.options["teacher"].name != "net":
            raise ConfigError('explore: the net bot explores; it needs teacher = "net"')
        if cfg.options["hindsight"] and not cfg.options["explore"]:
            raise ConfigError("hindsight: the values of the net bot's self-play; set explore")
        return ["decisions", "hands"]

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk) -> ChunkResult:
        from shengji import door

        assert door.MAX_CANDIDATES == MAX_CANDIDATES
        o = cfg.options
        a = kernel_args(self.name, o, cfg.seed, cfg.level, chunk.index)
        n, cap = chunk.count, o["candidates"]
        out = np.zeros((len(HAND_COLUMNS), n), np.int32)
        r = door.record_hands(
            a.job(
                door.DecisionsJob,
                n=n,
                rules=pack.rules(cfg.rules),
                teacher=pack.bot(a.bots[0]),
                cap=cap,
                out=out,
                explore=o["explore"] or 0.0,
                hindsight=bool(o["hindsight"]),
            )
        )
        meta = {name: r["meta"][:, i] for i, name in enumerate(door.DECISION_META)}
        rows = len(r["meta"])
        decisions = arrow_table(
            {
                "hand": meta["hand"].astype(np.int64) + chunk.start,
                "seat": meta["seat"].astype(np.uint8),
                "phase": arrow_dictionary(meta["phase"], PHASE_NAMES),
                "trick": meta["trick"].astype(np.uint8),
                "position": meta["position"].astype(np.uint8),
                "step": meta["step"].astype(np.uint8),
                "n": meta["n"].astype(np.uint8),
                "choice": meta["choice"].astype(np.int8),
                "points": meta["points"].astype(np.int16),
                "levels": meta["levels"].astype(np.int8),
                "x": fixed_binary(r["x"]),
                "a": fixed_binary(r["a"].reshape(rows, -1)),
                "cands": fixed_binary(r["cands"].astype("<u8").reshape(rows, -1)),
                "q": fixed_list(r["q"]),
                "q_n": fixed_list(r["q_n"]),
            },
            required=True,
        )
        n_plays = r["n_plays"].astype(np.int64)
        listed = np.minimum(n_plays, door.MAX_PLAYS_PER_HAND)
        keep = np.arange(door.MAX_PLAYS_PER_HAND)[None, :] < listed[:, None]
        cols = {"hand": np.arange(chunk.start, chunk.start + n, dtype=np.int64)}
        cols.update(hand_columns(out, n, HAND_COLUMNS))
        cols["seat_deck"] = fixed_binary(r["seat_deck"])
        cols["plays"] = arrow_lists(r["plays"][keep].reshape(-1), 2 * listed)
        choice = meta["choice"]
        stats = {
            "items": n,
            "rows": rows,
            "bury_rows": int((meta["phase"] == 0).sum()),
            "chose_first": int((choice == 0).sum()),
            "chose_listed": int((choice >= 0).sum()),
            "candidates": int(meta["n"].astype(np.int64).sum()),
            "defender_points": int(out[HAND_COLUMNS.index("defender_points"), :n].sum()),
        }
        return ChunkResult(tables={"decisions": decisions, "hands": arrow_table(cols)}, stats=stats)

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        n, rows = stats["items"], stats["rows"]
        if not n:
            return []
        teacher = cfg.options["teacher"].label
        lines = [
            f"{teacher} in every seat, {n} hands: {rows} decisions recorded "
            f"({rows / n:.1f} a hand, {stats['bury_rows']} buries), "
            f"{stats['candidates'] / max(rows, 1):.2f} candidates each; mean D "
            f"{stats['defender_points'] / n:.1f}",
        ]
        if rows:
            lines.append(
                f"the teacher chose the first candidate (memory's) in "
                f"{100 * stats['chose_first'] / rows:.1f}% and one of the listed in "
                f"{100 * stats['chose_listed'] / rows:.1f}%"
            )
        return lines


STUDY = DecisionsStudy()

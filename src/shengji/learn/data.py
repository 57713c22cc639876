"""The training data: decisions studies of a teacher (``shengji.studies.decisions``), and their
rows as arrays for the training.

``study(seed, n, teacher)`` is the study table the training script runs; ``load(out)``
reads a finished run into a ``DecisionTable`` (the features as uint8 arrays, the teacher's
choices, the search's values, the outcomes)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from shengji.game.botspec import BOT_PRESETS

__all__ = ["TEACHER", "study", "DecisionTable", "load", "part_files", "read_part"]

# The strongest search (docs/hand-engine.md, "pimc"): pimc with inference from play, the
# bury and the bids (the bot table's preset pimc_infer), written out as a bot table: what
# --teacher takes as JSON and a training's metadata records.
TEACHER = {"bot": BOT_PRESETS["pimc_infer"][0], **BOT_PRESETS["pimc_infer"][1]}


def study(seed: int, n: int, teacher=None, level: str = "2", preset: str = "standard") -> dict:
    """The decisions study of ``n`` hands of ``teacher`` (default ``TEACHER``) in every seat."""
    return {
        "study": "decisions",
        "n": n,
        "seed": seed,
        "level": level,
        "preset": preset,
        "teacher": TEACHER if teacher is None else teacher,
        "candidates": 8,
    }


@dataclass
class DecisionTable:
    """The rows of one or more decisions runs, in chunk order (``shengji.studies.decisions``
    has the columns): ``x`` uint8 (R, STATE_SIZE), ``a`` uint8 (R, K, ACTION_SIZE), ``n``,
    ``choice``, ``points``, ``levels``, ``hand`` (per run: its index), ``run`` (which run),
    ``trick``, ``phase``, ``q`` float32 (R, K), ``q_n`` int16 (R, K), ``seat`` and ``step``
    (the decision's index in the hand's play list: a hand's rows are in step order)."""

    x: np.ndarray
    a: np.ndarray
    n: np.ndarray
    choice: np.ndarray
    points: np.ndarray
    levels: np.ndarray
    hand: np.ndarray
    run: np.ndarray
    trick: np.ndarray
    phase: np.ndarray
    q: np.ndarray
    q_n: np.ndarray
    seat: np.ndarray
    step: np.ndarray

    def __len__(self) -> int:
        return len(self.n)

    def take(self, rows: np.ndarray) -> DecisionTable:
        """The rows ``rows`` (an index array or a boolean mask), copied."""
        return DecisionTable(**{k: getattr(self, k)[rows] for k in self.__dataclass_fields__})


def _fixed(col, width: int) -> np.ndarray:
    """A fixed-size binary column -> uint8 (rows, width)."""
    arr = col.combine_chunks()
    buf = np.frombuffer(arr.buffers()[1], np.uint8)
    return buf[arr.offset * width : (arr.offset + len(arr)) * width].reshape(len(arr), width)


def _fixed_list(col, dtype) -> np.ndarray:
    arr = col.combine_chunks()
    return arr.flatten().to_numpy(zero_copy_only=False).astype(dtype).reshape(len(arr), -1)


def load(outs, max_rows: int | None = None, hands: int | None = None) -> DecisionTable:
    """The decisions tables of the runs ``outs`` (output directories, in order), into memory:
    the rows of their first ``hands`` hands (None: all), at most ``max_rows`` rows (the
    first ones).  ValueError for a directory that holds no decisions table, or features of
    another size than the core's."""
    import pyarrow.parquet as pq

    from shengji.door import ACTION_SIZE, STATE_SIZE

    if isinstance(outs, (str, Path)):
        outs = [outs]
    parts = []
    for r, out in enumerate(outs):
        found = sorted((Path(out) / "decisions").glob("part-*.parquet"))
        if not found:
            raise ValueError(f"{str(out)!r} holds no decisions table (a decisions study's output)")
        parts += [(r, p) for p in found]
    if hands is None:
        sizes = [pq.ParquetFile(p).metadata.num_rows for _, p in parts]
    else:
        sizes = [
            int((pq.read_table(p, columns=["hand"]).column("hand").to_numpy() < hands).sum())
            for _, p in parts
        ]
    total = sum(sizes) if max_rows is None else min(sum(sizes), max_rows)
    first = pq.read_schema(parts[0][1])
    k = first.field("q").type.list_size
    s, w = STATE_SIZE, ACTION_SIZE
    if first.field("x").type.byte_width != s or first.field("a").type.byte_width != k * w:
        raise ValueError(
            f"the decisions in {str(outs[0])!r} were recorded with other features than the "
            f"core's ({s} state bytes, {w} per candidate): record them again"
        )
    d = DecisionTable(
        x=np.empty((total, s), np.uint8),
        a=np.empty((total, k, w), np.uint8),
        n=np.empty(total, np.int64),
        choice=np.empty(total, np.int64),
        points=np.empty(total, np.float32),
        levels=np.empty(total, np.float32),
        hand=np.empty(total, np.int64),
        run=np.empty(total, np.int64),
        trick=np.empty(total, np.int64),
        phase=np.empty(total, np.int64),
        q=np.empty((total, k), np.float32),
        q_n=np.empty((total, k), np.int16),
        seat=np.empty(total, np.int64),
        step=np.empty(total, np.int64),
    )
    i = 0
    for (r, p), size in zip(parts, sizes, strict=True):
        if i >= total:
            break
        t = pq.read_table(p)
        m = min(size, total - i)
        t = t.slice(0, m)
        d.x[i : i + m] = _fixed(t.column("x"), s)
        d.a[i : i + m] = _fixed(t.column("a"), k * w).reshape(m, k, w)
        for name in ("n", "choice", "points", "levels", "hand", "trick", "seat", "step"):
            getattr(d, name)[i : i + m] = t.column(name).to_numpy()
        d.phase[i : i + m] = t.column("phase").combine_chunks().indices.to_numpy()
        d.run[i : i + m] = r
        d.q[i : i + m] = _fixed_list(t.column("q"), np.float32)
        d.q_n[i : i + m] = _fixed_list(t.column("q_n"), np.int16)
        i += m
    return d


def part_files(out) -> list[Path]:
    """The decisions table's files of the run ``out``, in chunk order; ValueError for a
    directory that holds none."""
    found = sorted((Path(out) / "decisions").glob("part-*.parquet"))
    if not found:
        raise ValueError(f"{str(out)!r} holds no decisions table (a decisions study's output)")
    return found


def read_part(path, run: int = 0) -> DecisionTable:
    """One file of a decisions table (``part_files``) as a DecisionTable, its rows tagged
    ``run``: what a training that streams its data holds at a time."""
    import pyarrow.parquet as pq

    t = pq.read_table(path)
    m = len(t)
    k = t.schema.field("q").type.list_size
    s = t.schema.field("x").type.byte_width
    w = t.schema.field("a").type.byte_width // k
    cols = {
        name: t.column(name).to_numpy() for name in ("n", "choice", "hand", "trick", "seat", "step")
    }
    return DecisionTable(
        x=_fixed(t.column("x"), s),
        a=_fixed(t.column("a"), k * w).reshape(m, k, w),
        n=cols["n"].astype(np.int64),
        choice=cols["choice"].astype(np.int64),
        points=t.column("points").to_numpy().astype(np.float32),
        levels=t.column("levels").to_numpy().astype(np.float32),
        hand=cols["hand"].astype(np.int64),
        run=np.full(m, run, np.int64),
        trick=cols["trick"].astype(np.int64),
        phase=t.column("phase").combine_chunks().indices.to_numpy().astype(np.int64),
        q=_fixed_list(t.column("q"), np.float32),
        q_n=_fixed_list(t.column("q_n"), np.int16),
        seat=cols["seat"].astype(np.int64),
        step=cols["step"].astype(np.int64),
    )

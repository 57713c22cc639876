"""The deal study: Monte Carlo deals and what each seat is dealt (issue #2).

Tables (rows mode):
  hands/   one row per deal and seat: deal, seat (0 draws first), FEATURE_NAMES (the
           tractor columns under the rules' tractor_gap and trump_chain)
  kitty/   deal, kitty_points
  cards/   (store_cards) deal, cards: 108 bytes, the physical card ids in dealing order
           (position 4*r + s is seat s's r-th card; 100..107 the kitty)
Aggregate mode (``aggregate = true``) instead writes exact integer histograms merged over
all chunks:
  histograms/  column, seat (null for the kitty), value, count
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pyarrow as pa

from shengji.cards import N_CARDS, N_SEATS, parse_rank
from shengji.names import DEAL_FEATURE_NAMES
from shengji.schema import Field, Flag
from shengji.studies.base import (
    Chunk,
    ChunkResult,
    ConfigError,
    Options,
    Study,
    StudyConfig,
    arrow_array,
    arrow_strings,
    arrow_table,
    required_table,
    with_pandas_dtypes,
)
from shengji.studies.conditioned import chunk_dealing, chunk_extras, summary_lines

MAX_VALUE = 256
SEAT_BITS = 2  # rows are (deal, seat) with 4 seats: deal = row >> 2, seat = row & 3
assert N_SEATS == 1 << SEAT_BITS

# a key of the deals and the bid_odds kinds
STORE_CARDS = Field(
    "store_cards", Flag(), False, "Also write the raw deals (table cards/: 108 bytes per deal)."
)


def _features():
    return DEAL_FEATURE_NAMES


class DealStudy(Study):
    name = "deals"
    takes_deal = True
    unit = "deals"
    keys = (
        STORE_CARDS,
        Field(
            "aggregate",
            Flag(),
            False,
            "Write exact histograms (histograms/) instead of rows: any number of deals in "
            "constant memory.",
        ),
    )

    def chunk_size_for(self, options: Options) -> int:
        # Aggregate chunks only return a histogram, so they can be large; row chunks are
        # sized for Parquet files of a few MB and bounded worker memory.
        return 1 << 22 if options.get("aggregate") else 1 << 18

    def tables(self, cfg: StudyConfig) -> list[str]:
        if cfg.options["aggregate"]:
            if cfg.options["store_cards"]:
                raise ConfigError(
                    "store_cards writes rows: it cannot be combined with aggregate = true"
                )
            return ["histograms"]
        return ["hands", "kitty"] + (["cards"] if cfg.options["store_cards"] else [])

    def aggregates(self, cfg: StudyConfig) -> bool:
        return bool(cfg.options["aggregate"])

    reports_progress = True

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk, progress=None) -> ChunkResult:
        from shengji.door import chunk_state, cond_deal_chunk, deal_chunk, order_state, row_sums

        names = _features()
        n = chunk.count
        level = parse_rank(cfg.level)
        state = chunk_state(cfg.seed, chunk.index)
        pieces = _pieces(cfg.n, n) if progress is not None else [(0, n)]
        deal = chunk_dealing(cfg)  # the [deal] table's conditional deals, or None
        # every call: the chunk's stream (advanced in place), the level, and the rules'
        # options that shape the tractor columns (docs/rules.md §3)
        deal_kernel = partial(
            deal_chunk if deal is None else partial(cond_deal_chunk, deal),
            state=state,
            level=level,
            tractor_gap=cfg.rules.tractor_gap,
            trump_chain=cfg.rules.trump_chain,
        )
        if cfg.options["aggregate"]:
            hist = np.zeros((len(names), N_SEATS, MAX_VALUE), np.int64)
            kitty_hist = np.zeros(MAX_VALUE, np.int64)
            for a, b in pieces:  # the kernel advances state in place: pieces = one call
                deal_kernel(n=b - a, hist=hist, kitty_hist=kitty_hist)
                if progress is not None:
                    progress(b - a)
            extra, meta = chunk_extras(deal)
            aggregate = {"hist": hist, "kitty_hist": kitty_hist}
            if deal is not None:
                aggregate["deal_counts"] = np.array([deal.accepted, deal.tries], np.int64)
            return ChunkResult(
                tables={}, stats={"items": n, **extra}, aggregate=aggregate, metadata=meta
            )
        features = np.empty((len(names), N_SEATS * n), np.uint8)
        kitty = np.empty(n, np.uint8)
        cards = ostate = None
        if cfg.options["store_cards"]:
            cards = np.empty((n, N_CARDS), np.uint8)
            ostate = order_state(cfg.seed, chunk.index)
        if len(pieces) == 1:
            deal_kernel(n=n, features=features, kitty_points=kitty, cards=cards, order_state=ostate)
            if progress is not None:
                progress(n)
        else:
            for a, b in pieces:  # the same deals as one call (state advances in place)
                m = b - a
                rows_m = np.empty((len(names), N_SEATS * m), np.uint8)
                deal_kernel(
                    n=m,
                    features=rows_m,
                    kitty_points=kitty[a:b],
                    cards=None if cards is None else cards[a:b],
                    order_state=ostate,
                )
                features[:, N_SEATS * a : N_SEATS * b] = rows_m
                progress(m)
        deal_ids = np.arange(chunk.start, chunk.start + n, dtype=np.int64)
        rows = np.arange(N_SEATS * n, dtype=np.int64)
        cols = {
            "deal": (rows >> SEAT_BITS) + chunk.start,
            "seat": (rows & (N_SEATS - 1)).astype(np.uint8),
        }
        for i, name in enumerate(names):
            cols[name] = features[i]
        tables = {
            "hands": required_table(cols),
            "kitty": required_table({"deal": deal_ids, "kitty_points": kitty}),
        }
        if cards is not None:
            tables["cards"] = arrow_table(
                {
                    "deal": arrow_array(deal_ids),
                    "cards": pa.FixedSizeBinaryArray.from_buffers(
                        pa.binary(N_CARDS), n, [None, pa.py_buffer(cards.tobytes())]
                    ),
                }
            )
        sums = row_sums(features, N_SEATS * n)
        stats = {"items": n, "kitty_points": int(kitty.sum(dtype=np.int64))}
        for i, name in enumerate(names):
            stats[name] = int(sums[i])
        extra, meta = chunk_extras(deal)
        return ChunkResult(tables=tables, stats={**stats, **extra}, metadata=meta)

    def finish(self, cfg: StudyConfig, aggregate: dict) -> dict:
        names = _features()
        hist, kitty_hist = aggregate["hist"], aggregate["kitty_hist"]
        col: list[str] = []
        seat: list[int | None] = []  # None: the kitty's rows
        value: list[np.ndarray] = []
        count: list[np.ndarray] = []
        for i, name in enumerate(names):
            for s in range(N_SEATS):
                nz = np.nonzero(hist[i, s])[0]
                col += [name] * len(nz)
                seat += [s] * len(nz)
                value.append(nz)
                count.append(hist[i, s, nz])
        nz = np.nonzero(kitty_hist)[0]
        col += ["kitty_points"] * len(nz)
        seat += [None] * len(nz)
        value.append(nz)
        count.append(kitty_hist[nz])
        seat_valid = np.array([s is not None for s in seat], bool)
        table = arrow_table(
            {
                "column": arrow_strings(col),
                "seat": arrow_array(np.array([s or 0 for s in seat], np.uint8), seat_valid),
                "value": arrow_array(np.concatenate(value).astype(np.uint16)),
                "count": arrow_array(np.concatenate(count).astype(np.int64)),
            }
        )
        # seat is null for the kitty's rows: a nullable integer in pandas, not float64
        return {"histograms": with_pandas_dtypes(table, {"seat": "UInt8"})}

    def finish_metadata(self, cfg: StudyConfig, aggregate: dict) -> dict:
        if "deal_counts" not in aggregate:
            return {}
        deals, tries = (int(x) for x in aggregate["deal_counts"])
        return {"deal_stats": {"deals": deals, "tries": tries}}

    def stats_from_aggregate(self, aggregate: dict) -> dict:
        names = _features()
        values = np.arange(MAX_VALUE)
        hist = aggregate["hist"]
        stats = {"kitty_points": int((aggregate["kitty_hist"] * values).sum())}
        for i, name in enumerate(names):
            stats[name] = int((hist[i].sum(axis=0) * values).sum())
        return stats

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        n = stats["items"]
        rows = N_SEATS * n
        if "trumps_s" not in stats:
            return []
        mean = lambda key, per: stats[key] / per  # noqa: E731
        suits = ("trumps_s", "trumps_h", "trumps_c", "trumps_d")
        suit_trumps = np.mean([mean(k, rows) for k in suits])
        return summary_lines(cfg, stats) + [
            f"per hand: trumps (suit) {suit_trumps:.3f}, "
            f"trumps (no-trump) {mean('trumps_nt', rows):.3f}, points {mean('points', rows):.2f}, "
            f"level cards {mean('level_cards', rows):.3f}, pairs {mean('pairs', rows):.3f}, "
            f"longest side suit {mean('longest_side_suit', rows):.3f}",
            f"kitty: points {mean('kitty_points', n):.2f}",
        ]


def _pieces(run_n: int, n: int) -> list[tuple[int, int]]:
    """A chunk's deals in pieces of about a fortieth of the run (at least 4,096 deals, so
    the kernel calls cost nothing): a progress report after each."""
    size = max(1 << 12, run_n // 40)
    return [(a, min(a + size, n)) for a in range(0, n, size)]


STUDY = DealStudy()

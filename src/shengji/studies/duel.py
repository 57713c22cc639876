"""The duel study: two bots compared in duplicate format, as in duplicate bridge (issue #16).

Every deal is played twice with the same cards in the same seats, the same trump and the
same banker (dealt and bid once, by ``bid_policy``): orientation 0 with ``team_a``'s bot on
the banker team (the banker and its partner) and ``team_b``'s defending, orientation 1 the
other way round.  Both teams are at ``level``; seat 0 banks unless ``first_hand = true``
(as in the scoring study).  The cards' luck cancels in the per-deal swing.

Keys: ``team_a``, ``team_b`` (required): a bot name (``"greedy"``, ``"memory"``, ...) or a
table with its parameters (``{bot = "pimc", samples = 32}``, ``shengji.game.botspec``);
``bid_policy``, ``bid_threshold``, ``first_hand`` as in the scoring study.  Under
``bid_policy = "players"`` the seats' bots bid, so each orientation is bid by the bots
sitting there (the same cards: ``_core/drivers/duel.pyx``); that needs a banker fixed before
the bidding (``first_hand = false``, ``no_bid`` not ``banker_steps_down``), and
``team_b_bid_policy`` (a kernel policy; ``bid_threshold`` is then its k) makes team_b's
seats bid by it instead of by their bot: the paired measure of a bot's bidding against,
e.g., eager bidding.

Randomness (``_core/drivers/duel.pyx``): deals and bids come from the chunk's stream (the
seeding rule), the same whatever bots play; each seat's own draws come from a stream that
is a pure function of (seed, chunk, deal, orientation, seat).

Table ``duel/``, one row per deal and orientation (rows 2 d and 2 d + 1):
  deal (int64), orientation (0: team_a banks, 1: team_b banks), banker_bot, defender_bot
  (bot labels), and the scoring study's hand columns: banker, trump, level, table_points,
  kitty_points, last_winner_side, last_winner_shape, kitty_multiplier, penalty,
  defender_points (D), level_side, levels, next_banker, failed_throws, redeals.

The swing of deal d (team_a's advantage; ``shengji.analysis.duel_summary``):
  points  D(orientation 1) - D(orientation 0): team_a's defender points minus team_b's,
          on the same cards and seats;
  levels  L(0) - L(1), L = the banker team's signed levels (+levels when it levels up,
          -levels when the defenders do): team_a's level gain as banker plus its gain as
          defender.
Both are 0 on every deal when the two bots play alike.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from shengji.bidding.args import PLAYERS
from shengji.game.botspec import chunk_size_for
from shengji.names import BID_POLICIES, HAND_COLUMNS
from shengji.rules import pack
from shengji.schema import Choice, Field
from shengji.stats import CONFIDENCE, mean_interval
from shengji.studies.base import (
    Chunk,
    ChunkResult,
    ConfigError,
    Options,
    Study,
    StudyConfig,
)
from shengji.studies.conditioned import chunk_dealing, chunk_extras, summary_lines
from shengji.studies.kernel_args import kernel_args
from shengji.studies.kinds import BotRef
from shengji.studies.scoring import (
    DEAL_KEYS,
    check_bid_keys,
    check_deal_keys,
    dict_column,
    hand_columns,
)

N_ORIENTATIONS = 2
TEAM_KEYS = ("team_a", "team_b")


def swings(defender_points: np.ndarray, level_side: np.ndarray, levels: np.ndarray):
    """Per-deal swings (module docstring) from the rows of a duel table in row order
    (2 d: orientation 0, 2 d + 1: orientation 1): (points, levels), int64 arrays."""
    d = np.asarray(defender_points, np.int64).reshape(-1, N_ORIENTATIONS)
    signed = np.where(np.asarray(level_side) == 0, 1, -1) * np.asarray(levels, np.int64)
    signed = signed.reshape(-1, N_ORIENTATIONS)
    return d[:, 1] - d[:, 0], signed[:, 0] - signed[:, 1]


def duel_columns(rows: np.ndarray, start: int, count: int, labels: tuple[str, str]) -> dict:
    """The duel table's columns for deals ``start`` .. ``start + count - 1`` from the
    core's hand rows (``HAND_COLUMNS`` by 2 ``count``, row order as in :func:`swings`);
    ``labels``: team_a's and team_b's bot labels."""

    orientation = np.tile(np.arange(N_ORIENTATIONS, dtype=np.int8), count)
    cols = {
        "deal": np.repeat(np.arange(start, start + count, dtype=np.int64), N_ORIENTATIONS),
        "orientation": orientation,
        "banker_bot": dict_column(orientation, labels),
        "defender_bot": dict_column(1 - orientation, labels),
    }
    cols.update(hand_columns(rows, N_ORIENTATIONS * count, HAND_COLUMNS))
    return cols


def pair_sums(c: dict) -> dict:
    """The sums a duplicate duel's summary reads, from its hand columns ``c`` (name ->
    row, row order as in :func:`swings`): the swings and their squares, and for each team
    banking the defenders' points and the banker's level-ups."""
    dp, dl = swings(c["defender_points"], c["level_side"], c["levels"])
    d = c["defender_points"].astype(np.int64).reshape(-1, N_ORIENTATIONS)
    up = (c["level_side"] == 0).reshape(-1, N_ORIENTATIONS)
    return {
        "swing_points": int(dp.sum()),
        "swing_points_sq": int((dp * dp).sum()),
        "swing_levels": int(dl.sum()),
        "swing_levels_sq": int((dl * dl).sum()),
        "d_a_banks": int(d[:, 0].sum()),
        "d_b_banks": int(d[:, 1].sum()),
        "up_a_banks": int(up[:, 0].sum()),
        "up_b_banks": int(up[:, 1].sum()),
    }


class DuelStudy(Study):
    name = "duel"
    takes_deal = True
    unit = "deals"
    keys = (
        Field(
            "team_a",
            BotRef(optional=True),
            None,
            "One of the two bots compared (required): a bot name or a table with its parameters.",
        ),
        Field("team_b", BotRef(optional=True), None, "The other bot (required)."),
        *DEAL_KEYS,
        Field(
            "team_b_bid_policy",
            Choice((None, *BID_POLICIES)),
            None,
            'Under bid_policy = "players": team_b\'s seats bid by this kernel policy instead '
            "of by their bot (the paired measure of a bot's bidding).",
        ),
    )
    recorded_when_set = frozenset({"team_b_bid_policy"})  # new in 0.2: 0.1's runs keep their bytes
    default_chunk_size = 1 << 12

    def chunk_size_for(self, options: Options) -> int:
        return chunk_size_for(
            self.default_chunk_size,
            2,  # a deal is two hands
            options["team_a"],
            options["team_b"],
        )

    def tables(self, cfg: StudyConfig) -> list[str]:
        for key in TEAM_KEYS:
            if cfg.options[key] is None:
                raise ConfigError(
                    f"missing key {key!r}: the duel needs both bots (e.g. "
                    f'team_a = "memory", team_b = "greedy")'
                )
        o = cfg.options
        tb = o["team_b_bid_policy"]
        if tb is not None and o["bid_policy"] != PLAYERS:
            raise ConfigError(
                f"team_b_bid_policy only applies to bid_policy {PLAYERS!r}, not {o['bid_policy']!r}"
            )
        if tb is None:
            check_deal_keys(o, cfg.rules)
        else:
            # bid_threshold is team_b's (its kernel policy's k); the players take none
            check_bid_keys({"bid_policy": PLAYERS, "bid_threshold": 0}, cfg.rules, o["first_hand"])
            check_bid_keys(
                {"bid_policy": tb, "bid_threshold": o["bid_threshold"]}, cfg.rules, o["first_hand"]
            )
        if o["bid_policy"] == PLAYERS and (
            o["first_hand"] or cfg.rules.no_bid == "banker_steps_down"
        ):
            # the players' bidding is played per orientation: only a banker fixed before the
            # bidding keeps team_a on the banker team in orientation 0 (the swings need it)
            raise ConfigError(
                f"bid_policy {PLAYERS!r} in a duel needs a banker fixed before the bidding: "
                "first_hand = false, and a no_bid other than 'banker_steps_down'"
            )
        return ["duel"]

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk) -> ChunkResult:
        from shengji.door import DuelJob, play_duel

        a = kernel_args(self.name, cfg.options, cfg.seed, cfg.level, chunk.index)
        tb = cfg.options["team_b_bid_policy"]
        n = chunk.count
        out = np.zeros((len(HAND_COLUMNS), N_ORIENTATIONS * n), np.int32)
        play_duel(
            a.job(
                DuelJob,
                first=chunk.start,
                n=n,
                rules=pack.rules(cfg.rules),
                bot_a=pack.bot(a.bots[0]),
                bot_b=pack.bot(a.bots[1]),
                out=out,
                team_b_bid_policy=-1 if tb is None else BID_POLICIES.index(tb),
                deal=(deal := chunk_dealing(cfg)),
            )
        )
        labels = (a.bots[0].label, a.bots[1].label)
        cols = duel_columns(out, chunk.start, n, labels)
        c = {name: out[i] for i, name in enumerate(HAND_COLUMNS)}
        last = (c["last_winner_side"] == 1).reshape(-1, N_ORIENTATIONS)
        stats = {
            "items": n,
            **pair_sums(c),
            "last_a_banks": int(last[:, 0].sum()),
            "last_b_banks": int(last[:, 1].sum()),
        }
        extra, meta = chunk_extras(deal)
        return ChunkResult(tables={"duel": pa.table(cols)}, stats={**stats, **extra}, metadata=meta)

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        n = stats["items"]
        if not n:
            return []
        a, b = (cfg.options[key].label for key in TEAM_KEYS)
        pts, pts_h = mean_interval(n, stats["swing_points"], stats["swing_points_sq"])
        lv, lv_h = mean_interval(n, stats["swing_levels"], stats["swing_levels_sq"])
        return summary_lines(cfg, stats) + [
            f"{a} (team_a) vs {b} (team_b), {n} deals each played both ways: swing "
            f"{pts:+.1f} ± {pts_h:.1f} points, {lv:+.3f} ± {lv_h:.3f} levels per deal "
            f"({100 * CONFIDENCE:.0f}% interval; + favours {a})",
            f"{a} banking: mean D {stats['d_a_banks'] / n:.1f}, levels up in "
            f"{100 * stats['up_a_banks'] / n:.1f}%, defenders take the last trick in "
            f"{100 * stats['last_a_banks'] / n:.1f}%",
            f"{b} banking: mean D {stats['d_b_banks'] / n:.1f}, levels up in "
            f"{100 * stats['up_b_banks'] / n:.1f}%, defenders take the last trick in "
            f"{100 * stats['last_b_banks'] / n:.1f}%",
        ]


STUDY = DuelStudy()

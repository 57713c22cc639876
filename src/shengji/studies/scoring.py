"""The scoring-distribution study: whole hands played by built-in bots (issue #5).

Each hand is independent: shuffle, bid (``bid_policy``), the banker buries 8, 25 tricks'
worth of cards are played, then the kitty, penalties and the level change (docs/rules.md §3–8).
Both teams are at ``level``.  ``first_hand = true`` plays every hand as the first of a
match (the first declarer banks, a deal nobody declares is redealt); otherwise seat 0 is
the banker and the rules' ``no_bid`` applies.

Bots: the banker team plays ``policy``, the defenders ``defender_policy`` (default: the
same): a bot name or a table with its parameters (``shengji.game.botspec``).  ``random`` is uniform
over the candidate plays (see ``shengji.game``); ``greedy`` is the rule-of-thumb player
documented in ``_core.bots.greedy``, ``memory`` greedy with the public record
(``_core.bots.memory``), ``pimc`` a Monte Carlo search over memory's rollouts
(``_core.bots.pimc``; e.g. ``policy = {bot = "pimc", samples = 64}``).
``bid_policy = "players"``: the seats' bots bid (``_core.bots.bidder``;
docs/hand-engine.md, "Bidding by the players"); the bots seated for the bidding are the
banker team's (a later hand's banker, fixed before the bidding) and the defenders', so a
first hand (or ``no_bid = "banker_steps_down"``) needs one bot for both.

Table ``hands/``, one row per hand:
  hand (int64), banker (seat), trump ("S" "H" "C" "D" "NT"), level (rank text),
  table_points (defenders' trick points), kitty_points (points buried),
  last_winner_side ("banker"/"defenders"), last_winner_shape (single/pair/tractor/throw),
  kitty_multiplier (applied: 0 when the banker team took the last trick),
  penalty (signed change of D, docs/rules.md §8), defender_points (D = table_points +
  kitty_points x kitty_multiplier + penalty), level_side, levels, next_banker,
  failed_throws, redeals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pyarrow as pa

from shengji.bidding.args import PLAYERS, STUDY_BID_POLICIES, check_policy
from shengji.game.botspec import GREEDY, chunk_size_for
from shengji.names import (
    HAND_COLUMNS,
    RANK_NAMES,
    SHAPE_NAMES,
    SIDE_NAMES,
    TRUMP_NAMES,
)
from shengji.rules import pack
from shengji.rules.combos import take_over_points
from shengji.schema import Choice, Field, Flag
from shengji.studies.base import (
    Chunk,
    ChunkResult,
    ConfigError,
    Options,
    Study,
    StudyConfig,
    arrow_dictionary,
    arrow_table,
)
from shengji.studies.conditioned import chunk_dealing, chunk_extras, summary_lines
from shengji.studies.kernel_args import kernel_args
from shengji.studies.kinds import BotRef, Threshold


def dict_column(codes: np.ndarray, names) -> pa.DictionaryArray:
    """Small integer codes -> a dictionary-encoded string column (cheap to build and to
    store; reads back as pandas categoricals)."""
    return arrow_dictionary(codes, names)


def hand_columns(out: np.ndarray, n: int, names) -> dict:
    """The kernel's int32 rows (``_core.drivers.hands.HAND_COLUMNS``) -> typed Arrow columns."""
    c = {name: out[i, :n] for i, name in enumerate(names)}
    return {
        "banker": c["banker"].astype(np.uint8),
        "trump": dict_column(c["trump"], TRUMP_NAMES),
        "level": dict_column(c["level"], RANK_NAMES),
        "table_points": c["table_points"].astype(np.int16),
        "kitty_points": c["kitty_points"].astype(np.int16),
        "last_winner_side": dict_column(c["last_winner_side"], SIDE_NAMES),
        "last_winner_shape": dict_column(c["last_winner_shape"], SHAPE_NAMES),
        "kitty_multiplier": c["kitty_multiplier"].astype(np.int16),
        "penalty": c["penalty"].astype(np.int32),
        "defender_points": c["defender_points"].astype(np.int32),
        "level_side": dict_column(c["level_side"], SIDE_NAMES),
        "levels": c["levels"].astype(np.int16),
        "next_banker": c["next_banker"].astype(np.uint8),
        "failed_throws": c["failed_throws"].astype(np.int16),
        "redeals": c["redeals"].astype(np.int16),
    }


def hand_stats(out: np.ndarray, n: int, names) -> dict:
    c = {name: out[i, :n] for i, name in enumerate(names)}
    d = c["defender_points"].astype(np.int64)
    return {
        "items": n,
        "defender_points": int(d.sum()),
        "banker_levels_up": int((c["level_side"] == 0).sum()),
        "defenders_win_last": int((c["last_winner_side"] == 1).sum()),
        "kitty_points_added": int(
            (c["kitty_points"].astype(np.int64) * c["kitty_multiplier"]).sum()
        ),
        "failed_throws": int(c["failed_throws"].sum()),
        # hands whose level side the kitty decided: without the kitty D would fall on the
        # other side of the take-over line (needs the rules; counted in run_chunk)
    }


def check_bid_keys(options: Mapping[str, Any], rules, first_hand: bool) -> None:
    """bid_policy and bid_threshold together (shengji.bidding.args.check_policy)."""
    try:
        check_policy(
            options["bid_policy"],
            options["bid_threshold"],
            rules=rules,
            first_hand=first_hand,
            policy_key="bid_policy",
            threshold_key="bid_threshold",
            unset=0,
            players=True,
        )
    except ValueError as exc:
        raise ConfigError(str(exc)) from None


# How independent hands are dealt and bid (the scoring and duel studies).
# the bids' keys of the kinds that play hands (match has its own bid_policy)
BID_THRESHOLD = Field(
    "bid_threshold",
    Threshold(zero_unset=True),
    0,
    'The k of bid_policy = "threshold" (0: unset).',
)
# the keys of the kinds that play deals as hands: scoring, duel, evaluate, ladder, decisions
DEAL_KEYS = (
    Field(
        "bid_policy",
        Choice(STUDY_BID_POLICIES),
        "eager",
        'How the bids are made: a kernel policy ("eager", "threshold", "never") or '
        '"players" (the seats\' bots bid).',
    ),
    BID_THRESHOLD,
    Field(
        "first_hand",
        Flag(),
        False,
        "Play every deal as a match's first hand (the first declarer banks); false: seat 0 "
        "banks and the rules' no_bid applies.",
    ),
)


def check_deal_keys(options: Options, rules) -> None:
    check_bid_keys(options, rules, options["first_hand"])


class ScoringStudy(Study):
    name = "scoring"
    takes_deal = True
    unit = "hands"
    keys = (
        Field(
            "policy",
            BotRef(),
            GREEDY,
            "The banker team's bot: a bot name or a table with its parameters (see the bots).",
        ),
        Field(
            "defender_policy",
            BotRef(optional=True),
            None,
            "The defenders' bot (default: the same as policy).",
        ),
        *DEAL_KEYS,
    )
    default_chunk_size = 1 << 14

    def chunk_size_for(self, options: Options) -> int:
        return chunk_size_for(
            self.default_chunk_size, 1, options["policy"], options["defender_policy"]
        )

    def tables(self, cfg: StudyConfig) -> list[str]:
        check_deal_keys(cfg.options, cfg.rules)
        o = cfg.options
        if (
            o["bid_policy"] == PLAYERS
            and (o["first_hand"] or cfg.rules.no_bid == "banker_steps_down")
            and o["defender_policy"] is not None
            and o["defender_policy"] != o["policy"]
        ):
            # the seats bid before anyone banks: which bot would bid in which seat?
            raise ConfigError(
                f"bid_policy {PLAYERS!r} with first_hand = true (or no_bid = "
                "'banker_steps_down') needs one bot (no defender_policy, or the same as "
                "policy): the players' bidding decides which team banks"
            )
        return ["hands"]

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk) -> ChunkResult:
        from shengji.door import HandsJob, play_hands

        a = kernel_args(self.name, cfg.options, cfg.seed, cfg.level, chunk.index)
        n = chunk.count
        out = np.zeros((len(HAND_COLUMNS), n), np.int32)
        play_hands(
            a.job(
                HandsJob,
                n=n,
                rules=pack.rules(cfg.rules),
                banker_bot=pack.bot(a.bots[0]),
                defender_bot=pack.bot(a.bots[1]),
                out=out,
                deal=(deal := chunk_dealing(cfg)),
            )
        )
        cols = {"hand": np.arange(chunk.start, chunk.start + n, dtype=np.int64)}
        cols.update(hand_columns(out, n, HAND_COLUMNS))
        stats = hand_stats(out, n, HAND_COLUMNS)
        stats["kitty_decided"] = kitty_decided(out, n, HAND_COLUMNS, cfg)
        extra, meta = chunk_extras(deal)
        return ChunkResult(
            tables={"hands": arrow_table(cols)}, stats={**stats, **extra}, metadata=meta
        )

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        n = stats["items"]
        if not n:
            return []
        return summary_lines(cfg, stats) + [
            f"mean D {stats['defender_points'] / n:.1f}; banker team levels up in "
            f"{100 * stats['banker_levels_up'] / n:.1f}% of hands",
            f"defenders take the last trick in {100 * stats['defenders_win_last'] / n:.1f}% "
            f"(kitty adds {stats['kitty_points_added'] / n:.1f} points per hand); the kitty "
            f"decides the level side in {100 * stats['kitty_decided'] / n:.1f}%",
            f"failed throws per hand {stats['failed_throws'] / n:.2f}",
        ]


def kitty_decided(out: np.ndarray, n: int, names, cfg: StudyConfig) -> int:
    """Hands whose level side would differ without the kitty's points (D - kitty x mult):
    the side depends on D only through the take-over line, so this is vectorised."""
    c = {name: out[i, :n] for i, name in enumerate(names)}
    added = c["kitty_points"].astype(np.int64) * c["kitty_multiplier"]
    d = c["defender_points"].astype(np.int64)
    line = take_over_points(cfg.rules)
    return int(((d >= line) != (d - added >= line)).sum())


STUDY = ScoringStudy()

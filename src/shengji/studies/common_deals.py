"""The common deals of ``shengji.evaluate`` and the ladder: deal d of seed S is deal d of a
duel study with seed S and ``chunk_size = DEALS_PER_STREAM``, whatever plays it.

A duel run deals chunk k from the stream ``chunk_state(S, k)`` (the seeding rule), its
deals one after the other, and the bots of deal d draw from the per-seat streams of
``seat_key(S, k)`` (``_core/drivers/duel.pyx``).  Evaluations and ladders fix that chunk at
``DEALS_PER_STREAM`` = 16 deals (the duel study's own chunk when a search bot plays, so
``shengji.evaluate("swift", against="pimc", seed=23291)`` plays ``sim/duel_swift.toml``'s
deals), independently of how their runs are cut into chunks of work: a piece of deals
``start .. start + count - 1`` is played stream by stream, each stream walked
(``_core.drivers.layout.walk_deals``) to the piece's first deal in it.  So every agent and
every pair of bots with the same seed, rules, level and bid policy plays the same cards,
trump and banker in deal d: the pairing a ladder's ratings rest on.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from shengji.bidding.args import PLAYERS, policy_index
from shengji.cards import parse_rank
from shengji.game.botspec import BotSpec
from shengji.names import BID_POLICIES, HAND_COLUMNS, N_CARDS
from shengji.rules import pack
from shengji.rules.options import Rules
from shengji.runner.plan import Options

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = [
    "COMMON_DEALS_ONLY",
    "DEALS_PER_STREAM",
    "DealParams",
    "builtin_rows",
    "deal_starts",
    "pieces",
]

_Job = TypeVar("_Job", bound="DataclassInstance")
DEALS_PER_STREAM = 16
# why an evaluation or a ladder takes no [deal] table (Study.no_deal)
COMMON_DEALS_ONLY = (
    "its deals are the duel study's common, unconditioned deals, the same for every agent "
    "(shengji.studies.common_deals)"
)


@dataclass(frozen=True)
class DealParams:
    """What decides the deals (and the kernel bidding): the run's seed, rules, level,
    banker (-1: first hands, the declarer banks; else seat 0) and bid policy."""

    seed: int
    rules: Rules
    level: str
    first_hand: bool
    bid_policy: str
    bid_threshold: int

    @property
    def rank(self) -> int:
        return parse_rank(self.level)

    @property
    def banker(self) -> int:
        return -1 if self.first_hand else 0

    @property
    def policy(self) -> int:
        return policy_index(self.bid_policy)

    def job(self, kind: type[_Job], **values: Any) -> _Job:
        """A driver's job on these deals (``kind``: ``WalkJob`` or ``DuelJob`` of
        ``shengji.door``): its rules, level, banker and kernel bid policy from these
        parameters, the other fields from ``values``."""
        mine = {
            "rules": pack.rules(self.rules),
            "level": self.rank,
            "banker": self.banker,
            "bid_policy": self.policy,
            "bid_threshold": self.bid_threshold,
        }
        return kind(**mine, **values)

    @classmethod
    def of(cls, cfg, options: Options | None = None) -> DealParams:
        """From a study config (its seed, rules, level) and options (bid_policy,
        bid_threshold, first_hand)."""
        o = cfg.options if options is None else options
        return cls(
            cfg.seed, cfg.rules, cfg.level, o["first_hand"], o["bid_policy"], o["bid_threshold"]
        )


def pieces(start: int, count: int) -> Iterator[tuple[int, int, int, int]]:
    """Deals ``start .. start + count - 1`` by stream: (stream k, deals of it to skip, the
    first deal's index d, deals m)."""
    d, end = start, start + count
    while d < end:
        k, skip = divmod(d, DEALS_PER_STREAM)
        m = min(end - d, DEALS_PER_STREAM - skip)
        yield k, skip, d, m
        d += m


def deal_starts(p: DealParams, start: int, count: int):
    """(states (count, 4) uint64, decks (count, 108) uint8, keys (count, 4) uint64): for
    deals ``start ..``, the stream and deck each is dealt from and its stream's seat key
    (what ``DuelCore.load_duel`` takes).  A kernel bid policy only."""
    from shengji.door import WalkJob, chunk_state, seat_key, walk_deals

    if p.bid_policy == PLAYERS:
        raise ValueError(
            f"bid_policy {PLAYERS!r}: the players' bidding depends on who plays, so a Python "
            "agent cannot play a duel's deals under it; choose a kernel policy ("
            + ", ".join(BID_POLICIES)
            + ")"
        )
    states = np.zeros((count, 4), np.uint64)
    decks = np.zeros((count, N_CARDS), np.uint8)
    keys = np.zeros((count, 4), np.uint64)
    at = 0
    for k, skip, _d, m in pieces(start, count):
        state = chunk_state(p.seed, k)
        deck = np.arange(N_CARDS, dtype=np.uint8)
        walk_deals(
            p.job(
                WalkJob,
                state=state,
                deck=deck,
                skip=skip,
                n=m,
                states=states[at : at + m],
                decks=decks[at : at + m],
            )
        )
        keys[at : at + m] = seat_key(p.seed, k)
        at += m
    return states, decks, keys


def builtin_rows(
    p: DealParams, bot_a: BotSpec, bot_b: BotSpec, start: int, count: int, team_b_bid_policy=None
) -> np.ndarray:
    """The duel of two built-in bots on deals ``start .. start + count - 1``: int32
    ``(len(HAND_COLUMNS), 2 count)``, row 2 i + o deal start + i in orientation o (0:
    bot_a's team banks), exactly the rows of a duel study with ``chunk_size =
    DEALS_PER_STREAM``.  Under the players' bidding the piece must start a stream (its
    deals depend on the bots: they cannot be skipped)."""
    from shengji.door import DuelJob, WalkJob, chunk_state, play_duel, seat_key, walk_deals

    out = np.zeros((len(HAND_COLUMNS), 2 * count), np.int32)
    players = p.bid_policy == PLAYERS
    tb = -1 if team_b_bid_policy is None else BID_POLICIES.index(team_b_bid_policy)
    at = 0
    for k, skip, d, m in pieces(start, count):
        state, key = chunk_state(p.seed, k), seat_key(p.seed, k)
        deck = np.arange(N_CARDS, dtype=np.uint8)
        if skip:
            if players:
                raise ValueError(
                    f"bid_policy {PLAYERS!r}: a piece of deals must start at a multiple of "
                    f"{DEALS_PER_STREAM} (the players' bidding cannot skip deals)"
                )
            walk_deals(p.job(WalkJob, state=state, deck=deck, skip=skip, n=0))
        part = np.zeros((len(HAND_COLUMNS), 2 * m), np.int32)
        play_duel(
            p.job(
                DuelJob,
                state=state,
                key=key,
                deck=deck,
                first=d,
                n=m,
                bot_a=pack.bot(bot_a),
                bot_b=pack.bot(bot_b),
                out=part,
                team_b_bid_policy=tb,
            )
        )
        out[:, 2 * at : 2 * (at + m)] = part
        at += m
    return out

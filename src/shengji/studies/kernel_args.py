"""A study chunk's kernel arguments, computed in one place.

The scoring, duel and match studies run each chunk in one call of a core driver
(``shengji.door.play_hands``, ``play_duel``, ``play_match``) and
``shengji.analysis.replay`` re-plays a chunk of a scoring or match run with the same
drivers; ``kernel_args`` turns a run's options and a chunk index into those drivers'
arguments for all of them:

- the chunk's stream: ``chunk_state(seed, chunk)`` (the seeding rule, docs/architecture.md),
  and for the duel's per-seat streams ``seat_key(seed, chunk)``;
- the deck the chunk starts from (the fresh order ``0 .. 107``; the drivers carry it over
  from hand to hand);
- the level rank, and the banker: ``-1`` when ``first_hand`` (the first declarer banks),
  else seat ``0`` (a match always opens with a first hand: ``-1``);
- the two bots (``BotSpec``), the second falling back to the first where its option is
  unset: (``policy``, ``defender_policy``) for scoring, (``policy``, ``opponent_policy``)
  for match, (``team_a``, ``team_b``) for the duel, the teacher twice for decisions;
- the bid policy's number (``shengji.bidding.args.policy_index``: its index in
  ``BID_POLICIES``, or POLICY_PLAYERS for ``players``) and its threshold.

``KernelArgs.job`` fills a driver's job (``shengji.door``) with those of its fields.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from shengji.bidding.args import policy_index
from shengji.cards import parse_rank
from shengji.game.botspec import BotSpec
from shengji.names import N_CARDS
from shengji.runner.plan import Options

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["BOT_KEYS", "KernelArgs", "kernel_args"]

_Job = TypeVar("_Job", bound="DataclassInstance")
# the fields a driver's job may share with KernelArgs, under the same names
_JOB_FIELDS = ("state", "key", "deck", "level", "banker", "bid_policy", "bid_threshold")

# The options naming a study's two bots, in the drivers' order; an unset second bot is
# the first's.
BOT_KEYS: dict[str, tuple[str, str]] = {
    "scoring": ("policy", "defender_policy"),  # the banker team's, the defenders'
    "match": ("policy", "opponent_policy"),  # team 0's (seats 0, 2), team 1's
    "duel": ("team_a", "team_b"),
    "decisions": ("teacher", "teacher"),  # the teacher in every seat
}


@dataclass(frozen=True)
class KernelArgs:
    """One chunk's driver arguments (module docstring).  ``state``, ``key`` and ``deck``
    are fresh arrays that the drivers advance in place."""

    state: np.ndarray  # the chunk's stream (chunk_state)
    key: np.ndarray  # the chunk's per-seat stream key (seat_key; the duel's bots)
    deck: np.ndarray  # uint8[N_CARDS], the order the chunk's first hand is shuffled from
    level: int  # rank index 0..12
    banker: int  # -1: first hands (the declarer banks); else the banker's seat
    bots: tuple[BotSpec, BotSpec]
    bot_keys: tuple[str, str]  # the options the bots came from (for messages)
    bid_policy: int  # policy_index: index in BID_POLICIES, or POLICY_PLAYERS
    bid_threshold: int

    def job(self, kind: type[_Job], **values: Any) -> _Job:
        """A driver's job of this chunk (``kind``: a job class of ``shengji.door``): the
        fields it shares with these arguments (``_JOB_FIELDS``) from them, the others
        from ``values``."""
        own = {f.name for f in fields(kind)}
        shared = {name: getattr(self, name) for name in _JOB_FIELDS if name in own}
        return kind(**shared, **values)


def kernel_args(study: str, options: Options, seed, level: str, chunk: int) -> KernelArgs:
    """The driver arguments of chunk ``chunk`` of a ``study`` run (``"scoring"``,
    ``"match"``, ``"duel"`` or ``"decisions"``) with these validated ``options``, ``seed``
    and ``level``."""
    from shengji.door import chunk_state, seat_key

    keys = BOT_KEYS[study]
    first: BotSpec = options[keys[0]]  # the options hold BotSpecs (a BotRef key)
    second: BotSpec = options[keys[1]] or first
    first_hand = study == "match" or options["first_hand"]
    return KernelArgs(
        state=chunk_state(seed, chunk),
        key=seat_key(seed, chunk),
        deck=np.arange(N_CARDS, dtype=np.uint8),
        level=parse_rank(level),
        banker=-1 if first_hand else 0,
        bots=(first, second),
        bot_keys=keys,
        bid_policy=policy_index(options["bid_policy"]),
        bid_threshold=options["bid_threshold"],
    )

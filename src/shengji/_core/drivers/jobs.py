"""What each driver runs: one frozen value per driver, its only argument.

A driver (``hands.play_hands``, ``hands.play_match``, ``duel.play_duel``,
``decisions.record_hands``, ``advise.advise_hands``, ``layout.walk_deals``,
``bids.bid_chunk_players``) takes its job and nothing else, so a call names every value
(the fields are keyword-only: two of the dozen ints a driver reads cannot be swapped) and a
driver's arguments are written here once, with their types.  ``shengji.door`` hands the
jobs to the layers above; they fill them with the rules as ``shengji.rules.pack.rules``
packs them and each bot as ``shengji.rules.pack.bot`` packs a ``BotSpec``.

The values are checked where a driver reads them (its ranges; an array's dtype, shape and
contiguity as the driver's typed views take them).  The arrays a job holds (the stream
``state``, the ``deck``, ``out``, ...) the driver advances or fills in place: the job is
frozen, what its arrays hold is not.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, TypeAlias

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from shengji._core.base.options import _Packed as Packed
    from shengji._core.bots.bot import _Bot as Bot
    from shengji._core.deal.spec import Dealing

__all__ = [
    "AdviceJob",
    "BidDecisionsJob",
    "BidsJob",
    "DecisionsJob",
    "DuelJob",
    "HandsJob",
    "MatchJob",
    "WalkJob",
    "check",
]

U64: TypeAlias = npt.NDArray[np.uint64]
U8: TypeAlias = npt.NDArray[np.uint8]
I32: TypeAlias = npt.NDArray[np.int32]
_ARRAYS = ("U64", "U8", "I32")  # the arrays' annotations, as written (postponed: strings)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Dealt:
    """The fields of the jobs that deal their hands from a stream and bid them by a kernel
    policy: the stream ``state``, the ``deck`` the next hand is shuffled from, the
    ``rules``, the bid policy and its threshold (the drivers' docstrings say each)."""

    state: U64
    deck: U8
    rules: Packed
    bid_policy: int
    bid_threshold: int


@dataclass(frozen=True, slots=True, kw_only=True)
class _Hands(_Dealt):
    """A ``_Dealt`` job of ``n`` hands at one ``level`` with one ``banker``."""

    n: int
    level: int
    banker: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandsJob(_Hands):
    """``hands.play_hands``'s job (its docstring says what each field is)."""

    banker_bot: Bot
    defender_bot: Bot
    out: I32
    deal: Dealing | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchJob(_Dealt):
    """``hands.play_match``'s job (its docstring says what each field is)."""

    team0_bot: Bot
    team1_bot: Bot
    out: I32
    deal: Dealing | None = None
    deal_every: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class DuelJob(_Hands):
    """``duel.play_duel``'s job (its docstring says what each field is)."""

    key: U64
    first: int
    bot_a: Bot
    bot_b: Bot
    out: I32
    team_b_bid_policy: int = -1
    deal: Dealing | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionsJob(_Hands):
    """``decisions.record_hands``'s job (its docstring says what each field is)."""

    teacher: Bot
    cap: int
    out: I32
    explore: float = 0.0
    hindsight: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class AdviceJob:
    """``advise.advise_hands``'s job (its docstring says what each field is)."""

    state: U64
    key: U64
    deal: Dealing
    seat: int
    level: int
    rules: Packed
    options: I32
    bot: Bot
    first: int
    n: int
    out: I32


@dataclass(frozen=True, slots=True, kw_only=True)
class WalkJob(_Hands):
    """``layout.walk_deals``'s job (its docstring says what each field is)."""

    skip: int
    states: U64 | None = None
    decks: U8 | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BidsJob:
    """``bids.bid_chunk_players``'s job (its docstring says what each field is)."""

    state: U64
    deck: U8
    n: int
    level: int
    rules: Packed
    bot: Bot
    first_hand: bool = True
    banker: int = 0
    cards: U8 | None = None
    deal: Dealing | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BidDecisionsJob:
    """``bid_decisions.record_bids``'s job (its docstring says what each field is)."""

    state: U64
    deck: U8
    n: int
    rules: Packed
    level: int
    banker: int
    bot: Bot
    out: I32
    keep: float = 1.0
    explore: float = 0.0


def check(job: object, kind: type[DataclassInstance]) -> None:
    """A driver's first line: ``job`` must be a ``kind`` (else a TypeError), its arrays
    without a default not None (else a ValueError naming the field; the driver's typed
    views would take None for an empty array).  The other values the driver checks."""
    if type(job) is not kind:
        raise TypeError(f"expected a {kind.__name__} (shengji.door), got {type(job).__name__}")
    for f in fields(kind):
        if f.type in _ARRAYS and f.default is MISSING and getattr(job, f.name) is None:
            raise ValueError(f"{kind.__name__}.{f.name}: None, where a value is needed")

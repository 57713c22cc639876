"""The one door into the compiled core's machines: the drivers, the steps and the deals.

Every Python module above the core runs the core through this module (the core's constants
are ``shengji.names``'; the rule kernels' Python face is ``shengji.rules.combos``; the bot
table's ``shengji.game.botspec``), so a driver's signature is read in one place and
``tests/architecture/test_door.py`` pins who imports ``shengji._core``.  The drivers take
their arguments by keyword, packed as the core takes them: the rules as
``shengji.rules.pack.rules`` packs them, a bot as ``shengji.rules.pack.bot`` packs a
``BotSpec``, a bid policy as its index (``shengji.bidding.args.policy_index``).  The
arrays they are handed (the stream ``state``, the ``deck``, ``out``) they advance or fill
in place.

* Streams (docs/architecture.md, the seeding rule): ``chunk_state``, ``order_state``,
  ``seat_key``; the bidding kernel's draws ``shuffle_deck``, ``draw_bounded``.
* Deals: ``deal_chunk`` (unconditioned, or a ``Dealing``'s conditional deals),
  ``row_sums``, ``DealSpec``, ``Dealing``, ``walk_deals``.
* Bidding: ``bid_chunk`` (a kernel policy in every seat), ``bid_chunk_players`` (a bot),
  ``bid_given`` (one deal's bidding).
* Hands: ``play_hands``, ``play_match``, ``play_duel``, ``record_hands`` (the decisions
  study), ``advise_hands`` (the advisor).
* Steps, one decision at a time: ``HandCore`` (a refused decision's status:
  ``APPLY_ERRORS``), ``BidCore``, ``DuelCore``, ``VectorCore`` (and the vector step's
  ``VECTOR_LAYOUT``, ``MASK_COLUMNS``, ``RETURNS``).
* The net bot: ``features`` (its inputs) and ``net`` (its weights and forward pass).
* ``trump_table`` (the trump order of a level and trump), ``match_ends`` (why a match
  ended, by code).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from shengji._core.base.cards import trump_table
from shengji._core.base.rng import chunk_state, order_state, seat_key
from shengji._core.bidding.entry import bid_chunk as _bid_chunk
from shengji._core.bidding.entry import bid_given as _bid_given
from shengji._core.bidding.entry import draw_bounded, shuffle_deck
from shengji._core.bots import features, net
from shengji._core.deal.cond import cond_deal_chunk
from shengji._core.deal.deal import deal_chunk as _deal_chunk
from shengji._core.deal.deal import row_sums
from shengji._core.deal.spec import Dealing, DealSpec
from shengji._core.drivers import advise as _advise
from shengji._core.drivers import bids as _bids
from shengji._core.drivers import decisions as _decisions
from shengji._core.drivers import hands as _hands
from shengji._core.drivers.duel import play_duel as _play_duel
from shengji._core.drivers.layout import walk_deals as _walk_deals
from shengji._core.step.bidcore import BidCore
from shengji._core.step.duelcore import DuelCore
from shengji._core.step.handcore import APPLY_ERRORS, HandCore
from shengji._core.step.vector import LAYOUT as VECTOR_LAYOUT
from shengji._core.step.vector import MASK_COLUMNS, RETURNS, VectorCore

__all__ = [
    "chunk_state",
    "order_state",
    "seat_key",
    "shuffle_deck",
    "draw_bounded",
    "deal_chunk",
    "row_sums",
    "DealSpec",
    "Dealing",
    "walk_deals",
    "bid_chunk",
    "bid_chunk_players",
    "bid_given",
    "play_hands",
    "play_match",
    "play_duel",
    "record_hands",
    "advise_hands",
    "HandCore",
    "APPLY_ERRORS",
    "BidCore",
    "DuelCore",
    "VectorCore",
    "VECTOR_LAYOUT",
    "MASK_COLUMNS",
    "RETURNS",
    "MATCH_ENDS",
    "ADVICE_ROWS",
    "ADVICE_PASS",
    "DECISION_META",
    "MAX_CANDIDATES",
    "MAX_PLAYS_PER_HAND",
    "features",
    "net",
    "trump_table",
]

if TYPE_CHECKING:
    # rules as shengji.rules.pack.rules packs them; a bot as shengji.rules.pack.bot packs a
    # BotSpec (an id, or (id, parameters)): the stubs' aliases
    from shengji._core.base.options import _Packed as Packed
    from shengji._core.bots.bot import _Bot as PackedBot
U64 = npt.NDArray[np.uint64]
U8 = npt.NDArray[np.uint8]
I32 = npt.NDArray[np.int32]

MATCH_ENDS = _hands.MATCH_ENDS  # why a match ended, by play_match's code
ADVICE_ROWS = _advise.OUT_ROWS  # advise_hands' rows of out
ADVICE_PASS = _advise.PASS  # a pass among advise_hands' bids
DECISION_META = _decisions.META_COLUMNS  # record_hands' meta columns
MAX_CANDIDATES = _decisions.MAX_CANDIDATES
MAX_PLAYS_PER_HAND = _decisions.MAX_PLAYS_PER_HAND


def deal_chunk(
    *,
    state: U64,
    n: int,
    level: int,
    features: U8 | None = None,
    kitty_points: U8 | None = None,
    cards: U8 | None = None,
    hist: npt.NDArray[np.int64] | None = None,
    kitty_hist: npt.NDArray[np.int64] | None = None,
    order_state: U64 | None = None,
    deal: Dealing | None = None,
    tractor_gap: bool = True,
    trump_chain: bool = True,
) -> None:
    """``n`` deals at level rank ``level`` from ``state`` (advanced in place) into the
    outputs given (``_core/deal/deal.pyx`` ``deal_chunk``); with ``deal``, its conditional
    deals (``_core/deal/cond.pyx`` ``cond_deal_chunk``: every hand's order from
    ``order_state``; its counters advance).  ``tractor_gap`` and ``trump_chain``, the rules'
    options, shape the tractor columns."""
    opts = (order_state, bool(tractor_gap), bool(trump_chain))
    if deal is None:
        _deal_chunk(state, n, level, features, kitty_points, cards, hist, kitty_hist, *opts)
    else:
        cond_deal_chunk(
            deal, state, n, level, features, kitty_points, cards, hist, kitty_hist, *opts
        )


def walk_deals(
    *,
    state: U64,
    deck: U8,
    skip: int,
    n: int,
    rules: Packed,
    level: int,
    banker: int,
    bid_policy: int,
    bid_threshold: int,
    states: U64 | None = None,
    decks: U8 | None = None,
) -> None:
    """Step ``state`` and ``deck`` past ``skip`` deals, then write the stream and deck of
    each of the next ``n`` into ``states`` and ``decks`` (a duel's deals, without playing
    them)."""
    _walk_deals(
        state, deck, skip, n, rules, level, banker, bid_policy, bid_threshold, states, decks
    )


def bid_chunk(
    *,
    state: U64,
    deck: U8,
    n: int,
    level: int,
    rules: Packed,
    policy: int = 0,
    threshold: int = 0,
    first_hand: bool = True,
    banker: int = 0,
    trumps: bool = True,
    cards: U8 | None = None,
    deal: Dealing | None = None,
) -> dict[str, npt.NDArray[Any]]:
    """``n`` deals bid by the kernel policy ``policy`` in every seat: the columns."""
    return _bid_chunk(
        state, deck, n, level, rules, policy, threshold, first_hand, banker, trumps, cards, deal
    )


def bid_chunk_players(
    *,
    state: U64,
    deck: U8,
    n: int,
    level: int,
    rules: Packed,
    bot: PackedBot,
    first_hand: bool = True,
    banker: int = 0,
    cards: U8 | None = None,
    deal: Dealing | None = None,
) -> dict[str, npt.NDArray[Any]]:
    """``n`` deals bid by the bot ``bot`` in every seat: the columns."""
    return _bids.bid_chunk_players(
        state, deck, n, level, rules, bot, first_hand, banker, cards, deal
    )


def bid_given(
    *,
    cards: Any,
    level: int,
    rules: Packed,
    policy: int = 0,
    threshold: int = 0,
    first_hand: bool = True,
    banker: int = 0,
    state: U64 | None = None,
    first_drawer: int = -1,
) -> tuple[int, dict[str, Any]]:
    """One deal's bidding, its cards given in dealing order: (status, its outcome)."""
    return _bid_given(
        cards, level, rules, policy, threshold, first_hand, banker, state, first_drawer
    )


def play_hands(
    *,
    state: U64,
    deck: U8,
    n: int,
    rules: Packed,
    level: int,
    banker: int,
    banker_bot: PackedBot,
    defender_bot: PackedBot,
    bid_policy: int,
    bid_threshold: int,
    out: I32,
    deal: Dealing | None = None,
) -> None:
    """``n`` hands (a scoring chunk) into ``out`` (``HAND_COLUMNS`` rows, n columns)."""
    _hands.play_hands(
        state,
        deck,
        n,
        rules,
        level,
        banker,
        banker_bot,
        defender_bot,
        bid_policy,
        bid_threshold,
        out,
        deal=deal,
    )


def play_match(
    *,
    state: U64,
    deck: U8,
    rules: Packed,
    team0_bot: PackedBot,
    team1_bot: PackedBot,
    bid_policy: int,
    bid_threshold: int,
    out: I32,
    deal: Dealing | None = None,
    deal_every: bool = True,
) -> tuple[int, int, int, int, int]:
    """One match into ``out``: (hands, winner, how it ended, the teams' last levels)."""
    return _hands.play_match(
        state,
        deck,
        rules,
        team0_bot,
        team1_bot,
        bid_policy,
        bid_threshold,
        out,
        deal=deal,
        deal_every=deal_every,
    )


def play_duel(
    *,
    state: U64,
    key: U64,
    deck: U8,
    first: int,
    n: int,
    rules: Packed,
    level: int,
    banker: int,
    bot_a: PackedBot,
    bot_b: PackedBot,
    bid_policy: int,
    bid_threshold: int,
    out: I32,
    team_b_bid_policy: int = -1,
    deal: Dealing | None = None,
) -> None:
    """``n`` deals from deal ``first`` on, each played in both orientations, into ``out``
    (``HAND_COLUMNS`` rows, 2n columns)."""
    _play_duel(
        state,
        key,
        deck,
        first,
        n,
        rules,
        level,
        banker,
        bot_a,
        bot_b,
        bid_policy,
        bid_threshold,
        out,
        team_b_bid_policy,
        deal=deal,
    )


def record_hands(
    *,
    state: U64,
    deck: U8,
    n: int,
    rules: Packed,
    level: int,
    banker: int,
    teacher: PackedBot,
    bid_policy: int,
    bid_threshold: int,
    cap: int,
    out: np.ndarray,
    explore: float = 0.0,
    hindsight: bool = False,
) -> dict[str, np.ndarray]:
    """``n`` hands played by ``teacher`` in every seat, each decision recorded as the net
    bot sees it (the decisions study)."""
    return _decisions.record_hands(
        state,
        deck,
        n,
        rules,
        level,
        banker,
        teacher,
        bid_policy,
        bid_threshold,
        cap,
        out,
        explore,
        hindsight,
    )


def advise_hands(
    *,
    state: U64,
    key: U64,
    deal: Dealing,
    seat: int,
    level: int,
    rules: Packed,
    options: I32,
    bot: PackedBot,
    first: int,
    n: int,
    out: I32,
) -> None:
    """``n`` deals of the advisor's hand (``deal`` fixes it), each option of ``options``
    played out by ``bot``, into ``out`` (``ADVICE_ROWS``)."""
    _advise.advise_hands(state, key, deal, seat, level, rules, options, bot, first, n, out)

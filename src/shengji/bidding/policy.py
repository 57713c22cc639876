"""Bidding with a Python policy: the kernel's bidding machine stepped one decision at a time,
each decision the policy's (``bid_with``), and the small rules around it the public API
needs (``first_drawer``, ``count_trumps``).

A callable policy ``policy(view) -> BidOption | None`` is asked whenever a seat has a bid
open to it, in the machine's order (``shengji.bidding.simulate``'s docstring, item 6): as
the cards land, and in the round after the last card.  It sees a ``BidView`` -- its seat,
its cards so far, how many are dealt, the level, the standing bid as it may see it, its
bids best first, whether the deal is over (``after_deal``) -- and returns one of
``view.options`` or None (pass).  The machine is the kernel's (``BidPhase`` over
``_core/step/bidcore``), so a callable bids under exactly the rules the studies bid by;
``shengji.reference.bidding`` is the independent twin the tests hold it to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from shengji.bidding.phase import BidPhase
from shengji.names import N_DEALT, N_RANKS, N_SEATS, RANKS, SMALL_JOKER
from shengji.rules.bid_types import BID_PASS, BidOption, BidOutcome, BidView
from shengji.rules.options import Rules

__all__ = ["Policy", "bid_with", "count_trumps", "first_drawer"]

Policy = Callable[[BidView], "BidOption | None"]


def first_drawer(rules: Rules, first_hand: bool, banker: int, draw: Callable[[int], int]) -> int:
    """Who draws dealing position 0 (docs/rules.md §7): a draw of 4 (``draw(4)``) under
    ``random_first_drawer`` in a first hand, the banker under ``banker_draws_first`` in a
    later hand, else seat 0."""
    if first_hand:
        return draw(N_SEATS) if rules.random_first_drawer else 0
    return banker if rules.banker_draws_first else 0


def _view(phase: BidPhase, rank: str, first_hand: bool) -> BidView:
    seat = phase.seat
    core = phase.core
    return BidView(
        seat,
        tuple(phase.cards(seat)),
        min(phase.dealt, N_DEALT),
        rank,
        first_hand,
        phase.current(seat),
        tuple(phase.options()),
        core.after_deal,
        core.late,
    )


def bid_with(
    deck,
    level: int,
    rules: Rules,
    policy: Policy | None,
    first_hand: bool,
    banker: int,
    state: np.ndarray,
    drawer: int,
) -> BidOutcome:
    """One dealing order (108 physical ids) bid by ``policy`` in every seat (None: nobody
    bids, the kernel's ``never``): the deal's
    bidding (not the round after the bury).  ``level``: rank index; ``banker``: the seat of
    a later hand; ``drawer``: the first drawer (``first_drawer``); ``state``: the stream
    ``no_bid = "kitty_random"`` draws from (advanced).  The outcome's ``bids`` log every
    bid; a deal thrown in comes back with ``redeal`` and ``trump`` None.  ValueError when the
    policy returns anything but one of the options it was offered, or None."""
    phase = BidPhase(np.asarray(deck, np.uint8), level, rules, first_hand, banker, drawer)
    rank = RANKS[level]  # one letter a rank, as the view has always shown it
    while phase.deciding:
        if policy is None:  # nobody bids (the kernel's "never")
            phase.apply(BID_PASS)
            continue
        view = _view(phase, rank, first_hand)
        choice = policy(view)
        if choice is None:
            phase.apply(BID_PASS)
            continue
        if not isinstance(choice, BidOption) or choice not in view.options:
            raise ValueError(f"policy returned {choice!r}, not one of the options it was offered")
        phase.apply(choice)
    rc, result = phase.finish(state)
    out = phase.outcome(result)
    if rc == 1:  # nobody declared and the rules throw the deal in
        return replace(out, trump=None, no_bid=True, redeal=True)
    return out


def count_trumps(deck, level: int, trump: int, seat: int, kitty=True, first_drawer=0) -> int:
    """Trumps among a seat's dealt cards (and the kitty's, with ``kitty``): ``trump`` is
    0..3 or 4 (no-trump: ``TRUMP_NAMES``); a level card or a joker is always one."""
    ids = np.asarray(deck, np.int64)
    start = (seat - first_drawer) % N_SEATS
    cards = ids[start:N_DEALT:N_SEATS]
    if kitty:
        cards = np.concatenate([cards, ids[N_DEALT:]])
    kind = cards // 2
    return int(
        ((kind >= SMALL_JOKER) | (kind % N_RANKS == level) | (kind // N_RANKS == trump)).sum()
    )

"""The action encoding: every decision of a hand as integer actions, one card at a time.

A hand's decisions (docs/hand-engine.md, "Decisions and actions"):

* **bury**: the banker, holding 33 cards, buries 8, **one card per decision** -- 8
  decisions in a row, each an action naming the card;
* **lead**: the leader chooses its cards one action each, then ``ACTION_PLAY`` plays them
  (any multiset of one following-suit may be led; a throw is checked when it is played);
* **follow**: the follower chooses its cards one action each; the follow is played when it
  has as many cards as the lead.

So actions ``0..107`` choose the card with that id and ``ACTION_PLAY`` = 108 plays a lead.
A **bid** (phase "bid", docs/rules.md §7: as the cards land, or in the round of overturns
after the bury) is one action ``BID_ACTION_BASE + k`` = 109 + k, for ``k`` the index of
the bid in ``shengji.bid_types.BID_ACTIONS`` (k = 0 passes; "declare S", ..., "overturn SJ
BJ").  ``N_ACTIONS`` = 109 + len(BID_ACTIONS) = 124 actions in all, the same in every
phase.
``legal_actions()`` is exact: an action is listed iff some legal decision goes on with it
(for a follow the core searches the completions, docs/rules.md §4), and of two copies of a
card only the lower id still held is listed (the copies are interchangeable; applying the
other id is accepted too).  The same decisions as whole plays: ``legal_plays()`` /
``apply(cards)``; ``apply(cards)`` of a lead is its ids in increasing order then
``ACTION_PLAY``, of a follow its ids in increasing order, of bury cards each id.

Why one card per action: the action space stays small and fixed (an OpenSpiel game needs
that, and a policy network its output layer), the legal set is exact (C(33, 8) =
13,884,156 burials, and the follows of a throw, cannot be listed), and a seat's partial
choice is private (it is in its own observation's ``pending`` only).
"""

from __future__ import annotations

from shengji._core.engine.actions import ACTION_PLAY, N_PLAY_ACTIONS
from shengji.rules.bid_types import BID_ACTIONS

__all__ = [
    "ACTION_PLAY",
    "BID_ACTION_BASE",
    "N_ACTIONS",
    "is_card_action",
    "is_bid_action",
    "bid_action_index",
    "action_name",
]

BID_ACTION_BASE: int = N_PLAY_ACTIONS  # the first bid action (k = 0: pass)
N_ACTIONS: int = BID_ACTION_BASE + len(BID_ACTIONS)


def is_card_action(action: int) -> bool:
    """Does ``action`` choose a card (its id)?"""
    return 0 <= action < ACTION_PLAY


def is_bid_action(action: int) -> bool:
    """Is ``action`` a bid (``BID_ACTION_BASE + k``)?"""
    return BID_ACTION_BASE <= action < N_ACTIONS


def bid_action_index(action: int) -> int:
    """The index ``k`` in ``BID_ACTIONS`` of a bid action."""
    if not is_bid_action(action):
        raise ValueError(
            f"not a bid action: {action!r} (expected {BID_ACTION_BASE}..{N_ACTIONS - 1})"
        )
    return action - BID_ACTION_BASE


def action_name(action: int) -> str:
    """A readable name: the card's notation, "play", or the bid's name."""
    from shengji.cards import format_cards

    if is_card_action(action):
        return format_cards([action])
    if action == ACTION_PLAY:
        return "play"
    return BID_ACTIONS[bid_action_index(action)]

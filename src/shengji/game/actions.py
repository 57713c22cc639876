"""The action encoding: every decision of a hand as integer actions, one card at a time.

A hand's decisions (docs/hand-engine.md, "Decisions and actions"):

* **bury**: the banker, holding 33 cards, buries 8, **one card per decision** -- 8
  decisions in a row, each an action naming the card;
* **lead**: the leader chooses its cards one action each, then ``ACTION_PLAY`` plays them
  (any multiset of one following-suit may be led; a throw is checked when it is played);
* **follow**: the follower chooses its cards one action each; the follow is played when it
  has as many cards as the lead.

So actions ``0..107`` choose the card with that id and ``ACTION_PLAY`` = 108 plays a lead:
``N_ACTIONS`` = 109 in every phase (a bidding phase will number its actions from 109 on).
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

from .._core.actions import ACTION_PLAY, N_PLAY_ACTIONS

__all__ = ["ACTION_PLAY", "N_ACTIONS", "is_card_action"]

N_ACTIONS: int = N_PLAY_ACTIONS     # actions of the bury and play phases


def is_card_action(action: int) -> bool:
    """Does ``action`` choose a card (its id)?  Else it is ``ACTION_PLAY``."""
    return 0 <= action < ACTION_PLAY

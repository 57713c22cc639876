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
the bid in ``shengji.rules.bid_types.BID_ACTIONS`` (k = 0 passes; "declare S", ..., "overturn SJ
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

from shengji.names import ACTION_PLAY, N_PLAY_ACTIONS
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
    """Tell whether an action chooses a card (its id, 0..107).

    Parameters
    ----------
    action : int
        An action of the step encoding (0..``N_ACTIONS`` - 1).

    Returns
    -------
    bool
        True for a card action ``0..107``; False for ``ACTION_PLAY`` and the bids.

    Examples
    --------
    >>> from shengji.game import ACTION_PLAY, is_card_action
    >>> is_card_action(0), is_card_action(107), is_card_action(ACTION_PLAY)
    (True, True, False)
    """
    return 0 <= action < ACTION_PLAY


def is_bid_action(action: int) -> bool:
    """Tell whether an action is a bid (``BID_ACTION_BASE + k``).

    Parameters
    ----------
    action : int
        An action of the step encoding (0..``N_ACTIONS`` - 1).

    Returns
    -------
    bool
        True for ``BID_ACTION_BASE`` (pass) up to ``N_ACTIONS - 1``.

    Examples
    --------
    >>> from shengji.game import BID_ACTION_BASE, N_ACTIONS, is_bid_action
    >>> is_bid_action(BID_ACTION_BASE), is_bid_action(N_ACTIONS - 1), is_bid_action(5)
    (True, True, False)
    """
    return BID_ACTION_BASE <= action < N_ACTIONS


def bid_action_index(action: int) -> int:
    """Return the index ``k`` in ``BID_ACTIONS`` of a bid action.

    Parameters
    ----------
    action : int
        A bid action, ``BID_ACTION_BASE + k``.

    Returns
    -------
    int
        ``k``: the bid is ``shengji.rules.bid_types.BID_ACTIONS[k]`` (0 passes).

    Raises
    ------
    ValueError
        If ``action`` is not a bid action.

    Examples
    --------
    >>> from shengji.game import BID_ACTION_BASE, bid_action_index
    >>> from shengji.rules.bid_types import BID_ACTIONS
    >>> k = bid_action_index(BID_ACTION_BASE + 2)
    >>> k, BID_ACTIONS[k]
    (2, 'declare H')
    >>> bid_action_index(5)
    Traceback (most recent call last):
    ...
    ValueError: not a bid action: 5 (expected 109..123)
    """
    if not is_bid_action(action):
        raise ValueError(
            f"not a bid action: {action!r} (expected {BID_ACTION_BASE}..{N_ACTIONS - 1})"
        )
    return action - BID_ACTION_BASE


def action_name(action: int) -> str:
    """Name an action: the card's notation, ``"play"``, or the bid's name.

    Parameters
    ----------
    action : int
        An action of the step encoding (0..``N_ACTIONS`` - 1).

    Returns
    -------
    str
        The card in notation (``"2S"``), ``"play"`` for ``ACTION_PLAY``, or the bid's name
        in ``BID_ACTIONS`` (``"pass"``, ``"declare H"`` ...).

    Raises
    ------
    ValueError
        If ``action`` is none of those (outside ``0..N_ACTIONS - 1``).

    Examples
    --------
    >>> from shengji.game import ACTION_PLAY, BID_ACTION_BASE, action_name
    >>> action_name(0), action_name(ACTION_PLAY), action_name(BID_ACTION_BASE + 2)
    ('2S', 'play', 'declare H')
    """
    from shengji.cards import format_cards

    if is_card_action(action):
        return format_cards([action])
    if action == ACTION_PLAY:
        return "play"
    return BID_ACTIONS[bid_action_index(action)]

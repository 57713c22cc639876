"""The bidding's data types: a hand's outcome (``BidOutcome``), a bid a seat may make
(``BidOption``) and what a callable policy sees (``BidView``).

Shared by the bidding layer (``shengji.bidding``: the kernel's machine stepped, with the
options and views a callable policy is given) and its independent twin
(``shengji.reference.bidding``); neither logic lives here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

__all__ = ["BidOutcome", "BidOption", "BidView", "BID_ACTIONS", "BID_PASS", "bid_action"]

# Bidding decisions as actions (HandState's "bid" phase): a small int per kind of bid, the
# same whatever the trump counts.  Declarations show one card (a level card of a suit, or a
# single joker under single_joker_declares), a reinforcement the declarer's second copy,
# overturns a pair (a level pair of a suit, a joker pair, or a mixed SJ+BJ pair).
BID_ACTIONS: tuple[str, ...] = (
    "pass",
    "declare S",
    "declare H",
    "declare C",
    "declare D",
    "declare SJ",
    "declare BJ",
    "reinforce",
    "overturn S",
    "overturn H",
    "overturn C",
    "overturn D",
    "overturn SJ SJ",
    "overturn BJ BJ",
    "overturn SJ BJ",
)
BID_PASS = 0  # the action that passes


@dataclass(frozen=True)
class BidOutcome:
    """How one hand's bidding ended (docs/rules.md §7).

    What ``shengji.bidding.bid_deal`` returns. Seats are 0..3, -1 for none.

    Parameters
    ----------
    trump : str or None
        The trump: ``"S"``, ``"H"``, ``"C"``, ``"D"`` or ``"NT"``; None when the deal is
        thrown in (``redeal``).
    banker : int
        The banker's seat.
    first_declarer : int
        The seat that declared first (-1: nobody).
    first_declare_index : int
        The card (0..99 in dealing order) at which the first declaration came (-1: none).
    overturns : int
        How many times a declaration was overturned.
    reinforced : bool
        Whether the declarer reinforced.
    no_bid : bool
        Whether nobody declared.
    redeal : bool, default False
        Whether the rules throw the deal in (nobody declared).
    banker_steps_down : bool, default False
        Whether the banker stepped down (``no_bid = "banker_steps_down"``).
    redeals : int, default 0
        Deals thrown in before this one.
    bids : tuple, default ()
        ``(index, seat, action, trump, strength)`` per bid made (recorded by the Python
        engine only).
    first_drawer : int, default 0
        The seat that drew dealing position 0.
    late_overturns : int, default 0
        Overturns after the bury (``overturn_after_kitty``; only where that round was
        played).
    reburies : int, default 0
        Kitties buried again (``overturn_reburies``).
    team_overturns : tuple of int, default (0, 0)
        Overturns per team (seat % 2) of the overturner, the round after the bury
        included.

    Examples
    --------
    >>> import numpy as np
    >>> from shengji.bidding import bid_deal
    >>> outcome = bid_deal(list(np.random.default_rng(3).permutation(108)))
    >>> outcome.trump, outcome.banker, outcome.first_declarer, outcome.overturns
    ('D', 2, 1, 1)
    """

    trump: str | None
    banker: int
    first_declarer: int
    first_declare_index: int
    overturns: int
    reinforced: bool
    no_bid: bool
    redeal: bool = False
    banker_steps_down: bool = False
    redeals: int = 0
    bids: tuple = ()  # (index, seat, action, trump, strength) per bid (Python engine only)
    first_drawer: int = 0
    late_overturns: int = 0
    reburies: int = 0
    team_overturns: tuple = (0, 0)

    def same_result(self, other: BidOutcome) -> bool:
        """Return whether two outcomes are equal apart from the bid log.

        Parameters
        ----------
        other : BidOutcome
            The other outcome.

        Returns
        -------
        bool
            Whether every field but ``bids`` (which only the Python engine records) is
            equal.
        """
        keys = [f.name for f in fields(self) if f.name != "bids"]
        return all(getattr(self, k) == getattr(other, k) for k in keys)


def core_outcome(d: Mapping[str, Any], trump: str | None, **rest: Any) -> BidOutcome:
    """A ``BidOutcome`` from a bidding dict of the core (a finished bidding's, ``bid_given``'s,
    a hand's record): its banker, declarer, overturns and flags (as bools), with ``trump``
    named by the caller and the other fields from ``rest``."""
    return BidOutcome(
        trump=trump,
        banker=d["banker"],
        first_declarer=d["first_declarer"],
        first_declare_index=d["first_declare_index"],
        overturns=d["overturns"],
        reinforced=bool(d["reinforced"]),
        no_bid=bool(d["no_bid"]),
        banker_steps_down=bool(d["banker_steps_down"]),
        **rest,
    )


@dataclass(frozen=True)
class BidOption:
    """A bid a seat may make now (``HandState.bid_options()``, ``BidView.options``).

    Parameters
    ----------
    action : str
        ``"declare"``, ``"reinforce"`` or ``"overturn"``.
    trump : str
        The trump it makes: ``"S"``, ``"H"``, ``"C"``, ``"D"`` or ``"NT"``.
    strength : str
        ``"single"``, ``"level_pair"``, ``"small_joker_pair"`` or ``"big_joker_pair"``.
    trumps : int
        The seat's trumps with that trump.
    cards : str
        The cards shown (``"2H"``, ``"SJ SJ"``, ...).
    _key : tuple, default ()
        The bidding engine's own key of the bid (not compared, not shown).

    Examples
    --------
    >>> from shengji import HandState
    >>> s = HandState("standard", level="2", seed=3, bid_phase=True)
    >>> option = s.bid_options()[0]
    >>> option.action, option.trump, option.cards, option.code
    ('declare', 'C', '2C', 3)
    """

    action: str
    trump: str
    strength: str
    trumps: int
    cards: str
    _key: tuple = field(repr=False, compare=False, default=())

    @property
    def code(self) -> int:
        """The bid as an action: its index in ``BID_ACTIONS`` (:func:`bid_action`)."""
        return bid_action(self)


def bid_action(option: BidOption) -> int:
    """Return the action of a bid: its index in ``BID_ACTIONS``.

    Declarations and overturns are told apart by the suit of the level card(s) shown, or
    by the jokers shown.

    Parameters
    ----------
    option : BidOption
        The bid.

    Returns
    -------
    int
        Its index in ``BID_ACTIONS`` (0, ``BID_PASS``, is passing).

    Examples
    --------
    >>> from shengji.rules.bid_types import BID_ACTIONS, BidOption, bid_action
    >>> k = bid_action(BidOption("overturn", "NT", "big_joker_pair", 9, "BJ BJ"))
    >>> k, BID_ACTIONS[k]
    (13, 'overturn BJ BJ')
    """
    if option.action == "reinforce":
        return BID_ACTIONS.index("reinforce")
    shown = option.cards.split()
    if option.trump != "NT":  # a level card or pair: its suit
        return BID_ACTIONS.index(f"{option.action} {option.trump}")
    return BID_ACTIONS.index(f"{option.action} {' '.join(shown)}")


@dataclass(frozen=True)
class BidView:
    """What a callable bidding policy sees when it may bid.

    ``shengji.bidding.bid_deal(cards, policy=f)`` calls ``f(view)`` whenever a bid is open
    to a seat; ``f`` returns one of ``view.options`` or None to pass.

    Parameters
    ----------
    seat : int
        The seat deciding.
    hand : tuple of int
        The cards it holds so far (physical ids).
    dealt : int
        How many cards have been dealt (1..100).
    level : str
        The rank being played.
    first_hand : bool
        Whether this is a match's first hand.
    current : dict or None
        The bid standing (None, or ``trump``, ``strength``, ``bidder``, ``locked``; under
        ``secret_bids`` the trump of another seat's face-down bid is None).
    options : tuple of BidOption
        The bids open to it, best first by the kernel's preference.
    after_deal : bool, default False
        Whether the deal is over (the last asking before the kitty is taken).
    late : bool, default False
        Whether this is the round after the bury (the seat's cards are then its hand after
        the bury).

    Examples
    --------
    >>> import numpy as np
    >>> from shengji.bidding import bid_deal
    >>> views = []
    >>> def first_offer(view):
    ...     views.append(view)
    ...     return view.options[0]                 # always bid; None would pass
    >>> outcome = bid_deal(list(np.random.default_rng(3).permutation(108)), policy=first_offer)
    >>> v = views[0]
    >>> v.seat, v.dealt, v.current, v.options[0].cards
    (1, 2, None, '2S')
    """

    seat: int
    hand: tuple
    dealt: int
    level: str
    first_hand: bool
    current: dict | None
    options: tuple
    after_deal: bool = False
    late: bool = False

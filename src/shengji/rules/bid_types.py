"""The bidding's data types: a hand's outcome (``BidOutcome``), a bid a seat may make
(``BidOption``) and what a callable policy sees (``BidView``).

Shared by the public API (``shengji.bidding.simulate``) and the Python bidding engine
(``shengji.reference.bidding``), which builds the options and views a callable policy is
given; neither logic lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
BID_PASS = 0


@dataclass(frozen=True)
class BidOutcome:
    """One hand's bidding.  ``trump``: "S" "H" "C" "D" or "NT" (None when the deal is
    thrown in: ``redeal``); seats 0..3, -1 for none.  ``first_drawer``: the seat that drew
    dealing position 0; ``late_overturns`` / ``reburies``: overturns after the bury and
    kitties re-buried (``overturn_after_kitty``, ``overturn_reburies``; only where the round
    after the bury was played); ``team_overturns``: overturns per team (seat % 2) of the
    overturner, the round after the bury included."""

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
        """Equal apart from the bid log (which only the Python engine records)."""
        keys = (
            "trump",
            "banker",
            "first_declarer",
            "first_declare_index",
            "overturns",
            "reinforced",
            "no_bid",
            "redeal",
            "banker_steps_down",
            "redeals",
            "first_drawer",
            "late_overturns",
            "reburies",
            "team_overturns",
        )
        return all(getattr(self, k) == getattr(other, k) for k in keys)


@dataclass(frozen=True)
class BidOption:
    """A bid a seat may make now.  ``action``: "declare", "reinforce" or "overturn";
    ``trump``: the trump it makes; ``strength``: "single", "level_pair", "small_joker_pair",
    "big_joker_pair"; ``trumps``: the seat's trumps with that trump; ``cards``: the kinds
    shown ("2H", "SJ SJ", ...)."""

    action: str
    trump: str
    strength: str
    trumps: int
    cards: str
    _key: tuple = field(repr=False, compare=False, default=())

    @property
    def code(self) -> int:
        """This bid as an action (``BID_ACTIONS``)."""
        return bid_action(self)


def bid_action(option: BidOption) -> int:
    """The action (index in ``BID_ACTIONS``) of a bid: declarations and overturns by the
    suit of the level card(s) or by the jokers shown."""
    if option.action == "reinforce":
        return BID_ACTIONS.index("reinforce")
    shown = option.cards.split()
    if option.trump != "NT":  # a level card or pair: its suit
        return BID_ACTIONS.index(f"{option.action} {option.trump}")
    return BID_ACTIONS.index(f"{option.action} {' '.join(shown)}")


@dataclass(frozen=True)
class BidView:
    """What a callable policy sees: its seat, the cards it holds so far (ids), how many cards
    have been dealt (1..100), the level, whether this is a first hand, the current bid (None,
    or dict trump/strength/bidder/locked; under ``secret_bids`` the trump of another seat's
    face-down bid is None), the bids open to it (best first by the kernel's preference),
    whether the deal is over (the last asking before the kitty is taken: ``after_deal``) and
    whether this is the round after the bury (``late``: the seat's cards are its hand after
    the bury)."""

    seat: int
    hand: tuple
    dealt: int
    level: str
    first_hand: bool
    current: dict | None
    options: tuple
    after_deal: bool = False
    late: bool = False

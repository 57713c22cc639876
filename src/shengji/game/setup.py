"""What a hand starts from: ``Setup`` (the rules, levels, deal, trump, banker, the bidding's
outcome, the first drawer and the ``HandState`` arguments that made it), with its plain-data
form, and the conversions between the trump's and the bidding's names and the core's ints.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from shengji.names import NO_TRUMP, SUITS, TRUMP_NAMES
from shengji.rules.bid_types import BidOutcome
from shengji.rules.options import Rules

__all__ = ["Setup", "trump_index", "bid_dict"]


def trump_index(trump) -> int:
    t = str(trump).strip().upper()
    if t in ("NT", "N"):
        return NO_TRUMP
    if t in SUITS:
        return SUITS.index(t)
    raise ValueError(f"trump: unknown value {trump!r}; expected S, H, C, D or NT")


def bid_dict(b: BidOutcome | None) -> dict | None:
    """``bid_outcome``'s inverse: the core's bidding dict."""
    if b is None:
        return None
    return {
        "trump": TRUMP_NAMES.index(b.trump),
        "banker": b.banker,
        "first_declarer": b.first_declarer,
        "first_declare_index": b.first_declare_index,
        "overturns": b.overturns,
        "reinforced": int(b.reinforced),
        "no_bid": int(b.no_bid),
        "redeals": b.redeals,
        "banker_steps_down": int(b.banker_steps_down),
        "first_drawer": b.first_drawer,
        "late_overturns": b.late_overturns,
        "reburies": b.reburies,
        "team_overturns": list(b.team_overturns),
    }


@dataclass(frozen=True)
class Setup:
    """What a hand starts from, before any decision (``HandState.setup``).

    A state is a pure function of its setup and its history:
    ``HandState.from_history(setup, history)`` rebuilds it.  A setup with ``start``
    starts from those ``HandState`` arguments; without them (a replayed study row) it
    starts from the dealt hand, and a round of overturns after the bury is decided by the
    kernel policy ``bid_policy`` (``threshold``) on the deal's bidding, stepped again.

    Parameters
    ----------
    rules : shengji.Rules
        The rules in force.
    level : str
        The banker team's level (``"2"`` .. ``"A"``).
    defender_level : str
        The defenders' level (they differ in a match).
    deal : tuple of int
        The 108 card ids in dealing order, after any redeal (during the deal's bidding:
        the order the cards land in).
    trump : str or None
        ``"S"``, ``"H"``, ``"C"``, ``"D"`` or ``"NT"``; None during the deal's bidding.
    banker : int
        The banker's seat (-1 during the deal's bidding).
    bidding : shengji.bidding.BidOutcome or None, default None
        The bidding's public outcome; None when the trump was given.
    first_drawer : int, default 0
        The seat that drew dealing position 0 (docs/rules.md §7).
    start : dict or None, default None
        The ``HandState`` keyword arguments that made the hand; None for a replayed
        study row.
    bid_policy : str, default "eager"
        The kernel bidding policy (``"eager"``, ``"threshold"``, ``"never"``).
    threshold : int, default 0
        The ``"threshold"`` policy's k.
    first_hand : bool, default False
        Whether the hand is a match's first hand (the first declarer banks).

    Examples
    --------
    >>> from shengji import HandState
    >>> from shengji.game import Setup
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> setup = s.setup
    >>> setup.level, setup.trump, setup.banker, len(setup.deal), setup.bidding
    ('2', 'H', 0, 108, None)
    >>> Setup.from_dict(setup.to_dict()) == setup
    True
    """

    rules: Rules
    level: str
    defender_level: str
    deal: tuple[int, ...]
    trump: str | None
    banker: int
    bidding: BidOutcome | None = None
    first_drawer: int = 0
    start: dict | None = None
    bid_policy: str = "eager"
    threshold: int = 0
    first_hand: bool = False

    def to_dict(self) -> dict:
        """Return the setup as plain data (JSON-ready).

        Returns
        -------
        dict
            The fields by name: the rules as their options (``Rules.to_dict``), the deal as
            a list, the bidding as a dict.  ``Setup.from_dict`` reads it back.
        """
        start = None
        if self.start is not None:
            start = {**self.start, "rules": self.start["rules"].to_dict()}
            if start["deal"] is not None:
                start["deal"] = list(start["deal"])
        return {
            "rules": self.rules.to_dict(),
            "level": self.level,
            "defender_level": self.defender_level,
            "deal": list(self.deal),
            "trump": self.trump,
            "banker": self.banker,
            "bidding": None if self.bidding is None else asdict(self.bidding),
            "first_drawer": self.first_drawer,
            "start": start,
            "bid_policy": self.bid_policy,
            "threshold": self.threshold,
            "first_hand": self.first_hand,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Setup:
        """Read a setup back from ``to_dict``'s plain data.

        Parameters
        ----------
        data : dict
            What ``Setup.to_dict`` returned (or its JSON, loaded).

        Returns
        -------
        Setup
            The setup (equal to the one written).

        Raises
        ------
        ValueError
            If ``data`` lacks a key or holds a value of the wrong type.
        """
        try:
            b = data["bidding"]
            start = data.get("start")
            if start is not None:
                start = {**start, "rules": Rules.from_dict(start["rules"])}
                if start["deal"] is not None:
                    start["deal"] = tuple(start["deal"])
                if isinstance(start["seed"], list):
                    start["seed"] = tuple(start["seed"])
            bidding = None
            if b is not None:
                bidding = BidOutcome(
                    **{
                        **b,
                        "bids": tuple(tuple(x) for x in b["bids"]),
                        "team_overturns": tuple(b["team_overturns"]),
                    }
                )
            return cls(
                Rules.from_dict(data["rules"]),
                str(data["level"]),
                str(data["defender_level"]),
                tuple(int(c) for c in data["deal"]),
                None if data["trump"] is None else str(data["trump"]),
                int(data["banker"]),
                bidding,
                int(data.get("first_drawer", 0)),
                start,
                str(data.get("bid_policy", "eager")),
                int(data.get("threshold", 0)),
                bool(data.get("first_hand", False)),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a Setup's data: {exc}") from None

"""``Trump``: the level and trump suit of a hand, with every card's following-suit and
order (docs/rules.md §2).  The tables come from the C core (``_core.base.cards``)."""

from __future__ import annotations

from shengji.cards import N_COPIES, as_cards, parse_rank, parse_suit
from shengji.names import FOLLOW_NAMES, NO_TRUMP, RANK_NAMES, SUITS

__all__ = ["Trump"]


class Trump:
    """The level and the trump suit of a hand: every card's following-suit and order.

    Parameters
    ----------
    level : str or int
        The rank being played: ``"2"`` to ``"9"``, ``"T"`` or ``"10"``, ``"J"``, ``"Q"``,
        ``"K"``, ``"A"``.
    suit : str or None, optional
        The trump suit, ``"S"``, ``"H"``, ``"C"`` or ``"D"``; None (or ``"NT"``) for
        no-trump.

    Raises
    ------
    ValueError
        For an unknown rank or suit.

    Examples
    --------
    >>> import shengji
    >>> t = shengji.Trump("2", "H")
    >>> t.follow_suit("2S"), t.follow_suit("AS"), t.is_trump("BJ")
    ('T', 'S', True)
    >>> t.order("BJ") > t.order("2H") > t.order("2S") > t.order("AH")
    True
    >>> print(shengji.Trump("10", None))
    level 10, no-trump
    """

    __slots__ = ("level", "suit", "level_rank", "suit_index", "_tables")

    def __init__(self, level, suit=None):
        self.level_rank = parse_rank(str(level))
        self.level = RANK_NAMES[self.level_rank]
        if suit is None or (isinstance(suit, str) and suit.strip().upper() in ("NT", "N", "")):
            self.suit = None
            self.suit_index = NO_TRUMP
        else:
            self.suit_index = parse_suit(suit)
            self.suit = SUITS[self.suit_index]
        self._tables = {}

    def tables(self, tractor_gap: bool = True, trump_chain: bool = True):
        """Return the tables the core reads: per card kind, its following-suit and order.

        Parameters
        ----------
        tractor_gap : bool, default True
            The rule option of that name: tractors skip the level rank.
        trump_chain : bool, default True
            The rule option of that name: trump tractors chain the trump ace, the
            off-suit and trump-suit level pairs and the jokers.

        Returns
        -------
        tuple of numpy.ndarray
            ``(follow, order, chain, points)``: uint8 arrays of 54, one entry per kind.
        """
        key = (bool(tractor_gap), bool(trump_chain))
        if key not in self._tables:
            from shengji.door import trump_table

            self._tables[key] = trump_table(self.level_rank, self.suit_index, *key)
        return self._tables[key]

    # -- per-card queries (cards as notation or physical ids) ------------------------
    def follow_suit(self, card) -> str:
        """Return a card's following-suit.

        Parameters
        ----------
        card : str or int
            One card: its text (``"2S"``) or a physical id.

        Returns
        -------
        str
            ``"S"``, ``"H"``, ``"C"``, ``"D"``, or ``"T"`` for trump.
        """
        return FOLLOW_NAMES[self.tables()[0][self._kind(card)]]

    def is_trump(self, card) -> bool:
        """Return whether a card is a trump.

        Parameters
        ----------
        card : str or int
            One card: its text or a physical id.

        Returns
        -------
        bool
            Whether its following-suit is trump.
        """
        return self.follow_suit(card) == "T"

    def order(self, card) -> int:
        """Return a card's strength inside its following-suit.

        Equal values tie (the first played wins). Orders compare only between cards of
        the same following-suit, except that any trump beats any side card.

        Parameters
        ----------
        card : str or int
            One card: its text or a physical id.

        Returns
        -------
        int
            Its order.
        """
        return int(self.tables()[1][self._kind(card)])

    @staticmethod
    def _kind(card) -> int:
        if isinstance(card, str):
            cards = as_cards(card)
            if len(cards) != 1:
                raise ValueError(f"expected one card, got {card!r}")
            return cards[0] // N_COPIES
        return as_cards([card])[0] // N_COPIES

    def __eq__(self, other):
        return isinstance(other, Trump) and (self.level_rank, self.suit_index) == (
            other.level_rank,
            other.suit_index,
        )

    def __hash__(self):
        return hash((self.level_rank, self.suit_index))

    def __repr__(self):
        return f"Trump({self.level!r}, {self.suit!r})"

    def __str__(self):
        return f"level {self.level}, " + ("no-trump" if self.suit is None else f"{self.suit} trump")


def resolve_trump(trump) -> Trump:
    """A Trump, or a (level, suit) tuple."""
    if isinstance(trump, Trump):
        return trump
    if isinstance(trump, (tuple, list)) and len(trump) == 2:
        return Trump(*trump)
    raise ValueError(f"trump must be a Trump or a (level, suit) pair, not {trump!r}")

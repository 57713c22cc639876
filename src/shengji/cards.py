"""Card encoding and text notation (docs/rules.md §1–2).

Encoding (the one scheme used everywhere; the sizes are the core's, ``shengji.names``):

* a card **kind** is ``suit * 13 + rank`` with suit 0..3 = S, H, C, D and rank 0..12 = 2..A;
  kind 52 is the small joker, 53 the big joker;
* a **physical card** is ``kind * 2 + copy`` (copy 0 or 1), so ids run 0..107.

Text notation: rank then suit, ranks ``2-9 T J Q K A`` (also ``10``), suits ``S H C D``
(also ``♠ ♥ ♣ ♦``), jokers ``SJ`` and ``BJ``; case-insensitive; space-separated.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from shengji.names import (
    BIG_JOKER,
    HAND_SIZE,
    KITTY_SIZE,
    N_CARDS,
    N_COPIES,
    N_KINDS,
    N_RANKS,
    N_SEATS,
    N_SUITS,
    RANKS,
    SMALL_JOKER,
    SUITS,
    TOTAL_POINTS,
)

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♣": "C", "♦": "D", "♤": "S", "♡": "H", "♧": "C", "♢": "D"}
RANK_ALIASES = {"10": "T"}

__all__ = [
    "N_SUITS",
    "N_RANKS",
    "N_KINDS",
    "N_CARDS",
    "N_SEATS",
    "HAND_SIZE",
    "KITTY_SIZE",
    "TOTAL_POINTS",
    "SMALL_JOKER",
    "BIG_JOKER",
    "SUITS",
    "RANKS",
    "parse_cards",
    "format_cards",
    "parse_rank",
    "parse_suit",
    "kind_of",
    "kind_name",
    "kind_points",
    "card_points",
    "as_cards",
]


def parse_rank(text: str) -> int:
    """Return the index of a rank written as text.

    Parameters
    ----------
    text : str
        The rank: ``"2"`` to ``"9"``, ``"T"`` or ``"10"``, ``"J"``, ``"Q"``, ``"K"``,
        ``"A"`` (any case, surrounding spaces ignored).

    Returns
    -------
    int
        The rank index, 0 (the 2) to 12 (the ace).

    Raises
    ------
    ValueError
        For anything else, in one line naming the text.

    Examples
    --------
    >>> from shengji.cards import parse_rank
    >>> parse_rank("2"), parse_rank("10"), parse_rank("a")
    (0, 8, 12)
    """
    t = str(text).strip().upper()
    t = RANK_ALIASES.get(t, t)
    if len(t) != 1 or t not in RANKS:
        raise ValueError(
            f"unknown rank {text!r}: expected one of 2 3 4 5 6 7 8 9 10 (or T) J Q K A"
        )
    return RANKS.index(t)


def parse_suit(text: str) -> int:
    """Return the index of a suit written as text.

    Parameters
    ----------
    text : str
        The suit: ``"S"``, ``"H"``, ``"C"``, ``"D"`` (any case) or a suit symbol
        (``"♠"``, ``"♥"``, ``"♣"``, ``"♦"``, also the white ones).

    Returns
    -------
    int
        The suit index: 0 spades, 1 hearts, 2 clubs, 3 diamonds.

    Raises
    ------
    ValueError
        For anything else, in one line naming the text.

    Examples
    --------
    >>> from shengji.cards import parse_suit
    >>> parse_suit("S"), parse_suit("h"), parse_suit("♦")
    (0, 1, 3)
    """
    t = str(text).strip()
    t = SUIT_SYMBOLS.get(t, t).upper()
    if len(t) != 1 or t not in SUITS:
        raise ValueError(f"unknown suit {text!r}: expected one of S H C D")
    return SUITS.index(t)


def _parse_kind(token: str) -> int:
    t = token.strip()
    up = t.upper()
    if up in ("SJ", "BJ"):
        return SMALL_JOKER if up == "SJ" else BIG_JOKER
    if len(t) < 2:
        raise ValueError(f"unknown card {token!r}: expected rank then suit, e.g. TH, 2S, SJ, BJ")
    rank_text, suit_text = t[:-1], t[-1]
    try:
        rank = parse_rank(rank_text)
        suit = parse_suit(suit_text)
    except ValueError:
        raise ValueError(
            f"unknown card {token!r}: expected rank then suit, e.g. TH, 2S, SJ, BJ"
        ) from None
    return suit * N_RANKS + rank


def parse_cards(text: str) -> list[int]:
    """Return the physical card ids (0..107) of cards written in the text notation.

    The notation is rank then suit (``"TH"``, ``"10h"``, ``"2♠"``), jokers ``"SJ"`` and
    ``"BJ"``, separated by spaces or commas. The first occurrence of a kind gets copy 0,
    the second copy 1 (the two decks hold two of each card).

    Parameters
    ----------
    text : str
        The cards.

    Returns
    -------
    list of int
        Their physical ids, in the text's order.

    Raises
    ------
    ValueError
        For an unknown card, a card given three times, or text that is not a string.

    See Also
    --------
    format_cards : The inverse.

    Examples
    --------
    >>> import shengji
    >>> shengji.parse_cards("2S AS AS BJ")
    [0, 24, 25, 106]
    """
    if not isinstance(text, str):
        raise ValueError(f"card text must be a string, not {type(text).__name__}")
    seen = [0] * N_KINDS
    out = []
    for token in text.replace(",", " ").split():
        kind = _parse_kind(token)
        if seen[kind] >= N_COPIES:
            raise ValueError(f"card {token!r} given more than twice: the deck holds two of each")
        out.append(kind * N_COPIES + seen[kind])
        seen[kind] += 1
    return out


def kind_name(kind: int) -> str:
    """Return the notation of a card kind.

    Parameters
    ----------
    kind : int
        The kind, ``suit * 13 + rank`` (0..51), 52 the small joker, 53 the big joker.

    Returns
    -------
    str
        Its notation: rank then suit (``"TH"``), or ``"SJ"`` / ``"BJ"``.

    Examples
    --------
    >>> from shengji.cards import kind_name
    >>> kind_name(0), kind_name(21), kind_name(53)
    ('2S', 'TH', 'BJ')
    """
    if kind == SMALL_JOKER:
        return "SJ"
    if kind == BIG_JOKER:
        return "BJ"
    return RANKS[kind % N_RANKS] + SUITS[kind // N_RANKS]


def kind_of(card: int) -> int:
    """Return the kind of a physical card.

    Parameters
    ----------
    card : int
        A physical card id, 0..107 (``kind * 2 + copy``).

    Returns
    -------
    int
        Its kind, 0..53: both copies of a card have the same kind.

    Examples
    --------
    >>> from shengji.cards import kind_of
    >>> kind_of(42), kind_of(43)
    (21, 21)
    """
    return int(card) // N_COPIES


def kind_points(kind: int) -> int:
    """Return the points of a card kind (docs/rules.md §5).

    Parameters
    ----------
    kind : int
        The kind, 0..53.

    Returns
    -------
    int
        5 for a five, 10 for a ten or a king, 0 for any other card and the jokers.

    Examples
    --------
    >>> from shengji.cards import kind_points
    >>> kind_points(3), kind_points(21), kind_points(52)
    (5, 10, 0)
    """
    if kind >= SMALL_JOKER:
        return 0
    rank = kind % N_RANKS
    return 5 if rank == 3 else 10 if rank in (8, 11) else 0


def card_points(cards) -> int:
    """Return the points of some cards (docs/rules.md §5).

    Each five counts 5, each ten and king 10, the other cards and the jokers nothing; the
    108 cards hold 200 points.

    Parameters
    ----------
    cards : int, sequence of int, or str
        One physical card id, a sequence of ids, or cards in the text notation.

    Returns
    -------
    int
        Their points.

    Raises
    ------
    ValueError
        For an id that is not an integer in 0..107, or unknown card text.

    Examples
    --------
    >>> import shengji
    >>> shengji.card_points("5H TC KD 3S")
    25
    >>> shengji.card_points(42)                # a ten of hearts, by its id
    10
    """
    if isinstance(cards, str):
        cards = parse_cards(cards)
    elif not hasattr(cards, "__iter__"):
        cards = [cards]
    points = 0
    for c in cards:  # bots call this on every candidate play: one lookup per card
        points += _ID_POINTS[c if type(c) is int and 0 <= c < N_CARDS else _check_id(c)]
    return points


def _check_id(card) -> int:
    if isinstance(card, (bool, np.bool_)):  # True == 1, but a flag is no card
        raise ValueError(f"card id {card!r} is a bool, not an integer in 0..107")
    try:
        c = int(card)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an infinite float
        raise ValueError(f"card id {card!r:.40} is not an integer in 0..107") from None
    if c != card or not 0 <= c < N_CARDS:
        raise ValueError(f"card id {card!r} is out of range: ids run 0..107")
    return c


def format_cards(cards: Iterable[int]) -> str:
    """Return the text notation of physical cards.

    Parameters
    ----------
    cards : iterable of int
        Physical card ids, 0..107.

    Returns
    -------
    str
        The cards, space-separated, rank then suit (``T`` for a ten; ``SJ``, ``BJ``).

    Raises
    ------
    ValueError
        For an id that is not an integer in 0..107.

    See Also
    --------
    parse_cards : The inverse.

    Examples
    --------
    >>> import shengji
    >>> shengji.format_cards([0, 24, 25, 42, 106])
    '2S AS AS TH BJ'
    """
    return " ".join(kind_name(_check_id(c) // N_COPIES) for c in cards)


def as_cards(cards) -> list[int]:
    """Return cards given as text or as ids, as validated physical ids.

    Parameters
    ----------
    cards : str or iterable of int
        Cards in the text notation, or physical card ids.

    Returns
    -------
    list of int
        The physical ids.

    Raises
    ------
    ValueError
        For an unknown card, an id out of range, or the same physical card twice.

    Examples
    --------
    >>> from shengji.cards import as_cards
    >>> as_cards("TH TH"), as_cards([42, 43])
    ([42, 43], [42, 43])
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    out = [_check_id(c) for c in cards]
    if len(set(out)) != len(out):
        dup = next(c for c in out if out.count(c) > 1)
        raise ValueError(f"card id {dup} ({kind_name(dup // 2)}) given twice")
    return out


def cards_argument(cards, what: str) -> list[int]:
    """``as_cards`` of an argument named ``what``: a bad value, or one of a type it does not
    take, refused with one ValueError line naming ``what`` (the checks of
    ``shengji.rules.combos`` and of the reference, ``shengji.reference``)."""
    try:
        return as_cards(cards)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None
    except TypeError:
        raise ValueError(
            f"{what}: expected card notation text or a sequence of card ids, "
            f"not {type(cards).__name__}"
        ) from None


_ID_POINTS = tuple(kind_points(c // N_COPIES) for c in range(N_CARDS))  # card_points

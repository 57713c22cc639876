"""The rules engine's public API: combinations, follow legality, trick winner, throw check,
kitty multiplier and level change (docs/rules.md §3–6, defined exactly in docs/rules-engine.md).

Every function validates its input here, once, and then calls the C core
(``shengji._core.rules.combos``).  Cards are notation text (``"AS AS 2H"``) or sequences of
physical ids (``shengji.cards.as_cards``); ``trump`` is a ``shengji.Trump`` or a
``(level, suit)`` tuple; ``rules`` is a ``Rules``, a preset name, a dict of options or None.

>>> classify("9C 9C 7C 7C", ("8", "S")).kind
'tractor'
>>> trick_winner(["KC KC", "4H 5H", "3H 3H", "4C 6C"], ("2", "H"))
2
"""

from __future__ import annotations

from numbers import Integral
from typing import NamedTuple

import numpy as np

from shengji._core.rules import combos as _core
from shengji._core.rules import scoring as _scoring
from shengji.cards import N_COPIES, N_KINDS, cards_argument, kind_name, parse_rank
from shengji.names import FOLLOW_NAMES, SHAPE_NAMES, SIDE_NAMES
from shengji.rules import pack
from shengji.rules.options import Rules, resolve_rules
from shengji.rules.trump import Trump, resolve_trump

__all__ = [
    "Combo",
    "ShapeMatch",
    "classify",
    "is_legal_follow",
    "trick_winner",
    "check_throw",
    "match_shape",
    "kitty_multiplier",
    "level_change",
]

SHAPES = SHAPE_NAMES  # ("single", "pair", "tractor", "throw")
SUITS = FOLLOW_NAMES  # ("S", "H", "C", "D", "T")
SIDES = SIDE_NAMES  # ("banker", "defenders")


class Combo:
    """A classified combination (docs/rules-engine.md "Decomposition").

    What :func:`classify` returns; ``len(combo)`` is its number of cards, and Jupyter shows
    it as cards.

    Parameters
    ----------
    kind : str
        ``"single"``, ``"pair"``, ``"tractor"`` or ``"throw"``.
    suit : str
        Its following-suit: ``"S"``, ``"H"``, ``"C"``, ``"D"``, or ``"T"`` for trump.
    pairs : int
        The pairs in its largest pair or tractor component (a tractor of n pairs: n; a
        pair: 1; 0 when there is none).
    cards : sequence of int
        The physical ids as given (a component lists its own, in the given order).
    top_order : int
        The order of its highest card (``Trump.order``).
    top_kind : int
        That card's kind (the smallest kind id among equal highest cards).
    components : list of Combo, optional
        The parts of a throw, largest first; a combination that is not a throw is its own
        only component (the default).

    See Also
    --------
    classify : What builds them.

    Examples
    --------
    >>> import shengji
    >>> c = shengji.classify("AS KS KS", ("2", "H"))
    >>> c.kind, c.suit, [part.kind for part in c.components]
    ('throw', 'S', ['pair', 'single'])
    >>> c.components[0]
    Combo(pair, S, 'KS KS')
    """

    __slots__ = ("kind", "suit", "pairs", "components", "cards", "top_order", "top_kind")

    def __init__(self, kind, suit, pairs, cards, top_order, top_kind, components=None):
        self.kind = kind
        self.suit = suit
        self.pairs = pairs
        self.cards = list(cards)
        self.top_order = top_order
        self.top_kind = top_kind
        self.components = [self] if components is None else list(components)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def kinds(self) -> list[int]:
        """The kinds of its cards (``card // 2``), in the order of ``cards``."""
        return [c // N_COPIES for c in self.cards]

    def __repr__(self) -> str:
        from shengji.cards import format_cards

        if self.kind == "throw":
            inner = ", ".join(repr(c) for c in self.components)
            return f"Combo(throw, {self.suit}, [{inner}])"
        return f"Combo({self.kind}, {self.suit}, {format_cards(self.cards)!r})"

    def _repr_html_(self) -> str:
        from shengji.render.cards import combo_html

        return combo_html(self)


# -- input validation ----------------------------------------------------------------------


def _counts(ids) -> np.ndarray:
    counts = np.zeros(N_KINDS, dtype=np.uint8)
    for c in ids:
        counts[c // N_COPIES] += 1
    return counts


def _check_coexist(groups, what: str) -> None:
    """Cards that must coexist may hold a kind at most twice.  Each text argument is
    parsed on its own (copy 0 first), so compare kinds, not physical ids."""
    total = [0] * N_KINDS
    for ids in groups:
        for c in ids:
            total[c // N_COPIES] += 1
    for kind, n in enumerate(total):
        if n > N_COPIES:
            raise ValueError(
                f"{what}: {kind_name(kind)} appears {n} times, but the deck holds two of each card"
            )


def _rules(rules) -> Rules:
    """This API's rules argument (a ``Rules``, a preset name, a dict of options or None): the
    edge, resolved once per call."""
    return resolve_rules(rules)


def _trump_rules(trump, rules) -> tuple[Trump, dict[str, int]]:
    """The trump and the rules as the core takes them (packed: ``shengji.rules.pack``)."""
    return resolve_trump(trump), pack.rules(_rules(rules))


def _describe_suits(ids, t: Trump) -> str:
    return ", ".join(sorted({t.follow_suit(c) for c in ids}))


def _check_combination(ids, t: Trump, what: str) -> None:
    if not ids:
        raise ValueError(f"{what}: cannot classify an empty set of cards")
    tables = t.tables()[0]
    if len({int(tables[c // N_COPIES]) for c in ids}) != 1:
        raise ValueError(
            f"{what}: cards of more than one following-suit "
            f"({_describe_suits(ids, t)}) do not form one combination"
        )


def _build(raw, ids) -> Combo:
    suit, shape, pairs, top_order, top_kind, comps = raw
    parts = []
    for c_shape, length, c_top, c_kind, kinds in comps:
        wanted = set(kinds)
        part_ids = [c for c in ids if c // N_COPIES in wanted]
        parts.append(Combo(SHAPES[c_shape], SUITS[suit], length, part_ids, c_top, c_kind))
    if len(parts) == 1:
        return parts[0]
    return Combo("throw", SUITS[suit], pairs, ids, top_order, top_kind, parts)


# -- the API ------------------------------------------------------------------------------


def classify(cards, trump, rules=None) -> Combo:
    """Classify cards of one following-suit: a single, a pair, a tractor, or a throw.

    A throw is decomposed into its single, pair and tractor components, the largest first
    (docs/rules-engine.md "Decomposition").

    Parameters
    ----------
    cards : str or sequence of int
        The cards: text (``"AS AS KS KS"``) or physical ids.
    trump : Trump or tuple
        The trump: a :class:`Trump` or a ``(level, suit)`` tuple (suit None or ``"NT"``
        for no-trump).
    rules : Rules, str, dict or None, optional
        The rules (``tractor_gap``, ``trump_chain`` shape tractors); default the standard.

    Returns
    -------
    Combo
        The combination.

    Raises
    ------
    ValueError
        For no cards, unknown cards, or cards of more than one following-suit.

    Examples
    --------
    >>> import shengji
    >>> t = shengji.Trump("2", "H")                     # level 2, hearts trump
    >>> shengji.classify("AS AS KS KS", t).kind
    'tractor'
    >>> shengji.classify("2S 2S 2H 2H", t).kind         # the level cards, in trump
    'tractor'
    >>> shengji.classify("9C 9C 7C 7C", ("8", "S")).kind   # 8s are trump: 9-7 joins
    'tractor'
    """
    ids = cards_argument(cards, "cards")
    t, r = _trump_rules(trump, rules)
    _check_combination(ids, t, "classify")
    raw = _core.classify(_counts(ids), t.level_rank, t.suit_index, r)
    return _build(raw, ids)


def is_legal_follow(hand, lead, play, trump, rules=None) -> bool:
    """Return whether a seat may answer a lead with a play (docs/rules.md §4).

    Parameters
    ----------
    hand : str or sequence of int
        The seat's cards before it plays.
    lead : str or sequence of int
        The trick's lead: cards of one following-suit.
    play : str or sequence of int
        The answer.
    trump : Trump or tuple
        The trump (a :class:`Trump` or ``(level, suit)``).
    rules : Rules, str, dict or None, optional
        The rules; default the standard.

    Returns
    -------
    bool
        Whether the play is legal: False too for a play of the wrong size or with cards
        the hand lacks.

    Raises
    ------
    ValueError
        For unknown cards, a card three times among hand and lead, or a lead of more than
        one following-suit.

    Examples
    --------
    >>> import shengji
    >>> t = shengji.Trump("2", "H")
    >>> shengji.is_legal_follow("AS 3S 4H 5H", "QS", "AS", t)
    True
    >>> shengji.is_legal_follow("AS 3S 4H 5H", "QS", "4H", t)     # must follow spades
    False
    """
    hand_ids = cards_argument(hand, "hand")
    lead_ids = cards_argument(lead, "lead")
    play_ids = cards_argument(play, "play")
    _check_coexist([hand_ids, lead_ids], "hand and lead")
    _check_coexist([play_ids], "play")
    t, r = _trump_rules(trump, rules)
    _check_combination(lead_ids, t, "lead")
    if len(play_ids) != len(lead_ids):
        return False
    hand_c, play_c = _counts(hand_ids), _counts(play_ids)
    if np.any(play_c > hand_c):
        return False
    return _core.legal_follow(hand_c, _counts(lead_ids), play_c, t.level_rank, t.suit_index, r)


def trick_winner(plays, trump, rules=None) -> int:
    """Return which play wins a trick (docs/rules.md §4).

    Parameters
    ----------
    plays : sequence
        The plays in playing order, the lead first, each cards as text or ids, all of the
        lead's size.
    trump : Trump or tuple
        The trump (a :class:`Trump` or ``(level, suit)``).
    rules : Rules, str, dict or None, optional
        The rules; default the standard.

    Returns
    -------
    int
        The index in ``plays`` of the winning play (the first of equal plays wins).

    Raises
    ------
    ValueError
        For no plays, plays of different sizes, unknown cards, a card three times, or a
        lead of more than one following-suit.

    Examples
    --------
    >>> import shengji
    >>> t = shengji.Trump("2", "H")
    >>> shengji.trick_winner(["KC KC", "4H 5H", "3C 4C", "3H 3H"], t)   # only a pair ruffs
    3
    """
    if isinstance(plays, str):
        raise ValueError("plays: expected a sequence of plays (one per seat), not one string")
    try:
        plays = list(plays)
    except TypeError:
        raise ValueError(
            f"plays: expected a sequence of plays, not {type(plays).__name__}"
        ) from None
    if not plays:
        raise ValueError("plays: a trick needs at least the lead")
    ids = [cards_argument(p, f"play {i}") for i, p in enumerate(plays)]
    _check_coexist(ids, "plays")
    t, r = _trump_rules(trump, rules)
    n = len(ids[0])
    if n == 0:
        raise ValueError("plays: the lead is empty")
    for i, p in enumerate(ids[1:], start=1):
        if len(p) != n:
            raise ValueError(
                f"plays: every play must have the lead's size {n}; play {i} has {len(p)}"
            )
    _check_combination(ids[0], t, "lead")
    counts = np.stack([_counts(p) for p in ids])
    return int(_core.trick_winner(counts, t.level_rank, t.suit_index, r))


def check_throw(lead, other_hands, trump, rules=None) -> tuple[bool, list[int]]:
    """Return whether a throw stands against the other hands (docs/rules.md §4).

    A throw stands when no other seat can beat any of its components in the same
    following-suit; otherwise the thrower must play the component that is beaten
    (docs/rules-engine.md "Throws").

    Parameters
    ----------
    lead : str or sequence of int
        The thrown cards, of one following-suit.
    other_hands : sequence
        The other seats' cards (each text or ids).
    trump : Trump or tuple
        The trump (a :class:`Trump` or ``(level, suit)``).
    rules : Rules, str, dict or None, optional
        The rules; default the standard.

    Returns
    -------
    stands : bool
        Whether the throw stands.
    forced : list of int
        When it does not, the lead's own ids of the component it must play instead;
        else empty.

    Raises
    ------
    ValueError
        For unknown cards, a card three times, or a lead of more than one following-suit.

    Examples
    --------
    >>> import shengji
    >>> t = shengji.Trump("2", "H")
    >>> shengji.check_throw("AS KS KS", ["QS QS 3D", "4C"], t)
    (True, [])
    >>> stands, forced = shengji.check_throw("AS QS QS", ["KS KS 3D", "4C"], t)
    >>> stands, shengji.format_cards(forced)
    (False, 'QS QS')
    """
    lead_ids = cards_argument(lead, "lead")
    if isinstance(other_hands, str):
        raise ValueError("other_hands: expected a sequence of hands, not one string")
    try:
        other_hands = list(other_hands)
    except TypeError:
        raise ValueError(
            f"other_hands: expected a sequence of hands, not {type(other_hands).__name__}"
        ) from None
    others = [cards_argument(h, f"other hand {i}") for i, h in enumerate(other_hands)]
    _check_coexist([lead_ids, *others], "lead and other hands")
    t, r = _trump_rules(trump, rules)
    _check_combination(lead_ids, t, "lead")
    rows = (
        np.stack([_counts(h) for h in others]) if others else np.zeros((0, N_KINDS), dtype=np.uint8)
    )
    forced = _core.check_throw(_counts(lead_ids), rows, t.level_rank, t.suit_index, r)
    if forced is None:
        return True, []
    kinds = set(forced[4])
    return False, [c for c in lead_ids if c // N_COPIES in kinds]


class ShapeMatch(NamedTuple):
    """How cards of one following-suit meet a lead's shape (what :func:`match_shape` returns).

    docs/rules-engine.md "Placement", "Shape match" and "Key" define each field.

    Parameters
    ----------
    tractors : tuple of bool
        One flag per tractor component of the lead (largest first): the components the
        cards can hold at once, the lexicographically largest choice; for a hand's cards
        of the led suit, the tractors a follow must contain.
    has_shape : bool
        Whether the cards have the lead's size and decomposition (what a follow in the
        led suit or a ruff needs to win).
    key : int or None
        With the shape, the cards' key against the lead, read the strongest way the cards
        allow (compared with ``>`` in the trick); else None.

    Examples
    --------
    >>> import shengji
    >>> shengji.match_shape("9S 9S 8S 8S", "QS QS JS JS", ("2", "H"))
    ShapeMatch(tractors=(True,), has_shape=True, key=7)
    """

    tractors: tuple[bool, ...]
    has_shape: bool
    key: int | None


def match_shape(cards, lead, trump, rules=None) -> ShapeMatch:
    """Match cards of one following-suit against a lead's shape.

    Parameters
    ----------
    cards : str or sequence of int
        Cards of one following-suit, any number of them.
    lead : str or sequence of int
        The lead.
    trump : Trump or tuple
        The trump (a :class:`Trump` or ``(level, suit)``).
    rules : Rules, str, dict or None, optional
        The rules; default the standard.

    Returns
    -------
    ShapeMatch
        The tractors the cards can hold, whether they have the lead's shape, and their key.

    Raises
    ------
    ValueError
        For unknown cards, a card three times, or cards or a lead of more than one
        following-suit.

    Examples
    --------
    >>> import shengji
    >>> t = shengji.Trump("2", "H")
    >>> shengji.match_shape("9S 8S 8S 3S", "QS QS", t).has_shape
    False
    """
    ids = cards_argument(cards, "cards")
    lead_ids = cards_argument(lead, "lead")
    _check_coexist([ids, lead_ids], "cards and lead")
    t, r = _trump_rules(trump, rules)
    _check_combination(lead_ids, t, "lead")
    _check_combination(ids, t, "cards")
    placed, has, key = _core.match_shape(
        _counts(ids), _counts(lead_ids), t.level_rank, t.suit_index, r
    )
    return ShapeMatch(tuple(placed), bool(has), int(key) if has else None)


def kitty_multiplier(play, trump, rules=None) -> int:
    """Return the multiplier of the kitty's points for the last trick's winning play.

    The defenders add the kitty's points times this when they take the last trick
    (docs/rules.md §5; ``kitty_multiplier`` chooses the rule for tractors).

    Parameters
    ----------
    play : str or sequence of int
        The play that took the last trick, of one following-suit.
    trump : Trump or tuple
        The trump (a :class:`Trump` or ``(level, suit)``).
    rules : Rules, str, dict or None, optional
        The rules; default the standard.

    Returns
    -------
    int
        The multiplier: 2 for a single, 4 for a pair, more for tractors and throws.

    Raises
    ------
    ValueError
        For unknown cards or cards of more than one following-suit.

    Examples
    --------
    >>> import shengji
    >>> t = shengji.Trump("2", "H")
    >>> shengji.kitty_multiplier("3C", t), shengji.kitty_multiplier("AS AS KS KS", t)
    (2, 8)
    >>> shengji.kitty_multiplier("AS AS KS KS", t, rules="club-84022")   # power2
    8
    """
    ids = cards_argument(play, "play")
    t, r = _trump_rules(trump, rules)
    _check_combination(ids, t, "play")
    return int(_scoring.kitty_multiplier(_counts(ids), t.level_rank, t.suit_index, r))


def take_over_points(rules: Rules) -> int:
    """The smallest D at which the defenders take over under ``rules`` (80 in every level
    table)."""
    d = 0
    while _scoring.level_change(d, pack.rules(rules), -1)[0] == 0:
        d += 5
    return d


def level_change(defender_points, rules=None, *, level=None, overturns=0) -> tuple[str, int]:
    """Return who levels up after a hand, and by how many levels (docs/rules.md §6).

    Parameters
    ----------
    defender_points : int
        D, the defenders' points (table, kitty and penalties).
    rules : Rules, str, dict or None, optional
        The rules (``level_table``, ``level_cap``, ``must_play``, ...); default the
        standard.
    level : str, optional
        The current level (a rank) of the side that levels; with it, ``must_play`` ranks
        stop a jump (and ``must_play_strict`` holds defenders on one).
    overturns : int, default 0
        The hand's overturns: one more level each under ``overturn_levels = "stakes"``
        (``"overturner"`` is a match rule, ignored here).

    Returns
    -------
    side : str
        ``"banker"`` (the banker team levels up) or ``"defenders"`` (they take over).
    levels : int
        By how many levels (0 for a take-over without a jump).

    Raises
    ------
    ValueError
        For points or overturns that are not integers (overturns >= 0), or an unknown
        rank.

    Examples
    --------
    >>> import shengji
    >>> shengji.level_change(30), shengji.level_change(0), shengji.level_change(80)
    (('banker', 2), ('banker', 3), ('defenders', 0))
    >>> shengji.level_change(120, "school-cup")
    ('defenders', 1)
    """
    if isinstance(defender_points, bool) or not isinstance(defender_points, Integral):
        raise ValueError(f"defender_points must be an integer, got {defender_points!r}")
    if isinstance(overturns, bool) or not isinstance(overturns, Integral) or overturns < 0:
        raise ValueError(f"overturns must be an integer >= 0, got {overturns!r}")
    d = int(defender_points)
    r = _rules(rules)
    rank = -1 if level is None else parse_rank(str(level))
    if d > _CORE_MAX_POINTS or int(overturns) > _CORE_MAX_OVERTURNS:
        return _huge_level_change(d, r, rank, int(overturns))
    side, levels = _scoring.level_change(max(d, 0), pack.rules(r), rank, int(overturns))  # D < 0: 0
    return SIDES[side], int(levels)


# The core counts points in 64 bits and overturns in a C int; beyond these the jump only
# grows linearly.
_CORE_MAX_POINTS = 1 << 60
_CORE_MAX_OVERTURNS = 1 << 20


def _huge_level_change(d: int, r: Rules, rank: int, overturns: int) -> tuple[str, int]:
    """level_change for a D or an overturn count past the core's range: the same formula
    in Python integers."""
    if d <= _CORE_MAX_POINTS:
        code, levels = _scoring.level_change(max(d, 0), pack.rules(r), -1, 0)
        side = SIDES[code]
    else:
        take_over, step = (100, 20) if r.level_table == "step20" else (120, 40)
        side, levels = "defenders", 1 + (d - take_over) // step
    if r.overturn_levels == "stakes":
        levels += overturns
    if r.level_cap is not None:
        levels = min(levels, r.level_cap)
    if rank >= 0:
        must = sorted(parse_rank(x) for x in r.must_play)
        if r.must_play_strict and side == "defenders" and rank in must:
            return side, 0
        for m in must:
            if rank < m < rank + levels:
                levels = m - rank
                break
    return side, levels

"""What a deal must satisfy under a study's ``[deal]`` table, decided plainly from the
cards: the pure-Python twin of the conditional deals (shengji.studies.constraints parses
the table for the core; docs/conditional-deals.md has the syntax).

It shares no code with them: the fixed cards are read with the card notation, the
``where`` text is translated token by token into a Python expression over a table of
feature values and evaluated (Python's own precedence of ``not``/``and``/``or``, of
``*`` over ``+``/``-`` and its chained comparisons are the syntax's), and the features
are recomputed from the cards by ``shengji.reference.deal.hand_features``.

A fixed card is a card the slot holds: ``seat0 = "BJ"`` asks for at least one big joker
in seat 0 (the other copy is dealt with the rest and may join it), so a deal satisfies
the fixed cards when each slot holds at least the fixed copies of every kind.
"""

from __future__ import annotations

import re
from collections import Counter

from shengji.cards import kind_name, parse_cards
from shengji.names import N_CARDS, N_DEALT, N_KINDS, N_RANKS, N_SEATS, N_SUITS, SMALL_JOKER
from shengji.reference.deal import hand_features

SLOTS = ("seat0", "seat1", "seat2", "seat3", "kitty")
LENGTHS = ("length_s", "length_h", "length_c", "length_d")

_TOKENS = re.compile(
    r"\s*(?:(?P<ref>(seat[0-3]|kitty)\s*\.\s*(?P<name>[A-Za-z0-9_♠♥♣♦]+))"
    r"|(?P<num>\d+)|(?P<op>==|!=|<=|>=|<|>)|(?P<sym>[()+\-*])|(?P<word>and|or|not))"
)


def slots_of(deal, first_drawer: int = 0) -> list[list[int]]:
    """The five slots' cards of a deal in dealing order (108 ids; position i < 100 goes to
    seat (first_drawer + i) % 4, 100..107 are the kitty)."""
    cards = [int(c) for c in deal]
    if sorted(cards) != list(range(N_CARDS)):
        raise ValueError("a deal is the 108 card ids")
    out: list[list[int]] = [[] for _ in SLOTS]
    for i, c in enumerate(cards):
        out[(first_drawer + i) % N_SEATS if i < N_DEALT else 4].append(c)
    return out


def slot_features(cards: list[int], level: int) -> dict:
    """Every feature a ``where`` can name, of one slot's cards."""
    f = dict(hand_features(cards, level))
    kinds = [c // 2 for c in cards]
    for s, name in enumerate(LENGTHS):
        f[name] = sum(
            1 for k in kinds if k < SMALL_JOKER and k // N_RANKS == s and k % N_RANKS != level
        )
    counts = Counter(kinds)
    for k in range(N_KINDS):
        f[kind_name(k)] = counts.get(k, 0)
    assert len(LENGTHS) == N_SUITS
    return f


def _name(raw: str) -> str:
    """A feature's name as the table holds it: lower case, or a card kind's name."""
    low = raw.lower()
    if low in LENGTHS or low in hand_features([], 0):
        return low
    (card,) = parse_cards(raw)
    return kind_name(card // 2)


def _expression(where: str) -> str:
    out = []
    pos = 0
    text = where.rstrip()
    while pos < len(text):
        m = _TOKENS.match(text, pos)
        if m is None or m.end() == pos:
            raise ValueError(f"reference: cannot read {text[pos:]!r}")
        if m.group("ref"):
            slot = SLOTS.index(m.group(2))
            out.append(f"F[{slot}][{_name(m.group('name'))!r}]")
        else:
            out.append(next(v for k, v in m.groupdict().items() if v and k != "name"))
        pos = m.end()
    return " ".join(out)


def _slot_cards(value) -> list[int]:
    """A slot's fixed cards as the table may give them: card text, a list of card texts,
    or a list of physical ids (what a canonical table records when text would number the
    copies otherwise)."""
    if isinstance(value, str):
        return parse_cards(value)
    if all(isinstance(v, str) for v in value):
        return parse_cards(" ".join(value))
    return [int(v) for v in value]


def satisfies(deal, table: dict, level: int, first_drawer: int = 0) -> bool:
    """Whether a deal (108 card ids in dealing order, ``first_drawer`` drawing position 0)
    meets a ``[deal]`` table (seat0..seat3, kitty as card text, a list of card texts or a
    list of ids; where as text) at level rank ``level``."""
    slots = slots_of(deal, first_drawer)
    for s, name in enumerate(SLOTS):
        want = Counter(c // 2 for c in _slot_cards(table.get(name, "")))
        have = Counter(c // 2 for c in slots[s])
        if any(have[k] < n for k, n in want.items()):
            return False
    where = table.get("where")
    if where is None:
        return True
    if isinstance(where, (list, tuple)):
        where = " and ".join(f"({w})" for w in where)
    features = [slot_features(cards, level) for cards in slots]
    return bool(eval(_expression(where), {"__builtins__": {}}, {"F": features}))  # noqa: S307

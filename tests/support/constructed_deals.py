"""Constructed deals for the bidding tests: ``at(seat, r)`` is the dealing position of
seat's r-th card when seat 0 draws first; ``deal(placed, kitty)`` fills the rest of the 108
cards so that level cards and jokers not placed go to the kitty (and plain cards
elsewhere)."""

from __future__ import annotations

from shengji.cards import parse_cards


def at(seat: int, r: int) -> int:
    return 4 * r + seat


def deal(placed: dict, kitty: str = "", level: int = 0) -> list[int]:
    """108 card ids: `placed` maps position -> card text; `kitty` the first kitty cards."""
    deck = [None] * 108
    for text in placed.values():
        (_card,) = parse_cards(text)  # one card per position
    # give each placed text its physical copy: second use of a kind gets copy 1
    seen = {}
    for pos, text in placed.items():
        kind = parse_cards(text)[0] // 2
        copy = seen.get(kind, 0)
        seen[kind] = copy + 1
        deck[pos] = kind * 2 + copy
    for i, k in enumerate(parse_cards(kitty)):
        kind = k // 2
        copy = seen.get(kind, 0)
        seen[kind] = copy + 1
        deck[100 + i] = kind * 2 + copy
    rest = [c for c in range(108) if seen.get(c // 2, 0) <= c % 2]
    special = [c for c in rest if c // 2 >= 52 or (c // 2) % 13 == level]
    plain = [c for c in rest if c not in special]
    kitty_free = [p for p in range(100, 108) if deck[p] is None]
    if len(special) > len(kitty_free):
        raise AssertionError("place more level cards or jokers: the kitty cannot hold the rest")
    for p, c in zip(kitty_free, special, strict=False):
        deck[p] = c
    free = [p for p in range(108) if deck[p] is None]
    assert len(free) == len(plain)
    for p, c in zip(free, plain, strict=False):
        deck[p] = c
    assert sorted(deck) == list(range(108))
    return deck


# four level cards / jokers dealt harmlessly late (singles of different kinds, different
# seats), so that at most 8 remain for the kitty
def fill(placed, *extra):
    out = dict(placed)
    spots = [at(0, 24), at(1, 24), at(2, 24), at(3, 24)]
    for pos, card in zip(spots, extra, strict=False):
        out[pos] = card
    return out

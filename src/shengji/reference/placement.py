"""Placement for the reference: cutting a holding's pairs into a lead's tractors, exactly.

Written from docs/rules-engine.md "Placement", "Shape match" and "Key" (docs/rules.md
§3–4) as a plain exhaustive search, independently of the C core (which reasons about whole
runs as bins; this file never looks at runs).  A holding is reduced to its *pair state*: the
number of pairs at each chain position (more than one only at the parallel off-suit level
position).  The lead's tractor components, largest first, are then tried one after the
other: each is either left out or laid on every set of consecutive chain positions that
still hold an unused pair.  Sub-problems are memoised on (component index, pair state).

* ``best_fit`` — the lexicographically largest placement: component 0 placed if it can be
  at all, then component 1 if it can be together with the first, and so on (docs/rules.md
  §4 "largest component first").  Returned as a tuple of 0/1 flags, one per component.
* ``best_top`` — among the placements of *every* component, the highest chain position the
  top of component 0 can have (the key of a ruff or a follow: the strongest reading).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from shengji.reference.cardinfo import TrumpSpec, chain_of, order_of
from shengji.rules.options import Rules

PairState = tuple[int, ...]  # pairs held at chain position 0, 1, 2, ...


def pair_state(kinds, spec: TrumpSpec, rules: Rules) -> tuple[PairState, dict[int, int]]:
    """The pair state of a multiset of kinds of one following-suit, and the order of the
    cards at each position that holds a pair (parallel kinds share one order)."""
    counts = Counter(kinds)
    per_position: Counter[int] = Counter()
    order_at: dict[int, int] = {}
    for kind, n in counts.items():
        if n >= 2:
            position = chain_of(kind, spec, rules)
            per_position[position] += 1
            order_at[position] = order_of(kind, spec)
    size = max(per_position, default=-1) + 1
    return tuple(per_position[p] for p in range(size)), order_at


def tractor_tops(state: PairState, length: int) -> list[int]:
    """Every position that can be the top of a tractor of ``length`` pairs, highest first."""
    return [
        top
        for top in range(len(state) - 1, length - 2, -1)
        if all(state[p] > 0 for p in range(top - length + 1, top + 1))
    ]


def without_tractor(state: PairState, top: int, length: int) -> PairState:
    """The state after using one pair at each position ``top - length + 1 .. top``."""
    out = list(state)
    for p in range(top - length + 1, top + 1):
        out[p] -= 1
    return tuple(out)


def best_fit(state: PairState, lengths: tuple[int, ...]) -> tuple[int, ...]:
    """Lexicographically largest 0/1 placement flags of tractors of ``lengths`` (largest
    first) in ``state``."""

    @cache
    def best(i: int, st: PairState) -> tuple[int, ...]:
        if i == len(lengths):
            return ()
        everything = (1,) * (len(lengths) - i)
        found = (0,) + best(i + 1, st)
        for top in tractor_tops(st, lengths[i]):
            candidate = (1,) + best(i + 1, without_tractor(st, top, lengths[i]))
            if candidate > found:
                found = candidate
                if found == everything:
                    break  # nothing beats placing them all
        return found

    return best(0, tuple(state))


def fits_all(state: PairState, lengths: tuple[int, ...]) -> bool:
    """Can tractors of every one of ``lengths`` be laid in ``state`` at once?"""
    return all(best_fit(state, lengths))


def best_top(state: PairState, lengths: tuple[int, ...]) -> int | None:
    """The highest position the top of tractor ``lengths[0]`` can take in a placement of
    every one of ``lengths``; None when they cannot all be placed."""
    for top in tractor_tops(state, lengths[0]):
        if fits_all(without_tractor(state, top, lengths[0]), lengths[1:]):
            return top
    return None


def decomposition_shapes(state: PairState) -> set[tuple[int, ...]]:
    """Every way to cut the pairs of ``state`` into tractors and pairs, each given as the
    sorted (largest first) lengths of its parts (a pair is 1).  Plain enumeration: the
    lowest unused pair is either a pair on its own or the bottom of a tractor of any
    length that fits.  Used to check that classification picks the largest-first cut."""
    shapes: set[tuple[int, ...]] = set()

    def walk(st: PairState, parts: tuple[int, ...]) -> None:
        low = next((p for p, n in enumerate(st) if n), None)
        if low is None:
            shapes.add(tuple(sorted(parts, reverse=True)))
            return
        walk(without_tractor(st, low, 1), parts + (1,))
        length = 2
        while low + length <= len(st) and st[low + length - 1]:
            walk(without_tractor(st, low + length - 1, length), parts + (length,))
            length += 1

    walk(tuple(state), ())
    return shapes

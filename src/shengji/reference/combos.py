"""Combinations (docs/rules.md §3) for the reference: decomposition, runs, shape and keys.

Follows docs/rules-engine.md "Decomposition (classify)", "Placement" and "Shape match"
(the exact placement search itself is in placement.py).
Cards are handled as *kinds* (0..53); physical ids only travel along so that a combination
can report the cards it was given.
"""

from __future__ import annotations

from collections import Counter

from shengji.reference.cardinfo import TrumpSpec, chain_of, follow_suit_of, kinds_of, order_of
from shengji.reference.placement import best_fit, best_top, pair_state
from shengji.rules.options import Rules

SHAPE_RANK = {"single": 0, "pair": 1, "tractor": 2}


class Combo:
    """A classified combination.

    * ``kind``: ``"single"``, ``"pair"``, ``"tractor"`` or ``"throw"``;
    * ``suit``: following-suit, ``"S" "H" "C" "D"`` or ``"T"`` (trump);
    * ``pairs``: pairs in the largest pair/tractor component (tractor of n -> n, pair -> 1),
      0 when there is none;
    * ``components``: the parts, largest first (a non-throw's is ``[itself]``);
    * ``cards``: the physical card ids (a component lists its ids in the order given);
    * ``top_order``: order of the highest card.
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

    @property
    def size(self) -> int:
        return len(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def kinds(self) -> list[int]:
        return [c // 2 for c in self.cards]

    def __repr__(self) -> str:
        from shengji.cards import format_cards

        if self.kind == "throw":
            inner = ", ".join(repr(c) for c in self.components)
            return f"Combo(throw, {self.suit}, [{inner}])"
        return f"Combo({self.kind}, {self.suit}, {format_cards(self.cards)!r})"


# -- chain positions and runs -------------------------------------------------------------


def pairs_by_position(kinds, spec: TrumpSpec, rules: Rules) -> dict[int, list[int]]:
    """Chain position -> the kinds held twice at that position (smallest kind id first).

    Only off-suit level cards can share a position (parallel pairs)."""
    counts = Counter(kinds)
    table: dict[int, list[int]] = {}
    for kind in sorted(counts):
        if counts[kind] >= 2:
            table.setdefault(chain_of(kind, spec, rules), []).append(kind)
    return table


def maximal_runs(positions) -> list[tuple[int, int]]:
    """Maximal runs of consecutive integers, as (low, high) pairs, lowest first."""
    runs: list[tuple[int, int]] = []
    for p in sorted(set(positions)):
        if runs and runs[-1][1] == p - 1:
            runs[-1] = (runs[-1][0], p)
        else:
            runs.append((p, p))
    return runs


def run_length(run: tuple[int, int]) -> int:
    return run[1] - run[0] + 1


def _take_pair(table: dict[int, list[int]], position: int) -> int:
    """Use the unused pair with the smallest kind id at ``position``."""
    kind = table[position].pop(0)
    if not table[position]:
        del table[position]
    return kind


# -- decomposition ---------------------------------------------------------------------


def decompose(kinds, spec: TrumpSpec, rules: Rules) -> list[tuple[str, list[int]]]:
    """Split a one-following-suit multiset of kinds into components (docs steps 1–4).

    Returns ``(shape, kinds)`` pairs largest first; a tractor's kinds run from its top down.
    """
    unused = pairs_by_position(kinds, spec, rules)
    tractors: list[list[int]] = []
    while True:
        runs = [r for r in maximal_runs(unused) if run_length(r) >= 2]
        if not runs:
            break
        # longest run; ties: the highest top
        best = max(runs, key=lambda r: (run_length(r), r[1]))
        tractors.append([_take_pair(unused, p) for p in range(best[1], best[0] - 1, -1)])
    pair_kinds = [k for p in sorted(unused) for k in unused[p]]
    paired = {k for t in tractors for k in t} | set(pair_kinds)
    single_kinds = [k for k in kinds if k not in paired]

    def sort_key(item):
        shape, ks = item
        top = ks[0]
        return (-SHAPE_RANK[shape], -len(ks), -order_of(top, spec), top)

    comps = [("tractor", t) for t in tractors]
    comps += [("pair", [k]) for k in pair_kinds]
    comps += [("single", [k]) for k in single_kinds]
    comps.sort(key=sort_key)
    return comps


def classify_ids(ids: list[int], spec: TrumpSpec, rules: Rules) -> Combo:
    """Classify physical ids (already validated): docs "Decomposition (classify)"."""
    if not ids:
        raise ValueError("cannot classify an empty set of cards")
    kinds = kinds_of(ids)
    suits = {follow_suit_of(k, spec) for k in kinds}
    if len(suits) != 1:
        raise ValueError(
            "cards of more than one following-suit ("
            + ", ".join(sorted(suits))
            + ") do not form one combination"
        )
    suit = suits.pop()
    parts = []
    for shape, ks in decompose(kinds, spec, rules):
        wanted = set(ks)
        part_ids = [c for c in ids if c // 2 in wanted]
        pairs = len(ks) if shape in ("tractor", "pair") else 0
        parts.append(Combo(shape, suit, pairs, part_ids, order_of(ks[0], spec), ks[0]))
    if len(parts) == 1:
        return parts[0]
    top_kind = max(kinds, key=lambda k: (order_of(k, spec), -k))
    largest_pairs = next((p.pairs for p in parts if p.kind != "single"), 0)
    return Combo("throw", suit, largest_pairs, ids, order_of(top_kind, spec), top_kind, parts)


# -- shape and key (trick winner, follow legality) ---------------------------------------


def tractor_lengths(lead: Combo) -> tuple[int, ...]:
    """The lead's tractor components' lengths, largest first (its component order)."""
    return tuple(c.pairs for c in lead.components if c.kind == "tractor")


def tractor_fit(kinds, lead: Combo, spec: TrumpSpec, rules: Rules) -> tuple[int, ...]:
    """docs "Placement": which of the lead's tractor components ``kinds`` can hold at once,
    largest first (0/1 flags, lexicographically largest; placement.best_fit)."""
    state, _ = pair_state(kinds, spec, rules)
    return best_fit(state, tractor_lengths(lead))


def count_pairs(kinds) -> int:
    """Kinds held twice."""
    return sum(1 for n in Counter(kinds).values() if n >= 2)


def total_lead_pairs(lead: Combo) -> int:
    """NP: pairs in the lead's pair and tractor components."""
    return sum(c.pairs for c in lead.components)


def has_lead_shape(kinds, lead: Combo, spec: TrumpSpec, rules: Rules) -> bool:
    """docs "Shape match": every tractor component placed at once, and enough pairs left
    over for the pair components (singles need nothing: the sizes are equal)."""
    lengths = tractor_lengths(lead)
    n_pairs = sum(1 for c in lead.components if c.kind == "pair")
    return (
        all(tractor_fit(kinds, lead, spec, rules)) and count_pairs(kinds) - sum(lengths) >= n_pairs
    )


def shape_key(kinds, lead: Combo, spec: TrumpSpec, rules: Rules) -> int:
    """docs "Key": compare a play matching the lead by the lead's largest component, read
    the strongest way the play allows; -1 when it has no such part."""
    first = lead.components[0]
    if first.kind == "tractor":
        state, order_at = pair_state(kinds, spec, rules)
        top = best_top(state, tractor_lengths(lead))
        return -1 if top is None else order_at[top]
    if first.kind == "pair":
        table = pairs_by_position(kinds, spec, rules)
        return max((order_of(k, spec) for ks in table.values() for k in ks), default=-1)
    return max(order_of(k, spec) for k in kinds)

"""A ``DealConstraint`` compiled for the core: how each level's deals are drawn, checked
once (docs/conditional-deals.md).

``compile_deal(constraint, level)`` decides how the predicate is met and builds the core's
``DealSpec``:

* the comparisons are read as features of the slots (``Ref``), and each top-level ``and``
  clause whose terms are all one slot's *additive* features (a sum over its cards: trumps,
  points, level cards, jokers, a suit's plain length, a card's copies; and the longest
  side suit, a maximum of the four lengths) is a candidate for the **exact method**: the
  free cards are grouped into classes by what they add to those features, every vector of
  class counts the slot's free places can hold is enumerated (at most ``MAX_VECTORS``),
  weighted by its number of hands (prod C(N_c, k_c)) and kept when the clauses hold; the
  clauses' exact probability P is the kept weight over the whole;
* the slot with the smallest P is the anchor when ``method = "exact"``, or under
  ``"auto"`` when P < ``EXACT_BELOW`` (rejection costs 1/P candidate deals); otherwise the
  predicate is met by rejection alone.  The rest of the predicate is met by rejection on
  top of the anchor's exact draw;
* a predicate no deal can meet is refused here: a comparison whose range over the slots'
  possible holdings cannot meet it, or an anchor clause of probability 0.

The result is cached per (constraint, level, keep_fixed_order): a study compiles once per
process.  ``dealing(constraint, levels)`` is a fresh ``Dealing`` (the kernel's counters)
over the cached specs, one per chunk.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from shengji.cards import kind_points
from shengji.names import BIG_JOKER, N_CARDS, N_COPIES, N_RANKS, N_SUITS, SMALL_JOKER
from shengji.studies.constraints import (
    OPS,
    SLOT_SIZES,
    SLOTS,
    AllOf,
    Atom,
    DealConstraint,
    Node,
    Not,
    Ref,
    atoms_of,
    feature_id,
)

if TYPE_CHECKING:
    from shengji.runner.plan import Study

__all__ = [
    "Compiled",
    "compile_deal",
    "dealing",
    "EXACT_BELOW",
    "MAX_VECTORS",
    "slot_values",
    "check_deal",
    "chunk_dealing",
    "chunk_extras",
    "summary_lines",
    "levels_of",
]

EXACT_BELOW = Fraction(1, 4)  # "auto": exact below this probability, rejection above
MAX_VECTORS = 400_000  # count vectors the exact method enumerates at most
NOT_ADDITIVE = ("pairs", "level_pairs")  # not a sum over cards: rejection only
LENGTHS = ("length_s", "length_h", "length_c", "length_d")


@dataclass(frozen=True)
class Compiled:
    """One level's compiled constraint: ``method`` "fixed" (no predicate), "reject" or
    "exact"; ``anchor`` the exact method's slot (None); ``p_anchor`` the exact probability
    of the anchor's clauses (None without an anchor); ``vectors`` the count vectors kept;
    ``spec`` the core's DealSpec."""

    level: int
    method: str
    anchor: int | None
    p_anchor: float | None
    vectors: int
    spec: object

    def describe(self) -> str:
        if self.method == "exact":
            assert self.anchor is not None and self.p_anchor is not None
            return (
                f"exact draw of {SLOTS[self.anchor]} (its clauses hold with probability "
                f"{self.p_anchor:.4g}, {self.vectors:,} count vectors)"
            )
        if self.method == "reject":
            return "rejection"
        return "fixed cards only"


# -- what each card adds to each feature ---------------------------------------------------
@functools.lru_cache(maxsize=16)
def _card_table(level: int) -> dict[str, np.ndarray]:
    """Per physical card, what it adds to each additive feature at level rank ``level``
    (the core's lanes: docs/rules.md §1-2: jokers and level cards are trumps whatever the
    trump suit), plus the 54 kinds' copies."""
    kinds = np.arange(N_CARDS) // N_COPIES
    joker = kinds >= SMALL_JOKER
    is_level = ~joker & (kinds % N_RANKS == level)
    plain = [
        (~joker & ~is_level & (kinds // N_RANKS == s)).astype(np.int64) for s in range(N_SUITS)
    ]
    small = (kinds == SMALL_JOKER).astype(np.int64)
    big = (kinds == BIG_JOKER).astype(np.int64)
    lvl = is_level.astype(np.int64)
    always = lvl + small + big
    out = {
        "trumps_s": plain[0] + always,
        "trumps_h": plain[1] + always,
        "trumps_c": plain[2] + always,
        "trumps_d": plain[3] + always,
        "trumps_nt": always,
        "points": np.array([kind_points(int(k)) for k in kinds], np.int64),
        "level_cards": lvl,
        "small_jokers": small,
        "big_jokers": big,
    }
    for s, name in enumerate(LENGTHS):
        out[name] = plain[s]
    return out


def _card_values(ref_feature: str, level: int) -> np.ndarray:
    """What each card adds to an additive feature (a card kind: its copies)."""
    table = _card_table(level)
    if ref_feature in table:
        return table[ref_feature]
    from shengji.cards import kind_name

    names = [kind_name(k) for k in range(BIG_JOKER + 1)]
    kind = names.index(ref_feature)
    return ((np.arange(N_CARDS) // N_COPIES) == kind).astype(np.int64)


def _coordinates(features) -> list[str]:
    """The additive coordinates the features need (longest_side_suit: the four lengths)."""
    out: list[str] = []
    for f in features:
        for c in LENGTHS if f == "longest_side_suit" else (f,):
            if c not in out:
                out.append(c)
    return out


def slot_values(coords: dict[str, np.ndarray], feature: str) -> np.ndarray:
    """A feature's values from its coordinates' values (arrays)."""
    if feature == "longest_side_suit":
        return np.max(np.stack([coords[c] for c in LENGTHS]), axis=0)
    return coords[feature]


# -- the predicate over arrays of holdings ---------------------------------------------------
_CMP = {
    "==": np.equal,
    "!=": np.not_equal,
    "<": np.less,
    "<=": np.less_equal,
    ">": np.greater,
    ">=": np.greater_equal,
}


def _eval(node: Node, value) -> np.ndarray:
    """The predicate over arrays: ``value(ref)`` gives each holding's feature values."""
    if isinstance(node, Atom):
        total = sum(coef * value(ref) for coef, ref in node.terms)
        return _CMP[node.op](total, node.rhs)
    if isinstance(node, Not):
        return ~_eval(node.part, value)
    parts = [_eval(p, value) for p in node.parts]
    return np.logical_and.reduce(parts) if isinstance(node, AllOf) else np.logical_or.reduce(parts)


# -- ranges: a predicate no deal can meet ------------------------------------------------------
def _ref_range(ref: Ref, c: DealConstraint, level: int, free: np.ndarray) -> tuple[int, int]:
    """The values a slot's feature can take, given its fixed cards and the free cards (a
    bound: the true set lies inside)."""
    fixed = np.array(c.fixed[ref.slot], np.int64)
    cap = SLOT_SIZES[ref.slot] - len(fixed)
    if ref.feature in NOT_ADDITIVE:
        kinds = list(fixed // N_COPIES)
        pairs = [k for k in set(kinds) if kinds.count(k) == 2]
        if ref.feature == "level_pairs":
            pairs = [k for k in pairs if k < SMALL_JOKER and k % N_RANKS == level]
            return len(pairs), min(4, SLOT_SIZES[ref.slot] // 2)
        return len(pairs), SLOT_SIZES[ref.slot] // 2
    if ref.feature == "longest_side_suit":
        ranges = [_ref_range(Ref(ref.slot, f), c, level, free) for f in LENGTHS]
        return max(r[0] for r in ranges), max(r[1] for r in ranges)
    v = _card_values(ref.feature, level)
    base = int(v[fixed].sum()) if len(fixed) else 0
    pool = np.sort(v[free])
    lo = base + int(pool[:cap].sum())
    hi = base + int(pool[len(pool) - cap :].sum()) if cap else base
    return lo, hi


def _atom_range(atom: Atom, c, level, free) -> tuple[int, int]:
    """A bound on a comparison's left side.  Terms of one additive feature with one
    factor over several slots are bounded together (the slots share the deck: two
    seats' points sum to at most 200), the rest term by term."""
    lo = hi = 0
    groups: dict[tuple[str, int], list[int]] = {}
    for coef, ref in atom.terms:
        if ref.feature in NOT_ADDITIVE or ref.feature == "longest_side_suit":
            a, b = _ref_range(ref, c, level, free)
            lo += coef * (a if coef > 0 else b)
            hi += coef * (b if coef > 0 else a)
        else:
            groups.setdefault((ref.feature, coef), []).append(ref.slot)
    for (feature, coef), slots in groups.items():
        v = _card_values(feature, level)
        fixed = np.array([x for s in slots for x in c.fixed[s]], np.int64)  # distinct slots
        cap = sum(SLOT_SIZES[s] - len(c.fixed[s]) for s in slots)
        base = int(v[fixed].sum()) if len(fixed) else 0
        pool = np.sort(v[free])
        a = base + int(pool[:cap].sum())
        b = base + int(pool[len(pool) - cap :].sum()) if cap else base
        lo += coef * (a if coef > 0 else b)
        hi += coef * (b if coef > 0 else a)
    return lo, hi


def _possible(atom: Atom, lo: int, hi: int) -> tuple[bool, bool]:
    """(can hold, can fail) for a value in lo..hi."""
    op, r = atom.op, atom.rhs
    can = {
        "==": lo <= r <= hi,
        "!=": not (lo == hi == r),
        "<": lo < r,
        "<=": lo <= r,
        ">": hi > r,
        ">=": hi >= r,
    }[op]
    fail = {
        "==": not (lo == hi == r),
        "!=": lo <= r <= hi,
        "<": hi >= r,
        "<=": hi > r,
        ">": lo <= r,
        ">=": lo < r,
    }[op]
    return can, fail


def _never(node: Node, c, level, free) -> tuple[bool, bool, Atom | None]:
    """(can hold, can fail, an atom that never holds) over the ranges (three-valued)."""
    if isinstance(node, Atom):
        lo, hi = _atom_range(node, c, level, free)
        can, fail = _possible(node, lo, hi)
        return can, fail, None if can else node
    if isinstance(node, Not):
        can, fail, _ = _never(node.part, c, level, free)
        return fail, can, None
    results = [_never(p, c, level, free) for p in node.parts]
    if isinstance(node, AllOf):
        bad = next((r for r in results if not r[0]), None)
        return bad is None, any(r[1] for r in results), bad[2] if bad else None
    can = any(r[0] for r in results)
    return can, all(r[1] for r in results), None if can else results[0][2]


def _shared_total(clauses: list[Node], c: DealConstraint, level: int, free: np.ndarray) -> str:
    """The and-ed clauses asking several slots for more of one additive feature than those
    slots can hold together (``seat0.BJ == 2 and seat1.BJ >= 1``; two seats' points over
    200): the text of the reason, or "" when there is none."""
    lows: dict[str, dict[int, int]] = {}
    for clause in clauses:
        if not (isinstance(clause, Atom) and len(clause.terms) == 1):
            continue
        coef, ref = clause.terms[0]
        if ref.feature in NOT_ADDITIVE or ref.feature == "longest_side_suit":
            continue
        if clause.op in (">=", "=="):
            need = -(-clause.rhs // coef)
        elif clause.op == ">":
            need = clause.rhs // coef + 1
        else:
            continue
        feature = {"BJ": "big_jokers", "SJ": "small_jokers"}.get(ref.feature, ref.feature)
        per = lows.setdefault(feature, {})
        per[ref.slot] = max(per.get(ref.slot, 0), need)
    for feature, per in lows.items():
        if len(per) < 2:
            continue
        slots = sorted(per)
        joint = Atom(tuple((1, Ref(s, feature)) for s in slots), ">=", 0)
        _, hi = _atom_range(joint, c, level, free)
        if sum(per.values()) > hi:
            return (
                f"{', '.join(SLOTS[s] for s in slots)} are asked for {sum(per.values())} "
                f"{feature} in all; together they can hold at most {hi}"
            )
    return ""


def _range_text(atom: Atom, c, level, free) -> str:
    if len(atom.terms) == 1:
        ref = atom.terms[0][1]
        lo, hi = _ref_range(ref, c, level, free)
        return f"{SLOTS[ref.slot]} can hold {lo}..{hi} {ref.feature}"
    lo, hi = _atom_range(atom, c, level, free)
    return f"its left side can be {lo}..{hi}"


# -- the exact method -----------------------------------------------------------------------
def _count_vectors(sizes: list[int], h: int, limit: int) -> np.ndarray | None:
    """Every vector k with 0 <= k_c <= sizes[c] and sum h, as an (n, len(sizes)) array; None
    when there are more than ``limit``."""
    ways = [1] + [0] * h
    for n in sizes:
        ways = [sum(ways[s - k] for k in range(0, min(n, s) + 1)) for s in range(h + 1)]
    if ways[h] > limit:
        return None
    rows = np.zeros((1, 0), np.int64)
    sums = np.zeros(1, np.int64)
    for c, n in enumerate(sizes):
        after = sum(sizes[c + 1 :])
        parts, part_sums = [], []
        for k in range(n + 1):
            ok = (sums + k <= h) & (sums + k + after >= h)
            if ok.any():
                parts.append(np.column_stack([rows[ok], np.full(int(ok.sum()), k)]))
                part_sums.append(sums[ok] + k)
        rows = np.concatenate(parts)
        sums = np.concatenate(part_sums)
    return rows


@dataclass(frozen=True)
class _Anchor:
    slot: int
    p: Fraction  # the exact probability of the slot's clauses
    classes: list
    vecs: np.ndarray
    cum: np.ndarray


def _anchor_tables(
    slot: int, clauses: list[Node], c: DealConstraint, level: int, free: np.ndarray
) -> _Anchor | None:
    """The exact method's tables for ``slot`` and its clauses (None: too many vectors).

    The weights are exact integers (Python's): a vector's number of hands, prod C(N_c, k_c);
    the clauses' probability is their sum over C(n_free, h) (Vandermonde), a Fraction; the
    kernel's cumulative weights are each weight's share of 2^62, rounded down (at least 1),
    so that the tables -- and so the deals -- are the same on every machine."""
    refs = {r.feature for clause in clauses for a in atoms_of(clause) for _, r in a.terms}
    coords = _coordinates(sorted(refs))
    values = np.stack([_card_values(f, level) for f in coords], axis=1)  # (card, coord)
    keys: dict[tuple, list[int]] = {}
    for card in free:
        keys.setdefault(tuple(values[card]), []).append(int(card))
    classes = list(keys.values())
    if len(classes) > 48:  # cond.pxd MAX_CLASSES
        return None
    sizes = [len(x) for x in classes]
    h = SLOT_SIZES[slot] - len(c.fixed[slot])
    vecs = _count_vectors(sizes, h, MAX_VECTORS)
    if vecs is None:
        return None
    fixed = np.array(c.fixed[slot], np.int64)
    base = values[fixed].sum(axis=0) if len(fixed) else np.zeros(len(coords), np.int64)
    class_values = np.array([values[x[0]] for x in classes])  # (class, coord)
    totals = base[None, :] + vecs @ class_values  # (vector, coord)
    coord_values = {f: totals[:, i] for i, f in enumerate(coords)}
    keep = np.ones(len(vecs), bool)
    for clause in clauses:
        keep &= _eval(clause, lambda ref: slot_values(coord_values, ref.feature))
    kept = vecs[keep]
    if not len(kept):
        return _Anchor(slot, Fraction(0), classes, kept.astype(np.uint8), np.zeros(0, np.uint64))
    weights = np.ones(len(kept), dtype=object)
    for k, n in enumerate(sizes):
        table = np.array([math.comb(n, x) for x in range(n + 1)], dtype=object)
        weights = weights * table[kept[:, k]]
    total = int(weights.sum())
    units = [max(1, (int(w) << 62) // total) for w in weights]
    cum = np.cumsum(np.array(units, np.uint64))
    p = Fraction(total, math.comb(len(free), h))
    return _Anchor(slot, p, classes, kept.astype(np.uint8), cum)


def _anchorable(clause: Node) -> int | None:
    """The one slot a top-level clause is about, when all its features are additive."""
    slots = set()
    for a in atoms_of(clause):
        for _, ref in a.terms:
            if ref.feature in NOT_ADDITIVE:
                return None
            slots.add(ref.slot)
    return slots.pop() if len(slots) == 1 else None


def _postfix(node: Node, atoms: list[Atom], code: list[int]) -> None:
    from shengji.names import DEAL_CODE as CODE

    if isinstance(node, Atom):
        atoms.append(node)
        code.append(len(atoms) - 1)
    elif isinstance(node, Not):
        _postfix(node.part, atoms, code)
        code.append(CODE["not"])
    else:
        op = CODE["and"] if isinstance(node, AllOf) else CODE["or"]
        for i, p in enumerate(node.parts):
            _postfix(p, atoms, code)
            if i:
                code.append(op)


@functools.lru_cache(maxsize=64)
def compile_deal(c: DealConstraint, level: int, keep_fixed_order: bool = False) -> Compiled:
    """The constraint at level rank ``level`` (module docstring); ValueError (one line)
    when no deal can meet it, or ``method = "exact"`` finds no clause to draw exactly."""
    from shengji.door import DealSpec
    from shengji.names import RANKS

    at = f" at level {RANKS[level]}"
    fixed_set = c.fixed_cards
    free = np.array([x for x in range(N_CARDS) if x not in fixed_set], np.int64)
    atoms: list[Atom] = []
    code: list[int] = []
    anchor: _Anchor | None = None
    if c.where is not None:
        can, _, bad = _never(c.where, c, level, free)
        if not can:
            if bad is not None:
                raise ValueError(
                    f"deal.where: no deal can meet it{at}: {bad} never holds "
                    f"({_range_text(bad, c, level, free)})"
                )
            raise ValueError(f"deal.where: no deal can meet it{at}")
        clauses: list[Node] = list(c.where.parts) if isinstance(c.where, AllOf) else [c.where]
        shared = _shared_total(clauses, c, level, free)
        if shared:
            raise ValueError(f"deal.where: no deal can meet it{at}: {shared}")
        by_slot: dict[int, list[Node]] = {}
        for clause in clauses:
            slot = _anchorable(clause)
            if slot is not None:
                by_slot.setdefault(slot, []).append(clause)
        candidates = []
        for slot, slot_clauses in by_slot.items():
            if SLOT_SIZES[slot] == len(c.fixed[slot]):
                continue  # a full slot: its clauses are constant (the ranges decided)
            t = _anchor_tables(slot, slot_clauses, c, level, free)
            if t is None:
                continue
            if t.p == 0:
                raise ValueError(
                    f"deal.where: no deal can meet it{at}: no {SLOTS[slot]} holding meets "
                    + " and ".join(str(x) for x in slot_clauses)
                )
            candidates.append(t)
        best = min(candidates, key=lambda t: (t.p, t.slot)) if candidates else None
        if c.method == "exact":
            if best is None:
                raise ValueError(
                    "deal.method = 'exact': no top-level clause of the where is about one "
                    "slot's additive features (trumps, points, jokers, level cards, lengths, "
                    "cards; pairs are not additive) within "
                    f"{MAX_VECTORS:,} count vectors"
                )
            anchor = best
        elif c.method == "auto" and best is not None and best.p < EXACT_BELOW:
            anchor = best
        _postfix(c.where, atoms, code)
    core_atoms = [
        (
            [(ref.slot, feature_id(ref.feature), coef) for coef, ref in a.terms],
            OPS.index(a.op),
            a.rhs,
        )
        for a in atoms
    ]
    spec = DealSpec(
        level,
        [list(f) for f in c.fixed],
        keep_fixed_order,
        core_atoms,
        code,
        -1 if anchor is None else anchor.slot,
        [] if anchor is None else anchor.classes,
        None if anchor is None else anchor.vecs,
        None if anchor is None else anchor.cum,
    )
    method = "fixed" if c.where is None else "exact" if anchor is not None else "reject"
    return Compiled(
        level=level,
        method=method,
        anchor=None if anchor is None else anchor.slot,
        p_anchor=None if anchor is None else float(anchor.p),
        vectors=0 if anchor is None else len(anchor.vecs),
        spec=spec,
    )


def dealing(c: DealConstraint, levels, keep_fixed_order: bool = False):
    """A fresh ``Dealing`` (the kernel's counters) over the compiled specs of ``levels``."""
    from shengji.door import Dealing, DealSpec

    specs: list[DealSpec] = []
    for lv in sorted(set(levels)):
        spec = compile_deal(c, lv, keep_fixed_order).spec
        assert isinstance(spec, DealSpec)
        specs.append(spec)
    return Dealing(specs)


# -- the studies' side -------------------------------------------------------------------
MULTI_HAND_KINDS = ("match",)  # kinds whose item is several hands (the hands key)


def levels_of(kind: str, level: str) -> tuple[int, ...]:
    """The level ranks a run of ``kind`` at ``level`` deals at: a match's hands move through
    the levels (every one is prepared), any other kind's are at its level."""
    from shengji.cards import parse_rank

    return tuple(range(N_RANKS)) if kind in MULTI_HAND_KINDS else (parse_rank(level),)


def check_deal(table, kind: Study, level: str) -> DealConstraint | None:
    """A study's ``[deal]`` table, parsed and compiled at the levels its run deals at
    (cached), so that what no deal can meet is refused before the run; ConfigError (one
    line).  None for an empty table.  ``kind``: the study kind (``Study``); one that does
    not take a table (``Study.takes_deal``) refuses any but an empty one."""
    from shengji.runner.plan import ConfigError
    from shengji.studies.constraints import parse_deal

    try:
        deal = parse_deal(table)
        if deal is None:
            return None
        if not kind.takes_deal:
            raise ValueError(f"deal: the {kind.name} study takes no [deal] table: {kind.no_deal}")
        if deal.hands != "every" and kind.name not in MULTI_HAND_KINDS:
            raise ValueError(
                f"deal.hands: a {kind.name} study deals one hand an item; hands = 'first' is "
                "a match's (its first hand alone conditioned)"
            )
        for lv in levels_of(kind.name, level):
            compile_deal(deal, lv)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    return deal


def chunk_dealing(cfg):
    """The conditional dealing of one chunk of a run (a fresh Dealing: its own counts), or
    None when the run has no ``[deal]`` table."""
    if cfg.deal is None:
        return None
    return dealing(cfg.deal, levels_of(cfg.study, cfg.level))


def chunk_extras(deal) -> tuple[dict, dict | None]:
    """(stats, file metadata) of a chunk dealt by ``deal`` (None: none, and no metadata):
    the deals dealt and the candidate deals drawn (their ratio is the acceptance)."""
    if deal is None:
        return {}, None
    stats = {"deal_deals": int(deal.accepted), "deal_tries": int(deal.tries)}
    return stats, {"deal_stats": {"deals": stats["deal_deals"], "tries": stats["deal_tries"]}}


def summary_lines(cfg, stats: dict) -> list[str]:
    """The summary's line for a run with a ``[deal]`` table (none without one): the
    constraint, how it is met at the run's level, the acceptance rate."""
    if cfg.deal is None or "deal_tries" not in stats:
        return []
    from shengji.cards import parse_rank

    deals, tries = stats["deal_deals"], stats["deal_tries"]
    how = compile_deal(cfg.deal, parse_rank(cfg.level)).describe()
    rate = deals / tries if tries else 1.0
    return [
        f"deal: {cfg.deal.describe()}; {how}; acceptance {rate:.4g} ({tries:,} candidate "
        f"deals for {deals:,} dealt)"
    ]

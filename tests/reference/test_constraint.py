"""The conditional deals against their pure-Python twin (``shengji.reference.constraint``):
for random ``[deal]`` tables -- cards fixed to random slots, a random predicate over every
feature (sums of slots, card kinds, and/or/not, chained comparisons) -- every deal the
kernel deals satisfies the twin, in both of the kernel's ways of dealing (the deal study's
sets, the drivers' dealing order with any first drawer) and under both methods (rejection,
the exact draw); and on plain deals the kernel's own evaluation of a predicate is the
twin's, both ways.

Randomness: hypothesis draws the table's text and a seed; the deals come from the core's
streams (chunk_state(seed))."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from shengji._core.base.rng import chunk_state, order_state
from shengji._core.deal.cond import cond_deal_chunk, deal_orders
from shengji._core.deal.spec import Dealing
from shengji.cards import kind_name
from shengji.reference.constraint import satisfies
from shengji.studies.conditioned import compile_deal
from shengji.studies.constraints import FEATURES, parse_deal

SETTINGS = dict(
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
SLOTS = ("seat0", "seat1", "seat2", "seat3", "kitty")
RANGES = {  # a plausible range of each feature (thresholds drawn inside it)
    "trumps_s": (3, 16),
    "trumps_h": (3, 16),
    "trumps_c": (3, 16),
    "trumps_d": (3, 16),
    "trumps_nt": (0, 6),
    "points": (0, 80),
    "level_cards": (0, 4),
    "small_jokers": (0, 2),
    "big_jokers": (0, 2),
    "pairs": (0, 6),
    "level_pairs": (0, 1),
    "longest_side_suit": (4, 11),
    "length_s": (2, 9),
    "length_h": (2, 9),
    "length_c": (2, 9),
    "length_d": (2, 9),
}
KINDS = ["AS", "10h", "BJ", "sj", "5D", "KC", "2s"]  # card kinds, in several spellings


@st.composite
def refs(draw):
    slot = draw(st.sampled_from(SLOTS))
    if draw(st.integers(0, 4)) == 0:
        return f"{slot}.{draw(st.sampled_from(KINDS))}", (0, 2), slot
    feature = draw(st.sampled_from(FEATURES))
    lo, hi = RANGES[feature]
    if slot == "kitty":
        lo, hi = lo // 3, max(1, hi // 3)
    return f"{slot}.{feature}", (lo, hi), slot


@st.composite
def comparisons(draw):
    op = draw(st.sampled_from(["==", "!=", "<", "<=", ">", ">="]))
    text, (lo, hi), _ = draw(refs())
    if draw(st.integers(0, 3)) == 0:  # a sum of two slots' features
        text2, (lo2, hi2), _ = draw(refs())
        text, lo, hi = f"{text} + {text2}", lo + lo2, hi + hi2
    rhs = draw(st.integers(lo, hi))
    if draw(st.integers(0, 5)) == 0:
        return f"{rhs - 2} <= {text} <= {rhs + 3}"  # a chain
    if draw(st.booleans()):
        return f"{text} {op} {rhs}"
    flip = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
    return f"{rhs} {flip} {text}"


def predicates(depth: int = 2):
    leaf = comparisons()
    if depth == 0:
        return leaf
    sub = predicates(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(sub, sub).map(lambda p: f"{p[0]} and {p[1]}"),
        st.tuples(sub, sub).map(lambda p: f"({p[0]} or {p[1]})"),
        sub.map(lambda p: f"not ({p})"),
    )


@st.composite
def tables(draw, with_where=True):
    """A [deal] table: a few cards fixed to random slots (as card text, a list of card
    texts or a list of ids: the three forms a table takes), a random where."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    table: dict = {}
    cards = rng.permutation(108)
    at = 0
    for slot, cap in zip(SLOTS, (25, 25, 25, 25, 8), strict=True):
        k = int(rng.integers(0, cap + 1)) if rng.random() < 0.35 else 0
        if k:
            chosen = [int(c) for c in cards[at : at + k]]
            form = int(rng.integers(0, 3))
            if form == 0:
                table[slot] = " ".join(kind_name(c // 2) for c in chosen)
            elif form == 1:
                table[slot] = [kind_name(c // 2) for c in chosen]
            else:
                table[slot] = chosen
            at += k
    if with_where:
        table["where"] = draw(predicates())
        table["method"] = draw(st.sampled_from(["auto", "auto", "reject", "exact"]))
    return table


def _compiled(table: dict, level: int):
    """The table's Dealing (max_tries small: a rare draw is skipped), or None when it is
    refused (no deal can meet it; no exact clause for method = "exact")."""
    try:
        c = parse_deal(table)
        spec = compile_deal(c, level).spec
    except ValueError:
        return None
    return Dealing([spec], max_tries=20_000)


@settings(max_examples=60, **SETTINGS)
@given(tables(), st.integers(0, 12), st.integers(0, 3), st.integers(0, 2**31))
def test_every_deal_of_the_kernel_satisfies_the_twin(table, level, first, seed):
    deal = _compiled(table, level)
    assume(deal is not None)
    try:
        rows = deal_orders(deal, chunk_state(seed), 12, level, first)
        cards = np.empty((12, 108), np.uint8)
        cond_deal_chunk(
            deal, chunk_state(seed), 12, level, cards=cards, order_state=order_state(seed, 0)
        )
    except ValueError as exc:  # too rare for 20,000 tries: nothing to check
        assert "no deal met" in str(exc)
        assume(False)
    for row in rows:
        assert satisfies(row, table, level, first), (table, level, first)
    for row in cards:
        assert satisfies(row, table, level, 0), (table, level)


@settings(max_examples=80, **SETTINGS)
@given(predicates(), st.integers(0, 12), st.integers(0, 2**31))
def test_the_kernels_evaluation_of_a_predicate_is_the_twins(where, level, seed):
    """On plain deals (a predicate only, accepted or not), DealSpec.evaluate -- the
    kernel's cond_eval over the lanes and kinds -- against the twin's evaluation of the
    same text: both outcomes occur."""
    try:
        spec = compile_deal(parse_deal({"where": where, "method": "reject"}), level).spec
    except ValueError:
        assume(False)
    plain = deal_orders(
        Dealing([compile_deal(parse_deal({"seat0": "BJ"}), level).spec]),
        chunk_state(seed),
        40,
        level,
    )
    for row in plain:
        assert spec.evaluate(row) == satisfies(row, {"where": where}, level), where


FIXED_CASES = (
    "seat0.points >= 40",
    "seat1.trumps_h + seat3.trumps_h >= 16",
    "not (kitty.points > 10 or seat2.AS == 1)",
    "seat2.pairs >= 4 and seat2.level_pairs == 0",
    "10 <= seat3.longest_side_suit <= 7 + 2 or seat0.length_d < 5",
    "seat1.BJ + seat1.SJ >= 1",
    "2*seat0.trumps_nt - seat2.trumps_nt > 0",
    "kitty.pairs == 0 and kitty.trumps_c >= 2",
)


@pytest.mark.parametrize("level", [0, 7, 12])
def test_the_differential_cases_meet_both_outcomes(level):
    """Fixed predicates on plain deals: kernel = twin, and each is true in some deals and
    false in others (the differential test is not vacuous)."""
    rows = deal_orders(
        Dealing([compile_deal(parse_deal({"seat1": "2S"}), level).spec]), chunk_state(1), 300, level
    )
    for where in FIXED_CASES:
        spec = compile_deal(parse_deal({"where": where, "method": "reject"}), level).spec
        got = [satisfies(r, {"where": where}, level) for r in rows]
        assert [spec.evaluate(r) for r in rows] == got, where
        assert 0 < sum(got) < len(got), where


EXACT_CASES = (
    {"where": "seat0.trumps_h >= 14"},
    {"seat2": "BJ 5S", "where": "seat2.points >= 60 and seat2.big_jokers == 2", "method": "exact"},
    {"kitty": "KS", "where": "kitty.points >= 35"},
    {"where": "seat3.longest_side_suit >= 10 and seat3.length_s <= 3"},
    {"seat1": "AS", "where": "seat1.AS + seat1.KS + seat1.QS == 6 and seat0.pairs >= 2"},
    {"where": "(seat1.level_cards >= 4 or seat1.trumps_nt >= 7) and kitty.SJ == 0"},
)


@pytest.mark.parametrize("table", EXACT_CASES, ids=[t["where"][:30] for t in EXACT_CASES])
@pytest.mark.parametrize("level", [0, 11])
def test_the_exact_method_deals_satisfy_the_twin(table, level):
    c = parse_deal(table)
    compiled = compile_deal(c, level)
    assert compiled.method == "exact", compiled.describe()
    deal = Dealing([compiled.spec])
    rows = deal_orders(deal, chunk_state(level), 200, level, level % 4)
    cards = np.empty((200, 108), np.uint8)
    cond_deal_chunk(deal, chunk_state(7), 200, level, cards=cards, order_state=order_state(7, 0))
    for row in rows:
        assert satisfies(row, table, level, level % 4)
    for row in cards:
        assert satisfies(row, table, level)


def test_the_twin_reads_a_slot_given_as_ids_or_as_a_list_of_texts():
    # the canonical table of a constraint given as ids keeps the ids (parse_deal's to_config)
    canonical = parse_deal({"seat0": [1]}).to_config()
    assert canonical == {"seat0": [1]}
    # dealt in id order: seat 0 holds ids 0, 4, 8... (2S, 4S, 6S...) and seat 2 ids 2, 6...
    # (3S, 5S...)
    deal = list(range(108))
    assert satisfies(deal, canonical, 0)
    assert satisfies(deal, {"seat0": ["2S", "4S"]}, 0)
    assert not satisfies(deal, {"seat0": ["3S"]}, 0)
    assert not satisfies(deal, {"seat2": [0]}, 0)
    assert satisfies(deal, {"seat2": [2, 6]}, 0)

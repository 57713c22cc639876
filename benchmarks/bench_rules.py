"""Rules-engine benchmarks: classification, follow legality and trick winner.

The core's batched entry points (``shengji._core.rules.combos.*_batch``: one call, a C loop over
every item) beside the pure-Python reference (``shengji.reference``, one call per item) on
the **same items**, in the same run.  Items come from seeded random deals at level 9,
hearts trump: leads are singles, pairs, tractors and throw-like sets of one following-suit
of a hand; follows are random, suit-only and pairs-first answers from another hand.

Kernels: ``rules.classify`` (items = combinations), ``rules.follow`` (items = (hand, lead,
play) triples), ``rules.winner`` (items = 4-play tricks), and ``rules.throws``: tricks led by
a throw with two or more tractor components (items = tricks; per trick the winner and the
three answers' follow legality), where the exact placement search runs (docs/rules-engine.md
"Placement").  Those come from dense deals at level 2, diamonds trump, of the trumps and
hearts only, both copies of a kind kept together, so that tractors, parallel level pairs and
multi-tractor throws are common.
"""

from __future__ import annotations

import numpy as np
import pytest

import shengji.reference as ref
from shengji import Trump
from shengji._core.rules import combos as core
from shengji.cards import N_CARDS, N_COPIES
from shengji.rules import pack
from shengji.rules.options import Rules

BATCHES = [1_000, 10_000]
TRUMP = Trump("9", "H")
RULES = Rules()
CORE_RULES = pack.rules(RULES)  # as the core's entry points take them
LEVEL, SUIT = TRUMP.level_rank, TRUMP.suit_index
HAND_WIDTH = 25  # a hand
PLAY_WIDTH = 12  # the largest lead the generator makes
SEED = 20240607
REFERENCE_ROUNDS = 3  # the reference takes ~0.1-1 s per call: time a few rounds only


def _follow(card: int) -> str:
    return TRUMP.follow_suit(card)


def _pairs(cards):
    groups: dict[int, list[int]] = {}
    for c in cards:
        groups.setdefault(c // N_COPIES, []).append(c)
    return [g for g in groups.values() if len(g) == N_COPIES]


def _lead(rng, hand):
    suits: dict[str, list[int]] = {}
    for c in hand:
        suits.setdefault(_follow(c), []).append(c)
    names = sorted(suits)
    cards = suits[names[int(rng.integers(len(names)))]]
    mode = int(rng.integers(4))
    pairs = _pairs(cards)
    if mode == 1 and pairs:
        return pairs[int(rng.integers(len(pairs)))]
    if mode == 2:
        tractors = [
            c.cards
            for s in names
            for c in ref.classify(suits[s], TRUMP).components
            if c.kind == "tractor"
        ]
        if tractors:
            return tractors[int(rng.integers(len(tractors)))][:PLAY_WIDTH]
    if mode >= 2 and len(cards) >= 2:
        k = int(rng.integers(2, min(len(cards), 6) + 1))
        return sorted(int(c) for c in rng.choice(cards, k, replace=False))
    return [cards[int(rng.integers(len(cards)))]]


def _answer(rng, hand, lead):
    n = len(lead)
    suit = _follow(lead[0])
    hs = [c for c in hand if _follow(c) == suit]
    mode = int(rng.integers(3))
    if mode == 0 or len(hs) <= n:
        if len(hs) <= n and mode:
            rest = [c for c in hand if c not in hs]
            return hs + [int(c) for c in rng.choice(rest, n - len(hs), replace=False)]
        return sorted(int(c) for c in rng.choice(hand, n, replace=False))
    if mode == 1:
        return sorted(int(c) for c in rng.choice(hs, n, replace=False))
    out = [c for g in _pairs(hs) for c in g][: n - n % 2]
    out = out[:n]
    rest = [c for c in hs if c not in out]
    return sorted(out + rest[: n - len(out)])


def _make_items(n: int):
    """n tricks: (hands of the 4 seats, lead, 3 answers), each from its own deal."""
    rng = np.random.default_rng(SEED)
    items = []
    while len(items) < n:
        perm = rng.permutation(N_CARDS)
        hands = [sorted(int(c) for c in perm[s:100:4]) for s in range(4)]
        lead = _lead(rng, hands[0])
        answers = [_answer(rng, hands[s], lead) for s in (1, 2, 3)]
        items.append((hands, lead, answers))
    return items


def _padded(rows, width):
    out = np.zeros((len(rows), width), dtype=np.uint8)
    lengths = np.zeros(len(rows), dtype=np.int32)
    for i, r in enumerate(rows):
        out[i, : len(r)] = [c // N_COPIES for c in r]
        lengths[i] = len(r)
    return out, lengths


@pytest.fixture(scope="module")
def items():
    return _make_items(max(BATCHES))


# -- rules.classify ------------------------------------------------------------------------


@pytest.mark.parametrize("batch", BATCHES)
def test_classify_core(benchmark, items, batch):
    kinds, lengths = _padded([lead for _, lead, _ in items[:batch]], PLAY_WIDTH)
    benchmark.extra_info.update(kernel="rules.classify", impl="core", items=batch)
    shape = benchmark(core.classify_batch, kinds, lengths, LEVEL, SUIT, CORE_RULES)[0]
    assert (shape >= 0).all()


@pytest.mark.parametrize("batch", BATCHES)
def test_classify_reference(benchmark, items, batch):
    leads = [lead for _, lead, _ in items[:batch]]

    def run():
        return [ref.classify(lead, TRUMP, RULES) for lead in leads]

    benchmark.extra_info.update(kernel="rules.classify", impl="reference", items=batch)
    benchmark.pedantic(run, rounds=REFERENCE_ROUNDS, iterations=1)


# -- rules.follow --------------------------------------------------------------------------


@pytest.mark.parametrize("batch", BATCHES)
def test_follow_core(benchmark, items, batch):
    sub = items[:batch]
    hands, hl = _padded([h[1] for h, _, _ in sub], HAND_WIDTH)
    leads, ll = _padded([lead for _, lead, _ in sub], PLAY_WIDTH)
    plays, pl = _padded([a[0] for _, _, a in sub], PLAY_WIDTH)
    benchmark.extra_info.update(kernel="rules.follow", impl="core", items=batch)
    legal = benchmark(
        core.legal_follow_batch, hands, hl, leads, ll, plays, pl, LEVEL, SUIT, CORE_RULES
    )
    assert (legal >= 0).all() and 0 < legal.sum() < batch


@pytest.mark.parametrize("batch", BATCHES)
def test_follow_reference(benchmark, items, batch):
    triples = [(h[1], lead, a[0]) for h, lead, a in items[:batch]]

    def run():
        return [ref.is_legal_follow(h, lead, p, TRUMP, RULES) for h, lead, p in triples]

    benchmark.extra_info.update(kernel="rules.follow", impl="reference", items=batch)
    benchmark.pedantic(run, rounds=REFERENCE_ROUNDS, iterations=1)


# -- rules.winner --------------------------------------------------------------------------


def _trick_array(sub):
    plays = np.zeros((len(sub), 4, PLAY_WIDTH), dtype=np.uint8)
    lengths = np.zeros(len(sub), dtype=np.int32)
    for i, (_, lead, answers) in enumerate(sub):
        for j, p in enumerate([lead, *answers]):
            plays[i, j, : len(p)] = [c // N_COPIES for c in p]
        lengths[i] = len(lead)
    return plays, lengths


@pytest.mark.parametrize("batch", BATCHES)
def test_winner_core(benchmark, items, batch):
    plays, lengths = _trick_array(items[:batch])
    benchmark.extra_info.update(kernel="rules.winner", impl="core", items=batch)
    winners = benchmark(core.trick_winner_batch, plays, lengths, LEVEL, SUIT, CORE_RULES)
    assert (winners >= 0).all()


@pytest.mark.parametrize("batch", BATCHES)
def test_winner_reference(benchmark, items, batch):
    tricks = [[lead, *answers] for _, lead, answers in items[:batch]]

    def run():
        return [ref.trick_winner(t, TRUMP, RULES) for t in tricks]

    benchmark.extra_info.update(kernel="rules.winner", impl="reference", items=batch)
    benchmark.pedantic(run, rounds=REFERENCE_ROUNDS, iterations=1)


def test_core_matches_reference_on_the_bench_items(items):
    """The timed items are answered alike (a cheap guard that the benchmark measures
    correct work)."""
    sub = items[:300]
    plays, lengths = _trick_array(sub)
    winners = core.trick_winner_batch(plays, lengths, LEVEL, SUIT, CORE_RULES)
    assert list(winners) == [ref.trick_winner([lead, *a], TRUMP, RULES) for _, lead, a in sub]
    hands, hl = _padded([h[1] for h, _, _ in sub], HAND_WIDTH)
    leads, ll = _padded([lead for _, lead, _ in sub], PLAY_WIDTH)
    answers, al = _padded([a[0] for _, _, a in sub], PLAY_WIDTH)
    legal = core.legal_follow_batch(hands, hl, leads, ll, answers, al, LEVEL, SUIT, CORE_RULES)
    assert list(legal) == [
        int(ref.is_legal_follow(h[1], lead, a[0], TRUMP, RULES)) for h, lead, a in sub
    ]


# -- rules.throws: multi-tractor throws (the exact placement search) ------------------------

THROW_TRUMP = Trump("2", "D")
THROW_LEVEL, THROW_SUIT = THROW_TRUMP.level_rank, THROW_TRUMP.suit_index
THROW_WIDTH = 16  # a dense hand of trumps and hearts: 60 cards / 4 seats = 15


def _throw_items(n: int):
    """n tricks led by a seat's tractors of one suit (two or more of them), answered by
    pairs-first plays of the led suit, or of trumps by a seat void in hearts."""
    rng = np.random.default_rng(SEED + 1)
    pool = [c for c in range(N_CARDS) if THROW_TRUMP.follow_suit(c) in ("T", "H")]
    kinds = sorted({c // N_COPIES for c in pool})
    items = []
    while len(items) < n:
        blocks = [[k * N_COPIES, k * N_COPIES + 1] for k in kinds]
        order = [c for i in rng.permutation(len(blocks)) for c in blocks[i]]
        hands = [sorted(order[s * 15 : (s + 1) * 15]) for s in range(4)]
        for suit in ("T", "H"):
            cards = [c for c in hands[0] if THROW_TRUMP.follow_suit(c) == suit]
            if not cards:
                continue
            tractors = [
                c.cards for c in ref.classify(cards, THROW_TRUMP).components if c.kind == "tractor"
            ]
            if len(tractors) < 2:
                continue
            lead = sorted(c for t in tractors for c in t)
            answers = []
            for s in (1, 2, 3):
                hs = [c for c in hands[s] if THROW_TRUMP.follow_suit(c) == suit]
                if not hs:  # void: ruff from trumps if it can
                    hs = [c for c in hands[s] if THROW_TRUMP.follow_suit(c) == "T"]
                src = hs if len(hs) >= len(lead) else hands[s]
                pairs = [g for g in _pairs(src)]
                out = [c for i in rng.permutation(len(pairs)) for c in pairs[i]][: len(lead)]
                out = out[: len(out) - len(out) % 2]
                rest = [c for c in src if c not in out]
                answers.append(sorted(out + rest[: len(lead) - len(out)]))
            items.append((hands, lead, answers))
            break
    return items


@pytest.fixture(scope="module")
def throw_items():
    return _throw_items(max(BATCHES))


def _throws_core(tricks, triples):
    plays, lengths = tricks
    winners = core.trick_winner_batch(plays, lengths, THROW_LEVEL, THROW_SUIT, CORE_RULES)
    legal = core.legal_follow_batch(*triples, THROW_LEVEL, THROW_SUIT, CORE_RULES)
    return winners, legal


def _throw_arrays(sub):
    plays = np.zeros((len(sub), 4, THROW_WIDTH), dtype=np.uint8)
    lengths = np.zeros(len(sub), dtype=np.int32)
    for i, (_, lead, answers) in enumerate(sub):
        for j, p in enumerate([lead, *answers]):
            plays[i, j, : len(p)] = [c // N_COPIES for c in p]
        lengths[i] = len(lead)
    rows = [(h[s], lead, a[s - 1]) for h, lead, a in sub for s in (1, 2, 3)]
    hands, hl = _padded([r[0] for r in rows], THROW_WIDTH)
    leads, ll = _padded([r[1] for r in rows], THROW_WIDTH)
    answers, al = _padded([r[2] for r in rows], THROW_WIDTH)
    return (plays, lengths), (hands, hl, leads, ll, answers, al)


@pytest.mark.parametrize("batch", BATCHES)
def test_throws_core(benchmark, throw_items, batch):
    tricks, triples = _throw_arrays(throw_items[:batch])
    benchmark.extra_info.update(kernel="rules.throws", impl="core", items=batch)
    winners, legal = benchmark(_throws_core, tricks, triples)
    assert (winners >= 0).all() and (legal >= 0).all()


@pytest.mark.parametrize("batch", [1_000])
def test_throws_reference(benchmark, throw_items, batch):
    sub = throw_items[:batch]

    def run():
        for hands, lead, answers in sub:
            ref.trick_winner([lead, *answers], THROW_TRUMP, RULES)
            for s in (1, 2, 3):
                ref.is_legal_follow(hands[s], lead, answers[s - 1], THROW_TRUMP, RULES)

    benchmark.extra_info.update(kernel="rules.throws", impl="reference", items=batch)
    benchmark.pedantic(run, rounds=REFERENCE_ROUNDS, iterations=1)


def test_core_matches_reference_on_the_throw_items(throw_items):
    """The multi-tractor items are answered alike, and they do exercise the search: every
    lead has two or more tractors, and some answers have the lead's shape."""
    sub = throw_items[:300]
    (plays, lengths), triples = _throw_arrays(sub)
    winners, legal = _throws_core((plays, lengths), triples)
    assert list(winners) == [ref.trick_winner([lead, *a], THROW_TRUMP, RULES) for _, lead, a in sub]
    assert list(legal) == [
        int(ref.is_legal_follow(h[s], lead, a[s - 1], THROW_TRUMP, RULES))
        for h, lead, a in sub
        for s in (1, 2, 3)
    ]
    assert all(
        sum(c.kind == "tractor" for c in ref.classify(lead, THROW_TRUMP).components) >= 2
        for _, lead, _ in sub
    )
    assert (winners > 0).sum() > 10

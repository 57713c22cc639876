"""Property tests: the C core (``shengji.rules.combos``) and the plain-Python reference
(``shengji.reference``) must agree on every rules question, for random deals under every
preset, random trumps and levels, and random tractor_gap / trump_chain options.

Randomness: hypothesis draws a seed, the rules and the trump; the deal and the plays come
from ``numpy.random.default_rng(seed)``.  Two kinds of deal: an ordinary shuffle of the 108
cards (four hands of 25), a *dense* one dealt from the trumps plus one side suit only, and a
*paired* dense one that mostly keeps both copies of a kind together,
so that pairs, tractors and throws of the suit turn up often.  Leads are random singles,
pairs, tractors (taken from the hand's own decomposition) and throw-like subsets of one
following-suit; follows are random and shape-seeking candidates, legal or not.

Besides agreement, invariants: the winner of a trick of legal plays played a legal follow
(or led); a failed throw's forced play is one of the lead's components; a ruff that cannot
have the lead's shape never wins.

The last part generates multi-tractor throws (tests/support/multi_tractor_cases.py) against trump
chains with parallel off-suit level pairs and jokers, where the old greedy placement and the
exact one differ, and proves that the generator reaches every class of difference.
"""

from __future__ import annotations

import os
from collections import Counter

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shengji.reference as ref
import shengji.rules.combos as core
from shengji import Trump
from shengji.cards import N_CARDS, N_COPIES, RANKS, SUITS
from shengji.reference.cardinfo import resolve as ref_resolve
from shengji.reference.placement import decomposition_shapes, pair_state
from shengji.rules.options import PRESETS, Rules
from tests.support.multi_tractor_cases import greedy_answers, greedy_winner, make_case

SETTINGS = dict(
    derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# Soak runs: SHENGJI_PROPERTY_SCALE=20 multiplies every max_examples (CI keeps 1).
SCALE = float(os.environ.get("SHENGJI_PROPERTY_SCALE", "1"))


def examples(n: int) -> int:
    return max(1, int(n * SCALE))


LEVELS = [r if r != "T" else "10" for r in RANKS]


@st.composite
def rules_st(draw):
    rules = Rules.preset(draw(st.sampled_from(sorted(PRESETS))))
    # No preset changes these two, so vary them on top to cover the chain options.
    if draw(st.integers(0, 3)) == 0:
        rules = rules.replace(tractor_gap=draw(st.booleans()), trump_chain=draw(st.booleans()))
    return rules


trump_st = st.builds(Trump, st.sampled_from(LEVELS), st.sampled_from([*SUITS, None]))
seed_st = st.integers(0, 2**32 - 1)


# -- deals, leads, follows ----------------------------------------------------------------


def follow_of(card: int, trump: Trump) -> str:
    return trump.follow_suit(card)


ORDINARY, DENSE, PAIRED = 0, 1, 2
deal_mode_st = st.sampled_from([ORDINARY, DENSE, PAIRED, PAIRED])


def deal(rng, trump: Trump, mode: int) -> list[list[int]]:
    """Four hands of physical ids: an ordinary shuffle, a DENSE deal from the trumps and
    one side suit, or a PAIRED one (dense, both copies of a kind usually to one seat) where
    pairs, tractors and throws with tractors are common."""
    if mode == ORDINARY:
        perm = rng.permutation(N_CARDS)
        return [sorted(int(c) for c in perm[seat:100:4]) for seat in range(4)]
    side = SUITS[int(rng.integers(4))]
    pool = [c for c in range(N_CARDS) if follow_of(c, trump) in ("T", side)]
    size = min(25, len(pool) // 4)
    if mode == PAIRED:
        # Blocks of both copies of a kind (usually) or of one card, shuffled, then cut
        # into consecutive hands.
        blocks = []
        for k in sorted({c // N_COPIES for c in pool}):
            copies = [k * N_COPIES, k * N_COPIES + 1]
            blocks += [copies] if rng.random() < 0.8 else [[c] for c in copies]
        order = [c for i in rng.permutation(len(blocks)) for c in blocks[i]]
        return [sorted(order[seat * size : (seat + 1) * size]) for seat in range(4)]
    pool = [int(c) for c in rng.permutation(pool)]
    return [sorted(pool[seat * size : (seat + 1) * size]) for seat in range(4)]


def by_suit(hand, trump):
    out: dict[str, list[int]] = {}
    for c in hand:
        out.setdefault(follow_of(c, trump), []).append(c)
    return out


def pairs_of(cards) -> list[list[int]]:
    """The two ids of each kind held twice."""
    groups: dict[int, list[int]] = {}
    for c in cards:
        groups.setdefault(c // N_COPIES, []).append(c)
    return [g for g in groups.values() if len(g) == N_COPIES]


def random_lead(rng, hand, trump, rules) -> list[int]:
    suits = by_suit(hand, trump)
    names = sorted(suits)
    cards = suits[names[int(rng.integers(len(names)))]]
    # single, pair, tractor, throw-like, top throw; tractors (rare in a random hand) often.
    mode = int(rng.choice(5, p=[0.15, 0.15, 0.3, 0.25, 0.15]))
    pairs = pairs_of(cards)
    if mode == 4 and len(cards) >= 2:
        # The suit's highest cards: throws that often stand.
        ranked = sorted(cards, key=lambda c: (-trump.order(c), c))
        return sorted(ranked[: int(rng.integers(2, min(len(ranked), 8) + 1))])
    if mode == 1 and pairs:
        return pairs[int(rng.integers(len(pairs)))]
    if mode == 2:
        # A tractor of any suit of the hand, from the hand's own decomposition.
        tractors = [
            c
            for name in names
            for c in core.classify(suits[name], trump, rules).components
            if c.kind == "tractor"
        ]
        if tractors:
            return tractors[int(rng.integers(len(tractors)))].cards
        if pairs:
            return pairs[int(rng.integers(len(pairs)))]
    if mode == 3:
        # Throw-like: whole pairs and loose singles of the suit, at random.
        keep_pair, keep_single = rng.random(), rng.random()
        chosen = []
        for g in pairs_of(cards):
            if rng.random() < keep_pair:
                chosen += g
        for c in cards:
            if c not in chosen and rng.random() < keep_single * 0.5:
                chosen.append(c)
        if chosen:
            return sorted(chosen)
    return [cards[int(rng.integers(len(cards)))]]


def pairs_first(rng, cards, n, shuffle=True):
    """n of cards, whole pairs first (shape-seeking), then singles."""
    pairs = pairs_of(cards)
    if shuffle:
        rng.shuffle(pairs)
    else:
        pairs.sort(key=lambda g: -g[0])
    out = []
    for g in pairs:
        if len(out) + 2 <= n:
            out += g
    rest = [c for c in cards if c not in out]
    rng.shuffle(rest)
    return out + rest[: n - len(out)]


def candidates(rng, hand, lead, trump) -> list[list[int]]:
    """Follow candidates of the lead's size (at least one): random, suit-only, shape-
    seeking, ruffs of every shape, and all-of-the-suit-plus-anything when short."""
    n = len(lead)
    s = follow_of(lead[0], trump)
    suits = by_suit(hand, trump)
    hs = suits.get(s, [])
    rest = [c for c in hand if c not in hs]
    out = [[int(c) for c in rng.choice(hand, n, replace=False)]]
    if len(hs) > n:
        out.append([int(c) for c in rng.choice(hs, n, replace=False)])
        out.append(pairs_first(rng, hs, n))
        out.append(pairs_first(rng, hs, n, shuffle=False))
    else:
        fill = [int(c) for c in rng.permutation(rest)][: n - len(hs)]
        out.append(hs + fill)
        if s != "T" and len(suits.get("T", [])) >= n - len(hs):
            out.append(hs + pairs_first(rng, suits["T"], n - len(hs)))
    trumps = suits.get("T", [])
    if s != "T" and not hs and len(trumps) >= n:
        out.append(pairs_first(rng, trumps, n))
        out.append(pairs_first(rng, trumps, n, shuffle=False))
        singles = list({c // N_COPIES: c for c in trumps}.values())  # one id per kind
        if len(singles) >= n:
            out.append([int(c) for c in rng.choice(singles, n, replace=False)])
    return [sorted(c) for c in out if len(c) == n]


# -- comparison helpers ------------------------------------------------------------------


def combo_view(c):
    return (
        c.kind,
        c.suit,
        c.pairs,
        c.top_order,
        list(c.cards),
        [(p.kind, p.suit, p.pairs, p.top_order, list(p.cards)) for p in c.components],
    )


def longest_tractor(combo) -> int:
    return max([c.pairs for c in combo.components if c.kind == "tractor"], default=0)


def kind_pairs(cards) -> int:
    return sum(1 for n in Counter(c // N_COPIES for c in cards).values() if n == N_COPIES)


def setup(seed, trump, mode):
    rng = np.random.default_rng(seed)
    hands = deal(rng, trump, mode)
    return rng, hands


# -- the properties ------------------------------------------------------------------------


@settings(max_examples=examples(600), **SETTINGS)
@given(seed=seed_st, trump=trump_st, rules=rules_st(), mode=deal_mode_st)
def test_classify_agrees(seed, trump, rules, mode):
    rng, hands = setup(seed, trump, mode)
    for hand in hands:
        for _ in range(3):
            lead = random_lead(rng, hand, trump, rules)
            assert combo_view(core.classify(lead, trump, rules)) == combo_view(
                ref.classify(lead, trump, rules)
            ), (lead, trump, rules)
        # A whole following-suit of a hand: the biggest decompositions there are.
        for cards in by_suit(hand, trump).values():
            assert combo_view(core.classify(cards, trump, rules)) == combo_view(
                ref.classify(cards, trump, rules)
            ), (cards, trump, rules)
            assert core.kitty_multiplier(cards, trump, rules) == ref.kitty_multiplier(
                cards, trump, rules
            )


@settings(max_examples=examples(600), **SETTINGS)
@given(seed=seed_st, trump=trump_st, rules=rules_st(), mode=deal_mode_st, leader=st.integers(0, 3))
def test_follow_and_winner_agree(seed, trump, rules, mode, leader):
    rng, hands = setup(seed, trump, mode)
    lead = random_lead(rng, hands[leader], trump, rules)
    lead_combo = core.classify(lead, trump, rules)
    seats = [(leader + i) % 4 for i in range(1, 4)]
    options, legal_options = [], []
    for seat in seats:
        cands = candidates(rng, hands[seat], lead, trump)
        legal = []
        for play in cands:
            got = core.is_legal_follow(hands[seat], lead, play, trump, rules)
            assert got == ref.is_legal_follow(hands[seat], lead, play, trump, rules), (
                hands[seat],
                lead,
                play,
                trump,
                rules,
            )
            if got:
                legal.append(play)
        options.append(cands)
        legal_options.append(legal)

    # A trick of arbitrary candidates.
    plays = [lead] + [c[int(rng.integers(len(c)))] for c in options]
    win = core.trick_winner(plays, trump, rules)
    assert win == ref.trick_winner(plays, trump, rules), (plays, trump, rules)
    # A ruff that cannot have the lead's shape never wins.
    if win > 0 and lead_combo.suit != "T" and all(follow_of(c, trump) == "T" for c in plays[win]):
        winner_combo = core.classify(plays[win], trump, rules)
        assert kind_pairs(plays[win]) >= sum(c.pairs for c in lead_combo.components)
        assert longest_tractor(winner_combo) >= longest_tractor(lead_combo)
    for i, play in enumerate(plays[1:], start=1):
        if (
            lead_combo.suit != "T"
            and all(follow_of(c, trump) == "T" for c in play)
            and kind_pairs(play) < sum(c.pairs for c in lead_combo.components)
        ):
            assert win != i

    # A trick of legal plays: the winner followed legally (or led).
    if all(legal_options):
        plays = [lead] + [c[int(rng.integers(len(c)))] for c in legal_options]
        win = core.trick_winner(plays, trump, rules)
        assert win == ref.trick_winner(plays, trump, rules), (plays, trump, rules)
        if win:
            seat = seats[win - 1]
            assert core.is_legal_follow(hands[seat], lead, plays[win], trump, rules)


@settings(max_examples=examples(600), **SETTINGS)
@given(seed=seed_st, trump=trump_st, rules=rules_st(), mode=deal_mode_st, leader=st.integers(0, 3))
def test_throw_check_agrees(seed, trump, rules, mode, leader):
    rng, hands = setup(seed, trump, mode)
    others = [hands[(leader + i) % 4] for i in range(1, 4)]
    for attempt in range(4):
        lead = random_lead(rng, hands[leader], trump, rules)
        if attempt % 2:
            # Thin the others' cards of the led suit so that throws also stand.
            s = follow_of(lead[0], trump)
            others = [
                [c for c in h if follow_of(c, trump) != s or rng.random() < 0.3] for h in others
            ]
        got = core.check_throw(lead, others, trump, rules)
        assert got == ref.check_throw(lead, others, trump, rules), (lead, others, trump, rules)
        ok, forced = got
        combo = core.classify(lead, trump, rules)
        if ok:
            assert forced == []
        else:
            assert combo.kind == "throw"
            assert sorted(forced) in [sorted(c.cards) for c in combo.components]
        assert core.kitty_multiplier(lead, trump, rules) == ref.kitty_multiplier(lead, trump, rules)


@settings(max_examples=examples(800), **SETTINGS)
@given(
    points=st.integers(-60, 420),
    rules=rules_st(),
    level=st.none() | st.sampled_from(LEVELS),
    cap=st.none() | st.integers(1, 8),
    must=st.none() | st.lists(st.sampled_from(LEVELS), max_size=3),
)
def test_level_change_agrees(points, rules, level, cap, must):
    if cap is not None:
        rules = rules.replace(level_cap=cap)
    if must is not None:
        rules = rules.replace(must_play=must)
    got = core.level_change(points, rules, level=level)
    assert got == ref.level_change(points, rules, level=level)
    side, levels = got
    assert side in ("banker", "defenders") and levels >= 0
    if rules.level_cap is not None:
        assert levels <= rules.level_cap


# -- multi-tractor throws: exact placement (docs/rules-engine.md "Placement") -----------------
#
# The generator (tests/support/multi_tractor_cases.py) deals tricks whose lead is a throw with two
# or more tractor components, against ruffers holding dense trump chains with parallel off-suit
# level pairs and joker pairs, and followers holding the lead's shape laid the ways a greedy
# fit misses (two tractors through the level position, touching tractors in runs that must
# be cut).  The old greedy fit is kept there as an oracle.


def lex_at_least(a, b) -> bool:
    return tuple(int(x) for x in a) >= tuple(int(x) for x in b)


@settings(max_examples=examples(250), **SETTINGS)
@given(seed=seed_st, trump=trump_st, rules=rules_st())
def test_multi_tractor_tricks_agree(seed, trump, rules):
    case = make_case(np.random.default_rng(seed), trump, rules)
    lead, n = case.lead, len(case.lead)
    combo = core.classify(lead, trump, rules)
    assert combo_view(combo) == combo_view(ref.classify(lead, trump, rules)), (lead, trump)
    for hand, cands in zip(case.hands, case.plays, strict=False):
        suit_cards = [c for c in hand if follow_of(c, trump) == combo.suit]
        hand_fit = core.match_shape(suit_cards, lead, trump, rules).tractors if suit_cards else None
        for play in cands:
            legal = core.is_legal_follow(hand, lead, play, trump, rules)
            assert legal == ref.is_legal_follow(hand, lead, play, trump, rules), (
                hand,
                lead,
                play,
                trump,
                rules,
            )
            if len({follow_of(c, trump) for c in play}) != 1:
                continue
            got = core.match_shape(play, lead, trump, rules)
            assert tuple(got) == ref.match_shape(play, lead, trump, rules), (play, lead, trump)
            # The exact answer extends the greedy one: whatever the greedy fit placed can
            # be placed, and the greedy key (the highest long-enough run) is an upper bound.
            g_fit, g_has, g_key, _ = greedy_answers(case, play)
            assert lex_at_least(got.tractors, g_fit)
            assert got.has_shape or not g_has
            if got.has_shape and g_has:
                assert got.key <= g_key
            # A legal follow that holds more than the suit's cards must match the hand's fit.
            if (
                legal
                and len(suit_cards) > n
                and play
                and all(follow_of(c, trump) == combo.suit for c in play)
            ):
                assert got.tractors == hand_fit, (hand, lead, play, trump, rules)
    for first in range(2):
        trick = case.trick([first, first + 1, first + 2])
        win = core.trick_winner(trick, trump, rules)
        assert win == ref.trick_winner(trick, trump, rules), (trick, trump, rules)
        if win:
            assert core.match_shape(trick[win], lead, trump, rules).has_shape
        assert core.kitty_multiplier(trick[win], trump, rules) == ref.kitty_multiplier(
            trick[win], trump, rules
        )
    assert core.check_throw(lead, case.hands, trump, rules) == ref.check_throw(
        lead, case.hands, trump, rules
    )


@settings(max_examples=examples(300), **SETTINGS)
@given(seed=seed_st, trump=trump_st, rules=rules_st())
def test_decomposition_is_the_largest_first_cut(seed, trump, rules):
    """classify's greedy (longest run first) gives the lexicographically largest cut of the
    pairs into tractors and pairs, among every cut (reference.placement enumerates them),
    for multi-tractor leads with parallel level pairs and for whole suits of a hand."""
    rng = np.random.default_rng(seed)
    case = make_case(rng, trump, rules)
    spec, rr = ref_resolve(trump, rules)
    holdings = [case.lead] + [
        [c for c in h if follow_of(c, trump) == follow_of(h[0], trump)] for h in case.hands
    ]
    for cards in holdings:
        combo = core.classify(cards, trump, rules)
        cut = tuple(sorted((c.pairs for c in combo.components if c.kind != "single"), reverse=True))
        state, _ = pair_state([c // N_COPIES for c in cards], spec, rr)
        assert cut == max(decomposition_shapes(state), default=()), (cards, trump, rules)


# The classes of answers where the greedy fit and the exact one differ, and a fixed sample
# of tricks that reaches every one of them (proof that the generator tests what matters).
GREEDY_CLASSES = ("shape", "key", "winner", "follow_now_legal", "follow_now_illegal")


def greedy_differences(n_cases: int, seed: int) -> Counter:
    found: Counter = Counter()
    for s in np.random.SeedSequence(seed).generate_state(n_cases, dtype=np.uint32):
        rng = np.random.default_rng(int(s))
        name = sorted(PRESETS)[int(s) % len(PRESETS)]  # every preset in turn
        rules = Rules.preset(name)
        if rng.random() < 1 / 3:
            rules = rules.replace(
                tractor_gap=bool(rng.integers(2)), trump_chain=bool(rng.integers(2))
            )
        trump = Trump(LEVELS[int(rng.integers(13))], [*SUITS, None][int(rng.integers(5))])
        case = make_case(rng, trump, rules)
        for hand, cands in zip(case.hands, case.plays, strict=False):
            for play in cands:
                _, g_has, g_key, g_legal = greedy_answers(case, play, hand)
                legal = core.is_legal_follow(hand, case.lead, play, trump, rules)
                if legal != g_legal:
                    found["follow_now_legal" if legal else "follow_now_illegal"] += 1
                if len({follow_of(c, trump) for c in play}) != 1:
                    continue
                got = core.match_shape(play, case.lead, trump, rules)
                if got.has_shape != g_has:
                    found["shape"] += 1
                elif got.has_shape and got.key != g_key:
                    found["key"] += 1
        for first in range(2):
            trick = case.trick([first, first + 1, first + 2])
            if core.trick_winner(trick, trump, rules) != greedy_winner(case, trick):
                found["winner"] += 1
    return found


def test_generator_reaches_every_greedy_difference():
    found = greedy_differences(1000, seed=2026)
    for name in GREEDY_CLASSES:
        assert found[name] >= 5, (name, found)

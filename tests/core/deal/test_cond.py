"""The conditional deals of the core (_core/deal/cond.pyx, spec.pyx) against exact laws, with fixed
seeds: fixed cards placed and the rest dealt uniformly (the hypergeometric laws of what
the other slots get), the exact method of a rare predicate against its exact truncated
law and against plain rejection, and the dealing order of the drivers (each seat's cards
in a uniformly random order, the first drawer honoured)."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from scipy import stats

from shengji._core.base.rng import chunk_state, order_state
from shengji._core.deal.cond import cond_deal_chunk, deal_orders
from shengji._core.deal.deal import FEATURE_NAMES
from shengji._core.deal.spec import Dealing, DealSpec
from shengji.cards import kind_points, parse_cards
from shengji.reference.constraint import satisfies, slot_features, slots_of
from shengji.studies.conditioned import compile_deal, dealing
from shengji.studies.constraints import parse_deal

LEVEL = 0  # level 2
HAND = "BJ SJ SJ AH AH KH QH 2S 2H 5C 5D TD TD 9S 8S 7H 6C 4C 3D JD QD KC AC 3S 4H"
FIXED = parse_cards(HAND)  # seat 0's 25 cards: no big joker pair, 1 BJ, 2 SJ, ...
P_MIN = 1e-4


def chi2_against(counts: np.ndarray, pmf: np.ndarray) -> float:
    """Chi-square p of counts (index = value) against an exact pmf, the bins expecting
    fewer than 5 merged into a neighbour."""
    n = counts.sum()
    exp = pmf[: len(counts)] * n
    obs_b, exp_b, o, e = [], [], 0.0, 0.0
    for ob, ex in zip(counts, exp, strict=False):
        o += ob
        e += ex
        if e >= 5:
            obs_b.append(o)
            exp_b.append(e)
            o = e = 0.0
    if e > 0 or o > 0:
        obs_b[-1] += o
        exp_b[-1] += e
    exp_b = np.array(exp_b) * (n / np.sum(exp_b))
    return float(stats.chisquare(obs_b, exp_b).pvalue)


def aggregate(table: dict, n: int, seed: int):
    hist = np.zeros((len(FEATURE_NAMES), 4, 256), np.int64)
    kitty = np.zeros(256, np.int64)
    deal = dealing(parse_deal(table), [LEVEL])
    cond_deal_chunk(deal, chunk_state(seed, 0), n, LEVEL, hist=hist, kitty_hist=kitty)
    assert deal.accepted == n
    return hist, kitty, deal


def unseen_by_kind() -> np.ndarray:
    kinds = np.bincount(np.array(FIXED) // 2, minlength=54)
    return 2 - kinds


# -- fixed cards: the hypergeometric laws ----------------------------------------------------
def test_a_fixed_hand_leaves_the_hypergeometric_laws_at_1e6_deals():
    """Seat 0 holds 25 given cards; the 83 others are dealt uniformly, so the partner's
    copies of a kind, the kitty's points and seat 1's trumps follow their exact
    hypergeometric laws (p > 1e-4 at 10^6 deals, seed fixed)."""
    n = 1_000_000
    hist, kitty, deal = aggregate({"seat0": HAND}, n, 11)
    assert deal.tries == n
    col = {name: i for i, name in enumerate(FEATURE_NAMES)}
    # seat 0's features are its fixed cards' every time
    fixed = slot_features(FIXED, LEVEL)
    for name in ("trumps_h", "points", "big_jokers", "pairs", "level_pairs"):
        assert hist[col[name], 0, fixed[name]] == n, name
    unseen = 108 - 25
    # the partner's (seat 2) big jokers: 1 copy unseen -> hypergeometric(83, 1, 25)
    values = np.arange(256)
    p_bj = chi2_against(hist[col["big_jokers"], 2], stats.hypergeom(unseen, 1, 25).pmf(values))
    # seat 1's trumps with hearts trump: the unseen trumps (36 in the deck)
    kinds = np.arange(108) // 2
    trump_h = (kinds >= 52) | (kinds % 13 == LEVEL) | (kinds // 13 == 1)
    t_unseen = int(trump_h.sum() - trump_h[FIXED].sum())
    p_tr = chi2_against(hist[col["trumps_h"], 1], stats.hypergeom(unseen, t_unseen, 25).pmf(values))
    # the kitty's points: 8 of the 83 unseen, by their points (multivariate hypergeometric)
    pts = np.array([kind_points(int(k)) for k in kinds])
    free = np.setdiff1d(np.arange(108), FIXED)
    f5, f10 = int((pts[free] == 5).sum()), int((pts[free] == 10).sum())
    f0 = unseen - f5 - f10
    pmf = np.zeros(256)
    for a in range(9):
        for b in range(9 - a):
            pmf[5 * a + 10 * b] += comb(f5, a) * comb(f10, b) * comb(f0, 8 - a - b) / comb(83, 8)
    p_kitty = chi2_against(kitty, pmf)
    assert min(p_bj, p_tr, p_kitty) > P_MIN, (p_bj, p_tr, p_kitty)


def test_cards_fixed_to_several_slots_are_always_dealt_there():
    table = {"seat1": "BJ AS 5D", "seat3": "BJ", "kitty": "KH KH TS", "seat2": "2S 2S"}
    c = parse_deal(table)
    cards = np.empty((500, 108), np.uint8)
    cond_deal_chunk(
        dealing(c, [LEVEL]), chunk_state(1), 500, LEVEL, cards=cards, order_state=order_state(1, 0)
    )
    for row in cards:
        assert satisfies(row, table, LEVEL)
        slots = slots_of(row)
        for slot, fixed in enumerate(c.fixed):
            assert set(fixed) <= set(slots[slot])


# -- the dealing order (the drivers' deal_shuffle) ------------------------------------------------
@pytest.mark.parametrize("first", [0, 1, 3])
def test_the_drivers_deal_puts_fixed_cards_in_the_seat_of_its_first_drawer(first):
    table = {"seat0": "BJ BJ AH AH", "seat2": "SJ", "kitty": "5S"}
    d = dealing(parse_deal(table), [LEVEL])
    rows = deal_orders(d, chunk_state(4), 2000, LEVEL, first)
    for row in rows:
        assert satisfies(row, table, LEVEL, first)
    # the fixed cards take uniformly random places among their seat's 25: the position of
    # the first big joker inside seat 0's hand
    seat0 = (np.arange(100) + first) % 4 == 0
    bj = parse_cards("BJ BJ")
    where = [int(np.flatnonzero(np.isin(row[:100][seat0], bj))[0]) for row in rows]
    # the smaller of two distinct uniform places among 25: P(r) = (24 - r) / C(25, 2)
    pmf = np.array([(25 - 1 - r) / comb(25, 2) for r in range(25)])
    assert chi2_against(np.bincount(where, minlength=25), pmf) > P_MIN


def test_the_drivers_deal_gives_each_free_card_a_uniform_place():
    d = dealing(parse_deal({"seat1": "AS AS"}), [LEVEL])
    rows = deal_orders(d, chunk_state(5), 20_000, LEVEL, 0)
    # where the big jokers land: each of the 106 places other than seat 1's two fixed ones
    # is as likely (seat 1 keeps 23 free places)
    slot_of_bj = []
    for row in rows:
        pos = np.flatnonzero(row // 2 == 53)
        slot_of_bj.extend(int(p % 4) if p < 100 else 4 for p in pos)
    counts = np.bincount(slot_of_bj, minlength=5)
    exp = np.array([25, 23, 25, 25, 8]) / 106
    assert stats.chisquare(counts, exp * counts.sum()).pvalue > P_MIN


def test_the_advisors_dealing_keeps_the_advisors_draws():
    """With a 25-card seat fixed and its order kept (keep_fixed_order), the deal is the
    advisor's former shuffle of the 83 unseen cards: one bounded draw a word."""
    from shengji._core.base.rng import bounded_draws

    spec = DealSpec(LEVEL, [FIXED, [], [], [], []], True)
    state = chunk_state(9)
    row = deal_orders(Dealing(spec), state.copy(), 1, LEVEL)[0]
    unseen = [c for c in range(108) if c not in FIXED]
    s = state.copy()
    for j in range(len(unseen) - 1):
        t = j + int(bounded_draws(s, [len(unseen) - j])[0, 0])
        unseen[j], unseen[t] = unseen[t], unseen[j]
    expect, u, t = [], 0, 0
    for p in range(108):
        if p < 100 and p % 4 == 0:
            expect.append(FIXED[t])
            t += 1
        else:
            expect.append(unseen[u])
            u += 1
    assert list(row) == expect


# -- predicates ------------------------------------------------------------------------------
RARE = "seat0.trumps_h >= 17"


def _rare_law(level: int) -> np.ndarray:
    """The exact law of seat 0's trumps (hearts) given at least 17 of them."""
    law = stats.hypergeom(108, 36, 25).pmf(np.arange(26))
    law[:17] = 0
    return law / law.sum()


def test_a_rare_predicate_is_drawn_exactly_at_1e6_deals():
    c = parse_deal({"where": RARE})
    compiled = compile_deal(c, LEVEL)
    p = float(stats.hypergeom(108, 36, 25).sf(16))
    assert compiled.method == "exact" and compiled.anchor == 0
    assert compiled.p_anchor == pytest.approx(p, rel=1e-9)
    assert p <= 1e-4  # a condition met by fewer than 1 deal in 10^4
    n = 1_000_000
    hist, _, deal = aggregate({"where": RARE}, n, 21)
    assert deal.tries == n  # every candidate meets it: nothing rejected
    col = FEATURE_NAMES.index("trumps_h")
    assert hist[col, 0, :17].sum() == 0
    assert chi2_against(hist[col, 0, :26], _rare_law(LEVEL)) > P_MIN
    # the other seats given seat 0's trumps: seat 2's trumps, mixed over seat 0's count
    mix = np.zeros(26)
    for t0, w in enumerate(_rare_law(LEVEL)):
        if w:
            mix += w * stats.hypergeom(83, 36 - t0, 25).pmf(np.arange(26))
    assert chi2_against(hist[col, 2, :26], mix) > P_MIN


def test_the_rare_predicates_law_matches_rejection_sampling():
    """The exact method against plain rejection (method = "reject") of the same predicate
    on a smaller run: the same conditional law of the features they share."""
    n_exact, n_reject = 200_000, 400
    h_exact, k_exact, _ = aggregate({"where": RARE}, n_exact, 31)
    h_rej, k_rej, d_rej = aggregate({"where": RARE, "method": "reject"}, n_reject, 32)
    assert d_rej.tries > 1000 * n_reject  # it did reject: about 1 in 2e4 is accepted
    for name, seat in (("trumps_h", 0), ("points", 0), ("trumps_h", 1), ("pairs", 0)):
        col = FEATURE_NAMES.index(name)
        pmf = h_exact[col, seat] / n_exact
        assert chi2_against(h_rej[col, seat], pmf) > P_MIN, (name, seat)
    assert chi2_against(k_rej, k_exact / n_exact) > P_MIN


def test_a_common_predicate_is_met_by_rejection_and_its_acceptance_counted():
    c = parse_deal({"where": "seat0.points >= 40"})
    assert compile_deal(c, LEVEL).method == "reject"
    n = 100_000
    hist, _, deal = aggregate({"where": "seat0.points >= 40"}, n, 41)
    law = np.zeros(256)
    # seat 0's points: 25 cards of 108 with 8 fives, 16 tens and kings
    for a in range(9):
        for b in range(17):
            if a + b <= 25:
                law[5 * a + 10 * b] += comb(8, a) * comb(16, b) * comb(84, 25 - a - b)
    law /= law.sum()
    p = law[40:].sum()
    cond = np.where(np.arange(256) >= 40, law, 0) / p
    col = FEATURE_NAMES.index("points")
    assert chi2_against(hist[col, 0], cond) > P_MIN
    # the acceptance: accepted / tries is binomial with probability p
    assert abs(n / deal.tries - p) < 5 * np.sqrt(p * (1 - p) / deal.tries)


def test_a_predicate_on_two_seats_and_the_kitty_holds_in_every_deal():
    table = {
        "seat0": "BJ",
        "where": "seat0.points + seat2.points >= 70 and (kitty.points <= 10 or seat1.SJ == 2)"
        " and seat3.longest_side_suit < 9 and not seat1.pairs > 5",
    }
    cards = np.empty((3000, 108), np.uint8)
    cond_deal_chunk(
        dealing(parse_deal(table), [4]),
        chunk_state(6),
        3000,
        4,
        cards=cards,
        order_state=order_state(6, 0),
    )
    for row in cards:
        assert satisfies(row, table, 4)


def test_too_rare_a_predicate_stops_with_one_line():
    # about 1 deal in 10^9 with no clause the exact method takes (a pairs count): the
    # kernel gives up after max_tries in a row
    c = parse_deal({"where": "seat0.pairs >= 11"})
    deal = Dealing([compile_deal(c, LEVEL).spec], max_tries=20_000)
    with pytest.raises(ValueError, match=r"no deal met the \[deal\] table's where"):
        cond_deal_chunk(deal, chunk_state(1), 10, LEVEL, kitty_points=np.zeros(10, np.uint8))


def test_a_spec_is_checked_once_at_its_door():
    with pytest.raises(ValueError, match="card id"):
        DealSpec(0, [[1, 1], [], [], [], []])
    with pytest.raises(ValueError, match="seat0 holds 25"):
        DealSpec(0, [list(range(26)), [], [], [], []])
    with pytest.raises(ValueError, match="code"):
        DealSpec(0, [[], [], [], [], []], atoms=[([(0, 5, 1)], 5, 40)], code=[0, -1])
    with pytest.raises(ValueError, match="classes"):
        DealSpec(0, [[], [], [], [], []], anchor=0, classes=[[0, 1]], vecs=[[25]], cum=[1])
    with pytest.raises(ValueError, match="level"):
        DealSpec(13, [[], [], [], [], []])
    with pytest.raises(TypeError):
        cond_deal_chunk("x", chunk_state(1), 1, 0, kitty_points=np.zeros(1, np.uint8))
    d = dealing(parse_deal({"seat0": "BJ"}), [3])
    with pytest.raises(ValueError, match="no spec for level rank 0"):
        cond_deal_chunk(d, chunk_state(1), 1, 0, kitty_points=np.zeros(1, np.uint8))


def test_the_drivers_deal_draws_a_rare_predicate_exactly_too():
    """deal_shuffle's exact method (the bidding's deals), with seat 0 drawing third: seat
    0's trumps against their exact truncated law."""
    from shengji.reference.constraint import slots_of

    deal = dealing(parse_deal({"where": RARE}), [LEVEL])
    rows = deal_orders(deal, chunk_state(51), 20_000, LEVEL, 2)
    assert deal.tries == 20_000
    kinds = np.arange(108) // 2
    trump_h = (kinds >= 52) | (kinds % 13 == LEVEL) | (kinds // 13 == 1)
    counts = np.bincount([int(trump_h[slots_of(r, 2)[0]].sum()) for r in rows], minlength=26)
    assert chi2_against(counts, _rare_law(LEVEL)) > P_MIN


# -- the tractor columns on hands rich in pairs -------------------------------------------
# Seat 0: a trump chain through the parallel off-suit level pairs at level 2 (AS AS, three
# off-suit level pairs, 2S 2S with spades trump, both joker pairs) and side-suit runs
# across the skipped level rank; seat 1: runs that end at the aces, at the 2s and around
# them.  The other cards are dealt at random.
PAIR_RICH = {
    "seat0": "AS AS 2H 2H 2C 2C 2D 2D 2S 2S SJ SJ BJ BJ 3H 3H 4H 4H KC KC QC QC 6D 6D 5S",
    "seat1": "AH AH KH KH QD QD AD AD 3C 3C 4C 4C 3S 3S 4S 4S 6S 6S 7S 7S JS JS QS QS TH",
}


@pytest.mark.parametrize("gap", [True, False])
@pytest.mark.parametrize("chain", [True, False])
@pytest.mark.parametrize("level", [0, 1, 12])
def test_the_tractor_columns_are_the_decompositions_on_pair_rich_hands(gap, chain, level):
    from shengji.reference.deal import TRACTOR_NAMES, hand_tractors
    from shengji.rules.options import Rules

    n = 200
    f = np.empty((len(FEATURE_NAMES), 4 * n), np.uint8)
    cards = np.empty((n, 108), np.uint8)
    deal = dealing(parse_deal(PAIR_RICH), [level])
    cond_deal_chunk(
        deal,
        chunk_state(4, level),
        n,
        level,
        features=f,
        cards=cards,
        order_state=order_state(4, level),
        tractor_gap=gap,
        trump_chain=chain,
    )
    rules = Rules(tractor_gap=gap, trump_chain=chain)
    col = {name: i for i, name in enumerate(FEATURE_NAMES)}
    for d in range(n):
        for s in range(4):
            want = hand_tractors([int(c) for c in cards[d, s:100:4]], level, rules)
            got = {name: int(f[col[name], 4 * d + s]) for name in TRACTOR_NAMES}
            assert got == want, (d, s)

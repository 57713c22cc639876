"""The sampler of deals consistent with a view (sampler.pyx; the search bot's
determinizations): every drawn deal agrees with the view, the count of consistent deals
matches a brute-force enumeration, and the draws are uniform over them on small cases --
with the no-pair inferences of pair follows too (a plain Python twin of them here)."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest
from scipy import stats

from shengji._core.base.rng import chunk_state
from shengji._core.step.probes import (
    bids_shown,
    bury_likelihood_of,
    consistent_deals,
    no_pair_suits,
    pass_likelihood_of,
    play_likelihood_of,
    sample_core,
    sample_counts,
)
from shengji.game import BOT_NAMES, HandState
from shengji.names import N_KINDS, N_SEATS

PILE = N_SEATS  # row of the buried cards in sample_counts


def follow(s, kind):
    """Following-suit (0..3 side suits, 4 trump) of a kind under the state's trump."""
    level = "23456789TJQKA".index(s.level)
    if (
        kind >= 52
        or kind % 13 == level
        or (s.trump != "NT" and kind // 13 == "SHCD".index(s.trump))
    ):
        return 4
    return kind // 13


def counts(ids):
    c = np.zeros(N_KINDS, np.int64)
    for i in ids:
        c[i // 2] += 1
    return c


def shown_ids(s, seat):
    """The physical cards seat showed in a failed throw and still holds."""
    held = set(s.hands[seat])
    return {
        c
        for f in s.failed_throws
        if f.seat == seat
        for c in f.attempted
        if c not in f.forced and c in held
    }


def known_shown(s, seat):
    return counts(shown_ids(s, seat))


def no_pair_twin(s):
    """Per seat, the following-suits it holds no pair of, from the public record: it
    followed a lead holding pairs, in suit, with fewer pairs of the suit than the lead
    (docs/rules.md §4: pairs are matched as far as the hand allows)."""
    out = [0] * N_SEATS
    for trick in (*s.tricks, s.current_trick):  # the trick in progress too
        if trick is None:
            continue
        lead = Counter(c // 2 for c in trick.lead)
        need = sum(1 for v in lead.values() if v == 2)
        if not need:
            continue
        suit = follow(s, next(iter(lead)))
        for seat, cards in trick.plays[1:]:
            mine = Counter(c // 2 for c in cards if follow(s, c // 2) == suit)
            if (
                sum(mine.values()) == len(trick.lead)
                and sum(1 for v in mine.values() if v == 2) < need
            ):
                out[seat] |= 1 << suit
    return out


def check_view(s, seat, n, state):
    core = s._core
    deals = sample_counts(core, seat, n, state).astype(np.int64)
    own = counts(s.hands[seat])
    seen = counts(
        c
        for trick in (*s.tricks, s.current_trick)
        if trick is not None
        for _, p in trick.plays
        for c in p
    )
    voids = core.void_suits
    nopair = no_pair_suits(core)
    assert nopair == no_pair_twin(s)
    banker_view = seat == s.banker
    for d in deals:
        assert (d[seat] == own).all()
        total = d[:N_SEATS].sum(axis=0) + d[PILE] + seen
        assert (total == 2).all()
        if banker_view or s.phase == "bury":
            assert (d[PILE] == counts(s.buried)).all()  # the banker knows what it buried
        else:
            assert d[PILE].sum() == 8
        for o in range(N_SEATS):
            assert d[o].sum() == len(s.hands[o]), (o, d[o].sum())
            for k in np.flatnonzero(d[o]):
                assert not (voids[o] >> follow(s, k)) & 1, (o, k)  # no card of a void suit
            if o != seat:
                assert (d[o] >= known_shown(s, o)).all()
                pairs = {follow(s, k) for k in np.flatnonzero(d[o] == 2)}
                bad = [f for f in pairs if (nopair[o] >> f) & 1]
                assert not bad, (o, bad)  # no pair where the record rules one out
    return deals


@pytest.mark.parametrize("mix", [("random",) * 4, ("memory", "random") * 2])
def test_every_draw_agrees_with_the_view(mix):
    """Along whole hands (random bots throw, and often fail, so shown cards are placed)."""
    checked = shown = 0
    inferred = 0
    for seed in range(6):
        s = HandState("standard", "2", banker=seed % 4, seed=seed)
        step = 0
        while not s.is_over():
            for o, bits in enumerate(no_pair_suits(s._core)):  # true of the real hands
                inferred += bits != 0
                held = Counter(c // 2 for c in s.hands[o])
                assert not any((bits >> follow(s, k)) & 1 for k, v in held.items() if v == 2)
            if step % 7 == 0:
                for seat in range(N_SEATS):
                    check_view(s, seat, 3, chunk_state(seed, step))
                    checked += 1
                    shown += any(known_shown(s, o).any() for o in range(N_SEATS) if o != seat)
            s.apply(s.bot_action(mix[s.to_play]))
            step += 1
    assert checked > 250 and inferred > 0
    if "random" in mix[0]:
        assert shown > 10  # failed throws' shown cards were exercised


def test_a_sampled_hand_plays_out():
    """sample_core's hand is a state of the same hand: the bots play it to the end."""
    for seed in range(8):
        s = HandState("club-84022", "5", banker=seed % 4, seed=seed)
        s.apply(s.bot_action("memory"))
        for _ in range(seed * 9):
            s.apply(s.bot_action(BOT_NAMES[seed % 3]))
        c = sample_core(s._core, s.to_play, chunk_state(seed, 99))
        assert c.phase == s._core.phase and c.to_play == s.to_play
        assert (c.hand(s.to_play) == s._core.hand(s.to_play)).all()
        assert c.play_to_end(2) == 0 and c.phase == 2
        r = c.result()
        assert (
            r["defender_points"]
            == r["table_points"] + r["kitty_points"] * r["kitty_multiplier"] + r["penalty"]
        )


def _late_state(banker_view, cards_left, min_groups, min_deals=20, nopair=False):
    """The first late position (each seat holding cards_left) of some seed whose view has
    at least min_groups suit groups (holders excluded by voids) and min_deals consistent
    deals (and with nopair, a no-pair inference about a seat holding a pair of that suit
    in some consistent deal)."""
    for seed in range(400):
        s = HandState("standard", "2", banker=seed % 4, seed=seed)
        s.apply(s.bot_action("greedy"))
        while not s.is_over():
            seat = s.to_play
            if all(len(h) == cards_left for h in s.hands) and (seat == s.banker) == banker_view:
                n, groups = consistent_deals(s._core, seat)
                if groups >= min_groups and n >= min_deals and (not nopair or _binding(s, seat)):
                    return s, seat, n
            s.apply(s.bot_action("random"))
    raise AssertionError("no such position")


def _binding(s, seat):
    """Does a no-pair inference about another seat exclude some consistent deal?"""
    full, _ = brute_force(s, seat, nopair=False)
    kept, _ = brute_force(s, seat, nopair=True)
    return sum(kept.values()) < sum(full.values())


def brute_force(s, seat, nopair=True):
    """Every physical deal of the hidden cards agreeing with seat's view -> the kind-level
    outcome (a tuple of per-holder count tuples), with multiplicity.  nopair: keep the
    no-pair inferences too (the sampler's draws; its count of deals does not)."""
    others = [o for o in range(N_SEATS) if o != seat]
    known = {o: shown_ids(s, o) for o in others}  # placed: shown by a failed throw
    hidden = sorted(c for o in others for c in s.hands[o] if c not in known[o])
    sizes = [len(s.hands[o]) - len(known[o]) for o in others]
    if seat != s.banker:
        hidden += list(s.buried)
        sizes.append(8)
    voids = s._core.void_suits
    no_pair = no_pair_twin(s)
    out = Counter()

    def rec(i, rest, acc):
        if i == len(sizes):
            out[tuple(acc)] += 1
            return
        for pick in itertools.combinations(rest, sizes[i]):
            kinds = [c // 2 for c in pick]
            if i < len(others) and any((voids[others[i]] >> follow(s, k)) & 1 for k in kinds):
                continue
            left = [c for c in rest if c not in pick]
            if i < len(others):
                kinds += [c // 2 for c in known[others[i]]]
                if nopair and any(
                    kinds.count(k) == 2 and (no_pair[others[i]] >> follow(s, k)) & 1
                    for k in set(kinds)
                ):
                    continue
            rec(i + 1, left, acc + [tuple(sorted(kinds))])

    rec(0, hidden, [])
    return out, others


@pytest.mark.parametrize(
    "banker_view,cards_left,min_groups,nopair",
    [
        (True, 3, 3, False),  # three void patterns: the memoized levels
        (True, 4, 2, False),
        (False, 1, 2, False),  # a non-banker: the buried pile is one more holder
        (True, 4, 1, True),  # a no-pair inference rules deals out: rejection
    ],
)
def test_uniform_over_the_consistent_deals(banker_view, cards_left, min_groups, nopair):
    s, seat, n = _late_state(banker_view, cards_left, min_groups, nopair=nopair)
    exact, others = brute_force(s, seat)
    assert n == pytest.approx(sum(brute_force(s, seat, nopair=False)[0].values()))
    draws = 20_000
    deals = sample_counts(s._core, seat, draws, chunk_state(7, 1))
    rows = others + ([] if banker_view else [PILE])
    seen = Counter()
    for d in deals:
        seen[tuple(tuple(sorted(np.repeat(np.arange(N_KINDS), d[r]))) for r in rows)] += 1
    assert set(seen) <= set(exact)  # only consistent deals
    keys = sorted(exact)
    expected = np.array([exact[k] for k in keys], float) / sum(exact.values()) * draws
    observed = np.array([seen[k] for k in keys], float)
    if len(keys) > 1:
        chi2, p = stats.chisquare(observed, expected)
        assert p > 1e-3, (len(keys), chi2, p)


def test_count_without_voids_is_a_multinomial():
    s = HandState("standard", "2", banker=0, seed=11)
    # the banker before burying sees 33 cards: 75 hidden, 25 to each other seat
    n, groups = consistent_deals(s._core, 0)
    assert groups == 1
    assert n == pytest.approx(math.factorial(75) / math.factorial(25) ** 3)
    # a defender: 83 hidden cards, 25 + 25 to the other defender and partner, 33 to the banker
    n, _ = consistent_deals(s._core, 1)
    assert n == pytest.approx(math.factorial(83) / (math.factorial(25) ** 2 * math.factorial(33)))


# -- inference from play (sampler.pxd play_likelihood) ---------------------------------
def _kinds(ids):
    return sorted(i // 2 for i in ids)


@pytest.mark.parametrize("preset", ["standard", "tournament", "must-play-ja"])
@pytest.mark.parametrize("policy", ["memory", "greedy"])
def test_the_true_deal_of_policy_players_scores_one(preset, policy):
    """Replaying the record with the true hands: every recorded play is the policy's own
    (the policy played every seat), so from every seat's view at every point the likelihood
    is 1 -- the rewound hands, voids, seen cards and current trick are what the seats saw."""
    for seed in range(2):
        s = HandState(preset, "2", banker=seed, seed=seed)
        while not s.is_over():
            if s.phase == "play":
                for seat in range(N_SEATS):
                    assert play_likelihood_of(s._core, seat, policy, 0.3) == 1.0
            s.apply(s.bot_action(policy))


@pytest.mark.parametrize("seed", [3, 8])
def test_the_likelihood_counts_the_plays_unlike_the_policy(seed):
    """Random players, the true deal: the likelihood from seat v's view is eps^m, m the
    plays so far of the other seats that memory (asked on the live state, an oracle that
    shares no code with the replay) would not have made."""
    eps = 0.5
    s = HandState("standard", "2", banker=seed % 4, seed=seed)
    while s.phase != "play":
        s.apply(s.bot_action("memory"))
    unlike = [0] * N_SEATS  # per playing seat
    checked = 0
    while not s.is_over():
        for v in range(N_SEATS):
            m = sum(unlike) - unlike[v]
            assert play_likelihood_of(s._core, v, "memory", eps) == pytest.approx(eps**m)
            checked += m > 0
        seat = s.to_play
        mine = s.bot_action("memory")
        play = s.bot_action("random")
        unlike[seat] += _kinds(mine) != _kinds(play)
        s.apply(play)
    assert checked > 10  # random players differ from memory often


@pytest.mark.parametrize(
    "probe,banker,seed,bot,plays,seat",
    [
        # mid-hand, random play: the samples disagree with the record
        (play_likelihood_of, 1, 21, "random", 40, 0),
        # a defender's sampled piles, scored by memory's bury
        (bury_likelihood_of, 0, 7, "memory", 6, 1),
    ],
)
def test_sampled_deals_score_in_zero_one_and_one_without_inference(
    probe, banker, seed, bot, plays, seat
):
    """A likelihood of sampled deals lies in (0, 1], tells the deals apart, is 1 under
    eps = 1, and refuses a bad eps or policy."""
    s = HandState("standard", "2", banker=banker, seed=seed)
    while s.phase != "play":
        s.apply(s.bot_action("memory"))
    for _ in range(plays):
        s.apply(s.bot_action(bot))
    state = chunk_state(seed, 1)
    likes = []
    for _ in range(30):
        deal = sample_core(s._core, seat, state)
        assert probe(s._core, seat, "memory", 1.0, deal) == 1.0
        like = probe(s._core, seat, "memory", 0.5, deal)
        assert 0.0 < like <= 1.0
        likes.append(like)
    assert len(set(likes)) > 1  # the deals are told apart
    with pytest.raises(ValueError, match="eps"):
        probe(s._core, seat, "memory", 0.0)
    with pytest.raises(ValueError, match="policy"):
        probe(s._core, seat, "random", 0.5)


# -- inference from the bids and the bury (sampler_init's bids; bury_likelihood) -----------
def bid_twin(s):
    """Per seat, the copies of each kind its open bids showed (a plain reading of the
    bidding's masks) minus those it has played since: cards it must still hold -- or, for
    the burier, may have buried."""
    out = np.zeros((N_SEATS, N_KINDS), np.int64)
    for o, (one, two) in enumerate(bids_shown(s._core)):
        for k in range(N_KINDS):
            out[o, k] = 2 if (two >> k) & 1 else (1 if (one >> k) & 1 else 0)
    for trick in (*s.tricks, s.current_trick):
        if trick is None:
            continue
        for seat, cards in trick.plays:
            out[seat] -= counts(cards)
    return np.maximum(out, 0)


@pytest.mark.parametrize("preset", ["standard", "tournament"])
def test_the_bids_cards_stay_with_their_bidder(preset):
    """First hands bid eagerly: from every seat's view, every deal drawn with `bids` gives
    each other seat the cards its open bids showed and it has not played (the burier's: to
    its hand or the pile); the real hands keep the same facts (they are facts), and draws
    without `bids` break them (the test can fail).  Random buries and plays put shown cards
    in the pile."""
    checked = broken = piled = 0
    for seed in range(12):
        s = HandState(preset, "2", seed=seed)
        bot = "memory" if seed % 3 == 0 else "random"
        step = 0
        while not s.is_over():
            if s.phase == "play" and step % 5 == 0:
                need = bid_twin(s)
                burier = s.burier
                for o in range(N_SEATS):  # the truth
                    held = counts(s.hands[o]) + (counts(s.buried) if o == burier else 0)
                    assert (held >= need[o]).all()
                for seat in range(N_SEATS):
                    got = sample_counts(s._core, seat, 4, chunk_state(seed, step), bids=True)
                    plain = sample_counts(s._core, seat, 4, chunk_state(seed, step))
                    for o in range(N_SEATS):
                        if o == seat or not need[o].any():
                            continue
                        for k in np.flatnonzero(need[o]):
                            if o != burier:
                                placed, was = got[:, o, k], plain[:, o, k]
                            elif seat != burier:  # the burier may have buried it
                                placed = got[:, o, k] + got[:, PILE, k]
                                was = plain[:, o, k] + plain[:, PILE, k]
                                piled += int(got[:, PILE, k].any())
                            else:
                                continue  # the burier's own view: it knows its pile
                            assert (placed >= need[o, k]).all(), (seed, o, k)
                            checked += 1
                            broken += int((was < need[o, k]).any())
            s.apply(s.bot_action(bot))
            step += 1
    assert checked > 100 and broken > 0 and piled > 0


def test_bids_with_nothing_shown_change_nothing():
    """A hand dealt without a bidding (the trump given) shows no bid: the draws with and
    without `bids` are the same bytes."""
    s = HandState("standard", "2", banker=2, seed=4, trump="H")
    assert bids_shown(s._core) == [(0, 0)] * N_SEATS
    while s.phase != "play":
        s.apply(s.bot_action("memory"))
    for _ in range(9):
        s.apply(s.bot_action("memory"))
    a = sample_counts(s._core, 1, 6, chunk_state(4, 1), bids=True)
    b = sample_counts(s._core, 1, 6, chunk_state(4, 1))
    assert (a == b).all()
    assert consistent_deals(s._core, 1, bids=True) == consistent_deals(s._core, 1)


@pytest.mark.parametrize("bury", ["memory", "random"])
def test_the_bury_likelihood_counts_the_cards_unlike_the_policy(bury):
    """The true deal: from a seat that did not bury, the likelihood of the pile is eps^m at
    every point of the hand, m the buried cards memory (asked on the live state before the
    bury: an oracle sharing no code with the rewind) would not have buried -- 0 when memory
    buried; 1 from the burier's own view (it knows its pile)."""
    eps = 0.5
    for seed in range(4):
        s = HandState("standard", "2", banker=seed % 4, seed=seed + 40)
        mine = counts(s.bot_action("memory"))
        pile = s.bot_action(bury)
        m = 8 - int(np.minimum(mine, counts(pile)).sum())
        s.apply(pile)
        burier = s.burier
        steps = 0
        while not s.is_over():
            for v in range(N_SEATS):
                want = 1.0 if v == burier else eps**m
                assert bury_likelihood_of(s._core, v, "memory", eps) == pytest.approx(want)
            s.apply(s.bot_action("memory"))
            steps += 1
        assert steps > 20
        if bury == "random":
            assert m > 0


@pytest.mark.parametrize("preset", ["standard", "tournament", "campus-2015"])
def test_eager_bidders_passes_score_one_and_rule_deals_out(preset):
    """The bidding is eager (HandState's default): a seat with a bid open at the end of the
    deal would have made it, so the true deal scores 1 from every view along the hand,
    first hands and later ones alike; uniform deals that hand a seat such a bid (an
    overturning pair, the declarer's second copy) score eps per seat (the inference has
    something to read); a hand dealt without a bidding scores 1."""
    eps = 0.5
    ruled_out = drawn = 0
    for seed in range(6):
        s = HandState(preset, "2", banker=None if seed % 2 else seed % 4, seed=seed + 60)
        while s.phase != "play":
            s.apply(s.bot_action("memory"))
        step = 0
        while not s.is_over():
            if step % 11 == 0:
                for v in range(N_SEATS):
                    assert pass_likelihood_of(s._core, v, eps) == 1.0, (seed, step, v)
                    state = chunk_state(seed, step * 4 + v)
                    for _ in range(3):
                        like = pass_likelihood_of(s._core, v, eps, sample_core(s._core, v, state))
                        assert like in (1.0, eps, eps**2)
                        ruled_out += like < 1.0
                        drawn += 1
            s.apply(s.bot_action("memory"))
            step += 1
    assert drawn > 200 and ruled_out > 0
    s = HandState(preset, "2", banker=1, seed=3, trump="S")  # no bidding
    while s.phase != "play":
        s.apply(s.bot_action("memory"))
    assert pass_likelihood_of(s._core, 0, eps, sample_core(s._core, 0, chunk_state(1))) == 1.0

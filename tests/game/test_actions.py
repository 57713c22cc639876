"""Every decision is an action (shengji.game.actions): the step encoding's legal sets are
exact, whole plays and actions are the same decisions, and a hand is a pure function of
its setup and its history.

Exactness of a follow's legal actions is checked against the candidate plays
(``legal_plays()``: every legal follow, itself checked against shengji.reference in
tests/game/test_state.py): after any cards chosen, a card is a legal action iff some legal
follow holds the chosen cards and it.
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

import shengji.reference as ref
from shengji.game import (
    ACTION_PLAY,
    N_ACTIONS,
    HandState,
    play_hand,
    random_action_bot,
)
from shengji.rules.options import PRESETS

# timed-match: short_suit_trumps (the fill takes the trumps first)
PRESET_SAMPLE = [
    "standard",
    "club-84022",
    "league-2019",
    "spring-festival",
    "team-cup",
    "timed-match",
]


def kinds(cards):
    return Counter(c // 2 for c in cards)


def contains(big: Counter, small: Counter) -> bool:
    return all(big[k] >= n for k, n in small.items())


def expected_follow_actions(s, chosen):
    """Kinds k such that some candidate follow holds chosen + k (brute force)."""
    follows = [kinds(p) for p in s.legal_plays()]
    out = set()
    for f in follows:
        for k in f:
            if contains(f, chosen + Counter({k: 1})):
                out.add(k)
    return out


def check_decision_tree(s, rng, paths=4):
    """Walk a few random paths of actions through the current decision; at every node the
    legal actions must be exactly the extendable kinds, ids held, and never empty."""
    seat = s.to_play
    for _ in range(paths):
        t = s.clone()
        chosen = Counter()
        while True:
            legal = t.legal_actions()
            assert legal, "a dead end: cards chosen that no legal decision holds"
            assert legal == sorted(legal) and all(0 <= a < N_ACTIONS for a in legal)
            cards = [a for a in legal if a != ACTION_PLAY]
            held = t.hands[seat]
            assert all(c in held for c in cards)
            assert len({c // 2 for c in cards}) == len(cards), "one id per kind"
            if t.current_trick is not None:  # a follow
                assert ACTION_PLAY not in legal
                assert {c // 2 for c in cards} == expected_follow_actions(t, chosen)
            a = int(rng.choice(legal))
            ev = t.apply_action(a)
            if ev is not None:
                assert ev.seat == seat
                return
            chosen[a // 2] += 1


@pytest.mark.parametrize("preset", PRESET_SAMPLE)
def test_legal_actions_are_exact(preset):
    rng = np.random.default_rng(PRESET_SAMPLE.index(preset))
    big_follows = 0
    for seed in range(6):
        s = HandState(preset, "2", banker=seed % 4, seed=seed)
        # bury: one card a decision, every card held (one id per kind)
        legal = s.legal_actions()
        assert {c // 2 for c in legal} == {c // 2 for c in s.hands[s.banker]}
        assert s.legal_plays() == [[c] for c in legal]
        s.apply(s.bot_action("greedy"))
        while not s.is_over():
            if len(s.legal_plays()) <= 3000:
                check_decision_tree(s, rng)
                big_follows += s.current_trick is not None and len(s.current_trick.lead) > 2
            s.apply(s.bot_action(("greedy", "random")[s.to_play % 2]))
    assert big_follows > 5


def test_lead_actions():
    s = HandState("standard", "5", banker=1, seed=3)
    s.apply(s.bot_action("greedy"))
    hand = s.hands[s.to_play]
    assert {a // 2 for a in s.legal_actions()} == {c // 2 for c in hand}
    first = s.legal_actions()[0]
    assert s.apply_action(first) is None
    assert s.observation(s.to_play).pending == (first,)
    assert s.observation((s.to_play + 1) % 4).pending == ()
    legal = s.legal_actions()
    assert legal[-1] == ACTION_PLAY
    suit = _follow(s, first)
    assert all(_follow(s, c) == suit for c in legal[:-1])
    ev = s.apply_action(ACTION_PLAY)
    assert ev.cards == (first,) and ev.played == (first,) and ev.trick == 0
    assert s.history[-1] == (first,) and s.actions[-2:] == [first, ACTION_PLAY]
    with pytest.raises(ValueError):
        s.apply_action(ACTION_PLAY)  # a follow is not closed by hand
    with pytest.raises(ValueError):
        s.apply_action(1000)


def _follow(s, card):
    level = "23456789TJQKA".index(s.level if s.level != "10" else "T")
    k = card // 2
    if k >= 52 or k % 13 == level or (s.trump != "NT" and k // 13 == "SHCD".index(s.trump)):
        return 4
    return k // 13


def test_whole_plays_and_actions_are_the_same_decisions():
    """A hand played with whole plays, replayed from its actions (and the other way):
    the same states, records and results."""
    for seed in range(6):
        s = play_hand(
            sorted(PRESETS)[seed],
            "2",
            policies=("random", "greedy") * 2,
            banker=seed % 4,
            seed=seed,
        )
        setup = type(s.setup).from_dict(json.loads(json.dumps(s.setup.to_dict())))
        assert setup == s.setup
        by_actions = HandState.from_history(setup, s.actions)
        assert by_actions.history == s.history and by_actions.events == s.events
        assert by_actions.result() == s.result()
        rng = np.random.default_rng(seed)
        t = HandState(sorted(PRESETS)[seed], "2", banker=seed % 4, seed=seed)
        while not t.is_over():
            t.apply_action(random_action_bot(t.observation(t.to_play), rng))
        by_plays = HandState.from_history(t.setup, t.history)
        assert by_plays.actions == sorted_actions(t)
        assert by_plays.result() == t.result() and by_plays.events == t.events
        for seat in range(4):
            assert by_plays.observation(seat) == t.observation(seat)


def sorted_actions(t):
    """t's actions with each play's cards in increasing order (how apply encodes them)."""
    out = []
    for ev in t.events:
        if ev.phase == "bury":
            out += list(ev.cards)
        else:
            lead = t.tricks[ev.trick].leader == ev.seat
            out += sorted(ev.cards) + ([ACTION_PLAY] if lead else [])
    return out


def test_random_actions_play_legal_hands_under_every_preset():
    """A uniform random action at every step: every decision it completes is legal per
    the reference (follows) and the hands add up."""
    for i, preset in enumerate(sorted(PRESETS)):
        rng = np.random.default_rng(i)
        for seed in range(3):
            s = HandState(preset, "2", banker=seed % 4, seed=100 * i + seed)
            while not s.is_over():
                # the trump may change in the round of overturns after the bury
                trump = (s.level, None if s.trump == "NT" else s.trump)
                seat = s.to_play
                hand = s.hands[seat]
                lead = s.current_trick.lead if s.current_trick is not None else None
                ev = s.apply_action(random_action_bot(s.observation(seat), rng))
                if ev is not None and ev.phase == "play" and lead is not None:
                    assert ref.is_legal_follow(hand, list(lead), list(ev.cards), trump, s.rules)
            r = s.result()
            assert (
                r["table_points"]
                + sum(t.points for t in s.tricks if t.winner % 2 == s.banker % 2)
                + r["kitty_points"]
                == 200
            )


def test_bury_one_card_a_decision():
    s = HandState("standard", "2", banker=2, seed=4)
    bury = s.bot_action("greedy")
    assert len(bury) == 8
    s.apply(bury[:3])  # 3 decisions
    assert len(s.history) == 3 and s.phase == "bury" and s.buried == sorted(bury[:3])
    o = s.observation(2)
    assert o.buried == tuple(sorted(bury[:3])) and len(o.hand) == 30
    assert s.observation(0).buried is None and s.observation(0).hand_sizes[2] == 30
    rest = s.bot_action("greedy")  # the bot completes the bury
    assert len(rest) == 5 and not set(rest) & set(bury[:3])
    with pytest.raises(ValueError):
        s.apply(rest + [c for c in s.hands[2] if c not in rest][:1])  # 6 > 5 left
    for c in rest[:-1]:
        assert s.apply_action(c).phase == "bury"
    ev = s.apply(rest[-1])
    assert ev.phase == "bury" and s.phase == "play" and len(s.buried) == 8
    assert len(s.history) == 8 and s.actions == [c for d in s.history for c in d]


def reachable_follows(s):
    """Every follow the step encoding reaches, choosing cards in increasing id order (each
    multiset once), as sorted kind tuples; asserts no node is a dead end."""
    out = set()

    def walk(t, lo, chosen):
        legal = t.legal_actions()
        assert legal, "dead end"
        for a in legal:
            if a < lo:
                continue
            u = t.clone()
            if u.apply_action(a) is not None:
                out.add(tuple(sorted(c // 2 for c in chosen + [a])))
            else:
                walk(u, a + 1, chosen + [a])

    walk(s.clone(), 0, [])
    return out


def reference_follows(s):
    """Every legal follow per shengji.reference (brute force over the hand's multisets).
    A seat holding more cards of the led suit than the lead follows with that suit only
    (docs/rules.md §4), so only those multisets are tried then: a reachable follow with
    another card would still show up as a difference."""
    from itertools import combinations

    hand = s.hands[s.to_play]
    lead = list(s.current_trick.lead)
    trump = (s.level, None if s.trump == "NT" else s.trump)
    suit = [c for c in hand if _follow(s, c) == _follow(s, lead[0])]
    out = set()
    for combo in combinations(suit if len(suit) > len(lead) else hand, len(lead)):
        key = tuple(sorted(c // 2 for c in combo))
        if key not in out and ref.is_legal_follow(hand, lead, list(combo), trump, s.rules):
            out.add(key)
    return out


@pytest.mark.parametrize("preset", ["standard", "league-2019", "campus-2015"])
def test_follow_actions_against_the_reference(preset):
    """Follows of pair, tractor and throw leads by a seat long in the suit (the search
    over completions): the follows the actions reach are the reference's legal ones."""
    checked = Counter()
    for seed in range(40):
        s = HandState(preset, "2", banker=seed % 4, seed=1000 + seed)
        s.apply(s.bot_action("greedy"))
        while not s.is_over() and checked["tractor"] < 8:
            t = s.current_trick
            if t is not None and 2 <= len(t.lead) <= 5:
                trump = (s.level, None if s.trump == "NT" else s.trump)
                shape = ref.classify(list(t.lead), trump, s.rules)
                suit = _follow(s, t.lead[0])
                held = sum(_follow(s, c) == suit for c in s.hands[s.to_play])
                kind = (
                    "tractor" if any(c.kind == "tractor" for c in shape.components) else shape.kind
                )
                if held > len(t.lead) and kind != "single" and checked[kind] < 8:
                    assert reachable_follows(s) == reference_follows(s), (seed, t)
                    checked[kind] += 1
            s.apply(s.bot_action("random"))
    assert checked["pair"] >= 5 and checked["throw"] >= 5, checked


def deal_with(hands: dict, rng) -> list[int]:
    """A dealing order giving seat s the card ids hands[s] (the rest at random)."""
    used = {c for cards in hands.values() for c in cards}
    rest = [c for c in rng.permutation(108).tolist() if c not in used]
    deck = [None] * 108
    for seat, cards in hands.items():
        slots = [i for i in range(100) if i % 4 == seat]
        for i, c in zip(slots, cards, strict=False):
            deck[i] = c
    return [c if c is not None else rest.pop() for c in deck]


@pytest.mark.parametrize("case", range(40))
def test_tractor_follows_against_the_reference(case):
    """Constructed hands: the banker leads a tractor (with a single thrown beside it in
    half the cases) of a side suit, the others hold many cards of it with pairs; every
    follower's reachable follows are the reference's legal ones."""
    rng = np.random.default_rng(case)
    suit = int(rng.integers(1, 4))  # H C D; spades trump, level 2
    ranks = rng.permutation(np.arange(1, 13))  # 3..A (rank 0 is the level)
    length = 2 + case % 2
    throw = case % 4 >= 2  # with the ace beside a tractor topped by the king:
    run = 12 - length if throw else int(rng.integers(1, 13 - length))  # nothing beats it
    tractor = [2 * (13 * suit + r) + c for r in range(run, run + length) for c in (0, 1)]
    ace = 2 * (13 * suit + 12)
    others = [2 * (13 * suit + int(r)) + c for r in ranks for c in (0, 1)]
    others = [c for c in others if c not in tractor and not (throw and c == ace)]
    rng.shuffle(others)
    hands = {0: tractor + ([ace] if throw else [])}
    for seat in (1, 2, 3):
        n = int(rng.integers(len(hands[0]) + 1, len(hands[0]) + 3))  # long in it
        # pairs first: take both copies of some kinds
        mine = []
        while len(mine) < n and others:
            c = others.pop()
            mine.append(c)
            twin = c ^ 1
            if len(mine) < n and twin in others and rng.random() < 0.7:
                others.remove(twin)
                mine.append(twin)
        hands[seat] = mine
    deck = deal_with(hands, rng)
    s = HandState("standard", "2", banker=0, deal=deck, trump="S")
    lead = hands[0]
    s.apply([c for c in s.hands[0] if c not in lead and c // 2 // 13 != suit][:8])
    assert not s.apply(lead).failed_throw
    long = 0
    for seat in (1, 2, 3):
        assert s.to_play == seat
        if sum(_follow(s, c) == suit for c in s.hands[seat]) > len(lead):
            # long in the suit (the last seats get what is left): the completion search
            assert reachable_follows(s) == reference_follows(s), (case, seat)
            long += 1
        s.apply(s.bot_action("greedy"))
    assert long >= 1


def test_refused_actions_change_nothing():
    rng = np.random.default_rng(7)
    for seed in range(4):
        s = HandState("club-84022", "2", banker=seed, seed=seed)
        refused = 0
        while not s.is_over():
            legal = s.legal_actions()
            before = (s.actions, s.history, s.hands, s.observation(s.to_play))
            for a in [ACTION_PLAY, *range(108)]:
                if a in legal or (a < 108 and a ^ 1 in legal and a in s.hands[s.to_play]):
                    continue  # legal (or the other copy of one)
                with pytest.raises(ValueError):
                    s.apply_action(a)
                refused += 1
            for bad in (-1, 109, True, "3", 1.0):
                with pytest.raises(ValueError):
                    s.apply_action(bad)
            assert (s.actions, s.history, s.hands, s.observation(s.to_play)) == before
            s.apply_action(int(rng.choice(legal)))
        assert refused > 1000


def test_defender_level():
    s = HandState("standard", "5", banker=1, defender_level="9", seed=2)
    o = s.observation(0)
    assert (o.level, o.defender_level) == ("5", "9") == (s.level, s.defender_level)
    with pytest.raises(ValueError, match="defender_level"):
        HandState("standard", "5", banker=None, defender_level="9", seed=2)

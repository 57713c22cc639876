"""HandState.observation(seat): what that seat may know and nothing else.

* Its fields agree with the full state where the seat may see (its hand, the kitty and
  the bury for the banker, the public record) and are empty where it may not.
* Permuting the cards a seat cannot see, consistently with everything it saw (between two
  other seats' unplayed cards, within one following-suit, level cards and jokers kept
  where they are so that the bidding stays possible; the bury cards too when the seat is
  not the banker), leaves its observation -- and so any bot's choice from it, Python or
  built-in (random, greedy, memory) -- unchanged, while the other seats' observations do
  change.
"""

from __future__ import annotations

import dataclasses
import json
import pickle

import numpy as np
import pytest

from shengji.cards import card_points
from shengji.game import BOT_NAMES, HandState, builtin_bot, play_hand, random_action_bot
from shengji.rules.options import PRESETS

TRUMP = 4


def follow(s, card):
    level = "23456789TJQKA".index("T" if s.level == "10" else s.level)
    k = card // 2
    if k >= 52 or k % 13 == level or (s.trump != "NT" and k // 13 == "SHCD".index(s.trump)):
        return TRUMP
    return k // 13


def is_bid_card(s, card):
    level = "23456789TJQKA".index("T" if s.level == "10" else s.level)
    return card // 2 >= 52 or (card // 2) % 13 == level


def test_fields_agree_with_the_state():
    for seed in range(6):
        s = HandState(sorted(PRESETS)[seed], "2", banker=seed % 4, seed=seed)
        n = 0
        while True:
            for seat in range(4):
                o = s.observation(seat)
                assert o.seat == seat and o.phase == s.phase and o.to_play == s.to_play
                assert list(o.hand) == s.hands[seat]
                assert o.hand_sizes == tuple(len(h) for h in s.hands)
                assert o.trump == s.trump and o.banker == s.banker and o.level == s.level
                # the outcome without its log; the log as the seat saw it in o.bids
                assert o.bidding == (s.bidding and dataclasses.replace(s.bidding, bids=()))
                assert len(o.bids) == len(s.bid_log) and all(
                    x[1] == seat or not s.rules.secret_bids or x[3] is None for x in o.bids
                )
                assert (o.kitty is not None) == (seat == s.banker)
                if seat == s.banker:
                    assert list(o.kitty) == s.kitty
                # the buried cards: the seat that buried them (the banker, or a re-burying
                # overturner), the seat burying, and everyone at the end
                assert (o.buried is not None) == (seat == s.burier or s.is_over())
                if o.buried is not None:
                    assert list(o.buried) == s.buried
                assert o.tricks == s.tricks and o.current_trick == s.current_trick
                assert o.points == s.points and o.team_points == s.team_points
                assert o.penalty == s.penalty
                assert o.voids == s.observation((seat + 1) % 4).voids
                if seat == s.to_play:
                    assert list(o.legal_actions) == s.legal_actions()
                    assert o.legal_plays() == s.legal_plays()
                else:
                    assert o.legal_actions == () and o.legal_plays() == []
                assert sum(o.points) == sum(
                    card_points(c) for t in o.tricks for _, p in t.plays for c in p
                )
                assert o.defender_points == s.trick_points[1]
            if s.is_over():
                assert o.result == s.result()
                break
            s.apply(s.bot_action(BOT_NAMES[n % 2]))
            n += 1


def test_tricks_and_leader():
    s = play_hand("club-84022", "5", policies=("random",) * 4, banker=1, seed=9)
    o = s.observation(3)
    assert o.current_trick is None and o.phase == "over" and o.to_play is None
    leader = s.banker
    for i, t in enumerate(o.tricks):
        assert t.index == i and t.leader == leader and t.complete
        assert [seat for seat, _ in t.plays] == [(leader + j) % 4 for j in range(4)]
        assert t.points == sum(card_points(c) for _, p in t.plays for c in p)
        leader = t.winner
    assert o.leader == leader
    fails = o.failed_throws
    assert len(fails) == o.result["failed_throws"]
    for f in fails:
        t = o.tricks[f.trick]
        assert t.attempt == f.attempted and t.lead == f.forced and t.leader == f.seat
        assert set(f.forced) < set(f.attempted)
    assert sum(f.penalty for f in fails) == o.result["penalty"] == o.penalty


def test_plain_data_and_pickling():
    s = HandState("standard", "2", banker=0, seed=2)
    s.apply(s.bot_action("greedy"))
    for _ in range(10):
        s.apply(s.bot_action("random"))
    o = s.observation(s.to_play)
    d = json.loads(o.to_json())
    assert d["hand"] == list(o.hand) and d["seat"] == o.seat and d["rules"] == s.rules.to_dict()
    assert d["tricks"][0]["plays"][0][1] == list(o.tricks[0].plays[0][1])
    assert "_info" not in d
    text = str(o)
    assert f"Seat {o.seat}" in text and "your hand" in text
    assert "S0 (" in s.render() and "kitty (dealt)" in s.render()
    o2 = pickle.loads(pickle.dumps(o))
    assert o2 == o and o2.legal_plays() == o.legal_plays()
    s2 = pickle.loads(pickle.dumps(s))
    assert s2.observation(1) == s.observation(1) and s2.history == s.history
    s2.apply(s2.bot_action("greedy"))
    assert len(s2.history) == len(s.history) + 1


def permuted(s, seat, rng, swaps=4):
    """The state s would be if some cards `seat` cannot see were swapped: unplayed cards
    of two other seats (or of another seat and the bury, when seat is not the banker),
    within one following-suit, no level cards or jokers, the swap applied to the deal and
    the history.  None when it changed something public (it was not consistent)."""
    hands = s.hands
    hidden = {x: [c for c in hands[x] if not is_bid_card(s, c)] for x in range(4) if x != seat}
    if seat != s.banker and s.phase != "bury":
        hidden["bury"] = [c for c in s.buried if not is_bid_card(s, c)]
    owners = list(hidden)
    mapping = {}
    for _ in range(swaps):
        a, b = (owners[i] for i in rng.choice(len(owners), 2, replace=False))
        ca = [c for c in hidden[a] if c not in mapping]
        if not ca:
            continue
        x = ca[rng.integers(len(ca))]
        cb = [
            c
            for c in hidden[b]
            if c not in mapping and follow(s, c) == follow(s, x) and c // 2 != x // 2
        ]
        if cb:
            y = cb[rng.integers(len(cb))]
            mapping[x], mapping[y] = y, x
    if not mapping:
        return None
    setup = s.setup
    new = type(setup)(
        setup.rules,
        setup.level,
        setup.defender_level,
        tuple(mapping.get(c, c) for c in setup.deal),
        setup.trump,
        setup.banker,
        setup.bidding,
    )
    try:
        t = HandState.from_history(new, [tuple(mapping.get(c, c) for c in d) for d in s.history])
    except ValueError:
        return None  # a past play became illegal
    o, p = t.observation(seat), s.observation(seat)
    if (o.tricks, o.current_trick) != (p.tricks, p.current_trick):
        return None  # e.g. a throw's fate changed
    return t


@pytest.mark.parametrize("preset", ["standard", "club-84022", "league-2019", "team-cup"])
def test_hidden_cards_do_not_change_an_observation(preset):
    rng = np.random.default_rng(sorted(PRESETS).index(preset))
    greedy = builtin_bot("greedy")
    rand = builtin_bot("random")
    memory = builtin_bot("memory")
    checked = changed_others = 0
    for seed in range(5):
        s = HandState(preset, "2", banker=seed % 4, seed=seed)
        while not s.is_over():
            me = s.to_play
            if rng.random() < 0.35:
                t = permuted(s, me, rng)
                if t is not None:
                    o, p = s.observation(me), t.observation(me)
                    assert o == p and o.to_dict() == p.to_dict() and o.render() == p.render()
                    assert o.legal_plays() == p.legal_plays()
                    for bot in (greedy, rand, memory, random_action_bot):
                        a = bot(o, np.random.default_rng(seed))
                        assert a == bot(p, np.random.default_rng(seed)), bot
                    for name in BOT_NAMES:  # and through the full state's path
                        u, v = s.clone(), t.clone()
                        u.reseed(seed)
                        v.reseed(seed)
                        assert u.bot_action(name) == v.bot_action(name)
                    changed_others += any(
                        s.observation(x) != t.observation(x) for x in range(4) if x != me
                    )
                    checked += 1
            s.apply(s.bot_action(BOT_NAMES[s.to_play % len(BOT_NAMES)]))
    assert checked > 40 and changed_others == checked


def test_an_observation_holds_no_hidden_card():
    """The information set an observation is read from holds no card of another seat
    (the core's redacted copy: other holdings empty, their ids' locations unknown), so
    its candidate moves and the built-in bots run on it cannot use one."""
    for seed in range(4):
        s = HandState("standard", "2", banker=seed, seed=seed)
        s.apply(s.bot_action("greedy"))
        for _ in range(9 + seed):
            s.apply(s.bot_action("random"))
        for seat in range(4):
            info = s.observation(seat)._info
            counts, where = info._contents()
            for x in range(4):
                assert (counts[x].sum() > 0) == (x == seat)
            hidden = {c for x in range(4) if x != seat for c in s.hands[x]}
            if seat != s.banker:
                hidden |= set(s.buried)
                assert counts[4].sum() == counts[5].sum() == 0  # kitty, buried
            assert all(where[c] == "unknown" for c in hidden)
            assert not any(where[c] == "unknown" for c in range(108) if c not in hidden)

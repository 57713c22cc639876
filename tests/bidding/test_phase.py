"""The bidding options that act after the bury, through HandState (the round of overturns
needs the bury): overturn_after_kitty, secret_bids (its round after the bury),
overturn_reburies; HandState's bid phase stepping them one decision at a time; and the C
round (BidCore) against the Python engine's ``late_round`` on random hands.

Level 2 unless said; the bidding during the deal is the eager policy (HandState's default)
or, with ``bid_phase=True``, decided here.
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji import Rules
from shengji._core.drivers.jobs import HandsJob
from shengji.cards import parse_cards
from shengji.game import HandState
from shengji.names import RANK_NAMES, TRUMP_NAMES
from shengji.rules import pack
from shengji.rules.bid_types import BID_ACTIONS
from tests.support.constructed_deals import at, deal, fill


def bury(state, seat, keep=""):
    """The seat buries 8 cards: its level cards and jokers first (but the kinds in keep),
    then its lowest plain cards, so that only the pairs the test wants stay."""
    keep_kinds = {k // 2 for k in parse_cards(keep)}
    level = RANK_NAMES.index(state.level)

    def special(c):
        return c // 2 >= 52 or (c // 2) % 13 == level

    cards = sorted(state.hands[seat], key=lambda c: (c // 2 in keep_kinds, not special(c), c))
    state.apply(cards[:8])
    return cards[:8]


# -- overturn_after_kitty (source 004, lines 31-33; source 001, lines 31-33) -----------------
# later hand, banker 0: seat 1 declares 2H; the banker holds one 2S, the kitty the other
LATE_S = fill({at(1, 0): "2H", at(0, 1): "2S"}, "2C", "2D", "SJ", "BJ")


@pytest.mark.parametrize(
    "mode, trump, late", [("never", "H", 0), ("always", "S", 1), ("later_hands", "S", 1)]
)
def test_overturn_after_kitty_later_hand(mode, trump, late):
    s = HandState(Rules(overturn_after_kitty=mode), "2", banker=0, deal=deal(LATE_S, "2S"))
    assert (s.phase, s.trump) == ("bury", "H")
    bury(s, 0, keep="2S")
    assert (s.phase, s.trump, s.banker) == ("play", trump, 0)
    assert (s.bidding.late_overturns, s.bidding.overturns) == (late, late)
    if late:
        assert s.bidding.team_overturns == (1, 0)  # the banker's team


@pytest.mark.parametrize("mode, trump", [("always", "S"), ("later_hands", "C")])
def test_overturn_after_kitty_first_hand(mode, trump):
    # seat 0 declares 2H and banks; seat 1 overturns with 2C 2C (the bank stays: option
    # overturn_takes_bank off); seat 0 gets 2S 2S with the kitty: SHCD ranks S over C
    rules = Rules(overturn_after_kitty=mode, overturn_takes_bank=False, suit_priority="SHCD")
    placed = fill(
        {at(0, 0): "2H", at(1, 1): "2C", at(1, 2): "2C", at(0, 3): "2S"}, "2D", "SJ", "BJ"
    )
    s = HandState(rules, "2", deal=deal(placed, "2S"))
    assert (s.trump, s.banker) == ("C", 0)
    bury(s, 0, keep="2S")
    assert (s.trump, s.banker) == (trump, 0)


def test_no_round_after_the_bury_without_a_declaration():
    # campus-2015: nobody declares (the seats pass in the bid phase), so the banker steps
    # down and the hand is no-trump: nothing to overturn, although seat 1 holds 2S 2S
    placed = fill({at(1, 1): "2S", at(1, 2): "2S", at(2, 3): "2H"}, "2C", "2D", "SJ", "BJ")
    s = HandState("campus-2015", "2", banker=3, deal=deal(placed), bid_phase=True)
    while s.phase == "bid":
        s.apply("pass")
    assert (s.trump, s.banker, s.bidding.no_bid) == ("NT", 0, True)
    bury(s, 0)
    assert s.phase == "play" and s.bidding.late_overturns == 0


# -- secret_bids and overturn_reburies (source 002, lines 243-245) ---------------------------
# later hand at level J, banker 0: seat 1 declares JH (its only J), seat 2 holds BJ BJ,
# seat 3 JC JC
SECRET = {
    at(1, 0): "JH",
    at(2, 1): "BJ",
    at(2, 2): "BJ",
    at(3, 3): "JC",
    at(3, 4): "JC",
    at(0, 24): "SJ",
    at(1, 24): "SJ",
    at(2, 24): "JS",
    at(3, 24): "JD",
}


def secret_deal():
    return deal(SECRET, level=9)


def test_open_bids_overturn_during_the_deal():
    s = HandState("standard", "J", banker=0, deal=secret_deal())
    assert (s.trump, s.bidding.overturns) == ("NT", 1)


def test_secret_bids_overturn_after_the_bury_without_ranking():
    rules = Rules.preset("must-play-ja").replace(overturn_reburies=False)
    s = HandState(rules, "J", banker=0, deal=secret_deal())
    assert (s.trump, s.bidding.overturns) == ("H", 0)  # no overturn during the deal
    kitty = bury(s, 0)
    # seat 1 (its own bid: pass), seat 2 BJ BJ -> NT, seat 3 JC JC -> C, then all pass
    assert (s.trump, s.banker, s.bidding.overturns, s.bidding.late_overturns) == ("C", 0, 2, 2)
    assert sorted(s.buried) == sorted(kitty)


def test_overturn_reburies():
    s = HandState("must-play-ja", "J", banker=0, deal=secret_deal())
    bury(s, 0)
    # seat 2 overturned (NT): it holds the kitty and buries
    assert (s.phase, s.to_play, s.trump, len(s.hands[2])) == ("bury", 2, "NT", 33)
    mine = bury(s, 2, keep="BJ")
    assert len(s.hands[2]) == 25
    # seat 3 then overturns with JC JC, takes up seat 2's kitty and buries in turn
    assert (s.phase, s.to_play, s.trump) == ("bury", 3, "C")
    assert len(s.hands[3]) == 33 and set(mine) <= set(s.hands[3])
    last = bury(s, 3, keep="JC")
    assert (s.phase, s.trump, s.banker) == ("play", "C", 0)
    assert (s.bidding.reburies, s.bidding.late_overturns) == (2, 2)
    while not s.is_over():
        s.apply(s.bot_action("greedy"))
    from shengji.cards import kind_points

    assert s.result()["kitty_points"] == sum(kind_points(c // 2) for c in last)
    assert s.result()["reburies"] == 2


def test_secret_first_hand_joker_pair_after_the_bury():
    # seat 1 declares 2H, seat 3 completes SJ SJ during the deal: no overturn then (a joker
    # pair cannot take the bank); after seat 1's bury seat 3 overturns to NT and re-buries
    placed = fill({at(1, 0): "2H", at(3, 1): "SJ", at(3, 2): "SJ"}, "2C", "2D", "BJ")
    s = HandState("must-play-ja", "2", deal=deal(placed))
    assert (s.trump, s.banker) == ("H", 1)
    bury(s, 1)
    assert (s.phase, s.to_play, s.trump) == ("bury", 3, "NT")
    bury(s, 3)
    assert (s.phase, s.trump, s.banker, s.bidding.reburies) == ("play", "NT", 1, 1)


def test_secret_bids_face_down_in_the_bid_phase():
    s = HandState("must-play-ja", "J", banker=0, deal=secret_deal(), bid_phase=True)
    assert s.phase == "bid" and s.to_play == 1
    assert [BID_ACTIONS[a] for a in s.legal_plays()] == ["pass", "declare H"]
    s.apply("declare H")
    seen = [s.bid_current(seat) for seat in range(4)]
    assert seen[1]["trump"] == "H" and all(seen[x]["trump"] is None for x in (0, 2, 3))
    while s.phase == "bid":
        s.apply(s.bot_action("eager"))
    bury(s, 0)
    # the round after the bury in the bid phase: seat 2 decides first (seat 1 has nothing)
    assert (s.phase, s.to_play) == ("bid", 2)
    assert "overturn BJ BJ" in [BID_ACTIONS[a] for a in s.legal_plays()]
    s.apply("pass")
    assert (s.phase, s.to_play) == ("bid", 3)
    s.apply("overturn C")
    assert (s.phase, s.to_play) == ("bury", 3)


# -- the C round after the bury against the Python engine ------------------------------------
def test_round_after_the_bury_kernel_matches_python():
    from shengji._core.base.rng import chunk_state
    from shengji._core.bidding.entry import shuffle_deck
    from shengji.bidding.phase import BidPhase, kind_counts
    from shengji.bidding.simulate import eager_policy
    from shengji.reference.bidding import BiddingEngine

    state = chunk_state(17, 0)
    deck = np.arange(108, dtype=np.uint8)
    rng = np.random.default_rng(17)
    checked = 0
    for i in range(300):
        shuffle_deck(state, deck)
        rules = Rules(
            overturn_after_kitty=("always", "later_hands")[i % 2],
            secret_bids=bool(i % 3 == 0),
            overturn_reburies=bool(i % 4 == 0),
            suit_priority=(None, "SHCD")[i % 5 % 2],
            later_joker_overturns=(None, 1, 0)[i % 3],
            mixed_joker_pair=bool(i % 7 == 0),
        )
        level, first_hand, banker = i % 13, bool(i % 2 == 0 and i % 4), i % 4
        e = BiddingEngine(level, rules, first_hand, banker)
        e.run(deck.tolist(), eager_policy)
        b = BidPhase(deck, level, rules, first_hand, banker, 0)
        while b.deciding:
            b.apply(b.bot(0))
        rc, res = b.finish(chunk_state(0))
        if rc or not b.late_applies():
            continue
        # random buries: the banker swaps 8 random cards with the kitty
        hands = [list(deck[(s - 0) % 4 : 100 : 4]) for s in range(4)]
        bk = res["banker"]
        pool = hands[bk] + list(deck[100:])
        rng.shuffle(pool)
        hands[bk] = pool[:25]
        kitty = pool[25:]

        def rebury(seat, hands=hands, kitty=kitty):
            held = hands[seat] + kitty
            held.sort()
            hands[seat], kitty[:] = held[8:], held[:8]
            return hands[seat]

        py_hands = [list(h) for h in hands]
        py_kitty = list(kitty)

        def py_rebury(seat, py_hands=py_hands, py_kitty=py_kitty):
            held = sorted(py_hands[seat] + py_kitty)
            py_hands[seat], py_kitty[:] = held[8:], held[:8]
            return py_hands[seat]

        e.banker = bk
        e.late_round(py_hands, eager_policy, py_rebury)
        b.late_start(kind_counts(hands))
        while True:
            if b.deciding:
                b.apply(b.bot(0))
            elif b.stage == "rebury":
                seat = b.rebury_seat
                b.recount(
                    seat, kind_counts([rebury(seat) if s == seat else [] for s in range(4)])[seat]
                )
            else:
                break
        out = b.late_finish()
        assert (
            out["trump"],
            out["late_overturns"],
            out["overturns"],
            out["reburies"],
            tuple(out["team_overturns"]),
        ) == (e.suit, e.late_overturns, e.overturns, e.reburies, tuple(e.team_overturns)), (
            i,
            rules,
        )
        checked += 1
    assert checked > 40


@pytest.mark.parametrize(
    "preset",
    ["tournament", "must-play-ja", "timed-match", "campus-2015", "league-2019", "spring-festival"],
)
@pytest.mark.parametrize("banker", [None, 2])
def test_handstate_plays_the_drivers_hand_under_the_option_presets(preset, banker):
    """HandState(seed=S) is hand 0 of a scoring run with seed S, also when the first drawer
    is drawn, a round of overturns follows the bury and overturners re-bury."""
    from shengji._core.base.rng import chunk_state
    from shengji._core.drivers import hands as drivers
    from shengji.game import play_hand

    cols = drivers.HAND_COLUMNS
    for seed in range(4):
        out = np.zeros((len(cols), 1), np.int32)
        drivers.play_hands(
            HandsJob(
                state=chunk_state(seed, 0),
                deck=np.arange(108, dtype=np.uint8),
                n=1,
                rules=pack.rules(Rules.preset(preset)),
                level=3,
                banker=-1 if banker is None else banker,
                banker_bot=1,
                defender_bot=1,
                bid_policy=0,
                bid_threshold=0,
                out=out,
            )
        )
        row = {c: int(out[i, 0]) for i, c in enumerate(cols)}
        s = play_hand(preset, "5", policies=("greedy",) * 4, banker=banker, seed=seed)
        r = s.result()
        assert r["trump"] == TRUMP_NAMES[row["trump"]]
        for key in (
            "banker",
            "table_points",
            "kitty_points",
            "defender_points",
            "levels",
            "next_banker",
            "overturns",
            "late_overturns",
            "reburies",
        ):
            assert r[key] == row[key], (seed, key)
        assert s.bidding.first_drawer == row["first_drawer"]

"""The hand engine against the plain-Python rules (``shengji.reference``).

Every hand is replayed play by play: each follow must be legal per the reference, each
throw's fate and forced play must match the reference's throw check, each trick's winner
the reference's, and at the end every card has been played or buried exactly once, the
points add up to 200, D = table points + kitty x multiplier (defenders took the last
trick) + penalties, and the level change is the reference's ``level_change(D)``.

Default run: ``FAST_HANDS`` hands per preset.  ``-m slow``: ``FULL_HANDS`` (10^4) per
preset.  Seats alternate random and greedy bots so that both play every role.
"""

from __future__ import annotations

import numpy as np
import pytest

import shengji.reference as ref
from shengji.cards import N_CARDS, kind_points
from shengji.game import HandState
from shengji.rules.options import PRESETS, Rules

FAST_HANDS = 60
FULL_HANDS = 10_000
PENALTY = {"none": 0, "per_card": None, "fixed20": 20, "fixed10": 10}
BOT_MIXES = [("random",) * 4, ("greedy",) * 4, ("greedy", "random") * 2, ("random", "greedy") * 2]


def _points(ids):
    return sum(kind_points(c // 2) for c in ids)


def play_and_check(preset: str, seed: int, bots) -> dict:
    rules = Rules.preset(preset)
    level = ["2", "5", "8", "J", "A"][seed % 5]
    banker = None if seed % 7 == 0 else seed % 4
    s = HandState(rules, level, banker=banker, seed=seed)
    b = s.banker
    bank_team = b % 2
    s.apply(s.bot_action(bots[b]))
    while s.phase == "bury":  # an overturner after the bury re-buries (overturn_reburies)
        s.apply(s.bot_action(bots[s.to_play]))
    assert s.phase == "play" and len(s.buried) == 8
    # the trump after the bury (overturn_after_kitty may change it there)
    trump = (s.level, None if s.trump == "NT" else s.trump)
    expected_penalty = 0
    team_points = [0, 0]
    plays_in_trick = []
    while not s.is_over():
        seat = s.to_play
        hands = s.hands
        play = s.bot_action(bots[seat])
        if not plays_in_trick:
            combo = ref.classify(play, trump, rules)
            n_fail = len(s.failed_throws)
            s.apply(play)
            if combo.kind == "throw":
                others = [hands[(seat + i) % 4] for i in (1, 2, 3)]
                ok, forced = ref.check_throw(play, others, trump, rules)
                assert ok == (len(s.failed_throws) == n_fail)
                if not ok:
                    got = s.failed_throws[-1].forced
                    assert sorted(c // 2 for c in got) == sorted(c // 2 for c in forced)
                    per = PENALTY[rules.throw_penalty]
                    amount = 10 * (len(play) - len(forced)) if per is None else per
                    expected_penalty += amount if seat % 2 == bank_team else -amount
            else:
                assert len(s.failed_throws) == n_fail
        else:
            lead = plays_in_trick[0][1]
            assert ref.is_legal_follow(hands[seat], lead, play, trump, rules), (
                preset,
                seed,
                hands[seat],
                lead,
                play,
            )
            s.apply(play)
        plays_in_trick = s.current_trick.plays if s.current_trick else []
        if not plays_in_trick:
            trick = s.tricks[-1].plays
            w = ref.trick_winner([p for _, p in trick], trump, rules)
            team_points[trick[w][0] % 2] += sum(_points(p) for _, p in trick)
            last = trick[w]
    res = s.result()
    check_public_record(s, trump, rules)
    played = [c for t in s.tricks for _, p in t.plays for c in p] + s.buried
    assert sorted(played) == list(range(N_CARDS)), "every card played or buried exactly once"
    kitty = _points(s.buried)
    assert team_points[0] + team_points[1] + kitty == 200
    defenders = 1 - bank_team
    assert res["table_points"] == team_points[defenders]
    assert res["kitty_points"] == kitty
    assert res["penalty"] == expected_penalty
    assert res["last_winner_side"] == ("banker" if last[0] % 2 == bank_team else "defenders")
    mult = (
        ref.kitty_multiplier(last[1], trump, rules) if res["last_winner_side"] == "defenders" else 0
    )
    assert res["kitty_multiplier"] == mult
    assert res["last_winner_shape"] == ref.classify(last[1], trump, rules).kind
    d = team_points[defenders] + kitty * mult + expected_penalty
    assert res["defender_points"] == d
    side, levels = ref.level_change(d, rules, level=s.level, overturns=res["overturns"])
    assert (res["level_side"], res["levels"]) == (side, levels)
    assert res["next_banker"] == ((b + 2) % 4 if side == "banker" else (b + 1) % 4)
    return res


def _kind_masks(ids):
    one = two = 0
    for c in ids:
        b = 1 << (c // 2)
        two |= one & b
        one |= b
    return one, two


def check_public_record(s, trump, rules):
    """The core's public record (what every seat's view reads) against the Python-side
    history: each trick's leader, plays in order, winner and points; points per seat; the
    cards shown by each failed throw; the voids shown."""
    core = s._core
    seat_points = [0] * 4
    attempts = []
    for i, t in enumerate(s.tricks):
        trick = t.plays
        leader, winner, points, plays, attempt = core.trick(i)
        assert (t.leader, t.winner, t.points) == (leader, winner, points)
        assert leader == trick[0][0]
        assert plays == [_kind_masks(p) for _, p in trick]
        w = ref.trick_winner([p for _, p in trick], trump, rules)
        assert winner == trick[w][0]
        assert points == sum(_points(p) for _, p in trick)
        seat_points[winner] += points
        if attempt is not None:
            attempts.append((leader, attempt))
    assert core.seat_points == seat_points
    assert attempts == [(f.seat, _kind_masks(f.attempted)) for f in s.failed_throws]
    # voids shown: a follower with fewer cards of the led following-suit than the lead
    voids = [0] * 4
    for trick in s.tricks:
        led = ref.follow_suit(trick.plays[0][1][0] // 2, trump, rules)
        for seat, play in trick.plays[1:]:
            suits = [ref.follow_suit(c // 2, trump, rules) for c in play]
            if suits.count(led) < len(play):
                voids[seat] |= 1 << "SHCDT".index(led)
                # short_suit_trumps: a fill with fewer trumps than it has room for shows
                # that the seat has no more trumps either
                if (
                    rules.short_suit_trumps
                    and led != "T"
                    and suits.count("T") < len(play) - suits.count(led)
                ):
                    voids[seat] |= 1 << "SHCDT".index("T")
    assert core.void_suits == voids


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_hands_against_reference(preset):
    for i in range(FAST_HANDS):
        play_and_check(preset, 1000 * i + 17, BOT_MIXES[i % len(BOT_MIXES)])


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_hands_against_reference_full(preset, slow_only):
    for i in range(FULL_HANDS):
        play_and_check(preset, 7 * i + 3, BOT_MIXES[i % len(BOT_MIXES)])


def test_clone_replay_same_result():
    rng = np.random.default_rng(5)
    for seed in range(8):
        s = HandState("club-84022", "2", banker=seed % 4, seed=seed)
        start = s.clone()
        cut = int(rng.integers(1, 60))
        mid = None
        while not s.is_over():
            if mid is None and len(s.history) >= cut:
                mid = s.clone()
            s.apply(s.bot_action("random" if seed % 2 else "greedy"))
        for c in (start, mid):
            for play in s.history[len(c.history) :]:
                c.apply(play)
            assert c.result() == s.result()
            assert c.tricks == s.tricks and c.history == s.history and c.events == s.events


def _snapshot(s):
    return (
        s.phase,
        s.to_play,
        s.hands,
        s.tricks,
        s.current_trick,
        s.history,
        s.actions,
        s.trick_points,
    )


def test_illegal_apply_raises_and_changes_nothing():
    s = HandState("standard", "2", banker=0, seed=11)
    snap = _snapshot(s)
    with pytest.raises(ValueError):
        s.apply(s.hands[0][:9])  # 8 cards are buried, not 9
    with pytest.raises(ValueError):
        s.apply(s.hands[1][:8])  # not the banker's cards
    assert _snapshot(s) == snap
    s.apply(s.bot_action("greedy"))
    found = 0
    for _ in range(200):
        if s.is_over():
            break
        snap = _snapshot(s)
        seat = s.to_play
        legal = {tuple(sorted(c // 2 for c in p)) for p in s.legal_plays()}
        with pytest.raises(ValueError):
            s.apply([c for c in range(N_CARDS) if c not in s.hands[seat]][:1])
        assert _snapshot(s) == snap
        if s.current_trick is not None:
            size = len(s.current_trick.lead)
            # some play of the right size that is not legal, if any
            for start in range(0, len(s.hands[seat]) - size + 1):
                cand = tuple(sorted(s.hands[seat][start : start + size]))
                if tuple(sorted(c // 2 for c in cand)) not in legal:
                    with pytest.raises(ValueError):
                        s.apply(list(cand))
                    assert _snapshot(s) == snap
                    found += 1
                    break
        s.apply(s.bot_action("random"))
    assert found > 0


def test_the_state_holds_its_parts_and_inherits_nothing():
    """HandState is one class (issue 43): its bidding part, its play part (the C hand) and
    its record each own their fields; a clone copies each, a pickle keeps each."""
    import pickle

    from shengji.game.state_bidding import HandBidding
    from shengji.game.state_play import HandPlay
    from shengji.game.state_record import HandRecord

    assert HandState.__mro__ == (HandState, object)
    s = HandState("standard", "2", seed=4, bid_phase=True)
    assert set(vars(s)) == {"_bid", "_play", "_record", "_root"}
    assert isinstance(s._bid, HandBidding) and isinstance(s._play, HandPlay)
    assert isinstance(s._record, HandRecord)
    while not s.is_over():
        s.apply(s.bid_action() if s.phase == "bid" else s.bot_action("greedy"))
    other = pickle.loads(pickle.dumps(s))
    assert other.history == s.history and other.result() == s.result()
    assert HandState.from_history(s.setup, s.history).result() == s.result()


def test_the_bid_decision_is_bid_action():
    """bid_action is the bid decision (a kernel policy's k); bot_action a card bot's, which
    in phase "bid" stands for the state's bid_policy (issue 43)."""
    s = HandState("standard", "2", seed=11, bid_phase=True, bid_policy="threshold", threshold=3)
    assert s.phase == "bid"
    assert s.bid_action() == s.bot_action("greedy") == s.bid_action("threshold")
    assert s.bid_action("eager") == s.bot_action("eager")
    with pytest.raises(ValueError, match="policy: expected one of"):
        s.bid_action("greedy")
    while s.phase == "bid":
        s.apply(s.bid_action())
    with pytest.raises(ValueError, match="not bid"):
        s.bid_action()


def test_pending_holds_the_cards_chosen_one_action_at_a_time():
    """``pending``: the play being made, card by card (``apply_action``); ``[]`` once it is
    made, and outside the play (during the bury too, whose cards go one by one)."""
    from shengji.game.actions import ACTION_PLAY

    s = HandState("standard", "2", banker=0, seed=1, trump="S")
    s.apply_action(s.legal_actions()[0])
    assert s.phase == "bury" and s.pending == []
    while s.phase == "bury":
        s.apply(s.bot_action("greedy"))
    lead = next(p for p in s.legal_plays() if len(p) == 2)  # a pair
    assert s.pending == []
    s.apply_action(lead[0])
    assert s.pending == [lead[0]]
    s.apply_action(lead[1])
    assert sorted(s.pending) == sorted(lead[:2])
    s.apply_action(ACTION_PLAY)
    assert s.pending == [] and s.to_play != 0

"""_core/engine/hand.pyx, the hand state machine: bury 8, then tricks until every card is
played, each trick led by the last one's winner, a failed throw playing its forced
component (the attempt kept in the record) and the rest staying in hand; the phases named
from its enum."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji._core.engine.hand import PHASE_NAMES, Phase
from shengji.game import HandState


def test_the_phases():
    assert PHASE_NAMES == ("bury", "play", "over")
    assert [int(Phase[f"PHASE_{n.upper()}"]) for n in PHASE_NAMES] == [0, 1, 2]


@pytest.mark.parametrize("seed", range(12))
def test_a_hand_runs_its_course(seed):
    s = HandState("standard", level="2", banker=seed % 4, trump="SHCD"[seed % 4], seed=seed)
    assert s.phase == "bury" and len(s.hands[seed % 4]) == 33
    s.apply(s.bot_action("random"))
    assert s.phase == "play" and [len(h) for h in s.hands] == [25] * 4
    leader = seed % 4
    while not s.is_over():
        assert s.to_play == leader
        before = [list(h) for h in s.hands]
        lead = s.bot_action("random")
        ev = s.apply(lead)
        if ev.failed_throw:
            forced = ev.played
            assert set(forced) < set(lead)
            kept = Counter(before[leader]) - Counter(forced)
            assert Counter(s.hands[leader]) == kept  # the rest of the throw stays in hand
        while s.current_trick is not None:
            s.apply(s.bot_action("random"))
        t = s.tricks[-1]
        assert [seat for seat, _ in t.plays] == [(leader + i) % 4 for i in range(4)]
        assert all(len(cards) == len(t.lead) for _, cards in t.plays[1:])
        if ev.failed_throw:
            assert sorted(t.attempt) == sorted(lead) and t.lead == ev.played
        leader = t.winner
    assert s.phase == "over" and all(len(h) == 0 for h in s.hands)
    assert sum(len(c) for t in s.tricks for _, c in t.plays) == 100

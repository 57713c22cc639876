"""game/state_record.py: ``HandRecord`` keeps the decisions in order (card ids, or a bid's
action), every action, the events; the public observation computed once per action; a
copy independent; a pickle without the cached observation."""

from __future__ import annotations

import pickle

from shengji.game.records import Event
from shengji.game.state_record import HandRecord


def test_decisions_actions_and_events():
    r = HandRecord()
    bid = Event(1, "bid", (), bid="declare H")
    r.add(bid, [111])
    r.add_action(7)
    lead = Event(0, "play", (7, 9))
    r.add(lead, [9, 108])
    assert r.history == [111, (7, 9)] and r.actions == [111, 7, 9, 108]
    assert r.events == [bid, lead]


def test_the_public_observation_once_per_action():
    r, calls = HandRecord(), []

    def observe(seat):
        calls.append(seat)
        return f"obs {len(calls)}"

    assert r.public(observe) == r.public(observe) == "obs 1"
    r.add_action(3)
    assert r.public(observe) == "obs 2" and calls == [0, 0]


def test_copies_and_pickles():
    r = HandRecord()
    r.add(Event(0, "play", (4,)), [4])
    twin = r.copy()
    twin.add_action(5)
    assert r.actions == [4] and twin.actions == [4, 5]
    r.public(lambda seat: "cached")
    back = pickle.loads(pickle.dumps(r))
    assert back.history == r.history and back.events == r.events and back._public is None

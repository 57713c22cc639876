"""_core/step/infoset.pyx, one seat's information set: what it observes is what the seat
may see (its own cards, never another's), its legal actions are the hand's, and it pickles
sealed (altered bytes are one ValueError)."""

from __future__ import annotations

import pickle

import pytest

from shengji.game import HandState


def state(seed=5):
    s = HandState("standard", "2", banker=2, trump="C", seed=seed)
    for _ in range(12):
        s.apply(s.bot_action("greedy"))
    return s


@pytest.mark.parametrize("seat", range(4))
def test_it_observes_what_the_seat_may_see(seat):
    s = state()
    info = s._play.core.infoset(seat)
    seen = info.observe()
    assert seen["seat"] == seat and sorted(seen["hand"]) == sorted(s.hands[seat])
    assert list(seen["hand_sizes"]) == [len(h) for h in s.hands]
    assert (seen["kitty"] is not None) == (seat == 2)  # the banker's secret
    if seat == s.to_play:
        assert sorted(info.legal_actions()) == sorted(s.legal_actions())


def test_a_pickle_is_sealed():
    info = state()._play.core.infoset(1)
    back = pickle.loads(pickle.dumps(info))
    assert back.observe() == info.observe()
    fn, args = info.__reduce__()
    hb = bytearray(args[0])
    hb[3] ^= 0xFF
    with pytest.raises(ValueError, match="a pickled information set that was altered"):
        fn(bytes(hb), *args[1:])

"""adapters/encoding.py: the tensor's layout, bounds and views, and ``encode`` writing an
observation's facts where the layout says (checked against the observation through a
played hand, both tensors), the shuffle's and a thrown-in deal's tensors, and bad
arguments refused in one line."""

from __future__ import annotations

import numpy as np
import pytest

from shengji.adapters.encoding import (
    PHASES,
    SHUFFLE,
    THROWN_IN,
    encode,
    tensor_bounds,
    tensor_layout,
    tensor_size,
    views,
)
from shengji.game import HandState


def tensor(perfect_recall):
    return np.zeros(tensor_size(perfect_recall), np.float32)


@pytest.mark.parametrize("recall", [False, True])
def test_layout_sizes_and_bounds(recall):
    size = sum(int(np.prod(shape)) for _, shape in tensor_layout(recall))
    low, high = tensor_bounds(recall)
    assert tensor_size(recall) == size == low.size == high.size and (low <= high).all()
    t = tensor(recall)
    v = views(t, recall)
    v["penalty"][0] = 5
    assert t.sum() == 5 and list(v) == [name for name, _ in tensor_layout(recall)]


def check(t, obs, recall):
    v = views(t, recall)
    assert PHASES[int(v["phase"].argmax())] == obs.phase and v["seat"][obs.seat] == 1
    assert sorted(np.flatnonzero(v["hand"])) == sorted(obs.hand)
    assert sorted(np.flatnonzero(v["legal_actions"])) == sorted(obs.legal_actions)
    assert v["hand_sizes"].tolist() == list(obs.hand_sizes)
    assert v["points"].tolist() == list(obs.points) and v["penalty"][0] == obs.penalty
    played = [sorted(np.flatnonzero(v["played"][s])) for s in range(4)]
    by_seat = [sorted(c for t_ in obs.tricks for s_, cs in t_.plays if s_ == s for c in cs)
               for s in range(4)]  # fmt: skip
    if obs.current_trick is None:
        assert played == by_seat
    for s, names in enumerate(obs.voids):
        assert int(v["voids"][s].sum()) == len(names)
    if recall:
        for t_ in obs.tricks:
            assert v["trick_leader"][t_.index, t_.leader] == 1
            for s, cs in t_.plays:
                assert sorted(np.flatnonzero(v["trick_plays"][t_.index, s])) == sorted(cs)
    low, high = tensor_bounds(recall)
    assert ((t >= low) & (t <= high)).all()


@pytest.mark.parametrize("recall", [False, True])
def test_encode_writes_the_observation(recall):
    s = HandState("standard", level="2", banker=1, trump="S", seed=4)
    t = tensor(recall)
    while not s.is_over():
        for seat in (s.to_play, (s.to_play + 1) % 4):
            encode(t, s.observation(seat), perfect_recall=recall)
            check(t, s.observation(seat), recall)
        s.apply(s.bot_action("random"))
    encode(t, s.observation(0), perfect_recall=recall)
    check(t, s.observation(0), recall)


def test_bids_in_the_tensor():
    s = HandState("standard", level="2", seed=3, bid_phase=True)
    while s.phase == "bid":
        s.apply(s.bid_action())
    obs = s.observation(0)
    t = tensor(False)
    encode(t, obs, perfect_recall=False)
    v = views(t, False)
    assert obs.bids and v["bid_seat"][: len(obs.bids)].sum() == len(obs.bids)
    assert v["bid_index"][: len(obs.bids)].tolist() == [b[0] for b in obs.bids]


def test_the_shuffle_and_a_thrown_in_deal():
    t = tensor(False)
    encode(t, None, perfect_recall=False, seat=2)
    v = views(t, False)
    assert PHASES[int(v["phase"].argmax())] == SHUFFLE and v["seat"][2] == 1 and t.sum() == 2
    s = HandState("standard", level="2", seed=3, bid_phase=True)
    encode(t, s.observation(1), perfect_recall=False, thrown_in=True)
    v = views(t, False)
    assert PHASES[int(v["phase"].argmax())] == THROWN_IN
    assert v["legal_actions"].sum() == 0 and v["to_play"].sum() == 0


def test_bad_arguments():
    with pytest.raises(ValueError, match="^seat: expected a seat"):
        encode(tensor(False), None, perfect_recall=False, seat=4)
    with pytest.raises(ValueError, match="^tensor: expected a flat float32 array"):
        encode(np.zeros(3, np.float32), None, perfect_recall=False)
    with pytest.raises(TypeError, match="^perfect_recall"):
        views(tensor(False), 0)

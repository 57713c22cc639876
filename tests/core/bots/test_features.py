"""The net bot's inputs (bots/features.pyx): a function of the deciding seat's view only, laid
out as LAYOUT says, and symmetric under renaming the side suits -- the symmetry the training
augments with (shengji.learn.train.augment_tables) is the game's."""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.bots import features as f
from shengji._core.step.probes import decision_features
from shengji.game import HandState
from shengji.learn import train as learn_train
from shengji.names import N_COPIES, SUITS
from tests.core.bots.test_bot_view import _swap_hidden


def _piece(x, name, layout=f.LAYOUT):
    off = 0
    for piece, blocks, width, _ in layout:
        if piece == name:
            return x[off : off + blocks * width].reshape(blocks, width)
        off += blocks * width
    raise KeyError(name)


def test_layout_sizes():
    assert sum(b * w for _, b, w, _ in f.LAYOUT) == f.STATE_SIZE
    assert sum(b * w for _, b, w, _ in f.ACTION_LAYOUT) == f.ACTION_SIZE
    assert f.SLOTS == 4 * f.SIDE_ROW_RANKS + f.SIDE_ROW_RANKS + 4 + 3


def test_features_read_the_view_only():
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(3):
        s = HandState("standard", "2", banker=seed, seed=100 + seed)
        while not s.is_over():
            base, moved = s._core.copy(), s._core.copy()
            swaps = _swap_hidden(s, moved, rng, 3)
            xb, ab, cb, _ = decision_features(base)
            xm, am, cm, _ = decision_features(moved)
            assert (xb == xm).all() and (ab == am).all() and cb == cm
            checked += swaps > 0
            s.apply(s.bot_action("memory"))
    assert checked > 100


def test_the_cards_are_where_the_slots_say():
    s = HandState("standard", "2", banker=0, seed=7, trump="H")
    x, a, cands, origins = decision_features(s._core)
    own = _piece(x, "own1")[0] + _piece(x, "own2")[0]
    assert own.sum() == 33 and _piece(x, "phase")[0].tolist() == [1, 0]  # the bury
    assert _piece(x, "sizes")[0].tolist() == [33, 25, 25, 25]
    # hearts trump at level 2: the trump suit's cards at 52 + rank, the 2 of hearts at 69,
    # other 2s at 65 + their side row (spades is the third side suit after hearts)
    hand = s.observation(0).hand
    kinds = {c // N_COPIES for c in hand}
    for k in kinds:
        suit, rank = divmod(k, 13)
        if k >= 52:
            slot = 70 + (k - 52)
        elif rank == 0:
            slot = 69 if suit == 1 else 65 + (suit - 1 - 1) % 4
        elif suit == 1:
            slot = 52 + rank
        else:
            slot = ((suit - 1 - 1) % 4) * 13 + rank
        assert own[slot] >= 1, (k, slot)
    assert all(len(c) == 2 for c in cands) and len(cands) == len(a) >= 2
    assert origins[0] == 1  # memory's bury first (candidates.pxd ORIGIN_MEMORY)


def _relabel(card: int, perm: dict[int, int]) -> int:
    kind, copy = divmod(card, N_COPIES)
    if kind >= 52:
        return card
    suit, rank = divmod(kind, 13)
    return (perm[suit] * 13 + rank) * N_COPIES + copy


def _relabel_mask(mask: int, perm: dict[int, int]) -> int:
    out = 0
    for k in range(54):
        if (mask >> k) & 1:
            out |= 1 << (_relabel(k * N_COPIES, perm) // N_COPIES)
    return out


@pytest.mark.parametrize("trump", ["S", "D", "NT"])
def test_renaming_the_side_suits_permutes_the_features_as_the_training_does(trump):
    """A deal with its side suits renamed, played the same (the plays renamed), has at each
    decision the features the training's augmentation makes of the original's."""
    xs, acts, nt_first = learn_train.augment_tables()
    t = SUITS.index(trump) if trump != "NT" else None
    sides = [s for s in range(4) if s != t]
    rng = np.random.default_rng(len(trump))
    for order in [tuple(rng.permutation(sides)) for _ in range(2)]:
        perm = {s: int(o) for s, o in zip(sides, order, strict=True)}
        if t is not None:
            perm[t] = t
        s = HandState("standard", "2", banker=1, seed=40, trump=trump)
        deal = [_relabel(c, perm) for c in s.setup.deal]
        r = HandState("standard", "2", banker=1, deal=deal, trump=trump)

        def row(suit):
            return suit if t is None else (suit - t - 1) % 4

        rows = [0, 1, 2, 3]
        for suit in sides:
            rows[row(suit)] = row(perm[suit])
        p = [i for i in range(len(xs)) if (xs[i] == learn_train._row_maps(f.LAYOUT, rows)).all()]
        # a suit trump's renaming is among the first 6 maps, any no-trump one among the 24
        assert p and (max(p) >= nt_first if t is None else p[0] < nt_first)
        # a candidate's features but where the list took it from (the bots' tie-breaks
        # follow the suits' names, so the lists themselves are not symmetric)
        keep = np.ones(f.ACTION_SIZE, bool)
        for name in ("origin", "memory", "greedy"):
            off = sum(
                bb * w
                for nm, bb, w, _ in f.ACTION_LAYOUT[: [q[0] for q in f.ACTION_LAYOUT].index(name)]
            )
            keep[off : off + _piece(np.zeros(f.ACTION_SIZE), name, f.ACTION_LAYOUT).size] = False
        compared = 0
        while not s.is_over():
            x, a, ca, _ = decision_features(s._core)
            y, b, cb, _ = decision_features(r._core)
            assert (y == x[xs[p[0]]]).all()
            mapped = a[:, acts[p[0]]]
            for i, (one, two) in enumerate(ca):
                twin = (_relabel_mask(one, perm), _relabel_mask(two, perm))
                if twin in cb:
                    j = cb.index(twin)
                    assert (mapped[i][keep] == b[j][keep]).all()
                    compared += 1
            cards = s.bot_action("memory")
            cards = cards if isinstance(cards, list) else list(cards)
            s.apply(cards)
            r.apply([_relabel(c, perm) for c in cards])
        assert r.result()["defender_points"] == s.result()["defender_points"]
        assert compared > 100


def test_augment_tables_are_permutations():
    xs, acts, nt_first = learn_train.augment_tables()
    assert len(xs) == 6 + 24 and nt_first == 6
    for m in (*xs, *acts):
        assert sorted(m) == list(range(len(m)))
    assert (xs[0] == np.arange(f.STATE_SIZE)).all()  # the identity first
    # the no-trump maps are the 24 permutations of the 4 side rows; the 6 suit-trump ones are
    # those of them that leave row 3 (empty under a suit trump) in place
    assert len({bytes(m.astype(np.int32)) for m in xs[nt_first:]}) == 24
    level3 = f.SLOT_LEVEL_BASE + 3
    assert all(m[level3] == level3 for m in xs[:nt_first])
    assert {bytes(m.astype(np.int32)) for m in xs[:nt_first]} <= {
        bytes(m.astype(np.int32)) for m in xs[nt_first:]
    }

"""The net bot's learned bids (bots/bid_net.pyx): a bid decision as bytes from the seat's view
only, well-formed pieces, the bid head's choice its scores' best (through the bot, as the
drivers ask it), memory's judgement where the head does not judge, and the `bids` parameter:
memory's by default (unrecorded), "learned" refused in one line without a bid head."""

from __future__ import annotations

import numpy as np
import pytest

from shengji._core.bots import bid_net, net, table
from shengji._core.bots.bot import BotId
from shengji._core.step.bidcore import BidCore
from shengji._core.step.probes import bid_decision
from shengji.game.botspec import parse_bot
from shengji.names import N_CARDS, N_RANKS
from shengji.rules import pack
from shengji.rules.options import Rules
from tests.support.bid_heads import head_file

STANDARD = Rules.preset("standard")
LEVEL = 0  # rank 2


def _pieces(layout) -> dict[str, tuple[int, int]]:
    out, at = {}, 0
    for name, width in layout:
        out[name] = (at, width)
        at += width
    return out


STATE, ACTION = _pieces(bid_net.LAYOUT), _pieces(bid_net.ACTION_LAYOUT)
# one-hot pieces (exactly one byte set); the others are thermometers or flags
ONE_HOT_STATE = ("round", "banker", "standing", "bidder", "level")
ONE_HOT_ACTION = ("strength", "bidder")
FLAGS = ("action", "trump", "may_overturn")  # bytes of their own


def test_the_layout_is_the_cores_and_the_choices_the_tables():
    assert sum(w for _, w in bid_net.LAYOUT) == bid_net.STATE_SIZE == bid_net.BID_STATE_SIZE
    assert sum(w for _, w in bid_net.ACTION_LAYOUT) == bid_net.ACTION_SIZE
    assert bid_net.OPTIONS == 8  # passing and the most bids a seat may have (MAX_BID_OPTIONS)
    assert len(bid_net.LAYOUT_DIGEST) == 64
    kind = table.bot_row("net").param("bids").kind
    assert kind.choices == bid_net.CHOICES == ("memory", "learned")
    assert (bid_net.NET_BIDS_MEMORY, bid_net.NET_BIDS_LEARNED) == (0, 1)


def _decisions(cards, first_hand, rules=STANDARD, spec=None, pick=None):
    """Every asked decision of one deal stepped in BidCore: (seat, features, choice); each
    seat passes unless ``pick(options, features, choice)`` returns an option index."""
    core = BidCore(cards, LEVEL, pack.rules(rules), first_hand, 0, 0)
    out = []
    while True:
        seat = core.advance()
        if seat < 0:
            return out
        feats, choice = bid_decision(core, spec, (LEVEL, LEVEL))
        out.append((seat, feats, choice))
        c = pick(core.options(), feats, choice) if pick else -1
        core.apply(c)


def _plain(kind: int) -> bool:
    return kind < 52 and kind % N_RANKS != LEVEL


@pytest.mark.parametrize("seed", range(6))
def test_the_features_see_nothing_but_the_seats_view(seed):
    """The same decisions, byte for byte, on a deck whose cards no seat has seen yet are
    shuffled, and whose other seats' plain cards (never a bid's) are swapped."""
    rng = np.random.default_rng(seed)
    cards = rng.permutation(N_CARDS).astype(np.uint8)
    asked = _decisions(cards, False)
    assert asked
    for k, (seat, feats, _) in enumerate(asked[:12]):
        # the deck as dealt up to this decision: replay it to find how far the deal was
        core = BidCore(cards, LEVEL, pack.rules(STANDARD), False, 0, 0)
        for j in range(k + 1):
            core.advance()
            if j < k:
                core.apply(-1)
        dealt = core.dealt
        other = cards.copy()
        tail = other[dealt:].copy()
        rng.shuffle(tail)
        other[dealt:] = tail
        theirs = [i for i in range(dealt) if i % 4 != seat and _plain(int(other[i]) // 2)]
        if len(theirs) >= 2:
            i, j = rng.choice(theirs, 2, replace=False)
            other[i], other[j] = other[j], other[i]
        again = _decisions(other, False)
        assert again[k][0] == seat
        if feats is None:
            assert again[k][1] is None
            continue
        assert np.array_equal(again[k][1][0], feats[0]) and np.array_equal(again[k][1][1], feats[1])
        assert again[k][1][2] == feats[2]


def test_the_pieces_are_well_formed():
    rows = 0
    for seed in range(10):
        cards = np.random.default_rng(100 + seed).permutation(N_CARDS).astype(np.uint8)
        spec = pack.bot(parse_bot("x", "memory"))

        def follow(options, feats, choice):
            return choice  # memory's bids: standing bids, overturns, reinforcements met

        for _, feats, choice in _decisions(cards, False, spec=spec, pick=follow):
            if feats is None:
                continue
            y, o, memory = feats
            rows += 1
            assert memory == choice + 1  # the memory flag marks memory's choice
            assert o[:, ACTION["memory"][0]].tolist() == [int(i == memory) for i in range(len(o))]
            assert o[0, ACTION["pass"][0]] == 1 and not o[1:, ACTION["pass"][0]].any()
            assert not o[0, slice(ACTION["action"][0], sum(ACTION["action"]))].any()
            assert (o[1:, slice(ACTION["action"][0], sum(ACTION["action"]))].sum(1) == 1).all()
            for name in ONE_HOT_STATE:
                at, w = STATE[name]
                assert y[at : at + w].sum() == 1, name
            for name in ONE_HOT_ACTION:
                at, w = ACTION[name]
                assert (o[:, at : at + w].sum(1) == 1).all(), name
            for pieces, x in ((STATE, y[None, :]), (ACTION, o)):
                for name, (at, w) in pieces.items():  # every byte 0/1, thermometers falling
                    block = x[:, at : at + w].astype(int)
                    assert set(np.unique(block)) <= {0, 1}, name
                    if name in ONE_HOT_STATE + ONE_HOT_ACTION + FLAGS:
                        continue
                    if name == "suit_lengths":  # four, longest first
                        block = block.reshape(4, 13)
                        assert (np.diff(block.sum(1)) <= 0).all()
                    assert (np.diff(block, axis=1) <= 0).all(), name
    assert rows > 50


def test_the_learned_bid_is_the_heads_best_score(tmp_path):
    path = head_file(tmp_path / "head.npz", seed=3)
    learned = pack.bot(parse_bot("x", {"bot": "net", "weights": str(path), "bids": "learned"}))
    differs = seen = 0
    for seed in range(12):
        cards = np.random.default_rng(200 + seed).permutation(N_CARDS).astype(np.uint8)
        for _, feats, choice in _decisions(cards, False, spec=learned):
            if feats is None:
                continue
            y, o, memory = feats
            scores = net.bid_forward(y[None], o[None], [len(o)], str(path))[0]
            best = int(np.argmax(scores[: len(o)]))  # ties: the first
            assert choice == best - 1  # option 0 is passing (-1)
            seen += 1
            differs += best != memory
    assert seen > 100 and differs  # a random head does not bid as memory


def test_the_memory_parameter_and_the_default_bid_by_memorys_judgement(tmp_path):
    path = head_file(tmp_path / "head.npz", seed=4)
    memory = pack.bot(parse_bot("x", "memory"))
    for spec in ("net", {"bot": "net", "weights": str(path), "bids": "memory"}):
        bot = pack.bot(parse_bot("x", spec))
        for seed in range(4):
            cards = np.random.default_rng(300 + seed).permutation(N_CARDS).astype(np.uint8)
            ours = [c for _, _, c in _decisions(cards, False, spec=bot)]
            theirs = [c for _, _, c in _decisions(cards, False, spec=memory)]
            assert ours == theirs


def test_a_first_hands_bids_are_memorys_judgement(tmp_path):
    """The first declarer banks there, which the head's values (points) count as a loss: the
    head does not judge it."""
    path = head_file(tmp_path / "head.npz", seed=7)
    learned = pack.bot(parse_bot("x", {"bot": "net", "weights": str(path), "bids": "learned"}))
    memory = pack.bot(parse_bot("x", "memory"))
    asked = 0
    for seed in range(6):
        cards = np.random.default_rng(500 + seed).permutation(N_CARDS).astype(np.uint8)
        ours = _decisions(cards, True, spec=learned, pick=lambda o, f, c: c)
        theirs = _decisions(cards, True, spec=memory, pick=lambda o, f, c: c)
        assert all(f is None for _, f, _ in ours)
        assert [c for _, _, c in ours] == [c for _, _, c in theirs]
        asked += len(ours)
    assert asked > 20


def test_face_down_bids_are_memorys_judgement(tmp_path):
    path = head_file(tmp_path / "head.npz", seed=5)
    secret = STANDARD.replace(secret_bids=True, overturn_after_kitty="always")
    learned = pack.bot(parse_bot("x", {"bot": "net", "weights": str(path), "bids": "learned"}))
    memory = pack.bot(parse_bot("x", "memory"))
    asked = 0
    for seed in range(6):
        cards = np.random.default_rng(400 + seed).permutation(N_CARDS).astype(np.uint8)
        ours = _decisions(cards, True, secret, spec=learned)
        theirs = _decisions(cards, True, secret, spec=memory)
        assert all(f is None for _, f, _ in ours)  # the head does not judge
        assert [c for _, _, c in ours] == [c for _, _, c in theirs]
        asked += len(ours)
    assert asked


def test_learned_bids_need_weights_with_a_bid_head_one_line(tmp_path):
    with pytest.raises(ValueError) as info:
        parse_bot("team_a", {"bot": "net", "bids": "learned"})
    message = str(info.value)
    assert "\n" not in message and message.startswith("team_a.bids: 'learned' needs weights")
    assert "python -m shengji.learn.bids" in message
    with pytest.raises(ValueError, match="unknown value 'greedy'"):
        parse_bot("x", {"bot": "net", "bids": "greedy"})
    path = head_file(tmp_path / "head.npz", seed=6)
    spec = parse_bot("x", {"bot": "net", "weights": str(path), "bids": "learned"})
    assert dict(spec.params)["bids"] == "learned" and "bids=learned" in spec.label


def test_the_default_is_not_recorded():
    spec = parse_bot("x", "net")
    assert spec.label == "net" and dict(spec.params)["bids"] == "memory"
    assert "bids" not in spec.to_config()
    assert pack.bot(spec)[0] == BotId.BOT_NET

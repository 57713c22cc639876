"""The bid decisions driver (drivers/bid_decisions.pyx): each recorded option's hindsight value
is that option played on the true deck -- so without exploration, the bots deterministic, the
option played is worth exactly the hand's outcome -- rows are well formed, exploration plays
other options, and the hands are the players' hands of a scoring run."""

from __future__ import annotations

import numpy as np
import pytest

from shengji import door
from shengji.game.botspec import parse_bot
from shengji.names import HAND_COLUMNS, PLAYERS_INDEX
from shengji.rules import pack
from shengji.rules.options import Rules

META = {name: i for i, name in enumerate(door.BID_DECISION_META)}


def _record(n=40, seed=3, banker=0, bot="net", keep=1.0, explore=0.0, rules="standard"):
    out = np.zeros((len(HAND_COLUMNS), n), np.int32)
    r = door.record_bids(
        door.BidDecisionsJob(
            state=door.chunk_state(seed, 0),
            deck=np.arange(108, dtype=np.uint8),
            n=n,
            rules=pack.rules(Rules.preset(rules)),
            level=0,
            banker=banker,
            bot=pack.bot(parse_bot("x", bot)),
            out=out,
            keep=keep,
            explore=explore,
        )
    )
    return r, out


def test_the_option_played_is_worth_the_hands_outcome():
    """net and memory decide deterministically: the hand continues from the option played as
    its hindsight value's play-out did, so the two are equal, row for row."""
    for bot in ("net", "memory"):
        r, out = _record(bot=bot)
        m = r["meta"]
        assert len(m) > 100
        played = m[:, META["played"]]
        assert (played == m[:, META["policy"]]).all()  # no exploration
        q = r["q"][np.arange(len(m)), played]
        assert (q == m[:, META["points"]]).all(), bot
        # and the hand's outcome from the row's seat's side
        dp = out[HAND_COLUMNS.index("defender_points"), m[:, META["hand"]]]
        banker_seat = out[HAND_COLUMNS.index("banker"), m[:, META["hand"]]]
        defending = (m[:, META["seat"]] % 2) != (banker_seat % 2)
        thrown = m[:, META["points"]] == 0
        assert ((m[:, META["points"]] == np.where(defending, dp, -dp)) | thrown).all()


def test_a_first_hand_is_played_and_nothing_recorded():
    """The head does not judge a first hand's bids (bots/bid_net.pyx): its hands are played,
    none of its decisions recorded."""
    r, out = _record(n=20, banker=-1)
    assert len(r["meta"]) == 0 and r["q"].shape == (0, door.BID_OPTIONS)
    assert out[HAND_COLUMNS.index("defender_points")].any()


def test_the_rows_are_well_formed():
    r, _ = _record(n=60)
    m, q, o, y = r["meta"], r["q"], r["o"], r["y"]
    n = m[:, META["n"]]
    assert (n >= 2).all() and (n <= door.BID_OPTIONS).all()
    past = np.arange(door.BID_OPTIONS)[None, :] >= n[:, None]
    assert not q[past].any() and not o[past].any()
    assert o[~past].any(axis=1).all() and y.any(axis=1).all()
    assert (m[:, META["memory"]] == m[:, META["policy"]]).all()  # net bids by memory's
    assert set(np.unique(m[:, META["round"]])) <= {0, 1}  # never the round after the bury
    assert (np.diff(m[:, META["hand"]]) >= 0).all()
    # different options meet different outcomes on some decisions, not all
    spread = np.where(past, -np.inf, q).max(1) - np.where(past, np.inf, q).min(1)
    assert 0 < (spread > 0).mean() < 1


def test_exploration_plays_other_options_and_keep_records_fewer():
    full, _ = _record(n=60, explore=0.5)
    m = full["meta"]
    other = m[:, META["played"]] != m[:, META["policy"]]
    assert 0.1 < other.mean() < 0.6
    assert ((m[:, META["played"]] >= 0) & (m[:, META["played"]] < m[:, META["n"]])).all()
    fewer, _ = _record(n=60, keep=0.25)
    base, _ = _record(n=60)
    assert 0.1 * len(base["meta"]) < len(fewer["meta"]) < 0.5 * len(base["meta"])


def test_the_hands_are_the_players_hands_of_a_scoring_run():
    """Without exploration nor keep's draws the stream is drawn as players_bid_hand and
    play_out_bids draw it: the same hands as play_hands with the seats bidding."""
    r, out = _record(n=30, seed=9)
    theirs = np.zeros_like(out)
    door.play_hands(
        door.HandsJob(
            state=door.chunk_state(9, 0),
            deck=np.arange(108, dtype=np.uint8),
            n=30,
            rules=pack.rules(Rules.preset("standard")),
            level=0,
            banker=0,
            banker_bot=pack.bot(parse_bot("x", "net")),
            defender_bot=pack.bot(parse_bot("x", "net")),
            bid_policy=PLAYERS_INDEX,
            bid_threshold=0,
            out=theirs,
        )
    )
    assert np.array_equal(out, theirs)


def test_bad_jobs_are_one_line():
    for keys, match in (
        ({"keep": 0.0}, "keep in"),
        ({"explore": 1.5}, "explore"),
        ({"banker": 5}, "banker"),
    ):
        with pytest.raises(ValueError, match=match):
            _record(n=2, **keys)
    with pytest.raises(TypeError, match="BidDecisionsJob"):
        door.record_bids(object())

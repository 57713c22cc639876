"""studies/common_deals.py: deal d is deal d whatever piece of work it falls in (pieces by
stream, deal_starts and builtin_rows cut anywhere equal the whole), and the players'
bidding refused where the deals cannot depend on who plays."""

from __future__ import annotations

import numpy as np
import pytest

from shengji.game.botspec import parse_bot
from shengji.rules.options import Rules
from shengji.studies.common_deals import (
    DEALS_PER_STREAM,
    DealParams,
    builtin_rows,
    deal_starts,
    pieces,
)

P = DealParams(11, Rules.preset("standard"), "2", True, "eager", 4)


def test_pieces_walk_the_streams():
    s = DEALS_PER_STREAM
    assert list(pieces(0, s)) == [(0, 0, 0, s)]
    assert list(pieces(s - 2, 5)) == [(0, s - 2, s - 2, 2), (1, 0, s, 3)]
    assert list(pieces(3, 0)) == []


def test_deal_starts_do_not_depend_on_the_cut():
    whole = deal_starts(P, 0, 2 * DEALS_PER_STREAM + 3)
    part = deal_starts(P, DEALS_PER_STREAM - 3, 7)
    for a, b in zip(whole, part, strict=True):
        assert np.array_equal(a[DEALS_PER_STREAM - 3 : DEALS_PER_STREAM + 4], b)
    fresh = np.arange(108, dtype=np.uint8)  # each stream starts from the fresh order
    assert np.array_equal(whole[1][0], fresh) and np.array_equal(whole[1][DEALS_PER_STREAM], fresh)
    assert not np.array_equal(whole[1][1], fresh)


def test_builtin_rows_do_not_depend_on_the_cut():
    a, b = parse_bot("a", "greedy"), parse_bot("b", "random")
    whole = builtin_rows(P, a, b, 0, DEALS_PER_STREAM + 4)
    part = builtin_rows(P, a, b, DEALS_PER_STREAM - 2, 5)
    first = 2 * (DEALS_PER_STREAM - 2)
    assert np.array_equal(whole[:, first : first + 10], part)


def test_the_players_bidding_is_refused_for_deal_starts():
    with pytest.raises(ValueError, match="bid_policy 'players'"):
        deal_starts(DealParams(11, P.rules, "2", True, "players", 4), 0, 1)
    assert (P.rank, P.banker) == (0, -1)


def test_a_job_on_the_deals_takes_their_rules_level_banker_and_bidding():
    from shengji.door import WalkJob
    from shengji.rules import pack

    p = DealParams(11, Rules.preset("standard"), "J", False, "threshold", 7)
    job = p.job(WalkJob, state=None, deck=None, skip=3, n=5)
    assert (job.level, job.banker, job.bid_policy, job.bid_threshold) == (9, 0, 1, 7)
    assert job.rules == pack.rules(p.rules) and (job.skip, job.n) == (3, 5)
    assert P.job(WalkJob, state=None, deck=None, skip=0, n=0).banker == -1  # first hands

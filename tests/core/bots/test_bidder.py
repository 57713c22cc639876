"""Bidding by the players (issue #23, item 1): bid_policy = "players" in the scoring, match
and duel studies, policy = "players" in bid_odds; the bots' bids (bots/bidder.pyx) through
the drivers; the same bytes for any number of workers; one clear error for bad keys."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from shengji._core.base.rng import chunk_state
from shengji._core.bots import bidder
from shengji._core.drivers import hands as core
from shengji._core.drivers.bids import bid_chunk_players
from shengji._core.drivers.jobs import BidsJob, HandsJob
from shengji.bidding.args import PLAYERS, STUDY_BID_POLICIES, check_players_bot, policy_index
from shengji.game.botspec import parse_bot
from shengji.names import BID_POLICIES, N_CARDS
from shengji.rules import pack
from shengji.rules.options import Rules
from shengji.runner import run_study
from shengji.studies.base import ConfigError, make_config
from tests.support.core_args import core_rules
from tests.support.duels import duel_columns

RULES = Rules.preset("standard")
P = policy_index(PLAYERS)


def _hands(bot, policy, n=300, seed=5, banker=0, defender=None):
    out = np.zeros((len(core.HAND_COLUMNS), n), np.int32)
    core.play_hands(
        HandsJob(
            state=chunk_state(seed, 0),
            deck=np.arange(N_CARDS, dtype=np.uint8),
            n=n,
            rules=core_rules(RULES),
            level=0,
            banker=banker,
            banker_bot=pack.bot(parse_bot("b", bot)),
            defender_bot=pack.bot(parse_bot("d", defender or bot)),
            bid_policy=policy,
            bid_threshold=0,
            out=out,
        )
    )
    return {c: out[i] for i, c in enumerate(core.HAND_COLUMNS)}


def _run(tmp_path, name, workers=1, **keys):
    kind, cfg = make_config(keys, source="test")
    run_study(kind, cfg, tmp_path / name, workers=workers, quiet=True)
    return tmp_path / name


def test_players_is_a_study_policy_not_a_kernel_one():
    assert PLAYERS in STUDY_BID_POLICIES and PLAYERS not in BID_POLICIES
    assert policy_index(PLAYERS) == len(BID_POLICIES)  # the core's POLICY_PLAYERS
    assert [policy_index(p) for p in BID_POLICIES] == list(range(len(BID_POLICIES)))


@pytest.mark.parametrize("banker", [0, -1])
def test_greedy_bids_like_the_eager_kernel(banker):
    # greedy's bid is eager's (the kernel's best bid at once): the same hands, byte for byte
    a, b = _hands("greedy", 0, banker=banker), _hands("greedy", P, banker=banker)
    for c in core.HAND_COLUMNS:
        assert np.array_equal(a[c], b[c]), c


def test_memory_and_random_bid_otherwise_than_eager():
    eager, mem, rnd = _hands("memory", 0), _hands("memory", P), _hands("random", P)
    assert not np.array_equal(eager["trump"], mem["trump"])
    assert not np.array_equal(eager["trump"], rnd["trump"])
    # a later hand keeps the banker whoever declares
    assert (mem["banker"] == 0).all() and (rnd["banker"] == 0).all()


def test_players_bidding_is_reproducible_and_pimc_searches():
    a = _hands("pimc(samples=2)", P, n=6, defender="memory")
    b = _hands("pimc(samples=2)", P, n=6, defender="memory")
    for c in core.HAND_COLUMNS:
        assert np.array_equal(a[c], b[c])


def test_the_judgement_constants_can_be_read_and_only_known_ones_tuned():
    w = bidder.weights()
    assert set(w) == set(bidder.WEIGHT_NAMES)
    old = bidder._tune(theta_early=5.0)
    try:
        assert bidder.weights()["theta_early"] == 5.0
        # nobody reaches the threshold early: the first declarations come later
        late = _hands("memory", P, n=200)
    finally:
        bidder._tune(**old)
    assert bidder.weights() == w
    with pytest.raises(ValueError, match="unknown judgement constant"):
        bidder._tune(nonsense=1)
    assert not np.array_equal(late["trump"], _hands("memory", P, n=200)["trump"])


def test_bid_chunk_players_columns_and_cards():
    n = 200
    cards = np.zeros((n, N_CARDS), np.uint8)
    cols = bid_chunk_players(
        BidsJob(
            state=chunk_state(7, 0),
            deck=np.arange(N_CARDS, dtype=np.uint8),
            n=n,
            level=0,
            rules=core_rules(RULES),
            bot=pack.bot(parse_bot("b", "memory")),
            first_hand=True,
            banker=0,
            cards=cards,
        )
    )
    assert (np.sort(cards, axis=1) == np.arange(N_CARDS)).all()
    assert cols["banker_trumps"].min() >= 0 and (cols["team_trumps"] >= cols["banker_trumps"]).all()
    # a first hand: the first declarer banks (unless overturned)
    ok = (cols["overturns"] == 0) & (cols["first_declarer"] >= 0)
    assert (cols["banker"][ok] == cols["first_declarer"][ok]).all()
    greedy = bid_chunk_players(
        BidsJob(
            state=chunk_state(7, 0),
            deck=np.arange(N_CARDS, dtype=np.uint8),
            n=n,
            level=0,
            rules=core_rules(RULES),
            bot=pack.bot(parse_bot("b", "greedy")),
        )
    )
    from shengji._core.bidding.entry import bid_chunk

    eager = bid_chunk(
        chunk_state(7, 0), np.arange(N_CARDS, dtype=np.uint8), n, 0, core_rules(RULES), 0
    )
    for c in ("trump", "banker", "first_declarer", "overturns", "redeals", "team_trumps"):
        assert np.array_equal(greedy[c], eager[c]), c


def test_duel_players_plays_the_same_cards_both_ways_and_team_b_can_bid_eagerly():
    n = 150
    mem = parse_bot("a", "memory")
    trump = duel_columns(mem, mem, n, 3, bid_policy=P)["trump"].reshape(-1, 2)
    # the same bot bidding on the same cards in both orientations bids alike
    assert (trump[:, 0] == trump[:, 1]).all()
    t2 = duel_columns(mem, mem, n, 3, bid_policy=P, team_b_bid_policy=0)["trump"]
    t2 = t2.reshape(-1, 2)
    assert not (t2[:, 0] == t2[:, 1]).all()  # team_b bids eagerly now, team_a judges
    with pytest.raises(ValueError, match="team_b_bid_policy"):
        duel_columns(mem, mem, 1, 3, team_b_bid_policy=0)


@pytest.mark.parametrize(
    "keys",
    [
        dict(study="scoring", n=600, policy="memory", defender_policy="random"),
        dict(study="match", n=6, policy="memory", opponent_policy="greedy"),
        dict(study="duel", n=300, team_a="memory", team_b="random"),
        dict(study="bid_odds", n=600, bot="memory"),
    ],
)
def test_same_bytes_for_any_number_of_workers(tmp_path, keys):
    key = "policy" if keys["study"] == "bid_odds" else "bid_policy"
    keys = dict(keys, seed=11, chunk_size=keys["n"] // 3, **{key: PLAYERS})
    one, two = _run(tmp_path, "one", 1, **keys), _run(tmp_path, "two", 2, **keys)
    tables = [p.name for p in one.iterdir() if p.is_dir()]
    assert tables
    for t in tables:
        a, b = pd.read_parquet(one / t), pd.read_parquet(two / t)
        pd.testing.assert_frame_equal(a, b)


@pytest.mark.parametrize(
    "keys, match",
    [
        (dict(study="bid_odds", policy=PLAYERS), "needs the bot"),
        (dict(study="bid_odds", policy="eager", bot="memory"), "bot only applies"),
        (dict(study="bid_odds", policy=PLAYERS, bot="nobody"), "nobody"),
        (dict(study="scoring", bid_policy="bidders"), "players"),
        (dict(study="scoring", bid_policy=PLAYERS, bid_threshold=3), "only applies"),
        (
            dict(
                study="duel", team_a="memory", team_b="greedy", bid_policy=PLAYERS, first_hand=True
            ),
            "first_hand = false",
        ),
        (
            dict(study="duel", team_a="memory", team_b="greedy", team_b_bid_policy="eager"),
            "only applies to bid_policy 'players'",
        ),
        (
            dict(
                study="duel",
                team_a="memory",
                team_b="greedy",
                bid_policy=PLAYERS,
                team_b_bid_policy=PLAYERS,
            ),
            "unknown value",
        ),
    ],
)
def test_bad_keys_are_one_clear_error(tmp_path, keys, match):
    with pytest.raises(ConfigError, match=match):
        kind, cfg = make_config(dict(keys, n=10, seed=1), source="test")
        kind.tables(cfg)


def test_check_players_bot():
    assert check_players_bot("eager", None) is None
    assert check_players_bot(PLAYERS, "memory") == "memory"
    with pytest.raises(ValueError, match="only applies"):
        check_players_bot("eager", "memory")
    with pytest.raises(ValueError, match="needs the bot"):
        check_players_bot(PLAYERS, None)


def test_a_bid_view_holds_no_other_seats_cards_and_resamples_to_the_machine():
    from shengji._core.bidding.entry import seen_probe

    seen_shown = 0
    for seed in range(8):
        cards = np.random.default_rng(seed).permutation(N_CARDS).astype(np.uint8)
        drawer = seed % 4
        asks = seen_probe(
            cards, seed % 13, core_rules(RULES), first_hand=seed % 2 == 0, first_drawer=drawer
        )
        assert asks
        for a in asks:
            # its own cards so far, in dealing order, and nothing of the other seats
            mine = [int(c) for i, c in enumerate(cards[:100]) if (drawer + i) % 4 == a["seat"]]
            assert a["own"] == mine[: len(a["own"])] and a["own"]
            assert a["others"] == 0 and a["resampled"]
            assert a["suit"] == a["true_suit"]  # open bidding: the standing trump is public
            # a seat's shown cards are cards it holds
            for q in range(4):
                for k in np.flatnonzero(a["shown"][q]):
                    held = [
                        i
                        for i, c in enumerate(cards[:100])
                        if (drawer + i) % 4 == q and c // 2 == k
                    ]
                    assert len(held) >= a["shown"][q][k]
            seen_shown += bool(a["shown"].any())
    assert seen_shown


def test_under_secret_bids_a_bid_view_shows_no_face_down_trump():
    from shengji._core.bidding.entry import seen_probe

    secret = Rules.preset("standard").replace(secret_bids=True, overturn_after_kitty="always")
    hidden = 0
    for seed in range(20):
        cards = np.random.default_rng(seed).permutation(N_CARDS).astype(np.uint8)
        for a in seen_probe(cards, 0, core_rules(secret), first_hand=True):
            assert not a["shown"].any()
            if a["bidder"] >= 0 and a["bidder"] != a["seat"]:
                assert a["suit"] == -1
                hidden += 1
    assert hidden


def test_team_b_can_bid_by_a_threshold_under_the_players_bidding(tmp_path):
    keys = dict(study="duel", n=200, seed=4, team_a="memory", team_b="memory")
    keys.update(bid_policy=PLAYERS, team_b_bid_policy="threshold", bid_threshold=9)
    out = _run(tmp_path, "t", **keys)
    eager = _run(tmp_path, "e", **dict(keys, team_b_bid_policy="eager", bid_threshold=0))
    a, b = pd.read_parquet(out / "duel"), pd.read_parquet(eager / "duel")
    assert not a["trump"].equals(b["trump"])
    with pytest.raises(ConfigError, match="needs bid_threshold"):
        kind, cfg = make_config(dict(keys, bid_threshold=0), source="test")
        kind.tables(cfg)

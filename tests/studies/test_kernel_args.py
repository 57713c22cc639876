"""A study chunk's kernel arguments come from one place (shengji.studies.kernel_args), for
the scoring, match and duel studies and for analysis.replay."""

import numpy as np
import pytest

from shengji.names import BID_POLICIES, N_CARDS
from shengji.studies.base import make_config
from shengji.studies.kernel_args import BOT_KEYS, kernel_args


def args_of(study, chunk=0, **options):
    _, cfg = make_config({"study": study, "n": 10, "seed": 9, **options})
    return kernel_args(study, cfg.options, cfg.seed, cfg.level, chunk)


@pytest.mark.parametrize("first_hand, banker", [(True, -1), (False, 0)])
@pytest.mark.parametrize("study", ["scoring", "duel"])
def test_banker_from_first_hand(study, first_hand, banker):
    bots = {"team_a": "memory", "team_b": "greedy"} if study == "duel" else {}
    assert args_of(study, first_hand=first_hand, **bots).banker == banker


def test_a_match_opens_with_a_first_hand():
    assert args_of("match").banker == -1


@pytest.mark.parametrize("study", ["scoring", "match"])
def test_the_second_bot_falls_back_to_the_first(study):
    first, second = BOT_KEYS[study]
    a = args_of(study, policy="memory")
    assert [b.name for b in a.bots] == ["memory", "memory"] and a.bot_keys == (first, second)
    a = args_of(study, policy="memory", **{second: "random"})
    assert [b.name for b in a.bots] == ["memory", "random"]


def test_the_stream_deck_level_and_bidding():
    a = args_of("scoring", chunk=3, level="J", bid_policy="threshold", bid_threshold=11)
    # the seeding rule (docs/architecture.md) computed here with numpy: chunk k of seed S is
    # SeedSequence(S).spawn's k-th child (spawn_key (k,)), its seat key spawn_key (k, 2)
    want = np.random.SeedSequence(9).spawn(4)[3].generate_state(4, np.uint64)
    np.testing.assert_array_equal(a.state, want)
    key = np.random.SeedSequence(9, spawn_key=(3, 2)).generate_state(4, np.uint64)
    np.testing.assert_array_equal(a.key, key)
    np.testing.assert_array_equal(a.deck, np.arange(N_CARDS, dtype=np.uint8))
    assert a.level == 9 and a.bid_policy == BID_POLICIES.index("threshold")
    assert a.bid_threshold == 11
    # fresh arrays each call: the drivers advance them in place
    b = args_of("scoring", chunk=3, level="J", bid_policy="threshold", bid_threshold=11)
    assert a.state is not b.state and a.deck is not b.deck


def test_a_job_takes_the_fields_it_shares_and_the_rest_as_given():
    from shengji.door import DuelJob, MatchJob

    a = args_of("duel", team_a="memory", team_b="greedy", bid_policy="threshold", bid_threshold=7)
    out = np.zeros(1, np.int32)
    duel = a.job(DuelJob, first=5, n=2, rules=None, bot_a=1, bot_b=2, out=out)
    assert (duel.state is a.state, duel.key is a.key, duel.deck is a.deck) == (True,) * 3
    assert (duel.level, duel.banker, duel.bid_policy, duel.bid_threshold) == (
        a.level,
        a.banker,
        BID_POLICIES.index("threshold"),
        7,
    )
    assert (duel.first, duel.n, duel.bot_a, duel.bot_b, duel.out) == (5, 2, 1, 2, out)
    match = a.job(MatchJob, rules=None, team0_bot=1, team1_bot=1, out=out)  # no key, level
    assert match.state is a.state and match.bid_threshold == 7
    with pytest.raises(TypeError, match="level"):
        a.job(MatchJob, rules=None, team0_bot=1, team1_bot=1, out=out, level=0)
    with pytest.raises(TypeError, match="bot_b"):
        a.job(DuelJob, first=0, n=2, rules=None, bot_a=1, out=out)

"""The bidding's arguments are checked once (shengji.bidding.args): the threshold k is
1..25 at every entry point (docs/rules.md §7: "threshold k" bids only with at least k
trumps; a bid always holds one, a seat at most 25 cards while the cards are dealt), with
the same one-line message."""

import numpy as np
import pytest

from shengji import cli
from shengji.bidding.args import THRESHOLD_MIN, check_policy, check_seat, check_threshold
from shengji.bidding.simulate import bid_deal, simulate_bids
from shengji.game import HandState
from shengji.names import HAND_SIZE, MAX_THRESHOLD
from shengji.rules.options import Rules
from shengji.studies.base import ConfigError, make_config

LOW, HIGH = THRESHOLD_MIN, MAX_THRESHOLD
MESSAGE = r"expected an integer k in 1\.\.25 \(bid only holding >= k trumps\), got "


def test_the_range():
    assert (LOW, HIGH) == (1, HAND_SIZE) == (1, 25)


@pytest.mark.parametrize("k", [LOW, HIGH])
def test_the_edges_are_accepted_everywhere(k):
    assert check_threshold("threshold", k) == k
    # a later hand: at k = 25 nobody declares, and a first hand would be redealt forever
    later = {"first_hand": False, "banker": 0}
    assert len(simulate_bids(3, 1, policy="threshold", threshold=k, **later)["trump"]) == 3
    deal = np.arange(108, dtype=np.uint8)
    assert bid_deal(deal, policy="threshold", threshold=k) is not None
    HandState(seed=1, banker=0, bid_policy="threshold", threshold=k)
    for study in _studies(k):
        kind, cfg = make_config(study)
        kind.tables(cfg)


@pytest.mark.parametrize("k", [LOW - 1, HIGH + 1, -1, 1.0, True, "9"])
def test_one_beyond_each_edge_is_refused_everywhere(k):
    with pytest.raises(ValueError, match="threshold: " + MESSAGE):
        check_threshold("threshold", k)
    if k == 0:  # 0 is "unset" where it is the default: the threshold policy needs a k
        with pytest.raises(ValueError, match=r"needs threshold = k, an integer 1\.\.25"):
            HandState(seed=1, bid_policy="threshold", threshold=0)
    else:
        with pytest.raises(ValueError, match="threshold: " + MESSAGE):
            HandState(seed=1, bid_policy="threshold", threshold=k)
    with pytest.raises(ValueError, match="threshold: " + MESSAGE):
        simulate_bids(3, 1, policy="threshold", threshold=k)
    with pytest.raises(ValueError, match="threshold: " + MESSAGE):
        bid_deal(np.arange(108, dtype=np.uint8), policy="threshold", threshold=k)
    for study in _studies(k):
        with pytest.raises(ConfigError, match="threshold"):
            kind, cfg = make_config(study)
            kind.tables(cfg)


def _studies(k):
    base = {"n": 10, "seed": 1}
    return [
        {**base, "study": "bid_odds", "policy": "threshold", "threshold": k},
        {**base, "study": "scoring", "bid_policy": "threshold", "bid_threshold": k},
        {**base, "study": "match", "bid_policy": "threshold", "bid_threshold": k},
        {
            **base,
            "study": "duel",
            "team_a": "memory",
            "team_b": "greedy",
            "bid_policy": "threshold",
            "bid_threshold": k,
        },
    ]


@pytest.mark.parametrize("k, ok", [(LOW - 1, False), (LOW, True), (HIGH, True), (HIGH + 1, False)])
def test_the_cli_says_it_in_one_line(tmp_path, capsys, k, ok):
    path = tmp_path / "t.toml"
    path.write_text(
        f'study = "scoring"\nn = 4\nseed = 1\nbid_policy = "threshold"\nbid_threshold = {k}\n'
    )
    code = cli.main(["run", str(path), "--out", str(tmp_path / "o"), "--quiet", "--workers", "1"])
    err = capsys.readouterr().err
    if ok:
        assert code == 0, err
    else:
        assert code == 2
        assert err.count("\n") == 1 and err.startswith("shengji: error: bid_threshold")
        assert "1..25" in err


def test_a_threshold_only_applies_to_the_threshold_policy():
    with pytest.raises(ValueError, match="threshold only applies to policy 'threshold'"):
        check_policy("eager", 9)
    with pytest.raises(ConfigError, match="bid_threshold only applies to bid_policy"):
        kind, cfg = make_config({"study": "scoring", "n": 1, "seed": 1, "bid_threshold": 9})
        kind.tables(cfg)
    # HandState keeps a threshold under any policy: bid_action("threshold") plays it
    assert HandState(seed=1, bid_policy="eager", threshold=9).setup.threshold == 9
    assert check_policy("eager", None) == 0 and check_policy("eager", 0, unset=0) == 0


def test_never_and_unknown_policies():
    with pytest.raises(ValueError, match="policy 'never' never declares"):
        check_policy("never", None, rules=Rules.preset("standard"), first_hand=True)
    assert check_policy("never", None, rules=Rules.preset("standard"), first_hand=False) == 0
    with pytest.raises(ValueError, match="bid_policy: unknown policy 'greedy'; allowed: 'eager'"):
        check_policy("greedy", None, policy_key="bid_policy")


@pytest.mark.parametrize("seat", [-1, 4, True, 1.5, None])
def test_seats(seat):
    with pytest.raises(ValueError, match=r"banker: expected a seat 0\.\.3, got "):
        check_seat("banker", seat)
    assert (
        check_seat("banker", 3) == 3 and check_seat("first_drawer", None, allow_none=True) is None
    )
    with pytest.raises(ValueError, match=r"banker: expected a seat 0\.\.3 or None"):
        HandState(seed=1, banker=4)

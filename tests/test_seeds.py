"""Seeds are checked by one helper (shengji.seeds) at every entry point: one check, one
message."""

from __future__ import annotations

import numpy as np
import pytest

from shengji import cli

BAD_SEEDS = ["x", -1, 1.5, True, 2**128 + 1, [1, -2], (), ("x",), None]
API_MESSAGE = r"^seed: expected an integer 0\.\.2\*\*128 \(or a sequence of them\), got"


@pytest.mark.parametrize("seed", BAD_SEEDS)
def test_bad_seed_public_api(seed):
    from shengji.bidding.simulate import bid_deal, simulate_bids

    deal = list(range(108))
    with pytest.raises(ValueError, match=API_MESSAGE):
        simulate_bids(3, seed)
    with pytest.raises(ValueError, match=API_MESSAGE):
        bid_deal(deal, seed=seed)


@pytest.mark.parametrize("seed", [s for s in BAD_SEEDS if s is not None])
def test_bad_seed_hand_state(seed):
    from shengji.game import HandState, play_hand

    with pytest.raises(ValueError, match=API_MESSAGE[: -len(", got")] + " or None, got"):
        HandState(seed=seed)
    with pytest.raises(ValueError, match=r"^seed: "):
        play_hand(seed=seed)


def test_good_seeds_are_accepted_everywhere():
    from shengji.bidding.simulate import simulate_bids
    from shengji.game import HandState

    for seed in (0, 7, np.int64(7), np.uint64(7), 2**128, (3, 1), [3, np.int64(1)]):
        HandState(seed=seed)
        simulate_bids(2, seed)
    assert HandState(seed=np.int64(5)).deal == HandState(seed=5).deal
    assert HandState(seed=[5, 1]).deal == HandState(seed=(5, 1)).deal != HandState(seed=5).deal
    HandState(seed=None)  # fresh entropy


@pytest.mark.parametrize("seed", ['"x"', "-1", "1.5", "true", str(2**128 + 1), "[1, 2]"])
def test_bad_seed_in_a_study_file(tmp_path, capsys, seed):
    study = tmp_path / "s.toml"
    study.write_text(f'study = "deals"\nn = 10\nseed = {seed}\n')
    assert cli.main(["run", str(study), "--out", str(tmp_path / "o"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("shengji: error: seed: expected an integer 0..2**128, got")
    assert not (tmp_path / "o").exists()


def test_bad_seed_analysis_run(tmp_path):
    from shengji.analysis.load import run

    with pytest.raises(ValueError, match="^seed: "):
        run({"study": "deals", "n": 10, "seed": 1}, tmp_path / "o", seed=-3)

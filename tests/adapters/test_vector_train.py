"""The learning example (shengji.adapters.vector_train) runs end to end, tiny: a few
batches of training, a small duel, the command line.  The full run's strength (it beats
random in the duplicate duel) is reported in docs/notebooks/index.md, from `python -m
shengji.adapters.vector_train`."""

from __future__ import annotations

import math

import numpy as np
import pytest

from shengji.adapters.vector_train import LinearPolicy, duel, main, train


def test_train_moves_the_weights_and_duel_reports_an_interval():
    policy, summary = train(envs=16, max_batches=3, seed=2)
    assert summary["batches"] == 3 and summary["hands"] == 48 and summary["learner_steps"] > 48 * 20
    assert np.abs(policy.w).sum() > 0 and np.isfinite(policy.w).all()
    d = duel(policy, 12, returns="points")
    assert d["deals"] == 12 and math.isfinite(d["mean"]) and d["half_width"] > 0


def test_duel_is_reproducible():
    """The same policy, deals and seed: the same swings."""
    p = LinearPolicy.zeros()
    a = duel(p, 20, returns="levels", seed=5)
    b = duel(p, 20, returns="levels", seed=5)
    assert a == b


def test_sampled_untrained_policy_is_random():
    """All-zero weights sample uniformly among the legal actions."""
    p = LinearPolicy.zeros()
    mask = np.zeros((6000, 124), np.int8)
    mask[:, [3, 7, 108]] = 1
    a = p.act(np.zeros((6000, 942), np.uint8), mask, np.random.default_rng(0))
    counts = np.bincount(a, minlength=124)[[3, 7, 108]]
    assert counts.sum() == 6000 and (abs(counts - 6000 / 3) < 200).all()  # sd ~37


def test_command_line(capsys):
    assert main(["--minutes", "0.01", "--envs", "8", "--deals", "6"]) == 0
    out = capsys.readouterr().out
    assert "trained" in out and out.count("duel vs random") == 6
    with pytest.raises(SystemExit):
        main(["--minutes", "0"])

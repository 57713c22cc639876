"""_core.drivers.jobs: a driver's one argument, frozen, keyword-only, checked by the driver
(``check``: the job's type, and no None where a field has no default)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from shengji._core.drivers import jobs
from shengji._core.drivers.duel import play_duel
from shengji._core.drivers.jobs import DuelJob, WalkJob, check
from shengji.door import chunk_state, seat_key
from shengji.names import HAND_COLUMNS, N_CARDS
from shengji.rules.options import Rules
from shengji.rules.pack import rules as pack_rules


def _duel(**changes) -> DuelJob:
    fields = dict(
        state=chunk_state(1, 0),
        key=seat_key(1, 0),
        deck=np.arange(N_CARDS, dtype=np.uint8),
        first=0,
        n=2,
        rules=pack_rules(Rules.preset("standard")),
        level=0,
        banker=0,
        bot_a=1,
        bot_b=1,
        bid_policy=0,
        bid_threshold=0,
        out=np.zeros((len(HAND_COLUMNS), 4), np.int32),
    )
    return DuelJob(**{**fields, **changes})


def test_a_job_is_frozen_and_takes_keywords_only():
    job = _duel()
    with pytest.raises(dataclasses.FrozenInstanceError):
        job.n = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        DuelJob(job.state)  # type: ignore[misc]


def test_every_job_is_listed():
    found = {n for n, v in vars(jobs).items() if isinstance(v, type) and n.endswith("Job")}
    assert found == {n for n in jobs.__all__ if n.endswith("Job")}


def test_check_names_the_job_and_a_missing_field():
    check(_duel(), DuelJob)
    with pytest.raises(TypeError, match="expected a WalkJob .*got DuelJob"):
        check(_duel(), WalkJob)
    with pytest.raises(ValueError, match=r"DuelJob\.deck: None"):
        check(_duel(deck=None), DuelJob)
    check(_duel(deal=None), DuelJob)  # a field with a default may be None
    check(_duel(bot_a=None), DuelJob)  # not an array: the driver's own check names it
    with pytest.raises(TypeError, match="expected a bot id"):
        play_duel(_duel(bot_a=None))


def test_a_driver_plays_its_job():
    a, b = _duel(), _duel(state=chunk_state(1, 0))
    play_duel(a)
    play_duel(b)
    assert a.out.any() and (a.out == b.out).all()
    with pytest.raises(ValueError, match=r"DuelJob\.out: None"):
        play_duel(_duel(out=None))
    with pytest.raises(ValueError, match="level 0..12"):
        play_duel(_duel(level=13))

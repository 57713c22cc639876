"""Small runs to replay: a scoring run (6 hands, 2 chunks) and a match run (2 matches)."""

from __future__ import annotations

import pytest

from shengji.analysis import run


@pytest.fixture(scope="package")
def scoring_run(tmp_path_factory):
    return run("scoring", tmp_path_factory.mktemp("show") / "scoring", n=6, seed=3, chunk_size=4)


@pytest.fixture(scope="package")
def match_run(tmp_path_factory):
    return run("match", tmp_path_factory.mktemp("show") / "match", n=2, seed=3)

"""Every study file shipped in sim/ is valid and runs (at a small n, same keys otherwise)."""

from pathlib import Path

import pytest

from shengji.analysis.load import load, run
from shengji.studies.base import load_study_file, make_config

SIM = Path(__file__).resolve().parents[2] / "sim"
FILES = sorted(SIM.glob("*.toml"))


def test_sim_holds_the_documented_studies():
    names = {p.name for p in FILES}
    assert {
        "quickstart.toml",
        "deals.toml",
        "deals_aggregate.toml",
        "bid_odds.toml",
        "scoring.toml",
        "match.toml",
    } <= names


# the small n each file runs at: 40, less where a deal costs seconds: the ladder's n is a
# full-size pair's deals, its pairs with pimc searching; the search over the network plays
# ~0.85 hands per CPU-second (40 deals would be a minute of the suite); pimc with inference
# (duel_infer, duel_net, decisions: its teacher) ~2 deals a second (40: some 20 s each)
SMALL = {
    "ladder.toml": 4,
    "duel_net_search.toml": 6,
    "duel_infer.toml": 8,
    "duel_net.toml": 8,
    "decisions.toml": 8,
}


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_study_file_loads_and_runs_small(tmp_path, path):
    kind, cfg = make_config(load_study_file(path), source=str(path))
    assert cfg.n > 0
    out = run(path, tmp_path / "out", n=SMALL.get(path.name, 40), workers=1)
    for table in kind.tables(cfg):
        assert len(load(out, table)) > 0, table

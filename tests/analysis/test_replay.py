"""shengji.replay: the HandState of any row of a scoring or match run, from its output.

Small runs (chunks of a few items, so that rows sit deep in their chunks) under three
presets (must-play-ja: a round of overturns after the bury and re-burying overturners),
with greedy and random bots: every row replays to a finished hand whose ``result()``
equals the row (``replay`` checks it against the file), whose ``history`` rebuilds it
(``HandState.from_history``) and steps through it (``at``).  Default run: about 150 rows
in all; ``-m slow``: over 10^3 (600 scoring rows, 36 matches a preset)."""

from __future__ import annotations

import pandas as pd
import pytest

import shengji
from shengji.analysis.replay import replay
from shengji.game import HandState
from shengji.runner import run_study
from shengji.studies.base import make_config

PRESETS3 = ["standard", "club-84022", "must-play-ja"]


def _run(tmp_path, name, **data):
    kind, cfg = make_config(dict(data), source="test")
    out = tmp_path / name
    run_study(kind, cfg, out, workers=1)
    return out


def _same(row, result):
    for key, value in result.items():
        if key in row:
            got = str(row[key]) if isinstance(value, str) else int(row[key])
            assert got == value, key


def _rebuilds(s):
    """The replayed state's setup and history rebuild it; at() steps through it."""
    again = HandState.from_history(s.setup, s.history)
    assert again.result() == s.result() and again.events == s.events
    assert s.at(len(s.history)).result() == s.result()


SIZES = {
    False: {"scoring": (24, 7), "match": (2, 1)},  # (items, chunk size)
    True: {"scoring": (200, 45), "match": (36, 5)},
}
SLOW = [False, pytest.param(True, marks=pytest.mark.slow)]


@pytest.mark.parametrize("slow", SLOW)
@pytest.mark.parametrize("preset", PRESETS3)
def test_scoring_rows_round_trip(tmp_path, preset, slow):
    i = PRESETS3.index(preset)
    n, size = SIZES[slow]["scoring"]
    out = _run(
        tmp_path,
        "scoring",
        study="scoring",
        n=n,
        seed=11 + i,
        preset=preset,
        level=["2", "5", "J"][i],
        chunk_size=size,
        policy=["greedy", "random"][i % 2],
        defender_policy=["random", "greedy"][i % 2],
        first_hand=i == 1,
    )
    rows = pd.read_parquet(out / "hands")
    assert len(rows) == n
    for _, row in rows.iterrows():
        s = replay(out, int(row["hand"]))
        assert s.is_over()
        _same(row, s.result())
        if row["hand"] % (9 if slow else 3) == 0:
            _rebuilds(s)
            assert s.at(0).phase == "bury" and s.at(0).banker == row["banker"]


@pytest.mark.parametrize("slow", SLOW)
@pytest.mark.parametrize("preset", PRESETS3)
def test_match_rows_round_trip(tmp_path, preset, slow):
    i = PRESETS3.index(preset)
    n, size = SIZES[slow]["match"]
    out = _run(
        tmp_path,
        "match",
        study="match",
        n=n,
        seed=5 + i,
        preset=preset,
        chunk_size=size,
        policy=["greedy", "random"][i % 2],
        opponent_policy=["random", "greedy"][i % 2],
    )
    rows = pd.read_parquet(out / "hands")
    assert len(rows) >= (150 if slow else 8)  # slow, with the scoring rows: over 10^3
    for j, (_, row) in enumerate(rows.iterrows()):
        s = replay(out / "hands", int(row["hand"]), match=int(row["match"]))
        _same(row, s.result())
        team = s.banker % 2
        levels = (s.level, s.defender_level) if team == 0 else (s.defender_level, s.level)
        ranks = "23456789TJQKA"
        assert [ranks.index("T" if lv == "10" else lv) for lv in levels] == [
            row["level_0"],
            row["level_1"],
        ]
        if j % (9 if slow else 3) == 0:
            _rebuilds(s)


def test_replay_is_exported_and_checks_the_row(tmp_path):
    out = _run(tmp_path, "s", study="scoring", n=6, seed=3, chunk_size=4)
    assert shengji.replay is replay
    s = shengji.replay(out, 5)
    assert s.result()["defender_points"] == int(
        pd.read_parquet(out / "hands").set_index("hand").loc[5, "defender_points"]
    )
    # a tampered file: the check names the column
    import pyarrow.parquet as pq

    part = out / "hands" / "part-000001.parquet"
    table = pq.read_table(part)
    meta = table.schema.metadata
    col = table.column("table_points").to_numpy().copy()
    col[1] += 5
    table = table.set_column(
        table.schema.get_field_index("table_points"),
        "table_points",
        __import__("pyarrow").array(col),
    )
    pq.write_table(table.replace_schema_metadata(meta), part)
    with pytest.raises(ValueError, match="table_points"):
        shengji.replay(out, 5)
    assert shengji.replay(out, 5, check=False).is_over()


def test_replay_errors(tmp_path):
    deals = _run(tmp_path, "d", study="deals", n=10, seed=1)
    with pytest.raises(ValueError, match="scoring and match"):
        replay(deals, 0)
    scoring = _run(tmp_path, "s", study="scoring", n=4, seed=1)
    for bad in (4, -1, 1.5, True):
        with pytest.raises(ValueError, match="hand"):
            replay(scoring, bad)
    with pytest.raises(ValueError, match="match"):
        replay(scoring, 0, match=0)
    match = _run(tmp_path, "m", study="match", n=2, seed=1)
    hands = pd.read_parquet(match / "hands")
    last = int(hands[hands.match == 1].hand.max())
    with pytest.raises(ValueError, match="no hand"):
        replay(match, last + 1, match=1)
    with pytest.raises(ValueError, match="match"):
        replay(match, 0)
    with pytest.raises(ValueError, match="match"):
        replay(match, 0, match=2)
    with pytest.raises(ValueError):
        replay(tmp_path / "nowhere", 0)

"""shengji.analysis.load: load() reads a run's tables with their metadata; run() is a quiet
make_config + run_study; paths that are not shengji output get a clear ValueError."""

import json
import warnings

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import shengji
from shengji.analysis.load import load, run, run_metadata
from shengji.runner import run_study
from shengji.studies.base import ConfigError, make_config

pd = pytest.importorskip("pandas")

STUDY = {"study": "deals", "n": 3000, "seed": 5, "level": "2", "preset": "standard"}


@pytest.fixture(scope="module")
def deals(tmp_path_factory):
    out = tmp_path_factory.mktemp("analysis") / "deals"
    # two chunks, so that load() has to put several part files together in order
    return run(dict(STUDY, chunk_size=1000, store_cards=True), out, workers=1)


def test_exported_from_package():
    assert shengji.load is load
    assert "load" in shengji.__all__


def test_run_returns_out_and_writes_tables(deals):
    assert (deals / "_manifest.jsonl").is_file()
    header = json.loads((deals / "_manifest.jsonl").read_text().splitlines()[0])["run"]
    assert header["tables"] == ["hands", "kitty", "cards"]
    assert sorted(p.name for p in (deals / "hands").glob("part-*.parquet")) == [
        "part-000000.parquet",
        "part-000001.parquet",
        "part-000002.parquet",
    ]


def test_default_table_is_first_of_manifest(deals):
    df = load(deals)
    assert list(df.columns[:2]) == ["deal", "seat"]
    assert len(df) == 4 * STUDY["n"]
    # chunk order: deals 0..n-1, each with seats 0..3
    assert (df["deal"].to_numpy() == np.repeat(np.arange(STUDY["n"]), 4)).all()
    assert (df["seat"].to_numpy() == np.tile(np.arange(4), STUDY["n"])).all()
    # 25 cards per hand: the trump counts in no-trump and the points are plausible
    assert df["trumps_nt"].between(0, 12).all() and df["points"].max() <= 200


def test_metadata_attached(deals):
    meta = load(deals).attrs["shengji"]
    for key in ("study", "n", "seed", "level", "preset", "rules", "options", "version"):
        assert key in meta
    assert meta["study"] == "deals" and meta["n"] == 3000 and meta["seed"] == 5
    assert meta["preset"] == "standard" and meta["level"] == "2"
    assert meta["options"]["store_cards"] is True
    assert meta["rules"]["kitty_multiplier"] == "linear4"
    assert meta["table"] == "hands" and meta["tables"] == ["hands", "kitty", "cards"]
    assert "chunk" not in meta and "start" not in meta  # the run's, not one chunk's
    assert meta == run_metadata(deals)


def test_named_table_and_table_dir_agree(deals):
    by_name = load(deals, "kitty")
    by_dir = load(deals / "kitty")
    pd.testing.assert_frame_equal(by_name, by_dir)
    assert list(by_name.columns) == ["deal", "kitty_points"]
    assert by_dir.attrs["shengji"]["table"] == "kitty"
    assert by_dir.attrs["shengji"]["tables"] == ["hands", "kitty", "cards"]
    assert load(str(deals / "kitty"), "kitty").equals(by_dir)  # str paths too


def test_cards_table_matches_features(deals):
    cards = load(deals, "cards")
    raw = np.frombuffer(b"".join(cards["cards"]), np.uint8).reshape(-1, 108)
    assert raw.shape == (STUDY["n"], 108)
    assert (np.sort(raw, axis=1) == np.arange(108)).all()  # each deal a permutation
    # kitty points recomputed from the raw deal (positions 100..107)
    kind = raw[:, 100:] // 2
    rank = kind % 13
    pts = np.where(kind >= 52, 0, np.select([rank == 3, (rank == 8) | (rank == 11)], [5, 10], 0))
    assert (pts.sum(axis=1) == load(deals, "kitty")["kitty_points"].to_numpy()).all()


def test_run_overrides_and_rules_merge(tmp_path):
    study = tmp_path / "s.toml"
    study.write_text(
        'study = "deals"\nn = 10\nseed = 1\npreset = "standard"\n[rules]\ntractor_gap = false\n'
    )
    out = run(
        study,
        tmp_path / "o",
        n=200,
        seed=9,
        preset="club-84022",
        level="5",
        rules={"trump_chain": False},
        workers=1,
    )
    meta = load(out).attrs["shengji"]
    assert (meta["n"], meta["seed"], meta["preset"], meta["level"]) == (200, 9, "club-84022", "5")
    assert meta["rules"]["tractor_gap"] is False and meta["rules"]["trump_chain"] is False
    assert meta["rules"]["level_table"] == "step20"  # the preset's own options kept
    # an earlier run is refused (as by the CLI) unless overwrite=True replaces it
    with pytest.raises(ValueError, match="already holds data.*overwrite=True"):
        run(study, out, n=100, workers=1)
    run(study, out, n=100, workers=1, overwrite=True)
    assert len(load(out, "kitty")) == 100


def test_run_bad_key_is_config_error(tmp_path):
    with pytest.raises(ConfigError, match="colour"):
        run(STUDY, tmp_path / "o", colour="red")
    assert not (tmp_path / "o").exists()


def test_aggregate_run_first_table_is_histograms(tmp_path):
    out = run(dict(STUDY, aggregate=True), tmp_path / "agg", workers=1)
    hist = load(out)
    assert list(hist.columns) == ["column", "seat", "value", "count"]
    assert hist.attrs["shengji"]["table"] == "histograms"
    # every seat's histogram of one column counts all n deals
    per = hist[hist["column"] == "trumps_nt"].groupby("seat")["count"].sum()
    assert (per == STUDY["n"]).all() and len(per) == 4
    assert hist.loc[hist["column"] == "kitty_points", "count"].sum() == STUDY["n"]


def test_same_rows_as_pandas_directly(deals):
    pd.testing.assert_frame_equal(
        load(deals, "kitty").sort_values("deal", ignore_index=True),
        pd.read_parquet(deals / "kitty").sort_values("deal", ignore_index=True),
        check_like=True,
    )


def _missing(p):
    return p / "missing"


def _file(p):
    (p / "file.txt").write_text("x")
    return p / "file.txt"


def _empty_dir(p):
    (p / "empty").mkdir()
    return p / "empty"


def _other_files(p):
    (p / "plain").mkdir()
    (p / "plain" / "a.csv").write_text("a\n1\n")
    return p / "plain"


@pytest.mark.parametrize("make", [_missing, _file, _empty_dir, _other_files])
def test_not_shengji_output(tmp_path, make):
    with pytest.raises(ValueError, match="is not a shengji output"):
        load(make(tmp_path))


def test_parquet_without_metadata_is_rejected(tmp_path):
    d = tmp_path / "t"
    d.mkdir()
    pq.write_table(pa.table({"x": [1, 2]}), d / "part-000000.parquet")
    with pytest.raises(ValueError, match="is not a shengji output.*metadata"):
        load(d)


def test_manifest_without_header_is_rejected(tmp_path):
    (tmp_path / "_manifest.jsonl").write_text('{"complete": true}\n')
    with pytest.raises(ValueError, match="no run header"):
        load(tmp_path)


def test_unknown_table(deals):
    with pytest.raises(ValueError, match="has no table 'bids'.*hands, kitty, cards"):
        load(deals, "bids")
    with pytest.raises(ValueError, match="is the table 'kitty', not 'hands'"):
        load(deals / "kitty", "hands")


def test_unfinished_run_warns_and_loads_written_chunks(tmp_path):
    kind, cfg = make_config(dict(STUDY, chunk_size=1000))
    out = tmp_path / "o"
    run_study(kind, cfg, out, workers=1)
    manifest = out / "_manifest.jsonl"
    lines = manifest.read_text().splitlines()
    # as if killed after chunk 0: drop later chunk records, their files and the completion
    manifest.write_text("\n".join(lines[:2]) + "\n")
    for table in ("hands", "kitty"):
        for name in ("part-000001.parquet", "part-000002.parquet"):
            (out / table / name).unlink()
    with pytest.warns(UserWarning, match="did not finish"):
        df = load(out, "kitty")
    assert len(df) == 1000
    with warnings.catch_warnings():  # a finished run loads without a warning
        warnings.simplefilter("error")
        again = run(dict(STUDY, chunk_size=1000), out, workers=1, overwrite=True)
        assert len(load(again, "kitty")) == 3000


def test_table_without_parts_yet(tmp_path):
    kind, cfg = make_config(STUDY)
    out = tmp_path / "o"
    run_study(kind, cfg, out, workers=1)
    for p in (out / "kitty").glob("part-*.parquet"):
        p.unlink()
    with pytest.raises(ValueError, match="holds no part files"):
        load(out, "kitty")

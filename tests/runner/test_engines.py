"""Engines give the same data: local with 1 or 2 workers, a Dask LocalCluster, and an
existing Dask cluster joined by its scheduler address (issue #6)."""

from __future__ import annotations

from pathlib import Path

import pyarrow.dataset as ds
import pytest

from shengji.runner import run_study
from shengji.studies.base import make_config

ROWS = {"study": "deals", "n": 5000, "seed": 11, "chunk_size": 1000, "store_cards": True}
AGG = {"study": "deals", "n": 40_000, "seed": 12, "chunk_size": 7000, "aggregate": True}


def files(out: Path) -> dict:
    """Every data file's bytes, by path (the manifest's line order depends on timing)."""
    return {
        str(p.relative_to(out)): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.name != "_manifest.jsonl"
    }


def table(out: Path, name: str):
    t = ds.dataset(out / name).to_table()
    keys = [c for c in ("deal", "seat", "column", "value") if c in t.column_names]
    return t.sort_by([(k, "ascending") for k in keys])


def run(tmp_path, name, data, **kw):
    kind, cfg = make_config(data)
    return run_study(kind, cfg, tmp_path / name, **kw)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    base = tmp_path_factory.mktemp("ref")
    run(base, "rows", ROWS, workers=1)
    run(base, "agg", AGG, workers=1)
    return base


@pytest.mark.parametrize("data,name", [(ROWS, "rows"), (AGG, "agg")])
def test_local_two_workers_same_bytes(tmp_path, reference, data, name):
    res = run(tmp_path, name, data, workers=2)
    assert res.engine == "local"
    assert files(tmp_path / name) == files(reference / name)


def test_dask_local_cluster_same_data(tmp_path, reference):
    pytest.importorskip("distributed")
    res = run(tmp_path, "rows", ROWS, workers=2, engine="dask")
    assert res.engine == "dask" and res.items == ROWS["n"]
    for t in res.tables:
        assert table(tmp_path / "rows", t).equals(table(reference / "rows", t))
    assert files(tmp_path / "rows") == files(reference / "rows")  # the very same bytes


def test_dask_existing_cluster_by_address(tmp_path, reference):
    distributed = pytest.importorskip("distributed")
    import logging

    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as cluster:
        for name, data in (("rows", ROWS), ("agg", AGG)):
            res = run(tmp_path, name, data, engine="dask", scheduler=cluster.scheduler_address)
            assert res.engine == "dask" and res.items == data["n"]
        # the cluster is the caller's: still up after the run
        with distributed.Client(cluster.scheduler_address) as client:
            assert len(client.nthreads()) == 2
    for name in ("rows", "agg"):
        assert table(tmp_path / name, "histograms" if name == "agg" else "hands").equals(
            table(reference / name, "histograms" if name == "agg" else "hands")
        )
        assert files(tmp_path / name) == files(reference / name)


def test_scheduler_needs_dask_engine(tmp_path):
    from shengji.studies.base import ConfigError

    with pytest.raises(ConfigError, match="--scheduler needs --engine dask"):
        run(tmp_path, "x", ROWS, scheduler="tcp://127.0.0.1:8786")
    with pytest.raises(ConfigError, match="unknown engine"):
        run(tmp_path, "x", ROWS, engine="spark")
    assert not (tmp_path / "x").exists()

"""A new user's first commands (issue 22): the shipped studies by name from any directory,
``shengji studies``, one line for a bad name; progress lines every tenth of a run whatever
the chunk size, for ``run`` and ``advise``, written to real pipes (same bytes with and
without them); ``shengji.analysis.run`` refusing an existing run; ``shengji.load`` on a
damaged part file; "source" for a preset's rule set."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SIM = ROOT / "sim"
CLI = [sys.executable, "-m", "shengji"]
HAND = "AS AS KS 2S 2H 3H 4H 5H 6H 7C 8C 9C TC JC QD KD AD 3D 4D 5S 6S SJ SJ 9D 9H"
LINE = re.compile(r"shengji: (\d+(?:\.\d+)?)% \([\d,]+ of [\d,]+ deals\) in ")

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def _env():
    import shengji

    home = str(Path(shengji.__file__).resolve().parents[1])
    return dict(os.environ, PYTHONPATH=os.pathsep.join([home] + sys.path))


def cli(args, cwd, timeout=300):
    """The CLI as a user runs it, stdout and stderr each a pipe."""
    return subprocess.run(
        [*CLI, *map(str, args)],
        cwd=cwd,
        env=_env(),
        capture_output=True,  # two pipes
        text=True,
        timeout=timeout,
    )


def test_studies_lists_every_shipped_study_with_its_description(tmp_path):
    res = cli(["studies"], tmp_path)
    assert res.returncode == 0, res.stderr
    for path in SIM.glob("*.toml"):
        data = tomllib.loads(path.read_text())
        (line,) = [ln for ln in res.stdout.splitlines() if ln.split()[:1] == [path.stem]]
        assert data["study"] in line.split()[1:2] and data["description"] in line


def test_run_by_name_from_another_directory(tmp_path):
    res = cli(["run", "quickstart", "--n", "3000", "--quiet"], tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("deals: 3,000 deals")
    assert (tmp_path / "out" / "quickstart" / "hands").is_dir()  # out/<name>
    # a path still works, and names the same study
    res2 = cli(["run", SIM / "quickstart.toml", "--n", "3000", "--quiet", "--out", "p"], tmp_path)
    assert res2.returncode == 0, res2.stderr
    a = (tmp_path / "out/quickstart/hands/part-000000.parquet").read_bytes()
    assert a == (tmp_path / "p/hands/part-000000.parquet").read_bytes()


def test_bad_name_is_one_line_listing_the_names(tmp_path):
    res = cli(["run", "quickstrat"], tmp_path)
    assert res.returncode == 2 and res.stdout == ""
    (line,) = res.stderr.splitlines()
    assert "no study named 'quickstrat'" in line
    for path in SIM.glob("*.toml"):
        assert path.stem in line


def _pcts(stderr: str) -> list[float]:
    lines = stderr.splitlines()
    assert all(LINE.match(ln) for ln in lines), stderr
    return [float(LINE.match(ln).group(1)) for ln in lines]


@pytest.mark.parametrize("workers", [1, 2])
def test_deals_study_writes_about_ten_lines_to_a_pipe(tmp_path, workers):
    """sim/deals.toml has 4 chunks: the lines still come about every tenth."""
    res = cli(["run", "deals", "--out", "o", "--workers", workers], tmp_path)
    assert res.returncode == 0, res.stderr
    pcts = _pcts(res.stderr)
    assert 9 <= len(pcts) <= 11, res.stderr
    assert pcts == sorted(pcts) and pcts[-1] == 100
    assert "\r" not in res.stderr and "\x1b" not in res.stderr


def _digest(out: Path) -> dict:
    return {
        str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*.parquet"))
    }


@pytest.mark.parametrize(
    "keys",
    [{}, {"store_cards": True}, {"aggregate": True, "chunk_size": 30_000}],
    ids=["rows", "cards", "aggregate"],
)
def test_progress_within_chunks_changes_no_byte(tmp_path, keys):
    study = tmp_path / "s.toml"
    body = {"study": "deals", "n": 70_000, "seed": 3, "chunk_size": 30_000, **keys}
    show = {k: str(v).lower() if isinstance(v, bool) else repr(v) for k, v in body.items()}
    study.write_text("".join(f"{k} = {v}\n" for k, v in show.items()))
    runs = {}
    for label, extra in (("quiet", ["--quiet"]), ("lines", []), ("pool", ["--workers", "2"])):
        res = cli(["run", study, "--out", label, *extra], tmp_path)
        assert res.returncode == 0, res.stderr
        if label != "quiet":
            assert len(_pcts(res.stderr)) >= 9
        runs[label] = _digest(tmp_path / label)
    assert runs["quiet"] and runs["quiet"] == runs["lines"] == runs["pool"]


def test_advise_writes_progress_lines_to_a_pipe(tmp_path):
    res = cli(["advise", "--hand", HAND, "--level", "2", "--n", "400"], tmp_path)
    assert res.returncode == 0, res.stderr
    pcts = _pcts(res.stderr)
    assert 9 <= len(pcts) <= 11 and pcts[-1] == 100
    assert "pass" in res.stdout
    quiet = cli(["advise", "--hand", HAND, "--level", "2", "--n", "400", "--quiet"], tmp_path)
    assert quiet.returncode == 0 and quiet.stderr == "" and quiet.stdout == res.stdout


def test_analysis_run_refuses_an_existing_run(tmp_path):
    from shengji.analysis import load, run
    from shengji.studies.base import ConfigError

    out = run("quickstart", tmp_path / "q", n=500, workers=1)
    assert load(out).attrs["shengji"]["seed"] == 20261129  # the shipped file's seed
    before = (out / "hands" / "part-000000.parquet").read_bytes()
    with pytest.raises(ConfigError) as info:
        run("quickstart", out, n=600, workers=1)
    msg = str(info.value)
    assert "already holds data" in msg and "overwrite=True" in msg and "\n" not in msg
    assert (out / "hands" / "part-000000.parquet").read_bytes() == before
    run("quickstart", out, n=600, workers=1, overwrite=True)
    assert len(load(out)) == 4 * 600


def test_load_names_a_damaged_part_file(tmp_path):
    import shengji
    from shengji.analysis import run

    out = run("quickstart", tmp_path / "q", n=3000, workers=1, chunk_size=1000)
    part = out / "hands" / "part-000001.parquet"
    raw = bytearray(part.read_bytes())
    raw[len(raw) // 3 : len(raw) // 3 + 2000] = b"\0" * 2000
    part.write_bytes(bytes(raw))
    with pytest.raises(ValueError) as info:
        shengji.load(out)
    msg = str(info.value)
    assert "\n" not in msg and str(part) in msg and "--resume" in msg
    (out / "kitty" / "part-000000.parquet").write_bytes(b"not parquet")
    with pytest.raises(ValueError, match=r"damaged part file .*part-000000.parquet.*--resume"):
        shengji.load(out, "kitty")


def test_rules_say_source_not_seed(tmp_path):
    res = cli(["rules"], tmp_path)
    assert res.returncode == 0
    assert "source 000" in res.stdout and "seed 0" not in res.stdout
    one = cli(["rules", "school-cup"], tmp_path)
    assert "source: source 000" in one.stdout


def test_advise_conditions_the_other_cards_with_where_and_fix(tmp_path):
    args = ["advise", "--hand", HAND, "--level", "2", "--n", "60", "--quiet", "--seed", "3"]
    res = cli([*args, "--where", "seat2.big_jokers >= 1", "--fix", "kitty=5C 5C"], tmp_path)
    assert res.returncode == 0, res.stderr
    assert "given kitty 2 fixed; where seat2.big_jokers >= 1 (acceptance" in res.stdout
    from shengji import advise

    api = advise(HAND, "2", n=60, seed=3, deal={"kitty": "5C 5C", "where": "seat2.big_jokers >= 1"})
    assert res.stdout == api.table() + "\n"
    for extra, needle in (
        (["--where", "seat2.big_jokers >= 3"], "never holds"),
        (["--fix", "seat0=BJ"], "seat0 already has fixed cards"),
        (["--fix", "kitty"], "--fix: expected SLOT=CARDS"),
    ):
        bad = cli([*args, *extra], tmp_path)
        assert bad.returncode == 2 and needle in bad.stderr, bad.stderr
        assert len(bad.stderr.strip().splitlines()) == 1

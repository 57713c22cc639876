"""Every file-system failure is one line, no traceback (issue #13): exit 2 when the run could
not start (and the directory is as it was), exit 1 when it failed part-way (the finished
chunks stay valid and --resume completes the run to the same bytes).  Faults are real: a
tmpfs that fills up, a read-only mount, a directory without write permission, a directory
removed under the run."""

from __future__ import annotations

import os
import shutil
import signal
import sys

import pytest

from shengji.cli import main
from shengji.runner import run_study
from shengji.runner.manifest import Manifest
from shengji.runner.output import LOCK_NAME
from shengji.studies.base import make_config
from tests.support.runsupport import (
    chunk_count,
    data_files,
    in_namespace,
    kill_group,
    manifest_problems,
    namespaces_available,
    one_error_line,
    run_cli,
    snapshot,
    start,
    study_file,
    temp_files,
    wait_for,
)

SMALL = {"study": "deals", "n": 4000, "seed": 3, "chunk_size": 1000}
FULL = {"study": "deals", "n": 160_000, "seed": 5, "chunk_size": 10_000}  # 16 chunks

NO_NAMESPACES = namespaces_available()


def cli_fails(capsys, argv, status=2) -> str:
    code = main([str(a) for a in argv])
    err = capsys.readouterr().err
    assert code == status, err
    return one_error_line(err)


@pytest.fixture(scope="module")
def full_ref(tmp_path_factory):
    out = tmp_path_factory.mktemp("fullref") / "ref"
    kind, cfg = make_config(FULL)
    run_study(kind, cfg, out, workers=1)
    return out


# -- cannot start: exit 2, nothing created --------------------------------------------------
def test_output_is_a_file_or_under_a_file(tmp_path, capsys):
    study = study_file(tmp_path, SMALL)
    f = tmp_path / "f"
    f.write_text("mine")
    line = cli_fails(capsys, ["run", study, "--out", f, "--quiet"])
    assert "exists and is not a directory" in line
    line = cli_fails(capsys, ["run", study, "--out", f / "sub" / "deeper", "--quiet"])
    assert f"{str(f)!r} is a file, not a directory" in line
    assert f.read_text() == "mine"


def test_path_that_cannot_be_created(tmp_path, capsys):
    study = study_file(tmp_path, SMALL)
    line = cli_fails(capsys, ["run", study, "--out", "/proc/shengji-test/out", "--quiet"])
    assert "cannot create output directory '/proc/shengji-test/out'" in line


def _no_write_permission():
    """A command prefix under which writing into a 0o555 directory fails (EACCES): as
    root, only without CAP_DAC_OVERRIDE."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip(
            "running as root, which ignores permission bits, and no setpriv(1) to "
            "drop CAP_DAC_OVERRIDE"
        )
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search"]


def test_permission_denied(tmp_path):
    prefix = _no_write_permission()
    study = study_file(tmp_path, SMALL)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        for out in (locked, locked / "new"):
            res = run_cli_prefixed(prefix, ["run", study, "--out", out, "--quiet"])
            assert res.returncode == 2, res.stderr
            assert "permission denied" in one_error_line(res.stderr)
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o755)


def run_cli_prefixed(prefix, argv):
    import subprocess

    return subprocess.run(
        prefix + [sys.executable, "-m", "shengji"] + [str(a) for a in argv],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(NO_NAMESPACES is not None, reason=str(NO_NAMESPACES))
def test_read_only_file_system(tmp_path):
    study = study_file(tmp_path, SMALL)
    mnt = tmp_path / "ro"
    mnt.mkdir()
    py = f"{sys.executable} -m shengji run {study} --quiet --out"
    res = in_namespace(
        f"mount -t tmpfs -o ro,size=1m tmpfs {mnt} || exit 99; "
        f"{py} {mnt} ; echo rc=$? ; {py} {mnt}/sub/out ; echo rc=$?"
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["rc=2", "rc=2"], (res.stdout, res.stderr)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 2 and "Traceback" not in res.stderr, res.stderr
    assert all(line.startswith("shengji: error: ") and "read-only" in line for line in lines)


# -- failed part-way: exit 1, finished chunks valid, --resume completes ---------------------
@pytest.mark.skipif(NO_NAMESPACES is not None, reason=str(NO_NAMESPACES))
@pytest.mark.parametrize("workers", [1, 2])
def test_disk_full_mid_run_then_resume(tmp_path, full_ref, workers):
    study = study_file(tmp_path, FULL)
    mnt = tmp_path / "small"
    mnt.mkdir()
    # room for the manifest and about four chunks: the fifth finds the disk full
    chunk = sum(p.stat().st_size for p in full_ref.rglob("part-000000.parquet"))
    size = 4 * chunk + 16 * 1024
    failed, resumed = tmp_path / "failed", tmp_path / "resumed"
    py = f"{sys.executable} -m shengji run {study} --quiet --workers {workers} --out {mnt}/o"
    res = in_namespace(
        f"mount -t tmpfs -o size={size} tmpfs {mnt} || exit 99; "
        f"{py} >/dev/null 2>{tmp_path}/err1; echo rc=$?; cp -a {mnt}/o {failed}; "
        f"mount -o remount,size=64m {mnt} || exit 98; "
        f"{py} --resume >/dev/null 2>{tmp_path}/err2; echo rc=$?; cp -a {mnt}/o {resumed}"
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["rc=1", "rc=0"], (res.stdout, (tmp_path / "err1").read_text())
    line = one_error_line((tmp_path / "err1").read_text())
    assert "the disk is full" in line and "--resume" in line
    done = chunk_count(failed)
    assert 1 <= done < 16, done
    assert manifest_problems(failed) == [] and not Manifest(failed).complete()
    assert temp_files(failed) == [] and not (failed / LOCK_NAME).exists()
    assert (tmp_path / "err2").read_text() == ""
    assert data_files(resumed) == data_files(full_ref)
    assert manifest_problems(resumed) == [] and Manifest(resumed).complete()


@pytest.mark.parametrize("workers,victim", [("2", "."), ("1", "kitty")])
def test_directory_or_folder_removed_mid_run(tmp_path, workers, victim):
    study = study_file(tmp_path, FULL)
    out = tmp_path / "out"
    proc = start(["run", study, "--out", out, "--workers", workers, "--quiet"])
    wait_for(lambda: chunk_count(out) >= 1, proc)
    kill_group(proc, signal.SIGSTOP)  # removed while the run is paused mid-way
    removed = out / victim if victim != "." else out
    shutil.rmtree(removed)
    kill_group(proc, signal.SIGCONT)
    assert proc.wait(timeout=60) == 1
    line = one_error_line(proc.stderr.read().decode())
    assert f"{str(removed)!r} was removed during the run" in line
    assert not removed.exists()  # not half re-made by the run or its workers
    if victim != ".":  # the rest is as the run left it: the kitty's files are the loss
        assert manifest_problems(out) == [
            f"chunk {k}: kitty/part-{k:06d}.parquet missing" for k in range(chunk_count(out))
        ]


# -- a failed start leaves the directory as it was -------------------------------------------
@pytest.fixture()
def no_dask(tmp_path):
    """An environment where `import distributed` fails, as without the extra installed."""
    fake = tmp_path / "nodask"
    (fake / "distributed").mkdir(parents=True)
    (fake / "distributed" / "__init__.py").write_text(
        "raise ImportError('No module named distributed')\n"
    )
    return dict(os.environ, PYTHONPATH=str(fake))


def test_dask_missing_writes_nothing(tmp_path, no_dask):
    study = study_file(tmp_path, SMALL)
    new = tmp_path / "a" / "b"
    res = run_cli(["run", study, "--out", new, "--engine", "dask", "--quiet"], env=no_dask)
    assert res.returncode == 2 and "needs dask.distributed" in one_error_line(res.stderr)
    assert not (tmp_path / "a").exists()
    # an earlier run's directory, asked to be overwritten: left exactly as it was
    old = tmp_path / "old"
    assert main(["run", study, "--out", str(old), "--workers", "1", "--quiet"]) == 0
    before = snapshot(old)
    res = run_cli(
        ["run", study, "--out", old, "--engine", "dask", "--overwrite", "--seed", "9", "--quiet"],
        env=no_dask,
    )
    assert res.returncode == 2, res.stderr
    assert snapshot(old) == before
    # and the retry, with dask, is not refused as "already holds data"
    res = run_cli(["run", study, "--out", new, "--workers", "1", "--quiet"])
    assert res.returncode == 0, res.stderr


def test_unreachable_scheduler_writes_nothing(tmp_path):
    pytest.importorskip("distributed")
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    study = study_file(tmp_path, SMALL)
    out = tmp_path / "out"
    env = dict(os.environ, DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="1s")
    res = run_cli(
        ["run", study, "--out", out, "--scheduler", f"tcp://127.0.0.1:{port}", "--quiet"], env=env
    )
    assert res.returncode == 2
    assert "cannot reach the Dask scheduler" in one_error_line(res.stderr)
    assert not out.exists()


@pytest.mark.slow
def test_dask_cluster_lost_mid_run_is_one_line_under_quiet(tmp_path):
    """The scheduler dies part-way: no Dask log lines or tracebacks under --quiet, one line,
    exit 1; the finished chunks are valid and --resume (on a new cluster) completes."""
    pytest.importorskip("distributed")
    import socket
    import subprocess

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="2s")
    sched = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_scheduler",
            "--port",
            str(port),
            "--no-dashboard",
        ],
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_worker",
            f"tcp://127.0.0.1:{port}",
            "--nworkers",
            "2",
            "--nthreads",
            "1",
            "--no-dashboard",
        ],
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        study = study_file(tmp_path, dict(FULL, n=4_000_000, chunk_size=50_000))
        out = tmp_path / "out"
        run = start(
            ["run", study, "--out", out, "--scheduler", f"tcp://127.0.0.1:{port}", "--quiet"],
            env=env,
        )
        wait_for(lambda: chunk_count(out) >= 2, run, timeout=120)
        kill_group(sched, signal.SIGKILL)
        assert run.wait(timeout=120) == 1
        line = one_error_line(run.stderr.read().decode())
        assert "Dask cluster" in line and "--resume" in line
        assert manifest_problems(out) == []
    finally:
        kill_group(sched, signal.SIGKILL)
        kill_group(worker, signal.SIGKILL)
        sched.wait()
        worker.wait()


# -- --overwrite removes only what shengji wrote ----------------------------------------------
def test_overwrite_refuses_foreign_files_in_table_folders(tmp_path, capsys):
    study = study_file(tmp_path, SMALL)
    out = tmp_path / "out"
    assert main(["run", study, "--out", str(out), "--workers", "1", "--quiet"]) == 0
    capsys.readouterr()
    (out / "hands" / "notes.txt").write_text("mine")
    before = snapshot(out)
    line = cli_fails(capsys, ["run", study, "--out", out, "--overwrite", "--quiet"])
    assert "hands/notes.txt" in line and "did not write" in line
    line = cli_fails(capsys, ["run", study, "--out", out, "--resume", "--quiet"])
    assert "hands/notes.txt" in line
    assert snapshot(out) == before
    (out / "hands" / "notes.txt").unlink()
    (out / "kitty" / "mine").mkdir()
    assert "kitty/mine" in cli_fails(capsys, ["run", study, "--out", out, "--overwrite", "--quiet"])
    (out / "kitty" / "mine").rmdir()
    # beside the tables, a user's file is kept by --overwrite
    (out / "README.txt").write_text("my notes")
    assert (
        main(
            [
                "run",
                study,
                "--out",
                str(out),
                "--workers",
                "1",
                "--quiet",
                "--overwrite",
                "--seed",
                "4",
            ]
        )
        == 0
    )
    assert (out / "README.txt").read_text() == "my notes"
    assert Manifest(out).header()["seed"] == 4 and manifest_problems(out) == []


def test_deleted_manifest(tmp_path, capsys):
    study = study_file(tmp_path, SMALL)
    out = tmp_path / "out"
    assert main(["run", study, "--out", str(out), "--workers", "1", "--quiet"]) == 0
    capsys.readouterr()
    want = data_files(out)
    (out / "_manifest.jsonl").unlink()
    line = cli_fails(capsys, ["run", study, "--out", out, "--quiet"])
    assert "_manifest.jsonl is missing" in line and "--overwrite" in line
    line = cli_fails(capsys, ["run", study, "--out", out, "--quiet", "--resume"])
    assert "_manifest.jsonl is missing" in line and "cannot be verified" in line
    assert main(["run", study, "--out", str(out), "--workers", "1", "--quiet", "--overwrite"]) == 0
    assert data_files(out) == want and manifest_problems(out) == []


def test_what_a_run_killed_at_its_start_leaves_is_an_empty_directory(tmp_path):
    """A run killed right after taking its lock leaves the lock file (no lock), maybe its
    empty table folders and a temporary file: the directory counts as empty."""
    study = study_file(tmp_path, SMALL)
    out = tmp_path / "out"
    (out / "hands").mkdir(parents=True)
    (out / LOCK_NAME).write_text('{"pid": 1, "host": "gone"}')
    (out / "hands" / ".part-000000.parquet.1.abcd0123.tmp").write_bytes(b"PAR1")
    (out / "._manifest.jsonl.1.abcd0123.tmp").write_text("{")
    assert main(["run", study, "--out", str(out), "--workers", "1", "--quiet"]) == 0
    assert Manifest(out).complete() and not (out / LOCK_NAME).exists()
    assert temp_files(out) == []


def test_refused_resume_touches_nothing(tmp_path, capsys):
    """Options found inconsistent only against the directory's contents (--resume with
    other settings): refused after taking the lock, and the directory is as it was, its
    modification time included."""
    study = study_file(tmp_path, SMALL)
    out = tmp_path / "x"
    assert main(["run", study, "--out", str(out), "--workers", "1", "--quiet"]) == 0
    capsys.readouterr()
    before = snapshot(out)
    assert "seed 3 there, 8 now" in cli_fails(
        capsys, ["run", study, "--out", out, "--resume", "--seed", "8", "--quiet"]
    )
    assert snapshot(out) == before

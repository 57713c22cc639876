"""Helpers for the runner's fault tests: real `shengji` processes, their output
directories, and private mounts (a tiny or read-only tmpfs) in a user+mount namespace."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from shengji.runner.manifest import Manifest
from shengji.runner.output import LOCK_NAME, MANIFEST, is_temp_name

CLI = [sys.executable, "-m", "shengji"]


def terminal_sigint() -> None:
    """A child's ``preexec_fn``: SIGINT at its default, as a terminal gives it to the job in
    the foreground.  A test run started in the background of a script (``cmd &``) inherits
    SIGINT *ignored*, and Python keeps a disposition it inherits as ignored: a child would
    then shrug off the Ctrl-C that a test sends it, and the test would fail for the way it
    was started, not for the code (the test process's own disposition is not a fixture:
    tests/docs' notebooks even reset it halfway through a run)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def toml(data: dict) -> str:
    return "".join(
        f"{k} = {json.dumps(v) if not isinstance(v, bool) else str(v).lower()}\n"
        for k, v in data.items()
    )


def study_file(folder: Path, data: dict, name: str = "study.toml") -> str:
    p = Path(folder) / name
    p.write_text(toml(data))
    return str(p)


def data_files(out: Path) -> dict:
    """Every data file's bytes by path (not the manifest: its line order depends on timing;
    not the lock file)."""
    return {
        str(p.relative_to(out)): p.read_bytes()
        for p in sorted(Path(out).rglob("*"))
        if p.is_file() and p.name not in (MANIFEST, LOCK_NAME)
    }


def snapshot(path: Path) -> dict:
    """Everything under ``path`` with bytes and modification times (directories too)."""
    path = Path(path)
    if not path.exists():
        return {}
    snap = {".": ("dir", path.stat().st_mtime_ns)}
    for p in sorted(path.rglob("*")):
        st = p.stat()
        snap[str(p.relative_to(path))] = (p.read_bytes() if p.is_file() else "dir", st.st_mtime_ns)
    return snap


def temp_files(out: Path) -> list[str]:
    return [str(p) for p in Path(out).rglob("*") if is_temp_name(p.name)]


def manifest_problems(out: Path) -> list[str]:
    """Chunk records of the manifest whose files do not match (size, sha256): must be none."""
    problems = []
    _, records = Manifest(out).read()
    for rec in records:
        for rel, meta in rec["files"].items():
            p = Path(out) / rel
            if not p.is_file():
                problems.append(f"chunk {rec['chunk']}: {rel} missing")
                continue
            raw = p.read_bytes()
            if len(raw) != meta["bytes"] or hashlib.sha256(raw).hexdigest() != meta["sha256"]:
                problems.append(f"chunk {rec['chunk']}: {rel} does not match")
    return problems


def start(argv: list, **kw) -> subprocess.Popen:
    """A `shengji` process in a session of its own (so that a signal can reach it and its
    workers at once, as a crash or a terminal's Ctrl-C would)."""
    return subprocess.Popen(
        CLI + [str(a) for a in argv],
        start_new_session=True,
        preexec_fn=terminal_sigint,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kw,
    )


def run_cli(argv: list, timeout: float = 120, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        CLI + [str(a) for a in argv], capture_output=True, text=True, timeout=timeout, **kw
    )


def chunk_count(out: Path) -> int:
    try:
        with open(Path(out) / MANIFEST, "rb") as fh:
            return sum(1 for line in fh if line.startswith(b'{"chunk"'))
    except OSError:
        return 0


def wait_for(cond, proc: subprocess.Popen | None = None, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if proc is not None and proc.poll() is not None:
            raise AssertionError(
                f"the run ended first (exit {proc.returncode}): "
                f"{proc.stderr.read().decode(errors='replace')}"
            )
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.01)


def kill_group(proc: subprocess.Popen, sig=signal.SIGKILL) -> None:
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass


def group_alive(pgid: int) -> list[int]:
    """Processes still in process group ``pgid`` (e.g. orphaned workers)."""
    alive = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(d.name))
    return alive


def one_error_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("shengji: error: ") and "Traceback" not in stderr, stderr
    return lines[0]


# -- private mounts ----------------------------------------------------------------------
_NS = ["unshare", "--user", "--map-root-user", "--mount"]


def namespaces_available() -> str | None:
    """None if a private tmpfs can be mounted here, else why not (a skip reason)."""
    if shutil.which("unshare") is None:
        return "no unshare(1) here"
    probe = subprocess.run(
        _NS
        + [
            "sh",
            "-c",
            "mount -t tmpfs -o size=64k tmpfs /mnt 2>&1 || "
            "mount -t tmpfs -o size=64k tmpfs /tmp 2>&1",
        ],
        capture_output=True,
        text=True,
    )
    if probe.returncode != 0:
        return (
            "cannot mount a private tmpfs (user and mount namespaces unavailable): "
            + (probe.stderr or probe.stdout).strip()
        )
    return None


def in_namespace(script: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run a shell script in a private user+mount namespace: mounts it makes vanish with
    it.  The script sees the same files as the test otherwise."""
    return subprocess.run(
        _NS + ["sh", "-c", script], capture_output=True, text=True, timeout=timeout
    )


DIED = "a worker process died during the run; run it again with --resume"


def studies_die(monkeypatch) -> str:
    """Make every ``shengji.runner.run_study`` of the test raise the runner's ``RunError``
    for a killed worker (as a real kill raises it); returns its line."""
    import shengji.runner
    from shengji.runner.errors import RunError

    def died(*args, **kwargs):
        raise RunError(DIED)

    monkeypatch.setattr(shengji.runner, "run_study", died)
    return DIED

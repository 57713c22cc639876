"""Progress on stderr (issue #13): a bar on a terminal only — with a sane ETA at once for a
run of 10^12 deals —, a plain line per tenth when stderr is a file or a pipe, nothing with
--quiet; and no worker pays the pandas import."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

from shengji.runner import progress
from shengji.runner.progress import ItemCosts, LogProgress, duration, make_progress
from tests.support.runsupport import CLI, kill_group, run_cli, study_file, terminal_sigint

RUN = {"study": "deals", "n": 100_000, "seed": 2, "chunk_size": 5_000}  # 20 chunks


def test_log_lines_when_stderr_is_not_a_terminal(tmp_path):
    study = study_file(tmp_path, RUN)
    res = run_cli(["run", study, "--out", tmp_path / "o", "--workers", "1"])
    assert res.returncode == 0, res.stderr
    assert "\r" not in res.stderr and "\x1b" not in res.stderr  # no bar frames in a log
    lines = res.stderr.splitlines()
    assert 1 <= len(lines) <= 11
    pcts = [
        int(re.match(r"shengji: (\d+)% \([\d,]+ of 100,000 deals\) in ", ln).group(1))
        for ln in lines
    ]
    assert pcts == sorted(set(pcts)) and pcts[-1] == 100
    assert all(p % 10 == 0 for p in pcts)  # chunks of 5% land exactly on each tenth
    assert "deals in" in res.stdout  # the summary stays on stdout


def test_quiet_is_silent(tmp_path):
    study = study_file(tmp_path, RUN)
    res = run_cli(["run", study, "--out", tmp_path / "o", "--workers", "1", "--quiet"])
    assert res.returncode == 0 and res.stderr == ""


def test_log_progress_estimates_early(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    buf = io.StringIO()
    log = LogProgress(10**12, "deals", 0, buf)
    log.update(1 << 22)
    assert buf.getvalue() == ""  # nothing to say before the first estimate is due
    now[0] += progress.FIRST_ESTIMATE_S
    log.update(1 << 22)
    line = buf.getvalue().strip()
    assert line.startswith("shengji: 0.00084% (8,388,608 of 1,000,000,000,000 deals) in 10.0 s")
    assert line.endswith("about 14 days left"), line
    now[0] += 1000
    log.update(10**11)
    assert buf.getvalue().splitlines()[-1].startswith("shengji: 10% (")


def test_item_costs_sum_the_pieces_a_range_covers():
    costs = ItemCosts([(0, 1.0), (50, 99.0), (60, 2.0)], 100)
    assert costs.total == 50 * 1 + 10 * 99 + 40 * 2
    assert costs.of(0, 50) == 50 and costs.of(55, 10) == 5 * 99 + 5 * 2
    assert costs.of(99, 1) == 2 and costs.of(10, 0) == 0


def test_the_time_left_follows_the_items_cost_not_their_count(monkeypatch):
    # half the deals are cheap (a random vs greedy pair), half cost 99 times as much (pimc):
    # after the cheap half the run is 1% done, not 50%, and the time left says so
    now = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    costs = ItemCosts([(0, 1.0), (50, 99.0)], 100)
    buf = io.StringIO()
    log = LogProgress(100, "deals", 0, buf, costs)
    assert progress.FIRST_ESTIMATE_S <= 10
    now[0] += 10  # no tenth done: the early estimate
    log.update(50, costs.of(0, 50))
    line = buf.getvalue().strip()
    assert line.startswith("shengji: 1% (50 of 100 deals) in 10.0 s, 5 deals/s"), line
    assert line.endswith("about 16 min 30 s left"), line  # 4,950 cost units at 5 a second
    unweighted = io.StringIO()
    plain = LogProgress(100, "deals", 0, unweighted)
    plain.update(50)
    assert unweighted.getvalue().startswith("shengji: 50% (50 of 100 deals)")


def test_the_bar_follows_the_cost_and_shows_the_items():
    from tqdm import tqdm

    costs = ItemCosts([(0, 1.0), (50, 99.0)], 100)
    buf = io.StringIO()
    bar = progress.CostBar(tqdm, 100, "deals", 0, buf, costs.total, 0.0)
    bar.bar.delay = 0  # draw at once (a run's bar waits a second)
    bar.update(50, costs.of(0, 50))
    bar.bar.refresh()
    assert "  1%|" in buf.getvalue() and "| 50/100 deals [" in buf.getvalue()
    bar.update(50, costs.of(50, 50))
    bar.close()
    assert buf.getvalue().rstrip().split("\r")[-1].startswith("100%|")


def test_duration_format():
    year = 86400 * 365.25
    assert [
        duration(s) for s in (3.21, 245, 3 * 3600 + 60 * 13, 86400 * 41, 12 * year, 2.9e10 * year)
    ] == ["3.2 s", "4 min 05 s", "3 h 13 min", "41 days", "12 years", "2.9e+10 years"]


def test_no_bar_without_a_terminal_width():
    r, w = pty.openpty()
    try:
        with open(w, "w", closefd=False) as stream:  # a pseudo-terminal of width 0
            assert isinstance(make_progress(10, "deals", False, stream=stream), LogProgress)
            assert make_progress(10, "deals", True, stream=stream) is None
    finally:
        os.close(r)
        os.close(w)


def test_bar_on_a_terminal_with_eta_for_a_trillion_deals(tmp_path):
    study = study_file(tmp_path, {"study": "deals", "n": 10**12, "seed": 1})
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    proc = subprocess.Popen(
        CLI + ["run", study, "--out", str(tmp_path / "o"), "--workers", "1"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
        preexec_fn=terminal_sigint,
    )
    os.close(slave)
    seen = b""
    frame = re.compile(rb"\r\s*0%\|[^\r]*\| [\d.]+[kM]?/1\.00T \[[\d:]+<(\d+):\d\d:\d\d, ")
    try:
        deadline = time.monotonic() + 60
        while not frame.search(seen) and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                seen += os.read(master, 65536)
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=60)
        finally:  # a run of 10^12 deals left behind would hold a core for days
            kill_group(proc)
            proc.wait()
        os.close(master)
    m = frame.search(seen)
    assert m, seen[-500:]
    assert 10 <= int(m.group(1)) <= 5000  # hours: 10^12 deals at 0.05 to 30 M deals/s


def test_workers_do_not_import_pandas(tmp_path):
    """A fresh spawn worker runs one chunk of every kind: pandas stays unimported (it
    cost a second of every worker's start-up)."""
    code = r"""
import multiprocessing as mp, sys, json
def child(out, q):
    from shengji.runner.engines import compute_chunk
    from shengji.studies.base import make_config
    import os
    res = {}
    for data in ({"study": "deals", "n": 200, "seed": 1},
                 {"study": "deals", "n": 200, "seed": 1, "aggregate": True, "store_cards": False},
                 {"study": "deals", "n": 200, "seed": 1, "store_cards": True},
                 {"study": "bid_odds", "n": 200, "seed": 1, "store_cards": True},
                 {"study": "scoring", "n": 5, "seed": 1},
                 {"study": "match", "n": 1, "seed": 1}):
        kind, cfg = make_config(data)
        d = os.path.join(out, kind.name + str(len(res)))
        for t in kind.tables(cfg) + ["_chunks"]:
            os.makedirs(os.path.join(d, t))
        compute_chunk(kind, cfg, cfg.chunks()[0], d, cfg.chunks().digits)
        res[kind.name + str(len(res))] = "pandas" in sys.modules
    q.put(res)
if __name__ == "__main__":
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    p = ctx.Process(target=child, args=(sys.argv[1], q))
    p.start()
    print(json.dumps(q.get()))
    p.join()
"""
    script = tmp_path / "w.py"
    script.write_text(code)
    pytest.importorskip("pandas")  # (the point: it is installed, and still not imported)
    res = subprocess.run(
        [sys.executable, str(script), str(tmp_path)], capture_output=True, text=True, timeout=120
    )
    assert res.returncode == 0, res.stderr
    import json

    imported = json.loads(res.stdout)
    assert len(imported) == 6 and not any(imported.values()), imported

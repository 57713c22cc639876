"""The self-play loop (shengji.learn.iterate): a tiny loop end to end, its manifest, a loop
killed in a phase resuming to the same bytes, and bad flags refused in one line."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.runsupport import studies_die
from tests.support.torch import need_torch

need_torch()

from shengji.learn import iterate  # noqa: E402

# every try accepted (--gate-margin): the second generation replays the first's data, meets
# generation 0 in its pool and duels generation 0 and memory
TINY = ["--generations", "2", "--tries", "2", "--hands", "96", "--gate-deals", "64",
        "--duel-deals", "32", "--seed", "3", "--gate-margin", "-1000"]  # fmt: skip


def _loop(out: Path, *extra: str) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "shengji.learn.iterate", "--out", str(out), *TINY, *extra]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _files(out: Path) -> dict[str, str]:
    """The loop's data and weights, by their bytes (not the manifest's CPU-seconds)."""
    return {
        str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file() and (p.suffix in (".npz", ".parquet"))
    }


def test_a_tiny_loop_runs_and_a_killed_one_resumes_to_the_same_bytes(tmp_path):
    # the runs record the weights' paths: both loops run in one folder, the first moved away
    whole = _loop(tmp_path / "loop")
    out, _ = whole.communicate(timeout=600)
    (tmp_path / "loop").rename(tmp_path / "whole")
    assert whole.returncode == 0, out
    m = json.loads((tmp_path / "whole" / "manifest.json").read_text())
    assert m["settings"]["hands"] == 96 and len(m["tries"]) == 2
    first = m["tries"][0]
    assert first["generation"] == 1 and first["parent"] == 0
    assert set(first["cpu"]) >= {"selfplay", "learn", "gate"}
    assert (
        first["done"]["learn"]["sha256"]
        == hashlib.sha256((tmp_path / "whole" / first["weights"]).read_bytes()).hexdigest()
    )
    gate = first["done"]["gate"]
    assert gate["deals"] == 64 and gate["low"] <= gate["mean"] <= gate["high"]
    assert first["accepted"] and first["done"]["duels"]["memory"]["deals"] == 32
    second = m["tries"][1]
    assert second["generation"] == 2 and second["parent"] == 1
    assert second["done"]["learn"]["runs"][0] == first["runs"][0]  # the replay window
    assert [r.split("-gen-")[1] for r in second["runs"]] == ["1", "0"]  # the pool: gen 0
    assert "gen 1 try 1: learn:" in out and "estimate" in out
    # progress inside the phases (stderr, here a pipe: a line a tenth): the self-play's
    # hands (the second generation's split by its pool) and the learning's rows read
    lines = out.splitlines()
    assert sum(line.startswith("shengji: 100% (96 of 96 hands)") for line in lines) == 1
    assert "shengji: 100% (72 of 72 hands)" in out and "shengji: 100% (24 of 24 hands)" in out
    learnt = [line for line in lines if line.startswith("shengji: 100% (") and " rows)" in line]
    assert len(learnt) == 2, out
    # killed while learning (the self-play recorded, the learning begun), then resumed
    cut = _loop(tmp_path / "loop")
    manifest = tmp_path / "loop" / "manifest.json"
    deadline = time.time() + 300
    while time.time() < deadline:
        tries = json.loads(manifest.read_text())["tries"] if manifest.exists() else []
        if tries and "learn" in tries[0].get("begun", ()):
            break
        time.sleep(0.05)
    os.kill(cut.pid, signal.SIGKILL)
    cut.wait()
    assert "learn" not in json.loads(manifest.read_text())["tries"][0]["done"]
    again = _loop(tmp_path / "loop", "--resume")
    out2, _ = again.communicate(timeout=600)
    assert again.returncode == whole.returncode, out2
    assert _files(tmp_path / "loop") == _files(tmp_path / "whole")
    assert "gen 1 try 1: selfplay" not in out2  # recorded: not run again
    # the learning's CPU-seconds are the resuming process's part: marked, and not an estimate
    assert "gen 1 try 1: learn: 0 replayed runs (estimate" in out2 and "resumed)" in out2
    resumed = json.loads(manifest.read_text())["tries"]
    assert [t.get("resumed") for t in resumed] == [["learn"], None]
    assert [t.get("resumed") for t in m["tries"]] == [None, None]
    assert resumed[0]["begun"] == ["selfplay", "learn", "gate", "duels"]


class _Tries:
    def __init__(self, tries: list[dict]):
        self.tries = tries


def test_an_estimate_takes_the_last_whole_phase_rate():
    loop = iterate.Loop(Path("."), iterate.LoopOptions(), _Tries([]), log=lambda *a: None)
    start = iterate.START_RATES["learn"]
    assert loop.estimate("learn", 1000) == pytest.approx(1000 * start)
    loop.m.tries.append({"cpu": {"learn": 30.0}, "units": {"learn": 1000}})
    assert loop.estimate("learn", 2000) == pytest.approx(60.0)
    # a phase cut by a kill and resumed: its figure is a part, no rate
    loop.m.tries.append({"cpu": {"learn": 1.0}, "units": {"learn": 1000}, "resumed": ["learn"]})
    assert loop.estimate("learn", 2000) == pytest.approx(60.0)
    assert loop.estimate("gate", 10) == pytest.approx(10 * iterate.START_RATES["gate"])


def test_bad_flags_and_folders_are_one_line(tmp_path, capsys):
    assert iterate.main(["--out", str(tmp_path / "a"), "--hands", "0"]) == 2
    assert capsys.readouterr().err.strip() == "iterate: --hands must be >= 1"
    assert iterate.main(["--out", str(tmp_path / "a"), "--explore", "0"]) == 2
    assert "--explore" in capsys.readouterr().err
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "manifest.json").write_text(
        json.dumps({"settings": {"hands": 5}, "tries": []})
    )
    assert iterate.main(["--out", str(tmp_path / "b"), *TINY]) == 2
    assert "--resume continues it" in capsys.readouterr().err
    assert iterate.main(["--out", str(tmp_path / "b"), *TINY, "--resume"]) == 2
    assert "other settings" in capsys.readouterr().err
    import fcntl

    (tmp_path / "c").mkdir()
    with open(tmp_path / "c" / ".lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert iterate.main(["--out", str(tmp_path / "c"), *TINY]) == 2
    assert "in use by another loop" in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--generations", "--gate-deals", "--batch"])
def test_each_count_flag_is_checked(tmp_path, capsys, flag):
    assert iterate.main(["--out", str(tmp_path), flag, "0"]) == 2
    assert f"{flag} must be >= 1" in capsys.readouterr().err


def test_a_resume_may_extend_the_loop_but_not_change_it(tmp_path):
    out = tmp_path / "loop"
    out.mkdir()
    m = iterate.Manifest(out, iterate.LoopOptions(generations=3, tries=5), resume=False)
    m.tries.append({"try": 1, "generation": 1, "accepted": True})
    m.save()
    longer = iterate.Manifest(
        out, iterate.LoopOptions(generations=4, tries=8, workers=2), resume=True
    )
    assert len(longer.tries) == 1  # the loop's tries kept
    saved = json.loads((out / "manifest.json").read_text())["settings"]
    assert (saved["generations"], saved["tries"], saved["workers"]) == (4, 8, 2)
    with pytest.raises(ValueError, match="other settings"):
        iterate.Manifest(out, iterate.LoopOptions(generations=4, tries=8, hands=7), resume=True)


def test_generation_0_is_the_imitation_network_unless_started_elsewhere(tmp_path, capsys):
    # the default is recorded as the loops before the flag recorded it: without "start", so
    # the shipped network's command remakes its bytes (tests/core/bots/test_net.py)
    default = iterate.Manifest(tmp_path, iterate.LoopOptions(), resume=False)
    assert "start" not in default.data["settings"]
    assert iterate.Loop(tmp_path, iterate.LoopOptions(), default).weights(0) == "imitation"
    other = iterate._options(iterate.parser().parse_args(["--out", "x", "--start", "shipped"]))
    assert iterate._settings(other)["start"] == "shipped"
    assert iterate.main(["--out", str(tmp_path / "a"), "--start", "nowhere.npz"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("iterate: --start") and "nowhere.npz" in err and "\n" not in err


def test_a_start_file_is_recorded_by_its_digest_and_a_replaced_one_refused(tmp_path):
    import hashlib
    import shutil

    from shengji._core.bots import net

    start, out = tmp_path / "start.npz", tmp_path / "loop"
    shutil.copyfile(net.NAMED["imitation"], start)
    out.mkdir()

    def options():
        return iterate._options(iterate.parser().parse_args(["--out", "x", "--start", str(start)]))

    settings = iterate._settings(options())
    assert settings["start"] == str(start)
    assert settings["start_sha256"] == hashlib.sha256(start.read_bytes()).hexdigest()
    iterate.Manifest(out, options(), resume=False)
    iterate.Manifest(out, options(), resume=True)  # the same file: the loop continues
    shutil.copyfile(net.SHIPPED_WEIGHTS, start)  # other weights under the same name
    with pytest.raises(ValueError, match="other settings"):
        iterate.Manifest(out, options(), resume=True)


def test_centred_is_recorded_only_when_set_and_a_resume_keeps_it(tmp_path, capsys):
    # the default records nothing, as loops before the flag did (the shipped network's
    # recorded settings are its command's); any other weight is part of the loop's settings
    def options(*flags):
        return iterate._options(iterate.parser().parse_args(["--out", "x", *flags]))

    assert "centred" not in iterate._settings(options())["rule"]
    assert iterate._settings(options("--centred", "10"))["rule"]["centred"] == 10.0
    out = tmp_path / "loop"
    out.mkdir()
    iterate.Manifest(out, options("--centred", "10"), resume=False)
    iterate.Manifest(out, options("--centred", "10"), resume=True)
    with pytest.raises(ValueError, match="other settings"):
        iterate.Manifest(out, options(), resume=True)
    assert iterate.main(["--out", str(tmp_path / "a"), "--centred", "-1"]) == 2
    assert capsys.readouterr().err.strip() == "iterate: --centred must be >= 0"


def test_a_failed_study_is_one_line_and_the_loop_resumes(tmp_path, monkeypatch, capsys):
    # a worker killed mid-study: the loop stops with the study's line and its status, not a
    # traceback, records no phase, and --resume then finishes it
    line = studies_die(monkeypatch)
    loop = ["--out", str(tmp_path / "loop"), *TINY]
    assert iterate.main(loop) == 1
    assert capsys.readouterr().err.strip() == f"iterate: {line}"
    (cut,) = json.loads((tmp_path / "loop" / "manifest.json").read_text())["tries"]
    assert cut["begun"] == ["selfplay"] and cut["done"] == {} and cut["cpu"] == {}
    monkeypatch.undo()
    assert iterate.main([*loop, "--resume"]) == 0
    m = json.loads((tmp_path / "loop" / "manifest.json").read_text())
    assert [t["accepted"] for t in m["tries"]] == [True, True]
    assert [t.get("resumed") for t in m["tries"]] == [["selfplay"], None]


def test_a_resume_takes_the_folders_settings_and_refuses_other_ones(tmp_path, capsys):
    # a loop made with other flags than the defaults (and the defaults' omissions: no start,
    # no centred) continues with `--resume` alone; a flag given must agree, but its extent
    def parsed(*flags):
        argv = ["--out", str(out), *flags]
        return iterate._options(iterate._resumed(iterate.parser().parse_args(argv), argv))

    out = tmp_path / "loop"
    out.mkdir()
    made = ["--explore", "0.3", "--no-hindsight", "--anchor", "0.7", "--pool", "0.1",
            "--lr", "2e-4", "--generations", "5", "--workers", "2"]  # fmt: skip
    first = parsed(*made)
    assert (first.explore, first.hindsight, first.rule.anchor) == (0.3, False, 0.7)
    iterate.Manifest(out, first, resume=False)
    assert parsed("--resume") == first
    assert parsed("--resume", "--generations", "7") == iterate.LoopOptions(
        **{**first.__dict__, "generations": 7}
    )
    for flag in (("--anchor", "0.5"), ("--hindsight",), ("--start", "selfplay4")):
        with pytest.raises(ValueError, match="other settings"):
            iterate.Manifest(out, parsed("--resume", *flag), resume=True)
    # the flags the recorded settings leave out are their defaults
    settings = json.loads((out / "manifest.json").read_text())["settings"]
    assert "start" not in settings and "centred" not in settings["rule"]
    assert iterate._held(settings)["start"] == iterate.START
    assert iterate._held(settings)["centred"] == iterate.Rule().centred
    # a folder whose manifest is not a loop's: one line
    (out / "manifest.json").write_text("[]")
    assert iterate.main(["--out", str(out), "--resume"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("iterate: ") and "is not a loop's manifest" in err and "\n" not in err


def test_arch_is_checked_once_recorded_when_set_and_widens_the_first_generation(tmp_path, capsys):
    import numpy as np

    def options(*flags):
        return iterate._options(iterate.parser().parse_args(["--out", "x", *flags]))

    assert "arch" not in iterate._settings(options())  # loops made before record none
    assert iterate._settings(options("--arch", "512,128,64"))["arch"] == [512, 128, 64]
    for bad in ("384,128,64", "512,128", "2048,128,64", "264,128,64"):
        assert iterate.main(["--out", str(tmp_path / "a"), "--arch", bad]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("iterate: --arch must be three widths") and "\n" not in err
    with pytest.raises(SystemExit) as exited:  # argparse's own line and status
        iterate.main(["--out", str(tmp_path / "a"), "--arch", "5,a"])
    assert exited.value.code == 2
    assert "--arch: '5,a' is not widths" in capsys.readouterr().err
    out = tmp_path / "loop"
    loop = ["--out", str(out), *TINY, "--generations", "1", "--arch", "512,128,64"]
    assert iterate.main(loop) == 0
    m = json.loads((out / "manifest.json").read_text())
    assert m["settings"]["arch"] == [512, 128, 64]
    with np.load(out / m["tries"][0]["weights"]) as f:
        assert f["q_w1"].shape[1] == 512 and f["q_w2"].shape[1] == 128
    capsys.readouterr()
    assert iterate.main(["--out", str(out), "--resume", "--generations", "1"]) == 0  # kept
    assert iterate.main(["--out", str(out), "--resume", "--arch", "256,128,64"]) == 2
    assert "other settings" in capsys.readouterr().err

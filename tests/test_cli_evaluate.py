"""``shengji evaluate`` and ``shengji ladder`` as a user types them: the summary, the data,
one line for bad input (exit 2) and for an agent that fails (exit 1), Ctrl-C answering at
once with the way to resume."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from shengji.cli import main
from tests.support.runsupport import chunk_count, kill_group, one_error_line, start, wait_for

ROOT = Path(__file__).resolve().parents[1]
LADDER = """study = "ladder"
n = 40
seed = 2
[bots]
random = "random"
greedy = "greedy"
memory = "memory"
[scale]
"random vs memory" = 0.5
"""


def test_evaluate_prints_the_result(tmp_path, capsys):
    out = tmp_path / "e"
    code = main(
        [
            "evaluate",
            "tests.support.agents:lowest",
            "--against",
            "greedy",
            "--n",
            "30",
            "--seed",
            "3",
            "--out",
            str(out),
            "--quiet",
        ]
    )
    text = capsys.readouterr().out
    assert code == 0
    assert "lowest vs greedy: 30 deals" in text and "swing per deal" in text
    assert "level share" in text and "decisions" in text and str(out) in text
    assert (out / "duel").is_dir()
    code = main(["evaluate", "memory", "--against", "greedy", "--n", "30", "--quiet"])
    assert code == 0 and "memory vs greedy" in capsys.readouterr().out


def test_a_batched_policy_on_the_command_line(capsys):
    code = main(
        [
            "evaluate",
            "tests.support.agents:random_batched",
            "--batched",
            "--against",
            "greedy",
            "--n",
            "20",
            "--quiet",
        ]
    )
    assert code == 0 and "random_batched vs greedy" in capsys.readouterr().out


def test_bad_input_and_failing_agents(capsys):
    for argv, code, needle in (
        (["evaluate", "no_such_mod:f"], 2, "cannot import 'no_such_mod'"),
        (["evaluate", "pimc(samples=0)"], 2, "samples"),
        (["evaluate", "memory", "--against", "nosuch"], 2, "unknown bot 'nosuch'"),
        (
            ["evaluate", "tests.support.agents:wrong_type", "--against", "greedy", "--n", "4"],
            1,
            "the bot returned dict",
        ),
        (
            ["evaluate", "tests.support.agents:illegal_card", "--against", "greedy", "--n", "4"],
            1,
            "illegal action",
        ),
        (["ladder", "no_such_file.toml"], 2, "not found"),
    ):
        assert main([*argv, "--quiet"]) == code, argv
        line = one_error_line(capsys.readouterr().err)
        assert needle in line, line


def test_an_agent_the_evaluator_cannot_use_is_refused_before_anything_runs(tmp_path, capsys):
    for name, flags, needle in (
        ("one_argument", [], "one_argument takes 1 arguments"),
        ("one_argument", ["--batched"], "a batched policy takes"),
        ("not_callable", [], "got int"),
    ):
        out = tmp_path / f"{name}{len(flags)}"
        argv = ["evaluate", f"tests.support.agents:{name}", *flags, "--out", str(out)]
        assert main([*argv, "--n", "4", "--quiet"]) == 2, argv
        line = one_error_line(capsys.readouterr().err)
        assert needle in line, line
        assert not out.exists()  # refused before the run made anything


def test_the_console_script_finds_a_module_of_the_current_directory(tmp_path):
    # a console script has its own folder on sys.path, not the current directory (python -m
    # has it): the module of `shengji evaluate mybot:act` is found there all the same
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "shengji"
    script.write_text("import sys\nfrom shengji.cli import main\nsys.exit(main())\n")
    work = tmp_path / "work"
    work.mkdir()
    (work / "mybot.py").write_text(
        "def act(observation, rng):\n    return min(observation.legal_actions)\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    argv = ["evaluate", "mybot:act", "--against", "random", "--n", "4", "--quiet"]
    done = subprocess.run(
        [sys.executable, str(script), *argv],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "act vs random: 4 deals" in done.stdout


def test_ladder_runs_a_file_then_fits_its_run(tmp_path, capsys):
    f = tmp_path / "lad.toml"
    f.write_text(LADDER)
    out = tmp_path / "o"
    assert main(["ladder", str(f), "--out", str(out), "--workers", "1", "--quiet"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[0].split()[:2] == ["bot", "rating"]
    assert [ln.split()[0] for ln in lines[1:4]] == ["memory", "greedy", "random"]
    assert "greedy = 0" in text and "random vs greedy" in text
    png = tmp_path / "l.png"
    assert main(["ladder", str(out), "--plot", str(png), "--metric", "levels"]) == 0
    assert png.stat().st_size > 1000 and "levels a deal" in capsys.readouterr().out
    assert main(["ladder", str(out), "--n", "5"]) == 2
    assert "finished run" in one_error_line(capsys.readouterr().err)


def test_ctrl_c_answers_at_once_and_the_run_resumes(tmp_path):
    out = tmp_path / "e"
    argv = [
        "evaluate",
        "tests.support.agents:lowest",
        "--against",
        "pimc(samples=2, candidates=2)",  # a search to interrupt, cheap enough to resume
        "--n",
        "320",  # 20 chunks: the interrupt lands mid-run on a fast machine too (48 raced it)
        "--seed",
        "1",
        "--out",
        out,
        "--workers",
        "1",
        "--quiet",
    ]
    proc = start(argv, cwd=ROOT)
    try:
        wait_for(lambda: chunk_count(out) >= 1, proc, timeout=120)
        t = time.monotonic()
        kill_group(proc, signal.SIGINT)
        proc.wait(timeout=30)
        took = time.monotonic() - t
    finally:
        kill_group(proc)
    err = proc.stderr.read().decode()
    assert proc.returncode == 130, err
    assert took < 5, took
    assert "interrupted" in err and "--resume" in err and "Traceback" not in err
    done = start([*argv, "--resume"], cwd=ROOT)
    assert done.wait(timeout=300) == 0, done.stderr.read().decode()
    text = done.stdout.read().decode()
    assert "lowest vs pimc(" in text and ": 320 deals" in text, text

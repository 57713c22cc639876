"""The local engine's worker processes (shengji.runner.processes): a script without an
``if __name__ == "__main__":`` guard runs (its top level runs once, never in a worker);
a Python agent defined in a guarded script still reaches the workers; where the workers
would have to run an unguarded script again, one line says what to add."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from shengji.runner.processes import refers_to_main, unguarded_line

ROOT = Path(__file__).resolve().parents[2]


def _script(tmp_path: Path, body: str) -> subprocess.CompletedProcess:
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(body))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    return subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_an_unguarded_script_runs_a_study_and_a_ladder_on_two_workers(tmp_path):
    done = _script(
        tmp_path,
        """
        import shengji
        from shengji.analysis import ladder, run

        print("top level", flush=True)
        out = run("quickstart", "out/q", n=40_000, workers=2, chunk_size=5_000)
        print("rows", len(shengji.load(out)))
        lad = ladder(["random", "greedy"], n=24, workers=2, progress=False)
        print("pairs", len(lad.pairs))
        """,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["top level", "rows 160000", "pairs 1"]


def test_an_agent_of_a_guarded_script_reaches_the_workers(tmp_path):
    done = _script(
        tmp_path,
        """
        import shengji


        def lowest(observation, rng):
            return min(observation.legal_actions)


        if __name__ == "__main__":
            res = shengji.evaluate(lowest, against="random", n=8, workers=2, chunk_size=4,
                                   progress=False)
            print(res.deals, res.agent)
        """,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["8", "lowest"]


def test_an_unguarded_script_whose_agent_the_workers_need_gets_one_line(tmp_path):
    done = _script(
        tmp_path,
        """
        import shengji
        from shengji.runner.errors import RunError


        def lowest(observation, rng):
            return min(observation.legal_actions)


        print("top level", flush=True)
        try:
            shengji.evaluate(lowest, against="random", n=8, workers=2, chunk_size=4,
                             progress=False)
        except RunError as exc:
            print("refused:", exc)
        """,
    )
    text = (tmp_path / "script.py").read_text().splitlines()
    call = next(i for i, ln in enumerate(text, 1) if ln.strip().startswith("shengji.evaluate("))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "top level" and len(lines) == 2, done.stdout
    assert lines[1].startswith("refused: the worker processes would run ")
    assert f"line {call} would start this run again" in lines[1]
    assert 'if __name__ == "__main__":' in lines[1] and "workers=1" in lines[1]


def _local():
    return 1


def test_refers_to_main_finds_definitions_of_main_only():
    assert not refers_to_main((len, {"a": [1, 2]}, _local))
    main_fn = type(_local)(_local.__code__, {}, "f")
    main_fn.__module__ = "__main__"
    assert refers_to_main({"agent": main_fn})
    assert refers_to_main([type("C", (), {"__module__": "__main__"})])


def test_unguarded_line_is_none_outside_a_script():
    # pytest's __main__ is its own, not a script whose top level calls this
    assert unguarded_line() is None


def test_an_unguarded_script_runs_a_study_on_a_local_dask_cluster(tmp_path):
    # the LocalCluster's worker processes are spawned from a clean __main__ too
    pytest.importorskip("distributed")
    done = _script(
        tmp_path,
        """
        import shengji
        from shengji.runner.run import run_study
        from shengji.studies.base import make_config

        print("top level", flush=True)
        kind, cfg = make_config({"study": "deals", "n": 20_000, "seed": 1, "chunk_size": 5_000},
                                source="script", overrides={})
        run_study(kind, cfg, "out/d", workers=2, engine="dask")
        print("rows", len(shengji.load("out/d")))
        """,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["top level", "rows 80000"]


def test_an_agent_written_where_main_has_no_file_reaches_the_workers(tmp_path):
    # `python -c`: a __main__ with no file, as a notebook's kernel and the REPL have; the
    # workers cannot import it, so the agent is sent by value
    code = textwrap.dedent(
        """
        import shengji


        def lowest(observation, rng):
            return min(observation.legal_actions)


        res = shengji.evaluate(lowest, against="random", n=8, workers=2, chunk_size=4,
                               progress=False)
        print(res.deals, res.agent)
        """
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["8", "lowest"]

"""The command line's small cases of issue #13: --version, usage and errors on stderr (stdout
stays clean), a study path that is a directory, a study file that is not UTF-8."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import pytest

from shengji.cli import main

CLI = [sys.executable, "-m", "shengji"]  # shengji/__main__.py: cli.main, as a process


def test_version():
    res = subprocess.run(CLI + ["--version"], capture_output=True, text=True)
    assert res.returncode == 0 and res.stdout.strip() == f"shengji {version('shengji')}"
    assert res.stderr == ""


@pytest.mark.parametrize(
    "argv,needle",
    [
        ([], "a command is needed"),
        (["frobnicate"], "invalid choice"),
        (["run"], "the following arguments are required: study"),
        (["run", "x.toml", "--n"], "expected one argument"),
    ],
)
def test_usage_errors_go_to_stderr(argv, needle):
    res = subprocess.run(CLI + argv, capture_output=True, text=True)
    assert res.returncode == 2 and res.stdout == ""
    assert needle in res.stderr and "Traceback" not in res.stderr


def test_help_is_on_stdout():
    res = subprocess.run(CLI + ["run", "--help"], capture_output=True, text=True)
    assert res.returncode == 0 and "--resume" in res.stdout and res.stderr == ""


def _fails(capsys, argv, needle):
    assert main([str(a) for a in argv]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert captured.out == "" and len(lines) == 1 and needle in lines[0], captured


def test_study_path_is_a_directory(tmp_path, capsys):
    _fails(capsys, ["run", tmp_path, "--out", tmp_path / "o"], "is a directory, not a study file")
    assert not (tmp_path / "o").exists()


def test_study_file_not_utf8_names_the_file(tmp_path, capsys):
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(b'study = "deals"\nn = 10\nseed = 1\ndescription = "caf\xe9"\n')
    _fails(
        capsys,
        ["run", bad, "--out", tmp_path / "o"],
        f"study file {str(bad)!r} is not UTF-8 text (TOML must be): byte 0xe9 on line 4",
    )

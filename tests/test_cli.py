"""The command line as a user types it: success path and every bad-input case of issue #2
(one line on stderr, exit 2, no traceback, nothing written, existing output untouched)."""

import subprocess
import sys
from pathlib import Path

import pytest

from shengji.cli import main

GOOD = 'study = "deals"\nn = 2000\nseed = 1\nlevel = "2"\npreset = "standard"\n'


def write(tmp_path, text, name="study.toml"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def fails(capsys, argv, needle):
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("shengji: error:"), err
    assert needle in lines[0], lines[0]
    assert "Traceback" not in err


def test_run_success_prints_summary(tmp_path, capsys):
    out = tmp_path / "o"
    assert main(["run", write(tmp_path, GOOD), "--out", str(out), "--workers", "1", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "2,000 deals" in text and "deals/s" in text and "trumps" in text and str(out) in text
    assert (out / "hands").is_dir() and (out / "kitty").is_dir()


@pytest.mark.parametrize(
    "content,argv,needle",
    [
        (None, [], "not found"),
        ("study = ", [], "not valid TOML"),
        (GOOD + "colour = 'red'\n", [], "unknown key 'colour'"),
        (GOOD.replace('"deals"', '"poker"'), [], "unknown study kind"),
        (GOOD + "[rules]\nno_bid = 'maybe'\n", [], "no_bid"),
        (GOOD + "[rules]\nflavour = 1\n", [], "flavour"),
        (GOOD.replace('"standard"', '"nope"'), [], "unknown preset"),
        (GOOD.replace("n = 2000", "n = 0"), [], "n: expected an integer 1..2**63 - 1, got 0"),
        (GOOD.replace("n = 2000", "n = -5"), [], "n: expected an integer 1..2**63 - 1, got -5"),
        (GOOD.replace("n = 2000", "n = 'many'"), [], "n: expected an integer"),
        (GOOD.replace('level = "2"', 'level = "1"'), [], "level"),
        (GOOD.replace("seed = 1\n", ""), [], "missing key 'seed'"),
        (GOOD + "store_cards = true\naggregate = true\n", [], "store_cards"),
        (GOOD, ["--n", "0"], "--n"),
        (GOOD, ["--n", "abc"], "--n"),
        (GOOD, ["--seed", "-1"], "--seed"),
        (GOOD, ["--workers", "0"], "--workers"),
        (GOOD, ["--bogus"], "--bogus"),
    ],
)
def test_bad_input(tmp_path, capsys, content, argv, needle):
    study = write(tmp_path, content) if content is not None else str(tmp_path / "missing.toml")
    out = tmp_path / "o"
    fails(capsys, ["run", study, "--out", str(out), "--quiet"] + argv, needle)
    assert not out.exists()


def test_existing_output_is_left_untouched(tmp_path, capsys):
    study = write(tmp_path, GOOD)
    out = tmp_path / "o"
    assert main(["run", study, "--out", str(out), "--workers", "1", "--quiet"]) == 0
    capsys.readouterr()
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    fails(capsys, ["run", study, "--out", str(out), "--quiet", "--seed", "2"], "--overwrite")
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    # a directory of someone else's files is never overwritten
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    fails(
        capsys, ["run", study, "--out", str(other), "--quiet", "--overwrite"], "not a shengji run"
    )
    assert (other / "notes.txt").read_text() == "mine"
    # --overwrite replaces our own earlier run
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
                "2",
            ]
        )
        == 0
    )


def test_rules_command(capsys):
    assert main(["rules"]) == 0
    listing = capsys.readouterr().out
    for name in ("standard", "school-cup", "club-84022", "team-cup"):
        assert name in listing
    assert main(["rules", "club-84022"]) == 0
    shown = capsys.readouterr().out
    assert "* level_table = step20" in shown and "kitty_multiplier = power2" in shown
    fails(capsys, ["rules", "nope"], "unknown preset")


def test_entry_point_as_installed(tmp_path):
    """The console script a user types, in a subprocess: exit codes and streams."""
    exe = Path(sys.executable).with_name("shengji")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "shengji.cli"]
    study = write(tmp_path, GOOD)
    ok = subprocess.run(
        cmd + ["run", study, "--out", str(tmp_path / "o"), "--workers", "1"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert ok.returncode == 0, ok.stderr
    assert "deals/s" in ok.stdout
    bad = subprocess.run(
        cmd + ["run", str(tmp_path / "nope.toml")], capture_output=True, text=True, cwd=tmp_path
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    assert not (tmp_path / "out").exists()


def test_closed_stdout_is_not_a_traceback(tmp_path):
    """`shengji run ... | head -1` may close stdout while the summary is being printed: the
    run completes and the command leaves quietly (status 141, as for SIGPIPE)."""
    exe = Path(sys.executable).with_name("shengji")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "shengji.cli"]
    study = write(tmp_path, GOOD)
    proc = subprocess.Popen(
        cmd + ["run", study, "--out", str(tmp_path / "o"), "--workers", "1", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    proc.stdout.close()  # the reader is gone before the first line
    err = proc.stderr.read().decode()
    assert proc.wait() == 141 and "Traceback" not in err and err == "", err
    assert (tmp_path / "o" / "_manifest.jsonl").exists()

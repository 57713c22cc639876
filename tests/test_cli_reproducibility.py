"""``shengji run`` says when a study's data will not be reproducible from its seed: a bot with a
time budget (its choices depend on the machine's speed), wherever the study names it — the
study's own options or a sweep's cells (tests/core/bots/test_pimc.py has the plain case)."""

from shengji.cli import main

NOTE = "policy: time_budget_ms > 0"


def _run(tmp_path, name, text, capsys):
    study = tmp_path / f"{name}.toml"
    study.write_text('study = "scoring"\nn = 2\nseed = 1\n' + text)
    assert main(["run", str(study), "--out", str(tmp_path / name), "--quiet"]) == 0
    return capsys.readouterr().err


def test_a_swept_time_budget_gets_the_note_once(tmp_path, capsys):
    err = _run(
        tmp_path,
        "timed",
        '[sweep]\npolicy = ["memory", {bot = "pimc", samples = 2, time_budget_ms = 5}]\n',
        capsys,
    )
    assert err.count(NOTE) == 1 and "not be reproducible" in err


def test_a_sweep_without_one_gets_none(tmp_path, capsys):
    err = _run(
        tmp_path, "plain", '[sweep]\npolicy = ["memory", {bot = "pimc", samples = 2}]\n', capsys
    )
    assert err == ""

"""A bad [sweep] table gets one clear line (CLI exit 2), naming what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji.cli import main

HEAD = """\
study = "scoring"
n = 4
seed = 1
"""


def check(tmp_path: Path, capsys, body: str, *needles: str, head: str = HEAD) -> str:
    p = tmp_path / "bad.toml"
    p.write_text(head + body)
    code = main(["run", str(p), "--out", str(tmp_path / "out"), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("shengji: error: sweep"), err
    for needle in needles:
        assert needle in lines[0], lines[0]
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists()  # nothing written
    return lines[0]


@pytest.mark.parametrize(
    "body,needles",
    [
        ('[sweep]\nkitty_multipler = ["linear4"]\n', ["unknown key 'kitty_multipler'", "§9"]),
        ("[sweep]\nkitty_multiplier = []\n", ["kitty_multiplier: empty list"]),
        (
            '[sweep]\nmode = "zip"\nkitty_multiplier = ["linear4", "power2"]\n'
            'preset = ["standard"]\n',
            ["zip", "one length", "kitty_multiplier 2", "preset 1"],
        ),
        (
            '[sweep]\nkitty_multiplier = ["linear4", "bogus"]\n',
            ['kitty_multiplier = "bogus"', "'bogus'"],
        ),
        ('[sweep]\npreset = ["standard", "nope"]\n', ['preset = "nope"', "unknown preset"]),
        ('[sweep]\nlevel = ["2", "Z"]\n', ['level = "Z"']),
        ('[sweep]\npolicy = ["greedy", "genius"]\n', ['policy = "genius"']),
        ('[sweep]\nkitty_multiplier = "linear4"\n', ["expected a list of values"]),
        ("[sweep]\nn = [1, 2]\n", ["'n' cannot be swept"]),
        ('[sweep]\nmode = "cross"\nlevel = ["2"]\n', ["mode", "'cross'"]),
        ('[sweep]\nlevel = ["2", "2"]\n', ["same as cell 0"]),
        ("[sweep]\n", ["sweeps nothing"]),
        (
            '[rules]\nthrow_penalty = "none"\n[sweep]\nthrow_penalty = ["none", "per_card"]\n',
            ["throw_penalty is set in [rules] too"],
        ),
    ],
)
def test_bad_sweep_tables(tmp_path, capsys, body, needles):
    check(tmp_path, capsys, body, *needles)


def test_swept_key_also_set_outside(tmp_path, capsys):
    check(
        tmp_path,
        capsys,
        '[sweep]\npolicy = ["greedy", "memory"]\n',
        "set outside [sweep]",
        head=HEAD + 'policy = "greedy"\n',
    )


def test_a_sweep_of_aggregate_runs_is_refused(tmp_path, capsys):
    head = 'study = "deals"\nn = 4\nseed = 1\naggregate = true\n'
    check(tmp_path, capsys, '[sweep]\nlevel = ["2", "3"]\n', "aggregate", head=head)


def test_a_cell_the_kind_refuses(tmp_path, capsys):
    # bid_policy "never" cannot play first hands: the cell that has it is named
    check(
        tmp_path,
        capsys,
        '[sweep]\nbid_policy = ["eager", "never"]\n',
        'bid_policy = "never"',
        head=HEAD + "first_hand = true\n",
    )


def test_a_top_level_error_is_reported_as_for_any_study(tmp_path, capsys):
    p = tmp_path / "bad.toml"
    p.write_text(HEAD + 'polcy = "greedy"\n[sweep]\nlevel = ["2", "3"]\n')
    code = main(["run", str(p), "--out", str(tmp_path / "out"), "--quiet"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1
    assert err.startswith("shengji: error: unknown key 'polcy'"), err


def test_a_swept_value_may_be_what_makes_the_rules_valid(tmp_path):
    """secret_bids needs overturn_after_kitty: set in [rules], swept in [sweep]."""
    from shengji.studies.base import make_config

    data = {
        "study": "scoring",
        "n": 4,
        "seed": 1,
        "rules": {"secret_bids": True},
        "sweep": {"overturn_after_kitty": ["later_hands", "always"]},
    }
    _, cfg = make_config(data)
    assert [c.labels["overturn_after_kitty"] for c in cfg.cells] == ["later_hands", "always"]
    assert cfg.metadata()["rules"]["overturn_after_kitty"] == "later_hands"  # cell 0's

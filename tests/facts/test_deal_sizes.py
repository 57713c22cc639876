"""deal_kernel.h writes the deck's sizes again (it is plain C); deal.pyx checks them against
cards.pxd's at compile time, so a header that disagrees does not build.

The test compiles the C that Cython generated for deal.pyx (the in-place build's deal.c)
against the real header, then against a copy with one size changed."""

import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

import numpy as np
import pytest

CORE = Path(__file__).resolve().parents[2] / "src" / "shengji" / "_core"
DEAL_C = CORE / "deal" / "deal.c"
HEADER = CORE / "include" / "deal_kernel.h"

pytestmark = [
    pytest.mark.skipif(not DEAL_C.is_file(), reason="needs the in-place build (deal.c)"),
    pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler"),
]


def compile_with(include: Path) -> subprocess.CompletedProcess:
    cmd = [
        "cc",
        "-fsyntax-only",
        f"-I{include}",
        f"-I{CORE / 'include'}",
        f"-I{np.get_include()}",
        f"-I{sysconfig.get_paths()['include']}",
        "-DNPY_NO_DEPRECATED_API=NPY_1_7_API_VERSION",
        str(DEAL_C),
    ]
    return subprocess.run(cmd, capture_output=True, text=True)


def test_the_real_header_builds(tmp_path):
    shutil.copy(HEADER, tmp_path / HEADER.name)
    done = compile_with(tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize(
    "macro, value", [("SJ_DEAL_CARDS", 110), ("SJ_DEAL_SEATS", 5), ("SJ_DEAL_HAND", 26)]
)
def test_a_size_that_disagrees_with_cards_pxd_breaks_the_build(tmp_path, macro, value):
    text = HEADER.read_text()
    changed = re.sub(rf"#define {macro} \d+", f"#define {macro} {value}", text)
    assert changed != text
    (tmp_path / HEADER.name).write_text(changed)
    done = compile_with(tmp_path)
    assert done.returncode != 0
    assert "deal_kernel_h_vs_cards_pxd_sizes" in done.stderr, done.stderr[-2000:]


def test_python_sees_the_same_sizes():
    from shengji import names

    sizes = {m: int(v) for m, v in re.findall(r"#define (SJ_DEAL_\w+) (\d+)", HEADER.read_text())}
    assert sizes["SJ_DEAL_CARDS"] == names.N_CARDS
    assert sizes["SJ_DEAL_SEATS"] == names.N_SEATS
    assert sizes["SJ_DEAL_HAND"] == names.HAND_SIZE

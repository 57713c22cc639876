"""The deal kernel's portable C path gives the same bytes as the x86-64 fast path.

deal_kernel.h has two implementations of the same arithmetic: SSE2 and an inline-asm
multiply on x86-64 with gcc/clang, plain C elsewhere (arm64, other compilers).  Here the
deal extension is built a second time with -DSJ_NO_SSE2 -DSJ_NO_ASM, from the sources the
package ships, and must deal exactly what the installed build deals: rows, raw cards and
histograms, at three levels (the tractor columns under each of the rules' tractor options
at one of them)."""

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import shengji
from shengji._core.base.rng import chunk_state, order_state
from shengji._core.deal import deal as deal

pytest.importorskip("Cython")  # in the test extras, so CI always runs this

CORE = Path(shengji.__file__).resolve().parent / "_core"

SETUP = """
import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
ext = Extension("shengji._core.deal.deal", ["shengji/_core/deal/deal.pyx"],
                include_dirs=[numpy.get_include(), "shengji/_core/include"],
                define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"),
                               ("SJ_NO_SSE2", "1"), ("SJ_NO_ASM", "1")],
                extra_compile_args=["-O1"])
setup(ext_modules=cythonize([ext], include_path=["."], quiet=True,
                            compiler_directives={"language_level": 3, "boundscheck": False,
                                                 "wraparound": False, "cdivision": True}))
"""


def outputs(module):
    got = []
    nf = len(deal.FEATURE_NAMES)
    for level, gap, chain in (
        (0, True, True),
        (7, False, True),
        (7, True, False),
        (12, False, False),
    ):
        n = 3000
        f = np.empty((nf, 4 * n), np.uint8)
        k = np.empty(n, np.uint8)
        c = np.empty((n, 108), np.uint8)
        h = np.zeros((nf, 4, 256), np.int64)
        kh = np.zeros(256, np.int64)
        opts = {"tractor_gap": gap, "trump_chain": chain}
        module.deal_chunk(
            chunk_state(5, level),
            n,
            level,
            features=f,
            kitty_points=k,
            cards=c,
            order_state=order_state(5, level),
            **opts,
        )
        module.deal_chunk(chunk_state(5, level), n, level, hist=h, kitty_hist=kh, **opts)
        got += [f, k, c, h, kh]
    return got


def test_portable_c_path_deals_the_same_bytes(tmp_path):
    root = tmp_path / "shengji"
    names = (
        "deal/deal.pyx",
        "deal/deal.pxd",
        "include/deal_kernel.h",
        "include/deal_tractors.h",
        "include/fastrand.h",
        "include/bits.h",
        "base/cards.pxd",
        "base/rng.pxd",
    )
    for name in names:
        (root / "_core" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CORE / name, root / "_core" / name)
    for folder in (root, root / "_core", root / "_core" / "deal", root / "_core" / "base"):
        (folder / "__init__.pxd").write_text("")
    pkg = root / "_core" / "deal"
    (tmp_path / "setup.py").write_text(SETUP)
    build = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "CFLAGS": ""},
    )
    assert build.returncode == 0, build.stderr[-3000:]
    [so] = list(pkg.glob("deal*.so")) + list(pkg.glob("deal*.pyd"))
    spec = importlib.util.spec_from_file_location("shengji_portable_build.deal", so)
    portable = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(portable)
    for fast, slow in zip(outputs(deal), outputs(portable), strict=False):
        assert np.array_equal(fast, slow)

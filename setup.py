"""Declares the Cython extensions; all metadata lives in pyproject.toml.

Every ``src/shengji/_core/<unit>.pyx`` becomes the extension ``shengji._core.<unit>``.
No ``-march=native``: wheels and sdists must run on any x86-64 / arm64 machine.
For development, ``SHENGJI_ONLY=deal,combos python setup.py build_ext --inplace`` rebuilds
just those units.
"""
import os
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

CORE = Path("src/shengji/_core")

extensions = [
    Extension(
        f"shengji._core.{pyx.stem}",
        [str(pyx)],
        include_dirs=[numpy.get_include(), str(CORE)],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O3", "-funroll-loops"],
    )
    for pyx in sorted(CORE.glob("*.pyx"))
    if not os.environ.get("SHENGJI_ONLY") or pyx.stem in os.environ["SHENGJI_ONLY"].split(",")
]

setup(
    ext_modules=cythonize(
        extensions,
        include_path=["src"],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    ),
)

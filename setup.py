"""Declares the Cython extensions; all metadata lives in pyproject.toml.

Every ``src/shengji/_core/<layer>/<unit>.pyx`` becomes the extension
``shengji._core.<layer>.<unit>`` (found recursively; the C headers live in
``_core/include/``).  No ``-march=native``: wheels and sdists must run on any x86-64 / arm64
machine.  For development, ``SHENGJI_ONLY=base.cards,rules.combos python setup.py build_ext
--inplace`` rebuilds just those units (dotted names below ``shengji._core``).
"""

import os
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

SRC = Path("src")
CORE = SRC / "shengji" / "_core"


def unit_name(pyx: Path) -> str:
    """src/shengji/_core/rules/combos.pyx -> 'rules.combos'."""
    return ".".join(pyx.relative_to(CORE).with_suffix("").parts)


only = [u for u in os.environ.get("SHENGJI_ONLY", "").split(",") if u]
units = sorted(CORE.rglob("*.pyx"))
unknown = sorted(set(only) - {unit_name(p) for p in units})
if unknown:
    raise SystemExit(
        f"SHENGJI_ONLY names no unit {', '.join(unknown)}; units: "
        + ", ".join(unit_name(p) for p in units)
    )


# --- Sanitizer build (issue 26): SHENGJI_SANITIZE=address,undefined -------------------------
SANITIZERS = ("address", "undefined")


def sanitize_args(value: str) -> tuple[list[str], list[str]]:
    """Extra (compile, link) args for ``SHENGJI_SANITIZE`` (comma-separated; '' = none).

    ``undefined`` adds ``-fno-sanitize-recover=undefined`` so a UBSan report aborts the run
    instead of printing and carrying on.  ``-O1 -g`` come after ``-O3`` (the last ``-O``
    wins): readable stacks in the reports, at a speed the tests can still run at.  The
    result imports only with the ASan runtime preloaded; ``.ci/sanitize`` drives this build.
    """
    names = [n.strip() for n in value.split(",") if n.strip()]
    bad = sorted(set(names) - set(SANITIZERS))
    if bad:
        raise SystemExit(
            f"SHENGJI_SANITIZE names no sanitizer {', '.join(bad)}; choose from "
            + ", ".join(SANITIZERS)
        )
    if not names:
        return [], []
    flags = [f"-fsanitize={','.join(names)}", "-fno-omit-frame-pointer", "-O1", "-g"]
    if "undefined" in names:
        flags.append("-fno-sanitize-recover=undefined")
    return flags, [f"-fsanitize={','.join(names)}"]


san_compile, san_link = sanitize_args(os.environ.get("SHENGJI_SANITIZE", ""))
# ---------------------------------------------------------------------------------------------

extensions = [
    Extension(
        f"shengji._core.{unit_name(pyx)}",
        [str(pyx)],
        include_dirs=[numpy.get_include(), str(CORE / "include")],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O3", "-funroll-loops", *san_compile],
        extra_link_args=san_link,
    )
    for pyx in units
    if not only or unit_name(pyx) in only
]

setup(
    ext_modules=cythonize(
        extensions,
        include_path=[str(SRC)],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    ),
)

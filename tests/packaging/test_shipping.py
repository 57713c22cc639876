"""What the package ships (issue 22, items 1–3): the study files of sim/ as package data,
byte for byte; the sdist and wheel contents; install hints that name installable packages;
one clear ImportError for an adapter without its library; the package and HandState
docstrings as tested examples.

The build steps here never compile (build_py, sdist): fast.  Building a wheel from a fresh
clone is the slow test at the end.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIM = ROOT / "sim"

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def _setup(args, cwd=ROOT, **kw):
    return subprocess.run(
        [sys.executable, "setup.py", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        **kw,
    )


@pytest.fixture(scope="module")
def build_lib(tmp_path_factory):
    """What the wheel's pure part holds: ``setup.py build_py`` (no compiling)."""
    lib = tmp_path_factory.mktemp("lib")
    res = _setup(["-q", "build_py", "--build-lib", str(lib)])
    assert res.returncode == 0, res.stderr
    return lib


def test_shipped_study_files_are_sim_exactly(build_lib):
    shipped = build_lib / "shengji" / "studies" / "files"
    ours = {p.name: p.read_bytes() for p in SIM.glob("*.toml")}
    theirs = {p.name: p.read_bytes() for p in shipped.glob("*")}
    assert ours and theirs == ours


def test_build_py_ships_what_runs_and_no_generated_c(build_lib):
    pkg = build_lib / "shengji"
    names = {p.relative_to(pkg).as_posix() for p in pkg.rglob("*") if p.is_file()}
    assert not [n for n in names if n.endswith(".c")]
    assert "py.typed" in names
    assert "studies/costs.json" in names  # the speed table the estimates read
    src = ROOT / "src" / "shengji"
    for pattern in ("_core/**/*.pxd", "_core/**/*.pyi", "_core/**/*.pyx", "_core/include/*.h"):
        wanted = {p.relative_to(src).as_posix() for p in src.glob(pattern)}
        assert wanted and wanted <= names, pattern


def test_sdist_has_what_builds_and_no_tests(tmp_path):
    res = _setup(
        ["-q", "egg_info", "--egg-base", str(tmp_path), "sdist", "-d", str(tmp_path)],
    )
    assert res.returncode == 0, res.stderr
    assert "Cythonizing" not in res.stdout + res.stderr  # Cython runs in build_ext only
    (sdist,) = tmp_path.glob("shengji-*.tar.gz")
    with tarfile.open(sdist) as tf:
        names = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    assert {"setup.py", "pyproject.toml", "README.md", "MANIFEST.in"} <= names
    assert {f"sim/{p.name}" for p in SIM.glob("*.toml")} <= names
    pyx = {p.relative_to(ROOT).as_posix() for p in (ROOT / "src").rglob("*.pyx")}
    headers = {p.relative_to(ROOT).as_posix() for p in (ROOT / "src").rglob("*.h")}
    assert pyx <= names and headers <= names
    assert "src/shengji/studies/costs.json" in names
    assert not [n for n in names if n.startswith("tests/")]
    assert not [n for n in names if n.endswith((".c", ".so"))]


def test_extras_hints_match_pyproject():
    from shengji.names import EXTRAS, install_hint

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    for extra, plain in EXTRAS.items():
        declared = [re.split(r"[<>=;! ]", r, maxsplit=1)[0] for r in extras[extra]]
        assert list(plain) == declared, extra
        hint = install_hint(extra)
        assert f'pip install ".[{extra}]"' in hint
        assert "shengji[" not in hint
    readme = (ROOT / "README.md").read_text()
    assert "shengji[" not in readme


HIDE = """
import sys
class Hide:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {hidden!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Hide())
import {module}
"""


@pytest.mark.parametrize(
    "module, hidden, install",
    [
        ("shengji.adapters.openspiel", {"pyspiel"}, "pip install open_spiel"),
        ("shengji.openspiel", {"pyspiel"}, "pip install open_spiel"),  # the old path
        ("shengji.adapters.pettingzoo", {"pettingzoo"}, "pip install pettingzoo gymnasium"),
        ("shengji.adapters.pettingzoo", {"gymnasium"}, "pip install pettingzoo gymnasium"),
    ],
)
def test_adapter_without_its_library_is_one_import_error(module, hidden, install):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))  # this process's shengji
    res = subprocess.run(
        [sys.executable, "-c", HIDE.format(hidden=hidden, module=module)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert res.returncode == 1
    err = res.stderr.strip().splitlines()
    assert err[-1].startswith("ImportError: shengji.adapters."), res.stderr
    assert install in err[-1] and '".[' in err[-1]
    assert res.stderr.count("Traceback") == 1  # no chained ModuleNotFoundError
    assert "During handling" not in res.stderr


def test_package_docstring_is_real_and_its_example_runs():
    import shengji

    doc = shengji.__doc__
    assert len(doc.splitlines()) > 15
    for name in ("shengji run quickstart", "shengji.load", "HandState", "advise"):
        assert name in doc
    res = doctest.testmod(shengji, verbose=False)
    assert res.attempted >= 4 and res.failed == 0


def test_handstate_docstring_example_runs():
    from shengji import HandState
    from shengji.game import state

    assert "module docstring" not in HandState.__doc__.splitlines()[0]
    finder = doctest.DocTestFinder(recurse=False)
    (test,) = finder.find(HandState, "HandState", globs=vars(state).copy())
    assert len(test.examples) >= 4
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0


# -- the wheel, built as a user builds it: slow (it compiles the core) ------------------------


def _clone(tmp_path):
    """A fresh clone of this repository in tmp_path/clone."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    return clone


def _wheel(clone, dist):
    """``pip wheel -v`` of the clone into dist (it must succeed); its output."""
    res = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation",
         "-w", str(dist), "."],
        cwd=clone, capture_output=True, text=True, timeout=3600,
    )  # fmt: skip
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    return res.stdout + res.stderr


@pytest.mark.slow
def test_wheel_from_a_fresh_clone(tmp_path):
    """``pip wheel .`` in a fresh clone runs Cython once per unit, ships no .c, ships the
    study files; in a fresh venv with only that wheel (and its dependencies from this
    environment), ``shengji run quickstart`` works from a directory outside the clone."""
    clone = _clone(tmp_path)
    out = _wheel(clone, tmp_path / "dist")
    # the units of src/ (build/ holds copies of them: package data)
    units = sorted(p.relative_to(clone).as_posix() for p in (clone / "src").rglob("*.pyx"))
    cythonized = re.findall(r"Cythonizing (\S+\.pyx)", out)
    assert sorted(cythonized) == units  # each unit once
    assert re.search(r"shengji: building the compiled core: \d+ C extensions on \d+ core", out)
    (wheel,) = (tmp_path / "dist").glob("shengji-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith(".c")]
    # one extension per unit, and Cython's utility code shared by them (setup.py SHARED)
    assert len([n for n in names if n.endswith(".so")]) == len(units) + 1
    assert [n for n in names if n.startswith("shengji/_core/_cyutility.")]
    assert {f"shengji/studies/files/{p.name}" for p in SIM.glob("*.toml")} <= set(names)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    py = venv / "bin" / "python"
    subprocess.run(
        [py, "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(wheel)],
        check=True,
    )
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run(
        [venv / "bin" / "shengji", "run", "quickstart", "--n", "5000", "--quiet"],
        cwd=away, capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "quickstart" in run.stdout and (away / "out" / "quickstart" / "hands").is_dir()
    listed = subprocess.run(
        [venv / "bin" / "shengji", "studies"], cwd=away, capture_output=True, text=True, env=env
    )
    assert listed.returncode == 0 and "duel_pimc" in listed.stdout


@pytest.mark.slow
def test_a_second_install_compiles_nothing(tmp_path):
    """After an in-place build (what ``pip install -e .`` leaves in src/), building the
    package again, as the README's test command does, takes those builds: no C compiled."""
    clone = _clone(tmp_path)
    first = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace", "-j", "2"],
        cwd=clone, capture_output=True, text=True, timeout=3600,
    )  # fmt: skip
    assert first.returncode == 0, first.stderr[-3000:]
    out = _wheel(clone, tmp_path / "dist")
    assert "shengji: the compiled core is up to date in src/: nothing to compile" in out
    assert "Cythonizing" not in out and " -c src/shengji/_core/" not in out  # no compiler
    (wheel,) = (tmp_path / "dist").glob("shengji-*.whl")
    units = list((clone / "src").rglob("*.pyx"))  # (build/ holds copies: package data)
    sos = [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".so")]
    assert len(sos) == len(units) + 1  # and the shared utility code (setup.py SHARED)


def test_installation_installs_the_learn_extras_pin():
    """The installation page's PyTorch command (the CPU wheel, installed before the extra)
    pins the version the ``learn`` extra pins: pyproject.toml is where that fact is written."""
    import tomllib

    (pin,) = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]["learn"]
    page = (ROOT / "docs" / "installation.md").read_text()
    assert f"pip install {pin} --index-url https://download.pytorch.org/whl/cpu" in page
    assert 'pip install -e ".[learn]"' in page

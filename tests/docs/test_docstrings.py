"""The public surface's docstrings (issue 32): their Examples run as doctests, and the
docstring gate (``tools/docstrings.py``, numpydoc's validation) finds nothing.

Every module of ``tools/public_surface.py``'s ``PUBLIC_MODULES`` and every module that
defines one of their exported objects is run through ``doctest`` (its docstring, and its
functions', classes' and methods'), in a temporary directory (``tempfile`` points there
too, so the examples' runs leave nothing behind)."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import inspect
import subprocess
import sys
import tempfile

import pytest

from tests.docs.snippets import ROOT

_spec = importlib.util.spec_from_file_location(
    "public_surface", ROOT / "tools" / "public_surface.py"
)
surface = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = surface  # dataclasses look their module up
_spec.loader.exec_module(surface)

OPTIONAL = {
    "shengji.adapters.openspiel": "pyspiel",
    "shengji.adapters.pettingzoo": "pettingzoo",
}


def _modules() -> list[str]:
    names = set(surface.PUBLIC_MODULES)
    for e in surface.entries():
        if inspect.isclass(e.obj) or inspect.isfunction(e.obj):
            names.add(e.obj.__module__)
    return sorted(n for n in names if n.startswith("shengji") and "._core" not in n)


MODULES = _modules()


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_run(name, tmp_path, monkeypatch):
    if name in OPTIONAL:
        pytest.importorskip(OPTIONAL[name])
    module = importlib.import_module(name)
    module = sys.modules[name]  # a package attribute may shadow a submodule's name
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name):
        runner.run(test, out=lambda text: print(text, end=""))
    assert runner.failures == 0, f"{runner.failures} failing example(s) in {name} (above)"


def test_the_gate_checks_every_public_function_and_class():
    """The gate's objects are the whole public surface: every function and class a module
    of PUBLIC_MODULES exports (no list of modules left out)."""
    assert not hasattr(surface, "CHECKED")
    checked = {id(obj) for _, obj in surface.checked_objects()}
    missing = [
        e.qualname
        for e in surface.entries()
        if (inspect.isclass(e.obj) or inspect.isfunction(e.obj)) and id(e.obj) not in checked
    ]
    assert not missing, missing
    names = {where for where, _ in surface.checked_objects()}
    assert {"shengji.HandState", "shengji.game.Setup", "shengji.bidding.bid_deal"} <= names


def _gate():
    spec = importlib.util.spec_from_file_location(
        "docstring_gate", ROOT / "tools" / "docstrings.py"
    )
    gate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gate)
    return gate


def _scale(x, factor=2):  # module level, as an exported function is
    """Scale x."""
    return x * factor


class _Box:
    """A box."""

    def size(self, unit):
        """Return the size."""
        return unit


def test_the_gate_flags_a_docstring_short_of_numpydoc():
    """The validation can fail: a function whose docstring lacks its Parameters, Returns
    and Examples is flagged (PR01, RT01, EX01), and a method is not asked for Examples."""
    pytest.importorskip("numpydoc")
    codes = {code for code, _ in _gate()._validate("_scale", _scale)}
    assert {"PR01", "RT01", "EX01"} <= codes
    codes = {code for code, _ in _gate()._validate("_Box.size", _Box.size)}
    assert "PR01" in codes and "EX01" not in codes


def test_the_checked_surface_has_examples():
    """Each function and class the gate checks has an Examples section that doctest runs
    (numpydoc's EX01 is checked by the gate; this makes sure it is not empty)."""
    finder = doctest.DocTestFinder(recurse=False)
    missing = []
    for where, obj in surface.checked_objects():
        if inspect.isclass(obj) or (inspect.isfunction(obj) and "." not in obj.__qualname__):
            tests = finder.find(obj, where, globs={})
            if not any(t.examples for t in tests):
                missing.append(where)
    assert not missing, missing


def test_the_docstring_gate_finds_nothing():
    pytest.importorskip("numpydoc")
    res = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "docstrings.py")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
    assert "0 finding(s)" in res.stderr

"""The old import paths (shengji._moved.MOVED) give the very module at the new path, which
keeps its own name and spec, with a DeprecationWarning naming the new path and the release
that removes the old one; ``shengji.vector`` is a real module (the short path of the vector
environment)."""

import importlib
import subprocess
import sys

import pytest

from shengji import _moved

OPTIONAL = {
    "shengji.adapters.openspiel": "pyspiel",
    "shengji.adapters.pettingzoo": "pettingzoo",
}


@pytest.mark.parametrize("old,new", sorted(_moved.MOVED.items()))
def test_old_path_is_the_new_module_and_warns(old, new):
    if new in OPTIONAL:
        pytest.importorskip(OPTIONAL[new])
    sys.modules.pop(old, None)  # a first import through the old path warns
    with pytest.warns(DeprecationWarning) as caught:
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__name__ == new and module.__spec__.name == new
    assert sys.modules[old] is module
    messages = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
    assert f"{old} is deprecated: import {new} (the old path goes in {_moved.REMOVED_IN})" in (
        messages
    )


def test_the_warning_names_the_importing_line():
    code = (
        "import warnings; warnings.simplefilter('always')\n"
        "import shengji\n"
        "from shengji import combos\n"
    )
    res = subprocess.run(
        [sys.executable, "-W", "always::DeprecationWarning", "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "<string>:3: DeprecationWarning: shengji.combos is deprecated: import " in res.stderr


def test_the_new_paths_do_not_warn():
    code = "import shengji, shengji.rules.combos, shengji.game.botspec, shengji.analysis.advisor"
    subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code], check=True)


def test_vector_is_a_real_module():
    pytest.importorskip("gymnasium")
    import shengji.adapters.vector as deep
    import shengji.vector as short

    assert short.__name__ == "shengji.vector" and short.__file__.endswith("vector.py")
    assert short.VectorEnv is deep.VectorEnv and set(short.__all__) == set(deep.__all__)
    assert "shengji.vector" not in _moved.MOVED


def test_first_import_through_the_old_path_registers_once():
    pytest.importorskip("pyspiel")
    code = (
        "import pyspiel, shengji.openspiel as a, shengji.adapters.openspiel as b; "
        "assert a is b; "
        "assert 'python_shengji' in [g.short_name for g in pyspiel.registered_games()]"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_an_unknown_path_is_still_an_import_error():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("shengji.no_such_module")

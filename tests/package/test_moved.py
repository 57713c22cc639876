"""The old import paths (shengji._moved.MOVED) and the short public ones (SHORT) give the very
module at the new path, which keeps its own name and spec."""

import importlib
import subprocess
import sys

import pytest

from shengji import _moved

OPTIONAL = {
    "shengji.adapters.openspiel": "pyspiel",
    "shengji.adapters.pettingzoo": "pettingzoo",
    "shengji.adapters.vector": "gymnasium",
}


@pytest.mark.parametrize("old,new", sorted({**_moved.MOVED, **_moved.SHORT}.items()))
def test_old_path_is_the_new_module(old, new):
    if new in OPTIONAL:
        pytest.importorskip(OPTIONAL[new])
    module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__name__ == new and module.__spec__.name == new
    assert sys.modules[old] is module


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

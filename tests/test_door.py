"""shengji.door hands on the core's own objects, by name: every driver takes one job."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect

import pytest

from shengji import door


def test_every_name_is_the_cores_own_object():
    """``__all__`` is every name the door imports, each the very object of its core module
    (no wrapper)."""
    tree = ast.parse(inspect.getsource(door))
    imported = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for a in node.names:
                imported[a.asname or a.name] = (node.module, a.name)
    assert sorted(door.__all__) == sorted(imported)
    for name, (module, original) in imported.items():
        assert module.startswith("shengji._core."), name
        assert getattr(door, name) is getattr(importlib.import_module(module), original), name


def _drivers():
    return {
        n: getattr(door, n)
        for n in door.__all__
        if inspect.isroutine(getattr(door, n))
        and getattr(door, n).__module__.startswith("shengji._core.drivers.")
    }


def test_every_driver_takes_one_job():
    jobs = {n: getattr(door, n) for n in door.__all__ if n.endswith("Job")}
    drivers = _drivers()
    assert len(drivers) == len(jobs) == 8, (sorted(drivers), sorted(jobs))
    for name, driver in drivers.items():
        assert list(inspect.signature(driver).parameters) == ["job"], name
    for job in jobs.values():
        assert all(f.kw_only for f in dataclasses.fields(job)), job
        assert job.__dataclass_params__.frozen, job


@pytest.mark.parametrize("name", sorted(_drivers()))
def test_a_driver_refuses_anything_but_its_job(name):
    other = door.WalkJob if name != "walk_deals" else door.HandsJob
    fields = {f.name: None for f in dataclasses.fields(other)}
    with pytest.raises(TypeError, match=f"expected a \\w+Job .*got {other.__name__}"):
        getattr(door, name)(other(**fields))

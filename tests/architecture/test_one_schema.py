"""One schema, exported once: ``shengji.schema`` is the one module outside the core that
imports ``shengji._core.base.schema`` and the one that exports its classes (no other
module's ``__all__`` names one, and none aliases one, as the bot table's ``Param = Field``
did).  The study keys' own kinds are ``shengji.studies.kinds``' or their study's."""

from __future__ import annotations

import ast
from pathlib import Path

import shengji.schema

SRC = Path(__file__).resolve().parents[2] / "src" / "shengji"
DEFINED = "_core/base/schema.py"
EXPORTER = "schema.py"
NAMES = set(shengji.schema.__all__)


def _modules():
    for path in sorted(SRC.rglob("*.py")):
        yield path.relative_to(SRC).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _all_of(tree: ast.Module) -> set[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            return {e.value for e in getattr(node.value, "elts", []) if isinstance(e, ast.Constant)}
    return set()


def test_only_the_exporter_imports_the_schema_from_outside_the_core():
    importers = {
        rel
        for rel, tree in _modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "shengji._core.base.schema"
        if not rel.startswith("_core/")
    }
    assert importers == {EXPORTER}


def test_only_the_schema_s_modules_export_its_classes_and_none_renames_one():
    exporters = {rel for rel, tree in _modules() if _all_of(tree) & NAMES}
    assert exporters == {DEFINED, EXPORTER}
    aliases = [
        f"{rel}: {t.id} = {node.value.id}"
        for rel, tree in _modules()
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name)
        if node.value.id in NAMES
        for t in node.targets
        if isinstance(t, ast.Name)
    ]
    assert not aliases

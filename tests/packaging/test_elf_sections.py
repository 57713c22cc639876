"""tools/elf_sections.py: the standard-library ELF reader the sdist session compares two
builds of a compiled module with (noxfile.py).  Checked against binutils' ``readelf`` on
one of the package's own compiled modules, and by changing one byte of a copy."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import shengji._core.base.cards as compiled

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("elf_sections", ROOT / "tools" / "elf_sections.py")
assert _spec is not None and _spec.loader is not None
elf = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = elf  # NamedTuple looks its module up
_spec.loader.exec_module(elf)

MODULE = Path(compiled.__file__)


def _readelf() -> dict[str, tuple[int, int, str]]:
    """readelf -SW's table but the null section 0: name -> (offset, size, type)."""
    tool = shutil.which("readelf")
    if tool is None or not sys.platform.startswith("linux"):
        pytest.skip("binutils' readelf (Linux) is the independent reading")
    out = subprocess.run([tool, "-SW", str(MODULE)], capture_output=True, text=True, check=True)
    rows = re.findall(
        r"^\s*\[\s*[1-9]\d*\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)",
        out.stdout,
        re.M,
    )
    assert rows, out.stdout
    return {name: (int(off, 16), int(size, 16), kind) for name, kind, off, size in rows}


def test_the_section_table_is_readelfs() -> None:
    ours = elf.section_table(MODULE)
    theirs = _readelf()
    named = {k: v for k, v in ours.items() if k}  # readelf prints the null section unnamed
    assert set(named) == set(theirs)
    for name, (offset, size, kind) in theirs.items():
        assert (named[name].offset, named[name].size) == (offset, size), name
        assert (named[name].type == elf.SHT_NOBITS) == (kind == "NOBITS"), name
    assert ".text" in named and ".note.gnu.build-id" in named


def _flip(path: Path, at: int) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("section", [".note.gnu.build-id", ".text", ".rodata"])
def test_a_changed_byte_shows_in_its_section_alone(tmp_path: Path, section: str) -> None:
    before = elf.sections(MODULE)
    where = elf.section_table(MODULE)[section]
    copy = tmp_path / MODULE.name
    shutil.copy2(MODULE, copy)
    _flip(copy, where.offset + where.size - 1)
    after = elf.sections(copy)
    assert sorted(k for k in before if before[k] != after[k]) == [section]


def test_a_file_that_is_not_elf_is_refused_in_one_line(tmp_path: Path) -> None:
    for body in (b"", b"#!/bin/sh\n" * 10, b"\x7fELF\x03\x01" + bytes(80)):
        bad = tmp_path / "bad.so"
        bad.write_bytes(body)
        with pytest.raises(ValueError, match="bad.so"):
            elf.section_table(bad)
    cut = tmp_path / "cut.so"
    cut.write_bytes(MODULE.read_bytes()[:-64])  # the section headers lie at the end
    with pytest.raises(ValueError, match="past the end"):
        elf.section_table(cut)

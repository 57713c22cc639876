"""An ELF file's sections, read with the standard library alone (noxfile.py's ``sdist``).

``sections(path)`` maps each section that has bytes in the file (every type but
``SHT_NOBITS``) to the sha256 of those bytes; ``section_table(path)`` gives each section's
type, offset and size.  ELF32 and ELF64, either byte order (the ELF specification's file
header and section header table; ``e_shnum``/``e_shstrndx`` escapes for large tables).  It
needs no package: the nox process that compares two builds runs outside the session's venv,
where pyelftools (an auditwheel dependency) is not installed.
"""

from __future__ import annotations

import hashlib
import struct
from pathlib import Path
from typing import NamedTuple

SHT_NOBITS = 8
SHN_XINDEX = 0xFFFF


class Section(NamedTuple):
    """One section header: its type, and where its bytes lie in the file."""

    type: int
    offset: int
    size: int


def section_table(path: Path) -> dict[str, Section]:
    """The sections of the ELF file at ``path``, by name; ValueError if it is not one."""
    return _table(Path(path).read_bytes(), path)


def _table(data: bytes, path: Path) -> dict[str, Section]:
    """``section_table`` of the file's bytes (``path``: its name, for the message)."""
    if data[:4] != b"\x7fELF" or len(data) < 64:
        raise ValueError(f"{path}: not an ELF file")
    width = {1: 32, 2: 64}.get(data[4])
    order = {1: "<", 2: ">"}.get(data[5])
    if width is None or order is None:
        raise ValueError(f"{path}: unknown ELF class {data[4]} or data encoding {data[5]}")
    if width == 64:
        shoff, shentsize, shnum, shstrndx = (
            struct.unpack_from(order + "Q", data, 0x28)[0],
            *struct.unpack_from(order + "HHH", data, 0x3A),
        )
        header = order + "IIQQQQIIQQ"
    else:
        shoff, shentsize, shnum, shstrndx = (
            struct.unpack_from(order + "I", data, 0x20)[0],
            *struct.unpack_from(order + "HHH", data, 0x2E),
        )
        header = order + "IIIIIIIIII"
    if shoff == 0:
        return {}

    def entry(i: int) -> tuple[int, int, int, int, int]:
        start = shoff + i * shentsize
        if start + struct.calcsize(header) > len(data):
            raise ValueError(f"{path}: section header {i} lies past the end of the file")
        fields = struct.unpack_from(header, data, start)
        # sh_name, sh_type, sh_offset, sh_size; sh_link holds an escaped e_shstrndx
        return fields[0], fields[1], fields[4], fields[5], fields[6]

    if shnum == 0:  # more sections than fit: the count is section 0's sh_size
        shnum = entry(0)[3]
    if shstrndx == SHN_XINDEX:
        shstrndx = entry(0)[4]
    headers = [entry(i) for i in range(shnum)]
    strtab = headers[shstrndx]
    strings = data[strtab[2] : strtab[2] + strtab[3]]
    table: dict[str, Section] = {}
    for name, kind, offset, size, _ in headers:
        end = strings.find(b"\0", name)
        label = strings[name : end if end >= 0 else len(strings)].decode("ascii", "replace")
        if kind != SHT_NOBITS and offset + size > len(data):
            raise ValueError(f"{path}: section {label!r} lies past the end of the file")
        table[label] = Section(kind, offset, size)
    return table


def sections(path: Path) -> dict[str, str]:
    """Each section with bytes in the file (name -> sha256 of those bytes)."""
    data = Path(path).read_bytes()
    return {
        name: hashlib.sha256(data[s.offset : s.offset + s.size]).hexdigest()
        for name, s in _table(data, path).items()
        if s.type != SHT_NOBITS
    }

"""Packing of rule options into the kernels' C struct (compiled).  See options.pyx."""

import enum
from collections.abc import Callable
from typing import Any

# The core's numbering of each choice option: the cpdef enums of options.pxd (members
# <PREFIX>_<VALUE>, listed there; not repeated here).
KittyMultiplier: type[enum.IntEnum]
LevelTable: type[enum.IntEnum]
SuitPriority: type[enum.IntEnum]
NoBid: type[enum.IntEnum]
ThrowPenalty: type[enum.IntEnum]
OverturnAfterKitty: type[enum.IntEnum]
FirstHandNoBid: type[enum.IntEnum]
OverturnLevels: type[enum.IntEnum]
TimeoutTie: type[enum.IntEnum]

def set_resolver(resolver: Callable[[Any], Any]) -> None: ...
def packed(rules: object = None) -> dict[str, int]: ...

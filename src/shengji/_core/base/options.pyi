"""Packing of rule options into the kernels' C struct (compiled).  See options.pyx."""

import enum
from typing import TypeAlias

# The core's numbering of each choice: the cpdef enums of options.pxd (members
# <PREFIX>_<VALUE>, listed there).  Both are written by tools/tables.py from the rule-option
# table: do not edit the lines below by hand.
# --- begin enums generated from OPTIONS ---
KittyMultiplier: type[enum.IntEnum]
LevelTable: type[enum.IntEnum]
SuitPriority: type[enum.IntEnum]
NoBid: type[enum.IntEnum]
ThrowPenalty: type[enum.IntEnum]
OverturnAfterKitty: type[enum.IntEnum]
FirstHandNoBid: type[enum.IntEnum]
OverturnLevels: type[enum.IntEnum]
TimeoutTie: type[enum.IntEnum]
# --- end enums generated from OPTIONS ---

# RulesC's fields, in the compiled struct's order.
FIELDS: tuple[str, ...]

# What the core's entry points take for the rules: the RulesC fields as plain ints
# (shengji.rules.pack.rules(a Rules), i.e. Rules.packed()).
_Packed: TypeAlias = dict[str, int]

def packed(rules: _Packed) -> dict[str, int]: ...

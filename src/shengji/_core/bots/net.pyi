"""The net bot (compiled): a small integer network scores pimc's candidates, no search.  See
net.pyx; its C API is net.pxd."""

from os import PathLike
from pathlib import Path
from typing import Any

import numpy as np

from shengji._core.bots.net_file import DigestError as DigestError
from shengji._core.bots.net_file import WeightsError as WeightsError
from shengji._core.bots.net_layers import Layer, Scale, Shift

FORMAT: int
CANDIDATES: int
TILE: int
MAX_HIDDEN: int
SLOTS: int  # networks resident at once (slot 0: the shipped one)
KEEP_IDLE: int  # networks no agent plays that stay resident
SHIPPED: str
SHIPPED_WEIGHTS: Path
NAMED: dict[str, Path]  # other networks shipped beside it, by name
ISAS: tuple[str, ...]
ARRAYS: dict[str, tuple[str, tuple[str, ...]]]
BID_ARRAYS: dict[str, tuple[str, tuple[str, ...]]]  # the optional bid head's
N_SHIFTS: int  # q_shifts' entries
FIELDS: dict[str, tuple[str, bool]]  # SjQNet's fields the layers fill: (dtype, an array)
# the layer table (net_layers.py), which every reader and writer of a network iterates
LAYERS: tuple[Layer, ...]
SCALES: tuple[Scale, ...]
SHIFTS: tuple[Shift, ...]
BID_LAYERS: tuple[Layer, ...]
BID_SCALES: tuple[Scale, ...]
BID_SHIFTS: tuple[Shift, ...]
VALUE_SCALE: float

def isa() -> str: ...
def supported_isas() -> tuple[str, ...]: ...
def use_isa(name: str | None = None) -> str: ...
def use_incremental(flag: bool = True) -> bool: ...
def path_of(weights: str | PathLike[str]) -> Path: ...
def load(source: str | PathLike[str] | int = ..., sha256: str | None = None) -> int: ...
def unload(weights: str | PathLike[str] | int) -> bool: ...
def loaded() -> list[str]: ...
def info(weights: str | PathLike[str] | int = ...) -> dict[str, Any]: ...
def forward(
    x: Any, a: Any, n: Any, weights: str | PathLike[str] | int = ...
) -> tuple[np.ndarray, np.ndarray]: ...
def bid_forward(y: Any, o: Any, n: Any, weights: str | PathLike[str] | int = ...) -> np.ndarray: ...

# the registry's entry: a capsule of the unit's BotVTable (bot.pxd bot_entry), read by registry.pyx
BOT: Any

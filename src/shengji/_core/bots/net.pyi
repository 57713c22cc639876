"""The net bot (compiled): a small network scores pimc's candidates, no search.  See net.pyx;
its C API is net.pxd."""

from pathlib import Path
from typing import Any

import numpy as np

SHIPPED_WEIGHTS: Path
CANDIDATES: int
TILE: int
MAX_HIDDEN: int
ARRAYS: dict[str, tuple[str, ...]]

def load_weights(source: Any = None) -> dict[str, Any]: ...
def weights_meta() -> dict[str, Any]: ...
def layer_sizes() -> tuple[int, int, int]: ...
def forward(x: Any, a: Any, n: Any) -> tuple[np.ndarray, np.ndarray]: ...

# the registry's entry: a capsule of the unit's Bot (bot.pxd bot_entry), read by registry.pyx
BOT: Any

"""A conditional deal's specification (compiled).  See spec.pyx."""

from collections.abc import Sequence
from typing import Any

import numpy.typing as npt
from typing_extensions import disjoint_base

MAX_TRIES: int
SLOT_NAMES: tuple[str, ...]
SLOT_SIZES: tuple[int, ...]
OPS: tuple[str, ...]
LENGTH_NAMES: tuple[str, ...]
COND_FEATURE_BASE: int
COND_FEATURE_KIND: int
CODE: dict[str, int]
ERR_TRIES: int
ERR_LEVEL: int

def error_text(rc: int) -> str: ...

@disjoint_base
class DealSpec:
    def __init__(
        self,
        level: int,
        fixed: Sequence[Sequence[int]],
        keep_fixed_order: bool = False,
        atoms: Sequence[tuple[Sequence[tuple[int, int, int]], int, int]] = (),
        code: Sequence[int] = (),
        anchor: int = -1,
        classes: Sequence[Sequence[int]] = (),
        vecs: Any = None,
        cum: Any = None,
    ) -> None: ...
    @property
    def level(self) -> int: ...
    @property
    def free_cards(self) -> list[int]: ...
    def evaluate(self, cards: Sequence[int] | npt.NDArray[Any]) -> bool: ...

@disjoint_base
class Dealing:
    def __init__(
        self, specs: DealSpec | Sequence[DealSpec], max_tries: int | None = None
    ) -> None: ...
    @property
    def tries(self) -> int: ...
    @property
    def accepted(self) -> int: ...
    @property
    def levels(self) -> tuple[int, ...]: ...

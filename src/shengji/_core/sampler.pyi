"""Deals consistent with a view (compiled): test hooks.  See sampler.pyx; its C API is
sampler.pxd (sampler_init, sampler_draw, sample_hand)."""
import numpy as np
import numpy.typing as npt

from shengji._core.handcore import HandCore

def consistent_deals(core: HandCore, seat: int) -> tuple[float, int]: ...
def sample_counts(core: HandCore, seat: int, n: int,
                  state: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint8]: ...
def sample_core(core: HandCore, seat: int, state: npt.NDArray[np.uint64]) -> HandCore: ...

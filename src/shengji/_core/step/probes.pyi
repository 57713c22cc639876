"""Python hooks into the search units (compiled), for tests and analysis.  See probes.pyx;
the C APIs are sampler.pxd (sampler_init, sampler_draw, sample_hand, pair_inferences) and
pimc.pxd."""

import numpy as np
import numpy.typing as npt

from shengji._core.bots.bot import _Bot
from shengji._core.step.bidcore import BidCore
from shengji._core.step.handcore import HandCore

def consistent_deals(core: HandCore, seat: int, bids: bool = False) -> tuple[float, int]: ...
def sample_counts(
    core: HandCore, seat: int, n: int, state: npt.NDArray[np.uint64], bids: bool = False
) -> npt.NDArray[np.uint8]: ...
def sample_core(
    core: HandCore, seat: int, state: npt.NDArray[np.uint64], bids: bool = False
) -> HandCore: ...
def no_pair_suits(core: HandCore) -> list[int]: ...
def pimc_decision(
    core: HandCore, spec: _Bot, state: npt.NDArray[np.uint64]
) -> tuple[tuple[int, int], list[tuple[int, int, int, float]]]: ...
def play_likelihood_of(
    core: HandCore, seat: int, policy: str, eps: float, deal: HandCore | None = None
) -> float: ...
def bury_likelihood_of(
    core: HandCore, seat: int, policy: str, eps: float, deal: HandCore | None = None
) -> float: ...
def pass_likelihood_of(
    core: HandCore, seat: int, eps: float, deal: HandCore | None = None
) -> float: ...
def bids_shown(core: HandCore) -> list[tuple[int, int]]: ...
def decision_features(
    core: HandCore, cap: int = 8
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], list[tuple[int, int]], list[int]]: ...
def bid_decision(
    core: BidCore, spec: _Bot | None = None, team_level: tuple[int, int] = (0, 0)
) -> tuple[tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], int] | None, int | None]: ...

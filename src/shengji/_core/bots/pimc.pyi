"""The pimc bot (compiled): determinized Monte Carlo search on the C engine.  See pimc.pyx;
its C API is pimc.pxd."""

from typing import Any

# the cpdef enum of pimc.pxd: defaults and limits of its parameters
PIMC_SAMPLES: int
PIMC_CANDIDATES: int
PIMC_MAX_SAMPLES: int
PIMC_MAX_CANDIDATES: int
PIMC_BURY_SAMPLES_FACTOR: int
PIMC_MAX_BURY_FACTOR: int
PIMC_INFER: int
PIMC_MAX_INFER: int
PIMC_MAX_INFER_STEPS: int

# the Python view of the defaults and limits (shengji.game.botspec declares pimc's parameters
# from these): parameter -> default, parameter -> (lowest, highest)
DEFAULTS: dict[str, Any]
LIMITS: dict[str, tuple[int, int]]

"""The hand advisor's driver (compiled).  See advise.pyx."""

from shengji._core.drivers.jobs import AdviceJob

PASS: int
OUT_ROWS: tuple[str, ...]

def advise_hands(job: AdviceJob) -> None: ...

"""The duel driver (compiled).  See duel.pyx."""

from shengji._core.drivers.jobs import DuelJob

def play_duel(job: DuelJob) -> None: ...

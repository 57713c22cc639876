"""Where a duel's deal starts (compiled).  See layout.pyx."""

from shengji._core.drivers.jobs import WalkJob

def walk_deals(job: WalkJob) -> None: ...

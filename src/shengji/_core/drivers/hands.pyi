"""The study drivers (compiled).  See hands.pyx."""

from shengji._core.drivers.jobs import HandsJob, MatchJob

HAND_COLUMNS: tuple[str, ...]
MATCH_ENDS: tuple[str, ...]

def play_hands(job: HandsJob) -> None: ...
def play_match(job: MatchJob) -> tuple[int, int, int, int, int]: ...

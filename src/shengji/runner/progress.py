"""Progress of a run, on stderr: a bar on a terminal, a plain line per tenth otherwise (a log
file or a pipe gets no bar frames), nothing with ``--quiet``."""

from __future__ import annotations

import os
import sys
import time

STEPS = 10  # log lines: one per tenth of the run
FIRST_ESTIMATE_S = 10  # ... and one early estimate, when the first tenth takes longer


def make_progress(total: int, unit: str, quiet: bool, initial: int = 0, stream=None):
    """None (quiet), a tqdm bar (terminal) or a :class:`LogProgress`."""
    if quiet:
        return None
    stream = stream if stream is not None else sys.stderr
    try:
        # a terminal that reports no width (some CI pseudo-terminals) gets the log too:
        # tqdm would draw nothing there
        tty = stream.isatty() and os.get_terminal_size(stream.fileno()).columns > 0
    except (AttributeError, ValueError, OSError):
        tty = False
    if not tty:
        return LogProgress(total, unit, initial, stream)
    from tqdm import tqdm

    # Shown only for runs longer than a second.
    return tqdm(
        total=total,
        initial=initial,
        unit=f" {unit}",
        unit_scale=True,
        delay=1.0,
        file=stream,
        dynamic_ncols=True,
        smoothing=0.1,
    )


def duration(seconds: float) -> str:
    """3.2 s, 4 min 05 s, 2 h 13 min, 41 days, 12 years, 2.9e+10 years."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, s = divmod(int(seconds), 60)
    if minutes < 60:
        return f"{minutes} min {s:02d} s"
    hours, m = divmod(minutes, 60)
    if hours < 48:
        return f"{hours} h {m:02d} min"
    days = hours / 24
    if days < 1000:
        return f"{days:,.0f} days"
    years = days / 365.25
    return f"{years:,.0f} years" if years < 1e6 else f"{years:.1e} years"


class LogProgress:
    """``shengji: 30% (300,000 of 1,000,000 deals) in 2.1 s, 143,000 deals/s, about 4.9 s
    left`` at every tenth, and one early estimate after ``FIRST_ESTIMATE_S`` seconds if
    the first tenth is not done by then (a run of 10^12 deals tells its duration at once)."""

    def __init__(self, total: int, unit: str, initial: int, stream):
        self.total, self.unit, self.stream = total, unit, stream
        self.start_items = self.done = initial
        self.t0 = time.monotonic()
        self.logged = self._step(initial)
        self.estimated = False

    def _step(self, done: int) -> int:
        return done * STEPS // self.total

    def update(self, k: int) -> None:
        self.done += k
        step = self._step(self.done)
        elapsed = time.monotonic() - self.t0
        if step > self.logged:
            self.logged = step
            self._line(elapsed)
        elif not self.estimated and elapsed >= FIRST_ESTIMATE_S and self.done > self.start_items:
            self.estimated = True
            self._line(elapsed)

    def _line(self, elapsed: float) -> None:
        self.estimated = True
        pct = 100 * self.done / self.total
        shown = f"{pct:.0f}%" if pct >= 1 or pct == 0 else f"{pct:.2g}%"
        rate = (self.done - self.start_items) / elapsed if elapsed > 0 else 0.0
        text = (
            f"shengji: {shown} ({self.done:,} of {self.total:,} {self.unit}) in "
            f"{duration(elapsed)}, {rate:,.0f} {self.unit}/s"
        )
        if self.done < self.total and rate > 0:
            text += f", about {duration((self.total - self.done) / rate)} left"
        print(text, file=self.stream, flush=True)

    def close(self) -> None:
        pass

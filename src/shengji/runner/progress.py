"""Progress of a run, on stderr: a bar on a terminal, a plain line per tenth otherwise (a log
file or a pipe gets no bar frames), nothing with ``--quiet``."""

from __future__ import annotations

import bisect
import os
import sys
import time

STEPS = 10  # log lines: one per tenth of the run
FIRST_ESTIMATE_S = 10  # ... and one early estimate, when the first tenth takes longer


class ItemCosts:
    """The expected cost of the items of a run, piecewise constant (``Study.item_costs``):
    what the progress estimate counts instead of the items where they differ."""

    def __init__(self, steps: list[tuple[int, float]], n: int):
        self.starts = [int(a) for a, _ in steps]
        self.costs = [float(c) for _, c in steps]
        self.n = n
        self.total = self.of(0, n)

    def of(self, start: int, count: int) -> float:
        """The cost of the items ``start .. start + count - 1``."""
        cost, end = 0.0, start + count
        i = max(0, bisect.bisect_right(self.starts, start) - 1)
        while start < end and i < len(self.starts):
            stop = min(end, self.starts[i + 1] if i + 1 < len(self.starts) else end)
            cost += max(0, stop - start) * self.costs[i]
            start, i = max(start, stop), i + 1
        return cost


def make_progress(
    total: int,
    unit: str,
    quiet: bool,
    initial: int = 0,
    stream=None,
    costs: ItemCosts | None = None,
    initial_cost: float = 0.0,
):
    """None (quiet), a tqdm bar (terminal) or a :class:`LogProgress`.  With ``costs``, its
    ``update(k, cost)`` takes the items' cost too, and the fraction done and the time left
    follow the cost (``initial_cost``: that of the ``initial`` items)."""
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
        return LogProgress(total, unit, initial, stream, costs, initial_cost)
    from tqdm import tqdm

    if costs is not None:
        return CostBar(tqdm, total, unit, initial, stream, costs.total, initial_cost)
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

    def __init__(
        self,
        total: int,
        unit: str,
        initial: int,
        stream,
        costs: ItemCosts | None = None,
        initial_cost: float = 0.0,
    ):
        self.total, self.unit, self.stream = total, unit, stream
        self.start_items = self.done = initial
        # the fraction done and the time left: by the items, or by their expected cost
        self.cost_total = costs.total if costs is not None else float(total)
        self.start_cost = self.cost = initial_cost if costs is not None else float(initial)
        self.t0 = time.monotonic()
        self.logged = self._step()
        self.estimated = False

    def _step(self) -> int:
        return int(self.cost * STEPS // self.cost_total) if self.cost_total > 0 else 0

    def update(self, k: int, cost: float | None = None) -> None:
        self.done += k
        self.cost += k if cost is None else cost
        step = self._step()
        elapsed = time.monotonic() - self.t0
        if step > self.logged:
            self.logged = step
            self._line(elapsed)
        elif not self.estimated and elapsed >= FIRST_ESTIMATE_S and self.done > self.start_items:
            self.estimated = True
            self._line(elapsed)

    def _line(self, elapsed: float) -> None:
        self.estimated = True
        pct = min(100.0, 100 * self.cost / self.cost_total) if self.cost_total > 0 else 100.0
        shown = f"{pct:.0f}%" if pct >= 1 or pct == 0 else f"{pct:.2g}%"
        rate = (self.done - self.start_items) / elapsed if elapsed > 0 else 0.0
        text = (
            f"shengji: {shown} ({self.done:,} of {self.total:,} {self.unit}) in "
            f"{duration(elapsed)}, {rate:,.0f} {self.unit}/s"
        )
        spent = self.cost - self.start_cost
        if self.done < self.total and spent > 0 and elapsed > 0:
            left = (self.cost_total - self.cost) * elapsed / spent
            text += f", about {duration(max(0.0, left))} left"
        print(text, file=self.stream, flush=True)

    def close(self) -> None:
        pass


class CostBar:
    """A tqdm bar whose fraction and time left follow the items' expected cost; the items
    done are shown beside it."""

    def __init__(self, tqdm, total: int, unit: str, initial: int, stream, cost_total, cost0):
        self.total, self.unit, self.done = total, unit, initial
        self.bar = tqdm(
            total=cost_total,
            initial=cost0,
            delay=1.0,
            file=stream,
            dynamic_ncols=True,
            smoothing=0.1,
        )
        self._items()

    def _items(self) -> None:
        self.bar.bar_format = (
            f"{{l_bar}}{{bar}}| {self.done:,}/{self.total:,} {self.unit} "
            "[{elapsed}<{remaining}]"
        )

    def update(self, k: int, cost: float | None = None) -> None:
        self.done += k
        self._items()
        self.bar.update(k if cost is None else cost)

    def close(self) -> None:
        self.bar.close()

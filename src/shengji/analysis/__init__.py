"""The analysis layer, for notebooks and the command line: run a study and load its tables
(``load``), compare the cells of a sweep (``compare``), the hand advisor (``advisor``), and
``replay`` of any study row as a ``HandState`` (``replay``).

``from shengji.analysis import load, run, duel_summary`` works as it always has.
"""

from shengji.analysis.compare import compare, plot_compare, sweep_cells
from shengji.analysis.load import duel_summary, load, run, run_metadata

__all__ = ["compare", "duel_summary", "load", "plot_compare", "run", "run_metadata", "sweep_cells"]

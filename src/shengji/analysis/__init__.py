"""The analysis layer, for notebooks and the command line: run a study and load its tables
(``load``), the hand advisor (``advisor``), and ``replay`` of any study row as a
``HandState`` (``replay``).

``from shengji.analysis import load, run, duel_summary`` works as it always has.
"""

from shengji.analysis.load import duel_summary, load, run, run_metadata

__all__ = ["duel_summary", "load", "run", "run_metadata"]

"""The analysis layer, for notebooks and the command line: run a study and load its tables
(``load``), compare the cells of a sweep (``compare``), the hand advisor (``advisor``),
``replay`` of any study row as a ``HandState`` (``replay``), any agent against a built-in
bot (``evaluate``, module ``evaluation``) and the ladder of bots (``ladder``, module
``ratings``).

``from shengji.analysis import load, run, duel_summary`` works as it always has.
"""

from shengji.analysis import compare as _compare
from shengji.analysis import load as _load
from shengji.analysis.compare import *  # noqa: F403 (the names of compare's __all__)
from shengji.analysis.evaluation import Evaluation as Evaluation
from shengji.analysis.evaluation import evaluate as evaluate
from shengji.analysis.load import *  # noqa: F403 (the names of load's __all__)
from shengji.analysis.ratings import Ladder as Ladder
from shengji.analysis.ratings import ladder as ladder

__all__ = sorted([*_compare.__all__, *_load.__all__, "Evaluation", "evaluate", "Ladder", "ladder"])

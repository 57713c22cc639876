"""The runner: chunk plan, engines, durable Parquet output, resume, progress and summary.

``run.py`` runs a study (``run_study``: its order of work is its module docstring);
``plan.py`` is what a study kind implements (``Study``, ``StudyConfig``, ``ChunkPlan``);
``lock``, ``engines``, ``output``, ``outdir``, ``manifest``, ``progress`` and ``errors``
hold one concern each.  This package re-exports the names a caller needs.
"""

from __future__ import annotations

from shengji.runner.engines import ENGINES, compute_chunk
from shengji.runner.errors import DirectoryInUse, OutputError, RunError
from shengji.runner.run import RunResult, default_workers, run_study

__all__ = [
    "RunResult",
    "run_study",
    "compute_chunk",
    "default_workers",
    "ENGINES",
    "RunError",
    "OutputError",
    "DirectoryInUse",
]

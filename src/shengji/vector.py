"""The vector environment at its short path (the one the Gymnasium docs of ``VectorEnv``
name): ``from shengji.vector import VectorEnv`` is ``shengji.adapters.vector.VectorEnv``.
Needs gymnasium, as that module does."""

from __future__ import annotations

from shengji.adapters.vector import N_ACTIONS, OBSERVATION_SIZE, VectorEnv

__all__ = ["VectorEnv", "OBSERVATION_SIZE", "N_ACTIONS"]

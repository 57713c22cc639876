"""Agents for the evaluate and ladder tests (tests/studies/test_evaluate.py,
test_ladder.py, tests/test_cli_evaluate.py), importable by name: worker processes
import them (``tests.support.agents:lowest``); and the lowest legal action of a vector
env's every env (``lowest_legal``: tests/adapters, tests/core/bots)."""

from __future__ import annotations

import numpy as np

from shengji.game.agents import batched
from shengji.game.bots import builtin_bot

greedy = builtin_bot("greedy")  # the built-in greedy bot as a per-decision Python bot


def lowest(observation, rng):
    """The lowest legal action (deterministic)."""
    return min(observation.legal_actions)


@batched
def lowest_batched(observations, action_masks):
    """The same choice over arrays: argmax gives the first legal action."""
    return action_masks.argmax(axis=1)


def random_batched(observations, action_masks, rng):
    """A uniformly random legal action per row, from the generator it is given."""
    return (rng.random(action_masks.shape) * action_masks).argmax(axis=1)


def random_decision(observation, rng):
    legal = observation.legal_actions
    return int(legal[rng.integers(len(legal))])


def raises_late(observation, rng):
    if len(observation.tricks) >= 3:
        raise RuntimeError("the agent broke")
    return min(observation.legal_actions)


def wrong_type(observation, rng):
    return {"card": 1}


def illegal_card(observation, rng):
    """A card id the seat does not hold (or not legally), every time."""
    held = set(observation.hand)
    return next(c for c in range(108) if c not in held)


def too_many(observation, rng):
    """Following: a legal play and one card more, more cards than the play takes."""
    if observation.phase == "play" and observation.current_trick is not None:
        play = list(observation.legal_plays()[0])
        extra = [c for c in observation.hand if c not in play]
        return play + extra[-1:]
    return min(observation.legal_actions)


def wrong_shape(observations, action_masks):
    return action_masks.argmax(axis=1)[:-1] if len(action_masks) > 1 else np.zeros(3, int)


def wrong_dtype(observations, action_masks):
    return action_masks.argmax(axis=1).astype(np.float64)


def one_arg(observation):
    return 0


def one_argument(observation):
    """A bot of the wrong arity: the evaluator refuses it before anything runs."""
    return min(observation.legal_actions)


not_callable = 42  # not an agent at all


def lowest_legal(obs) -> np.ndarray:
    """A ``VectorEnv`` step's actions: each env's lowest legal action (0 where none is
    legal: an env the learner does not play in this step)."""
    m = obs["action_mask"]
    return np.where(m.any(axis=1), m.argmax(axis=1), 0).astype(np.int64)

"""Bots: the Python bot interface, the built-in bots as Python bots, and ``play_hand``.

A **bot** is a callable ``bot(observation, rng) -> decision``: it receives the deciding
seat's ``Observation`` (``shengji.game.observation``: what that seat may know, nothing
else) and a ``numpy.random.Generator``, and returns either

* card ids (a list, or notation text) for a whole decision: a lead, a follow, or bury
  cards (one, or several: each is one decision), as ``HandState.apply`` takes them; or
* one integer action of the step encoding (``shengji.game.actions``), as
  ``HandState.apply_action`` takes it (a card of the bury or of the play being built, or
  ``ACTION_PLAY``).

``builtin_bot("greedy")`` is a built-in C bot as such a callable: it runs on the
observation's information set (the redacted copy of the hand), drawing its random numbers
from ``rng``.  In ``play_hand`` a bot name instead plays through ``HandState.bot_action``,
drawing from the hand's own generator as a study's hand does (same choices as the study).
``random_action_bot`` is the smallest bot: a uniform legal action.
"""

from __future__ import annotations

from collections.abc import Callable
from numbers import Integral

import numpy as np

from shengji.game.observation import Observation
from shengji.game.state import BOTS, HandState
from shengji.names import N_SEATS
from shengji.seeds import check_seed

__all__ = ["Bot", "builtin_bot", "random_action_bot", "play_hand", "apply_decision"]

Decision = int | str | list | tuple
Bot = Callable[[Observation, np.random.Generator], Decision]


def builtin_bot(name: str) -> Bot:
    """The built-in bot ``name`` ("random", "greedy") as a Python bot of an observation:
    its choice is a whole decision (the rest of the bury, or a play)."""
    if name not in BOTS:
        raise ValueError(f"bot: unknown {name!r}; allowed: {', '.join(BOTS)}")
    index = BOTS.index(name)

    def bot(observation: Observation, rng: np.random.Generator) -> list[int]:
        state = rng.integers(0, 2**64, size=4, dtype=np.uint64)
        if not state.any():  # xoshiro's one forbidden state
            state[0] = 1
        return observation._info.bot(index, state)

    bot.__name__ = bot.__qualname__ = f"builtin_bot_{name}"
    return bot


def random_action_bot(observation: Observation, rng: np.random.Generator) -> int:
    """A uniform choice among the legal actions of the step encoding."""
    return int(observation.legal_actions[rng.integers(len(observation.legal_actions))])


def apply_decision(state: HandState, decision: Decision):
    """Apply what a bot returned: an integer action, or card ids / notation."""
    if isinstance(decision, Integral) and not isinstance(decision, bool):
        return state.apply_action(int(decision))
    return state.apply(decision)


def play_hand(
    rules=None,
    level="2",
    *,
    policies=("greedy",) * 4,
    banker=0,
    seed=None,
    deal=None,
    trump=None,
    rng=None,
    **hand_options,
) -> HandState:
    """Play a whole hand and return the finished ``HandState``.

    ``policies[seat]``: a built-in bot's name (it draws from the hand's generator, so
    ``play_hand(seed=S)`` with names is hand 0 of a scoring run with seed S), or a bot
    ``bot(observation, rng)`` (module docstring; the banker's also buries).  ``rng``: the
    ``numpy.random.Generator`` the Python bots draw from, by default
    ``numpy.random.default_rng(seed)``.  Other keywords go to ``HandState``."""
    if len(policies) != N_SEATS:
        raise ValueError("policies: one per seat (4)")
    for p in policies:
        if not callable(p) and p not in BOTS:
            raise ValueError(
                f"policies: {p!r} is neither a bot name ({', '.join(BOTS)}) nor "
                "a callable bot(observation, rng)"
            )
    s = HandState(rules, level, banker=banker, deal=deal, seed=seed, trump=trump, **hand_options)
    if rng is None:
        rng = np.random.default_rng(check_seed(seed, allow_none=True))
    while (seat := s.to_play) is not None:  # None: the hand is over
        p = policies[seat]
        if callable(p):
            apply_decision(s, p(s.observation(seat), rng))
        else:
            s.apply(s.bot_action(p))
    return s

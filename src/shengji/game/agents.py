"""Agents: whatever ``shengji.evaluate`` (and the ladder) can seat against a built-in bot,
parsed once, at the edge, into one of four typed values.

* ``BuiltinAgent``: a built-in bot (``BotSpec``: a name, a label ``"pimc(samples=8)"``, a
  table ``{bot = "pimc", ...}``): it plays in C, exactly as in the duel study.
* ``DecisionAgent``: a Python bot ``fn(observation, rng) -> decision``, what
  ``shengji.game.play_hand`` takes (``shengji.game.bots``): called once per decision of its
  seats with the seat's ``Observation`` and a ``numpy.random.Generator`` of its own (one per
  deal and orientation, so its draws never depend on how deals are batched or spread over
  workers); it returns card ids (a list, or notation text) for a whole decision, or one
  integer action of the step encoding.
* ``BatchedAgent``: a policy ``fn(observations, action_masks) -> actions`` over the arrays
  of ``shengji.adapters.vector.VectorEnv`` (uint8 ``(k, OBSERVATION_SIZE)``, int8 ``(k,
  124)``; k the hands where it decides), returning k integer actions (numpy, a list, a
  torch tensor: anything ``numpy.asarray`` reads).  A policy that takes a third argument
  is given a ``numpy.random.Generator`` (one per chunk of the run) for its draws: then
  its results do not depend on the number of workers either.
* ``HistoryAgent``: a full-information agent, the way in for agents that need the whole game
  state, such as an OpenSpiel bot (``shengji.adapters.openspiel_agent``), which must read
  only what its seat may know, as OpenSpiel's bots do: ``make(params)`` (the deals'
  ``shengji.studies.common_deals.DealParams``: rules, level, bid policy) returns
  ``fn(deal, bidding, history) -> action``, called with the hand's dealing order (108 ids,
  position i to seat i % 4, the kitty last), the bidding's outcome (a dict: trump,
  banker, ...) and every action so far (all seats', ``HandState``'s encoding).

``parse_agent(value, batched=None)`` turns a user's value into one of them: a bot spec is a
``BuiltinAgent``; a string ``"module:name"`` (or ``"path/to/file.py:name"``) names a
Python object, imported; a callable is a ``DecisionAgent`` unless ``batched=True`` or it
was marked with the ``batched`` decorator or takes three arguments.  A typed agent passes
through unchanged.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib.machinery import PathFinder
from pathlib import Path
from typing import Any

from shengji.game.arguments import card_bot
from shengji.game.botspec import BotSpec

__all__ = [
    "ParsedAgent",
    "BatchedAgent",
    "BuiltinAgent",
    "DecisionAgent",
    "HistoryAgent",
    "batched",
    "callable_label",
    "parse_agent",
    "resolve_reference",
]

BATCHED_ATTR = "__shengji_batched__"  # set by the ``batched`` decorator


@dataclass(frozen=True)
class BuiltinAgent:
    """A built-in bot."""

    spec: BotSpec

    @property
    def label(self) -> str:
        return self.spec.label

    def to_config(self) -> str | dict:
        return self.spec.to_config()


@dataclass(frozen=True, eq=False)
class DecisionAgent:
    """A Python bot ``fn(observation, rng) -> decision`` (module docstring)."""

    fn: Callable[..., Any]
    label: str
    reference: str | None = None  # "module:name" when it can be imported again by name


@dataclass(frozen=True, eq=False)
class BatchedAgent:
    """A batched policy ``fn(observations, action_masks[, rng]) -> actions``."""

    fn: Callable[..., Any]
    label: str
    takes_rng: bool = False
    reference: str | None = None


@dataclass(frozen=True, eq=False)
class HistoryAgent:
    """A full-information agent: ``make(params) -> fn(deal, bidding, history) -> action``
    (module docstring)."""

    make: Callable[[Any], Callable[..., Any]]
    label: str
    reference: str | None = None


ParsedAgent = BuiltinAgent | DecisionAgent | BatchedAgent | HistoryAgent
PYTHON_AGENTS = (DecisionAgent, BatchedAgent, HistoryAgent)


def batched(fn: Callable | None = None, *, label: str | None = None):
    """Mark ``fn`` as a batched policy ``fn(observations, action_masks[, rng]) ->
    actions`` (``parse_agent`` then needs no ``batched=True``).  ``@batched`` or
    ``batched(fn)``; ``label``: its name in tables."""

    def mark(f):
        if not callable(f):
            raise TypeError(f"batched: expected a callable policy, got {type(f).__name__}")
        try:
            setattr(f, BATCHED_ATTR, label or True)
        except (AttributeError, TypeError):  # a builtin or a slotted object: wrap it
            inner = f

            def policy(*args):
                return inner(*args)

            policy.__name__ = policy.__qualname__ = callable_label(inner)
            setattr(policy, BATCHED_ATTR, label or True)
            return policy
        return f

    return mark if fn is None else mark(fn)


def callable_label(fn: Any) -> str:
    """A short name for a Python agent: its qualified name (a function's, or an object's
    class), without the module."""
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None)
    if not isinstance(name, str):
        name = type(fn).__qualname__
    return name.replace("<locals>.", "")


def _reference_of(fn: Any) -> str | None:
    """``module:qualname`` when that name imports back to this very object, else None."""
    module = getattr(fn, "__module__", None)
    qualname = getattr(fn, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(qualname, str) or "<" in qualname:
        return None
    mod = sys.modules.get(module)
    obj: Any = mod
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
    return f"{module}:{qualname}" if obj is fn else None


def resolve_reference(text: str, where: str = "agent") -> Any:
    """The object a reference ``"package.module:name"`` (or ``"path/to/file.py:name"``,
    ``name`` possibly dotted: ``"mod:Class.method"``) names; ValueError (one line) when
    the module does not import or has no such name."""
    module, sep, name = text.rpartition(":")
    if not sep or not module or not name:
        raise ValueError(
            f"{where}: expected MODULE:NAME (e.g. mypackage.policies:act) or a bot name, "
            f"got {text!r}"
        )
    try:
        if module.endswith(".py") or "/" in module or "\\" in module:
            path = Path(module)
            if not path.is_file():
                raise ValueError(f"{where}: no such file {module!r}")
            spec = importlib.util.spec_from_file_location(path.stem, path)
            if spec is None or spec.loader is None:
                raise ValueError(f"{where}: cannot import {module!r}")
            mod = importlib.util.module_from_spec(spec)
            sys.modules.setdefault(path.stem, mod)
            spec.loader.exec_module(mod)
        else:
            mod = _import_module(module)
    except ValueError:
        raise
    except Exception as exc:  # the user's module failed to import: one line
        first = (str(exc).strip().splitlines() or [""])[0]
        raise ValueError(
            f"{where}: cannot import {module!r} ({type(exc).__name__}"
            f"{': ' + first if first else ''})"
        ) from None
    obj: Any = mod
    for part in name.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"{where}: {module!r} has no {name!r}")
        obj = getattr(obj, part)
    return obj


def _import_module(module: str) -> Any:
    """``importlib.import_module``, and a module of the current directory too: a console
    script (``shengji evaluate mybot:act``) has its own folder, not the current one, on
    ``sys.path`` (``python -m`` and ``python -c`` have the current one).  The current
    directory is appended only when the module is found nowhere else; it stays, so that
    the module's own imports and the run's worker processes find it too."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        here = os.getcwd()
        top = module.partition(".")[0]
        on_path = {os.path.abspath(p or os.curdir) for p in sys.path}
        if exc.name != top or here in on_path or PathFinder.find_spec(top, [here]) is None:
            raise
    sys.path.append(here)
    return importlib.import_module(module)


def _positional_count(fn: Any) -> int | None:
    """How many positional arguments fn takes (None: unknown, or any number)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    n = 0
    for p in sig.parameters.values():
        if p.kind == p.VAR_POSITIONAL:
            return None
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            n += 1
    return n


def parse_agent(value: Any, *, batched: bool | None = None, where: str = "agent") -> ParsedAgent:
    """A user's agent -> a typed agent (module docstring).  ``batched``: True, the callable
    is a batched policy; False, a per-decision bot; None (default), per-decision unless
    marked by the ``batched`` decorator or taking three arguments.  One ValueError /
    TypeError line for anything else."""
    if isinstance(value, (BuiltinAgent, DecisionAgent, BatchedAgent, HistoryAgent)):
        return value
    reference = None
    if isinstance(value, str) and ":" in value and "(" not in value:
        reference = value
        value = resolve_reference(value, where)
        if isinstance(value, (BuiltinAgent, DecisionAgent, BatchedAgent, HistoryAgent)):
            return value
    if isinstance(value, (str, dict, BotSpec)):
        if batched:
            raise ValueError(f"{where}: a built-in bot is not a batched policy")
        return BuiltinAgent(card_bot(value, where))
    if not callable(value):
        raise TypeError(
            f"{where}: expected a bot name, a table {{bot = ...}}, MODULE:NAME, a callable "
            f"bot(observation, rng) or a batched policy(observations, action_masks), got "
            f"{type(value).__name__}"
        )
    mark = getattr(value, BATCHED_ATTR, None)
    count = _positional_count(value)
    # three arguments can only be (observations, action_masks, rng)
    is_batched = (bool(mark) or count == 3) if batched is None else batched
    label = mark if isinstance(mark, str) else callable_label(value)
    reference = reference or _reference_of(value)
    if is_batched:
        if count is not None and count not in (2, 3):
            raise TypeError(
                f"{where}: a batched policy takes (observations, action_masks) or "
                f"(observations, action_masks, rng); {label} takes {count} arguments"
            )
        return BatchedAgent(value, label, count == 3, reference)
    if count is not None and count != 2:
        raise TypeError(
            f"{where}: a bot takes (observation, rng); {label} takes {count} arguments "
            "(a batched policy: batched=True)"
        )
    return DecisionAgent(value, label, reference)

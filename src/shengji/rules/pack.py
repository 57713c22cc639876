"""Rules and bots packed as the core takes them (the values a job of ``shengji.door`` holds).

The edges (a study file, a command-line flag, an argument of ``HandState``, a run's
metadata) parse what they are given once, into frozen values: a ``Rules``
(``shengji.rules.options``), a ``BotSpec`` (``shengji.game.botspec``).  Every layer below
carries those as they are; where a call crosses into the core, this module packs them into
the plain data the core copies into its C structs, and nothing else does:

* ``rules(r)``: a ``Rules`` -> the ``RulesC`` struct's fields as plain ints (a dict the core
  copies: ``_core/base/options.pyx``; built once per ``Rules``, from the ``OPTIONS`` table);
* ``bot(spec)``: a ``BotSpec`` (or a bot id) -> ``(id, parameters)``, which the core's
  ``agent_init`` checks and packs into ``BotParams`` by the bot table
  (``_core/bots/table.py``); the parameters carry the spec's digests (a network's
  weights by its file's sha256, read once at the edge), by which the core finds the
  network without reading the file again.

The core never calls back up: it knows no presets, no option names beyond its struct's
fields, no ``BotSpec``.  A value of the wrong type is a ``TypeError`` here, naming what
was expected (the edges have already turned strings, dicts and None into typed values).
"""

from __future__ import annotations

from typing import Any, Protocol

from shengji.rules.options import Rules

__all__ = ["BotLike", "bot", "rules"]


class BotLike(Protocol):
    """What ``bot`` packs: a bot's id and its parameters (``shengji.game.botspec.BotSpec``)."""

    @property
    def id(self) -> int: ...

    @property
    def params(self) -> tuple[tuple[str, Any], ...]: ...

    @property
    def digests(self) -> tuple[tuple[str, str], ...]: ...


def rules(r: Rules) -> dict[str, int]:
    """The ``RulesC`` fields of ``r`` (the core copies them; do not modify the dict)."""
    if not isinstance(r, Rules):
        raise TypeError(
            f"rules: expected a shengji.Rules (parse at the edge: Rules.preset(name), "
            f"Rules(**options)), got {type(r).__name__}"
        )
    return r.packed()


def bot(spec: BotLike | int) -> int | tuple[int, tuple[tuple[str, Any], ...]]:
    """A bot as the core takes it: a bot id as it is (the bot at its defaults), a
    ``BotSpec`` as ``(id, parameters)``."""
    if isinstance(spec, bool) or not isinstance(spec, int) and not hasattr(spec, "params"):
        raise TypeError(
            "bot: expected a shengji.game.botspec.BotSpec (parse at the edge: parse_bot), "
            f"got {type(spec).__name__}"
        )
    if isinstance(spec, int):
        return spec
    return spec.id, tuple(spec.params) + tuple(spec.digests)

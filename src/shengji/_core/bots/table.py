"""The bot table: every built-in bot, and each of its parameters, declared once.

A row of ``BOTS`` is one bot: its name, the unit of ``_core/bots/`` that holds it, a
one-line doc, whose bids it makes under ``bid_policy = "players"``, whether it searches
(hundreds of times a plain bot's cost per hand), its parameters and its presets.  A
parameter is a ``Field``, a row of the one schema (``shengji._core.base.schema``): name,
kind (type and limits: the schema's kinds, or the two of this module), default, a one-line
doc, and ``record_default``.  The row's position is the bot's id (the core's ``BotId``; the
first rows' ids are pinned by the C enum in ``bot.pxd``, which the C code names).  A preset
(``Preset``) is a named setting of some of the bot's parameters (``pimc_infer``: pimc's
strongest search), written once here: a bot spec, a study file and the command line name
it where they name a bot, and parameters given beside it override its own
(``{bot = "pimc_infer", rollout = "net"}``).

Everything else derives from the table:

* the registry (``registry.pyx``): row i is the ``BOT`` capsule its unit exports, its bids those
  of ``bids`` (``bidder.BIDS``) unless the unit's own;
* the checks and the packing of a bot's parameters into the core's ``BotParams`` struct
  (``registry.pyx`` ``agent_init``: ``pack_params``, a loop over the row), and ``BotParams``
  itself, its default-filling functions and the limits' constants, written by
  ``tools/tables.py`` into ``params.pxd`` (a C struct needs its fields as literals; a
  test fails when the file and the table differ);
* ``shengji.game.botspec`` (``BotSpec``, ``parse_bot``, ``BOT_PARAMS``), the command line's
  help and ``shengji bots``, CONTRIBUTING.md's table of the bots.

This module is plain data and checks: the core imports it (it is part of the core: it
imports nothing of the package above), and so do the Python layers.

Adding a bot: its unit ``_core/bots/<name>.pyx`` (functions of ``bot.pxd``'s signatures and
``BOT = bot_entry(&its Bot)``), one row at the end of ``BOTS``, its tests; then
``python tools/tables.py`` (params.pxd, CONTRIBUTING.md) and a rebuild.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from shengji._core.base.schema import Choice, Field, Int, Kind, Number, c_fields

__all__ = [
    "BOTS",
    "NAMES",
    "FIELDS",
    "Bot",
    "BotChoice",
    "PRESET_NAMES",
    "Preset",
    "Weights",
    "bot_row",
    "preset_row",
    "fields_of",
    "pack_params",
    "digest_differs",
]


# ------------------------------------------------------------------------------------------
# the bots' own kinds: a bot, and a network's weights (they need the built core's net bot)
# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BotChoice(Choice):
    """One of the bots ``choices``; packed as the bot's id (its row in ``BOTS``)."""

    def pack(self, value):
        if value == "net":  # its rollouts play the default net bot: the shipped network
            from shengji._core.bots import net

            net.load()
        return NAMES.index(value)

    def digest(self, value):
        if value != "net":
            return None
        from shengji._core.bots import net

        return str(net.info()["sha256"])

    def check_digest(self, where, value, want, where_digest):
        """``check``, and the shipped network's sha256 (what ``"net"`` rolls out with) is
        ``want``, as a run recorded it: ValueError naming ``where_digest`` otherwise."""
        value = self.check(where, value)
        have = self.digest(value)
        if have is None:
            raise ValueError(f"{where_digest}: {value!r} plays no weights file")
        if want != have:
            raise ValueError(digest_differs(where_digest, want, value, have))
        return value


def digest_differs(where_digest: str, want: str, value: Any, have: str) -> str:
    """The message for a file whose sha256 is not the one a run recorded for it."""
    return (
        f"{where_digest}: the run recorded {want!r}, but {value!r} now has sha256 {have!r} "
        "(other weights under the same name)"
    )


@dataclass(frozen=True)
class Weights(Kind):
    """A network's weights (the net bot): ``"shipped"`` (the file shipped with the package),
    the name of another network shipped beside it (``net.NAMED``: ``"imitation"``,
    ``"selfplay4"``, ``"net_bids"``, with a bid head) or the path of an ``.npz`` that
    shengji.learn writes.  ``check`` loads and checks the file (``net.load``), so a missing
    or damaged file is refused where the value is given;
    ``pack`` gives the network's handle in the core's table.  The file's sha256 goes with
    the value from the edge on (``BotSpec.digests``, a run's metadata: ``<name>_sha256``):
    given it, ``check_digest`` and ``pack_known`` find the network by its digest, with no
    file I/O while it is resident (a worker's check, a run resumed), and a file that no
    longer has it is refused."""

    def _text(self, where, value):
        if isinstance(value, os.PathLike):
            value = os.fspath(value)
        if not isinstance(value, str) or not value:
            raise ValueError(f"{where}: expected {self.values()}, got {value!r}")
        return value

    def check(self, where, value):
        from shengji._core.bots import net

        value = self._text(where, value)
        try:
            net.load(value)
        except (ValueError, MemoryError) as exc:
            raise ValueError(f"{where}: {exc}") from None
        return value

    def check_digest(self, where, value, want, where_digest):
        """``check`` for the network whose file has the sha256 ``want``: found by it."""
        from shengji._core.bots import net

        value = self._text(where, value)
        try:
            net.load(value, sha256=want)
        except net.DigestError as exc:
            raise ValueError(digest_differs(where_digest, want, value, exc.digest)) from None
        except net.WeightsError as exc:
            raise ValueError(f"{where}: {exc}") from None
        except (ValueError, MemoryError) as exc:
            raise ValueError(f"{where_digest}: {exc}") from None
        return value

    def pack(self, value):
        from shengji._core.bots import net

        return net.load(value)

    def pack_known(self, value, want):
        """``pack`` by the file's sha256 (``check_digest`` has found it)."""
        from shengji._core.bots import net

        return net.load(value, sha256=want)

    def c_default(self, value):
        if value != "shipped":
            raise ValueError("a Weights parameter's default is 'shipped'")
        return 0  # net.pxd: handle 0 is the shipped network (net.load loads it there)

    def digest(self, value: str) -> str:
        """The sha256 of the file ``value`` names."""
        from shengji._core.bots import net

        return str(net.info(value)["sha256"])

    def values(self):
        from shengji._core.bots import net

        names = ", ".join(repr(n) for n in (net.SHIPPED, *net.NAMED))
        return f"{names} (networks shipped with the package) or a path to an .npz of net weights"

    def invalid_examples(self):
        return ("", 5, None)

    annotation = "str"


# the key beside a parameter that plays a file (Kind.digest: a network's weights, pimc's
# rollout = "net") that holds the file's sha256 in a run's metadata
DIGEST_SUFFIX = "_sha256"

Constraint = Callable[[Mapping[str, Any]], "str | None"]


@dataclass(frozen=True)
class Preset:
    """A named setting of some of a bot's parameters (the others at their defaults):
    ``name`` is what a bot spec, a study file and the command line write in place of the
    bot's name; ``params`` the (parameter, value) pairs it sets; ``doc`` one line."""

    name: str
    params: tuple[tuple[str, Any], ...]
    doc: str


@dataclass(frozen=True)
class Bot:
    """One bot: ``unit`` is its module under ``_core/bots/`` (exporting ``BOT``); ``bids``
    names the bot whose bids it makes (``bidder.BIDS``, ``bid_net.BIDS``: net's, its
    ``bids`` parameter's), None when its unit sets its own;
    ``searches``: the studies cut their chunks small for it; ``constraints``: checks of
    the parameters together, each giving a message (without the ``where``) or None;
    ``presets``: its named settings (``Preset``)."""

    name: str
    unit: str
    doc: str
    params: tuple[Field, ...] = ()
    bids: str | None = None
    searches: bool = False
    constraints: tuple[Constraint, ...] = field(default=())
    presets: tuple[Preset, ...] = field(default=())

    def param(self, name: str) -> Field | None:
        for p in self.params:
            if p.name == name:
                return p
        return None

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}


def _count(lo: int, hi: int, note: str = "") -> Int:
    return Int(lo, hi, note)


_FACTOR = Number(0.0, 1.0, True, "a number in (0, 1]")
# pimc.pxd rollout_play: these four (the bots without parameters; net since issue 34)
_ROLLOUTS = BotChoice(("random", "greedy", "memory", "net"))


def _infer_with_steps(p: Mapping[str, Any]) -> str | None:
    if p["infer_steps"] > 0 and p["infer"] > 0:
        return (
            "infer_steps: refines the uniform deals, so it needs infer = 0, "
            f"got infer = {p['infer']}"
        )
    return None


def _learned_bids_need_a_head(p: Mapping[str, Any]) -> str | None:
    """net: bids = "learned" needs a weights file with a bid head (shengji.learn.bids)."""
    if p["bids"] != "learned":
        return None
    from shengji._core.bots import net

    if net.info(p["weights"])["bids"]:
        return None
    return (
        f"bids: 'learned' needs weights with a bid head, and {p['weights']!r} has none "
        "(python -m shengji.learn.bids writes one)"
    )


# ------------------------------------------------------------------------------------------
# the table
# ------------------------------------------------------------------------------------------
BOTS: tuple[Bot, ...] = (
    Bot(
        "random",
        "random",
        "uniform over the legal plays, and over the 8-card buries",
        bids="random",
    ),
    Bot(
        "greedy",
        "greedy",
        "one-trick heuristics: win cheaply, feed points to a partner, bury low cards",
        bids="greedy",
    ),
    Bot(
        "memory",
        "memory",
        "greedy plus card counting: voids shown, cards out, the sure winners",
        bids="memory",
    ),
    Bot(
        "pimc",
        "pimc",
        "determinized Monte Carlo search over deals consistent with the seat's view",
        bids="pimc",
        searches=True,
        params=(
            Field("samples", _count(1, 1024), 16, "deals a finalist candidate is judged on"),
            Field(
                "candidates",
                _count(1, 64),
                8,
                "candidates searched at most: the rollout bot's, memory's, greedy's first",
            ),
            Field("rollout", _ROLLOUTS, "memory", "the bot that plays the samples out"),
            Field(
                "objective",
                Choice(("points", "levels")),
                "points",
                "defender points for its team, or the team's level change then the points",
            ),
            Field(
                "time_budget_ms",
                Number(0.0, None, False, "a number of milliseconds >= 0 (0: no budget)"),
                0.0,
                "> 0: stop each search after that long (NOT reproducible: machine-dependent)",
            ),
            Field(
                "infer",
                _count(0, 8, " (0: off)"),
                0,
                "inference from play: each batch resampled from infer x as many deals",
                record_default=False,
            ),
            Field(
                "infer_eps",
                _FACTOR,
                0.5,
                "the likelihood factor of a play the rollout policy would not have made",
                record_default=False,
            ),
            Field(
                "bury_factor",
                _count(1, 8),
                2,
                "the bury (once a hand) is judged on bury_factor x samples deals",
                record_default=False,
            ),
            Field(
                "z_keep",
                Number(0.0, None, False, "a number of standard errors >= 0"),
                1.0,
                "leave the base policy's choice only for a leader > z_keep SEs better",
                record_default=False,
            ),
            Field(
                "infer_steps",
                _count(0, 64),
                0,
                "inference by Metropolis-Hastings: card swaps per uniform deal (infer = 0)",
                record_default=False,
            ),
            Field(
                "bury_eps",
                _FACTOR,
                1.0,
                "in infer_steps' likelihood: the factor of a buried card the bury would keep",
                record_default=False,
            ),
            Field(
                "infer_bids",
                _count(0, 1),
                0,
                "1: the deals keep the cards each seat's open bids showed",
                record_default=False,
            ),
            Field(
                "pass_eps",
                _FACTOR,
                1.0,
                "in infer_steps' likelihood: the factor of a seat that could have bid, and passed",
                record_default=False,
            ),
        ),
        constraints=(_infer_with_steps,),
        presets=(
            Preset(
                "pimc_infer",
                (("infer_steps", 32), ("infer_eps", 0.15), ("bury_eps", 0.5), ("infer_bids", 1)),
                "the strongest search: deals inferred from the plays, the bury and the bids",
            ),
            Preset(
                "pimc_net",
                (("rollout", "net"),),
                "the samples played out by net (net's choice the base candidate)",
            ),
        ),
    ),
    Bot(
        "swift",
        "swift",
        "pimc's search at the bury and in the last cards, memory's play before",
        bids="memory",
        searches=True,
        params=(
            Field("bury_samples", _count(0, 256), 16, "the bury: pimc's at samples = this"),
            Field("lead_samples", _count(0, 256), 16, "a lead: pimc's search on this many deals"),
            Field("follow_samples", _count(0, 256), 16, "a follow likewise (0: memory's)"),
            Field(
                "hand_limit",
                _count(0, 64),
                10,
                "plays are searched only while the seat holds at most this many cards",
            ),
            Field("candidates", _count(1, 64), 8, "candidates searched at most, as pimc's"),
        ),
    ),
    Bot(
        "net",
        "net",
        "a small network scores pimc's candidates (no search): learned from pimc's decisions, "
        "then from self-play",
        bids="net",
        params=(
            Field(
                "weights",
                Weights(),
                "shipped",
                "the network: 'shipped', another shipped one's name, or an .npz of shengji.learn",
            ),
            Field(
                "bids",
                Choice(("memory", "learned")),
                "memory",
                "its bids: memory's judgement, or the bid head of its weights file",
                record_default=False,
            ),
        ),
        constraints=(_learned_bids_need_a_head,),
    ),
)

NAMES: tuple[str, ...] = tuple(b.name for b in BOTS)  # registry.BOT_NAMES, names.BOT_NAMES
# every bot's presets, in table order: a name a bot spec takes in place of a bot's
PRESET_NAMES: tuple[str, ...] = tuple(s.name for b in BOTS for s in b.presets)


def _check_presets() -> None:
    """A preset's name is its own (no bot's, no other preset's) and it sets parameters of
    its bot (their values: ``check_params``, by the tests)."""
    if len(set(NAMES + PRESET_NAMES)) != len(NAMES) + len(PRESET_NAMES):
        raise RuntimeError(f"the bot table: a preset shares a name: {NAMES + PRESET_NAMES}")
    for b in BOTS:
        for s in b.presets:
            unknown = [k for k, _ in s.params if b.param(k) is None]
            if unknown:
                raise RuntimeError(f"preset {s.name!r}: {b.name} has no parameter {unknown}")


_check_presets()


def fields_of(bots: Sequence[Bot]) -> tuple[tuple[str, str], ...]:
    """BotParams' fields: every parameter of every bot, in table order, as (name, C type)
    (a name two bots share is one field, of one C type)."""
    return c_fields([p for b in bots for p in b.params])


FIELDS: tuple[tuple[str, str], ...] = fields_of(BOTS)  # (name, C type)


def bot_row(name: str) -> Bot:
    """The row of the bot ``name`` (KeyError when there is none)."""
    for b in BOTS:
        if b.name == name:
            return b
    raise KeyError(name)


def preset_row(name: str) -> tuple[Bot, Preset]:
    """The bot and the preset named ``name`` (KeyError when there is none)."""
    for b in BOTS:
        for s in b.presets:
            if s.name == name:
                return b, s
    raise KeyError(name)


def check_params(bot: Bot, given: Mapping[str, Any], where: str) -> dict[str, Any]:
    """Every parameter of ``bot``: the given ones checked, the others at their defaults
    (a dict in the row's order); ValueError with one line naming ``where.<param>`` for a
    bad value, an unknown name or a constraint broken."""
    # the digests a run records beside the parameters that play a file (Kind.digest)
    digests = {
        f"{p.name}{DIGEST_SUFFIX}": p for p in bot.params if type(p.kind).digest is not Kind.digest
    }
    for key in given:
        if bot.param(key) is None and key not in digests:
            allowed = ", ".join(sorted(p.name for p in bot.params)) if bot.params else "none"
            raise ValueError(
                f"{where}: bot {bot.name!r} has no parameter {key!r}; its parameters: {allowed}"
            )
    values = {}
    for p in bot.params:
        value = given[p.name] if p.name in given else p.default
        key = f"{p.name}{DIGEST_SUFFIX}"
        if key in given and isinstance(p.kind, (Weights, BotChoice)):  # its file, by sha256
            value = p.kind.check_digest(f"{where}.{p.name}", value, given[key], f"{where}.{key}")
        elif p.name in given or isinstance(p.kind, Weights):  # a default network is read too
            value = p.check(f"{where}.{p.name}", value)
        values[p.name] = value
    for constraint in bot.constraints:
        message = constraint(values)
        if message is not None:
            raise ValueError(f"{where}.{message}")
    return values


def pack_params(bot_id: int, given: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> dict:
    """The ``BotParams`` struct of bot ``bot_id`` with the ``given`` parameters, as the dict
    the core copies: every field, the bot's own checked (``check_params``) and packed, the
    other bots' 0."""
    bot = BOTS[bot_id]
    given = dict(given)
    values = check_params(bot, given, "bot parameter")
    packed: dict[str, int | float] = {name: 0 for name, _ in FIELDS}
    for p in bot.params:
        want = given.get(f"{p.name}{DIGEST_SUFFIX}")
        if isinstance(p.kind, Weights) and want is not None:
            packed[p.name] = p.kind.pack_known(values[p.name], want)
        else:
            packed[p.name] = p.kind.pack(values[p.name])
    return packed

"""Replay: the ``HandState`` of any row of a scoring or match study, from its output.

``replay(out, hand, match=None)`` reads the run's metadata from its Parquet files (study,
seed, rules, level, options, chunk size), then follows the seeding rule
(docs/architecture.md): chunk k of a run seeded S draws everything from
``chunk_state(S, k)``, its items in order.  So it plays the row's chunk in the core up to
the row's hand (a scoring row: the chunk's hands before it, ``engine.play_hands``; a
match row: the chunk's matches before it, ``engine.play_match``, then the match's hands
before it), deals that hand from the same stream, and plays it decision by decision with
the run's bots through ``HandState.bot_action`` -- the same bots, views and draws as the
study's kernel.  The state returned is over; its ``history`` holds every decision,
``at(n)`` steps through it, and its ``result()`` equals the row (checked against the file
unless ``check=False``).

Cost: the chunk's items before the row, in C (a scoring chunk of 16,384 greedy hands
takes 1-2 s at its end, a chunk of 256 matches about 1 s), plus the hand itself in
Python (a few ms).
"""

from __future__ import annotations

import warnings
from numbers import Integral
from pathlib import Path

import numpy as np

from shengji.bidding.args import PLAYERS
from shengji.bidding.phase import BidPhase
from shengji.game.botspec import BotSpec
from shengji.game.state import HandState
from shengji.names import HAND_COLUMNS, N_SEATS
from shengji.rules import pack
from shengji.studies.conditioned import chunk_dealing
from shengji.studies.kernel_args import kernel_args

__all__ = ["replay"]

_STUDIES = ("scoring", "match")


def _index(name: str, value, n: int | None = None) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, Integral)
        or int(value) < 0
        or (n is not None and int(value) >= n)
    ):
        bound = f"0..{n - 1}" if n is not None else ">= 0"
        raise ValueError(f"{name}: expected a row key {bound}, got {value!r}")
    return int(value)


def _run_config(out, meta: dict):
    """The run's metadata validated as the study it names (the checks a study file gets:
    shengji.studies.base.make_config), so that a file edited by hand -- a chunk size of 0,
    a seed that is a string, a rule that does not exist -- is one ValueError naming the key,
    never a value that reaches the core."""
    from shengji.studies.base import COMMON_KEYS, make_config

    opts = meta.get("options")
    if not isinstance(opts, dict):
        raise ValueError(f"{str(out)!r}: its metadata has no options table (altered by hand?)")
    data = {k: meta[k] for k in COMMON_KEYS if k in meta and k not in ("description",)}
    clash = sorted(set(opts) & set(data))
    if clash:
        raise ValueError(f"{str(out)!r}: its metadata options repeat {', '.join(clash)}")
    data.update(opts)
    try:
        return make_config(data, source=f"the metadata of {str(out)!r}")[1]
    except ValueError as exc:
        raise ValueError(f"{str(out)!r} metadata (altered by hand?): {exc}") from None


def replay(out, hand: int, match: int | None = None, *, check: bool = True) -> HandState:
    """Rebuild one played hand of a scoring or match run, decision by decision.

    The run's chunk is played again from its seed up to the row (module docstring), and
    the row's hand is played through a ``HandState`` with the run's bots: the state
    returned is over, its ``history`` holds every decision and ``at(k)`` steps through it.

    Parameters
    ----------
    out : str or path-like
        The run's output directory (or its ``hands`` table directory).
    hand : int
        The row's ``hand`` key: a scoring run's hand number, or in a match run the hand's
        number in its match.
    match : int, optional
        A match run's ``match`` key (required for a match run).
    check : bool, default True
        Compare the replayed ``result()`` with the row in the file, and raise if they
        differ (a run written by another version of the engine).

    Returns
    -------
    shengji.HandState
        The finished hand.

    Raises
    ------
    ValueError
        For an output that is not a scoring or match run, a run bid by the players, keys
        that name no row, or a replay that differs from the row.

    Warns
    -----
    UserWarning
        When the run was written by another version of shengji.

    Examples
    --------
    >>> import tempfile
    >>> import shengji
    >>> from shengji.analysis import run
    >>> out = run("scoring", tempfile.mkdtemp() + "/scoring", n=20, seed=5)
    >>> s = shengji.replay(out, hand=7)
    >>> row = shengji.load(out).set_index("hand").loc[7]
    >>> bool(s.result()["defender_points"] == row.defender_points)
    True
    >>> s.is_over(), s.at(0).is_over()
    (True, False)
    """
    from shengji.analysis.load import run_metadata
    from shengji.door import BidCore, HandCore
    from shengji.names import VERSION as __version__

    meta = run_metadata(out, "hands")
    study = meta.get("study")
    if study not in _STUDIES:
        raise ValueError(
            f"{str(out)!r} is a {study!r} run: replay takes the rows of "
            f"{' and '.join(_STUDIES)} runs"
        )
    if meta.get("version") != __version__:
        warnings.warn(
            f"the run was written by shengji {meta.get('version')}, this is "
            f"{__version__}: the replay may differ",
            stacklevel=2,
        )
    cfg = _run_config(out, meta)
    if cfg.options.get("bid_policy") == PLAYERS:
        # HandState steps the kernel policies' bidding only; the players' bids are the bots'
        raise ValueError(
            f"{str(out)!r} was bid by the players (bid_policy {PLAYERS!r}): replay takes runs "
            "bid by a kernel policy (eager, threshold, never)"
        )
    chunk, before, keys = _row_place(study, cfg, hand, match)
    a = kernel_args(study, cfg.options, cfg.seed, cfg.level, chunk)
    core = HandCore()
    keep = BidCore()  # the bidding's result, for the round after the bury
    if study == "scoring":
        bots, first_hand = _deal_scoring_hand(core, keep, cfg, a, before)
    else:
        bots, first_hand = _deal_match_hand(core, keep, cfg, a, before, keys)
    s = _play_out(core, keep, cfg, a, bots, first_hand)
    if check:
        _check_row(out, chunk, keys, s.result())
    return s


def _row_place(study: str, cfg, hand, match) -> tuple[int, int, dict[str, int]]:
    """Where a row's keys put it: (its chunk, the items of the chunk before it -- hands of a
    scoring run, matches of a match run -- and the row's keys, checked)."""
    size, n = cfg.chunk_size, cfg.n
    if study == "scoring":
        if match is not None:
            raise ValueError("match: a scoring run's rows are keyed by hand alone")
        hand = _index("hand", hand, n)
        chunk, i = divmod(hand, size)
        return chunk, i, {"hand": hand}
    if match is None:
        raise ValueError("match: a match run's rows are keyed by match and hand")
    match = _index("match", match, n)
    hand = _index("hand", hand)
    chunk, j = divmod(match, size)
    return chunk, j, {"match": match, "hand": hand}


def _deal_scoring_hand(core, keep, cfg, a, i: int) -> tuple[list[BotSpec], bool]:
    """Play the chunk's ``i`` hands before the row in the core, then deal the row's hand
    into ``core`` from the same stream: its seats' bots and whether it is a first hand."""
    from shengji.door import HandsJob, play_hands

    rules = pack.rules(cfg.rules)  # what the drivers take (HandState takes cfg.rules)
    deal = chunk_dealing(cfg)  # the run's [deal] table: its chunks' deals (or None)
    bank, other = a.bots
    if i:
        rows = np.zeros((len(HAND_COLUMNS), i), np.int32)
        play_hands(
            a.job(
                HandsJob,
                n=i,
                rules=rules,
                banker_bot=pack.bot(bank),
                defender_bot=pack.bot(other),
                out=rows,
                deal=deal,
            )
        )
    core.deal(
        a.state,
        a.deck,
        rules,
        a.level,
        a.level,
        a.level,
        a.banker,
        a.bid_policy,
        a.bid_threshold,
        -1,
        keep,
        deal=deal,
    )
    bots = [bank if s % 2 == core.banker % 2 else other for s in range(N_SEATS)]
    return bots, a.banker < 0


def _deal_match_hand(core, keep, cfg, a, j: int, keys: dict) -> tuple[list[BotSpec], bool]:
    """Play the chunk's ``j`` matches before the row's, then its match up to the row's hand
    into ``core``: its seats' bots and whether it is a first hand."""
    from shengji.door import MatchJob, play_match
    from shengji.studies.match import MATCH_CAPACITY

    rules = pack.rules(cfg.rules)  # what the drivers take (HandState takes cfg.rules)
    deal = chunk_dealing(cfg)  # the run's [deal] table: its chunks' deals (or None)
    every = cfg.deal is None or cfg.deal.hands == "every"
    team: tuple[BotSpec, BotSpec] = a.bots  # HandState.bot_action steps any of them
    team0, team1 = (pack.bot(bot) for bot in team)
    match, hand = keys["match"], keys["hand"]
    rows = np.zeros((len(HAND_COLUMNS) + 2, MATCH_CAPACITY), np.int32)
    for _ in range(j):
        play_match(
            a.job(
                MatchJob,
                rules=rules,
                team0_bot=team0,
                team1_bot=team1,
                out=rows,
                deal=deal,
                deal_every=every,
            )
        )
    if (
        hand >= MATCH_CAPACITY
        or core.match_hand(
            a.state,
            a.deck,
            rules,
            team0,
            team1,
            a.bid_policy,
            a.bid_threshold,
            hand,
            keep,
            deal=deal,
            deal_every=every,
        )
        is None
    ):
        raise ValueError(f"hand: match {match} has no hand {hand} (it ended before)")
    return [team[s % 2] for s in range(N_SEATS)], hand == 0


def _play_out(core, keep, cfg, a, bots, first_hand: bool) -> HandState:
    """The dealt hand in ``core`` played to its end through a ``HandState``, the round of
    bids after the bury stepped by the run's kernel policy, the cards by ``bots``."""
    bids = (
        None
        if core.bidding_outcome is None
        else BidPhase.from_result(keep, core.level, cfg.rules, first_hand)
    )
    s = HandState._from_core(
        core, cfg.rules, a.deck, bids, cfg.options["bid_policy"], a.bid_threshold, first_hand
    )
    while (seat := s.to_play) is not None:  # None: the hand is over
        s.apply(s.bid_action() if s.phase == "bid" else s.bot_action(bots[seat]))
    return s


def _check_row(out, chunk: int, keys: dict, result: dict) -> None:
    import pyarrow.parquet as pq

    from shengji.analysis.load import _resolve
    from shengji.runner.output import part_name

    table_dir = _resolve(Path(out), "hands")[0]
    part = table_dir / part_name(chunk)
    filters = [(k, "=", v) for k, v in keys.items()]
    source = part if part.is_file() else table_dir
    try:
        table = pq.read_table(source, filters=filters)
    except (OSError, ValueError) as exc:  # pyarrow: a truncated or altered file
        raise ValueError(
            f"{str(source)!r}: not readable as this run's Parquet rows (truncated or "
            f"altered?): {' '.join(str(exc).split())[:200]}"
        ) from None
    if table.num_rows != 1:
        raise ValueError(f"{str(out)!r} holds {table.num_rows} rows for {keys}")
    row = table.to_pylist()[0]
    for key, value in result.items():
        if key in row and row[key] != value:
            raise ValueError(
                f"the replay of {keys} differs from the row in {str(out)!r}: "
                f"{key} = {value!r}, the row says {row[key]!r}"
            )

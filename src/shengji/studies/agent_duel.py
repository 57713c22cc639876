"""A Python agent in the duplicate duel: it plays team_a's seats of the common deals
(``studies.common_deals``) against a built-in bot, every deal in both orientations, all of
them stepped in lockstep by the vector environment's kernel (``DuelCore.load_duel``).

``play_agent_duel(agent, opponent, params, start, count)`` deals ``2 count`` envs (deal
``start + i`` in orientation o is env ``2 i + o``: o = 0, the agent's team banks; 1, it
defends), then repeats until every hand is over: the agent decides for every env where one
of its seats is to play -- a batched policy once for all of them, over the envs' compact
observations and action masks; a per-decision bot once per decision, with the seat's
``Observation`` -- each action is checked, and one step applies them all and lets the
opponent (in C, on the duel's own per-seat streams) play until the agent's turn again.
The rows are the duel study's (``HAND_COLUMNS``, row 2 i + o), and an agent that decides as
bot X does gives exactly the rows of the duel X against the opponent (a test holds the
per-decision path to that, with X = greedy).

A bad agent is stopped with one line naming the decision (``AgentError``): an exception in
the agent, a value that is not a decision, an illegal action (unless ``illegal =
"replace"``: then the action is refused, a uniformly random legal one is played instead,
and the refusals are counted per hand with the first one's action and trick).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from numbers import Integral

import numpy as np

from shengji.cards import as_cards, format_cards
from shengji.game.actions import ACTION_PLAY, N_ACTIONS, action_name
from shengji.game.agents import BatchedAgent, DecisionAgent, HistoryAgent
from shengji.game.botspec import BotSpec
from shengji.names import HAND_COLUMNS, N_COPIES
from shengji.rules import pack
from shengji.studies.common_deals import DealParams, deal_starts

__all__ = ["AgentError", "AgentDuel", "ILLEGAL", "play_agent_duel", "decision_rng"]

ILLEGAL = ("raise", "replace")
# the agents' own numpy streams: SeedSequence(seed, spawn_key=(..., tag)), three words, so
# never one of the core's (chunk_state: (k,), order_state: (k, 1), seat_key: (k, 2))
_DECISION_TAG, _BATCH_TAG, _REPLACE_TAG = 3, 4, 5
_PROGRESS_S = 0.5  # seconds between progress reports within a piece


class AgentError(ValueError):
    """The agent failed at a decision: one line naming it (deal, orientation, seat, phase,
    trick) and what went wrong."""


def decision_rng(seed: int, deal: int, orientation: int) -> np.random.Generator:
    """The generator a per-decision agent draws from in deal ``deal``, orientation
    ``orientation``: a pure function of the three."""
    return np.random.default_rng(
        np.random.SeedSequence(seed, spawn_key=(deal, orientation, _DECISION_TAG))
    )


def _stream(seed: int, start: int, tag: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(start, 0, tag)))


@dataclass
class AgentDuel:
    """What ``play_agent_duel`` returns: the duel rows (int32 (len(HAND_COLUMNS), 2
    count)), per row the illegal decisions refused, the first one's action and the tricks
    done then (-1: none), the agent's decisions (actions) and the seconds spent in it."""

    rows: np.ndarray
    illegal: np.ndarray  # int16 per row
    illegal_action: np.ndarray  # int16 per row
    illegal_trick: np.ndarray  # int8 per row
    decisions: int
    agent_seconds: float


class _Envs:
    """The lockstep kernel and its arrays."""

    def __init__(self, n: int, params: DealParams, opponent: BotSpec, record: bool):
        from shengji.door import DuelCore
        from shengji.names import OBSERVATION_SIZE

        self.n = n
        self.obs = np.zeros((n, OBSERVATION_SIZE), np.uint8)
        self.mask = np.zeros((n, N_ACTIONS), np.int8)
        self.reward = np.zeros(n, np.float64)
        self.terminated = np.zeros(n, np.bool_)
        self.to_play = np.zeros(n, np.int8)
        self.returns = np.zeros((n, 4), np.float64)
        self.core = DuelCore(
            n,
            pack.rules(params.rules),
            params.rank,
            params.banker,
            -1,
            params.policy,
            params.bid_threshold,
            0b0101,  # one team learns; load_duel seats the agent per env
            pack.bot(opponent),
            0,
            record,
            self.obs,
            self.mask,
            self.reward,
            self.terminated,
            self.to_play,
            self.returns,
        )


def play_agent_duel(
    agent: BatchedAgent | DecisionAgent | HistoryAgent,
    opponent: BotSpec,
    params: DealParams,
    start: int,
    count: int,
    *,
    illegal: str = "raise",
    progress: Callable[[int], None] | None = None,
) -> AgentDuel:
    """Deals ``start .. start + count - 1`` played by ``agent`` (team_a) against
    ``opponent`` (module docstring).  ``progress(k)`` hears of the deals finished as the
    piece goes (both orientations over)."""
    from shengji.door import VECTOR_LAYOUT as LAYOUT

    if illegal not in ILLEGAL:
        raise ValueError(
            f"illegal: expected one of {', '.join(map(repr, ILLEGAL))}, got {illegal!r}"
        )
    n = 2 * count
    history = isinstance(agent, HistoryAgent)
    envs = _Envs(n, params, opponent, record=history)
    states, decks, keys = deal_starts(params, start, count)
    deals = np.repeat(np.arange(start, start + count, dtype=np.int64), 2)
    orientation = np.tile(np.array([0, 1], np.int8), count)
    envs.core.load_duel(
        np.repeat(states, 2, axis=0),
        np.repeat(decks, 2, axis=0),
        np.repeat(keys, 2, axis=0),
        deals,
        orientation,
    )
    off = {}
    at = 0
    for name, shape in LAYOUT:
        off[name] = at
        at += int(np.prod(shape))
    play = _Player(agent, params, envs, deals, orientation, illegal, off, start)
    done_deals = 0
    last = time.monotonic()
    core, to_play = envs.core, envs.to_play
    while True:
        live = np.flatnonzero(to_play >= 0)
        if live.size == 0:
            break
        actions = play.decide(live)
        core.step(actions)
        if progress is not None and time.monotonic() - last > _PROGRESS_S:
            last = time.monotonic()
            over = (to_play < 0).reshape(count, 2).all(axis=1).sum()
            if over > done_deals:
                progress(int(over - done_deals))
                done_deals = int(over)
    if progress is not None and count > done_deals:
        progress(count - done_deals)

    rows = np.zeros((len(HAND_COLUMNS), n), np.int32)
    core.rows(rows)
    return AgentDuel(
        rows,
        play.illegal,
        play.illegal_action,
        play.illegal_trick,
        play.decisions,
        play.agent_seconds,
    )


class _Player:
    """The agent's side of the loop: its decisions, checked."""

    def __init__(self, agent, params, envs, deals, orientation, illegal, off, start):
        self.agent = agent
        self.params = params
        self.envs = envs
        self.deals = deals
        self.orientation = orientation
        self.replace = illegal == "replace"
        self.off = off
        n = envs.n
        self.actions = np.zeros(n, np.int64)
        self.bad = np.zeros(n, np.uint8)
        self.illegal = np.zeros(n, np.int16)
        self.illegal_action = np.full(n, -1, np.int16)
        self.illegal_trick = np.full(n, -1, np.int8)
        self.decisions = 0
        self.agent_seconds = 0.0
        self.replacements = _stream(params.seed, start, _REPLACE_TAG)
        if isinstance(agent, HistoryAgent):
            self.history_fn = agent.make(params)
        if isinstance(agent, BatchedAgent):
            self.batch_rng = _stream(params.seed, start, _BATCH_TAG) if agent.takes_rng else None
        else:
            self.queue: list[deque[int]] = [deque() for _ in range(n)]
            self.owner: list = [None] * n  # decision_key of the decision queued
        if isinstance(agent, DecisionAgent):
            from shengji.game.observation import HandMemo

            self.memo = [HandMemo() for _ in range(n)]
            self.rngs = [
                decision_rng(params.seed, int(deals[i]), int(orientation[i])) for i in range(n)
            ]

    # -- naming a decision ---------------------------------------------------------------
    def where(self, i: int) -> str:
        obs = self.envs.obs[i]
        phase = ("bury", "play", "over")[int(np.argmax(obs[0:3]))]
        trick = int(obs[self.off["tricks_done"]])
        o = int(self.orientation[i])
        role = "banking" if o == 0 else "defending"
        at = f"trick {trick + 1}" if phase == "play" else "the bury"
        return (
            f"deal {int(self.deals[i])}, orientation {o} (its team {role}), seat "
            f"{int(self.envs.to_play[i])}, {at}"
        )

    def fail(self, i: int, what: str) -> AgentError:
        return AgentError(f"agent {self.agent.label}: {self.where(i)}: {what}")

    def decision_key(self, i: int) -> tuple:
        """What stays the same while one decision is made, action by action: the seat,
        the phase, the tricks done and the cards of the open trick."""
        obs, off = self.envs.obs[i], self.off
        trick = int(obs[off["trick"] : off["shown"]].sum())
        return (
            int(self.envs.to_play[i]),
            int(np.argmax(obs[0:3])),
            int(obs[off["tricks_done"]]),
            trick,
        )

    # -- deciding ------------------------------------------------------------------------
    def decide(self, live: np.ndarray) -> np.ndarray:
        agent, a = self.agent, self.actions
        a[:] = 0
        t0 = time.perf_counter()
        if isinstance(agent, BatchedAgent):
            self.batched(live)
        else:
            for i in live:
                q = self.queue[i]
                if q and self.owner[i] != self.decision_key(int(i)):
                    raise self.fail(
                        int(i),
                        f"the bot's decision has more cards than it takes ({len(q)} left: "
                        + ", ".join(action_name(int(x)) for x in q)
                        + ")",
                    )
                if not q:
                    if isinstance(agent, DecisionAgent):
                        q.extend(self.one_decision(int(i)))
                    else:
                        q.extend(self.history_decision(int(i)))
                    self.owner[i] = self.decision_key(int(i))
                a[i] = q.popleft()
        self.agent_seconds += time.perf_counter() - t0
        self.decisions += int(live.size)
        if self.envs.core.illegal(a, self.bad):
            for i in np.flatnonzero(self.bad):
                self.refuse(int(i))
        return a

    def batched(self, live: np.ndarray) -> None:
        agent = self.agent
        obs, mask = self.envs.obs[live], self.envs.mask[live]
        try:
            if self.batch_rng is not None:
                out = agent.fn(obs, mask, self.batch_rng)
            else:
                out = agent.fn(obs, mask)
        except Exception as exc:
            raise self.fail(int(live[0]), f"the policy raised {_exc_line(exc)}") from None
        try:
            if hasattr(out, "detach"):  # a torch tensor
                out = out.detach().cpu().numpy()
            got = np.asarray(out)
        except Exception:
            got = None
        if got is None or got.shape != (live.size,) or got.dtype.kind not in "iu":
            what = f"shape {got.shape} dtype {got.dtype}" if got is not None else type(out).__name__
            raise self.fail(
                int(live[0]),
                f"the policy returned {what} for {live.size} observations; expected "
                f"{live.size} integer actions",
            ) from None
        self.actions[live] = got

    def one_decision(self, i: int) -> list[int]:
        from shengji.game.observation import Observation

        info = self.envs.core.infoset(i)
        obs = Observation.from_infoset(info, self.params.rules, self.memo[i], ())
        try:
            decision = self.agent.fn(obs, self.rngs[i])
        except Exception as exc:
            raise self.fail(i, f"the bot raised {_exc_line(exc)}") from None
        return self.to_actions(i, obs, decision)

    def to_actions(self, i: int, obs, decision) -> list[int]:
        """A bot's decision (play_hand's forms) as the actions that make it."""
        if isinstance(decision, (bool, np.bool_)):
            raise self.fail(i, f"the bot returned {decision!r}, not a decision")
        if isinstance(decision, Integral):
            return [int(decision)]
        if isinstance(decision, np.ndarray):
            decision = decision.tolist()
        if isinstance(decision, str) or (
            isinstance(decision, (list, tuple))
            and all(isinstance(c, Integral) and not isinstance(c, bool) for c in decision)
        ):
            try:
                ids = as_cards(decision)
            except ValueError as exc:
                raise self.fail(i, f"the bot returned {decision!r:.60}: {exc}") from None
            if isinstance(decision, str):
                ids = self.held_copies(i, obs, ids)
            pending = set(obs.pending)
            actions = sorted(c for c in ids if c not in pending)
            if not actions:
                raise self.fail(i, f"the bot returned {decision!r:.60}: no card to play")
            if obs.phase == "play" and obs.current_trick is None:
                actions.append(ACTION_PLAY)
            return actions
        raise self.fail(
            i,
            f"the bot returned {type(decision).__name__} {decision!r:.40}: expected card ids, "
            "card notation or one integer action",
        )

    def held_copies(self, i: int, obs, ids: list[int]) -> list[int]:
        """Notation names kinds: the copies the seat holds and has not chosen."""
        free = [c for c in obs.hand if c not in set(obs.pending)]
        out = []
        for c in ids:
            options = [h for h in free if h // N_COPIES == c // N_COPIES and h not in out]
            if not options:
                raise self.fail(
                    i, f"the bot named {format_cards([c])}, which the seat does not hold"
                )
            out.append(options[0])
        return out

    def history_decision(self, i: int) -> list[int]:
        """A full-information agent's actions: one, or a whole decision's."""
        core = self.envs.core
        deal, bidding = core.deal_info(i)
        try:
            out = self.history_fn(deal, bidding, core.history(i))
        except Exception as exc:
            raise self.fail(i, f"the agent raised {_exc_line(exc)}") from None
        actions = out if isinstance(out, (list, tuple)) and out else [out]
        for a in actions:
            if isinstance(a, (bool, np.bool_)) or not isinstance(a, Integral):
                raise self.fail(
                    i, f"the agent returned {type(out).__name__} {out!r:.40}, not actions"
                )
        return [int(a) for a in actions]

    def refuse(self, i: int) -> None:
        a = int(self.actions[i])
        if not self.replace:
            legal = np.flatnonzero(self.envs.mask[i])
            shown = ", ".join(action_name(int(x)) for x in legal[:8]) + (
                ", ..." if len(legal) > 8 else ""
            )
            name = f" ({action_name(a)})" if 0 <= a < N_ACTIONS else " (no action)"
            raise self.fail(i, f"illegal action {a}{name}; legal now: {shown}")
        if self.illegal[i] == 0:
            self.illegal_action[i] = a if -(2**15) <= a < 2**15 else -2
            self.illegal_trick[i] = int(self.envs.obs[i, self.off["tricks_done"]])
        self.illegal[i] += 1
        legal = np.flatnonzero(self.envs.mask[i])
        self.actions[i] = int(legal[self.replacements.integers(len(legal))])
        if isinstance(self.agent, DecisionAgent):
            self.queue[i].clear()


def _exc_line(exc: BaseException) -> str:
    first = (str(exc).strip().splitlines() or [""])[0]
    return f"{type(exc).__name__}: {first}"[:200] if first else type(exc).__name__

"""Shengji as a Gymnasium vector environment: ``VectorEnv``, N hands stepping in lockstep in
one nogil C loop (``_core.step.vector``).

>>> from shengji.adapters.vector import VectorEnv
>>> env = VectorEnv(1024, preset="standard", seats=(0, 2), opponents="random")
>>> obs, info = env.reset(seed=1)
>>> for _ in range(100):
...     actions = env.sample_actions()       # or a policy's, from obs["action_mask"]
...     obs, rewards, terminated, truncated, info = env.step(actions)

**The game.**  Each env plays one hand per episode, as ``HandState`` steps it: dealt and bid
by the study drivers' own deal step (the shuffle, the kernel bidding policy ``bid_policy``
for every seat, redeals as the rules say; ``trump=`` skips the bidding as ``HandState``'s
does), then the bury and the tricks.  **Bidding is not a decision** of the learner: a
learning agent decides the bury (when it banks: 8 one-card decisions) and every card it
plays, in ``HandState``'s integer encoding (``shengji.game.actions``: 0..107 choose a card
id, 108 plays the lead chosen so far; 109..123, the bid actions, are never legal here).
The learner's seats are ``seats``; the others are played inside C by the built-in bot
``opponents``, any bot as ``shengji.game.botspec`` takes it (``"memory"``,
``"pimc(samples=8)"``, ``{"bot": "swift", "hand_limit": 6}``, a ``BotSpec``), so
a step returns only at a learner seat's decision.  ``seats=(0, 1, 2, 3)``: every decision
is the learner's (self-play; ``info["to_play"]`` says whose).

**Seeding** (the project's rule, ``_core.base.rng``): ``reset(seed=S)`` gives env i
the stream ``chunk_state(S + i, 0)`` (Gymnasium's convention of seed + i per sub-env; a
list of seeds gives one each) and the sorted deck; its first hand is then exactly
``HandState(rules, level, banker, seed=S + i)``, its bots drawing from that stream as
``HandState.bot_action`` does, and each later hand continues the stream (shuffling the deck
the previous hand left).  ``reset()`` without a seed deals every env its next hand.
``sample_actions()`` draws from ``order_state(S, 0)``, a stream of its own.

**Spaces.**  ``single_observation_space`` is a ``Dict`` of ``"observation"``: ``Box`` uint8
(``OBSERVATION_SIZE``,), the compact layout of ``shengji.adapters.compact`` (the seat to
decide's information, by card kind, seats relative to it), and ``"action_mask"``: ``Box``
int8 (124,), its legal actions; ``observation_space`` batches both (n_envs rows).
``single_action_space`` is ``Discrete(124)``, ``action_space`` ``MultiDiscrete``.

**Step.**  ``step(actions)`` -> ``(obs, rewards, terminated, truncated, info)``: rewards are
0 until the hand ends, then ``shengji.adapters.encoding.hand_returns`` (``returns="levels"``:
the levels gained, signed; ``"points"``: the defenders' points D, signed) to the seat that
made the env's last action; ``info["returns"]`` (n_envs, 4) holds every seat's return
where ``info["_returns"]`` (= terminated) is set; ``info["to_play"]`` the seat deciding
(-1 in an env whose hand just ended).  ``truncated`` is always False (a hand always ends).
An illegal action raises ``ValueError`` naming the env, and then no env moved.

**Autoreset: next-step** (``metadata["autoreset_mode"]`` is
``gymnasium.vector.AutoresetMode.NEXT_STEP``, Gymnasium's default): at the step a hand
ends, the env returns its terminal observation (phase "over", the last learner seat's
view, an all-zero mask), its reward and ``terminated=True``; at the next step it ignores
its action, deals its next hand and returns the new first observation with reward 0 and
``terminated=False``.

**Outputs are preallocated**: ``obs``, ``rewards``, ... are the same arrays at every call,
overwritten in place (``copy=True`` returns copies).

**PettingZoo's semantics** (``shengji.adapters.pettingzoo``, one hand an AEC episode): an env
row is an AEC game seen only at its learner seats' turns -- ``info["to_play"]`` is
``agent_selection`` (as ``player_<seat>``), ``obs`` is ``observe(agent)`` (in the compact
layout) with its ``action_mask``, the action is ``step(action)``'s, and the bots' turns in
between are stepped inside the env.  At the end, ``info["returns"][i, s]`` is the reward
PettingZoo gives ``player_s`` (the same ``hand_returns``), all agents terminated at once;
``rewards[i]`` is that of the seat that acted last.  With ``seats=(0, 1, 2, 3)`` every AEC
turn is a step.  PettingZoo's env also steps the bidding (``trump=""``); this one does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Integral

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as _GymVectorEnv

from shengji.cards import parse_rank
from shengji.door import MASK_COLUMNS, RETURNS, VectorCore, chunk_state, order_state
from shengji.game.actions import N_ACTIONS
from shengji.game.arguments import card_bot, game_rules
from shengji.game.setup import trump_index
from shengji.names import BID_POLICIES, MAX_THRESHOLD, N_SEATS, OBSERVATION_SIZE, RANK_NAMES
from shengji.rules import pack
from shengji.seeds import check_seed

__all__ = ["VectorEnv", "OBSERVATION_SIZE", "N_ACTIONS"]

_HIGH = 255  # uint8 observation entries


class VectorEnv(_GymVectorEnv):
    """Shengji as a Gymnasium vector environment: ``n_envs`` hands stepping in lockstep in C.

    The learner plays ``seats``; the built-in bot ``opponents`` plays the others inside C,
    so a step returns only at a learner seat's decision. The observations, masks, rewards
    and flags are written into preallocated arrays; autoreset is Gymnasium's next-step
    mode. The module docstring has the game, the seeding, the spaces and the step.

    Parameters
    ----------
    n_envs : int
        How many hands step together (>= 1).
    preset : str, Rules or dict, default "standard"
        The rules: a preset's name, a ``Rules`` or a dict of options.
    level : str, default "2"
        The hand's level rank, ``"2"`` to ``"A"`` (both teams).
    seats : sequence of int, default (0,)
        The learner's seats (0..3); ``(0, 1, 2, 3)`` is self-play.
    opponents : str or BotSpec, default "random"
        The bot in the other seats: ``"random"``, ``"greedy"``, ``"memory"``, ``"pimc"``,
        ``"swift"`` or a bot with its parameters.
    banker : int, optional
        The banker's seat; None (the default) plays a first hand: the first declarer
        banks, so the learner both banks and defends.
    trump : str, optional
        None (the bidding decides) or ``"S"``, ``"H"``, ``"C"``, ``"D"``, ``"NT"`` (then
        ``banker`` is needed).
    bid_policy : str, default "eager"
        The kernel policy that bids for every seat (bidding is not a decision here).
    threshold : int, default 0
        Its k under ``bid_policy="threshold"`` (0: unset).
    returns : str, default "levels"
        The reward at a hand's end: ``"levels"`` (the levels gained, signed) or
        ``"points"`` (the defenders' points, signed).
    record : bool, default False
        Keep each hand's actions (:meth:`history`; slower).
    copy : bool, default False
        Return copies of the output arrays instead of the same arrays at every call.

    Raises
    ------
    ValueError
        For a bad value of any parameter (one line naming it).

    See Also
    --------
    shengji.adapters.pettingzoo.env : One hand as a PettingZoo environment.

    Examples
    --------
    >>> from shengji.adapters.vector import VectorEnv
    >>> env = VectorEnv(4, seats=(0, 2), opponents="greedy")
    >>> obs, info = env.reset(seed=1)
    >>> obs["observation"].shape, obs["action_mask"].shape
    ((4, 942), (4, 124))
    >>> obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
    >>> info["to_play"].tolist()                  # the learner's seat deciding in each env
    [2, 2, 2, 2]
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}
    seats: tuple[int, ...]
    _core: VectorCore
    _seeded: bool
    _sample_state: np.ndarray | None
    _actions: np.ndarray
    _obs: np.ndarray
    _mask: np.ndarray
    _rewards: np.ndarray
    _terminated: np.ndarray
    _truncated: np.ndarray
    _to_play: np.ndarray
    _returns: np.ndarray
    copy: bool
    level: str
    opponents: str | None

    def __init__(
        self,
        n_envs: int,
        preset="standard",
        level="2",
        seats: Sequence[int] = (0,),
        opponents="random",
        *,
        banker: int | None = None,
        trump: str | None = None,
        bid_policy: str = "eager",
        threshold: int = 0,
        returns: str = "levels",
        record: bool = False,
        copy: bool = False,
    ):
        if isinstance(n_envs, bool) or not isinstance(n_envs, Integral) or n_envs < 1:
            raise ValueError(f"n_envs: expected an integer >= 1, got {n_envs!r}")
        n = int(n_envs)
        rules = game_rules(preset)
        rank = parse_rank(str(level))
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise ValueError(f"seats: expected a sequence of seats 0..3, got {seats!r}")
        if not seats or any(
            isinstance(s, bool) or not isinstance(s, Integral) or s not in range(N_SEATS)
            for s in seats
        ):
            raise ValueError(f"seats: expected one or more seats 0..3, got {seats!r}")
        if len(set(seats)) != len(seats):
            raise ValueError(f"seats: a seat listed twice in {seats!r}")
        learners = sum(1 << int(s) for s in seats)
        if banker is not None and (isinstance(banker, bool) or banker not in range(N_SEATS)):
            raise ValueError(f"banker: expected a seat 0..3 or None, got {banker!r}")
        t = -1 if trump is None else trump_index(trump)
        if t >= 0 and banker is None:
            raise ValueError("trump: a given trump needs a banker seat (banker=0..3)")
        if bid_policy not in BID_POLICIES:
            raise ValueError(
                f"bid_policy: unknown {bid_policy!r}; allowed: {', '.join(BID_POLICIES)}"
            )
        if (
            isinstance(threshold, bool)
            or not isinstance(threshold, Integral)
            or not 0 <= threshold <= MAX_THRESHOLD
        ):
            raise ValueError(
                f"threshold: expected an integer 0..{MAX_THRESHOLD}, got {threshold!r}"
            )
        if returns not in RETURNS:
            raise ValueError(f"returns: unknown {returns!r}; allowed: {', '.join(RETURNS)}")
        spec = None if learners == (1 << N_SEATS) - 1 else card_bot(opponents, "opponents")

        self.num_envs = n
        self.rules = rules
        self.level = RANK_NAMES[rank]
        self.seats = tuple(sorted(int(s) for s in seats))
        self.opponents = None if spec is None else spec.label
        self.banker = banker
        self.trump = trump
        self.returns = returns
        self.copy = bool(copy)
        self.render_mode = None
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, _HIGH, (OBSERVATION_SIZE,), np.uint8),
                "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
            }
        )
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, _HIGH, (n, OBSERVATION_SIZE), np.uint8),
                "action_mask": spaces.Box(0, 1, (n, N_ACTIONS), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(N_ACTIONS)
        self.action_space = spaces.MultiDiscrete(np.full(n, N_ACTIONS, np.int64))
        self._obs = np.zeros((n, OBSERVATION_SIZE), np.uint8)
        self._mask = np.zeros((n, N_ACTIONS), np.int8)
        self._rewards = np.zeros(n, np.float64)
        self._terminated = np.zeros(n, np.bool_)
        self._truncated = np.zeros(n, np.bool_)
        self._to_play = np.zeros(n, np.int8)
        self._returns = np.zeros((n, N_SEATS), np.float64)
        self._actions = np.zeros(n, np.int64)
        assert MASK_COLUMNS <= N_ACTIONS
        self._core = VectorCore(
            n,
            pack.rules(rules),
            rank,
            -1 if banker is None else banker,
            t,
            BID_POLICIES.index(bid_policy),
            int(threshold),
            learners,
            None if spec is None else pack.bot(spec),
            RETURNS.index(returns),
            bool(record),
            self._obs,
            self._mask,
            self._rewards,
            self._terminated,
            self._to_play,
            self._returns,
        )
        self._seeded = False
        self._sample_state = None
        self.closed = False

    # -- Gymnasium ----------------------------------------------------------------------
    def _out(self):
        obs = {"observation": self._obs, "action_mask": self._mask}
        info = {"to_play": self._to_play, "returns": self._returns, "_returns": self._terminated}
        if self.copy:
            obs = {k: v.copy() for k, v in obs.items()}
            info = {k: v.copy() for k, v in info.items()}
        return obs, info

    def reset(self, *, seed=None, options=None):
        """Deal every env a new hand.

        Parameters
        ----------
        seed : int or list of int, optional
            An int S: env i starts from the stream ``chunk_state(S + i, 0)`` and the sorted
            deck (its first hand is ``HandState(rules, level, banker, seed=S + i)``); or a
            list of ``n_envs`` ints, one per env. None: each env's next hand on its stream
            (fresh entropy the first time).
        options : None
            Not supported (every env is reset).

        Returns
        -------
        obs : dict
            ``"observation"`` (n_envs, 942) uint8 and ``"action_mask"`` (n_envs, 124) int8.
        info : dict
            ``"to_play"``: the seat deciding in each env; ``"returns"``, ``"_returns"``.

        Raises
        ------
        ValueError
            For options, a bad seed or a list of the wrong length.
        """
        if options:
            raise ValueError("reset: options are not supported (every env is reset)")
        if seed is None and self._seeded:
            self._core.reset_hands()
        else:
            if seed is None:
                seed = int(np.random.default_rng().integers(0, 1 << 63))  # fresh entropy
            seeds = self._seeds(seed)
            states = np.stack([chunk_state(s, 0) for s in seeds])
            self._core.reset(states)
            self._sample_state = order_state(seeds[0], 0)
            self._seeded = True
        self._truncated[:] = False
        obs, info = self._out()
        return obs, info

    def _seeds(self, seed) -> list[int]:
        if isinstance(seed, (list, tuple, np.ndarray)):
            seeds = [check_seed(s, "seed", allow_sequence=False) for s in seed]
            if len(seeds) != self.num_envs:
                raise ValueError(f"seed: expected {self.num_envs} seeds, got {len(seeds)}")
            return seeds
        s = check_seed(seed, "seed", allow_sequence=False)
        return [s + i for i in range(self.num_envs)]

    def step(self, actions):
        """Take one action in every env; the bots play until the learner's next decision.

        Parameters
        ----------
        actions : array_like of int
            One legal action per env (ignored in an env whose hand just ended: it deals its
            next hand).

        Returns
        -------
        obs : dict
            The next observations and masks (all-zero mask where a hand just ended).
        rewards : numpy.ndarray
            0 until a hand ends, then the return of the seat that acted last.
        terminated : numpy.ndarray
            Where a hand ended at this step.
        truncated : numpy.ndarray
            Always False (a hand always ends).
        info : dict
            ``"to_play"`` (the seat deciding; -1 where a hand just ended), ``"returns"``
            (n_envs, 4: every seat's return where ``"_returns"`` is set).

        Raises
        ------
        ValueError
            Before :meth:`reset`, for actions of the wrong shape or type, or for an illegal
            action (naming the env; then no env moved).
        """
        if not self._seeded:
            raise ValueError("step: call reset() first")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or a.dtype.kind not in "iu":
            raise ValueError(
                f"actions: expected {self.num_envs} integer actions, got shape {a.shape} "
                f"dtype {a.dtype}"
            )
        if a.dtype != np.int64:
            a = a.astype(np.int64)
        self._core.step(np.ascontiguousarray(a))
        obs, info = self._out()
        rewards, terminated, truncated = self._rewards, self._terminated, self._truncated
        if self.copy:
            rewards, terminated, truncated = rewards.copy(), terminated.copy(), truncated.copy()
        return obs, rewards, terminated, truncated, info

    def sample_actions(self) -> np.ndarray:
        """Draw a uniformly random legal action in every env.

        Drawn in C from the environment's own sampling stream (module docstring).

        Returns
        -------
        numpy.ndarray
            One action per env (0 where a hand just ended); the same array at every call.

        Raises
        ------
        ValueError
            Before :meth:`reset`.
        """
        if not self._seeded or self._sample_state is None:
            raise ValueError("sample_actions: call reset() first")
        self._core.sample(self._sample_state, self._actions)
        return self._actions

    def close_extras(self, **kwargs):
        """Close the environment: :meth:`step` refuses until the next :meth:`reset`.

        Parameters
        ----------
        **kwargs
            Gymnasium's, ignored.
        """
        self._seeded = False  # step() refuses until a reset

    # -- for tests and replays ----------------------------------------------------------
    def history(self, i: int) -> list[int]:
        """Return every action of an env's current hand, in order.

        Parameters
        ----------
        i : int
            The env.

        Returns
        -------
        list of int
            The actions of every seat, the bots' too: what ``HandState.apply_action``
            replays (needs ``record=True``).
        """
        return self._core.history(i)

    def deal_info(self, i: int) -> tuple[list[int], dict]:
        """Return how an env's current hand was dealt and bid.

        Parameters
        ----------
        i : int
            The env.

        Returns
        -------
        order : list of int
            The 108 physical cards in dealing order (seat 0 first).
        outcome : dict
            The bidding's outcome: trump, banker, first declarer, overturns, ...
        """
        return self._core.deal_info(i)

    def __repr__(self):
        return (
            f"VectorEnv({self.num_envs}, level {self.level}, seats {self.seats}, "
            f"opponents {self.opponents})"
        )

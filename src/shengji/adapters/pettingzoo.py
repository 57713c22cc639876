"""Shengji as a PettingZoo AEC environment: ``env()`` (wrapped as PettingZoo's classic
games are) and ``raw_env``.

>>> from shengji.adapters.pettingzoo import env
>>> e = env(render_mode="ansi")
>>> e.reset(seed=1)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else \\
...         e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

One hand of Shengji per episode (``shengji.HandState``: the rules, legality and scoring are
the core's; this module only maps actions and observations).  Install with
``pip install pettingzoo gymnasium`` (in a clone of shengji: ``pip install ".[pettingzoo]"``);
without them, importing this module is one ``ImportError`` that says so.

* Agents ``player_0`` .. ``player_3`` are the seats (team 0: players 0 and 2).
* ``reset(seed)`` shuffles the deck with ``numpy.random.default_rng(seed)`` (PettingZoo's
  seeding: a ``SeedSequence``); keyword parameters of ``raw_env`` are those of
  ``shengji.adapters.encoding.GameConfig`` (``preset``, ``level``, ``trump``, ``first_hand``,
  ``returns``).
* Actions: ``Discrete(N_ACTIONS)`` (124), ``HandState``'s integer encoding
  (``shengji.game.actions``: 0..107 choose the card with that id -- a bury card is a
  whole decision, a lead's or follow's cards one action each --, 108 plays the lead
  chosen so far, 109 + k makes the bid ``BID_ACTIONS[k]``, 109 passes).  By default the
  hand is bid (``trump=""``: a seat decides when a card dealt opens a bid to it); an agent
  acts many times in a row while it builds a play.
* Observations: ``{"observation": float32 tensor, "action_mask": int8}``; the tensor is
  ``HandState.observation(seat)`` encoded by ``shengji.adapters.encoding`` (its ``tensor_layout``
  with ``perfect_recall=True``: the summary and the whole trick record), the mask the
  legal actions of the agent to act (zeros for the others).  ``infos[agent]["observation"]``
  is not filled (call ``observation(agent)`` for the ``Observation`` object).
* Rewards: 0 until the hand ends, then ``shengji.adapters.encoding.hand_returns`` (levels, or the
  defenders' points; zero-sum); the hand ends for every agent at once (terminated).  A
  deal thrown in because nobody declared ends the episode with 0 for everyone
  (``shengji.adapters.encoding.step``).
* ``render_mode="ansi"``: ``render()`` returns the whole table as text
  (``HandState.render``); ``"human"`` prints it after each step.

No parallel wrapper: one seat decides at a time (often several actions in a row), so a
parallel step would hold one real action and three no-ops; PettingZoo's
``aec_to_parallel`` is for games where every agent acts at each step.
"""

from __future__ import annotations

from numbers import Integral
from typing import Any

import numpy as np

from shengji.names import install_hint

try:
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError:
    raise ImportError(
        f"shengji.adapters.pettingzoo needs PettingZoo and Gymnasium: {install_hint('pettingzoo')}"
    ) from None

from shengji.adapters.encoding import (
    N_GAME_ACTIONS,
    GameConfig,
    encode,
    hand_returns,
    step,
    tensor_bounds,
)
from shengji.game.observation import Observation
from shengji.game.state import HandState
from shengji.names import N_CARDS, N_SEATS

__all__ = ["env", "raw_env"]

_PERFECT_RECALL = True


def env(**kwargs):
    """Return one hand of Shengji as a PettingZoo AEC environment, with the standard wrappers.

    An illegal action ends the hand with a penalty to the agent that made it
    (``TerminateIllegalWrapper``), actions are checked against the space, and the agents'
    order is enforced, as for PettingZoo's classic games.

    Parameters
    ----------
    **kwargs
        Those of :class:`raw_env`: ``render_mode`` and the game's parameters (``preset``,
        ``level``, ``trump``, ``first_hand``, ``returns``).

    Returns
    -------
    pettingzoo.AECEnv
        The wrapped environment.

    See Also
    --------
    raw_env : The environment without the wrappers.

    Examples
    --------
    >>> from shengji.adapters.pettingzoo import env
    >>> e = env(render_mode="ansi")
    >>> e.reset(seed=1)
    >>> e.agent_selection, int(e.action_space("player_0").n)    # the bidding comes first
    ('player_3', 124)
    """
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return _IntegerActions(wrappers.OrderEnforcingWrapper(e))


def _check_action(action) -> None:
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, Integral):
        raise TypeError(f"action: expected an integer action, got {action!r:.40}")


class _IntegerActions(wrappers.BaseWrapper):
    """TypeError for an action that is no integer (a bool, a float, a string), before
    PettingZoo's wrappers see it (TerminateIllegalWrapper indexes the mask with it)."""

    def step(self, action):
        agent = self.agent_selection
        if action is not None or not (self.terminations[agent] or self.truncations[agent]):
            _check_action(action)  # None: only the step of an agent that is done
        super().step(action)


class raw_env(AECEnv):
    """One hand of Shengji as a PettingZoo AEC environment, without wrappers (module docstring).

    Parameters
    ----------
    render_mode : str, optional
        ``"ansi"`` (``render()`` returns the table as text) or ``"human"`` (printed after
        each step).
    **config
        The game's parameters (``shengji.adapters.encoding.GameConfig``): ``preset``,
        ``level``, ``trump`` (``""``: the hand is bid), ``first_hand``, ``returns``.

    Raises
    ------
    ValueError
        For an unknown render mode or a bad parameter.

    See Also
    --------
    env : The same with PettingZoo's standard wrappers.

    Examples
    --------
    >>> from shengji.adapters.pettingzoo import raw_env
    >>> e = raw_env(trump="S")                    # the trump given: no bidding
    >>> e.reset(seed=1)
    >>> e.agent_selection, e.observation("player_0").phase
    ('player_0', 'bury')
    >>> obs = e.observe("player_0")
    >>> obs["observation"].shape, int(obs["action_mask"].sum())
    ((15981,), 29)
    """

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "shengji_v0",
        "is_parallelizable": False,
    }

    def __init__(self, render_mode: str | None = None, **config):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode: unknown {render_mode!r}; allowed: "
                + ", ".join(self.metadata["render_modes"])
            )
        self.render_mode = render_mode
        self.config = GameConfig(**config)
        self.possible_agents = [f"player_{s}" for s in range(N_SEATS)]
        self.agents = self.possible_agents[:]
        low, high = tensor_bounds(_PERFECT_RECALL)
        self._tensor_shape = low.shape  # the observation Box's
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(N_GAME_ACTIONS,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(N_GAME_ACTIONS) for a in self.possible_agents}
        self.hand: HandState | None = None
        self.thrown_in = False  # the deal was thrown in (shengji.adapters.encoding.step)
        self.np_random, _ = seeding.np_random(None)

    @property
    def _live_hand(self) -> HandState:
        if self.hand is None:
            raise RuntimeError("the environment has no hand yet: call reset() first")
        return self.hand

    def _agent_to_play(self) -> str:
        seat = self._live_hand.to_play
        assert seat is not None  # only asked while the hand is not over
        return self.possible_agents[seat]

    def observation_space(self, agent):
        """Return an agent's observation space.

        Parameters
        ----------
        agent : str
            ``"player_0"`` to ``"player_3"``.

        Returns
        -------
        gymnasium.spaces.Dict
            ``"observation"`` (a float32 ``Box``: the tensor of
            ``shengji.adapters.encoding``) and ``"action_mask"`` (int8, 124).
        """
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """Return an agent's action space.

        Parameters
        ----------
        agent : str
            ``"player_0"`` to ``"player_3"``.

        Returns
        -------
        gymnasium.spaces.Discrete
            The 124 integer actions.
        """
        return self.action_spaces[agent]

    # -- the episode ----------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        """Shuffle and deal a new hand.

        Parameters
        ----------
        seed : int, optional
            Seeds the shuffle (``numpy.random.default_rng(seed)``); None continues the
            environment's generator.
        options : dict, optional
            Ignored.
        """
        if seed is not None or self.hand is None:
            self.np_random, _ = seeding.np_random(seed)
        deck = self.np_random.permutation(N_CARDS).tolist()
        self.hand = self.config.hand(deck)
        self.thrown_in = False
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_play()

    def step(self, action):
        """Apply the selected agent's action.

        Parameters
        ----------
        action : int or None
            One of the agent's legal actions; None for an agent that is done.

        Raises
        ------
        TypeError
            For an action that is not an integer.
        ValueError
            For an illegal action (the state unchanged).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        _check_action(action)
        # ValueError if illegal (the state unchanged)
        self.hand, self.thrown_in = step(self._live_hand, int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.thrown_in or self.hand.is_over():
            ret = (
                [0.0] * N_SEATS if self.thrown_in else hand_returns(self.hand, self.config.returns)
            )
            self.rewards = {a: ret[s] for s, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self._agent_to_play()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def observation(self, agent) -> Observation:
        """Return what an agent may know, as an ``Observation``.

        Parameters
        ----------
        agent : str
            ``"player_0"`` to ``"player_3"``.

        Returns
        -------
        shengji.Observation
            ``HandState.observation`` of its seat.
        """
        return self._live_hand.observation(self.possible_agents.index(agent))

    def observe(self, agent):
        """Return an agent's observation as PettingZoo gives it.

        Parameters
        ----------
        agent : str
            ``"player_0"`` to ``"player_3"``.

        Returns
        -------
        dict
            ``"observation"``: the float32 tensor; ``"action_mask"``: its legal actions
            (zeros when it is not its turn).
        """
        obs = self.observation(agent)
        tensor = np.zeros(self._tensor_shape, np.float32)
        encode(tensor, obs, perfect_recall=_PERFECT_RECALL, thrown_in=self.thrown_in)
        mask = np.zeros(N_GAME_ACTIONS, np.int8)
        if not self.thrown_in:
            mask[list(obs.legal_actions)] = 1
        return {"observation": tensor, "action_mask": mask}

    def render(self):
        """Return the whole table as text (``HandState.render``).

        Returns
        -------
        str or None
            The table; None (with a warning) without a render mode.
        """
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn(
                "render() called without a render_mode "
                '(env(render_mode="ansi") returns the table as text)'
            )
            return None
        return self.hand.render() if self.hand is not None else ""

    def close(self):
        """Close the environment (it holds nothing to release)."""

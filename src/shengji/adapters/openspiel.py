"""Shengji as an OpenSpiel game: importing this module registers ``python_shengji``.

>>> import pyspiel, shengji.adapters.openspiel
>>> game = pyspiel.load_game("python_shengji", {"preset": "standard"})
>>> state = game.new_initial_state()

One hand of Shengji (``shengji.HandState``: the rules, legality and scoring are the
core's; this module only maps actions and observations).  It needs OpenSpiel:
``pip install open_spiel`` (in a clone of shengji: ``pip install ".[openspiel]"``); without
it, importing this module is one ``ImportError`` that says so.

**Parameters**: ``preset`` (a rules preset, ``shengji rules``), ``level`` (both teams'
level rank as a number, 2..14 = A), ``trump`` ("" (default): the hand is bid, every bid a
decision; S H C D NT: given, the bidding skipped), ``first_hand`` (True: the first hand
of a match, the first declarer banks; False: seat 0 banks), ``returns`` ("levels" or
"points"), ``bid_policy`` ("" (default): every bid a decision; "eager", "threshold" with
``bid_threshold``, "never": the kernel policy bids for every seat, no bid is a decision, as
in the studies and ``shengji.evaluate``).  ``shengji.adapters.encoding.GameConfig`` checks them.

**Chance** (``shengji.adapters.encoding``): 108 chance nodes shuffle the deck, node i placing the
card at position i of the dealing order (position i goes to seat i % 4 for i < 100, the
kitty is 100..107), uniformly among the physical cards (ids 0..107) not yet placed; the
outcome is the card's id, so ``max_chance_outcomes`` = 108.  No player sees the shuffle:
the hand deals the cards when it starts.

**Actions**: ``HandState``'s integer encoding (``shengji.game.actions``): ``0..107`` choose
the card with that id (a bury card is one whole decision; a lead's or follow's cards are
chosen one action each), 108 (``ACTION_PLAY``) plays the lead chosen so far, a follow is
played when it has the lead's size; a bid is ``BID_ACTION_BASE`` (109) + its index in
``shengji.rules.bid_types.BID_ACTIONS`` (109 passes).  The bidding is stepped as the cards
are dealt: a seat decides when a card opens a bid to it, then the others in turn
(``HandState(bid_phase=True)``).  ``num_distinct_actions`` = ``N_ACTIONS`` (124); the
legal actions are ``HandState.legal_actions()``, exact (an action is legal iff some legal
decision goes on with it).  ``max_game_length`` (decisions, chance not counted): the
bound ``shengji.adapters.encoding.max_decisions``.  A deal nobody declares on that the rules
throw in ends the game with returns 0 (``shengji.adapters.encoding.step``).

**Observations**: the information-state and observation strings of a seat are
``HandState.observation(seat)`` as JSON (``Observation.to_json``: everything the seat may
know, nothing else -- its own cards, its pending choice, every trick, the voids shown,
the legal actions on its turn ...; the rules are the game's parameters and left out);
during the shuffle ``{"phase": "shuffle", "placed": n}``.  The observation is already the
seat's information state (it keeps every trick), so both strings are the same; the
strings identify the set of cards a seat has chosen, not the order it chose them in
(no later decision or return depends on that order).  The tensors:
``shengji.adapters.encoding.tensor_layout`` (the information-state tensor adds the whole trick
record to the observation tensor's per-seat summary).

**Returns** (terminal only, ``shengji.adapters.encoding.hand_returns``): ``levels``: the levels the
levelling team gains, + for its seats, - for the others; ``points``: the defenders'
points D, + for the defenders, - for the banker team.  Zero-sum.

**Resampling** (``resample_from_infostate``, for ``ISMCTSBot``): ``shengji.adapters.resample``
deals the cards the seat cannot see consistently with its view, then the hand's actions
are replayed on that deck and the deal kept only if the seat would have seen exactly the
same (its information-state string); the random numbers come from the probability
sampler OpenSpiel passes (four draws seed a ``numpy.random.SeedSequence``).
"""

from __future__ import annotations

import json
from numbers import Integral, Real

import numpy as np

from shengji.names import install_hint

try:
    import pyspiel
except ImportError:
    raise ImportError(
        f"shengji.adapters.openspiel needs OpenSpiel (pyspiel): {install_hint('openspiel')}"
    ) from None

from shengji.adapters.encoding import (
    N_GAME_ACTIONS,
    SHUFFLE,
    THROWN_IN,
    GameConfig,
    deck_seed,
    encode,
    hand_returns,
    max_decisions,
    step,
    tensor_size,
    utility_bound,
    views,
)
from shengji.adapters.resample import drive, propose
from shengji.cards import format_cards
from shengji.game.actions import ACTION_PLAY, action_name, is_card_action
from shengji.game.state import HandState
from shengji.names import N_CARDS, N_SEATS
from shengji.seeds import check_seed

__all__ = [
    "GAME_NAME",
    "ShengjiGame",
    "ShengjiState",
    "ShengjiObserver",
    "ShengjiBot",
    "decision_actions",
    "MAX_RESAMPLES",
]

GAME_NAME = "python_shengji"
MAX_RESAMPLES = 1000  # deals drawn before resample_from_infostate gives up
_DEFAULTS = GameConfig()
_PARAMS = {
    "preset": _DEFAULTS.preset,
    "level": _DEFAULTS.level,
    "trump": _DEFAULTS.trump,
    "first_hand": _DEFAULTS.first_hand,
    "returns": _DEFAULTS.returns,
    "bid_policy": _DEFAULTS.bid_policy,
    "bid_threshold": _DEFAULTS.bid_threshold,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Shengji (Tractor, 80 points): one hand",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=N_SEATS,
    min_num_players=N_SEATS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMS,
)


class ShengjiGame(pyspiel.Game):
    """One hand of Shengji as an OpenSpiel game (``python_shengji``; module docstring).

    Parameters
    ----------
    params : dict, optional
        The game's parameters: ``preset``, ``level`` (2..14), ``trump`` (``""``: the hand
        is bid; ``"S"`` ... ``"NT"``: given), ``first_hand``, ``returns`` (``"levels"`` or
        ``"points"``); ``pyspiel.load_game`` passes them.

    Raises
    ------
    ValueError
        For an unknown parameter or a bad value.

    Examples
    --------
    >>> import numpy as np
    >>> import pyspiel
    >>> import shengji.adapters.openspiel
    >>> game = pyspiel.load_game("python_shengji", {"trump": "S", "returns": "points"})
    >>> state = game.new_initial_state()
    >>> for card in np.random.default_rng(0).permutation(108):     # the shuffle
    ...     state.apply_action(int(card))
    >>> game.num_distinct_actions(), game.max_chance_outcomes(), game.num_players()
    (124, 108, 4)
    >>> state.current_player(), state.hand.phase          # seat 0 banks and buries
    (0, 'bury')
    """

    def __init__(self, params=None):
        params = dict(params or {})
        unknown = set(params) - set(_PARAMS)
        if unknown:
            raise ValueError(
                f"unknown parameter(s) {', '.join(sorted(unknown))}; allowed: " + ", ".join(_PARAMS)
            )
        self.config = GameConfig(**{**_PARAMS, **params})
        bound = utility_bound(self.config)
        info = pyspiel.GameInfo(
            num_distinct_actions=N_GAME_ACTIONS,
            max_chance_outcomes=N_CARDS,
            num_players=N_SEATS,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=max_decisions(self.config),
        )
        super().__init__(_GAME_TYPE, info, {**_PARAMS, **params})

    def new_initial_state(self):
        """Return a new hand, before the shuffle.

        Returns
        -------
        ShengjiState
            The state at the first of the 108 chance nodes that shuffle the deck.
        """
        return ShengjiState(self)

    def deserialize_state(self, text):
        """Return the state that ``State.serialize()`` wrote, checked.

        The text is OpenSpiel's format (the history, the move number and the pickled
        state); the pickled state must be the one its own history replays to, so that a
        truncated or altered text is one ValueError, never a state that disagrees with
        itself (the core's pickled structs carry a checksum). Unpickle only what you
        trust: a pickle can run code.

        Parameters
        ----------
        text : str
            What ``State.serialize()`` returned.

        Returns
        -------
        ShengjiState
            The state.

        Raises
        ------
        TypeError
            For something other than a string.
        ValueError
            For a text that is not a state of this game as ``serialize`` writes it.
        """
        if not isinstance(text, str):
            raise TypeError(
                f"serialized state: expected the text of State.serialize(), "
                f"not {type(text).__name__}"
            )
        bad = "serialized state: not a state of this game as State.serialize() writes it"
        try:
            state = super().deserialize_state(text)
        except pyspiel.SpielError:
            raise ValueError(f"{bad} (truncated or altered)") from None
        except Exception as exc:  # the unpickling of an altered pickle: anything at all
            raise ValueError(
                f"{bad} (its pickled state does not load: {type(exc).__name__})"
            ) from None
        if not isinstance(state, ShengjiState):
            raise ValueError(f"{bad} (it holds a {type(state).__name__})")
        _check_replays(self, state, bad)
        return state

    def make_py_observer(self, iig_obs_type=None, params=None):
        """Return an observer of the seats' observations (OpenSpiel's PyObserver).

        Parameters
        ----------
        iig_obs_type : pyspiel.IIGObservationType, optional
            A seat's private and the public information (the default, without perfect
            recall); ``perfect_recall=True`` adds the trick record to the tensor.
        params : dict, optional
            None: the observer takes no parameters.

        Returns
        -------
        ShengjiObserver
            The observer.
        """
        return ShengjiObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class ShengjiState(pyspiel.State):
    """One hand as an OpenSpiel state: the shuffle so far (``deck``), then its ``HandState``.

    Parameters
    ----------
    game : ShengjiGame
        The game (``game.new_initial_state()`` makes states).

    Examples
    --------
    >>> import numpy as np
    >>> import pyspiel
    >>> import shengji.adapters.openspiel
    >>> game = pyspiel.load_game("python_shengji", {"trump": "S", "returns": "points"})
    >>> state = game.new_initial_state()
    >>> for card in np.random.default_rng(0).permutation(108):     # the shuffle
    ...     state.apply_action(int(card))
    >>> bot = shengji.adapters.openspiel.ShengjiBot("greedy", seed=0)
    >>> while not state.is_terminal():
    ...     state.apply_action(bot.step(state))
    >>> state.returns()                       # the defenders' points, + for them
    [-110.0, 110.0, -110.0, 110.0]
    """

    def __init__(self, game: ShengjiGame):
        super().__init__(game)
        self._config = game.config
        self.deck: list[int] = []
        self._left = list(range(N_CARDS))  # ids not placed yet
        self._box = _HandBox()
        self.thrown_in = False  # the deal was thrown in (encoding.step)
        self.who: list[int] = []  # the seat that made each decision action
        self.seed: int | None = None  # the hand's seed (None: from the deck)

    @property
    def hand(self) -> HandState | None:
        """The hand's ``HandState`` (None during the shuffle)."""
        return self._box.hand

    # -- the game ---------------------------------------------------------------------
    def current_player(self):
        """Return whose turn it is.

        Returns
        -------
        int
            The seat deciding, or OpenSpiel's chance (during the shuffle) or terminal
            player id.
        """
        if self.hand is None:
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.hand.to_play

    def _legal_actions(self, player):
        if self.hand is None or self.is_terminal() or player != self.hand.to_play:
            return []
        return self.hand.legal_actions()

    def chance_outcomes(self):
        """Return the shuffle's next outcomes: the cards not placed yet, uniformly.

        Returns
        -------
        list of tuple
            ``(card id, probability)`` per card still to place.
        """
        p = 1.0 / len(self._left)
        return [(c, p) for c in self._left]

    def apply_action(self, action):
        """Apply an action (OpenSpiel's ``apply_action``, the action checked first).

        Parameters
        ----------
        action : int
            A chance outcome (a card id) during the shuffle, else one of
            ``legal_actions()`` (a numpy integer too).

        Raises
        ------
        TypeError
            For an action that is not an integer (not pybind11's page of overloads).
        ValueError
            For an action that is not legal here.
        """
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, Integral):
            raise TypeError(f"action: expected an integer action, got {action!r:.40}")
        if not 0 <= int(action) < 2**63:  # -1 is OpenSpiel's kInvalidAction: its own error
            raise ValueError(f"action {action}: no action of this game (legal_actions())")
        super().apply_action(int(action))

    def _apply_action(self, action):
        if self.hand is None:
            if action not in self._left:  # the C++ side checks legality only in debug mode
                what = "placed already" if 0 <= action < N_CARDS else "no card id 0..107"
                raise ValueError(
                    f"chance action {action}: not a card still to place ({what}); "
                    "chance_outcomes() lists them"
                )
            self._left.remove(action)
            self.deck.append(action)
            if not self._left:
                if self.seed is None:
                    self.seed = deck_seed(self.deck)
                self._box.hand = self._config.hand(self.deck, self.seed)
        else:
            seat = self.hand.to_play
            assert seat is not None  # OpenSpiel applies no action to a terminal state
            self._box.hand, self.thrown_in = step(self.hand, action)
            self.who.append(seat)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"Place {format_cards([action])} (id {action})"
        if is_card_action(action):
            return f"Choose {action_name(action)} (id {action})"
        name = action_name(action)  # "play", or a bid: "declare H" ...
        return name[0].upper() + name[1:]

    def is_terminal(self):
        """Return whether the hand is over (or thrown in: nobody declared).

        Returns
        -------
        bool
            Whether the game has ended.
        """
        return self.thrown_in or (self.hand is not None and self.hand.is_over())

    def returns(self):
        """Return each seat's return: nonzero only once the hand is over (module docstring).

        Returns
        -------
        list of float
            Per seat: the levels its team gained (``returns="levels"``, signed) or the
            defenders' points (``"points"``, + for the defenders); zero-sum.
        """
        hand = self.hand
        if self.thrown_in or hand is None or not hand.is_over():  # not is_terminal()
            return [0.0] * N_SEATS
        return hand_returns(hand, self._config.returns)

    def observation(self, seat: int):
        """Return what a seat may know.

        Parameters
        ----------
        seat : int
            The seat, 0..3.

        Returns
        -------
        shengji.Observation or None
            ``HandState.observation(seat)``, or None during the shuffle.
        """
        return None if self.hand is None else self.hand.observation(seat)

    def __str__(self):
        if self.hand is None:
            return f"shuffle: {len(self.deck)} of {N_CARDS} cards placed"
        if self.hand.banker >= 0:
            text = self.hand.render()
        else:  # a first hand's bidding, no banker yet: the four seats' views
            text = "\n\n".join(str(self.hand.observation(s)) for s in range(N_SEATS))
        return text + "\nthe deal is thrown in: nobody declared" if self.thrown_in else text

    # -- determinization ------------------------------------------------------------------
    def resample_from_infostate(self, player_id, probability_sampler):
        """Return a state a seat cannot tell from this one, the cards it cannot see dealt again.

        Its information-state string is the same as this state's (module docstring,
        "Resampling"); ``ISMCTSBot`` uses it.

        Parameters
        ----------
        player_id : int
            The seat, 0..3.
        probability_sampler : callable, numpy.random.Generator or int
            OpenSpiel's sampler (a callable returning floats in [0, 1)), a generator, or
            an int seed.

        Returns
        -------
        ShengjiState
            The resampled state.

        Raises
        ------
        ValueError
            For a bad seat or sampler.
        RuntimeError
            When no consistent deal is found in ``MAX_RESAMPLES`` draws.
        """
        if (
            isinstance(player_id, (bool, np.bool_))
            or not isinstance(player_id, Integral)
            or not 0 <= int(player_id) < N_SEATS
        ):
            raise ValueError(f"player_id: expected a seat 0..{N_SEATS - 1}, got {player_id!r}")
        player_id = int(player_id)
        rng = _generator(probability_sampler)
        game = self.get_game()
        if self.hand is None:  # nothing of the shuffle is visible
            other = game.new_initial_state()
            for c in rng.permutation(N_CARDS)[: len(self.deck)]:
                other.apply_action(int(c))
            return other
        key = self.information_state_string(player_id)
        for _ in range(MAX_RESAMPLES):
            deck, script = propose(self.hand, player_id, rng, self.who)
            other = game.new_initial_state()
            other.seed = self.seed  # the same public draws (the first drawer)
            for c in deck:
                other.apply_action(c)
            try:
                ok = drive(
                    script,
                    player_id,
                    lambda other=other: other.hand,  # this iteration's state
                    other.apply_action,
                    other.is_terminal,
                    rng,
                )
            except (ValueError, pyspiel.SpielError):
                continue  # a decision the deal makes illegal
            if ok and other.information_state_string(player_id) == key:
                return other
        raise RuntimeError(f"resample_from_infostate: no consistent deal in {MAX_RESAMPLES} draws")


def _check_replays(game: ShengjiGame, state: ShengjiState, bad: str) -> None:
    """ValueError unless replaying ``state``'s history (with its seed) gives ``state``."""
    seed = state.__dict__.get("seed")
    try:
        fresh = game.new_initial_state()
        fresh.seed = None if seed is None else check_seed(seed)
        for a in state.history():
            fresh.apply_action(a)
        same = (
            fresh.deck == state.deck
            and fresh.who == state.who
            and fresh.thrown_in == state.thrown_in
            and fresh._left == state._left
            and (fresh.hand is None) == (state.hand is None)
            and (
                fresh.hand is None
                or (
                    isinstance(state.hand, HandState)
                    and fresh.hand.history == state.hand.history
                    and fresh.hand.actions == state.hand.actions
                    and fresh.hand.legal_actions() == state.hand.legal_actions()
                    and all(
                        fresh.information_state_string(p) == state.information_state_string(p)
                        for p in range(N_SEATS)
                    )
                    and fresh.returns() == state.returns()
                )
            )
        )
    except pyspiel.SpielError:
        raise ValueError(f"{bad}: its history does not replay") from None
    except (ValueError, TypeError) as exc:  # ours: one line naming the action or value
        raise ValueError(f"{bad}: its history does not replay ({exc})"[:300]) from None
    except Exception as exc:  # an altered attribute of the pickled state
        raise ValueError(f"{bad}: its pickled state is altered ({type(exc).__name__})") from None
    if not same:
        raise ValueError(f"{bad}: the pickled state is not what its history replays to")


class _HandBox:
    """Holds a state's HandState.  OpenSpiel clones a Python state by deep-copying each
    attribute; this one copies its hand with ``HandState.clone`` (a memcpy of the core's
    state) instead of pickling it."""

    __slots__ = ("hand",)

    def __init__(self, hand: HandState | None = None):
        self.hand = hand

    def __deepcopy__(self, memo):
        return _HandBox(None if self.hand is None else self.hand.clone())


def _generator(sampler) -> np.random.Generator:
    if isinstance(sampler, np.random.Generator):
        return sampler
    if isinstance(sampler, (int, np.integer)) and not isinstance(sampler, (bool, np.bool_)):
        return np.random.default_rng(np.random.SeedSequence(check_seed(int(sampler))))
    if not callable(sampler):
        raise TypeError(
            "probability_sampler: expected a callable returning floats in [0, 1), a "
            f"numpy Generator or an int seed, not {type(sampler).__name__}"
        )
    entropy = []
    for _ in range(4):
        u = sampler()
        if isinstance(u, bool) or not isinstance(u, Real) or not 0 <= float(u) < 1:
            raise ValueError(f"probability_sampler: returned {u!r}, not a float in [0, 1)")
        entropy.append(int(float(u) * 2**32))
    return np.random.default_rng(np.random.SeedSequence(entropy))


class ShengjiObserver:
    """OpenSpiel's PyObserver of a seat's observation: a tensor and a string.

    ``tensor`` and its named ``dict`` views follow ``shengji.adapters.encoding``; the
    string is the observation's JSON (module docstring).

    Parameters
    ----------
    iig_obs_type : pyspiel.IIGObservationType
        A seat's private and the public information (``private_info`` SINGLE_PLAYER,
        ``public_info`` True): what ``HandState.observation`` gives; ``perfect_recall``
        adds the trick record to the tensor.
    params : dict or None
        None (no parameters are supported).

    Raises
    ------
    ValueError
        For parameters, or another kind of information.

    Examples
    --------
    >>> import numpy as np
    >>> import pyspiel
    >>> import shengji.adapters.openspiel
    >>> game = pyspiel.load_game("python_shengji", {"trump": "S", "returns": "points"})
    >>> state = game.new_initial_state()
    >>> for card in np.random.default_rng(0).permutation(108):     # the shuffle
    ...     state.apply_action(int(card))
    >>> observer = game.make_py_observer()
    >>> observer.set_from(state, 0)
    >>> observer.tensor.shape
    (2381,)
    >>> observer.string_from(state, 0)[:40]
    '{"seat":0,"phase":"bury","to_play":0,"le'
    """

    def __init__(self, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        if (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "python_shengji observes a seat's own and the public "
                "information together (private_info=SINGLE_PLAYER, "
                "public_info=True)"
            )
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(tensor_size(self.perfect_recall), np.float32)
        self.dict = views(self.tensor, self.perfect_recall)

    def set_from(self, state: ShengjiState, player: int):
        """Write a seat's observation of a state into ``tensor``.

        Parameters
        ----------
        state : ShengjiState
            The state.
        player : int
            The seat.
        """
        encode(
            self.tensor,
            state.observation(player),
            perfect_recall=self.perfect_recall,
            seat=player,
            thrown_in=state.thrown_in,
        )

    def string_from(self, state: ShengjiState, player: int) -> str:
        """Return a seat's observation of a state as a string.

        Parameters
        ----------
        state : ShengjiState
            The state.
        player : int
            The seat.

        Returns
        -------
        str
            The observation's JSON without the rules (during the shuffle: the number of
            cards placed).
        """
        return observation_string(
            state.observation(player), len(state.deck), player, state.thrown_in
        )


def observation_string(obs, placed: int, seat: int, thrown_in: bool = False) -> str:
    """The JSON of ``obs`` (an Observation) without its rules, or of the shuffle; a deal
    thrown in is the observation before the last pass with phase "thrown_in"."""
    if obs is None:
        return json.dumps({"seat": seat, "phase": SHUFFLE, "placed": placed})
    d = obs.to_dict()
    del d["rules"]
    if thrown_in:
        d.update(phase=THROWN_IN, to_play=None, legal_actions=[])
    return json.dumps(d, separators=(",", ":"))


def decision_actions(hand: HandState, cards) -> list[int]:
    """Return the integer actions that make a whole decision from a hand's current state.

    Parameters
    ----------
    hand : shengji.HandState
        The hand.
    cards : sequence of int
        The decision's card ids: the rest of a bury, a lead, a follow.

    Returns
    -------
    list of int
        Its ids in increasing order (less those already chosen), then ``ACTION_PLAY``
        (108) for a lead.

    Examples
    --------
    >>> from shengji import HandState
    >>> from shengji.adapters.openspiel import decision_actions
    >>> hand = HandState("standard", "2", banker=0, seed=1, trump="S")
    >>> while hand.phase == "bury":
    ...     event = hand.apply(hand.bot_action("greedy"))
    >>> lead = hand.legal_plays()[0]
    >>> decision_actions(hand, lead) == sorted(lead) + [108]
    True
    """
    chosen = set(hand.pending)
    actions = sorted(c for c in cards if c not in chosen)
    if hand.phase == "play" and hand.current_trick is None:
        actions.append(ACTION_PLAY)
    return actions


class ShengjiBot(pyspiel.Bot):
    """A bot of shengji as an OpenSpiel bot.

    It decides a whole decision from the seat's ``Observation`` and plays it one action
    per ``step``.

    Parameters
    ----------
    bot : str, dict, BotSpec or callable, default "greedy"
        A built-in bot as ``shengji.game.botspec`` takes it (a name, a label
        ``"pimc(samples=8)"``, a table, a ``BotSpec``), or a Python bot
        ``bot(observation, rng) -> decision`` (``shengji.game.bots``, e.g.
        ``builtin_bot("greedy")``).
    seed : int, optional
        The seed of its generator (``numpy.random.default_rng``).

    Examples
    --------
    >>> import numpy as np
    >>> import pyspiel
    >>> import shengji.adapters.openspiel
    >>> game = pyspiel.load_game("python_shengji", {"trump": "S", "returns": "points"})
    >>> state = game.new_initial_state()
    >>> for card in np.random.default_rng(0).permutation(108):     # the shuffle
    ...     state.apply_action(int(card))
    >>> bot = shengji.adapters.openspiel.ShengjiBot("greedy", seed=0)
    >>> action = bot.step(state)
    >>> action in state.legal_actions()
    True
    """

    def __init__(self, bot="greedy", seed=None):
        super().__init__()
        from shengji.game.bots import builtin_bot

        self._bot = bot if callable(bot) else builtin_bot(bot)
        self._rng = np.random.default_rng(seed)
        self._plan: list[int] = []
        self._at = -1  # the state's action count the plan continues at

    def restart_at(self, state):
        """Forget the decision in progress (OpenSpiel calls it when a game restarts).

        Parameters
        ----------
        state : ShengjiState
            The state play restarts at.
        """
        self._plan, self._at = [], -1

    def step(self, state):
        """Return the bot's next action in a state.

        Parameters
        ----------
        state : ShengjiState
            The state, a decision of the bot's seat.

        Returns
        -------
        int
            The next action of the decision it chose.
        """
        hand = state.hand
        if not self._plan or self._at != len(hand.actions):
            seat = hand.to_play
            decision = self._bot(hand.observation(seat), self._rng)
            if isinstance(decision, (int, np.integer)):
                self._plan = [int(decision)]
            else:
                self._plan = decision_actions(hand, decision)
        self._at = len(hand.actions) + 1
        return self._plan.pop(0)


pyspiel.register_game(_GAME_TYPE, ShengjiGame)

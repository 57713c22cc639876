"""One hand of Shengji as a game state, in the style of OpenSpiel (docs/rules.md §3–8).

>>> s = HandState("standard", level="2", banker=0, seed=1)
>>> s.phase, s.to_play
('bury', 0)
>>> ev = s.apply(s.bot_action("greedy"))      # the banker's 8 bury cards: 8 decisions
>>> while not s.is_over():
...     ev = s.apply(s.bot_action("random"))   # ev: the Event of the play
>>> s.result()["defender_points"] >= 0
True

A state is a pure function of its ``setup`` (rules, levels, the deal, trump, banker, the
bidding's outcome) and its ``history`` (every decision, in order):
``HandState.from_history(s.setup, s.history)`` rebuilds ``s``.  The C core
(``shengji._core.handcore``) holds the hand and the card ids.

* ``HandState(rules, level, banker=None, deal=None, seed=None, trump=None)``: ``banker``
  None is the first hand of a match (the first declarer banks); ``deal`` the 108 card ids
  in dealing order (position i goes to seat i % 4 for i < 100, 100..107 is the kitty), or
  None to shuffle from ``seed`` (``HandState(seed=S)`` is hand 0 of a scoring run with
  seed S: docs/architecture.md, "The seeding rule"); ``trump`` ("S" "H" "C" "D", or
  "NT") skips the bidding (then ``banker`` defaults to seat 0), else the bidding kernel
  (``bid_policy``) decides.  ``defender_level`` (with a ``banker``): the other team's level,
  as in a match.
* Phases (the core's, ``shengji.names.PHASE_NAMES``): ``"bury"`` (the banker, holding 33
  cards, buries 8 one decision at a time), ``"play"``, ``"over"``.
* Decisions: ``apply(cards)`` makes a whole one (a lead, a follow, or bury cards: each
  card is one decision) and returns its ``Event``; ``apply_action(a)`` is the integer
  encoding, one card at a time (``shengji.game.actions``); ``legal_plays()`` and
  ``legal_actions()`` work in every phase.  A throw is an attempt: ``apply`` runs the
  throw check against the other hands and, when it fails, plays the forced component and
  books the penalty (the Event says so).
* What a seat may know: ``observation(seat)`` (``shengji.game.observation``).  Bots:
  ``bot_action("random" | "greedy")`` is the built-in bot's choice from the deciding seat's
  view, drawn from the state's own generator (the one a study's hand draws from);
  ``shengji.game.play_hand`` plays a hand with bots and Python callables
  ``bot(observation, rng)``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from numbers import Integral

import numpy as np

from .._core import handcore as _core
from .._core.rng import chunk_state
from ..bid_types import BidOutcome
from ..cards import N_COPIES, as_cards, parse_rank
from ..names import (BID_POLICIES, BOT_NAMES, MAX_THRESHOLD, N_CARDS, N_SEATS, NO_TRUMP,
                     PHASE_NAMES, RANK_NAMES, SUITS, TRUMP_NAMES)
from ..rules import Rules, resolve_rules
from ..seeds import check_seed
from .actions import ACTION_PLAY
from .observation import HandMemo, Observation
from .records import Event, bid_outcome, event_of, hand_result

__all__ = ["HandState", "Setup", "BOTS", "BID_POLICIES"]

BOTS = BOT_NAMES                   # ("random", "greedy"), from the core's BotId enum
_BURY, _PLAY, _OVER = (PHASE_NAMES.index(p) for p in ("bury", "play", "over"))


def _trump_index(trump) -> int:
    t = str(trump).strip().upper()
    if t in ("NT", "N"):
        return NO_TRUMP
    if t in SUITS:
        return SUITS.index(t)
    raise ValueError(f"trump: unknown value {trump!r}; expected S, H, C, D or NT")


def _bid_dict(b: BidOutcome | None) -> dict | None:
    """``bid_outcome``'s inverse: the core's bidding dict."""
    if b is None:
        return None
    return {"trump": TRUMP_NAMES.index(b.trump), "banker": b.banker,
            "first_declarer": b.first_declarer, "first_declare_index": b.first_declare_index,
            "overturns": b.overturns, "reinforced": int(b.reinforced),
            "no_bid": int(b.no_bid), "redeals": b.redeals,
            "banker_steps_down": int(b.banker_steps_down)}


@dataclass(frozen=True)
class Setup:
    """What a hand starts from, before any decision: the rules, the banker team's and the
    defenders' levels, the deal (108 card ids in dealing order, after any redeal), the
    trump and banker, and the bidding's public outcome (None when the trump was given).
    A bidding phase will start from the deal before the bidding instead."""

    rules: Rules
    level: str
    defender_level: str
    deal: tuple[int, ...]
    trump: str
    banker: int
    bidding: BidOutcome | None = None

    def to_dict(self) -> dict:
        """Plain data (JSON-ready); ``Setup.from_dict`` reads it back."""
        return {"rules": self.rules.to_dict(), "level": self.level,
                "defender_level": self.defender_level, "deal": list(self.deal),
                "trump": self.trump, "banker": self.banker,
                "bidding": None if self.bidding is None else asdict(self.bidding)}

    @classmethod
    def from_dict(cls, data: dict) -> "Setup":
        try:
            b = data["bidding"]
            return cls(Rules.from_dict(data["rules"]), str(data["level"]),
                       str(data["defender_level"]), tuple(int(c) for c in data["deal"]),
                       str(data["trump"]), int(data["banker"]),
                       None if b is None else BidOutcome(**{**b, "bids": tuple(b["bids"])}))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a Setup's data: {exc}") from None


class HandState:
    """One hand: see the module docstring."""

    def __init__(self, rules=None, level="2", banker=None, deal=None, seed=None, trump=None,
                 *, bid_policy="eager", threshold=0, defender_level=None):
        rules = resolve_rules(rules)
        rank = parse_rank(str(level))
        if banker is not None and (isinstance(banker, bool) or banker not in range(N_SEATS)):
            raise ValueError(f"banker: expected a seat 0..3 or None, got {banker!r}")
        if bid_policy not in BID_POLICIES:
            raise ValueError(f"bid_policy: unknown {bid_policy!r}; allowed: {', '.join(BID_POLICIES)}")
        if isinstance(threshold, bool) or not isinstance(threshold, Integral) \
                or not 0 <= threshold <= MAX_THRESHOLD:
            raise ValueError(f"threshold: expected an integer 0..{MAX_THRESHOLD} (trumps a seat "
                             f"holds), got {threshold!r}")
        def_rank = rank if defender_level is None else parse_rank(str(defender_level))
        if def_rank != rank and banker is None:
            raise ValueError("defender_level: a first hand (banker=None) is played at one "
                             "level; give the banker seat")
        state = chunk_state(check_seed(seed, allow_none=True), 0)  # the seeding rule: chunk 0
        policy = BID_POLICIES.index(bid_policy)
        t = -1 if trump is None else _trump_index(trump)
        core = _core.HandCore()
        if deal is None:
            # the study drivers' own deal step: shuffle, bid, redeal as the rules say
            deck = np.arange(N_CARDS, dtype=np.uint8)
            seat = (0 if t >= 0 else -1) if banker is None else banker
            lv = [rank, rank]
            if seat >= 0:
                lv[1 - seat % 2] = def_rank
            core.deal(state, deck, rules, rank, lv[0], lv[1], seat, policy, threshold, t)
        else:
            cards = as_cards(deal)
            if len(cards) != N_CARDS:
                raise ValueError(f"deal: expected the 108 card ids in dealing order, got {len(cards)}")
            deck = np.asarray(cards, dtype=np.uint8)
            bidding = None
            if t >= 0:
                b = 0 if banker is None else banker
            else:
                rc, bidding = _core.HandCore.bid(deck, rank, rules,
                                                 -1 if banker is None else banker,
                                                 policy, threshold, state)
                if rc != 0:
                    raise ValueError("deal: nobody declared and the rules throw this deal in "
                                     "(docs/rules.md §7); pass trump= to play it anyway")
                t, b = bidding["trump"], bidding["banker"]
            lv = [rank, rank]
            lv[1 - (b if banker is None else banker) % 2] = def_rank
            core.setup(deck, lv[b % 2], lv[1 - b % 2], t, b, rules, state, bidding)
        self._adopt(core, rules, deck)

    def _adopt(self, core, rules: Rules, deck) -> None:
        """Wrap a freshly dealt HandCore (no decision made yet)."""
        self._core = core
        self.rules = rules
        self.setup = Setup(rules, RANK_NAMES[core.level], RANK_NAMES[core.def_level],
                           tuple(int(c) for c in deck), TRUMP_NAMES[core.trump], core.banker,
                           bid_outcome(core.bidding_outcome))
        self._history: list[tuple[int, ...]] = []
        self._actions: list[int] = []
        self._events: list[Event] = []
        self._public: tuple[int, Observation] | None = None
        self._memo = HandMemo()          # the public record observations share

    @classmethod
    def _from_core(cls, core, rules: Rules, deck) -> "HandState":
        s = cls.__new__(cls)
        s._adopt(core, rules, deck)
        return s

    @classmethod
    def from_history(cls, setup: Setup, history=(), *, seed=None) -> "HandState":
        """The state ``setup`` reaches through ``history``: decisions as card ids or
        notation (``apply``), or integer actions (``apply_action``), in order.  Its bots
        draw from ``chunk_state(seed, 0)``."""
        if not isinstance(setup, Setup):
            raise ValueError(f"setup: expected a HandState's Setup, got {type(setup).__name__}")
        core = _core.HandCore()
        core.setup(np.asarray(setup.deal, np.uint8), parse_rank(setup.level),
                   parse_rank(setup.defender_level), _trump_index(setup.trump), setup.banker,
                   setup.rules, chunk_state(check_seed(seed, allow_none=True), 0),
                   _bid_dict(setup.bidding))
        s = cls._from_core(core, setup.rules, setup.deal)
        for i, d in enumerate(history):
            try:
                if isinstance(d, Integral) and not isinstance(d, bool):
                    s.apply_action(int(d))
                else:
                    s.apply(d)
            except ValueError as exc:
                raise ValueError(f"history[{i}]: {exc}") from None
        return s

    # -- views ----------------------------------------------------------------------------
    @property
    def level(self) -> str:
        """The banker team's level: the hand's level rank."""
        return self.setup.level

    @property
    def defender_level(self) -> str:
        return self.setup.defender_level

    @property
    def deal(self) -> list[int]:
        return list(self.setup.deal)

    @property
    def bidding(self) -> BidOutcome | None:
        return self.setup.bidding

    @property
    def banker(self) -> int:
        return self._core.banker

    @property
    def trump(self) -> str:
        return TRUMP_NAMES[self._core.trump]

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._core.phase]

    def is_over(self) -> bool:
        return self._core.phase == _OVER

    @property
    def to_play(self) -> int | None:
        """The seat to decide (None once the hand is over)."""
        return None if self.is_over() else self._core.to_play

    @property
    def leader(self) -> int:
        """The leader of the current trick (between tricks: of the next one)."""
        return self._core.leader

    @property
    def hands(self) -> list[list[int]]:
        """Every seat's cards (full information), sorted; the banker's without the cards
        it has buried so far."""
        return [self._core.hand_ids(s) for s in range(N_SEATS)]

    @property
    def kitty(self) -> list[int]:
        """The 8 cards dealt to the kitty (the banker took them)."""
        return self._core.kitty_ids()

    @property
    def buried(self) -> list[int]:
        """The cards the banker buried (so far, during the bury)."""
        return self._core.buried_ids()

    @property
    def history(self) -> tuple[tuple[int, ...], ...]:
        """Every decision so far, in order: each a tuple of card ids (one bury card; the
        cards led or followed, for a failed throw the cards tried)."""
        return tuple(self._history)

    @property
    def actions(self) -> list[int]:
        """Every action so far in the integer encoding (``shengji.game.actions``), the
        cards chosen of a decision under way included."""
        return list(self._actions)

    @property
    def events(self) -> tuple[Event, ...]:
        """What each decision did, in order (one per ``history`` entry)."""
        return tuple(self._events)

    def _public_record(self) -> Observation:
        """An observation (of seat 0) for the public record, cached per action."""
        if self._public is None or self._public[0] != len(self._actions):
            self._public = (len(self._actions), self.observation(0))
        return self._public[1]

    @property
    def tricks(self):
        """The completed tricks (``Trick``), in order."""
        return self._public_record().tricks

    @property
    def current_trick(self):
        """The open trick (its plays so far), or None between tricks."""
        return self._public_record().current_trick

    @property
    def failed_throws(self):
        """The failed throws so far (``FailedThrow``: trick, seat, attempted, forced,
        penalty)."""
        return self._public_record().failed_throws

    @property
    def points(self) -> tuple[int, ...]:
        """Trick points taken per seat."""
        return tuple(self._core.seat_points)

    @property
    def team_points(self) -> tuple[int, int]:
        """Trick points taken per team (team t: seats t and t + 2)."""
        p = self._core.seat_points
        return p[0] + p[2], p[1] + p[3]

    @property
    def trick_points(self) -> tuple[int, int]:
        """(banker team, defenders) points taken in tricks so far."""
        return self._core.banker_points, self._core.table_points

    @property
    def penalty(self) -> int:
        """The signed change of D booked by failed throws so far (docs/rules.md §8)."""
        return self._core.penalty

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know, and nothing else (``shengji.game.observation``)."""
        if isinstance(seat, bool) or seat not in range(N_SEATS):
            raise ValueError(f"seat: expected 0..3, got {seat!r}")
        return Observation.from_infoset(self._core.infoset(seat), self.rules, self._memo)

    # -- decisions --------------------------------------------------------------------------
    def legal_plays(self) -> list[list[int]]:
        """Candidate whole decisions of the seat to decide (card ids): in the bury one card
        each (every card it may bury next); in the play every legal follow, or for a lead
        every single, pair and tractor and the top-k throws of each following-suit
        (docs/hand-engine.md; ``apply`` accepts any lead of one following-suit).  [] once
        the hand is over."""
        if self.is_over():
            return []
        return self._core.infoset(self._core.to_play).legal()

    def legal_actions(self) -> list[int]:
        """The legal actions of the integer encoding (``shengji.game.actions``), sorted;
        exact in every phase.  [] once the hand is over."""
        return self._core.legal_actions()

    def _check(self, raw):
        if isinstance(raw, tuple) and len(raw) == 1:
            raise ValueError(_core.APPLY_ERRORS.get(raw[0], f"status {raw[0]}"))
        return raw

    def _record(self, ev: Event, actions) -> Event:
        self._history.append(ev.cards)
        self._actions.extend(actions)
        self._events.append(ev)
        return ev

    def apply(self, cards) -> Event:
        """Make the current decision with ``cards`` (card ids, one id, or notation text):
        a lead or a follow of the seat to play, or in the bury phase 1..8 cards to bury
        (each one decision, as many as are still to bury).  Returns the Event (of the last
        bury card given).  ValueError if illegal, and then the state is unchanged."""
        if self.is_over():
            raise ValueError("the hand is over")
        seat = self._core.to_play
        if isinstance(cards, Integral) and not isinstance(cards, bool):
            cards = [int(cards)]
        ids = as_cards(cards)
        if isinstance(cards, str):
            ids = self._held_copies(seat, ids)
        leading = self._core.phase == _PLAY and self._core.n_in_trick == 0
        raw = self._check(self._core.apply_cards(ids))
        ev = None
        for r in raw:
            ev = event_of(r)
            if ev.phase == "bury":
                self._record(ev, ev.cards)
            else:
                self._record(ev, sorted(ev.cards) + ([ACTION_PLAY] if leading else []))
        if ev is None:
            raise ValueError("an empty decision")
        return ev

    def apply_action(self, action: int) -> Event | None:
        """Apply one action of the integer encoding (``shengji.game.actions``).  Returns
        the Event when it completes a decision, None when it only chose a card.
        ValueError if it is not legal, and then the state is unchanged."""
        if isinstance(action, bool) or not isinstance(action, Integral):
            raise ValueError(f"action: expected an integer, got {action!r}")
        if self.is_over():
            raise ValueError("the hand is over")
        raw = self._check(self._core.apply_action(int(action)))
        if raw is None:
            self._actions.append(int(action))
            return None
        return self._record(event_of(raw), [int(action)])

    def _held_copies(self, seat: int, ids: list[int]) -> list[int]:
        """Notation picks copy 0 of a kind first: map kinds onto the copies the seat holds
        (and has not chosen already)."""
        held = self._core.hand_ids(seat)
        chosen = set(self._core.chosen_ids())
        out = []
        for c in ids:
            options = [h for h in held if h // N_COPIES == c // N_COPIES
                       and h not in out and h not in chosen]
            if not options:
                raise ValueError(f"seat {seat} does not hold the card {c}")
            out.append(options[0])
        return out

    def bot_action(self, bot: str = "greedy") -> list[int]:
        """The built-in bot's choice for the current decision, as card ids: in the bury the
        rest of the bury (8 cards, less those already buried), in the play a whole lead or
        follow.  Decided from the deciding seat's view; drawn from this state's generator."""
        if bot not in BOTS:
            raise ValueError(f"bot: unknown {bot!r}; allowed: {', '.join(BOTS)}")
        if self.is_over():
            raise ValueError("the hand is over")
        return self._core.bot_cards(BOTS.index(bot))

    def reseed(self, seed) -> None:
        """The built-in bots of ``bot_action`` draw from ``chunk_state(seed, 0)`` from now
        on (the game state itself does not change)."""
        self._core.set_rng(chunk_state(check_seed(seed, allow_none=True), 0))

    def clone(self) -> "HandState":
        """An independent copy (the core's state, its generator and the records)."""
        other = HandState.__new__(HandState)
        other.__dict__.update(self.__dict__)
        other._core = self._core.copy()
        other._history = list(self._history)
        other._actions = list(self._actions)
        other._events = list(self._events)
        other._memo = self._memo.copy()
        return other

    def at(self, n: int) -> "HandState":
        """A new state: this hand after its first ``n`` decisions (0: the start)."""
        if isinstance(n, bool) or not isinstance(n, Integral) or not 0 <= n <= len(self._history):
            raise ValueError(f"n: expected 0..{len(self._history)}, got {n!r}")
        return HandState.from_history(self.setup, self._history[:n])

    def result(self) -> dict:
        """The scoring of the hand (docs/rules.md §5, §6, §8): the columns of a scoring
        study's ``hands`` row (``hand_result``), and ``demotion`` (a match row's: the rank
        index of the banker team's demoted level, -1 for none).  ValueError before the
        end."""
        if not self.is_over():
            raise ValueError("the hand is not over")
        return hand_result(self._core.result())

    def render(self) -> str:
        """The whole table as text: every hand, the kitty, the bury and the record."""
        from .render import render_state

        return render_state(self)

    def __getstate__(self):
        d = dict(self.__dict__)
        d["_public"] = None
        return d

    def __repr__(self):
        return (f"HandState(level {self.level}, trump {self.trump}, banker {self.banker}, "
                f"phase {self.phase}, {len(self._history)} decisions)")

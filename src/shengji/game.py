"""One hand of Shengji as a game state, in the style of OpenSpiel (RULES.md §3–8).

>>> s = HandState("standard", level="2", banker=0, seed=1)
>>> s.phase, s.to_play
('bury', 0)
>>> s.apply(s.bot_action("greedy"))        # the banker buries 8
>>> while not s.is_over():
...     s.apply(s.bot_action("random"))
>>> sorted(s.result())[:3]
['banker', 'defender_points', 'failed_throws']

A state is a pure function of its deal and the plays applied to it (``history``); the
C core (``shengji._core.handcore``) holds it, this class keeps the physical card ids.

* ``HandState(rules, level, banker=None, deal=None, seed=None, trump=None)``: ``banker``
  None is the first hand of a match (the first declarer banks); ``deal`` the 108 card ids
  in dealing order (position i goes to seat i % 4 for i < 100, 100..107 is the kitty), or
  None to shuffle from ``seed`` (``HandState(seed=S)`` is hand 0 of a scoring run with
  seed S: docs/architecture.md, "The seeding rule"); ``trump`` ("S" "H" "C" "D", or
  "NT") skips the bidding (then ``banker`` defaults to seat 0), else the bidding kernel
  (``bid_policy``) decides.
* Phases: ``"bury"`` (the banker, holding 33 cards, ``apply``-s the 8 to bury), ``"play"``,
  ``"over"``.
* ``legal_plays()`` for the seat to play: every legal follow; for a lead every single,
  pair and tractor, and per following-suit the *top-k throws* (the seat's holding of the
  suit decomposed, components sorted by top card, the union of the first k, k >= 2).  A
  throw is an attempt: it is not checked against the other hands (a player cannot see
  them); ``apply`` runs the throw check and, when it fails, plays the forced component
  and books the penalty (``failed_throws`` lists them).  Any lead of one following-suit is
  accepted by ``apply``, also throws outside that family.  In the bury phase every 8 of
  the banker's 33 cards is legal; ``legal_plays()`` raises there (C(33, 8) sets).
* Bots: ``bot_action("random" | "greedy")`` is the built-in bot's choice (from the state's
  own generator, seeded by ``seed``); ``play_hand`` plays a whole hand with a bot name or a
  Python callable ``f(state) -> play`` per seat (slower: one Python call per decision).
"""
from __future__ import annotations

import copy
from numbers import Integral

import numpy as np

from ._core import handcore as _core
from ._core.rng import chunk_state
from .cards import as_cards, parse_rank
from .names import (BID_POLICIES, BOT_NAMES, MAX_THRESHOLD, N_CARDS, N_COPIES,
                    N_DEALT, N_SEATS, NO_TRUMP, PHASE_NAMES, RANK_NAMES, SHAPE_NAMES,
                    SIDE_NAMES, SUITS, TRUMP_NAMES)
from .rules import resolve_rules
from .seeds import check_seed

__all__ = ["HandState", "play_hand", "BOTS", "BID_POLICIES"]

BOTS = BOT_NAMES                   # ("random", "greedy"), from the core's BotId enum


def _masks(ids) -> tuple[int, int]:
    one = two = 0
    for c in ids:
        b = 1 << (c // N_COPIES)
        if one & b:
            two |= b
        one |= b
    return one, two


def _trump_index(trump) -> int:
    if trump is None:
        raise ValueError("trump: None")
    t = str(trump).strip().upper()
    if t in ("NT", "N"):
        return NO_TRUMP
    if t in SUITS:
        return SUITS.index(t)
    raise ValueError(f"trump: unknown value {trump!r}; expected S, H, C, D or NT")


class HandState:
    def __init__(self, rules=None, level="2", banker=None, deal=None, seed=None, trump=None,
                 *, bid_policy="eager", threshold=0):
        self.rules = resolve_rules(rules)
        self.level = RANK_NAMES[parse_rank(str(level))]
        rank = parse_rank(self.level)
        if banker is not None and (isinstance(banker, bool) or banker not in range(N_SEATS)):
            raise ValueError(f"banker: expected a seat 0..3 or None, got {banker!r}")
        if bid_policy not in BID_POLICIES:
            raise ValueError(f"bid_policy: unknown {bid_policy!r}; allowed: {', '.join(BID_POLICIES)}")
        if isinstance(threshold, bool) or not isinstance(threshold, Integral) \
                or not 0 <= threshold <= MAX_THRESHOLD:
            raise ValueError(f"threshold: expected an integer 0..{MAX_THRESHOLD} (trumps a seat "
                             f"holds), got {threshold!r}")
        state = chunk_state(check_seed(seed, allow_none=True), 0)      # the seeding rule: hand 0 of chunk 0
        policy = BID_POLICIES.index(bid_policy)
        t = -1 if trump is None else _trump_index(trump)
        self._core = _core.HandCore()
        if deal is None:
            # the study drivers' own deal step: shuffle, bid, redeal as the rules say
            deck = np.arange(N_CARDS, dtype=np.uint8)
            seat = (0 if t >= 0 else -1) if banker is None else banker
            t, b, _ = self._core.deal(state, deck, self.rules, rank, rank, rank, seat,
                                      policy, threshold, t)
        else:
            cards = as_cards(deal)
            if len(cards) != N_CARDS:
                raise ValueError(f"deal: expected the 108 card ids in dealing order, got {len(cards)}")
            deck = np.asarray(cards, dtype=np.uint8)
            if t >= 0:
                b = 0 if banker is None else banker
            else:
                rc, t, b = _core.HandCore.bid(deck, rank, self.rules,
                                              -1 if banker is None else banker,
                                              policy, threshold, state)
                if rc != 0:
                    raise ValueError("deal: nobody declared and the rules throw this deal in "
                                     "(docs/rules.md §7); pass trump= to play it anyway")
            self._core.setup(deck, rank, rank, t, b, self.rules, state)
        self.deal = [int(c) for c in deck]
        self._hands = [sorted(self.deal[i] for i in range(s, N_DEALT, N_SEATS))
                       for s in range(N_SEATS)]
        self.kitty = sorted(self.deal[N_DEALT:])
        self._hands[b] = sorted(self._hands[b] + self.kitty)
        self.buried: list[int] = []
        self.tricks: list[list[tuple[int, list[int]]]] = []
        self.history: list[list[int]] = []
        self.failed_throws: list[tuple[int, list[int], list[int]]] = []

    # -- views ----------------------------------------------------------------------------
    @property
    def banker(self) -> int:
        return self._core.banker

    @property
    def trump(self) -> str:
        return TRUMP_NAMES[self._core.trump]

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._core.phase]

    @property
    def to_play(self) -> int:
        return self._core.to_play

    @property
    def hands(self) -> list[list[int]]:
        return [list(h) for h in self._hands]

    def is_over(self) -> bool:
        return self._core.phase == 2

    # -- plays ----------------------------------------------------------------------------
    def _ids_for(self, seat: int, one: int, two: int) -> list[int]:
        held = self._hands[seat]
        out = []
        m = one
        while m:
            k = (m & -m).bit_length() - 1
            m &= m - 1
            copies = [c for c in held if c // N_COPIES == k]
            out += copies[:2] if (two >> k) & 1 else copies[:1]
        return out

    def legal_plays(self) -> list[list[int]]:
        if self._core.phase == 0:
            raise ValueError("bury phase: any 8 of the banker's 33 cards (hands[banker]) "
                             "may be buried; they are not enumerated")
        if self._core.phase == 2:
            return []
        seat = self.to_play
        return [self._ids_for(seat, int(a), int(b)) for a, b in self._core.legal()]

    def apply(self, play) -> None:
        """Apply the seat to play's play (card ids or notation); ValueError if illegal,
        and then the state is unchanged."""
        if self.is_over():
            raise ValueError("the hand is over")
        ids = as_cards(play)
        seat = self.to_play
        held = set(self._hands[seat])
        if any(c not in held for c in ids):
            if not isinstance(play, str):
                raise ValueError(f"seat {seat} does not hold card(s) "
                                 f"{[c for c in ids if c not in held]}")
            # notation text picks copy 0 first: map kinds onto the copies the seat holds
            ids = self._remap(seat, ids)
        one, two = _masks(ids)
        if self._core.phase == 0:
            rc = self._core.bury(one, two)
            if rc != 0:
                raise ValueError(f"bury: {_core.APPLY_ERRORS.get(rc, rc)} (bury exactly 8 "
                                 "of the banker's cards)")
            self._remove(seat, ids)
            self.buried = sorted(ids)
            self.history.append(sorted(ids))
            return
        leading = self._core.n_in_trick == 0
        rc, fo, ft = self._core.apply(one, two)
        if rc != 0:
            raise ValueError(_core.APPLY_ERRORS.get(rc, f"status {rc}"))
        self.history.append(list(ids))
        played = ids
        if (fo, ft) != (one, two):
            played = self._ids_within(ids, fo, ft)
            self.failed_throws.append((seat, list(ids), played))
        self._remove(seat, played)
        if leading:
            self.tricks.append([])
        self.tricks[-1].append((seat, list(played)))

    def _remap(self, seat, ids):
        held = sorted(self._hands[seat])
        out = []
        for c in ids:
            k = c // N_COPIES
            options = [h for h in held if h // N_COPIES == k and h not in out]
            if not options:
                raise ValueError(f"seat {seat} does not hold the card {c}")
            out.append(options[0])
        return out

    @staticmethod
    def _ids_within(ids, one, two):
        out = []
        for c in ids:
            k = c // N_COPIES
            want = 2 if (two >> k) & 1 else 1 if (one >> k) & 1 else 0
            if sum(1 for x in out if x // N_COPIES == k) < want:
                out.append(c)
        return out

    def _remove(self, seat, ids):
        s = set(ids)
        self._hands[seat] = [c for c in self._hands[seat] if c not in s]

    def bot_action(self, bot: str = "greedy") -> list[int]:
        """The built-in bot's choice for the current decision (bury or play)."""
        if bot not in BOTS:
            raise ValueError(f"bot: unknown {bot!r}; allowed: {', '.join(BOTS)}")
        if self.is_over():
            raise ValueError("the hand is over")
        one, two = self._core.bot(BOTS.index(bot))
        return self._ids_for(self.to_play, int(one), int(two))

    def clone(self) -> "HandState":
        other = copy.copy(self)
        other._core = self._core.copy()
        other._hands = [list(h) for h in self._hands]
        other.tricks = [list(t) for t in self.tricks]
        other.history = list(self.history)
        other.failed_throws = list(self.failed_throws)
        other.buried = list(self.buried)
        return other

    def result(self) -> dict:
        """The scoring columns (RULES.md §5, §6, §8); ValueError before the end."""
        if not self.is_over():
            raise ValueError("the hand is not over")
        r = self._core.result()
        return {
            "banker": r["banker"],
            "trump": TRUMP_NAMES[r["trump"]],
            "level": self.level,
            "table_points": r["table_points"],
            "kitty_points": r["kitty_points"],
            "last_winner_side": SIDE_NAMES[r["last_winner_side"]],
            "last_winner_shape": SHAPE_NAMES[r["last_winner_shape"]],
            "kitty_multiplier": r["kitty_multiplier"],
            "penalty": r["penalty"],
            "defender_points": r["defender_points"],
            "level_side": SIDE_NAMES[r["level_side"]],
            "levels": r["levels"],
            "next_banker": r["next_banker"],
            "failed_throws": r["failed_throws"],
        }

    @property
    def trick_points(self) -> tuple[int, int]:
        """(banker team, defenders) points taken in tricks so far."""
        return self._core.banker_points, self._core.table_points

    def __repr__(self):
        return (f"HandState(level {self.level}, trump {self.trump}, banker {self.banker}, "
                f"phase {self.phase}, {len(self.tricks)} tricks)")


def play_hand(rules=None, level="2", *, policies=("greedy",) * 4, banker=0, seed=None,
              deal=None, trump=None) -> HandState:
    """Play a whole hand: ``policies[seat]`` is a bot name or a callable ``f(state) ->
    play`` (the banker's policy also buries).  Returns the finished state."""
    if len(policies) != N_SEATS:
        raise ValueError("policies: one per seat (4)")
    s = HandState(rules, level, banker=banker, deal=deal, seed=seed, trump=trump)
    while not s.is_over():
        p = policies[s.to_play]
        s.apply(p(s) if callable(p) else s.bot_action(p))
    return s

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
  in dealing order (position i goes to seat (d + i) % 4 for i < 100, d the first drawer of
  docs/rules.md §7 — seat 0 unless ``random_first_drawer`` or ``banker_draws_first``;
  100..107 is the kitty), or
  None to shuffle from ``seed`` (``HandState(seed=S)`` is hand 0 of a scoring run with
  seed S: docs/architecture.md, "The seeding rule"); ``trump`` ("S" "H" "C" "D", or
  "NT") skips the bidding and the first-drawer rules (seat 0 draws first; ``banker``
  defaults to seat 0), else the bidding kernel (``bid_policy``) decides.
* Phases: ``"bid"`` (with ``bid_phase=True``: a seat decides a bid action, see below),
  ``"bury"`` (the banker, holding 33 cards, ``apply``-s the 8 to bury), ``"play"``,
  ``"over"``.
* Bidding (docs/rules.md §7): by default the kernel policy ``bid_policy`` (``"eager"``,
  ``"threshold"`` with ``threshold=k``, ``"never"``) bids for every seat when the state is
  made, as in the studies.  With ``bid_phase=True`` the state starts in phase ``"bid"``:
  the cards land one by one (deterministic: the deal is known) and each seat with a bid
  open to it decides; ``legal_plays()`` are bid actions (small ints,
  ``shengji.bid_types.BID_ACTIONS``: 0 passes), ``bid_options()`` the same as
  ``BidOption`` values, ``apply(action)`` takes an action, a ``BidOption`` or its name,
  ``bot_action("eager" | "threshold" | "never")`` is a kernel policy's choice (a card bot's
  name means the state's ``bid_policy``), ``bid_cards(seat)`` what a seat has been dealt
  so far, ``bid_current(seat)`` the standing bid as it sees it.  A deal thrown in (nobody
  declared) is reshuffled from the seed, or refused for a given ``deal``.  Under
  ``overturn_after_kitty`` a round of overturns follows the bury (phase ``"bid"`` again
  with ``bid_phase``, else decided by ``bid_policy``); an overturner that re-buries
  (``overturn_reburies``) gets phase ``"bury"``.  ``bidding`` is the outcome
  (``BidOutcome``; its ``bids`` log lists every bid), ``history`` holds bid actions (ints)
  and plays (lists of card ids).
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
from ._core.bidcore import BidCore
from ._core.bidding import draw_bounded, shuffle_deck
from .bid_phase import BidPhase, kind_counts
from .bid_types import BidOption, BidOutcome
from .cards import as_cards, parse_rank
from .names import (BID_POLICIES, BOT_NAMES, MAX_REDEALS, MAX_THRESHOLD, N_CARDS, N_COPIES,
                    N_DEALT, N_SEATS, NO_TRUMP, PHASE_NAMES, RANK_NAMES, SHAPE_NAMES,
                    SIDE_NAMES, SUITS, TRUMP_NAMES)
from .reference.bidding import first_drawer as _first_drawer
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
                 *, bid_policy="eager", threshold=0, bid_phase=False):
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
        self._policy, self._threshold = policy, threshold
        self._state = state
        self._bids: BidPhase | None = None      # the bidding while it may still decide
        self._bid_phase = bool(bid_phase)
        self._given_deal = deal is not None
        self._setup_done = False
        self._redeals = 0
        self.bidding: BidOutcome | None = None
        self.buried: list[int] = []
        self.tricks: list[list[tuple[int, list[int]]]] = []
        self.history: list = []
        self.failed_throws: list[tuple[int, list[int], list[int]]] = []
        self._first_hand = t < 0 and banker is None
        self._bank_seat = 0 if banker is None else banker
        first = 0
        if deal is None:
            deck = np.arange(N_CARDS, dtype=np.uint8)
        else:
            cards = as_cards(deal)
            if len(cards) != N_CARDS:
                raise ValueError(f"deal: expected the 108 card ids in dealing order, got {len(cards)}")
            deck = np.asarray(cards, dtype=np.uint8)
        if t < 0 and (self._bid_phase or deal is not None):
            # the bidding stepped here (the kernel's own machine): the first drawer, then
            # for a seed the shuffle -- the draws bid_hand makes
            first = _first_drawer(self.rules, self._first_hand, self._bank_seat,
                                  lambda bound: draw_bounded(state, bound))
            self._first_drawer = first
            if deal is None:
                shuffle_deck(state, deck)
            self._deal_cards(deck, first)
            self._bids = BidPhase(deck, rank, self.rules, self._first_hand, self._bank_seat,
                                  first)
            self._settle_bids()
            return
        if deal is None:
            # the study drivers' own deal step: shuffle, bid, redeal as the rules say
            seat = (0 if t >= 0 else -1) if banker is None else banker
            keep = BidCore() if t < 0 else None
            t, b, redeals = self._core.deal(state, deck, self.rules, rank, rank, rank, seat,
                                            policy, threshold, t, keep)
            if keep is not None:
                self._bids = BidPhase.from_result(keep, rank, self.rules, self._first_hand)
                res = keep.result()
                first = res["first_drawer"]
                self.bidding = self._bids.outcome(res, redeals)
                self._redeals = redeals
        else:
            b = 0 if banker is None else banker
            self._core.setup(deck, rank, rank, t, b, self.rules, state)
        self._deal_cards(deck, first)
        self._first_drawer = first
        self._take_kitty(b)
        self._setup_done = True

    def _deal_cards(self, deck, first: int) -> None:
        self.deal = [int(c) for c in deck]
        self._hands = [sorted(self.deal[(s - first) % N_SEATS:N_DEALT:N_SEATS])
                       for s in range(N_SEATS)]
        self.kitty = sorted(self.deal[N_DEALT:])

    def _take_kitty(self, banker: int) -> None:
        self._hands[banker] = sorted(self._hands[banker] + self.kitty)

    # -- bidding ------------------------------------------------------------------------
    def _settle_bids(self) -> None:
        """Move the hand on while the bidding waits for nobody: bid_policy decides (the
        default mode), the deal's bidding ends (a redeal, or the hand set up for the bury),
        an overturner takes up the kitty to re-bury, the round after the bury ends."""
        while self._bids is not None:
            bids = self._bids
            if bids.deciding:
                if self._bid_phase:
                    return
                bids.apply(bids.bot(self._policy, self._threshold))
                self._follow_trump()
            elif bids.stage == "dealt" and not bids.finished:
                self._end_deal_bidding()
            elif bids.stage == "rebury":
                seat = bids.rebury_seat
                if self._core.phase == 1:          # still in play: take up the kitty
                    self._core.take_kitty(seat)
                    self._hands[seat] = sorted(self._hands[seat] + self.buried)
                    self.buried = []
                return                             # the overturner buries (phase "bury")
            elif bids.stage == "late_done":
                self.bidding = bids.outcome(bids.late_finish(), self._redeals)
                self._bids = None
            else:
                return                             # the bury comes next

    def _end_deal_bidding(self) -> None:
        bids = self._bids
        rc, res = bids.finish(self._state)
        rank = parse_rank(self.level)
        if rc == 1:                          # thrown in: nobody declared
            if self._given_deal:
                raise ValueError("deal: nobody declared and the rules throw this deal in "
                                 "(docs/rules.md §7); pass trump= to play it anyway")
            self._redeals += 1
            if self._redeals > MAX_REDEALS:
                raise ValueError(f"{MAX_REDEALS} deals in a row were thrown in because "
                                 "nobody declared")
            deck = np.asarray(self.deal, np.uint8)
            shuffle_deck(self._state, deck)
            self._deal_cards(deck, self._first_drawer)
            self._bids = BidPhase(deck, rank, self.rules, self._first_hand, self._bank_seat,
                                  self._first_drawer)
            return
        self.bidding = bids.outcome(res, self._redeals)
        self._core.setup(np.asarray(self.deal, np.uint8), rank, rank, res["trump"],
                         res["banker"], self.rules, self._state, self._first_drawer)
        self._take_kitty(res["banker"])
        self._setup_done = True

    def _after_bury(self) -> None:
        """A bury is done: the round of overturns after it, when the rules have one."""
        bids = self._bids
        if bids is None:
            return
        if bids.stage == "rebury":           # an overturner re-buried: the round goes on
            seat = bids.rebury_seat
            bids.recount(seat, kind_counts(self._hands)[seat])
        elif bids.late_applies():
            bids.late_start(kind_counts(self._hands))
        else:
            self._bids = None
            return
        self._settle_bids()

    def _follow_trump(self) -> None:
        """The hand's trump follows the round after the bury's overturns."""
        if self._bids is not None and self._setup_done:
            suit = self._bids.core.standing()["suit"]
            if suit != self._core.trump:
                self._core.set_trump(suit)

    def bid_options(self) -> list[BidOption]:
        """In phase "bid": the deciding seat's bids, best first (``BidOption``)."""
        return self._bids.options() if self.phase == "bid" else []

    def bid_cards(self, seat: int) -> list[int]:
        """The card ids ``seat`` holds for bidding: dealt so far during the deal, its hand
        after the kitty was taken."""
        if self._setup_done:
            return list(self._hands[seat])
        return self._bids.cards(seat)

    def bid_current(self, seat: int) -> dict | None:
        """The standing bid as ``seat`` sees it (None: nobody declared; its trump is None
        for another seat's face-down bid under ``secret_bids``)."""
        return self._bids.current(seat) if self._bids is not None else None

    # -- views ----------------------------------------------------------------------------
    @property
    def banker(self) -> int:
        """The banker (during a first hand's bidding: the standing bidder's bank, -1)."""
        if not self._setup_done:
            return self._bids.core.standing()["banker"]
        return self._core.banker

    @property
    def trump(self) -> str | None:
        """The trump (None during the deal's bidding)."""
        if not self._setup_done:
            return None
        return TRUMP_NAMES[self._core.trump]

    @property
    def phase(self) -> str:
        if self._bids is not None and self._bids.deciding:
            return "bid"
        return PHASE_NAMES[self._core.phase]

    @property
    def to_play(self) -> int:
        if self._bids is not None and self._bids.deciding:
            return self._bids.seat
        return self._core.to_play

    @property
    def hands(self) -> list[list[int]]:
        """Every seat's cards (during the deal's bidding: dealt so far)."""
        if not self._setup_done:
            return [self._bids.cards(s) for s in range(N_SEATS)]
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

    def legal_plays(self) -> list:
        """The seat to play's legal decisions: bid actions (ints, ``BID_ACTIONS``) in phase
        "bid", else plays (lists of card ids)."""
        if self.phase == "bid":
            return self._bids.legal()
        if self._core.phase == 0:
            raise ValueError("bury phase: any 8 of the banker's 33 cards (hands[banker]) "
                             "may be buried; they are not enumerated")
        if self._core.phase == 2:
            return []
        seat = self.to_play
        return [self._ids_for(seat, int(a), int(b)) for a, b in self._core.legal()]

    def apply(self, play) -> None:
        """Apply the seat to play's decision: in phase "bid" a bid action (an int of
        ``BID_ACTIONS``, a ``BidOption`` or its name), else a play (card ids or notation);
        ValueError if illegal, and then the state is unchanged."""
        if self.is_over():
            raise ValueError("the hand is over")
        if self.phase == "bid":
            self._apply_bid(play)
            return
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
            self._after_bury()
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

    def _apply_bid(self, action) -> None:
        bids = self._bids
        code = bids.parse(action)
        saved = (bids.copy(), self._state.copy())
        try:
            bids.apply(code)
            self._follow_trump()
            self._settle_bids()
        except ValueError:
            self._bids = saved[0]
            self._state[:] = saved[1]
            raise
        self.history.append(code)

    def bot_action(self, bot: str = "greedy"):
        """The built-in bot's choice for the current decision: bury or play (a card bot),
        or in phase "bid" a kernel bidding policy's bid action (``"eager"``,
        ``"threshold"`` with the state's ``threshold``, ``"never"``; a card bot's name
        means the state's ``bid_policy``)."""
        if self.is_over():
            raise ValueError("the hand is over")
        if self.phase == "bid":
            if bot in BID_POLICIES:
                return self._bids.bot(BID_POLICIES.index(bot), self._threshold)
            if bot not in BOTS:
                raise ValueError(f"bot: unknown {bot!r}; allowed: "
                                 f"{', '.join(BOTS + BID_POLICIES)}")
            return self._bids.bot(self._policy, self._threshold)
        if bot not in BOTS:
            raise ValueError(f"bot: unknown {bot!r}; allowed: {', '.join(BOTS)}")
        one, two = self._core.bot(BOTS.index(bot))
        return self._ids_for(self.to_play, int(one), int(two))

    def clone(self) -> "HandState":
        other = copy.copy(self)
        other._core = self._core.copy()
        other._bids = None if self._bids is None else self._bids.copy()
        other._state = self._state.copy()
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
            "overturns": self.bidding.overturns if self.bidding else 0,
            "late_overturns": self.bidding.late_overturns if self.bidding else 0,
            "reburies": self.bidding.reburies if self.bidding else 0,
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

"""The bidding as plain Python (docs/rules.md §7): the twin of the C bidding kernel.

Deals the cards one at a time in dealing order (position i < 100 to seat (d + i) % 4,
where d is the first drawer; 100..107 the kitty) and asks the seats' policy as they land;
after the bury, the round of overturns of ``overturn_after_kitty``.  The model and every
decision taken where §7 is open are stated in ``shengji.bidding.simulate``'s docstring (the
user-facing statement) and implemented here independently of the core (no
``_core`` import): the tests run constructed and random deals through both and
compare.  ``shengji.bidding.simulate`` uses this engine for Python-callable policies and
``engine="python"``.

* ``bid_python(deck, level, rules, policy, first_hand, banker, draw, first_drawer=None)``:
  one dealing order; ``policy(view) -> BidOption | None`` or None (nobody bids);
  ``draw(bound)`` gives a uniform draw in 0..bound-1 (the first drawer under
  ``random_first_drawer`` when ``first_drawer`` is None, the kitty position for
  ``no_bid = "kitty_random"``).  Returns a ``BidOutcome`` with the bid log.
* ``BiddingEngine.late_round(hands, policy, rebury)``: the round after the bury, on the
  seats' cards after it (``rebury(seat)`` returns the hand of an overturner that took up the
  kitty and buried again, under ``overturn_reburies``).
* ``first_drawer(rules, first_hand, banker, draw)``, ``count_trumps(deck, level, trump,
  seat, kitty=True, first_drawer=0)``.
"""

from __future__ import annotations

from typing import Any

from shengji.cards import N_RANKS, N_SEATS, N_SUITS, RANKS, SUITS
from shengji.names import BIG_JOKER, N_DEALT, NO_TRUMP, SMALL_JOKER, TRUMP_NAMES
from shengji.rules.bid_types import BidOption, BidOutcome, BidView
from shengji.rules.options import Rules

__all__ = ["bid_python", "count_trumps", "first_drawer", "BiddingEngine", "card_count"]

NT = NO_TRUMP

# bid strengths (the overturn ladder)
SINGLE, LEVEL_PAIR, SJ_PAIR, BJ_PAIR = 1, 2, 3, 4
STRENGTH_NAMES = {
    SINGLE: "single",
    LEVEL_PAIR: "level_pair",
    SJ_PAIR: "small_joker_pair",
    BJ_PAIR: "big_joker_pair",
}
# holding classes: 0..3 plain suit cards, 4..7 level cards of suit 0..3, 8 SJ, 9 BJ
CL_LEVEL, CL_SJ, CL_BJ = 4, 8, 9
N_CLASSES = 10
# candidate order of the level suits (also the tie-break) under each suit_priority
SUIT_ORDERS = {None: (0, 1, 2, 3), "SHCD": (0, 1, 2, 3), "SHDC": (0, 1, 3, 2)}
KITTY_POSITION = {"kitty_first": 0, "kitty_third": 2}  # no_bid: which kitty card


def first_drawer(rules: Rules, first_hand: bool, banker: int, draw) -> int:
    """Who draws dealing position 0: a draw of 4 under random_first_drawer in a first hand,
    the banker under banker_draws_first in a later hand, else seat 0."""
    if first_hand:
        return draw(N_SEATS) if rules.random_first_drawer else 0
    return banker if rules.banker_draws_first else 0


def card_count(card: int) -> int:
    """A turned card's value when counting seats (first_hand_no_bid): A 1, 2..10 at face
    value, J 11, Q 12, K 13, small joker 14, big joker 15."""
    kind = card // 2
    if kind >= SMALL_JOKER:
        return 14 + (kind - SMALL_JOKER)
    rank = kind % N_RANKS
    return 1 if RANKS[rank] == "A" else rank + 2


class BiddingEngine:
    """One deal's bidding state; ``run(deck, policy)`` plays the deal out,
    ``late_round`` the round after the bury."""

    def __init__(
        self, level: int, rules: Rules, first_hand: bool, banker: int | None, first_drawer: int = 0
    ):
        self.level = level
        self.rules = rules
        self.first_hand = first_hand
        self.first_drawer = first_drawer
        self.order = SUIT_ORDERS[rules.suit_priority]
        self.rank = {s: len(self.order) - 1 - i for i, s in enumerate(self.order)}
        self.held = [[0] * N_CLASSES for _ in range(N_SEATS)]
        self.laid = [[0] * N_CLASSES for _ in range(N_SEATS)]  # secret bids on the table
        self.hands: list[list[int]] = [[] for _ in range(N_SEATS)]
        self.strength = 0
        self.suit = NT
        self.cls = -1
        self.bidder = -1
        self.locked = False
        self.joker_overturns = 0
        self.can_overturn = (not first_hand) or rules.first_hand_overturn
        self.single_joker = first_hand and rules.single_joker_declares
        self.first_declarer = -1
        self.first_index = -1
        self.overturns = 0
        self.late_overturns = 0
        self.team_overturns = [0, 0]
        self.reburies = 0
        self.reinforced = False
        if not first_hand and banker is None:
            raise ValueError("banker: a later hand needs the banker's seat")
        self.banker: int = -1 if first_hand or banker is None else banker
        self.log: list[tuple[int, int, str, str, str]] = []  # index, seat, action, trump, strength
        self.after_deal = False
        self.late = False

    def card_class(self, card: int) -> int:
        kind = card // 2
        if kind == SMALL_JOKER:
            return CL_SJ
        if kind == BIG_JOKER:
            return CL_BJ
        suit, rank = divmod(kind, N_RANKS)
        return CL_LEVEL + suit if rank == self.level else suit

    def trumps(self, seat: int, suit: int) -> int:
        h = self.held[seat]
        t = sum(h[CL_LEVEL:])
        return t + (h[suit] if suit < N_SUITS else 0)

    def _beats(self, strength: int, suit: int) -> bool:
        if self.locked and (self.rules.reinforce_lock_jokers or strength < SJ_PAIR):
            return False
        if strength > self.strength:
            return True
        return (
            strength == LEVEL_PAIR == self.strength
            and self.rules.suit_priority is not None
            and self.rank[suit] > self.rank[self.suit]
        )

    def _overturns_open(self) -> bool:
        """Are overturns allowed now?  Secret bids overturn during the deal only in a first
        hand (later hands: after the bury)."""
        if not self.can_overturn:
            return False
        return self.late or self.first_hand or not self.rules.secret_bids

    def _jokers_open(self) -> bool:
        r = self.rules
        if (
            not self.first_hand
            and r.later_joker_overturns is not None
            and self.joker_overturns >= r.later_joker_overturns
        ):
            return False
        # face-down overturns during a first hand's deal are the ones that take the bank
        if r.secret_bids and self.first_hand and not self.late and not r.joker_pair_takes_bank:
            return False
        return True

    def options(self, seat: int) -> list[BidOption]:
        """Legal bids, best first by the kernel's preference (trumps, strength, order)."""
        h = self.held[seat]
        base = self.trumps(seat, NT)
        if base == 0:
            return []
        lv = RANKS[self.level]
        cands = []  # (action, strength, suit, cls, trumps, cards)
        if self.strength == 0:
            if self.late:
                return []
            for x in self.order:
                if h[CL_LEVEL + x]:
                    cands.append(("declare", SINGLE, x, CL_LEVEL + x, base + h[x], lv + SUITS[x]))
            if self.single_joker:
                if h[CL_BJ]:
                    cands.append(("declare", SINGLE, NT, CL_BJ, base, "BJ"))
                if h[CL_SJ]:
                    cands.append(("declare", SINGLE, NT, CL_SJ, base, "SJ"))
        elif self.bidder == seat:
            if (
                not self.late
                and not self.rules.secret_bids
                and self.strength == SINGLE
                and h[self.cls] == 2
            ):
                strength = (
                    LEVEL_PAIR if self.cls < CL_SJ else SJ_PAIR if self.cls == CL_SJ else BJ_PAIR
                )
                name = (
                    (lv + SUITS[self.cls - CL_LEVEL])
                    if self.cls < CL_SJ
                    else ("SJ" if self.cls == CL_SJ else "BJ")
                )
                return [
                    self._option(
                        "reinforce",
                        strength,
                        self.suit,
                        -1,
                        self.trumps(seat, self.suit),
                        name + " " + name,
                    )
                ]
            return []
        elif self._overturns_open():
            # face down: no strength, no suit order, and laid cards stay on the table;
            # open: the ladder (_beats)
            if self.rules.secret_bids:
                free = [h[c] - self.laid[seat][c] for c in range(N_CLASSES)]
                beats = lambda strength, suit: True  # noqa: E731
            else:
                free, beats = h, self._beats
            if self._jokers_open():
                if free[CL_BJ] >= 2 and beats(BJ_PAIR, NT):
                    cands.append(("overturn", BJ_PAIR, NT, -1, base, "BJ BJ"))
                if free[CL_SJ] >= 2 and beats(SJ_PAIR, NT):
                    cands.append(("overturn", SJ_PAIR, NT, -1, base, "SJ SJ"))
                if (
                    self.rules.mixed_joker_pair
                    and free[CL_SJ] >= 1
                    and free[CL_BJ] >= 1
                    and beats(SJ_PAIR, NT)
                ):
                    cands.append(("overturn", SJ_PAIR, NT, -1, base, "SJ BJ"))
            for x in self.order:
                if free[CL_LEVEL + x] >= 2 and beats(LEVEL_PAIR, x):
                    c = lv + SUITS[x]
                    cands.append(("overturn", LEVEL_PAIR, x, -1, base + h[x], c + " " + c))
        # stable sort: the kernel keeps the first of equal (trumps, strength) candidates
        cands.sort(key=lambda c: (-c[4], -c[1]))
        return [self._option(*c) for c in cands]

    @staticmethod
    def _option(action, strength, suit, cls, trumps, cards) -> BidOption:
        return BidOption(
            action,
            TRUMP_NAMES[suit],
            STRENGTH_NAMES[strength],
            trumps,
            cards,
            (action, strength, suit, cls),
        )

    def apply(self, seat: int, opt: BidOption, index: int) -> None:
        action, strength, suit, cls = opt._key
        r = self.rules
        if action == "declare":
            self.first_declarer, self.first_index = seat, index
            if self.first_hand:
                self.banker = seat
            self.cls = cls
        elif action == "reinforce":
            self.locked = r.reinforce_locks
            self.reinforced = True
            self.cls = -1
        else:
            self.overturns += 1
            self.team_overturns[seat % 2] += 1
            self.locked = False
            self.cls = -1
            if strength >= SJ_PAIR:
                self.joker_overturns += 1
            if self.late:
                self.late_overturns += 1
            elif (
                self.first_hand
                and r.overturn_takes_bank
                and (strength == LEVEL_PAIR or r.joker_pair_takes_bank)
            ):
                self.banker = seat
        if r.secret_bids and action != "reinforce":
            for name in opt.cards.split():
                self.laid[seat][self._class_of_name(name)] += 1
        self.strength, self.suit, self.bidder = strength, suit, seat
        self.log.append((index, seat, action, TRUMP_NAMES[suit], STRENGTH_NAMES[strength]))

    def _class_of_name(self, name: str) -> int:
        if name == "SJ":
            return CL_SJ
        if name == "BJ":
            return CL_BJ
        return CL_LEVEL + SUITS.index(name[-1])

    def view(self, seat, dealt, opts) -> BidView:
        cur = None
        if self.strength:
            hidden = self.rules.secret_bids and self.bidder != seat
            cur = {
                "trump": None if hidden else TRUMP_NAMES[self.suit],
                "strength": STRENGTH_NAMES[self.strength],
                "bidder": self.bidder,
                "locked": self.locked,
            }
        return BidView(
            seat,
            tuple(self.hands[seat]),
            dealt,
            RANKS[self.level],
            self.first_hand,
            cur,
            tuple(opts),
            self.after_deal,
            self.late,
        )

    def ask(self, seat, index, policy) -> bool:
        opts = self.options(seat)
        if not opts:
            return False
        choice = policy(self.view(seat, min(index + 1, N_DEALT), opts))
        if choice is None:
            return False
        if not isinstance(choice, BidOption) or choice not in opts:
            raise ValueError(f"policy returned {choice!r}, not one of the options it was offered")
        self.apply(seat, opts[opts.index(choice)], index)
        return True

    def settle(self, seat, index, policy) -> None:
        if not self.ask(seat, index, policy):
            return
        self.loop(seat, index, policy)

    def loop(self, seat, index, policy, rebury=None) -> None:
        """Ask from `seat` until four seats in a row pass; a bidder is asked again at once."""
        idle = 0
        while idle < N_SEATS:
            if self.ask(seat, index, policy):
                idle = 0
                if self.late and self.rules.overturn_reburies and rebury is not None:
                    self.reburies += 1
                    self.set_hand(seat, rebury(seat))
            else:
                idle += 1
                seat = (seat + 1) % N_SEATS

    def run(self, deck, policy) -> None:
        close = self.rules.bids_close_with_deal
        for i in range(N_DEALT):
            seat = (self.first_drawer + i) % N_SEATS
            self.held[seat][self.card_class(deck[i])] += 1
            self.hands[seat].append(int(deck[i]))
            if policy is not None and not (close and i == N_DEALT - 1):
                self.settle(seat, i, policy)
        if policy is None or close:
            return
        # After the last card, before the kitty is taken: every seat is asked once more
        # (from the first drawer, the next to draw) until four pass in a row.
        self.after_deal = True
        self.loop(self.first_drawer, N_DEALT - 1, policy)
        self.after_deal = False

    def set_hand(self, seat, cards) -> None:
        self.hands[seat] = [int(c) for c in cards]
        self.held[seat] = [0] * N_CLASSES
        for c in self.hands[seat]:
            self.held[seat][self.card_class(c)] += 1

    def late_round_applies(self) -> bool:
        if not self.strength:
            return False
        mode = self.rules.overturn_after_kitty
        return mode == "always" or (mode == "later_hands" and not self.first_hand)

    def late_round(self, hands, policy, rebury=None) -> None:
        """The round after the bury: `hands` are the seats' cards now (the banker's after
        its bury); from the banker's next seat, overturns only, until four pass in a row.
        ``rebury(seat)`` (overturn_reburies) returns the overturner's cards after it took
        up the kitty and buried again."""
        if not self.late_round_applies() or policy is None:
            return
        for s in range(N_SEATS):
            self.set_hand(s, hands[s])
        self.late = True
        self.loop((self.banker + 1) % N_SEATS, N_DEALT - 1, policy, rebury)

    def outcome(self, deck, rng_draw, redeal_cap_hit=False) -> BidOutcome:
        """The outcome, resolving a deal nobody declared on (docs/rules.md §7)."""
        r = self.rules
        common: dict[str, Any] = dict(
            first_declarer=self.first_declarer,
            first_declare_index=self.first_index,
            overturns=self.overturns,
            reinforced=self.reinforced,
            bids=tuple(self.log),
            first_drawer=self.first_drawer,
            late_overturns=self.late_overturns,
            reburies=self.reburies,
            team_overturns=tuple(self.team_overturns),
        )
        if self.strength:
            return BidOutcome(
                trump=TRUMP_NAMES[self.suit], banker=self.banker, no_bid=False, **common
            )
        if self.first_hand:
            if r.first_hand_no_bid == "kitty_first":
                card = int(deck[N_DEALT])
                kind = card // 2
                trump = NT if kind >= SMALL_JOKER else kind // N_RANKS
                banker = (self.first_drawer + card_count(card) - 1) % N_SEATS
                return BidOutcome(trump=TRUMP_NAMES[trump], banker=banker, no_bid=True, **common)
            return BidOutcome(trump=None, banker=self.banker, no_bid=True, redeal=True, **common)
        if r.no_bid == "redeal":
            return BidOutcome(trump=None, banker=self.banker, no_bid=True, redeal=True, **common)
        trump, new_banker, down = NT, self.banker, False
        if r.no_bid in ("kitty_first", "kitty_third", "kitty_random"):
            pos = KITTY_POSITION.get(r.no_bid)
            if pos is None:
                pos = rng_draw(8)
            kind = int(deck[N_DEALT + pos]) // 2
            trump = NT if kind >= SMALL_JOKER else kind // N_RANKS
        elif r.no_bid == "banker_steps_down":
            new_banker, down = (self.banker + 1) % N_SEATS, True
        return BidOutcome(
            trump=TRUMP_NAMES[trump],
            banker=new_banker,
            no_bid=True,
            banker_steps_down=down,
            **common,
        )


def bid_python(
    deck, level, rules, policy, first_hand, banker, draw, first_drawer_seat=None
) -> BidOutcome:
    """One dealing order (108 physical ids) through the Python engine.  ``level``: rank
    index; ``rules``: a ``Rules``; ``policy``: a callable or None; ``banker``: the seat of
    a later hand; ``draw(bound)``: a uniform draw in 0..bound-1; ``first_drawer_seat``:
    None to take it from the rules (first_drawer)."""
    if first_drawer_seat is None:
        first_drawer_seat = first_drawer(rules, first_hand, banker, draw)
    e = BiddingEngine(level, rules, first_hand, banker, first_drawer_seat)
    e.run(deck, policy)
    return e.outcome(deck, draw)


def count_trumps(deck, level, trump, seat, kitty=True, first_drawer=0) -> int:
    """Trumps among a seat's dealt cards (and the kitty's): ``trump`` 0..3 or NO_TRUMP."""
    start = (seat - first_drawer) % N_SEATS
    cards = [int(c) for c in deck[start:N_DEALT:N_SEATS]]
    if kitty:
        cards += [int(c) for c in deck[N_DEALT:]]
    t = 0
    for c in cards:
        kind = c // 2
        if kind >= SMALL_JOKER or kind % N_RANKS == level or kind // N_RANKS == trump:
            t += 1
    return t

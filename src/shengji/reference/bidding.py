"""The bidding as plain Python (docs/rules.md §7): the twin of the C bidding kernel.

Deals the cards one at a time in dealing order (position i < 100 to seat i % 4, 100..107
the kitty) and asks the seats' policy as they land; the model and every decision taken
where §7 is open are stated in ``shengji.bidding``'s docstring (the user-facing statement)
and implemented here independently of the core (no ``shengji._core`` import): the tests
run constructed and random deals through both and compare.  ``shengji.bidding`` uses this
engine for Python-callable policies and ``engine="python"``.

* ``bid_python(deck, level, rules, policy, first_hand, banker, draw)``: one dealing order;
  ``policy(view) -> BidOption | None`` or None (nobody bids); ``draw()`` gives the kitty
  position for ``no_bid = "kitty_random"``.  Returns a ``BidOutcome`` with the bid log.
* ``count_trumps(deck, level, trump, seat, kitty=True)``: a seat's trumps (with the kitty).
"""
from __future__ import annotations

from ..bid_types import BidOption, BidOutcome, BidView
from ..cards import N_RANKS, N_SEATS, N_SUITS, RANKS, SUITS
from ..names import BIG_JOKER, N_DEALT, NO_TRUMP, SMALL_JOKER, TRUMP_NAMES
from ..rules import Rules

__all__ = ["bid_python", "count_trumps", "BiddingEngine"]

NT = NO_TRUMP

# bid strengths (the overturn ladder)
SINGLE, LEVEL_PAIR, SJ_PAIR, BJ_PAIR = 1, 2, 3, 4
STRENGTH_NAMES = {SINGLE: "single", LEVEL_PAIR: "level_pair", SJ_PAIR: "small_joker_pair",
                  BJ_PAIR: "big_joker_pair"}
# holding classes: 0..3 plain suit cards, 4..7 level cards of suit 0..3, 8 SJ, 9 BJ
CL_LEVEL, CL_SJ, CL_BJ = 4, 8, 9
N_CLASSES = 10
# candidate order of the level suits (also the tie-break) under each suit_priority
SUIT_ORDERS = {None: (0, 1, 2, 3), "SHCD": (0, 1, 2, 3), "SHDC": (0, 1, 3, 2)}
KITTY_POSITION = {"kitty_first": 0, "kitty_third": 2}   # no_bid: which kitty card


class BiddingEngine:
    """One deal's bidding state; ``run(deck, policy)`` plays it out."""

    def __init__(self, level: int, rules: Rules, first_hand: bool, banker: int | None):
        self.level = level
        self.rules = rules
        self.first_hand = first_hand
        self.order = SUIT_ORDERS[rules.suit_priority]
        self.rank = {s: len(self.order) - 1 - i for i, s in enumerate(self.order)}
        self.held = [[0] * N_CLASSES for _ in range(N_SEATS)]
        self.hands = [[] for _ in range(N_SEATS)]
        self.strength = 0
        self.suit = NT
        self.cls = -1
        self.bidder = -1
        self.locked = False
        self.can_overturn = (not first_hand) or rules.first_hand_overturn
        self.single_joker = first_hand and rules.single_joker_declares
        self.first_declarer = -1
        self.first_index = -1
        self.overturns = 0
        self.reinforced = False
        self.banker = -1 if first_hand else banker
        self.log = []
        self.after_deal = False

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
        if self.locked and strength < SJ_PAIR:
            return False
        if strength > self.strength:
            return True
        return (strength == LEVEL_PAIR == self.strength and self.rules.suit_priority is not None
                and self.rank[suit] > self.rank[self.suit])

    def options(self, seat: int) -> list[BidOption]:
        """Legal bids, best first by the kernel's preference (trumps, strength, order)."""
        h = self.held[seat]
        base = self.trumps(seat, NT)
        if base == 0:
            return []
        lv = RANKS[self.level]
        cands = []   # (action, strength, suit, cls, trumps, cards)
        if self.strength == 0:
            for x in self.order:
                if h[CL_LEVEL + x]:
                    cands.append(("declare", SINGLE, x, CL_LEVEL + x, base + h[x], lv + SUITS[x]))
            if self.single_joker:
                if h[CL_BJ]:
                    cands.append(("declare", SINGLE, NT, CL_BJ, base, "BJ"))
                if h[CL_SJ]:
                    cands.append(("declare", SINGLE, NT, CL_SJ, base, "SJ"))
        elif self.bidder == seat:
            if self.strength == SINGLE and h[self.cls] == 2:
                strength = LEVEL_PAIR if self.cls < CL_SJ else SJ_PAIR if self.cls == CL_SJ else BJ_PAIR
                name = (lv + SUITS[self.cls - CL_LEVEL]) if self.cls < CL_SJ else \
                    ("SJ" if self.cls == CL_SJ else "BJ")
                return [self._option("reinforce", strength, self.suit, -1,
                                     self.trumps(seat, self.suit), name + " " + name)]
            return []
        elif self.can_overturn:
            if h[CL_BJ] == 2 and self._beats(BJ_PAIR, NT):
                cands.append(("overturn", BJ_PAIR, NT, -1, base, "BJ BJ"))
            if h[CL_SJ] == 2 and self._beats(SJ_PAIR, NT):
                cands.append(("overturn", SJ_PAIR, NT, -1, base, "SJ SJ"))
            if self.rules.mixed_joker_pair and h[CL_SJ] and h[CL_BJ] and self._beats(SJ_PAIR, NT):
                cands.append(("overturn", SJ_PAIR, NT, -1, base, "SJ BJ"))
            for x in self.order:
                if h[CL_LEVEL + x] == 2 and self._beats(LEVEL_PAIR, x):
                    c = lv + SUITS[x]
                    cands.append(("overturn", LEVEL_PAIR, x, -1, base + h[x], c + " " + c))
        # stable sort: the kernel keeps the first of equal (trumps, strength) candidates
        cands.sort(key=lambda c: (-c[4], -c[1]))
        return [self._option(*c) for c in cands]

    @staticmethod
    def _option(action, strength, suit, cls, trumps, cards) -> BidOption:
        return BidOption(action, TRUMP_NAMES[suit], STRENGTH_NAMES[strength], trumps, cards,
                         (action, strength, suit, cls))

    def apply(self, seat: int, opt: BidOption, index: int) -> None:
        action, strength, suit, cls = opt._key
        if action == "declare":
            self.first_declarer, self.first_index = seat, index
            if self.first_hand:
                self.banker = seat
            self.cls = cls
        elif action == "reinforce":
            self.locked = self.rules.reinforce_locks
            self.reinforced = True
            self.cls = -1
        else:
            self.overturns += 1
            self.locked = False
            self.cls = -1
            if self.first_hand and self.rules.overturn_takes_bank:
                self.banker = seat
        self.strength, self.suit, self.bidder = strength, suit, seat
        self.log.append((index, seat, action, TRUMP_NAMES[suit], STRENGTH_NAMES[strength]))

    def view(self, seat, dealt, opts) -> BidView:
        cur = None if self.strength == 0 else {
            "trump": TRUMP_NAMES[self.suit], "strength": STRENGTH_NAMES[self.strength],
            "bidder": self.bidder, "locked": self.locked}
        return BidView(seat, tuple(self.hands[seat]), dealt, RANKS[self.level],
                       self.first_hand, cur, tuple(opts), self.after_deal)

    def ask(self, seat, index, policy) -> bool:
        opts = self.options(seat)
        if not opts:
            return False
        choice = policy(self.view(seat, index + 1, opts))
        if choice is None:
            return False
        if not isinstance(choice, BidOption) or choice not in opts:
            raise ValueError(f"policy returned {choice!r}, not one of the options it was offered")
        self.apply(seat, opts[opts.index(choice)], index)
        return True

    def settle(self, seat, index, policy) -> None:
        if not self.ask(seat, index, policy):
            return
        idle = 0
        while idle < N_SEATS:
            if self.ask(seat, index, policy):
                idle = 0
            else:
                idle += 1
                seat = (seat + 1) % N_SEATS

    def run(self, deck, policy) -> None:
        for i in range(N_DEALT):
            seat = i % N_SEATS
            self.held[seat][self.card_class(deck[i])] += 1
            self.hands[seat].append(int(deck[i]))
            if policy is not None:
                self.settle(seat, i, policy)
        if policy is None:
            return
        # After the last card, before the kitty is taken: every seat is asked once more
        # (from seat 0, the next to draw) until four pass in a row.  The kernel policies
        # never bid here: at the end of each settle nobody had a bid they would make.
        self.after_deal = True
        seat, idle = 0, 0
        while idle < N_SEATS:
            if self.ask(seat, N_DEALT - 1, policy):
                idle = 0
            else:
                idle += 1
                seat = (seat + 1) % N_SEATS


def bid_python(deck, level, rules, policy, first_hand, banker, draw) -> BidOutcome:
    """One dealing order (108 physical ids) through the Python engine.  ``level``: rank
    index; ``rules``: a ``Rules``; ``policy``: a callable or None; ``banker``: the seat of
    a later hand; ``draw()``: the kitty position (0..7) for ``no_bid = "kitty_random"``."""
    e = BiddingEngine(level, rules, first_hand, banker)
    e.run(deck, policy)
    common = dict(first_declarer=e.first_declarer, first_declare_index=e.first_index,
                  overturns=e.overturns, reinforced=e.reinforced, bids=tuple(e.log))
    if e.strength:
        return BidOutcome(trump=TRUMP_NAMES[e.suit], banker=e.banker, no_bid=False, **common)
    if first_hand or rules.no_bid == "redeal":
        return BidOutcome(trump=None, banker=e.banker, no_bid=True, redeal=True, **common)
    trump, new_banker, down = NT, banker, False
    if rules.no_bid in ("kitty_first", "kitty_third", "kitty_random"):
        pos = KITTY_POSITION.get(rules.no_bid)
        if pos is None:
            pos = draw()
        kind = int(deck[N_DEALT + pos]) // 2
        trump = NT if kind >= SMALL_JOKER else kind // N_RANKS
    elif rules.no_bid == "banker_steps_down":
        new_banker, down = (banker + 1) % N_SEATS, True
    return BidOutcome(trump=TRUMP_NAMES[trump], banker=new_banker, no_bid=True,
                      banker_steps_down=down, **common)


def count_trumps(deck, level, trump, seat, kitty=True) -> int:
    """Trumps among a seat's dealt cards (and the kitty's): ``trump`` 0..3 or NO_TRUMP."""
    cards = [int(c) for c in deck[seat:N_DEALT:N_SEATS]]
    if kitty:
        cards += [int(c) for c in deck[N_DEALT:]]
    t = 0
    for c in cards:
        kind = c // 2
        if kind >= SMALL_JOKER or kind % N_RANKS == level or kind // N_RANKS == trump:
            t += 1
    return t

"""Random multi-tractor tricks for the placement tests (docs/rules-engine.md "Placement").

``make_case(rng, trump, rules)`` deals one trick whose lead is (three times in four) a throw
with two or more tractor components, in a side suit or in trump, and three other seats built
to stress placement: ruffers holding dense trump chains with parallel off-suit level pairs
and joker pairs, followers holding dense runs of the led suit, and, in a short trump throw
against long trump holdings (the only way a follower can hold more of the suit than a
multi-tractor lead), followers whose cards hold the lead's shape only through the level
position.  The lead's shape is often laid into a seat's cards the ways a greedy fit misses
(``shaped``).  Every seat offers a few candidate plays (legal or not): that shape, pairs
first, random, the greedy follower's choice (``greedy_pick``), and the whole suit plus a
fill when short.

Also here: the old *greedy* placement (the longest-run-first fit the engine used before
it became exact), kept as a test oracle so that the tests can prove that the generator
reaches the cases where the greedy fit and the exact answer differ.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cache

import shengji.reference as ref
from shengji.cards import N_COPIES, N_KINDS, SUITS
from shengji.reference.cardinfo import TrumpSpec as ref_spec
from shengji.rules.options import Rules

TRUMP_SUIT = "T"


@dataclass
class Case:
    trump: object
    rules: object
    lead: list[int]  # physical ids
    hands: list[list[int]]  # the three other seats, in play order
    plays: list[list[list[int]]]  # candidate plays of each of those seats

    def trick(self, choice) -> list[list[int]]:
        """The lead and the chosen candidate of each seat (among those of the lead's size;
        every seat has some)."""
        out = [self.lead]
        for cands, c in zip(self.plays, choice, strict=False):
            sized = [p for p in cands if len(p) == len(self.lead)]
            out.append(sized[c % len(sized)])
        return out


# -- building blocks -----------------------------------------------------------------------


def positions_of(trump, rules, suit: str) -> dict[int, list[int]]:
    """Chain position -> kinds of following-suit ``suit`` there (parallel kinds share one)."""
    return _positions(
        trump.level_rank, trump.suit_index, rules.tractor_gap, rules.trump_chain, suit
    )


@cache
def _positions(level_rank, suit_index, tractor_gap, trump_chain, suit):
    spec = ref_spec(level_rank, suit_index)
    rules = Rules(tractor_gap=tractor_gap, trump_chain=trump_chain)
    table: dict[int, list[int]] = defaultdict(list)
    for k in range(N_KINDS):
        if ref.follow_suit(k, spec) == suit:
            table[ref.chain(k, spec, rules)].append(k)
    return dict(sorted(table.items()))


class DeckExhausted(Exception):
    """The deal ran out of cards (a huge lead and long holdings): deal again."""


class Deck:
    """The cards still undealt, by kind; hands out physical ids."""

    def __init__(self):
        self.left = Counter({k: N_COPIES for k in range(N_KINDS)})

    def take(self, kind: int, n: int) -> list[int]:
        assert self.left[kind] >= n
        first = N_COPIES - self.left[kind]
        self.left[kind] -= n
        return [kind * N_COPIES + first + i for i in range(n)]

    def kinds(self, suit_kinds, need: int = 1) -> list[int]:
        return [k for k in suit_kinds if self.left[k] >= need]


def chain_holding(rng, deck: Deck, table, density: float, parallel: float) -> list[int]:
    """Pairs along a following-suit's chain: each position holds a pair with probability
    ``density``; at the parallel position each level kind with probability ``parallel``.
    Half the time the density rises towards the top of the chain (a strong trump holding:
    level pairs next to the trump-suit A and level card, jokers)."""
    ids: list[int] = []
    positions = list(table)
    top_heavy = rng.random() < 0.5
    for i, p in enumerate(positions):
        kinds = table[p]
        free = deck.kinds(kinds, N_COPIES)
        if not free:
            continue
        d = density
        if top_heavy:
            d = min(1.0, density * (0.4 + 1.2 * i / max(1, len(positions) - 1)))
        if len(kinds) > 1:
            for k in free:
                if rng.random() < parallel:
                    ids += deck.take(k, N_COPIES)
        elif rng.random() < d:
            ids += deck.take(free[0], N_COPIES)
    return ids


def tractor_lead(rng, deck: Deck, table, max_pairs: int) -> list[int]:
    """Two to four tractors of 2-4 pairs (mostly 2 and 3; only 2 and 3 when the lead is
    short) laid on the chain with a gap between them (so that they stay separate
    components), and maybe a pair or two; at most ``max_pairs`` pairs."""
    sizes = [2, 2, 3] if max_pairs < 9 else [2, 2, 3, 3, 4]
    lengths = sorted((int(rng.choice(sizes)) for _ in range(int(rng.integers(2, 5)))), reverse=True)
    ids: list[int] = []
    used: set[int] = set()
    for length in lengths + [1] * int(rng.integers(0, 3)):
        if len(ids) // N_COPIES + length <= max_pairs:
            ids += _lay(rng, deck, table, length, used, touching=False) or []
    return ids


def _lay(
    rng, deck: Deck, table, length: int, used: set[int], touching: bool, highest: bool = False
) -> list[int] | None:
    """One run of ``length`` pairs at free positions (apart from ``used`` unless
    ``touching``), at random or as high as possible; None when there is no room."""
    positions = list(table)
    blocked = set(used) if touching else {q for p in used for q in (p - 1, p, p + 1)}
    spans = []
    for i in range(len(positions) - length + 1):
        span = positions[i : i + length]
        if (
            span[-1] - span[0] == length - 1
            and not blocked.intersection(span)
            and all(deck.kinds(table[p], N_COPIES) for p in span)
        ):
            spans.append(span)
    if not spans:
        return None
    span = spans[-1] if highest else spans[int(rng.integers(len(spans)))]
    used.update(span)
    ids = []
    for p in span:
        free = deck.kinds(table[p], N_COPIES)
        ids += deck.take(free[int(rng.integers(len(free)))], N_COPIES)
    return ids


def _split(rng, deck: Deck, table, a: int, b: int, used: set[int]) -> list[int] | None:
    """Tractors of a and b pairs through the parallel level position m, one ending at m
    and one starting there, with two different level kinds at m."""
    for m, kinds in table.items():
        free = deck.kinds(kinds, N_COPIES)
        if len(free) < 2:
            continue
        low = [m - i for i in range(a - 1, 0, -1)]
        high = [m + i for i in range(1, b)]
        if not all(p in table and deck.kinds(table[p], N_COPIES) for p in low + high):
            a, b = b, a  # the other way round?
            low = [m - i for i in range(a - 1, 0, -1)]
            high = [m + i for i in range(1, b)]
            if not all(p in table and deck.kinds(table[p], N_COPIES) for p in low + high):
                return None
        ids = []
        for p in low + high:
            ids += deck.take(deck.kinds(table[p], N_COPIES)[0], N_COPIES)
        x, y = rng.permutation(len(free))[:2]
        ids += deck.take(free[x], N_COPIES) + deck.take(free[y], N_COPIES)
        used.update(low + high + [m])
        return ids
    return None


def shaped(rng, deck: Deck, table, lengths, n_pairs: int, split: float = 0.6) -> list[int]:
    """Cards that have the shape by construction (tractors of ``lengths`` and ``n_pairs``
    more pairs), laid the ways a greedy fit misses: two tractors through the parallel
    level position (one leaving it downwards, one upwards), and tractors touching each
    other in random groups, so that runs must be cut into the right pieces.  Tractors
    that find no room are left out."""
    items = [int(k) for k in rng.permutation(list(lengths))]
    used: set[int] = set()
    ids: list[int] = []
    layout = rng.random()
    if len(items) >= 2 and layout < split:
        got = _split(rng, deck, table, items[0], items[1], used)
        if got:
            ids += got
            items = items[2:]
    elif len(items) >= 3 and layout < split + 0.25:
        # The rest in one run at the top of the chain, the largest alone below it: the
        # highest run is long enough for the largest, but only the lower one leaves room
        # for the rest (the key is the lower run's top).
        items.sort(reverse=True)
        ids += _lay(rng, deck, table, sum(items[1:]), used, touching=False, highest=True) or []
        ids += _lay(rng, deck, table, items[0], used, touching=False) or []
        items = []
    while items:
        group = int(rng.integers(1, len(items) + 1))
        got = _lay(rng, deck, table, sum(items[:group]), used, touching=False)
        ids += got or []
        items = items[group:]
    for _ in range(n_pairs):
        ids += _lay(rng, deck, table, 1, used, touching=rng.random() < 0.3) or []
    return ids


def singles(rng, deck: Deck, suit_kinds, n: int) -> list[int]:
    ids = []
    for _ in range(n):
        free = deck.kinds(suit_kinds)
        if not free:
            break
        ids += deck.take(free[int(rng.integers(len(free)))], 1)
    return ids


def pairs_of(ids) -> list[list[int]]:
    groups: dict[int, list[int]] = defaultdict(list)
    for c in ids:
        groups[c // N_COPIES].append(c)
    return [g for g in groups.values() if len(g) == N_COPIES]


def greedy_pick(rng, trump, rules, ids, lengths, n: int) -> list[int]:
    """n of ids holding the tractors the greedy fit lays in them (``greedy_fit``), then
    other whole pairs, then anything: the play a greedy-minded follower makes, which the
    exact rule rejects when the greedy fit held fewer tractors than the hand can."""
    table: dict[int, list[list[int]]] = defaultdict(list)
    for g in pairs_of(ids):
        table[ref.chain(g[0] // N_COPIES, trump, rules)].append(g)
    state = [len(table.get(p, ())) for p in range(max(table, default=-1) + 1)]
    out: list[int] = []
    for k in lengths:
        runs = [r for r in _runs(state) if r[1] - r[0] + 1 >= k]
        if not runs:
            continue
        lo, hi = min(runs, key=lambda r: (r[1] - r[0], -r[1]))
        if len(out) + N_COPIES * k > n:
            break
        for p in range(hi - k + 1, hi + 1):
            state[p] -= 1
            out += table[p].pop(int(rng.integers(len(table[p]))))
    rest = [c for c in ids if c not in out]
    return sorted(out + pick(rng, rest, n - len(out), True))


def pick(rng, ids, n: int, pairs_first: bool) -> list[int]:
    """n of ids: random whole pairs first (shape-seeking), then anything."""
    out: list[int] = []
    if pairs_first:
        pairs = pairs_of(ids)
        for i in rng.permutation(len(pairs)):
            if len(out) + N_COPIES <= n:
                out += pairs[i]
    rest = [c for c in ids if c not in out]
    for i in rng.permutation(len(rest))[: n - len(out)]:
        out.append(rest[i])
    return sorted(out)


# -- the generator ---------------------------------------------------------------------------


def make_case(rng, trump, rules, max_lead: int = 24) -> Case:
    """One random trick around a multi-tractor lead (see the module docstring); dealt
    again, from the same random stream, in the rare deal that runs out of cards."""
    while True:
        try:
            return _deal_case(rng, trump, rules, max_lead)
        except DeckExhausted:
            continue


def _deal_case(rng, trump, rules, max_lead: int) -> Case:
    deck = Deck()
    trump_table = positions_of(trump, rules, TRUMP_SUIT)
    side = [s for s in SUITS if s != (SUITS[trump.suit_index] if trump.suit_index < 4 else None)]
    # A third of the cases is a short trump throw against long trump holdings: the only
    # place where a follower can hold more of the suit than a multi-tractor lead *and* a
    # layout the greedy fit gets wrong (a side suit has 24 cards and no parallel pairs).
    follow_focus = rng.random() < 0.4
    lead_suit = (
        TRUMP_SUIT if follow_focus or rng.random() < 0.4 else side[int(rng.integers(len(side)))]
    )
    table = trump_table if lead_suit == TRUMP_SUIT else positions_of(trump, rules, lead_suit)
    suit_kinds = [k for ks in table.values() for k in ks]

    # The lead: separate tractors (two or more, usually), or dense pairs along the chain
    # (long tractors, parallel pairs), and a few singles.
    if follow_focus:
        # Led from the low part of the chain, leaving the trump-suit A and K, the level
        # pairs and the jokers to the followers (where the parallel position is).
        low = {
            p: ks for p, ks in table.items() if p < max(table) - 5 and all(ks == [k] for k in ks)
        }
        lead = tractor_lead(rng, deck, low or table, int(rng.integers(4, 8)))
    elif rng.random() < 0.8:
        lead = tractor_lead(rng, deck, table, max_lead // N_COPIES - 1)
    else:
        lead = chain_holding(rng, deck, table, rng.uniform(0.45, 0.9), rng.uniform(0.3, 0.9))
        for c in lead[max_lead - 3 :]:
            deck.left[c // N_COPIES] += 1
        lead = lead[: max_lead - 3]
    lead += singles(rng, deck, suit_kinds, int(rng.integers(0, 3)))
    if not lead:
        lead = singles(rng, deck, suit_kinds, 1)
    lead = sorted(lead)
    n = len(lead)

    combo = ref.classify(lead, trump, rules)
    lengths = [c.pairs for c in combo.components if c.kind == "tractor"]
    lead_pairs = sum(c.kind == "pair" for c in combo.components)
    trump_kinds = [k for ks in trump_table.values() for k in ks]

    hands: list[list[int]] = []
    plays: list[list[list[int]]] = []
    for _seat in range(3):
        ruffer = lead_suit != TRUMP_SUIT and rng.random() < 0.45
        hand: list[int] = []
        shape: list[int] = []
        if ruffer:
            # Void in the led suit: the lead's shape laid in trump (touching tractors,
            # shared level position), or a dense trump chain; parallel pairs, jokers.
            if rng.random() < 0.6:
                shape = shaped(rng, deck, trump_table, lengths, lead_pairs)
                shape += singles(rng, deck, trump_kinds, n - len(shape))
            hand += shape + chain_holding(
                rng, deck, trump_table, rng.uniform(0.2, 0.95), rng.uniform(0.5, 1.0)
            )
            hand += singles(rng, deck, trump_kinds, int(rng.integers(0, 4)))
            suit_cards = list(hand)
        else:
            if follow_focus or rng.random() < 0.6:
                shape = shaped(
                    rng, deck, table, lengths, lead_pairs, split=0.85 if follow_focus else 0.6
                )
                shape += singles(rng, deck, suit_kinds, n - len(shape))
            # (In a follow-focused case the extra pairs stay few: every extra pair is a
            # way out for the greedy fit.)
            density = (
                rng.uniform(0.0, 0.4 if follow_focus else 0.9)
                if not follow_focus or rng.random() < 0.5
                else 0.0
            )
            hand += shape + chain_holding(rng, deck, table, density, rng.uniform(0.3, 1.0))
            # one card more than the lead, at least, where the lead's shape was laid
            hand += singles(rng, deck, suit_kinds, int(rng.integers(1 if shape else 0, 5)))
            suit_cards = list(hand)
            if lead_suit != TRUMP_SUIT and rng.random() < 0.5:
                hand += chain_holding(rng, deck, trump_table, rng.uniform(0.2, 0.7), 0.5)
        # Fill with other cards so that short seats can discard, and so that every seat
        # has at least the lead's number of cards.
        others = [k for k in range(N_KINDS) if k not in suit_kinds and deck.left[k]]
        extra = int(rng.integers(0, 6))
        while extra > 0 or len(hand) < n:
            free = [k for k in others if deck.left[k]] or [
                k for k in range(N_KINDS) if deck.left[k]
            ]
            if not free:
                raise DeckExhausted
            hand += deck.take(free[int(rng.integers(len(free)))], 1)
            extra -= 1
        hand = sorted(hand)
        cands = []
        if len(shape) == n:
            cands.append(sorted(shape))
        if len(suit_cards) >= n:
            cands += [pick(rng, suit_cards, n, True) for _ in range(3)]
            cands.append(pick(rng, suit_cards, n, False))
            cands.append(greedy_pick(rng, trump, rules, suit_cards, lengths, n))
        rest = [c for c in hand if c not in suit_cards]
        if len(suit_cards) < n:
            cands.append(sorted(suit_cards + pick(rng, rest, n - len(suit_cards), True)))
        cands.append(pick(rng, hand, n, False))
        hands.append(hand)
        plays.append(cands)
    return Case(trump, rules, lead, hands, plays)


# -- the old greedy placement, as an oracle --------------------------------------------------


def _runs(state):
    runs, lo = [], None
    for p, v in enumerate(list(state) + [0]):
        if v and lo is None:
            lo = p
        elif not v and lo is not None:
            runs.append((lo, p - 1))
            lo = None
    return runs


def greedy_fit(state, lengths) -> tuple[int, ...]:
    """The greedy placement: each tractor (largest first) on the top positions of the
    shortest run that is long enough (ties: the highest); 0/1 flags."""
    st = list(state)
    flags = []
    for k in lengths:
        runs = [r for r in _runs(st) if r[1] - r[0] + 1 >= k]
        if not runs:
            flags.append(0)
            continue
        lo, hi = min(runs, key=lambda r: (r[1] - r[0], -r[1]))
        for p in range(hi - k + 1, hi + 1):
            st[p] -= 1
        flags.append(1)
    return tuple(flags)


def greedy_top(state, length) -> int | None:
    """The greedy key position: the top of the highest run of at least ``length``."""
    tops = [hi for lo, hi in _runs(state) if hi - lo + 1 >= length]
    return max(tops, default=None)


def greedy_answers(case: Case, play, hand=None):
    """What the greedy placement said about ``play`` against the case's lead: (tractor
    flags, has the shape, key), and with ``hand`` whether it was a legal follow."""
    from shengji.reference.cardinfo import resolve
    from shengji.reference.combos import count_pairs, shape_key, total_lead_pairs, tractor_lengths
    from shengji.reference.placement import pair_state

    spec, rules = resolve(case.trump, case.rules)
    lead = ref.classify(case.lead, case.trump, case.rules)
    lengths = tractor_lengths(lead)
    suit = lead.suit
    kinds = [c // N_COPIES for c in play]
    state, order_at = pair_state(kinds, spec, rules)
    flags = greedy_fit(state, lengths)
    n_pair = sum(c.kind == "pair" for c in lead.components)
    one_suit = len({ref.follow_suit(k, case.trump) for k in kinds}) == 1
    has = (
        one_suit
        and len(play) == len(case.lead)
        and all(flags)
        and count_pairs(kinds) - sum(lengths) >= n_pair
    )
    key = None
    if has and lengths:
        key = order_at[greedy_top(state, lengths[0])]
    elif has:
        key = shape_key(kinds, lead, spec, rules)  # no tractor: no placement involved
    legal = None
    if hand is not None and (
        len(play) != len(case.lead)
        or Counter(c // N_COPIES for c in play) - Counter(c // N_COPIES for c in hand)
    ):
        legal = False
    elif hand is not None:
        hs = [c // N_COPIES for c in hand if ref.follow_suit(c // N_COPIES, case.trump) == suit]
        ps = [k for k in kinds if ref.follow_suit(k, case.trump) == suit]
        n = len(case.lead)
        if len(hs) <= n:
            legal = Counter(ps) == Counter(hs)
        elif len(ps) != n:
            legal = False
        else:

            def tp(ks):
                st, _ = pair_state(ks, spec, rules)
                return sum(k for k, f in zip(lengths, greedy_fit(st, lengths), strict=False) if f)

            legal = count_pairs(ps) >= min(total_lead_pairs(lead), count_pairs(hs)) and tp(
                ps
            ) >= tp(hs)
    return flags, has, key, legal


def greedy_winner(case: Case, trick) -> int:
    """The trick winner under the greedy placement (docs/rules-engine.md "Trick winner"
    with the greedy's shape and key)."""
    lead = ref.classify(case.lead, case.trump, case.rules)
    s = lead.suit
    winner, winner_suit = 0, s
    winner_key = greedy_answers(case, trick[0])[2]
    for i, play in enumerate(trick[1:], start=1):
        suits = {ref.follow_suit(c // N_COPIES, case.trump) for c in play}
        _, has, key, _ = greedy_answers(case, play)
        if len(suits) != 1 or not has:
            continue
        suit = suits.pop()
        if suit == s and winner_suit == s and key > winner_key:
            winner, winner_key = i, key
        elif suit == TRUMP_SUIT and s != TRUMP_SUIT and (winner_suit == s or key > winner_key):
            winner, winner_suit, winner_key = i, TRUMP_SUIT, key
    return winner

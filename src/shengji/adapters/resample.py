"""Deals consistent with what one seat knows: the determinizations of a search over
information sets (OpenSpiel's ``resample_from_infostate``, ``shengji.adapters.openspiel``).

``propose(hand, seat, rng, who)`` returns a deck (108 ids in dealing order) and a
``Script`` of the decisions to replay on it.  The deck gives ``seat`` everything it has
seen -- its own cards (during the deal's bidding: those dealt to it so far, in their
places), every card played, the cards a failed throw showed and its thrower still holds,
the kitty and the buried cards when it may see them -- and deals the cards it cannot see
among the holders it cannot see into: the other seats (as many as each holds now, none of
a following-suit it has shown out of, the cards its bids showed) and, when hidden, the
buried pile (any suit: the banker buries what it likes).  The cards a seat has played go
back to it, and the banker's 33 (its 25, the kitty) give the kitty: for the banker its
real one, for another seat any 8 of them (which ones it was is never shown to another
seat).  A seat's cards are placed in its dealing positions at random, those its bids
showed first (it held them when it bid).  A card a bid showed is one the bidder played,
holds, or (the banker, its bury hidden) buried; a face-down bid (``secret_bids``) is
given a guessed trump that the deal and the replay follow.  Under ``overturn_reburies``
each pile a seat did not see is 8 of the cards of the seat that took it up and buried
again (``_rebury_chain``).

The sampler draws the hidden cards one at a time in random order, each to a holder that
may take it with probability proportional to the room it has left, among the holders that
keep the rest of the deal possible (Hall's condition over the suit groups: every set of
groups fits into the holders that may take one of them).  It never fails, and without
voids it is a uniform deal; with voids it is close to but not exactly uniform.

The script replays ``seat``'s own decisions as they were, the other seats' plays as they
were seen, their bury as the drawn pile (when hidden), their bids as seen (a bid of the
same kind at the same point of the deal) and a pass wherever another seat was asked and
no bid was seen; a decision another seat has under way is left out.  Voids are not all a
seat reveals: a follow shows that the follower had no pair (or tractor) of the led suit
to play, a throw's success or failure that no other seat could (or some seat could) beat
it, a pass that the seat did not bid.  The caller keeps a deal only when ``seat`` would
have seen exactly the same (its information-state string) and draws again otherwise
(rejection sampling: the accepted deals are the proposals consistent with everything
``seat`` saw).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from shengji.cards import N_COPIES, as_cards
from shengji.game.actions import BID_ACTION_BASE, is_bid_action
from shengji.game.state import HandState
from shengji.names import (
    BIG_JOKER,
    FOLLOW_NAMES,
    KITTY_SIZE,
    N_CARDS,
    N_DEALT,
    N_SEATS,
    SMALL_JOKER,
    SUITS,
)
from shengji.rules.bid_types import BID_PASS
from shengji.rules.combos import classify
from shengji.rules.trump import Trump

__all__ = ["Script", "propose", "drive", "known_cards"]

PILE = N_SEATS  # holder index of the hidden buried pile


def known_cards(state: HandState, seat: int):
    """Return what a seat has seen of the other seats' cards: played, and shown and held.

    Parameters
    ----------
    state : HandState
        The hand.
    seat : int
        The seat whose knowledge it is, 0..3.

    Returns
    -------
    obs : shengji.Observation
        The seat's observation (``state.observation(seat)``).
    played : list of set of int
        Per seat, the ids it has played (the open trick included).
    held_shown : list of set of int
        Per seat, the ids it showed in a failed throw and has not played since (it still
        holds them).

    Raises
    ------
    ValueError
        If ``seat`` is not a seat 0..3.

    Examples
    --------
    >>> from shengji import HandState
    >>> from shengji.adapters.resample import known_cards
    >>> s = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> for _ in range(3):
    ...     ev = s.apply(s.bot_action("greedy"))
    >>> obs, played, held_shown = known_cards(s, 1)
    >>> [len(p) for p in played], held_shown
    ([5, 5, 0, 0], [set(), set(), set(), set()])
    """
    return known_cards_of(state.observation(seat))


def known_cards_of(obs):
    """``known_cards`` from the observation ``obs``."""
    played: list[set[int]] = [set() for _ in range(N_SEATS)]
    shown: list[set[int]] = [set() for _ in range(N_SEATS)]
    tricks = (*obs.tricks, *(() if obs.current_trick is None else (obs.current_trick,)))
    for t in tricks:
        for s, cards in t.plays:
            played[s].update(cards)
        if t.attempt is not None:
            shown[t.leader].update(t.attempt)
    held_shown = [shown[s] - played[s] for s in range(N_SEATS)]
    return obs, played, held_shown


def _feasible(sizes, caps, elig) -> bool:
    """Can the groups' cards (``sizes[g]`` cards that holders ``elig[g]``, a bit mask, may
    take) fill the holders' room ``caps`` (summing to the cards)?  Hall's condition, in
    its holder form: every set of holders has room for the groups that only it may
    take."""
    n = len(caps)
    for hs in range(1, 1 << n):
        room = sum(caps[h] for h in range(n) if (hs >> h) & 1)
        need = sum(sizes[g] for g in range(len(sizes)) if elig[g] & ~hs == 0)
        if need > room:
            return False
    return True


def _tables(state: HandState):
    """(following-suit, order) per kind under the hand's trump."""
    rules = state.rules
    tables = Trump(state.level, None if state.trump == "NT" else state.trump).tables(
        rules.tractor_gap, rules.trump_chain
    )
    return tables[0], tables[1]


def _throw_caps(obs, hand: HandState, follow) -> list[tuple[int, int, int]]:
    """Per throw that stood (a lead of several components, not failed): (its
    following-suit, the order of its lowest single, the holders that may hold a higher
    card of that suit now: the thrower and the pile -- no other seat could beat a
    single).  Pairs and tractors are left to the replay's check."""
    out = []
    tricks = obs.tricks if obs.current_trick is None else (*obs.tricks, obs.current_trick)
    trump = Trump(obs.level, None if obs.trump == "NT" else obs.trump)
    for t in tricks:
        if t.attempt is not None or not t.plays or len(t.plays[0][1]) < 2:
            continue
        combo = classify(list(t.plays[0][1]), trump, hand.rules)
        singles = [c.top_order for c in combo.components if c.kind == "single"]
        if combo.kind == "throw" and singles:
            g = follow[t.plays[0][1][0] // N_COPIES]
            out.append((g, min(singles), (1 << PILE) | (1 << t.leader)))
    return out


@dataclass
class Script:
    """The decisions to replay on a proposed deal for a seat (``propose``, ``drive``).

    Parameters
    ----------
    own : list of int
        The seat's own actions, in order.
    cards : list of int
        The other seats' card actions, in order (a hidden bury: the drawn cards).
    bids : list of tuple
        The bids the seat saw the others make (``Observation.bids`` entries; a face-down
        bid with its guessed trump).
    to_play : int or None
        Who decides at the end (None: the hand is over).

    Examples
    --------
    The banker's script after its bury (``propose``'s example replays another seat's):

    >>> from shengji.adapters.resample import propose
    >>> from shengji import HandState
    >>> import numpy as np
    >>> hand = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> ev = hand.apply(hand.bot_action("greedy"))     # the bury, the banker's 8 actions
    >>> _, script = propose(hand, 0, np.random.default_rng(0), [0] * len(hand.actions))
    >>> script.own, script.cards, script.bids, script.to_play   # its bury; it leads next
    ([5, 14, 19, 54, 59, 67, 69, 73], [], [], 0)
    """

    own: list[int]
    cards: list[int]
    bids: list[tuple]
    to_play: int | None  # who decides at the end (None: the hand is over)


def _seat_positions(first: int) -> list[list[int]]:
    """Each seat's dealing positions: position p < 100 goes to seat (first + p) % 4."""
    return [[p for p in range(N_DEALT) if (first + p) % N_SEATS == s] for s in range(N_SEATS)]


def _shown_kinds(entry, level: str, mixed: bool) -> list[int]:
    """The kinds a bid showed, where its trump and strength say which: a level card of the
    trump suit (one for a declaration, two for a reinforcement or a level pair), a joker
    pair (one joker of its kind when a mixed pair may be shown, ``mixed_joker_pair``)."""
    _, _, action, trump, strength = entry
    if strength in ("single", "level_pair") and trump in SUITS:
        k = as_cards(f"{level}{trump}")[0] // N_COPIES
        return [k] * (1 if action == "declare" and strength == "single" else 2)
    joker = {"big_joker_pair": BIG_JOKER, "small_joker_pair": SMALL_JOKER}.get(strength)
    if joker is None:
        return []
    return [joker] * (1 if mixed else 2)


def _guess_bids(obs, seat: int, rng) -> list[tuple]:
    """``obs.bids`` with the trump of every face-down bid of another seat
    (``secret_bids``) guessed: a joker pair's is no-trump, the last bid's the hand's trump
    when known, else a suit whose level cards the bid may have shown (not in ``seat``'s
    hand nor played by another seat), at random.  The deal and the replay then follow the
    guess; the replayed bids must still look the same to ``seat`` (face down)."""
    bids = list(obs.bids)
    if not any(e[1] != seat and e[3] is None for e in bids):
        return bids
    _, played, _ = known_cards_of(obs)
    for i, e in enumerate(bids):
        index, s, action, trump, strength = e
        if s == seat or trump is not None:
            continue
        if strength in ("big_joker_pair", "small_joker_pair"):
            trump = "NT"
        elif i == len(bids) - 1 and obs.trump is not None:
            trump = obs.trump
        else:
            n = 1 if strength == "single" else 2
            ok = []
            for suit in SUITS:
                k = as_cards(f"{obs.level}{suit}")[0] // N_COPIES
                gone = sum(1 for c in obs.hand if c // N_COPIES == k) + sum(
                    1 for t in range(N_SEATS) if t != s for c in played[t] if c // N_COPIES == k
                )
                if N_COPIES - gone >= n:
                    ok.append(suit)
            if not ok:
                continue
            trump = ok[int(rng.integers(len(ok)))]
        bids[i] = (index, s, action, trump, strength)
    return bids


def _required(obs, seat: int, bids=None) -> list[list[tuple[int, int]]]:
    """Per other seat, (kind, dealing index) of every card its bids showed (``bids``:
    ``obs.bids`` with guessed face-down trumps, ``_guess_bids``)."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(N_SEATS)]
    mixed = obs.rules.mixed_joker_pair
    for e in obs.bids if bids is None else bids:
        if e[1] != seat and e[3] is not None:
            out[e[1]].extend((k, e[0]) for k in _shown_kinds(e, obs.level, mixed))
    return out


def _bid_pins(obs, seat: int, played, held_shown, bids) -> list[tuple[int, int, int]]:
    """(seat, kind, n) per kind another seat's bids showed: n more copies of it than the
    seat is known to have had (played, or shown in a failed throw) were dealt to it.  A
    seat shows a kind at most twice over its bids (a single, then the pair)."""
    mixed = obs.rules.mixed_joker_pair
    need: dict[tuple[int, int], int] = {}
    for e in bids:
        if e[1] == seat or e[3] is None:
            continue
        kinds = _shown_kinds(e, obs.level, mixed)
        for k in set(kinds):
            key = (e[1], k)
            need[key] = min(N_COPIES, max(need.get(key, 0), kinds.count(k)))
    out = []
    for (s, k), n in sorted(need.items()):
        known = sum(1 for c in played[s] | held_shown[s] if c // N_COPIES == k)
        if n > known:
            out.append((s, k, n - known))
    return out


def _place(deck, cards, positions, required, rng) -> None:
    """Put ``cards`` into ``positions`` (in dealing order) at random, a copy of each
    required kind first (earliest bid first), where the cards have one."""
    cards = [cards[i] for i in rng.permutation(len(cards))]
    front = []
    for k, _ in sorted(required, key=lambda r: r[1]):
        for i, c in enumerate(cards):
            if c // N_COPIES == k:
                front.append(cards.pop(i))
                break
    for p, c in zip(positions, front + cards, strict=False):
        deck[p] = c


def _buries(hand: HandState) -> list[tuple[int, list[int]]]:
    """The hand's buries so far: (burier, the indices of its actions in
    ``hand.actions``) -- the banker's, then each re-burying overturner's
    (``overturn_reburies``)."""
    out: list[tuple[int, list[int]]] = []
    root = hand._root
    assert root is not None  # set when the hand was made
    h = root.clone()
    for i, a in enumerate(hand.actions):
        if h.phase in ("play", "over"):
            break
        if h.phase == "bury":
            burier = h.to_play
            assert burier is not None  # the seat burying
            if not out or out[-1][0] != burier or len(out[-1][1]) == KITTY_SIZE:
                out.append((burier, []))
            out[-1][1].append(i)
        h.apply_action(a)
    return out


def propose(
    hand: HandState, seat: int, rng: np.random.Generator, who: list[int]
) -> tuple[list[int], Script]:
    """Propose a deal consistent with what one seat knows, and the decisions to replay on it.

    The module docstring says how the deal is drawn; the caller keeps it only when the seat
    would have seen exactly the same (rejection sampling).

    Parameters
    ----------
    hand : HandState
        The hand as it is.
    seat : int
        The seat whose information set is resampled, 0..3.
    rng : numpy.random.Generator
        Where the deal (and a face-down bid's guessed trump) is drawn from.
    who : list of int
        The seat that made each of ``hand.actions``, in order.

    Returns
    -------
    deck : list of int
        The 108 card ids in dealing order.
    script : Script
        The decisions to replay on it (``drive``).

    Examples
    --------
    >>> import numpy as np
    >>> from shengji import HandState
    >>> from shengji.adapters.resample import drive, propose
    >>> hand = HandState("standard", level="2", banker=0, trump="H", seed=7)
    >>> who = []                                  # the seat of each of hand.actions
    >>> for _ in range(6):
    ...     seat, n = hand.to_play, len(hand.actions)
    ...     ev = hand.apply(hand.bot_action("greedy"))
    ...     who += [seat] * (len(hand.actions) - n)
    >>> rng = np.random.default_rng(0)
    >>> deck, script = propose(hand, 1, rng, who)  # a deal consistent with seat 1's view
    >>> sorted(deck) == list(range(108)), script.to_play
    (True, 1)
    >>> other = HandState("standard", level="2", banker=0, trump="H", deal=deck, seed=1)
    >>> drive(script, 1, lambda: other, other.apply_action, other.is_over, rng)
    True
    >>> other.observation(1).to_dict() == hand.observation(1).to_dict()   # seat 1 sees the same
    True
    >>> len(script.own), len(script.cards)     # seat 1's actions, the others'
    (5, 26)
    """
    obs = hand.observation(seat)
    first = hand.first_drawer
    positions = _seat_positions(first)
    guessed = _guess_bids(obs, seat, rng)
    required = _required(obs, seat, guessed)
    if obs.trump is None:  # the deal's bidding: the deck is still being dealt
        deck = _bidding_deck(hand, obs, seat, positions, required, rng)
    actions = hand.actions
    swap: dict[int, int] = {}  # action index -> the card the deal buries there
    if obs.trump is not None:
        segs = (_buries(hand) or None) if hand.rules.overturn_reburies else None
        deck, buried = _playing_deck(hand, obs, seat, positions, required, rng, guessed, segs)
        if segs is None:
            segs = [
                (
                    hand.banker,
                    [
                        i
                        for i, (a, s) in enumerate(zip(actions, who, strict=False))
                        if s == hand.banker and not is_bid_action(a)
                    ][:KITTY_SIZE],
                )
            ]
            buried = [buried]
        for (_, idx), cards in zip(segs, buried, strict=False):
            if cards is not None:
                swap.update(zip(idx, cards, strict=False))
    own = [a for a, s in zip(actions, who, strict=False) if s == seat]
    cards = []
    for i, (a, s) in enumerate(zip(actions, who, strict=False)):
        if s == seat or is_bid_action(a):
            continue
        cards.append(swap.get(i, a))  # a hidden bury: the drawn cards
    if hand.phase == "play" and not hand.is_over() and hand.to_play != seat:
        pending = len(hand.pending)  # another seat's choice under way
        cards = cards[: len(cards) - pending]
    bids = [e for e in guessed if e[1] != seat]
    return deck, Script(own, cards, bids, None if hand.is_over() else hand.to_play)


def _bidding_deck(hand, obs, seat, positions, required, rng) -> list[int]:
    """During the deal's bidding: the seat's cards dealt so far stay; every other card
    may be anywhere else (the other seats' cards so far, the cards to come, the kitty)."""
    deck = list(hand.deal)
    dealt = sum(obs.hand_sizes)
    fixed = {p for p in positions[seat] if p < dealt}
    free = [p for p in range(N_CARDS) if p not in fixed]
    cards = [deck[p] for p in free]
    cards = [cards[i] for i in rng.permutation(len(cards))]
    for p, c in zip(free, cards, strict=False):
        deck[p] = c
    where = {c: p for p, c in enumerate(deck)}
    for s in range(N_SEATS):  # a bid's cards into the bidder's first places
        mine = [p for p in positions[s] if p < dealt]
        for slot, (k, _) in zip(mine, sorted(required[s], key=lambda r: r[1]), strict=False):
            if deck[slot] // N_COPIES == k:
                continue
            copies = [
                where[c]
                for c in (k * N_COPIES, k * N_COPIES + 1)
                if where[c] not in fixed and where[c] not in mine[: mine.index(slot)]
            ]
            if copies:
                q = copies[int(rng.integers(len(copies)))]
                deck[slot], deck[q] = deck[q], deck[slot]
                where[deck[slot]], where[deck[q]] = slot, q
    return deck


def _playing_deck(hand, obs, seat, positions, required, rng, bids, segs=None):
    """After the deal's bidding: the hidden cards drawn into the holders (module
    docstring); returns (the deck, the drawn pile when hidden, else [])."""
    _, played, held_shown = known_cards(hand, seat)
    seen = set(obs.hand) | set(obs.buried or ())
    if segs is None:  # re-buried, the kitty's cards may have gone on
        seen |= set(obs.kitty or ())
    for s in range(N_SEATS):
        seen |= played[s] | held_shown[s]
    hidden = [c for c in range(N_CARDS) if c not in seen]
    follow, order = _tables(hand)
    banker = hand.banker
    pile = set(obs.buried or ())
    hidden_pile = banker != seat and obs.buried is None
    # holders: the other seats (room: what they hold less the cards known), the pile
    caps = [0] * (N_SEATS + 1)
    for s in range(N_SEATS):
        if s != seat:
            caps[s] = obs.hand_sizes[s] - len(held_shown[s])
    caps[PILE] = len(hidden) - sum(caps)
    # who may hold each hidden card: not a seat out of its suit, not a seat that could
    # have beaten a throw that stood (then it is in the thrower's hand or the pile)
    suit_mask = []
    for g in range(len(FOLLOW_NAMES)):
        m = 1 << PILE
        for s in range(N_SEATS):
            if s != seat and FOLLOW_NAMES[g] not in obs.voids[s]:
                m |= 1 << s
        suit_mask.append(m)
    cap_by = _throw_caps(obs, hand, follow)
    base = {}
    for c in hidden:
        k = c // N_COPIES
        m = suit_mask[follow[k]]
        for g, o, allowed in cap_by:
            if follow[k] == g and order[k] > o:
                m &= allowed
        base[c] = m
    if segs is not None:  # a pile this seat buried went to the next buriers
        acts = hand.actions
        for j, (x, idx) in enumerate(segs):
            if x != seat or j + 1 == len(segs):
                continue
            later = sum(1 << y for y, _ in segs[j + 1 :]) | (1 << PILE)
            for i in idx:
                if acts[i] in base:
                    base[acts[i]] &= later
    # a bid's cards: the bidder was dealt them, so each is one it has played, one it
    # holds, or (the banker, its bury hidden) one it buried -- pin a hidden copy to those
    pins = _bid_pins(obs, seat, played, held_shown, bids)
    for _ in range(16):
        mask_of = dict(base)
        for s, k, n in pins:
            allowed = (1 << s) | ((1 << PILE) if s == banker and hidden_pile else 0)
            copies = [
                c for c in (k * N_COPIES, k * N_COPIES + 1) if c in mask_of and mask_of[c] & allowed
            ]
            for i in rng.permutation(len(copies))[:n]:
                mask_of[copies[i]] &= allowed
        masks = sorted(set(mask_of.values()))
        group_of = {c: masks.index(m) for c, m in mask_of.items()}
        sizes = [0] * len(masks)
        for c in hidden:
            sizes[group_of[c]] += 1
        if _feasible(sizes, caps, masks):
            break
    else:  # no pinning fits (a guessed face-down bid): left to the replay
        mask_of = base
        masks = sorted(set(mask_of.values()))
        group_of = {c: masks.index(m) for c, m in mask_of.items()}
        sizes = [0] * len(masks)
        for c in hidden:
            sizes[group_of[c]] += 1
    elig = masks
    if not _feasible(sizes, caps, elig):
        raise RuntimeError("no deal agrees with this seat's view (a bug: the true one does)")
    holding = [set(held_shown[s]) if s != seat else set(obs.hand) for s in range(N_SEATS)]
    shuffled = [hidden[i] for i in rng.permutation(len(hidden))]
    everyone = sum(1 << h for h in range(N_SEATS + 1) if caps[h])
    free = all(elig[g] & everyone == everyone for g in range(len(elig)) if sizes[g])
    for c, u in zip(shuffled, rng.random(len(shuffled)), strict=False):
        g = group_of[c]
        cands = [h for h in range(N_SEATS + 1) if caps[h] and (elig[g] >> h) & 1]
        while True:  # by room left, among the holders that keep
            room = sum(caps[h] for h in cands)  # the rest of the deal possible
            x = u * room
            for h in cands:
                x -= caps[h]
                if x < 0:
                    break
            caps[h] -= 1
            sizes[g] -= 1
            if free or _feasible(sizes, caps, elig):
                break
            caps[h] += 1
            sizes[g] += 1
            cands.remove(h)
        (pile if h == PILE else holding[h]).add(c)
    # back to a deck: each seat's 25 (and the banker's kitty) in its dealing positions
    deck = list(hand.deal)
    own = {s: holding[s] | played[s] for s in range(N_SEATS)}
    if segs is not None:  # buries and re-buries (overturn_reburies)
        chosen = _rebury_chain(hand, seat, segs, own, pile, obs.buried is None, required, rng)
        pile_out = chosen
    else:
        own[banker] |= pile
        pile_out = sorted(pile) if obs.buried is None else None
    for s in range(N_SEATS):
        if s == seat:
            continue  # its own positions stay as they are
        places = list(positions[s])
        if s == banker:  # which 8 were the kitty is not known: any
            places += list(range(N_DEALT, N_CARDS))
        cards = sorted(own[s])
        assert len(cards) == len(places), (s, len(cards), len(places))
        _place(deck, cards, places, required[s], rng)
    assert sorted(deck) == list(range(N_CARDS))
    return deck, pile_out


def _rebury_chain(hand, seat, segs, own, pile, hidden_last, required, rng):
    """Buries then re-buries: each burier's pile is 8 of the cards it held after taking
    up the one before.  ``own``: per seat its cards held and played (changed in place to
    the cards each was dealt, the banker's with the kitty); ``pile``: the last bury's
    cards as drawn (when hidden from ``seat``).  The piles ``seat`` never saw (it neither
    buried nor took them up) are any 8 of the next burier's cards, its bid cards last;
    returns per bury its cards to replay (None: ``seat``'s own, kept)."""
    actions = hand.actions
    true = [[actions[i] for i in idx] for _, idx in segs]
    piles: list = [None] * len(segs)
    cur = set(pile) if hidden_last else set(true[-1])
    piles[-1] = cur
    for j in range(len(segs) - 1, 0, -1):
        x = segs[j][0]
        total = own[x] | piles[j]
        if seat in (x, segs[j - 1][0]):
            prev = set(true[j - 1])
        else:
            shown = {k for k, _ in required[x]}
            # an earlier pile this seat saw reached x through this one
            seen = {
                c for i in range(j - 1) if seat in (segs[i][0], segs[i + 1][0]) for c in true[i]
            }
            cands = sorted(total)
            cands = [cands[i] for i in rng.permutation(len(cands))]
            cands.sort(key=lambda c: (c not in seen, c // N_COPIES in shown))
            prev = set(cands[:KITTY_SIZE])
        if x != seat:
            own[x] = total - prev
        piles[j - 1] = prev
    b = segs[0][0]
    if b != seat:
        own[b] = own[b] | piles[0]
    out = []
    for j, (x, _) in enumerate(segs):
        known = seat in (x, segs[j + 1][0] if j + 1 < len(segs) else -1)
        out.append(
            None
            if x == seat
            or (known and j + 1 < len(segs))
            or (j + 1 == len(segs) and not hidden_last)
            else sorted(piles[j])
        )
    return out


def drive(
    script: Script, seat: int, hand_of, apply, finished, rng, limit: int = 4 * N_CARDS
) -> bool:
    """Replay a script on a state dealt from a proposed deck.

    The seat's own actions, the others' cards, their bids as seen and a pass wherever
    another seat was asked and no bid was seen.

    Parameters
    ----------
    script : Script
        What ``propose`` returned with the deck.
    seat : int
        The seat the script was proposed for.
    hand_of : callable
        ``hand_of()`` returns the state's ``HandState`` (as it is now).
    apply : callable
        ``apply(action)`` applies one integer action to the state.
    finished : callable
        ``finished()`` tells whether the state is terminal.
    rng : numpy.random.Generator
        Chooses among equivalent bid options.
    limit : int, default 432
        A bound on the other seats' bidding decisions replayed (4 per card).

    Returns
    -------
    bool
        True when the whole script was replayed and the same seat decides next; False
        when it cannot be (a decision the deal does not allow, or one left over).

    Raises
    ------
    ValueError
        Where ``apply`` refuses an action (the deal makes a decision illegal).

    Examples
    --------
    ``propose``'s example replays a script on its deal.  On a hand that is over, a script
    with nothing left is replayed at once:

    >>> from shengji.adapters.resample import Script, drive
    >>> done = Script(own=[], cards=[], bids=[], to_play=None)
    >>> drive(done, 0, hand_of=None, apply=None, finished=lambda: True, rng=None)
    True
    """
    own, cards, bids = deque(script.own), deque(script.cards), deque(script.bids)
    for _ in range(limit + len(own) + len(cards)):
        if finished():
            return not own and not cards and not bids and script.to_play is None
        h = hand_of()
        d = h.to_play
        if not own and not cards and not bids and d == script.to_play:
            return True
        if d == seat:
            if not own:
                return False
            apply(own.popleft())
        elif h.phase == "bid":
            apply(_bid_choice(h, d, bids, rng))
        else:
            if not cards:
                return False
            apply(cards.popleft())
    return False


def _bid_choice(h: HandState, seat: int, bids: deque, rng) -> int:
    """Another seat asked during the bidding: the bid it was seen to make here, or pass."""
    if bids and bids[0][1] == seat:
        index, _, action, trump, strength = bids[0]
        obs = h.observation(seat)
        if obs.trump is not None or sum(obs.hand_sizes) - 1 == index:
            options = [
                o
                for o in h.bid_options()
                if o.action == action
                and o.strength == strength
                and (trump is None or o.trump == trump)
            ]
            if options:
                bids.popleft()
                return BID_ACTION_BASE + options[int(rng.integers(len(options)))].code
    return BID_ACTION_BASE + BID_PASS

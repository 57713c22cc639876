"""Text of a hand: the table as one seat sees it (``Observation.render``) and the whole table
(``HandState.render``), and the lines the text and the HTML share: a hand grouped by
following-suit (trumps first, strongest first: ``card_groups``), the bids made and the
bidding's outcome (``bids_line``, ``bidding_line``: one wording for both)."""

from __future__ import annotations

from shengji.cards import format_cards
from shengji.names import ACTION_PLAY, FOLLOW_NAMES, N_COPIES, N_PLAY_ACTIONS, N_SEATS, TRUMP
from shengji.rules.bid_types import BID_ACTIONS
from shengji.rules.trump import Trump

_GROUPS = (TRUMP, 0, 1, 2, 3)  # trumps first, then S H C D


def card_groups(cards, trump: str | None, level: str, rules) -> list[tuple[str, list[int]]]:
    """``cards`` grouped by following-suit, trumps first ("T", then "S" "H" "C" "D"),
    strongest first in each group; empty groups left out.  ``trump`` None (the deal's
    bidding) groups as no-trump: the jokers and level cards first."""
    follow, order, _, _ = Trump(level, None if trump == "NT" else trump).tables(
        rules.tractor_gap, rules.trump_chain
    )
    out = []
    for g in _GROUPS:
        mine = sorted(
            (c for c in cards if follow[c // N_COPIES] == g),
            key=lambda c: (-int(order[c // N_COPIES]), c),
        )
        if mine:
            out.append((FOLLOW_NAMES[g], mine))
    return out


def bids_line(bids, trump_word=str) -> str:
    """The bids made, ``(index, seat, action, trump, strength)`` each (``bid_log``): "S1
    declare H at card 23; ...", ``trump_word(trump)`` naming a trump (a face-down bid's
    trump, None, is "(face down)")."""
    return "; ".join(
        f"S{seat} {action} {'(face down)' if trump is None else trump_word(trump)} at card {i + 1}"
        for i, seat, action, trump, _ in bids
    )


def bidding_line(b) -> str:
    """A ``BidOutcome`` in words: who declared first (or nobody: no bid), then its
    overturns, a reinforcement, redeals, a banker stepping down."""
    who = (
        "nobody declared (no bid)"
        if b.no_bid
        else f"S{b.first_declarer} declared first (card {b.first_declare_index + 1})"
    )
    extra = [f"{b.overturns} overturn(s)"] if b.overturns else []
    extra += ["reinforced"] if b.reinforced else []
    extra += [f"{b.redeals} redeal(s)"] if b.redeals else []
    extra += ["the banker stepped down"] if b.banker_steps_down else []
    return who + ("; " + ", ".join(extra) if extra else "")


def _action_name(action: int) -> str:
    """A bid action's name (the encoding of shengji.game.actions: bids from N_PLAY_ACTIONS)."""
    return BID_ACTIONS[action - N_PLAY_ACTIONS]


def _sorted_groups(cards, trump: str, level: str, rules) -> str:
    parts = [f"{g}: {format_cards(mine)}" for g, mine in card_groups(cards, trump, level, rules)]
    return "  |  ".join(parts) if parts else "(none)"


def _header(o) -> list[str]:
    trump = "not decided yet" if o.trump is None else o.trump
    bank = (
        "none yet"
        if o.banker < 0
        else f"S{o.banker} (team {o.banker % 2}: S{o.banker % 2} S{o.banker % 2 + 2})"
    )
    lines = [f"level {o.level} (defenders {o.defender_level}), trump {trump}, banker {bank}"]
    if o.bids:
        lines.append("bids: " + bids_line(o.bids))
    if o.standing_bid is not None:
        st = o.standing_bid
        lines.append(
            f"standing bid: S{st['bidder']} {st['strength']} "
            f"{st['trump'] or '(face down)'}" + (", locked" if st["locked"] else "")
        )
    if o.bidding is not None:
        lines.append("bidding: " + bidding_line(o.bidding))
    return lines


def _record(o) -> list[str]:
    pts = "  ".join(f"S{s} {o.points[s]}" for s in range(N_SEATS))
    lines = [
        f"points: {pts}  | team 0 {o.team_points[0]}, team 1 {o.team_points[1]}"
        f"  | penalty {o.penalty:+d}"
    ]
    voids = [f"S{s}: {' '.join(v)}" for s, v in enumerate(o.voids) if v]
    if voids:
        lines.append("voids shown: " + "; ".join(voids))
    if o.tricks:
        lines.append("tricks:")
        lines += [f"  {t}" for t in o.tricks]
    if o.current_trick is not None:
        lines.append(f"current trick (led by S{o.current_trick.leader}):")
        lines.append(f"  {o.current_trick}")
    return lines


def _legal(o) -> str:
    if o.phase == "bid":
        return f"legal actions: {', '.join(_action_name(a) for a in o.legal_actions)}"
    return (
        f"legal actions: {len(o.legal_actions)} "
        f"(cards {format_cards([a for a in o.legal_actions if 0 <= a < ACTION_PLAY])}"
        + (" + play)" if o.legal_actions[-1] == ACTION_PLAY else ")")
    )


def render_observation(o) -> str:
    side = "no banker yet" if o.banker < 0 else "banker team" if o.is_banker_team else "defenders"
    lines = [f"Seat {o.seat} ({side}) -- " + _header(o)[0], *_header(o)[1:]]
    turn = (
        "the hand is over"
        if o.phase == "over"
        else f"{o.phase}, S{o.to_play} to decide" + (" (you)" if o.my_turn else "")
    )
    lines.append(
        f"phase: {turn}; next trick led by S{o.leader}"
        if o.current_trick is None and o.phase == "play"
        else f"phase: {turn}"
    )
    lines += _record(o)
    lines.append(f"your hand ({len(o.hand)}): " + _sorted_groups(o.hand, o.trump, o.level, o.rules))
    if o.pending:
        lines.append(f"chosen so far: {format_cards(o.pending)}")
    if o.kitty is not None:
        lines.append(f"kitty (dealt): {format_cards(o.kitty)}")
    if o.buried is not None:
        lines.append(f"buried: {format_cards(o.buried)}")
    lines.append("hand sizes: " + "  ".join(f"S{s} {n}" for s, n in enumerate(o.hand_sizes)))
    if o.legal_actions:
        lines.append(_legal(o))
    if o.result is not None:
        r = o.result
        lines.append(f"result: D = {r['defender_points']} -> {r['level_side']} +{r['levels']}")
    return "\n".join(lines)


def render_state(s) -> str:
    """The whole table: every hand, the kitty and the buried cards, and the record."""
    # the banker's view holds the kitty and the bury (during the deal's bidding: seat 0's)
    o = s.observation(s.banker if s.banker >= 0 else 0)
    lines = ["Full table -- " + _header(o)[0], *_header(o)[1:]]
    lines.append("the hand is over" if s.is_over() else f"phase: {s.phase}, S{s.to_play} to decide")
    lines += _record(o)
    for seat, hand in enumerate(s.hands):
        lines.append(f"S{seat} ({len(hand)}): " + _sorted_groups(hand, o.trump, o.level, o.rules))
    lines.append(
        f"kitty (dealt): {format_cards(s.kitty)}"
        if s.kitty
        else "kitty: not taken yet (the deal's bidding)"
    )
    if s.buried:
        lines.append(f"buried: {format_cards(s.buried)}")
    if s.is_over():
        r = s.result()
        lines.append(
            f"result: D = {r['defender_points']} (table {r['table_points']}, kitty "
            f"{r['kitty_points']} x {r['kitty_multiplier']}, penalty "
            f"{r['penalty']:+d}) -> {r['level_side']} +{r['levels']}, next banker "
            f"S{r['next_banker']}"
        )
    return "\n".join(lines)

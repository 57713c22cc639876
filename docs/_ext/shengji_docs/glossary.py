"""What the output tables' columns mean: one line each.

The columns themselves are not listed here: the reference pages take them from the studies
(the tables a one-item run of each kind writes).  These are only their descriptions.  The
study keys carry theirs (``shengji.studies.config.COMMON`` and each kind's ``keys``: fields
of the one schema, each with its doc).  The build fails (a warning, and the site builds
with warnings as errors) when a column has no line here, and when a line here names a
column that no longer exists.
"""

from __future__ import annotations

# Output columns: (table, column) where the meaning depends on the table, else the column.
COLUMNS: dict[str | tuple[str, str], str] = {
    # items
    "deal": "The deal's number in the run, 0 to n - 1 (the item).",
    ("hands", "hand"): "The hand's number: in the run (scoring), or in its match (match).",
    "match": "The match's number in the run, 0 to n - 1 (the item).",
    "seat": "The seat, 0 to 3 (seat 0 draws first).",
    "illegal": 'Illegal decisions of the agent refused in this hand (illegal = "replace").',
    "illegal_action": "The first refused decision's action (-1: none).",
    "illegal_trick": "Tricks done when the first refused decision was made (-1: none).",
    "pair": "The ladder's pair: its number in the run's plan.",
    ("duel", "team_a"): "The pair's first bot (its name in [bots]).",
    ("duel", "team_b"): "The pair's second bot (its name in [bots]).",
    # deals: hands/
    "trumps_s": "The seat's trumps if spades were trump (level cards and jokers included).",
    "trumps_h": "The seat's trumps if hearts were trump.",
    "trumps_c": "The seat's trumps if clubs were trump.",
    "trumps_d": "The seat's trumps if diamonds were trump.",
    "trumps_nt": "The seat's trumps in no-trump (level cards and jokers).",
    "points": "The points the seat is dealt (5s, 10s and kings).",
    "level_cards": "The seat's cards of the level's rank.",
    "small_jokers": "The seat's small jokers (0 to 2).",
    "big_jokers": "The seat's big jokers (0 to 2).",
    "pairs": "The pairs in the seat's hand (two identical cards).",
    "level_pairs": "The pairs of level cards in the seat's hand.",
    "longest_side_suit": "The seat's longest suit counting plain cards only (no level "
    "cards, no jokers).",
    "tractors_s": "The seat's tractors if spades were trump (the rules' decomposition of "
    "each following-suit: maximal runs of adjacent pairs; docs/rules.md §3).",
    "tractors_h": "The seat's tractors if hearts were trump.",
    "tractors_c": "The seat's tractors if clubs were trump.",
    "tractors_d": "The seat's tractors if diamonds were trump.",
    "tractors_nt": "The seat's tractors in no-trump.",
    ("kitty", "kitty_points"): "The points in the kitty (the 8 cards left after the deal).",
    ("cards", "cards"): "The deal's 108 physical card ids in dealing order (seat i % 4's "
    "card at position i < 100; 100 to 107 the kitty).",
    # deals: histograms/
    "column": "The feature counted (a column of hands/ or kitty/).",
    ("histograms", "seat"): "The seat (null for the kitty's rows).",
    "value": "A value of the feature.",
    "count": "How many deals (and seats) had that value.",
    # bid_odds: bids/
    "first_declarer": "The seat that declared first (-1: nobody did).",
    "first_declare_index": "When the first declaration came: the card's index in the "
    "deal, 0 to 99 (-1: none).",
    ("bids", "trump"): 'The trump the bidding ended on: "S", "H", "C", "D" or "NT".',
    ("bids", "banker"): "The banker's seat.",
    "overturns": "How many times a declaration was overturned.",
    "reinforced": "Whether the declarer reinforced its declaration.",
    "no_bid": "Whether nobody declared.",
    "redeals": "How many deals were dealt again before this one (nobody declared).",
    "banker_steps_down": "Whether the banker stepped down (the rules' no_bid).",
    "banker_trumps": "The banker's trumps after taking the kitty, before burying.",
    "team_trumps": "The banker team's trumps: banker, partner and kitty.",
    # scoring, match and duel: one row per hand
    "banker": "The banker's seat.",
    "trump": 'The trump: "S", "H", "C", "D" or "NT".',
    "level": "The rank played (the banker team's level).",
    "table_points": "The points the defenders took in tricks.",
    "kitty_points": "The points buried in the kitty.",
    "last_winner_side": 'Who took the last trick: "banker" or "defenders".',
    "last_winner_shape": 'The shape that took the last trick: "single", "pair", '
    '"tractor" or "throw".',
    "kitty_multiplier": "The multiplier applied to the kitty's points (0 when the banker "
    "team took the last trick).",
    "penalty": "The signed change of D from penalties (failed throws).",
    "defender_points": "D, the defenders' points: table_points + kitty_points x "
    "kitty_multiplier + penalty.",
    "level_side": 'The side the level change goes to: "banker" (the banker team levels '
    'up) or "defenders" (they take over the bank).',
    "levels": "How many levels that side goes up (0 to the rules' level_cap).",
    "next_banker": "The seat that banks the next hand.",
    "failed_throws": "Throws that failed in the hand.",
    ("hands", "redeals"): "Deals dealt again before this hand was played (nobody declared).",
    # match: matches/ and hands/
    "winner_team": "The team that won, 0 or 1 (-1: a draw on time, or the hand guard "
    "stopped the match).",
    ("matches", "hands"): "The hands the match took.",
    "final_level_0": "Team 0's level at the end (a rank index 0 to 12, before the last "
    "hand's jump).",
    "final_level_1": "Team 1's level at the end.",
    "trajectory_0": "Team 0's level before every hand (rank indices).",
    "trajectory_1": "Team 1's level before every hand.",
    "ended_by": 'How the match ended: "target" (a team passed target_level), "time" '
    '(match_hands hands were played) or "guard" (the hand guard stopped it).',
    "level_0": "Team 0's level before the hand (a rank index).",
    "level_1": "Team 1's level before the hand.",
    "demotion": "The banker team's demoted level (a rank index; -1: none).",
    # decisions: decisions/ and hands/
    ("decisions", "hand"): "The hand's number in the run (the item).",
    "phase": 'The decision: "bury" or "play".',
    "trick": "Tricks done before the decision.",
    "position": "Plays made in the trick before the decision.",
    "step": "The decision's index in the hand's plays (hands/ plays).",
    "n": "The decision's candidates (2 or more).",
    "choice": "The teacher's choice's index among the candidates (-1: a play not listed).",
    ("decisions", "points"): "The hand's outcome for the seat's team: +D defending, -D banking.",
    ("decisions", "levels"): "The seat's team's signed level change in the hand.",
    "x": "The state as the net bot sees it: bytes, shengji._core.bots.features.LAYOUT.",
    "a": "The candidates' bytes (candidates x ACTION_LAYOUT, zero past n).",
    "cands": "The candidates: 16 bytes each, kind masks one and two (little-endian uint64).",
    "q": "The teacher's mean outcome per candidate when it is pimc (else 0).",
    "q_n": "The samples behind each q.",
    "seat_deck": "The deal: 108 bytes, position i < 100 to seat i % 4, 100 to 107 the kitty.",
    "plays": "Every decision of the bury and the tricks in order (one and two interleaved): "
    "the hand replays from it.",
    # bid_decisions: bid_decisions/ (and hands/)
    ("bid_decisions", "hand"): "The hand's number in the run (the item).",
    "dealt": "The cards dealt when the seat was asked (0 to 100).",
    "round": 'The asking round: "card" (as a card lands) or "after_deal" (after the last card).',
    ("bid_decisions", "n"): "The decision's options: passing, then the seat's bids (2 or more).",
    "played": "The option played (0: passing; else bid n - 1 of the seat's).",
    "policy": "The option the bot chose (the one played unless explored).",
    "memory": "The option memory's judgement chose.",
    ("bid_decisions", "points"): "The hand's outcome for the seat's team: +D defending, -D "
    "banking (0 for a deal thrown in).",
    "y": "The decision as the net bot's bid head sees it: bytes, "
    "shengji._core.bots.bid_net.LAYOUT.",
    "o": "The options' bytes (8 x ACTION_LAYOUT, zero past n).",
    ("bid_decisions", "q"): "Each option's hindsight value: played out on the true deck by the "
    "bot, the outcome for the seat's team (0 past n).",
    # duel: duel/
    "orientation": "0: team_a's bot banks; 1: team_b's bot banks (the same cards).",
    "banker_bot": "The label of the banker team's bot.",
    "defender_bot": "The label of the defenders' bot.",
}

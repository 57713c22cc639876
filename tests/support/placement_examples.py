"""Exact placement examples, written once as functions of an engine (a module with
``classify``, ``match_shape``, ``trick_winner``, ``is_legal_follow``, ``check_throw`` and
``kitty_multiplier``): the examples of issue 12 and one example of every class where the old
greedy fit answered wrongly (docs/rules-engine.md "Placement", "Shape match", "Key", "Follow
legality", "Kitty multiplier").  tests/core/rules/test_placement.py runs them against the core
(``shengji.rules.combos``), tests/reference/test_placement.py against ``shengji.reference``.
Each runs under every preset (none changes tractor_gap or trump_chain; the one example that
depends on an option reads it from the preset).
"""

from __future__ import annotations

from shengji.rules.options import Rules

DIAMONDS = ("2", "D")
SPADES = ("2", "S")
CLUBS = ("2", "C")
NT2 = ("2", None)


# -- issue 12 ----------------------------------------------------------------------------

LEAD_3_2 = "3H 3H 4H 4H 7H 7H 8H 8H 9H 9H"


def example_ruff_through_the_parallel_level_position_wins(e, preset):
    # KD-AD-2S + 2C-2D: two tractors share the off-suit level position.
    ruff = "KD KD AD AD 2S 2S 2D 2D 2C 2C"
    assert e.match_shape(ruff, LEAD_3_2, DIAMONDS, preset) == ((True, True), True, 13)
    assert e.trick_winner([LEAD_3_2, ruff], DIAMONDS, preset) == 1


def example_follower_may_not_drop_the_second_tractor(e, preset):
    lead = "3D 3D 4D 4D 7D 7D 8D 8D 9D 9D"
    hand = "KD KD AD AD 2S 2S 2C 2C 2D 2D 6D 6D"
    assert e.match_shape(
        "KD KD AD AD 2S 2S 2C 2C 2D 2D 6D 6D", lead, DIAMONDS, preset
    ).tractors == (True, True)
    assert not e.is_legal_follow(hand, lead, "KD KD AD AD 2S 2S 2C 2C 6D 6D", DIAMONDS, preset)
    assert e.is_legal_follow(hand, lead, "KD KD AD AD 2S 2S 2C 2C 2D 2D", DIAMONDS, preset)


def example_without_trump_chain_the_level_pairs_link_nothing(e, preset):
    rules = Rules.preset(preset).replace(trump_chain=False)
    ruff = "KD KD AD AD 2S 2S 2D 2D 2C 2C"
    assert not e.match_shape(ruff, LEAD_3_2, DIAMONDS, rules).has_shape
    assert e.trick_winner([LEAD_3_2, ruff], DIAMONDS, rules) == 0


# -- the rest of the family ------------------------------------------------------------------


def example_three_parallel_level_pairs(e, preset):
    # Lead 3 + 2 + a pair; the ruff is KD-AD-2S + 2H-2D + the pair 2C 2C.
    lead = "3H 3H 4H 4H 5H 5H 7H 7H 8H 8H TH TH"
    ruff = "KD KD AD AD 2S 2S 2H 2H 2C 2C 2D 2D"
    assert e.match_shape(ruff, lead, DIAMONDS, preset) == ((True, True), True, 13)
    assert e.trick_winner([lead, ruff], DIAMONDS, preset) == 1


def example_runs_that_must_be_cut_the_right_way(e, preset):
    # No parallel pairs: runs of 5 and 4 hold 3 + 2 + 2 + 2 only as 5 = 3 + 2, 4 = 2 + 2
    # (the greedy put the 3 into the 4-run).  Key: the 3-tractor tops at 7S (order 5).
    lead = "3H 3H 4H 4H 5H 5H 7H 7H 8H 8H TH TH JH JH KH KH AH AH"
    ruff = "3S 3S 4S 4S 5S 5S 6S 6S 7S 7S 9S 9S TS TS JS JS QS QS"
    assert [c.pairs for c in e.classify(lead, SPADES, preset).components] == [3, 2, 2, 2]
    assert e.match_shape(ruff, lead, SPADES, preset) == ((True,) * 4, True, 5)
    assert e.trick_winner([lead, ruff], SPADES, preset) == 1


def example_overtrump_is_read_by_the_strongest_possible_key(e, preset):
    # Ruff A's runs are 3S-5S and 9S-QS: the 3-tractor fits the high run, but then the two
    # 2-tractors do not; its key is 5S (order 3).  Ruff B's 3-tractor tops at 8S (order 6):
    # B overtrumps (the greedy key, QS, kept A winning).
    lead = "3H 3H 4H 4H 5H 5H 7H 7H 8H 8H TH TH JH JH"
    ruff_a = "3S 3S 4S 4S 5S 5S 9S 9S TS TS JS JS QS QS"
    ruff_b = "6S 6S 7S 7S 8S 8S KS KS AS AS SJ SJ BJ BJ"
    assert e.match_shape(ruff_a, lead, SPADES, preset).key == 3
    assert e.match_shape(ruff_b, lead, SPADES, preset).key == 6
    assert e.trick_winner([lead, ruff_a, ruff_b], SPADES, preset) == 2
    assert e.trick_winner([lead, ruff_b, ruff_a], SPADES, preset) == 1


def example_follow_through_the_split_is_legal(e, preset):
    # The mirror of the follow: a play holding QC-KC-AC-2H + 2D-2C holds the lead's
    # 4 + 2, so it is legal although its longest run (QC..2C) cut from the top would not.
    lead = "3C 3C 4C 4C 5C 6C 6C 7C 7C 8C 8C 9C 9C SJ"
    hand = "2S 2H 2H 2C 2C TC TC JC JC QC QC KC KC AC AC 2D 2D BJ"
    play = "2H 2H 2C 2C TC TC QC QC KC KC AC AC 2D 2D"
    assert e.match_shape(play, lead, CLUBS, preset).tractors == (True, True)
    assert e.is_legal_follow(hand, lead, play, CLUBS, preset)


def example_no_split_without_a_neighbour_below(e, preset):
    # No-trump: the level position has SJ above and nothing below, so only one tractor
    # can pass through it.
    lead = "3H 3H 4H 4H 6H 6H 7H 7H"
    ruff = "2S 2S 2C 2C SJ SJ BJ BJ"
    assert e.match_shape(ruff, lead, NT2, preset) == ((True, False), False, None)
    assert e.trick_winner([lead, ruff], NT2, preset) == 0


def example_lead_with_parallel_pairs_is_cut_largest_first(e, preset):
    # AD-2S-2D + the pair 2C 2C, not AD-2S + 2C-2D: a higher pair makes the throw fail.
    lead = "AD AD 2S 2S 2C 2C 2D 2D"
    combo = e.classify(lead, DIAMONDS, preset)
    assert [(c.kind, c.pairs) for c in combo.components] == [("tractor", 3), ("pair", 1)]
    two_c = (False, [52, 53])  # the pair 2C 2C
    assert e.check_throw(lead, ["SJ SJ 3H"], DIAMONDS, preset) == two_c
    # A trump throw stands against lower cards -- unless trump throws are off (campus-2015).
    stands = (True, []) if Rules.preset(preset).trump_throws else two_c
    assert e.check_throw(lead, ["QD QD KD KD 3H"], DIAMONDS, preset) == stands


def example_kitty_multiplier_counts_the_longest_tractor_held(e, preset):
    # The winning ruff matched the lead as 3 + 2 but holds the 4-tractor KD-AD-2S-2D.
    ruff = "KD KD AD AD 2S 2S 2D 2D 2C 2C"
    rules = Rules.preset(preset)
    expected = {"linear4": 16, "plus2": 10, "power2": 32}[rules.kitty_multiplier]
    assert e.kitty_multiplier(ruff, DIAMONDS, preset) == expected


EXAMPLES = [f for name, f in sorted(globals().items()) if name.startswith("example_")]

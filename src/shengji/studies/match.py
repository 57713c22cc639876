"""The match study: whole matches played by built-in bots (issue #5).

A match starts with both teams at the rules' ``start_level``; the first hand is a first
hand (the first declarer banks; a deal nobody declares is redealt), later hands follow
docs/rules.md §6: the banker team stays -> the banker's partner banks, the defenders take over
-> the seat after the banker banks, at its team's level.  ``level_cap``, ``must_play``
(a jump stops at a must-play rank), ``must_play_strict``, ``must_play_demotion`` and
``overturn_levels`` apply.  A team that levels past ``target_level`` (default A) wins.

Time (docs/rules.md §6, ``match_hands``): the sources' timed formats end a match when time
is called; the simulation's clock is a number of complete hands.  After ``match_hands``
hands with no team past the target, the team with the higher level wins; at equal levels
``timeout_tie`` decides: a draw (winner_team -1), the team on the bank (the next hand's
banker team), or play on until a hand leaves the levels unequal.

must_play_demotion (docs/rules.md §6, set 002-F), as modelled: the banker
team at a must-play J (or A) and the defenders take the last trick with a play holding a
J (at J) / an A (at A): at J the banker team drops to 2; at A a single A drops it to J, a
pair of As to 2.  Then the level change applies as usual: defenders taking over level
from their own level; a banker team that keeps the bank levels from its demoted level.

Bots: team 0 (seats 0 and 2) plays ``policy``, team 1 ``opponent_policy`` (default: the
same): a bot name or a table with its parameters (``shengji.game.botspec``).
``bid_policy``: a kernel policy (not ``never``: a match opens with a first hand), or
``"players"``: each seat's bot bids (``_core.bots.bidder``; docs/hand-engine.md,
"Bidding by the players"), drawing from the chunk's stream as its plays do.

Tables:
  matches/  match (int64), winner_team (0/1; -1 for a draw on time or if the hand guard
            stopped it), hands, final_level_0, final_level_1 (rank index 0..12 before the
            last hand's jump),
            trajectory_0, trajectory_1 (list<int8>: each team's level before every hand),
            ended_by (dictionary<string>: "target" a team passed target_level, "time" match_hands
            hands were played, "guard" the hand guard stopped it)
  hands/    match, hand (index in the match), level_0, level_1 (before the hand), and the
            scoring study's columns (banker, trump, level, table_points, ...), and
            demotion (the banker team's demoted level rank, -1 when none).
"""

from __future__ import annotations

import numpy as np

from shengji.bidding.args import STUDY_BID_POLICIES
from shengji.game.botspec import GREEDY, chunk_size_for
from shengji.names import HAND_COLUMNS
from shengji.rules import pack
from shengji.schema import Choice, Field
from shengji.studies.base import (
    Chunk,
    ChunkResult,
    Options,
    Study,
    StudyConfig,
    arrow_dictionary,
    arrow_lists,
    arrow_table,
)
from shengji.studies.conditioned import chunk_dealing, chunk_extras, summary_lines
from shengji.studies.kernel_args import kernel_args
from shengji.studies.kinds import BotRef
from shengji.studies.scoring import (
    BID_THRESHOLD,
    check_bid_keys,
    hand_columns,
)

MATCH_CAPACITY = 2000  # hands kept per match; real matches take tens


class MatchStudy(Study):
    name = "match"
    takes_deal = True
    unit = "matches"
    keys = (
        Field(
            "policy",
            BotRef(),
            GREEDY,
            "The bot of team 0 (seats 0 and 2): a bot name or a table with its parameters.",
        ),
        Field(
            "opponent_policy",
            BotRef(optional=True),
            None,
            "The bot of team 1 (seats 1 and 3; default: the same as policy).",
        ),
        # not "never": every match opens with a first hand, which needs a declaration
        Field(
            "bid_policy",
            Choice(tuple(p for p in STUDY_BID_POLICIES if p != "never")),
            "eager",
            'How the bids are made: "eager", "threshold" or "players" (not "never": a match '
            "opens with a first hand).",
        ),
        BID_THRESHOLD,
    )
    default_chunk_size = 256

    def chunk_size_for(self, options: Options) -> int:
        return chunk_size_for(
            self.default_chunk_size,
            16,  # a match: tens of hands
            options["policy"],
            options["opponent_policy"],
        )

    def tables(self, cfg: StudyConfig) -> list[str]:
        check_bid_keys(cfg.options, cfg.rules, first_hand=True)
        return ["matches", "hands"]

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk) -> ChunkResult:
        from shengji.door import MATCH_ENDS, MatchJob, play_match

        a = kernel_args(self.name, cfg.options, cfg.seed, cfg.level, chunk.index)
        ncol = len(HAND_COLUMNS)
        buf = np.zeros((ncol + 2, MATCH_CAPACITY), np.int32)
        rows, winners, counts, traj0, traj1, final0, final1 = [], [], [], [], [], [], []
        ends = []
        deal = chunk_dealing(cfg)  # the [deal] table's conditional deals, or None
        every = cfg.deal is None or cfg.deal.hands == "every"
        for _m in range(chunk.count):
            n, winner, ended, _lv0, _lv1 = play_match(
                a.job(
                    MatchJob,
                    rules=pack.rules(cfg.rules),
                    team0_bot=pack.bot(a.bots[0]),
                    team1_bot=pack.bot(a.bots[1]),
                    out=buf,
                    deal=deal,
                    deal_every=every,
                )
            )
            rows.append(buf[:, :n].copy())
            winners.append(winner)
            ends.append(ended)
            counts.append(n)
            traj0.append(buf[ncol, :n].astype(np.int8))
            traj1.append(buf[ncol + 1, :n].astype(np.int8))
            final0.append(int(buf[ncol, n - 1]) if n else -1)
            final1.append(int(buf[ncol + 1, n - 1]) if n else -1)
        match_ids = np.arange(chunk.start, chunk.start + chunk.count, dtype=np.int64)
        counts_a = np.asarray(counts, np.int32)
        all_rows = np.concatenate(rows, axis=1) if rows else np.zeros((ncol + 2, 0), np.int32)
        total = all_rows.shape[1]
        hands = {
            "match": np.repeat(match_ids, counts_a),
            "hand": np.concatenate([np.arange(c, dtype=np.int32) for c in counts]),
            "level_0": all_rows[ncol].astype(np.int8),
            "level_1": all_rows[ncol + 1].astype(np.int8),
        }
        hands.update(hand_columns(np.ascontiguousarray(all_rows[:ncol]), total, HAND_COLUMNS))
        # must_play_demotion: the banker team's level after a demotion, -1 when none
        hands["demotion"] = all_rows[HAND_COLUMNS.index("demotion")].astype(np.int8)
        matches = {
            "match": match_ids,
            "winner_team": np.asarray(winners, np.int8),
            "hands": counts_a,
            "final_level_0": np.asarray(final0, np.int8),
            "final_level_1": np.asarray(final1, np.int8),
            "trajectory_0": arrow_lists(_concat_int8(traj0), counts_a),
            "trajectory_1": arrow_lists(_concat_int8(traj1), counts_a),
            # MATCH_ENDS[0] ("playing") never ends a match: codes 1.. -> names from "target"
            "ended_by": arrow_dictionary(np.asarray(ends, np.int8) - 1, MATCH_ENDS[1:]),
        }
        w = np.asarray(winners)
        e = np.asarray([MATCH_ENDS[x] for x in ends], dtype=object)
        stats = {
            "items": chunk.count,
            "hands": int(counts_a.sum()),
            "team0_wins": int((w == 0).sum()),
            "team1_wins": int((w == 1).sum()),
            "on_time": int((e == "time").sum()),
            "draws": int(((e == "time") & (w < 0)).sum()),
        }
        extra, meta = chunk_extras(deal)
        return ChunkResult(
            tables={"matches": arrow_table(matches), "hands": arrow_table(hands)},
            stats={**stats, **extra},
            metadata=meta,
        )

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        n = stats["items"]
        if not n:
            return []
        t0 = cfg.options["policy"].label
        t1 = (cfg.options["opponent_policy"] or cfg.options["policy"]).label
        lines = summary_lines(cfg, stats) + [
            f"hands per match {stats['hands'] / n:.1f}; team 0 ({t0}) wins "
            f"{100 * stats['team0_wins'] / n:.1f}%, team 1 ({t1}) "
            f"{100 * stats['team1_wins'] / n:.1f}%",
        ]
        if stats.get("on_time"):  # match_hands: matches that ended on time
            lines.append(
                f"ended on time {100 * stats['on_time'] / n:.1f}% "
                f"(draws {100 * stats.get('draws', 0) / n:.1f}%)"
            )
        return lines


def _concat_int8(parts: list) -> np.ndarray:
    return np.concatenate(parts).astype(np.int8) if parts else np.zeros(0, np.int8)


STUDY = MatchStudy()

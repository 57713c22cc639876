"""The bid decisions study: hands played by a bot in every seat with the seats bidding, every
bid decision recorded as the net bot's bid head sees it, each option with its hindsight value
-- the data the learned bids are trained on (``shengji.learn.bids``; issue 51).

The hands (``_core/drivers/bid_decisions.pyx``): independent later hands from the chunk's
stream, both teams at ``level``, seat 0 banking whoever declares, ``bot`` (default ``net``) in
every seat, bidding under bid_policy "players" (docs/rules.md §7) and playing.  At each bid
decision the head judges (during the deal and after it; not a first hand's, whose points do
not say what the bank is worth, nor the round after the bury, nor face-down bids:
``_core/bots/bid_net.pyx``), with probability ``keep``, a row records the decision's bytes,
each option's (passing, then the seat's bids) and each option's hindsight value: the option
applied on the true deck, the rest of the bidding by the bot's bids in every seat, the
hand played out by the bot, the outcome for the seat's team.  With ``explore`` the option
played is drawn uniformly among the options at that share of the recorded decisions (the
bidding then reaches states the bot's own would not).  No ``[deal]`` table: the driver
deals unconditioned hands, so one is refused (not ignored).

Tables:
  bid_decisions/  one row per recorded decision: hand (int64), seat, dealt (cards dealt), round
                  ("card", "after_deal"), n (options: passing and the seat's bids),
                  played, policy and memory (option indices, 0: passing: the option
                  played, the bot's choice, memory's judgement's), points (the hand's
                  outcome for the seat's team: +D defending, -D banking; 0 for a deal
                  thrown in), y (binary, the decision's bytes:
                  ``_core.bots.bid_net.LAYOUT``), o (binary, 8 x the option bytes, zero
                  past n: ``ACTION_LAYOUT``) and q (list<float32>, each option's hindsight
                  value; 0 past n).
  hands/          hand (int64) and the scoring study's columns.
"""

from __future__ import annotations

import numpy as np

from shengji.cards import parse_rank
from shengji.game.botspec import BotSpec, bot_row, chunk_size_for
from shengji.names import HAND_COLUMNS, N_CARDS
from shengji.rules import pack
from shengji.schema import Field, Number
from shengji.studies.base import (
    Chunk,
    ChunkResult,
    ConfigError,
    Options,
    Study,
    StudyConfig,
    arrow_dictionary,
    arrow_table,
)
from shengji.studies.decisions import fixed_binary, fixed_list
from shengji.studies.kinds import BotRef
from shengji.studies.scoring import check_bid_keys, hand_columns

__all__ = ["BidDecisionsStudy", "STUDY", "ROUND_NAMES"]

ROUND_NAMES = ("card", "after_deal", "late")  # bidding.pxd ROUND_* (late: never recorded)
# the default bot: net at its defaults (parse_bot's BotSpec of "net", built here: a default
# is a parsed value)
NET = BotSpec("net", tuple(sorted(bot_row("net").defaults().items())))


class BidDecisionsStudy(Study):
    name = "bid_decisions"
    no_deal = "it records the bid decisions of unconditioned deals (the training data)"
    unit = "hands"
    keys = (
        Field(
            "bot",
            BotRef(),
            NET,
            "The bot in every seat, bidding and playing (default net): a bot name or a table "
            "with its parameters.",
        ),
        Field(
            "keep",
            Number(0.0, 1.0, True, "a number in (0, 1]"),
            1.0,
            "The share of the bid decisions recorded (each drawn from the chunk's stream).",
        ),
        Field(
            "explore",
            Number(0.0, 1.0, False, "a number in [0, 1]"),
            0.0,
            "The share of the recorded decisions that play an option drawn uniformly "
            "(the others the bot's choice).",
        ),
    )
    default_chunk_size = 1 << 10

    def chunk_size_for(self, options: Options) -> int:
        return chunk_size_for(self.default_chunk_size, 1, options["bot"])

    def tables(self, cfg: StudyConfig) -> list[str]:
        options = {"bid_policy": "players", "bid_threshold": 0}
        check_bid_keys(options, cfg.rules, False)
        if cfg.rules.secret_bids:
            raise ConfigError("secret_bids: the bid head does not judge face-down bids")
        return ["bid_decisions", "hands"]

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk) -> ChunkResult:
        from shengji import door

        o = cfg.options
        n = chunk.count
        out = np.zeros((len(HAND_COLUMNS), n), np.int32)
        r = door.record_bids(
            door.BidDecisionsJob(
                state=door.chunk_state(cfg.seed, chunk.index),
                deck=np.arange(N_CARDS, dtype=np.uint8),
                n=n,
                rules=pack.rules(cfg.rules),
                level=parse_rank(cfg.level),
                banker=0,
                bot=pack.bot(o["bot"]),
                out=out,
                keep=o["keep"],
                explore=o["explore"],
            )
        )
        meta = {name: r["meta"][:, i] for i, name in enumerate(door.BID_DECISION_META)}
        rows = len(r["meta"])
        table = arrow_table(
            {
                "hand": meta["hand"].astype(np.int64) + chunk.start,
                "seat": meta["seat"].astype(np.uint8),
                "dealt": meta["dealt"].astype(np.uint8),
                "round": arrow_dictionary(meta["round"], ROUND_NAMES),
                "n": meta["n"].astype(np.uint8),
                "played": meta["played"].astype(np.int8),
                "policy": meta["policy"].astype(np.int8),
                "memory": meta["memory"].astype(np.int8),
                "points": meta["points"].astype(np.int16),
                "y": fixed_binary(r["y"]),
                "o": fixed_binary(r["o"].reshape(rows, -1)),
                "q": fixed_list(r["q"]),
            },
            required=True,
        )
        cols = {"hand": np.arange(chunk.start, chunk.start + n, dtype=np.int64)}
        cols.update(hand_columns(out, n, HAND_COLUMNS))
        q = r["q"]
        spread = q.max(1) - np.where(np.arange(q.shape[1]) < meta["n"][:, None], q, np.inf).min(1)
        stats = {
            "items": n,
            "rows": rows,
            "options": int(meta["n"].astype(np.int64).sum()),
            "policy_passes": int((meta["policy"] == 0).sum()),
            "explored": int((meta["played"] != meta["policy"]).sum()),
            "equal_values": int((spread == 0).sum()) if rows else 0,
            "defender_points": int(out[HAND_COLUMNS.index("defender_points"), :n].sum()),
        }
        return ChunkResult(tables={"bid_decisions": table, "hands": arrow_table(cols)}, stats=stats)

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        n, rows = stats["items"], stats["rows"]
        if not n:
            return []
        lines = [
            f"{cfg.options['bot'].label} in every seat, {n} hands: {rows} bid decisions "
            f"recorded ({rows / n:.1f} a hand), {stats['options'] / max(rows, 1):.2f} options "
            f"each; mean D {stats['defender_points'] / n:.1f}",
        ]
        if rows:
            lines.append(
                f"the bot passed in {100 * stats['policy_passes'] / rows:.1f}%, "
                f"{100 * stats['explored'] / rows:.1f}% played another option; every option "
                f"had the same value in {100 * stats['equal_values'] / rows:.1f}%"
            )
        return lines


STUDY = BidDecisionsStudy()

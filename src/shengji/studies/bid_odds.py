"""The bid-odds study: who declares, which trump, how often bids are overturned, and how
many trumps the banker ends up with (issue #4; the bidding model is documented in
``shengji.bidding.simulate``).

Table ``bids/``, one row per deal (the deal finally played, after any redeals):
  deal int64, first_declarer int8 (-1: nobody), first_declare_index int8 (0..99, -1),
  trump dictionary<string> ("S", "H", "C", "D", "NT"), banker uint8, overturns uint8,
  reinforced bool, no_bid bool, redeals uint16, banker_steps_down bool,
  banker_trumps uint8 (the banker's trumps after taking the kitty, before burying),
  team_trumps uint8 (banker + partner + kitty).
``policy = "players"`` lets a bot bid in every seat (``bot = "memory"``, or a bot with its
parameters, e.g. ``bot = {bot = "pimc", samples = 8}``; shengji.bidding.args.PLAYERS; what
each bot does: docs/hand-engine.md, "Bidding by the players"); every other policy is the
kernel's, and takes no ``bot``.
With ``store_cards = true`` also ``cards/``: deal, cards (108 bytes, the final dealing order:
position i < 100 is seat i % 4's card, 100..107 the kitty).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyarrow as pa

from shengji.bidding.args import (
    PLAYERS,
    STUDY_BID_POLICIES,
    check_players_bot,
    check_policy,
)
from shengji.cards import parse_rank
from shengji.names import BID_POLICIES, N_CARDS, N_SEATS, NO_TRUMP, TRUMP_NAMES
from shengji.rules import pack
from shengji.schema import Choice, Field, Flag, Int
from shengji.studies.base import (
    Chunk,
    ChunkResult,
    ConfigError,
    Study,
    StudyConfig,
    arrow_array,
    arrow_dictionary,
    arrow_table,
)
from shengji.studies.conditioned import chunk_dealing, chunk_extras, summary_lines
from shengji.studies.deals import STORE_CARDS
from shengji.studies.kinds import BotRef, Threshold


class BidOddsStudy(Study):
    name = "bid_odds"
    takes_deal = True
    unit = "deals"
    keys = (
        Field(
            "policy",
            Choice(STUDY_BID_POLICIES),
            "eager",
            'Who decides the bids: "eager" (bid whenever possible), "threshold" (bid only '
            'with at least threshold trumps), "never", or "players" (the seats\' bots bid: '
            "needs bot).",
        ),
        Field(
            "threshold",
            Threshold(),
            None,
            'The k of policy = "threshold": bid only with at least k trumps (1 to 25).',
        ),
        # the players' bot; checked with the policy (tables)
        Field(
            "bot",
            BotRef(optional=True),
            None,
            'The bot that bids in every seat under policy = "players": a bot name or a '
            "table with its parameters (see the bots).",
        ),
        Field(
            "first_hand",
            Flag(),
            True,
            "Bid as in a match's first hand (the first declarer banks; a deal nobody "
            "declares is redealt); false: a later hand, banker fixed.",
        ),
        Field(
            "banker",
            Int(0, N_SEATS - 1),
            0,
            "The banker's seat (0 to 3) when first_hand = false.",
        ),
        STORE_CARDS,
    )
    recorded_when_set = frozenset({"bot"})  # new in 0.2: 0.1's runs keep their bytes

    def tables(self, cfg: StudyConfig) -> list[str]:
        o = cfg.options
        try:
            check_policy(
                o["policy"],
                o["threshold"],
                rules=cfg.rules,
                first_hand=o["first_hand"],
                players=True,
            )
            check_players_bot(o["policy"], o["bot"])
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
        return ["bids"] + (["cards"] if o["store_cards"] else [])

    def run_chunk(self, cfg: StudyConfig, chunk: Chunk) -> ChunkResult:
        from shengji.door import BidsJob, bid_chunk, bid_chunk_players, chunk_state

        o = cfg.options
        n = chunk.count
        state = chunk_state(cfg.seed, chunk.index)
        deck = np.arange(N_CARDS, dtype=np.uint8)
        cards = np.empty((n, N_CARDS), np.uint8) if o["store_cards"] else None
        deal = chunk_dealing(cfg)  # the [deal] table's conditional deals, or None
        # what the players' bidding (a bot in every seat) and a kernel policy's both take
        deals: dict[str, Any] = {
            "state": state,
            "deck": deck,
            "n": n,
            "level": parse_rank(cfg.level),
            "rules": pack.rules(cfg.rules),
            "first_hand": o["first_hand"],
            "banker": o["banker"],
            "cards": cards,
            "deal": deal,
        }
        if o["policy"] == PLAYERS:
            cols = bid_chunk_players(BidsJob(bot=pack.bot(o["bot"]), **deals))
        else:
            policy = BID_POLICIES.index(o["policy"])
            cols = bid_chunk(policy=policy, threshold=o["threshold"] or 0, trumps=True, **deals)
        deal_ids = np.arange(chunk.start, chunk.start + n, dtype=np.int64)
        trump = arrow_dictionary(cols["trump"], TRUMP_NAMES)
        tables = {
            "bids": arrow_table(
                {
                    "deal": deal_ids,
                    "first_declarer": cols["first_declarer"],
                    "first_declare_index": cols["first_declare_index"],
                    "trump": trump,
                    "banker": cols["banker"],
                    "overturns": cols["overturns"],
                    "reinforced": cols["reinforced"],
                    "no_bid": cols["no_bid"],
                    "redeals": cols["redeals"],
                    "banker_steps_down": cols["banker_steps_down"],
                    "banker_trumps": cols["banker_trumps"],
                    "team_trumps": cols["team_trumps"],
                }
            )
        }
        if cards is not None:
            tables["cards"] = arrow_table(
                {
                    "deal": arrow_array(deal_ids),
                    "cards": pa.FixedSizeBinaryArray.from_buffers(
                        pa.binary(N_CARDS), n, [None, pa.py_buffer(cards.tobytes())]
                    ),
                }
            )
        stats = {
            "items": n,
            "no_bid": int(cols["no_bid"].sum()),
            "no_trump": int((cols["trump"] == NO_TRUMP).sum()),
            "overturned": int((cols["overturns"] > 0).sum()),
            "overturns": int(cols["overturns"].sum(dtype=np.int64)),
            "reinforced": int(cols["reinforced"].sum()),
            "redeals": int(cols["redeals"].sum(dtype=np.int64)),
            "banker_steps_down": int(cols["banker_steps_down"].sum()),
            "banker_trumps": int(cols["banker_trumps"].sum(dtype=np.int64)),
            "team_trumps": int(cols["team_trumps"].sum(dtype=np.int64)),
        }
        extra, meta = chunk_extras(deal)
        return ChunkResult(tables=tables, stats={**stats, **extra}, metadata=meta)

    def summary(self, cfg: StudyConfig, stats: dict) -> list[str]:
        n = stats["items"]
        if "banker_trumps" not in stats or n == 0:
            return []
        o = cfg.options
        policy = o["policy"] + (f" k={o['threshold']}" if o["policy"] == "threshold" else "")
        if o["policy"] == PLAYERS:
            policy += f" ({o['bot'].label} bidding)"
        hand = "first hand" if o["first_hand"] else f"later hand, banker seat {o['banker']}"
        dealt = n + stats["redeals"]
        return summary_lines(cfg, stats) + [
            f"policy {policy}, {hand}, no_bid = {cfg.rules.no_bid}",
            f"P(no bid) {stats['no_bid'] / n:.4f} (deals thrown in: {stats['redeals']:,}, "
            f"{stats['redeals'] / dealt:.4f} of all dealt), "
            f"P(no-trump) {stats['no_trump'] / n:.4f}",
            f"overturn rate {stats['overturned'] / n:.4f} "
            f"(mean overturns {stats['overturns'] / n:.3f}), "
            f"reinforced {stats['reinforced'] / n:.4f}, "
            f"banker stepped down {stats['banker_steps_down'] / n:.4f}",
            f"mean banker trumps (with kitty) {stats['banker_trumps'] / n:.3f}, "
            f"team trumps {stats['team_trumps'] / n:.3f}",
        ]


STUDY = BidOddsStudy()

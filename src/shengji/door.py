"""The door into the compiled core: every name the layers above run it by, and no code.

Outside ``shengji._core`` this is the one module that runs the core (the core's constants
are ``shengji.names``'; the rule kernels' Python face is ``shengji.rules.combos``; the bot
table's ``shengji.game.botspec``; the schema's ``shengji.schema``), so what the layers above
take from the core is listed here once, and ``tests/architecture/test_door.py`` pins who
imports ``shengji._core``.  Nothing is wrapped: each name is the core's own.

* The drivers take one argument, a job (``_core/drivers/jobs.py``: a frozen value whose
  fields are keyword-only and typed): ``play_hands(HandsJob(...))``, ``play_match``
  (``MatchJob``), ``play_duel`` (``DuelJob``), ``record_hands`` (``DecisionsJob``: the
  decisions study), ``advise_hands`` (``AdviceJob``: the advisor), ``walk_deals``
  (``WalkJob``: a duel's deals, unplayed), ``bid_chunk_players`` (``BidsJob``: a bot's
  bidding in every seat), ``record_bids`` (``BidDecisionsJob``: the bid decisions study).
  A job holds the rules as ``shengji.rules.pack.rules`` packs them and a bot as
  ``shengji.rules.pack.bot`` packs a ``BotSpec``; its arrays (the stream ``state``, the
  ``deck``, ``out``) the driver advances or fills in place.
* Streams (docs/architecture.md, the seeding rule): ``chunk_state``, ``order_state``,
  ``seat_key``; the bidding kernel's draws ``shuffle_deck``, ``draw_bounded``.
* Deals: ``deal_chunk`` (unconditioned), ``cond_deal_chunk`` (a ``Dealing``'s conditional
  deals), ``row_sums``, ``DealSpec``, ``Dealing``.
* The kernel policies' bidding: ``bid_chunk`` (every seat), ``bid_given`` (one deal's).
* Steps, one decision at a time: ``HandCore`` (a refused decision's status:
  ``APPLY_ERRORS``), ``BidCore``, ``DuelCore``, ``VectorCore`` (and the vector step's
  ``VECTOR_LAYOUT``, ``MASK_COLUMNS``, ``RETURNS``).
* The net bot, for its training (``shengji.learn``): its inputs' layout (``STATE_SIZE``,
  ``ACTION_SIZE``, ``FEATURE_LAYOUT``, ``ACTION_LAYOUT``, ``FEATURE_DIGEST``,
  ``SIDE_ROW_RANKS``, ``SLOT_LEVEL_BASE``) and its layer table (``NET_LAYERS``,
  ``NET_SCALES``, ``NET_SHIFTS``, ``VALUE_SCALE``; a weights file's ``NET_FORMAT``, its
  layers' widths a multiple of ``NET_TILE`` up to ``NET_MAX_HIDDEN``;
  ``net_info``: a weights value's file and provenance; ``net_path``: the file it names); its
  bid head's inputs (``BID_STATE_SIZE``, ``BID_ACTION_SIZE``, ``BID_OPTIONS``,
  ``BID_LAYOUT``, ``BID_ACTION_LAYOUT``, ``BID_FEATURE_DIGEST``) and layer table
  (``NET_BID_LAYERS``, ``NET_BID_SCALES``, ``NET_BID_SHIFTS``).
* ``trump_table`` (the trump order of a level and trump), ``MATCH_ENDS`` (why a match
  ended, by ``play_match``'s code), the drivers' output layouts (``ADVICE_ROWS``,
  ``ADVICE_PASS``, ``DECISION_META``, ``MAX_CANDIDATES``, ``MAX_PLAYS_PER_HAND``,
  ``BID_DECISION_META``).
"""

from __future__ import annotations

from shengji._core.base.cards import trump_table
from shengji._core.base.rng import chunk_state, order_state, seat_key
from shengji._core.bidding.entry import bid_chunk, bid_given, draw_bounded, shuffle_deck
from shengji._core.bots.bid_layout import ACTION_LAYOUT as BID_ACTION_LAYOUT
from shengji._core.bots.bid_layout import ACTION_SIZE as BID_ACTION_SIZE
from shengji._core.bots.bid_layout import LAYOUT as BID_LAYOUT
from shengji._core.bots.bid_layout import LAYOUT_DIGEST as BID_FEATURE_DIGEST
from shengji._core.bots.bid_layout import OPTIONS as BID_OPTIONS
from shengji._core.bots.bid_layout import STATE_SIZE as BID_STATE_SIZE
from shengji._core.bots.features import (
    ACTION_LAYOUT,
    ACTION_SIZE,
    SIDE_ROW_RANKS,
    SLOT_LEVEL_BASE,
    STATE_SIZE,
)
from shengji._core.bots.features import LAYOUT as FEATURE_LAYOUT
from shengji._core.bots.features import LAYOUT_DIGEST as FEATURE_DIGEST
from shengji._core.bots.net import BID_LAYERS as NET_BID_LAYERS
from shengji._core.bots.net import BID_SCALES as NET_BID_SCALES
from shengji._core.bots.net import BID_SHIFTS as NET_BID_SHIFTS
from shengji._core.bots.net import FORMAT as NET_FORMAT
from shengji._core.bots.net import LAYERS as NET_LAYERS
from shengji._core.bots.net import MAX_HIDDEN as NET_MAX_HIDDEN
from shengji._core.bots.net import SCALES as NET_SCALES
from shengji._core.bots.net import SHIFTS as NET_SHIFTS
from shengji._core.bots.net import TILE as NET_TILE
from shengji._core.bots.net import VALUE_SCALE
from shengji._core.bots.net import info as net_info
from shengji._core.bots.net import path_of as net_path
from shengji._core.deal.cond import cond_deal_chunk
from shengji._core.deal.deal import deal_chunk, row_sums
from shengji._core.deal.spec import Dealing, DealSpec
from shengji._core.drivers.advise import OUT_ROWS as ADVICE_ROWS
from shengji._core.drivers.advise import PASS as ADVICE_PASS
from shengji._core.drivers.advise import advise_hands
from shengji._core.drivers.bid_decisions import META_COLUMNS as BID_DECISION_META
from shengji._core.drivers.bid_decisions import record_bids
from shengji._core.drivers.bids import bid_chunk_players
from shengji._core.drivers.decisions import MAX_CANDIDATES, MAX_PLAYS_PER_HAND, record_hands
from shengji._core.drivers.decisions import META_COLUMNS as DECISION_META
from shengji._core.drivers.duel import play_duel
from shengji._core.drivers.hands import MATCH_ENDS, play_hands, play_match
from shengji._core.drivers.jobs import (
    AdviceJob,
    BidDecisionsJob,
    BidsJob,
    DecisionsJob,
    DuelJob,
    HandsJob,
    MatchJob,
    WalkJob,
)
from shengji._core.drivers.layout import walk_deals
from shengji._core.step.bidcore import BidCore
from shengji._core.step.duelcore import DuelCore
from shengji._core.step.handcore import APPLY_ERRORS, HandCore
from shengji._core.step.vector import LAYOUT as VECTOR_LAYOUT
from shengji._core.step.vector import MASK_COLUMNS, RETURNS, VectorCore

__all__ = [
    # the drivers and their jobs
    "play_hands",
    "HandsJob",
    "play_match",
    "MatchJob",
    "play_duel",
    "DuelJob",
    "record_hands",
    "DecisionsJob",
    "advise_hands",
    "AdviceJob",
    "walk_deals",
    "WalkJob",
    "bid_chunk_players",
    "BidsJob",
    "record_bids",
    "BidDecisionsJob",
    # streams
    "chunk_state",
    "order_state",
    "seat_key",
    "shuffle_deck",
    "draw_bounded",
    # deals
    "deal_chunk",
    "cond_deal_chunk",
    "row_sums",
    "DealSpec",
    "Dealing",
    # the kernel policies' bidding
    "bid_chunk",
    "bid_given",
    # steps
    "HandCore",
    "APPLY_ERRORS",
    "BidCore",
    "DuelCore",
    "VectorCore",
    "VECTOR_LAYOUT",
    "MASK_COLUMNS",
    "RETURNS",
    # the net bot's inputs and layers
    "STATE_SIZE",
    "ACTION_SIZE",
    "FEATURE_LAYOUT",
    "ACTION_LAYOUT",
    "FEATURE_DIGEST",
    "SIDE_ROW_RANKS",
    "SLOT_LEVEL_BASE",
    "NET_LAYERS",
    "NET_SCALES",
    "NET_SHIFTS",
    "NET_FORMAT",
    "NET_TILE",
    "NET_MAX_HIDDEN",
    "net_info",
    "net_path",
    "VALUE_SCALE",
    # the net bot's bid head: its inputs and layers
    "BID_STATE_SIZE",
    "BID_ACTION_SIZE",
    "BID_OPTIONS",
    "BID_LAYOUT",
    "BID_ACTION_LAYOUT",
    "BID_FEATURE_DIGEST",
    "NET_BID_LAYERS",
    "NET_BID_SCALES",
    "NET_BID_SHIFTS",
    # tables and layouts
    "trump_table",
    "MATCH_ENDS",
    "ADVICE_ROWS",
    "ADVICE_PASS",
    "DECISION_META",
    "MAX_CANDIDATES",
    "MAX_PLAYS_PER_HAND",
    "BID_DECISION_META",
]

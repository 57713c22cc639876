# cython: language_level=3
"""What one seat may know (infoset.pxd): ``InfoSet``, a redacted copy of a hand.

``make_infoset`` copies the hand and its book and wipes what the seat cannot see; every
method below reads that copy only.  ``observe()`` is the seat's observation as plain ints
and lists; ``legal_actions()`` and ``legal()``
are the step encoding's legal set and the candidate plays (moves.pyx); ``bot()`` runs a
built-in bot (bot.pxd) on the copy -- the proof that the bots decide from the view only."""
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset

from shengji._core.base.cards cimport (
    HAND_SIZE, KITTY_SIZE, N_CARDS, N_KINDS, N_SEATS, kind_array,
)
from shengji._core.base.rng cimport Rng, rng_load, rng_store
from shengji._core.base.interrupt cimport raise_interrupt
from shengji._core.engine.hand cimport (
    HandC, Holding, Public, ThrowCache, TrickRecord, PHASE_BURY, PHASE_OVER, PHASE_PLAY,
)
from shengji._core.engine.book cimport (
    Book, IdSet, LOC_BURIED, LOC_PLAYED, LOC_UNKNOWN, held_copy, ids_clear, ids_has, ids_next,
    ids_play, play_ids,
)
from shengji._core.engine.view cimport View, make_view
from shengji._core.engine.actions cimport ACTION_PLAY, next_kinds
from shengji._core.engine.moves cimport gen_plays
from shengji._core.bots.bot cimport Agent
from shengji._core.bots.registry cimport agent_choose, agent_free, agent_init
from shengji._core.engine.play cimport Play, ctz, play_size, play_within
from shengji._core.drivers.hands cimport hand_row, N_HAND_COLUMNS
from shengji._core.bidding.bidding cimport BidResult

import numpy as np
cimport numpy as cnp

from shengji._core.drivers.hands import HAND_COLUMNS
from shengji._core.base.checksum import check_seal, seal

cnp.import_array()


cdef list id_list(const IdSet* s):
    cdef list out = []
    cdef int c = ids_next(s, 0)
    while c < N_CARDS:
        out.append(c)
        c = ids_next(s, c + 1)
    return out


cdef uint64_t step_kinds(HandC* h, const Book* b, bint* can_close) noexcept nogil:
    cdef View v
    cdef Play chosen
    make_view(h, h.pub.to_play, &v)
    ids_play(&b.chosen, &chosen)
    return next_kinds(&v, &chosen, can_close)


cdef list legal_action_list(HandC* h, const Book* b):
    cdef bint close = False
    cdef uint64_t m = step_kinds(h, b, &close)
    cdef list out = []
    cdef int k, c
    while m:
        k = ctz(m)
        m &= m - 1
        c = held_copy(b, h.pub.to_play, k, &b.chosen)
        if c >= 0:
            out.append(c)
    if close:
        out.append(ACTION_PLAY)
    return out


cdef list choice_ids(HandC* h, const Book* b, const Play* p):
    cdef IdSet ids
    cdef list out
    cdef int seat = h.pub.to_play
    if play_ids(b, seat, p, &b.chosen, &ids) != 0:
        raise RuntimeError("the bot chose cards the seat does not hold")
    if h.pub.phase != PHASE_BURY:
        return id_list(&ids)
    out = [c for c in id_list(&ids) if not ids_has(&b.chosen, c)]
    return out[:KITTY_SIZE - b.n_chosen]


cdef void bid_from_dict(BidResult* o, object d) except *:
    memset(o, 0, sizeof(BidResult))
    if not d:
        return
    o.trump = d["trump"]
    o.banker = d["banker"]
    o.first_declarer = d["first_declarer"]
    o.first_declare_index = d["first_declare_index"]
    o.overturns = d["overturns"]
    o.reinforced = d["reinforced"]
    o.no_bid = d["no_bid"]
    o.redeals = d["redeals"]
    o.banker_steps_down = d["banker_steps_down"]
    o.first_drawer = d.get("first_drawer", 0)
    o.late_overturns = d.get("late_overturns", 0)
    o.reburies = d.get("reburies", 0)
    team = d.get("team_overturns", (0, 0))
    o.team_overturns[0] = team[0]
    o.team_overturns[1] = team[1]


cdef InfoSet make_infoset(const HandC* h, const Book* b, int seat, object bidding):
    cdef InfoSet o = InfoSet.__new__(InfoSet)
    cdef int s, c
    cdef bint over = h.pub.phase == PHASE_OVER
    cdef bint banker = seat == h.pub.banker
    # the buried cards: known to the seat that buried them (the banker, or the last
    # re-burying overturner: docs/rules.md §7) and, during a bury, to the seat burying
    cdef bint burier = seat == (h.pub.to_play if h.pub.phase == PHASE_BURY else h.pub.burier)
    o.h = h[0]
    o.b = b[0]
    o.seat = seat
    o.bidding = bidding
    for s in range(N_SEATS):
        if s != seat:
            memset(&o.h.seat[s], 0, sizeof(Holding))
            memset(&o.h.cache[s], 0, sizeof(ThrowCache))
    if not banker:
        memset(o.h.kitty, 0, N_KINDS)
        ids_clear(&o.b.kitty)
    if not (burier or over):
        memset(o.h.buried, 0, N_KINDS)
        o.h.kitty_points = 0
    for c in range(N_CARDS):
        if o.b.loc[c] < N_SEATS and o.b.loc[c] != seat:
            o.b.loc[c] = LOC_UNKNOWN
        elif o.b.loc[c] == LOC_BURIED and not (burier or over):
            o.b.loc[c] = LOC_UNKNOWN
    if seat != h.pub.to_play:
        # another seat's decision under way: how many bury cards are down is public
        # (they go face down one by one), which ones is not
        ids_clear(&o.b.chosen)
        if h.pub.phase != PHASE_BURY:
            o.b.n_chosen = 0
    return o


cdef int load_state(HandC* h, Book* b, bytes hb, bytes bb) except -1:
    if len(hb) != sizeof(HandC) or len(bb) != sizeof(Book):
        raise ValueError("a pickled hand of another build of shengji (its C structs differ)")
    memcpy(h, <const char*> hb, sizeof(HandC))
    memcpy(b, <const char*> bb, sizeof(Book))
    return 0


def _rebuild(bytes hb, bytes bb, int seat, bidding, digest=None):
    cdef InfoSet o = InfoSet.__new__(InfoSet)
    check_seal("information set", digest, hb, bb, seat)
    load_state(&o.h, &o.b, hb, bb)
    o.seat = seat
    o.bidding = bidding
    return o


cdef class InfoSet:
    """One seat's information set: a redacted copy of the hand (see the module docstring).
    Made by ``HandCore.infoset(seat)``."""

    def __reduce__(self):
        hb = (<char*> &self.h)[:sizeof(HandC)]
        bb = (<char*> &self.b)[:sizeof(Book)]
        return _rebuild, (hb, bb, self.seat, self.bidding, seal(hb, bb, self.seat))

    cdef bint deciding(self):
        return self.seat == self.h.pub.to_play and (self.h.pub.phase == PHASE_BURY or
                                                    self.h.pub.phase == PHASE_PLAY)

    def legal_actions(self):
        """The step encoding's legal actions (sorted ints) when this seat decides, else []."""
        if not self.deciding():
            return []
        return legal_action_list(&self.h, &self.b)

    def legal(self):
        """Candidate whole decisions (lists of card ids) when this seat decides: in the
        bury one card each, in the play moves.gen_plays' candidates (every legal follow;
        singles, pairs, tractors and top-k throws for a lead) holding the cards chosen so
        far."""
        cdef View v
        cdef Play chosen
        cdef Play* plays
        cdef IdSet ids
        cdef int n, i
        cdef list out = []
        if not self.deciding():
            return out
        if self.h.pub.phase == PHASE_BURY:
            return [[c] for c in legal_action_list(&self.h, &self.b)]
        make_view(&self.h, self.seat, &v)
        ids_play(&self.b.chosen, &chosen)
        n = gen_plays(&v, NULL, 0, -1, NULL)
        plays = <Play*> PyMem_Malloc(max(n, 1) * sizeof(Play))
        if plays == NULL:
            raise MemoryError
        try:
            gen_plays(&v, plays, n, -1, NULL)
            for i in range(n):
                if not play_within(&chosen, plays[i].one, plays[i].two):
                    continue
                play_ids(&self.b, self.seat, &plays[i], &self.b.chosen, &ids)
                out.append(id_list(&ids))
        finally:
            PyMem_Free(plays)
        return out

    def bot(self, spec, state):
        """The bot's choice (card ids: choice_ids) for this seat's decision, computed on
        this redacted copy; its draws come from state (4 words, advanced).  spec: a bot id
        or (id, parameters) (bot.pxd agent_init)."""
        cdef Rng rng
        cdef Play p
        cdef HandC work
        cdef Agent a
        cdef int rc
        if not self.deciding():
            raise ValueError(f"seat {self.seat} has no decision to make")
        if self.h.pub.phase == PHASE_PLAY and self.b.n_chosen:
            raise ValueError("cards of this play are already chosen (apply_action): a bot "
                             "decides whole plays")
        agent_init(&a, spec)
        work = self.h          # the bot may refresh its throw memo: keep this copy as it is
        rng_load(&rng, state)
        try:
            rc = agent_choose(&work, &a, &rng, &p)
            raise_interrupt()
        finally:
            agent_free(&a)
        if rc != 0:
            raise RuntimeError("the bot found no move")
        rng_store(&rng, state)
        return choice_ids(&work, &self.b, &p)

    def observe(self, int known=0):
        """Everything this seat may know, as a dict of plain ints and lists.  ``tricks``
        lists the completed tricks from index ``known`` on (a caller that keeps the earlier
        ones: they never change)."""
        cdef const Public* pub = &self.h.pub
        cdef const TrickRecord* t
        cdef int s, c, i, j, n, seat = self.seat, open_
        cdef list own = [], chosen, buried = [], tricks = [], plays, sizes
        known = max(0, known)
        cdef bint bury = pub.phase == PHASE_BURY
        chosen = id_list(&self.b.chosen)
        for c in range(N_CARDS):
            if self.b.loc[c] == seat and not (bury and ids_has(&self.b.chosen, c)):
                own.append(c)
            elif self.b.loc[c] == LOC_BURIED:
                buried.append(c)
        sizes = [HAND_SIZE] * N_SEATS
        if bury:
            sizes[pub.to_play] += KITTY_SIZE - self.b.n_chosen
        open_ = 1 if pub.n_in_trick > 0 else 0
        for i in range(pub.tricks_done + open_):
            t = &pub.tricks[i]
            n = N_SEATS if i < pub.tricks_done else pub.n_in_trick
            for j in range(n):
                sizes[(t.leader + j) % N_SEATS] -= play_size(&t.plays[j])
            if i < known and i < pub.tricks_done:
                continue
            plays = [((t.leader + j) % N_SEATS, tuple(id_list(&self.b.plays[i][j])))
                     for j in range(n)]
            tricks.append((t.leader, t.winner if i < pub.tricks_done else -1,
                           t.points if i < pub.tricks_done else pub.trick_points,
                           tuple(plays),
                           tuple(id_list(&self.b.attempt[i])) if t.attempt.one else None,
                           self.b.penalty[i]))
        banker = seat == pub.banker
        burier = seat == (pub.to_play if bury else pub.burier)
        return {
            "seat": seat, "phase": pub.phase, "to_play": pub.to_play, "level": pub.level,
            "defender_level": pub.def_level, "trump": pub.trump, "banker": pub.banker,
            "leader": pub.leader, "bidding": self.bidding,
            "hand": own,
            "pending": [] if bury else chosen,
            "kitty": id_list(&self.b.kitty) if banker else None,
            "buried": (chosen if bury else buried) if burier or pub.phase == PHASE_OVER else None,
            "hand_sizes": sizes,
            "tricks": tricks[:len(tricks) - open_],
            "current": tricks[len(tricks) - 1] if open_ else None,
            "points": [pub.points[s] for s in range(N_SEATS)],
            "penalty": pub.penalty,
            "voids": [pub.void_suits[s] for s in range(N_SEATS)],
            "legal_actions": self.legal_actions(),
            "result": self.result() if pub.phase == PHASE_OVER else None,
        }

    def _contents(self):
        """Test hook: what this copy holds -- per-kind counts of the four seats' holdings,
        the kitty and the buried cards (rows 0..5), and each card id's location ("seat
        s", "played", "buried", "unknown")."""
        cdef int s, c
        rows = np.zeros((N_SEATS + 2, N_KINDS), np.uint8)
        for s in range(N_SEATS):
            rows[s] = kind_array(self.h.seat[s].count)
        rows[N_SEATS] = kind_array(self.h.kitty)
        rows[N_SEATS + 1] = kind_array(self.h.buried)
        names = {LOC_PLAYED: "played", LOC_BURIED: "buried", LOC_UNKNOWN: "unknown"}
        where = [names.get(self.b.loc[c], f"seat {self.b.loc[c]}") for c in range(N_CARDS)]
        return rows, where

    def result(self):
        """The scoring row (drivers.HAND_COLUMNS) once the hand is over (public then)."""
        cdef BidResult bid
        cdef cnp.ndarray[cnp.int32_t, ndim=2] a = np.zeros((N_HAND_COLUMNS, 1), np.int32)
        if self.h.pub.phase != PHASE_OVER:
            raise ValueError("the hand is not over")
        bid_from_dict(&bid, self.bidding)
        hand_row(&self.h, &bid, &a[0, 0], 1, 0)
        return dict(zip(HAND_COLUMNS, a[:, 0].tolist()))

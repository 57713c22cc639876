# cython: language_level=3
"""A duel's deals in the vector environment's kernel (``DuelCore``): what a Python agent
is stepped in to play a duel's deals.

``DuelCore`` is a ``VectorCore`` (vector.pyx) whose envs are loaded with given deals of a
duel (drivers/duel.pyx) rather than dealt from their own streams: env i plays deal d in
orientation o exactly as play_duel does -- dealt and bid from the stream and the deck the
duel deals it from (drivers/layout.pyx's ``walk_deals`` records them), the learner on the
banker's team in orientation 0 and on the other in 1, the bot's seats drawing from the
duel's per-seat streams -- and a finished hand is held (the next step deals nothing).  So a
learner that decides as built-in bot X does gives play_duel's rows with team_a = X.  For a
per-decision Python agent the deciding seat's ``InfoSet`` (infoset.pyx: its observation)
comes from the env itself, so one engine serves batched
and per-decision agents.

Everything a caller passes is checked here before a kernel runs."""
from libc.string cimport memcpy

from shengji._core.base.cards cimport N_CARDS, N_SEATS, team
from shengji._core.base.interrupt cimport interrupted, raise_interrupt
from shengji._core.base.rng cimport Rng, rng_load, rng_split
from shengji._core.bidding.bidding cimport result_dict
from shengji._core.engine.hand cimport PHASE_BURY, PHASE_OVER, PHASE_PLAY
from shengji._core.drivers.duel cimport seat_stream
from shengji._core.drivers.hands cimport N_HAND_COLUMNS, deal_hand, hand_bid_params, hand_row
from shengji._core.step.infoset cimport make_infoset
from shengji._core.step.vector cimport EnvC, VectorCore, legal_ok

import numpy as np
cimport numpy as cnp

cnp.import_array()

cdef enum:
    LEARNERS_TEAM0 = 0b0101    # the seats of team 0 as a learner mask (team 1: << 1)


cdef class DuelCore(VectorCore):
    """A VectorCore whose envs hold a duel's deals (module docstring); made as a
    VectorCore is, with any learner mask of one team (load_duel seats the learner per env)
    and an opponent bot."""

    def load_duel(self, states, decks, keys, deals, orientations):
        """Deal env i the hand a duel (drivers/duel.pyx) plays as its deal ``deals[i]`` in
        orientation ``orientations[i]``, and hold it: a hand over stays over (the next
        step deals nothing) until the next load_duel or reset.

        ``states`` (n, 4) uint64 and ``decks`` (n, 108) uint8: the stream and the deck the
        deal starts from (layout.walk_deals); ``keys`` (n, 4) uint64: the seat key of its
        chunk (rng.seat_key); ``deals`` int64 (n,): its index in the run (the counter of
        the seat streams); ``orientations`` int8 (n,): 0, the learner's team banks; 1, it
        defends.  The deal is bid by the env's kernel policy (a trump given at
        construction is refused).  The learner seats of env i are the banker's team in
        orientation 0 and the other team in 1; the bot's seats draw from the duel's own
        stream of their seat, ``rng_split(key, seat_stream(deal, orientation, seat))``:
        a learner that decides as bot X does plays exactly play_duel's hand with
        team_a = X and team_b = the opponent."""
        cdef Py_ssize_t i
        cdef int s, rc, t
        cdef int lv[2]
        cdef Rng k
        cdef EnvC* e
        cdef cnp.uint8_t[:, ::1] dk
        cdef cnp.int64_t[::1] dl
        cdef cnp.int8_t[::1] ori
        if self.trump >= 0:
            raise ValueError("load_duel: a duel's deals are bid; the env was made with a trump")
        if not self.have_agent:
            raise ValueError("load_duel: the env needs an opponent bot (learners: one team)")
        for name, a, shape, dtype in (("states", states, (self.n, 4), np.uint64),
                                      ("decks", decks, (self.n, N_CARDS), np.uint8),
                                      ("keys", keys, (self.n, 4), np.uint64),
                                      ("deals", deals, (self.n,), np.int64),
                                      ("orientations", orientations, (self.n,), np.int8)):
            if (not isinstance(a, np.ndarray) or a.shape != shape or a.dtype != dtype
                    or not a.flags.c_contiguous):
                raise ValueError(f"{name}: expected C-contiguous {np.dtype(dtype)} {shape}")
        dk = decks
        dl = deals
        ori = orientations
        if (deals < 0).any() or ((orientations != 0) & (orientations != 1)).any():
            raise ValueError("deals: >= 0; orientations: 0 or 1")
        for i in range(self.n):
            e = &self.envs[i]
            rng_load(&e.rng, np.array(states[i], dtype=np.uint64), "states")
            rng_load(&k, np.array(keys[i], dtype=np.uint64), "keys")
            for s in range(N_SEATS):
                rng_split(&k, seat_stream(dl[i], ori[i], s), &e.seat_rng[s])
        self.failed = False
        self.hold = True
        lv[0] = self.level
        lv[1] = self.level
        with nogil:
            for i in range(self.n):
                if interrupted():
                    break
                e = &self.envs[i]
                e.status = 0
                memcpy(e.deck, &dk[i, 0], N_CARDS)
                hand_bid_params(&e.bp, self.level, self.banker, self.policy, self.threshold)
                rc = deal_hand(&e.h, &e.rng, e.deck, &e.bp, lv, &self.r, -1, &e.bid)
                self.reward[i] = 0.0
                self.terminated[i] = 0
                if rc != 0:
                    e.status = rc
                    self.failed = True
                    continue
                t = team(e.h.pub.banker) if ori[i] == 0 else 1 - team(e.h.pub.banker)
                e.learners = LEARNERS_TEAM0 << t
                self.start(i)
                if self.envs[i].status == 0:
                    self.write(i)
                else:
                    self.failed = True
        raise_interrupt()
        self._raise_status()

    def rows(self, cnp.int32_t[:, ::1] out not None):
        """Each env's finished hand as a result row (drivers.HAND_COLUMNS, hand_row): row i
        of out ((N_HAND_COLUMNS, >= n) int32) is env i's.  ValueError while a hand is not
        over."""
        cdef Py_ssize_t i
        if out.shape[0] != N_HAND_COLUMNS or out.shape[1] < self.n:
            raise ValueError(f"out: expected ({N_HAND_COLUMNS}, >= {self.n}) int32")
        for i in range(self.n):
            if self.envs[i].h.pub.phase != PHASE_OVER:
                raise ValueError(f"rows: the hand of env {i} is not over")
        for i in range(self.n):
            hand_row(&self.envs[i].h, &self.envs[i].bid, &out[0, 0], out.shape[1], i)

    def infoset(self, Py_ssize_t i):
        """What the seat deciding in env i may know (infoset.pyx's InfoSet, the bidding's
        outcome as it stands)."""
        cdef EnvC* e
        if not 0 <= i < self.n:
            raise ValueError(f"env index 0..{self.n - 1}")
        e = &self.envs[i]
        if e.h.pub.phase != PHASE_BURY and e.h.pub.phase != PHASE_PLAY:
            raise ValueError(f"env {i}: no decision (the hand is over)")
        return make_infoset(&e.h, &e.b, e.h.pub.to_play, result_dict(&e.bid))

    def illegal(self, cnp.int64_t[::1] actions not None, cnp.uint8_t[::1] out not None):
        """out[i] = 1 where actions[i] is not legal in env i (step's rule), else 0;
        returns how many."""
        cdef Py_ssize_t i, bad = 0
        if actions.shape[0] != self.n or out.shape[0] != self.n:
            raise ValueError(f"actions and out: expected {self.n} entries each")
        with nogil:
            for i in range(self.n):
                out[i] = not legal_ok(&self.legal[i], actions[i])
                bad += out[i]
        return bad

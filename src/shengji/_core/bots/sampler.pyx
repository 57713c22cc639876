# cython: language_level=3
"""Deals consistent with a view, uniformly (the determinizations of a search bot).

What a seat knows of the hidden cards (view.pxd): which kinds are hidden (``unseen``), how
many cards each other seat holds (every play of a trick has the lead's size; the banker
holds 33 until it buries), the suits each seat has shown out of (it cannot hold them), and
the cards a failed throw showed that its thrower has not played since (they are in its
hand), and the suits in which a seat holds no pair (it followed a pair or tractor lead of
the suit, in suit, with fewer pairs than the lead asked for: docs/rules.md §4 makes a follow
match the lead's pairs as far as the hand allows; ``pair_inferences``).  The buried pile is
hidden from everyone but the banker: it is then one more holder, of 8 cards, that may take
any suit.

Every consistent deal of the hidden *physical* cards (the two copies of a kind are distinct
cards) is equally likely -- the posterior of a uniformly random deal given the view,
ignoring what the other seats' choices may reveal (as a search bot assumes).  Sampling it
exactly: group the suits by which holders may take them (a holder out of a suit may not);
the number of deals giving x[g][h] cards of group g to holder h is prod_g size[g]! /
prod_{g,h} x[g][h]!, so draw the matrix x one group at a time with those weights -- the
weight of the groups still to deal from a capacity vector, W(g, caps), is a sum over the
ways to deal group g, memoized -- then shuffle each group's physical cards and hand them
out in the drawn numbers.  The no-pair inferences are kept by rejection: a deal giving a
seat a pair it cannot hold is redrawn (so the draws stay uniform over the deals that keep
every inference), at most MAX_REJECTIONS times (then the last draw is kept: a view whose
inferences almost no deal meets is not worth stalling a search for).  A view with no void
shown is one group: a plain shuffle.  The memo holds at most three levels of capacity
vectors (about a megabyte at most, mid-hand with three distinct void patterns); the weights
fit in a double (at most 83 hidden cards).

Inference from play (play_likelihood, below; sampler.pxd): a drawn deal can be scored by how
likely the other seats' recorded plays were had they held its cards and played by a given
policy -- the record replayed with hand_apply from the first lead on the deal's hands
rewound (each seat's cards now plus those it played since), the policy asked at each
other seat's play from that seat's view then.  A search weighs or resamples its deals by
it (bots/pimc.pyx); the draws themselves stay uniform."""
from libc.stdint cimport uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from shengji._core.base.cards cimport HAND_SIZE, KITTY_SIZE, N_CARDS, N_KINDS, N_SEATS
from shengji._core.engine.hand cimport (
    HandC, Public, APPLY_OK, PHASE_BURY, PHASE_PLAY, TrickRecord, hand_apply,
)
from shengji._core.rules.combos cimport Combo, decompose
from shengji._core.engine.play cimport (
    Play, counts_play, ctz, mask_size, play_counts, play_points, play_size, same_play,
)
from shengji._core.base.rng cimport Rng, rng_fixed, sj_bounded, sj_next
from shengji._core.engine.view cimport View, make_view, unseen
from shengji._core.bidding.bidding cimport (
    BidState, ROUND_AFTER_DEAL, STR_NONE, bid_late_start, find_bids,
)

cdef enum:
    MAX_HIDDEN = N_CARDS     # hidden cards of one group (at most 83 in fact)
    UNKNOWN = -1             # a memo entry not computed yet (weights are >= 0)
    # a deal whose replay the record contradicts scores as this many plays unlike the
    # policy's (on top of those before): the record rules it out, but a view whose every
    # deal it rules out must still leave the search deals to weigh
    CONTRADICTED_PLAYS = 8

cdef enum:
    # sampler_build's reading of the bids (sampler_init tries them in this order):
    # every seat holds its bids' cards (the burier's of a suit it has shown out of: in the
    # pile); the same but the burier's in the pile; the bids ignored
    BIDS_BURIER_HOLDS = 0
    BIDS_BURIER_BURIED = 1
    BIDS_IGNORED = 2

cdef double ROUNDING = 1e-9     # relative: far above a double's summation error here
cdef double LIKELIHOOD_FLOOR = 1e-250   # play_likelihood's least value (> 0)
cdef double INV_FACT[MAX_HIDDEN + 1]
cdef double _f = 1.0
cdef int _i
INV_FACT[0] = 1.0
for _i in range(1, MAX_HIDDEN + 1):
    _f *= _i
    INV_FACT[_i] = 1.0 / _f


cdef void cards_held(const View* v, int* held) noexcept nogil:
    """Cards each seat holds now: every play of a trick has the lead's size; the seat
    burying (the banker, or an overturner that took up the kitty under overturn_reburies)
    holds the kitty too until it buries."""
    cdef const Public* pub = v.pub
    cdef int t, s, played = 0
    for t in range(pub.tricks_done):
        played += play_size(&pub.tricks[t].plays[0])
    for s in range(N_SEATS):
        held[s] = HAND_SIZE - played
    if pub.phase == PHASE_BURY:
        held[pub.to_play] += KITTY_SIZE
    for t in range(pub.n_in_trick):
        held[(pub.leader + t) % N_SEATS] -= pub.lead.n_cards


cdef void shown_cards(const View* v, uint8_t* known) noexcept nogil:
    """known[s * N_KINDS + k]: copies of kind k that seat s is known to hold -- shown in a
    failed throw (the cards of the attempt beyond the forced component stay in the hand)
    and not played by s since (a lower bound: a later play of the kind may be either copy,
    and a card shown twice counts once)."""
    cdef const Public* pub = v.pub
    cdef const TrickRecord* rec
    cdef int t, i, s, k, n_tricks = pub.tricks_done + (1 if pub.n_in_trick else 0), n_plays
    cdef uint8_t a[N_KINDS]
    cdef uint8_t p[N_KINDS]
    memset(known, 0, N_SEATS * N_KINDS)
    for t in range(n_tricks):
        rec = &pub.tricks[t]
        n_plays = N_SEATS if t < pub.tricks_done else pub.n_in_trick
        for i in range(n_plays):                     # plays since: remove from what is known
            s = (rec.leader + i) % N_SEATS
            play_counts(&rec.plays[i], p)
            for k in range(N_KINDS):
                known[s * N_KINDS + k] = known[s * N_KINDS + k] - p[k] \
                    if known[s * N_KINDS + k] > p[k] else 0
        if rec.attempt.one:                          # then what this trick's throw showed
            play_counts(&rec.attempt, a)
            play_counts(&rec.plays[0], p)
            s = rec.leader
            for k in range(N_KINDS):         # a card shown again is the same card: max
                if a[k] - p[k] > known[s * N_KINDS + k]:
                    known[s * N_KINDS + k] = a[k] - p[k]


cdef void seat_played(const Public* pub, uint8_t* out) noexcept nogil:
    """out[s * N_KINDS + k]: copies of kind k seat s has played so far (the open trick's
    plays included)."""
    cdef const TrickRecord* rec
    cdef int t, i, s, k, n_plays, n_tricks = pub.tricks_done + (1 if pub.n_in_trick else 0)
    cdef uint8_t p[N_KINDS]
    memset(out, 0, N_SEATS * N_KINDS)
    for t in range(n_tricks):
        rec = &pub.tricks[t]
        n_plays = N_SEATS if t < pub.tricks_done else pub.n_in_trick
        for i in range(n_plays):
            s = (rec.leader + i) % N_SEATS
            play_counts(&rec.plays[i], p)
            for k in range(N_KINDS):
                out[s * N_KINDS + k] += p[k]


cdef void bid_cards(const View* v, uint8_t* known, uint8_t* pile,
                    bint buried) noexcept nogil:
    """The cards each other seat's open bids showed (pub.bid.shown_one / shown_two) that it has not
    played since, merged into known (a failed throw may have shown the same card: the larger
    count).  The seat that buried may have buried one: a shown card of a suit it has since
    shown out of (every one of them when `buried`) is in the pile -- into pile (copies the
    pile holds for sure) when the pile is hidden from the viewer (pile not NULL), else
    dropped.  Never more copies placed than are unseen (a record that disagrees with itself
    pins nothing)."""
    cdef const Public* pub = v.pub
    cdef int s, k, shown
    cdef int left[N_KINDS]
    cdef uint8_t b[N_SEATS * N_KINDS]
    cdef uint8_t played[N_SEATS * N_KINDS]
    seat_played(pub, played)
    for s in range(N_SEATS):
        for k in range(N_KINDS):
            shown = 2 if (pub.bid.shown_two[s] >> k) & 1 else \
                (1 if (pub.bid.shown_one[s] >> k) & 1 else 0)
            b[s * N_KINDS + k] = shown - played[s * N_KINDS + k] \
                if shown > played[s * N_KINDS + k] else 0
    for k in range(N_KINDS):
        left[k] = unseen(v, k)
        for s in range(N_SEATS):
            if s != v.seat:
                left[k] -= known[s * N_KINDS + k]
    for s in range(N_SEATS):
        if s == v.seat:
            continue
        for k in range(N_KINDS):
            if b[s * N_KINDS + k] <= known[s * N_KINDS + k]:
                continue
            if (pub.void_suits[s] >> pub.t.follow[k]) & 1 or (buried and s == pub.burier):
                if s == pub.burier and pile != NULL and b[s * N_KINDS + k] > pile[k] and \
                        b[s * N_KINDS + k] - pile[k] <= left[k]:
                    left[k] -= b[s * N_KINDS + k] - pile[k]
                    pile[k] = b[s * N_KINDS + k]
                continue
            if b[s * N_KINDS + k] - known[s * N_KINDS + k] <= left[k]:
                left[k] -= b[s * N_KINDS + k] - known[s * N_KINDS + k]
                known[s * N_KINDS + k] = b[s * N_KINDS + k]


cdef void pair_inferences(const View* v, uint8_t* nopair) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef const TrickRecord* rec
    cdef int t, i, s, f, n_plays, n_tricks = pub.tricks_done + (1 if pub.n_in_trick else 0)
    cdef uint8_t cnt[N_KINDS]
    cdef Combo lead
    cdef uint64_t sm
    memset(nopair, 0, N_SEATS)
    for t in range(n_tricks):
        rec = &pub.tricks[t]
        if rec.plays[0].two == 0:                  # a lead without pairs asks for none
            continue
        play_counts(&rec.plays[0], cnt)            # the lead followed (a failed throw's
        decompose(cnt, &pub.t, &lead)              # forced component)
        if lead.total_pairs == 0:                  # pairs of a throw of singles: singles
            continue
        f = lead.suit
        sm = pub.suit_mask[f]
        n_plays = N_SEATS if t < pub.tricks_done else pub.n_in_trick
        for i in range(1, n_plays):
            s = (rec.leader + i) % N_SEATS
            if mask_size(rec.plays[i].one, rec.plays[i].two, sm) < lead.n_cards:
                continue                           # short of the suit: a void, shown
            if mask_size(0, rec.plays[i].two, sm) < lead.total_pairs:
                nopair[s] |= 1 << f


# -- the weights ------------------------------------------------------------------------
cdef double last_weight(const Sampler* s, const int* caps) noexcept nogil:
    """W(n_groups - 1, caps): the last group takes every remaining capacity."""
    cdef int h, g = s.n_groups - 1
    cdef double w = 1.0
    for h in range(s.n_holders):
        if caps[h] and not (s.elig[g] >> h) & 1:
            return 0.0
        w *= INV_FACT[caps[h]]
    return w


cdef double weight(Sampler* s, int g, int* caps) noexcept nogil:
    """W(g, caps): the weight of dealing groups g.. into the capacities caps."""
    cdef Py_ssize_t idx = 0
    cdef int h
    cdef int x[MAX_HOLDERS]
    cdef double w
    if g == s.n_groups - 1:
        return last_weight(s, caps)
    if g > 0:
        for h in range(s.n_holders - 1):
            idx += caps[h] * s.stride[h]
        idx += (g - 1) * s.per_level
        if s.memo[idx] != UNKNOWN:
            return s.memo[idx]
    w = deal_group(s, g, caps, x, 0, s.size[g], 1.0, -1.0, NULL)
    if g > 0:
        s.memo[idx] = w
    return w


cdef double deal_group(Sampler* s, int g, int* caps, int* x, int h, int left, double prod,
                       double target, double* acc) noexcept nogil:
    """Sum, over the ways x to deal the `left` cards of group g still to place among
    holders h.., of prod * prod(1 / x[h]!) * W(g + 1, caps - x).  With target >= 0, stop
    at the way where the running sum *acc passes target, leaving it in x and caps reduced
    by it; returns -1 then (and the sum if target is never passed)."""
    cdef int n, lo, hi, last = s.n_holders - 1
    cdef double total = 0.0, w
    if h == last:
        n = left
        if n > caps[h] or (n and not (s.elig[g] >> h) & 1):
            return 0.0
        x[h] = n
        caps[h] -= n
        w = prod * INV_FACT[n] * weight(s, g + 1, caps) if g + 1 < s.n_groups else \
            prod * INV_FACT[n]
        if target >= 0.0:
            acc[0] += w
            if acc[0] > target:
                return -1.0
        caps[h] += n
        return w
    hi = 0
    if (s.elig[g] >> h) & 1:
        hi = caps[h] if caps[h] < left else left
    lo = 0
    for n in range(lo, hi + 1):
        x[h] = n
        caps[h] -= n
        w = deal_group(s, g, caps, x, h + 1, left - n, prod * INV_FACT[n], target, acc)
        if w < 0.0:
            return -1.0
        caps[h] += n
        total += w
    return total


# -- building and drawing ---------------------------------------------------------------
cdef int sampler_init(Sampler* s, const View* v, bint bids) noexcept nogil:
    """sampler_build with the bids' cards where they are most likely (the burier's in its
    hand), else -- when no deal keeps that: the burier buried one -- the burier's in the
    pile, else none of them."""
    cdef int rc = sampler_build(s, v, BIDS_BURIER_HOLDS if bids else BIDS_IGNORED)
    if rc != SAMPLER_INCONSISTENT or not bids:
        return rc
    rc = sampler_build(s, v, BIDS_BURIER_BURIED)
    if rc != SAMPLER_INCONSISTENT:
        return rc
    return sampler_build(s, v, BIDS_IGNORED)


cdef int sampler_build(Sampler* s, const View* v, int bids) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int held[N_SEATS]
    cdef uint8_t known[N_SEATS * N_KINDS]
    cdef uint8_t pile[N_KINDS]
    cdef bint pile_hidden = v.buried == NULL and pub.phase != PHASE_BURY
    cdef uint8_t nopair[N_SEATS]
    cdef int u[N_KINDS]
    cdef int o, h, k, g, f, n, hidden = 0, cap_sum = 0, _c
    cdef uint8_t mask
    cdef uint64_t m
    cdef int caps[MAX_HOLDERS]
    cdef Py_ssize_t per
    s.memo = NULL
    s.draws = 0
    cards_held(v, held)
    shown_cards(v, known)
    memset(pile, 0, N_KINDS)
    if bids != BIDS_IGNORED:
        bid_cards(v, known, pile if pile_hidden else NULL, bids == BIDS_BURIER_BURIED)
    pair_inferences(v, nopair)
    for k in range(N_KINDS):
        u[k] = unseen(v, k)
    s.n_holders = 0
    for o in range(N_SEATS):
        if o == v.seat:
            continue
        h = s.n_holders
        s.seat[h] = o
        memcpy(s.known[h], &known[o * N_KINDS], N_KINDS)
        s.nopair[h] = nopair[o]
        s.nopair_kinds[h] = 0
        for f in range(N_FOLLOW):
            if (nopair[o] >> f) & 1:
                s.nopair_kinds[h] |= pub.suit_mask[f]
        s.cap[h] = held[o]
        for k in range(N_KINDS):
            u[k] -= known[o * N_KINDS + k]
            s.cap[h] -= known[o * N_KINDS + k]
        s.n_holders += 1
    if pile_hidden:
        h = s.n_holders
        s.seat[h] = PILE
        memcpy(s.known[h], pile, N_KINDS)
        s.nopair[h] = 0
        s.nopair_kinds[h] = 0
        s.cap[h] = KITTY_SIZE
        for k in range(N_KINDS):
            u[k] -= pile[k]
            s.cap[h] -= pile[k]
        s.n_holders += 1
    for h in range(s.n_holders):
        if s.cap[h] < 0:
            return SAMPLER_INCONSISTENT
        cap_sum += s.cap[h]
    # group the following-suits by the holders that may take them
    s.n_groups = 0
    for f in range(N_FOLLOW):
        mask = 0
        for h in range(s.n_holders):
            if s.seat[h] == PILE or not (pub.void_suits[s.seat[h]] >> f) & 1:
                mask |= 1 << h
        n = 0
        m = pub.suit_mask[f]
        while m:
            k = ctz(m)
            m &= m - 1
            if u[k] < 0:
                return SAMPLER_INCONSISTENT
            n += u[k]
        if n == 0:
            continue
        if mask == 0:
            return SAMPLER_INCONSISTENT
        for g in range(s.n_groups):
            if s.elig[g] == mask:
                break
        else:
            g = s.n_groups
            s.elig[g] = mask
            s.size[g] = 0
            s.n_groups += 1
        m = pub.suit_mask[f]
        while m:
            k = ctz(m)
            m &= m - 1
            for _c in range(u[k]):
                s.cards[g][s.size[g]] = k
                s.size[g] += 1
    for g in range(s.n_groups):
        hidden += s.size[g]
    if hidden != cap_sum:
        return SAMPLER_INCONSISTENT
    if s.n_groups == 0:
        s.total = 1.0
        return SAMPLER_OK
    # the memo: levels 1 .. n_groups - 2, indexed by the capacities of all holders but
    # the last (whose capacity follows from the cards left)
    per = 1
    for h in range(s.n_holders - 2, -1, -1):
        s.stride[h] = per
        per *= s.cap[h] + 1
    s.per_level = per
    if s.n_groups > 2:
        s.memo = <double*> malloc((s.n_groups - 2) * per * sizeof(double))
        if s.memo == NULL:
            return SAMPLER_NO_MEMORY
        for k in range((s.n_groups - 2) * per):
            s.memo[k] = UNKNOWN
    for h in range(s.n_holders):
        caps[h] = s.cap[h]
    s.total = weight(s, 0, caps)
    if not s.total > 0.0:
        sampler_free(s)
        return SAMPLER_INCONSISTENT
    return SAMPLER_OK


cdef void sampler_free(Sampler* s) noexcept nogil:
    if s.memo != NULL:
        free(s.memo)
        s.memo = NULL


cdef inline double uniform(Rng* rng) noexcept nogil:
    """Uniform in [0, 1): the top 53 bits of a draw."""
    return (sj_next(rng) >> 11) * (1.0 / 9007199254740992.0)


cdef int sampler_draw(Sampler* s, Rng* rng, uint8_t* out) noexcept nogil:
    cdef int _try, rc
    for _try in range(MAX_REJECTIONS):
        rc = draw_once(s, rng, out)
        s.draws += 1
        if rc != SAMPLER_OK or keeps_inferences(s, out):
            return rc
    return rc


cdef bint keeps_inferences(const Sampler* s, const uint8_t* out) noexcept nogil:
    """Does the deal give no holder a pair of a suit it holds no pair of?"""
    cdef int h, k
    cdef uint64_t m
    for h in range(s.n_holders):
        m = s.nopair_kinds[h]
        while m:
            k = ctz(m)
            m &= m - 1
            if out[h * N_KINDS + k] > 1:
                return False
    return True


cdef int draw_once(Sampler* s, Rng* rng, uint8_t* out) noexcept nogil:
    cdef int caps[MAX_HOLDERS]
    cdef int x[MAX_HOLDERS]
    cdef int g, h, i, j, n, pos, _c
    cdef double acc, w
    cdef uint8_t tmp
    cdef uint8_t* cards
    for h in range(s.n_holders):
        caps[h] = s.cap[h]
        memcpy(&out[h * N_KINDS], s.known[h], N_KINDS)
    for g in range(s.n_groups):
        if g == s.n_groups - 1:
            for h in range(s.n_holders):
                x[h] = caps[h]
                caps[h] = 0
        else:
            acc = 0.0
            # the running sum adds the same terms in another order than W did: aim a hair
            # below the total so that rounding can never leave the target unreached
            w = weight(s, g, caps) * (1.0 - ROUNDING)
            if deal_group(s, g, caps, x, 0, s.size[g], 1.0, uniform(rng) * w, &acc) >= 0.0:
                return SAMPLER_INCONSISTENT
        # a uniform partition of the group's physical cards: shuffle, then cut
        cards = s.cards[g]
        n = s.size[g]
        for i in range(n - 1):
            j = i + <int> sj_bounded(rng, n - i)
            tmp = cards[i]
            cards[i] = cards[j]
            cards[j] = tmp
        pos = 0
        for h in range(s.n_holders):
            for _c in range(x[h]):
                out[h * N_KINDS + cards[pos]] += 1
                pos += 1
    return SAMPLER_OK


cdef int sample_hand(Sampler* s, const View* v, Rng* rng, HandC* out) noexcept nogil:
    cdef uint8_t deal[MAX_HOLDERS * N_KINDS]
    cdef int h, o, rc
    cdef Play p
    rc = sampler_draw(s, rng, deal)
    if rc != SAMPLER_OK:
        return rc
    out.pub = v.pub[0]
    out.seat[v.seat] = v.own[0]
    if v.buried != NULL:
        memcpy(out.buried, v.buried, N_KINDS)
    else:                                   # before the bury nothing is buried yet
        memset(out.buried, 0, N_KINDS)
    for h in range(s.n_holders):
        if s.seat[h] == PILE:
            memcpy(out.buried, &deal[h * N_KINDS], N_KINDS)
        else:
            memcpy(out.seat[s.seat[h]].count, &deal[h * N_KINDS], N_KINDS)
            counts_play(out.seat[s.seat[h]].count, &p)
            out.seat[s.seat[h]].one = p.one
            out.seat[s.seat[h]].two = p.two
    if v.kitty != NULL:
        memcpy(out.kitty, v.kitty, N_KINDS)
    else:
        memcpy(out.kitty, out.buried, N_KINDS)
    counts_play(out.buried, &p)
    out.kitty_points = play_points(&p, &out.pub.t)
    for o in range(N_SEATS):
        out.cache[o].stale = (1 << N_FOLLOW) - 1
    memset(&out.score, 0, sizeof(out.score))
    out.score.last_winner = -1
    out.score.last_shape = -1
    out.score.level_side = -1
    out.score.next_banker = -1
    out.score.demotion = -1
    return SAMPLER_OK


# -- inference from play ----------------------------------------------------------------
cdef void rewind(const View* v, const HandC* sample, HandC* h) noexcept nogil:
    """h: the sampled hand as it stood at the first lead -- each seat holding its cards now
    plus every card it played since, the public record emptied of the play."""
    cdef const Public* pub = v.pub
    cdef int s, k, n_tricks = pub.tricks_done + (1 if pub.n_in_trick else 0)
    cdef uint8_t played[N_SEATS * N_KINDS]
    cdef Play p
    memcpy(h, sample, sizeof(HandC))
    seat_played(pub, played)
    for s in range(N_SEATS):
        for k in range(N_KINDS):
            h.seat[s].count[k] += played[s * N_KINDS + k]
        counts_play(h.seat[s].count, &p)
        h.seat[s].one = p.one
        h.seat[s].two = p.two
        h.cache[s].stale = (1 << N_FOLLOW) - 1
    h.pub.phase = PHASE_PLAY
    h.pub.leader = pub.tricks[0].leader if n_tricks else pub.leader
    h.pub.to_play = h.pub.leader
    h.pub.n_in_trick = 0
    h.pub.tricks_done = 0
    memset(h.pub.seen, 0, N_KINDS)
    memset(h.pub.played, 0, sizeof(h.pub.played))
    memset(h.pub.trick, 0, sizeof(h.pub.trick))
    h.pub.trick_points = 0
    memset(h.pub.void_suits, 0, N_SEATS)
    for s in range(N_SEATS):
        h.pub.points[s] = 0
    h.pub.table_points = 0
    h.pub.banker_points = 0
    h.pub.penalty = 0
    h.pub.failed_throws = 0


cdef inline double positive(double like) noexcept nogil:
    """like, kept above 0: a tiny eps over a long record must not underflow to a weight
    of 0 (a search weighing its deals divides by their sum)."""
    return like if like > LIKELIHOOD_FLOOR else LIKELIHOOD_FLOOR


cdef double play_likelihood(const View* v, const HandC* sample, PlayPolicy policy,
                            double eps, HandC* h) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef const TrickRecord* rec
    cdef int t, i, s, n_plays, rc, n_tricks = pub.tricks_done + (1 if pub.n_in_trick else 0)
    cdef double like = 1.0
    cdef View sv
    cdef Play q, forced
    cdef const Play* actual
    cdef Rng dummy                       # the base bots never draw
    if n_tricks == 0:
        return 1.0
    rewind(v, sample, h)
    for t in range(n_tricks):
        rec = &pub.tricks[t]
        n_plays = N_SEATS if t < pub.tricks_done else pub.n_in_trick
        for i in range(n_plays):
            s = (rec.leader + i) % N_SEATS
            actual = &rec.attempt if i == 0 and rec.attempt.one else &rec.plays[i]
            if s != h.pub.to_play:
                return positive(like * eps ** CONTRADICTED_PLAYS)
            if s != v.seat:
                make_view(h, s, &sv)
                rng_fixed(&dummy)
                if policy(&sv, &dummy, &q) != 0 or not same_play(&q, actual):
                    like *= eps
            rc = hand_apply(h, actual, &forced, False)
            if rc != APPLY_OK or not same_play(&forced, &rec.plays[i]):
                return positive(like * eps ** CONTRADICTED_PLAYS)
    return positive(like)


cdef double bury_likelihood(const View* v, const HandC* sample, PlayPolicy bury, double eps,
                            HandC* h) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int b = pub.burier, k, overlap = 0
    cdef uint8_t cnt[N_KINDS]
    cdef View sv
    cdef Play q
    cdef Rng dummy                       # the base bots never draw
    if bury == NULL or eps >= 1.0 or v.buried != NULL or pub.phase != PHASE_PLAY or \
            b == v.seat or pub.bury_trump != pub.trump:
        return 1.0
    rewind(v, sample, h)                 # the burier's cards then: at the first lead + pile
    for k in range(N_KINDS):
        h.seat[b].count[k] += sample.buried[k]
    counts_play(h.seat[b].count, &q)
    h.seat[b].one = q.one
    h.seat[b].two = q.two
    h.cache[b].stale = (1 << N_FOLLOW) - 1
    memset(h.buried, 0, N_KINDS)
    h.kitty_points = 0
    h.pub.phase = PHASE_BURY
    h.pub.to_play = b
    make_view(h, b, &sv)
    rng_fixed(&dummy)
    if bury(&sv, &dummy, &q) != 0:
        return 1.0
    play_counts(&q, cnt)
    for k in range(N_KINDS):
        overlap += cnt[k] if cnt[k] < sample.buried[k] else sample.buried[k]
    return positive(eps ** (KITTY_SIZE - overlap))


cdef double pass_likelihood(const View* v, const HandC* sample, double eps,
                            HandC* h) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef BidState st
    cdef const uint8_t* counts[N_SEATS]
    cdef double like = 1.0
    cdef int s
    if eps >= 1.0 or not pub.bid_set or pub.phase != PHASE_PLAY or pub.r.secret_bids or \
            pub.bid.standing.strength == STR_NONE or pub.bid.late_overturns or \
            pub.bid.reburies:
        return 1.0
    rewind(v, sample, h)                 # the seats' cards at the end of the deal
    for s in range(N_SEATS):
        counts[s] = h.seat[s].count
    bid_late_start(&st, &pub.r, pub.level, pub.bid_first_hand, &pub.bid, counts)
    st.round = ROUND_AFTER_DEAL          # the bids the deal's asking would offer
    for s in range(N_SEATS):
        if s == v.seat or s == pub.banker or s == pub.burier:
            continue
        if find_bids(&st, s) > 0:
            like *= eps
    return like


cdef double deal_likelihood(const View* v, const HandC* sample, const Likelihood* m,
                            HandC* work) noexcept nogil:
    cdef double like = play_likelihood(v, sample, m.play, m.play_eps, work)
    if m.bury != NULL and m.bury_eps < 1.0:
        like = positive(like * bury_likelihood(v, sample, m.bury, m.bury_eps, work))
    if m.pass_eps < 1.0:
        like = positive(like * pass_likelihood(v, sample, m.pass_eps, work))
    return like


cdef inline uint8_t* holder_counts(const Sampler* s, HandC* deal, int h) noexcept nogil:
    if s.seat[h] == PILE:
        return &deal.buried[0]
    return &deal.seat[s.seat[h]].count[0]


cdef inline bint may_take(const Sampler* s, const View* v, int h, int k) noexcept nogil:
    """May holder h hold kind k: the pile any, a seat none of a suit it showed out of."""
    return s.seat[h] == PILE or not (v.pub.void_suits[s.seat[h]] >> v.pub.t.follow[k]) & 1


cdef int pick_movable(const Sampler* s, const uint8_t* cnt, int h, Rng* rng) noexcept nogil:
    """A uniformly drawn physical card of holder h that may move (not one a failed throw
    showed): its kind, or -1 when it has none."""
    cdef int k, n = 0, r
    for k in range(N_KINDS):
        n += cnt[k] - s.known[h][k]
    if n <= 0:
        return -1
    r = <int> sj_bounded(rng, n)
    for k in range(N_KINDS):
        r -= cnt[k] - s.known[h][k]
        if r < 0:
            return k
    return -1


cdef inline void refresh(const Sampler* s, const View* v, HandC* deal, int h) noexcept nogil:
    cdef Play p
    cdef int o = s.seat[h]
    if o == PILE:
        counts_play(deal.buried, &p)
        deal.kitty_points = play_points(&p, &deal.pub.t)
        if v.kitty == NULL:
            memcpy(deal.kitty, deal.buried, N_KINDS)
        return
    counts_play(deal.seat[o].count, &p)
    deal.seat[o].one = p.one
    deal.seat[o].two = p.two
    deal.cache[o].stale = (1 << N_FOLLOW) - 1


cdef void refine_deal(const Sampler* s, const View* v, HandC* deal, const Likelihood* m,
                      int steps, Rng* rng, HandC* work, double* like) noexcept nogil:
    cdef int _step, a, b, ka, kb
    cdef uint8_t* ca
    cdef uint8_t* cb
    cdef double cur = deal_likelihood(v, deal, m, work), nxt
    for _step in range(steps):
        if s.n_holders < 2:
            break
        a = <int> sj_bounded(rng, s.n_holders)
        b = <int> sj_bounded(rng, s.n_holders - 1)
        if b >= a:
            b += 1
        ca = holder_counts(s, deal, a)
        cb = holder_counts(s, deal, b)
        ka = pick_movable(s, ca, a, rng)
        kb = pick_movable(s, cb, b, rng)
        if ka < 0 or kb < 0 or ka == kb or not may_take(s, v, b, ka) or \
                not may_take(s, v, a, kb):
            continue                         # a move the facts forbid: stay
        if (ca[kb] + 1 > 1 and (s.nopair_kinds[a] >> kb) & 1) or \
                (cb[ka] + 1 > 1 and (s.nopair_kinds[b] >> ka) & 1):
            continue
        ca[ka] -= 1
        cb[ka] += 1
        cb[kb] -= 1
        ca[kb] += 1
        refresh(s, v, deal, a)
        refresh(s, v, deal, b)
        nxt = deal_likelihood(v, deal, m, work)
        if nxt >= cur or uniform(rng) * cur < nxt:
            cur = nxt
            continue
        ca[ka] += 1                          # rejected: back
        cb[ka] -= 1
        cb[kb] += 1
        ca[kb] -= 1
        refresh(s, v, deal, a)
        refresh(s, v, deal, b)
    like[0] = cur

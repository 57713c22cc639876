# cython: language_level=3
"""The hand state machine: setup -> the banker buries 8 -> tricks -> score (docs/rules.md
§3-5, §8).

The rules questions are answered by the kernels of combos.pxd (decompose, follow legality,
trick winner, throw check) and scoring.pxd (penalties, kitty, level change); this unit
only sequences them and keeps the record: the public part of the state (``Public``: every
trick with who played what, cards seen, voids shown, points per seat), each seat's cards
(``Holding``) and the banker's secret (kitty, buried).  Everything is ``noexcept nogil``
and allocation-free.

A lead is any multiset of one following-suit; one of two or more components is a throw,
checked at once against the other three hands (``throw_failure``): when it fails the
forced component is played instead, the other cards stay in the hand, the cards shown are
kept in the trick record (``attempt``) and the penalty is booked.  A seat that follows
with fewer cards of the led suit than the lead has shows a void (``void_suits``)."""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy, memset

from shengji._core.base.cards cimport (
    N_CARDS, N_DEALT, N_KINDS, N_SEATS, KITTY_SIZE, TRUMP, TrumpTable, team, kind_of,
)
from shengji._core.base.options cimport RulesC
from shengji._core.rules.combos cimport (
    Combo, Component, SHAPE_SINGLE, SHAPE_PAIR, decompose, legal_follow_counts, rules_table,
    throw_failure, winner_of_trick,
)
from shengji._core.engine.play cimport (
    Play, bit, counts_play, ctz, mask_size, play_counts, play_points, play_size, play_within,
)
from shengji._core.rules.scoring cimport score_hand, throw_penalty

# Python names of the phases, from the enum (hand.pxd): the core owns their order.
PHASE_NAMES = tuple(p.name[len("PHASE_"):].lower() for p in sorted(Phase, key=int))

cdef enum:
    ALL_SUITS_STALE = (1 << N_FOLLOW) - 1


cdef inline void holding_masks(Holding* o) noexcept nogil:
    cdef Play m
    counts_play(o.count, &m)
    o.one = m.one
    o.two = m.two


cdef inline void take_from_hand(HandC* h, int seat, const Play* p) noexcept nogil:
    """Remove a play (known to be in the hand) from the seat's holding; it is seen."""
    cdef uint64_t one = p.one, two = p.two, m = p.one
    cdef int k, n, stale = 0
    cdef Holding* o = &h.seat[seat]
    cdef Play* played = &h.pub.played[seat]
    cdef uint8_t* count = o.count
    cdef uint8_t* seen = h.pub.seen
    cdef const uint8_t* follow = h.pub.t.follow
    played.two |= two | (played.one & one)
    played.one |= one
    # a kind played twice, or once of a single copy, leaves the hand
    o.one &= ~(two | (one & ~o.two))
    o.two &= ~one
    while m:
        k = ctz(m)
        m &= m - 1
        n = 1 + <int> ((two >> k) & 1)
        count[k] -= n
        seen[k] += n
        stale |= 1 << follow[k]
    h.cache[seat].stale |= stale


cdef void hand_setup(HandC* h, const uint8_t* deck, int level, int def_level, int trump,
                     int banker, const RulesC* r) noexcept nogil:
    """deck: the 108 card ids in dealing order (position i -> seat i % 4 for i < 100, the
    kitty 100..107).  The banker takes the kitty at once: the hand starts in the bury
    phase with the banker holding 33 cards."""
    cdef int i, k, s
    cdef Public* pub = &h.pub
    pub.r = r[0]
    rules_table(&pub.t, level, trump, r)
    pub.level = level
    pub.def_level = def_level
    pub.trump = trump
    pub.banker = banker
    memset(pub.seen, 0, N_KINDS)
    memset(pub.played, 0, sizeof(pub.played))
    memset(pub.void_suits, 0, N_SEATS)
    pub.overturns[0] = 0
    pub.overturns[1] = 0
    memset(&pub.bid, 0, sizeof(BidResult))
    pub.bid_set = 0
    pub.bid_first_hand = 0
    pub.bury_trump = -1
    for s in range(N_FOLLOW):
        pub.suit_mask[s] = 0
    for k in range(N_KINDS):
        pub.suit_mask[pub.t.follow[k]] |= bit(k)
    for s in range(N_SEATS):
        memset(h.seat[s].count, 0, N_KINDS)
        pub.points[s] = 0
    memset(h.kitty, 0, N_KINDS)
    memset(h.buried, 0, N_KINDS)
    for i in range(N_DEALT):
        h.seat[i % N_SEATS].count[kind_of(deck[i])] += 1
    for i in range(N_DEALT, N_CARDS):
        h.kitty[kind_of(deck[i])] += 1
        h.seat[banker].count[kind_of(deck[i])] += 1
    for s in range(N_SEATS):
        holding_masks(&h.seat[s])
        h.cache[s].stale = ALL_SUITS_STALE
    pub.phase = PHASE_BURY
    pub.to_play = banker
    pub.leader = banker
    pub.burier = banker
    pub.n_in_trick = 0
    pub.tricks_done = 0
    pub.trick_points = 0
    pub.table_points = 0
    pub.banker_points = 0
    pub.penalty = 0
    pub.failed_throws = 0
    h.kitty_points = 0
    memset(&h.score, 0, sizeof(h.score))
    h.score.last_winner = -1
    h.score.last_shape = -1
    h.score.level_side = -1
    h.score.next_banker = -1
    h.score.demotion = -1


cdef int hand_bury(HandC* h, const Play* p) noexcept nogil:
    # the burier is the seat to play: the banker, or an overturner that took up the kitty
    # (hand_take_kitty); the banker leads either way
    cdef int k, b = h.pub.to_play
    if h.pub.phase != PHASE_BURY:
        return APPLY_OVER
    if play_size(p) != KITTY_SIZE:
        return APPLY_BAD_SIZE
    if not play_within(p, h.seat[b].one, h.seat[b].two):
        return APPLY_NOT_IN_HAND
    play_counts(p, h.buried)
    for k in range(N_KINDS):
        h.seat[b].count[k] -= h.buried[k]
    holding_masks(&h.seat[b])
    h.cache[b].stale = ALL_SUITS_STALE
    h.kitty_points = play_points(p, &h.pub.t)
    h.pub.burier = b
    h.pub.bury_trump = h.pub.trump
    h.pub.phase = PHASE_PLAY
    h.pub.to_play = h.pub.banker
    h.pub.leader = h.pub.banker
    return APPLY_OK


cdef inline bint before_first_lead(const HandC* h) noexcept nogil:
    return h.pub.phase == PHASE_PLAY and h.pub.tricks_done == 0 and h.pub.n_in_trick == 0


cdef void hand_set_bids(HandC* h, const BidResult* bid, bint first_hand) noexcept nogil:
    h.pub.bid = bid[0]
    memset(h.pub.bid.standing.laid, 0, sizeof(h.pub.bid.standing.laid))
    h.pub.bid_set = 1
    h.pub.bid_first_hand = 1 if first_hand else 0


cdef int hand_set_trump(HandC* h, int trump) noexcept nogil:
    # also while a re-burying overturner holds the kitty (PHASE_BURY): no card is played
    cdef Public* pub = &h.pub
    cdef int k, s
    if not (before_first_lead(h) or pub.phase == PHASE_BURY):
        return APPLY_OVER
    rules_table(&pub.t, pub.level, trump, &pub.r)
    pub.trump = trump
    for s in range(N_FOLLOW):
        pub.suit_mask[s] = 0
    for k in range(N_KINDS):
        pub.suit_mask[pub.t.follow[k]] |= bit(k)
    for s in range(N_SEATS):
        h.cache[s].stale = ALL_SUITS_STALE
    return APPLY_OK


cdef void hand_set_overturns(HandC* h, int team0, int team1) noexcept nogil:
    h.pub.overturns[0] = team0
    h.pub.overturns[1] = team1


cdef int hand_take_kitty(HandC* h, int seat) noexcept nogil:
    cdef int k
    if not before_first_lead(h) or not 0 <= seat < N_SEATS:
        return APPLY_OVER
    for k in range(N_KINDS):
        h.seat[seat].count[k] += h.buried[k]
    memset(h.buried, 0, N_KINDS)
    holding_masks(&h.seat[seat])
    h.cache[seat].stale = ALL_SUITS_STALE
    h.kitty_points = 0
    h.pub.phase = PHASE_BURY
    h.pub.to_play = seat
    return APPLY_OK


cdef inline void simple_combo(const TrumpTable* t, int k, int n, Combo* c) noexcept nogil:
    """decompose() of a single (n = 1) or a pair (n = 2) of kind k, without the scans."""
    c.n_cards = n
    c.suit = t.follow[k]
    c.shape = SHAPE_SINGLE if n == 1 else SHAPE_PAIR
    c.n_comp = 1
    c.n_tractor = 0
    c.n_pair = n - 1
    c.pairs = n - 1
    c.total_pairs = n - 1
    c.top_order = t.order[k]
    c.top_kind = k
    c.comp[0].shape = c.shape
    c.comp[0].length = n - 1
    c.comp[0].top_order = t.order[k]
    c.comp[0].top_kind = k
    c.comp[0].top_pos = t.chain[k]
    c.comp[0].kinds = bit(k)


cdef inline int lead(HandC* h, int seat, const Play* p, Play* forced, uint8_t* cnt) noexcept nogil:
    """A lead: classify it, run the throw check; a failed throw plays the forced component
    (in *forced and cnt) and books the penalty."""
    cdef Public* pub = &h.pub
    cdef uint8_t others[3 * N_KINDS]
    cdef const Component* comp
    cdef TrickRecord* rec = &pub.tricks[pub.tricks_done]
    cdef int s = pub.t.follow[ctz(p.one)], n = play_size(p), i, f
    if (p.one & ~pub.suit_mask[s]) != 0:
        return APPLY_MIXED
    if p.one == p.two and (p.one & (p.one - 1)) == 0 or p.two == 0 and n == 1:
        simple_combo(&pub.t, ctz(p.one), n, &pub.lead)     # a single or a pair
    else:
        decompose(cnt, &pub.t, &pub.lead)
    rec.attempt.one = 0
    rec.attempt.two = 0
    if pub.lead.n_comp > 1:
        for i in range(3):
            memcpy(others + i * N_KINDS, h.seat[(seat + 1 + i) % N_SEATS].count, N_KINDS)
        f = throw_failure(&pub.lead, others, 3, &pub.t, pub.r.trump_throws)
        if f >= 0:
            comp = &pub.lead.comp[f]
            forced.one = comp.kinds
            forced.two = comp.kinds if comp.shape != SHAPE_SINGLE else 0
            rec.attempt = p[0]
            pub.penalty += throw_penalty(&pub.r, team(seat) == team(pub.banker), n,
                                         play_size(forced))
            pub.failed_throws += 1
            play_counts(forced, cnt)
            decompose(cnt, &pub.t, &pub.lead)
    rec.leader = seat
    rec.winner = -1
    rec.points = 0
    pub.leader = seat
    pub.trick_points = 0
    return APPLY_OK


cdef int hand_apply(HandC* h, const Play* p, Play* forced, bint check) noexcept nogil:
    cdef Public* pub = &h.pub
    cdef int seat = pub.to_play, s, n, w, k, rc
    cdef uint8_t cnt[N_KINDS]
    cdef const Holding* own = &h.seat[seat]
    if pub.phase != PHASE_PLAY:
        return APPLY_OVER
    n = play_size(p)
    if n == 0:
        return APPLY_EMPTY
    if not play_within(p, own.one, own.two):
        return APPLY_NOT_IN_HAND
    forced[0] = p[0]
    play_counts(p, cnt)
    if pub.n_in_trick == 0:
        rc = lead(h, seat, p, forced, cnt)
        if rc != APPLY_OK:
            return rc
    else:
        if n != pub.lead.n_cards:
            return APPLY_BAD_SIZE
        s = pub.lead.suit
        if n == 1:
            # a single: the led suit if held at all (the common case, without profiles);
            # under short_suit_trumps, void in a side suit: a trump if held at all
            if check and pub.t.follow[ctz(p.one)] != s and (
                    (own.one & pub.suit_mask[s]) or
                    (pub.r.short_suit_trumps and s != TRUMP
                     and pub.t.follow[ctz(p.one)] != TRUMP
                     and (own.one & pub.suit_mask[TRUMP]))):
                return APPLY_ILLEGAL
        elif check and not legal_follow_counts(own.count, &pub.lead, cnt, &pub.t,
                                               pub.r.short_suit_trumps):
            return APPLY_ILLEGAL
        k = mask_size(p.one, p.two, pub.suit_mask[s])
        if k < n:
            pub.void_suits[seat] |= 1 << s      # showed out of the led suit: public
            # short_suit_trumps: a fill with fewer trumps than it could take shows that
            # the seat had no more trumps either
            if pub.r.short_suit_trumps and s != TRUMP and \
                    mask_size(p.one, p.two, pub.suit_mask[TRUMP]) < n - k:
                pub.void_suits[seat] |= 1 << TRUMP
    memcpy(pub.trick[pub.n_in_trick], cnt, N_KINDS)
    pub.tricks[pub.tricks_done].plays[pub.n_in_trick] = forced[0]
    pub.trick_points += play_points(forced, &pub.t)
    take_from_hand(h, seat, forced)
    pub.n_in_trick += 1
    if pub.n_in_trick < N_SEATS:
        pub.to_play = (seat + 1) % N_SEATS
        return APPLY_OK
    # The trick is complete.
    w = winner_of_trick(&pub.lead, &pub.trick[0][0], N_SEATS, &pub.t)
    k = (pub.leader + w) % N_SEATS
    pub.tricks[pub.tricks_done].winner = k
    pub.tricks[pub.tricks_done].points = pub.trick_points
    pub.points[k] += pub.trick_points
    if team(k) == team(pub.banker):
        pub.banker_points += pub.trick_points
    else:
        pub.table_points += pub.trick_points
    pub.tricks_done += 1
    pub.n_in_trick = 0
    pub.leader = k
    pub.to_play = k
    if h.seat[k].one == 0:          # every hand is empty together: the last trick
        pub.phase = PHASE_OVER
        score_hand(&pub.r, &pub.t, pub.banker, pub.level, pub.def_level, pub.table_points,
                   h.kitty_points, pub.penalty, k, pub.trick[w], pub.overturns, &h.score)
    return APPLY_OK

# cython: language_level=3
"""Bidding kernel (docs/rules.md §7): a state machine (BidState, bidding.pxd) that deals the
cards one at a time in dealing order and asks the seats, as the cards land, whether they
declare, reinforce or overturn; after the bury, the round of overturns of
``overturn_after_kitty``.  The model and every decision where §7 and the sources leave a
question open are stated in shengji/bidding/simulate.py's docstring; in short:

* Strength: single (a level card; a single joker under ``single_joker_declares``) < level
  pair < small-joker (or mixed) pair < big-joker pair.  An overturn is a stronger pair or,
  under ``suit_priority``, a level pair of a higher suit over a level pair; a reinforced
  bid is locked against level pairs (``reinforce_locks``) or against all
  (``reinforce_lock_jokers``); ``later_joker_overturns`` caps the joker-pair overturns of a
  later hand.  Under ``secret_bids`` any pair not laid yet overturns, no reinforcing.  The
  standing bidder never overturns itself.
* Asking: the seat that drew a card first; a bidder again at once; then the seats in
  playing order until four pass in a row; after the 100th card every seat again from the
  next to draw (not under ``bids_close_with_deal``).  A seat with no bid is not asked.
* The kernel policies (bid_policy_choose) take the first of ``st.opts``, which is sorted by
  the bidder's trumps, then strength, then the candidate order (level suits S H C D or S H
  D C, joker bids by decreasing strength); threshold k the first reinforcement or bid with
  >= k trumps.

Speed: a seat's bids only change when it gets a level card or a joker, or when the
standing bid changes; a plain card to a seat that had no bid at the current standing bid
asks nothing (``quiet``), nor does a level card or joker that cannot open a bid by itself
(a single after a declaration), so an eager deal costs little more than counting the cards.
"""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t, int8_t, uint16_t, uint64_t
from libc.string cimport memcpy, memset

from shengji._core.base.cards cimport (
    N_CARDS, N_KINDS, N_RANKS, N_SEATS, N_SUITS, N_DEALT, KITTY_SIZE, SMALL_JOKER, BIG_JOKER,
    kind_of,
)
from shengji._core.base.options cimport (
    RulesC, SP_NONE, SP_SHCD, SP_SHDC, NB_KITTY_RANDOM, NB_KITTY_FIRST, NB_KITTY_THIRD,
    NB_REDEAL, NB_BANKER_STEPS_DOWN, OAK_LATER_HANDS, OAK_ALWAYS, FNB_KITTY_FIRST,
)
from shengji._core.base.rng cimport Rng, sj_bounded
from shengji._core.deal.cond cimport deal_shuffle
from shengji._core.deal.spec cimport DEAL_OK, Dealer

cnp.import_array()

cdef enum:
    ALL_QUIET = (1 << N_SEATS) - 1
    KITTY_FIRST_POS = N_DEALT        # the first kitty card in dealing order
    KITTY_THIRD_POS = N_DEALT + 2
    ACE = 12                         # rank index of the A (counts 1 when a card is counted)
    SJ_COUNT = 14                    # a joker's count (first_hand_no_bid): SJ 14, BJ 15

# CARD_CLASS[level][card]: the class of a physical card at a level, built once.
cdef uint8_t CARD_CLASS[N_RANKS][N_CARDS]


cdef void _build_classes() noexcept nogil:
    cdef int level, card, kind, suit, rank
    for level in range(N_RANKS):
        for card in range(N_CARDS):
            kind = kind_of(card)
            if kind == SMALL_JOKER:
                CARD_CLASS[level][card] = CL_SJ
            elif kind == BIG_JOKER:
                CARD_CLASS[level][card] = CL_BJ
            else:
                suit = kind // N_RANKS
                rank = kind % N_RANKS
                CARD_CLASS[level][card] = CL_LEVEL + suit if rank == level else suit


_build_classes()

# Suit candidate order (also the tie-break) and priority rank (higher overturns lower) for
# each SuitPriority value; without suit_priority the rank is unused.
cdef int SUIT_ORDER[3][N_SUITS]
cdef int SUIT_RANK[3][N_SUITS]

cdef void _build_suit_tables() noexcept nogil:
    cdef int j
    cdef int shdc[N_SUITS]
    shdc[0] = 0    # S H D C
    shdc[1] = 1
    shdc[2] = 3
    shdc[3] = 2
    for j in range(N_SUITS):
        SUIT_ORDER[<int> SP_NONE][j] = j
        SUIT_ORDER[<int> SP_SHCD][j] = j
        SUIT_ORDER[<int> SP_SHDC][j] = shdc[j]
        SUIT_RANK[<int> SP_NONE][j] = 0
        # rank = N_SUITS - 1 - position in the order: the first suit ranks highest
        SUIT_RANK[<int> SP_SHCD][j] = N_SUITS - 1 - j
        SUIT_RANK[<int> SP_SHDC][shdc[j]] = N_SUITS - 1 - j


_build_suit_tables()


# -----------------------------------------------------------------------------------------
# the bids open to a seat
# -----------------------------------------------------------------------------------------
cdef inline int class_kind(int cls, int level) noexcept nogil:
    """The kind shown for a level-card or joker class."""
    if cls == CL_SJ:
        return SMALL_JOKER
    if cls == CL_BJ:
        return BIG_JOKER
    return (cls - CL_LEVEL) * N_RANKS + level


cdef inline bint beats(const BidState* st, int strength, int suit) noexcept nogil:
    """Would a pair of this strength (and suit) overturn the standing bid (open bids)?"""
    if st.b.locked and (st.r.reinforce_lock_jokers or strength < STR_SMALL_JOKER_PAIR):
        return False
    if strength > st.b.strength:
        return True
    return (strength == STR_LEVEL_PAIR and st.b.strength == STR_LEVEL_PAIR
            and st.sp != SP_NONE and SUIT_RANK[st.sp][suit] > SUIT_RANK[st.sp][st.b.suit])


cdef inline void add_opt(BidState* st, int action, int strength, int suit, int cls,
                         int trumps, int k0, int k1) noexcept nogil:
    """Insert a bid keeping st.opts sorted best first: most trumps, then strongest, then
    the order of insertion (stable)."""
    cdef int i = st.n_opts
    while i > 0 and (st.opts[i - 1].trumps < trumps
                     or (st.opts[i - 1].trumps == trumps and st.opts[i - 1].strength < strength)):
        st.opts[i] = st.opts[i - 1]
        i -= 1
    st.opts[i].action = <int8_t> action
    st.opts[i].strength = <int8_t> strength
    st.opts[i].suit = <int8_t> suit
    st.opts[i].cls = <int8_t> cls
    st.opts[i].trumps = <int8_t> trumps
    st.opts[i].shown[0] = <int8_t> k0
    st.opts[i].shown[1] = <int8_t> k1
    st.n_opts += 1


cdef inline int free(const uint8_t* h, const uint8_t* laid, bint secret, int c) noexcept nogil:
    """Cards of class c the seat can still show (face down, laid ones stay on the table)."""
    return h[c] - laid[c] if secret else h[c]


cdef int find_bids(BidState* st, int seat) noexcept nogil:
    """Fill st.opts with the bids open to `seat` now (the candidates in a fixed order, then
    sorted by add_opt); returns how many."""
    cdef const uint8_t* h = st.held[seat]
    cdef const uint8_t* laid = st.b.laid[seat]
    cdef int base = trumps_with(h, TRUMP_NT)
    cdef int j, x, k, strength, late = st.round == ROUND_LATE
    cdef bint secret = st.r.secret_bids, jokers
    st.n_opts = 0
    if base == 0:
        return 0      # no level card and no joker: nothing to show
    if st.b.strength == STR_NONE:
        if late:
            return 0
        for j in range(N_SUITS):
            x = SUIT_ORDER[st.sp][j]
            if h[CL_LEVEL + x]:
                k = x * N_RANKS + st.level
                add_opt(st, ACT_DECLARE, STR_SINGLE, x, CL_LEVEL + x, base + h[x], k, -1)
        if st.single_joker:
            if h[CL_BJ]:
                add_opt(st, ACT_DECLARE, STR_SINGLE, TRUMP_NT, CL_BJ, base, BIG_JOKER, -1)
            if h[CL_SJ]:
                add_opt(st, ACT_DECLARE, STR_SINGLE, TRUMP_NT, CL_SJ, base, SMALL_JOKER, -1)
    elif st.b.bidder == seat:
        # The declarer's own second copy: always shown (it only protects the bid).
        if (not late and not secret and st.b.strength == STR_SINGLE and st.b.cls >= 0
                and h[st.b.cls] == 2):
            strength = (STR_LEVEL_PAIR if st.b.cls < CL_SJ
                        else STR_SMALL_JOKER_PAIR if st.b.cls == CL_SJ else STR_BIG_JOKER_PAIR)
            k = class_kind(st.b.cls, st.level)
            add_opt(st, ACT_REINFORCE, strength, st.b.suit, -1, trumps_with(h, st.b.suit), k, k)
    elif st.can_overturn if late else st.deal_overturn:
        # open bids: the ladder (beats); face down (secret_bids): any pair not laid yet,
        # and in a first hand's deal only the bids that take the bank
        jokers = (st.first_hand or st.r.later_joker_overturns < 0
                  or st.b.joker_overturns < st.r.later_joker_overturns)
        if secret and st.first_hand and not late and not st.r.joker_pair_takes_bank:
            jokers = False
        if jokers:
            if free(h, laid, secret, CL_BJ) >= 2 and (
                    secret or beats(st, STR_BIG_JOKER_PAIR, TRUMP_NT)):
                add_opt(st, ACT_OVERTURN, STR_BIG_JOKER_PAIR, TRUMP_NT, -1, base,
                        BIG_JOKER, BIG_JOKER)
            if free(h, laid, secret, CL_SJ) >= 2 and (
                    secret or beats(st, STR_SMALL_JOKER_PAIR, TRUMP_NT)):
                add_opt(st, ACT_OVERTURN, STR_SMALL_JOKER_PAIR, TRUMP_NT, -1, base,
                        SMALL_JOKER, SMALL_JOKER)
            if (st.r.mixed_joker_pair and free(h, laid, secret, CL_SJ) >= 1
                    and free(h, laid, secret, CL_BJ) >= 1
                    and (secret or beats(st, STR_SMALL_JOKER_PAIR, TRUMP_NT))):
                add_opt(st, ACT_OVERTURN, STR_SMALL_JOKER_PAIR, TRUMP_NT, -1, base,
                        SMALL_JOKER, BIG_JOKER)
        for j in range(N_SUITS):
            x = SUIT_ORDER[st.sp][j]
            if free(h, laid, secret, CL_LEVEL + x) >= 2 and (
                    secret or beats(st, STR_LEVEL_PAIR, x)):
                k = x * N_RANKS + st.level
                add_opt(st, ACT_OVERTURN, STR_LEVEL_PAIR, x, -1, base + h[x], k, k)
    return st.n_opts


cdef inline int kind_class(int kind, int level) noexcept nogil:
    if kind == SMALL_JOKER:
        return CL_SJ
    if kind == BIG_JOKER:
        return CL_BJ
    return CL_LEVEL + kind // N_RANKS if kind % N_RANKS == level else kind // N_RANKS


cdef void apply_bid(BidState* st, int seat, const BidOpt* o) noexcept nogil:
    cdef int late = st.round == ROUND_LATE
    cdef int n
    if o.action == ACT_DECLARE:
        st.first_declarer = seat
        st.first_index = st.index
        if st.first_hand:
            st.banker = seat
        st.b.cls = o.cls
    elif o.action == ACT_REINFORCE:
        st.b.locked = st.r.reinforce_locks
        st.reinforced = 1
        st.b.cls = -1
    else:
        st.overturns += 1
        st.team_overturns[seat & 1] += 1
        st.b.locked = False
        st.b.cls = -1
        if o.strength >= STR_SMALL_JOKER_PAIR:
            st.b.joker_overturns += 1
        if late:
            st.late_overturns += 1
            if st.r.overturn_reburies:
                st.rebury_seat = seat
        elif (st.first_hand and st.r.overturn_takes_bank
              and (o.strength == STR_LEVEL_PAIR or st.r.joker_pair_takes_bank)):
            st.banker = seat
    if st.r.secret_bids and o.action != ACT_REINFORCE:
        st.b.laid[seat][kind_class(o.shown[0], st.level)] += 1
        if o.shown[1] >= 0:
            st.b.laid[seat][kind_class(o.shown[1], st.level)] += 1
    elif not st.r.secret_bids:
        # what the bid showed, face up (a pair: two copies of one kind, or a mixed pair)
        n = 2 if o.shown[1] == o.shown[0] else 1
        if st.shown[seat][o.shown[0]] < n:
            st.shown[seat][o.shown[0]] = n
        if o.shown[1] >= 0 and o.shown[1] != o.shown[0] and st.shown[seat][o.shown[1]] < 1:
            st.shown[seat][o.shown[1]] = 1
    st.b.strength = o.strength
    st.b.suit = o.suit
    st.b.bidder = seat
    st.quiet = 0


# -----------------------------------------------------------------------------------------
# the machine
# -----------------------------------------------------------------------------------------
cdef int bid_first_drawer(const BidParams* p, const RulesC* r, Rng* rng) noexcept nogil:
    if p.first_hand:
        if r.random_first_drawer:
            return <int> sj_bounded(rng, N_SEATS)
        return 0
    return p.banker if r.banker_draws_first else 0


cdef int bid_start(BidState* st, const BidParams* p, const RulesC* r, const uint8_t* deck,
                   int first_drawer) noexcept nogil:
    if (p.level < 0 or p.level >= N_RANKS or first_drawer < 0 or first_drawer >= N_SEATS
            or (not p.first_hand and (p.banker < 0 or p.banker >= N_SEATS))):
        return BID_ERR_PARAMS
    st.r = r[0]
    st.level = p.level
    st.first_hand = p.first_hand != 0
    st.first_drawer = first_drawer
    st.deck = deck
    st.cls_of = CARD_CLASS[p.level]
    st.dealt = 0
    memset(st.held, 0, sizeof(st.held))
    memset(st.shown, 0, sizeof(st.shown))
    memset(&st.b, 0, sizeof(BidStanding))
    st.b.strength = STR_NONE
    st.b.suit = TRUMP_NT
    st.b.cls = -1
    st.b.bidder = -1
    st.can_overturn = (not st.first_hand) or r.first_hand_overturn
    st.deal_overturn = st.can_overturn and (st.first_hand or not r.secret_bids)
    st.single_joker = st.first_hand and r.single_joker_declares
    st.sp = r.suit_priority if SP_NONE <= r.suit_priority <= SP_SHDC else SP_NONE
    st.banker = -1 if st.first_hand else p.banker
    st.first_declarer = -1
    st.first_index = -1
    st.overturns = 0
    st.late_overturns = 0
    st.team_overturns[0] = 0
    st.team_overturns[1] = 0
    st.reinforced = 0
    st.rebury_seat = -1
    st.reburies = 0
    st.stage = STAGE_DEAL
    st.round = ROUND_CARD
    st.seat = -1
    st.idle = 0
    st.first_ask = False
    st.index = -1
    st.n_opts = 0
    st.quiet = ALL_QUIET      # no cards, no bids
    st.ask_min_trumps = 0
    return BID_OK


cdef void end_round(BidState* st) noexcept nogil:
    """The asking loop is over: next card, or the round after the deal, or done."""
    st.seat = -1
    st.n_opts = 0
    if st.round == ROUND_LATE:
        st.stage = STAGE_LATE_DONE
    elif st.dealt < N_DEALT:
        st.stage = STAGE_DEAL
    elif (st.round == ROUND_CARD and not st.r.bids_close_with_deal
          and not st.ask_min_trumps):
        # after the last card, before the kitty is taken: from the next seat to draw (bots
        # under ask_min_trumps would decline again: nothing changed since they declined)
        st.round = ROUND_AFTER_DEAL
        st.seat = st.first_drawer      # position 100 would be the first drawer's
        st.idle = 0
        st.first_ask = False
        st.index = N_DEALT - 1
        next_ask(st)
    else:
        st.stage = STAGE_DEALT


cdef void next_ask(BidState* st) noexcept nogil:
    """From st.seat (st.idle passes so far), the next seat with a bid open to it is asked;
    the loop ends after four passes in a row."""
    while st.idle < N_SEATS:
        if not (st.quiet >> st.seat) & 1:
            if find_bids(st, st.seat):
                st.stage = STAGE_ASK
                return
            st.quiet |= 1 << st.seat
        st.idle += 1
        st.seat = (st.seat + 1) & 3
    end_round(st)


cdef int bid_advance(BidState* st) noexcept nogil:
    cdef int i, s, k, hint = st.ask_min_trumps
    cdef int first = st.first_drawer, quiet = st.quiet
    cdef int close = N_DEALT - 1 if st.r.bids_close_with_deal else N_DEALT
    cdef bint declared = st.b.strength != STR_NONE
    # level cards of a suit a bid in that suit needs: to declare, to overturn, never
    cdef int need = 1 if not declared else 2 if st.deal_overturn else N_CLASSES
    cdef bint joker_bids = st.single_joker
    cdef bint mixed = st.r.mixed_joker_pair
    cdef const uint8_t* deck = st.deck
    cdef const uint8_t* cls_of = st.cls_of
    cdef uint8_t* h
    if st.stage != STAGE_DEAL:
        return st.seat if st.stage == STAGE_ASK else -1
    i = st.dealt
    while i < N_DEALT:
        s = (first + i) & 3
        k = cls_of[deck[i]]
        h = st.held[s]
        h[k] += 1
        i += 1
        if i > close:
            st.dealt = i
            st.quiet = quiet
            st.stage = STAGE_DEALT     # bids close as the last card is drawn
            return -1
        if (quiet >> s) & 1:
            # The seat had no bid: only bids with this card's class can have opened, and
            # a plain card opens none.  With a standing bid that is a pair of it (an
            # overturn or a reinforcement) or a mixed joker pair; without, a declaration.
            if k < CL_LEVEL:
                continue
            if declared:
                if h[k] < 2 and not (mixed and k >= CL_SJ and h[CL_SJ] and h[CL_BJ]):
                    continue
            elif k >= CL_SJ and not joker_bids:
                continue
        elif k < CL_LEVEL and hint and (h[CL_LEVEL + k] < need or trumps_with(h, k) < hint):
            # A plain card only changes the trumps of the seat's bids in suit k (a bid in
            # suit k needs a level card of k to declare, a pair to overturn): a bot that
            # declines every bid below `hint` trumps (ask_min_trumps) declines them again.
            continue
        st.dealt = i
        if find_bids(st, s):
            st.quiet = quiet & ~(1 << s)
            st.stage = STAGE_ASK
            st.round = ROUND_CARD
            st.seat = s
            st.idle = 0
            st.first_ask = True
            st.index = i - 1
            return s
        quiet |= 1 << s
    st.dealt = i
    st.quiet = quiet
    end_round(st)          # after the last card: the round after the deal
    return st.seat if st.stage == STAGE_ASK else -1


cdef int bid_apply(BidState* st, int choice) noexcept nogil:
    if st.stage != STAGE_ASK or choice < BID_PASS or choice >= st.n_opts:
        return BID_ERR_CHOICE
    if choice == BID_PASS:
        if st.first_ask:
            # Only this seat has a new card: every other seat already passed on this
            # standing bid, so if it passes too nothing can change.
            end_round(st)
            return BID_OK
        st.idle += 1
        st.seat = (st.seat + 1) & 3
    else:
        apply_bid(st, st.seat, &st.opts[choice])
        st.first_ask = False
        st.idle = 0          # the bidder is asked again first (pair right after single)
        if st.rebury_seat >= 0:
            st.stage = STAGE_REBURY
            st.n_opts = 0
            return BID_OK
    next_ask(st)
    return BID_OK


cdef void bid_view(const BidState* st, BidView* v) noexcept nogil:
    v.seat = st.seat
    v.held = <const uint8_t*> st.held[st.seat] if st.seat >= 0 else NULL
    v.dealt = st.dealt
    v.late = st.round == ROUND_LATE
    v.strength = st.b.strength
    v.bidder = st.b.bidder
    v.suit = st.b.suit
    if st.r.secret_bids and st.b.bidder >= 0 and st.b.bidder != st.seat:
        v.suit = -1          # face down
    v.n_opts = st.n_opts if st.stage == STAGE_ASK else 0
    v.opts = <const BidOpt*> st.opts


cdef void bid_seen(const BidState* st, BidSeen* out) noexcept nogil:
    cdef int s, i, seat = st.seat
    memcpy(&out.pub, st, sizeof(BidState))
    out.pub.deck = NULL
    out.pub.quiet = 0
    for s in range(N_SEATS):
        if s != seat:
            memset(out.pub.held[s], 0, N_CLASSES)
            memset(out.pub.b.laid[s], 0, N_CLASSES)
    if st.r.secret_bids and st.b.bidder >= 0 and st.b.bidder != seat:
        out.pub.b.suit = -1          # another seat's face-down bid (as bid_view)
        out.pub.b.cls = -1
    out.seat = seat
    out.n_own = 0
    if st.deck != NULL and seat >= 0:
        i = (seat - st.first_drawer) & 3
        while i < st.dealt:
            out.own[out.n_own] = st.deck[i]
            out.n_own += 1
            i += N_SEATS


cdef int bid_resample(BidState* dst, const BidSeen* src, const uint8_t* deck) noexcept nogil:
    cdef int i
    memcpy(dst, &src.pub, sizeof(BidState))
    dst.deck = deck
    memset(dst.held, 0, sizeof(dst.held))
    for i in range(dst.dealt):
        dst.held[seat_of_position(i, dst.first_drawer)][dst.cls_of[deck[i]]] += 1
    dst.quiet = 0
    dst.n_opts = 0
    if dst.stage == STAGE_ASK:
        find_bids(dst, dst.seat)
    return dst.n_opts


cdef const uint8_t* bid_seat_order(const uint8_t* deck, int first_drawer,
                                   uint8_t* buf) noexcept nogil:
    cdef int i
    if first_drawer == 0:
        return deck
    for i in range(N_DEALT):
        buf[(i + first_drawer) % N_DEALT] = deck[i]
    memcpy(buf + N_DEALT, deck + N_DEALT, N_CARDS - N_DEALT)
    return buf


cdef void fill_result(const BidState* st, BidResult* out) noexcept nogil:
    cdef int s, k
    out.first_declarer = st.first_declarer
    out.first_declare_index = st.first_index
    out.overturns = st.overturns
    out.reinforced = st.reinforced
    out.first_drawer = st.first_drawer
    out.late_overturns = st.late_overturns
    out.reburies = st.reburies
    out.team_overturns[0] = st.team_overturns[0]
    out.team_overturns[1] = st.team_overturns[1]
    out.standing = st.b
    for s in range(N_SEATS):             # what the bids showed, added to what out holds
        for k in range(N_KINDS):
            if st.shown[s][k] >= 1:
                out.shown_one[s] |= (<uint64_t> 1) << k
            if st.shown[s][k] >= 2:
                out.shown_two[s] |= (<uint64_t> 1) << k


cdef int bid_finish(BidState* st, Rng* rng, BidResult* out) noexcept nogil:
    """Fill out from the bidding that took place, resolving a deal nobody declared on."""
    cdef int c, card, v
    memset(out.shown_one, 0, sizeof(out.shown_one))
    memset(out.shown_two, 0, sizeof(out.shown_two))
    fill_result(st, out)
    out.redeals = 0
    out.banker_steps_down = 0
    if st.b.strength != STR_NONE:
        out.trump = st.b.suit
        out.banker = st.banker
        out.no_bid = 0
        return BID_OK
    out.no_bid = 1
    out.trump = TRUMP_NT
    out.banker = st.banker
    if st.first_hand:
        if st.r.first_hand_no_bid != FNB_KITTY_FIRST:
            return BID_REDEAL     # nobody is banker yet: the deal is thrown in
        # the first kitty card: its suit is trump, its value counted from the first drawer
        # (who counts 1) picks the banker: A 1, 2..10, J 11, Q 12, K 13, SJ 14, BJ 15
        c = kind_of(st.deck[KITTY_FIRST_POS])
        if c >= SMALL_JOKER:
            out.trump = TRUMP_NT
            v = SJ_COUNT + c - SMALL_JOKER
        else:
            out.trump = c // N_RANKS
            v = 1 if c % N_RANKS == ACE else c % N_RANKS + 2
        out.banker = (st.first_drawer + v - 1) & 3
        return BID_OK
    if st.r.no_bid == NB_REDEAL:
        return BID_REDEAL
    if st.r.no_bid == NB_KITTY_RANDOM or st.r.no_bid == NB_KITTY_FIRST \
            or st.r.no_bid == NB_KITTY_THIRD:
        if st.r.no_bid == NB_KITTY_FIRST:
            card = st.deck[KITTY_FIRST_POS]
        elif st.r.no_bid == NB_KITTY_THIRD:
            card = st.deck[KITTY_THIRD_POS]
        else:
            card = st.deck[KITTY_FIRST_POS + <int> sj_bounded(rng, KITTY_SIZE)]
        c = kind_of(card)
        out.trump = TRUMP_NT if c >= SMALL_JOKER else c // N_RANKS   # a joker: no-trump
    elif st.r.no_bid == NB_BANKER_STEPS_DOWN:
        out.banker = (st.banker + 1) & 3
        out.banker_steps_down = 1
    return BID_OK


# -----------------------------------------------------------------------------------------
# the round after the bury (overturn_after_kitty)
# -----------------------------------------------------------------------------------------
cdef bint bid_late_round(const RulesC* r, bint first_hand, const BidResult* out) noexcept nogil:
    # only a trump that came from a declaration can be overturned (a trump from the kitty
    # or a no-trump nobody declared is fixed)
    if out.standing.strength == STR_NONE or out.no_bid:
        return False
    return r.overturn_after_kitty == OAK_ALWAYS or (
        r.overturn_after_kitty == OAK_LATER_HANDS and not first_hand)


cdef void held_from_counts(BidState* st, int seat, const uint8_t* counts) noexcept nogil:
    cdef int k, c
    memset(st.held[seat], 0, N_CLASSES)
    for k in range(N_KINDS):
        c = counts[k]
        if c:
            st.held[seat][kind_class(k, st.level)] += c


cdef void bid_late_start(BidState* st, const RulesC* r, int level, bint first_hand,
                         const BidResult* out, const uint8_t* const* counts) noexcept nogil:
    cdef BidParams p
    cdef int s
    p.level = level
    p.first_hand = first_hand
    p.banker = out.banker
    p.policy = POLICY_EAGER
    p.threshold = 0
    bid_start(st, &p, r, NULL, out.first_drawer)
    st.dealt = N_DEALT
    st.b = out.standing
    st.banker = out.banker
    st.first_declarer = out.first_declarer
    st.first_index = out.first_declare_index
    st.overturns = out.overturns
    st.late_overturns = out.late_overturns
    st.team_overturns[0] = out.team_overturns[0]
    st.team_overturns[1] = out.team_overturns[1]
    st.reinforced = out.reinforced
    st.reburies = out.reburies
    for s in range(N_SEATS):
        held_from_counts(st, s, counts[s])
    st.quiet = 0
    st.round = ROUND_LATE
    st.seat = (out.banker + 1) & 3
    st.idle = 0
    st.first_ask = False
    st.index = N_DEALT - 1
    next_ask(st)


cdef void bid_recount(BidState* st, int seat, const uint8_t* counts) noexcept nogil:
    held_from_counts(st, seat, counts)
    st.quiet &= ~(1 << seat)
    if st.stage == STAGE_REBURY and seat == st.rebury_seat:
        st.rebury_seat = -1
        st.reburies += 1
        next_ask(st)          # the overturner first again (it passes: the bid is its own)


cdef void bid_late_finish(const BidState* st, BidResult* out) noexcept nogil:
    fill_result(st, out)
    out.trump = st.b.suit


# -----------------------------------------------------------------------------------------
# the kernel policies, and loops of the machine with them
# -----------------------------------------------------------------------------------------
cdef int bid_policy_choose(const BidView* v, const BidParams* p) noexcept nogil:
    """eager: the first (best) bid; threshold k: the first reinforcement or bid giving >= k
    trumps; never: pass."""
    cdef int i
    if p.policy == POLICY_NEVER or v.n_opts == 0:
        return BID_PASS
    if p.policy == POLICY_EAGER:
        return 0
    for i in range(v.n_opts):
        if v.opts[i].action == ACT_REINFORCE or v.opts[i].trumps >= p.threshold:
            return i
    return BID_PASS


cdef inline int run_policy(BidState* st, const BidParams* p) noexcept nogil:
    """Step the machine to the end of its current stage with the kernel policy."""
    cdef BidView v
    while bid_advance(st) >= 0:
        bid_view(st, &v)
        bid_apply(st, bid_policy_choose(&v, p))
    return st.stage


cdef int bid_deck(Rng* rng, const uint8_t* deck, const BidParams* p, const RulesC* r,
                  int first_drawer, BidResult* out, BidState* st) noexcept nogil:
    cdef int rc
    if p.policy < POLICY_EAGER or p.policy > POLICY_NEVER:
        return BID_ERR_PARAMS
    rc = bid_start(st, p, r, deck, first_drawer)
    if rc != BID_OK:
        return rc
    if p.policy == POLICY_THRESHOLD:
        st.ask_min_trumps = p.threshold
    elif p.policy == POLICY_NEVER:
        st.ask_min_trumps = MAX_THRESHOLD + 1
    run_policy(st, p)
    return bid_finish(st, rng, out)


cdef int bid_hand(Rng* rng, uint8_t* deck, const BidParams* p, const RulesC* r,
                  BidResult* out, BidState* st, Dealer* dealer=NULL) noexcept nogil:
    cdef int redeals = 0
    cdef int rc, first
    first = bid_first_drawer(p, r, rng)     # once per hand, before the shuffle
    while True:
        rc = deal_shuffle(dealer, rng, deck, p.level, first)   # dealer NULL: shuffle_full
        if rc != DEAL_OK:
            return rc
        rc = bid_deck(rng, deck, p, r, first, out, st)
        if rc != BID_REDEAL:
            out.redeals = redeals
            return rc
        redeals += 1
        if redeals > MAX_REDEALS:
            out.redeals = redeals
            return BID_ERR_REDEAL_CAP


cdef int count_trumps(const uint8_t* cards, int n, int level, int trump) noexcept nogil:
    cdef const uint8_t* cls = CARD_CLASS[level]
    cdef int i, k, t = 0
    for i in range(n):
        k = cls[cards[i]]
        t += k >= CL_LEVEL or k == trump
    return t


# -----------------------------------------------------------------------------------------
# Python names of the kernel, and what its Python entry points (entry.pyx: checked in
# shengji/bidding/simulate.py; they only guard memory safety) and the drivers share.
# The stepping API for the game layer is bidcore.BidCore.
# -----------------------------------------------------------------------------------------
POLICIES = ("eager", "threshold", "never")
# The drivers' number of the players' bidding (POLICY_PLAYERS: the seats' bots bid)
PLAYERS_INDEX = POLICY_PLAYERS
RESULT_FIELDS = ("trump", "banker", "first_declarer", "first_declare_index", "overturns",
                 "reinforced", "no_bid", "redeals", "banker_steps_down", "first_drawer")
_ERRORS = {
    BID_ERR_PARAMS: "bidding parameters out of range",
    BID_ERR_REDEAL_CAP: (f"{MAX_REDEALS} deals in a row were thrown in because nobody "
                         "declared: this policy (or threshold) never bids"),
    BID_ERR_CHOICE: "not a bid open to the seat now (or no seat is deciding)",
}
# Python names of the strengths and actions, from the enums (bidding.pxd).
STRENGTH_NAMES = tuple(m.name[len("STR_"):].lower() for m in sorted(BidStrength, key=int))
ACTION_NAMES = tuple(m.name[len("ACT_"):].lower() for m in sorted(BidAction, key=int))
STAGE_NAMES = tuple(m.name[len("STAGE_"):].lower() for m in sorted(BidStage, key=int))


cdef dict result_dict(const BidResult* o):
    """A BidResult as a dict (RESULT_FIELDS and the round after the bury's counts)."""
    return {"trump": o.trump, "banker": o.banker, "first_declarer": o.first_declarer,
            "first_declare_index": o.first_declare_index, "overturns": o.overturns,
            "reinforced": o.reinforced, "no_bid": o.no_bid, "redeals": o.redeals,
            "banker_steps_down": o.banker_steps_down, "first_drawer": o.first_drawer,
            "late_overturns": o.late_overturns, "reburies": o.reburies,
            "team_overturns": (o.team_overturns[0], o.team_overturns[1])}


cdef dict bid_columns(Py_ssize_t n, bint trumps, BidColumns* c):
    out = {
        "trump": np.empty(n, np.uint8), "banker": np.empty(n, np.uint8),
        "first_declarer": np.empty(n, np.int8), "first_declare_index": np.empty(n, np.int8),
        "overturns": np.empty(n, np.uint8), "reinforced": np.empty(n, np.bool_),
        "no_bid": np.empty(n, np.bool_), "redeals": np.empty(n, np.uint16),
        "banker_steps_down": np.empty(n, np.bool_), "first_drawer": np.empty(n, np.uint8),
    }
    if trumps:
        out["banker_trumps"] = np.empty(n, np.uint8)
        out["team_trumps"] = np.empty(n, np.uint8)
    c.trump = <uint8_t*> cnp.PyArray_DATA(out["trump"])
    c.banker = <uint8_t*> cnp.PyArray_DATA(out["banker"])
    c.first_declarer = <int8_t*> cnp.PyArray_DATA(out["first_declarer"])
    c.first_declare_index = <int8_t*> cnp.PyArray_DATA(out["first_declare_index"])
    c.overturns = <uint8_t*> cnp.PyArray_DATA(out["overturns"])
    c.reinforced = <uint8_t*> cnp.PyArray_DATA(out["reinforced"])
    c.no_bid = <uint8_t*> cnp.PyArray_DATA(out["no_bid"])
    c.redeals = <uint16_t*> cnp.PyArray_DATA(out["redeals"])
    c.banker_steps_down = <uint8_t*> cnp.PyArray_DATA(out["banker_steps_down"])
    c.first_drawer = <uint8_t*> cnp.PyArray_DATA(out["first_drawer"])
    c.banker_trumps = <uint8_t*> cnp.PyArray_DATA(out["banker_trumps"]) if trumps else NULL
    c.team_trumps = <uint8_t*> cnp.PyArray_DATA(out["team_trumps"]) if trumps else NULL
    return out


cdef void bid_store(const BidColumns* c, Py_ssize_t i, const BidResult* o, const BidState* st,
                    const uint8_t* deck, int level) noexcept nogil:
    cdef int b, t
    c.trump[i] = <uint8_t> o.trump
    c.banker[i] = <uint8_t> o.banker
    c.first_declarer[i] = <int8_t> o.first_declarer
    c.first_declare_index[i] = <int8_t> o.first_declare_index
    c.overturns[i] = <uint8_t> (o.overturns if o.overturns < 255 else 255)
    c.reinforced[i] = 1 if o.reinforced else 0
    c.no_bid[i] = 1 if o.no_bid else 0
    c.redeals[i] = <uint16_t> o.redeals
    c.banker_steps_down[i] = 1 if o.banker_steps_down else 0
    c.first_drawer[i] = <uint8_t> o.first_drawer
    if c.banker_trumps != NULL:
        # the seats' holdings are already counted by class in the bidding state
        b = o.banker
        t = trumps_with(st.held[b], o.trump) + count_trumps(deck + N_DEALT, KITTY_SIZE, level,
                                                            o.trump)
        c.banker_trumps[i] = <uint8_t> t
        c.team_trumps[i] = <uint8_t> (t + trumps_with(st.held[(b + 2) & 3], o.trump))

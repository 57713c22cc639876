# cython: language_level=3
"""Bidding kernel (RULES.md §7): the deal is replayed card by card in dealing order and the
seats declare, reinforce and overturn as the cards land.

Model (the decisions where §7 and the seeds leave a question open are listed in
shengji/bidding.py's docstring, which is the user-facing statement of them):

* A bid has a strength: single (a level card; also a single joker under
  ``single_joker_declares`` in a first hand) < level pair < small-joker pair (also a mixed
  SJ+BJ pair under ``mixed_joker_pair``) < big-joker pair.  An overturn must be a pair of
  strictly higher strength, or, under ``suit_priority``, a level pair of a higher-priority
  suit over a level pair.  A reinforced declaration (the declarer's second copy) is a pair
  of the same strength; with ``reinforce_locks`` only joker pairs can overturn it.
* The current bidder never overturns itself (reinforcing is not an overturn).
* After each card lands, the seat that drew it is asked first; whenever a seat bids it is
  asked again at once (so a pair is shown at once, before the next seat can overturn the
  single), then the seats in dealing order, until four seats in a row pass.  Bids after the
  100th card (before the kitty is taken) are exactly the ones this loop makes after the last
  card: the kernel policies depend only on the hands and the bidding so far.
* Policies choose among the legal bids the one giving the bidder most trumps, then the
  strongest, then by the candidate order (level suits in priority order S H C D, or S H D C;
  joker bids by decreasing strength).  Threshold k filters declarations and overturns
  (trumps with the new trump >= k); reinforcing is always taken.
"""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t, int8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from shengji._core.cards cimport (N_CARDS, N_RANKS, N_SEATS, N_SUITS, N_DEALT, KITTY_SIZE,
                                  HAND_SIZE, SMALL_JOKER, BIG_JOKER)
from shengji._core.options cimport (RulesC, pack_rules, SP_NONE, SP_SHCD, SP_SHDC,
                                    NB_NO_TRUMP, NB_KITTY_RANDOM, NB_KITTY_FIRST,
                                    NB_KITTY_THIRD, NB_REDEAL, NB_BANKER_STEPS_DOWN)
from shengji._core.rng cimport Rng, rng_load, rng_store, sj_bounded
from shengji._core.deal cimport shuffle_full

cnp.import_array()

from shengji._core.rng import chunk_state

cdef enum:
    # What a seat holds, per class: 0..3 plain cards of suit S H C D (not level cards),
    # CL_LEVEL + s the level cards of suit s, then the two jokers.
    CL_LEVEL = 4
    CL_SJ = 8
    CL_BJ = 9
    N_CLASSES = 10
    # Bid strengths (the overturn ladder of §7).
    STR_NONE = 0
    STR_SINGLE = 1
    STR_LEVEL_PAIR = 2
    STR_SJ_PAIR = 3          # also a mixed SJ+BJ pair under mixed_joker_pair
    STR_BJ_PAIR = 4
    ACT_NONE = 0
    ACT_DECLARE = 1
    ACT_REINFORCE = 2
    ACT_OVERTURN = 3
    KITTY_FIRST_POS = N_DEALT        # the first kitty card in dealing order
    KITTY_THIRD_POS = N_DEALT + 2

# CARD_CLASS[level][card]: the class of a physical card at a level, built once.
cdef uint8_t CARD_CLASS[N_RANKS][N_CARDS]


cdef void _build_classes() noexcept nogil:
    cdef int level, card, kind, suit, rank
    for level in range(N_RANKS):
        for card in range(N_CARDS):
            kind = card >> 1
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
    shdc[0] = 0; shdc[1] = 1; shdc[2] = 3; shdc[3] = 2    # S H D C
    for j in range(N_SUITS):
        SUIT_ORDER[<int> SP_NONE][j] = j
        SUIT_ORDER[<int> SP_SHCD][j] = j
        SUIT_ORDER[<int> SP_SHDC][j] = shdc[j]
        SUIT_RANK[<int> SP_NONE][j] = 0
        # rank = N_SUITS - 1 - position in the order: the first suit ranks highest
        SUIT_RANK[<int> SP_SHCD][j] = N_SUITS - 1 - j
        SUIT_RANK[<int> SP_SHDC][shdc[j]] = N_SUITS - 1 - j


_build_suit_tables()


ctypedef struct Bid:
    int action
    int strength
    int suit          # 0..3 or TRUMP_NT
    int cls           # class of the card shown by a single (for reinforcing), else -1
    int trumps        # bidder's trumps with this bid's trump


ctypedef struct State:
    uint8_t held[N_SEATS][N_CLASSES]
    int strength
    int suit
    int cls
    int bidder
    bint locked
    bint can_overturn
    bint single_joker
    int sp
    int first_declarer
    int first_index
    int overturns
    int reinforced
    int banker


cdef inline int trumps_with(const uint8_t* h, int suit) noexcept nogil:
    cdef int t = h[CL_LEVEL] + h[CL_LEVEL + 1] + h[CL_LEVEL + 2] + h[CL_LEVEL + 3] \
        + h[CL_SJ] + h[CL_BJ]
    if suit < N_SUITS:
        t += h[suit]
    return t


cdef inline bint beats(const State* st, const RulesC* r, int strength, int suit) noexcept nogil:
    """Would a pair of this strength (and suit) overturn the current bid?"""
    if st.locked and strength < STR_SJ_PAIR:
        return False
    if strength > st.strength:
        return True
    return (strength == STR_LEVEL_PAIR and st.strength == STR_LEVEL_PAIR
            and st.sp != SP_NONE and SUIT_RANK[st.sp][suit] > SUIT_RANK[st.sp][st.suit])


cdef inline void consider(Bid* best, const BidParams* p, int action, int strength, int suit,
                          int cls, int trumps) noexcept nogil:
    if p.policy == POLICY_THRESHOLD and trumps < p.threshold:
        return
    if trumps > best.trumps or (trumps == best.trumps and strength > best.strength):
        best.action = action
        best.strength = strength
        best.suit = suit
        best.cls = cls
        best.trumps = trumps


cdef bint choose(const State* st, int seat, const BidParams* p, const RulesC* r,
                 Bid* best) noexcept nogil:
    """The bid this seat's policy makes now, if any (the candidates in a fixed order)."""
    cdef const uint8_t* h = st.held[seat]
    cdef int base = trumps_with(h, TRUMP_NT)
    cdef int j, x
    if p.policy == POLICY_NEVER or base == 0:
        return False      # no level card and no joker: nothing to show
    best.action = ACT_NONE
    best.strength = STR_NONE
    best.trumps = -1
    if st.strength == STR_NONE:
        for j in range(N_SUITS):
            x = SUIT_ORDER[st.sp][j]
            if h[CL_LEVEL + x]:
                consider(best, p, ACT_DECLARE, STR_SINGLE, x, CL_LEVEL + x, base + h[x])
        if st.single_joker:
            if h[CL_BJ]:
                consider(best, p, ACT_DECLARE, STR_SINGLE, TRUMP_NT, CL_BJ, base)
            if h[CL_SJ]:
                consider(best, p, ACT_DECLARE, STR_SINGLE, TRUMP_NT, CL_SJ, base)
    elif st.bidder == seat:
        # The declarer's own second copy: always shown (it only protects the bid).
        if st.strength == STR_SINGLE and h[st.cls] == 2:
            best.action = ACT_REINFORCE
            best.strength = (STR_LEVEL_PAIR if st.cls < CL_SJ
                             else STR_SJ_PAIR if st.cls == CL_SJ else STR_BJ_PAIR)
            best.suit = st.suit
            best.cls = -1
            best.trumps = trumps_with(h, st.suit)
            return True
        return False
    elif st.can_overturn:
        if h[CL_BJ] == 2 and beats(st, r, STR_BJ_PAIR, TRUMP_NT):
            consider(best, p, ACT_OVERTURN, STR_BJ_PAIR, TRUMP_NT, -1, base)
        if h[CL_SJ] == 2 and beats(st, r, STR_SJ_PAIR, TRUMP_NT):
            consider(best, p, ACT_OVERTURN, STR_SJ_PAIR, TRUMP_NT, -1, base)
        if r.mixed_joker_pair and h[CL_SJ] and h[CL_BJ] and beats(st, r, STR_SJ_PAIR, TRUMP_NT):
            consider(best, p, ACT_OVERTURN, STR_SJ_PAIR, TRUMP_NT, -1, base)
        for j in range(N_SUITS):
            x = SUIT_ORDER[st.sp][j]
            if h[CL_LEVEL + x] == 2 and beats(st, r, STR_LEVEL_PAIR, x):
                consider(best, p, ACT_OVERTURN, STR_LEVEL_PAIR, x, -1, base + h[x])
    return best.action != ACT_NONE


cdef void apply_bid(State* st, int seat, const Bid* b, int index, const BidParams* p,
                    const RulesC* r) noexcept nogil:
    if b.action == ACT_DECLARE:
        st.first_declarer = seat
        st.first_index = index
        if p.first_hand:
            st.banker = seat
        st.cls = b.cls
    elif b.action == ACT_REINFORCE:
        st.locked = r.reinforce_locks
        st.reinforced = 1
        st.cls = -1
    else:
        st.overturns += 1
        st.locked = False
        st.cls = -1
        if p.first_hand and r.overturn_takes_bank:
            st.banker = seat
    st.strength = b.strength
    st.suit = b.suit
    st.bidder = seat


cdef void settle(State* st, int seat, int index, const BidParams* p,
                 const RulesC* r) noexcept nogil:
    """Ask the seats, from `seat`, until four in a row pass (terminates: every bid raises
    the strength or the suit priority, or reinforces, which happens at most once)."""
    cdef Bid b
    cdef int idle = 0
    # Only `seat` has a new card: every other seat already passed on this bidding state at
    # the end of the previous settle, so if `seat` passes too nothing can change.
    if not choose(st, seat, p, r, &b):
        return
    apply_bid(st, seat, &b, index, p, r)
    while idle < N_SEATS:
        if choose(st, seat, p, r, &b):
            apply_bid(st, seat, &b, index, p, r)
            idle = 0          # the bidder is asked again first (pair right after single)
        else:
            idle += 1
            seat = (seat + 1) & 3


cdef int bid_deck(Rng* rng, const uint8_t* deck, const BidParams* p, const RulesC* r,
                  BidResult* out) noexcept nogil:
    cdef State st
    return bid_deck_state(rng, deck, p, r, out, &st)


cdef int bid_deck_state(Rng* rng, const uint8_t* deck, const BidParams* p,
                        const RulesC* r, BidResult* out, State* st) noexcept nogil:
    """bid_deck, leaving the final bidding state (and every seat's holdings) in *st."""
    cdef int i, s, k, min_class
    cdef int need_level = 1     # level cards of a suit a plain card's seat needs to bid
    cdef const uint8_t* cls
    if (p.level < 0 or p.level >= N_RANKS or p.policy < POLICY_EAGER
            or p.policy > POLICY_NEVER
            or (not p.first_hand and (p.banker < 0 or p.banker >= N_SEATS))):
        return BID_ERR_PARAMS
    cls = CARD_CLASS[p.level]
    memset(st.held, 0, sizeof(st.held))
    st.strength = STR_NONE
    st.suit = TRUMP_NT
    st.cls = -1
    st.bidder = -1
    st.locked = False
    st.can_overturn = (not p.first_hand) or r.first_hand_overturn
    st.single_joker = p.first_hand and r.single_joker_declares
    st.sp = r.suit_priority if SP_NONE <= r.suit_priority <= SP_SHDC else SP_NONE
    st.first_declarer = -1
    st.first_index = -1
    st.overturns = 0
    st.reinforced = 0
    st.banker = -1 if p.first_hand else p.banker
    # Which landed cards can change a bid: eager bids only change when a level card or a
    # joker lands (another seat's bid is handled inside settle); a threshold can be reached
    # by any card; `never` never bids (the holdings are still counted, for the callers).
    if p.policy == POLICY_EAGER:
        min_class = CL_LEVEL
    elif p.policy == POLICY_THRESHOLD:
        min_class = 0
    else:
        min_class = N_CLASSES
    for i in range(N_DEALT):
        s = i & 3
        k = cls[deck[i]]
        st.held[s][k] += 1
        if k >= min_class:
            # A plain card of suit k only changes the seat's trumps with suit k: it can
            # only enable a bid in suit k (every other bid of the seat was already declined
            # on this state), which needs the threshold and a level card of k to declare,
            # or both copies to overturn (so never once overturning is closed).
            if k < CL_LEVEL and (st.held[s][CL_LEVEL + k] < need_level
                                 or trumps_with(st.held[s], k) < p.threshold):
                continue
            settle(st, s, i, p, r)
            if st.strength != STR_NONE:
                need_level = 2 if st.can_overturn else 3
    return resolve(rng, deck, p, r, out, st)


cdef int resolve(Rng* rng, const uint8_t* deck, const BidParams* p, const RulesC* r,
                 BidResult* out, const State* st) noexcept nogil:
    """Fill out from the bidding that took place, resolving a deal nobody declared on."""
    cdef int c, card
    out.first_declarer = st.first_declarer
    out.first_declare_index = st.first_index
    out.overturns = st.overturns
    out.reinforced = st.reinforced
    out.redeals = 0
    out.banker_steps_down = 0
    if st.strength != STR_NONE:
        out.trump = st.suit
        out.banker = st.banker
        out.no_bid = 0
        return BID_OK
    out.no_bid = 1
    out.trump = TRUMP_NT
    out.banker = st.banker
    if p.first_hand or r.no_bid == NB_REDEAL:
        return BID_REDEAL     # first hand: nobody is banker yet (002); or option redeal
    if r.no_bid == NB_KITTY_RANDOM or r.no_bid == NB_KITTY_FIRST or r.no_bid == NB_KITTY_THIRD:
        if r.no_bid == NB_KITTY_FIRST:
            card = deck[KITTY_FIRST_POS]
        elif r.no_bid == NB_KITTY_THIRD:
            card = deck[KITTY_THIRD_POS]
        else:
            card = deck[KITTY_FIRST_POS + <int> sj_bounded(rng, KITTY_SIZE)]
        c = card >> 1
        out.trump = TRUMP_NT if c >= SMALL_JOKER else c // N_RANKS   # a joker: no-trump
    elif r.no_bid == NB_BANKER_STEPS_DOWN:
        out.banker = (p.banker + 1) & 3
        out.banker_steps_down = 1
    return BID_OK


cdef int bid_hand(Rng* rng, uint8_t* deck, const BidParams* p, const RulesC* r,
                  BidResult* out) noexcept nogil:
    cdef State st
    return bid_hand_state(rng, deck, p, r, out, &st)


cdef int bid_hand_state(Rng* rng, uint8_t* deck, const BidParams* p, const RulesC* r,
                        BidResult* out, State* st) noexcept nogil:
    """bid_hand, leaving the final deal's bidding state (holdings included) in *st."""
    cdef int redeals = 0
    cdef int rc
    while True:
        shuffle_full(rng, deck)
        rc = bid_deck_state(rng, deck, p, r, out, st)
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
# Python entry points (checked in shengji/bidding.py; these only guard memory safety)
# -----------------------------------------------------------------------------------------
POLICIES = ("eager", "threshold", "never")
RESULT_FIELDS = ("trump", "banker", "first_declarer", "first_declare_index", "overturns",
                 "reinforced", "no_bid", "redeals", "banker_steps_down")
_ERRORS = {
    BID_ERR_PARAMS: "bidding parameters out of range",
    BID_ERR_REDEAL_CAP: (f"{MAX_REDEALS} deals in a row were thrown in because nobody "
                         "declared: this policy (or threshold) never bids"),
}


cdef int _params(BidParams* p, int level, int policy, int threshold, bint first_hand,
                 int banker) except -1:
    if not 0 <= level < N_RANKS:
        raise ValueError(f"level rank index {level} out of range 0..12")
    if not POLICY_EAGER <= policy <= POLICY_NEVER:
        raise ValueError(f"policy index {policy} out of range 0..2")
    if not first_hand and not 0 <= banker < N_SEATS:
        raise ValueError(f"banker seat {banker} out of range 0..3")
    p.level = level
    p.policy = policy
    p.threshold = threshold
    p.first_hand = first_hand
    p.banker = banker if not first_hand else 0
    return 0


cdef dict _result_dict(const BidResult* o):
    return {"trump": o.trump, "banker": o.banker, "first_declarer": o.first_declarer,
            "first_declare_index": o.first_declare_index, "overturns": o.overturns,
            "reinforced": o.reinforced, "no_bid": o.no_bid, "redeals": o.redeals,
            "banker_steps_down": o.banker_steps_down}


def bid_given(cards, int level, rules=None, int policy=POLICY_EAGER, int threshold=0,
              bint first_hand=True, int banker=0, state=None):
    """Run the bidding on one dealing order (108 physical ids).  Returns ``(status,
    result dict)``: status 0, or 1 when the deal is thrown in (redeal).  ``state`` (4
    words, advanced in place; default ``chunk_state(0)``) is drawn from only for
    no_bid = kitty_random."""
    cdef cnp.uint8_t[::1] d = np.ascontiguousarray(cards, dtype=np.uint8)
    cdef BidParams p
    cdef BidResult o
    cdef RulesC r = pack_rules(rules)
    cdef Rng rng
    cdef int rc
    if d.shape[0] != N_CARDS or np.any(np.asarray(d) >= N_CARDS):
        raise ValueError("cards must be 108 physical card ids 0..107")
    _params(&p, level, policy, threshold, first_hand, banker)
    if state is None:
        state = chunk_state(0)
    rng_load(&rng, state)
    with nogil:
        rc = bid_deck(&rng, &d[0], &p, &r, &o)
    rng_store(&rng, state)
    if rc < 0:
        raise ValueError(_ERRORS.get(rc, f"bidding status {rc}"))
    return rc, _result_dict(&o)


def shuffle_deck(state, cnp.uint8_t[::1] deck not None):
    """One shuffle_full of ``deck`` (108, in place) from ``state`` (advanced in place): the
    same draws bid_hand makes, for the Python-level (callable policy) loop."""
    cdef Rng rng
    if deck.shape[0] != N_CARDS:
        raise ValueError("deck must hold 108 cards")
    rng_load(&rng, state)
    shuffle_full(&rng, &deck[0])
    rng_store(&rng, state)


def draw_bounded(state, int bound):
    """One uniform draw in [0, bound) from ``state``: the kitty_random draw of bid_deck."""
    cdef Rng rng
    cdef int v
    if not 0 < bound < 65536:
        raise ValueError("bound must be in 1..65535")
    rng_load(&rng, state)
    v = <int> sj_bounded(&rng, <uint32_t> bound)
    rng_store(&rng, state)
    return v


def bid_chunk(state, cnp.uint8_t[::1] deck not None,
              Py_ssize_t n, int level, rules=None, int policy=POLICY_EAGER,
              int threshold=0, bint first_hand=True, int banker=0,
              bint trumps=True, cnp.uint8_t[:, ::1] cards=None):
    """Bid ``n`` hands from generator ``state`` and the carried-over ``deck`` (both advanced
    in place).  Returns a dict of numpy columns (RESULT_FIELDS, plus ``banker_trumps`` and
    ``team_trumps`` when ``trumps``: the banker's trumps with the kitty, and the banker's,
    partner's and kitty's together).  ``cards`` (n, 108), if given, receives each final
    dealing order."""
    cdef BidParams p
    cdef BidResult o
    cdef RulesC r = pack_rules(rules)
    cdef Rng rng
    cdef Py_ssize_t i
    cdef int k, rc = 0, b, t, pos
    cdef uint8_t* d = &deck[0]
    cdef const uint8_t* cls
    if deck.shape[0] != N_CARDS:
        raise ValueError("deck must hold 108 cards")
    if n < 0:
        raise ValueError("n must be >= 0")
    if cards is not None and (cards.shape[0] < n or cards.shape[1] != N_CARDS):
        raise ValueError("cards must have shape (>= n, 108)")
    _params(&p, level, policy, threshold, first_hand, banker)
    cls = CARD_CLASS[level]
    out = {
        "trump": np.empty(n, np.uint8), "banker": np.empty(n, np.uint8),
        "first_declarer": np.empty(n, np.int8), "first_declare_index": np.empty(n, np.int8),
        "overturns": np.empty(n, np.uint8), "reinforced": np.empty(n, np.bool_),
        "no_bid": np.empty(n, np.bool_), "redeals": np.empty(n, np.uint16),
        "banker_steps_down": np.empty(n, np.bool_),
    }
    if trumps:
        out["banker_trumps"] = np.empty(n, np.uint8)
        out["team_trumps"] = np.empty(n, np.uint8)
    cdef cnp.uint8_t[::1] c_trump = out["trump"], c_banker = out["banker"]
    cdef cnp.int8_t[::1] c_first = out["first_declarer"], c_index = out["first_declare_index"]
    cdef cnp.uint8_t[::1] c_over = out["overturns"]
    cdef cnp.npy_bool[::1] c_reinf = out["reinforced"], c_nobid = out["no_bid"]
    cdef cnp.npy_bool[::1] c_down = out["banker_steps_down"]
    cdef cnp.uint16_t[::1] c_redeals = out["redeals"]
    cdef cnp.uint8_t[::1] c_bt = out["banker_trumps"] if trumps else None
    cdef cnp.uint8_t[::1] c_tt = out["team_trumps"] if trumps else None
    cdef State st
    cdef int kitty_t
    cdef uint8_t* cp = &cards[0, 0] if cards is not None else NULL
    rng_load(&rng, state)
    with nogil:
        for i in range(n):
            rc = bid_hand_state(&rng, d, &p, &r, &o, &st)
            if rc < 0:
                break
            c_trump[i] = <uint8_t> o.trump
            c_banker[i] = <uint8_t> o.banker
            c_first[i] = <int8_t> o.first_declarer
            c_index[i] = <int8_t> o.first_declare_index
            c_over[i] = <uint8_t> (o.overturns if o.overturns < 255 else 255)
            c_reinf[i] = o.reinforced
            c_nobid[i] = o.no_bid
            c_redeals[i] = <uint16_t> o.redeals
            c_down[i] = o.banker_steps_down
            if trumps:
                # the seats' holdings are already counted by class in the bidding state
                kitty_t = 0
                for pos in range(N_DEALT, N_CARDS):
                    k = cls[d[pos]]
                    kitty_t += k >= CL_LEVEL or k == o.trump
                b = o.banker
                t = trumps_with(st.held[b], o.trump) + kitty_t
                c_bt[i] = <uint8_t> t
                c_tt[i] = <uint8_t> (t + trumps_with(st.held[(b + 2) & 3], o.trump))
            if cp != NULL:
                memcpy(cp + i * N_CARDS, d, N_CARDS)
    rng_store(&rng, state)
    if rc < 0:
        raise ValueError(_ERRORS.get(rc, f"bidding status {rc}"))
    return out

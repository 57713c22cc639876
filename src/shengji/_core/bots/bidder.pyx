# cython: language_level=3
"""The built-in bots' bids under bid_policy "players" (bot.pxd's ``BotVTable.bid``).

Each is asked by the drivers whenever the bidding kernel (bidding.pyx) has a bid open to
its seat -- as the cards are dealt one by one, after the deal, and in the round after the
bury (docs/rules.md §7) -- and answers BID_PASS or one of the seat's bids ``s.pub.opts``
(sorted by the kernel: most trumps first).  It sees the ``BidSeen`` only: its own cards so
far, the public standing bid and counters, what each seat's bids showed, how far the deal
is; never another seat's cards.

``random``  uniform over passing and its bids (n + 1 choices).
``greedy``  the kernel's ``eager`` policy: its best bid at once, whenever it has one.
``memory``  a hand-strength judgement (``trump_score``): for each bid's trump, the seat's
            projected trumps at the end of the deal -- its trumps now plus its cards still
            to come times the share of trumps among the cards it has not seen (the cards
            other seats' bids showed are counted out of that pool) -- as a multiple of a
            fair share (25 x trumps / 108; 0 = fair), plus W_TOP per joker or level card
            and W_PAIR per pair of trumps it holds, over that fair share.  It reinforces
            whenever it can; with no standing bid it declares the best-scoring bid when
            the score reaches a threshold that moves from THETA_EARLY (first card) to
            THETA_LATE (last card) with the deal; over a partner's bid it overturns only
            when the new trump scores MARGIN_PARTNER more than the standing one, over an
            opponent's when it scores MARGIN_OPPONENT more.  The constants were chosen by
            duplicate duels of memory judging against memory bidding eagerly
            (docs/hand-engine.md, "Bidding by the players").
``pimc``    a search: for each of its bids (at most BID_MAX_CANDIDATES) and passing, the
            cards it has not seen are dealt at random consistently with its view (its own
            cards at its positions, the cards other seats showed in their hands, the rest
            uniformly over the other positions and the kitty) in min(samples,
            BID_MAX_SAMPLES) deals, the same deals and the same rollout streams for every
            option (common random numbers); in each the option is applied, the rest of the
            bidding is decided by the rollout bot's bids (every seat, this one included),
            and the hand is set up, buried and played out by the rollout bot; an option's
            value is its mean outcome for the seat's team (``objective``: points, or levels
            then points, as pimc's play search).  It takes the best option, unless memory's
            judgement chose another one that the best beats by no more than Z_KEEP paired
            standard errors (pimc's guard against the winner's curse).  The rollouts do not
            model the round after the bury, nor a face-down trump: in that round and under
            ``secret_bids`` pimc bids by memory's judgement.
            A first-hand deal the rollout throws in (nobody declared) is worth 0.

Randomness: ``random`` and pimc's deals draw from the seat's Rng (pimc: four words for a
rollout key, then the deals); the rollout of deal j draws from rng_split(key, j), the same
stream for every option.  greedy and memory draw nothing."""
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.math cimport sqrt
from cpython.pycapsule cimport PyCapsule_New
from libc.string cimport memset

from shengji._core.base.cards cimport (
    HAND_SIZE, N_CARDS, N_DEALT, N_KINDS, N_RANKS, N_SEATS, N_SUITS, SMALL_JOKER, kind_of,
    team,
)
from shengji._core.base.rng cimport Rng, rng_split, sj_bounded, sj_next
from shengji._core.bidding.bidding cimport (
    ACT_REINFORCE, BID_PASS, BID_REDEAL, BidResult, BidState, CL_BJ, CL_LEVEL, CL_SJ,
    N_CLASSES, ROUND_LATE, STR_NONE, TRUMP_NT, bid_advance, bid_apply, bid_finish,
    bid_resample, bid_seat_order, bid_seen, seat_of_position, trumps_with,
)
from shengji._core.engine.hand cimport (
    HandC, APPLY_OK, PHASE_BURY, PHASE_PLAY, hand_apply, hand_bury, hand_set_overturns,
    hand_setup,
)
from shengji._core.engine.play cimport Play
from shengji._core.engine.view cimport View, make_view
from shengji._core.bots.bot cimport (
    BotParams, BOT_RANDOM, BOT_GREEDY, OBJECTIVE_LEVELS, OBJECTIVE_POINTS, ChooseBid,
    ChoosePlay,
)
from shengji._core.bots.pimc cimport rollout_bury, rollout_play, search_outcome

ctypedef int (*BidFn)(const BidSeen* s, Rng* rng, const BotParams* p,
                      void* scratch) noexcept nogil

cdef enum:
    SUIT_TRUMPS = 36          # trumps of a suit trump: 4 jokers, 8 level cards, 24 of the suit
    NT_TRUMPS = 12            # of no-trump: the jokers and the level cards

# memory's judgement (module docstring); _tune changes them for the tuning runs only.
cdef double W_TOP = 0.5
cdef double W_PAIR = 1.0
cdef double THETA_EARLY = 0.4
cdef double THETA_LATE = 0.0
cdef double MARGIN_PARTNER = 0.5
cdef double MARGIN_OPPONENT = 0.1
cdef double Z_KEEP = 1.0

WEIGHT_NAMES = ("w_top", "w_pair", "theta_early", "theta_late", "margin_partner",
                "margin_opponent")


def weights():
    """memory's judgement constants (module docstring), by WEIGHT_NAMES."""
    return {"w_top": W_TOP, "w_pair": W_PAIR, "theta_early": THETA_EARLY,
            "theta_late": THETA_LATE, "margin_partner": MARGIN_PARTNER,
            "margin_opponent": MARGIN_OPPONENT}


def _tune(**given):
    """Set memory's judgement constants (the tuning runs of docs/hand-engine.md only: the
    shipped values are the module's); returns the previous ones.  Unknown names raise."""
    global W_TOP, W_PAIR, THETA_EARLY, THETA_LATE, MARGIN_PARTNER, MARGIN_OPPONENT
    old = weights()
    for name, value in given.items():
        if name not in WEIGHT_NAMES:
            raise ValueError(f"unknown judgement constant {name!r}; allowed: "
                             + ", ".join(WEIGHT_NAMES))
        value = float(value)
        if name == "w_top":
            W_TOP = value
        elif name == "w_pair":
            W_PAIR = value
        elif name == "theta_early":
            THETA_EARLY = value
        elif name == "theta_late":
            THETA_LATE = value
        elif name == "margin_partner":
            MARGIN_PARTNER = value
        else:
            MARGIN_OPPONENT = value
    return old


# -- random, greedy ------------------------------------------------------------------------
cdef int random_bid(const BidSeen* s, Rng* rng, const BotParams* p,
                    void* scratch) noexcept nogil:
    cdef int n = s.pub.n_opts
    if n <= 0:
        return BID_PASS
    return <int> sj_bounded(rng, <uint32_t> (n + 1)) - 1


cdef int greedy_bid(const BidSeen* s, Rng* rng, const BotParams* p,
                    void* scratch) noexcept nogil:
    return 0 if s.pub.n_opts > 0 else BID_PASS


# -- memory: the judgement -----------------------------------------------------------------
cdef inline bint is_trump_kind(int kind, int level, int suit) noexcept nogil:
    return kind >= SMALL_JOKER or kind % N_RANKS == level or (
        suit < N_SUITS and kind // N_RANKS == suit)


cdef double trump_score(const BidSeen* s, int suit) noexcept nogil:
    cdef const uint8_t* h = s.pub.held[s.seat]
    cdef int level = s.pub.level
    cdef int n = 0, c, k, q, t, top, pairs = 0, shown_n = 0, shown_t = 0
    cdef int total = NT_TRUMPS if suit >= N_SUITS else SUIT_TRUMPS
    cdef uint8_t counts[N_KINDS]
    cdef double fair, unseen, unseen_t, projected
    for c in range(N_CLASSES):
        n += h[c]
    if suit < 0:
        return 0.0                     # a face-down trump (secret_bids): unknown
    t = trumps_with(h, suit)
    top = h[CL_SJ] + h[CL_BJ] + h[CL_LEVEL] + h[CL_LEVEL + 1] + h[CL_LEVEL + 2] \
        + h[CL_LEVEL + 3]
    for q in range(N_SEATS):
        if q == s.seat:
            continue
        for k in range(N_KINDS):
            c = s.pub.shown[q][k]
            if c:
                shown_n += c
                if is_trump_kind(k, level, suit):
                    shown_t += c
    if s.n_own:
        memset(counts, 0, N_KINDS)
        for c in range(s.n_own):
            counts[kind_of(s.own[c])] += 1
        for k in range(N_KINDS):
            if counts[k] == 2 and is_trump_kind(k, level, suit):
                pairs += 1
    unseen = N_CARDS - n - shown_n
    unseen_t = total - t - shown_t
    projected = t
    if n < HAND_SIZE and unseen > 0:
        projected += (HAND_SIZE - n) * unseen_t / unseen
    fair = HAND_SIZE * <double> total / N_CARDS
    return (projected + W_TOP * top + W_PAIR * pairs) / fair - 1.0


cdef int memory_bid(const BidSeen* s, Rng* rng, const BotParams* p,
                    void* scratch) noexcept nogil:
    cdef int i, best = -1, bidder = s.pub.b.bidder
    cdef double sc, best_sc = -1e300, standing, f, theta
    cdef int n = s.pub.n_opts
    if n <= 0:
        return BID_PASS
    for i in range(n):
        if s.pub.opts[i].action == ACT_REINFORCE:
            return i
        sc = trump_score(s, s.pub.opts[i].suit)
        if sc > best_sc:
            best, best_sc = i, sc
    if s.pub.b.strength == STR_NONE:
        f = s.pub.dealt / <double> N_DEALT
        if f > 1.0:
            f = 1.0
        theta = THETA_EARLY * (1.0 - f) + THETA_LATE * f
        return best if best_sc >= theta else BID_PASS
    standing = trump_score(s, s.pub.b.suit) if s.pub.b.suit <= TRUMP_NT else 0.0
    if bidder >= 0 and team(bidder) == team(s.seat):
        return best if best_sc - standing >= MARGIN_PARTNER else BID_PASS
    return best if best_sc - standing >= MARGIN_OPPONENT else BID_PASS


# -- pimc: the search ----------------------------------------------------------------------
cdef void sample_deck(const BidSeen* s, Rng* rng, uint8_t* deck) noexcept nogil:
    """A dealing order consistent with s (module docstring, pimc)."""
    cdef uint8_t used[N_CARDS]
    cdef uint8_t pool[N_CARDS]
    cdef uint8_t reserved[N_SEATS][N_DEALT]
    cdef int n_res[N_SEATS]
    cdef int put[N_SEATS]
    cdef int q, k, c, i, j, n_pool = 0, mine = 0, seat = s.seat, fd = s.pub.first_drawer
    cdef int dealt = s.pub.dealt
    cdef uint8_t tmp
    memset(used, 0, N_CARDS)
    for i in range(s.n_own):
        used[s.own[i]] = 1
    for q in range(N_SEATS):
        n_res[q] = 0
        put[q] = 0
        if q == seat:
            continue
        for k in range(N_KINDS):
            c = s.pub.shown[q][k]
            j = 0
            while c > 0 and j < 2:
                if not used[2 * k + j]:
                    used[2 * k + j] = 1
                    reserved[q][n_res[q]] = <uint8_t> (2 * k + j)
                    n_res[q] += 1
                    c -= 1
                j += 1
    for i in range(N_CARDS):
        if not used[i]:
            pool[n_pool] = <uint8_t> i
            n_pool += 1
    for i in range(n_pool - 1):
        j = i + <int> sj_bounded(rng, <uint32_t> (n_pool - i))
        tmp = pool[i]
        pool[i] = pool[j]
        pool[j] = tmp
    j = 0
    for i in range(N_CARDS):
        if i < dealt:
            q = seat_of_position(i, fd)
            if q == seat:
                deck[i] = s.own[mine]
                mine += 1
                continue
            if put[q] < n_res[q]:
                deck[i] = reserved[q][put[q]]
                put[q] += 1
                continue
        deck[i] = pool[j]
        j += 1
    # a seat that showed more cards than it was dealt (a corrupt view) keeps its surplus
    # nowhere: the positions above took every pool card, so the deck is still a permutation
    # only when put[q] == n_res[q]; bid_resample's counts follow the deck either way.


cdef inline BidFn rollout_bid(int bot) noexcept nogil:
    if bot == BOT_RANDOM:
        return random_bid
    if bot == BOT_GREEDY:
        return greedy_bid
    return memory_bid


cdef int rollout(const BidSeen* s, const uint8_t* deck, int choice, int bot, Rng* r,
                 int objective, int32_t* value) noexcept nogil:
    """Option `choice` in the deal `deck`, then the rest of the bidding by `bot`'s bids and
    the hand by its bury and plays; the outcome for s.seat's team into *value.  0, or -1
    (a rollout bot without a move: a corrupt state)."""
    cdef BidState st
    cdef BidSeen seen
    cdef BidResult res
    cdef BotParams none
    cdef HandC h
    cdef View views[N_SEATS]
    cdef Play q, forced
    cdef uint8_t buf[N_CARDS]
    cdef BidFn bid = rollout_bid(bot)
    cdef ChoosePlay play = rollout_play(bot)
    cdef int b, x, rc
    memset(&none, 0, sizeof(BotParams))
    bid_resample(&st, s, deck)
    bid_apply(&st, choice)
    while bid_advance(&st) >= 0:
        bid_seen(&st, &seen)
        bid_apply(&st, bid(&seen, r, &none, NULL))
    if bid_finish(&st, r, &res) == BID_REDEAL:
        value[0] = 0
        return 0
    b = res.banker
    hand_setup(&h, bid_seat_order(deck, res.first_drawer, buf), s.team_level[team(b)],
               s.team_level[1 - team(b)], res.trump, b, &st.r)
    hand_set_overturns(&h, res.team_overturns[0], res.team_overturns[1])
    for x in range(N_SEATS):
        make_view(&h, x, &views[x])
    if h.pub.phase == PHASE_BURY:
        if rollout_bury(bot)(&views[h.pub.to_play], r, &q) != 0:
            return -1
        if hand_bury(&h, &q) != APPLY_OK:
            return -1
    while h.pub.phase == PHASE_PLAY:
        if play(&views[h.pub.to_play], r, &q) != 0:
            return -1
        rc = hand_apply(&h, &q, &forced, False)
        if rc != APPLY_OK:
            return -1
    value[0] = search_outcome(&h, s.seat, objective)
    return 0


cdef int pimc_bid(const BidSeen* s, Rng* rng, const BotParams* p,
                  void* scratch) noexcept nogil:
    cdef int32_t values[BID_MAX_CANDIDATES + 1][BID_MAX_SAMPLES]
    cdef uint8_t deck[N_CARDS]
    cdef Rng key, r, rr
    cdef int n = s.pub.n_opts, k, c, j, base, lead, i
    cdef double best, m, d, sd, s1, s2
    cdef int objective = p.objective if p.objective == OBJECTIVE_LEVELS else OBJECTIVE_POINTS
    if n <= 0:
        return BID_PASS
    base = memory_bid(s, rng, p, scratch)
    if s.pub.round == ROUND_LATE or s.n_own == 0 or s.pub.r.secret_bids:
        return base          # the round after the bury, face-down bids: the judgement
    if n > BID_MAX_CANDIDATES:
        n = BID_MAX_CANDIDATES
    k = p.samples if p.samples < BID_MAX_SAMPLES else BID_MAX_SAMPLES
    if k < 1:
        k = 1
    for i in range(4):
        key.s[i] = sj_next(rng)
    if (key.s[0] | key.s[1] | key.s[2] | key.s[3]) == 0:
        key.s[0] = 1
    for j in range(k):
        sample_deck(s, rng, deck)
        rng_split(&key, <uint64_t> j, &r)
        for c in range(n + 1):          # c = 0: pass; c = i + 1: bid i
            rr = r
            if rollout(s, deck, c - 1, p.rollout, &rr, objective, &values[c][j]) != 0:
                return base
    lead = 0
    best = -1e300
    for c in range(n + 1):
        m = 0.0
        for j in range(k):
            m += values[c][j]
        if m > best:
            best, lead = m, c
    c = base + 1
    if lead != c and c <= n:
        # the judgement's choice stands unless the leader beats it clearly (paired z)
        s1 = 0.0
        s2 = 0.0
        for j in range(k):
            d = values[lead][j] - values[c][j]
            s1 += d
            s2 += d * d
        m = s1 / k
        sd = sqrt((s2 / k - m * m) / (k - 1)) if k > 1 and s2 / k > m * m else 0.0
        if m <= Z_KEEP * sd:
            return base
    return lead - 1


cdef object _bid_entry(ChooseBid f):
    return PyCapsule_New(<void*> f, b"shengji._core.bots.bidder.ChooseBid", NULL)


# The built-in bids by name, as the bot table's `bids` names them (registry.pyx fills a bot's
# BotVTable.bid from here when its unit leaves it NULL).
BIDS = {"random": _bid_entry(random_bid), "greedy": _bid_entry(greedy_bid),
        "memory": _bid_entry(memory_bid), "pimc": _bid_entry(pimc_bid)}

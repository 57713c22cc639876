# cython: language_level=3
"""The greedy bot: a club player's rules of thumb, deterministic, from its view only.

It knows its own hand and the public record (cards played, seats that showed out of a
suit, the current trick); "unseen" cards are those it cannot place (view.pxd: all - own -
played - buried by itself).
  bury   the 8 lowest side cards, shortest side suits first (to make voids), keeping point
         cards, pairs and trumps (points go to the kitty only when nothing else is left);
  lead   1. cash sure winners: every component of a suit that no unseen cards can beat in
            its shape, all thrown at once when there are several (a safe throw, so greedy
            throws never fail), in a side suit only while no opponent has shown out of it;
            the suit with the most such cards;
         2. draw trumps when long in them (banker team, >= 6 trumps and at least half of
            the unseen ones): the highest trump pair, else the lowest trump;
         3. else lead low: the cheapest card of the shortest side suit (making voids),
            preferring a suit the partner has shown out of (a ruff for the partner);
  follow rank every legal follow (when short of the suit: the cheapest fill, the fill with
         most points, and the cheapest trump pair against a pair lead) and take the best:
         partner winning and safe (last to play, or nothing unseen beats it) -> feed the
         most points; else win as cheaply as possible when it is worth it (points on the
         table, last to play, or a win nothing unseen can beat; ruffing a side suit
         counts); else give up the least (points first, low cards, no broken pairs,
         trumps kept)."""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy

from shengji._core.base.cards cimport HAND_SIZE, KITTY_SIZE, N_KINDS, N_SEATS, N_SUITS, TRUMP, team
from shengji._core.rules.combos cimport (
    Combo, Component, Profile, SHAPE_PAIR, SHAPE_SINGLE, decompose, has_lead_shape, lead_key,
    make_profile, winner_of_trick,
)
from shengji._core.engine.hand cimport N_FOLLOW, PHASE_PLAY, Public
from shengji._core.engine.moves cimport (
    MAX_PLAYS, TARGET_STOP_AT_CAP, fill_parts, forced_play, gen_plays,
)
from shengji._core.engine.play cimport (
    Play, add_card, bit, ctz, mask_size, masked_counts, play_counts, play_points,
)
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport opponent_void, unseen
from shengji._core.bots.bot cimport BotVTable, bot_entry

cdef enum:
    SHORT_SUIT_WEIGHT = 16     # bury: short side suits first (voids), 16 > any order
    BURY_POINT_WEIGHT = 6      # bury: keep points out of the kitty (x points)
    BURY_PAIR_WEIGHT = 25      # bury: keep pairs (tractor material)
    BURY_TRUMP_BASE = 1000     # bury: trumps only when nothing else is left
    LONG_TRUMPS_MIN = 6        # draw trumps only holding at least this many...
    POINTS_WORTH_WINNING = 5   # win cheaply when at least this many points are on the table
    PARTNER_VOID_BONUS = 100   # lead: a suit the partner can ruff comes first
    MAX_HELD = HAND_SIZE + KITTY_SIZE


cdef bint beaten_by_unseen(const View* v, int suit, int shape, int order) noexcept nogil:
    """Could cards this seat cannot see form a higher single (shape single) or pair (pair,
    tractor, throw: a higher tractor needs a higher pair) of following-suit `suit`?"""
    cdef uint64_t m = v.pub.suit_mask[suit]
    cdef int k, need = 1 if shape == SHAPE_SINGLE else 2
    while m:
        k = ctz(m)
        m &= m - 1
        if v.pub.t.order[k] > order and unseen(v, k) >= need:
            return True
    return False


cdef int play_cost(const View* v, const Play* p) noexcept nogil:
    """What a play gives up: card values, plus breaking pairs."""
    cdef uint64_t m = p.one
    cdef int k, c = 0
    while m:
        k = ctz(m)
        m &= m - 1
        c += card_value(v.pub, k)
        if v.own.two & bit(k) and not (p.two & bit(k)):
            c += PAIR_VALUE
    m = p.two
    while m:
        k = ctz(m)
        m &= m - 1
        c += card_value(v.pub, k)
    return c


cdef int greedy_bury(const View* v, Rng* rng, Play* out) noexcept nogil:
    """Bury low side cards of the shortest side suits (making voids), keeping points,
    pairs and trumps; only when short of side cards, the lowest trumps."""
    return bury_lowest(v, BURY_POINT_WEIGHT, out)


cdef int bury_lowest(const View* v, int point_weight, Play* out) noexcept nogil:
    return bury_lowest_voiding(v, point_weight, -1, out)


cdef int bury_lowest_voiding(const View* v, int point_weight, int void_suit,
                             Play* out) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int k, i, j, n = 0, s, best, _c
    cdef int length[N_FOLLOW]
    cdef int prio[MAX_HELD]
    cdef uint8_t kinds[MAX_HELD]
    cdef int tmp
    cdef uint8_t tk
    for s in range(N_FOLLOW):
        length[s] = mask_size(v.own.one, v.own.two, pub.suit_mask[s])
    for k in range(N_KINDS):
        for _c in range(v.own.count[k]):
            s = pub.t.follow[k]
            if s == TRUMP:
                tmp = BURY_TRUMP_BASE + pub.t.order[k] + point_weight * pub.t.points[k]
            else:
                tmp = SHORT_SUIT_WEIGHT * length[s] + pub.t.order[k] + \
                    point_weight * pub.t.points[k]
            if v.own.count[k] > 1:
                tmp += BURY_PAIR_WEIGHT
            if s == void_suit:
                tmp = -1                 # every card of the suit to void goes first
            prio[n] = tmp
            kinds[n] = k
            n += 1
    out.one = 0
    out.two = 0
    for i in range(KITTY_SIZE):          # partial selection sort: the 8 lowest
        best = i
        for j in range(i + 1, n):
            if prio[j] < prio[best]:
                best = j
        tmp = prio[i]
        prio[i] = prio[best]
        prio[best] = tmp
        tk = kinds[i]
        kinds[i] = kinds[best]
        kinds[best] = tk
        add_card(out, kinds[i])
    return 0


cdef int lowest_card(const View* v, uint64_t m) noexcept nogil:
    """The cheapest single of mask m (singletons before breaking a pair)."""
    cdef int k, val, best = -1, best_v = 1 << 20
    while m:
        k = ctz(m)
        m &= m - 1
        val = card_value(v.pub, k) + (PAIR_VALUE if v.own.two & bit(k) else 0)
        if val < best_v:
            best_v = val
            best = k
    return best


cdef int sure_components(const View* v, int s, Play* sure, Play* largest,
                         int* largest_n) noexcept nogil:
    """Within a decision's memo (decision_memo_begin), each suit's found once."""
    cdef SjDecisionMemo* m = sj_decision_memo_get()
    if m.view != <const void*> v:
        return _sure_components(v, s, sure, largest, largest_n)
    if not (m.sure_set >> s) & 1:
        m.sure_n[s] = _sure_components(v, s, <Play*> m.sure[s], <Play*> m.largest[s],
                                       &m.largest_n[s])
        m.sure_set |= 1 << s
    sure[0] = (<Play*> m.sure[s])[0]
    largest_n[0] = m.largest_n[s]
    if largest_n[0] > 0:                # else *largest untouched, as _sure_components does
        largest[0] = (<Play*> m.largest[s])[0]
    return m.sure_n[s]


cdef int _sure_components(const View* v, int s, Play* sure, Play* largest,
                          int* largest_n) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int i, n, total = 0
    cdef uint8_t cnt[N_KINDS]
    cdef Combo c
    cdef const Component* cp
    cdef uint64_t one = v.own.one & pub.suit_mask[s]
    sure.one = 0
    sure.two = 0
    largest_n[0] = 0
    if one == 0:
        return 0
    masked_counts(v.own.count, one, cnt)
    decompose(cnt, &pub.t, &c)
    for i in range(c.n_comp):
        cp = &c.comp[i]
        if beaten_by_unseen(v, s, cp.shape, cp.top_order):
            continue
        n = 1 if cp.shape == SHAPE_SINGLE else 2 * cp.length
        if n > largest_n[0]:
            largest_n[0] = n
            largest.one = cp.kinds
            largest.two = cp.kinds if cp.shape != SHAPE_SINGLE else 0
        sure.one |= cp.kinds
        if cp.shape != SHAPE_SINGLE:
            sure.two |= cp.kinds
        total += n
    return total


cdef int greedy_lead(const View* v, Play* out) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int me = v.seat, s, k, n, best_n = 0, trumps, unseen_trumps = 0
    cdef uint64_t two, m
    cdef Play sure, largest
    cdef int sure_n, low_k, pair_k
    # 1. cash sure winners: a safe throw of every sure component of a suit, else the
    #    largest sure component (side suits only where no opponent has shown out).
    for s in range(N_FOLLOW):
        if s != TRUMP and opponent_void(v, s):
            continue
        sure_n = sure_components(v, s, &sure, &largest, &n)
        if s == TRUMP and not pub.r.trump_throws:
            sure = largest
            sure_n = n
        # side suits before trumps at equal size: cash them before voids appear
        if sure_n > best_n:
            best_n = sure_n
            out[0] = sure
    if best_n > 0:
        return 0
    # 2. draw trumps when long in them (the banker team's plan)
    trumps = mask_size(v.own.one, v.own.two, pub.suit_mask[TRUMP])
    m = pub.suit_mask[TRUMP]
    while m:
        k = ctz(m)
        m &= m - 1
        unseen_trumps += unseen(v, k)
    if team(me) == team(pub.banker) and trumps >= LONG_TRUMPS_MIN and 2 * trumps >= unseen_trumps \
            and unseen_trumps > 0:
        two = v.own.two & pub.suit_mask[TRUMP]
        if two:
            pair_k = -1
            m = two
            while m:
                k = ctz(m)
                m &= m - 1
                if pair_k < 0 or pub.t.order[k] > pub.t.order[pair_k]:
                    pair_k = k
            out.one = bit(pair_k)
            out.two = bit(pair_k)
            return 0
        low_k = lowest_card(v, v.own.one & pub.suit_mask[TRUMP])
        out.one = bit(low_k)
        out.two = 0
        return 0
    # 3. lead to a partner's void, else a low card of the shortest side suit (make voids)
    lead_short(v, True, out)
    return 0


cdef void lead_short(const View* v, bint partner_void_first, Play* out) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int me = v.seat, s, k, n, low = 1 << 20, low_k = -1
    cdef uint64_t one
    for s in range(N_SUITS):
        one = v.own.one & pub.suit_mask[s]
        if one == 0:
            continue
        n = mask_size(v.own.one, v.own.two, pub.suit_mask[s])
        if partner_void_first and (pub.void_suits[(me + 2) % N_SEATS] >> s) & 1 and \
                not opponent_void(v, s):
            n -= PARTNER_VOID_BONUS       # partner can ruff it
        k = lowest_card(v, one)
        n = n * 64 + card_value(pub, k)
        if n < low:
            low = n
            low_k = k
    if low_k < 0:
        low_k = lowest_card(v, v.own.one)
    out.one = bit(low_k)
    out.two = 0


cdef inline (int, int) follow_score(const View* v, bint wins, bint partner_wins,
                                    bint last, int pts, int cost, int csuit,
                                    int key) noexcept nogil:
    """Rank of a follow (lower is better): (0, cost) a worthwhile win, else (1, cost)
    for giving up the least."""
    if wins and not partner_wins and (last or v.pub.trick_points + pts >= POINTS_WORTH_WINNING
                                      or not beaten_by_unseen(v, csuit,
                                                              v.pub.lead.comp[0].shape, key)):
        # win cheaply (points on the table, a ruff, or a sure win); the last seat also
        # adds its own points
        return 0, cost - (POINT_VALUE * pts if last else 0)
    # cannot or need not win: give up the least, points first
    return 1, cost + (POINT_VALUE * 4 * pts if not partner_wins else 0)


cdef int fill_candidates(const View* v, Play* buf) noexcept nogil:
    """Follows of a seat short of the led suit (all of the suit + a fill): the cheapest
    fill, the fill with most points, and, void in a side suit facing a pair lead, the
    cheapest trump pair (a ruff).  Returns how many were written to buf."""
    cdef const Public* pub = v.pub
    cdef int s = pub.lead.suit, n = pub.lead.n_cards, f, i, j, k, nc = 0, cnt = 0, best, _c
    cdef uint64_t m
    cdef uint8_t kinds[MAX_HELD]
    cdef int val[MAX_HELD]
    cdef int tmp
    cdef uint8_t tk
    cdef Play base, pool
    f = fill_parts(v, &base, &pool)       # all of the suit; the fill's cards
    for k in range(N_KINDS):
        if (pool.one >> k) & 1:
            for _c in range(1 + <int> ((pool.two >> k) & 1)):
                kinds[nc] = k
                val[nc] = card_value(pub, k)
                nc += 1
    # 0: cheapest fill; 1: most points (ties: cheapest)
    for i in range(2):
        for j in range(nc):
            if i == 1:
                val[j] = card_value(pub, kinds[j]) - 100 * pub.t.points[kinds[j]]
        buf[cnt] = base
        for j in range(f):
            best = j
            for k in range(j + 1, nc):
                if val[k] < val[best]:
                    best = k
            tmp = val[j]
            val[j] = val[best]
            val[best] = tmp
            tk = kinds[j]
            kinds[j] = kinds[best]
            kinds[best] = tk
            add_card(&buf[cnt], kinds[j])
        cnt += 1
    if s != TRUMP and f == n and pub.lead.shape == SHAPE_PAIR:
        m = v.own.two & pub.suit_mask[TRUMP]
        best = -1
        while m:
            k = ctz(m)
            m &= m - 1
            if best < 0 or pub.t.order[k] < pub.t.order[best]:
                best = k
        if best >= 0:
            buf[cnt].one = bit(best)
            buf[cnt].two = bit(best)
            cnt += 1
    return cnt


# The memo of one decision (greedy.pxd decision_memo_begin): its view, the follows
# follow_candidates listed for it, the trick trick_now found, and what follow_costs and
# follow_wins_all found for those follows, in this thread.
cdef extern from *:
    """
    typedef struct {
        const void *view;       /* the decision's view; NULL: no decision open */
        int follow_n;           /* -1: follow_candidates not asked yet */
        int trick_set;
        int trick[3];           /* TrickNow: seat, suit, key */
        int sure_set;           /* bit s: sure_components of following-suit s below */
        int sure_n[5], largest_n[5];
        uint64_t sure[5][2], largest[5][2];     /* Plays: one, two */
        uint64_t follow[2 * 512];
        int cost_set;           /* follow_costs found cost below */
        int win_set;            /* follow_wins_all found win, win_suit, win_key below */
        int cost[512];
        int win_suit[512];
        int win_key[512];
        uint8_t win[512];
    } SjDecisionMemo;
    static __thread SjDecisionMemo sj_decision_memo = {0, -1, 0, {0, 0, 0}, 0};
    static inline SjDecisionMemo *sj_decision_memo_get(void) { return &sj_decision_memo; }
    """
    ctypedef struct SjDecisionMemo:
        const void* view
        int follow_n
        int trick_set
        int trick[3]
        int sure_set
        int sure_n[5]
        int largest_n[5]
        uint64_t sure[5][2]
        uint64_t largest[5][2]
        uint64_t follow[1024]
        int cost_set
        int win_set
        int cost[512]
        int win_suit[512]
        int win_key[512]
        uint8_t win[512]
    SjDecisionMemo* sj_decision_memo_get() noexcept nogil

assert sizeof(Play) * MAX_PLAYS <= sizeof(uint64_t) * 1024


cdef bint decision_memo_begin(const View* v) noexcept nogil:
    cdef SjDecisionMemo* m = sj_decision_memo_get()
    if m.view == <const void*> v:
        return False                     # already open for v: its memo stands
    m.view = <const void*> v
    m.follow_n = -1
    m.trick_set = 0
    m.sure_set = 0
    m.cost_set = 0
    m.win_set = 0
    return True


cdef void decision_memo_end(bint opened) noexcept nogil:
    if opened:
        sj_decision_memo_get().view = NULL


cdef int follow_candidates(const View* v, Play* buf) noexcept nogil:
    """The follows worth ranking (at most MAX_PLAYS): short of the led suit, every fill is
    legal and there are too many, so the few that matter (fill_candidates); else every
    legal follow.  Within a decision's memo (decision_memo_begin), listed once."""
    cdef const Public* pub = v.pub
    cdef SjDecisionMemo* m = sj_decision_memo_get()
    cdef int n, ns
    cdef bint memo = m.view == <const void*> v
    if memo and m.follow_n >= 0:
        memcpy(buf, m.follow, m.follow_n * sizeof(Play))
        return m.follow_n
    ns = mask_size(v.own.one, v.own.two, pub.suit_mask[pub.lead.suit])
    if ns <= pub.lead.n_cards and pub.lead.n_cards > 1:
        n = fill_candidates(v, buf)
    else:
        n = gen_plays(v, buf, MAX_PLAYS, TARGET_STOP_AT_CAP, NULL)
        if n > MAX_PLAYS:
            n = MAX_PLAYS
    if memo:
        memcpy(m.follow, buf, n * sizeof(Play))
        m.follow_n = n
    return n


cdef void trick_now(const View* v, TrickNow* t) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef Profile x
    cdef int w
    cdef const uint8_t* wrow
    cdef SjDecisionMemo* m = sj_decision_memo_get()
    cdef bint memo = m.view == <const void*> v
    if memo and m.trick_set:
        t.seat = m.trick[0]
        t.suit = m.trick[1]
        t.key = m.trick[2]
        return
    w = winner_of_trick(&pub.lead, &pub.trick[0][0], pub.n_in_trick, &pub.t)
    wrow = pub.trick[w]
    t.seat = (pub.leader + w) % N_SEATS
    make_profile(wrow, &pub.t, pub.lead.suit, &x)
    if x.n_cards == pub.lead.n_cards:
        t.suit = pub.lead.suit
    else:
        t.suit = TRUMP
        make_profile(wrow, &pub.t, TRUMP, &x)
    t.key = lead_key(&x, &pub.lead)
    if memo:
        m.trick[0] = t.seat
        m.trick[1] = t.suit
        m.trick[2] = t.key
        m.trick_set = 1


cdef bint follow_wins(const View* v, const TrickNow* t, const Play* p, int* csuit,
                      int* key) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int s = pub.lead.suit, k1
    cdef Profile x
    cdef uint8_t cnt[N_KINDS]
    if pub.lead.n_cards == 1:
        # single lead: compare orders directly (no profiles)
        k1 = ctz(p.one)
        csuit[0] = pub.t.follow[k1]
        key[0] = pub.t.order[k1]
        if csuit[0] == s:
            return t.suit == s and key[0] > t.key
        return csuit[0] == TRUMP and (t.suit == s or key[0] > t.key)
    play_counts(p, cnt)
    csuit[0] = s
    key[0] = 0
    make_profile(cnt, &pub.t, s, &x)
    if x.n_cards == pub.lead.n_cards:
        key[0] = lead_key(&x, &pub.lead)
        return t.suit == s and has_lead_shape(&x, &pub.lead) and key[0] > t.key
    if s != TRUMP:
        make_profile(cnt, &pub.t, TRUMP, &x)
        if x.n_cards == pub.lead.n_cards and has_lead_shape(&x, &pub.lead):
            key[0] = lead_key(&x, &pub.lead)
            csuit[0] = TRUMP
            return t.suit == s or key[0] > t.key
    return False


cdef void follow_costs(const View* v, const Play* buf, int n, int* cost) noexcept nogil:
    cdef SjDecisionMemo* m = sj_decision_memo_get()
    cdef bint memo = m.view == <const void*> v and m.follow_n == n
    cdef int i
    if memo and m.cost_set:
        memcpy(cost, m.cost, n * sizeof(int))
        return
    for i in range(n):
        cost[i] = play_cost(v, &buf[i])
    if memo:
        memcpy(m.cost, cost, n * sizeof(int))
        m.cost_set = 1


cdef void follow_wins_all(const View* v, const TrickNow* t, const Play* buf, int n,
                          uint8_t* wins, int* csuit, int* key) noexcept nogil:
    cdef SjDecisionMemo* m = sj_decision_memo_get()
    cdef bint memo = m.view == <const void*> v and m.follow_n == n
    cdef int i
    if memo and m.win_set:
        memcpy(wins, m.win, n * sizeof(uint8_t))
        memcpy(csuit, m.win_suit, n * sizeof(int))
        memcpy(key, m.win_key, n * sizeof(int))
        return
    for i in range(n):
        wins[i] = follow_wins(v, t, &buf[i], &csuit[i], &key[i])
    if memo:
        memcpy(m.win, wins, n * sizeof(uint8_t))
        memcpy(m.win_suit, csuit, n * sizeof(int))
        memcpy(m.win_key, key, n * sizeof(int))
        m.win_set = 1


cdef int greedy_play(const View* v, Rng* rng, Play* out) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef Play buf[MAX_PLAYS]
    cdef int costs[MAX_PLAYS]
    cdef uint8_t won[MAX_PLAYS]
    cdef int suits[MAX_PLAYS]
    cdef int keys[MAX_PLAYS]
    cdef TrickNow t
    cdef int me = v.seat, n, i, pts, cost, best, best_a, best_b, a, b
    cdef bint last, partner_wins, secure
    if pub.phase != PHASE_PLAY:
        return -1
    if forced_play(v, out):                # the only legal play: nothing to weigh
        return 0
    if pub.n_in_trick == 0:
        return greedy_lead(v, out)
    n = follow_candidates(v, buf)
    if n == 0:
        return -1
    if n == 1:
        out[0] = buf[0]
        return 0
    last = pub.n_in_trick == N_SEATS - 1
    trick_now(v, &t)
    partner_wins = team(t.seat) == team(me)
    secure = last or not beaten_by_unseen(v, t.suit, pub.lead.comp[0].shape, t.key) and \
        not (t.suit != TRUMP and opponent_void(v, t.suit))
    best = -1
    best_a = 0
    best_b = 0
    follow_costs(v, buf, n, costs)
    if not (partner_wins and secure):
        follow_wins_all(v, &t, buf, n, won, suits, keys)
    for i in range(n):
        pts = play_points(&buf[i], &pub.t)
        cost = costs[i]
        if partner_wins and secure:
            # feed points to the partner's sure trick, cheaply otherwise
            a = -pts
            b = cost
        else:
            a, b = follow_score(v, won[i], partner_wins, last, pts, cost, suits[i], keys[i])
        if best < 0 or a < best_a or (a == best_a and b < best_b):
            best = i
            best_a = a
            best_b = b
    out[0] = buf[best]
    return 0


# the registry's entry (registry.pyx; its bids: bidder.pyx's greedy_bid, the table's `bids`)
cdef BotVTable _BOT
_BOT.bury = greedy_bury
_BOT.play = greedy_play
BOT = bot_entry(&_BOT)

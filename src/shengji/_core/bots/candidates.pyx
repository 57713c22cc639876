# cython: language_level=3
"""The candidate decisions pimc searches and net scores (candidates.pxd), from the seat's view.

  play    the caller's base policy's choice (pimc: its rollout bot's), memory's and
          greedy's (in that order: the order breaks pimc's ties, so it never leaves its
          base policy on a tie), then
            lead    per following-suit held: the lowest single, the highest single, the
                    highest pair, the longest (then highest) tractor, the throw of every
                    sure component (as greedy's), the single worth most points, the lowest
                    pair -- generated kind by kind across the suits, so a cut keeps the
                    basic ones;
            follow  the follows greedy ranks (every legal follow, or when short of the led
                    suit the cheapest fill, the fill with most points, a trump pair),
                    ordered cheapest, dearest, second cheapest, ... (greedy's play cost) so
                    that a cut keeps both ends: giving up the least and winning / feeding
                    points;
  bury    the base policy's bury, memory's and greedy's, the lowest-side-card bury with
          points weighted 0, 2, 12 and 30, and for each side suit of at most 8 cards the
          bury that voids it (the suit, then greedy's lowest other cards);
at most `cap` of them, duplicates dropped.  Without a base policy, a play that is the only
legal one (moves.pxd forced_play: every card of the led suit, or every card held) is the only
candidate, found before any bot is asked.  Deterministic: the base bots named here never
draw (they get a fixed stream)."""
from libc.stdint cimport uint8_t, uint64_t

from shengji._core.base.cards cimport KITTY_SIZE, N_KINDS, N_SUITS, TRUMP
from shengji._core.rules.combos cimport Combo, decompose
from shengji._core.engine.hand cimport Public, N_FOLLOW
from shengji._core.engine.moves cimport MAX_PLAYS, forced_play
from shengji._core.engine.play cimport (
    Play, bit, ctz, mask_size, masked_counts, popcount, same_play,
)
from shengji._core.base.rng cimport Rng, rng_fixed
from shengji._core.bots.greedy cimport (
    bury_lowest, bury_lowest_voiding, decision_memo_begin, decision_memo_end,
    follow_candidates, follow_costs, greedy_bury, greedy_play, lowest_card, sure_components,
)
from shengji._core.bots.memory cimport highest_kind, memory_bury, memory_play

# The bury variants beyond memory's and greedy's: bury_lowest's points weights.
cdef int BURY_POINT_WEIGHTS[4]
BURY_POINT_WEIGHTS[:] = [0, 2, 12, 30]


cdef inline void add_unique(Play* cands, uint8_t* origin, uint8_t* by, int* n, int cap,
                            const Play* p, int code, int by_bit) noexcept nogil:
    cdef int i
    if p.one == 0:
        return
    for i in range(n[0]):
        if same_play(&cands[i], p):
            if by != NULL:
                by[i] |= by_bit
            return
    if n[0] >= cap:
        return
    cands[n[0]] = p[0]
    if origin != NULL:
        origin[n[0]] = <uint8_t> code
    if by != NULL:
        by[n[0]] = <uint8_t> by_bit
    n[0] += 1


cdef int lowest_kind(const Public* pub, uint64_t m) noexcept nogil:
    cdef int k, best = -1
    while m:
        k = ctz(m)
        m &= m - 1
        if best < 0 or pub.t.order[k] < pub.t.order[best]:
            best = k
    return best


cdef bint lead_of_kind(const View* v, int s, int what, Play* out) noexcept nogil:
    """Lead number `what` (module docstring, in that order) of following-suit s; False
    when the seat has none."""
    cdef const Public* pub = v.pub
    cdef uint64_t one = v.own.one & pub.suit_mask[s], two = v.own.two & pub.suit_mask[s]
    cdef int k, i, best_n, largest_n, n
    cdef uint8_t cnt[N_KINDS]
    cdef Combo c
    cdef Play sure, largest
    out.one = 0
    out.two = 0
    if one == 0:
        return False
    if what == 0:                                   # the lowest single
        out.one = bit(lowest_card(v, one))
    elif what == 1:                                 # the highest single
        out.one = bit(highest_kind(pub, one))
    elif what == 2:                                 # the highest pair
        if two == 0:
            return False
        k = highest_kind(pub, two)
        out.one = bit(k)
        out.two = bit(k)
    elif what == 3:                                 # the longest, highest tractor
        if popcount(two) < 2:
            return False
        masked_counts(v.own.count, two, cnt)
        decompose(cnt, &pub.t, &c)
        best_n = 0
        for i in range(c.n_tractor):
            n = c.comp[i].length * N_KINDS + c.comp[i].top_order
            if n > best_n:
                best_n = n
                out.one = c.comp[i].kinds
                out.two = c.comp[i].kinds
    elif what == 4:                                 # every sure component, thrown
        if s == TRUMP and not pub.r.trump_throws:
            return False
        n = sure_components(v, s, &sure, &largest, &largest_n)
        if n > largest_n:                            # two components or more
            out[0] = sure
    elif what == 5:                                 # the single worth most points
        best_n = 0
        while one:
            k = ctz(one)
            one &= one - 1
            if pub.t.points[k] > best_n:
                best_n = pub.t.points[k]
                out.one = bit(k)
    elif what == 6:                                 # the lowest pair
        if two == 0:
            return False
        k = lowest_kind(pub, two)
        out.one = bit(k)
        out.two = bit(k)
    return out.one != 0


cdef int play_candidates(const View* v, ChoosePlay first, int cap, Play* cands,
                         uint8_t* origin, uint8_t* by, Play* buf) noexcept nogil:
    cdef int n
    cdef bint opened = decision_memo_begin(v)   # memory's, greedy's and the follows' work once
    n = _play_candidates(v, first, cap, cands, origin, by, buf)
    decision_memo_end(opened)
    return n


cdef int _play_candidates(const View* v, ChoosePlay first, int cap, Play* cands,
                          uint8_t* origin, uint8_t* by, Play* buf) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int n = 0, m, i, j, lo, hi, what, s, tmp
    cdef Play q
    cdef Rng dummy                       # the base bots named here never draw
    cdef int cost[MAX_PLAYS]
    cdef int order[MAX_PLAYS]
    rng_fixed(&dummy)
    if first == NULL and cap > 0 and forced_play(v, &q):
        # the only legal play: memory's and greedy's choice both (what the lists below
        # would give), found without asking them
        add_unique(cands, origin, by, &n, cap, &q, ORIGIN_MEMORY, BY_MEMORY | BY_GREEDY)
        return n
    if first != NULL and first(v, &dummy, &q) == 0:
        add_unique(cands, origin, by, &n, cap, &q, ORIGIN_FIRST, 0)
    if memory_play(v, &dummy, &q) == 0:
        add_unique(cands, origin, by, &n, cap, &q, ORIGIN_MEMORY, BY_MEMORY)
    if greedy_play(v, &dummy, &q) == 0:
        add_unique(cands, origin, by, &n, cap, &q, ORIGIN_GREEDY, BY_GREEDY)
    if pub.n_in_trick == 0:
        for what in range(N_LEAD_KINDS):
            for s in range(N_FOLLOW):
                if n >= cap:                    # full: the rest would be dropped unlisted
                    return n
                if lead_of_kind(v, s, what, &q):
                    add_unique(cands, origin, by, &n, cap, &q, ORIGIN_LEAD + what, 0)
        return n
    m = follow_candidates(v, buf)
    follow_costs(v, buf, m, cost)
    for i in range(m):
        order[i] = i
    for i in range(1, m):                       # insertion sort by cost (stable)
        tmp = order[i]
        j = i - 1
        while j >= 0 and cost[order[j]] > cost[tmp]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = tmp
    lo = 0
    hi = m - 1
    while lo <= hi and n < cap:                 # cheapest, dearest, second cheapest, ...
        add_unique(cands, origin, by, &n, cap, &buf[order[lo]], ORIGIN_FOLLOW, 0)
        lo += 1
        if lo <= hi:
            add_unique(cands, origin, by, &n, cap, &buf[order[hi]], ORIGIN_FOLLOW, 0)
            hi -= 1
    return n


cdef int bury_candidates(const View* v, ChooseBury first, int cap, Play* cands,
                         uint8_t* origin, uint8_t* by) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int n = 0, i, s, held
    cdef Play q
    cdef Rng dummy
    rng_fixed(&dummy)
    if cap > MAX_BURY_CANDIDATES:
        cap = MAX_BURY_CANDIDATES
    if first != NULL and first(v, &dummy, &q) == 0:
        add_unique(cands, origin, by, &n, cap, &q, ORIGIN_FIRST, 0)
    if memory_bury(v, &dummy, &q) == 0:
        add_unique(cands, origin, by, &n, cap, &q, ORIGIN_MEMORY, BY_MEMORY)
    if greedy_bury(v, &dummy, &q) == 0:
        add_unique(cands, origin, by, &n, cap, &q, ORIGIN_GREEDY, BY_GREEDY)
    for i in range(4):
        if bury_lowest(v, BURY_POINT_WEIGHTS[i], &q) == 0:
            add_unique(cands, origin, by, &n, cap, &q, ORIGIN_BURY_LOWEST + i, 0)
    for s in range(N_SUITS):
        held = mask_size(v.own.one, v.own.two, pub.suit_mask[s])
        if 0 < held <= KITTY_SIZE:
            if bury_lowest_voiding(v, BURY_POINT_WEIGHTS[1], s, &q) == 0:
                add_unique(cands, origin, by, &n, cap, &q, ORIGIN_BURY_VOIDING, 0)
    return n

# cython: language_level=3
"""Move generation: the candidate plays of the seat to play, from its view only.

Candidate plays (``gen_plays``), the set the random bot draws from and the Python API's
``legal_plays()``:
  * follows: every legal follow (docs/rules-engine.md "Follow legality"), as multisets of
    kinds; counted in full, stored up to a caller-given cap (short of the led suit: all
    of it and every fill from ``fill_parts``' pool, which under short_suit_trumps holds
    the trumps, so every candidate is legal by construction);
  * leads: every single, every pair, every tractor (each run of >= 2 adjacent pairs of one
    following-suit, each choice at a parallel position), and per following-suit the
    *top-k throws*: the seat's holding of that suit decomposed into components, the
    components sorted by their top card (highest first), and the union of the first k for
    k = 2 .. all.  Throws are attempts: they are not checked against the other hands here
    (a seat cannot see them); the state machine (hand.pyx) runs the throw check.

Everything is ``noexcept nogil``, reads the seat's ``View`` (view.pxd) and nothing else;
the only write is the seat's throw memo (``View.throws``)."""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from shengji._core.base.cards cimport MAX_CHAIN, N_KINDS, TRUMP
from shengji._core.rules.combos cimport (
    Combo, MAX_COMPONENTS, SHAPE_SINGLE, decompose, find_run, legal_follow_counts,
)
from shengji._core.engine.hand cimport MAX_THROWS, N_FOLLOW, PHASE_PLAY, Holding, Public, ThrowCache
from shengji._core.engine.play cimport (
    Play, bit, ctz, lowest_bit, mask_size, masked_counts, play_counts, play_size, popcount,
)


ctypedef struct PlayEnum:
    Play* out
    int cap
    int count
    int target
    Play* chosen
    # follow search
    const Public* pub
    const uint8_t* hand
    int n_kinds
    uint8_t kinds[N_KINDS]
    uint8_t avail[N_KINDS]
    uint8_t cap_suffix[N_KINDS + 1]
    uint8_t pair_suffix[N_KINDS + 1]
    int need_pairs
    bint full_check
    uint64_t base_one
    uint64_t base_two


cdef inline void enum_init(PlayEnum* e, Play* out, int cap, int target,
                           Play* chosen) noexcept nogil:
    e.out = out
    e.cap = cap
    e.count = 0
    e.target = target
    e.chosen = chosen
    e.need_pairs = 0
    e.full_check = False
    e.base_one = 0
    e.base_two = 0


cdef inline void emit(PlayEnum* e, uint64_t one, uint64_t two) noexcept nogil:
    if e.count < e.cap:
        e.out[e.count].one = one
        e.out[e.count].two = two
    if e.count == e.target and e.chosen != NULL:
        e.chosen.one = one
        e.chosen.two = two
    e.count += 1


cdef void enum_rec(PlayEnum* e, int i, int left, uint64_t one, uint64_t two,
                   int pairs) noexcept nogil:
    """Sub-multisets of e.kinds[i:] (e.avail copies each) of size `left`, with at least
    e.need_pairs pairs in total; with e.full_check each is checked by the follow rules."""
    cdef uint8_t cnt[N_KINDS]
    cdef Play p
    cdef int k, a, np
    if e.target == TARGET_STOP_AT_CAP and e.count >= e.cap:
        return
    if left == 0:
        if pairs < e.need_pairs:
            return
        one |= e.base_one
        two |= e.base_two
        if e.full_check:
            p.one = one
            p.two = two
            play_counts(&p, cnt)
            if not legal_follow_counts(e.hand, &e.pub.lead, cnt, &e.pub.t,
                                       e.pub.r.short_suit_trumps):
                return
        emit(e, one, two)
        return
    if i >= e.n_kinds or e.cap_suffix[i] < left:
        return
    np = e.pair_suffix[i]
    if left // 2 < np:
        np = left // 2
    if pairs + np < e.need_pairs:
        return
    k = e.kinds[i]
    a = e.avail[i]
    # 0, 1 or 2 copies of kind k
    enum_rec(e, i + 1, left, one, two, pairs)
    if left >= 1:
        enum_rec(e, i + 1, left - 1, one | bit(k), two, pairs)
    if a >= 2 and left >= 2:
        enum_rec(e, i + 1, left - 2, one | bit(k), two | bit(k), pairs + 1)


cdef void enum_setup(PlayEnum* e, uint64_t one, uint64_t two) noexcept nogil:
    """The kinds of mask `one` (two copies where in `two`) as the search's alphabet."""
    cdef int i, k
    e.n_kinds = 0
    while one:
        k = ctz(one)
        one &= one - 1
        e.kinds[e.n_kinds] = k
        e.avail[e.n_kinds] = 2 if two & bit(k) else 1
        e.n_kinds += 1
    e.cap_suffix[e.n_kinds] = 0
    e.pair_suffix[e.n_kinds] = 0
    for i in range(e.n_kinds - 1, -1, -1):
        e.cap_suffix[i] = e.cap_suffix[i + 1] + e.avail[i]
        e.pair_suffix[i] = e.pair_suffix[i + 1] + (e.avail[i] == 2)


cdef int fill_parts(const View* v, Play* base, Play* pool) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int s = pub.lead.suit, f, nt
    cdef uint64_t sm = pub.suit_mask[s], tm = pub.suit_mask[TRUMP]
    base.one = v.own.one & sm
    base.two = v.own.two & sm
    pool.one = v.own.one & ~sm
    pool.two = v.own.two & ~sm
    f = pub.lead.n_cards - play_size(base)
    if pub.r.short_suit_trumps and s != TRUMP and f > 0:
        # 贴主 (docs/rules.md §4, source 002 line 261): the trumps first
        nt = mask_size(v.own.one, v.own.two, tm)
        if nt >= f:
            pool.one &= tm
            pool.two &= tm
        else:
            base.one |= v.own.one & tm
            base.two |= v.own.two & tm
            pool.one &= ~tm
            pool.two &= ~tm
            f -= nt
    return f


cdef void gen_follows(const View* v, PlayEnum* e) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef const Holding* own = v.own
    cdef int s = pub.lead.suit, n = pub.lead.n_cards, ns, hp, f
    cdef uint64_t sm = pub.suit_mask[s]
    cdef uint64_t hs1 = own.one & sm, hs2 = own.two & sm, m
    cdef Play base, pool
    ns = popcount(hs1) + popcount(hs2)
    e.pub = pub
    e.hand = <const uint8_t*> own.count
    if ns <= n:
        # Short of the suit: all of it, filled with other cards (垫牌; fill_parts).
        f = fill_parts(v, &base, &pool)
        e.base_one = base.one
        e.base_two = base.two
        e.need_pairs = 0
        e.full_check = False
        enum_setup(e, pool.one, pool.two)
        enum_rec(e, 0, f, 0, 0, 0)
        return
    e.base_one = 0
    e.base_two = 0
    if n == 1:
        m = hs1
        while m:
            emit(e, lowest_bit(m), 0)
            m &= m - 1
        return
    hp = popcount(hs2)
    e.need_pairs = pub.lead.total_pairs if pub.lead.total_pairs < hp else hp
    # Without tractors in the lead, pairs + suit + size decide legality (docs: tp = 0).
    e.full_check = pub.lead.n_tractor > 0
    enum_setup(e, hs1, hs2)
    enum_rec(e, 0, n, 0, 0, 0)


cdef void tractor_rec(PlayEnum* e, const uint64_t* pm, int p, int end, uint64_t acc) noexcept nogil:
    """Every choice of one pair per chain position p..end (parallel level pairs)."""
    cdef uint64_t m
    if p > end:
        emit(e, acc, acc)
        return
    m = pm[p]
    while m:
        tractor_rec(e, pm, p + 1, end, acc | lowest_bit(m))
        m &= m - 1


cdef inline void gen_tractors(const Public* pub, uint64_t two, int s, PlayEnum* e) noexcept nogil:
    """Every tractor of following-suit s in a holding whose pairs are `two`: each run of
    >= 2 adjacent pair positions, each choice at a parallel position."""
    cdef uint64_t pm[MAX_CHAIN]
    cdef uint64_t m
    cdef int k, p, q
    two &= pub.suit_mask[s]
    if popcount(two) < 2:
        return
    memset(pm, 0, sizeof(pm))
    m = two
    while m:
        k = ctz(m)
        m &= m - 1
        pm[pub.t.chain[k]] |= bit(k)
    for p in range(MAX_CHAIN - 1):
        q = p + 1
        while q < MAX_CHAIN and pm[q] and pm[p]:
            tractor_rec(e, pm, p, q, 0)
            q += 1


cdef int count_tractors(const View* v) noexcept nogil:
    cdef PlayEnum e
    cdef int s
    cdef const Public* pub = v.pub
    cdef uint64_t two = v.own.two
    if popcount(two) < 2:
        return 0
    enum_init(&e, NULL, 0, -1, NULL)
    for s in range(N_FOLLOW):
        gen_tractors(pub, two, s, &e)
    return e.count


cdef void nth_tractor(const View* v, int r, Play* out) noexcept nogil:
    cdef PlayEnum e
    cdef int s
    cdef const Public* pub = v.pub
    cdef uint64_t two = v.own.two
    enum_init(&e, NULL, 0, r, out)
    for s in range(N_FOLLOW):
        gen_tractors(pub, two, s, &e)


cdef void gen_leads(const View* v, PlayEnum* e) noexcept nogil:
    cdef int s, i
    cdef uint64_t m
    cdef const Play* thr
    cdef const Public* pub = v.pub
    cdef uint64_t one = v.own.one, two = v.own.two
    m = one
    while m:
        emit(e, lowest_bit(m), 0)
        m &= m - 1
    m = two
    while m:
        emit(e, lowest_bit(m), lowest_bit(m))
        m &= m - 1
    for s in range(N_FOLLOW):
        gen_tractors(pub, two, s, e)
        thr = throws_of(v, s)
        for i in range(v.throws.n[s]):
            emit(e, thr[i].one, thr[i].two)


cdef int count_throws(const View* v, int s) noexcept nogil:
    """refresh_throws' count (components of the suit - 1) without decomposing: singles,
    plus the tractors and pairs decompose's greedy run extraction would form."""
    cdef uint8_t pc[MAX_CHAIN]
    cdef const Public* pub = v.pub
    cdef uint64_t one = v.own.one & pub.suit_mask[s], two = v.own.two & pub.suit_mask[s], m
    cdef int n, p, length, top = 0, k
    if popcount(one) < 2:
        return 0
    n = popcount(one & ~two)
    if two:
        memset(pc, 0, MAX_CHAIN)
        m = two
        while m:
            k = ctz(m)
            m &= m - 1
            pc[pub.t.chain[k]] += 1
            n += 1                       # every pair first counts as a component...
        while True:
            length = find_run(pc, 2, False, &top)   # decomposition's greedy: longest first
            if length == 0:
                break
            n -= length - 1              # ...a tractor of `length` pairs is one
            for p in range(top - length + 1, top + 1):
                pc[p] -= 1
    if n < 2:
        return 0
    return n - 1 if n - 1 < MAX_THROWS else MAX_THROWS


cdef void refresh_throws(const View* v, int s) noexcept nogil:
    """The seat's top-k throws of suit s: its holding decomposed, components sorted by top
    card (highest first), the union of the first k for k >= 2."""
    cdef uint8_t cnt[N_KINDS]
    cdef Combo c
    cdef int idx[MAX_COMPONENTS]
    cdef int i, j, tmp
    cdef const Public* pub = v.pub
    cdef uint64_t one = v.own.one & pub.suit_mask[s], two
    cdef ThrowCache* tc = v.throws
    tc.stale &= ~(1 << s)
    tc.n[s] = 0
    if popcount(one) < 2:
        return
    masked_counts(v.own.count, one, cnt)
    decompose(cnt, &pub.t, &c)
    if c.n_comp < 2:
        return
    for i in range(c.n_comp):
        idx[i] = i
    for i in range(1, c.n_comp):
        j = i
        while j > 0 and c.comp[idx[j - 1]].top_order < c.comp[idx[j]].top_order:
            tmp = idx[j]
            idx[j] = idx[j - 1]
            idx[j - 1] = tmp
            j -= 1
    one = c.comp[idx[0]].kinds
    two = c.comp[idx[0]].kinds if c.comp[idx[0]].shape != SHAPE_SINGLE else 0
    for i in range(1, c.n_comp):
        one |= c.comp[idx[i]].kinds
        if c.comp[idx[i]].shape != SHAPE_SINGLE:
            two |= c.comp[idx[i]].kinds
        if i - 1 < MAX_THROWS:
            tc.throws[s][i - 1].one = one
            tc.throws[s][i - 1].two = two
            tc.n[s] = i


cdef int gen_plays(const View* v, Play* out, int cap, int target, Play* chosen) noexcept nogil:
    """Candidate plays of the view's seat (module docstring): stores the first `cap` in
    out, the `target`-th (if >= 0) in *chosen; returns how many there are."""
    cdef PlayEnum e
    enum_init(&e, out, cap, target, chosen)
    if v.pub.phase != PHASE_PLAY:
        return 0
    if v.pub.n_in_trick == 0:
        gen_leads(v, &e)
    else:
        gen_follows(v, &e)
    return e.count

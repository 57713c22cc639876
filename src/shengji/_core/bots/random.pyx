# cython: language_level=3
"""The random bot: uniform over the candidate plays of moves.pyx (``legal_plays()``), and
at the bury over the 8-card subsets of the banker's 33 physical cards.

Draws are exactly uniform (rng.pxd's bounded draws) and cheap: a lead is drawn by counting
the candidates (singles, pairs, tractors, throws) and building only the drawn one; a
follow short of the led suit by counting the fills by dynamic programming and unranking
the drawn one; other follows are listed (all of them counted; beyond MAX_PLAYS the drawn
index is found by a second enumeration).  Decides from the view only."""
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from shengji._core.base.cards cimport HAND_SIZE, KITTY_SIZE, N_KINDS
from shengji._core.engine.hand cimport N_FOLLOW, PHASE_PLAY
from shengji._core.engine.moves cimport (
    MAX_PLAYS, count_tractors, fill_parts, gen_plays, n_throws, nth_tractor, throws_of,
)
from shengji._core.engine.play cimport Play, add_card, bit, ctz, lowest_bit, mask_size, popcount
from shengji._core.base.rng cimport Rng, sj_bounded, sj_bounded64
from shengji._core.bots.bot cimport BotVTable, bot_entry

cdef enum:
    MAX_FILL = HAND_SIZE + KITTY_SIZE      # cards a seat can hold (the banker, burying)


cdef int random_bury(const View* v, Rng* rng, Play* out) noexcept nogil:
    """Uniform over the 8-card subsets of the banker's 33 physical cards."""
    cdef uint8_t cards[MAX_FILL]
    cdef uint8_t c
    cdef int n = 0, k, j, i, _c
    for k in range(N_KINDS):
        for _c in range(v.own.count[k]):
            cards[n] = k
            n += 1
    out.one = 0
    out.two = 0
    for i in range(KITTY_SIZE):
        j = i + <int> sj_bounded(rng, <uint32_t> (n - i))
        c = cards[j]
        cards[j] = cards[i]
        cards[i] = c
        add_card(out, c)
    return 0


cdef int random_lead(const View* v, Rng* rng, Play* out) noexcept nogil:
    """Uniform over gen_plays' leads, without listing them: count singles, pairs, tractors
    and throws, draw one index, build only that play."""
    cdef int s, n1, n2, nt, total, r, i
    cdef int nthr[N_FOLLOW]
    cdef uint64_t m
    n1 = popcount(v.own.one)
    n2 = popcount(v.own.two)
    nt = count_tractors(v)
    total = n1 + n2 + nt
    for s in range(N_FOLLOW):
        nthr[s] = n_throws(v, s)
        total += nthr[s]
    if total == 0:
        return -1
    r = <int> sj_bounded(rng, <uint32_t> total)
    out.two = 0
    if r < n1 + n2:
        # the r-th single, or the (r - n1)-th pair
        m = v.own.one if r < n1 else v.own.two
        i = r if r < n1 else r - n1
        while i > 0:
            m &= m - 1
            i -= 1
        out.one = lowest_bit(m)
        out.two = out.one if r >= n1 else 0
        return 0
    r -= n1 + n2
    if r < nt:
        nth_tractor(v, r, out)
        return 0
    r -= nt
    for s in range(N_FOLLOW):
        if r < nthr[s]:
            out[0] = throws_of(v, s)[r]
            return 0
        r -= nthr[s]
    return -1


cdef int random_fill(const View* v, Rng* rng, Play* out) noexcept nogil:
    """Short of the led suit: all of it plus a fill drawn uniformly among the sub-multisets
    of the fill's cards (moves.fill_parts: exactly gen_plays' set), counted and unranked by
    dynamic programming instead of enumerated."""
    cdef int f, nk = 0, i, j, k
    cdef uint64_t m, r
    cdef uint8_t kinds[N_KINDS]
    cdef uint8_t avail[N_KINDS]
    cdef uint64_t ways[N_KINDS + 1][MAX_FILL + 1]
    cdef Play pool
    f = fill_parts(v, out, &pool)          # all of the suit (and forced trumps); the fill's cards
    m = pool.one
    while m:
        k = ctz(m)
        m &= m - 1
        kinds[nk] = k
        avail[nk] = 2 if pool.two & bit(k) else 1
        nk += 1
    for j in range(f + 1):
        ways[nk][j] = 1 if j == 0 else 0
    for i in range(nk - 1, -1, -1):
        for j in range(f + 1):
            ways[i][j] = ways[i + 1][j]
            if j >= 1:
                ways[i][j] += ways[i + 1][j - 1]
            if j >= 2 and avail[i] == 2:
                ways[i][j] += ways[i + 1][j - 2]
    if ways[0][f] == 0:
        return -1
    r = sj_bounded64(rng, ways[0][f])
    j = f
    for i in range(nk):            # unrank: 0, 1, then 2 copies of kinds[i]
        if j == 0:
            break
        if r < ways[i + 1][j]:
            continue
        r -= ways[i + 1][j]
        if r < ways[i + 1][j - 1]:
            out.one |= bit(kinds[i])
            j -= 1
            continue
        r -= ways[i + 1][j - 1]
        out.one |= bit(kinds[i])
        out.two |= bit(kinds[i])
        j -= 2
    return 0


cdef int random_play(const View* v, Rng* rng, Play* out) noexcept nogil:
    cdef Play buf[MAX_PLAYS]
    cdef int n, r
    if v.pub.phase != PHASE_PLAY:
        return -1
    if v.pub.n_in_trick == 0:
        return random_lead(v, rng, out)
    if v.pub.lead.n_cards > 1 and \
            mask_size(v.own.one, v.own.two, v.pub.suit_mask[v.pub.lead.suit]) < v.pub.lead.n_cards:
        return random_fill(v, rng, out)
    n = gen_plays(v, buf, MAX_PLAYS, -1, NULL)
    if n == 0:
        return -1
    r = <int> sj_bounded(rng, <uint32_t> n)
    if r < MAX_PLAYS:
        out[0] = buf[r]
    else:
        gen_plays(v, buf, 0, r, out)
    return 0


# the registry's entry (registry.pyx; its bids: bidder.pyx's random_bid, the table's `bids`)
cdef BotVTable _BOT
_BOT.bury = random_bury
_BOT.play = random_play
BOT = bot_entry(&_BOT)

# cython: language_level=3
"""The rules engine in C: decomposition, placement, shape match, trick winner, follow
legality, throw check, kitty multiplier and level change, exactly as docs/rules-engine.md
defines them.

The ``cdef`` kernels (declared in combos.pxd) are what a hand engine cimports; the ``def``
functions below are thin wrappers for ``shengji.rules.combos`` (one item per call, inputs as
per-kind count arrays) and batched entry points (``*_batch``) that loop over many items in
C without touching Python per item.  Inputs are validated by ``shengji.rules.combos``; the
wrappers here only turn the kernels' negative status codes into ``ValueError``.
"""
import numpy as np

from libc.string cimport memset
from libc.stdint cimport uint8_t, int8_t, int32_t, uint64_t

from shengji._core.base.cards cimport (
    BIG_JOKER, N_COPIES, N_KINDS, N_RANKS, N_SUITS, NO_TRUMP, SMALL_JOKER, TRUMP, TrumpTable,
    build_trump_table,
)
from shengji._core.base.options cimport RulesC, pack_rules

# sj_ctz64, the lowest set bit of a kind mask: the "smallest kind id" at a parallel chain
# position.
from shengji._core.base.bits cimport sj_ctz64
# Exact placement of two or more tractor components (bin packing over the runs).
from shengji._core.rules.placement cimport (
    Bins, MAX_TRACTORS, best_first_top, best_fit, fits, make_bins,
)

# Component sort weight: cards in it.  A tractor (>= 2 pairs, >= 4 cards) outranks a pair
# (2) outranks a single (1), and a longer tractor a shorter one — exactly the docs' order
# "tractors by length (desc), then pairs, then singles" and, read upwards, the throw
# check's "single < pair < tractor, shorter tractor < longer".
cdef inline int comp_weight(const Component* c) noexcept nogil:
    if c.shape == SHAPE_SINGLE:
        return 1
    return N_COPIES * c.length

# -----------------------------------------------------------------------------------------
# building blocks
# -----------------------------------------------------------------------------------------
cdef void rules_table(TrumpTable* t, int level, int suit, const RulesC* r) noexcept nogil:
    build_trump_table(t, level, suit, r.tractor_gap, r.trump_chain)


cdef int count_cards(const uint8_t* counts) noexcept nogil:
    cdef int k, n = 0
    for k in range(N_KINDS):
        n += counts[k]
    return n


cdef int suit_of(const uint8_t* counts, const TrumpTable* t) noexcept nogil:
    """The one following-suit of a multiset, or COMBO_EMPTY / COMBO_MIXED."""
    cdef int k, s = -1
    for k in range(N_KINDS):
        if counts[k]:
            if s < 0:
                s = t.follow[k]
            elif t.follow[k] != s:
                return COMBO_MIXED
    return s if s >= 0 else COMBO_EMPTY


cdef inline void profile_add(Profile* out, const TrumpTable* t, int k,
                             int c) noexcept nogil:
    cdef int p
    out.n_cards += c
    if t.order[k] > out.top_order:
        out.top_order = t.order[k]
    if c >= N_COPIES:
        p = t.chain[k]
        out.pc[p] += 1
        out.po[p] = t.order[k]   # parallel kinds share a position and an order
        out.n_pairs += 1


cdef void make_profile(const uint8_t* counts, const TrumpTable* t, int suit,
                       Profile* out) noexcept nogil:
    cdef int k, s
    memset(out.pc, 0, MAX_CHAIN)
    out.n_cards = 0
    out.n_pairs = 0
    out.top_order = -1
    # Visit only the kinds that can be of this following-suit (13 or at most 19, not 54):
    # this runs for every play of every trick.
    if suit != TRUMP:
        # A side suit: its own ranks, less its level card (which is trump).
        for k in range(suit * N_RANKS, suit * N_RANKS + N_RANKS):
            if counts[k] and t.follow[k] == suit:
                profile_add(out, t, k, counts[k])
        return
    # Trump: the trump suit's ranks, every level card, both jokers.
    if t.suit != NO_TRUMP:
        for k in range(t.suit * N_RANKS, t.suit * N_RANKS + N_RANKS):
            if counts[k]:
                profile_add(out, t, k, counts[k])
    for s in range(N_SUITS):
        k = s * N_RANKS + t.level
        if s != t.suit and counts[k]:
            profile_add(out, t, k, counts[k])
    for k in range(SMALL_JOKER, BIG_JOKER + 1):
        if counts[k]:
            profile_add(out, t, k, counts[k])


cdef int find_run(const uint8_t* pc, int min_len, bint shortest, int* top) noexcept nogil:
    """Among the maximal runs of positions with pc > 0 of length >= min_len, the longest
    (shortest=False; the decomposition's greedy) or the shortest (shortest=True), ties to
    the highest top.  Returns its length (0: none) and its top position in *top."""
    cdef int p, run = 0, best = 0
    for p in range(MAX_CHAIN - 1):
        if pc[p] == 0:
            run = 0
            continue
        run += 1
        if pc[p + 1] == 0 and run >= min_len:
            # Scanning upwards, ">=" / "<=" let a later (higher) run win a tie.
            if best == 0 or (run <= best if shortest else run >= best):
                best = run
                top[0] = p
    return best


cdef int highest_run_top(const uint8_t* pc, int min_len) noexcept nogil:
    """Top position of the highest maximal run of length >= min_len, or -1."""
    cdef int p, run = 0, top = -1
    for p in range(MAX_CHAIN - 1):
        if pc[p] == 0:
            run = 0
            continue
        run += 1
        if pc[p + 1] == 0 and run >= min_len:
            top = p
    return top


cdef inline int tractor_items(const Combo* lead, int8_t* items) noexcept nogil:
    """The lead's tractor lengths, largest first (its component order).  A tractor takes
    two chain positions of one following-suit, so a lead has at most MAX_TRACTORS; the
    bound only guards the array."""
    cdef int i, n = lead.n_tractor if lead.n_tractor < MAX_TRACTORS else MAX_TRACTORS
    for i in range(n):
        items[i] = lead.comp[i].length
    return n


cdef int tractor_mask(const uint8_t* pc, const Combo* lead) noexcept nogil:
    """docs "Placement": which of the lead's tractor components pair counts pc can hold at
    once, the lexicographically largest choice (largest component first), as a mask with
    bit n_tractor - 1 - i for component i; comparing masks compares the choices."""
    cdef int8_t items[MAX_TRACTORS]
    cdef Bins b
    cdef int n
    if lead.n_tractor == 0:
        return 0
    if lead.n_tractor == 1:
        # One tractor: held iff some run is long enough -- no search needed.
        return 1 if highest_run_top(pc, lead.comp[0].length) >= 0 else 0
    n = tractor_items(lead, items)
    make_bins(pc, &b)
    return best_fit(&b, items, n) << (lead.n_tractor - n)


cdef int place_tractors(uint8_t* pc, const Combo* lead, int* placed_pairs) noexcept nogil:
    """docs "Placement" on pair counts pc: the number of the lead's tractor components in
    the lexicographically largest placement, and the pairs they use in *placed_pairs.
    pc is read only.  Which kind is used at a parallel position does not change any
    count."""
    cdef int i, mask = tractor_mask(pc, lead), placed = 0, pairs = 0
    for i in range(lead.n_tractor):
        if (mask >> (lead.n_tractor - 1 - i)) & 1:
            placed += 1
            pairs += lead.comp[i].length
    placed_pairs[0] = pairs
    return placed


cdef bint has_lead_shape(const Profile* x, const Combo* lead) noexcept nogil:
    """docs "Shape match" for a play already known to lie wholly in one following-suit and
    to have the lead's size (so the singles take care of themselves): every tractor
    component laid at once, and pairs left for the pair components."""
    cdef int8_t items[MAX_TRACTORS]
    cdef Bins b
    cdef int n
    # The tractors take total_pairs - n_pair pairs; whatever pairs remain serve the pairs.
    if x.n_pairs < lead.total_pairs:
        return False
    if lead.n_tractor == 0:
        return True
    if lead.n_tractor == 1:
        return highest_run_top(x.pc, lead.comp[0].length) >= 0
    n = tractor_items(lead, items)
    make_bins(x.pc, &b)
    return fits(&b, items, n)


cdef int lead_key(const Profile* x, const Combo* lead) noexcept nogil:
    """docs "Key", by the lead's largest component, read the strongest way the play
    allows; -1 when the play has no such part."""
    cdef const Component* c0 = &lead.comp[0]
    cdef int8_t items[MAX_TRACTORS]
    cdef Bins b
    cdef int p, n
    if c0.shape == SHAPE_TRACTOR:
        if lead.n_tractor == 1:
            # The highest run long enough: the tractor goes to its top.
            p = highest_run_top(x.pc, c0.length)
        else:
            # The highest top component 0 can take while every other tractor still fits.
            n = tractor_items(lead, items)
            make_bins(x.pc, &b)
            p = best_first_top(&b, items, n)
        return x.po[p] if p >= 0 else -1
    if c0.shape == SHAPE_PAIR:
        # Order grows with chain position inside a suit: the highest pair sits highest.
        for p in range(MAX_CHAIN - 1, -1, -1):
            if x.pc[p]:
                return x.po[p]
        return -1
    return x.top_order


# -----------------------------------------------------------------------------------------
# decomposition
# -----------------------------------------------------------------------------------------
cdef inline int comp_sort_key(const Component* c) noexcept nogil:
    # Larger key = listed earlier: weight desc, top order desc, then kind id asc.
    return (comp_weight(c) << 16) | (c.top_order << 8) | (255 - c.top_kind)


cdef int decompose(const uint8_t* counts, const TrumpTable* t, Combo* out) noexcept nogil:
    """docs "Decomposition (classify)".  Returns COMBO_OK or a negative status."""
    cdef uint64_t pmask[MAX_CHAIN]     # unused pairs per chain position, as kind bits
    cdef uint64_t smask[MAX_CHAIN]     # single cards per chain position
    cdef int k, c, s = -1, n = 0, p, run, length, top = 0, nc = 0, i, j
    cdef int lo = MAX_CHAIN, hi = 0     # chain positions in use: bounds the scans
    cdef uint64_t bit, kinds
    cdef Component tmp
    cdef Component* cp
    memset(pmask, 0, sizeof(pmask))
    memset(smask, 0, sizeof(smask))
    out.top_order = -1
    out.top_kind = -1
    for k in range(N_KINDS):
        c = counts[k]
        if c == 0:
            continue
        if c > N_COPIES:
            return COMBO_OVERFULL
        if s < 0:
            s = t.follow[k]
        elif t.follow[k] != s:
            return COMBO_MIXED
        n += c
        p = t.chain[k]
        if p < lo:
            lo = p
        if p > hi:
            hi = p
        if t.order[k] > out.top_order:     # ascending k: the smallest kind wins a tie
            out.top_order = t.order[k]
            out.top_kind = k
        if c == N_COPIES:
            pmask[t.chain[k]] |= (<uint64_t>1) << k
        else:
            smask[t.chain[k]] |= (<uint64_t>1) << k
    if n == 0:
        return COMBO_EMPTY
    out.n_cards = n
    out.suit = s
    out.n_tractor = 0
    out.n_pair = 0
    out.total_pairs = 0

    # Step 2: tractors, greedily — the longest maximal run of unused pairs (ties: highest
    # top), one pair per position, the smallest kind id at a parallel position.  Only
    # parallel positions hold two pairs, so at most a few rounds happen.
    while True:
        run = 0
        length = 0
        for p in range(lo, hi + 1):          # pmask[hi + 1] == 0 ends the last run
            if pmask[p] == 0:
                run = 0
                continue
            run += 1
            if pmask[p + 1] == 0 and run >= 2 and run >= length:
                length = run
                top = p
        if length == 0:
            break
        cp = &out.comp[nc]
        cp.top_kind = sj_ctz64(pmask[top])
        cp.top_order = t.order[cp.top_kind]
        kinds = 0
        for p in range(top, top - length, -1):
            bit = pmask[p] & (~pmask[p] + 1)       # lowest set bit: smallest kind id
            pmask[p] ^= bit
            kinds |= bit
        cp.shape = SHAPE_TRACTOR
        cp.length = length
        cp.top_pos = top
        cp.kinds = kinds
        nc += 1
        out.n_tractor += 1
        out.total_pairs += length
    # Step 3: remaining pairs, then singles, each from the highest position down.
    for p in range(hi, lo - 1, -1):
        while pmask[p]:
            k = sj_ctz64(pmask[p])
            pmask[p] &= pmask[p] - 1
            cp = &out.comp[nc]
            cp.shape = SHAPE_PAIR
            cp.length = 1
            cp.top_pos = p
            cp.top_kind = k
            cp.top_order = t.order[k]
            cp.kinds = (<uint64_t>1) << k
            nc += 1
            out.n_pair += 1
            out.total_pairs += 1
    for p in range(hi, lo - 1, -1):
        while smask[p]:
            k = sj_ctz64(smask[p])
            smask[p] &= smask[p] - 1
            cp = &out.comp[nc]
            cp.shape = SHAPE_SINGLE
            cp.length = 0
            cp.top_pos = p
            cp.top_kind = k
            cp.top_order = t.order[k]
            cp.kinds = (<uint64_t>1) << k
            nc += 1
    out.n_comp = nc
    # Step 4: largest first.  Generated that way already (greedy tractors come longest and
    # highest first; pairs and singles top down, smallest kind first); the insertion sort
    # only guards that ordering and costs n-1 comparisons on sorted input.
    for i in range(1, nc):
        tmp = out.comp[i]
        j = i - 1
        while j >= 0 and comp_sort_key(&out.comp[j]) < comp_sort_key(&tmp):
            out.comp[j + 1] = out.comp[j]
            j -= 1
        out.comp[j + 1] = tmp
    out.shape = out.comp[0].shape if nc == 1 else SHAPE_THROW
    out.pairs = out.comp[0].length      # 0 when the largest part is a single
    return COMBO_OK


# -----------------------------------------------------------------------------------------
# trick winner
# -----------------------------------------------------------------------------------------
cdef int winner_of_trick(const Combo* lead, const uint8_t* plays, int n_plays,
                         const TrumpTable* t) noexcept nogil:
    """docs "Trick winner" for plays already checked (plays[0] is the lead, classified as
    *lead; every play has the lead's size).  plays: n_plays rows of N_KINDS counts."""
    cdef Profile x
    cdef int i, key, s = lead.suit
    cdef int win = 0, win_suit = s, win_key
    make_profile(plays, t, s, &x)
    win_key = lead_key(&x, lead)
    for i in range(1, n_plays):
        make_profile(plays + i * N_KINDS, t, s, &x)
        if x.n_cards == lead.n_cards:
            # Followed in the led suit: only beats a winner still in that suit.
            if win_suit == s and has_lead_shape(&x, lead):
                key = lead_key(&x, lead)
                if key > win_key:
                    win = i
                    win_key = key
        elif s != TRUMP:
            make_profile(plays + i * N_KINDS, t, TRUMP, &x)
            if x.n_cards == lead.n_cards and has_lead_shape(&x, lead):
                key = lead_key(&x, lead)
                # A first ruff beats the led suit; a later one must overtrump.
                if win_suit == s or key > win_key:
                    win = i
                    win_suit = TRUMP
                    win_key = key
    return win


cdef int trick_winner_counts(const uint8_t* plays, int n_plays,
                             const TrumpTable* t) noexcept nogil:
    """Checked trick winner: plays as n_plays rows of N_KINDS counts.  Returns the winning
    index or a negative ComboStatus."""
    cdef Combo lead
    cdef int i, k, n, status, total
    cdef const uint8_t* row
    if n_plays < 1:
        return COMBO_BAD_SIZE
    # One pass per play: its size, and every kind at most twice over the whole trick.
    n = count_cards(plays)
    if n == 0:
        return COMBO_EMPTY
    for i in range(1, n_plays):
        row = plays + i * N_KINDS
        total = 0
        for k in range(N_KINDS):
            total += row[k]
        if total != n:
            return COMBO_BAD_SIZE
    if n_plays > 1:
        for k in range(N_KINDS):
            total = 0
            for i in range(n_plays):
                total += plays[i * N_KINDS + k]
            if total > N_COPIES:
                return COMBO_OVERFULL
    status = decompose(plays, t, &lead)
    if status != COMBO_OK:
        return status
    return winner_of_trick(&lead, plays, n_plays, t)


# -----------------------------------------------------------------------------------------
# follow legality
# -----------------------------------------------------------------------------------------
cdef bint legal_follow_counts(const uint8_t* hand, const Combo* lead, const uint8_t* play,
                              const TrumpTable* t, bint fill_trumps) noexcept nogil:
    """docs "Follow legality".  hand is the follower's hand before playing; fill_trumps:
    the rules' short_suit_trumps (short of a led side suit, the fill takes trumps first)."""
    cdef Profile hs, ps
    cdef int k, n = lead.n_cards, s = lead.suit, need, mask, full
    if count_cards(play) != n:
        return False
    for k in range(N_KINDS):
        if play[k] > hand[k]:
            return False
    make_profile(hand, t, s, &hs)
    make_profile(play, t, s, &ps)
    if hs.n_cards <= n:
        # Short of the suit: every card of it must go (the play is inside the hand, so
        # equal counts mean the same cards); the rest is free, or (short_suit_trumps, 贴主:
        # docs/rules.md §4) as many trumps as the hand can give to it come first.
        if ps.n_cards != hs.n_cards:
            return False
        if fill_trumps and s != TRUMP:
            need = n - hs.n_cards
            make_profile(hand, t, TRUMP, &hs)
            make_profile(play, t, TRUMP, &ps)
            return ps.n_cards >= (need if need < hs.n_cards else hs.n_cards)
        return True
    if ps.n_cards != n:
        return False
    need = hs.n_pairs if hs.n_pairs < lead.total_pairs else lead.total_pairs
    if ps.n_pairs < need:
        return False
    if lead.n_tractor == 0:
        return True
    # As much of the lead's tractors, largest first, as the hand could hold at once (a
    # play inside the hand can hold no more than the hand: only equality passes).
    full = (1 << lead.n_tractor) - 1
    mask = tractor_mask(ps.pc, lead)
    return mask == full or mask >= tractor_mask(hs.pc, lead)


# -----------------------------------------------------------------------------------------
# throw check
# -----------------------------------------------------------------------------------------
cdef int throw_failure(const Combo* lead, const uint8_t* others, int n_others,
                       const TrumpTable* t, bint trump_throws) noexcept nogil:
    """docs "Throw check": -1 when the lead stands, else the index in lead.comp of the
    forced component.  others: n_others rows of N_KINDS counts (one per other seat)."""
    cdef bint failing[MAX_COMPONENTS]
    cdef Profile x
    cdef int h, i, p, top, high_pair, best = -1
    cdef bint beaten, all_fail
    cdef const Component* c
    cdef const Component* b
    if lead.n_comp < 2:
        return -1
    all_fail = lead.suit == TRUMP and not trump_throws
    for i in range(lead.n_comp):
        failing[i] = all_fail
    if not all_fail:
        for h in range(n_others):
            make_profile(others + h * N_KINDS, t, lead.suit, &x)
            if x.n_cards == 0:
                continue
            high_pair = -1
            for p in range(MAX_CHAIN - 1, -1, -1):
                if x.pc[p]:
                    high_pair = x.po[p]
                    break
            for i in range(lead.n_comp):
                if failing[i]:
                    continue
                c = &lead.comp[i]
                # Strictly higher, same shape: equals do not beat.
                if c.shape == SHAPE_SINGLE:
                    beaten = x.top_order > c.top_order
                elif c.shape == SHAPE_PAIR:
                    beaten = high_pair > c.top_order
                else:
                    top = highest_run_top(x.pc, c.length)
                    beaten = top >= 0 and x.po[top] > c.top_order
                failing[i] = beaten
    # Forced: the smallest shape, then the lowest top order, then the lowest kind id.
    for i in range(lead.n_comp):
        if not failing[i]:
            continue
        c = &lead.comp[i]
        if best >= 0:
            b = &lead.comp[best]
            if comp_weight(c) != comp_weight(b):
                if comp_weight(c) > comp_weight(b):
                    continue
            elif c.top_order != b.top_order:
                if c.top_order > b.top_order:
                    continue
            elif c.top_kind >= b.top_kind:
                continue
        best = i
    return best


# -----------------------------------------------------------------------------------------
# Python entry points (one item per call)
# -----------------------------------------------------------------------------------------
SHAPE_NAMES = ("single", "pair", "tractor", "throw")
SUIT_NAMES = ("S", "H", "C", "D", "T")
SIDE_NAMES = ("banker", "defenders")

_STATUS_MESSAGES = {
    COMBO_EMPTY: "no cards: a combination needs at least one card",
    COMBO_MIXED: "cards of more than one following-suit do not form one combination",
    COMBO_OVERFULL: "a card appears more than twice, but the deck holds two of each card",
    COMBO_BAD_SIZE: "plays must be non-empty and all the same size",
    COMBO_BAD_KIND: "a card kind is outside 0..53, or a length is outside the row",
}


cdef int combo_check(int status) except -1:
    if status < 0:
        raise ValueError(_STATUS_MESSAGES.get(status, f"rules engine status {status}"))
    return status


cdef int combo_setup(TrumpTable* t, RulesC* r, int level, int suit, object rules) except -1:
    if not 0 <= level < N_RANKS:
        raise ValueError(f"level rank index {level} out of range 0..12")
    if not 0 <= suit <= NO_TRUMP:
        raise ValueError(f"suit index {suit} out of range 0..4 (4 = no-trump)")
    r[0] = pack_rules(rules)
    rules_table(t, level, suit, r)
    return 0


def _counts_rows(obj, name):
    """Per-kind counts as a C-contiguous uint8 array of shape (rows, N_KINDS)."""
    a = np.ascontiguousarray(obj, dtype=np.uint8)
    if a.ndim == 1:
        a = a.reshape(1, -1)
    if a.ndim != 2 or a.shape[1] != N_KINDS:
        raise ValueError(f"{name}: expected per-kind counts of length {N_KINDS}, "
                         f"got shape {np.shape(obj)}")
    return a


cdef tuple _combo_tuple(const Combo* c):
    cdef int i, k
    comps = []
    for i in range(c.n_comp):
        kinds = [k for k in range(N_KINDS) if c.comp[i].kinds >> k & 1]
        comps.append((c.comp[i].shape, c.comp[i].length, c.comp[i].top_order,
                      c.comp[i].top_kind, kinds))
    return (c.suit, c.shape, c.pairs, c.top_order, c.top_kind, comps)


def classify(counts, int level, int suit, rules):
    """Decompose one multiset (per-kind counts, length 54).

    Returns ``(suit, shape, pairs, top_order, top_kind, components)``; each component is
    ``(shape, length, top_order, top_kind, kinds)`` (kinds ascending), largest first.
    Shapes index ``SHAPE_NAMES``, suits ``SUIT_NAMES``."""
    cdef TrumpTable t
    cdef RulesC r
    cdef Combo c
    cdef const uint8_t[:, ::1] a = _counts_rows(counts, "counts")
    combo_setup(&t, &r, level, suit, rules)
    combo_check(decompose(&a[0, 0], &t, &c))
    return _combo_tuple(&c)


def legal_follow(hand, lead, play, int level, int suit, rules):
    """docs "Follow legality" on per-kind counts; ValueError for an invalid lead."""
    cdef TrumpTable t
    cdef RulesC r
    cdef Combo c
    cdef const uint8_t[:, ::1] h = _counts_rows(hand, "hand")
    cdef const uint8_t[:, ::1] ld = _counts_rows(lead, "lead")
    cdef const uint8_t[:, ::1] p = _counts_rows(play, "play")
    combo_setup(&t, &r, level, suit, rules)
    combo_check(decompose(&ld[0, 0], &t, &c))
    return bool(legal_follow_counts(&h[0, 0], &c, &p[0, 0], &t, r.short_suit_trumps))


def trick_winner(plays, int level, int suit, rules):
    """docs "Trick winner"; plays: per-kind counts, shape (n_plays, 54), lead first."""
    cdef TrumpTable t
    cdef RulesC r
    cdef const uint8_t[:, ::1] a = _counts_rows(plays, "plays")
    combo_setup(&t, &r, level, suit, rules)
    return combo_check(trick_winner_counts(&a[0, 0], a.shape[0], &t))


def check_throw(lead, others, int level, int suit, rules):
    """docs "Throw check": None when the lead stands, else the forced component as
    ``(shape, length, top_order, top_kind, kinds)``.  others: counts, shape (n, 54)."""
    cdef TrumpTable t
    cdef RulesC r
    cdef Combo c
    cdef int i
    cdef const uint8_t[:, ::1] ld = _counts_rows(lead, "lead")
    cdef const uint8_t[:, ::1] o
    others = np.asarray(others, dtype=np.uint8)
    if others.size == 0:
        others = np.zeros((0, N_KINDS), dtype=np.uint8)
    o = _counts_rows(others, "other hands") if others.shape[0] else others
    combo_setup(&t, &r, level, suit, rules)
    combo_check(decompose(&ld[0, 0], &t, &c))
    i = throw_failure(&c, &o[0, 0] if o.shape[0] else NULL, o.shape[0], &t, r.trump_throws)
    if i < 0:
        return None
    return _combo_tuple(&c)[5][i]


def match_shape(counts, lead, int level, int suit, rules):
    """docs "Placement", "Shape match" and "Key": how cards of one following-suit
    (per-kind counts) meet a lead (per-kind counts).

    Returns ``(placed, has_shape, key)``: ``placed[i]`` tells whether the lead's i-th
    tractor component (largest first) is in the lexicographically largest placement the
    cards allow; ``has_shape`` whether the cards have the lead's size and decomposition;
    ``key`` the play's key against the lead when it has the shape, else -1."""
    cdef TrumpTable t
    cdef RulesC r
    cdef Combo c
    cdef Profile x
    cdef int s, mask, i
    cdef bint has
    cdef const uint8_t[:, ::1] a = _counts_rows(counts, "cards")
    cdef const uint8_t[:, ::1] ld = _counts_rows(lead, "lead")
    combo_setup(&t, &r, level, suit, rules)
    combo_check(decompose(&ld[0, 0], &t, &c))
    s = combo_check(suit_of(&a[0, 0], &t))
    make_profile(&a[0, 0], &t, s, &x)
    mask = tractor_mask(x.pc, &c)
    placed = tuple(bool((mask >> (c.n_tractor - 1 - i)) & 1) for i in range(c.n_tractor))
    has = x.n_cards == c.n_cards and has_lead_shape(&x, &c)
    return placed, has, lead_key(&x, &c) if has else -1


# -----------------------------------------------------------------------------------------
# batched entry points: one call, a C loop over every item, no Python per item
# -----------------------------------------------------------------------------------------
cdef int fill_counts(const uint8_t* kinds, int n, int width, uint8_t* counts) noexcept nogil:
    """A padded row of kind ids (first n used) -> per-kind counts."""
    cdef int j, k
    memset(counts, 0, N_KINDS)
    if n < 0 or n > width:
        return COMBO_BAD_KIND
    for j in range(n):
        k = kinds[j]
        if k >= N_KINDS:
            return COMBO_BAD_KIND
        if counts[k] == N_COPIES:
            return COMBO_OVERFULL
        counts[k] += 1
    return COMBO_OK


def _kind_rows(obj, ndim, name):
    a = np.ascontiguousarray(obj, dtype=np.uint8)
    if a.ndim != ndim:
        raise ValueError(f"{name}: expected a {ndim}-d array of kind ids, got shape {a.shape}")
    return a


def _lengths(obj, n, name):
    a = np.ascontiguousarray(obj, dtype=np.int32)
    if a.shape != (n,):
        raise ValueError(f"{name}: expected {n} lengths, got shape {a.shape}")
    return a


def classify_batch(kinds, lengths, int level, int suit, rules):
    """Classify many multisets at once.

    kinds: uint8 (n, width) kind ids, row i using its first lengths[i] entries.
    Returns int8 arrays ``(shape, suit, pairs, n_comp)``; a bad row has a negative status
    (``COMBO_*``) in ``shape`` and zeros elsewhere."""
    cdef TrumpTable t
    cdef RulesC r
    cdef Combo c
    cdef uint8_t counts[N_KINDS]
    cdef const uint8_t[:, ::1] kv = _kind_rows(kinds, 2, "kinds")
    cdef Py_ssize_t n = kv.shape[0], i
    cdef int width = kv.shape[1], status
    cdef const int32_t[::1] lv = _lengths(lengths, n, "lengths")
    out = np.zeros((4, n), dtype=np.int8)
    cdef int8_t[:, ::1] ov = out
    combo_setup(&t, &r, level, suit, rules)
    with nogil:
        for i in range(n):
            status = fill_counts(&kv[i, 0] if width else NULL, lv[i], width, counts)
            if status == COMBO_OK:
                status = decompose(counts, &t, &c)
            if status != COMBO_OK:
                ov[0, i] = status
                continue
            ov[0, i] = c.shape
            ov[1, i] = c.suit
            ov[2, i] = c.pairs
            ov[3, i] = c.n_comp
    return out[0], out[1], out[2], out[3]


def trick_winner_batch(plays, lengths, int level, int suit, rules):
    """Winners of many tricks at once.

    plays: uint8 (n_tricks, n_plays, width) kind ids, lead first; every play of trick i uses
    its first lengths[i] entries.  Returns int8 winners; a bad trick gets a negative status."""
    cdef TrumpTable t
    cdef RulesC r
    cdef const uint8_t[:, :, ::1] pv = _kind_rows(plays, 3, "plays")
    cdef Py_ssize_t n = pv.shape[0], i
    cdef int n_plays = pv.shape[1], width = pv.shape[2], j, status
    cdef const int32_t[::1] lv = _lengths(lengths, n, "lengths")
    scratch = np.zeros((max(n_plays, 1), N_KINDS), dtype=np.uint8)
    cdef uint8_t[:, ::1] sv = scratch
    out = np.zeros(n, dtype=np.int8)
    cdef int8_t[::1] ov = out
    combo_setup(&t, &r, level, suit, rules)
    if n_plays == 0 or width == 0:
        out[:] = COMBO_BAD_SIZE
        return out
    with nogil:
        for i in range(n):
            status = COMBO_OK
            for j in range(n_plays):
                status = fill_counts(&pv[i, j, 0], lv[i], width, &sv[j, 0])
                if status != COMBO_OK:
                    break
            if status == COMBO_OK:
                status = trick_winner_counts(&sv[0, 0], n_plays, &t)
            ov[i] = status
    return out


def legal_follow_batch(hands, hand_lengths, leads, lead_lengths, plays, play_lengths,
                       int level, int suit, rules):
    """Follow legality of many (hand, lead, play) triples at once; each argument a uint8
    (n, width) array of kind ids with its lengths.  Returns int8: 1 legal, 0 illegal, a
    negative status for a bad lead or row."""
    cdef TrumpTable t
    cdef RulesC r
    cdef Combo c
    cdef uint8_t hc[N_KINDS]
    cdef uint8_t lc[N_KINDS]
    cdef uint8_t pc[N_KINDS]
    cdef const uint8_t[:, ::1] hv = _kind_rows(hands, 2, "hands")
    cdef const uint8_t[:, ::1] lv = _kind_rows(leads, 2, "leads")
    cdef const uint8_t[:, ::1] pv = _kind_rows(plays, 2, "plays")
    cdef Py_ssize_t n = hv.shape[0], i
    cdef int status
    if lv.shape[0] != n or pv.shape[0] != n:
        raise ValueError("hands, leads and plays must have the same number of rows")
    cdef const int32_t[::1] hl = _lengths(hand_lengths, n, "hand_lengths")
    cdef const int32_t[::1] ll = _lengths(lead_lengths, n, "lead_lengths")
    cdef const int32_t[::1] pl = _lengths(play_lengths, n, "play_lengths")
    cdef int hw = hv.shape[1], lw = lv.shape[1], pw = pv.shape[1]
    out = np.zeros(n, dtype=np.int8)
    cdef int8_t[::1] ov = out
    combo_setup(&t, &r, level, suit, rules)
    if n and (hw == 0 or lw == 0 or pw == 0):
        raise ValueError("hands, leads and plays need at least one column")
    with nogil:
        for i in range(n):
            status = fill_counts(&hv[i, 0], hl[i], hw, hc)
            if status == COMBO_OK:
                status = fill_counts(&lv[i, 0], ll[i], lw, lc)
            if status == COMBO_OK:
                status = fill_counts(&pv[i, 0], pl[i], pw, pc)
            if status == COMBO_OK:
                status = decompose(lc, &t, &c)
            if status != COMBO_OK:
                ov[i] = status
                continue
            ov[i] = legal_follow_counts(hc, &c, pc, &t, r.short_suit_trumps)
    return out

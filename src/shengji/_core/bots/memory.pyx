# cython: language_level=3
"""The memory bot: greedy's rules of thumb plus the public record a real player keeps,
deterministic, from its view only (view.pxd).

The record (``Record``, rebuilt from the view at each decision, so the bot stays a pure
function of its view): the cards each seat still holds; the suits each seat is known to be
out of -- shown (it failed to follow) or deduced (no card of the suit is left that this
seat cannot place); how many cards of each suit are unseen, so which cards are now the
highest outstanding (``beaten_by_unseen`` counts only unseen cards); who can still ruff a
suit (an opponent out of it and not out of trumps); the points still out; and, at the end
of the hand, what the last trick is worth (the kitty bonus, docs/rules.md §5).

Every rule below was kept because it won in a duplicate duel against greedy (the duel
study, >= 10,000 deals, standard rules; figures are the swing in defender points per
deal it added, in the order the rules were added):
  lead   1. cash sure winners of side suits only where no opponent can ruff (greedy: where
            none has shown out; +3), never trumps (keep them to ruff and to control the
            end; +2.8);
         2. lead the longest, highest tractor of a side suit no opponent can ruff (+2.1),
         3. else its highest pair (+5.8): pairs and tractors force pairs out or points in;
         4. draw trumps when long in them (banker team, as greedy), not when both
            opponents are out of trumps;
         5. lead to the partner's void (it can ruff, the opponents cannot) with the card
            worth the most points (+0.3);
         6. else a low card of the shortest side suit (greedy).
  follow the current winner is safe when no opponent still to play in the trick can beat
         it -- in the suit, or by ruffing when out of the suit (greedy looked at every
         unseen card and every opponent; +3.7);
         partner winning safely -> feed it the most points (greedy);
         win when it is worth it: a safe win (not as second hand in a trick still without
         points: +1.6), as third hand a trick worth >= 5 points, as last hand only a trick
         holding points or for a cheap card (+3.4; greedy also won pointless tricks and
         risky ones); a safe win takes its own points along; overtake an unsafe partner
         to save >= 5 points (+0.4);
         else give up the least (greedy's costs), and in the endgame keep the highest
         trump for the last trick, worth the kitty bonus at stake (+0.25).
  bury   greedy's (low side cards of the shortest suits, keeping pairs and points), but
         points weigh less when the banker holds >= 10 trumps: it will keep the last
         trick, so the kitty is a safe place for them (+0.3).
Altogether about +25 defender points per deal against greedy (both roles together)."""
from libc.stdint cimport uint8_t, uint64_t

from shengji._core.base.cards cimport HAND_SIZE, KITTY_SIZE, N_KINDS, N_SEATS, N_SUITS, TRUMP, team
from shengji._core.rules.combos cimport Combo, Component, SHAPE_SINGLE, SHAPE_PAIR, decompose
from shengji._core.engine.hand cimport N_FOLLOW, PHASE_PLAY, Public
from shengji._core.engine.moves cimport MAX_PLAYS, forced_play
from shengji._core.engine.play cimport (
    Play, bit, ctz, mask_size, masked_counts, play_points, play_size, popcount,
)
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport unseen
from shengji._core.bots.greedy cimport (
    POINT_VALUE, TrickNow, beaten_by_unseen, bury_lowest, card_value, follow_candidates,
    follow_costs, follow_wins_all, lead_short, lowest_card, sure_components, trick_now,
)
from shengji._core.bots.bot cimport BotVTable, bot_entry

cdef enum:
    LONG_TRUMPS_MIN = 6        # draw trumps holding at least this many...
    DRAW_RATIO = 2             # ... and at least 1/DRAW_RATIO of the unseen ones
    POINTS_WORTH_WINNING = 5   # third hand wins a risky trick holding this many points
    CHEAP_WIN = 5              # last hand wins a pointless trick only below this cost
    OVERTAKE_POINTS = 5        # overtake an unsafe partner to save this many points
    ENDGAME_CARDS = 8          # the endgame: this many cards left in the hand
    KEEP_VALUE = 10            # the highest trump's worth in the endgame, beyond the kitty
    BURY_POINT_WEIGHT = 6      # bury: keep-value per point (greedy's)...
    SAFE_POINT_WEIGHT = 2      # ... and when the last trick is safe: the banker holds
    SAFE_TRUMPS = 10           # this many trumps (of 33 cards)
    KITTY_SINGLE = 2           # the kitty multiplier of a single (docs/rules.md §5)


ctypedef struct Record:
    # The public record as this seat reads it (make_record).
    int held[N_SEATS]                # cards each seat holds now
    uint8_t out[N_SEATS]             # bit s: the seat has no card of following-suit s
    int unseen_suit[N_FOLLOW]        # cards of each suit this seat cannot place
    int unseen_points                # points among them
    int unseen_total
    int stake                        # endgame: the cost of giving up the kept trump
    uint64_t keep                    # endgame: the highest trump, kept for the last trick


cdef void make_record(const View* v, Record* rec) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef int s, k, t, i, n, played = 0
    cdef uint64_t m
    rec.unseen_points = 0
    rec.unseen_total = 0
    for s in range(N_FOLLOW):
        n = 0
        m = pub.suit_mask[s]
        while m:
            k = ctz(m)
            m &= m - 1
            i = unseen(v, k)
            n += i
            rec.unseen_points += i * pub.t.points[k]
        rec.unseen_suit[s] = n
        rec.unseen_total += n
    for t in range(pub.tricks_done):         # every play of a trick has the lead's size
        played += play_size(&pub.tricks[t].plays[0])
    for s in range(N_SEATS):
        rec.held[s] = HAND_SIZE - played
        rec.out[s] = pub.void_suits[s]
        if s != v.seat:
            for i in range(N_FOLLOW):
                if rec.unseen_suit[i] == 0:  # no card of it left to anyone else
                    rec.out[s] |= 1 << i
    for i in range(pub.n_in_trick):
        rec.held[(pub.leader + i) % N_SEATS] -= pub.lead.n_cards
    rec.stake = 0
    rec.keep = 0
    if rec.held[v.seat] <= ENDGAME_CARDS:
        endgame(v, rec)


cdef void endgame(const View* v, Record* rec) noexcept nogil:
    """Keep the highest trump for the last trick, whose winner's team takes the kitty bonus
    when it defends (docs/rules.md §5): worth at least the kitty's points at the single
    multiplier -- known to the banker, else the unseen points' share in 8 unseen cards."""
    cdef const Public* pub = v.pub
    cdef int k, best = -1, kitty = 0
    if v.buried != NULL:
        for k in range(N_KINDS):
            kitty += v.buried[k] * pub.t.points[k]
    elif rec.unseen_total > 0:
        kitty = rec.unseen_points * KITTY_SIZE // rec.unseen_total
    rec.stake = KITTY_SINGLE * kitty + KEEP_VALUE
    best = highest_kind(pub, v.own.one & pub.suit_mask[TRUMP])
    if best >= 0:
        rec.keep = bit(best)


cdef int highest_kind(const Public* pub, uint64_t m) noexcept nogil:
    """The kind of mask m highest in order (the first of equals), -1 for none."""
    cdef int k, best = -1
    while m:
        k = ctz(m)
        m &= m - 1
        if best < 0 or pub.t.order[k] > pub.t.order[best]:
            best = k
    return best


cdef inline bint is_out(const Record* rec, int o, int s) noexcept nogil:
    return (rec.out[o] >> s) & 1


cdef inline bint can_trump(const View* v, const Record* rec, int o, int shape,
                           int key) noexcept nogil:
    """Could seat o, out of the led side suit, play trumps of the lead's shape above key
    (key -1: any)?"""
    if is_out(rec, o, TRUMP):
        return False
    return shape == SHAPE_SINGLE and key < 0 or beaten_by_unseen(v, TRUMP, shape, key)


cdef bint opponent_ruffs(const View* v, const Record* rec, int s, int shape) noexcept nogil:
    """Could an opponent win a lead of side suit s (shape) by trumping it?"""
    cdef int o
    for o in range(N_SEATS):
        if team(o) != team(v.seat) and is_out(rec, o, s) and can_trump(v, rec, o, shape, -1):
            return True
    return False


cdef bint later_beats(const View* v, const Record* rec, int win_suit, int win_key) noexcept nogil:
    """Could an opponent still to play in the current trick beat the play (win_suit,
    win_key) that would win it: in the led suit, or by trumping it when out of the suit?"""
    cdef const Public* pub = v.pub
    cdef int j, o, ls = pub.lead.suit, shape = pub.lead.comp[0].shape
    for j in range(pub.n_in_trick + 1, N_SEATS):
        o = (pub.leader + j) % N_SEATS
        if team(o) == team(v.seat):
            continue
        if not is_out(rec, o, ls):
            if win_suit == ls and beaten_by_unseen(v, ls, shape, win_key):
                return True
        elif ls != TRUMP and can_trump(v, rec, o, shape, -1 if win_suit == ls else win_key):
            return True
    return False


cdef bint opponent_showed_out(const View* v, int s) noexcept nogil:
    cdef int o
    for o in range(N_SEATS):
        if team(o) != team(v.seat) and (v.pub.void_suits[o] >> s) & 1:
            return True
    return False


# -- leads ------------------------------------------------------------------------------
cdef bint lead_sure(const View* v, const Record* rec, Play* out) noexcept nogil:
    """Every component of a side suit that no unseen cards can beat in its shape, thrown
    together (a safe throw), where no opponent can ruff; the suit with the most."""
    cdef int s, n, best_n = 0, largest_n
    cdef Play sure, largest
    for s in range(N_SUITS):
        if opponent_ruffs(v, rec, s, SHAPE_SINGLE):
            continue
        n = sure_components(v, s, &sure, &largest, &largest_n)
        if n > best_n:
            best_n = n
            out[0] = sure
    return best_n > 0


cdef bint lead_tractor(const View* v, const Record* rec, Play* out) noexcept nogil:
    """The longest (then highest) tractor of a side suit no opponent can ruff."""
    cdef const Public* pub = v.pub
    cdef int s, i, n, best_n = 0
    cdef uint8_t cnt[N_KINDS]
    cdef Combo c
    cdef const Component* cp
    cdef uint64_t two
    for s in range(N_SUITS):
        two = v.own.two & pub.suit_mask[s]
        if popcount(two) < 2 or opponent_ruffs(v, rec, s, SHAPE_PAIR):
            continue
        masked_counts(v.own.count, two, cnt)
        decompose(cnt, &pub.t, &c)
        for i in range(c.n_tractor):
            cp = &c.comp[i]
            n = cp.length * N_KINDS + cp.top_order
            if n > best_n:
                best_n = n
                out.one = cp.kinds
                out.two = cp.kinds
    return best_n > 0


cdef bint lead_pair(const View* v, const Record* rec, Play* out) noexcept nogil:
    """The highest pair of a side suit no opponent can ruff."""
    cdef const Public* pub = v.pub
    cdef int s, k, best = -1, best_v = -1
    cdef uint64_t m
    for s in range(N_SUITS):
        m = v.own.two & pub.suit_mask[s]
        if m == 0 or opponent_ruffs(v, rec, s, SHAPE_PAIR):
            continue
        while m:
            k = ctz(m)
            m &= m - 1
            if card_value(pub, k) > best_v:
                best_v = card_value(pub, k)
                best = k
    if best < 0:
        return False
    out.one = bit(best)
    out.two = bit(best)
    return True


cdef bint lead_draw(const View* v, const Record* rec, Play* out) noexcept nogil:
    """Draw trumps when long in them (the banker team's plan; greedy's rule), unless both
    opponents are out of trumps: the highest trump pair, else the lowest trump."""
    cdef const Public* pub = v.pub
    cdef int me = v.seat, best
    cdef int trumps = mask_size(v.own.one, v.own.two, pub.suit_mask[TRUMP])
    if team(me) != team(pub.banker) or trumps < LONG_TRUMPS_MIN or \
            DRAW_RATIO * trumps < rec.unseen_suit[TRUMP] or rec.unseen_suit[TRUMP] == 0 or \
            is_out(rec, (me + 1) % N_SEATS, TRUMP) and is_out(rec, (me + 3) % N_SEATS, TRUMP):
        return False
    best = highest_kind(pub, v.own.two & pub.suit_mask[TRUMP])
    if best >= 0:
        out.one = bit(best)
        out.two = bit(best)
        return True
    out.one = bit(lowest_card(v, v.own.one & pub.suit_mask[TRUMP]))
    out.two = 0
    return True


cdef bint lead_partner_void(const View* v, const Record* rec, Play* out) noexcept nogil:
    """The card worth most points of the shortest side suit the partner has shown out of
    while the opponents have not (the partner ruffs it and takes the points)."""
    cdef const Public* pub = v.pub
    cdef int s, k, pk, n, low = 1 << 20, low_k = -1, partner = (v.seat + 2) % N_SEATS
    cdef uint64_t one, m
    if is_out(rec, partner, TRUMP):
        return False
    for s in range(N_SUITS):
        one = v.own.one & pub.suit_mask[s]
        if one == 0 or not (pub.void_suits[partner] >> s) & 1 or opponent_showed_out(v, s):
            continue
        k = lowest_card(v, one)
        m = one
        while m:
            pk = ctz(m)
            m &= m - 1
            if pub.t.points[pk] > pub.t.points[k]:
                k = pk
        n = mask_size(v.own.one, v.own.two, pub.suit_mask[s]) * N_KINDS + card_value(pub, k)
        if n < low:
            low = n
            low_k = k
    if low_k < 0:
        return False
    out.one = bit(low_k)
    out.two = 0
    return True


cdef void memory_lead(const View* v, const Record* rec, Play* out) noexcept nogil:
    if lead_sure(v, rec, out) or lead_tractor(v, rec, out) or lead_pair(v, rec, out) or \
            lead_draw(v, rec, out) or lead_partner_void(v, rec, out):
        return
    lead_short(v, False, out)          # a low card of the shortest side suit


# -- follows ----------------------------------------------------------------------------
cdef int memory_play(const View* v, Rng* rng, Play* out) noexcept nogil:
    cdef const Public* pub = v.pub
    cdef Play buf[MAX_PLAYS]
    cdef int costs[MAX_PLAYS]
    cdef uint8_t won[MAX_PLAYS]
    cdef int suits[MAX_PLAYS]
    cdef int keys[MAX_PLAYS]
    cdef Record rec
    cdef TrickNow t
    cdef int me = v.seat, pos = pub.n_in_trick, n, i, pts, cost
    cdef int best = -1, best_a = 0, best_b = 0, a, b
    cdef bint last, partner_wins, secure, wins, safe, worth
    if pub.phase != PHASE_PLAY:
        return -1
    if forced_play(v, out):                # the only legal play: nothing to weigh
        return 0
    make_record(v, &rec)
    if pos == 0:
        memory_lead(v, &rec, out)
        return 0
    n = follow_candidates(v, buf)
    if n == 0:
        return -1
    if n == 1:
        out[0] = buf[0]
        return 0
    last = pos == N_SEATS - 1
    trick_now(v, &t)
    partner_wins = team(t.seat) == team(me)
    secure = last or not later_beats(v, &rec, t.suit, t.key)
    follow_costs(v, buf, n, costs)
    if not (partner_wins and secure):
        follow_wins_all(v, &t, buf, n, won, suits, keys)
    for i in range(n):
        pts = play_points(&buf[i], &pub.t)
        cost = costs[i]
        if buf[i].one & rec.keep:
            cost += rec.stake
        if partner_wins and secure:
            # feed points to the partner's safe trick, cheaply otherwise
            a = -pts
            b = cost
        else:
            wins = won[i]
            safe = wins and (last or not later_beats(v, &rec, suits[i], keys[i]))
            if last:
                worth = pub.trick_points + pts > 0 or cost < CHEAP_WIN
            elif pos == 1:
                worth = safe and pub.trick_points + pts > 0
            else:
                worth = safe or pub.trick_points + pts >= POINTS_WORTH_WINNING
            if wins and not partner_wins and worth:
                # win as cheaply as possible; a sure win takes its own points along
                a = 0
                b = cost - (POINT_VALUE * pts if safe else 0)
            elif safe and partner_wins and pub.trick_points >= OVERTAKE_POINTS:
                # overtake a partner who would lose the trick's points
                a = 0
                b = cost - POINT_VALUE * pts
            else:
                # give up the least: points first, unless the partner is winning
                a = 1
                b = cost + (POINT_VALUE * 4 * pts if not partner_wins else 0)
        if best < 0 or a < best_a or (a == best_a and b < best_b):
            best = i
            best_a = a
            best_b = b
    out[0] = buf[best]
    return 0


# -- bury -------------------------------------------------------------------------------
cdef int memory_bury(const View* v, Rng* rng, Play* out) noexcept nogil:
    """Greedy's bury; points weigh less when the banker's trumps make the last trick (and
    with it the kitty) safe."""
    cdef int trumps = mask_size(v.own.one, v.own.two, v.pub.suit_mask[TRUMP])
    return bury_lowest(v, SAFE_POINT_WEIGHT if trumps >= SAFE_TRUMPS else BURY_POINT_WEIGHT,
                       out)


# the registry's entry (registry.pyx; its bids: bidder.pyx's memory_bid, the table's `bids`)
cdef BotVTable _BOT
_BOT.bury = memory_bury
_BOT.play = memory_play
BOT = bot_entry(&_BOT)

# cython: language_level=3
"""A conditional deal's specification: a [deal] table compiled for the core
(docs/conditional-deals.md).

``DealSpec`` holds one level's: each slot's fixed cards and the free cards, the packed
lanes every card adds to its slot (deal.pyx's layout), the predicate as a postfix program
of comparisons (``cond_eval``: a comparison is a sum of slots' features against a bound),
and the exact method's tables -- the anchor slot's free cards by class and the count
vectors its clauses allow, with their cumulative weights.  Every argument is checked here,
once, so that the nogil dealing (cond.pyx) can trust it.  ``Dealing`` is what a kernel call
deals with: the specs of the levels it may deal at, and its counts of candidate deals
drawn and accepted."""
import numpy as np
cimport numpy as cnp
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from shengji._core.base.bits cimport sj_popcount64
from shengji._core.base.cards cimport (
    BIG_JOKER, HAND_SIZE, KITTY_SIZE, N_CARDS, N_DEALT, N_RANKS, SMALL_JOKER, kind_of,
    kind_points,
)
from shengji._core.base.rng cimport sj_descending_bounds, sj_descending_thresholds

cnp.import_array()

# A predicate failing this many candidate deals in a row stops the run (acceptance below
# about 1e-7 cannot be met by rejection in useful time; docs/conditional-deals.md).
MAX_TRIES = 10_000_000
SLOT_NAMES = ("seat0", "seat1", "seat2", "seat3", "kitty")
SLOT_SIZES = (HAND_SIZE, HAND_SIZE, HAND_SIZE, HAND_SIZE, KITTY_SIZE)
OPS = ("==", "!=", "<", "<=", ">", ">=")
# the feature ids of spec.pxd: deal.pyx's FEATURE_NAMES, the plain lengths, then the kinds
LENGTH_NAMES = ("length_s", "length_h", "length_c", "length_d")
COND_FEATURE_BASE = FEAT_LENGTH
COND_FEATURE_KIND = FEAT_KIND
CODE = {"and": CODE_AND, "or": CODE_OR, "not": CODE_NOT}
ERR_TRIES = DEAL_ERR_TRIES
ERR_LEVEL = DEAL_ERR_LEVEL


cdef str deal_error(int rc):
    if rc == DEAL_ERR_TRIES:
        return (f"deal: no deal met the [deal] table's where in {MAX_TRIES:,} tries in a row "
                "(it holds for fewer than about 1 deal in 10^7; an exact draw covers one "
                "seat's trumps, points, jokers, suit lengths and cards: "
                "docs/conditional-deals.md)")
    if rc == DEAL_ERR_LEVEL:
        return "deal: no conditional deal was prepared for this hand's level"
    return f"deal status {rc}"


def error_text(int rc):
    """The message of a DEAL_ERR_* status (for the drivers' Python wrappers)."""
    return deal_error(rc)


# -- features --------------------------------------------------------------------------
cdef inline uint64_t card_lanes(int card, int level) noexcept nogil:
    """What one card adds to its slot's packed counts (deal.pyx's lanes: plain S, H, C, D,
    level cards, small jokers, big jokers, points)."""
    cdef int kind = kind_of(card)
    if kind == SMALL_JOKER:
        return (<uint64_t> 1) << (8 * LANE_SMALL)
    if kind == BIG_JOKER:
        return (<uint64_t> 1) << (8 * LANE_BIG)
    cdef uint64_t lanes
    if kind % N_RANKS == level:
        lanes = (<uint64_t> 1) << (8 * LANE_LEVEL)
    else:
        lanes = (<uint64_t> 1) << (8 * (kind // N_RANKS))
    return lanes | ((<uint64_t> kind_points(kind)) << (8 * LANE_POINTS))


cdef inline int level_kinds(uint64_t kinds, int level) noexcept nogil:
    """How many of the four level kinds (level + 13 * suit) a kind set holds
    (deal_kernel.h's sj_count_level_kinds)."""
    cdef uint64_t pattern = (<uint64_t> 1) | ((<uint64_t> 1) << 13) | ((<uint64_t> 1) << 26) \
        | ((<uint64_t> 1) << 39)
    return <int> (((((kinds >> level) & pattern) * pattern) >> 39) & 7)


cdef inline int lane(uint64_t lanes, int k) noexcept nogil:
    return <int> ((lanes >> (8 * k)) & 0xFF)


cdef inline int slot_cards(uint64_t lanes) noexcept nogil:
    """How many cards a slot's lanes count (each card adds 1 to one of lanes 0..6)."""
    cdef int x, n = 0
    for x in range(LANE_POINTS):
        n += lane(lanes, x)
    return n


cdef int feature(uint64_t lanes, uint64_t kinds, uint64_t twice, int f,
                 int level) noexcept nogil:
    """Feature f (cond.pxd's ids) of a slot holding these lanes and kinds (twice, the kinds
    held twice, is read only for a card kind's copies): a hand of n cards of |kinds| kinds
    holds n - |kinds| pairs, as in deal_kernel.h."""
    cdef int always, x, best
    if f >= FEAT_KIND:
        return <int> ((kinds >> (f - FEAT_KIND)) & 1) + <int> ((twice >> (f - FEAT_KIND)) & 1)
    if f >= FEAT_LENGTH:
        return lane(lanes, f - FEAT_LENGTH)
    always = lane(lanes, LANE_LEVEL) + lane(lanes, LANE_SMALL) + lane(lanes, LANE_BIG)
    if f < 4:
        return lane(lanes, f) + always
    if f == 4:
        return always
    if f == 5:
        return lane(lanes, LANE_POINTS)
    if f == 6:
        return lane(lanes, LANE_LEVEL)
    if f == 7:
        return lane(lanes, LANE_SMALL)
    if f == 8:
        return lane(lanes, LANE_BIG)
    if f == FEAT_PAIRS:
        return slot_cards(lanes) - sj_popcount64(kinds)
    if f == FEAT_LEVEL_PAIRS:
        return lane(lanes, LANE_LEVEL) - level_kinds(kinds, level)
    best = 0
    for x in range(4):
        if lane(lanes, x) > best:
            best = lane(lanes, x)
    return best


cdef bint cond_eval(const CondSpec* s, const uint64_t* lanes, const uint64_t* kinds,
                    const uint64_t* twice) noexcept nogil:
    cdef int stack[MAX_CODE]
    cdef int sp = 0, i, t, v, op
    cdef const CondAtom* a
    if s.n_code == 0:
        return True
    for i in range(s.n_code):
        op = s.code[i]
        if op >= 0:
            a = &s.atoms[op]
            v = 0
            for t in range(a.n_terms):
                v += a.coef[t] * feature(lanes[a.slot[t]], kinds[a.slot[t]], twice[a.slot[t]],
                                         a.feat[t], s.level)
            if a.op == OP_EQ:
                stack[sp] = v == a.rhs
            elif a.op == OP_NE:
                stack[sp] = v != a.rhs
            elif a.op == OP_LT:
                stack[sp] = v < a.rhs
            elif a.op == OP_LE:
                stack[sp] = v <= a.rhs
            elif a.op == OP_GT:
                stack[sp] = v > a.rhs
            else:
                stack[sp] = v >= a.rhs
            sp += 1
        elif op == CODE_NOT:
            stack[sp - 1] = not stack[sp - 1]
        elif op == CODE_AND:
            sp -= 1
            stack[sp - 1] = stack[sp - 1] and stack[sp]
        else:
            sp -= 1
            stack[sp - 1] = stack[sp - 1] or stack[sp]
    return stack[0] != 0


# -- the Python side: a compiled spec, checked once ----------------------------------------
cdef int _check_code(list atoms, list code) except -1:
    cdef int depth = 0
    for op in code:
        if isinstance(op, bool) or not isinstance(op, int):
            raise TypeError("code: integers")
        if op >= 0:
            if op >= len(atoms):
                raise ValueError(f"code: atom {op} of {len(atoms)}")
            depth += 1
        elif op == CODE_NOT:
            if depth < 1:
                raise ValueError("code: 'not' of nothing")
        elif op == CODE_AND or op == CODE_OR:
            if depth < 2:
                raise ValueError("code: 'and'/'or' of fewer than two")
            depth -= 1
        else:
            raise ValueError(f"code: unknown operation {op}")
    if code and depth != 1:
        raise ValueError("code: does not reduce to one value")
    return 0


def _int(name, value):
    """An integer argument of DealSpec (numpy integers too), as a Python int."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"DealSpec: {name}: an integer, not {type(value).__name__}")
    value = int(value)
    if not -2 ** 31 < value < 2 ** 31:
        raise ValueError(f"DealSpec: {name}: {value} out of range")
    return value


def _seq(name, value):
    """A sequence argument of DealSpec, as a list."""
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise TypeError(f"DealSpec: {name}: a sequence, not {type(value).__name__}")
    return list(value)


def _plain(level, fixed, atoms, code, anchor, classes):
    """DealSpec's arguments as plain ints and lists, or one TypeError/ValueError line."""
    level = _int("level", level)
    fixed = [[_int("fixed card", x) for x in _seq("fixed slot", f)] for f in _seq("fixed", fixed)]
    out_atoms = []
    for atom in _seq("atoms", atoms):
        parts = _seq("atom", atom)
        if len(parts) != 3:
            raise ValueError("DealSpec: an atom is (terms, op, rhs)")
        terms = []
        for term in _seq("terms", parts[0]):
            term = _seq("term", term)
            if len(term) != 3:
                raise ValueError("DealSpec: a term is (slot, feature, coef)")
            terms.append(tuple(_int("term", x) for x in term))
        out_atoms.append((terms, _int("op", parts[1]), _int("rhs", parts[2])))
    code = [_int("code", x) for x in _seq("code", code)]
    classes = [[_int("class card", x) for x in _seq("class", k)] for k in _seq("classes", classes)]
    return level, fixed, out_atoms, code, _int("anchor", anchor), classes


cdef class DealSpec:
    """One constraint compiled for one level (every array is checked here, once, so that
    the nogil dealing can trust it).

    fixed: five sequences of card ids (seats 0..3, the kitty; at most 25, 25, 25, 25, 8;
    all distinct); keep_fixed_order: a full slot's fixed cards keep their order in
    cond_order; atoms: (terms, op, rhs) with terms a sequence of (slot, feature, coef);
    code: the predicate in postfix (atom indices, CODE["and"], ...); anchor, classes,
    vecs, cum: the exact method (anchor -1: none), classes a sequence of card-id sequences
    partitioning the free cards, vecs (n_vec, n_class) uint8 count vectors summing to the
    anchor's free places, cum (n_vec,) uint64 strictly increasing cumulative weights."""

    def __init__(self, level, fixed, keep_fixed_order=False, atoms=(), code=(), anchor=-1,
                 classes=(), vecs=None, cum=None):
        cdef CondSpec* c = &self.c
        cdef int slot, j, card, n, k, i, t
        cdef uint8_t seen[N_CARDS]
        cdef uint64_t b
        level, fixed, atoms, code, anchor, classes = _plain(level, fixed, atoms, code, anchor,
                                                            classes)
        if not isinstance(keep_fixed_order, (bool, np.bool_)):
            raise TypeError("DealSpec: keep_fixed_order: true or false")
        if not 0 <= level < N_RANKS:
            raise ValueError(f"level rank {level} out of range 0..12")
        memset(c, 0, sizeof(CondSpec))
        memset(seen, 0, N_CARDS)
        c.level = level
        c.keep_fixed_order = bool(keep_fixed_order)
        if len(fixed) != N_SLOTS:
            raise ValueError("fixed: five slots (seats 0..3, the kitty)")
        for card in range(N_CARDS):
            c.entry[card] = card_lanes(card, level)
        for slot in range(N_SLOTS):
            if len(fixed[slot]) > SLOT_SIZES[slot]:
                raise ValueError(f"fixed: {SLOT_NAMES[slot]} holds {SLOT_SIZES[slot]} cards")
            c.n_fixed[slot] = len(fixed[slot])
            c.cap[slot] = SLOT_SIZES[slot] - c.n_fixed[slot]
            for j, card in enumerate(fixed[slot]):
                if not 0 <= card < N_CARDS or seen[card]:
                    raise ValueError(f"fixed: card id {card} out of range or given twice")
                seen[card] = 1
                c.fixed[slot][j] = card
                c.base_lanes[slot] += c.entry[card]
                b = (<uint64_t> 1) << (card >> 1)
                c.base_twice[slot] |= c.base_kinds[slot] & b
                c.base_kinds[slot] |= b
        for card in range(N_CARDS):
            if not seen[card]:
                c.free[c.n_free] = card
                c.n_free += 1
        # cond_sets' order: seats 0, 1, 2, the kitty, seat 3 (the last takes the rest)
        for j, slot in enumerate((0, 1, 2, SLOT_KITTY, 3)):
            c.order[j] = slot
        c.n_draws = min(c.n_free - c.cap[3], c.n_free - 1)
        if c.n_draws > 0:
            sj_descending_bounds(c.n_free, c.n_draws, c.bounds)
            sj_descending_thresholds(c.n_free, c.n_draws, c.thresh)
        if c.n_free > 1:
            sj_descending_bounds(c.n_free, c.n_free - 1, c.full_bounds)
            sj_descending_thresholds(c.n_free, c.n_free - 1, c.full_thresh)
        # the predicate
        if len(atoms) > MAX_ATOMS or len(code) > MAX_CODE:
            raise ValueError(f"at most {MAX_ATOMS} comparisons and {MAX_CODE} operations")
        _check_code(atoms, code)
        c.n_atoms = len(atoms)
        c.n_code = len(code)
        for i, op in enumerate(code):
            c.code[i] = op
        for i, (terms, op, rhs) in enumerate(atoms):
            if not 1 <= len(terms) <= MAX_TERMS:
                raise ValueError(f"an atom has 1..{MAX_TERMS} terms")
            if not 0 <= op < len(OPS) or not -100_000 <= rhs <= 100_000:
                raise ValueError("atom: op 0..5, rhs within +-100000")
            c.atoms[i].n_terms = len(terms)
            c.atoms[i].op = op
            c.atoms[i].rhs = rhs
            for t, (slot, f, coef) in enumerate(terms):
                if not (0 <= slot < N_SLOTS and 0 <= f < N_COND_FEATURES
                        and -1000 <= coef <= 1000):
                    raise ValueError("term: slot 0..4, feature 0..69, coef within +-1000")
                c.atoms[i].slot[t] = slot
                c.atoms[i].feat[t] = f
                c.atoms[i].coef[t] = coef
        # the exact method
        c.anchor = anchor
        self.keep = None
        if anchor < 0:
            return
        if anchor >= N_SLOTS or c.cap[anchor] == 0:
            raise ValueError("anchor: a slot 0..4 with free places")
        if not 1 <= len(classes) <= MAX_CLASSES:
            raise ValueError(f"classes: 1..{MAX_CLASSES}")
        memset(seen, 0, N_CARDS)
        n = 0
        c.n_class = len(classes)
        for k, cls in enumerate(classes):
            c.class_start[k] = n
            for card in cls:
                if not 0 <= card < N_CARDS or seen[card]:
                    raise ValueError("classes: distinct card ids")
                seen[card] = 1
                c.class_cards[n] = card
                n += 1
        c.class_start[c.n_class] = n
        if n != c.n_free or any(seen[c.free[j]] == 0 for j in range(c.n_free)):
            raise ValueError("classes: must partition the free cards")
        try:
            vecs_a = np.ascontiguousarray(vecs, dtype=np.uint8)
            cum_a = np.ascontiguousarray(cum, dtype=np.uint64)
        except (TypeError, ValueError, OverflowError):
            raise TypeError("DealSpec: vecs and cum: integer arrays") from None
        if (vecs_a.ndim != 2 or vecs_a.shape[1] != c.n_class or vecs_a.shape[0] < 1
                or cum_a.shape != (vecs_a.shape[0],)):
            raise ValueError("vecs (n_vec, n_class) and cum (n_vec,)")
        sizes = np.diff([c.class_start[k] for k in range(c.n_class + 1)])
        if (vecs_a.astype(np.int64).sum(axis=1) != c.cap[anchor]).any() or \
                (vecs_a > sizes[None, :]).any():
            raise ValueError("vecs: each row sums to the anchor's free places, within the classes")
        if cum_a[0] == 0 or (np.diff(cum_a.astype(object)) <= 0).any() or \
                int(cum_a[cum_a.shape[0] - 1]) >= 2 ** 63:
            raise ValueError("cum: strictly increasing, positive, below 2^63")
        self.keep = (vecs_a, cum_a)
        c.n_vec = vecs_a.shape[0]
        c.vecs = <const uint8_t*> cnp.PyArray_DATA(vecs_a)
        c.cum = <const uint64_t*> cnp.PyArray_DATA(cum_a)
        c.total = <uint64_t> int(cum_a[cum_a.shape[0] - 1])
        j = 0
        for slot in (0, 1, 2, SLOT_KITTY, 3):
            if slot != anchor:
                c.rest_order[j] = slot
                j += 1
        n = c.n_free - c.cap[anchor]
        c.rest_draws = min(n - c.cap[c.rest_order[N_SLOTS - 2]], n - 1)
        if c.rest_draws > 0:
            sj_descending_bounds(n, c.rest_draws, c.rest_bounds)
            sj_descending_thresholds(n, c.rest_draws, c.rest_thresh)

    @property
    def level(self):
        return self.c.level

    @property
    def free_cards(self):
        return [self.c.free[j] for j in range(self.c.n_free)]

    def evaluate(self, cards):
        """Whether a deal (108 card ids, seat 0 first: position 4 r + s to seat s, 100..107
        the kitty) meets this spec's predicate, by the kernel's own evaluation (tests)."""
        cdef uint64_t lanes[N_SLOTS]
        cdef uint64_t kinds[N_SLOTS]
        cdef uint64_t twice[N_SLOTS]
        cdef uint64_t b
        cdef int p, sl, card
        cards = [int(x) for x in cards]
        if len(cards) != N_CARDS or sorted(cards) != list(range(N_CARDS)):
            raise ValueError("cards: the 108 card ids")
        memset(lanes, 0, sizeof(lanes))
        memset(kinds, 0, sizeof(kinds))
        memset(twice, 0, sizeof(twice))
        for p in range(N_CARDS):
            card = cards[p]
            sl = p & 3 if p < N_DEALT else SLOT_KITTY
            lanes[sl] += self.c.entry[card]
            b = (<uint64_t> 1) << (card >> 1)
            twice[sl] |= kinds[sl] & b
            kinds[sl] |= b
        return bool(cond_eval(&self.c, lanes, kinds, twice))


cdef class Dealing:
    """The conditional dealing of one kernel call (or several): the DealSpec of each level
    it may deal at, and the counts of candidate deals drawn (``tries``) and accepted."""

    def __init__(self, specs, max_tries=None):
        cdef DealSpec s
        memset(&self.d, 0, sizeof(Dealer))
        if isinstance(specs, DealSpec):
            specs = (specs,)
        specs = tuple(specs)
        if not specs:
            raise ValueError("Dealing: at least one DealSpec")
        for s in specs:
            if self.d.spec[s.c.level] != NULL:
                raise ValueError(f"Dealing: two specs for level rank {s.c.level}")
            self.d.spec[s.c.level] = &s.c
        self.specs = specs
        if max_tries is None:
            max_tries = MAX_TRIES
        if isinstance(max_tries, bool) or not isinstance(max_tries, int) or max_tries < 1:
            raise ValueError("max_tries: a positive integer")
        self.d.max_tries = max_tries

    @property
    def tries(self):
        """Candidate deals drawn so far (rejected ones included)."""
        return self.d.tries

    @property
    def accepted(self):
        """Deals dealt so far (each met the constraint)."""
        return self.d.accepted

    @property
    def levels(self):
        return tuple(r for r in range(N_RANKS) if self.d.spec[r] != NULL)


cdef int dealer_of(object deal, Dealer** out) except -1:
    if deal is None:
        out[0] = NULL
        return 0
    if not isinstance(deal, Dealing):
        raise TypeError(f"deal: a shengji._core.deal.spec.Dealing or None, not "
                        f"{type(deal).__name__}")
    out[0] = &(<Dealing> deal).d
    return 0

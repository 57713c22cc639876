# Deals consistent with a view (sampler.pyx): the hidden cards dealt to the other seats (and
# to the buried pile when the viewer is not the banker), uniformly over the physical deals
# that agree with everything the view shows -- how many cards each seat holds, the suits
# each seat has shown out of, the cards a failed throw showed, the suits in which a seat's
# follow showed it holds no pair.  A search bot (pimc) draws its determinizations here and
# plays them out on the HandC that sample_hand builds.
from libc.stdint cimport uint8_t, uint64_t
from shengji._core.base.cards cimport N_CARDS, N_KINDS
from shengji._core.engine.hand cimport HandC, N_FOLLOW
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng
from shengji._core.engine.view cimport View

# A bot's play decision (bot.pxd's ChoosePlay): the policy whose behaviour the inference
# from play scores the sampled deals by.
ctypedef int (*PlayPolicy)(const View* v, Rng* rng, Play* out) noexcept nogil

cdef enum:
    MAX_HOLDERS = 4          # the other three seats, and the buried pile when it is hidden
    PILE = -1                # Sampler.seat of the buried pile
    SAMPLER_OK = 0
    SAMPLER_INCONSISTENT = -1    # no deal agrees with the view (a corrupt state)
    SAMPLER_NO_MEMORY = -2
    MAX_REJECTIONS = 64      # draws tried for the no-pair inferences before one is kept

ctypedef struct Sampler:
    int n_holders
    int seat[MAX_HOLDERS]                 # a seat, or PILE
    int cap[MAX_HOLDERS]                  # hidden cards each holder receives
    uint8_t known[MAX_HOLDERS][N_KINDS]   # cards already placed: shown by a failed throw
    uint8_t nopair[MAX_HOLDERS]           # bit f: the holder holds no pair of suit f
    uint64_t nopair_kinds[MAX_HOLDERS]    # the kinds of those suits
    long long draws                       # deals drawn, rejected ones included
    int n_groups                          # suits grouped by which holders may take them
    uint8_t elig[N_FOLLOW]                # per group: bit h set = holder h may take it
    int size[N_FOLLOW]                    # hidden cards in the group
    uint8_t cards[N_FOLLOW][N_CARDS]      # per group: the kind of each hidden physical card
    int stride[MAX_HOLDERS]               # memo index of a capacity vector
    Py_ssize_t per_level                  # memo entries per level
    double* memo                          # W(level, capacities), levels 1 .. n_groups - 2
    double total                          # W(0, caps) = consistent deals / prod(size[g]!)

# Read the view into s (allocates the memo: pair with sampler_free).  bids: also keep the
# cards each other seat's open bids showed (Public.bid.shown_one / shown_two) in its hand until it
# plays them -- the burier's in the pile once it has shown out of their suit, or when no
# deal keeps them in its hand; none when no deal keeps them at all (inference from the
# bids; sampler.pyx bid_cards).  SAMPLER_OK, or a
# negative SAMPLER_* (s then holds nothing to free).  s.total counts the deals without the
# no-pair inferences (the weights do not see them; sampler_draw rejects).
cdef int sampler_init(Sampler* s, const View* v, bint bids) noexcept nogil
cdef void sampler_free(Sampler* s) noexcept nogil
# One deal: out[h * N_KINDS + k] = copies of kind k that holder h gets (known cards
# included).  Uniform over the deals the weights count; of those, the ones breaking a
# no-pair inference are redrawn (rejection: uniform over the deals keeping them), up to
# MAX_REJECTIONS times, after which the last is kept.  SAMPLER_OK or SAMPLER_INCONSISTENT.
cdef int sampler_draw(Sampler* s, Rng* rng, uint8_t* out) noexcept nogil
# One deal as a whole hand: the view's public record and own cards, the sampled cards of
# the other seats and (when hidden) of the buried pile; a hidden kitty is given the buried
# cards (play never reads it).  SAMPLER_OK or SAMPLER_INCONSISTENT.
cdef int sample_hand(Sampler* s, const View* v, Rng* rng, HandC* out) noexcept nogil
# Per seat, bit f set: its follow of a pair or tractor lead of suit f, in suit, held fewer
# pairs than the lead asked for, so it holds no pair of f (docs/rules.md §4: a follow
# matches the lead's pairs as far as the hand allows).
cdef void pair_inferences(const View* v, uint8_t* nopair) noexcept nogil

# -- inference from play (sampler.pyx, "play_likelihood") -------------------------------
# How likely the other seats' recorded plays are if they held the cards of `sample` (a deal
# from sample_hand for view v) and played by `policy`: the hand is replayed from its first
# lead with the sampled hands (each seat's cards now plus what it played since), and each
# play of a seat other than v.seat multiplies the likelihood by 1 when the policy, from that
# seat's view at that moment, would have made it (a failed throw: would have tried it), else
# by eps (0 < eps <= 1: a soft likelihood -- the players are not the policy).  A deal the
# record contradicts (its replay breaks: a throw that would not have failed, or failed
# otherwise) scores eps^CONTRADICTED_PLAYS x what it had (sampler.pyx).  `work`: a HandC
# to replay in (clobbered).  Returns the likelihood in (0, 1]; 1 for a view with no play by
# another seat.  What the bids showed is a hard fact (sampler_init's `bids`), not scored here.
cdef double play_likelihood(const View* v, const HandC* sample, PlayPolicy policy,
                            double eps, HandC* work) noexcept nogil
# Inference from the bury: when the buried pile is hidden from v (v is not the seat that
# buried), how likely the sample's pile is had its burier, holding its sampled cards then
# (at the first lead, plus the pile), buried by `bury` (the rollout bot's bury): eps for each
# card of the pile that `bury` would not have buried (eps^8 at most; 1 with eps = 1, a
# visible pile, a bury under an earlier trump, or before the play).  `work` as
# play_likelihood's.  deal_likelihood: the product of the two (bury NULL or bury_eps = 1:
# play_likelihood alone, the same double).
cdef double bury_likelihood(const View* v, const HandC* sample, PlayPolicy bury, double eps,
                            HandC* work) noexcept nogil
# Inference from the seats that could have bid and did not: after an open bidding whose
# standing bid nobody overturned after the bury, each seat other than v.seat, the banker
# and the burier that holds, in the sample at the end of the deal (its cards at the first
# lead: it never took the kitty), a bid the bidding would have offered it then (an overturn
# of the standing bid, or the declarer's reinforcement) multiplies by eps: an eager bidder
# would have made it (1 with eps = 1, with no such bidding, nobody declaring, or before the
# play).  `work` as play_likelihood's.
cdef double pass_likelihood(const View* v, const HandC* sample, double eps,
                            HandC* work) noexcept nogil

# What a deal's likelihood reads (deal_likelihood, refine_deal): the other seats' plays under
# `play` (factor play_eps), the buried pile under `bury` (NULL: not read; bury_eps), the
# seats that passed (pass_eps; 1: not read).
ctypedef struct Likelihood:
    PlayPolicy play
    double play_eps
    PlayPolicy bury
    double bury_eps
    double pass_eps
# The product of play_likelihood, bury_likelihood and pass_likelihood under m (each read
# only when its factor is below 1; play_likelihood always: the same double as it alone when
# nothing else is read).
cdef double deal_likelihood(const View* v, const HandC* sample, const Likelihood* m,
                            HandC* work) noexcept nogil
# Metropolis-Hastings on a deal from sample_hand(s, v, ...) (s still initialised): `steps`
# proposals, each swapping one hidden card of one holder with one of another (uniformly
# among the cards they may trade: not shown in a failed throw, of a suit the receiver has
# not shown out of, not completing a pair the receiver is known not to hold, not a card the
# bids placed), accepted with probability min(1, L'/L), L = deal_likelihood under m.  The
# proposal is symmetric and every move keeps the view's hard facts, so the chain's
# stationary law is the uniform one over the consistent deals weighted by L: the deals move
# towards those the other seats' plays (and the bury, and their passes) make likely.
# *like: L of the deal it leaves.  `work`: as play_likelihood's.
cdef void refine_deal(const Sampler* s, const View* v, HandC* deal, const Likelihood* m,
                      int steps, Rng* rng, HandC* work, double* like) noexcept nogil

# cython: language_level=3
"""The pimc bot: determinized ("perfect information") Monte Carlo search on the C engine.

At each decision with more than one sensible choice:
  1. candidates (bots/candidates.pyx): the rollout bot's own choice, memory's and
     greedy's (in that order: the order breaks ties, so pimc never leaves its base policy
     on a tie), then for a lead the lowest and highest single, highest pair, longest
     tractor, safe throw, the single worth most and the lowest pair suit by suit, for a
     follow greedy's ranked follows from both ends of their cost order, for the bury the
     lowest-side-card buries with points weighted 0, 2, 12 and 30 and the buries that void
     a short side suit; at most `candidates` of them.
  2. deals of the hidden cards, drawn uniformly among those consistent with the seat's
     view (sampler.pxd: cards held, voids shown, failed-throw cards, pair-follow
     inferences, the buried pile when hidden); sample j is the same deal for every
     candidate (common random numbers), drawn only when first needed.  With inference
     from play (`infer` > 0, plays only, not with random rollouts) the deals are also
     judged by how the other seats played: play_likelihood (sampler.pxd) replays the
     record with a deal's hands and multiplies infer_eps for each play of another seat
     that the rollout policy, holding those cards, would not have made.  infer >= 2:
     each batch of b deals is drawn as infer x b uniform deals and b of them resampled
     in proportion to that likelihood (systematic resampling: draw_inferred);
     infer = 1: the race weighs each deal by it (weighted means, Kish's effective
     sample size in the standard errors); infer_steps > 0 (with infer = 0): each
     uniform deal is moved by that many Metropolis-Hastings card swaps towards the
     likely deals (sampler.pxd refine_deal), the likelihood also scoring the buried
     pile by the rollout bot's bury when bury_eps < 1 (sampler.pxd bury_likelihood);
     pass_eps < 1 also scores the seats that could have bid at the end of the deal and
     did not (sampler.pxd pass_likelihood); infer_bids = 1: the deals keep the cards the
     open bids showed with their bidder (sampler_init's bids);
  3. each candidate is played (hand_apply: a throw is checked against the sampled
     hands, so a risky throw fails where it would) and the hand played out by the rollout
     bot in every seat (from each seat's view of the sampled hand, so the rollout does
     not peek either); its value in the sample is the final outcome for the seat's team
     (objective "points": +D defending, -D banking; "levels": the team's signed level
     change x LEVEL_WEIGHT plus those points);
  4. a race with the shared samples: every candidate is played out in the first
     FIRST_BATCH samples, then the survivors in BATCH more per round, up to `samples`;
     after each round the leader is the candidate with the best total, and a candidate
     is dropped when, paired with the leader sample by sample, its mean difference plus
     Z_DROP standard errors is below MARGIN (clearly worse, or no better in any sample so
     far); the search ends when one candidate is left or the samples are spent, at the
     leader (ties: the earlier candidate) -- unless the base policy's choice (candidate
     0) is still in the race and the leader beats it by no more than z_keep standard
     errors: then the base choice (a guard against the winner's curse).
The bury is searched the same way on `bury_factor` x `samples` (default
PIMC_BURY_FACTOR = 2; it is one
decision a hand and sets up the whole hand).

Randomness: the deals are drawn from the seat's Rng; the rollout bot of sample j draws
from rng_split(key, j) with a key drawn once per decision (only the random rollout bot
draws at all), so every candidate meets the same rollout stream in a sample.  A decision
is a pure function of (view, Rng state) -- unless `time_budget_ms` > 0, which stops the
search after that much wall time and so depends on the machine (opt-in, not reproducible).
A decision with a single candidate draws nothing."""
from libc.stdint cimport int32_t, uint64_t
from libc.math cimport sqrt
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from shengji._core.base.cards cimport N_SEATS
from shengji._core.engine.hand cimport (
    HandC, APPLY_OK, PHASE_BURY, PHASE_PLAY, hand_apply, hand_bury,
)
from shengji._core.engine.moves cimport MAX_PLAYS
from shengji._core.engine.play cimport Play
from shengji._core.base.rng cimport Rng, rng_split, sj_next
from shengji._core.base.interrupt cimport interrupted
from shengji._core.engine.view cimport View, make_view
from shengji._core.bots.sampler cimport (
    Likelihood, Sampler, SAMPLER_OK, deal_likelihood, refine_deal, sample_hand, sampler_free,
    sampler_init,
)
from shengji._core.bots.bot cimport (
    BotVTable, BotParams, BOT_MEMORY, BOT_NET, BOT_RANDOM, ChoosePlay, bot_entry,
)
from shengji._core.bots.candidates cimport bury_candidates, play_candidates

cdef extern from "clock.h" nogil:
    double sj_clock_ms()

cdef enum:
    FIRST_BATCH = 8            # samples every candidate is played out in first...
    BATCH = 4                  # ... then this many more per round of the race
    SEARCH_FAILED = -1

# The race drops a candidate when, paired with the leader sample by sample, its mean
# difference + Z_DROP standard errors falls below MARGIN (in the objective's units: a
# point): clearly worse, or no better in any sample so far (equal outcomes).
cdef double Z_DROP = 1.5
cdef double MARGIN = 1.0
# ... and the base policy's choice (candidate 0) is left only for a leader better than it by
# more than z_keep standard errors of the paired difference (the parameter; default 1.0,
# the bot table's).  Picking the best of several noisy means otherwise favours a lucky
# worse candidate (the winner's curse): measured without this rule, pimc at 4 samples lost
# 23 points a deal to memory, its own rollout policy; with it, +5 (docs/hand-engine.md,
# "pimc").


ctypedef struct Scratch:
    # A search's working memory, allocated once per driver call (pimc_scratch_new).
    int cap_samples                        # deals that fit (the bury's count)
    HandC* samples                         # the drawn deals
    int32_t* values                        # values[c * cap_samples + j]
    HandC* pool                            # inference: the draws a batch is resampled from
    double* weights                        # ... and their likelihoods
    bint weighted                          # infer = 1: the race weighs sample j by dw[j]
    double* dw                             # the samples' likelihoods (infer = 1)
    HandC work                             # a sample being played out
    Play cands[PIMC_MAX_CANDIDATES]
    int done[PIMC_MAX_CANDIDATES]          # samples evaluated per candidate
    int alive[PIMC_MAX_CANDIDATES]         # surviving candidates, best first
    Play buf[MAX_PLAYS]


cdef void* pimc_scratch_new(const BotParams* p) noexcept nogil:
    cdef Scratch* sc = <Scratch*> malloc(sizeof(Scratch))
    cdef int cap = p.samples * (p.bury_factor if p.bury_factor > 1 else 1)
    if sc == NULL:
        return NULL
    sc.cap_samples = cap
    sc.samples = <HandC*> malloc(cap * sizeof(HandC))
    sc.values = <int32_t*> malloc(PIMC_MAX_CANDIDATES * cap * sizeof(int32_t))
    sc.pool = NULL
    sc.weights = NULL
    sc.weighted = False
    sc.dw = <double*> malloc(cap * sizeof(double))
    if sc.samples == NULL or sc.values == NULL or sc.dw == NULL:
        pimc_scratch_free(sc)
        return NULL
    if p.infer > 1:
        sc.pool = <HandC*> malloc(p.infer * FIRST_BATCH * sizeof(HandC))
        sc.weights = <double*> malloc(p.infer * FIRST_BATCH * sizeof(double))
        if sc.pool == NULL or sc.weights == NULL:
            pimc_scratch_free(sc)
            return NULL
    return sc


cdef void pimc_scratch_free(void* scratch) noexcept nogil:
    cdef Scratch* sc = <Scratch*> scratch
    if sc == NULL:
        return
    free(sc.samples)
    free(sc.values)
    free(sc.pool)
    free(sc.weights)
    free(sc.dw)
    free(sc)


cdef inline void inference(const BotParams* p, Likelihood* m) noexcept nogil:
    """What the deals' likelihood reads under p: the rollout bot's plays and (bury_eps < 1)
    its bury, and the seats that passed (pass_eps < 1).  With net rollouts the likelihood
    reads memory's: it replays every recorded play of the other seats at each
    Metropolis-Hastings step, where the network would cost some twenty times memory's
    time (docs/hand-engine.md, "net")."""
    cdef int bot = BOT_MEMORY if p.rollout == BOT_NET else p.rollout
    m.play = rollout_play(bot)
    m.play_eps = p.infer_eps
    m.bury = NULL if p.bury_eps >= 1.0 else rollout_bury(bot)
    m.bury_eps = p.bury_eps
    m.pass_eps = p.pass_eps


# -- candidates (bots/candidates.pyx) ---------------------------------------------------
cdef inline int play_cands(const View* v, Scratch* sc, const BotParams* p) noexcept nogil:
    """The candidates of a play decision into sc.cands: the rollout bot's choice first
    (none for random rollouts), then candidates.pxd's."""
    return play_candidates(v, NULL if p.rollout == BOT_RANDOM else rollout_play(p.rollout),
                           p.candidates, sc.cands, NULL, NULL, sc.buf)


cdef inline int bury_cands(const View* v, Scratch* sc, const BotParams* p) noexcept nogil:
    """The candidate buries into sc.cands: the rollout bot's first (none for random
    rollouts; memory's comes next anyway), then candidates.pxd's."""
    return bury_candidates(v, NULL if p.rollout == BOT_RANDOM else rollout_bury(p.rollout),
                           p.candidates, sc.cands, NULL, NULL)


# -- the search -------------------------------------------------------------------------
cdef int rollout(Scratch* sc, const HandC* sample, const Play* cand, bint bury,
                 ChoosePlay policy, Rng* rng, View* views, int seat, int objective,
                 int32_t* value) noexcept nogil:
    """Play cand in a copy of sample, then the rest of the hand by `policy` in every
    seat; the outcome for seat's team into *value.  0, or a negative status."""
    cdef HandC* h = &sc.work
    cdef Play q, forced
    cdef int rc
    memcpy(h, sample, sizeof(HandC))
    rc = hand_bury(h, cand) if bury else hand_apply(h, cand, &forced, False)
    if rc != APPLY_OK:
        return rc
    while h.pub.phase == PHASE_PLAY:
        if policy(&views[h.pub.to_play], rng, &q) != 0:
            return SEARCH_FAILED
        rc = hand_apply(h, &q, &forced, False)
        if rc != APPLY_OK:
            return rc
    value[0] = search_outcome(h, seat, objective)
    return 0


cdef int leader_of(const Scratch* sc, int n_alive, int k) noexcept nogil:
    """The survivor with the best total over samples 0..k-1 (ties: the lower index, so
    the rollout bot's own choice first)."""
    cdef int i, j, c, best = -1
    cdef long long t, best_t = 0
    cdef double tw, best_tw = 0.0
    if sc.weighted:
        for i in range(n_alive):
            c = sc.alive[i]
            tw = 0.0
            for j in range(k):
                tw += sc.dw[j] * sc.values[c * sc.cap_samples + j]
            if best < 0 or tw > best_tw or tw == best_tw and c < best:
                best = c
                best_tw = tw
        return best
    for i in range(n_alive):
        c = sc.alive[i]
        t = 0
        for j in range(k):
            t += sc.values[c * sc.cap_samples + j]
        if best < 0 or t > best_t or t == best_t and c < best:
            best = c
            best_t = t
    return best


cdef void paired(const Scratch* sc, int c, int base, int k, double* mean,
                 double* se) noexcept nogil:
    """Mean and standard error of candidate c's value minus base's, sample by sample over
    samples 0..k-1 (common random numbers: the same deals and rollout streams)."""
    cdef int j
    cdef double d, m = 0.0, q = 0.0, var
    cdef const int32_t* a = &sc.values[c * sc.cap_samples]
    cdef const int32_t* b = &sc.values[base * sc.cap_samples]
    cdef double sw = 0.0, sw2 = 0.0, n_eff
    if sc.weighted:                     # weighted by the deals' likelihoods (infer = 1)
        for j in range(k):
            d = a[j] - b[j]
            sw += sc.dw[j]
            sw2 += sc.dw[j] * sc.dw[j]
            m += sc.dw[j] * d
        m /= sw
        for j in range(k):
            d = a[j] - b[j] - m
            q += sc.dw[j] * d * d
        n_eff = sw * sw / sw2           # Kish's effective sample size
        var = q / sw * n_eff / (n_eff - 1.0) if n_eff > 1.0 + 1e-9 else 0.0
        mean[0] = m
        se[0] = sqrt(var / n_eff)
        return
    for j in range(k):
        d = a[j] - b[j]
        m += d
        q += d * d
    m /= k
    var = (q - k * m * m) / (k - 1) if k > 1 else 0.0
    if var < 0.0:
        var = 0.0
    mean[0] = m
    se[0] = sqrt(var / k)


cdef bint outclassed(const Scratch* sc, int c, int lead, int k) noexcept nogil:
    """Is candidate c, paired with the leader sample by sample, unlikely to beat it by
    more than MARGIN: mean difference + Z_DROP standard errors < MARGIN?"""
    cdef double m, se
    paired(sc, c, lead, k, &m, &se)
    return m + Z_DROP * se < MARGIN


cdef double paired_z(const Scratch* sc, int c, int base, int k) noexcept nogil:
    """c's mean advantage over base in standard errors (inf for a sure one, 0 for none)."""
    cdef double m, se
    paired(sc, c, base, k, &m, &se)
    if m <= 0.0:
        return 0.0
    return m / se if se > 0.0 else 1e300


cdef int draw_inferred(Sampler* smp, const View* v, Rng* rng, const BotParams* p, Scratch* sc,
                       int first, int b) noexcept nogil:
    """Deals first .. first + b - 1 of sc.samples by sampling-importance-resampling: p.infer
    x b uniform draws (sample_hand), each weighted by play_likelihood under the rollout
    policy, then b of them picked with probability proportional to the weight (systematic
    resampling: one uniform offset, b equally spaced points through the cumulative
    weights).  0, or SEARCH_FAILED."""
    cdef int m = p.infer * b, i, j
    cdef double total = 0.0, u, acc
    cdef Likelihood lm
    inference(p, &lm)
    for i in range(m):
        if sample_hand(smp, v, rng, &sc.pool[i]) != SAMPLER_OK:
            return SEARCH_FAILED
        sc.weights[i] = deal_likelihood(v, &sc.pool[i], &lm, &sc.work)
        total += sc.weights[i]
    u = (sj_next(rng) >> 11) * (1.0 / 9007199254740992.0) * total / b
    acc = sc.weights[0]
    i = 0
    for j in range(b):
        while acc <= u and i < m - 1:
            i += 1
            acc += sc.weights[i]
        memcpy(&sc.samples[first + j], &sc.pool[i], sizeof(HandC))
        u += total / b
    return 0


cdef int search(const View* v, Rng* rng, const BotParams* p, Scratch* sc, int n, int k_max,
                bint bury) noexcept nogil:
    """A race over sc.cands[0 .. n-1] (module docstring); the index of the chosen
    candidate, or SEARCH_FAILED (no consistent deal: a corrupt view)."""
    cdef Sampler smp
    cdef Rng key, r
    cdef View views[N_SEATS]
    cdef ChoosePlay policy = rollout_play(p.rollout)
    cdef int k = 0, k_next, i, c, j, n_alive = n, n_drawn = 0, rc, s, lead, kept
    cdef int32_t val
    cdef double start = 0.0
    cdef bint timed = p.time_budget_ms > 0.0, out_of_time = False
    # inference from play: for the plays (the bury has no record to read) with a rollout
    # policy that plays by rule (random's plays say nothing)
    cdef bint infer = p.infer > 1 and not bury and p.rollout != BOT_RANDOM
    cdef bint refine = p.infer_steps > 0 and not bury and p.rollout != BOT_RANDOM
    cdef double like
    cdef Likelihood lm
    inference(p, &lm)
    sc.weighted = p.infer == 1 and not bury and p.rollout != BOT_RANDOM
    for i in range(n):                  # first: the record reads done[] even on a failure
        sc.alive[i] = i
        sc.done[i] = 0
    if n <= 1:
        return 0
    if timed:
        start = sj_clock_ms()
    if sampler_init(&smp, v, p.infer_bids != 0) != SAMPLER_OK:
        return SEARCH_FAILED
    for i in range(4):
        key.s[i] = sj_next(rng)
    if (key.s[0] | key.s[1] | key.s[2] | key.s[3]) == 0:
        key.s[0] = 1
    # the rollout views point into sc.work; which pointers they hold depends on its
    # public record (banker, burier, phase), which every sample shares with the view's
    sc.work.pub = v.pub[0]
    for s in range(N_SEATS):
        make_view(&sc.work, s, &views[s])
    lead = 0
    while k < k_max and n_alive > 1 and not out_of_time:
        k_next = k + (FIRST_BATCH if k == 0 else BATCH)
        if k_next > k_max:
            k_next = k_max
        for j in range(k, k_next):
            if infer and n_drawn <= j:          # the batch at once, resampled
                if draw_inferred(&smp, v, rng, p, sc, n_drawn, k_next - n_drawn) != 0:
                    sampler_free(&smp)
                    return SEARCH_FAILED
                n_drawn = k_next
            while n_drawn <= j:
                if sample_hand(&smp, v, rng, &sc.samples[n_drawn]) != SAMPLER_OK:
                    sampler_free(&smp)
                    return SEARCH_FAILED
                if sc.weighted:
                    sc.dw[n_drawn] = deal_likelihood(v, &sc.samples[n_drawn], &lm, &sc.work)
                elif refine:
                    refine_deal(&smp, v, &sc.samples[n_drawn], &lm, p.infer_steps, rng,
                                &sc.work, &like)
                n_drawn += 1
            rng_split(&key, <uint64_t> j, &r)
            for i in range(n_alive):
                c = sc.alive[i]
                rc = rollout(sc, &sc.samples[j], &sc.cands[c], bury, policy, &r, views,
                             v.seat, p.objective, &val)
                if rc != 0:
                    sampler_free(&smp)
                    return SEARCH_FAILED
                sc.values[c * sc.cap_samples + j] = val
                sc.done[c] = j + 1
            k = j + 1
            if (timed and sj_clock_ms() - start > p.time_budget_ms) or interrupted():
                out_of_time = True          # interrupted: the wrapper raises, none of
                break                       # this is used
        lead = leader_of(sc, n_alive, k)
        kept = 0
        for i in range(n_alive):
            c = sc.alive[i]
            if c == lead or not outclassed(sc, c, lead, k):
                sc.alive[kept] = c
                kept += 1
        n_alive = kept
    sampler_free(&smp)
    if lead != 0:
        for i in range(n_alive):
            if sc.alive[i] == 0 and paired_z(sc, lead, 0, k) <= p.z_keep:
                return 0
    return lead


cdef int decide(const View* v, Rng* rng, const BotParams* p, Scratch* sc, bint bury,
                Play* out) noexcept nogil:
    """The decision into *out; the candidates' number (0: no move)."""
    cdef int n, c, k_max = p.samples
    if bury:
        if v.pub.phase != PHASE_BURY:
            return -1
        n = bury_cands(v, sc, p)
        k_max *= p.bury_factor if p.bury_factor > 1 else 1
    else:
        if v.pub.phase != PHASE_PLAY:
            return -1
        n = play_cands(v, sc, p)
    if n == 0:
        return 0
    c = search(v, rng, p, sc, n, k_max, bury)
    if c < 0:                                     # no consistent deal: the base choice
        c = 0
    out[0] = sc.cands[c]
    return n


cdef int pimc_bury_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                     Play* out) noexcept nogil:
    return 0 if decide(v, rng, p, <Scratch*> scratch, True, out) > 0 else -1


cdef int pimc_play_p(const View* v, Rng* rng, const BotParams* p, void* scratch,
                     Play* out) noexcept nogil:
    return 0 if decide(v, rng, p, <Scratch*> scratch, False, out) > 0 else -1


cdef int pimc_explain(const View* v, Rng* rng, const BotParams* p, void* scratch,
                      Play* cands, int* done, double* mean, Play* out) noexcept nogil:
    cdef Scratch* sc = <Scratch*> scratch
    cdef int n, c, j
    cdef long long t
    cdef double tw, sw
    n = decide(v, rng, p, sc, v.pub.phase == PHASE_BURY, out)
    for c in range(n):
        cands[c] = sc.cands[c]
        done[c] = sc.done[c]
        if sc.weighted and n > 1:           # the race's weighted mean (infer = 1)
            tw = 0.0
            sw = 0.0
            for j in range(sc.done[c]):
                tw += sc.dw[j] * sc.values[c * sc.cap_samples + j]
                sw += sc.dw[j]
            mean[c] = tw / sw if sc.done[c] else 0.0
            continue
        t = 0
        for j in range(sc.done[c]):
            t += sc.values[c * sc.cap_samples + j]
        mean[c] = t / <double> sc.done[c] if sc.done[c] else 0.0
    return n


cdef int with_defaults(const View* v, Rng* rng, bint bury, Play* out) noexcept nogil:
    """A decision at the default parameters with a scratch of its own (HandCore's
    one-decision calls; the drivers keep one scratch per agent)."""
    cdef BotParams p
    cdef void* sc
    cdef int rc
    pimc_defaults(&p)
    sc = pimc_scratch_new(&p)
    if sc == NULL:
        return -1
    rc = decide(v, rng, &p, <Scratch*> sc, bury, out)
    pimc_scratch_free(sc)
    return 0 if rc > 0 else -1


cdef int pimc_bury(const View* v, Rng* rng, Play* out) noexcept nogil:
    return with_defaults(v, rng, True, out)


cdef int pimc_play(const View* v, Rng* rng, Play* out) noexcept nogil:
    return with_defaults(v, rng, False, out)


# the registry's entry (registry.pyx; its bids: bidder.pyx's pimc_bid, the table's `bids`)
cdef BotVTable _BOT = BotVTable(pimc_bury, pimc_play, pimc_bury_p, pimc_play_p,
                                pimc_scratch_new, pimc_scratch_free, NULL)
BOT = bot_entry(&_BOT)

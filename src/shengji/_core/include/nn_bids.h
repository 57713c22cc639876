/* The net bot's bid head in integers (bots/bid_net.pyx; the optional layers of a weights file,
 * bots/net_layers.py BID_LAYERS): one score per option of a seat's bid decision, exact.
 *
 *     g   = min(max(b1 + y W1, 0), 32767)           y: the decision's state bytes
 *     t   = clamp(round((bz + g Wz) >> sh), int16)
 *     r_i = bq + max(t + o_i Wa, 0) . wq            o_i: option i's bytes -> its score
 *
 * (round(u >> k) = (u + 2^(k-1)) >> k, an arithmetic shift.)  Every sum is an int64 of at
 * most a few hundred products of an int16 and a byte or an int16, so none overflows and
 * the order of the terms does not matter: shengji.learn.bid_model's numpy twin gives the
 * same integers.  A decision has at most 8 options (passing and 7 bids) and the head is
 * small (some ten thousand products a decision, a play's network over a hundred thousand),
 * so it is plain scalar C: no vector build, no kept accumulator.
 */
#ifndef SJ_NN_BIDS_H
#define SJ_NN_BIDS_H

#include <stdint.h>

#define SJ_BID_MAX_H 256 /* the widest bid layer a weights file may have */
#define SJ_BID_OPTIONS 8 /* a decision's options at most: passing and 7 bids */

/* The head's integers (a weights file's q_bid_* arrays; nn.h's SjQNet holds one as `bid`). */
typedef struct {
    int n_state, n_action, h1, h3;
    const int16_t *w1; /* [n_state][h1] */
    const int32_t *b1; /* [h1] */
    const int16_t *wz; /* [h1][h3] */
    const int32_t *bz; /* [h3] */
    const int16_t *wa; /* [n_action][h3] */
    const int16_t *wq; /* [h3] */
    int64_t bq;
    int sh; /* the right shift (rounded) into t, 1..62 */
} SjBidHead;

/* round(u / 2^k) for 1 <= k <= 62, halves up, as sj_round_shift in 64 bits */
static inline int64_t sj_round_shift64(int64_t u, int k)
{
    return (u >> k) + ((u >> (k - 1)) & 1);
}

/* The scores of n options into score[n] (integers at the file's bid_score bits): y the
 * decision's net->n_state bytes, option i's net->n_action bytes at o + i * stride. */
static inline void sj_bid_scores(const SjBidHead *net, const uint8_t *y, int n, const uint8_t *o,
                                 int stride, int64_t *score)
{
    int64_t g[SJ_BID_MAX_H], t[SJ_BID_MAX_H], z[SJ_BID_MAX_H], q, u;
    const int h1 = net->h1, h3 = net->h3;
    int i, j, k;
    for (j = 0; j < h1; j++)
        g[j] = net->b1[j];
    for (k = 0; k < net->n_state; k++) {
        const int16_t *row = net->w1 + (long)k * h1;
        if (y[k])
            for (j = 0; j < h1; j++)
                g[j] += (int64_t)y[k] * row[j];
    }
    for (j = 0; j < h3; j++)
        t[j] = net->bz[j];
    for (k = 0; k < h1; k++) {
        const int16_t *row = net->wz + (long)k * h3;
        u = g[k] < 0 ? 0 : (g[k] > 32767 ? 32767 : g[k]);
        if (u)
            for (j = 0; j < h3; j++)
                t[j] += u * row[j];
    }
    for (j = 0; j < h3; j++) {
        u = sj_round_shift64(t[j], net->sh);
        t[j] = u > 32767 ? 32767 : (u < -32768 ? -32768 : u);
    }
    for (i = 0; i < n; i++) {
        const uint8_t *a = o + (long)i * stride;
        for (j = 0; j < h3; j++)
            z[j] = t[j];
        for (k = 0; k < net->n_action; k++) {
            const int16_t *row = net->wa + (long)k * h3;
            if (a[k])
                for (j = 0; j < h3; j++)
                    z[j] += (int64_t)a[k] * row[j];
        }
        q = net->bq;
        for (j = 0; j < h3; j++)
            if (z[j] > 0)
                q += z[j] * net->wq[j];
        score[i] = q;
    }
}

#endif

/* The learned bot's dense kernels (bots/net.pyx): float32 layers over sparse inputs.
 *
 * A layer is h = b + sum_i x[i] W[i, :] over the nonzero inputs only (the features are
 * mostly zero bytes, and ReLU leaves about half of a hidden layer zero): first the list of
 * nonzero inputs (sj_nonzero_*), then the sum, a tile of SJ_TILE outputs at a time kept in
 * registers while the rows stream by.  The compiler vectorises the tile across outputs.
 *
 * Every output is summed in one fixed order -- the bias, then the nonzero inputs in
 * ascending order -- one float32 multiply and one float32 add per term (the unit is compiled
 * with -ffp-contract=off: no fused multiply-add), so the vector widths of the clones below
 * (SSE2, AVX2, AVX-512, chosen at load time on x86-64) and a scalar build give the same bits,
 * and so does shengji.learn.model's numpy twin, which sums in the same order.  Adding a
 * zero input would change nothing (x + 0 * w == x for finite w), so skipping it keeps the
 * bits.
 */
#ifndef SJ_NN_H
#define SJ_NN_H

#include <stdint.h>
#include <string.h>
#include "bits.h"

#define SJ_TILE 16  /* a layer's width must be a multiple of it (sj_v16's lanes) */

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define SJ_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define SJ_CLONES
#endif

/* The nonzero entries of x[0 .. m) in ascending order: their indices into idx, their
 * values into val; returns how many. */
static inline int sj_nonzero_u8(const uint8_t *restrict x, int m, int32_t *restrict idx,
                                float *restrict val)
{
    int n = 0, i = 0, k;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 8 <= m; i += 8) {
        uint64_t w;
        memcpy(&w, x + i, 8);
        while (w) {
            k = sj_ctz64(w) >> 3;
            idx[n] = i + k;
            val[n] = (float)x[i + k];
            n++;
            w &= ~((uint64_t)0xFF << (8 * k));
        }
    }
#endif
    for (; i < m; i++) {
        if (x[i]) {
            idx[n] = i;
            val[n] = (float)x[i];
            n++;
        }
    }
    return n;
}

static inline int sj_nonzero_f32(const float *restrict x, int m, int32_t *restrict idx,
                                 float *restrict val)
{
    int n = 0, i;
    for (i = 0; i < m; i++) {
        if (x[i] != 0.0f) {
            idx[n] = i;
            val[n] = x[i];
            n++;
        }
    }
    return n;
}

/* 16 floats as one value: GCC and Clang compile its operations to 4 SSE, 2 AVX or 1
 * AVX-512 instruction(s), each lane an IEEE float32 operation. */
typedef float sj_v16 __attribute__((vector_size(64)));

#define SJ_LOAD16(v, p) memcpy(&(v), (p), sizeof(sj_v16))
#define SJ_STORE16(p, v) memcpy((p), &(v), sizeof(sj_v16))

/* h[j] = b[j] + sum over k < nnz of val[k] * w[idx[k] * n + j], k ascending, for j < n
 * (n a multiple of SJ_TILE): 64 outputs at a time (four independent sums in flight), then
 * 16. */
SJ_CLONES
static void sj_sparse_layer(const float *restrict b, const float *restrict w,
                            const int32_t *restrict idx, const float *restrict val, int nnz,
                            int n, float *restrict h)
{
    int j0 = 0, k;
    sj_v16 a0, a1, a2, a3, r0, r1, r2, r3;
    for (; j0 + 4 * SJ_TILE <= n; j0 += 4 * SJ_TILE) {
        SJ_LOAD16(a0, b + j0);
        SJ_LOAD16(a1, b + j0 + 16);
        SJ_LOAD16(a2, b + j0 + 32);
        SJ_LOAD16(a3, b + j0 + 48);
        for (k = 0; k < nnz; k++) {
            const float *row = w + (long)idx[k] * n + j0;
            const float xk = val[k];
            SJ_LOAD16(r0, row);
            SJ_LOAD16(r1, row + 16);
            SJ_LOAD16(r2, row + 32);
            SJ_LOAD16(r3, row + 48);
            a0 = a0 + xk * r0;
            a1 = a1 + xk * r1;
            a2 = a2 + xk * r2;
            a3 = a3 + xk * r3;
        }
        SJ_STORE16(h + j0, a0);
        SJ_STORE16(h + j0 + 16, a1);
        SJ_STORE16(h + j0 + 32, a2);
        SJ_STORE16(h + j0 + 48, a3);
    }
    for (; j0 < n; j0 += SJ_TILE) {
        SJ_LOAD16(a0, b + j0);
        for (k = 0; k < nnz; k++) {
            SJ_LOAD16(r0, w + (long)idx[k] * n + j0);
            a0 = a0 + val[k] * r0;
        }
        SJ_STORE16(h + j0, a0);
    }
}

/* h[j] = max(h[j], 0). */
static inline void sj_relu(float *restrict h, int n)
{
    int j;
    for (j = 0; j < n; j++)
        h[j] = h[j] > 0.0f ? h[j] : 0.0f;
}

/* b + sum over j (ascending) of w[j] * x[j]. */
static inline float sj_dot(float b, const float *restrict w, const float *restrict x, int n)
{
    int j;
    float s = b;
    for (j = 0; j < n; j++)
        s = s + w[j] * x[j];
    return s;
}

#endif

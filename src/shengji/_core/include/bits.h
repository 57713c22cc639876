/* Bit operations on 64-bit kind and card masks, shared by every core unit.
 *
 * Written out rather than taken from __builtin_popcountll: the x86-64 baseline we build for
 * has no POPCNT instruction, so the builtin becomes a library call. */
#ifndef SHENGJI_BITS_H
#define SHENGJI_BITS_H
#include <stdint.h>

static inline int sj_popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* Index of the lowest set bit (x != 0): the smallest kind id in a mask. */
#if defined(_MSC_VER)
#include <intrin.h>
static __inline int sj_ctz64(unsigned long long x) {
    unsigned long i; _BitScanForward64(&i, x); return (int)i; }
#else
#define sj_ctz64(x) __builtin_ctzll(x)
#endif
#endif

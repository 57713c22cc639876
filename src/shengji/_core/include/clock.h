/* A monotonic clock in milliseconds, for the search bots' optional time budget
 * (bots/pimc.pyx).  Only that opt-in budget reads it: every other kernel result is a pure
 * function of its inputs and seed. */
#ifndef SHENGJI_CLOCK_H
#define SHENGJI_CLOCK_H

#if defined(_WIN32)
#include <windows.h>
static inline double sj_clock_ms(void) {
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return 1000.0 * (double)c.QuadPart / (double)f.QuadPart;
}
#else
#include <time.h>
static inline double sj_clock_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return 1000.0 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}
#endif
#endif

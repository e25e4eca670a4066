/* proctime.h - the processing-time clock of a session ("proctime_").
 *
 * Processing time drives state TTL and processing-time watermark ticks. It
 * is the wall clock (CLOCK_REALTIME, epoch ms) until a script sets
 * 'ptfhost.processing-time' or test events move it; from then on the clock is
 * manual and only moves when set, so a test is deterministic.
 *
 * Plain data owned by its holder (the session); zero-initialised it is the
 * wall clock. Not thread-safe. */
#ifndef PTF_PROCTIME_H
#define PTF_PROCTIME_H

#include <stdbool.h>
#include <stdint.h>

typedef struct proctime {
    bool manual;
    int64_t ms;      /* the manual clock's time (epoch ms) */
} proctime_t;

int64_t proctime_now(const proctime_t *c);
/* Makes the clock manual at ms. */
static inline void proctime_set(proctime_t *c, int64_t ms)
{
    c->manual = true;
    c->ms = ms;
}

#endif

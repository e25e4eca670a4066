/* proctime.c - see proctime.h. */
#include "time/proctime.h"

#include <time.h>

int64_t proctime_now(const proctime_t *c)
{
    if (c->manual) return c->ms;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* duration.c - see duration.h. */
#include "util/duration.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

long long duration_parse_ms(const char *s)
{
    static const struct { const char *unit; long long ms; } units[] = {
        {"ms", 1}, {"milli", 1}, {"millis", 1}, {"millisecond", 1}, {"milliseconds", 1},
        {"s", 1000}, {"sec", 1000}, {"secs", 1000}, {"second", 1000}, {"seconds", 1000},
        {"m", 60000}, {"min", 60000}, {"mins", 60000}, {"minute", 60000}, {"minutes", 60000},
        {"h", 3600000}, {"hour", 3600000}, {"hours", 3600000},
        {"d", 86400000}, {"day", 86400000}, {"days", 86400000},
    };
    while (isspace((unsigned char)*s)) s++;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || v < 0) return -1;
    while (isspace((unsigned char)*end)) end++;
    if (!*end) return v;
    size_t n = strlen(end);
    while (n && isspace((unsigned char)end[n - 1])) n--;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strlen(units[i].unit) == n && strncasecmp(end, units[i].unit, n) == 0)
            return v > LLONG_MAX / units[i].ms ? -1 : v * units[i].ms;
    return -1;
}

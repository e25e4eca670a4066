/* jvm_size.c - see jvm_size.h. */
#include "util/jvm_size.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>

long long jvm_size_bytes(const char *s)
{
    if (!s || *s < '0' || *s > '9') return -1;   /* strtoll would take a sign or blanks */
    char *end;
    errno = 0;
    long long n = strtoll(s, &end, 10);
    if (errno) return -1;
    int shift = 0;
    switch (*end) {
    case '\0': break;
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 't': case 'T': shift = 40; end++; break;
    default: return -1;
    }
    return *end || n > (LLONG_MAX >> shift) ? -1 : n << shift;
}

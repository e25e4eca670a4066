/* time_zone.c - session time zones (time_zone.h): id validation as Flink
 * and java.time do it, fixed offsets, and region rules read from TZif
 * zone files (RFC 8536; the version 2+ part, 64-bit transition times). */
#include "types/time_zone.h"

#include <ctype.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/xalloc.h"

typedef struct zone {
    render_zone_t rz;          /* first: the public face */
    char *id;
    int n;                     /* transitions */
    int64_t *at;               /* epoch seconds of each transition, ascending */
    int32_t *offset;           /* the offset from each transition on */
    int32_t initial;           /* before the first transition (or always, when n = 0) */
    struct zone *next;
} zone_t;

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static zone_t *cache;

static int32_t zone_offset(int64_t epoch_millis, void *ctx)
{
    const zone_t *z = ctx;
    int64_t s = epoch_millis >= 0 ? epoch_millis / 1000 : -((-epoch_millis + 999) / 1000);
    if (z->n == 0 || s < z->at[0]) return z->initial;
    int lo = 0, hi = z->n - 1;   /* the last transition at or before s */
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        if (z->at[mid] <= s) lo = mid;
        else hi = mid - 1;
    }
    return z->offset[lo];
}

/* ---- ids ------------------------------------------------------------------------------ */

static const char *const short_ids[] = {"ACT", "AET", "AGT", "ART", "AST", "BET", "BST", "CAT", "CNT", "CST",
                                        "CTT", "EAT", "ECT", "IET", "IST", "JST", "MIT", "NET", "NST", "PLT",
                                        "PNT", "PRT", "PST", "SST", "VST", "EST", "MST", "HST", NULL};

static bool flink_rejects(const char *id)
{
    if (!strncasecmp(id, "UTC+", 4) || !strncasecmp(id, "UTC-", 4)) return true;
    for (int i = 0; short_ids[i]; i++)
        if (!strcasecmp(id, short_ids[i])) return true;
    return false;
}

static bool two_digits(const char *p, int *v)
{
    if (!isdigit((unsigned char)p[0]) || !isdigit((unsigned char)p[1])) return false;
    *v = (p[0] - '0') * 10 + (p[1] - '0');
    return true;
}

/* ZoneOffset.of: +h, +hh, +hh:mm, +hhmm, +hh:mm:ss, +hhmmss (|offset| <= 18 h). */
static bool parse_offset(const char *s, int32_t *out)
{
    if (*s != '+' && *s != '-') return false;
    int sign = *s == '-' ? -1 : 1, h = 0, m = 0, sec = 0;
    const char *p = s + 1;
    size_t n = strlen(p);
    if (n == 1 && isdigit((unsigned char)p[0])) h = p[0] - '0';
    else if (n == 2) { if (!two_digits(p, &h)) return false; }
    else if (n == 4) { if (!two_digits(p, &h) || !two_digits(p + 2, &m)) return false; }
    else if (n == 5) { if (!two_digits(p, &h) || p[2] != ':' || !two_digits(p + 3, &m)) return false; }
    else if (n == 6) { if (!two_digits(p, &h) || !two_digits(p + 2, &m) || !two_digits(p + 4, &sec)) return false; }
    else if (n == 8) {
        if (!two_digits(p, &h) || p[2] != ':' || !two_digits(p + 3, &m) || p[5] != ':' || !two_digits(p + 6, &sec))
            return false;
    } else return false;
    if (h > 18 || m > 59 || sec > 59 || (h == 18 && (m || sec))) return false;
    *out = sign * (h * 3600 + m * 60 + sec);
    return true;
}

/* ---- zone files ------------------------------------------------------------------------ */

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int64_t be64(const unsigned char *p) { return (int64_t)((uint64_t)be32(p) << 32 | be32(p + 4)); }

static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    unsigned char *data = NULL;
    size_t cap = 0, n = 0, got;
    do {
        if (n == cap) data = xrealloc(data, cap = cap ? 2 * cap : 8192);
        got = fread(data + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    fclose(f);
    *len = n;
    return data;
}

/* The v2+ block of a TZif file into z; false if the file is not one. */
static bool parse_tzif(const unsigned char *d, size_t len, zone_t *z)
{
    if (len < 44 || memcmp(d, "TZif", 4) != 0 || d[4] < '2') return false;
    size_t v1 = 44 + (size_t)be32(d + 32) * 5 + (size_t)be32(d + 36) * 6 + be32(d + 40) + (size_t)be32(d + 28) * 8 +
                be32(d + 24) + be32(d + 20);
    if (len < v1 + 44 || memcmp(d + v1, "TZif", 4) != 0) return false;
    const unsigned char *h = d + v1;
    uint32_t timecnt = be32(h + 32), typecnt = be32(h + 36);
    size_t body = v1 + 44;
    if (typecnt == 0 || len < body + (size_t)timecnt * 9 + (size_t)typecnt * 6) return false;
    const unsigned char *times = d + body, *idx = times + (size_t)timecnt * 8, *types = idx + timecnt;
    z->n = (int)timecnt;
    z->at = xcalloc(timecnt + 1, sizeof *z->at);
    z->offset = xcalloc(timecnt + 1, sizeof *z->offset);
    for (uint32_t i = 0; i < timecnt; i++) {
        if (idx[i] >= typecnt) return false;
        z->at[i] = be64(times + 8 * i);
        z->offset[i] = (int32_t)be32(types + 6 * idx[i]);
    }
    z->initial = (int32_t)be32(types);   /* local time type 0 */
    return true;
}

static bool region_name_ok(const char *id)
{
    if (!isalpha((unsigned char)id[0]) || strstr(id, "..")) return false;
    for (const char *p = id; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("~/._+-", *p)) return false;
    return true;
}

static bool load_region(const char *id, zone_t *z)
{
    const char *dir = getenv("TZDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "/usr/share/zoneinfo", id);
    size_t len = 0;
    unsigned char *data = read_file(path, &len);
    bool ok = data && parse_tzif(data, len, z);
    free(data);
    return ok;
}

/* ---- the cache ------------------------------------------------------------------------------ */

static void zone_free(zone_t *z)
{
    free(z->at);
    free(z->offset);
    free(z->id);
    free(z);
}

/* A new zone for id, or NULL with the message. */
static zone_t *zone_make(const char *id, char *err, size_t errlen)
{
    zone_t *z = xcalloc(1, sizeof *z);
    z->id = xstrdup(id);
    z->rz.offset_seconds = zone_offset;
    z->rz.ctx = z;
    const char *prefix_end = !strncmp(id, "GMT", 3) || !strncmp(id, "UTC", 3) ? id + 3 : !strncmp(id, "UT", 2) ? id + 2 : NULL;
    if (flink_rejects(id)) {
        snprintf(err, errlen,
                 "The supported Zone ID is either a full name such as 'America/Los_Angeles', or a custom timezone id "
                 "such as 'GMT-08:00', but configured Zone ID is '%s'.", id);
    } else if (!strcmp(id, "Z") || !strcmp(id, "UTC") || !strcmp(id, "GMT") || !strcmp(id, "UT")) {
        return z;
    } else if (*id == '+' || *id == '-' || (prefix_end && (*prefix_end == '+' || *prefix_end == '-'))) {
        if (parse_offset(*id == '+' || *id == '-' ? id : prefix_end, &z->initial)) return z;
        snprintf(err, errlen, "Invalid ID for offset-based ZoneId: %s", id);
    } else if (!region_name_ok(id)) {
        snprintf(err, errlen, "Invalid ID for region-based ZoneId, invalid format: %s", id);
    } else if (load_region(id, z)) {
        return z;
    } else {
        snprintf(err, errlen, "Unknown time-zone ID: %s", id);
    }
    zone_free(z);
    return NULL;
}

const render_zone_t *tz_zone(const char *id, char *err, size_t errlen)
{
    if (!id || !strcmp(id, "default")) id = "UTC";
    pthread_mutex_lock(&cache_lock);
    zone_t *z = cache;
    while (z && strcmp(z->id, id) != 0) z = z->next;
    if (!z && (z = zone_make(id, err, errlen)) != NULL) {
        z->next = cache;
        cache = z;
    }
    pthread_mutex_unlock(&cache_lock);
    return z ? &z->rz : NULL;
}

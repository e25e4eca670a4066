/* time_zone.h - the session time zone (`table.local-time-zone`) as Flink
 * reads it ("tz_"): Flink's validation, then java.time.ZoneId.of.
 *
 * Accepted ids: a region of the IANA database ('Asia/Shanghai', read from
 * the system's zoneinfo files, $TZDIR or /usr/share/zoneinfo), 'UTC', 'GMT',
 * 'UT', 'Z', an offset ('+08:00', '-5', '+0530') and a prefixed offset
 * ('GMT+08:00', 'UT-03'). Flink rejects 'UTC+..'/'UTC-..' and Java's short
 * ids ('PST', 'EST', ...) with its own message; Java's messages name the
 * rest ("Unknown time-zone ID: X", "Invalid ID for offset-based ZoneId: X").
 * 'default' (Flink's default: the machine's zone) is UTC here, so that runs
 * do not depend on the machine.
 *
 * A zone's rules are its transitions (the zone file's 64-bit data); after
 * the last one (2037 in Debian's files) its last offset holds.
 *
 * Ownership and threads: tz_zone returns a zone cached for the process (one
 * per id, loaded once, never freed), safe to read from any thread; the
 * cache itself is guarded by a mutex. */
#ifndef PTF_TIME_ZONE_H
#define PTF_TIME_ZONE_H

#include <stddef.h>
#include <stdint.h>

#include "types/render.h"

/* The zone for id, or NULL with Flink's or Java's message in err. NULL id
 * or 'default': the UTC zone. */
const render_zone_t *tz_zone(const char *id, char *err, size_t errlen);

#endif

/* tcase_seed.h - seeding a PTF call's state and timers from a case file's
 * '-- state NAME' section (format in docs/test-cases.md).
 *
 * A seed line has the form '--dump-state' prints, so a dump can be pasted
 * back:
 *   {"key": {"user_id": 1}, "state": {"clicks": {"count": 41}},
 *    "timers": [{"name": "t", "time": "2026-01-01 00:01:00.000"}]}
 * Checking happens in two steps: tcase_seed_check (when the case file is
 * parsed) checks the line's shape; tcase_seed_decode (when the call starts
 * and its signature is known) checks the key columns and state entries by
 * name and converts the values through Flink's json format
 * (connectors/format_json.h) into the binary value format the store holds.
 *
 * Nothing here keeps state between calls; everything decoded lives in the
 * caller's arena. Errors are "file:line: message" where file and line are
 * given. */
#ifndef PTF_TCASE_SEED_H
#define PTF_TCASE_SEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/signature.h"
#include "types/types.h"
#include "types/value.h"
#include "util/arena.h"

/* The call a seed line is decoded for (what job_call_state_t says). */
typedef struct tcase_seed_target {
    const char *function_name;        /* for messages */
    const ptf_sig_t *sig;             /* state entries by name */
    int nkeys;                        /* PARTITION BY columns, in clause order */
    const type_t *const *key_types;
    const char *const *key_names;
} tcase_seed_target_t;

typedef struct tcase_seed_value {
    int entry;                        /* index into sig->state */
    const unsigned char *bytes;       /* one codec `value` of the entry's type */
    size_t len;
} tcase_seed_value_t;

typedef struct tcase_seed_timer {
    const char *name;                 /* NULL = unnamed */
    int64_t time;                     /* epoch ms */
} tcase_seed_timer_t;

typedef struct tcase_seed_line {
    row_t key;                        /* the key columns (n = 0 without PARTITION BY) */
    tcase_seed_value_t *values;       /* entries given a non-null value */
    int nvalues;
    tcase_seed_timer_t *timers;
    int ntimers;
} tcase_seed_line_t;

/* The line is a JSON object with only "key" (an object or null), "state"
 * (an object) and "timers" (an array of {"name": string|null, "time":
 * number|string}). 0, or -1 with a message without file:line (the parser
 * adds it). */
int tcase_seed_check(const char *json, size_t len, char *err, size_t errlen);

/* Decodes a checked line for a call. Fails (-1, "file:line: ...") on a key
 * that does not name exactly the PARTITION BY columns, an unknown state entry
 * or field of a state value, a value that does not convert to the entry's
 * type, an entry JSON cannot carry, or a timer time that is neither epoch
 * milliseconds nor 'yyyy-MM-dd HH:mm:ss[.SSS]'. */
int tcase_seed_decode(const char *json, size_t len, const tcase_seed_target_t *t, const char *file, int line,
                      arena_t *a, tcase_seed_line_t *out, char *err, size_t errlen);

/* yyyy-MM-dd HH:mm:ss[.SSS] (or 'T' between date and time) as UTC epoch ms. */
bool tcase_parse_datetime(const char *s, size_t n, int64_t *ms);

#endif

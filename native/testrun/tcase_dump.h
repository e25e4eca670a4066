/* tcase_dump.h - '--dump-state': the keyed state and pending timers of one
 * PTF call as JSON Lines (format in tcase_dump.c and docs/test-cases.md).
 *
 * Reads the operator's store and timer service without changing them (an
 * expired value is skipped, not dropped). Everything is borrowed. */
#ifndef PTF_TCASE_DUMP_H
#define PTF_TCASE_DUMP_H

#include <stddef.h>
#include <stdint.h>

#include "engine/job.h"
#include "engine/signature.h"
#include "types/types.h"
#include "util/buf.h"

struct state_store;
struct timer_service;

typedef struct tcase_dump_info {
    const ptf_sig_t *sig;                  /* the state entries: names, kinds, types */
    int nkeys;                             /* PARTITION BY columns (0 = none): the key bytes are */
    const type_t *const *key_types;        /* these values codec-encoded one after another */
    const char *const *key_names;
    const struct state_store *state;
    const struct timer_service *timers;    /* may be NULL */
    int64_t now_ms;                        /* processing time, for TTL */
} tcase_dump_info_t;

/* Appends one JSON line per key with state or timers, or a line saying there
 * is none. -1 with err if a stored value does not decode (an internal fault). */
int tcase_dump_state(const tcase_dump_info_t *d, buf_t *out, char *err, size_t errlen);

/* The state of a stage other than a PTF call (engine/job.h's
 * job_stage_state_t) in the same form: one line per key, its entries by
 * name, "timers": []. */
int tcase_dump_stage(const job_stage_state_t *st, int64_t now_ms, buf_t *out, char *err, size_t errlen);

#endif

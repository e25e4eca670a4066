/* state_snapshot.h - reading a whole state store out for a checkpoint
 * ("state_"). Restore goes through the store's own state_put (the engine
 * seeds the operator, which interns the keys), with the write time of the
 * snapshot as processing time so that TTL continues where it stood. */
#ifndef PTF_STATE_SNAPSHOT_H
#define PTF_STATE_SNAPSHOT_H

#include "state/state.h"

/* Visits every present value, expired ones included (they expire on their
 * next read as before), key by key in id order, entries in order. */
typedef void (*state_visit_fn)(void *ctx, uint32_t key, int entry, const state_value_t *v);
void state_visit(const state_store_t *s, state_visit_fn fn, void *ctx);

#endif

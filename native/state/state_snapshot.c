/* state_snapshot.c - see state_snapshot.h. */
#include "state/state_snapshot.h"

void state_visit(const state_store_t *s, state_visit_fn fn, void *ctx)
{
    for (uint32_t k = 0; k < s->nkeys; k++)
        for (int e = 0; e < s->nentries; e++) {
            const state_value_t *v = &s->values[(size_t)k * (size_t)s->nentries + (size_t)e];
            if (v->data) fn(ctx, k, e, v);
        }
}

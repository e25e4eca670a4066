/* state_snapshot.c - see state_snapshot.h. */
#include "state/state_snapshot.h"

void state_visit(const state_store_t *s, state_visit_fn fn, void *ctx)
{
    for (uint32_t k = 0; k < s->nkeys; k++)
        for (int e = 0; e < s->nentries; e++) {
            state_value_t v;
            if (state_peek(s, k, e, &v)) fn(ctx, k, e, &v);
        }
}

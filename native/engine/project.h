/* project.h - the projection stage of a query ("project_"): SELECT * |
 * col [AS alias] | constant, ... over the rows the stage before it produces
 * (a PTF call's output row, or a table's row).
 *
 * Contract: the projection owns the projected ROW type, the source column of
 * each output column and the constant items (evaluated once, at init). It
 * passes on one row per input row, of the same kind; its values point into
 * the input row or the constants, so the output row lives as long as both
 * (the sink stage copies what it keeps). It keeps no state between rows:
 * a watermark or checkpoint barrier passes it untouched, and parallel
 * workers can each run a copy.
 *
 * Ownership: a project_t is initialised by project_init on every path (also
 * a failing one) and released by project_free. Not thread-safe. */
#ifndef PTF_PROJECT_H
#define PTF_PROJECT_H

#include <stddef.h>

#include "engine/plan.h"
#include "sql/sql.h"
#include "types/value.h"
#include "util/arena.h"

typedef struct project {
    type_t *type;        /* the projected ROW */
    int *cols;           /* input column per output column; -1 - i = consts[i] */
    int n;
    value_t *consts;     /* constant select items */
    int nconsts;
    arena_t arena;       /* the constants' values */
    value_t *fields;     /* the projected row's values (project_row) */
} project_t;

/* Binds q's select items to the input row type in. -1 with err pointing at
 * the offending item (an unknown column, an unsupported expression). */
int project_init(project_t *p, const plan_env_t *env, const sqlp_query_t *q, const type_t *in, char *err,
                 size_t errlen);
void project_free(project_t *p);

/* The projected row of in; valid until the next call. */
row_t project_row(const project_t *p, const row_t *in);

/* The output positions of input columns 0 .. prefix-1 (each column's first
 * occurrence), e.g. an upsert result's key after projection: how many were
 * written to key, or 0 when some column is not projected or prefix exceeds
 * PROJECT_MAX_KEY. */
#define PROJECT_MAX_KEY 64
int project_prefix_key(const project_t *p, int prefix, int key[PROJECT_MAX_KEY]);

#endif

/* layout.h - the columns of a PTF call's output row and where each comes from
 * ("layout_").
 *
 * Flink's rule (reference: flink-ptf-semantics.md §2.6):
 *     [pass-through columns | PARTITION BY keys per table] ++ function fields ++ [rowtime]
 * per table argument, in signature order: all its columns if it passes them
 * through, else its PARTITION BY columns if it has set semantics, else
 * nothing; then the function's fields (one column EXPR$0 for an atomic
 * output); then `rowtime` when the call gives on_time. Names are made unique
 * Flink's way: the k-th repeat of a name (k >= 1) becomes name + (k - 1).
 *
 * A layout is that rule applied: a list of parts, each a run of columns from
 * one source. The planner builds it once per call (layout_of_call) and derives
 * the output ROW type from it; the operator assembles each output row by
 * walking it; describe prints the layout a signature implies for any call
 * (layout_of_signature), where a table's column count is up to the call.
 *
 * Ownership: a layout_t owns its parts (layout_free); it borrows nothing.
 * The ROW type from layout_row_type is the caller's (type_free). No global
 * state; thread-safe. */
#ifndef PTF_LAYOUT_H
#define PTF_LAYOUT_H

#include <stdbool.h>

#include "engine/signature.h"
#include "types/types.h"
#include "util/buf.h"

typedef enum layout_source {
    LAYOUT_PASS_THROUGH,   /* every column of table argument `table`, in order */
    LAYOUT_KEYS,           /* the PARTITION BY columns of table argument `table`, in clause order */
    LAYOUT_FIELDS,         /* the function's output fields */
    LAYOUT_ROWTIME,        /* the record's event time (the on_time column) */
} layout_source_t;

/* A part's column count in a signature's layout when the call decides it. */
#define LAYOUT_ANY (-1)

typedef struct layout_part {
    layout_source_t source;
    int table;             /* PASS_THROUGH, KEYS: index among the table arguments; else -1 */
    int ncols;             /* columns of the part (ROWTIME: 1), or LAYOUT_ANY */
    bool optional;         /* signature layouts only: KEYS of an OPTIONAL_PARTITION_BY table
                            * ("if any"), ROWTIME when no table argument requires on_time */
} layout_part_t;

typedef struct layout {
    int nparts;
    layout_part_t *parts;  /* in output order; a KEYS part may have 0 columns */
    int ncols;             /* total, or LAYOUT_ANY if a part's count is */
} layout_t;

/* What the rule needs to know of one table argument of a call. */
typedef struct layout_table {
    bool pass_through;     /* PASS_COLUMNS_THROUGH */
    bool set_semantics;    /* SET_SEMANTIC_TABLE */
    const type_t *row_type;   /* the table's ROW (its columns' names and types) */
    int nkeys;             /* PARTITION BY columns */
    const int *key_cols;   /* their indexes in row_type, in clause order */
} layout_table_t;

/* What the rule needs to know of one call. */
typedef struct layout_call {
    int ntables;
    const layout_table_t *tables;   /* signature order */
    const type_t *output;           /* the function's output type */
    bool output_atomic;             /* one column EXPR$0 of type output */
    const type_t *rowtime;          /* the on_time column's type; NULL when the call has no on_time */
} layout_call_t;

/* The layout of one call. */
void layout_of_call(layout_t *l, const layout_call_t *c);

/* The call's output ROW: the layout's columns with their names and types,
 * rowtime NOT NULL, names de-duplicated. `l` must be layout_of_call(c). */
type_t *layout_row_type(const layout_t *l, const layout_call_t *c);

/* The layout any call of `sig` has: table parts of LAYOUT_ANY columns, a
 * ROWTIME part always (optional unless a table argument has REQUIRE_ON_TIME).
 * An output that is atomic or not composite is one field. */
void layout_of_signature(layout_t *l, const ptf_sig_t *sig);

/* Appends describe's text of a signature's layout to out, e.g.
 *     "<all columns of r> | EXPR$0 STRING | [rowtime]"
 *     "<PARTITION BY columns of input, if any> | name STRING | cnt BIGINT | rowtime"
 * and returns the note that explains its rowtime:
 *     "(rowtime: the on_time column, which every call must give)" or
 *     "([rowtime] only when the call gives on_time)". */
const char *layout_describe_signature(buf_t *out, const ptf_sig_t *sig);

void layout_free(layout_t *l);   /* frees the parts; l may be reused after layout_of_* */

#endif

/* expr_udf.h - user-defined scalar functions in expressions ("expr_udf_").
 *
 * The expression module knows a UDF only through this contract: whoever
 * runs the statement (the session) resolves a function name to an
 * expr_udf_t (its overloads, as Flink infers them from the eval methods, and
 * a transport to the Java instance), and expr_compile asks it for every call
 * whose name is not a built-in function (a TEMPORARY SYSTEM function wins
 * over a built-in of the same name, as in Flink's lookup order).
 *
 * Compiling picks the overload as Flink's type inference does: the first
 * (in the order given) that takes the arguments without a cast, else the
 * first that takes them with implicit casts; none gives "Invalid function
 * call" with the signatures Flink lists. The arguments are cast to the
 * overload's types. A deterministic function whose arguments are all
 * constants is called once while compiling (Flink reduces it at planning),
 * so it may stand where only a constant may (a PTF's scalar argument).
 *
 * Evaluation is batched: expr_eval_batch evaluates one expression over many
 * rows with one call of `call` per UDF call site and round, never per row.
 * A round evaluates each row until it reaches a UDF result not known yet,
 * queues that call's arguments and stops looking further into the row (what
 * comes after may depend on the result); the queued calls then cross in one
 * batch each and the rows are evaluated again. So a row's UDF calls happen
 * exactly where, and as often as, a row-at-a-time evaluation makes them;
 * built-in parts of an expression may be evaluated more than once.
 * expr_eval is a batch of one row.
 *
 * The wire format of a call (one per batch; Java half:
 * io.ptfhost.bridge.runtime.ScalarRuntime, docs/internals.md):
 *     in:  u16 overload, u16 nargs, u32 nrows, nrows x nargs values
 *     out: u8 0, nrows result values | u8 1, u32 row, u32 len, UTF-8 error
 * An error in eval fails the evaluation of that row: "Function 'f'
 * (com.example.F) failed on f(<arguments>): <Java class: message and stack>".
 *
 * Ownership: an expr_udf_t and its types belong to the resolver and must
 * outlive every expression compiled with it. Threads: `call` is made from
 * the evaluating thread; a UDF is called by one thread at a time. */
#ifndef PTF_EXPR_UDF_H
#define PTF_EXPR_UDF_H

#include <stdbool.h>
#include <stddef.h>

#include "expr/expr.h"
#include "util/buf.h"

typedef struct expr_udf_overload {
    int nargs;                 /* declared parameters; with varargs the last one repeats */
    type_t **args;
    char **names;              /* parameter names, for messages */
    bool varargs;
    type_t *result;
} expr_udf_overload_t;

typedef struct expr_udf {
    const char *name;          /* as created */
    const char *class_name;
    int noverloads;
    expr_udf_overload_t *overloads;
    bool deterministic;        /* isDeterministic() */
    bool system;               /* a TEMPORARY SYSTEM function: shadows a built-in */
    /* One batch: in -> out (format above). -1 with err when the bridge failed. */
    int (*call)(void *ctx, const buf_t *in, buf_t *out, char *err, size_t errlen);
    void *ctx;
} expr_udf_t;

typedef struct expr_udf_resolver {
    /* 1 with *out for a scalar UDF called name, 0 when there is none, -1 with
     * err when it exists but cannot be used (its class fails to load, is not
     * a ScalarFunction, open() threw). */
    int (*find)(void *ctx, const char *name, const expr_udf_t **out, char *err, size_t errlen);
    void *ctx;
} expr_udf_resolver_t;

/* expr_compile (expr.h) with the UDFs of udfs (may be NULL: none). */
expr_t *expr_compile_udfs(const expr_env_t *env, const expr_udf_resolver_t *udfs, const sqlp_expr_t *e,
                          const type_t *row_type, char *err, size_t errlen);

/* Evaluates x over rows[0..n) into out[0..n), memory in arena a (kept by the
 * caller for the whole batch). 0, or -1 with err set and *failed_row the
 * first row (by index) whose evaluation failed; out[0..*failed_row) are set. */
int expr_eval_batch(const expr_t *x, const row_t *rows, int n, arena_t *a, value_t *out, int *failed_row,
                    char *err, size_t errlen);

/* Whether x calls a UDF (a caller may then batch its rows). */
bool expr_has_udf(const expr_t *x);

/* Evaluates x over rows[0..n) now, in batches, and keeps each row's UDF
 * results: a later expr_eval of &rows[i] (the same address, the same row)
 * calls nothing, and an error is reported there, for that row. For a caller
 * that evaluates row by row (WHERE, the select list) but can gather rows
 * first. The results live until the next expr_prefetch or expr_free; a row
 * not prefetched is evaluated as a batch of one. Not thread-safe. */
void expr_prefetch(expr_t *x, const row_t *rows, int n);

#endif

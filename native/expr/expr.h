/* expr.h - Flink SQL scalar expressions: typed, null-aware evaluation
 * ("expr_").
 *
 * An sqlp_expr_t (sql/sql_ast.h) is compiled once against the ROW type of
 * the rows it will read into a typed tree, following Flink's rules: the
 * result type of every node is known at compile time (numeric promotion,
 * DECIMAL precision/scale derivation, nullability), implicit casts are
 * inserted where Flink inserts them, functions are resolved by name. The
 * compiled expression is then evaluated once per row.
 *
 *     expr_t *x = expr_compile(&env, e, row_type, err, errlen);
 *     const type_t *t = expr_type(x);            // fixed for the query
 *     for each row:
 *         value_t v;
 *         if (expr_eval(x, &row, arena, &v, err, errlen) != 0) fail;
 *     expr_free(x);
 *
 * Semantics are Flink's: SQL three-valued logic, integer arithmetic wraps as
 * Java's int/long arithmetic, integer division or MOD by zero fails the row
 * ("/ by zero", as Java's ArithmeticException), DOUBLE division by zero
 * gives Infinity/NaN, a DECIMAL result beyond its precision is NULL, string
 * positions count code points and are 1-based, arr[i] and map[k] give NULL
 * when absent. Built-in functions are listed by expr_func_names(); a Flink
 * function that is not implemented yet fails to compile with "Function X is
 * not supported by ptfhost yet".
 * The session time zone (TIMESTAMP_LTZ <-> local wall time) is env->zone,
 * UTC when NULL.
 *
 * Errors at compile time name the construct in Flink's wording where Flink
 * has one (e.g. "Cannot apply '+' to arguments of type '<INTEGER> +
 * <BOOLEAN>'") and point at its position via sqlp_format_error. Errors at
 * evaluation time (a CAST of text that is not a number, / by zero) are
 * returned by expr_eval; they carry no position.
 *
 * Ownership: the compiled expression owns its nodes, types and constants;
 * the row type and the script are borrowed and must outlive it. A value
 * returned by expr_eval may point into the compiled expression (constants),
 * into the input row (a column or a field of it) or into the caller's arena
 * (anything computed); it is valid while all three live (value_copy keeps
 * it longer). Thread-safety: a compiled expression is read-only during evaluation
 * (but for RAND's generators, which advance atomically); several threads may
 * evaluate it at once, each with its own arena. */
#ifndef PTF_EXPR_H
#define PTF_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sql/sql.h"
#include "types/render.h"
#include "types/value.h"
#include "util/arena.h"

typedef struct expr expr_t;

typedef struct expr_env {
    const sqlp_script_t *script;   /* for error positions; required */
    const render_zone_t *zone;     /* table.local-time-zone; NULL = UTC */
} expr_env_t;

/* Compiles e against rows of ROW type row_type (may be NULL: no columns).
 * NULL on error with a positioned message in err. */
expr_t *expr_compile(const expr_env_t *env, const sqlp_expr_t *e, const type_t *row_type, char *err,
                     size_t errlen);

/* The runner's clock (epoch ms) for CURRENT_TIMESTAMP, NOW(),
 * LOCALTIMESTAMP and CURRENT_DATE, read at each evaluation as Flink's
 * streaming mode does (per row); ctx is borrowed. Without it they read the
 * wall clock. */
void expr_set_clock(expr_t *x, int64_t (*now_ms)(const void *ctx), const void *ctx);

/* The watermark CURRENT_WATERMARK reads at each evaluation (epoch ms; WM_NONE,
 * INT64_MIN, while there is none); borrowed. Without it the watermark is
 * always none (NULL). */
void expr_set_watermark(expr_t *x, const int64_t *watermark);
/* Whether x calls CURRENT_WATERMARK (a stage then keeps the watermark current). */
bool expr_reads_watermark(const expr_t *x);

/* The result type (owned by x). */
const type_t *expr_type(const expr_t *x);

/* Evaluates x over row (of the compiled row type; may be NULL without
 * columns). Memory for the result goes to arena a. 0, or -1 with err set. */
int expr_eval(const expr_t *x, const row_t *row, arena_t *a, value_t *out, char *err, size_t errlen);

void expr_free(expr_t *x);

/* Flink's common type of n types (findCommonType, as for CASE branches and
 * the columns of a set operation): a new type the caller frees with
 * type_free, or NULL when the types have none. */
type_t *expr_common_type_of(const type_t *const *ts, int n);

/* The names of the built-in functions, in table order: writes up to max of
 * them to out and returns how many there are. */
int expr_func_names(const char **out, int max);

/* SQL LIKE of s against pattern (% any run, _ one code point, esc quotes
 * the next character, 0 for none): 1 on a match, 0 on none, -1 when the
 * pattern has a bad escape sequence (whatever s is). */
int expr_like_match(const char *s, const char *pattern, int esc);

#endif

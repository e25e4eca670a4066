/* expr_int.h - what the files of native/expr share: the typed node tree,
 * the compiler's state, the function table and small value helpers.
 * Not a public header (expr.h is the contract).
 *
 * A node evaluates itself through its `eval` pointer; a NULL result is a
 * value with is_null set. An evaluation error sets cx->failed (the first
 * message wins) and the node returns NULL; expr_eval reports it. Types of
 * nodes are owned by the expr_t (expr_own), nodes by its arena. */
#ifndef PTF_EXPR_INT_H
#define PTF_EXPR_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "expr/expr.h"
#include "types/calendar.h"
#include "types/java_number.h"
#include "util/buf.h"

typedef struct expr_node expr_node_t;

typedef struct expr_ctx {
    const row_t *row;
    arena_t *arena;
    const render_zone_t *zone;
    char *err;
    size_t errlen;
    bool failed;
    int64_t (*now_ms)(const void *ctx);   /* expr_env_t's clock; NULL = the wall clock */
    const void *now_ctx;
    const int64_t *watermark;             /* expr_set_watermark's; NULL = none */
} expr_ctx_t;

/* The current time of the evaluation (epoch ms). */
int64_t expr_now_ms(const expr_ctx_t *cx);

typedef value_t (*expr_eval_fn)(const expr_node_t *n, expr_ctx_t *cx);

struct expr_node {
    expr_eval_fn eval;
    const type_t *type;
    sqlp_pos_t pos;
    int op;                 /* node-specific: operator, column, time unit, ... */
    int nargs;
    expr_node_t **args;
    value_t value;          /* a constant */
    const void *aux;        /* node-specific (function entry, field path, ...) */
};

struct expr {
    expr_node_t *root;
    arena_t arena;          /* nodes and constants */
    type_t **types;         /* every type a node points to */
    int ntypes, cap;
    const render_zone_t *zone;
    int64_t (*now_ms)(const void *ctx);
    const void *now_ctx;
    const struct expr_udf_resolver *udfs;   /* expr_compile_udfs's; NULL = none */
    int nudf;               /* UDF call sites (expr_udf.c) */
    struct udf_call *udf_calls;
    struct expr_udf_cache *cache;           /* expr_prefetch's results */
    const int64_t *watermark;
    bool reads_watermark;   /* a CURRENT_WATERMARK node was compiled */
};

typedef struct expr_cc {
    const expr_env_t *env;
    const type_t *row;
    expr_t *x;
    char *err;
    size_t errlen;
} expr_cc_t;

/* ---- functions ------------------------------------------------------------ */

typedef struct expr_func expr_func_t;
/* Checks the compiled arguments n->args (may coerce them in place) and
 * returns the result type, or NULL with an error written. */
typedef const type_t *(*expr_infer_fn)(expr_cc_t *c, expr_node_t *n, const expr_func_t *f);
/* Strict functions get the evaluated, non-NULL arguments in argv; lazy ones
 * (EXPR_F_LAZY) get argv NULL and evaluate n->args themselves. */
typedef value_t (*expr_impl_fn)(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv);

enum { EXPR_F_STRICT = 0, EXPR_F_LAZY = 1, EXPR_F_NULLABLE = 2 /* result may be NULL for non-NULL input */ };

/* Result types of table-typed functions (EXPR_R_CUSTOM: the infer function). */
enum { EXPR_R_CUSTOM, EXPR_R_STRING, EXPR_R_INT, EXPR_R_BIGINT, EXPR_R_DOUBLE, EXPR_R_BOOL, EXPR_R_ARG0,
       EXPR_R_BYTES, EXPR_R_DATE, EXPR_R_TS3, EXPR_R_LTZ3 };

/* A built-in function. `args` gives each argument's family, the last one
 * repeating: S character string, B binary string, I integer, N numeric,
 * D DATE, T TIMESTAMP or TIMESTAMP_LTZ, W DATE/TIME/TIMESTAMP, L BOOLEAN,
 * Y a symbol (EXTRACT(DAY ...)), A any value, * a value or a symbol; a NULL
 * literal fits all value families.
 * Without an infer function the result type is `result`, nullable when an
 * argument is (or always with EXPR_F_NULLABLE). */
struct expr_func {
    const char *name;       /* upper case */
    int min_args, max_args; /* max -1: any number */
    const char *args;
    int result;
    expr_infer_fn infer;    /* NULL: check `args`, type from `result` */
    expr_impl_fn impl;
    unsigned flags;
    int op;                 /* for the impl (one impl may serve several names) */
};

extern const expr_func_t expr_funcs_cond[], expr_funcs_math[], expr_funcs_string[], expr_funcs_time[],
    expr_funcs_coll[], expr_funcs_floor[], expr_funcs_regex[], expr_funcs_json[], expr_funcs_random[],
    expr_funcs_text[], expr_funcs_printf[];

const expr_func_t *expr_func_find(const char *name);
/* The argument family check of `f->args`; writes the error and returns false. */
bool expr_func_check_args(expr_cc_t *c, expr_node_t *n, const expr_func_t *f);
expr_node_t *expr_compile_call(expr_cc_t *c, const sqlp_expr_t *e);
expr_node_t *expr_compile_node(expr_cc_t *c, const sqlp_expr_t *e);
/* A call of a UDF (expr_udf.h): true with *out (NULL on error) when e calls
 * one, false to compile it as a built-in. */
bool expr_udf_compile(expr_cc_t *c, const sqlp_expr_t *e, expr_node_t **out);
/* expr_eval of an expression with UDF calls (expr_udf.c); frees expr_prefetch's results. */
int expr_udf_eval(const expr_t *x, const row_t *row, arena_t *a, value_t *out, char *err, size_t errlen);
void expr_udf_cache_free(expr_t *x);

/* ---- compiler helpers (expr.c) ------------------------------------------- */

expr_node_t *expr_node_new(expr_cc_t *c, expr_eval_fn fn, const type_t *t, sqlp_pos_t pos, int nargs);
const type_t *expr_own(expr_cc_t *c, type_t *t);
const type_t *expr_type_new(expr_cc_t *c, type_id_t id, bool nullable, int precision, int scale);
const type_t *expr_type_parse(expr_cc_t *c, const char *s);   /* a type string known to be valid */
const type_t *expr_with_null(expr_cc_t *c, const type_t *t, bool nullable);
const type_t *expr_string_type(expr_cc_t *c, bool nullable); /* STRING */
expr_node_t *expr_const_node(expr_cc_t *c, const type_t *t, value_t v, sqlp_pos_t pos);
bool expr_is_const(const expr_node_t *n);
bool expr_any_nullable(const expr_node_t *n);                  /* of n's arguments */
void *expr_error(expr_cc_t *c, sqlp_pos_t pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "Cannot apply 'NAME' to arguments of type 'NAME(<A>, <B>)'" (or the
 * infix form for operators); returns NULL. */
void *expr_error_apply(expr_cc_t *c, sqlp_pos_t pos, const char *name, bool infix, expr_node_t *const *args,
                       int nargs);
void expr_sql_type_name(buf_t *b, const type_t *t);            /* Calcite's: INTEGER, VARCHAR(10), ... */

/* n (two compiled arguments, n->op an arithmetic sqlp_op_t) typed and set
 * to evaluate as that operator (expr_ops.c); NULL with an error. */
expr_node_t *expr_arithmetic(expr_cc_t *c, expr_node_t *n, const char *opname);

/* ---- types (expr_types.c) -------------------------------------------------- */

bool expr_is_int(const type_t *t);                   /* TINYINT..BIGINT */
bool expr_is_exact(const type_t *t);                 /* integers and DECIMAL */
bool expr_is_approx(const type_t *t);                /* FLOAT, DOUBLE */
bool expr_is_timestamp(const type_t *t);             /* TIMESTAMP, TIMESTAMP_LTZ */
bool expr_is_binary(const type_t *t);
/* The DECIMAL(p, s) an exact type widens to (INT -> DECIMAL(10, 0)). */
void expr_decimal_of(const type_t *t, int *p, int *s);
/* Flink's LogicalTypeMerging.adjustPrecisionScale for p > 38. */
void expr_decimal_adjust(int *p, int *s);
/* Flink's common type of several types (findCommonType): NULL if none.
 * Nullable if any input is nullable. NULL-typed inputs are ignored. */
const type_t *expr_common_type(expr_cc_t *c, const type_t *const *ts, int n);

/* ---- casts (expr_cast.c) --------------------------------------------------- */

/* n as type `to`: n itself when equal up to nullability, else a cast node.
 * `implicit` casts only what Flink casts implicitly (else NULL with an
 * error); explicit is CAST(n AS to), `try_cast` TRY_CAST. The result keeps
 * n's nullability unless `to` says NOT NULL or try_cast. */
expr_node_t *expr_cast(expr_cc_t *c, expr_node_t *n, const type_t *to, bool implicit, bool try_cast,
                       sqlp_pos_t pos);
/* Coerces every argument n->args[from..] to a common type; returns it, or
 * NULL (no error written) when they have none. */
const type_t *expr_coerce_args(expr_cc_t *c, expr_node_t *n, int from);
/* The value v of type from as type to (explicit-cast rules). 0, or -1 with
 * an error message in cx (not a NULL: TRY_CAST turns it into NULL). */
int expr_cast_value(expr_ctx_t *cx, const value_t *v, const type_t *from, const type_t *to, value_t *out);

/* ---- evaluation helpers (expr.c) ----------------------------------------- */

#define EXPR_EVAL(n, cx) ((n)->eval((n), (cx)))
value_t expr_fail(expr_ctx_t *cx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline value_t expr_bool(bool b) { value_t v = {0}; v.u.b = b; return v; }
static inline value_t expr_i64(int64_t i) { value_t v = {0}; v.u.i64 = i; return v; }
static inline value_t expr_f64(double d) { value_t v = {0}; v.u.f64 = d; return v; }
static inline value_t expr_dec(__int128 d) { value_t v = {0}; v.u.dec = d; return v; }
value_t expr_str(expr_ctx_t *cx, const char *p, size_t n);    /* a copy in the arena */
value_t expr_str_buf(expr_ctx_t *cx, buf_t *b);               /* copies and frees b */
/* An integer result wrapped to the width of t (Java's int/short/byte casts). */
int64_t expr_wrap_int(int64_t v, const type_t *t);
__int128 expr_pow10(int n);
/* Comparison of two non-NULL values of one comparable type: <0, 0, >0, with
 * SQL semantics for FLOAT/DOUBLE (-0.0 = 0.0; NaN is greater than all). */
int expr_compare_values(const value_t *x, const value_t *y, const type_t *t);
/* A non-NULL value as a double (numbers only). */
double expr_to_double(const value_t *v, const type_t *t);

/* ---- UTF-8 (expr_func_string.c) -------------------------------------------- */

size_t expr_utf8_count(const char *p, size_t n);              /* code points */
size_t expr_utf8_skip(const char *p, size_t n, size_t k);     /* byte offset of code point k (<= n) */

/* ---- time (expr_func_time.c) ----------------------------------------------- */

int32_t expr_zone_offset(const expr_ctx_t *cx, int64_t epoch_millis);   /* seconds */
/* The instant of a local wall time (epoch ms of it read as UTC), as
 * java.time resolves it: in an overlap the earlier offset, in a gap the
 * time moved forward by the gap. */
int64_t expr_local_to_utc(const expr_ctx_t *cx, int64_t local);

#endif

/* plan.h - binding a PTF call in SQL to the function's signature ("plan_").
 *
 * Given `f(args)` from a query's FROM clause, the catalog and the signature
 * Flink infers for f, the planner resolves table arguments (PARTITION BY,
 * ORDER BY, on_time), coerces scalar literals to the declared types, checks
 * everything Flink's planner checks (with Flink's messages) and derives the
 * output row by Flink's layout rule (layout.h):
 *     [pass-through columns | PARTITION BY keys per table] ++ function fields ++ [rowtime]
 * Planning runs in stages, in the order Flink checks (plan.c): load the
 * signature, bind the arguments, resolve the table arguments, their
 * changelog encoding, on_time, uid, coerce the scalars (literal.h), derive
 * the output.
 *
 * Ownership: a plan_call_t owns its types, strings and the signature; it
 * borrows catalog tables (they must outlive it). plan_call_free releases it. */
#ifndef PTF_PLAN_H
#define PTF_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "catalog/catalog.h"
#include "engine/changelog.h"
#include "engine/layout.h"
#include "engine/signature.h"
#include "expr/expr.h"
#include "sql/sql.h"
#include "time/proctime.h"
#include "util/buf.h"

typedef struct plan_table {
    int arg;                      /* index into sig->args */
    const catalog_table_t *table;
    int nkeys;
    int *key_cols;                /* PARTITION BY, in clause order */
    int norder;
    int *order_cols;
    bool *order_desc;
    int time_col;                 /* on_time column, -1 */
    bool set_semantics, pass_through;
    int call_index;               /* position of the argument in the call as written */
    changelog_mode_t source_mode; /* what the table produces */
    changelog_mode_t delivered;   /* what the function receives (changelog.h) */
    unsigned delivered_kinds;     /* the row kinds it receives */
    bool key_only_deletes;
    const type_t *typed;          /* declared type of a typed table argument (rows are cast to it), or NULL */
} plan_table_t;

typedef struct plan_call {
    char *function_name;          /* as called */
    char *class_name;
    char **jars;
    int njars;
    ptf_sig_t *sig;
    char *uid;                    /* NULL if none (row semantics without uid) */
    int ntables;
    plan_table_t *tables;         /* signature order */
    type_t *scalars_type;         /* ROW of the scalar arguments, signature order */
    buf_t scalars;                /* one encoded row of scalars_type */
    layout_t layout;              /* where each output column comes from */
    type_t *output_type;          /* the call's output ROW (layout_row_type) */
    bool has_rowtime;
    char *flink_version;          /* "2.1" | "2.2" | "2.3" */
    int batch_rows;
} plan_call_t;

/* What planning needs from outside: the catalog, the script (for error
 * positions) and a way to get a signature for (jars, class). */
typedef int (*plan_describe_fn)(void *ctx, const char *const *jars, int njars, const char *class_name,
                                ptf_sig_t **out, char *err, size_t errlen);

/* The watermark a stage's expressions read with CURRENT_WATERMARK: the
 * stage keeps `value` current (WM_NONE until the first); compiling an
 * expression that reads it sets `read`. */
typedef struct plan_watermark {
    int64_t value;
    bool read;
} plan_watermark_t;

typedef struct plan_env {
    const catalog_t *catalog;
    const sqlp_script_t *script;
    plan_describe_fn describe;
    void *describe_ctx;
    const char *flink_version;
    const proctime_t *clock;     /* the runner's clock for CURRENT_TIMESTAMP & co.; NULL = the wall clock */
    const struct expr_udf_resolver *udfs;   /* scalar UDFs (expr/expr_udf.h); NULL = none */
    plan_watermark_t *watermark; /* what CURRENT_WATERMARK reads; NULL = always none */
} plan_env_t;

/* The session time zone: SET 'table.local-time-zone' of catalog (time_zone.h);
 * *zone NULL when unset (UTC). -1 with Flink's message for an invalid id. */
int plan_session_zone(const catalog_t *catalog, const render_zone_t **zone, char *err, size_t errlen);

/* expr_compile against env's script, in the session time zone of env's
 * catalog, reading env's clock. */
expr_t *plan_expr_compile(const plan_env_t *env, const sqlp_expr_t *e, const type_t *row_type, char *err,
                          size_t errlen);

/* Plans `call` (a SQLP_E_CALL). On error returns NULL with a message in err
 * that points at the offending part of the script. */
plan_call_t *plan_call(const plan_env_t *env, const sqlp_expr_t *call, char *err, size_t errlen);
void plan_call_free(plan_call_t *p);

/* The JSON the Java half's Bridge.open expects (docs/internals.md). */
char *plan_call_json(const plan_call_t *p, const char *required_changelog_mode);

/* literal_value (literal.h) against env's script, for callers that plan
 * with a plan_env_t. */
int plan_literal_value(const plan_env_t *env, const sqlp_expr_t *e, const type_t *t, const char *argname,
                       arena_t *a, value_t *out, char *err, size_t errlen);

/* Flink's duration syntax (TimeUtils.parseDuration): "30 s", "30 seconds",
 * "7 days", "45 min", "100 ms", a bare number = milliseconds. -1 if invalid. */
long long plan_parse_duration_ms(const char *s);

/* A duration SET option's value (NULL = unset: *ms stays as it is) into *ms;
 * -1 with Flink's "Could not parse value ... for key ..." message. */
int plan_duration_setting(const char *key, const char *value, int64_t *ms, char *err, size_t errlen);

/* The row kinds a table produces (changelog.h kind set): its 'changelog-mode'
 * option, else its test events, else its format or connector; and whether
 * its deletes carry only the key. */
unsigned plan_table_changelog(const catalog_table_t *t, bool *key_only_deletes);

/* Finds a table by a possibly qualified name, resolved as Flink resolves it
 * against the current catalog and database (catalog/catalog_names.h); the
 * examples catalog's tables are made on first use (plan_names.c). */
catalog_table_t *plan_find_table(const catalog_t *c, const sqlp_name_t *name);
/* The table list's key for name (malloc'ed); NULL for more than 3 parts. */
char *plan_table_key(const catalog_t *c, const sqlp_name_t *name);
/* The read-only catalog (the examples catalog) name lies in, else NULL. */
const char *plan_table_read_only(const catalog_t *c, const sqlp_name_t *name);
/* Calcite's message for a name that resolves to nothing:
 * "Object 'x' not found" or "Object 'x' not found within 'cat.db'". */
void plan_table_not_found(const catalog_t *c, const sqlp_name_t *name, char *out, size_t outlen);
char *plan_name_string(const sqlp_name_t *name);   /* "a.b.c", malloc'ed */

/* "TUMBLE", "HOP", "CUMULATE" or "SESSION" when call names one of Flink's window
 * table functions (unqualified, any case); NULL otherwise. */
const char *plan_window_tvf(const sqlp_expr_t *call);

#endif

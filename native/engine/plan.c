/* plan.c - see plan.h. The checks follow Flink's SystemTypeInference and
 * planner rules (reference: flink-ptf-semantics.md §1, §2.4, §2.6, §6.2);
 * their messages are Flink's, prefixed by where in the script they apply.
 * plan_call (at the end) runs `stages` in order; each stage fills part of
 * the plan_call_t and returns 0, or -1 with the message of the first check
 * that failed, so the order of stages and of checks within them is the
 * order in which Flink reports. */
#include "engine/plan.h"
#include "expr/expr_udf.h"
#include "util/duration.h"
#include "util/xalloc.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/cast.h"
#include "engine/literal.h"
#include "types/codec.h"
#include "types/time_zone.h"

char *plan_name_string(const sqlp_name_t *name)
{
    buf_t b = BUF_INIT;
    for (int i = 0; i < name->nparts; i++) {
        if (i) buf_putc(&b, '.');
        buf_puts(&b, name->parts[i].name);
    }
    return buf_steal(&b);
}

void plan_call_free(plan_call_t *p)
{
    if (!p) return;
    free(p->function_name);
    free(p->class_name);
    for (int i = 0; i < p->njars; i++) free(p->jars[i]);
    free(p->jars);
    ptf_sig_free(p->sig);
    free(p->uid);
    for (int i = 0; i < p->ntables; i++) {
        free(p->tables[i].key_cols);
        free(p->tables[i].order_cols);
        free(p->tables[i].order_desc);
    }
    free(p->tables);
    type_free(p->scalars_type);
    buf_free(&p->scalars);
    type_free(p->output_type);
    layout_free(&p->layout);
    free(p->flink_version);
    free(p);
}

static void column_list(buf_t *b, const type_t *row)
{
    buf_putc(b, '[');
    for (int i = 0; i < row->nfields; i++) buf_printf(b, "%s%s", i ? ", " : "", row->fields[i].name);
    buf_putc(b, ']');
}

/* ---- facts the stages use ------------------------------------------------------ */

long long plan_parse_duration_ms(const char *s) { return duration_parse_ms(s); }

int plan_duration_setting(const char *key, const char *value, int64_t *ms, char *err, size_t errlen)
{
    if (!value) return 0;
    long long parsed = plan_parse_duration_ms(value);
    if (parsed < 0) {
        snprintf(err, errlen, "Could not parse value '%s' for key '%s'. Use a duration such as '200 ms', '5 s' "
                              "or '1 min', or a number of milliseconds.", value, key);
        return -1;
    }
    *ms = parsed;
    return 0;
}

static bool option_true(const catalog_table_t *t, const char *key)
{
    const char *v = catalog_table_option(t, key);
    return v && strcasecmp(v, "true") == 0;
}

unsigned plan_table_changelog(const catalog_table_t *t, bool *key_only_deletes)
{
    *key_only_deletes = option_true(t, "source.produces-delete-by-key");
    unsigned kinds;
    const char *declared = catalog_table_option(t, "changelog-mode");
    if (declared && changelog_kinds_parse(declared, &kinds) == 0) return kinds;
    if (t->has_events) {
        kinds = CHANGELOG_KINDS_INSERT_ONLY;
        bool deletes_by_key = t->npk > 0;
        for (size_t i = 0; i < t->nevents; i++) {
            if (t->events[i].kind != CATALOG_EVENT_ROW) continue;
            const row_t *r = &t->events[i].row;
            kinds |= 1u << r->kind;
            if (r->kind != ROW_DELETE) continue;
            /* a delete whose non-key fields are all NULL carries only the key */
            for (uint32_t c = 0; c < r->n; c++) {
                bool is_key = false;
                for (int k = 0; k < t->npk; k++) is_key |= t->pk[k] == (int)c;
                if (!is_key && !r->fields[c].is_null) deletes_by_key = false;
            }
        }
        if (kinds & (1u << ROW_DELETE)) *key_only_deletes |= deletes_by_key;
        return kinds;
    }
    const char *connector = catalog_table_option(t, "connector");
    if (connector && strcmp(connector, "upsert-kafka") == 0) {
        *key_only_deletes = true;
        return CHANGELOG_KINDS_INSERT_ONLY | 1u << ROW_UPDATE_AFTER | 1u << ROW_DELETE;
    }
    const char *format = catalog_table_option(t, "format");
    if (!format) format = catalog_table_option(t, "value.format");
    if (format && (strcmp(format, "debezium-json") == 0 || strcmp(format, "canal-json") == 0 ||
                   strcmp(format, "maxwell-json") == 0 || strcmp(format, "ogg-json") == 0))
        return CHANGELOG_KINDS_ALL;
    return CHANGELOG_KINDS_INSERT_ONLY;
}

/* Co-partitioned keys must agree in kind (length, precision and nullability
 * may differ: Flink accepts VARCHAR(5) NOT NULL beside VARCHAR(6)). */
static bool same_type_family(const type_t *a, const type_t *b)
{
    bool sa = a->id == TYPE_CHAR || a->id == TYPE_VARCHAR, sb = b->id == TYPE_CHAR || b->id == TYPE_VARCHAR;
    if (sa || sb) return sa && sb;
    if (a->id == TYPE_DECIMAL && b->id == TYPE_DECIMAL) return a->scale == b->scale;
    return a->id == b->id;
}

static bool valid_uid(const char *s)
{
    if (!*s || !(isalpha((unsigned char)*s) || *s == '_')) return false;
    for (s++; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '-')) return false;
    return true;
}

/* Calcite's name of a type in "RecordType(...)": a VALUES view's strings are CHAR(n). */
static void calcite_type(buf_t *b, const type_t *t, bool from_values)
{
    switch (t->id) {
    case TYPE_INT: buf_puts(b, "INTEGER"); break;
    case TYPE_VARCHAR:
        buf_printf(b, "%s(%d)", from_values ? "CHAR" : "VARCHAR", t->precision);
        break;
    case TYPE_TIMESTAMP_LTZ: buf_printf(b, "TIMESTAMP_WITH_LOCAL_TIME_ZONE(%d)", t->precision); break;
    case TYPE_DECIMAL: buf_printf(b, "DECIMAL(%d, %d)", t->precision, t->scale); break;
    case TYPE_CHAR:
    case TYPE_BINARY:
    case TYPE_VARBINARY:
    case TYPE_TIME:
    case TYPE_TIMESTAMP: buf_printf(b, "%s(%d)", type_id_name(t->id), t->precision); break;
    default: {
        type_t *plain = type_clone(t);   /* Calcite leaves nullability out of RecordType */
        plain->nullable = true;
        char *n = type_to_string(plain);
        buf_puts(b, n);
        free(n);
        type_free(plain);
    }
    }
}

/* "f(<RecordType(CHAR(3) name, BOOLEAN isValid)>, <NUMERIC>, <COLUMN_LIST>, <CHARACTER>)":
 * the operand types Calcite prints when no signature matches. */
static void calcite_call_signature(buf_t *b, const char *fname, const ptf_sig_t *sig, const sqlp_expr_t **bound,
                                   const catalog_t *c)
{
    buf_printf(b, "%s(", fname);
    for (int i = 0; i < sig->nargs + 2; i++) {
        if (i) buf_puts(b, ", ");
        const sqlp_expr_t *v = bound[i];
        if (i == sig->nargs) {
            buf_puts(b, "<COLUMN_LIST>");
        } else if (i == sig->nargs + 1) {
            buf_puts(b, "<CHARACTER>");
        } else if (v && v->kind == SQLP_E_TABLE_ARG && v->u.table.table) {
            const catalog_table_t *t = plan_find_table(c, v->u.table.table);
            buf_puts(b, "<RecordType(");
            for (int f = 0; t && f < t->schema->nfields; f++) {
                if (f) buf_puts(b, ", ");
                calcite_type(b, t->schema->fields[f].type, t->is_values);
                buf_printf(b, " %s", t->schema->fields[f].name);
            }
            buf_puts(b, ")>");
        } else if (v && v->kind == SQLP_E_LITERAL) {
            switch (v->u.lit.kind) {
            case SQLP_LIT_INTEGER:
            case SQLP_LIT_DECIMAL:
            case SQLP_LIT_DOUBLE: buf_puts(b, "<NUMERIC>"); break;
            case SQLP_LIT_STRING: buf_puts(b, "<CHARACTER>"); break;
            case SQLP_LIT_BOOL: buf_puts(b, "<BOOLEAN>"); break;
            case SQLP_LIT_NULL: buf_puts(b, "<NULL>"); break;
            default: buf_puts(b, "<ANY>");
            }
        } else if (v && v->kind == SQLP_E_DESCRIPTOR) {
            buf_puts(b, "<COLUMN_LIST>");
        } else {
            buf_puts(b, "<ANY>");
        }
    }
    buf_putc(b, ')');
}

/* ---- the planner's stages ------------------------------------------------------ */

/* One call being planned: what the stages share. */
typedef struct planner {
    const plan_env_t *env;
    const sqlp_expr_t *call;
    const char *fname;               /* the function's name as called (its last part): messages use it */
    const catalog_function_t *fn;
    plan_call_t *p;                  /* what the stages build */
    const ptf_sig_t *sig;            /* p->sig, once loaded */
    const sqlp_expr_t **bound;       /* per signature argument, then on_time, uid: the value given, or NULL */
    int *bound_at;                   /* the position in the call of each bound value */
    char *err;
    size_t errlen;
} planner_t;

__attribute__((format(printf, 3, 4))) static int fail_at(const planner_t *pl, sqlp_pos_t pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sqlp_vformat_error(pl->env->script, pos, 0, pl->err, pl->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static const sqlp_expr_t *on_time_arg(const planner_t *pl)
{
    return pl->bound[pl->sig->nargs];
}

static const sqlp_expr_t *uid_arg(const planner_t *pl)
{
    return pl->bound[pl->sig->nargs + 1];
}

static const char *table_arg_name(const planner_t *pl, const plan_table_t *pt)
{
    return pl->sig->args[pt->arg].name;
}

const char *plan_window_tvf(const sqlp_expr_t *call)
{
    static const char *const names[] = {"TUMBLE", "HOP", "CUMULATE", "SESSION"};
    if (call->u.call.name.nparts != 1) return NULL;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strcasecmp(call->u.call.name.parts[0].name, names[k]) == 0) return names[k];
    return NULL;
}

static const catalog_function_t *resolve_function(const planner_t *pl)
{
    const catalog_t *catalog = pl->env->catalog;
    char *full = plan_name_string(&pl->call->u.call.name);
    catalog_function_t *fn = catalog_find_function(catalog, full);
    if (!fn) fn = catalog_find_function(catalog, pl->fname);
    if (!fn && plan_window_tvf(pl->call)) {
        fail_at(pl, pl->call->pos, "SQL validation failed. The window table function %s is not supported by ptfhost "
                                   "on its own or as a PTF's input yet: ptfhost runs window TVFs under a window "
                                   "aggregation (GROUP BY window_start, window_end[, keys]).",
                plan_window_tvf(pl->call));
    } else if (!fn) {
        buf_t known = BUF_INIT;
        for (int i = 0; i < catalog->nfunctions; i++)
            buf_printf(&known, "%s%s", i ? ", " : "", catalog->functions[i]->name);
        fail_at(pl, pl->call->pos, "SQL validation failed. No function named '%s' is registered (function names are "
                                   "case-sensitive). Registered functions: [%s]. Register it with CREATE FUNCTION %s "
                                   "AS '<class>' USING JAR '<path>'.", full, buf_cstr(&known), full);
        buf_free(&known);
    }
    free(full);
    return fn;
}

/* The plan's identity: the function, its JARs (its own, then ADD JAR's), the Flink version. */
static plan_call_t *new_plan(const plan_env_t *env, const catalog_function_t *fn)
{
    plan_call_t *p = xcalloc(1, sizeof *p);
    p->function_name = xstrdup(fn->name);
    p->class_name = xstrdup(fn->class_name);
    p->njars = fn->njars + env->catalog->njars;
    p->jars = xcalloc((size_t)p->njars + 1, sizeof *p->jars);
    for (int i = 0; i < fn->njars; i++) p->jars[i] = xstrdup(fn->jars[i]);
    for (int i = 0; i < env->catalog->njars; i++) p->jars[fn->njars + i] = xstrdup(env->catalog->jars[i]);
    p->flink_version = xstrdup(env->flink_version ? env->flink_version : "2.3");
    p->batch_rows = 1024;
    return p;
}

/* Flink's extraction error for an invalid function. The one message that
 * changed between releases: 2.1's StaticArgument says "Untyped table
 * arguments ...", 2.3 "Table arguments ...". */
static int report_invalid_signature(const planner_t *pl)
{
    const ptf_sig_t *sig = pl->sig;
    const char *msg = sig->error ? sig->error : "invalid function";
    const char *old_wording = "Untyped table arguments must not be optional.";
    const char *at = strstr(msg, old_wording);
    char *reworded = NULL;
    if (at && strcmp(pl->p->flink_version, "2.3") >= 0) {
        size_t n = strlen(msg) + 1;
        reworded = xmalloc(n);
        snprintf(reworded, n, "%.*sTable arguments must not be optional.%s", (int)(at - msg), msg,
                 at + strlen(old_wording));
        msg = reworded;
    }
    fail_at(pl, pl->call->pos, "SQL validation failed. %s%s%s", msg, sig->fix ? "\nfix: " : "",
            sig->fix ? sig->fix : "");
    free(reworded);
    return -1;
}

static int load_signature(planner_t *pl)
{
    plan_call_t *p = pl->p;
    char derr[8192];
    if (pl->env->describe(pl->env->describe_ctx, (const char *const *)p->jars, p->njars, p->class_name, &p->sig,
                          derr, sizeof derr) != 0)
        return fail_at(pl, pl->call->pos, "Cannot load function '%s' (class '%s'): %s", pl->fn->name,
                       pl->fn->class_name, derr);
    pl->sig = p->sig;
    return pl->sig->valid ? 0 : report_invalid_signature(pl);
}

/* The slot of a named argument: a declared one, on_time or uid; -1 if unknown. */
static int named_slot(const ptf_sig_t *sig, const char *name)
{
    if (strcmp(name, "on_time") == 0) return sig->nargs;
    if (strcmp(name, "uid") == 0) return sig->nargs + 1;
    return ptf_sig_find_arg(sig, name);
}

/* The slot's argument name: a declared one, on_time or uid. */
static const char *slot_name(const ptf_sig_t *sig, int slot)
{
    return slot < sig->nargs ? sig->args[slot].name : slot == sig->nargs ? "on_time" : "uid";
}

/* "function 'f' has the arguments a, b, on_time and uid." */
static void describe_known_arguments(const planner_t *pl, buf_t *b)
{
    buf_printf(b, "function '%s' has the arguments ", pl->fname);
    for (int a = 0; a < pl->sig->nargs; a++) buf_printf(b, "%s, ", pl->sig->args[a].name);
    buf_puts(b, "on_time and uid.");
}

/* After a missing-argument error: the named arguments the function does not
 * have (Flink ignores them, so a misspelt name shows up as a missing one),
 * with the names it does have. */
static void note_unknown_arguments(const planner_t *pl)
{
    const sqlp_arg_t *args = pl->call->u.call.args;
    buf_t unknown = BUF_INIT, known = BUF_INIT;
    for (int i = 0; i < pl->call->u.call.nargs; i++)
        if (args[i].name && named_slot(pl->sig, args[i].name->name) < 0)
            buf_printf(&unknown, "%s'%s'", unknown.len ? ", " : "", args[i].name->name);
    if (unknown.len) {
        describe_known_arguments(pl, &known);
        size_t n = strlen(pl->err);
        snprintf(pl->err + n, pl->errlen - n, "\nUnknown argument%s %s: %s", strchr(buf_cstr(&unknown), ',') ? "s" : "",
                 buf_cstr(&unknown), buf_cstr(&known));
    }
    buf_free(&unknown);
    buf_free(&known);
}

/* Calcite's SqlCallBinding.permutedOperands: an argument name matches a
 * parameter case-sensitively; a parameter no name matches, but one matches
 * ignoring case, fails with "did you mean" (any other unknown name is
 * ignored). Parameters in declared order, then on_time and uid. */
static int check_argument_name_case(const planner_t *pl)
{
    const sqlp_arg_t *args = pl->call->u.call.args;
    int nargs = pl->call->u.call.nargs;
    for (int slot = 0; slot < pl->sig->nargs + 2; slot++) {
        const char *param = slot_name(pl->sig, slot);
        const sqlp_arg_t *near = NULL;
        bool exact = false;
        for (int i = 0; i < nargs && !exact; i++) {
            if (!args[i].name) continue;
            exact = strcmp(args[i].name->name, param) == 0;
            if (!near && strcasecmp(args[i].name->name, param) == 0) near = &args[i];
        }
        if (exact || !near) continue;
        buf_t known = BUF_INIT;
        describe_known_arguments(pl, &known);
        fail_at(pl, near->name->pos, "Param '%s' not found in function '%s'; did you mean '%s'?\n%s",
                near->name->name, pl->fname, param, buf_cstr(&known));
        buf_free(&known);
        return -1;
    }
    return 0;
}

/* Matches the call's arguments to the signature's (plus on_time and uid). */
static int bind_arguments(planner_t *pl)
{
    const ptf_sig_t *sig = pl->sig;
    int nargs = pl->call->u.call.nargs;
    const sqlp_arg_t *args = pl->call->u.call.args;
    int nsys = sig->nargs + 2;
    pl->bound = xcalloc((size_t)nsys, sizeof *pl->bound);
    pl->bound_at = xcalloc((size_t)nsys, sizeof *pl->bound_at);
    bool named = nargs > 0 && args[0].name != NULL;
    for (int i = 0; i < nargs; i++) {
        if ((args[i].name != NULL) != named)
            return fail_at(pl, args[i].value->pos, "Cannot mix positional and named arguments when calling function "
                                                   "'%s'", pl->fname);
        int slot = i;
        if (named) {
            slot = named_slot(sig, args[i].name->name);
            if (slot < 0) continue;   /* Flink ignores unknown named arguments */
            if (pl->bound[slot])
                return fail_at(pl, args[i].name->pos, "Argument '%s' of function '%s' is given twice.",
                               args[i].name->name, pl->fname);
        } else if (slot >= nsys) {
            return fail_at(pl, args[i].value->pos, "Too many arguments for function '%s': it takes %d (%d declared, "
                                                   "plus on_time and uid), %d given.", pl->fname, nsys, sig->nargs,
                           nargs);
        }
        pl->bound[slot] = args[i].value;
        pl->bound_at[slot] = i;
    }
    return named ? check_argument_name_case(pl) : 0;
}

/* ---- table arguments ----------------------------------------------------------- */

static int check_scalar_not_table(const planner_t *pl, int arg)
{
    const sqlp_expr_t *v = pl->bound[arg];
    if (!v || v->kind != SQLP_E_TABLE_ARG) return 0;
    return fail_at(pl, v->pos, "Invalid argument value. Argument '%s' expects a scalar value, but a table was "
                               "passed.", pl->sig->args[arg].name);
}

/* The value given for a table argument must be TABLE <name> of a known table or view. */
static int resolve_table_source(const planner_t *pl, const ptf_arg_t *a, const sqlp_expr_t *v, plan_table_t *pt)
{
    if (!v || v->kind == SQLP_E_DEFAULT) {
        fail_at(pl, v ? v->pos : pl->call->pos, "Table expected for argument '%s'.", a->name);
        note_unknown_arguments(pl);
        return -1;
    }
    if (v->kind != SQLP_E_TABLE_ARG)
        return fail_at(pl, v->pos, "Invalid argument value. Argument '%s' expects a table to be passed.", a->name);
    const sqlp_table_arg_t *ta = &v->u.table;
    if (!ta->table)
        return fail_at(pl, v->pos, "Unsupported table argument: ptfhost accepts TABLE <name> (a table or view), not "
                                   "a subquery, for argument '%s'.", a->name);
    pt->table = plan_find_table(pl->env->catalog, ta->table);
    if (pt->table) return 0;
    char what[512];
    plan_table_not_found(pl->env->catalog, ta->table, what, sizeof what);
    fail_at(pl, ta->table->pos, "SQL validation failed. %s (table names are case-sensitive; declare it with CREATE "
                                "TABLE or CREATE VIEW first).", what);
    return -1;
}

/* A typed table argument: the table's columns map to the declared fields by
 * position, each implicitly castable. */
static int check_typed_table(const planner_t *pl, const ptf_arg_t *a, plan_table_t *pt)
{
    const type_t *schema = pt->table->schema;
    bool ok = type_is_composite(a->type) && a->type->nfields == schema->nfields;
    for (int c = 0; ok && c < schema->nfields; c++) ok = cast_implicit_ok(schema->fields[c].type, a->type->fields[c].type);
    if (ok) {
        pt->typed = a->type;
        return 0;
    }
    /* Flink's SQL path fails in Calcite's operand matching */
    const sqlp_pos_t at = pl->call->pos;
    buf_t sigbuf = BUF_INIT;
    calcite_call_signature(&sigbuf, pl->fname, pl->sig, pl->bound, pl->env->catalog);
    char *want = type_to_string(a->type);
    fail_at(pl, at, "SQL validation failed. From line %d, column %d to line %d, column %d: No match found for "
                    "function signature %s\n(table argument '%s' is declared as %s: its columns must match the "
                    "table's by position, each implicitly castable)", at.line, at.col, at.line, at.col,
            buf_cstr(&sigbuf), a->name, want);
    free(want);
    buf_free(&sigbuf);
    return -1;
}

/* PARTITION BY and ORDER BY need set semantics; set semantics needs PARTITION BY unless optional. */
static int check_table_clauses(const planner_t *pl, const ptf_arg_t *a, const sqlp_expr_t *v, int operand,
                               const plan_table_t *pt)
{
    const sqlp_table_arg_t *ta = &v->u.table;
    if (ta->npartition > 0 && !pt->set_semantics)
        return fail_at(pl, ta->partition_pos, "Only tables with set semantics may be partitioned. Invalid PARTITION BY "
                                              "clause in the %d-th operand of table function '%s'", operand, pl->fname);
    if (ta->norder > 0 && !pt->set_semantics)
        return fail_at(pl, ta->order_pos, "Only tables with set semantics may be ordered.");
    if (pt->set_semantics && ta->npartition == 0 && !(a->traits & TRAIT_OPTIONAL_PARTITION_BY))
        return fail_at(pl, v->pos, "Table argument '%s' requires a PARTITION BY clause for parallel processing.",
                       a->name);
    return 0;
}

static int unknown_column(const planner_t *pl, const sqlp_ident_t *col, const char *clause, const type_t *schema)
{
    buf_t cols = BUF_INIT;
    column_list(&cols, schema);
    fail_at(pl, col->pos, "Invalid column '%s' for %s clause. Available columns are: %s", col->name, clause,
            buf_cstr(&cols));
    buf_free(&cols);
    return -1;
}

static int resolve_partition_by(const planner_t *pl, const sqlp_table_arg_t *ta, plan_table_t *pt)
{
    const type_t *schema = pt->table->schema;
    pt->nkeys = ta->npartition;
    pt->key_cols = xcalloc((size_t)pt->nkeys + 1, sizeof(int));
    for (int k = 0; k < pt->nkeys; k++) {
        pt->key_cols[k] = type_field_index(schema, ta->partition_by[k].name);
        if (pt->key_cols[k] < 0) return unknown_column(pl, &ta->partition_by[k], "PARTITION BY", schema);
    }
    return 0;
}

static int resolve_order_by(const planner_t *pl, const ptf_arg_t *a, const sqlp_table_arg_t *ta, plan_table_t *pt)
{
    if (ta->norder > 0 && strcmp(pl->p->flink_version, "2.3") < 0)
        return fail_at(pl, ta->order_pos, "ORDER BY clause is currently not supported.");
    const type_t *schema = pt->table->schema;
    pt->norder = ta->norder;
    pt->order_cols = xcalloc((size_t)pt->norder + 1, sizeof(int));
    pt->order_desc = xcalloc((size_t)pt->norder + 1, sizeof(bool));
    for (int k = 0; k < pt->norder; k++) {
        const sqlp_ident_t *col = &ta->order_by[k].col;
        int c = type_field_index(schema, col->name);
        if (c < 0) return unknown_column(pl, col, "ORDER BY", schema);
        pt->order_cols[k] = c;
        pt->order_desc[k] = ta->order_by[k].desc;
        for (int j = 0; j < k; j++)
            if (pt->order_cols[j] == c)
                return fail_at(pl, col->pos, "Invalid ORDER BY clause for table argument '%s'. Column '%s' appears "
                                             "more than once in ORDER BY.", a->name, schema->fields[c].name);
    }
    return 0;
}

/* Does on_time name a column of this table other than column c? (Both must
 * name the same column; Flink checks this before the time attribute.) */
static bool on_time_names_other_column(const planner_t *pl, const type_t *schema, int c)
{
    const sqlp_expr_t *ot = on_time_arg(pl);
    if (!ot || ot->kind != SQLP_E_DESCRIPTOR) return false;
    bool names_table_col = false, same = false;
    for (int d = 0; d < ot->u.descriptor.n; d++) {
        int oc = type_field_index(schema, ot->u.descriptor.cols[d].name);
        if (oc >= 0) names_table_col = true, same |= oc == c;
    }
    return names_table_col && !same;
}

/* Flink 2.3: the first ORDER BY column is an ascending, watermarked time attribute. */
static int check_order_time_column(const planner_t *pl, const ptf_arg_t *a, const sqlp_table_arg_t *ta,
                                   const plan_table_t *pt)
{
    const type_t *schema = pt->table->schema;
    sqlp_pos_t at = ta->order_by[0].col.pos;
    int c = pt->order_cols[0];
    const type_t *ct = schema->fields[c].type;
    if ((ct->id != TYPE_TIMESTAMP && ct->id != TYPE_TIMESTAMP_LTZ) || ct->precision > 3) {
        char *tn = type_to_string(ct);
        fail_at(pl, at, "Invalid ORDER BY clause for table argument '%s'. The first ORDER BY column must be a "
                        "TIMESTAMP or TIMESTAMP_LTZ column (up to precision 3). However, column '%s' has data type "
                        "'%s'.", a->name, schema->fields[c].name, tn);
        free(tn);
        return -1;
    }
    if (pt->order_desc[0])
        return fail_at(pl, at, "Invalid ORDER BY clause for table argument '%s'. The first ORDER BY column on a "
                               "timestamp column must be in ascending order.", a->name);
    if (on_time_names_other_column(pl, schema, c))
        return fail_at(pl, at, "Invalid ORDER BY clause for table argument '%s'. When both ORDER BY and the "
                               "'on_time' argument are defined, the referenced timestamp columns must match.",
                       a->name);
    if (ct->time_kind != TYPE_TK_ROWTIME)
        return fail_at(pl, at, "Invalid ORDER BY clause for table argument '%s'. The first ORDER BY column '%s' is "
                               "not a valid time attribute. Only columns with a watermark declaration qualify for "
                               "ORDER BY. Also, make sure that the watermarked column is forwarded without any "
                               "modification.", a->name, schema->fields[c].name);
    return 0;
}

/* Signature argument `arg` is a table: its source, type, clauses and columns. */
static int resolve_table_argument(const planner_t *pl, int arg, plan_table_t *pt)
{
    const ptf_arg_t *a = &pl->sig->args[arg];
    const sqlp_expr_t *v = pl->bound[arg];
    pt->arg = arg;
    pt->call_index = pl->bound_at[arg];
    pt->time_col = -1;
    pt->set_semantics = (a->traits & TRAIT_SET_SEMANTIC_TABLE) != 0;
    pt->pass_through = (a->traits & TRAIT_PASS_COLUMNS_THROUGH) != 0;
    if (resolve_table_source(pl, a, v, pt) != 0) return -1;
    if (a->type && check_typed_table(pl, a, pt) != 0) return -1;
    if (check_table_clauses(pl, a, v, arg, pt) != 0) return -1;
    if (resolve_partition_by(pl, &v->u.table, pt) != 0) return -1;
    if (resolve_order_by(pl, a, &v->u.table, pt) != 0) return -1;
    if (pt->norder > 0 && check_order_time_column(pl, a, &v->u.table, pt) != 0) return -1;
    return 0;
}

/* Every argument in signature order: tables are resolved, scalars must not be tables. */
static int resolve_table_arguments(planner_t *pl)
{
    plan_call_t *p = pl->p;
    p->ntables = ptf_sig_table_count(pl->sig);
    p->tables = xcalloc((size_t)p->ntables + 1, sizeof *p->tables);
    int t = 0;
    for (int i = 0; i < pl->sig->nargs; i++) {
        int rc = pl->sig->args[i].kind == ARG_TABLE ? resolve_table_argument(pl, i, &p->tables[t++])
                                                    : check_scalar_not_table(pl, i);
        if (rc != 0) return rc;
    }
    return 0;
}

/* ---- changelog encoding -------------------------------------------------------- */

/* What the table produces, what the argument accepts, what it receives (changelog.h). */
static int resolve_changelog(const planner_t *pl, plan_table_t *pt)
{
    const ptf_arg_t *a = &pl->sig->args[pt->arg];
    const sqlp_expr_t *v = pl->bound[pt->arg];
    unsigned source_kinds = plan_table_changelog(pt->table, &pt->key_only_deletes);
    pt->source_mode = changelog_mode_of(source_kinds);
    if (pt->source_mode != CHANGELOG_INSERT_ONLY && !(a->traits & TRAIT_SUPPORT_UPDATES))
        return fail_at(pl, v->pos, "StreamPhysicalProcessTableFunction doesn't support consuming update changes which "
                                   "is produced by node TableSourceScan(table=[[default_catalog, default_database, "
                                   "%s]])\n(table '%s' is updating; declare the argument @ArgumentHint({SET_SEMANTIC_"
                                   "TABLE, SUPPORT_UPDATES}) to consume it)", pt->table->name, pt->table->name);
    pt->delivered = changelog_delivered(pt->source_mode, pt->table->pk, pt->table->npk, pt->key_cols, pt->nkeys,
                                        (a->traits & TRAIT_REQUIRE_UPDATE_BEFORE) != 0);
    /* The kinds the function receives: upsert drops -U; retract from an
     * upsert source gains the -U that normalisation synthesises. */
    pt->delivered_kinds = source_kinds;
    if (pt->delivered == CHANGELOG_UPSERT) pt->delivered_kinds &= ~(1u << ROW_UPDATE_BEFORE);
    if (pt->delivered == CHANGELOG_RETRACT && (source_kinds & (1u << ROW_UPDATE_AFTER)))
        pt->delivered_kinds |= 1u << ROW_UPDATE_BEFORE;
    if (pt->table->view_query && pt->source_mode == CHANGELOG_UPSERT && pt->delivered == CHANGELOG_RETRACT)
        /* only a source can be normalised; another operator's upsert output cannot gain -U */
        return fail_at(pl, v->pos, "Can't generate a valid execution plan for the given query because of a changelog "
                                   "mismatch: table argument '%s' requires a retract changelog (UPDATE_BEFORE and "
                                   "UPDATE_AFTER), but '%s' produces an upsert changelog.", a->name, pt->table->name);
    if (a->traits & TRAIT_REQUIRE_FULL_DELETE) pt->key_only_deletes = false;
    if (pt->delivered == CHANGELOG_RETRACT && pt->source_mode == CHANGELOG_UPSERT) pt->key_only_deletes = false;
    return 0;
}

static int resolve_changelogs(planner_t *pl)
{
    for (int i = 0; i < pl->p->ntables; i++)
        if (resolve_changelog(pl, &pl->p->tables[i]) != 0) return -1;
    return 0;
}

/* ---- several table arguments --------------------------------------------------- */

static const type_t *key_type(const plan_table_t *pt, int k)
{
    return pt->table->schema->fields[pt->key_cols[k]].type;
}

/* Co-partitioned tables: the same number of PARTITION BY columns, of the same types. */
static int check_co_partitioning(const planner_t *pl)
{
    const plan_call_t *p = pl->p;
    bool match = true;
    for (int i = 1; i < p->ntables; i++) {
        if (p->tables[i].nkeys != p->tables[0].nkeys) match = false;
        for (int k = 0; match && k < p->tables[i].nkeys; k++)
            if (!same_type_family(key_type(&p->tables[i], k), key_type(&p->tables[0], k))) match = false;
    }
    if (match) return 0;
    buf_t sets = BUF_INIT;
    for (int i = 0; i < p->ntables; i++) {
        buf_puts(&sets, i ? ", [" : "[");
        for (int k = 0; k < p->tables[i].nkeys; k++) {
            char *ts = type_to_string(key_type(&p->tables[i], k));
            buf_printf(&sets, "%s%s", k ? ", " : "", ts);
            free(ts);
        }
        buf_putc(&sets, ']');
    }
    fail_at(pl, pl->call->pos, "Invalid PARTITION BY columns. The number of columns and their data types must match "
                               "across all involved table arguments. Given partition key sets: %s", buf_cstr(&sets));
    buf_free(&sets);
    return -1;
}

static int check_table_count_and_semantics(planner_t *pl)
{
    const plan_call_t *p = pl->p;
    if (p->ntables > 20)
        return fail_at(pl, pl->call->pos, "Unsupported table argument count. Currently, the number of input tables is "
                                          "limited to 20.");
    if (p->ntables <= 1) return 0;
    for (int i = 0; i < p->ntables; i++)
        if (!p->tables[i].set_semantics)
            return fail_at(pl, pl->call->pos, "All table arguments must use set semantics if multiple table arguments "
                                              "are declared.");
    return check_co_partitioning(pl);
}

/* ---- on_time ------------------------------------------------------------------- */

/* Descriptor column d names column c of table pt: it becomes pt's time
 * attribute, if it qualifies. *root is the time type kind seen so far. */
static int bind_time_column(const planner_t *pl, const sqlp_expr_t *on_time, int d, plan_table_t *pt, int c,
                            type_id_t *root)
{
    const type_t *schema = pt->table->schema;
    sqlp_pos_t at = on_time->u.descriptor.cols[d].pos;
    if (pt->time_col >= 0)
        return fail_at(pl, on_time->pos, "Ambiguous time attribute found. The `on_time` argument must reference at "
                                         "most one column in a table argument. Currently, the columns in `on_time` "
                                         "point to both '%s' and '%s' in table argument '%s'.",
                       schema->fields[pt->time_col].name, schema->fields[c].name, table_arg_name(pl, pt));
    const type_t *ct = schema->fields[c].type;
    if ((ct->id != TYPE_TIMESTAMP && ct->id != TYPE_TIMESTAMP_LTZ) || ct->precision > 3) {
        char *ts = type_to_string(ct);
        fail_at(pl, at, "Unsupported data type for time attribute. The `on_time` argument must reference a TIMESTAMP "
                        "or TIMESTAMP_LTZ column (up to precision 3). However, column '%s' in table argument '%s' has "
                        "data type '%s'.", schema->fields[c].name, table_arg_name(pl, pt), ts);
        free(ts);
        return -1;
    }
    if (ct->time_kind != TYPE_TK_ROWTIME)
        return fail_at(pl, at, "Column '%s' is not a valid time attribute. Only columns with a watermark declaration "
                               "qualify for the `on_time` argument. Also, make sure that the watermarked column is "
                               "forwarded without any modification.", schema->fields[c].name);
    if (*root != TYPE_NULL && *root != ct->id)
        return fail_at(pl, on_time->pos, "Invalid time attribute declaration. All columns in the `on_time` argument "
                                         "must reference the same data type kind. But found: [TIMESTAMP_WITHOUT_TIME_"
                                         "ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE]");
    *root = ct->id;
    pt->time_col = c;
    return 0;
}

/* Each table's columns named by the descriptor; used[d] says which descriptor columns named one. */
static int bind_time_columns(const planner_t *pl, const sqlp_expr_t *on_time, bool *used)
{
    type_id_t root = TYPE_NULL;
    for (int i = 0; i < pl->p->ntables; i++) {
        plan_table_t *pt = &pl->p->tables[i];
        for (int d = 0; d < on_time->u.descriptor.n; d++) {
            int c = type_field_index(pt->table->schema, on_time->u.descriptor.cols[d].name);
            if (c < 0) continue;
            used[d] = true;
            if (bind_time_column(pl, on_time, d, pt, c, &root) != 0) return -1;
        }
    }
    return 0;
}

/* Every descriptor column names a table column; with several tables, every table has one. */
static int check_time_references(const planner_t *pl, const sqlp_expr_t *on_time, const bool *used)
{
    const plan_call_t *p = pl->p;
    buf_t unknown = BUF_INIT, missing = BUF_INIT;
    for (int d = 0; d < on_time->u.descriptor.n; d++)
        if (!used[d]) buf_printf(&unknown, "%s%s", unknown.len ? ", " : "", on_time->u.descriptor.cols[d].name);
    for (int i = 0; i < p->ntables; i++)
        if (p->tables[i].time_col < 0)
            buf_printf(&missing, "%s%s", missing.len ? ", " : "", table_arg_name(pl, &p->tables[i]));
    int rc = 0;
    if (unknown.len)
        rc = fail_at(pl, on_time->pos, "Invalid time attribute declaration. Each column in the `on_time` argument must "
                                       "reference at least one column in one of the table arguments. Unknown "
                                       "references: [%s]", buf_cstr(&unknown));
    else if (missing.len && p->ntables > 1)
        rc = fail_at(pl, on_time->pos, "Invalid time attribute declaration. If multiple tables are declared, the "
                                       "`on_time` argument must reference a time column for each table argument or "
                                       "none. Missing time attributes for: [%s]", buf_cstr(&missing));
    buf_free(&unknown);
    buf_free(&missing);
    return rc;
}

/* on_time beside ORDER BY must name the same column; on_time excludes updating inputs. */
static int check_time_with_order_and_updates(const planner_t *pl, const sqlp_expr_t *on_time)
{
    const plan_call_t *p = pl->p;
    for (int i = 0; i < p->ntables; i++) {
        const plan_table_t *pt = &p->tables[i];
        if (pt->norder > 0 && pt->time_col >= 0 && pt->order_cols[0] != pt->time_col)
            return fail_at(pl, on_time->pos, "Invalid ORDER BY clause for table argument '%s'. When both ORDER BY and "
                                             "the 'on_time' argument are defined, the referenced timestamp columns "
                                             "must match.", table_arg_name(pl, pt));
    }
    for (int i = 0; i < p->ntables; i++)
        if (p->tables[i].source_mode != CHANGELOG_INSERT_ONLY)
            return fail_at(pl, on_time->pos, "Time operations using the `on_time` argument are currently not supported "
                                             "for PTFs that consume or produce updates.");
    return 0;
}

static int resolve_on_time(planner_t *pl)
{
    const sqlp_expr_t *on_time = on_time_arg(pl);
    if (!on_time || on_time->kind == SQLP_E_DEFAULT) return 0;
    if (on_time->kind != SQLP_E_DESCRIPTOR)
        return fail_at(pl, on_time->pos, "Invalid time attribute declaration. The `on_time` argument expects a "
                                         "DESCRIPTOR(column), e.g. on_time => DESCRIPTOR(`ts`).");
    bool *used = xcalloc((size_t)on_time->u.descriptor.n + 1, sizeof(bool));
    int rc = bind_time_columns(pl, on_time, used);
    if (rc == 0) rc = check_time_references(pl, on_time, used);
    free(used);
    if (rc != 0) return rc;
    pl->p->has_rowtime = true;
    return check_time_with_order_and_updates(pl, on_time);
}

static int check_required_time(planner_t *pl)
{
    for (int i = 0; i < pl->p->ntables; i++) {
        const ptf_arg_t *a = &pl->sig->args[pl->p->tables[i].arg];
        if ((a->traits & TRAIT_REQUIRE_ON_TIME) && pl->p->tables[i].time_col < 0)
            return fail_at(pl, pl->call->pos, "Table argument '%s' requires a time attribute. Please provide one using "
                                              "the implicit `on_time` argument. For example: myFunction(..., on_time "
                                              "=> DESCRIPTOR(`my_timestamp`)", a->name);
    }
    return 0;
}

/* ---- uid ----------------------------------------------------------------------- */

/* The uid given, else the function's name when a table has set semantics (state needs one). */
static int resolve_uid(planner_t *pl)
{
    plan_call_t *p = pl->p;
    const sqlp_expr_t *uid = uid_arg(pl);
    if (uid && uid->kind != SQLP_E_DEFAULT) {
        bool lit = uid->kind == SQLP_E_LITERAL && uid->u.lit.kind == SQLP_LIT_STRING;
        if (!lit || !valid_uid(uid->u.lit.text))
            return fail_at(pl, uid->pos, "Invalid unique identifier for process table function. The `uid` argument "
                                         "must be a string literal that follows the pattern [a-zA-Z_][a-zA-Z-_0-9]*. "
                                         "But found: %s", lit ? uid->u.lit.text : "");
        p->uid = xstrdup(uid->u.lit.text);
        return 0;
    }
    bool has_set = false;
    for (int i = 0; i < p->ntables; i++) has_set |= p->tables[i].set_semantics;
    if (!has_set) return 0;
    if (!valid_uid(pl->fname))
        return fail_at(pl, pl->call->pos, "Could not derive a unique identifier for process table function '%s'. The "
                                          "function's name does not qualify for a UID. Please provide a custom "
                                          "identifier using the implicit `uid` argument. For example: myFunction(..., "
                                          "uid => 'my-id')", pl->fname);
    p->uid = xstrdup(pl->fname);
    return 0;
}

/* ---- scalar arguments ---------------------------------------------------------- */

/* Whether v calls a scalar UDF (or a function of that name that fails to open: compiling reports it). */
static bool calls_udf(const plan_env_t *env, const sqlp_expr_t *v)
{
    const expr_udf_t *u;
    char e[256];
    return v->kind == SQLP_E_CALL && env->udfs &&
           env->udfs->find(env->udfs->ctx, sqlp_name_last(&v->u.call.name)->name, &u, e, sizeof e) != 0;
}

/* A UDF call as a scalar argument: a constant (a deterministic UDF of
 * constants is reduced when compiled, as Flink reduces it), evaluated once
 * and cast to the declared type. */
static int udf_scalar(const planner_t *pl, const ptf_arg_t *a, const sqlp_expr_t *v, arena_t *tmp, value_t *out)
{
    expr_t *x = plan_expr_compile(pl->env, v, NULL, pl->err, pl->errlen);
    if (!x) return -1;
    const type_t *t = expr_type(x);
    char xerr[4096];
    int rc = -1;
    if (!type_equals_ignore_null(t, a->type) && !cast_implicit_ok(t, a->type)) {
        char *want = type_to_string(a->type), *got = type_to_string(t);
        fail_at(pl, v->pos, "Invalid argument value for '%s': expected a value of type %s, but the call returns %s.",
                a->name, want, got);
        free(want), free(got);
    } else if (expr_eval(x, NULL, tmp, out, xerr, sizeof xerr) != 0) {
        fail_at(pl, v->pos, "Evaluating argument '%s' failed: %s", a->name, xerr);
    } else {
        if (!out->is_null && !type_equals_ignore_null(t, a->type)) *out = cast_value(out, t, a->type, tmp);
        *out = value_copy(out, a->type, tmp);   /* it may point into x */
        rc = 0;
    }
    expr_free(x);
    return rc;
}

static int coerce_scalar(const planner_t *pl, const ptf_arg_t *a, const sqlp_expr_t *v, arena_t *tmp, value_t *out)
{
    if (v && calls_udf(pl->env, v)) return udf_scalar(pl, a, v, tmp, out);
    if (v && v->kind != SQLP_E_DEFAULT)
        return literal_value(pl->env->script, v, a->type, a->name, tmp, out, pl->err, pl->errlen);
    *out = value_null();
    if (a->optional || (v && a->type->nullable)) return 0;
    char *ts = type_to_string(a->type);
    fail_at(pl, v ? v->pos : pl->call->pos, "Missing argument '%s' (%s) of function '%s'. Pass it as %s => <value>%s.",
            a->name, ts, pl->fname, a->name, a->type->nullable ? ", or declare it @ArgumentHint(isOptional = true)" : "");
    free(ts);
    note_unknown_arguments(pl);
    return -1;
}

/* Scalars, coerced to their declared types, as one encoded row. */
static int coerce_scalars(planner_t *pl)
{
    const ptf_sig_t *sig = pl->sig;
    plan_call_t *p = pl->p;
    p->scalars_type = type_new(TYPE_ROW, false);
    arena_t tmp;
    arena_init(&tmp, 0);
    int nscalars = 0;
    for (int i = 0; i < sig->nargs; i++) nscalars += sig->args[i].kind == ARG_SCALAR;
    row_t srow = {ROW_INSERT, (uint32_t)nscalars, arena_calloc(&tmp, (size_t)nscalars + 1, sizeof(value_t))};
    int rc = 0;
    for (int i = 0, s = 0; rc == 0 && i < sig->nargs; i++) {
        const ptf_arg_t *a = &sig->args[i];
        if (a->kind != ARG_SCALAR) continue;
        type_add_field(p->scalars_type, a->name, type_clone(a->type), NULL);
        rc = coerce_scalar(pl, a, pl->bound[i], &tmp, &srow.fields[s++]);
    }
    if (rc == 0) rc = codec_encode_row(&p->scalars, &srow, p->scalars_type, pl->err, pl->errlen);
    arena_destroy(&tmp);
    return rc;
}

/* ---- the output row ------------------------------------------------------------ */

/* The layout (layout.h) and the output ROW it implies. */
static int derive_output(planner_t *pl)
{
    plan_call_t *p = pl->p;
    layout_table_t *tables = xcalloc((size_t)p->ntables + 1, sizeof *tables);
    for (int i = 0; i < p->ntables; i++) {
        const plan_table_t *pt = &p->tables[i];
        tables[i] = (layout_table_t){pt->pass_through, pt->set_semantics, pt->table->schema, pt->nkeys, pt->key_cols};
    }
    const plan_table_t *first = &p->tables[0];
    layout_call_t c = {p->ntables, tables, pl->sig->output, pl->sig->output_atomic,
                       p->has_rowtime ? first->table->schema->fields[first->time_col].type : NULL};
    layout_of_call(&p->layout, &c);
    p->output_type = layout_row_type(&p->layout, &c);
    free(tables);
    if (p->output_type->nfields == 0)
        return fail_at(pl, pl->call->pos, "Function '%s' must produce at least one output column.", pl->fname);
    return 0;
}

/* The stages, in the order Flink's checks run: the first that fails reports. */
static int (*const stages[])(planner_t *) = {
    load_signature,
    bind_arguments,
    resolve_table_arguments,
    resolve_changelogs,
    check_table_count_and_semantics,
    resolve_on_time,
    check_required_time,
    resolve_uid,
    coerce_scalars,
    derive_output,
};

plan_call_t *plan_call(const plan_env_t *env, const sqlp_expr_t *call, char *err, size_t errlen)
{
    planner_t pl = {.env = env, .call = call, .err = err, .errlen = errlen};
    pl.fname = call->u.call.name.parts[call->u.call.name.nparts - 1].name;
    pl.fn = resolve_function(&pl);
    if (!pl.fn) return NULL;
    pl.p = new_plan(env, pl.fn);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof stages / sizeof stages[0]; i++) rc = stages[i](&pl);
    free(pl.bound);
    free(pl.bound_at);
    if (rc == 0) return pl.p;
    plan_call_free(pl.p);
    return NULL;
}

static int64_t clock_now(const void *clock) { return proctime_now(clock); }

int plan_session_zone(const catalog_t *catalog, const render_zone_t **zone, char *err, size_t errlen)
{
    const char *id = catalog ? catalog_get(catalog, "table.local-time-zone") : NULL;
    *zone = NULL;
    if (!id) return 0;
    *zone = tz_zone(id, err, errlen);
    return *zone ? 0 : -1;
}

expr_t *plan_expr_compile(const plan_env_t *env, const sqlp_expr_t *e, const type_t *row_type, char *err,
                          size_t errlen)
{
    expr_env_t xenv = {env->script, NULL};
    if (plan_session_zone(env->catalog, &xenv.zone, err, errlen) != 0) return NULL;
    expr_t *x = expr_compile_udfs(&xenv, env->udfs, e, row_type, err, errlen);
    if (x && env->clock) expr_set_clock(x, clock_now, env->clock);
    if (x && env->watermark) {
        expr_set_watermark(x, &env->watermark->value);
        env->watermark->read |= expr_reads_watermark(x);
    }
    return x;
}

int plan_literal_value(const plan_env_t *env, const sqlp_expr_t *e, const type_t *t, const char *argname,
                       arena_t *a, value_t *out, char *err, size_t errlen)
{
    return literal_value(env->script, e, t, argname, a, out, err, errlen);
}


char *plan_call_json(const plan_call_t *p, const char *required_changelog_mode)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "function", p->function_name);
    if (p->uid) cJSON_AddStringToObject(o, "uid", p->uid);
    else cJSON_AddNullToObject(o, "uid");
    cJSON_AddStringToObject(o, "flink_version", p->flink_version);
    cJSON *tables = cJSON_AddArrayToObject(o, "tables");
    bool timers = p->ntables > 0;
    for (int i = 0; i < p->ntables; i++) {
        const plan_table_t *pt = &p->tables[i];
        cJSON *t = cJSON_CreateObject();
        cJSON_AddStringToObject(t, "arg", p->sig->args[pt->arg].name);
        char *rt = type_to_serializable_string(pt->typed ? pt->typed : pt->table->schema);
        cJSON_AddStringToObject(t, "row_type", rt);
        free(rt);
        cJSON *pb = cJSON_AddArrayToObject(t, "partition_by");
        for (int k = 0; k < pt->nkeys; k++) cJSON_AddItemToArray(pb, cJSON_CreateNumber(pt->key_cols[k]));
        cJSON *ob = cJSON_AddArrayToObject(t, "order_by");
        cJSON *od = cJSON_AddArrayToObject(t, "order_desc");
        for (int k = 0; k < pt->norder; k++) {
            cJSON_AddItemToArray(ob, cJSON_CreateNumber(pt->order_cols[k]));
            cJSON_AddItemToArray(od, cJSON_CreateBool(pt->order_desc[k]));
        }
        cJSON_AddNumberToObject(t, "time_column", pt->time_col);
        cJSON_AddStringToObject(t, "changelog_mode", changelog_kinds_string(pt->delivered_kinds, pt->key_only_deletes));
        cJSON_AddItemToArray(tables, t);
        if (!pt->set_semantics || pt->pass_through || pt->source_mode != CHANGELOG_INSERT_ONLY) timers = false;
    }
    char *st = type_to_serializable_string(p->scalars_type);
    cJSON_AddStringToObject(o, "scalars_type", st);
    free(st);
    cJSON_AddStringToObject(o, "required_changelog_mode", required_changelog_mode);
    cJSON_AddBoolToObject(o, "timers_allowed", timers);
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return s;
}

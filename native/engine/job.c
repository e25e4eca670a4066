/* job.c - see job.h. The pipeline reads top to bottom: run_query declares
 * WITH items and runs the views a query reads, then run_call (a PTF call) or
 * run_scan (a table) wires the stages. */
#include "engine/job.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/aggregate_query.h"
#include "engine/capture.h"
#include "engine/dedup.h"
#include "types/cast.h"
#include "engine/changelog.h"
#include "checkpoint/ckpt_store.h"
#include "engine/inputs.h"
#include "engine/job_checkpoint.h"
#include "engine/partition_state.h"
#include "engine/operator.h"
#include "engine/output.h"
#include "engine/values.h"
#include "engine/workers.h"
#include "expr/expr.h"
#include "engine/project.h"
#include "jb.h"
#include "time/watermark.h"
#include "util/xalloc.h"

#define ERR_AT(pos, ...) sqlp_format_error(env->script, (pos), 0, err, errlen, __VA_ARGS__)

plan_env_t job_plan_env(const job_env_t *env)
{
    return (plan_env_t){env->catalog, env->script, env->describe, env->describe_ctx, env->flink_version, env->clock,
                        env->udfs, NULL};
}

/* ---- the uids of a statement ---------------------------------------------------- */

int job_uids_claim(job_uids_t *u, const char *uid, const char *call_text, size_t call_len, char *err,
                   size_t errlen)
{
    for (int i = 0; i < u->n; i++) {
        if (strcmp(u->uids[i], uid) != 0) continue;
        if (strlen(u->calls[i]) == call_len && memcmp(u->calls[i], call_text, call_len) == 0)
            return 0;   /* the same call again: Flink merges it into one operator */
        snprintf(err, errlen, "Duplicate unique identifier '%s' detected among process table functions. Make sure "
                              "that all PTF calls have an identifier defined that is globally unique.", uid);
        return -1;
    }
    u->uids = xrealloc(u->uids, (size_t)(u->n + 1) * sizeof *u->uids);
    u->calls = xrealloc(u->calls, (size_t)(u->n + 1) * sizeof *u->calls);
    u->uids[u->n] = xstrdup(uid);
    char *text = xmalloc(call_len + 1);
    memcpy(text, call_text, call_len);
    text[call_len] = '\0';
    u->calls[u->n++] = text;
    return 0;
}

void job_uids_clear(job_uids_t *u)
{
    for (int i = 0; i < u->n; i++) {
        free(u->uids[i]);
        free(u->calls[i]);
    }
    free(u->uids);
    free(u->calls);
    *u = (job_uids_t){NULL, NULL, 0};
}

/* ---- the sink's changelog ---------------------------------------------------------- */

/* What a sink table accepts: an append-only file, an upsert sink (PRIMARY
 * KEY; deletes by key if it says so), else a retract changelog. */
static changelog_spec_t sink_accepts(const catalog_table_t *sink_table)
{
    const char *connector = sink_table ? catalog_table_option(sink_table, "connector") : NULL;
    if (connector && strcmp(connector, "filesystem") == 0)
        return (changelog_spec_t){CHANGELOG_KINDS_INSERT_ONLY, false};
    if (!sink_table || sink_table->npk == 0) return (changelog_spec_t){CHANGELOG_KINDS_ALL, false};
    const char *by_key = catalog_table_option(sink_table, "sink.supports-delete-by-key");
    unsigned upsert = (1u << ROW_INSERT) | (1u << ROW_UPDATE_AFTER) | (1u << ROW_DELETE);
    return (changelog_spec_t){upsert, by_key && strcasecmp(by_key, "true") == 0};
}

/* The key an upsert result folds on: the PARTITION BY columns of the first
 * table argument, which lead the output row (layout.h), after projection.
 * 0 columns when the result is not upsert or the projection drops one. */
static int upsert_key(const plan_call_t *plan, changelog_spec_t mode, const project_t *proj,
                      int key[PROJECT_MAX_KEY])
{
    if (!changelog_spec_upsert(mode)) return 0;
    const layout_t *l = &plan->layout;
    bool keys_lead = l->nparts > 0 && l->parts[0].source == LAYOUT_KEYS && l->parts[0].table == 0;
    return project_prefix_key(proj, keys_lead ? l->parts[0].ncols : 0, key);
}

/* ---- a PTF call: the Java half ------------------------------------------------------- */

/* Contract of the operator stages (changelog -> cast -> operator): per table
 * argument a changelog normaliser (it keeps the last row per key of an
 * upsert source) and the cast to a typed argument's declared row; then the
 * operator, which owns ORDER BY buffers, keyed state, timers and batches to
 * Java, and passes its output rows and (for a view) combined watermarks to
 * the output stages. Watermarks reach the operator per table argument; a
 * checkpoint barrier from the inputs stage flushes the operator and the
 * results, then snapshots state, timers and positions (job_checkpoint.h).
 * At 'parallelism.default' > 1 the operator is N workers (workers.h), each
 * with its own function instance, fed by this stage. */
typedef struct call {
    job_env_t *env;
    plan_call_t *plan;
    jb_function_t *jfn;
    changelog_spec_t mode;           /* what the function produces */
    int64_t *ttl;                    /* per state entry, resolved */
    ptf_op_table_t *optables;
    ptf_op_t *op;                    /* parallelism 1; else workers */
    workers_t *workers;
    jb_function_t **worker_fns;      /* workers 1..n-1 (worker 0 runs jfn) */
    int nworkers;
    watchdog_t *watchdog;            /* NULL unless 'ptfhost.watchdog.*' is set */
    changelog_norm_t *norm;          /* per table argument (signature order) */
    output_t out;
    job_call_state_t hook;
    const type_t *key_types[PROJECT_MAX_KEY];
    const char *key_names[PROJECT_MAX_KEY];
    job_ckpt_t *ckpt;                /* checkpoints (none for a view's query) */
    char *plan_json;                 /* what each function instance opens with */
    pstate_t *pstate;                /* 'ptfhost.scale-out': state per Kafka partition, else NULL */
} call_t;

/* Plans the call and claims its uid within the statement. */
static plan_call_t *call_plan(job_env_t *env, const sqlp_expr_t *call, char *err, size_t errlen)
{
    plan_env_t penv = job_plan_env(env);
    plan_call_t *plan = plan_call(&penv, call, err, errlen);
    if (!plan || !plan->uid) return plan;
    if (job_uids_claim(env->uids, plan->uid, env->script->text + call->pos.offset, call->end - call->pos.offset,
                       err, errlen) != 0) {
        char msg[1024];
        snprintf(msg, sizeof msg, "%s", err);
        ERR_AT(call->pos, "%s", msg);
        plan_call_free(plan);
        return NULL;
    }
    return plan;
}

/* One instance of the function in Java (each parallel worker has its own). */
static int call_open_instance(call_t *c, jb_function_t **out, char *err, size_t errlen)
{
    const plan_call_t *plan = c->plan;
    char oerr[16384];
    if (jb_function_open(*c->env->vm, (const char *const *)plan->jars, plan->njars, plan->class_name, c->plan_json,
                         plan->scalars.data, plan->scalars.len, out, oerr, sizeof oerr) == 0)
        return 0;
    snprintf(err, errlen, "function '%s' (class '%s') failed to open:\n%s", plan->function_name, plan->class_name,
             oerr);
    return -1;
}

/* Opens the function in Java, told what the sink accepts, and reads the
 * changelog mode it produces. */
static int call_open_java(call_t *c, const catalog_table_t *sink_table, char *err, size_t errlen)
{
    const plan_call_t *plan = c->plan;
    changelog_spec_t accepts = sink_accepts(sink_table);
    c->plan_json = plan_call_json(plan, changelog_kinds_string(accepts.kinds, accepts.key_only_deletes));
    if (call_open_instance(c, &c->jfn, err, errlen) != 0) return -1;
    const char *mode = jb_function_changelog_mode(c->jfn);
    if (changelog_spec_parse(mode, &c->mode) != 0) {
        snprintf(err, errlen, "function '%s' (class '%s') reported the changelog mode '%s', which is not one of "
                              "Flink's", plan->function_name, plan->class_name, mode);
        return -1;
    }
    return 0;
}

/* Flink's planner checks on the changelog a function produces, known once
 * Java answered getChangelogMode. */
static int check_output_mode(job_env_t *env, const sqlp_query_t *q, const plan_call_t *plan,
                             const catalog_table_t *sink_table, changelog_spec_t mode, char *err, size_t errlen)
{
    if (changelog_spec_insert_only(mode)) return 0;
    bool upsert = changelog_spec_upsert(mode);
    const sqlp_expr_t *call = q->from->call;
    bool legacy = strcmp(plan->flink_version, "2.3") < 0;
    for (int i = 0; i < plan->ntables; i++) {
        if (plan->tables[i].set_semantics || !(legacy || upsert)) continue;
        ERR_AT(call->pos, "PTFs that take table arguments with row semantics don't support %s output. Table "
                          "argument '%s' of function '%s' must use set semantics.", legacy ? "updating" : "upsert",
               plan->sig->args[plan->tables[i].arg].name, plan->function_name);
        return -1;
    }
    if (plan->has_rowtime) {
        ERR_AT(call->pos, "Time operations using the `on_time` argument are currently not supported for PTFs that "
                          "consume or produce updates.");
        return -1;
    }
    for (int i = 0; i < plan->ntables; i++)
        if (plan->tables[i].pass_through) {
            ERR_AT(call->pos, "Pass-through columns are not supported for PTFs that produce updates.");
            return -1;
        }
    if (sink_table && upsert && sink_table->npk == 0) {
        ERR_AT(q->pos, "There is a changelog mismatch between two operators. One produces an upsert changelog "
                       "(UPDATE_AFTER without UPDATE_BEFORE). The other requires a retract changelog (UPDATE_BEFORE "
                       "and UPDATE_AFTER), for example a sink without a primary key. In such cases, ensure that the "
                       "sink is able to digest upserts where the PRIMARY KEY serves as the upsert key, or make the "
                       "input produce UPDATE_BEFORE.\nThe conflict is at:\nSink(expectedChangelogMode=[I,UB,UA,D])"
                       "\n  +- %s(changelogMode=[%s])", q->where ? "Calc" : "ProcessTableFunction",
               changelog_kinds_short_string(mode.kinds));
        return -1;
    }
    return 0;
}

/* An append-only sink cannot take an updating function's output. */
static int check_sink_mode(const call_t *c, const sqlp_query_t *q, const catalog_table_t *sink_table, char *err,
                           size_t errlen)
{
    job_env_t *env = c->env;
    if (c->out.sink->accepts_updates || changelog_spec_insert_only(c->mode)) return 0;
    ERR_AT(q->pos, "Table sink '%s' doesn't support consuming update and delete changes which is produced by node "
                   "ProcessTableFunction(invocation=[%s(...)], changelogMode=%s). Write to a sink that accepts "
                   "updates (print, or a table with a PRIMARY KEY on an upsert connector).",
           sink_table ? sink_table->name : "?", c->plan->function_name,
           changelog_kinds_string(c->mode.kinds, c->mode.key_only_deletes));
    return -1;
}

/* ---- a PTF call: the operator ---------------------------------------------------------- */

/* Each state entry's TTL: its declared one, else 'table.exec.state.ttl'. */
static int resolve_ttl(const job_env_t *env, const plan_call_t *plan, int64_t *ttl, char *err, size_t errlen)
{
    const char *global_ttl = catalog_get(env->catalog, "table.exec.state.ttl");
    if (global_ttl && plan_parse_duration_ms(global_ttl) < 0) {
        snprintf(err, errlen, "Could not parse value '%s' for key 'table.exec.state.ttl'. Use a duration such as "
                              "'30 s', '45 min', '7 d' or a number of milliseconds; '0' disables expiry.",
                 global_ttl);
        return -1;
    }
    for (int i = 0; i < plan->sig->nstate; i++) {
        long long declared = plan->sig->state[i].ttl_ms;
        ttl[i] = declared >= 0 ? declared : global_ttl ? plan_parse_duration_ms(global_ttl) : 0;
    }
    return 0;
}

/* The operator's configuration from the plan (optables: one per table argument). */
static ptf_op_config_t op_config(const plan_call_t *plan, ptf_op_table_t *optables, const int64_t *ttl,
                                 output_t *out)
{
    for (int i = 0; i < plan->ntables; i++) {
        const plan_table_t *pt = &plan->tables[i];
        optables[i] = (ptf_op_table_t){pt->typed ? pt->typed : pt->table->schema, pt->nkeys, pt->key_cols, pt->time_col,
                                       pt->pass_through, pt->set_semantics, pt->norder, pt->order_cols,
                                       pt->order_desc};
    }
    return (ptf_op_config_t){
        .sig = plan->sig,
        .ntables = plan->ntables,
        .tables = optables,
        .state_ttl_ms = ttl,
        .output_type = plan->output_type,
        .layout = &plan->layout,
        .has_rowtime = plan->has_rowtime,
        .drop_late_rows = strcmp(plan->flink_version, "2.3") < 0,
        .batch_rows = plan->batch_rows,
        .function_name = plan->function_name,
        .on_watermark = out->capture || out->watermark.read ? output_watermark : NULL,
        .on_watermark_ctx = out,
    };
}

/* Flink's MemorySize syntax, reduced to what a byte cap needs: "1000", "64 kb", "2m", "1 gb"
 * (binary multiples, as Flink's). -1 when it is not one. */
static long long parse_memory_size(const char *s)
{
    static const struct { const char *unit; long long mult; } units[] = {
        {"b", 1}, {"bytes", 1}, {"k", 1LL << 10}, {"kb", 1LL << 10}, {"kibibytes", 1LL << 10},
        {"m", 1LL << 20}, {"mb", 1LL << 20}, {"mebibytes", 1LL << 20},
        {"g", 1LL << 30}, {"gb", 1LL << 30}, {"gibibytes", 1LL << 30},
    };
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || v < 0 || *s == '-' || *s == ' ') return -1;
    while (*end == ' ') end++;
    if (!*end) return v;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcasecmp(end, units[i].unit) == 0) return v > LLONG_MAX / units[i].mult ? -1 : v * units[i].mult;
    return -1;
}

/* 'ptfhost.state.max-bytes-per-call' (0 = no cap). */
static int resolve_state_cap(const job_env_t *env, uint64_t *cap, char *err, size_t errlen)
{
    const char *v = catalog_get(env->catalog, "ptfhost.state.max-bytes-per-call");
    long long n = v ? parse_memory_size(v) : 0;
    if (n < 0) {
        snprintf(err, errlen, "Could not parse value '%s' for key 'ptfhost.state.max-bytes-per-call'. Use a size "
                              "such as '1000', '64 kb' or '1 gb'; '0' removes the cap.", v);
        return -1;
    }
    *cap = (uint64_t)n;
    return 0;
}

/* The stuck-call watchdog when 'ptfhost.watchdog.*' asks for one (watchdog.h). */
static int call_open_watchdog(call_t *c, char *err, size_t errlen)
{
    watchdog_config_t wc = {.function_name = c->plan->function_name};
    if (watchdog_parse_options(catalog_get(c->env->catalog, "ptfhost.watchdog.stuck-call-timeout"),
                               catalog_get(c->env->catalog, "ptfhost.watchdog.stuck-call-limit"), &wc, err,
                               errlen) != 0)
        return -1;
    c->watchdog = watchdog_new(&wc, (watchdog_probe_t){c->jfn, jb_function_progress, jb_function_stack,
                                                       jb_function_stop});
    return 0;
}

/* ---- a PTF call on parallel workers (workers.h) ------------------------------------------ */

#define MAX_PARALLELISM_LIMIT 32768   /* Flink's upper bound for 'pipeline.max-parallelism' */

/* A whole number option in [1, max], def when unset; -1 with a message when it is not one. */
static int count_option(const job_env_t *env, const char *key, int def, int max, int *out, char *err,
                        size_t errlen)
{
    const char *v = catalog_get(env->catalog, key);
    char *end;
    errno = 0;
    long n = v ? strtol(v, &end, 10) : def;
    if (v && (errno || end == v || *end || n < 1 || n > max)) {
        snprintf(err, errlen, "Could not parse value '%s' for key '%s'. Use a whole number from 1 to %d.", v, key,
                 max);
        return -1;
    }
    *out = (int)n;
    return 0;
}

/* Same PARTITION BY types in every table argument, so equal keys have equal bytes. */
static bool same_key_types(const ptf_op_config_t *cfg)
{
    const ptf_op_table_t *a = &cfg->tables[0];
    for (int i = 1; i < cfg->ntables; i++) {
        const ptf_op_table_t *b = &cfg->tables[i];
        if (b->nkeys != a->nkeys) return false;
        for (int k = 0; k < a->nkeys; k++)
            if (!type_equals(a->row_type->fields[a->key_cols[k]].type, b->row_type->fields[b->key_cols[k]].type))
                return false;
    }
    return true;
}

/* Why this call runs on one worker whatever 'parallelism.default' says; NULL when it can run on many. */
static const char *serial_reason(const call_t *c, const ptf_op_config_t *cfg)
{
    const plan_call_t *plan = c->plan;
    if (plan->ntables == 0) return "it has no table argument";
    for (int i = 0; i < plan->ntables; i++) {
        const catalog_table_t *t = plan->tables[i].table;
        const char *connector = catalog_table_option(t, "connector");
        if (!plan->tables[i].set_semantics) return "a table argument has row semantics";
        if (!t->has_events && connector && strstr(connector, "kafka")) return "it reads Kafka";
    }
    if (!same_key_types(cfg)) return "its table arguments' PARTITION BY columns differ in type";
    if (cfg->on_watermark) return "its output feeds a view or reads CURRENT_WATERMARK";
    if (cfg->watchdog) return "'ptfhost.watchdog.*' is set";
    if (cfg->state_max_bytes) return "'ptfhost.state.max-bytes-per-call' is set";
    if (c->env->hooks && c->env->hooks->on_call) return "its state is seeded or dumped";
    if (c->ckpt && job_ckpt_active(c->ckpt)) return "it takes or restores checkpoints";
    return NULL;
}

/* 'parallelism.default' and 'pipeline.max-parallelism' for this call: *n is 1
 * (with a note when more were asked for) where the call cannot run parallel. */
static int call_parallelism(call_t *c, const ptf_op_config_t *cfg, int *n, int *max_parallelism, char *err,
                            size_t errlen)
{
    const job_env_t *env = c->env;
    if (count_option(env, "pipeline.max-parallelism", WORKERS_MAX_PARALLELISM_DEFAULT, MAX_PARALLELISM_LIMIT,
                     max_parallelism, err, errlen) != 0 ||
        count_option(env, "parallelism.default", 1, *max_parallelism, n, err, errlen) != 0)
        return -1;
    const char *why = serial_reason(c, cfg);
    if (!why && env->parallel_calls) (*env->parallel_calls)++;
    if (why && *n > 1 && env->notes)
        fprintf(env->notes, "ptfhost: note: function '%s' runs at parallelism 1 (of %d): %s\n",
                c->plan->function_name, *n, why);
    if (why) *n = 1;
    return 0;
}

/* n workers: instance 0 is the one already open, the others open here. */
static int call_open_workers(call_t *c, const ptf_op_config_t *cfg, int n, int max_parallelism, char *err,
                             size_t errlen)
{
    c->worker_fns = xcalloc((size_t)n, sizeof *c->worker_fns);
    ptf_invoker_t *inv = xcalloc((size_t)n, sizeof *inv);
    inv[0] = (ptf_invoker_t){c->jfn, jb_function_process};
    int rc = 0;
    for (int i = 1; rc == 0 && i < n; i++) {
        rc = call_open_instance(c, &c->worker_fns[i], err, errlen);
        c->nworkers = i + 1;
        inv[i] = (ptf_invoker_t){c->worker_fns[i], jb_function_process};
    }
    workers_config_t wc = {n, max_parallelism, *cfg, inv, output_row, &c->out, 0};
    if (rc == 0 && !(c->workers = workers_new(&wc, err, errlen))) rc = -1;
    free(inv);
    return rc;
}

/* The operator's calls, on the one operator or the workers. */
static void op_set_processing_time(call_t *c, int64_t now_ms)
{
    if (c->workers) workers_set_processing_time(c->workers, now_ms);
    else ptf_op_set_processing_time(c->op, now_ms);
}

static int op_push(call_t *c, int table, const row_t *row, char *err, size_t errlen)
{
    return c->workers ? workers_push(c->workers, table, row, err, errlen) : ptf_op_push(c->op, table, row, err, errlen);
}

static int op_watermark(call_t *c, int table, int64_t wm, char *err, size_t errlen)
{
    return c->workers ? workers_watermark(c->workers, table, wm, err, errlen)
                      : ptf_op_watermark(c->op, table, wm, err, errlen);
}

static int op_idle(call_t *c, int table, bool idle, char *err, size_t errlen)
{
    return c->workers ? workers_input_idle(c->workers, table, idle, err, errlen)
                      : ptf_op_input_idle(c->op, table, idle, err, errlen);
}

static int op_end(call_t *c, int table, char *err, size_t errlen)
{
    return c->workers ? workers_end_input(c->workers, table, err, errlen)
                      : ptf_op_end_input(c->op, table, err, errlen);
}

static int op_flush(call_t *c, char *err, size_t errlen)
{
    return c->workers ? workers_flush(c->workers, err, errlen) : ptf_op_flush(c->op, err, errlen);
}

/* The operator's rows (at parallelism 1); under scale-out each first picks
 * the sink lane of its key's input partition (pstate_route). */
static void call_emit(void *ctx, const row_t *row)
{
    call_t *c = ctx;
    if (c->pstate && !c->out.failed && pstate_route(c->pstate, &c->hook, c->out.err, c->out.errlen) != 0)
        c->out.failed = true;
    output_row(&c->out, row);
}

/* The operator, and the changelog normaliser of each table argument. */
static int call_open_operator(call_t *c, char *err, size_t errlen)
{
    const plan_call_t *plan = c->plan;
    c->ttl = xcalloc((size_t)plan->sig->nstate + 1, sizeof *c->ttl);
    c->optables = xcalloc((size_t)plan->ntables + 1, sizeof *c->optables);
    if (resolve_ttl(c->env, plan, c->ttl, err, errlen) != 0) return -1;
    ptf_op_config_t cfg = op_config(plan, c->optables, c->ttl, &c->out);
    if (call_open_watchdog(c, err, errlen) != 0) return -1;
    if (resolve_state_cap(c->env, &cfg.state_max_bytes, err, errlen) != 0) return -1;
    const char *hold = catalog_get(c->env->catalog, "ptfhost.state.hold-in-java");
    cfg.hold_state = hold && strcasecmp(hold, "true") == 0;
    cfg.origin_keys = c->ckpt && c->ckpt->scale_out;   /* pstate_route picks each row's lane by its key */
    cfg.watchdog = c->watchdog;
    int n, max_parallelism;
    if (call_parallelism(c, &cfg, &n, &max_parallelism, err, errlen) != 0) return -1;
    if (n > 1 && call_open_workers(c, &cfg, n, max_parallelism, err, errlen) != 0) return -1;
    if (n == 1) c->op = ptf_op_new(&cfg, (ptf_invoker_t){c->jfn, jb_function_process}, call_emit, c);
    c->norm = xcalloc((size_t)plan->ntables + 1, sizeof *c->norm);
    for (int i = 0; i < plan->ntables; i++) {
        const plan_table_t *pt = &plan->tables[i];
        changelog_norm_init(&c->norm[i], pt->table->schema, pt->table->pk, pt->table->npk, pt->source_mode,
                            pt->delivered, (plan->sig->args[pt->arg].traits & TRAIT_REQUIRE_FULL_DELETE) != 0);
    }
    return 0;
}

/* The inputs stage over the call's tables, in the order the call names them. */
static int call_rebalance(void *ctx, const conn_source_t *src, conn_rebalance_t *ev, char *err, size_t errlen);

static inputs_t *call_open_inputs(call_t *c, char *err, size_t errlen)
{
    const plan_call_t *plan = c->plan;
    inputs_table_t *order = xcalloc((size_t)plan->ntables + 1, sizeof *order);
    for (int i = 0; i < plan->ntables; i++) {   /* insertion sort by position in the call: stable */
        int j = i;
        for (; j > 0 && plan->tables[order[j - 1].id].call_index > plan->tables[i].call_index; j--)
            order[j] = order[j - 1];
        order[j] = (inputs_table_t){plan->tables[i].table, i};
    }
    inputs_config_t cfg = {c->env->base_dir, c->env->clock, c->env->time_limit_ms, c->env->catalog, 0, NULL, NULL,
                           c->env->udfs, false, NULL, c->env->cancel, NULL, NULL};
    uint64_t *skip = xcalloc((size_t)plan->ntables + 1, sizeof *skip);
    inputs_splits_t *splits = xcalloc((size_t)plan->ntables + 1, sizeof *splits);
    if (c->ckpt && job_ckpt_active(c->ckpt)) {
        job_ckpt_skip_rows(c->ckpt, order, plan->ntables, skip);
        job_ckpt_restart_splits(c->ckpt, order, plan->ntables, splits);
        cfg.skip_rows = skip;
        cfg.restart_splits = splits;
        cfg.barrier_interval_ms = c->ckpt->enabled ? c->ckpt->interval_ms : 0;
        cfg.stop = c->ckpt->enabled ? ckpt_stop_flag() : NULL;
        cfg.fresh_watermarks = !c->ckpt->restore_watermark;
    }
    if (c->pstate) {
        cfg.rebalance = call_rebalance;
        cfg.rebalance_ctx = c;
    }
    inputs_t *ins = inputs_open(order, plan->ntables, &cfg, err, errlen);
    free(splits);
    free(skip);
    free(order);
    return ins;
}

/* The test hook's view of the call: the key columns of its first table
 * argument, encoded with the row type the operator receives. */
static void call_hook_init(call_t *c)
{
    const plan_call_t *plan = c->plan;
    c->hook = (job_call_state_t){JOB_CALL_START, plan->function_name, plan->uid, plan->sig, 0, c->key_types,
                                 c->key_names, c->op, 0, NULL};
    if (plan->ntables == 0 || !plan->tables[0].set_semantics) return;
    const plan_table_t *t0 = &plan->tables[0];
    const type_t *rows = t0->typed ? t0->typed : t0->table->schema;
    for (int k = 0; k < t0->nkeys && k < PROJECT_MAX_KEY; k++) {
        c->key_types[c->hook.nkeys] = rows->fields[t0->key_cols[k]].type;
        c->key_names[c->hook.nkeys++] = t0->table->schema->fields[t0->key_cols[k]].name;
    }
}

static int call_hook(call_t *c, job_call_phase_t phase, char *err, size_t errlen)
{
    const job_hooks_t *h = c->env->hooks;
    if (!h || !h->on_call) return 0;
    c->hook.phase = phase;
    c->hook.now_ms = proctime_now(c->env->clock);
    if (phase == JOB_CALL_START) ptf_op_set_processing_time(c->op, c->hook.now_ms);
    if (phase == JOB_CALL_BEFORE_END && ptf_op_flush(c->op, err, errlen) != 0) return -1;
    /* the hook reads state: the values Java holds first */
    if (phase != JOB_CALL_START && c->op && ptf_op_write_back(c->op, err, errlen) != 0) return -1;
    return h->on_call(h->on_call_ctx, &c->hook, err, errlen);
}

/* The inputs stage's consumer for a call: changelog -> cast -> operator. */
typedef struct push_ctx {
    call_t *c;
    int table;
    const type_t *from, *typed;   /* a typed table argument: cast from -> typed */
    arena_t *arena;
    pstate_t *pstate;             /* scale-out: learns each row's key and partition */
    const job_call_state_t *call;
} push_ctx_t;

static int push_cast(void *ctx, const row_t *row, char *err, size_t errlen)
{
    push_ctx_t *p = ctx;
    row_t cast;
    if (p->typed) cast = cast_row(row, p->from, p->typed, p->arena), row = &cast;
    if (p->pstate) pstate_note_row(p->pstate, p->call, row);
    return op_push(p->c, p->table, row, err, errlen);
}

static int call_row(void *ctx, int id, const row_t *row, arena_t *a, int64_t now_ms, char *err, size_t errlen)
{
    call_t *c = ctx;
    const plan_table_t *pt = &c->plan->tables[id];
    op_set_processing_time(c, now_ms);
    push_ctx_t pc = {c, id, pt->table->schema, pt->typed, a, c->pstate, &c->hook};
    return changelog_norm_push(&c->norm[id], row, push_cast, &pc, err, errlen);
}

static int call_watermark(void *ctx, int id, int64_t wm, char *err, size_t errlen)
{
    call_t *c = ctx;
    return op_watermark(c, id, wm, err, errlen);
}

static int call_idle(void *ctx, int id, bool idle, char *err, size_t errlen)
{
    call_t *c = ctx;
    return op_idle(c, id, idle, err, errlen);
}

static int call_proctime(void *ctx, int64_t ms, char *err, size_t errlen)
{
    call_t *c = ctx;
    /* rows before the move were processed at the old time (TTL) */
    if (op_flush(c, err, errlen) != 0) return -1;
    proctime_set(c->env->clock, ms);
    return 0;
}

static int call_end(void *ctx, int id, bool last, char *err, size_t errlen)
{
    call_t *c = ctx;
    int stop = job_ckpt_end(c->ckpt, last, err, errlen);
    if (stop != 0) return stop < 0 ? -1 : 0;
    if (last && call_hook(c, JOB_CALL_BEFORE_END, err, errlen) != 0) return -1;
    return op_end(c, id, err, errlen);
}

static int call_flush(void *ctx, char *err, size_t errlen)
{
    call_t *c = ctx;
    if (op_flush(c, err, errlen) != 0) return -1;
    output_flush(&c->out);
    fflush(c->env->out);
    return 0;
}

/* A checkpoint barrier: what came before it reaches the sink first (at
 * least once), then the snapshot; a final one is a savepoint that stops
 * the run, its path in err. */
static int call_barrier(void *ctx, const inputs_position_t *pos, int n, bool final, char *err, size_t errlen)
{
    call_t *c = ctx;
    if (op_flush(c, err, errlen) != 0) return -1;
    output_flush(&c->out);
    fflush(c->env->out);
    fflush(stdout);
    char path[4200];
    c->hook.now_ms = proctime_now(c->env->clock);
    if (job_ckpt_sink_barrier(c->ckpt, c->out.sink, err, errlen) != 0) return -1;
    if (c->pstate) {
        if (pstate_take(c->pstate, &c->hook, pos, n, final, path, sizeof path, err, errlen) != 0) return -1;
        if (final) snprintf(err, errlen, JOB_CKPT_STOPPED "%s", path);
        return 0;
    }
    int rc = job_ckpt_take(c->ckpt, &c->hook, pos, n, final, path, sizeof path, err, errlen);
    if (rc >= 0 && final) snprintf(err, errlen, JOB_CKPT_STOPPED "%s", path);
    return rc;   /* JOB_CKPT_PENDING: written in the background, call_barrier_done completes it */
}

static int call_barrier_done(void *ctx, bool wait, char *err, size_t errlen)
{
    call_t *c = ctx;
    return job_ckpt_complete(c->ckpt, wait, err, errlen);
}

/* Scale-out: the group assigns partitions (restored from their
 * checkpoints) or revokes them (what came before reaches the sink, then
 * their checkpoints, then their keys are dropped). */
static int call_rebalance(void *ctx, const conn_source_t *src, conn_rebalance_t *ev, char *err, size_t errlen)
{
    call_t *c = ctx;
    c->hook.now_ms = proctime_now(c->env->clock);
    if (ev->kind == CONN_REBALANCE_ASSIGN) return pstate_assign(c->pstate, &c->hook, src, ev, err, errlen);
    if (call_flush(c, err, errlen) != 0 ||
        (!ev->lost && job_ckpt_sink_barrier(c->ckpt, c->out.sink, err, errlen) != 0))
        return -1;
    return pstate_revoke(c->pstate, &c->hook, ev, err, errlen);
}

/* Feeds the operator to the end of its input. */
static int call_feed(call_t *c, inputs_t *ins, char *err, size_t errlen)
{
    if (c->plan->ntables == 0) {
        /* A PTF without table arguments runs eval exactly once. */
        ptf_op_set_processing_time(c->op, proctime_now(c->env->clock));
        if (ptf_op_push(c->op, -1, NULL, err, errlen) != 0 || call_hook(c, JOB_CALL_BEFORE_END, err, errlen) != 0)
            return -1;
        return ptf_op_end_input(c->op, -1, err, errlen);
    }
    inputs_consumer_t consumer = {c, call_row, call_watermark, call_proctime, call_end, call_flush, call_idle,
                                  c->ckpt && c->ckpt->enabled ? call_barrier : NULL, call_barrier_done};
    if (inputs_run(ins, &consumer, err, errlen) == 0) return 0;
    if (inputs_source_failed(ins)) {
        /* A bad input fails the job like Flink, after the rows before it went
         * out (Flink streams them before it reaches the bad record). */
        char ferr[256];
        op_flush(c, ferr, sizeof ferr);
    }
    return -1;
}

static void call_free(call_t *c)
{
    workers_free(c->workers);   /* its threads call the functions: stop them first */
    pstate_free(c->pstate);
    watchdog_free(c->watchdog);
    if (c->jfn) {
        char cerr[1024];
        jb_function_close(c->jfn, cerr, sizeof cerr);
    }
    for (int i = 1; i < c->nworkers; i++) {
        char cerr[1024];
        if (c->worker_fns[i]) jb_function_close(c->worker_fns[i], cerr, sizeof cerr);
    }
    free(c->worker_fns);
    free(c->plan_json);
    ptf_op_free(c->op);
    for (int i = 0; c->norm && i < c->plan->ntables; i++) changelog_norm_free(&c->norm[i]);
    free(c->norm);
    free(c->optables);
    free(c->ttl);
    plan_call_free(c->plan);
}

/* 'ptfhost.state.stats': what the call's state holds and takes, on stderr (bench/memory.sh). */
static void report_state_memory(call_t *c)
{
    const char *v = catalog_get(c->env->catalog, "ptfhost.state.stats");
    if (!v || strcasecmp(v, "true") != 0) return;
    char line[512];
    if (!c->op) {                    /* the workers' stores are not summed yet */
        fprintf(stderr, "ptfhost: state stats are reported at parallelism 1 only (this call ran on %d workers)\n",
                c->nworkers);
        return;
    }
    if (ptf_op_write_back(c->op, line, sizeof line) != 0) {   /* count the values Java held too */
        fprintf(stderr, "ptfhost: %s\n", line);
        return;
    }
    ptf_op_describe_memory(c->op, line, sizeof line);
    fprintf(stderr, "ptfhost: %s\n", line);
}

/* SELECT ... FROM f(...): plan, output stages, Java, sink, operator, inputs. */
static int run_call(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink_table, capture_t *capture,
                    char *err, size_t errlen)
{
    call_t c = {.env = env};
    if (!(c.plan = call_plan(env, q->from->call, err, errlen))) return -1;
    job_ckpt_t ckpt;
    if (job_ckpt_open(&ckpt, capture ? NULL : env->catalog, env->base_dir, err, errlen) != 0) {
        job_ckpt_close(&ckpt);
        plan_call_free(c.plan);
        return -1;
    }
    c.ckpt = &ckpt;
    if (ckpt.enabled) ckpt_stop_arm();
    inputs_t *ins = NULL;
    int key[PROJECT_MAX_KEY], rc = -1;
    plan_env_t penv = job_plan_env(env);
    if (output_init(&c.out, &penv, q, c.plan->output_type, sink_table, capture, err, errlen) != 0 ||
        call_open_java(&c, sink_table, err, errlen) != 0 ||
        check_output_mode(env, q, c.plan, sink_table, c.mode, err, errlen) != 0 ||
        output_open_sink(&c.out, env, sink_table, key, upsert_key(c.plan, c.mode, &c.out.proj, key), ckpt.scale_out,
                         err, errlen) != 0 ||
        check_sink_mode(&c, q, sink_table, err, errlen) != 0 ||
        pstate_check(&ckpt, c.plan, c.out.sink, err, errlen) != 0 ||
        job_ckpt_restore_sink(&ckpt, sink_table, c.out.sink, err, errlen) != 0 ||
        call_open_operator(&c, err, errlen) != 0 ||
        (ckpt.scale_out && !(c.pstate = pstate_new(&ckpt, c.plan, &c.out))) ||
        (c.plan->ntables > 0 && !(ins = call_open_inputs(&c, err, errlen))))
        goto done;
    call_hook_init(&c);
    job_ckpt_set_normalizers(&ckpt, c.norm, c.plan->ntables);
    c.hook.now_ms = proctime_now(env->clock);
    if (call_hook(&c, JOB_CALL_START, err, errlen) != 0 ||
        job_ckpt_restore_call(&ckpt, &c.hook, c.plan->ntables, err, errlen) != 0 ||
        call_feed(&c, ins, err, errlen) != 0 ||
        op_flush(&c, err, errlen) != 0 || c.out.failed || call_hook(&c, JOB_CALL_END, err, errlen) != 0)
        goto done;
    if (ins) inputs_report_skipped(ins, stderr);
    report_state_memory(&c);
    rc = 0;
done:
    rc = output_close(&c.out, rc, err, errlen);
    inputs_close(ins);
    call_free(&c);
    ckpt_stop_disarm();
    job_ckpt_close(&ckpt);
    return rc;
}

/* ---- a plain table scan (SELECT ... FROM t) ---------------------------------------------- */

/* The inputs stage's consumer for a scan: straight to the output stages; a
 * view over a table forwards the table's watermarks. A scan keeps no state:
 * its checkpoints hold its tables' positions and its sink's transaction or
 * parts (job_ckpt_open_plain). */
typedef struct scan {
    output_t out;
    FILE *results;                 /* env->out, flushed at the stage's hints */
    job_ckpt_t *ckpt;              /* NULL: a view's or a branch's query (never checkpointed) */
} scan_t;

static int scan_row(void *ctx, int id, const row_t *row, arena_t *a, int64_t now_ms, char *err, size_t errlen)
{
    (void)id, (void)a, (void)now_ms, (void)err, (void)errlen;
    scan_t *s = ctx;
    output_row(&s->out, row);
    return s->out.failed ? -1 : 0;
}

static int scan_watermark(void *ctx, int id, int64_t wm, char *err, size_t errlen)
{
    (void)id, (void)err, (void)errlen;
    scan_t *s = ctx;
    output_watermark(&s->out, wm);
    return 0;
}

static int scan_proctime(void *ctx, int64_t ms, char *err, size_t errlen)
{
    (void)ctx, (void)ms, (void)err, (void)errlen;
    return 0;   /* nothing downstream of a scan keeps processing time */
}

static int scan_end(void *ctx, int id, bool last, char *err, size_t errlen)
{
    (void)id;
    scan_t *s = ctx;
    int stop = job_ckpt_end(s->ckpt, last, err, errlen);
    if (stop != 0) return stop < 0 ? -1 : 0;
    if (last) output_watermark(&s->out, WM_END);
    return 0;
}

/* An unbounded source's rows reach the terminal as they come. */
static int scan_flush(void *ctx, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    scan_t *s = ctx;
    output_flush(&s->out);
    if (s->results) fflush(s->results);
    return 0;
}

/* A barrier: the rows before it reach the sink (durable), then the positions. */
static int scan_barrier(void *ctx, const inputs_position_t *pos, int n, bool final, char *err, size_t errlen)
{
    scan_t *s = ctx;
    output_flush(&s->out);
    if (s->results) fflush(s->results);
    fflush(stdout);
    return job_ckpt_barrier(s->ckpt, s->out.sink, NULL, pos, n, final, err, errlen);
}

static int scan_barrier_done(void *ctx, bool wait, char *err, size_t errlen)
{
    scan_t *s = ctx;
    return job_ckpt_complete(s->ckpt, wait, err, errlen);
}

/* Checkpoints of a scan's query (a view's or a branch's, captured, takes
 * none): s->ckpt set when they are taken or restored. */
static int scan_open_ckpt(scan_t *s, job_ckpt_t *k, const job_env_t *env, const capture_t *capture, char *err,
                          size_t errlen)
{
    if (job_ckpt_open_plain(k, capture ? NULL : env->catalog, env->base_dir, err, errlen) != 0) return -1;
    if (!job_ckpt_active(k)) return 0;
    s->ckpt = k;
    if (k->enabled) ckpt_stop_arm();
    return 0;
}

static void scan_close_ckpt(scan_t *s, job_ckpt_t *k)
{
    if (s->ckpt && k->enabled) ckpt_stop_disarm();
    job_ckpt_close(k);
}

/* Reads the n tables into consumer c (ctx a scan_t, or a struct that starts
 * with one), with its checkpoints' barriers and restored positions. */
static int scan_read(const job_env_t *env, scan_t *s, const inputs_table_t *tables, int n, inputs_consumer_t c,
                     char *err, size_t errlen)
{
    inputs_config_t cfg = {env->base_dir, env->clock, env->time_limit_ms, env->catalog, 0, NULL,
                           NULL, env->udfs, false, NULL, env->cancel, NULL, NULL};
    uint64_t *skip = xcalloc((size_t)n + 1, sizeof *skip);
    inputs_splits_t *splits = xcalloc((size_t)n + 1, sizeof *splits);
    if (s->ckpt) {
        job_ckpt_inputs_config(s->ckpt, tables, n, skip, splits, &cfg);
        c.barrier = s->ckpt->enabled ? scan_barrier : NULL;
        c.barrier_done = scan_barrier_done;
    }
    inputs_t *ins = inputs_open(tables, n, &cfg, err, errlen);
    int rc = ins && inputs_run(ins, &c, err, errlen) == 0 ? 0 : -1;
    if (rc == 0) inputs_report_skipped(ins, stderr);
    inputs_close(ins);
    free(splits);
    free(skip);
    return rc;
}

/* The query's output stages over table t's rows. */
static int run_scan(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *t, const catalog_table_t *sink_table,
                    capture_t *capture, char *err, size_t errlen)
{
    scan_t scan = {.results = env->out};
    output_t *out = &scan.out;
    job_ckpt_t ckpt;
    int rc = -1;
    if (scan_open_ckpt(&scan, &ckpt, env, capture, err, errlen) != 0) {
        scan_close_ckpt(&scan, &ckpt);
        return -1;
    }
    plan_env_t penv = job_plan_env(env);
    if (output_init(out, &penv, q, t->schema, sink_table, capture, err, errlen) == 0 &&
        output_open_sink(out, env, sink_table, NULL, 0, false, err, errlen) == 0 &&
        job_ckpt_restore_sink(&ckpt, sink_table, out->sink, err, errlen) == 0) {
        inputs_table_t table = {t, 0};
        inputs_consumer_t consumer = {&scan, scan_row, scan_watermark, scan_proctime, scan_end, scan_flush, NULL, NULL,
                                      NULL};
        rc = scan_read(env, &scan, &table, 1, consumer, err, errlen);
    }
    rc = output_close(out, rc, err, errlen);
    scan_close_ckpt(&scan, &ckpt);
    return rc;
}

int job_read_table(const job_env_t *env, const catalog_table_t *t, const inputs_consumer_t *c, char *err,
                   size_t errlen)
{
    inputs_table_t table = {t, 0};
    inputs_config_t cfg = {env->base_dir, env->clock, env->time_limit_ms, env->catalog, 0, NULL,
                           NULL, env->udfs, false, NULL, env->cancel, NULL, NULL};
    inputs_t *ins = inputs_open(&table, 1, &cfg, err, errlen);
    int rc = ins && inputs_run(ins, c, err, errlen) == 0 ? 0 : -1;
    if (rc == 0) inputs_report_skipped(ins, stderr);
    inputs_close(ins);
    return rc;
}

static int run_table_scan(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink_table,
                          capture_t *capture, char *err, size_t errlen)
{
    const catalog_table_t *t = plan_find_table(env->catalog, q->from->table);
    if (!t) {
        char what[512];
        plan_table_not_found(env->catalog, q->from->table, what, sizeof what);
        ERR_AT(q->from->pos, "SQL validation failed. %s", what);
        return -1;
    }
    return run_scan(env, q, t, sink_table, capture, err, errlen);
}

/* ---- literal rows: VALUES, FROM (VALUES ...), SELECT without FROM ---------------------------- */

/* SELECT * at q's position, in the caller's storage. */
static const sqlp_query_t *star_select(const sqlp_query_t *q, sqlp_query_t *star_query, sqlp_select_item_t *star_item,
                                       sqlp_expr_t *star)
{
    *star = (sqlp_expr_t){.kind = SQLP_E_STAR, .pos = q->pos};
    *star_item = (sqlp_select_item_t){star, NULL};
    *star_query = (sqlp_query_t){.kind = SQLP_Q_SELECT, .pos = q->pos, .end = q->end, .nitems = 1, .items = star_item};
    return star_query;
}

/* The literal rows a query reads, or NULL when it reads none: the query's own
 * VALUES, a FROM (VALUES ...) [AS] t(a, b), or the one empty row a SELECT
 * without FROM projects. *select is the query that runs over them. */
static const sqlp_query_t *literal_rows(const sqlp_query_t *q, const sqlp_query_t **select, sqlp_query_t *star_query,
                                        sqlp_select_item_t *star_item, sqlp_expr_t *star)
{
    static sqlp_row_t empty_row;
    static const sqlp_query_t one_empty_row = {.kind = SQLP_Q_VALUES, .nrows = 1, .rows = &empty_row};
    *select = q;
    if (q->kind == SQLP_Q_SELECT && !q->from) return &one_empty_row;
    if (q->kind == SQLP_Q_SELECT && q->from->kind == SQLP_FROM_SUBQUERY && q->from->query->kind == SQLP_Q_VALUES)
        return q->from->query;
    if (q->kind != SQLP_Q_VALUES) return NULL;
    *select = star_select(q, star_query, star_item, star);
    return q;
}

/* GROUP BY over FROM (VALUES ...) [AS] T(...) (Flink's own PTF programs make
 * their updating input so): the rows t become a temporary table of the
 * current database, which the aggregation stage reads by name as it reads
 * a view, for the query's run. Takes t. */
static int run_values_aggregate(job_env_t *env, const sqlp_query_t *select, catalog_table_t *t,
                                const catalog_table_t *sink, capture_t *capture, char *err, size_t errlen)
{
    const char *alias = select->from->alias ? select->from->alias->name : "VALUES";   /* outlives t->name */
    sqlp_ident_t part = {.name = alias, .pos = select->from->pos};
    sqlp_name_t name = {1, &part, select->from->pos};
    char *key = plan_table_key(env->catalog, &name);
    if (!key || catalog_find_table(env->catalog, key)) {
        ERR_AT(select->from->pos, "Unsupported: an aggregation over VALUES named '%s' like a table or view declared "
                                  "before; give the VALUES another alias.", alias);
        free(key);
        catalog_table_free(t);
        return -1;
    }
    free(t->name);
    t->name = key;
    t->temporary = true;
    catalog_add_table(env->catalog, t);
    sqlp_from_t from = {.kind = SQLP_FROM_TABLE, .pos = select->from->pos, .table = &name, .alias = select->from->alias};
    sqlp_query_t q = *select;
    q.from = &from;
    int rc = agg_query_run(env, &q, sink, capture, err, errlen);
    catalog_drop_table(env->catalog, key);
    return rc;
}

/* select over the literal rows vq: they become a table for the query's run. */
static int run_values(job_env_t *env, const sqlp_query_t *select, const sqlp_query_t *vq, const catalog_table_t *sink,
                      capture_t *capture, char *err, size_t errlen)
{
    const sqlp_from_t *from = select->from;
    int naliases = from ? from->ncol_aliases : 0;
    if (naliases && naliases != values_width(vq)) {
        ERR_AT(from->pos, "List of column aliases must have same degree as table; table has %d columns, whereas "
                          "alias list has %d columns", values_width(vq), naliases);
        return -1;
    }
    catalog_table_t *t = catalog_table_new(from && from->alias ? from->alias->name : "VALUES");
    plan_env_t penv = job_plan_env(env);
    int rc = values_table_fill(&penv, vq, from ? from->col_aliases : NULL, naliases, t, err, errlen);
    if (rc == 0 && from && agg_query_is(select)) return run_values_aggregate(env, select, t, sink, capture, err, errlen);
    if (rc == 0) rc = run_scan(env, select, t, sink, capture, err, errlen);
    catalog_table_free(t);
    return rc;
}

/* ---- views and WITH items ------------------------------------------------------------------ */

static int run_query(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, capture_t *capture,
                     char *err, size_t errlen);
static int run_union(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, capture_t *capture,
                     char *err, size_t errlen);

/* Runs a view's query once, capturing its output as the view's events. */
static int materialize_view(job_env_t *env, catalog_table_t *t, char *err, size_t errlen)
{
    if (!t->view_query || t->has_events) return 0;
    capture_t c;
    capture_init(&c);
    job_env_t venv = *env;
    venv.script = t->view_script;
    int rc = run_query(&venv, t->view_query, NULL, &c, err, errlen);
    if (rc == 0) capture_to_view(&c, t);
    capture_free(&c);
    return rc;
}

/* Materialises the views a query reads (its FROM table, or its call's table arguments). */
static int materialize_inputs(job_env_t *env, const sqlp_query_t *q, char *err, size_t errlen)
{
    if (q->from->kind == SQLP_FROM_TABLE) {
        catalog_table_t *t = plan_find_table(env->catalog, q->from->table);
        return t ? materialize_view(env, t, err, errlen) : 0;
    }
    if (q->from->kind != SQLP_FROM_CALL) return 0;
    const sqlp_expr_t *call = q->from->call;
    for (int i = 0; i < call->u.call.nargs; i++) {
        const sqlp_expr_t *v = call->u.call.args[i].value;
        if (v->kind != SQLP_E_TABLE_ARG || !v->u.table.table) continue;
        catalog_table_t *t = plan_find_table(env->catalog, v->u.table.table);
        if (t && materialize_view(env, t, err, errlen) != 0) return -1;
    }
    return 0;
}

/* A WITH item's catalog key: its name in the current database (malloc'ed). */
static char *with_key(const job_env_t *env, const sqlp_with_item_t *w)
{
    sqlp_name_t name = {1, (sqlp_ident_t *)&w->name, w->name.pos};
    return plan_table_key(env->catalog, &name);
}

/* WITH items are views for the duration of the query; *n: how many were declared. */
static int declare_with_items(job_env_t *env, const sqlp_query_t *q, int *n, char *err, size_t errlen)
{
    *n = 0;
    for (int i = 0; i < q->nwith; i++) {
        const sqlp_with_item_t *w = &q->with[i];
        char *key = with_key(env, w);
        catalog_table_t *clash = catalog_find_table(env->catalog, key);
        if (clash || w->ncols) free(key);
        if (clash) {
            ERR_AT(w->name.pos, "Unsupported: the WITH item '%s' has the name of a table or view declared before.",
                   w->name.name);
            return -1;
        }
        if (w->ncols) {
            ERR_AT(w->name.pos, "Unsupported: a column list on a WITH item; alias the columns in its SELECT.");
            return -1;
        }
        catalog_table_t *t = catalog_table_new(key);
        free(key);
        t->view_query = w->query;
        t->view_script = env->script;
        t->temporary = true;
        catalog_add_table(env->catalog, t);
        ++*n;
    }
    return 0;
}

/* ---- subqueries as table arguments ------------------------------------------------------------ */

/* A call's `(query) [PARTITION BY ..]` argument is a view for the duration
 * of the query, as a WITH item is: the query runs on a copy of the call
 * that reads `TABLE <view>` in its place (the tree stays read-only). */
typedef struct subquery_args {
    sqlp_query_t q;
    sqlp_from_t from;
    sqlp_expr_t call;
    sqlp_arg_t *args;
    sqlp_expr_t *tables;         /* per argument: the TABLE form (used where a query was) */
    sqlp_name_t *names;
    sqlp_ident_t *idents;
    char (*bare)[64];            /* per argument: the view's name */
    char **keys;                 /* per argument: the view's catalog key, or NULL */
    int n;
} subquery_args_t;

static bool has_subquery_arg(const sqlp_query_t *q)
{
    if (!q->from || q->from->kind != SQLP_FROM_CALL) return false;
    const sqlp_expr_t *call = q->from->call;
    for (int i = 0; i < call->u.call.nargs; i++) {
        const sqlp_expr_t *v = call->u.call.args[i].value;
        if (v->kind == SQLP_E_TABLE_ARG && v->u.table.query) return true;
    }
    return false;
}

static void subquery_args_drop(job_env_t *env, subquery_args_t *s)
{
    for (int i = 0; i < s->n; i++)
        if (s->keys[i]) {
            catalog_drop_table(env->catalog, s->keys[i]);
            free(s->keys[i]);
        }
    free(s->args), free(s->tables), free(s->names), free(s->idents), free(s->bare), free(s->keys);
}

/* *out: q itself, or s->q reading the subqueries as views. */
static int subquery_args_declare(job_env_t *env, const sqlp_query_t *q, subquery_args_t *s,
                                 const sqlp_query_t **out)
{
    *out = q;
    memset(s, 0, sizeof *s);
    if (!has_subquery_arg(q)) return 0;
    const sqlp_expr_t *call = q->from->call;
    s->n = call->u.call.nargs;
    s->args = xcalloc((size_t)s->n, sizeof *s->args);
    s->tables = xcalloc((size_t)s->n, sizeof *s->tables);
    s->names = xcalloc((size_t)s->n, sizeof *s->names);
    s->idents = xcalloc((size_t)s->n, sizeof *s->idents);
    s->bare = xcalloc((size_t)s->n, sizeof *s->bare);
    s->keys = xcalloc((size_t)s->n, sizeof *s->keys);
    for (int i = 0; i < s->n; i++) {
        s->args[i] = call->u.call.args[i];
        const sqlp_expr_t *v = s->args[i].value;
        if (v->kind != SQLP_E_TABLE_ARG || !v->u.table.query) continue;
        for (int k = 0;; k++) {   /* a name no table has */
            snprintf(s->bare[i], sizeof s->bare[i], "$subquery$%d$%d", i + 1, k);
            s->idents[i] = (sqlp_ident_t){s->bare[i], true, v->pos};
            s->names[i] = (sqlp_name_t){1, &s->idents[i], v->pos};
            s->keys[i] = plan_table_key(env->catalog, &s->names[i]);
            if (!catalog_find_table(env->catalog, s->keys[i])) break;
            free(s->keys[i]);
        }
        catalog_table_t *t = catalog_table_new(s->keys[i]);
        t->view_query = v->u.table.query;
        t->view_script = env->script;
        t->temporary = true;
        catalog_add_table(env->catalog, t);
        s->tables[i] = *v;
        s->tables[i].u.table.query = NULL;
        s->tables[i].u.table.table = &s->names[i];
        s->args[i].value = &s->tables[i];
    }
    s->call = *call;
    s->call.u.call.args = s->args;
    s->from = *q->from;
    s->from.call = &s->call;
    s->q = *q;
    s->q.from = &s->from;
    *out = &s->q;
    return 0;
}

/* ---- UNION ALL -------------------------------------------------------------------------------- */

/* Each branch runs into a capture (as a view does); the branches' captured
 * events are then merged by the inputs stage like the tables of a call:
 * by event time when every branch has a rowtime column (ties: the earlier
 * branch), otherwise branch after branch in query order. The union's
 * watermark is the minimum over the branches that have not ended. */
typedef struct union_scan {
    scan_t scan;
    wm_combiner_t wm;              /* one partial per branch */
} union_scan_t;

static int union_watermark(void *ctx, int id, int64_t wm, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    union_scan_t *u = ctx;
    if (wm_combiner_set_watermark(&u->wm, (uint32_t)id, wm)) output_watermark(&u->scan.out, wm_combiner_get(&u->wm));
    return 0;
}

static int union_end(void *ctx, int id, bool last, char *err, size_t errlen)
{
    union_scan_t *u = ctx;
    int stop = job_ckpt_end(u->scan.ckpt, last, err, errlen);
    if (stop != 0) return stop < 0 ? -1 : 0;
    return union_watermark(ctx, id, WM_END, err, errlen);
}

/* The union's type of column c: Flink's common type over the branches so
 * far, a rowtime only when every branch's column is one. NULL with err set
 * (at branch b's UNION) when there is none. */
static type_t *union_column(job_env_t *env, const sqlp_query_t *b, const type_t *acc, const type_t *next, int c,
                            char *err, size_t errlen)
{
    const type_t *both[2] = {acc, next};
    type_t *t = expr_common_type_of(both, 2);
    if (!t) {
        char *x = type_to_string(acc), *y = type_to_string(next);
        ERR_AT(b->union_pos, "Type mismatch in column %d of UNION ALL: %s and %s have no common type.", c + 1, x, y);
        free(x);
        free(y);
        return NULL;
    }
    t->time_kind = acc->time_kind == TYPE_TK_ROWTIME && next->time_kind == TYPE_TK_ROWTIME ? TYPE_TK_ROWTIME
                                                                                           : TYPE_TK_REGULAR;
    return t;
}

/* The union's row type (the first branch's names), in *out. */
static int union_row_type(job_env_t *env, const sqlp_query_t *q, catalog_table_t **tables, int n, type_t **out,
                          char *err, size_t errlen)
{
    type_t *row = *out = type_clone(tables[0]->schema);
    const sqlp_query_t *b = q->union_all;
    for (int i = 1; i < n; i++, b = b->union_all) {
        const type_t *bt = tables[i]->schema;
        if (bt->nfields != row->nfields) {
            ERR_AT(b->union_pos, "Column count mismatch in UNION ALL");
            return -1;
        }
        for (int c = 0; c < row->nfields; c++) {
            type_t *t = union_column(env, b, row->fields[c].type, bt->fields[c].type, c, err, errlen);
            if (!t) return -1;
            type_free(row->fields[c].type);
            row->fields[c].type = t;
        }
    }
    return 0;
}

/* Casts branch table t's captured rows to the union's row type. */
static void union_cast_rows(catalog_table_t *t, const type_t *row)
{
    for (int c = 0; c < row->nfields; c++) {
        const type_t *from = t->schema->fields[c].type, *to = row->fields[c].type;
        if (type_equals_ignore_null(from, to)) continue;
        for (size_t e = 0; e < t->nevents; e++) {
            value_t *v = &t->events[e].row.fields[c];
            if (t->events[e].kind == CATALOG_EVENT_ROW && !v->is_null) *v = cast_value(v, from, to, &t->arena);
        }
    }
    type_free(t->schema);
    t->schema = type_clone(row);
    t->watermark_col = -1;   /* the merge reads rowtimes where the union keeps them */
    for (int c = 0; c < row->nfields && t->watermark_col < 0; c++)
        if (row->fields[c].type->time_kind == TYPE_TK_ROWTIME) t->watermark_col = c;
}

/* Runs every branch of q into its own table of captured events, cast to
 * the union's row type. */
static int union_branches(job_env_t *env, const sqlp_query_t *q, catalog_table_t **tables, int n, char *err,
                          size_t errlen)
{
    const sqlp_query_t *b = q;
    for (int i = 0; i < n; i++, b = b->union_all) {
        sqlp_query_t branch = *b;   /* the branch alone: WITH items are declared, the chain is ours */
        branch.union_all = NULL;
        branch.nwith = 0;
        capture_t c;
        capture_init(&c);
        int rc = run_query(env, &branch, NULL, &c, err, errlen);
        char name[64];   /* a checkpoint's positions are by table name */
        snprintf(name, sizeof name, "UNION ALL branch %d", i + 1);
        tables[i] = catalog_table_new(name);
        if (rc == 0) capture_to_view(&c, tables[i]);
        capture_free(&c);
        if (rc != 0) return -1;
    }
    type_t *row = NULL;
    int rc = union_row_type(env, q, tables, n, &row, err, errlen);
    for (int i = 0; rc == 0 && i < n; i++) union_cast_rows(tables[i], row);
    type_free(row);
    return rc;
}

static int run_union(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, capture_t *capture,
                     char *err, size_t errlen)
{
    int n = 0;
    for (const sqlp_query_t *b = q; b; b = b->union_all) n++;
    catalog_table_t **tables = xcalloc((size_t)n, sizeof *tables);
    inputs_table_t *order = xcalloc((size_t)n, sizeof *order);
    union_scan_t u = {.scan.results = env->out};
    wm_combiner_init(&u.wm, (uint32_t)n);
    sqlp_query_t sq;
    sqlp_select_item_t si;
    sqlp_expr_t se;
    const sqlp_query_t *select = star_select(q, &sq, &si, &se);
    int rc = union_branches(env, q, tables, n, err, errlen);
    plan_env_t penv = job_plan_env(env);
    job_ckpt_t ckpt;
    bool ckpt_open = rc == 0;
    if (rc == 0) rc = scan_open_ckpt(&u.scan, &ckpt, env, capture, err, errlen);
    if (rc == 0 && output_init(&u.scan.out, &penv, select, tables[0]->schema, sink, capture, err, errlen) == 0 &&
        output_open_sink(&u.scan.out, env, sink, NULL, 0, false, err, errlen) == 0 &&
        job_ckpt_restore_sink(&ckpt, sink, u.scan.out.sink, err, errlen) == 0) {
        for (int i = 0; i < n; i++) order[i] = (inputs_table_t){tables[i], i};
        inputs_consumer_t consumer = {&u, scan_row, union_watermark, scan_proctime, union_end, scan_flush, NULL, NULL,
                                      NULL};
        rc = scan_read(env, &u.scan, order, n, consumer, err, errlen);
        rc = output_close(&u.scan.out, rc, err, errlen);
    } else if (rc == 0) {
        rc = output_close(&u.scan.out, -1, err, errlen);
    }
    if (ckpt_open) scan_close_ckpt(&u.scan, &ckpt);
    for (int i = 0; i < n; i++) catalog_table_free(tables[i]);
    free(tables);
    free(order);
    wm_combiner_free(&u.wm);
    return rc;
}

/* One SELECT or VALUES (no WITH items, no UNION ALL branches of its own). */
static int run_body(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, capture_t *capture,
                    char *err, size_t errlen)
{
    sqlp_query_t sq;
    sqlp_select_item_t si;
    sqlp_expr_t se;
    const sqlp_query_t *select, *vq = literal_rows(q, &select, &sq, &si, &se);
    if (vq) return run_values(env, select, vq, sink, capture, err, errlen);
    if (materialize_inputs(env, q, err, errlen) != 0) return -1;
    if (dedup_query_is(q)) return dedup_query_run(env, q, sink, capture, err, errlen);
    if (agg_query_is(q)) return agg_query_run(env, q, sink, capture, err, errlen);
    switch (q->from->kind) {
    case SQLP_FROM_CALL: return run_call(env, q, sink, capture, err, errlen);
    case SQLP_FROM_TABLE: return run_table_scan(env, q, sink, capture, err, errlen);
    default:
        ERR_AT(q->from->pos, "Unsupported FROM clause: ptfhost reads a function call or a table.");
        return -1;
    }
}

static int run_query(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, capture_t *capture,
                     char *err, size_t errlen)
{
    /* Test events replace their tables' connectors before planning: the
     * events' row kinds decide whether a table is updating. */
    const job_hooks_t *h = env->hooks;
    if (h && h->before_read && h->before_read(h->before_read_ctx, env->catalog, env->clock, err, errlen) != 0)
        return -1;
    int nwith;
    subquery_args_t sub;
    int rc = declare_with_items(env, q, &nwith, err, errlen);
    if (rc == 0 && !q->union_all) rc = subquery_args_declare(env, q, &sub, &q);
    else memset(&sub, 0, sizeof sub);
    if (rc == 0) rc = q->union_all ? run_union(env, q, sink, capture, err, errlen)
                                   : run_body(env, q, sink, capture, err, errlen);
    subquery_args_drop(env, &sub);
    for (int i = 0; i < nwith; i++) {
        char *key = with_key(env, &q->with[i]);
        catalog_drop_table(env->catalog, key);
        free(key);
    }
    return rc;
}

/* ---- entry points ----------------------------------------------------------------------------- */

int job_run_query(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink, char *err, size_t errlen)
{
    return run_query(env, q, sink, NULL, err, errlen);
}

/* The view's columns, running its query if it has not run yet. */
int job_view_schema(job_env_t *env, catalog_table_t *t, char *err, size_t errlen)
{
    return materialize_view(env, t, err, errlen);
}

int job_run_insert(job_env_t *env, const sqlp_insert_t *ins, char *err, size_t errlen)
{
    const catalog_table_t *t = plan_find_table(env->catalog, &ins->table);
    if (!t) {
        char what[512];
        plan_table_not_found(env->catalog, &ins->table, what, sizeof what);
        ERR_AT(ins->table.pos, "SQL validation failed. %s (declare the sink with CREATE TABLE first)", what);
        return -1;
    }
    const char *read_only = plan_table_read_only(env->catalog, &ins->table);
    if (read_only) {
        ERR_AT(ins->table.pos, "Catalog '%s' is read-only: INSERT INTO its tables is not allowed.", read_only);
        return -1;
    }
    if (ins->ncols) {
        ERR_AT(ins->table.pos, "Unsupported INSERT: a column list is not supported by ptfhost yet; the query's "
                               "columns bind to the sink's columns by position.");
        return -1;
    }
    return job_run_query(env, ins->query, t, err, errlen);
}

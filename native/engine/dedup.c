/* dedup.c - see dedup.h. */
#include "engine/dedup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/aggregate_checkpoint.h"
#include "engine/aggregate_query.h"
#include "engine/changelog.h"
#include "engine/filter.h"
#include "engine/inputs.h"
#include "engine/output.h"
#include "expr/expr_udf.h"
#include "time/watermark.h"
#include "types/codec.h"
#include "util/buf.h"
#include "util/hashmap.h"
#include "util/xalloc.h"

#define ERR_AT(pos, ...) sqlp_format_error(env->script, (pos), 0, err, errlen, __VA_ARGS__)

/* ---- the query's shape ------------------------------------------------------------------------ */

static int row_number_item(const sqlp_query_t *inner)
{
    for (int i = 0; i < inner->nitems; i++) {
        const sqlp_expr_t *e = inner->items[i].expr;
        if (e->kind == SQLP_E_CALL && e->u.call.over) return i;
    }
    return -1;
}

bool dedup_query_is(const sqlp_query_t *q)
{
    return q->kind == SQLP_Q_SELECT && q->from && q->from->kind == SQLP_FROM_SUBQUERY &&
           q->from->query->kind == SQLP_Q_SELECT && row_number_item(q->from->query) >= 0;
}

typedef struct shape {
    const sqlp_query_t *inner;
    const catalog_table_t *table;
    const sqlp_over_t *over;
    int rn_item;                 /* 0: rn before t's columns, 1: after */
    int keys[PROJECT_MAX_KEY];
    int nkeys;
    int ts_col;
    bool keep_last;
    bool proctime;               /* ORDER BY a processing-time attribute */
    type_t *row_type;            /* t's columns ++ rn (in the inner select's order) */
} shape_t;

/* rn = 1 (either side), rn <= 1 or rn < 2. */
static bool keeps_first_rank(const sqlp_expr_t *w, const char *rn)
{
    if (!w || w->kind != SQLP_E_BINARY) return false;
    const sqlp_expr_t *a = w->u.op.a, *b = w->u.op.b;
    if (w->u.op.op == SQLP_OP_EQ && a->kind == SQLP_E_LITERAL) a = w->u.op.b, b = w->u.op.a;
    if (a->kind != SQLP_E_COLUMN || strcmp(sqlp_name_last(&a->u.name)->name, rn) != 0) return false;
    if (b->kind != SQLP_E_LITERAL || b->u.lit.kind != SQLP_LIT_INTEGER || !b->u.lit.fits_int64) return false;
    switch (w->u.op.op) {
    case SQLP_OP_EQ:
    case SQLP_OP_LE: return b->u.lit.i == 1;
    case SQLP_OP_LT: return b->u.lit.i == 2;
    default: return false;
    }
}

static int check_inner(const job_env_t *env, const sqlp_query_t *q, shape_t *s, char *err, size_t errlen)
{
    const sqlp_query_t *in = s->inner = q->from->query;
    int rn = row_number_item(in);
    const sqlp_select_item_t *it = &in->items[rn];
    if (in->nitems != 2 || in->items[1 - rn].expr->kind != SQLP_E_STAR || !it->alias || in->ngroup || in->having) {
        ERR_AT(in->pos, "ROW_NUMBER() in a select list other than `*, ROW_NUMBER() OVER (...) AS rn` is not "
                        "supported by ptfhost (it runs the de-duplication pattern)");
        return -1;
    }
    if (!in->from || in->from->kind != SQLP_FROM_TABLE) {
        ERR_AT(in->pos, "ROW_NUMBER() over a subquery or a function call is not supported by ptfhost; "
                        "de-duplicate a table or a view");
        return -1;
    }
    catalog_table_t *t = plan_find_table(env->catalog, in->from->table);
    if (t && job_view_schema((job_env_t *)env, t, err, errlen) != 0) return -1;
    if (!(s->table = t)) {
        char what[512];
        plan_table_not_found(env->catalog, in->from->table, what, sizeof what);
        ERR_AT(in->from->pos, "SQL validation failed. %s", what);
        return -1;
    }
    s->over = it->expr->u.call.over;
    s->rn_item = rn;
    return 0;
}

/* ORDER BY the rowtime attribute, PARTITION BY columns of t. */
static int check_over(const job_env_t *env, shape_t *s, char *err, size_t errlen)
{
    const type_t *row = s->table->schema;
    const sqlp_over_t *w = s->over;
    int ts = w->norder == 1 ? type_field_index(row, w->order_by[0].col.name) : -1;
    if (ts < 0 || row->fields[ts].type->time_kind == TYPE_TK_REGULAR) {
        ERR_AT(w->pos, "ROW_NUMBER() OVER (... ORDER BY ...) on anything but one time attribute (Top-N) is not "
                       "supported by ptfhost; de-duplicate ORDER BY a rowtime (a column with a WATERMARK) or a "
                       "processing-time attribute (pt AS PROCTIME()) [DESC]");
        return -1;
    }
    s->ts_col = ts;
    s->proctime = row->fields[ts].type->time_kind == TYPE_TK_PROCTIME;
    s->keep_last = w->order_by[0].desc;
    if (w->npartition > PROJECT_MAX_KEY) {
        ERR_AT(w->pos, "PARTITION BY more than %d columns is not supported by ptfhost", PROJECT_MAX_KEY);
        return -1;
    }
    for (int k = 0; k < w->npartition; k++) {
        int c = type_field_index(row, w->partition_by[k].name);
        if (c < 0) {
            ERR_AT(w->partition_by[k].pos, "SQL validation failed. Column '%s' not found in any table",
                   w->partition_by[k].name);
            return -1;
        }
        s->keys[s->nkeys++] = c;
    }
    return 0;
}

static int check_outer(const job_env_t *env, const sqlp_query_t *q, const shape_t *s, char *err, size_t errlen)
{
    const char *rn = s->inner->items[s->rn_item].alias->name;
    if (q->ngroup || q->having) {
        ERR_AT(q->pos, "GROUP BY over the de-duplication pattern is not supported by ptfhost; de-duplicate in a "
                       "view, then aggregate the view");
        return -1;
    }
    if (!keeps_first_rank(q->where, rn)) {
        ERR_AT(q->where ? q->where->pos : q->pos, "Top-N (ROW_NUMBER() without exactly WHERE %s = 1) is not "
                                                  "supported by ptfhost", rn);
        return -1;
    }
    bool kod;
    if (plan_table_changelog(s->table, &kod) != CHANGELOG_KINDS_INSERT_ONLY) {
        ERR_AT(s->inner->from->pos, "StreamPhysicalDeduplicate doesn't support consuming update and delete "
                                    "changes which is produced by node TableSourceScan(table=[[%s]])",
               s->table->name);
        return -1;
    }
    return 0;
}

static int shape_init(const job_env_t *env, const sqlp_query_t *q, shape_t *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    if (check_inner(env, q, s, err, errlen) != 0 || check_over(env, s, err, errlen) != 0 ||
        check_outer(env, q, s, err, errlen) != 0)
        return -1;
    const type_t *row = s->table->schema;
    s->row_type = type_new(TYPE_ROW, false);
    const char *rn = s->inner->items[s->rn_item].alias->name;
    if (s->rn_item == 0) type_add_field(s->row_type, rn, type_new(TYPE_BIGINT, false), NULL);
    for (int c = 0; c < row->nfields; c++)
        type_add_field(s->row_type, row->fields[c].name, type_clone(row->fields[c].type), NULL);
    if (s->rn_item == 1) type_add_field(s->row_type, rn, type_new(TYPE_BIGINT, false), NULL);
    return 0;
}

/* ---- the kept rows ---------------------------------------------------------------------------- */

typedef struct kept {
    bool present;                /* false: a key whose state expired */
    value_t ts;                  /* the kept row's rowtime */
    unsigned char *bytes;        /* the row, codec-encoded (proctime: with pt 0) */
    size_t len;
    int64_t written_ms;          /* processing time of the last write (TTL) */
} kept_t;

typedef struct dedup_run {
    shape_t shape;
    filter_t *where;             /* the inner query's WHERE */
    bool update_before;
    int64_t ttl_ms, now_ms;      /* 'table.exec.state.ttl' (0: none); the rows' processing time */
    proctime_t *clock;
    const job_env_t *env;
    hashmap_t index;             /* key bytes -> slot */
    kept_t *kept;
    size_t n, cap;
    buf_t key, row;
    arena_t scratch;
    output_t out;
    FILE *results;
    job_stage_state_t dump;      /* --dump-state: keys ++ the kept row */
    agg_ckpt_t ckpt;
    char *state_shape;           /* the checkpoint's shape (aggregate_checkpoint.h) */
    bool batched;                /* a UDF in WHERE: rows wait in pending (aggregate_query.h) */
    agg_query_batch_t pending;
} dedup_run_t;

/* Emits row (t's columns) with rn as kind; a processing-time attribute is
 * materialised now, as Flink's PROCTIME_MATERIALIZE after the operator. */
static int emit(dedup_run_t *r, const row_t *row, row_kind_t kind)
{
    int n = (int)row->n + 1, off = r->shape.rn_item == 0;
    value_t *f = arena_alloc(&r->scratch, (size_t)n * sizeof *f);
    memcpy(f + off, row->fields, row->n * sizeof *f);
    f[off ? 0 : n - 1] = (value_t){.u.i64 = 1};
    const type_t *t = r->shape.table->schema;
    for (int c = 0; c < t->nfields; c++)
        if (t->fields[c].type->time_kind == TYPE_TK_PROCTIME) f[off + c] = (value_t){.u.ts = {r->now_ms, 0}};
    output_row(&r->out, &(row_t){kind, (uint32_t)n, f});
    return r->out.failed ? -1 : 0;
}

/* row encoded into r->row; processing-time attributes as 0 (Flink keeps a
 * placeholder there, so rows that differ only in them are equal). */
static int encode_kept(dedup_run_t *r, const row_t *row, char *err, size_t errlen)
{
    buf_clear(&r->row);
    const type_t *t = r->shape.table->schema;
    row_t copy = *row;
    copy.fields = arena_alloc(&r->scratch, row->n * sizeof *copy.fields);
    memcpy(copy.fields, row->fields, row->n * sizeof *copy.fields);
    for (int c = 0; c < t->nfields; c++)
        if (t->fields[c].type->time_kind == TYPE_TK_PROCTIME) copy.fields[c] = (value_t){.u.ts = {0, 0}};
    return codec_encode_row(&r->row, &copy, t, err, errlen);
}

/* Keeps r->row (encode_kept) as k's row. */
static void keep(dedup_run_t *r, kept_t *k, const row_t *row)
{
    free(k->bytes);
    k->bytes = xmalloc(r->row.len);
    memcpy(k->bytes, r->row.data, r->row.len);
    k->len = r->row.len;
    k->ts = row->fields[r->shape.ts_col];
    k->present = true;
    k->written_ms = r->now_ms;
}

/* The key's slot (made for a new key); *first when it holds no row, or its TTL has passed. */
static kept_t *find_kept(dedup_run_t *r, const row_t *row, bool *first, char *err, size_t errlen)
{
    const shape_t *s = &r->shape;
    buf_clear(&r->key);
    for (int k = 0; k < s->nkeys; k++)
        if (codec_encode_value(&r->key, &row->fields[s->keys[k]], s->table->schema->fields[s->keys[k]].type, err,
                               errlen) != 0)
            return NULL;
    uint64_t slot;
    if (!hashmap_get(&r->index, r->key.data, r->key.len, &slot)) {
        if (r->n == r->cap) r->kept = xrealloc(r->kept, (r->cap = r->cap ? r->cap * 2 : 64) * sizeof *r->kept);
        slot = r->n++;
        r->kept[slot] = (kept_t){0};
        hashmap_put(&r->index, r->key.data, r->key.len, slot);
    }
    kept_t *k = &r->kept[slot];
    if (k->present && r->ttl_ms > 0 && k->written_ms + r->ttl_ms <= r->now_ms) k->present = false;   /* expired */
    *first = !k->present;
    return k;
}

/* Does row replace the kept one? Rowtime: Flink's shouldKeepCurrentRow;
 * processing time: keep-first never, keep-last unless it is the same row
 * (compared only without a TTL, as Flink's ProcTimeDeduplicateKeepLastRowFunction). */
static bool replaces(const dedup_run_t *r, const kept_t *k, const row_t *row)
{
    const shape_t *s = &r->shape;
    if (!s->proctime) {
        int cmp = value_compare(&row->fields[s->ts_col], &k->ts, s->table->schema->fields[s->ts_col].type);
        return s->keep_last ? cmp >= 0 : cmp < 0;
    }
    if (!s->keep_last) return false;
    return r->ttl_ms > 0 || k->len != r->row.len || memcmp(k->bytes, r->row.data, k->len) != 0;
}

static int on_row(dedup_run_t *r, const row_t *row, char *err, size_t errlen)
{
    const shape_t *s = &r->shape;
    arena_reset(&r->scratch);
    bool first;
    kept_t *k = find_kept(r, row, &first, err, errlen);
    if (!k || encode_kept(r, row, err, errlen) != 0) return -1;
    if (first) {
        keep(r, k, row);
        return emit(r, row, ROW_INSERT);
    }
    bool replace = replaces(r, k, row);
    if (s->proctime && s->keep_last) k->written_ms = r->now_ms;   /* Flink writes every row's state */
    if (!replace) return 0;   /* a duplicate: dropped */
    if (r->update_before) {
        row_t old;
        size_t used;
        if (codec_decode_row(k->bytes, k->len, &used, s->table->schema, &r->scratch, &old, err, errlen) != 0 ||
            emit(r, &old, ROW_UPDATE_BEFORE) != 0)
            return -1;
    }
    keep(r, k, row);
    return emit(r, row, ROW_UPDATE_AFTER);
}

/* ---- --dump-state --------------------------------------------------------------------------- */

/* Each key's kept row (keep-first on processing time: that its first row was seen). */
static int dump_visit(void *stage, int64_t now_ms, job_state_row_fn fn, void *ctx, char *err, size_t errlen)
{
    dedup_run_t *r = stage;
    const shape_t *s = &r->shape;
    int rc = 0;
    for (size_t i = 0; i < r->n && rc == 0; i++) {
        const kept_t *k = &r->kept[i];
        if (!k->present || (r->ttl_ms > 0 && k->written_ms + r->ttl_ms <= now_ms)) continue;
        arena_reset(&r->scratch);
        value_t *f = arena_calloc(&r->scratch, (size_t)s->nkeys + 1, sizeof *f);
        row_t kept = {0};
        size_t used;
        if (codec_decode_row(k->bytes, k->len, &used, s->table->schema, &r->scratch, &kept, err, errlen) != 0)
            return -1;
        for (int c = 0; c < s->nkeys; c++) f[c] = kept.fields[s->keys[c]];
        for (int c = 0; c < (int)kept.n; c++)   /* not materialised in state */
            if (s->table->schema->fields[c].type->time_kind == TYPE_TK_PROCTIME) kept.fields[c] = value_null();
        bool seen_only = s->proctime && !s->keep_last;   /* Flink keeps a flag, not the row */
        f[s->nkeys] = seen_only ? (value_t){.u.b = true} : (value_t){.u.row = {kept.fields, kept.n}};
        rc = fn(ctx, &(row_t){ROW_INSERT, (uint32_t)s->nkeys + 1, f}, err, errlen);
    }
    return rc;
}

static void dump_open(dedup_run_t *r)
{
    const shape_t *s = &r->shape;
    const type_t *row = s->table->schema;
    type_t *t = type_new(TYPE_ROW, false);
    for (int c = 0; c < s->nkeys; c++)
        type_add_field(t, row->fields[s->keys[c]].name, type_clone(row->fields[s->keys[c]].type), NULL);
    if (s->proctime && !s->keep_last) type_add_field(t, "first-row-seen", type_new(TYPE_BOOLEAN, false), NULL);
    else type_add_field(t, "kept-row", type_clone(row), NULL);
    r->dump = (job_stage_state_t){t, s->nkeys, dump_visit, r};
}

/* ---- checkpoints: per key its encoded PARTITION BY values and the kept row's bytes ---------- */

static int fill_stage(void *ctx, ckpt_image_t *img, ckpt_stage_t *st, char *err, size_t errlen)
{
    dedup_run_t *r = ctx;
    const shape_t *s = &r->shape;
    for (size_t i = 0; i < r->n; i++) {
        const kept_t *k = &r->kept[i];
        if (!k->present) continue;
        row_t row;
        size_t used;
        arena_reset(&r->scratch);
        buf_clear(&r->key);
        if (codec_decode_row(k->bytes, k->len, &used, s->table->schema, &r->scratch, &row, err, errlen) != 0)
            return -1;
        for (int c = 0; c < s->nkeys; c++)
            if (codec_encode_value(&r->key, &row.fields[s->keys[c]], s->table->schema->fields[s->keys[c]].type, err,
                                   errlen) != 0)
                return -1;
        ckpt_stage_add(img, st, r->key.data, (uint32_t)r->key.len, k->written_ms, k->bytes, (uint32_t)k->len);
    }
    return 0;
}

/* The waiting rows: WHERE over the whole batch, then each row that passes
 * at its processing time; a failing WHERE fails after the rows before it. */
static int flush_pending(dedup_run_t *r, char *err, size_t errlen)
{
    agg_query_batch_t *b = &r->pending;
    if (!r->batched || b->n == 0) return 0;
    char where_err[4096];
    int npassed, rc = 0;
    int where = agg_query_batch_where(b, r->where, &npassed, where_err, sizeof where_err);
    for (int i = 0; i < npassed && rc == 0; i++) {
        r->now_ms = b->now_ms[i];
        rc = on_row(r, &b->rows[i], err, errlen);
    }
    if (rc == 0 && where != 0) rc = -1, snprintf(err, errlen, "%s", where_err);
    agg_query_batch_clear(b);
    return rc;
}

static int run_barrier(void *ctx, const inputs_position_t *pos, int n, bool final, char *err, size_t errlen)
{
    dedup_run_t *r = ctx;
    if (flush_pending(r, err, errlen) != 0) return -1;
    return agg_ckpt_barrier(&r->ckpt, r->env, pos, n, final, WM_NONE, fill_stage, r, err, errlen);
}

/* What the kept rows' bytes and their meaning depend on. */
static char *state_shape(const shape_t *s)
{
    buf_t b = BUF_INIT;
    char *row = type_to_serializable_string(s->table->schema);
    buf_printf(&b, "row %s, keys", row);
    free(row);
    for (int k = 0; k < s->nkeys; k++) buf_printf(&b, " %d", s->keys[k]);
    buf_printf(&b, ", order %d %s %s", s->ts_col, s->proctime ? "proctime" : "rowtime", s->keep_last ? "last" : "first");
    return buf_steal(&b);
}

static int open_checkpoints(dedup_run_t *r, job_env_t *env, bool view, char *err, size_t errlen)
{
    r->state_shape = state_shape(&r->shape);
    if (agg_ckpt_open(&r->ckpt, env, view, "deduplicate", r->state_shape, err, errlen) != 0) return -1;
    const ckpt_stage_t *st = r->ckpt.restored;
    for (uint32_t i = 0; st && i < st->n; i++) {
        const ckpt_state_t *e = &st->entries[i];
        row_t row;
        size_t used;
        arena_reset(&r->scratch);
        if (codec_decode_row(e->value.data, e->value.len, &used, r->shape.table->schema, &r->scratch, &row, err,
                             errlen) != 0)
            return -1;
        bool first;
        kept_t *k = find_kept(r, &row, &first, err, errlen);
        if (!k) return -1;
        buf_clear(&r->row);
        buf_append(&r->row, e->value.data, e->value.len);
        keep(r, k, &row);
        k->written_ms = e->written_ms;
    }
    return 0;
}

/* ---- running ------------------------------------------------------------------------------ */

static int run_row(void *ctx, int id, const row_t *row, arena_t *a, int64_t now_ms, char *err, size_t errlen)
{
    (void)id, (void)a;
    dedup_run_t *r = ctx;
    r->now_ms = now_ms;
    if (r->batched) return agg_query_batch_add(&r->pending, row, now_ms) ? flush_pending(r, err, errlen) : 0;
    if (r->where && !filter_eval(r->where, row)) {
        const char *e = filter_error(r->where);
        if (e) snprintf(err, errlen, "WHERE: %s", e);
        return e ? -1 : 0;
    }
    return on_row(r, row, err, errlen);
}

static int run_watermark(void *ctx, int id, int64_t wm, char *err, size_t errlen)
{
    (void)id;
    dedup_run_t *r = ctx;
    if (flush_pending(r, err, errlen) != 0) return -1;
    output_watermark(&r->out, wm);
    return 0;
}

/* Test events move processing time: the rows after it are read at ms. */
static int run_proctime(void *ctx, int64_t ms, char *err, size_t errlen)
{
    dedup_run_t *r = ctx;
    if (flush_pending(r, err, errlen) != 0) return -1;
    proctime_set(r->clock, ms);
    return 0;
}

static int run_end(void *ctx, int id, bool last, char *err, size_t errlen)
{
    (void)id;
    dedup_run_t *r = ctx;
    if (!last) return 0;
    if (flush_pending(r, err, errlen) != 0) return -1;
    if (agg_query_hook(r->env, &r->dump, 2, JOB_CALL_BEFORE_END, err, errlen) != 0) return -1;
    output_watermark(&r->out, WM_END);
    return 0;
}

static int run_flush(void *ctx, char *err, size_t errlen)
{
    dedup_run_t *r = ctx;
    if (flush_pending(r, err, errlen) != 0) return -1;
    if (r->results) fflush(r->results);
    return 0;
}

/* The output stages over t's columns ++ rn, keyed on the PARTITION BY columns. */
static int open_output(dedup_run_t *r, job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink_table,
                       capture_t *capture, char *err, size_t errlen)
{
    plan_env_t penv = job_plan_env(env);
    sqlp_query_t outer = *q;
    outer.where = NULL;   /* rn = 1 is the de-duplication itself */
    if (output_init(&r->out, &penv, &outer, r->shape.row_type, sink_table, capture, err, errlen) != 0) return -1;
    int key[PROJECT_MAX_KEY], nkey = 0, off = r->shape.rn_item == 0;
    for (int k = 0; k < r->shape.nkeys; k++)
        for (int c = 0; c < r->out.proj.n; c++)
            if (r->out.proj.cols[c] == r->shape.keys[k] + off) {
                key[nkey++] = c;
                break;
            }
    bool append_only = r->shape.proctime && !r->shape.keep_last;   /* Flink: keep-first on proctime */
    if (nkey != r->shape.nkeys || append_only) nkey = 0;
    if (output_open_sink(&r->out, env, sink_table, key, nkey, false, err, errlen) != 0) return -1;
    if (r->out.sink->accepts_updates || append_only) return 0;
    ERR_AT(q->pos, "Table sink '%s' doesn't support consuming update changes which is produced by node "
                   "Deduplicate. Write to a sink that accepts updates (print, or a table with a PRIMARY KEY on an "
                   "upsert connector).", sink_table ? sink_table->name : "?");
    return -1;
}

static void run_free(dedup_run_t *r)
{
    agg_ckpt_close(&r->ckpt);
    free(r->state_shape);
    for (size_t k = 0; k < r->n; k++) free(r->kept[k].bytes);
    free(r->kept);
    hashmap_free(&r->index);
    buf_free(&r->key);
    buf_free(&r->row);
    arena_destroy(&r->scratch);
    filter_free(r->where);
    if (r->batched) agg_query_batch_free(&r->pending);
    type_free(r->shape.row_type);
    type_free((type_t *)r->dump.row_type);
}

int dedup_query_run(job_env_t *env, const sqlp_query_t *q, const catalog_table_t *sink_table, capture_t *capture,
                    char *err, size_t errlen)
{
    dedup_run_t r = {.results = env->out, .update_before = !(sink_table && sink_table->npk > 0), .clock = env->clock, .env = env};
    hashmap_init(&r.index);
    arena_init(&r.scratch, 0);
    if (agg_query_check_settings(env, "Deduplicate", err, errlen) != 0 ||
        shape_init(env, q, &r.shape, err, errlen) != 0 || agg_query_state_ttl(env, &r.ttl_ms, err, errlen) != 0) {
        run_free(&r);
        return -1;
    }
    plan_env_t penv = job_plan_env(env);
    const catalog_table_t *t = r.shape.table;
    int rc = -1;
    if (r.shape.inner->where && !(r.where = filter_compile(&penv, r.shape.inner->where, t->schema, err, errlen))) {
        run_free(&r);
        return -1;
    }
    if ((r.batched = r.where && expr_has_udf(filter_expr(r.where)))) agg_query_batch_init(&r.pending, t->schema);
    dump_open(&r);
    if (open_output(&r, env, q, sink_table, capture, err, errlen) == 0 &&
        open_checkpoints(&r, env, capture != NULL, err, errlen) == 0 &&
        agg_ckpt_set_sink(&r.ckpt, sink_table, r.out.sink, err, errlen) == 0) {
        inputs_consumer_t consumer = {&r, run_row, run_watermark, run_proctime, run_end, run_flush, NULL, run_barrier,
                                      NULL};
        rc = agg_query_hook(env, &r.dump, 2, JOB_CALL_START, err, errlen);
        if (rc == 0) rc = agg_ckpt_read_table(&r.ckpt, env, t, &consumer, err, errlen);
        if (rc == 0 && !r.out.failed) rc = agg_query_hook(env, &r.dump, 2, JOB_CALL_END, err, errlen);
    }
    rc = output_close(&r.out, rc, err, errlen);
    run_free(&r);
    return rc;
}

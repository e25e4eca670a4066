/* aggregate.c - see aggregate.h. Groups are found by their codec-encoded key
 * row; each group owns its accumulators, values kept in them live in the
 * state's arena. Results are computed before and after each row into a
 * scratch arena, so the state never keeps an emitted row. */
#include "engine/aggregate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/codec.h"
#include "util/arena.h"
#include "util/buf.h"
#include "util/hashmap.h"
#include "util/xalloc.h"

/* Values with counts: a multiset (bag: equal values share an entry) or a
 * list in arrival order (every value its own entry). */
typedef struct agg_values {
    value_t *v;
    int64_t *count;
    int n, cap;
} agg_values_t;

typedef struct agg_acc {
    int64_t n;                   /* values in the aggregate (COUNT, SUM, AVG) */
    union { uint64_t i; double d; float f; __int128 dec; } sum;
    value_t v;                   /* MIN/MAX over an insert-only input */
    bool has_v;
    agg_values_t values;         /* MIN/MAX retracting (bag); FIRST/LAST/LISTAGG (list) */
    agg_values_t distinct;       /* DISTINCT: value -> count */
} agg_acc_t;

typedef struct agg_group {
    int64_t rows;                /* accumulated minus retracted rows */
    uint64_t seq;                /* creation order */
    int64_t written_ms;          /* processing time of the last row (TTL) */
    value_t *keys;
    agg_acc_t acc[];
} agg_group_t;

struct agg_state {
    type_t *key_type, *row_type;
    type_t *count_type;          /* BIGINT NOT NULL: counts in a checkpoint's values */
    agg_call_t *calls;
    type_t **result_types;
    int ncalls;
    bool update_before, retracting;
    bool deferred;               /* window aggregation: emit on agg_state_fire only */
    uint64_t next_seq;
    int64_t ttl_ms, now_ms;      /* 0: no TTL */
    agg_emit_fn emit;
    void *emit_ctx;
    hashmap_t index;             /* encoded key -> slot in groups */
    agg_group_t **groups;
    size_t ngroups, cap, live;
    size_t *free_slots;
    size_t nfree;
    arena_t arena;               /* kept keys and values */
    arena_t scratch;             /* the rows of one apply */
    buf_t key;
};

/* ---- functions and types --------------------------------------------------------------- */

int agg_func_lookup(const char *upper)
{
    static const char *const names[] = {"", "COUNT", "SUM", "AVG", "MIN", "MAX", "FIRST_VALUE", "LAST_VALUE",
                                        "LISTAGG"};
    for (int k = 1; k < (int)(sizeof names / sizeof names[0]); k++)
        if (strcmp(upper, names[k]) == 0) return k;
    return -1;
}

static bool is_integer(type_id_t id)
{
    return id == TYPE_TINYINT || id == TYPE_SMALLINT || id == TYPE_INT || id == TYPE_BIGINT;
}

static type_t *nullable_clone(const type_t *t)
{
    type_t *r = type_clone(t);
    r->nullable = true;
    r->time_kind = TYPE_TK_REGULAR;
    return r;
}

type_t *agg_result_type(const agg_call_t *c, char *err, size_t errlen)
{
    const type_t *a = c->arg_type;
    switch (c->func) {
    case AGG_COUNT_STAR:
    case AGG_COUNT: return type_new(TYPE_BIGINT, false);
    case AGG_SUM:
    case AGG_AVG:
        if (is_integer(a->id) || a->id == TYPE_FLOAT || a->id == TYPE_DOUBLE) return nullable_clone(a);
        if (a->id == TYPE_DECIMAL && c->func == AGG_SUM) {
            type_t *r = nullable_clone(a);
            r->precision = 38;
            return r;
        }
        snprintf(err, errlen, "%s of %s is not supported by ptfhost yet", c->func == AGG_SUM ? "SUM" : "AVG",
                 type_id_name(a->id));
        return NULL;
    case AGG_LISTAGG:
        if (!type_is_string(a)) {
            snprintf(err, errlen, "LISTAGG needs a character string argument, not %s", type_id_name(a->id));
            return NULL;
        }
        {
            type_t *r = type_new(TYPE_VARCHAR, true);
            r->precision = 2147483647;
            return r;
        }
    default: return nullable_clone(a);   /* MIN, MAX, FIRST_VALUE, LAST_VALUE */
    }
}

/* ---- values with counts ------------------------------------------------------------------ */

static int values_find(const agg_values_t *vs, const value_t *v, const type_t *t)
{
    for (int k = 0; k < vs->n; k++)
        if (value_equals(&vs->v[k], v, t)) return k;
    return -1;
}

/* Adds one v (copied); bag: to an equal entry. Returns the entry's new count. */
static int64_t values_add(agg_values_t *vs, const value_t *v, const type_t *t, bool bag, arena_t *a)
{
    int k = bag ? values_find(vs, v, t) : -1;
    if (k >= 0) return ++vs->count[k];
    if (vs->n == vs->cap) {
        vs->cap = vs->cap ? vs->cap * 2 : 4;
        vs->v = xrealloc(vs->v, (size_t)vs->cap * sizeof *vs->v);
        vs->count = xrealloc(vs->count, (size_t)vs->cap * sizeof *vs->count);
    }
    vs->v[vs->n] = value_copy(v, t, a);
    vs->count[vs->n] = 1;
    return vs->count[vs->n++];
}

/* Removes one v (the first equal entry). Returns the entry's new count, -1 if absent. */
static int64_t values_remove(agg_values_t *vs, const value_t *v, const type_t *t)
{
    int k = values_find(vs, v, t);
    if (k < 0) return -1;
    int64_t left = --vs->count[k];
    if (left == 0) {
        memmove(&vs->v[k], &vs->v[k + 1], (size_t)(vs->n - k - 1) * sizeof *vs->v);
        memmove(&vs->count[k], &vs->count[k + 1], (size_t)(vs->n - k - 1) * sizeof *vs->count);
        vs->n--;
    }
    return left;
}

static void values_free(agg_values_t *vs)
{
    free(vs->v);
    free(vs->count);
}

/* ---- accumulating --------------------------------------------------------------------------- */

static void add_sum(agg_acc_t *acc, const value_t *v, const type_t *t, int sign)
{
    switch (t->id) {
    case TYPE_FLOAT: acc->sum.f += (float)sign * v->u.f32; break;
    case TYPE_DOUBLE: acc->sum.d += sign * v->u.f64; break;
    case TYPE_DECIMAL: acc->sum.dec += sign * v->u.dec; break;
    default: acc->sum.i += sign > 0 ? (uint64_t)v->u.i64 : -(uint64_t)v->u.i64; break;
    }
}

/* One value into (sign 1) or out of (sign -1) the aggregate, DISTINCT applied. */
static void acc_apply(agg_state_t *s, const agg_call_t *c, agg_acc_t *acc, const value_t *v, int sign)
{
    if (c->func == AGG_COUNT_STAR) {
        acc->n += sign;
        return;
    }
    if (v->is_null) return;
    if (c->distinct) {
        int64_t left = sign > 0 ? values_add(&acc->distinct, v, c->arg_type, true, &s->arena)
                                : values_remove(&acc->distinct, v, c->arg_type);
        if (left != (sign > 0 ? 1 : 0)) return;   /* not the value's first arrival / last departure */
    }
    switch (c->func) {
    case AGG_SUM:
    case AGG_AVG: add_sum(acc, v, c->arg_type, sign); /* fall through */
    case AGG_COUNT: acc->n += sign; break;
    case AGG_MIN:
    case AGG_MAX:
        if (s->retracting) {
            if (sign > 0) values_add(&acc->values, v, c->arg_type, true, &s->arena);
            else values_remove(&acc->values, v, c->arg_type);
        } else {
            int cmp = acc->has_v ? value_compare(v, &acc->v, c->arg_type) : 0;
            if (!acc->has_v || (c->func == AGG_MIN ? cmp < 0 : cmp > 0)) acc->v = value_copy(v, c->arg_type, &s->arena);
            acc->has_v = true;
        }
        break;
    default:   /* FIRST_VALUE, LAST_VALUE, LISTAGG */
        if (sign > 0) values_add(&acc->values, v, c->arg_type, false, &s->arena);
        else values_remove(&acc->values, v, c->arg_type);
        break;
    }
}

/* ---- results ----------------------------------------------------------------------------- */

static int64_t wrap_integer(uint64_t x, type_id_t id)
{
    switch (id) {
    case TYPE_TINYINT: return (int8_t)x;
    case TYPE_SMALLINT: return (int16_t)x;
    case TYPE_INT: return (int32_t)x;
    default: return (int64_t)x;
    }
}

static value_t sum_value(const agg_acc_t *acc, const type_t *t, bool average)
{
    value_t r = {0};
    int64_t n = average ? acc->n : 1;
    switch (t->id) {
    case TYPE_FLOAT: r.u.f32 = acc->sum.f / (float)n; break;
    case TYPE_DOUBLE: r.u.f64 = acc->sum.d / (double)n; break;
    case TYPE_DECIMAL: r.u.dec = acc->sum.dec; break;
    default: r.u.i64 = wrap_integer(average ? (uint64_t)((int64_t)acc->sum.i / n) : acc->sum.i, t->id); break;
    }
    return r;
}

static value_t extreme_value(const agg_state_t *s, const agg_call_t *c, const agg_acc_t *acc)
{
    if (!s->retracting) return acc->has_v ? acc->v : value_null();
    if (acc->values.n == 0) return value_null();
    int best = 0;
    for (int k = 1; k < acc->values.n; k++) {
        int cmp = value_compare(&acc->values.v[k], &acc->values.v[best], c->arg_type);
        if (c->func == AGG_MIN ? cmp < 0 : cmp > 0) best = k;
    }
    return acc->values.v[best];
}

static value_t listagg_value(const agg_call_t *c, const agg_acc_t *acc, arena_t *a)
{
    if (acc->values.n == 0) return value_null();
    const char *sep = c->separator ? c->separator : ",";
    size_t seplen = strlen(sep), len = 0;
    for (int k = 0; k < acc->values.n; k++) len += acc->values.v[k].u.str.len + (k ? seplen : 0);
    char *p = arena_alloc(a, len + 1), *q = p;
    for (int k = 0; k < acc->values.n; k++) {
        if (k) q = memcpy(q, sep, seplen), q += seplen;
        memcpy(q, acc->values.v[k].u.str.ptr, acc->values.v[k].u.str.len);
        q += acc->values.v[k].u.str.len;
    }
    value_t r = {0};
    r.u.str.ptr = p;
    r.u.str.len = (uint32_t)len;
    return r;
}

static value_t result_value(const agg_state_t *s, const agg_call_t *c, const agg_acc_t *acc, const type_t *rt)
{
    value_t r = {0};
    switch (c->func) {
    case AGG_COUNT_STAR:
    case AGG_COUNT: r.u.i64 = acc->n; return r;
    case AGG_SUM:
    case AGG_AVG: return acc->n ? sum_value(acc, rt, c->func == AGG_AVG) : value_null();
    case AGG_MIN:
    case AGG_MAX: return extreme_value(s, c, acc);
    case AGG_FIRST_VALUE: return acc->values.n ? acc->values.v[0] : value_null();
    case AGG_LAST_VALUE: return acc->values.n ? acc->values.v[acc->values.n - 1] : value_null();
    case AGG_LISTAGG: return listagg_value(c, acc, &((agg_state_t *)s)->scratch);
    }
    return value_null();
}

/* The result row [keys ++ results] of g, in the scratch arena. */
static row_t result_row(agg_state_t *s, const agg_group_t *g, row_kind_t kind)
{
    int nk = s->key_type->nfields;
    row_t r = {kind, (uint32_t)(nk + s->ncalls), arena_alloc(&s->scratch, (size_t)(nk + s->ncalls) * sizeof(value_t))};
    memcpy(r.fields, g->keys, (size_t)nk * sizeof(value_t));
    for (int i = 0; i < s->ncalls; i++) r.fields[nk + i] = result_value(s, &s->calls[i], &g->acc[i], s->result_types[i]);
    return r;
}

static bool results_equal(const agg_state_t *s, const row_t *a, const row_t *b)
{
    int nk = s->key_type->nfields;
    for (int i = 0; i < s->ncalls; i++)
        if (!value_equals(&a->fields[nk + i], &b->fields[nk + i], s->result_types[i])) return false;
    return true;
}

/* ---- groups ------------------------------------------------------------------------------- */

static agg_group_t *group_new(agg_state_t *s, const value_t *keys)
{
    agg_group_t *g = xcalloc(1, sizeof *g + (size_t)s->ncalls * sizeof(agg_acc_t));
    g->seq = s->next_seq++;
    int nk = s->key_type->nfields;
    g->keys = arena_alloc(&s->arena, (size_t)(nk ? nk : 1) * sizeof(value_t));
    for (int k = 0; k < nk; k++) g->keys[k] = value_copy(&keys[k], s->key_type->fields[k].type, &s->arena);
    size_t slot;
    if (s->nfree) {
        slot = s->free_slots[--s->nfree];
    } else {
        if (s->ngroups == s->cap) {
            s->cap = s->cap ? s->cap * 2 : 64;
            s->groups = xrealloc(s->groups, s->cap * sizeof *s->groups);
        }
        slot = s->ngroups++;
    }
    s->groups[slot] = g;
    hashmap_put(&s->index, s->key.data, s->key.len, slot);
    s->live++;
    return g;
}

static void group_free(agg_state_t *s, agg_group_t *g)
{
    for (int i = 0; i < s->ncalls; i++) {
        values_free(&g->acc[i].values);
        values_free(&g->acc[i].distinct);
    }
    free(g);
}

static void group_drop(agg_state_t *s, size_t slot)
{
    group_free(s, s->groups[slot]);
    s->groups[slot] = NULL;
    hashmap_remove(&s->index, s->key.data, s->key.len);
    s->free_slots = xrealloc(s->free_slots, (s->nfree + 1) * sizeof *s->free_slots);
    s->free_slots[s->nfree++] = slot;
    s->live--;
}

/* ---- the state -------------------------------------------------------------------------------- */

agg_state_t *agg_state_new(const type_t *key_type, const agg_call_t *calls, int ncalls, bool update_before,
                           bool retracting, agg_emit_fn emit, void *emit_ctx, char *err, size_t errlen)
{
    agg_state_t *s = xcalloc(1, sizeof *s);
    s->key_type = type_clone(key_type);
    s->row_type = type_clone(key_type);
    s->count_type = type_new(TYPE_BIGINT, false);
    s->calls = xcalloc((size_t)(ncalls ? ncalls : 1), sizeof *s->calls);
    s->result_types = xcalloc((size_t)(ncalls ? ncalls : 1), sizeof *s->result_types);
    s->ncalls = ncalls;
    s->update_before = update_before;
    s->retracting = retracting;
    s->emit = emit;
    s->emit_ctx = emit_ctx;
    hashmap_init(&s->index);
    arena_init(&s->arena, 0);
    arena_init(&s->scratch, 0);
    s->key = (buf_t)BUF_INIT;
    for (int i = 0; i < ncalls; i++) {
        s->calls[i] = calls[i];
        s->calls[i].arg_type = calls[i].arg_type ? type_clone(calls[i].arg_type) : NULL;
        s->calls[i].separator = calls[i].separator ? arena_strdup(&s->arena, calls[i].separator) : NULL;
        if (!(s->result_types[i] = agg_result_type(&s->calls[i], err, errlen))) {
            agg_state_free(s);
            return NULL;
        }
        char name[24];
        snprintf(name, sizeof name, "$agg%d", i);
        type_add_field(s->row_type, name, type_clone(s->result_types[i]), NULL);
    }
    return s;
}

void agg_state_free(agg_state_t *s)
{
    if (!s) return;
    for (size_t k = 0; k < s->ngroups; k++)
        if (s->groups[k]) group_free(s, s->groups[k]);
    for (int i = 0; i < s->ncalls; i++) {
        type_free((type_t *)s->calls[i].arg_type);
        type_free(s->result_types[i]);
    }
    free(s->groups);
    free(s->free_slots);
    free(s->calls);
    free(s->result_types);
    type_free(s->key_type);
    type_free(s->row_type);
    type_free(s->count_type);
    hashmap_free(&s->index);
    arena_destroy(&s->arena);
    arena_destroy(&s->scratch);
    buf_free(&s->key);
    free(s);
}

/* Emits the change from old to the group's new result (see aggregate.h). */
static int emit_change(agg_state_t *s, agg_group_t *g, size_t slot, bool first, const row_t *old, char *err,
                       size_t errlen)
{
    if (g->rows <= 0) {
        int rc = first ? 0 : s->emit(s->emit_ctx, &(row_t){ROW_DELETE, old->n, old->fields}, err, errlen);
        group_drop(s, slot);
        return rc;
    }
    row_t now = result_row(s, g, first ? ROW_INSERT : ROW_UPDATE_AFTER);
    if (first) return s->emit(s->emit_ctx, &now, err, errlen);
    if (s->ttl_ms <= 0 && results_equal(s, old, &now)) return 0;
    if (s->update_before && s->emit(s->emit_ctx, old, err, errlen) != 0) return -1;
    return s->emit(s->emit_ctx, &now, err, errlen);
}

int agg_state_apply(agg_state_t *s, row_kind_t kind, const value_t *keys, const value_t *args, char *err,
                    size_t errlen)
{
    arena_reset(&s->scratch);
    buf_clear(&s->key);
    row_t key_row = {ROW_INSERT, (uint32_t)s->key_type->nfields, (value_t *)keys};
    if (codec_encode_row(&s->key, &key_row, s->key_type, err, errlen) != 0) return -1;
    bool accumulate = kind == ROW_INSERT || kind == ROW_UPDATE_AFTER;
    uint64_t slot;
    bool first = !hashmap_get(&s->index, s->key.data, s->key.len, &slot);
    if (!first && s->ttl_ms > 0 && s->groups[slot]->written_ms + s->ttl_ms <= s->now_ms) {
        group_drop(s, (size_t)slot);   /* expired: as if never seen */
        first = true;
    }
    if (first && !accumulate) return 0;   /* a retraction for a key without state */
    agg_group_t *g = first ? group_new(s, keys) : s->groups[slot];
    if (first) hashmap_get(&s->index, s->key.data, s->key.len, &slot);
    row_t old = first || s->deferred ? (row_t){0} : result_row(s, g, ROW_UPDATE_BEFORE);
    for (int i = 0; i < s->ncalls; i++) acc_apply(s, &s->calls[i], &g->acc[i], &args[i], accumulate ? 1 : -1);
    g->rows += accumulate ? 1 : -1;
    g->written_ms = s->now_ms;
    return s->deferred ? 0 : emit_change(s, g, (size_t)slot, first, &old, err, errlen);
}

void agg_state_defer(agg_state_t *s) { s->deferred = true; }
void agg_state_set_ttl(agg_state_t *s, int64_t ttl_ms) { s->ttl_ms = ttl_ms; }
void agg_state_set_time(agg_state_t *s, int64_t now_ms) { s->now_ms = now_ms; }

typedef struct fire_item {
    int64_t end;
    uint64_t seq;
    size_t slot;
} fire_item_t;

static int fire_order(const void *x, const void *y)
{
    const fire_item_t *a = x, *b = y;
    if (a->end != b->end) return a->end < b->end ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

int agg_state_fire(agg_state_t *s, int key_index, int64_t upto_ms, char *err, size_t errlen)
{
    fire_item_t *due = xcalloc(s->live + 1, sizeof *due);
    size_t n = 0;
    for (size_t k = 0; k < s->ngroups; k++) {
        const agg_group_t *g = s->groups[k];
        if (g && g->keys[key_index].u.ts.millis <= upto_ms) due[n++] = (fire_item_t){g->keys[key_index].u.ts.millis, g->seq, k};
    }
    qsort(due, n, sizeof *due, fire_order);
    int rc = 0;
    for (size_t k = 0; k < n && rc == 0; k++) {
        agg_group_t *g = s->groups[due[k].slot];
        arena_reset(&s->scratch);
        row_t r = result_row(s, g, ROW_INSERT);
        rc = s->emit(s->emit_ctx, &r, err, errlen);
        buf_clear(&s->key);
        row_t key_row = {ROW_INSERT, (uint32_t)s->key_type->nfields, g->keys};
        if (rc == 0) rc = codec_encode_row(&s->key, &key_row, s->key_type, err, errlen);
        if (rc == 0) group_drop(s, due[k].slot);
    }
    free(due);
    return rc;
}

static int seq_order(const void *x, const void *y)
{
    const agg_group_t *a = *(agg_group_t *const *)x, *b = *(agg_group_t *const *)y;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

int agg_state_visit(agg_state_t *s, int64_t now_ms, agg_emit_fn fn, void *ctx, char *err, size_t errlen)
{
    agg_group_t **live = xcalloc(s->live + 1, sizeof *live);
    size_t n = 0;
    for (size_t k = 0; k < s->ngroups; k++) {
        agg_group_t *g = s->groups[k];
        if (g && !(s->ttl_ms > 0 && g->written_ms + s->ttl_ms <= now_ms)) live[n++] = g;
    }
    qsort(live, n, sizeof *live, seq_order);
    int rc = 0;
    for (size_t k = 0; k < n && rc == 0; k++) {
        arena_reset(&s->scratch);
        row_t r = result_row(s, live[k], ROW_INSERT);
        rc = fn(ctx, &r, err, errlen);
    }
    free(live);
    return rc;
}

/* ---- checkpoints --------------------------------------------------------------------------- */

/* A group's value, every field in the binary value format: BIGINT rows,
 * then per call: BIGINT n, the sum's 16 bytes as two BIGINTs (low first),
 * the MIN/MAX value (NULL: none), then the values and the DISTINCT values,
 * each a BIGINT count of entries and per entry the value and a BIGINT count. */
static int put_i64(agg_state_t *s, buf_t *b, int64_t v, char *err, size_t errlen)
{
    return codec_encode_value(b, &(value_t){.u.i64 = v}, s->count_type, err, errlen);
}

static int put_values(agg_state_t *s, buf_t *b, const agg_values_t *vs, const type_t *t, char *err, size_t errlen)
{
    int rc = put_i64(s, b, vs->n, err, errlen);
    for (int k = 0; k < vs->n && rc == 0; k++) {
        rc = codec_encode_value(b, &vs->v[k], t, err, errlen);
        if (rc == 0) rc = put_i64(s, b, vs->count[k], err, errlen);
    }
    return rc;
}

static int put_group(agg_state_t *s, const agg_group_t *g, buf_t *b, char *err, size_t errlen)
{
    int rc = put_i64(s, b, g->rows, err, errlen);
    for (int i = 0; i < s->ncalls && rc == 0; i++) {
        const agg_acc_t *acc = &g->acc[i];
        const type_t *t = s->calls[i].arg_type ? s->calls[i].arg_type : s->count_type;
        int64_t sum[2];
        memcpy(sum, &acc->sum, sizeof sum);
        value_t v = acc->has_v ? acc->v : value_null();
        if (put_i64(s, b, acc->n, err, errlen) != 0 || put_i64(s, b, sum[0], err, errlen) != 0 ||
            put_i64(s, b, sum[1], err, errlen) != 0 || codec_encode_value(b, &v, t, err, errlen) != 0 ||
            put_values(s, b, &acc->values, t, err, errlen) != 0)
            return -1;
        rc = put_values(s, b, &acc->distinct, t, err, errlen);
    }
    return rc;
}

int agg_state_snapshot(agg_state_t *s, agg_snapshot_fn fn, void *ctx, char *err, size_t errlen)
{
    agg_group_t **live = xcalloc(s->live + 1, sizeof *live);
    size_t n = 0;
    for (size_t k = 0; k < s->ngroups; k++)
        if (s->groups[k]) live[n++] = s->groups[k];
    qsort(live, n, sizeof *live, seq_order);
    buf_t value = BUF_INIT;
    int rc = 0;
    for (size_t k = 0; k < n && rc == 0; k++) {
        buf_clear(&s->key);
        buf_clear(&value);
        row_t key_row = {ROW_INSERT, (uint32_t)s->key_type->nfields, live[k]->keys};
        rc = codec_encode_row(&s->key, &key_row, s->key_type, err, errlen);
        if (rc == 0) rc = put_group(s, live[k], &value, err, errlen);
        if (rc == 0) fn(ctx, s->key.data, s->key.len, live[k]->written_ms, value.data, value.len);
    }
    buf_free(&value);
    free(live);
    return rc;
}

/* The next value of type t at *at in p[0..len) (into the state's arena); false when it does not decode. */
static bool get_value(agg_state_t *s, const unsigned char *p, size_t len, size_t *at, const type_t *t, value_t *v)
{
    size_t used;
    char why[64];
    if (*at > len || codec_decode_value(p + *at, len - *at, &used, t, &s->arena, v, why, sizeof why) != 0)
        return false;
    *at += used;
    return true;
}

static bool get_values(agg_state_t *s, const unsigned char *p, size_t len, size_t *at, agg_values_t *vs,
                       const type_t *t)
{
    value_t n, v, count;
    if (!get_value(s, p, len, at, s->count_type, &n)) return false;
    for (int64_t k = 0; k < n.u.i64; k++) {
        if (!get_value(s, p, len, at, t, &v) || !get_value(s, p, len, at, s->count_type, &count)) return false;
        values_add(vs, &v, t, false, &s->arena);
        vs->count[vs->n - 1] = count.u.i64;
    }
    return true;
}

/* Fills g's accumulators from a value put_group wrote. */
static bool get_group(agg_state_t *s, agg_group_t *g, const unsigned char *p, size_t len)
{
    size_t at = 0;
    value_t rows, n, lo, hi;
    if (!get_value(s, p, len, &at, s->count_type, &rows)) return false;
    g->rows = rows.u.i64;
    for (int i = 0; i < s->ncalls; i++) {
        agg_acc_t *acc = &g->acc[i];
        const type_t *t = s->calls[i].arg_type ? s->calls[i].arg_type : s->count_type;
        if (!get_value(s, p, len, &at, s->count_type, &n) || !get_value(s, p, len, &at, s->count_type, &lo) ||
            !get_value(s, p, len, &at, s->count_type, &hi) || !get_value(s, p, len, &at, t, &acc->v) ||
            !get_values(s, p, len, &at, &acc->values, t) || !get_values(s, p, len, &at, &acc->distinct, t))
            return false;
        acc->n = n.u.i64;
        int64_t sum[2] = {lo.u.i64, hi.u.i64};
        memcpy(&acc->sum, sum, sizeof sum);
        acc->has_v = !acc->v.is_null;
    }
    return at == len;
}

int agg_state_restore(agg_state_t *s, const void *key, size_t klen, int64_t written_ms, const void *value,
                      size_t vlen, char *err, size_t errlen)
{
    row_t keys;
    size_t used;
    arena_reset(&s->scratch);
    if (codec_decode_row(key, klen, &used, s->key_type, &s->scratch, &keys, err, errlen) != 0) return -1;
    buf_clear(&s->key);
    buf_append(&s->key, key, klen);
    uint64_t slot;
    if (hashmap_get(&s->index, s->key.data, s->key.len, &slot)) {
        snprintf(err, errlen, "a group appears twice in the checkpoint");
        return -1;
    }
    agg_group_t *g = group_new(s, keys.fields);
    g->written_ms = written_ms;
    if (get_group(s, g, value, vlen)) return 0;
    snprintf(err, errlen, "a group's state does not decode (%zu bytes)", vlen);
    return -1;
}

const type_t *agg_state_row_type(const agg_state_t *s) { return s->row_type; }
size_t agg_state_groups(const agg_state_t *s) { return s->live; }

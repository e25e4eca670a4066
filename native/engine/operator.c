/* operator.c - see operator.h.
 *
 * Records queue up in `pending` (with the watermark visible to each) and go
 * to the invoker as one batch when the batch is full, when a watermark
 * advance makes a known timer due, or at the end. A WATERMARK record marks
 * each advance inside a batch, so that Java can stop where a timer it
 * registered earlier in the same batch becomes due; we then fire timers and
 * resend the rest. The bytes of a batch and of Java's answer are
 * protocol/batch.h's; here records are built and decoded messages applied. */
#include "engine/operator.h"
#include "util/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/batch.h"
#include "state/state.h"
#include "time/timers.h"
#include "time/watermark.h"
#include "types/codec.h"
#include "types/render.h"

#define NO_SLOT UINT32_MAX   /* pending.key of a record without a key; key_slots: no slot */
#define KEY_UNRESOLVED (UINT32_MAX - 1)   /* pending.key of an input row until its batch goes out */

/* What a pending record is (encode_record writes each as its batch record). */
enum { REC_EVAL = 1, REC_TIMER, REC_WATERMARK };

/* The slots of the batch being built: key id -> slot, open addressing over
 * (key id + 1) << 32 | slot, 0 = empty; at most half full. It is cleared per
 * batch, so it costs nothing per key of the store (a batch has few keys). */
typedef struct key_slots {
    uint64_t *e;
    uint32_t cap, n;         /* cap: a power of two */
    uint32_t *at;            /* where each of the n entries sits in e (cap / 2 of room) */
} key_slots_t;

/* A run of output columns from one source other than the function's fields,
 * which are decoded into the output row in place (plan_output). */
typedef struct out_run {
    layout_source_t source;
    uint32_t at, n;          /* the run is output columns [at, at + n) */
} out_run_t;

typedef struct pending {
    uint8_t type;
    int table;               /* -1: none */
    row_t row;               /* EVAL: the input row (batch arena) */
    uint32_t key;            /* key id, NO_SLOT if none */
    int64_t watermark;       /* EVAL/TIMER: visible watermark; WATERMARK: the new value */
    int64_t table_watermark;
    int64_t time;            /* EVAL: on_time value; TIMER: timer time */
    const char *timer_name;  /* TIMER: NULL = unnamed */
    uint64_t tag;            /* the caller's tag current when the record was made (ptf_op_set_tag) */
    uint64_t arrival;        /* EVAL: the tag current when its row was pushed; TIMER: the timer's seq */
} pending_t;

struct ptf_op {
    ptf_op_config_t cfg;
    ptf_invoker_t inv;
    ptf_emit_fn emit;
    void *emit_ctx;

    state_store_t *state;
    timer_service_t timers;
    arena_t seed_arena;      /* seed_key's row of key columns, reset after each */
    int key_types_table;     /* a set-semantic table: whose key column types decode a key's bytes */
    bool keys_remember_table;/* the tables' key types encode differently: key_table is kept */
    bool keyless;            /* no state, no timers, no Context, no caller reading keys: rows are
                                not interned (records carry NO_SLOT), see keys_needed */
    uint16_t *key_table;     /* key id -> the table that interned it (keys_remember_table) */
    uint32_t cap_key_table;
    uint32_t global_key;     /* the single key without PARTITION BY */

    wm_combiner_t wm;        /* one partial per input; an ended input is at WM_END */
    int64_t now_ms;

    pending_t *pending;
    size_t npending, cap_pending;
    bool *flat_tables;       /* per table argument: its rows hold no pointers (row_type_is_flat) */
    arena_t batch_arena;
    buf_t in, out, keybuf;
    size_t *key_ends;        /* resolve_keys: where each pending record's key ends in keybuf */
    uint64_t *key_hashes;    /* and its hash (state_key_hash) */
    size_t cap_key_ends;
    batch_answer_t answer;   /* op->out decoded */
    key_slots_t batch_slots; /* key id -> slot in the current batch */
    uint32_t *slot_keys;     /* slot -> key id */
    uint32_t nslots, cap_slot_keys;

    /* ORDER BY sort buffers, per table argument */
    struct sort_buffer {
        row_t *rows;
        uint64_t *seq;
        uint64_t *tags;      /* the tag current when each row arrived */
        size_t n, cap;
        uint64_t next_seq;
        arena_t arena;
    } *sort;

    type_t *fn_out_type;     /* the function's own output ROW (atomic wrapped) */
    arena_t out_arena;
    value_t *out_fields;     /* the output row being emitted (output_type's columns, reused) */
    out_run_t *out_runs;     /* the layout's parts but the first FIELDS one (plan_output) */
    int nout_runs;
    uint32_t fields_at;      /* the function's fields are decoded into out_fields[fields_at..] */
    uint32_t out_values;     /* values the layout gives a row: output_type's columns, unless broken */
    bool fields_allocate;    /* decoding the function's fields fills out_arena */
    bool out_arena_used;     /* out_arena holds the last output row's data */
    uint64_t batches;
    size_t batch_from;       /* pending index of the running batch's first record */
    bool firing;             /* inside the timer loop */
    uint64_t tag;            /* ptf_op_set_tag: given to the records made from now on */
    ptf_op_origin_t origin;  /* the record whose answer was applied last */
    uint32_t origin_key;     /* and its key id (NO_SLOT: none) */

    /* Values Java holds between batches ("State between batches", docs/internals.md).
     * held[key id]: bit e = Java holds entry e (the store's bytes of it are stale),
     * HELD_LISTED = the key is in held_keys (each key once, until a write-back). */
    uint8_t holdable;        /* bit e: entry e may be held */
    uint8_t *held;
    uint32_t cap_held;
    uint32_t *held_keys;
    uint32_t nheld_keys, cap_held_keys;
    uint64_t written_back;   /* values Java wrote back so far (ptf_op_describe_memory) */
};

#define HELD_LISTED 0x80u
#define HELD_ENTRIES 7           /* entries 0..6 may be held */
#define HELD_KEYS_MAX 262144u    /* more held keys than this: write them all back */


static type_t *wrap_atomic(const type_t *t)
{
    type_t *row = type_new(TYPE_ROW, false);
    row->nfields = 1;
    row->fields = xrealloc(NULL, sizeof *row->fields);
    row->fields[0].name = strdup("EXPR$0");
    row->fields[0].type = type_clone(t);
    row->fields[0].description = NULL;
    return row;
}

/* Whose key column types decode a key's bytes (key_row): those of the first
 * set-semantic table, unless another one's encode differently (co-partitioned
 * keys need only be of the same type family: DECIMAL(10, 2) and DECIMAL(20, 2)),
 * in which case each key remembers the table that interned it (key_table). */
static void choose_key_types(ptf_op_t *op)
{
    op->key_types_table = -1;
    char *first = NULL;
    for (int t = 0; t < op->cfg.ntables; t++) {
        const ptf_op_table_t *tab = &op->cfg.tables[t];
        if (!tab->set_semantics) continue;
        buf_t b = BUF_INIT;
        for (int k = 0; k < tab->nkeys; k++) {
            char *ts = type_to_string(tab->row_type->fields[tab->key_cols[k]].type);
            buf_printf(&b, "%s;", ts);
            free(ts);
        }
        if (op->key_types_table < 0) {
            op->key_types_table = t;
            first = xstrdup(buf_cstr(&b));
        } else if (strcmp(first, buf_cstr(&b)) != 0) {
            op->keys_remember_table = true;
        }
        buf_free(&b);
    }
    free(first);
}

/* Where each output column comes from, from the layout once: the output row
 * is reused, the function's fields are decoded straight into it and the
 * other parts become runs (a repeated FIELDS part copies the first). */
static void plan_output(ptf_op_t *op)
{
    uint32_t nout = (uint32_t)op->cfg.output_type->nfields, at = 0;
    bool fields_placed = false;
    op->out_fields = xcalloc((size_t)nout + 1, sizeof *op->out_fields);
    op->out_runs = xcalloc((size_t)op->cfg.layout->nparts + 1, sizeof *op->out_runs);
    for (int i = 0; i < op->cfg.layout->nparts; i++) {
        const layout_part_t *part = &op->cfg.layout->parts[i];
        uint32_t n = part->source == LAYOUT_FIELDS ? (uint32_t)op->fn_out_type->nfields : (uint32_t)part->ncols;
        if (at + n > nout) {
            at += n;
            break;
        }
        if (part->source == LAYOUT_FIELDS && !fields_placed) {
            op->fields_at = at;
            fields_placed = true;
        } else {
            op->out_runs[op->nout_runs++] = (out_run_t){part->source, at, n};
        }
        at += n;
    }
    if (!fields_placed) at = UINT32_MAX;   /* nowhere to decode the function's fields */
    op->out_values = at;
    op->fields_allocate = !row_type_is_flat(op->fn_out_type);
}

/* Whether a row's key must be interned: only for what is kept or read per key. A
 * function without state, timers or a Context sees nothing of its key beyond the
 * row's own columns (the output's key columns come from the row, key_value). */
static bool keys_needed(const ptf_op_config_t *cfg)
{
    return cfg->sig->nstate > 0 || cfg->sig->has_on_timer || cfg->sig->has_context || cfg->origin_keys;
}

ptf_op_t *ptf_op_new(const ptf_op_config_t *cfg, ptf_invoker_t inv, ptf_emit_fn emit, void *emit_ctx)
{
    ptf_op_t *op = xrealloc(NULL, sizeof *op);
    memset(op, 0, sizeof *op);
    op->cfg = *cfg;
    if (op->cfg.batch_rows <= 0) op->cfg.batch_rows = 1024;
    op->inv = inv;
    op->emit = emit;
    op->emit_ctx = emit_ctx;
    op->state = state_store_new(cfg->sig->nstate, cfg->state_ttl_ms);
    timer_service_init(&op->timers);
    arena_init(&op->seed_arena, 0);
    arena_init(&op->batch_arena, 0);
    arena_init(&op->out_arena, 0);
    batch_answer_init(&op->answer);
    int n = cfg->ntables > 0 ? cfg->ntables : 1;
    wm_combiner_init(&op->wm, (uint32_t)n);
    op->sort = xrealloc(NULL, sizeof *op->sort * (size_t)n);
    memset(op->sort, 0, sizeof *op->sort * (size_t)n);
    for (int i = 0; i < n; i++) arena_init(&op->sort[i].arena, 0);
    op->flat_tables = xcalloc((size_t)n, sizeof *op->flat_tables);
    for (int i = 0; i < cfg->ntables; i++) op->flat_tables[i] = row_type_is_flat(cfg->tables[i].row_type);
    op->global_key = state_key_id(op->state, "", 0);
    op->origin_key = NO_SLOT;
    op->keyless = !keys_needed(cfg);
    choose_key_types(op);
    op->fn_out_type = cfg->sig->output_atomic ? wrap_atomic(cfg->sig->output) : type_clone(cfg->sig->output);
    plan_output(op);
    /* A value with a TTL or under the size cap must reach the store after each
     * batch (its write time, its size); views are encoded per batch. */
    for (int e = 0; cfg->hold_state && e < cfg->sig->nstate && e < HELD_ENTRIES; e++)
        if (cfg->sig->state[e].kind == STATE_VALUE && !cfg->state_max_bytes &&
            !(cfg->state_ttl_ms && cfg->state_ttl_ms[e] > 0))
            op->holdable |= (uint8_t)(1u << e);
    return op;
}

void ptf_op_free(ptf_op_t *op)
{
    if (!op) return;
    state_store_free(op->state);
    timer_service_free(&op->timers);
    arena_destroy(&op->seed_arena);
    arena_destroy(&op->batch_arena);
    arena_destroy(&op->out_arena);
    buf_free(&op->in);
    buf_free(&op->out);
    buf_free(&op->keybuf);
    batch_answer_free(&op->answer);
    free(op->key_table);
    for (int i = 0; i < (op->cfg.ntables > 0 ? op->cfg.ntables : 1); i++) {
        free(op->sort[i].rows);
        free(op->sort[i].seq);
        free(op->sort[i].tags);
        arena_destroy(&op->sort[i].arena);
    }
    free(op->sort);
    free(op->flat_tables);
    wm_combiner_free(&op->wm);
    free(op->pending);
    free(op->batch_slots.e);
    free(op->batch_slots.at);
    free(op->slot_keys);
    free(op->key_ends);
    free(op->key_hashes);
    free(op->held);
    free(op->held_keys);
    type_free(op->fn_out_type);
    free(op->out_fields);
    free(op->out_runs);
    free(op);
}

void ptf_op_set_processing_time(ptf_op_t *op, int64_t now_ms) { op->now_ms = now_ms; }
void ptf_op_set_tag(ptf_op_t *op, uint64_t tag) { op->tag = tag; }
ptf_op_origin_t ptf_op_origin(const ptf_op_t *op) { return op->origin; }

const void *ptf_op_origin_key(const ptf_op_t *op, size_t *len)
{
    uint32_t id = op->origin_key;
    if (id == NO_SLOT || id == KEY_UNRESOLVED || id == op->global_key) return NULL;
    return state_key_bytes(op->state, id, len);
}
const struct state_store *ptf_op_state(const ptf_op_t *op) { return op->state; }
const struct timer_service *ptf_op_timers(const ptf_op_t *op) { return &op->timers; }
int64_t ptf_op_current_watermark(const ptf_op_t *op) { return wm_combiner_get(&op->wm); }

void ptf_op_visit_sorted(const ptf_op_t *op, ptf_op_sorted_fn fn, void *ctx)
{
    for (int t = 0; op->sort && t < op->cfg.ntables; t++)
        for (size_t i = 0; i < op->sort[t].n; i++)   /* release_sorted keeps arrival order */
            fn(ctx, t, &op->sort[t].rows[i], op->cfg.tables[t].row_type);
}

const type_t *ptf_op_table_type(const ptf_op_t *op, int t)
{
    return t >= 0 && t < op->cfg.ntables ? op->cfg.tables[t].row_type : NULL;
}

/* The watermark of input i (WM_END once it ended). */
static int64_t input_watermark(const ptf_op_t *op, int i) { return op->wm.parts[i].watermark; }
uint64_t ptf_op_batches(const ptf_op_t *op) { return op->batches; }

void ptf_op_describe_memory(const ptf_op_t *op, char *out, size_t outlen)
{
    state_memory_t m;
    state_memory(op->state, &m);
    size_t own = op->cap_key_table * sizeof *op->key_table;
    snprintf(out, outlen, "state of '%s': %u keys, %zu values; bytes: index %zu, keys %zu (of which key bytes %zu), "
             "value slots %zu, large values %zu, TTL times %zu, operator per key %zu; total %zu bytes",
             op->cfg.function_name, op->state->nkeys, state_count(op->state), m.index, m.keys, m.key_bytes, m.slots,
             m.heap_values, m.ttl, own, m.total + own);
    size_t at = strlen(out);
    if (op->cfg.hold_state && at < outlen)
        snprintf(out + at, outlen - at, "; %llu values written back from Java",
                 (unsigned long long)op->written_back);
}

/* ---- keys ------------------------------------------------------------------ */

static bool has_keyed_state(const ptf_op_t *op)
{
    for (int i = 0; i < op->cfg.ntables; i++)
        if (op->cfg.tables[i].set_semantics) return true;
    return false;
}

void ptf_op_encode_key(const ptf_op_table_t *tab, const row_t *row, buf_t *b)
{
    for (int k = 0; k < tab->nkeys; k++) {
        int c = tab->key_cols[k];
        char err[256];
        if (codec_encode_value(b, &row->fields[c], tab->row_type->fields[c].type, err, sizeof err) != 0)
            buf_put_u8(b, 0xFF);   /* unencodable keys were rejected when the row was decoded */
    }
}

/* The id of the key with these bytes, the key of a row of table t (a new
 * key remembers t when the tables' key types encode differently). */
static uint32_t intern_key(ptf_op_t *op, int t, const unsigned char *bytes, size_t len, uint64_t hash)
{
    uint32_t before = op->state->nkeys;
    uint32_t id = state_key_id_hashed(op->state, bytes, len, hash);
    if (id < before || !op->keys_remember_table) return id;
    if (id >= op->cap_key_table) {
        uint32_t cap = op->cap_key_table ? op->cap_key_table * 2 : 64;
        while (cap <= id) cap *= 2;
        op->key_table = xrealloc(op->key_table, cap * sizeof *op->key_table);
        op->cap_key_table = cap;
    }
    op->key_table[id] = (uint16_t)t;
    return id;
}

/* The PARTITION BY values of key id, decoded from its bytes into a; false for
 * a record without a key and for the global key (which has no values). */
static bool key_row(const ptf_op_t *op, uint32_t id, arena_t *a, row_t *out)
{
    if (id == NO_SLOT || id == KEY_UNRESOLVED || id == op->global_key || op->key_types_table < 0) return false;
    const ptf_op_table_t *tab = &op->cfg.tables[op->keys_remember_table ? op->key_table[id] : op->key_types_table];
    size_t len, at = 0;
    const unsigned char *b = state_key_bytes(op->state, id, &len);
    *out = (row_t){ROW_INSERT, (uint32_t)tab->nkeys, arena_calloc(a, (size_t)tab->nkeys + 1, sizeof(value_t))};
    for (int k = 0; k < tab->nkeys; k++) {
        size_t used = 0;
        char err[256];   /* the bytes were encoded from these types: decoding cannot fail */
        if (codec_decode_value(b + at, len - at, &used, tab->row_type->fields[tab->key_cols[k]].type, a,
                               &out->fields[k], err, sizeof err) != 0)
            out->fields[k] = value_null();
        at += used;
    }
    return true;
}

/* The PARTITION BY values of a keyless operator's input row, for messages. */
static bool own_key_row(const ptf_op_t *op, const pending_t *p, arena_t *a, row_t *out)
{
    if (!op->keyless || p->type != REC_EVAL || p->table < 0) return false;
    const ptf_op_table_t *tab = &op->cfg.tables[p->table];
    if (!tab->set_semantics || tab->nkeys == 0) return false;
    *out = (row_t){ROW_INSERT, (uint32_t)tab->nkeys, arena_calloc(a, (size_t)tab->nkeys, sizeof(value_t))};
    for (int k = 0; k < tab->nkeys; k++) out->fields[k] = p->row.fields[tab->key_cols[k]];
    return true;
}

/* Key id of a row of table t: its PARTITION BY values, or the global key. */
static uint32_t key_of(ptf_op_t *op, int t, const row_t *row)
{
    const ptf_op_table_t *tab = &op->cfg.tables[t];
    if (!tab->set_semantics) return NO_SLOT;
    if (tab->nkeys == 0) return op->global_key;
    buf_clear(&op->keybuf);
    ptf_op_encode_key(tab, row, &op->keybuf);
    return intern_key(op, t, op->keybuf.data, op->keybuf.len, state_key_hash(op->keybuf.data, op->keybuf.len));
}

/* Encodes the keys of the pending rows that need one into keybuf, with their
 * hashes; each hash slot is prefetched. */
static void encode_pending_keys(ptf_op_t *op)
{
    buf_clear(&op->keybuf);
    if (op->cap_key_ends < op->npending) {
        op->cap_key_ends = op->npending;
        op->key_ends = xrealloc(op->key_ends, op->cap_key_ends * sizeof *op->key_ends);
        op->key_hashes = xrealloc(op->key_hashes, op->cap_key_ends * sizeof *op->key_hashes);
    }
    for (size_t i = 0; i < op->npending; i++) {
        const pending_t *p = &op->pending[i];
        size_t from = op->keybuf.len;
        if (p->key == KEY_UNRESOLVED) ptf_op_encode_key(&op->cfg.tables[p->table], &p->row, &op->keybuf);
        op->key_ends[i] = op->keybuf.len;
        if (p->key != KEY_UNRESOLVED) continue;
        op->key_hashes[i] = state_key_hash(op->keybuf.data + from, op->keybuf.len - from);
        state_key_prefetch(op->state, op->key_hashes[i], STATE_PREFETCH_SLOT);
    }
}

static void prefetch_pending_keys(ptf_op_t *op, state_prefetch_stage_t stage)
{
    for (size_t i = 0; i < op->npending; i++)
        if (op->pending[i].key == KEY_UNRESOLVED) state_key_prefetch(op->state, op->key_hashes[i], stage);
}

/* Interns the keys of the pending input rows (KEY_UNRESOLVED) in their order,
 * in passes so that the cache misses of many keys overlap instead of
 * queueing (state.h): encode each key and prefetch its hash slot, then the
 * stored key that slot names, then look them up (prefetching their state for
 * the key table). */
static void resolve_keys(ptf_op_t *op)
{
    if (op->keyless) return;   /* no record has a key to resolve */
    encode_pending_keys(op);
    prefetch_pending_keys(op, STATE_PREFETCH_POINTER);
    prefetch_pending_keys(op, STATE_PREFETCH_BYTES);
    for (size_t i = 0, from = 0; i < op->npending; from = op->key_ends[i++]) {
        pending_t *p = &op->pending[i];
        if (p->key != KEY_UNRESOLVED) continue;
        p->key = intern_key(op, p->table, op->keybuf.data + from, op->key_ends[i] - from, op->key_hashes[i]);
        state_prefetch(op->state, p->key);
    }
}

/* C writes key id's values itself: what Java holds of them is out of date.
 * Java uses a held object only where a batch cell says so, so the bits
 * are all there is to clear (the object is replaced or stays unused). */
static void forget_held(ptf_op_t *op, uint32_t id)
{
    if (id < op->cap_held) op->held[id] &= HELD_LISTED;
}

/* The key id of PARTITION BY values given as a row of the key columns. */
static int seed_key(ptf_op_t *op, const row_t *key, uint32_t *id, char *err, size_t errlen)
{
    if (op->cfg.ntables == 0 || !op->cfg.tables[0].set_semantics) {
        snprintf(err, errlen, "function '%s' has no keyed state (no set-semantic table argument)",
                 op->cfg.function_name);
        return -1;
    }
    const ptf_op_table_t *tab = &op->cfg.tables[0];
    if (tab->nkeys == 0) {
        *id = op->global_key;
        return 0;
    }
    if ((int)key->n != tab->nkeys) {
        snprintf(err, errlen, "function '%s' is keyed by %d column(s), the seeded key has %u", op->cfg.function_name,
                 tab->nkeys, key->n);
        return -1;
    }
    /* key_of reads the key columns from an input row: build one */
    row_t full = {ROW_INSERT, (uint32_t)tab->row_type->nfields,
                  arena_calloc(&op->seed_arena, (size_t)tab->row_type->nfields + 1, sizeof(value_t))};
    for (int i = 0; i < tab->row_type->nfields; i++) full.fields[i] = value_null();
    for (int k = 0; k < tab->nkeys; k++) full.fields[tab->key_cols[k]] = key->fields[k];
    *id = key_of(op, 0, &full);
    arena_reset(&op->seed_arena);
    return 0;
}

int ptf_op_seed_state(ptf_op_t *op, const row_t *key, int entry, const void *bytes, size_t len, char *err,
                      size_t errlen)
{
    uint32_t id;
    if (entry < 0 || entry >= op->cfg.sig->nstate) {
        snprintf(err, errlen, "function '%s' has no state entry #%d", op->cfg.function_name, entry);
        return -1;
    }
    if (seed_key(op, key, &id, err, errlen) != 0) return -1;
    forget_held(op, id);
    state_put(op->state, id, entry, bytes, len, op->now_ms);
    return 0;
}

int ptf_op_seed_timer(ptf_op_t *op, const row_t *key, const char *name, int64_t time, char *err, size_t errlen)
{
    uint32_t id;
    if (seed_key(op, key, &id, err, errlen) != 0) return -1;
    timer_set(&op->timers, id, name, time);
    return 0;
}

void ptf_op_encode_table_key(const ptf_op_t *op, int table, const row_t *row, buf_t *b)
{
    ptf_op_encode_key(&op->cfg.tables[table], row, b);
}

void ptf_op_drop_key(ptf_op_t *op, const void *key, size_t len)
{
    uint32_t id = state_key_id(op->state, key, len);
    forget_held(op, id);
    for (int e = 0; e < op->cfg.sig->nstate; e++) state_clear(op->state, id, e);
    timer_clear_all(&op->timers, id);
}

/* ---- pending records -------------------------------------------------------- */

static pending_t *push_pending(ptf_op_t *op)
{
    if (op->npending == op->cap_pending) {
        op->cap_pending = op->cap_pending ? op->cap_pending * 2 : 256;
        op->pending = xrealloc(op->pending, op->cap_pending * sizeof *op->pending);
    }
    pending_t *p = &op->pending[op->npending++];
    memset(p, 0, sizeof *p);
    p->table = -1;
    p->key = NO_SLOT;
    p->tag = op->tag;
    return p;
}

static int64_t row_time(const ptf_op_t *op, int t, const row_t *row)
{
    if (t < 0) return WATERMARK_NONE;
    int c = op->cfg.tables[t].time_col;
    if (c < 0 || row->fields[c].is_null) return WATERMARK_NONE;
    return row->fields[c].u.ts.millis;
}

/* ---- encoding a batch -------------------------------------------------------- */

static uint32_t key_slots_home(const key_slots_t *m, uint32_t key)
{
    return (uint32_t)(((uint64_t)key * 0x9E3779B97F4A7C15ULL) >> 32) & (m->cap - 1);
}

/* The slot of key in the batch, or NO_SLOT. */
static uint32_t key_slots_get(const key_slots_t *m, uint32_t key)
{
    if (!m->cap) return NO_SLOT;
    for (uint32_t i = key_slots_home(m, key); m->e[i]; i = (i + 1) & (m->cap - 1))
        if ((uint32_t)(m->e[i] >> 32) == key + 1) return (uint32_t)m->e[i];
    return NO_SLOT;
}

static void key_slots_insert(key_slots_t *m, uint32_t key, uint32_t slot)
{
    uint32_t i = key_slots_home(m, key);
    while (m->e[i]) i = (i + 1) & (m->cap - 1);
    m->e[i] = (uint64_t)(key + 1) << 32 | slot;
    m->at[m->n++] = i;
}

/* A map of cap entries (none yet). */
static void key_slots_alloc(key_slots_t *m, uint32_t cap)
{
    free(m->e);
    free(m->at);
    m->e = xcalloc(cap, sizeof *m->e);
    m->at = xcalloc(cap / 2, sizeof *m->at);
    m->cap = cap;
    m->n = 0;
}

/* Empties the map, with room for about `expect` keys. A map grown by an
 * earlier, bigger batch is emptied entry by entry when it holds few, so a
 * run of small batches (timers firing one key at a time) does not clear
 * the whole table each time. */
static void key_slots_clear(key_slots_t *m, size_t expect)
{
    uint32_t cap = 64;
    while (cap < 2 * expect) cap *= 2;
    if (cap > m->cap) {
        key_slots_alloc(m, cap);
        return;
    }
    if (m->n < m->cap / 16)
        for (uint32_t j = 0; j < m->n; j++) m->e[m->at[j]] = 0;
    else
        memset(m->e, 0, m->cap * sizeof *m->e);
    m->n = 0;
}

static void key_slots_put(key_slots_t *m, uint32_t key, uint32_t slot)
{
    if (2 * (m->n + 1) > m->cap) {   /* more keys than expected: rehash into twice the room */
        key_slots_t old = *m;
        m->e = NULL;
        m->at = NULL;
        key_slots_alloc(m, old.cap * 2);
        for (uint32_t i = 0; i < old.cap; i++)
            if (old.e[i]) key_slots_insert(m, (uint32_t)(old.e[i] >> 32) - 1, (uint32_t)old.e[i]);
        free(old.e);
        free(old.at);
    }
    key_slots_insert(m, key, slot);
}

static uint32_t slot_for(ptf_op_t *op, uint32_t key)
{
    if (key == NO_SLOT) return BATCH_NO_KEY;
    uint32_t slot = key_slots_get(&op->batch_slots, key);
    if (slot != NO_SLOT) return slot;
    if (op->nslots == op->cap_slot_keys) {
        op->cap_slot_keys = op->cap_slot_keys ? op->cap_slot_keys * 2 : 256;
        op->slot_keys = xrealloc(op->slot_keys, op->cap_slot_keys * sizeof *op->slot_keys);
    }
    key_slots_put(&op->batch_slots, key, op->nslots);
    op->slot_keys[op->nslots] = key;
    return op->nslots++;
}

/* A new batch of about `records` records: forget the previous batch's slots. */
static void new_batch_slots(ptf_op_t *op, size_t records)
{
    key_slots_clear(&op->batch_slots, records);
    op->nslots = 0;
}

/* The key table: each slot's state entries as the store holds them now. */
static void encode_key_table(ptf_op_t *op)
{
    for (uint32_t s = 0; s < op->nslots; s++) {
        uint32_t key = op->slot_keys[s];
        uint8_t held = key < op->cap_held ? op->held[key] : 0;
        for (int e = 0; e < op->cfg.sig->nstate; e++) {
            bool holdable = e < HELD_ENTRIES && (op->holdable >> e & 1);
            if (holdable && (held >> e & 1)) {
                batch_put_holdable_state(&op->in, key, true, NULL, 0);
                continue;
            }
            const state_value_t *v = state_get(op->state, key, e, op->now_ms);
            if (holdable) batch_put_holdable_state(&op->in, key, false, v ? v->data : NULL, v ? v->len : 0);
            else batch_put_state(&op->in, v ? v->data : NULL, v ? v->len : 0);
        }
    }
}

static int encode_record(ptf_op_t *op, const pending_t *p, uint32_t slot, char *err, size_t errlen)
{
    buf_t *b = &op->in;
    if (p->type == REC_WATERMARK) {
        batch_put_watermark(b, p->watermark);
        return 0;
    }
    if (p->type == REC_TIMER) return batch_put_timer(b, slot, p->time, p->watermark, p->timer_name, err, errlen);
    batch_eval_t e = {slot, p->table < 0 ? BATCH_NO_TABLE : (uint16_t)p->table, p->row.kind, p->watermark,
                      p->table_watermark, p->time};
    size_t mark = batch_put_eval(b, &e);
    if (p->table >= 0 && codec_encode_row(b, &p->row, op->cfg.tables[p->table].row_type, err, errlen) != 0)
        return -1;
    batch_end_row(b, mark);
    return 0;
}

/* Encodes pending[from, to) into op->in: slots first (the header counts them). */
static int encode_batch(ptf_op_t *op, size_t from, size_t to, char *err, size_t errlen)
{
    new_batch_slots(op, to - from);
    uint32_t *slots = xrealloc(NULL, sizeof(uint32_t) * (to - from + 1));
    for (size_t i = from; i < to; i++) {
        uint32_t key = op->pending[i].key;
        slots[i - from] = key == NO_SLOT ? BATCH_NO_KEY : slot_for(op, key);
    }
    batch_begin(&op->in, op->nslots, (uint32_t)(to - from));
    encode_key_table(op);
    int rc = 0;
    for (size_t i = from; rc == 0 && i < to; i++) rc = encode_record(op, &op->pending[i], slots[i - from], err, errlen);
    free(slots);
    return rc;
}

static int invoke(ptf_op_t *op, size_t from, char *err, size_t errlen);

/* ---- applying the answer -------------------------------------------------------- */

static void describe_row(ptf_op_t *op, const pending_t *p, char *out, size_t outlen);

/* Column c of the current key: an input row carries its own, a timer's is
 * decoded from the key's bytes (key_row). */
static const value_t *key_value(const ptf_op_t *op, const pending_t *p, const row_t *key, uint32_t c)
{
    if (p->type == REC_EVAL && p->table >= 0 && op->cfg.tables[p->table].set_semantics) {
        const ptf_op_table_t *tab = &op->cfg.tables[p->table];
        if ((int)c < tab->nkeys) return &p->row.fields[tab->key_cols[c]];
    }
    return key && key->fields && c < key->n ? &key->fields[c] : NULL;
}

/* Builds and emits one output row for OUT of record p (plan_output says
 * where its columns come from). */
static int emit_out(ptf_op_t *op, const pending_t *p, row_kind_t kind, const unsigned char *data, size_t len,
                    char *err, size_t errlen)
{
    if (op->out_arena_used) arena_reset(&op->out_arena);
    op->out_arena_used = op->fields_allocate;
    row_t r = {kind, (uint32_t)op->cfg.output_type->nfields, op->out_fields};
    row_kind_t fn_kind;
    size_t used;
    if (op->out_values != r.n) {
        snprintf(err, errlen, "internal: output row of %s has %u values for %u columns", op->cfg.function_name,
                 op->out_values, r.n);
        return -1;
    }
    if (codec_decode_row_into(data, len, &used, op->fn_out_type, &op->out_arena, &fn_kind, r.fields + op->fields_at,
                              err, errlen) != 0)
        return -1;
    /* Every table's key part gets the current key (Flink writes the current
     * row's key into each co-partitioned table's columns). */
    row_t key_values;
    const row_t *key = NULL;
    bool own_key = p->type == REC_EVAL && p->table >= 0;   /* key_value reads the input row */
    for (int i = 0; i < op->nout_runs; i++) {
        const out_run_t *run = &op->out_runs[i];
        value_t *v = r.fields + run->at;
        switch (run->source) {
        case LAYOUT_PASS_THROUGH:   /* only one table passes through; a timer row has no input row */
            for (uint32_t c = 0; c < run->n; c++) v[c] = p->type == REC_EVAL ? p->row.fields[c] : value_null();
            break;
        case LAYOUT_KEYS:
            if (!own_key && !key && key_row(op, p->key, &op->out_arena, &key_values)) {
                key = &key_values;
                op->out_arena_used = true;
            }
            for (uint32_t c = 0; c < run->n; c++) {
                const value_t *k = key_value(op, p, key, c);
                v[c] = k ? *k : value_null();
            }
            break;
        case LAYOUT_FIELDS: memcpy(v, r.fields + op->fields_at, run->n * sizeof *v); break;
        case LAYOUT_ROWTIME:   /* a timer's time is always present, even at INT64_MIN (Flink) */
            for (uint32_t c = 0; c < run->n; c++)
                v[c] = p->type == REC_TIMER || p->time != WATERMARK_NONE ? (value_t){.u.ts = {p->time, 0}}
                                                                         : value_null();
            break;
        }
    }
    op->emit(op->emit_ctx, &r);
    return 0;
}

/* TIMER_SET of record p. Flink <= 2.2 ignores a timer at or before the
 * watermark the registering call saw, and registering a named one that way
 * deletes the timer of that name; 2.3 fires it at the next advance. */
static void apply_timer_set(ptf_op_t *op, const pending_t *p, const batch_msg_t *m)
{
    uint32_t key = op->slot_keys[m->key_slot];
    bool past = p->watermark != WATERMARK_NONE && m->time <= p->watermark;
    if (op->cfg.drop_late_rows && past) {
        if (m->name) timer_clear_named(&op->timers, key, m->name);
        return;
    }
    timer_set(&op->timers, key, m->name, m->time);
}

static void apply_timer_clear(ptf_op_t *op, const batch_msg_t *m)
{
    uint32_t key = op->slot_keys[m->key_slot];
    if (m->name) timer_clear_named(&op->timers, key, m->name);
    else timer_clear_unnamed(&op->timers, key, m->time);
}

/* STATE: the entry's final value after the batch. */
static void describe_row(ptf_op_t *op, const pending_t *p, char *out, size_t outlen);

/* HELD: Java keeps entry m->entry of the slot's key; the store's bytes of it are stale from now on. */
static int apply_held(ptf_op_t *op, const batch_msg_t *m, char *err, size_t errlen)
{
    uint32_t key = op->slot_keys[m->key_slot];
    if (m->entry >= HELD_ENTRIES || !(op->holdable >> m->entry & 1)) {
        snprintf(err, errlen, "internal: the bridge holds state entry %u of %s, which C did not let it hold",
                 m->entry, op->cfg.function_name);
        return -1;
    }
    if (key >= op->cap_held) {
        uint32_t cap = op->cap_held ? op->cap_held : 1024;
        while (cap <= key) cap *= 2;
        op->held = xrealloc(op->held, cap);
        memset(op->held + op->cap_held, 0, cap - op->cap_held);
        op->cap_held = cap;
    }
    op->held[key] |= (uint8_t)(1u << m->entry);
    if (!(op->held[key] & HELD_LISTED)) {
        if (op->nheld_keys == op->cap_held_keys) {
            op->cap_held_keys = op->cap_held_keys ? op->cap_held_keys * 2 : 1024;
            op->held_keys = xrealloc(op->held_keys, op->cap_held_keys * sizeof *op->held_keys);
        }
        op->held_keys[op->nheld_keys++] = key;
        op->held[key] |= HELD_LISTED;
    }
    return 0;
}

/* A STATE message; -1 when it takes the call's state past the cap. */
static int apply_state(ptf_op_t *op, const batch_msg_t *m, char *err, size_t errlen)
{
    uint32_t key = op->slot_keys[m->key_slot];
    if (key < op->cap_held && m->entry < HELD_ENTRIES) op->held[key] &= (uint8_t)~(1u << m->entry);
    if (m->present) state_put(op->state, key, m->entry, m->data, m->len, op->now_ms);
    else state_clear(op->state, key, m->entry);
    uint64_t cap = op->cfg.state_max_bytes;
    if (!cap || op->state->value_bytes <= cap) return 0;
    snprintf(err, errlen, "function '%s' holds %zu bytes of state after writing %u bytes to state entry '%s', "
             "more than the %llu bytes 'ptfhost.state.max-bytes-per-call' allows",
             op->cfg.function_name, op->state->value_bytes, (unsigned)m->len, op->cfg.sig->state[m->entry].name,
             (unsigned long long)cap);
    return -1;
}

static const ptf_op_table_t *ordered(const ptf_op_t *op, int table);
static int64_t order_time(const ptf_op_table_t *tab, const row_t *r);

static void set_origin(ptf_op_t *op, const pending_t *p)
{
    const ptf_op_table_t *tab = p->type == REC_EVAL ? ordered(op, p->table) : NULL;
    ptf_op_origin_t o = {p->tag, PTF_ORIGIN_EVAL, tab ? order_time(tab, &p->row) : 0, p->arrival};
    if (p->type == REC_TIMER) {
        o.kind = p->timer_name ? PTF_ORIGIN_NAMED_TIMER : PTF_ORIGIN_TIMER;
        o.time = p->time;
    }
    op->origin = o;
    op->origin_key = p->key;
}

/* ERROR of record p: the run fails with the function, the record and Java's text. */
static int report_error(ptf_op_t *op, const pending_t *p, const batch_msg_t *m, char *err, size_t errlen)
{
    set_origin(op, p);
    char where[1024];
    describe_row(op, p, where, sizeof where);
    snprintf(err, errlen, "function '%s' failed %s:\n%.*s", op->cfg.function_name, where, (int)m->len,
             (const char *)m->data);
    return -1;
}

/* Applies Java's answer (op->out) for pending[from, to) in message order.
 * Returns the records consumed, or -1. */
static long apply_answer(ptf_op_t *op, size_t from, size_t to, char *err, size_t errlen)
{
    batch_shape_t shape = {op->nslots, (uint32_t)(to - from), (uint32_t)op->cfg.sig->nstate};
    char why[512];
    if (batch_decode_answer(op->out.data, op->out.len, &shape, &op->answer, why, sizeof why) != 0) {
        snprintf(err, errlen, "internal: malformed answer from the bridge for a batch of %s: %s",
                 op->cfg.function_name, why);
        return -1;
    }
    const pending_t *batch = &op->pending[from];
    for (size_t i = 0; i < op->answer.n; i++) {
        const batch_msg_t *m = &op->answer.msgs[i];
        switch (m->type) {
        case BATCH_MSG_OUT:
            set_origin(op, &batch[m->record]);
            if (emit_out(op, &batch[m->record], m->kind, m->data, m->len, err, errlen) != 0) return -1;
            break;
        case BATCH_MSG_TIMER_SET: apply_timer_set(op, &batch[m->record], m); break;
        case BATCH_MSG_TIMER_CLEAR: apply_timer_clear(op, m); break;
        case BATCH_MSG_TIMERS_CLEAR_ALL: timer_clear_all(&op->timers, op->slot_keys[m->key_slot]); break;
        case BATCH_MSG_STATE:
            if (apply_state(op, m, err, errlen) != 0) return -1;
            break;
        case BATCH_MSG_HELD:
            if (apply_held(op, m, err, errlen) != 0) return -1;
            break;
        case BATCH_MSG_ERROR: return report_error(op, &batch[m->record], m, err, errlen);
        case BATCH_MSG_END: return (long)m->consumed;
        }
    }
    return -1;   /* not reached: a decoded answer ends with END */
}

/* ---- values Java holds ------------------------------------------------------------ */

/* One batch of the held keys and a WRITEBACK record: Java answers with a
 * STATE message per held value and lets go of them all. */
int ptf_op_write_back(ptf_op_t *op, char *err, size_t errlen)
{
    if (op->nheld_keys == 0) return 0;
    new_batch_slots(op, op->nheld_keys);
    for (uint32_t i = 0; i < op->nheld_keys; i++) {
        uint32_t key = op->held_keys[i];
        op->held[key] &= (uint8_t)~HELD_LISTED;
        if (op->held[key]) slot_for(op, key);
    }
    op->nheld_keys = 0;
    if (op->nslots == 0) return 0;
    batch_begin(&op->in, op->nslots, 1);
    encode_key_table(op);
    batch_put_writeback(&op->in);
    if (invoke(op, op->npending, err, errlen) != 0) return -1;
    batch_shape_t shape = {op->nslots, 1, (uint32_t)op->cfg.sig->nstate};
    char why[512];
    if (batch_decode_answer(op->out.data, op->out.len, &shape, &op->answer, why, sizeof why) != 0) {
        snprintf(err, errlen, "internal: malformed answer from the bridge for a write-back of %s: %s",
                 op->cfg.function_name, why);
        return -1;
    }
    for (size_t i = 0; i < op->answer.n; i++) {
        const batch_msg_t *m = &op->answer.msgs[i];
        if (m->type == BATCH_MSG_END) break;
        if (m->type != BATCH_MSG_STATE) {
            snprintf(err, errlen, "internal: the bridge answered a write-back of %s with %s",
                     op->cfg.function_name, batch_msg_name(m->type));
            return -1;
        }
        if (apply_state(op, m, err, errlen) != 0) return -1;
        op->written_back++;
    }
    for (uint32_t s = 0; s < op->nslots; s++)
        if (op->held[op->slot_keys[s]]) {
            snprintf(err, errlen, "internal: the bridge did not write back every held value of %s",
                     op->cfg.function_name);
            return -1;
        }
    return 0;
}

/* ---- describing a record for error messages ------------------------------------ */

static const char *table_arg_name(const ptf_op_t *op, int table)
{
    for (int i = 0, t = 0; i < op->cfg.sig->nargs; i++)
        if (op->cfg.sig->args[i].kind == ARG_TABLE && t++ == table) return op->cfg.sig->args[i].name;
    return "?";
}

static void describe_row(ptf_op_t *op, const pending_t *p, char *out, size_t outlen)
{
    buf_t b = BUF_INIT;
    if (p->type == REC_TIMER) {
        buf_printf(&b, "in onTimer (timer %s%s%s at %" PRId64 ")", p->timer_name ? "'" : "",
                   p->timer_name ? p->timer_name : "unnamed", p->timer_name ? "'" : "", p->time);
    } else if (p->table >= 0) {
        buf_puts(&b, "in eval for input row ");
        render_row(&b, &p->row, op->cfg.tables[p->table].row_type);
        buf_printf(&b, " of table argument '%s'", table_arg_name(op, p->table));
    } else {
        buf_puts(&b, "in eval");
    }
    arena_t a;
    arena_init(&a, 0);
    row_t k;
    if (key_row(op, p->key, &a, &k) || own_key_row(op, p, &a, &k)) {
        buf_puts(&b, ", key ");
        const ptf_op_table_t *tab = &op->cfg.tables[p->table >= 0 ? p->table : 0];
        buf_putc(&b, '(');
        for (uint32_t i = 0; i < k.n; i++) {
            if (i) buf_puts(&b, ", ");
            render_value(&b, &k.fields[i], tab->row_type->fields[tab->key_cols[i]].type);
        }
        buf_putc(&b, ')');
    }
    arena_destroy(&a);
    snprintf(out, outlen, "%s", buf_cstr(&b));
    buf_free(&b);
}

/* The watchdog's view of the running batch (watchdog.h): its record, or the batch. */
static void describe_running(void *ctx, long record, char *out, size_t outlen)
{
    ptf_op_t *op = ctx;
    if (record >= 0 && op->batch_from + (size_t)record < op->npending)
        describe_row(op, &op->pending[op->batch_from + (size_t)record], out, outlen);
    else
        snprintf(out, outlen, "before the first call of its batch");
}

/* ---- the batch loop ----------------------------------------------------------- */

/* One call of the invoker for the batch encoded from pending[from], under the watchdog. */
static int invoke(ptf_op_t *op, size_t from, char *err, size_t errlen)
{
    buf_clear(&op->out);
    op->batches++;
    op->batch_from = from;
    watchdog_enter(op->cfg.watchdog, describe_running, op);
    int rc = op->inv.process(op->inv.ctx, &op->in, &op->out, err, errlen);
    if (watchdog_leave(op->cfg.watchdog, err, errlen) != 0) return -1;
    return rc;
}

static int fire_timers(ptf_op_t *op, int64_t wm, uint64_t tag, char *err, size_t errlen);

/* Puts the TIMER records pending[from..] back into the timer service, unfired:
 * Java stopped their batch after an onTimer call that registered a timer due
 * now, which may come before them (Flink fires every due timer of every key
 * from one queue, in time order). The batch's keys are distinct, so the
 * messages applied so far touched none of them. */
static void restore_timers(ptf_op_t *op, size_t from)
{
    for (size_t i = from; i < op->npending; i++) {
        const pending_t *p = &op->pending[i];
        timer_fired_t f = {p->key, p->time, p->timer_name, p->arrival};
        timer_restore(&op->timers, &f);
    }
    op->npending = from;
}

/* Sends pending[0, n) in batches. A batch ends before the first WATERMARK
 * record that makes a known timer due; Java ends it earlier when a timer it
 * registered in the batch becomes due. Either way the timers fire at that
 * watermark before the records after it are sent. */
static int send_pending(ptf_op_t *op, char *err, size_t errlen)
{
    resolve_keys(op);
    size_t from = 0;
    while (from < op->npending) {
        int64_t next = timer_next_time(&op->timers);
        size_t cut = op->npending;
        for (size_t i = from; i < op->npending; i++)
            if (op->pending[i].type == REC_WATERMARK && op->pending[i].watermark >= next) {
                cut = i;
                break;
            }
        if (cut > from) {
            if (encode_batch(op, from, cut, err, errlen) != 0) return -1;
            if (invoke(op, from, err, errlen) != 0) return -1;
            long consumed = apply_answer(op, from, cut, err, errlen);
            if (consumed < 0) return -1;
            if (op->nheld_keys > HELD_KEYS_MAX && ptf_op_write_back(op, err, errlen) != 0) return -1;
            from += (size_t)consumed;
        }
        if (from >= op->npending) break;
        const pending_t *w = &op->pending[from];
        if (w->type == REC_TIMER) {   /* a call registered a due timer: the rest wait for their turn */
            restore_timers(op, from);
            break;
        }
        if (w->type != REC_WATERMARK) {
            snprintf(err, errlen, "internal: the bridge stopped a batch of %s at a non-watermark record",
                     op->cfg.function_name);
            return -1;
        }
        int64_t at = w->watermark;
        uint64_t tag = w->tag;
        from++;
        if (fire_timers(op, at, tag, err, errlen) != 0) return -1;
    }
    op->npending = 0;
    return 0;
}

int ptf_op_flush(ptf_op_t *op, char *err, size_t errlen)
{
    if (op->npending == 0) return 0;
    int rc = send_pending(op, err, errlen);
    /* Rows of pending records live in the batch arena; timer firing nests
     * batches inside a flush, so only the outermost level may recycle it. */
    if (!op->firing) arena_reset(&op->batch_arena);
    return rc;
}

/* Whether the next due timer's key has no timer in the batch being built. */
static bool timer_peek_key_fresh(ptf_op_t *op, int64_t wm)
{
    uint32_t key;
    if (!timer_peek_due(&op->timers, wm, &key)) return false;
    return key_slots_get(&op->batch_slots, key) == NO_SLOT;
}

static void mark_key(ptf_op_t *op, uint32_t key)
{
    slot_for(op, key);   /* enters the key into this batch's slots */
}

/* Fires every timer due at watermark wm, in batches; timers registered while
 * firing that are due fire in the same loop (Flink 2.3). Their records carry
 * tag, the tag of the advance that made them due. */
static int fire_timers(ptf_op_t *op, int64_t wm, uint64_t tag, char *err, size_t errlen)
{
    if (op->firing) return 0;
    op->firing = true;
    int rc = 0;
    for (;;) {
        pending_t *saved = op->pending;
        size_t saved_n = op->npending, saved_cap = op->cap_pending;
        op->pending = NULL;
        op->npending = op->cap_pending = 0;
        timer_fired_t f;
        /* An onTimer call may clear or replace its key's other timers, so a
         * batch holds at most one timer per key. */
        new_batch_slots(op, 0);   /* grows with the timers' keys */
        while ((int)op->npending < op->cfg.batch_rows && timer_peek_key_fresh(op, wm) &&
               timer_pop_due(&op->timers, wm, &f)) {
            mark_key(op, f.key);
            pending_t *p = push_pending(op);
            p->type = REC_TIMER;
            p->tag = tag;
            p->key = f.key;
            p->time = f.time;
            p->watermark = wm;
            p->table_watermark = WATERMARK_NONE;
            p->timer_name = f.name ? arena_strdup(&op->batch_arena, f.name) : NULL;
            p->arrival = f.seq;
        }
        size_t fired = op->npending;
        if (fired) rc = send_pending(op, err, errlen);
        free(op->pending);
        op->pending = saved;
        op->npending = saved_n;
        op->cap_pending = saved_cap;
        if (rc != 0 || fired == 0) break;
    }
    op->firing = false;
    return rc;
}

/* Queues the EVAL record of a row pushed when the tag `arrival` was current;
 * a row that outlives the batch (`borrowed`) is not copied. */
static int push_now(ptf_op_t *op, int table, const row_t *row, uint64_t arrival, bool borrowed, char *err,
                    size_t errlen)
{
    int64_t t = row ? row_time(op, table, row) : WATERMARK_NONE;
    int64_t wm = wm_combiner_get(&op->wm);
    if (op->cfg.drop_late_rows && t != WATERMARK_NONE && wm != WATERMARK_NONE && t <= wm)
        return 0;   /* Flink <= 2.2 drops late rows before eval */
    pending_t *p = push_pending(op);
    p->type = REC_EVAL;
    p->table = table;
    p->arrival = arrival;
    if (row) {
        p->row = *row;
        if (!borrowed) {   /* the caller's row lives until we return: the batch keeps a copy */
            if (op->flat_tables[table])
                p->row.fields = arena_memdup(&op->batch_arena, row->fields, row->n * sizeof *row->fields);
            else
                p->row = row_copy(row, op->cfg.tables[table].row_type, &op->batch_arena);
        }
        const ptf_op_table_t *tab = &op->cfg.tables[table];
        p->key = !tab->set_semantics || op->keyless ? NO_SLOT : tab->nkeys == 0 ? op->global_key : KEY_UNRESOLVED;
        p->table_watermark = input_watermark(op, table);
    } else {
        p->row.kind = ROW_INSERT;
        p->key = has_keyed_state(op) && !op->keyless ? op->global_key : NO_SLOT;
        p->table_watermark = WATERMARK_NONE;
    }
    p->watermark = wm;
    p->time = t;
    if ((int)op->npending >= op->cfg.batch_rows) return ptf_op_flush(op, err, errlen);
    return 0;
}

/* ---- ORDER BY: rows wait for their input's watermark ---------------------------- */

static const ptf_op_table_t *ordered(const ptf_op_t *op, int table)
{
    return table >= 0 && table < op->cfg.ntables && op->cfg.tables[table].norder > 0 ? &op->cfg.tables[table] : NULL;
}

static int64_t order_time(const ptf_op_table_t *tab, const row_t *r)
{
    const value_t *v = &r->fields[tab->order_cols[0]];
    return v->is_null ? INT64_MIN : v->u.ts.millis;
}

/* What cmp_buffered compares by: qsort_r's argument, since workers and the cases of
 * `ptfhost test` sort on several threads at once. */
typedef struct {
    const ptf_op_table_t *tab;
    const row_t *rows;
    const uint64_t *seq;
} sort_by_t;

static int cmp_buffered(const void *pa, const void *pb, void *arg)
{
    const sort_by_t *s = arg;
    size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
    const row_t *x = &s->rows[a], *y = &s->rows[b];
    int64_t tx = order_time(s->tab, x), ty = order_time(s->tab, y);
    if (tx != ty) return tx < ty ? -1 : 1;
    for (int k = 1; k < s->tab->norder; k++) {
        int c = s->tab->order_cols[k];
        int r = value_compare(&x->fields[c], &y->fields[c], s->tab->row_type->fields[c].type);
        if (r) return s->tab->order_desc[k] ? -r : r;
    }
    return s->seq[a] < s->seq[b] ? -1 : s->seq[a] > s->seq[b];   /* stable */
}

/* Releases the rows of table t with time <= wm, sorted, before wm is visible. */
static int release_sorted(ptf_op_t *op, int t, int64_t wm, char *err, size_t errlen)
{
    struct sort_buffer *sb = &op->sort[t];
    const ptf_op_table_t *tab = &op->cfg.tables[t];
    size_t *due = xrealloc(NULL, sizeof(size_t) * (sb->n + 1));
    size_t ndue = 0;
    for (size_t i = 0; i < sb->n; i++)
        if (order_time(tab, &sb->rows[i]) <= wm) due[ndue++] = i;
    if (ndue == 0) {
        free(due);
        return 0;
    }
    sort_by_t by = {tab, sb->rows, sb->seq};
    qsort_r(due, ndue, sizeof *due, cmp_buffered, &by);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < ndue; i++)
        rc = push_now(op, t, &sb->rows[due[i]], sb->tags[due[i]], false, err, errlen);
    /* keep the rest (push_now copied what it sent) */
    size_t keep = 0;
    for (size_t i = 0; i < sb->n; i++)
        if (order_time(tab, &sb->rows[i]) > wm) {
            sb->rows[keep] = sb->rows[i];
            sb->tags[keep] = sb->tags[i];
            sb->seq[keep++] = sb->seq[i];
        }
    sb->n = keep;
    free(due);
    if (sb->n == 0) arena_reset(&sb->arena);
    return rc;
}

int ptf_op_push(ptf_op_t *op, int table, const row_t *row, char *err, size_t errlen)
{
    const ptf_op_table_t *tab = row ? ordered(op, table) : NULL;
    if (!tab) return push_now(op, table, row, op->tag, op->cfg.rows_until_flush, err, errlen);
    int64_t t = order_time(tab, row);
    int64_t input_wm = input_watermark(op, table);
    if (input_wm != WATERMARK_NONE && t <= input_wm) return 0;   /* late: dropped */
    struct sort_buffer *sb = &op->sort[table];
    if (sb->n == sb->cap) {
        sb->cap = sb->cap ? sb->cap * 2 : 64;
        sb->rows = xrealloc(sb->rows, sb->cap * sizeof *sb->rows);
        sb->seq = xrealloc(sb->seq, sb->cap * sizeof *sb->seq);
        sb->tags = xrealloc(sb->tags, sb->cap * sizeof *sb->tags);
    }
    sb->tags[sb->n] = op->tag;
    sb->rows[sb->n] = row_copy(row, tab->row_type, &sb->arena);
    sb->seq[sb->n++] = sb->next_seq++;
    return 0;
}

/* The combined watermark advanced to w: what it makes visible, in Flink's order. */
static int advance(ptf_op_t *op, int64_t w, char *err, size_t errlen)
{
    if (op->cfg.on_watermark) {
        /* downstream sees the watermark only after everything it covers */
        if (ptf_op_flush(op, err, errlen) != 0 || fire_timers(op, w, op->tag, err, errlen) != 0) return -1;
        op->cfg.on_watermark(op->cfg.on_watermark_ctx, w);
        return 0;
    }
    if (timer_next_time(&op->timers) <= w) {
        /* a known timer is due: everything before the advance goes first */
        if (ptf_op_flush(op, err, errlen) != 0) return -1;
        return fire_timers(op, w, op->tag, err, errlen);
    }
    if (op->npending) {
        pending_t *p = push_pending(op);
        p->type = REC_WATERMARK;
        p->watermark = w;
    }
    if (w == INT64_MAX) {
        if (ptf_op_flush(op, err, errlen) != 0) return -1;
        return fire_timers(op, w, op->tag, err, errlen);
    }
    return 0;
}

/* Input i's watermark is wm (an ended input: WM_END); advances the combination. */
static int set_input_watermark(ptf_op_t *op, int i, int64_t wm, char *err, size_t errlen)
{
    if (!wm_combiner_set_watermark(&op->wm, (uint32_t)i, wm)) return 0;
    return advance(op, wm_combiner_get(&op->wm), err, errlen);
}

int ptf_op_watermark(ptf_op_t *op, int table, int64_t wm, char *err, size_t errlen)
{
    int i = table < 0 ? 0 : table;
    if (wm <= input_watermark(op, i)) return 0;
    if (ordered(op, table) && release_sorted(op, table, wm, err, errlen) != 0) return -1;
    return set_input_watermark(op, i, wm, err, errlen);
}

int ptf_op_input_idle(ptf_op_t *op, int table, bool idle, char *err, size_t errlen)
{
    if (!wm_combiner_set_idle(&op->wm, (uint32_t)(table < 0 ? 0 : table), idle)) return 0;
    return advance(op, wm_combiner_get(&op->wm), err, errlen);
}

int ptf_op_end_input(ptf_op_t *op, int table, char *err, size_t errlen)
{
    if (ordered(op, table) && release_sorted(op, table, WM_END, err, errlen) != 0) return -1;
    return set_input_watermark(op, table < 0 ? 0 : table, WM_END, err, errlen);
}

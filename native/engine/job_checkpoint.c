/* job_checkpoint.c - see job_checkpoint.h. */
#include "engine/job_checkpoint.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "checkpoint/ckpt_store.h"
#include "checkpoint/ckpt_writer.h"
#include "connectors/kafka.h"
#include "engine/operator.h"
#include "state/state_snapshot.h"
#include "time/timers.h"
#include "time/watermark.h"
#include "types/codec.h"
#include "types/types.h"
#include "types/value.h"
#include "util/xalloc.h"

/* ---- settings ---- */

static bool setting_true(const catalog_t *s, const char *key)
{
    const char *v = catalog_get(s, key);
    return v && strcasecmp(v, "true") == 0;
}

/* A path setting, "file://" stripped, relative to base_dir; NULL if unset. */
static char *setting_path(const catalog_t *s, const char *key, const char *base_dir)
{
    const char *v = catalog_get(s, key);
    if (!v || !*v) return NULL;
    if (strncmp(v, "file://", 7) == 0) v += 7;
    if (v[0] == '/' || !base_dir) return xstrdup(v);
    size_t n = strlen(base_dir) + strlen(v) + 2;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/%s", base_dir, v);
    return p;
}

static int read_settings(job_ckpt_t *k, const catalog_t *s, const char *base_dir, char *err, size_t errlen)
{
    k->dir = setting_path(s, "execution.checkpointing.dir", base_dir);
    if (!k->dir) k->dir = setting_path(s, "state.checkpoints.dir", base_dir);
    const char *interval = catalog_get(s, "execution.checkpointing.interval");
    k->interval_ms = interval ? plan_parse_duration_ms(interval) : 0;
    if (k->interval_ms < 0) {
        snprintf(err, errlen, "Could not parse value '%s' for key 'execution.checkpointing.interval'. Use a "
                              "duration such as '200 ms' or '10 s'.", interval);
        return -1;
    }
    const char *retained = catalog_get(s, "execution.checkpointing.num-retained");
    k->retained = retained ? atoi(retained) : 1;
    if (k->retained < 1) {
        snprintf(err, errlen, "Invalid value '%s' for key 'execution.checkpointing.num-retained': it must be at "
                              "least 1.", retained);
        return -1;
    }
    k->ignore_unclaimed = setting_true(s, "execution.state-recovery.ignore-unclaimed-state");
    if (k->interval_ms > 0 && !k->dir) {
        snprintf(err, errlen, "'execution.checkpointing.interval' is set but no checkpoint directory: SET "
                              "'execution.checkpointing.dir' = '/some/folder'.");
        return -1;
    }
    k->enabled = k->interval_ms > 0;
    return 0;
}

/* ptfhost's settings beside Flink's (job_checkpoint.h). */
static int read_ptfhost_settings(job_ckpt_t *k, const catalog_t *s, char *err, size_t errlen)
{
    k->stop_at_end = setting_true(s, "ptfhost.checkpoint.stop-at-end");
    k->quiet = setting_true(s, "ptfhost.checkpoint.quiet");
    k->stats = setting_true(s, "ptfhost.checkpoint.stats");
    k->scale_out = setting_true(s, "ptfhost.scale-out");
    const char *v = catalog_get(s, "ptfhost.checkpoint.restore-watermark");
    k->restore_watermark = !v || strcasecmp(v, "false") != 0;
    const char *buffer = catalog_get(s, "ptfhost.checkpoint.sink-buffer-bytes");
    char *end = NULL;
    unsigned long long bytes = buffer ? strtoull(buffer, &end, 10) : JOB_CKPT_SINK_BUFFER_DEFAULT;
    if (buffer && (end == buffer || *end || buffer[0] == '-')) {
        snprintf(err, errlen, "Could not parse value '%s' for key 'ptfhost.checkpoint.sink-buffer-bytes': give a "
                              "number of bytes (0: an exactly-once sink's checkpoints complete at their barrier).",
                 buffer);
        return -1;
    }
    k->sink_buffer = (size_t)bytes;
    return 0;
}

int job_ckpt_promote_committed(const job_ckpt_t *k, const char *dir, ckpt_image_t *restored, bool *found,
                               char *path, size_t pathlen, char *err, size_t errlen)
{
    uint32_t flags;
    uint64_t id = ckpt_store_newest_aside(dir, &flags);
    if (id == 0 || !k->catalog) return 0;
    char aside[4200], lerr[1024];
    ckpt_image_t img;
    ckpt_store_aside_folder(dir, id, flags, aside, sizeof aside);
    const catalog_table_t *table = NULL;
    if (ckpt_store_load(aside, &img, lerr, sizeof lerr) == 0 && img.ntxns > 0)
        table = catalog_find_table(k->catalog, img.txns[0].table);
    if (!table) {   /* torn, or no exactly-once sink of this job: never used */
        ckpt_image_free(&img);
        return 0;
    }
    uint64_t marked = 0;
    int rc = conn_kafka_marker_committed(table, img.txns[0].transactional_id, &marked, lerr, sizeof lerr);
    if (rc == 0 && marked == id)
        rc = ckpt_store_publish(dir, id, flags, NULL, NULL, path, pathlen, lerr, sizeof lerr);
    if (rc != 0) {
        snprintf(err, errlen, "Cannot tell whether checkpoint %llu (%s) committed its Kafka transaction: %s",
                 (unsigned long long)id, aside, lerr);
        ckpt_image_free(&img);
        return -1;
    }
    if (marked != id) {
        if (!k->quiet)
            fprintf(stderr, "ptfhost: checkpoint %llu did not commit its Kafka transaction: not using %s\n",
                    (unsigned long long)id, aside);
        ckpt_image_free(&img);
        return 0;
    }
    if (!k->quiet)
        fprintf(stderr, "ptfhost: checkpoint %llu was committed to Kafka but not renamed; restoring from it\n",
                (unsigned long long)id);
    ckpt_image_free(restored);
    *restored = img;
    *found = true;
    return 0;
}

/* The checkpoint to start from: an explicit path, else with --resume the newest in the directory. */
static int load_start(job_ckpt_t *k, const catalog_t *s, const char *base_dir, char *err, size_t errlen)
{
    char *from = setting_path(s, "execution.state-recovery.path", base_dir);
    if (from) {
        snprintf(k->restored_path, sizeof k->restored_path, "%s", from);
        free(from);
        char lerr[2048];
        if (ckpt_store_load(k->restored_path, &k->restored, lerr, sizeof lerr) != 0) {
            snprintf(err, errlen, "Cannot restore from 'execution.state-recovery.path' = '%s': %s", k->restored_path,
                     lerr);
            return -1;
        }
        k->restoring = true;
    } else if (setting_true(s, "ptfhost.resume")) {
        if (!k->dir) {
            snprintf(err, errlen, "--resume needs a checkpoint directory: SET 'execution.checkpointing.dir'.");
            return -1;
        }
        if (ckpt_store_load_latest(k->dir, &k->restored, &k->restoring, k->restored_path,
                                   sizeof k->restored_path, k->quiet ? NULL : stderr, err, errlen) != 0 ||
            job_ckpt_promote_committed(k, k->dir, &k->restored, &k->restoring, k->restored_path,
                                       sizeof k->restored_path, err, errlen) != 0)
            return -1;
        if (!k->restoring && !k->quiet)
            fprintf(stderr, "ptfhost: no complete checkpoint in %s: starting from the beginning\n", k->dir);
    }
    if (k->restoring && !k->quiet) fprintf(stderr, "ptfhost: restoring from %s\n", k->restored_path);
    return 0;
}

int job_ckpt_open(job_ckpt_t *k, const catalog_t *settings, const char *base_dir, char *err, size_t errlen)
{
    memset(k, 0, sizeof *k);
    ckpt_image_init(&k->restored, 0, 0);
    k->restore_watermark = true;
    if (!settings) return 0;
    if (read_ptfhost_settings(k, settings, err, errlen) != 0) return -1;
    if (read_settings(k, settings, base_dir, err, errlen) != 0) return -1;
    k->catalog = settings;
    if (k->scale_out && catalog_get(settings, "execution.state-recovery.path")) {
        snprintf(err, errlen, "'execution.state-recovery.path' does not go with 'ptfhost.scale-out': each process "
                              "restores the partitions the group gives it from the newest checkpoint of each in "
                              "'execution.checkpointing.dir'.");
        return -1;
    }
    if (!k->scale_out && load_start(k, settings, base_dir, err, errlen) != 0) return -1;
    if (k->dir) k->last_id = ckpt_store_last_id(k->dir);
    if (k->restored.id > k->last_id) k->last_id = k->restored.id;
    return 0;
}

void job_ckpt_close(job_ckpt_t *k)
{
    ckpt_writer_free(k->writer);   /* a write still running stays .inprogress: never used */
    if (k->unpruned) ckpt_store_prune(k->dir, k->unpruned, k->retained);
    free(k->restart_pos);
    ckpt_image_free(&k->restored);
    free(k->dir);
    memset(k, 0, sizeof *k);
}

int job_ckpt_open_plain(job_ckpt_t *k, const catalog_t *settings, const char *base_dir, char *err, size_t errlen)
{
    if (job_ckpt_open(k, settings, base_dir, err, errlen) != 0) return -1;
    if (k->scale_out) {   /* scale-out splits a call's keys; a plain query reads every partition, as before */
        job_ckpt_close(k);
        return job_ckpt_open(k, NULL, base_dir, err, errlen);
    }
    const ckpt_image_t *img = &k->restored;
    const char *uid = !k->restoring ? NULL : img->ncalls ? img->calls[0].uid : img->nstages ? img->stages[0].uid : NULL;
    if (!uid || k->ignore_unclaimed) return 0;
    snprintf(err, errlen, "Failed to rollback to checkpoint/savepoint %s. Cannot map checkpoint/savepoint state with "
                          "uid '%s' to the new program, because no part of it claims it (the query has no PTF call, "
                          "aggregation or de-duplication: it keeps no state). Restore it into the query that wrote "
                          "it, or SET 'execution.state-recovery.ignore-unclaimed-state' = 'true' to drop it.",
             k->restored_path, uid);
    return -1;
}

void job_ckpt_inputs_config(job_ckpt_t *k, const inputs_table_t *tables, int n, uint64_t *skip,
                            inputs_splits_t *splits, inputs_config_t *cfg)
{
    if (!job_ckpt_active(k)) return;
    job_ckpt_skip_rows(k, tables, n, skip);
    job_ckpt_restart_splits(k, tables, n, splits);
    cfg->skip_rows = skip;
    cfg->restart_splits = splits;
    cfg->barrier_interval_ms = k->enabled ? k->interval_ms : 0;
    cfg->stop = k->enabled ? ckpt_stop_flag() : NULL;
    cfg->fresh_watermarks = !k->restore_watermark;
}

int job_ckpt_end(const job_ckpt_t *k, bool last, char *err, size_t errlen)
{
    if (!k || !k->enabled || !k->stop_at_end) return 0;
    if (!last) return 1;   /* no table ends before the stop */
    snprintf(err, errlen, JOB_CKPT_STOPPED "%s", k->last_path);   /* the last end took a checkpoint just now */
    return -1;
}

void job_ckpt_skip_rows(const job_ckpt_t *k, const inputs_table_t *tables, int n, uint64_t *rows)
{
    for (int i = 0; i < n; i++) {
        const char *t = tables[i].table->name;
        rows[i] = k->restoring && !ckpt_has_kafka_offsets(&k->restored, t) ? ckpt_source_rows(&k->restored, t) : 0;
    }
}

/* ---- Kafka: offsets and transactions ---- */

void job_ckpt_restart_splits(job_ckpt_t *k, const inputs_table_t *tables, int n, inputs_splits_t *splits)
{
    const ckpt_image_t *img = &k->restored;
    free(k->restart_pos);
    k->restart_pos = xcalloc((size_t)img->noffsets + 1, sizeof *k->restart_pos);
    uint32_t at = 0;
    for (int i = 0; i < n; i++) {
        splits[i] = (inputs_splits_t){k->restart_pos + at, 0};
        for (uint32_t j = 0; k->restoring && j < img->noffsets; j++) {
            const ckpt_kafka_offset_t *o = &img->offsets[j];
            if (strcmp(o->table, tables[i].table->name) != 0 || at == img->noffsets) continue;
            k->restart_pos[at++] = (conn_split_pos_t){o->topic, o->partition, o->offset, o->skip};
            splits[i].n++;
        }
    }
}

int job_ckpt_sink_barrier(job_ckpt_t *k, const conn_sink_t *sink, char *err, size_t errlen)
{
    if (job_ckpt_complete(k, true, err, errlen) < 0) return -1;   /* the previous checkpoint's commit first */
    k->sink = sink;
    return sink && sink->checkpoint ? sink->checkpoint((conn_sink_t *)sink, err, errlen) : 0;
}

int job_ckpt_restore_sink(const job_ckpt_t *k, const catalog_table_t *sink_table, const conn_sink_t *sink, char *err,
                          size_t errlen)
{
    if (job_ckpt_active(k) && sink && sink->resume) {
        uint64_t parts = k->restoring && sink_table ? ckpt_file_parts(&k->restored, sink_table->name) : 0;
        if (sink->resume((conn_sink_t *)sink, parts, err, errlen) != 0) return -1;
    }
    const ckpt_kafka_txn_t *t = k->restoring && sink_table ? ckpt_find_kafka_txn(&k->restored, sink_table->name) : NULL;
    if (!t || (sink && sink->transactional_id && strcmp(sink->transactional_id, t->transactional_id) == 0)) return 0;
    if (conn_kafka_fence(sink_table, t->transactional_id, err, errlen) != 0) return -1;
    fprintf(stderr, "ptfhost: table '%s': fenced transactional.id '%s' of the checkpoint (its open transaction is "
                    "aborted)\n", sink_table->name, t->transactional_id);
    return 0;
}

/* Test-only fault hooks for the window between a checkpoint's commit and
 * its rename: PTFHOST_TEST_CRASH_BEFORE_COMMIT=N and
 * PTFHOST_TEST_CRASH_AFTER_COMMIT=N kill the process (SIGKILL, as kill -9)
 * right before or right after the Nth exactly-once commit of a checkpoint. */
static void test_crash_at(const char *hook, unsigned long long commit)
{
    const char *v = getenv(hook);
    if (v && strtoull(v, NULL, 10) == commit) raise(SIGKILL);
}

/* The sink's checkpoint_commit, with the marker of checkpoint_id (0: none). */
static int sink_commit(const job_ckpt_t *k, uint64_t checkpoint_id, char *err, size_t errlen)
{
    static unsigned long long commits;   /* the test hooks' count */
    conn_sink_t *sink = (conn_sink_t *)k->sink;
    if (!sink || !sink->checkpoint_commit) return 0;
    bool txn = sink->transactional_id != NULL;
    if (txn) test_crash_at("PTFHOST_TEST_CRASH_BEFORE_COMMIT", ++commits);
    int rc = sink->checkpoint_commit(sink, checkpoint_id, err, errlen);
    if (txn && rc == 0) test_crash_at("PTFHOST_TEST_CRASH_AFTER_COMMIT", commits);
    return rc;
}

/* The checkpoint is written aside: an exactly-once sink commits now, right
 * before the rename publishes it (job_checkpoint.h). */
int job_ckpt_publish_sink(void *ctx, char *err, size_t errlen)
{
    const job_ckpt_publish_t *p = ctx;
    return sink_commit(p->k, p->id, err, errlen);
}

/* The sources' split positions and the sink's transaction and parts at this barrier. */
static void snapshot_kafka(const job_ckpt_t *k, buf_t *b, const inputs_position_t *pos, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < pos[i].nsplits; j++) {
            const conn_split_pos_t *sp = &pos[i].splits[j];
            ckpt_enc_kafka_offset(b, pos[i].table, sp->topic, sp->partition, sp->offset, sp->skip);
        }
    if (k->sink && k->sink->transactional_id)
        ckpt_enc_kafka_txn(b, k->sink->transactional_table, k->sink->transactional_id, k->sink->transactions);
    if (k->sink && k->sink->parts_table) ckpt_enc_file_parts(b, k->sink->parts_table, k->sink->parts);
}

static const char *call_uid(const job_call_state_t *call) { return call->uid ? call->uid : call->function_name; }

/* ---- restore ---- */

/* Every uid in the checkpoint must be this call's (Flink: state no operator claims). */
static int check_claims(const job_ckpt_t *k, const ckpt_image_t *img, const char *path, const char *uid, char *err,
                        size_t errlen)
{
    for (uint32_t i = 0; i < img->ncalls && !k->ignore_unclaimed; i++) {
        if (strcmp(img->calls[i].uid, uid) == 0) continue;
        snprintf(err, errlen, "Failed to rollback to checkpoint/savepoint %s. Cannot map checkpoint/savepoint state "
                              "for the PTF call with uid '%s' (function '%s') to the new program, because no call "
                              "claims it. Give the call that should keep this state uid => '%s', or SET "
                              "'execution.state-recovery.ignore-unclaimed-state' = 'true' to drop it.",
                 path, img->calls[i].uid, img->calls[i].function, img->calls[i].uid);
        return -1;
    }
    if (img->nstages && !k->ignore_unclaimed) {   /* an aggregation's (aggregate_checkpoint.h) */
        snprintf(err, errlen, "Failed to rollback to checkpoint/savepoint %s. Cannot map checkpoint/savepoint state "
                              "with uid '%s' to the new program, because no call claims it. SET "
                              "'execution.state-recovery.ignore-unclaimed-state' = 'true' to drop it.",
                 path, img->stages[0].uid);
        return -1;
    }
    return 0;
}

/* How a checkpoint's entry maps to the signature: its index (-1: dropped,
 * allowed as unclaimed) and, when its type evolved, the old type (owned). */
typedef struct entry_map {
    int entry;
    type_t *from;
} entry_map_t;

static bool same_class(const type_t *a, const type_t *b)
{
    return a->class_name && b->class_name ? strcmp(a->class_name, b->class_name) == 0 : a->class_name == b->class_name;
}

/* Flink's PojoSerializer evolution, by field name: a ROW, or a POJO of the
 * same class, may gain nullable fields and lose fields; a field both have
 * keeps its type (a nested ROW or POJO may evolve the same way). The same
 * holds for the elements of an ARRAY (a ListView's) and a MULTISET, and a
 * MAP's keys and values (a MapView's), the collection's nullability kept. */
static bool type_evolves(const type_t *from, const type_t *to)
{
    if (type_equals(from, to)) return true;
    if (from->id != to->id || from->nullable != to->nullable) return false;
    switch (to->id) {
    case TYPE_ARRAY:
    case TYPE_MULTISET: return type_evolves(from->elem, to->elem);
    case TYPE_MAP: return type_evolves(from->elem, to->elem) && type_evolves(from->value, to->value);
    default: break;
    }
    if (!type_is_composite(from) || !same_class(from, to)) return false;
    for (int i = 0; i < to->nfields; i++) {
        int j = type_field_index(from, to->fields[i].name);
        if (j < 0 ? !to->fields[i].type->nullable : !type_evolves(from->fields[j].type, to->fields[i].type))
            return false;
    }
    return true;
}

static int evolve_value(const value_t *v, const type_t *from, const type_t *to, arena_t *a, value_t *out, char *err,
                        size_t errlen);

/* Evolved map keys (a ROW's lost field told them apart) may collide: the
 * restore fails rather than merge two entries. */
static int check_distinct_keys(const value_t *keys, uint32_t n, const type_t *type, const type_t *from, char *err,
                               size_t errlen)
{
    uint32_t cap = 16;
    while (cap < 2 * n) cap *= 2;
    uint32_t *slot = xcalloc(cap, sizeof *slot);   /* index + 1; 0: empty */
    int rc = 0;
    for (uint32_t i = 0; i < n && rc == 0; i++) {
        uint32_t h = (uint32_t)value_hash(&keys[i], type, 0) & (cap - 1);
        for (; slot[h] && rc == 0; h = (h + 1) & (cap - 1))
            if (value_equals(&keys[slot[h] - 1], &keys[i], type)) rc = -1;
        slot[h] = i + 1;
    }
    free(slot);
    if (rc != 0) {
        char *a = type_to_string(from), *b = type_to_string(type);
        snprintf(err, errlen, "two map keys of type %s become the same key as %s: the fields that told them apart "
                              "were removed. Keep those fields, or use a new uid to start with empty state.", a, b);
        free(a);
        free(b);
    }
    return rc;
}

/* n values of type from, evolved into a new array of type to. */
static int evolve_values(const value_t *in, uint32_t n, const type_t *from, const type_t *to, arena_t *a,
                         value_t **out, char *err, size_t errlen)
{
    *out = arena_calloc(a, (size_t)n + 1, sizeof(value_t));
    for (uint32_t i = 0; i < n; i++)
        if (evolve_value(&in[i], from, to, a, &(*out)[i], err, errlen) != 0) return -1;
    return 0;
}

/* v (of type from) as a value of type to (type_evolves): fields by name, new ones NULL. */
static int evolve_value(const value_t *v, const type_t *from, const type_t *to, arena_t *a, value_t *out, char *err,
                        size_t errlen)
{
    *out = *v;
    if (v->is_null || type_equals(from, to)) return 0;
    switch (to->id) {
    case TYPE_ARRAY:
        return evolve_values(v->u.list.items, v->u.list.n, from->elem, to->elem, a, &out->u.list.items, err, errlen);
    case TYPE_MULTISET:
    case TYPE_MAP: {
        uint32_t n = v->u.map.n;
        if (evolve_values(v->u.map.keys, n, from->elem, to->elem, a, &out->u.map.keys, err, errlen) != 0 ||
            (to->value && evolve_values(v->u.map.vals, n, from->value, to->value, a, &out->u.map.vals, err,
                                        errlen) != 0))
            return -1;
        return type_equals(from->elem, to->elem) ? 0
                                                 : check_distinct_keys(out->u.map.keys, n, to->elem, from->elem, err,
                                                                       errlen);
    }
    default: break;
    }
    out->u.row.fields = arena_calloc(a, (size_t)to->nfields + 1, sizeof(value_t));
    out->u.row.n = (uint32_t)to->nfields;
    for (int i = 0; i < to->nfields; i++) {
        int j = type_field_index(from, to->fields[i].name);
        if (j < 0) out->u.row.fields[i] = value_null();
        else if (evolve_value(&v->u.row.fields[j], from->fields[j].type, to->fields[i].type, a, &out->u.row.fields[i],
                              err, errlen) != 0)
            return -1;
    }
    return 0;
}

/* The old type of an entry whose type changed compatibly (NULL: identical or not). */
static type_t *evolved_from(const ckpt_entry_t *old, const ptf_state_t *now)
{
    char why[256];
    type_t *from = old->kind == (uint8_t)now->kind ? type_parse(old->type, why, sizeof why) : NULL;
    if (from && !type_evolves(from, now->type)) {
        type_free(from);
        from = NULL;
    }
    return from;
}

static int check_entry_type(const char *path, const ckpt_call_t *cc, const ckpt_entry_t *old, const ptf_state_t *now,
                            entry_map_t *m, char *err, size_t errlen)
{
    static const char *const kinds[] = {"value", "list", "map"};
    char *type = type_to_serializable_string(now->type);
    bool same = old->kind == (uint8_t)now->kind && strcmp(old->type, type) == 0;
    if (!same && !(m->from = evolved_from(old, now)))
        snprintf(err, errlen, "Failed to rollback to checkpoint/savepoint %s: the state entry '%s' of uid '%s' "
                              "changed type incompatibly: the checkpoint holds %s state of type %s, the function "
                              "now declares %s state of type %s. Compatible changes: a ROW or POJO (a value, a "
                              "list's elements, a map's values or keys) may gain nullable fields (restored as NULL) "
                              "and lose fields, matched by name, while the fields it keeps keep their type; else "
                              "keep the old type, or use a new uid to start this call with empty state.",
                 path, old->name, cc->uid, old->kind < 3 ? kinds[old->kind] : "?", old->type, kinds[now->kind], type);
    free(type);
    return same || m->from ? 0 : -1;
}

static int map_entries(const job_ckpt_t *k, const char *path, const ckpt_call_t *cc, const ptf_sig_t *sig,
                       entry_map_t *map, char *err, size_t errlen)
{
    for (uint32_t e = 0; e < cc->nentries; e++) {
        const ckpt_entry_t *old = &cc->entries[e];
        map[e].entry = -1;
        for (int i = 0; i < sig->nstate; i++)
            if (strcmp(sig->state[i].name, old->name) == 0) map[e].entry = i;
        if (map[e].entry < 0) {
            if (k->ignore_unclaimed) continue;
            snprintf(err, errlen, "Failed to rollback to checkpoint/savepoint %s: the state entry '%s' of uid '%s' "
                                  "is not declared by function '%s' any more. SET "
                                  "'execution.state-recovery.ignore-unclaimed-state' = 'true' to drop it.",
                     path, old->name, cc->uid, cc->function);
            return -1;
        }
        if (check_entry_type(path, cc, old, &sig->state[map[e].entry], &map[e], err, errlen) != 0) return -1;
    }
    return 0;
}

/* A value of an evolved entry in the new type's bytes (into b). */
static int evolve_bytes(const type_t *from, const type_t *to, ckpt_bytes_t in, arena_t *a, buf_t *b, char *err,
                        size_t errlen)
{
    value_t v;
    size_t used;
    value_t nv;
    if (codec_decode_value(in.data, in.len, &used, from, a, &v, err, errlen) != 0 ||
        evolve_value(&v, from, to, a, &nv, err, errlen) != 0)
        return -1;
    buf_clear(b);
    return codec_encode_value(b, &nv, to, err, errlen);
}

/* The key's PARTITION BY values from its bytes (codec values one after another). */
static int decode_key(const job_call_state_t *call, ckpt_bytes_t key, arena_t *a, row_t *row, char *err,
                      size_t errlen)
{
    *row = (row_t){ROW_INSERT, (uint32_t)call->nkeys, arena_calloc(a, (size_t)call->nkeys + 1, sizeof(value_t))};
    size_t at = 0;
    for (int i = 0; i < call->nkeys; i++) {
        size_t used;
        if (codec_decode_value(key.data + at, key.len - at, &used, call->key_types[i], a, &row->fields[i], err,
                               errlen) != 0)
            return -1;
        at += used;
    }
    return 0;
}

static int seed(const job_call_state_t *call, const ckpt_call_t *cc, const entry_map_t *map, char *err,
                size_t errlen)
{
    arena_t a;
    arena_init(&a, 0);
    row_t key;
    int rc = 0;
    buf_t evolved = BUF_INIT;
    for (uint32_t i = 0; i < cc->nstates && rc == 0; i++) {
        const ckpt_state_t *s = &cc->states[i];
        const entry_map_t *m = &map[s->entry];
        if (m->entry < 0) continue;
        ptf_op_set_processing_time(call->op, s->written_ms);   /* TTL continues from the write */
        rc = decode_key(call, s->key, &a, &key, err, errlen);
        ckpt_bytes_t v = s->value;
        if (rc == 0 && m->from) {
            char why[1024];
            rc = evolve_bytes(m->from, call->sig->state[m->entry].type, v, &a, &evolved, why, sizeof why);
            if (rc != 0)
                snprintf(err, errlen, "Failed to rollback to checkpoint/savepoint: the state entry '%s' of uid '%s' "
                                      "does not evolve: %s", cc->entries[s->entry].name, cc->uid, why);
            v = (ckpt_bytes_t){(const unsigned char *)evolved.data, (uint32_t)evolved.len};
        }
        if (rc == 0) rc = ptf_op_seed_state(call->op, &key, m->entry, v.data, v.len, err, errlen);
    }
    buf_free(&evolved);
    for (uint32_t i = 0; i < cc->ntimers && rc == 0; i++) {
        rc = decode_key(call, cc->timers[i].key, &a, &key, err, errlen);
        if (rc == 0) rc = ptf_op_seed_timer(call->op, &key, cc->timers[i].name, cc->timers[i].time, err, errlen);
    }
    ptf_op_set_processing_time(call->op, call->now_ms);
    arena_destroy(&a);
    return rc;
}

/* ORDER BY's held rows go back into the sort buffers, before any watermark (none is late). */
static int seed_sorted(const job_call_state_t *call, const ckpt_call_t *cc, char *err, size_t errlen)
{
    arena_t a;
    arena_init(&a, 0);
    int rc = 0;
    for (uint32_t i = 0; i < cc->nsorted && rc == 0; i++) {
        const ckpt_sorted_t *s = &cc->sorted[i];
        const type_t *type = ptf_op_table_type(call->op, (int)s->table);
        row_t row;
        size_t used;
        if (!type) {
            snprintf(err, errlen, "Failed to rollback to checkpoint/savepoint: an ORDER BY row of uid '%s' belongs "
                                  "to table argument %u, which function '%s' does not have.", cc->uid, s->table,
                     cc->function);
            rc = -1;
        } else if ((rc = codec_decode_row(s->row.data, s->row.len, &used, type, &a, &row, err, errlen)) == 0) {
            rc = ptf_op_push(call->op, (int)s->table, &row, err, errlen);
        }
        arena_reset(&a);
    }
    arena_destroy(&a);
    return rc;
}

/* The normalisers' last rows per key, before any row (job_ckpt_set_normalizers). */
static int seed_normalized(const job_ckpt_t *k, const ckpt_call_t *cc, char *err, size_t errlen)
{
    arena_t a;
    arena_init(&a, 0);
    int rc = 0;
    for (uint32_t i = 0; i < cc->nnormalized && rc == 0; i++) {
        const ckpt_sorted_t *s = &cc->normalized[i];
        changelog_norm_t *n = s->table < (uint32_t)k->nnorm ? &k->norm[s->table] : NULL;
        row_t row;
        size_t used;
        if (!n || !n->normalize) {
            snprintf(err, errlen, "Failed to rollback to checkpoint/savepoint %s: uid '%s' holds the last rows per "
                                  "key of table argument %u, which function '%s' does not take as an upsert input "
                                  "that needs them.", k->restored_path, cc->uid, s->table, cc->function);
            rc = -1;
        } else if ((rc = codec_decode_row(s->row.data, s->row.len, &used, n->schema, &a, &row, err, errlen)) == 0) {
            rc = changelog_norm_seed(n, &row, err, errlen);
        }
        arena_reset(&a);
    }
    arena_destroy(&a);
    return rc;
}

int job_ckpt_restore_image(const job_ckpt_t *k, const ckpt_image_t *img, const char *path,
                           const job_call_state_t *call, char *err, size_t errlen)
{
    const char *uid = call_uid(call);
    if (check_claims(k, img, path, uid, err, errlen) != 0) return -1;
    const ckpt_call_t *cc = ckpt_find_call(img, uid);
    if (!cc) return 0;
    entry_map_t *map = xcalloc((size_t)cc->nentries + 1, sizeof *map);
    int rc = map_entries(k, path, cc, call->sig, map, err, errlen);
    if (rc == 0) rc = seed(call, cc, map, err, errlen);
    for (uint32_t e = 0; e < cc->nentries; e++) type_free(map[e].from);
    free(map);
    return rc;
}

int job_ckpt_restore_call(job_ckpt_t *k, const job_call_state_t *call, int ntables, char *err, size_t errlen)
{
    if (!k->restoring) return 0;
    if (job_ckpt_restore_image(k, &k->restored, k->restored_path, call, err, errlen) != 0) return -1;
    const ckpt_call_t *cc = ckpt_find_call(&k->restored, call_uid(call));
    if (!cc) return 0;
    int rc = seed_sorted(call, cc, err, errlen);
    if (rc == 0) rc = seed_normalized(k, cc, err, errlen);
    for (int i = 0; rc == 0 && k->restore_watermark && cc->watermark != WM_NONE && i < ntables; i++)
        rc = ptf_op_watermark(call->op, i, cc->watermark, err, errlen);
    return rc;
}

/* ---- taking a checkpoint ----
 * At the barrier the processing thread encodes the checkpoint straight from
 * the stores into the file's bytes (the snapshot: one copy, no image); the
 * writer's thread finishes, writes and fsyncs it aside; the processing
 * thread publishes it when done (job_ckpt_complete). */

typedef struct snap {
    buf_t *b;
    const struct state_store *store;
    uint64_t values;
} snap_t;

static void snap_state(void *ctx, uint32_t key, int entry, const state_value_t *v)
{
    snap_t *s = ctx;
    size_t klen;
    const unsigned char *kb = state_key_bytes(s->store, key, &klen);
    ckpt_enc_state(s->b, (uint32_t)entry, kb, (uint32_t)klen, v->written_ms, v->data, v->len);
    s->values++;
}

static void snap_timer(void *ctx, uint32_t key, const char *name, int64_t time)
{
    snap_t *s = ctx;
    size_t klen;
    const unsigned char *kb = state_key_bytes(s->store, key, &klen);
    ckpt_enc_timer(s->b, kb, (uint32_t)klen, name, time);
}

static void snap_sorted(void *ctx, int table, const row_t *row, const type_t *type)
{
    snap_t *s = ctx;
    buf_t b = BUF_INIT;
    char err[256];
    if (codec_encode_row(&b, row, type, err, sizeof err) == 0)   /* the row was decoded from this format */
        ckpt_enc_sorted(s->b, (uint32_t)table, b.data, (uint32_t)b.len);
    buf_free(&b);
}

/* Scale-out's images (partition_state.c): the call's CALL record with its state entries. */
ckpt_call_t *job_ckpt_add_call(ckpt_image_t *img, const job_call_state_t *call)
{
    const ptf_sig_t *sig = call->sig;
    ckpt_call_t *c = ckpt_add_call(img, call_uid(call), call->function_name, ptf_op_current_watermark(call->op),
                                   (uint32_t)sig->nstate);
    for (int i = 0; i < sig->nstate; i++) {
        char *type = type_to_serializable_string(sig->state[i].type);
        ckpt_call_set_entry(img, c, (uint32_t)i, sig->state[i].name, (uint8_t)sig->state[i].kind, type);
        free(type);
    }
    return c;
}

typedef struct snap_norm {
    buf_t *b;
    uint32_t table;
    const type_t *schema;
} snap_norm_t;

static void snap_normalized(void *ctx, const row_t *row)
{
    snap_norm_t *s = ctx;
    buf_t b = BUF_INIT;
    char err[256];
    if (codec_encode_row(&b, row, s->schema, err, sizeof err) == 0)   /* the source's row, of this schema */
        ckpt_enc_normalized(s->b, s->table, b.data, (uint32_t)b.len);
    buf_free(&b);
}

/* The call's CALL record and its STATE, TIMER, SORTED and NORMALIZED records; returns the state values. */
static uint64_t snapshot_call(const job_ckpt_t *k, buf_t *b, const job_call_state_t *call)
{
    const ptf_sig_t *sig = call->sig;
    ckpt_enc_call(b, call_uid(call), call->function_name, ptf_op_current_watermark(call->op), (uint32_t)sig->nstate);
    for (int i = 0; i < sig->nstate; i++) {
        char *type = type_to_serializable_string(sig->state[i].type);
        ckpt_enc_call_entry(b, sig->state[i].name, (uint8_t)sig->state[i].kind, type);
        free(type);
    }
    snap_t s = {b, ptf_op_state(call->op), 0};
    buf_reserve(b, state_count(s.store) * 40);   /* a STATE record of a small key and value */
    state_visit(s.store, snap_state, &s);
    timer_visit(ptf_op_timers(call->op), snap_timer, &s);
    ptf_op_visit_sorted(call->op, snap_sorted, &s);
    for (int i = 0; i < k->nnorm; i++) {
        snap_norm_t sn = {b, (uint32_t)i, k->norm[i].schema};
        changelog_norm_visit(&k->norm[i], snap_normalized, &sn);
    }
    return s.values;
}

static double mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* 'ptfhost.checkpoint.stats': one line per checkpoint on stderr, where its time went (bench/checkpoint.sh). */
static void report_stats(const job_ckpt_t *k, uint64_t bytes, double write_ms)
{
    char held[96] = "";
    if (k->pending_holds)
        snprintf(held, sizeof held, ", held %llu rows%s", k->sink->held,
                 k->pending_full ? " (the sink buffer's bound: waited for the write)" : "");
    fprintf(stderr, "ptfhost: checkpoint %s: %llu state values, snapshot %.1f ms, write %.1f ms, %llu bytes, "
                    "pause %.1f ms%s\n", k->last_path, (unsigned long long)k->pending_values, k->pending_snapshot_ms,
            write_ms, (unsigned long long)bytes, k->pending_pause_ms, held);
}

int job_ckpt_complete(job_ckpt_t *k, bool wait, char *err, size_t errlen)
{
    if (!k->pending) return 1;
    double t0 = mono_ms();
    uint64_t bytes = 0;
    double write_ms = 0;
    int rc = ckpt_writer_poll(k->writer, wait, &bytes, &write_ms, err, errlen);
    if (rc == 0) return 0;
    k->pending = false;
    job_ckpt_publish_t p = {k, k->pending_id};
    if (rc < 0 || ckpt_store_publish(k->dir, k->pending_id, k->pending_flags, job_ckpt_publish_sink, &p, k->last_path,
                                     sizeof k->last_path, err, errlen) != 0)
        return -1;
    if (!(k->pending_flags & CKPT_FLAG_SAVEPOINT)) k->unpruned = k->pending_id;   /* the next write prunes */
    k->pending_pause_ms += mono_ms() - t0;
    if (k->stats) report_stats(k, bytes, write_ms);
    return 1;
}

int job_ckpt_write_image(job_ckpt_t *k, ckpt_image_t *img, char *path, size_t pathlen, char *err, size_t errlen)
{
    if (k->sink && k->sink->transactional_id)
        ckpt_add_kafka_txn(img, k->sink->transactional_table, k->sink->transactional_id, k->sink->transactions);
    if (k->sink && k->sink->parts_table) ckpt_add_file_parts(img, k->sink->parts_table, k->sink->parts);
    job_ckpt_publish_t p = {k, img->id};
    int rc = ckpt_store_write_publish(k->dir, img, k->retained, job_ckpt_publish_sink, &p, path, pathlen, err, errlen);
    if (rc == 0) snprintf(k->last_path, sizeof k->last_path, "%s", path);
    return rc;
}

/* An exactly-once Kafka sink's transaction holds one interval's records: none may follow the barrier
 * before its commit. One that can hold them meanwhile (sink.h: hold) lets its checkpoint complete in
 * the background; otherwise it completes before the run goes on. */
static bool sink_holds(const job_ckpt_t *k)
{
    return k->sink && k->sink->transactional_id && k->sink->hold && k->sink_buffer > 0;
}
static bool completes_at_barrier(const job_ckpt_t *k) { return k->sink && k->sink->transactional_id && !sink_holds(k); }

/* The sink's held records reached its buffer's bound: the processing thread waits for the write. */
static int sink_buffer_full(void *ctx, char *err, size_t errlen)
{
    job_ckpt_t *k = ctx;
    k->pending_full = true;
    return job_ckpt_complete(k, true, err, errlen) < 0 ? -1 : 0;
}

int job_ckpt_take(job_ckpt_t *k, const job_call_state_t *call, const inputs_position_t *pos, int n, bool savepoint,
                  char *path, size_t pathlen, char *err, size_t errlen)
{
    if (job_ckpt_complete(k, true, err, errlen) < 0) return -1;   /* one at a time */
    if (call && ptf_op_write_back(call->op, err, errlen) != 0) return -1;   /* the values Java holds */
    double t0 = mono_ms();
    uint32_t flags = savepoint ? CKPT_FLAG_SAVEPOINT : 0;
    uint64_t id = ++k->last_id;
    if (!k->writer) k->writer = ckpt_writer_new();
    buf_t b = ckpt_writer_buffer(k->writer);
    size_t start = ckpt_enc_begin(&b, id, flags);
    for (int i = 0; i < n; i++) ckpt_enc_source(&b, pos[i].table, pos[i].rows);
    snapshot_kafka(k, &b, pos, n);
    k->pending_values = call ? snapshot_call(k, &b, call) : 0;
    if (ckpt_writer_start(k->writer, k->dir, id, flags, k->unpruned, k->retained, &b, start, err, errlen) != 0)
        return -1;
    k->unpruned = 0;
    k->pending = true;
    k->pending_id = id;
    k->pending_flags = flags;
    k->pending_snapshot_ms = k->pending_pause_ms = mono_ms() - t0;
    ckpt_store_folder(k->dir, id, flags, path, pathlen);
    k->pending_holds = k->pending_full = false;
    if (savepoint || completes_at_barrier(k)) return job_ckpt_complete(k, true, err, errlen) < 0 ? -1 : 0;
    if (sink_holds(k)) {
        k->pending_holds = true;
        ((conn_sink_t *)k->sink)->hold((conn_sink_t *)k->sink, k->sink_buffer, sink_buffer_full, k);
    }
    return JOB_CKPT_PENDING;
}

int job_ckpt_barrier(job_ckpt_t *k, const conn_sink_t *sink, const job_call_state_t *call,
                     const inputs_position_t *pos, int n, bool final, char *err, size_t errlen)
{
    char path[4200];
    if (job_ckpt_sink_barrier(k, sink, err, errlen) != 0) return -1;
    int rc = job_ckpt_take(k, call, pos, n, final, path, sizeof path, err, errlen);
    if (rc >= 0 && final) snprintf(err, errlen, JOB_CKPT_STOPPED "%s", path);
    return rc;
}

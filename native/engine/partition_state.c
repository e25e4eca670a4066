/* partition_state.c - see partition_state.h. */
#include "engine/partition_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "checkpoint/ckpt_store.h"
#include "engine/operator.h"
#include "engine/output.h"
#include "state/state_snapshot.h"
#include "time/timers.h"
#include "util/buf.h"
#include "util/hashmap.h"
#include "util/xalloc.h"

#define PSTATE_FOLDER "partitions"

typedef struct pstate_part {
    char *topic;
    int32_t partition;
    bool lane_open;                  /* lanes: the sink's lane of this partition is open */
} pstate_part_t;

struct pstate {
    const job_ckpt_t *k;
    const char *table;               /* the Kafka table */
    const conn_source_t *src;        /* its source: whose split a row came from */
    pstate_part_t *parts;            /* every partition seen, by index */
    int nparts;
    int *part_of_split;              /* split number -> parts index (-1: none) */
    int nsplits;
    hashmap_t keys;                  /* key bytes -> parts index */
    buf_t key;
    output_t *out;                   /* the call's output and sink */
    int lane;                        /* lanes: parts index of the sink's current lane (-1: none) */
};

/* ---- checks ---- */

/* 'key.fields' (';'-separated) names exactly the PARTITION BY columns, in any order. */
static bool keyed_by_partition(const catalog_table_t *t, const plan_table_t *pt, const char *fields)
{
    int n = 0;
    for (const char *f = fields; *f;) {
        const char *end = strchr(f, ';');
        size_t len = end ? (size_t)(end - f) : strlen(f);
        while (len && (*f == ' ')) f++, len--;
        while (len && f[len - 1] == ' ') len--;
        bool found = false;
        for (int k = 0; k < pt->nkeys && !found; k++) {
            const char *col = t->schema->fields[pt->key_cols[k]].name;
            found = strlen(col) == len && strncmp(col, f, len) == 0;
        }
        if (!found) return false;
        n++;
        f = end ? end + 1 : f + len;
    }
    return n == pt->nkeys;
}

static void partition_columns(const catalog_table_t *t, const plan_table_t *pt, char *out, size_t outlen)
{
    size_t at = 0;
    out[0] = 0;
    for (int k = 0; k < pt->nkeys && at < outlen; k++)
        at += (size_t)snprintf(out + at, outlen - at, "%s%s", k ? ";" : "", t->schema->fields[pt->key_cols[k]].name);
}

static int check_table(const plan_call_t *plan, char *err, size_t errlen)
{
    if (plan->ntables != 1 || !plan->tables[0].set_semantics || plan->tables[0].nkeys == 0) {
        snprintf(err, errlen, "'ptfhost.scale-out': the call of '%s' must take one table argument with PARTITION "
                              "BY (each process of the group keeps the keys of its partitions)", plan->function_name);
        return -1;
    }
    const plan_table_t *pt = &plan->tables[0];
    const catalog_table_t *t = pt->table;
    const char *connector = catalog_table_option(t, "connector");
    if (!connector || strcmp(connector, "kafka") != 0) {
        snprintf(err, errlen, "'ptfhost.scale-out': table '%s' of the call of '%s' must be a 'kafka' table (the "
                              "processes split its partitions over the consumer group)", t->name, plan->function_name);
        return -1;
    }
    if (pt->norder > 0) {
        snprintf(err, errlen, "'ptfhost.scale-out': the call of '%s' orders table '%s' (ORDER BY), which scale-out "
                              "does not support yet; run it in one process", plan->function_name, t->name);
        return -1;
    }
    char cols[512];
    partition_columns(t, pt, cols, sizeof cols);
    const char *fields = catalog_table_option(t, "key.fields");
    if (fields && catalog_table_option(t, "key.format") && keyed_by_partition(t, pt, fields)) return 0;
    snprintf(err, errlen, "'ptfhost.scale-out': table '%s' is keyed by %s%s%s, but the call of '%s' partitions it "
                          "BY %s: a key's rows may then lie in several partitions, read by different processes. Key "
                          "the topic by the partition columns ('key.format' and 'key.fields' = '%s', the producers "
                          "partitioning by that key), or run the job on Flink, which repartitions by key.",
             t->name, fields ? "'key.fields' = '" : "no record key ('key.fields' unset)", fields ? fields : "",
             fields ? "'" : "", plan->function_name, cols, cols);
    return -1;
}

int pstate_check(const job_ckpt_t *k, const plan_call_t *plan, const conn_sink_t *sink, char *err, size_t errlen)
{
    if (!k->scale_out) return 0;
    if (!k->enabled) {
        snprintf(err, errlen, "'ptfhost.scale-out' needs checkpoints: SET 'execution.checkpointing.interval' and "
                              "'execution.checkpointing.dir' (a directory every process of the group shares).");
        return -1;
    }
    if (check_table(plan, err, errlen) != 0) return -1;
    if (sink && !sink->lane && (sink->transactional_id || sink->resume)) {
        snprintf(err, errlen, "internal: 'ptfhost.scale-out': the %s sink was opened without a lane per input "
                              "partition", sink->resume ? "filesystem" : "exactly-once");
        return -1;
    }
    return 0;
}

/* ---- partitions and keys ---- */

pstate_t *pstate_new(const job_ckpt_t *k, const plan_call_t *plan, output_t *out)
{
    pstate_t *ps = xcalloc(1, sizeof *ps);
    ps->k = k;
    ps->out = out;
    ps->lane = -1;
    ps->table = plan->tables[0].table->name;
    hashmap_init(&ps->keys);
    return ps;
}

void pstate_free(pstate_t *ps)
{
    if (!ps) return;
    for (int i = 0; i < ps->nparts; i++) free(ps->parts[i].topic);
    free(ps->parts);
    free(ps->part_of_split);
    hashmap_free(&ps->keys);
    buf_free(&ps->key);
    free(ps);
}

static int part_index(pstate_t *ps, const char *topic, int32_t partition)
{
    for (int i = 0; i < ps->nparts; i++)
        if (ps->parts[i].partition == partition && strcmp(ps->parts[i].topic, topic) == 0) return i;
    ps->parts = xrealloc(ps->parts, (size_t)(ps->nparts + 1) * sizeof *ps->parts);
    ps->parts[ps->nparts] = (pstate_part_t){xstrdup(topic), partition, false};
    return ps->nparts++;
}

static void split_is(pstate_t *ps, int split, int part)
{
    if (split >= ps->nsplits) {
        ps->part_of_split = xrealloc(ps->part_of_split, (size_t)(split + 1) * sizeof *ps->part_of_split);
        for (int i = ps->nsplits; i <= split; i++) ps->part_of_split[i] = -1;
        ps->nsplits = split + 1;
    }
    ps->part_of_split[split] = part;
}

void pstate_note_row(pstate_t *ps, const job_call_state_t *call, const row_t *row)
{
    int split = ps->src ? ps->src->split : -1;
    if (split < 0 || split >= ps->nsplits || ps->part_of_split[split] < 0) return;
    buf_clear(&ps->key);
    ptf_op_encode_table_key(call->op, 0, row, &ps->key);
    hashmap_put(&ps->keys, ps->key.data, ps->key.len, (uint64_t)ps->part_of_split[split]);
}

static void folder_of(const pstate_t *ps, int part, char *out, size_t outlen)
{
    snprintf(out, outlen, "%s/" PSTATE_FOLDER "/%s-%d", ps->k->dir, ps->parts[part].topic,
             (int)ps->parts[part].partition);
}

/* ---- lanes: the sink's transaction or part files per partition ---- */

static bool has_lanes(const pstate_t *ps) { return ps->out->sink && ps->out->sink->lane; }

/* Makes part's lane the sink's current one (opening it when it is not:
 * fencing an earlier producer of its transactional.id). Rows the output
 * still holds (a UDF batch) were made for the lane before: they go first. */
static int use_lane(pstate_t *ps, int part, char *err, size_t errlen)
{
    if (ps->lane == part) return 0;
    output_flush(ps->out);
    if (ps->out->failed) {
        if (err != ps->out->err) snprintf(err, errlen, "%s", ps->out->err);
        return -1;
    }
    conn_sink_t *sink = ps->out->sink;
    if (sink->lane(sink, ps->parts[part].topic, ps->parts[part].partition, err, errlen) != 0) return -1;
    ps->lane = part;
    ps->parts[part].lane_open = true;
    return 0;
}

/* Closes part's lane, if open: commit, or abort what it holds (lost). */
static int close_lane(pstate_t *ps, int part, bool commit, char *err, size_t errlen)
{
    if (!ps->parts[part].lane_open) return 0;
    if (use_lane(ps, part, err, errlen) != 0) return -1;
    ps->parts[part].lane_open = false;
    ps->lane = -1;
    return ps->out->sink->lane_close(ps->out->sink, commit, err, errlen);
}

int pstate_route(pstate_t *ps, const job_call_state_t *call, char *err, size_t errlen)
{
    if (!has_lanes(ps)) return 0;
    size_t len = 0;
    const void *key = ptf_op_origin_key(call->op, &len);
    uint64_t part;
    if (key && hashmap_get(&ps->keys, key, len, &part)) return use_lane(ps, (int)part, err, errlen);
    snprintf(err, errlen, "internal: 'ptfhost.scale-out': function '%s' emitted a row for a key of no input "
                          "partition this process reads; the sink has no lane for it",
             call->function_name);
    return -1;
}

/* ---- assign: restore ---- */

/* The keys of the restored checkpoint belong to part; its offset goes into pos. */
static void adopt(pstate_t *ps, const ckpt_image_t *img, int part, conn_split_pos_t *pos)
{
    for (uint32_t c = 0; c < img->ncalls; c++) {
        const ckpt_call_t *cc = &img->calls[c];
        for (uint32_t i = 0; i < cc->nstates; i++)
            hashmap_put(&ps->keys, cc->states[i].key.data, cc->states[i].key.len, (uint64_t)part);
        for (uint32_t i = 0; i < cc->ntimers; i++)
            hashmap_put(&ps->keys, cc->timers[i].key.data, cc->timers[i].key.len, (uint64_t)part);
    }
    for (uint32_t i = 0; i < img->noffsets; i++) {
        const ckpt_kafka_offset_t *o = &img->offsets[i];
        if (strcmp(o->table, ps->table) != 0 || strcmp(o->topic, pos->topic) != 0 || o->partition != pos->partition)
            continue;
        pos->offset = o->offset;
        pos->skip = o->skip;
    }
}

/* Opens part's lane; a filesystem sink's numbers its parts on from those
 * the partition's checkpoint img (empty: none) committed, removing
 * visible ones from there on. */
static int open_lane(pstate_t *ps, int part, const ckpt_image_t *img, char *err, size_t errlen)
{
    if (use_lane(ps, part, err, errlen) != 0) return -1;
    conn_sink_t *sink = ps->out->sink;
    if (!sink->resume) return 0;
    return sink->resume(sink, ckpt_file_parts(img, sink->parts_table), err, errlen);
}

/* The partition's state, offset and (under lanes) lane, from its newest checkpoint. */
static int restore_part(pstate_t *ps, const job_call_state_t *call, int part, conn_split_pos_t *pos, char *err,
                        size_t errlen)
{
    char folder[4200], path[4200];
    folder_of(ps, part, folder, sizeof folder);
    ckpt_image_t img;
    ckpt_image_init(&img, 0, 0);
    bool found = false;
    int rc = ckpt_store_load_latest(folder, &img, &found, path, sizeof path, ps->k->quiet ? NULL : stderr, err,
                                    errlen);
    if (rc == 0) rc = job_ckpt_promote_committed(ps->k, folder, &img, &found, path, sizeof path, err, errlen);
    if (rc == 0 && found) rc = job_ckpt_restore_image(ps->k, &img, path, call, err, errlen);
    if (rc == 0 && found) adopt(ps, &img, part, pos);
    if (rc == 0 && has_lanes(ps)) rc = open_lane(ps, part, &img, err, errlen);
    if (rc == 0 && !ps->k->quiet)
        fprintf(stderr, "ptfhost: table '%s': partition %s-%d assigned%s%s\n", ps->table, pos->topic,
                (int)pos->partition, found ? ", restored from " : "", found ? path : "");
    ckpt_image_free(&img);
    return rc;
}

int pstate_assign(pstate_t *ps, const job_call_state_t *call, const conn_source_t *src, conn_rebalance_t *ev,
                  char *err, size_t errlen)
{
    ps->src = src;
    for (int i = 0; i < ev->n; i++) {
        int part = part_index(ps, ev->parts[i].topic, ev->parts[i].partition);
        split_is(ps, ev->splits[i], part);
        if (restore_part(ps, call, part, &ev->parts[i], err, errlen) != 0) return -1;
    }
    return 0;
}

/* ---- checkpoints per partition ---- */

typedef struct part_snap {
    pstate_t *ps;
    const struct state_store *store;
    ckpt_image_t *imgs;
    ckpt_call_t **calls;
    int *img_of;                     /* parts index -> imgs index (-1: not written) */
} part_snap_t;

static int snap_target(const part_snap_t *s, uint32_t key, const unsigned char **kb, size_t *klen)
{
    *kb = state_key_bytes(s->store, key, klen);
    uint64_t part;
    if (!hashmap_get(&s->ps->keys, *kb, *klen, &part)) return -1;
    return s->img_of[part];
}

static void snap_state(void *ctx, uint32_t key, int entry, const state_value_t *v)
{
    part_snap_t *s = ctx;
    const unsigned char *kb;
    size_t klen;
    int i = snap_target(s, key, &kb, &klen);
    if (i >= 0) ckpt_add_state(&s->imgs[i], s->calls[i], (uint32_t)entry, kb, (uint32_t)klen, v->written_ms, v->data,
                               v->len);
}

static void snap_timer(void *ctx, uint32_t key, const char *name, int64_t time)
{
    part_snap_t *s = ctx;
    const unsigned char *kb;
    size_t klen;
    int i = snap_target(s, key, &kb, &klen);
    if (i >= 0) ckpt_add_timer(&s->imgs[i], s->calls[i], kb, (uint32_t)klen, name, time);
}

/* Lanes: the partition's checkpoint records its lane's transaction or
 * parts (as a one-process checkpoint records the sink's). */
static int add_lane_records(pstate_t *ps, int part, ckpt_image_t *img, char *err, size_t errlen)
{
    if (use_lane(ps, part, err, errlen) != 0) return -1;
    const conn_sink_t *sink = ps->out->sink;
    if (sink->transactional_id)
        ckpt_add_kafka_txn(img, sink->transactional_table, sink->transactional_id, sink->transactions);
    if (sink->parts_table) ckpt_add_file_parts(img, sink->parts_table, sink->parts);
    return 0;
}

/* Writes the partition's checkpoint; under lanes its lane's transaction
 * (part in progress) commits just before the checkpoint is published, and
 * the next begins. */
static int publish_part(pstate_t *ps, int part, const char *folder, const ckpt_image_t *img, char *path,
                        size_t pathlen, char *err, size_t errlen)
{
    if (!has_lanes(ps)) return ckpt_store_write(folder, img, ps->k->retained, path, pathlen, err, errlen);
    if (use_lane(ps, part, err, errlen) != 0) return -1;
    job_ckpt_publish_t p = {ps->k, img->id};
    return ckpt_store_write_publish(folder, img, ps->k->retained, job_ckpt_publish_sink, &p, path, pathlen, err,
                                    errlen);
}

/* One checkpoint per position in pos (the partitions' offsets), each with
 * the state and timers of its keys (and, under lanes, its lane's commit). */
static int write_parts(pstate_t *ps, const job_call_state_t *call, const conn_split_pos_t *pos, int n, bool savepoint,
                       char *err, size_t errlen)
{
    char folder[4200], path[4200];
    if (ptf_op_write_back(call->op, err, errlen) != 0) return -1;   /* the values Java holds */
    mkdir(ps->k->dir, 0777);   /* ckpt_store creates the partition's folder, not its parents */
    snprintf(folder, sizeof folder, "%s/" PSTATE_FOLDER, ps->k->dir);
    mkdir(folder, 0777);
    int *part = xcalloc((size_t)n + 1, sizeof *part);
    for (int i = 0; i < n; i++) part[i] = part_index(ps, pos[i].topic, pos[i].partition);
    part_snap_t s = {ps, ptf_op_state(call->op), xcalloc((size_t)n + 1, sizeof *s.imgs),
                     xcalloc((size_t)n + 1, sizeof *s.calls), xcalloc((size_t)ps->nparts + 1, sizeof *s.img_of)};
    for (int i = 0; i < ps->nparts; i++) s.img_of[i] = -1;
    for (int i = 0; i < n; i++) {
        folder_of(ps, part[i], folder, sizeof folder);
        ckpt_image_init(&s.imgs[i], ckpt_store_last_id(folder) + 1, savepoint ? CKPT_FLAG_SAVEPOINT : 0);
        ckpt_add_kafka_offset(&s.imgs[i], ps->table, pos[i].topic, pos[i].partition, pos[i].offset, pos[i].skip);
        s.calls[i] = job_ckpt_add_call(&s.imgs[i], call);
        s.img_of[part[i]] = i;
    }
    int rc = 0;
    for (int i = 0; i < n && has_lanes(ps) && rc == 0; i++)
        rc = add_lane_records(ps, part[i], &s.imgs[i], err, errlen);
    state_visit(s.store, snap_state, &s);
    timer_visit(ptf_op_timers(call->op), snap_timer, &s);
    for (int i = 0; i < n; i++) {
        folder_of(ps, part[i], folder, sizeof folder);
        if (rc == 0) rc = publish_part(ps, part[i], folder, &s.imgs[i], path, sizeof path, err, errlen);
        ckpt_image_free(&s.imgs[i]);
    }
    free(s.imgs);
    free(s.calls);
    free(s.img_of);
    free(part);
    return rc;
}

int pstate_take(pstate_t *ps, const job_call_state_t *call, const inputs_position_t *pos, int n, bool savepoint,
                char *path, size_t pathlen, char *err, size_t errlen)
{
    snprintf(path, pathlen, "%s/" PSTATE_FOLDER, ps->k->dir);
    for (int i = 0; i < n; i++)
        if (strcmp(pos[i].table, ps->table) == 0)
            return write_parts(ps, call, pos[i].splits, pos[i].nsplits, savepoint, err, errlen);
    return 0;
}

/* ---- revoke: checkpoint, then drop ---- */

static bool revoked(const pstate_t *ps, const conn_rebalance_t *ev, uint64_t part)
{
    for (int i = 0; i < ev->n; i++)
        if (ev->splits[i] < ps->nsplits && ps->part_of_split[ev->splits[i]] == (int)part) return true;
    return false;
}

int pstate_revoke(pstate_t *ps, const job_call_state_t *call, const conn_rebalance_t *ev, char *err,
                  size_t errlen)
{
    if (!ev->lost && write_parts(ps, call, ev->parts, ev->n, false, err, errlen) != 0) return -1;
    for (int i = 0; i < ev->n && has_lanes(ps); i++) {
        int part = part_index(ps, ev->parts[i].topic, ev->parts[i].partition);
        if (close_lane(ps, part, !ev->lost, err, errlen) != 0) return -1;
    }
    buf_t gone = BUF_INIT;   /* the keys to drop: u32 length, bytes, one after another */
    const hashmap_slot_t *slot;
    for (size_t it = 0; hashmap_next(&ps->keys, &it, &slot);) {
        if (!revoked(ps, ev, slot->value)) continue;
        buf_put_u32(&gone, slot->keylen);
        buf_append(&gone, hashmap_slot_key(slot), slot->keylen);
    }
    for (size_t at = 0; at < gone.len;) {
        uint32_t len;
        memcpy(&len, gone.data + at, sizeof len);
        at += sizeof len;
        ptf_op_drop_key(call->op, gone.data + at, len);
        hashmap_remove(&ps->keys, gone.data + at, len);
        at += len;
    }
    buf_free(&gone);
    for (int i = 0; i < ev->n && !ps->k->quiet; i++)
        fprintf(stderr, "ptfhost: table '%s': partition %s-%d revoked%s\n", ps->table, ev->parts[i].topic,
                (int)ev->parts[i].partition, ev->lost ? " (lost: not checkpointed)" : ", checkpointed");
    return 0;
}

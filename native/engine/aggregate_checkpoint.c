/* aggregate_checkpoint.c - see aggregate_checkpoint.h. */
#include "engine/aggregate_checkpoint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "checkpoint/ckpt_store.h"
#include "connectors/sink.h"
#include "util/xalloc.h"

/* The checkpoint holds this stage's state and nothing another part of the query would have to claim. */
static int check_claims(agg_ckpt_t *c, char *err, size_t errlen)
{
    const ckpt_image_t *img = &c->k.restored;
    const char *other = img->ncalls ? img->calls[0].uid : NULL;
    for (uint32_t i = 0; !other && i < img->nstages; i++)
        if (strcmp(img->stages[i].uid, c->uid) != 0) other = img->stages[i].uid;
    if (other && !c->k.ignore_unclaimed) {
        snprintf(err, errlen, "Failed to rollback to checkpoint/savepoint %s. Cannot map checkpoint/savepoint state "
                              "with uid '%s' to the new program (a query whose state is '%s'), because no part of it "
                              "claims it. SET 'execution.state-recovery.ignore-unclaimed-state' = 'true' to drop it.",
                 c->k.restored_path, other, c->uid);
        return -1;
    }
    c->restored = ckpt_find_stage(img, c->uid);
    if (!c->restored || strcmp(c->restored->shape, c->shape) == 0) return 0;
    snprintf(err, errlen, "Failed to rollback to checkpoint/savepoint %s: the state of '%s' was written for another "
                          "query shape (%s); this query's is %s. Restore it into the query that wrote it, or start "
                          "without the checkpoint.", c->k.restored_path, c->uid, c->restored->shape, c->shape);
    return -1;
}

int agg_ckpt_open(agg_ckpt_t *c, job_env_t *env, bool view, const char *uid, const char *shape, char *err,
                  size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->uid = uid;
    c->shape = shape;
    c->opened = true;
    if (job_ckpt_open(&c->k, view ? NULL : env->catalog, env->base_dir, err, errlen) != 0) return -1;
    if (c->k.scale_out) {
        snprintf(err, errlen, "'ptfhost.scale-out' scales a PTF call's query out; GROUP BY, window aggregations "
                              "and de-duplication run in one process (unset 'ptfhost.scale-out').");
        return -1;
    }
    if (c->k.enabled) ckpt_stop_arm();
    return c->k.restoring ? check_claims(c, err, errlen) : 0;
}

void agg_ckpt_close(agg_ckpt_t *c)
{
    if (!c->opened) return;
    if (c->k.enabled) ckpt_stop_disarm();
    job_ckpt_close(&c->k);
}

int agg_ckpt_set_sink(agg_ckpt_t *c, const catalog_table_t *sink_table, const conn_sink_t *sink, char *err,
                      size_t errlen)
{
    c->sink = sink;
    return job_ckpt_restore_sink(&c->k, sink_table, sink, err, errlen);
}

int agg_ckpt_read_table(agg_ckpt_t *c, const job_env_t *env, const catalog_table_t *t,
                        const inputs_consumer_t *consumer, char *err, size_t errlen)
{
    if (!job_ckpt_active(&c->k)) return job_read_table(env, t, consumer, err, errlen);
    inputs_table_t table = {t, 0};
    uint64_t skip = 0;
    inputs_splits_t splits = {NULL, 0};
    inputs_config_t cfg = {env->base_dir, env->clock, env->time_limit_ms, env->catalog, 0, NULL, NULL,
                           env->udfs, false, NULL, env->cancel, NULL, NULL};
    job_ckpt_inputs_config(&c->k, &table, 1, &skip, &splits, &cfg);
    cfg.fresh_watermarks = false;   /* a window's watermark is the stage's, restored with it */
    inputs_consumer_t with_barrier = *consumer;
    if (!c->k.enabled) with_barrier.barrier = NULL;
    inputs_t *ins = inputs_open(&table, 1, &cfg, err, errlen);
    int rc = ins && inputs_run(ins, &with_barrier, err, errlen) == 0 ? 0 : -1;
    if (rc == 0) inputs_report_skipped(ins, stderr);
    inputs_close(ins);
    return rc;
}

int agg_ckpt_barrier(agg_ckpt_t *c, const job_env_t *env, const inputs_position_t *pos, int n, bool final,
                     int64_t watermark, agg_ckpt_fill_fn fill, void *ctx, char *err, size_t errlen)
{
    fflush(env->out);
    fflush(stdout);
    ckpt_image_t img;
    ckpt_image_init(&img, ++c->k.last_id, final ? CKPT_FLAG_SAVEPOINT : 0);
    for (int i = 0; i < n; i++) {
        ckpt_add_source(&img, pos[i].table, pos[i].rows);
        for (int j = 0; j < pos[i].nsplits; j++) {   /* a Kafka table's partitions */
            const conn_split_pos_t *sp = &pos[i].splits[j];
            ckpt_add_kafka_offset(&img, pos[i].table, sp->topic, sp->partition, sp->offset, sp->skip);
        }
    }
    ckpt_stage_t *st = ckpt_add_stage(&img, c->uid, c->shape, watermark);
    char path[4200];
    int rc = fill(ctx, &img, st, err, errlen);
    if (rc == 0) rc = job_ckpt_sink_barrier(&c->k, c->sink, err, errlen);
    if (rc == 0) rc = job_ckpt_write_image(&c->k, &img, path, sizeof path, err, errlen);
    ckpt_image_free(&img);
    if (rc == 0 && final) snprintf(err, errlen, "stopped with a savepoint: %s", path);
    return rc;
}

/* aggregate_checkpoint.h - checkpoints of the one-table stages that are not
 * PTF calls: GroupAggregate, WindowAggregate, Deduplicate ("agg_ckpt_").
 *
 * The settings are job_checkpoint.h's. A stage's state goes into one STAGE
 * record (docs/checkpoints.md) under Flink's transformation name as its uid
 * ("group-aggregate", "window-aggregate", "deduplicate"), with a shape: a
 * text naming what the values' layout depends on (key and argument types,
 * the calls, the window), so that a restore into another query refuses
 * instead of misreading bytes. Barriers come from the inputs stage as for a
 * PTF call: the results so far are flushed, then the stage fills its record.
 *
 * Restore fails for a PTF call's state or another stage's in the checkpoint
 * (unless 'execution.state-recovery.ignore-unclaimed-state') and for a
 * shape that changed. Not thread-safe. */
#ifndef PTF_AGGREGATE_CHECKPOINT_H
#define PTF_AGGREGATE_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "checkpoint/ckpt_format.h"
#include "engine/inputs.h"
#include "engine/job.h"
#include "engine/job_checkpoint.h"

typedef struct agg_ckpt {
    job_ckpt_t k;
    const char *uid;
    const char *shape;               /* borrowed */
    const ckpt_stage_t *restored;    /* the state to start from, or NULL */
    bool opened;                     /* agg_ckpt_open ran (a zeroed agg_ckpt_t closes as a no-op) */
    const conn_sink_t *sink;         /* agg_ckpt_set_sink's (borrowed), or NULL */
} agg_ckpt_t;

/* Fills the stage's record at a barrier. */
typedef int (*agg_ckpt_fill_fn)(void *ctx, ckpt_image_t *img, ckpt_stage_t *st, char *err, size_t errlen);

/* Reads the settings (none for a view's query) and the checkpoint to start
 * from, with the checks above. Close it even on error. */
int agg_ckpt_open(agg_ckpt_t *c, job_env_t *env, bool view, const char *uid, const char *shape, char *err,
                  size_t errlen);
void agg_ckpt_close(agg_ckpt_t *c);

/* The query's sink, once open (may be NULL): checkpointed or restoring, a
 * filesystem sink writes part files committed with each checkpoint, a Kafka
 * sink's transaction commits with it (job_ckpt_restore_sink); its records go
 * into each checkpoint. */
int agg_ckpt_set_sink(agg_ckpt_t *c, const catalog_table_t *sink_table, const conn_sink_t *sink, char *err,
                      size_t errlen);

/* job_read_table with checkpoints: the restored positions' rows skipped,
 * barriers every interval (consumer->barrier is the stage's, calling
 * agg_ckpt_barrier), a stop signal ending the run with a savepoint. */
int agg_ckpt_read_table(agg_ckpt_t *c, const job_env_t *env, const catalog_table_t *t,
                        const inputs_consumer_t *consumer, char *err, size_t errlen);

/* Flushes the results and the sink (job_ckpt_sink_barrier), writes a
 * checkpoint (a savepoint when final, its path then in err) with the
 * stage's record and watermark, the sink committing as it is published. */
int agg_ckpt_barrier(agg_ckpt_t *c, const job_env_t *env, const inputs_position_t *pos, int n, bool final,
                     int64_t watermark, agg_ckpt_fill_fn fill, void *ctx, char *err, size_t errlen);

#endif

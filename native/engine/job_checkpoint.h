/* job_checkpoint.h - a query's checkpoints ("job_ckpt_"): the settings, the
 * checkpoint a run starts from, and taking one at a barrier of the inputs
 * stage (inputs.h). The files and their format are checkpoint/'s; each
 * stage's part comes through the stage's public API: the call's keyed state
 * (state/state_snapshot.h), its timers (timer_visit), its combined
 * watermark, the rows its ORDER BY holds back (ptf_op_visit_sorted), each
 * table's position (rows passed on; a Kafka source's offsets per partition),
 * a Kafka sink's transaction and a filesystem sink's committed parts.
 *
 * Settings (SET, Flink's names): 'execution.checkpointing.interval',
 * 'execution.checkpointing.dir' (or 'state.checkpoints.dir'),
 * 'execution.checkpointing.num-retained' (default 1),
 * 'execution.state-recovery.path', 'execution.state-recovery.ignore-unclaimed-state';
 * and 'ptfhost.resume' = 'true' (`ptfhost run --resume`): start from the
 * newest complete checkpoint or savepoint in the directory, if any.
 *
 * State is filed under the call's uid (the function name when the call
 * gives none, plan.c's rule). Restore fails for a uid in the checkpoint the
 * call does not claim (unless unclaimed state is allowed) and for a state
 * entry whose kind or type changed. Not thread-safe. */
#ifndef PTF_JOB_CHECKPOINT_H
#define PTF_JOB_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "catalog/catalog.h"
#include "checkpoint/ckpt_format.h"
#include "connectors/sink.h"
#include "connectors/source.h"
#include "engine/inputs.h"
#include "engine/job.h"
#include "engine/plan.h"

typedef struct job_ckpt {
    bool enabled;            /* checkpoints are taken (an interval and a directory) */
    char *dir;
    int64_t interval_ms;
    int retained;
    bool ignore_unclaimed;
    bool restoring;          /* `restored` holds the checkpoint the run starts from */
    ckpt_image_t restored;
    char restored_path[4200];
    uint64_t last_id;
    /* ptfhost's own settings (docs/checkpoints.md), for `ptfhost test`'s restart step: */
    bool stop_at_end;        /* 'ptfhost.checkpoint.stop-at-end': stop after the checkpoint the end of
                                the input takes, before the end-of-input watermark */
    bool quiet;              /* 'ptfhost.checkpoint.quiet': no "restoring from" lines on stderr */
    bool stats;              /* 'ptfhost.checkpoint.stats': each checkpoint's time and size on stderr */
    bool restore_watermark;  /* 'ptfhost.checkpoint.restore-watermark' (default true); false: as Flink,
                                which does not checkpoint watermarks */
    char last_path[4200];    /* the folder job_ckpt_take wrote last */
    const conn_sink_t *sink;       /* the sink at the last barrier (job_ckpt_sink_barrier) */
    conn_split_pos_t *restart_pos; /* job_ckpt_restart_splits' positions */
    bool scale_out;          /* 'ptfhost.scale-out': checkpoints per Kafka partition (partition_state.h);
                                nothing restores when the run starts */
} job_ckpt_t;

/* How a run stopped with a savepoint begins its message (the folder follows). */
#define JOB_CKPT_STOPPED "stopped with a savepoint: "

/* Reads the settings and loads the checkpoint to start from (telling
 * stderr which one, and any torn one skipped). Neither enabled nor
 * restoring when nothing is configured, or settings is NULL (a view's
 * query: never checkpointed). Free with job_ckpt_close. */
int job_ckpt_open(job_ckpt_t *k, const catalog_t *settings, const char *base_dir, char *err, size_t errlen);
void job_ckpt_close(job_ckpt_t *k);
static inline bool job_ckpt_active(const job_ckpt_t *k) { return k->enabled || k->restoring; }

/* What checkpoints cannot hold yet fails before the run (an upsert input's
 * last row per key, which the changelog normaliser keeps). */
int job_ckpt_check_plan(const job_ckpt_t *k, const plan_call_t *plan, char *err, size_t errlen);

/* Rows of each table (in inputs order) the restored checkpoint processed;
 * 0 for a table whose source restarts from its split positions. */
void job_ckpt_skip_rows(const job_ckpt_t *k, const inputs_table_t *tables, int n, uint64_t *rows);

/* The restored checkpoint's split positions (Kafka offsets) of each table
 * (in inputs order) into splits[i] (n 0: none); they live in k. */
void job_ckpt_restart_splits(job_ckpt_t *k, const inputs_table_t *tables, int n, inputs_splits_t *splits);

/* At a barrier, before job_ckpt_take: the sink makes what it wrote durable
 * (conn_sink_t.checkpoint: a Kafka flush); its transaction goes into the
 * checkpoint, and job_ckpt_take has it commit (checkpoint_commit) once the
 * checkpoint is written aside, just before it is published. sink may be
 * NULL (a view). */
int job_ckpt_sink_barrier(job_ckpt_t *k, const conn_sink_t *sink, char *err, size_t errlen);

/* Checkpointing or restoring, a sink with a resume hook (a filesystem sink)
 * learns it is checkpointed and the parts the restored checkpoint
 * committed. Restoring: a Kafka sink the checkpoint shows writing under another
 * transactional.id than sink has now leaves a transaction open under the
 * old one; it is fenced (aborted), as Flink aborts lingering transactions.
 * The same id needs nothing: the sink's own start fences it. */
int job_ckpt_restore_sink(const job_ckpt_t *k, const catalog_table_t *sink_table, const conn_sink_t *sink, char *err,
                          size_t errlen);

/* Seeds the call's operator from the restored checkpoint (state, timers,
 * watermark), after the compatibility checks. */
int job_ckpt_restore_call(job_ckpt_t *k, const job_call_state_t *call, int ntables, char *err, size_t errlen);

/* Scale-out (partition_state.h): seeds the call's state and timers from
 * img (loaded from path), with the restore checks; no watermark, no ORDER
 * BY rows. And the CALL record of the call (its state entries) in img. */
int job_ckpt_restore_image(const job_ckpt_t *k, const ckpt_image_t *img, const char *path,
                           const job_call_state_t *call, char *err, size_t errlen);
ckpt_call_t *job_ckpt_add_call(ckpt_image_t *img, const job_call_state_t *call);

/* Writes a checkpoint (a savepoint when `savepoint`) of the call at the
 * barrier; path receives its folder. The caller flushed the operator. */
int job_ckpt_take(job_ckpt_t *k, const job_call_state_t *call, const inputs_position_t *pos, int n, bool savepoint,
                  char *path, size_t pathlen, char *err, size_t errlen);

#endif

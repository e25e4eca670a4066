/* job_checkpoint.h - a query's checkpoints ("job_ckpt_"): the settings, the
 * checkpoint a run starts from, and taking one at a barrier of the inputs
 * stage (inputs.h). The files and their format are checkpoint/'s; each
 * stage's part comes through the stage's public API: the call's keyed state
 * (state/state_snapshot.h), its timers (timer_visit), its combined
 * watermark, the rows its ORDER BY holds back (ptf_op_visit_sorted), the
 * last row per key of an upsert input's normaliser (changelog_norm_visit), each
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
 * entry whose kind or type changed. Not thread-safe: one processing thread
 * (the file's write runs on checkpoint/ckpt_writer.h's thread). */
#ifndef PTF_JOB_CHECKPOINT_H
#define PTF_JOB_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "catalog/catalog.h"
#include "checkpoint/ckpt_format.h"
#include "connectors/sink.h"
#include "connectors/source.h"
#include "engine/changelog.h"
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
    const catalog_t *catalog;  /* the session's (settings and tables), NULL for a view's query */
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
    /* the checkpoint being written in the background (job_ckpt_take, job_ckpt_complete): */
    struct ckpt_writer *writer;
    bool pending;
    uint64_t pending_id, pending_values;
    changelog_norm_t *norm;  /* job_ckpt_set_normalizers: per table argument (signature order) */
    int nnorm;
    uint64_t unpruned;       /* the last checkpoint published, whose pruning the next write (or close) does */
    uint32_t pending_flags;
    double pending_snapshot_ms, pending_pause_ms; /* the processing thread's time on it */
    bool scale_out;          /* 'ptfhost.scale-out': checkpoints per Kafka partition (partition_state.h);
                                nothing restores when the run starts */
    size_t sink_buffer;      /* 'ptfhost.checkpoint.sink-buffer-bytes': what an exactly-once sink may hold
                                while a checkpoint is written (sink.h: hold); 0: it completes at its barrier */
    bool pending_holds, pending_full; /* the sink holds records for it; they reached the bound */
} job_ckpt_t;

#define JOB_CKPT_SINK_BUFFER_DEFAULT (16u << 20)

/* How a run stopped with a savepoint begins its message (the folder follows). */
#define JOB_CKPT_STOPPED "stopped with a savepoint: "

/* Reads the settings and loads the checkpoint to start from (telling
 * stderr which one, and any torn one skipped). Neither enabled nor
 * restoring when nothing is configured, or settings is NULL (a view's
 * query: never checkpointed). Free with job_ckpt_close. */
int job_ckpt_open(job_ckpt_t *k, const catalog_t *settings, const char *base_dir, char *err, size_t errlen);
void job_ckpt_close(job_ckpt_t *k);
static inline bool job_ckpt_active(const job_ckpt_t *k) { return k->enabled || k->restoring; }

/* job_ckpt_open for a query without state (a scan, its filters and
 * projections, UNION ALL): its checkpoints hold the sources' positions and
 * the sink's transaction or parts. A checkpoint holding a call's or a
 * stage's state is refused as unclaimed (unless
 * 'execution.state-recovery.ignore-unclaimed-state'). Under
 * 'ptfhost.scale-out' neither enabled nor restoring (it scales a call's
 * keys out; a plain query reads every partition). */
int job_ckpt_open_plain(job_ckpt_t *k, const catalog_t *settings, const char *base_dir, char *err, size_t errlen);

/* Checkpointing or restoring, the inputs stage's settings from k: the rows
 * to skip and the split positions to restart from (into skip and splits,
 * n of each, the caller's; they must outlive inputs_open), the barrier
 * interval, the stop flag, fresh watermarks. Nothing otherwise. */
void job_ckpt_inputs_config(job_ckpt_t *k, const inputs_table_t *tables, int n, uint64_t *skip,
                            inputs_splits_t *splits, inputs_config_t *cfg);

/* A table's end under 'ptfhost.checkpoint.stop-at-end': 0 the end goes on as
 * usual (also when k is NULL), 1 it is dropped (a table before the last),
 * -1 the run stops here, JOB_CKPT_STOPPED and the checkpoint the end took
 * in err. */
int job_ckpt_end(const job_ckpt_t *k, bool last, char *err, size_t errlen);

/* The call's changelog normalisers, one per table argument in signature
 * order (borrowed, outlive k's use): their last rows per key go into each
 * checkpoint (NORMALIZED) and come back on restore. */
static inline void job_ckpt_set_normalizers(job_ckpt_t *k, changelog_norm_t *norm, int n)
{
    k->norm = norm;
    k->nnorm = n;
}

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

/* ckpt_store_write_publish's publish for checkpoint id of k (ctx: a
 * job_ckpt_publish_t): the sink of the last job_ckpt_sink_barrier commits
 * (checkpoint_commit: an exactly-once Kafka sink's transaction, its
 * current lane's under scale-out) with the checkpoint's marker (kafka.h),
 * just before the rename. */
typedef struct job_ckpt_publish {
    const job_ckpt_t *k;
    uint64_t id;
} job_ckpt_publish_t;
int job_ckpt_publish_sink(void *ctx, char *err, size_t errlen);

/* After ckpt_store_load_latest(dir) filled restored and *found: when dir's
 * newest folder is an .inprogress checkpoint (newer than restored) that
 * decodes and records an exactly-once Kafka sink of k's catalog, whose
 * marker (kafka.h) names its id, it was killed between its commit and its
 * rename: it is published now (path: its folder), replaces restored, and
 * stderr says so. Otherwise nothing changes (a line says an exactly-once
 * one is not used). -1 with err when the marker cannot be read. */
int job_ckpt_promote_committed(const job_ckpt_t *k, const char *dir, ckpt_image_t *restored, bool *found,
                               char *path, size_t pathlen, char *err, size_t errlen);

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

/* Takes a checkpoint (a savepoint when `savepoint`) of the call (NULL: a
 * query without state, positions and sink only) at the barrier; path
 * receives its folder. The caller flushed the operator. The
 * snapshot is encoded here; the file is written in the background:
 * JOB_CKPT_PENDING, and job_ckpt_complete publishes it later. An
 * exactly-once Kafka sink (its transaction must not take records that
 * follow the barrier) holds them meanwhile (sink.h: hold; at its bound it
 * has the checkpoint complete first). A savepoint, and a checkpoint with
 * an exactly-once sink that cannot hold (lanes, or a sink buffer of 0),
 * complete here: 0. A previous checkpoint still pending is completed first
 * (one at a time). */
#define JOB_CKPT_PENDING INPUTS_BARRIER_PENDING
int job_ckpt_take(job_ckpt_t *k, const job_call_state_t *call, const inputs_position_t *pos, int n, bool savepoint,
                  char *path, size_t pathlen, char *err, size_t errlen);

/* A whole barrier: job_ckpt_sink_barrier, then job_ckpt_take; a final
 * one leaves JOB_CKPT_STOPPED and the savepoint's folder in err. */
int job_ckpt_barrier(job_ckpt_t *k, const conn_sink_t *sink, const job_call_state_t *call,
                     const inputs_position_t *pos, int n, bool final, char *err, size_t errlen);

/* Completes the pending checkpoint once its file is written aside (wait:
 * blocks until it is): the sink's checkpoint_commit, the rename, pruning
 * (ckpt_store_publish), on the calling (processing) thread. 1 complete (or
 * none pending), 0 still being written (only when !wait), -1 failed (the
 * write or the commit; the folder stays .inprogress). */
int job_ckpt_complete(job_ckpt_t *k, bool wait, char *err, size_t errlen);

/* A checkpoint built as an image (aggregate_checkpoint.h's stages), written
 * at once: the sink's records of the last job_ckpt_sink_barrier (a Kafka
 * transaction, a filesystem sink's parts) go in, and the sink commits while
 * it is published (ckpt_store_write_publish); path receives its folder. */
int job_ckpt_write_image(job_ckpt_t *k, ckpt_image_t *img, char *path, size_t pathlen, char *err, size_t errlen);

#endif

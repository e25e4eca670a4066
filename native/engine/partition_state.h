/* partition_state.h - scale-out over a Kafka consumer group ("pstate_").
 *
 * With SET 'ptfhost.scale-out' = 'true', several `ptfhost run` processes
 * with the same 'properties.group.id' split the partitions of the call's
 * Kafka table (connectors/source.h's subscribe). That is correct only when
 * every key lives in one partition, so the table's 'key.fields' must be the
 * call's PARTITION BY columns (pstate_check).
 *
 * State is kept per input partition: every key belongs to the partition
 * its rows came from (pstate_note_row), and a checkpoint writes one
 * checkpoint per partition this process reads, into
 * DIR/partitions/TOPIC-PARTITION/chk-N (the format of checkpoint/, with the
 * partition's KAFKA_OFFSET and the call's state and timers of its keys).
 * A partition the group assigns is restored from its newest complete
 * checkpoint (state, timers, offset); one it revokes is checkpointed first
 * (unless it was lost: another member owns it already) and its keys'
 * state and timers are dropped. docs/checkpoints.md, Scale-out.
 *
 * An 'exactly-once' Kafka sink writes through lanes (connectors/sink.h):
 * one transaction per input partition, the lane opened (fencing the
 * partition's previous writer) when the partition is assigned, committed
 * when the partition's checkpoint is published (its KAFKA_TXN record in
 * that checkpoint), closed when it is revoked (committed with its last
 * checkpoint, or aborted when lost). A filesystem sink does the same with
 * part files per input partition: a lane's part in progress is committed
 * (renamed into place) when the partition's checkpoint is published, which
 * records the lane's part count (its FILE_PARTS record); the lane opened
 * on assignment numbers on from the restored count. Each output row goes
 * to the lane of the partition of the key that produced it (pstate_route).
 *
 * Not thread-safe: everything runs on the query's thread (the rebalance
 * hook is called from within the source's next()). */
#ifndef PTF_PARTITION_STATE_H
#define PTF_PARTITION_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include "connectors/sink.h"
#include "connectors/source.h"
#include "engine/inputs.h"
#include "engine/job.h"
#include "engine/job_checkpoint.h"
#include "engine/output.h"
#include "engine/plan.h"

typedef struct pstate pstate_t;

/* What scale-out needs, checked before the run (k->scale_out): checkpoints
 * configured, one table argument, a 'kafka' table keyed ('key.fields') by
 * exactly the PARTITION BY columns, no ORDER BY, and an exactly-once
 * Kafka or a filesystem sink opened with lanes. 0, or -1 with err saying
 * what, where and the fix. */
int pstate_check(const job_ckpt_t *k, const plan_call_t *plan, const conn_sink_t *sink, char *err, size_t errlen);

/* Keeps the partition of each key of the call's Kafka table; k and out
 * (the call's output: its sink's lanes) outlive it. */
pstate_t *pstate_new(const job_ckpt_t *k, const plan_call_t *plan, output_t *out);
void pstate_free(pstate_t *ps);

/* row (of table argument 0, as the operator receives it) came from the
 * source's current split. */
void pstate_note_row(pstate_t *ps, const job_call_state_t *call, const row_t *row);

/* In the operator's emit callback, before the row goes to the output:
 * under lanes, the lane of the partition of the row's key (the operator's
 * origin) becomes the sink's current one. 0, or -1 with err. */
int pstate_route(pstate_t *ps, const job_call_state_t *call, char *err, size_t errlen);

/* The group assigned ev's partitions: each restored from its newest
 * complete checkpoint (the offset goes into ev); under lanes, its lane
 * opened (a filesystem sink's resumed at the checkpoint's part count). */
int pstate_assign(pstate_t *ps, const job_call_state_t *call, const conn_source_t *src, conn_rebalance_t *ev,
                  char *err, size_t errlen);

/* The group revokes ev's partitions: checkpointed at ev's positions (not
 * when lost), their lanes closed (aborted, or their part in progress
 * removed, when lost), then their keys dropped. The caller flushed the
 * operator and made the sink durable. */
int pstate_revoke(pstate_t *ps, const job_call_state_t *call, const conn_rebalance_t *ev, char *err,
                  size_t errlen);

/* A barrier: one checkpoint (savepoint) per partition in pos; path
 * receives DIR/partitions. */
int pstate_take(pstate_t *ps, const job_call_state_t *call, const inputs_position_t *pos, int n, bool savepoint,
                char *path, size_t pathlen, char *err, size_t errlen);

#endif

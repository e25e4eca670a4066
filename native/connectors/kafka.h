/* kafka.h - Flink's 'kafka' connector on librdkafka ("conn_kafka_").
 *
 * The source (kafka_source.c) reads the partitions of 'topic' (one name or
 * a ';' list), or of the topics 'topic-pattern' matches, itself, as Flink's
 * KafkaSource does; an unbounded source discovers new partitions and
 * topics every 'scan.topic-partition-discovery.interval'. 'properties.group.id'
 * names whose committed offsets 'group-offsets' reads; only a completed
 * checkpoint commits offsets to it (source.h's positions: a checkpoint
 * holds each partition's offset and a resumed run starts there; with
 * source.h's subscribe, used by 'ptfhost.scale-out', the source joins the
 * group and reads the partitions it assigns). 'scan.startup.mode' picks where each partition starts,
 * 'scan.bounded.mode' where it ends; a bounded source ends when every
 * partition has reached its end. The sink (kafka_sink.c) writes the value
 * format, keyed by 'key.fields' when 'key.format' is set, to the partition
 * Kafka's Java producer would pick (murmur2); 'sink.delivery-guarantee'
 * 'exactly-once' through transactions committed at checkpoints (sink.h's
 * checkpoint hook).
 *
 * The helpers below are shared by both halves:
 *   kafka_conf.c   'properties.*' into a librdkafka configuration
 *   kafka_codec.c  'key.format' / 'value.format' (or 'format') over the
 *                  table's physical columns, through format.h's codecs.
 *   kafka_metadata.c  the METADATA columns (metadata.h): read 'topic',
 *                  'partition', 'headers', 'leader-epoch', 'offset',
 *                  'timestamp', 'timestamp-type'; write 'headers', 'timestamp'.
 *
 * 'upsert-kafka' is the same code with the key taken from the PRIMARY KEY.
 *
 * Threading: a source or sink is used by one thread; librdkafka runs its
 * own threads behind the handle. */
#ifndef PTF_CONN_KAFKA_H
#define PTF_CONN_KAFKA_H

#include <librdkafka/rdkafka.h>
#include <stdbool.h>
#include <stddef.h>

#include "catalog/catalog.h"
#include "connectors/format.h"
#include "connectors/metadata.h"
#include "connectors/sink.h"
#include "connectors/source.h"
#include "util/buf.h"

/* upsert: 'upsert-kafka' - the PRIMARY KEY columns are the record key, a
 * record is an upsert of its key and a tombstone (null value) its DELETE;
 * the source starts at the earliest offset; the sink writes +I/+U as
 * records, -D as tombstones and drops -U. */
conn_source_t *conn_kafka_source_open(const catalog_table_t *t, bool upsert, char *err, size_t errlen);
/* lanes: an 'exactly-once' sink writes through sink.h's lanes, one
 * transactional producer per input partition (a scale-out job); otherwise
 * ignored. */
conn_sink_t *conn_kafka_sink_open(const catalog_table_t *t, bool upsert, bool lanes, char *err, size_t errlen);

/* Fences the transactional producer transactional_id in t's cluster (as a
 * producer of that id starting would): its open transaction, if any, is
 * aborted. For a restored checkpoint whose sink wrote under another
 * 'sink.transactional-id-prefix' than the sink has now. 0, or -1 with err. */
int conn_kafka_fence(const catalog_table_t *t, const char *transactional_id, char *err, size_t errlen);

/* ---- kafka_marker.c: the checkpoint marker ---------------------------------
 *
 * An exactly-once sink's transaction of a checkpoint's interval also
 * commits, atomically with its records, one offset for the consumer group
 * '<transactional.id>-ptfhost-checkpoints': on the sink's first topic,
 * partition 0, the offset is the id of the checkpoint being completed.
 * After a crash between that commit and the checkpoint's rename, restore
 * reads it back to tell whether the in-progress checkpoint's transaction
 * committed. The group never has members. */
#define CONN_KAFKA_MARKER_SUFFIX "-ptfhost-checkpoints"

/* The marker group of transactional_id into group (truncated to grouplen). */
void conn_kafka_marker_group(const char *transactional_id, char *group, size_t grouplen);

/* The marker transactional_id committed in t's cluster into *checkpoint_id
 * (0: none committed). A short-lived consumer of the marker group asks the
 * group's coordinator. 0, or -1 with err naming the table and the cause. */
int conn_kafka_marker_committed(const catalog_table_t *t, const char *transactional_id, uint64_t *checkpoint_id,
                                char *err, size_t errlen);

/* ---- kafka_conf.c ---------------------------------------------------------- */

/* A configuration with every 'properties.<name>' of t set: librdkafka's own
 * names as they are, Java client names that librdkafka spells differently
 * translated, Java-only settings with no librdkafka meaning (serializer
 * classes, max.poll.records) dropped. A property neither knows, or a value
 * librdkafka refuses, is an error naming it. Requires
 * 'properties.bootstrap.servers'. The caller owns the result. */
rd_kafka_conf_t *conn_kafka_conf_new(const catalog_table_t *t, char *err, size_t errlen);

/* Sets name to value unless the table's properties set it. */
int conn_kafka_conf_default(rd_kafka_conf_t *conf, const catalog_table_t *t, const char *name, const char *value,
                            char *err, size_t errlen);

/* The names in 'topic' (';'-separated, blanks trimmed; 'topic-pattern' is
 * an error: the sink's check), malloc'ed into
 * *names (free with conn_kafka_topics_free); 0, or -1 with err set. */
int conn_kafka_topics(const catalog_table_t *t, char ***names, int *n, char *err, size_t errlen);
void conn_kafka_topics_free(char **names, int n);

/* ---- kafka_codec.c ---------------------------------------------------------- */

/* How a record's key and value map to the table's columns: 'key.fields'
 * (';'-separated; upsert: the PRIMARY KEY columns; named with
 * 'key.fields-prefix' in the table, without it in the key),
 * 'value.fields-include' ALL (default) or EXCEPT_KEY. */
typedef struct conn_kafka_codec conn_kafka_codec_t;

conn_kafka_codec_t *conn_kafka_codec_new(const catalog_table_t *t, bool upsert, char *err, size_t errlen);
void conn_kafka_codec_free(conn_kafka_codec_t *c);
bool conn_kafka_codec_has_key(const conn_kafka_codec_t *c);

/* Decodes one record into *nrows rows of the table (0 for a bad record
 * skipped by ignore-parse-errors (*skipped) or a tombstone - upsert: one
 * -D carrying the key -, several for a debezium-json update). where names the record for messages. 0, or -1 with
 * err = the decoder's message (field path and an excerpt of the bytes). */
int conn_kafka_codec_decode(conn_kafka_codec_t *c, const void *key, size_t keylen, const void *value, size_t vallen,
                            const conn_where_t *where, row_t **rows, size_t *nrows, bool *skipped, arena_t *a,
                            char *err, size_t errlen);

/* Encodes row's key (when the codec has one) and value, without newlines;
 * upsert: a -D has no value (*tombstone). */
int conn_kafka_codec_encode(conn_kafka_codec_t *c, const row_t *row, buf_t *key, buf_t *value, bool *tombstone,
                            char *err, size_t errlen);

/* ---- kafka_errors.c --------------------------------------------------------- */

/* Confluent Cloud's 'error-handling.mode' for records that do not decode:
 * fail the job (default), ignore the record, or log it as a dead-letter
 * record to the topic 'error-handling.log.target' (default 'error_log') in
 * the table's cluster. */
typedef enum conn_kafka_errors_mode {
    CONN_KAFKA_ERRORS_FAIL, CONN_KAFKA_ERRORS_IGNORE, CONN_KAFKA_ERRORS_LOG,
} conn_kafka_errors_mode_t;
typedef struct conn_kafka_errors conn_kafka_errors_t;

/* NULL with err for an unknown mode or a producer librdkafka refuses. */
conn_kafka_errors_t *conn_kafka_errors_new(const catalog_table_t *t, char *err, size_t errlen);
conn_kafka_errors_mode_t conn_kafka_errors_mode(const conn_kafka_errors_t *e);
/* 'log': writes the dead-letter record of m, which failed with message;
 * other modes: nothing. -1 with err when the log topic cannot be written. */
int conn_kafka_errors_log(conn_kafka_errors_t *e, const rd_kafka_message_t *m, const char *message, char *err,
                          size_t errlen);
/* Waits (up to 10 s) for the dead-letter records still on their way. */
void conn_kafka_errors_free(conn_kafka_errors_t *e);

/* ---- kafka_metadata.c ------------------------------------------------------- */

/* Binds t's METADATA columns to the keys the source (or, writing, the sink)
 * offers; 0, or -1 with Flink's message. */
int conn_kafka_metadata_init(conn_metadata_t *m, const catalog_table_t *t, bool writing, char *err, size_t errlen);

/* Fills the metadata columns of the n rows decoded from record m. */
void conn_kafka_metadata_read(const conn_metadata_t *meta, const rd_kafka_message_t *m, row_t *rows, size_t n,
                              arena_t *a);

/* The record's timestamp (0: none, the producer's clock) and headers (NULL:
 * none; the caller owns them) from row, a row of all the table's columns. */
rd_kafka_headers_t *conn_kafka_metadata_write(const conn_metadata_t *meta, const row_t *row, int64_t *timestamp,
                                              arena_t *a);

#endif

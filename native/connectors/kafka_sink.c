/* kafka_sink.c - the 'kafka' table sink; see kafka.h.
 *
 * Records are keyed by 'key.fields' when 'key.format' is set and placed by
 * librdkafka's murmur2 partitioner, which is Java-compatible: a keyed record
 * lands on the partition Kafka's Java producer (and so Flink) would pick.
 * 'sink.partitioner' = 'fixed' writes everything to partition 0 (the
 * partition of Flink's single sink instance); 'default' and 'round-robin'
 * both leave keyless records to the producer's sticky partitioning, as
 * Flink leaves them to Kafka's. Delivery reports are counted as they come;
 * with 'at-least-once' (the default) a checkpoint and close() wait for
 * every record and fail the job if one was not delivered. 'exactly-once'
 * (with 'sink.transactional-id-prefix') writes through librdkafka's
 * transactional producer, transactional.id '<prefix>-0': opening fences an
 * earlier producer of that id (its open transaction is aborted), every
 * checkpoint commits the transaction of the interval before it once the
 * checkpoint is written aside, right before it is published, with the
 * checkpoint's marker (kafka.h), and begins the next; a successful end
 * commits the last and a failed one aborts it.
 * Opened with lanes (a scale-out job, sink.h), exactly-once writes through
 * one transactional producer per input partition instead,
 * transactional.id '<prefix>-<topic>-<partition>' of the input partition,
 * each committed with that partition's checkpoint; the codec, metadata,
 * keys and partitioner are the same for every lane.
 * While a checkpoint of the one producer is written in the background
 * (sink.h: hold), records are held in memory, in order, and produced into
 * the next transaction once the interval's has committed.
 * 'none' waits for nothing. upsert-kafka writes +I/+U as records and -D as
 * tombstones (null value) of their key, and drops -U. */
#include "connectors/kafka.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

#define KAFKA_TXN_TIMEOUT_MS 60000   /* init, commit and abort of a transaction */

typedef enum kafka_guarantee { GUARANTEE_NONE, GUARANTEE_AT_LEAST_ONCE, GUARANTEE_EXACTLY_ONCE } kafka_guarantee_t;

/* One producer: the sink's only one, or under lanes the one of an input
 * partition (topic, partition), each with its own transactional.id. */
typedef struct kafka_lane {
    rd_kafka_t *rk;
    rd_kafka_topic_t *rkt;
    char *transactional_id;         /* exactly-once, else NULL */
    unsigned long long transactions; /* committed so far */
    char *topic;                    /* lanes: the input partition it writes for */
    int32_t partition;
} kafka_lane_t;

/* A record to produce: key (NULL: none) and value (NULL: a tombstone). */
typedef struct kafka_record {
    const void *key, *value;
    size_t key_len, value_len;
    int64_t timestamp;
    rd_kafka_headers_t *headers;    /* may be NULL; taken over by send_record */
} kafka_record_t;

/* A record held across a checkpoint's background write: key and value at `at` in the held bytes. */
typedef struct held_record {
    size_t at, key_len, value_len;
    bool keyed, tombstone;
    int64_t timestamp;
    rd_kafka_headers_t *headers;    /* owned */
} held_record_t;

/* The records held while a checkpoint is written (sink.h: hold). */
typedef struct kafka_hold {
    bool on;
    size_t max_bytes, bytes;        /* the bound, and what the held records count against it */
    int (*full)(void *ctx, char *err, size_t errlen);
    void *ctx;
    buf_t data;                     /* keys and values, one after another */
    held_record_t *records;
    size_t n, cap;
} kafka_hold_t;

typedef struct kafka_sink {
    conn_sink_t base;
    const catalog_table_t *table;
    kafka_lane_t single;            /* without lanes: the producer */
    kafka_lane_t **lanes;           /* with lanes: one per input partition opened */
    int nlanes;
    kafka_lane_t *cur;              /* where writes go: &single, the current lane, or NULL */
    conn_kafka_codec_t *codec;
    conn_metadata_t meta;           /* the persisted METADATA columns: 'headers', 'timestamp' */
    arena_t row_arena;              /* the current row spread over the table's columns */
    char **topics;
    int ntopics;
    bool fixed;                     /* sink.partitioner = fixed */
    kafka_guarantee_t guarantee;    /* sink.delivery-guarantee */
    const char *prefix;             /* exactly-once: 'sink.transactional-id-prefix' */
    bool upsert;                    /* upsert-kafka: -D as tombstones, -U dropped */
    buf_t key, value;
    long failed;                    /* records the broker did not take */
    char first_failure[512];
    kafka_hold_t hold;
} kafka_sink_t;

static void on_delivery(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque)
{
    (void)rk;
    kafka_sink_t *ks = opaque;
    if (!m->err) return;
    if (ks->failed++ > 0) return;
    if (m->partition >= 0)
        snprintf(ks->first_failure, sizeof ks->first_failure, "partition %d: %s", (int)m->partition,
                 rd_kafka_err2str(m->err));
    else
        snprintf(ks->first_failure, sizeof ks->first_failure, "%s", rd_kafka_err2str(m->err));
}

static int parse_sink_options(kafka_sink_t *ks, char *err, size_t errlen)
{
    const catalog_table_t *t = ks->table;
    const char *p = catalog_table_option(t, "sink.partitioner");
    const char *g = catalog_table_option(t, "sink.delivery-guarantee");
    if (!g) g = catalog_table_option(t, "sink.semantic");   /* Flink's deprecated spelling */
    if (p && strcmp(p, "default") != 0 && strcmp(p, "fixed") != 0 && strcmp(p, "round-robin") != 0) {
        snprintf(err, errlen, "table '%s': 'sink.partitioner' = '%s': ptfhost runs no Java partitioner classes; "
                              "use 'default', 'fixed' or 'round-robin'", t->name, p);
        return -1;
    }
    ks->fixed = p && strcmp(p, "fixed") == 0;
    if (g && strcmp(g, "at-least-once") != 0 && strcmp(g, "none") != 0 && strcmp(g, "exactly-once") != 0) {
        snprintf(err, errlen, "table '%s': Could not parse value '%s' for key 'sink.delivery-guarantee'. Possible "
                              "values: at-least-once, exactly-once, none", t->name, g);
        return -1;
    }
    ks->guarantee = !g || strcmp(g, "at-least-once") == 0 ? GUARANTEE_AT_LEAST_ONCE
                  : strcmp(g, "none") == 0 ? GUARANTEE_NONE : GUARANTEE_EXACTLY_ONCE;
    ks->prefix = catalog_table_option(t, "sink.transactional-id-prefix");
    if (ks->guarantee == GUARANTEE_EXACTLY_ONCE && !ks->prefix) {
        snprintf(err, errlen, "table '%s': sink.transactional-id-prefix must be specified when using "
                              "DeliveryGuarantee.EXACTLY_ONCE.", t->name);
        return -1;
    }
    if (ks->ntopics != 1) {
        snprintf(err, errlen, "table '%s': a kafka sink writes one topic, but 'topic' names %d", t->name,
                 ks->ntopics);
        return -1;
    }
    return 0;
}

/* The lane's producer, under its transactional.id when it has one. */
static int producer_new(kafka_sink_t *ks, kafka_lane_t *lane, char *err, size_t errlen)
{
    const catalog_table_t *t = ks->table;
    rd_kafka_conf_t *conf = conn_kafka_conf_new(t, err, errlen);
    if (!conf) return -1;
    if (conn_kafka_conf_default(conf, t, "partitioner", "murmur2_random", err, errlen) != 0 ||
        (lane->transactional_id && conn_kafka_conf_default(conf, t, "transactional.id", lane->transactional_id, err,
                                                           errlen) != 0)) {
        rd_kafka_conf_destroy(conf);
        return -1;
    }
    rd_kafka_conf_set_dr_msg_cb(conf, on_delivery);
    rd_kafka_conf_set_opaque(conf, ks);
    char why[512];
    if (!(lane->rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, why, sizeof why))) {
        snprintf(err, errlen, "table '%s': cannot create the Kafka producer: %s", t->name, why);
        rd_kafka_conf_destroy(conf);
        return -1;
    }
    lane->rkt = rd_kafka_topic_new(lane->rk, ks->topics[0], NULL);
    return 0;
}

/* -1 with err naming what failed, for a transactional call's error (freed here); 0 for none. */
static int txn_failed(const catalog_table_t *t, const kafka_lane_t *lane, rd_kafka_error_t *e, const char *what,
                      char *err, size_t errlen)
{
    if (!e) return 0;
    snprintf(err, errlen, "table '%s': cannot %s the Kafka transaction of transactional.id '%s': %s%s", t->name,
             what, lane->transactional_id, rd_kafka_error_string(e),
             rd_kafka_error_is_fatal(e) ? " (fatal: another producer with this transactional.id fenced this one?)"
                                        : "");
    rd_kafka_error_destroy(e);
    return -1;
}

/* Exactly-once: fences earlier producers of the lane's transactional.id
 * (their open transaction is aborted) and begins the first transaction. */
static int txn_start(kafka_sink_t *ks, kafka_lane_t *lane, char *err, size_t errlen)
{
    if (ks->guarantee != GUARANTEE_EXACTLY_ONCE) return 0;
    if (txn_failed(ks->table, lane, rd_kafka_init_transactions(lane->rk, KAFKA_TXN_TIMEOUT_MS), "initialise", err,
                   errlen) != 0)
        return -1;
    return txn_failed(ks->table, lane, rd_kafka_begin_transaction(lane->rk), "begin", err, errlen);
}

/* The checkpoint marker (kafka.h) into the lane's open transaction. */
static rd_kafka_error_t *txn_mark(kafka_sink_t *ks, kafka_lane_t *lane, uint64_t checkpoint_id)
{
    char group[512];
    conn_kafka_marker_group(lane->transactional_id, group, sizeof group);
    rd_kafka_consumer_group_metadata_t *cgmd = rd_kafka_consumer_group_metadata_new(group);
    rd_kafka_topic_partition_list_t *offsets = rd_kafka_topic_partition_list_new(1);
    rd_kafka_topic_partition_list_add(offsets, ks->topics[0], 0)->offset = (int64_t)checkpoint_id;
    rd_kafka_error_t *e = rd_kafka_send_offsets_to_transaction(lane->rk, offsets, cgmd, KAFKA_TXN_TIMEOUT_MS);
    rd_kafka_topic_partition_list_destroy(offsets);
    rd_kafka_consumer_group_metadata_destroy(cgmd);
    return e;
}

/* Commits the lane's open transaction (librdkafka flushes it first), with
 * the marker of checkpoint_id unless 0; one that cannot commit is aborted,
 * so the job fails with nothing half-visible. */
static int txn_commit(kafka_sink_t *ks, kafka_lane_t *lane, uint64_t checkpoint_id, char *err, size_t errlen)
{
    rd_kafka_error_t *e = checkpoint_id ? txn_mark(ks, lane, checkpoint_id) : NULL;
    const char *what = e ? "mark the checkpoint in" : "commit";
    if (!e) e = rd_kafka_commit_transaction(lane->rk, KAFKA_TXN_TIMEOUT_MS);
    if (e && rd_kafka_error_txn_requires_abort(e)) {
        rd_kafka_error_t *a = rd_kafka_abort_transaction(lane->rk, KAFKA_TXN_TIMEOUT_MS);
        if (a) rd_kafka_error_destroy(a);
    }
    if (txn_failed(ks->table, lane, e, what, err, errlen) != 0) return -1;
    lane->transactions++;
    return 0;
}

/* Hands one record to the lane's producer; its headers pass to it on success. */
static rd_kafka_resp_err_t produce(kafka_sink_t *ks, kafka_lane_t *lane, const kafka_record_t *r)
{
    rd_kafka_vu_t vu[7] = {
        {.vtype = RD_KAFKA_VTYPE_RKT, .u.rkt = lane->rkt},
        {.vtype = RD_KAFKA_VTYPE_PARTITION, .u.i32 = ks->fixed ? 0 : RD_KAFKA_PARTITION_UA},
        {.vtype = RD_KAFKA_VTYPE_MSGFLAGS, .u.i = RD_KAFKA_MSG_F_COPY},
        {.vtype = RD_KAFKA_VTYPE_VALUE, .u.mem = {(void *)r->value, r->value_len}},
        {.vtype = RD_KAFKA_VTYPE_KEY, .u.mem = {(void *)r->key, r->key_len}},
        {.vtype = RD_KAFKA_VTYPE_TIMESTAMP, .u.i64 = r->timestamp},
        {.vtype = RD_KAFKA_VTYPE_HEADERS, .u.headers = r->headers},
    };
    rd_kafka_error_t *e = rd_kafka_produceva(lane->rk, vu, r->headers ? 7 : 6);
    rd_kafka_resp_err_t code = e ? rd_kafka_error_code(e) : RD_KAFKA_RESP_ERR_NO_ERROR;
    if (e) rd_kafka_error_destroy(e);
    return code;
}

/* Produces the record, waiting while the local queue is full; its headers are freed if it fails. */
static int send_record(kafka_sink_t *ks, kafka_lane_t *lane, const kafka_record_t *r, char *err, size_t errlen)
{
    rd_kafka_resp_err_t e;
    while ((e = produce(ks, lane, r)) == RD_KAFKA_RESP_ERR__QUEUE_FULL)
        rd_kafka_poll(lane->rk, 100);   /* the local queue is full: wait for deliveries */
    if (e) {
        if (r->headers) rd_kafka_headers_destroy(r->headers);
        snprintf(err, errlen, "table '%s': cannot write to topic '%s': %s", ks->table->name, ks->topics[0],
                 rd_kafka_err2str(e));
        return -1;
    }
    rd_kafka_poll(lane->rk, 0);
    return 0;
}

/* ---- holding records while a checkpoint is written (sink.h: hold) ---- */

#define HELD_RECORD_COST 64   /* what a held record counts against the bound besides its bytes */

static size_t headers_size(const rd_kafka_headers_t *headers)
{
    size_t n = 0, size;
    const char *name;
    const void *value;
    for (size_t i = 0; headers && rd_kafka_header_get_all(headers, i, &name, &value, &size) == 0; i++)
        n += strlen(name) + size;
    return n;
}

static void hold_drop(kafka_hold_t *h)
{
    for (size_t i = 0; i < h->n; i++)
        if (h->records[i].headers) rd_kafka_headers_destroy(h->records[i].headers);
    h->n = h->bytes = 0;
    buf_clear(&h->data);
    h->on = false;
}

/* Produces the held records in order into the lane's open transaction, and stops holding. */
static int hold_release(kafka_sink_t *ks, char *err, size_t errlen)
{
    kafka_hold_t *h = &ks->hold;
    int rc = 0;
    for (size_t i = 0; i < h->n && rc == 0; i++) {
        const held_record_t *hr = &h->records[i];
        const unsigned char *at = (const unsigned char *)h->data.data + hr->at;
        kafka_record_t r = {hr->keyed ? at : NULL, hr->tombstone ? NULL : at + hr->key_len, hr->key_len,
                            hr->value_len, hr->timestamp, hr->headers};
        rc = send_record(ks, ks->cur, &r, err, errlen);
        h->records[i].headers = NULL;   /* the producer's now, or freed */
    }
    hold_drop(h);
    return rc;
}

/* Holds a record; at the bound, first has the checkpoint complete (which
 * releases what is held) and then produces it. */
static int hold_record(kafka_sink_t *ks, const kafka_record_t *r, char *err, size_t errlen)
{
    kafka_hold_t *h = &ks->hold;
    size_t size = r->key_len + r->value_len + headers_size(r->headers) + HELD_RECORD_COST;
    if (h->bytes + size > h->max_bytes) {
        int rc = h->full(h->ctx, err, errlen);
        if (rc == 0 && h->on) {
            snprintf(err, errlen, "internal: table '%s': the checkpoint completed without its commit",
                     ks->table->name);
            rc = -1;
        }
        if (rc == 0) return send_record(ks, ks->cur, r, err, errlen);
        if (r->headers) rd_kafka_headers_destroy(r->headers);
        return -1;
    }
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 1024;
        h->records = xrealloc(h->records, h->cap * sizeof *h->records);
    }
    h->records[h->n++] = (held_record_t){h->data.len, r->key_len, r->value_len, r->key != NULL, r->value == NULL,
                                         r->timestamp, r->headers};
    if (r->key_len) buf_append(&h->data, r->key, r->key_len);
    if (r->value_len) buf_append(&h->data, r->value, r->value_len);
    h->bytes += size;
    ks->base.held++;
    return 0;
}

static void kafka_sink_hold(conn_sink_t *s, size_t max_bytes, int (*full)(void *ctx, char *err, size_t errlen),
                            void *ctx)
{
    kafka_sink_t *ks = (kafka_sink_t *)s;
    ks->hold.on = true;
    ks->hold.max_bytes = max_bytes;
    ks->hold.full = full;
    ks->hold.ctx = ctx;
    s->held = 0;
}

static int kafka_write(conn_sink_t *s, const row_t *row, char *err, size_t errlen)
{
    kafka_sink_t *ks = (kafka_sink_t *)s;
    kafka_lane_t *lane = ks->cur;
    if (!lane) {
        snprintf(err, errlen, "internal: table '%s': a row reached the exactly-once sink with no lane chosen "
                              "(the input partition it belongs to is unknown)", ks->table->name);
        return -1;
    }
    if (ks->upsert && row->kind == ROW_UPDATE_BEFORE) return 0;   /* the +U that follows replaces it */
    row_t full = *row;
    arena_reset(&ks->row_arena);
    if (ks->table->nmetadata)   /* the sink receives the persisted columns; the codec reads all of them */
        conn_metadata_spread(ks->table, catalog_column_is_persisted, row, &full, &ks->row_arena);
    bool tombstone;
    if (conn_kafka_codec_encode(ks->codec, &full, &ks->key, &ks->value, &tombstone, err, errlen) != 0) return -1;
    bool keyed = conn_kafka_codec_has_key(ks->codec);
    kafka_record_t r = {keyed ? ks->key.data : NULL, tombstone ? NULL : ks->value.data, keyed ? ks->key.len : 0,
                        tombstone ? 0 : ks->value.len, 0, NULL};
    r.headers = conn_kafka_metadata_write(&ks->meta, &full, &r.timestamp, &ks->row_arena);
    if ((ks->hold.on ? hold_record(ks, &r, err, errlen) : send_record(ks, lane, &r, err, errlen)) != 0) return -1;
    s->rows++;
    return 0;
}

/* Waits until every record of the lane is delivered or has failed (each
 * fails after the producer's delivery.timeout.ms at the latest). */
static void drain(kafka_lane_t *lane)
{
    while (rd_kafka_outq_len(lane->rk) > 0) rd_kafka_flush(lane->rk, 1000);
}

static int undelivered(const kafka_sink_t *ks, char *err, size_t errlen)
{
    snprintf(err, errlen, "table '%s': %ld record%s not delivered to topic '%s' (first: %s); "
                          "'sink.delivery-guarantee' is 'at-least-once'", ks->table->name, ks->failed,
             ks->failed == 1 ? " was" : "s were", ks->topics[0], ks->first_failure);
    return -1;
}

/* A checkpoint barrier (sink.h): at-least-once and exactly-once wait for
 * every record so far, of every lane (exactly-once: so the commit that
 * publishes the checkpoint has nothing left to send). */
static int kafka_sink_checkpoint(conn_sink_t *s, char *err, size_t errlen)
{
    kafka_sink_t *ks = (kafka_sink_t *)s;
    if (ks->guarantee == GUARANTEE_NONE) return 0;
    if (ks->single.rk) drain(&ks->single);
    for (int i = 0; i < ks->nlanes; i++) drain(ks->lanes[i]);
    if (ks->failed == 0) return 0;
    if (ks->guarantee == GUARANTEE_AT_LEAST_ONCE) return undelivered(ks, err, errlen);
    return 0;   /* exactly-once: the commit fails for them */
}

/* The lane's transaction becomes the sink's (sink.h: transactional_id, transactions). */
static void show_lane(kafka_sink_t *ks)
{
    ks->base.transactional_id = ks->cur ? ks->cur->transactional_id : NULL;
    ks->base.transactions = ks->cur ? ks->cur->transactions : 0;
}

/* The checkpoint is written aside (sink.h): exactly-once commits the
 * current lane's transaction of the interval, begins the next and
 * produces into it what was held meanwhile. */
static int kafka_sink_checkpoint_commit(conn_sink_t *s, uint64_t checkpoint_id, char *err, size_t errlen)
{
    kafka_sink_t *ks = (kafka_sink_t *)s;
    if (ks->guarantee != GUARANTEE_EXACTLY_ONCE || !ks->cur) return 0;
    int rc = txn_commit(ks, ks->cur, checkpoint_id, err, errlen);
    if (rc == 0) rc = txn_failed(ks->table, ks->cur, rd_kafka_begin_transaction(ks->cur->rk), "begin", err, errlen);
    if (rc == 0 && ks->hold.on) rc = hold_release(ks, err, errlen);
    show_lane(ks);
    return rc;
}

/* Ends the lane's producer: commits (or, !commit, aborts or purges) what
 * it holds, waits for its records, and frees it. */
static int lane_end(kafka_sink_t *ks, kafka_lane_t *lane, bool commit, char *err, size_t errlen)
{
    int rc = 0;
    if (!lane->rk) goto free_lane;
    if (ks->guarantee == GUARANTEE_EXACTLY_ONCE) {
        rd_kafka_error_t *e = commit ? NULL : rd_kafka_abort_transaction(lane->rk, KAFKA_TXN_TIMEOUT_MS);
        if (e) rd_kafka_error_destroy(e);   /* a failed job or a lost lane: nothing of it may show */
        if (commit) rc = txn_commit(ks, lane, 0, err, errlen);
    } else if (!commit) {
        rd_kafka_purge(lane->rk, RD_KAFKA_PURGE_F_QUEUE | RD_KAFKA_PURGE_F_INFLIGHT);   /* a failed job */
    }
    drain(lane);
    if (lane->rkt) rd_kafka_topic_destroy(lane->rkt);
    rd_kafka_destroy(lane->rk);
free_lane:
    free(lane->transactional_id);
    free(lane->topic);
    memset(lane, 0, sizeof *lane);
    return rc;
}

/* ---- lanes: one transactional producer per input partition (sink.h) ---- */

static kafka_lane_t *lane_find(const kafka_sink_t *ks, const char *topic, int32_t partition)
{
    for (int i = 0; i < ks->nlanes; i++)
        if (ks->lanes[i]->partition == partition && strcmp(ks->lanes[i]->topic, topic) == 0) return ks->lanes[i];
    return NULL;
}

/* A new lane, transactional.id '<prefix>-<topic>-<partition>': starting
 * fences the producer of a member that wrote for the partition before. */
static kafka_lane_t *lane_open(kafka_sink_t *ks, const char *topic, int32_t partition, char *err, size_t errlen)
{
    kafka_lane_t *lane = xcalloc(1, sizeof *lane);
    lane->topic = xstrdup(topic);
    lane->partition = partition;
    size_t n = strlen(ks->prefix) + strlen(topic) + 16;
    lane->transactional_id = xmalloc(n);
    snprintf(lane->transactional_id, n, "%s-%s-%d", ks->prefix, topic, (int)partition);
    if (producer_new(ks, lane, err, errlen) != 0 || txn_start(ks, lane, err, errlen) != 0) {
        char ignored[256];
        lane_end(ks, lane, false, ignored, sizeof ignored);
        free(lane);
        return NULL;
    }
    ks->lanes = xrealloc(ks->lanes, (size_t)(ks->nlanes + 1) * sizeof *ks->lanes);
    ks->lanes[ks->nlanes++] = lane;
    return lane;
}

static int kafka_sink_lane(conn_sink_t *s, const char *topic, int32_t partition, char *err, size_t errlen)
{
    kafka_sink_t *ks = (kafka_sink_t *)s;
    kafka_lane_t *lane = lane_find(ks, topic, partition);
    if (!lane && !(lane = lane_open(ks, topic, partition, err, errlen))) return -1;
    ks->cur = lane;
    show_lane(ks);
    return 0;
}

static int kafka_sink_lane_close(conn_sink_t *s, bool commit, char *err, size_t errlen)
{
    kafka_sink_t *ks = (kafka_sink_t *)s;
    kafka_lane_t *lane = ks->cur;
    if (!lane) return 0;
    ks->cur = NULL;
    show_lane(ks);
    int i = 0;
    while (ks->lanes[i] != lane) i++;
    ks->lanes[i] = ks->lanes[--ks->nlanes];
    int rc = lane_end(ks, lane, commit, err, errlen);
    free(lane);
    return rc;
}

/* ---- open and close ---- */

static void kafka_sink_free(kafka_sink_t *ks)
{
    hold_drop(&ks->hold);
    buf_free(&ks->hold.data);
    free(ks->hold.records);
    conn_kafka_codec_free(ks->codec);
    conn_metadata_free(&ks->meta);
    arena_destroy(&ks->row_arena);
    conn_kafka_topics_free(ks->topics, ks->ntopics);
    buf_free(&ks->key);
    buf_free(&ks->value);
    free(ks->lanes);
    free(ks);
}

/* Ends every producer (the first error is kept), then frees the sink. */
static int kafka_sink_close(conn_sink_t *s, bool commit, char *err, size_t errlen)
{
    kafka_sink_t *ks = (kafka_sink_t *)s;
    char lerr[1024];
    int rc = commit && ks->hold.on ? hold_release(ks, err, errlen) : 0;   /* a failed job drops them (free) */
    if (rc != 0) commit = false;
    if (lane_end(ks, &ks->single, commit, rc == 0 ? err : lerr, rc == 0 ? errlen : sizeof lerr) != 0) rc = -1;
    for (int i = 0; i < ks->nlanes; i++) {
        if (lane_end(ks, ks->lanes[i], commit, rc == 0 ? err : lerr, rc == 0 ? errlen : sizeof lerr) != 0) rc = -1;
        free(ks->lanes[i]);
    }
    if (rc == 0 && commit && ks->guarantee == GUARANTEE_AT_LEAST_ONCE && ks->failed > 0)
        rc = undelivered(ks, err, errlen);
    kafka_sink_free(ks);
    return rc;
}

int conn_kafka_fence(const catalog_table_t *t, const char *transactional_id, char *err, size_t errlen)
{
    kafka_lane_t lane = {.transactional_id = (char *)transactional_id};
    rd_kafka_conf_t *conf = conn_kafka_conf_new(t, err, errlen);
    if (!conf) return -1;
    char why[512];
    if (rd_kafka_conf_set(conf, "transactional.id", transactional_id, why, sizeof why) != RD_KAFKA_CONF_OK ||
        !(lane.rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, why, sizeof why))) {
        snprintf(err, errlen, "table '%s': cannot create a producer to fence transactional.id '%s': %s", t->name,
                 transactional_id, why);
        rd_kafka_conf_destroy(conf);
        return -1;
    }
    int rc = txn_failed(t, &lane, rd_kafka_init_transactions(lane.rk, KAFKA_TXN_TIMEOUT_MS), "fence", err, errlen);
    rd_kafka_destroy(lane.rk);
    return rc;
}

/* Without lanes, the one producer: exactly-once under transactional.id
 * '<prefix>-0' (Flink's '<prefix>-<subtask>' with one subtask). */
static int single_open(kafka_sink_t *ks, char *err, size_t errlen)
{
    if (ks->guarantee == GUARANTEE_EXACTLY_ONCE) {
        size_t n = strlen(ks->prefix) + 3;
        ks->single.transactional_id = xmalloc(n);
        snprintf(ks->single.transactional_id, n, "%s-0", ks->prefix);
    }
    if (producer_new(ks, &ks->single, err, errlen) != 0 || txn_start(ks, &ks->single, err, errlen) != 0) return -1;
    ks->cur = &ks->single;
    show_lane(ks);
    return 0;
}

conn_sink_t *conn_kafka_sink_open(const catalog_table_t *t, bool upsert, bool lanes, char *err, size_t errlen)
{
    kafka_sink_t *ks = xcalloc(1, sizeof *ks);
    ks->base.write = kafka_write;
    ks->base.close = kafka_sink_close;
    ks->base.schema = catalog_table_persisted(t);
    ks->base.accepts_updates = upsert;   /* 'kafka' is append-only */
    ks->base.checkpoint = kafka_sink_checkpoint;
    ks->base.checkpoint_commit = kafka_sink_checkpoint_commit;
    ks->base.transactional_table = t->name;
    ks->table = t;
    ks->upsert = upsert;
    arena_init(&ks->row_arena, 0);
    if (conn_kafka_topics(t, &ks->topics, &ks->ntopics, err, errlen) != 0 ||
        parse_sink_options(ks, err, errlen) != 0 || !(ks->codec = conn_kafka_codec_new(t, upsert, err, errlen)) ||
        conn_kafka_metadata_init(&ks->meta, t, true, err, errlen) != 0)
        goto fail;
    if (lanes && ks->guarantee == GUARANTEE_EXACTLY_ONCE) {
        ks->base.lane = kafka_sink_lane;
        ks->base.lane_close = kafka_sink_lane_close;
        return &ks->base;
    }
    if (ks->guarantee == GUARANTEE_EXACTLY_ONCE) ks->base.hold = kafka_sink_hold;
    if (single_open(ks, err, errlen) == 0) return &ks->base;
fail:;
    char ignored[256];
    lane_end(ks, &ks->single, false, ignored, sizeof ignored);
    kafka_sink_free(ks);
    return NULL;
}

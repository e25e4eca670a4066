/* kafka_source.c - the 'kafka' table source; see kafka.h.
 *
 * Opening goes in stages: read the startup and bounded modes, create the
 * consumer, list the partitions of every topic, resolve where each starts
 * (assigned to the consumer) and, when bounded, where each ends. A
 * partition is done when a record at or past its end offset arrives or
 * librdkafka reports the end of the partition at or past it.
 *
 * Each partition is a split (source.h): rows carry their partition's index
 * in parts, a partition that is done is reported once as CONN_SRC_SPLIT_END
 * after its last row, and a poll that brings no row within the caller's
 * wait_ms returns CONN_SRC_IDLE instead of blocking.
 *
 * Positions (source.h): each partition keeps where it stands after the
 * rows returned, the next offset and how many rows of the record there
 * were returned (a record may decode into several rows). A checkpoint
 * takes them, a restored run assigns each partition from them (Flink's
 * rule: the checkpoint wins over the group's committed offsets), and only
 * a completed checkpoint commits them to the consumer group.
 *
 * Group mode (subscribe(), source.h's Consumer groups): the source joins
 * 'properties.group.id' with librdkafka's subscription instead of
 * assigning every partition; the rebalance callback tells the caller's hook
 * what goes and what comes before librdkafka applies it (eager protocol,
 * librdkafka's default assignors, or cooperative-sticky when the table's
 * 'properties.partition.assignment.strategy' asks for it: the callback
 * follows rd_kafka_rebalance_protocol). A revoked partition's split ends;
 * a partition assigned again becomes a new split. */
#include "connectors/kafka.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <regex.h>
#include <time.h>

#include "util/duration.h"
#include "util/xalloc.h"

#define KAFKA_TIMEOUT_MS 30000   /* metadata and offset look-ups */
#define KAFKA_POLL_MS 200        /* the wait until a caller sets wait_ms */
#define KAFKA_BATCH 1024         /* messages taken from the consumer's queue at once */

typedef enum kafka_pos_kind {
    POS_UNBOUNDED, POS_EARLIEST, POS_LATEST, POS_GROUP, POS_TIMESTAMP, POS_SPECIFIC,
} kafka_pos_kind_t;

/* A 'scan.startup.*' or 'scan.bounded.*' setting. */
typedef struct kafka_pos {
    kafka_pos_kind_t kind;
    int64_t timestamp;                 /* POS_TIMESTAMP */
    int64_t *offsets;                  /* POS_SPECIFIC: by partition number, -1 = not given */
    int noffsets;
} kafka_pos_t;

/* A topic read: 'topic' names them; 'topic-pattern' matches them, when
 * the source opens and at each discovery. */
typedef struct kafka_topic {
    char *name;
    int *split;                        /* parts index by partition number */
    int npartitions;                   /* known so far */
} kafka_topic_t;

typedef struct kafka_part {
    int topic;                         /* index into topics */
    int32_t partition;
    int64_t end;                       /* first offset not read; INT64_MAX: unbounded */
    bool done;
    char *place;                       /* "topic-partition", as Kafka's TopicPartition prints */
    bool reported;                     /* its CONN_SRC_SPLIT_END was returned */
    int64_t next;                      /* the position: next offset (or a logical one), */
    uint32_t skip;                     /* and rows of the record there already returned */
    uint32_t drop;                     /* restored: rows of the record at `next` not to return again */
} kafka_part_t;

typedef struct kafka_source {
    conn_source_t base;
    rd_kafka_t *rk;
    conn_kafka_codec_t *codec;
    conn_kafka_errors_t *errors;       /* 'error-handling.mode' */
    conn_metadata_t meta;              /* the METADATA columns */
    kafka_topic_t *topics;
    int ntopics;
    bool has_pattern;
    regex_t pattern;                   /* 'topic-pattern', anchored at both ends */
    /* Discovery ('scan.topic-partition-discovery.interval', unbounded
     * sources only): every discover_ms (0: never) the topics' metadata is
     * read again and new partitions (and matching topics) are assigned
     * from their earliest offset, as Flink's enumerator does. */
    int64_t discover_ms, next_discover_ms;
    kafka_part_t *parts;
    int nparts, nleft, nreported;
    bool bounded;                      /* 'scan.bounded.mode' is not unbounded */
    char group[512];                   /* the consumer's group.id, for messages */
    /* Brokers away: since when (CLOCK_MONOTONIC ms, 0 = not away) and for
     * how long the job waits ('properties.default.api.timeout.ms'). */
    int64_t away_since_ms, away_timeout_ms;
    /* The rows of the last record (several for a debezium-json update);
     * their strings may point into its payload, so the record is held
     * until the next poll. */
    arena_t record_arena;
    row_t *rows;
    size_t nrows, next_row;
    rd_kafka_message_t *held;
    int rows_split;                    /* the parts index the rows came from */
    int64_t rows_offset;               /* and the record's offset */
    int last_split;                    /* the split of the last row returned (-1: none yet) */
    conn_split_pos_t *pos;             /* positions(), per part */
    kafka_pos_t start;                 /* 'scan.startup.*' */
    rd_kafka_topic_partition_list_t *assignment;   /* where each starts, until the first next() assigns it */
    rd_kafka_topic_partition_list_t *committed;    /* the last checkpoint's offsets, committed again at close */
    /* Messages taken from the consumer's queue and not yet looked at
     * (batch[next_msg..nbatch-1]), owned by the source. */
    rd_kafka_queue_t *queue;
    rd_kafka_message_t *batch[KAFKA_BATCH];
    int nbatch, next_msg;
    /* The topic of the last message (most are of the same one). */
    const rd_kafka_topic_t *last_rkt;
    int last_topic;
    /* Group mode: the caller's hook, and its error when it failed inside
     * the rebalance callback (poll_once returns it). */
    bool group_mode;
    conn_rebalance_fn hook;
    void *hook_ctx;
    bool hook_failed;
    char hook_err[2048];
} kafka_source_t;

/* ---- modes ---------------------------------------------------------------- */

/* 'partition:0,offset:42;partition:1,offset:300' */
static int parse_specific(const catalog_table_t *t, const char *key, const char *text, kafka_pos_t *pos, char *err,
                          size_t errlen)
{
    for (const char *p = text; *p;) {
        int partition, used = 0;
        long long offset;
        if (sscanf(p, " partition:%d,offset:%lld%n", &partition, &offset, &used) != 2 || partition < 0 ||
            partition > 1000000 || offset < 0) {
            snprintf(err, errlen, "table '%s': Invalid properties '%s' should follow the format "
                     "'partition:0,offset:42;partition:1,offset:300', but is '%s'.", t->name, key, text);
            return -1;
        }
        if (partition >= pos->noffsets) {
            pos->offsets = xrealloc(pos->offsets, (size_t)(partition + 1) * sizeof *pos->offsets);
            for (int i = pos->noffsets; i <= partition; i++) pos->offsets[i] = -1;
            pos->noffsets = partition + 1;
        }
        pos->offsets[partition] = offset;
        p += used;
        while (*p == ' ' || *p == ';') p++;
    }
    return 0;
}

/* Reads '<prefix>.mode' and its companion option; which = "startup" or "bounded". */
static int parse_mode(const catalog_table_t *t, const char *which, kafka_pos_t *pos, char *err, size_t errlen)
{
    char key[64], companion[80];
    snprintf(key, sizeof key, "scan.%s.mode", which);
    const char *mode = catalog_table_option(t, key);
    bool startup = strcmp(which, "startup") == 0;
    memset(pos, 0, sizeof *pos);
    pos->kind = startup ? POS_GROUP : POS_UNBOUNDED;   /* Flink's defaults */
    if (!mode) return 0;
    static const struct { const char *name; kafka_pos_kind_t kind; } modes[] = {
        {"earliest-offset", POS_EARLIEST}, {"latest-offset", POS_LATEST}, {"group-offsets", POS_GROUP},
        {"timestamp", POS_TIMESTAMP}, {"specific-offsets", POS_SPECIFIC}, {"unbounded", POS_UNBOUNDED},
    };
    size_t i = 0, n = sizeof modes / sizeof modes[0];
    while (i < n && (strcmp(mode, modes[i].name) != 0 || modes[i].kind == (startup ? POS_UNBOUNDED : POS_EARLIEST)))
        i++;
    if (i == n) {
        snprintf(err, errlen, "table '%s': Could not parse value '%s' for key '%s'. Possible values: %s", t->name,
                 mode, key, startup ? "earliest-offset, latest-offset, group-offsets, timestamp, specific-offsets"
                                    : "unbounded, latest-offset, group-offsets, timestamp, specific-offsets");
        return -1;
    }
    pos->kind = modes[i].kind;
    if (pos->kind != POS_TIMESTAMP && pos->kind != POS_SPECIFIC) return 0;
    snprintf(companion, sizeof companion, "scan.%s.%s", which,
             pos->kind == POS_TIMESTAMP ? "timestamp-millis" : "specific-offsets");
    const char *v = catalog_table_option(t, companion);
    if (!v) {
        snprintf(err, errlen, "table '%s': '%s' is required in '%s' %s mode but missing.", t->name, companion, mode,
                 which);
        return -1;
    }
    if (pos->kind == POS_SPECIFIC) return parse_specific(t, companion, v, pos, err, errlen);
    char *end;
    errno = 0;
    pos->timestamp = strtoll(v, &end, 10);
    if (errno || end == v || *end || pos->timestamp < 0) {
        snprintf(err, errlen, "table '%s': '%s' must be epoch milliseconds, not '%s'", t->name, companion, v);
        return -1;
    }
    return 0;
}

/* How long the job waits for brokers that are away: Java's
 * 'default.api.timeout.ms' (the limit of a blocking client call, 60000
 * by default), which librdkafka does not have. */
static int away_timeout(kafka_source_t *ks, char *err, size_t errlen)
{
    const char *v = catalog_table_option(ks->base.table, "properties.default.api.timeout.ms");
    ks->away_timeout_ms = 60000;
    if (!v) return 0;
    char *end;
    errno = 0;
    long long ms = strtoll(v, &end, 10);
    if (errno || end == v || *end || ms < 1) {
        snprintf(err, errlen, "table '%s': 'properties.default.api.timeout.ms' must be a positive number of "
                 "milliseconds, not '%s'", ks->base.table->name, v);
        return -1;
    }
    ks->away_timeout_ms = ms;
    return 0;
}

static int64_t clock_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* While the brokers are away (a consumer error the consumer retries, and
 * no message since), -1 with err once they have been for the timeout. */
static int check_away(kafka_source_t *ks, char *err, size_t errlen)
{
    if (!ks->away_since_ms || clock_ms() - ks->away_since_ms < ks->away_timeout_ms) return 0;
    const char *servers = catalog_table_option(ks->base.table, "properties.bootstrap.servers");
    snprintf(err, errlen, "table '%s': no Kafka broker of '%s' (properties.bootstrap.servers) has answered for "
             "%" PRId64 " ms; the job waits for brokers that are away up to 'properties.default.api.timeout.ms' "
             "(default 60000)", ks->base.table->name, servers, ks->away_timeout_ms);
    return -1;
}

/* ---- the consumer ------------------------------------------------------------ */

/* How the consumer fetches, unless the table's properties say otherwise.
 * librdkafka stops fetching while its queue holds queued.min.messages
 * (100000, over all partitions of the handle) and looks again only about
 * once a second, so a reader that drains the queue quickly waits; the
 * queue's size stays bounded by queued.max.messages.kbytes. A bounded read
 * also asks the brokers not to hold an empty fetch for long
 * (fetch.wait.max.ms, 500 by default): a partition's end is seen on one. */
static int fetch_defaults(rd_kafka_conf_t *conf, const catalog_table_t *t, bool bounded, char *err, size_t errlen)
{
    if (conn_kafka_conf_default(conf, t, "queued.min.messages", "1000000", err, errlen) != 0) return -1;
    return bounded ? conn_kafka_conf_default(conf, t, "fetch.wait.max.ms", "100", err, errlen) : 0;
}

static bool retried_error(rd_kafka_resp_err_t e)
{
    return e == RD_KAFKA_RESP_ERR__TRANSPORT || e == RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN ||
           e == RD_KAFKA_RESP_ERR__TIMED_OUT || e == RD_KAFKA_RESP_ERR__RESOLVE;
}

/* The client's own errors (a broker disconnected, all brokers down) come
 * here from within rd_kafka_consumer_poll, on the source's thread. */
static void on_client_error(rd_kafka_t *rk, int e, const char *reason, void *opaque)
{
    (void)rk, (void)reason;
    kafka_source_t *ks = opaque;
    if (retried_error((rd_kafka_resp_err_t)e) && !ks->away_since_ms) ks->away_since_ms = clock_ms();
}

static void on_rebalance(rd_kafka_t *rk, rd_kafka_resp_err_t e, rd_kafka_topic_partition_list_t *l, void *opaque);

static int consumer_new(kafka_source_t *ks, const kafka_pos_t *start, const kafka_pos_t *end, char *err,
                        size_t errlen)
{
    const catalog_table_t *t = ks->base.table;
    rd_kafka_conf_t *conf = conn_kafka_conf_new(t, err, errlen);
    if (!conf) return -1;
    char group[512];
    snprintf(group, sizeof group, "ptfhost-%s", t->name);
    /* Flink's choices where librdkafka's defaults differ: nothing is
     * committed automatically (only completed checkpoints commit), uncommitted transactions are read, and a group without a
     * committed offset fails the job ('group-offsets') or starts from the
     * earliest record (a partition 'specific-offsets' leaves out). */
    const char *reset = start->kind == POS_SPECIFIC ? "earliest" : "error";
    if (conn_kafka_conf_default(conf, t, "group.id", group, err, errlen) != 0 ||
        conn_kafka_conf_default(conf, t, "enable.auto.commit", "false", err, errlen) != 0 ||
        conn_kafka_conf_default(conf, t, "isolation.level", "read_uncommitted", err, errlen) != 0 ||
        conn_kafka_conf_default(conf, t, "auto.offset.reset", reset, err, errlen) != 0 ||
        fetch_defaults(conf, t, end->kind != POS_UNBOUNDED, err, errlen) != 0 ||
        rd_kafka_conf_set(conf, "enable.partition.eof", "true", NULL, 0) != RD_KAFKA_CONF_OK) {
        rd_kafka_conf_destroy(conf);
        return -1;
    }
    rd_kafka_conf_set_opaque(conf, ks);
    rd_kafka_conf_set_error_cb(conf, on_client_error);
    rd_kafka_conf_set_rebalance_cb(conf, on_rebalance);   /* called in group mode only (subscribe) */
    char why[512];
    if (!(ks->rk = rd_kafka_new(RD_KAFKA_CONSUMER, conf, why, sizeof why))) {
        snprintf(err, errlen, "table '%s': cannot create the Kafka consumer: %s", t->name, why);
        rd_kafka_conf_destroy(conf);
        return -1;
    }
    rd_kafka_poll_set_consumer(ks->rk);
    ks->queue = rd_kafka_queue_get_consumer(ks->rk);
    const char *g = catalog_table_option(t, "properties.group.id");
    snprintf(ks->group, sizeof ks->group, "%s", g ? g : group);
    return 0;
}

static char *part_place(const char *topic, int partition)
{
    size_t n = strlen(topic) + 16;
    char *place = xmalloc(n);
    snprintf(place, n, "%s-%d", topic, partition);
    return place;
}

static int topic_add(kafka_source_t *ks, const char *name)
{
    ks->topics = xrealloc(ks->topics, (size_t)(ks->ntopics + 1) * sizeof *ks->topics);
    ks->topics[ks->ntopics] = (kafka_topic_t){.name = xstrdup(name)};
    return ks->ntopics++;
}

static int topic_find(const kafka_source_t *ks, const char *name)
{
    for (int i = 0; i < ks->ntopics; i++)
        if (strcmp(ks->topics[i].name, name) == 0) return i;
    return -1;
}

/* Partition number partition of topic ti as a new split; partitions are
 * numbered 0..n-1, so the topic's map grows to hold it. */
static void part_add(kafka_source_t *ks, int ti, int32_t partition)
{
    kafka_topic_t *tp = &ks->topics[ti];
    if (partition >= tp->npartitions) {
        tp->split = xrealloc(tp->split, (size_t)(partition + 1) * sizeof *tp->split);
        for (int p = tp->npartitions; p <= partition; p++) tp->split[p] = -1;
        tp->npartitions = partition + 1;
    }
    ks->parts = xrealloc(ks->parts, (size_t)(ks->nparts + 1) * sizeof *ks->parts);
    tp->split[partition] = ks->nparts;
    ks->parts[ks->nparts++] = (kafka_part_t){.topic = ti, .partition = partition, .end = INT64_MAX,
                                             .place = part_place(tp->name, partition),
                                             .next = RD_KAFKA_OFFSET_BEGINNING};
    ks->nleft++;
}

static bool part_known(const kafka_source_t *ks, int ti, int32_t partition)
{
    return partition < ks->topics[ti].npartitions && ks->topics[ti].split[partition] >= 0;
}

/* The partitions of the topics 'topic' names; a topic that does not exist
 * is an error. */
static int list_partitions(kafka_source_t *ks, char *err, size_t errlen)
{
    for (int i = 0; i < ks->ntopics; i++) {
        rd_kafka_topic_t *rkt = rd_kafka_topic_new(ks->rk, ks->topics[i].name, NULL);
        const struct rd_kafka_metadata *md = NULL;
        rd_kafka_resp_err_t e = rkt ? rd_kafka_metadata(ks->rk, 0, rkt, &md, KAFKA_TIMEOUT_MS)
                                    : RD_KAFKA_RESP_ERR__INVALID_ARG;
        if (!e) e = md->topic_cnt == 1 ? md->topics[0].err : RD_KAFKA_RESP_ERR__UNKNOWN_TOPIC;
        if (e)
            snprintf(err, errlen, "table '%s': cannot read the partitions of topic '%s': %s", ks->base.table->name,
                     ks->topics[i].name, rd_kafka_err2str(e));
        else
            for (int p = 0; p < md->topics[0].partition_cnt; p++) part_add(ks, i, p);
        if (md) rd_kafka_metadata_destroy(md);
        if (rkt) rd_kafka_topic_destroy(rkt);
        if (e) return -1;
    }
    return 0;
}

/* ---- discovery ---------------------------------------------------------------- */

/* 'topic-pattern' as Flink matches it (the whole name), in POSIX extended
 * syntax; and the discovery interval of an unbounded source. */
static int discovery_init(kafka_source_t *ks, bool bounded, char *err, size_t errlen)
{
    const catalog_table_t *t = ks->base.table;
    const char *pattern = catalog_table_option(t, "topic-pattern");
    if (pattern && catalog_table_option(t, "topic")) {
        snprintf(err, errlen, "table '%s': Option 'topic' and 'topic-pattern' shouldn't be set together.", t->name);
        return -1;
    }
    if (pattern) {
        size_t n = strlen(pattern) + 5;
        char *anchored = xmalloc(n);
        snprintf(anchored, n, "^(%s)$", pattern);
        int rc = regcomp(&ks->pattern, anchored, REG_EXTENDED | REG_NOSUB);
        free(anchored);
        if (rc != 0) {
            char why[256];
            regerror(rc, &ks->pattern, why, sizeof why);
            snprintf(err, errlen, "table '%s': 'topic-pattern' '%s' is not a regular expression: %s", t->name,
                     pattern, why);
            return -1;
        }
        ks->has_pattern = true;
    }
    const char *v = catalog_table_option(t, "scan.topic-partition-discovery.interval");
    long long ms = v ? duration_parse_ms(v) : 5 * 60000;   /* Flink's default, metadata.max.age.ms */
    if (ms < 0) {
        snprintf(err, errlen, "table '%s': Could not parse value '%s' for key "
                 "'scan.topic-partition-discovery.interval'.", t->name, v);
        return -1;
    }
    ks->discover_ms = bounded ? 0 : ms;   /* a bounded source reads the partitions it started with */
    ks->next_discover_ms = clock_ms() + ks->discover_ms;
    return 0;
}

/* Adds the partitions in md of the topics the table reads that are not
 * splits yet; returns how many. */
static int discover_in(kafka_source_t *ks, const struct rd_kafka_metadata *md)
{
    int before = ks->nparts;
    for (int i = 0; i < md->topic_cnt; i++) {
        const struct rd_kafka_metadata_topic *mt = &md->topics[i];
        if (mt->err) continue;
        int ti = topic_find(ks, mt->topic);
        if (ti < 0 && ks->has_pattern && regexec(&ks->pattern, mt->topic, 0, NULL, 0) == 0)
            ti = topic_add(ks, mt->topic);
        if (ti < 0) continue;
        for (int p = 0; p < mt->partition_cnt; p++)
            if (!part_known(ks, ti, mt->partitions[p].id)) part_add(ks, ti, mt->partitions[p].id);
    }
    return ks->nparts - before;
}

/* The cluster's topics now: new splits for what the table reads. */
static int discover(kafka_source_t *ks, int timeout_ms, char *err, size_t errlen)
{
    const struct rd_kafka_metadata *md = NULL;
    rd_kafka_resp_err_t e = rd_kafka_metadata(ks->rk, 1, NULL, &md, timeout_ms);
    if (e) {
        snprintf(err, errlen, "table '%s': cannot list the topics matching 'topic-pattern': %s",
                 ks->base.table->name, rd_kafka_err2str(e));
        return -1;
    }
    int added = discover_in(ks, md);
    rd_kafka_metadata_destroy(md);
    return added;
}

/* While running: the splits discovered since the last time, assigned from
 * their earliest offset. A discovery that fails (brokers away) is tried
 * again at the next interval. */
static int rediscover(kafka_source_t *ks, char *err, size_t errlen)
{
    ks->next_discover_ms = clock_ms() + ks->discover_ms;
    int first = ks->nparts;
    char why[512];
    if (discover(ks, 5000, why, sizeof why) <= 0) return 0;
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(ks->nparts - first);
    for (int i = first; i < ks->nparts; i++)
        rd_kafka_topic_partition_list_add(l, ks->topics[ks->parts[i].topic].name, ks->parts[i].partition)->offset =
            RD_KAFKA_OFFSET_BEGINNING;
    rd_kafka_error_t *e = rd_kafka_incremental_assign(ks->rk, l);
    rd_kafka_topic_partition_list_destroy(l);
    ks->base.nsplits = ks->nparts;
    if (!e) return 0;
    snprintf(err, errlen, "table '%s': cannot assign the partitions discovered: %s", ks->base.table->name,
             rd_kafka_error_string(e));
    rd_kafka_error_destroy(e);
    return -1;
}

static rd_kafka_topic_partition_list_t *all_partitions(const kafka_source_t *ks)
{
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(ks->nparts);
    for (int i = 0; i < ks->nparts; i++)
        rd_kafka_topic_partition_list_add(l, ks->topics[ks->parts[i].topic].name, ks->parts[i].partition);
    return l;
}

/* Sets every element's offset to where pos says a partition starts (a
 * logical offset librdkafka resolves) or ends (an absolute one). */
static int resolve(kafka_source_t *ks, const kafka_pos_t *pos, bool start, rd_kafka_topic_partition_list_t *l,
                   char *err, size_t errlen)
{
    rd_kafka_resp_err_t e = 0;
    const char *topic = l->cnt ? l->elems[0].topic : "";
    for (int i = 0; i < l->cnt; i++) {
        rd_kafka_topic_partition_t *tp = &l->elems[i];
        tp->offset = pos->kind == POS_EARLIEST ? RD_KAFKA_OFFSET_BEGINNING
                   : pos->kind == POS_LATEST ? RD_KAFKA_OFFSET_END
                   : pos->kind == POS_TIMESTAMP ? pos->timestamp : RD_KAFKA_OFFSET_STORED;
        if (pos->kind == POS_SPECIFIC && tp->partition < pos->noffsets && pos->offsets[tp->partition] >= 0)
            tp->offset = pos->offsets[tp->partition];
    }
    if (pos->kind == POS_TIMESTAMP) e = rd_kafka_offsets_for_times(ks->rk, l, KAFKA_TIMEOUT_MS);
    else if (pos->kind == POS_GROUP && !start) e = rd_kafka_committed(ks->rk, l, KAFKA_TIMEOUT_MS);
    for (int i = 0; !e && i < l->cnt; i++) {
        rd_kafka_topic_partition_t *tp = &l->elems[i];
        topic = tp->topic;
        if ((e = tp->err)) break;
        if (start || (tp->offset >= 0 && pos->kind != POS_LATEST)) continue;
        int64_t lo, hi;   /* the end of a partition that has no such offset is its latest offset */
        e = rd_kafka_query_watermark_offsets(ks->rk, tp->topic, tp->partition, &lo, &hi, KAFKA_TIMEOUT_MS);
        tp->offset = hi;
    }
    if (pos->kind == POS_TIMESTAMP && start)   /* no record at or after the time: start at the end */
        for (int i = 0; i < l->cnt; i++)
            if (l->elems[i].offset < 0) l->elems[i].offset = RD_KAFKA_OFFSET_END;
    if (e)
        snprintf(err, errlen, "table '%s': cannot look up the %s offsets of topic '%s': %s", ks->base.table->name,
                 start ? "start" : "end", topic, rd_kafka_err2str(e));
    return e ? -1 : 0;
}

/* Where each partition starts (ks->assignment, assigned by the first
 * next() or by restart(), so a restored run never fetches from the
 * startup mode's offsets) and, when bounded, where each ends. */
static int resolve_bounds(kafka_source_t *ks, const kafka_pos_t *end, char *err, size_t errlen)
{
    ks->assignment = all_partitions(ks);
    int rc = resolve(ks, &ks->start, true, ks->assignment, err, errlen);
    for (int i = 0; rc == 0 && i < ks->nparts; i++) ks->parts[i].next = ks->assignment->elems[i].offset;
    if (rc != 0 || end->kind == POS_UNBOUNDED) return rc;
    rd_kafka_topic_partition_list_t *l = all_partitions(ks);
    if ((rc = resolve(ks, end, false, l, err, errlen)) == 0)
        for (int i = 0; i < ks->nparts; i++) ks->parts[i].end = l->elems[i].offset;
    rd_kafka_topic_partition_list_destroy(l);
    return rc;
}

static int assign(kafka_source_t *ks, char *err, size_t errlen)
{
    rd_kafka_resp_err_t e = rd_kafka_assign(ks->rk, ks->assignment);
    rd_kafka_topic_partition_list_destroy(ks->assignment);
    ks->assignment = NULL;
    if (!e) return 0;
    snprintf(err, errlen, "table '%s': cannot assign the partitions: %s", ks->base.table->name, rd_kafka_err2str(e));
    return -1;
}

/* ---- reading ------------------------------------------------------------------ */

static kafka_part_t *part_of(kafka_source_t *ks, const rd_kafka_message_t *m)
{
    if (m->rkt != ks->last_rkt) {
        ks->last_topic = topic_find(ks, rd_kafka_topic_name(m->rkt));
        ks->last_rkt = m->rkt;
    }
    int ti = ks->last_topic;
    return ti >= 0 && part_known(ks, ti, m->partition) ? &ks->parts[ks->topics[ti].split[m->partition]] : NULL;
}

static void mark_done(kafka_source_t *ks, kafka_part_t *p)
{
    if (p->done) return;
    p->done = true;
    ks->nleft--;
}

/* A consumer error: 0 when the consumer retries it by itself (a broker
 * that is away), -1 with err set when the job must fail. */
static int consumer_error(kafka_source_t *ks, const rd_kafka_message_t *m, char *err, size_t errlen)
{
    const char *table = ks->base.table->name, *topic = m->rkt ? rd_kafka_topic_name(m->rkt) : "?";
    if (retried_error(m->err)) {
        if (!ks->away_since_ms) ks->away_since_ms = clock_ms();
        return check_away(ks, err, errlen);
    }
    switch (m->err) {
    case RD_KAFKA_RESP_ERR__AUTO_OFFSET_RESET:
        snprintf(err, errlen, "table '%s': partition %" PRId32 " of topic '%s' has no committed offset for group "
                 "'%s' (scan.startup.mode 'group-offsets'; set 'properties.auto.offset.reset' = 'earliest' or "
                 "'latest', or another 'scan.startup.mode')", table, m->partition, topic,
                 ks->group);
        return -1;
    default:
        snprintf(err, errlen, "table '%s': reading topic '%s' partition %" PRId32 ": %s", table, topic,
                 m->partition, rd_kafka_message_errstr(m));
        return -1;
    }
}

/* Decodes a record of partition p into ks->rows; 0, or -1 with err naming
 * the record. */
static int decode_record(kafka_source_t *ks, const kafka_part_t *p, const rd_kafka_message_t *m, char *err,
                         size_t errlen)
{
    const char *topic = ks->topics[p->topic].name;
    char why[8192];
    conn_where_t where = {p->place, (long)m->offset};
    bool skipped = false;
    arena_reset(&ks->record_arena);
    ks->nrows = ks->next_row = 0;
    if (conn_kafka_codec_decode(ks->codec, m->key, m->key_len, m->payload, m->len, &where, &ks->rows, &ks->nrows,
                                &skipped, &ks->record_arena, why, sizeof why) != 0) {
        snprintf(err, errlen, "table '%s': record at topic '%s', partition %" PRId32 ", offset %" PRId64 ": %s",
                 ks->base.table->name, topic, m->partition, m->offset, why);
        if (conn_kafka_errors_mode(ks->errors) == CONN_KAFKA_ERRORS_FAIL) return -1;
        ks->nrows = 0;   /* 'ignore' or 'log': the record is dropped */
        return conn_kafka_errors_log(ks->errors, m, err, err, errlen);
    }
    if (skipped) ks->base.skipped++;
    conn_kafka_metadata_read(&ks->meta, m, ks->rows, ks->nrows, &ks->record_arena);
    return 0;
}

static void release_held(kafka_source_t *ks)
{
    if (ks->held) rd_kafka_message_destroy(ks->held);
    ks->held = NULL;
}

/* The next message: from the batch taken, else a new batch of what the
 * queue holds, else the first message within wait ms (so a trickle of
 * records is not held back to fill a batch). NULL: none came. */
static rd_kafka_message_t *next_message(kafka_source_t *ks, int64_t wait)
{
    if (ks->next_msg < ks->nbatch) return ks->batch[ks->next_msg++];
    ssize_t n = rd_kafka_consume_batch_queue(ks->queue, 0, ks->batch, KAFKA_BATCH);
    ks->nbatch = n > 0 ? (int)n : 0;
    ks->next_msg = 0;
    if (ks->nbatch > 0) return ks->batch[ks->next_msg++];
    return rd_kafka_consumer_poll(ks->rk, wait < 0 ? 0 : wait > INT_MAX ? INT_MAX : (int)wait);
}

/* A restored partition's first record: the rows a checkpoint had seen processed are not returned again. */
static void drop_restored(kafka_part_t *p, int64_t offset, size_t *next_row, size_t nrows)
{
    if (p->drop && offset == p->next) *next_row = p->drop < nrows ? p->drop : nrows;
    p->drop = 0;
}

/* Takes one message from the consumer: a record's rows into ks->rows, or
 * the end of a partition. 0 (possibly nothing), or -1 with err set. */
static int poll_once(kafka_source_t *ks, char *err, size_t errlen)
{
    release_held(ks);
    int64_t wait = ks->base.wait_ms;
    if (ks->discover_ms) {
        int64_t until = ks->next_discover_ms - clock_ms();
        if (until <= 0 && rediscover(ks, err, errlen) != 0) return -1;
        if (until < wait) wait = until;
    }
    rd_kafka_message_t *m = next_message(ks, wait);
    if (ks->hook_failed) {   /* a rebalance the caller could not take */
        if (m) rd_kafka_message_destroy(m);
        snprintf(err, errlen, "%s", ks->hook_err);
        return -1;
    }
    if (!m) return check_away(ks, err, errlen);
    if (!m->err || m->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) ks->away_since_ms = 0;   /* a broker answered */
    kafka_part_t *p = m->rkt ? part_of(ks, m) : NULL;
    int rc = 0;
    if (m->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) {
        if (p && m->offset > p->next && p->skip == 0) p->next = m->offset;   /* past markers or a gap */
        if (p && m->offset >= p->end) mark_done(ks, p);
    } else if (m->err) {
        rc = consumer_error(ks, m, err, errlen);
    } else if (p && !p->done) {
        if (m->offset >= p->end) mark_done(ks, p);
        else if ((rc = decode_record(ks, p, m, err, errlen)) == 0 && m->offset + 1 >= p->end) mark_done(ks, p);
        ks->rows_split = (int)(p - ks->parts);
        ks->rows_offset = m->offset;
        drop_restored(p, m->offset, &ks->next_row, ks->nrows);
        if (rc == 0 && ks->nrows == 0) p->next = m->offset + 1, p->skip = 0;   /* a record without rows */
    }
    if (ks->nrows > 0) ks->held = m;
    else rd_kafka_message_destroy(m);
    return rc;
}

/* A partition that is done and not yet reported: its index into s->split. */
static bool take_split_end(kafka_source_t *ks)
{
    if (ks->nreported == ks->nparts - ks->nleft) return false;
    for (int i = 0; i < ks->nparts; i++) {
        if (!ks->parts[i].done || ks->parts[i].reported) continue;
        ks->parts[i].reported = true;
        ks->nreported++;
        ks->base.split = i;
        return true;
    }
    return false;
}

/* The rows of the last record, then the partitions that ended, then one
 * poll; a poll that brought neither is CONN_SRC_IDLE. */
static int kafka_next(conn_source_t *s, row_t *row, arena_t *a, char *err, size_t errlen)
{
    (void)a;
    kafka_source_t *ks = (kafka_source_t *)s;
    if (ks->assignment && assign(ks, err, errlen) != 0) return CONN_SRC_ERROR;
    for (bool polled = false;; polled = true) {
        if (ks->next_row < ks->nrows) {
            *row = ks->rows[ks->next_row++];
            s->split = ks->last_split = ks->rows_split;
            kafka_part_t *p = &ks->parts[ks->rows_split];
            bool whole = ks->next_row == ks->nrows;   /* the record's last row */
            p->next = whole ? ks->rows_offset + 1 : ks->rows_offset;
            p->skip = whole ? 0 : (uint32_t)ks->next_row;
            return CONN_SRC_ROW;
        }
        ks->nrows = ks->next_row = 0;
        if (take_split_end(ks)) return CONN_SRC_SPLIT_END;
        if (ks->nleft == 0 && ks->bounded) return CONN_SRC_END;
        if (polled) return CONN_SRC_IDLE;
        if (poll_once(ks, err, errlen) != 0) return CONN_SRC_ERROR;
    }
}

/* ---- group mode (subscribe) ------------------------------------------------------ */

/* A partition the group assigns: a new split, also when it was one before
 * (that one ended when it was revoked). */
static int group_part(kafka_source_t *ks, const char *topic, int32_t partition)
{
    int ti = topic_find(ks, topic);
    if (ti < 0) ti = topic_add(ks, topic);
    part_add(ks, ti, partition);
    return ks->nparts - 1;
}

/* The partitions l assigns start where 'scan.startup.mode' says unless the
 * hook gives a position (a checkpoint's). */
static int group_assign(kafka_source_t *ks, rd_kafka_topic_partition_list_t *l, char *err, size_t errlen)
{
    if (resolve(ks, &ks->start, true, l, err, errlen) != 0) return -1;
    conn_split_pos_t *pos = xcalloc((size_t)l->cnt + 1, sizeof *pos);
    int *splits = xcalloc((size_t)l->cnt + 1, sizeof *splits);
    for (int i = 0; i < l->cnt; i++) {
        splits[i] = group_part(ks, l->elems[i].topic, l->elems[i].partition);
        kafka_part_t *p = &ks->parts[splits[i]];
        pos[i] = (conn_split_pos_t){ks->topics[p->topic].name, p->partition, l->elems[i].offset, 0};
    }
    ks->base.nsplits = ks->nparts;
    conn_rebalance_t ev = {CONN_REBALANCE_ASSIGN, pos, splits, l->cnt, false};
    int rc = ks->hook(ks->hook_ctx, &ks->base, &ev, err, errlen);
    for (int i = 0; rc == 0 && i < l->cnt; i++) {
        kafka_part_t *p = &ks->parts[splits[i]];
        l->elems[i].offset = p->next = pos[i].offset;
        p->skip = p->drop = pos[i].skip;
    }
    free(splits);
    free(pos);
    return rc;
}

/* Messages taken from the queue for partitions that are done now are dropped. */
static void drop_batched(kafka_source_t *ks)
{
    int keep = ks->next_msg;
    for (int i = ks->next_msg; i < ks->nbatch; i++) {
        rd_kafka_message_t *m = ks->batch[i];
        kafka_part_t *p = m->rkt ? part_of(ks, m) : NULL;
        if (p && p->done) rd_kafka_message_destroy(m);
        else ks->batch[keep++] = m;
    }
    ks->nbatch = keep;
}

/* The partitions l revokes: the hook sees where they stand, then their
 * splits end. lost: the group gave them to another member already (this
 * one was away too long). */
static int group_revoke(kafka_source_t *ks, const rd_kafka_topic_partition_list_t *l, bool lost, char *err,
                        size_t errlen)
{
    conn_split_pos_t *pos = xcalloc((size_t)l->cnt + 1, sizeof *pos);
    int *splits = xcalloc((size_t)l->cnt + 1, sizeof *splits);
    int n = 0;
    for (int i = 0; i < l->cnt; i++) {
        int ti = topic_find(ks, l->elems[i].topic);
        if (ti < 0 || !part_known(ks, ti, l->elems[i].partition)) continue;
        int split = ks->topics[ti].split[l->elems[i].partition];
        kafka_part_t *p = &ks->parts[split];
        if (p->done) continue;
        splits[n] = split;
        pos[n++] = (conn_split_pos_t){ks->topics[ti].name, p->partition, p->next, p->skip};
    }
    conn_rebalance_t ev = {CONN_REBALANCE_REVOKE, pos, splits, n, lost};
    int rc = n ? ks->hook(ks->hook_ctx, &ks->base, &ev, err, errlen) : 0;
    for (int i = 0; i < n; i++) mark_done(ks, &ks->parts[splits[i]]);
    drop_batched(ks);
    if (ks->committed) rd_kafka_topic_partition_list_destroy(ks->committed);   /* no stale commit at close */
    ks->committed = NULL;
    free(splits);
    free(pos);
    return rc;
}

/* librdkafka's rebalance callback (from within a poll, on the source's
 * thread): the hook first, then the assignment changes. Without a hook
 * (closing) only the assignment changes. */
static void on_rebalance(rd_kafka_t *rk, rd_kafka_resp_err_t e, rd_kafka_topic_partition_list_t *l, void *opaque)
{
    kafka_source_t *ks = opaque;
    bool cooperative = strcmp(rd_kafka_rebalance_protocol(rk), "COOPERATIVE") == 0;
    bool assigning = e == RD_KAFKA_RESP_ERR__ASSIGN_PARTITIONS;
    if (ks->hook && !ks->hook_failed) {
        int rc = assigning ? group_assign(ks, l, ks->hook_err, sizeof ks->hook_err)
                           : group_revoke(ks, l, rd_kafka_assignment_lost(rk), ks->hook_err, sizeof ks->hook_err);
        if (rc != 0) ks->hook_failed = true;
    }
    if (ks->hook_failed && assigning) return;   /* the job fails: nothing is read */
    rd_kafka_error_t *err = NULL;
    if (cooperative) err = assigning ? rd_kafka_incremental_assign(rk, l) : rd_kafka_incremental_unassign(rk, l);
    else rd_kafka_assign(rk, assigning ? l : NULL);
    if (err) rd_kafka_error_destroy(err);   /* librdkafka reports a failed assignment as a consumer error too */
}

/* Forgets the partitions listed at open and joins the group. */
static int kafka_subscribe(conn_source_t *s, conn_rebalance_fn hook, void *ctx, char *err, size_t errlen)
{
    kafka_source_t *ks = (kafka_source_t *)s;
    const char *table = ks->base.table->name;
    if (ks->bounded) {
        snprintf(err, errlen, "table '%s': 'ptfhost.scale-out' reads an unbounded topic; remove "
                 "'scan.bounded.mode' (each process runs until it is stopped)", table);
        return -1;
    }
    if (!ks->assignment) {
        snprintf(err, errlen, "table '%s': internal: subscribe after the first row", table);
        return -1;
    }
    rd_kafka_topic_partition_list_destroy(ks->assignment);
    ks->assignment = NULL;
    for (int i = 0; i < ks->nparts; i++) free(ks->parts[i].place);
    ks->nparts = ks->nleft = ks->nreported = 0;
    for (int i = 0; i < ks->ntopics; i++)
        for (int p = 0; p < ks->topics[i].npartitions; p++) ks->topics[i].split[p] = -1;
    ks->base.nsplits = 0;
    ks->base.splits_grow = true;
    ks->discover_ms = 0;   /* the group follows new partitions of its topics itself */
    ks->group_mode = true;
    ks->hook = hook;
    ks->hook_ctx = ctx;
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(ks->ntopics);
    for (int i = 0; i < ks->ntopics; i++)
        rd_kafka_topic_partition_list_add(l, ks->topics[i].name, RD_KAFKA_PARTITION_UA);
    rd_kafka_resp_err_t e = rd_kafka_subscribe(ks->rk, l);
    rd_kafka_topic_partition_list_destroy(l);
    if (!e) return 0;
    snprintf(err, errlen, "table '%s': cannot join consumer group '%s': %s", table, ks->group, rd_kafka_err2str(e));
    return -1;
}

/* ---- positions (source.h) ------------------------------------------------------- */

static int kafka_positions(conn_source_t *s, bool exclude_last, const conn_split_pos_t **pos, int *n)
{
    kafka_source_t *ks = (kafka_source_t *)s;
    ks->pos = xrealloc(ks->pos, (size_t)(ks->nparts + 1) * sizeof *ks->pos);
    for (int i = 0; i < ks->nparts; i++) {
        const kafka_part_t *p = &ks->parts[i];
        ks->pos[i] = (conn_split_pos_t){ks->topics[p->topic].name, p->partition, p->next, p->skip};
    }
    if (exclude_last && ks->last_split >= 0) {   /* the row read ahead is the record's row next_row - 1 */
        conn_split_pos_t *last = &ks->pos[ks->last_split];
        last->offset = ks->rows_offset;
        last->skip = (uint32_t)(ks->next_row - 1);
    }
    int kept = ks->nparts;
    if (ks->group_mode) {   /* the partitions this process reads now */
        kept = 0;
        for (int i = 0; i < ks->nparts; i++)
            if (!ks->parts[i].done) ks->pos[kept++] = ks->pos[i];
    }
    *pos = ks->pos;
    *n = kept;
    return 0;
}

/* Assigns the partitions in pos from there, the others as 'scan.startup.mode' says. */
static int kafka_restart(conn_source_t *s, const conn_split_pos_t *pos, int n, char *err, size_t errlen)
{
    kafka_source_t *ks = (kafka_source_t *)s;
    if (!ks->assignment) {
        snprintf(err, errlen, "table '%s': internal: a restart after the first row", ks->base.table->name);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        int ti = topic_find(ks, pos[i].topic);
        if (ti < 0 || !part_known(ks, ti, pos[i].partition)) continue;   /* gone since: nothing to read */
        kafka_part_t *p = &ks->parts[ks->topics[ti].split[pos[i].partition]];
        ks->assignment->elems[p - ks->parts].offset = p->next = pos[i].offset;
        p->skip = p->drop = pos[i].skip;
    }
    return assign(ks, err, errlen);
}

/* A completed checkpoint's positions become the group's committed offsets
 * (asynchronously, as Flink's commit on checkpoint: a failed commit only
 * delays the group, the checkpoint holds the truth; close() commits the
 * last ones once more and waits, so an ending job leaves its group there). */
static int kafka_commit(conn_source_t *s, const conn_split_pos_t *pos, int n, char *err, size_t errlen)
{
    kafka_source_t *ks = (kafka_source_t *)s;
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(n);
    for (int i = 0; i < n; i++)
        if (pos[i].offset >= 0)
            rd_kafka_topic_partition_list_add(l, pos[i].topic, pos[i].partition)->offset = pos[i].offset;
    rd_kafka_resp_err_t e = l->cnt ? rd_kafka_commit(ks->rk, l, 1) : 0;
    if (ks->committed) rd_kafka_topic_partition_list_destroy(ks->committed);
    ks->committed = l;
    if (!e) return 0;
    snprintf(err, errlen, "table '%s': cannot commit the offsets of a checkpoint to group '%s': %s",
             ks->base.table->name, ks->group, rd_kafka_err2str(e));
    return -1;
}

static void kafka_close(conn_source_t *s)
{
    kafka_source_t *ks = (kafka_source_t *)s;
    ks->hook = NULL;   /* the revoke at close only unassigns */
    release_held(ks);
    while (ks->next_msg < ks->nbatch) rd_kafka_message_destroy(ks->batch[ks->next_msg++]);
    if (ks->queue) rd_kafka_queue_destroy(ks->queue);
    if (ks->rk && ks->committed && ks->committed->cnt) rd_kafka_commit(ks->rk, ks->committed, 0);
    if (ks->committed) rd_kafka_topic_partition_list_destroy(ks->committed);
    if (ks->rk) {
        rd_kafka_consumer_close(ks->rk);
        rd_kafka_destroy(ks->rk);
    }
    conn_kafka_codec_free(ks->codec);
    conn_kafka_errors_free(ks->errors);
    conn_metadata_free(&ks->meta);
    for (int i = 0; i < ks->ntopics; i++) {
        free(ks->topics[i].name);
        free(ks->topics[i].split);
    }
    free(ks->topics);
    if (ks->has_pattern) regfree(&ks->pattern);
    for (int i = 0; i < ks->nparts; i++) free(ks->parts[i].place);
    free(ks->parts);
    free(ks->pos);
    free(ks->start.offsets);
    if (ks->assignment) rd_kafka_topic_partition_list_destroy(ks->assignment);
    arena_destroy(&ks->record_arena);
    free(ks);
}

/* upsert-kafka has no startup mode: it reads the whole topic. */
static int parse_modes(const catalog_table_t *t, bool upsert, kafka_pos_t *start, kafka_pos_t *end, char *err,
                       size_t errlen)
{
    if (parse_mode(t, "startup", start, err, errlen) != 0 || parse_mode(t, "bounded", end, err, errlen) != 0)
        return -1;
    if (upsert) start->kind = POS_EARLIEST;
    return 0;
}

/* The topics and their partitions when the source opens: the topics
 * 'topic' names, or those 'topic-pattern' matches now. */
static int open_topics(kafka_source_t *ks, char *err, size_t errlen)
{
    if (ks->has_pattern) return discover(ks, KAFKA_TIMEOUT_MS, err, errlen) < 0 ? -1 : 0;
    char **names;
    int n;
    if (conn_kafka_topics(ks->base.table, &names, &n, err, errlen) != 0) return -1;
    for (int i = 0; i < n; i++) topic_add(ks, names[i]);
    conn_kafka_topics_free(names, n);
    return list_partitions(ks, err, errlen);
}

conn_source_t *conn_kafka_source_open(const catalog_table_t *t, bool upsert, char *err, size_t errlen)
{
    kafka_source_t *ks = xcalloc(1, sizeof *ks);
    ks->base.next = kafka_next;
    ks->base.close = kafka_close;
    ks->base.table = t;
    ks->base.wait_ms = KAFKA_POLL_MS;
    ks->base.positions = kafka_positions;
    ks->base.restart = kafka_restart;
    ks->base.subscribe = kafka_subscribe;
    const char *commit = catalog_table_option(t, "properties.commit.offsets.on.checkpoint");
    ks->base.commit = commit && strcasecmp(commit, "false") == 0 ? NULL : kafka_commit;   /* Flink's switch */
    ks->last_split = -1;
    arena_init(&ks->record_arena, 0);
    kafka_pos_t end = {0};
    int rc = -1;
    if (parse_modes(t, upsert, &ks->start, &end, err, errlen) == 0 && away_timeout(ks, err, errlen) == 0 &&
        discovery_init(ks, end.kind != POS_UNBOUNDED, err, errlen) == 0 &&
        (ks->codec = conn_kafka_codec_new(t, upsert, err, errlen)) &&
        (ks->errors = conn_kafka_errors_new(t, err, errlen)) &&
        conn_kafka_metadata_init(&ks->meta, t, false, err, errlen) == 0 &&
        consumer_new(ks, &ks->start, &end, err, errlen) == 0 && open_topics(ks, err, errlen) == 0)
        rc = resolve_bounds(ks, &end, err, errlen);
    free(end.offsets);
    if (rc != 0) {
        kafka_close(&ks->base);
        return NULL;
    }
    ks->bounded = end.kind != POS_UNBOUNDED;
    ks->base.nsplits = ks->nparts;
    ks->base.splits_grow = ks->discover_ms > 0;
    return &ks->base;
}

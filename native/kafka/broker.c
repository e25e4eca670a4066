/* broker.c - see broker.h. The mock cluster runs on a client handle of its
 * own (for its log and threads), which is never used to produce. */
#include "kafka/broker.h"

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kafka/relay.h"
#include "kafka/txnproxy.h"
#include "util/hashmap.h"
#include "util/xalloc.h"

struct kafka_broker {
    rd_kafka_t *owner;
    rd_kafka_mock_cluster_t *cluster;
    kafka_relay_t *relay;           /* with a fixed port only */
    kafka_txnproxy_t *proxy;        /* with isolate only */
    int nbrokers;
    char bootstraps[512];
    char mock[512];                 /* the mock brokers' own bootstrap (the retention watch) */
    rd_kafka_t *watcher;            /* the retention watch's client, made on first use */
    hashmap_t trimmed;              /* "topic/partition" of each trimmed partition reported */
};

/* The handle that owns the cluster logs nothing: the mock's own log lines
 * (connections, auto-created topics) would drown the bootstrap line. */
static void quiet_log(const rd_kafka_t *rk, int level, const char *fac, const char *buf)
{
    (void)rk, (void)level, (void)fac, (void)buf;
}

static rd_kafka_t *owner_new(char *err, size_t errlen)
{
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    rd_kafka_conf_set_log_cb(conf, quiet_log);
    char why[512];
    rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, why, sizeof why);
    if (!rk) {
        snprintf(err, errlen, "cannot start the built-in broker: %s", why);
        rd_kafka_conf_destroy(conf);
    }
    return rk;
}

/* The port of the first "host:port" in a bootstrap list. */
static int first_port(const char *bootstraps)
{
    const char *colon = strchr(bootstraps, ':');
    return colon ? atoi(colon + 1) : 0;
}

static int create_topics(kafka_broker_t *b, const kafka_broker_options_t *o, char *err, size_t errlen)
{
    int replication = o->brokers < 3 ? o->brokers : 3;
    for (int i = 0; i < o->ntopics; i++) {
        rd_kafka_resp_err_t e = rd_kafka_mock_topic_create(b->cluster, o->topics[i], o->partitions, replication);
        if (e) {
            snprintf(err, errlen, "cannot create topic '%s' with %d partitions: %s", o->topics[i], o->partitions,
                     rd_kafka_err2str(e));
            return -1;
        }
    }
    return 0;
}

/* The proxy in front of every broker of the mock's bootstrap list; b->bootstraps becomes the proxy's. */
static int isolate(kafka_broker_t *b, const char *mock, char *err, size_t errlen)
{
    int *ports = xcalloc((size_t)b->nbrokers + 1, sizeof *ports), n = 0;
    for (const char *p = mock; p && *p && n < b->nbrokers; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        ports[n++] = first_port(p);
    b->proxy = kafka_txnproxy_new(ports, n, err, errlen);
    free(ports);
    if (!b->proxy) return -1;
    size_t at = 0;
    for (int i = 0; i < n && at < sizeof b->bootstraps; i++)
        at += (size_t)snprintf(b->bootstraps + at, sizeof b->bootstraps - at, "%s127.0.0.1:%d", i ? "," : "",
                               kafka_txnproxy_port(b->proxy, i));
    return 0;
}

kafka_broker_t *kafka_broker_new(const kafka_broker_options_t *o, char *err, size_t errlen)
{
    kafka_broker_t *b = xcalloc(1, sizeof *b);
    b->nbrokers = o->brokers;
    if (!(b->owner = owner_new(err, errlen))) goto fail;
    if (!(b->cluster = rd_kafka_mock_cluster_new(b->owner, o->brokers))) {
        snprintf(err, errlen, "cannot start the built-in broker: the mock cluster of %d brokers did not start",
                 o->brokers);
        goto fail;
    }
    const char *mock = rd_kafka_mock_cluster_bootstraps(b->cluster);
    snprintf(b->bootstraps, sizeof b->bootstraps, "%s", mock);
    snprintf(b->mock, sizeof b->mock, "%s", mock);
    if (create_topics(b, o, err, errlen) != 0) goto fail;
    if (o->isolate && isolate(b, mock, err, errlen) != 0) goto fail;
    if (o->port > 0) {
        if (!(b->relay = kafka_relay_new(o->port, first_port(b->bootstraps), err, errlen))) goto fail;
        snprintf(b->bootstraps, sizeof b->bootstraps, "127.0.0.1:%d", kafka_relay_port(b->relay));
    }
    return b;
fail:
    kafka_broker_destroy(b);
    return NULL;
}

/* "all" is -1; otherwise a broker id of the cluster. */
static int broker_id(const kafka_broker_t *b, const char *text, int32_t *id)
{
    if (strcmp(text, "all") == 0) {
        *id = -1;
        return 0;
    }
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < 1 || v > b->nbrokers) return -1;
    *id = (int32_t)v;
    return 0;
}

static int set_down(kafka_broker_t *b, bool down, const char *which, char *reply, size_t replylen, char *err,
                    size_t errlen)
{
    int32_t id;
    if (broker_id(b, which, &id) != 0) {
        snprintf(err, errlen, "'%s' is not a broker: give 1 to %d, or all", which, b->nbrokers);
        return -1;
    }
    rd_kafka_resp_err_t e = down ? rd_kafka_mock_broker_set_down(b->cluster, id)
                                 : rd_kafka_mock_broker_set_up(b->cluster, id);
    if (e) {
        snprintf(err, errlen, "cannot set broker %s %s: %s", which, down ? "down" : "up", rd_kafka_err2str(e));
        return -1;
    }
    snprintf(reply, replylen, "broker %s %s", which, down ? "down" : "up");
    return 0;
}

static int push_errors(kafka_broker_t *b, const char *args, char *reply, size_t replylen, char *err, size_t errlen)
{
    int api, count, code, used = 0;
    if (sscanf(args, "%d %d %d %n", &api, &count, &code, &used) != 3 || args[used] || api < 0 || api > 1000 ||
        count < 1 || count > 10000) {
        snprintf(err, errlen, "usage: errors API COUNT CODE (API a Kafka API key, COUNT 1 to 10000)");
        return -1;
    }
    rd_kafka_resp_err_t *codes = xcalloc((size_t)count, sizeof *codes);
    for (int i = 0; i < count; i++) codes[i] = (rd_kafka_resp_err_t)code;
    rd_kafka_mock_push_request_errors_array(b->cluster, (int16_t)api, (size_t)count, codes);
    free(codes);
    snprintf(reply, replylen, "the next %d requests of API %d fail with %d (%s)", count, api, code,
             rd_kafka_err2str((rd_kafka_resp_err_t)code));
    return 0;
}

/* "topic NAME PARTITIONS": a new topic while the cluster runs (the mock
 * cannot add partitions to a topic that exists). */
static int add_topic(kafka_broker_t *b, const char *args, char *reply, size_t replylen, char *err, size_t errlen)
{
    char name[250];
    int partitions, used = 0;
    if (sscanf(args, "%249s %d %n", name, &partitions, &used) != 2 || args[used] || partitions < 1 ||
        partitions > 10000) {
        snprintf(err, errlen, "usage: topic NAME PARTITIONS (PARTITIONS 1 to 10000)");
        return -1;
    }
    int replication = b->nbrokers < 3 ? b->nbrokers : 3;
    rd_kafka_resp_err_t e = rd_kafka_mock_topic_create(b->cluster, name, partitions, replication);
    if (e) {
        snprintf(err, errlen, "cannot create topic '%s' with %d partitions: %s", name, partitions,
                 rd_kafka_err2str(e));
        return -1;
    }
    snprintf(reply, replylen, "topic %s created with %d partitions", name, partitions);
    return 0;
}

int kafka_broker_control(kafka_broker_t *b, const char *command, char *reply, size_t replylen, char *err,
                         size_t errlen)
{
    char verb[16] = "", which[32] = "";
    int used = 0;
    sscanf(command, " %15s %n", verb, &used);
    const char *args = command + used;
    if (strcmp(verb, "errors") == 0) return push_errors(b, args, reply, replylen, err, errlen);
    if (strcmp(verb, "topic") == 0) return add_topic(b, args, reply, replylen, err, errlen);
    bool down = strcmp(verb, "down") == 0;
    if ((down || strcmp(verb, "up") == 0) && sscanf(args, "%31s %n", which, &used) == 1 && !args[used])
        return set_down(b, down, which, reply, replylen, err, errlen);
    snprintf(err, errlen, "unknown command '%s': down ID|all, up ID|all, errors API COUNT CODE, topic NAME PARTITIONS", command);
    return -1;
}

const char *kafka_broker_bootstraps(const kafka_broker_t *b) { return b->bootstraps; }

static rd_kafka_t *watcher_new(const kafka_broker_t *b)
{
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    rd_kafka_conf_set_log_cb(conf, quiet_log);
    char why[512];
    if (rd_kafka_conf_set(conf, "bootstrap.servers", b->mock, why, sizeof why) != RD_KAFKA_CONF_OK) {
        rd_kafka_conf_destroy(conf);
        return NULL;
    }
    rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, why, sizeof why);
    if (!rk) rd_kafka_conf_destroy(conf);
    return rk;
}

/* Reports a partition whose log no longer starts at offset 0, once. */
static void report_trimmed(kafka_broker_t *b, const char *topic, int32_t partition, int64_t low, FILE *out)
{
    char key[600];
    int n = snprintf(key, sizeof key, "%s/%d", topic, (int)partition);
    if (n < 0 || (size_t)n >= sizeof key || !hashmap_put(&b->trimmed, key, (size_t)n, 1)) return;
    fprintf(out, "ptfhost broker: topic '%s' partition %d dropped its oldest records (it starts at offset %lld "
                 "now): the built-in broker keeps about 5 MB of records per partition (librdkafka's mock "
                 "cluster). Spread the data over more partitions (--partitions), or use a Kafka cluster.\n",
            topic, (int)partition, (long long)low);
    fflush(out);
}

int kafka_broker_watch_retention(kafka_broker_t *b, FILE *out)
{
    if (!b->watcher && !(b->watcher = watcher_new(b))) return -1;
    const struct rd_kafka_metadata *md = NULL;
    if (rd_kafka_metadata(b->watcher, 1, NULL, &md, 2000) != RD_KAFKA_RESP_ERR_NO_ERROR) return -1;
    for (int t = 0; t < md->topic_cnt; t++) {
        const rd_kafka_metadata_topic_t *mt = &md->topics[t];
        if (mt->err || strncmp(mt->topic, "__", 2) == 0) continue;   /* internal topics keep what they need */
        for (int p = 0; p < mt->partition_cnt; p++) {
            int64_t low = 0, high = 0;
            if (rd_kafka_query_watermark_offsets(b->watcher, mt->topic, mt->partitions[p].id, &low, &high, 2000) ==
                    RD_KAFKA_RESP_ERR_NO_ERROR &&
                low > 0)
                report_trimmed(b, mt->topic, mt->partitions[p].id, low, out);
        }
    }
    rd_kafka_metadata_destroy(md);
    return 0;
}

void kafka_broker_destroy(kafka_broker_t *b)
{
    if (!b) return;
    if (b->watcher) rd_kafka_destroy(b->watcher);
    hashmap_free(&b->trimmed);
    kafka_relay_destroy(b->relay);
    kafka_txnproxy_destroy(b->proxy);
    if (b->cluster) rd_kafka_mock_cluster_destroy(b->cluster);
    if (b->owner) rd_kafka_destroy(b->owner);
    free(b);
}

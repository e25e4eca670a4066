/* broker.c - see broker.h. The mock cluster runs on a client handle of its
 * own (for its log and threads), which is never used to produce. */
#include "kafka/broker.h"

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kafka/relay.h"
#include "util/xalloc.h"

struct kafka_broker {
    rd_kafka_t *owner;
    rd_kafka_mock_cluster_t *cluster;
    kafka_relay_t *relay;           /* with a fixed port only */
    char bootstraps[512];
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

kafka_broker_t *kafka_broker_new(const kafka_broker_options_t *o, char *err, size_t errlen)
{
    kafka_broker_t *b = xcalloc(1, sizeof *b);
    if (!(b->owner = owner_new(err, errlen))) goto fail;
    if (!(b->cluster = rd_kafka_mock_cluster_new(b->owner, o->brokers))) {
        snprintf(err, errlen, "cannot start the built-in broker: the mock cluster of %d brokers did not start",
                 o->brokers);
        goto fail;
    }
    const char *mock = rd_kafka_mock_cluster_bootstraps(b->cluster);
    snprintf(b->bootstraps, sizeof b->bootstraps, "%s", mock);
    if (create_topics(b, o, err, errlen) != 0) goto fail;
    if (o->port > 0) {
        if (!(b->relay = kafka_relay_new(o->port, first_port(mock), err, errlen))) goto fail;
        snprintf(b->bootstraps, sizeof b->bootstraps, "127.0.0.1:%d", kafka_relay_port(b->relay));
    }
    return b;
fail:
    kafka_broker_destroy(b);
    return NULL;
}

const char *kafka_broker_bootstraps(const kafka_broker_t *b) { return b->bootstraps; }

void kafka_broker_destroy(kafka_broker_t *b)
{
    if (!b) return;
    kafka_relay_destroy(b->relay);
    if (b->cluster) rd_kafka_mock_cluster_destroy(b->cluster);
    if (b->owner) rd_kafka_destroy(b->owner);
    free(b);
}

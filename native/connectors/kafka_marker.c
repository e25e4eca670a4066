/* kafka_marker.c - the checkpoint marker of an exactly-once sink; see
 * kafka.h. The sink commits it (kafka_sink.c, with
 * rd_kafka_send_offsets_to_transaction); restore reads it here. */
#include "connectors/kafka.h"

#include <stdio.h>
#include <string.h>

#define MARKER_TIMEOUT_MS 30000

void conn_kafka_marker_group(const char *transactional_id, char *group, size_t grouplen)
{
    snprintf(group, grouplen, "%s" CONN_KAFKA_MARKER_SUFFIX, transactional_id);
}

/* A consumer of the marker group in t's cluster: nothing subscribed, nothing committed by it. */
static rd_kafka_t *marker_consumer(const catalog_table_t *t, const char *group, char *err, size_t errlen)
{
    rd_kafka_conf_t *conf = conn_kafka_conf_new(t, err, errlen);
    if (!conf) return NULL;
    char why[512];
    rd_kafka_t *rk = NULL;
    if (rd_kafka_conf_set(conf, "group.id", group, why, sizeof why) != RD_KAFKA_CONF_OK ||
        rd_kafka_conf_set(conf, "enable.auto.commit", "false", why, sizeof why) != RD_KAFKA_CONF_OK ||
        !(rk = rd_kafka_new(RD_KAFKA_CONSUMER, conf, why, sizeof why))) {
        snprintf(err, errlen, "table '%s': cannot create a consumer to read the checkpoint marker of group '%s': %s",
                 t->name, group, why);
        rd_kafka_conf_destroy(conf);
    }
    return rk;
}

int conn_kafka_marker_committed(const catalog_table_t *t, const char *transactional_id, uint64_t *checkpoint_id,
                                char *err, size_t errlen)
{
    char group[512];
    conn_kafka_marker_group(transactional_id, group, sizeof group);
    char **topics;
    int ntopics;
    *checkpoint_id = 0;
    if (conn_kafka_topics(t, &topics, &ntopics, err, errlen) != 0) return -1;
    rd_kafka_t *rk = marker_consumer(t, group, err, errlen);
    if (!rk) {
        conn_kafka_topics_free(topics, ntopics);
        return -1;
    }
    rd_kafka_topic_partition_list_t *parts = rd_kafka_topic_partition_list_new(1);
    rd_kafka_topic_partition_t *p = rd_kafka_topic_partition_list_add(parts, topics[0], 0);
    rd_kafka_resp_err_t e = rd_kafka_committed(rk, parts, MARKER_TIMEOUT_MS);
    if (!e) e = p->err;
    if (e)
        snprintf(err, errlen, "table '%s': cannot read the checkpoint marker of group '%s' (topic '%s', partition 0): "
                 "%s", t->name, group, topics[0], rd_kafka_err2str(e));
    else if (p->offset > 0)
        *checkpoint_id = (uint64_t)p->offset;
    rd_kafka_topic_partition_list_destroy(parts);
    rd_kafka_destroy(rk);
    conn_kafka_topics_free(topics, ntopics);
    return e ? -1 : 0;
}

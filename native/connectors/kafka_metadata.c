/* kafka_metadata.c - the METADATA columns of 'kafka' and 'upsert-kafka'
 * tables; see kafka.h.
 *
 * The keys and types are those of Flink's KafkaDynamicSource (reading) and
 * KafkaDynamicSink (writing), in their order. librdkafka 2.0.2 does not
 * expose a record's leader epoch: 'leader-epoch' reads NULL, as Flink reads
 * a record without one. */
#include "connectors/kafka.h"

#include <stdlib.h>
#include <string.h>

enum { META_TOPIC, META_PARTITION, META_HEADERS, META_LEADER_EPOCH, META_OFFSET, META_TIMESTAMP, META_TS_TYPE };
static const conn_metadata_key_t read_keys[] = {
    {"topic", "STRING NOT NULL"},
    {"partition", "INT NOT NULL"},
    {"headers", "MAP<STRING, BYTES> NOT NULL"},
    {"leader-epoch", "INT"},
    {"offset", "BIGINT NOT NULL"},
    {"timestamp", "TIMESTAMP_LTZ(3) NOT NULL"},
    {"timestamp-type", "STRING NOT NULL"},
};
enum { WRITE_HEADERS, WRITE_TIMESTAMP };
static const conn_metadata_key_t write_keys[] = {
    {"headers", "MAP<STRING, BYTES>"},
    {"timestamp", "TIMESTAMP_LTZ(3)"},
};
static const conn_metadata_offer_t read_offer = {
    "Kafka table source", "org.apache.flink.streaming.connectors.kafka.table.KafkaDynamicSource", read_keys, 7};
static const conn_metadata_offer_t write_offer = {
    "Kafka table sink", "org.apache.flink.streaming.connectors.kafka.table.KafkaDynamicSink", write_keys, 2};

int conn_kafka_metadata_init(conn_metadata_t *m, const catalog_table_t *t, bool writing, char *err, size_t errlen)
{
    return conn_metadata_init(m, t, writing, writing ? &write_offer : &read_offer, err, errlen);
}

static value_t text_value(const char *s, size_t n)
{
    value_t v = {0};
    v.u.str.ptr = s;
    v.u.str.len = (uint32_t)n;
    return v;
}

/* Every header, in record order (a later duplicate wins, as in Flink's HashMap). */
static value_t headers_value(const rd_kafka_message_t *m, arena_t *a)
{
    value_t v = {0};
    rd_kafka_headers_t *h = NULL;
    if (rd_kafka_message_headers(m, &h) != RD_KAFKA_RESP_ERR_NO_ERROR || !h) return v;
    size_t n = rd_kafka_header_cnt(h);
    v.u.map.keys = arena_calloc(a, n + 1, sizeof(value_t));
    v.u.map.vals = arena_calloc(a, n + 1, sizeof(value_t));
    const char *name;
    const void *val;
    size_t len;
    for (size_t i = 0; rd_kafka_header_get_all(h, i, &name, &val, &len) == RD_KAFKA_RESP_ERR_NO_ERROR; i++) {
        v.u.map.keys[v.u.map.n] = text_value(arena_strdup(a, name), strlen(name));
        char *copy = arena_alloc(a, len + 1);
        if (val) memcpy(copy, val, len);
        v.u.map.vals[v.u.map.n++] = val ? text_value(copy, len) : value_null();
    }
    return v;
}

static value_t record_value(const rd_kafka_message_t *m, int key, arena_t *a)
{
    value_t v = {0};
    rd_kafka_timestamp_type_t tt;
    int64_t ts = rd_kafka_message_timestamp(m, &tt);
    switch (key) {
    case META_TOPIC: {
        const char *topic = rd_kafka_topic_name(m->rkt);
        return text_value(topic, strlen(topic));
    }
    case META_PARTITION: v.u.i64 = m->partition; return v;
    case META_HEADERS: return headers_value(m, a);
    case META_LEADER_EPOCH: return value_null();
    case META_OFFSET: v.u.i64 = m->offset; return v;
    case META_TIMESTAMP: v.u.ts.millis = ts; return v;
    default: {   /* Kafka's TimestampType names */
        const char *name = tt == RD_KAFKA_TIMESTAMP_CREATE_TIME ? "CreateTime"
                         : tt == RD_KAFKA_TIMESTAMP_LOG_APPEND_TIME ? "LogAppendTime" : "NoTimestampType";
        return text_value(name, strlen(name));
    }
    }
}

void conn_kafka_metadata_read(const conn_metadata_t *meta, const rd_kafka_message_t *m, row_t *rows, size_t n,
                              arena_t *a)
{
    if (!meta->any) return;
    for (int c = 0; c < meta->table->schema->nfields; c++) {
        int k = conn_metadata_key_of(meta, c);
        if (k < 0) continue;
        value_t raw = record_value(m, k, a), v = conn_metadata_to_column(meta, c, &raw, a);
        for (size_t r = 0; r < n; r++) rows[r].fields[c] = v;
    }
}

/* Headers with a NULL name or value are left out, as Flink leaves them out. */
static rd_kafka_headers_t *headers_of(const value_t *v)
{
    rd_kafka_headers_t *h = rd_kafka_headers_new(v->u.map.n);
    for (uint32_t i = 0; i < v->u.map.n; i++) {
        const value_t *k = &v->u.map.keys[i], *x = &v->u.map.vals[i];
        if (!k->is_null && !x->is_null)
            rd_kafka_header_add(h, k->u.str.ptr, (ssize_t)k->u.str.len, x->u.str.ptr, (ssize_t)x->u.str.len);
    }
    return h;
}

rd_kafka_headers_t *conn_kafka_metadata_write(const conn_metadata_t *meta, const row_t *row, int64_t *timestamp,
                                              arena_t *a)
{
    rd_kafka_headers_t *h = NULL;
    *timestamp = 0;
    for (int c = 0; meta->any && c < meta->table->schema->nfields; c++) {
        int k = conn_metadata_key_of(meta, c);
        if (k < 0 || row->fields[c].is_null) continue;
        value_t v = conn_metadata_from_column(meta, c, &row->fields[c], a);
        if (k == WRITE_TIMESTAMP) *timestamp = v.u.ts.millis;
        else if (!h) h = headers_of(&v);
    }
    return h;
}

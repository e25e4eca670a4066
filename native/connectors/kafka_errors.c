/* kafka_errors.c - Confluent Cloud's handling of records that do not
 * decode ('error-handling.mode'); see kafka.h.
 *
 * 'fail' (the default) fails the job with the record's place; 'ignore'
 * drops the record; 'log' drops it and writes a dead-letter record to the
 * topic 'error-handling.log.target' (default 'error_log') of the same
 * cluster. The dead-letter record is JSON with the columns of Confluent's
 * DLQ table: error_timestamp, error_code, error_reason, error_message,
 * error_details, processor, statement_name, affected_type,
 * affected_catalog, affected_database, affected_name and source_record
 * (topic, partition, offset, timestamp, timestamp_type, headers, key and
 * value, bytes in base64 as Flink's json format writes them); its key is
 * the bad record's key. Writes are asynchronous; closing waits for them. */
#include "connectors/kafka.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "types/text.h"
#include "util/xalloc.h"

#define ERRORS_FLUSH_MS 10000   /* the longest closing waits for dead-letter records */

struct conn_kafka_errors {
    conn_kafka_errors_mode_t mode;
    const catalog_table_t *table;
    rd_kafka_t *producer;           /* 'log' only */
    char *target;
    long failed;                    /* dead-letter records the brokers did not take */
};

static int parse_mode(const catalog_table_t *t, conn_kafka_errors_mode_t *mode, char *err, size_t errlen)
{
    const char *v = catalog_table_option(t, "error-handling.mode");
    static const char *const names[] = {"fail", "ignore", "log"};
    *mode = CONN_KAFKA_ERRORS_FAIL;
    if (!v) return 0;
    for (int i = 0; i < 3; i++)
        if (strcmp(v, names[i]) == 0) {
            *mode = (conn_kafka_errors_mode_t)i;
            return 0;
        }
    snprintf(err, errlen, "table '%s': Could not parse value '%s' for key 'error-handling.mode'. Possible values: "
             "fail, ignore, log", t->name, v);
    return -1;
}

static void on_delivery(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque)
{
    (void)rk;
    if (m->err) ((conn_kafka_errors_t *)opaque)->failed++;
}

static int producer_new(conn_kafka_errors_t *e, char *err, size_t errlen)
{
    rd_kafka_conf_t *conf = conn_kafka_conf_new(e->table, err, errlen);
    if (!conf) return -1;
    rd_kafka_conf_set_opaque(conf, e);
    rd_kafka_conf_set_dr_msg_cb(conf, on_delivery);
    char why[512];
    if (!(e->producer = rd_kafka_new(RD_KAFKA_PRODUCER, conf, why, sizeof why))) {
        snprintf(err, errlen, "table '%s': cannot create the producer of 'error-handling.log.target': %s",
                 e->table->name, why);
        rd_kafka_conf_destroy(conf);
        return -1;
    }
    return 0;
}

conn_kafka_errors_t *conn_kafka_errors_new(const catalog_table_t *t, char *err, size_t errlen)
{
    conn_kafka_errors_t *e = xcalloc(1, sizeof *e);
    e->table = t;
    const char *target = catalog_table_option(t, "error-handling.log.target");
    e->target = xstrdup(target ? target : "error_log");
    if (parse_mode(t, &e->mode, err, errlen) != 0 ||
        (e->mode == CONN_KAFKA_ERRORS_LOG && producer_new(e, err, errlen) != 0)) {
        conn_kafka_errors_free(e);
        return NULL;
    }
    return e;
}

conn_kafka_errors_mode_t conn_kafka_errors_mode(const conn_kafka_errors_t *e) { return e->mode; }

static cJSON *bytes_json(const void *p, size_t n)
{
    if (!p) return cJSON_CreateNull();
    buf_t b = {0};
    text_base64_encode(&b, p, n);
    buf_putc(&b, '\0');
    cJSON *j = cJSON_CreateString((const char *)b.data);
    buf_free(&b);
    return j;
}

static cJSON *timestamp_json(int64_t millis)
{
    buf_t b = {0};
    text_put_timestamp(&b, millis, 0, TEXT_TS_SQL, true);
    buf_putc(&b, '\0');
    cJSON *j = cJSON_CreateString((const char *)b.data);
    buf_free(&b);
    return j;
}

static cJSON *source_record_json(const rd_kafka_message_t *m)
{
    cJSON *r = cJSON_CreateObject(), *headers = cJSON_CreateObject();
    rd_kafka_timestamp_type_t tstype;
    int64_t ts = rd_kafka_message_timestamp(m, &tstype);
    cJSON_AddStringToObject(r, "topic", rd_kafka_topic_name(m->rkt));
    cJSON_AddNumberToObject(r, "partition", m->partition);
    cJSON_AddNumberToObject(r, "offset", (double)m->offset);
    cJSON_AddItemToObject(r, "timestamp", ts >= 0 ? timestamp_json(ts) : cJSON_CreateNull());
    cJSON_AddStringToObject(r, "timestamp_type", tstype == RD_KAFKA_TIMESTAMP_CREATE_TIME ? "CreateTime"
                                                 : tstype == RD_KAFKA_TIMESTAMP_LOG_APPEND_TIME ? "LogAppendTime"
                                                                                                : "NoTimestampType");
    rd_kafka_headers_t *h = NULL;
    const char *name;
    const void *val;
    size_t len;
    if (rd_kafka_message_headers(m, &h) == RD_KAFKA_RESP_ERR_NO_ERROR && h)
        for (size_t i = 0; rd_kafka_header_get_all(h, i, &name, &val, &len) == RD_KAFKA_RESP_ERR_NO_ERROR; i++) {
            cJSON_DeleteItemFromObjectCaseSensitive(headers, name);   /* a later duplicate wins */
            cJSON_AddItemToObject(headers, name, bytes_json(val, len));
        }
    cJSON_AddItemToObject(r, "headers", headers);
    cJSON_AddItemToObject(r, "key", bytes_json(m->key, m->key_len));
    cJSON_AddItemToObject(r, "value", bytes_json(m->payload, m->len));
    return r;
}

static char *dead_letter(const conn_kafka_errors_t *e, const rd_kafka_message_t *m, const char *message)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    cJSON *d = cJSON_CreateObject();
    cJSON_AddItemToObject(d, "error_timestamp", timestamp_json((int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000));
    cJSON_AddNumberToObject(d, "error_code", 1);
    cJSON_AddStringToObject(d, "error_reason", "DESERIALIZATION_ERROR");
    cJSON_AddStringToObject(d, "error_message", message);
    cJSON_AddItemToObject(d, "error_details", cJSON_CreateObject());
    cJSON_AddStringToObject(d, "processor", "ptfhost");
    cJSON_AddNullToObject(d, "statement_name");
    cJSON_AddStringToObject(d, "affected_type", "SOURCE");
    cJSON_AddNullToObject(d, "affected_catalog");
    cJSON_AddNullToObject(d, "affected_database");
    cJSON_AddStringToObject(d, "affected_name", e->table->name);
    cJSON_AddItemToObject(d, "source_record", source_record_json(m));
    char *text = cJSON_PrintUnformatted(d);
    cJSON_Delete(d);
    return text;
}

int conn_kafka_errors_log(conn_kafka_errors_t *e, const rd_kafka_message_t *m, const char *message, char *err,
                          size_t errlen)
{
    if (e->mode != CONN_KAFKA_ERRORS_LOG) return 0;
    char *value = dead_letter(e, m, message);
    rd_kafka_resp_err_t rc = rd_kafka_producev(
        e->producer, RD_KAFKA_V_TOPIC(e->target), RD_KAFKA_V_KEY(m->key, m->key_len),
        RD_KAFKA_V_VALUE(value, strlen(value)), RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
    cJSON_free(value);
    rd_kafka_poll(e->producer, 0);   /* delivery reports */
    if (!rc && !e->failed) return 0;
    snprintf(err, errlen, "table '%s': cannot write to 'error-handling.log.target' topic '%s': %s", e->table->name,
             e->target, rc ? rd_kafka_err2str(rc) : "the brokers did not take a record");
    return -1;
}

void conn_kafka_errors_free(conn_kafka_errors_t *e)
{
    if (!e) return;
    if (e->producer) {
        rd_kafka_flush(e->producer, ERRORS_FLUSH_MS);
        rd_kafka_destroy(e->producer);
    }
    free(e->target);
    free(e);
}

/* kafka_conf.c - 'properties.*' and 'topic' of a kafka table; see kafka.h. */
#include "connectors/kafka.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* Java client names that librdkafka spells differently (the rest of the
 * names the two share, or librdkafka accepts as aliases: acks, linger.ms,
 * retries, delivery.timeout.ms, sasl.mechanism, ...). */
static const struct { const char *java, *librdkafka; } renamed[] = {
    {"max.request.size", "message.max.bytes"},
    {"send.buffer.bytes", "socket.send.buffer.bytes"},
    {"receive.buffer.bytes", "socket.receive.buffer.bytes"},
    {"fetch.max.wait.ms", "fetch.wait.max.ms"},
    {"ssl.truststore.location", NULL},   /* NULL: no equivalent, see hint() */
    {"ssl.keystore.location", NULL},
};

/* Java client settings that mean nothing to librdkafka: the (de)serializers
 * Flink sets itself and limits of the Java client's own machinery. */
static const char *const java_only[] = {
    "key.serializer", "value.serializer", "key.deserializer", "value.deserializer", "max.poll.records",
    "max.block.ms", "default.api.timeout.ms", "client.dns.lookup", "buffer.memory", "auto.include.jmx.reporter",
    "metrics.recording.level", "metric.reporters",
    "commit.offsets.on.checkpoint",   /* Flink's KafkaSource's own: kafka_source.c reads it */
    NULL,
};

static const char *hint(const char *java)
{
    if (strcmp(java, "ssl.truststore.location") == 0)
        return " (librdkafka reads PEM files: set 'properties.ssl.ca.location' instead)";
    if (strcmp(java, "ssl.keystore.location") == 0)
        return " (librdkafka reads PEM files: set 'properties.ssl.certificate.location' and "
               "'properties.ssl.key.location' instead)";
    return "";
}

/* value of key="value" inside a JAAS line, malloc'ed, or NULL. */
static char *jaas_value(const char *jaas, const char *key)
{
    char pat[32];
    snprintf(pat, sizeof pat, "%s=\"", key);
    const char *p = strstr(jaas, pat), *end = p ? strchr(p + strlen(pat), '"') : NULL;
    if (!end) return NULL;
    p += strlen(pat);
    return strndup(p, (size_t)(end - p));
}

static int set(rd_kafka_conf_t *conf, const catalog_table_t *t, const char *option, const char *name,
               const char *value, char *err, size_t errlen)
{
    char why[512];
    rd_kafka_conf_res_t r = rd_kafka_conf_set(conf, name, value, why, sizeof why);
    if (r == RD_KAFKA_CONF_OK) return 0;
    if (r == RD_KAFKA_CONF_UNKNOWN)
        snprintf(err, errlen, "table '%s': unknown Kafka client property '%s': neither librdkafka nor the Java "
                              "client names ptfhost translates know '%s' (librdkafka: %s)",
                 t->name, option, name, why);
    else
        snprintf(err, errlen, "table '%s': invalid value '%s' for '%s': %s", t->name, value, option, why);
    return -1;
}

/* The SASL/PLAIN credentials of a Java JAAS line go to librdkafka's own keys. */
static int set_jaas(rd_kafka_conf_t *conf, const catalog_table_t *t, const char *option, const char *jaas,
                    char *err, size_t errlen)
{
    char *user = jaas_value(jaas, "username"), *pass = jaas_value(jaas, "password");
    int rc = 0;
    if (!user || !pass) {
        snprintf(err, errlen, "table '%s': '%s' holds no username=\"...\" password=\"...\" pair; librdkafka takes "
                              "'properties.sasl.username' and 'properties.sasl.password'", t->name, option);
        rc = -1;
    } else if (set(conf, t, option, "sasl.username", user, err, errlen) != 0 ||
               set(conf, t, option, "sasl.password", pass, err, errlen) != 0) {
        rc = -1;
    }
    free(user);
    free(pass);
    return rc;
}

static int set_property(rd_kafka_conf_t *conf, const catalog_table_t *t, const char *option, const char *name,
                        const char *value, char *err, size_t errlen)
{
    for (const char *const *j = java_only; *j; j++)
        if (strcmp(name, *j) == 0) return 0;
    if (strcmp(name, "sasl.jaas.config") == 0) return set_jaas(conf, t, option, value, err, errlen);
    if (strcmp(name, "ssl.endpoint.identification.algorithm") == 0 && !*value) value = "none";   /* Java's "" */
    for (size_t i = 0; i < sizeof renamed / sizeof renamed[0]; i++) {
        if (strcmp(name, renamed[i].java) != 0) continue;
        if (!renamed[i].librdkafka) {
            snprintf(err, errlen, "table '%s': '%s' has no librdkafka equivalent%s", t->name, option,
                     hint(name));
            return -1;
        }
        name = renamed[i].librdkafka;
        break;
    }
    return set(conf, t, option, name, value, err, errlen);
}

/* librdkafka logs to stderr by default; a job reports its own errors, so
 * the client's log shows only when the table asks ('properties.debug'). */
static void quiet_log(const rd_kafka_t *rk, int level, const char *fac, const char *buf)
{
    (void)rk, (void)level, (void)fac, (void)buf;
}

rd_kafka_conf_t *conn_kafka_conf_new(const catalog_table_t *t, char *err, size_t errlen)
{
    if (!catalog_table_option(t, "properties.bootstrap.servers")) {
        snprintf(err, errlen, "One or more required options are missing.\n\nMissing required options are:\n\n"
                              "properties.bootstrap.servers\n(table '%s': e.g. 'properties.bootstrap.servers' = "
                              "'127.0.0.1:9092'; 'ptfhost broker' starts a local one)", t->name);
        return NULL;
    }
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    if (!catalog_table_option(t, "properties.debug")) rd_kafka_conf_set_log_cb(conf, quiet_log);
    for (int i = 0; i < t->nopts; i++) {
        const char *key = t->opts[i].key;
        if (strncmp(key, "properties.", 11) != 0) continue;
        if (set_property(conf, t, key, key + 11, t->opts[i].value, err, errlen) != 0) {
            rd_kafka_conf_destroy(conf);
            return NULL;
        }
    }
    return conf;
}

int conn_kafka_conf_default(rd_kafka_conf_t *conf, const catalog_table_t *t, const char *name, const char *value,
                            char *err, size_t errlen)
{
    char option[256];
    snprintf(option, sizeof option, "properties.%s", name);
    if (catalog_table_option(t, option)) return 0;
    return set(conf, t, option, name, value, err, errlen);
}

int conn_kafka_topics(const catalog_table_t *t, char ***names, int *n, char *err, size_t errlen)
{
    *names = NULL;
    *n = 0;
    if (catalog_table_option(t, "topic-pattern")) {
        snprintf(err, errlen, "table '%s': 'topic-pattern' only reads; a kafka sink writes to the one topic "
                              "'topic' names", t->name);
        return -1;
    }
    const char *topic = catalog_table_option(t, "topic");
    if (!topic) {
        snprintf(err, errlen, "table '%s': Either 'topic' or 'topic-pattern' must be set.", t->name);
        return -1;
    }
    char *copy = xstrdup(topic), *save = NULL;
    for (char *s = strtok_r(copy, ";", &save); s; s = strtok_r(NULL, ";", &save)) {
        while (*s == ' ') s++;
        size_t len = strlen(s);
        while (len > 0 && s[len - 1] == ' ') s[--len] = '\0';
        bool seen = len == 0;
        for (int i = 0; i < *n && !seen; i++) seen = strcmp((*names)[i], s) == 0;
        if (seen) continue;   /* a topic named twice is read once */
        *names = xrealloc(*names, (size_t)(*n + 1) * sizeof **names);
        (*names)[(*n)++] = xstrdup(s);
    }
    free(copy);
    if (*n == 0) {
        snprintf(err, errlen, "table '%s': 'topic' names no topic", t->name);
        return -1;
    }
    return 0;
}

void conn_kafka_topics_free(char **names, int n)
{
    for (int i = 0; i < n; i++) free(names[i]);
    free(names);
}

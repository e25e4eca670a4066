/* test_kafka.c - the kafka connector's parts that need no broker: the
 * 'properties.*' translation, the key/value codec over the table's columns,
 * and librdkafka's murmur2 partitioner (the one the sink uses) against the
 * shared vectors in tests/vectors/murmur2.txt, which the Java test
 * Murmur2Test checks against a clean-room implementation of Kafka's. */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "connectors/kafka.h"
#include "types/render.h"
#include "util/buf.h"

static void add_opt(catalog_table_t *t, const char *k, const char *v)
{
    t->opts = realloc(t->opts, (size_t)(t->nopts + 1) * sizeof *t->opts);
    t->opts[t->nopts].key = strdup(k);
    t->opts[t->nopts].value = strdup(v);
    t->nopts++;
}

/* A table 'clicks' of the given schema and options (k, v, k, v, ..., NULL). */
static catalog_table_t *table(const char *schema, ...)
{
    char err[256];
    catalog_table_t *t = catalog_table_new("clicks");
    t->schema = type_parse(schema, err, sizeof err);
    ck_assert_msg(t->schema, "%s", err);
    va_list ap;
    va_start(ap, schema);
    for (const char *k; (k = va_arg(ap, const char *));) add_opt(t, k, va_arg(ap, const char *));
    va_end(ap);
    return t;
}

static const char *conf_get(rd_kafka_conf_t *conf, const char *name)
{
    static char value[512];
    size_t n = sizeof value;
    return rd_kafka_conf_get(conf, name, value, &n) == RD_KAFKA_CONF_OK ? value : NULL;
}

START_TEST(java_client_names_are_translated_and_java_only_ones_dropped)
{
    catalog_table_t *t = table("ROW<`a` INT>", "properties.bootstrap.servers", "127.0.0.1:1",
                               "properties.max.request.size", "2000000", "properties.key.deserializer",
                               "org.apache.kafka.common.serialization.ByteArrayDeserializer",
                               "properties.sasl.jaas.config",
                               "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u1\" "
                               "password=\"p1\";", "properties.linger.ms", "7", NULL);
    char err[1024];
    rd_kafka_conf_t *conf = conn_kafka_conf_new(t, err, sizeof err);
    ck_assert_msg(conf, "%s", err);
    ck_assert_str_eq(conf_get(conf, "message.max.bytes"), "2000000");
    ck_assert_str_eq(conf_get(conf, "sasl.username"), "u1");
    ck_assert_str_eq(conf_get(conf, "sasl.password"), "p1");
    ck_assert_str_eq(conf_get(conf, "linger.ms"), "7");
    ck_assert_str_eq(conf_get(conf, "bootstrap.servers"), "127.0.0.1:1");
    rd_kafka_conf_destroy(conf);
    catalog_table_free(t);
}
END_TEST

/* 'properties.<name>' = value fails, with an error holding each of the texts. */
static void expect_conf_error(const char *name, const char *value, const char *text, const char *text2)
{
    char option[256], err[1024];
    snprintf(option, sizeof option, "properties.%s", name);
    catalog_table_t *t = table("ROW<`a` INT>", "properties.bootstrap.servers", "127.0.0.1:1", option, value, NULL);
    ck_assert_ptr_null(conn_kafka_conf_new(t, err, sizeof err));
    ck_assert_msg(strstr(err, text) && (!text2 || strstr(err, text2)), "%s", err);
    catalog_table_free(t);
}

START_TEST(a_property_nobody_knows_is_an_error_naming_it)
{
    expect_conf_error("fetch.mni.bytes", "1", "unknown Kafka client property 'properties.fetch.mni.bytes'", NULL);
    expect_conf_error("ssl.truststore.location", "/x.jks",
                      "'properties.ssl.truststore.location' has no librdkafka equivalent", "ssl.ca.location");
    expect_conf_error("acks", "most", "invalid value 'most' for 'properties.acks'", NULL);
}
END_TEST

START_TEST(bootstrap_servers_are_required)
{
    catalog_table_t *t = table("ROW<`a` INT>", "topic", "x", NULL);
    char err[1024];
    ck_assert_ptr_null(conn_kafka_conf_new(t, err, sizeof err));
    ck_assert_msg(strstr(err, "Missing required options are:\n\nproperties.bootstrap.servers"), "%s", err);
    catalog_table_free(t);
}
END_TEST

START_TEST(topic_lists_split_on_semicolons_each_topic_once)
{
    catalog_table_t *t = table("ROW<`a` INT>", "topic", "a; b;;c ;a", NULL);
    char err[256], **names;
    int n;
    ck_assert_int_eq(conn_kafka_topics(t, &names, &n, err, sizeof err), 0);
    ck_assert_int_eq(n, 3);
    ck_assert_str_eq(names[0], "a");
    ck_assert_str_eq(names[1], "b");
    ck_assert_str_eq(names[2], "c");
    conn_kafka_topics_free(names, n);
    catalog_table_free(t);
}
END_TEST

static void render(const row_t *r, const type_t *schema, char *out, size_t n)
{
    buf_t b = BUF_INIT;
    render_row(&b, r, schema);
    snprintf(out, n, "%s", buf_cstr(&b));
    buf_free(&b);
}

START_TEST(key_fields_with_a_prefix_round_trip_through_key_and_value)
{
    catalog_table_t *t = table("ROW<`k_id` INT, `url` STRING, `n` BIGINT>", "key.format", "json", "key.fields",
                               "k_id", "key.fields-prefix", "k_", "value.format", "json", "value.fields-include",
                               "EXCEPT_KEY", NULL);
    char err[1024], text[256];
    conn_kafka_codec_t *c = conn_kafka_codec_new(t, false, err, sizeof err);
    ck_assert_msg(c, "%s", err);
    const char key[] = "{\"id\":7}", value[] = "{\"url\":\"/a\",\"n\":3}";
    arena_t a;
    arena_init(&a, 0);
    row_t *rows;
    size_t n;
    bool skipped;
    conn_where_t where = {"clicks-0", 5};
    ck_assert_int_eq(conn_kafka_codec_decode(c, key, strlen(key), value, strlen(value), &where, &rows, &n,
                                             &skipped, &a, err, sizeof err), 0);
    ck_assert_int_eq((int)n, 1);
    render(&rows[0], t->schema, text, sizeof text);
    ck_assert_str_eq(text, "+I[7, /a, 3]");
    buf_t k = BUF_INIT, v = BUF_INIT;
    bool tombstone;
    ck_assert_int_eq(conn_kafka_codec_encode(c, &rows[0], &k, &v, &tombstone, err, sizeof err), 0);
    ck_assert(!tombstone);
    ck_assert_str_eq(buf_cstr(&k), key);
    ck_assert_str_eq(buf_cstr(&v), value);
    /* a tombstone carries no row */
    ck_assert_int_eq(conn_kafka_codec_decode(c, key, strlen(key), NULL, 0, &where, &rows, &n, &skipped, &a, err,
                                             sizeof err), 0);
    ck_assert_int_eq((int)n, 0);
    buf_free(&k);
    buf_free(&v);
    arena_destroy(&a);
    conn_kafka_codec_free(c);
    catalog_table_free(t);
}
END_TEST

START_TEST(upsert_tombstones_are_key_only_deletes_both_ways)
{
    catalog_table_t *t = table("ROW<`currency` STRING, `rate` INT>", "key.format", "json", "value.format", "json",
                               NULL);
    t->npk = 1;
    t->pk = calloc(1, sizeof *t->pk);
    char err[1024], text[256];
    conn_kafka_codec_t *c = conn_kafka_codec_new(t, true, err, sizeof err);
    ck_assert_msg(c, "%s", err);
    const char key[] = "{\"currency\":\"EUR\"}";
    arena_t a;
    arena_init(&a, 0);
    row_t *rows;
    size_t n;
    bool skipped, tombstone;
    conn_where_t where = {"rates-0", 9};
    ck_assert_int_eq(conn_kafka_codec_decode(c, key, strlen(key), NULL, 0, &where, &rows, &n, &skipped, &a, err,
                                             sizeof err), 0);
    ck_assert_int_eq((int)n, 1);
    render(&rows[0], t->schema, text, sizeof text);
    ck_assert_str_eq(text, "-D[EUR, null]");
    buf_t k = BUF_INIT, v = BUF_INIT;
    ck_assert_int_eq(conn_kafka_codec_encode(c, &rows[0], &k, &v, &tombstone, err, sizeof err), 0);
    ck_assert(tombstone);
    ck_assert_str_eq(buf_cstr(&k), key);
    buf_free(&k);
    buf_free(&v);
    arena_destroy(&a);
    conn_kafka_codec_free(c);
    catalog_table_free(t);
    t = table("ROW<`currency` STRING>", "key.format", "json", "value.format", "json", NULL);
    ck_assert_ptr_null(conn_kafka_codec_new(t, true, err, sizeof err));
    ck_assert_msg(strstr(err, "'upsert-kafka' tables require to define a PRIMARY KEY constraint"), "%s", err);
    catalog_table_free(t);
}
END_TEST

START_TEST(key_options_are_checked_as_flink_checks_them)
{
    char err[1024];
    catalog_table_t *t = table("ROW<`a` INT>", "format", "json", "key.format", "json", NULL);
    ck_assert_ptr_null(conn_kafka_codec_new(t, false, err, sizeof err));
    ck_assert_msg(strstr(err, "requires the declaration of one or more of key fields using 'key.fields'"), "%s", err);
    catalog_table_free(t);
    t = table("ROW<`a` INT>", "format", "json", "key.format", "json", "key.fields", "b", NULL);
    ck_assert_ptr_null(conn_kafka_codec_new(t, false, err, sizeof err));
    ck_assert_msg(strstr(err, "Could not find the field 'b' in the table schema"), "%s", err);
    catalog_table_free(t);
    t = table("ROW<`k_a` INT>", "format", "json", "key.format", "json", "key.fields", "k_a", "key.fields-prefix",
              "k_", NULL);
    ck_assert_ptr_null(conn_kafka_codec_new(t, false, err, sizeof err));
    ck_assert_msg(strstr(err, "A key prefix is not allowed when option 'value.fields-include' is set to 'ALL'"),
                  "%s", err);
    catalog_table_free(t);
}
END_TEST

/* key hex or '-' for empty, partitions, partition */
START_TEST(murmur2_partitioner_matches_the_shared_vectors)
{
    char path[4096];
    const char *root = getenv("PTFHOST_ROOT");
    if (root) {
        snprintf(path, sizeof path, "%s/tests/vectors/murmur2.txt", root);
    } else {   /* __FILE__ is .../tests/unit/test_kafka.c */
        snprintf(path, sizeof path, "%s", __FILE__);
        char *cut = strstr(path, "tests/unit/test_kafka.c");
        if (cut) snprintf(cut, sizeof path - (size_t)(cut - path), "tests/vectors/murmur2.txt");
    }
    FILE *f = fopen(path, "r");
    ck_assert_msg(f, "cannot open %s", path);
    char line[1024], hex[512];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        int partitions, want;
        if (line[0] == '#' || sscanf(line, "%511s %d %d", hex, &partitions, &want) != 3) continue;
        unsigned char key[256];
        size_t len = 0;
        for (const char *h = hex; strcmp(hex, "-") != 0 && h[0] && h[1]; h += 2) {
            unsigned v;
            sscanf(h, "%2x", &v);
            key[len++] = (unsigned char)v;
        }
        int32_t got = rd_kafka_msg_partitioner_murmur2(NULL, key, len, partitions, NULL, NULL);
        ck_assert_msg(got == want, "%s over %d partitions: librdkafka %d, vector %d", hex, partitions, got, want);
        checked++;
    }
    fclose(f);
    ck_assert_int_gt(checked, 100);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("kafka");
    TCase *tc = tcase_create("kafka");
    tcase_add_test(tc, java_client_names_are_translated_and_java_only_ones_dropped);
    tcase_add_test(tc, a_property_nobody_knows_is_an_error_naming_it);
    tcase_add_test(tc, bootstrap_servers_are_required);
    tcase_add_test(tc, topic_lists_split_on_semicolons_each_topic_once);
    tcase_add_test(tc, key_fields_with_a_prefix_round_trip_through_key_and_value);
    tcase_add_test(tc, upsert_tombstones_are_key_only_deletes_both_ways);
    tcase_add_test(tc, key_options_are_checked_as_flink_checks_them);
    tcase_add_test(tc, murmur2_partitioner_matches_the_shared_vectors);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

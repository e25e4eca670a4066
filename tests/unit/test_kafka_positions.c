/* test_kafka_positions.c - a Kafka source's split positions (source.h),
 * against the built-in broker in this process (kafka/broker.h): before a
 * row a partition stands at its logical start; a record that decodes into
 * two rows (a debezium-json update) is cut between them, with and without
 * the row read ahead; a new source restarted there returns the rest of
 * that record and goes on, whatever its startup mode says; a completed
 * checkpoint's positions become the group's committed offsets. */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_main.h"
#include "connectors/kafka.h"
#include "kafka/broker.h"
#include "types/render.h"
#include "util/buf.h"

static kafka_broker_t *broker;

static void add_opt(catalog_table_t *t, const char *k, const char *v)
{
    t->opts = realloc(t->opts, (size_t)(t->nopts + 1) * sizeof *t->opts);
    t->opts[t->nopts].key = strdup(k);
    t->opts[t->nopts].value = strdup(v);
    t->nopts++;
}

/* 'cdc' read from the start mode given, to its end, by group g. */
static catalog_table_t *table(const char *startup)
{
    char err[256];
    catalog_table_t *t = catalog_table_new("cdc");
    t->schema = type_parse("ROW<`id` INT, `v` STRING>", err, sizeof err);
    ck_assert_msg(t->schema, "%s", err);
    add_opt(t, "topic", "cdc");
    add_opt(t, "properties.bootstrap.servers", kafka_broker_bootstraps(broker));
    add_opt(t, "properties.group.id", "g");
    add_opt(t, "format", "debezium-json");
    add_opt(t, "scan.startup.mode", startup);
    add_opt(t, "scan.bounded.mode", "latest-offset");
    return t;
}

/* Three debezium-json records: an update (two rows), an insert, an update. */
static void produce(void)
{
    static const char *const records[] = {
        "{\"before\":{\"id\":1,\"v\":\"a\"},\"after\":{\"id\":1,\"v\":\"b\"},\"op\":\"u\"}",
        "{\"before\":null,\"after\":{\"id\":2,\"v\":\"c\"},\"op\":\"c\"}",
        "{\"before\":{\"id\":2,\"v\":\"c\"},\"after\":{\"id\":2,\"v\":\"d\"},\"op\":\"u\"}",
    };
    char why[512];
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    ck_assert_int_eq(rd_kafka_conf_set(conf, "bootstrap.servers", kafka_broker_bootstraps(broker), why, sizeof why),
                     RD_KAFKA_CONF_OK);
    rd_kafka_t *p = rd_kafka_new(RD_KAFKA_PRODUCER, conf, why, sizeof why);
    ck_assert_msg(p, "%s", why);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(rd_kafka_producev(p, RD_KAFKA_V_TOPIC("cdc"), RD_KAFKA_V_PARTITION(0),
                                           RD_KAFKA_V_VALUE((void *)records[i], strlen(records[i])),
                                           RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END),
                         RD_KAFKA_RESP_ERR_NO_ERROR);
    ck_assert_int_eq(rd_kafka_flush(p, 30000), RD_KAFKA_RESP_ERR_NO_ERROR);
    rd_kafka_destroy(p);
}

/* The next row, rendered; "END" at the end of the source. */
static const char *next_row(conn_source_t *s, const catalog_table_t *t, arena_t *a, char *text, size_t len)
{
    char err[1024];
    for (;;) {
        s->wait_ms = 200;
        row_t row;
        int got = s->next(s, &row, a, err, sizeof err);
        ck_assert_msg(got != CONN_SRC_ERROR, "%s", err);
        if (got == CONN_SRC_END) return "END";
        if (got != CONN_SRC_ROW) continue;
        buf_t b = BUF_INIT;
        render_row(&b, &row, t->schema);
        snprintf(text, len, "%s", buf_cstr(&b));
        buf_free(&b);
        return text;
    }
}

static conn_split_pos_t position(conn_source_t *s, bool exclude_last)
{
    const conn_split_pos_t *pos;
    int n;
    ck_assert_int_eq(s->positions(s, exclude_last, &pos, &n), 0);
    ck_assert_int_eq(n, 1);
    ck_assert_str_eq(pos[0].topic, "cdc");
    ck_assert_int_eq(pos[0].partition, 0);
    return pos[0];
}

START_TEST(positions_cut_a_record_and_a_restart_goes_on_from_there)
{
    char err[1024], text[256];
    arena_t a;
    arena_init(&a, 0);
    produce();
    catalog_table_t *t = table("earliest-offset");
    conn_source_t *s = conn_kafka_source_open(t, false, err, sizeof err);
    ck_assert_msg(s, "%s", err);
    ck_assert_int_eq(position(s, false).offset, RD_KAFKA_OFFSET_BEGINNING);
    ck_assert_str_eq(next_row(s, t, &a, text, sizeof text), "-U[1, a]");
    conn_split_pos_t p = position(s, false);
    ck_assert(p.offset == 0 && p.skip == 1);
    p = position(s, true);   /* the -U read ahead, not processed: the record from its start */
    ck_assert(p.offset == 0 && p.skip == 0);
    ck_assert_str_eq(next_row(s, t, &a, text, sizeof text), "+U[1, b]");
    p = position(s, false);
    ck_assert(p.offset == 1 && p.skip == 0);
    ck_assert_str_eq(next_row(s, t, &a, text, sizeof text), "+I[2, c]");
    ck_assert_str_eq(next_row(s, t, &a, text, sizeof text), "-U[2, c]");
    conn_split_pos_t cut = position(s, false);
    ck_assert(cut.offset == 2 && cut.skip == 1);
    /* a completed checkpoint commits the record before the cut */
    ck_assert_int_eq(s->commit(s, &cut, 1, err, sizeof err), 0);
    s->close(s);
    cut.topic = "cdc";   /* it pointed into the closed source */

    /* restarted at the cut, a latest-offset source returns the rest of the record */
    catalog_table_t *t2 = table("latest-offset");
    s = conn_kafka_source_open(t2, false, err, sizeof err);
    ck_assert_msg(s, "%s", err);
    ck_assert_int_eq(s->restart(s, &cut, 1, err, sizeof err), 0);
    ck_assert_str_eq(next_row(s, t2, &a, text, sizeof text), "+U[2, d]");
    ck_assert_str_eq(next_row(s, t2, &a, text, sizeof text), "END");
    p = position(s, false);
    ck_assert(p.offset == 3 && p.skip == 0);
    s->close(s);

    /* the group's committed offset is the cut's record */
    catalog_table_t *t3 = table("group-offsets");
    s = conn_kafka_source_open(t3, false, err, sizeof err);
    ck_assert_msg(s, "%s", err);
    ck_assert_str_eq(next_row(s, t3, &a, text, sizeof text), "-U[2, c]");
    s->close(s);
    catalog_table_free(t);
    catalog_table_free(t2);
    catalog_table_free(t3);
    arena_destroy(&a);
}
END_TEST

/* The broker lives in the test's own process (a checked fixture): a broker made
 * before Check forks leaves its threads behind, and what they held at the fork
 * looks leaked to LeakSanitizer in the child. */
static void broker_up(void)
{
    char err[256];
    const char *topics[] = {"cdc"};
    kafka_broker_options_t o = {.brokers = 1, .partitions = 1, .topics = topics, .ntopics = 1};
    broker = kafka_broker_new(&o, err, sizeof err);
    ck_assert_msg(broker, "no broker: %s", err);
}

static void broker_down(void)
{
    kafka_broker_destroy(broker);
    broker = NULL;
}

int main(void)
{
    Suite *s = suite_create("kafka_positions");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);   /* hang guard: valgrind is slow */
    tcase_add_checked_fixture(tc, broker_up, broker_down);
    tcase_add_test(tc, positions_cut_a_record_and_a_restart_goes_on_from_there);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

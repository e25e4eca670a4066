/* test_tcase_dump.c - '--dump-state' rendering: a real state store and timer
 * service (as the PTF operator fills them) written as JSON Lines - keys by
 * PARTITION BY column name, value/list/map state in Flink's json format,
 * expired values left out, timers per key in time order. */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state/state.h"
#include "testrun/tcase_dump.h"
#include "time/timers.h"
#include "types/codec.h"

static type_t *parse_type(const char *s)
{
    char err[256];
    type_t *t = type_parse(s, err, sizeof err);
    ck_assert_msg(t != NULL, "%s: %s", s, err);
    return t;
}

/* Encodes a value given as a one-field ROW literal through the codec: builds it by hand. */
static void put(state_store_t *st, uint32_t key, int entry, const value_t *v, const type_t *t, int64_t now)
{
    buf_t b = BUF_INIT;
    char err[256];
    ck_assert_msg(codec_encode_value(&b, v, t, err, sizeof err) == 0, "%s", err);
    state_put(st, key, entry, b.data, b.len, now);
    buf_free(&b);
}

static uint32_t key_of(state_store_t *st, int32_t user, const type_t *int_type)
{
    buf_t b = BUF_INIT;
    char err[256];
    value_t v = {0};
    v.u.i64 = user;
    ck_assert(codec_encode_value(&b, &v, int_type, err, sizeof err) == 0);
    uint32_t id = state_key_id(st, b.data, b.len);
    buf_free(&b);
    return id;
}

START_TEST(dumps_keys_state_and_timers)
{
    type_t *key_type = parse_type("ROW<`user_id` INT>");
    type_t *count_t = parse_type("ROW<`count` BIGINT>");
    type_t *list_t = parse_type("ARRAY<DOUBLE>");
    type_t *map_t = parse_type("MAP<STRING, INT>");
    ptf_state_t entries[3] = {
        {.name = "count", .kind = STATE_VALUE, .type = count_t},
        {.name = "temps", .kind = STATE_LIST, .type = list_t},
        {.name = "seen", .kind = STATE_MAP, .type = map_t},
    };
    ptf_sig_t sig = {.nstate = 3, .state = entries};
    int64_t ttl[3] = {STATE_NO_TTL, 30000, STATE_NO_TTL};
    state_store_t *st = state_store_new(3, ttl);
    timer_service_t ts;
    timer_service_init(&ts);

    uint32_t k1 = key_of(st, 1, key_type->fields[0].type);
    uint32_t k2 = key_of(st, 2, key_type->fields[0].type);
    uint32_t k3 = key_of(st, 3, key_type->fields[0].type);   /* no state, no timers: not shown */
    (void)k3;

    value_t cnt_field = {0};
    cnt_field.u.i64 = 3;
    value_t cnt = {0};
    cnt.u.row.fields = &cnt_field;
    cnt.u.row.n = 1;
    put(st, k1, 0, &cnt, count_t, 0);

    value_t temps[2] = {{0}, {0}};
    temps[0].u.f64 = 20.0;
    temps[1].u.f64 = 1.0E10;
    value_t list = {0};
    list.u.list.items = temps;
    list.u.list.n = 2;
    put(st, k1, 1, &list, list_t, 0);          /* TTL 30 s: alive at 29 s */
    put(st, k2, 1, &list, list_t, -5000);      /* expired at 29 s: left out */

    value_t mk = {0}, mv = {0};
    mk.u.str.ptr = "/home";
    mk.u.str.len = 5;
    mv.u.i64 = 2;
    value_t map = {0};
    map.u.map.keys = &mk;
    map.u.map.vals = &mv;
    map.u.map.n = 1;
    put(st, k2, 2, &map, map_t, 0);

    timer_set(&ts, k2, "timeout", 1767225660000LL);   /* 2026-01-01 00:01:00 */
    timer_set(&ts, k2, NULL, 1767225601500LL);
    timer_set(&ts, k1, NULL, INT64_MAX);

    const type_t *key_types[1] = {key_type->fields[0].type};
    const char *key_names[1] = {"user_id"};
    tcase_dump_info_t d = {.sig = &sig, .nkeys = 1, .key_types = key_types, .key_names = key_names, .state = st,
                           .timers = &ts, .now_ms = 29000};
    buf_t out = BUF_INIT;
    char err[256];
    ck_assert_msg(tcase_dump_state(&d, &out, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(buf_cstr(&out),
                     "{\"key\": {\"user_id\": 1}, \"state\": {\"count\": {\"count\":3}, \"temps\": [20.0,1.0E10]}, "
                     "\"timers\": [{\"name\": null, \"time\": 9223372036854775807}]}\n"
                     "{\"key\": {\"user_id\": 2}, \"state\": {\"seen\": {\"/home\":2}}, "
                     "\"timers\": [{\"name\": null, \"time\": \"2026-01-01 00:00:01.500\"}, "
                     "{\"name\": \"timeout\", \"time\": \"2026-01-01 00:01:00.000\"}]}\n");

    /* Nothing stored: one line that says so. */
    state_store_t *empty = state_store_new(3, ttl);
    d.state = empty;
    d.timers = NULL;
    buf_clear(&out);
    ck_assert(tcase_dump_state(&d, &out, err, sizeof err) == 0);
    ck_assert_str_eq(buf_cstr(&out), "(no state and no pending timers)\n");

    /* A call without PARTITION BY: the global key is null. */
    uint32_t g = state_key_id(empty, "", 0);
    put(empty, g, 0, &cnt, count_t, 0);
    buf_clear(&out);
    ck_assert(tcase_dump_state(&d, &out, err, sizeof err) == 0);
    ck_assert_str_eq(buf_cstr(&out), "{\"key\": null, \"state\": {\"count\": {\"count\":3}}, \"timers\": []}\n");

    buf_free(&out);
    state_store_free(st);
    state_store_free(empty);
    timer_service_free(&ts);
    type_free(key_type);
    type_free(count_t);
    type_free(list_t);
    type_free(map_t);
}
END_TEST

START_TEST(types_json_cannot_carry_fall_back_to_java_text)
{
    type_t *map_t = parse_type("MAP<INT, STRING>");
    ptf_state_t entry = {.name = "byId", .kind = STATE_MAP, .type = map_t};
    ptf_sig_t sig = {.nstate = 1, .state = &entry};
    state_store_t *st = state_store_new(1, NULL);
    uint32_t g = state_key_id(st, "", 0);
    value_t k = {0}, v = {0};
    k.u.i64 = 7;
    v.u.str.ptr = "a\"b";
    v.u.str.len = 3;
    value_t map = {0};
    map.u.map.keys = &k;
    map.u.map.vals = &v;
    map.u.map.n = 1;
    put(st, g, 0, &map, map_t, 0);
    tcase_dump_info_t d = {.sig = &sig, .state = st};
    buf_t out = BUF_INIT;
    char err[256];
    ck_assert(tcase_dump_state(&d, &out, err, sizeof err) == 0);
    ck_assert_str_eq(buf_cstr(&out), "{\"key\": null, \"state\": {\"byId\": \"{7=a\\\"b}\"}, \"timers\": []}\n");
    buf_free(&out);
    state_store_free(st);
    type_free(map_t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tcase_dump");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, dumps_keys_state_and_timers);
    tcase_add_test(tc, types_json_cannot_carry_fall_back_to_java_text);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

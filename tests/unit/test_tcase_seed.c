/* test_tcase_seed.c - '-- state' lines: decoding a line for a call (key
 * columns and entries by name, values through Flink's json format into the
 * binary value format, timers), the errors with file:line, and the round
 * trip: what '--dump-state' prints for a store decodes back to the very
 * bytes and timers the store held. */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connectors/format_json.h"
#include "state/state.h"
#include "testrun/tcase_dump.h"
#include "testrun/tcase_seed.h"
#include "time/timers.h"
#include "types/codec.h"

static char ERR[2048];

static type_t *parse_type(const char *s)
{
    char err[256];
    type_t *t = type_parse(s, err, sizeof err);
    ck_assert_msg(t != NULL, "%s: %s", s, err);
    return t;
}

/* A call keyed by (user_id INT, region STRING) with value, list and map state. */
typedef struct call {
    type_t *key_row;
    const type_t *key_types[2];
    const char *key_names[2];
    ptf_state_t entries[3];
    ptf_sig_t sig;
    tcase_seed_target_t target;
} call_t;

static void call_init(call_t *c, const char *value_type, const char *list_type, const char *map_type)
{
    memset(c, 0, sizeof *c);
    c->key_row = parse_type("ROW<`user_id` INT, `region` STRING>");
    c->key_types[0] = c->key_row->fields[0].type;
    c->key_types[1] = c->key_row->fields[1].type;
    c->key_names[0] = "user_id";
    c->key_names[1] = "region";
    c->entries[0] = (ptf_state_t){.name = "acc", .kind = STATE_VALUE, .type = parse_type(value_type)};
    c->entries[1] = (ptf_state_t){.name = "temps", .kind = STATE_LIST, .type = parse_type(list_type)};
    c->entries[2] = (ptf_state_t){.name = "seen", .kind = STATE_MAP, .type = parse_type(map_type)};
    c->sig = (ptf_sig_t){.nstate = 3, .state = c->entries};
    c->target = (tcase_seed_target_t){"Acc", &c->sig, 2, c->key_types, c->key_names};
}

static void call_free(call_t *c)
{
    type_free(c->key_row);
    for (int i = 0; i < 3; i++) type_free(c->entries[i].type);
}

static int decode(const call_t *c, const char *line, arena_t *a, tcase_seed_line_t *out)
{
    ERR[0] = 0;
    ck_assert_msg(tcase_seed_check(line, strlen(line), ERR, sizeof ERR) == 0, "%s: %s", line, ERR);
    return tcase_seed_decode(line, strlen(line), &c->target, "f.case", 7, a, out, ERR, sizeof ERR);
}

START_TEST(decodes_key_values_and_timers)
{
    call_t c;
    call_init(&c, "ROW<`count` BIGINT NOT NULL, `since` TIMESTAMP(3), `price` DECIMAL(10, 2)>", "ARRAY<DOUBLE>",
              "MAP<STRING, INT>");
    arena_t a;
    arena_init(&a, 0);
    tcase_seed_line_t s;
    const char *line =
        "{\"key\": {\"region\": \"eu\", \"user_id\": 7}, "
        "\"state\": {\"seen\": {\"/home\": 2}, \"acc\": {\"count\": 9007199254740993, \"since\": \"2026-01-01 00:00:01.5\", "
        "\"price\": 12.345}, \"temps\": null}, "
        "\"timers\": [{\"name\": \"t\", \"time\": \"2026-01-01 00:01:00\"}, {\"name\": null, \"time\": 9223372036854775807},"
        " {\"time\": -5}]}";
    ck_assert_msg(decode(&c, line, &a, &s) == 0, "%s", ERR);

    /* The key in PARTITION BY order, whatever the order in the line. */
    ck_assert_uint_eq(s.key.n, 2);
    ck_assert_int_eq(s.key.fields[0].u.i64, 7);
    ck_assert_uint_eq(s.key.fields[1].u.str.len, 2);
    ck_assert(memcmp(s.key.fields[1].u.str.ptr, "eu", 2) == 0);

    /* Entries in the line's order; "temps": null is absent. */
    ck_assert_int_eq(s.nvalues, 2);
    ck_assert_int_eq(s.values[0].entry, 2);
    ck_assert_int_eq(s.values[1].entry, 0);
    value_t v;
    size_t used;
    ck_assert(codec_decode_value(s.values[1].bytes, s.values[1].len, &used, c.entries[0].type, &a, &v, ERR,
                                 sizeof ERR) == 0);
    ck_assert_uint_eq(used, s.values[1].len);
    ck_assert_int_eq(v.u.row.fields[0].u.i64, 9007199254740993LL);   /* full precision, not a double */
    ck_assert_int_eq(v.u.row.fields[1].u.ts.millis, 1767225601500LL);
    ck_assert(v.u.row.fields[2].u.dec == 1235);                       /* HALF_UP to the scale, as Flink */
    ck_assert(codec_decode_value(s.values[0].bytes, s.values[0].len, &used, c.entries[2].type, &a, &v, ERR,
                                 sizeof ERR) == 0);
    ck_assert_uint_eq(v.u.map.n, 1);
    ck_assert_int_eq(v.u.map.vals[0].u.i64, 2);

    ck_assert_int_eq(s.ntimers, 3);
    ck_assert_str_eq(s.timers[0].name, "t");
    ck_assert_int_eq(s.timers[0].time, 1767225660000LL);
    ck_assert_ptr_null(s.timers[1].name);
    ck_assert_int_eq(s.timers[1].time, INT64_MAX);
    ck_assert_ptr_null(s.timers[2].name);
    ck_assert_int_eq(s.timers[2].time, -5);

    /* A call without PARTITION BY: the key is null (or absent, or {}). */
    c.target.nkeys = 0;
    arena_reset(&a);
    ck_assert_msg(decode(&c, "{\"key\": null, \"state\": {\"temps\": [1.5]}}", &a, &s) == 0, "%s", ERR);
    ck_assert_uint_eq(s.key.n, 0);
    ck_assert_int_eq(s.nvalues, 1);
    ck_assert_msg(decode(&c, "{\"timers\": [{\"time\": 1}]}", &a, &s) == 0, "%s", ERR);
    ck_assert_int_eq(s.ntimers, 1);
    arena_destroy(&a);
    call_free(&c);
}
END_TEST

START_TEST(errors_name_the_line_and_what_to_fix)
{
    call_t c;
    call_init(&c, "ROW<`count` BIGINT, `tags` ARRAY<ROW<`name` STRING>>>", "ARRAY<DOUBLE>", "MAP<INT, STRING>");
    arena_t a;
    arena_init(&a, 0);
    tcase_seed_line_t s;
    static const struct { const char *line, *msg; } cases[] = {
        {"{\"key\": {\"user_id\": 1, \"region\": \"eu\"}, \"state\": {\"ac\": {}}}",
         "f.case:7: Acc has no state entry 'ac' (its entries: acc, temps, seen)"},
        {"{\"key\": {\"user_id\": 1}}", "f.case:7: the key lacks the PARTITION BY column 'region' (the call's key: user_id, region)"},
        {"{\"key\": {\"user_id\": 1, \"region\": \"eu\", \"x\": 1}}",
         "f.case:7: 'x' is not a PARTITION BY column of this call of Acc (its key: user_id, region)"},
        {"{\"state\": {}}", "f.case:7: the key must name Acc's PARTITION BY columns: \"key\": {\"user_id\": ..., ...}"},
        {"{\"key\": {\"user_id\": 1, \"region\": \"eu\"}, \"state\": {\"acc\": {\"tags\": [{\"name\": \"a\"}, {\"nam\": \"b\"}]}}}",
         "f.case:7: state entry 'acc' of Acc: unknown field 'acc.tags[1].nam' (the fields there are: name)"},
        {"{\"key\": {\"user_id\": 1, \"region\": \"eu\"}, \"state\": {\"acc\": {\"count\": true}}}",
         "f.case:7: cannot seed Acc: field 'state.acc.count' (BIGINT): "},
        {"{\"key\": {\"user_id\": \"one\", \"region\": \"eu\"}}", "f.case:7: cannot seed Acc: field 'key.user_id' (INT): "},
        {"{\"key\": {\"user_id\": 1, \"region\": \"eu\"}, \"state\": {\"seen\": {\"1\": \"a\"}}}",
         "f.case:7: state entry 'seen' of Acc has type MAP<INT, STRING>, which Flink's json format cannot carry"},
        {"{\"key\": {\"user_id\": 1, \"region\": \"eu\"}, \"timers\": [{\"time\": 1.5}]}",
         "f.case:7: timer 1: the time must be epoch milliseconds or \"yyyy-MM-dd HH:mm:ss[.SSS]\" (UTC), found '1.5'"},
        {"{\"key\": {\"user_id\": 1, \"region\": \"eu\"}, \"timers\": [{\"time\": 1}, {\"time\": \"2026-02-30 25:00:00\"}]}",
         "timer 2: the time must be"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arena_reset(&a);
        ck_assert_msg(decode(&c, cases[i].line, &a, &s) == -1, "accepted: %s", cases[i].line);
        ck_assert_msg(strstr(ERR, cases[i].msg) != NULL, "%s\n  gave: %s\n  want: %s", cases[i].line, ERR,
                      cases[i].msg);
        ck_assert_msg(strncmp(ERR, "f.case:7: ", 10) == 0, "no file:line: %s", ERR);
        ck_assert_msg(!strstr(ERR, "ignore-parse-errors"), "a hint that does not apply: %s", ERR);
    }
    /* Keyed line for a call without PARTITION BY. */
    c.target.nkeys = 0;
    ck_assert(decode(&c, "{\"key\": {\"user_id\": 1}}", &a, &s) == -1);
    ck_assert_msg(strstr(ERR, "f.case:7: Acc is called without PARTITION BY: write \"key\": null"), "%s", ERR);
    /* No state entries at all. */
    c.sig.nstate = 0;
    ck_assert(decode(&c, "{\"state\": {\"acc\": {}}}", &a, &s) == -1);
    ck_assert_msg(strstr(ERR, "f.case:7: Acc has no state entries; it cannot be seeded with 'acc'"), "%s", ERR);
    arena_destroy(&a);
    call_free(&c);
}
END_TEST

/* Stores a value given as JSON (in any form Flink's json format reads) the
 * way the Java half would: one codec value of the entry's type. */
static void put_json(state_store_t *st, uint32_t key, int entry, const type_t *t, const char *json)
{
    type_t *row = type_new(TYPE_ROW, true);
    type_add_field(row, "v", type_clone(t), NULL);
    conn_json_options_t o;
    memset(&o, 0, sizeof o);
    conn_json_t *j = conn_json_new(row, &o, ERR, sizeof ERR);
    ck_assert_msg(j != NULL, "%s", ERR);
    arena_t a;
    arena_init(&a, 0);
    buf_t line = BUF_INIT, b = BUF_INIT;
    buf_printf(&line, "{\"v\": %s}", json);
    row_t *rows;
    size_t n;
    bool skipped;
    ck_assert_msg(conn_json_decode(j, buf_cstr(&line), line.len, "t", 1, &rows, &n, &skipped, &a, ERR, sizeof ERR) == 0,
                  "%s", ERR);
    ck_assert(codec_encode_value(&b, &rows[0].fields[0], t, ERR, sizeof ERR) == 0);
    state_put(st, key, entry, b.data, b.len, 0);
    buf_free(&b);
    buf_free(&line);
    arena_destroy(&a);
    conn_json_free(j);
    type_free(row);
}

static uint32_t key_id(state_store_t *st, const call_t *c, int64_t user, const char *region)
{
    value_t k[2] = {{0}, {0}};
    k[0].u.i64 = user;
    k[1].u.str.ptr = region;
    k[1].u.str.len = (uint32_t)strlen(region);
    buf_t b = BUF_INIT;
    for (int i = 0; i < 2; i++) ck_assert(codec_encode_value(&b, &k[i], c->key_types[i], ERR, sizeof ERR) == 0);
    uint32_t id = state_key_id(st, b.data, b.len);
    buf_free(&b);
    return id;
}

typedef struct timer_seen {
    uint32_t key;
    char name[32];
    int64_t time;
} timer_seen_t;

static void collect(void *ctx, uint32_t key, const char *name, int64_t time)
{
    timer_seen_t **p = ctx;
    (*p)->key = key;
    snprintf((*p)->name, sizeof (*p)->name, "%s", name ? name : "<unnamed>");
    (*p)->time = time;
    (*p)++;
}

START_TEST(a_dump_seeds_the_same_state)
{
    call_t c;
    call_init(&c,
              "ROW<`count` BIGINT, `since` TIMESTAMP(3), `day` DATE, `price` DECIMAL(10, 2), `raw` BYTES, "
              "`ok` BOOLEAN, `ratio` DOUBLE, `tags` ARRAY<ROW<`name` STRING, `at` TIMESTAMP_LTZ(3)>>>",
              "ARRAY<DOUBLE>", "MAP<STRING, ARRAY<INT>>");
    state_store_t *st = state_store_new(3, NULL);
    timer_service_t ts;
    timer_service_init(&ts);
    uint32_t k1 = key_id(st, &c, 1, "eu"), k2 = key_id(st, &c, -2, "a \"quoted\"\nregion");
    put_json(st, k1, 0, c.entries[0].type,
             "{\"count\": \"41\", \"since\": \"2026-01-01 00:00:01.5\", \"day\": \"2026-03-01\", \"price\": \"12.5\", "
             "\"raw\": \"AAEC\", \"ok\": \"TRUE\", \"ratio\": 1e10, "
             "\"tags\": [{\"name\": \"x\", \"at\": \"2026-01-01 00:00:00.001Z\"}, null]}");
    put_json(st, k1, 1, c.entries[1].type, "[20.0, -0.0, 1.0E-5, \"NaN\", null]");
    put_json(st, k2, 2, c.entries[2].type, "{\"/home\": [1, null], \"\": []}");
    put_json(st, k2, 0, c.entries[0].type, "{\"count\": null}");
    timer_set(&ts, k1, "later", 1767225660000LL);
    timer_set(&ts, k1, NULL, INT64_MAX);
    timer_set(&ts, k2, NULL, -1);
    timer_set(&ts, k2, "a", 0);

    tcase_dump_info_t d = {.sig = &c.sig, .nkeys = 2, .key_types = c.key_types, .key_names = c.key_names,
                           .state = st, .timers = &ts};
    buf_t dump = BUF_INIT;
    ck_assert_msg(tcase_dump_state(&d, &dump, ERR, sizeof ERR) == 0, "%s", ERR);

    /* Seed a fresh store and timer service from the dump's lines. */
    state_store_t *st2 = state_store_new(3, NULL);
    timer_service_t ts2;
    timer_service_init(&ts2);
    arena_t a;
    arena_init(&a, 0);
    int lines = 0;
    for (char *p = (char *)buf_cstr(&dump), *nl; *p; p = nl + 1) {
        nl = strchr(p, '\n');
        ck_assert(nl != NULL);
        *nl = 0;
        tcase_seed_line_t s;
        ck_assert_msg(decode(&c, p, &a, &s) == 0, "%s\n  %s", p, ERR);
        buf_t kb = BUF_INIT;
        for (uint32_t i = 0; i < s.key.n; i++)
            ck_assert(codec_encode_value(&kb, &s.key.fields[i], c.key_types[i], ERR, sizeof ERR) == 0);
        uint32_t id = state_key_id(st2, kb.data, kb.len);
        buf_free(&kb);
        for (int i = 0; i < s.nvalues; i++) state_put(st2, id, s.values[i].entry, s.values[i].bytes, s.values[i].len, 0);
        for (int i = 0; i < s.ntimers; i++) timer_set(&ts2, id, s.timers[i].name, s.timers[i].time);
        lines++;
        arena_reset(&a);
    }
    ck_assert_int_eq(lines, 2);

    /* Same keys (bytes and order), same values (bytes), same timers. */
    ck_assert_uint_eq(st2->nkeys, st->nkeys);
    for (uint32_t k = 0; k < st->nkeys; k++) {
        size_t l1, l2;
        const unsigned char *b1 = state_key_bytes(st, k, &l1), *b2 = state_key_bytes(st2, k, &l2);
        ck_assert(l1 == l2 && memcmp(b1, b2, l1) == 0);
        for (int e = 0; e < 3; e++) {
            const state_value_t *v1 = state_get(st, k, e, 0), *v2 = state_get(st2, k, e, 0);
            ck_assert_msg((v1 == NULL) == (v2 == NULL), "key %u entry %d: present %d vs %d", k, e, v1 != NULL, v2 != NULL);
            if (v1) ck_assert_msg(v1->len == v2->len && memcmp(v1->data, v2->data, v1->len) == 0, "key %u entry %d", k, e);
        }
    }
    timer_seen_t t1[8], t2[8], *p1 = t1, *p2 = t2;
    timer_visit(&ts, collect, &p1);
    timer_visit(&ts2, collect, &p2);
    ck_assert_int_eq(p1 - t1, 4);
    ck_assert_int_eq(p2 - t2, 4);
    for (int i = 0; i < 4; i++) {
        bool found = false;
        for (int j = 0; j < 4; j++)
            found |= t1[i].key == t2[j].key && t1[i].time == t2[j].time && strcmp(t1[i].name, t2[j].name) == 0;
        ck_assert_msg(found, "timer %s@%lld of key %u lost", t1[i].name, (long long)t1[i].time, t1[i].key);
    }

    /* And the seeded store dumps to the same text. */
    buf_t again = BUF_INIT, first = BUF_INIT;
    d.state = st;
    d.timers = &ts;
    ck_assert(tcase_dump_state(&d, &first, ERR, sizeof ERR) == 0);
    d.state = st2;
    d.timers = &ts2;
    ck_assert(tcase_dump_state(&d, &again, ERR, sizeof ERR) == 0);
    ck_assert_str_eq(buf_cstr(&again), buf_cstr(&first));

    buf_free(&again);
    buf_free(&first);
    buf_free(&dump);
    arena_destroy(&a);
    state_store_free(st);
    state_store_free(st2);
    timer_service_free(&ts);
    timer_service_free(&ts2);
    call_free(&c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tcase_seed");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, decodes_key_values_and_timers);
    tcase_add_test(tc, errors_name_the_line_and_what_to_fix);
    tcase_add_test(tc, a_dump_seeds_the_same_state);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

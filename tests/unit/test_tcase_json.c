/* test_tcase_json.c - the JSON form of case files: it fills the same tcase_t
 * as the text form (checked field by field and against the text form of the
 * same case), every shape error names file:line and the field path, syntax
 * errors their line and column, and --update rewrites only "rows" arrays. A
 * suite over a JSON file runs against canned outputs (no engine, no JVM). */
#include <check.h>

#include "check_main.h"
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testrun/tcase.h"
#include "tcase_testkit.h"

static tcase_file_t F;
static char ERR[2048];

static int parse_as(const char *path, const char *text)
{
    ERR[0] = 0;
    return tcase_parse(path, text, strlen(text), "/b", &F, ERR, sizeof ERR);
}

static int parse(const char *text)
{
    return parse_as("t.case.json", text);
}

/* Parses text expecting an error "t.case.json:LINE: ..." that contains needle. */
static void parse_fails(const char *text, int line, const char *needle)
{
    ck_assert_int_eq(parse(text), -1);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "t.case.json:%d: ", line);
    ck_assert_msg(strncmp(ERR, prefix, strlen(prefix)) == 0, "error '%s' does not start with '%s'", ERR, prefix);
    ck_assert_msg(strstr(ERR, needle), "error '%s' lacks '%s'", ERR, needle);
    ck_assert_int_eq(F.ncases, 0);
}

static const char *MEDIAN =
    "{\n"                                                                   /* 1 */
    "  \"comment\": \"a JSON case file\",\n"                                /* 2 */
    "  \"cases\": [\n"                                                      /* 3 */
    "    {\n"                                                               /* 4 */
    "      \"name\": \"median emits the trailing median\",\n"               /* 5 */
    "      \"flink_version\": [\"2.1\", \"2.3\"],\n"                         /* 6 */
    "      \"sql\": [\n"                                                    /* 7 */
    "        \"CREATE FUNCTION Median AS 'com.example.Median' USING JAR '@BUILD@/compat/seeds.jar';\",\n" /* 8 */
    "        \"\",\n"                                                       /* 9 */
    "        \"SELECT * FROM Median(input => TABLE t PARTITION BY sensor_id, numTrailing => 3);\"\n" /* 10 */
    "      ],\n"                                                            /* 11 */
    "      \"inputs\": {\n"                                                 /* 12 */
    "        \"t\": [\n"                                                    /* 13 */
    "          {\"+I\": {\"sensor_id\": 1, \"temperature\": 20.0, \"big\": 9007199254740993}},\n" /* 14 */
    "          {\"+I\": [1, 22.0]},\n"                                      /* 15 */
    "          {\"-D\": {\"sensor_id\": 1}},\n"                             /* 16 */
    "          {\"watermark\": \"2026-01-01 00:00:05\"},\n"                 /* 17 */
    "          {\"watermark\": 1767225605000},\n"                           /* 18 */
    "          {\"proctime\": \"+30 s\"},\n"                                /* 19 */
    "          {\"proctime\": \"1970-01-01 00:00:01.5\"}\n"                 /* 20 */
    "        ]\n"                                                           /* 21 */
    "      },\n"                                                            /* 22 */
    "      \"state\": {\"Median\": [\n"                                     /* 23 */
    "        {\"key\": {\"sensor_id\": 1}, \"state\": {\"s\": {\"n\": 12345678901234567890}}},\n" /* 24 */
    "        {\"key\": {\"sensor_id\": 2},\n"                               /* 25 */
    "         \"timers\": [{\"name\": \"t\", \"time\": 5}]}\n"              /* 26 */
    "      ]},\n"                                                           /* 27 */
    "      \"expected\": [\n"                                               /* 28 */
    "        {\"order\": {\"per_key\": [1, \"b\"]}, \"materialized\": true, \"rows\": [\n" /* 29 */
    "          \"  +I[1, 20.0, 20.0]  \",\n"                                /* 30 */
    "          \"+I[1, 22.0, 21.0]\"\n"                                     /* 31 */
    "        ]},\n"                                                         /* 32 */
    "        {\"versions\": \"2.1\", \"error\": \"late\"},\n"               /* 33 */
    "        {\"versions\": [\"2.3\"], \"order\": \"multiset\", \"rows\": []}\n" /* 34 */
    "      ]\n"                                                             /* 35 */
    "    }\n"                                                               /* 36 */
    "  ]\n"                                                                 /* 37 */
    "}\n";                                                                  /* 38 */

START_TEST(parses_a_json_case)
{
    ck_assert_msg(parse(MEDIAN) == 0, "%s", ERR);
    ck_assert_int_eq(F.format, TCASE_FORMAT_JSON);
    ck_assert_int_eq(F.ncases, 1);
    tcase_t *c = &F.cases[0];
    ck_assert_str_eq(c->name, "median emits the trailing median");
    ck_assert_int_eq(c->line, 5);
    ck_assert_uint_eq(c->versions, 1u << 0 | 1u << 2);
    /* Each SQL line keeps its line in the file; @BUILD@ replaced. */
    ck_assert_int_eq(c->sql_line, 8);
    ck_assert_str_eq(c->sql, "\n\n\n\n\n\n\nCREATE FUNCTION Median AS 'com.example.Median' USING JAR '/b/compat/seeds.jar';\n"
                             "\n"
                             "SELECT * FROM Median(input => TABLE t PARTITION BY sensor_id, numTrailing => 3);\n");
    ck_assert_int_eq(c->ninputs, 1);
    ck_assert_str_eq(c->inputs[0].table, "t");
    ck_assert_int_eq(c->inputs[0].line, 13);
    ck_assert_int_eq(c->inputs[0].nevents, 7);
    /* Rows as written (the BIGINT keeps its digits), times as the text form passes them. */
    ck_assert_str_eq(c->inputs[0].events_json,
                     "[{\"kind\": \"+I\", \"row\": {\"sensor_id\": 1, \"temperature\": 20.0, \"big\": 9007199254740993}, \"line\": 14},"
                     "{\"kind\": \"+I\", \"row\": [1, 22.0], \"line\": 15},"
                     "{\"kind\": \"-D\", \"row\": {\"sensor_id\": 1}, \"line\": 16},"
                     "{\"watermark\": \"2026-01-01 00:00:05\", \"line\": 17},"
                     "{\"watermark\": 1767225605000, \"line\": 18},"
                     "{\"proctime\": \"+30 s\", \"line\": 19},"
                     "{\"proctime\": 1500, \"line\": 20}]");
    ck_assert_int_eq(c->nstates, 1);
    ck_assert_str_eq(c->states[0].target, "Median");
    ck_assert_int_eq(c->states[0].line, 23);
    ck_assert_int_eq(c->states[0].nrows, 2);
    ck_assert_str_eq(c->states[0].rows[0].text, "{\"key\": {\"sensor_id\": 1}, \"state\": {\"s\": {\"n\": 12345678901234567890}}}");
    ck_assert_int_eq(c->states[0].rows[0].line, 24);
    ck_assert_str_eq(c->states[0].rows[1].text, "{\"key\": {\"sensor_id\": 2},\n         \"timers\": [{\"name\": \"t\", \"time\": 5}]}");
    ck_assert_int_eq(c->states[0].rows[1].line, 25);

    ck_assert_int_eq(c->nexpects, 3);
    tcase_expect_t *e = &c->expects[0];
    ck_assert_int_eq(e->line, 29);
    ck_assert(e->materialized && !e->error);
    ck_assert_uint_eq(e->versions, 0);
    ck_assert_int_eq(e->order, TCASE_ORDER_PER_KEY);
    ck_assert_int_eq(e->nkeys, 2);
    ck_assert_str_eq(e->keys[0], "1");
    ck_assert_str_eq(e->keys[1], "b");
    ck_assert_int_eq(e->nrows, 2);
    ck_assert_str_eq(e->rows[0].text, "+I[1, 20.0, 20.0]");
    ck_assert_int_eq(e->rows[0].line, 30);
    ck_assert_int_eq(e->rows[1].line, 31);
    /* The body is the "rows" array, from '[' to after ']'. */
    ck_assert_int_eq(e->body_start, (size_t)(strstr(MEDIAN, "[\n          \"  +I[1, 20.0") - MEDIAN));
    ck_assert_int_eq(e->body_end, (size_t)(strstr(MEDIAN, "]},\n        {\"versions\"") - MEDIAN) + 1);
    e = &c->expects[1];
    ck_assert(e->error && !e->materialized);
    ck_assert_uint_eq(e->versions, 1u << 0);
    ck_assert_int_eq(e->nrows, 1);
    ck_assert_str_eq(e->rows[0].text, "late");
    ck_assert_int_eq(e->rows[0].line, 33);
    e = &c->expects[2];
    ck_assert_uint_eq(e->versions, 1u << 2);
    ck_assert_int_eq(e->order, TCASE_ORDER_MULTISET);
    ck_assert_int_eq(e->nrows, 0);
    /* The case ends after its last member (where --update appends). */
    ck_assert_int_eq(c->end, (size_t)(strstr(MEDIAN, "      ]\n    }") - MEDIAN) + 7);
    int idx[3];
    ck_assert_int_eq(tcase_expects_for(c, 0, idx), 1);
    ck_assert_int_eq(idx[0], 1);
    tcase_file_free(&F);
}
END_TEST

/* cJSON values equal after dropping every "line" member (they differ between forms). */
static bool same_events(const char *a, const char *b)
{
    cJSON *ja = cJSON_Parse(a), *jb = cJSON_Parse(b);
    ck_assert(ja && jb);
    cJSON *e;
    cJSON_ArrayForEach(e, ja) cJSON_DeleteItemFromObject(e, "line");
    cJSON_ArrayForEach(e, jb) cJSON_DeleteItemFromObject(e, "line");
    bool same = cJSON_Compare(ja, jb, true);
    cJSON_Delete(ja);
    cJSON_Delete(jb);
    return same;
}

START_TEST(the_same_case_in_both_forms)
{
    const char *text =
        "-- case: clicks\n"
        "-- flink-version: 2.2\n"
        "-- sql\n"
        "SELECT * FROM f(input => TABLE clicks PARTITION BY user_id);\n"
        "-- state f\n"
        "{\"key\": {\"user_id\": 1}, \"state\": {\"clicks\": {\"count\": 41}}}\n"
        "-- input clicks\n"
        "+I {\"user_id\": 1, \"url\": \"/a\"}\n"
        "+U [1, \"/b\"]\n"
        "watermark 2026-01-01 00:00:05\n"
        "proctime 2026-01-01 00:00:00\n"
        "-- expected (order: per-key 1)\n"
        "+I[1, /a, 42]\n"
        "-- expected materialized\n"
        "+I[1, /b, 43]\n";
    const char *json =
        "{\"cases\": [{\"name\": \"clicks\", \"flink_version\": \"2.2\",\n"
        " \"sql\": \"SELECT * FROM f(input => TABLE clicks PARTITION BY user_id);\",\n"
        " \"state\": {\"f\": [{\"key\": {\"user_id\": 1}, \"state\": {\"clicks\": {\"count\": 41}}}]},\n"
        " \"inputs\": {\"clicks\": [{\"+I\": {\"user_id\": 1, \"url\": \"/a\"}}, {\"+U\": [1, \"/b\"]},\n"
        "   {\"watermark\": \"2026-01-01 00:00:05\"}, {\"proctime\": \"2026-01-01 00:00:00\"}]},\n"
        " \"expected\": [{\"order\": {\"per_key\": [1]}, \"rows\": [\"+I[1, /a, 42]\"]},\n"
        "              {\"materialized\": true, \"rows\": [\"+I[1, /b, 43]\"]}]}]}";
    tcase_file_t t;
    ck_assert_msg(parse_as("t.case", text) == 0, "%s", ERR);
    t = F;
    ck_assert_int_eq(t.format, TCASE_FORMAT_TEXT);
    ck_assert_msg(parse(json) == 0, "%s", ERR);
    const tcase_t *a = &t.cases[0], *b = &F.cases[0];
    ck_assert_str_eq(a->name, b->name);
    ck_assert_uint_eq(a->versions, b->versions);
    /* The SQL differs only in the newlines that keep its line numbers. */
    ck_assert_str_eq(a->sql + a->sql_line - 1, b->sql + b->sql_line - 1);
    ck_assert_int_eq(a->ninputs, b->ninputs);
    ck_assert_int_eq(a->inputs[0].nevents, b->inputs[0].nevents);
    ck_assert_msg(same_events(a->inputs[0].events_json, b->inputs[0].events_json), "%s\nvs\n%s",
                  a->inputs[0].events_json, b->inputs[0].events_json);
    ck_assert_int_eq(a->nstates, b->nstates);
    ck_assert_str_eq(a->states[0].target, b->states[0].target);
    ck_assert_str_eq(a->states[0].rows[0].text, b->states[0].rows[0].text);
    ck_assert_int_eq(a->nexpects, b->nexpects);
    for (int i = 0; i < a->nexpects; i++) {
        const tcase_expect_t *x = &a->expects[i], *y = &b->expects[i];
        ck_assert_uint_eq(x->versions, y->versions);
        ck_assert_int_eq(x->error, y->error);
        ck_assert_int_eq(x->materialized, y->materialized);
        ck_assert_int_eq(x->order, y->order);
        ck_assert_int_eq(x->nkeys, y->nkeys);
        for (int k = 0; k < x->nkeys; k++) ck_assert_str_eq(x->keys[k], y->keys[k]);
        ck_assert_int_eq(x->nrows, y->nrows);
        for (int k = 0; k < x->nrows; k++) ck_assert_str_eq(x->rows[k].text, y->rows[k].text);
    }
    tcase_file_free(&t);
    tcase_file_free(&F);
}
END_TEST

/* A case around a fragment: line 1 '{"cases": [{"name": "a", "sql": "S",' then the fragment from line 2. */
#define CASE(frag) "{\"cases\": [{\"name\": \"a\", \"sql\": \"S\",\n" frag "}]}"

START_TEST(shape_errors_name_the_line_and_the_field)
{
    /* The file. */
    parse_fails("{}", 1, "no \"cases\" in this file");
    parse_fails("{\"cases\": []}", 1, "cases: no cases in this file");
    parse_fails("{\"cases\": {}}", 1, "cases: must be a list of case objects");
    parse_fails("{\"cases\": [],\n \"case\": 1}", 2, "the file: unknown member \"case\"; the file has \"cases\"");
    parse_fails("{\"cases\": [1]}", 1, "cases[0]: a case is an object");
    /* The case. */
    parse_fails("{\"cases\": [{\"sql\": \"S\"}]}", 1, "cases[0]: the case has no \"name\"");
    parse_fails("{\"cases\": [{\"name\": \"a\"}]}", 1, "cases[0]: the case has no \"sql\" (case 'a')");
    parse_fails("{\"cases\": [{\"name\": 3, \"sql\": \"S\"}]}", 1, "\"name\" must be a non-empty string");
    parse_fails("{\"cases\": [{\"name\": \"a\", \"sql\": \"S\"},\n{\"name\": \"a\", \"sql\": \"S\"}]}", 2,
                "cases[1]: a second case named 'a' (the first is at line 1)");
    parse_fails(CASE("\"expect\": {}"), 2, "cases[0]: unknown member \"expect\"; a case has \"name\", \"flink_version\", "
                                          "\"sql\", \"inputs\", \"state\" and \"expected\" (and \"comment\")");
    parse_fails(CASE("\"inputs\": {},\n\"inputs\": {}"), 3, "cases[0]: \"inputs\" is given twice (the first is at line 2)");
    parse_fails(CASE("\"flink_version\": \"1.19\""), 2, "cases[0].flink_version: unknown Flink version \"1.19\"");
    parse_fails(CASE("\"flink_version\": []"), 2, "cases[0].flink_version: names no version");
    parse_fails(CASE("\"flink_version\": 2.1"), 2, "cases[0].flink_version: must be a Flink version");
    parse_fails("{\"cases\": [{\"name\": \"a\",\n\"sql\": [\"S\", 1]}]}", 2, "cases[0].sql: a line of the SQL must be a string");
    parse_fails("{\"cases\": [{\"name\": \"a\",\n\"sql\": {}}]}", 2, "cases[0].sql: must be the script as a string");
    ck_assert_int_eq(tcase_parse("t.case.json", CASE("\"comment\": 1"), strlen(CASE("\"comment\": 1")), NULL, &F, ERR,
                                 sizeof ERR), 0);
    tcase_file_free(&F);
    const char *build = "{\"cases\": [{\"name\": \"a\", \"sql\": [\"X\",\n \"'@BUILD@/x.jar'\"]}]}";
    ck_assert_int_eq(tcase_parse("t.case.json", build, strlen(build), NULL, &F, ERR, sizeof ERR), -1);
    ck_assert_msg(strstr(ERR, "t.case.json:2: cases[0].sql: @BUILD@ needs the build folder"), "%s", ERR);
    /* Inputs. */
    parse_fails(CASE("\"inputs\": []"), 2, "cases[0].inputs: must be an object of tables");
    parse_fails(CASE("\"inputs\": {\"t\": {}}"), 2, "cases[0].inputs.t: must be a list of events");
    parse_fails(CASE("\"inputs\": {\"t\": [],\n \"t\": []}"), 3, "cases[0].inputs: table \"t\" is given twice");
    parse_fails(CASE("\"inputs\": {\"t\": [\n{\"+I\": {}},\n {\"user\": 1}]}"), 4,
                "cases[0].inputs.t[1]: unknown event \"user\"; an event is one of {\"+I\": ROW}");
    parse_fails(CASE("\"inputs\": {\"t\": [{\"+I\": 1, \"-D\": 2}]}"), 2, "cases[0].inputs.t[0]: an event is one of");
    parse_fails(CASE("\"inputs\": {\"t\": [\n {\"+I\": \"1, a\"}]}"), 3, "cases[0].inputs.t[0]: a row is an object");
    parse_fails(CASE("\"inputs\": {\"t\": [{\"watermark\": \"soon\"}]}"), 2, "cases[0].inputs.t[0]: \"watermark\" needs a time");
    parse_fails(CASE("\"inputs\": {\"t\": [{\"watermark\": 1.5}]}"), 2, "\"watermark\" needs a time");
    parse_fails(CASE("\"inputs\": {\"t\": [{\"proctime\": \"+3 weeks\"}]}"), 2, "cases[0].inputs.t[0]: \"proctime\" needs");
    /* State. */
    parse_fails(CASE("\"state\": []"), 2, "cases[0].state: must be an object of functions");
    parse_fails(CASE("\"state\": {\"f\": {}}"), 2, "cases[0].state.f: must be a list of keys' seeds");
    parse_fails(CASE("\"state\": {\"f\": [\n{\"key\": null},\n{\"keys\": 1}]}"), 4, "cases[0].state.f[1]: ");
    parse_fails(CASE("\"state\": {\"f\": [{\"timers\": [{\"name\": \"t\"}]}]}"), 2, "cases[0].state.f[0]: ");
    parse_fails(CASE("\"state\": {\"f\": [],\n\"f\": []}"), 3, "cases[0].state: \"f\" is given twice");
    /* Expectations. */
    parse_fails(CASE("\"expected\": \"+I[1]\""), 2, "cases[0].expected: an expectation is an object");
    parse_fails(CASE("\"expected\": []"), 2, "cases[0].expected: an empty list; give an expectation");
    parse_fails(CASE("\"expected\": {}"), 2, "cases[0].expected: give either \"rows\" (the printed output) or \"error\"");
    parse_fails(CASE("\"expected\": {\"rows\": [], \"error\": \"x\"}"), 2, "give either \"rows\" (the printed output) or "
                                                                       "\"error\" (substrings of the message the case fails with), not both");
    parse_fails(CASE("\"expected\": {\"row\": []}"), 2, "cases[0].expected: unknown member \"row\"; an expectation has "
                                                       "\"versions\", \"order\", \"materialized\", \"rows\" and \"error\"");
    parse_fails(CASE("\"expected\": [{\"rows\": []},\n {\"order\": \"sorted\", \"rows\": []}]"), 3,
                "cases[0].expected[1].order: must be \"exact\", \"multiset\" or {\"per_key\": [COLUMNS]} (1-based "
                "positions in the printed row, or column names) (case 'a')");
    parse_fails(CASE("\"expected\": {\"order\": {\"per_key\": []}, \"rows\": []}"), 2,
                "cases[0].expected.order: \"per_key\" needs the key columns");
    parse_fails(CASE("\"expected\": {\"order\": {\"per_key\": [0]}, \"rows\": []}"), 2,
                "cases[0].expected.order: a key column is a 1-based position");
    parse_fails(CASE("\"expected\": {\"order\": {\"per-key\": [1]}, \"rows\": []}"), 2, "cases[0].expected.order: must be");
    parse_fails(CASE("\"expected\": {\"materialized\": \"yes\", \"rows\": []}"), 2,
                "cases[0].expected.materialized: must be true or false");
    parse_fails(CASE("\"expected\": {\"rows\": \"+I[1]\"}"), 2, "cases[0].expected.rows: must be a list of the printed rows");
    parse_fails(CASE("\"expected\": {\"rows\": [\n\"+I[1]\",\n 2]}"), 4, "cases[0].expected.rows: a row (as printed) must be a string");
    parse_fails(CASE("\"expected\": {\"rows\": [\"  \"]}"), 2, "cases[0].expected.rows: an empty row; leave it out");
    parse_fails(CASE("\"expected\": {\"rows\": [\"+I[1]\\n+I[2]\"]}"), 2, "a row is one line; split it");
    parse_fails(CASE("\"expected\": {\"error\": [1]}"), 2, "cases[0].expected.error: a message part must be a string");
    parse_fails(CASE("\"expected\": {\"error\": \"x\", \"materialized\": true}"), 2,
                "an \"error\" expectation takes no \"order\" and no \"materialized\"");
    parse_fails(CASE("\"flink_version\": \"2.3\", \"expected\": {\"versions\": \"2.1\", \"rows\": []}"), 2,
                "cases[0].expected.versions: names a Flink version the case does not run under");
    parse_fails(CASE("\"expected\": [{\"rows\": []},\n{\"error\": \"x\"}]"), 3,
                "cases[0].expected[1]: a second changelog/error expectation for the same Flink version (the first is at line 2)");
    parse_fails(CASE("\"expected\": [{\"versions\": [\"2.1\", \"2.3\"], \"rows\": []},\n{\"versions\": \"2.3\", \"rows\": []}]"), 3,
                "a second changelog/error expectation");
}
END_TEST

START_TEST(syntax_errors_point_at_line_and_column)
{
    /* A trailing comma: cJSON stops just after the '}' that follows it. */
    parse_fails("{\"cases\": [\n  {\"name\": \"a\",\n   \"sql\": \"S\",\n  }\n]}", 4,
                "near column 4: the file is not valid JSON here (a missing comma, quote or bracket?");
    parse_fails("{\"cases\": [\n  {\"name\": \"a\"\n   \"sql\": \"S\"}]}", 3, "not valid JSON here");
    parse_fails("{\"cases\": []}\n\n# done\n", 3, "near column 1: text after the end of the JSON document");
    parse_fails("  {\"cases\": [\n// a comment\n]}", 2, "JSON allows no trailing commas, no comments");
    /* cJSON skips any control character as a blank; JSON does not (and the
     * position pass once looped on one, allocating until killed). */
    parse_fails("{\"cases\":[\x01{}]}", 1, "column 11: illegal character (control character, code 1) between JSON "
                                          "tokens: only spaces, tabs and line breaks may separate them");
    parse_fails("{\"cases\": [\n  {\"name\": \"a\"\x1f}]}", 2, "column 15: illegal character (control character, code 31)");
    parse_fails("{\"cases\": [\n  {\"name\" \"a\"\x1f}]}", 2, "near column 11: the file is not valid JSON here");
    /* A BOM and leading blanks still make a JSON file. */
    const char *bom = "\xEF\xBB\xBF\n {\"cases\": [{\"name\": \"a\",\n \"sql\": \"S\"}]}";
    ck_assert_msg(parse(bom) == 0, "%s", ERR);
    ck_assert_int_eq(F.cases[0].line, 2);
    ck_assert_int_eq(F.cases[0].sql_line, 3);
    tcase_file_free(&F);
    /* Case file names. */
    ck_assert(tcase_is_case_file_name("a/b.case"));
    ck_assert(tcase_is_case_file_name("b.case.json"));
    ck_assert(!tcase_is_case_file_name("b.json"));
    ck_assert(!tcase_is_case_file_name("b.case.json~"));
}
END_TEST

static char *apply(tcase_edit_t *ed, int n)
{
    return apply_edits(&F, ed, n);
}

START_TEST(update_rewrites_rows_arrays)
{
    const char *text =
        "{\"cases\": [\n"
        "  {\"name\": \"a\", \"sql\": \"S\",\n"
        "   \"expected\": {\"order\": \"multiset\", \"rows\": [\"+I[1]\", \"+I[2]\"]}},\n"
        "  {\n"
        "    \"name\": \"b\",\n"
        "    \"sql\": \"S\"\n"
        "  },\n"
        "  {\n"
        "    \"name\": \"c\",\n"
        "    \"sql\": \"S\"\n"
        "  }\n"
        "]}\n";
    ck_assert_msg(parse(text) == 0, "%s", ERR);
    tcase_edit_t ed[3];
    ed[0] = tcase_update_edit(&F, &F.cases[0].expects[0], "+I[1, \"x\"]\n\n  +I[3]  \n");
    const int all[] = {-1}, each[] = {0, 2};
    const char *one[] = {"+I[b]\n"}, *two[] = {"+I[c 2.1]\n", ""};
    ed[1] = tcase_append_edit(&F, &F.cases[1], all, one, 1);
    ed[2] = tcase_append_edit(&F, &F.cases[2], each, two, 2);
    char *got = apply(ed, 3);
    ck_assert_str_eq(got,
        "{\"cases\": [\n"
        "  {\"name\": \"a\", \"sql\": \"S\",\n"
        "   \"expected\": {\"order\": \"multiset\", \"rows\": [\n"
        "     \"+I[1, \\\"x\\\"]\",\n"
        "     \"+I[3]\"\n"
        "   ]}},\n"
        "  {\n"
        "    \"name\": \"b\",\n"
        "    \"sql\": \"S\",\n"
        "    \"expected\": {\n"
        "      \"rows\": [\n"
        "        \"+I[b]\"\n"
        "      ]\n"
        "    }\n"
        "  },\n"
        "  {\n"
        "    \"name\": \"c\",\n"
        "    \"sql\": \"S\",\n"
        "    \"expected\": [\n"
        "      {\n"
        "        \"versions\": [\"2.1\"],\n"
        "        \"rows\": [\n"
        "          \"+I[c 2.1]\"\n"
        "        ]\n"
        "      },\n"
        "      {\n"
        "        \"versions\": [\"2.3\"],\n"
        "        \"rows\": []\n"
        "      }\n"
        "    ]\n"
        "  }\n"
        "]}\n");
    tcase_file_free(&F);
    /* What --update writes reads back as what it recorded. */
    ck_assert_msg(parse(got) == 0, "%s", ERR);
    ck_assert_int_eq(F.cases[0].expects[0].nrows, 2);
    ck_assert_str_eq(F.cases[0].expects[0].rows[0].text, "+I[1, \"x\"]");
    ck_assert_int_eq(F.cases[0].expects[0].order, TCASE_ORDER_MULTISET);
    ck_assert_str_eq(F.cases[1].expects[0].rows[0].text, "+I[b]");
    ck_assert_int_eq(F.cases[2].nexpects, 2);
    ck_assert_uint_eq(F.cases[2].expects[1].versions, 1u << 2);
    ck_assert_int_eq(F.cases[2].expects[1].nrows, 0);
    tcase_file_free(&F);
    free(got);
}
END_TEST

/* --- a suite against canned outputs ------------------------------------- */

/* Output = the text after "-- output VERSION:" (or "-- output:") in the SQL,
 * ';' separating rows, "fail:" for an error (as in test_tcase.c). */
static char *run_suite(const char *path, bool update, tcase_suite_t *s)
{
    int calls = 0;
    return run_suite_opts(path, update, false, s, &calls);
}

START_TEST(a_suite_over_a_json_file)
{
    char dir[] = "/tmp/test_tcase_json_XXXXXX";
    ck_assert(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/s.case.json", dir);
    const char *text =
        "{\"cases\": [\n"
        "  {\"name\": \"passes\", \"sql\": \"-- output: +I[1];+I[2]\",\n"
        "   \"expected\": {\"rows\": [\"+I[1]\", \"+I[2]\"]}},\n"
        "  {\"name\": \"wrong row\", \"sql\": \"-- output: +I[1];+I[3]\",\n"
        "   \"expected\": {\"rows\": [\n"
        "     \"+I[1]\",\n"
        "     \"+I[2]\"\n"
        "   ]}},\n"
        "  {\"name\": \"fails as expected\", \"sql\": \"-- output: fail:Unknown table 'x'\",\n"
        "   \"expected\": {\"error\": \"Unknown table\"}},\n"
        "  {\"name\": \"new\", \"sql\": \"-- output: +I[n]\"},\n"
        "  {\"name\": \"versions\", \"flink_version\": [\"2.1\", \"2.3\"],\n"
        "   \"sql\": [\"-- output 2.1: +I[dropped]\", \"-- output 2.3: +I[kept]\"],\n"
        "   \"expected\": {\"rows\": [\"+I[kept]\"]}}\n"
        "]}\n";
    ck_assert_int_eq(tcase_write_file(path, text, strlen(text), ERR, sizeof ERR), 0);
    tcase_suite_t s;
    char *out = run_suite(path, false, &s);
    ck_assert_msg(strstr(out, "PASS passes ("), "%s", out);
    ck_assert_msg(strstr(out, "FAIL wrong row ("), "%s", out);
    ck_assert_msg(strstr(out, "/s.case.json:5: the changelog differs from the expectation"), "%s", out);
    ck_assert_msg(strstr(out, "/s.case.json:7 (expected row 2)"), "%s", out);
    ck_assert_msg(strstr(out, "PASS fails as expected ("), "%s", out);
    ck_assert_msg(strstr(out, "FAIL new (") && strstr(out, "/s.case.json:11: no \"expected\" for Flink 2.3"), "%s", out);
    ck_assert_msg(strstr(out, "FAIL versions [flink 2.1] ("), "%s", out);
    ck_assert_msg(strstr(out, "PASS versions [flink 2.3] ("), "%s", out);
    ck_assert_msg(strstr(out, "\n3 passed, 3 failed\n"), "%s", out);
    ck_assert_int_eq(s.outcomes[1].line, 5);
    free(out);
    tcase_suite_free(&s);

    out = run_suite(path, true, &s);
    ck_assert_msg(strstr(out, "UPDATE wrong row (") && strstr(out, "UPDATE new ("), "%s", out);
    ck_assert_msg(strstr(out, "not updated: the Flink versions sharing the expectation at ") &&
                  strstr(out, "give each its own expectation ({\"versions\": [\"2.1\"], ...})"), "%s", out);
    ck_assert_msg(strstr(out, "updated 2 expectations in 1 file\n5 passed, 1 failed\n"), "%s", out);
    free(out);
    tcase_suite_free(&s);
    char *now = slurp(path);
    ck_assert_str_eq(now,
        "{\"cases\": [\n"
        "  {\"name\": \"passes\", \"sql\": \"-- output: +I[1];+I[2]\",\n"
        "   \"expected\": {\"rows\": [\"+I[1]\", \"+I[2]\"]}},\n"
        "  {\"name\": \"wrong row\", \"sql\": \"-- output: +I[1];+I[3]\",\n"
        "   \"expected\": {\"rows\": [\n"
        "     \"+I[1]\",\n"
        "     \"+I[3]\"\n"
        "   ]}},\n"
        "  {\"name\": \"fails as expected\", \"sql\": \"-- output: fail:Unknown table 'x'\",\n"
        "   \"expected\": {\"error\": \"Unknown table\"}},\n"
        "  {\"name\": \"new\", \"sql\": \"-- output: +I[n]\",\n"
        "  \"expected\": {\n"
        "    \"rows\": [\n"
        "      \"+I[n]\"\n"
        "    ]\n"
        "  }},\n"
        "  {\"name\": \"versions\", \"flink_version\": [\"2.1\", \"2.3\"],\n"
        "   \"sql\": [\"-- output 2.1: +I[dropped]\", \"-- output 2.3: +I[kept]\"],\n"
        "   \"expected\": {\"rows\": [\"+I[kept]\"]}}\n"
        "]}\n");
    free(now);
    out = run_suite(path, false, &s);
    ck_assert_msg(strstr(out, "\n5 passed, 1 failed\n"), "%s", out);
    free(out);
    tcase_suite_free(&s);

    /* A syntax error is one ERROR with its line; --update leaves the file alone. */
    const char *bad = "{\"cases\": [\n  {\"name\": \"a\",, \"sql\": \"S\"}\n]}\n";
    ck_assert_int_eq(tcase_write_file(path, bad, strlen(bad), ERR, sizeof ERR), 0);
    out = run_suite(path, true, &s);
    ck_assert_msg(strstr(out, "ERROR ") && strstr(out, "/s.case.json:2: near column 17: the file is not valid JSON"), "%s", out);
    ck_assert_msg(strstr(out, "\n0 passed, 1 failed\n"), "%s", out);
    free(out);
    tcase_suite_free(&s);
    now = slurp(path);
    ck_assert_str_eq(now, bad);
    free(now);
    unlink(path);
    rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tcase_json");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, parses_a_json_case);
    tcase_add_test(tc, the_same_case_in_both_forms);
    tcase_add_test(tc, shape_errors_name_the_line_and_the_field);
    tcase_add_test(tc, syntax_errors_point_at_line_and_column);
    tcase_add_test(tc, update_rewrites_rows_arrays);
    tcase_add_test(tc, a_suite_over_a_json_file);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

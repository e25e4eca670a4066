/* test_tcase.c - case files: parsing (with file:line errors), the three
 * comparison orders and their reports, --update rewriting, JUnit XML, and a
 * whole suite run against canned outputs (no engine, no JVM). */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testrun/tcase.h"
#include "tcase_testkit.h"

static tcase_file_t F;
static char ERR[2048];

static int parse(const char *text)
{
    ERR[0] = 0;
    return tcase_parse("t.case", text, strlen(text), "/b", &F, ERR, sizeof ERR);
}

/* Parses text expecting an error that starts with "t.case:LINE:" and contains needle. */
static void parse_fails(const char *text, int line, const char *needle)
{
    ck_assert_int_eq(parse(text), -1);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "t.case:%d: ", line);
    ck_assert_msg(strncmp(ERR, prefix, strlen(prefix)) == 0, "error '%s' does not start with '%s'", ERR, prefix);
    ck_assert_msg(strstr(ERR, needle), "error '%s' lacks '%s'", ERR, needle);
    ck_assert_int_eq(F.ncases, 0);
}

static const char *MEDIAN =
    "# Seeds, ported from compat/run.\n"       /* 1 */
    "\n"                                        /* 2 */
    "-- case: median emits the trailing median\n" /* 3 */
    "-- sql\n"                                  /* 4 */
    "CREATE FUNCTION Median AS 'com.example.Median' USING JAR '@BUILD@/compat/seeds.jar';\n" /* 5 */
    "-- a SQL comment stays in the SQL\n"       /* 6 */
    "SELECT * FROM Median(input => TABLE t PARTITION BY sensor_id, numTrailing => 3);\n" /* 7 */
    "\n"                                        /* 8 */
    "-- input t\n"                              /* 9 */
    "+I {\"sensor_id\": 1, \"temperature\": 20.0}\n" /* 10 */
    "# a comment\n"                             /* 11 */
    "[1, 22.0]\n"                               /* 12 */
    "-D   {\"sensor_id\": 1}\n"                 /* 13 */
    "watermark 2026-01-01 00:00:05\n"           /* 14 */
    "watermark 1767225605000\n"                 /* 15 */
    "proctime +30 s\n"                          /* 16 */
    "proctime 1970-01-01 00:00:01.5\n"          /* 17 */
    "\n"                                        /* 18 */
    "-- expected (order: per-key 1, 2) materialized\n" /* 19 */
    "+I[1, 20.0, 20.0]   \n"                    /* 20 */
    "\n"                                        /* 21 */
    "+I[1, 22.0, 21.0]\n";                      /* 22 */

START_TEST(parses_a_case)
{
    ck_assert_msg(parse(MEDIAN) == 0, "%s", ERR);
    ck_assert_int_eq(F.ncases, 1);
    tcase_t *c = &F.cases[0];
    ck_assert_str_eq(c->name, "median emits the trailing median");
    ck_assert_int_eq(c->line, 3);
    ck_assert_int_eq(c->sql_line, 5);
    ck_assert_int_eq(c->versions, 0);
    /* SQL: four leading newlines keep the session's line numbers the file's; @BUILD@ replaced. */
    ck_assert_str_eq(c->sql, "\n\n\n\nCREATE FUNCTION Median AS 'com.example.Median' USING JAR '/b/compat/seeds.jar';\n"
                             "-- a SQL comment stays in the SQL\n"
                             "SELECT * FROM Median(input => TABLE t PARTITION BY sensor_id, numTrailing => 3);\n\n");
    ck_assert_int_eq(c->ninputs, 1);
    ck_assert_str_eq(c->inputs[0].table, "t");
    ck_assert_int_eq(c->inputs[0].line, 9);
    ck_assert_int_eq(c->inputs[0].nevents, 7);
    ck_assert_str_eq(c->inputs[0].events_json,
                     "[{\"kind\": \"+I\", \"row\": {\"sensor_id\": 1, \"temperature\": 20.0}, \"line\": 10},"
                     "{\"kind\": \"+I\", \"row\": [1, 22.0], \"line\": 12},"
                     "{\"kind\": \"-D\", \"row\": {\"sensor_id\": 1}, \"line\": 13},"
                     "{\"watermark\": \"2026-01-01 00:00:05\", \"line\": 14},"
                     "{\"watermark\": 1767225605000, \"line\": 15},"
                     "{\"proctime\": \"+30 s\", \"line\": 16},"
                     "{\"proctime\": 1500, \"line\": 17}]");
    ck_assert_int_eq(c->nexpects, 1);
    tcase_expect_t *e = &c->expects[0];
    ck_assert_int_eq(e->line, 19);
    ck_assert(e->materialized);
    ck_assert(!e->error);
    ck_assert_int_eq(e->order, TCASE_ORDER_PER_KEY);
    ck_assert_int_eq(e->nkeys, 2);
    ck_assert_str_eq(e->keys[0], "1");
    ck_assert_str_eq(e->keys[1], "2");
    ck_assert_int_eq(e->nrows, 2);
    ck_assert_str_eq(e->rows[0].text, "+I[1, 20.0, 20.0]");
    ck_assert_int_eq(e->rows[0].line, 20);
    ck_assert_int_eq(e->rows[1].line, 22);
    /* The body spans exactly the row lines. */
    ck_assert_int_eq(e->body_start, (size_t)(strstr(MEDIAN, "+I[1, 20.0, 20.0]") - MEDIAN));
    ck_assert_int_eq(e->body_end, strlen(MEDIAN));
    tcase_file_free(&F);
}
END_TEST

START_TEST(several_cases_and_versions)
{
    const char *text = "-- case: a\n"
                       "-- flink-version: 2.1, 2.3\n"
                       "-- sql\nSELECT 1;\n"
                       "-- expected 2.1\n+I[old]\n"
                       "-- expected\n+I[new]\n"
                       "-- expected error 2.1\nboom\n"   /* no: error and changelog for 2.1 */
                       ;
    parse_fails(text, 9, "a second changelog/error expectation for the same Flink version (the first is at line 5)");

    text = "-- case: a\n"
           "-- flink-version: 2.1 2.3\n"
           "-- sql\nSELECT 1;\n"
           "-- expected 2.1\n+I[old]\n"
           "-- expected\n+I[new]\n"
           "-- expected materialized\n+I[table]\n"
           "-- case: b\n"
           "-- sql\nSELECT 2;\n"
           "-- expected error\nsomething failed\n";
    ck_assert_msg(parse(text) == 0, "%s", ERR);
    ck_assert_int_eq(F.ncases, 2);
    tcase_t *a = &F.cases[0];
    ck_assert_int_eq(a->versions, (1u << 0) | (1u << 2));
    int idx[8];
    ck_assert_int_eq(tcase_expects_for(a, 0, idx), 1);   /* 2.1: its own section only */
    ck_assert_int_eq(idx[0], 0);
    ck_assert_int_eq(tcase_expects_for(a, 2, idx), 2);   /* 2.3: the generic ones */
    ck_assert_int_eq(idx[0], 1);
    ck_assert_int_eq(idx[1], 2);
    ck_assert(F.cases[1].expects[0].error);
    ck_assert_str_eq(F.cases[1].expects[0].rows[0].text, "something failed");
    ck_assert_str_eq(F.cases[1].sql, "\n\n\n\n\n\n\n\n\n\n\n\nSELECT 2;\n");
    tcase_file_free(&F);
}
END_TEST

START_TEST(errors_point_at_lines)
{
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- expected\n+I[1]\n-- expeced 2.1\n+I[2]\n", 6,
                "unknown header '-- expeced 2.1'");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- input t\n+I {\"a\": 1,}\n", 5,
                "column 4: the row is not valid JSON");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- input t\n+X {\"a\": 1}\n", 5, "unknown row kind '+X'");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- input t\nwatermark soon\n", 5, "'watermark' needs a time");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- input t\nproctime +3 fortnights\n", 5, "'proctime' needs");
    /* fuzz_case_text: a duration beyond a long long of milliseconds overflowed */
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- input t\nproctime +200000000000000000S\n", 5, "'proctime' needs");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- input t\nhello\n", 5, "expected an input event");
    parse_fails("SELECT 1;\n-- case: a\n", 1, "text before the first '-- case: NAME'");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- case: a\n-- sql\nSELECT 2;\n", 4,
                "a second case named 'a' (the first is at line 1)");
    parse_fails("# nothing\n-- case: a\n-- expected\n", 2, "case 'a' has no '-- sql' section");
    parse_fails("-- case: a\n-- flink-version: 1.20\n", 2, "unknown Flink version '1.20'");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- expected error (order: multiset)\n", 4, "takes no order");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- expected (order: per-key)\n", 4, "per-key needs the key columns");
    /* fuzz_case_text: a second order after a per-key one leaked its key names */
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- expected (order: per-key a, b) (order: exact)\n", 4,
                "the order is given twice");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- expected (order: sorted)\n", 4, "unknown order 'sorted'");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- expected soon\n", 4, "unexpected 'soon' in the expected header");
    parse_fails("-- case: a\n-- flink-version: 2.3\n-- sql\nSELECT 1;\n-- expected 2.1\n", 5,
                "names a Flink version the case does not run under");
    parse_fails("-- case: a\n-- sql\nx\n-- input t\n-- input t\n", 5, "a second input section for table 't'");
    parse_fails("-- case: a\n-- sql\nx\n-- input t u\n", 4, "'-- input' takes one table name");
    parse_fails("", 1, "no cases in this file");
    parse_fails("-- case:\n", 1, "the case has no name");
    parse_fails("-- sql\nSELECT 1;\n", 1, "before the first '-- case: NAME'");
    parse_fails("-- case: a\n-- sql foo\n", 2, "'-- sql' takes nothing after it");
    parse_fails("-- case: a\nstray\n", 2, "text outside a section");

    /* A UTF-8 byte order mark and CRLF line ends are fine. */
    ck_assert_msg(parse("\xEF\xBB\xBF# c\r\n-- case: a\r\n-- sql\r\nSELECT 1;\r\n-- input t\r\n[1]\r\n-- expected\r\n+I[1]  \r\n") == 0,
                  "%s", ERR);
    ck_assert_str_eq(F.cases[0].inputs[0].events_json, "[{\"kind\": \"+I\", \"row\": [1], \"line\": 6}]");
    ck_assert_str_eq(F.cases[0].expects[0].rows[0].text, "+I[1]");
    tcase_file_free(&F);

    /* Inside SQL a misspelt '-- expected' is a comment; the case remembers it for a hint. */
    ck_assert(parse("-- case: a\n-- sql\nSELECT 1;\n-- the rows\n-- expeted 2.1\n+I[1]\n") == 0);
    ck_assert_int_eq(F.cases[0].nexpects, 0);
    ck_assert_int_eq(F.cases[0].misspelt_expected, 5);
    tcase_file_free(&F);
    ck_assert(parse("-- case: a\n-- sql\nSELECT 1; -- x\n-- explain the query\n-- expected\n") == 0);
    ck_assert_int_eq(F.cases[0].misspelt_expected, 0);
    tcase_file_free(&F);

    /* @BUILD@ without a build folder. */
    const char *t = "-- case: a\n-- sql\nADD JAR '@BUILD@/x.jar';\n";
    ck_assert_int_eq(tcase_parse("t.case", t, strlen(t), NULL, &F, ERR, sizeof ERR), -1);
    ck_assert_msg(strstr(ERR, "t.case:3: @BUILD@ needs the build folder"), "%s", ERR);
}
END_TEST

START_TEST(state_sections)
{
    const char *text =
        "-- case: seeded\n"                                                          /* 1 */
        "-- sql\n"                                                                    /* 2 */
        "-- state in SQL is a header, so this line opens a section\n"                /* 3 */
        ;
    /* A '-- state' line inside SQL is a header like '-- input' (one word after it). */
    parse_fails(text, 3, "'-- state' takes one function name or uid");

    text =
        "-- case: seeded\n"                                                          /* 1 */
        "-- sql\n"                                                                    /* 2 */
        "SELECT 1;\n"                                                                 /* 3 */
        "-- state count_clicks\n"                                                     /* 4 */
        "# user 1 clicked before\n"                                                   /* 5 */
        "  {\"key\": {\"user_id\": 1}, \"state\": {\"clicks\": {\"count\": 41}}}  \n" /* 6 */
        "\n"                                                                          /* 7 */
        "{\"key\": {\"user_id\": 2}, \"timers\": [{\"name\": null, \"time\": 5}]}\n"  /* 8 */
        "-- state other-uid\n"                                                        /* 9 */
        "-- expected\n"                                                               /* 10 */
        "+I[1]\n";                                                                    /* 11 */
    ck_assert_msg(parse(text) == 0, "%s", ERR);
    tcase_t *c = &F.cases[0];
    ck_assert_int_eq(c->nstates, 2);
    ck_assert_str_eq(c->states[0].target, "count_clicks");
    ck_assert_int_eq(c->states[0].line, 4);
    ck_assert_int_eq(c->states[0].nrows, 2);
    ck_assert_str_eq(c->states[0].rows[0].text, "{\"key\": {\"user_id\": 1}, \"state\": {\"clicks\": {\"count\": 41}}}");
    ck_assert_int_eq(c->states[0].rows[0].line, 6);
    ck_assert_int_eq(c->states[0].rows[1].line, 8);
    ck_assert_str_eq(c->states[1].target, "other-uid");
    ck_assert_int_eq(c->states[1].nrows, 0);
    ck_assert_int_eq(c->nexpects, 1);
    ck_assert_int_eq(c->expects[0].nrows, 1);
    tcase_file_free(&F);

    const char *head = "-- case: a\n-- sql\nSELECT 1;\n-- state f\n";   /* rows start at line 5 */
    struct { const char *row; const char *needle; } bad[] = {
        {"{\"key\": {\"user_id\": 1},}", "column 24: the state line is not valid JSON"},
        {"[1, 2]", "a state line is a JSON object"},
        {"{\"key\": null} {\"key\": null}", "column 15: text after the state line's JSON object"},
        {"{\"keys\": {}}", "unknown member \"keys\" in the state line"},
        {"{\"key\": 1}", "\"key\" is an object of the PARTITION BY columns"},
        {"{\"key\": null, \"state\": []}", "\"state\" is an object of state entries by name"},
        {"{\"key\": null, \"timers\": {}}", "\"timers\" is an array"},
        {"{\"key\": null, \"timers\": [{\"name\": \"t\"}]}", "timer 1: write {\"name\""},
        {"{\"key\": null, \"timers\": [{\"time\": 1}, {\"time\": 2, \"at\": 3}]}", "timer 2: write"},
        {"{\"key\": null, \"timers\": [{\"name\": 7, \"time\": 1}]}", "timer 1: write"},
        {"{\"key\": null, \"key\": null}", "\"key\" is given twice"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s%s\n", head, bad[i].row);
        parse_fails(buf, 5, bad[i].needle);
    }
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- state\n", 4, "'-- state' needs the PTF it seeds");
    parse_fails("-- case: a\n-- sql\nSELECT 1;\n-- state f\n-- state f\n", 5,
                "a second '-- state f' section (the first is at line 4)");
}
END_TEST

START_TEST(row_fields)
{
    char kind[3], *st, **f;
    int n = tcase_row_fields("+U[1, [a, b], {k=v, x=y}, Row(1, 2), , end]", kind, &st, &f);
    ck_assert_int_eq(n, 6);
    ck_assert_str_eq(kind, "+U");
    ck_assert_str_eq(f[0], "1");
    ck_assert_str_eq(f[1], "[a, b]");
    ck_assert_str_eq(f[2], "{k=v, x=y}");
    ck_assert_str_eq(f[3], "Row(1, 2)");
    ck_assert_str_eq(f[4], "");
    ck_assert_str_eq(f[5], "end");
    free(st);
    free(f);
    ck_assert_int_eq(tcase_row_fields("+I[]", kind, &st, &f), 0);
    free(st);
    free(f);
    ck_assert_int_eq(tcase_row_fields("| a | b |", kind, &st, &f), -1);
    ck_assert_int_eq(tcase_row_fields("+X[1]", kind, &st, &f), -1);
}
END_TEST

/* An expectation built by parsing, so rows carry real lines. */
static tcase_expect_t *expect(const char *header, const char *rows)
{
    static char text[4096];
    snprintf(text, sizeof text, "-- case: c\n-- sql\nSELECT 1;\n-- expected %s\n%s", header, rows);
    ck_assert_msg(parse(text) == 0, "%s", ERR);
    return &F.cases[0].expects[0];
}

static bool cmp(const tcase_expect_t *e, const char *actual, buf_t *diff)
{
    tcase_diff_opts_t o = {.file = "t.case"};
    buf_clear(diff);
    return tcase_compare(e, actual, &o, diff);
}

START_TEST(exact_order)
{
    buf_t d = BUF_INIT;
    tcase_expect_t *e = expect("", "+I[1, a]\n+I[2, b]\n-U[2, b]\n+U[2, c]\n");
    ck_assert(cmp(e, "+I[1, a]\n+I[2, b]\n\n-U[2, b]  \n+U[2, c]\n", &d));   /* blank lines, trailing blanks */
    ck_assert_int_eq(d.len, 0);
    ck_assert(!cmp(e, "+I[2, b]\n+I[1, a]\n-U[2, b]\n+U[2, c]\n", &d));     /* same rows, other order */

    /* A changed row: side by side, marked, with its file:line and a caret. */
    ck_assert(!cmp(e, "+I[1, a]\n+I[2, b]\n-U[2, b]\n+U[2, d]\n", &d));
    const char *r = buf_cstr(&d);
    ck_assert_msg(strstr(r, "t.case:4: the changelog differs from the expectation (order: exact); 4 expected rows, 4 actual"), "%s", r);
    ck_assert_msg(strstr(r, "first difference at t.case:8 (expected row 4)"), "%s", r);
    ck_assert_msg(strstr(r, "\n  *      8  +U[2, c] | +U[2, d]\n"), "%s", r);
    ck_assert_msg(strstr(r, "\n         5  +I[1, a]   +I[1, a]\n"), "%s", r);
    /* The caret sits under the first differing character of the actual row. */
    const char *row = strstr(r, "\n  *      8") + 1;
    const char *caret = strchr(row, '\n') + 1;
    ck_assert_int_eq((int)(strchr(caret, '^') - caret), (int)(strstr(row, "+U[2, d]") - row) + 6);

    /* A missing row and an extra row use sdiff's markers. */
    ck_assert(!cmp(e, "+I[1, a]\n-U[2, b]\n+U[2, c]\n+I[3, x]\n", &d));
    r = buf_cstr(&d);
    ck_assert_msg(strstr(r, "first difference at t.case:6 (expected row 2)"), "%s", r);
    ck_assert_msg(strstr(r, "\n  *      6  +I[2, b] <\n"), "%s", r);
    ck_assert_msg(strstr(r, "\n                     > +I[3, x]\n"), "%s", r);
    ck_assert(!cmp(e, "+I[1, a]\n+I[2, b]\n-U[2, b]\n+U[2, c]\n+I[9, z]\n", &d));
    ck_assert_msg(strstr(buf_cstr(&d), "first difference: actual row 5 is not in the expectation at t.case:4"), "%s",
                  buf_cstr(&d));
    tcase_file_free(&F);
    buf_free(&d);
}
END_TEST

START_TEST(long_outputs_elide_equal_rows)
{
    buf_t rows = BUF_INIT, act = BUF_INIT, d = BUF_INIT;
    for (int i = 0; i < 50; i++) {
        buf_printf(&rows, "+I[%d]\n", i);
        buf_printf(&act, "+I[%d]\n", i == 30 ? 999 : i);
    }
    tcase_expect_t *e = expect("", buf_cstr(&rows));
    ck_assert(!cmp(e, buf_cstr(&act), &d));
    const char *r = buf_cstr(&d);
    ck_assert_msg(strstr(r, "... 27 equal rows"), "%s", r);     /* 0..26 hidden, 27..29 context */
    ck_assert_msg(strstr(r, "... 16 equal rows"), "%s", r);     /* 34..49 hidden */
    ck_assert_msg(strstr(r, "\n  *     35  +I[30]   | +I[999]\n"), "%s", r);
    ck_assert_msg(!strstr(r, "+I[10]"), "%s", r);
    /* Rows too wide for two columns: one above the other. */
    tcase_file_free(&F);
    char wide[200];
    memset(wide, 'x', 150);
    wide[150] = 0;
    buf_clear(&rows);
    buf_printf(&rows, "+I[%s]\n", wide);
    e = expect("", buf_cstr(&rows));
    buf_clear(&act);
    buf_printf(&act, "+I[%sy]\n", wide);
    ck_assert(!cmp(e, buf_cstr(&act), &d));
    r = buf_cstr(&d);
    ck_assert_msg(strstr(r, "*      5  - +I[xxx"), "%s", r);
    ck_assert_msg(strstr(r, "          + +I[xxx"), "%s", r);
    tcase_file_free(&F);
    buf_free(&rows);
    buf_free(&act);
    buf_free(&d);
}
END_TEST

START_TEST(multiset_order)
{
    buf_t d = BUF_INIT;
    tcase_expect_t *e = expect("(order: multiset)", "+I[1]\n+I[2]\n+I[2]\n-D[3]\n");
    ck_assert(cmp(e, "+I[2]\n-D[3]\n+I[1]\n+I[2]\n", &d));
    ck_assert(!cmp(e, "+I[2]\n-D[3]\n+I[1]\n", &d));                /* multiplicity counts */
    const char *r = buf_cstr(&d);
    ck_assert_msg(strstr(r, "1 expected row not produced, 0 produced rows not expected"), "%s", r);
    ck_assert_msg(strstr(r, "first difference at t.case:7 (expected row 3)"), "%s", r);
    ck_assert(!cmp(e, "+I[1]\n+I[2]\n+I[2]\n+I[3]\n", &d));          /* the kind is part of the row */
    r = buf_cstr(&d);
    ck_assert_msg(strstr(r, "* ") && strstr(r, "-D[3]") && strstr(r, "| +I[3]"), "%s", r);
    ck_assert_msg(strstr(r, "expected, not produced"), "%s", r);
    tcase_file_free(&F);
    buf_free(&d);
}
END_TEST

START_TEST(per_key_order)
{
    buf_t d = BUF_INIT;
    tcase_expect_t *e = expect("(order: per-key 1)", "+I[1, a]\n+I[2, x]\n+I[1, b]\n+I[2, y]\n");
    ck_assert(cmp(e, "+I[2, x]\n+I[2, y]\n+I[1, a]\n+I[1, b]\n", &d));   /* keys interleave freely */
    ck_assert(!cmp(e, "+I[2, y]\n+I[2, x]\n+I[1, a]\n+I[1, b]\n", &d));  /* one key's order broken */
    const char *r = buf_cstr(&d);
    ck_assert_msg(strstr(r, "key (2): 2 expected rows, 2 actual"), "%s", r);
    ck_assert_msg(strstr(r, "first difference at t.case:6 (the key's row 1)"), "%s", r);
    ck_assert_msg(!strstr(r, "more key"), "%s", r);
    ck_assert(!cmp(e, "+I[1, b]\n+I[1, a]\n+I[2, y]\n+I[2, x]\n+I[3, z]\n", &d));
    r = buf_cstr(&d);
    ck_assert_msg(strstr(r, "key (1):"), "%s", r);                      /* first in the expectation */
    ck_assert_msg(strstr(r, "... and 2 more keys differ"), "%s", r);

    /* Names need the output's column names. */
    tcase_file_free(&F);
    e = expect("(order: per-key user_id)", "+I[1, a]\n");
    ck_assert(!cmp(e, "+I[1, a]\n", &d));
    ck_assert_msg(strstr(buf_cstr(&d), "per-key column 'user_id' is not an output column (the output's column names "
                                       "are not known here; give 1-based positions)"), "%s", buf_cstr(&d));
    const char *cols[] = {"user_id", "url"};
    tcase_diff_opts_t o = {.file = "t.case", .columns = cols, .ncolumns = 2};
    buf_clear(&d);
    ck_assert(tcase_compare(e, "+I[1, a]\n", &o, &d));
    tcase_file_free(&F);

    /* A key column past the row's end. */
    e = expect("(order: per-key 3)", "+I[1, a]\n");
    ck_assert(!cmp(e, "+I[1, a]\n", &d));
    ck_assert_msg(strstr(buf_cstr(&d), "t.case:5: '+I[1, a]' is not a row with the key columns"), "%s", buf_cstr(&d));
    tcase_file_free(&F);

    /* Positions beyond int (2^32 + 1 once wrapped to column 1, 10^20 to a negative index) are past the end too. */
    const char *huge[] = {"(order: per-key 4294967297)", "(order: per-key 99999999999999999999)"};
    for (int i = 0; i < 2; i++) {
        e = expect(huge[i], "+I[1, a]\n");
        ck_assert(!cmp(e, "+I[1, a]\n", &d));
        ck_assert_msg(strstr(buf_cstr(&d), "'+I[1, a]' is not a row with the key columns"), "%s", buf_cstr(&d));
        tcase_file_free(&F);
    }
    buf_free(&d);
}
END_TEST

START_TEST(error_expectations)
{
    buf_t d = BUF_INIT;
    tcase_expect_t *e = expect("error", "Invalid row kind received: DELETE\n[INSERT]\n");
    tcase_diff_opts_t o = {.file = "t.case"};
    ck_assert(tcase_compare_error(e, "x.case:9: Invalid row kind received: DELETE. Expected produced changelog mode: "
                                     "[INSERT]", &o, &d));
    ck_assert(!tcase_compare_error(e, "Invalid row kind received: DELETE. Expected produced changelog mode: [UPSERT]",
                                   &o, &d));
    ck_assert_msg(strstr(buf_cstr(&d), "*      6  [INSERT]"), "%s", buf_cstr(&d));
    ck_assert_msg(strstr(buf_cstr(&d), "the error was:\n    Invalid row kind"), "%s", buf_cstr(&d));
    tcase_file_free(&F);
    buf_free(&d);
}
END_TEST

static char *apply(tcase_edit_t *ed, int n)
{
    return apply_edits(&F, ed, n);
}

START_TEST(update_rewrites_only_rows)
{
    const char *text = "-- case: a\n-- sql\nSELECT 1;\n"
                       "-- expected (order: multiset)\n"
                       "# Flink prints doubles like Java\n"
                       "+I[1, 1.0]\n"
                       "   +I[2, 2.0]\n"
                       "\n"
                       "# next: b\n"
                       "-- case: b\n-- sql\nSELECT 2;   \n\n\n"
                       "-- case: c\n-- sql\nSELECT 3;\n-- expected";
    ck_assert_msg(parse(text) == 0, "%s", ERR);
    tcase_edit_t ed[3];
    ed[0] = tcase_update_edit(&F, &F.cases[0].expects[0], "+I[1, 1.5]\n\n  +I[3, 3.0]  \n");
    const int versions[] = {-1, 0};
    const char *outs[] = {"+I[x]\n", "+I[y]\n"};
    ed[1] = tcase_append_edit(&F, &F.cases[1], versions, outs, 2);
    ed[2] = tcase_update_edit(&F, &F.cases[2].expects[0], "+I[z]\n+I[w]\n");
    char *got = apply(ed, 3);
    ck_assert_str_eq(got, "-- case: a\n-- sql\nSELECT 1;\n"
                          "-- expected (order: multiset)\n"
                          "# Flink prints doubles like Java\n"
                          "+I[1, 1.5]\n"
                          "+I[3, 3.0]\n"
                          "\n"
                          "# next: b\n"
                          "-- case: b\n-- sql\nSELECT 2;   \n"
                          "-- expected\n+I[x]\n-- expected 2.1\n+I[y]\n"
                          "\n\n"
                          "-- case: c\n-- sql\nSELECT 3;\n-- expected\n+I[z]\n+I[w]");
    free(got);
    tcase_file_free(&F);

    /* No edits: byte-identical. An empty actual output empties the section. */
    text = "-- case: a\n-- sql\nSELECT 1;\n-- expected\n+I[1]\n+I[2]\n";
    ck_assert(parse(text) == 0);
    got = apply(NULL, 0);
    ck_assert_str_eq(got, text);
    free(got);
    ed[0] = tcase_update_edit(&F, &F.cases[0].expects[0], "");
    got = apply(ed, 1);
    ck_assert_str_eq(got, "-- case: a\n-- sql\nSELECT 1;\n-- expected\n");
    free(got);
    tcase_file_free(&F);
}
END_TEST

START_TEST(junit_xml)
{
    tcase_outcome_t o[3] = {
        {.file = "a.case", .name = "p<1>", .line = 3, .status = TCASE_PASS, .ms = 12},
        {.file = "a.case", .name = "f \"2\"", .line = 9, .status = TCASE_FAIL, .ms = 1500,
         .message = "a.case:9: the changelog differs", .detail = "  * 9 +I[1] | \033[33m+I[2]\033[0m\n  & more"},
        {.file = "b.case", .name = "b.case", .status = TCASE_ERROR, .message = "b.case:1: no cases\x01"},
    };
    char *text;
    size_t len;
    FILE *m = open_memstream(&text, &len);
    tcase_junit_xml(m, o, 3);
    fclose(m);
    ck_assert_msg(strstr(text, "<testsuites name=\"ptfhost test\" tests=\"3\" failures=\"1\" errors=\"1\" time=\"1.512\">"), "%s", text);
    ck_assert_msg(strstr(text, "<testsuite name=\"a.case\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"1.512\""), "%s", text);
    ck_assert_msg(strstr(text, "<testcase name=\"p&lt;1&gt;\" classname=\"a.case\" file=\"a.case\" line=\"3\" time=\"0.012\"/>"), "%s", text);
    ck_assert_msg(strstr(text, "<testcase name=\"f &quot;2&quot;\""), "%s", text);
    ck_assert_msg(strstr(text, "<failure message=\"a.case:9: the changelog differs\" type=\"mismatch\">  * 9 +I[1] | +I[2]\n  &amp; more</failure>"), "%s", text);
    ck_assert_msg(strstr(text, "<error message=\"b.case:1: no cases?\" type=\"case-file\">"), "%s", text);
    ck_assert_msg(strstr(text, "<testsuite name=\"b.case\" tests=\"1\" failures=\"0\" errors=\"1\""), "%s", text);
    free(text);
}
END_TEST

/* --- a suite against canned outputs ------------------------------------- */

/* Output of a case = the text after "-- output VERSION:" in its SQL comments,
 * or "fail:" for an error. Lets a test describe what the engine would print. */
static char *run_suite(const char *path, bool update, tcase_suite_t *s, int *calls)
{
    return run_suite_opts(path, update, false, s, calls);
}

START_TEST(suite_runs_and_updates)
{
    char dir[] = "/tmp/test_tcase_XXXXXX";
    ck_assert(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/s.case", dir);
    const char *text =
        "# canned outputs\n"
        "-- case: passes\n-- sql\n-- output: +I[1];+I[2]\n-- expected\n+I[1]\n+I[2]\n\n"
        "-- case: wrong row\n-- sql\n-- output: +I[1];+I[3]\n-- expected\n+I[1]\n+I[2]\n\n"
        "-- case: fails as expected\n-- sql\n-- output: fail:t.case:3: Unknown table 'x'\n-- expected error\nUnknown table\n\n"
        "-- case: new\n-- sql\n-- output: +I[n]\n\n"
        "-- case: versions\n-- flink-version: 2.1 2.3\n-- sql\n-- output 2.1: +I[late dropped]\n-- output 2.3: +I[late kept]\n"
        "-- expected\n+I[late kept]\n\n"
        "-- case: both forms\n-- sql\n-- output: +I[a];-D[a]\n-- output table: \n-- expected\n+I[a]\n-D[a]\n-- expected materialized\n+I[a]\n";
    ck_assert_int_eq(tcase_write_file(path, text, strlen(text), ERR, sizeof ERR), 0);

    tcase_suite_t s;
    int calls = 0;
    char *out = run_suite(path, false, &s, &calls);
    ck_assert_int_eq(calls, 8);
    ck_assert_msg(strstr(out, "PASS passes ("), "%s", out);
    ck_assert_msg(strstr(out, "FAIL wrong row ("), "%s", out);
    ck_assert_msg(strstr(out, "first difference at "), "%s", out);
    ck_assert_msg(strstr(out, "/s.case:14 (expected row 2)"), "%s", out);
    ck_assert_msg(strstr(out, "PASS fails as expected ("), "%s", out);
    ck_assert_msg(strstr(out, "FAIL new (") && strstr(out, "no '-- expected' section for Flink 2.3 (run with --update"), "%s", out);
    ck_assert_msg(strstr(out, "FAIL versions [flink 2.1] ("), "%s", out);
    ck_assert_msg(strstr(out, "PASS versions [flink 2.3] ("), "%s", out);
    ck_assert_msg(strstr(out, "PASS both forms ("), "%s", out);
    ck_assert_msg(strstr(out, "FAIL both forms [materialized] ("), "%s", out);
    ck_assert_msg(strstr(out, "\n4 passed, 4 failed\n"), "%s", out);
    ck_assert_int_eq(s.n, 8);
    ck_assert_str_eq(s.outcomes[1].name, "wrong row");
    ck_assert_int_eq(s.outcomes[1].status, TCASE_FAIL);
    ck_assert_int_eq(s.outcomes[1].line, 12);
    ck_assert_str_eq(s.outcomes[1].file, path);
    ck_assert_msg(strstr(s.outcomes[1].message, "the changelog differs from the expectation"), "%s", s.outcomes[1].message);
    free(out);
    tcase_suite_free(&s);

    /* --update: the wrong rows, the new case and the materialized table are
     * rewritten; the versions that disagree on one section are not. */
    out = run_suite(path, true, &s, &calls);
    ck_assert_msg(strstr(out, "UPDATE wrong row ("), "%s", out);
    ck_assert_msg(strstr(out, "UPDATE new ("), "%s", out);
    ck_assert_msg(strstr(out, "UPDATE both forms [materialized] ("), "%s", out);
    ck_assert_msg(strstr(out, "FAIL versions [flink 2.1] (") && strstr(out, "not updated: the Flink versions sharing"), "%s", out);
    ck_assert_msg(strstr(out, "updated 3 expectations in 1 file\n7 passed, 1 failed\n"), "%s", out);
    free(out);
    tcase_suite_free(&s);
    char *now = slurp(path);
    ck_assert_str_eq(now,
        "# canned outputs\n"
        "-- case: passes\n-- sql\n-- output: +I[1];+I[2]\n-- expected\n+I[1]\n+I[2]\n\n"
        "-- case: wrong row\n-- sql\n-- output: +I[1];+I[3]\n-- expected\n+I[1]\n+I[3]\n\n"
        "-- case: fails as expected\n-- sql\n-- output: fail:t.case:3: Unknown table 'x'\n-- expected error\nUnknown table\n\n"
        "-- case: new\n-- sql\n-- output: +I[n]\n-- expected\n+I[n]\n\n"
        "-- case: versions\n-- flink-version: 2.1 2.3\n-- sql\n-- output 2.1: +I[late dropped]\n-- output 2.3: +I[late kept]\n"
        "-- expected\n+I[late kept]\n\n"
        "-- case: both forms\n-- sql\n-- output: +I[a];-D[a]\n-- output table: \n-- expected\n+I[a]\n-D[a]\n-- expected materialized\n");
    free(now);

    /* After the update only the version conflict remains. */
    out = run_suite(path, false, &s, &calls);
    ck_assert_msg(strstr(out, "\n7 passed, 1 failed\n"), "%s", out);
    ck_assert_msg(!strstr(out, "(call 1)"), "a dump without --dump-state: %s", out);
    free(out);
    tcase_suite_free(&s);

    /* --dump-state: each run's dump, indented, right after its result line (and after a diff). */
    out = run_suite_opts(path, false, true, &s, &calls);
    ck_assert_msg(strstr(out, "PASS passes (") &&
                  strstr(strstr(out, "PASS passes ("), " ms)\n  f (call 1) at the end:\n"
                                                      "    {\"key\": null, \"state\": {}, \"timers\": []}\n"
                                                      "PASS wrong row ("), "%s", out);
    ck_assert_msg(strstr(out, "not updated: the Flink versions") == NULL, "%s", out);
    ck_assert_msg(strstr(out, "  ^\n  f (call 1) at the end:\n"), "%s", out);   /* after the diff */
    free(out);
    tcase_suite_free(&s);

    /* A file with a syntax error is one ERROR pointing at its line. */
    const char *bad = "-- case: a\n-- sql\nSELECT 1;\n-- input t\n+I {oops}\n";
    ck_assert_int_eq(tcase_write_file(path, bad, strlen(bad), ERR, sizeof ERR), 0);
    out = run_suite(path, true, &s, &calls);
    ck_assert_msg(strstr(out, "ERROR ") && strstr(out, "/s.case:5: column 4: the row is not valid JSON"), "%s", out);
    ck_assert_msg(strstr(out, "\n0 passed, 1 failed\n"), "%s", out);
    ck_assert_int_eq(s.outcomes[0].status, TCASE_ERROR);
    free(out);
    tcase_suite_free(&s);
    now = slurp(path);
    ck_assert_str_eq(now, bad);   /* --update never touches a file it cannot parse */
    free(now);
    unlink(path);
    rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tcase");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, parses_a_case);
    tcase_add_test(tc, several_cases_and_versions);
    tcase_add_test(tc, errors_point_at_lines);
    tcase_add_test(tc, state_sections);
    tcase_add_test(tc, row_fields);
    tcase_add_test(tc, exact_order);
    tcase_add_test(tc, long_outputs_elide_equal_rows);
    tcase_add_test(tc, multiset_order);
    tcase_add_test(tc, per_key_order);
    tcase_add_test(tc, error_expectations);
    tcase_add_test(tc, update_rewrites_only_rows);
    tcase_add_test(tc, junit_xml);
    tcase_add_test(tc, suite_runs_and_updates);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}

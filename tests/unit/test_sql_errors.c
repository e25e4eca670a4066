/* SQL front end errors: Flink's wording, the right line:column, the source
 * line with a caret under it, and "unsupported" (not "wrong") for valid
 * Flink SQL that ptfhost does not run. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sql/sql.h"

static arena_t arena;
static char err[4096];

static void setup(void)
{
    arena_init(&arena, 0);
    err[0] = '\0';
}

static void teardown(void)
{
    arena_destroy(&arena);
}

static const char *parse_err(const char *sql)
{
    sqlp_script_t *s = NULL;
    int rc = sqlp_parse_script(sql, "job.sql", &arena, &s, err, sizeof err);
    ck_assert_msg(rc == -1, "expected a parse error for:\n%s", sql);
    ck_assert_ptr_null(s);
    return err;
}

#define ck_assert_contains(hay, needle) \
    ck_assert_msg(strstr((hay), (needle)) != NULL, "expected\n%s\nto contain\n%s", (hay), (needle))

/* ---- exact messages ----------------------------------------------------- */

START_TEST(misspelt_keyword)
{
    ck_assert_str_eq(parse_err("SELECT * FRM t"),
                     "job.sql:1:10: SQL parse failed. Encountered \"FRM\" at line 1, column 10.\n"
                     "Was expecting one of: \",\", \"FROM\", \";\", <EOF>\n"
                     "Did you mean \"FROM\"?\n"
                     "    1 | SELECT * FRM t\n"
                     "      |          ^~~");
}
END_TEST

START_TEST(table_of_a_subquery_is_not_a_table_argument)
{
    /* Flink's grammar: TABLE names a table; a subquery stands as (SELECT ...) [PARTITION BY ..] */
    ck_assert_str_eq(parse_err("SELECT * FROM f(input => TABLE(SELECT * FROM t) PARTITION BY k)"),
                     "job.sql:1:31: SQL parse failed. Encountered \"(\" at line 1, column 31.\n"
                     "Was expecting: an identifier\n"
                     "    1 | SELECT * FROM f(input => TABLE(SELECT * FROM t) PARTITION BY k)\n"
                     "      |                               ^");
    sqlp_script_t *s = NULL;
    ck_assert_int_eq(sqlp_parse_script("SELECT * FROM f(input => (SELECT * FROM t) PARTITION BY k)", "job.sql", &arena,
                                       &s, err, sizeof err), 0);
}
END_TEST

START_TEST(misspelt_keyword_read_as_alias)
{
    ck_assert_str_eq(parse_err("SELECT a\nFROM t WEHRE a > 1"),
                     "job.sql:2:14: SQL parse failed. Encountered \"a\" at line 2, column 14.\n"
                     "Was expecting one of: \"WHERE\", \";\", <EOF>\n"
                     "\"WEHRE\" was read as an alias of what precedes it; did you mean \"WHERE\"?\n"
                     "    2 | FROM t WEHRE a > 1\n"
                     "      |              ^");
}
END_TEST

START_TEST(reserved_word_as_column_name)
{
    ck_assert_str_eq(parse_err("CREATE TABLE sensor_readings (\n"
                               "  sensor_id INT,\n"
                               "  value DOUBLE\n"
                               ")"),
                     "job.sql:3:3: SQL parse failed. Encountered \"value\" at line 3, column 3.\n"
                     "Was expecting one of: \"WATERMARK\", \"PRIMARY\", \"CONSTRAINT\", an identifier\n"
                     "\"value\" is a reserved keyword in Flink SQL; to use it as a name, quote it with backticks: "
                     "`value`\n"
                     "    3 |   value DOUBLE\n"
                     "      |   ^~~~~");
    /* The same word in a query. */
    ck_assert_contains(parse_err("SELECT value FROM t"), "job.sql:1:8: SQL parse failed. Encountered \"value\"");
    ck_assert_contains(err, "quote it with backticks: `value`");
}
END_TEST

START_TEST(unsupported_statement_names_alternatives)
{
    ck_assert_str_eq(parse_err("SET 'a' = 'b';\nALTER TABLE t ADD c INT;"),
                     "job.sql:2:1: unsupported statement: ALTER TABLE (supported: CREATE TABLE, CREATE VIEW, "
                     "CREATE FUNCTION, DROP TABLE, DROP VIEW, DROP FUNCTION, ADD JAR, SHOW TABLES, SHOW [USER] "
                     "FUNCTIONS, DESCRIBE, SET, RESET, USE, SELECT, INSERT INTO, EXECUTE STATEMENT SET, CREATE / "
                     "DROP CATALOG and DATABASE, USE CATALOG, SHOW CATALOGS / DATABASES / CURRENT CATALOG / CURRENT "
                     "DATABASE / CREATE TABLE)\n"
                     "    2 | ALTER TABLE t ADD c INT;\n"
                     "      | ^~~~~");
}
END_TEST

START_TEST(unsupported_watermark_expression)
{
    ck_assert_str_eq(parse_err("CREATE TABLE t (\n  ts TIMESTAMP(3),\n  WATERMARK FOR ts AS ts + INTERVAL '1' SECOND\n)"),
                     "job.sql:3:23: unsupported watermark expression: ts + INTERVAL '1' SECOND (supported: "
                     "WATERMARK FOR ts AS ts, or WATERMARK FOR ts AS ts - INTERVAL 'n' unit, e.g. INTERVAL '5' "
                     "SECOND)\n"
                     "    3 |   WATERMARK FOR ts AS ts + INTERVAL '1' SECOND\n"
                     "      |                       ^~~~~~~~~~~~~~~~~~~~~~~~");
}
END_TEST

START_TEST(lexical_errors)
{
    ck_assert_str_eq(parse_err("SELECT *\nFROM t WHERE s = 'abc\n"),
                     "job.sql:2:18: SQL parse failed. Lexical error at line 2, column 18: unterminated string "
                     "literal: missing closing ' (write '' for a quote inside a string)\n"
                     "    2 | FROM t WHERE s = 'abc\n"
                     "      |                  ^");
    ck_assert_contains(parse_err("SELECT \"name\" FROM t"), "job.sql:1:8: SQL parse failed. Lexical error at line 1, "
                                                            "column 8: unexpected character '\"': Flink SQL writes "
                                                            "strings in single quotes");
    ck_assert_contains(parse_err("SELECT 1 /* never closed"), "job.sql:1:10: SQL parse failed. Lexical error at "
                                                              "line 1, column 10: unterminated comment");
    ck_assert_contains(parse_err("SELECT `a FROM t"), "job.sql:1:8: SQL parse failed. Lexical error at line 1, "
                                                      "column 8: unterminated quoted identifier");
    ck_assert_contains(parse_err("SELECT a # b FROM t"), "job.sql:1:10: SQL parse failed. Lexical error at line 1, "
                                                         "column 10: unexpected character '#'");
    ck_assert_contains(parse_err("SELECT 12abc FROM t"), "job.sql:1:8: SQL parse failed. Lexical error");
    ck_assert_contains(parse_err("SELECT X'0g' FROM t"), "job.sql:1:11: SQL parse failed. Lexical error at line 1, "
                                                         "column 11: binary string literal");

    sqlp_script_t *s = NULL;
    const char with_nul[] = "SELECT 1\0 FROM t";
    ck_assert_int_eq(sqlp_parse_script_n(with_nul, sizeof with_nul - 1, "job.sql", &arena, &s, err, sizeof err), -1);
    ck_assert_contains(err, "job.sql:1:9: SQL parse failed. Lexical error at line 1, column 9: unexpected NUL byte");
}
END_TEST

/* A NUL byte is reported as what it is, where it is - also inside a string,
 * a quoted name or a comment, which used to read it as their end. */
static const char *parse_err_n(const char *sql, size_t len)
{
    sqlp_script_t *s = NULL;
    ck_assert_int_eq(sqlp_parse_script_n(sql, len, "job.sql", &arena, &s, err, sizeof err), -1);
    return err;
}

START_TEST(nul_bytes_are_named_with_their_position)
{
    static const char in_string[] = "SELECT *\nFROM t WHERE s = 'a\0b';";
    ck_assert_contains(parse_err_n(in_string, sizeof in_string - 1),
                       "job.sql:2:20: SQL parse failed. Lexical error at line 2, column 20: a NUL byte (0x00) inside "
                       "a string literal (is this a text file?)\n"
                       "    2 | FROM t WHERE s = 'a\xE2\x90\x80" "b';\n"   /* shown as U+2400 */
                       "      |                    ^");
    /* the text (a NUL at [k]) and what the message says after "Lexical error at " */
    static const struct { const char *sql; size_t len; const char *says; } more[] = {
        {"SELECT `a\0` FROM t", 18, "line 1, column 10: a NUL byte (0x00) inside a quoted identifier"},
        {"SELECT 1 /* a\0 */ FROM t", 24, "line 1, column 14: a NUL byte (0x00) inside a comment"},
        {"SELECT 1 -- a\0\nFROM t", 21, "line 1, column 14: a NUL byte (0x00) inside a comment"},
        {"SELECT X'0\0' FROM t", 19, "line 1, column 11: a NUL byte (0x00) inside a binary string literal"},
    };
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++)
        ck_assert_contains(parse_err_n(more[i].sql, more[i].len), more[i].says);
}
END_TEST

/* ---- positions ---------------------------------------------------------- */

START_TEST(end_of_input_points_after_last_token)
{
    ck_assert_str_eq(parse_err("SELECT * FROM t;\n-- the next one is cut off\nSELECT *\nFROM\n\n-- trailing\n"),
                     "job.sql:4:5: SQL parse failed. Encountered \"<EOF>\" at line 4, column 5.\n"
                     "Was expecting one of: \"TABLE\", \"(\", an identifier\n"
                     "    4 | FROM\n"
                     "      |     ^");
}
END_TEST

START_TEST(caret_follows_tabs_and_characters)
{
    /* Tabs are copied into the caret line; 'é' is one column. */
    ck_assert_str_eq(parse_err("SELECT\t'é',\tx\tFRM t"),
                     "job.sql:1:19: SQL parse failed. Encountered \"t\" at line 1, column 19.\n"
                     "Was expecting one of: \",\", \"FROM\", \";\", <EOF>\n"
                     "\"FRM\" was read as an alias of what precedes it; did you mean \"FROM\"?\n"
                     "    1 | SELECT\t'é',\tx\tFRM t\n"
                     "      |       \t    \t \t    ^");
}
END_TEST

START_TEST(long_line_is_windowed)
{
    char sql[600];
    int n = snprintf(sql, sizeof sql, "SELECT ");
    for (int i = 0; i < 40; i++)
        n += snprintf(sql + n, sizeof sql - (size_t)n, "col%02d, ", i);
    snprintf(sql + n, sizeof sql - (size_t)n, "oops oops oops FROM t");
    const char *e = parse_err(sql);
    ck_assert_contains(e, "job.sql:1:298: SQL parse failed. Encountered \"oops\" at line 1, column 298.");
    /* The excerpt is cut around the column and the caret still lands under it. */
    const char *line = strstr(e, "\n    1 | ...");
    ck_assert_ptr_nonnull(line);
    const char *caret_line = strchr(line + 1, '\n');
    ck_assert_ptr_nonnull(caret_line);
    size_t caret = (size_t)(strchr(caret_line, '^') - caret_line);
    ck_assert_int_eq(strncmp(line + caret, "oops", 4), 0);
    ck_assert_int_lt(caret_line - line, 170);
}
END_TEST

START_TEST(errors_in_calls_point_at_the_argument)
{
    ck_assert_contains(parse_err("SELECT * FROM f(\n  input => TABLE t PARTITION BY,\n  uid => 'x')"),
                       "job.sql:2:32: SQL parse failed. Encountered \",\" at line 2, column 32.\n"
                       "Was expecting: an identifier");
    ck_assert_contains(parse_err("SELECT * FROM f(a => 1 b => 2)"),
                       "job.sql:1:24: SQL parse failed. Encountered \"b\" at line 1, column 24.");
    ck_assert_contains(parse_err("SELECT * FROM f(TABLE t ORDER BY (ts ASCENDING))"),
                       "job.sql:1:38: SQL parse failed. Encountered \"ASCENDING\" at line 1, column 38.");
    ck_assert_contains(parse_err("SELECT * FROM f(x => MAP['a'])"),
                       "job.sql:1:22: SQL parse failed. MAP[...] needs an even number of arguments");
    ck_assert_contains(parse_err("SELECT CAST(a AS) FROM t"),
                       "job.sql:1:17: SQL parse failed. Encountered \")\" at line 1, column 17.\n"
                       "Was expecting: a data type");
}
END_TEST

START_TEST(ddl_rules)
{
    ck_assert_str_eq(parse_err("CREATE TABLE t (a INT PRIMARY KEY)"),
                     "job.sql:1:23: Flink doesn't support ENFORCED mode for PRIMARY KEY constraint. ENFORCED/NOT "
                     "ENFORCED controls if the constraint checks are performed on the incoming/outgoing data. Flink "
                     "does not own the data therefore the only supported mode is the NOT ENFORCED mode\n"
                     "(write PRIMARY KEY ... NOT ENFORCED)\n"
                     "    1 | CREATE TABLE t (a INT PRIMARY KEY)\n"
                     "      |                       ^~~~~~~");
    ck_assert_contains(parse_err("CREATE TABLE t (a INT PRIMARY KEY NOT ENFORCED, PRIMARY KEY (a) NOT ENFORCED)"),
                       "job.sql:1:49: Duplicate primary key definition");
    ck_assert_contains(parse_err("CREATE TABLE t (a TIMESTAMP(3), WATERMARK FOR a AS a, WATERMARK FOR a AS a)"),
                       "job.sql:1:55: Multiple WATERMARK statements is not supported yet.");
    ck_assert_contains(parse_err("CREATE TABLE t (a INT, UNIQUE (a))"), "job.sql:1:24: UNIQUE constraint is not "
                                                                        "supported yet");
    ck_assert_contains(parse_err("CREATE TABLE t WITH ('connector' = 'datagen')"),
                       "job.sql:1:14: CREATE TABLE t has no columns");
    ck_assert_contains(parse_err("CREATE TABLE t (a INT) WITH ('connector' = 'x') LIKE u"),
                       "job.sql:1:49: unsupported: CREATE TABLE ... LIKE");
    ck_assert_contains(parse_err("CREATE TABLE t WITH ('connector' = 'x') AS SELECT * FROM u"),
                       "job.sql:1:41: unsupported: CREATE TABLE ... AS SELECT");
    ck_assert_contains(parse_err("CREATE TABLE t (a INT) WITH (connector = 'x')"),
                       "Table options are string literals: WITH ('connector' = 'filesystem', ...)");
    ck_assert_contains(parse_err("CREATE TABLE t (a INT,)"), "job.sql:1:23: SQL parse failed. Encountered \")\"");
    ck_assert_contains(parse_err("CREATE TABLE t (a , b INT)"),
                       "job.sql:1:19: SQL parse failed. Encountered \",\" at line 1, column 19.\n"
                       "Was expecting one of: \"AS\", a data type");
    ck_assert_contains(parse_err("CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' MONTH)"),
                       "job.sql:1:59: unsupported watermark delay INTERVAL '1' MONTH");
    ck_assert_contains(parse_err("CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '-5' SECOND)"),
                       "job.sql:1:54: unsupported watermark expression: ts - INTERVAL '-5' SECOND is ahead");
    ck_assert_contains(parse_err("CREATE SYSTEM FUNCTION f AS 'x'"),
                       "job.sql:1:8: CREATE SYSTEM FUNCTION is not supported, system functions can only be registered "
                       "as temporary function, you can use CREATE TEMPORARY SYSTEM FUNCTION instead.");
    ck_assert_contains(parse_err("CREATE FUNCTION f AS com.example.F"),
                       "job.sql:1:22: SQL parse failed. Encountered \"com\" at line 1, column 22.\n"
                       "Was expecting: a string literal\n"
                       "The class is a string literal");
    ck_assert_contains(parse_err("CREATE FUNCTION f AS 'x' LANGUAGE RUST"),
                       "Was expecting one of: \"JAVA\", \"SCALA\", \"PYTHON\"");
    ck_assert_contains(parse_err("CREATE OR REPLACE VIEW v AS SELECT 1"),
                       "job.sql:1:1: unsupported statement: CREATE OR REPLACE");
    ck_assert_contains(parse_err("CREATE MODEL m WITH ('provider' = 'x')"),
                       "job.sql:1:8: unsupported statement: CREATE MODEL");
    ck_assert_contains(parse_err("CREATE CATALOG c"), "CREATE CATALOG c WITH ('type' = 'generic_in_memory')");
}
END_TEST

START_TEST(unsupported_query_features)
{
    static const struct {
        const char *sql, *want;
    } cases[] = {
        {"SELECT * FROM a JOIN b ON a.x = b.x", "job.sql:1:17: unsupported: joins"},
        {"SELECT * FROM a, b", "job.sql:1:16: unsupported: joins"},
        {"SELECT * FROM a LEFT JOIN b ON TRUE", "job.sql:1:17: unsupported: joins"},
        {"SELECT * FROM t MATCH_RECOGNIZE (PARTITION BY a ORDER BY ts PATTERN (A) DEFINE A AS TRUE)",
         "job.sql:1:17: unsupported: MATCH_RECOGNIZE"},
        {"SELECT * FROM t UNION SELECT * FROM u", "job.sql:1:17: unsupported: set operations other than UNION ALL"},
        {"SELECT * FROM t UNION ALL SELECT * FROM u EXCEPT SELECT * FROM v", "job.sql:1:43: unsupported: set operations"},
        {"SELECT * FROM t ORDER BY a", "job.sql:1:17: unsupported: ORDER BY on a query"},
        {"SELECT * FROM t LIMIT 10", "job.sql:1:17: unsupported: LIMIT / OFFSET / FETCH"},
        {"SELECT DISTINCT a FROM t", "job.sql:1:8: unsupported: SELECT DISTINCT"},
        {"SELECT * FROM t WHERE a IN (SELECT b FROM u)", "job.sql:1:29: unsupported: IN with a subquery"},
        {"SELECT (SELECT 1) FROM t", "job.sql:1:9: unsupported: a subquery inside an expression"},
        {"SELECT COUNT(*) OVER (PARTITION BY a) FROM t", "job.sql:1:17: unsupported: OVER windows"},
        {"SELECT * FROM t, LATERAL TABLE(f(a))", "job.sql:1:16: unsupported: joins"},
        {"SELECT * FROM LATERAL TABLE(f(a))", "job.sql:1:15: unsupported: LATERAL TABLE"},
        {"SELECT * FROM t FOR SYSTEM_TIME AS OF ts", "job.sql:1:17: unsupported: FOR SYSTEM_TIME AS OF"},
        {"SELECT /*+ OPTIONS('a'='b') */ * FROM t", "job.sql:1:8: unsupported: SQL hints"},
        {"INSERT OVERWRITE t SELECT 1", "job.sql:1:8: unsupported: INSERT OVERWRITE"},
        {"WITH RECURSIVE a AS (SELECT 1) SELECT * FROM a", "job.sql:1:6: unsupported: WITH RECURSIVE"},
        {"SELECT * FROM t WHERE a = ?", "job.sql:1:27: unsupported: dynamic parameters"},
        {"SHOW JOBS", "job.sql:1:1: unsupported statement: SHOW JOBS"},
        {"SHOW TABLES FROM db", "job.sql:1:13: unsupported: SHOW ... FROM/IN"},
        {"DESCRIBE FUNCTION f", "job.sql:1:10: unsupported statement: DESCRIBE FUNCTION"},
        {"USE MODULES core", "job.sql:1:5: unsupported statement: USE MODULES"},
        {"EXPLAIN SELECT 1", "job.sql:1:1: unsupported statement: EXPLAIN"},
        {"DROP MODEL m", "job.sql:1:6: unsupported statement: DROP MODEL"},
        {"EXECUTE PLAN '/tmp/p.json'", "job.sql:1:1: unsupported statement: EXECUTE PLAN"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_contains(parse_err(cases[i].sql), cases[i].want);
    /* "unsupported" messages say what ptfhost runs instead. */
    ck_assert_contains(parse_err("SELECT DISTINCT a FROM t"),
                       "(ptfhost runs SELECT ... FROM one table, view, subquery, VALUES or function call, with an "
                       "optional WHERE)");
}
END_TEST

START_TEST(statement_structure)
{
    ck_assert_contains(parse_err("SELECT 1 FROM t SELECT 2"),
                       "job.sql:1:17: SQL parse failed. Encountered \"SELECT\" at line 1, column 17.");
    ck_assert_contains(parse_err("SELEKT * FROM t"), "Did you mean \"SELECT\"?");
    ck_assert_contains(parse_err("BEGIN STATEMENT SET;\nINSERT INTO a SELECT * FROM b;\n"),
                       "job.sql:1:1: SQL parse failed. The statement set started here has no END");
    ck_assert_contains(parse_err("BEGIN STATEMENT SET;\nSELECT 1;\nEND;"),
                       "job.sql:2:1: SQL parse failed. Encountered \"SELECT\" at line 2, column 1.");
    ck_assert_contains(err, "A statement set contains only INSERT INTO statements");
    ck_assert_contains(parse_err("END;"), "job.sql:1:1: SQL parse failed. END without BEGIN STATEMENT SET");
    ck_assert_contains(parse_err("SET table.exec.state.ttl = '1h'"),
                       "job.sql:1:5: SQL parse failed. Encountered \"table\"");
    ck_assert_contains(err, "Write SET 'key' = 'value' (both quoted).");
    ck_assert_contains(parse_err("SELECT INTERVAL '1:70' HOUR TO MINUTE FROM t"),
                       "job.sql:1:17: Illegal interval literal format '1:70' for INTERVAL HOUR TO MINUTE (write e.g. "
                       "INTERVAL '12:30' HOUR TO MINUTE)");
    ck_assert_contains(parse_err("SELECT INTERVAL '1' SECOND TO DAY FROM t"),
                       "job.sql:1:8: SQL parse failed. Illegal interval qualifier INTERVAL SECOND TO DAY");
    ck_assert_contains(parse_err("SELECT INTERVAL 5 SECOND FROM t"), "An interval is written INTERVAL 'n' unit");
    ck_assert_contains(parse_err("SELECT INTERVAL '5' SECUND FROM t"), "Did you mean \"SECOND\"?");
}
END_TEST

START_TEST(deep_nesting_is_an_error_not_a_crash)
{
    static char sql[20000];
    size_t n = (size_t)snprintf(sql, sizeof sql, "SELECT ");
    for (int i = 0; i < 5000; i++)
        sql[n++] = '(';
    sql[n++] = '1';
    for (int i = 0; i < 5000; i++)
        sql[n++] = ')';
    sql[n] = '\0';
    ck_assert_contains(parse_err(sql), "nested too deeply");
    /* Nesting well within the limit parses. */
    sqlp_script_t *s;
    ck_assert_int_eq(sqlp_parse_script("SELECT ((((((((((1)))))))))) FROM t", NULL, &arena, &s, err, sizeof err), 0);
}
END_TEST

/* ---- the formatter the planner reuses ---------------------------------- */

START_TEST(format_error_at_a_node)
{
    sqlp_script_t *s;
    ck_assert_int_eq(sqlp_parse_script("SELECT *\nFROM Median(input => TABLE readings PARTITION BY sensor)",
                                       "median.sql", &arena, &s, err, sizeof err),
                     0);
    const sqlp_table_arg_t *ta = &s->stmts[0]->u.query->from->call->u.call.args[0].value->u.table;
    const sqlp_ident_t *col = &ta->partition_by[0];
    char msg[512];
    sqlp_format_error(s, col->pos, strlen(col->name), msg, sizeof msg,
                      "Invalid column '%s' for PARTITION BY clause. Available columns are: [%s, %s]", col->name,
                      "sensor_id", "temperature");
    ck_assert_str_eq(msg, "median.sql:2:50: Invalid column 'sensor' for PARTITION BY clause. Available columns are: "
                          "[sensor_id, temperature]\n"
                          "    2 | FROM Median(input => TABLE readings PARTITION BY sensor)\n"
                          "      |                                                  ^~~~~~");
    /* Without a file name the location is spelled out. */
    ck_assert_int_eq(sqlp_parse_script("SELECT 1", NULL, &arena, &s, err, sizeof err), 0);
    sqlp_format_error(s, s->stmts[0]->text.pos, 0, msg, sizeof msg, "bad");
    ck_assert_str_eq(msg, "line 1, column 1: bad\n    1 | SELECT 1\n      | ^");
}
END_TEST

START_TEST(small_error_buffers_are_truncated_safely)
{
    sqlp_script_t *s = NULL;
    char small[24];
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(sqlp_parse_script("SELECT * FRM t", "job.sql", &arena, &s, small, sizeof small), -1);
    ck_assert_int_eq(strlen(small), sizeof small - 1);
    ck_assert_str_eq(small, "job.sql:1:10: SQL parse");
    char one[1] = {'x'};
    ck_assert_int_eq(sqlp_parse_script("SELECT * FRM t", "job.sql", &arena, &s, one, sizeof one), -1);
    ck_assert_int_eq(one[0], '\0');
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("sql_errors");
    TCase *tc = tcase_create("errors");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, misspelt_keyword);
    tcase_add_test(tc, misspelt_keyword_read_as_alias);
    tcase_add_test(tc, table_of_a_subquery_is_not_a_table_argument);
    tcase_add_test(tc, reserved_word_as_column_name);
    tcase_add_test(tc, unsupported_statement_names_alternatives);
    tcase_add_test(tc, unsupported_watermark_expression);
    tcase_add_test(tc, lexical_errors);
    tcase_add_test(tc, nul_bytes_are_named_with_their_position);
    tcase_add_test(tc, end_of_input_points_after_last_token);
    tcase_add_test(tc, caret_follows_tabs_and_characters);
    tcase_add_test(tc, long_line_is_windowed);
    tcase_add_test(tc, errors_in_calls_point_at_the_argument);
    tcase_add_test(tc, ddl_rules);
    tcase_add_test(tc, unsupported_query_features);
    tcase_add_test(tc, statement_structure);
    tcase_add_test(tc, deep_nesting_is_an_error_not_a_crash);
    tcase_add_test(tc, format_error_at_a_node);
    tcase_add_test(tc, small_error_buffers_are_truncated_safely);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

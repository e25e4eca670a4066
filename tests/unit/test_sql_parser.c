/* SQL front end: every statement form parses into the tree the planner
 * expects (checked through the stable S-expression dump), every SQL example
 * of the seed pages parses verbatim, and operators bind with SQL's
 * precedence. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sql/sql.h"
#include "types/types.h"

static arena_t arena;
static char err[4096];
static buf_t out;

static void setup(void)
{
    arena_init(&arena, 0);
    buf_clear(&out);
}

static void teardown(void)
{
    arena_destroy(&arena);
    buf_free(&out);
}

/* Parses `sql` (must succeed) and returns the script. */
static sqlp_script_t *parse_ok(const char *sql)
{
    sqlp_script_t *s = NULL;
    int rc = sqlp_parse_script(sql, "test.sql", &arena, &s, err, sizeof err);
    ck_assert_msg(rc == 0, "parse failed for:\n%s\n%s", sql, err);
    return s;
}

/* The dump of all statements of `sql`, one per line. */
static const char *dump(const char *sql)
{
    sqlp_script_t *s = parse_ok(sql);
    buf_clear(&out);
    for (int i = 0; i < s->nstmts; i++) {
        if (i)
            buf_putc(&out, '\n');
        sqlp_dump_stmt(&out, s->stmts[i]);
    }
    return buf_cstr(&out);
}

/* The dump of the single expression in "SELECT <expr> FROM t". */
static const char *expr(const char *e)
{
    char sql[1024];
    snprintf(sql, sizeof sql, "SELECT %s FROM t", e);
    sqlp_script_t *s = parse_ok(sql);
    ck_assert_int_eq(s->nstmts, 1);
    ck_assert_int_eq(s->stmts[0]->kind, SQLP_STMT_QUERY);
    ck_assert_int_eq(s->stmts[0]->u.query->nitems, 1);
    buf_clear(&out);
    sqlp_dump_expr(&out, s->stmts[0]->u.query->items[0].expr);
    return buf_cstr(&out);
}

/* ---- the seed pages' SQL, verbatim ------------------------------------- */

START_TEST(seed_threshold_filter_call)
{
    ck_assert_str_eq(dump("SELECT *\n"
                          "FROM ThresholdFilter(\n"
                          "    input     => TABLE sensor_readings PARTITION BY sensor_id,\n"
                          "    threshold => 100.0\n"
                          ");\n"),
                     "(SELECT * (FROM (call ThresholdFilter (=> input (TABLE sensor_readings (PARTITION BY "
                     "sensor_id))) (=> threshold 100.0))))");
}
END_TEST

START_TEST(seed_median_script)
{
    const char *sql = "CREATE FUNCTION Median\n"
                      "AS 'com.example.Median'\n"
                      "USING JAR '<your-artifact-uri>';\n"
                      "\n"
                      "CREATE TABLE temperature_readings (\n"
                      "  sensor_id INT,\n"
                      "  temperature DOUBLE,\n"
                      "  ts TIMESTAMP(3),\n"
                      "  WATERMARK FOR ts AS ts\n"
                      ");\n"
                      "\n"
                      "SELECT *\n"
                      "FROM Median(\n"
                      "  input        => TABLE temperature_readings PARTITION BY sensor_id,\n"
                      "  numTrailing  => 3,\n"
                      "  uid          => 'median-v1'\n"
                      ");\n";
    ck_assert_str_eq(dump(sql),
                     "(CREATE FUNCTION Median 'com.example.Median' LANGUAGE JAVA (USING JAR '<your-artifact-uri>'))\n"
                     "(CREATE TABLE temperature_readings (COLUMN sensor_id \"INT\") (COLUMN temperature \"DOUBLE\") "
                     "(COLUMN ts \"TIMESTAMP(3)\") (WATERMARK FOR ts AS ts source=ts delay=0ms))\n"
                     "(SELECT * (FROM (call Median (=> input (TABLE temperature_readings (PARTITION BY sensor_id))) "
                     "(=> numTrailing 3) (=> uid 'median-v1'))))");

    /* The tree, not just its dump: what the planner reads. */
    sqlp_script_t *s = parse_ok(sql);
    ck_assert_int_eq(s->nstmts, 3);
    const sqlp_create_table_t *ct = &s->stmts[1]->u.create_table;
    ck_assert_int_eq(ct->ncols, 3);
    ck_assert_str_eq(ct->cols[2].type.text, "TIMESTAMP(3)");
    ck_assert_int_eq(ct->cols[2].type.pos.line, 8);
    ck_assert_int_eq(ct->cols[2].type.pos.col, 6);
    ck_assert_int_eq(ct->watermark->delay_ms, 0);
    ck_assert_str_eq(ct->watermark->column.name, "ts");
    const sqlp_query_t *q = s->stmts[2]->u.query;
    ck_assert_int_eq(q->from->kind, SQLP_FROM_CALL);
    const sqlp_expr_t *call = q->from->call;
    ck_assert_int_eq(call->u.call.nargs, 3);
    ck_assert_str_eq(call->u.call.args[1].name->name, "numTrailing");
    ck_assert_int_eq(call->u.call.args[1].value->u.lit.kind, SQLP_LIT_INTEGER);
    ck_assert(call->u.call.args[1].value->u.lit.fits_int64);
    ck_assert_int_eq(call->u.call.args[1].value->u.lit.i, 3);
    ck_assert_int_eq(call->u.call.args[0].value->kind, SQLP_E_TABLE_ARG);
    ck_assert_int_eq(call->u.call.args[0].value->pos.line, 14);
    ck_assert_int_eq(call->u.call.args[0].value->pos.col, 19);
    /* Statement text spans exclude the ';'. */
    ck_assert_str_eq(s->stmts[0]->text.text, "CREATE FUNCTION Median\nAS 'com.example.Median'\nUSING JAR '<your-artifact-uri>'");
    ck_assert_int_eq(s->stmts[2]->text.pos.line, 12);
}
END_TEST

START_TEST(seed_inactivity_alert)
{
    ck_assert_str_eq(dump("CREATE FUNCTION InactivityAlert\n"
                          "AS 'com.example.InactivityAlert'\n"
                          "USING JAR '<your-artifact-uri>';\n"
                          "\n"
                          "SELECT *\n"
                          "FROM InactivityAlert(\n"
                          "    input => TABLE user_events PARTITION BY user_id,\n"
                          "    on_time => DESCRIPTOR(event_time),\n"
                          "    uid => 'inactivity-v1'\n"
                          ");\n"),
                     "(CREATE FUNCTION InactivityAlert 'com.example.InactivityAlert' LANGUAGE JAVA (USING JAR "
                     "'<your-artifact-uri>'))\n"
                     "(SELECT * (FROM (call InactivityAlert (=> input (TABLE user_events (PARTITION BY user_id))) "
                     "(=> on_time (DESCRIPTOR event_time)) (=> uid 'inactivity-v1'))))");
}
END_TEST

START_TEST(seed_ttl_countdown_and_pass_through)
{
    ck_assert_str_eq(dump("CREATE FUNCTION TtlCountdown\n"
                          "AS 'com.example.TtlCountdown'\n"
                          "USING JAR '<your-artifact-uri>';\n"),
                     "(CREATE FUNCTION TtlCountdown 'com.example.TtlCountdown' LANGUAGE JAVA (USING JAR "
                     "'<your-artifact-uri>'))");
    ck_assert_str_eq(dump("SELECT *\n"
                          "FROM TtlCountdown(\n"
                          "    input => TABLE examples.marketplace.clicks PARTITION BY user_id,\n"
                          "    uid => 'ttl-countdown-v1'\n"
                          ");\n"),
                     "(SELECT * (FROM (call TtlCountdown (=> input (TABLE examples.marketplace.clicks (PARTITION BY "
                     "user_id))) (=> uid 'ttl-countdown-v1'))))");
    ck_assert_str_eq(dump("CREATE FUNCTION PassThroughEnrich\n"
                          "AS 'com.example.PassThroughEnrich'\n"
                          "USING JAR '<your-artifact-uri>';\n"
                          "SELECT *\n"
                          "FROM PassThroughEnrich(\n"
                          "    input => TABLE examples.marketplace.clicks PARTITION BY user_id,\n"
                          "    uid   => 'pass-through-enrich-v1'\n"
                          ");\n"),
                     "(CREATE FUNCTION PassThroughEnrich 'com.example.PassThroughEnrich' LANGUAGE JAVA (USING JAR "
                     "'<your-artifact-uri>'))\n"
                     "(SELECT * (FROM (call PassThroughEnrich (=> input (TABLE examples.marketplace.clicks "
                     "(PARTITION BY user_id))) (=> uid 'pass-through-enrich-v1'))))");
}
END_TEST

START_TEST(seed_mt_control_stream)
{
    ck_assert_str_eq(dump("CREATE FUNCTION MtControlStream\n"
                          "AS 'com.example.MtControlStream'\n"
                          "USING JAR '<your-artifact-uri>';\n"
                          "SELECT *\n"
                          "FROM MtControlStream(\n"
                          "    events  => TABLE events  PARTITION BY tenant_id,\n"
                          "    control => TABLE control PARTITION BY tenant_id,\n"
                          "    uid     => 'mt-control-stream-v1'\n"
                          ");\n"),
                     "(CREATE FUNCTION MtControlStream 'com.example.MtControlStream' LANGUAGE JAVA (USING JAR "
                     "'<your-artifact-uri>'))\n"
                     "(SELECT * (FROM (call MtControlStream (=> events (TABLE events (PARTITION BY tenant_id))) "
                     "(=> control (TABLE control (PARTITION BY tenant_id))) (=> uid 'mt-control-stream-v1'))))");
}
END_TEST

START_TEST(seed_changelog_auditor)
{
    ck_assert_str_eq(dump("CREATE FUNCTION ChangelogAuditor\n"
                          "AS 'com.example.ChangelogAuditor'\n"
                          "USING JAR '<your-artifact-uri>';\n"
                          "CREATE TABLE currency_rates (\n"
                          "    currency    STRING,\n"
                          "    rate        DECIMAL(10, 4),\n"
                          "    update_time TIMESTAMP(3),\n"
                          "    PRIMARY KEY (currency) NOT ENFORCED\n"
                          ");\n"
                          "\n"
                          "SELECT *\n"
                          "FROM ChangelogAuditor(\n"
                          "    input => TABLE currency_rates PARTITION BY currency,\n"
                          "    uid   => 'changelog-auditor-v1'\n"
                          ");\n"),
                     "(CREATE FUNCTION ChangelogAuditor 'com.example.ChangelogAuditor' LANGUAGE JAVA (USING JAR "
                     "'<your-artifact-uri>'))\n"
                     "(CREATE TABLE currency_rates (COLUMN currency \"STRING\") (COLUMN rate \"DECIMAL(10, 4)\") "
                     "(COLUMN update_time \"TIMESTAMP(3)\") (PRIMARY KEY currency))\n"
                     "(SELECT * (FROM (call ChangelogAuditor (=> input (TABLE currency_rates (PARTITION BY "
                     "currency))) (=> uid 'changelog-auditor-v1'))))");
}
END_TEST

START_TEST(seed_running_max)
{
    ck_assert_str_eq(dump("CREATE FUNCTION RunningMax\n"
                          "AS 'com.example.RunningMax'\n"
                          "USING JAR '<your-artifact-uri>';\n"
                          "CREATE TABLE rate_observations (\n"
                          "    currency STRING,\n"
                          "    rate     DECIMAL(10, 4)\n"
                          ");\n"
                          "\n"
                          "CREATE TABLE max_rate (\n"
                          "    currency STRING PRIMARY KEY NOT ENFORCED,\n"
                          "    max_rate DECIMAL(10, 4)\n"
                          ");\n"
                          "\n"
                          "INSERT INTO max_rate\n"
                          "SELECT *\n"
                          "FROM RunningMax(\n"
                          "    input => TABLE rate_observations PARTITION BY currency,\n"
                          "    uid   => 'running-max-v1'\n"
                          ");\n"),
                     "(CREATE FUNCTION RunningMax 'com.example.RunningMax' LANGUAGE JAVA (USING JAR "
                     "'<your-artifact-uri>'))\n"
                     "(CREATE TABLE rate_observations (COLUMN currency \"STRING\") (COLUMN rate \"DECIMAL(10, 4)\"))\n"
                     "(CREATE TABLE max_rate (COLUMN currency \"STRING\" PRIMARY KEY) (COLUMN max_rate \"DECIMAL(10, "
                     "4)\") (PRIMARY KEY currency))\n"
                     "(INSERT INTO max_rate (SELECT * (FROM (call RunningMax (=> input (TABLE rate_observations "
                     "(PARTITION BY currency))) (=> uid 'running-max-v1')))))");
}
END_TEST

START_TEST(seed_cmf_page)
{
    ck_assert_str_eq(dump("CREATE FUNCTION long_views AS 'com.example.LongViews' USING JAR 'cmf://prod/ptfs.jar';"),
                     "(CREATE FUNCTION long_views 'com.example.LongViews' LANGUAGE JAVA (USING JAR "
                     "'cmf://prod/ptfs.jar'))");
    ck_assert_str_eq(dump("CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR "
                          "'cmf://prod/ptfs.jar';\n\nSHOW USER FUNCTIONS;\n"),
                     "(CREATE FUNCTION count_clicks 'com.example.CountClicks' LANGUAGE JAVA (USING JAR "
                     "'cmf://prod/ptfs.jar'))\n(SHOW USER FUNCTIONS)");
    ck_assert_str_eq(dump("SELECT * FROM long_views(input => TABLE examples.marketplace.clicks, min_view_time => "
                          "100);"),
                     "(SELECT * (FROM (call long_views (=> input (TABLE examples.marketplace.clicks)) (=> "
                     "min_view_time 100))))");
    ck_assert_str_eq(dump("SELECT * FROM count_clicks(input => TABLE examples.marketplace.clicks PARTITION BY "
                          "user_id);"),
                     "(SELECT * (FROM (call count_clicks (=> input (TABLE examples.marketplace.clicks (PARTITION "
                     "BY user_id))))))");
    ck_assert_str_eq(dump("SELECT a FROM t UNION ALL SELECT b FROM u UNION ALL VALUES (1);"),
                     "(SELECT a (FROM t)) (UNION ALL (SELECT b (FROM u)) (UNION ALL (VALUES (1))))");
    /* The page's syntax line, with and without the optional part. */
    ck_assert_str_eq(dump("DROP FUNCTION IF EXISTS function_name;\nDROP FUNCTION function_name;"),
                     "(DROP FUNCTION IF EXISTS function_name)\n(DROP FUNCTION function_name)");
}
END_TEST

/* ---- statements -------------------------------------------------------- */

START_TEST(create_table_full)
{
    const char *sql =
        "CREATE TEMPORARY TABLE IF NOT EXISTS cat.db.clicks (\n"
        "  user_id STRING NOT NULL COMMENT 'the user',\n"
        "  `value` DOUBLE,\n"
        "  tags ARRAY<MAP<STRING, ROW<`a b` INT NOT NULL 'x,)', c VARCHAR(5)>>> NOT NULL,\n"
        "  nothing ROW<>,\n"
        "  ts TIMESTAMP(3) WITH LOCAL TIME ZONE,\n"
        "  id INT NOT NULL PRIMARY KEY NOT ENFORCED,\n"
        "  total AS price * quantity COMMENT 'computed',\n"
        "  kafka_ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,\n"
        "  `partition` INT METADATA VIRTUAL,\n"
        "  `offset` BIGINT METADATA,\n"
        "  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND - INTERVAL '0.25' SECOND\n"
        ") COMMENT 'clicks table'\n"
        "DISTRIBUTED BY HASH(user_id) INTO 4 BUCKETS\n"
        "PARTITIONED BY (user_id)\n"
        "WITH ('connector' = 'filesystem', 'path' = 'it''s.json', 'format' = 'json');";
    ck_assert_str_eq(
        dump(sql),
        "(CREATE TEMPORARY TABLE IF NOT EXISTS cat.db.clicks (COLUMN user_id \"STRING NOT NULL\" COMMENT 'the user') "
        "(COLUMN `value` \"DOUBLE\") "
        "(COLUMN tags \"ARRAY<MAP<STRING, ROW<`a b` INT NOT NULL 'x,)', c VARCHAR(5)>>> NOT NULL\") "
        "(COLUMN nothing \"ROW<>\") (COLUMN ts \"TIMESTAMP(3) WITH LOCAL TIME ZONE\") "
        "(COLUMN id \"INT NOT NULL\" PRIMARY KEY) "
        "(COMPUTED total (* price quantity) \"price * quantity\" COMMENT 'computed') "
        "(METADATA kafka_ts \"TIMESTAMP_LTZ(3)\" FROM 'timestamp' VIRTUAL) "
        "(METADATA `partition` \"INT\" VIRTUAL) (METADATA `offset` \"BIGINT\") "
        "(WATERMARK FOR ts AS (- (- ts (INTERVAL 5000ms)) (INTERVAL 250ms)) source=ts delay=5250ms) "
        "(PRIMARY KEY id) (COMMENT 'clicks table') (DISTRIBUTED BY HASH (user_id) INTO 4 BUCKETS) "
        "(PARTITIONED BY user_id) "
        "(WITH 'connector'='filesystem' 'path'='it''s.json' 'format'='json'))");

    sqlp_script_t *s = parse_ok(sql);
    const sqlp_create_table_t *ct = &s->stmts[0]->u.create_table;
    ck_assert(ct->temporary && ct->if_not_exists);
    ck_assert_int_eq(ct->name.nparts, 3);
    ck_assert_str_eq(sqlp_name_str(&arena, &ct->name), "cat.db.clicks");
    ck_assert_str_eq(sqlp_name_last(&ct->name)->name, "clicks");
    ck_assert_str_eq(ct->cols[1].name.name, "value");
    ck_assert(ct->cols[1].name.quoted);
    ck_assert_int_eq(ct->cols[6].kind, SQLP_COL_COMPUTED);
    ck_assert_str_eq(ct->cols[6].expr_text.text, "price * quantity");
    ck_assert_int_eq(ct->cols[7].kind, SQLP_COL_METADATA);
    ck_assert_str_eq(ct->cols[7].metadata_key->value, "timestamp");
    ck_assert(ct->cols[7].is_virtual);
    ck_assert_ptr_null(ct->cols[9].metadata_key);
    ck_assert(!ct->cols[9].is_virtual);
    ck_assert_int_eq(ct->watermark->delay_ms, 5250);
    ck_assert_str_eq(ct->watermark->source.name, "ts");
    ck_assert_str_eq(ct->watermark->expr_text.text, "ts - INTERVAL '5' SECOND - INTERVAL '0.25' SECOND");
    ck_assert_int_eq(ct->dist_buckets, 4);
    ck_assert_int_eq(ct->noptions, 3);
    ck_assert_str_eq(ct->options[1].value.value, "it's.json");
    ck_assert_int_eq(ct->options[1].value.pos.line, 16);
    ck_assert_int_eq(ct->options[1].value.pos.col, 44);
    /* Type spans keep their position for mapping type errors back. */
    ck_assert_int_eq(ct->cols[2].type.pos.line, 4);
    ck_assert_int_eq(ct->cols[2].type.pos.col, 8);
}
END_TEST

START_TEST(create_table_constraints_and_watermark_forms)
{
    ck_assert_str_eq(dump("CREATE TABLE t (a INT, b STRING, CONSTRAINT pk PRIMARY KEY (a, b) NOT ENFORCED)"),
                     "(CREATE TABLE t (COLUMN a \"INT\") (COLUMN b \"STRING\") (PRIMARY KEY a b))");
    ck_assert_str_eq(dump("CREATE TABLE t (a INT CONSTRAINT pk PRIMARY KEY NOT ENFORCED)"),
                     "(CREATE TABLE t (COLUMN a \"INT\" PRIMARY KEY) (PRIMARY KEY a))");
    ck_assert_str_eq(dump("CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' MINUTE)"),
                     "(CREATE TABLE t (COLUMN ts \"TIMESTAMP(3)\") (WATERMARK FOR ts AS (- ts (INTERVAL 60000ms)) "
                     "source=ts delay=60000ms))");
    ck_assert_str_eq(dump("CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '2' SECONDS)"),
                     "(CREATE TABLE t (COLUMN ts \"TIMESTAMP(3)\") (WATERMARK FOR ts AS (- ts (INTERVAL 2000ms)) "
                     "source=ts delay=2000ms))");
    ck_assert_str_eq(dump("CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '100' MILLISECOND)"),
                     "(CREATE TABLE t (COLUMN ts \"TIMESTAMP(3)\") (WATERMARK FOR ts AS (- ts (INTERVAL 100ms)) "
                     "source=ts delay=100ms))");
    ck_assert_str_eq(dump("CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' HOUR - "
                          "INTERVAL '1' DAY)"),
                     "(CREATE TABLE t (COLUMN ts \"TIMESTAMP(3)\") (WATERMARK FOR ts AS (- (- ts (INTERVAL "
                     "3600000ms)) (INTERVAL 86400000ms)) source=ts delay=90000000ms))");
    ck_assert_str_eq(dump("CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS (ts - INTERVAL '1:30' MINUTE TO "
                          "SECOND))"),
                     "(CREATE TABLE t (COLUMN ts \"TIMESTAMP(3)\") (WATERMARK FOR ts AS (- ts (INTERVAL 90000ms)) "
                     "source=ts delay=90000ms))");
    /* Without columns only LIKE/AS would be valid Flink; both unsupported. */
    ck_assert_str_eq(dump("create table T (A int) with ('k'='v')"),
                     "(CREATE TABLE T (COLUMN A \"int\") (WITH 'k'='v'))");
}
END_TEST

START_TEST(create_view_and_values)
{
    const char *sql = "CREATE TEMPORARY VIEW v AS SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS T(a, b);\n"
                      "CREATE VIEW IF NOT EXISTS w (x, y) COMMENT 'c' AS SELECT a, b FROM v WHERE a > 1;\n"
                      "CREATE VIEW u AS (VALUES (TRUE, NULL, -1.5E-3, X'0aFF'));\n"
                      "CREATE VIEW r AS SELECT * FROM (VALUES ROW(1), ROW(2)) T(n);\n";
    ck_assert_str_eq(dump(sql),
                     "(CREATE TEMPORARY VIEW v (SELECT * (FROM (AS (VALUES (1 'a') (2 'b')) T (a b)))))\n"
                     "(CREATE VIEW IF NOT EXISTS w (x y) COMMENT 'c' (SELECT a b (FROM v) (WHERE (> a 1))))\n"
                     "(CREATE VIEW u (VALUES (TRUE NULL -1.5E-3 X'0aFF')))\n"
                     "(CREATE VIEW r (SELECT * (FROM (AS (VALUES (1) (2)) T (n)))))");
    sqlp_script_t *s = parse_ok(sql);
    ck_assert_str_eq(s->stmts[0]->u.create_view.query_text.text,
                     "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS T(a, b)");
    ck_assert_str_eq(s->stmts[2]->u.create_view.query_text.text, "(VALUES (TRUE, NULL, -1.5E-3, X'0aFF'))");
    const sqlp_from_t *f = s->stmts[0]->u.create_view.query->from;
    ck_assert_int_eq(f->kind, SQLP_FROM_SUBQUERY);
    ck_assert_int_eq(f->query->kind, SQLP_Q_VALUES);
    ck_assert_int_eq(f->query->nrows, 2);
    ck_assert_str_eq(f->alias->name, "T");
    ck_assert_int_eq(f->ncol_aliases, 2);
}
END_TEST

START_TEST(create_and_drop_function_forms)
{
    ck_assert_str_eq(dump("CREATE TEMPORARY SYSTEM FUNCTION IF NOT EXISTS cat.db.f AS 'a.B' LANGUAGE JAVA "
                          "USING JAR 'a.jar', JAR 'b.jar';\n"
                          "create temporary function g as 'x.Y';\n"
                          "CREATE FUNCTION h AS 'x.Z' LANGUAGE SCALA;\n"
                          "ADD JAR '/tmp/ptfs.jar';\n"
                          "DROP TEMPORARY SYSTEM FUNCTION IF EXISTS f;\n"
                          "DROP TEMPORARY FUNCTION g;\n"
                          "DROP FUNCTION cat.db.h;\n"),
                     "(CREATE TEMPORARY SYSTEM FUNCTION IF NOT EXISTS cat.db.f 'a.B' LANGUAGE JAVA (USING JAR "
                     "'a.jar' 'b.jar'))\n"
                     "(CREATE TEMPORARY FUNCTION g 'x.Y' LANGUAGE JAVA)\n"
                     "(CREATE FUNCTION h 'x.Z' LANGUAGE SCALA)\n"
                     "(ADD JAR '/tmp/ptfs.jar')\n"
                     "(DROP TEMPORARY SYSTEM FUNCTION IF EXISTS f)\n"
                     "(DROP TEMPORARY FUNCTION g)\n"
                     "(DROP FUNCTION cat.db.h)");
    sqlp_script_t *s = parse_ok("CREATE FUNCTION f AS 'a.B' USING JAR 'x.jar'");
    const sqlp_create_function_t *f = &s->stmts[0]->u.create_function;
    ck_assert_str_eq(f->class_name.value, "a.B");
    ck_assert_int_eq(f->class_name.pos.col, 22);
    ck_assert_int_eq(f->njars, 1);
    ck_assert_str_eq(f->jars[0].value, "x.jar");
    ck_assert_int_eq(f->jars[0].pos.col, 38);
}
END_TEST

START_TEST(catalog_and_database_ddl)
{
    ck_assert_str_eq(dump("CREATE CATALOG c1 WITH ('type' = 'generic_in_memory');"
                          "CREATE CATALOG IF NOT EXISTS c2 WITH ();"
                          "CREATE DATABASE db1; CREATE DATABASE IF NOT EXISTS c1.db2 COMMENT 'x' WITH ('k' = 'v');"
                          "DROP DATABASE c1.db2; DROP DATABASE IF EXISTS db1 CASCADE; DROP DATABASE d RESTRICT;"
                          "DROP CATALOG c1; DROP CATALOG IF EXISTS c2;"
                          "SHOW CATALOGS; SHOW DATABASES; SHOW CURRENT CATALOG; SHOW CURRENT DATABASE;"
                          "SHOW CREATE TABLE examples.marketplace.clicks; SHOW CREATE VIEW v;"),
                     "(CREATE CATALOG c1)\n(CREATE CATALOG IF NOT EXISTS c2)\n(CREATE DATABASE db1)\n"
                     "(CREATE DATABASE IF NOT EXISTS c1.db2)\n(DROP DATABASE c1.db2)\n"
                     "(DROP DATABASE IF EXISTS db1 CASCADE)\n(DROP DATABASE d)\n(DROP CATALOG c1)\n"
                     "(DROP CATALOG IF EXISTS c2)\n(SHOW CATALOGS)\n(SHOW DATABASES)\n(SHOW CURRENT CATALOG)\n"
                     "(SHOW CURRENT DATABASE)\n(SHOW CREATE TABLE examples.marketplace.clicks)\n"
                     "(SHOW CREATE VIEW v)");
    sqlp_script_t *s = parse_ok("CREATE CATALOG c WITH ('type' = 'generic_in_memory')");
    ck_assert_int_eq(s->stmts[0]->u.create_catalog.noptions, 1);
    ck_assert_str_eq(s->stmts[0]->u.create_catalog.options[0].value.value, "generic_in_memory");
}
END_TEST

START_TEST(catalog_and_session_statements)
{
    ck_assert_str_eq(dump("SHOW TABLES; SHOW FUNCTIONS; show user functions; SHOW TABLES LIKE 'c%';"
                          "SHOW FUNCTIONS NOT ILIKE 'x';"
                          "DESCRIBE t; DESC db.t; DESCRIBE EXTENDED t; DESCRIBE catalog;"
                          "SET 'table.exec.state.ttl' = '1 h'; SET; RESET; RESET 'a.b';"
                          "USE CATALOG c1; USE db1; USE c1.db1; USE catalog;"),
                     "(SHOW TABLES)\n(SHOW FUNCTIONS)\n(SHOW USER FUNCTIONS)\n(SHOW TABLES LIKE 'c%')\n"
                     "(SHOW FUNCTIONS NOT ILIKE 'x')\n"
                     "(DESCRIBE t)\n(DESCRIBE db.t)\n(DESCRIBE EXTENDED t)\n(DESCRIBE catalog)\n"
                     "(SET 'table.exec.state.ttl' '1 h')\n(SET)\n(RESET)\n(RESET 'a.b')\n"
                     "(USE CATALOG c1)\n(USE db1)\n(USE c1.db1)\n(USE catalog)");
    sqlp_script_t *s = parse_ok("DROP TABLE IF EXISTS t; DROP TEMPORARY VIEW v; DROP VIEW IF EXISTS db.w");
    ck_assert_int_eq(s->stmts[0]->kind, SQLP_STMT_DROP_TABLE);
    ck_assert(s->stmts[0]->u.drop.if_exists);
    ck_assert_int_eq(s->stmts[1]->kind, SQLP_STMT_DROP_VIEW);
    ck_assert(s->stmts[1]->u.drop.temporary);
    ck_assert_str_eq(sqlp_stmt_kind_name(s->stmts[2]->kind), "DROP VIEW");
}
END_TEST

START_TEST(insert_and_statement_sets)
{
    ck_assert_str_eq(dump("INSERT INTO sink (a, b) SELECT a, b FROM src;\n"
                          "INSERT INTO sink VALUES (1, 'x');\n"
                          "INSERT INTO db.sink (SELECT * FROM src);\n"
                          "EXECUTE INSERT INTO s SELECT * FROM t;\n"
                          "EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT * FROM b; INSERT INTO c SELECT * FROM "
                          "d; END;\n"
                          "BEGIN STATEMENT SET;\n"
                          "INSERT INTO a SELECT * FROM b;\n"
                          "INSERT INTO c VALUES (1), (2);\n"
                          "END;\n"
                          "SELECT 1"),
                     "(INSERT INTO sink (a b) (SELECT a b (FROM src)))\n"
                     "(INSERT INTO sink (VALUES (1 'x')))\n"
                     "(INSERT INTO db.sink (SELECT * (FROM src)))\n"
                     "(INSERT INTO s (SELECT * (FROM t)))\n"
                     "(STATEMENT SET (INSERT INTO a (SELECT * (FROM b))) (INSERT INTO c (SELECT * (FROM d))))\n"
                     "(STATEMENT SET (INSERT INTO a (SELECT * (FROM b))) (INSERT INTO c (VALUES (1) (2))))\n"
                     "(SELECT 1)");
    sqlp_script_t *s = parse_ok("BEGIN STATEMENT SET;\nINSERT INTO a SELECT * FROM b;\nEND;");
    ck_assert_int_eq(s->nstmts, 1);
    ck_assert_str_eq(s->stmts[0]->u.statement_set.inserts[0]->text.text, "INSERT INTO a SELECT * FROM b");
    ck_assert_int_eq(s->stmts[0]->u.statement_set.inserts[0]->text.pos.line, 2);
}
END_TEST

START_TEST(queries_with_and_from_items)
{
    ck_assert_str_eq(dump("WITH a AS (SELECT * FROM f1(input => TABLE t PARTITION BY k, on_time => DESCRIPTOR(ts)))\n"
                          "SELECT * FROM f2(input => TABLE a PARTITION BY k, on_time => DESCRIPTOR(rowtime));"),
                     "(WITH (a (SELECT * (FROM (call f1 (=> input (TABLE t (PARTITION BY k))) (=> on_time "
                     "(DESCRIPTOR ts)))))) (SELECT * (FROM (call f2 (=> input (TABLE a (PARTITION BY k))) (=> "
                     "on_time (DESCRIPTOR rowtime))))))");
    ck_assert_str_eq(dump("WITH a (x) AS (VALUES 1, 2), b AS (SELECT x FROM a) SELECT x AS y, x z FROM b AS bb"),
                     "(WITH (a (x) (VALUES (1) (2))) (b (SELECT x (FROM a))) (SELECT (AS x y) (AS x z) (FROM (AS b "
                     "bb))))");
    ck_assert_str_eq(dump("SELECT * FROM TABLE(f(TABLE t)) AS x; SELECT t.*, db.t.* FROM db.t; SELECT * FROM (SELECT "
                          "a FROM t) s"),
                     "(SELECT * (FROM (AS (call f (TABLE t)) x)))\n(SELECT t.* db.t.* (FROM db.t))\n"
                     "(SELECT * (FROM (AS (SELECT a (FROM t)) s)))");
    ck_assert_str_eq(dump("SELECT `select`, `a``b`, Ä FROM `my table`"), "(SELECT `select` `a``b` Ä (FROM `my table`))");
    /* Identifiers keep their case; keywords do not care. */
    sqlp_script_t *s = parse_ok("select UserId from Clicks where UserId is not null");
    const sqlp_query_t *q = s->stmts[0]->u.query;
    ck_assert_str_eq(q->items[0].expr->u.name.parts[0].name, "UserId");
    ck_assert_str_eq(q->from->table->parts[0].name, "Clicks");
    ck_assert_int_eq(q->where->kind, SQLP_E_UNARY);
    ck_assert_int_eq(q->where->u.op.op, SQLP_OP_IS_NOT_NULL);
}
END_TEST

START_TEST(ptf_call_arguments)
{
    ck_assert_str_eq(dump("SELECT * FROM f(TABLE t, 100, -5, DEFAULT, 'x')"),
                     "(SELECT * (FROM (call f (TABLE t) 100 -5 DEFAULT 'x')))");
    ck_assert_str_eq(dump("SELECT * FROM f(input => TABLE t PARTITION BY a, b, uid => 'u')"),
                     "(SELECT * (FROM (call f (=> input (TABLE t (PARTITION BY a b))) (=> uid 'u'))))");
    ck_assert_str_eq(dump("SELECT * FROM f(r => TABLE t PARTITION BY (a, b) ORDER BY (ts ASC, x DESC NULLS LAST), "
                          "s => TABLE u PARTITION BY a ORDER BY ts, on_time => DESCRIPTOR(ts, ts2))"),
                     "(SELECT * (FROM (call f (=> r (TABLE t (PARTITION BY a b) (ORDER BY ts ASC x DESC NULLS "
                     "LAST))) (=> s (TABLE u (PARTITION BY a) (ORDER BY ts ASC))) (=> on_time (DESCRIPTOR ts "
                     "ts2)))))");
    ck_assert_str_eq(dump("SELECT * FROM f(TABLE t PARTITION BY a, DESCRIPTOR(ts))"),
                     "(SELECT * (FROM (call f (TABLE t (PARTITION BY a)) (DESCRIPTOR ts))))");
    ck_assert_str_eq(dump("SELECT * FROM f(input => (SELECT * FROM t) PARTITION BY k)"),
                     "(SELECT * (FROM (call f (=> input (TABLE (SELECT * (FROM t)) (PARTITION BY k))))))");
    ck_assert_str_eq(dump("SELECT * FROM f(x => 1.0E3, y => 'it''s', z => TRUE, n => NULL, d => DATE '2024-01-31', "
                          "t => TIME '12:00:00', ts => TIMESTAMP '2024-01-31 12:00:00.001', i => INTERVAL '90' MINUTE, "
                          "c => CAST(5 AS DECIMAL(10, 2)), a => ARRAY[1, 2], m => MAP['a', 1], r => ROW(1, 'x'), "
                          "l => TIMESTAMP WITH LOCAL TIME ZONE '2024-01-31 00:00:00', neg => -1.25, "
                          "g => UPPER('x'))"),
                     "(SELECT * (FROM (call f (=> x 1.0E3) (=> y 'it''s') (=> z TRUE) (=> n NULL) (=> d DATE "
                     "'2024-01-31') (=> t TIME '12:00:00') (=> ts TIMESTAMP '2024-01-31 12:00:00.001') (=> i "
                     "(INTERVAL 5400000ms)) (=> c (CAST 5 \"DECIMAL(10, 2)\")) (=> a (ARRAY 1 2)) (=> m (MAP 'a' "
                     "1)) (=> r (ROW 1 'x')) (=> l TIMESTAMP_LTZ '2024-01-31 00:00:00') (=> neg -1.25) (=> g (call "
                     "UPPER 'x')))))");

    sqlp_script_t *s = parse_ok("SELECT * FROM f(a => -9223372036854775808, b => 9223372036854775808, c => 1.50)");
    const sqlp_expr_t *call = s->stmts[0]->u.query->from->call;
    const sqlp_literal_t *a = &call->u.call.args[0].value->u.lit;
    ck_assert_int_eq(a->kind, SQLP_LIT_INTEGER);
    ck_assert(a->fits_int64);
    ck_assert(a->i == INT64_MIN);
    const sqlp_literal_t *b = &call->u.call.args[1].value->u.lit;
    ck_assert(!b->fits_int64);
    ck_assert_str_eq(b->text, "9223372036854775808");
    const sqlp_literal_t *c = &call->u.call.args[2].value->u.lit;
    ck_assert_int_eq(c->kind, SQLP_LIT_DECIMAL);
    ck_assert_str_eq(c->text, "1.50");
    ck_assert_double_eq_tol(c->d, 1.5, 1e-12);
    ck_assert_int_eq(call->u.call.args[0].value->pos.col, 22);
}
END_TEST

START_TEST(intervals)
{
    ck_assert_str_eq(expr("INTERVAL '5' SECOND"), "(INTERVAL 5000ms)");
    ck_assert_str_eq(expr("INTERVAL '1.5' SECOND"), "(INTERVAL 1500ms)");
    ck_assert_str_eq(expr("INTERVAL '-2' DAY"), "(INTERVAL -172800000ms)");
    ck_assert_str_eq(expr("INTERVAL -'2' HOURS"), "(INTERVAL -7200000ms)");
    ck_assert_str_eq(expr("INTERVAL '1 02:03:04.5' DAY TO SECOND"), "(INTERVAL 93784500ms)");
    ck_assert_str_eq(expr("INTERVAL '2 12' DAY TO HOUR"), "(INTERVAL 216000000ms)");
    ck_assert_str_eq(expr("INTERVAL '1-6' YEAR TO MONTH"), "(INTERVAL 18mo)");
    ck_assert_str_eq(expr("INTERVAL '3' MONTH"), "(INTERVAL 3mo)");
    ck_assert_str_eq(expr("INTERVAL '1' WEEK"), "(INTERVAL 604800000ms)");
    ck_assert_str_eq(expr("INTERVAL '10' SECOND(3)"), "(INTERVAL 10000ms)");
    sqlp_script_t *s = parse_ok("SELECT INTERVAL '1:30' HOUR TO MINUTE FROM t");
    const sqlp_literal_t *l = &s->stmts[0]->u.query->items[0].expr->u.lit;
    ck_assert_int_eq(l->interval.start, SQLP_UNIT_HOUR);
    ck_assert_int_eq(l->interval.end, SQLP_UNIT_MINUTE);
    ck_assert_str_eq(l->interval.string, "1:30");
    ck_assert_str_eq(l->text, "INTERVAL '1:30' HOUR TO MINUTE");
    ck_assert(!l->interval.year_month);
    ck_assert_int_eq(l->interval.value, 5400000);
}
END_TEST

START_TEST(special_function_syntax)
{
    ck_assert_str_eq(expr("EXTRACT(DAY FROM ts)"), "(call EXTRACT :DAY ts)");
    ck_assert_str_eq(expr("TRIM(BOTH ' ' FROM s)"), "(call TRIM :BOTH ' ' s)");
    ck_assert_str_eq(expr("TRIM(LEADING FROM s)"), "(call TRIM :LEADING s)");
    ck_assert_str_eq(expr("TRIM(s)"), "(call TRIM s)");
    ck_assert_str_eq(expr("SUBSTRING(s FROM 2 FOR 3)"), "(call SUBSTRING s 2 3)");
    ck_assert_str_eq(expr("SUBSTRING(s, 2)"), "(call SUBSTRING s 2)");
    ck_assert_str_eq(expr("POSITION('a' IN s)"), "(call POSITION 'a' s)");
    ck_assert_str_eq(expr("CEIL(ts TO HOUR)"), "(call CEIL ts :HOUR)");
    ck_assert_str_eq(expr("FLOOR(x)"), "(call FLOOR x)");
    ck_assert_str_eq(expr("TIMESTAMPDIFF(SECOND, a, b)"), "(call TIMESTAMPDIFF :SECOND a b)");
    ck_assert_str_eq(expr("COUNT(*)"), "(call COUNT *)");
    ck_assert_str_eq(expr("count(DISTINCT a)"), "(call count DISTINCT a)");
    ck_assert_str_eq(expr("CURRENT_TIMESTAMP"), "(niladic CURRENT_TIMESTAMP)");
    ck_assert_str_eq(expr("LOCALTIMESTAMP(3)"), "(call LOCALTIMESTAMP 3)");
    ck_assert_str_eq(expr("PROCTIME()"), "(call PROCTIME)");
    ck_assert_str_eq(expr("cat.db.my_fn(a, b => 2)"), "(call cat.db.my_fn a (=> b 2))");
    ck_assert_str_eq(expr("CASE WHEN a > 1 THEN 'x' WHEN a > 0 THEN 'y' ELSE 'z' END"),
                     "(CASE (WHEN (> a 1) 'x') (WHEN (> a 0) 'y') (ELSE 'z'))");
    ck_assert_str_eq(expr("CASE a WHEN 1 THEN 'one' END"), "(CASE a (WHEN 1 'one'))");
    ck_assert_str_eq(expr("TRY_CAST(s AS INT)"), "(TRY_CAST s \"INT\")");
    ck_assert_str_eq(expr("CAST(m AS MAP<STRING, ARRAY<INT>>)"), "(CAST m \"MAP<STRING, ARRAY<INT>>\")");
    ck_assert_str_eq(expr("m['k'][1]"), "(ITEM (ITEM m 'k') 1)");
    ck_assert_str_eq(expr("payload.Keys['pk'].S"), "(DOT (ITEM payload.Keys 'pk') 'S')");
    ck_assert_str_eq(expr("a[1].`f`[2]"), "(ITEM (DOT (ITEM a 1) 'f') 2)");
    ck_assert_str_eq(expr("MAP['a', 1, 'b', 2]"), "(MAP 'a' 1 'b' 2)");
    ck_assert_str_eq(expr("map"), "map");
}
END_TEST

/* ---- precedence -------------------------------------------------------- */

START_TEST(arithmetic_precedence)
{
    ck_assert_str_eq(expr("a + b * c"), "(+ a (* b c))");
    ck_assert_str_eq(expr("a * b + c"), "(+ (* a b) c)");
    ck_assert_str_eq(expr("a - b - c"), "(- (- a b) c)");
    ck_assert_str_eq(expr("a / b * c % d"), "(% (* (/ a b) c) d)");
    ck_assert_str_eq(expr("(a + b) * c"), "(* (+ a b) c)");
    ck_assert_str_eq(expr("a || b || c"), "(|| (|| a b) c)");
    ck_assert_str_eq(expr("-a * b"), "(* (- a) b)");
    ck_assert_str_eq(expr("- 5 * b"), "(* -5 b)");
    ck_assert_str_eq(expr("a - -5"), "(- a -5)");
    ck_assert_str_eq(expr("- - 5"), "5");
    ck_assert_str_eq(expr("-(a + b)"), "(- (+ a b))");
    ck_assert_str_eq(expr("a + -b"), "(+ a (- b))");
}
END_TEST

START_TEST(boolean_precedence)
{
    ck_assert_str_eq(expr("a OR b AND c"), "(OR a (AND b c))");
    ck_assert_str_eq(expr("a AND b OR c AND d"), "(OR (AND a b) (AND c d))");
    ck_assert_str_eq(expr("NOT a AND b"), "(AND (NOT a) b)");
    ck_assert_str_eq(expr("NOT a = b"), "(NOT (= a b))");
    ck_assert_str_eq(expr("NOT NOT a"), "(NOT (NOT a))");
    ck_assert_str_eq(expr("a = 1 OR b <> 2 AND c >= 3"), "(OR (= a 1) (AND (<> b 2) (>= c 3)))");
    ck_assert_str_eq(expr("a + 1 > b * 2"), "(> (+ a 1) (* b 2))");
    ck_assert_str_eq(expr("a != b"), "(<> a b)");
    ck_assert_str_eq(expr("a IS NULL OR b IS NOT NULL"), "(OR (IS NULL a) (IS NOT NULL b))");
    ck_assert_str_eq(expr("a = b IS TRUE"), "(IS TRUE (= a b))");
    ck_assert_str_eq(expr("NOT a IS NULL"), "(NOT (IS NULL a))");
    ck_assert_str_eq(expr("a IS NOT DISTINCT FROM b"), "(IS NOT DISTINCT FROM a b)");
    ck_assert_str_eq(expr("a BETWEEN 1 AND 2 AND b"), "(AND (BETWEEN a 1 2) b)");
    ck_assert_str_eq(expr("a NOT BETWEEN b + 1 AND c * 2"), "(NOT BETWEEN a (+ b 1) (* c 2))");
    ck_assert_str_eq(expr("a NOT IN (1, 2) OR b IN ('x')"), "(OR (NOT IN a (1 2)) (IN b ('x')))");
    ck_assert_str_eq(expr("a || 'x' LIKE 'ax%' ESCAPE '!'"), "(LIKE (|| a 'x') 'ax%' ESCAPE '!')");
    ck_assert_str_eq(expr("a NOT LIKE b AND TRUE"), "(AND (NOT LIKE a b) TRUE)");
    ck_assert_str_eq(expr("a < b = c"), "(= (< a b) c)");
}
END_TEST

START_TEST(expression_spans_and_positions)
{
    sqlp_script_t *s = parse_ok("SELECT\n  (a + b) * c AS x,\n  t.col\nFROM t");
    const sqlp_query_t *q = s->stmts[0]->u.query;
    const sqlp_expr_t *e = q->items[0].expr;
    ck_assert_int_eq(e->pos.line, 2);
    ck_assert_int_eq(e->pos.col, 3);
    ck_assert_int_eq(e->end - e->pos.offset, strlen("(a + b) * c"));
    ck_assert_int_eq(e->u.op.op_pos.col, 11);
    ck_assert_str_eq(q->items[0].alias->name, "x");
    ck_assert_int_eq(q->items[0].alias->pos.col, 18);
    const sqlp_expr_t *col = q->items[1].expr;
    ck_assert_int_eq(col->kind, SQLP_E_COLUMN);
    ck_assert_int_eq(col->u.name.nparts, 2);
    ck_assert_int_eq(col->u.name.parts[1].pos.line, 3);
    ck_assert_int_eq(col->u.name.parts[1].pos.col, 5);
    /* Columns count characters, not bytes. */
    s = parse_ok("SELECT 'äöü', x FROM t");
    ck_assert_int_eq(s->stmts[0]->u.query->items[1].expr->pos.col, 15);
    ck_assert_int_eq(s->stmts[0]->u.query->items[1].expr->pos.offset, 17);
}
END_TEST

START_TEST(comments_and_separators)
{
    const char *sql = "\xEF\xBB\xBF-- leading comment\n"
                      "/* block\n comment */ SET 'a' = 'b';;\n"
                      ";\n"
                      "SELECT /* inline */ a -- trailing\n"
                      "FROM t -- no semicolon at the end\n"
                      "/* final */";
    ck_assert_str_eq(dump(sql), "(SET 'a' 'b')\n(SELECT a (FROM t))");
    sqlp_script_t *s = parse_ok(sql);
    ck_assert_int_eq(s->stmts[0]->text.pos.line, 3);
    ck_assert_int_eq(s->stmts[0]->text.pos.col, 13);
    ck_assert_str_eq(s->stmts[1]->text.text, "SELECT /* inline */ a -- trailing\nFROM t");
    s = parse_ok("  -- only a comment\n");
    ck_assert_int_eq(s->nstmts, 0);
    s = parse_ok("");
    ck_assert_int_eq(s->nstmts, 0);
}
END_TEST

START_TEST(reserved_words)
{
    ck_assert(sqlp_is_reserved("value", 5));
    ck_assert(sqlp_is_reserved("VALUE", 5));
    ck_assert(sqlp_is_reserved("Timestamp", 9));
    ck_assert(sqlp_is_reserved("user", 4));
    ck_assert(sqlp_is_reserved("string", 6));
    ck_assert(sqlp_is_reserved("WATERMARK", 9));
    ck_assert(!sqlp_is_reserved("input", 5));
    ck_assert(!sqlp_is_reserved("state", 5));
    ck_assert(!sqlp_is_reserved("key", 3));
    ck_assert(!sqlp_is_reserved("temporary", 9));
    ck_assert(!sqlp_is_reserved("view", 4));
    ck_assert(!sqlp_is_reserved("uid", 3));
    ck_assert(!sqlp_is_reserved("valu", 4));
    ck_assert(!sqlp_is_reserved("values_", 7));
    ck_assert(!sqlp_is_reserved("A", 1));
    ck_assert(!sqlp_is_reserved("ZZZ", 3));
    /* Non-reserved keywords are names. */
    ck_assert_str_eq(dump("SELECT input, state, key, view, data FROM temporary"),
                     "(SELECT input state key view data (FROM temporary))");
}
END_TEST

/* The contract with types/types.h: a captured type span is exactly a type
 * string, and a type error inside it maps back to the script. */
START_TEST(type_spans_parse_as_types)
{
    sqlp_script_t *s = parse_ok("CREATE TABLE t (\n"
                                "  a INT NOT NULL PRIMARY KEY NOT ENFORCED,\n"
                                "  b ARRAY<MAP<STRING, ROW<`x y` INT NOT NULL 'c,)', z VARCHAR(5)>>> NOT NULL COMMENT 'b',\n"
                                "  c TIMESTAMP(3) WITH LOCAL TIME ZONE METADATA FROM 'timestamp',\n"
                                "  d DECIMAL(10, 4),\n"
                                "  e ROW<>,\n"
                                "  f ROW(g INT, h STRING) NOT NULL\n"
                                ")");
    static const char *const want[] = {"INT NOT NULL",
                                       "ARRAY<MAP<STRING, ROW<`x y` INT NOT NULL '...', `z` VARCHAR(5)>>> NOT NULL",
                                       "TIMESTAMP_LTZ(3)", "DECIMAL(10, 4)", "ROW<>",
                                       "ROW<`g` INT, `h` STRING> NOT NULL"};
    const sqlp_create_table_t *ct = &s->stmts[0]->u.create_table;
    ck_assert_int_eq(ct->ncols, 6);
    for (int i = 0; i < ct->ncols; i++) {
        char terr[256];
        type_t *t = type_parse_n(ct->cols[i].type.text, ct->cols[i].type.len, terr, sizeof terr);
        ck_assert_msg(t != NULL, "column %d type '%s': %s", i, ct->cols[i].type.text, terr);
        char *str = type_to_string(t);
        ck_assert_str_eq(str, want[i]);
        free(str);
        type_free(t);
    }
}
END_TEST

START_TEST(pos_advance_maps_type_offsets)
{
    sqlp_script_t *s = parse_ok("CREATE TABLE t (\n  a ROW<x INT,\n    y BOGUS>\n)");
    const sqlp_text_t *type = &s->stmts[0]->u.create_table.cols[0].type;
    ck_assert_str_eq(type->text, "ROW<x INT,\n    y BOGUS>");
    char terr[256];
    ck_assert_ptr_null(type_parse_n(type->text, type->len, terr, sizeof terr));
    const char *at = strstr(terr, "at position ");
    ck_assert_ptr_nonnull(at);
    int n = atoi(at + strlen("at position "));
    /* "at position N" is 1-based: N - 1 characters after the span start. */
    sqlp_pos_t p = sqlp_pos_advance(s, type->pos, (size_t)n - 1);
    ck_assert_int_eq(p.line, 3);
    ck_assert_int_eq(p.col, 7);
    ck_assert_int_eq(s->text[p.offset], 'B');
    char msg[512];
    sqlp_format_error(s, p, 5, msg, sizeof msg, "unknown type 'BOGUS'");
    ck_assert_str_eq(msg, "test.sql:3:7: unknown type 'BOGUS'\n    3 |     y BOGUS>\n      |       ^~~~~");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("sql_parser");
    TCase *tc = tcase_create("parser");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, seed_threshold_filter_call);
    tcase_add_test(tc, seed_median_script);
    tcase_add_test(tc, seed_inactivity_alert);
    tcase_add_test(tc, seed_ttl_countdown_and_pass_through);
    tcase_add_test(tc, seed_mt_control_stream);
    tcase_add_test(tc, seed_changelog_auditor);
    tcase_add_test(tc, seed_running_max);
    tcase_add_test(tc, seed_cmf_page);
    tcase_add_test(tc, create_table_full);
    tcase_add_test(tc, create_table_constraints_and_watermark_forms);
    tcase_add_test(tc, create_view_and_values);
    tcase_add_test(tc, create_and_drop_function_forms);
    tcase_add_test(tc, catalog_and_session_statements);
    tcase_add_test(tc, catalog_and_database_ddl);
    tcase_add_test(tc, insert_and_statement_sets);
    tcase_add_test(tc, queries_with_and_from_items);
    tcase_add_test(tc, ptf_call_arguments);
    tcase_add_test(tc, intervals);
    tcase_add_test(tc, special_function_syntax);
    tcase_add_test(tc, arithmetic_precedence);
    tcase_add_test(tc, boolean_precedence);
    tcase_add_test(tc, expression_spans_and_positions);
    tcase_add_test(tc, comments_and_separators);
    tcase_add_test(tc, reserved_words);
    tcase_add_test(tc, type_spans_parse_as_types);
    tcase_add_test(tc, pos_advance_maps_type_offsets);
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

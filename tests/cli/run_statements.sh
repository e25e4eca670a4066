#!/usr/bin/env bash
# The statements of a Flink SQL script besides the PTF call itself: ADD JAR,
# CREATE [TEMPORARY] FUNCTION [IF NOT EXISTS] ... LANGUAGE JAVA, DROP FUNCTION
# [IF EXISTS], SHOW [USER] FUNCTIONS, SHOW TABLES, DESCRIBE, SET, the csv
# format (quoted fields), the print connector with print-identifier,
# blackhole, and datagen sequences.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cat >"$W/job.sql" <<SQL
ADD JAR '$PTFHOST_BUILD/compat/seeds.jar';
CREATE TEMPORARY FUNCTION IF NOT EXISTS count_clicks AS 'com.example.CountClicks' LANGUAGE JAVA;
CREATE FUNCTION long_views AS 'com.example.LongViews';
SHOW FUNCTIONS LIKE '%s';
DROP FUNCTION long_views;
DROP FUNCTION IF EXISTS long_views;
SHOW USER FUNCTIONS;
CREATE TABLE clicks (user_id INT NOT NULL, url STRING, ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND, PRIMARY KEY (user_id) NOT ENFORCED)
  WITH ('connector' = 'filesystem', 'path' = 'clicks.csv', 'format' = 'csv');
CREATE TABLE out_print (user_id INT, url STRING, n BIGINT) WITH ('connector' = 'print', 'print-identifier' = 'sink');
CREATE TABLE nowhere (user_id INT, url STRING, n BIGINT) WITH ('connector' = 'blackhole');
SHOW TABLES;
DESCRIBE clicks;
SET 'table.exec.state.ttl' = '1 h';
SET;
INSERT INTO out_print SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
INSERT INTO nowhere SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
CREATE TABLE gen (id BIGINT, v INT) WITH ('connector' = 'datagen', 'number-of-rows' = '3',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '10', 'fields.id.end' = '100',
  'fields.v.min' = '5', 'fields.v.max' = '5');
SELECT * FROM gen;
SQL
printf '1,/home,2026-01-01 00:00:00\n2,"/a,b",2026-01-01 00:00:01\n1,/cart,2026-01-01 00:00:02\n' >"$W/clicks.csv"
cat >"$W/expected" <<'OUT'
+---------------+
| function name |
+---------------+
|  count_clicks |
|    long_views |
+---------------+
2 rows in set
+---------------+
| function name |
+---------------+
|  count_clicks |
+---------------+
1 row in set
+------------+
| table name |
+------------+
|     clicks |
|    nowhere |
|  out_print |
+------------+
3 rows in set
+---------+------------------------+-------+--------------+--------+----------------------------+
|    name |                   type |  null |          key | extras |                  watermark |
+---------+------------------------+-------+--------------+--------+----------------------------+
| user_id |                    INT | FALSE | PRI(user_id) |        |                            |
|     url |                 STRING |  TRUE |              |        |                            |
|      ts | TIMESTAMP(3) *ROWTIME* |  TRUE |              |        | `ts` - INTERVAL '5' SECOND |
+---------+------------------------+-------+--------------+--------+----------------------------+
3 rows in set
'table.exec.state.ttl' = '1 h'
sink> +I[1, /home, 1]
sink> +I[2, /a,b, 1]
sink> +I[1, /cart, 2]
+I[10, 5]
+I[11, 5]
+I[12, 5]
OUT
if "$PTFHOST" run "$W/job.sql" >"$W/actual" 2>"$W/err" && diff -u "$W/expected" "$W/actual"; then
  echo "1 passed, 0 failed"
else
  cat "$W/err"
  echo "0 passed, 1 failed"
  exit 1
fi

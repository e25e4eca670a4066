#!/usr/bin/env bash
# Literal rows in queries (engine/values.h): `SELECT ... FROM (VALUES ...) AS
# t(a, b)` as a plain query (select list, WHERE, qualified columns), a bare
# `VALUES ...` (columns EXPR$n), `SELECT` without FROM, a view over such a
# query, and `INSERT INTO t VALUES ...` (the sink's types by implicit cast).
# Expected rows follow Flink's semantics (the SQL client's output).
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"


run_case from_values_with_aliases 0 "--format tableau" \
  "SELECT a + 1 AS x, UPPER(b), t.a FROM (VALUES (1, 'x'), (2, 'yy')) AS t(a, b) WHERE a > 1;" \
  "| op |           x |" "EXPR\$1 |           a |" "| +I |           3 |" "YY |           2 |" "Received a total of 1 row"
run_case bare_values 0 "--format tableau" "VALUES (1), (2);" "|      EXPR\$0 |" "| +I |           1 |" "| +I |           2 |"
run_case select_without_from 0 "" "SELECT 1, 'a' AS s, CAST('2020-01-01' AS DATE);" "+I[1, a, 2020-01-01]"
run_case view_over_a_values_query 0 "" "CREATE VIEW v AS SELECT b FROM (VALUES (1, 'x'), (2, 'y')) AS t(a, b);
SELECT * FROM v WHERE b <> 'x';" "+I[y]"
run_case typed_rows 0 "" "SELECT * FROM (VALUES (1, CAST('2020-01-01 00:00:00' AS TIMESTAMP(3))), (2, NULL)) AS t(a, ts);" \
  "+I[1, 2020-01-01T00:00]" "+I[2, null]"
run_case alias_count_must_match 1 "" "SELECT * FROM (VALUES (1, 2)) AS t(a);" \
  "job.sql:1:15: List of column aliases must have same degree as table; table has 2 columns, whereas alias list has 1 columns"
run_case rows_must_agree 1 "" "SELECT * FROM (VALUES (1, 'x'), ('y', 2));" \
  "job.sql:1:34: Values passed to VALUES operator must have compatible types."

run_case insert_values 0 "" "CREATE TABLE o (id BIGINT, s STRING, d DECIMAL(5, 2)) WITH ('connector' = 'filesystem', 'path' = 'o.json', 'format' = 'json');
INSERT INTO o VALUES (1, 'x', 1.5), (2, 'y', 2);"
if [ "$(cat "$W/o.json" 2>/dev/null)" = '{"id":1,"s":"x","d":1.50}
{"id":2,"s":"y","d":2.00}' ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL insert_values_file: $(cat "$W/o.json" 2>&1)"; fi
run_case insert_values_to_print 0 "" "CREATE TABLE p (id INT, s STRING) WITH ('connector' = 'print');
INSERT INTO p VALUES (1, 'x');" "+I[1, x]"
run_case insert_values_arity 1 "" "CREATE TABLE p (id INT, s STRING) WITH ('connector' = 'print');
INSERT INTO p VALUES (1);" "Different number of columns."

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

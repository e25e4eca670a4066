#!/usr/bin/env bash
# Computed columns in CREATE TABLE (`name AS expr`, catalog.h's column kinds,
# the inputs stage of engine/inputs.c): the source reads the physical and
# METADATA columns, each computed one is evaluated per row over them and
# takes its place in declaration order; a WATERMARK on a computed
# event-time column feeds on_time (compat/run/computed_event_time) exactly
# like a physical one (checked here against a physical TIMESTAMP_LTZ(3));
# INSERT writes only the physical columns; errors name the column and the
# position.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SEEDS=$PTFHOST_BUILD/compat/seeds.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"
printf '%s\n' '{"id": 1, "price": 2.50, "qty": 4, "ts": 1767225600000}' \
              '{"id": 2, "price": 1.00, "qty": 0, "ts": 1767225660000}' >"$W/t.json"
T="CREATE TABLE t (id INT, total AS price * qty, price DECIMAL(5, 2), qty INT, ts BIGINT,
  event_time AS TO_TIMESTAMP_LTZ(ts, 3), WATERMARK FOR event_time AS event_time - INTERVAL '5' SECOND)
  WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');"


run_case columns_in_declaration_order 0 "--format tableau" "$T
SELECT * FROM t;" \
  "| op |          id |              total |   price |         qty |                   ts |              event_time |" \
  "| +I |           1 |              10.00 |    2.50 |           4 |        1767225600000 | 2026-01-01 00:00:00.000 |"
run_case computed_in_where_and_expressions 0 "" "$T
SELECT id, total + 1, EXTRACT(MINUTE FROM event_time) FROM t WHERE total > 1;" "+I[1, 11.00, 0]"
run_case insert_writes_physical_columns 0 "" "$T
CREATE TABLE out_t (id INT, price DECIMAL(5, 2), qty INT, ts BIGINT, double_qty AS qty * 2)
  WITH ('connector' = 'filesystem', 'path' = 'out.json', 'format' = 'json');
INSERT INTO out_t SELECT id, price, qty, ts FROM t;"
if [ "$(cat "$W/out.json" 2>/dev/null)" = '{"id":1,"price":2.50,"qty":4,"ts":1767225600000}
{"id":2,"price":1.00,"qty":0,"ts":1767225660000}' ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL insert_file: $(cat "$W/out.json" 2>&1)"; fi
run_case insert_cannot_write_computed 1 "" "$T
CREATE TABLE out_t (id INT, double_id AS id * 2) WITH ('connector' = 'filesystem', 'path' = 'out2.json', 'format' = 'json');
INSERT INTO out_t SELECT id, id * 2 FROM t;" "Cause: Different number of columns." "Sink schema:  [id: INT]"
run_case unknown_column_in_expression 1 "" "CREATE TABLE t (id INT, c AS nope + 1) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');" \
  "job.sql:1:30: SQL validation failed. Column 'nope' not found in any table"
run_case duplicate_name 1 "" "CREATE TABLE t (id INT, id AS 1) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');" \
  "job.sql:1:25: A column with the same name \`id\` has been defined."
run_case key_must_be_physical 1 "" "CREATE TABLE t (id INT, k AS id + 1, PRIMARY KEY (id, k) NOT ENFORCED) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');" \
  "job.sql:1:55: Invalid primary key 'PK_id_k'. Column 'k' is not a physical column."
run_case watermark_needs_a_timestamp 1 "" "CREATE TABLE t (id INT, c AS id + 1, WATERMARK FOR c AS c) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');" \
  "Invalid data type of time field for watermark definition" "but the time field type is INT"
run_case evaluation_error_fails_the_job 1 "" "CREATE TABLE t (id INT, qty INT, r AS 10 / qty) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
SELECT id, r FROM t;" "+I[1, 2]" "table 't': computing column 'r' failed:" "/ by zero"

run_case computed_reads_metadata 0 "" "CREATE TABLE m (id INT, fname STRING METADATA FROM 'file.name' VIRTUAL,
  tag AS UPPER(fname) || '#' || CAST(id AS STRING)) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
SELECT id, tag FROM m;" "+I[1, T.JSON#1]" "+I[2, T.JSON#2]"
run_case computed_cannot_read_computed 1 "" "CREATE TABLE t (id INT, a AS id + 1, b AS a * 2) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');" \
  "job.sql:1:43: SQL validation failed. Column 'a' not found in any table"
run_case datagen_generates_physical_columns 0 "" "CREATE TABLE g (id BIGINT, twice AS id * 2) WITH ('connector' = 'datagen', 'number-of-rows' = '3',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3');
SELECT * FROM g;" "+I[1, 2]" "+I[3, 6]"
run_case describe_shows_the_expression 0 "" "$T
DESCRIBE t;" "|      total |             DECIMAL(16, 2) | TRUE |     |             AS price * qty |" \
  "| event_time | TIMESTAMP_LTZ(3) *ROWTIME* | TRUE |     | AS TO_TIMESTAMP_LTZ(ts, 3) |"

# on_time over a computed event time gives what a physical TIMESTAMP_LTZ(3) column gives
printf '%s\n' '{"user_id": "carol", "ts": 1767225600000, "event_time": "2026-01-01 00:00:00Z"}' \
              '{"user_id": "bob", "ts": 1767225640000, "event_time": "2026-01-01 00:00:40Z"}' \
              '{"user_id": "dave", "ts": 1767225690000, "event_time": "2026-01-01 00:01:30Z"}' >"$W/ev.json"
alert() {   # alert COLUMN_DECLARATION
  cat >"$W/alert.sql" <<SQL
CREATE FUNCTION InactivityAlert AS 'com.example.InactivityAlert' USING JAR '$SEEDS';
CREATE TABLE ev (user_id STRING, ts BIGINT, $1, WATERMARK FOR event_time AS event_time)
  WITH ('connector' = 'filesystem', 'path' = 'ev.json', 'format' = 'json');
SELECT user_id, alert_type, rowtime FROM InactivityAlert(input => TABLE ev PARTITION BY user_id,
  on_time => DESCRIPTOR(event_time), uid => 'a');
SQL
  (cd "$W" && "$PTFHOST" run alert.sql 2>&1)
}
physical=$(alert "event_time TIMESTAMP_LTZ(3)")
computed=$(alert "event_time AS TO_TIMESTAMP_LTZ(ts, 3)")
want='+I[carol, inactive, 2026-01-01T00:01:00Z]
+I[bob, inactive, 2026-01-01T00:01:40Z]
+I[dave, inactive, 2026-01-01T00:02:30Z]'
if [ "$physical" = "$want" ] && [ "$computed" = "$want" ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL on_time_computed_equals_physical:"; echo "physical: $physical"; echo "computed: $computed"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

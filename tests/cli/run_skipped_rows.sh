#!/usr/bin/env bash
# `ptfhost run` with 'json.ignore-parse-errors': every query shape (a PTF
# call, a plain scan, a view over a table, an INSERT from a table, a GROUP BY
# aggregation, a window aggregation, a deduplication, UNION ALL) skips the
# malformed rows, keeps the others, and reports the count on stderr once per
# table read, exactly as the PTF path does.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SEEDS=$PTFHOST_BUILD/compat/seeds.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0

# check NAME STDOUT_LINE... : rc 0, stderr exactly the one report, every line in stdout
check() {
  local name=$1 report=$2; shift 2
  "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
  local rc=$? ok=1
  [ "$rc" -eq 0 ] || ok=0
  [ "$(cat "$W/err")" = "$report" ] || { ok=0; echo "  stderr: $(cat "$W/err")"; }
  for p in "$@"; do grep -qxF -- "$p" "$W/out" || { ok=0; echo "  missing: $p"; }; done
  if [ $ok -eq 1 ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL $name (rc=$rc)"; cat "$W/out" | head -20; fi
}

job() {   # job QUERY...
  {
    cat <<SQL
CREATE FUNCTION Median AS 'com.example.Median' USING JAR '$SEEDS';
CREATE TABLE readings (sensor_id INT, temperature DOUBLE)
  WITH ('connector' = 'filesystem', 'path' = 'readings.json', 'format' = 'json', 'json.ignore-parse-errors' = 'true');
CREATE TABLE out_file (sensor_id INT, temperature DOUBLE)
  WITH ('connector' = 'filesystem', 'path' = 'out.json', 'format' = 'json');
CREATE TABLE timed (sensor_id INT, temperature DOUBLE, ts TIMESTAMP(3), WATERMARK FOR ts AS ts)
  WITH ('connector' = 'filesystem', 'path' = 'timed.json', 'format' = 'json', 'json.ignore-parse-errors' = 'true');
SQL
    printf '%s\n' "$@"
  } >"$W/job.sql"
}

printf '%s\n' '{"sensor_id": 1, "temperature": 20.0}' '{"sensor_id": 1, "temperature": 2x}' \
  '{"sensor_id": 1, "temperature": 22.0}' >"$W/readings.json"
ONE="ptfhost: table 'readings': skipped 1 malformed row (json.ignore-parse-errors)"

job "SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 3);"
check ptf_call_reports_skipped_rows "$ONE" "+I[1, 20.0, 20.0]" "+I[1, 22.0, 21.0]"

job "SELECT * FROM readings;"
check plain_scan_reports_skipped_rows "$ONE" "+I[1, 20.0]" "+I[1, 22.0]"

job "SELECT temperature FROM readings WHERE sensor_id = 1;"
check filtered_projected_scan_reports_skipped_rows "$ONE" "+I[20.0]" "+I[22.0]"

job "CREATE VIEW v AS SELECT * FROM readings;" \
  "SELECT * FROM Median(input => TABLE v PARTITION BY sensor_id, numTrailing => 3);"
check view_over_table_reports_skipped_rows "$ONE" "+I[1, 20.0, 20.0]" "+I[1, 22.0, 21.0]"

job "INSERT INTO out_file SELECT * FROM readings;"
check insert_from_table_reports_skipped_rows "$ONE"
if [ "$(cat "$W/out.json" 2>&1)" = $'{"sensor_id":1,"temperature":20.0}\n{"sensor_id":1,"temperature":22.0}' ]; then
  pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL insert_from_table: out.json: $(cat "$W/out.json" 2>&1)"; fi

job "SELECT sensor_id, COUNT(*) AS c FROM readings GROUP BY sensor_id;"
check aggregation_reports_skipped_rows "$ONE" "+I[1, 1]" "-U[1, 1]" "+U[1, 2]"

printf '%s\n' '{"sensor_id": 1, "temperature": 20.0, "ts": "2024-01-01 00:00:01"}' '{"sensor_id": 1, "temperature": 2x}' \
  '{"sensor_id": 1, "temperature": 22.0, "ts": "2024-01-01 00:00:02"}' >"$W/timed.json"
TIMED="ptfhost: table 'timed': skipped 1 malformed row (json.ignore-parse-errors)"

job "SELECT window_start, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE timed, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
  GROUP BY window_start, window_end;"
check window_aggregation_reports_skipped_rows "$TIMED" "+I[2024-01-01T00:00, 2]"

job "SELECT sensor_id, temperature FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY sensor_id ORDER BY ts) AS rn
  FROM timed) WHERE rn = 1;"
check deduplication_reports_skipped_rows "$TIMED" "+I[1, 20.0]"

job "SELECT sensor_id FROM readings UNION ALL SELECT sensor_id FROM timed;"
check union_all_reports_skipped_rows_per_input "$ONE"$'\n'"$TIMED" "+I[1]"

printf '%s\n' '{"sensor_id": 1, "temperature": 2x}' '{"sensor_id": 2, "temperature": 21.0}' 'nope' >"$W/readings.json"
job "SELECT * FROM readings;"
check plural_count "ptfhost: table 'readings': skipped 2 malformed rows (json.ignore-parse-errors)" "+I[2, 21.0]"

printf '%s\n' '{"sensor_id": 1, "temperature": 20.0}' >"$W/readings.json"
job "SELECT * FROM readings;"
check nothing_skipped_nothing_reported "" "+I[1, 20.0]"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

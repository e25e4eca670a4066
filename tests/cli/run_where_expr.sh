#!/usr/bin/env bash
# WHERE around a PTF call is any Flink expression (native/expr): what runs is
# in compat/run/where_expressions; here, a condition Flink would reject fails
# with Flink's message, the script position and a caret, and no rows.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SEEDS=$PTFHOST_BUILD/compat/seeds.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"
printf '%s\n' '{"sensor_id": 1, "temperature": 20.0}' '{"sensor_id": 2, "temperature": 22.0}' >"$W/readings.json"

where_case() {   # where_case NAME EXPECTED_RC CONDITION PATTERN... (a WHERE around a Median call)
  local name=$1 want=$2 where=$3; shift 3
  run_case "$name" "$want" "" "CREATE FUNCTION Median AS 'com.example.Median' USING JAR '$SEEDS';
CREATE TABLE readings (sensor_id INT, temperature DOUBLE)
  WITH ('connector' = 'filesystem', 'path' = 'readings.json', 'format' = 'json');
SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 3)
WHERE $where;" "$@"
}

where_case in_list_and_function_run 0 "sensor_id IN (2, 3) AND ROUND(temperature) = 22" "+I[2, 22.0, 22.0]"
where_case case_runs 0 "CASE WHEN sensor_id = 1 THEN 'one' ELSE 'other' END = 'one'" "+I[1, 20.0, 20.0]"
where_case type_error_names_operator_and_position 1 "sensor_id + TRUE > 0" \
  "job.sql:5:7: Cannot apply '+' to arguments of type '<INTEGER> + <BOOLEAN>'." "5 | WHERE sensor_id + TRUE > 0"
where_case unknown_column 1 "nope = 1" "job.sql:5:7: SQL validation failed. Column 'nope' not found in any table"
where_case not_a_condition 1 "sensor_id + 1" "job.sql:5:7: WHERE clause must be a condition"
where_case unknown_function 1 "frobnicate(sensor_id) = 1" \
  "job.sql:5:7: No match found for function signature frobnicate(<NUMERIC>)"
where_case function_argument_type 1 "CAST(sensor_id AS STRING) = 'x' AND UPPER(temperature) = 'x'" \
  "Cannot apply 'UPPER' to arguments of type 'UPPER(<DOUBLE>)'."
# an error while evaluating a row fails the job, as in Flink (not a silently dropped row)
where_case runtime_error_fails_the_job 1 "sensor_id / (sensor_id - 1) > 0" "/ by zero"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

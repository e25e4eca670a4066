#!/usr/bin/env bash
# A select item is any Flink expression (native/expr): what runs over a PTF
# call, a table and a view is in compat/run/select_expressions; here, Flink's
# column names (alias, a column reference's last name, else EXPR$n), the
# constant forms that ran before, and errors: a type error at compile time
# with the position, an evaluation error that fails the job after the rows
# before it.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"
printf '%s\n' '{"id": 1, "name": "a", "p": {"x": 10}}' '{"id": 2, "name": "bb", "p": null}' >"$W/t.json"

select_case() {   # select_case NAME EXPECTED_RC "RUN OPTIONS" SELECT PATTERN... (a SELECT over t)
  local name=$1 want=$2 opts=$3 sel=$4; shift 4
  run_case "$name" "$want" "$opts" "CREATE TABLE t (id INT, name STRING, p ROW<x INT>)
  WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
$sel" "$@"
}

select_case column_names 0 "--format tableau" "SELECT id, id + 1, t.name, p.x, UPPER(name) AS up, 7 FROM t;" \
  "| op |          id |      EXPR\$1 |                           name |           x |                             up |      EXPR\$5 |" \
  "| +I |           1 |           2 |                              a |          10 |                              A |           7 |"
select_case expressions_per_row 0 "" "SELECT CHAR_LENGTH(name) * id, COALESCE(p.x, -1), name || '!' FROM t;" \
  "+I[1, 10, a!]" "+I[4, -1, bb!]"
select_case constants_as_before 0 "" \
  "SELECT id, 'k' AS c, -3 AS n, CAST('2020-01-01 10:00:00' AS TIMESTAMP(3)) AS ts, TO_TIMESTAMP_LTZ(1000, 3) AS l FROM t;" \
  "+I[1, k, -3, 2020-01-01T10:00, 1970-01-01T00:00:01Z]" "+I[2, k, -3, 2020-01-01T10:00, 1970-01-01T00:00:01Z]"
select_case type_error_names_operator_and_position 1 "" "SELECT id, name + TRUE FROM t;" \
  "job.sql:3:12: Cannot apply '+' to arguments of type '<VARCHAR(2147483647)> + <BOOLEAN>'." \
  "3 | SELECT id, name + TRUE FROM t;"
select_case unknown_function 1 "" "SELECT frobnicate(id) FROM t;" "job.sql:3:8: No match found for function signature frobnicate(<NUMERIC>)"
select_case unknown_column 1 "" "SELECT nope FROM t;" "Column 'nope' not found in any table" "available columns: id, name, p"
select_case bare_null 1 "" "SELECT id, NULL FROM t;" "job.sql:3:12: Illegal use of 'NULL'"
# a seeded RAND is one java.util.Random per call site, advanced per row (Flink's sequence)
select_case seeded_rand_sequence 0 "" "SELECT id, RAND(1), RAND_INTEGER(42, 100) FROM t;" \
  "+I[1, 0.7308781907032909, 30]" "+I[2, 0.41008081149220166, 63]"
# an error while evaluating a row fails the job, as in Flink, after the rows before it
select_case evaluation_error_fails_the_job 1 "" "SELECT id, 10 / (id - 2) AS r FROM t;" \
  "+I[1, -10]" "job.sql:3:12: Evaluating SELECT column 'r' failed:" "/ by zero"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

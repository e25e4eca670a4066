#!/usr/bin/env bash
# `ptfhost run` on bad input: each case fails (or skips) with one clear
# message saying what and where, never crashes, and loses no data.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SEEDS=$PTFHOST_BUILD/compat/seeds.jar
DEMO=$PTFHOST_BUILD/compat/fixtures.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0

check() {   # check NAME EXPECTED_RC PATTERN... (patterns must all appear in stdout+stderr)
  local name=$1 want=$2; shift 2
  "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
  local rc=$?
  local ok=1
  [ "$rc" -eq "$want" ] || ok=0
  for p in "$@"; do grep -qF -- "$p" "$W/out" "$W/err" || { ok=0; echo "  missing: $p"; }; done
  if [ $ok -eq 1 ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL $name (rc=$rc, want $want)"; cat "$W/out" "$W/err" | head -20; fi
}

job() {   # job EXTRA_TABLE_OPTIONS QUERY
  cat >"$W/job.sql" <<SQL
CREATE FUNCTION Median AS 'com.example.Median' USING JAR '$SEEDS';
CREATE FUNCTION long_views AS 'com.example.LongViews' USING JAR '$SEEDS';
CREATE FUNCTION fragile AS 'com.example.fixtures.Fragile' USING JAR '$DEMO';
CREATE TABLE readings (sensor_id INT, temperature DOUBLE)
  WITH ('connector' = 'filesystem', 'path' = 'readings.json', 'format' = 'json'$1);
CREATE TABLE items (k INT, item STRING)
  WITH ('connector' = 'filesystem', 'path' = 'items.json', 'format' = 'json');
CREATE TABLE out_file (sensor_id INT, temperature DOUBLE, median DOUBLE)
  WITH ('connector' = 'filesystem', 'path' = 'out.json', 'format' = 'json');
$2
SQL
}

MEDIAN="SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 3);"
printf '%s\n' '{"sensor_id": 1, "temperature": 20.0}' '{"sensor_id": 1, "temperature": 2x}' \
  '{"sensor_id": 1, "temperature": 22.0}' >"$W/readings.json"

job "" "$MEDIAN"
check malformed_json_fails_with_file_line_and_text 1 \
  "readings.json:2" '{"sensor_id": 1, "temperature": 2x}' "json.ignore-parse-errors" "+I[1, 20.0, 20.0]"

job ", 'json.ignore-parse-errors' = 'true'" "$MEDIAN"
check malformed_json_skipped_and_counted 0 "+I[1, 22.0, 21.0]" "skipped 1 malformed row"

job ", 'json.ignore-parse-errors' = 'true', 'json.fail-on-missing-field' = 'true'" "$MEDIAN"
check contradictory_json_options 1 "shouldn't both be true"

printf '%s\n' '{"sensor_id": 1}' >"$W/readings.json"
job ", 'json.fail-on-missing-field' = 'true'" "$MEDIAN"
check missing_field 1 "readings.json:1" "temperature"

printf '%s\n' '{"sensor_id": "one", "temperature": 1.0}' >"$W/readings.json"
job "" "$MEDIAN"
check mistyped_field 1 "readings.json:1" "sensor_id"

printf '%s\n' '{"sensor_id": 1, "temperature": 20.0}' >"$W/readings.json"
job "" "SELECT * FROM Median(input => TABLE nope PARTITION BY sensor_id, numTrailing => 3);"
check unknown_table 1 "job.sql:10:37" "Object 'nope' not found"

job "" "SELECT * FROM Median(input => TABLE readings PARTITION BY sensorid, numTrailing => 3);"
check unknown_partition_column 1 "Invalid column 'sensorid' for PARTITION BY clause. Available columns are: [sensor_id, temperature]"

job "" "SELECT nope FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 3);"
check unknown_select_column 1 "Column 'nope' not found"

job "" "SELECT * FROM Mediam(input => TABLE readings PARTITION BY sensor_id, numTrailing => 3);"
check unknown_function 1 "No function named 'Mediam'" "Registered functions: [Median, long_views, fragile]"

job "" "SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 'x');"
check wrong_argument_type 1 "Invalid argument type for 'numTrailing'" "expects INT"

job "" "SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id);"
check missing_argument 1 "Missing argument 'numTrailing' (INT)"

job "" "SELECT * FROM Median(TABLE readings PARTITION BY sensor_id, 3, DESCRIPTOR(x), 'u', 5);"
check too_many_arguments 1 "Too many arguments for function 'Median'"

job "" "SELECT * FROM long_views(input => TABLE readings PARTITION BY sensor_id, min_view_time => 1);"
check partition_by_on_row_semantics 1 \
  "Only tables with set semantics may be partitioned. Invalid PARTITION BY clause in the 0-th operand of table function 'long_views'"

job "" "SELECT * FROM Median(input => TABLE readings, numTrailing => 3);"
check missing_partition_by 1 "Table argument 'input' requires a PARTITION BY clause for parallel processing."

printf '%s\n' '{"sensor_id": 1, "temperature": 20.0}' >"$W/readings.json"
job "" "SET 'table.exec.state.ttl' = 'soon'; $MEDIAN"
check invalid_global_ttl 1 "Could not parse value 'soon' for key 'table.exec.state.ttl'"

job "" "SELECT * FRM x;"
check parse_error_with_caret 1 "job.sql:10:10: SQL parse failed. Encountered \"FRM\" at line 10, column 10." "|          ^~~"

printf '%s\n' '{"k": 1, "item": "a"}' '{"k": 2, "item": "boom"}' '{"k": 1, "item": "b"}' >"$W/items.json"
job "" "SELECT * FROM fragile(input => TABLE items PARTITION BY k);"
check java_exception_names_function_key_row_and_stack 1 \
  "function 'fragile' failed in eval for input row +I[2, boom] of table argument 'input', key (2)" \
  "java.lang.IllegalStateException: cannot process item 'boom'" "com.example.fixtures.Fragile.eval(Fragile.java:27)" "+I[1, a, 1]" \
  "Caused by: java.lang.ArithmeticException: the cause"

printf '%s\n' '{"sensor_id": 1, "temperature": 20.0}' '{"sensor_id": 1, "temperature": 2x}' >"$W/readings.json"
rm -f "$W/out.json"
job "" "INSERT INTO out_file SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 3);"
check failed_file_sink_leaves_no_file 1 "readings.json:2"
if ls "$W"/out.json* >/dev/null 2>&1; then fail=$((fail + 1)); echo "FAIL: a failed job left $(ls "$W"/out.json*)"; else pass=$((pass + 1)); fi

printf '%s\n' '{"sensor_id": 1, "temperature": 20.0}' '{"sensor_id": 1, "temperature": 22.0}' >"$W/readings.json"
job "" "INSERT INTO out_file SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 3);"
check file_sink_writes_on_success 0
if grep -q '"median":21.0' "$W/out.json" 2>/dev/null; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL: out.json: $(cat "$W/out.json" 2>&1)"; fi

# Two different PTF calls in one statement with the same uid (Flink merges only identical calls).
cat >"$W/job.sql" <<SQL
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$SEEDS';
CREATE VIEW t AS SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS T(user_id, url);
CREATE VIEW v AS SELECT user_id AS k, url FROM count_clicks(input => TABLE t PARTITION BY user_id, uid => 'same');
SELECT * FROM count_clicks(input => TABLE v PARTITION BY k, uid => 'same');
SQL
check duplicate_uid 1 "Duplicate unique identifier 'same' detected among process table functions."
sed -i "4s/'same'/'other'/" "$W/job.sql"
check distinct_uids_run 0 "+I[1, a, 1]"

# INSERT INTO binds the query's columns to the sink's by position: a type that does not cast implicitly, or
# another column count, fails planning (before, an INT went out as "" into a STRING column and a missing
# column read past the row); an implicit cast (INT -> BIGINT/DECIMAL) converts the values.
printf '%s\n' '{"k": 1, "item": "a"}' '{"k": null, "item": "b"}' >"$W/items.json"
sink() {   # sink SINK_COLUMNS [SET ...]: items -> out.json
  rm -f "$W/out.json"
  cat >"$W/job.sql" <<SQL
${2:-}
CREATE TABLE items (k INT, item STRING) WITH ('connector' = 'filesystem', 'path' = 'items.json', 'format' = 'json');
CREATE TABLE sink ($1) WITH ('connector' = 'filesystem', 'path' = 'out.json', 'format' = 'json');
INSERT INTO sink SELECT * FROM items;
SQL
}
no_file() { if [ -e "$W/out.json" ]; then fail=$((fail + 1)); echo "FAIL $1: left $(cat "$W/out.json")"; else pass=$((pass + 1)); fi; }
sink "k STRING, item STRING"
check sink_incompatible_type 1 "Column types of query result and sink for 'default_catalog.default_database.sink' do not match." \
  "Cause: Incompatible types for sink column 'k' at position 0." "Query schema: [k: INT, item: STRING]" \
  "Sink schema:  [k: STRING, item: STRING]"
no_file sink_incompatible_type
sink "k INT, item STRING, extra STRING"
check sink_column_count 1 "Cause: Different number of columns." "Sink schema:  [k: INT, item: STRING, extra: STRING]"
no_file sink_column_count
sink "k DECIMAL(5, 2), item VARCHAR(10)"
check sink_implicit_cast 0
if [ "$(cat "$W/out.json" 2>&1)" = $'{"k":1.00,"item":"a"}\n{"k":null,"item":"b"}' ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL sink_implicit_cast: out.json: $(cat "$W/out.json" 2>&1)"; fi
sink "k INT NOT NULL, item STRING"
check sink_not_null 1 "table 'sink': Column 'k' is NOT NULL, however, a null value is being written into it." \
  "'table.exec.sink.not-null-enforcer'='DROP'"
no_file sink_not_null
sink "k INT NOT NULL, item STRING" "SET 'table.exec.sink.not-null-enforcer' = 'drop';"
check sink_not_null_drop 0
if [ "$(cat "$W/out.json" 2>&1)" = '{"k":1,"item":"a"}' ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL sink_not_null_drop: out.json: $(cat "$W/out.json" 2>&1)"; fi
sink "k INT NOT NULL, item STRING" "SET 'table.exec.sink.not-null-enforcer' = 'skip';"
check sink_not_null_bad_option 1 "Could not parse value 'skip' for key 'table.exec.sink.not-null-enforcer'"

# A folder path reads its sub-folders too (Flink's file source enumerates recursively; they were skipped
# without a word), still skipping hidden and '_' files and folders; a symlink loop is an error, not a hang.
mkdir -p "$W/parts/2026/01" "$W/parts/.staging" "$W/parts/_tmp"
printf '%s\n' '{"k": 1, "item": "top"}' >"$W/parts/a.json"
printf '%s\n' '{"k": 2, "item": "nested"}' >"$W/parts/2026/01/b.json"
printf '%s\n' '{"k": 3, "item": "hidden"}' >"$W/parts/.staging/c.json"
printf '%s\n' '{"k": 4, "item": "underscore"}' >"$W/parts/_tmp/d.json"
cat >"$W/job.sql" <<SQL
CREATE TABLE parts (k INT, item STRING) WITH ('connector' = 'filesystem', 'path' = 'parts', 'format' = 'json');
SELECT * FROM parts;
SQL
check folder_reads_sub_folders 0 "+I[2, nested]" "+I[1, top]"
if grep -q "hidden\|underscore" "$W/out"; then fail=$((fail + 1)); echo "FAIL: read a hidden file: $(cat "$W/out")"
else pass=$((pass + 1)); fi
ln -s .. "$W/parts/2026/loop"
check folder_symlink_loop 1 "table 'parts': folder" "is nested more than 64 levels deep"
# A folder with nothing but hidden files has no rows (an empty file list: ASan/UBSan saw qsort of NULL).
mkdir -p "$W/nodata/.staging"
printf '%s\n' '{"k": 5, "item": "in progress"}' >"$W/nodata/.staging/.e.json.inprogress.1"
sed -i "s/'path' = 'parts'/'path' = 'nodata'/" "$W/job.sql"
check folder_without_data_reads_no_rows 0
if [ -s "$W/out" ] || [ -s "$W/err" ]; then fail=$((fail + 1)); echo "FAIL: no-data folder: $(cat "$W/out" "$W/err")"
else pass=$((pass + 1)); fi

# A UTF-8 BOM at the start of a file is not data; datagen bounds are checked.
printf '\xEF\xBB\xBF1,/home\n2,/x\n' >"$W/bom.csv"
cat >"$W/job.sql" <<SQL
CREATE TABLE c (id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'bom.csv', 'format' = 'csv');
SELECT * FROM c;
SQL
check csv_with_bom 0 "+I[1, /home]" "+I[2, /x]"
cat >"$W/job.sql" <<SQL
CREATE TABLE g (a TINYINT) WITH ('connector' = 'datagen', 'number-of-rows' = '2', 'fields.a.kind' = 'sequence',
  'fields.a.start' = '120', 'fields.a.end' = '130');
SELECT * FROM g;
SQL
check datagen_sequence_out_of_type 1 "the sequence of column 'a' (120..130) does not fit its type TINYINT"
cat >"$W/job.sql" <<SQL
CREATE TABLE g (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = '2', 'fields.a.min' = '10',
  'fields.a.max' = '1');
SELECT * FROM g;
SQL
check datagen_min_above_max 1 "'fields.a.min' (10) is greater than 'fields.a.max' (1)"

# An option no connector or format consumes is a typo: Flink's message, not silence.
cat >"$W/job.sql" <<SQL
CREATE TABLE g (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = '2', 'fields.a.mni' = '1');
SELECT * FROM g;
SQL
check unsupported_datagen_option 1 "Unsupported options found for 'datagen'." "fields.a.mni" "fields.a.min"
printf '%s\n' '{"sensor_id": 1, "temperature": 20.0}' >"$W/readings.json"
job ", 'json.fail-on-mising-field' = 'true'" "$MEDIAN"
check unsupported_format_option 1 "Unsupported options found for 'filesystem'." "json.fail-on-mising-field" \
  "json.fail-on-missing-field"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

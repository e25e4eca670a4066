#!/usr/bin/env bash
# Parallel workers ('parallelism.default', --parallelism; engine/workers.h): a
# stateful PTF with timers over many keys gives at parallelism 2 and 3 the rows
# of parallelism 1 (every key's rows in the same order), and the same output
# every time at one parallelism; a user error fails as at parallelism 1; a call
# that cannot run parallel runs at 1 with a note; bad option values fail.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"
PTFS=$PTFHOST_BUILD/compat/ptfs.jar
SEEDS=$PTFHOST_BUILD/compat/seeds.jar

# 6000 rows over 300 keys, one ms apart: NamedTimers registers five timers per key and fires them.
awk 'BEGIN { srand(2); for (i = 0; i < 6000; i++)
  printf "{\"name\": \"k%d\", \"score\": %d, \"ts\": \"1970-01-01 00:00:%02d.%03d\"}\n", int(rand() * 300), i,
         int(i / 1000), i % 1000 }' >"$W/t.json"
TIMERS="CREATE FUNCTION f AS 'io.ptfhost.compat.NamedTimers' USING JAR '$PTFS';
CREATE TABLE t (name STRING, score INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '0.001' SECOND)
  WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
SELECT * FROM f(r => TABLE t PARTITION BY name, on_time => DESCRIPTOR(ts));"

# same_per_key NAME A B: the same rows, and each key's rows (the first column) in the same order.
same_per_key() {
  local ok=1
  cmp -s <(sort "$2") <(sort "$3") || ok=0
  cmp -s <(awk -F'[[,]' '{ print $2 "\t" NR "\t" $0 }' "$2" | sort -s -t$'\t' -k1,1 | cut -f3) \
         <(awk -F'[[,]' '{ print $2 "\t" NR "\t" $0 }' "$3" | sort -s -t$'\t' -k1,1 | cut -f3) || ok=0
  [ "$(wc -l <"$2")" -gt 6000 ] || ok=0
  verdict "$1" "$ok" 0 0 "$2 and $3 differ"
}

run_sql "" "$TIMERS"; rc=$?; cp "$W/all" "$W/p1"; verdict timers_p1_runs "$([ $rc -eq 0 ] && echo 1 || echo 0)" "$rc" 0
run_sql "--parallelism 2" "$TIMERS"; cp "$W/all" "$W/p2"
run_sql "--parallelism 2" "$TIMERS"; cp "$W/all" "$W/p2b"
run_sql "--parallelism 3" "$TIMERS"; cp "$W/all" "$W/p3"
same_per_key timers_p2_as_p1 "$W/p1" "$W/p2"
same_per_key timers_p3_as_p1 "$W/p1" "$W/p3"
verdict timers_p2_deterministic "$(cmp -s "$W/p2" "$W/p2b" && echo 1 || echo 0)" 0 0 "two runs at 2 differ"

# The SET option, a state per key (CountClicks): the same counts.
awk 'BEGIN { srand(1); for (i = 0; i < 5000; i++) printf "{\"user_id\": %d, \"url\": \"/p%d\"}\n", int(rand() * 700), i % 9 }' \
  >"$W/c.json"
CLICKS="CREATE FUNCTION f AS 'com.example.CountClicks' USING JAR '$SEEDS';
CREATE TABLE c (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'c.json', 'format' = 'json');
SELECT * FROM f(input => TABLE c PARTITION BY user_id);"
run_sql "" "$CLICKS"; cp "$W/all" "$W/c1"
run_sql "" "SET 'parallelism.default' = '2';
$CLICKS"; cp "$W/all" "$W/c2"
verdict clicks_set_option "$(cmp -s <(sort "$W/c1") <(sort "$W/c2") && [ "$(wc -l <"$W/c2")" -eq 5000 ] && echo 1 || echo 0)" 0 0

# A scalar UDF over the workers' output runs on the command thread while the
# workers run the next round (several rounds of 8192 commands): the same rows.
awk 'BEGIN { srand(3); for (i = 0; i < 30000; i++) printf "{\"user_id\": %d, \"url\": \"/p%d\"}\n", int(rand() * 900), i % 7 }' \
  >"$W/u.json"
UDF="CREATE FUNCTION f AS 'com.example.CountClicks' USING JAR '$SEEDS';
CREATE FUNCTION plus_one AS 'com.example.udf.PlusOne' USING JAR '$PTFHOST_BUILD/compat/udfs.jar';
CREATE TABLE u (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'u.json', 'format' = 'json');
SELECT user_id, plus_one(CAST(click_count AS INT)) AS c FROM f(input => TABLE u PARTITION BY user_id) WHERE plus_one(user_id) % 2 = 0;"
run_sql "" "$UDF"; cp "$W/all" "$W/u1"
run_sql "--parallelism 2" "$UDF"; cp "$W/all" "$W/u2"
verdict udf_over_workers "$(cmp -s <(sort "$W/u1") <(sort "$W/u2") && [ "$(wc -l <"$W/u2")" -gt 10000 ] && echo 1 || echo 0)" 0 0 \
  "the rows at parallelism 2 differ from parallelism 1's"

# Row semantics cannot run parallel: parallelism 1 and a note on stderr.
run_case row_semantics_note 0 "--parallelism 2" "CREATE FUNCTION g AS 'io.ptfhost.compat.RowPassThrough' USING JAR '$PTFS';
CREATE VIEW v AS SELECT * FROM (VALUES ('Bob', 12), ('Alice', 42)) AS T(name, score);
SELECT * FROM g(r => TABLE v, i => 1);" "+I[Alice, 42, {+I[Alice, 42], 1}]" \
  "ptfhost: note: function 'g' runs at parallelism 1 (of 2): a table argument has row semantics"

run_case bad_parallelism 1 "--parallelism two" "$CLICKS" \
  "Could not parse value 'two' for key 'parallelism.default'. Use a whole number from 1 to 128."
run_case above_max_parallelism 1 "" "SET 'pipeline.max-parallelism' = '4';
SET 'parallelism.default' = '5';
$CLICKS" "Could not parse value '5' for key 'parallelism.default'. Use a whole number from 1 to 4."
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# A function that keeps nothing per key (no state, no timers, no Context) is
# not keyed in C: its rows are not interned, and it still shows Flink's output.
# - ThresholdFilter (PASS_COLUMNS_THROUGH) over 300 rows of 100 keys: every
#   row's columns and verdict, in order; the state stats count only the store's
#   one global key, where CountClicks over the same rows counts its 100 keys more;
# - a failing call of a keyless function still names its key (ThresholdFilter
#   with a NULL threshold, the key not the first column).
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SEEDS_JAR=$PTFHOST_BUILD/compat/seeds.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
cd "$W" || exit 1

awk 'BEGIN { for (i = 0; i < 300; i++) printf "{\"sensor_id\": %d, \"value\": %d.0}\n", i % 100, i }' >readings.json
awk 'BEGIN { for (i = 0; i < 300; i++) printf "%d,%d.0,%s\n", i % 100, i, (i > 150 ? "true" : "false") }' >expected.csv
cat >filter.sql <<SQL
SET 'ptfhost.state.stats' = 'true';
CREATE FUNCTION f AS 'com.example.ThresholdFilter' USING JAR '$SEEDS_JAR';
CREATE TABLE readings (sensor_id INT, \`value\` DOUBLE) WITH ('connector' = 'filesystem', 'path' = 'readings.json', 'format' = 'json');
CREATE TABLE verdicts (sensor_id INT, \`value\` DOUBLE, verdict BOOLEAN) WITH ('connector' = 'filesystem', 'path' = 'out.csv', 'format' = 'csv');
INSERT INTO verdicts SELECT * FROM f(input => TABLE readings PARTITION BY sensor_id, threshold => 150.0);
SQL
"$PTFHOST" run filter.sql >filter.txt 2>filter.err && ok || bad "ThresholdFilter: $(head -3 filter.err)"
cmp -s out.csv expected.csv && ok || bad "ThresholdFilter's rows differ: $(diff out.csv expected.csv | head -5)"
grep -q "state of 'f': 1 keys, 0 values" filter.err && ok ||
  bad "a keyless function interned keys: $(grep 'state of' filter.err)"

sed 's/"sensor_id"/"user_id"/; s/"value": \([0-9]*\).0/"url": "\/p\1"/' readings.json >clicks.json
cat >count.sql <<SQL
SET 'ptfhost.state.stats' = 'true';
CREATE FUNCTION c AS 'com.example.CountClicks' USING JAR '$SEEDS_JAR';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');
SELECT * FROM c(input => TABLE clicks PARTITION BY user_id);
SQL
"$PTFHOST" run count.sql >count.txt 2>count.err && ok || bad "CountClicks: $(head -3 count.err)"
grep -q "state of 'c': 101 keys, 100 values" count.err && ok ||
  bad "CountClicks' keys are not counted: $(grep 'state of' count.err)"
[ "$(grep -c ', 3\]$' count.txt)" -eq 100 ] && ok || bad "CountClicks does not reach 3 per user: $(tail -3 count.txt)"

printf '%s\n' '{"value": 1.0, "sensor_id": 7}' >late_key.json
cat >fails.sql <<SQL
CREATE FUNCTION f AS 'com.example.ThresholdFilter' USING JAR '$SEEDS_JAR';
CREATE TABLE readings (\`value\` DOUBLE, sensor_id INT) WITH ('connector' = 'filesystem', 'path' = 'late_key.json', 'format' = 'json');
SELECT * FROM f(input => TABLE readings PARTITION BY sensor_id, threshold => CAST(NULL AS DOUBLE));
SQL
"$PTFHOST" run fails.sql >fails.txt 2>fails.err
rc=$?
[ "$rc" -eq 1 ] && ok || bad "a failing call exits $rc, not 1"
grep -qF "failed in eval for input row +I[1.0, 7] of table argument 'input', key (7):" fails.err && ok ||
  bad "the failing call's message lacks its key: $(head -2 fails.err)"

echo "run_keyless: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# Checkpoints of the stages that are not PTF calls (docs/checkpoints.md, STAGE record): a GROUP BY,
# a window aggregation and a de-duplication over a file keep their state across --resume (the
# final checkpoint at the end of the file; rows appended later continue from it), a changed query
# shape and a PTF query refuse the state, and a PTF checkpoint is not claimed by an aggregation.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
cd "$W" || exit 1
# same NAME FILE EXPECTED
same() { [ "$(cat "$2")" = "$3" ] && ok || bad "$1: got:"$'\n'"$(cat "$2")"$'\n'"stderr:"$'\n'"$(cat "$2.err" 2>/dev/null)"; }
run() { "$PTFHOST" run --resume "$1" >"$2" 2>"$2.err"; }
# script NAME DIR SELECT (over table t: name STRING, score INT, ts TIMESTAMP(3) with a watermark, pt AS PROCTIME())
script() {
  cat >"$1" <<SQL
SET 'execution.checkpointing.interval' = '1 h';
SET 'execution.checkpointing.dir' = '$2';
CREATE TABLE t (name STRING, score INT, ts TIMESTAMP(3), pt AS PROCTIME(), WATERMARK FOR ts AS ts)
  WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
$3
SQL
}
row() { echo "{\"name\": \"$1\", \"score\": $2, \"ts\": \"2025-01-01 00:$3\"}" >>t.json; }

# GROUP BY: the counts go on after --resume.
row Bob 1 00:10; row Al 2 00:20; row Bob 3 01:10
script group.sql ck-group 'SELECT name, COUNT(*) AS c, SUM(score) AS s FROM t GROUP BY name;'
run group.sql out1 && ok || bad "group run 1: $(cat out1.err)"
same "group run 1" out1 "+I[Bob, 1, 1]
+I[Al, 1, 2]
-U[Bob, 1, 1]
+U[Bob, 2, 4]"
row Bob 5 01:20
run group.sql out2 && ok || bad "group run 2: $(cat out2.err)"
same "group resumed" out2 "-U[Bob, 2, 4]
+U[Bob, 3, 9]"
grep -q "restoring from .*ck-group/chk-" out2.err && ok || bad "group: no 'restoring from': $(cat out2.err)"

# Another shape over the same checkpoint is refused, naming both shapes.
script other.sql ck-group 'SELECT name, MAX(score) FROM t GROUP BY name;'
run other.sql out3 && bad "a changed aggregation restored" || ok
grep -q "the state of 'group-aggregate' was written for another query shape" out3.err && ok \
  || bad "shape message: $(cat out3.err)"

# A window aggregation: the open window and the watermark come back; the window fires with both rows.
script window.sql ck-window "SELECT window_start, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
  GROUP BY window_start, window_end;"
rm t.json; row Bob 1 00:10; row Bob 2 01:10
run window.sql out4 && ok || bad "window run 1: $(cat out4.err)"
same "window run 1" out4 "+I[2025-01-01T00:00, 1]
+I[2025-01-01T00:01, 1]"
row Bob 3 01:20; row Bob 4 00:30
run window.sql out5 && ok || bad "window run 2: $(cat out5.err)"
same "window resumed (the late row stays late)" out5 "+I[2025-01-01T00:01, 2]"

# De-duplication, keep-first on processing time: a key seen before the checkpoint stays seen.
script dedup.sql ck-dedup 'SELECT name, score FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY name ORDER BY pt) AS rn
  FROM t) WHERE rn = 1;'
rm t.json; row Bob 1 00:10
run dedup.sql out6 && ok || bad "dedup run 1: $(cat out6.err)"
same "dedup run 1" out6 "+I[Bob, 1]"
row Bob 2 00:20; row Al 3 00:30
run dedup.sql out7 && ok || bad "dedup run 2: $(cat out7.err)"
same "dedup resumed" out7 "+I[Al, 3]"

# A PTF query does not claim an aggregation's state.
cat >ptf.sql <<SQL
SET 'execution.checkpointing.interval' = '1 h';
SET 'execution.checkpointing.dir' = 'ck-group';
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'c.json', 'format' = 'json');
SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
echo '{"user_id": 1, "url": "/a"}' >c.json
run ptf.sql out8 && bad "a PTF query claimed group-aggregate state" || ok
grep -q "uid 'group-aggregate'" out8.err && ok || bad "PTF over aggregate state: $(cat out8.err)"

# ... and an aggregation does not claim a PTF call's.
cat >ptf2.sql <<SQL
SET 'execution.checkpointing.interval' = '1 h';
SET 'execution.checkpointing.dir' = 'ck-ptf';
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'c.json', 'format' = 'json');
SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
run ptf2.sql out9 && ok || bad "PTF run: $(cat out9.err)"
script agg2.sql ck-ptf 'SELECT name, COUNT(*) FROM t GROUP BY name;'
run agg2.sql out10 && bad "an aggregation claimed a PTF call's state" || ok
grep -q "uid 'count_clicks'" out10.err && ok || bad "aggregate over PTF state: $(cat out10.err)"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

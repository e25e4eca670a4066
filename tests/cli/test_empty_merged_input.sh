#!/usr/bin/env bash
# A PTF call over several watermarked tables merges them by event time; a
# table that is empty ends at once (its watermark becomes +inf, as Flink's
# finished bounded source), so it does not hold the other table's watermark
# back and the timers still fire at the end of input. Before, an empty table
# never ended in the merge and the timeout below was never emitted.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

join_case() {   # join_case NAME: a TimedJoin of t (scores) and city, both watermarked
  cat <<CASE
-- case: $1
-- sql
CREATE FUNCTION f AS 'io.ptfhost.compat.TimedJoin' USING JAR '@BUILD@/compat/ptfs.jar';
CREATE TABLE t (name STRING, score INT, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts - INTERVAL '0.001' SECOND)
  WITH ('connector' = 'values');
CREATE TABLE city (name STRING, city STRING, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts - INTERVAL '0.001' SECOND)
  WITH ('connector' = 'values');
SELECT * FROM f(scoreTable => TABLE t PARTITION BY name, cityTable => TABLE city PARTITION BY name, on_time => DESCRIPTOR(ts));
CASE
}

{
  join_case "an empty watermarked input ends at once"
  cat <<'CASE'
-- input t
["Alice", 1, "1970-01-01 00:00:00.001Z"]
-- input city
-- expected
+I[Alice, Alice, no city found for score 1, 1970-01-01T00:00:01.001Z]

CASE
  join_case "an empty first input ends at once too"
  cat <<'CASE'
-- input t
-- input city
["Bob", "London", "1970-01-01 00:00:00.000Z"]
-- expected
CASE
} >"$W/empty.case"

"$PTFHOST" test --build "$PTFHOST_BUILD" "$W/empty.case" >"$W/out" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && [ "$(tail -n 1 "$W/out")" = "2 passed, 0 failed" ]; then echo "1 passed, 0 failed"; exit 0; fi
echo "FAIL (rc=$rc)"; cat "$W/out"
exit 1

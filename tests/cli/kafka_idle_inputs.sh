#!/usr/bin/env bash
# A PTF with two table arguments over two unbounded topics, one of them
# silent (io.ptfhost.compat.TimedJoin: a score without a city times out 1 s
# after it). The PTF's watermark is the minimum over its inputs; a silent
# input holds it back, until with 'table.exec.source.idle-timeout' every
# split of it is idle: then it no longer counts (Flink's WatermarkStatus)
# and the timeout fires. Without the idle timeout it fires only once the
# silent topic's watermark passes it, though the rows of the other input
# flow meanwhile. Nothing here measures time: every wait
# is a hang guard, and the checks are on the rows.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
job="" keep=""
trap '[ -n "$keep" ] && kill "$keep" 2>/dev/null; [ -n "$job" ] && kill "$job" 2>/dev/null; stop_broker; rm -rf "$W"' EXIT

start_broker --partitions 2 --topics scores,cities,scores2,cities2 || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }

job() {   # SCORES CITIES [SET...]: the join, its output on fd 3
  cat >"$W/job.sql" <<SQL
${3:-}
CREATE FUNCTION f AS 'io.ptfhost.compat.TimedJoin' USING JAR '$PTFHOST_BUILD/compat/ptfs.jar';
CREATE TABLE t (name STRING, score INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '0.001' SECOND)
  WITH ('connector' = 'kafka', 'topic' = '$1', 'properties.bootstrap.servers' = '$BOOT',
  'scan.startup.mode' = 'earliest-offset', 'format' = 'json');
CREATE TABLE city (name STRING, city STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '0.001' SECOND)
  WITH ('connector' = 'kafka', 'topic' = '$2', 'properties.bootstrap.servers' = '$BOOT',
  'scan.startup.mode' = 'earliest-offset', 'format' = 'json');
SELECT * FROM f(scoreTable => TABLE t PARTITION BY name, cityTable => TABLE city PARTITION BY name,
  on_time => DESCRIPTOR(ts));
SQL
  rm -f "$W/out"; mkfifo "$W/out"
  "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err" &
  job=$!
  exec 3<"$W/out"
}
stop_job() { kill "$job" 2>/dev/null; wait "$job" 2>/dev/null; job=""; exec 3<&-; }
produce() { timeout 60 kcat -b "$BOOT" -P -t "$1" -p "$2"; }   # hang guard
next_line() { line=""; IFS= read -r -t 60 line <&3; }   # hang guard
nothing_yet() {   # WHAT: no output line is ready (after a short look)
  if IFS= read -r -t 2 line <&3; then bad "$1: '$line' was printed"; else ok; fi
}
alice='+I[Alice, Alice, no city found for score 1, 2026-01-01T00:00:01]'

# 1. Idle timeout: the silent cities topic stops holding the watermark; the
#    scores topic (its second partition silent too, and idle) alone moves it.
#    Records for Zed keep scores active (were both tables idle at once, the
#    watermark would stay, as in Flink); his timeout is past the watermark.
job scores cities "SET 'table.exec.source.idle-timeout' = '300 ms';"
printf '%s\n' '{"name": "Alice", "score": 1, "ts": "2026-01-01 00:00:00"}' \
  '{"name": "Bob", "score": 2, "ts": "2026-01-01 00:00:05"}' | produce scores 0
while :; do
  echo '{"name": "Zed", "score": 9, "ts": "2026-01-01 00:00:05"}' | produce scores 0 >/dev/null 2>&1
  sleep 0.1
done &
keep=$!
next_line
[ "$line" = "$alice" ] && ok || bad "idle: got '$line'; stderr: $(head -c 2000 "$W/err")"
# the cities topic comes back: a city for Bob at 00:00:05.5 joins before his timeout
echo '{"name": "Bob", "city": "Oslo", "ts": "2026-01-01 00:00:05.500"}' | produce cities 1
next_line
[ "$line" = "+I[Bob, Bob, 2 score in city Oslo, 2026-01-01T00:00:05.500]" ] && ok || bad "join: got '$line'"
kill "$keep"; wait "$keep" 2>/dev/null; keep=""
stop_job

# 2. No idle timeout: the silent topic holds the timeout back until a city
#    record moves its watermark past it.
job scores2 cities2
printf '%s\n' '{"name": "Alice", "score": 1, "ts": "2026-01-01 00:00:00"}' \
  '{"name": "Bob", "score": 2, "ts": "2026-01-01 00:00:05"}' | produce scores2 0
echo '{"name": "Zed", "score": 3, "ts": "2026-01-01 00:00:05"}' | produce scores2 1
nothing_yet "the cities topic is silent and not idle, yet a timer fired"
echo '{"name": "Carl", "city": "Rome", "ts": "2026-01-01 00:00:03"}' | produce cities2 0
echo '{"name": "Dora", "city": "Bern", "ts": "2026-01-01 00:00:03"}' | produce cities2 1
next_line
[ "$line" = "$alice" ] && ok || bad "held, then released: got '$line'; stderr: $(head -c 2000 "$W/err")"
nothing_yet "Bob's timeout at 00:00:06 is past every watermark, yet something was printed"
stop_job
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

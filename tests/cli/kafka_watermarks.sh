#!/usr/bin/env bash
# Per-partition watermarks over an unbounded 3-partition topic, with the
# timer PTF of the seed InactivityAlert (a timer 60 s after each user's
# event): the source watermark is the minimum over the partitions, so a
# timer fires only when every active partition has passed its time; with
# 'table.exec.source.idle-timeout' a partition that has no records stops
# holding it back. Records are produced in steps to chosen partitions and
# the output is read as it streams. Nothing here measures time: every wait
# is a hang guard, and the checks are on the order and contents of rows.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
job=""
trap '[ -n "$job" ] && kill "$job" 2>/dev/null; stop_broker; rm -rf "$W"' EXIT

start_broker --partitions 3 --topics events,quiet || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }

# job TOPIC [SET...]: starts the alert job over TOPIC, its output on fd 3.
job() {
  {
    echo "${2:-}"
    echo "CREATE FUNCTION InactivityAlert AS 'com.example.InactivityAlert' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';"
    echo "CREATE TABLE user_events (user_id STRING, event_time TIMESTAMP(3), WATERMARK FOR event_time AS event_time)
  WITH ('connector' = 'kafka', 'topic' = '$1', 'properties.bootstrap.servers' = '$BOOT',
  'scan.startup.mode' = 'earliest-offset', 'format' = 'json');"
    echo "SELECT user_id, alert_type, rowtime FROM InactivityAlert(input => TABLE user_events PARTITION BY user_id,
  on_time => DESCRIPTOR(event_time), uid => 'inactivity-v1');"
  } >"$W/job.sql"
  rm -f "$W/out"; mkfifo "$W/out"
  "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err" &
  job=$!
  exec 3<"$W/out"
}

stop_job() {
  kill "$job" 2>/dev/null; wait "$job" 2>/dev/null; job=""
  exec 3<&-
}

# produce TOPIC PARTITION USER TIME...: one record per USER TIME pair.
produce() {
  local topic=$1 part=$2; shift 2
  while [ $# -ge 2 ]; do
    printf '{"user_id": "%s", "event_time": "2026-01-01 %s"}\n' "$1" "$2"
    shift 2
  done | timeout 60 kcat -b "$BOOT" -P -t "$topic" -p "$part"   # hang guard
}

# expect_lines N WANT: the next N output lines are WANT.
expect_lines() {
  local got="" line
  for _ in $(seq "$1"); do
    IFS= read -r -t 60 line <&3 || break   # hang guard
    got+="$line"$'\n'
  done
  [ "$got" = "$2"$'\n' ] && ok || bad "expected '$2', got '$got'; stderr: $(head -c 2000 "$W/err")"
}

# nothing_yet WHAT: no output line is ready (after a short look).
nothing_yet() {
  local line
  if IFS= read -r -t 2 line <&3; then bad "$1: '$line' was printed"; else ok; fi
}

# 1. No idleness: partitions 0 and 1 pass 00:05 while partition 2 has no
#    record, so nothing fires. Then partition 2's record at 00:00:05 (not late:
#    the watermark is still held back) registers a timer at 00:01:05, and its
#    record at 00:05 releases the watermark to 00:05: the three timers fire in
#    time order, frank's between carol's and alice's. A source watermark taken
#    from the latest row instead would have fired carol and alice at the
#    first 00:05 record, before frank's arrived.
job events
produce events 0 carol 00:00:00 dave 00:05:00
produce events 1 alice 00:00:10 erin 00:05:00
nothing_yet "partition 2 has no record, yet a timer fired"
produce events 2 frank 00:00:05
nothing_yet "partition 2 is at 00:00:05, yet a timer fired"
produce events 2 gina 00:05:00
expect_lines 3 "+I[carol, inactive, 2026-01-01T00:01]
+I[frank, inactive, 2026-01-01T00:01:05]
+I[alice, inactive, 2026-01-01T00:01:10]"
kill -0 "$job" 2>/dev/null && ok || bad "the unbounded job ended: $(head -c 2000 "$W/err")"
stop_job

# 1b. The same topic read bounded ('scan.bounded.mode' = 'latest-offset')
#     ends when every partition has reached its end; the end's watermark
#     fires the other timers (the three at 00:06 in an order of their own).
sed -i "s/'scan.startup.mode' = 'earliest-offset'/&, 'scan.bounded.mode' = 'latest-offset'/" "$W/job.sql"
if timeout 120 "$PTFHOST" run "$W/job.sql" >"$W/bounded" 2>"$W/err"; then   # hang guard
  want="+I[carol, inactive, 2026-01-01T00:01]
+I[frank, inactive, 2026-01-01T00:01:05]
+I[alice, inactive, 2026-01-01T00:01:10]"
  [ "$(head -n 3 "$W/bounded")" = "$want" ] && ok || bad "bounded: $(cat "$W/bounded")"
  [ "$(tail -n +4 "$W/bounded" | sort | tr '\n' ' ')" = "+I[dave, inactive, 2026-01-01T00:06] \
+I[erin, inactive, 2026-01-01T00:06] +I[gina, inactive, 2026-01-01T00:06] " ] && ok || bad "bounded: $(cat "$W/bounded")"
else
  bad "the bounded job failed: $(head -c 2000 "$W/err")"
fi

# 2. With an idle timeout, partition 2 never gets a record and stops holding
#    the watermark back once it is idle: records on partitions 0 and 1 at
#    00:05 fire carol's and alice's timers. Partitions 0 and 1 may turn idle
#    too while the job waits, so a fresh 00:05 record on each is produced
#    until the alerts arrive (at most 50 rounds: hang guard).
job quiet "SET 'table.exec.source.idle-timeout' = '1 s';"
produce quiet 0 carol 00:00:00
produce quiet 1 alice 00:00:10
got=""
for i in $(seq 50); do
  produce quiet 0 "u$i" 00:05:00
  produce quiet 1 "v$i" 00:05:00
  if IFS= read -r -t 1 line <&3; then got=$line; break; fi
  kill -0 "$job" 2>/dev/null || break
done
[ "$got" = "+I[carol, inactive, 2026-01-01T00:01]" ] && ok || bad "idle partition: first alert '$got'; stderr: $(head -c 2000 "$W/err")"
expect_lines 1 "+I[alice, inactive, 2026-01-01T00:01:10]"
stop_job

# 3. A setting that is not a duration fails the job, naming the key.
sed -i "1s/.*/SET 'pipeline.auto-watermark-interval' = 'often';/" "$W/job.sql"
timeout 120 "$PTFHOST" run "$W/job.sql" >"$W/bad" 2>"$W/err"; rc=$?   # hang guard
[ "$rc" != 0 ] && grep -q "Could not parse value 'often' for key 'pipeline.auto-watermark-interval'" "$W/err" \
  && ok || bad "a bad interval: rc $rc, $(head -c 2000 "$W/err")"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

#!/usr/bin/env bash
# Faults under a kafka source, with the built-in broker's fault controls
# (commands on its stdin, docs/kafka.md): a broker that goes away during a
# bounded read and comes back delays the job and loses nothing; requests that
# fail for a while lose nothing; a broker that never comes back fails the job
# with a message naming the bootstrap servers and the timeout option
# ('properties.default.api.timeout.ms'), not a hang. Also many records through
# a PTF (each record's rows outlive the next poll) match the same job over a file.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
job=""
trap '[ -n "$job" ] && kill "$job" 2>/dev/null; stop_broker; exec 4>&-; rm -rf "$W"' EXIT
JAR=$PTFHOST_BUILD/compat/seeds.jar

mkfifo "$W/ctl"
exec 4<>"$W/ctl"
BROKER_IN=$W/ctl start_broker --topics later,gone,flaky --partitions 1 || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
records() {   # FIRST LAST: JSON clicks, one per line
  seq "$1" "$2" | awk '{ printf "{\"user_id\": %d, \"url\": \"/p%d\"}\n", $1 % 7, $1 }'
}
produce() { timeout 60 kcat -b "$BOOT" -P -t "$1"; }   # hang guard
# a job over TOPIC bounded at offset END of partition 0, printing the rows
bounded_job() {
  cat <<SQL
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = '$1',
  'properties.bootstrap.servers' = '$BOOT', 'scan.startup.mode' = 'earliest-offset',
  'scan.bounded.mode' = 'specific-offsets', 'scan.bounded.specific-offsets' = 'partition:0,offset:$2',
  'format' = 'json'${3:+, $3});
SELECT * FROM clicks;
SQL
}
want_rows() { records "$1" "$2" | sed -E 's/\{"user_id": ([0-9]+), "url": "([^"]*)"\}/+I[\1, \2]/'; }
start_job() { "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err" & job=$!; }
wait_job() {   # hang guard: 120 s; returns the job's exit code
  for _ in $(seq 1200); do kill -0 "$job" 2>/dev/null || break; sleep 0.1; done
  kill "$job" 2>/dev/null; wait "$job"; local rc=$?; job=""; return $rc
}

# 1. Down during a bounded read, then up: the job waits and reads every record.
records 1 500 | produce later
bounded_job later 1000 >"$W/job.sql"
start_job
sleep 2   # the job has read the first 500 and waits for the rest
control "down 1" && grep -q "^broker 1 down$" "$W/broker.out" && ok || bad "down 1: $(tail -n 1 "$W/broker.out")"
sleep 3
kill -0 "$job" 2>/dev/null && ok || bad "the job ended while the broker was down: $(cat "$W/err")"
control "up 1" && ok
records 501 1000 | produce later
if wait_job; then
  [ "$(cat "$W/out")" = "$(want_rows 1 1000)" ] && ok || bad "down and up: $(wc -l <"$W/out") rows, not the 1000 produced"
else
  bad "down and up failed the job: $(cat "$W/err")"
fi

# 2. Fetches that fail (the broker disconnects the next 5) are retried: every record arrives.
records 1 300 | produce flaky
control "errors 1 5 -195" && grep -q "^the next 5 requests of API 1 fail" "$W/broker.out" && ok \
  || bad "errors: $(tail -n 1 "$W/broker.out") $(cat "$W/broker.err")"
bounded_job flaky 300 >"$W/job.sql"
start_job
if wait_job; then
  [ "$(cat "$W/out")" = "$(want_rows 1 300)" ] && ok || bad "failing fetches: $(wc -l <"$W/out") rows, not 300"
else
  bad "failing fetches failed the job: $(cat "$W/err")"
fi

# 3. Down for good: the job fails after the timeout, naming the servers and the option.
records 1 10 | produce gone
bounded_job gone 20 "'properties.default.api.timeout.ms' = '3000'" >"$W/job.sql"
start_job
sleep 2
control "down all" && ok
if wait_job; then bad "the job ended well with the broker gone"; else
  grep -qF "no Kafka broker of '$BOOT' (properties.bootstrap.servers) has answered for 3000 ms" "$W/err" &&
    grep -qF "'properties.default.api.timeout.ms'" "$W/err" && ok || bad "broker gone: $(cat "$W/err")"
fi
control "up all" && ok

# 4. Bad commands are answered on stderr; the broker keeps running.
echo "down 9" >&4; sleep 0.5
grep -q "'9' is not a broker: give 1 to 1, or all" "$W/broker.err" && ok || bad "down 9: $(cat "$W/broker.err")"
echo "sideways 1" >&4; sleep 0.5
grep -q "unknown command 'sideways 1'" "$W/broker.err" && kill -0 "$BROKER_PID" && ok || bad "bad command: $(cat "$W/broker.err")"

# 5. Many records through a PTF match the same job over a file (rows outlive the next poll).
records 1 30000 >"$W/many.json"
timeout 60 kcat -b "$BOOT" -P -t many -X linger.ms=20 <"$W/many.json"   # hang guard ('many' gets 4 partitions)
ptf_job() {
  echo "CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$JAR';"
  echo "CREATE TABLE clicks (user_id INT, url STRING) WITH ($1, 'format' = 'json');"
  echo "SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);"
}
ptf_job "'connector' = 'filesystem', 'path' = '$W/many.json'" >"$W/file.sql"
ptf_job "'connector' = 'kafka', 'topic' = 'many', 'properties.bootstrap.servers' = '$BOOT', \
'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset'" >"$W/job.sql"
timeout 120 "$PTFHOST" run "$W/file.sql" | sort >"$W/file.out"   # hang guard
# Each partition keeps its order, so a user's count ends at the same total; compare the rows as sets
# of (user, url) and the final count per user.
if timeout 120 "$PTFHOST" run "$W/job.sql" >"$W/kafka.out" 2>"$W/err"; then   # hang guard
  sets() { sed -E 's/, [0-9]+\]$/]/' "$1" | sort; }
  finals() { sed -E 's/^\+I\[([0-9]+), [^,]*, ([0-9]+)\]$/\1 \2/' "$1" | sort -k1,1n -k2,2n | awk '{ m[$1] = $2 } END { for (k in m) print k, m[k] }' | sort; }
  [ "$(wc -l <"$W/kafka.out")" = 30000 ] && [ "$(sets "$W/kafka.out")" = "$(sets "$W/file.out")" ] &&
    [ "$(finals "$W/kafka.out")" = "$(finals "$W/file.out")" ] && ok || bad "many records: $(wc -l <"$W/kafka.out") rows differ from the file's"
else
  bad "many records through a PTF: $(head -c 2000 "$W/err")"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

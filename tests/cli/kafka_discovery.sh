#!/usr/bin/env bash
# 'topic-pattern' and 'scan.topic-partition-discovery.interval': a source
# reads every topic whose whole name matches the pattern; an unbounded one
# picks up a matching topic created while it runs (the broker's 'topic'
# control) and reads it from its earliest offset, while a topic that does not
# match stays unread; a bounded one reads the topics matching when it starts
# and ends. 'topic' with 'topic-pattern', a pattern that is not a regular
# expression and a pattern on a sink are errors. Nothing here measures time.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
job=""
trap '[ -n "$job" ] && kill "$job" 2>/dev/null; stop_broker; exec 4>&-; rm -rf "$W"' EXIT

mkfifo "$W/ctl"
exec 4<>"$W/ctl"
BROKER_IN=$W/ctl start_broker --topics ev-a,ev-c,evx --partitions 2 || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
produce() { timeout 60 kcat -b "$BOOT" -P -t "$1" -p "${2:-0}"; }   # hang guard
table() {   # OPTIONS: a table over 'ev-[a-z]+' with its topic as a column
  cat <<SQL
CREATE TABLE ev (id INT, topic STRING METADATA VIRTUAL) WITH ('connector' = 'kafka',
  'topic-pattern' = 'ev-[a-z]+', 'properties.bootstrap.servers' = '$BOOT',
  'scan.startup.mode' = 'earliest-offset', 'format' = 'json'$1);
SQL
}

echo '{"id": 1}' | produce ev-a 0
echo '{"id": 2}' | produce ev-a 1
echo '{"id": 3}' | produce ev-c 1
echo '{"id": 9}' | produce evx 0

# 1. Bounded: the matching topics' records, then the end.
{ table ", 'scan.bounded.mode' = 'latest-offset'"; echo "SELECT * FROM ev;"; } >"$W/job.sql"
timeout 120 "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"   # hang guard
rc=$?
[ "$rc" = 0 ] && ok || bad "bounded pattern job exit $rc: $(head -c 2000 "$W/err")"
got=$(sort "$W/out" | tr '\n' ' ')
[ "$got" = "+I[1, ev-a] +I[2, ev-a] +I[3, ev-c] " ] && ok || bad "bounded pattern read '$got'"

# 2. Unbounded with discovery every 300 ms: the three records, then a topic
# created while it runs. A record in a topic that does not match comes first
# and must not show.
{ table ", 'scan.topic-partition-discovery.interval' = '300 ms'"; echo "SELECT * FROM ev;"; } >"$W/job.sql"
mkfifo "$W/live"
"$PTFHOST" run "$W/job.sql" >"$W/live" 2>"$W/err" &
job=$!
exec 3<"$W/live"
for _ in 1 2 3; do IFS= read -r -t 60 line <&3 && echo "$line"; done >"$W/first"   # hang guard
got=$(sort "$W/first" | tr '\n' ' ')
[ "$got" = "+I[1, ev-a] +I[2, ev-a] +I[3, ev-c] " ] && ok || bad "first rows '$got'; stderr: $(head -c 2000 "$W/err")"
control "topic ev-new 3" && grep -q "^topic ev-new created with 3 partitions$" "$W/broker.out" && ok \
  || bad "topic control: $(tail -n 1 "$W/broker.out")"
echo '{"id": 8}' | produce evx 1
echo '{"id": 4}' | produce ev-new 2
IFS= read -r -t 60 line <&3   # hang guard
[ "$line" = "+I[4, ev-new]" ] && ok || bad "after discovery: '$line'; stderr: $(head -c 2000 "$W/err")"
echo '{"id": 5}' | produce ev-c 0
IFS= read -r -t 60 line <&3   # hang guard
[ "$line" = "+I[5, ev-c]" ] && ok || bad "then: '$line'"
kill -0 "$job" 2>/dev/null && ok || bad "the unbounded job ended: $(head -c 2000 "$W/err")"
kill "$job" 2>/dev/null; wait "$job" 2>/dev/null; job=""
exec 3<&-

# 3. Errors.
cat >"$W/both.sql" <<SQL
CREATE TABLE ev (id INT) WITH ('connector' = 'kafka', 'topic' = 'ev-a', 'topic-pattern' = 'ev-.*',
  'properties.bootstrap.servers' = '$BOOT', 'format' = 'json');
SELECT * FROM ev;
SQL
timeout 120 "$PTFHOST" run "$W/both.sql" >/dev/null 2>"$W/err"   # hang guard
grep -q "Option 'topic' and 'topic-pattern' shouldn't be set together." "$W/err" && ok || bad "both: $(cat "$W/err")"
sed -e "s/'topic' = 'ev-a', //" -e "s/'ev-\.\*'/'ev-(a'/" "$W/both.sql" >"$W/regex.sql"
timeout 120 "$PTFHOST" run "$W/regex.sql" >/dev/null 2>"$W/err"   # hang guard
grep -q "'topic-pattern' 'ev-(a' is not a regular expression" "$W/err" && ok || bad "regex: $(cat "$W/err")"
cat >"$W/sink.sql" <<SQL
CREATE TABLE src (id INT) WITH ('connector' = 'kafka', 'topic' = 'ev-a', 'properties.bootstrap.servers' = '$BOOT',
  'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset', 'format' = 'json');
CREATE TABLE sink_t (id INT) WITH ('connector' = 'kafka', 'topic-pattern' = 'ev-.*',
  'properties.bootstrap.servers' = '$BOOT', 'format' = 'json');
INSERT INTO sink_t SELECT * FROM src;
SQL
timeout 120 "$PTFHOST" run "$W/sink.sql" >/dev/null 2>"$W/err"   # hang guard
grep -q "'topic-pattern' only reads; a kafka sink writes to the one topic 'topic' names" "$W/err" && ok \
  || bad "sink: $(cat "$W/err")"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

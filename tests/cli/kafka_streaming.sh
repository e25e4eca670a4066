#!/usr/bin/env bash
# An unbounded kafka source (no scan.bounded.mode) keeps the job running and
# its results are printed as records arrive: rows produced with kcat reach
# the reader while the job is still running, each without a later record.
# Nothing here measures time.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
job=""
trap '[ -n "$job" ] && kill "$job" 2>/dev/null; stop_broker; rm -rf "$W"' EXIT

start_broker --topics live || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
cat >"$W/job.sql" <<SQL
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = 'live',
  'properties.bootstrap.servers' = '$BOOT', 'scan.startup.mode' = 'earliest-offset', 'format' = 'json');
SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
mkfifo "$W/out"
"$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err" &
job=$!
exec 3<"$W/out"
# Each row is produced only after the previous one was printed: a row
# produced once is printed without a later row (the source waits for rows
# with a bounded poll and flushes what went out while no record arrives).
got=0
for i in 1 2 3; do
  printf '{"user_id": 1, "url": "/%d"}\n' "$i" | timeout 60 kcat -b "$BOOT" -P -t live   # hang guard
  IFS= read -r -t 60 line <&3 || break   # hang guard
  got=$i
  [ "$line" = "+I[1, /$i, $i]" ] && ok || bad "row $i is '$line'"
done
[ "$got" -ge 3 ] && ok || bad "$got rows arrived; stderr: $(head -c 2000 "$W/err")"
kill -0 "$job" 2>/dev/null && ok || bad "the unbounded job ended: $(head -c 2000 "$W/err")"
kill "$job" 2>/dev/null; wait "$job" 2>/dev/null; job=""
exec 3<&-

# The same for a plain scan (SELECT * FROM clicks): it starts at the
# earliest offset, so the three rows come first, then a fourth produced now.
sed -i 's/^SELECT .*/SELECT * FROM clicks;/' "$W/job.sql"
rm -f "$W/out"; mkfifo "$W/out"
"$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err" &
job=$!
exec 3<"$W/out"
got=""
for _ in 1 2 3; do IFS= read -r -t 60 line <&3 && got+="$line "; done   # hang guard
printf '{"user_id": 2, "url": "/4"}\n' | timeout 60 kcat -b "$BOOT" -P -t live   # hang guard
IFS= read -r -t 60 line <&3 && got+="$line"   # hang guard
[ "$got" = "+I[1, /1] +I[1, /2] +I[1, /3] +I[2, /4]" ] && ok || bad "scan printed '$got'; stderr: $(head -c 2000 "$W/err")"
kill "$job" 2>/dev/null; wait "$job" 2>/dev/null; job=""
exec 3<&-
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

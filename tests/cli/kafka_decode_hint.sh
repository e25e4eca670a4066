#!/usr/bin/env bash
# A record that does not decode names the option that would skip it as the
# table spells it: 'json.ignore-parse-errors' with 'format', and with
# 'value.format' / 'key.format' Flink's 'value.json.ignore-parse-errors' /
# 'key.json.ignore-parse-errors', which then skip the record.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
trap 'stop_broker; rm -rf "$W"' EXIT

start_broker --topics bad || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
printf '%s\n' '{"user_id": 1}|{"url": "/a"}' '{"user_id": 2}|not json' 'not json|{"url": "/c"}' |
  timeout 60 kcat -b "$BOOT" -P -t bad -K'|'   # hang guard
job() {   # WITH options after the connector's; the job reads offsets 0 to 2
  { echo "CREATE TABLE t (user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = 'bad', \
'properties.bootstrap.servers' = '$BOOT', 'scan.startup.mode' = 'earliest-offset', \
'scan.bounded.mode' = 'latest-offset', $1);"; echo "SELECT * FROM t;"; } >"$W/job.sql"
  timeout 120 "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"   # hang guard
}
expect_hint() {   # WITH-options hint
  if job "$1"; then bad "accepted the bad record with $1"; else
    grep -qF "(set '$2' = 'true' to skip such records)" "$W/err" && ok || bad "$1: $(cat "$W/err")"
  fi
}
expect_hint "'format' = 'json'" "json.ignore-parse-errors"
expect_hint "'value.format' = 'json'" "value.json.ignore-parse-errors"
expect_hint "'key.format' = 'json', 'key.fields' = 'user_id', 'value.format' = 'json', \
'value.json.ignore-parse-errors' = 'true', 'value.fields-include' = 'EXCEPT_KEY'" "key.json.ignore-parse-errors"
# The options named skip the records they were named for.
job "'key.format' = 'json', 'key.fields' = 'user_id', 'key.json.ignore-parse-errors' = 'true', \
'value.format' = 'json', 'value.json.ignore-parse-errors' = 'true', 'value.fields-include' = 'EXCEPT_KEY'" &&
  [ "$(cat "$W/out")" = "+I[1, /a]" ] && ok || bad "skipping with value./key. options: $(cat "$W/out" "$W/err")"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

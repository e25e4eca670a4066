#!/usr/bin/env bash
# Confluent Cloud's 'error-handling.mode' on a kafka source: 'fail' (the
# default) fails the job at the record that does not decode; 'ignore' drops
# it and reads on; 'log' drops it and writes a dead-letter record to
# 'error-handling.log.target' (default 'error_log') in the same cluster,
# carrying the error message and the bad record (topic, partition, offset,
# key and value in base64). An unknown mode is an error listing the modes.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
trap 'stop_broker; rm -rf "$W"' EXIT

start_broker --topics clicks --partitions 1 || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
printf '%s\n' 'k1|{"user_id": 1, "url": "/a"}' 'k2|{"user_id": oops' 'k3|{"user_id": 3, "url": "/c"}' |
  timeout 60 kcat -b "$BOOT" -P -t clicks -K'|'   # hang guard
job() {   # OPTIONS
  cat >"$W/job.sql" <<SQL
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = 'clicks',
  'properties.bootstrap.servers' = '$BOOT', 'scan.startup.mode' = 'earliest-offset',
  'scan.bounded.mode' = 'latest-offset', 'format' = 'json'$1);
SELECT * FROM clicks;
SQL
  timeout 120 "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"   # hang guard
}
expected='+I[1, /a]
+I[3, /c]'

job ""
rc=$?
[ "$rc" != 0 ] && grep -q "partition 0, offset 1" "$W/err" && ok || bad "fail: exit $rc, $(cat "$W/err")"

job ", 'error-handling.mode' = 'fail'"
[ "$?" != 0 ] && ok || bad "explicit fail did not fail"

job ", 'error-handling.mode' = 'ignore'"
rc=$?
[ "$rc" = 0 ] && [ "$(cat "$W/out")" = "$expected" ] && ok || bad "ignore: exit $rc, '$(cat "$W/out")' $(cat "$W/err")"

job ", 'error-handling.mode' = 'log', 'error-handling.log.target' = 'clicks_dlq'"
rc=$?
[ "$rc" = 0 ] && [ "$(cat "$W/out")" = "$expected" ] && ok || bad "log: exit $rc, '$(cat "$W/out")' $(cat "$W/err")"
timeout 60 kcat -b "$BOOT" -C -t clicks_dlq -o beginning -e -q -f '%k\t%s\n' >"$W/dlq" 2>"$W/kcat.err"   # hang guard
[ "$(wc -l <"$W/dlq")" = 1 ] && ok || bad "dlq has $(wc -l <"$W/dlq") records: $(cat "$W/dlq" "$W/kcat.err")"
python3 - "$W/dlq" <<'PY' && ok || bad "dead-letter record: $(cat "$W/dlq")"
import base64, json, sys
key, value = open(sys.argv[1]).read().rstrip("\n").split("\t", 1)
d = json.loads(value)
r = d["source_record"]
assert key == "k2", key
assert d["affected_name"] == "clicks" and "offset 1" in d["error_message"], d
assert (r["topic"], r["partition"], r["offset"]) == ("clicks", 0, 1), r
assert base64.b64decode(r["value"]) == b'{"user_id": oops', r
assert base64.b64decode(r["key"]) == b"k2", r
for k in ("error_timestamp", "error_code", "error_reason", "error_details", "processor", "statement_name",
          "affected_type", "affected_catalog", "affected_database"):
    assert k in d, k
PY

# Without a target the dead letters go to 'error_log'.
job ", 'error-handling.mode' = 'log'"
timeout 60 kcat -b "$BOOT" -C -t error_log -o beginning -e -q >"$W/dlq" 2>/dev/null   # hang guard
[ "$(wc -l <"$W/dlq")" = 1 ] && ok || bad "error_log has $(wc -l <"$W/dlq") records"

job ", 'error-handling.mode' = 'skip'"
grep -q "Could not parse value 'skip' for key 'error-handling.mode'. Possible values: fail, ignore, log" "$W/err" \
  && ok || bad "bad mode: $(cat "$W/err")"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

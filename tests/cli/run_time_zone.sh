#!/usr/bin/env bash
# SET 'table.local-time-zone': expressions (computed columns, SELECT, WHERE)
# read and write TIMESTAMP_LTZ in the session zone, the tableau prints its
# cells there, changelog rows print instants as Row.toString does (UTC);
# LOCALTIMESTAMP and CURRENT_DATE are the session zone's wall time. Ids that
# Flink or java.time reject fail with their messages.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
check() {   # check NAME ACTUAL EXPECTED
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL %s\n got: %s\nwant: %s\n' "$1" "$2" "$3"; fi
}
run() { printf '%s\n' "$1" >"$W/job.sql"; (cd "$W" && "$PTFHOST" run ${2:-} job.sql 2>&1); }
SH="SET 'table.local-time-zone' = 'Asia/Shanghai';"

check changelog_is_utc "$(run "$SH
SELECT TO_TIMESTAMP_LTZ(0, 3) AS ltz, CAST(TO_TIMESTAMP_LTZ(0, 3) AS STRING) AS s, HOUR(TO_TIMESTAMP_LTZ(0, 3)) AS h;")" \
  "+I[1970-01-01T00:00:00Z, 1970-01-01 08:00:00.000, 8]"
check tableau_in_zone "$(run "$SH
SELECT TO_TIMESTAMP_LTZ(0, 3) AS ltz;" "--format tableau" | grep '1970')" \
  "| +I | 1970-01-01 08:00:00.000 |"
check clock_in_zone "$(run "$SH
SET 'ptfhost.processing-time' = '1767225600123';
SELECT LOCALTIMESTAMP, CURRENT_DATE, NOW();")" \
  "+I[2026-01-01T08:00:00.123, 2026-01-01, 2026-01-01T00:00:00.123Z]"
printf '%s\n' '{"id": 1, "ts": "2026-01-01 08:00:00"}' '{"id": 2, "ts": "2026-01-01 09:00:00"}' >"$W/t.json"
check computed_and_where "$(run "$SH
CREATE TABLE t (id INT, ts STRING, lt AS CAST(ts AS TIMESTAMP_LTZ(3))) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
SELECT id, lt FROM t WHERE lt > TO_TIMESTAMP_LTZ(1767225600000, 3);")" \
  "+I[2, 2026-01-01T01:00:00Z]"
check default_is_utc "$(run "SET 'table.local-time-zone' = 'default';
SELECT CAST(TO_TIMESTAMP_LTZ(0, 3) AS STRING);")" "+I[1970-01-01 00:00:00.000]"
check offset_id "$(run "SET 'table.local-time-zone' = 'GMT-08:00';
SELECT CAST(TO_TIMESTAMP_LTZ(0, 3) AS STRING);")" "+I[1969-12-31 16:00:00.000]"
check short_id "$(run "SET 'table.local-time-zone' = 'PST';
SELECT 1;")" "ptfhost run: The supported Zone ID is either a full name such as 'America/Los_Angeles', or a custom timezone id such as 'GMT-08:00', but configured Zone ID is 'PST'."
check utc_plus "$(run "SET 'table.local-time-zone' = 'UTC+8';
SELECT 1;")" "ptfhost run: The supported Zone ID is either a full name such as 'America/Los_Angeles', or a custom timezone id such as 'GMT-08:00', but configured Zone ID is 'UTC+8'."
check bad_offset "$(run "SET 'table.local-time-zone' = 'GMT-8:00';
SELECT 1;")" "ptfhost run: Invalid ID for offset-based ZoneId: GMT-8:00"
check unknown_region "$(run "SET 'table.local-time-zone' = 'Mars/Olympus';
SELECT 1;")" "ptfhost run: Unknown time-zone ID: Mars/Olympus"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# CURRENT_TIMESTAMP, NOW(), LOCALTIMESTAMP, CURRENT_DATE and UNIX_TIMESTAMP() read the runner's
# clock (expr.h's expr_set_clock): the manual clock of 'ptfhost.processing-time'
# (deterministic), else the wall clock; evaluated per row, in the select list,
# WHERE and VALUES, here in the default session zone, UTC (run_time_zone.sh
# sets another). Types as Flink's: TIMESTAMP_LTZ(3), TIMESTAMP(3), DATE, all
# NOT NULL.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
check() {   # check NAME ACTUAL EXPECTED
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL %s\n got: %s\nwant: %s\n' "$1" "$2" "$3"; fi
}
run() { printf '%s\n' "$1" >"$W/job.sql"; (cd "$W" && "$PTFHOST" run ${2:-} job.sql 2>&1); }
CLOCK="SET 'ptfhost.processing-time' = '1767225600123';"

check manual_clock "$(run "$CLOCK
SELECT CURRENT_TIMESTAMP, NOW(), LOCALTIMESTAMP, CURRENT_DATE;")" \
  "+I[2026-01-01T00:00:00.123Z, 2026-01-01T00:00:00.123Z, 2026-01-01T00:00:00.123, 2026-01-01]"
check unix_timestamp "$(run "$CLOCK
SELECT UNIX_TIMESTAMP();")" "+I[1767225600]"
check types "$(run "$CLOCK
SELECT TYPEOF(CURRENT_TIMESTAMP), TYPEOF(NOW()), TYPEOF(LOCALTIMESTAMP), TYPEOF(CURRENT_DATE);")" \
  "+I[TIMESTAMP_LTZ(3) NOT NULL, TIMESTAMP_LTZ(3) NOT NULL, TIMESTAMP(3) NOT NULL, DATE NOT NULL]"
printf '%s\n' '{"id": 1, "ts": 1767225500000}' '{"id": 2, "ts": 1767225700000}' >"$W/t.json"
check in_where "$(run "$CLOCK
CREATE TABLE t (id INT, ts BIGINT) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
SELECT id, TIMESTAMPDIFF(SECOND, TO_TIMESTAMP_LTZ(ts, 3), NOW()) FROM t WHERE TO_TIMESTAMP_LTZ(ts, 3) < CURRENT_TIMESTAMP;")" \
  "+I[1, 100]"
check in_values "$(run "$CLOCK
CREATE VIEW v AS SELECT * FROM (VALUES (1, CURRENT_DATE)) AS t(id, d);
SELECT * FROM v;")" "+I[1, 2026-01-01]"
before=$(($(date +%s) * 1000))
check wall_clock "$(run "SELECT NOW() >= TO_TIMESTAMP_LTZ($before, 3);")" "+I[true]"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

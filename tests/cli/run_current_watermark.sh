#!/usr/bin/env bash
# CURRENT_WATERMARK(rowtime) (expr.h's expr_set_watermark): the watermark of
# the stage a row arrives at, before that row (a file source's watermark
# follows each row), NULL before the first; Flink's late-data filter in
# WHERE; its type is the rowtime's, precision 3, nullable; a column that is
# not a rowtime attribute is Flink's error.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"
printf '%s\n' '{"id": 1, "ts": "2026-01-01 00:00:10"}' '{"id": 2, "ts": "2026-01-01 00:00:30"}' \
  '{"id": 3, "ts": "2026-01-01 00:00:20"}' '{"id": 4, "ts": "2026-01-01 00:00:40"}' >"$W/t.json"
T="CREATE TABLE t (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');"

run_exact in_select 0 "" "$T
SELECT id, CURRENT_WATERMARK(ts) AS wm, TYPEOF(CURRENT_WATERMARK(ts)) FROM t;" "+I[1, null, TIMESTAMP(3)]
+I[2, 2026-01-01T00:00:05, TIMESTAMP(3)]
+I[3, 2026-01-01T00:00:25, TIMESTAMP(3)]
+I[4, 2026-01-01T00:00:25, TIMESTAMP(3)]"
run_exact late_rows_filtered 0 "" "$T
SELECT id FROM t WHERE CURRENT_WATERMARK(ts) IS NULL OR ts > CURRENT_WATERMARK(ts);" "+I[1]
+I[2]
+I[4]"
# The table's own scan.watermark.* options (Flink's planner options): a watermark after every
# second row (row 2 sees none yet, unlike the default); periodic emission with no ticks (interval 0), so no row sees one.
G="CREATE TABLE t (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json'"
run_exact on_event_gap 0 "" "$G, 'scan.watermark.emit.on-event.gap' = '2');
SELECT id, CURRENT_WATERMARK(ts) AS wm FROM t;" "+I[1, null]
+I[2, null]
+I[3, 2026-01-01T00:00:25]
+I[4, 2026-01-01T00:00:25]"
run_exact on_periodic_no_ticks 0 "" "SET 'pipeline.auto-watermark-interval' = '0';
$G, 'scan.watermark.emit.strategy' = 'on-periodic');
SELECT id, CURRENT_WATERMARK(ts) AS wm FROM t;" "+I[1, null]
+I[2, null]
+I[3, null]
+I[4, null]"
run_case bad_emit_strategy 1 "" "$G, 'scan.watermark.emit.strategy' = 'sometimes');
SELECT id FROM t;" "Could not parse value 'sometimes' for key 'scan.watermark.emit.strategy' of table 't'; use 'on-event' or 'on-periodic'"
run_case bad_on_event_gap 1 "" "$G, 'scan.watermark.emit.on-event.gap' = '0');
SELECT id FROM t;" "Could not parse value '0' for key 'scan.watermark.emit.on-event.gap' of table 't'; use a whole number of rows, at least 1"
run_case not_a_rowtime 1 "" "$T
SELECT CURRENT_WATERMARK(id) FROM t;" \
  "job.sql:2:26: The argument of CURRENT_WATERMARK() must be a rowtime attribute, but was 'INT'."
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# UNION ALL (engine/job.c): branches with the same row type (Flink's common
# type per column, the first branch's names) as a query, into a sink, as a
# view, through WITH and written inline as a PTF's table argument
# (`f(input => (SELECT .. UNION ALL SELECT ..) PARTITION BY k)`); the deterministic order (docs/internals.md): by
# event time when every branch has a rowtime column, else branch after
# branch; the union's watermark is the minimum of its branches'. A PTF over
# a UNION ALL view is compat/run/union_all_inactivity. Errors name the
# branch's UNION.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"
printf '%s\n' '{"id": 1, "s": "a", "ts": "2026-01-01 00:00:10"}' '{"id": 2, "s": "b", "ts": "2026-01-01 00:00:30"}' >"$W/a.json"
printf '%s\n' '{"id": 10, "s": "x", "ts": "2026-01-01 00:00:20"}' >"$W/b.json"
T="CREATE TABLE a (id INT, s STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'filesystem', 'path' = 'a.json', 'format' = 'json');
CREATE TABLE b (id INT, s STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'filesystem', 'path' = 'b.json', 'format' = 'json');
CREATE TABLE pa (id INT, s STRING) WITH ('connector' = 'filesystem', 'path' = 'a.json', 'format' = 'json');
CREATE TABLE pb (id INT, s STRING) WITH ('connector' = 'filesystem', 'path' = 'b.json', 'format' = 'json');"


run_exact by_event_time 0 "" "$T
SELECT * FROM a UNION ALL SELECT * FROM b;" "+I[1, a, 2026-01-01T00:00:10]
+I[10, x, 2026-01-01T00:00:20]
+I[2, b, 2026-01-01T00:00:30]"
run_exact projected_away_rowtime_reads_in_turn 0 "" "$T
SELECT id, s FROM a UNION ALL SELECT id, s FROM b;" "+I[1, a]
+I[2, b]
+I[10, x]"
run_exact branch_after_branch_without_event_time 0 "" "$T
SELECT * FROM pa UNION ALL SELECT id * 2, UPPER(s) FROM pb WHERE id > 1 UNION ALL VALUES (7, 'v');" "+I[1, a]
+I[2, b]
+I[20, X]
+I[7, v]"
run_case common_type_and_first_names 0 "--format tableau" "$T
SELECT id AS n FROM pa UNION ALL SELECT CAST(id AS BIGINT) FROM pb UNION ALL VALUES (2.5);" \
  " n |"
run_exact widened_values 0 "" "$T
SELECT id AS n FROM pa UNION ALL VALUES (2.5);" "+I[1.0]
+I[2.0]
+I[2.5]"
run_exact view_and_with 0 "" "$T
CREATE VIEW v AS SELECT s FROM pa UNION ALL SELECT s FROM pb;
WITH w AS (SELECT * FROM v WHERE s <> 'a') SELECT * FROM w UNION ALL SELECT 'z';" "+I[b]
+I[x]
+I[z]"
run_exact into_a_sink 0 "" "$T
CREATE TABLE o (id INT, s STRING) WITH ('connector' = 'print');
INSERT INTO o SELECT id, s FROM pa UNION ALL SELECT id, s FROM pb;" "+I[1, a]
+I[2, b]
+I[10, x]"
run_exact inline_into_a_ptf 0 "" "$T
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';
SELECT * FROM count_clicks(input => (SELECT id AS user_id, s AS url FROM a UNION ALL SELECT 1, s FROM b) PARTITION BY user_id);" "+I[1, a, 1]
+I[2, b, 1]
+I[1, x, 2]"
run_exact inline_subquery_into_a_ptf 0 "" "$T
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';
SELECT * FROM count_clicks(input => (SELECT id AS user_id, s AS url FROM pa WHERE id IN (2, 3)) PARTITION BY user_id);" "+I[2, b, 1]"
# compat/run/union_all_inactivity with its view written inline as the PTF's table argument:
# the same rows, in the same order, as over the view
cp "$PTFHOST_ROOT"/compat/run/union_all_inactivity/*.json "$W"/
sed -e "s#@SEEDS_JAR@#$PTFHOST_BUILD/compat/seeds.jar#" -e '/^CREATE VIEW user_events/,/^SELECT user_id, event_time FROM app_events;/d' \
  -e 's#TABLE user_events PARTITION BY#(SELECT user_id, event_time FROM web_events UNION ALL SELECT user_id, event_time FROM app_events) PARTITION BY#' \
  "$PTFHOST_ROOT"/compat/run/union_all_inactivity/job.sql >"$W/inline.sql"
run_exact inline_union_with_event_time 0 "" "$(cat "$W/inline.sql")" "$(cat "$PTFHOST_ROOT"/compat/run/union_all_inactivity/expected.txt)"
run_case column_count 1 "" "$T
SELECT id, s FROM pa UNION ALL SELECT id FROM pb;" "job.sql:5:22: Column count mismatch in UNION ALL"
run_case no_common_type 1 "" "$T
SELECT id FROM pa UNION ALL SELECT s FROM pb;" \
  "job.sql:5:19: Type mismatch in column 1 of UNION ALL: INT and STRING have no common type."
run_case union_distinct_is_unsupported 1 "" "$T
SELECT id FROM pa UNION SELECT id FROM pb;" "job.sql:5:19: unsupported: set operations other than UNION ALL"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

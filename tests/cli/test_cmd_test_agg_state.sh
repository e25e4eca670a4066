#!/usr/bin/env bash
# `ptfhost test --dump-state` for the stages that are not PTF calls: a GROUP BY's groups (each
# aggregate's current result, named by its SQL text; groups whose TTL passed left out), a window
# aggregation's open windows (gone at the end, once the end-of-input watermark fired them), both
# de-duplication forms' kept state, and a '-- state' section that names such a stage is refused.
set -uo pipefail
: "${PTFHOST:?}"
export NO_COLOR=1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# check NAME FILE TEXT: TEXT (several lines, in order) is part of FILE.
check() { [[ "$(cat "$2")" == *"$3"* ]] && ok || bad "$1: output lacks '$3'; output:"$'\n'"$(head -c 4000 "$2")"; }
lacks() { grep -qF -- "$3" "$2" && bad "$1: output has '$3'" || ok; }
t() { rc=0; "$PTFHOST" test "$@" >"$WORK/out" 2>&1 || rc=$?; }
expect_rc() { [ "$rc" = "$2" ] && ok || bad "$1: exit $rc, expected $2; output:"$'\n'"$(head -c 4000 "$WORK/out")"; }

cat >"$WORK/group.case" <<'EOF'
-- case: group
-- sql
SET 'table.exec.state.ttl' = '10 s';
CREATE TABLE t (name STRING, score INT) WITH ('connector' = 'values');
SELECT name, COUNT(*) AS c, MAX(score) AS m FROM t GROUP BY name;
-- input t
["Al", 3]
proctime +6 s
["Bob", 5]
proctime +6 s
["Bob", null]
-- expected
+I[Al, 1, 3]
+I[Bob, 1, 5]
-U[Bob, 1, 5]
+U[Bob, 2, 5]
EOF
t --dump-state "$WORK/group.case"
expect_rc "group" 0
check "group" "$WORK/out" "  GroupAggregate (call 1) before the end of input:
    {\"key\": {\"name\": \"Bob\"}, \"state\": {\"COUNT(*)\": 2, \"MAX(score)\": 5}, \"timers\": []}
  GroupAggregate (call 1) at the end: unchanged"
lacks "group: Al's group expired" "$WORK/out" '"Al"'

cat >"$WORK/window.case" <<'EOF'
-- case: window
-- sql
CREATE TABLE t (name STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'values');
SELECT window_start, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
  GROUP BY window_start, window_end;
-- input t
["Bob", "2025-01-01 00:00:10"]
["Bob", "2025-01-01 00:01:10"]
-- expected
+I[2025-01-01T00:00, 1]
+I[2025-01-01T00:01, 1]
EOF
t --dump-state "$WORK/window.case"
expect_rc "window" 0
check "window" "$WORK/out" "  WindowAggregate (call 1) before the end of input:
    {\"key\": {\"window_start\": \"2025-01-01 00:01:00\", \"window_end\": \"2025-01-01 00:02:00\"}, \"state\": {\"COUNT(*)\": 1}, \"timers\": []}
  WindowAggregate (call 1) at the end:
    (no state and no pending timers)"

cat >"$WORK/dedup.case" <<'EOF'
-- case: dedup
-- sql
CREATE TABLE t (name STRING, score INT, ts TIMESTAMP(3), pt AS PROCTIME(), WATERMARK FOR ts AS ts)
  WITH ('connector' = 'values');
SELECT name, score FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY name ORDER BY ts DESC) AS rn FROM t) WHERE rn = 1;
SELECT name, score FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY name ORDER BY pt) AS rn FROM t) WHERE rn = 1;
-- input t
["Bob", 1, "2025-01-01 00:00:10"]
["Bob", 2, "2025-01-01 00:00:20"]
-- expected
+I[Bob, 1]
-U[Bob, 1]
+U[Bob, 2]
+I[Bob, 1]
EOF
t --dump-state "$WORK/dedup.case"
expect_rc "dedup" 0
check "dedup: rowtime keep-last keeps the row" "$WORK/out" '  Deduplicate (call 1) before the end of input:
    {"key": {"name": "Bob"}, "state": {"kept-row": {"name":"Bob","score":2,"ts":"2025-01-01 00:00:20","pt":null}}, "timers": []}'
check "dedup: keep-first on processing time keeps a flag" "$WORK/out" '  Deduplicate (call 2) before the end of input:
    {"key": {"name": "Bob"}, "state": {"first-row-seen": true}, "timers": []}'

cat >"$WORK/seed.case" <<'EOF'
-- case: seed
-- sql
CREATE TABLE t (name STRING) WITH ('connector' = 'values');
SELECT name, COUNT(*) FROM t GROUP BY name;
-- state GroupAggregate
{"key": {"name": "Bob"}, "state": {"COUNT(*)": 3}}
-- input t
["Bob"]
-- expected
+I[Bob, 1]
EOF
t "$WORK/seed.case"
expect_rc "seed" 1
check "seed" "$WORK/out" "seed.case:5: '-- state GroupAggregate' cannot seed GroupAggregate: only PTF calls can be seeded"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

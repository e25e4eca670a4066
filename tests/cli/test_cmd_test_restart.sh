#!/usr/bin/env bash
# `ptfhost test` restart steps ('-- restart'; JSON: "inputs" as a list of
# groups): the run before a restart stops with a savepoint when its events
# end, the job is torn down (operator, state, the JVM's function instances)
# and restored for the next group. Checked: CountClicks counts on across two
# restarts, rows may not cross a restart under multiset order, seeds apply
# once, the JSON form, a timer registered before a restart fires after it, a
# script without a PTF call fails clearly, mistakes in the syntax name
# file:line, and no checkpoint folder is left behind.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"
export NO_COLOR=1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export TMPDIR=$WORK/tmp
mkdir -p "$TMPDIR"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { grep -qF -- "$3" "$2" && ok || bad "$1: output lacks '$3'; output:"$'\n'"$(head -c 4000 "$2")"; }
t() { rc=0; "$PTFHOST" test --build "$PTFHOST_BUILD" "$@" >"$WORK/out" 2>"$WORK/err" || rc=$?; }
expect_rc() { [ "$rc" = "$2" ] && ok || bad "$1: exit $rc, expected $2; output:"$'\n'"$(head -c 4000 "$WORK/out")"; }

SQL="CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '@BUILD@/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'c.json', 'format' = 'json');
SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);"

# home_restart_cart [SECTION]: the SQL, SECTION, user 1's /home, a restart, user 1's /cart.
home_restart_cart() {
  printf -- '-- sql\n%s\n' "$SQL"
  [ -n "${1:-}" ] && printf '%s\n' "$1"
  printf -- '-- input clicks\n+I {"user_id": 1, "url": "/home"}\n-- restart\n'
  printf -- '-- input clicks\n+I {"user_id": 1, "url": "/cart"}\n'
}

# 1. Counting goes on across two restarts; the output marks each restart.
cat >"$WORK/count.case" <<EOF
-- case: counts survive two restarts
-- sql
$SQL
-- input clicks
+I {"user_id": 1, "url": "/home"}
+I {"user_id": 2, "url": "/shop"}
-- restart
-- input clicks
+I {"user_id": 1, "url": "/cart"}
-- restart
-- input clicks
+I {"user_id": 2, "url": "/pay"}
+I {"user_id": 1, "url": "/pay"}
-- expected (order: multiset)
+I[2, /shop, 1]
+I[1, /home, 1]
restart
+I[1, /cart, 2]
restart
+I[1, /pay, 3]
+I[2, /pay, 2]

-- case: without restart lines the expectation takes the whole output
$(home_restart_cart)
-- expected
+I[1, /home, 1]
+I[1, /cart, 2]

-- case: seeds apply once, before the first group
$(home_restart_cart '-- state count_clicks
{"key": {"user_id": 1}, "state": {"clicks": {"count": 41}}}')
-- expected
+I[1, /home, 42]
restart
+I[1, /cart, 43]
EOF
t "$WORK/count.case"
expect_rc "restart cases" 0
check "restart cases" "$WORK/out" "PASS counts survive two restarts ("
check "restart cases" "$WORK/out" "PASS seeds apply once, before the first group ("
check "restart cases" "$WORK/out" "3 passed, 0 failed"
[ ! -s "$WORK/err" ] && ok || bad "restart cases: stderr is not quiet: $(head -c 2000 "$WORK/err")"
[ -z "$(ls -A "$TMPDIR")" ] && ok || bad "a checkpoint folder was left behind: $(ls -A "$TMPDIR")"

# 2. A row on the wrong side of a restart fails, under multiset order too, and --update records
#    the restart line.
sed 's|^+I\[1, /cart, 2\]$|+I[1, /cart, 9]|' "$WORK/count.case" >"$WORK/wrong.case"
t --filter "two restarts" "$WORK/wrong.case"
expect_rc "a wrong row" 1
check "a wrong row" "$WORK/out" "after restart step 1:"
awk '/^\+I\[1, \/cart, 2\]$/ { next } /^restart$/ && !done { print "+I[1, /cart, 2]"; done = 1 } { print }' \
  "$WORK/count.case" >"$WORK/side.case"
t --filter "two restarts" "$WORK/side.case"
expect_rc "a row moved before a restart" 1
check "a row moved before a restart" "$WORK/out" "before the first restart step:"
t --update --filter "two restarts" "$WORK/wrong.case"
expect_rc "--update" 0
t --filter "two restarts" "$WORK/wrong.case"
expect_rc "after --update" 0

# 3. The JSON form: "inputs" as a list of event groups. A timer set before the restart fires
#    after it (InactivityAlert: 60 s without a click; its rows carry wall-clock numbers, so the
#    recorded rows are read, not re-run).
cat >"$WORK/timer.case.json" <<'EOF'
{"cases": [{
  "name": "a timer registered before a restart fires after it",
  "sql": ["CREATE FUNCTION InactivityAlert AS 'com.example.InactivityAlert' USING JAR '@BUILD@/compat/seeds.jar';",
          "CREATE TABLE clicks (user_id STRING, url STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts)",
          "  WITH ('connector' = 'filesystem', 'path' = 'c.json', 'format' = 'json');",
          "SELECT * FROM InactivityAlert(input => TABLE clicks PARTITION BY user_id, on_time => DESCRIPTOR(ts), uid => 'inactivity-v1');"],
  "inputs": [
    {"clicks": [{"+I": {"user_id": "alice", "url": "/a", "ts": "2026-01-01 00:00:00"}}]},
    {"clicks": [{"+I": {"user_id": "bob", "url": "/b", "ts": "2026-01-01 00:05:00"}}]}
  ]
}]}
EOF
t --update "$WORK/timer.case.json"
expect_rc "json restart" 0
tr -d '\n ' <"$WORK/timer.case.json" | grep -qE '"restart",[^]]*alice' && ok ||
  bad "json restart: alice's alert is not after the restart: $(cat "$WORK/timer.case.json")"

# 4. A plain scan checkpoints its position: it restarts like a call. A
# script whose query takes no savepoint (a GROUP BY) fails, naming the case.
cat >"$WORK/scan.case" <<'EOF'
-- case: a scan restarts
-- sql
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'c.json', 'format' = 'json');
SELECT * FROM clicks WHERE user_id > 0;
-- input clicks
+I {"user_id": 1, "url": "/home"}
-- restart
-- input clicks
+I {"user_id": 1, "url": "/cart"}
-- expected
+I[1, /home]
restart
+I[1, /cart]
EOF
t "$WORK/scan.case"
expect_rc "scan" 0
cat >"$WORK/agg.case" <<'EOF'
-- case: an aggregation cannot restart
-- sql
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'c.json', 'format' = 'json');
SELECT user_id, COUNT(*) FROM clicks GROUP BY user_id;
-- input clicks
+I {"user_id": 1, "url": "/home"}
-- restart
-- input clicks
+I {"user_id": 1, "url": "/cart"}
-- expected
+I[1, 1]
EOF
t "$WORK/agg.case"
expect_rc "aggregation" 1
check "aggregation" "$WORK/out" "agg.case:1: restart step 1: the run before it took no savepoint"

# A materialized expectation does not go with restart steps.
sed -n '/^-- case: without restart lines/,/^$/p' "$WORK/count.case" | sed 's/^-- expected$/-- expected materialized/' \
  >"$WORK/mat.case"
t "$WORK/mat.case"
expect_rc "materialized" 1
check "materialized" "$WORK/out" "a case with restart steps has no materialized expectation"

# 5. Syntax mistakes name file:line.
printf -- '-- case: x\n-- sql\nSELECT 1;\n-- restart now\n' >"$WORK/syntax.case"
t "$WORK/syntax.case"
expect_rc "syntax" 1
check "syntax" "$WORK/out" "syntax.case:4: '-- restart' takes nothing after it"
printf -- '-- case: x\n-- sql\nSELECT 1;\n-- input t\n[1]\n-- input t\n[2]\n' >"$WORK/twice.case"
t "$WORK/twice.case"
check "twice" "$WORK/out" "twice.case:6: a second input section for table 't' (the first is at line 4)"
printf -- '-- case: x\n-- sql\nSELECT 1;\n-- input t\n[1]\n-- restart\n-- input t\n[2]\n-- input t\n[3]\n' >"$WORK/twice2.case"
t "$WORK/twice2.case"
check "twice after a restart" "$WORK/out" "twice2.case:9: a second input section for table 't' (the first is at line 7) since the last '-- restart'"

echo "test_cmd_test_restart: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

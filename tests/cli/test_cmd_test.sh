#!/usr/bin/env bash
# `ptfhost test` end to end: the seed cases pass in one process; a wrong
# expected row gives a readable side-by-side diff with its file:line and exit 1;
# a case file with a syntax error points at its line; --junit writes XML that
# parses; --update rewrites only the expected rows; expected errors, per-case
# Flink versions, JAR paths relative to the case file and usage errors.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"
export NO_COLOR=1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# check LABEL FILE NEEDLE: FILE contains the fixed string NEEDLE.
check() { grep -qF -- "$3" "$2" && ok || bad "$1: output lacks '$3'; output:"$'\n'"$(head -c 3000 "$2")"; }
# runs ptfhost test ARGS..., output to $WORK/out, exit status to $rc
t() { rc=0; "$PTFHOST" test "$@" >"$WORK/out" 2>&1 || rc=$?; }
expect_rc() { [ "$rc" = "$2" ] && ok || bad "$1: exit $rc, expected $2; output:"$'\n'"$(head -c 3000 "$WORK/out")"; }

SEEDS=$PTFHOST_ROOT/compat/cases/seeds.case

# 1. The seed cases pass, each on its own line, with the exact closing line.
start=$(date +%s%N)
t "$SEEDS"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
expect_rc "seeds" 0
n=$(grep -c '^-- case:' "$SEEDS")
materialized=$(grep -c '^-- expected.*materialized' "$SEEDS")
check "seeds" "$WORK/out" "$((n + materialized)) passed, 0 failed"
[ "$(tail -n 1 "$WORK/out")" = "$((n + materialized)) passed, 0 failed" ] && ok || bad "seeds: the last line is not the summary"
[ "$(grep -c '^PASS .* ([0-9]* ms)$' "$WORK/out")" = "$((n + materialized))" ] && ok || bad "seeds: one PASS line per run expected"
check "seeds" "$WORK/out" "PASS RunningMax emits an upsert changelog that converges to the maximum [materialized] ("
echo "seeds.case: $((n + materialized)) runs in $ms ms (one process, one JVM)"

# 2. A deliberately wrong expected row: FAIL, a diff naming file:line, exit 1.
sed 's/^+I\[1, 22.0, 21.0\]$/+I[1, 22.0, 22.5]/' "$SEEDS" >"$WORK/wrong.case"
line=$(grep -n '^+I\[1, 22.0, 22.5\]$' "$WORK/wrong.case" | cut -d: -f1)
[ -n "$line" ] && ok || bad "could not plant the wrong row"
t "$WORK/wrong.case"
expect_rc "wrong row" 1
check "wrong row" "$WORK/out" "FAIL Median emits the trailing median of three readings ("
check "wrong row" "$WORK/out" "first difference at $WORK/wrong.case:$line (expected row 2)"
check "wrong row" "$WORK/out" "* $(printf '%6d' "$line")  +I[1, 22.0, 22.5] | +I[1, 22.0, 21.0]"
check "wrong row" "$WORK/out" "$((n + materialized - 1)) passed, 1 failed"
[ "$(tail -n 1 "$WORK/out")" = "$((n + materialized - 1)) passed, 1 failed" ] && ok || bad "wrong row: summary not last"

# 3. --junit on that run: well-formed XML with one failure carrying the diff.
t --junit "$WORK/r.xml" "$WORK/wrong.case"
expect_rc "junit" 1
if command -v xmllint >/dev/null; then
  xmllint --noout "$WORK/r.xml" && ok || bad "junit: not well-formed XML"
fi
check "junit" "$WORK/r.xml" "tests=\"$((n + materialized))\" failures=\"1\" errors=\"0\""
check "junit" "$WORK/r.xml" "<failure message=\"$WORK/wrong.case:"
check "junit" "$WORK/r.xml" "+I[1, 22.0, 22.5] | +I[1, 22.0, 21.0]"

# 4. A syntax error points at its line; nothing runs; exit 1.
cat >"$WORK/syntax.case" <<'EOF'
-- case: a
-- sql
SELECT 1;
-- input t
+I {"a": 1}
+I {"a": 2,}
EOF
t "$WORK/syntax.case"
expect_rc "syntax error" 1
check "syntax error" "$WORK/out" "ERROR $WORK/syntax.case:6: column 4: the row is not valid JSON"
check "syntax error" "$WORK/out" "0 passed, 1 failed"
printf -- '-- case: a\n-- sql\nSELECT 1;\n-- input t\n[1]\n-- expeted\n+I[1]\n' >"$WORK/header.case"
t "$WORK/header.case"
expect_rc "misspelt header" 1
check "misspelt header" "$WORK/out" "ERROR $WORK/header.case:6: unknown header '-- expeted'"
# Inside SQL a misspelt header is a SQL comment: the case then has no expectation, and the message says where.
printf -- '-- case: a\n-- sql\nSHOW USER FUNCTIONS;\n-- expeted\n' >"$WORK/header2.case"
t "$WORK/header2.case"
expect_rc "misspelt header in SQL" 1
check "misspelt header in SQL" "$WORK/out" "$WORK/header2.case:4: is this SQL comment a misspelt '-- expected'?"

# 5. --update: the wrong row is rewritten, everything else stays byte-identical.
cp "$WORK/wrong.case" "$WORK/update.case"
t --update "$WORK/update.case"
expect_rc "update" 0
check "update" "$WORK/out" "UPDATE Median emits the trailing median of three readings ("
check "update" "$WORK/out" "updated 1 expectation in 1 file"
cmp -s "$WORK/update.case" "$SEEDS" && ok || bad "update: the file differs from seeds.case: $(diff "$SEEDS" "$WORK/update.case" | head -20)"
t "$WORK/update.case"
expect_rc "after update" 0

# 6. Expected errors, per-case versions, a JAR relative to the case file, @BUILD@ from --build.
mkdir -p "$WORK/rel/jars"
cp "$PTFHOST_BUILD/compat/seeds.jar" "$WORK/rel/jars/s.jar"
cat >"$WORK/rel/more.case" <<'EOF'
-- case: a missing table fails with Flink's message
-- sql
CREATE FUNCTION f AS 'com.example.CountClicks' USING JAR 'jars/s.jar';
SELECT * FROM f(input => TABLE nowhere PARTITION BY user_id);
-- expected error
nowhere

-- case: runs under two versions
-- flink-version: 2.1 2.3
-- sql
CREATE FUNCTION f AS 'com.example.CountClicks' USING JAR '@BUILD@/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'none', 'format' = 'json');
SELECT * FROM f(input => TABLE clicks PARTITION BY user_id);
-- input clicks
[7, "/a"]
[7, "/b"]
-- expected (order: per-key 1)
+I[7, /a, 1]
+I[7, /b, 2]

-- case: an unexpected success is a failure
-- sql
SHOW USER FUNCTIONS;
-- expected error
this never happens
EOF
t --build "$PTFHOST_BUILD" "$WORK/rel"
expect_rc "more" 1
check "more" "$WORK/out" "PASS a missing table fails with Flink's message ("
check "more" "$WORK/out" "PASS runs under two versions [flink 2.1] ("
check "more" "$WORK/out" "PASS runs under two versions [flink 2.3] ("
check "more" "$WORK/out" "FAIL an unexpected success is a failure ("
check "more" "$WORK/out" "the case was expected to fail, but it ran"
check "more" "$WORK/out" "3 passed, 1 failed"
t --filter "two versions" "$WORK/rel"
expect_rc "filter" 0
check "filter" "$WORK/out" "2 passed, 0 failed"

# 6b. An '-- input' for a table the script does not create is an error, not events that vanish.
cat >"$WORK/input_typo.case" <<'EOF'
-- case: input for a misspelt table
-- sql
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'none', 'format' = 'json');
SELECT * FROM clicks;
-- input clicks
[1, "/a"]
-- input Clicks
[2, "/b"]
-- expected
+I[1, /a]
EOF
t "$WORK/input_typo.case"
expect_rc "input typo" 1
check "input typo" "$WORK/out" "FAIL input for a misspelt table"
check "input typo" "$WORK/out" "input_typo.case:7: '-- input Clicks' names no table of the script (it creates clicks)"

# 7. Usage and I/O errors exit 2.
t "$WORK/does-not-exist.case"; expect_rc "missing path" 2
check "missing path" "$WORK/out" "cannot read '$WORK/does-not-exist.case'"
mkdir -p "$WORK/empty"
t "$WORK/empty"; expect_rc "no cases in folder" 2
check "no cases in folder" "$WORK/out" "no *.case or *.case.json files in"
t --flink-version 1.19 "$SEEDS"; expect_rc "bad version" 2
t; expect_rc "no paths" 2

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# A case whose source never ends fails at its time limit (ptfhost test --timeout)
# instead of hanging the suite; --timeout rejects what is not a number.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cat >"$W/hang.case" <<CASE
-- case: unbounded datagen
-- sql
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';
CREATE TABLE g (user_id INT, url STRING) WITH ('connector' = 'datagen');
SELECT * FROM count_clicks(input => TABLE g PARTITION BY user_id);
-- expected
+I[1, x, 1]
CASE
pass=0 fail=0
t0=$(date +%s)
out=$("$PTFHOST" test --timeout 2 "$W/hang.case" 2>&1); rc=$?
t1=$(date +%s)
if [ $rc -eq 1 ] && grep -q "longer than its time limit of 2 s" <<<"$out" && [ $((t1 - t0)) -lt 30 ]; then   # hang guard: 15x the 2 s limit
  pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL timeout: rc=$rc $out"; fi
out=$("$PTFHOST" test --timeout soon "$W/hang.case" 2>&1); rc=$?
if [ $rc -eq 2 ] && grep -q -- "--timeout takes whole seconds" <<<"$out"; then
  pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL bad --timeout: rc=$rc $out"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

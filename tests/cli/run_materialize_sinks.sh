#!/usr/bin/env bash
# `ptfhost run --materialize` into a print table folds what the sink receives
# on its PRIMARY KEY and prints the final table, whatever the query's shape:
# a PTF call's output and a plain scan go through the same sink stage.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SEEDS=$PTFHOST_BUILD/compat/seeds.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0

check() {   # check NAME EXPECTED_STDOUT [OPTION]
  local name=$1 want=$2
  "$PTFHOST" run ${3:-} "$W/job.sql" >"$W/out" 2>"$W/err"
  local rc=$?
  if [ "$rc" -eq 0 ] && [ "$(cat "$W/out")" = "$want" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL $name (rc=$rc)"; cat "$W/out" "$W/err" | head -20; fi
}

cat >"$W/job.sql" <<SQL
CREATE VIEW clicks AS SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (1, 'c')) AS T(user_id, url);
CREATE TABLE latest (user_id INT, url STRING, PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'print');
INSERT INTO latest SELECT * FROM clicks;
SQL
check scan_into_print_changelog $'+I[1, a]\n+I[2, b]\n+I[1, c]'
check scan_into_print_materialized $'+I[1, c]\n+I[2, b]' --materialize

cat >"$W/job.sql" <<SQL
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$SEEDS';
CREATE VIEW clicks AS SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (1, 'c')) AS T(user_id, url);
CREATE TABLE latest (user_id INT, url STRING, n BIGINT, PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'print');
INSERT INTO latest SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
check call_into_print_changelog $'+I[1, a, 1]\n+I[2, b, 1]\n+I[1, c, 2]'
check call_into_print_materialized $'+I[1, c, 2]\n+I[2, b, 1]' --materialize

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

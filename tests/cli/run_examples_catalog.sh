#!/usr/bin/env bash
# The examples catalog (examples.marketplace, Confluent's mock streams): every
# seed snippet that reads examples.marketplace.clicks runs verbatim, with no
# CREATE TABLE before it, and prints the columns Flink derives for it. The
# rows are generated, so the seeds' own example rows cannot match: the test
# checks the columns, the shape (row counts, value ranges) and that two runs
# print the same rows. Also: the tables' schemas, read-only-ness, and that
# the source is unbounded unless bounded by 'ptfhost.examples.number-of-rows'.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
JAR=$PTFHOST_BUILD/compat/seeds.jar
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# header FILE: the column names of the first tableau header, space-separated.
header() { sed -n 2p "$1" | tr -d ' ' | tr '|' ' ' | sed 's/^ *op *//; s/ *$//'; }

# run_seed NAME COLUMNS ROWS_MIN: runs $W/NAME.sql twice; checks columns,
# at least ROWS_MIN rows, and identical output.
run_seed() {
  local name=$1 cols=$2 min=$3
  grep -qi 'CREATE TABLE' "$W/$name.sql" && bad "$name: declares a table"
  for i in 1 2; do
    if ! "$PTFHOST" run --format tableau "$W/$name.sql" >"$W/$name.out$i" 2>"$W/$name.err"; then
      bad "$name: run $i failed"; cat "$W/$name.err"; return
    fi
  done
  cmp -s "$W/$name.out1" "$W/$name.out2" || bad "$name: two runs printed different rows"
  [ "$(header "$W/$name.out1")" = "$cols" ] || bad "$name: columns '$(header "$W/$name.out1")', want '$cols'"
  local n
  n=$(sed -n 's/^Received a total of \([0-9]*\) rows\{0,1\}$/\1/p' "$W/$name.out1")
  [ -n "$n" ] && [ "$n" -ge "$min" ] || bad "$name: $n rows, want at least $min"
}

BOUNDED="SET 'ptfhost.examples.number-of-rows' = '40';
SET 'ptfhost.examples.rows-per-second' = '0';"

# Confluent Cloud page, "Bounded state with TTL", steps 2 and 3 (verbatim).
cat >"$W/ttl.sql" <<SQL
$BOUNDED
CREATE FUNCTION TtlCountdown
AS 'com.example.TtlCountdown'
USING JAR '$JAR';

SELECT *
FROM TtlCountdown(
    input => TABLE examples.marketplace.clicks PARTITION BY user_id,
    uid => 'ttl-countdown-v1'
);
SQL
run_seed ttl "user_id counter" 40

# Confluent Cloud page, "Pass-through columns", steps 2 and 3 (verbatim).
cat >"$W/pass.sql" <<SQL
$BOUNDED
CREATE FUNCTION PassThroughEnrich
AS 'com.example.PassThroughEnrich'
USING JAR '$JAR';

SELECT *
FROM PassThroughEnrich(
    input => TABLE examples.marketplace.clicks PARTITION BY user_id,
    uid   => 'pass-through-enrich-v1'
);
SQL
run_seed pass 'click_id user_id url user_agent view_time $rowtime EXPR$0' 40

# CMF page, "Call a PTF" (verbatim), after its CREATE FUNCTION.
cat >"$W/long.sql" <<SQL
$BOUNDED
CREATE FUNCTION long_views AS 'com.example.LongViews' USING JAR '$JAR';
SELECT * FROM long_views(input => TABLE examples.marketplace.clicks, min_view_time => 100);
SQL
run_seed long "url view_time" 1
# Every row is a long view: view_time >= 100 (the table's range is 10..120).
awk -F'|' 'NR > 3 && /^\| \+I/ { v = $4 + 0; if (v < 100 || v > 120) exit 1 }' "$W/long.out1" ||
  bad "long_views: a view_time outside 100..120"

cat >"$W/count.sql" <<SQL
$BOUNDED
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$JAR';
SELECT * FROM count_clicks(input => TABLE examples.marketplace.clicks PARTITION BY user_id);
SQL
run_seed count "user_id url click_count" 40
# user_id is in Confluent's range 3000..5000.
awk -F'|' '/^\| \+I/ { u = $3 + 0; if (u < 3000 || u > 5000) exit 1 }' "$W/count.out1" ||
  bad "count_clicks: a user_id outside 3000..5000"

# The four tables' columns, as Confluent's page declares them, plus $rowtime.
cat >"$W/describe.sql" <<'SQL'
USE CATALOG examples;
USE marketplace;
SHOW TABLES;
DESCRIBE clicks;
DESCRIBE examples.marketplace.customers;
DESCRIBE marketplace.orders;
DESCRIBE products;
SQL
"$PTFHOST" run "$W/describe.sql" >"$W/describe.out" 2>&1 || bad "describe: $(cat "$W/describe.out")"
cols=$(awk -F'|' 'NF > 6 && $3 !~ /^ *type *$/ { gsub(/ /, "", $2); printf "%s ", $2 }' "$W/describe.out")
want='click_id user_id url user_agent view_time $rowtime customer_id name address postcode city email $rowtime '
want+='order_id customer_id product_id price $rowtime product_id name brand vendor department $rowtime '
[ "$cols" = "$want" ] || bad "describe: columns '$cols'"
grep -qF '|    $rowtime | TIMESTAMP_LTZ(3) *ROWTIME* | FALSE |     | METADATA VIRTUAL | `$rowtime` |' \
  "$W/describe.out" || bad "describe: no \$rowtime watermark"
grep -qF '4 rows in set' "$W/describe.out" && grep -qF '|  customers |' "$W/describe.out" ||
  bad "describe: SHOW TABLES does not list the four tables"

# Read-only: no CREATE, DROP or INSERT in the examples catalog.
printf "CREATE TABLE examples.marketplace.mine (a INT);\n" >"$W/ro.sql"
"$PTFHOST" run "$W/ro.sql" >/dev/null 2>"$W/ro.err" && bad "read-only: CREATE TABLE succeeded"
grep -qF "Catalog 'examples' is read-only" "$W/ro.err" || bad "read-only: $(cat "$W/ro.err")"
printf "DROP DATABASE examples.marketplace;\n" >"$W/ro2.sql"
"$PTFHOST" run "$W/ro2.sql" >/dev/null 2>"$W/ro2.err" && bad "read-only: DROP DATABASE succeeded"
grep -qF "Catalog examples is read-only" "$W/ro2.err" || bad "read-only: $(cat "$W/ro2.err")"

printf "INSERT INTO examples.marketplace.clicks SELECT * FROM examples.marketplace.clicks;\n" >"$W/ro3.sql"
"$PTFHOST" run "$W/ro3.sql" >/dev/null 2>"$W/ro3.err" && bad "read-only: INSERT succeeded"
grep -qF "Catalog 'examples' is read-only: INSERT INTO" "$W/ro3.err" || bad "read-only: $(cat "$W/ro3.err")"

# Unbounded by default: rows keep coming and the run does not end by itself (it is
# stopped once a few rows are out; the wait is a hang guard, not a time limit).
printf "SELECT * FROM examples.marketplace.orders;\n" >"$W/unbounded.sql"
"$PTFHOST" run "$W/unbounded.sql" >"$W/unbounded.out" 2>&1 &
pid=$!
for _ in $(seq 600); do   # hang guard: 60 s
  [ "$(grep -c '^+I\[' "$W/unbounded.out")" -ge 3 ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then kill "$pid"; else bad "unbounded: ended by itself"; fi
wait "$pid" 2>/dev/null
[ "$(grep -c '^+I\[' "$W/unbounded.out")" -ge 3 ] || bad "unbounded: no rows: $(head -c 300 "$W/unbounded.out")"

[ "$fail" -eq 0 ] && echo "examples catalog: ok"
exit "$fail"

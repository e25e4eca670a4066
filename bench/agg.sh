#!/usr/bin/env bash
# Rows per second of a GROUP BY count (engine/aggregate.c: one group per key, the retract
# changelog into a blackhole sink) over a JSON file, next to a plain scan of the same file into
# the same sink, so the ratio is the cost of the aggregation. Not part of the test suite.
#   bench/agg.sh BUILD_DIR [ROWS] [KEYS]
set -euo pipefail
BUILD=${1:?usage: bench/agg.sh BUILD_DIR [ROWS] [KEYS]}
N=${2:-${BENCH_ROWS:-1000000}}
K=${3:-${BENCH_KEYS:-100000}}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
awk -v n="$N" -v k="$K" 'BEGIN { srand(1); for (i = 0; i < n; i++)
  printf "{\"user_id\": %d, \"url\": \"/p%d\"}\n", int(rand() * k) + 1, i % 100 }' >"$W/clicks.json"
common="CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');"
cat >"$W/agg.sql" <<SQL
$common
CREATE TABLE sink (user_id INT, n BIGINT) WITH ('connector' = 'blackhole');
INSERT INTO sink SELECT user_id, COUNT(*) FROM clicks GROUP BY user_id;
SQL
cat >"$W/scan.sql" <<SQL
$common
CREATE TABLE sink (user_id INT, url STRING) WITH ('connector' = 'blackhole');
INSERT INTO sink SELECT * FROM clicks;
SQL
now_ns() { date +%s%N; }
best() {   # best of 3 wall times in ms
  local b=999999999 t0 t1 ms
  for i in 1 2 3; do
    t0=$(now_ns); "$BUILD/ptfhost" run "$1" >/dev/null; t1=$(now_ns)
    ms=$(((t1 - t0) / 1000000)); [ "$ms" -lt "$b" ] && b=$ms
  done
  echo "$b"
}
a=$(best "$W/agg.sql"); s=$(best "$W/scan.sql")
echo "rows: $N ($K keys)"
echo "GROUP BY count: ${a} ms = $((N * 1000 / (a > 0 ? a : 1))) rows/s"
echo "plain scan:     ${s} ms = $((N * 1000 / (s > 0 ? s : 1))) rows/s"
echo "ratio GROUP BY / scan: $(awk -v a="$a" -v b="$s" 'BEGIN { printf "%.2f", a / (b > 0 ? b : 1) }')x"

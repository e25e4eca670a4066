#!/usr/bin/env bash
# End-to-end rows per second of `ptfhost run` on a JSON file: the seed's
# CountClicks (keyed state, one JNI call per batch, Java eval) against a plain
# scan of the same file into the same blackhole sink, side by side, so the ratio
# is the cost of running the PTF. JVM start is included in both.
#   bench/throughput.sh BUILD_DIR [ROWS]
set -euo pipefail
BUILD=${1:?usage: bench/throughput.sh BUILD_DIR [ROWS]}
N=${2:-${BENCH_ROWS:-1000000}}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
awk -v n="$N" 'BEGIN { srand(1); for (i = 0; i < n; i++)
  printf "{\"user_id\": %d, \"url\": \"/p%d\"}\n", int(rand() * 10000) + 1, i % 100 }' >"$W/clicks.json"
common="CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');"
cat >"$W/ptf.sql" <<SQL
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$BUILD/compat/seeds.jar';
$common
CREATE TABLE sink (user_id INT, url STRING, n BIGINT) WITH ('connector' = 'blackhole');
INSERT INTO sink SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
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
p=$(best "$W/ptf.sql"); s=$(best "$W/scan.sql")
echo "rows: $N (10000 keys)"
echo "CountClicks PTF: ${p} ms = $((N * 1000 / (p > 0 ? p : 1))) rows/s"
echo "plain scan:      ${s} ms = $((N * 1000 / (s > 0 ? s : 1))) rows/s"
echo "ratio PTF / scan: $(awk -v a="$p" -v b="$s" 'BEGIN { printf "%.2f", a / (b > 0 ? b : 1) }')x"

#!/usr/bin/env bash
# Consuming a Kafka topic through ptfhost against kcat (issue 9 asks for a ratio
# ptfhost / kcat of at least 0.7). Starts `ptfhost broker` on loopback, fills a
# topic with N JSON records (kcat -P), then, interleaved over RUNS runs, reads the
# whole topic with a bounded kafka source (scan.bounded.mode = latest-offset) into
# `blackhole` - through the seed's CountClicks PTF and through a plain SELECT - and
# with `kcat -C -e -o beginning` to /dev/null. Prints the medians as records/s and
# the ratios. The PTF runs include the JVM start (a plain SELECT starts none).
# The mock cluster keeps about 5 MB per partition (older records are dropped), so
# the records are spread evenly over 16 partitions.
#   bench/kafka.sh BUILD_DIR [N] [RUNS]
set -euo pipefail
BUILD=$(cd "${1:?usage: bench/kafka.sh BUILD_DIR [N] [RUNS]}" && pwd)
N=${2:-${BENCH_KAFKA_ROWS:-1000000}}
RUNS=${3:-${BENCH_RUNS:-5}}
PTFHOST=$BUILD/ptfhost
PARTS=16
W=$(mktemp -d)
BROKER=""
trap '[ -n "$BROKER" ] && kill "$BROKER" 2>/dev/null && wait "$BROKER" 2>/dev/null; rm -rf "$W"' EXIT
command -v kcat >/dev/null || { echo "kafka.sh: kcat not installed" >&2; exit 1; }

"$PTFHOST" broker --partitions "$PARTS" --topics bench >"$W/broker.out" 2>"$W/broker.err" &
BROKER=$!
for _ in $(seq 600); do   # hang guard: 60 s
  [ -s "$W/broker.out" ] && break
  kill -0 "$BROKER" 2>/dev/null || { echo "kafka.sh: broker: $(cat "$W/broker.err")" >&2; exit 1; }
  sleep 0.1
done
BOOT=$(head -n 1 "$W/broker.out"); BOOT=${BOOT#bootstrap.servers=}

awk -v n="$N" 'BEGIN { srand(1); for (i = 0; i < n; i++)
  printf "{\"user_id\": %d, \"url\": \"/p%d\"}\n", int(rand() * 10000) + 1, i % 100 }' >"$W/clicks.json"
# Each partition gets every PARTS-th record (kcat's keyless writes are sticky, not even).
for ((p = 0; p < PARTS; p++)); do
  awk -v p="$p" -v n="$PARTS" 'NR % n == p' "$W/clicks.json" |
    kcat -b "$BOOT" -P -t bench -p "$p" -X linger.ms=20 -X batch.num.messages=10000
done
rm -f "$W/clicks.json"
got=$(kcat -b "$BOOT" -C -t bench -e -o beginning -q | wc -l)
[ "$got" = "$N" ] || { echo "kafka.sh: the topic holds $got records, not $N; not measuring" >&2; exit 1; }

table="CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = 'bench',
  'properties.bootstrap.servers' = '$BOOT', 'scan.startup.mode' = 'earliest-offset',
  'scan.bounded.mode' = 'latest-offset', 'format' = 'json');"
cat >"$W/ptf.sql" <<SQL
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$BUILD/compat/seeds.jar';
$table
CREATE TABLE sink (user_id INT, url STRING, n BIGINT) WITH ('connector' = 'blackhole');
INSERT INTO sink SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
cat >"$W/scan.sql" <<SQL
$table
CREATE TABLE sink (user_id INT, url STRING) WITH ('connector' = 'blackhole');
INSERT INTO sink SELECT * FROM clicks;
SQL

now_ns() { date +%s%N; }
t_ms() { local t0 t1; t0=$(now_ns); "$@" >/dev/null; t1=$(now_ns); echo $(((t1 - t0) / 1000000)); }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
rate() { if [ "$1" -gt 0 ]; then echo $((N * 1000 / $1)); else echo "n/a"; fi; }
kcat_read() { kcat -b "$BOOT" -C -t bench -e -o beginning -q; }

t_ms kcat_read >/dev/null; t_ms "$PTFHOST" run "$W/scan.sql" >/dev/null   # warm-up
: >"$W/k"; : >"$W/p"; : >"$W/s"
for ((i = 0; i < RUNS; i++)); do
  t_ms kcat_read >>"$W/k"
  t_ms "$PTFHOST" run "$W/ptf.sql" >>"$W/p"
  t_ms "$PTFHOST" run "$W/scan.sql" >>"$W/s"
done
k=$(median <"$W/k"); p=$(median <"$W/p"); s=$(median <"$W/s")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }'; }
echo "records: $N JSON records in $PARTS partitions; medians of $RUNS interleaved runs"
echo "kcat -C -e -o beginning:        ${k} ms = $(rate "$k") records/s"
echo "ptfhost CountClicks -> blackhole: ${p} ms = $(rate "$p") records/s (ratio to kcat $(ratio "$p" "$k"))"
echo "ptfhost SELECT -> blackhole:      ${s} ms = $(rate "$s") records/s (ratio to kcat $(ratio "$s" "$k"))"
echo "target ptfhost / kcat >= 0.7: $(awk -v r="$(ratio "$s" "$k")" 'BEGIN { print (r >= 0.7) ? "met" : "NOT met" }') (plain SELECT)"

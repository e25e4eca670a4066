#!/usr/bin/env bash
# Wall time of `ptfhost run` on the seed's Median example (compat/run/median),
# next to a bare JVM start (`java -version`) in the same loop. Target (issue 3): < 1 s.
#   bench/run_median.sh BUILD_DIR [RUNS]
set -euo pipefail
BUILD=$(cd "${1:?usage: bench/run_median.sh BUILD_DIR [RUNS]}" && pwd)
RUNS=${2:-${BENCH_RUNS:-9}}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cp -r "$ROOT/compat/run/median/." "$W/"
sed -i "s#@SEEDS_JAR@#$BUILD/compat/seeds.jar#" "$W/job.sql"
"$BUILD/ptfhost" run "$W/job.sql" | diff -q - "$W/expected.txt" >/dev/null ||
  { echo "run_median.sh: the Median job does not print the seed's table; not measuring" >&2; exit 1; }
now_ns() { date +%s%N; }
t_ms() { local t0 t1; t0=$(now_ns); "$@" >/dev/null 2>&1; t1=$(now_ns); echo $(((t1 - t0) / 1000000)); }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
: >"$W/a"; : >"$W/b"
for i in $(seq "$RUNS"); do
  t_ms "$BUILD/ptfhost" run "$W/job.sql" >>"$W/a"
  t_ms "$JAVA" -version >>"$W/b"
done
a=$(median <"$W/a"); b=$(median <"$W/b")
echo "ptfhost run median.sql: median ${a} ms over $RUNS runs (target < 1000 ms)"
echo "java -version:           median ${b} ms"
echo "ratio: $(awk -v a="$a" -v b="$b" 'BEGIN { if (b > 0) printf "%.1f", a / b; else printf "n/a" }')x a bare JVM start"

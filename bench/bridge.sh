#!/usr/bin/env bash
# The bridge's cost per row against the physical limit of one JVM thread (issue 13).
#
# For each of the seed's ThresholdFilter, CountClicks and Median: a JSON file of
# ROWS rows over KEYS keys, read by ptfhost three ways, interleaved RUNS times
# (scan A, job A, 1-row job A, scan B, ...):
#   scan     the plain scan of the file into a CSV file (no JVM),
#   job      the PTF over the same file into a CSV file,
#   one      the same PTF job over a 1-row file: JVM start, class loading, open;
#   job2     (CountClicks) the job with --parallelism 2: two workers, each its own instance.
# bridge cost per row = (median job - median scan - median one) / ROWS, divided by
# B0's cost per row: bench/java/Baseline.java calling the same eval of the same
# JAR on rows in memory, warm, state in a HashMap (and for CountClicks also the
# variant that serialises the state around every eval). Every timed run's exit
# status and row count are checked; a failed or short run stops the benchmark.
#   bench/bridge.sh BUILD_DIR          (BENCH_ROWS, BENCH_KEYS, BENCH_RUNS, BENCH_B0_ROWS, BENCH_CLOCK,
#                                       BENCH_FNS: a subset of the functions,
#                                       BENCH_BIG_ROWS: CountClicks again over this many rows, default 5 x ROWS; 0 = not)
set -euo pipefail
BUILD=$(cd "${1:?usage: bench/bridge.sh BUILD_DIR}" && pwd)
N=${BENCH_ROWS:-1000000}
K=${BENCH_KEYS:-100000}
RUNS=${BENCH_RUNS:-5}
B0_ROWS=${BENCH_B0_ROWS:-$((N < 200000 ? N : 200000))}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
PTFHOST=$BUILD/ptfhost
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
B0_CP=$BUILD/java/ptfhost-shim.jar:$BUILD/compat/seeds.jar:$BUILD/bench/baseline
[ -f "$BUILD/bench/baseline/Baseline.class" ] || { echo "bridge.sh: $BUILD/bench/baseline not built (./build.sh bench)" >&2; exit 1; }
W=$(bench_dir)
trap 'rm -rf "$W"' EXIT

# The rows: key, then the function's column; one file of N rows and one of 1 row.
gen() {   # gen FILE ROWS KEYCOL COL VALUE-EXPR(i)
  awk -v n="$2" -v k="$K" -v kc="$3" -v c="$4" -v ex="$5" 'BEGIN { srand(1); for (i = 0; i < n; i++) {
    v = (ex == "url") ? sprintf("\"/p%d\"", i % 100) : (ex == "value") ? sprintf("%d.0", i % 200) : sprintf("%d.5", i % 50)
    printf "{\"%s\": %d, \"%s\": %s}\n", kc, int(rand() * k) + 1, c, v } }' >"$1"
}
FNS=${BENCH_FNS:-ThresholdFilter CountClicks Median}
declare -A KEYCOL=([ThresholdFilter]=sensor_id [CountClicks]=user_id [Median]=sensor_id)
declare -A COL=([ThresholdFilter]='`value` DOUBLE' [CountClicks]='url STRING' [Median]='temperature DOUBLE')
declare -A GEN=([ThresholdFilter]=value [CountClicks]=url [Median]=temperature)
declare -A OUTCOLS=([ThresholdFilter]='a INT, b DOUBLE, c BOOLEAN' [CountClicks]='a INT, b STRING, c BIGINT'
                    [Median]='a INT, b DOUBLE, c DOUBLE')
declare -A ARGS=([ThresholdFilter]=', threshold => 100.0' [CountClicks]='' [Median]=', numTrailing => 5')

sql() {   # sql FN INPUT OUT scan|job
  local fn=$1 kc=${KEYCOL[$1]}
  local src="CREATE TABLE src ($kc INT, ${COL[$fn]}) WITH ('connector' = 'filesystem', 'path' = '$2', 'format' = 'json');"
  if [ "$4" = scan ]; then
    printf '%s\nCREATE TABLE sink (%s INT, %s) WITH (%s);\nINSERT INTO sink SELECT * FROM src;\n' "$src" "$kc" \
      "${COL[$fn]}" "'connector' = 'filesystem', 'path' = '$3', 'format' = 'csv'"
  else
    printf "CREATE FUNCTION f AS 'com.example.%s' USING JAR '%s';\n%s\n" "$fn" "$BUILD/compat/seeds.jar" "$src"
    printf "CREATE TABLE sink (%s) WITH ('connector' = 'filesystem', 'path' = '%s', 'format' = 'csv');\n" \
      "${OUTCOLS[$fn]}" "$3"
    printf 'INSERT INTO sink SELECT * FROM f(input => TABLE src PARTITION BY %s%s);\n' "$kc" "${ARGS[$fn]}"
  fi
}
for fn in $FNS; do
  gen "$W/$fn.json" "$N" "${KEYCOL[$fn]}" "${COL[$fn]%% *}" "${GEN[$fn]}"
  gen "$W/$fn.1.json" 1 "${KEYCOL[$fn]}" "${COL[$fn]%% *}" "${GEN[$fn]}"
  sed -i 's/`//g' "$W/$fn.json" "$W/$fn.1.json"
  sql "$fn" "$W/$fn.json" "$W/out.csv" scan >"$W/$fn.scan.sql"
  sql "$fn" "$W/$fn.json" "$W/out.csv" job >"$W/$fn.job.sql"
  sql "$fn" "$W/$fn.1.json" "$W/out.csv" job >"$W/$fn.one.sql"
done

b0() {   # b0 FN plain|serial: B0's ns per row (the median of its timed passes)
  local line
  line=$("$JAVA" -XX:+UseSerialGC -cp "$B0_CP" Baseline "$1" "$2" "$B0_ROWS" "$K") ||
    { echo "bridge.sh: the Java baseline $1 $2 failed" >&2; exit 1; }
  echo "${line##* }"
}

# Interleaved: every kind of run sees the same load. B0 runs in the same rounds (its
# figure: the median of its runs), so that a change in the machine moves both sides of a ratio.
for ((i = 0; i < RUNS; i++)); do
  for fn in $FNS; do
    timed_ms "$W/out.csv" "$N" "$PTFHOST" run "$W/$fn.scan.sql" >>"$W/$fn.scan.ms"
    timed_ms "$W/out.csv" "$N" "$PTFHOST" run "$W/$fn.job.sql" >>"$W/$fn.job.ms"
    timed_ms "$W/out.csv" 1 "$PTFHOST" run "$W/$fn.one.sql" >>"$W/$fn.one.ms"
    b0 "$fn" plain >>"$W/$fn.b0"
    b0 "$fn" serial >>"$W/$fn.b0s"
    if [ "$fn" = CountClicks ]; then
      timed_ms "$W/out.csv" "$N" "$PTFHOST" run --parallelism 2 "$W/$fn.job.sql" >>"$W/$fn.job2.ms"
    fi
  done
done
# The same CountClicks job over BIG rows (the file BIG / ROWS times), at 1 and 2 workers, with its
# scan: the per-row cost once the JIT has compiled the hot code, and what 2 workers give when the
# compilers' fixed CPU (about 0.6 s) no longer weighs as much as the rows.
BIG=${BENCH_BIG_ROWS:-$((5 * N))}
if [ "$BIG" -gt "$N" ] && [[ " $FNS " == *" CountClicks "* ]]; then
  : >"$W/big.json"
  for ((i = 0; i < BIG / N; i++)); do cat "$W/CountClicks.json" >>"$W/big.json"; done
  BIG=$((BIG / N * N))
  sed "s#$W/CountClicks.json#$W/big.json#" "$W/CountClicks.scan.sql" >"$W/big.scan.sql"
  sed "s#$W/CountClicks.json#$W/big.json#" "$W/CountClicks.job.sql" >"$W/big.job.sql"
  for ((i = 0; i < RUNS; i++)); do
    timed_ms "$W/out.csv" "$BIG" "$PTFHOST" run "$W/big.scan.sql" >>"$W/big.scan.ms"
    timed_ms "$W/out.csv" "$BIG" "$PTFHOST" run "$W/big.job.sql" >>"$W/big.job.ms"
    timed_ms "$W/out.csv" "$BIG" "$PTFHOST" run --parallelism 2 "$W/big.job.sql" >>"$W/big.job2.ms"
  done
fi

echo "rows: $N over $K keys; medians of $RUNS interleaved runs; B0 over $B0_ROWS rows in memory, in the same rounds"
printf '%-16s %9s %9s %9s %12s %12s %12s\n' function "scan ms" "job ms" "1-row ms" "bridge ns/row" "B0 ns/row" "B0 ser ns/row"
for fn in $FNS; do
  s=$(median <"$W/$fn.scan.ms"); j=$(median <"$W/$fn.job.ms"); o=$(median <"$W/$fn.one.ms")
  per=$(awk -v j="$j" -v s="$s" -v o="$o" -v n="$N" 'BEGIN { printf "%.1f", (j - s - o) * 1e6 / n }')
  p0=$(median <"$W/$fn.b0"); s0=$(median <"$W/$fn.b0s")
  printf '%-16s %9s %9s %9s %12s %12s %12s\n' "$fn" "$s" "$j" "$o" "$per" "$p0" "$s0"
  echo "$fn $s $j $o $per $p0 $s0" >>"$W/figures"
done
echo
header
while read -r fn s j o per p0 s0; do
  if awk -v p="$per" 'BEGIN { exit !(p <= 0) }'; then
    row_na "bridge cost per row / B0, $fn" "n/a ($per)" "-"   # the difference drowned in noise
    continue
  fi
  goal=1.5; [ "$fn" = CountClicks ] && goal=2
  row "bridge cost per row / B0, $fn" "$(ratio "$per" "$p0")" "<= $goal" "<=" "$goal"
  if [ "$fn" = CountClicks ]; then
    row_info "bridge cost per row / serialising B0, $fn" "$(ratio "$per" "$s0")"
    row "whole job / plain scan, $fn" "$(ratio "$j" "$s")" "<= 2" "<=" 2
  fi
done <"$W/figures"
if [ -f "$W/CountClicks.job2.ms" ]; then
  j1=$(median <"$W/CountClicks.job.ms"); j2=$(median <"$W/CountClicks.job2.ms")
  row "2 workers / 1 worker, CountClicks (whole job, speed-up)" "$(ratio "$j1" "$j2")" ">= 1.7" ">=" 1.7
  row_info "  job ms at 1 worker / at 2 workers" "$j1 / $j2"
else
  row_na "2 workers / 1 worker, CountClicks" "not run" ">= 1.7"
fi
if [ -f "$W/big.job2.ms" ]; then
  bs=$(median <"$W/big.scan.ms"); bj=$(median <"$W/big.job.ms"); bj2=$(median <"$W/big.job2.ms")
  s=$(median <"$W/CountClicks.scan.ms"); j=$(median <"$W/CountClicks.job.ms")
  row_info "CountClicks at $BIG rows: job / scan ms" "$bj / $bs"
  row_info "  bridge ns/row past the first $N rows (warm JIT)" \
    "$(awk -v bj="$bj" -v bs="$bs" -v j="$j" -v s="$s" -v n=$((BIG - N)) 'BEGIN { printf "%.1f", ((bj - bs) - (j - s)) * 1e6 / n }')"
  row_info "  2 workers / 1 worker at $BIG rows (job ms $bj / $bj2)" "$(ratio "$bj" "$bj2")"
fi

#!/usr/bin/env bash
# onTimer throughput (issue 4 asks for >= 1 M onTimer calls per second on one core).
# Two runs of the same job over N datagen rows, side by side: one where every row
# registers a timer (N onTimer calls at end of input), one without timers. The
# difference is the cost of the timers: registration, C's timer service, the
# batches of TIMER records and the Java onTimer calls.
#   bench/timers.sh BUILD_DIR [N]
set -euo pipefail
BUILD=${1:?usage: bench/timers.sh BUILD_DIR [N]}
N=${2:-${BENCH_TIMERS:-1000000}}
PTFHOST=$BUILD/ptfhost
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
job() {
  cat >"$W/job.sql" <<SQL
CREATE FUNCTION timer_bench AS 'com.example.fixtures.TimerBench' USING JAR '$BUILD/compat/fixtures.jar';
CREATE TABLE keys (k BIGINT) WITH ('connector' = 'datagen', 'fields.k.kind' = 'sequence',
  'fields.k.start' = '1', 'fields.k.end' = '$N');
SELECT * FROM timer_bench(input => TABLE keys PARTITION BY k, timers => $1);
SQL
}
now_ns() { date +%s%N; }
run_ms() { local t0 t1; job "$1"; t0=$(now_ns); "$PTFHOST" run "$W/job.sql" >/dev/null; t1=$(now_ns); echo $(((t1 - t0) / 1000000)); }
run_ms TRUE >/dev/null   # warm-up
best_with=999999999 best_without=999999999
for i in 1 2 3; do
  a=$(run_ms TRUE); b=$(run_ms FALSE)
  [ "$a" -lt "$best_with" ] && best_with=$a
  [ "$b" -lt "$best_without" ] && best_without=$b
done
diff=$((best_with - best_without)); [ "$diff" -lt 1 ] && diff=1
echo "rows: $N; with timers: ${best_with} ms; without: ${best_without} ms (best of 3 each)"
echo "timer cost: ${diff} ms for $N onTimer calls = $((N * 1000 / diff)) onTimer calls/s (target >= 1000000)"
echo "whole job with timers: $((N * 1000 / best_with)) rows+timers/s"

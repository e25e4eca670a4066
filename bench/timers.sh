#!/usr/bin/env bash
# Timers through the whole job (issue 4: >= 1 M onTimer calls/s; issue 13: 1 M
# timers on one key in < 2 s). Three jobs over N datagen rows of the fixture
# TimerBench, interleaved RUNS times: every row registers one timer on its own
# key ("spread"), every row registers one timer on the same key ("one key"),
# and the same rows without timers ("none"). The differences to "none" are
# the timers' cost: registration, C's timer service, the TIMER batches and the
# Java onTimer calls. A negative difference is reported as noise, not clamped.
#   bench/timers.sh BUILD_DIR [N]        (BENCH_TIMERS, BENCH_RUNS)
set -euo pipefail
BUILD=$(cd "${1:?usage: bench/timers.sh BUILD_DIR [N]}" && pwd)
N=${2:-${BENCH_TIMERS:-1000000}}
RUNS=${BENCH_RUNS:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
W=$(bench_dir)
trap 'rm -rf "$W"' EXIT
job() {   # job NAME TIMERS PARTITION-COLUMN
  cat >"$W/$1.sql" <<SQL
CREATE FUNCTION timer_bench AS 'com.example.fixtures.TimerBench' USING JAR '$BUILD/compat/fixtures.jar';
CREATE TABLE keys (k BIGINT, g INT) WITH ('connector' = 'datagen', 'fields.k.kind' = 'sequence',
  'fields.k.start' = '1', 'fields.k.end' = '$N', 'fields.g.min' = '1', 'fields.g.max' = '1');
CREATE TABLE sink (k BIGINT, n BIGINT) WITH ('connector' = 'filesystem', 'path' = '$W/out.csv', 'format' = 'csv');
INSERT INTO sink SELECT $3, n FROM timer_bench(input => TABLE keys PARTITION BY $3, timers => $2);
SQL
}
job spread TRUE k; job onekey TRUE g; job none FALSE k
for ((i = 0; i < RUNS; i++)); do
  for j in spread onekey none; do timed_ms "$W/out.csv" 0 "$BUILD/ptfhost" run "$W/$j.sql" >>"$W/$j.ms"; done
done
s=$(median <"$W/spread.ms"); o=$(median <"$W/onekey.ms"); z=$(median <"$W/none.ms")
echo "rows: $N; medians of $RUNS interleaved runs: timers on own keys ${s} ms, all on one key ${o} ms, none ${z} ms"
header
for x in "spread:$s:onTimer calls/s, one timer per key" "onekey:$o:onTimer calls/s, $N timers on one key"; do
  ms=${x#*:}; ms=${ms%%:*}; d=$((ms - z))
  if [ "$d" -le 0 ]; then row_na "${x##*:}" "noise (${d} ms)" ">= 1 M"; continue; fi
  row "${x##*:}" "$((N * 1000 / d))" ">= 1 M" ">=" 1000000
done
d=$((o - z))
[ "$d" -gt 0 ] && row "timers' cost, $N timers on one key (ms)" "$d" "< 2000" "<=" 1999

#!/usr/bin/env bash
# Checkpoint time, size and the processing pause per checkpoint for CountClicks (one BIGINT of
# state per key) at 100 k and 1 M keys (docs/checkpoints.md). Checkpoints are synchronous: the
# inputs stage stops at the barrier while the snapshot is copied and the file is encoded,
# written, fsynced and renamed, so the pause is the checkpoint's time; each checkpoint reports
# its two parts on stderr ('ptfhost.checkpoint.stats'). Not part of the test suite.
#   bench/checkpoint.sh BUILD_DIR
#   BENCH_CKPT_KEYS="100000 1000000" (sizes), BENCH_CKPT_INTERVAL (the periodic runs', default
#   5 s: at 1 M keys a checkpoint takes about a second), BENCH_RUNS (default 5)
set -euo pipefail
BUILD=$(cd "${1:?usage: bench/checkpoint.sh BUILD_DIR}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
RUNS=${BENCH_RUNS:-5}
EVERY=${BENCH_CKPT_INTERVAL:-5 s}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cd "$W"

# script NAME KEYS EXTRA-SET: CountClicks over keys.KEYS.json into a CSV file NAME.out.
script() {
  cat >"$1.sql" <<SQL
$3
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$BUILD/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'keys.$2.json', 'format' = 'json');
CREATE TABLE sink (user_id INT, url STRING, n BIGINT) WITH ('connector' = 'filesystem', 'path' = '$1.out', 'format' = 'csv');
INSERT INTO sink SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
}
ckpt_set() { printf "SET 'execution.checkpointing.interval' = '%s';\nSET 'execution.checkpointing.dir' = 'ckpts';\nSET 'ptfhost.checkpoint.stats' = 'true';\n" "$1"; }
# stats FILE: "snapshot write bytes" per checkpoint line of a run's log.
stats() { sed -n 's/^ptfhost: checkpoint .*: [0-9]* state values, snapshot \([0-9.]*\) ms, write \([0-9.]*\) ms, \([0-9]*\) bytes$/\1 \2 \3/p' "$1"; }
ms_int() { awk '{ printf "%d\n", $1 + 0.5 }'; }

header
for K in ${BENCH_CKPT_KEYS:-100000 1000000}; do
  awk -v n="$K" 'BEGIN { for (i = 0; i < n; i++) printf "{\"user_id\": %d, \"url\": \"/p%d\"}\n", i, i % 100 }' >"keys.$K.json"
  script plain "$K" ""
  script once "$K" "$(ckpt_set '1 h')"          # one checkpoint, at the end of the input: every key in it
  script periodic "$K" "$(ckpt_set "$EVERY")"   # as the state grows
  : >"snap.$K" ; : >"write.$K"; : >"pause.$K"; : >"bytes.$K"; : >"wall_plain.$K"; : >"wall_once.$K"; : >"periodic.$K"
  for r in $(seq "$RUNS"); do
    timed_ms plain.out "$K" "$BUILD/ptfhost" run plain.sql >>"wall_plain.$K"
    rm -rf ckpts
    timed_ms once.out "$K" "$BUILD/ptfhost" run once.sql >>"wall_once.$K"
    read -r s w b < <(stats once.out.log | tail -n 1)
    [ -n "${b:-}" ] || { echo "bench: no checkpoint statistics in the run's log: $(head -c 400 once.out.log)" >&2; exit 1; }
    echo "$s" >>"snap.$K"; echo "$w" >>"write.$K"; echo "$b" >>"bytes.$K"
    awk -v s="$s" -v w="$w" 'BEGIN { print s + w }' >>"pause.$K"
    rm -rf ckpts
    timed_ms periodic.out "$K" "$BUILD/ptfhost" run periodic.sql >/dev/null
    stats periodic.out.log | awk '{ print $1 + $2 }' >>"periodic.$K"
  done
  label=$(awk -v k="$K" 'BEGIN { print (k >= 1000000 ? k / 1000000 " M" : k / 1000 " k") }')
  row_info "checkpoint of $label keys: snapshot (ms, median)" "$(median <"snap.$K" | ms_int)"
  row_info "checkpoint of $label keys: encode + write + fsync + rename (ms)" "$(median <"write.$K" | ms_int)"
  row_info "checkpoint of $label keys: size (bytes)" "$(median <"bytes.$K")"
  row_info "checkpoint of $label keys: bytes per key" "$(( $(median <"bytes.$K") / K ))"
  pause=$(median <"pause.$K" | ms_int)
  if [ "$K" -ge 1000000 ]; then row "processing pause per checkpoint, $label keys (ms)" "$pause" "<= 200" "<=" 200
  else row_info "processing pause per checkpoint, $label keys (ms)" "$pause"; fi
  diff=$(( $(median <"wall_once.$K") - $(median <"wall_plain.$K") ))
  if [ "$diff" -gt 0 ]; then row_info "whole run with the checkpoint - without, $label keys (ms)" "$diff"
  else row_info "whole run with the checkpoint - without, $label keys (ms)" "noise"; fi
  row_info "checkpoints every $EVERY as $label keys fill: count per run" \
    "$(( $(wc -l <"periodic.$K") / RUNS ))"
  row_info "checkpoints every $EVERY as $label keys fill: median pause (ms)" "$(median <"periodic.$K" | ms_int)"
  row_info "checkpoints every $EVERY as $label keys fill: largest pause (ms)" "$(sort -n "periodic.$K" | tail -n 1 | ms_int)"
done

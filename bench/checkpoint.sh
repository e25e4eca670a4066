#!/usr/bin/env bash
# Checkpoint time, size and the processing pause per checkpoint for CountClicks (one BIGINT of
# state per key) at 100 k and 1 M keys (docs/checkpoints.md, "The pause"). At a barrier the
# processing thread encodes the snapshot into memory; a writer thread checksums, writes and
# fsyncs it; the processing thread publishes it (rename, the sink's part) once written. Each
# checkpoint reports on stderr ('ptfhost.checkpoint.stats') its snapshot, its background write
# and the pause: the processing thread's time on it (snapshot, any wait for the write, publish).
# Two runs per size: "once", one checkpoint when the input ends (every key in it: time and size);
# "steady", the keys once and then once more with checkpoints every BENCH_CKPT_INTERVAL (default
# 50 ms below 1 M keys, 1 s from 1 M on, so several checkpoints hold every key): the
# pause of the checkpoints that hold every key while rows still flow (the end's checkpoint,
# which waits for its write as the run ends, is left out). With BASE_BUILD_DIR (an older
# build, whose checkpoints were synchronous: pause = snapshot + write) each run of BUILD_DIR is
# interleaved with one of it and its rows say "(before)". BENCH_CKPT_SINK=kafka-eo writes into an
# 'exactly-once' Kafka sink on the built-in broker (loopback, one partition) instead of part files:
# its commit joins the publish, and the rows that follow a barrier are held by the sink until then
# (docs/checkpoints.md, "The pause"). Not part of the test suite.
#   bench/checkpoint.sh BUILD_DIR [BASE_BUILD_DIR]
#   BENCH_CKPT_KEYS="100000 1000000" (sizes), BENCH_CKPT_INTERVAL (default: fits the size), BENCH_RUNS (default 5),
#   BENCH_CKPT_SINK (file, the default, or kafka-eo)
set -euo pipefail
BUILD=$(cd "${1:?usage: bench/checkpoint.sh BUILD_DIR [BASE_BUILD_DIR]}" && pwd)
BASE=${2:+$(cd "$2" && pwd)}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
RUNS=${BENCH_RUNS:-5}
SINK=${BENCH_CKPT_SINK:-file}
W=$(bench_dir)
BROKER=""
trap '[ -n "$BROKER" ] && kill "$BROKER"; rm -rf "$W"' EXIT
cd "$W"
case $SINK in
file) ;;
kafka-eo)
  "$BUILD/ptfhost" broker --partitions 1 --topics ckpt_bench >broker.out 2>broker.err &
  BROKER=$!
  for _ in $(seq 300); do [ -s broker.out ] && break; sleep 0.1; done
  [ -s broker.out ] || { echo "bench: no broker: $(cat broker.err)" >&2; exit 1; }
  BOOT=$(head -n 1 broker.out); BOOT=${BOOT#bootstrap.servers=} ;;
*) echo "bench: BENCH_CKPT_SINK is 'file' or 'kafka-eo', not '$SINK'" >&2; exit 2 ;;
esac

# sink_ddl NAME: the sink's WITH clause.
sink_ddl() {
  if [ "$SINK" = file ]; then
    echo "'connector' = 'filesystem', 'path' = '$1.out', 'format' = 'csv'"
  else
    echo "'connector' = 'kafka', 'topic' = 'ckpt_bench', 'properties.bootstrap.servers' = '$BOOT',
  'format' = 'json', 'sink.delivery-guarantee' = 'exactly-once', 'sink.transactional-id-prefix' = 'bench-${1%%.*}'"
  fi
}
# end_offset: the records in the Kafka sink's topic so far (the broker trims old ones, not the offsets).
end_offset() { kcat -b "$BOOT" -Q -t ckpt_bench:0:-1 | awk '{ print $NF }'; }

# script NAME INPUT BUILD K: CountClicks over INPUT into CSV part files NAME-N.out, checkpoints per NAME.
script() {
  local every='1 h'
  [ "${1%%.*}" = steady ] && every=$(interval "$4")
  cat >"$1.sql" <<SQL
SET 'execution.checkpointing.interval' = '$every';
SET 'execution.checkpointing.dir' = 'ckpts';
SET 'ptfhost.checkpoint.stats' = 'true';
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$3/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = '$2', 'format' = 'json');
CREATE TABLE sink (user_id INT, url STRING, n BIGINT) WITH ($(sink_ddl "$1"));
INSERT INTO sink SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
}
# interval K: the steady runs' checkpoint interval at K keys.
interval() {
  if [ -n "${BENCH_CKPT_INTERVAL:-}" ]; then echo "$BENCH_CKPT_INTERVAL"
  elif [ "$1" -ge 1000000 ]; then echo '1 s'
  else echo '50 ms'; fi
}
# job BUILD NAME: one run; its part files gathered into NAME.out (timed_ms counts its rows);
# with a Kafka sink, NAME.out gets a line per record the run added to the topic.
job() {
  rm -rf ckpts "$2"-*.out
  if [ "$SINK" = file ]; then
    "$1/ptfhost" run "$2.sql" || return 1
    cat "$2"-*.out >"$2.out"
    rm -f "$2"-*.out
  else
    local before; before=$(end_offset)
    "$1/ptfhost" run "$2.sql" || return 1
    awk -v n=$(($(end_offset) - before)) 'BEGIN { for (i = 0; i < n; i++) print "" }' >"$2.out"
  fi
}
# stats FILE: "values snapshot write bytes pause" per checkpoint line (an older build's lines
# have no pause: its checkpoint held the run for snapshot + write; a held-rows tail is ignored).
stats() {
  sed -n 's/^ptfhost: checkpoint .*: \([0-9]*\) state values, snapshot \([0-9.]*\) ms, write \([0-9.]*\) ms, \([0-9]*\) bytes\(, pause \([0-9.]*\) ms\)\{0,1\}\(, held .*\)\{0,1\}$/\1 \2 \3 \4 \6/p' "$1" |
    awk '{ print $1, $2, $3, $4, ($5 == "" ? $2 + $3 : $5) }'
}
ms_int() { awk '{ printf "%d\n", $1 + 0.5 }'; }

# measure TAG BUILD K: one "once" and one "steady" run, appended to TAG.K.* files.
measure() {
  local tag=$1 b=$2 k=$3 v s w bytes p
  script "once.$tag" "keys.$k.json" "$b" "$k"
  script "steady.$tag" "twice.$k.json" "$b" "$k"
  timed_ms "once.$tag.out" "$k" job "$b" "once.$tag" >/dev/null
  read -r v s w bytes p < <(stats "once.$tag.out.log" | tail -n 1)
  [ -n "${bytes:-}" ] || { echo "bench: no checkpoint statistics: $(head -c 400 "once.$tag.out.log")" >&2; exit 1; }
  echo "$s" >>"$tag.$k.snap"; echo "$w" >>"$tag.$k.write"; echo "$bytes" >>"$tag.$k.bytes"
  timed_ms "steady.$tag.out" $((2 * k)) job "$b" "steady.$tag" >/dev/null
  stats "steady.$tag.out.log" | sed '$d' | awk -v k="$k" '$1 == k { print $5 }' >>"$tag.$k.pause"
}

via=""
[ "$SINK" = kafka-eo ] && via=" (exactly-once Kafka sink)"
header
for K in ${BENCH_CKPT_KEYS:-100000 1000000}; do
  awk -v n="$K" 'BEGIN { for (i = 0; i < n; i++) printf "{\"user_id\": %d, \"url\": \"/p%d\"}\n", i, i % 100 }' >"keys.$K.json"
  cat "keys.$K.json" "keys.$K.json" >"twice.$K.json"
  tags="new"
  [ -n "$BASE" ] && tags="base new"
  for t in $tags; do : >"$t.$K.snap"; : >"$t.$K.write"; : >"$t.$K.bytes"; : >"$t.$K.pause"; done
  for r in $(seq "$RUNS"); do
    [ -n "$BASE" ] && measure base "$BASE" "$K"
    measure new "$BUILD" "$K"
  done
  label=$(awk -v k="$K" 'BEGIN { print (k >= 1000000 ? k / 1000000 " M" : k / 1000 " k") }')
  for t in $tags; do
    suffix=""
    [ "$t" = base ] && suffix=" (before)"
    [ -s "$t.$K.pause" ] || { echo "bench: no steady checkpoint held all $K keys; lower BENCH_CKPT_INTERVAL" >&2; exit 1; }
    row_info "checkpoint of $label keys: snapshot (ms, median)$suffix" "$(median <"$t.$K.snap" | ms_int)"
    row_info "checkpoint of $label keys: checksum, write, fsync (ms)$suffix" "$(median <"$t.$K.write" | ms_int)"
    row_info "checkpoint of $label keys: size (bytes)$suffix" "$(median <"$t.$K.bytes")"
    row_info "checkpoint of $label keys: bytes per key$suffix" "$(( $(median <"$t.$K.bytes") / K ))"
    pause=$(median <"$t.$K.pause" | ms_int)
    if [ "$K" -ge 1000000 ] && [ "$t" = new ]; then
      row "pause per checkpoint, $label keys$via (ms, median)" "$pause" "<= 200" "<=" 200
    else
      row_info "pause per checkpoint, $label keys$via (ms, median)$suffix" "$pause"
    fi
    row_info "  of $(wc -l <"$t.$K.pause") checkpoints; the largest (ms)$suffix" "$(sort -n "$t.$K.pause" | tail -n 1 | ms_int)"
  done
done

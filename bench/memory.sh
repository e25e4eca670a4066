#!/usr/bin/env bash
# Memory per key beyond the key's bytes, CountClicks at 1 M keys (issue 13; bench/README.md).
#
# Two CountClicks jobs over the same number of rows, interleaved RUNS times (big A, small A,
# big B, ...): one whose rows carry BIG distinct keys (one row per key), one whose rows cycle
# over SMALL keys. Each run reports two figures:
#   peak RSS   the whole process (C and the JVM together), /usr/bin/time's maximum resident set;
#   C store    the bytes the operator's state store and per-key structures have allocated at the
#              end of the input, counted by the store itself ('ptfhost.state.stats' on stderr).
# per key = (median(big) - median(small)) / (BIG - SMALL) - the key's bytes (5: the encoded INT
# key the store holds). The same rows in both jobs cancel everything that scales with rows (the
# JVM's heap growth from garbage, buffers); what is left scales with keys. The rest, RSS minus
# the C store, is the JVM's per-key share (Java objects kept per key, if any) plus the C
# allocator's overhead and transient peaks (a table grown while its old copy is still there).
# Every run's exit status and row count are checked.
#   bench/memory.sh BUILD_DIR     (BENCH_MEM_KEYS, default 1000000; BENCH_MEM_SMALL, 1000;
#                                  BENCH_RUNS, 5)
set -euo pipefail
BUILD=$(cd "${1:?usage: bench/memory.sh BUILD_DIR}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
BIG=${BENCH_MEM_KEYS:-1000000}
SMALL=${BENCH_MEM_SMALL:-1000}
RUNS=${BENCH_RUNS:-5}
KEY_BYTES=5   # codec_encode_value of an INT: a presence byte and 4 bytes
W=$(bench_dir)
trap 'rm -rf "$W"' EXIT
cd "$W"

# script NAME: CountClicks over NAME.json into NAME.out, with the store's statistics on stderr.
script() {
  cat >"$1.sql" <<SQL
SET 'ptfhost.state.stats' = 'true';
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$BUILD/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = '$1.json', 'format' = 'json');
CREATE TABLE sink (user_id INT, url STRING, n BIGINT) WITH ('connector' = 'filesystem', 'path' = '$1.out', 'format' = 'csv');
INSERT INTO sink SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
}
# rows FILE KEYS: BIG rows cycling over KEYS keys.
rows() { awk -v n="$BIG" -v k="$2" 'BEGIN { for (i = 0; i < n; i++) printf "{\"user_id\": %d, \"url\": \"/p%d\"}\n", i % k, i % 100 }' >"$1"; }
# store_bytes LOG: the C store's total, from "ptfhost: state of 'F': K keys, ... total B bytes".
store_bytes() { sed -n "s/^ptfhost: state of .*: [0-9]* keys, .* total \([0-9]*\) bytes.*$/\1/p" "$1" | tail -n 1; }

# The JVM's heap grows with what survives only: a fixed young generation takes the rows'
# garbage, so the old generation (and the RSS) grows with the objects Java keeps (per key,
# if any). Under the default G1 the heap's size follows its ergonomics (GC time, allocation
# rate), which differ by 10 MB or more between two such jobs: noise larger than the figure.
# The collector and young generation are a job's defaults too (jni/jb.h), given here so that
# the figure does not move with them; ptfhost leaves its own out when these name them.
export PTFHOST_JVM_OPTS="-XX:+UseSerialGC -Xmn32m -Xms48m ${PTFHOST_JVM_OPTS:-}"
rows big.json "$BIG"
rows small.json "$SMALL"
script big
script small
for ((i = 0; i < RUNS; i++)); do
  for run in big small; do
    peak_kb "$run.out" "$BIG" "$BUILD/ptfhost" run "$run.sql" >>"$run.rss"
    b=$(store_bytes "$run.out.log")   # none from a build without 'ptfhost.state.stats'
    [ -z "$b" ] || echo "$b" >>"$run.store"
  done
done
grep '^ptfhost: state of' big.out.log >breakdown || true

per_key() {   # per_key BIG-BYTES SMALL-BYTES: bytes per key beyond the key's bytes
  awk -v a="$1" -v b="$2" -v n=$((BIG - SMALL)) -v kb="$KEY_BYTES" 'BEGIN { printf "%.1f", (a - b) / n - kb }'
}
rss=$(per_key $(($(median <big.rss) * 1024)) $(($(median <small.rss) * 1024)))
store=n/a rest=n/a
if [ -s big.store ] && [ -s small.store ]; then
  store=$(per_key "$(median <big.store)" "$(median <small.store)")
  rest=$(awk -v r="$rss" -v s="$store" 'BEGIN { printf "%.1f", r - s }')
fi
echo "CountClicks over $BIG rows: $BIG keys against $SMALL keys; medians of $RUNS interleaved runs"
echo "peak RSS (KiB), $BIG keys: $(sort -n big.rss | tr '\n' ' ')"
echo "peak RSS (KiB), $SMALL keys: $(sort -n small.rss | tr '\n' ' ')"
echo "the C store at $BIG keys (one run): $(sed 's/^ptfhost: //' breakdown)"
header
row "memory per key beyond the key's bytes, CountClicks at 1 M keys" "$rss" "<= 80 B" "<=" 80
if [ "$store" = n/a ]; then row_info "  of it: the C state store, as it counts itself (B)" n/a
else row "  of it: the C state store, as it counts itself (B)" "$store" "<= 80 B" "<=" 80; fi
row_info "  the rest: the JVM, malloc overhead, peaks (B)" "$rest"

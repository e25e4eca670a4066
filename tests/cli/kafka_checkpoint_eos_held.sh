#!/usr/bin/env bash
# An exactly-once Kafka sink's checkpoints complete in the background
# (docs/checkpoints.md, "The pause"): the rows that follow a barrier are held
# by the sink until the checkpoint is written and the interval's transaction
# committed, then go into the next transaction. Against the built-in broker
# the test starts on loopback with --isolate-transactions, 16 partitions,
# CountClicks over 300 k records keyed by user, 20 ms checkpoints:
# - the reference runs uninterrupted with 'ptfhost.checkpoint.sink-buffer-bytes'
#   = '0' (every checkpoint completes at its barrier, the old way);
# - killed with kill -9 at three random points and resumed with --resume, a
#   read_committed reader sees exactly the reference; the stats lines show
#   checkpoints that held rows across their write. A kill between a commit
#   and its checkpoint's rename (docs/checkpoints.md, Kafka) writes nothing
#   twice either: the marker the proxy stores tells --resume to use it;
# - with a 4 kB buffer the bound is reached (the stats line says the run
#   waited for the write) and the output is the reference's again;
# - a copy from a file with the record timestamp and headers as METADATA:
#   held records keep key, value, timestamp and headers, in each partition's
#   order (the same sequence as with every checkpoint at its barrier);
# - a commit the broker refuses as fenced (its fault control fails the next
#   EndTxn with INVALID_PRODUCER_EPOCH) fails the run with a nonzero exit and
#   the Kafka error; resumed, its output is the reference's.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
bg=""
trap '[ -n "$bg" ] && kill -9 "$bg" 2>/dev/null; stop_broker; exec 4>&-; rm -rf "$W"' EXIT
JAR=$PTFHOST_BUILD/compat/seeds.jar
N=300000

mkfifo "$W/ctl"
exec 4<>"$W/ctl"
BROKER_IN=$W/ctl start_broker --isolate-transactions --partitions 16 --topics clicks_held,held_ref,held_eo,held_small,held_fail,meta_ref,meta_held \
  || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
# produce FROM TO: clicks FROM..TO keyed by user (9973 users): a user's clicks stay in order in one partition.
produce() {
  awk -v from="$1" -v to="$2" 'BEGIN { for (i = from; i <= to; i++)
      printf "{\"user_id\":%d}|{\"user_id\": %d, \"url\": \"/p%d\"}\n", i % 9973, i % 9973, i }' \
    | timeout 120 kcat -b "$BOOT" -P -t clicks_held -K '|' || bad "kcat could not produce $1..$2"   # hang guard
}
produce 1 $((N - 20000))

# job NAME SINK-TOPIC PREFIX [SETS]: $W/NAME.sql reads the topic to its end,
# $W/NAME-open.sql the same job unbounded (it waits for more).
job() {
  cat >"$W/$1.sql" <<SQL
SET 'execution.checkpointing.interval' = '20 ms';
SET 'execution.checkpointing.dir' = 'ckpts-$1';
SET 'execution.checkpointing.num-retained' = '2';
SET 'ptfhost.checkpoint.stats' = 'true';
${4-}
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$JAR';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = 'clicks_held',
  'properties.bootstrap.servers' = '$BOOT', 'properties.group.id' = 'g-$1',
  'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset', 'format' = 'json');
CREATE TABLE counts (user_id INT, url STRING, click_count BIGINT) WITH ('connector' = 'kafka', 'topic' = '$2',
  'properties.bootstrap.servers' = '$BOOT', 'format' = 'json', 'key.format' = 'json', 'key.fields' = 'user_id',
  'sink.delivery-guarantee' = 'exactly-once', 'sink.transactional-id-prefix' = '$3');
INSERT INTO counts SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
  sed "s/ 'scan.bounded.mode' = 'latest-offset',//" "$W/$1.sql" >"$W/$1-open.sql"
}
committed() {   # committed TOPIC: what a read_committed reader sees, sorted
  timeout 120 kcat -b "$BOOT" -C -t "$1" -o beginning -e -q -X isolation.level=read_committed -f '%s\n' | sort   # hang guard
}
held_lines() { grep -c "^ptfhost: checkpoint .*, held [1-9][0-9]* rows" "$1"; }
same_as_ref() {   # same_as_ref TOPIC WHAT
  committed "$1" >"$W/$1.txt"
  cmp -s "$W/$1.txt" "$W/ref.txt" && ok || bad "$2: the committed output differs from the uninterrupted run's:" \
    "$(comm -23 "$W/ref.txt" "$W/$1.txt" | wc -l) missing, $(comm -13 "$W/ref.txt" "$W/$1.txt" | wc -l) more"
}

# The fenced run first (its input grows to N while it runs): read unbounded;
# after a checkpoint the next commit (EndTxn, API 26) fails as fenced.
job fail held_fail ptf-held-fail
(cd "$W" && exec "$PTFHOST" run fail-open.sql >/dev/null 2>fail.err) &
bg=$!
for _ in $(seq 600); do   # hang guard: 60 s
  ls "$W/ckpts-fail" 2>/dev/null | grep -q '^chk-[0-9]*$' && break
  sleep 0.1
done
control "errors 26 1 47" && ok
produce $((N - 19999)) $N
for _ in $(seq 600); do kill -0 "$bg" 2>/dev/null || break; sleep 0.1; done   # hang guard: 60 s
if kill -0 "$bg" 2>/dev/null; then
  bad "the fenced run goes on: $(tail -3 "$W/fail.err")"; kill -9 "$bg"; wait "$bg"
else
  wait "$bg"; rc=$?
  [ "$rc" -ne 0 ] && ok || bad "the fenced run exited 0"
  grep -q "cannot commit the Kafka transaction of transactional.id 'ptf-held-fail-0'.*fenced" "$W/fail.err" && ok \
    || bad "the fenced run's error: $(tail -3 "$W/fail.err")"
  echo "fenced: $(grep -m1 "cannot commit" "$W/fail.err")"
fi
bg=""

# The reference: uninterrupted, every checkpoint completes at its barrier.
job ref held_ref ptf-held-ref "SET 'ptfhost.checkpoint.sink-buffer-bytes' = '0';"
(cd "$W" && timeout 300 "$PTFHOST" run ref.sql >/dev/null 2>ref.err) && ok || bad "reference run: $(head -3 "$W/ref.err")"   # hang guard
committed held_ref >"$W/ref.txt"
[ "$(wc -l <"$W/ref.txt")" -eq $N ] && ok || bad "the reference has $(wc -l <"$W/ref.txt") records"
grep -q "^ptfhost: checkpoint .*pause" "$W/ref.err" && ok || bad "the reference printed no stats"
[ "$(held_lines "$W/ref.err")" -eq 0 ] && ok || bad "with a sink buffer of 0 a checkpoint held rows"

# The fenced run resumed to the end: nothing lost, nothing twice.
(cd "$W" && timeout 300 "$PTFHOST" run --resume fail.sql >/dev/null 2>>fail.err) && ok \
  || bad "the fenced run's resume failed: $(tail -3 "$W/fail.err")"   # hang guard
same_as_ref held_fail "fenced and resumed"

# Killed three times after a new checkpoint, resumed each time, then run to the end.
job eo held_eo ptf-held-eo
kills=0
for k in 1 2 3; do
  kill_after_checkpoint "$W/ckpts-eo" eo-open.sql /dev/null eo.err && kills=$((kills + 1))
done
[ "$kills" -eq 3 ] && ok || bad "$kills of 3 kills hit a running job"
(cd "$W" && timeout 300 "$PTFHOST" run --resume eo.sql >/dev/null 2>>eo.err) && ok \
  || bad "the last resume failed: $(tail -3 "$W/eo.err")"   # hang guard
[ "$(grep -c "restoring from .*ckpts-eo/chk-[0-9]*$" "$W/eo.err")" -ge 3 ] && ok || bad "restores: $(grep restoring "$W/eo.err")"
held=$(held_lines "$W/eo.err")
[ "$held" -ge 3 ] && ok || bad "$held checkpoints held rows across their write: $(grep -m3 '^ptfhost: checkpoint' "$W/eo.err")"
same_as_ref held_eo "killed and resumed"
promoted=$(grep -c "was committed to Kafka but not renamed; restoring from it" "$W/eo.err")
echo "killed and resumed: $held checkpoints held rows across their write, $promoted committed ones promoted"

# A 4 kB buffer: the bound is reached, the processing thread waits for the write.
job small held_small ptf-held-small "SET 'ptfhost.checkpoint.sink-buffer-bytes' = '4096';"
(cd "$W" && timeout 300 "$PTFHOST" run small.sql >/dev/null 2>small.err) && ok || bad "4 kB buffer: $(head -3 "$W/small.err")"   # hang guard
grep -q "held [0-9]* rows (the sink buffer's bound: waited for the write)" "$W/small.err" && ok \
  || bad "the bound was never reached: $(grep -m3 '^ptfhost: checkpoint' "$W/small.err")"
same_as_ref held_small "4 kB buffer"

# A copy with the record timestamp and headers: the same records in the same order per partition.
awk 'BEGIN { for (i = 1; i <= 30000; i++) printf "{\"id\":%d,\"t0\":\"2024-01-01 00:%02d:%02d.%03d\",\"h\":{\"n\":\"%s\"}}\n",
  i, i % 60, i % 59, i % 1000, i % 2 ? "djE=" : "djA=" }' >"$W/meta.json"
meta_job() {   # meta_job NAME SETS
  cat >"$W/$1.sql" <<SQL
SET 'execution.checkpointing.interval' = '20 ms';
SET 'execution.checkpointing.dir' = 'ckpts-$1';
SET 'ptfhost.checkpoint.stats' = 'true';
$2
CREATE TABLE src (id INT, t0 TIMESTAMP(3), h MAP<STRING, BYTES>) WITH ('connector' = 'filesystem',
  'path' = 'meta.json', 'format' = 'json');
CREATE TABLE copy (id INT, t0 TIMESTAMP(3) METADATA FROM 'timestamp', h MAP<STRING, BYTES> METADATA FROM 'headers')
  WITH ('connector' = 'kafka', 'topic' = '$1', 'properties.bootstrap.servers' = '$BOOT', 'format' = 'json',
  'key.format' = 'json', 'key.fields' = 'id', 'sink.delivery-guarantee' = 'exactly-once',
  'sink.transactional-id-prefix' = 'ptf-$1');
INSERT INTO copy SELECT id, t0, h FROM src;
SQL
  (cd "$W" && timeout 300 "$PTFHOST" run "$1.sql" >/dev/null 2>"$1.err") && ok || bad "$1: $(head -3 "$W/$1.err")"   # hang guard
  timeout 120 kcat -b "$BOOT" -C -t "$1" -o beginning -e -q -X isolation.level=read_committed -f '%p|%o|%k|%T|%h|%s\n' \
    | sort -t'|' -k1,1n -k2,2n | cut -d'|' -f1,3- >"$W/$1.txt"   # hang guard
}
meta_job meta_ref "SET 'ptfhost.checkpoint.sink-buffer-bytes' = '0';"
meta_job meta_held ""
[ "$(wc -l <"$W/meta_ref.txt")" -eq 30000 ] && grep -q '^[0-9]*|{"id":7}|1704067627007|n=v1|{"id":7}$' "$W/meta_ref.txt" && ok \
  || bad "the metadata reference: $(wc -l <"$W/meta_ref.txt") records, $(grep -m1 '{"id":7}' "$W/meta_ref.txt")"
[ "$(held_lines "$W/meta_held.err")" -ge 1 ] && ok || bad "the metadata copy held no rows: $(grep -m3 '^ptfhost: checkpoint' "$W/meta_held.err")"
cmp -s "$W/meta_held.txt" "$W/meta_ref.txt" && ok || bad "held records differ: $(diff "$W/meta_ref.txt" "$W/meta_held.txt" | head -4)"

# A bad buffer size is refused.
job bad held_small ptf-held-bad "SET 'ptfhost.checkpoint.sink-buffer-bytes' = '16 MB';"
(cd "$W" && timeout 60 "$PTFHOST" run bad.sql >/dev/null 2>bad.err) && bad "a bad sink buffer ran" \
  || { grep -q "Could not parse value '16 MB' for key 'ptfhost.checkpoint.sink-buffer-bytes'" "$W/bad.err" && ok \
       || bad "bad sink buffer: $(head -3 "$W/bad.err")"; }   # hang guard

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

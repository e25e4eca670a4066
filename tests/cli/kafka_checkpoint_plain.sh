#!/usr/bin/env bash
# A Kafka-to-Kafka copy without a PTF call (a filter and a computed column)
# checkpoints like a PTF job (docs/checkpoints.md): each partition's offset
# and the exactly-once sink's transaction. Against the built-in broker the
# test starts on loopback with --isolate-transactions, 4 partitions, 20 ms
# checkpoints: the copy reads the topic unbounded (so a kill always hits a
# running job), a batch of records is produced before each run, it is
# killed with kill -9 after a new checkpoint, twice, resumed with --resume,
# then run to the topic's end after a last batch: a read_committed reader
# sees every record of an uninterrupted run exactly once, and the group's
# offsets (committed with completed checkpoints only) are at the topic's end.
# A GROUP BY over Kafka checkpoints its offsets too: killed and resumed, its
# last count per user equals an uninterrupted run's. PTFHOST_KAFKA_BOOTSTRAP
# runs it against another cluster (topics with 4 partitions: plain_in,
# plain_ref, plain_eo, plain_agg_ref, plain_agg).
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
bg=""
trap '[ -n "$bg" ] && kill -9 "$bg" 2>/dev/null; stop_broker; rm -rf "$W"' EXIT
M=60000   # records per batch; three batches (the mock cluster keeps about 5 MB per partition)

if [ -n "${PTFHOST_KAFKA_BOOTSTRAP:-}" ]; then
  BOOT=$PTFHOST_KAFKA_BOOTSTRAP
else
  start_broker --isolate-transactions --partitions 4 --topics plain_in,plain_ref,plain_eo,plain_agg_ref,plain_agg \
    || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
fi
produce() {   # produce BATCH: records (BATCH-1)*M+1 .. BATCH*M, keyed by id
  awk -v from=$((($1 - 1) * M + 1)) -v to=$(($1 * M)) 'BEGIN { for (i = from; i <= to; i++)
      printf "{\"id\":%d}|{\"id\": %d, \"user_id\": %d, \"url\": \"/p%d\"}\n", i, i, i % 97, i }' \
    | timeout 120 kcat -b "$BOOT" -P -t plain_in -K '|' || bad "kcat could not produce batch $1"   # hang guard
}

# job NAME SINK-TOPIC SINK-OPTIONS QUERY: $W/NAME.sql reads the topic
# unbounded (a killed run never ends by itself), $W/NAME-end.sql the same
# job to the topic's end.
job() {
  cat >"$W/$1.sql" <<SQL
SET 'execution.checkpointing.interval' = '50 ms';
SET 'execution.checkpointing.dir' = 'ckpts-$1';
CREATE TABLE clicks (id INT, user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = 'plain_in',
  'properties.bootstrap.servers' = '$BOOT', 'properties.group.id' = 'g-$1',
  'scan.startup.mode' = 'earliest-offset', 'format' = 'json');
CREATE TABLE copy $3 'topic' = '$2', 'properties.bootstrap.servers' = '$BOOT');
$4
SQL
  sed "s/'scan.startup.mode' = 'earliest-offset',/& 'scan.bounded.mode' = 'latest-offset',/" "$W/$1.sql" >"$W/$1-end.sql"
}
committed() {   # committed TOPIC: what a read_committed reader sees (partition, offset, value)
  timeout 120 kcat -b "$BOOT" -C -t "$1" -o beginning -e -q -X isolation.level=read_committed -f '%p %o %s\n'   # hang guard
}
end_run() {   # end_run NAME: runs NAME-end.sql with --resume to the topic's end
  (cd "$W" && timeout 300 "$PTFHOST" run --resume "$1-end.sql" >/dev/null 2>>"$1.err") && ok \
    || bad "$1: the run to the end failed: $(tail -3 "$W/$1.err")"   # hang guard
}

copy_sink="(id INT, user_id INT, page STRING) WITH ('connector' = 'kafka', 'format' = 'json',
  'key.format' = 'json', 'key.fields' = 'id', 'sink.delivery-guarantee' = 'exactly-once',
  'sink.transactional-id-prefix' = 'plain-eo',"
copy_query="INSERT INTO copy SELECT id, user_id, CONCAT('page ', url) FROM clicks WHERE user_id <> 5;"
agg_sink="(user_id INT, n BIGINT, PRIMARY KEY (user_id) NOT ENFORCED) WITH ('connector' = 'upsert-kafka',
  'key.format' = 'json', 'value.format' = 'json',"
agg_query="INSERT INTO copy SELECT user_id, COUNT(*) FROM clicks GROUP BY user_id;"
job eo plain_eo "$copy_sink" "$copy_query"
job ref plain_ref "${copy_sink/plain-eo/plain-ref}" "$copy_query"
job agg plain_agg "$agg_sink" "$agg_query"
job agg_ref plain_agg_ref "$agg_sink" "$agg_query"

# The copy: killed with kill -9 after a new checkpoint, twice, a batch more
# before each run; then the last batch, run to the end.
kills=0
for b in 1 2; do
  produce $b
  kill_after_checkpoint "$W/ckpts-eo" eo.sql /dev/null eo.err && kills=$((kills + 1))
done
[ "$kills" -eq 2 ] && ok || bad "$kills of 2 kills hit a running job: $(cat "$W/eo.err")"
# The aggregation over Kafka: killed once after a checkpoint.
kill_after_checkpoint "$W/ckpts-agg" agg.sql /dev/null agg.err && ok || bad "the aggregation was not running: $(cat "$W/agg.err")"
produce 3
end_run eo
restores=$(grep -c "restoring from .*ckpts-eo/chk-[0-9]*$" "$W/eo.err")
[ "$restores" -ge 2 ] && ok || bad "$restores restores: $(cat "$W/eo.err")"
end_run agg
grep -q "restoring from .*ckpts-agg/chk-" "$W/agg.err" && ok || bad "aggregation: no restore: $(cat "$W/agg.err")"

# The references: uninterrupted runs over the whole topic.
(cd "$W" && timeout 300 "$PTFHOST" run ref-end.sql >/dev/null 2>ref.err) && ok || bad "reference: $(head -3 "$W/ref.err")"   # hang guard
(cd "$W" && timeout 300 "$PTFHOST" run agg_ref-end.sql >/dev/null 2>agg_ref.err) && ok \
  || bad "aggregation reference: $(head -3 "$W/agg_ref.err")"   # hang guard
ls "$W/ckpts-ref" | grep -q '^chk-' && ok || bad "the plain copy took no checkpoint: $(ls "$W/ckpts-ref")"

values() { cut -d' ' -f3- | sort; }
committed plain_ref | values >"$W/ref.txt"
committed plain_eo | values >"$W/eo.txt"
expected=$(awk -v n=$((3 * M)) 'BEGIN { for (i = 1; i <= n; i++) if (i % 97 != 5) c++; print c }')
[ "$(wc -l <"$W/ref.txt")" -eq "$expected" ] && [ "$(sort -u "$W/ref.txt" | wc -l)" -eq "$expected" ] && ok \
  || bad "the reference has $(wc -l <"$W/ref.txt") records ($(sort -u "$W/ref.txt" | wc -l) distinct), not $expected"
missing=$(comm -23 "$W/ref.txt" <(sort -u "$W/eo.txt") | wc -l)
other=$(comm -13 "$W/ref.txt" <(sort -u "$W/eo.txt") | wc -l)
more=$(($(wc -l <"$W/eo.txt") - expected))
cmp -s "$W/eo.txt" "$W/ref.txt" && ok \
  || bad "exactly-once: $missing records missing, $other not in the reference, $more more in all"

# The finished copy's group is at the end of the topic: a group-offsets reader finds nothing.
cat >"$W/group.sql" <<SQL
CREATE TABLE clicks (id INT, user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = 'plain_in',
  'properties.bootstrap.servers' = '$BOOT', 'properties.group.id' = 'g-eo',
  'scan.startup.mode' = 'group-offsets', 'scan.bounded.mode' = 'latest-offset', 'format' = 'json');
SELECT * FROM clicks;
SQL
rows=$(cd "$W" && timeout 120 "$PTFHOST" run group.sql 2>"$W/group.err" | wc -l)   # hang guard
[ "$rows" -eq 0 ] && ok || bad "the group is not at the end: $rows rows, $(head -3 "$W/group.err")"

# The aggregation's last count per user (an upsert topic keyed by user: the last record per key).
finals() { committed "$1" | sort -k1,1n -k2,2n | awk '{ $1 = $2 = ""; print }' | sed 's/.*"user_id":\([0-9]*\),"n":\([0-9]*\).*/\1 \2/' \
  | awk '{ last[$1] = $2 } END { for (u in last) print u, last[u] }' | sort -n; }
finals plain_agg_ref >"$W/agg_ref.txt"
finals plain_agg >"$W/agg.txt"
[ "$(wc -l <"$W/agg_ref.txt")" -eq 97 ] && [ "$(awk '{ s += $2 } END { print s }' "$W/agg_ref.txt")" -eq $((3 * M)) ] && ok \
  || bad "the aggregation's reference: $(wc -l <"$W/agg_ref.txt") users, $(head -3 "$W/agg_ref.txt")"
cmp -s "$W/agg.txt" "$W/agg_ref.txt" && ok || bad "aggregation counts differ: $(diff "$W/agg_ref.txt" "$W/agg.txt" | head -4)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

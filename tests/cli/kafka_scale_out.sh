#!/usr/bin/env bash
# Scale-out over a consumer group (SET 'ptfhost.scale-out' = 'true',
# docs/checkpoints.md), against the built-in broker the test starts itself
# on loopback: the CountClicks seed over a 4-partition topic keyed by user,
# 200 ms checkpoints in one shared directory, an at-least-once Kafka sink.
# - two processes in one group split the partitions; one is killed with
#   kill -9 mid-stream; the other takes its partitions over with their state
#   (restored from their newest checkpoints) and reads on; the combined
#   output equals a single-process run after de-duplication, nothing missing
#   and nothing else;
# - a topic not keyed by the PARTITION BY columns fails clearly, and so do
#   scale-out without checkpoints and an aggregation under scale-out.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
SO_TOPIC=clicks_so
. "$(dirname "$0")/lib/scale_out_lib.sh"
N1=30000 N2=10000 N=40000

start_broker --partitions 4 --topics clicks_so,counts_so,counts_ref || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
produce 1 $N1

committed() { timeout 120 kcat -b "$BOOT" -C -t "$1" -o beginning -e -q -f '%s\n' | sort -u; }   # hang guard

script so counts_so "$KEYED" "$SCALE" "$GROUP"
(cd "$W" && exec "$PTFHOST" run so.sql >a.out 2>a.err) & pa=$!
wait_for "$W/a.err" "partition clicks_so-.* assigned" 4 && ok || bad "A was not assigned 4 partitions: $(cat "$W/a.err")"
(cd "$W" && exec "$PTFHOST" run so.sql >b.out 2>b.err) & pb=$!
wait_for "$W/b.err" "partition clicks_so-.* assigned" 1 && ok || bad "B was not assigned a partition: $(cat "$W/b.err")"
grep -q "revoked, checkpointed" "$W/a.err" && ok || bad "A did not checkpoint the partitions it gave up: $(cat "$W/a.err")"
b_parts=$(grep -o "partition clicks_so-[0-9]* assigned" "$W/b.err" | sort -u | wc -l)
[ "$b_parts" -ge 1 ] && [ "$b_parts" -le 3 ] && ok || bad "B has $b_parts partitions"
# B reads a while (a checkpoint of its own after its assignment), then dies mid-stream.
sleep 1.5
produce $((N1 + 1)) $((N1 + N2 / 2))
sleep "$(printf '0.%02d' $((RANDOM % 50)))"
kill -0 "$pb" 2>/dev/null && ok || bad "B ended early: $(cat "$W/b.err")"
restored=$(grep -c "assigned, restored from" "$W/a.err")
a_assigned=$(wc -l <"$W/a.err")
kill -9 "$pb"; wait "$pb" 2>/dev/null; pb=""
produce $((N1 + N2 / 2 + 1)) $N
# A takes B's partitions over (after the session timeout) with their state, and reads to the end.
wait_for "$W/a.err" "assigned, restored from .*ckpts/partitions/clicks_so-[0-9]*/chk-[0-9]*" $((restored + b_parts)) && ok \
  || bad "A did not restore B's partitions: $(cat "$W/a.err")"
for _ in $(seq 600); do   # hang guard: 60 s for the whole output
  [ "$(committed counts_so | wc -l)" -ge $N ] && break
  sleep 0.1
done
# An idle unbounded source sees a stop only at its next row: A ends as B did.
kill -0 "$pa" 2>/dev/null && ok || bad "A ended: $(tail -3 "$W/a.err")"
kill -9 "$pa"; wait "$pa" 2>/dev/null; pa=""
for p in $(grep -o "partition clicks_so-[0-9]* assigned" "$W/b.err" | sort -u | grep -o "clicks_so-[0-9]*"); do
  tail -n +"$((a_assigned + 1))" "$W/a.err" | grep -q "partition $p assigned, restored from" && ok \
    || bad "A did not take $p over from B with its state: $(cat "$W/a.err")"
done

# The reference: one process, no scale-out, the whole topic.
script ref counts_ref "" "" ", 'scan.bounded.mode' = 'latest-offset'"
(cd "$W" && timeout 300 "$PTFHOST" run ref.sql >ref.out 2>ref.err) && ok || bad "reference run: $(head -3 "$W/ref.err")"   # hang guard
committed counts_ref >"$W/ref.txt"
[ "$(wc -l <"$W/ref.txt")" -eq $N ] && ok || bad "the reference has $(wc -l <"$W/ref.txt") records"
committed counts_so >"$W/so.txt"
diff -q "$W/so.txt" "$W/ref.txt" >/dev/null && ok \
  || bad "two processes, one killed: after de-duplication the output differs from one process's: $(comm -3 "$W/so.txt" "$W/ref.txt" | head -3)"

# A topic not keyed by the PARTITION BY columns fails clearly.
script nokey counts_so "" "$SCALE" ""
(cd "$W" && timeout 60 "$PTFHOST" run nokey.sql >/dev/null 2>nokey.err) && bad "scale-out over an unkeyed topic ran" \
  || { grep -q "table 'clicks' is keyed by no record key ('key.fields' unset), but the call of 'count_clicks' partitions it BY user_id" "$W/nokey.err" \
       && grep -q "Key the topic by the partition columns ('key.format' and 'key.fields' = 'user_id'" "$W/nokey.err" \
       && grep -q "or run the job on Flink" "$W/nokey.err" && ok || bad "unkeyed message: $(cat "$W/nokey.err")"; }   # hang guard above
script otherkey counts_so "'key.format' = 'json', 'key.fields' = 'url'," "$SCALE" ""
(cd "$W" && timeout 60 "$PTFHOST" run otherkey.sql >/dev/null 2>otherkey.err) && bad "scale-out over a topic keyed by url ran" \
  || { grep -q "table 'clicks' is keyed by 'key.fields' = 'url', but the call of 'count_clicks' partitions it BY user_id" "$W/otherkey.err" \
       && ok || bad "other-key message: $(cat "$W/otherkey.err")"; }   # hang guard above
script nockpt counts_so "$KEYED" "SET 'ptfhost.scale-out' = 'true';" ""
(cd "$W" && timeout 60 "$PTFHOST" run nockpt.sql >/dev/null 2>nockpt.err) && bad "scale-out without checkpoints ran" \
  || { grep -q "'ptfhost.scale-out' needs checkpoints" "$W/nockpt.err" && ok || bad "no-checkpoint message: $(cat "$W/nockpt.err")"; }   # hang guard above
cat >"$W/agg.sql" <<SQL
$SCALE
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = 'clicks_so',
  'properties.bootstrap.servers' = '$BOOT', $KEYED 'scan.startup.mode' = 'earliest-offset', 'format' = 'json');
SELECT user_id, COUNT(*) FROM clicks GROUP BY user_id;
SQL
(cd "$W" && timeout 60 "$PTFHOST" run agg.sql >/dev/null 2>agg.err) && bad "an aggregation under scale-out ran" \
  || { grep -q "'ptfhost.scale-out' scales a PTF call's query out" "$W/agg.err" && ok || bad "aggregation message: $(cat "$W/agg.err")"; }   # hang guard above

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

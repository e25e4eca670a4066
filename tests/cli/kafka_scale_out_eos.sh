#!/usr/bin/env bash
# Scale-out with an exactly-once Kafka sink (docs/checkpoints.md, Scale-out;
# docs/kafka.md), against the built-in broker the test starts itself on
# loopback with --isolate-transactions (aborted records stay hidden from
# read_committed readers): the CountClicks seed over a 4-partition topic
# keyed by user, 200 ms checkpoints in one shared directory, a sink with
# one transaction per input partition.
# - two processes in one group split the partitions; one is killed with
#   kill -9 while it writes; the other takes its partitions over (their
#   state from their newest checkpoints, their transactions fenced) and
#   reads on; a read_committed reader sees exactly what one uninterrupted
#   process writes: no record twice, none missing, nothing else;
# - each partition's checkpoint names its lane's transactional.id
#   '<prefix>-<topic>-<partition>';
# - one process killed right after a lane's commit, before its partition
#   checkpoint's rename (the test-only PTFHOST_TEST_CRASH_AFTER_COMMIT=30),
#   then started again: the lane's marker (docs/kafka.md) names that
#   checkpoint, which is published and restored: read_committed again sees
#   exactly the uninterrupted run;
# - a stop with savepoint (SIGTERM) commits every lane with its partition's
#   savepoint: read_committed then sees every record;
# - a filesystem sink under scale-out still fails clearly.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
SO_TOPIC=clicks_eos
. "$(dirname "$0")/lib/scale_out_lib.sh"
pa="" pb="" pp=""
trap '[ -n "$pa" ] && kill -9 "$pa" 2>/dev/null; [ -n "$pb" ] && kill -9 "$pb" 2>/dev/null; [ -n "$pp" ] && kill "$pp" 2>/dev/null; stop_broker; rm -rf "$W"' EXIT
JAR=$PTFHOST_BUILD/compat/seeds.jar
N1=20000 N2=20000 N=40000

start_broker --isolate-transactions --partitions 4 --topics clicks_eos,counts_eos,counts_ref,counts_stop,counts_win \
  || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
produce 1 $N1

EOS=", 'sink.delivery-guarantee' = 'exactly-once', 'sink.transactional-id-prefix' = 'ptf-so'"
# read ISOLATION TOPIC: the topic's values as a reader of that isolation level sees them, sorted (duplicates kept)
read_topic() {
  timeout 120 kcat -b "$BOOT" -C -t "$2" -o beginning -e -q -X isolation.level="$1" -f '%s\n' | sort   # hang guard
}
# wait_output TOPIC COUNT: until a read_uncommitted reader sees COUNT records (hang guard: 60 s)
wait_output() {
  for _ in $(seq 300); do
    [ "$(read_topic read_uncommitted "$1" | wc -l)" -ge "$2" ] && return 0
    sleep 0.2
  done
  return 1
}

script so counts_eos "$KEYED" "$SCALE" "$GROUP" "$EOS"
(cd "$W" && exec "$PTFHOST" run so.sql >a.out 2>a.err) & pa=$!
wait_for "$W/a.err" "partition clicks_eos-.* assigned" 4 && ok || bad "A was not assigned 4 partitions: $(cat "$W/a.err")"
wait_output counts_eos 1 && ok || bad "A wrote nothing: $(cat "$W/a.err")"
(cd "$W" && exec "$PTFHOST" run so.sql >b.out 2>b.err) & pb=$!
wait_for "$W/b.err" "partition clicks_eos-.* assigned" 1 && ok || bad "B was not assigned a partition: $(cat "$W/b.err")"
grep -q "revoked, checkpointed" "$W/a.err" && ok || bad "A did not checkpoint the partitions it gave up: $(cat "$W/a.err")"
b_parts=$(grep -o "partition clicks_eos-[0-9]* assigned" "$W/b.err" | sort -u | wc -l)
[ "$b_parts" -ge 1 ] && [ "$b_parts" -le 3 ] && ok || bad "B has $b_parts partitions"
# B reads a while (checkpoints of its own after its assignment); then half
# the second batch arrives at once, and B dies while it works through it
# (a new checkpoint of one of its partitions: it is past the first rows),
# its open transactions left behind.
sleep 1.5
bp=$(grep -o "partition clicks_eos-[0-9]* assigned" "$W/b.err" | head -1 | grep -o "clicks_eos-[0-9]*")
b_chk=$(newest_checkpoint "$W/ckpts/partitions/$bp")
produce $((N1 + 1)) $((N1 + N2 / 2)) & pp=$!
for _ in $(seq 3000); do   # hang guard: 60 s
  [ "$(newest_checkpoint "$W/ckpts/partitions/$bp")" != "$b_chk" ] && break
  sleep 0.02
done
[ "$(newest_checkpoint "$W/ckpts/partitions/$bp")" != "$b_chk" ] && ok || bad "B did not checkpoint $bp: $(tail -3 "$W/b.err")"
sleep "$(printf '0.%02d' $((RANDOM % 10)))"
kill -0 "$pb" 2>/dev/null && ok || bad "B ended early: $(cat "$W/b.err")"
restored=$(grep -c "assigned, restored from" "$W/a.err")
a_lines=$(wc -l <"$W/a.err")
kill -9 "$pb"; wait "$pb" 2>/dev/null; pb=""
wait "$pp"; pp=""
produce $((N1 + N2 / 2 + 1)) $N
# A takes B's partitions over (after the session timeout) with their state,
# fences their transactions, and reads to the end.
wait_for "$W/a.err" "assigned, restored from .*ckpts/partitions/clicks_eos-[0-9]*/chk-[0-9]*" $((restored + b_parts)) && ok \
  || bad "A did not restore B's partitions: $(cat "$W/a.err")"
for _ in $(seq 300); do   # hang guard: 60 s for the whole output
  [ "$(read_topic read_committed counts_eos | wc -l)" -ge $N ] && break
  sleep 0.2
done
sleep 1   # a record too many would show up in the next commits
kill -0 "$pa" 2>/dev/null && ok || bad "A ended: $(tail -3 "$W/a.err")"
kill -9 "$pa"; wait "$pa" 2>/dev/null; pa=""
for p in $(grep -o "partition clicks_eos-[0-9]* assigned" "$W/b.err" | sort -u | grep -o "clicks_eos-[0-9]*"); do
  tail -n +"$((a_lines + 1))" "$W/a.err" | grep -q "partition $p assigned, restored from" && ok \
    || bad "A did not take $p over from B with its state: $(cat "$W/a.err")"
done
for p in 0 1 2 3; do
  chk=$(ls -d "$W"/ckpts/partitions/clicks_eos-$p/chk-* 2>/dev/null | tail -1)
  [ -n "$chk" ] && grep -aq "ptf-so-clicks_eos-$p" "$chk/_metadata" && ok \
    || bad "the checkpoint of partition $p does not name transactional.id 'ptf-so-clicks_eos-$p': ${chk:-none}"
done

# The reference: one process, no scale-out, the whole topic.
script ref counts_ref "" "" ", 'scan.bounded.mode' = 'latest-offset'" ""
(cd "$W" && timeout 300 "$PTFHOST" run ref.sql >ref.out 2>ref.err) && ok || bad "reference run: $(head -3 "$W/ref.err")"   # hang guard
read_topic read_committed counts_ref >"$W/ref.txt"
[ "$(wc -l <"$W/ref.txt")" -eq $N ] && [ "$(sort -u "$W/ref.txt" | wc -l)" -eq $N ] && ok \
  || bad "the reference has $(wc -l <"$W/ref.txt") records"
read_topic read_committed counts_eos >"$W/so.txt"
missing=$(comm -23 "$W/ref.txt" "$W/so.txt" | wc -l)
extra=$(comm -13 "$W/ref.txt" "$W/so.txt" | wc -l)
[ "$missing" -eq 0 ] && [ "$extra" -eq 0 ] && ok \
  || bad "two processes, one killed: $missing records missing, $extra twice or not in the reference: $(comm -3 "$W/ref.txt" "$W/so.txt" | head -3)"
read_topic read_uncommitted counts_eos >"$W/uncommitted.txt"
seen=$(wc -l <"$W/uncommitted.txt")
[ "$seen" -ge $N ] && ok || bad "a read_uncommitted reader sees $seen records, fewer than $N"
echo "exactly-once under scale-out: read_committed sees the uninterrupted run exactly; read_uncommitted sees $((seen - N)) aborted records more"

# One process killed between a lane's commit and its checkpoint's rename, started again.
script win counts_win "$KEYED" "$(printf '%s' "$SCALE" | sed 's/200 ms/20 ms/; s/ckpts/ckpts-win/')" "$GROUP" "$EOS"
(cd "$W" && PTFHOST_TEST_CRASH_AFTER_COMMIT=30 timeout 300 "$PTFHOST" run win.sql >win.out 2>win.err); rc=$?   # hang guard
[ "$rc" -eq 137 ] && ok || bad "the run with the crash hook exited $rc: $(tail -3 "$W/win.err")"
aside=$(ls -d "$W"/ckpts-win/partitions/clicks_eos-*/chk-*.inprogress 2>/dev/null | tail -1)
[ -n "$aside" ] && ok || bad "no partition checkpoint left .inprogress: $(ls -R "$W/ckpts-win" | head)"
(cd "$W" && exec "$PTFHOST" run win.sql >>win.out 2>>win.err) & pa=$!
for _ in $(seq 300); do   # hang guard: 60 s for the whole output
  [ "$(read_topic read_committed counts_win | wc -l)" -ge $N ] && break
  sleep 0.2
done
sleep 1   # a record too many would show up in the next commits
kill -9 "$pa"; wait "$pa" 2>/dev/null; pa=""
id=${aside##*/chk-}; id=${id%.inprogress}
grep -q "^ptfhost: checkpoint $id was committed to Kafka but not renamed; restoring from it$" "$W/win.err" && ok \
  || bad "the lane's committed checkpoint was not promoted: $(grep '^ptfhost:' "$W/win.err" | tail -5)"
read_topic read_committed counts_win >"$W/win.txt"
cmp -s "$W/win.txt" "$W/ref.txt" && ok || bad "killed after a lane's commit: $(comm -23 "$W/ref.txt" "$W/win.txt" | wc -l)" \
  "missing, $(comm -13 "$W/ref.txt" "$W/win.txt" | wc -l) more, $(uniq -d "$W/win.txt" | wc -l) twice"

# A stop with savepoint commits every lane with its partition's savepoint.
script stop counts_stop "$KEYED" "${SCALE/ckpts/ckpts-stop}" "" "$EOS"
(cd "$W" && exec "$PTFHOST" run stop.sql >stop.out 2>stop.err) & pa=$!
for _ in $(seq 300); do   # hang guard: 60 s
  [ "$(read_topic read_committed counts_stop | wc -l)" -ge $N ] && break
  sleep 0.2
done
kill -TERM "$pa"
produce $((N + 1)) $((N + 1))   # an idle source sees the stop at its next row
wait "$pa"; rc=$?; pa=""
[ "$rc" -eq 143 ] && grep -q "stopped with a savepoint: ./ckpts-stop/partitions" "$W/stop.err" && ok \
  || bad "the stop with savepoint ended $rc: $(tail -3 "$W/stop.err")"
[ "$(ls -d "$W"/ckpts-stop/partitions/clicks_eos-*/savepoint-* 2>/dev/null | wc -l)" -eq 4 ] && ok || bad "no savepoint per partition"
[ "$(read_topic read_committed counts_stop | wc -l)" -eq $((N + 1)) ] && ok \
  || bad "after the stop read_committed sees $(read_topic read_committed counts_stop | wc -l) records, not $((N + 1))"

# A filesystem sink under scale-out still fails, by name.
cat >"$W/fs.sql" <<SQL
$SCALE
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$JAR';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = 'clicks_eos',
  'properties.bootstrap.servers' = '$BOOT', 'properties.group.id' = 'g-fs', $KEYED
  'scan.startup.mode' = 'earliest-offset', 'format' = 'json');
CREATE TABLE counts (user_id INT, url STRING, click_count BIGINT) WITH ('connector' = 'filesystem',
  'path' = 'counts.csv', 'format' = 'csv');
INSERT INTO counts SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
(cd "$W" && timeout 60 "$PTFHOST" run fs.sql >/dev/null 2>fs.err) && bad "a filesystem sink under scale-out ran" \
  || { grep -q "'ptfhost.scale-out': a filesystem sink commits part files at checkpoints" "$W/fs.err" && ok \
       || bad "filesystem message: $(cat "$W/fs.err")"; }   # hang guard above

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

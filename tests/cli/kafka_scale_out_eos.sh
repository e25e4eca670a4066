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
#   savepoint: read_committed then sees every record.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
SO_TOPIC=clicks_eos
. "$(dirname "$0")/lib/scale_out_lib.sh"
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
two_members so "wait_output counts_eos 1"
# Half the second batch arrives at once, and B dies while it works through
# it, its open transactions left behind.
kill_b $((N1 + 1)) $((N1 + N2 / 2))
produce $((N1 + N2 / 2 + 1)) $N
# A takes B's partitions over with their state, fences their transactions,
# and reads to the end.
a_takes_over
for _ in $(seq 300); do   # hang guard: 60 s for the whole output
  [ "$(read_topic read_committed counts_eos | wc -l)" -ge $N ] && break
  sleep 0.2
done
sleep 1   # a record too many would show up in the next commits
kill -0 "$pa" 2>/dev/null && ok || bad "A ended: $(tail -3 "$W/a.err")"
kill -9 "$pa"; wait "$pa" 2>/dev/null; pa=""
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

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

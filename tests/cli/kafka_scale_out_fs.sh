#!/usr/bin/env bash
# Scale-out with a filesystem sink (docs/checkpoints.md, Scale-out), against
# the built-in broker the test starts itself on loopback: the CountClicks
# seed over a 4-partition topic keyed by user, 200 ms checkpoints in one
# shared directory, a CSV sink 'out/counts.csv' that writes one lane of part
# files per input partition, 'out/counts-<topic>-<partition>-N.csv'.
# - two processes in one group split the partitions; one is killed with
#   kill -9 while it writes; the other takes its partitions over (state and
#   part count from their newest checkpoints) and reads on; only committed
#   parts are ever visible besides hidden in-progress files;
# - a stop with savepoint (SIGTERM) commits every lane with its partition's
#   savepoint;
# - parts a crash left past a checkpoint's count (planted) are removed by the
#   next owner of their partition, which numbers on from the count;
# - at the end the committed parts, concatenated and sorted, hold exactly a
#   single process's output: no row twice, none missing, and each lane's
#   parts are numbered 0, 1, 2, ... without a gap.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
SO_TOPIC=clicks_fs
. "$(dirname "$0")/lib/scale_out_lib.sh"
N1=20000 N2=20000 N=40000 N3=45000

start_broker --partitions 4 --topics clicks_fs || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
produce 1 $N1
mkdir "$W/out" "$W/ref"

PART='^counts-clicks_fs-[0-3]-[0-9]+\.csv$'
# rows: the committed parts' rows, sorted (duplicates kept)
rows() { ls "$W/out" | grep -E "$PART" | sed "s|^|$W/out/|" | xargs -r cat | sort; }
# others: visible names in out/ that are not committed parts
others() { ls "$W/out" | grep -vE "$PART"; }
# wait_rows COUNT: until the committed parts hold COUNT rows (hang guard: 60 s)
wait_rows() {
  for _ in $(seq 300); do
    [ "$(rows | wc -l)" -ge "$1" ] && return 0
    sleep 0.2
  done
  return 1
}
# gapless: each lane's parts are numbered 0 .. n-1
gapless() {
  for p in 0 1 2 3; do
    local n; n=$(ls "$W/out" | grep -cE "^counts-clicks_fs-$p-[0-9]+\.csv$")
    for k in $(seq 0 $((n - 1))); do [ -f "$W/out/counts-clicks_fs-$p-$k.csv" ] || return 1; done
  done
}

script so file:out/counts.csv "$KEYED" "$SCALE" "$GROUP"
two_members so "wait_rows 1"
# Half the second batch arrives at once, and B dies while it works through
# it, its parts in progress left behind.
kill_b $((N1 + 1)) $((N1 + N2 / 2))
[ -z "$(others)" ] && ok || bad "after kill -9, visible files that are not committed parts: $(others | head -3)"
produce $((N1 + N2 / 2 + 1)) $N
# A takes B's partitions over (state and part counts) and reads to the end.
a_takes_over
wait_rows $N && ok || bad "the committed parts hold $(rows | wc -l) rows, not $N: $(tail -3 "$W/a.err")"
sleep 1   # a row too many would show up in the next commits
[ "$(rows | wc -l)" -eq $N ] && ok || bad "after the takeover the committed parts hold $(rows | wc -l) rows, not $N"

# A stop with savepoint commits every lane with its partition's savepoint.
kill -TERM "$pa"
produce $((N + 1)) $((N + 1))   # an idle source sees the stop at its next row
wait "$pa"; rc=$?; pa=""
[ "$rc" -eq 143 ] && grep -q "stopped with a savepoint: ./ckpts/partitions" "$W/a.err" && ok \
  || bad "the stop with savepoint ended $rc: $(tail -3 "$W/a.err")"
[ "$(ls -d "$W"/ckpts/partitions/clicks_fs-*/savepoint-* 2>/dev/null | wc -l)" -eq 4 ] && ok || bad "no savepoint per partition"
[ "$(rows | wc -l)" -eq $((N + 1)) ] && ok || bad "after the stop the committed parts hold $(rows | wc -l) rows, not $((N + 1))"
[ -z "$(others)" ] && ok || bad "after the stop, visible files that are not committed parts: $(others | head -3)"
gapless && ok || bad "a lane's part numbers have a gap: $(ls "$W/out")"

# What a crash between a part's rename and its checkpoint's rename leaves:
# the lane's next part visible, which no checkpoint counts. The next owner
# removes it and numbers on from the savepoint's count.
for p in 0 1 2 3; do
  k=$(ls "$W/out" | grep -cE "^counts-clicks_fs-$p-[0-9]+\.csv$")
  echo "999,/planted-$p,1" >"$W/out/counts-clicks_fs-$p-$k.csv"
  echo "999,/planted-$p,2" >"$W/out/counts-clicks_fs-$p-$((k + 1)).csv"
done
(cd "$W" && exec "$PTFHOST" run so.sql >c.out 2>c.err) & pa=$!
wait_for "$W/c.err" "partition clicks_fs-.* assigned, restored from .*ckpts/partitions/clicks_fs-[0-9]*/savepoint-" 4 && ok \
  || bad "the resumed process did not restore the savepoints: $(cat "$W/c.err")"
! rows | grep -q planted && ok || bad "the resumed process left planted parts: $(ls "$W/out")"
produce $((N + 2)) $N3
wait_rows $N3 && ok || bad "after the resume the committed parts hold $(rows | wc -l) rows, not $N3: $(tail -3 "$W/c.err")"
sleep 1
kill -0 "$pa" 2>/dev/null && ok || bad "the resumed process ended: $(tail -3 "$W/c.err")"
kill -9 "$pa"; wait "$pa" 2>/dev/null; pa=""
[ -z "$(others)" ] && ok || bad "at the end, visible files that are not committed parts: $(others | head -3)"
gapless && ok || bad "a lane's part numbers have a gap: $(ls "$W/out")"
hidden=$(ls -A "$W/out" | grep -c '^\.counts-clicks_fs-.*\.inprogress\.')

# The reference: one process, no scale-out, the whole topic, one file.
script ref file:ref/counts.csv "" "" ", 'scan.bounded.mode' = 'latest-offset'"
(cd "$W" && timeout 300 "$PTFHOST" run ref.sql >ref.out 2>ref.err) && ok || bad "reference run: $(head -3 "$W/ref.err")"   # hang guard
sort "$W/ref/counts.csv" >"$W/ref.txt"
[ "$(wc -l <"$W/ref.txt")" -eq $N3 ] && [ "$(sort -u "$W/ref.txt" | wc -l)" -eq $N3 ] && ok \
  || bad "the reference has $(wc -l <"$W/ref.txt") rows"
rows >"$W/so.txt"
missing=$(comm -23 "$W/ref.txt" "$W/so.txt" | wc -l)
extra=$(comm -13 "$W/ref.txt" "$W/so.txt" | wc -l)
[ "$missing" -eq 0 ] && [ "$extra" -eq 0 ] && ok \
  || bad "the committed parts: $missing rows missing, $extra twice or not in the reference: $(comm -3 "$W/ref.txt" "$W/so.txt" | head -3)"
echo "filesystem sink under scale-out: $(ls "$W/out" | grep -cE "$PART") committed parts; $hidden in-progress files left hidden"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

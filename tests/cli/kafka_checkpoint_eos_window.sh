#!/usr/bin/env bash
# The window between an exactly-once Kafka sink's commit and its
# checkpoint's rename (docs/checkpoints.md, Kafka): the transaction also
# commits the checkpoint's id as the offset of the marker group
# '<transactional.id>-ptfhost-checkpoints', and --resume publishes an
# .inprogress checkpoint the marker names. Against the built-in broker the
# test starts on loopback with --isolate-transactions (its proxy stores the
# marker when the transaction commits), a 120 k-row file copied to Kafka with
# 20 ms checkpoints (30 k rows could end, on a loaded machine, before the 2nd
# commit: the run exited 0), killed by the test-only hooks (SIGKILL, as kill -9):
# - PTFHOST_TEST_CRASH_AFTER_COMMIT=2: killed right after the 2nd commit,
#   before the rename; resumed, stderr names the promoted checkpoint, it is
#   renamed, and a read_committed reader sees exactly the uninterrupted run;
# - PTFHOST_TEST_CRASH_BEFORE_COMMIT=2: killed right before it; resumed, the
#   .inprogress checkpoint is not used and the output is exact again.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
trap 'stop_broker; rm -rf "$W"' EXIT

start_broker --isolate-transactions --partitions 4 --topics win_ref,win_after,win_before \
  || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
ROWS=120000
awk -v n=$ROWS 'BEGIN { for (i = 1; i <= n; i++) printf "{\"id\":%d,\"v\":\"r%d\"}\n", i, i }' >"$W/rows.json"

job() {   # job NAME: $W/NAME.sql copies the file to topic NAME
  cat >"$W/$1.sql" <<SQL
SET 'execution.checkpointing.interval' = '20 ms';
SET 'execution.checkpointing.dir' = 'ckpts-$1';
CREATE TABLE src (id INT, v STRING) WITH ('connector' = 'filesystem', 'path' = 'rows.json', 'format' = 'json');
CREATE TABLE copy (id INT, v STRING) WITH ('connector' = 'kafka', 'topic' = '$1',
  'properties.bootstrap.servers' = '$BOOT', 'format' = 'json', 'key.format' = 'json', 'key.fields' = 'id',
  'sink.delivery-guarantee' = 'exactly-once', 'sink.transactional-id-prefix' = 'ptf-$1');
INSERT INTO copy SELECT id, v FROM src;
SQL
}
committed() {   # committed TOPIC: what a read_committed reader sees, sorted
  timeout 120 kcat -b "$BOOT" -C -t "$1" -o beginning -e -q -X isolation.level=read_committed -f '%s\n' | sort   # hang guard
}
newest_aside() { ls "$1" 2>/dev/null | sed -n 's/^chk-\([0-9]*\)\.inprogress$/\1/p' | sort -n | tail -1; }

job win_ref
(cd "$W" && timeout 300 "$PTFHOST" run win_ref.sql >/dev/null 2>win_ref.err) && ok \
  || bad "reference run: $(head -3 "$W/win_ref.err")"   # hang guard
committed win_ref >"$W/ref.txt"
[ "$(wc -l <"$W/ref.txt")" -eq $ROWS ] && ok || bad "the reference has $(wc -l <"$W/ref.txt") records"

# crashed HOOK NAME: runs NAME killed by the hook at the 2nd commit; id: the .inprogress checkpoint's id.
crashed() {
  (cd "$W" && env "$1=2" timeout 300 "$PTFHOST" run "$2.sql" >/dev/null 2>"$2.err"); rc=$?   # hang guard
  [ "$rc" -eq 137 ] && ok || bad "$1: the run exited $rc, not killed: $(tail -3 "$W/$2.err")"
  id=$(newest_aside "$W/ckpts-$2")
  [ -n "$id" ] && [ "$id" -gt "$(newest_checkpoint "$W/ckpts-$2")" ] && ok \
    || bad "$1: no .inprogress checkpoint newer than the newest complete one: $(ls "$W/ckpts-$2")"
}
resumed_exact() {   # resumed_exact NAME WHAT
  (cd "$W" && timeout 300 "$PTFHOST" run --resume "$1.sql" >/dev/null 2>>"$1.err") && ok \
    || bad "$2: the resume failed: $(tail -3 "$W/$1.err")"   # hang guard
  committed "$1" >"$W/$1.txt"
  cmp -s "$W/$1.txt" "$W/ref.txt" && ok || bad "$2: the committed output differs from the uninterrupted run's:" \
    "$(comm -23 "$W/ref.txt" "$W/$1.txt" | wc -l) missing, $(comm -13 "$W/ref.txt" "$W/$1.txt" | wc -l) more," \
    "$(uniq -d "$W/$1.txt" | wc -l) twice"
}

job win_after
crashed PTFHOST_TEST_CRASH_AFTER_COMMIT win_after
resumed_exact win_after "killed after a commit"
grep -q "^ptfhost: checkpoint $id was committed to Kafka but not renamed; restoring from it$" "$W/win_after.err" && ok \
  || bad "killed after a commit: stderr: $(grep '^ptfhost:' "$W/win_after.err" | head -5)"
grep -q "restoring from .*ckpts-win_after/chk-$id$" "$W/win_after.err" && ok || bad "not restored from chk-$id"
echo "killed after the commit of checkpoint $id: promoted, output equals the uninterrupted run"

job win_before
crashed PTFHOST_TEST_CRASH_BEFORE_COMMIT win_before
resumed_exact win_before "killed before a commit"
grep -q "^ptfhost: checkpoint $id did not commit its Kafka transaction: not using .*chk-$id.inprogress$" \
  "$W/win_before.err" && ok || bad "killed before a commit: stderr: $(grep '^ptfhost:' "$W/win_before.err" | head -5)"
grep -q "restoring from .*ckpts-win_before/chk-$id$" "$W/win_before.err" && bad "restored from the uncommitted chk-$id" || ok

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

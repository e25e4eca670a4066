#!/usr/bin/env bash
# An upsert input's last row per key in checkpoints (docs/checkpoints.md,
# record NORMALIZED): RetractArg (REQUIRE_UPDATE_BEFORE) over an upsert-kafka
# topic, which sends no -U and key-only deletes, so the changelog normaliser
# keeps each key's last row to synthesise -U and full -D rows. 600 k records
# over 100 keys (updates, updates that change nothing, tombstones) in a
# 16-partition topic keyed by name, 200 ms checkpoints, a filesystem sink
# (part files committed with checkpoints: exactly once for readers of the
# folder); killed with kill -9 at three random points and resumed each time:
# the committed parts hold exactly the rows of an uninterrupted run. Without
# the normaliser's rows in the checkpoint a resumed run would take a known
# key's next row for an insert (+I instead of -U/+U, deletes dropped).
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
bg=""
trap '[ -n "$bg" ] && kill -9 "$bg" 2>/dev/null; stop_broker; rm -rf "$W"' EXIT
# 600 k: each killed run gets through its first checkpoint and up to a quarter second more, so
# the input must outlast three of them; at 300 k a faster build's third run sometimes ended
# before its kill. 16 partitions keep each well under the broker's 5 MB.
N=600000

start_broker --partitions 16 --topics scores_up || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
# Every 9th record a tombstone; scores repeat, so some updates change nothing.
awk -v n=$N 'BEGIN { for (i = 1; i <= n; i++) { k = i % 100
    if (i % 9 == 0) printf "{\"name\":\"u%d\"}|\n", k
    else printf "{\"name\":\"u%d\"}|{\"name\": \"u%d\", \"score\": %d}\n", k, k, int(i / 100) % 7 } }' \
  | timeout 120 kcat -b "$BOOT" -P -t scores_up -K '|' -Z || bad "kcat could not produce the input"   # hang guard

# job NAME: a script in $W/NAME.sql writing $W/NAME/out.csv's parts
job() {
  mkdir -p "$W/$1"
  cat >"$W/$1.sql" <<SQL
SET 'execution.checkpointing.interval' = '200 ms';
SET 'execution.checkpointing.dir' = 'ckpts-$1';
CREATE FUNCTION f AS 'io.ptfhost.compat.RetractArg' USING JAR '$PTFHOST_BUILD/compat/ptfs.jar';
CREATE TABLE scores (name STRING, score INT, PRIMARY KEY (name) NOT ENFORCED) WITH ('connector' = 'upsert-kafka',
  'topic' = 'scores_up', 'properties.bootstrap.servers' = '$BOOT', 'key.format' = 'json', 'value.format' = 'json',
  'scan.bounded.mode' = 'latest-offset');
CREATE TABLE traced (name STRING, \`out\` STRING) WITH ('connector' = 'filesystem', 'path' = '$1/out.csv',
  'format' = 'csv');
INSERT INTO traced SELECT * FROM f(r => TABLE scores PARTITION BY name);
SQL
}
rows() { cat "$W/$1"/out-*.csv 2>/dev/null | sort; }

job ref
(cd "$W" && timeout 300 "$PTFHOST" run ref.sql >/dev/null 2>ref.err) && ok || bad "reference run: $(head -3 "$W/ref.err")"   # hang guard
rows ref >"$W/ref.txt"
[ "$(wc -l <"$W/ref.txt")" -gt $((N / 2)) ] && ok || bad "the reference has $(wc -l <"$W/ref.txt") rows"
grep -q -- '-U\[' "$W/ref.txt" && grep -q -- '-D\[u[0-9]*, [0-9]' "$W/ref.txt" && ok \
  || bad "the reference lacks synthesised -U or full -D rows: $(head -3 "$W/ref.txt")"

job up
kills=0
for k in 1 2 3; do
  kill_after_checkpoint "$W/ckpts-up" up.sql /dev/null up.err && kills=$((kills + 1))
done
[ "$kills" -eq 3 ] && ok || bad "$kills of 3 kills hit a running job"
(cd "$W" && timeout 300 "$PTFHOST" run --resume up.sql >/dev/null 2>>up.err) && ok \
  || bad "the last resume failed: $(tail -3 "$W/up.err")"   # hang guard
restores=$(grep -c "restoring from .*ckpts-up/chk-[0-9]*$" "$W/up.err")
[ "$restores" -ge 3 ] && ok || bad "$restores restores: $(cat "$W/up.err")"
rows up >"$W/up.txt"
diff -q "$W/up.txt" "$W/ref.txt" >/dev/null && ok \
  || bad "killed and resumed differs from one run: $(diff "$W/up.txt" "$W/ref.txt" | head -6)"

! grep -q "dropped its oldest" "$W/broker.err" 2>/dev/null && ok || bad "the broker trimmed a partition: $(cat "$W/broker.err")"
echo "kafka_checkpoint_upsert: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

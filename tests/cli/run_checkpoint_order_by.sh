#!/usr/bin/env bash
# ORDER BY buffers in checkpoints (docs/checkpoints.md, record SORTED): a
# run over the first part of a file stops with a checkpoint when the file
# ends ('ptfhost.checkpoint.stop-at-end': rows still wait in the sort buffer
# for the watermark), the file grows, and a --resume run over the whole file
# prints exactly what an uninterrupted run prints after those rows: the held
# rows come out of the restored buffer in ORDER BY order, none lost, none twice.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"   # pass, fail
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
cd "$W" || exit 1

# OrderBy (compat/ptfs) prints the rows it has seen in order; the watermark lags 10 ms, so
# rows wait in the buffer. Scores make the secondary (DESC) order visible.
row() { echo "{\"name\": \"$1\", \"score\": $2, \"ts\": \"1970-01-01 00:00:00.$(printf %03d "$3")Z\"}"; }
{ row Bob 1 0; row Alice 1 1; row Bob 2 3; row Bob 3 3; row Bob 4 5; row Alice 2 19; row Alice 3 1; } >first.json
{ row Bob 5 10; row Bob 6 12; row Bob 7 22; row Alice 4 30; } >second.json
script() {
  cat >"$1" <<SQL
SET 'execution.checkpointing.interval' = '1 h';
SET 'execution.checkpointing.dir' = 'ckpts';
${3:-}
CREATE FUNCTION f AS 'io.ptfhost.compat.OrderBy' USING JAR '$PTFHOST_BUILD/compat/ptfs.jar';
CREATE TABLE t (name STRING, score INT, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts - INTERVAL '0.010' SECOND)
  WITH ('connector' = 'filesystem', 'path' = '$2', 'format' = 'json');
SELECT * FROM f(r => TABLE t PARTITION BY name ORDER BY (ts ASC, score DESC), on_time => DESCRIPTOR(ts));
SQL
}

# The reference: one run over both parts.
cat first.json second.json >all.json
script ref.sql all.json
"$PTFHOST" run ref.sql >ref.txt 2>ref.err && ok || bad "reference run: $(head -3 ref.err)"
rm -rf ckpts

# Part one, stopped at its end with rows held back; then the grown file, resumed.
cp first.json data.json
script stop.sql data.json "SET 'ptfhost.checkpoint.stop-at-end' = 'true';"
"$PTFHOST" run stop.sql >out.txt 2>stop.err && ok || bad "stopping run: exit $?: $(head -3 stop.err)"
grep -q "stopped with a savepoint: .*ckpts/chk-" stop.err && ok || bad "no stop line: $(cat stop.err)"
held=$(wc -l <out.txt)
[ "$held" -lt 7 ] && ok || bad "nothing was held back at the stop ($held rows out)"
cat second.json >>data.json
script job.sql data.json
"$PTFHOST" run --resume job.sql >>out.txt 2>resume.err && ok || bad "resume: $(head -3 resume.err)"
grep -q "restoring from .*ckpts/chk-" resume.err && ok || bad "no 'restoring from' line: $(cat resume.err)"
cmp -s ref.txt out.txt && ok || bad "stopped + resumed differs from one run:"$'\n'"$(diff ref.txt out.txt | head -20)"

echo "run_checkpoint_order_by: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# A filesystem sink of a window aggregation under checkpoints (docs/checkpoints.md,
# Guarantees per sink): as for a PTF call's query, each completed checkpoint commits the
# part in progress ("o-N.json" for the target "o.json"), hidden until then. Killed with
# kill -9 twice and resumed with --resume, the committed parts hold exactly the rows of
# an uninterrupted run, and nothing else is visible in the folder.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
bg=
trap '[ -n "$bg" ] && kill -9 "$bg" 2>/dev/null; rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
cd "$W" || exit 1

# 1 M rows 10 ms apart over 5 names: 10 000 one-second windows of 5 groups (enough rows
# that the job still runs when the kills come, on an idle machine too).
awk -v n=1000000 'BEGIN { for (i = 0; i < n; i++) { ms = i * 10
  printf "{\"name\": \"u%d\", \"score\": %d, \"ts\": \"2025-01-01 %02d:%02d:%02d.%03d\"}\n", i % 5, i % 11,
    int(ms / 3600000), int(ms / 60000) % 60, int(ms / 1000) % 60, ms % 1000 } }' >t.json
# script NAME OUT-FOLDER
script() {
  cat >"$1" <<SQL
SET 'execution.checkpointing.interval' = '20 ms';
SET 'execution.checkpointing.dir' = 'ckpts-$2';
CREATE TABLE t (name STRING, score INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts)
  WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
CREATE TABLE o (window_start TIMESTAMP(3), name STRING, c BIGINT, s INT)
  WITH ('connector' = 'filesystem', 'path' = '$2/o.json', 'format' = 'json');
INSERT INTO o SELECT window_start, name, COUNT(*) AS c, SUM(score) AS s
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' SECOND)) GROUP BY window_start, window_end, name;
SQL
}
script ref.sql ref
script job.sql out
mkdir ref out
parts() { ls "$1" | grep -E '^o-[0-9]+\.json$' | sed "s|^|$1/|" | xargs -r cat; }
has_checkpoint() { ls ckpts-out 2>/dev/null | grep -Eq '^chk-[0-9]+$'; }

"$PTFHOST" run ref.sql >/dev/null 2>ref.err && ok || bad "reference run: $(head -3 ref.err)"
[ "$(parts ref | wc -l)" -eq 50000 ] && ok || bad "reference parts hold $(parts ref | wc -l) rows"
[ "$(ls ref | wc -l)" -gt 1 ] && ok || bad "no part was committed at a checkpoint: $(ls ref)"
[ -z "$(ls -A ref | grep -vE '^o-[0-9]+\.json$')" ] && ok || bad "reference left other files: $(ls -A ref)"

kills=0
for kill in 1 2; do
  "$PTFHOST" run --resume job.sql >/dev/null 2>>resume.err &
  bg=$!
  for _ in $(seq 1200); do has_checkpoint && break; sleep 0.05; done   # hang guard: up to 60 s
  sleep 0.$((RANDOM % 3))
  kill -0 "$bg" 2>/dev/null && kills=$((kills + 1))
  kill -9 "$bg" 2>/dev/null; wait "$bg" 2>/dev/null; bg=
  [ -z "$(ls out | grep -vE '^o-[0-9]+\.json$')" ] && ok || bad "kill $kill: visible files: $(ls out)"
done
[ "$kills" -eq 2 ] && ok || bad "$kills of 2 kills hit a running job"
"$PTFHOST" run --resume job.sql >/dev/null 2>>resume.err && ok || bad "last resume failed: $(tail -3 resume.err)"
grep -q "restoring from .*ckpts-out/chk-" resume.err && ok || bad "no 'restoring from' line: $(cat resume.err)"
[ -z "$(ls out | grep -vE '^o-[0-9]+\.json$')" ] && ok || bad "visible files after the end: $(ls out)"
diff <(parts ref | sort) <(parts out | sort) >/dev/null && ok \
  || bad "parts after kill -9 and resume differ: $(diff <(parts ref | sort) <(parts out | sort) | head -4)"

echo "run_checkpoint_fs_sink_window: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

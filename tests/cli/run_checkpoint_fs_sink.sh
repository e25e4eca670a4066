#!/usr/bin/env bash
# A filesystem sink under checkpoints (docs/checkpoints.md): each completed
# checkpoint commits the part in progress by rename ("out-N.json" for the
# target "out.json"), hidden until then. Killed with kill -9 twice and
# resumed with --resume, the committed parts hold exactly the rows of an
# uninterrupted run (no duplicate, nothing missing), numbering goes on from
# the checkpoint, and only hidden in-progress files are left besides.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SEEDS_JAR=$PTFHOST_BUILD/compat/seeds.jar
W=$(mktemp -d)
bg=
trap '[ -n "$bg" ] && kill -9 "$bg" 2>/dev/null; rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
cd "$W" || exit 1

for i in $(seq 1 30000); do echo "{\"user_id\": $((i % 97)), \"url\": \"/p$i\"}"; done >clicks.json
# script NAME OUT-FOLDER
script() {
  cat >"$1" <<SQL
SET 'execution.checkpointing.interval' = '20 ms';
SET 'execution.checkpointing.dir' = 'ckpts-$2';
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$SEEDS_JAR';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');
CREATE TABLE counts (user_id INT, url STRING, click_count BIGINT)
  WITH ('connector' = 'filesystem', 'path' = '$2/out.json', 'format' = 'json');
INSERT INTO counts SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id, uid => 'counter');
SQL
}
script ref.sql ref
script job.sql out
mkdir ref out
# the committed parts' rows, in part order
parts() { ls "$1" | grep -E '^out-[0-9]+\.json$' | sort -t- -k2 -n | sed "s|^|$1/|" | xargs cat; }
has_checkpoint() { ls ckpts-out 2>/dev/null | grep -Eq '^chk-[0-9]+$'; }

# The reference: one uninterrupted checkpointed run.
"$PTFHOST" run ref.sql >/dev/null 2>ref.err && ok || bad "reference run: $(head -3 ref.err)"
[ "$(parts ref | wc -l)" -eq 30000 ] && ok || bad "reference parts hold $(parts ref | wc -l) rows"
[ -z "$(ls -A ref | grep -vE '^out-[0-9]+\.json$')" ] && ok || bad "reference left other files: $(ls -A ref)"
[ "$(ls ref | wc -l)" -gt 1 ] && ok || bad "no part was committed at a checkpoint: $(ls ref)"

for kill in 1 2; do
  "$PTFHOST" run --resume job.sql >/dev/null 2>>resume.err &
  bg=$!
  for _ in $(seq 1200); do has_checkpoint && break; sleep 0.05; done   # hang guard: up to 60 s
  sleep 0.$((RANDOM % 5))
  kill -9 "$bg" 2>/dev/null; wait "$bg" 2>/dev/null; bg=
  has_checkpoint && ok || bad "kill $kill: no checkpoint was written"
  # visible: only committed parts; anything else is hidden
  [ -z "$(ls out | grep -vE '^out-[0-9]+\.json$')" ] && ok || bad "kill $kill: visible files: $(ls out)"
done
"$PTFHOST" run --resume job.sql >/dev/null 2>>resume.err && ok || bad "last resume failed: $(tail -3 resume.err)"
grep -q "restoring from .*ckpts-out/chk-" resume.err && ok || bad "no 'restoring from' line: $(cat resume.err)"
parts out | sort >out.sorted
parts ref | sort >ref.sorted
diff ref.sorted out.sorted >/dev/null && ok \
  || bad "parts after kill -9 and resume differ: $(diff ref.sorted out.sorted | head -4)"
n=$(ls out | grep -cE '^out-[0-9]+\.json$')
[ -f "out/out-$((n - 1)).json" ] && ok || bad "part numbers are not 0..$((n - 1)): $(ls out)"
# a folder reader sees exactly those rows
cat >read.sql <<'SQL'
CREATE TABLE back (user_id INT, url STRING, click_count BIGINT) WITH ('connector' = 'filesystem', 'path' = 'out', 'format' = 'json');
SELECT * FROM back;
SQL
"$PTFHOST" run read.sql >read.out 2>read.err && [ "$(wc -l <read.out)" -eq 30000 ] && ok \
  || bad "reading the folder: $(wc -l <read.out) rows, $(head -3 read.err)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

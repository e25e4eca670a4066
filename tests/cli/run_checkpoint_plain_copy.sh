#!/usr/bin/env bash
# A query without a PTF call (a filter, a projection with computed columns)
# checkpoints its table's position and its filesystem sink's parts
# (docs/checkpoints.md): stopped with SIGTERM mid-input, it writes a
# savepoint and exits 143; resumed with --resume from it, the committed parts
# hold exactly the rows of an uninterrupted run, in its order. Also: a
# UNION ALL resumes from its branches' positions, and a PTF call's
# checkpoint restored into a plain query is unclaimed state.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
bg=
trap '[ -n "$bg" ] && kill -9 "$bg" 2>/dev/null; exec 3>&- 2>/dev/null; rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
cd "$W" || exit 1

N=200000
for i in $(seq 1 $N); do echo "{\"user_id\": $((i % 97)), \"url\": \"/p$i\"}"; done >all.json
# script NAME OUT-FOLDER INPUT
script() {
  cat >"$1" <<SQL
SET 'execution.checkpointing.interval' = '20 ms';
SET 'execution.checkpointing.dir' = 'ckpts-$2';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = '$3', 'format' = 'json');
CREATE TABLE copy (user_id INT, url STRING, big BOOLEAN)
  WITH ('connector' = 'filesystem', 'path' = '$2/out.json', 'format' = 'json');
INSERT INTO copy SELECT user_id, UPPER(url), user_id > 50 FROM clicks WHERE user_id <> 3;
SQL
}
parts() { ls "$1" | grep -E '^out-[0-9]+\.json$' | sort -t- -k2 -n | sed "s|^|$1/|" | xargs cat; }
newest() { ls "$1" 2>/dev/null | sed -n 's/^\(chk\|savepoint\)-\([0-9]*\)$/\2/p' | sort -n | tail -1; }

script ref.sql ref all.json
mkdir ref out
"$PTFHOST" run ref.sql >/dev/null 2>ref.err && ok || bad "reference run: $(head -3 ref.err)"
expected=$(grep -vc '"user_id": 3,' all.json)
[ "$(parts ref | wc -l)" -eq "$expected" ] && ok || bad "the reference holds $(parts ref | wc -l) rows, not $expected"
ls ckpts-ref | grep -q '^chk-' && ok || bad "a plain copy took no checkpoint: $(ls ckpts-ref)"

# The stopped run reads a FIFO: its first rows, then more in small steps
# until a checkpoint is there; SIGTERM, then a row at a time until it stops
# (a source that waits sees the stop at its next row).
mkfifo fifo.json
script job.sql out fifo.json
"$PTFHOST" run job.sql >/dev/null 2>job.err &
bg=$!
exec 3>fifo.json
head -n 50000 all.json >&3
line=50001
for _ in $(seq 600); do   # hang guard: 60 s for a checkpoint
  [ -n "$(newest ckpts-out)" ] && break
  sed -n "${line},$((line + 499))p" all.json >&3; line=$((line + 500))
  sleep 0.1
done
[ -n "$(newest ckpts-out)" ] && ok || bad "the job over a FIFO took no checkpoint: $(cat job.err)"
kill -TERM "$bg"
for _ in $(seq 600); do   # hang guard: 60 s for the stop
  kill -0 "$bg" 2>/dev/null || break
  sed -n "${line}p" all.json >&3 2>/dev/null; line=$((line + 1))
  sleep 0.1
done
exec 3>&-
wait "$bg"; rc=$?; bg=
[ "$rc" -eq 143 ] && ok || bad "SIGTERM: exit $rc, not 143: $(cat job.err)"
grep -q "stopped with a savepoint: .*ckpts-out/savepoint-[0-9]*$" job.err && ok || bad "no savepoint line: $(cat job.err)"
[ -z "$(ls out | grep -vE '^out-[0-9]+\.json$')" ] && ok || bad "visible files besides parts: $(ls out)"
stopped=$(parts out | wc -l)
[ "$stopped" -gt 0 ] && [ "$stopped" -lt "$expected" ] && ok || bad "the stopped run committed $stopped rows"

# Resumed over the whole file: the savepoint's position skips what was copied.
rm fifo.json
cp all.json fifo.json
"$PTFHOST" run --resume job.sql >/dev/null 2>resume.err && ok || bad "resume: $(head -3 resume.err)"
grep -q "restoring from .*ckpts-out/savepoint-" resume.err && ok || bad "not restored from the savepoint: $(cat resume.err)"
parts ref >ref.txt
parts out >out.txt
cmp -s ref.txt out.txt && ok || bad "after the savepoint and resume the parts differ: $(diff ref.txt out.txt | head -4)"

# A run resumed after its end copies nothing more.
"$PTFHOST" run --resume job.sql >/dev/null 2>again.err && ok || bad "resume at the end: $(head -3 again.err)"
parts out | cmp -s ref.txt - && ok || bad "a resume after the end wrote rows again"

# UNION ALL: each branch's position, by branch.
cat >union.sql <<'SQL'
SET 'execution.checkpointing.interval' = '1 h';
SET 'execution.checkpointing.dir' = 'ckpts-union';
CREATE TABLE a (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'a.json', 'format' = 'json');
CREATE TABLE b (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'b.json', 'format' = 'json');
SELECT user_id, url FROM a UNION ALL SELECT user_id + 100, url FROM b;
SQL
printf '{"user_id": 1, "url": "/a1"}\n' >a.json
printf '{"user_id": 2, "url": "/b1"}\n' >b.json
"$PTFHOST" run union.sql >u1.out 2>u1.err && ok || bad "union: $(head -3 u1.err)"
printf '{"user_id": 3, "url": "/a2"}\n' >>a.json
printf '{"user_id": 4, "url": "/b2"}\n' >>b.json
"$PTFHOST" run --resume union.sql >u2.out 2>u2.err && ok || bad "union resume: $(head -3 u2.err)"
[ "$(cat u2.out)" = "$(printf '+I[3, /a2]\n+I[104, /b2]')" ] && ok || bad "union resume printed: $(cat u2.out)"

# A plain checkpoint holds no state, so a PTF call may start from it; but a
# call's checkpoint is not restored into a plain query (unclaimed state).
cat >counted.sql <<SQL
SET 'execution.checkpointing.interval' = '1 h';
SET 'execution.checkpointing.dir' = 'ckpts-counted';
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';
CREATE TABLE a (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'a.json', 'format' = 'json');
SELECT * FROM count_clicks(input => TABLE a PARTITION BY user_id, uid => 'counter');
SQL
"$PTFHOST" run counted.sql >/dev/null 2>counted.err && ok || bad "counted: $(head -3 counted.err)"
sed 's/^SELECT .*/SELECT * FROM a;/; /CREATE FUNCTION/d' counted.sql >plain.sql
"$PTFHOST" run --resume plain.sql >/dev/null 2>plain.err && bad "a call's state restored into a plain scan" \
  || { grep -q "uid 'counter' to the new program, because no part of it claims it" plain.err && ok \
       || bad "unclaimed message: $(cat plain.err)"; }
printf "SET 'execution.state-recovery.ignore-unclaimed-state' = 'true';\n" | cat - plain.sql >plain2.sql
"$PTFHOST" run --resume plain2.sql >plain2.out 2>plain2.err && [ ! -s plain2.out ] && ok \
  || bad "ignore-unclaimed-state: $(cat plain2.out plain2.err | head -3)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

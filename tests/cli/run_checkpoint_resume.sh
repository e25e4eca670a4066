#!/usr/bin/env bash
# Checkpoints and restore by uid (docs/checkpoints.md), end to end with the
# CountClicks seed over a file and a 20 ms checkpoint interval:
# - killed with kill -9 mid-run and resumed with --resume, the output (the
#   print sink replays what followed the last checkpoint: at least once)
#   equals an uninterrupted run after de-duplication, nothing missing;
# - the SQL around the call changes, the uid stays: the counts go on;
# - a uid in the checkpoint no call claims fails, naming it, unless
#   'execution.state-recovery.ignore-unclaimed-state' is set;
# - SIGTERM stops with a savepoint (path on stderr, exit 143), and --resume
#   continues from it.
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

rows() { for i in $(seq "$1" "$2"); do echo "{\"user_id\": $((i % 97)), \"url\": \"/p$i\"}"; done; }
rows 1 30000 >clicks.json
# script NAME SELECT-LIST [UID] [EXTRA-SET]
script() {
  cat >"$1" <<SQL
SET 'execution.checkpointing.interval' = '20 ms';
SET 'execution.checkpointing.dir' = 'ckpts';
SET 'execution.checkpointing.num-retained' = '2';
${4:-}
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$SEEDS_JAR';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');
SELECT $2 FROM count_clicks(input => TABLE clicks PARTITION BY user_id, uid => '${3:-counter}');
SQL
}
script job.sql '*'
has_checkpoint() { ls ckpts 2>/dev/null | grep -Eq '^chk-[0-9]+$'; }
# a kill -9 can tear the last line: the next run starts on a line of its own
newline() { [ -s "$1" ] && [ -n "$(tail -c1 "$1")" ] && echo >>"$1"; true; }

# The reference: one uninterrupted run.
"$PTFHOST" run job.sql >ref.txt 2>ref.err && ok || bad "reference run: $(head -3 ref.err)"
[ "$(wc -l <ref.txt)" -eq 30000 ] && ok || bad "reference has $(wc -l <ref.txt) rows"
rm -rf ckpts

# Killed with kill -9 twice, resumed each time.
: >out.txt
for kill in 1 2; do
  "$PTFHOST" run --resume job.sql >>out.txt 2>>resume.err &
  bg=$!
  for _ in $(seq 1200); do has_checkpoint && break; sleep 0.05; done   # hang guard: up to 60 s
  sleep 0.$((RANDOM % 5))
  kill -9 "$bg" 2>/dev/null; wait "$bg" 2>/dev/null; bg=
  newline out.txt
  has_checkpoint && ok || bad "kill $kill: no checkpoint was written"
  ls ckpts | grep -q inprogress && rm -rf ckpts/*.inprogress   # a kill during a write: never used
done
"$PTFHOST" run --resume job.sql >>out.txt 2>>resume.err && ok || bad "last resume failed: $(tail -3 resume.err)"
grep -q "restoring from .*ckpts/chk-" resume.err && ok || bad "no 'restoring from' line: $(cat resume.err)"
sort -u ref.txt >ref.sorted
sort -u out.txt >out.sorted
missing=$(comm -23 ref.sorted out.sorted | wc -l)
[ "$missing" -eq 0 ] && ok || bad "$missing rows missing after kill -9 and resume: $(comm -23 ref.sorted out.sorted | head -3)"
# beyond de-duplication only a torn last line per kill may differ
extra=$(comm -13 ref.sorted out.sorted | wc -l)
[ "$extra" -le 2 ] && ok || bad "$extra rows not in the reference: $(comm -13 ref.sorted out.sorted | head -3)"

# The SQL around the call changes, the uid stays: counting goes on where it stopped.
rows 30001 30003 >>clicks.json
script changed.sql 'url, click_count'
"$PTFHOST" run --resume changed.sql >changed.txt 2>changed.err && ok || bad "changed SQL: $(head -3 changed.err)"
printf '/p30001, 310\n/p30002, 310\n/p30003, 310\n' | sed 's/^/+I[/; s/$/]/' | diff - changed.txt >/dev/null \
  && ok || bad "changed SQL did not continue the counts: $(cat changed.txt)"

# A uid no call claims fails, naming it; allowed, the call starts empty.
script other.sql '*' other
"$PTFHOST" run --resume other.sql >other.txt 2>other.err && bad "unclaimed state was accepted" || ok
grep -q "uid 'counter'" other.err && grep -q "ignore-unclaimed-state" other.err && ok \
  || bad "the unclaimed message: $(cat other.err)"
script allowed.sql '*' other "SET 'execution.state-recovery.ignore-unclaimed-state' = 'true';"
"$PTFHOST" run --resume allowed.sql >allowed.txt 2>allowed.err && ok || bad "allowed unclaimed: $(head -3 allowed.err)"
# the checkpoint skipped the rows counter processed; other starts with empty state
[ ! -s allowed.txt ] && ok || bad "allowed unclaimed printed: $(head -3 allowed.txt)"

# A state entry whose type changed fails naming the entry, the old and the new type:
# Fragile's 'seen' is ROW<seen BIGINT>, ProductTitles' 'seen' is ROW<titles BIGINT>.
mkdir types && echo '{"item": "a", "title": "a"}' >types/items.json
typed() {   # typed FILE CLASS JAR CALL-ARGS
  cat >"types/$1" <<SQL
SET 'execution.checkpointing.interval' = '20 ms';
SET 'execution.checkpointing.dir' = 'ckpts';
CREATE FUNCTION f AS '$2' USING JAR '$3';
CREATE TABLE items (item STRING, title STRING) WITH ('connector' = 'filesystem', 'path' = 'items.json', 'format' = 'json');
SELECT * FROM f(input => TABLE items PARTITION BY item, uid => 'u'$4);
SQL
}
typed old.sql com.example.fixtures.Fragile "$PTFHOST_BUILD/compat/fixtures.jar" ''
typed new.sql com.example.shop.ProductTitles "$PTFHOST_BUILD/compat/fatjar/fatjar.jar" ', max_width => 10'
"$PTFHOST" run --resume types/old.sql >/dev/null 2>types/old.err && ok || bad "typed old: $(head -3 types/old.err)"
"$PTFHOST" run --resume types/new.sql >/dev/null 2>types/new.err && bad "a changed state type was accepted" || ok
grep -q "state entry 'seen' of uid 'u' changed type" types/new.err && grep -q "ROW<\`seen\` BIGINT" types/new.err \
  && grep -q "ROW<\`titles\` BIGINT" types/new.err && ok || bad "the type-change message: $(cat types/new.err)"

# SIGTERM: stop with a savepoint, then resume from it.
rm -rf ckpts
rows 1 30000 >clicks.json
"$PTFHOST" run --resume job.sql >term.txt 2>term.err &
bg=$!
for _ in $(seq 1200); do has_checkpoint && break; sleep 0.05; done   # hang guard: up to 60 s
kill -TERM "$bg"; wait "$bg"; rc=$?; bg=
[ "$rc" -eq 143 ] && ok || bad "SIGTERM exit $rc, expected 143: $(tail -3 term.err)"
sp=$(sed -n 's/^ptfhost run: stopped with a savepoint: //p' term.err)
[ -n "$sp" ] && [ -f "$sp/_metadata" ] && ok || bad "no savepoint path on stderr: $(cat term.err)"
"$PTFHOST" run --resume job.sql >>term.txt 2>term2.err && ok || bad "resume after SIGTERM: $(head -3 term2.err)"
grep -q "restoring from .*savepoint-" term2.err && ok || bad "did not restore the savepoint: $(cat term2.err)"
# the savepoint flushed everything before it: the output is exactly the reference
sort term.txt | diff - <(sort ref.txt) >/dev/null && ok || bad "output after SIGTERM and resume differs from the reference"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

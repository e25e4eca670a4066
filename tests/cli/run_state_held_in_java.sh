#!/usr/bin/env bash
# State values Java holds between batches (SET 'ptfhost.state.hold-in-java';
# docs/internals.md, "State between batches") reach C whenever C reads state, with the CountClicks seed:
# - a checkpoint taken right after the last rows (ptfhost.checkpoint.stop-at-end)
#   holds the counts Java kept: a resume continues them;
# - a run over more keys than Java may hold at once (262144) writes them
#   back and holds them again: every key's second row counts 2;
# - 'ptfhost.state.stats' counts the values Java held.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SEEDS_JAR=$PTFHOST_BUILD/compat/seeds.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
cd "$W" || exit 1

# rows FROM TO KEYS: row i is for user i % KEYS
rows() { awk -v a="$1" -v b="$2" -v k="$3" 'BEGIN { for (i = a; i <= b; i++) printf "{\"user_id\": %d, \"url\": \"/p%d\"}\n", i % k, i }'; }
script() {   # script FILE EXTRA-SET
  cat >"$1" <<SQL
SET 'ptfhost.state.hold-in-java' = 'true';
$2
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$SEEDS_JAR';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');
SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id, uid => 'counter');
SQL
}

# 1. The checkpoint at the end sees the counts: 50 users x 3 rows, then one more row each.
rows 0 149 50 >clicks.json
script job.sql "SET 'execution.checkpointing.interval' = '1 h';
SET 'execution.checkpointing.dir' = 'ckpts';
SET 'ptfhost.checkpoint.stop-at-end' = 'true';"
"$PTFHOST" run job.sql >first.txt 2>first.err && ok || bad "first run: $(head -3 first.err)"
grep -q "stopped with a savepoint" first.err && ok || bad "no savepoint at the end: $(cat first.err)"
rows 150 199 50 >>clicks.json
script resume.sql "SET 'execution.checkpointing.dir' = 'ckpts';"
"$PTFHOST" run --resume resume.sql >resume.txt 2>resume.err && ok || bad "resume: $(head -3 resume.err)"
[ "$(grep -c ', 4\]$' resume.txt)" -eq 50 ] && [ "$(wc -l <resume.txt)" -eq 50 ] && ok ||
  bad "the resumed counts do not continue from 3: $(head -3 resume.txt)"

# 2. 300000 keys twice: more than Java holds at once.
rows 0 599999 300000 >clicks.json
script many.sql "SET 'ptfhost.state.stats' = 'true';"
"$PTFHOST" run many.sql >many.txt 2>many.err && ok || bad "many keys: $(head -3 many.err)"
ones=$(grep -c ', 1\]$' many.txt) twos=$(grep -c ', 2\]$' many.txt)
[ "$ones" -eq 300000 ] && [ "$twos" -eq 300000 ] && ok || bad "many keys: $ones rows count 1 and $twos count 2"
grep -q "300000 values" many.err && ok || bad "the state stats miss values Java held: $(cat many.err)"
# every key's value was held, so each came back at least once (the option does hold)
back=$(sed -n 's/.*; \([0-9]*\) values written back from Java$/\1/p' many.err)
[ "${back:-0}" -ge 300000 ] && ok || bad "Java wrote back ${back:-no} values, not every key's: $(cat many.err)"

echo "run_state_held_in_java: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# A filesystem sink never writes through a symbolic link planted where its
# in-progress file goes: the file is created exclusively (O_EXCL|O_NOFOLLOW)
# under a random name, so the link's target stays untouched and the sink's
# target ends up a regular file with the rows. The link is planted at the name
# a pid-based scheme would use (`exec` keeps the shell's pid).
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
cd "$W" || exit 1
mkdir out
printf '%s\n' '{"id": 1}' '{"id": 2}' >in.json
printf 'precious\n' >victim
cat >write.sql <<'SQL'
CREATE TABLE src (id INT) WITH ('connector' = 'filesystem', 'path' = 'in.json', 'format' = 'json');
CREATE TABLE sink (id INT) WITH ('connector' = 'filesystem', 'path' = 'out/part-0.json', 'format' = 'json');
INSERT INTO sink SELECT * FROM src;
SQL
bash -c 'for n in "out/part-0.json.inprogress.$$" "out/.part-0.json.inprogress.$$"; do ln -s ../victim "$n"; done
         exec "$0" run write.sql' "$PTFHOST" >out.txt 2>&1; rc=$?
[ $rc -eq 0 ] && ok || bad "the job failed (exit $rc): $(cat out.txt)"
[ "$(cat victim)" = precious ] && ok || bad "the link's target was overwritten: $(head -3 victim)"
[ -f out/part-0.json ] && [ ! -L out/part-0.json ] && ok || bad "out/part-0.json is not a regular file: $(ls -la out)"
[ "$(cat out/part-0.json 2>/dev/null)" = $'{"id":1}\n{"id":2}' ] && ok || bad "rows: $(cat out/part-0.json 2>&1)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

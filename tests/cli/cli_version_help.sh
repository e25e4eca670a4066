#!/usr/bin/env bash
# CLI polish: --version, `help COMMAND` and --help on every command, the
# nearest valid option or command for a typo, and a PTF argument name the
# function does not have reported with the names it has (one that differs
# only in case rejected with Calcite's "did you mean").
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

"$PTFHOST" --version >"$W/v" 2>&1 || bad "--version failed"
grep -qE '^ptfhost [0-9]+\.[0-9]+\.[0-9]+$' "$W/v" || bad "--version: no ptfhost version: $(cat "$W/v")"
grep -qF 'Flink PTF API: 2.1, 2.2, 2.3' "$W/v" || bad "--version: no Flink API versions"
grep -qE '^JVM: ' "$W/v" || bad "--version: no JVM line"

for cmd in broker describe init run test; do
  "$PTFHOST" help "$cmd" >"$W/h1" 2>&1 || bad "help $cmd failed"
  "$PTFHOST" "$cmd" --help >"$W/h2" 2>&1 || bad "$cmd --help failed"
  grep -qF "usage: ptfhost $cmd" "$W/h1" || bad "help $cmd: $(cat "$W/h1")"
  cmp -s "$W/h1" "$W/h2" || bad "help $cmd differs from $cmd --help"
done
"$PTFHOST" help >"$W/h" 2>&1 && grep -qF 'init ' "$W/h" || bad "help: no command list"
for a in --help help; do   # help's own help is the command list
  "$PTFHOST" help $a >"$W/h" 2>&1 && grep -qF 'init ' "$W/h" || bad "help $a: $(cat "$W/h")"
done

"$PTFHOST" run --fromat tableau job.sql >/dev/null 2>"$W/o"
[ $? -eq 2 ] || bad "unknown option: exit code"
grep -qF "unknown option '--fromat'; did you mean '--format'?" "$W/o" || bad "unknown option: $(cat "$W/o")"
"$PTFHOST" test --updte x >/dev/null 2>"$W/o"
grep -qF "did you mean '--update'?" "$W/o" || bad "unknown test option: $(cat "$W/o")"
"$PTFHOST" run --zzzzzzzz job.sql >/dev/null 2>"$W/o"
grep -qF "unknown option '--zzzzzzzz' (see 'ptfhost run --help')" "$W/o" || bad "far option: $(cat "$W/o")"
"$PTFHOST" rnu >/dev/null 2>"$W/o"
grep -qF "unknown command 'rnu'; did you mean 'run'?" "$W/o" || bad "unknown command: $(cat "$W/o")"

cat >"$W/args.sql" <<SQL
CREATE FUNCTION long_views AS 'com.example.LongViews' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING, view_time INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1');
SELECT * FROM long_views(input => TABLE clicks, min_viewtime => 100);
SQL
"$PTFHOST" run "$W/args.sql" >/dev/null 2>"$W/o" && bad "misspelt argument: succeeded"
grep -qF "Missing argument 'min_view_time' (INT NOT NULL) of function 'long_views'" "$W/o" || bad "args: $(cat "$W/o")"
grep -qF "Unknown argument 'min_viewtime': function 'long_views' has the arguments input, min_view_time, on_time \
and uid." "$W/o" || bad "args: $(cat "$W/o")"
# A name that differs from a parameter only in case fails as Calcite fails it, with the names.
sed 's/min_viewtime/MIN_VIEW_TIME/' "$W/args.sql" >"$W/case.sql"
"$PTFHOST" run "$W/case.sql" >/dev/null 2>"$W/o" && bad "name in wrong case: succeeded"
grep -qF "Param 'MIN_VIEW_TIME' not found in function 'long_views'; did you mean 'min_view_time'?" "$W/o" ||
  bad "case: $(cat "$W/o")"
grep -qF "function 'long_views' has the arguments input, min_view_time, on_time and uid." "$W/o" ||
  bad "case: $(cat "$W/o")"
[ "$fail" -eq 0 ] && echo "cli: ok"
exit "$fail"

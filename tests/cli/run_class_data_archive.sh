#!/usr/bin/env bash
# ptfhost run maps the class-data-sharing archive build.sh dumps (java/ptfhost.jsa)
# with the classes a job loads, not only describe's: the runner's, the codec's and
# ASM's classes come from it, and all but a few dozen of the start's classes
# (the user JAR's and generated ones: lambda forms, proxies, the bridge's ASM-made classes).
set -uo pipefail
P=${PTFHOST:?}
B=${PTFHOST_BUILD:?}
fail=0
say_fail() { echo "FAIL: $*"; fail=1; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
[ -f "$B/java/ptfhost.jsa" ] || { echo "FAIL: $B/java/ptfhost.jsa not built (./build.sh)"; exit 1; }

echo '{"user_id": 7, "url": "/a"}' >"$W/in.json"
cat >"$W/job.sql" <<SQL
CREATE FUNCTION f AS 'com.example.CountClicks' USING JAR '$B/compat/seeds.jar';
CREATE TABLE src (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'in.json', 'format' = 'json');
SELECT * FROM f(input => TABLE src PARTITION BY user_id);
SQL
PTFHOST_HOME=$B PTFHOST_JVM_OPTS="-Xlog:class+load:file=$W/load.log" "$P" run "$W/job.sql" >"$W/out" 2>"$W/err"
rc=$?
[ $rc -eq 0 ] || say_fail "exit $rc: $(head -c 500 "$W/err")"
[ -s "$W/err" ] && say_fail "stderr: $(head -c 500 "$W/err")"
[ "$(cat "$W/out")" = "+I[7, /a, 1]" ] || say_fail "output: $(head -c 200 "$W/out")"
for c in io.ptfhost.bridge.runtime.FunctionRuntime io.ptfhost.bridge.codec.CompositeCodec org.objectweb.asm.ClassWriter; do
  grep -q "\] $c source: shared objects file" "$W/load.log" || say_fail "$c does not come from the archive"
done
outside=$(grep 'class,load' "$W/load.log" | grep -vc 'source: shared objects file')
# today 21 (lambda forms, annotation proxies, the seed's and the bridge's generated classes)
[ "$outside" -le 60 ] || say_fail "$outside classes loaded from outside the archive, want at most 60"

[ $fail = 0 ] && echo "PASS: run maps the job's classes from the class-data-sharing archive"
exit $fail

#!/usr/bin/env bash
# The JVM's limits: SET 'ptfhost.jvm.heap' / 'ptfhost.jvm.metaspace' (or the
# environment's PTFHOST_JVM_HEAP / PTFHOST_JVM_METASPACE) become -Xmx and
# -XX:MaxMetaspaceSize, JIT compiler threads are bounded to 2; a job's JVM has
# the serial collector and a young generation of 32 MiB, a quarter of a heap
# under 128 MiB, and PTFHOST_JVM_OPTS overrides either (options the JVM refuses
# together are named on stderr); a malformed size and a SET after the JVM
# started are errors at the statement. The JVM's own flag
# table (-XX:+PrintFlagsFinal, printed while it starts) shows what it got.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SEEDS=$PTFHOST_BUILD/compat/seeds.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; head -c 2000 "$W/err"; }

echo '{"k": 1, "temperature": 2.0}' >"$W/r.json"
job() {   # job SET-LINES...
  { [ $# -eq 0 ] || printf '%s\n' "$@"
    cat <<SQL
CREATE FUNCTION Median AS 'com.example.Median' USING JAR '$SEEDS';
CREATE TABLE r (k INT, temperature DOUBLE) WITH ('connector' = 'filesystem', 'path' = 'r.json', 'format' = 'json');
SELECT * FROM Median(input => TABLE r PARTITION BY k, numTrailing => 3);
SQL
  } >"$W/job.sql"
}
flag() { grep -E "^ *[a-z_]+ +$1 +=" "$W/err" | awk '{ print $4, $6 }'; }   # value and origin

job "SET 'ptfhost.jvm.heap' = '96m';" "SET 'ptfhost.jvm.metaspace' = '64m';"
PTFHOST_JVM_OPTS=-XX:+PrintFlagsFinal "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
if [ $? -eq 0 ] && [ "$(cat "$W/out")" = "+I[1, 2.0, 2.0]" ] && [ "$(flag MaxHeapSize)" = "100663296 {command" ] &&
   [ "$(flag MaxMetaspaceSize)" = "67108864 {command" ] && [ "$(flag CICompilerCount)" = "2 {command" ]; then ok
else bad "SET heap and metaspace reach the JVM"; fi

job
PTFHOST_JVM_HEAP=80m PTFHOST_JVM_METASPACE=48m PTFHOST_JVM_OPTS=-XX:+PrintFlagsFinal \
  "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
if [ $? -eq 0 ] && [ "$(flag MaxHeapSize)" = "83886080 {command" ] &&
   [ "$(flag MaxMetaspaceSize)" = "50331648 {command" ]; then ok
else bad "PTFHOST_JVM_HEAP and PTFHOST_JVM_METASPACE reach the JVM"; fi

job
PTFHOST_JVM_OPTS=-XX:+PrintFlagsFinal "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
if [ $? -eq 0 ] && [ "$(flag UseSerialGC)" = "true {command" ] && [ "$(flag NewSize)" = "33554432 {command" ] &&
   [ "$(flag MaxNewSize)" = "33554432 {command" ] && [ "$(flag Tier4InvocationThreshold)" = "15000 {command" ]; then ok
else bad "a job's JVM has the serial collector, a 32 MiB young generation and later C2"; fi

job "SET 'ptfhost.jvm.heap' = '64m';"
PTFHOST_JVM_OPTS=-XX:+PrintFlagsFinal "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
if [ $? -eq 0 ] && [ "$(flag NewSize)" = "16777216 {command" ] && ! grep -qE "\[warning\]|VM warning" "$W/err"; then ok
else bad "a small heap gets a quarter of it as young generation, without the JVM's warning"; fi

job
PTFHOST_JVM_OPTS="-Xmx16m -XX:+PrintFlagsFinal" "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
if [ $? -eq 0 ] && [ "$(flag NewSize)" = "4194304 {command" ] && ! grep -qE "\[warning\]|VM warning" "$W/err"; then ok
else bad "an -Xmx in PTFHOST_JVM_OPTS sizes the young generation too"; fi

job
PTFHOST_JVM_OPTS="-XX:+UseG1GC -XX:NewSize=8m -XX:+PrintFlagsFinal" "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
if [ $? -eq 0 ] && [ "$(flag UseG1GC)" = "true {command" ] && [ "$(flag NewSize)" = "8388608 {command" ] &&
   [ "$(flag MaxNewSize | cut -d' ' -f2)" != "{command" ] && ! grep -qE "\[warning\]|VM warning" "$W/err"; then ok
else bad "PTFHOST_JVM_OPTS overrides the collector and the young generation"; fi

job
PTFHOST_JVM_OPTS="-XX:+UseG1GC -XX:+UseParallelGC" "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
if [ $? -eq 1 ] && grep -qF "ptfhost: the JVM could not start: Error occurred during initialization of VM" "$W/err" &&
   grep -qF "Multiple garbage collectors selected (check PTFHOST_JVM_OPTS)" "$W/err"; then ok
else bad "options the JVM refuses together are named on stderr"; fi

job "SET 'ptfhost.jvm.heap' = '12x';"
"$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
if [ $? -ne 0 ] && grep -qF "1:26: 'ptfhost.jvm.heap' takes a JVM memory size such as 512m or 2g, got '12x'." "$W/err"
then ok; else bad "a malformed size is an error at its value"; fi

job
echo "SET 'ptfhost.jvm.metaspace' = '128m';" >>"$W/job.sql"
"$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
if [ $? -ne 0 ] && [ "$(cat "$W/out")" = "+I[1, 2.0, 2.0]" ] &&
   grep -qF "4:5: 'ptfhost.jvm.metaspace' must be set before the JVM starts" "$W/err"; then ok
else bad "a SET after the JVM started is an error"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

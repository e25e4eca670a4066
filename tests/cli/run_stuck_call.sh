#!/usr/bin/env bash
# The stuck-call watchdog: an eval that does not return is reported on
# stderr with the function, the key and the Java stack of the call, and the
# job keeps waiting ('ptfhost.watchdog.stuck-call-timeout'); with
# 'ptfhost.watchdog.stuck-call-limit' the call is stopped and the job fails.
# Nothing here depends on timing: the eval waits until the test has seen the
# report (the loops are hang guards).
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SHIM=$PTFHOST_BUILD/java/ptfhost-shim.jar
W=$(mktemp -d)
PID=""
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

mkdir -p "$W/src/fx" "$W/cls"
cat >"$W/src/fx/Waiter.java" <<'JAVA'
package fx;
import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;
import java.io.File;
import org.apache.flink.table.annotation.*;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
public class Waiter extends ProcessTableFunction<String> {
    public void eval(@ArgumentHint(SET_SEMANTIC_TABLE) Row input) throws Exception {
        String gate = input.getFieldAs("gate");
        if (gate != null) Lib.waitFor(new File(gate));
        collect("done " + input.getFieldAs("k"));
    }
}
JAVA
cat >"$W/src/fx/Lib.java" <<'JAVA'
package fx;
import java.io.File;
public class Lib {
    static void waitFor(File f) throws InterruptedException {
        while (!f.exists()) Thread.sleep(5);
    }
}
JAVA
javac --release 17 -parameters -nowarn -cp "$SHIM" -d "$W/cls" "$W"/src/fx/*.java || { echo "FAIL: javac"; exit 1; }
jar --create --file "$W/fx.jar" -C "$W/cls" . || exit 1

job() {   # job GATE_FILE SET...: key 1 returns at once, key 2 waits for GATE_FILE
  printf '%s\n' '{"k": 1}' "{\"k\": 2, \"gate\": \"$1\"}" >"$W/t.json"
  shift
  { for s in "$@"; do echo "SET $s;"; done
    cat <<SQL
CREATE FUNCTION waiter AS 'fx.Waiter' USING JAR '$W/fx.jar';
CREATE TABLE t (k INT, gate STRING) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
SELECT * FROM waiter(input => TABLE t PARTITION BY k);
SQL
  } >"$W/job.sql"
}

has() { grep -qF -- "$2" "$1" || { bad "$3: missing '$2' in $(cat "$1")"; return 1; }; }

# 1. report only: the job waits, the test sees the report, releases the call, the job succeeds.
job "$W/go" "'ptfhost.watchdog.stuck-call-timeout' = '50 ms'"
"$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err" &
PID=$!
for _ in $(seq 1200); do   # hang guard: 120 s
  grep -q "no progress" "$W/err" && break
  kill -0 "$PID" 2>/dev/null || break
  sleep 0.1
done
touch "$W/go"
wait "$PID"; rc=$?; PID=""
r=0
has "$W/err" "ptfhost: watchdog: function 'waiter' has made no progress for" report || r=1
has "$W/err" "key (2)" report_key || r=1
has "$W/err" "at fx.Lib.waitFor(Lib.java:5)" report_stack || r=1
has "$W/err" "at fx.Waiter.eval(Waiter.java:10)" report_stack || r=1
has "$W/err" "the job keeps waiting" report_waits || r=1
grep -q "FunctionRuntime" "$W/err" && { bad "the stack shows ptfhost's own frames"; r=1; }
[ $r -eq 0 ] && ok
[ "$rc" -eq 0 ] && has "$W/out" "done 2" waited_job_completes && ok || bad "the waited job: rc=$rc $(cat "$W/err")"

# 2. with a limit: the call is stopped and the job fails with the key, the option and the stack.
job "$W/never" "'ptfhost.watchdog.stuck-call-limit' = '100 ms'"
timeout 120 "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"   # hang guard
rc=$?
r=0
[ "$rc" -eq 1 ] || { bad "limit: rc=$rc, want 1"; r=1; }
has "$W/err" "stuck call stopped after" limit || r=1
has "$W/err" "'ptfhost.watchdog.stuck-call-limit' = '100 ms'" limit_option || r=1
has "$W/err" "function 'waiter' has made no progress" limit_function || r=1
has "$W/err" "key (2)" limit_key || r=1
has "$W/err" "at fx.Waiter.eval(Waiter.java:10)" limit_stack || r=1
[ $r -eq 0 ] && ok

# 3. a bad value is Flink's parse error
job "" "'ptfhost.watchdog.stuck-call-timeout' = 'soon'"
"$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"; rc=$?
[ "$rc" -ne 0 ] && has "$W/err" "Could not parse value 'soon' for key 'ptfhost.watchdog.stuck-call-timeout'" bad_value \
  && ok || bad "bad value: rc=$rc"

# 4. without the options nothing is reported (a quick job: its gate exists)
job "$W/fx.jar"
"$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"; rc=$?
[ "$rc" -eq 0 ] && ! grep -q watchdog "$W/err" && ok || bad "no options: rc=$rc $(cat "$W/err")"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

#!/usr/bin/env bash
# User code that tries to end the process (System.exit, Runtime.halt) in
# eval, open or a library eval calls, or in a static initialiser that
# describe runs: the job fails with ptfhost's exit code 1 and one error
# naming the function, the key and the Java stack of the call. Catching the
# exception in user code does not hide it.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SHIM=$PTFHOST_BUILD/java/ptfhost-shim.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0

mkdir -p "$W/src/fx" "$W/cls"
cat >"$W/src/fx/Quitter.java" <<'JAVA'
package fx;
import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;
import org.apache.flink.table.annotation.*;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
public class Quitter extends ProcessTableFunction<String> {
    public void eval(@ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        String how = input.getFieldAs("how");
        switch (how) {
            case "exit0": System.exit(0); break;
            case "exit3": System.exit(3); break;
            case "halt": Lib.stop(); break;
            case "swallow": try { System.exit(0); } catch (Throwable t) { } break;
            default: break;
        }
        collect("after " + how);
    }
}
JAVA
cat >"$W/src/fx/Lib.java" <<'JAVA'
package fx;
public class Lib {
    static void stop() { Runtime.getRuntime().halt(1); }
}
JAVA
cat >"$W/src/fx/OpenQuitter.java" <<'JAVA'
package fx;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.ProcessTableFunction;
public class OpenQuitter extends ProcessTableFunction<String> {
    @Override public void open(FunctionContext context) { System.exit(3); }
    public void eval(Integer x) { collect("x"); }
}
JAVA
cat >"$W/src/fx/StaticQuitter.java" <<'JAVA'
package fx;
import org.apache.flink.table.functions.ProcessTableFunction;
public class StaticQuitter extends ProcessTableFunction<String> {
    static { if (System.getProperty("fx.no.exit") == null) System.exit(0); }
    public void eval(Integer x) { collect("x"); }
}
JAVA
javac --release 17 -parameters -nowarn -cp "$SHIM" -d "$W/cls" "$W"/src/fx/*.java || { echo "FAIL: javac"; exit 1; }
jar --create --file "$W/fx.jar" -C "$W/cls" . || exit 1

# check NAME WANT_RC PATTERN... : exit code and every pattern in stdout+stderr
check() {
  local name=$1 want=$2; shift 2
  "$PTFHOST" "${CMD[@]}" >"$W/out" 2>"$W/err"
  local rc=$? ok=1
  [ "$rc" -eq "$want" ] || ok=0
  for p in "$@"; do grep -qF -- "$p" "$W/out" "$W/err" || { ok=0; echo "  missing: $p"; }; done
  if [ $ok -eq 1 ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL $name (rc=$rc, want $want)"; cat "$W/out" "$W/err" | head -30; fi
}

run_how() {   # run_how HOW: key 1 runs quietly, then key 2 does HOW; a later statement prints 'later'
  printf '%s\n' '{"k": 1, "how": "none"}' "{\"k\": 2, \"how\": \"$1\"}" >"$W/t.json"
  cat >"$W/job.sql" <<SQL
CREATE FUNCTION quitter AS 'fx.Quitter' USING JAR '$W/fx.jar';
CREATE TABLE t (k INT, how STRING) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
SELECT * FROM quitter(input => TABLE t PARTITION BY k);
SELECT 'later' AS s;
SQL
  CMD=(run "$W/job.sql")
}

STOPPED="attempted to end the process"
run_how exit0
check system_exit_0_in_eval_fails_the_job 1 "function 'quitter' failed in eval" "key (2)" \
  "System.exit(0)" "$STOPPED" "at java.base/java.lang.System.exit" "at fx.Quitter.eval(Quitter.java:10)" "+I[1, after none]"
grep -q WARNING "$W/err" && { fail=$((fail + 1)); echo "FAIL: the JVM warned: $(cat "$W/err")"; } || pass=$((pass + 1))
grep -qF later "$W/out" && { fail=$((fail + 1)); echo "FAIL: a statement after the failure ran"; } || pass=$((pass + 1))

run_how exit3
check system_exit_3_in_eval_fails_the_job 1 "function 'quitter' failed in eval" "key (2)" "System.exit(3)" \
  "at fx.Quitter.eval(Quitter.java:11)"

run_how halt
check runtime_halt_in_a_library_fails_the_job 1 "function 'quitter' failed in eval" "key (2)" \
  "Runtime.halt(1)" "at java.base/java.lang.Runtime.halt" "at fx.Lib.stop(Lib.java:3)" "at fx.Quitter.eval(Quitter.java:12)"

run_how swallow
check a_caught_exit_still_fails_the_job 1 "function 'quitter' failed in eval" "key (2)" "System.exit(0)" \
  "at fx.Quitter.eval(Quitter.java:13)"

cat >"$W/job.sql" <<SQL
CREATE FUNCTION oq AS 'fx.OpenQuitter' USING JAR '$W/fx.jar';
SELECT * FROM oq(x => 1);
SQL
CMD=(run "$W/job.sql")
check system_exit_in_open_fails_the_job 1 "fx.OpenQuitter" "System.exit(3)" "$STOPPED" \
  "at fx.OpenQuitter.open(OpenQuitter.java:5)"

# describe reads the class without initialising it (as Flink's extraction does not run it either)
CMD=(describe --jar "$W/fx.jar" --class fx.StaticQuitter)
check describe_of_a_static_initialiser_that_exits 0 "signature  StaticQuitter(x => INT"

cat >"$W/job.sql" <<SQL
CREATE FUNCTION sq AS 'fx.StaticQuitter' USING JAR '$W/fx.jar';
SELECT * FROM sq(x => 1);
SQL
CMD=(run "$W/job.sql")
check system_exit_in_a_static_initialiser_fails_the_job 1 "fx.StaticQuitter" "ExceptionInInitializerError" \
  "System.exit(0)" "$STOPPED" "at fx.StaticQuitter.<clinit>(StaticQuitter.java:4)"

# A JVM without the guard (the Security Manager disallowed, as on JDK 24): JNI's exit hook still
# turns the exit into a failure with a message.
run_how exit0
CMD=(run "$W/job.sql")
PTFHOST_JVM_OPTS=-Djava.security.manager=disallow check exit_without_guard_still_fails 1 \
  "Java code ended the process (System.exit or Runtime.halt with status 0)"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

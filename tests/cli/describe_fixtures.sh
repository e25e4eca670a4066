#!/usr/bin/env bash
# ptfhost describe on tiny PTFs compiled here with javac: the text form
# (Flink's signature line, columns, timers, changelog), --class, --json,
# folders, and an invalid class (Flink's message chain + one fix line, exit 1).
set -uo pipefail
P=${PTFHOST:?}
B=${PTFHOST_BUILD:?}
SHIM=$B/java/ptfhost-shim.jar
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
say_fail() { echo "FAIL: $*"; fail=1; }

mkdir -p "$T/src/fx" "$T/bad/fx" "$T/jars" "$T/cls" "$T/badcls"
cat >"$T/src/fx/Counter.java" <<'JAVA'
package fx;
import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;
import org.apache.flink.table.annotation.*;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
@DataTypeHint("ROW<name STRING, cnt BIGINT>")
public class Counter extends ProcessTableFunction<Row> {
    public static class CountState { public long count = 0L; }
    public void eval(@StateHint(ttl = "3 days") CountState seen, @ArgumentHint(SET_SEMANTIC_TABLE) Row input,
                     Integer threshold) {
        seen.count++;
        collect(Row.of(input.getFieldAs("name"), seen.count));
    }
}
JAVA
cat >"$T/src/fx/Echo.java" <<'JAVA'
package fx;
import static org.apache.flink.table.annotation.ArgumentTrait.*;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
public class Echo extends ProcessTableFunction<String> {
    public void eval(@ArgumentHint({ROW_SEMANTIC_TABLE, PASS_COLUMNS_THROUGH}) Row r) { collect(r.toString()); }
}
JAVA
cat >"$T/src/fx/Idle.java" <<'JAVA'
package fx;
import static org.apache.flink.table.annotation.ArgumentTrait.*;
import org.apache.flink.table.annotation.*;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
@DataTypeHint("ROW<alert STRING>")
public class Idle extends ProcessTableFunction<Row> {
    public void eval(Context ctx, @ArgumentHint({SET_SEMANTIC_TABLE, REQUIRE_ON_TIME}) Row input) {
        ctx.timeContext(Long.class).registerOnTime("idle", ctx.timeContext(Long.class).time() + 60000L);
    }
    public void onTimer(OnTimerContext ctx) { collect(Row.of("idle")); }
}
JAVA
# A state entry with neither @StateHint(name) nor bytecode names: Flink rejects it.
cat >"$T/bad/fx/Nameless.java" <<'JAVA'
package fx;
import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;
import org.apache.flink.table.annotation.*;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
public class Nameless extends ProcessTableFunction<Integer> {
    public static class S { public int n; }
    public void eval(@StateHint S s, @ArgumentHint(SET_SEMANTIC_TABLE) Row input) { collect(++s.n); }
}
JAVA
javac --release 17 -parameters -nowarn -cp "$SHIM" -d "$T/cls" "$T"/src/fx/*.java || { echo "FAIL: javac"; exit 1; }
javac --release 17 -g:none -nowarn -cp "$SHIM" -d "$T/badcls" "$T"/bad/fx/*.java || { echo "FAIL: javac bad"; exit 1; }
jar --create --file "$T/jars/good.jar" -C "$T/cls" . && jar --create --file "$T/jars/bad.jar" -C "$T/badcls" .

# has TEXT LINE: the output contains LINE exactly (as a whole line).
has() { grep -qxF -- "$2" <<<"$1" || say_fail "missing line: [$2]"; }
contains() { [[ "$1" == *"$2"* ]] || say_fail "missing text: [$2]"; }

# --- a valid JAR: every class, exit 0 ---------------------------------------
out=$("$P" describe --jar "$T/jars/good.jar" 2>"$T/err"); rc=$?
[ $rc = 0 ] || say_fail "good.jar: exit $rc: $(cat "$T/err")"
has "$out" "fx.Counter"
has "$out" "  signature  Counter(input => {TABLE, SET SEMANTIC TABLE}, threshold => INT, on_time => DESCRIPTOR, uid => STRING)"
has "$out" "  columns    <PARTITION BY columns of input> | name STRING | cnt BIGINT | [rowtime]"
has "$out" "  on_timer   no"
has "$out" "  changelog  in: input insert-only; out: insert-only"
contains "$out" "  state      seen  value"
contains "$out" "ttl: 3 d"
has "$out" "  signature  Echo(r => {TABLE, ROW SEMANTIC TABLE, PASS COLUMNS THROUGH}, on_time => DESCRIPTOR, uid => STRING)"
has "$out" "  columns    <all columns of r> | EXPR\$0 STRING | [rowtime]"
has "$out" "  signature  Idle(input => {TABLE, SET SEMANTIC TABLE, REQUIRE ON TIME}, on_time => DESCRIPTOR, uid => STRING)"
has "$out" "  on_timer   yes (with OnTimerContext)"
has "$out" "  columns    <PARTITION BY columns of input> | alert STRING | rowtime"
has "$out" "3 functions: 3 valid, 0 invalid"

# --- --class picks one ---------------------------------------------------------
out=$("$P" describe --jar "$T/jars/good.jar" --class fx.Echo 2>&1); rc=$?
[ $rc = 0 ] || say_fail "--class fx.Echo: exit $rc: $out"
has "$out" "fx.Echo"
[[ "$out" != *"fx.Counter"* ]] || say_fail "--class fx.Echo also printed fx.Counter"

out=$("$P" describe --jar "$T/jars/good.jar" --class fx.Nope 2>&1); rc=$?
[ $rc = 2 ] || say_fail "--class fx.Nope: exit $rc, want 2: $out"
contains "$out" "fx.Nope"

# --- an invalid class: Flink's chain, then one fix line, exit 1 --------------
out=$("$P" describe --jar "$T/jars/bad.jar" 2>&1); rc=$?
[ $rc = 1 ] || say_fail "bad.jar: exit $rc, want 1: $out"
has "$out" "fx.Nameless  INVALID"
has "$out" "Could not extract a valid type inference for function class 'fx.Nameless'. Please check for implementation mistakes and/or provide a corresponding hint."
has "$out" "Unable to extract names for all state entries."
[ "$(grep -c '^fix: ' <<<"$out")" = 1 ] || say_fail "bad.jar: want exactly one 'fix:' line: $out"

# --- a folder means every JAR in it; --json is the document as returned --------
out=$("$P" describe --jar "$T/jars" --json 2>&1); rc=$?
[ $rc = 1 ] || say_fail "folder --json: exit $rc, want 1 (bad.jar is in it)"
n=$(jq '.functions | length' <<<"$out") || say_fail "--json output is not JSON: $out"
[ "$n" = 4 ] || say_fail "folder --json: $n functions, want 4"
[ "$(jq -r '[.functions[] | select(.valid == false) | .class] | join(",")' <<<"$out")" = fx.Nameless ] ||
  say_fail "folder --json: the invalid class is not fx.Nameless"
[ "$(jq '.jars | length' <<<"$out")" = 2 ] || say_fail "folder --json: want 2 jars"

exit $fail

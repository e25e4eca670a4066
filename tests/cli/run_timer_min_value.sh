#!/usr/bin/env bash
# A timer registered at Long.MIN_VALUE behaves as in Flink: accepted, it
# fires at the first watermark advance, onTimer's time() is Long.MIN_VALUE
# (not null) and the output's rowtime column holds that time (not NULL).
# A row without an on_time value keeps a null time() and a NULL rowtime.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SHIM=$PTFHOST_BUILD/java/ptfhost-shim.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

mkdir -p "$W/src/fx" "$W/cls"
cat >"$W/src/fx/MinTimer.java" <<'JAVA'
package fx;
import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;
import org.apache.flink.table.annotation.*;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
@DataTypeHint("ROW<what STRING, t STRING>")
public class MinTimer extends ProcessTableFunction<Row> {
    public void eval(Context ctx, @ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        TimeContext<Long> tc = ctx.timeContext(Long.class);
        collect(Row.of("eval", String.valueOf(tc.time())));
        tc.registerOnTime("min", Long.MIN_VALUE);
    }
    public void onTimer(OnTimerContext ctx) {
        collect(Row.of("timer " + ctx.currentTimer(), String.valueOf(ctx.timeContext(Long.class).time())));
    }
}
JAVA
javac --release 17 -parameters -nowarn -cp "$SHIM" -d "$W/cls" "$W"/src/fx/*.java || { echo "FAIL: javac"; exit 1; }
jar --create --file "$W/fx.jar" -C "$W/cls" . || exit 1

printf '%s\n' '{"k": 1, "ts": "1970-01-01 00:00:01Z"}' >"$W/t.json"
printf '%s\n' '{"k": 1, "ts": null}' >"$W/n.json"
cat >"$W/job.sql" <<SQL
CREATE FUNCTION min_timer AS 'fx.MinTimer' USING JAR '$W/fx.jar';
CREATE TABLE t (k INT, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts)
  WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
CREATE TABLE n (k INT, ts TIMESTAMP_LTZ(3))
  WITH ('connector' = 'filesystem', 'path' = 'n.json', 'format' = 'json');
SELECT * FROM min_timer(input => TABLE t PARTITION BY k, on_time => DESCRIPTOR(ts));
SELECT * FROM min_timer(input => TABLE n PARTITION BY k);
SQL
"$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
rc=$?
[ $rc -eq 0 ] && ok || bad "exit $rc: $(cat "$W/err")"
has() { grep -qxF -- "$1" "$W/out" && ok || bad "missing line [$1] in: $(cat "$W/out")"; }
has '+I[1, eval, 1000, 1970-01-01T00:00:01Z]'
# the timer: time() is Long.MIN_VALUE and the rowtime is that instant, not NULL
line=$(grep -F 'timer min' "$W/out" | head -1)
[ "${line#+I[1, timer min, -9223372036854775808, }" != "$line" ] && ok || bad "onTimer time(): [$line]"
[ -n "$line" ] && [[ "$line" != *", null]" ]] && ok || bad "timer rowtime is NULL: [$line]"
# no on_time: eval's time() stays null; the timer still reports its own time
has '+I[1, eval, null]'
has '+I[1, timer min, -9223372036854775808]'
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

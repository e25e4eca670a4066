#!/usr/bin/env bash
# 'ptfhost.state.max-bytes-per-call': a call whose state grows past the cap
# fails with the function, the entry and the option; under the cap (or
# without it) the same job runs to the end.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SHIM=$PTFHOST_BUILD/java/ptfhost-shim.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

mkdir -p "$W/src/fx" "$W/cls"
cat >"$W/src/fx/Hoarder.java" <<'JAVA'
package fx;
import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;
import org.apache.flink.table.annotation.*;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
public class Hoarder extends ProcessTableFunction<Integer> {
    public void eval(@StateHint(type = @DataTypeHint("ROW<s STRING>")) Row hoard,
                     @ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        String s = hoard.getFieldAs("s");
        s = (s == null ? "" : s) + "0123456789";
        hoard.setField("s", s);
        collect(s.length());
    }
}
JAVA
javac --release 17 -parameters -nowarn -cp "$SHIM" -d "$W/cls" "$W"/src/fx/*.java || { echo "FAIL: javac"; exit 1; }
jar --create --file "$W/fx.jar" -C "$W/cls" . || exit 1
for i in $(seq 20); do echo '{"k": 1}'; done >"$W/t.json"

job() {   # job [SET-VALUE]
  { [ -n "${1:-}" ] && echo "SET 'ptfhost.state.max-bytes-per-call' = '$1';"
    cat <<SQL
CREATE FUNCTION hoarder AS 'fx.Hoarder' USING JAR '$W/fx.jar';
CREATE TABLE t (k INT) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
SELECT * FROM hoarder(input => TABLE t PARTITION BY k);
SQL
  } >"$W/job.sql"
  "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"
}

job ""
rc=$?
[ "$rc" -eq 0 ] && grep -qF "+I[1, 200]" "$W/out" && ok || bad "no cap: rc=$rc $(cat "$W/err")"

job "1 kb"
rc=$?
[ "$rc" -eq 0 ] && grep -qF "+I[1, 200]" "$W/out" && ok || bad "under the cap: rc=$rc $(cat "$W/err")"

job "100"
rc=$?
if [ "$rc" -eq 1 ] && grep -qF "function 'hoarder' holds" "$W/err" && grep -qF "state entry 'hoard'" "$W/err" \
   && grep -qF "more than the 100 bytes 'ptfhost.state.max-bytes-per-call' allows" "$W/err"; then ok
else bad "over the cap: rc=$rc $(cat "$W/err")"; fi

job "lots"
rc=$?
[ "$rc" -ne 0 ] && grep -qF "Could not parse value 'lots' for key 'ptfhost.state.max-bytes-per-call'" "$W/err" \
  && ok || bad "bad value: rc=$rc $(cat "$W/err")"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

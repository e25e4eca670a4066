#!/usr/bin/env bash
# A POJO state entry evolves across a restore (docs/checkpoints.md, Restore
# checks), as Flink's PojoSerializer allows, matched by field name:
# - a nullable field added restores as NULL, the old fields keep their values;
# - a field removed restores, its values dropped;
# - a field whose type changed fails with the entry, the old and the new
#   type, and what would be compatible.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SHIM=$PTFHOST_BUILD/java/ptfhost-shim.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
cd "$W" || exit 1

# jar NAME FIELDS RESULT: fx.Counter with the POJO state fx.Acc of FIELDS,
# emitting RESULT per row (after counting n).
jar_of() {
  mkdir -p "src/$1/fx" "cls/$1"
  cat >"src/$1/fx/Acc.java" <<JAVA
package fx;
public class Acc { $2 }
JAVA
  cat >"src/$1/fx/Counter.java" <<JAVA
package fx;
import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;
import org.apache.flink.table.annotation.*;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
public class Counter extends ProcessTableFunction<String> {
    public void eval(@StateHint Acc acc, @ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        $3
    }
}
JAVA
  javac --release 17 -parameters -nowarn -cp "$SHIM" -d "cls/$1" "src/$1"/fx/*.java || { echo "FAIL: javac $1"; exit 1; }
  jar --create --file "$1.jar" -C "cls/$1" . || exit 1
}
jar_of v1 'public Long n; public String last;' \
  'acc.n = acc.n == null ? 1 : acc.n + 1; acc.last = input.getFieldAs("url"); collect(acc.n + "/" + acc.last);'
jar_of v2 'public Long n; public String last; public String note;' \
  'acc.n = acc.n + 1; collect(acc.n + "/" + acc.last + "/" + acc.note); acc.note = "seen";'
jar_of v3 'public Long n; public String note;' 'acc.n = acc.n + 1; collect(acc.n + "/" + acc.note);'
jar_of v4 'public String n; public String note;' 'collect(acc.n);'

run() {   # run VERSION: resume the job with that JAR
  cat >job.sql <<SQL
SET 'execution.checkpointing.interval' = '20 ms';
SET 'execution.checkpointing.dir' = 'ckpts';
CREATE FUNCTION counter AS 'fx.Counter' USING JAR '$W/$1.jar';
CREATE TABLE clicks (k INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');
SELECT * FROM counter(input => TABLE clicks PARTITION BY k, uid => 'counter');
SQL
  "$PTFHOST" run --resume job.sql >"$1.out" 2>"$1.err"
}
add() { echo "{\"k\": 1, \"url\": \"$1\"}" >>clicks.json; }

add p1; add p2
run v1 && ok || bad "v1: $(cat v1.err)"
printf '+I[1, 1/p1]\n+I[1, 2/p2]\n' | diff - v1.out >/dev/null && ok || bad "v1 output: $(cat v1.out)"

add p3
run v2 && ok || bad "field added: $(cat v2.err)"
[ "$(cat v2.out)" = "+I[1, 3/p2/null]" ] && ok || bad "field added: not restored as NULL with the old fields: $(cat v2.out)"

add p4
run v3 && ok || bad "field removed: $(cat v3.err)"
[ "$(cat v3.out)" = "+I[1, 4/seen]" ] && ok || bad "field removed: $(cat v3.out)"

add p5
run v4 && bad "a field's changed type was accepted: $(cat v4.out)" || ok
if grep -qF "the state entry 'acc' of uid 'counter' changed type incompatibly" v4.err \
   && grep -qF 'holds value state of type ROW<`n` BIGINT, `note` VARCHAR(2147483647)>' v4.err \
   && grep -qF 'now declares value state of type ROW<`n` VARCHAR(2147483647), `note` VARCHAR(2147483647)>' v4.err \
   && grep -qF "Compatible changes: a ROW or POJO (a value, a list's elements, a map's values or keys) may gain nullable fields" v4.err; then ok
else bad "incompatible change message: $(cat v4.err)"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

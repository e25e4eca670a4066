#!/usr/bin/env bash
# The elements of ListView and MapView state evolve across a restore as a
# POJO value does (docs/checkpoints.md, Restore checks), by field name: a
# ListView<Acc>'s elements, a MapView<String, Acc>'s values and a
# MapView<Key, Long>'s POJO keys
# - gain a nullable field: the restored elements have it NULL;
# - lose a field: its values are dropped, the rest kept;
# - a removed key field that told keys apart fails (two entries would merge);
# - a field whose type changed fails with the entry, the old and the new type.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SHIM=$PTFHOST_BUILD/java/ptfhost-shim.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
cd "$W" || exit 1

# jar_of NAME ACC-FIELDS KEY-FIELDS SHOW-ACC SHOW-KEY ADD: fx.Keeper with a
# ListView<Acc>, a MapView<String, Acc> and a MapView<Key, Long>; per row it
# prints what the state holds (SHOW-ACC and SHOW-KEY render one), then runs
# ADD (a, k: the new element and key of the row's url u, count n).
jar_of() {
  mkdir -p "src/$1/fx" "cls/$1"
  printf 'package fx;\npublic class Acc { %s }\n' "$2" >"src/$1/fx/Acc.java"
  printf 'package fx;\npublic class Key { %s }\n' "$3" >"src/$1/fx/Key.java"
  cat >"src/$1/fx/Keeper.java" <<JAVA
package fx;
import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;
import java.util.*;
import org.apache.flink.table.annotation.*;
import org.apache.flink.table.api.dataview.*;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
public class Keeper extends ProcessTableFunction<String> {
    static String show(Acc x) { return $4; }
    static String show(Key x) { return $5; }
    public void eval(@StateHint ListView<Acc> list, @StateHint MapView<String, Acc> byUrl,
            @StateHint MapView<Key, Long> byKey, @ArgumentHint(SET_SEMANTIC_TABLE) Row input) throws Exception {
        List<String> l = new ArrayList<>(), m = new ArrayList<>(), k2 = new ArrayList<>();
        for (Acc x : list.get()) l.add(show(x));
        for (Map.Entry<String, Acc> e : byUrl.entries()) m.add(e.getKey() + "=" + show(e.getValue()));
        for (Map.Entry<Key, Long> e : byKey.entries()) k2.add(show(e.getKey()) + "=" + e.getValue());
        Collections.sort(m);
        Collections.sort(k2);
        collect("list " + l + " map " + m + " keys " + k2);
        long n = l.size() + 1;
        String u = input.getFieldAs("url");
        Acc a = new Acc();
        Key k = new Key();
        $6
        list.add(a);
        byUrl.put(u, a);
        byKey.put(k, n);
    }
}
JAVA
  javac --release 17 -parameters -nowarn -cp "$SHIM" -d "cls/$1" "src/$1"/fx/*.java || { echo "FAIL: javac $1"; exit 1; }
  jar --create --file "$1.jar" -C "cls/$1" . || exit 1
}
jar_of v1 'public Long n; public String url;' 'public String url; public Integer len;' \
  'x.n + "/" + x.url' 'x.url + "/" + x.len' 'a.n = n; a.url = u; k.url = u; k.len = u.length();'
jar_of v2 'public Long n; public String url; public String note;' 'public String url; public Integer len; public String tag;' \
  'x.n + "/" + x.url + "/" + x.note' 'x.url + "/" + x.len + "/" + x.tag' \
  'a.n = n; a.url = u; a.note = "new"; k.url = u; k.len = u.length(); k.tag = "t";'
jar_of v3 'public Long n; public String note;' 'public String url; public String tag;' \
  'x.n + "/" + x.note' 'x.url + "/" + x.tag' 'a.n = n; a.note = "v3"; k.url = u; k.tag = "t";'
jar_of v4 'public Long n; public String note;' 'public String tag;' 'x.n + "/" + x.note' 'x.tag' 'k.tag = u;'
jar_of v5 'public String n; public String note;' 'public String url; public String tag;' 'x.n' 'x.url' 'k.url = u;'

run() {   # run VERSION: resume the job with that JAR
  cat >job.sql <<SQL
SET 'execution.checkpointing.interval' = '20 ms';
SET 'execution.checkpointing.dir' = 'ckpts';
CREATE FUNCTION keeper AS 'fx.Keeper' USING JAR '$W/$1.jar';
CREATE TABLE clicks (k INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');
SELECT * FROM keeper(input => TABLE clicks PARTITION BY k, uid => 'keeper');
SQL
  "$PTFHOST" run --resume job.sql >"$1.out" 2>"$1.err"
}
add() { echo "{\"k\": 1, \"url\": \"$1\"}" >>clicks.json; }

add /a; add /bb
run v1 && ok || bad "v1: $(cat v1.err)"
printf '+I[1, list [] map [] keys []]\n+I[1, list [1//a] map [/a=1//a] keys [/a/2=1]]\n' | diff - v1.out >/dev/null && ok \
  || bad "v1 output: $(cat v1.out)"

add /ccc
run v2 && ok || bad "fields added: $(cat v2.err)"
want='+I[1, list [1//a/null, 2//bb/null] map [/a=1//a/null, /bb=2//bb/null] keys [/a/2/null=1, /bb/3/null=2]]'
[ "$(cat v2.out)" = "$want" ] && ok || bad "fields added: not restored as NULL beside the old fields: $(cat v2.out)"

add /dddd
run v3 && ok || bad "fields removed: $(cat v3.err)"
want='+I[1, list [1/null, 2/null, 3/new] map [/a=1/null, /bb=2/null, /ccc=3/new] keys [/a/null=1, /bb/null=2, /ccc/t=3]]'
[ "$(cat v3.out)" = "$want" ] && ok || bad "fields removed: $(cat v3.out)"

add /eeeee
run v4 && bad "map keys that became equal were merged: $(cat v4.out)" || ok
grep -qF "the state entry 'byKey' of uid 'keeper' does not evolve: two map keys of type" v4.err \
  && grep -qF "become the same key" v4.err && ok || bad "colliding keys message: $(cat v4.err)"

run v5 && bad "an element field's changed type was accepted: $(cat v5.out)" || ok
if grep -qF "the state entry 'list' of uid 'keeper' changed type incompatibly" v5.err \
   && grep -qF 'holds list state of type ARRAY<' v5.err \
   && grep -qF "a list's elements, a map's values or keys" v5.err; then ok
else bad "incompatible element message: $(cat v5.err)"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# "Validate for real projects": ptfhost describe and ptfhost test on PTFs that depend on third-party
# libraries (commons-lang3, ASM), shipped as a shaded fat JAR, as a folder of JARs (the PTFs' JAR
# next to the library's), and as a fat JAR that also bundles Flink API classes by mistake.
# The JARs come from compat/fatjar/build.sh (run by compat/build-jars.sh); the cases are
# compat/fatjar/fatjar.case.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"
export NO_COLOR=1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
out() { head -c 3000 "$WORK/out"; }
# describe_json LABEL ARGS...: runs describe --json, output in $WORK/out, exit status in $rc.
describe_json() {
  local label=$1; shift
  rc=0; "$PTFHOST" describe --json "$@" >"$WORK/out" 2>"$WORK/err" || rc=$?
  [ "$rc" = 0 ] && ok || bad "$label: describe exit $rc; stderr: $(head -c 2000 "$WORK/err")"
  jq -e . "$WORK/out" >/dev/null 2>&1 && ok || bad "$label: describe --json printed no JSON: $(out)"
}
# jq_is LABEL FILTER EXPECTED: the filter applied to $WORK/out prints EXPECTED (compact).
jq_is() {
  local got; got=$(jq -c "$2" "$WORK/out" 2>&1)
  [ "$got" = "$3" ] && ok || bad "$1: $2 is $got, expected $3"
}

FAT=$PTFHOST_BUILD/compat/fatjar
for f in fatjar.jar fatjar-flink.jar lib/product-titles.jar lib/commons-lang3.jar; do
  [ -f "$FAT/$f" ] || { echo "FAIL: $FAT/$f not built (compat/fatjar/build.sh, run by ./build.sh)"; exit 1; }
done

# The fixtures are what they claim: the fat JAR holds the library's classes next to the PTF, the
# thin JAR does not, and the Flink variant holds the decoy Flink classes.
jar --list --file "$FAT/fatjar.jar" >"$WORK/fat.list"
n_lang3=$(grep -c '^org/apache/commons/lang3/.*\.class$' "$WORK/fat.list")
[ "$n_lang3" -gt 100 ] && ok || bad "fatjar.jar holds $n_lang3 commons-lang3 classes"
grep -qx 'com/example/shop/ProductTitles.class' "$WORK/fat.list" && ok || bad "fatjar.jar lacks the PTF"
grep -qx 'org/objectweb/asm/ClassReader.class' "$WORK/fat.list" && ok || bad "fatjar.jar lacks ASM"
grep -q '^org/apache/flink/' "$WORK/fat.list" && bad "fatjar.jar bundles Flink classes" || ok
jar --list --file "$FAT/lib/product-titles.jar" | grep -q '^org/apache/commons/' && bad "product-titles.jar holds the library" || ok

# 1. describe on the fat JAR: exactly the two PTFs, none of the ~400 library classes, no warning.
describe_json "fat JAR" --jar "$FAT/fatjar.jar"
jq_is "fat JAR" '[.functions[] | {class, valid}]' '[{"class":"com.example.shop.ClassOrigins","valid":true},{"class":"com.example.shop.ProductTitles","valid":true}]'
jq_is "fat JAR" '.warnings' '[]'
PT='.functions[] | select(.class == "com.example.shop.ProductTitles")'
jq_is "fat JAR" "$PT | .arguments | map(.name)" '["input","max_width"]'
jq_is "fat JAR" "$PT | .output.type" '"ROW<`title` STRING, `short_title` STRING, `titles` BIGINT, `lang3_jar` STRING>"'
jq_is "fat JAR" "$PT | .state | map(.name)" '["seen"]'
jq_is "fat JAR" '.functions[] | select(.class == "com.example.shop.ClassOrigins") | .arguments | map(.name)' '["classNames"]'
n_lib=$(grep -c '^org/.*\.class$' "$WORK/fat.list")
[ "$n_lib" -gt 0 ] && ok || bad "the fat JAR bundles no library classes"

# 2. describe on the folder: both JARs are read, each PTF is found once.
describe_json "folder" --jar "$FAT/lib"
jq_is "folder" '.jars | map(split("/") | last)' '["commons-lang3.jar","product-titles.jar"]'
jq_is "folder" '[.functions[] | {class, valid}]' '[{"class":"com.example.shop.ClassOrigins","valid":true},{"class":"com.example.shop.ProductTitles","valid":true}]'
jq_is "folder" '.warnings' '[]'

# The text form names the PTF and nothing from the library.
rc=0; "$PTFHOST" describe --jar "$FAT/lib" >"$WORK/out" 2>&1 || rc=$?
[ "$rc" = 0 ] && ok || bad "folder (text): exit $rc: $(out)"
grep -qx 'com.example.shop.ProductTitles' "$WORK/out" && ok || bad "folder (text): PTF not listed: $(out)"
grep -qx '2 functions: 2 valid, 0 invalid' "$WORK/out" && ok || bad "folder (text): not 2 valid functions: $(out)"
grep -q 'org.apache.commons' "$WORK/out" && bad "folder (text): library classes listed: $(out)" || ok

# 3. A fat JAR bundling Flink API classes: describe warns, names the count and the fix, and the
# function still describes (the shim's classes are used).
describe_json "bundled Flink" --jar "$FAT/fatjar-flink.jar"
jq_is "bundled Flink" '.warnings | length' '1'
jq_is "bundled Flink" '.warnings[0] | test("fatjar-flink.jar bundles 2 Flink API class file\\(s\\)")' 'true'
jq_is "bundled Flink" '.warnings[0] | test("the shim.s copies are used instead") and test("<scope>provided</scope>")' 'true'
jq_is "bundled Flink" '[.functions[] | {class, valid}]' '[{"class":"com.example.shop.ClassOrigins","valid":true},{"class":"com.example.shop.ProductTitles","valid":true}]'
rc=0; "$PTFHOST" describe --jar "$FAT/fatjar-flink.jar" >"$WORK/out" 2>&1 || rc=$?
grep -q '^warning: .*fatjar-flink.jar bundles 2 Flink API class file(s)' "$WORK/out" && ok ||
  bad "bundled Flink (text): no warning line: $(out)"

# The decoys really fail when loaded: a JVM that resolves org.apache.flink.types.Row from
# fatjar-flink.jar alone hits the decoy (so the passing case below proves the shim's Row was used).
cat >"$WORK/Probe.java" <<'EOF'
public class Probe {
    public static void main(String[] args) throws Exception {
        try {
            Class.forName("org.apache.flink.types.Row", true, Probe.class.getClassLoader());
            System.out.println("decoy loaded without failing");
        } catch (ExceptionInInitializerError e) {
            System.out.println("decoy: " + e.getCause().getMessage());
        }
    }
}
EOF
java -cp "$FAT/fatjar-flink.jar" "$WORK/Probe.java" >"$WORK/out" 2>&1
grep -qF "decoy: the bundled org.apache.flink.types.Row of the user's JAR was loaded" "$WORK/out" && ok ||
  bad "the decoy Row does not fail when loaded: $(out)"

# 4. ptfhost test runs the PTFs from each packaging; each row names the JAR a class came from.
CASES=$PTFHOST_ROOT/compat/fatjar/fatjar.case
rc=0; "$PTFHOST" test --junit "$WORK/fat.xml" "$CASES" >"$WORK/out" 2>&1 || rc=$?
n=$(grep -c '^-- case:' "$CASES")
[ "$rc" = 0 ] && ok || bad "fatjar.case: exit $rc: $(out)"
[ "$(tail -n 1 "$WORK/out")" = "$n passed, 0 failed" ] && ok || bad "fatjar.case: $(out)"
# The rows that prove the library ran from the user's JARs are the cases' expectations; make sure
# each packaging's case is there with the JAR name it must print.
for jar in fatjar.jar commons-lang3.jar fatjar-flink.jar; do
  grep -qF "Creme brulee torc..., 1, $jar]" "$CASES" && ok || bad "fatjar.case: no expected row from $jar"
done
grep -qF 'java.lang.NoClassDefFoundError: org/apache/commons/lang3/StringUtils' "$CASES" && ok ||
  bad "fatjar.case: the thin-JAR case does not expect NoClassDefFoundError"
# Flink's API always from the shim, even from the JAR bundling decoys; ASM from the user's JAR in
# the fat JAR and invisible from the folder (so the bridge's copy never leaks into user code).
for row in '+I[org.apache.flink.types.Row, ptfhost-shim.jar]' '+I[org.objectweb.asm.ClassReader, fatjar.jar]' \
           '+I[org.objectweb.asm.ClassReader, not visible]' '+I[io.ptfhost.bridge.Bridge, not visible]'; do
  grep -qxF "$row" "$CASES" && ok || bad "fatjar.case: no expected row $row"
done
[ "$(grep -cxF '+I[org.apache.flink.types.Row, ptfhost-shim.jar]' "$CASES")" = 3 ] && ok ||
  bad "fatjar.case: Row must come from the shim in all three class-loading cases"
grep -q 'failures="0" errors="0"' "$WORK/fat.xml" && ok || bad "fatjar.case: JUnit reports failures"

echo "fatjar: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

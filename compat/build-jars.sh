#!/usr/bin/env bash
# Builds the compat fixture JARs into BUILD/compat/, compiled against the shim
# (BUILD/java/ptfhost-shim.jar) exactly as a user compiles against flink-table-common:
#
#   seeds.jar        compat/seeds   javac -parameters   (names from the MethodParameters attribute)
#   seeds-g.jar      compat/seeds   javac -g            (names only from the LocalVariableTable)
#   seeds-plain.jar  compat/seeds   javac               (plain javac: -g:source,lines, no names at all)
#   errors.jar       compat/errors  javac -parameters   (one bad-input PTF per Flink rejection)
#   demo.jar         compat/demo    javac -parameters   (the PTF of the README's demo job)
#   fixtures.jar     compat/fixtures javac -parameters  (PTFs for runner tests and benchmarks: Fragile, TimerBench)
#   ptfs.jar         compat/ptfs    javac -parameters   (ports of Flink's PTF test programs; cases in compat/cases)
#   tableapi.jar     compat/tableapi javac -parameters  (Flink's Table API PTF programs as main classes, with the
#                                   compat/ptfs PTFs they call: an app JAR; compat/tableapi/run.sh runs them)
#   udfs.jar         compat/udfs    javac -parameters   (scalar UDFs; a table and an aggregate function compiled
#                                   against compat/udfs/stubs, which are not packaged)
#   bench10.jar      = seeds.jar    (the 10 seed PTFs; input of bench/describe.sh)
#   fatjar/          compat/fatjar  a PTF using commons-lang3: shaded fat JAR, folder of JARs, fat JAR
#                                   bundling Flink API classes (compat/fatjar/build.sh, own up-to-date check)
#
# One javac per JAR, run in parallel; skipped when every JAR is newer than its inputs.
set -euo pipefail
BUILD=${1:?usage: build-jars.sh BUILD_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$BUILD/compat
SHIM=$BUILD/java/ptfhost-shim.jar
RELEASE=17

die() { echo "build-jars.sh: $*" >&2; exit 1; }
[ -f "$SHIM" ] || die "shim JAR $SHIM not found (build javashim first: ./build.sh)"
command -v javac >/dev/null || die "javac not found (install openjdk-17-jdk-headless)"
command -v jar >/dev/null || die "jar not found (install openjdk-17-jdk-headless)"

JARS=(seeds seeds-g seeds-plain errors demo ptfs fixtures tableapi udfs bench10)

"$HERE/fatjar/build.sh" "$BUILD"

up_to_date() {
  local j
  for j in "${JARS[@]}"; do
    [ -f "$OUT/$j.jar" ] || return 1
    # any input newer than this JAR?
    [ -z "$(find "$HERE/seeds" "$HERE/errors" "$HERE/demo" "$HERE/ptfs" "$HERE/fixtures" "$HERE/tableapi" "$HERE/udfs" "$SHIM" "$HERE/build-jars.sh" \
              -newer "$OUT/$j.jar" -print -quit)" ] || return 1
  done
}
if up_to_date; then exit 0; fi

TMP=$OUT/tmp
rm -rf "$TMP"
mkdir -p "$TMP"

# build NAME SRC_DIR [javac flags...]: compile SRC_DIR/src into TMP/NAME and jar it as OUT/NAME.jar.
# javac's output goes to TMP/NAME.log; the caller reports failures.
build() {
  local name=$1 src=$2; shift 2
  local classes=$TMP/$name
  mkdir -p "$classes"
  find "$HERE/$src/src" -name '*.java' | sort >"$TMP/$name.sources"
  if [ ! -s "$TMP/$name.sources" ]; then echo "no sources in compat/$src/src" >"$TMP/$name.log"; return 1; fi
  javac --release "$RELEASE" "$@" -encoding UTF-8 -Xlint:none -nowarn \
        -cp "$SHIM" -d "$classes" @"$TMP/$name.sources" >"$TMP/$name.log" 2>&1 &&
  jar --create --file "$OUT/$name.jar.new" -C "$classes" . >>"$TMP/$name.log" 2>&1 &&
  mv -f "$OUT/$name.jar.new" "$OUT/$name.jar"
}

names=(seeds seeds-g seeds-plain errors demo ptfs fixtures tableapi udfs)
build seeds       seeds -parameters  & pids=($!)
build seeds-g     seeds -g           & pids+=($!)
build seeds-plain seeds              & pids+=($!)
build errors      errors -parameters & pids+=($!)
build demo        demo -parameters   & pids+=($!)
build ptfs        ptfs -parameters   & pids+=($!)
build fixtures    fixtures -parameters & pids+=($!)
build tableapi    tableapi -parameters -sourcepath "$HERE/ptfs/src" & pids+=($!)
build udfs        udfs -parameters -sourcepath "$HERE/udfs/stubs" -implicit:none & pids+=($!)
failed=()
for i in "${!pids[@]}"; do wait "${pids[$i]}" || failed+=("${names[$i]}"); done
if [ ${#failed[@]} -gt 0 ]; then
  # One broken input (often the shim) breaks every JAR: show the first log only.
  echo "build-jars.sh: javac failed for: ${failed[*]/%/.jar}" >&2
  echo "build-jars.sh: first lines of $TMP/${failed[0]}.log:" >&2
  head -n 30 "$TMP/${failed[0]}.log" >&2
  exit 1
fi

# bench10.jar: the benchmark describes exactly 10 PTFs; the seed pages hold exactly 10.
n=$(grep -lE 'extends ProcessTableFunction' $(cat "$TMP/seeds.sources") | wc -l)
[ "$n" -eq 10 ] || die "bench10.jar needs 10 PTF classes, compat/seeds has $n"
cp -f "$OUT/seeds.jar" "$OUT/bench10.jar"

rm -rf "$TMP"

#!/usr/bin/env bash
# Builds the JARs of a "real project" into BUILD/compat/fatjar/, the three ways users ship PTFs
# that depend on third-party libraries (Apache Commons Lang from Debian's libcommons-lang3-java;
# ASM from libasm-java, a library ptfhost's own bridge uses too):
#
#   fatjar.jar                 the PTF classes plus both libraries unpacked into the same JAR, as
#                              maven-shade-plugin / the assembly plugin make it (the libraries'
#                              manifests and module-info dropped, LICENSE/NOTICE and poms kept)
#   lib/product-titles.jar     the PTF classes alone, and next to it
#   lib/commons-lang3.jar      the library JAR, as `mvn dependency:copy-dependencies` leaves them
#   fatjar-flink.jar           fatjar.jar plus Flink API classes packaged by mistake
#                              (flink-table-common without <scope>provided</scope>): decoys from
#                              decoy/src that fail if they are ever initialised
#
# Called by compat/build-jars.sh; skipped when every output is newer than its inputs.
# PTFHOST_COMMONS_LANG3 and PTFHOST_ASM override the libraries' paths.
set -euo pipefail
BUILD=${1:?usage: compat/fatjar/build.sh BUILD_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$BUILD/compat/fatjar
SHIM=$BUILD/java/ptfhost-shim.jar
LANG3=${PTFHOST_COMMONS_LANG3:-/usr/share/java/commons-lang3.jar}
ASM=${PTFHOST_ASM:-/usr/share/java/asm.jar}
RELEASE=17

die() { echo "compat/fatjar/build.sh: $*" >&2; exit 1; }
[ -f "$SHIM" ] || die "shim JAR $SHIM not found (build javashim first: ./build.sh)"
[ -f "$LANG3" ] || die "$LANG3 not found: install libcommons-lang3-java (or set PTFHOST_COMMONS_LANG3)"
[ -f "$ASM" ] || die "$ASM not found: install libasm-java (or set PTFHOST_ASM)"

OUTPUTS=("$OUT/fatjar.jar" "$OUT/fatjar-flink.jar" "$OUT/lib/product-titles.jar" "$OUT/lib/commons-lang3.jar")
stale() {
  local o
  for o in "${OUTPUTS[@]}"; do
    [ -f "$o" ] || return 0
    [ -z "$(find "$HERE/src" "$HERE/decoy" "$HERE/build.sh" "$SHIM" "$LANG3" "$ASM" -newer "$o" -print -quit)" ] || return 0
  done
  return 1
}
stale || exit 0

TMP=$OUT/tmp
rm -rf "${TMP:?}" "${OUT:?}/lib"
mkdir -p "$TMP/ptf" "$TMP/decoy" "$TMP/fat" "$OUT/lib"
log=$TMP/javac.log
compile() { # compile SRC_DIR CLASSES_DIR [javac flags...]
  local src=$1 classes=$2; shift 2
  find "$src" -name '*.java' | sort >"$classes.sources"
  javac --release "$RELEASE" "$@" -encoding UTF-8 -Xlint:none -nowarn -d "$classes" @"$classes.sources" >>"$log" 2>&1 ||
    { head -n 30 "$log" >&2; die "javac failed for $src"; }
}
# Against the shim and the library, as a user compiles against flink-table-common (provided) and commons-lang3.
compile "$HERE/src" "$TMP/ptf" -parameters -cp "$SHIM:$LANG3"
# The decoys compile on their own: they must not see the shim's classes of the same names.
compile "$HERE/decoy/src" "$TMP/decoy"

jar --create --file "$OUT/lib/product-titles.jar" -C "$TMP/ptf" .
cp -f "$LANG3" "$OUT/lib/commons-lang3.jar"

# Shade: unpack the libraries, drop what shade drops (manifests, module descriptors, signatures), add our classes.
(cd "$TMP/fat" && jar --extract --file "$LANG3" && jar --extract --file "$ASM")
rm -f "$TMP/fat/META-INF/MANIFEST.MF" "$TMP/fat/META-INF/"*.SF "$TMP/fat/META-INF/"*.RSA "$TMP/fat/META-INF/"*.DSA
find "$TMP/fat" -name module-info.class -delete
cp -R "$TMP/ptf/." "$TMP/fat/"
jar --create --file "$OUT/fatjar.jar" -C "$TMP/fat" .
cp -R "$TMP/decoy/." "$TMP/fat/"
jar --create --file "$OUT/fatjar-flink.jar" -C "$TMP/fat" .

# Sanity: the fat JARs really hold the library, and the Flink one the decoys.
jar --list --file "$OUT/fatjar.jar" >"$TMP/fat.list"
grep -qx 'org/apache/commons/lang3/StringUtils.class' "$TMP/fat.list" || die "fatjar.jar lacks StringUtils"
grep -qx 'org/objectweb/asm/ClassReader.class' "$TMP/fat.list" || die "fatjar.jar lacks ASM's ClassReader"
jar --list --file "$OUT/fatjar-flink.jar" | grep -qx 'org/apache/flink/types/Row.class' || die "fatjar-flink.jar lacks the decoy Row"
rm -rf "$TMP"

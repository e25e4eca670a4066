#!/usr/bin/env bash
# ptfhost build driver.
#   ./build.sh         install what is missing, build the Java shim, the compat JARs and the C program
#   ./build.sh test    the same, then run every test (C unit tests, Java tests, CLI and compat tests)
#   ./build.sh bench   the same, then run the benchmarks in bench/
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
BUILD=${PTFHOST_BUILD_DIR:-$ROOT/build}   # a helper working in parallel may use its own

PKGS=(gcc make cmake pkg-config openjdk-17-jdk-headless maven maven-debian-helper
      libmaven-compiler-plugin-java libmaven-jar-plugin-java libmaven-resources-plugin-java
      libmaven-install-plugin-java libsurefire-java libasm-java
      libcjson-dev librdkafka-dev kcat check jq libcommons-lang3-java libxml2-utils valgrind)

install_missing() {
  local missing=()
  for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "build.sh: missing Debian packages: ${missing[*]}" >&2
    echo "build.sh: run as root, or: sudo apt-get install ${missing[*]}" >&2
    exit 2
  fi
  echo "build.sh: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

find_java_home() {
  if [ -n "${JAVA_HOME:-}" ] && [ -f "$JAVA_HOME/include/jni.h" ]; then echo "$JAVA_HOME"; return; fi
  for d in /usr/lib/jvm/java-17-openjdk-* /usr/lib/jvm/default-java; do
    [ -f "$d/include/jni.h" ] && { echo "$d"; return; }
  done
  echo "build.sh: no JDK with include/jni.h found (install openjdk-17-jdk-headless)" >&2; exit 2
}

build_java() {
  mvn -o -q -s /etc/maven/settings-debian.xml -f "$ROOT/pom.xml" -Dptf.build="$BUILD" package -DskipTests
  mkdir -p "$BUILD/java/lib"
  cp -f /usr/share/java/asm.jar "$BUILD/java/lib/asm.jar"
  "$ROOT/compat/build-jars.sh" "$BUILD"
}

build_c() {
  cmake -S "$ROOT" -B "$BUILD" -DJAVA_HOME="$JAVA_HOME" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" >/dev/null
  cmake --build "$BUILD" -j"$(nproc)"
}

# A class-data-sharing archive of the JDK and shim classes that describe loads, for
# jni/jb_vm.c to map at JVM start (-XX:SharedArchiveFile); none is no error.
build_cds() {
  local jsa="$BUILD/java/ptfhost.jsa" list="$BUILD/java/ptfhost.classlist"
  rm -f "$jsa" "$list"
  PTFHOST_JVM_OPTS="-XX:DumpLoadedClassList=$list" "$BUILD/ptfhost" describe --jar "$BUILD/compat/bench10.jar" \
    >/dev/null 2>&1 &&
  java -Xshare:dump -XX:SharedClassListFile="$list" -XX:SharedArchiveFile="$jsa" \
    -cp "$BUILD/java/ptfhost-shim.jar:$BUILD/java/lib/asm.jar" >"$BUILD/java/ptfhost.jsa.log" 2>&1 ||
    { rm -f "$jsa"; echo "build.sh: no class-data-sharing archive (see $BUILD/java/ptfhost.jsa.log)" >&2; }
}

install_missing
export JAVA_HOME=$(find_java_home)
export PATH="$JAVA_HOME/bin:$PATH"
build_java
build_c
build_cds

case "${1:-}" in
  "") ;;
  test)  (cd "$BUILD" && ctest --output-on-failure -j"$(nproc)") ;;
  bench)
    # The Java baseline B0 (bench/java/Baseline.java) against the shim and the seed JAR.
    mkdir -p "$BUILD/bench/baseline"
    javac -d "$BUILD/bench/baseline" -cp "$BUILD/java/ptfhost-shim.jar:$BUILD/compat/seeds.jar" \
      "$ROOT/bench/java/Baseline.java"
    "$ROOT/bench/run.sh" "$BUILD" ;;
  *) echo "usage: ./build.sh [test|bench]" >&2; exit 2 ;;
esac

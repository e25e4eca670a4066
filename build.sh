#!/usr/bin/env bash
# ptfhost build driver.
#   ./build.sh         install what is missing, build the Java shim, the compat JARs and the C program
#   ./build.sh test    the same, then run every test (C unit tests, Java tests, CLI and compat tests)
#   ./build.sh bench   the same, then run the benchmarks in bench/
#   ./build.sh fuzz [SECONDS]  the same, then build fuzz/ with clang (installed if missing) and run
#                      each libFuzzer target SECONDS (default 60) from the seeds of fuzz/seeds.sh
#   ./build.sh asan    the same, then build with ASan+UBSan in its own folder ($PTFHOST_BUILD_DIR/asan)
#                      and run the unit, JVM and CLI suites there; a sanitizer report fails it
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
BUILD=${PTFHOST_BUILD_DIR:-$ROOT/build}   # a helper working in parallel may use its own

PKGS=(gcc make cmake pkg-config openjdk-17-jdk-headless maven maven-debian-helper
      libmaven-compiler-plugin-java libmaven-jar-plugin-java libmaven-resources-plugin-java
      libmaven-install-plugin-java libsurefire-java libasm-java
      libcjson-dev librdkafka-dev libpcre2-dev kcat check jq libcommons-lang3-java libxml2-utils valgrind libreadline-dev tmux)

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

# A class-data-sharing archive of the JDK and shim classes that describe and a small job
# load, for jni/jb_vm.c to map at JVM start (-XX:SharedArchiveFile); none is no error.
# The stamp holds "SIZE MTIME" of each class path JAR: jb_vm.c maps the archive only
# while they are the JARs it was dumped for (the JVM would refuse all of it).
build_cds() {
  local jsa="$BUILD/java/ptfhost.jsa" list="$BUILD/java/ptfhost.classlist" job="$BUILD/java/cds-job"
  local jars=("$BUILD/java/ptfhost-shim.jar" "$BUILD/java/lib/asm.jar")
  rm -rf "$jsa" "$jsa.stamp" "$list" "$job" && mkdir -p "$job"
  # The job: a keyed PTF with state and a stateless one with a scalar argument, one row each
  # (the runner's, codec's and ASM's classes; the generated classes cannot be archived).
  echo '{"user_id": 1, "url": "/p0", "sensor_id": 1, "value": 2.0}' >"$job/in.json"
  cat >"$job/job.sql" <<SQL
CREATE FUNCTION cc AS 'com.example.CountClicks' USING JAR '$BUILD/compat/seeds.jar';
CREATE FUNCTION tf AS 'com.example.ThresholdFilter' USING JAR '$BUILD/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'in.json', 'format' = 'json');
CREATE TABLE values_in (sensor_id INT, \`value\` DOUBLE) WITH ('connector' = 'filesystem', 'path' = 'in.json', 'format' = 'json');
CREATE TABLE out1 (a INT, b STRING, c BIGINT) WITH ('connector' = 'filesystem', 'path' = 'out1.csv', 'format' = 'csv');
CREATE TABLE out2 (a INT, b DOUBLE, c BOOLEAN) WITH ('connector' = 'filesystem', 'path' = 'out2.csv', 'format' = 'csv');
INSERT INTO out1 SELECT * FROM cc(input => TABLE clicks PARTITION BY user_id);
INSERT INTO out2 SELECT * FROM tf(input => TABLE values_in PARTITION BY sensor_id, threshold => 1.0);
SQL
  PTFHOST_JVM_OPTS="-XX:DumpLoadedClassList=$list.describe" "$BUILD/ptfhost" describe --jar "$BUILD/compat/bench10.jar" \
    >/dev/null 2>&1 &&
  PTFHOST_JVM_OPTS="-XX:DumpLoadedClassList=$list.run" "$BUILD/ptfhost" run "$job/job.sql" >/dev/null 2>&1 &&
  awk '!/^#/ && !seen[$0]++' "$list.describe" "$list.run" >"$list" &&
  java -Xshare:dump -XX:SharedClassListFile="$list" -XX:SharedArchiveFile="$jsa" \
    -cp "${jars[0]}:${jars[1]}" >"$BUILD/java/ptfhost.jsa.log" 2>&1 &&
  stat -c '%s %Y' "${jars[@]}" >"$jsa.stamp" ||
    { rm -f "$jsa" "$jsa.stamp"; echo "build.sh: no class-data-sharing archive (see $BUILD/java/ptfhost.jsa.log)" >&2; }
  rm -rf "$list.describe" "$list.run" "$job"
}

# ---- fuzz: clang and libFuzzer, for this target only --------------------------
FUZZ_TARGETS=(fuzz_sql fuzz_type fuzz_json fuzz_json_paths fuzz_debezium fuzz_csv fuzz_case_text fuzz_case_json fuzz_batch)

run_fuzz() {
  local secs=${1:-60} out=$BUILD/fuzz
  local PKGS=(clang); install_missing
  cmake -S "$ROOT" -B "$out/build" -DJAVA_HOME="$JAVA_HOME" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang \
    -DPTF_FUZZ=ON -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -O1" \
    >/dev/null
  cmake --build "$out/build" -j"$(nproc)" --target fuzz_all
  "$ROOT/fuzz/seeds.sh" "$ROOT" "$out"
  mkdir -p "$out/artifacts"
  local t found=0
  for t in "${FUZZ_TARGETS[@]}"; do
    mkdir -p "$out/$t.grown"
    nice -n 19 "$out/build/fuzz/$t" -max_total_time="$secs" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$out/artifacts/$t-" "$out/$t.grown" "$out/seeds/$t" >"$out/$t.log" 2>&1 || found=1
    echo "fuzz: $t: $(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log") executions in ${secs} s" \
         "$(grep -q 'ERROR: \|SUMMARY: \|deadly signal' "$out/$t.log" && echo "- FINDING, see $out/$t.log")"
  done
  return $found
}

# ---- asan: the unit, JVM and CLI suites under AddressSanitizer and UBSan ------------
# A process stops at its first report: ASan always, UBSan by -fno-sanitize-recover
# (exit 1, report on stderr: gcc's libubsan beside ASan ignores log_path). ASan's
# reports also go to files in $out/sanitizer-logs (log_path), so one fails the run
# even where a test only asks for a non-zero exit.
asan_suite() {   # asan_suite CTEST-REGEX ASAN_OPTIONS
  (cd "$out" && CK_TIMEOUT_MULTIPLIER=10 UBSAN_OPTIONS=print_stacktrace=1 \
     ASAN_OPTIONS="$2:log_path=$logs/asan" ctest --output-on-failure -j"$(nproc)" -R "$1")
}

run_asan() {
  local out=$BUILD/asan logs=$BUILD/asan/sanitizer-logs failed=0
  cmake -S "$ROOT" -B "$out" -DJAVA_HOME="$JAVA_HOME" -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1" \
    >/dev/null
  cmake --build "$out" -j"$(nproc)"
  # The JARs of the normal build (the JVM suites and scripts find them through PTFHOST_BUILD).
  rm -rf "$out/java" "$out/compat" "$logs" && cp -r "$BUILD/java" "$BUILD/compat" "$out/" && mkdir -p "$logs"
  asan_suite '^unit/' detect_leaks=1 || failed=1
  # HotSpot and ASan share the process: ASan leaves SEGV (HotSpot's safepoints use it) to
  # the JVM, and leaks are not checked (the JVM's own allocations live to the end).
  local hotspot=handle_segv=0:allow_user_segv_handler=1:detect_leaks=0
  asan_suite '^jvm/' "$hotspot" || failed=1
  asan_suite '^cli/' "$hotspot" || failed=1
  if [ -n "$(ls -A "$logs")" ]; then
    echo "asan: sanitizer reports in $logs:" >&2
    head -n 40 "$logs"/* >&2
    failed=1
  fi
  return $failed
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
  fuzz)  run_fuzz "${2:-60}" ;;
  asan)  run_asan ;;
  *) echo "usage: ./build.sh [test|bench|fuzz [SECONDS]|asan]" >&2; exit 2 ;;
esac

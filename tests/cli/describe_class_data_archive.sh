#!/usr/bin/env bash
# ptfhost describe maps the class-data-sharing archive that build.sh dumps beside
# the shim (java/ptfhost.jsa): the bridge's classes come from it. Without it, or
# with one dumped for another copy of the shim JAR (which the JVM would refuse
# whole), describe prints the same output and exit code, nothing on stderr, and
# the JDK's classes still come from the JDK's own archive. A JVM log file in
# PTFHOST_JVM_OPTS gets the lines of the JVM's start too.
set -uo pipefail
P=${PTFHOST:?}
B=${PTFHOST_BUILD:?}
JAR=$B/compat/seeds.jar
fail=0
say_fail() { echo "FAIL: $*"; fail=1; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
for f in "$B/java/ptfhost.jsa" "$B/java/ptfhost.jsa.stamp" "$B/java/ptfhost-shim.jar" "$B/java/lib/asm.jar" "$JAR"; do
  [ -f "$f" ] || { echo "FAIL: $f not built (./build.sh)"; exit 1; }
done

# run NAME HOME: describe with PTFHOST_HOME=HOME; stdout and exit code to W/NAME.out,
# the class loading log to W/NAME.log; stderr must stay empty.
run() {
  PTFHOST_HOME=$2 PTFHOST_JVM_OPTS="-Xlog:class+load:file=$W/$1.log" \
    "$P" describe --jar "$JAR" >"$W/$1.out" 2>"$W/$1.err"
  echo "exit $?" >>"$W/$1.out"
  [ -s "$W/$1.err" ] && say_fail "$1: stderr: $(head -c 500 "$W/$1.err")"
}
shared() { grep -q "io.ptfhost.bridge.extract.Describer source: shared objects file" "$W/$1.log"; }
jdk_shared() { grep -q "java.lang.Object source: shared objects file" "$W/$1.log"; }

run built "$B"
grep -q "^exit 0$" "$W/built.out" || say_fail "built: $(tail -1 "$W/built.out"), want exit 0"
grep -q "^10 functions: 10 valid, 0 invalid$" "$W/built.out" || say_fail "built: not the seeds' 10 valid PTFs"
shared built || say_fail "built: the bridge's classes do not come from $B/java/ptfhost.jsa"
# the log file starts with the JVM's first classes (written while the JVM was being created)
jdk_shared built || say_fail "built: the class loading log lacks the JVM's start"

mkdir -p "$W/none/java/lib" "$W/stale/java/lib"
cp "$B/java/ptfhost-shim.jar" "$W/none/java/" && cp "$B/java/lib/asm.jar" "$W/none/java/lib/"
run none "$W/none"
shared none && say_fail "none: classes from an archive that is not there"
jdk_shared none || say_fail "none: the JDK's classes do not come from the JDK's archive"
cmp -s "$W/built.out" "$W/none.out" ||
  { say_fail "no archive: describe prints differently"; diff "$W/built.out" "$W/none.out" | head -20; }

cp "$B/java/ptfhost-shim.jar" "$B/java/ptfhost.jsa" "$B/java/ptfhost.jsa.stamp" "$W/stale/java/" && cp "$B/java/lib/asm.jar" "$W/stale/java/lib/"
touch -d "2001-01-01" "$W/stale/java/ptfhost-shim.jar"   # not the JAR the archive was dumped for
run stale "$W/stale"
shared stale && say_fail "stale: the JVM took classes from an archive of another shim JAR"
jdk_shared stale || say_fail "stale: the JDK's classes do not come from the JDK's archive"
cmp -s "$W/built.out" "$W/stale.out" ||
  { say_fail "stale archive: describe prints differently"; diff "$W/built.out" "$W/stale.out" | head -20; }

[ $fail = 0 ] && echo "PASS: describe with, without and with a stale class-data-sharing archive"
exit $fail

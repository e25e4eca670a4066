#!/usr/bin/env bash
# ptfhost describe: bad input is a clear message and exit code 2, before any JVM starts.
set -uo pipefail
P=${PTFHOST:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

# expect CODE MESSAGE-SUBSTRING -- ARGS...: runs describe, checks exit code and stderr.
expect() {
  local code=$1 msg=$2; shift 3
  local out rc
  out=$("$P" describe "$@" 2>&1 >/dev/null); rc=$?
  if [ "$rc" != "$code" ]; then echo "FAIL: describe $*: exit $rc, want $code; stderr: $out"; fail=1; return; fi
  if [[ "$out" != *"$msg"* ]]; then echo "FAIL: describe $*: stderr lacks '$msg': $out"; fail=1; return; fi
  echo "ok: describe $* -> $code"
}

printf 'hello, not a zip\n' >"$T/text.jar"
: >"$T/empty.jar"
mkdir "$T/nojars" "$T/mixed"
printf 'x' >"$T/nojars/readme.txt"
printf 'PK\003\004' >"$T/mixed/a.jar"
printf 'nope' >"$T/mixed/b.jar"

expect 2 "cannot read '$T/missing.jar': No such file or directory" -- --jar "$T/missing.jar"
expect 2 "'$T/text.jar' is not a JAR: it does not start with a zip header" -- --jar "$T/text.jar"
expect 2 "'$T/empty.jar' is not a JAR: the file is empty" -- --jar "$T/empty.jar"
expect 2 "folder '$T/nojars' holds no .jar files" -- --jar "$T/nojars"
expect 2 "'$T/mixed/b.jar' is not a JAR" -- --jar "$T/mixed"
expect 2 "--jar is required" -- --class com.example.X
expect 2 "option '--jar' needs a value" -- --jar
expect 2 "unknown option '--bogus'" -- --bogus
expect 2 "unexpected argument 'stray'" -- --jar "$T/mixed/a.jar" stray
expect 2 "option '--json' takes no value" -- --json=yes --jar "$T/mixed/a.jar"

# The JVM side: a missing shim JAR and a bad JVM option are I/O errors too.
export PTFHOST_HOME=$T
expect 2 "the bridge's Java half is missing: cannot read $T/java/ptfhost-shim.jar" -- --jar "$T/mixed/a.jar"
unset PTFHOST_HOME
PTFHOST_JVM_OPTS=-Xno-such-option expect 2 "cannot create the JVM" -- --jar "$T/mixed/a.jar"
PTFHOST_JVM_OPTS=-Xno-such-option expect 2 "(check PTFHOST_JVM_OPTS)" -- --jar "$T/mixed/a.jar"
exit $fail

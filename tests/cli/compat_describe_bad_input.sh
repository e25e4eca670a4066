#!/usr/bin/env bash
# Bad input gives one clear message and never a crash. Each class of compat/errors (errors.jar)
# is a PTF that Flink rejects: describe exits 1 with Flink's message chain
# (compat/expected/describe-errors/CLASS.err) plus a one-line fix, in JSON and in the text output.
# A missing file, a file that is not a JAR, and a class that is not in the JAR exit 2 with a
# message that names what is wrong.
set -uo pipefail
. "$PTFHOST_ROOT/compat/tools/describe_lib.sh"
require_jar errors.jar
JAR=$JARS/errors.jar

for exp in "$COMPAT"/expected/describe-errors/*.err; do
  name=$(basename "$exp" .err)
  cls=com.example.errors.$name
  describe "$JAR" "$cls" "$WORK/$name"
  check_invalid "errors.jar --class $cls" "$WORK/$name" "$cls" "$exp"

  # Text form: same exit status; the last plain line of the expectation (the root cause) is shown.
  rc=0
  "$PTFHOST" describe --jar "$JAR" --class "$cls" >"$WORK/$name.txt" 2>&1 || rc=$?
  leaf=$(grep -v -e '^#' -e '^%' -e '^re:' -e '^$' "$exp" | tail -n 1)
  if [ "$rc" != 1 ]; then
    fail "text describe $cls: exit $rc, expected 1"
  elif [ -n "$leaf" ] && ! grep -qF -- "$leaf" "$WORK/$name.txt"; then
    fail "text describe $cls: output lacks '$leaf'; got: $(head -c 600 "$WORK/$name.txt")"
  else
    pass
  fi
done

# Every source in compat/errors has an expectation.
for src in "$COMPAT"/errors/src/com/example/errors/*.java; do
  [ -f "$COMPAT/expected/describe-errors/$(basename "$src" .java).err" ] && pass ||
    fail "no expectation for $(basename "$src")"
done

# The whole errors.jar: exit 1, still valid JSON, nothing reported valid.
describe "$JAR" "" "$WORK/all"
[ "$(cat "$WORK/all.rc")" = 1 ] && pass || fail "errors.jar: exit $(cat "$WORK/all.rc"), expected 1"
if $FLAT "$WORK/all.json" >"$WORK/all.flat" 2>/dev/null; then
  grep -q '^functions\[[0-9]*\]\.valid=true' "$WORK/all.flat" &&
    fail "errors.jar: a bad-input class was reported valid" || pass
else
  fail "errors.jar: output is not JSON: $(head -c 300 "$WORK/all.json")"
fi

# usage_error LABEL NEEDLE ARGS...: exit 2 and the output names NEEDLE.
usage_error() {
  local label=$1 needle=$2 rc=0; shift 2
  "$PTFHOST" describe "$@" >"$WORK/u.out" 2>&1 || rc=$?
  if [ "$rc" != 2 ]; then
    fail "$label: exit $rc, expected 2; output: $(head -c 400 "$WORK/u.out")"
  elif ! grep -qF -- "$needle" "$WORK/u.out"; then
    fail "$label: message does not name '$needle': $(head -c 400 "$WORK/u.out")"
  else
    pass
  fi
}
usage_error "missing file" "$WORK/nope.jar" --jar "$WORK/nope.jar"
printf 'not a zip archive\n' >"$WORK/text.jar"
usage_error "not a JAR" "$WORK/text.jar" --jar "$WORK/text.jar"
usage_error "not a JAR (--json)" "$WORK/text.jar" --jar "$WORK/text.jar" --json
usage_error "class not found" "com.example.errors.DoesNotExist" --jar "$JAR" --class com.example.errors.DoesNotExist
usage_error "no --jar" "--jar"
finish

#!/usr/bin/env bash
# The seed classes compiled with plain `javac` (seeds-plain.jar: neither -parameters nor -g, so
# the class files carry no parameter names at all). Exactly the classes whose state entries have
# no @StateHint(name) fail, with Flink's "Unable to extract names for all state entries."
# (compat/expected/describe-plain/CLASS.err); LongViews and CountClicks name everything
# explicitly and describe as with -parameters; ThresholdFilter has no state and gets Flink's
# positional argument names (describe-plain/ThresholdFilter.txt).
set -uo pipefail
. "$PTFHOST_ROOT/compat/tools/describe_lib.sh"
require_jar seeds-plain.jar
JAR=$JARS/seeds-plain.jar

# "plain javac": no MethodParameters and no LocalVariableTable in any seed class.
javap -v -cp "$JAR" $(seed_classes) >"$WORK/javap.txt" 2>&1 || fail "javap failed: $(head -3 "$WORK/javap.txt")"
grep -qE 'MethodParameters:|LocalVariableTable:' "$WORK/javap.txt" &&
  fail "seeds-plain.jar carries parameter names (not built with plain javac)" || pass

describe "$JAR" "" "$WORK/all"
# Some classes are invalid, so describing the whole JAR exits 1.
[ "$(cat "$WORK/all.rc")" = 1 ] && pass || fail "seeds-plain.jar: exit $(cat "$WORK/all.rc"), expected 1"

invalid=0
while read -r cls; do
  name=${cls##*.}
  describe "$JAR" "$cls" "$WORK/$name"
  if [ -f "$COMPAT/expected/describe-plain/$name.err" ]; then
    invalid=$((invalid + 1))
    check_invalid "seeds-plain.jar --class $cls" "$WORK/$name" "$cls" "$COMPAT/expected/describe-plain/$name.err"
  else
    exp=$COMPAT/expected/describe-plain/$name.txt
    [ -f "$exp" ] || exp=$COMPAT/expected/describe/$name.txt
    check_valid "seeds-plain.jar --class $cls" "$WORK/$name" "$cls" "$exp"
  fi
done < <(seed_classes)
[ "$invalid" -eq 7 ] && pass || fail "expected 7 seed classes to need bytecode names, found $invalid .err files"

# Text form: each rejected class is marked INVALID, followed by Flink's chain and one fix line.
rc=0
"$PTFHOST" describe --jar "$JAR" >"$WORK/all.text" 2>&1 || rc=$?
[ "$rc" = 1 ] && pass || fail "seeds-plain.jar text: exit $rc, expected 1"
for err in "$COMPAT"/expected/describe-plain/*.err; do
  cls=com.example.$(basename "$err" .err)
  awk -v c="$cls  INVALID" '$0 == c { on = 1 } on && $0 == "" { exit } on' "$WORK/all.text" >"$WORK/block"
  if ! grep -qxF "Unable to extract names for all state entries." "$WORK/block"; then
    fail "seeds-plain.jar text: no INVALID block with Flink's message for $cls"
  elif [ "$(grep -c '^fix: ' "$WORK/block")" != 1 ]; then
    fail "seeds-plain.jar text: $cls needs exactly one 'fix:' line"
  else
    pass
  fi
done
grep -qx '10 functions: 3 valid, 7 invalid' "$WORK/all.text" && pass ||
  fail "seeds-plain.jar text: no summary line '10 functions: 3 valid, 7 invalid'"
finish

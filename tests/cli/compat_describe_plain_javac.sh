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
finish

#!/usr/bin/env bash
# The seed classes compiled with `javac -g` but without -parameters (seeds-g.jar): reflection
# only sees arg0, arg1, ..., so names come from the LocalVariableTable as Flink reads it, and
# every class describes exactly as with -parameters (compat/expected/describe/CLASS.txt).
# MtControlStream matters most: javac lists its block-scoped locals (mode, payload) before the
# parameters in the table, and Flink (since FLINK-35498, 1.19.2/1.20) picks parameters by slot.
set -uo pipefail
. "$PTFHOST_ROOT/compat/tools/describe_lib.sh"
require_jar seeds-g.jar
JAR=$JARS/seeds-g.jar

# The JAR really has no MethodParameters attribute but has a LocalVariableTable.
javap -v -cp "$JAR" com.example.Median >"$WORK/javap.txt" 2>&1 || fail "javap failed: $(head -3 "$WORK/javap.txt")"
grep -q 'MethodParameters:' "$WORK/javap.txt" && fail "seeds-g.jar has MethodParameters (built with -parameters?)" || pass
grep -q 'LocalVariableTable:' "$WORK/javap.txt" && pass || fail "seeds-g.jar has no LocalVariableTable (built without -g?)"

# ... and MtControlStream's table really starts with a block-scoped local, not with "this".
javap -l -cp "$JAR" com.example.MtControlStream >"$WORK/mt.txt" 2>&1 || fail "javap MtControlStream failed"
first=$(awk '/public void eval/ { m = 1 } m && /LocalVariableTable/ { getline; getline; print $4; exit }' "$WORK/mt.txt")
[ -n "$first" ] && [ "$first" != this ] && pass ||
  fail "seeds-g.jar MtControlStream: expected a block local first in the LocalVariableTable, got '$first'"

describe "$JAR" "" "$WORK/all"
while read -r cls; do
  check_valid "seeds-g.jar $cls" "$WORK/all" "$cls" "$COMPAT/expected/describe/${cls##*.}.txt"
done < <(seed_classes)
finish

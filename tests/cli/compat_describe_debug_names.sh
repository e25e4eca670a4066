#!/usr/bin/env bash
# The seed classes compiled with `javac -g` but without -parameters (seeds-g.jar): reflection
# only sees arg0, arg1, ..., so names come from the LocalVariableTable as Flink reads it, and
# every class describes exactly as with -parameters (compat/expected/describe/CLASS.txt).
set -uo pipefail
. "$PTFHOST_ROOT/compat/tools/describe_lib.sh"
require_jar seeds-g.jar
JAR=$JARS/seeds-g.jar

# The JAR really has no MethodParameters attribute but has a LocalVariableTable.
javap -v -cp "$JAR" com.example.Median >"$WORK/javap.txt" 2>&1 || fail "javap failed: $(head -3 "$WORK/javap.txt")"
grep -q 'MethodParameters:' "$WORK/javap.txt" && fail "seeds-g.jar has MethodParameters (built with -parameters?)" || pass
grep -q 'LocalVariableTable:' "$WORK/javap.txt" && pass || fail "seeds-g.jar has no LocalVariableTable (built without -g?)"

describe "$JAR" "" "$WORK/all"
while read -r cls; do
  check_valid "seeds-g.jar $cls" "$WORK/all" "$cls" "$COMPAT/expected/describe/${cls##*.}.txt"
done < <(seed_classes)
finish

#!/usr/bin/env bash
# Every PTF class of both seed pages, compiled with `javac -parameters` (compat/seeds ->
# seeds.jar), describes with the signature Flink infers (compat/expected/describe/CLASS.txt),
# one class at a time with --class and all ten at once, in JSON and in the text form
# (compat/expected/describe-text/CLASS.txt).
set -uo pipefail
. "$PTFHOST_ROOT/compat/tools/describe_lib.sh"
require_jar seeds.jar
JAR=$JARS/seeds.jar

mapfile -t classes < <(seed_classes)
[ ${#classes[@]} -eq 10 ] || fail "expected the 10 seed classes in compat/seeds, found ${#classes[@]}"

for cls in "${classes[@]}"; do
  exp=$COMPAT/expected/describe/${cls##*.}.txt
  [ -f "$exp" ] || { fail "$cls: no expectation $exp"; continue; }
  describe "$JAR" "$cls" "$WORK/${cls##*.}"
  check_valid "seeds.jar --class $cls" "$WORK/${cls##*.}" "$cls" "$exp"
  # --class selects exactly that class
  n=$(grep -c '^functions\[[0-9]*\]\.class=' "$WORK/${cls##*.}.flat" 2>/dev/null)
  [ "${n:-0}" -eq 1 ] && pass || fail "seeds.jar --class $cls: ${n:-no} function entries, expected 1"
done

# The whole JAR: ten functions, all valid, none with a warning, exit 0.
describe "$JAR" "" "$WORK/all"
for cls in "${classes[@]}"; do
  check_valid "seeds.jar (all classes) $cls" "$WORK/all" "$cls" "$COMPAT/expected/describe/${cls##*.}.txt"
done
n=$(grep -c '^functions\[[0-9]*\]\.class=' "$WORK/all.flat" 2>/dev/null)
[ "${n:-0}" -eq 10 ] && pass || fail "seeds.jar: ${n:-no} function entries, expected 10"
if grep -E '^(functions\[[0-9]+\]\.)?warnings\[' "$WORK/all.flat" >"$WORK/all.warnings" 2>/dev/null; then
  fail "seeds.jar: unexpected warnings: $(cat "$WORK/all.warnings")"
else
  pass
fi

# The text form of the whole JAR: one block per class, then the summary line.
rc=0
"$PTFHOST" describe --jar "$JAR" >"$WORK/all.text" 2>"$WORK/all.text.err" || rc=$?
[ "$rc" = 0 ] && pass || fail "seeds.jar text: exit $rc; stderr: $(head -c 400 "$WORK/all.text.err")"
for cls in "${classes[@]}"; do
  check_text "seeds.jar text $cls" "$WORK/all.text" "$cls" "$COMPAT/expected/describe-text/${cls##*.}.txt"
done
grep -qx '10 functions: 10 valid, 0 invalid' "$WORK/all.text" && pass ||
  fail "seeds.jar text: no summary line '10 functions: 10 valid, 0 invalid'"
finish

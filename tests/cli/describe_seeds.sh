#!/usr/bin/env bash
# ptfhost describe on the seed PTFs (compat/seeds, built by compat/build-jars.sh):
# with -parameters every class describes with the signature Flink infers; with
# -g only the names come from debug info and the output is the same; with plain
# javac the classes whose state entries are named only by the bytecode fail
# with Flink's message and a fix line, the others still describe the same.
set -uo pipefail
P=${PTFHOST:?}
C=${PTFHOST_BUILD:?}/compat
fail=0
say_fail() { echo "FAIL: $*"; fail=1; }
has() { grep -qxF -- "$2" <<<"$1" || say_fail "$3: missing line: [$2]"; }
for j in seeds seeds-g seeds-plain; do
  [ -f "$C/$j.jar" ] || { echo "FAIL: $C/$j.jar not built (compat/build-jars.sh)"; exit 1; }
done

SYS="on_time => DESCRIPTOR, uid => STRING)"
params=$("$P" describe --jar "$C/seeds.jar" 2>&1); rc=$?
[ $rc = 0 ] || say_fail "seeds.jar: exit $rc, want 0"
for sig in \
  "ChangelogAuditor(input => {TABLE, SET SEMANTIC TABLE, SUPPORT UPDATES, REQUIRE UPDATE BEFORE}, $SYS" \
  "CountClicks(input => {TABLE, SET SEMANTIC TABLE}, $SYS" \
  "InactivityAlert(input => {TABLE, SET SEMANTIC TABLE, REQUIRE ON TIME}, $SYS" \
  "LongViews(input => {TABLE, ROW SEMANTIC TABLE}, min_view_time => INT NOT NULL, $SYS" \
  "Median(input => {TABLE, SET SEMANTIC TABLE}, numTrailing => INT, $SYS" \
  "MtControlStream(events => {TABLE, SET SEMANTIC TABLE}, control => {TABLE, SET SEMANTIC TABLE}, $SYS" \
  "PassThroughEnrich(input => {TABLE, SET SEMANTIC TABLE, PASS COLUMNS THROUGH}, $SYS" \
  "RunningMax(input => {TABLE, SET SEMANTIC TABLE}, $SYS" \
  "ThresholdFilter(input => {TABLE, SET SEMANTIC TABLE, PASS COLUMNS THROUGH}, threshold => DOUBLE, $SYS" \
  "TtlCountdown(input => {TABLE, SET SEMANTIC TABLE}, $SYS"; do
  has "$params" "  signature  $sig" seeds.jar
done
has "$params" "  columns    <PARTITION BY columns of input> | temperature DOUBLE | median DOUBLE | [rowtime]" seeds.jar
has "$params" "  columns    <PARTITION BY columns of input> | alert_type STRING | idle_ms BIGINT | rowtime" seeds.jar
has "$params" "  columns    <all columns of input> | EXPR\$0 BIGINT | [rowtime]" seeds.jar
has "$params" "  columns    url STRING | view_time INT | [rowtime]" seeds.jar
has "$params" "  columns    <PARTITION BY columns of events> | <PARTITION BY columns of control> | payload STRING | active_mode STRING | [rowtime]" seeds.jar
has "$params" "  changelog  in: input insert-only; out: ChangelogFunction (getChangelogMode() decides at planning)" seeds.jar
has "$params" "  changelog  in: input updates with -U; out: insert-only" seeds.jar
has "$params" "10 functions: 10 valid, 0 invalid" seeds.jar
[ "$(grep -c '^  on_timer   yes' <<<"$params")" = 1 ] || say_fail "seeds.jar: want exactly one PTF with onTimer"

# -g: names from the LocalVariableTable, the same description. Not for
# MtControlStream: Flink takes LVT entries in table order, and javac lists the
# body's locals (mode, payload) first there, so Flink itself names its
# parameters wrongly (extraction tests cover that quirk).
debug=$("$P" describe --jar "$C/seeds-g.jar" 2>&1); rc=$?
[ $rc = 0 ] || say_fail "seeds-g.jar: exit $rc, want 0"
without_mt() { awk '/^com\.example\.MtControlStream$/ {skip = 1; next} /^com\./ {skip = 0} !skip' <<<"$1"; }
[ "$(without_mt "$debug")" = "$(without_mt "$params")" ] ||
  { say_fail "seeds-g.jar describes differently from seeds.jar:"; diff <(without_mt "$params") <(without_mt "$debug"); }
[ "$(without_mt "$debug" | grep -c '^  signature ')" = 9 ] || say_fail "seeds-g.jar: want 9 compared signatures"

# plain javac: only the classes with a state entry named by the bytecode fail.
plain=$("$P" describe --jar "$C/seeds-plain.jar" --json 2>&1); rc=$?
[ $rc = 1 ] || say_fail "seeds-plain.jar: exit $rc, want 1"
want="com.example.ChangelogAuditor com.example.InactivityAlert com.example.Median com.example.MtControlStream com.example.PassThroughEnrich com.example.RunningMax com.example.TtlCountdown"
got=$(jq -r '[.functions[] | select(.valid == false) | .class] | sort | join(" ")' <<<"$plain")
[ "$got" = "$want" ] || say_fail "seeds-plain.jar invalid classes: [$got], want [$want]"
bad=$(jq -r '.functions[] | select(.valid == false) | .error | split("\n") | last' <<<"$plain" | sort -u)
[ "$bad" = "Unable to extract names for all state entries." ] || say_fail "seeds-plain.jar errors end with: [$bad]"
text=$("$P" describe --jar "$C/seeds-plain.jar" --class com.example.Median 2>&1)
has "$text" "com.example.Median  INVALID" seeds-plain.jar
has "$text" "Could not extract a valid type inference for function class 'com.example.Median'. Please check for implementation mistakes and/or provide a corresponding hint." seeds-plain.jar
grep -q '^fix: .*-parameters.*@StateHint(name' <<<"$text" || say_fail "seeds-plain.jar Median: no -parameters/@StateHint fix line: $text"
# Classes named entirely by hints describe exactly as with -parameters.
for c in CountClicks LongViews; do
  a=$("$P" describe --jar "$C/seeds.jar" --class com.example.$c)
  b=$("$P" describe --jar "$C/seeds-plain.jar" --class com.example.$c)
  [ "$a" = "$b" ] || say_fail "seeds-plain.jar $c differs from seeds.jar"
done
exit $fail

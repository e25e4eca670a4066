#!/usr/bin/env bash
# The demo job's PTF (compat/demo -> demo.jar) describes as Flink infers it
# (compat/expected/describe-demo/RunningCount.txt), with no warnings.
set -uo pipefail
. "$PTFHOST_ROOT/compat/tools/describe_lib.sh"
require_jar demo.jar
describe "$JARS/demo.jar" "" "$WORK/demo"
check_valid "demo.jar" "$WORK/demo" com.example.demo.RunningCount "$COMPAT/expected/describe-demo/RunningCount.txt"
n=$(grep -c '^functions\[[0-9]*\]\.class=' "$WORK/demo.flat" 2>/dev/null)
[ "${n:-0}" -eq 1 ] && pass || fail "demo.jar: ${n:-no} function entries, expected 1"
grep -q 'warnings\[' "$WORK/demo.flat" 2>/dev/null && fail "demo.jar: unexpected warnings" || pass
finish
